// The playground page: an HCL editor, a variables editor and a result pane,
// evaluated live: on the page's thread when that is quick (www/src/local.js),
// else as soon as the worker is free in a Web Worker with a time limit, under the
// engine (profile) chosen in the toolbar, and optionally under every engine
// side by side. Three modes: an expression, a template, or a module (`.tf`
// text, variables as JSON or tfvars, every named value listed and shown
// inline, a console line). All output reaches the DOM through textContent.
import { EditorState, Compartment } from "@codemirror/state";
import { EditorView, keymap, lineNumbers, highlightActiveLine, drawSelection } from "@codemirror/view";
import { defaultKeymap, history as undoHistory, historyKeymap, isolateHistory } from "@codemirror/commands";
import { syntaxHighlighting, bracketMatching } from "@codemirror/language";
import { autocompletion, completionKeymap, closeBrackets } from "@codemirror/autocomplete";
import { setDiagnostics, lintGutter, diagnosticCount as diagnosticCountOf } from "@codemirror/lint";
import { hcl, hclTemplate, hclBody, json } from "./hcl-language.js";
// boot.js stays its own module (see www/build.mjs): it started the worker
// before this bundle was parsed.
import { engine, TIME_LIMIT_MS, examples as examplesJson, DEFAULT_EXAMPLE } from "../boot.js";
import { decodeState, encodeState, LinkError, PROFILES, MODES } from "./share.js";
import {
  inlineValues,
  inlineTheme,
  setInlineValues,
  inlineValuesOf,
  renderValues,
  MAX_VALUE_LINES,
  valuesText,
  ConsoleHistory,
  detectFormat,
  undeclaredRange,
} from "./module-view.js";
import { renderTests, testProblemsIn, isTestFile } from "./tests-view.js";
import { inspector } from "./inspect-view.js";
import { createLocal } from "./local.js";
import { loadCurrent, saveCurrent, loadHistory, pushHistory, historyLabel } from "./persist.js";
import { createReference } from "./reference.js";
import { habitHint, asModule, nestUnderVar, expressionAsModule } from "./hints.js";
import { setupSplitters } from "./layout.js";
import { showProblems, showMessage, clearProblems, countText, lineColumn } from "./problems.js";
import { createDrawer } from "./drawer.js";
import { createCompare, showKnown } from "./compare-view.js";
import { pageTheme, pageHighlight } from "./theme.js";
import { createSchemas, schemaCompletions, schemaHover } from "./schema-view.js";
import { expressionCompletions, variablePaths, MODULE_NAMES } from "./completion.js";
import { Workspace, MAIN, languageOf, createWorkspaceView } from "./workspace.js";

// The first result's time is counted from navigation start (what a reader
// waits for), not from this script's start.
const started = 0;


const $ = (id) => document.getElementById(id);
const ui = {
  fileTabs: $("file-tabs"),
  output: $("output"),
  type: $("type"),
  errors: $("errors"),
  status: $("status"),
  stop: $("stop"),
  resultPane: document.querySelector(".pane.result"),
  varsError: $("vars-error"),
  examples: $("examples"),
  profile: $("profile"),
  modes: [...document.querySelectorAll('input[name="mode"]')],
  editorTitle: $("editor-title"),
  varsTitle: $("vars-title-text"),
  formats: [...document.querySelectorAll("[data-format]")],
  values: $("values"),
  tests: $("tests"),
  consoleInput: $("console-input"),
  consoleScope: $("console-scope"),
  consoleOutput: $("console-output"),
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
  typeLine: $("type-line"),
  history: $("history"),
  format: $("format"),
  copyResult: $("copy-result"),
  referenceToggle: $("reference-toggle"),
  reference: $("reference"),
  habitHint: $("habit-hint"),
  habitHintText: $("habit-hint-text"),
  hintModule: $("hint-module"),
  hintNest: $("hint-nest"),
};

// ------------------------------------------------------------------ worker

// Evaluations go through a lane (engine.js): no fixed delay, newest input
// wins, an answer overtaken by newer input arrives as null.
const latest = engine.lane();
const local = createLocal("../pkg/hcl_playground.js", "../pkg-full/hcl_playground.js");
// Inspections (hover, selection) have a lane of their own: the newest wins.
const inspections = engine.lane();
// Module texts the page evaluated slowly, given to the worker in the
// background (after what the reader waits for): see evaluateModule.
const syncs = engine.lane();
// The workspace's test files run after each module answer, newest first.
const testRuns = engine.lane();
const INSPECT = new Set(["inspect", "inspectModule", "inspectTests"]);
const ask = (message) =>
  message.kind === "evaluate" || message.kind === "module"
    ? // What the reader waits for goes before inspections waiting.
      latest(message, TIME_LIMIT_MS, { urgent: true })
    : INSPECT.has(message.kind)
      ? inspections(message, TIME_LIMIT_MS)
      : engine.ask(message, message.kind === "meta" ? 30000 : TIME_LIMIT_MS);

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

// In Module mode: the module's own names (from its last result) and the
// named values Terraform provides.
let moduleNames = [];

const hclCompletions = expressionCompletions({
  functions: () => functionsByProfile[ui.profile.value] ?? [],
  names: () => (mode === "module" ? [...moduleNames, ...MODULE_NAMES] : variablePaths(completionVariables())),
});

