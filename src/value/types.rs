//! HCL types, as go-cty models them.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// A cty type. `Dynamic` is cty's `DynamicPseudoType`: "any type", used for
/// untyped nulls, unknown values of unknown type and type constraints.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Type {
    /// Any type.
    Dynamic,
    /// A Unicode string.
    String,
    /// An arbitrary-precision number.
    Number,
    /// `true` or `false`.
    Bool,
    /// An ordered sequence of one element type.
    List(Box<Type>),
    /// An unordered collection of distinct values of one element type.
    Set(Box<Type>),
    /// String keys to values of one element type.
    Map(Box<Type>),
    /// A fixed sequence, each element with its own type (shared: a copy
    /// of a type costs a reference count, not the tree).
    Tuple(Arc<Vec<Type>>),
    /// Named attributes, each with its own type (shared like a tuple's).
    Object(Arc<BTreeMap<String, Type>>),
}

/// A type's constructor, without its element or attribute types: what a
/// value's shape says at no cost (see [`Value::kind`](super::Value::kind)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `dynamic`
    Dynamic,
    /// `string`
    String,
    /// `number`
    Number,
    /// `bool`
    Bool,
    /// `list(…)`
    List,
    /// `set(…)`
    Set,
    /// `map(…)`
    Map,
    /// `tuple([…])`
    Tuple,
    /// `object({…})`
    Object,
}

impl Type {
    /// The type's constructor.
    pub fn kind(&self) -> Kind {
        match self {
            Type::Dynamic => Kind::Dynamic,
            Type::String => Kind::String,
            Type::Number => Kind::Number,
            Type::Bool => Kind::Bool,
            Type::List(_) => Kind::List,
            Type::Set(_) => Kind::Set,
            Type::Map(_) => Kind::Map,
            Type::Tuple(_) => Kind::Tuple,
            Type::Object(_) => Kind::Object,
        }
    }

    /// `list(elem)`
    pub fn list(elem: Type) -> Type {
        Type::List(Box::new(elem))
    }

    /// `set(elem)`
    pub fn set(elem: Type) -> Type {
        Type::Set(Box::new(elem))
    }

    /// `map(elem)`
    pub fn map(elem: Type) -> Type {
        Type::Map(Box::new(elem))
    }

    /// `tuple([...])`
    pub fn tuple(elems: Vec<Type>) -> Type {
        Type::Tuple(Arc::new(elems))
    }

    /// `object({...})`
    pub fn object(attrs: BTreeMap<String, Type>) -> Type {
        Type::Object(Arc::new(attrs))
    }

    /// True for string, number and bool.
    pub fn is_primitive(&self) -> bool {
        matches!(self, Type::String | Type::Number | Type::Bool)
    }

    /// True for list, set and map.
    pub fn is_collection(&self) -> bool {
        matches!(self, Type::List(_) | Type::Set(_) | Type::Map(_))
    }

    /// The element type of a list, set or map.
    pub fn element_type(&self) -> Option<&Type> {
        match self {
            Type::List(e) | Type::Set(e) | Type::Map(e) => Some(e),
            _ => None,
        }
    }

    /// True when the type contains `dynamic` anywhere.
    pub fn has_dynamic(&self) -> bool {
        match self {
            Type::Dynamic => true,
            Type::List(e) | Type::Set(e) | Type::Map(e) => e.has_dynamic(),
            Type::Tuple(ts) => ts.iter().any(Type::has_dynamic),
            Type::Object(m) => m.values().any(Type::has_dynamic),
            _ => false,
        }
    }

    /// cty's `FriendlyName`: `string`, `list of number`, `object`, …
    pub fn friendly_name(&self) -> String {
        match self {
            Type::Dynamic => "dynamic".into(),
            Type::String => "string".into(),
            Type::Number => "number".into(),
            Type::Bool => "bool".into(),
            Type::List(e) => format!("list of {}", e.friendly_name()),
            Type::Set(e) => format!("set of {}", e.friendly_name()),
            Type::Map(e) => format!("map of {}", e.friendly_name()),
            Type::Tuple(_) => "tuple".into(),
            Type::Object(_) => "object".into(),
        }
    }

