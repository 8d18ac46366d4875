// The embeddable widgets in a real browser (Debian's chromium through
// playwright-core): every example of the demonstration page matches its
// documented result, the module downloads once, widgets load lazily,
// editing one widget re-runs only that one, the page without JavaScript
// still shows the code, and the README's snippet works from a page in
// another directory on another origin.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, readdir } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
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

const widgets = (page) => page.$$eval("hcl-playground", (els) => els.map((e) => ({ runs: e.dataset.runs, match: e.dataset.match })));

test("every example on the demonstration page matches its documented result, with one download", async () => {
  wasmDownloads.length = 0;
  const page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
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
  assert.equal(wasmDownloads.length, 1, `the module was downloaded ${wasmDownloads.length} times`);
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
  await page.waitForFunction(() => document.querySelectorAll("hcl-playground")[1].shadowRoot.querySelector("pre").textContent === "42");
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

test("the README snippet works in a blank page elsewhere", async () => {
  const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
  const snippet = readme.match(/<!-- embed-snippet -->\n```html\n([\s\S]*?)```/)[1].replaceAll("https://example.com/hcl-playground/", base);
  other = await serve(fileURLToPath(new URL("../../target/", import.meta.url)), { "/blank/index.html": `<!doctype html><html><body>\n${snippet}</body></html>` });
  const page = await browser.newPage();
  await page.goto(`${url(other)}blank/`);
  await page.waitForFunction(() => document.querySelector("hcl-playground")?.dataset.match === "true", null, { timeout: 15000 });
  await page.close();
});
