// How long the page's own evaluation (www/src/local.js) can hold the main
// thread: costly expressions through the first module in Node under the
// page's small limits, warm (three rounds first), the slowest reported.
// Each either finishes or stops at a limit (then the worker takes over).
//
//   node benches/local-limits.mjs [BUILD]     (default www/pkg)
import { performance } from "node:perf_hooks";
import { loadModule } from "./wasm-module.mjs";
import { LOCAL_LIMITS } from "../www/src/local.js";

const glue = await loadModule();
const session = new glue.Session();
const costly = [
  "[for i in range(1000): [for j in range(1000): j]]",
  "[for i in range(1000): cidrsubnet(\"10.0.0.0/8\", 16, i)]",
  "setproduct(range(100), range(100))",
  "join(\",\", [for i in range(1000): format(\"%0200d\", i)])",
  "sort([for i in range(1000): tostring(i)])",
  "flatten([for i in range(100): [for j in range(100): [i, j]]])",
  "jsonencode([for i in range(1000): {a = i, b = \"x\"}])",
  "strrev(join(\"\", [for i in range(1000): \"abcdefghijklmnopqrstuvwxyz\"]))",
  "replace(join(\"\", [for i in range(1000): \"abababababababab\"]), \"a\", \"xyz\")",
  "formatlist(\"%s-%s\", range(1000), range(1000))",
  "cidrsubnets(\"10.0.0.0/8\", [for i in range(1000): 20]...)",
  "[for x in setproduct(range(30), range(30), range(30)): x[0]]",
  "format(\"%01000000000d\", 1)",
  "indent(100000000, \"a\\nb\")",
  "pow(2, 100000)",
  "\"${pow(2, 3000)}\"",
];
const options = { limits: LOCAL_LIMITS, outputs: ["console", "type", "diagnosticsText", "refinements"] };
for (let round = 0; round < 3; round++) for (const c of costly) session.evaluate(c, "{}", options);
let worst = { ms: 0 };
for (const expr of costly) {
  const t = performance.now();
  const r = session.evaluate(expr, "{}", options);
  const ms = performance.now() - t;
  if (ms > worst.ms) worst = { ms, expr, limit: Boolean(r.limitReached) };
}
console.log(
  `the page's own evaluation, ${costly.length} costly expressions under its limits: slowest ${worst.ms.toFixed(1)} ms (${worst.expr}${worst.limit ? ", stopped at a limit" : ""}) (\`local_worst_ms=${worst.ms.toFixed(1)}\`)`,
);
