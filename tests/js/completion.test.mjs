// www/src/completion.js without a browser: the paths into the variables'
// values that expression completion offers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { variablePaths } from "../../www/src/completion.js";

test("paths into the variables for completion: names, indexes, marked values looked into", () => {
  assert.deepEqual(variablePaths({ env: "prod", servers: [{ name: "a" }], "odd key": { __sensitive__: { x: 1 } }, later: { __unknown__: "string" } }), [
    "env",
    "servers",
    "servers[0]",
    "servers[0].name",
    "odd key",
    "odd key.x",
    "later",
  ]);
  assert.deepEqual(variablePaths({ t: { "a b": 1 } }), ["t", 't["a b"]']);
});
