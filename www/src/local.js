// Evaluation on the page's own thread, for the edits that are cheap to
// evaluate (nearly all of them); everything else goes to the worker.
//
// Why not always the worker: Chromium runs the task that delivers a
// worker's answer only after it has produced the frame that follows a
// keystroke, so an answer ready 0.5 ms after the keystroke waited 5-11 ms
// with the main thread idle, and reached the screen a frame later than an
// answer computed here, before that frame (benches/browser.mjs).
//
// Why it stays safe: a runaway expression must never freeze the page, and
// only the worker can be stopped. Here the evaluator runs with small work
// and size limits (which end an evaluation within about a frame: 13 ms for
// the slowest of the costly expressions in benches/local-limits.mjs),
// and its answer is used only when no limit was reached; otherwise, and
// when the smaller build lacks a function (`needsFullBuild`), the worker
// evaluates again with the default limits, so the answer is the same
// either way.
// After an evaluation that took long on either side (large variables, a
// costly function), edits go to the worker until one is quick again.

/** Limits that end an evaluation here within about a frame. */
export const LOCAL_LIMITS = { maxSteps: 20000, maxCollectionLen: 10000, maxStringLen: 1 << 18 };
/** An evaluation slower than this (ms) sends the next ones to the worker. */
const QUICK_MS = 4;
/**
 * A module's evaluation here: each expression under the small limits, and
 * all of them together under about ten times one expression's (a
 * configuration with many instances must not hold the page either).
 */
export const MODULE_LIMITS = { ...LOCAL_LIMITS, maxTotalSteps: 200000 };
/**
 * The same for a module's evaluation (the whole configuration planned, with
 * each expression under the small limits): a 300-line module takes about
 * 3 ms, a 3,000-line one more than 12 (benches/browser.mjs); a frame less
 * the page's own work, so that one slow evaluation does not send the next
 * ones to the worker.
 */
const MODULE_QUICK_MS = 12;
const WARM_ROUNDS = 10;
/** Module evaluations left to the worker after one here reached a limit. */
const SKIP_AFTER_LIMIT = 20;
/** Runs `f` when the page is idle. */
const whenIdle = (f) => (globalThis.requestIdleCallback ?? ((g) => setTimeout(g, 50)))(f);

