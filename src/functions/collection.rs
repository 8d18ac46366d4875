//! Collection functions.

use super::{num_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret, Ty};
use crate::value::convert::{convert, unify};
use crate::value::ops::equals;
use crate::value::{Number, Type, Value};
use std::collections::BTreeMap;
use unicode_segmentation::UnicodeSegmentation;

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "alltrue",
        category: "collection",
        params: &[Param::new("list", Ty::List(&Ty::Bool))],
        variadic: None,
        ret: Ret::Fixed(Ty::Bool),
        description: "Returns true if all elements in a given collection are true or \"true\"; true for an empty collection.",
        example: "alltrue([true, \"true\"])",
        imp: |a, _| all_any(a, true),
    },
    FunctionDef {
        name: "anytrue",
        category: "collection",
        params: &[Param::new("list", Ty::List(&Ty::Bool))],
        variadic: None,
        ret: Ret::Fixed(Ty::Bool),
        description: "Returns true if any element in a given collection is true or \"true\"; false for an empty collection.",
        example: "anytrue([false, true])",
        imp: |a, _| all_any(a, false),
    },
    FunctionDef {
        name: "coalesce",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("vals", Ty::Any).nullable().unknowns()),
        ret: Ret::Computed(|a| {
            unify(&a.iter().map(Value::ty).collect::<Vec<_>>()).ok_or_else(|| CallError::call("all arguments must have the same type"))
        }),
        description: "Takes any number of arguments and returns the first one that is neither null nor an empty string.",
        example: "coalesce(\"\", \"b\", \"c\")",
        imp: coalesce,
    },
    FunctionDef {
        name: "concat",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("seqs", Ty::Any)),
        ret: Ret::Computed(concat_type),
        description: "Takes two or more lists and combines them into a single list.",
        example: "concat([\"a\", \"\"], [\"b\", \"c\"])",
        imp: concat,
    },
    FunctionDef {
        name: "contains",
        category: "collection",
        params: &[Param::new("list", Ty::Any), Param::new("value", Ty::Any)],
        variadic: None,
        ret: Ret::Fixed(Ty::Bool),
        description: "Determines whether a given list or set contains a given single value as one of its elements.",
        example: "contains([\"a\", \"b\", \"c\"], \"a\")",
        imp: contains,
    },
    FunctionDef {
        name: "element",
        category: "collection",
        params: &[Param::new("list", Ty::Any), Param::new("index", Ty::Number)],
        variadic: None,
        ret: Ret::Computed(element_type),
        description: "Retrieves a single element from a list, wrapping around when the index is past the end.",
        example: "element([\"a\", \"b\", \"c\"], 3)",
        imp: element,
    },
    FunctionDef {
        name: "flatten",
        category: "collection",
        params: &[Param::new("list", Ty::Any)],
        variadic: None,
        ret: Ret::Computed(flatten_type),
        description: "Takes a list and replaces any elements that are lists with a flattened sequence of the list contents.",
        example: "flatten([[\"a\", \"b\"], [], [\"c\"]])",
        imp: |a, ctx| {
            let out = flattened(&a[0]).0;
            ctx.check_size(out.len())?;
            Ok(Value::Tuple(out))
        },
    },
    FunctionDef {
        name: "keys",
        category: "collection",
        params: &[Param::new("inputMap", Ty::Any).unknowns()],
        variadic: None,
        ret: Ret::Computed(keys_type),
        description: "Takes a map and returns a list containing the keys from that map, in lexicographical order.",
        example: "keys({a=1, c=2, d=3})",
        imp: |a, ctx| {
            let Some(m) = a[0].as_mapping() else { return Ok(Value::Unknown(ctx.ret.clone())) };
            let names: Vec<Value> = m.keys().map(|k| Value::String(k.clone())).collect();
            Ok(match a[0] {
                Value::Map(..) => Value::List(Type::String, names),
                _ => Value::Tuple(names),
            })
        },
    },
    FunctionDef {
        name: "length",
        category: "collection",
        params: &[Param::new("value", Ty::Any).unknowns()],
        variadic: None,
        ret: Ret::Computed(|a| match a[0].ty() {
            Type::String | Type::Dynamic | Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Object(_) => {
                Ok(Type::Number)
            }
            _ => Err(CallError::arg(0, "argument must be a string, a collection type, or a structural type")),
        }),
        description: "Determines the length of a string (in grapheme clusters), list, set, map, tuple or object.",
        example: "length([\"a\", \"b\"])",
        imp: length,
    },
    FunctionDef {
        name: "lookup",
        category: "collection",
        params: &[Param::new("inputMap", Ty::Any).unknowns(), Param::new("key", Ty::String).unknowns()],
        variadic: Some(Param::new("default", Ty::Any).nullable().unknowns()),
        ret: Ret::Computed(lookup_type),
        description: "Retrieves the value of a single element from a map, given its key, or the default when the key is absent.",
        example: "lookup({a=\"ay\", b=\"bee\"}, \"c\", \"what?\")",
        imp: lookup,
    },
    FunctionDef {
        name: "merge",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("maps", Ty::Any).nullable().dynamic()),
        ret: Ret::Computed(merge_type),
        description: "Takes any number of maps or objects and returns a single one with all their elements; later arguments win.",
        example: "merge({a=\"b\", c=\"d\"}, {e=\"f\", c=\"z\"})",
        imp: merge,
    },
    FunctionDef {
        name: "range",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("params", Ty::Number)),
        ret: Ret::Fixed(Ty::List(&Ty::Number)),
        description: "Generates a list of numbers using a start value, a limit value, and a step value (at most 1024 values).",
        example: "range(1, 4)",
        imp: range,
    },
    FunctionDef {
        name: "sum",
        category: "collection",
        params: &[Param::new("list", Ty::Any)],
        variadic: None,
        ret: Ret::Fixed(Ty::Number),
        description: "Takes a list or set of numbers and returns the sum of those numbers.",
        example: "sum([10, 13, 6, 4.5])",
        imp: sum,
    },
    FunctionDef {
        name: "values",
        category: "collection",
        params: &[Param::new("mapping", Ty::Any)],
        variadic: None,
        ret: Ret::Computed(values_type),
        description: "Takes a map and returns a list containing the values of its elements, ordered by key.",
        example: "values({a=3, c=2, d=1})",
        imp: |a, ctx| {
            let vals: Vec<Value> = a[0].as_mapping().map(|m| m.values().cloned().collect()).unwrap_or_default();
            Ok(match &ctx.ret {
                Type::List(e) => Value::List((**e).clone(), vals),
                _ => Value::Tuple(vals),
            })
        },
    },
];

