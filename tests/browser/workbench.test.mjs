// The page as Terraform users expect it (issue 15): work kept across
// reloads and a list of recent work, copying the result and the link,
// Format (button and Shift+Alt+F) in both modes, the inspector (hover and
// selection, for iterations, conditionals, module instances), the function
// reference, hints for Terraform habits, WCAG AA contrast of every token
// and text colour in light and dark (computed from the page's own CSS),
// the phone and desktop layouts, empty and error states, and screenshots
// under target/browser/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { start, openPage, setEditor, doc, output, idle, text, outDir } from "./harness.mjs";

let h;
before(async () => (h = await start()));
after(async () => h?.stop());

const open = (viewport, options) => openPage(h.browser, h.base, viewport, options);

async function setMode(page, mode) {
  await page.check(`[data-testid="mode-${mode}"]`);
  await page.waitForFunction((m) => window.hclPlayground.mode() === m, mode);
}

// Hovers the character at `pos` of the main editor.
async function hoverAt(page, pos) {
  const at = await page.evaluate((p) => {
    const c = window.hclPlayground.expression.coordsAtPos(p);
    return { x: (c.left + c.right) / 2 + 1, y: (c.top + c.bottom) / 2 };
  }, pos);
  await page.mouse.move(at.x, at.y + 40);
  await page.mouse.move(at.x, at.y);
}

const select = (page, anchor, head) =>
  page.evaluate(([a, b]) => {
    const view = window.hclPlayground.expression;
    view.focus();
    view.dispatch({ selection: { anchor: a, head: b } });
  }, [anchor, head]);

const inspectText = async (page) => {
  await page.waitForSelector('[data-testid="inspect"]');
  return page.textContent('[data-testid="inspect"]');
};

