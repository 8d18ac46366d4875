// Hints for Terraform habits in the Expression mode: `var.x` over
// variables that have no `var` key (in a module `var.x` names an input
// variable; here each key of the variables JSON is one), and a pasted
// configuration body (`locals { … }`, `name = expr`), which is no
// expression. Each hint is text and the actions that fix it.

const BLOCK = /^\s*(?:locals|variable|output|resource|data|module|provider|terraform|check|moved|import)\b[^\n=]*\{/mu;
const ARGUMENT = /^\s*[\p{L}_][\p{L}\p{N}_-]*\s*=(?![=>])/u;

/** Whether `source` reads as a configuration body rather than an expression. */
export function looksLikeBody(source) {
  return BLOCK.test(source) || ARGUMENT.test(source);
}

/**
 * The text to put in Module mode for a pasted body: blocks as they are,
 * bare arguments (`name = expr`) inside a `locals` block.
 */
export function asModule(source) {
  if (BLOCK.test(source) && !ARGUMENT.test(source)) return source;
  const body = source.replace(/\s+$/, "");
  return `locals {\n${body.replace(/^(?=.)/gmu, "  ")}\n}\n`;
}

function parsedObject(text) {
  try {
    const v = JSON.parse(text || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * The hint for an expression-mode result, or null: {kind, text, actions}
 * where actions are names the page knows ("module", "nest").
 */
export function habitHint(source, variablesText, diagnostics) {
  const errors = diagnostics ?? [];
  if (errors.length > 0 && looksLikeBody(source)) {
    return {
      kind: "body",
      text: "This looks like part of a Terraform configuration (blocks or name = value arguments), not one expression. The Module mode evaluates it as a main.tf.",
      actions: ["module"],
    };
  }
  // An unknown variable whose name (its range, UTF-16 as JS counts) is `var`.
  const noVar = errors.some((d) => d.code === "unknownVariable" && d.range && source.slice(d.range.start, d.range.end) === "var");
  const vars = parsedObject(variablesText);
  if (noVar && vars && !("var" in vars)) {
    const names = [...source.matchAll(/\bvar\.([\p{L}_][\p{L}\p{N}_-]*)/gu)].map((m) => m[1]);
    const known = names.filter((n) => n in vars);
    const example = known[0] ?? names[0] ?? "x";
    return {
      kind: "var",
      text:
        `In a module, var.${example} names an input variable; here each key of the variables JSON is a variable, so write ${example}` +
        (known.length ? "" : ` (after adding "${example}" to the variables)`) +
        `. Or nest the variables under "var", or use the Module mode with a variable block.`,
      actions: Object.keys(vars).length ? ["nest", "module"] : ["module"],
    };
  }
  return null;
}

/** The variables JSON nested under "var" ({"x": 1} becomes {"var": {"x": 1}}). */
export function nestUnderVar(variablesText) {
  const vars = parsedObject(variablesText) ?? {};
  return JSON.stringify({ var: vars }, null, 2);
}

/**
 * A module for an expression written with `var.x`: a `variable` block for
 * each key of the variables JSON (which become their values) and an output
 * with the expression.
 */
export function expressionAsModule(source, variablesText) {
  const names = Object.keys(parsedObject(variablesText) ?? {}).filter((k) => /^[\p{L}_][\p{L}\p{N}_-]*$/u.test(k));
  const blocks = names.map((n) => `variable "${n}" {}\n`).join("");
  const value = source.trim().replace(/\n/g, "\n  ");
  return `${blocks}${blocks ? "\n" : ""}output "result" {\n  value = ${value}\n}\n`;
}
