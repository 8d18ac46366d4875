//! Collection functions: the registry's table for the category, and the
//! list and tuple functions; maps and sets have files of their own.

mod maps;
mod sets;

use crate::profile::Profile;
use maps::{keys_type, lookup, lookup_type, merge, merge_type, transpose, values_type, zipmap, zipmap_type};
use sets::{set_operation, set_operation_type, setproduct, setproduct_type};

use super::{num_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::value::convert::{convert, length_unknown, list_of, unify};
use crate::value::ops::equals;
use crate::value::refine::{length_bounds, Range};
use crate::value::{Marks, Number, Type, Value};

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "alltrue",
        category: "collection",
        params: &[Param::new("list", "list(bool)")],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Returns true if all elements in a given collection are true or \"true\"; true for an empty collection.",
        example: "alltrue([true, \"true\"])",
        imp: |a, _| all_any(a, true),
    },
    FunctionDef {
        name: "anytrue",
        category: "collection",
        params: &[Param::new("list", "list(bool)")],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Returns true if any element in a given collection is true or \"true\"; false for an empty collection.",
        example: "anytrue([false, true])",
        imp: |a, _| all_any(a, false),
    },
    FunctionDef {
        name: "coalesce",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("vals", "dynamic").nullable().unknowns()),
        ret: Ret::Computed(|a, _| {
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
        variadic: Some(Param::new("seqs", "dynamic").top_marked()),
        ret: Ret::Computed(concat_type),
        description: "Takes two or more lists and combines them into a single list.",
        example: "concat([\"a\", \"\"], [\"b\", \"c\"])",
        imp: concat,
    },
    FunctionDef {
        name: "contains",
        category: "collection",
        params: &[Param::new("list", "dynamic"), Param::new("value", "dynamic")],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Determines whether a given list or set contains a given single value as one of its elements.",
        example: "contains([\"a\", \"b\", \"c\"], \"a\")",
        imp: contains,
    },
    FunctionDef {
        name: "element",
        category: "collection",
        params: &[Param::new("list", "dynamic").top_marked(), Param::new("index", "number")],
        variadic: None,
        ret: Ret::Computed(element_type),
        description: "Retrieves a single element from a list, wrapping around when the index is past the end.",
        example: "element([\"a\", \"b\", \"c\"], 3)",
        imp: element,
    },
    FunctionDef {
        name: "flatten",
        category: "collection",
        params: &[Param::new("list", "dynamic").marked()],
        variadic: None,
        ret: Ret::Computed(flatten_type),
        description: "Takes a list and replaces any elements that are lists with a flattened sequence of the list contents.",
        example: "flatten([[\"a\", \"b\"], [], [\"c\"]])",
        imp: |a, ctx| {
            let (out, known, marks) = flattened(&a[0]);
            if !known {
                return Ok(Value::unknown(ctx.ret.clone()).with_marks(marks));
            }
            ctx.check_size(out.len())?;
            Ok(Value::Tuple(out.into()).with_marks(marks))
        },
    },
    FunctionDef {
        name: "keys",
        category: "collection",
        params: &[Param::new("inputMap", "dynamic").unknown_values().top_marked()],
        variadic: None,
        ret: Ret::Computed(keys_type),
        description: "Takes a map and returns a list containing the keys from that map, in lexicographical order.",
        example: "keys({a=1, c=2, d=3})",
        imp: |a, ctx| {
            let names = |keys: Vec<&String>| keys.into_iter().map(|k| Value::String(k.clone())).collect();
            // An object's attribute names are in its type, known or not.
            if let Type::Object(attrs) = a[0].ty() {
                return Ok(Value::Tuple(names(attrs.keys().collect())));
            }
            match a[0].as_mapping() {
                Some(m) => Ok(Value::List(Type::String, names(m.keys().collect()))),
                None => Ok(Value::unknown(ctx.ret.clone())),
            }
        },
    },
    FunctionDef {
        name: "length",
        category: "collection",
        params: &[Param::new("value", "dynamic").unknowns().top_marked()],
        variadic: None,
        ret: Ret::Computed(|a, _| match a[0].ty() {
            Type::String | Type::Dynamic | Type::List(_) | Type::Set(_) | Type::Map(_) | Type::Tuple(_) | Type::Object(_) => {
                Ok(Type::Number)
            }
            _ => Err(CallError::call("argument must be a string, a collection type, or a structural type")),
        }),
        description: "Determines the length of a string (in grapheme clusters), list, set, map, tuple or object.",
        example: "length([\"a\", \"b\"])",
        imp: length,
    },
    FunctionDef {
        name: "lookup",
        category: "collection",
        params: &[Param::new("inputMap", "dynamic").unknown_values().top_marked(), Param::new("key", "string").unknown_values().top_marked()],
        variadic: Some(Param::new("default", "dynamic").nullable().unknowns().marked()),
        ret: Ret::Computed(lookup_type),
        description: "Retrieves the value of a single element from a map, given its key, or the default when the key is absent.",
        example: "lookup({a=\"ay\", b=\"bee\"}, \"c\", \"what?\")",
        imp: lookup,
    },
    FunctionDef {
        name: "merge",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("maps", "dynamic").nullable().dynamic().top_marked()),
        ret: Ret::Computed(merge_type),
        description: "Takes any number of maps or objects and returns a single one with all their elements; later arguments win.",
        example: "merge({a=\"b\", c=\"d\"}, {e=\"f\", c=\"z\"})",
        imp: merge,
    },
    FunctionDef {
        name: "range",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("params", "number")),
        ret: Ret::Fixed("list(number)"),
        description: "Generates a list of numbers using a start value, a limit value, and a step value (at most 1024 values).",
        example: "range(1, 4)",
        imp: range,
    },
    FunctionDef {
        name: "sum",
        category: "collection",
        params: &[Param::new("list", "dynamic")],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Takes a list or set of numbers and returns the sum of those numbers.",
        example: "sum([10, 13, 6, 4.5])",
        imp: sum,
    },
    FunctionDef {
        name: "values",
        category: "collection",
        params: &[Param::new("mapping", "dynamic").top_marked()],
        variadic: None,
        ret: Ret::Computed(values_type),
        description: "Takes a map and returns a list containing the values of its elements, ordered by key.",
        example: "values({a=3, c=2, d=1})",
        imp: |a, ctx| {
            let vals: Vec<Value> = a[0].as_mapping().map(|m| m.values().cloned().collect()).unwrap_or_default();
            Ok(match &ctx.ret {
                Type::List(e) => Value::List((**e).clone(), vals.into()),
                _ => Value::Tuple(vals.into()),
            })
        },
    },
    FunctionDef {
        name: "chunklist",
        category: "collection",
        params: &[Param::new("list", "list(dynamic)").top_marked(), Param::new("size", "number").top_marked()],
        variadic: None,
        ret: Ret::Computed(|a, _| Ok(Type::list(a[0].ty()))),
        description: "Splits a single list into fixed-size chunks, returning a list of lists.",
        example: "chunklist([\"a\", \"b\", \"c\", \"d\", \"e\"], 2)",
        imp: chunklist,
    },
    FunctionDef {
        name: "coalescelist",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("vals", "dynamic").nullable().unknowns()),
        ret: Ret::Computed(coalescelist_type),
        description: "Takes any number of list arguments and returns the first one that isn't empty.",
        example: "coalescelist([], [\"c\", \"d\"])",
        imp: coalescelist,
    },
    FunctionDef {
        name: "compact",
        category: "collection",
        params: &[Param::new("list", "list(string)")],
        variadic: None,
        ret: Ret::Fixed("list(string)"),
        description: "Takes a list of strings and returns a new list with any null or empty string elements removed.",
        example: "compact([\"a\", \"\", \"b\", null, \"c\"])",
        imp: |a, _| {
            if !a[0].is_wholly_known() {
                return Ok(Value::unknown(Type::list(Type::String)));
            }
            let out: Vec<Value> = seq(&a[0]).iter().filter(|v| !v.is_null() && v.as_str() != Some("")).cloned().collect();
            Ok(Value::List(Type::String, out.into()))
        },
    },
    FunctionDef {
        name: "distinct",
        category: "collection",
        params: &[Param::new("list", "list(dynamic)")],
        variadic: None,
        ret: Ret::Computed(|a, _| Ok(a[0].ty())),
        description: "Takes a list and returns a new list with any duplicate elements removed, keeping the first of each.",
        example: "distinct([\"a\", \"b\", \"a\", \"c\", \"d\", \"b\"])",
        imp: |a, ctx| {
            if !a[0].is_wholly_known() {
                return Ok(Value::unknown(ctx.ret.clone()));
            }
            let mut out: Vec<Value> = Vec::new();
            for v in seq(&a[0]) {
                ctx.charge(out.len() as u64 / 8 + 1)?;
                if !out.iter().any(|o| matches!(equals(o, v, ctx.profile()), Value::Bool(true))) {
                    out.push(v.clone());
                }
            }
            Ok(Value::List(elem_type(&a[0]), out.into()))
        },
    },
    FunctionDef {
        name: "index",
        category: "collection",
        params: &[Param::new("list", "dynamic"), Param::new("value", "dynamic")],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Finds the element index for a given value in a list.",
        example: "index([\"a\", \"b\", \"c\"], \"b\")",
        imp: index,
    },
    FunctionDef {
        name: "list",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("vals", "dynamic")),
        ret: Ret::Computed(|_, profile| removed(profile, "list", "tolist([ ... ])", "list", true)),
        description: "Removed in Terraform v0.12: write a literal list with tolist([ ... ]) instead.",
        example: "tolist([\"a\", \"b\"])",
        imp: |_, ctx| removed(ctx.profile(), "list", "tolist([ ... ])", "list", false).map(Value::unknown),
    },
    FunctionDef {
        name: "map",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("vals", "dynamic")),
        ret: Ret::Computed(|_, profile| removed(profile, "map", "tomap({ ... })", "map", true)),
        description: "Removed in Terraform v0.12: write a literal map with tomap({ ... }) instead.",
        example: "tomap({a = \"b\"})",
        imp: |_, ctx| removed(ctx.profile(), "map", "tomap({ ... })", "map", false).map(Value::unknown),
    },
    FunctionDef {
        name: "matchkeys",
        category: "collection",
        params: &[Param::new("values", "list(dynamic)"), Param::new("keys", "list(dynamic)"), Param::new("searchset", "list(dynamic)")],
        variadic: None,
        ret: Ret::Computed(|a, _| match unify(&[a[1].ty(), a[2].ty()]) {
            Some(_) => Ok(a[0].ty()),
            None => Err(CallError::call("keys and searchset must be of the same type")),
        }),
        description: "Constructs a new list by taking a subset of elements from one list whose indexes match the corresponding indexes of values in another list.",
        example: "matchkeys([\"i-123\", \"i-abc\", \"i-def\"], [\"us-west\", \"us-east\", \"us-east\"], [\"us-east\"])",
        imp: matchkeys,
    },
    FunctionDef {
        name: "one",
        category: "collection",
        params: &[Param::new("list", "dynamic")],
        variadic: None,
        ret: Ret::Computed(one_type),
        description: "Takes a list, set, or tuple with zero or one elements and returns its element, or null if it is empty.",
        example: "one([\"hello\"])",
        imp: |a, ctx| match seq(&a[0]) {
            _ if length_unknown(&a[0]) => Ok(Value::unknown(ctx.ret.clone())),
            [] => Ok(Value::Null(ctx.ret.clone())),
            [only] => Ok(only.clone()),
            _ => Err(CallError::arg(0, "must be a list, set, or tuple value with either zero or one elements")),
        },
    },
    FunctionDef {
        name: "reverse",
        category: "collection",
        params: &[Param::new("list", "dynamic").top_marked()],
        variadic: None,
        ret: Ret::Computed(|a, _| match a[0].ty() {
            Type::Tuple(mut ts) => {
                std::sync::Arc::make_mut(&mut ts).reverse();
                Ok(Type::Tuple(ts))
            }
            Type::List(e) | Type::Set(e) => Ok(Type::List(e)),
            other => Err(CallError::arg(0, format!("can only reverse list or tuple values, not {}", other.friendly_name()))),
        }),
        description: "Takes a sequence and produces a new sequence of the same length with all of the same elements, in reverse order.",
        example: "reverse([1, 2, 3])",
        imp: |a, ctx| {
            let mut out = seq(&a[0]).to_vec();
            out.reverse();
            Ok(match &ctx.ret {
                Type::List(e) => Value::List((**e).clone(), out.into()),
                _ => Value::Tuple(out.into()),
            })
        },
    },
    FunctionDef {
        name: "setintersection",
        category: "collection",
        params: &[Param::new("first_set", "set(dynamic)").dynamic()],
        variadic: Some(Param::new("other_sets", "set(dynamic)").dynamic()),
        ret: Ret::Computed(set_operation_type),
        description: "Takes multiple sets and produces a single set containing only the elements that all of the given sets have in common.",
        example: "setintersection([\"a\", \"b\"], [\"b\", \"c\"], [\"b\", \"d\"])",
        imp: |a, ctx| set_operation(a, ctx, false, |x, y, profile| x.iter().filter(|e| contains_equal(y, e, profile)).cloned().collect()),
    },
    FunctionDef {
        name: "setproduct",
        category: "collection",
        params: &[],
        variadic: Some(Param::new("sets", "dynamic").unknown_values().top_marked()),
        ret: Ret::Computed(setproduct_type),
        description: "Finds all of the possible combinations of elements from all of the given sets by computing the Cartesian product.",
        example: "setproduct([\"development\", \"staging\"], [\"app1\", \"app2\"])",
        imp: setproduct,
    },
    FunctionDef {
        name: "setsubtract",
        category: "collection",
        params: &[Param::new("a", "set(dynamic)").dynamic(), Param::new("b", "set(dynamic)").dynamic()],
        variadic: None,
        ret: Ret::Computed(set_operation_type),
        description: "Returns a new set containing the elements from the first set that are not present in the second set.",
        example: "setsubtract([\"a\", \"b\", \"c\"], [\"a\", \"c\"])",
        imp: |a, ctx| set_operation(a, ctx, false, |x, y, profile| x.iter().filter(|e| !contains_equal(y, e, profile)).cloned().collect()),
    },
    FunctionDef {
        name: "setunion",
        category: "collection",
        params: &[Param::new("first_set", "set(dynamic)").dynamic()],
        variadic: Some(Param::new("other_sets", "set(dynamic)").dynamic()),
        ret: Ret::Computed(set_operation_type),
        description: "Takes multiple sets and produces a single set containing the elements from all of the given sets.",
        example: "setunion([\"a\", \"b\"], [\"b\", \"c\"], [\"d\"])",
        imp: |a, ctx| set_operation(a, ctx, true, |x, y, _| x.iter().chain(y.iter()).cloned().collect()),
    },
    FunctionDef {
        name: "slice",
        category: "collection",
        params: &[Param::new("list", "dynamic").top_marked(), Param::new("start_index", "number"), Param::new("end_index", "number")],
        variadic: None,
        ret: Ret::Computed(slice_type),
        description: "Extracts some consecutive elements from within a list.",
        example: "slice([\"a\", \"b\", \"c\", \"d\"], 1, 3)",
        imp: |a, ctx| {
            let (start, end) = slice_indexes(a)?.unwrap_or((0, 0));
            let out = seq(&a[0])[start..end].to_vec();
            Ok(match &ctx.ret {
                Type::List(e) => Value::List((**e).clone(), out.into()),
                Type::Dynamic => Value::unknown(Type::Dynamic),
                _ => Value::Tuple(out.into()),
            })
        },
    },
    FunctionDef {
        name: "sort",
        category: "collection",
        params: &[Param::new("list", "list(string)").unknown_values()],
        variadic: None,
        ret: Ret::Fixed("list(string)"),
        description: "Takes a list of strings and returns a new list with those strings sorted lexicographically.",
        example: "sort([\"e\", \"d\", \"a\", \"x\"])",
        imp: |a, ctx| {
            if !a[0].is_wholly_known() {
                // go-cty 1.13 and later: the order is not known, the length is.
                let unknown = Value::unknown(Type::list(Type::String));
                if ctx.profile().is_legacy() || !matches!(a[0].ty(), Type::List(_)) {
                    return Ok(unknown);
                }
                let r = Range::of(&a[0]);
                return Ok(unknown.refine().min_len(r.min_len()).max_len(r.max_len()).value());
            }
            let mut out = seq(&a[0]).to_vec();
            if let Some(i) = out.iter().position(Value::is_null) {
                return Err(CallError::call(format!("given list element {i} is null; a null string cannot be sorted")));
            }
            crate::value::map::sort_by(&mut out, |x, y| x.as_str().unwrap_or("").as_bytes().cmp(y.as_str().unwrap_or("").as_bytes()));
            Ok(Value::List(Type::String, out.into()))
        },
    },
    FunctionDef {
        name: "transpose",
        category: "collection",
        params: &[Param::new("values", "map(list(string))")],
        variadic: None,
        ret: Ret::Fixed("map(list(string))"),
        description: "Takes a map of lists of strings and swaps the keys and values to produce a new map of lists of strings.",
        example: "transpose({\"a\" = [\"1\", \"2\"], \"b\" = [\"2\", \"3\"]})",
        imp: transpose,
    },
    FunctionDef {
        name: "zipmap",
        category: "collection",
        params: &[Param::new("keys", "list(string)").top_marked(), Param::new("values", "dynamic").top_marked()],
        variadic: None,
        ret: Ret::Computed(zipmap_type),
        description: "Constructs a map from a list of keys and a corresponding list of values.",
        example: "zipmap([\"a\", \"b\"], [1, 2])",
        imp: zipmap,
    },
];

