// The playground page: an HCL editor, a variables JSON editor and a result
// pane, evaluated live (debounced) in a Web Worker with a time limit. All
// output reaches the DOM through textContent.
import { EditorState, Compartment } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history as undoHistory, historyKeymap } from "@codemirror/commands";
import { syntaxHighlighting, defaultHighlightStyle, bracketMatching } from "@codemirror/language";
import { autocompletion, completionKeymap, closeBrackets } from "@codemirror/autocomplete";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { hcl, hclTemplate, json } from "./hcl-language.js";
import { createEngine } from "../engine.js";

// The time limit can be lowered with ?timeLimit=MS (the browser test does).
const TIME_LIMIT_MS = Number(new URLSearchParams(location.search).get("timeLimit")) || 3000;
const DEBOUNCE_MS = 200;
const SHARE_VERSION = "v1";
const started = performance.now();

const $ = (id) => document.getElementById(id);
const ui = {
  output: $("output"),
  type: $("type"),
  errors: $("errors"),
  status: $("status"),
  varsError: $("vars-error"),
  examples: $("examples"),
  template: $("template-mode"),
  share: $("share"),
  shareStatus: $("share-status"),
  version: $("version"),
  tabConsole: $("tab-console"),
  tabJson: $("tab-json"),
};

// ------------------------------------------------------------------ worker

const engine = createEngine(() => new URL("../worker.js", import.meta.url), TIME_LIMIT_MS);
const ask = (message) => engine.ask(message, message.kind === "meta" ? 30000 : TIME_LIMIT_MS);

// ----------------------------------------------------------------- editors

let functionList = [];
// The last variables text that evaluated without error, parsed for
// autocomplete only when a completion asks for it.
let goodVariablesText = "{}";
let goodVariables = null;

function completionVariables() {
  if (goodVariables?.text !== goodVariablesText) {
    let value = {};
    try {
      value = JSON.parse(goodVariablesText || "{}");
    } catch {}
    goodVariables = { text: goodVariablesText, value };
  }
  return goodVariables.value;
}

function variablePaths(value, prefix, out, depth) {
  if (depth > 4 || out.length > 500) return;
  if (Array.isArray(value)) {
    value.slice(0, 20).forEach((v, i) => {
      const p = `${prefix}[${i}]`;
      out.push(p);
      variablePaths(v, p, out, depth + 1);
    });
  } else if (value && typeof value === "object" && !("__unknown__" in value && Object.keys(value).length === 1)) {
    for (const [k, v] of Object.entries(value)) {
      const p = prefix ? (/^[\p{L}_][\p{L}\p{N}_-]*$/u.test(k) ? `${prefix}.${k}` : `${prefix}["${k}"]`) : k;
      out.push(p);
      variablePaths(v, p, out, depth + 1);
    }
  }
}

function hclCompletions(context) {
  const word = context.matchBefore(/[\p{L}_][\p{L}\p{N}_.\-\[\]"]*$/u);
  if (!word || (word.from === word.to && !context.explicit)) return null;
  const paths = [];
  variablePaths(completionVariables(), "", paths, 0);
  const options = [
    ...functionList.map((f) => ({ label: f.name, type: "function", detail: f.signature, info: f.description, apply: `${f.name}(` })),
    ...paths.map((p) => ({ label: p, type: "variable" })),
    ...["for", "in", "if", "true", "false", "null"].map((k) => ({ label: k, type: "keyword" })),
  ];
  return { from: word.from, options, validFor: /^[\p{L}\p{N}_.\-\[\]"]*$/u };
}

const language = new Compartment();
const themeFollowsSystem = EditorView.theme({}, { dark: window.matchMedia("(prefers-color-scheme: dark)").matches });

function editor(parent, doc, extensions) {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        lineNumbers(),
        undoHistory(),
        drawSelection(),
        highlightActiveLine(),
        bracketMatching(),
        closeBrackets(),
        lintGutter(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        themeFollowsSystem,
        EditorView.updateListener.of((u) => {
          if (u.docChanged) schedule();
        }),
        ...extensions,
      ],
    }),
  });
}

const exprView = editor($("editor"), "", [
  language.of(hcl),
  autocompletion({ override: [hclCompletions], icons: false }),
  EditorView.contentAttributes.of({ "aria-label": "HCL expression", "data-testid": "editor-content" }),
]);
const varsView = editor($("variables"), "{}", [json(), EditorView.contentAttributes.of({ "aria-label": "Variables as JSON", "data-testid": "variables-content" })]);

// For tests and embedding scripts: the two editors.
window.hclPlayground = { expression: exprView, variables: varsView };

// -------------------------------------------------------------- evaluation

let timer = null;
let generation = 0;
let firstResultShown = false;

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(run, DEBOUNCE_MS);
}

function clamp(n, len) {
  return Math.max(0, Math.min(n, len));
}

function toCodeMirror(diags, doc) {
  return diags.map((d) => {
    const from = clamp(d.range.start, doc.length);
    let to = clamp(d.range.end, doc.length);
    if (to <= from) to = Math.min(from + 1, doc.length);
    return { from, to, severity: "error", message: d.detail ? `${d.summary}: ${d.detail}` : d.summary };
  });
}

function setStatus(text, kind) {
  ui.status.textContent = text;
  ui.status.dataset.kind = kind;
}

let showJson = false;

// What the result pane shows: console text or JSON, the type, and errors
// rendered by the evaluator (each is made in Rust, only when shown).
const outputs = () => [showJson ? "json" : "console", "type", "diagnosticsText"];

