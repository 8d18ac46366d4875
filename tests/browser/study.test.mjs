// What a study of the built page found (issue 20), each at the size where
// it was found: panels that opened out of sight and ignored Escape, an
// insert that left the editor out of view, editors without a focus ring,
// axe-core's critical and serious findings on the page and the docs,
// live regions that announced every keystroke, a toolbar that wrapped and
// cut its own text at 1366 px, and a Recent menu that listed one piece of
// work twice.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, openPage, newPage, setEditor, output, idle, text, axeViolations, module300 } from "./harness.mjs";

let h;
before(async () => (h = await start()));
after(async () => h?.stop());

const open = (viewport, options) => openPage(h.browser, h.base, viewport, options);
const DESKTOPS = [
  { width: 1366, height: 800 },
  { width: 1920, height: 1080 },
];
const PHONE = { width: 390, height: 844 };

async function setMode(page, mode) {
  await page.check(`[data-testid="mode-${mode}"]`);
  await page.waitForFunction((m) => window.hclPlayground.mode() === m, mode);
}

const rect = (page, selector) => page.$eval(selector, (e) => e.getBoundingClientRect().toJSON());

for (const viewport of DESKTOPS) {
  test(`at ${viewport.width}×${viewport.height} Functions and Compare open in view; Escape closes them and gives the focus back`, async () => {
    const { page, errors } = await open(viewport);
    for (const [toggle, panel] of [
      ["reference-toggle", "reference"],
      ["compare-toggle", "compare"],
    ]) {
      await page.click(`[data-testid="${toggle}"]`);
      await page.waitForSelector(`[data-testid="${panel}"]:visible`);
      const box = await rect(page, `[data-testid="${panel}"]`);
      assert.ok(box.top >= 0 && box.bottom <= viewport.height && box.height > 100, `${panel}: ${JSON.stringify(box)}`);
      assert.equal(await page.getAttribute(`[data-testid="${toggle}"]`, "aria-expanded"), "true");
      // The panes make room for it (at the next layout): the editor ends above it.
      if (viewport.height >= 900) {
        await page.waitForFunction((p) => document.querySelector(".editor-pane").getBoundingClientRect().bottom <= document.querySelector(`[data-testid="${p}"]`).getBoundingClientRect().top, panel);
      }
      if (panel === "reference") assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), "reference-search");
      await page.keyboard.press("Escape");
      await page.waitForSelector(`[data-testid="${panel}"]`, { state: "hidden" });
      assert.equal(await page.getAttribute(`[data-testid="${toggle}"]`, "aria-expanded"), "false");
      assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), toggle);
    }
    // Its × closes it too; Escape in an editor's completion list closes only that.
    await page.click('[data-testid="compare-toggle"]');
    await page.click('[data-testid="compare"] .panel-close');
    assert.ok(await page.isHidden('[data-testid="compare"]'));
    await page.click('[data-testid="reference-toggle"]');
    await page.click('[data-testid="editor"] .cm-content');
    await page.keyboard.type("uppe");
    await page.keyboard.press("Control+Space");
    await page.waitForSelector(".cm-tooltip-autocomplete");
    await page.keyboard.press("Escape");
    await page.waitForSelector(".cm-tooltip-autocomplete", { state: "detached" });
    assert.ok(await page.isVisible('[data-testid="reference"]'), "Escape in the completion list closed the panel");
    await page.keyboard.press("Escape");
    await page.waitForSelector('[data-testid="reference"]', { state: "hidden" });
    assert.deepEqual(errors, []);
    await page.close();
  });
}

for (const viewport of [PHONE, DESKTOPS[0]]) {
  test(`at ${viewport.width}×${viewport.height} Functions → Insert brings the editor and its cursor into view`, async () => {
    const { page } = await open(viewport);
    await setEditor(page, "editor", "");
    // The reader is further down the page (on a phone, at the variables).
    await page.$eval(".vars-pane", (e) => e.scrollIntoView());
    await page.click('[data-testid="reference-toggle"]');
    await page.fill('[data-testid="reference-search"]', "upper");
    await page.click('.reference-item[data-name="upper"] summary');
    await page.click('.reference-item[data-name="upper"] [data-testid="reference-insert"]');
    await page.waitForFunction(() => window.hclPlayground.expression.state.doc.toString() === "upper(");
    const seen = await page.evaluate(() => {
      const view = window.hclPlayground.expression;
      const caret = view.coordsAtPos(view.state.selection.main.head);
      const drawer = document.querySelector('[data-testid="drawer"]')?.getBoundingClientRect();
      return { caret, drawerTop: drawer?.height ? drawer.top : innerHeight, focused: view.hasFocus };
    });
    assert.ok(seen.focused, "the editor has the focus");
    assert.ok(seen.caret && seen.caret.top >= 0 && seen.caret.bottom <= seen.drawerTop, JSON.stringify(seen));
    await page.close();
  });
}