/// The error of the functions Terraform v0.12 removed: from their type
/// check in the current engines, so that it comes whatever the arguments
/// (the legacy profile reports it from the implementation).
fn removed(profile: crate::profile::Profile, name: &str, syntax: &str, what: &str, type_check: bool) -> Result<Type, CallError> {
    if type_check && profile.is_legacy() {
        return Ok(Type::Dynamic);
    }
    let available = match profile {
        crate::profile::Profile::OpenTofu => "is not available in OpenTofu",
        _ => "is no longer available",
    };
    Err(CallError::call(format!(
        "the \"{name}\" function was deprecated in Terraform v0.12 and {available}; use {syntax} syntax to write a literal {what}"
    )))
}

/// `alltrue` stops at the first unknown, null or false; `anytrue` at the
/// first true, and is unknown only if nothing decided it.

fn all_any(a: &[Value], all: bool) -> CallResult {
    let mut unknown = false;
    for v in a[0].as_sequence().unwrap_or(&[]) {
        match (v, all) {
            (Value::Unknown(..), true) => return Ok(Value::unknown(Type::Bool)),
            (Value::Unknown(..), false) => unknown = true,
            (Value::Null(_), true) | (Value::Bool(false), true) => return Ok(Value::Bool(false)),
            (Value::Bool(true), false) => return Ok(Value::Bool(true)),
            _ => {}
        }
    }
    Ok(if unknown { Value::unknown(Type::Bool) } else { Value::Bool(all) })
}

