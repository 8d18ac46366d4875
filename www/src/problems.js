// The result pane's list of problems: one entry per diagnostic, with its
// severity, where it is (file:line:column, a pane of the page standing for
// the file) and its message, then the source line, carets and detail as
// the evaluator rendered them. Choosing an entry puts the cursor there.
// All text reaches the DOM through textContent.

import { el } from "./dom.js";

/**
 * The rendered text of each diagnostic, split out of `text` (the blocks the
 * evaluator rendered, "Error: …" or "Warning: …" each), without the first
 * line that repeats the summary; null when the blocks cannot be matched to
 * the diagnostics one for one.
 */
export function splitRendered(text, diagnostics) {
  const blocks = text ? text.split(/\n(?=(?:Error|Warning): )/) : [];
  if (blocks.length !== diagnostics.length) return null;
  return blocks.map((b) => b.replace(/^(?:Error|Warning): [^\n]*\n\n?/, "").replace(/\n+$/, ""));
}

/**
 * Line and column (both from 1, the column in characters) of the UTF-16
 * `offset` in `text`.
 */
export function lineColumn(text, offset) {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lineStart = before.lastIndexOf("\n") + 1;
  const line = before.length - before.replaceAll("\n", "").length + 1;
  return { line, column: [...before.slice(lineStart)].length + 1 };
}

/** "1 error", "2 errors, 1 warning" (or "" when there are none). */
export function countText(diagnostics) {
  const errors = diagnostics.filter((d) => !d.warning).length;
  const warnings = diagnostics.length - errors;
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return [errors && plural(errors, "error"), warnings && plural(warnings, "warning")].filter(Boolean).join(", ");
}

// The diagnostics each list shows now (its entries' click handlers read them).
const current = new WeakMap();

/**
 * Shows `diagnostics` in `root` as a list. `where(d)` names the place of a
 * diagnostic ({file, text}: the pane's name and its text) or null when it
 * has none; `pick(d)` is called when an entry is chosen. The list is
 * rebuilt only when what it shows changes, so that assistive technology
 * and the reader's place in it are left alone while typing changes
 * nothing there.
 */
export function showProblems(root, diagnostics, rendered, { where, pick }) {
  const bodies = splitRendered(rendered, diagnostics);
  const entries = diagnostics.map((d, i) => {
    const place = d.range && where(d);
    const at = place ? lineColumn(place.text, d.range.start) : null;
    return {
      d,
      severity: d.warning ? "Warning" : "Error",
      location: at ? `${place.file}:${at.line}:${at.column}` : "",
      body: bodies ? bodies[i] : d.detail ?? "",
    };
  });
  const key = JSON.stringify(entries.map((e) => [e.severity, e.location, e.d.summary, e.body]));
  if (root.dataset.key === key) {
    // Same text: the entries keep their elements, with the new diagnostics.
    current.set(root, entries);
    return;
  }
  root.dataset.key = key;
  current.set(root, entries);
  if (entries.length === 0) {
    root.replaceChildren();
    return;
  }
  const list = el("ol", "problem-list");
  entries.forEach((entry, i) => {
    const li = el("li", "problem");
    li.dataset.severity = entry.severity.toLowerCase();
    const head = el(entry.location ? "button" : "div", "problem-head");
    if (entry.location) {
      head.type = "button";
      head.title = "Show in the editor";
      head.addEventListener("click", () => pick(current.get(root)[i].d));
    }
    head.append(el("span", "problem-severity", entry.severity));
    if (entry.location) head.append(el("span", "problem-location", entry.location));
    head.append(el("span", "problem-summary", entry.d.summary));
    li.append(head);
    // The source excerpt keeps its columns (carets under the subject); the
    // detail is prose and wraps.
    const [, excerpt, detail] = entry.body.match(/^( {2}on [^\n]*\n[\s\S]*?)(?:\n\n([\s\S]*))?$/) ?? [null, "", entry.body];
    if (excerpt) li.append(el("pre", "problem-excerpt", excerpt));
    if (detail) li.append(el("p", "problem-detail", detail));
    list.append(li);
  });
  root.replaceChildren(list);
}

/** A one-off message in the list's place (a time-out, a stopped evaluation). */
export function showMessage(root, text, severity = "error") {
  root.dataset.key = JSON.stringify(["message", text, severity]);
  current.set(root, []);
  const p = el("p", "problem-message", text);
  p.dataset.severity = severity;
  root.replaceChildren(p);
}

/** Empties the list. */
export function clearProblems(root) {
  showProblems(root, [], "", { where: () => null, pick: () => {} });
}
