// The embeddable widgets in a real browser (Debian's chromium through
// playwright-core): every example of the demonstration page matches its
// documented result, the module downloads once, widgets load lazily,
// editing one widget re-runs only that one, a widget's engine (profile)
// reaches its answer and its playground link, module widgets (named values
// or a console answer) open Module mode, the page without JavaScript
// still shows the code, nothing violates the pages' Content Security
// Policy, and the README's snippet works from a page in another directory
// on another origin under the policy the README gives hosts.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, readdir } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateRawSync } from "node:zlib";
import { chromium } from "playwright-core";

const www = fileURLToPath(new URL("../../www/", import.meta.url));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };
const wasmDownloads = [];

function serve(root, extra = {}) {
  const server = createServer(async (req, res) => {
    const asked = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const path = asked.endsWith("/") ? `${asked}index.html` : asked;
    if (path.endsWith(".wasm")) wasmDownloads.push(path);
    const body = extra[path] ?? (await readFile(join(root, path)).catch(() => null));
    if (body === null) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "text/html", "access-control-allow-origin": "*" });
    res.end(body);
  });
  return new Promise((r) => server.listen(0, "127.0.0.1", () => r(server)));
}

let server, other, browser, base;
const url = (s) => `http://127.0.0.1:${s.address().port}/`;

before(async () => {
  server = await serve(www);
  base = url(server);
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
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
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addInitScript(watchPolicy);
  await page.goto(`${base}docs/`);
  await page.waitForFunction(() => document.querySelector("hcl-playground")?.dataset.runs);
  const initial = await widgets(page);
  assert.ok(initial.length >= 25, `only ${initial.length} widgets`);
  assert.equal(initial.at(-1).runs, undefined, "the last widget ran before it was scrolled into view");
  for (let i = 0; i < initial.length; i++) {
    await page.$$eval("hcl-playground", (els, i) => els[i].scrollIntoView(), i);
    await page.waitForFunction((i) => document.querySelectorAll("hcl-playground")[i].dataset.match !== undefined, i, { timeout: 15000 });
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
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  await page.goto(`${base}docs/`);
  const widget = page.locator('hcl-playground[data-profile="opentofu"]');
  await widget.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('hcl-playground[data-profile="opentofu"]').dataset.match === "true");
  assert.match(await widget.locator(".m").textContent(), /OpenTofu v1\./);
  // Widgets without a profile answer as Terraform and do not say so.
  assert.doesNotMatch(await page.locator("hcl-playground").first().locator(".m").textContent(), /Terraform v/);
  await widget.locator("a").focus();
  await page.waitForFunction(() => document.querySelector('hcl-playground[data-profile="opentofu"]').shadowRoot.querySelector("a").href.includes("#v1."));
  const href = await widget.locator("a").getAttribute("href");
  const state = JSON.parse(inflateRawSync(Buffer.from(href.split("#v1.")[1], "base64url")).toString());
  assert.deepEqual(state, { e: 'urldecode("a%20b")', v: "{}", t: false, p: "opentofu" });
  // The playground opens it under that engine.
  await page.goto(href);
  await page.waitForFunction(() => document.querySelector('[data-testid="output"]').textContent === '"a b"', null, { timeout: 15000 });
  assert.equal(await page.inputValue('[data-testid="profile"]'), "opentofu");
  await page.close();
});

