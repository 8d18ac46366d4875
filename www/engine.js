// The page's and the embedded widgets' side of www/worker.js: one Web
// Worker evaluates, with a time limit per request. A request that runs
// past the limit terminates the worker (the next request starts a fresh
// one) and answers { timedOut: true }. Loading the WebAssembly modules is
// not timed: the worker says when it starts and ends loading the full
// build, and the clock stops meanwhile. A request that crashed the
// evaluator also ends the worker.

/**
 * @param {() => string | URL} workerUrl where the worker module is
 * @param {number} timeLimitMs the longest an evaluation may run
 */
export function createEngine(workerUrl, timeLimitMs) {
  let worker = null;
  let ready = null;
  let nextId = 1;
  const pending = new Map();

  function stop() {
    worker.terminate();
    worker = null;
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.resolve({ timedOut: true });
    }
    pending.clear();
  }

  function start() {
    worker = new Worker(workerUrl(), { type: "module" });
    let resolveReady;
    ready = new Promise((r) => (resolveReady = r));
    worker.onmessage = (e) => {
      const { data } = e;
      if (data.ready) return resolveReady();
      const p = pending.get(data.id);
      if (!p) return;
      clearTimeout(p.timer);
      if (data.loading) return;
      if (data.loaded) {
        p.timer = setTimeout(stop, p.limit);
        return;
      }
      pending.delete(data.id);
      p.resolve(data);
      // A WebAssembly trap may leave the module unusable: the next request
      // starts a fresh worker.
      if (data.crashed) stop();
    };
  }

  /** Sends a message ({ kind: "meta" } or { kind: "evaluate", … }). */
  async function ask(message, limit = timeLimitMs) {
    if (!worker) start();
    await ready;
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, { resolve, limit, timer: setTimeout(stop, limit) });
      worker.postMessage({ ...message, id });
    });
  }

  return { ask };
}
