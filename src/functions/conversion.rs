//! Type conversion functions (`tostring`, `tolist`, …), as Terraform
//! defines them on top of cty's conversions.

use super::{CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::profile::Profile;
use crate::value::convert::{convert, convertible, mismatch_message};
use crate::value::{Marks, Type, Value};

const V: Param = Param::new("v", "dynamic").nullable().unknowns().marked();

macro_rules! to_function {
    ($name:literal, $want:expr, $desc:literal, $example:literal) => {
        FunctionDef {
            name: $name,
            category: "type conversion",
            params: &[V],
            variadic: None,
            ret: Ret::Computed(|a, profile| to_type(a, $want, profile)),
            description: $desc,
            example: $example,
            imp: |a, ctx| to_value(a, ctx, $want),
        }
    };
}

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    to_function!("tobool", || Type::Bool, "Converts its argument to a boolean value.", "tobool(\"true\")"),
    to_function!("tolist", || Type::list(Type::Dynamic), "Converts its argument to a list value.", "tolist([\"a\", \"b\", 3])"),
    to_function!("tomap", || Type::map(Type::Dynamic), "Converts its argument to a map value.", "tomap({a = 1, b = 2})"),
    to_function!("tonumber", || Type::Number, "Converts its argument to a number value.", "tonumber(\"1\")"),
    to_function!("toset", || Type::set(Type::Dynamic), "Converts its argument to a set value.", "toset([\"a\", \"b\", \"a\"])"),
    to_function!("tostring", || Type::String, "Converts its argument to a string value.", "tostring(1)"),
    FunctionDef {
        name: "issensitive",
        category: "type conversion",
        params: &[Param::new("value", "dynamic").nullable().unknowns().marked()],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Returns true if the given value is marked sensitive (only the value itself, not what it contains).",
        example: "issensitive(sensitive(\"secret\"))",
        imp: |a, ctx| {
            Ok(match &a[0] {
                // OpenTofu: an unknown value's sensitivity is not settled.
                v if !v.is_known() && ctx.profile() == Profile::OpenTofu => Value::unknown(Type::Bool),
                v if v.marks().contains(Marks::SENSITIVE) => Value::Bool(true),
                v if !v.is_known() => Value::unknown(Type::Bool),
                _ => Value::Bool(false),
            })
        },
    },
    FunctionDef {
        name: "nonsensitive",
        category: "type conversion",
        params: &[Param::new("value", "dynamic").nullable().unknowns().marked()],
        variadic: None,
        ret: Ret::Computed(|a, _| Ok(a[0].ty())),
        description: "Removes the sensitive marking from the given value (its own mark only).",
        example: "nonsensitive(\"clear\")",
        imp: |a, ctx| {
            let (v, marks) = a[0].clone().unmark();
            Ok(match ctx.profile().is_legacy() {
                true => v,
                false => v.with_marks(marks.without(Marks::SENSITIVE)),
            })
        },
    },
    FunctionDef {
        name: "sensitive",
        category: "type conversion",
        params: &[Param::new("value", "dynamic").nullable().unknowns().marked()],
        variadic: None,
        ret: Ret::Computed(|a, _| Ok(a[0].ty())),
        description: "Marks the given value as sensitive; the console then shows (sensitive value) in its place.",
        example: "sensitive(1)",
        imp: |a, _| Ok(a[0].clone().sensitive()),
    },
    FunctionDef {
        name: "convert",
        category: "type conversion",
        params: &[Param::new("value", "dynamic"), Param::new("type", "dynamic")],
        variadic: None,
        ret: Ret::Fixed("dynamic"),
        description: "Converts a value to a type constraint, applying optional attributes and their defaults.",
        example: "convert(\"true\", bool)",
        imp: special_form,
    },
    FunctionDef {
        name: "type",
        category: "type conversion",
        params: &[Param::new("value", "dynamic")],
        variadic: None,
        ret: Ret::Fixed("dynamic"),
        description: "Console only, as the whole expression: shows the type of the given value.",
        example: "type([1, \"a\"])",
        imp: special_form,
    },
    FunctionDef {
        name: "can",
        category: "type conversion",
        params: &[Param::new("expression", "dynamic")],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Evaluates the given expression and returns whether it produced a result without any errors.",
        example: "can(tonumber(\"x\"))",
        imp: special_form,
    },
    FunctionDef {
        name: "try",
        category: "type conversion",
        params: &[],
        variadic: Some(Param::new("expressions", "dynamic")),
        ret: Ret::Fixed("dynamic"),
        description: "Evaluates its arguments in turn and returns the result of the first one that does not produce any errors.",
        example: "try(tonumber(\"x\"), 0)",
        imp: special_form,
    },
    FunctionDef {
        name: "ephemeralasnull",
        category: "type conversion",
        params: &[Param::new("value", "dynamic").nullable().unknowns().marked()],
        variadic: None,
        ret: Ret::Computed(|a, _| Ok(a[0].ty())),
        description: "Replaces every ephemeral value inside the given value with null, keeping its type and other marks.",
        example: "ephemeralasnull(\"Hello World\")",
        imp: |a, ctx| Ok(ephemeral_as_null(&a[0], ctx.profile())),
    },
];