fn all_any(a: &[Value], all: bool) -> CallResult {
    let mut result = all;
    for v in a[0].as_sequence().unwrap_or(&[]) {
        match v {
            Value::Unknown(_) => return Ok(Value::Unknown(Type::Bool)),
            Value::Bool(b) if *b != all => result = !all,
            _ => {}
        }
    }
    Ok(Value::Bool(result))
}

fn coalesce(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let ret = ctx.ret.clone();
    for v in a {
        let v = convert(v, &ret).unwrap_or_else(|_| v.clone());
        if !v.is_known() {
            return Ok(Value::Unknown(ret));
        }
        if v.is_null() || (ret == Type::String && v.as_str() == Some("")) {
            continue;
        }
        return Ok(v);
    }
    Err(CallError::call("no non-null, non-empty-string arguments"))
}

fn concat_type(a: &[Value]) -> Result<Type, CallError> {
    if a.is_empty() {
        return Err(CallError::call("at least one argument is required"));
    }
    if matches!(a[0].ty(), Type::List(_)) {
        let tys: Vec<Type> = a.iter().map(Value::ty).collect();
        if tys.iter().all(|t| matches!(t, Type::List(_))) {
            if let Some(t) = unify(&tys) {
                return Ok(t);
            }
        }
    }
    let mut etys = Vec::new();
    for (i, v) in a.iter().enumerate() {
        match v.ty() {
            Type::Tuple(ts) => etys.extend(ts),
            Type::List(e) => {
                let Some(n) = v.len() else {
                    return Ok(Type::Dynamic);
                };
                etys.extend(std::iter::repeat((*e).clone()).take(n));
            }
            other => return Err(CallError::arg(i, format!("all arguments must be lists or tuples; got {}", other.friendly_name()))),
        }
    }
    Ok(Type::Tuple(etys))
}

fn concat(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let ret = ctx.ret.clone();
    let mut out = Vec::new();
    for (i, v) in a.iter().enumerate() {
        let v = if matches!(ret, Type::List(_)) { convert(v, &ret).map_err(|m| CallError::arg(i, m))? } else { v.clone() };
        out.extend(v.as_sequence().unwrap_or(&[]).iter().cloned());
    }
    ctx.check_size(out.len())?;
    Ok(match ret {
        Type::List(e) => Value::List(*e, out),
        _ => Value::Tuple(out),
    })
}

fn contains(a: &[Value], _: &mut Ctx) -> CallResult {
    let Some(elems) = a[0].as_sequence() else {
        return Err(CallError::arg(0, "argument must be list, tuple, or set"));
    };
    let mut unknown = false;
    for e in elems {
        match equals(e, &a[1]) {
            Value::Bool(true) => return Ok(Value::Bool(true)),
            Value::Bool(false) => {}
            _ => unknown = true,
        }
    }
    Ok(if unknown { Value::Unknown(Type::Bool) } else { Value::Bool(false) })
}

