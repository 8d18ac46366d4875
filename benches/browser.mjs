// The page in a real browser (Debian's chromium through playwright-core),
// as a user meets it, on a local server:
//
//   1. cold load: navigation start (performance.timeOrigin) to the first
//      visible result text in the result pane (a box that is not hidden),
//      in five fresh browser contexts;
//   2. keystroke to result: a keydown's timestamp to the result pane's first
//      change after it, for 50 single-key edits of a multi-line
//      for/cidrsubnet/format expression over 40 servers (each edit changes
//      the result), for every workload expression (benches/workload.jsonl,
//      a space typed at the end and deleted again, 10 edits each) and for a
//      300-line module in Module mode (50 edits of a local's string), and
//      for a 3,000-line module (edits of the variable most values read, of
//      one local value nothing reads, and of a default every value reads);
//   3. heap after 1,000 edits: the page's JavaScript heap (after a forced
//      garbage collection) and the worker's WebAssembly memory, before and
//      after 1,000 single-key edits typed without waiting for results.
//
//   node benches/browser.mjs [--quick]      (the page must be built: ./scripts/build-web;
//                                           VERBOSE=1 prints each module keystroke)
//
// Prints one line per figure, ending in `key=value` for scripts/bench.
import { readFile } from "node:fs/promises";
import { start, module300, moduleOfLines } from "../tests/browser/harness.mjs";

const quick = process.argv.includes("--quick");
const { base, browser, stop } = await start();

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
};
const ms = (x) => x.toFixed(1);
const summary = (xs) => `p50 ${ms(quantile(xs, 0.5))} ms, p95 ${ms(quantile(xs, 0.95))} ms, max ${ms(Math.max(...xs))} ms (${xs.length} edits)`;

// Before any script of the page: the time of the first result text, and,
// for every keydown, the time to the result pane's first change after it.
function instrument() {
  window.__bench = { first: null, latencies: [], keyAt: null };
  const b = window.__bench;
  addEventListener("keydown", (e) => (b.keyAt = e.timeStamp), true);
  const watch = () => {
    const output = document.querySelector('[data-testid="output"]');
    const pane = document.querySelector("section.result") ?? output?.parentElement;
    if (!output || !pane) return;
    new MutationObserver(() => {
      // The first result a reader can see: text in a box that is shown.
      if (b.first === null && output.textContent !== "" && output.checkVisibility()) b.first = performance.now();
      if (b.keyAt !== null) {
        b.latencies.push(performance.now() - b.keyAt);
        b.keyAt = null;
      }
    }).observe(pane, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["hidden"] });
  };
  document.addEventListener("readystatechange", () => document.readyState === "interactive" && watch());
}

async function openPage(context) {
  const page = await context.newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript(instrument);
  await page.goto(base);
  await page.waitForFunction(() => window.__bench.first !== null, null, { timeout: 30000 });
  // The first result shows before the editor bundle runs (www/boot.js).
  await page.waitForFunction(() => window.__firstResultMs !== undefined, null, { timeout: 30000 });
  // The page's own evaluator (www/src/local.js) loads after the first result.
  await page.waitForFunction(() => window.hclPlayground?.localMemoryBytes?.() != null, null, { timeout: 30000 });
  return page;
}

// ------------------------------------------------------------- cold load

const cold = [];
for (let i = 0; i < 5; i++) {
  const context = await browser.newContext();
  const page = await openPage(context);
  cold.push(await page.evaluate(() => window.__bench.first));
  await context.close();
}
console.log(`cold load, navigation start to the first visible result, 5 fresh contexts: ${cold.map((x) => Math.round(x)).join(", ")} ms (\`cold_load_ms_median=${Math.round(quantile(cold, 0.5))}\`)`);

// ------------------------------------------------------ keystroke to result

const context = await browser.newContext();
const page = await openPage(context);

async function setDoc(which, text) {
  await page.evaluate(
    ([which, text]) => {
      const view = window.hclPlayground[which];
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    [which, text],
  );
}

// Waits until the page has no evaluation waiting or on its way.
async function settle() {
  await page.waitForTimeout(50);
  await page.waitForFunction(() => window.hclPlayground.idle?.() ?? true, null, { timeout: 30000 });
  await page.waitForTimeout(250);
}

async function cursorAt(pos) {
  await page.evaluate((pos) => {
    const view = window.hclPlayground.expression;
    view.focus();
    view.dispatch({ selection: { anchor: pos < 0 ? view.state.doc.length + pos + 1 : pos } });
  }, pos);
}

// Presses each key and waits for the result pane to change; returns the
// latencies.
async function edits(keys) {
  const out = [];
  for (const key of keys) {
    const n = await page.evaluate(() => window.__bench.latencies.length);
    await page.keyboard.press(key);
    await page.waitForFunction((n) => window.__bench.latencies.length > n, n, { timeout: 30000 });
    out.push(await page.evaluate(() => window.__bench.latencies.at(-1)));
  }
  return out;
}

const servers = Array.from({ length: 40 }, (_, i) => ({ name: `web-${i}`, port: 8000 + i, zone: "abc"[i % 3] }));
const forExpr = `[
  for i, s in servers : format(
    "%s %s:%d %s",
    s.name,
    cidrsubnet("10.0.0.0/16", 8, i),
    s.port,
    "x"
  )
]`;
await setDoc("variables", JSON.stringify({ servers }, null, 2));
await setDoc("expression", forExpr);
await settle();
await cursorAt(forExpr.indexOf('"x"') + 2);
const letters = "abcdefghijklmnopqrstuvwxyz";
const forLatencies = await edits(Array.from({ length: 50 }, (_, i) => letters[i % 26]));
console.log(`keystroke to result, for/cidrsubnet/format over 40 servers: ${summary(forLatencies)} (\`keystroke_for_p50=${ms(quantile(forLatencies, 0.5))}\` \`keystroke_for_p95=${ms(quantile(forLatencies, 0.95))}\`)`);

const workload = (await readFile(new URL("workload.jsonl", import.meta.url), "utf8"))
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l))
  .filter((c) => !c.template);
