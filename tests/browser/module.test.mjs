// The playground's Module mode in a real browser (Debian's chromium through
// playwright-core): the mode switch, the named values list, click-to-jump,
// values inline in the editor, the console line and its history,
// diagnostics in both panes, the variables format, the module examples'
// recorded results, share links, the engines, the full build for heavy
// functions, the Content Security Policy, and the time per evaluation of
// a 300-line module while it is edited.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, root, outDir, module300, openPage as openPageAt, newPage, hangingWorker, text, problemsText, doc } from "./harness.mjs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";

const examples = JSON.parse(await readFile(join(root, "examples.json"), "utf8"));
const moduleExamples = examples.map((ex, i) => ({ ...ex, index: i })).filter((ex) => ex.mode === "module");

let browser, base, stop;
const fetched = [];

before(async () => ({ base, browser, stop } = await start({ onRequest: (path) => fetched.push(path) })));
after(async () => stop?.());

const openPage = (url = base, viewport, options) => openPageAt(browser, url, viewport, options);


// Waits until nothing is waiting to be evaluated or on its way.
const settle = (page) => page.waitForFunction(() => window.hclPlayground.idle());

async function setDoc(page, which, t) {
  await page.evaluate(([w, t]) => {
    const view = window.hclPlayground[w];
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
  }, [which, t]);
  await settle(page);
}

async function moduleMode(page, source, variables = "{}") {
  await page.click('[data-testid="mode-module"]');
  await settle(page);
  await setDoc(page, "variables", variables);
  await setDoc(page, "expression", source);
}

// Every value in full (a long one shows its first lines and a button; one
// the evaluator cut, a button that asks for the rest).
const values = async (page) => {
  await page.$$eval('[data-testid="values"] :is(button.more, button.whole)', (els) => els.forEach((b) => b.click()));
  await page.waitForFunction(() => !document.querySelector('[data-testid="values"] button.whole'));
  return shownValues(page);
};

const shownValues = (page) =>
  page.$$eval('[data-testid="values"] li.value', (els) =>
    els.map((e) => ({
      kind: e.closest("section").dataset.kind,
      address: e.dataset.address,
      type: e.querySelector(".value-type").textContent,
      console: e.querySelector(".value-console").textContent,
      state: e.dataset.state,
    })),
  );

const inline = (page) =>
  page.$$eval(".cm-inlineValue", (els) =>
    els.map((e) => {
      const line = e.closest(".cm-line");
      return { text: e.textContent, title: e.title, line: line.textContent.slice(0, line.textContent.length - e.textContent.length) };
    }),
  );

const cursorLine = (page) => page.evaluate(() => {
  const v = window.hclPlayground.expression;
  return v.state.doc.lineAt(v.state.selection.main.head).number;
});

const EVERY_KIND = `variable "name" {
  type    = string
  default = "web"
}

variable "secret" {
  type      = string
  default   = "hunter2"
  sensitive = true
}

locals {
  upper = upper(var.name)
  tags = {
    Name = local.upper
  }
}

resource "aws_instance" "web" {
  count = 2
  ami   = "ami-\${count.index}"
  tags  = local.tags
}

data "aws_ami" "ubuntu" {
  most_recent = true
}

module "network" {
  source = "./network"
}

output "ids" {
  value = aws_instance.web[*].id
}

output "password" {
  value     = var.secret
  sensitive = true
}
`;


test("the mode switch: Module mode keeps its own texts, highlighting and panes", async () => {
  const { page, errors } = await openPage();
  await setDoc(page, "expression", "1 + 1");
  await page.waitForFunction(() => document.querySelector('[data-testid="output"]').textContent === "2");
  assert.equal(await page.isVisible('[data-testid="values"]'), false);
  // The variables format buttons serve every mode (an expression's variables may be tfvars too).
  assert.equal(await page.isVisible('[data-testid="vars-format"]'), true);

  // The first time, Module mode opens the first module example.
  await page.click('[data-testid="mode-module"]');
  await settle(page);
  assert.equal(await page.evaluate(() => window.hclPlayground.mode()), "module");
  assert.equal(await text(page, "editor-title"), "Module (main.tf)");
  assert.equal(await page.evaluate(() => window.hclPlayground.expression.state.doc.toString()), moduleExamples[0].expr);
  assert.equal(await page.isVisible('[data-testid="values"]'), true);
  assert.equal(await page.isVisible('[data-testid="output"]'), false);
  assert.equal(await page.isVisible('[data-testid="console-input"]'), true);
  assert.deepEqual((await values(page)).map((v) => v.address).sort(), Object.keys(moduleExamples[0].values).sort());
  // Block types, labels and argument names are highlighted as such.
  const tokens = await page.$$eval('[data-testid="editor"] .cm-line:first-child span', (els) => els.map((e) => [e.textContent, getComputedStyle(e).color]));
  const colour = Object.fromEntries(tokens);
  assert.ok(colour.variable && colour['"name"'] && colour.variable !== colour['"name"'], JSON.stringify(tokens));
  const arg = await page.$$eval('[data-testid="editor"] .cm-line:nth-child(2) span', (els) => els.map((e) => [e.textContent, getComputedStyle(e).color]));
  assert.ok(arg.some(([t]) => t === "type"), JSON.stringify(arg));

  await setDoc(page, "expression", 'locals {\n  a = "mine"\n}\n');
  await setDoc(page, "variables", "{}");
  // Back to expressions: the expression is as it was; then the module is.
  await page.click('[data-testid="mode-expression"]');
  await settle(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="output"]').textContent === "2");
  assert.equal(await page.isVisible('[data-testid="values"]'), false);
  assert.equal(await text(page, "editor-title"), "Expression");
  await page.click('[data-testid="mode-template"]');
  await settle(page);
  assert.equal(await text(page, "editor-title"), "Template");
  await setDoc(page, "expression", "a${1 + 1}b");
  await page.waitForFunction(() => document.querySelector('[data-testid="output"]').textContent === '"a2b"');
  await page.click('[data-testid="mode-module"]');
  await settle(page);
  assert.equal(await page.evaluate(() => window.hclPlayground.expression.state.doc.toString()), 'locals {\n  a = "mine"\n}\n');
  assert.deepEqual(await values(page), [{ kind: "local", address: "local.a", type: "string", console: '"mine"', state: "known" }]);
  assert.match(await text(page, "status"), /ok · 1 named value/);
  // An expression example chosen in Module mode leaves the module to come back to.
  await page.selectOption('[data-testid="examples"]', "0");
  await page.waitForFunction((w) => document.querySelector('[data-testid="output"]').textContent === w, examples[0].console);
  await page.click('[data-testid="mode-module"]');
  await settle(page);
  assert.equal(await page.evaluate(() => window.hclPlayground.expression.state.doc.toString()), 'locals {\n  a = "mine"\n}\n');
  assert.deepEqual(errors, []);
  await page.close();
});

