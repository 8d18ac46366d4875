//! OpenTofu's `assume*` functions (1.13): hints that refine unknown values.
//! This evaluator has no refinements, so they check known values and return
//! them unchanged; an unknown value passes through as it is.

use super::{int_arg, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::value::convert::convert;
use crate::value::ops::equals;
use crate::value::Value;

const MIN: Param = Param::new("min_length", "number");
const MAX: Param = Param::new("max_length", "number");

macro_rules! length_check {
    ($name:literal, $ty:expr, $kind:literal, [$($p:expr),*], $bounds:expr, $example:literal) => {
        FunctionDef {
            name: $name,
            category: "type conversion (refinement hint)",
            params: &[Param::new("value", $ty).unknowns(), $($p),*],
            variadic: None,
            ret: Ret::Computed(|a| Ok(a[0].ty())),
            description: concat!("OpenTofu only: fails when a known ", $kind, "'s length is outside the given bounds; returns the value."),
            example: $example,
            imp: |a, _| check_length(a, $kind, $bounds),
        }
    };
}

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "assumeequal",
        category: "type conversion (refinement hint)",
        params: &[Param::new("actual_value", "dynamic").unknowns().nullable(), Param::new("expected_value", "dynamic").nullable()],
        variadic: None,
        ret: Ret::Computed(|a| Ok(a[1].ty())),
        description: "OpenTofu only: fails when the known first value differs from the second; returns the second.",
        example: "assumeequal(\"a\", \"a\")",
        imp: assume_equal,
    },
    length_check!(
        "assumelistlength",
        "list(dynamic)",
        "list",
        [MIN, MAX],
        |a| Ok((int_arg(a, 1)?, int_arg(a, 2)?)),
        "assumelistlength([1, 2], 1, 3)"
    ),
    length_check!("assumelistlengthmax", "list(dynamic)", "list", [MAX], |a| Ok((0, int_arg(a, 1)?)), "assumelistlengthmax([1, 2], 3)"),
    length_check!(
        "assumelistlengthmin",
        "list(dynamic)",
        "list",
        [MIN],
        |a| Ok((int_arg(a, 1)?, i64::MAX)),
        "assumelistlengthmin([1, 2], 1)"
    ),
    length_check!(
        "assumemaplength",
        "map(dynamic)",
        "map",
        [MIN, MAX],
        |a| Ok((int_arg(a, 1)?, int_arg(a, 2)?)),
        "assumemaplength({a = 1}, 1, 3)"
    ),
    length_check!("assumemaplengthmax", "map(dynamic)", "map", [MAX], |a| Ok((0, int_arg(a, 1)?)), "assumemaplengthmax({a = 1}, 3)"),
    length_check!("assumemaplengthmin", "map(dynamic)", "map", [MIN], |a| Ok((int_arg(a, 1)?, i64::MAX)), "assumemaplengthmin({a = 1}, 1)"),
    length_check!(
        "assumesetlength",
        "set(dynamic)",
        "set",
        [MIN, MAX],
        |a| Ok((int_arg(a, 1)?, int_arg(a, 2)?)),
        "assumesetlength([\"a\"], 1, 3)"
    ),
    length_check!("assumesetlengthmax", "set(dynamic)", "set", [MAX], |a| Ok((0, int_arg(a, 1)?)), "assumesetlengthmax([\"a\"], 3)"),
    length_check!("assumesetlengthmin", "set(dynamic)", "set", [MIN], |a| Ok((int_arg(a, 1)?, i64::MAX)), "assumesetlengthmin([\"a\"], 1)"),
    FunctionDef {
        name: "assumenotnull",
        category: "type conversion (refinement hint)",
        params: &[Param::new("value", "dynamic").unknowns().nullable()],
        variadic: None,
        ret: Ret::Computed(|a| Ok(a[0].ty())),
        description: "OpenTofu only: fails when the value is null; returns the value.",
        example: "assumenotnull(\"x\")",
        imp: |a, _| {
            if a[0].is_null() {
                return Err(CallError::arg(0, "the value is null, but it was assumed not to be"));
            }
            if a[0].ty() == crate::value::Type::Dynamic {
                return Err(CallError::arg(0, "the value must have a known type; use convert to give it one"));
            }
            Ok(a[0].clone())
        },
    },
    FunctionDef {
        name: "assumestringprefix",
        category: "type conversion (refinement hint)",
        params: &[Param::new("value", "string").unknowns(), Param::new("prefix", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "OpenTofu only: fails when the known string does not start with the prefix; returns the string.",
        example: "assumestringprefix(\"ami-123\", \"ami-\")",
        imp: |a, _| match a[0].as_str() {
            Some(s) if !s.starts_with(str_arg(a, 1)) => {
                Err(CallError::arg(0, format!("the value does not start with {}, as was assumed", crate::text::go_quote(str_arg(a, 1)))))
            }
            _ => Ok(a[0].clone()),
        },
    },
];

fn check_length(a: &[Value], kind: &str, bounds: fn(&[Value]) -> Result<(i64, i64), CallError>) -> CallResult {
    let (min, max) = bounds(a)?;
    if let Some(n) = a[0].len().filter(|_| a[0].is_known() && !a[0].is_null()) {
        let n = n as i64;
        if n < min || n > max {
            let range = match (min, max) {
                (0, max) => format!("at most {max}"),
                (min, i64::MAX) => format!("at least {min}"),
                (min, max) => format!("between {min} and {max}"),
            };
            return Err(CallError::arg(0, format!("the {kind} has {n} elements, but was assumed to have {range}")));
        }
    }
    Ok(a[0].clone())
}

fn assume_equal(a: &[Value], _: &mut Ctx) -> CallResult {
    if a[0].is_known() {
        let actual = convert(&a[0], &a[1].ty()).map_err(|m| CallError::arg(0, m))?;
        if !matches!(equals(&actual, &a[1]), Value::Bool(true)) {
            return Err(CallError::arg(0, "the value differs from the expected value it was assumed to equal"));
        }
    }
    Ok(a[1].clone())
}
