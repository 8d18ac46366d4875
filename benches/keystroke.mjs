// The page's per-keystroke work, in Node, through a built WebAssembly
// module (default www/pkg): for each workload expression, 50 edits of the
// expression with its variables unchanged, each doing what the page does
// on an edit: the worker evaluates and posts the result (a structured
// clone), the page takes what it shows. Works with the one-off
// `evaluate(source, variables, options)` API (the page before sessions,
// which also re-read the variables with JSON.parse for autocomplete on
// every result) and with `Session` (parsed variables kept, only the shown
// renderings made).
//
//   node benches/keystroke.mjs [BUILD_DIR]
import { performance } from "node:perf_hooks";
import { loadModule, workload } from "./wasm-module.mjs";

const glue = await loadModule();
const cases = workload(2);

const EDITS = 50;
const session = glue.Session ? new glue.Session() : null;

function keystroke(source, vars, template) {
  let result;
  if (session) {
    result = session.evaluate(source, vars, { template, outputs: ["console", "type", "diagnosticsText"] });
  } else {
    result = glue.evaluate(source, vars, { template });
    JSON.parse(vars);
  }
  return structuredClone(result);
}

let best = Infinity;
for (let round = 0; round < 5; round++) {
  const t = performance.now();
  for (const c of cases) {
    for (let i = 0; i < EDITS; i++) {
      // Each edit changes the source (a trailing space comes and goes).
      const r = keystroke(i % 2 ? `${c.expr} ` : c.expr, c.vars, c.template);
      if (!r.ok) throw new Error(`fails: ${c.expr}`);
    }
  }
  best = Math.min(best, performance.now() - t);
}
const ns = Math.round((best * 1e6) / (EDITS * cases.length));
const api = session ? "Session" : "evaluate()";
console.log(`${cases.length} expressions × ${EDITS} edits through ${api}: ${(ns / 1000).toFixed(1)} µs per keystroke (\`keystroke_ns=${ns}\`)`);
