// Widgets as documentation authors rely on them (Debian's chromium through
// playwright-core): a hundred on one page, slow ones among them, never give
// a false "took too long" or "differs"; hidden set-up, read-only lines, ^?
// queries, JSON output and the hcl-result event; malformed attributes are
// said inside the widget and only http(s) links are followed; widgets take
// the host page's colour scheme; and the script a page includes stays small.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { serve, launch, newPage, hangingWorker, root as www } from "./harness.mjs";

// The npm package as scripts/build-web lays it out.
const npm = fileURLToPath(new URL("../../target/npm/", import.meta.url));
const pages = {};

let site, browser, base;
before(async () => {
  site = await serve({ pages, mounts: { "/npm/": npm } });
  base = site.base;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  site?.close();
});

const page = (body, head = "") => `<!doctype html><html><head><meta charset="utf-8">${head}<script type="module" src="/embed.js"></script></head><body>${body}</body></html>`;
const escape = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

// ------------------------------------------------------------ under load

// Ten slow widgets (a sizeable for expression each) hold the worker while
// ninety trivial ones wait; one runaway widget, limited to 100 ms, never
// ends (its worker is made to hang: tests/browser/harness.mjs) and so is
// stopped, ending the worker while others wait behind it. No other widget
// may say "took too long" or "differs". (That a time limit is counted from
// when the worker takes the request is checked with a mock clock in
// tests/js/engine.test.mjs.)
const SLOW = "length(flatten([for i in range(300) : [for j in range(300) : i * j]]))";
const RUNAWAY = 'length([for i in range(10) : "__hang__"])';
const LOAD = Array.from({ length: 100 }, (_, i) => {
  if (i === 50) return { expr: RUNAWAY, limit: 100, runaway: true };
  if (i % 10 === 3) return { expr: SLOW, limit: 30000, expect: "90000" };
  return { expr: `${i} * 2`, expect: String(i * 2) };
});
pages["/load.html"] = page(
  LOAD.map((w) => `<hcl-playground${w.limit ? ` time-limit="${w.limit}"` : ""}${w.expect ? ` expect="${w.expect}"` : ""}>${escape(w.expr)}</hcl-playground>`).join("\n"),
);

test("a hundred widgets, slow ones and a runaway among them, give no false 'took too long' or 'differs' over repeated runs", async () => {
  for (let run = 0; run < 3; run++) {
    const tab = await newPage(browser, { width: 900, height: 600 });
    await hangingWorker(tab);
    await tab.goto(`${base}load.html`);
    // Every widget at once, as a reader jumping to the end of a long page.
    await tab.waitForFunction(() => document.querySelectorAll("hcl-playground").length === 100 && customElements.get("hcl-playground"));
    await tab.evaluate(() => document.querySelectorAll("hcl-playground").forEach((w) => w.activate()));
    await tab.waitForFunction(() => [...document.querySelectorAll("hcl-playground")].every((w) => w.dataset.runs));
    const shown = await tab.$$eval("hcl-playground", (els) => els.map((e) => ({ match: e.dataset.match, err: e.shadowRoot.querySelector("pre.e").textContent })));
    shown.forEach((w, i) => {
      if (LOAD[i].runaway) assert.equal(w.err, "Evaluation took too long and was stopped.", `run ${run}: the runaway widget`);
      else {
        assert.equal(w.err, "", `run ${run}: widget ${i} (${LOAD[i].expr}) shows an error`);
        assert.equal(w.match, "true", `run ${run}: widget ${i} (${LOAD[i].expr}) differs`);
      }
    });
    await tab.close();
  }
});

// ------------------------------------------------------------ authoring

