// www/src/share.js: share links round-trip every field, a workspace's files
// included, and refuse what is not a playground state with a reason.
import { test } from "node:test";
import assert from "node:assert/strict";
import { encodeState, decodeState, validateState, validPath, LinkError } from "../../www/src/share.js";

test("a module link carries the workspace's files and the open file", async () => {
  const state = { e: 'module "n" {\n  source = "./modules/n"\n}\n', v: "{}", t: false, p: "terraform", m: "module", f: "json", c: "", w: { "modules/n/main.tf": "", "terraform.tfvars": "x = 1\n" }, a: "terraform.tfvars", s: "module.n" };
  assert.deepEqual(await decodeState(`#${await encodeState(state)}`), state);
});

test("a module link carries binary files as Base64, and refuses what is not Base64", async () => {
  const state = { e: "", v: "{}", t: false, p: "terraform", m: "module", f: "json", c: "", w: { "a.tf": "" }, a: "main.tf", b: { "files/logo.png": "iVBORw0KGgo=" } };
  assert.deepEqual(await decodeState(`#${await encodeState(state)}`), state);
  const refuse = (b) => assert.throws(() => validateState({ e: "", m: "module", b }), LinkError);
  refuse({ "files/x.bin": "not base64!" });
  refuse({ "files/x.bin": 7 });
  refuse({ "../x.bin": "AA==" });
  refuse(["x"]);
});

test("links written before workspaces still open, with main.tf alone", async () => {
  const old = { e: "locals {}", v: "{}", t: false, p: "opentofu", m: "module", f: "json", c: "" };
  assert.deepEqual(await decodeState(await encodeState(old)), { ...old, w: {}, a: "main.tf" });
  // An expression link carries no files.
  assert.equal(validateState({ e: "1", w: { "a.tf": "" } }).w, undefined);
});

test("file names are relative paths and file texts are text", () => {
  for (const good of ["variables.tf", "modules/net/main.tf", "terraform.tfvars.json"]) assert.ok(validPath(good), good);
  for (const bad of ["", "/etc/passwd", "../x.tf", "a//b.tf", "./a.tf", "a\\b.tf", "x".repeat(201)]) assert.ok(!validPath(bad), bad);
  const refuse = (w) => assert.throws(() => validateState({ e: "", m: "module", w }), LinkError);
  refuse({ "../up.tf": "" });
  refuse({ "main.tf": "twice" });
  refuse({ "a.tf": 1 });
  refuse(["a.tf"]);
  // An open file that is not in the workspace opens main.tf.
  assert.equal(validateState({ e: "", m: "module", w: {}, a: "gone.tf" }).a, "main.tf");
});
