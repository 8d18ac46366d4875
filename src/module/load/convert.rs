//! Input variable values converted to their type constraints as Terraform
//! converts them: `optional(…)` defaults applied first (typeexpr's
//! `Defaults.Apply`), then go-cty's `Convert`, whose errors carry the path
//! to the part of the value that failed (`["b"]: a number is required`).

use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::profile::Profile;
use crate::syntax::typeexpr::Constraint;
use crate::value::convert::{convert, convertible, mismatch_message};
use crate::value::{go_quote, SortedMap, Type, Value};
use std::collections::BTreeMap;

/// One step of a cty path.
#[derive(Clone, Debug)]
pub enum PathStep {
    Attr(String),
    Key(String),
    Index(usize),
}

/// A conversion failure: where in the value, and why (cty's `PathError`).
#[derive(Clone, Debug)]
pub struct ConvertError {
    pub path: Vec<PathStep>,
    pub message: String,
}

impl ConvertError {
    fn at(message: impl Into<String>) -> ConvertError {
        ConvertError { path: Vec::new(), message: message.into() }
    }

    /// Terraform's `tfdiags.FormatError`: the path, then the message.
    pub fn format(&self, profile: Profile) -> String {
        if self.path.is_empty() {
            return self.message.clone();
        }
        let mut out = String::new();
        for step in &self.path {
            match step {
                PathStep::Attr(n) => out.push_str(&format!(".{n}")),
                PathStep::Key(k) => out.push_str(&format!("[{}]", go_quote(k, profile))),
                PathStep::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        format!("{out}: {}", self.message)
    }
}

/// `v` with the constraint's defaults applied, converted to it.
pub fn to_constraint(v: Value, c: &Constraint, profile: Profile) -> Result<Value, ConvertError> {
    let v = apply_defaults(v, c, profile);
    match has_optional(c) {
        false => convert_with_path(&v, &c.ty(), profile),
        true => with_optional(&v, c, &mut Vec::new(), profile),
    }
}

fn has_optional(c: &Constraint) -> bool {
    match c {
        Constraint::Simple(_) => false,
        Constraint::List(e) | Constraint::Set(e) | Constraint::Map(e) => has_optional(e),
        Constraint::Tuple(es) => es.iter().any(has_optional),
        Constraint::Object(attrs) => attrs.values().any(|a| a.optional || has_optional(&a.ty)),
    }
}

/// A default's value: a constant expression.
fn default_value(e: &crate::syntax::ast::Expression, profile: Profile) -> Option<Value> {
    let vars = SortedMap::new();
    let limits = Limits::default();
    let mut ev = Evaluator::new(&vars, &limits).with_profile(profile).without_context();
    let v = ev.eval(e);
    ev.diags.is_empty().then_some(v)
}

/// typeexpr's `Defaults.Apply`: absent or null optional attributes take
/// their defaults, through nested collections; null and unknown values
/// stay as they are.
fn apply_defaults(v: Value, c: &Constraint, profile: Profile) -> Value {
    if v.is_null() || !v.is_known() {
        return v;
    }
    let (inner, marks) = v.unmark();
    let out = match (c, &inner) {
        (Constraint::Object(attrs), Value::Object(m) | Value::Map(_, m)) => {
            let mut out: BTreeMap<String, Value> = m.iter().map(|(k, x)| (k.clone(), x.clone())).collect();
            for (name, a) in attrs {
                match out.get(name) {
                    Some(x) if !x.is_null() => {
                        let x = apply_defaults(x.clone(), &a.ty, profile);
                        out.insert(name.clone(), x);
                    }
                    _ => {
                        if let Some(d) = a.default.as_ref().and_then(|d| default_value(d, profile)) {
                            out.insert(name.clone(), apply_defaults(d, &a.ty, profile));
                        }
                    }
                }
            }
            Value::Object(out.into())
        }
        (Constraint::List(e) | Constraint::Set(e), Value::Tuple(xs)) => {
            Value::Tuple(xs.iter().map(|x| apply_defaults(x.clone(), e, profile)).collect())
        }
        (Constraint::List(e), Value::List(_, xs)) | (Constraint::Set(e), Value::Set(_, xs)) if has_optional(e) => {
            Value::Tuple(xs.iter().map(|x| apply_defaults(x.clone(), e, profile)).collect())
        }
        (Constraint::Map(e), Value::Object(m)) => {
            Value::Object(m.iter().map(|(k, x)| (k.clone(), apply_defaults(x.clone(), e, profile))).collect())
        }
        (Constraint::Map(e), Value::Map(_, m)) if has_optional(e) => {
            Value::Object(m.iter().map(|(k, x)| (k.clone(), apply_defaults(x.clone(), e, profile))).collect())
        }
        (Constraint::Tuple(cs), Value::Tuple(xs)) => Value::Tuple(
            xs.iter()
                .enumerate()
                .map(|(i, x)| match cs.get(i) {
                    Some(c) => apply_defaults(x.clone(), c, profile),
                    None => x.clone(),
                })
                .collect(),
        ),
        _ => inner,
    };
    out.with_marks(marks)
}

/// cty's `Convert` with its error's path: where a planned conversion
/// fails on a part of the value, the path leads there.
pub fn convert_with_path(v: &Value, want: &Type, profile: crate::profile::Profile) -> Result<Value, ConvertError> {
    match convert(v, want, profile) {
        Ok(x) => Ok(x),
        Err(m) if !convertible(&v.ty(), want) => Err(ConvertError::at(m)),
        Err(m) => Err(locate(v, want, m, profile)),
    }
}

/// The first part of `v` whose own conversion fails, in cty's order.
fn locate(v: &Value, want: &Type, message: String, profile: crate::profile::Profile) -> ConvertError {
    let v = v.unmarked();
    let children: Vec<(PathStep, &Value, Type)> = match (want, v) {
        (Type::Object(attrs), Value::Object(m) | Value::Map(_, m)) => {
            attrs.iter().filter_map(|(k, t)| m.get(k).map(|x| (PathStep::Attr(k.clone()), x, t.clone()))).collect()
        }
        (Type::Map(e), Value::Object(m) | Value::Map(_, m)) => {
            m.iter().map(|(k, x)| (PathStep::Key(k.clone()), x, (**e).clone())).collect()
        }
        (Type::List(e) | Type::Set(e), Value::Tuple(xs) | Value::List(_, xs) | Value::Set(_, xs)) => {
            xs.iter().enumerate().map(|(i, x)| (PathStep::Index(i), x, (**e).clone())).collect()
        }
        (Type::Tuple(ts), Value::Tuple(xs) | Value::List(_, xs)) => {
            xs.iter().zip(ts.iter()).enumerate().map(|(i, (x, t))| (PathStep::Index(i), x, t.clone())).collect()
        }
        _ => Vec::new(),
    };
    for (step, x, t) in children {
        if let Err(m) = convert(x, &t, profile) {
            let mut inner = match convertible(&x.ty(), &t) {
                true => locate(x, &t, m, profile),
                false => ConvertError::at(m),
            };
            inner.path.insert(0, step);
            return inner;
        }
    }
    ConvertError::at(message)
}

/// Conversion to a constraint with optional attributes: absent ones are
/// null, others converted as cty converts to an object type with optional
/// attributes.
fn with_optional(v: &Value, c: &Constraint, path: &mut Vec<PathStep>, profile: crate::profile::Profile) -> Result<Value, ConvertError> {
    let fail = |path: &Vec<PathStep>, e: ConvertError| {
        let mut full = path.clone();
        full.extend(e.path);
        ConvertError { path: full, message: e.message }
    };
    if !has_optional(c) {
        return convert_with_path(v, &c.ty(), profile).map_err(|e| fail(path, e));
    }
    let (inner, marks) = v.clone().unmark();
    if inner.is_null() {
        return Ok(Value::Null(c.ty()).with_marks(marks));
    }
    if !inner.is_known() {
        return convert(&inner, &c.ty(), profile).map(|x| x.with_marks(marks)).map_err(|m| fail(path, ConvertError::at(m)));
    }
    let mismatch = || ConvertError::at(mismatch_message(&inner.ty(), &c.ty(), profile));
    let out = match c {
        Constraint::Object(attrs) => {
            let Some(m) = inner.as_mapping() else { return Err(fail(path, mismatch())) };
            let missing: Vec<String> =
                attrs.iter().filter(|(k, a)| !a.optional && m.get(*k).is_none()).map(|(k, _)| crate::text::json_string(k)).collect();
            match missing.as_slice() {
                [] => {}
                [one] => return Err(fail(path, ConvertError::at(format!("attribute {one} is required")))),
                [a, b] => return Err(fail(path, ConvertError::at(format!("attributes {a} and {b} are required")))),
                [init @ .., last] => {
                    return Err(fail(path, ConvertError::at(format!("attributes {}, and {last} are required", init.join(", ")))))
                }
            }
            let mut out = BTreeMap::new();
            for (k, a) in attrs {
                let x = match m.get(k) {
                    Some(x) => {
                        path.push(PathStep::Attr(k.clone()));
                        let r = with_optional(x, &a.ty, path, profile);
                        path.pop();
                        r?
                    }
                    None => Value::Null(a.ty.ty()),
                };
                out.insert(k.clone(), x);
            }
            Value::Object(out.into())
        }
        Constraint::Tuple(cs) => {
            let Some(xs) = inner.as_sequence().filter(|xs| xs.len() == cs.len()) else { return Err(fail(path, mismatch())) };
            let mut out = Vec::with_capacity(xs.len());
            for (i, (x, ec)) in xs.iter().zip(cs).enumerate() {
                path.push(PathStep::Index(i));
                let r = with_optional(x, ec, path, profile);
                path.pop();
                out.push(r?);
            }
            Value::Tuple(out.into())
        }
        Constraint::List(ec) | Constraint::Set(ec) => {
            let Some(xs) = inner.as_sequence().filter(|_| !matches!(inner, Value::Map(..) | Value::Object(_))) else {
                return Err(fail(path, mismatch()));
            };
            let mut out = Vec::with_capacity(xs.len());
            for (i, x) in xs.iter().enumerate() {
                path.push(PathStep::Index(i));
                let r = with_optional(x, ec, path, profile);
                path.pop();
                out.push(r?);
            }
            convert(&Value::Tuple(out.into()), &c.ty(), profile).map_err(|m| fail(path, ConvertError::at(m)))?
        }
        Constraint::Map(ec) => {
            let Some(m) = inner.as_mapping() else { return Err(fail(path, mismatch())) };
            let mut out = BTreeMap::new();
            for (k, x) in m.iter() {
                path.push(PathStep::Key(k.clone()));
                let r = with_optional(x, ec, path, profile);
                path.pop();
                out.insert(k.clone(), r?);
            }
            convert(&Value::Object(out.into()), &c.ty(), profile).map_err(|m| fail(path, ConvertError::at(m)))?
        }
        Constraint::Simple(t) => convert_with_path(&inner, t, profile).map_err(|e| fail(path, e))?,
    };
    Ok(out.with_marks(marks))
}