fn coalesce(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let ret = ctx.ret.clone();
    for v in a {
        // The unified type is only a guess (strings might not be numbers):
        // an argument that fails to convert is passed over like a null.
        let Ok(v) = convert(v, &ret, ctx.profile()) else { continue };
        if !v.is_known() {
            return Ok(Value::unknown(ret));
        }
        if v.is_null() || (ret == Type::String && v.as_str() == Some("")) {
            continue;
        }
        return Ok(v);
    }
    Err(CallError::call("no non-null, non-empty-string arguments"))
}

fn concat_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
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
            Type::Tuple(ts) => etys.extend(ts.iter().cloned()),
            Type::List(e) => {
                let Some(n) = v.len() else {
                    return Ok(Type::Dynamic);
                };
                etys.extend(std::iter::repeat((*e).clone()).take(n));
            }
            other => return Err(CallError::arg(i, format!("all arguments must be lists or tuples; got {}", other.friendly_name()))),
        }
    }
    Ok(Type::tuple(etys))
}

fn concat(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let ret = ctx.ret.clone();
    let mut out = Vec::new();
    for (i, v) in a.iter().enumerate() {
        let v = if matches!(ret, Type::List(_)) { convert(v, &ret, ctx.profile()).map_err(|m| CallError::arg(i, m))? } else { v.clone() };
        out.extend(v.as_sequence().unwrap_or(&[]).iter().cloned());
    }
    ctx.check_size(out.len())?;
    // Like cty's ListVal, the list takes its element type from the
    // elements, which may say more than the unified type.
    match ret {
        Type::List(e) if out.is_empty() => Ok(Value::List(*e, out.into())),
        Type::List(_) => list_of(out).ok_or_else(|| CallError::panic("inconsistent list element types")),
        _ => Ok(Value::Tuple(out.into())),
    }
}