test("the editors, buttons and separators show a focus ring", async () => {
  const { page } = await open(DESKTOPS[0]);
  const ring = (selector) =>
    page.$eval(selector, (e) => {
      const s = getComputedStyle(e);
      return `${s.outlineStyle} ${s.outlineWidth}`;
    });
  for (const which of ["editor", "variables"]) {
    await page.focus(`[data-testid="${which}"] .cm-content`);
    // CodeMirror marks itself focused in its next update, not at once.
    await page.waitForSelector(`[data-testid="${which}"] .cm-editor.cm-focused`);
    assert.equal(await ring(`[data-testid="${which}"] .cm-editor`), "solid 2px", which);
  }
  await page.focus('[data-testid="format"]');
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  assert.equal(await ring('[data-testid="format"]'), "solid 2px");
  await page.focus('.splitter[data-split="0"]');
  await page.keyboard.press("ArrowRight");
  assert.equal(await ring('.splitter[data-split="0"]'), "solid 2px");
  const value = await page.getAttribute('.splitter[data-split="0"]', "aria-valuenow");
  assert.ok(Number(value) > 60, `aria-valuenow ${value} after moving right`);
  await page.close();
});

test("axe-core finds nothing critical or serious on the page and the documentation, light and dark, desktop and phone", async () => {
  const found = [];
  for (const colorScheme of ["light", "dark"]) {
    for (const viewport of [DESKTOPS[0], PHONE]) {
      const at = `${colorScheme} ${viewport.width}px`;
      const { page } = await open(viewport, { colorScheme });
      found.push(...(await axeViolations(page)).map((v) => `${at}, expression: ${v}`));
      await setEditor(page, "editor", "nope + upper(1, 2)");
      await page.waitForSelector('[data-testid="errors"] .problem');
      await page.click('[data-testid="compare-toggle"]');
      await page.click('[data-testid="reference-toggle"]');
      await page.waitForFunction(() => document.querySelector('[data-testid="compare-note"]').dataset.agree !== undefined);
      found.push(...(await axeViolations(page)).map((v) => `${at}, errors and panels: ${v}`));
      await page.keyboard.press("Escape");
      await page.keyboard.press("Escape");
      await setMode(page, "module");
      await setEditor(page, "editor", `${module300()}locals {\n  bad = var.nope\n}\n`);
      await page.waitForSelector('[data-testid="errors"] .problem');
      found.push(...(await axeViolations(page)).map((v) => `${at}, module: ${v}`));
      await page.close();
      const docs = await newPage(h.browser, viewport, { colorScheme });
      await docs.goto(`${h.base}docs/`);
      await docs.waitForFunction(() => [...document.querySelectorAll("hcl-playground")].every((w) => w.dataset.runs));
      found.push(...(await axeViolations(docs)).map((v) => `${at}, docs: ${v}`));
      await docs.close();
    }
  }
  assert.deepEqual(found, []);
});

test("live regions are polite, and typing that changes no problem leaves the list alone", async () => {
  const { page } = await open(DESKTOPS[0]);
  // Nothing that changes while typing is an alert (the link error, shown
  // once when a link cannot be opened, is the only one).
  assert.deepEqual(await page.$$eval('[role="alert"]', (els) => els.map((e) => e.id)), ["link-error"]);
  assert.equal(await page.getAttribute('[data-testid="status"]', "role"), "status");
  assert.equal(await page.getAttribute('[data-testid="errors"]', "aria-live"), null);
  // Answered on the page's thread, so no busy state rewrites the status
  // (the test sets the threshold that could send an edit to the worker).
  await page.waitForFunction(() => window.hclPlayground.localMemoryBytes() !== null);
  await page.evaluate(() => window.hclPlayground.setQuickMs(Infinity));
  await setEditor(page, "editor", "nope +\n1");
  await page.waitForSelector('[data-testid="errors"] .problem');
  await idle(page);
  await page.$eval('[data-testid="errors"] ol', (e) => (e.dataset.marked = "yes"));
  const statusNode = await page.$eval('[data-testid="status"]', (e) => ((e.firstChild.__marked = true), e.textContent));
  for (const edit of ["nope +\n12", "nope +\n123"]) {
    await setEditor(page, "editor", edit);
    await idle(page);
  }
  assert.equal(await page.$eval('[data-testid="errors"] ol', (e) => e.dataset.marked), "yes", "the list was rebuilt");
  assert.equal(await page.$eval('[data-testid="status"]', (e) => e.firstChild.__marked === true), true, "the status was rewritten");
  assert.equal(statusNode, "1 error");
  await page.close();
});

