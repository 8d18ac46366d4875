// Live HCL examples for documentation pages (the npm package's README,
// www/npm-README.md, is the author's guide).
//
//   <script type="module" src="https://…/embed.js"></script>
//   <hcl-playground vars='{"name": "World"}' expect='"Hello, World!"'>"Hello, ${name}!"</hcl-playground>
//
// Also turns every <pre><code class="language-hcl"> into a widget (data-
// attributes on the <code> or <pre>). Attributes: vars, template, expect,
// profile (or a page's <meta name="hcl-playground-profile">), output
// ("console" or "json"), theme ("light", "dark"; otherwise the page's
// color-scheme, or --hcl-color-scheme), playground (an http(s) URL),
// time-limit (ms, default 3000, counted once the worker takes the request);
// module, vars-format and console for a module (its other files as
// <template data-file="modules/net/main.tf"> children, a file that is not
// text as <template data-file="logo.png" data-encoding="base64">; with a test file
// among them, tests/x.tftest.hcl, the widget shows the module's test run as
// `terraform test` prints it, and expect matches its summary line). The text may hold hidden
// set-up, read-only lines and ^? queries (authoring.js). Nothing heavy
// loads until a widget scrolls into view or takes focus; one Web Worker
// serves every widget; each evaluates as soon as the worker is free, newest
// edit first. Each widget lives in a Shadow DOM, themed with CSS custom
// properties (--hcl-bg, --hcl-fg, --hcl-muted, --hcl-border, --hcl-accent,
// --hcl-ok, --hcl-error, --hcl-font, --hcl-code-font); after each run it
// dispatches an `hcl-result` event. Output is written with textContent only.

import { createEngine } from "./engine.js";
import { parseAuthoring, subExpression, setupAttributes } from "./authoring.js";

const HERE = new URL(".", import.meta.url);
const TIME_LIMIT_MS = 3000;

// ------------------------------------------------------------ the engine

