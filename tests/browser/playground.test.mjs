// The built page in a real browser (Debian's chromium through
// playwright-core): typing, variables, diagnostics, examples, sharing,
// the time limit, and a screenshot under target/browser/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = fileURLToPath(new URL("../../www/", import.meta.url));
const outDir = fileURLToPath(new URL("../../target/browser/", import.meta.url));
const examples = JSON.parse(await readFile(join(root, "examples.json"), "utf8"));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };

let server, browser, base;

before(async () => {
  server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const file = join(root, path.endsWith("/") ? `${path}index.html` : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${server.address().port}/`;
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  await mkdir(outDir, { recursive: true });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function openPage(url = base) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForFunction(() => window.__firstResultMs !== undefined, null, { timeout: 30000 });
  return { page, errors };
}

async function setEditor(page, testid, text) {
  await page.click(`[data-testid="${testid}"] .cm-content`);
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.evaluate(([id, t]) => {
    const view = id === "editor" ? window.hclPlayground.expression : window.hclPlayground.variables;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
  }, [testid, text]);
}

async function output(page, want) {
  await page.waitForFunction((w) => document.querySelector('[data-testid="output"]').textContent === w, want, { timeout: 10000 });
}

test("loads, evaluates as you type, and reports the cold-load time", async () => {
  const { page, errors } = await openPage();
  const ms = await page.evaluate(() => window.__firstResultMs);
  console.log(`# cold load to first result: ${Math.round(ms)} ms`);
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.press("Control+A");
  await page.keyboard.type('upper("hello")');
  await output(page, '"HELLO"');
  assert.equal(await page.textContent('[data-testid="type"]'), "string");
  await page.screenshot({ path: join(outDir, "playground.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("variables feed the expression; invalid JSON keeps the last good result", async () => {
  const { page } = await openPage();
  await setEditor(page, "variables", '{"name": "Ada", "n": {"__unknown__": "number"}}');
  await setEditor(page, "editor", '"Hi ${name}"');
  await output(page, '"Hi Ada"');
  await setEditor(page, "editor", "n + 1");
  await output(page, "(known after apply)");
  await setEditor(page, "variables", '{"name": ');
  await page.waitForFunction(() => document.querySelector('[data-testid="vars-error"]').textContent.includes("line 1"));
  assert.equal(await page.textContent('[data-testid="output"]'), "(known after apply)");
  await page.close();
});

test("diagnostics underline the offending token, emoji and CJK included", async () => {
  const { page } = await openPage();
  await setEditor(page, "editor", '"😀日本" == nope');
  await page.waitForSelector(".cm-lintRange-error");
  assert.equal(await page.textContent(".cm-lintRange-error"), "nope");
  const errors = await page.textContent('[data-testid="errors"]');
  assert.match(errors, /Error: Unknown variable/);
  assert.match(errors, /There is no variable named "nope"/);
  await page.close();
});

test("every example in the menu shows its recorded result", async () => {
  const { page } = await openPage();
  for (const [i, ex] of examples.entries()) {
    await page.selectOption('[data-testid="examples"]', String(i));
    await output(page, ex.console);
  }
  await page.close();
});

test("a shared link restores the expression, variables and mode", async () => {
  const { page } = await openPage();
  await setEditor(page, "variables", '{"xs": [3, 1, 2]}');
  await setEditor(page, "editor", "sort([for x in xs : tostring(x)])");
  await output(page, 'tolist([\n  "1",\n  "2",\n  "3",\n])');
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith("#v1."));
  const url = page.url();
  await page.close();
  const { page: again } = await openPage(url);
  await output(again, 'tolist([\n  "1",\n  "2",\n  "3",\n])');
  const doc = await again.evaluate(() => window.hclPlayground.expression.state.doc.toString());
  assert.equal(doc, "sort([for x in xs : tostring(x)])");
  await again.close();
});

test("a runaway evaluation is stopped and the page stays responsive", async () => {
  const { page } = await openPage(`${base}?timeLimit=30`);
  await setEditor(page, "editor", "length([for i in range(1000) : [for j in range(1000) : j]])");
  await page.waitForFunction(() => document.querySelector('[data-testid="errors"]').textContent.includes("took too long"), null, { timeout: 10000 });
  await setEditor(page, "editor", "1 + 1");
  await output(page, "2");
  await page.close();
});

test("the full build loads only when a heavy function is called", async () => {
  const fetched = [];
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(base);
  await page.waitForFunction(() => window.__firstResultMs !== undefined, null, { timeout: 30000 });
  await setEditor(page, "editor", 'upper("no heavy function here")');
  await output(page, '"NO HEAVY FUNCTION HERE"');
  assert.ok(fetched.includes("/pkg/hcl_playground_bg.wasm"), fetched.join(" "));
  assert.ok(!fetched.some((p) => p.startsWith("/pkg-full/")), "the full build is not loaded up front");
  // can() would hide the smaller build's stand-in error: the answer must
  // still come from the full build.
  await setEditor(page, "editor", 'can(regex("^[a-z]+$", "abc")) ? regexall("[0-9]+", "a1b22c333") : []');
  await output(page, 'tolist([\n  "1",\n  "22",\n  "333",\n])');
  assert.ok(fetched.includes("/pkg-full/hcl_playground_bg.wasm"));
  await setEditor(page, "editor", 'sha256("hello")');
  await output(page, '"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"');
  await page.close();
});
