// The realistic workload through the shipped WebAssembly module (www/pkg,
// built by ./scripts/build-web) in Node: time per `evaluate` call, to set
// beside the native figure of `throughput` (the same work: variables JSON,
// parse, evaluate, console, JSON and type).
import { performance } from "node:perf_hooks";
import { loadModule, workload } from "./wasm-module.mjs";

const glue = await loadModule();
const cases = workload().map((c) => ({ expr: c.expr, vars: c.vars, options: { template: c.template } }));

const reps = 200;
let best = Infinity;
for (let round = 0; round < 5; round++) {
  const t = performance.now();
  for (let r = 0; r < reps; r++) {
    for (const c of cases) {
      if (!glue.evaluate(c.expr, c.vars, c.options).ok) throw new Error(`fails: ${c.expr}`);
    }
  }
  best = Math.min(best, performance.now() - t);
}
const ns = Math.round((best * 1e6) / (reps * cases.length));
console.log(`${cases.length} expressions × ${reps}: ${(ns / 1000).toFixed(1)} µs per evaluation (\`wasm_ns_per_eval=${ns}\`)`);
