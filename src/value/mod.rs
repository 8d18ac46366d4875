//! The value model: go-cty's values, with unknowns and typed nulls.

pub mod convert;
pub mod number;
pub mod ops;
pub mod types;

pub use number::Number;
pub use types::Type;

use std::collections::BTreeMap;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// An HCL value.
///
/// Collections carry their element type so that empty ones keep it; tuple
/// and object types are derived from their elements. Sets hold distinct
/// elements in cty's iteration order.
#[derive(Clone, Debug)]
pub enum Value {
    /// A value not known yet (Terraform's "known after apply").
    Unknown(Type),
    /// A null of the given type (`Dynamic` for an untyped `null`).
    Null(Type),
    /// `true` / `false`.
    Bool(bool),
    /// A number.
    Number(Number),
    /// A string, always in Unicode normal form C.
    String(String),
    /// `list(T)`: element type and elements.
    List(Type, Vec<Value>),
    /// `set(T)`: element type and distinct elements in cty order.
    Set(Type, Vec<Value>),
    /// `map(T)`: element type and entries.
    Map(Type, BTreeMap<String, Value>),
    /// `tuple([...])`
    Tuple(Vec<Value>),
    /// `object({...})`
    Object(BTreeMap<String, Value>),
}

impl Value {
    /// A string value, normalised to NFC as cty does.
    pub fn string(s: impl Into<String>) -> Value {
        Value::String(nfc(s.into()))
    }

    /// A number value from an `i64` (64-bit precision, as cty's `NumberIntVal`).
    pub fn int(v: i64) -> Value {
        Value::Number(Number::from_i64(v))
    }

    /// An untyped null.
    pub fn null() -> Value {
        Value::Null(Type::Dynamic)
    }

    /// An unknown value of unknown type.
    pub fn dynamic_unknown() -> Value {
        Value::Unknown(Type::Dynamic)
    }

    /// A set from arbitrary elements: sorted in cty order, duplicates removed.
    pub fn set(elem: Type, elems: Vec<Value>) -> Value {
        Value::Set(elem, ops::set_normalize(elems))
    }

    /// The value's type.
    pub fn ty(&self) -> Type {
        match self {
            Value::Unknown(t) | Value::Null(t) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(t, _) => Type::list(t.clone()),
            Value::Set(t, _) => Type::set(t.clone()),
            Value::Map(t, _) => Type::map(t.clone()),
            Value::Tuple(vs) => Type::Tuple(vs.iter().map(Value::ty).collect()),
            Value::Object(m) => Type::Object(m.iter().map(|(k, v)| (k.clone(), v.ty())).collect()),
        }
    }

    /// False only for an unknown value itself (not for one that contains
    /// unknowns).
    pub fn is_known(&self) -> bool {
        !matches!(self, Value::Unknown(_))
    }

    /// True for a null of any type.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null(_))
    }

    /// True when no part of the value is unknown.
    pub fn is_wholly_known(&self) -> bool {
        match self {
            Value::Unknown(_) => false,
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().all(Value::is_wholly_known),
            Value::Map(_, m) | Value::Object(m) => m.values().all(Value::is_wholly_known),
            _ => true,
        }
    }

    /// The elements of a list, set or tuple.
    pub fn as_sequence(&self) -> Option<&[Value]> {
        match self {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Some(vs),
            _ => None,
        }
    }

    /// The entries of a map or object.
    pub fn as_mapping(&self) -> Option<&BTreeMap<String, Value>> {
        match self {
            Value::Map(_, m) | Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The string, if this is a known string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// How many elements a collection or structure has.
    pub fn len(&self) -> Option<usize> {
        match self {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Some(vs.len()),
            Value::Map(_, m) | Value::Object(m) => Some(m.len()),
            _ => None,
        }
    }

    /// Approximate count of leaf values, for output budgets.
    pub fn weight(&self) -> usize {
        match self {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => 1 + vs.iter().map(Value::weight).sum::<usize>(),
            Value::Map(_, m) | Value::Object(m) => 1 + m.iter().map(|(k, v)| k.len() / 16 + v.weight()).sum::<usize>(),
            Value::String(s) => 1 + s.len() / 16,
            _ => 1,
        }
    }
}

/// Normalises a string to NFC, cheaply when it already is.
pub fn nfc(s: String) -> String {
    if is_nfc_quick(s.chars()) == IsNormalized::Yes {
        s
    } else {
        s.nfc().collect()
    }
}
