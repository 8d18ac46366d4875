//! Values as JSON: the conformance schema's (exact decimals, markers for
//! unknowns and infinities) and `jsonencode`'s.

use crate::text::{json_string, push_json_string};
use crate::value::{Marks, Refinement, Type, Value};
use std::fmt::Write;

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

/// Appends [`to_json`]'s text to `out`.
pub fn push_json(v: &Value, out: &mut String) {
    write_json(v, out, JsonFlavor::Conformance);
}

/// [`to_json`] indented by two spaces, one element or entry a line (as
/// `JSON.stringify(v, null, 2)` lays it out, but with every digit); a
/// sensitive value is `{"__sensitive__": "(sensitive value)"}`, marked as
/// the variables mark one, its content not shown (as the console shows it).
pub fn to_json_pretty(v: &Value) -> String {
    let mut out = String::new();
    write_json_pretty(v, 0, &mut out);
    out
}

fn write_json_pretty(v: &Value, indent: usize, out: &mut String) {
    let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat("  ").take(n));
    if matches!(v, Value::Marked(_, m) if m.contains(Marks::SENSITIVE)) {
        out.push_str("{\"__sensitive__\": \"(sensitive value)\"}");
        return;
    }
    match v.unmarked() {
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) if !vs.is_empty() => {
            out.push_str("[\n");
            for (i, e) in vs.iter().enumerate() {
                pad(out, indent + 1);
                write_json_pretty(e, indent + 1, out);
                out.push_str(if i + 1 < vs.len() { ",\n" } else { "\n" });
            }
            pad(out, indent);
            out.push(']');
        }
        Value::Map(_, m) | Value::Object(m) if !m.is_empty() => {
            out.push_str("{\n");
            for (i, (k, e)) in m.iter().enumerate() {
                pad(out, indent + 1);
                out.push_str(&json_string(k));
                out.push_str(": ");
                write_json_pretty(e, indent + 1, out);
                out.push_str(if i + 1 < m.len() { ",\n" } else { "\n" });
            }
            pad(out, indent);
            out.push('}');
        }
        other => write_json(other, out, JsonFlavor::Conformance),
    }
}

/// The refinements of an unknown value, as the reference harnesses write
/// them after the type: `"notnull"`, then the prefix, bounds or lengths.
fn write_refinement(t: &Type, r: &Refinement, out: &mut String) {
    if r.not_null {
        out.push_str(",\"notnull\":true");
    }
    match t {
        Type::String if !r.prefix.is_empty() => {
            out.push_str(",\"prefix\":");
            out.push_str(&json_string(&r.prefix));
        }
        Type::Number => {
            for (name, b) in [("lower", &r.lower), ("upper", &r.upper)] {
                if let Some(b) = b {
                    let _ = write!(out, ",\"{name}\":{},\"{name}_inclusive\":{}", b.value.to_go_text('f', -1), b.inclusive);
                }
            }
        }
        t if t.is_collection() => {
            if r.min_len > 0 {
                let _ = write!(out, ",\"minlen\":{}", r.min_len);
            }
            if r.max_len < 1 << 62 {
                let _ = write!(out, ",\"maxlen\":{}", r.max_len);
            }
        }
        _ => {}
    }
}

/// Appends `v` as JSON of the given flavour.
pub(crate) fn write_json(v: &Value, out: &mut String, flavor: JsonFlavor) {
    let markers = flavor == JsonFlavor::Conformance;
    match v {
        Value::Marked(v, _) => write_json(v, out, flavor),
        Value::Unknown(t, r) if markers => {
            out.push_str("{\"__unknown__\":");
            out.push_str(&json_string(&t.to_string()));
            if let Some(r) = r {
                write_refinement(t, r, out);
            }
            out.push('}');
        }
        Value::Null(_) | Value::Unknown(..) => out.push_str("null"),
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
