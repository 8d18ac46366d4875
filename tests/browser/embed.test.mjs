// The embeddable widgets in a real browser (Debian's chromium through
// playwright-core): every example of the demonstration page matches its
// documented result, the module downloads once, nothing loads before a
// widget comes into view and then every widget answers (a reader scrolling
// through the page on a phone or a desktop finds none left at "…"),
// editing one widget re-runs only that one, a widget's engine (profile)
// reaches its answer and its playground link, module widgets (named values
// or a console answer) open Module mode, the page without JavaScript
// still shows the code, nothing violates the pages' Content Security
// Policy, and the README's snippet works from a page in another directory
// on another origin under the policy the README gives hosts.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { inflateRawSync } from "node:zlib";
import { serve, launch, newPage } from "./harness.mjs";

const wasmDownloads = [];
// A long page whose only widgets are far below the fold.
const spacer = '<div style="height: 5000px">scroll down</div>';
const pages = {
  "/below.html": `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/embed.js"></script></head><body>${spacer}<hcl-playground expect="2">1 + 1</hcl-playground><hcl-playground expect="4">2 + 2</hcl-playground></body></html>`,
};

let site, other, browser, base;

before(async () => {
  site = await serve({
    pages,
    onRequest: (path) => {
      if (path.endsWith(".wasm")) wasmDownloads.push(path);
    },
  });
  base = site.base;
  browser = await launch();
});

after(async () => {
  await browser?.close();
  site?.close();
  other?.close();
});

// Before any script of the page: record Content Security Policy violations.
function watchPolicy() {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
}

const widgets = (page) => page.$$eval("hcl-playground", (els) => els.map((e) => ({ runs: e.dataset.runs, match: e.dataset.match })));