    /// cty's `FriendlyNameForConstraint`: like [`Type::friendly_name`] but
    /// `dynamic` reads "any".
    pub fn friendly_name_for_constraint(&self) -> String {
        match self {
            Type::Dynamic => "any type".into(),
            Type::List(e) => format!("list of {}", e.constraint_elem_name()),
            Type::Set(e) => format!("set of {}", e.constraint_elem_name()),
            Type::Map(e) => format!("map of {}", e.constraint_elem_name()),
            other => other.friendly_name(),
        }
    }

    fn constraint_elem_name(&self) -> String {
        match self {
            Type::Dynamic => "any single type".into(),
            other => other.friendly_name_for_constraint(),
        }
    }
}

/// True when `name` is a valid HCL identifier (so needs no quotes as a key).
pub fn is_valid_identifier(name: &str) -> bool {
    if name.is_ascii() {
        let b = name.as_bytes();
        return matches!(b.first(), Some(c) if c.is_ascii_alphabetic() || *c == b'_')
            && b.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-'));
    }
    crate::text::is_identifier(name)
}

/// An object type's attribute name as a type is written: bare where it is
/// an identifier, quoted as JSON otherwise.
pub(crate) fn attribute_name(name: &str) -> std::borrow::Cow<'_, str> {
    if is_valid_identifier(name) {
        std::borrow::Cow::Borrowed(name)
    } else {
        std::borrow::Cow::Owned(crate::text::json_string(name))
    }
}

/// The type written as the conformance schema writes it:
/// `tuple([string, number])`, `object({a: bool, "b c": string})`.
impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_text(f)
    }
}

impl Type {
    /// Writes the type as [`Display`](fmt::Display) does, a part at a time
    /// (a resource's type is thousands of parts).
    pub(crate) fn write_text(&self, out: &mut dyn fmt::Write) -> fmt::Result {
        match self {
            Type::Dynamic => out.write_str("dynamic"),
            Type::String => out.write_str("string"),
            Type::Number => out.write_str("number"),
            Type::Bool => out.write_str("bool"),
            Type::List(e) => write_collection(out, "list(", e),
            Type::Set(e) => write_collection(out, "set(", e),
            Type::Map(e) => write_collection(out, "map(", e),
            Type::Tuple(ts) => write_tuple(out, ts.iter(), |t, out| t.write_text(out)),
            Type::Object(attrs) => write_object(out, attrs.iter(), |t, out| t.write_text(out)),
        }
    }
}

/// A collection type written: `open` (`list(`, `set(`, `map(`), its
/// element type, `)`.
pub(crate) fn write_collection(out: &mut dyn fmt::Write, open: &str, element: &Type) -> fmt::Result {
    out.write_str(open)?;
    element.write_text(out)?;
    out.write_str(")")
}

/// A tuple type written, each element's type by `each` (from a type or a
/// value).
pub(crate) fn write_tuple<T>(
    out: &mut dyn fmt::Write,
    elements: impl Iterator<Item = T>,
    mut each: impl FnMut(T, &mut dyn fmt::Write) -> fmt::Result,
) -> fmt::Result {
    out.write_str("tuple([")?;
    for (i, e) in elements.enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        each(e, out)?;
    }
    out.write_str("])")
}

/// An object type written, each attribute's type by `each` (from a type or
/// a value).
pub(crate) fn write_object<'a, T>(
    out: &mut dyn fmt::Write,
    attributes: impl Iterator<Item = (&'a String, T)>,
    mut each: impl FnMut(T, &mut dyn fmt::Write) -> fmt::Result,
) -> fmt::Result {
    out.write_str("object({")?;
    for (i, (k, t)) in attributes.enumerate() {
        if i > 0 {
            out.write_str(", ")?;
        }
        out.write_str(&attribute_name(k))?;
        out.write_str(": ")?;
        each(t, out)?;
    }
    out.write_str("})")
}

/// cty's `have.TestConformance(want)` success. Only `dynamic` in `want`
/// accepts anything, so `[ud, 1] == [1, ud]` is false: neither side's
/// type conforms to the other's.
pub fn conforms(have: &Type, want: &Type) -> bool {
    use Type::*;
    match (have, want) {
        (_, Dynamic) => true,
        (List(a), List(b)) | (Set(a), Set(b)) | (Map(a), Map(b)) => conforms(a, b),
        (Tuple(a), Tuple(b)) => a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| conforms(x, y)),
        (Object(a), Object(b)) => a.len() == b.len() && a.iter().zip(b.iter()).all(|((k1, x), (k2, y))| k1 == k2 && conforms(x, y)),
        (a, b) => a == b,
    }
}
