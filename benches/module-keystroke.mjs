// The Module mode's per-keystroke work in Node, through the full build
// (default www/pkg-full): the 3,000-line module benches/browser.mjs types
// in, planned with the provider data the page fetches (www/providers), each
// keystroke evaluated and posted as the worker posts it (a structured
// clone): 40 keystrokes in one local value nothing reads, and
// 20 in the first of var.zones' default names, which most values read (all
// planned and shown again). What the browser adds (the page's rendering, the
// worker hand-off) is in benches/browser.mjs.
//
//   node benches/module-keystroke.mjs [BUILD_DIR]
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { moduleOfLines } from "../tests/browser/harness.mjs";
import { loadModule } from "./wasm-module.mjs";

const glue = await loadModule(process.argv[2] ?? "www/pkg-full");
const large = moduleOfLines(3000);
// As the page asks: types cut at 300 bytes (builds before maxTypeLength
// refuse the option, and are asked without it).
const options = { profile: "terraform", variablesFormat: "json", maxTypeLength: 300 };
const providers = new URL("../www/providers/", import.meta.url);

let result = glue.evaluateModule(large, "{}", options);
if (result.diagnostics?.some((d) => d.detail.includes("maxTypeLength"))) {
  delete options.maxTypeLength;
  result = glue.evaluateModule(large, "{}", options);
}
// As the worker does: the provider data files asked for, then again.
for (let round = 0; result.needsProviderFiles?.length && round < 4; round++) {
  glue.addProviderFiles(Object.fromEntries(result.needsProviderFiles.map((p) => [p, readFileSync(new URL(p, providers), "utf8")])));
  result = glue.evaluateModule(large, "{}", options);
}
if (!result.ok || result.values.length < 700) throw new Error("the 3,000-line module does not evaluate");

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
// Types `count` letters at `at` (after `warm` keystrokes for the JIT), each
// evaluated as a keystroke is; the times in ms.
function typing(at, count, warm = 10) {
  let text = large;
  const times = [];
  for (let i = 0; i < warm + count; i++) {
    text = text.slice(0, at) + "abcdefghijklmnopqrstuvwxyz"[i % 26] + text.slice(at);
    const t = performance.now();
    structuredClone(glue.evaluateModule(text, "{}", options));
    if (i >= warm) times.push(performance.now() - t);
    // As the worker does after posting the answer.
    glue.releaseModules?.();
  }
  glue.evaluateModule(large, "{}", options);
  return times;
}
const show = (xs) => `p50 ${quantile(xs, 0.5).toFixed(1)} ms, p95 ${quantile(xs, 0.95).toFixed(1)} ms (${xs.length} keystrokes)`;
const local = typing(large.indexOf('upper("x5"') + 8, 40);
console.log(`3,000-line module, a keystroke in one local (Node, evaluated and cloned): ${show(local)} (\`module3000_local_node_p50=${quantile(local, 0.5).toFixed(1)}\`)`);
const zones = typing(large.indexOf('["a", "b", "c"]') + 3, 20);
console.log(`3,000-line module, a keystroke in var.zones' default (Node, evaluated and cloned; every value changes): ${show(zones)} (\`module3000_zones_node_p50=${quantile(zones, 0.5).toFixed(1)}\`)`);