test("every example on the demonstration page matches its documented result, each build downloaded once", async () => {
  wasmDownloads.length = 0;
  const page = await newPage(browser, { width: 1000, height: 700 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addInitScript(watchPolicy);
  await page.goto(`${base}docs/`);
  await page.waitForFunction(() => document.querySelector("hcl-playground")?.dataset.runs);
  const initial = await widgets(page);
  assert.ok(initial.length >= 25, `only ${initial.length} widgets`);
  for (let i = 0; i < initial.length; i++) {
    await page.$$eval("hcl-playground", (els, i) => els[i].scrollIntoView(), i);
    await page.waitForFunction((i) => document.querySelectorAll("hcl-playground")[i].dataset.match !== undefined, i);
  }
  const done = await widgets(page);
  const mismatched = done.map((w, i) => (w.match === "true" ? null : i)).filter((i) => i !== null);
  assert.deepEqual(mismatched, [], "widgets whose live result differs from expect");
  // Each build once: the first module for every widget, the full build
  // for the page's module widgets (the first module leaves Module mode out).
  assert.deepEqual([...wasmDownloads].sort(), ["/pkg-full/hcl_playground_bg.wasm", "/pkg/hcl_playground_bg.wasm"]);
  assert.ok(await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content"));
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a widget's engine gives its answer, is named, and travels in its playground link", async () => {
  const page = await newPage(browser, { width: 1000, height: 700 });
  await page.goto(`${base}docs/`);
  const widget = page.locator('hcl-playground[data-profile="opentofu"]');
  await widget.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('hcl-playground[data-profile="opentofu"]').dataset.match === "true");
  assert.match(await widget.locator(".m").textContent(), /OpenTofu v1\./);
  // Widgets without a profile answer as Terraform and do not say so.
  await page.waitForFunction(() => document.querySelector("hcl-playground").dataset.runs);
  assert.doesNotMatch(await page.locator("hcl-playground").first().locator(".m").textContent(), /Terraform v/);
  await widget.locator("a").focus();
  await page.waitForFunction(() => document.querySelector('hcl-playground[data-profile="opentofu"]').shadowRoot.querySelector("a").href.includes("#v1."));
  const href = await widget.locator("a").getAttribute("href");
  const state = JSON.parse(inflateRawSync(Buffer.from(href.split("#v1.")[1], "base64url")).toString());
  assert.deepEqual(state, { e: 'urldecode("a%20b")', v: "{}", t: false, p: "opentofu" });
  // The playground opens it under that engine.
  await page.goto(href);
  await page.waitForFunction(() => document.querySelector('[data-testid="output"]').textContent === '"a b"');
  assert.equal(await page.inputValue('[data-testid="profile"]'), "opentofu");
  await page.close();
});

test("module widgets show the named values or one console answer, and open the playground in Module mode", async () => {
  const page = await newPage(browser, { width: 1000, height: 700 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${base}docs/`);
  const block = page.locator('hcl-playground[data-mode="module"]');
  const element = page.locator("hcl-playground[module][vars]");
  await block.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('hcl-playground[data-mode="module"]').dataset.match === "true");
  const shown = await block.locator(".r > pre").first().textContent();
  assert.match(shown, /^var\.name = "docs"\nlocal\.greeting = "Hello, docs!"\nlocal\.upper = "HELLO, DOCS!"\nrandom_pet\.web = \[/);
  assert.match(shown, /output\.ids = \[\n    \(known after apply\),/);
  assert.equal(await block.locator(".m span").first().textContent(), "5 named values");
  assert.equal(await block.locator("textarea").getAttribute("aria-label"), "Terraform module (editable)");
  await element.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector("hcl-playground[module][vars]").dataset.match === "true");
  assert.equal(await element.locator(".r > pre").first().textContent(), '"eu-west-1c"');
  assert.equal(await element.locator(".m span").first().textContent(), "Type: string");
  // An edit that breaks the module shows its errors and no longer matches.
  await element.locator("textarea").fill('variable "zones" {\n  type = list(string)\n}\n\nlocals {\n  x = var.nope\n}\n');
  await page.waitForFunction(() => document.querySelector("hcl-playground[module][vars]").dataset.match === "false");
  assert.match(await element.locator("pre.e").textContent(), /Reference to undeclared input variable/);
  await element.locator("textarea").fill('variable "zones" {\n  type = list(string)\n}\n\nresource "aws_subnet" "each" {\n  for_each          = toset(var.zones)\n  vpc_id            = "vpc-123"\n  availability_zone = "eu-west-1${each.key}"\n}\n');
  await page.waitForFunction(() => document.querySelector("hcl-playground[module][vars]").dataset.match === "true");
  // The playground link carries the mode, the variables format and the console line.
  await element.locator("a").focus();
  await page.waitForFunction(() => document.querySelector("hcl-playground[module][vars]").shadowRoot.querySelector("a").href.includes("#v1."));
  const href = await element.locator("a").getAttribute("href");
  const state = JSON.parse(inflateRawSync(Buffer.from(href.split("#v1.")[1], "base64url")).toString());
  assert.deepEqual(state, {
    e: 'variable "zones" {\n  type = list(string)\n}\n\nresource "aws_subnet" "each" {\n  for_each          = toset(var.zones)\n  vpc_id            = "vpc-123"\n  availability_zone = "eu-west-1${each.key}"\n}\n',
    v: 'zones = ["a", "c"]',
    t: false,
    m: "module",
    f: "tfvars",
    c: 'aws_subnet.each["c"].availability_zone',
  });
  await page.goto(href);
  await page.waitForFunction(() => document.querySelector('[data-testid="console-output"]')?.textContent === '> aws_subnet.each["c"].availability_zone\n"eu-west-1c"');
  assert.equal(await page.evaluate(() => window.hclPlayground.mode()), "module");
  assert.deepEqual(await page.$$eval('[data-testid="values"] li', (els) => els.map((e) => e.dataset.address)), ["var.zones", "aws_subnet.each"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("nothing loads before a widget comes into view; then every widget answers", async () => {
  // This page's own requests: the server's log also takes late ones of
  // pages an earlier test closed.
  const mine = [];
  const page = await newPage(browser, { width: 1000, height: 700 });
  page.on("request", (r) => mine.push(new URL(r.url()).pathname));
  await page.goto(`${base}below.html`);
  await page.waitForFunction(() => customElements.get("hcl-playground") && document.querySelectorAll("hcl-playground").length === 2);
  // The page is idle with nothing in view: no worker, no WebAssembly.
  await page.evaluate(() => new Promise((r) => requestIdleCallback(r)));
  assert.deepEqual(mine.filter((p) => /worker|\.wasm$/.test(p)), []);
  assert.deepEqual(await widgets(page), [{ runs: undefined, match: undefined }, { runs: undefined, match: undefined }]);
  await page.locator("hcl-playground").first().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll("hcl-playground")].every((w) => w.dataset.match === "true"));
  await page.close();
});

// Scrolled as the reader of the study did: steps of the wheel down to the
// page's height as it was when the scrolling began (widgets grow as they
// answer, so that is short of the end), and no widget is left at "…".
for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 800 }]) {
  test(`scrolling through the documentation at ${viewport.width}×${viewport.height} leaves no widget unanswered`, async () => {
    const page = await newPage(browser, viewport);
    await page.goto(`${base}docs/`);
    await page.waitForFunction(() => customElements.get("hcl-playground"));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const frames = (n) => page.evaluate((n) => new Promise((r) => { const step = (k) => (k ? requestAnimationFrame(() => step(k - 1)) : r()); step(n); }), n);
    for (let y = 0; y < height; y += 300) {
      await page.mouse.wheel(0, 300);
      // A reader's pace: a few frames per step, time for widgets to answer.
      await frames(3);
    }
    await page.waitForFunction(() => [...document.querySelectorAll("hcl-playground")].every((w) => w.dataset.match !== undefined));
    const shown = await page.$$eval("hcl-playground", (els) => els.map((w, i) => [i, w.dataset.match, w.shadowRoot.querySelector(".r > pre").textContent]));
    assert.deepEqual(shown.filter(([, match]) => match !== "true"), []);
    await page.close();
  });
}

test("editing one widget re-runs only that widget", async () => {
  const page = await newPage(browser, { width: 1000, height: 900 });
  await page.goto(`${base}docs/`);
  // Every widget runs once on its own (those in view, then the rest in the
  // background): wait for all of them, so that none is starting when the
  // edit is counted.
  await page.waitForFunction(() => [...document.querySelectorAll("hcl-playground")].every((e) => e.dataset.runs === "1"));
  const before = await widgets(page);
  const textarea = await page.evaluateHandle(() => document.querySelectorAll("hcl-playground")[1].shadowRoot.querySelector("textarea"));
  await textarea.fill("6 * 7");
  await page.waitForFunction(() => document.querySelectorAll("hcl-playground")[1].shadowRoot.querySelector(".r > pre").textContent === "42");
  const after = await widgets(page);
  after.forEach((w, i) => {
    if (i === 1) assert.equal(Number(w.runs), Number(before[i].runs) + 1);
    else assert.equal(w.runs, before[i].runs, `widget ${i} re-ran`);
  });
  assert.equal(after[1].match, "false", "an edited example no longer matches its documented result");
  await page.close();
});

test("without JavaScript the examples stay readable code", async () => {
  const page = await newPage(browser, undefined, { javaScriptEnabled: false });
  await page.goto(`${base}docs/`);
  const code = await page.$$eval("pre > code.language-hcl", (els) => els.map((e) => e.textContent));
  assert.ok(code.length >= 25);
  assert.ok(code.includes("max(5, 12, 9)"));
  assert.ok(await page.isVisible("text=max(5, 12, 9)"));
  await page.close();
});

test("the embedding guide's snippet works in a blank page elsewhere, under the policy the guide gives hosts", async () => {
  const readme = await readFile(new URL("../../docs/embed.md", import.meta.url), "utf8");
  const origin = base.replace(/\/$/, "");
  const snippet = readme.match(/<!-- embed-snippet -->\n```html\n([\s\S]*?)```/)[1].replaceAll("https://example.com/hcl-playground/", base);
  const policy = readme.match(/<!-- embed-csp -->\n```text\n([\s\S]*?)\n```/)[1].replaceAll("https://example.com", origin);
  const page = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"></head><body>\n${snippet}</body></html>`;
  other = await serve({ dir: fileURLToPath(new URL("../../target/", import.meta.url)), pages: { "/blank/index.html": page } });
  const tab = await newPage(browser);
  const errors = [];
  tab.on("pageerror", (e) => errors.push(String(e)));
  tab.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await tab.addInitScript(watchPolicy);
  await tab.goto(`${other.base}blank/`);
  const why = async () => JSON.stringify({ violations: await tab.evaluate(() => window.__violations), errors });
  await tab.waitForFunction(() => document.querySelector("hcl-playground")?.dataset.match === "true").catch(async (e) => assert.fail(`${e.message} ${await why()}`));
  // The full build too (a dynamic import inside the worker).
  await tab.evaluate(() => {
    const area = document.querySelector("hcl-playground").shadowRoot.querySelector("textarea");
    area.value = 'sha256("x")';
    area.dispatchEvent(new Event("input"));
  });
  await tab.waitForFunction(() => document.querySelector("hcl-playground").shadowRoot.querySelector(".r > pre").textContent.startsWith('"2d711642')).catch(async (e) => assert.fail(`${e.message} ${await why()}`));
  assert.deepEqual(await tab.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await tab.close();
});

test("a module widget with a test file shows its test run as terraform test prints it", async () => {
  const page = await newPage(browser, { width: 1000, height: 700 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${base}docs/`);
  const widget = page.locator('hcl-playground[module][expect^="Success!"]');
  await widget.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('hcl-playground[module][expect^="Success!"]').dataset.match === "true");
  assert.equal(
    await widget.locator(".r > pre").first().textContent(),
    'tests/greeting.tftest.hcl... in progress\n  run "default_name"... pass\n  run "given_name"... pass\ntests/greeting.tftest.hcl... tearing down\ntests/greeting.tftest.hcl... pass\n\nSuccess! 2 passed, 0 failed.\n',
  );
  // An edit that breaks an assertion shows its failure and no longer matches.
  await widget.locator("textarea").fill('variable "name" {\n  default = "doc"\n}\n\noutput "greeting" {\n  value = "Hello, ${var.name}!"\n}\n');
  await page.waitForFunction(() => document.querySelector('hcl-playground[module][expect^="Success!"]').dataset.match === "false");
  assert.match(await widget.locator("pre.e").textContent(), /Error: Test assertion failed[\s\S]*greeting is Hello, doc!/);
  assert.deepEqual(errors, []);
  await page.close();
});
