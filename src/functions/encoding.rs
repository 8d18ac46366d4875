//! Encoding functions.

use super::{CallResult, Ctx, FunctionDef, Param, Ret, Ty};
use crate::value::Value;

pub(super) static FUNCTIONS: &[FunctionDef] = &[FunctionDef {
    name: "jsonencode",
    category: "encoding",
    params: &[Param::new("val", Ty::Any).nullable().dynamic()],
    variadic: None,
    ret: Ret::Fixed(Ty::String),
    description: "Encodes a given value to a string using JSON syntax (object keys sorted; <, > and & escaped).",
    example: "jsonencode({\"hello\" = \"world\"})",
    imp: jsonencode,
}];

fn jsonencode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let mut out = String::new();
    write_json(&a[0], &mut out);
    ctx.check_size(out.len() / 64)?;
    Ok(Value::string(out))
}

/// JSON as Go's `encoding/json` writes it for cty values: HTML-sensitive
/// characters and the JavaScript line separators escaped.
fn write_json(v: &Value, out: &mut String) {
    match v {
        Value::Null(_) | Value::Unknown(_) => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(&n.to_decimal_string()),
        Value::String(s) => write_go_json_string(s, out),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
            out.push('[');
            for (i, e) in vs.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(e, out);
            }
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) => {
            out.push('{');
            for (i, (k, e)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_go_json_string(k, out);
                out.push(':');
                write_json(e, out);
            }
            out.push('}');
        }
    }
}

fn write_go_json_string(s: &str, out: &mut String) {
    use std::fmt::Write;
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' | '>' | '&' | '\u{2028}' | '\u{2029}' => {
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
