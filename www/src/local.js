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

export function createLocal(moduleUrl) {
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

  return {
    load,
    evaluate,
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
