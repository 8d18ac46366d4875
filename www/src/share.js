// Share links: the page's state as JSON, deflate-compressed, base64url in
// the URL hash after a version ("#v1.…"). A link comes from anyone, so
// reading one checks every step and every field, bounds the work (the
// decompressed size is capped while decompressing, not after), and says
// why it refuses a link instead of loading something else silently.

export const SHARE_VERSION = "v1";
export const PROFILES = ["terraform", "opentofu", "hcl-2.14", "waypoint"];
export const MODES = ["expression", "template", "module"];
export const VARIABLES_FORMATS = ["json", "tfvars"];
export const MAX_FIELD_BYTES = 1_000_000;
export const MAX_STATE_BYTES = 2_000_000;
/** How many files a workspace may hold besides main.tf. */
export const MAX_FILES = 200;
// Deflate can grow incompressible data by a little; base64 adds a third.
const MAX_HASH_CHARS = Math.ceil(((MAX_STATE_BYTES * 1.01 + 1024) * 4) / 3);
// Deflate expands at most ~1032:1 and the decompressor turns each input
// chunk into output in one go, so feeding small chunks bounds what can pile
// up before the cap is noticed (about 1 MB per chunk).
const INPUT_CHUNK = 1024;

/** Why a link could not be opened; the message completes "This link could not be opened: …". */
export class LinkError extends Error {}

const FIELDS = {
  e: { what: "the expression", type: "string", expect: "text", required: true },
  v: { what: "the variables", type: "string", expect: "text" },
  t: { what: "the template mode", type: "boolean", expect: "true or false" },
  p: { what: "the engine", type: "string", expect: "text", oneOf: PROFILES },
  // Added with the Module mode; a link without them is an expression or
  // template link as before (`t`), and the page still writes `t`.
  m: { what: "the mode", type: "string", expect: "text", oneOf: MODES },
  f: { what: "the variables format", type: "string", expect: "text", oneOf: VARIABLES_FORMATS },
  c: { what: "the console line", type: "string", expect: "text" },
  // Added with the workspace: the module's other files by path, and the
  // file open in the editor.
  w: { what: "the files", type: "object", expect: "an object of file texts by path" },
  a: { what: "the open file", type: "string", expect: "text" },
  // Added with binary files: those that are not text, Base64 by path.
  b: { what: "the binary files", type: "object", expect: "an object of Base64 texts by path" },
  s: { what: "the console scope", type: "string", expect: "text" },
};

/**
 * Whether `path` can name a file of a workspace: relative, `/`-separated,
 * no `.` or `..` segment, no empty segment, at most 200 characters.
 */
export function validPath(path) {
  if (typeof path !== "string" || path.length === 0 || path.length > 200) return false;
  return path.split("/").every((seg) => seg !== "" && seg !== "." && seg !== ".." && !/[\\\u0000-\u001f]/.test(seg));
}

function validateFiles(w) {
  if (w === null || Array.isArray(w)) throw new LinkError(`the files should be an object of file texts by path, not ${kind(w)}`);
  const entries = Object.entries(w);
  if (entries.length > MAX_FILES) throw new LinkError(`it has more than ${MAX_FILES} files`);
  for (const [path, text] of entries) {
    if (!validPath(path) || path === "main.tf") throw new LinkError(`the file name "${path.slice(0, 40)}" is not a relative path`);
    if (typeof text !== "string") throw new LinkError(`the file "${path.slice(0, 40)}" should be text, not ${kind(text)}`);
  }
}

function validateBinary(b, w) {
  if (b === null || Array.isArray(b)) throw new LinkError(`the binary files should be an object of Base64 texts by path, not ${kind(b)}`);
  const entries = Object.entries(b);
  if (entries.length + Object.keys(w ?? {}).length > MAX_FILES) throw new LinkError(`it has more than ${MAX_FILES} files`);
  for (const [path, data] of entries) {
    if (!validPath(path) || path === "main.tf") throw new LinkError(`the file name "${path.slice(0, 40)}" is not a relative path`);
    if (typeof data !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0) {
      throw new LinkError(`the binary file "${path.slice(0, 40)}" should be Base64 text`);
    }
  }
}

const LINK_ERRORS = {
  corrupt: () => new LinkError("it is corrupt or truncated (its data does not decompress)"),
  tooLarge: (cap) => new LinkError(`it is too large (more than ${cap / 1e6} MB once decompressed)`),
};