test("the work survives a reload, and recent work can be brought back", async () => {
  const { page, errors } = await open();
  await page.selectOption('[data-testid="profile"]', "opentofu");
  await setEditor(page, "variables", '{"who": "reload"}');
  await setEditor(page, "editor", 'upper("kept ${who}")');
  await output(page, '"KEPT RELOAD"');
  await idle(page);
  await page.reload();
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  await output(page, '"KEPT RELOAD"');
  assert.equal(await doc(page), 'upper("kept ${who}")');
  assert.equal(await page.inputValue('[data-testid="profile"]'), "opentofu");
  // Module mode and its texts come back too.
  await setMode(page, "module");
  // (The Module mode's own variables name what its example declares: a
  // value for an undeclared variable stops the console, as in Terraform.)
  await setEditor(page, "variables", "{}");
  await setEditor(page, "editor", 'locals {\n  kept = "module"\n}\n');
  await page.waitForSelector('[data-address="local.kept"]');
  await idle(page);
  await page.reload();
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  await page.waitForSelector('[data-address="local.kept"]');
  assert.equal(await page.evaluate(() => window.hclPlayground.mode()), "module");
  // Choosing an example keeps the work replaced in the Recent menu.
  await page.selectOption('[data-testid="examples"]', { index: 1 });
  await page.waitForFunction(() => window.hclPlayground.mode() !== "module");
  const labels = await page.$$eval('[data-testid="history"] option', (os) => os.map((o) => o.textContent));
  assert.ok(labels.some((l) => l.includes("module · OpenTofu · locals { kept")), labels.join("\n"));
  assert.ok(labels.some((l) => l.includes('upper("kept ${who}")')), labels.join("\n"));
  const index = labels.findIndex((l) => l.includes("module · OpenTofu · locals { kept"));
  await page.selectOption('[data-testid="history"]', { index });
  await page.waitForSelector('[data-address="local.kept"]');
  assert.equal(await page.evaluate(() => window.hclPlayground.mode()), "module");
  // A stored state that is not a playground state is ignored.
  await page.evaluate(() => localStorage.setItem("hcl-playground.state", JSON.stringify({ e: 123 })));
  await page.reload();
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  assert.notEqual(await doc(page), "");
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("copy result copies the console text or the JSON; copy link copies the link", async () => {
  const { page } = await open(undefined, { permissions: ["clipboard-read", "clipboard-write"] });
  await setEditor(page, "editor", '{a = [1, 2], b = "x"}');
  await output(page, '{\n  "a" = [\n    1,\n    2,\n  ]\n  "b" = "x"\n}');
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await page.click('[data-testid="copy-result"]');
  await page.waitForFunction(() => document.getElementById("share-status").textContent === "Result copied.");
  assert.equal(await clipboard(), await text(page, "output"));
  await page.click('[data-testid="tab-json"]');
  await output(page, '{\n  "a": [\n    1,\n    2\n  ],\n  "b": "x"\n}');
  await page.click('[data-testid="copy-result"]');
  await page.waitForFunction(() => document.getElementById("share-status").textContent === "JSON copied.");
  assert.equal(await clipboard(), '{\n  "a": [\n    1,\n    2\n  ],\n  "b": "x"\n}');
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => document.getElementById("share-status").textContent === "Link copied.");
  assert.match(await clipboard(), /#v1\./);
  await page.context().close();
});

test("Format lays out the expression or the module as terraform fmt does (button and Shift+Alt+F)", async () => {
  const { page } = await open();
  await setEditor(page, "editor", '{\na=1\nlonger="x"\n}');
  await page.click('[data-testid="format"]');
  await page.waitForFunction(() => document.getElementById("share-status").textContent === "Formatted.");
  assert.equal(await doc(page), '{\n  a      = 1\n  longer = "x"\n}');
  // Formatting is one edit: undo brings the text back.
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.press("Control+z");
  assert.equal(await doc(page), '{\na=1\nlonger="x"\n}');
  await setMode(page, "module");
  await setEditor(page, "editor", 'locals {\nx=1\nlong_name="y"\n}');
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.press("Shift+Alt+F");
  await page.waitForFunction(() => window.hclPlayground.expression.state.doc.toString().includes("  x         = 1"));
  assert.equal(await doc(page), 'locals {\n  x         = 1\n  long_name = "y"\n}\n');
  // Text that does not parse is left alone, and the page says why.
  await setEditor(page, "editor", "locals {\n  x = \n");
  await page.click('[data-testid="format"]');
  await page.waitForFunction(() => document.getElementById("share-status").textContent.startsWith("Not formatted:"));
  assert.equal(await doc(page), "locals {\n  x = \n");
  await page.context().close();
});

test("hovering or selecting shows the value and type of a sub-expression in place", async () => {
  const { page, errors } = await open();
  const src = "[for n in [1, 2, 3] : n * 10]";
  await setEditor(page, "editor", src);
  await output(page, "[\n  10,\n  20,\n  30,\n]");
  await hoverAt(page, src.indexOf("*"));
  const hovered = await inspectText(page);
  for (const want of ["n * 10", "n = 1", "n = 2", "n = 3", "10", "30", "Type: number"]) assert.ok(hovered.includes(want), `${want} in ${hovered}`);
  await page.mouse.move(5, 5);
  // A selection: the conditional says which arm ran.
  const cond = 'x ? "yes" : "no"';
  await setEditor(page, "variables", '{"x": false}');
  await setEditor(page, "editor", cond);
  await output(page, '"no"');
  await select(page, 0, cond.length);
  const selected = await inspectText(page);
  assert.ok(selected.includes('"no"') && selected.includes("The condition was false: the second arm ran."), selected);
  await select(page, cond.indexOf('"yes"'), cond.indexOf('"yes"') + 5);
  await page.waitForFunction(() => document.querySelector('[data-testid="inspect"]')?.textContent.includes("Not used"));
  // In a module, for each of the first instances of a resource with count.
  await setMode(page, "module");
  const mod = 'resource "null_resource" "r" {\n  count    = 2\n  triggers = { name = "web-${count.index}" }\n}\n';
  // Values for variables the module does not declare stop Terraform before it plans.
  await setEditor(page, "variables", "{}");
  await setEditor(page, "editor", mod);
  await page.waitForSelector('[data-address="null_resource.r"]');
  await select(page, mod.indexOf('"web-'), mod.indexOf('"web-') + '"web-${count.index}"'.length);
  const inModule = await inspectText(page);
  for (const want of ["count.index = 0", '"web-0"', "count.index = 1", '"web-1"', "Type: string"]) assert.ok(inModule.includes(want), `${want} in ${inModule}`);
  // In another file of the workspace: its own positions, the values of the
  // whole configuration.
  page.once("dialog", (d) => d.accept("names.tf"));
  await page.click('[data-testid="file-add"]');
  const other = 'locals {\n  names = [for r in null_resource.r : upper(r.triggers.name)]\n}\n';
  await setEditor(page, "editor", other);
  await page.waitForSelector('[data-address="local.names"]');
  await select(page, other.indexOf("upper("), other.indexOf("upper(") + "upper(r.triggers.name)".length);
  await page.waitForFunction(() => document.querySelector('[data-testid="inspect"]')?.textContent.includes('"WEB-1"'));
  const inOther = await inspectText(page);
  for (const want of ['"WEB-0"', '"WEB-1"', "Type: string"]) assert.ok(inOther.includes(want), `${want} in ${inOther}`);
  // In a test file: an assertion's parts, as its run evaluated them.
  await select(page, 0, 0);
  await page.waitForFunction(() => !document.querySelector('[data-testid="inspect"]'));
  page.once("dialog", (d) => d.accept("tests/names.tftest.hcl"));
  await page.click('[data-testid="file-add"]');
  const tests = 'run "names" {\n  command = plan\n\n  assert {\n    condition     = length(local.names) == 3\n    error_message = "wrong"\n  }\n}\n';
  await setEditor(page, "editor", tests);
  await page.waitForFunction(() => document.querySelector('[data-testid="tests"] .tests-summary')?.textContent.startsWith("Failure!"));
  await select(page, tests.indexOf("length("), tests.indexOf("length(") + "length(local.names)".length);
  await page.waitForFunction(() => document.querySelector('[data-testid="inspect"]')?.textContent.includes("2"));
  const inTest = await inspectText(page);
  for (const want of ["length(local.names)", "2", "Type: number"]) assert.ok(inTest.includes(want), `${want} in ${inTest}`);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test("the function reference searches, runs examples and inserts, per engine", async () => {
  const { page } = await open();
  await setEditor(page, "editor", "");
  await page.click('[data-testid="reference-toggle"]');
  await page.fill('[data-testid="reference-search"]', "strcontains");
  await page.waitForSelector('.reference-item[data-name="strcontains"]');
  assert.match(await page.textContent(".reference-count"), /^1 of \d+ functions in Terraform$/);
  await page.click('.reference-item[data-name="strcontains"] summary');
  assert.match(await page.textContent('.reference-item[data-name="strcontains"] .reference-signature'), /^strcontains\(/);
  await page.click('.reference-item[data-name="strcontains"] button:has-text("Run example")');
  await page.waitForFunction(() => document.querySelector('[data-testid="reference-output"]')?.dataset.state === "ok");
  assert.match(await text(page, "reference-output"), /Type: bool$/);
  await page.click('[data-testid="reference-insert"]');
  assert.equal(await doc(page), "strcontains(");
  // urldecode is OpenTofu's, not Terraform's.
  await page.fill('[data-testid="reference-search"]', "urldecode");
  await page.waitForFunction(() => /^0 of \d+ functions in Terraform$/.test(document.querySelector(".reference-count").textContent));
  await page.selectOption('[data-testid="profile"]', "opentofu");
  await page.waitForSelector('.reference-item[data-name="urldecode"]');
  assert.match(await page.textContent(".reference-count"), /^1 of \d+ functions in OpenTofu$/);
  await page.context().close();
});

test("hints for Terraform habits: var.x over plain variables, a pasted body", async () => {
  const { page } = await open();
  await setEditor(page, "variables", '{"x": 41}');
  await setEditor(page, "editor", "var.x + 1");
  await page.waitForSelector('[data-testid="habit-hint"]:not([hidden])');
  assert.match(await text(page, "habit-hint"), /var\.x names an input variable; here each key of the variables JSON is a variable, so write x/);
  await page.click('[data-testid="hint-nest"]');
  await output(page, "42");
  assert.ok(await page.isHidden('[data-testid="habit-hint"]'));
  // A body pasted into the Expression mode.
  await setEditor(page, "editor", 'name = "web"\ncount = 2');
  await page.waitForSelector('[data-testid="habit-hint"][data-kind="body"]:not([hidden])');
  await page.click('[data-testid="hint-module"]');
  await page.waitForSelector('[data-address="local.name"]');
  assert.equal(await doc(page), 'locals {\n  name = "web"\n  count = 2\n}\n');
  await setMode(page, "expression");
  await idle(page);
  await setEditor(page, "editor", "locals {\n  a = 1\n}");
  await idle(page);
  await page.waitForSelector('[data-testid="habit-hint"][data-kind="body"]:not([hidden])');
  await page.click('[data-testid="hint-module"]');
  await page.waitForSelector('[data-address="local.a"]');
  await page.context().close();
});

// WCAG 2 contrast of two sRGB colours.
function contrast(a, b) {
  const lum = ([r, g, bl]) => {
    const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(bl);
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const TOKENS = {
  expression: '[for k, v in {a = 1} : "${k}=${v}\\n" if v != null && true] # comment\n/* block */ 3.5e2',
  module: 'variable "x" {\n  type    = string\n  default = "a"\n}\nlocals {\n  y = [for s in var.x : s if s != null] # c\n}\n',
  template: "Hi %{ if true }${name}%{ endif }",
};

test("every token and text colour meets WCAG AA (4.5:1) in light and dark", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { page } = await open(undefined, { colorScheme });
    const failures = [];
    // The page's colours, read from its own style sheet.
    const vars = await page.evaluate(() => {
      const css = getComputedStyle(document.documentElement);
      const names = ["fg", "muted", "error", "ok", "accent", "warning", "hl-keyword", "hl-atom", "hl-number", "hl-string", "hl-escape", "hl-definition", "hl-comment", "hl-meta"];
      const rgb = (value) => {
        const probe = document.createElement("span");
        probe.style.color = value;
        document.body.append(probe);
        const c = getComputedStyle(probe).color;
        probe.remove();
        return c.match(/[\d.]+/g).slice(0, 3).map(Number);
      };
      return {
        fg: Object.fromEntries(names.map((n) => [n, rgb(css.getPropertyValue(`--${n}`))])),
        bg: Object.fromEntries(["pane", "code-bg", "bg"].map((n) => [n, rgb(css.getPropertyValue(`--${n}`))])),
      };
    });
    for (const [f, fc] of Object.entries(vars.fg)) {
      for (const [b, bc] of Object.entries(vars.bg)) {
        const r = contrast(fc, bc);
        if (r < 4.5) failures.push(`--${f} on --${b}: ${r.toFixed(2)}:1`);
      }
    }
    // Every highlighted token as the editor draws it, on the editor's background.
    for (const [mode, source] of Object.entries(TOKENS)) {
      await setMode(page, mode);
      await setEditor(page, "editor", source);
      await idle(page);
      const spans = await page.evaluate(() => {
        const editor = document.querySelector('[data-testid="editor"] .cm-editor');
        const rgb = (c) => c.match(/[\d.]+/g).slice(0, 3).map(Number);
        const bg = rgb(getComputedStyle(editor).backgroundColor);
        return [...editor.querySelectorAll(".cm-line span")].filter((s) => s.textContent.trim()).map((s) => ({ text: s.textContent, fg: rgb(getComputedStyle(s).color), bg }));
      });
      assert.ok(spans.length > 5, `${mode}: tokens drawn`);
      for (const s of spans) {
        const r = contrast(s.fg, s.bg);
        if (r < 4.5) failures.push(`${mode} token ${JSON.stringify(s.text)}: ${r.toFixed(2)}:1`);
      }
    }
    assert.deepEqual(failures, [], `${colorScheme}: ${failures.join("; ")}`);
    await page.context().close();
  }
});

test("phone: no sideways scroll at 360 px and the result right after the editor", async () => {
  const { page } = await open({ width: 360, height: 780 });
  await setEditor(page, "editor", '{name = "a-rather-long-value-to-see-if-anything-overflows", n = 1}');
  await output(page, '{\n  "n" = 1\n  "name" = "a-rather-long-value-to-see-if-anything-overflows"\n}');
  await page.click('[data-testid="reference-toggle"]');
  const box = (sel) => page.$eval(sel, (e) => e.getBoundingClientRect().toJSON());
  const [editor, result, vars] = [await box(".editor-pane"), await box(".pane.result"), await box(".vars-pane")];
  assert.ok(result.top >= editor.bottom && result.top - editor.bottom < 30, `result at ${result.top}, editor ends at ${editor.bottom}`);
  assert.ok(vars.top >= result.bottom, "the variables come after the result");
  for (const mode of ["expression", "module"]) {
    await setMode(page, mode);
    await idle(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${mode}: the page is ${width} px wide`);
  }
  await setMode(page, "expression");
  await idle(page);
  await output(page, '{\n  "n" = 1\n  "name" = "a-rather-long-value-to-see-if-anything-overflows"\n}');
  await page.screenshot({ path: join(outDir, "workbench-phone.png"), fullPage: true });
  await page.context().close();
});

test("desktop: full-height panes that the separators resize", async () => {
  const { page } = await open({ width: 1280, height: 900 });
  const width = () => page.$eval(".editor-pane", (e) => e.getBoundingClientRect().width);
  // The panes' height follows the header's, measured after the first layout.
  await page.waitForFunction(() => document.querySelector("main").style.getPropertyValue("--header-h") !== "");
  const heights = await page.evaluate(() => [...document.querySelectorAll("main > .pane")].map((p) => p.getBoundingClientRect().bottom));
  for (const bottom of heights) assert.ok(bottom > 780 && bottom <= 900, `a pane ends at ${bottom} px`);
  assert.ok((await page.$eval('[data-testid="editor"] .cm-editor', (e) => e.getBoundingClientRect().height)) > 450);
  const before = await width();
  const sep = await page.$eval('.splitter[data-split="0"]', (e) => e.getBoundingClientRect().toJSON());
  await page.mouse.move(sep.x + sep.width / 2, sep.y + 200);
  await page.mouse.down();
  await page.mouse.move(sep.x + sep.width / 2 + 120, sep.y + 200, { steps: 4 });
  await page.mouse.up();
  const dragged = await width();
  assert.ok(dragged > before + 80, `dragged from ${before} to ${dragged}`);
  await page.focus('.splitter[data-split="0"]');
  await page.keyboard.press("ArrowLeft");
  assert.ok((await width()) < dragged);
  await page.context().close();
});

test("empty and error states: no stray boxes, stale errors cleared, sensitive values marked in JSON", async () => {
  const { page } = await open();
  await setEditor(page, "editor", "nope + 1");
  await page.waitForFunction(() => document.querySelector('[data-testid="errors"]').textContent.includes("Unknown variable"));
  assert.ok(await page.isHidden('[data-testid="output"]'));
  assert.ok(await page.isHidden("#type-line"));
  // Variables that do not parse: the expression's old errors go.
  await setEditor(page, "variables", '{"a": ');
  await page.waitForFunction(() => document.querySelector('[data-testid="vars-error"]').textContent !== "");
  assert.deepEqual(await page.$$eval('[data-testid="errors"] .problem-location', (els) => els.map((e) => e.textContent)), ["variables:1:6"]);
  assert.equal(await page.$$eval('[data-testid="editor"] .cm-lintRange-error', (e) => e.length), 0);
  // Nothing is on show, so the status does not say a last good result is.
  assert.equal(await text(page, "status"), "the variables are invalid");
  // A value the variables cannot take is marked where it is.
  await setEditor(page, "variables", '{\n  "ok": 1,\n  "a": {"__unknown__": "strin"}\n}');
  await page.waitForFunction(() => document.querySelector('[data-testid="variables"] .cm-lintRange-error'));
  assert.equal(await page.textContent('[data-testid="variables"] .cm-lintRange-error'), '{"__unknown__": "strin"}');
  // The JSON view marks a sensitive value instead of printing it.
  await setEditor(page, "variables", '{"s": {"__sensitive__": "hunter2"}}');
  await setEditor(page, "editor", "{secret = s, open = 1}");
  await output(page, '{\n  "open" = 1\n  "secret" = (sensitive value)\n}');
  assert.ok(await page.isVisible("#type-line"));
  await page.click('[data-testid="tab-json"]');
  await output(page, '{\n  "open": 1,\n  "secret": {"__sensitive__": "(sensitive value)"}\n}');
  // Ctrl+Space with nothing typed offers the functions and variables.
  await setEditor(page, "editor", "");
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.press("Control+Space");
  await page.waitForSelector(".cm-tooltip-autocomplete");
  await page.context().close();
});

test("screenshots: light and dark", async () => {
  for (const colorScheme of ["light", "dark"]) {
    const { page } = await open({ width: 1280, height: 900 }, { colorScheme });
    await setEditor(page, "variables", '{"names": ["web", "db"]}');
    await setEditor(page, "editor", '[for i, n in names : "${i}: ${upper(n)}" if n != ""]');
    await output(page, '[\n  "0: WEB",\n  "1: DB",\n]');
    await hoverAt(page, 26);
    await inspectText(page);
    await page.screenshot({ path: join(outDir, `workbench-${colorScheme}.png`), fullPage: true });
    await page.context().close();
  }
});
