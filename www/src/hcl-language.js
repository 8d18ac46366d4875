// HCL syntax highlighting for CodeMirror 6: a stream parser that follows
// quoted strings, heredocs, `${ }` interpolations and `%{ }` directives
// (nested to any depth) and comments, and knows the template-file mode and
// configuration bodies (`.tf` files: blocks with their type and labels,
// arguments, one-line blocks, and the expression of each argument, which
// ends at the end of its line unless a bracket is still open).
import { StreamLanguage } from "@codemirror/language";

const KEYWORDS = new Set(["for", "in", "if", "else", "endif", "endfor"]);
const ATOMS = new Set(["true", "false", "null"]);

function top(state) {
  return state.stack[state.stack.length - 1];
}

// Literal text of a string, heredoc or template: stops before an escape,
// an opener or the end of the string.
function templateText(stream, state, frame) {
  if (stream.match("$${") || stream.match("%%{")) return "string";
  if (stream.match("${") || stream.match("%{")) {
    state.stack.push({ kind: "interp", depth: 0, directive: stream.current() === "%{" });
    stream.eat("~");
    return "meta";
  }
  if (frame.kind === "string") {
    if (stream.eat("\\")) {
      stream.next();
      return "escape";
    }
    if (stream.eat('"')) {
      state.stack.pop();
      return "string";
    }
  }
  while (!stream.eol()) {
    const next = stream.peek();
    if (next === "$" || next === "%") {
      if (stream.match(/^[$%]\{/, false) || stream.match(/^(\$\$|%%)\{/, false)) break;
    }
    if (frame.kind === "string" && (next === '"' || next === "\\")) break;
    stream.next();
  }
  if (stream.current() === "") stream.next();
  return "string";
}

function code(stream, state, frame) {
  if (stream.eatSpace()) return null;
  if (stream.match("#") || stream.match("//")) {
    stream.skipToEnd();
    return "comment";
  }
  if (stream.match("/*")) {
    state.stack.push({ kind: "comment" });
    return blockComment(stream, state);
  }
  if (stream.eat('"')) {
    state.stack.push({ kind: "string" });
    return "string";
  }
  const heredoc = stream.match(/^<<(-?)([\p{L}_][\p{L}\p{N}_-]*)\s*$/u);
  if (heredoc) {
    state.stack.push({ kind: "heredoc", marker: heredoc[2] });
    return "string";
  }
  if (stream.match(/^\d+(\.\d+)?([eE][+-]?\d+)?/)) return "number";
  const word = stream.match(/^[\p{L}_][\p{L}\p{N}_-]*/u);
  if (word) {
    const w = word[0];
    if (frame.kind === "interp" && frame.directive && KEYWORDS.has(w)) return "keyword";
    if (KEYWORDS.has(w) && frame.kind !== "interp") return "keyword";
    if (KEYWORDS.has(w)) return "keyword";
    if (ATOMS.has(w)) return "atom";
    if (stream.match(/^\s*\(/, false)) return "variableName.function";
    if (state.afterDot) return "propertyName";
    return "variableName";
  }
  if (frame.kind === "interp") {
    if (stream.match("~}") || (frame.depth === 0 && stream.eat("}"))) {
      state.stack.pop();
      return "meta";
    }
    if (stream.eat("{")) {
      frame.depth++;
      return "bracket";
    }
    if (stream.eat("}")) {
      frame.depth--;
      return "bracket";
    }
  }
  if (frame.kind === "expr") {
    // An argument's expression: a closing brace with no bracket open ends
    // it and the block around it (a one-line block, `a { b = 1 }`).
    if (frame.depth === 0 && stream.eat("}")) {
      state.stack.pop();
      if (top(state)?.kind === "body") state.stack.pop();
      return "bracket";
    }
    if (stream.match(/^[([{]/)) {
      frame.depth++;
      return "bracket";
    }
    if (stream.match(/^[)\]}]/)) {
      frame.depth = Math.max(0, frame.depth - 1);
      return "bracket";
    }
  }
  if (stream.match(/^(=>|\.\.\.|==|!=|<=|>=|&&|\|\||[-+*\/%<>!?:=])/)) return "operator";
  if (stream.match(/^[()[\]{}]/)) return "bracket";
  stream.next();
  return null;
}

// A configuration body: arguments (`name = expression`) and blocks (`type
// "label" label {`). `frame.at` says where in a statement the stream is:
// "start" (a name comes next), "labels" (after a block type, until `{`).
function body(stream, state, frame) {
  if (stream.sol()) frame.at = "start";
  if (stream.eatSpace()) return null;
  if (stream.match("#") || stream.match("//")) {
    stream.skipToEnd();
    return "comment";
  }
  if (stream.match("/*")) {
    state.stack.push({ kind: "comment" });
    return blockComment(stream, state);
  }
  if (frame.at === "labels") {
    if (stream.match(/^"(?:[^"\\\n]|\\.)*"?/)) return "labelName";
    if (stream.match(/^[\p{L}_][\p{L}\p{N}_-]*/u)) return "labelName";
  }
  if (stream.eat("{")) {
    frame.at = "start";
    state.stack.push({ kind: "body", at: "start" });
    return "bracket";
  }
  if (stream.eat("}")) {
    if (state.stack.length > 1) state.stack.pop();
    return "bracket";
  }
  const name = stream.match(/^[\p{L}_][\p{L}\p{N}_-]*/u);
  if (name) {
    if (stream.match(/^\s*=(?!=)/, false)) {
      frame.at = "value";
      return "propertyName.definition";
    }
    frame.at = "labels";
    return "keyword";
  }
  if (stream.eat("=")) {
    state.stack.push({ kind: "expr", depth: 0 });
    return "operator";
  }
  stream.next();
  return "invalid";
}

function blockComment(stream, state) {
  if (stream.skipTo("*/")) {
    stream.match("*/");
    state.stack.pop();
  } else {
    stream.skipToEnd();
  }
  return "comment";
}

const START = { expression: () => [{ kind: "code" }], template: () => [{ kind: "template" }], body: () => [{ kind: "body", at: "start" }] };

function makeParser(mode) {
  return {
    name: "hcl",
    startState: () => ({ stack: START[mode](), afterDot: false }),
    copyState: (s) => ({ stack: s.stack.map((f) => ({ ...f })), afterDot: s.afterDot }),
    token(stream, state) {
      // An argument's expression ends with its line unless a bracket is open.
      if (stream.sol() && top(state)?.kind === "expr" && top(state).depth === 0) state.stack.pop();
      const frame = top(state) || { kind: "code" };
      let style;
      if (frame.kind === "comment") style = blockComment(stream, state);
      else if (frame.kind === "heredoc") {
        if (stream.sol() && stream.match(new RegExp(`^\\s*${frame.marker.replace(/[-]/g, "\\-")}\\s*$`))) {
          state.stack.pop();
          style = "string";
        } else style = templateText(stream, state, frame);
      } else if (frame.kind === "string" || frame.kind === "template") style = templateText(stream, state, frame);
      else if (frame.kind === "body") style = body(stream, state, frame);
      else style = code(stream, state, frame);
      const text = stream.current();
      if (text.trim() !== "") state.afterDot = text === ".";
      return style;
    },
    languageData: { commentTokens: { line: "#", block: { open: "/*", close: "*/" } }, closeBrackets: { brackets: ["(", "[", "{", '"'] } },
  };
}

/** The HCL expression language. */
export const hcl = StreamLanguage.define(makeParser("expression"));
/** HCL in template-file mode (text with `${ }` and `%{ }`). */
export const hclTemplate = StreamLanguage.define(makeParser("template"));
/** A configuration file (`.tf`): blocks, labels, arguments, comments. */
export const hclBody = StreamLanguage.define(makeParser("body"));

// JSON highlighting for the variables pane: a stream tokenizer is all it
// needs (its errors come from the evaluator, with positions), and it keeps
// a second parser runtime out of the page.
export const json = () =>
  StreamLanguage.define({
    name: "json",
    token(stream) {
      if (stream.eatSpace()) return null;
      if (stream.match(/^"(?:[^"\\]|\\.)*"?(?=\s*:)/)) return "propertyName";
      if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) return "string";
      if (stream.match(/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/)) return "number";
      if (stream.match(/^(?:true|false|null)\b/)) return "atom";
      stream.next();
      return "punctuation";
    },
  });
