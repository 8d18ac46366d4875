// www/engine.js without a browser: a fake Worker and Node's mock clock, so
// that what depends on time (each request's time limit, counted from when
// the worker takes it; the clock stopped while the full build loads) is
// checked by moving the clock, never by waiting for it.
import { test, mock, beforeEach, afterEach } from "node:test";
import assert from "node:assert/strict";
import { createEngine } from "../../www/engine.js";

class FakeWorker {
  static all = [];
  constructor() {
    this.posted = [];
    this.terminated = false;
    FakeWorker.all.push(this);
  }
  postMessage(message) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** The worker's side: a message to the page. */
  send(data) {
    this.onmessage({ data });
  }
  /** Answers the request it was given last. */
  answer(result = { ok: true }) {
    this.send({ id: this.posted.at(-1).id, result });
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const latestWorker = () => FakeWorker.all.at(-1);

beforeEach(() => {
  FakeWorker.all = [];
  globalThis.Worker = FakeWorker;
  mock.timers.enable({ apis: ["setTimeout"] });
});
afterEach(() => mock.timers.reset());

/** An engine whose worker has started and said it is ready. */
function readyEngine(limit = 100) {
  const engine = createEngine(() => "worker.js", limit);
  engine.warm();
  latestWorker().send({ ready: true });
  return engine;
}

/** Records each answer as it arrives. */
function track(promise) {
  const t = { answer: undefined, settled: false };
  promise.then((a) => Object.assign(t, { answer: a, settled: true }));
  return t;
}

test("a request's time limit starts when the worker takes it, not while it waits", async () => {
  const engine = readyEngine(100);
  const asked = [1, 2, 3].map((n) => track(engine.ask({ kind: "evaluate", source: String(n) })));
  for (let i = 0; i < 3; i++) {
    // Each takes 90 ms of the worker's time: the third has waited 180 ms.
    mock.timers.tick(90);
    assert.equal(latestWorker().posted.length, i + 1, "one request at a time");
    latestWorker().answer({ n: i + 1 });
    await flush();
  }
  assert.deepEqual(asked.map((a) => a.answer), [1, 2, 3].map((n) => ({ id: n, result: { n } })));
  assert.equal(FakeWorker.all.length, 1, "no worker was ended");
});

test("a request past its limit ends the worker; the next goes to a fresh one", async () => {
  const engine = readyEngine(100);
  const slow = track(engine.ask({ kind: "evaluate", source: "slow" }));
  const next = track(engine.ask({ kind: "evaluate", source: "next" }));
  mock.timers.tick(99);
  await flush();
  assert.equal(slow.settled, false);
  mock.timers.tick(1);
  await flush();
  assert.deepEqual(slow.answer, { timedOut: true });
  assert.equal(FakeWorker.all[0].terminated, true);
  // The fresh worker has to say it is ready before it gets the request,
  // and the wait for that is not counted either.
  assert.equal(FakeWorker.all.length, 2);
  mock.timers.tick(5000);
  assert.equal(latestWorker().posted.length, 0);
  latestWorker().send({ ready: true });
  assert.equal(latestWorker().posted[0].source, "next");
  latestWorker().answer();
  await flush();
  assert.equal(next.answer.result.ok, true);
});

test("the clock stops while the worker loads the full build", async () => {
  const engine = readyEngine(100);
  const heavy = track(engine.ask({ kind: "evaluate", source: 'md5("a")' }));
  const w = latestWorker();
  const id = w.posted[0].id;
  mock.timers.tick(50);
  w.send({ id, loading: true });
  mock.timers.tick(10_000);
  w.send({ id, loaded: true });
  mock.timers.tick(99);
  w.answer({ ok: true });
  await flush();
  assert.deepEqual(heavy.answer, { id, result: { ok: true } });
});

test("stop() ends the running request, and the next starts afresh", async () => {
  const engine = readyEngine(30_000);
  assert.equal(engine.stop(), false, "nothing to stop");
  const runaway = track(engine.ask({ kind: "evaluate", source: "runaway" }));
  const next = track(engine.ask({ kind: "evaluate", source: "next" }));
  assert.equal(engine.stop(), true);
  await flush();
  assert.deepEqual(runaway.answer, { stopped: true });
  assert.equal(FakeWorker.all[0].terminated, true);
  latestWorker().send({ ready: true });
  latestWorker().answer();
  await flush();
  assert.equal(next.answer.result.ok, true);
  // The time limit of the stopped request never fires later.
  mock.timers.tick(60_000);
  assert.equal(FakeWorker.all.length, 2);
});

test("a lane: the newest input wins; replaced and overtaken requests answer null", async () => {
  const engine = readyEngine(1000);
  const lane = engine.lane();
  const first = track(lane({ kind: "evaluate", source: "a" }));
  await flush();
  const second = track(lane({ kind: "evaluate", source: "ab" }));
  const third = track(lane({ kind: "evaluate", source: "abc" }));
  await flush();
  assert.equal(second.answer, null, "replaced while waiting");
  const w = latestWorker();
  assert.deepEqual(w.posted.map((m) => m.source), ["a"], "typing never queues work");
  w.answer({ text: "a" });
  await flush();
  assert.equal(first.answer, null, "overtaken by newer input");
  assert.deepEqual(w.posted.map((m) => m.source), ["a", "abc"]);
  w.answer({ text: "abc" });
  await flush();
  assert.equal(third.answer.result.text, "abc");
});

test("an urgent request goes before those waiting that are not", async () => {
  const engine = readyEngine(1000);
  engine.ask({ kind: "evaluate", source: "running" });
  engine.ask({ kind: "evaluate", source: "queued" });
  engine.ask({ kind: "evaluate", source: "edit" }, 1000, { urgent: true });
  const w = latestWorker();
  w.answer();
  w.answer();
  assert.deepEqual(w.posted.map((m) => m.source), ["running", "edit", "queued"]);
});

test("a worker that cannot start fails every request with the reason", async () => {
  const engine = createEngine(() => "worker.js", 1000);
  const a = track(engine.ask({ kind: "evaluate", source: "1" }));
  const b = track(engine.ask({ kind: "meta" }));
  latestWorker().onerror({ message: "SyntaxError in worker.js" });
  await flush();
  assert.deepEqual(a.answer, { crashed: "the evaluator could not be started (SyntaxError in worker.js)" });
  assert.deepEqual(b.answer, a.answer);
});

test("drop() takes waiting requests out of the queue; they answer null", async () => {
  const engine = readyEngine(1000);
  const running = track(engine.ask({ kind: "inspect", source: "a" }));
  const inspect = track(engine.ask({ kind: "inspect", source: "b" }));
  const evaluate = track(engine.ask({ kind: "evaluate", source: "c" }));
  engine.drop((m) => m.kind === "inspect");
  await flush();
  assert.equal(inspect.answer, null);
  assert.equal(running.settled, false, "the running request is not dropped");
  const w = latestWorker();
  w.answer();
  w.answer();
  await flush();
  assert.deepEqual(w.posted.map((m) => m.source), ["a", "c"]);
  assert.equal(evaluate.answer.result.ok, true);
});

test("a lane's clear() drops the request waiting in it; the one with the engine, overtaken, answers null", async () => {
  const engine = readyEngine(1000);
  const lane = engine.lane();
  const running = track(lane({ kind: "inspect", source: "a" }));
  await flush();
  const waiting = track(lane({ kind: "inspect", source: "b" }));
  lane.clear();
  await flush();
  assert.equal(waiting.answer, null);
  latestWorker().answer({ text: "a" });
  await flush();
  assert.equal(running.answer, null);
  assert.deepEqual(latestWorker().posted.map((m) => m.source), ["a"], "the cleared request never reached the worker");
});

test("module values the worker posts as unchanged are the ones it posted before, by profile", async () => {
  const engine = readyEngine();
  const a = { address: "local.a", console: '"x"' };
  const b = { address: "local.b", console: "1" };
  const ask = (profile) => track(engine.ask({ kind: "module", source: "", options: { profile } }));
  const post = (values, profile = "terraform") => latestWorker().send({ id: latestWorker().posted.at(-1).id, result: { values }, valuesOf: profile });
  const first = ask("terraform");
  post([a, b]);
  await flush();
  assert.deepEqual(first.answer.result.values, [a, b]);
  const b2 = { address: "local.b", console: "2" };
  const second = ask("terraform");
  post([{ address: "local.a", same: true }, b2]);
  await flush();
  assert.deepEqual(second.answer.result.values, [a, b2]);
  assert.equal(second.answer.valuesOf, undefined, "the answer carries no protocol field");
  // Another engine's values are its own.
  const tofu = ask("opentofu");
  post([b], "opentofu");
  await flush();
  const third = ask("terraform");
  post([{ address: "local.a", same: true }, { address: "local.b", same: true }]);
  await flush();
  assert.deepEqual([tofu.answer.result.values, third.answer.result.values], [[b], [a, b2]]);
});

test("a worker started again has posted no module values", async () => {
  const engine = readyEngine(100);
  const first = track(engine.ask({ kind: "module", source: "", options: {} }));
  latestWorker().send({ id: latestWorker().posted.at(-1).id, result: { values: [{ address: "local.a", console: "1" }] }, valuesOf: "terraform" });
  await flush();
  assert.equal(first.answer.result.values.length, 1);
  // A request that runs past its limit ends the worker.
  const slow = track(engine.ask({ kind: "module", source: "", options: {} }));
  mock.timers.tick(100);
  await flush();
  assert.equal(slow.answer.timedOut, true);
  const next = track(engine.ask({ kind: "module", source: "", options: {} }));
  latestWorker().send({ ready: true });
  latestWorker().send({ id: latestWorker().posted.at(-1).id, result: { values: [{ address: "local.a", same: true }] }, valuesOf: "terraform" });
  await flush();
  assert.deepEqual(next.answer.result.values, [], "a fresh worker's base is empty");
});