const language = new Compartment();
const varsLanguage = new Compartment();
const jsonLanguage = json();
const LANGUAGES = { expression: hcl, template: hclTemplate, module: hclBody };
function editor(parent, doc, extensions) {
  // boot.js's plain-text copy of the first example.
  parent.replaceChildren();
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
        syntaxHighlighting(pageHighlight),
        keymap.of([{ key: "Shift-Alt-f", run: () => (formatEditor(), true), preventDefault: true }, ...completionKeymap, ...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        pageTheme,
        // The text is the editor's one stop in the tab order; said so, a
        // checker also knows its scrolling box can be reached by keyboard.
        EditorView.contentAttributes.of({ tabindex: "0" }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) schedule();
        }),
        ...extensions,
      ],
    }),
  });
}

// Provider schemas (www/providers) for completion and hover in Module mode.
const schemas = createSchemas(new URL("providers/", document.baseURI));
const schemaSource = schemaCompletions(schemas);
const exprView = editor($("editor"), "", [
  language.of(hcl),
  autocompletion({ override: [hclCompletions, (context) => (mode === "module" ? schemaSource(context) : null)], icons: false }),
  schemaHover(schemas, () => mode === "module"),
  inlineValues,
  inlineTheme,
  inspector((from, to) => inspectAt(from, to)),
  EditorView.contentAttributes.of({ "aria-label": "HCL expression", "data-testid": "editor-content" }),
]);
const varsView = editor($("variables"), "{}", [
  varsLanguage.of(jsonLanguage),
  EditorView.contentAttributes.of({ "aria-label": "Variables", "data-testid": "variables-content" }),
  EditorView.updateListener.of((u) => {
    if (u.docChanged) followFormat(u.state.doc.toString());
  }),
]);

// For tests and embedding scripts: the two editors, the time limit in
// force, the mode, in Module mode how long each evaluation took, and the
// evaluations asked for (profile, and whether the page answered itself).
window.hclPlayground = { expression: exprView, variables: varsView, timeLimitMs: TIME_LIMIT_MS, mode: () => mode, moduleTimings: [], idle: () => idle(), localMemoryBytes: () => local.memoryBytes(), setQuickMs: (ms) => local.setQuickMs(ms), setModuleQuickMs: (ms) => local.setModuleQuickMs(ms), asked: [] };

// ------------------------------------------------------------------- modes

let mode = "expression";
// The variables format in Module mode, and the last one the text itself
// made plain (the text switches the format only when that changes, so a
// choice made with the buttons holds while the text stays ambiguous).
let varsFormat = "json";
let detectedFormat = null;

const TITLES = { expression: "Expression", template: "Template", module: "Module (main.tf)" };
const LABELS = { expression: "HCL expression", template: "HCL template", module: "Terraform module (main.tf)" };

function setMode(next) {
  // An answer still on its way belongs to the other mode.
  generation++;
  mode = MODES.includes(next) ? next : "expression";
  for (const input of ui.modes) input.checked = input.value === mode;
  document.body.dataset.mode = mode;
  ui.editorTitle.textContent = TITLES[mode];
  exprView.dispatch({
    effects: [language.reconfigure(LANGUAGES[mode]), setInlineValues.of([])],
  });
  exprView.contentDOM.setAttribute("aria-label", LABELS[mode]);
  exprView.dispatch(setDiagnostics(exprView.state, []));
  varsView.dispatch(setDiagnostics(varsView.state, []));
  ui.varsError.textContent = "";
  clearProblems(ui.errors);
  setFormat(varsFormat);
}

function setFormat(format) {
  varsFormat = format;
  for (const b of ui.formats) b.setAttribute("aria-pressed", String(b.dataset.format === format));
  ui.varsTitle.textContent = format === "tfvars" ? "Variables (tfvars)" : "Variables (JSON)";
  varsView.dispatch({ effects: varsLanguage.reconfigure(format === "tfvars" ? hclBody : jsonLanguage) });
}

function followFormat(text) {
  const found = detectFormat(text);
  if (found && found !== detectedFormat) {
    detectedFormat = found;
    if (found !== varsFormat) setFormat(found);
  }
}

// -------------------------------------------------------------- evaluation

let timer = null;
let generation = 0;
let firstResultShown = false;

// Edits in one task (both editors set at once) make one evaluation.
function schedule() {
  if (timer !== null) return;
  timer = true;
  queueMicrotask(() => timer !== null && run());
}

function clamp(n, len) {
  return Math.max(0, Math.min(n, len));
}

function toCodeMirror(diags, doc) {
  return diags.map((d) => {
    const from = clamp(d.range.start, doc.length);
    let to = clamp(d.range.end, doc.length);
    // An empty range covers the character after it, unless that is a line
    // break (which shows nothing): then it stays a point (a caret mark).
    if (to <= from) to = from < doc.length && doc.sliceString(from, from + 1) !== "\n" ? from + 1 : from;
    return { from, to, severity: d.warning ? "warning" : "error", message: d.detail ? `${d.summary}: ${d.detail}` : d.summary };
  });
}

const diagnosticCount = (view) => diagnosticCountOf(view.state);

// The status is a polite live region: it is written only when it changes,
// so typing that changes nothing there announces nothing.
function setStatus(text, kind) {
  if (ui.status.textContent !== text) ui.status.textContent = text;
  ui.status.dataset.kind = kind;
}

// ---------------------------------------------------------------- problems

