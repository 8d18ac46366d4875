//! The set functions: `setintersection`, `setsubtract`, `setunion` and
//! `setproduct`.

use super::super::{CallError, CallResult, Ctx};
use super::{elem_type, seq};
use crate::value::convert::{convert, length_unknown, unify};
use crate::value::refine::Range;
use crate::value::{Type, Value};

pub(super) fn set_operation_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    let mut etys = Vec::new();
    for v in a {
        let ety = elem_type(v);
        if v.is_known() && seq(v).is_empty() && ety == Type::Dynamic {
            continue;
        }
        etys.push(ety);
    }
    if etys.is_empty() {
        return Ok(Type::set(Type::Dynamic));
    }
    unify(&etys).map(Type::set).ok_or_else(|| CallError::call("given sets must all have compatible element types"))
}

/// cty's `setOperationImpl`. Unless the operation allows unknowns, an
/// unknown element makes the whole result unknown: it might equal any
/// known element.
pub(super) fn set_operation(
    a: &[Value],
    ctx: &mut Ctx,
    allow_unknowns: bool,
    f: fn(&[Value], &[Value], crate::profile::Profile) -> Vec<Value>,
) -> CallResult {
    let ret = ctx.ret.clone();
    let mut acc = Value::unknown(ret.clone());
    for (i, v) in a.iter().enumerate() {
        let v = convert(v, &ret, ctx.profile()).map_err(|m| CallError::arg(i, m))?;
        if !allow_unknowns && !v.is_wholly_known() {
            return Ok(Value::unknown(ret));
        }
        if i == 0 {
            acc = v;
            continue;
        }
        // Converted to a set of unknown element type, the sets can still
        // differ in element type; cty's set operations then panic.
        let (Value::Set(ety, x), Value::Set(other, y)) = (&acc, &v) else {
            return Ok(Value::unknown(ret));
        };
        if ety != other {
            return Err(CallError::panic(format!(
                "incompatible set rules: cty.setRules{{Type:{}}}, cty.setRules{{Type:{}}}",
                ety.go_string(ctx.profile()),
                other.go_string(ctx.profile())
            )));
        }
        ctx.charge((x.len() * y.len()) as u64 / 8 + 1)?;
        acc = Value::set(ety.clone(), f(x, y, ctx.profile()), ctx.profile());
    }
    Ok(acc)
}

pub(super) fn setproduct_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    if a.len() < 2 {
        return Err(CallError::call("at least two arguments are required"));
    }
    let mut lists = 0;
    let mut etys = Vec::with_capacity(a.len());
    for (i, v) in a.iter().enumerate() {
        match v.ty() {
            Type::Set(e) => etys.push(*e),
            Type::List(e) => {
                etys.push(*e);
                lists += 1;
            }
            Type::Tuple(ts) => {
                lists += 1;
                if ts.is_empty() {
                    etys.push(Type::Dynamic);
                } else {
                    etys.push(unify(&ts).ok_or_else(|| CallError::arg(i, "all elements must be of the same type"))?);
                }
            }
            _ => return Err(CallError::arg(i, "a set or a list is required")),
        }
    }
    let tuple = Type::tuple(etys);
    Ok(if lists == a.len() { Type::list(tuple) } else { Type::set(tuple) })
}

/// go-cty 1.14's bounds on a product of unknown length: at most the
/// product of the arguments' greatest lengths (when that stays small), and
/// at least one element unless that product is zero.
fn product_bounds(a: &[Value], ret: Type) -> Value {
    let unknown = Value::unknown(ret);
    let mut max: u64 = 1;
    for v in a {
        let most = match v.ty() {
            Type::Tuple(ts) => ts.len() as u64,
            _ => Range::of(v).max_len(),
        };
        if most > 1024 {
            return unknown;
        }
        max *= most;
        if max > 2048 {
            return unknown;
        }
    }
    match max {
        0 => unknown.refine().min_len(0).max_len(0).value(),
        n => unknown.refine().min_len(1).max_len(n).value(),
    }
}

pub(super) fn setproduct(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let ret = ctx.ret.clone();
    let ety = ret.element_type().cloned().unwrap_or(Type::Dynamic);
    let Type::Tuple(sub) = &ety else { return Ok(Value::unknown(ret)) };
    if a.iter().any(length_unknown) {
        return Ok(match ctx.profile().is_legacy() {
            true => Value::unknown(ret),
            false => product_bounds(a, ret),
        });
    }
    let total = a.iter().try_fold(1usize, |acc, v| acc.checked_mul(seq(v).len())).unwrap_or(usize::MAX);
    ctx.check_size(total)?;
    ctx.charge(total as u64 * a.len() as u64 / 8)?;
    let mut out = Vec::with_capacity(total);
    let mut idx = vec![0usize; a.len()];
    for _ in 0..total {
        let mut row = Vec::with_capacity(a.len());
        for (j, &n) in idx.iter().enumerate() {
            row.push(convert(&seq(&a[j])[n], &sub[j], ctx.profile()).map_err(CallError::call)?);
        }
        out.push(Value::Tuple(row.into()));
        for j in (0..idx.len()).rev() {
            idx[j] += 1;
            if idx[j] < seq(&a[j]).len() {
                break;
            }
            idx[j] = 0;
        }
    }
    Ok(match ret {
        Type::List(_) => Value::List(ety, out.into()),
        _ => Value::set(ety, out, ctx.profile()),
    })
}