function toBase64Url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError("it is corrupt (its data is not base64url text)");
  // No whole number of bytes is encoded in 4n + 1 characters.
  if (text.length % 4 === 1) throw new LinkError("it is truncated (its data stops part-way through a byte)");
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function deflate(bytes) {
  const out = new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw")));
  return new Uint8Array(await out.arrayBuffer());
}

/**
 * Raw-deflate data decompressed, refusing more than `cap` bytes of output
 * as it comes (not after); `errors` say why in the caller's words.
 */
export async function inflate(bytes, cap, errors = LINK_ERRORS) {
  let at = 0;
  const input = new ReadableStream(
    {
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, at + INPUT_CHUNK));
        at += INPUT_CHUNK;
      },
    },
    { highWaterMark: 0 },
  );
  const reader = input.pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    let step;
    try {
      step = await reader.read();
    } catch {
      throw errors.corrupt();
    }
    if (step.done) break;
    size += step.value.length;
    if (size > cap) {
      reader.cancel().catch(() => {});
      throw errors.tooLarge(cap);
    }
    chunks.push(step.value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

function kind(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  return { string: "text", boolean: "true or false", number: "a number", object: "an object" }[typeof value] ?? typeof value;
}

/** Checks each field of a decoded state; returns the state with defaults filled in. */
export function validateState(state) {
  if (state === null || typeof state !== "object" || Array.isArray(state)) {
    throw new LinkError(`its contents are not a playground state (a JSON object), but ${kind(state)}`);
  }
  for (const [key, field] of Object.entries(FIELDS)) {
    const value = state[key];
    if (value === undefined) {
      if (field.required) throw new LinkError(`${field.what} is missing`);
      continue;
    }
    if (typeof value !== field.type) throw new LinkError(`${field.what} should be ${field.expect}, not ${kind(value)}`);
    if (field.oneOf && !field.oneOf.includes(value)) {
      throw new LinkError(`${field.what} "${value.slice(0, 40)}" is not one of ${field.oneOf.join(", ")}`);
    }
    if (field.type === "string" && new TextEncoder().encode(value).length > MAX_FIELD_BYTES) {
      throw new LinkError(`${field.what} is larger than ${MAX_FIELD_BYTES / 1e6} MB`);
    }
  }
  if (state.w !== undefined) validateFiles(state.w);
  if (state.b !== undefined) validateBinary(state.b, state.w);
  const m = state.m ?? (state.t ? "template" : "expression");
  const out = { e: state.e, v: state.v ?? "{}", t: m === "template", p: state.p ?? PROFILES[0], m, f: state.f ?? "json", c: state.c ?? "" };
  if (m !== "module") return out;
  const w = { ...(state.w ?? {}) };
  const a = state.a !== undefined && (state.a === "main.tf" || Object.hasOwn(w, state.a)) ? state.a : "main.tf";
  const b = Object.fromEntries(Object.entries(state.b ?? {}).filter(([p]) => !Object.hasOwn(w, p)));
  return { ...out, w, a, ...(Object.keys(b).length && { b }), ...(state.s && { s: state.s }) };
}

/**
 * The hash (without "#") for a state {e, v, t, p} and, in Module mode, m
 * ("module"), f (the variables format), c (the console line), w (the
 * workspace's other files by path) and a (the file open in the editor).
 */
export async function encodeState(state) {
  return `${SHARE_VERSION}.${toBase64Url(await deflate(new TextEncoder().encode(JSON.stringify(state))))}`;
}

/** The state in a hash, checked field by field, or a LinkError saying why not. */
export async function decodeState(hash) {
  const text = hash.replace(/^#/, "");
  if (text.length > MAX_HASH_CHARS) throw new LinkError(`it is too large (more than ${MAX_STATE_BYTES / 1e6} MB of data)`);
  const match = /^(v\d+)\.(.*)$/s.exec(text);
  if (!match) throw new LinkError(`it is not a playground link (its hash should start with "#${SHARE_VERSION}.")`);
  const [, version, data] = match;
  if (version !== SHARE_VERSION) {
    throw new LinkError(`it is in format "${version.slice(0, 12)}", which this version of the playground does not read (it reads "${SHARE_VERSION}")`);
  }
  if (data === "") throw new LinkError("it is truncated (there is no data after the version)");
  const bytes = await inflate(fromBase64Url(data), MAX_STATE_BYTES);
  let json;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError("it is corrupt (its contents are not UTF-8 text)");
  }
  let state;
  try {
    state = JSON.parse(json);
  } catch {
    throw new LinkError("its contents are not JSON");
  }
  return validateState(state);
}
