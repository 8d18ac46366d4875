// Bundles the page's JavaScript (CodeMirror included) into www/dist.
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));

// CodeMirror's styles go through style-mod, which writes them into a
// <style> element when the editor lives in a document (and into a
// constructed style sheet, adoptedStyleSheets, only inside a shadow root).
// The page's Content Security Policy (style-src 'self') refuses inline
// <style> elements but not constructed sheets, so style-mod is told to use
// constructed sheets for documents too. Browsers without
// document.adoptedStyleSheets (before Chrome 99, Firefox 101, Safari 16.4)
// still take the <style> path, which the policy then blocks.
const constructedStyleSheets = {
  name: "style-mod-constructed-sheets",
  setup(b) {
    b.onLoad({ filter: /[\\/]style-mod[\\/]src[\\/]style-mod\.js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const from = "if (!root.head && root.adoptedStyleSheets && win.CSSStyleSheet) {";
      if (!source.includes(from)) throw new Error(`style-mod changed: "${from}" not found in ${args.path}; see www/build.mjs`);
      return { contents: source.replace(from, "if (root.adoptedStyleSheets && win.CSSStyleSheet) {"), loader: "js" };
    });
  },
};

// boot.js is loaded by index.html before the bundle and must stay one
// module instance (it owns the worker), so the bundle imports it by URL.
const bootByUrl = {
  name: "boot-by-url",
  setup(b) {
    b.onResolve({ filter: /[\\/]boot\.js$/ }, () => ({ path: "../boot.js", external: true }));
  },
};

await build({
  entryPoints: [join(here, "src/main.js")],
  bundle: true,
  format: "esm",
  minify: !process.env.NO_MINIFY,
  target: ["es2022"],
  outdir: join(here, "dist"),
  logLevel: "warning",
  plugins: [constructedStyleSheets, bootByUrl],
});
console.log("built www/dist/main.js");