test("hidden set-up with a toggle, ^? queries, read-only lines, JSON output and the hcl-result event", async () => {
  const tab = await newPage(browser, { width: 1000, height: 3000 });
  await tab.goto(`${base}docs/`);
  await tab.evaluate(() => ([...document.querySelectorAll("hcl-playground")].find((e) => e.textContent.includes("---cut---")).id = "with-setup"));
  const setup = tab.locator("#with-setup");
  await setup.scrollIntoViewIfNeeded();
  await tab.waitForFunction((el) => el.dataset.match === "true", await setup.elementHandle());
  assert.equal(await setup.locator("textarea").inputValue(), '[for s in servers : "${s.name}.${region}.example.com"]\n');
  assert.equal(await setup.locator("pre.s").isVisible(), false);
  await setup.locator("button").click();
  assert.equal(await setup.locator("pre.s").textContent(), 'region  = "eu-west-1"\nservers = [{ name = "web-1" }, { name = "db-1" }]');
  assert.equal(await setup.locator("button").textContent(), "Hide set-up (2 lines)");
  // Inside the for expression: the value each iteration gave, with the for
  // variable (the queries run after the result is shown).
  const queries = (el, want) => tab.waitForFunction(([e, w]) => e.shadowRoot.querySelector("pre.q").textContent === w, [el, want]);
  await queries(await setup.elementHandle(), 's.name:\n  s = { "name" = "web-1" } → "web-1" (string)\n  s = { "name" = "db-1" } → "db-1" (string)');

  const query = tab.locator('hcl-playground[data-vars*="PROD"]');
  await tab.waitForFunction((el) => el.dataset.match === "true", await query.elementHandle());
  await queries(await query.elementHandle(), 'join("-", [env, "web"]): "PROD-web" (string)');

  // Read-only lines: an edit there is undone; the rest stays editable.
  const locked = tab.locator('hcl-playground[console="local.name"]');
  await tab.waitForFunction((el) => el.dataset.match === "true", await locked.elementHandle());
  const area = locked.locator("textarea");
  const before = await area.inputValue();
  await area.focus();
  await tab.evaluate((el) => el.shadowRoot.querySelector("textarea").setSelectionRange(20, 20), await locked.elementHandle());
  await tab.keyboard.type("X");
  assert.equal(await area.inputValue(), before, "a read-only line took an edit");
  assert.match(await locked.locator(".m").textContent(), /read-only: lines 1–3/);
  const events = await tab.evaluateHandle(() => {
    const seen = [];
    document.addEventListener("hcl-result", (e) => seen.push(e.detail));
    return seen;
  });
  await tab.evaluate((el) => {
    const t = el.shadowRoot.querySelector("textarea");
    t.setSelectionRange(t.value.indexOf("app-"), t.value.indexOf("app-") + 3);
  }, await locked.elementHandle());
  await tab.keyboard.type("svc");
  await tab.waitForFunction((el) => el.shadowRoot.querySelector(".r > pre").textContent === '"svc-prod"', await locked.elementHandle());
  assert.deepEqual(await events.evaluate((seen) => seen.at(-1)), { ok: true, output: '"svc-prod"', type: "string", errors: "", matches: false });

  const json = tab.locator('hcl-playground[data-output="json"]');
  await tab.waitForFunction((el) => el.dataset.match === "true", await json.elementHandle());
  assert.equal(await json.locator(".r > pre").first().textContent(), '{\n  "ports": [\n    80,\n    443\n  ]\n}');
  await tab.close();
});

// ------------------------------------------------------ attributes, links

pages["/attributes.html"] = page(`
<hcl-playground id="js" playground="javascript:alert(1)">1</hcl-playground>
<hcl-playground id="data" data-playground="data:text/html,x">1</hcl-playground>
<hcl-playground id="vars" vars='{"a": '>a</hcl-playground>
<hcl-playground id="profile" profile="terraform-0.11">1</hcl-playground>
<hcl-playground id="output" output="xml">1</hcl-playground>
<hcl-playground id="limit" time-limit="soon">1</hcl-playground>
<hcl-playground id="ok" playground="https://example.com/play/" expect="1">1</hcl-playground>`);

test("Waypoint's expressions page: every example gives its documented result under the page's waypoint profile", async () => {
  const tab = await newPage(browser, { width: 1000, height: 3000 });
  await tab.goto(`${base}docs/waypoint.html`);
  const count = await tab.locator("hcl-playground").count();
  assert.ok(count >= 30, `only ${count} widgets`);
  await tab.waitForFunction(() => [...document.querySelectorAll("hcl-playground")].every((e) => e.dataset.match !== undefined), null, { timeout: 60000 });
  const differing = await tab.evaluate(() =>
    [...document.querySelectorAll("hcl-playground")].filter((e) => e.dataset.match !== "true").map((e) => e.textContent.slice(0, 80)),
  );
  assert.deepEqual(differing, []);
  // Waypoint's own function, which Terraform lacks, answered in the page.
  const selector = tab.locator('hcl-playground:has-text("selectormatch")').first();
  assert.equal(await selector.evaluate((e) => e.dataset.match), "true");
  await tab.close();
});