fn contains(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    let Some(elems) = a[0].as_sequence() else {
        return Err(CallError::call("argument must be list, tuple, or set"));
    };
    let mut unknown = false;
    for e in elems {
        match equals(e, &a[1], profile) {
            Value::Bool(true) => return Ok(Value::Bool(true)),
            Value::Bool(false) => {}
            _ => unknown = true,
        }
    }
    Ok(if unknown { Value::unknown(Type::Bool) } else { Value::Bool(false) })
}

fn element_type(a: &[Value], profile: crate::profile::Profile) -> Result<Type, CallError> {
    if !profile.is_legacy() {
        return element_type_current(a);
    }
    if num_arg(a, 1).is_some_and(|n| n.compare(&Number::zero()).is_lt()) {
        return Err(CallError::call("cannot use element function with a negative index"));
    }
    match a[0].ty() {
        Type::List(e) => Ok(*e),
        Type::Tuple(ts) => {
            let Some(n) = num_arg(a, 1) else {
                return Ok(Type::Dynamic);
            };
            let i = n.to_i64().ok_or_else(|| CallError::call(format!("invalid index: {}", super::numeric::I64_RANGE)))?;
            if ts.is_empty() {
                return Err(CallError::call("cannot use element function with an empty list"));
            }
            if i < 0 {
                return Err(CallError::call("cannot use element function with a negative index"));
            }
            Ok(ts[(i as usize) % ts.len()].clone())
        }
        other => Err(CallError::call(format!("cannot read elements from {}", other.friendly_name()))),
    }
}