// The file of a module's diagnostic (main.tf's are the "expression" source).
const fileOf = (d) => (d.source === "variables" ? null : (d.file ?? (d.source === "expression" ? MAIN : null)));

// Where a diagnostic is: the pane or workspace file that holds its text.
function where(d) {
  const file = mode === "module" && fileOf(d);
  if (file) return { file, text: file === ws.active ? exprView.state.doc.toString() : ws.get(file) };
  if (d.source === "expression") return { file: mode === "module" ? "main.tf" : mode, text: exprView.state.doc.toString() };
  if (d.source === "variables") return { file: mode === "module" && varsFormat === "tfvars" ? "terraform.tfvars" : "variables", text: varsView.state.doc.toString() };
  if (d.source === "console") return { file: "console", text: consoleLine };
  return null;
}

// Choosing a problem puts the cursor on it, in its editor.
function pick(d) {
  if (d.source === "console") {
    ui.consoleInput.value = consoleLine;
    ui.consoleInput.focus();
    ui.consoleInput.setSelectionRange(d.range.start, d.range.end);
    return;
  }
  const file = mode === "module" && fileOf(d);
  if (file && file !== ws.active) openFile(file);
  const view = d.source === "variables" ? varsView : exprView;
  const len = view.state.doc.length;
  const anchor = clamp(d.range.start, len);
  view.dispatch({ selection: { anchor, head: clamp(Math.max(d.range.end, d.range.start), len) }, effects: EditorView.scrollIntoView(anchor, { y: "center" }) });
  view.dom.scrollIntoView({ block: "nearest" });
  view.focus();
}

// The problems as the evaluator rendered them (what Copy result copies).
let renderedProblems = "";

function showDiagnostics(diagnostics, rendered) {
  renderedProblems = rendered ?? "";
  showProblems(ui.errors, diagnostics, renderedProblems, { where, pick });
}

