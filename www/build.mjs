// Bundles the page's JavaScript (CodeMirror included) into www/dist.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
await build({
  entryPoints: [join(here, "src/main.js")],
  bundle: true,
  format: "esm",
  minify: true,
  target: ["es2022"],
  outdir: join(here, "dist"),
  logLevel: "warning",
});
console.log("built www/dist/main.js");