test("module widgets show the named values or one console answer, and open the playground in Module mode", async () => {
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${base}docs/`);
  const block = page.locator('hcl-playground[data-mode="module"]');
  const element = page.locator("hcl-playground[module][vars]");
  await block.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('hcl-playground[data-mode="module"]').dataset.match === "true", null, { timeout: 15000 });
  const shown = await block.locator(".r > pre").first().textContent();
  assert.match(shown, /^var\.name = "docs"\nlocal\.greeting = "Hello, docs!"\nlocal\.upper = "HELLO, DOCS!"\naws_instance\.web = \[/);
  assert.match(shown, /output\.ids = \[\n    \(known after apply\),/);
  assert.equal(await block.locator(".m span").first().textContent(), "5 named values");
  assert.equal(await block.locator("textarea").getAttribute("aria-label"), "Terraform module (editable)");
  await element.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector("hcl-playground[module][vars]").dataset.match === "true", null, { timeout: 15000 });
  assert.equal(await element.locator(".r > pre").first().textContent(), '"eu-west-1c"');
  assert.equal(await element.locator(".m span").first().textContent(), "Type: string");
  // An edit that breaks the module shows its errors and no longer matches.
  await element.locator("textarea").fill('variable "zones" {\n  type = list(string)\n}\n\nlocals {\n  x = var.nope\n}\n');
  await page.waitForFunction(() => document.querySelector("hcl-playground[module][vars]").dataset.match === "false");
  assert.match(await element.locator("pre.e").textContent(), /Reference to undeclared input variable/);
  await element.locator("textarea").fill('variable "zones" {\n  type = list(string)\n}\n\nresource "aws_subnet" "each" {\n  for_each          = toset(var.zones)\n  availability_zone = "eu-west-1${each.key}"\n}\n');
  await page.waitForFunction(() => document.querySelector("hcl-playground[module][vars]").dataset.match === "true");
  // The playground link carries the mode, the variables format and the console line.
  await element.locator("a").focus();
  await page.waitForFunction(() => document.querySelector("hcl-playground[module][vars]").shadowRoot.querySelector("a").href.includes("#v1."));
  const href = await element.locator("a").getAttribute("href");
  const state = JSON.parse(inflateRawSync(Buffer.from(href.split("#v1.")[1], "base64url")).toString());
  assert.deepEqual(state, {
    e: 'variable "zones" {\n  type = list(string)\n}\n\nresource "aws_subnet" "each" {\n  for_each          = toset(var.zones)\n  availability_zone = "eu-west-1${each.key}"\n}\n',
    v: 'zones = ["a", "c"]',
    t: false,
    m: "module",
    f: "tfvars",
    c: 'aws_subnet.each["c"].availability_zone',
  });
  await page.goto(href);
  await page.waitForFunction(() => document.querySelector('[data-testid="console-output"]')?.textContent === '> aws_subnet.each["c"].availability_zone\n"eu-west-1c"', null, { timeout: 15000 });
  assert.equal(await page.evaluate(() => window.hclPlayground.mode()), "module");
  assert.deepEqual(await page.$$eval('[data-testid="values"] li', (els) => els.map((e) => e.dataset.address)), ["var.zones", "aws_subnet.each"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("editing one widget re-runs only that widget", async () => {
  const page = await browser.newPage({ viewport: { width: 1000, height: 5000 } });
  await page.goto(`${base}docs/`);
  // Every widget within the observer's reach (the viewport and its 200px
  // margin) runs once on its own; wait for all of them so that none is
  // still starting when the edit is counted.
  await page.waitForFunction(() =>
    [...document.querySelectorAll("hcl-playground")]
      .filter((e) => e.getBoundingClientRect().top < innerHeight + 200)
      .every((e) => e.dataset.runs),
  );
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
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${base}docs/`);
  const code = await page.$$eval("pre > code.language-hcl", (els) => els.map((e) => e.textContent));
  assert.ok(code.length >= 25);
  assert.ok(code.includes("max(5, 12, 9)"));
  assert.ok(await page.isVisible("text=max(5, 12, 9)"));
  await context.close();
});

test("the README snippet works in a blank page elsewhere, under the policy the README gives hosts", async () => {
  const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
  const origin = base.replace(/\/$/, "");
  const snippet = readme.match(/<!-- embed-snippet -->\n```html\n([\s\S]*?)```/)[1].replaceAll("https://example.com/hcl-playground/", base);
  const policy = readme.match(/<!-- embed-csp -->\n```text\n([\s\S]*?)\n```/)[1].replaceAll("https://example.com", origin);
  const page = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${policy}"></head><body>\n${snippet}</body></html>`;
  other = await serve(fileURLToPath(new URL("../../target/", import.meta.url)), { "/blank/index.html": page });
  const tab = await browser.newPage();
  const errors = [];
  tab.on("pageerror", (e) => errors.push(String(e)));
  tab.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await tab.addInitScript(watchPolicy);
  await tab.goto(`${url(other)}blank/`);
  const why = async () => JSON.stringify({ violations: await tab.evaluate(() => window.__violations), errors });
  await tab.waitForFunction(() => document.querySelector("hcl-playground")?.dataset.match === "true", null, { timeout: 15000 }).catch(async (e) => assert.fail(`${e.message} ${await why()}`));
  // The full build too (a dynamic import inside the worker).
  await tab.evaluate(() => {
    const area = document.querySelector("hcl-playground").shadowRoot.querySelector("textarea");
    area.value = 'sha256("x")';
    area.dispatchEvent(new Event("input"));
  });
  await tab.waitForFunction(() => document.querySelector("hcl-playground").shadowRoot.querySelector(".r > pre").textContent.startsWith('"2d711642'), null, { timeout: 15000 }).catch(async (e) => assert.fail(`${e.message} ${await why()}`));
  assert.deepEqual(await tab.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  await tab.close();
});
