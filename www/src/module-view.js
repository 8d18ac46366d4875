// The Module mode's parts of the page: the list of named values grouped by
// kind, the values shown inline at the end of `locals` arguments and
// `variable` headers (as editors show inlay hints), the console line's
// history, and the variables format guessed from the text. All text
// reaches the DOM through textContent (and `title`).
import { StateField, StateEffect } from "@codemirror/state";
import { EditorView, Decoration, ViewPlugin, WidgetType } from "@codemirror/view";
import { el } from "./dom.js";

// ------------------------------------------------------------ value text

/**
 * A console rendering on one line: `{ "a" = 1, "b" = [ 80, 443 ] }`,
 * cut to `max` characters with an ellipsis.
 */
export function oneLine(text, max = 80) {
  const lines = text.split("\n").map((l) => l.trim());
  let out = lines[0] ?? "";
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const opens = /[{[(]$/.test(out) || out.endsWith(",") || /^(<<|EOT)/.test(line);
    const closes = /^[}\])]/.test(line);
    if (closes && out.endsWith(",")) out = out.slice(0, -1);
    out += opens || closes ? " " : ", ";
    out += line;
    if (out.length > max * 2) break;
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}

// ----------------------------------------------------------- inline values

class InlineValue extends WidgetType {
  constructor(text, title, state) {
    super();
    this.text = text;
    this.title = title;
    this.state = state;
  }
  eq(other) {
    return other.text === this.text && other.title === this.title && other.state === this.state;
  }
  toDOM() {
    const span = document.createElement("span");
    span.className = "cm-inlineValue";
    span.dataset.state = this.state;
    span.textContent = this.text;
    span.title = this.title;
    span.setAttribute("aria-hidden", "true");
    return span;
  }
  ignoreEvent() {
    return false;
  }
}

/** Replaces the inline values: [{pos, text, title, state}], pos a document offset on the line. */
export const setInlineValues = StateEffect.define();

// The values, each at a position kept in step with edits until the next
// result replaces them.
const inlineField = StateField.define({
  create: () => [],
  update(values, tr) {
    for (const e of tr.effects) if (e.is(setInlineValues)) return e.value;
    if (!tr.docChanged) return values;
    return values.map((v) => ({ ...v, pos: tr.changes.mapPos(v.pos) }));
  },
});

// Decorations only for the lines in view, rebuilt when the view scrolls,
// the text changes or new values arrive.
const inlinePlugin = ViewPlugin.fromClass(
  class {
    constructor(view) {
      this.decorations = this.build(view);
    }
    update(u) {
      if (u.docChanged || u.viewportChanged || u.startState.field(inlineField) !== u.state.field(inlineField)) {
        this.decorations = this.build(u.view);
      }
    }
    build(view) {
      const values = view.state.field(inlineField);
      if (values.length === 0) return Decoration.none;
      const doc = view.state.doc;
      const marks = [];
      const seen = new Set();
      for (const { from, to } of view.visibleRanges) {
        for (const v of values) {
          if (v.pos < from || v.pos > to || v.pos > doc.length) continue;
          const line = doc.lineAt(v.pos);
          if (seen.has(line.number)) continue;
          seen.add(line.number);
          marks.push(Decoration.widget({ widget: new InlineValue(v.text, v.title, v.state), side: 1 }).range(line.to));
        }
      }
      return Decoration.set(marks, true);
    }
  },
  { decorations: (p) => p.decorations },
);

/** The editor extension showing inline values. */
export const inlineValues = [inlineField, inlinePlugin];

/**
 * The inline values of a module result: each local at the end of the line
 * where its argument ends, each variable at the end of its `variable` line.
 * Offsets are UTF-16, as CodeMirror's.
 */
export function inlineValuesOf(values, docLength) {
  const out = [];
  for (const v of values) {
    let pos;
    if (v.kind === "local") pos = v.range.end;
    else if (v.kind === "variable") pos = v.range.start;
    else continue;
    if (pos > docLength) continue;
    const state = !v.ok ? "failed" : v.sensitive ? "sensitive" : v.known ? "known" : "unknown";
    out.push({ pos, text: `= ${oneLine(v.console, 60)}`, title: `${v.address} = ${v.console}${v.consoleCut ? "\n…" : ""}\n\nType: ${typeText(v)}`, state });
  }
  return out;
}

// -------------------------------------------------------- named values list

export const KINDS = [
  ["variable", "Variables"],
  ["local", "Locals"],
  ["output", "Outputs"],
  ["resource", "Resources"],
  ["data", "Data sources"],
  ["module", "Module calls"],
];

// A value longer than this shows its first lines and a button for the rest.
export const MAX_VALUE_LINES = 40;

function valueText(pre, text) {
  const lines = text.split("\n");
  if (lines.length <= MAX_VALUE_LINES) {
    pre.textContent = text;
    return;
  }
  pre.textContent = lines.slice(0, MAX_VALUE_LINES).join("\n");
  const more = el("button", "more", `Show all ${lines.length} lines`);
  more.type = "button";
  more.addEventListener("click", (e) => {
    e.stopPropagation();
    pre.textContent = text;
  });
  pre.after(more);
}