// One line per variables problem, beside the variables editor.
function showVariablesProblems(diagnostics, variables) {
  ui.varsError.textContent = diagnostics
    .map((d) => `${d.warning ? "Warning" : "Error"} on line ${lineColumn(variables, d.range?.start ?? 0).line}: ${d.summary}`)
    .join("\n");
  ui.varsError.dataset.warningsOnly = String(diagnostics.every((d) => d.warning));
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

// Here when it is quick and safe (www/src/local.js), else in the worker.
function evaluate(source, variables, profile, outputs) {
  const message = { kind: "evaluate", source, variables, options: { template: mode === "template", profile, outputs, variablesFormat: varsFormat } };
  const here = local.evaluate(message);
  const asked = window.hclPlayground.asked;
  asked.push({ profile, here: here !== null });
  if (asked.length > 1000) asked.shift();
  return (
    here ??
    ask(message).then((answer) => {
      local.observe(answer?.ms);
      return answer;
    })
  );
}

// A resource's type is thousands of characters and its value a hundred
// lines: the values list shows the type's beginning and the value's first
// lines (as many as it shows before its "Show all" button), and the whole
// texts when asked (each keystroke that changes hundreds of resources
// would otherwise write, copy and show them all).
const MAX_TYPE_LENGTH = 300;

// The last module message of each profile: what a cut value's whole texts
// are asked of.
const moduleMessages = new Map();

function evaluateModule(source, variables, profile, consoleLine = "", files = {}, scope = "", binaryFiles = {}) {
  const options = {
    profile,
    variablesFormat: varsFormat,
    // The compare view compares whole texts.
    ...(!compareOpen && { maxTypeLength: MAX_TYPE_LENGTH, maxConsoleLines: MAX_VALUE_LINES }),
    ...(consoleLine.trim() && { console: consoleLine }),
    ...(Object.keys(files).length && { files }),
    ...(Object.keys(binaryFiles).length && { binaryFiles }),
    ...(scope.trim() && { scope: scope.trim() }),
  };
  const message = { kind: "module", source, variables, options };
  moduleMessages.set(profile, message);
  const here = local.evaluateModule(message);
  if (here) {
    // This took long here, so the next edits go to the worker: it is given
    // this text now, so that it plans only what the next edit reaches
    // instead of the whole configuration (each thread keeps its own
    // workspace of the last text it evaluated).
    if (local.leavesNextToWorker()) syncs(message, TIME_LIMIT_MS);
    return here;
  }
  const wanted = local.wantedProviderFiles();
  return ask(wanted.length ? { ...message, providerFilesFor: wanted } : message).then((answer) => {
    local.observeModule(answer);
    return answer;
  });
}

// ---------------------------------------------------------------- workspace

// The Module mode's files; the editor holds the open one.
const ws = new Workspace();
const { drawTabs, openFile } = createWorkspaceView({
  ws,
  tabs: ui.fileTabs,
  editor: $("editor"),
  active: () => mode === "module",
  editorText: () => exprView.state.doc.toString(),
  show(path) {
    const lang = languageOf(path) === "json" ? jsonLanguage : LANGUAGES.module;
    exprView.dispatch({ effects: [language.reconfigure(lang), setInlineValues.of([])] });
    exprView.dispatch(setDiagnostics(exprView.state, []));
    setDoc(exprView, ws.get(path));
  },
  changed: () => schedule(),
  say: (text) => setStatus(text, "error"),
});

// No value: no empty value box and no bare "Type:".
function clearResult() {
  ui.output.textContent = "";
  ui.output.hidden = true;
  ui.type.textContent = "";
  ui.typeLine.hidden = true;
  ui.known.hidden = true;
}

function showResult(result) {
  ui.engine.textContent = result.engine ?? "";
  if (result.ok) {
    ui.output.textContent = (showJson ? result.json : result.console) ?? "";
    ui.output.hidden = false;
    ui.type.textContent = result.type;
    ui.typeLine.hidden = false;
    ui.known.hidden = !showKnown(ui.knownList, result.refinements);
    clearProblems(ui.errors);
    setStatus(result.known ? "ok" : "ok · contains unknown values", "ok");
  } else {
    clearResult();
    showDiagnostics(result.diagnostics, result.diagnosticsText);
    setStatus(countText(result.diagnostics) || "error", "error");
  }
}

function showAnswer(answer, variables) {
  if (answer.timedOut || answer.crashed || answer.stopped) {
    clearResult();
    ui.engine.textContent = "";
    showFailure(answer);
    return;
  }
  const result = answer.result;
  const varDiags = result.diagnostics.filter((d) => d.source === "variables");
  if (varDiags.length || diagnosticCount(varsView)) varsView.dispatch(setDiagnostics(varsView.state, toCodeMirror(varDiags, varsView.state.doc)));
  if (varDiags.length > 0) {
    // Invalid variables: say where, and keep the last good result on show;
    // the expression's errors were found with other input, so they go.
    showVariablesProblems(varDiags, variables);
    showDiagnostics(result.diagnostics, result.diagnosticsText);
    if (diagnosticCount(exprView)) exprView.dispatch(setDiagnostics(exprView.state, []));
    showHint(null);
    setStatus(ui.output.hidden ? "the variables are invalid" : "the variables are invalid; showing the last good result", "stale");
    return;
  }
  ui.varsError.textContent = "";
  goodVariablesText = variables;
  exprView.dispatch(setDiagnostics(exprView.state, toCodeMirror(result.diagnostics.filter((d) => d.source === "expression"), exprView.state.doc)));
  showResult(result);
  showHint(mode === "expression" ? habitHint(exprView.state.doc.toString(), variables, result.diagnostics) : null);
  markFirstAnswer();
}

// When the editor's first answer was shown (for tests and the benchmark).
function markFirstAnswer() {
  if (firstResultShown) return;
  firstResultShown = true;
  window.__firstResultMs = performance.now() - started;
}

// The input whose evaluation was stopped or ran out of time, until it changes.
let unfinished = null;

// An answer that is no answer: the time limit, a crash, or the Stop button.
function showFailure(answer) {
  unfinished = answer.crashed ? null : { doc: exprView.state.doc, vars: varsView.state.doc };
  markFirstAnswer();
  if (answer.stopped) {
    showMessage(ui.errors, "Evaluation stopped. Edit the input to evaluate it again.", "warning");
    setStatus("stopped", "stale");
  } else if (answer.timedOut) {
    showMessage(ui.errors, `Evaluation took too long (more than ${TIME_LIMIT_MS / 1000} s) and was stopped.`);
    setStatus("evaluation took too long", "error");
  } else {
    showMessage(ui.errors, `The evaluator failed unexpectedly: ${answer.crashed}`);
    setStatus("internal error", "error");
  }
}

// ------------------------------------------------------------- busy state

// An evaluation the worker has not answered within BUSY_MS marks the page
// busy: the result on show (an older input's) is dimmed, the status says so
// and Stop ends the evaluation. Quick answers (nearly all) never flash it.
const BUSY_MS = 150;
let busyTimer = null;

function setBusy(on) {
  clearTimeout(busyTimer);
  busyTimer = null;
  if (on) ui.resultPane.dataset.busy = "true";
  else delete ui.resultPane.dataset.busy;
  ui.resultPane.setAttribute("aria-busy", String(on));
  ui.stop.hidden = !on;
  if (on) setStatus("evaluating…", "busy");
}

// Waits for the answer of the newest input, marking the page busy if it is long in coming.
async function answerOf(pending, my) {
  if (!(pending instanceof Promise)) {
    if (ui.resultPane.dataset.busy || busyTimer !== null) setBusy(false);
    return pending;
  }
  // Already busy (typing while a long evaluation runs): it stays so.
  if (!ui.resultPane.dataset.busy) {
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => my === generation && setBusy(true), BUSY_MS);
  }
  const answer = await pending;
  if (my === generation) setBusy(false);
  return answer;
}

ui.stop.addEventListener("click", () => {
  // Inspections waiting are of the input being stopped: they go too.
  inspections.clear();
  engine.drop((m) => INSPECT.has(m.kind));
  engine.stop();
  // Focus was on the button, which is hidden now.
  exprView.focus();
});

// Whether nothing is waiting to be evaluated or on its way (for tests).
let running = 0;
const idle = () => timer === null && running === 0;

async function run() {
  timer = null;
  running++;
  try {
    await evaluateAndShow();
  } finally {
    running--;
  }
}

