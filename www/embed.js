// Live HCL examples for documentation pages.
//
//   <script type="module" src="https://…/embed.js"></script>
//   <hcl-playground vars='{"name": "World"}' expect='"Hello, World!"'>"Hello, ${name}!"</hcl-playground>
//
// Also turns every <pre><code class="language-hcl"> into a widget (with
// data-vars, data-template, data-expect and data-profile on the <code> or
// <pre>). profile="opentofu" (or "hcl-2.14"; default "terraform") chooses
// the engine whose answers a widget gives.
//
// A module: <hcl-playground module> (data-mode="module" on a code block)
// holds `.tf` text; vars are a JSON object of variable values or tfvars
// text (vars-format="json"|"tfvars", else read from the text); it shows
// every named value (`address = value`), or with console="local.x" (or
// data-console) that expression's value in the module's context; expect
// is compared with what it shows. Nothing
// heavy loads until a widget scrolls into view or takes focus; one Web
// Worker (one WebAssembly download) serves every widget on the page. Each
// widget lives in a Shadow DOM and is themed with CSS custom properties
// (--hcl-bg, --hcl-fg, --hcl-muted, --hcl-border, --hcl-accent, --hcl-ok,
// --hcl-error, --hcl-font, --hcl-code-font). Output is written with
// textContent only.

import { createEngine } from "./engine.js";

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
const evaluate = (source, variables, template, profile) =>
  engine.ask({ kind: "evaluate", source, variables, options: { template, outputs: ["console", "type", "diagnosticsText"], ...(profile && { profile }) } });
const evaluateModule = (source, variables, variablesFormat, consoleLine, profile) =>
  engine.ask({ kind: "module", source, variables, options: { variablesFormat, ...(consoleLine && { console: consoleLine }), ...(profile && { profile }) } });

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

