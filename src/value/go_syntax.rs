//! Types and values as Go source (cty's `GoString`, what `%#v` prints),
//! which go-cty's panic messages quote: `cty.Object(map[string]cty.Type{"a":cty.Number})`,
//! `cty.StringVal("x")`.

use super::go_quote;
use super::{Number, Type, Value};
use crate::profile::Profile;

impl Type {
    /// The type as cty's `GoString` writes it.
    pub fn go_string(&self, profile: Profile) -> String {
        match self {
            Type::Dynamic => "cty.DynamicPseudoType".into(),
            Type::String => "cty.String".into(),
            Type::Number => "cty.Number".into(),
            Type::Bool => "cty.Bool".into(),
            Type::List(e) => format!("cty.List({})", e.go_string(profile)),
            Type::Set(e) => format!("cty.Set({})", e.go_string(profile)),
            Type::Map(e) => format!("cty.Map({})", e.go_string(profile)),
            Type::Tuple(ts) if ts.is_empty() => "cty.EmptyTuple".into(),
            Type::Tuple(ts) => format!("cty.Tuple([]cty.Type{{{}}})", join(ts.iter().map(|t| t.go_string(profile)))),
            Type::Object(attrs) if attrs.is_empty() => "cty.EmptyObject".into(),
            Type::Object(attrs) => {
                format!(
                    "cty.Object(map[string]cty.Type{{{}}})",
                    join(attrs.iter().map(|(k, t)| format!("{}:{}", go_quote(k, profile), t.go_string(profile))))
                )
            }
        }
    }
}

impl Value {
    /// The value as cty's `GoString` writes it.
    pub fn go_string(&self, profile: Profile) -> String {
        let seq = |vs: &[Value]| format!("[]cty.Value{{{}}}", join(vs.iter().map(|v| v.go_string(profile))));
        let map = |m: &super::SortedMap<Value>| {
            format!("map[string]cty.Value{{{}}}", join(m.iter().map(|(k, v)| format!("{}:{}", go_quote(k, profile), v.go_string(profile)))))
        };
        match self {
            Value::Marked(v, m) => m.go_names().iter().fold(v.go_string(profile), |s, n| format!("{s}.Mark({n})")),
            Value::Null(t) => format!("cty.NullVal({})", t.go_string(profile)),
            Value::Unknown(Type::Dynamic, None) => "cty.DynamicVal".into(),
            Value::Unknown(t, None) => format!("cty.UnknownVal({})", t.go_string(profile)),
            Value::Unknown(t, Some(r)) => match refinement_calls(t, r, profile) {
                calls if calls == ".NotNull()" => format!("cty.UnknownVal({}).RefineNotNull()", t.go_string(profile)),
                calls => format!("cty.UnknownVal({}).Refine(){calls}.NewValue()", t.go_string(profile)),
            },
            Value::Bool(true) => "cty.True".into(),
            Value::Bool(false) => "cty.False".into(),
            Value::Number(n) if n.is_integer() => format!("cty.NumberIntVal({})", n.to_go_text('g', -1)),
            Value::Number(n) => {
                let f = n.to_f64();
                let exact = Number::from_f64(f);
                if f.is_finite() && exact.equals(n, profile) {
                    format!("cty.NumberFloatVal({})", exact.to_go_text('g', -1))
                } else {
                    format!("cty.MustParseNumberVal({})", go_quote(&n.to_decimal_string(), profile))
                }
            }
            Value::String(s) => format!("cty.StringVal({})", go_quote(s, profile)),
            Value::Set(t, vs) if vs.is_empty() => format!("cty.SetValEmpty({})", t.go_string(profile)),
            Value::Set(_, vs) => format!("cty.SetVal({})", seq(vs)),
            Value::List(t, vs) if vs.is_empty() => format!("cty.ListValEmpty({})", t.go_string(profile)),
            Value::List(_, vs) => format!("cty.ListVal({})", seq(vs)),
            Value::Map(t, m) if m.is_empty() => format!("cty.MapValEmpty({})", t.go_string(profile)),
            Value::Map(_, m) => format!("cty.MapVal({})", map(m)),
            Value::Tuple(vs) if vs.is_empty() => "cty.EmptyTupleVal".into(),
            Value::Tuple(vs) => format!("cty.TupleVal({})", seq(vs)),
            Value::Object(m) if m.is_empty() => "cty.EmptyObjectVal".into(),
            Value::Object(m) => format!("cty.ObjectVal({})", map(m)),
        }
    }
}

/// The builder calls cty's `GoString` lists for a refinement.
fn refinement_calls(t: &Type, r: &super::Refinement, profile: Profile) -> String {
    let mut out = String::new();
    if r.not_null {
        out.push_str(".NotNull()");
    }
    match t {
        Type::String if !r.prefix.is_empty() => out.push_str(&format!(".StringPrefixFull({})", go_quote(&r.prefix, profile))),
        Type::Number => {
            if let Some(b) = &r.lower {
                out.push_str(&format!(".NumberLowerBound({}, {})", Value::Number(b.value.clone()).go_string(profile), b.inclusive));
            }
            if let Some(b) = &r.upper {
                out.push_str(&format!(".NumberUpperBound({}, {})", Value::Number(b.value.clone()).go_string(profile), b.inclusive));
            }
        }
        t if t.is_collection() => {
            if r.min_len != 0 {
                out.push_str(&format!(".CollectionLengthLowerBound({})", r.min_len));
            }
            if r.max_len != super::refine::MAX_LEN {
                out.push_str(&format!(".CollectionLengthUpperBound({})", r.max_len));
            }
        }
        _ => {}
    }
    out
}

fn join(items: impl Iterator<Item = String>) -> String {
    items.collect::<Vec<_>>().join(", ")
}
