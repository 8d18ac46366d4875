// The realistic workload through the shipped WebAssembly module (www/pkg,
// built by ./scripts/build-web) in Node: time per `evaluate` call, to set
// beside the native figure of `throughput` (the same work: variables JSON,
// parse, evaluate, console, JSON and type).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

const root = new URL("..", import.meta.url);
// An optional argument names another build directory (default www/pkg).
const pkg = new URL(`${process.argv[2] ?? "www/pkg"}/`, root);
const glue = await import(new URL("hcl_playground.js", pkg));
glue.initSync({ module: readFileSync(new URL("hcl_playground_bg.wasm", pkg)) });

const cases = readFileSync(new URL("benches/workload.jsonl", root), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l))
  .map((c) => ({ expr: c.expr, vars: JSON.stringify(c.vars), options: { template: c.template } }));

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
