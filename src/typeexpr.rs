//! Type expressions (`string`, `list(number)`, `object({a = bool})`), as
//! HCL's `typeexpr` package reads them.

use crate::ast::{ExprKind, Expression};
use crate::value::Type;
use crate::Limits;
use std::collections::BTreeMap;

/// Parses a type expression; `any` and `dynamic` both mean any type.
pub fn parse_type(src: &str) -> Result<Type, String> {
    let expr = crate::parser::parse_expression(src, &Limits::default()).map_err(|d| d[0].one_line())?;
    type_of(&expr)
}

/// Interprets an already parsed expression as a type.
pub fn type_of(e: &Expression) -> Result<Type, String> {
    match &e.kind {
        ExprKind::Variable(name) => match name.as_str() {
            "string" => Ok(Type::String),
            "number" => Ok(Type::Number),
            "bool" => Ok(Type::Bool),
            "any" | "dynamic" => Ok(Type::Dynamic),
            "list" | "set" | "map" | "tuple" | "object" => Err(format!("The {name} type constructor requires one argument specifying the element type.")),
            other => Err(format!("The keyword {} is not a valid type specification.", crate::eval::quote(other))),
        },
        ExprKind::FunctionCall { name, args, .. } => {
            if args.len() != 1 {
                return Err(format!("The {name} type constructor requires one argument."));
            }
            let arg = &args[0];
            match name.as_str() {
                "list" => Ok(Type::list(type_of(arg)?)),
                "set" => Ok(Type::set(type_of(arg)?)),
                "map" => Ok(Type::map(type_of(arg)?)),
                "tuple" => match &arg.kind {
                    ExprKind::TupleCons(items) => Ok(Type::Tuple(items.iter().map(type_of).collect::<Result<_, _>>()?)),
                    _ => Err("The tuple type constructor requires a list of element types.".into()),
                },
                "object" => match &arg.kind {
                    ExprKind::ObjectCons(items) => {
                        let mut attrs = BTreeMap::new();
                        for item in items {
                            let name = match (&item.key.bare_name, &item.key.expr.kind) {
                                (Some(n), _) => n.clone(),
                                (None, ExprKind::Template(parts)) => match parts.as_slice() {
                                    [crate::ast::TemplatePart::Literal(s)] => s.clone(),
                                    [] => String::new(),
                                    _ => return Err("Object constructor map keys must be attribute names.".into()),
                                },
                                _ => return Err("Object constructor map keys must be attribute names.".into()),
                            };
                            attrs.insert(name, type_of(&item.value)?);
                        }
                        Ok(Type::Object(attrs))
                    }
                    _ => Err("The object type constructor requires an object of attribute types.".into()),
                },
                other => Err(format!("Keyword {} is not a valid type constructor.", crate::eval::quote(other))),
            }
        }
        _ => Err("A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).".into()),
    }
}
