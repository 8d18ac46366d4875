// www/src/schema-view.js without a browser: where a position is in a
// configuration, and what completion offers there from the provider data
// in www/providers (read from the disk in place of fetch).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { EditorState } from "@codemirror/state";
import { blockPath, providerOf, typeText, createSchemas, schemaCompletions } from "../../www/src/schema-view.js";

const root = new URL("../../www/providers/", import.meta.url);
const fetched = [];
const fromDisk = async (url) => {
  fetched.push(url.pathname.slice(root.pathname.length));
  try {
    return JSON.parse(await readFile(url, "utf8"));
  } catch {
    return null;
  }
};

/** What completion offers with the cursor at `|` in `text`. */
async function complete(text, explicit = false) {
  const pos = text.indexOf("|");
  const doc = text.replace("|", "");
  const source = schemaCompletions(createSchemas(root, fromDisk));
  return source({ state: EditorState.create({ doc }), pos, explicit });
}

test("the blocks around a position, strings, comments and heredocs skipped", () => {
  const text = [
    'resource "aws_security_group" "web" {',
    '  name = "a { b"  # not { a block',
    "  ingress {",
    "    description = <<EOT",
    "    { not a block either",
    "    EOT",
    '    cidr_blocks = ["${var.x}"]',
    "    ",
  ].join("\n");
  assert.deepEqual(blockPath(text, text.length), [{ kind: "resource", type: "aws_security_group" }, { block: "ingress" }]);
  const dynamic = 'resource "x_y" "z" {\n  dynamic "rule" {\n    for_each = {}\n    content {\n      ';
  assert.deepEqual(blockPath(dynamic, dynamic.length).at(-1), { block: "rule" });
  const object = 'resource "x_y" "z" {\n  tags = {\n    ';
  assert.deepEqual(blockPath(object, object.length).at(-1), { expr: true });
  assert.deepEqual(blockPath('locals {\n  a = 1\n}\n', 20), []);
});

test("a type's provider is its required_providers source, or hashicorp's", () => {
  assert.equal(providerOf("aws_vpc", ""), "hashicorp/aws");
  assert.equal(providerOf("google_compute_network", 'terraform {\n  required_providers {\n    google = {\n      source = "registry.terraform.io/hashicorp/google"\n    }\n  }\n}\n'), "hashicorp/google");
  assert.equal(providerOf("acme_widget", 'acme = { source = "example/acme" }'), "example/acme");
});

test("schema types as HCL writes them", () => {
  assert.equal(typeText("string"), "string");
  assert.equal(typeText(["map", "string"]), "map(string)");
  assert.equal(typeText(["set", ["object", { a: "number", b: ["list", "bool"] }]]), "set(object({a: number, b: list(bool)}))");
  assert.equal(typeText({ n: "list", a: { x: ["string", "o"] } }), "list(object({x: string}))");
  assert.equal(typeText("dynamic"), "any");
});

test("resource types complete after resource \"", async () => {
  const r = await complete('resource "aws_vp|');
  assert.equal(r.from, 'resource "'.length);
  const vpc = r.options.find((o) => o.label === "aws_vpc");
  assert.equal(vpc.detail, "hashicorp/aws 6.47.0");
  assert.ok(r.options.some((o) => o.label === "random_pet"));
  const data = await complete('data "aws_ca|');
  assert.ok(data.options.some((o) => o.label === "aws_caller_identity"));
  assert.ok(!data.options.some((o) => o.label === "aws_vpc_security_group_ingress_rule"));
  // Older major versions kept beside the current one are not offered twice.
  const rg = (await complete('resource "azurerm_resource_gr|')).options.filter((o) => o.label === "azurerm_resource_group");
  assert.deepEqual(rg.map((o) => o.detail), ["hashicorp/azurerm 5.2.0"]);
});

test("a resource's arguments and blocks complete inside it, with type and whether required", async () => {
  fetched.length = 0;
  const r = await complete('resource "aws_subnet" "s" {\n  vpc|\n}\n');
  const vpc = r.options.find((o) => o.label === "vpc_id");
  assert.equal(vpc.detail, "string · required");
  assert.equal(vpc.apply, "vpc_id = ");
  assert.ok(!r.options.some((o) => o.label === "arn"), "computed-only attributes are not offered");
  assert.ok(r.options.some((o) => o.label === "timeouts" && o.detail === "block · single"));
  // Only the files of the type asked about (and the listings) are read.
  assert.ok(fetched.every((p) => /^(index\.json|hashicorp\/aws\/(provider\.json|resource\/aws_subnet\.json|doc\/resource\/aws_subnet\.json))$/.test(p)), fetched.join(" "));
  const nested = await complete('resource "aws_instance" "i" {\n  root_block_device {\n    vol|\n  }\n}\n');
  assert.ok(nested.options.some((o) => o.label === "volume_size" && o.detail === "number · optional, computed"));
  const random = await complete('resource "random_pet" "p" {\n  |\n}\n', true);
  const separator = random.options.find((o) => o.label === "separator");
  assert.equal(separator.info, "The character to separate words in the pet name. Defaults to \"-\"");
});

test("nothing is offered in expressions, outside resources, or for unknown types", async () => {
  assert.equal(await complete('resource "aws_vpc" "v" {\n  tags = {\n    Na|\n  }\n}\n'), null);
  assert.equal(await complete('locals {\n  a|\n}\n'), null);
  assert.equal(await complete('resource "example_widget" "w" {\n  si|\n}\n'), null);
  assert.equal(await complete('resource "aws_vpc" "v" {\n  cidr_block = cid|\n}\n'), null);
});
