//! `yamlencode`: go-cty-yaml's `Marshal` through libyaml's emitter.

use super::{CallResult, Ctx};
use crate::value::{Type, Value};

/// go-cty-yaml's `Marshal` through libyaml's emitter: block style, strings
/// double-quoted (a string with a newline as a literal block when it can
/// be), keys sorted, 80-column folding of long quoted strings at spaces.
struct YamlWriter {
    out: String,
    /// Characters on the current line.
    column: usize,
    /// The last thing written was whitespace.
    whitespace: bool,
    /// Only indentation has been written on this line.
    indention: bool,
    /// The document needs an explicit end marker (`...`).
    open_ended: bool,
    indent: i64,
    indents: Vec<i64>,
}

/// The libyaml scalar styles go-cty-yaml ends up with.
#[derive(PartialEq)]
enum ScalarStyle {
    Plain,
    DoubleQuoted,
    Literal,
}

const BEST_WIDTH: usize = 80;
const BEST_INDENT: i64 = 2;

/// What libyaml's `yaml_emitter_analyze_scalar` learns about a string
/// that matters for the styles used here.
struct ScalarFacts {
    multiline: bool,
    block_allowed: bool,
}

fn is_yaml_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// libyaml's `is_printable` (by code point).
fn is_yaml_printable(c: char) -> bool {
    matches!(u32::from(c), 0x0A | 0x20..=0x7E | 0xA0..=0xD7FF | 0xE000..=0xFFFD) && c != '\u{FEFF}'
}

fn analyze_scalar(s: &str) -> ScalarFacts {
    if s.is_empty() {
        return ScalarFacts { multiline: false, block_allowed: false };
    }
    let (mut line_breaks, mut special, mut trailing_space, mut space_break) = (false, false, false, false);
    let mut previous_space = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let last = chars.peek().is_none();
        if !is_yaml_printable(c) {
            special = true;
        }
        if c == ' ' {
            trailing_space |= last;
            previous_space = true;
        } else if is_yaml_break(c) {
            line_breaks = true;
            space_break |= previous_space;
            previous_space = false;
        } else {
            previous_space = false;
        }
    }
    ScalarFacts { multiline: line_breaks, block_allowed: !(trailing_space || space_break || special) }
}

impl YamlWriter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, indicator: &str, need_whitespace: bool, is_whitespace: bool, is_indention: bool) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.put(c);
        }
        self.whitespace = is_whitespace;
        self.indention &= is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn restore_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    /// One node; the flags are libyaml's emitter contexts.
    fn node(&mut self, v: &Value, root: bool, mapping: bool, simple_key: bool) {
        match v.unmarked() {
            Value::Null(_) | Value::Unknown(..) => self.scalar("null", ScalarStyle::Plain, root, simple_key),
            Value::Bool(b) => self.scalar(if *b { "true" } else { "false" }, ScalarStyle::Plain, root, simple_key),
            Value::Number(n) => self.scalar(&n.to_decimal_string(), ScalarStyle::Plain, root, simple_key),
            Value::String(s) => {
                let style = if s.contains('\n') { ScalarStyle::Literal } else { ScalarStyle::DoubleQuoted };
                self.scalar(s, style, root, simple_key)
            }
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                if items.is_empty() {
                    self.empty_flow("[", "]");
                    return;
                }
                // A sequence that is a mapping's key or value, right after
                // its indicator, is not indented.
                let indentless = mapping && !self.indention;
                self.increase_indent(false, indentless);
                for item in items {
                    self.write_indent();
                    self.write_indicator("-", true, false, true);
                    self.node(item, false, false, false);
                }
                self.restore_indent();
            }
            Value::Map(_, entries) | Value::Object(entries) => {
                if entries.is_empty() {
                    self.empty_flow("{", "}");
                    return;
                }
                self.increase_indent(false, false);
                for (k, item) in entries {
                    self.write_indent();
                    let facts = analyze_scalar(k);
                    if !facts.multiline && k.len() <= 128 {
                        self.node(&Value::String(k.clone()), false, true, true);
                        self.write_indicator(":", false, false, false);
                    } else {
                        self.write_indicator("?", true, false, true);
                        self.node(&Value::String(k.clone()), false, true, false);
                        self.write_indent();
                        self.write_indicator(":", true, false, true);
                    }
                    self.node(item, false, true, false);
                }
                self.restore_indent();
            }
            Value::Marked(inner, _) => self.node(inner, root, mapping, simple_key),
        }
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.increase_indent(true, false);
        self.restore_indent();
        self.write_indicator(close, false, false, false);
    }

    fn scalar(&mut self, text: &str, style: ScalarStyle, root: bool, simple_key: bool) {
        let facts = analyze_scalar(text);
        let style = match style {
            ScalarStyle::Literal if !facts.block_allowed || simple_key => ScalarStyle::DoubleQuoted,
            s => s,
        };
        self.increase_indent(true, false);
        match style {
            ScalarStyle::Plain => {
                if !self.whitespace {
                    self.put(' ');
                }
                for c in text.chars() {
                    self.put(c);
                }
                self.whitespace = false;
                self.indention = false;
                if root {
                    self.open_ended = true;
                }
            }
            ScalarStyle::DoubleQuoted => self.double_quoted(text, !simple_key),
            ScalarStyle::Literal => self.literal(text),
        }
        self.restore_indent();
    }

    fn double_quoted(&mut self, s: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let bom = s.starts_with('\u{FEFF}');
        let mut spaces = false;
        let mut chars = s.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if !is_yaml_printable(c) || bom || is_yaml_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    c => {
                        let (mark, width) = match u32::from(c) {
                            0..=0xFF => ('x', 2),
                            0x100..=0xFFFF => ('u', 4),
                            _ => ('U', 8),
                        };
                        self.put(mark);
                        for ch in format!("{:0width$X}", u32::from(c)).chars() {
                            self.put(ch);
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i > 0 && i < s.len() - 1 {
                    self.write_indent();
                    if chars.peek().is_some_and(|&(_, n)| n == ' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn literal(&mut self, s: &str) {
        self.write_indicator("|", true, false, false);
        // Block scalar hints: an indentation digit when the text starts
        // with a space or break, and the chomping indicator.
        if s.starts_with(|c: char| c == ' ' || is_yaml_break(c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.open_ended = false;
        let mut rev = s.chars().rev();
        let chomp = match (rev.next(), rev.next()) {
            (Some(last), _) if !is_yaml_break(last) => Some("-"),
            (Some(_), None) => Some("+"),
            (Some(_), Some(prev)) if is_yaml_break(prev) => Some("+"),
            _ => None,
        };
        // (libyaml marks a "+" block open-ended, but writing the indicator
        // clears that again.)
        if let Some(ch) = chomp {
            self.write_indicator(ch, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in s.chars() {
            if is_yaml_break(c) {
                if c == '\n' {
                    self.put_break();
                } else {
                    self.out.push(c);
                    self.column = 0;
                }
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

pub(super) fn yamlencode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if !a[0].is_wholly_known() {
        return Ok(Value::unknown(Type::String));
    }
    ctx.charge(a[0].weight() as u64)?;
    let mut w =
        YamlWriter { out: String::new(), column: 0, whitespace: true, indention: true, open_ended: false, indent: -1, indents: Vec::new() };
    w.node(&a[0], true, false, false);
    // The implicit document end, then the stream end.
    w.write_indent();
    if w.open_ended {
        w.write_indicator("...", true, false, false);
        w.write_indent();
    }
    ctx.check_size(w.out.len() / 64)?;
    Ok(Value::string(w.out, ctx.profile()))
}
