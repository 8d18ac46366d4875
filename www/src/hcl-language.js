// HCL syntax highlighting for CodeMirror 6: a stream parser that follows
// quoted strings, heredocs, `${ }` interpolations and `%{ }` directives
// (nested to any depth) and comments, and knows the template-file mode.
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
  if (stream.match(/^(=>|\.\.\.|==|!=|<=|>=|&&|\|\||[-+*\/%<>!?:=])/)) return "operator";
  if (stream.match(/^[()[\]{}]/)) return "bracket";
  stream.next();
  return null;
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

function makeParser(templateMode) {
  return {
    name: "hcl",
    startState: () => ({ stack: templateMode ? [{ kind: "template" }] : [{ kind: "code" }], afterDot: false }),
    copyState: (s) => ({ stack: s.stack.map((f) => ({ ...f })), afterDot: s.afterDot }),
    token(stream, state) {
      const frame = top(state) || { kind: "code" };
      let style;
      if (frame.kind === "comment") style = blockComment(stream, state);
      else if (frame.kind === "heredoc") {
        if (stream.sol() && stream.match(new RegExp(`^\\s*${frame.marker.replace(/[-]/g, "\\-")}\\s*$`))) {
          state.stack.pop();
          style = "string";
        } else style = templateText(stream, state, frame);
      } else if (frame.kind === "string" || frame.kind === "template") style = templateText(stream, state, frame);
      else style = code(stream, state, frame);
      const text = stream.current();
      if (text.trim() !== "") state.afterDot = text === ".";
      return style;
    },
    languageData: { commentTokens: { line: "#", block: { open: "/*", close: "*/" } }, closeBrackets: { brackets: ["(", "[", "{", '"'] } },
  };
}

/** The HCL expression language. */
export const hcl = StreamLanguage.define(makeParser(false));
/** HCL in template-file mode (text with `${ }` and `%{ }`). */
export const hclTemplate = StreamLanguage.define(makeParser(true));

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
