//! Type expressions (`string`, `list(number)`, `object({a = bool})`), as
//! HCL's `typeexpr` package reads them.

use super::ast::{ExprKind, Expression};
use crate::limits::Limits;
use crate::profile::Profile;
use crate::value::Type;
use std::collections::BTreeMap;

/// Parses a type expression; `any` and `dynamic` both mean any type.
pub fn parse_type(src: &str, profile: Profile) -> Result<Type, String> {
    let expr =
        super::parse_expression(src, "<type>", &Limits::default(), crate::profile::Profile::default()).map_err(|d| d[0].one_line())?;
    type_of(&expr, profile)
}

/// Interprets an already parsed expression as a type.
pub fn type_of(e: &Expression, profile: Profile) -> Result<Type, String> {
    match &e.kind {
        ExprKind::Variable(name) => match name.as_str() {
            "string" => Ok(Type::String),
            "number" => Ok(Type::Number),
            "bool" => Ok(Type::Bool),
            "any" | "dynamic" => Ok(Type::Dynamic),
            "list" | "set" | "map" | "tuple" | "object" => Err(format!("The {name} type constructor requires one argument specifying the element type.")),
            other => Err(format!("The keyword {} is not a valid type specification.", crate::value::go_quote(other, profile))),
        },
        ExprKind::FunctionCall { name, args, .. } => {
            // hcl's typeexpr: keywords that take no arguments first, then
            // the argument count of the constructors, then the name.
            match name.as_str() {
                "bool" | "string" | "number" => return Err(format!("Primitive type keyword {} does not expect arguments.", crate::value::go_quote(name, profile))),
                "any" => return Err(format!("Type constraint keyword {} does not expect arguments.", crate::value::go_quote(name, profile))),
                "list" | "set" | "map" if args.len() != 1 => {
                    return Err(format!("The {name} type constructor requires one argument specifying the element type."))
                }
                "object" if args.len() != 1 => {
                    return Err("The object type constructor requires one argument specifying the attribute types and values as a map.".into())
                }
                "tuple" if args.len() != 1 => {
                    return Err("The tuple type constructor requires one argument specifying the element types as a list.".into())
                }
                "list" | "set" | "map" | "object" | "tuple" => {}
                other => return Err(format!("Keyword {} is not a valid type constructor.", crate::value::go_quote(other, profile))),
            }
            let arg = &args[0];
            match name.as_str() {
                "list" => Ok(Type::list(type_of(arg, profile)?)),
                "set" => Ok(Type::set(type_of(arg, profile)?)),
                "map" => Ok(Type::map(type_of(arg, profile)?)),
                "tuple" => match &arg.kind {
                    ExprKind::TupleCons(items) => Ok(Type::tuple(items.iter().map(|i| type_of(i, profile)).collect::<Result<_, _>>()?)),
                    _ => Err("The tuple type constructor requires a list of element types.".into()),
                },
                "object" => match &arg.kind {
                    ExprKind::ObjectCons(items) => {
                        let mut attrs = BTreeMap::new();
                        for item in items {
                            attrs.insert(attribute_name(item)?, type_of(&item.value, profile)?);
                        }
                        Ok(Type::object(attrs))
                    }
                    _ => Err("The object type constructor requires an object of attribute types.".into()),
                },
                other => Err(format!("Keyword {} is not a valid type constructor.", crate::value::go_quote(other, profile))),
            }
        }
        _ => Err("A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).".into()),
    }
}

/// A type constraint as `convert` and input variables take it: a type
/// whose object attributes may be `optional(type)` or
/// `optional(type, default)`.
#[derive(Clone, Debug)]
pub enum Constraint {
    /// A primitive type or `any`.
    Simple(Type),
    /// `list(…)`
    List(Box<Constraint>),
    /// `set(…)`
    Set(Box<Constraint>),
    /// `map(…)`
    Map(Box<Constraint>),
    /// `tuple([…])`
    Tuple(Vec<Constraint>),
    /// `object({…})`
    Object(BTreeMap<String, Attribute>),
}

/// An object attribute of a [`Constraint`].
#[derive(Clone, Debug)]
pub struct Attribute {
    /// Its type.
    pub ty: Constraint,
    /// True for `optional(…)`.
    pub optional: bool,
    /// The default of `optional(type, default)`.
    pub default: Option<Expression>,
}

impl Constraint {
    /// The type a value has once converted (optional attributes included).
    pub fn ty(&self) -> Type {
        match self {
            Constraint::Simple(t) => t.clone(),
            Constraint::List(c) => Type::list(c.ty()),
            Constraint::Set(c) => Type::set(c.ty()),
            Constraint::Map(c) => Type::map(c.ty()),
            Constraint::Tuple(cs) => Type::tuple(cs.iter().map(Constraint::ty).collect()),
            Constraint::Object(attrs) => Type::object(crate::value::map::btree_map(attrs.iter().map(|(k, a)| (k.clone(), a.ty.ty())))),
        }
    }
}

/// Reads a type constraint expression, `optional(…)` attributes included.
pub fn constraint_of(e: &Expression, profile: Profile) -> Result<Constraint, String> {
    match &e.kind {
        ExprKind::FunctionCall { name, args, .. } if args.len() == 1 && matches!(name.as_str(), "list" | "set" | "map") => {
            let inner = Box::new(constraint_of(&args[0], profile)?);
            Ok(match name.as_str() {
                "list" => Constraint::List(inner),
                "set" => Constraint::Set(inner),
                _ => Constraint::Map(inner),
            })
        }
        ExprKind::FunctionCall { name, args, .. } if name == "tuple" && args.len() == 1 => match &args[0].kind {
            ExprKind::TupleCons(items) => Ok(Constraint::Tuple(items.iter().map(|i| constraint_of(i, profile)).collect::<Result<_, _>>()?)),
            _ => Err("The tuple type constructor requires a list of element types.".into()),
        },
        ExprKind::FunctionCall { name, args, .. } if name == "object" && args.len() == 1 => match &args[0].kind {
            ExprKind::ObjectCons(items) => {
                let mut attrs = BTreeMap::new();
                for item in items {
                    let name = attribute_name(item)?;
                    let attr = match &item.value.kind {
                        ExprKind::FunctionCall { name: f, args, .. } if f == "optional" => match args.as_slice() {
                            [t] => Attribute { ty: constraint_of(t, profile)?, optional: true, default: None },
                            [t, d] => Attribute { ty: constraint_of(t, profile)?, optional: true, default: Some(d.clone()) },
                            _ => return Err("The optional modifier takes a type and optionally a default value.".into()),
                        },
                        _ => Attribute { ty: constraint_of(&item.value, profile)?, optional: false, default: None },
                    };
                    attrs.insert(name, attr);
                }
                Ok(Constraint::Object(attrs))
            }
            _ => Err("The object type constructor requires an object of attribute types.".into()),
        },
        ExprKind::FunctionCall { name, .. } if name == "optional" => {
            Err("Keyword \"optional\" is valid only as a modifier for object type attributes.".into())
        }
        _ => type_of(e, profile).map(Constraint::Simple),
    }
}

fn attribute_name(item: &super::ast::ObjectItem) -> Result<String, String> {
    match (&item.key.bare_name, &item.key.expr.kind) {
        (Some(n), _) => Ok(n.clone()),
        (None, ExprKind::Template(parts)) => match parts.as_slice() {
            [super::ast::TemplatePart::Literal(s)] => Ok(s.clone()),
            [] => Ok(String::new()),
            _ => Err("Object constructor map keys must be attribute names.".into()),
        },
        _ => Err("Object constructor map keys must be attribute names.".into()),
    }
}