// Module mode needs the full build: it is loaded here the first time a
// module is evaluated (the browser's cache serves the worker's copy), and
// given the provider data files an evaluation asks for by the worker,
// which fetched them (each is downloaded once).
export function createLocal(moduleUrl, fullUrl) {
  let full = null;
  let loadingFull = null;
  let moduleMs = 0;
  let moduleQuickMs = MODULE_QUICK_MS;
  // Provider data files the last evaluation here asked for.
  let wanted = [];
  // The last module evaluation was answered here: this instance's
  // workspace holds it, and a hover can be answered from it.
  let answeredHere = false;
  let skipModules = 0;
  let build = null;
  let memory = null;
  let profileNames = null;
  const sessions = new Map();
  let lastMs = 0;
  // Tests set the threshold (which thread answers must not depend on how
  // fast the machine happens to be).
  let quickMs = QUICK_MS;

  // After the first result, so that this download and compilation (the
  // browser's cache serves the worker's copy) never delays it.
  function load() {
    const url = new URL(moduleUrl, import.meta.url);
    return import(url.href).then(async (m) => {
      memory = (await m.default()).memory;
      profileNames = new Set(m.profiles().map((p) => p.name));
      build = m;
    });
  }

  // One session per profile, as in the worker: a session parses again only
  // what changed since its last request. Names the API does not know share
  // one (it answers them with an options diagnostic).
  function session(profile = "terraform") {
    const key = profileNames.has(profile) ? profile : "?";
    if (!sessions.has(key)) sessions.set(key, new build.Session());
    return sessions.get(key);
  }

  /**
   * The answer to an { kind: "evaluate" } message, as the worker would give
   * it ({ result }), or null when the worker should evaluate it.
   */
  function evaluate({ source, variables, options }) {
    if (!build || lastMs > quickMs) return null;
    const started = performance.now();
    let result;
    try {
      result = session(options.profile).evaluate(source, variables, { ...options, limits: LOCAL_LIMITS });
    } catch {
      // A trap may leave this instance unusable: the worker takes over.
      build = null;
      return null;
    }
    lastMs = performance.now() - started;
    // Past the small limits: the worker answers, and its time decides
    // whether the next edit is tried here again.
    if (result.limitReached) lastMs = Infinity;
    if (result.limitReached || result.needsFullBuild) return null;
    return { result };
  }

  function loadFull(message) {
    loadingFull ??= import(new URL(fullUrl, import.meta.url).href)
      .then(async (m) => {
        await m.default();
        full = m;
        warm(message, WARM_ROUNDS);
      })
      .catch(() => {});
  }

  // V8 compiles WebAssembly with its baseline compiler first and optimises
  // the functions that run often: a few evaluations of the module in idle
  // time (each of a slightly different text, as an unchanged one is not
  // evaluated again) make the first edits as quick as the later ones.
  function warm(message, rounds) {
    if (rounds === 0) return;
    whenIdle(() => {
      try {
        full?.evaluateModule(`${message.source}\n# ${rounds}\n`, message.variables, { ...message.options, limits: MODULE_LIMITS });
      } catch {
        return;
      }
      warm(message, rounds - 1);
    });
  }

  /**
   * The answer to a { kind: "module" } message, as the worker would give it
   * ({ result, ms }), or null when the worker should evaluate it.
   */
  function evaluateModule({ source, variables, options }) {
    answeredHere = false;
    if (!full) {
      loadFull({ source, variables, options });
      return null;
    }
    if (moduleMs > moduleQuickMs) return null;
    // After a limit was reached here, the next edits go to the worker
    // without trying here first (each would be evaluated twice).
    if (skipModules > 0) {
      skipModules--;
      return null;
    }
    const started = performance.now();
    let result;
    try {
      result = full.evaluateModule(source, variables, { ...options, limits: MODULE_LIMITS });
    } catch {
      full = null;
      return null;
    }
    moduleMs = performance.now() - started;
    if (result.limitReached) skipModules = SKIP_AFTER_LIMIT;
    // The worker, which has fetched them or will, hands them over with its
    // answer.
    wanted = result.needsProviderFiles ?? [];
    if (wanted.length || result.limitReached) return null;
    answeredHere = true;
    // Freeing the evaluation this one took over from waits until the page
    // has shown the answer.
    whenIdle(() => full?.releaseModules());
    return { result, ms: moduleMs };
  }

  /**
   * The answer to an { kind: "inspectModule" } message ({ result }) from the
   * evaluation made here, when the last module evaluation was made here (its
   * workspace holds it: only the declaration at the place is planned
   * again), or null for the worker.
   */
  function inspectModule({ source, variables, options, start, end }) {
    if (!full || !answeredHere) return null;
    try {
      return { result: full.inspectModule(source, variables, { ...options, limits: MODULE_LIMITS }, start, end) };
    } catch {
      full = null;
      return null;
    }
  }

  return {
    load,
    evaluate,
    evaluateModule,
    inspectModule,
    /** The provider data files to ask the worker for with the next module message. */
    wantedProviderFiles: () => (full ? wanted : []),
    /** The worker's answer to a module message: its time (ms), and the provider data files asked for. */
    observeModule(answer) {
      if (typeof answer?.ms === "number") moduleMs = answer.ms;
      if (answer?.providerFiles && full) {
        full.addProviderFiles(answer.providerFiles);
        wanted = wanted.filter((p) => !(p in answer.providerFiles));
      }
    },
    /** Whether the next module evaluation goes to the worker (the last one here took long). */
    leavesNextToWorker: () => full !== null && moduleMs > moduleQuickMs,
    /** Sets the time (ms) past which a module evaluation sends the next ones to the worker. */
    setModuleQuickMs(ms) {
      moduleQuickMs = ms;
    },
    /** The time (ms) the worker took for its last evaluation. */
    observe(ms) {
      if (typeof ms === "number") lastMs = ms;
    },
    /** Sets the time (ms) past which an evaluation sends the next ones to the worker. */
    setQuickMs(ms) {
      quickMs = ms;
    },
    /** The WebAssembly memory's size here, in bytes (for the benchmark). */
    memoryBytes: () => memory?.buffer.byteLength ?? null,
  };
}