/// `try` and `can` are evaluated by the evaluator itself, which sees their
/// arguments unevaluated; their table entries only document them.
fn special_form(_: &[Value], _: &mut Ctx) -> CallResult {
    Err(CallError::call("this function takes expressions and is evaluated by the evaluator itself"))
}

fn to_type(a: &[Value], want: fn() -> Type, profile: Profile) -> Result<Type, CallError> {
    let want = want();
    let got = a[0].ty();
    if got == want || convertible(&got, &want) {
        return Ok(want);
    }
    Err(CallError::arg(
        0,
        match (&got, &want) {
            (Type::Tuple(_), Type::Tuple(_)) => {
                format!("incompatible tuple type for conversion: {}", mismatch_message(&got, &want, profile))
            }
            (Type::Object(_), Type::Object(_)) => {
                format!("incompatible object type for conversion: {}", mismatch_message(&got, &want, profile))
            }
            _ => format!("cannot convert {} to {}", got.friendly_name(), want.friendly_name_for_constraint()),
        },
    ))
}

fn to_value(a: &[Value], ctx: &mut Ctx, want: fn() -> Type) -> CallResult {
    let v = &a[0];
    let ret = ctx.ret.clone();
    if !v.is_known() {
        // Terraform's conversion functions take unknowns with their own
        // marks; OpenTofu's leave them to go-cty, which drops them.
        return Ok(match ctx.profile() {
            Profile::OpenTofu => Value::unknown(ret),
            _ => Value::unknown(ret).with_marks(v.marks()),
        });
    }
    let profile = ctx.profile();
    convert(v, &ret, ctx.profile()).map_err(|_| {
        let want = want();
        let marks = v.deep_marks();
        let (v, _) = v.clone().unmark_deep();
        let hidden = match () {
            _ if profile.is_legacy() => None,
            _ if marks.contains(Marks::SENSITIVE) => Some("sensitive"),
            _ if marks.contains(Marks::EPHEMERAL) && profile == Profile::OpenTofu => Some("ephemeral"),
            _ => None,
        };
        if let Some(what) = hidden {
            return CallError::arg(
                0,
                format!("cannot convert this {what} {} to {}", v.ty().friendly_name(), want.friendly_name_for_constraint()),
            );
        }
        CallError::arg(
            0,
            match (&v, &want) {
                (Value::String(s), Type::Bool) => {
                    format!(
                        "cannot convert {} to bool; only the strings \"true\" or \"false\" are allowed",
                        crate::value::go_quote(s, ctx.profile())
                    )
                }
                (Value::String(s), Type::Number) => {
                    format!(
                        "cannot convert {} to number; given string must be a decimal representation of a number",
                        crate::value::go_quote(s, ctx.profile())
                    )
                }
                _ => format!("cannot convert {} to {}", v.ty().friendly_name(), want.friendly_name_for_constraint()),
            },
        )
    })
}

/// `ephemeralasnull`: cty's post-order `Transform`, each ephemeral value
/// becoming a null of its type with its other marks. An unknown one stays
/// unknown, without its refinements; OpenTofu also strips the refinements
/// (and the ephemeral mark) of every unknown value.
fn ephemeral_as_null(v: &Value, profile: Profile) -> Value {
    let (inner, marks) = v.clone().unmark();
    let rebuilt = match inner {
        Value::List(t, es) if !es.is_empty() => Value::List(t, es.iter().map(|e| ephemeral_as_null(e, profile)).collect()),
        Value::Set(t, es) if !es.is_empty() => Value::set(t, es.iter().map(|e| ephemeral_as_null(e, profile)).collect(), profile),
        Value::Tuple(es) if !es.is_empty() => Value::Tuple(es.iter().map(|e| ephemeral_as_null(e, profile)).collect()),
        Value::Map(t, m) if !m.is_empty() => Value::Map(t, m.iter().map(|(k, e)| (k.clone(), ephemeral_as_null(e, profile))).collect()),
        Value::Object(m) if !m.is_empty() => Value::Object(m.iter().map(|(k, e)| (k.clone(), ephemeral_as_null(e, profile))).collect()),
        other => other,
    }
    .with_marks(marks);
    let (inner, marks) = rebuilt.unmark();
    let kept = marks.without(Marks::EPHEMERAL);
    let ty = inner.ty();
    match profile {
        Profile::OpenTofu if !inner.is_known() => Value::unknown(ty).with_marks(kept),
        Profile::OpenTofu if inner.is_null() => Value::Null(ty).with_marks(kept),
        _ if !marks.contains(Marks::EPHEMERAL) => inner.with_marks(marks),
        _ if !inner.is_known() => Value::unknown(ty).with_marks(kept),
        _ => Value::Null(ty).with_marks(kept),
    }
}
