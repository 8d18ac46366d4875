//! The map and object functions: `keys`, `values`, `lookup`, `merge`,
//! `transpose`, `zipmap`.

use super::super::{CallError, CallResult, Ctx};
use super::seq;
use crate::value::convert::convert;
use crate::value::{go_quote, Type, Value};
use std::collections::BTreeMap;

pub(super) fn keys_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    match a[0].ty() {
        Type::Map(_) => Ok(Type::list(Type::String)),
        Type::Object(attrs) => Ok(Type::tuple(vec![Type::String; attrs.len()])),
        _ => Err(CallError::arg(0, "must have map or object type")),
    }
}

pub(super) fn values_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    match a[0].ty() {
        Type::Map(e) => Ok(Type::List(e)),
        Type::Object(attrs) => Ok(Type::tuple(attrs.values().cloned().collect())),
        _ => Err(CallError::call("values() requires a map as the first argument")),
    }
}

pub(super) fn lookup_type(a: &[Value], profile: crate::profile::Profile) -> Result<Type, CallError> {
    if a.len() > 3 {
        return Err(CallError::call(format!("lookup() takes two or three arguments, got {}", a.len())));
    }
    match a[0].ty() {
        Type::Object(attrs) => {
            let Some(key) = a[1].as_str() else {
                return Ok(Type::Dynamic);
            };
            match attrs.get(key) {
                Some(t) => Ok(t.clone()),
                None if a.len() == 3 => Ok(a[2].ty()),
                None => Err(CallError::arg(0, format!("the given object has no attribute {}", crate::value::go_quote(key, profile)))),
            }
        }
        Type::Map(e) => {
            if a.len() == 3 && convert(&a[2], &e, profile).is_err() {
                return Err(CallError::arg(2, "the default value must have the same type as the map elements"));
            }
            Ok(*e)
        }
        _ => Err(CallError::arg(0, "lookup() requires a map as the first argument")),
    }
}

pub(super) fn lookup(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let ret = ctx.ret.clone();
    let (Some(m), Value::String(key)) = (a[0].as_mapping(), &a[1]) else {
        return Ok(Value::unknown(ret));
    };
    if let Some(v) = m.get(key) {
        return Ok(v.clone());
    }
    if a.len() == 3 {
        return convert(&a[2], &ret, ctx.profile()).map_err(CallError::call);
    }
    Err(CallError::call(format!("lookup failed to find key {}", crate::value::go_quote(key, ctx.profile()))))
}

pub(super) fn merge_type(a: &[Value], profile: crate::profile::Profile) -> Result<Type, CallError> {
    if a.is_empty() {
        return Ok(Type::object(BTreeMap::new()));
    }
    // go-cty 1.18.1 (Terraform) takes a null object for an empty one.
    let null_objects_empty = profile == crate::profile::Profile::Terraform;
    let mut attrs = BTreeMap::new();
    let mut first = None;
    let mut matching = true;
    let mut attrs_known = true;
    for v in a {
        let mut ty = v.ty();
        match (&ty, v.unmarked()) {
            (Type::Dynamic, _) => return Ok(Type::Dynamic),
            (Type::Object(_), Value::Null(_)) if null_objects_empty => ty = Type::object(BTreeMap::new()),
            (Type::Object(at), v) if !v.is_null() => attrs.extend(at.iter().map(|(k, t)| (k.clone(), t.clone()))),
            (Type::Object(_), _) => {}
            (Type::Map(_), Value::Null(_)) => {}
            (Type::Map(_), Value::Unknown(..)) => attrs_known = false,
            (Type::Map(e), Value::Map(_, m)) => attrs.extend(m.keys().map(|k| (k.clone(), (**e).clone()))),
            _ => {
                return Err(CallError::call(format!(
                    "arguments must be maps or objects, got {}",
                    crate::value::go_quote(&ty.friendly_name(), profile)
                )))
            }
        }
        match &first {
            None => first = Some(ty),
            Some(f) if *f != ty => matching = false,
            _ => {}
        }
    }
    if matching {
        return Ok(first.unwrap_or(Type::Dynamic));
    }
    if !attrs_known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::object(attrs))
}