// The last rendering of each container: its list items by address,
// reused while a value, its type and state stay the same (typing in a
// long module changes a few values at a time, and moves many declarations
// without changing them), and each kind's section, left in place while its
// items are the same.
const rendered = new WeakMap();

// The value each item stands for (its place moves as the text is edited).
const itemValue = new WeakMap();

const sameShown = (a, b) =>
  a.console === b.console &&
  a.consoleCut === b.consoleCut &&
  a.type === b.type &&
  a.typeCut === b.typeCut &&
  a.revision === b.revision &&
  a.ok === b.ok &&
  a.known === b.known &&
  a.sensitive === b.sensitive;

const stateOf = (v) => (!v.ok ? "failed" : v.sensitive ? "sensitive" : v.known ? "known" : "unknown");

// A type the evaluator cut (see evaluateModule's maxTypeLength) ends in an
// ellipsis.
const typeText = (v) => (v.typeCut ? `${v.type}…` : v.type);

// Items shown whole after their button was pressed, and how each item
// asks for its value's whole texts (from the last rendering of it).
const expanded = new WeakSet();
const itemWhole = new WeakMap();

// For a value the evaluator cut (evaluateModule's maxConsoleLines and
// maxTypeLength), a button that asks for its whole texts and shows them;
// an item shown whole stays so while it is the same address's: a new value
// of it (another `revision`) is asked for whole at once.
function wholeButton(item, v, wholeValue) {
  itemWhole.set(item, wholeValue);
  if (!(v.typeCut || v.consoleCut) || !wholeValue) {
    expanded.delete(item);
    return;
  }
  const button = el("button", "whole", v.consoleCut ? "Show the whole value" : "Show the whole type");
  button.type = "button";
  // (The item may stand for a later value of its address by the answer.)
  const show = async (current) => {
    const whole = await itemWhole.get(item)?.(current.address);
    if (!whole || itemValue.get(item) !== current) return;
    item.querySelector(".value-type").textContent = whole.type;
    item.querySelector(".value-console").textContent = whole.console;
    button.remove();
    expanded.add(item);
  };
  button.addEventListener("click", (e) => {
    e.stopPropagation();
    show(itemValue.get(item));
  });
  item.append(button);
  if (expanded.has(item)) show(v);
}

function valueItem(v, jump, wholeValue) {
  const item = el("li", "value");
  item.dataset.address = v.address;
  item.dataset.state = stateOf(v);
  const head = el("button", "value-head");
  head.type = "button";
  head.append(el("code", "address", v.address), el("span", "value-type", typeText(v)));
  head.addEventListener("click", () => jump(itemValue.get(item)));
  const pre = el("pre", "value-console");
  item.append(head, pre);
  valueText(pre, v.console);
  wholeButton(item, v, wholeValue);
  return item;
}

// The item of the same address shown differently: its texts changed in
// place (new elements for hundreds of values cost Chromium their style and
// layout; a keystroke that every value reads changes that many).
function updateItem(item, v, wholeValue) {
  const [head, pre] = item.children;
  if (item.dataset.state !== stateOf(v)) item.dataset.state = stateOf(v);
  const type = head.lastChild;
  if (type.textContent !== typeText(v)) type.textContent = typeText(v);
  for (const extra of item.querySelectorAll(":scope > .more, :scope > .whole")) extra.remove();
  valueText(pre, v.console);
  wholeButton(item, v, wholeValue);
  return item;
}

// An item shown as it was, asking for whole texts the current way.
function keptItem(item, wholeValue) {
  itemWhole.set(item, wholeValue);
  return item;
}

// An item of an address no longer listed, made the item of `v`.
function renamedItem(item, v, wholeValue) {
  expanded.delete(item);
  item.dataset.address = v.address;
  item.querySelector(".address").textContent = v.address;
  return updateItem(item, v, wholeValue);
}

/**
 * Lists the named values in `container`, grouped by kind, in declaration
 * order within each kind. `jump(value)` is called when one is chosen;
 * `wholeValue(address)` (a promise of { console, type }) when a cut value
 * is to be shown whole.
 */
