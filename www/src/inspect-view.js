// The inspector in the editor: hovering a part of the expression (or of a
// module), or selecting one, shows the value and type of the innermost
// sub-expression there as a tooltip — inside a `for`, the values it took
// in the first iterations, with the variables of each; for a conditional,
// which arm ran. The values come from the worker (`inspect(from, to)`,
// UTF-16 offsets as CodeMirror counts them). All text goes through
// textContent.
import { StateEffect, StateField } from "@codemirror/state";
import { EditorView, ViewPlugin, hoverTooltip, showTooltip } from "@codemirror/view";
import { CODE_FONT } from "./fonts.js";
import { el } from "./dom.js";

const SELECTION_DELAY_MS = 250;
const MAX_VALUE_LINES = 12;

function cut(text, maxLines = MAX_VALUE_LINES) {
  const lines = text.split("\n");
  return lines.length <= maxLines ? text : `${lines.slice(0, maxLines).join("\n")}\n… (${lines.length - maxLines} more lines)`;
}

function oneLine(text, max = 60) {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The tooltip's content for an inspect result (found). */
export function renderInspection(r) {
  const box = el("div", "cm-inspect");
  box.dataset.testid = "inspect";
  box.append(el("code", "inspect-expr", oneLine(r.text ?? "")));
  if (r.console !== undefined) {
    box.append(el("pre", "inspect-value", cut(r.console)));
    return box;
  }
  if (r.hits.length === 0) {
    const why = r.diagnostics?.length ? "Not evaluated: the errors below stop it first." : "Never evaluated: nothing to iterate over, or the other branch ran.";
    box.append(el("p", "inspect-note", why));
  }
  for (const hit of r.hits) {
    const item = el("div", "inspect-hit");
    if (hit.bindings.length) item.append(el("p", "inspect-bindings", hit.bindings.map((b) => `${b.name} = ${oneLine(b.console, 40)}`).join(", ")));
    if (hit.ok) {
      item.append(el("pre", "inspect-value", cut(hit.console)));
      const type = el("p", "inspect-type", "Type: ");
      type.append(el("code", "", hit.type));
      item.append(type);
    } else {
      item.dataset.state = "error";
      item.append(el("p", "inspect-error", hit.errors.map((e) => `Error: ${e.summary}`).join("\n") || "Error"));
    }
    if (hit.arm !== undefined) item.append(el("p", "inspect-arm", `The condition was ${hit.arm}: the ${hit.arm ? "first" : "second"} arm ran.`));
    if (hit.taken === false) item.append(el("p", "inspect-arm", "Not used: the condition chose the other arm."));
    box.append(item);
  }
  if (r.count > r.hits.length) box.append(el("p", "inspect-note", `First ${r.hits.length} of ${r.count} evaluations.`));
  for (const d of r.diagnostics ?? []) box.append(el("p", "inspect-error", `Error: ${d.summary}`));
  return box;
}

const setSelectionTooltip = StateEffect.define();

// The selection's tooltip: replaced when an answer arrives, dropped as
// soon as the text or the selection changes.
const selectionField = StateField.define({
  create: () => null,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setSelectionTooltip)) return e.value;
    return tr.docChanged || tr.selection ? null : value;
  },
  provide: (f) => showTooltip.from(f),
});

/**
 * The inspector extension. `inspect(from, to)` resolves to an inspect
 * result (or null) for the editor's current text.
 */
export function inspector(inspect) {
  const tooltipFor = (r, pos) =>
    r?.found ? { pos: r.range.start, end: r.range.end, above: true, create: () => ({ dom: renderInspection(r) }) } : null;

  const hover = hoverTooltip(
    async (view, pos) => {
      const doc = view.state.doc;
      const r = await inspect(pos, pos);
      return view.state.doc === doc ? tooltipFor(r, pos) : null;
    },
    { hoverTime: 350 },
  );

  const selection = ViewPlugin.fromClass(
    class {
      constructor(view) {
        this.view = view;
        this.timer = null;
      }
      update(u) {
        if (!u.selectionSet && !u.docChanged) return;
        clearTimeout(this.timer);
        const { from, to } = u.state.selection.main;
        if (from === to) return;
        this.timer = setTimeout(() => this.ask(from, to), SELECTION_DELAY_MS);
      }
      async ask(from, to) {
        const state = this.view.state;
        const r = await inspect(from, to);
        // Only while the text and the selection are still those asked about.
        if (this.view.state.doc !== state.doc || !this.view.state.selection.eq(state.selection)) return;
        this.view.dispatch({ effects: setSelectionTooltip.of(tooltipFor(r, from)) });
      }
      destroy() {
        clearTimeout(this.timer);
      }
    },
  );

  return [hover, selectionField, selection, inspectTheme];
}

const inspectTheme = EditorView.theme({
  ".cm-tooltip .cm-inspect": { padding: "0.35rem 0.55rem", maxWidth: "min(36rem, 90vw)", maxHeight: "50vh", overflow: "auto", fontSize: "0.85rem" },
  ".cm-inspect .inspect-expr": { display: "block", color: "var(--muted)", fontFamily: CODE_FONT, marginBottom: "0.25rem", background: "none", padding: "0" },
  ".cm-inspect pre": { margin: "0.1rem 0", fontFamily: CODE_FONT, whiteSpace: "pre-wrap", overflowWrap: "anywhere" },
  ".cm-inspect p": { margin: "0.1rem 0" },
  ".cm-inspect .inspect-hit + .inspect-hit": { borderTop: "1px solid var(--border)", marginTop: "0.25rem", paddingTop: "0.25rem" },
  ".cm-inspect .inspect-bindings, .cm-inspect .inspect-type, .cm-inspect .inspect-note, .cm-inspect .inspect-arm": { color: "var(--muted)" },
  ".cm-inspect .inspect-error": { color: "var(--error)", whiteSpace: "pre-wrap" },
  ".cm-tooltip": { backgroundColor: "var(--pane)", color: "var(--fg)", border: "1px solid var(--border)" },
});