test("every named value is listed by kind, with its type; unknown and sensitive values as the console shows them", async () => {
  const { page, errors } = await openPage(base, undefined, { permissions: ["clipboard-read", "clipboard-write"] });
  await moduleMode(page, EVERY_KIND);
  // A resource's type (thousands of characters) and value (a hundred
  // lines) are shown cut until asked for.
  const web = '[data-testid="values"] li.value[data-address="aws_instance.web"]';
  const cut = await page.$eval(`${web} .value-type`, (e) => e.textContent);
  assert.ok(cut.length === 301 && cut.endsWith("…") && cut.startsWith("tuple([object({ami: string, "), cut);
  assert.equal((await page.$eval(`${web} .value-console`, (e) => e.textContent)).split("\n").length, 40);
  assert.equal(await page.$eval(`${web} button.whole`, (e) => e.textContent), "Show the whole value");
  const got = await values(page);
  const whole = await page.$eval(`${web} .value-type`, (e) => e.textContent);
  assert.ok(whole.length > 1000 && whole.startsWith(cut.slice(0, -1)) && whole.endsWith("})])"), whole.slice(-80));
  assert.match(whole, /\bami: string\b/);
  assert.deepEqual(
    got.map((v) => [v.kind, v.address]),
    [
      ["variable", "var.name"],
      ["variable", "var.secret"],
      ["local", "local.upper"],
      ["local", "local.tags"],
      ["output", "output.ids"],
      ["output", "output.password"],
      ["resource", "aws_instance.web"],
      ["data", "data.aws_ami.ubuntu"],
      ["module", "module.network"],
    ],
  );
  const by = Object.fromEntries(got.map((v) => [v.address, v]));
  assert.equal(by["var.name"].console, '"web"');
  assert.equal(by["var.secret"].console, "(sensitive value)");
  assert.equal(by["var.secret"].state, "sensitive");
  assert.equal(by["local.tags"].console, '{\n  "Name" = "WEB"\n}');
  assert.equal(by["local.tags"].type, "object({Name: string})");
  assert.equal(by["output.ids"].console, "[\n  (known after apply),\n  (known after apply),\n]");
  assert.equal(by["output.ids"].state, "unknown");
  assert.equal(by["output.password"].console, "(sensitive value)");
  assert.match(by["aws_instance.web"].console, /"ami" = "ami-1"[\s\S]*"id" = \(known after apply\)/);
  assert.ok(by["aws_instance.web"].console.split("\n").length > 40);
  // Shown whole, it follows a change past its cut texts (the second
  // instance's ami); Copy result copies every value whole.
  await setDoc(page, "expression", EVERY_KIND.replace('ami   = "ami-${count.index}"', 'ami   = count.index == 0 ? "ami-0" : "ami-x"'));
  await page.waitForFunction((sel) => document.querySelector(`${sel} .value-console`)?.textContent.includes('"ami" = "ami-x"'), web);
  assert.equal(await page.$(`${web} button.whole`), null);
  await page.click('[data-testid="copy-result"]');
  await page.waitForFunction(() => document.getElementById("share-status").textContent === "Named values copied.");
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /"ami" = "ami-x"/);
  assert.match(copied, /"user_data" = tostring\(null\)/);
  const headings = await page.$$eval('[data-testid="values"] h3', (els) => els.map((e) => e.textContent));
  assert.deepEqual(headings, ["Variables 2", "Locals 2", "Outputs 2", "Resources 1", "Data sources 1", "Module calls 1"]);
  // The provider data that planned, and its version.
  assert.match(await text(page, "engine"), /^Terraform v1\..* · hashicorp\/aws 6\.47\.0$/);
  await page.screenshot({ path: join(outDir, "playground-module.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("clicking a named value moves the cursor to its declaration and scrolls it into view", async () => {
  const { page } = await openPage();
  const source = module300();
  await moduleMode(page, source);
  assert.ok((await values(page)).some((v) => v.address === "local.extra_0"));
  const line = source.split("\n").findIndex((l) => l.startsWith("  extra_0 =")) + 1;
  assert.ok(line > 250);
  await page.click(`[data-testid="values"] li[data-address="local.extra_0"] .value-head`);
  assert.equal(await cursorLine(page), line);
  // The line is inside the editor's scrolled area, and the editor has focus.
  await page.waitForFunction((n) => {
    const view = window.hclPlayground.expression;
    const pos = view.state.doc.line(n).from;
    const at = view.coordsAtPos(pos);
    const box = view.scrollDOM.getBoundingClientRect();
    return at && at.top >= box.top && at.bottom <= box.bottom;
  }, line);
  assert.equal(await page.evaluate(() => window.hclPlayground.expression.hasFocus), true);
  // And back up to a variable.
  await page.click(`[data-testid="values"] li[data-address="var.zones"] .value-head`);
  assert.equal(await cursorLine(page), 10);
  await page.close();
});

test("values are shown inline at locals and variable lines, only for visible lines, updated with each result", async () => {
  const { page, errors } = await openPage();
  await moduleMode(page, EVERY_KIND);
  const shown = await inline(page);
  assert.deepEqual(
    shown.map((s) => [s.line.trim(), s.text]),
    [
      ['variable "name" {', '= "web"'],
      ['variable "secret" {', "= (sensitive value)"],
      ['upper = upper(var.name)', '= "WEB"'],
      ["}", '= { "Name" = "WEB" }'],
    ],
  );
  // The whole value on hover.
  assert.equal(shown[3].title, 'local.tags = {\n  "Name" = "WEB"\n}\n\nType: object({Name: string})');
  // Updated with the next result; a long value is cut to one line.
  await setDoc(page, "expression", EVERY_KIND.replace("upper(var.name)", `join(",", [for i in range(40) : "item-\${i}"])`));
  const updated = await inline(page);
  assert.match(updated[2].text, /^= "item-0,item-1,item-2,.*…$/);
  assert.ok(updated[2].text.length <= 62, updated[2].text);
  assert.match(updated[2].title, /item-39"\n\nType: string$/);

  // A 300-line module: only the lines in view have inline values.
  const source = module300();
  await setDoc(page, "expression", source);
  const locals = (await values(page)).filter((v) => v.kind === "local" || v.kind === "variable").length;
  // The lines in view are known after the editor's next measure.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const visible = await inline(page);
  assert.ok(visible.length > 0 && visible.length < locals / 2, `${visible.length} inline values of ${locals}`);
  assert.ok(!visible.some((v) => v.text === '= "X0"'));
  await page.click(`[data-testid="values"] li[data-address="local.extra_0"] .value-head`);
  await page.waitForFunction(() => [...document.querySelectorAll(".cm-inlineValue")].some((e) => e.textContent === '= "X0"'));
  assert.deepEqual(errors, []);
  await page.close();
});

test("the console line evaluates in the module's context, follows the module, and keeps its history", async () => {
  const { page } = await openPage();
  await moduleMode(page, EVERY_KIND);
  const enter = async (expr) => {
    await page.fill('[data-testid="console-input"]', expr);
    await page.press('[data-testid="console-input"]', "Enter");
    await settle(page);
  };
  await enter("local.tags.Name");
  assert.equal(await text(page, "console-output"), '> local.tags.Name\n"WEB"');
  assert.equal(await page.inputValue('[data-testid="console-input"]'), "");
  await enter("aws_instance.web[1].ami");
  assert.equal(await text(page, "console-output"), '> aws_instance.web[1].ami\n"ami-1"');
  await enter("local.nope");
  const out = await text(page, "console-output");
  assert.match(out, /^> local\.nope\nError: Reference to undeclared local value/);
  assert.match(out, /<console-input> line 1/);
  assert.equal(await page.getAttribute('[data-testid="console-output"]', "data-state"), "error");
  await enter("var.secret");
  assert.equal(await text(page, "console-output"), "> var.secret\n(sensitive value)");
  // The last expression follows the module's text.
  await enter("upper(var.name)");
  await setDoc(page, "expression", EVERY_KIND.replace('default = "web"', 'default = "api"'));
  assert.equal(await text(page, "console-output"), '> upper(var.name)\n"API"');
  // A configuration error the console stops at: no values, no answer, only the errors.
  await setDoc(page, "expression", EVERY_KIND + 'output "o" {\n  value = 1\n}\noutput "o" {\n  value = 2\n}\n');
  assert.equal(await text(page, "console-output"), "> upper(var.name)\n(not evaluated: the console stops at the configuration errors above)");
  assert.equal(await text(page, "status"), "1 error · not evaluated");
  assert.deepEqual(await shownValues(page), []);
  assert.match(await problemsText(page), /Error: Duplicate output definition/);
  await setDoc(page, "expression", EVERY_KIND.replace('default = "web"', 'default = "api"'));

  // Up and Down walk the history; Down past the newest gives back the draft.
  const input = '[data-testid="console-input"]';
  await page.fill(input, "draft");
  await page.press(input, "ArrowUp");
  assert.equal(await page.inputValue(input), "upper(var.name)");
  await page.press(input, "ArrowUp");
  await page.press(input, "ArrowUp");
  assert.equal(await page.inputValue(input), "local.nope");
  await page.press(input, "ArrowDown");
  assert.equal(await page.inputValue(input), "var.secret");
  await page.press(input, "ArrowDown");
  await page.press(input, "ArrowDown");
  assert.equal(await page.inputValue(input), "draft");
  await page.press(input, "ArrowDown");
  assert.equal(await page.inputValue(input), "draft");
  // Enter on an older entry evaluates it.
  await page.press(input, "ArrowUp");
  await page.press(input, "ArrowUp");
  await page.press(input, "Enter");
  await settle(page);
  assert.equal(await text(page, "console-output"), "> var.secret\n(sensitive value)");
  // Kept for the session: a reload in the same tab remembers it.
  await page.reload();
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  await page.click('[data-testid="mode-module"]');
  await page.focus(input);
  await page.press(input, "ArrowUp");
  assert.equal(await page.inputValue(input), "var.secret");
  await page.press(input, "ArrowUp");
  assert.equal(await page.inputValue(input), "upper(var.name)");
  // An empty line clears the answer.
  await page.fill(input, "");
  await page.press(input, "Enter");
  await settle(page);
  assert.equal(await text(page, "console-output"), "");
  await page.close();
});

test("diagnostics underline the module and the variables, with the message on hover; warnings are warnings", async () => {
  const { page, errors } = await openPage();
  const source = 'variable "env" {\n  type = string\n  validation {\n    condition     = var.env != "stage"\n    error_message = "No stage here."\n  }\n}\n\nlocals {\n  a = var.nope\n  b = "😀" + 1\n}\n';
  await moduleMode(page, source, '{"env": "prod"}');
  await page.waitForSelector('[data-testid="editor"] .cm-lintRange-error');
  const underlined = await page.$$eval('[data-testid="editor"] .cm-lintRange-error', (els) => els.map((e) => e.textContent));
  assert.ok(underlined.includes("var.nope"), JSON.stringify(underlined));
  assert.ok(underlined.includes('"😀"'), JSON.stringify(underlined));
  const rendered = await problemsText(page);
  assert.match(rendered, /Error: Reference to undeclared input variable\n\n  on main\.tf line 10:\n  10 \|   a = var\.nope/);
  assert.match(rendered, /Error: Invalid operand/);
  assert.match(await text(page, "status"), /^2 errors, 1 warning$/);
  // After the errors, Terraform's closing warning, with no place.
  assert.deepEqual(
    await page.$$eval('[data-testid="errors"] .problem', (els) => els.map((e) => [e.dataset.severity, e.querySelector(".problem-location")?.textContent ?? null, e.querySelector(".problem-summary").textContent])),
    [
      ["error", "main.tf:10:7", "Reference to undeclared input variable"],
      ["error", "main.tf:11:7", "Invalid operand"],
      ["warning", null, "Due to the problems above, some expressions may produce unexpected results."],
    ],
  );
  // The message on hover.
  await page.locator('[data-testid="editor"] .cm-lintRange-error', { hasText: "var.nope" }).hover();
  await page.waitForSelector(".cm-tooltip-lint");
  assert.match(await page.textContent(".cm-tooltip-lint"), /Reference to undeclared input variable: An input variable with the name "nope" has not been declared/);
  // The values that failed say so.
  const by = Object.fromEntries((await values(page)).map((v) => [v.address, v]));
  assert.equal(by["local.a"].state, "failed");
  assert.equal(by["var.env"].console, '"prod"');

  // A variables-file error is underlined in the variables pane.
  await setDoc(page, "expression", 'variable "env" {\n  type = string\n}\n');
  await setDoc(page, "variables", '{"env": "prod",');
  await page.waitForSelector('[data-testid="variables"] .cm-lintRange-error');
  assert.match(await text(page, "vars-error"), /Error on line 1: Invalid variables JSON/);
  // Terraform does not start when the values cannot be read.
  assert.match(await problemsText(page), /^Error: Invalid variables JSON\n\n  on <variables> line 1:\n   1 \| \{"env": "prod",\n/);
  await setDoc(page, "variables", 'env = [\n');
  assert.equal(await page.getAttribute('[data-testid="vars-format-tfvars"]', "aria-pressed"), "true");
  // At the end of the text: a point.
  await page.waitForSelector('[data-testid="variables"] .cm-lintPoint-error', { state: "attached" });
  assert.match(await problemsText(page), /Error: (Missing expression|Unterminated tuple constructor expression|Missing item separator)/);

  // A validation failure points at the value that failed it (Terraform 1.16).
  await setDoc(page, "expression", source.replace("var.nope", "1").replace(' + 1', ""));
  await setDoc(page, "variables", 'env = "stage"\n');
  await page.waitForSelector('[data-testid="variables"] .cm-lintRange-error');
  assert.equal(await page.textContent('[data-testid="variables"] .cm-lintRange-error'), '"stage"');
  assert.match(await problemsText(page), /Error: Invalid value for variable[\s\S]*No stage here\./);

  // A value for an undeclared variable: a warning in tfvars, on its name.
  await setDoc(page, "variables", 'env = "prod"\nextra = 1\n');
  await page.waitForSelector('[data-testid="variables"] .cm-lintRange-warning');
  assert.equal(await page.textContent('[data-testid="variables"] .cm-lintRange-warning'), "extra");
  assert.equal(await page.$('[data-testid="editor"] .cm-lintRange-error'), null);
  assert.match(await text(page, "status"), /^ok · 3 named values · 1 warning$/);
  assert.deepEqual(await page.$$eval('[data-testid="errors"] .problem', (els) => els.map((e) => [e.dataset.severity, e.querySelector(".problem-location").textContent, e.querySelector(".problem-summary").textContent])), [
    ["warning", "terraform.tfvars:2:1", "Value for undeclared variable"],
  ]);
  assert.match(await text(page, "vars-error"), /^Warning on line 2: Value for undeclared variable$/);
  // ... and an error in JSON, on its key.
  await setDoc(page, "variables", '{"env": "prod", "extra": 1}');
  await page.waitForSelector('[data-testid="variables"] .cm-lintRange-error');
  assert.equal(await page.textContent('[data-testid="variables"] .cm-lintRange-error'), '"extra"');
  assert.deepEqual(errors, []);
  await page.close();
});

test("the variables format follows the text where it is plain, and the buttons choose it otherwise", async () => {
  const { page } = await openPage();
  await moduleMode(page, 'variable "n" {\n  type = number\n}\n', "{}");
  const pressed = (f) => page.getAttribute(`[data-testid="vars-format-${f}"]`, "aria-pressed");
  assert.equal(await pressed("json"), "true");
  assert.equal(await text(page, "vars-title"), "Variables (JSON)");
  await setDoc(page, "variables", "n = 5\n");
  assert.equal(await pressed("tfvars"), "true");
  assert.match(await text(page, "vars-title"), /Variables \(tfvars\)/);
  assert.deepEqual((await values(page)).map((v) => v.console), ["5"]);
  await setDoc(page, "variables", '{"n": 6}');
  assert.equal(await pressed("json"), "true");
  assert.deepEqual((await values(page)).map((v) => v.console), ["6"]);
  // A choice made with the buttons holds while the text stays JSON-like.
  await page.click('[data-testid="vars-format-tfvars"]');
  await settle(page);
  assert.equal(await pressed("tfvars"), "true");
  assert.match(await text(page, "errors"), /Error/);
  await setDoc(page, "variables", '{"n": 7}');
  assert.equal(await pressed("tfvars"), "true");
  await page.click('[data-testid="vars-format-json"]');
  await settle(page);
  assert.deepEqual((await values(page)).map((v) => v.console), ["7"]);
  // Unknown markers work in module variables too.
  await setDoc(page, "variables", '{"n": {"__unknown__": "number"}}');
  assert.deepEqual((await values(page)).map((v) => v.console), ["(known after apply)"]);
  await page.close();
});

test("every module example shows its recorded named values, errors and console answer", async () => {
  const { page, errors } = await openPage();
  for (const ex of moduleExamples) {
    await page.selectOption('[data-testid="examples"]', String(ex.index));
    await settle(page);
    assert.equal(await page.evaluate(() => window.hclPlayground.mode()), "module", ex.title);
    const got = await values(page);
    assert.deepEqual(Object.fromEntries(got.map((v) => [v.address, v.console])), ex.values, ex.title);
    assert.deepEqual(got.map((v) => v.address).sort(), Object.keys(ex.values).sort(), ex.title);
    assert.equal(await page.getAttribute(`[data-testid="vars-format-${ex.varsFormat}"]`, "aria-pressed"), "true", ex.title);
    assert.equal(await problemsText(page), ex.errors ?? "", ex.title);
    if (ex.consoleLine) assert.equal(await text(page, "console-output"), `> ${ex.consoleLine}\n${ex.consoleResult}`, ex.title);
  }
  // Back to an expression example.
  await page.selectOption('[data-testid="examples"]', "0");
  await page.waitForFunction((w) => document.querySelector('[data-testid="output"]').textContent === w, examples[0].console);
  assert.equal(await page.evaluate(() => window.hclPlayground.mode()), "expression");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a share link keeps the mode, the variables format, the console line and the engine", async () => {
  const { page } = await openPage();
  await moduleMode(page, 'variable "env" {\n  type = string\n}\n\nlocals {\n  loud = upper(var.env)\n}\n', 'env = "prod"\n');
  await page.selectOption('[data-testid="profile"]', "opentofu");
  await page.fill('[data-testid="console-input"]', "local.loud");
  await page.press('[data-testid="console-input"]', "Enter");
  await settle(page);
  assert.equal(await text(page, "console-output"), '> local.loud\n"PROD"');
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith("#v1."));
  const url = page.url();
  const state = JSON.parse(inflateRawSync(Buffer.from(url.split("#v1.")[1], "base64url")).toString());
  assert.deepEqual(state, {
    e: 'variable "env" {\n  type = string\n}\n\nlocals {\n  loud = upper(var.env)\n}\n',
    v: 'env = "prod"\n',
    t: false,
    p: "opentofu",
    m: "module",
    f: "tfvars",
    c: "local.loud",
    w: {},
    a: "main.tf",
  });
  await page.close();
  const { page: again } = await openPage(url);
  await settle(again);
  assert.equal(await again.evaluate(() => window.hclPlayground.mode()), "module");
  assert.equal(await again.isChecked('[data-testid="mode-module"]'), true);
  assert.equal(await again.inputValue('[data-testid="profile"]'), "opentofu");
  assert.equal(await again.getAttribute('[data-testid="vars-format-tfvars"]', "aria-pressed"), "true");
  assert.deepEqual((await values(again)).map((v) => [v.address, v.console]), [["var.env", '"prod"'], ["local.loud", '"PROD"']]);
  assert.equal(await text(again, "console-output"), '> local.loud\n"PROD"');
  assert.match(await text(again, "engine"), /^OpenTofu/);
  // Opened on a module, the Expression mode starts from the default example.
  await again.click('[data-testid="mode-expression"]');
  await again.waitForFunction((w) => document.querySelector('[data-testid="output"]').textContent === w, examples[10].console);
  await again.click('[data-testid="mode-module"]');
  await settle(again);
  assert.equal(await text(again, "console-output"), '> local.loud\n"PROD"');
  // A link may not name a mode the page does not have.
  const bad = `#v1.${(await import("node:zlib")).deflateRawSync(Buffer.from(JSON.stringify({ e: "1", m: "modules" }))).toString("base64url")}`;
  await again.evaluate((h) => (location.hash = h), bad);
  await again.waitForSelector('[data-testid="link-error"]:visible');
  assert.match(await text(again, "link-error"), /the mode "modules" is not one of expression, template, module/);
  await again.close();
});

test("engines: the selector and the compare view work on modules", async () => {
  const { page } = await openPage();
  await moduleMode(page, 'locals {\n  x = urldecode("a%20b")\n}\n');
  assert.match(await text(page, "errors"), /Call to unknown function/);
  await page.selectOption('[data-testid="profile"]', "opentofu");
  await settle(page);
  assert.deepEqual((await values(page)).map((v) => v.console), ['"a b"']);
  await page.click('[data-testid="compare-toggle"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-note"]').dataset.agree !== undefined);
  assert.match(await text(page, "compare-note"), /^Terraform (and HCL 2\.14 \(2022\) )?differs? from OpenTofu\.$/);
  assert.equal(await page.getAttribute('[data-testid="compare-terraform"]', "data-state"), "differs");
  assert.match(await text(page, "compare-opentofu"), /local\.x = "a b"/);
  assert.match(await text(page, "compare-terraform"), /Call to unknown function/);
  await setDoc(page, "expression", 'locals {\n  x = upper("a")\n}\n');
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-note"]').textContent === "All 3 engines agree.");
  await page.close();
});

test("Module mode loads the full build (the first module leaves it out), heavy functions included", async () => {
  fetched.length = 0;
  const { page } = await openPage();
  assert.ok(!fetched.some((p) => p.startsWith("/pkg-full/")), "the full build is not loaded up front");
  await moduleMode(page, 'locals {\n  plain = upper("x")\n}\n');
  assert.deepEqual((await values(page)).map((v) => v.console), ['"X"']);
  assert.ok(fetched.includes("/pkg-full/hcl_playground_bg.wasm"));
  await setDoc(page, "expression", 'locals {\n  ok    = can(regex("^[a-z]+$", "abc"))\n  parts = regexall("[0-9]+", "a1b22")\n}\n');
  assert.deepEqual((await values(page)).map((v) => v.console), ["true", 'tolist([\n  "1",\n  "22",\n])']);
  await page.close();
});

test("provider resources are planned with their provider's schema, downloading only the types the module names", async () => {
  const { page, errors } = await openPage();
  // Module mode's first module (an example with aws types) fetches its own.
  await page.click('[data-testid="mode-module"]');
  await settle(page);
  const from = fetched.length;
  await moduleMode(page, 'resource "random_pet" "p" {\n  prefix = "web"\n}\nresource "null_resource" "n" {\n  triggers = { pet = random_pet.p.id }\n}\n');
  const by = Object.fromEntries((await values(page)).map((v) => [v.address, v]));
  assert.equal(by["random_pet.p"].console, '{\n  "id" = (known after apply)\n  "keepers" = tomap(null) /* of string */\n  "length" = 2\n  "prefix" = "web"\n  "separator" = "-"\n}');
  assert.equal(by["random_pet.p"].type, "object({id: string, keepers: map(string), length: number, prefix: string, separator: string})");
  assert.equal(by["null_resource.n"].console, '{\n  "id" = (known after apply)\n  "triggers" = tomap({\n    "pet" = (known after apply)\n  })\n}');
  // The index came with the first module.
  const data = fetched.slice(from).filter((p) => p.startsWith("/providers/"));
  assert.deepEqual(data.sort(), [
    "/providers/hashicorp/null/provider.json",
    "/providers/hashicorp/null/resource/null_resource.json",
    "/providers/hashicorp/random/provider.json",
    "/providers/hashicorp/random/resource/random_pet.json",
  ]);
  // A type whose provider the data lacks is planned as written, and said so.
  assert.equal(await page.isVisible('[data-testid="guessed"]'), false);
  await setDoc(page, "expression", 'resource "example_widget" "w" {\n  size = 3\n}\nlocals {\n  id = example_widget.w.anything\n}\n');
  assert.equal(
    await page.textContent('[data-testid="guessed"]'),
    "No provider schema for example_widget: planned as written, and what is read from it is unknown.",
  );
  assert.equal(Object.fromEntries((await values(page)).map((v) => [v.address, v.console]))["local.id"], "(known after apply)");
  // A misspelt attribute is Terraform's error, with its suggestion.
  await setDoc(page, "expression", 'resource "random_pet" "p" {}\nlocals {\n  s = random_pet.p.seperator\n}\n');
  assert.match(await problemsText(page), /Unsupported attribute[\s\S]*Did you mean "separator"\?/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("in Module mode, completion offers resource types and a resource's arguments from its schema; hover tells their type and description", async () => {
  const { page, errors } = await openPage();
  await moduleMode(page, "");
  const completions = async () => {
    await page.waitForSelector(".cm-tooltip-autocomplete li");
    return page.$$eval(".cm-tooltip-autocomplete li", (els) => els.map((e) => e.textContent));
  };
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.type('resource "aws_vp');
  assert.ok((await completions()).some((c) => c.startsWith("aws_vpchashicorp/aws")), "aws_vpc with its provider");
  await page.keyboard.press("Escape");
  await setDoc(page, "expression", 'resource "aws_subnet" "s" {\n  vpc_id = "vpc-1"\n  \n}\n');
  await page.evaluate(() => {
    const v = window.hclPlayground.expression;
    v.focus();
    v.dispatch({ selection: { anchor: v.state.doc.line(3).to } });
  });
  await page.keyboard.type("cidr");
  const offered = await completions();
  assert.ok(offered.some((c) => c.startsWith("cidr_blockstring · optional")), offered.join(" | "));
  assert.ok(!offered.some((c) => c.startsWith("arn")), "what only the provider sets is not offered");
  await page.keyboard.press("Enter");
  assert.match(await page.evaluate(() => window.hclPlayground.expression.state.doc.line(3).text), /^  cidr_block = $/);
  // Hover on an argument: its type, whether required, the description.
  await setDoc(page, "expression", 'resource "random_pet" "p" {\n  separator = "_"\n}\n');
  await page.locator('[data-testid="editor"] .cm-line', { hasText: "separator" }).getByText("separator").hover();
  await page.waitForSelector('[data-testid="schema-hover"]');
  const hover = await page.textContent('[data-testid="schema-hover"]');
  assert.match(hover, /^separatorstringoptional, computedThe character to separate words in the pet name\. Defaults to "-"$/);
  // On the type: what it is, and which provider's data, of which version.
  await page.mouse.move(0, 0);
  await page.waitForSelector('[data-testid="schema-hover"]', { state: "detached" });
  await page.locator('[data-testid="editor"] .cm-line').first().getByText("random_pet").hover();
  await page.waitForSelector('[data-testid="schema-hover"]');
  assert.match(await page.textContent('[data-testid="schema-hover"]'), /^random_petresourceThe resource `random_pet` generates[\s\S]*hashicorp\/random 3\.9\.0$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the page stays live while a 300-line module is edited; time per evaluation", async () => {
  const { page, errors } = await openPage();
  const source = module300();
  assert.equal(source.split("\n").length - 1, 300);
  await moduleMode(page, source);
  assert.match(await text(page, "status"), /^ok · \d+ named values$/);
  const count = (await values(page)).length;
  await page.evaluate(() => (window.hclPlayground.moduleTimings.length = 0));
  // Long main-thread tasks while typing.
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask", buffered: false });
  });
  // One keystroke at a time, each evaluated: in a local near the top.
  const at = source.indexOf('"app-${var.env}-0"') + 5;
  await page.evaluate((pos) => {
    const v = window.hclPlayground.expression;
    v.focus();
    v.dispatch({ selection: { anchor: pos } });
  }, at);
  const keys = "abcdefghijklmnopqrst";
  for (const k of keys) {
    await page.keyboard.type(k);
    await settle(page);
  }
  // Then a burst of typing (newest input wins: keystrokes typed while the
  // worker is busy are folded into its next evaluation).
  await page.keyboard.type("uvwxyz0123456789", { delay: 20 });
  await settle(page);
  const by = Object.fromEntries((await values(page)).map((v) => [v.address, v.console]));
  assert.equal(by["local.name_0"], `"app-${keys}uvwxyz0123456789dev-0"`);
  assert.equal((await values(page)).length, count);
  const timings = await page.evaluate(() => window.hclPlayground.moduleTimings);
  const longTasks = await page.evaluate(() => window.__longTasks);
  const stat = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { median: s[Math.floor(s.length / 2)], p90: s[Math.floor(s.length * 0.9)], max: s.at(-1) };
  };
  const fmt = (o) => `median ${o.median.toFixed(1)} ms, p90 ${o.p90.toFixed(1)} ms, max ${o.max.toFixed(1)} ms`;
  const evalMs = stat(timings.map((t) => t.evalMs));
  const roundTrip = stat(timings.map((t) => t.roundTripMs));
  const render = stat(timings.map((t) => t.renderMs));
  console.log(`# 300-line module (${count} named values), ${timings.length} evaluations while typing`);
  console.log(`#   evaluation in the worker: ${fmt(evalMs)}`);
  console.log(`#   request to answer: ${fmt(roundTrip)}`);
  console.log(`#   list and inline values on the page: ${fmt(render)}`);
  console.log(`#   longest main-thread task while typing: ${Math.max(0, ...longTasks).toFixed(0)} ms (${longTasks.length} over 50 ms)`);
  // Each keystroke typed one at a time was evaluated (the figures above are
  // reported, not asserted: benches/browser.mjs measures them side by side).
  assert.ok(timings.length >= keys.length, `${timings.length} evaluations`);
  assert.ok(timings.every((t) => t.lines === 301));
  assert.deepEqual(errors, []);
  await page.close();
});

test("a long module's errors stay in view above its list of values, and a long evaluation can be stopped", async () => {
  const page = await newPage(browser, { width: 1366, height: 800 });
  await hangingWorker(page);
  await page.goto(`${base}?timeLimit=30000`);
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  const source = `${module300()}\nlocals {\n  broken = var.nope\n  also   = upper(1, 2)\n}\n`;
  await moduleMode(page, source);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="errors"] .problem').length >= 2);
  assert.match(await text(page, "status"), /^2 errors/);
  const boxes = await page.evaluate(() => {
    const box = (s) => document.querySelector(s).getBoundingClientRect();
    return { errors: box('[data-testid="errors"]'), first: box('[data-testid="errors"] .problem'), values: box('[data-testid="values"]'), height: innerHeight };
  });
  // The box holds at least its first entry whole, in the window, above the values.
  assert.ok(boxes.errors.height >= boxes.first.height, JSON.stringify(boxes));
  assert.ok(boxes.first.top >= 0 && boxes.first.bottom <= boxes.height, JSON.stringify(boxes));
  assert.ok(boxes.values.top >= boxes.errors.bottom, JSON.stringify(boxes));
  // Choosing an entry shows that line in the editor.
  await page.click('[data-testid="errors"] .problem-head');
  await page.waitForFunction(() => {
    const view = window.hclPlayground.expression;
    const line = view.state.doc.lineAt(view.state.selection.main.head);
    return line.text.includes("var.nope") && view.hasFocus;
  });
  // A module that takes long: busy, then stopped.
  await page.evaluate((t) => {
    const view = window.hclPlayground.expression;
    view.dispatch({ changes: { from: 0, to: 0, insert: t } });
  }, "# __hang__\n");
  await page.waitForSelector('[data-testid="stop"]:visible');
  assert.equal(await text(page, "status"), "evaluating…");
  await page.click('[data-testid="stop"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent === "stopped");
  await setDoc(page, "expression", "locals {\n  back = 1\n}\n");
  assert.deepEqual((await values(page)).map((v) => v.console), ["1"]);
  await page.close();
});

test("nothing in Module mode violates the Content Security Policy; the phone width still fits", async () => {
  for (const [name, viewport, colorScheme] of [
    ["module-phone", { width: 390, height: 844 }, "light"],
    ["module-dark", { width: 1280, height: 900 }, "dark"],
  ]) {
    const { page, errors } = await openPage(base, viewport, { colorScheme });
    await moduleMode(page, EVERY_KIND.replace("locals {", "locals {\n  bad = var.nope"));
    await page.locator('[data-testid="editor"] .cm-lintRange-error').first().hover();
    await page.waitForSelector(".cm-tooltip-lint");
    await page.fill('[data-testid="console-input"]', "local.tags");
    await page.press('[data-testid="console-input"]', "Enter");
    await settle(page);
    await page.click('[data-testid="share"]');
    await page.waitForFunction(() => location.hash.startsWith("#v1."));
    const { scrollWidth, controls } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      controls: [...document.querySelectorAll(".toolbar select, .toolbar button, .toolbar label")].map((e) => e.getBoundingClientRect().right),
    }));
    assert.ok(scrollWidth <= viewport.width, `${name}: the page is ${scrollWidth} px wide`);
    assert.ok(Math.max(...controls) <= viewport.width, `${name}: a toolbar control ends at ${Math.max(...controls)} px`);
    await page.screenshot({ path: join(outDir, `playground-${name}.png`), fullPage: true });
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("a runaway module is stopped at the time limit and the page stays responsive", async () => {
  // The worker is made to hang on this module (an evaluation that never
  // ends, on any machine).
  const page = await newPage(browser);
  await hangingWorker(page);
  // The default limit: a shorter one would hold every module evaluation to it too.
  await page.goto(base);
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  // Every module evaluation goes to the worker (the page's own evaluator
  // takes the quick ones, and a runaway one reaches its small limits).
  await page.evaluate(() => window.hclPlayground.setModuleQuickMs(-1));
  await moduleMode(page, "# __hang__\nlocals {\n  x = 1\n}\n");
  await page.waitForFunction(() => document.querySelector('[data-testid="errors"]').textContent.includes("took too long (more than 3 s)"));
  assert.equal(await text(page, "status"), "evaluation took too long");
  await setDoc(page, "expression", "locals {\n  x = 1 + 1\n}\n");
  assert.deepEqual((await values(page)).map((v) => v.console), ["2"]);
  // A text that ends with a block's closing brace (once a trap in the API).
  await setDoc(page, "expression", "locals { x = 3 }");
  assert.deepEqual((await values(page)).map((v) => v.console), ["3"]);
  await setDoc(page, "variables", "x {}");
  assert.match(await text(page, "errors"), /Error/);
  await page.close();
});

// A small .zip archive (stored entries), as a user's zipped module is.
function storedZip(files) {
  const enc = new TextEncoder();
  const locals = [];
  const central = [];
  let offset = 0;
  const u16 = (n) => [n & 255, (n >> 8) & 255];
  const u32 = (n) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
  for (const [name, text] of Object.entries(files)) {
    const n = enc.encode(name);
    const data = enc.encode(text);
    const crc = crc32(data);
    const head = [...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(crc), ...u32(data.length), ...u32(data.length), ...u16(n.length), ...u16(0)];
    locals.push(Uint8Array.from([...head, ...n, ...data]));
    central.push(Uint8Array.from([...u32(0x02014b50), ...u16(20), ...u16(20), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(crc), ...u32(data.length), ...u32(data.length), ...u16(n.length), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(offset), ...n]));
    offset += head.length + n.length + data.length;
  }
  const size = central.reduce((a, c) => a + c.length, 0);
  const end = Uint8Array.from([...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(central.length), ...u16(central.length), ...u32(size), ...u32(offset), ...u16(0)]);
  return Buffer.concat([...locals, ...central, end]);
}

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

const tabs = (page) => page.$$eval('[data-testid="file-tabs"] .file-tab', (els) => els.map((e) => (e.getAttribute("aria-current") === "true" ? "*" : "") + e.dataset.path));

test("a workspace of files: tabs, child modules, tfvars, file:line problems, share links, reloads and dropped archives", async () => {
  const { page, errors } = await openPage();
  await moduleMode(page, 'module "net" {\n  source = "./modules/net"\n  cidr   = var.cidr\n}\nvariable "cidr" {}\n');
  assert.deepEqual(await tabs(page), ["*main.tf"]);
  // "+" asks for a path; the new file opens in the editor.
  page.once("dialog", (d) => d.accept("modules/net/main.tf"));
  await page.click('[data-testid="file-add"]');
  assert.deepEqual(await tabs(page), ["*main.tf", "modules/net/main.tf"].map((p, i) => (i === 1 ? `*${p}` : p.replace("*", ""))));
  await setDoc(page, "expression", 'variable "cidr" {}\noutput "first" {\n  value = cidrsubnet(var.cidr, 8, 1)\n}\noutput "bad" {\n  value = local.nope\n}\n');
  page.once("dialog", (d) => d.accept("terraform.tfvars"));
  await page.click('[data-testid="file-add"]');
  await setDoc(page, "expression", 'cidr = "10.0.0.0/16"\n');
  const net = (await values(page)).find((v) => v.address === "module.net");
  assert.match(net.console, /"first" = "10\.0\.1\.0\/24"/);
  // The child's error names its file and line; choosing it opens the file.
  assert.match(await problemsText(page), /Reference to undeclared local value/);
  assert.equal(await page.textContent('[data-testid="errors"] .problem-location'), "modules/net/main.tf:6:11");
  await page.click('[data-testid="errors"] .problem-head');
  assert.deepEqual(await tabs(page), ["main.tf", "*modules/net/main.tf", "terraform.tfvars"]);
  assert.equal(await cursorLine(page), 6);
  await page.waitForSelector('[data-testid="editor"] .cm-lintRange-error');

  // A share link carries every file; the page it opens has them all.
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith("#v1."));
  const link = await page.evaluate(() => location.href);
  const { page: other } = await openPage(link);
  await other.waitForSelector('[data-address="module.net"]');
  assert.deepEqual(await tabs(other), ["main.tf", "*modules/net/main.tf", "terraform.tfvars"]);
  // A reload keeps the workspace.
  await settle(other);
  await other.reload();
  await other.waitForSelector('[data-address="module.net"]');
  assert.deepEqual(await tabs(other), ["main.tf", "*modules/net/main.tf", "terraform.tfvars"]);

  // Rename and delete.
  page.once("dialog", (d) => d.accept("prod.auto.tfvars"));
  await page.dblclick('[data-testid="file-tabs"] .file-tab[data-path="terraform.tfvars"] .file-name');
  assert.deepEqual(await tabs(page), ["main.tf", "modules/net/main.tf", "*prod.auto.tfvars"]);
  assert.equal(await doc(page), 'cidr = "10.0.0.0/16"\n');
  page.once("dialog", (d) => d.accept());
  await page.click('[data-testid="file-tabs"] .file-tab[data-path="prod.auto.tfvars"] .file-close');
  assert.deepEqual(await tabs(page), ["*main.tf", "modules/net/main.tf"]);

  // A .zip dropped on the editor joins the workspace (hidden directories left out).
  const zip = storedZip({ "main.tf": 'module "app" {\n  source = "./modules/app"\n}\n', "modules/app/main.tf": 'output "name" {\n  value = "app"\n}\n', ".terraform/x.tf": "junk" });
  await page.evaluate((bytes) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], "module.zip", { type: "application/zip" }));
    document.querySelector('[data-testid="editor"]').dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [...zip]);
  await page.waitForSelector('[data-address="module.app"]');
  assert.deepEqual(await tabs(page), ["*main.tf", "modules/app/main.tf", "modules/net/main.tf"]);
  assert.equal((await values(page)).find((v) => v.address === "module.app").console, '{\n  "name" = "app"\n}');

  // The console scoped to a child module, as terraform console -scope.
  await page.fill('[data-testid="console-scope"]', "module.app");
  await page.fill('[data-testid="console-input"]', "path.module");
  await page.press('[data-testid="console-input"]', "Enter");
  await settle(page);
  assert.equal(await text(page, "console-output"), '> path.module\n"modules/app"');
  await page.fill('[data-testid="console-scope"]', "local.x");
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent.endsWith("not evaluated"));
  assert.match(await problemsText(page), /Invalid module instance address/);
  await page.fill('[data-testid="console-scope"]', "");
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent.startsWith("ok"));
  assert.deepEqual(errors, []);
});

