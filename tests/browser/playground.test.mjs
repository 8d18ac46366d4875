// The built page in a real browser (Debian's chromium through
// playwright-core): typing, variables, diagnostics, examples, sharing,
// the time limit, engines (profiles) and the compare view, what is known of
// unknown values, links that cannot be opened, the Content Security
// Policy, the phone width, and screenshots under target/browser/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, root, outDir, openPage as openPageAt, newPage, text, output, idle, hangingWorker, watchFirstVisible, setEditor as setDoc } from "./harness.mjs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { deflateRawSync } from "node:zlib";

const examples = JSON.parse(await readFile(join(root, "examples.json"), "utf8"));

let browser, base, stop;

before(async () => ({ base, browser, stop } = await start()));
after(async () => stop?.());

// Before any script of the page: record Content Security Policy violations
// and the profile of every evaluation the page asks its worker for.
function watch() {
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
  window.__asked = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.kind === "evaluate") window.__asked.push(message.options?.profile ?? "terraform");
    return post.call(this, message, ...rest);
  };
}

// The profiles of the evaluations asked for since `from`, wherever they ran
// (on the page's thread or in its worker).
const profilesAsked = (page, from = 0) => page.evaluate((from) => [...new Set(window.hclPlayground.asked.slice(from).map((a) => a.profile))], from);

const openPage = (url = base, viewport, options) => openPageAt(browser, url, viewport, options, watch);

// A share link's hash made outside the page, as a crafted link would be.
const hashOf = (state) => `v1.${deflateRawSync(Buffer.from(typeof state === "string" ? state : JSON.stringify(state))).toString("base64url")}`;

async function setEditor(page, testid, text) {
  await page.click(`[data-testid="${testid}"] .cm-content`);
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.evaluate(([id, t]) => {
    const view = id === "editor" ? window.hclPlayground.expression : window.hclPlayground.variables;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: t } });
  }, [testid, text]);
}


test("loads, evaluates as you type, and reports the cold-load time", async () => {
  const { page, errors } = await openPage();
  const ms = await page.evaluate(() => window.__firstResultMs);
  console.log(`# cold load to the editor's first result: ${Math.round(ms)} ms`);
  await page.click('[data-testid="editor"] .cm-content');
  await page.keyboard.press("Control+A");
  await page.keyboard.type('upper("hello")');
  await output(page, '"HELLO"');
  assert.equal(await page.textContent('[data-testid="type"]'), "string");
  await page.screenshot({ path: join(outDir, "playground.png"), fullPage: true });
  assert.deepEqual(errors, []);
  await page.close();
});

test("variables feed the expression; invalid JSON keeps the last good result", async () => {
  const { page } = await openPage();
  await setEditor(page, "variables", '{"name": "Ada", "n": {"__unknown__": "number"}}');
  await setEditor(page, "editor", '"Hi ${name}"');
  await output(page, '"Hi Ada"');
  await setEditor(page, "editor", "n + 1");
  await output(page, "(known after apply)");
  // In one change: with no debounce, an emptied pane would be a result of its own.
  await page.evaluate(() => {
    const view = window.hclPlayground.variables;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: '{"name": ' } });
  });
  await page.waitForFunction(() => document.querySelector('[data-testid="vars-error"]').textContent.includes("line 1"));
  assert.equal(await page.textContent('[data-testid="output"]'), "(known after apply)");
  await page.close();
});

test("diagnostics underline the offending token, emoji and CJK included", async () => {
  const { page } = await openPage();
  await setEditor(page, "editor", '"😀日本" == nope');
  await page.waitForSelector(".cm-lintRange-error");
  assert.equal(await page.textContent(".cm-lintRange-error"), "nope");
  assert.deepEqual(await problems(page), [["error", "Error", "expression:1:10", "Unknown variable"]]);
  assert.match(await text(page, "errors"), /There is no variable named "nope"/);
  await page.close();
});

// Each entry of the problems list: severity, its label, file:line:column, summary.
const problems = (page) =>
  page.$$eval('[data-testid="errors"] .problem', (els) =>
    els.map((e) => [e.dataset.severity, ...[".problem-severity", ".problem-location", ".problem-summary"].map((s) => e.querySelector(s)?.textContent ?? "")]),
  );

