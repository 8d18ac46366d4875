//! What the consoles add to an expression: `type(x)` as the whole input
//! prints the type of `x` (a console-only function), and every result is
//! shown as `terraform console` prints it.

use crate::present;
use crate::profile::Profile;
use crate::syntax::ast::{ExprKind, Expression};
use crate::value::{Type, Value};

/// A value with its `terraform console` rendering.
#[derive(Clone, Debug)]
pub struct Evaluated {
    /// The value; for the console's `type(x)`, the type's text as a string.
    pub value: Value,
    /// The type of the value (of `x`, for `type(x)`).
    pub ty: Type,
    /// What `terraform console` prints for the input.
    pub console: String,
}

/// `x` when the whole input is the console's `type(x)`.
pub fn type_argument(expr: &Expression) -> Option<&Expression> {
    match &expr.kind {
        ExprKind::FunctionCall { name, args, expand_final: false, .. } if name == "type" && args.len() == 1 => Some(&args[0]),
        _ => None,
    }
}

impl Evaluated {
    /// What the console prints for `value`: its type's text when the input
    /// was `type(x)` (`shows_type`), the value otherwise.
    pub fn shown(value: Value, shows_type: bool, profile: Profile) -> Evaluated {
        let ty = value.ty();
        match shows_type {
            true => {
                let shown = present::console_type(&ty);
                Evaluated { value: Value::string(shown.clone(), profile), ty, console: shown }
            }
            false => Evaluated { console: present::console(&value, profile), value, ty },
        }
    }

    /// The console's answer to one of its own commands (`exit`, `help`).
    pub fn text(console: String, profile: Profile) -> Evaluated {
        Evaluated { value: Value::string(console.clone(), profile), ty: Type::String, console }
    }
}