test("malformed attributes are said inside the widget, and only http(s) playground links are followed", async () => {
  const tab = await newPage(browser);
  await tab.goto(`${base}attributes.html`);
  await tab.waitForFunction(() => document.querySelector("#ok")?.dataset.match === "true");
  const said = (id) => tab.evaluate((id) => document.getElementById(id).shadowRoot.querySelector("pre.e").textContent, id);
  const href = (id) => tab.evaluate((id) => document.getElementById(id).shadowRoot.querySelector("a").getAttribute("href"), id);
  assert.equal(await said("js"), 'Widget attribute error: The playground attribute must be an http(s) URL, not "javascript:alert(1)".');
  assert.equal(await href("js"), null);
  assert.match(await said("data"), /playground attribute must be an http\(s\) URL, not "data:text\/html,x"/);
  assert.equal(await href("data"), null);
  assert.match(await said("vars"), /^Widget attribute error: The vars attribute is not valid JSON: /);
  assert.equal(await said("profile"), 'Widget attribute error: The profile attribute must be "terraform" or "opentofu" or "hcl-2.14" or "waypoint", not "terraform-0.11".');
  assert.equal(await said("output"), 'Widget attribute error: The output attribute must be "console" or "json", not "xml".');
  assert.match(await said("limit"), /time-limit attribute must be a number of milliseconds/);
  assert.equal(await href("ok"), "https://example.com/play/");
  await tab.close();
});

// ---------------------------------------------------------------- theme

pages["/dark.html"] = page(
  `<hcl-playground id="auto">1</hcl-playground><hcl-playground id="light" theme="light">1</hcl-playground><p id="var">x</p>`,
  "<style>:root { color-scheme: dark; background: #111; }</style>",
);
pages["/plain.html"] = page(`<hcl-playground id="auto">1</hcl-playground><hcl-playground id="var" style="--hcl-color-scheme: dark">1</hcl-playground>`);

test("widgets follow the host page's colour scheme, an attribute or a CSS variable, not only the system's", async () => {
  const bg = (tab, id) => tab.evaluate((id) => getComputedStyle(document.getElementById(id).shadowRoot.querySelector(".w")).backgroundColor, id);
  const DARK = "rgb(30, 33, 40)";
  const LIGHT = "rgb(246, 247, 249)";
  // The system is dark; a page that does not say it is dark stays light.
  const tab = await newPage(browser, undefined, { colorScheme: "dark" });
  await tab.goto(`${base}plain.html`);
  await tab.waitForFunction(() => document.getElementById("var")?.shadowRoot);
  assert.equal(await bg(tab, "auto"), LIGHT);
  assert.equal(await bg(tab, "var"), DARK);
  await tab.goto(`${base}dark.html`);
  await tab.waitForFunction(() => document.getElementById("light")?.shadowRoot);
  assert.equal(await bg(tab, "auto"), DARK);
  assert.equal(await bg(tab, "light"), LIGHT);
  // The tour follows the system, page and widgets alike.
  await tab.goto(`${base}docs/`);
  await tab.waitForFunction(() => document.querySelector("hcl-playground")?.shadowRoot);
  assert.equal(await tab.evaluate(() => getComputedStyle(document.documentElement).colorScheme), "light dark");
  assert.equal(await tab.evaluate(() => getComputedStyle(document.querySelector("hcl-playground").shadowRoot.querySelector(".w")).backgroundColor), DARK);
  await tab.close();
});

// ------------------------------------------------------ the npm package

pages["/package.html"] = `<!doctype html><script type="module" src="/npm/embed.js"></script>
<hcl-playground expect='"2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"'>sha256("x")</hcl-playground>`;

test("the npm package's bundled embed.js and minified worker work, the full build included", async () => {
  const tab = await newPage(browser);
  const errors = [];
  tab.on("pageerror", (e) => errors.push(String(e)));
  await tab.goto(`${base}package.html`);
  await tab.waitForFunction(() => document.querySelector("hcl-playground")?.dataset.match === "true");
  assert.deepEqual(errors, []);
  await tab.close();
});

// ----------------------------------------------------------------- size

test("the script a page includes is at most 10 KB gzipped (the worker and WebAssembly aside)", async () => {
  // As scripts/build-web bundles it for the npm package.
  const out = await build({ entryPoints: [join(www, "embed.js")], bundle: true, format: "esm", minify: true, target: ["es2022"], write: false, legalComments: "none" });
  const gz = gzipSync(out.outputFiles[0].contents, { level: 9 }).length;
  console.log(`# embed.js bundled and minified: ${gz} bytes gzipped`);
  assert.ok(gz <= 10 * 1024, `${gz} bytes gzipped`);
});