fn element_type(a: &[Value]) -> Result<Type, CallError> {
    match a[0].ty() {
        Type::List(e) => Ok(*e),
        Type::Tuple(ts) => {
            let Some(n) = num_arg(a, 1) else {
                return Ok(Type::Dynamic);
            };
            let i = n.to_i64().ok_or_else(|| CallError::arg(1, "invalid index: value must be a whole number"))?;
            if ts.is_empty() {
                return Err(CallError::arg(0, "cannot use element function with an empty list"));
            }
            if i < 0 {
                return Err(CallError::arg(1, "cannot use element function with a negative index"));
            }
            Ok(ts[(i as usize) % ts.len()].clone())
        }
        _ => Err(CallError::arg(0, "cannot read elements from this type")),
    }
}

fn element(a: &[Value], _: &mut Ctx) -> CallResult {
    let elems = a[0].as_sequence().unwrap_or(&[]);
    let n = num_arg(a, 1).ok_or_else(|| CallError::arg(1, "a number is required"))?;
    let i = n.to_i64().ok_or_else(|| CallError::arg(1, "invalid index: value must be a whole number"))?;
    if i < 0 {
        return Err(CallError::arg(1, "cannot use element function with a negative index"));
    }
    if elems.is_empty() {
        return Err(CallError::arg(0, "cannot use element function with an empty list"));
    }
    Ok(elems[(i as usize) % elems.len()].clone())
}

fn flatten_type(a: &[Value]) -> Result<Type, CallError> {
    if !a[0].is_wholly_known() {
        return Ok(Type::Dynamic);
    }
    if !matches!(a[0].ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
        return Err(CallError::arg(0, "can only flatten lists, sets and tuples"));
    }
    let (vals, known) = flattened(&a[0]);
    if !known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::Tuple(vals.iter().map(Value::ty).collect()))
}

fn flattened(v: &Value) -> (Vec<Value>, bool) {
    let mut out = Vec::new();
    let mut known = true;
    for e in v.as_sequence().unwrap_or(&[]) {
        if matches!(e, Value::Unknown(Type::Dynamic)) {
            known = false;
        }
        if !e.is_null() && matches!(e.ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
            if !e.is_known() {
                known = false;
                continue;
            }
            let (inner, k) = flattened(e);
            known &= k;
            out.extend(inner);
        } else {
            out.push(e.clone());
        }
    }
    (out, known)
}

fn keys_type(a: &[Value]) -> Result<Type, CallError> {
    match a[0].ty() {
        Type::Map(_) => Ok(Type::list(Type::String)),
        Type::Object(attrs) => Ok(Type::Tuple(vec![Type::String; attrs.len()])),
        Type::Dynamic => Ok(Type::Dynamic),
        _ => Err(CallError::arg(0, "must have map or object type")),
    }
}

fn values_type(a: &[Value]) -> Result<Type, CallError> {
    match a[0].ty() {
        Type::Map(e) => Ok(Type::List(e)),
        Type::Object(attrs) => Ok(Type::Tuple(attrs.into_values().collect())),
        _ => Err(CallError::arg(0, "values() requires a map as the first argument")),
    }
}

fn length(a: &[Value], _: &mut Ctx) -> CallResult {
    let v = &a[0];
    Ok(match (v, v.ty()) {
        (_, Type::Dynamic) => Value::Unknown(Type::Number),
        (_, Type::Tuple(ts)) => Value::int(ts.len() as i64),
        (_, Type::Object(attrs)) => Value::int(attrs.len() as i64),
        (Value::String(s), _) => Value::int(s.graphemes(true).count() as i64),
        (Value::Unknown(_), _) => Value::Unknown(Type::Number),
        (Value::Set(_, es), _) if !es.iter().all(Value::is_known) => Value::Unknown(Type::Number),
        (v, _) => Value::int(v.len().unwrap_or(0) as i64),
    })
}

fn lookup_type(a: &[Value]) -> Result<Type, CallError> {
    if a.len() > 3 {
        return Err(CallError::call(format!("lookup() takes two or three arguments, got {}", a.len())));
    }
    match a[0].ty() {
        Type::Object(attrs) => {
            let Value::String(key) = &a[1] else {
                return Ok(Type::Dynamic);
            };
            match attrs.get(key) {
                Some(t) => Ok(t.clone()),
                None if a.len() == 3 => Ok(a[2].ty()),
                None => Err(CallError::arg(0, format!("the given object has no attribute {}", crate::eval::quote(key)))),
            }
        }
        Type::Map(e) => {
            if a.len() == 3 && convert(&a[2], &e).is_err() {
                return Err(CallError::arg(2, "the default value must have the same type as the map elements"));
            }
            Ok(*e)
        }
        _ => Err(CallError::arg(0, "lookup() requires a map as the first argument")),
    }
}

