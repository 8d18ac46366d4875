// www/src/workspace.js: the Module mode's files (main.tf first, the others
// in order), and what a drop brings in: a folder's files from inside it,
// hidden directories left out, and a .zip's stored or deflated entries.
import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { Workspace, droppedFiles, unzip } from "../../www/src/workspace.js";

test("main.tf stays first, the other files in order, through add, rename and delete", () => {
  const ws = new Workspace();
  ws.reset("main", { "variables.tf": "v", "modules/a/main.tf": "a" }, "variables.tf");
  assert.deepEqual(ws.paths(), ["main.tf", "modules/a/main.tf", "variables.tf"]);
  ws.put("b.auto.tfvars", "b");
  ws.rename("variables.tf", "0.tf");
  assert.deepEqual(ws.paths(), ["main.tf", "0.tf", "b.auto.tfvars", "modules/a/main.tf"]);
  assert.equal(ws.active, "0.tf");
  ws.remove("0.tf");
  ws.remove("main.tf");
  assert.equal(ws.active, "main.tf");
  assert.deepEqual(ws.others(), { "b.auto.tfvars": "b", "modules/a/main.tf": "a" });
  assert.match(ws.problem("../x.tf"), /relative path/);
  assert.match(ws.problem("b.auto.tfvars"), /already a file/);
});

// A dropped folder as the browser's entries give it.
const file = (name, text) => ({ isFile: true, name, file: (ok) => ok(new File([text], name)) });
const dir = (name, children) => {
  let read = false;
  return { isFile: false, name, createReader: () => ({ readEntries: (ok) => ok(read ? [] : ((read = true), children)) }) };
};

test("a dropped folder gives its files from inside it, hidden directories left out, binaries as bytes", async () => {
  const folder = dir("net", [file("main.tf", "a"), dir("modules", [file("x.tf", "x")]), dir(".terraform", [file("junk.tf", "j")]), file("logo.png", new Uint8Array([0xff, 0xfe, 0x00]))]);
  const got = await droppedFiles({ items: [{ webkitGetAsEntry: () => folder }] });
  assert.deepEqual(got, { "main.tf": "a", "modules/x.tf": "x", "logo.png": new Uint8Array([0xff, 0xfe, 0x00]) });
});

test("binary files are kept as Base64 beside the text files, shown after them with their size", () => {
  const ws = new Workspace();
  ws.reset("main", { "files/a.txt": "a" }, "files/a.txt", { "files/z.bin": "AAE=" });
  ws.putBinary("files/logo.png", new Uint8Array([0xff, 0xfe, 0xfd]));
  assert.deepEqual(ws.paths(), ["main.tf", "files/a.txt", "files/logo.png", "files/z.bin"]);
  assert.deepEqual(ws.binaries(), { "files/logo.png": "//79", "files/z.bin": "AAE=" });
  assert.equal(ws.binarySize("files/logo.png"), 3);
  assert.equal(ws.binarySize("files/z.bin"), 2);
  assert.ok(ws.isBinary("files/z.bin") && !ws.isBinary("files/a.txt"));
  assert.match(ws.problem("files/z.bin"), /already a file/);
  // A text file of the same path replaces a binary one, and back.
  ws.put("files/z.bin", "now text");
  assert.ok(!ws.isBinary("files/z.bin"));
  ws.putBinary("files/a.txt", new Uint8Array([0]));
  assert.equal(ws.active, "main.tf");
  assert.deepEqual(ws.others(), { "files/z.bin": "now text" });
  ws.rename("files/logo.png", "img/logo.png");
  ws.remove("files/a.txt");
  assert.deepEqual(ws.binaries(), { "img/logo.png": "//79" });
});

// A .zip with one stored and one deflated entry.
function zip(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  const le = (n, bytes) => Array.from({ length: bytes }, (_, i) => (n >>> (8 * i)) & 255);
  for (const [name, text, deflate] of entries) {
    const n = Buffer.from(name);
    const raw = Buffer.from(text);
    const data = deflate ? deflateRawSync(raw) : raw;
    const method = deflate ? 8 : 0;
    const head = Buffer.from([...le(0x04034b50, 4), ...le(20, 2), 0, 0, ...le(method, 2), 0, 0, 0, 0, ...le(0, 4), ...le(data.length, 4), ...le(raw.length, 4), ...le(n.length, 2), 0, 0]);
    parts.push(head, n, data);
    central.push(Buffer.from([...le(0x02014b50, 4), ...le(20, 2), ...le(20, 2), 0, 0, ...le(method, 2), 0, 0, 0, 0, ...le(0, 4), ...le(data.length, 4), ...le(raw.length, 4), ...le(n.length, 2), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...le(offset, 4)]), n);
    offset += head.length + n.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.from([...le(0x06054b50, 4), 0, 0, 0, 0, ...le(entries.length, 2), ...le(entries.length, 2), ...le(dirBytes.length, 4), ...le(offset, 4), 0, 0]);
  return new Uint8Array(Buffer.concat([...parts, dirBytes, end]));
}

test("a .zip gives its stored and deflated files, and a file that is not one is refused", async () => {
  const body = 'variable "x" {}\n'.repeat(50);
  const got = await unzip(zip([["main.tf", "a", false], ["modules/n/main.tf", body, true], [".git/config", "x", false]]));
  assert.deepEqual(got, { "main.tf": "a", "modules/n/main.tf": body });
  await assert.rejects(unzip(new Uint8Array([1, 2, 3])), /not a .zip archive/);
});
