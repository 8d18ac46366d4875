// Evaluates off the main thread, so a runaway expression never freezes the
// page: the page terminates this worker when it takes too long.
//
// Two builds of the evaluator: pkg/ (every function but the heavy ones:
// regular expressions, YAML, gzip, CSV, hashes, bcrypt, RSA, dates) loads
// at once; pkg-full/ loads the first time an expression calls a heavy
// function (the smaller build says so with `needsFullBuild`), and serves
// every evaluation after that. Each build keeps one Session per profile
// (a session parses again when the profile changes, so the page's compare
// view, which asks every profile in turn, would otherwise re-parse on
// every request); a session parses again only what changed since its last
// request, and renders only the outputs the request asks for.
//
// { kind: "format" } formats (terraform fmt); { kind: "inspect" } and
// { kind: "inspectModule" } give the value of the sub-expression at
// start..end (UTF-16). A module ({ kind: "module" }) goes to evaluateModule, which does not flag
// heavy functions: a module naming one goes to the full build. Its
// diagnostics arrive as Maps, made plain here; `ms` is the evaluation time.
import init, * as core from "./pkg/hcl_playground.js";

const ready = init();
ready.then((exports) => {
  // For the browser benchmark: the WebAssembly memory's size, in bytes.
  self.hclMemoryBytes = () => exports.memory.buffer.byteLength;
  self.postMessage({ ready: true });
}, (err) => self.postMessage({ failed: String(err) }));

let full = null;
function loadFull() {
  full ??= import("./pkg-full/hcl_playground.js").then(async (m) => {
    await m.default();
    return m;
  });
  return full;
}

const sessions = new Map();
let profileNames = null;
function session(build, profile) {
  profileNames ??= new Set(core.profiles().map((p) => p.name));
  // Names the API does not know share one session (it answers them with an
  // options diagnostic), so odd widget attributes cannot grow this map.
  const known = profileNames.has(profile);
  const key = `${build === core ? "core" : "full"}:${known ? profile : "?"}`;
  if (!sessions.has(key)) sessions.set(key, new build.Session());
  return sessions.get(key);
}

// The functions the smaller build leaves out (`heavy!` in src/functions).
const HEAVY = /(?<![\p{L}\p{N}_.-])(?:regex(?:all)?|replace|yaml(?:de|en)code|base64g(?:un)?zip|csvdecode|md5|(?:base64)?sha(?:1|256|512)|bcrypt|rsadecrypt|formatdate|time(?:add|cmp|stamp)|uuid(?:v5)?)\s*\(/u;
const LEFT_OUT = "this build of the evaluator leaves the function out";

const plain = (d) => (d instanceof Map ? Object.fromEntries(d) : d);

let lastMs = 0;
function moduleResult(build, source, variables, options) {
  const started = performance.now();
  const result = build.evaluateModule(source, variables, options);
  lastMs = performance.now() - started;
  result.diagnostics = (result.diagnostics ?? []).map(plain);
  if (result.console) result.console.diagnostics = (result.console.diagnostics ?? []).map(plain);
  return result;
}

const leftOut = (result) => [...result.diagnostics, ...(result.console?.diagnostics ?? [])].some((d) => d.detail?.includes(LEFT_OUT));

async function evaluateModule(id, source, variables, options) {
  let build = full ? await full : core;
  if (build === core && (HEAVY.test(source) || HEAVY.test(options?.console ?? ""))) build = null;
  let result = build && moduleResult(build, source, variables, options);
  if (!build || leftOut(result)) {
    self.postMessage({ id, loading: true });
    build = await loadFull();
    self.postMessage({ id, loaded: true });
    result = moduleResult(build, source, variables, options);
  }
  return result;
}

self.onmessage = async (event) => {
  const { id, kind, source, variables, options } = event.data;
  try {
    await ready;
    if (kind === "meta") {
      const profiles = core.profiles();
      const functions = Object.fromEntries(profiles.map((p) => [p.name, core.functions(p.name)]));
      self.postMessage({ id, profiles, functions, version: core.version() });
      return;
    }
    if (kind === "format") {
      self.postMessage({ id, result: core.format(source, options) });
      return;
    }
    if (kind === "inspect" || kind === "inspectModule") {
      // Inspecting evaluates as the page's last evaluation did: with the
      // full build once it is loaded, or when the smaller one says so.
      const { start, end } = event.data;
      const call = (b) => (kind === "inspect" ? b.inspect(source, variables, options, start, end) : b.inspectModule(source, variables, options, start, end));
      const loadTimed = async () => {
        self.postMessage({ id, loading: true });
        const m = await loadFull();
        self.postMessage({ id, loaded: true });
        return m;
      };
      let build = full ? await full : core;
      if (build === core && kind === "inspectModule" && HEAVY.test(source)) build = await loadTimed();
      let result = call(build);
      if (result.needsFullBuild && build === core) result = call(await loadTimed());
      self.postMessage({ id, result });
      return;
    }
    if (kind === "module") {
      const result = await evaluateModule(id, source, variables, options);
      self.postMessage({ id, result, ms: lastMs });
      return;
    }
    const profile = options?.profile ?? "terraform";
    let build = full ? await full : core;
    let result = session(build, profile).evaluate(source, variables, options);
    if (result.needsFullBuild) {
      // Loading is not evaluation: the page stops its clock meanwhile.
      self.postMessage({ id, loading: true });
      build = await loadFull();
      self.postMessage({ id, loaded: true });
      result = session(build, profile).evaluate(source, variables, options);
    }
    self.postMessage({ id, result });
  } catch (err) {
    self.postMessage({ id, crashed: String(err) });
  }
};
