// What the page's browser tests share: a static server for www/, Debian's
// chromium through playwright-core (never a downloaded browser), and
// helpers to open the page, set an editor's text and wait for a result, to
// make the evaluator hang on purpose, to run axe-core, and to see when the
// first result becomes visible.
import { createServer } from "node:http";
import { readFile, mkdir } from "node:fs/promises";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

// WWW_ROOT serves another build of the page (an older one, to see a test fail on it).
export const root = process.env.WWW_ROOT ?? fileURLToPath(new URL("../../www/", import.meta.url));
export const outDir = fileURLToPath(new URL("../../target/browser/", import.meta.url));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm" };

/**
 * A static server for `dir` (www/ by default) on a free loopback port:
 * `pages` maps a path to a body served instead of a file, `mounts` a path
 * prefix to another directory, `onRequest` sees each path asked for. Files
 * are served with CORS headers, as a host of the widgets serves them.
 */
export async function serve({ dir = root, pages = {}, mounts = {}, onRequest } = {}) {
  const server = createServer(async (req, res) => {
    const asked = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const path = asked.endsWith("/") ? `${asked}index.html` : asked;
    onRequest?.(path);
    const mount = Object.keys(mounts).find((m) => path.startsWith(m));
    const file = mount ? join(mounts[mount], path.slice(mount.length)) : join(dir, path);
    const body = pages[path] ?? (await readFile(file).catch(() => null));
    if (body === null) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "text/html", "access-control-allow-origin": "*" });
    res.end(body);
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

/** Debian's chromium (never a downloaded browser), with the flags this machine's closed network needs. */
export function launch() {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A static server for www/ and Debian's chromium; `onRequest` sees each path asked for. */
export async function start(options = {}) {
  const { base, close } = await serve(options);
  const browser = await launch();
  await mkdir(outDir, { recursive: true });
  return { base, browser, stop: async () => (await browser.close(), close()) };
}

// How long a test waits for something that should happen before it says
// it did not: a guard against hanging, not a measure. Nothing a test checks
// depends on how fast the machine is; a loaded machine is only slower.
export const PATIENCE_MS = Number(process.env.PATIENCE_MS ?? 120_000);

/** A new context and page with the patience above (`options` as browser.newContext takes them). */
export async function newPage(browser, viewport = { width: 1280, height: 900 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  context.setDefaultTimeout(PATIENCE_MS);
  const page = await context.newPage();
  page.on("close", () => context.close().catch(() => {}));
  return page;
}

function watch() {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
}

/**
 * A new page (its own context, closed with the page) at `url`, once the
 * first result is shown; `init` runs before any script of the page (by
 * default it records Content Security Policy violations).
 */
export async function openPage(browser, url, viewport = { width: 1280, height: 900 }, options = {}, init = watch) {
  const page = await newPage(browser, viewport, options);
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addInitScript(init);
  await page.goto(url);
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  return { page, errors, context: page.context() };
}

/**
 * Makes `page`'s evaluator worker hang (an endless loop, as a runaway
 * evaluation would) on every request whose text contains `__hang__`, so
 * that what the page does about a slow evaluation (busy state, Stop, the
 * time limit) is tested whatever the machine's speed. Call before goto.
 */
export async function hangingWorker(page) {
  const wrapper = [
    "// The real worker, then a wrapper round its message handler.",
    'import "./worker.js?real";',
    "const real = self.onmessage;",
    'self.onmessage = (e) => { if (JSON.stringify(e.data).includes("__hang__")) for (;;) {} return real(e); };',
  ].join("\n");
  await page.route(/\/worker\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: wrapper }));
}

const axeSource = readFile(fileURLToPath(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url)), "utf8");

/** axe-core's critical and serious violations on `page` now, one line each. */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(await axeSource);
  const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Before any script of a page (addInitScript): records when the result pane
 * first shows text a reader can see (window.__visible.first, ms from
 * navigation start) and whether its text was ever there but hidden.
 */
export function watchFirstVisible() {
  const v = (window.__visible = { first: null, hiddenText: false });
  const check = () => {
    const output = document.querySelector('[data-testid="output"]');
    if (!output || v.first !== null || output.textContent === "") return;
    if (output.checkVisibility()) v.first = performance.now();
    else v.hiddenText = true;
  };
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive") return;
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
    check();
  });
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
  await page.waitForFunction((w) => document.querySelector('[data-testid="output"]').textContent === w, want);
}

/** Waits until nothing is waiting to be evaluated or on its way. */
export async function idle(page) {
  await page.waitForFunction(() => window.hclPlayground.idle());
}

// A 300-line module (the module tests' and the browser benchmark's):
// variables with validation, locals, resources with for_each and dynamic
// blocks, outputs.
export const module300 = () => moduleOfLines(300);

// The same blocks repeated to `size` lines (3,000 for the benchmark's
// large module).
export function moduleOfLines(size) {
  const lines = [
    'variable "env" {', "  type    = string", '  default = "dev"', "  validation {", '    condition     = contains(["dev", "prod"], var.env)',
    '    error_message = "The env must be dev or prod."', "  }", "}", "",
    'variable "zones" {', "  type    = list(string)", '  default = ["a", "b", "c"]', "}", "",
    'variable "ports" {', "  type    = map(number)", "  default = { http = 80, https = 443, ssh = 22 }", "}", "",
  ];
  for (let i = 0; ; i++) {
    const block = [
      "locals {", `  name_${i}  = "app-\${var.env}-${i}"`, `  zones_${i} = [for z in var.zones : "\${local.name_${i}}-\${z}"]`,
      `  count_${i} = length(local.zones_${i}) * ${(i % 3) + 1}`, `  tags_${i}  = merge({ Name = local.name_${i} }, { Index = tostring(${i}) })`, "}", "",
      `resource "aws_security_group" "sg_${i}" {`, `  name = local.name_${i}`, '  dynamic "ingress" {', "    for_each = var.ports", "    content {",
      "      from_port   = ingress.value", "      to_port     = ingress.value", "      description = ingress.key", "    }", "  }", "}", "",
      `resource "aws_instance" "web_${i}" {`, `  for_each = toset(local.zones_${i})`, '  ami      = "ami-123"', `  tags     = merge(local.tags_${i}, { Zone = each.key })`, "}", "",
      `output "ids_${i}" {`, `  value = [for k, v in aws_instance.web_${i} : v.id]`, "}", "",
    ];
    if (lines.length + block.length > size - 2) break;
    lines.push(...block);
  }
  lines.push("locals {");
  for (let j = 0; lines.length < size - 1; j++) lines.push(`  extra_${j} = upper("x${j}")`);
  lines.push("}");
  return `${lines.join("\n")}\n`;
}

/**
 * The problems list (or its one message) as the evaluator rendered it:
 * "Error: summary", a blank line, the source excerpt, a blank line and the
 * detail, for each entry, a blank line apart; comparable with recorded
 * diagnostics text.
 */
export function problemsText(page) {
  return page.$eval('[data-testid="errors"]', (root) => {
    const message = root.querySelector(".problem-message");
    if (message) return message.textContent;
    return [...root.querySelectorAll(".problem")]
      .map((li) => {
        const part = (c) => li.querySelector(c)?.textContent ?? "";
        const body = [part(".problem-excerpt"), part(".problem-detail")].filter(Boolean).join("\n\n");
        return `${part(".problem-severity")}: ${part(".problem-summary")}\n${body ? `\n${body}\n` : ""}`;
      })
      .join("\n");
  });
}