test("at 1366×800 the toolbar is one row and none of its controls cuts its text", async () => {
  const { page } = await open(DESKTOPS[0]);
  const check = async (label) => {
    const rows = await page.$$eval(".toolbar > :not(#share-status)", (els) => [...new Set(els.map((e) => Math.round(e.getBoundingClientRect().top / 10)))]);
    assert.equal(rows.length, 1, `${label}: the toolbar wraps (${rows.length} rows)`);
    // Each select is wide enough for the text it shows (measured in its font).
    const cut = await page.$$eval(".toolbar select", (els) =>
      els
        .map((s) => {
          const ctx = document.createElement("canvas").getContext("2d");
          const style = getComputedStyle(s);
          ctx.font = `${style.fontSize} ${style.fontFamily}`;
          const shown = s.options[s.selectedIndex].text;
          const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
          return ctx.measureText(shown).width > room ? `${s.id}: "${shown}"` : null;
        })
        .filter(Boolean),
    );
    assert.deepEqual(cut, [], label);
  };
  await check("a first visit");
  await page.selectOption('[data-testid="examples"]', { index: 3 });
  await setMode(page, "module");
  await idle(page);
  await check("Module mode, with recent work");
  await page.close();
});

test("Recent work lists a piece of work once, whatever variables or engine it last had", async () => {
  const { page } = await open(DESKTOPS[0]);
  await setEditor(page, "variables", '{"n": 1}');
  await setEditor(page, "editor", "n * 2");
  await output(page, "2");
  await page.selectOption('[data-testid="examples"]', { index: 1 });
  const labels = () => page.$$eval('[data-testid="history"] option', (os) => os.slice(1).map((o) => o.textContent));
  const mine = await labels();
  await page.selectOption('[data-testid="history"]', { index: 1 + mine.findIndex((l) => l.endsWith("· n * 2")) });
  await idle(page);
  await output(page, "2");
  await setEditor(page, "variables", '{"n": 5}');
  await page.selectOption('[data-testid="profile"]', "opentofu");
  await output(page, "10");
  await page.selectOption('[data-testid="examples"]', { index: 2 });
  await idle(page);
  const after = await labels();
  assert.equal(after.filter((l) => l.endsWith("· n * 2")).length, 1, after.join("\n"));
  assert.equal(new Set(after).size, after.length, `a label is listed twice:\n${after.join("\n")}`);
  assert.ok(after.some((l) => l.endsWith("expression · OpenTofu · n * 2")), after.join("\n"));
  assert.match(await text(page, "status"), /^ok/);
  await page.close();
});

test("a 20,000-character line is cut around the error in its excerpt, not echoed whole", async () => {
  const { page } = await open(DESKTOPS[0]);
  const items = (from) => Array.from({ length: 2000 }, (_, i) => `"${from + i}"`).join(",");
  const long = `[${items(0)}, nope, ${items(2000)}]`;
  assert.ok(long.length > 20000);
  await setEditor(page, "editor", long);
  await page.waitForSelector('[data-testid="errors"] .problem-excerpt');
  const excerpt = await page.textContent('[data-testid="errors"] .problem-excerpt');
  const widest = Math.max(...excerpt.split("\n").map((l) => l.length));
  assert.ok(widest < 140, `an excerpt line is ${widest} characters`);
  assert.match(excerpt, /…[^\n]*nope[^\n]*…/);
  assert.match(excerpt, /\n\s+\^{4}$/);
  assert.ok(excerpt.split("\n")[1].indexOf("nope") < 60, "the error is near the start of the window");
  // The whole text stays in the editor; the location counts characters.
  assert.match(await page.textContent('[data-testid="errors"] .problem-location'), /^expression:1:\d{5}$/);
  await page.close();
});

test("tfvars text in the Expression mode's variables is read as tfvars", async () => {
  const { page } = await open(DESKTOPS[0]);
  await setEditor(page, "variables", 'name  = "web"\nports = [80, 443]\n');
  await page.waitForFunction(() => document.querySelector('[data-testid="vars-format-tfvars"]').getAttribute("aria-pressed") === "true");
  assert.equal(await text(page, "vars-title"), "Variables (tfvars)");
  await setEditor(page, "editor", '"${name}:${join(",", ports)}"');
  await output(page, '"web:80,443"');
  // A tfvars value must be a constant, said where it is.
  await setEditor(page, "variables", 'name = upper("web")\n');
  await page.waitForSelector('[data-testid="errors"] .problem');
  assert.match(await page.textContent('[data-testid="errors"] .problem-location'), /^variables:1:/);
  // Chosen with the buttons, JSON that reads as tfvars says what it looks like.
  await page.click('[data-testid="vars-format-json"]');
  await setEditor(page, "variables", 'name = "web"\n');
  await page.waitForFunction(() => /looks like tfvars/.test(document.querySelector('[data-testid="errors"]').textContent));
  await page.close();
});
