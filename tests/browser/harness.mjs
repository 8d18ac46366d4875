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

/**
 * A new page (its own context, closed with the page) at `url`, once the
 * first result is shown; `init` runs before any script of the page (by
 * default it records Content Security Policy violations).
 */
export async function openPage(browser, url, viewport = { width: 1280, height: 900 }, options = {}, init = watch) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.on("close", () => context.close().catch(() => {}));
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.addInitScript(init);
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

// A 300-line module (the module tests' and the browser benchmark's):
// variables with validation, locals, resources with for_each and dynamic
// blocks, outputs.
export function module300() {
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
    if (lines.length + block.length > 298) break;
    lines.push(...block);
  }
  lines.push("locals {");
  for (let j = 0; lines.length < 299; j++) lines.push(`  extra_${j} = upper("x${j}")`);
  lines.push("}");
  return `${lines.join("\n")}\n`;
}