fn element(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if !ctx.profile().is_legacy() {
        return element_current(a);
    }
    let elems = a[0].as_sequence().unwrap_or(&[]);
    let n = num_arg(a, 1).ok_or_else(|| CallError::arg(1, "a number is required"))?;
    let i = n.to_i64().ok_or_else(|| CallError::call(format!("invalid index: {}", super::numeric::I64_RANGE)))?;
    if i < 0 {
        return Err(CallError::call("cannot use element function with a negative index"));
    }
    if elems.is_empty() {
        return Err(CallError::call("cannot use element function with an empty list"));
    }
    Ok(elems[(i as usize) % elems.len()].clone())
}

/// The index of `element` (go-cty 1.15 and later): any whole number in
/// Go's `int` range, a negative one counting from the end.
fn element_index(a: &[Value], len: usize) -> Result<usize, CallError> {
    let n = num_arg(a, 1).ok_or_else(|| CallError::arg(1, "a number is required"))?;
    let i = Some(n).filter(|n| n.is_integer()).and_then(Number::to_i64);
    let i = i.ok_or_else(|| CallError::call(format!("invalid index: {}", super::numeric::I64_RANGE)))?;
    Ok(i.rem_euclid(len.max(1) as i64) as usize)
}

fn element_type_current(a: &[Value]) -> Result<Type, CallError> {
    match a[0].ty() {
        Type::List(e) => Ok(*e),
        Type::Tuple(_) if !a[1].is_known() => Ok(Type::Dynamic),
        Type::Tuple(ts) => {
            let i = element_index(a, ts.len())?;
            match ts.get(i) {
                Some(t) => Ok(t.clone()),
                None => Err(CallError::call("cannot use element function with an empty list")),
            }
        }
        other => Err(CallError::call(format!("cannot read elements from {}", other.friendly_name()))),
    }
}