const workloadLatencies = [];
for (const c of quick ? workload.slice(0, 5) : workload) {
  await setDoc("variables", JSON.stringify(c.vars, null, 2));
  await setDoc("expression", c.expr);
  await settle();
  await cursorAt(-1);
  workloadLatencies.push(...(await edits(Array.from({ length: 10 }, (_, i) => (i % 2 ? "Backspace" : "Space")))));
}
console.log(`keystroke to result, ${quick ? 5 : workload.length} workload expressions × 10 edits: ${summary(workloadLatencies)} (\`keystroke_workload_p50=${ms(quantile(workloadLatencies, 0.5))}\` \`keystroke_workload_p95=${ms(quantile(workloadLatencies, 0.95))}\`)`);


await page.click('[data-testid="mode-module"]');
await settle();
const source = module300();
await setDoc("variables", "{}");

// Loads `text` into the editor, types `count` letters at `at`, and prints
// the latencies under `label`, with their keys (`keystroke_KEY_p50`, …).
async function typing(label, key, text, at, count) {
  await setDoc("expression", text);
  await settle();
  await cursorAt(at);
  const latencies = await edits(Array.from({ length: count }, (_, i) => letters[i % 26]));
  if (process.env.VERBOSE) console.log(`  each: ${latencies.map((x) => x.toFixed(0)).join(" ")}`);
  console.log(`keystroke to result, ${label} (Module mode): ${summary(latencies)} (\`keystroke_${key}_p50=${ms(quantile(latencies, 0.5))}\` \`keystroke_${key}_p95=${ms(quantile(latencies, 0.95))}\`)`);
}

// In the module's first lines (in view, as a user editing at the top):
// var.env's default, which every name_N (and so most values) follows.
await typing("300-line module", "module", source, source.indexOf('"dev"') + 4, quick ? 10 : 50);
// The same in a 3,000-line module.
const large = moduleOfLines(3000);
await typing("3,000-line module", "module3000", large, large.indexOf('"dev"') + 4, quick ? 6 : 20);
// Typing in one local value that nothing reads: the workspace plans that
// value again and takes the rest over from the evaluation before.
await typing("3,000-line module, in one local", "module3000_local", large, large.indexOf('upper("x5"') + 8, quick ? 6 : 20);
// Typing in a default every value reads (var.zones' first name): the
// whole configuration is planned and shown again on each keystroke.
await typing("3,000-line module, in a default every value reads", "module3000_all", large, large.indexOf('["a", "b", "c"]') + 3, quick ? 6 : 20);

// ------------------------------------------------------------------ heap

await page.click('[data-testid="mode-expression"]');
await setDoc("variables", JSON.stringify({ servers }, null, 2));
await setDoc("expression", forExpr);
await settle();
const cdp = await context.newCDPSession(page);
async function heap() {
  await cdp.send("HeapProfiler.collectGarbage");
  const { usedSize } = await cdp.send("Runtime.getHeapUsage");
  const worker = page.workers()[0];
  const wasm = worker ? await worker.evaluate(() => self.hclMemoryBytes?.() ?? null) : null;
  const local = await page.evaluate(() => window.hclPlayground.localMemoryBytes?.() ?? null);
  return { js: usedSize, wasm, local };
}
const mib = (b) => (b === null ? "?" : `${(b / 1048576).toFixed(1)} MiB`);
const before = await heap();
await cursorAt(forExpr.indexOf('"x"') + 2);
const EDITS = quick ? 200 : 1000;
for (let i = 0; i < EDITS; i++) await page.keyboard.press(i % 2 ? "Backspace" : letters[(i / 2) % 26]);
await settle();
const after = await heap();
console.log(
  `heap after ${EDITS} edits: page JavaScript ${mib(before.js)} → ${mib(after.js)}, WebAssembly memory in the worker ${mib(before.wasm)} → ${mib(after.wasm)}, on the page ${mib(before.local)} → ${mib(after.local)} (\`heap_js_bytes=${after.js}\` \`heap_wasm_bytes=${after.wasm}\` \`heap_local_wasm_bytes=${after.local}\`)`,
);

await context.close();
await stop();
