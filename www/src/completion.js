// Completion of what an expression may name: the engine's functions, the
// paths into the variables' values (expression mode) or the module's named
// values (Module mode), and HCL's keywords.

/** The named values Terraform provides in a module. */
export const MODULE_NAMES = ["path.module", "path.root", "path.cwd", "terraform.workspace", "count.index", "each.key", "each.value", "self"];

/**
 * Every path into a variables value (`servers[0].name`, `tags["a b"]`),
 * marked values looked into, unknown ones not; at most 500, 4 levels and
 * 20 list elements deep.
 */
export function variablePaths(value, prefix = "", out = [], depth = 0) {
  if (depth > 4 || out.length > 500) return out;
  if (Array.isArray(value)) {
    value.slice(0, 20).forEach((v, i) => {
      const p = `${prefix}[${i}]`;
      out.push(p);
      variablePaths(v, p, out, depth + 1);
    });
  } else if (value && typeof value === "object" && !("__unknown__" in value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && (keys[0] === "__sensitive__" || keys[0] === "__ephemeral__")) {
      return variablePaths(value[keys[0]], prefix, out, depth);
    }
    for (const [k, v] of Object.entries(value)) {
      const p = prefix ? (/^[\p{L}_][\p{L}\p{N}_-]*$/u.test(k) ? `${prefix}.${k}` : `${prefix}["${k}"]`) : k;
      out.push(p);
      variablePaths(v, p, out, depth + 1);
    }
  }
  return out;
}

/** A completion source over `functions()` ({name, signature, description}) and `names()`. */
export function expressionCompletions({ functions, names }) {
  return (context) => {
    // Ctrl+Space with nothing typed offers everything.
    const word = context.matchBefore(/[\p{L}_][\p{L}\p{N}_.\-\[\]"]*$/u) ?? (context.explicit ? { from: context.pos, to: context.pos } : null);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const options = [
      ...functions().map((f) => ({ label: f.name, type: "function", detail: f.signature, info: f.description, apply: `${f.name}(` })),
      ...names().map((p) => ({ label: p, type: "variable" })),
      ...["for", "in", "if", "true", "false", "null"].map((k) => ({ label: k, type: "keyword" })),
    ];
    return { from: word.from, options, validFor: /^[\p{L}\p{N}_.\-\[\]"]*$/u };
  };
}
