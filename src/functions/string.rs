//! String functions. Lengths and offsets count grapheme clusters, as cty
//! does.

use super::{int_arg, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret, Ty};
use crate::value::{Type, Value};
use unicode_segmentation::UnicodeSegmentation;

const STR: Param = Param::new("str", Ty::String);

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "chomp",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Removes newline characters at the end of a string.",
        example: "chomp(\"hello\\n\")",
        imp: |a, _| {
            let mut s = str_arg(a, 0);
            while let Some(t) = s.strip_suffix("\r\n").or_else(|| s.strip_suffix('\n')) {
                s = t;
            }
            Ok(Value::string(s))
        },
    },
    FunctionDef {
        name: "endswith",
        category: "string",
        params: &[STR, Param::new("suffix", Ty::String)],
        variadic: None,
        ret: Ret::Fixed(Ty::Bool),
        description: "Takes two values: a string to check and a suffix string. Returns true if the string ends with that exact suffix.",
        example: "endswith(\"hello world\", \"world\")",
        imp: |a, _| Ok(Value::Bool(str_arg(a, 0).ends_with(str_arg(a, 1)))),
    },
    FunctionDef {
        name: "join",
        category: "string",
        params: &[Param::new("separator", Ty::String)],
        variadic: Some(Param::new("lists", Ty::List(&Ty::String))),
        ret: Ret::Fixed(Ty::String),
        description: "Produces a string by concatenating all of the elements of the given lists of strings with the given separator.",
        example: "join(\", \", [\"foo\", \"bar\", \"baz\"])",
        imp: join,
    },
    FunctionDef {
        name: "lower",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Converts all cased letters in the given string to lowercase.",
        example: "lower(\"HELLO\")",
        imp: |a, _| Ok(Value::string(map_chars(str_arg(a, 0), char::to_lowercase))),
    },
    FunctionDef {
        name: "split",
        category: "string",
        params: &[Param::new("separator", Ty::String), STR],
        variadic: None,
        ret: Ret::Fixed(Ty::List(&Ty::String)),
        description: "Produces a list by dividing a given string at all occurrences of a given separator.",
        example: "split(\",\", \"foo,bar,baz\")",
        imp: split,
    },
    FunctionDef {
        name: "startswith",
        category: "string",
        params: &[STR, Param::new("prefix", Ty::String)],
        variadic: None,
        ret: Ret::Fixed(Ty::Bool),
        description: "Takes two values: a string to check and a prefix string. Returns true if the string begins with that exact prefix.",
        example: "startswith(\"hello world\", \"hello\")",
        imp: |a, _| Ok(Value::Bool(str_arg(a, 0).starts_with(str_arg(a, 1)))),
    },
    FunctionDef {
        name: "strcontains",
        category: "string",
        params: &[STR, Param::new("substr", Ty::String)],
        variadic: None,
        ret: Ret::Fixed(Ty::Bool),
        description: "Checks whether a substring is within another string.",
        example: "strcontains(\"hello world\", \"wor\")",
        imp: |a, _| Ok(Value::Bool(str_arg(a, 0).contains(str_arg(a, 1)))),
    },
    FunctionDef {
        name: "strrev",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Reverses the characters in a string, keeping grapheme clusters together.",
        example: "strrev(\"hello\")",
        imp: |a, _| Ok(Value::string(str_arg(a, 0).graphemes(true).rev().collect::<String>())),
    },
    FunctionDef {
        name: "substr",
        category: "string",
        params: &[STR, Param::new("offset", Ty::Number), Param::new("length", Ty::Number)],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Extracts a substring from a given string by offset and (maximum) length, counting grapheme clusters.",
        example: "substr(\"hello world\", 1, 4)",
        imp: substr,
    },
    FunctionDef {
        name: "title",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Converts the first letter of each word in the given string to uppercase.",
        example: "title(\"hello world\")",
        imp: |a, _| Ok(Value::string(title(str_arg(a, 0)))),
    },
    FunctionDef {
        name: "trimprefix",
        category: "string",
        params: &[STR, Param::new("prefix", Ty::String)],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Removes the specified prefix from the start of the given string, if present.",
        example: "trimprefix(\"helloworld\", \"hello\")",
        imp: |a, _| Ok(Value::string(str_arg(a, 0).strip_prefix(str_arg(a, 1)).unwrap_or(str_arg(a, 0)))),
    },
    FunctionDef {
        name: "trimspace",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Removes any space characters from the start and end of the given string.",
        example: "trimspace(\"  hello\\n\\n\")",
        imp: |a, _| Ok(Value::string(str_arg(a, 0).trim_matches(char::is_whitespace))),
    },
    FunctionDef {
        name: "trimsuffix",
        category: "string",
        params: &[STR, Param::new("suffix", Ty::String)],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Removes the specified suffix from the end of the given string, if present.",
        example: "trimsuffix(\"helloworld\", \"world\")",
        imp: |a, _| Ok(Value::string(str_arg(a, 0).strip_suffix(str_arg(a, 1)).unwrap_or(str_arg(a, 0)))),
    },
    FunctionDef {
        name: "upper",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Converts all cased letters in the given string to uppercase.",
        example: "upper(\"hello\")",
        imp: |a, _| Ok(Value::string(map_chars(str_arg(a, 0), char::to_uppercase))),
    },
];

