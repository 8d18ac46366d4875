//! String functions. Lengths and offsets count grapheme clusters, as cty
//! does.
#![cfg_attr(not(feature = "heavy-functions"), allow(dead_code, unused_imports))]

mod format;
pub(crate) mod re2;
mod template;

pub use template::{diagnostics_error, refused_in_template, template_vars};

use super::{int_arg, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::profile::Profile;
use crate::text::unicode::{self as uc, graphemes};
use crate::value::{Type, Value};
use regex::Captures;
use std::collections::BTreeMap;

const STR: Param = Param::new("str", "string");
const PATTERN: Param = Param::new("pattern", "string");

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "chomp",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Removes newline characters at the end of a string.",
        example: "chomp(\"hello\\n\")",
        // cty removes `(?:\r\n?|\n)*\z`: any run of CR and LF at the end.
        imp: |a, ctx| Ok(Value::string(str_arg(a, 0).trim_end_matches(['\r', '\n']), ctx.profile())),
    },
    FunctionDef {
        name: "endswith",
        category: "string",
        params: &[STR, Param::new("suffix", "string")],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Takes two values: a string to check and a suffix string. Returns true if the string ends with that exact suffix.",
        example: "endswith(\"hello world\", \"world\")",
        imp: |a, _| Ok(Value::Bool(str_arg(a, 0).ends_with(str_arg(a, 1)))),
    },
    FunctionDef {
        name: "format",
        category: "string",
        params: &[Param::new("format", "string")],
        variadic: Some(Param::new("args", "dynamic").nullable()),
        ret: Ret::Computed(|a, profile| Ok(if profile.is_legacy() && has_dynamic_unknown(&a[1..]) { Type::Dynamic } else { Type::String })),
        description: "Produces a string by formatting values according to a specification string, as printf does.",
        example: "format(\"Hello, %s! %.2f%%\", \"Ander\", 99.5)",
        imp: |a, ctx| {
            if !a[1..].iter().all(Value::is_wholly_known) {
                // go-cty 1.13 and later keep the text before the first verb.
                let f = str_arg(a, 0);
                return Ok(match f.find('%') {
                    Some(at) if at > 0 && !ctx.profile().is_legacy() => Value::unknown(Type::String).refine().prefix(&f[..at], ctx.profile()).value(),
                    _ => Value::unknown(Type::String),
                });
            }
            Ok(Value::string(format::format(str_arg(a, 0), &a[1..], ctx)?, ctx.profile()))
        },
    },
    FunctionDef {
        name: "formatlist",
        category: "string",
        params: &[Param::new("format", "string")],
        variadic: Some(Param::new("args", "dynamic").nullable().unknown_values()),
        ret: Ret::Computed(|a, profile| Ok(if profile.is_legacy() && has_dynamic_unknown(&a[1..]) { Type::Dynamic } else { Type::list(Type::String) })),
        description: "Produces a list of strings by formatting the elements of lists (and repeating other values) according to a specification string.",
        example: "formatlist(\"Hello, %s!\", [\"Valentina\", \"Ander\"])",
        imp: format::formatlist,
    },
    FunctionDef {
        name: "indent",
        category: "string",
        params: &[Param::new("spaces", "number"), STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Adds a given number of spaces after each newline character in a string, so every line but the first is indented.",
        example: "indent(2, \"[\\n  foo,\\n]\")",
        imp: indent,
    },
    FunctionDef {
        name: "join",
        category: "string",
        params: &[Param::new("separator", "string")],
        variadic: Some(Param::new("lists", "list(string)")),
        ret: Ret::Fixed("string"),
        description: "Produces a string by concatenating all of the elements of the given lists of strings with the given separator.",
        example: "join(\", \", [\"foo\", \"bar\", \"baz\"])",
        imp: join,
    },
    FunctionDef {
        name: "lower",
        category: "string",
        params: &[STR.dynamic()],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Converts all cased letters in the given string to lowercase.",
        example: "lower(\"HELLO\")",
        imp: |a, ctx| Ok(Value::string(uc::to_lower(str_arg(a, 0), ctx.profile().unicode()), ctx.profile())),
    },
    FunctionDef {
        name: "regex",
        category: "string",
        params: &[PATTERN, Param::new("string", "string")],
        variadic: None,
        ret: Ret::Computed(heavy!(ret |a, profile| regex_type(&a[0], profile))),
        description: "Applies a regular expression (Go RE2 syntax) to a string and returns the first match: the text, or its capture groups.",
        example: "regex(\"(\\\\d+)-(\\\\d+)\", \"2019-02\")",
        imp: heavy!(regex_first),
    },
    FunctionDef {
        name: "regexall",
        category: "string",
        params: &[PATTERN, Param::new("string", "string")],
        variadic: None,
        ret: Ret::Computed(heavy!(ret |a, profile| Ok(Type::list(regex_type(&a[0], profile)?)))),
        description: "Applies a regular expression (Go RE2 syntax) to a string and returns a list of all matches.",
        example: "regexall(\"[a-z]+\", \"1234abcd5678efgh9\")",
        imp: heavy!(regex_all),
    },
    FunctionDef {
        name: "replace",
        category: "string",
        params: &[STR, Param::new("substr", "string"), Param::new("replace", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Replaces every occurrence of a substring, or of a regular expression written between slashes (with $1 or ${name} in the replacement).",
        example: "replace(\"1 + 2 + 3\", \"+\", \"-\")",
        imp: replace,
    },
    FunctionDef {
        name: "split",
        category: "string",
        params: &[Param::new("separator", "string"), STR],
        variadic: None,
        ret: Ret::Fixed("list(string)"),
        description: "Produces a list by dividing a given string at all occurrences of a given separator.",
        example: "split(\",\", \"foo,bar,baz\")",
        imp: split,
    },
    FunctionDef {
        name: "startswith",
        category: "string",
        params: &[STR.unknown_values(), Param::new("prefix", "string")],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Takes two values: a string to check and a prefix string. Returns true if the string begins with that exact prefix.",
        example: "startswith(\"hello world\", \"hello\")",
        imp: startswith,
    },
    FunctionDef {
        name: "strcontains",
        category: "string",
        params: &[STR, Param::new("substr", "string")],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Checks whether a substring is within another string.",
        example: "strcontains(\"hello world\", \"wor\")",
        imp: |a, _| Ok(Value::Bool(str_arg(a, 0).contains(str_arg(a, 1)))),
    },
    FunctionDef {
        name: "strrev",
        category: "string",
        params: &[STR.dynamic()],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Reverses the characters in a string, keeping grapheme clusters together.",
        example: "strrev(\"hello\")",
        imp: |a, ctx| {
            let mut clusters: Vec<&str> = graphemes(str_arg(a, 0), ctx.profile().unicode()).collect();
            clusters.reverse();
            Ok(Value::string(clusters.concat(), ctx.profile()))
        },
    },
    FunctionDef {
        name: "substr",
        category: "string",
        params: &[STR.dynamic(), Param::new("offset", "number").dynamic(), Param::new("length", "number").dynamic()],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Extracts a substring from a given string by offset and (maximum) length, counting grapheme clusters.",
        example: "substr(\"hello world\", 1, 4)",
        imp: substr,
    },
    FunctionDef {
        name: "templatestring",
        category: "string",
        params: &[Param::new("data", "string"), Param::new("vars", "dynamic").marked()],
        variadic: None,
        ret: Ret::Fixed("dynamic"),
        description: "Renders a string as a template with the given variables; Terraform takes only a reference to a string held elsewhere, OpenTofu any string (escape a literal one as $${...}).",
        example: "templatestring(\"Hello, $${name}!\", { name = \"Alice\" })",
        imp: template::templatestring,
    },
    FunctionDef {
        name: "title",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Converts the first letter of each word in the given string to uppercase.",
        example: "title(\"hello world\")",
        imp: |a, ctx| Ok(Value::string(uc::title(str_arg(a, 0), ctx.profile().unicode()), ctx.profile())),
    },
    FunctionDef {
        name: "trim",
        category: "string",
        params: &[STR, Param::new("cutset", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Removes the given characters (a set, not a substring) from the start and end of a string.",
        example: "trim(\"?!hello?!\", \"!?\")",
        imp: |a, ctx| {
            let cutset = str_arg(a, 1);
            Ok(Value::string(str_arg(a, 0).trim_matches(|c| cutset.contains(c)), ctx.profile()))
        },
    },
    FunctionDef {
        name: "trimprefix",
        category: "string",
        params: &[STR, Param::new("prefix", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Removes the specified prefix from the start of the given string, if present.",
        example: "trimprefix(\"helloworld\", \"hello\")",
        imp: |a, ctx| Ok(Value::string(str_arg(a, 0).strip_prefix(str_arg(a, 1)).unwrap_or(str_arg(a, 0)), ctx.profile())),
    },
    FunctionDef {
        name: "trimspace",
        category: "string",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Removes any space characters from the start and end of the given string.",
        example: "trimspace(\"  hello\\n\\n\")",
        imp: |a, ctx| Ok(Value::string(uc::trim_space(str_arg(a, 0)), ctx.profile())),
    },
    FunctionDef {
        name: "trimsuffix",
        category: "string",
        params: &[STR, Param::new("suffix", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Removes the specified suffix from the end of the given string, if present.",
        example: "trimsuffix(\"helloworld\", \"world\")",
        imp: |a, ctx| Ok(Value::string(str_arg(a, 0).strip_suffix(str_arg(a, 1)).unwrap_or(str_arg(a, 0)), ctx.profile())),
    },
    FunctionDef {
        name: "upper",
        category: "string",
        params: &[STR.dynamic()],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Converts all cased letters in the given string to uppercase.",
        example: "upper(\"hello\")",
        imp: |a, ctx| Ok(Value::string(uc::to_upper(str_arg(a, 0), ctx.profile().unicode()), ctx.profile())),
    },
];

fn join(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if a.len() < 2 {
        return Err(CallError::call("at least one list is required"));
    }
    if a[1..].iter().any(|l| !l.is_wholly_known()) {
        return Ok(Value::unknown(Type::String));
    }
    let sep = str_arg(a, 0);
    let mut parts: Vec<&str> = Vec::new();
    for (i, list) in a[1..].iter().enumerate() {
        for (j, e) in list.as_sequence().unwrap_or(&[]).iter().enumerate() {
            match e {
                Value::String(s) => parts.push(s),
                _ if a.len() > 2 => {
                    return Err(CallError::arg(i + 1, format!("element {j} of list {} is null; cannot concatenate null values", i + 1)))
                }
                _ => return Err(CallError::arg(i + 1, format!("element {j} is null; cannot concatenate null values"))),
            }
        }
    }
    ctx.check_size(parts.len())?;
    Ok(Value::string(parts.join(sep), ctx.profile()))
}

fn split(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (sep, s) = (str_arg(a, 0), str_arg(a, 1));
    let parts: Vec<Value> = if sep.is_empty() {
        s.chars().map(|c| Value::String(c.to_string())).collect()
    } else {
        s.split(sep).map(|p| Value::String(p.to_string())).collect()
    };
    ctx.check_size(parts.len())?;
    Ok(Value::List(Type::String, parts.into()))
}

fn substr(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    let s = str_arg(a, 0);
    let whole = |i| int_arg(a, i).map_err(|_| CallError::call(super::numeric::I64_RANGE));
    let mut offset = whole(1)?;
    let length = whole(2)?;
    let clusters: Vec<&str> = graphemes(s, profile.unicode()).collect();
    if offset < 0 {
        offset += clusters.len() as i64;
    } else if length == 0 {
        return Ok(Value::string("", profile));
    }
    let start = offset.clamp(0, clusters.len() as i64) as usize;
    let rest = &clusters[start..];
    // cty never stops at a length of 0 here (a negative offset skips its
    // early return), so that takes the rest too.
    let take = if length <= 0 { rest.len() } else { (length as usize).min(rest.len()) };
    Ok(Value::string(rest[..take].concat(), profile))
}

/// True when an argument is an unknown value of unknown type, which makes
/// cty's result type unknown too.
fn has_dynamic_unknown(args: &[Value]) -> bool {
    args.iter().any(|a| matches!(a.unmarked(), Value::Unknown(Type::Dynamic, _)))
}

fn indent(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let spaces = int_arg(a, 0).map_err(|_| CallError::call(super::numeric::I64_RANGE))?;
    if spaces < 0 {
        return Err(CallError::panic("strings: negative Repeat count"));
    }
    // Go builds the padding first: past its allocation limit (2^48 bytes)
    // that panics; below it, only newlines make the result grow.
    if spaces > 1 << 48 {
        return Err(CallError::panic("runtime error: makeslice: cap out of range"));
    }
    let s = str_arg(a, 1);
    let lines = s.matches('\n').count() as u64;
    if lines == 0 {
        return Ok(Value::string(s, ctx.profile()));
    }
    ctx.check_size(usize::try_from((spaces as u64).saturating_mul(lines + 1) / 16).unwrap_or(usize::MAX))?;
    Ok(Value::string(s.replace('\n', &format!("\n{}", " ".repeat(spaces as usize))), ctx.profile()))
}

fn replace(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (s, substr, with) = (str_arg(a, 0), str_arg(a, 1), str_arg(a, 2));
    if substr.len() > 1 && substr.starts_with('/') && substr.ends_with('/') {
        if cfg!(not(feature = "heavy-functions")) {
            return super::in_full_build(a, ctx);
        }
        let re = re2::compile(&substr[1..substr.len() - 1], ctx.profile()).map_err(|e| CallError::call(e.go()))?;
        ctx.charge(s.len() as u64 / 64)?;
        return match re.replace_all(s, with, MAX_REPLACED) {
            Some(out) => {
                ctx.check_size(out.len() / 16)?;
                Ok(Value::string(out, ctx.profile()))
            }
            None => Err(ctx.check_size(usize::MAX).err().unwrap_or_else(CallError::reported)),
        };
    }
    let count = if substr.is_empty() { s.chars().count() + 1 } else { s.matches(substr).count() };
    ctx.check_size((s.len() + count.saturating_mul(with.len())) / 16)?;
    Ok(Value::string(s.replace(substr, with), ctx.profile()))
}

/// The longest text a regular-expression replacement may build.
const MAX_REPLACED: usize = 64 << 20;

// ------------------------------------------------------------------ regex

/// What `regex` returns for a pattern: the whole match, a tuple of the
/// unnamed groups, or an object of the named ones.
enum Shape {
    Whole,
    Tuple(usize),
    Object(Vec<String>),
}

fn shape(re: &re2::Re2) -> Result<Shape, CallError> {
    let named: Vec<String> = re.names.iter().flatten().cloned().collect();
    let unnamed = re.names.len() - named.len();
    match (unnamed, named.len()) {
        (0, 0) => Ok(Shape::Whole),
        (_, 0) => Ok(Shape::Tuple(unnamed)),
        (0, _) => Ok(Shape::Object(named)),
        _ => Err(CallError::arg(0, "invalid regexp pattern: cannot mix both named and unnamed capture groups")),
    }
}

fn compile_arg(a: &[Value], profile: crate::profile::Profile) -> Result<(std::rc::Rc<re2::Re2>, Shape), CallError> {
    let re = re2::compile(str_arg(a, 0), profile).map_err(|e| CallError::arg(0, e.cty()))?;
    let shape = shape(&re)?;
    Ok((re, shape))
}

/// The result type of `regex` for this pattern argument.
fn regex_type(pattern: &Value, profile: crate::profile::Profile) -> Result<Type, CallError> {
    if !pattern.is_known() {
        return Ok(Type::Dynamic);
    }
    Ok(match compile_arg(std::slice::from_ref(pattern), profile)?.1 {
        Shape::Whole => Type::String,
        Shape::Tuple(n) => Type::tuple(vec![Type::String; n]),
        Shape::Object(names) => Type::object(names.into_iter().map(|n| (n, Type::String)).collect()),
    })
}

fn match_value(re: &re2::Re2, shape: &Shape, c: &Captures, profile: Profile) -> Value {
    let group = |i: usize| c.get(i).map_or(Value::Null(Type::String), |m| Value::string(m.as_str(), profile));
    match shape {
        Shape::Whole => group(0),
        Shape::Tuple(n) => Value::Tuple((1..=*n).map(group).collect()),
        Shape::Object(_) => {
            let mut attrs = BTreeMap::new();
            for (i, name) in re.names.iter().enumerate() {
                attrs.insert(name.clone().unwrap_or_default(), group(i + 1));
            }
            Value::Object(attrs.into())
        }
    }
}

fn regex_first(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (re, shape) = compile_arg(a, ctx.profile())?;
    let s = str_arg(a, 1);
    ctx.charge(s.len() as u64 / 64)?;
    match re.first(s) {
        Some(c) => Ok(match_value(&re, &shape, &c, ctx.profile())),
        None => Err(CallError::call("pattern did not match any part of the given string")),
    }
}

fn regex_all(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (re, shape) = compile_arg(a, ctx.profile())?;
    let s = str_arg(a, 1);
    ctx.charge(s.len() as u64 / 64)?;
    let matches = re.all(s);
    ctx.check_size(matches.len())?;
    let elems = matches.iter().map(|c| match_value(&re, &shape, c, ctx.profile())).collect();
    Ok(Value::List(ctx.ret.element_type().cloned().unwrap_or(Type::Dynamic), elems))
}

/// Terraform's `startswith`: an unknown string whose known prefix settles
/// the answer gives a known one (Terraform 1.6 and later).
fn startswith(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let prefix = str_arg(a, 1);
    if a[0].is_known() {
        return Ok(Value::Bool(str_arg(a, 0).starts_with(prefix)));
    }
    if ctx.profile().is_legacy() {
        return Ok(Value::unknown(Type::Bool));
    }
    let known = crate::value::refine::Range::of(&a[0]).refinement.prefix;
    Ok(match () {
        _ if prefix.is_empty() || (!known.is_empty() && known.starts_with(prefix)) => Value::Bool(true),
        _ if !known.is_empty() && known.len() >= prefix.len() => Value::Bool(false),
        _ => Value::unknown(Type::Bool),
    })
}
