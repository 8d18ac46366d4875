//! `selectormatch` and `selectorlookup`: go-bexpr (v0.1.10) boolean
//! expressions over a map of strings, such as `env == prod and
//! "us" in region`.
#![cfg_attr(not(feature = "heavy-functions"), allow(dead_code, unused_imports))]

use super::bexpr::{parse, Expr, Op};
use super::{def, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::profile::Profile;
use crate::value::{SortedMap, Type, Value};

pub(super) const MATCH: FunctionDef = def(
    "selectormatch",
    "selector",
    &[Param::new("map", "map(string)"), Param::new("selector", "string")],
    None,
    Ret::Fixed("bool"),
    "Whether a map of strings (labels) matches a go-bexpr selector.",
    "selectormatch({env = \"prod\"}, \"env == prod\")",
    heavy!(selectormatch),
);
pub(super) const LOOKUP: FunctionDef = def(
    "selectorlookup",
    "selector",
    &[Param::new("map", "map(string)"), Param::new("selectormap", "map(any)"), Param::new("default", "any")],
    None,
    Ret::Computed(lookup_type),
    "The value of the first selector (in key order) the map matches, else the default.",
    "selectorlookup({env = \"prod\"}, {\"env == dev\" = 1, \"env == prod\" = 2}, 0)",
    heavy!(selectorlookup),
);

fn lookup_type(a: &[Value], _: Profile) -> Result<Type, CallError> {
    let want = match a[1].ty() {
        Type::Map(e) => *e,
        other => other,
    };
    match a[2].ty() == want {
        true => Ok(want),
        false => Err(CallError::call("default value type must match types of selector map")),
    }
}

fn selectormatch(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let labels = strings(&a[0]);
    let expr = parse(str_arg(a, 1)).map_err(CallError::call)?;
    Ok(Value::Bool(eval(&expr, &labels, ctx.profile()).map_err(CallError::call)?))
}

fn selectorlookup(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let labels = strings(&a[0]);
    for (selector, v) in a[1].as_mapping().into_iter().flat_map(|m| m.iter()) {
        let expr = parse(selector).map_err(CallError::call)?;
        if eval(&expr, &labels, ctx.profile()).map_err(CallError::call)? {
            return Ok(v.clone());
        }
    }
    Ok(a[2].clone())
}

fn strings(v: &Value) -> SortedMap<String> {
    v.as_mapping().into_iter().flat_map(|m| m.iter()).map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect()
}

/// A JSON pointer's text, as pointerstructure writes it in errors.
fn pointer(parts: &[String]) -> String {
    parts.iter().map(|p| format!("/{}", p.replace('~', "~0").replace('/', "~1"))).collect()
}

fn eval(e: &Expr, labels: &SortedMap<String>, profile: Profile) -> Result<bool, String> {
    match e {
        Expr::Or(l, r) => Ok(eval(l, labels, profile)? || eval(r, labels, profile)?),
        Expr::And(l, r) => Ok(eval(l, labels, profile)? && eval(r, labels, profile)?),
        Expr::Not(inner) => Ok(!eval(inner, labels, profile)?),
        Expr::Match { selector, op, value } => {
            let ptr = pointer(selector);
            // The parser gives every selector at least one part.
            let first = &selector[0];
            let found = labels.get(first).ok_or_else(|| {
                format!("error finding value in datum: {ptr} at part 0: couldn't find key {}", crate::value::go_quote(first, profile))
            })?;
            if selector.len() > 1 {
                return Err(format!("error finding value in datum: {ptr}: at part 1, invalid value kind: string"));
            }
            let value = value.as_deref().unwrap_or_default();
            Ok(match op {
                Op::Equal => found == value,
                Op::NotEqual => found != value,
                Op::In => found.contains(value),
                Op::NotIn => !found.contains(value),
                Op::IsEmpty => found.is_empty(),
                Op::IsNotEmpty => !found.is_empty(),
                Op::Matches | Op::NotMatches => {
                    let re = crate::functions::string::re2::compile(value, profile).map_err(|e| {
                        format!("Failed to compile regular expression {}: {}", crate::value::go_quote(value, profile), e.go())
                    })?;
                    re.first(found).is_some() == (*op == Op::Matches)
                }
            })
        }
    }
}
