// The Tests panel (Module mode): the workspace's test files (*.tftest.hcl)
// run against its module as `terraform test` runs them (the worker's
// runTests), with each file and run and its result; a run's problems
// (a failed assertion's message, an error) show as the program prints
// them, and a click on a run or a problem opens its file there. Output
// goes through textContent only.

import { el } from "./dom.js";

/** Whether a workspace path is a test file for the engine. */
export const isTestFile = (path, profile) =>
  path.endsWith(".tftest.hcl") || (profile === "opentofu" && path.endsWith(".tofutest.hcl"));

function problem(d, jump) {
  const item = el("li", `test-problem ${d.warning ? "warning" : "error"}`);
  const head = el("button", "test-problem-head", d.summary);
  head.type = "button";
  if (d.file) {
    head.title = `${d.file} line ${d.line}`;
    head.addEventListener("click", () => jump({ file: d.file, range: { start: d.start, end: d.end } }));
  }
  const text = el("pre", "test-problem-text", d.text.replace(/^\n/, ""));
  item.append(head, text);
  return item;
}

/** The summary line, as the program ends its output. */
export function testsSummary(result) {
  const runs = result.files.flatMap((f) => f.runs);
  const passed = runs.filter((r) => r.status === "pass").length;
  const failed = runs.filter((r) => r.status === "fail" || r.status === "error").length;
  const skipped = runs.filter((r) => r.status === "skip").length;
  const word = result.passed ? "Success!" : "Failure!";
  return `${word} ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}.`;
}

/**
 * Shows a runTests result in `container` (hidden when there is none);
 * `jump({file, range})` opens a place.
 */
export function renderTests(container, result, jump) {
  if (!result) {
    container.hidden = true;
    container.replaceChildren();
    return;
  }
  container.hidden = false;
  const head = el("div", "tests-head");
  head.append(el("h3", "", "Tests"), el("span", `tests-summary ${result.passed ? "pass" : "fail"}`, testsSummary(result)));
  const body = [head];
  if (result.errors.length) {
    const list = el("ul", "test-problems");
    list.append(...result.errors.map((d) => problem(d, jump)));
    body.push(list);
  }
  for (const file of result.files) {
    const section = el("section", "tests-file");
    section.dataset.testid = "tests-file";
    const title = el("button", `tests-file-name status-${file.status}`);
    title.type = "button";
    title.append(el("span", "name", file.name), el("span", "status", file.status));
    title.addEventListener("click", () => jump({ file: file.name, range: { start: 0, end: 0 } }));
    const runs = el("ul", "tests-runs");
    for (const run of file.runs) {
      const item = el("li", `tests-run status-${run.status}`);
      item.dataset.testid = "tests-run";
      const line = el("button", "tests-run-head");
      line.type = "button";
      line.append(el("span", "name", `run "${run.name}"`), el("span", "status", run.status === "error" ? "fail" : run.status));
      line.addEventListener("click", () => jump({ file: file.name, range: { start: run.start, end: run.end } }));
      item.append(line);
      if (run.diagnostics.length) {
        const list = el("ul", "test-problems");
        list.append(...run.diagnostics.map((d) => problem(d, jump)));
        item.append(list);
      }
      runs.append(item);
    }
    section.append(title, runs);
    body.push(section);
  }
  container.replaceChildren(...body);
}

/** A result's problems in workspace file `path`, for the editor's marks. */
export function testProblemsIn(result, path) {
  if (!result) return [];
  const all = [...result.errors, ...result.files.flatMap((f) => f.runs.flatMap((r) => r.diagnostics))];
  return all.filter((d) => d.file === path).map((d) => ({ summary: d.summary, detail: d.detail, warning: d.warning, range: { start: d.start, end: d.end } }));
}
