// The page's and the embedded widgets' side of www/worker.js: one Web
// Worker evaluates, one request at a time, with a time limit per request.
//
// The engine keeps its own queue and gives the worker a request only when
// the worker is free and has loaded, so a request's time limit starts when
// the worker takes it, never while it waits behind others. A request that
// runs past its limit terminates the worker and answers { timedOut: true };
// the requests waiting behind it go to a fresh worker, untouched. Loading
// the full WebAssembly build is not timed either: the worker says when it
// starts and ends loading it, and the clock stops meanwhile. A request that
// crashed the evaluator ends the worker too (the next one starts afresh).
//
// A lane (engine.lane()) is how an editor asks while its text changes:
// newest input wins. At most one of its requests is with the engine and one
// waits; a newer request replaces the waiting one, which answers null, and
// an answer that a newer request has overtaken also arrives as null (stale
// results are dropped). Typing thus never queues work, and there is no
// fixed delay: a request goes to the worker as soon as it is free.
//
// stop() ends the evaluation the worker is running (the reader's Stop
// button): the worker is terminated, the request answers { stopped: true },
// and what waits behind it goes to a fresh worker.

/**
 * @param {() => string | URL} workerUrl where the worker module is
 * @param {number} timeLimitMs the longest an evaluation may run
 */
export function createEngine(workerUrl, timeLimitMs) {
  let worker = null;
  let ready = false;
  let nextId = 1;
  // Requests not yet given to the worker, and the one it is running.
  const queue = [];
  let current = null;

  function terminate() {
    worker?.terminate();
    worker = null;
    ready = false;
  }

  // The module values the worker posted last, by profile: it posts again
  // only those that changed, the others as { address, same: true }.
  const shown = new Map();
  function restoreValues(data) {
    const before = shown.get(data.valuesOf) ?? new Map();
    // (A fresh worker's first answer has none to restore.)
    const values = data.result.values.map((v) => (v.same ? before.get(v.address) : v)).filter(Boolean);
    shown.set(data.valuesOf, new Map(values.map((v) => [v.address, v])));
    data.result.values = values;
    delete data.valuesOf;
  }

  function finish(answer) {
    const request = current;
    current = null;
    clearTimeout(request.timer);
    request.resolve(answer);
  }

  function start() {
    worker = new Worker(workerUrl(), { type: "module" });
    const self = worker;
    // A fresh worker has posted no module values yet (see restoreValues).
    shown.clear();
    worker.onmessage = (e) => {
      if (self !== worker) return;
      const { data } = e;
      // Every answer of this worker passes here, in the order it posted
      // them (even one the caller no longer waits for).
      if (data.valuesOf !== undefined) restoreValues(data);
      if (data.ready) {
        ready = true;
        return pump();
      }
      if (data.failed) return fail(data.failed);
      if (!current || data.id !== current.id) return;
      clearTimeout(current.timer);
      if (data.loading) return;
      if (data.loaded) {
        current.timer = setTimeout(timeOut, current.limit);
        return;
      }
      finish(data);
      // A WebAssembly trap may leave the module unusable: the next request
      // starts a fresh worker.
      if (data.crashed) terminate();
      pump();
    };
    // The worker's script or module failed to load (or threw outside a
    // request): whatever was asked fails with the reason, rather than
    // waiting for a worker that will never answer.
    worker.onerror = (e) => {
      if (self !== worker) return;
      e.preventDefault?.();
      fail(e.message);
    };
  }

  function fail(reason) {
    const why = `the evaluator could not be started${reason ? ` (${reason})` : ""}`;
    terminate();
    if (current) finish({ crashed: why });
    for (const r of queue.splice(0)) r.resolve({ crashed: why });
  }

  function timeOut() {
    terminate();
    finish({ timedOut: true });
    pump();
  }

  // Gives the next request to the worker when it is free and ready.
  function pump() {
    if (current || queue.length === 0) return;
    if (!worker) return start();
    if (!ready) return;
    current = queue.shift();
    current.id = nextId++;
    current.timer = setTimeout(timeOut, current.limit);
    worker.postMessage({ ...current.message, id: current.id });
  }

  /**
   * Sends a message ({ kind: "meta" } or { kind: "evaluate", … }); an
   * urgent one (an edit the reader is waiting for) goes before those
   * waiting that are not.
   */
  function ask(message, limit = timeLimitMs, { urgent = false } = {}) {
    return new Promise((resolve) => {
      const request = { message, limit, resolve, urgent };
      const at = urgent ? queue.findIndex((r) => !r.urgent) : -1;
      if (at < 0) queue.push(request);
      else queue.splice(at, 0, request);
      pump();
    });
  }

  /** A lane: newest input wins (see above). */
  function lane() {
    let waiting = null;
    let busy = false;
    let latest = 0;
    async function drain() {
      busy = true;
      while (waiting) {
        const w = waiting;
        waiting = null;
        const answer = await ask(w.message, w.limit, w.options);
        w.resolve(w.ticket === latest ? answer : null);
      }
      busy = false;
    }
    const request = (message, limit = timeLimitMs, options = {}) =>
      new Promise((resolve) => {
        waiting?.resolve(null);
        waiting = { message, limit, options, resolve, ticket: ++latest };
        if (!busy) drain();
      });
    /** Drops the request waiting in the lane (it answers null); the one with the engine runs on, and answers null too. */
    request.clear = () => {
      waiting?.resolve(null);
      waiting = null;
    };
    return request;
  }

  /** Ends the request the worker is running, if any (it answers { stopped: true }); true if there was one. */
  function stop() {
    if (!current) return false;
    terminate();
    finish({ stopped: true });
    pump();
    return true;
  }

  /** Drops the requests waiting (not running) whose message `which` picks; each answers null. */
  function drop(which) {
    for (let i = queue.length - 1; i >= 0; i--) {
      if (which(queue[i].message)) queue.splice(i, 1)[0].resolve(null);
    }
  }

  /** Starts the worker (and its WebAssembly download) before the first request. */
  function warm() {
    if (!worker) start();
  }

  return { ask, lane, warm, stop, drop };
}