pub(super) fn merge(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let mut out = BTreeMap::new();
    for v in a {
        // A null argument keeps its marks here, and they are dropped.
        match v.unmarked() {
            Value::Null(_) => {}
            Value::Map(_, m) | Value::Object(m) => out.extend(m.iter().map(|(k, v)| (k.clone(), v.clone()))),
            // Reached only when an earlier untyped null left the return
            // type unknown, so nothing checked this argument: cty iterates
            // it anyway, and a set's elements are their own keys.
            Value::Set(_, es) | Value::List(_, es) | Value::Tuple(es) => {
                for e in es {
                    match (v, e) {
                        (Value::Set(..), Value::String(k)) => out.insert(k.clone(), e.clone()),
                        _ => return Err(CallError::panic("not a string")),
                    };
                }
            }
            _ => return Err(CallError::panic("attempt to iterate on non-collection, non-tuple type")),
        }
    }
    ctx.check_size(out.len())?;
    Ok(match &ctx.ret {
        Type::Map(e) => Value::Map((**e).clone(), out.into()),
        _ => Value::Object(out.into()),
    })
}

pub(super) fn transpose(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if !a[0].is_wholly_known() {
        return Ok(Value::unknown(ctx.ret.clone()));
    }
    // Nulls: 2022's Terraform had no check (the legacy answer stays);
    // today's Terraform refuses them in its words, OpenTofu with the path.
    let profile = ctx.profile();
    let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for (k, list) in a[0].as_mapping().into_iter().flatten() {
        if list.is_null() && !profile.is_legacy() {
            return Err(match profile {
                crate::Profile::OpenTofu => CallError::arg(0, format!("cannot use null list for [{}]", go_quote(k, ctx.profile()))),
                _ => CallError::call("input must not contain null list"),
            });
        }
        for (i, v) in seq(list).iter().enumerate() {
            if v.is_null() && !profile.is_legacy() {
                return Err(match profile {
                    crate::Profile::OpenTofu => {
                        CallError::arg(0, format!("cannot use null string for [{}][{i}]", go_quote(k, ctx.profile())))
                    }
                    _ => CallError::call("input list must not contain null string"),
                });
            }
            let Value::String(s) = v else {
                return Err(CallError::call("input must be a map of lists of strings"));
            };
            ctx.charge(1)?;
            out.entry(s.clone()).or_default().push(Value::String(k.clone()));
        }
    }
    Ok(Value::Map(Type::list(Type::String), out.into_iter().map(|(k, v)| (k, Value::List(Type::String, v.into()))).collect()))
}

pub(super) fn zipmap_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    match a[1].ty() {
        Type::List(e) => Ok(Type::Map(e)),
        Type::Tuple(ts) => {
            if !a[0].is_wholly_known() {
                return Ok(Type::Dynamic);
            }
            let keys = seq(&a[0]);
            if keys.len() != ts.len() {
                return Err(CallError::call(format!("number of keys ({}) does not match number of values ({})", keys.len(), ts.len())));
            }
            let mut attrs = BTreeMap::new();
            for (i, (k, t)) in keys.iter().zip(ts.iter().cloned()).enumerate() {
                let Value::String(k) = k.unmarked() else {
                    return Err(CallError::call(format!("keys list has null value at index {i}")));
                };
                attrs.insert(k.clone(), t.clone());
            }
            Ok(Type::object(attrs))
        }
        _ => Err(CallError::call("values argument must be a list or tuple value")),
    }
}

pub(super) fn zipmap(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if !a[0].is_wholly_known() {
        return Ok(Value::unknown(ctx.ret.clone()));
    }
    let (keys, values) = (seq(&a[0]), seq(&a[1]));
    if keys.len() != values.len() {
        return Err(CallError::call(format!("number of keys ({}) does not match number of values ({})", keys.len(), values.len())));
    }
    let mut out = BTreeMap::new();
    // Marks on the keys go to the whole result.
    let mut marks = crate::value::Marks::NONE;
    for (i, (k, v)) in keys.iter().zip(values).enumerate() {
        marks |= k.marks();
        let Value::String(k) = k.unmarked() else {
            // cty checks for null keys only when the values are a tuple.
            if matches!(ctx.ret, Type::Map(_)) {
                return Err(CallError::panic("value is null"));
            }
            return Err(CallError::call(format!("keys list has null value at index {i}")));
        };
        out.insert(k.clone(), v.clone());
    }
    Ok(match &ctx.ret {
        Type::Map(e) => Value::Map((**e).clone(), out.into()),
        _ => Value::Object(out.into()),
    }
    .with_marks(marks))
}
