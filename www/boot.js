// The page's first script, tiny and loaded async from <head>: it starts the
// evaluator's worker (so the WebAssembly module downloads and compiles),
// fetches the examples, and shows the default example with its result as
// plain text before the editor bundle runs. Running that bundle (CodeMirror)
// is a long main-thread task that would delay both the worker's start and
// the first result's display, so it is imported only after the first result
// is on screen (index.html preloads it meanwhile). The bundle imports this
// module by URL, so both share this one engine.
import { createEngine } from "./engine.js";

// ?timeLimit=MS changes the time limit (the browser tests lower it), within
// bounds: below them every evaluation would fail, above them a runaway
// expression would hold the worker for good.
function timeLimitFromQuery(defaultMs = 3000, min = 100, max = 30000) {
  const raw = new URLSearchParams(location.search).get("timeLimit");
  const ms = raw === null || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(ms) ? Math.min(Math.max(Math.round(ms), min), max) : defaultMs;
}
export const TIME_LIMIT_MS = timeLimitFromQuery();

export const engine = createEngine(() => new URL("worker.js", import.meta.url), TIME_LIMIT_MS);
engine.warm();

export const examples = fetch(new URL("examples.json", import.meta.url)).then((r) => r.json());
export const DEFAULT_EXAMPLE = 10;

// A link's state needs the bundle's decoder, and the last visit's work
// (persist.js) its checks: both wait for the editor.
function savedWork() {
  try {
    return localStorage.getItem("hcl-playground.state") !== null;
  } catch {
    return false;
  }
}

async function showFirst() {
  if (location.hash.length > 1 || savedWork()) return;
  const ex = (await examples)[DEFAULT_EXAMPLE];
  const placeholder = (id, text) => {
    const pre = document.createElement("pre");
    pre.className = "boot";
    pre.textContent = text;
    document.getElementById(id)?.append(pre);
  };
  placeholder("editor", ex.expr);
  placeholder("variables", ex.vars);
  const answer = await engine.ask({ kind: "evaluate", source: ex.expr, variables: ex.vars, options: { template: ex.template, outputs: ["console", "type"] } });
  const r = answer.result;
  const output = document.getElementById("output");
  // The bundle may have been quicker (a slow worker start): its result stands.
  if (!r?.ok || !output || output.textContent !== "") return;
  output.textContent = r.console;
  output.hidden = false;
  document.getElementById("type").textContent = r.type;
  document.getElementById("type-line").hidden = false;
  window.__firstShownMs = performance.now();
}

showFirst()
  .catch(() => {})
  .finally(() => import("./dist/main.js"));