function showResult(result) {
  ui.errors.textContent = "";
  if (result.ok) {
    ui.output.textContent = (showJson ? result.json : result.console) ?? "";
    ui.type.textContent = result.type;
    setStatus(result.known ? "ok" : "ok · contains unknown values", "ok");
  } else {
    ui.output.textContent = "";
    ui.type.textContent = "";
    ui.errors.textContent = result.diagnosticsText ?? "";
    setStatus(`${result.diagnostics.length} error${result.diagnostics.length === 1 ? "" : "s"}`, "error");
  }
}

async function run() {
  const my = ++generation;
  const source = exprView.state.doc.toString();
  const variables = varsView.state.doc.toString();
  const options = { template: ui.template.checked, outputs: outputs() };
  const answer = await ask({ kind: "evaluate", source, variables, options });
  if (my !== generation) return;
  if (answer.timedOut) {
    ui.output.textContent = "";
    ui.type.textContent = "";
    ui.errors.textContent = `Evaluation took too long (more than ${TIME_LIMIT_MS / 1000} s) and was stopped.`;
    setStatus("evaluation took too long", "error");
    return;
  }
  if (answer.crashed) {
    ui.errors.textContent = `The evaluator failed unexpectedly: ${answer.crashed}`;
    setStatus("internal error", "error");
    return;
  }
  const result = answer.result;
  const varDiags = result.diagnostics.filter((d) => d.source === "variables");
  varsView.dispatch(setDiagnostics(varsView.state, toCodeMirror(varDiags, varsView.state.doc)));
  if (varDiags.length > 0) {
    // Invalid variables: say where, and keep the last good result on show.
    ui.varsError.textContent = result.diagnosticsText ?? "";
    setStatus("variables are invalid; showing the last good result", "stale");
    return;
  }
  ui.varsError.textContent = "";
  goodVariablesText = variables;
  exprView.dispatch(setDiagnostics(exprView.state, toCodeMirror(result.diagnostics.filter((d) => d.source === "expression"), exprView.state.doc)));
  showResult(result);
  if (!firstResultShown) {
    firstResultShown = true;
    window.__firstResultMs = performance.now() - started;
  }
  document.body.dataset.evaluations = String(Number(document.body.dataset.evaluations || 0) + 1);
}

// ------------------------------------------------------------------- share

function toBase64Url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function transform(bytes, stream) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

async function encodeState() {
  const state = { e: exprView.state.doc.toString(), v: varsView.state.doc.toString(), t: ui.template.checked };
  const packed = await transform(new TextEncoder().encode(JSON.stringify(state)), new CompressionStream("deflate-raw"));
  return `${SHARE_VERSION}.${toBase64Url(packed)}`;
}

async function decodeState(hash) {
  const [version, data] = hash.replace(/^#/, "").split(".", 2);
  if (version !== SHARE_VERSION || !data) return null;
  const bytes = await transform(fromBase64Url(data), new DecompressionStream("deflate-raw"));
  return JSON.parse(new TextDecoder().decode(bytes));
}

function setDoc(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

function applyState(state) {
  ui.template.checked = Boolean(state.t);
  exprView.dispatch({ effects: language.reconfigure(state.t ? hclTemplate : hcl) });
  setDoc(exprView, state.e ?? "");
  setDoc(varsView, state.v ?? "{}");
}

ui.share.addEventListener("click", async () => {
  const hash = await encodeState();
  history.replaceState(null, "", `#${hash}`);
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    ui.shareStatus.textContent = "Link copied.";
  } catch {
    ui.shareStatus.textContent = "Link is in the address bar.";
  }
});

// ---------------------------------------------------------------- controls

ui.template.addEventListener("change", () => {
  exprView.dispatch({ effects: language.reconfigure(ui.template.checked ? hclTemplate : hcl) });
  schedule();
});

function setTab(jsonTab) {
  showJson = jsonTab;
  ui.tabJson.setAttribute("aria-selected", String(jsonTab));
  ui.tabConsole.setAttribute("aria-selected", String(!jsonTab));
  // The other rendering is made on demand (the parsed input is kept).
  run();
}
ui.tabConsole.addEventListener("click", () => setTab(false));
ui.tabJson.addEventListener("click", () => setTab(true));

async function loadExamples() {
  const examples = await (await fetch(new URL("../examples.json", import.meta.url))).json();
  const groups = new Map();
  examples.forEach((ex, i) => {
    if (!groups.has(ex.category)) {
      const g = document.createElement("optgroup");
      g.label = ex.category;
      groups.set(ex.category, g);
      ui.examples.append(g);
    }
    const opt = document.createElement("option");
    opt.value = String(i);
    opt.textContent = ex.title;
    groups.get(ex.category).append(opt);
  });
  ui.examples.addEventListener("change", () => {
    const ex = examples[Number(ui.examples.value)];
    if (ex) applyState({ e: ex.expr, v: ex.vars, t: ex.template });
  });
  return examples;
}

async function main() {
  const [meta, examples] = await Promise.all([ask({ kind: "meta" }), loadExamples()]);
  functionList = meta.functions ?? [];
  ui.version.textContent = `hcl-playground ${meta.version ?? ""}`;
  let restored = null;
  if (location.hash.length > 1) {
    try {
      restored = await decodeState(location.hash);
    } catch {
      restored = null;
    }
  }
  applyState(restored ?? { e: examples[10].expr, v: examples[10].vars, t: examples[10].template });
  schedule();
}

main();
