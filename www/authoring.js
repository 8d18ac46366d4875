// What a documentation author writes inside a widget besides the example
// itself, read the same way by embed.js and by `hcl-eval --check-docs`
// (src/bin/hcl-eval/docs.rs), in HCL comment lines so the text stays valid:
//
//   # ---cut---         every line above is hidden set-up
//   # ---readonly---    the lines up to `# ---end---` cannot be edited
//   #      ^?           show the value of the sub-expression starting at the
//                       caret's column in the line above
//
// (`//` works for `#`.) The marker lines are not part of the shown text.

const marker = (line, word) => new RegExp(`^\\s*(#|//)\\s*---${word}---\\s*$`).test(line);
const QUERY = /^\s*(?:#|\/\/)\s*\^\?\s*$/;

/**
 * Splits a widget's text: `setup` (hidden), `text` (shown), `readonly`
 * ([first, last] shown line indexes) and `queries` ({ line, column } in the
 * shown text, column in UTF-16 code units).
 */
export function parseAuthoring(source) {
  let lines = source.split("\n");
  let setup = "";
  const cut = lines.findIndex((l) => marker(l, "cut"));
  if (cut >= 0) {
    setup = lines.slice(0, cut).join("\n");
    lines = lines.slice(cut + 1);
  }
  const shown = [];
  const readonly = [];
  const queries = [];
  let from = null;
  for (const line of lines) {
    if (marker(line, "readonly")) from = shown.length;
    else if (marker(line, "end") && from !== null) {
      if (shown.length > from) readonly.push([from, shown.length - 1]);
      from = null;
    } else if (QUERY.test(line) && shown.length > 0) queries.push({ line: shown.length - 1, column: line.indexOf("^") });
    else shown.push(line);
  }
  if (from !== null && shown.length > from) readonly.push([from, shown.length - 1]);
  return { setup, text: shown.join("\n"), readonly, queries };
}

/**
 * The sub-expression that starts at `column` of `line`: a name with its
 * attribute, index and call suffixes, a bracketed group, a string or a
 * number; null if none starts there.
 */
export function subExpression(line, column) {
  let i = column;
  const c = line[i];
  if (c === undefined) return null;
  if (/[0-9]/.test(c)) {
    const m = /^[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(line.slice(i));
    return m[0];
  }
  if (/[A-Za-z_]/.test(c)) i = name(line, i);
  else if ("([{\"".includes(c)) i = group(line, i);
  else return null;
  // Suffixes: .attr, .*, [index], (call arguments) right after a name.
  for (;;) {
    if (i < 0) return null;
    if (line[i] === "." && /[A-Za-z_*0-9]/.test(line[i + 1] ?? "")) i = line[i + 1] === "*" ? i + 2 : name(line, i + 1);
    else if (line[i] === "[" || (line[i] === "(" && /[\w-]/.test(line[i - 1] ?? ""))) i = group(line, i);
    else if (line[i] === ":" && line[i + 1] === ":") i = name(line, i + 2);
    else return line.slice(column, i);
  }
}

function name(line, i) {
  while (i < line.length && /[\w-]/.test(line[i])) i++;
  return i;
}

// The end of the bracketed group or string starting at `i` (-1 if it does
// not close on this line); strings may hold ${ } with strings inside.
function group(line, i) {
  const closers = [];
  const CLOSE = { "(": ")", "[": "]", "{": "}" };
  for (; i < line.length; i++) {
    const c = line[i];
    const inString = closers.at(-1) === '"';
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') closers.pop();
      else if ((c === "$" || c === "%") && line[i + 1] === "{") {
        closers.push("}");
        i++;
      }
    } else if (c === '"') closers.push('"');
    else if (CLOSE[c]) closers.push(CLOSE[c]);
    else if (c === closers.at(-1)) closers.pop();
    else if (")]}".includes(c)) return -1;
    if (closers.length === 0) return i + 1;
  }
  return -1;
}

/** A set-up text's attributes (`name = expression`, each starting a line). */
export function setupAttributes(setup) {
  const out = [];
  for (const line of setup.split("\n")) {
    const m = /^([A-Za-z_][\w-]*)\s*=(?!=)(.*)$/.exec(line);
    if (m) out.push({ name: m[1], expr: m[2] });
    else if (out.length) out.at(-1).expr += `\n${line}`;
  }
  return out;
}
