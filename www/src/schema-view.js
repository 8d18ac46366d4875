// Provider schemas in the module editor: completion of resource types and,
// inside a resource's blocks, of its arguments and nested blocks, and a
// hover that tells an argument's or a block's type, whether it is
// required, and the provider's description. The schemas are the files
// Module mode's evaluation plans with (www/providers, the compact form of
// tools/providers/compact.py), fetched when first needed and kept. All text
// goes to the DOM through textContent.
import { EditorView, hoverTooltip } from "@codemirror/view";
import { CODE_FONT } from "./fonts.js";
import { el } from "./dom.js";

const KINDS = { resource: "resource", data: "data", ephemeral: "ephemeral" };
const FLAG_WORDS = { r: "required", o: "optional", c: "computed", s: "sensitive", w: "write-only", d: "deprecated" };

/**
 * Where `pos` is in a configuration's text: the blocks around it, outermost
 * first (`{kind: "resource", type}`, `{block: name}`, `{dynamic: name}`,
 * `{expr: true}` for an object or map written in an expression), skipping
 * strings, comments and heredocs.
 */
export function blockPath(text, pos) {
  const stack = [];
  let lineStart = 0;
  let i = 0;
  const end = Math.min(pos, text.length);
  while (i < end) {
    const c = text[i];
    if (c === "\n") {
      lineStart = i + 1;
      i++;
    } else if (c === "#" || (c === "/" && text[i + 1] === "/")) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? end : nl;
    } else if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? end : close + 2;
    } else if (c === '"') {
      i = skipString(text, i + 1, end);
    } else if (c === "<" && text[i + 1] === "<") {
      const m = /^<<-?([A-Za-z_][\w-]*)[ \t]*\n/.exec(text.slice(i, i + 80));
      if (!m) {
        i += 2;
        continue;
      }
      const close = new RegExp(`\\n[ \\t]*${m[1]}[ \\t]*(?=\\n|$)`).exec(text.slice(i + m[0].length - 1));
      i = close ? i + m[0].length - 1 + close.index + close[0].length : end;
    } else if (c === "{") {
      stack.push(frameOf(text.slice(lineStart, i), stack.at(-1)));
      i++;
    } else if (c === "}") {
      stack.pop();
      i++;
    } else {
      i++;
    }
  }
  return stack;
}

// Past a string's closing quote (or `end`), template interpolations and
// their own strings included.
function skipString(text, i, end) {
  let depth = 0;
  while (i < end) {
    const c = text[i];
    if (c === "\\") i += 2;
    else if (c === "\n" && depth === 0) return i;
    else if (c === '"' && depth === 0) return i + 1;
    else if (c === '"') i = skipString(text, i + 1, end);
    else if ((c === "$" || c === "%") && text[i + 1] === "{") {
      depth++;
      i += 2;
    } else if (c === "}" && depth > 0) {
      depth--;
      i++;
    } else i++;
  }
  return i;
}

function frameOf(header, outer) {
  if (/[=(,[:?]\s*$/.test(header) || (outer && outer.expr)) return { expr: true };
  const top = /^\s*(resource|data|ephemeral)\s+"([^"]+)"/.exec(header);
  if (top && !outer) return { kind: KINDS[top[1]], type: top[2] };
  const dynamic = /^\s*dynamic\s+"([^"]+)"\s*$/.exec(header);
  if (dynamic) return { dynamic: dynamic[1] };
  if (/^\s*content\s*$/.test(header) && outer?.dynamic) return { block: outer.dynamic };
  const block = /^\s*([\p{L}_][\p{L}\p{N}_-]*)(\s+"[^"]*")*\s*$/u.exec(header);
  return block ? { block: block[1] } : { expr: true };
}

/** A resource type's provider source (`hashicorp/aws`), as Terraform picks it. */
export function providerOf(type, text) {
  const local = type.split("_")[0];
  const re = new RegExp(`(?:^|[\\s{])${local}\\s*=\\s*\\{[^}]*?source\\s*=\\s*"([^"]+)"`, "m");
  const source = re.exec(text)?.[1]?.toLowerCase() ?? `hashicorp/${local}`;
  const parts = source.split("/");
  return parts.slice(-2).join("/");
}

/** A schema's JSON type as HCL writes it. */
export function typeText(t) {
  if (typeof t === "string") return t === "dynamic" ? "any" : t;
  if (Array.isArray(t)) {
    const [kind, inner] = t;
    if (kind === "object") return `object({${Object.entries(inner).map(([k, v]) => `${k}: ${typeText(v)}`).join(", ")}})`;
    if (kind === "tuple") return `tuple([${inner.map(typeText).join(", ")}])`;
    return `${kind}(${typeText(inner)})`;
  }
  if (t && t.n) {
    const object = `object({${Object.entries(t.a ?? {}).map(([k, v]) => `${k}: ${typeText(v[0])}`).join(", ")}})`;
    return t.n === "single" || t.n === "group" ? object : `${t.n}(${object})`;
  }
  return "any";
}