test("a configuration file in JSON syntax (cdk.tf.json) is read beside main.tf", async () => {
  const { page, errors } = await openPage();
  await moduleMode(page, 'locals {\n  native = "hcl"\n}\noutput "both" {\n  value = "${local.native}+${local.generated}"\n}\n');
  page.once("dialog", (d) => d.accept("cdk.tf.json"));
  await page.click('[data-testid="file-add"]');
  await setDoc(page, "expression", '{\n  "locals": { "generated": "json" },\n  "resource": { "terraform_data": { "a": { "input": "${local.native}" } } }\n}\n');
  await page.waitForSelector('[data-address="local.generated"]');
  const found = await values(page);
  assert.equal(found.find((v) => v.address === "local.generated").console, '"json"');
  assert.equal(found.find((v) => v.address === "output.both").console, '"hcl+json"');
  assert.match(found.find((v) => v.address === "terraform_data.a").console, /"input" = "hcl"/);
  assert.deepEqual(errors, []);
});

test("a binary file dropped on the editor is shown by name and size, read by filebase64, and carried by a share link", async () => {
  const { page, errors } = await openPage();
  await moduleMode(page, 'locals {\n  b64 = filebase64("logo.png")\n}\n');
  await page.evaluate((bytes) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(bytes)], "logo.png", { type: "image/png" }));
    document.querySelector('[data-testid="editor"]').dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [0xff, 0xfe, 0xfd, 0x00, 0x80]);
  await page.waitForSelector('[data-testid="file-tabs"] .file-binary');
  assert.equal(await page.textContent('[data-testid="file-tabs"] .file-binary .file-name'), "logo.png (5 bytes)");
  const shown = () => document.querySelector('[data-address="local.b64"] .value-console')?.textContent === '"//79AIA="';
  await page.waitForFunction(shown);
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith("#v1."));
  const link = await page.evaluate(() => location.href);
  const { page: other } = await openPage(link);
  await other.waitForFunction(shown);
  assert.deepEqual(errors, []);
});

