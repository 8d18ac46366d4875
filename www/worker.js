// Evaluates off the main thread, so a runaway expression never freezes the
// page: the page terminates this worker when it takes too long.
//
// Two builds of the evaluator: pkg/ (every function but the heavy ones:
// regular expressions, YAML, gzip, CSV, hashes, bcrypt, RSA, dates) loads
// at once; pkg-full/ loads the first time an expression calls a heavy
// function (the smaller build says so with `needsFullBuild`), and serves
// every evaluation after that. Each build keeps one Session, which parses
// again only what changed since the last request (the expression or the
// variables), and renders only the outputs the request asks for.
import init, * as core from "./pkg/hcl_playground.js";

const ready = init();
ready.then(() => self.postMessage({ ready: true }));

let coreSession = null;
let full = null;
function loadFull() {
  full ??= import("./pkg-full/hcl_playground.js").then(async (m) => {
    await m.default();
    return { module: m, session: new m.Session() };
  });
  return full;
}

self.onmessage = async (event) => {
  const { id, kind, source, variables, options } = event.data;
  try {
    await ready;
    if (kind === "meta") {
      self.postMessage({ id, functions: core.functions(), version: core.version() });
      return;
    }
    let session = full ? (await full).session : (coreSession ??= new core.Session());
    let result = session.evaluate(source, variables, options);
    if (result.needsFullBuild) {
      // Loading is not evaluation: the page stops its clock meanwhile.
      self.postMessage({ id, loading: true });
      session = (await loadFull()).session;
      self.postMessage({ id, loaded: true });
      result = session.evaluate(source, variables, options);
    }
    self.postMessage({ id, result });
  } catch (err) {
    self.postMessage({ id, crashed: String(err) });
  }
};