/** The schema data for the editor, fetched from `base` (`…/providers/`). */
export function createSchemas(base, fetchJson = defaultFetch) {
  const cache = new Map();
  const get = (path) => {
    if (!cache.has(path)) cache.set(path, fetchJson(new URL(path, base)));
    return cache.get(path);
  };
  return {
    /** Every type of `kind` of every provider the data has (current versions): [{name, provider}]. */
    async types(kind) {
      const index = await get("index.json");
      const out = [];
      // `NS/TYPE@MAJOR` keys are older versions kept beside the current.
      for (const provider of Object.keys(index?.providers ?? {}).filter((p) => !p.includes("@"))) {
        const listing = await get(`${provider}/provider.json`);
        for (const name of listing?.[kind] ?? []) out.push({ name, provider, version: listing.version });
      }
      return out;
    },
    /** The version of a provider's data, or undefined. */
    async version(provider) {
      return (await get(`${provider}/provider.json`))?.version;
    },
    /** A type's schema file ({block, defaults, …}) or null. */
    async type(provider, kind, name) {
      const listing = await get(`${provider}/provider.json`);
      if (!listing?.[kind]?.includes(name)) return null;
      return get(`${provider}/${kind}/${name}.json`);
    },
    /** A type's descriptions ({"": the type's, "attr": …, "block.attr": …}) or {}. */
    async docs(provider, kind, name) {
      return (await get(`${provider}/doc/${kind}/${name}.json`)) ?? {};
    },
  };
}