test("the Tests panel runs a workspace's test files as terraform test does, again after each edit", async () => {
  const { page, errors } = await openPage();
  const ex = moduleExamples.find((e) => e.testsSummary);
  await page.selectOption('[data-testid="examples"]', String(ex.index));
  await settle(page);
  const summary = () => page.textContent('[data-testid="tests"] .tests-summary');
  await page.waitForFunction(() => !document.querySelector('[data-testid="tests"]').hidden);
  assert.equal(await summary(), ex.testsSummary);
  const runs = await page.$$eval('[data-testid="tests-run"]', (els) => els.map((e) => e.querySelector(".name").textContent + " " + e.querySelector(".status").textContent));
  assert.deepEqual(runs, ['run "greets" pass', 'run "greets_by_name" fail', 'run "keeps_its_id" pass']);
  // The failed assertion's message and diff, as terraform test prints them.
  const problem = await page.textContent('[data-testid="tests"] .test-problem-text');
  assert.match(problem, /Error: Test assertion failed/);
  assert.match(problem, /- "hello Ada"\n {4}│ \+ "hello ada"/);
  assert.match(problem, /greeting is hello Ada/);
  // A click opens the test file at the condition, marked in the editor.
  await page.click('[data-testid="tests"] .test-problem-head');
  await settle(page);
  assert.deepEqual((await tabs(page)).filter((t) => t.startsWith("*")), ["*tests/greeting.tftest.hcl"]);
  await page.waitForFunction(() => document.querySelector('[data-testid="editor"] .cm-lintRange-error'));
  assert.equal(await page.textContent('[data-testid="editor"] .cm-lintRange-error'), 'output.greeting == "hello ada"');
  // An edit that makes the assertion hold runs the tests again.
  await page.evaluate(() => {
    const view = window.hclPlayground.expression;
    const text = view.state.doc.toString();
    const at = text.indexOf('"hello ada"');
    view.dispatch({ changes: { from: at, to: at + '"hello ada"'.length, insert: '"hello Ada"' } });
  });
  await settle(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="tests"] .tests-summary').textContent.startsWith("Success!"));
  assert.equal(await summary(), "Success! 3 passed, 0 failed.");
  assert.deepEqual(errors, []);
  await page.close();
});
