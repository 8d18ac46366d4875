// The playground page: an HCL editor, a variables JSON editor and a result
// pane, evaluated live (debounced) in a Web Worker with a time limit, under
// the engine (profile) chosen in the toolbar, and optionally under every
// engine side by side. All output reaches the DOM through textContent.
import { EditorState, Compartment } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history as undoHistory, historyKeymap } from "@codemirror/commands";
import { syntaxHighlighting, defaultHighlightStyle, bracketMatching } from "@codemirror/language";
import { autocompletion, completionKeymap, closeBrackets } from "@codemirror/autocomplete";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { hcl, hclTemplate, json } from "./hcl-language.js";
import { createEngine } from "../engine.js";
import { decodeState, encodeState, LinkError, PROFILES } from "./share.js";

const DEBOUNCE_MS = 200;
const started = performance.now();

// ?timeLimit=MS changes the time limit (the browser tests lower it), within
// bounds: below them every evaluation would fail, above them a runaway
// expression would hold the worker for good.
function timeLimitFromQuery(defaultMs = 3000, min = 100, max = 30000) {
  const raw = new URLSearchParams(location.search).get("timeLimit");
  const ms = raw === null || raw.trim() === "" ? NaN : Number(raw);
  return Number.isFinite(ms) ? Math.min(Math.max(Math.round(ms), min), max) : defaultMs;
}
const TIME_LIMIT_MS = timeLimitFromQuery();

