// www/src/persist.js with an in-memory localStorage: the Recent menu's
// history keeps one entry per piece of work, newest first, at most twelve.
import { test, beforeEach } from "node:test";
import assert from "node:assert/strict";
import { pushHistory, loadHistory, historyLabel, saveCurrent, loadCurrent, HISTORY_MAX } from "../../www/src/persist.js";

beforeEach(() => {
  const store = new Map();
  globalThis.localStorage = {
    getItem: (k) => (store.has(k) ? store.get(k) : null),
    setItem: (k, v) => store.set(k, String(v)),
  };
});

const state = (e, more = {}) => ({ e, v: "{}", t: false, p: "terraform", m: "expression", f: "json", c: "", ...more });

test("the same text in the same mode is listed once, with its newest variables and engine", () => {
  pushHistory(state("upper(x)", { v: '{"x": "a"}' }), 1000);
  pushHistory(state("lower(y)"), 2000);
  const list = pushHistory(state("upper(x)", { v: '{"x": "b"}', p: "opentofu" }), 3000);
  assert.deepEqual(
    list.map((h) => [h.state.e, h.state.v, h.state.p, h.at]),
    [
      ["upper(x)", '{"x": "b"}', "opentofu", 3000],
      ["lower(y)", "{}", "terraform", 2000],
    ],
  );
  assert.deepEqual(loadHistory(), list);
});

test("the same text in another mode is other work", () => {
  pushHistory(state("x"), 1);
  assert.equal(pushHistory(state("x", { m: "template" }), 2).length, 2);
});

test("empty work is not kept, and the history holds at most twelve entries", () => {
  assert.equal(pushHistory(state("  \n")).length, 0);
  for (let i = 0; i < 20; i++) pushHistory(state(`${i}`), i);
  const list = loadHistory();
  assert.equal(list.length, HISTORY_MAX);
  assert.equal(list[0].state.e, "19");
});

test("labels say when, the mode, the engine unless Terraform, and the start of the text", () => {
  const now = 10 * 60_000;
  const cases = [
    [{ state: state("upper(\n  x\n)"), at: now }, "just now · expression · upper( x )"],
    [{ state: state("x", { p: "opentofu" }), at: now - 5 * 60_000 }, "5 min ago · expression · OpenTofu · x"],
    [{ state: state("y".repeat(60), { m: "module", p: "hcl-2.14" }), at: now }, `just now · module · HCL 2.14 · ${"y".repeat(47)}…`],
  ];
  for (const [entry, want] of cases) assert.equal(historyLabel(entry, now), want);
});

test("a stored state that is not a playground state is ignored", () => {
  localStorage.setItem("hcl-playground.state", JSON.stringify({ e: 123 }));
  assert.equal(loadCurrent(), null);
  assert.equal(saveCurrent(state("ok")), true);
  assert.equal(loadCurrent().e, "ok");
});
