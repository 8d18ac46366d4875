// www/authoring.js, the marker syntax widgets and hcl-eval --check-docs
// share: a table of texts and what they split into, and of ^? positions
// and the sub-expressions they pick.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseAuthoring, subExpression, setupAttributes } from "../../www/authoring.js";

const SPLITS = [
  ["1 + 1", { setup: "", text: "1 + 1", readonly: [], queries: [] }],
  ["a = 1\n# ---cut---\na * 2", { setup: "a = 1", text: "a * 2", readonly: [], queries: [] }],
  ["x = 1\n  // ---cut---  \nx", { setup: "x = 1", text: "x", readonly: [], queries: [] }],
  ["# ---readonly---\na\nb\n# ---end---\nc", { setup: "", text: "a\nb\nc", readonly: [[0, 1]], queries: [] }],
  ["a\n# ---readonly---\nb", { setup: "", text: "a\nb", readonly: [[1, 1]], queries: [] }],
  ["upper(x)\n#     ^?\n", { setup: "", text: "upper(x)\n", readonly: [], queries: [{ line: 0, column: 6 }] }],
  // A query line with nothing above it stays text.
  ["# ^?\n1", { setup: "", text: "# ^?\n1", readonly: [], queries: [] }],
  // Only the first cut counts.
  ["a = 1\n# ---cut---\n# ---cut---\n1", { setup: "a = 1", text: "# ---cut---\n1", readonly: [], queries: [] }],
];

test("marker lines split a widget's text", () => {
  for (const [source, want] of SPLITS) assert.deepEqual(parseAuthoring(source), want, JSON.stringify(source));
});

const PICKS = [
  ["upper(name)", 0, "upper(name)"],
  ["upper(name)", 6, "name"],
  ["local.tags.Name == 1", 0, "local.tags.Name"],
  ["var.list[0].id + 1", 0, "var.list[0].id"],
  ["aws_instance.web[*].id", 0, "aws_instance.web[*].id"],
  ["servers.*.name", 0, "servers.*.name"],
  ['lower(join("-", [env, "web"]))', 6, 'join("-", [env, "web"])'],
  ['"${upper("a")}-b" == x', 0, '"${upper("a")}-b"'],
  ['"a \\" b" ', 0, '"a \\" b"'],
  ["[1, [2, 3]][1]", 0, "[1, [2, 3]][1]"],
  ["{ a = 1 }.a", 0, "{ a = 1 }.a"],
  ["1.5e3 + 2", 0, "1.5e3"],
  ["provider::terraform::encode_tfvars(x)", 0, "provider::terraform::encode_tfvars(x)"],
  ["a + b", 2, null],
  ["f(a", 0, null],
  ["x", 5, null],
];

test("^? picks the sub-expression starting at its column", () => {
  for (const [line, column, want] of PICKS) assert.equal(subExpression(line, column), want, `${line} @${column}`);
});

test("set-up attributes start a line; later lines continue the last one", () => {
  assert.deepEqual(setupAttributes("# a comment\nx = {\n  a = 1\n}\ny = x.a == 1"), [
    { name: "x", expr: " {\n  a = 1\n}" },
    { name: "y", expr: " x.a == 1" },
  ]);
  assert.deepEqual(setupAttributes("not an attribute"), []);
});