function workerUrl() {
  const url = new URL("worker.js", HERE);
  if (url.origin === location.origin) return url;
  // Workers must be same-origin: start one from a blob that imports the
  // (CORS-served) module.
  return URL.createObjectURL(new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" }));
}

const engine = createEngine(workerUrl, TIME_LIMIT_MS);
const expressionMessage = (source, variables, template, profile, outputs) => ({
  kind: "evaluate",
  source,
  variables,
  options: { template, outputs: [...outputs, "type", "diagnosticsText"], ...(profile && { profile }) },
});
const moduleMessage = (source, variables, variablesFormat, consoleLine, profile, files) => ({
  kind: "module",
  source,
  variables,
  options: { variablesFormat, ...(consoleLine && { console: consoleLine }), ...(profile && { profile }), ...fileOptions(files) },
});

// A module widget's other files: its <template data-file="PATH"> children
// (a template's content is no part of the widget's text), texts by path
// and those with data-encoding="base64" (not text) apart.
const templateFiles = (host) => {
  const files = {};
  const binary = {};
  for (const t of host.querySelectorAll(":scope > template[data-file]")) {
    if (t.dataset.encoding === "base64") binary[t.dataset.file] = t.content.textContent.replace(/\s+/g, "");
    else files[t.dataset.file] = dedent(t.content.textContent);
  }
  return Object.keys(binary).length ? Object.defineProperty(files, BINARY, { value: binary }) : files;
};
// Where templateFiles keeps the binary files (not one of the paths).
const BINARY = Symbol("binary files");

// The evaluation options for a module widget's files.
const fileOptions = (files) => ({
  ...(Object.keys(files).length && { files }),
  ...(files[BINARY] && { binaryFiles: files[BINARY] }),
});

/** What a ^? query shows for the inspected `text`: a line per value. */
function queryLines(text, answer) {
  const r = answer.result;
  if (!r) return [`${text}: took too long`];
  if (!r.found) return [`${text}: ${r.diagnostics?.[0]?.summary ?? "not an expression"}`];
  if (r.hits.length === 0) return [`${text}: never evaluated`];
  const value = (h) => (h.ok ? `${(r.console ?? h.console).replace(/\n/g, "\n  ")} (${h.type})` : h.errors.map((e) => `Error: ${e.summary}`).join("; "));
  if (r.hits.length === 1 && r.hits[0].bindings.length === 0) return [`${text}: ${value(r.hits[0])}`];
  const more = r.count > r.hits.length ? [`  … ${r.count - r.hits.length} more`] : [];
  const oneLine = (t) => t.replace(/\n\s*/g, " ");
  return [`${text}:`, ...r.hits.map((h) => `  ${h.bindings.map((b) => `${b.name} = ${oneLine(b.console)}`).join(", ")} → ${value(h)}`), ...more];
}

// A module's named values as the widget shows them (as the page's compare view).
const valuesText = (values) => values.map((v) => `${v.address} = ${v.console.replace(/\n/g, "\n  ")}`).join("\n");
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// ----------------------------------------------------- sharing (as the page)

async function shareHash(state) {
  const bytes = new TextEncoder().encode(JSON.stringify(state));
  const packed = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
  let s = "";
  for (const b of packed) s += String.fromCharCode(b);
  return `v1.${btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

// ------------------------------------------------------------- the widget

// Colours follow the page's color-scheme (inherited, so a page that says
// `color-scheme: dark`, or `light dark` with the system, gets dark widgets)
// through light-dark(); browsers without it follow the system instead.
const STYLE = `
:host { display: block; margin: 1em 0; color-scheme: var(--hcl-color-scheme); --_bg: var(--hcl-bg, #f6f7f9); --_fg: var(--hcl-fg, #1d1f24);
  --_muted: var(--hcl-muted, #5b616e); --_border: var(--hcl-border, #d8dbe2); --_accent: var(--hcl-accent, #5c4ee5);
  --_ok: var(--hcl-ok, #1b7f3b); --_error: var(--hcl-error, #b3261e);
  --_code: var(--hcl-code-font, ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace); font-family: var(--hcl-font, inherit); }
:host([theme="dark"]) { color-scheme: dark; } :host([theme="light"]) { color-scheme: light; }
@supports (color: light-dark(red, red)) { :host { --_bg: var(--hcl-bg, light-dark(#f6f7f9, #1e2128)); --_fg: var(--hcl-fg, light-dark(#1d1f24, #e6e8ee));
  --_muted: var(--hcl-muted, light-dark(#5b616e, #a0a6b4)); --_border: var(--hcl-border, light-dark(#d8dbe2, #343945));
  --_accent: var(--hcl-accent, light-dark(#5c4ee5, #9d93ff)); --_ok: var(--hcl-ok, light-dark(#1b7f3b, #7ee2a0)); --_error: var(--hcl-error, light-dark(#b3261e, #ff8a80)); } }
@supports not (color: light-dark(red, red)) { @media (prefers-color-scheme: dark) { :host { --_bg: var(--hcl-bg, #1e2128); --_fg: var(--hcl-fg, #e6e8ee);
  --_muted: var(--hcl-muted, #a0a6b4); --_border: var(--hcl-border, #343945); --_accent: var(--hcl-accent, #9d93ff); --_ok: var(--hcl-ok, #7ee2a0); --_error: var(--hcl-error, #ff8a80); } } }
.w { border: 1px solid var(--_border); border-radius: 8px; background: var(--_bg); color: var(--_fg); overflow: hidden; }
textarea { display: block; box-sizing: border-box; width: 100%; border: 0; border-bottom: 1px solid var(--_border); padding: 0.6em 0.75em;
  background: transparent; color: inherit; font: 0.9em/1.45 var(--_code); resize: vertical; tab-size: 2; }
textarea:focus-visible, a:focus-visible, button:focus-visible { outline: 2px solid var(--_accent); outline-offset: -2px; }
.r { padding: 0.5em 0.75em; display: grid; gap: 0.3em; }
pre { margin: 0; font: 0.9em/1.45 var(--_code); white-space: pre-wrap; }
.s { padding: 0.6em 0.75em; border-bottom: 1px dashed var(--_border); color: var(--_muted); }
.q { color: var(--_muted); }
.e { color: var(--_error); } .e.w { color: var(--_muted); }
.m { font-size: 0.8em; color: var(--_muted); display: flex; gap: 1em; flex-wrap: wrap; align-items: baseline; }
button { font: inherit; color: var(--_accent); background: none; border: 0; padding: 0; cursor: pointer; text-decoration: underline; }
.ok { color: var(--_ok); } .bad { color: var(--_error); }
a { color: var(--_accent); }
`;

// A constructed style sheet, shared by every widget, where the browser has
// them: a page's Content Security Policy without 'unsafe-inline' in
// style-src refuses <style> elements, not constructed sheets.
let sheet = null;
function addStyle(root) {
  if (root.adoptedStyleSheets && typeof CSSStyleSheet.prototype.replaceSync === "function") {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
    }
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement("style");
    style.textContent = STYLE;
    root.append(style);
  }
}

// Removes the indentation the page's markup added; keeps a final newline,
// which a heredoc needs after its closing marker.
function dedent(text) {
  const trailing = /\n\s*$/.test(text) ? "\n" : "";
  const lines = text.replace(/^\n/, "").replace(/\n\s*$/, "").split("\n");
  const indent = Math.min(...lines.filter((l) => l.trim()).map((l) => l.match(/^ */)[0].length));
  return lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0)).join("\n") + trailing;
}

const PROFILES = ["terraform", "opentofu", "hcl-2.14", "waypoint"];
const el = (tag, className) => Object.assign(document.createElement(tag), className ? { className } : {});
const lineStarts = (text) => [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];

class HclPlayground extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const written = this.hasAttribute("expr") ? this.getAttribute("expr") : dedent(this.textContent);
    this.authored = parseAuthoring(written);
    const source = this.authored.text;
    const root = this.attachShadow({ mode: "open" });
    addStyle(root);
    const box = el("div", "w");
    box.part = "widget";
    this.setup = el("pre", "s");
    this.setup.textContent = this.authored.setup;
    this.setup.hidden = true;
    this.code = el("textarea");
    this.code.value = source;
    this.code.rows = Math.min(Math.max(source.split("\n").length, 1), 20);
    this.code.spellcheck = false;
    this.code.setAttribute("aria-label", this.module ? "Terraform module (editable)" : "HCL expression (editable)");
    const result = el("div", "r");
    this.out = el("pre");
    this.out.setAttribute("aria-live", "polite");
    this.out.textContent = "…";
    this.queries = el("pre", "q");
    this.err = el("pre", "e");
    const meta = el("div", "m");
    this.type = el("span");
    this.engine = el("span");
    this.mark = el("span");
    this.link = el("a");
    this.link.textContent = "Open in playground";
    this.link.target = "_blank";
    this.link.rel = "noopener";
    // The share link is made when it is about to be followed, not on
    // every run.
    const share = () => this.shareLink();
    this.link.addEventListener("pointerdown", share);
    this.link.addEventListener("focus", share);
    this.link.addEventListener("click", async (e) => {
      if (this.sharedFor === this.shareKey()) return;
      e.preventDefault();
      await this.shareLink();
      if (this.link.href) window.open(this.link.href, "_blank", "noopener");
    });
    meta.append(this.type, this.engine, this.mark);
    if (this.authored.setup) {
      const toggle = el("button");
      const label = () => `${this.setup.hidden ? "Show" : "Hide"} set-up (${plural(this.authored.setup.split("\n").length, "line")})`;
      toggle.textContent = label();
      toggle.setAttribute("aria-expanded", "false");
      toggle.addEventListener("click", () => {
        this.setup.hidden = !this.setup.hidden;
        toggle.textContent = label();
        toggle.setAttribute("aria-expanded", String(!this.setup.hidden));
      });
      meta.append(toggle);
    }
    if (this.authored.readonly.length) {
      const note = el("span");
      note.textContent = `read-only: ${this.authored.readonly.map(([a, b]) => (a === b ? `line ${a + 1}` : `lines ${a + 1}–${b + 1}`)).join(", ")}`;
      meta.append(note);
    }
    meta.append(this.link);
    result.append(this.out, this.queries, this.err, meta);
    box.append(this.setup, this.code, result);
    root.append(box);
    this.problems = this.checkAttributes();
    if (this.problems.length) {
      this.out.textContent = "";
      this.err.textContent = this.problems.join("\n");
      this.link.removeAttribute("href");
      return;
    }
    this.link.href = this.playgroundUrl();
    this.runs = 0;
    this.lane = engine.lane();
    this.guardReadonly();
    this.code.addEventListener("input", () => {
      this.edited = true;
      this.run();
    });
    this.addEventListener("focusin", () => this.activate(), { once: true });
    observer().observe(this);
  }

  attr(name, data = name.replace(/-(\w)/g, (_, c) => c.toUpperCase())) {
    return this.getAttribute(name) ?? this.dataset[data] ?? null;
  }

  get variables() {
    return this.attr("vars") ?? "{}";
  }

  get template() {
    return this.hasAttribute("template") || this.dataset.template === "true";
  }

  get module() {
    return this.hasAttribute("module") || this.dataset.mode === "module";
  }

  get varsFormat() {
    const given = this.attr("vars-format");
    if (given) return given;
    const text = this.variables.trim();
    return text === "" || text.startsWith("{") ? "json" : "tfvars";
  }

  get consoleLine() {
    return this.attr("console") ?? "";
  }

  get profile() {
    return this.attr("profile") ?? document.querySelector('meta[name="hcl-playground-profile"]')?.content ?? null;
  }

  get output() {
    return this.attr("output") ?? "console";
  }

  // Milliseconds an evaluation may take once the worker has it.
  get timeLimit() {
    const given = this.attr("time-limit");
    return given === null ? TIME_LIMIT_MS : Number(given);
  }

  // An edit's requests go before the first runs of widgets still waiting
  // (a reader typing should not wait for a long page to finish loading).
  ask(message) {
    return this.lane(message, this.timeLimit, { urgent: this.edited });
  }

  get expected() {
    return this.attr("expect");
  }

  playgroundUrl() {
    return this.attr("playground") ?? new URL("index.html", HERE).href;
  }

  // What an author got wrong, said inside the widget instead of a silent
  // default or a wrong answer.
  checkAttributes() {
    const problems = [];
    const one = (name, value, allowed) => value !== null && !allowed.includes(value) && problems.push(`The ${name} attribute must be ${allowed.map((a) => `"${a}"`).join(" or ")}, not "${value}".`);
    one("profile", this.profile, PROFILES);
    one("output", this.attr("output"), ["console", "json"]);
    one("theme", this.getAttribute("theme"), ["light", "dark"]);
    one("vars-format", this.attr("vars-format"), ["json", "tfvars"]);
    const link = this.attr("playground");
    if (link !== null) {
      let ok = false;
      try {
        ok = ["http:", "https:"].includes(new URL(link, location.href).protocol);
      } catch {}
      if (!ok) problems.push(`The playground attribute must be an http(s) URL, not "${link}".`);
    }
    if (!this.module || this.varsFormat === "json") {
      try {
        const v = JSON.parse(this.variables);
        if (typeof v !== "object" || v === null || Array.isArray(v)) problems.push("The vars attribute must be a JSON object.");
      } catch (e) {
        problems.push(`The vars attribute is not valid JSON: ${e.message}.`);
      }
    }
    const limit = this.attr("time-limit");
    if (limit !== null && !(Number(limit) >= 100 && Number(limit) <= 30000)) problems.push(`The time-limit attribute must be a number of milliseconds from 100 to 30000, not "${limit}".`);
    if (this.module && this.output === "json") problems.push('output="json" is for expressions; a module widget shows console text.');
    if (this.authored.setup && !this.module && setupAttributes(this.authored.setup).length === 0)
      problems.push("The set-up above # ---cut--- must be attributes (name = expression), one starting each line.");
    return problems.map((p) => `Widget attribute error: ${p}`);
  }

  // Read-only lines: an edit that touches one is undone. The regions are
  // kept as offsets and moved by the edits before them.
  guardReadonly() {
    const starts = lineStarts(this.code.value);
    const text = this.code.value;
    this.locked = this.authored.readonly.map(([a, b]) => [starts[a], b + 1 < starts.length ? starts[b + 1] : text.length]);
    if (!this.locked.length) return;
    let before = text;
    this.code.addEventListener("input", (e) => {
      const now = this.code.value;
      let p = 0;
      while (p < before.length && p < now.length && before[p] === now[p]) p++;
      let q = 0;
      while (q < before.length - p && q < now.length - p && before[before.length - 1 - q] === now[now.length - 1 - q]) q++;
      const [a, b] = [p, before.length - q];
      const hits = this.locked.some(([s, t]) => (a < t && b > s) || (a === b && a >= s && a < t));
      if (hits) {
        e.stopImmediatePropagation();
        this.code.value = before;
        this.code.setSelectionRange(a, a);
        return;
      }
      const delta = now.length - before.length;
      this.locked = this.locked.map(([s, t]) => (s >= b ? [s + delta, t + delta] : [s, t]));
      before = now;
    });
  }

  activate() {
    if (this.active || this.problems.length) return;
    this.active = true;
    io?.unobserve(this);
    this.run().finally(() => background());
  }

  // Expression set-up: each attribute's value (as JSON, written into the
  // variables' text so every digit is kept, as hcl-eval --check-docs does)
  // becomes a variable for the attributes after it and for the example.
  async setupVariables() {
    let vars = this.variables;
    for (const { name, expr } of setupAttributes(this.authored.setup)) {
      const answer = await this.ask(expressionMessage(expr, vars, false, this.profile, ["json"]));
      if (!answer) return null;
      if (answer.timedOut || answer.crashed || !answer.result.ok) return { failed: { ...answer, setupError: name } };
      if (typeof answer.result.json !== "string") {
        return { failed: { result: { ok: false, diagnosticsText: "A set-up value must be known, to pass on as a variable." }, setupError: name } };
      }
      const comma = Object.keys(JSON.parse(vars)).length ? ", " : "";
      vars = vars.trimEnd().replace(/\}$/, () => `${comma}${JSON.stringify(name)}: ${answer.result.json}}`);
    }
    return { vars };
  }

  async run() {
    const source = this.code.value;
    let answer;
    let variables = this.variables;
    const moduleSource = this.authored.setup ? `${this.authored.setup}\n${source}` : source;
    const files = this.module ? templateFiles(this) : {};
    // A module with a test file beside it shows its tests' run.
    const tests = this.module && Object.keys(files).some((f) => f.endsWith(".tftest.hcl") || f.endsWith(".tofutest.hcl"));
    if (tests) answer = await this.ask({ ...moduleMessage(moduleSource, variables, this.varsFormat, "", this.profile, files), kind: "tests" });
    else if (this.module) answer = await this.ask(moduleMessage(moduleSource, variables, this.varsFormat, this.consoleLine, this.profile, files));
    else {
      const setup = this.authored.setup ? await this.setupVariables() : { vars: variables };
      if (!setup) return;
      if (setup.failed) answer = setup.failed;
      else {
        variables = setup.vars;
        answer = await this.ask(expressionMessage(source, variables, this.template, this.profile, [this.output]));
      }
    }
    if (!answer || source !== this.code.value) return;
    this.runs++;
    this.dataset.runs = String(this.runs);
    const got = answer.timedOut || answer.crashed ? this.showFailure(answer) : tests ? this.showTests(answer.result) : this.module ? this.showModule(answer.result) : this.showExpression(answer);
    this.verdict(got);
    if (got !== null || !answer.timedOut) await this.runQueries(source, variables, moduleSource);
    this.dispatchEvent(new CustomEvent("hcl-result", { bubbles: true, composed: true, detail: { ok: got !== null, output: got, type: this.type.textContent.replace(/^Type: /, ""), errors: this.err.textContent, matches: this.dataset.match === undefined ? null : this.dataset.match === "true" } }));
  }

  showFailure(answer) {
    this.show("", "", answer.timedOut ? "Evaluation took too long and was stopped." : `The evaluator failed: ${answer.crashed}`);
    return null;
  }

  showExpression(answer) {
    const r = answer.result;
    // Only a widget that chose its engine names it.
    this.engine.textContent = this.profile && r.engine ? r.engine : "";
    const shown = this.output === "json" ? r.json : r.console;
    if (r.ok && !answer.setupError) {
      this.show(shown, r.type, "");
      return shown;
    }
    // An options error (a misspelt profile) comes without rendered text.
    const text = r.diagnosticsText ?? r.diagnostics.map((d) => `Error: ${d.summary}\n\n${d.detail}`).join("\n\n");
    this.show("", "", answer.setupError ? `In the set-up's ${answer.setupError}:\n${text}` : text);
    return null;
  }

  // A test run: what `terraform test` prints, its errors apart; the
  // summary line is the result an `expect` compares.
  showTests(r) {
    this.engine.textContent = this.profile && r.engine ? r.engine : "";
    this.out.textContent = r.stdout;
    this.type.textContent = "";
    this.err.textContent = r.stderr.replace(/^\n/, "");
    this.err.classList.toggle("w", r.passed);
    return r.ok ? r.stdout.trimEnd().split("\n").pop() : null;
  }

  showModule(r) {
    const consoleLine = this.consoleLine;
    this.engine.textContent = this.profile && r.engine ? r.engine : "";
    const text = (diags, rendered) => rendered || diags.map((d) => `${d.warning ? "Warning" : "Error"}: ${d.summary}\n\n${d.detail}`).join("\n\n");
    let got;
    if (consoleLine) {
      const c = r.console;
      const moduleErrors = r.ok ? "" : text(r.diagnostics, r.diagnosticsText);
      if (c?.ok) {
        this.show(c.console, c.type, moduleErrors);
        got = c.console;
      } else {
        this.show("", "", [moduleErrors, c ? text(c.diagnostics, c.diagnosticsText) : ""].filter(Boolean).join("\n"));
        got = null;
      }
    } else {
      this.out.textContent = valuesText(r.values);
      this.type.textContent = plural(r.values.length, "named value");
      this.err.textContent = text(r.diagnostics, r.diagnosticsText);
      got = r.ok ? this.out.textContent : null;
    }
    this.err.classList.toggle("w", r.ok && !(consoleLine && r.console && !r.console.ok));
    return got;
  }

  // ^? queries: the sub-expression starting at the caret, inspected where
  // it stands (the page's inspector): its value, or inside a for
  // expression or a repeated block its first values with what the names
  // around it held.
  async runQueries(source, variables, moduleSource) {
    const lines = source.split("\n");
    const shown = [];
    // In a module the hidden set-up comes first in the text evaluated.
    const base = this.module && moduleSource !== source ? moduleSource.length - source.length : 0;
    for (const { line, column } of this.authored.queries) {
      const text = subExpression(lines[line] ?? "", column);
      if (!text) {
        shown.push(`^? line ${line + 1}: no expression starts at column ${column + 1}`);
        continue;
      }
      const start = base + lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0) + column;
      const files = this.module ? templateFiles(this) : {};
      const options = this.module ? { variablesFormat: this.varsFormat, ...fileOptions(files) } : {};
      if (this.profile) options.profile = this.profile;
      const answer = await this.ask({ kind: this.module ? "inspectModule" : "inspect", source: this.module ? moduleSource : source, variables, options, start, end: start + text.length });
      if (!answer || source !== this.code.value) return;
      shown.push(...queryLines(text, answer));
    }
    this.queries.textContent = shown.join("\n");
  }

  shareKey() {
    const e = this.module && this.authored.setup ? `${this.authored.setup}\n${this.code.value}` : this.code.value;
    if (this.module) {
      const c = this.consoleLine;
      const w = templateFiles(this);
      return JSON.stringify({ e, v: this.variables, t: false, m: "module", f: this.varsFormat, c, ...(this.profile && { p: this.profile }), ...(Object.keys(w).length && { w }) });
    }
    return JSON.stringify({ e, v: this.variables, t: this.template, ...(this.profile && { p: this.profile }) });
  }

  async shareLink() {
    if (this.problems.length) return;
    const key = this.shareKey();
    if (this.sharedFor === key) return;
    const hash = await shareHash(JSON.parse(key));
    this.link.href = `${this.playgroundUrl()}#${hash}`;
    this.sharedFor = key;
  }

  show(out, type, err) {
    this.out.textContent = out;
    this.type.textContent = type ? `Type: ${type}` : "";
    this.err.textContent = err;
  }

  verdict(got) {
    const want = this.expected;
    if (want === null) return;
    const ok = got !== null && got.trim() === want.trim();
    this.dataset.match = String(ok);
    this.mark.className = ok ? "ok" : "bad";
    this.mark.textContent = ok ? "✓ matches the documented result" : `✗ differs from the documented result: ${want}`;
  }
}

// Once a widget has run (the worker and its module are loaded), the others
// run in the background one at a time, the nearest to the viewport first,
// in idle time: a reader who scrolls fast finds them answered, and the
// page's height settles before the reader gets there. A widget that comes
// into view meanwhile waits for at most one of them.
let backgroundBusy = false;
function background() {
  if (backgroundBusy) return;
  const waiting = [...document.querySelectorAll("hcl-playground")].filter((w) => w.isConnected && w.runs !== undefined && !w.active);
  if (waiting.length === 0) return;
  backgroundBusy = true;
  const idle = window.requestIdleCallback ?? ((f) => setTimeout(f, 20));
  idle(() => {
    backgroundBusy = false;
    const middle = innerHeight / 2;
    const distance = (w) => Math.abs(w.getBoundingClientRect().top - middle);
    const nearest = waiting.filter((w) => !w.active).sort((a, b) => distance(a) - distance(b))[0];
    if (nearest) nearest.activate();
    else background();
  });
}

let io = null;
function observer() {
  io ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) e.target.activate();
      }
    },
    { rootMargin: "200px" },
  );
  return io;
}

/** Turns every `<pre><code class="language-hcl">` under `root` into a widget. */
export function enhance(root = document) {
  for (const code of root.querySelectorAll("pre > code.language-hcl")) {
    const pre = code.parentElement;
    const widget = document.createElement("hcl-playground");
    widget.textContent = code.textContent;
    for (const el of [pre, code]) {
      for (const key of ["vars", "template", "expect", "playground", "profile", "mode", "console", "varsFormat", "output", "timeLimit"]) {
        if (el.dataset[key] !== undefined) widget.dataset[key] = el.dataset[key];
      }
    }
    pre.replaceWith(widget);
  }
}

if (!customElements.get("hcl-playground")) customElements.define("hcl-playground", HclPlayground);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => enhance());
else enhance();