test("errors are a list: severity, file:line:column and message each; choosing one puts the cursor there", async () => {
  const { page } = await openPage();
  await setEditor(page, "editor", 'upper(1, 2)\n+ [1][3]\n+ nope');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="errors"] .problem').length === 3);
  assert.deepEqual(await problems(page), [
    ["error", "Error", "expression:1:10", "Too many function arguments"],
    ["error", "Error", "expression:2:6", "Invalid index"],
    ["error", "Error", "expression:3:3", "Unknown variable"],
  ]);
  assert.equal(await text(page, "status"), "3 errors");
  await page.click('[data-testid="errors"] .problem:nth-child(3) .problem-head');
  const selected = () => page.evaluate(() => {
    const views = { editor: window.hclPlayground.expression, variables: window.hclPlayground.variables };
    const [name, view] = Object.entries(views).find(([, v]) => v.hasFocus) ?? ["none", null];
    const { from, to } = view?.state.selection.main ?? {};
    return [name, view?.state.sliceDoc(from, to)];
  });
  assert.deepEqual(await selected(), ["editor", "nope"]);
  // A problem in the variables takes the cursor there.
  await setEditor(page, "variables", '{\n  "a": 1,\n  "b": nul\n}');
  await page.waitForFunction(() => document.querySelector('[data-testid="errors"] .problem-location')?.textContent.startsWith("variables:"));
  await page.click('[data-testid="errors"] .problem-head');
  assert.equal((await selected())[0], "variables");
  await page.close();
});

test("the first result is visible as soon as it is written, before the editor loads", async () => {
  const page = await newPage(browser);
  await page.addInitScript(watchFirstVisible);
  await page.goto(base);
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  const seen = await page.evaluate(() => ({ ...window.__visible, early: window.__firstShownMs }));
  assert.equal(seen.hiddenText, false, "the result's text was written into a hidden box");
  assert.ok(seen.first !== null, "no result became visible");
  // boot.js wrote it: the editor bundle loads only after that.
  assert.ok(seen.early !== undefined && seen.first < (await page.evaluate(() => window.__firstResultMs)), JSON.stringify(seen));
  console.log(`# cold load to the first visible result: ${Math.round(seen.first)} ms`);
  await page.close();
});

test("every example in the menu shows its recorded result", async () => {
  const { page } = await openPage();
  for (const [i, ex] of examples.entries()) {
    // Module examples are checked in module.test.mjs.
    if (ex.mode === "module") continue;
    await page.selectOption('[data-testid="examples"]', String(i));
    await output(page, ex.console);
  }
  await page.close();
});

test("a shared link restores the expression, variables and mode", async () => {
  const { page } = await openPage();
  await setEditor(page, "variables", '{"xs": [3, 1, 2]}');
  await setEditor(page, "editor", "sort([for x in xs : tostring(x)])");
  await output(page, 'tolist([\n  "1",\n  "2",\n  "3",\n])');
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith("#v1."));
  const url = page.url();
  await page.close();
  const { page: again } = await openPage(url);
  await output(again, 'tolist([\n  "1",\n  "2",\n  "3",\n])');
  const doc = await again.evaluate(() => window.hclPlayground.expression.state.doc.toString());
  assert.equal(doc, "sort([for x in xs : tostring(x)])");
  await again.close();
});

// A function of the full build goes to the worker, which the test makes
// hang on this text: an evaluation that never ends, whatever the machine.
const RUNAWAY = 'md5("__hang__")';

test("a runaway evaluation is stopped at the time limit and the page stays responsive", async () => {
  const page = await newPage(browser);
  await hangingWorker(page);
  // The default limit: a shorter one would hold every other request to it too.
  await page.goto(base);
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  await setEditor(page, "editor", RUNAWAY);
  await page.waitForFunction(() => document.querySelector('[data-testid="errors"]').textContent.includes("took too long (more than 3 s)"));
  assert.equal(await text(page, "status"), "evaluation took too long");
  await setEditor(page, "editor", "1 + 1");
  await output(page, "2");
  await page.close();
});

