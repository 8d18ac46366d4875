//! Values and types as `terraform console` prints them.

use crate::profile::Profile;
use crate::value::{Marks, SortedMap, Type, Value};
use std::fmt::Write;

/// The value as `terraform console` prints it.
pub fn console(v: &Value, profile: Profile) -> String {
    let mut out = String::new();
    write_console(v, 0, &mut out, profile, &mut Stop::never());
    out
}

/// The first `max_lines` lines (at least one) of [`console`]'s text, and
/// whether it has more (a resource's value is a hundred lines, of which a
/// list shows a few).
///
/// ```
/// use hcl_playground::present::console_lines;
/// use hcl_playground::{value::Value, Profile};
/// let v = Value::Tuple(vec![Value::int(1), Value::int(2)].into());
/// assert_eq!(console_lines(&v, Profile::default(), 2), ("[\n  1,".to_string(), true));
/// assert_eq!(console_lines(&v, Profile::default(), 4), ("[\n  1,\n  2,\n]".to_string(), false));
/// ```
pub fn console_lines(v: &Value, profile: Profile, max_lines: usize) -> (String, bool) {
    let max = max_lines.max(1);
    let mut out = String::new();
    write_console(v, 0, &mut out, profile, &mut Stop { max, counted: 0, lines: 0 });
    match out.match_indices('\n').nth(max - 1) {
        Some((end, _)) => {
            out.truncate(end);
            (out, true)
        }
        None => (out, false),
    }
}

/// Where writing may stop: once the text has `max` line ends, what follows
/// is cut anyway.
struct Stop {
    max: usize,
    /// The line ends in the text's first `counted` bytes.
    counted: usize,
    lines: usize,
}

impl Stop {
    fn never() -> Stop {
        Stop { max: usize::MAX, counted: 0, lines: 0 }
    }

    fn reached(&mut self, out: &str) -> bool {
        if self.max == usize::MAX {
            return false;
        }
        self.lines += out.as_bytes()[self.counted..].iter().filter(|&&b| b == b'\n').count();
        self.counted = out.len();
        self.lines >= self.max
    }
}

fn write_console(v: &Value, indent: usize, out: &mut String, profile: Profile, stop: &mut Stop) {
    match v {
        Value::Unknown(..) => out.push_str("(known after apply)"),
        Value::Marked(inner, _) if !inner.is_known() => out.push_str("(known after apply)"),
        Value::Marked(_, m) if m.contains(Marks::SENSITIVE) => out.push_str("(sensitive value)"),
        Value::Marked(_, m) if m.contains(Marks::EPHEMERAL) => out.push_str("(ephemeral value)"),
        Value::Marked(inner, _) => write_console(inner, indent, out, profile, stop),
        Value::Null(t) => write_console_null(t, out),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_decimal_string()),
        Value::String(s) => write_console_string(s, indent, out, profile),
        Value::Tuple(vs) => write_console_seq(vs, indent, out, profile, stop),
        Value::List(_, vs) => {
            out.push_str("tolist(");
            write_console_seq(vs, indent, out, profile, stop);
            out.push(')');
        }
        Value::Set(_, vs) => {
            out.push_str("toset(");
            write_console_seq(vs, indent, out, profile, stop);
            out.push(')');
        }
        Value::Object(m) => write_console_map(m, indent, out, profile, stop),
        Value::Map(_, m) => {
            out.push_str("tomap(");
            write_console_map(m, indent, out, profile, stop);
            out.push(')');
        }
    }
}

/// A string as the console prints it: quoted, or a heredoc when it has
/// more than one line.
fn write_console_string(s: &str, indent: usize, out: &mut String, profile: Profile) {
    if !s.contains('\n') {
        crate::text::push_go_quote(out, s, profile.unicode());
        return;
    }
    let lines: Vec<&str> = s.split('\n').collect();
    let mut marker = String::from("EOT");
    while lines.iter().any(|l| l.trim() == marker) {
        marker.push('_');
    }
    let pad = " ".repeat(indent);
    let _ = write!(out, "{}{marker}\n", if indent > 0 { "<<-" } else { "<<" });
    for line in &lines {
        let _ = writeln!(out, "{pad}{line}");
    }
    out.push_str(&pad);
    out.push_str(&marker);
}