async function evaluateAndShow() {
  const my = ++generation;
  const source = exprView.state.doc.toString();
  const variables = varsView.state.doc.toString();
  const profile = ui.profile.value;
  const asked = performance.now();
  if (mode === "module") ws.sync(source);
  // The whole workspace in Module mode (whichever file is open), under
  // each engine the compare view asks for too.
  const answerFor = (engine, wanted) =>
    mode === "module" ? evaluateModule(ws.get(MAIN), variables, engine, consoleLine, ws.others(), ui.consoleScope.value, ws.binaries()) : evaluate(source, variables, engine, wanted);
  const answer = await answerOf(answerFor(profile, outputs()), my);
  if (!answer || my !== generation) return;
  if (mode === "module") {
    const received = performance.now();
    showModuleAnswer(answer, source, variables);
    if (!answer.timedOut && !answer.crashed) await runTests(my, profile);
    const timing = { evalMs: answer.ms, roundTripMs: received - asked, renderMs: performance.now() - received, lines: source.split("\n").length, source: source.length };
    window.hclPlayground.moduleTimings.push(timing);
    if (window.hclPlayground.moduleTimings.length > 1000) window.hclPlayground.moduleTimings.shift();
  } else showAnswer(answer, variables);
  // Only while the compare view is open: the other engines, one at a time
  // (each with its own time limit), abandoned as soon as the input changes
  // (and not for an input the reader stopped).
  if (compareOpen && !answer.stopped) {
    const answers = new Map([[profile, answer]]);
    // A Waypoint project and a Terraform module are different files: in
    // Module mode only engines of the selected one's kind are compared.
    const kin = (p) => mode !== "module" || (p === "waypoint") === (profile === "waypoint");
    for (const other of PROFILES.filter((p) => p !== profile && kin(p))) {
      const otherAnswer = await answerFor(other, COMPARE_OUTPUTS);
      if (!otherAnswer || my !== generation) return;
      answers.set(other, otherAnswer);
    }
    compare.show(answers, profile);
  }
  saveCurrent(currentState());
  document.body.dataset.evaluations = String(Number(document.body.dataset.evaluations || 0) + 1);
}

// ------------------------------------------------------------ module mode

// The console line: the last expression entered is evaluated again with
// every evaluation of the module, so its answer follows the module's text.
let consoleLine = "";
const consoleHistory = new ConsoleHistory();

function jumpTo(value) {
  if (value.file && value.file !== ws.active) openFile(value.file);
  const pos = clamp(value.range.start, exprView.state.doc.length);
  exprView.dispatch({ selection: { anchor: pos }, effects: EditorView.scrollIntoView(pos, { y: "center" }) });
  exprView.focus();
}

function showConsole(result) {
  const out = ui.consoleOutput;
  if (!consoleLine.trim()) {
    out.replaceChildren();
    delete out.dataset.state;
    return;
  }
  const prompt = document.createElement("span");
  prompt.className = "prompt";
  prompt.textContent = `> ${consoleLine}\n`;
  const answer = document.createElement("span");
  const c = result?.console;
  // The consoles end at configuration errors before reading anything.
  if (!c) answer.textContent = result?.stopped ? "(not evaluated: the console stops at the configuration errors above)" : "";
  else if (c.ok) answer.textContent = c.console;
  else {
    answer.className = "error";
    answer.textContent = c.diagnosticsText || c.diagnostics.map((d) => `Error: ${d.summary}\n\n${d.detail}`).join("\n\n");
  }
  out.dataset.state = c?.ok ? "ok" : "error";
  out.replaceChildren(prompt, answer);
}

// The whole texts ({ address: { console, type } }) of values shown cut
// (see MAX_TYPE_LENGTH), asked of the worker with the module message that
// gave them: it plans that text again only where its own last one differs.
function wholeValues(message, addresses) {
  if (!message || addresses.length === 0) return Promise.resolve({});
  return engine.ask({ ...message, kind: "moduleValues", addresses }, TIME_LIMIT_MS).then((answer) => answer?.result ?? {});
}

// `values` with the whole texts of those shown cut.
async function wholeOf(values, message) {
  const whole = await wholeValues(message, values.filter((v) => v.typeCut || v.consoleCut).map((v) => v.address));
  return values.map((v) => (whole[v.address] ? { ...v, ...whole[v.address], typeCut: undefined, consoleCut: undefined } : v));
}

// The last module answer's problems in the open file, and the last test
// results (see runTests).
let lastInModule = [];
let lastTests = null;

// Runs the workspace's test files (when it has any) after a module answer
// of evaluation `my`, and shows them in the Tests panel and, for the open
// file, in the editor.
async function runTests(my, profile) {
  if (!ws.paths().some((p) => isTestFile(p, profile))) {
    lastTests = null;
    renderTests(ui.tests, null, jumpTo);
    return;
  }
  const message = moduleMessages.get(profile);
  const answer = await testRuns({ ...message, kind: "tests" }, TIME_LIMIT_MS);
  if (!answer || my !== generation || mode !== "module") return;
  lastTests = answer.result ?? null;
  renderTests(ui.tests, lastTests, jumpTo);
  const marks = [...lastInModule, ...testProblemsIn(lastTests, ws.active)];
  if (marks.length || diagnosticCount(exprView)) exprView.dispatch(setDiagnostics(exprView.state, toCodeMirror(marks, exprView.state.doc)));
}

/**
 * "Terraform v1.16.4 (…) · hashicorp/aws 5.100.0 (~> 5.0)": the engine,
 * and the version of each provider's data that planned (as `init` would
 * pick it from the constraints).
 */
function engineText(result) {
  const provider = (p) => `${p.provider} ${p.version ?? "as written"}${p.constraints.length ? ` (${p.constraints.join(", ")})` : ""}`;
  return [result.engine ?? "", ...(result.providers ?? []).map(provider)].filter(Boolean).join(" · ");
}