const STYLE = `
:host { display: block; margin: 1em 0; --_bg: var(--hcl-bg, #f6f7f9); --_fg: var(--hcl-fg, #1d1f24);
  --_muted: var(--hcl-muted, #5b616e); --_border: var(--hcl-border, #d8dbe2); --_accent: var(--hcl-accent, #5c4ee5);
  --_ok: var(--hcl-ok, #1b7f3b); --_error: var(--hcl-error, #b3261e);
  --_code: var(--hcl-code-font, ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace); font-family: var(--hcl-font, inherit); }
@media (prefers-color-scheme: dark) { :host { --_bg: var(--hcl-bg, #1e2128); --_fg: var(--hcl-fg, #e6e8ee); --_muted: var(--hcl-muted, #a0a6b4);
  --_border: var(--hcl-border, #343945); --_accent: var(--hcl-accent, #9d93ff); --_ok: var(--hcl-ok, #7ee2a0); --_error: var(--hcl-error, #ff8a80); } }
.w { border: 1px solid var(--_border); border-radius: 8px; background: var(--_bg); color: var(--_fg); overflow: hidden; }
textarea { display: block; box-sizing: border-box; width: 100%; border: 0; border-bottom: 1px solid var(--_border); padding: 0.6em 0.75em;
  background: transparent; color: inherit; font: 0.9em/1.45 var(--_code); resize: vertical; tab-size: 2; }
textarea:focus-visible, a:focus-visible { outline: 2px solid var(--_accent); outline-offset: -2px; }
.r { padding: 0.5em 0.75em; display: grid; gap: 0.3em; }
pre { margin: 0; font: 0.9em/1.45 var(--_code); white-space: pre-wrap; }
.e { color: var(--_error); } .e.w { color: var(--_muted); }
.m { font-size: 0.8em; color: var(--_muted); display: flex; gap: 1em; flex-wrap: wrap; align-items: baseline; }
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

class HclPlayground extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    const source = this.hasAttribute("expr") ? this.getAttribute("expr") : dedent(this.textContent);
    const root = this.attachShadow({ mode: "open" });
    addStyle(root);
    const box = document.createElement("div");
    box.className = "w";
    box.part = "widget";
    this.code = document.createElement("textarea");
    this.code.value = source;
    this.code.rows = Math.min(Math.max(source.split("\n").length, 1), 20);
    this.code.spellcheck = false;
    this.code.setAttribute("aria-label", this.module ? "Terraform module (editable)" : "HCL expression (editable)");
    const result = document.createElement("div");
    result.className = "r";
    this.out = document.createElement("pre");
    this.out.setAttribute("aria-live", "polite");
    this.out.textContent = "…";
    this.err = document.createElement("pre");
    this.err.className = "e";
    const meta = document.createElement("div");
    meta.className = "m";
    this.type = document.createElement("span");
    this.engine = document.createElement("span");
    this.mark = document.createElement("span");
    this.link = document.createElement("a");
    this.link.textContent = "Open in playground";
    this.link.target = "_blank";
    this.link.rel = "noopener";
    this.link.href = this.playgroundUrl();
    // The share link is made when it is about to be followed, not on
    // every run.
    const share = () => this.shareLink();
    this.link.addEventListener("pointerdown", share);
    this.link.addEventListener("focus", share);
    this.link.addEventListener("click", async (e) => {
      if (this.sharedFor === this.shareKey()) return;
      e.preventDefault();
      await this.shareLink();
      window.open(this.link.href, "_blank", "noopener");
    });
    meta.append(this.type, this.engine, this.mark, this.link);
    result.append(this.out, this.err, meta);
    box.append(this.code, result);
    root.append(box);
    this.runs = 0;
    this.code.addEventListener("input", () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.run(), 250);
    });
    this.addEventListener("focusin", () => this.activate(), { once: true });
    observer().observe(this);
  }

  get variables() {
    return this.getAttribute("vars") ?? this.dataset.vars ?? "{}";
  }

  get template() {
    return this.hasAttribute("template") || this.dataset.template === "true";
  }

  get module() {
    return this.hasAttribute("module") || this.dataset.mode === "module";
  }

  get varsFormat() {
    const given = this.getAttribute("vars-format") ?? this.dataset.varsFormat;
    if (given) return given;
    const text = this.variables.trim();
    return text === "" || text.startsWith("{") ? "json" : "tfvars";
  }

  get consoleLine() {
    return this.getAttribute("console") ?? this.dataset.console ?? "";
  }

  get profile() {
    return this.getAttribute("profile") ?? this.dataset.profile ?? null;
  }

  get expected() {
    return this.getAttribute("expect") ?? this.dataset.expect ?? null;
  }

  playgroundUrl() {
    return this.getAttribute("playground") ?? this.dataset.playground ?? new URL("index.html", HERE).href;
  }

  activate() {
    if (this.active) return;
    this.active = true;
    this.run();
  }

  async run() {
    if (this.module) return this.runModule();
    const source = this.code.value;
    const answer = await evaluate(source, this.variables, this.template, this.profile);
    if (source !== this.code.value) return;
    this.runs++;
    this.dataset.runs = String(this.runs);
    if (answer.timedOut || answer.crashed) {
      this.show("", "", answer.timedOut ? "Evaluation took too long and was stopped." : `The evaluator failed: ${answer.crashed}`);
      return this.verdict(null);
    }
    const r = answer.result;
    // Only a widget that chose its engine names it.
    this.engine.textContent = this.profile && r.engine ? r.engine : "";
    if (r.ok) {
      this.show(r.console, r.type, "");
      this.verdict(r.console);
    } else {
      // An options error (a misspelt profile) comes without rendered text.
      this.show("", "", r.diagnosticsText ?? r.diagnostics.map((d) => `Error: ${d.summary}\n\n${d.detail}`).join("\n\n"));
      this.verdict(null);
    }
  }

  async runModule() {
    const source = this.code.value;
    const consoleLine = this.consoleLine;
    const answer = await evaluateModule(source, this.variables, this.varsFormat, consoleLine, this.profile);
    if (source !== this.code.value) return;
    this.runs++;
    this.dataset.runs = String(this.runs);
    if (answer.timedOut || answer.crashed) {
      this.show("", "", answer.timedOut ? "Evaluation took too long and was stopped." : `The evaluator failed: ${answer.crashed}`);
      return this.verdict(null);
    }
    const r = answer.result;
    this.engine.textContent = this.profile && r.engine ? r.engine : "";
    const text = (diags, rendered) => rendered || diags.map((d) => `${d.warning ? "Warning" : "Error"}: ${d.summary}\n\n${d.detail}`).join("\n\n");
    if (consoleLine) {
      const c = r.console;
      const moduleErrors = r.ok ? "" : text(r.diagnostics, r.diagnosticsText);
      if (c?.ok) {
        this.show(c.console, c.type, moduleErrors);
        this.verdict(c.console);
      } else {
        this.show("", "", [moduleErrors, c ? text(c.diagnostics, c.diagnosticsText) : ""].filter(Boolean).join("\n"));
        this.verdict(null);
      }
    } else {
      this.out.textContent = valuesText(r.values);
      this.type.textContent = plural(r.values.length, "named value");
      this.err.textContent = text(r.diagnostics, r.diagnosticsText);
      this.verdict(r.ok ? this.out.textContent : null);
    }
    this.err.classList.toggle("w", r.ok && !(consoleLine && r.console && !r.console.ok));
  }

  shareKey() {
    if (this.module) {
      const c = this.consoleLine;
      return JSON.stringify({ e: this.code.value, v: this.variables, t: false, m: "module", f: this.varsFormat, c, ...(this.profile && { p: this.profile }) });
    }
    return JSON.stringify({ e: this.code.value, v: this.variables, t: this.template, ...(this.profile && { p: this.profile }) });
  }

  async shareLink() {
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

let io = null;
function observer() {
  io ??= new IntersectionObserver(
    (entries) => {
      for (const e of entries) {
        if (e.isIntersecting) {
          io.unobserve(e.target);
          e.target.activate();
        }
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
      for (const key of ["vars", "template", "expect", "playground", "profile", "mode", "console", "varsFormat"]) {
        if (el.dataset[key] !== undefined) widget.dataset[key] = el.dataset[key];
      }
    }
    pre.replaceWith(widget);
  }
}

if (!customElements.get("hcl-playground")) customElements.define("hcl-playground", HclPlayground);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => enhance());
else enhance();
