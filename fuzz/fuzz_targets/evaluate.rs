//! Evaluates any source over random variables `a`, `b` and `c` (unknown
//! values included) and renders the result every way the playground does:
//! every outcome is a value or diagnostics, never a panic or a hang.
#![no_main]

use arbitrary::Arbitrary;
use hcl_playground::{evaluate, parse_variables, present, Limits, Options};
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
enum Json {
    Null,
    Bool(bool),
    Int(i64),
    Decimal(u32, u8),
    Str(String),
    Unknown(TypeName),
    Array(Vec<Json>),
    Object(Vec<(Key, Json)>),
}

#[derive(Arbitrary, Debug)]
enum Key {
    A,
    B,
    Other(String),
}

#[derive(Arbitrary, Debug)]
enum TypeName {
    String,
    Number,
    Bool,
    Dynamic,
    ListOfString,
    MapOfNumber,
    SetOfBool,
    Object,
    Tuple,
}

fn write(j: &Json, out: &mut String) {
    match j {
        Json::Null => out.push_str("null"),
        Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Json::Int(i) => out.push_str(&i.to_string()),
        Json::Decimal(m, e) => out.push_str(&format!("{m}.{m}e-{e}")),
        Json::Str(s) => out.push_str(&serde_json_string(s)),
        Json::Unknown(t) => {
            let name = match t {
                TypeName::String => "string",
                TypeName::Number => "number",
                TypeName::Bool => "bool",
                TypeName::Dynamic => "dynamic",
                TypeName::ListOfString => "list(string)",
                TypeName::MapOfNumber => "map(number)",
                TypeName::SetOfBool => "set(bool)",
                TypeName::Object => "object({a: string, b: list(number)})",
                TypeName::Tuple => "tuple([string, bool])",
            };
            out.push_str(&format!("{{\"__unknown__\": \"{name}\"}}"));
        }
        Json::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, out);
            }
            out.push(']');
        }
        Json::Object(items) => {
            out.push('{');
            for (i, (k, v)) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                let k = match k {
                    Key::A => "a",
                    Key::B => "b",
                    Key::Other(s) => s,
                };
                out.push_str(&serde_json_string(k));
                out.push(':');
                write(v, out);
            }
            out.push('}');
        }
    }
}

fn serde_json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    source: &'a str,
    template: bool,
    a: Json,
    b: Json,
    c: Json,
}

fuzz_target!(|input: Input| {
    let mut vars = String::from("{\"a\":");
    write(&input.a, &mut vars);
    vars.push_str(",\"b\":");
    write(&input.b, &mut vars);
    vars.push_str(",\"c\":");
    write(&input.c, &mut vars);
    vars.push('}');
    let Ok(vars) = parse_variables(&vars) else { return };
    // Smaller budgets than the browser's keep each run short.
    let limits = Limits { max_steps: 200_000, max_collection_len: 100_000, max_string_len: 1 << 20, ..Limits::default() };
    let options = Options { template: input.template, limits, ..Options::default() };
    match evaluate(input.source, &vars, &options) {
        Ok(v) => {
            let _ = present::console(&v, options.profile);
            let _ = present::to_json(&v);
            let _ = v.ty().to_string();
        }
        Err(diags) => {
            for d in diags {
                assert!(d.subject.end <= input.source.len(), "{d:?}");
            }
        }
    }
});