const $ = (id) => document.getElementById(id);
const ui = {
  output: $("output"),
  type: $("type"),
  errors: $("errors"),
  status: $("status"),
  varsError: $("vars-error"),
  examples: $("examples"),
  profile: $("profile"),
  template: $("template-mode"),
  compareToggle: $("compare-toggle"),
  compare: $("compare"),
  compareNote: $("compare-note"),
  compareGrid: $("compare-grid"),
  linkError: $("link-error"),
  linkErrorText: $("link-error-text"),
  linkErrorClose: $("link-error-close"),
  known: $("known"),
  knownList: $("known-list"),
  engine: $("engine"),
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

// Each engine's functions, for autocomplete (from the worker, at start).
let functionsByProfile = {};
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
  } else if (value && typeof value === "object" && !("__unknown__" in value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && (keys[0] === "__sensitive__" || keys[0] === "__ephemeral__")) {
      variablePaths(value[keys[0]], prefix, out, depth);
      return;
    }
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
    ...(functionsByProfile[ui.profile.value] ?? []).map((f) => ({ label: f.name, type: "function", detail: f.signature, info: f.description, apply: `${f.name}(` })),
    ...paths.map((p) => ({ label: p, type: "variable" })),
    ...["for", "in", "if", "true", "false", "null"].map((k) => ({ label: k, type: "keyword" })),
  ];
  return { from: word.from, options, validFor: /^[\p{L}\p{N}_.\-\[\]"]*$/u };
}

const language = new Compartment();
// The page's colours (custom properties in style.css, light or dark with
// the system) as an editor theme: CodeMirror's own styles come after the
// page's style sheet (see build.mjs), so plain CSS rules would lose to them.
const CODE_FONT = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';
const pageTheme = EditorView.theme(
  {
    "&": { minHeight: "12rem", maxHeight: "60vh", backgroundColor: "var(--pane)", color: "var(--fg)" },
    ".cm-gutters": { backgroundColor: "var(--code-bg)", color: "var(--muted)", borderRight: "1px solid var(--border)" },
    ".cm-activeLine": { backgroundColor: "color-mix(in srgb, var(--accent) 7%, transparent)" },
    ".cm-scroller": { fontFamily: CODE_FONT, fontSize: "0.9rem" },
  },
  { dark: window.matchMedia("(prefers-color-scheme: dark)").matches },
);

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
        pageTheme,
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

// For tests and embedding scripts: the two editors, and the time limit in force.
window.hclPlayground = { expression: exprView, variables: varsView, timeLimitMs: TIME_LIMIT_MS };

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

const profileLabel = (name) => [...ui.profile.options].find((o) => o.value === name)?.textContent ?? name;

let showJson = false;
let compareOpen = false;

// What the result pane shows: console text or JSON, the type, what is known
// of unknown values, and errors rendered by the evaluator (each is made in
// Rust, only when shown).
function outputs() {
  const list = [showJson ? "json" : "console", "type", "diagnosticsText", "refinements"];
  // The compare view compares console texts whichever tab is shown.
  if (compareOpen && showJson) list.push("console");
  return list;
}

function evaluate(source, variables, profile, outputs) {
  return ask({ kind: "evaluate", source, variables, options: { template: ui.template.checked, profile, outputs } });
}

// One line per unknown value with refinements: `.ami: not null, starts with "ami-"`
// (the result itself has an empty path, and then is the only entry).
function showKnown(list, refinements) {
  list.replaceChildren(
    ...(refinements ?? []).map(({ path, facts }) => {
      const li = document.createElement("li");
      li.textContent = path ? `${path}: ${facts}` : facts;
      return li;
    }),
  );
  return list.childElementCount > 0;
}

function clearResult() {
  ui.output.textContent = "";
  ui.type.textContent = "";
  ui.known.hidden = true;
}

function showResult(result) {
  ui.errors.textContent = "";
  ui.engine.textContent = result.engine ?? "";
  if (result.ok) {
    ui.output.textContent = (showJson ? result.json : result.console) ?? "";
    ui.type.textContent = result.type;
    ui.known.hidden = !showKnown(ui.knownList, result.refinements);
    setStatus(result.known ? "ok" : "ok · contains unknown values", "ok");
  } else {
    clearResult();
    ui.errors.textContent = result.diagnosticsText ?? "";
    setStatus(`${result.diagnostics.length} error${result.diagnostics.length === 1 ? "" : "s"}`, "error");
  }
}

function showAnswer(answer, variables) {
  if (answer.timedOut) {
    clearResult();
    ui.engine.textContent = "";
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
}

async function run() {
  const my = ++generation;
  const source = exprView.state.doc.toString();
  const variables = varsView.state.doc.toString();
  const profile = ui.profile.value;
  const answer = await evaluate(source, variables, profile, outputs());
  if (my !== generation) return;
  showAnswer(answer, variables);
  // Only while the compare view is open: the other engines, one at a time
  // (each with its own time limit), abandoned as soon as the input changes.
  if (compareOpen) {
    const answers = new Map([[profile, answer]]);
    for (const other of PROFILES.filter((p) => p !== profile)) {
      answers.set(other, await evaluate(source, variables, other, COMPARE_OUTPUTS));
      if (my !== generation) return;
    }
    showCompare(answers, profile);
  }
  document.body.dataset.evaluations = String(Number(document.body.dataset.evaluations || 0) + 1);
}

// ----------------------------------------------------------------- compare

const COMPARE_OUTPUTS = ["console", "type", "diagnosticsText", "refinements"];
const cards = new Map();

function element(tag, className, text = "") {
  const el = document.createElement(tag);
  if (className) el.className = className;
  el.textContent = text;
  return el;
}

for (const profile of PROFILES) {
  const card = {
    root: element("article", "card"),
    badge: element("span", "badge"),
    engine: element("p", "card-engine"),
    output: element("pre", "output"),
    known: element("ul", "known-list"),
    type: element("p", "type-line"),
    errors: element("pre", "errors"),
  };
  card.root.dataset.profile = profile;
  card.root.dataset.testid = `compare-${profile}`;
  const title = element("h3", "", profileLabel(profile));
  title.append(" ", card.badge);
  card.root.append(title, card.engine, card.output, card.known, card.type, card.errors);
  ui.compareGrid.append(card.root);
  cards.set(profile, card);
}

// Two engines agree when everything their cards show is the same.
function answerKey(answer) {
  if (answer.timedOut || answer.crashed) return JSON.stringify([answer.timedOut, answer.crashed]);
  const r = answer.result;
  return JSON.stringify(r.ok ? [r.console, r.type, r.refinements] : [r.diagnosticsText]);
}

function showCompare(answers, selected) {
  const want = answerKey(answers.get(selected));
  const selectedLabel = profileLabel(selected);
  const differing = [];
  for (const [profile, card] of cards) {
    const answer = answers.get(profile);
    const state = profile === selected ? "selected" : answerKey(answer) === want ? "same" : "differs";
    if (state === "differs") differing.push(profileLabel(profile));
    card.root.dataset.state = state;
    card.badge.textContent = { selected: "selected", same: `same as ${selectedLabel}`, differs: `differs from ${selectedLabel}` }[state];
    const r = answer.result;
    card.output.textContent = r?.ok ? r.console : "";
    card.output.hidden = !r?.ok;
    card.type.textContent = r?.ok ? `Type: ${r.type}` : "";
    card.known.hidden = !showKnown(card.known, r?.ok ? r.refinements : []);
    card.errors.textContent = answer.timedOut
      ? `Evaluation took too long (more than ${TIME_LIMIT_MS / 1000} s) and was stopped.`
      : answer.crashed
        ? `The evaluator failed unexpectedly: ${answer.crashed}`
        : r.ok
          ? ""
          : (r.diagnosticsText ?? "");
  }
  const list = differing.length === 2 ? differing.join(" and ") : differing.join(", ");
  ui.compareNote.textContent =
    differing.length === 0 ? `All ${cards.size} engines agree.` : `${list} ${differing.length === 1 ? "differs" : "differ"} from ${selectedLabel}.`;
  ui.compareNote.dataset.agree = String(differing.length === 0);
}

ui.compareToggle.addEventListener("click", () => {
  compareOpen = !compareOpen;
  ui.compareToggle.setAttribute("aria-pressed", String(compareOpen));
  ui.compare.hidden = !compareOpen;
  if (compareOpen) {
    ui.compareNote.textContent = "Evaluating under every engine…";
    delete ui.compareNote.dataset.agree;
    run();
  }
});

// ------------------------------------------------------------------- share

function setDoc(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

// A state from an example keeps the engine; one from a link sets it.
function applyState(state) {
  if (state.p) ui.profile.value = state.p;
  ui.template.checked = Boolean(state.t);
  exprView.dispatch({ effects: language.reconfigure(state.t ? hclTemplate : hcl) });
  setDoc(exprView, state.e ?? "");
  setDoc(varsView, state.v ?? "{}");
  schedule();
}

function showLinkError(why) {
  ui.linkErrorText.textContent = why ? `This link could not be opened: ${why}.` : "";
  ui.linkError.hidden = !why;
}
ui.linkErrorClose.addEventListener("click", () => showLinkError(""));

// Opens the state in a link's hash; on failure says why and changes nothing.
async function openLink(hash) {
  try {
    const state = await decodeState(hash);
    showLinkError("");
    applyState(state);
    return true;
  } catch (err) {
    showLinkError(err instanceof LinkError ? err.message : "it could not be read");
    return false;
  }
}

// Another link opened in this tab changes only the hash.
window.addEventListener("hashchange", () => {
  if (location.hash.length > 1) openLink(location.hash);
});

ui.share.addEventListener("click", async () => {
  const state = { e: exprView.state.doc.toString(), v: varsView.state.doc.toString(), t: ui.template.checked, p: ui.profile.value };
  // replaceState fires no hashchange, so the page does not reload its own link.
  history.replaceState(null, "", `#${await encodeState(state)}`);
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

ui.profile.addEventListener("change", () => run());

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
  functionsByProfile = meta.functions ?? {};
  for (const { name, engine } of meta.profiles ?? []) {
    const option = [...ui.profile.options].find((o) => o.value === name);
    if (option) option.title = engine;
    cards.get(name)?.engine.append(engine);
  }
  ui.version.textContent = `hcl-playground ${meta.version ?? ""}`;
  const opened = location.hash.length > 1 && (await openLink(location.hash));
  if (!opened) applyState({ e: examples[10].expr, v: examples[10].vars, t: examples[10].template });
}

main();