fn element_current(a: &[Value]) -> CallResult {
    let len = a[0].len().unwrap_or(0);
    let i = element_index(a, len)?;
    if !a[0].is_known() {
        return Ok(Value::unknown(element_type_current(a)?));
    }
    match seq(&a[0]).get(i) {
        Some(v) if len > 0 => Ok(v.clone()),
        _ => Err(CallError::call("cannot use element function with an empty list")),
    }
}

fn flatten_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    if !a[0].is_wholly_known() {
        return Ok(Type::Dynamic);
    }
    if !matches!(a[0].ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
        return Err(CallError::call("can only flatten lists, sets and tuples"));
    }
    let (vals, known, _) = flattened(&a[0]);
    if !known {
        return Ok(Type::Dynamic);
    }
    Ok(Type::tuple(vals.iter().map(Value::ty).collect()))
}

/// cty's `flattener`: the elements of `v` (of any collection or
/// structure, as cty iterates them) with nested sequences spliced in, and
/// whether the result can be known yet, and the marks of every sequence
/// spliced in (which go to the result; the elements keep their own).
fn flattened(v: &Value) -> (Vec<Value>, bool, Marks) {
    let mut marks = v.marks();
    if length_unknown(v) {
        return (Vec::new(), false, marks);
    }
    let elems: Vec<&Value> = match v.as_mapping() {
        Some(m) => m.values().collect(),
        None => seq(v).iter().collect(),
    };
    let mut out = Vec::new();
    let mut known = true;
    for e in elems {
        if matches!(e, Value::Unknown(Type::Dynamic, _)) {
            known = false;
        }
        if !e.is_null() && matches!(e.ty(), Type::List(_) | Type::Set(_) | Type::Tuple(_)) {
            if !e.is_known() {
                known = false;
                marks |= e.marks();
                continue;
            }
            let (inner, inner_known, inner_marks) = flattened(e);
            marks |= inner_marks;
            match inner_known {
                true => out.extend(inner),
                false => known = false,
            }
        } else {
            out.push(e.clone());
        }
    }
    (out, known, marks)
}

fn length(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let v = &a[0];
    if !ctx.profile().is_legacy() {
        return Ok(match v.ty() {
            Type::Dynamic => Value::unknown(Type::Number),
            Type::String => strlen(v, ctx.profile()),
            _ => collection_length(v),
        });
    }
    Ok(match (v, v.ty()) {
        (_, Type::Dynamic) => Value::unknown(Type::Number),
        (_, Type::Tuple(ts)) => Value::int(ts.len() as i64),
        (_, Type::Object(attrs)) => Value::int(attrs.len() as i64),
        (Value::String(s), _) => Value::int(crate::text::unicode::grapheme_count(s, ctx.profile().unicode()) as i64),
        (Value::Unknown(..), _) => Value::unknown(Type::Number),
        (v, _) if length_unknown(v) => Value::unknown(Type::Number),
        (v, _) => Value::int(v.len().unwrap_or(0) as i64),
    })
}