function showModuleAnswer(answer, source, variables) {
  if (answer.timedOut || answer.crashed || answer.stopped) {
    ui.values.replaceChildren();
    exprView.dispatch({ effects: setInlineValues.of([]) });
    ui.engine.textContent = "";
    showFailure(answer);
    return;
  }
  const result = answer.result;
  ui.engine.textContent = engineText(result);
  // The API gives a value for an undeclared variable no range in the
  // variables text: it is found there by name.
  const undeclared = (d) => d.kind === "undeclaredValue";
  // Undeclared variables' entries point at their names in the variables.
  const located = result.diagnostics.map((d) =>
    undeclared(d) ? { ...d, source: "variables", range: undeclaredRange(d, variables, varsFormat) ?? { start: 0, end: 0 } } : d,
  );
  const inVariables = located.filter((d) => d.source === "variables");
  const inModule = result.diagnostics.filter((d) => fileOf(d) === ws.active && !undeclared(d));
  lastInModule = inModule;
  // A test file open keeps its runs' problems until the tests answer again.
  const marks = [...inModule, ...testProblemsIn(lastTests, ws.active)];
  // (Nothing to clear and nothing to show is the common case while typing.)
  if (marks.length || diagnosticCount(exprView)) exprView.dispatch(setDiagnostics(exprView.state, toCodeMirror(marks, exprView.state.doc)));
  if (inVariables.length || diagnosticCount(varsView)) varsView.dispatch(setDiagnostics(varsView.state, toCodeMirror(inVariables, varsView.state.doc)));
  showVariablesProblems(inVariables, variables);
  showDiagnostics(located, result.diagnosticsText);
  const message = moduleMessages.get(ui.profile.value);
  renderValues(ui.values, result.values, jumpTo, result.guessedTypes ?? [], (address) => wholeValues(message, [address]).then((w) => w[address] ?? null));
  lastModuleValues = result.values;
  lastModuleMessage = message;
  exprView.dispatch({ effects: setInlineValues.of(inlineValuesOf(result.values.filter((v) => v.file === ws.active), source.length)) });
  moduleNames = result.values.filter((v) => v.kind !== "output").map((v) => v.address);
  showConsole(result);
  const errors = result.diagnostics.some((d) => !d.warning);
  const counts = countText(result.diagnostics);
  const named = `${result.values.length} named value${result.values.length === 1 ? "" : "s"}`;
  if (result.stopped) setStatus(`${counts} · not evaluated`, "error");
  else if (errors) setStatus(counts, "error");
  else setStatus([`ok · ${named}`, counts].filter(Boolean).join(" · "), counts ? "warning" : "ok");
  markFirstAnswer();
}

// The console's scope applies to the next evaluation, as typed.
ui.consoleScope.addEventListener("input", () => schedule());

ui.consoleInput.addEventListener("keydown", (e) => {
  if (e.key === "Enter") {
    e.preventDefault();
    consoleLine = ui.consoleInput.value;
    consoleHistory.push(consoleLine);
    ui.consoleInput.value = "";
    run();
  } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
    const next = e.key === "ArrowUp" ? consoleHistory.up(ui.consoleInput.value) : consoleHistory.down();
    if (next === null) return;
    e.preventDefault();
    ui.consoleInput.value = next;
    ui.consoleInput.setSelectionRange(next.length, next.length);
  }
});

// ----------------------------------------------------------------- compare

const COMPARE_OUTPUTS = ["console", "type", "diagnosticsText", "refinements"];
const compare = createCompare({ grid: ui.compareGrid, note: ui.compareNote, profiles: PROFILES, label: profileLabel, timeLimitMs: TIME_LIMIT_MS });

// ------------------------------------------------------------------- share

const family = (m) => (m === "module" ? "module" : "expression");
const savedTexts = { expression: null, module: null };
let firstModuleExample = null;
let defaultExample = null;

function saveTexts() {
  const e = exprView.state.doc.toString();
  if (e.trim() === "") return;
  savedTexts[family(mode)] = { ...moduleFiles(e), v: varsView.state.doc.toString(), f: varsFormat, c: consoleLine };
}

// In Module mode, main.tf's text (e) and the other files (w, a) of the
// workspace; elsewhere the editor's text.
function moduleFiles(editorText) {
  if (mode !== "module") return { e: editorText };
  ws.sync(editorText);
  const binary = ws.binaries();
  return {
    e: ws.get(MAIN),
    w: ws.others(),
    a: ws.active,
    ...(Object.keys(binary).length && { b: binary }),
    ...(ui.consoleScope.value.trim() && { s: ui.consoleScope.value.trim() }),
  };
}

