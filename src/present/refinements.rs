//! What is known of unknown values, in words: the console prints only
//! `(known after apply)`, and this says beside it what the engine knows
//! (not null, a prefix, bounds), which Terraform's console does not show
//! (hashicorp/terraform#37714).

use crate::profile::Profile;
use crate::value::go_quote;
use crate::value::refine::MAX_LEN;
use crate::value::{Refinement, Type, Value};

/// Where a refined unknown sits in a value and what is known of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownFacts {
    /// The path from the value's root (`""` for the value itself, then
    /// `[0]`, `.name` or `["key with spaces"]` steps).
    pub path: String,
    /// What is known, e.g. `not null, starts with "ami-"`.
    pub facts: String,
}

/// The most refined unknowns listed (a huge value lists the first ones).
const MAX_LISTED: usize = 100;

/// Every refined unknown in `v`, in the order the console prints them.
///
/// ```
/// use hcl_playground::{evaluate, parse_variables, present, Options};
/// let vars = parse_variables(r#"{"id": {"__unknown__": "string"}}"#).unwrap();
/// let v = evaluate(r#""ami-${id}""#, &vars, &Options::default()).unwrap();
/// let facts = present::known_facts(&v, hcl_playground::Profile::Terraform);
/// assert_eq!(facts[0].facts, r#"not null, starts with "ami-""#);
/// ```
pub fn known_facts(v: &Value, profile: Profile) -> Vec<KnownFacts> {
    let mut out = Vec::new();
    collect(v, &mut String::new(), &mut out, profile);
    out
}

fn collect(v: &Value, path: &mut String, out: &mut Vec<KnownFacts>, profile: Profile) {
    if out.len() >= MAX_LISTED {
        return;
    }
    match v.unmarked() {
        Value::Unknown(t, Some(r)) => out.push(KnownFacts { path: path.clone(), facts: describe(t, r, profile) }),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => {
            for (i, e) in vs.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                collect(e, path, out, profile);
                path.truncate(len);
            }
        }
        Value::Map(_, m) | Value::Object(m) => {
            for (k, e) in m {
                let len = path.len();
                match crate::text::is_identifier(k) {
                    true => path.push_str(&format!(".{k}")),
                    false => path.push_str(&format!("[{}]", go_quote(k, profile))),
                }
                collect(e, path, out, profile);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// A refinement in words: `not null`, `starts with "x"`, `>= 1`, `< 5`,
/// `length 2`, `length >= 1`, `length <= 3`, comma-separated.
pub fn describe(t: &Type, r: &Refinement, profile: Profile) -> String {
    let mut facts = Vec::new();
    if r.not_null {
        facts.push("not null".to_string());
    }
    match t {
        Type::String if !r.prefix.is_empty() => facts.push(format!("starts with {}", go_quote(&r.prefix, profile))),
        Type::Number => {
            if let Some(b) = &r.lower {
                facts.push(format!("{} {}", if b.inclusive { ">=" } else { ">" }, b.value.to_decimal_string()));
            }
            if let Some(b) = &r.upper {
                facts.push(format!("{} {}", if b.inclusive { "<=" } else { "<" }, b.value.to_decimal_string()));
            }
        }
        t if t.is_collection() => match (r.min_len, r.max_len) {
            (lo, hi) if lo == hi => facts.push(format!("length {lo}")),
            (lo, hi) => {
                if lo > 0 {
                    facts.push(format!("length >= {lo}"));
                }
                if hi < MAX_LEN {
                    facts.push(format!("length <= {hi}"));
                }
            }
        },
        _ => {}
    }
    facts.join(", ")
}
