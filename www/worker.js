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
