//! Three renderings of a value: JSON in the conformance schema, the type
//! string, and the `terraform console` format.

use crate::value::{Type, Value};
use std::fmt::Write;

/// A JSON string literal as Go's `encoding/json` writes it without HTML
/// escaping (as the oracle writes type names and values).
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_json_string(s, &mut out, false);
    out
}

/// Appends a JSON string literal the way Go's `encoding/json` writes it;
/// `html` also escapes `<`, `>` and `&`, as `jsonencode` does.
fn push_json_string(s: &str, out: &mut String, html: bool) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' if html => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            '\u{2028}' | '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Which JSON to write.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum JsonFlavor {
    /// The conformance schema: `{"__unknown__": …}` and `{"__number__": …}`
    /// markers, no HTML escaping.
    Conformance,
    /// `jsonencode`'s: HTML-sensitive characters escaped (callers rule out
    /// unknowns and infinities first).
    Terraform,
}

/// The value as JSON in the conformance schema: exact decimal numbers,
/// `{"__unknown__": "<type>"}` for unknowns and `{"__number__": "+Inf"}`
/// for infinities; maps and objects with sorted keys.
pub fn to_json(v: &Value) -> String {
    let mut out = String::new();
    write_json(v, &mut out, JsonFlavor::Conformance);
    out
}

/// Appends `v` as JSON of the given flavour.
pub(crate) fn write_json(v: &Value, out: &mut String, flavor: JsonFlavor) {
    let markers = flavor == JsonFlavor::Conformance;
    match v {
        Value::Sensitive(v) => write_json(v, out, flavor),
        Value::Unknown(t) if markers => {
            out.push_str("{\"__unknown__\":");
            out.push_str(&json_string(&t.to_string()));
            out.push('}');
        }
        Value::Null(_) | Value::Unknown(_) => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) if n.is_infinite() && markers => {
            out.push_str("{\"__number__\":");
            out.push_str(&json_string(&n.to_decimal_string()));
            out.push('}');
        }
        Value::Number(n) => out.push_str(&n.to_decimal_string()),
        Value::String(s) => push_json_string(s, out, !markers),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
            out.push('[');
            for (i, e) in vs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(e, out, flavor);
            }
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            for (i, (k, e)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                push_json_string(k, out, !markers);
                out.push(':');
                write_json(e, out, flavor);
            }
            out.push('}');
        }
    }
}

/// A string quoted as Go's `strconv.Quote` does, which `terraform console`
/// uses: `\"`, `\\`, short escapes for control characters, `\xNN` for other
/// ASCII controls and `\uXXXX` for non-printable code points.
pub fn go_quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if !is_go_printable(c) => {
                if (c as u32) < 0x10000 {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                } else {
                    let _ = write!(out, "\\U{:08x}", c as u32);
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Go's `unicode.IsPrint`: letters, marks, numbers, punctuation, symbols
/// and the ASCII space; not other spaces, format or private-use characters.
fn is_go_printable(c: char) -> bool {
    let u = c as u32;
    if c.is_control() {
        return false;
    }
    !matches!(u,
        0x00a0 | 0x00ad | 0x0600..=0x0605 | 0x061c | 0x06dd | 0x070f | 0x1680 | 0x180e
        | 0x2000..=0x200f | 0x2028..=0x202f | 0x205f..=0x2064 | 0x2066..=0x206f
        | 0x3000 | 0xd800..=0xf8ff | 0xfeff | 0xfff9..=0xfffb
        | 0xe0001 | 0xe0020..=0xe007f | 0xf0000..=0x10ffff)
        && !(0xfdd0..=0xfdef).contains(&u)
        && (u & 0xfffe) != 0xfffe
}

/// The value as `terraform console` prints it.
pub fn console(v: &Value) -> String {
    let mut out = String::new();
    write_console(v, 0, &mut out);
    out
}

fn write_console(v: &Value, indent: usize, out: &mut String) {
    match v {
        Value::Unknown(_) => out.push_str("(known after apply)"),
        Value::Sensitive(inner) if !inner.is_known() => out.push_str("(known after apply)"),
        Value::Sensitive(_) => out.push_str("(sensitive value)"),
        Value::Null(t) => out.push_str(&console_null(t)),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_decimal_string()),
        Value::String(s) if s.contains('\n') => {
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
        Value::String(s) => out.push_str(&go_quote(s)),
        Value::Tuple(vs) => write_console_seq(vs, indent, out),
        Value::List(_, vs) => {
            out.push_str("tolist(");
            write_console_seq(vs, indent, out);
            out.push(')');
        }
        Value::Set(_, vs) => {
            out.push_str("toset(");
            write_console_seq(vs, indent, out);
            out.push(')');
        }
        Value::Object(m) => write_console_map(m, indent, out),
        Value::Map(_, m) => {
            out.push_str("tomap(");
            write_console_map(m, indent, out);
            out.push(')');
        }
    }
}

fn write_console_seq(vs: &[Value], indent: usize, out: &mut String) {
    if vs.is_empty() {
        out.push_str("[]");
        return;
    }
    out.push_str("[\n");
    let pad = " ".repeat(indent + 2);
    for v in vs {
        out.push_str(&pad);
        write_console(v, indent + 2, out);
        out.push_str(",\n");
    }
    out.push_str(&" ".repeat(indent));
    out.push(']');
}

fn write_console_map(m: &crate::value::SortedMap<Value>, indent: usize, out: &mut String) {
    if m.is_empty() {
        out.push_str("{}");
        return;
    }
    out.push_str("{\n");
    let pad = " ".repeat(indent + 2);
    for (k, v) in m {
        out.push_str(&pad);
        out.push_str(&go_quote(k));
        out.push_str(" = ");
        write_console(v, indent + 2, out);
        out.push('\n');
    }
    out.push_str(&" ".repeat(indent));
    out.push('}');
}

fn console_null(t: &Type) -> String {
    match t {
        Type::Dynamic => "null".into(),
        Type::String => "tostring(null)".into(),
        Type::Number => "tonumber(null)".into(),
        Type::Bool => "tobool(null)".into(),
        Type::List(e) => format!("tolist(null) /* of {} */", e.friendly_name()),
        Type::Set(e) => format!("toset(null) /* of {} */", e.friendly_name()),
        Type::Map(e) => format!("tomap(null) /* of {} */", e.friendly_name()),
        Type::Object(_) => "null /* object */".into(),
        Type::Tuple(_) => "null /* tuple */".into(),
    }
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
            for (k, a) in attrs {
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
            for e in ts {
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