function setDoc(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

// A state from an example keeps the engine; one from a link sets it.
// Leaving the Module mode for an expression (or back) keeps the texts left
// behind, for the mode switch to bring back.
function applyState(state) {
  // The work being replaced stays in the history.
  rememberCurrent();
  if (state.p) ui.profile.value = state.p;
  const next = state.m ?? (state.t ? "template" : "expression");
  if (family(next) !== family(mode)) saveTexts();
  setMode(next);
  const variables = state.v ?? "{}";
  detectedFormat = detectFormat(variables);
  setFormat(state.f ?? detectedFormat ?? "json");
  if (mode === "module") {
    consoleLine = state.c ?? "";
    consoleHistory.reset();
    ui.consoleInput.value = "";
  }
  if (mode === "module") {
    ws.reset(state.e ?? "", state.w ?? {}, state.a ?? MAIN, state.b ?? {});
    ui.consoleScope.value = state.s ?? "";
    openFile(ws.active, false);
  } else setDoc(exprView, state.e ?? "");
  setDoc(varsView, variables);
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
  const state = { ...moduleFiles(exprView.state.doc.toString()), v: varsView.state.doc.toString(), t: mode === "template", p: ui.profile.value, m: mode };
  Object.assign(state, { f: varsFormat }, mode === "module" && { c: consoleLine });
  rememberCurrent();
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

// ------------------------------------------------- work kept across reloads

function currentState() {
  const v = varsView.state.doc.toString();
  return { ...moduleFiles(exprView.state.doc.toString()), v, t: mode === "template", p: ui.profile.value, m: mode, f: varsFormat, c: mode === "module" ? consoleLine : "" };
}

// The recent states, newest first, as the Recent menu lists them.
let recent = loadHistory();

function showHistory() {
  const now = Date.now();
  ui.history.replaceChildren(
    new Option(recent.length ? "Recent work…" : "No recent work", ""),
    ...recent.map((h, i) => new Option(historyLabel(h, now), String(i))),
  );
}

function rememberCurrent() {
  if (!exprView.state.doc.length) return;
  recent = pushHistory(currentState());
  showHistory();
}

ui.history.addEventListener("change", () => {
  const entry = recent[Number(ui.history.value)];
  ui.history.value = "";
  if (entry) applyState(entry.state);
});

// Leaving the page (or the tab going to the background, which on a phone
// may be the last chance) keeps the work and records it.
addEventListener("pagehide", () => {
  saveCurrent(currentState());
  rememberCurrent();
});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") saveCurrent(currentState());
});

// --------------------------------------------------------- copy and format

async function copyText(text, done) {
  try {
    await navigator.clipboard.writeText(text);
    ui.shareStatus.textContent = done;
  } catch {
    ui.shareStatus.textContent = "The browser refused the clipboard; select the text and copy it.";
  }
}

// The result as shown: the console text or the JSON, or a module's named values.
ui.copyResult.addEventListener("click", async () => {
  if (mode === "module") {
    copyText(valuesText(await wholeOf(lastModuleValues, lastModuleMessage)), "Named values copied.");
    return;
  }
  const text = ui.output.hidden ? renderedProblems || ui.errors.textContent : ui.output.textContent;
  copyText(text, showJson ? "JSON copied." : "Result copied.");
});

let lastModuleValues = [];
let lastModuleMessage = null;

// Only the changed middle of the text is replaced, so the cursor and the
// undo history stay where they make sense.
function replaceMinimal(view, text) {
  const old = view.state.doc.toString();
  if (old === text) return;
  let start = 0;
  while (start < old.length && start < text.length && old[start] === text[start]) start++;
  let end = 0;
  while (end < old.length - start && end < text.length - start && old[old.length - 1 - end] === text[text.length - 1 - end]) end++;
  // One undo step of its own, not merged with the typing before it.
  view.dispatch({ changes: { from: start, to: old.length - end, insert: text.slice(start, text.length - end) }, annotations: isolateHistory.of("full") });
}

async function formatEditor() {
  if (mode === "template") {
    ui.shareStatus.textContent = "A template is text: there is nothing to format.";
    return;
  }
  if (mode === "module" && languageOf(ws.active) !== "hcl") {
    ui.shareStatus.textContent = `${ws.active} is not HCL: there is nothing to format.`;
    return;
  }
  const source = exprView.state.doc.toString();
  const answer = await ask({ kind: "format", source, options: { expression: mode !== "module" } });
  if (exprView.state.doc.toString() !== source) return;
  const r = answer.result;
  if (!r?.ok) {
    ui.shareStatus.textContent = r?.diagnostics?.length ? `Not formatted: ${r.diagnostics[0].summary} (line ${r.diagnostics[0].line}).` : "Not formatted.";
    return;
  }
  replaceMinimal(exprView, r.text);
  ui.shareStatus.textContent = "Formatted.";
}
ui.format.addEventListener("click", formatEditor);

// ----------------------------------------------------------------- inspect

// The workspace as the last evaluation saw it, with the open file named:
// the worker answers from that evaluation.
function moduleInspection(source, profile) {
  ws.sync(source);
  const scope = ui.consoleScope.value.trim();
  const others = ws.others();
  const binaryFiles = ws.binaries();
  const options = {
    profile,
    variablesFormat: varsFormat,
    file: ws.active,
    ...(Object.keys(others).length && { files: others }),
    ...(Object.keys(binaryFiles).length && { binaryFiles }),
    ...(scope && { scope }),
  };
  return { source: ws.get(MAIN), options };
}

// The value of the sub-expression at from..to of the editor's text, as the
// current inputs give it.
async function inspectAt(from, to) {
  // Inspecting evaluates: not an input that was stopped or ran out of time.
  if (unfinished && unfinished.doc === exprView.state.doc && unfinished.vars === varsView.state.doc) return null;
  const source = exprView.state.doc.toString();
  const variables = varsView.state.doc.toString();
  const profile = ui.profile.value;
  // In a test file, an assertion's sub-expression is inspected in its run.
  const inTests = mode === "module" && isTestFile(ws.active, profile);
  const message =
    mode === "module"
      ? { kind: inTests ? "inspectTests" : "inspectModule", ...moduleInspection(source, profile), variables, start: from, end: to }
      : { kind: "inspect", source, variables, options: { profile, template: mode === "template", variablesFormat: varsFormat }, start: from, end: to };
  const answer = (mode === "module" && !inTests && local.inspectModule(message)) || (await ask(message));
  return answer?.result ?? null;
}