fn lookup(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let ret = ctx.ret.clone();
    let (Some(m), Value::String(key)) = (a[0].as_mapping(), &a[1]) else {
        return Ok(Value::Unknown(ret));
    };
    if let Some(v) = m.get(key) {
        return Ok(v.clone());
    }
    if a.len() == 3 {
        return convert(&a[2], &ret).map_err(CallError::call);
    }
    Err(CallError::call(format!("lookup failed to find key {}", crate::eval::quote(key))))
}

fn merge_type(a: &[Value]) -> Result<Type, CallError> {
    if a.is_empty() {
        return Ok(Type::Object(BTreeMap::new()));
    }
    let mut attrs = BTreeMap::new();
    let first = a[0].ty();
    let mut matching = true;
    let mut attrs_known = true;
    for (i, v) in a.iter().enumerate() {
        let ty = v.ty();
        match (&ty, v) {
            (Type::Dynamic, _) => return Ok(Type::Dynamic),
            (Type::Object(at), v) if !v.is_null() => attrs.extend(at.clone()),
            (Type::Object(_), _) => {}
            (Type::Map(_), Value::Null(_)) => {}
            (Type::Map(_), Value::Unknown(_)) => attrs_known = false,
            (Type::Map(e), Value::Map(_, m)) => attrs.extend(m.keys().map(|k| (k.clone(), (**e).clone()))),
            _ => {
                return Err(CallError::arg(
                    i,
                    format!("arguments must be maps or objects, got {}", crate::eval::quote(&ty.friendly_name())),
                ))
            }
        }
        if ty != first {
            matching = false;
        }
    }
    if matching {
        return Ok(first);
    }
    if !attrs_known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::Object(attrs))
}

fn merge(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let mut out = BTreeMap::new();
    for v in a {
        if let Some(m) = v.as_mapping() {
            out.extend(m.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
    }
    ctx.check_size(out.len())?;
    Ok(match &ctx.ret {
        Type::Map(e) => Value::Map((**e).clone(), out),
        _ => Value::Object(out),
    })
}

fn range(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let n = |i: usize| num_arg(a, i).cloned().ok_or_else(|| CallError::arg(i, "a number is required"));
    let zero = Number::zero();
    let (start, end, step) = match a.len() {
        1 => {
            let end = n(0)?;
            let step = if end.compare(&zero).is_lt() { -1 } else { 1 };
            (zero.clone(), end, Number::from_i64(step))
        }
        2 => {
            let (s, e) = (n(0)?, n(1)?);
            let step = if e.compare(&s).is_lt() { -1 } else { 1 };
            (s, e, Number::from_i64(step))
        }
        3 => (n(0)?, n(1)?, n(2)?),
        _ => return Err(CallError::call("must have one, two, or three arguments")),
    };
    let down = step.compare(&zero).is_lt();
    if down && end.compare(&start).is_gt() {
        return Err(CallError::arg(1, "end must be less than start when step is negative"));
    }
    if !down && end.compare(&start).is_lt() {
        return Err(CallError::arg(1, "end must be greater than start when step is positive"));
    }
    let mut vals = Vec::new();
    let mut cur = start;
    loop {
        let done = if down { cur.compare(&end).is_le() } else { cur.compare(&end).is_ge() };
        if done {
            break;
        }
        if vals.len() >= 1024 {
            return Err(CallError::call(
                "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step",
            ));
        }
        ctx.charge(1)?;
        let next = cur.add(&step).map_err(CallError::call)?;
        vals.push(Value::Number(cur));
        cur = next;
    }
    Ok(Value::List(Type::Number, vals))
}

fn sum(a: &[Value], _: &mut Ctx) -> CallResult {
    let l = &a[0];
    let Some(elems) = l.as_sequence() else {
        return Err(CallError::arg(0, "cannot sum noniterable"));
    };
    if matches!(l, Value::Map(..) | Value::Object(_)) {
        return Err(CallError::arg(0, format!("argument must be list, set, or tuple. Received {}", l.ty().friendly_name())));
    }
    if elems.is_empty() {
        return Err(CallError::arg(0, "cannot sum an empty list"));
    }
    let mut acc: Option<Number> = None;
    for v in elems {
        let Ok(Value::Number(n)) = convert(v, &Type::Number) else {
            return Err(CallError::arg(0, "argument must be list, set, or tuple of number values"));
        };
        acc = Some(match acc {
            None => n,
            Some(x) => x.add(&n).map_err(CallError::call)?,
        });
    }
    Ok(Value::Number(acc.unwrap_or_else(Number::zero)))
}
