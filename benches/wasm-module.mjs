// What the Node benchmarks share: a built WebAssembly module (the first
// argument names its directory, default www/pkg) and the workload cases.
import { readFileSync } from "node:fs";

const root = new URL("..", import.meta.url);

/** The module's glue, initialised. */
export async function loadModule(dir = process.argv[2] ?? "www/pkg") {
  const pkg = new URL(`${dir}/`, root);
  const glue = await import(new URL("hcl_playground.js", pkg));
  glue.initSync({ module: readFileSync(new URL("hcl_playground_bg.wasm", pkg)) });
  return glue;
}

/** `benches/workload.jsonl`, with the variables as JSON text. */
export function workload(indent) {
  return readFileSync(new URL("benches/workload.jsonl", root), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l))
    .map((c) => ({ expr: c.expr, vars: JSON.stringify(c.vars, null, indent), template: c.template }));
}