// ------------------------------------------------------------------- hints

let hint = null;
function showHint(next) {
  hint = next;
  ui.habitHint.hidden = !next;
  ui.habitHintText.textContent = next?.text ?? "";
  ui.hintModule.hidden = !next?.actions.includes("module");
  ui.hintNest.hidden = !next?.actions.includes("nest");
  if (next) ui.habitHint.dataset.kind = next.kind;
}

ui.hintModule.addEventListener("click", () => {
  const text = exprView.state.doc.toString();
  const variables = varsView.state.doc.toString();
  const body = hint?.kind === "body";
  const e = body ? asModule(text) : expressionAsModule(text, variables);
  showHint(null);
  // A pasted body declares no variable: the expression's values would be
  // values for undeclared variables, which stop the console.
  applyState({ e, v: body ? "{}" : variables, m: "module", f: "json", c: "" });
});
ui.hintNest.addEventListener("click", () => {
  showHint(null);
  setDoc(varsView, nestUnderVar(varsView.state.doc.toString()));
});

// --------------------------------------------------------------- reference

const reference = createReference($("reference-body"), {
  functions: () => functionsByProfile[ui.profile.value] ?? [],
  run: async (example) => (await ask({ kind: "evaluate", source: example, variables: "{}", options: { profile: ui.profile.value, outputs: ["console", "type", "diagnosticsText"] } })).result,
  insert: (text) => {
    const { from, to } = exprView.state.selection.main;
    exprView.dispatch({ changes: { from, to, insert: text }, selection: { anchor: from + text.length }, scrollIntoView: true });
    // The editor itself may be out of view (a phone, a scrolled page).
    exprView.dom.scrollIntoView({ block: "nearest" });
    exprView.focus();
  },
  engineLabel: () => profileLabel(ui.profile.value),
});

ui.profile.addEventListener("change", () => {
  if (!ui.reference.hidden) reference.refresh();
});

// ------------------------------------------------------------------ panels

createDrawer($("drawer"), {
  reference: {
    toggle: ui.referenceToggle,
    onOpen: () => {
      reference.refresh();
      $("reference-body").querySelector("input")?.focus();
    },
  },
  compare: {
    toggle: ui.compareToggle,
    onOpen: () => {
      compareOpen = true;
      ui.compareNote.textContent = "Evaluating under every engine…";
      delete ui.compareNote.dataset.agree;
      run();
    },
    onClose: () => {
      compareOpen = false;
    },
  },
});

// ---------------------------------------------------------------- controls

// A module is not an expression: the Module mode keeps its own texts, and
// switching to it or back brings them back (a module example the first
// time; the default expression example if the page opened on a module).
// Expression and Template share theirs.
for (const input of ui.modes) {
  input.addEventListener("change", () => {
    if (!input.checked) return;
    const next = input.value;
    if (family(next) === family(mode)) {
      setMode(next);
      run();
      return;
    }
    const saved = savedTexts[family(next)] ?? (next === "module" ? firstModuleExample : defaultExample) ?? { e: "", v: "{}" };
    applyState({ ...saved, m: next });
    run();
  });
}

for (const button of ui.formats) {
  button.addEventListener("click", () => {
    setFormat(button.dataset.format);
    run();
  });
}

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

const moduleState = (ex) => ex && { e: ex.expr, v: ex.vars, m: "module", f: ex.varsFormat, c: ex.consoleLine ?? "", w: ex.files ?? {} };

async function loadExamples() {
  const examples = await examplesJson;
  const groups = new Map();
  firstModuleExample = moduleState(examples.find((ex) => ex.mode === "module"));
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
    if (!ex) return;
    applyState(ex.mode === "module" ? moduleState(ex) : { e: ex.expr, v: ex.vars, t: ex.template });
  });
  return examples;
}

// The first result needs only the examples (or the link): the functions
// list for autocompletion is asked for after it.
async function main() {
  const examples = await loadExamples();
  showHistory();
  const previous = loadCurrent();
  const opened = location.hash.length > 1 && (await openLink(location.hash));
  // A link replaces the last visit's work, which stays in the history.
  if (opened && previous) {
    recent = pushHistory(previous);
    showHistory();
  }
  defaultExample = { e: examples[DEFAULT_EXAMPLE].expr, v: examples[DEFAULT_EXAMPLE].vars, t: examples[DEFAULT_EXAMPLE].template };
  // The work of the last visit, unless a link says otherwise.
  if (!opened) applyState(previous || defaultExample);
  setupSplitters(document.querySelector("main"));
  const meta = await ask({ kind: "meta" });
  // The first result is on screen: the page's own evaluator may load now.
  local.load().catch(() => {});
  functionsByProfile = meta.functions ?? {};
  for (const { name, engine } of meta.profiles ?? []) {
    const option = [...ui.profile.options].find((o) => o.value === name);
    if (option) option.title = engine;
    compare.named(name, engine);
  }
  ui.version.textContent = `hcl-playground ${meta.version ?? ""}`;
}

main();