/// go-cty's `Strlen` (1.13 and later): the grapheme clusters of a known
/// string; for an unknown one, at least as many as its known prefix has.
pub(super) fn strlen(v: &Value, profile: Profile) -> Value {
    match v.as_str() {
        Some(s) => Value::int(crate::text::unicode::grapheme_count(s, profile.unicode()) as i64),
        None => {
            let prefix = Range::of(v).refinement.prefix;
            let n = Number::from_i64(crate::text::unicode::grapheme_count(&prefix, profile.unicode()) as i64);
            Value::unknown(Type::Number).refine().not_null().lower(&n, true).value()
        }
    }
}

/// go-cty's `Value.Length` (1.13 and later) of a collection or structure:
/// known for a tuple or object, a known list or map, and a set whose
/// elements cannot coalesce; otherwise an unknown within the bounds that
/// are known.
pub(super) fn collection_length(v: &Value) -> Value {
    match v.ty() {
        Type::Tuple(ts) => return Value::int(ts.len() as i64),
        Type::Object(attrs) => return Value::int(attrs.len() as i64),
        _ => {}
    }
    match length_bounds(v) {
        Some((lo, hi)) if lo == hi => Value::int(lo as i64),
        Some((lo, hi)) => Value::unknown(Type::Number)
            .refine()
            .not_null()
            .lower(&Number::from_i64(lo as i64), true)
            .upper(&Number::from_i64(hi.min(i64::MAX as u64) as i64), true)
            .value(),
        None => Value::unknown(Type::Number),
    }
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
        // cty adds with big.Float, which panics on opposing infinities.
        let next = cur.add(&step).map_err(|_| CallError::panic("addition of infinities with opposite signs"))?;
        vals.push(Value::Number(cur));
        cur = next;
    }
    Ok(Value::List(Type::Number, vals.into()))
}

fn sum(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    let l = &a[0];
    let elems = match l.as_sequence().or_else(|| l.as_mapping().map(|_| &[] as &[Value])) {
        Some(e) => e,
        None => return Err(CallError::arg(0, "cannot sum noniterable")),
    };
    if l.len() == Some(0) {
        return Err(CallError::arg(0, "cannot sum an empty list"));
    }
    if matches!(l, Value::Map(..) | Value::Object(_)) {
        return Err(CallError::arg(0, format!("argument must be list, set, or tuple. Received {}", l.ty().friendly_name())));
    }
    if !l.is_wholly_known() {
        return Ok(Value::unknown(Type::Number));
    }
    let mut acc: Option<Number> = None;
    for v in elems {
        let Ok(Value::Number(n)) = convert(v, &Type::Number, profile) else {
            return Err(CallError::arg(0, "argument must be list, set, or tuple of number values"));
        };
        acc = Some(match acc {
            None => n,
            Some(x) => x.add(&n).map_err(CallError::from)?,
        });
    }
    Ok(Value::Number(acc.unwrap_or_else(Number::zero)))
}

pub(super) fn seq(v: &Value) -> &[Value] {
    v.as_sequence().unwrap_or(&[])
}

pub(super) fn elem_type(v: &Value) -> Type {
    match v.ty() {
        Type::List(e) | Type::Set(e) => *e,
        _ => Type::Dynamic,
    }
}

fn contains_equal(haystack: &[Value], needle: &Value, profile: Profile) -> bool {
    haystack.iter().any(|o| matches!(equals(o, needle, profile), Value::Bool(true)))
}

fn chunklist(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let size = super::int_arg(a, 1).map_err(|_| CallError::call(format!("invalid size: {}", super::numeric::I64_RANGE)))?;
    if size < 0 {
        return Err(CallError::call("the size argument must be positive"));
    }
    let list = seq(&a[0]);
    let ety = elem_type(&a[0]);
    if list.is_empty() {
        return Ok(Value::List(a[0].ty(), Vec::new().into()));
    }
    if size == 0 {
        return Ok(Value::List(a[0].ty(), vec![a[0].clone()].into()));
    }
    ctx.check_size(list.len())?;
    let chunks = list.chunks(size as usize).map(|c| Value::List(ety.clone(), c.to_vec().into())).collect();
    Ok(Value::List(a[0].ty(), chunks))
}

fn coalescelist_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    if a.is_empty() {
        return Err(CallError::call("at least one argument is required"));
    }
    let mut tys = Vec::new();
    for v in a {
        if !v.is_known() {
            return Ok(Type::Dynamic);
        }
        let t = v.ty();
        if !matches!(t, Type::List(_) | Type::Tuple(_)) {
            return Err(CallError::call("coalescelist arguments must be lists or tuples"));
        }
        tys.push(t);
    }
    Ok(if tys.windows(2).all(|w| w[0] == w[1]) { tys.swap_remove(0) } else { Type::Dynamic })
}