fn write_console_seq(vs: &[Value], indent: usize, out: &mut String, profile: Profile, stop: &mut Stop) {
    if vs.is_empty() {
        out.push_str("[]");
        return;
    }
    out.push_str("[\n");
    let pad = " ".repeat(indent + 2);
    for v in vs {
        if stop.reached(out) {
            return;
        }
        out.push_str(&pad);
        write_console(v, indent + 2, out, profile, stop);
        out.push_str(",\n");
    }
    out.push_str(&" ".repeat(indent));
    out.push(']');
}

fn write_console_map(m: &SortedMap<Value>, indent: usize, out: &mut String, profile: Profile, stop: &mut Stop) {
    if m.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push_str("{\n");
    let pad = " ".repeat(indent + 2);
    for (k, v) in m {
        if stop.reached(out) {
            return;
        }
        out.push_str(&pad);
        // Keys print as strings do, multi-line ones as heredocs.
        write_console_string(k, indent + 2, out, profile);
        out.push_str(" = ");
        write_console(v, indent + 2, out, profile, stop);
        out.push('\n');
    }
    out.push_str(&" ".repeat(indent));
    out.push('}');
}

fn write_console_null(t: &Type, out: &mut String) {
    let _ = match t {
        Type::Dynamic => out.write_str("null"),
        Type::String => out.write_str("tostring(null)"),
        Type::Number => out.write_str("tonumber(null)"),
        Type::Bool => out.write_str("tobool(null)"),
        Type::List(e) => write!(out, "tolist(null) /* of {} */", e.friendly_name()),
        Type::Set(e) => write!(out, "toset(null) /* of {} */", e.friendly_name()),
        Type::Map(e) => write!(out, "tomap(null) /* of {} */", e.friendly_name()),
        Type::Object(_) => out.write_str("null /* object */"),
        Type::Tuple(_) => out.write_str("null /* tuple */"),
    };
}

/// A type as the console's `type()` prints it: 4-space indentation, one
/// attribute or element per line.
pub fn console_type(t: &Type) -> String {
    let mut out = String::new();
    write_console_type(t, 0, &mut out);
    out
}

fn write_console_type(t: &Type, indent: usize, out: &mut String) {
    let pad = "    ".repeat(indent + 1);
    match t {
        Type::List(e) | Type::Set(e) | Type::Map(e) => {
            let name = match t {
                Type::List(_) => "list",
                Type::Set(_) => "set",
                _ => "map",
            };
            out.push_str(name);
            out.push('(');
            if matches!(**e, Type::Object(_) | Type::Tuple(_)) {
                out.push('\n');
                out.push_str(&pad);
                write_console_type(e, indent + 1, out);
                out.push_str(",\n");
                out.push_str(&"    ".repeat(indent));
            } else {
                write_console_type(e, indent, out);
            }
            out.push(')');
        }
        Type::Object(attrs) if !attrs.is_empty() => {
            out.push_str("object({\n");
            for (k, a) in attrs.iter() {
                out.push_str(&pad);
                out.push_str(k);
                out.push_str(": ");
                write_console_type(a, indent + 1, out);
                out.push_str(",\n");
            }
            out.push_str(&"    ".repeat(indent));
            out.push_str("})");
        }
        Type::Tuple(ts) if !ts.is_empty() => {
            out.push_str("tuple([\n");
            for e in ts.iter() {
                out.push_str(&pad);
                write_console_type(e, indent + 1, out);
                out.push_str(",\n");
            }
            out.push_str(&"    ".repeat(indent));
            out.push_str("])");
        }
        Type::Object(_) => out.push_str("object({})"),
        Type::Tuple(_) => out.push_str("tuple([])"),
        other => {
            let _ = write!(out, "{other}");
        }
    }
}