test("a long evaluation shows a busy state with the old result dimmed, and Stop ends it", async () => {
  const page = await newPage(browser);
  await hangingWorker(page);
  await page.goto(`${base}?timeLimit=30000`);
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  await setDoc(page, "editor", "6 * 7");
  await output(page, "42");
  assert.equal(await page.isVisible('[data-testid="stop"]'), false);
  await setDoc(page, "editor", RUNAWAY);
  await page.waitForSelector('[data-testid="stop"]:visible');
  assert.equal(await text(page, "status"), "evaluating…");
  assert.equal(await page.getAttribute(".pane.result", "aria-busy"), "true");
  // The result on show is the older input's: still there, dimmed.
  assert.equal(await text(page, "output"), "42");
  await page.waitForFunction(() => Number(getComputedStyle(document.querySelector('[data-testid="output"]')).opacity) < 0.6);
  await page.click('[data-testid="stop"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent === "stopped");
  assert.match(await text(page, "errors"), /^Evaluation stopped\./);
  assert.equal(await page.isVisible('[data-testid="stop"]'), false);
  assert.equal(await page.getAttribute(".pane.result", "aria-busy"), "false");
  assert.equal(await page.isVisible('[data-testid="output"]'), false, "a stopped evaluation leaves no result of another input");
  // The next edit is evaluated by a fresh worker.
  await setDoc(page, "editor", 'md5("a")');
  await output(page, '"0cc175b9c0f1b6a831c399e269772661"');
  assert.equal(await text(page, "status"), "ok");
  await page.close();
});

test("quick edits are answered on the page's thread; past its small limits, the worker answers alike", async () => {
  const { page, errors } = await openPage();
  await page.waitForFunction(() => window.hclPlayground.localMemoryBytes() !== null);
  // Which thread answers depends on how long the last evaluation took: the
  // test sets the threshold instead of relying on this machine's speed.
  await page.evaluate(() => window.hclPlayground.setQuickMs(Infinity));
  const last = () => page.evaluate(() => ({ here: window.hclPlayground.asked.at(-1).here, worker: window.__asked.length }));
  await setDoc(page, "editor", 'upper("abc")');
  await output(page, '"ABC"');
  const before = await last();
  assert.equal(before.here, true, "a quick expression went to the worker");
  await setDoc(page, "editor", 'upper("abcd")');
  await output(page, '"ABCD"');
  assert.deepEqual(await last(), before, "the worker was asked for a quick expression");
  // Past the page's limits (10,000 elements): the worker's answer, not an error.
  await setDoc(page, "editor", "length(flatten([for i in range(100) : range(1000)]))");
  await output(page, "100000");
  const after = await last();
  assert.equal(after.here, false);
  assert.ok(after.worker > before.worker, "the worker was not asked");
  // A function of the full build: the worker loads it and answers.
  await setDoc(page, "editor", 'md5("a")');
  await output(page, '"0cc175b9c0f1b6a831c399e269772661"');
  // An evaluation slower than the threshold sends the next edit to the worker.
  await setDoc(page, "editor", 'upper("abcde")');
  await output(page, '"ABCDE"');
  assert.equal((await last()).here, true);
  await page.evaluate(() => window.hclPlayground.setQuickMs(-1));
  await setDoc(page, "editor", 'upper("abcdef")');
  await output(page, '"ABCDEF"');
  const worker = (await last()).worker;
  await setDoc(page, "editor", 'upper("abcdefg")');
  await output(page, '"ABCDEFG"');
  assert.deepEqual(await last(), { here: false, worker: worker + 1 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("the full build loads only when a heavy function is called", async () => {
  const fetched = [];
  const page = await newPage(browser, { width: 1280, height: 900 });
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(base);
  await page.waitForFunction(() => window.__firstResultMs !== undefined);
  await setEditor(page, "editor", 'upper("no heavy function here")');
  await output(page, '"NO HEAVY FUNCTION HERE"');
  assert.ok(fetched.includes("/pkg/hcl_playground_bg.wasm"), fetched.join(" "));
  assert.ok(!fetched.some((p) => p.startsWith("/pkg-full/")), "the full build is not loaded up front");
  // can() would hide the smaller build's stand-in error: the answer must
  // still come from the full build.
  await setEditor(page, "editor", 'can(regex("^[a-z]+$", "abc")) ? regexall("[0-9]+", "a1b22c333") : []');
  await output(page, 'tolist([\n  "1",\n  "22",\n  "333",\n])');
  assert.ok(fetched.includes("/pkg-full/hcl_playground_bg.wasm"));
  await setEditor(page, "editor", 'sha256("hello")');
  await output(page, '"2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"');
  await page.close();
});

test("the engine selector changes the answer, the engine named and autocomplete", async () => {
  const { page, errors } = await openPage();
  await setEditor(page, "variables", '{"x": null}');
  await setEditor(page, "editor", "x != null && x.enabled");
  await output(page, "false");
  assert.match(await text(page, "engine"), /^Terraform v1\.\d+\.\d+ \(hcl v2\.\d+/);
  await page.selectOption('[data-testid="profile"]', "opentofu");
  await page.waitForFunction(() => document.querySelector('[data-testid="engine"]').textContent.startsWith("OpenTofu v1."));
  assert.equal(await text(page, "output"), "false");
  await page.selectOption('[data-testid="profile"]', "hcl-2.14");
  await page.waitForFunction(() => document.querySelector('[data-testid="errors"]').textContent.includes("Attempt to get attribute from null value"));
  assert.match(await text(page, "engine"), /hcl v2\.14\.1, go-cty v1\.12\.1/);
  assert.equal(await text(page, "output"), "");

  // urldecode is OpenTofu's: in the answer and in autocomplete.
  const completions = async () => {
    await setEditor(page, "editor", "");
    await page.keyboard.type("urlde");
    await page.keyboard.press("Control+Space");
    // Both engines offer urlencode: the list is there when it is.
    await page.waitForSelector(".cm-tooltip-autocomplete li");
    return page.$$eval(".cm-tooltip-autocomplete li", (els) => els.map((e) => e.textContent));
  };
  await page.selectOption('[data-testid="profile"]', "terraform");
  assert.ok(!(await completions()).some((c) => c.startsWith("urldecode")), "terraform offers urldecode");
  await setEditor(page, "editor", 'urldecode("a%20b")');
  await page.waitForFunction(() => document.querySelector('[data-testid="errors"]').textContent.includes("Call to unknown function"));
  await page.selectOption('[data-testid="profile"]', "opentofu");
  await output(page, '"a b"');
  assert.ok((await completions()).some((c) => c.startsWith("urldecode")), "opentofu does not offer urldecode");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the compare view evaluates every engine, only while open, and marks the differences", async () => {
  const { page } = await openPage();
  await setEditor(page, "variables", '{"x": null}');
  await setEditor(page, "editor", "x != null && x.enabled");
  await output(page, "false");
  assert.equal(await page.isVisible('[data-testid="compare"]'), false);
  assert.deepEqual(await profilesAsked(page), ["terraform"], "the closed compare view asked other engines");

  await page.click('[data-testid="compare-toggle"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-note"]').dataset.agree !== undefined);
  assert.equal(await text(page, "compare-note"), "HCL 2.14 (2022) and Waypoint 0.11 differ from Terraform.");
  const state = (p) => page.getAttribute(`[data-testid="compare-${p}"]`, "data-state");
  assert.equal(await state("terraform"), "selected");
  assert.equal(await state("opentofu"), "same");
  assert.equal(await state("hcl-2.14"), "differs");
  assert.equal(await state("waypoint"), "differs");
  assert.match(await text(page, "compare-hcl-2.14"), /differs from Terraform[\s\S]*Attempt to get attribute from null value/);
  assert.match(await text(page, "compare-opentofu"), /same as Terraform[\s\S]*OpenTofu v1\.[\s\S]*false/);

  // The selected engine is the reference.
  await page.selectOption('[data-testid="profile"]', "hcl-2.14");
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-note"]').textContent === "Terraform and OpenTofu differ from HCL 2.14 (2022).");
  await setEditor(page, "editor", "1 + 1");
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-note"]').textContent === "All 4 engines agree.");
  assert.equal(await state("terraform"), "same");

  await page.click('[data-testid="compare-toggle"]');
  const from = await page.evaluate(() => window.hclPlayground.asked.length);
  await setEditor(page, "editor", "2 + 2");
  await output(page, "4");
  // Without a debounce the emptied editor is evaluated too: what matters is
  // that only the selected engine is asked.
  assert.deepEqual(await profilesAsked(page, from), ["hcl-2.14"], "the closed compare view still evaluates every engine");
  await page.close();
});

test("what is known of unknown values is shown beside (known after apply), only when there is something", async () => {
  const { page } = await openPage();
  await setEditor(page, "variables", '{"ami": {"__unknown__": "string", "notnull": true, "prefix": "ami-"}, "u": {"__unknown__": "string"}, "n": {"__unknown__": "number", "lower": 1, "upper": 5}}');
  assert.match(await text(page, "marker-help"), /"notnull": true, "prefix": "ami-"[\s\S]*"minlen"[\s\S]*__sensitive__/);
  await setEditor(page, "editor", "{ami = ami, tags = [u]}");
  await output(page, '{\n  "ami" = (known after apply)\n  "tags" = [\n    (known after apply),\n  ]\n}');
  assert.equal(await page.isVisible('[data-testid="refinements"]'), true);
  assert.deepEqual(await page.$$eval('[data-testid="refinements"] li', (els) => els.map((e) => e.textContent)), ['.ami: not null, starts with "ami-"']);
  await setEditor(page, "editor", "n");
  await output(page, "(known after apply)");
  assert.deepEqual(await page.$$eval('[data-testid="refinements"] li', (els) => els.map((e) => e.textContent)), [">= 1, <= 5"]);
  await setEditor(page, "editor", "u");
  await idle(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="refinements"]').hidden);
  await setEditor(page, "editor", '"done"');
  await output(page, '"done"');
  assert.equal(await page.isVisible('[data-testid="refinements"]'), false);
  await page.close();
});

test("a shared link keeps the engine", async () => {
  const { page } = await openPage();
  await page.selectOption('[data-testid="profile"]', "opentofu");
  await setEditor(page, "editor", 'urldecode("a%20b")');
  await output(page, '"a b"');
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith("#v1."));
  const url = page.url();
  await page.close();
  const { page: again } = await openPage(url);
  await output(again, '"a b"');
  assert.equal(await again.inputValue('[data-testid="profile"]'), "opentofu");
  assert.match(await text(again, "engine"), /^OpenTofu/);
  await again.close();
});

test("a link that cannot be opened says why and loads the default example", async () => {
  const big = "a".repeat(2_100_000);
  // 46 characters of data: cut to 6 (4n + 1, no whole bytes) and to 42 (whole bytes, a cut deflate stream).
  const good = hashOf({ e: "1 + 1", v: "{}", t: false });
  assert.equal(good.length, 49);
  const cases = [
    ["#v1.!!not base64!!", /corrupt \(its data is not base64url text\)/],
    [`#v1.${Buffer.from("not deflate at all, just bytes").toString("base64url")}`, /corrupt or truncated/],
    [`#${good.slice(0, 12)}`, /truncated \(its data stops part-way through a byte\)/],
    [`#${good.slice(0, -4)}`, /corrupt or truncated \(its data does not decompress\)/],
    ["#v1.", /truncated/],
    [`#${hashOf("this is not JSON")}`, /not JSON/],
    [`#${hashOf("[1, 2]")}`, /not a playground state \(a JSON object\), but a list/],
    [`#v7.${good.slice(3)}`, /format "v7", which this version of the playground does not read/],
    ["#section-2", /not a playground link/],
    [`#${hashOf({ e: 123 })}`, /the expression should be text, not a number/],
    [`#${hashOf({ e: "1", v: { a: 1 } })}`, /the variables should be text, not an object/],
    [`#${hashOf({ e: "1", t: "yes" })}`, /the template mode should be true or false, not text/],
    [`#${hashOf({ e: "1", p: "terraform-0.11" })}`, /the engine "terraform-0.11" is not one of terraform, opentofu, hcl-2.14/],
    [`#${hashOf({ v: "{}" })}`, /the expression is missing/],
    [`#${hashOf({ e: big })}`, /too large \(more than 2 MB once decompressed\)/],
    // 100 MB in a 130 KB link: refused at the cap, not after inflating it all.
    [`#${hashOf({ e: "a".repeat(100_000_000) })}`, /too large \(more than 2 MB once decompressed\)/],
    [`#${hashOf({ e: big.slice(0, 1_000_001) })}`, /the expression is larger than 1 MB/],
  ];
  const page = await newPage(browser, { width: 1280, height: 900 });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  for (const [hash, why] of cases) {
    await page.goto("about:blank");
    await page.goto(`${base}${hash}`);
    await page.waitForFunction(() => window.__firstResultMs !== undefined);
    const message = await text(page, "link-error");
    assert.match(message, /^\s*This link could not be opened: /, hash.slice(0, 40));
    assert.match(message, why, hash.slice(0, 40));
    assert.equal(await page.isVisible('[data-testid="link-error"]'), true);
    await output(page, examples[10].console);
  }
  // Still usable.
  await setEditor(page, "editor", "6 * 7");
  await output(page, "42");
  await page.click("#link-error-close");
  assert.equal(await page.isVisible('[data-testid="link-error"]'), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a second link opened in the same tab loads (hashchange); a bad one keeps the work", async () => {
  const { page } = await openPage();
  await page.evaluate((h) => (location.hash = h), hashOf({ e: "upper(name)", v: '{"name": "second"}', t: false, p: "opentofu" }));
  await output(page, '"SECOND"');
  assert.equal(await page.inputValue('[data-testid="profile"]'), "opentofu");
  assert.equal(await page.isVisible('[data-testid="link-error"]'), false);
  await page.evaluate((h) => (location.hash = h), hashOf({ e: 5 }));
  await page.waitForSelector('[data-testid="link-error"]:visible');
  assert.match(await text(page, "link-error"), /the expression should be text, not a number/);
  assert.equal(await page.evaluate(() => window.hclPlayground.expression.state.doc.toString()), "upper(name)");
  assert.equal(await text(page, "output"), '"SECOND"');
  await page.evaluate((h) => (location.hash = h), hashOf({ e: "3 * 3" }));
  await output(page, "9");
  assert.equal(await page.isVisible('[data-testid="link-error"]'), false);
  await page.close();
});

test("?timeLimit= is clamped to 100 ms – 30 s and invalid values are ignored", async () => {
  const page = await newPage(browser);
  for (const [query, want] of [["5", 100], ["-1", 100], ["250", 250], ["1e9", 30000], ["abc", 3000], ["", 3000], ["Infinity", 3000]]) {
    await page.goto(`${base}?timeLimit=${query}`);
    await page.waitForFunction(() => window.hclPlayground !== undefined);
    assert.equal(await page.evaluate(() => window.hclPlayground.timeLimitMs), want, `timeLimit=${query}`);
  }
  await page.close();
});

test("a strict Content Security Policy is in force and nothing the page does violates it", async () => {
  const { page, errors } = await openPage();
  const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");
  const directives = Object.fromEntries(policy.split(";").map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
  assert.deepEqual(directives["default-src"], ["'none'"]);
  assert.deepEqual(directives["script-src"], ["'self'", "'wasm-unsafe-eval'"]);
  assert.deepEqual(directives["style-src"], ["'self'"]);
  assert.deepEqual(directives["worker-src"], ["'self'"]);
  assert.ok(!policy.includes("unsafe-inline") && !policy.includes("'unsafe-eval'"), policy);
  // Everything that styles or loads: autocomplete, a lint tooltip, the
  // compare view, the full build, sharing.
  await setEditor(page, "editor", "");
  await page.keyboard.type("uppe");
  await page.keyboard.press("Control+Space");
  await page.waitForSelector(".cm-tooltip-autocomplete");
  await page.keyboard.press("Escape");
  await setEditor(page, "editor", "nope + 1");
  await page.waitForSelector(".cm-lintRange-error");
  await page.hover(".cm-lintRange-error");
  await page.waitForSelector(".cm-tooltip-lint");
  await page.click('[data-testid="compare-toggle"]');
  await setEditor(page, "editor", 'regex("[a-z]+", "csp")');
  await idle(page);
  await page.waitForFunction(() => document.querySelector('[data-testid="compare-note"]').dataset.agree === "true");
  await page.click('[data-testid="share"]');
  await page.waitForFunction(() => location.hash.startsWith("#v1."));
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(errors, []);
  // And the policy is enforced: an inline style is refused.
  await page.evaluate(() => document.head.append(Object.assign(document.createElement("style"), { textContent: "body { color: red }" })));
  await page.waitForFunction(() => window.__violations.length > 0);
  assert.match((await page.evaluate(() => window.__violations))[0], /^style-src/);
  await page.close();
});

test("at 390 px the toolbar fits and nothing scrolls sideways; screenshots light, dark and phone", async () => {
  for (const [name, viewport, colorScheme] of [
    ["phone", { width: 390, height: 844 }, "light"],
    ["dark", { width: 1280, height: 900 }, "dark"],
  ]) {
    const { page } = await openPage(base, viewport, { colorScheme });
    await setEditor(page, "variables", '{"x": null, "ami": {"__unknown__": "string", "notnull": true, "prefix": "ami-"}}');
    await setEditor(page, "editor", "{ok = x != null && x.enabled, ami = ami}");
    await output(page, '{\n  "ami" = (known after apply)\n  "ok" = false\n}');
    await page.click('[data-testid="compare-toggle"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="compare-note"]').dataset.agree !== undefined);
    const { scrollWidth, controls } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      controls: [...document.querySelectorAll(".toolbar select, .toolbar button, .toolbar input")].map((e) => e.getBoundingClientRect().right),
    }));
    assert.ok(scrollWidth <= viewport.width, `${name}: the page is ${scrollWidth} px wide`);
    assert.ok(Math.max(...controls) <= viewport.width, `${name}: a toolbar control ends at ${Math.max(...controls)} px`);
    await page.screenshot({ path: join(outDir, `playground-${name}.png`), fullPage: true });
    await page.close();
  }
});