async function defaultFetch(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

// The block schema and description prefix the path's blocks lead to.
function walk(block, names) {
  let prefix = "";
  for (const name of names) {
    const nested = block?.b?.[name];
    if (!nested) return null;
    block = nested[1];
    prefix += `${name}.`;
  }
  return { block, prefix };
}

// The resource frame and the nested block names inside it, or null where
// the position is not directly in a resource's (nested) block body.
function schemaPlace(frames) {
  const top = frames[0];
  if (!top?.kind) return null;
  const names = [];
  for (const f of frames.slice(1)) {
    if (f.expr) return null;
    if (f.dynamic) continue;
    names.push(f.block);
  }
  // Directly inside `dynamic "x" {}` (not its content) are its own arguments.
  if (frames.at(-1)?.dynamic) return null;
  return { kind: top.kind, type: top.type, names };
}

function flagsText(flags) {
  return [...flags].map((f) => FLAG_WORDS[f]).filter(Boolean).join(", ");
}

/**
 * A completion source for the module editor: resource types after
 * `resource "`, arguments and blocks inside a resource's blocks. Resolves
 * to null where the schemas have nothing to offer.
 */
export function schemaCompletions(schemas) {
  return async (context) => {
    const line = context.state.doc.lineAt(context.pos);
    const before = line.text.slice(0, context.pos - line.from);
    const header = /^\s*(resource|data|ephemeral)\s+"([\w-]*)$/.exec(before);
    if (header) {
      const kind = KINDS[header[1]];
      const types = await schemas.types(kind);
      if (!types.length) return null;
      return {
        from: context.pos - header[2].length,
        options: types.map((t) => ({ label: t.name, type: "class", detail: `${t.provider} ${t.version}` })),
        validFor: /^[\w-]*$/,
      };
    }
    const word = /^\s*([\w-]*)$/.exec(before);
    if (!word || (!word[1] && !context.explicit)) return null;
    // The whole text only where a name at a line's start is being typed.
    const text = context.state.doc.toString();
    const place = schemaPlace(blockPath(text, line.from));
    if (!place) return null;
    const provider = providerOf(place.type, text);
    const file = await schemas.type(provider, place.kind, place.type);
    const found = file && walk(file.block, place.names);
    if (!found) return null;
    const docs = await schemas.docs(provider, place.kind, place.type);
    const options = [];
    for (const [name, [type, flags]] of Object.entries(found.block.a ?? {})) {
      // What only the provider sets cannot be written.
      if (!flags.includes("r") && !flags.includes("o")) continue;
      options.push({
        label: name,
        type: "property",
        detail: `${typeText(type)} · ${flagsText(flags)}`,
        info: docs[found.prefix + name] || undefined,
        apply: `${name} = `,
        boost: flags.includes("r") ? 1 : 0,
      });
    }
    for (const [name, [nesting, , min]] of Object.entries(found.block.b ?? {})) {
      options.push({ label: name, type: "type", detail: `block · ${nesting}${min ? " · required" : ""}`, info: docs[found.prefix + name] || undefined });
    }
    return { from: context.pos - word[1].length, options, validFor: /^[\w-]*$/ };
  };
}

/** The hover's content for an argument or block (or a resource type). */
export function renderSchemaHover({ name, type, flags, description, source }) {
  const box = el("div", "cm-schema");
  box.dataset.testid = "schema-hover";
  const head = el("div", "schema-head");
  head.append(el("code", "schema-name", name), el("span", "schema-type", type));
  box.append(head);
  if (flags) box.append(el("div", "schema-flags", flags));
  if (description) box.append(el("p", "schema-description", description));
  if (source) box.append(el("div", "schema-source", source));
  return box;
}

const schemaTheme = EditorView.theme({
  ".cm-tooltip .cm-schema": { padding: "0.35rem 0.55rem", maxWidth: "min(36rem, 90vw)", maxHeight: "50vh", overflow: "auto", fontSize: "0.85rem" },
  ".cm-schema .schema-head": { display: "flex", gap: "0.6rem", flexWrap: "wrap", fontFamily: CODE_FONT },
  ".cm-schema .schema-name": { fontWeight: "600", background: "none", padding: "0" },
  ".cm-schema .schema-type, .cm-schema .schema-flags, .cm-schema .schema-source": { color: "var(--muted)" },
  ".cm-schema .schema-description": { margin: "0.25rem 0 0", whiteSpace: "pre-wrap" },
});

/** Hover on an argument's or a block's name, or a resource type, in Module mode. */
export function schemaHover(schemas, enabled) {
  return [schemaTheme, hoverTooltipFor(schemas, enabled)];
}

function hoverTooltipFor(schemas, enabled) {
  return hoverTooltip(async (view, pos) => {
    if (!enabled()) return null;
    const state = view.state;
    const line = state.doc.lineAt(pos);
    const column = pos - line.from;
    const at = (m, group) => {
      if (!m) return false;
      const start = m.index + m[0].indexOf(m[group]);
      return column >= start && column <= start + m[group].length ? { from: line.from + start, to: line.from + start + m[group].length } : false;
    };
    const header = /^\s*(resource|data|ephemeral)\s+"([^"]+)"/.exec(line.text);
    const headerAt = at(header, 2);
    const argument = /^\s*([\p{L}_][\p{L}\p{N}_-]*)\s*=(?!=)/u.exec(line.text);
    const block = /^\s*(?:dynamic\s+")?([\p{L}_][\p{L}\p{N}_-]*)"?\s*(?:"[^"]*"\s*)*\{/u.exec(line.text);
    const range = at(argument, 1) || at(block, 1);
    // The whole text only over a name the schemas may tell of.
    if (!headerAt && !range) return null;
    const text = state.doc.toString();
    if (headerAt && blockPath(text, line.from).length === 0) {
      const kind = KINDS[header[1]];
      const provider = providerOf(header[2], text);
      const file = await schemas.type(provider, kind, header[2]);
      if (!file) return null;
      const docs = await schemas.docs(provider, kind, header[2]);
      const version = await schemas.version(provider);
      const info = { name: header[2], type: kind === "data" ? "data source" : kind, description: docs[""], source: `${provider} ${version ?? ""}`.trim() };
      return { pos: headerAt.from, end: headerAt.to, above: true, create: () => ({ dom: renderSchemaHover(info) }) };
    }
    if (!range) return null;
    const place = schemaPlace(blockPath(text, line.from));
    if (!place) return null;
    const name = state.doc.sliceString(range.from, range.to);
    const provider = providerOf(place.type, text);
    const file = await schemas.type(provider, place.kind, place.type);
    const found = file && walk(file.block, place.names);
    if (!found) return null;
    const docs = await schemas.docs(provider, place.kind, place.type);
    let info = null;
    if (argument && found.block.a?.[name]) {
      const [type, flags] = found.block.a[name];
      info = { name, type: typeText(type), flags: flagsText(flags), description: docs[found.prefix + name] };
    } else if (found.block.b?.[name]) {
      const [nesting, , min, max] = found.block.b[name];
      const bounds = [min ? `at least ${min}` : "", max ? `at most ${max}` : ""].filter(Boolean).join(", ");
      info = { name, type: `block (${nesting})`, flags: bounds, description: docs[found.prefix + name] };
    }
    if (!info) return null;
    return { pos: range.from, end: range.to, above: true, create: () => ({ dom: renderSchemaHover(info) }) };
  }, { hoverTime: 350 });
}
