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
// A module's provider resources are planned with the providers' schemas
// (www/providers), fetched on demand: only the files of the types it names.
//
// { kind: "format" } formats (terraform fmt); { kind: "tests" } runs a
// module's test files (terraform test); { kind: "inspect" } and
// { kind: "inspectModule" } ({ kind: "inspectTests" } in a test file's
// assertions, in their run) give the value of the sub-expression at
// start..end (UTF-16). A module ({ kind: "module" }), its inspection and
// formatting go to the full build: the smaller build leaves Module mode
// and the formatter out. { kind: "moduleValues", addresses } and a module
// message give the whole texts ({ address: { console, type } }) of values
// the page shows cut (it asks for no more of them than it shows). Module
// diagnostics arrive as Maps, made plain here; `ms` is the evaluation time
// (of modules and expressions alike).
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

const plain = (d) => (d instanceof Map ? Object.fromEntries(d) : d);

// The module values posted last, by profile: an answer posts again only
// the values that changed, the others as { address, same: true }, which
// the page's engine (engine.js) puts back. A keystroke in a large module
// changes a few of hundreds, each with its value's text and type.
const posted = new Map();
function changedValues(result, profile) {
  if (!Array.isArray(result.values)) return result;
  const before = posted.get(profile) ?? new Map();
  posted.set(profile, new Map(result.values.map((v) => [v.address, v])));
  const field = (x, y) => x === y || (typeof x === "object" && typeof y === "object" && JSON.stringify(x) === JSON.stringify(y));
  const same = (a, b) => Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => field(a[k], b[k]));
  const values = result.values.map((v) => (before.has(v.address) && same(before.get(v.address), v) ? { address: v.address, same: true } : v));
  return { ...result, values };
}

let lastMs = 0;
function moduleResult(build, source, variables, options) {
  const started = performance.now();
  const result = build.evaluateModule(source, variables, options);
  lastMs = performance.now() - started;
  result.diagnostics = (result.diagnostics ?? []).map(plain);
  if (result.console) result.console.diagnostics = (result.console.diagnostics ?? []).map(plain);
  return result;
}

// A module's result with the provider data it needs: fetched the first
// time (only the types it names), then the module is evaluated again.
async function plannedModule(build, source, variables, options, id) {
  let result = moduleResult(build, source, variables, options);
  for (let round = 0; result.needsProviderFiles?.length && round < 4; round++) {
    await provideFiles(build, result.needsProviderFiles, id);
    result = moduleResult(build, source, variables, options);
  }
  return result;
}

// Provider data files (www/providers, beside this worker), fetched once
// each; the page's clock stops meanwhile, as while a build loads. Kept, so
// that the page's own evaluator can be given them too (`providerFilesFor`).
const providerTexts = new Map();
async function provideFiles(build, paths, id) {
  self.postMessage({ id, loading: true });
  const files = {};
  await Promise.all(
    paths.map(async (path) => {
      try {
        const response = await fetch(new URL(`providers/${path}`, import.meta.url));
        files[path] = response.ok ? await response.text() : null;
      } catch {
        files[path] = null;
      }
    }),
  );
  build.addProviderFiles(files);
  for (const [path, text] of Object.entries(files)) providerTexts.set(path, text);
  self.postMessage({ id, loaded: true });
}

// The provider data files the page's evaluator asked for, from those
// fetched here (fetching the others).
async function providerFilesFor(build, paths, id) {
  const missing = paths.filter((p) => !providerTexts.has(p));
  if (missing.length) await provideFiles(build, missing, id);
  return Object.fromEntries(paths.map((p) => [p, providerTexts.get(p) ?? null]));
}

// The full build, with the page told while it loads the first time (the
// page stops its clock meanwhile).
let fullLoaded = false;
async function fullBuild(id) {
  if (!fullLoaded) self.postMessage({ id, loading: true });
  const build = await loadFull();
  if (!fullLoaded) self.postMessage({ id, loaded: true });
  fullLoaded = true;
  return build;
}

self.onmessage = async (event) => {
  const { id, kind, source, variables, options, providerFilesFor: wanted } = event.data;
  try {
    await ready;
    if (kind === "meta") {
      const profiles = core.profiles();
      const functions = Object.fromEntries(profiles.map((p) => [p.name, core.functions(p.name)]));
      self.postMessage({ id, profiles, functions, version: core.version() });
      return;
    }
    if (kind === "format") {
      self.postMessage({ id, result: (await fullBuild(id)).format(source, options) });
      return;
    }
    if (kind === "inspectTests") {
      const { start, end } = event.data;
      self.postMessage({ id, result: (await fullBuild(id)).inspectTests(source, variables, options, start, end) });
      return;
    }
    if (kind === "inspect" || kind === "inspectModule") {
      // Inspecting evaluates as the page's last evaluation did: with the
      // full build once it is loaded, or when the smaller one says so.
      const { start, end } = event.data;
      const call = (b) => (kind === "inspect" ? b.inspect(source, variables, options, start, end) : b.inspectModule(source, variables, options, start, end));
      let build = full || kind === "inspectModule" ? await fullBuild(id) : core;
      let result = call(build);
      if (result.needsFullBuild && build === core) result = call(await fullBuild(id));
      self.postMessage({ id, result });
      return;
    }
    if (kind === "moduleValues") {
      // The text the page shows (planned again only where it differs from
      // the last one here), then the values' whole texts.
      const build = await fullBuild(id);
      await plannedModule(build, source, variables, options, id);
      const whole = Object.fromEntries(event.data.addresses.map((a) => [a, build.moduleValue(a, options?.profile)]).filter(([, w]) => w));
      self.postMessage({ id, result: whole });
      build.releaseModules();
      return;
    }
    if (kind === "tests") {
      const build = await fullBuild(id);
      self.postMessage({ id, result: build.runTests(source, options, event.data.testOptions) });
      return;
    }
    if (kind === "module") {
      const build = await fullBuild(id);
      const result = await plannedModule(build, source, variables, options, id);
      const ms = lastMs;
      const providerFiles = wanted?.length ? await providerFilesFor(build, wanted, id) : undefined;
      const profile = options?.profile ?? "terraform";
      self.postMessage({ id, result: changedValues(result, profile), valuesOf: profile, ms, ...(providerFiles && { providerFiles }) });
      // Freeing the evaluation this one took over from, after answering.
      build.releaseModules();
      return;
    }
    const profile = options?.profile ?? "terraform";
    let build = full ? await full : core;
    let started = performance.now();
    let result = session(build, profile).evaluate(source, variables, options);
    if (result.needsFullBuild) {
      build = await fullBuild(id);
      started = performance.now();
      result = session(build, profile).evaluate(source, variables, options);
    }
    self.postMessage({ id, result, ms: performance.now() - started });
  } catch (err) {
    self.postMessage({ id, crashed: String(err) });
  }
};