export function renderValues(container, values, jump, guessed = [], wholeValue = null) {
  const scroll = container.scrollTop;
  const last = rendered.get(container) ?? { items: new Map(), sections: new Map(), layout: "" };
  const items = new Map();
  const sections = new Map();
  const present = new Set(values.map((v) => v.address));
  for (const [kind, heading] of KINDS) {
    const ofKind = values.filter((v) => v.kind === kind);
    if (ofKind.length === 0) continue;
    const before = last.sections.get(kind);
    // The items of addresses no longer there, in their order, take the new
    // addresses in place: `for_each` keys that follow the text rename
    // hundreds of instances at once, whose new items would all be made and
    // laid out again.
    const spare = (before?.list ?? []).filter((item) => !present.has(item.dataset.address));
    const list = ofKind.map((v) => {
      const old = last.items.get(v.address);
      const item = old
        ? sameShown(old.v, v)
          ? keptItem(old.item, wholeValue)
          : updateItem(old.item, v, wholeValue)
        : spare.length
          ? renamedItem(spare.shift(), v, wholeValue)
          : valueItem(v, jump, wholeValue);
      itemValue.set(item, v);
      const head = item.firstChild;
      const title = `Go to line ${v.line}`;
      if (head.title !== title) head.title = title;
      items.set(v.address, { v, item });
      return item;
    });
    // The same values in the same order: only those shown differently are
    // replaced (a section rebuilt whole is laid out again whole).
    if (before && before.list.length === list.length && before.list.every((item, i) => item === list[i] || item.dataset.address === list[i].dataset.address)) {
      before.list.forEach((item, i) => item !== list[i] && item.replaceWith(list[i]));
      sections.set(kind, { section: before.section, list });
      continue;
    }
    const section = before?.section ?? el("section", "value-group");
    section.dataset.kind = kind;
    const h = el("h3", "", `${heading} `);
    h.append(el("span", "count", String(ofKind.length)));
    const ul = el("ul");
    ul.append(...list);
    section.replaceChildren(h, ul);
    sections.set(kind, { section, list });
  }
  // The container changes only when the kinds shown or the note do.
  const layout = JSON.stringify([[...sections.keys()], guessed]);
  rendered.set(container, { items, sections, layout });
  if (layout === last.layout && container.childElementCount) return;
  const groups = [...sections.values()].map((s) => s.section);
  if (groups.length === 0) groups.push(el("p", "hint", "This module declares no variables, locals, outputs, resources, data sources or module calls."));
  // Types whose provider the schemas lack are planned as written.
  if (guessed.length) {
    const note = el("p", "hint guessed", `No provider schema for ${guessed.join(", ")}: planned as written, and what is read from ${guessed.length === 1 ? "it" : "them"} is unknown.`);
    note.dataset.testid = "guessed";
    groups.unshift(note);
  }
  container.replaceChildren(...groups);
  container.scrollTop = scroll;
}

/** The named values as text, `address = value` (what a module widget shows). */
export function valuesText(values) {
  return values.map((v) => `${v.address} = ${v.console.replace(/\n/g, "\n  ")}`).join("\n");
}

// ----------------------------------------------------------- console line

const HISTORY_KEY = "hcl-playground.console-history";
const HISTORY_MAX = 100;

/** The console line's history, kept for the browser session (sessionStorage where allowed). */
export class ConsoleHistory {
  constructor() {
    this.items = [];
    try {
      const saved = JSON.parse(sessionStorage.getItem(HISTORY_KEY) ?? "[]");
      if (Array.isArray(saved)) this.items = saved.filter((s) => typeof s === "string").slice(-HISTORY_MAX);
    } catch {}
    this.reset();
  }
  reset() {
    this.at = this.items.length;
    this.draft = "";
  }
  push(text) {
    if (text.trim() === "") return this.reset();
    if (this.items.at(-1) !== text) this.items.push(text);
    if (this.items.length > HISTORY_MAX) this.items.shift();
    try {
      sessionStorage.setItem(HISTORY_KEY, JSON.stringify(this.items));
    } catch {}
    this.reset();
  }
  /** The older entry (Up), or null at the oldest. */
  up(current) {
    if (this.at === 0) return null;
    if (this.at === this.items.length) this.draft = current;
    return this.items[--this.at];
  }
  /** The newer entry (Down), then the text being written before Up. */
  down() {
    if (this.at >= this.items.length) return null;
    this.at++;
    return this.at === this.items.length ? this.draft : this.items[this.at];
  }
}

// ------------------------------------------------------ variables format

/** "json" or "tfvars" when the text says so plainly, otherwise null. */
export function detectFormat(text) {
  const t = text.replace(/^\s+/, "");
  if (t === "") return null;
  if (t.startsWith("{")) return "json";
  if (/^(#|\/\/|\/\*)/.test(t) || /^[\p{L}_][\p{L}\p{N}_-]*\s*=/u.test(t)) return "tfvars";
  return null;
}

/**
 * Where a value for an undeclared variable is in the variables text (the
 * API gives that warning no range; see the report in README): the key of
 * a JSON object or the name of a tfvars argument, or null.
 */
export function undeclaredRange(diagnostic, text, format) {
  const name = /named "([^"]+)"/.exec(diagnostic.detail)?.[1];
  if (!name) return null;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = format === "tfvars" ? new RegExp(`^[ \\t]*(${escaped})[ \\t]*=`, "mu") : new RegExp(`"(${escaped})"\\s*:`, "u");
  const m = re.exec(text);
  if (!m) return null;
  const start = m.index + m[0].indexOf(m[1]) - (format === "tfvars" ? 0 : 1);
  return { start, end: start + m[1].length + (format === "tfvars" ? 0 : 2) };
}

/** The theme of inline values (CodeMirror's styles come after the page's; see main.js). */
export const inlineTheme = EditorView.theme({
  ".cm-inlineValue": {
    color: "var(--muted)",
    fontStyle: "italic",
    marginLeft: "1.5em",
    whiteSpace: "pre",
    pointerEvents: "auto",
    cursor: "default",
  },
  ".cm-inlineValue[data-state='failed']": { color: "var(--error)" },
});
