//! Numeric functions.

use super::{num_arg, CallError, CallResult, FunctionDef, Param, Ret, Ty};
use crate::value::{Number, Value};
use std::cmp::Ordering;

const NUM: Param = Param::new("num", Ty::Number);

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "abs",
        category: "numeric",
        params: &[NUM],
        variadic: None,
        ret: Ret::Fixed(Ty::Number),
        description: "Returns the absolute value of the given number.",
        example: "abs(-12.4)",
        imp: |a, _| Ok(Value::Number(num(a, 0)?.abs())),
    },
    FunctionDef {
        name: "ceil",
        category: "numeric",
        params: &[NUM],
        variadic: None,
        ret: Ret::Fixed(Ty::Number),
        description: "Returns the closest whole number greater than or equal to the given value.",
        example: "ceil(4.1)",
        imp: |a, _| Ok(Value::Number(rounded(num(a, 0)?, Number::ceil))),
    },
    FunctionDef {
        name: "floor",
        category: "numeric",
        params: &[NUM],
        variadic: None,
        ret: Ret::Fixed(Ty::Number),
        description: "Returns the closest whole number less than or equal to the given value.",
        example: "floor(4.9)",
        imp: |a, _| Ok(Value::Number(rounded(num(a, 0)?, Number::floor))),
    },
    FunctionDef {
        name: "max",
        category: "numeric",
        params: &[],
        variadic: Some(Param::new("numbers", Ty::Number).dynamic()),
        ret: Ret::Fixed(Ty::Number),
        description: "Takes one or more numbers and returns the greatest number from the set.",
        example: "max(12, 54, 3)",
        imp: |a, _| extreme(a, Ordering::Greater),
    },
    FunctionDef {
        name: "min",
        category: "numeric",
        params: &[],
        variadic: Some(Param::new("numbers", Ty::Number).dynamic()),
        ret: Ret::Fixed(Ty::Number),
        description: "Takes one or more numbers and returns the smallest number from the set.",
        example: "min(12, 54, 3)",
        imp: |a, _| extreme(a, Ordering::Less),
    },
    FunctionDef {
        name: "signum",
        category: "numeric",
        params: &[NUM],
        variadic: None,
        ret: Ret::Fixed(Ty::Number),
        description: "Determines the sign of a number, returning -1, 0 or 1.",
        example: "signum(-13)",
        imp: |a, _| {
            let n = num(a, 0)?;
            if n.to_i64().is_none() {
                return Err(CallError::call("value must be a whole number, between -9223372036854775808 and 9223372036854775807"));
            }
            let s = if n.is_zero() {
                0
            } else if n.is_sign_negative() {
                -1
            } else {
                1
            };
            Ok(Value::int(s))
        },
    },
];

fn num(a: &[Value], i: usize) -> Result<&Number, CallError> {
    num_arg(a, i).ok_or_else(|| CallError::arg(i, "a number is required"))
}

fn rounded(n: &Number, f: fn(&Number) -> Number) -> Number {
    if n.is_infinite() {
        return n.clone();
    }
    f(n)
}

fn extreme(a: &[Value], want: Ordering) -> CallResult {
    if a.is_empty() {
        return Err(CallError::call("must pass at least one number"));
    }
    let mut best = num(a, 0)?;
    for i in 1..a.len() {
        let n = num(a, i)?;
        if n.compare(best) == want {
            best = n;
        }
    }
    Ok(Value::Number(best.clone()))
}
