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
// A module ({ kind: "module" }) goes to the full build's evaluateModule:
// the smaller build leaves Module mode and the formatter out. Its
// diagnostics arrive as Maps, made plain here; `ms` is the evaluation time.
import init, * as core from "./pkg/hcl_playground.js";

const ready = init();
ready.then(() => self.postMessage({ ready: true }));

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

// The smaller build leaves Module mode out (`module-mode`), so a module
// always goes to the full build, loaded on the first one.
let fullLoaded = false;
async function evaluateModule(id, source, variables, options) {
  if (!fullLoaded) self.postMessage({ id, loading: true });
  const build = await loadFull();
  if (!fullLoaded) self.postMessage({ id, loaded: true });
  fullLoaded = true;
  return moduleResult(build, source, variables, options);
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
