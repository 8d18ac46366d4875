// What the page's browser tests share: a static server for www/, Debian's
// chromium through playwright-core (never a downloaded browser), and
// helpers to open the page, set an editor's text and wait for a result.
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const root = fileURLToPath(new URL("../../www/", import.meta.url));
export const outDir = fileURLToPath(new URL("../../target/browser/", import.meta.url));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };

/** A static server for www/ and Debian's chromium; `onRequest` sees each path asked for. */
export async function start({ onRequest } = {}) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    onRequest?.(path);
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
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  await mkdir(outDir, { recursive: true });
  return { base, browser, stop: async () => (await browser.close(), server.close()) };
}

function watch() {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
}

/** A new page (its own context) at `url`, once the first result is shown. */
export async function openPage(browser, url, viewport = { width: 1280, height: 900 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addInitScript(watch);
  await page.goto(url);
  await page.waitForFunction(() => window.__firstResultMs !== undefined, null, { timeout: 30000 });
  return { page, errors, context };
}

export const text = (page, testid) => page.textContent(`[data-testid="${testid}"]`);

/** Replaces an editor's text ("editor" or "variables") as one edit. */
export async function setEditor(page, testid, value) {
  await page.evaluate(
    ([id, t]) => {
      const view = id === "editor" ? window.hclPlayground.expression : window.hclPlayground.variables;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
    },
    [testid, value],
  );
}

export const doc = (page) => page.evaluate(() => window.hclPlayground.expression.state.doc.toString());

export async function output(page, want) {
  await page.waitForFunction((w) => document.querySelector('[data-testid="output"]').textContent === w, want, { timeout: 10000 });
}

/** Waits until nothing is waiting to be evaluated or on its way. */
export async function idle(page) {
  await page.waitForFunction(() => window.hclPlayground.idle(), null, { timeout: 10000 });
}