fn coalescelist(a: &[Value], ctx: &mut Ctx) -> CallResult {
    for v in a {
        if !v.is_known() {
            return Ok(Value::unknown(ctx.ret.clone()));
        }
        if !v.is_null() && !seq(v).is_empty() {
            return Ok(v.clone());
        }
    }
    Err(CallError::call("no non-null arguments"))
}

fn index(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    if !matches!(a[0].ty(), Type::List(_) | Type::Tuple(_)) {
        return Err(CallError::call("argument must be a list or tuple"));
    }
    let list = seq(&a[0]);
    if list.is_empty() {
        return Err(CallError::call("cannot search an empty list"));
    }
    for (i, e) in list.iter().enumerate() {
        match equals(e, &a[1], profile) {
            Value::Bool(true) => return Ok(Value::int(i as i64)),
            Value::Bool(false) => {}
            _ => return Ok(Value::unknown(Type::Number)),
        }
    }
    Err(CallError::call("item not found"))
}

fn matchkeys(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let ety = ctx.ret.element_type().cloned().unwrap_or(Type::Dynamic);
    let (values, keys, search) = (seq(&a[0]), &a[1], &a[2]);
    if values.len() != seq(keys).len() {
        return Err(CallError::call("length of keys and values should be equal"));
    }
    let common = unify(&[keys.ty(), search.ty()]).unwrap_or(Type::Dynamic);
    let keys = convert(keys, &common, ctx.profile()).map_err(CallError::call)?;
    let search = convert(search, &common, ctx.profile()).map_err(CallError::call)?;
    let mut out = Vec::new();
    if seq(&search).is_empty() {
        return Ok(Value::List(ety, out.into()));
    }
    // Terraform 1.6 and later wait for unknown values and keys.
    if !ctx.profile().is_legacy() && (!a[0].is_wholly_known() || !keys.is_wholly_known()) {
        return Ok(Value::unknown(ctx.ret.clone()));
    }
    for (i, k) in seq(&keys).iter().enumerate() {
        ctx.charge(seq(&search).len() as u64)?;
        for s in seq(&search) {
            match equals(k, s, ctx.profile()) {
                Value::Bool(true) => {
                    out.push(values[i].clone());
                    break;
                }
                Value::Bool(false) => {}
                _ => return Ok(Value::List(ety, Vec::new().into())),
            }
        }
    }
    Ok(Value::List(ety, out.into()))
}

fn one_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    match a[0].ty() {
        Type::List(e) | Type::Set(e) => Ok(*e),
        Type::Tuple(ts) if ts.is_empty() => Ok(Type::Dynamic),
        Type::Tuple(ts) if ts.len() == 1 => Ok(ts[0].clone()),
        _ => Err(CallError::arg(0, "must be a list, set, or tuple value with either zero or one elements")),
    }
}

/// Known start and end indexes, validated as cty's `sliceIndexes` does.
fn slice_indexes(a: &[Value]) -> Result<Option<(usize, usize)>, CallError> {
    let len = match a[0].ty() {
        Type::Tuple(ts) => Some(ts.len() as i64),
        _ if length_unknown(&a[0]) => None,
        _ => a[0].len().map(|n| n as i64),
    };
    let index = |i: usize, which: &str| -> Result<Option<i64>, CallError> {
        let Some(n) = num_arg(a, i) else { return Ok(None) };
        let v = n.to_i64().ok_or_else(|| CallError::arg(i, format!("invalid {which} index: {}", super::numeric::I64_RANGE)))?;
        if v < 0 {
            return Err(CallError::arg(i, format!("{which} index must not be less than zero")));
        }
        if len.is_some_and(|len| v > len) {
            return Err(CallError::arg(i, format!("{which} index must not be greater than the length of the list")));
        }
        Ok(Some(v))
    };
    let (start, end) = (index(1, "start")?, index(2, "end")?);
    match (start, end) {
        (Some(s), Some(e)) if s > e => Err(CallError::arg(1, "start index must not be greater than end index")),
        (Some(s), Some(e)) => Ok(Some((s as usize, e as usize))),
        _ => Ok(None),
    }
}

fn slice_type(a: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    let ty = a[0].ty();
    match &ty {
        Type::Set(_) => {
            return Err(CallError::arg(
                0,
                "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important",
            ))
        }
        Type::List(_) | Type::Tuple(_) => {}
        _ => return Err(CallError::arg(0, "must be a list or tuple value")),
    }
    let idx = slice_indexes(a)?;
    match (ty, idx) {
        (Type::List(e), _) => Ok(Type::List(e)),
        (Type::Tuple(ts), Some((s, e))) => Ok(Type::tuple(ts[s..e].to_vec())),
        _ => Ok(Type::Dynamic),
    }
}