/// Go maps case rune by rune; a character whose mapping is not a single
/// character (`ß` → `SS` in Rust) keeps its own form there.
fn map_chars<I: Iterator<Item = char> + ExactSizeIterator>(s: &str, f: fn(char) -> I) -> String {
    s.chars()
        .map(|c| {
            let mut m = f(c);
            if m.len() == 1 {
                m.next().unwrap_or(c)
            } else {
                c
            }
        })
        .collect()
}

fn join(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if a.len() < 2 {
        return Err(CallError::call("at least one list is required"));
    }
    let sep = str_arg(a, 0);
    let mut parts: Vec<&str> = Vec::new();
    for (i, list) in a[1..].iter().enumerate() {
        for (j, e) in list.as_sequence().unwrap_or(&[]).iter().enumerate() {
            match e {
                Value::String(s) => parts.push(s),
                _ => return Err(CallError::arg(i + 1, format!("element {j} is null"))),
            }
        }
    }
    ctx.check_size(parts.len())?;
    Ok(Value::string(parts.join(sep)))
}

fn split(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (sep, s) = (str_arg(a, 0), str_arg(a, 1));
    let parts: Vec<Value> = if sep.is_empty() {
        s.chars().map(|c| Value::String(c.to_string())).collect()
    } else {
        s.split(sep).map(|p| Value::String(p.to_string())).collect()
    };
    ctx.check_size(parts.len())?;
    Ok(Value::List(Type::String, parts))
}

fn substr(a: &[Value], _: &mut Ctx) -> CallResult {
    let s = str_arg(a, 0);
    let mut offset = int_arg(a, 1)?;
    let length = int_arg(a, 2)?;
    let clusters: Vec<&str> = s.graphemes(true).collect();
    if offset < 0 {
        offset += clusters.len() as i64;
    } else if length == 0 {
        return Ok(Value::string(""));
    }
    let start = offset.clamp(0, clusters.len() as i64) as usize;
    let rest = &clusters[start..];
    let take = if length < 0 { rest.len() } else { (length as usize).min(rest.len()) };
    Ok(Value::string(rest[..take].concat()))
}

/// Go's deprecated `strings.Title`: a letter after a separator is upper-cased.
fn title(s: &str) -> String {
    let is_sep = |c: char| {
        if c.is_ascii() {
            !(c.is_ascii_alphanumeric() || c == '_')
        } else if c.is_alphanumeric() {
            false
        } else {
            c.is_whitespace()
        }
    };
    let mut prev = ' ';
    s.chars()
        .map(|c| {
            let out = if is_sep(prev) {
                let mut u = c.to_uppercase();
                if u.len() == 1 {
                    u.next().unwrap_or(c)
                } else {
                    c
                }
            } else {
                c
            };
            prev = c;
            out
        })
        .collect()
}
