//! The value model: go-cty's values, with unknowns and typed nulls.

pub mod convert;
mod go_sort;
mod go_syntax;
pub mod map;
pub mod number;
pub mod ops;
pub mod types;

pub use map::SortedMap;
pub use number::Number;
pub use types::{Kind, Type};

use std::collections::BTreeMap;
use std::rc::Rc;

/// The elements of a list, set or tuple, shared: values are immutable, so
/// a copy (a variable read, an iteration variable, a traversal) costs a
/// reference count, not the whole collection.
#[derive(Clone, Debug, Default)]
pub struct Elements(Rc<Vec<Value>>);

/// The entries of a map or object, shared like [`Elements`].
#[derive(Clone, Debug, Default)]
pub struct Entries(Rc<SortedMap<Value>>);

macro_rules! shared_collection {
    ($name:ident, $inner:ty, $item:ty, $iter:ty, $ref_iter:ty) => {
        impl $name {
            /// The collection, to change in place (copied first if shared).
            pub fn make_mut(&mut self) -> &mut $inner {
                Rc::make_mut(&mut self.0)
            }

            /// The collection, owned (copied if shared).
            pub fn into_inner(self) -> $inner {
                Rc::unwrap_or_clone(self.0)
            }
        }

        impl std::ops::Deref for $name {
            type Target = $inner;
            fn deref(&self) -> &$inner {
                &self.0
            }
        }

        impl From<$inner> for $name {
            fn from(c: $inner) -> $name {
                $name(Rc::new(c))
            }
        }

        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(iter: I) -> $name {
                $name(Rc::new(iter.into_iter().collect()))
            }
        }

        impl IntoIterator for $name {
            type Item = $item;
            type IntoIter = $iter;
            fn into_iter(self) -> $iter {
                self.into_inner().into_iter()
            }
        }

        impl<'a> IntoIterator for &'a $name {
            type Item = <$ref_iter as Iterator>::Item;
            type IntoIter = $ref_iter;
            fn into_iter(self) -> $ref_iter {
                self.0.iter()
            }
        }
    };
}

shared_collection!(Elements, Vec<Value>, Value, std::vec::IntoIter<Value>, std::slice::Iter<'a, Value>);
shared_collection!(Entries, SortedMap<Value>, (String, Value), std::vec::IntoIter<(String, Value)>, map::Iter<'a, Value>);

impl From<BTreeMap<String, Value>> for Entries {
    fn from(m: BTreeMap<String, Value>) -> Entries {
        Entries(Rc::new(m.into()))
    }
}

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
    List(Type, Elements),
    /// `set(T)`: element type and distinct elements in cty order.
    Set(Type, Elements),
    /// `map(T)`: element type and entries.
    Map(Type, Entries),
    /// `tuple([...])`
    Tuple(Elements),
    /// `object({...})`
    Object(Entries),
    /// A value marked sensitive: it computes like the value inside, and the
    /// mark follows every result derived from it.
    Sensitive(Box<Value>),
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

    /// A set from arbitrary elements: sorted in cty order, duplicates
    /// removed; element marks move to the set itself, as in cty.
    pub fn set(elem: Type, elems: Vec<Value>) -> Value {
        let mut marked = false;
        let elems = elems
            .into_iter()
            .map(|e| {
                let (e, m) = e.unmark_deep();
                marked |= m;
                e
            })
            .collect();
        Value::Set(elem, ops::set_normalize(elems).into()).mark_if(marked)
    }

    /// This value marked sensitive.
    pub fn sensitive(self) -> Value {
        match self {
            marked @ Value::Sensitive(_) => marked,
            v => Value::Sensitive(Box::new(v)),
        }
    }

    /// Marks the value sensitive when `marked` is true.
    pub fn mark_if(self, marked: bool) -> Value {
        if marked {
            self.sensitive()
        } else {
            self
        }
    }

    /// True when this value itself carries the sensitive mark.
    pub fn is_marked(&self) -> bool {
        matches!(self, Value::Sensitive(_))
    }

    /// The value without its own mark, and whether it had one.
    pub fn unmark(self) -> (Value, bool) {
        match self {
            Value::Sensitive(v) => (*v, true),
            v => (v, false),
        }
    }

    /// A reference to the value inside any mark.
    pub fn unmarked(&self) -> &Value {
        match self {
            Value::Sensitive(v) => v,
            v => v,
        }
    }

    /// True when the value or anything inside it is marked.
    pub fn has_marks(&self) -> bool {
        match self {
            Value::Sensitive(_) => true,
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().any(Value::has_marks),
            Value::Map(_, m) | Value::Object(m) => m.values().any(Value::has_marks),
            _ => false,
        }
    }

    /// The value with every mark removed, and whether there was any.
    pub fn unmark_deep(self) -> (Value, bool) {
        if !self.has_marks() {
            return (self, false);
        }
        let strip = |vs: Elements| vs.into_iter().map(|v| v.unmark_deep().0).collect::<Elements>();
        let strip_map = |m: Entries| m.into_iter().map(|(k, v)| (k, v.unmark_deep().0)).collect::<Entries>();
        let v = match self {
            Value::Sensitive(v) => v.unmark_deep().0,
            Value::List(t, vs) => Value::List(t, strip(vs)),
            Value::Set(t, vs) => Value::Set(t, strip(vs)),
            Value::Tuple(vs) => Value::Tuple(strip(vs)),
            Value::Map(t, m) => Value::Map(t, strip_map(m)),
            Value::Object(m) => Value::Object(strip_map(m)),
            v => v,
        };
        (v, true)
    }

    /// The constructor of the value's type, without building the type
    /// (which walks every element of a tuple or object).
    pub fn kind(&self) -> Kind {
        match self {
            Value::Sensitive(v) => v.kind(),
            Value::Unknown(t) | Value::Null(t) => t.kind(),
            Value::Bool(_) => Kind::Bool,
            Value::Number(_) => Kind::Number,
            Value::String(_) => Kind::String,
            Value::List(..) => Kind::List,
            Value::Set(..) => Kind::Set,
            Value::Map(..) => Kind::Map,
            Value::Tuple(_) => Kind::Tuple,
            Value::Object(_) => Kind::Object,
        }
    }

    /// The value's type.
    pub fn ty(&self) -> Type {
        match self {
            Value::Sensitive(v) => v.ty(),
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
        !matches!(self.unmarked(), Value::Unknown(_))
    }

    /// True for a null of any type.
    pub fn is_null(&self) -> bool {
        matches!(self.unmarked(), Value::Null(_))
    }

    /// True when no part of the value is unknown.
    pub fn is_wholly_known(&self) -> bool {
        match self {
            Value::Unknown(_) => false,
            Value::Sensitive(v) => v.is_wholly_known(),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().all(Value::is_wholly_known),
            Value::Map(_, m) | Value::Object(m) => m.values().all(Value::is_wholly_known),
            _ => true,
        }
    }

    /// The elements of a list, set or tuple.
    pub fn as_sequence(&self) -> Option<&[Value]> {
        match self.unmarked() {
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Some(vs),
            _ => None,
        }
    }

    /// The entries of a map or object.
    pub fn as_mapping(&self) -> Option<&SortedMap<Value>> {
        match self.unmarked() {
            Value::Map(_, m) | Value::Object(m) => Some(m),
            _ => None,
        }
    }

    /// The string, if this is a known string.
    pub fn as_str(&self) -> Option<&str> {
        match self.unmarked() {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// How many elements a collection or structure has.
    pub fn len(&self) -> Option<usize> {
        match self.unmarked() {
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
            Value::Sensitive(v) => v.weight(),
            _ => 1,
        }
    }
}

/// Normalises a string to NFC as cty does (x/text's `norm.NFC`, in the
/// current profile's Unicode version), cheaply when it already is.
pub fn nfc(s: String) -> String {
    if s.is_ascii() {
        return s;
    }
    crate::text::unicode::nfc(s, unicode())
}

/// Whether a string is in NFC already.
pub fn is_nfc(s: &str) -> bool {
    s.is_ascii() || crate::text::unicode::is_nfc(s, unicode())
}

/// A string quoted as Go's `strconv.Quote` does (see
/// [`text::go_quote`](crate::text::go_quote)), in the current profile's
/// Unicode version.
pub fn go_quote(s: &str) -> String {
    crate::text::go_quote(s, unicode())
}

/// The Unicode version of the current profile's Go libraries (see
/// [`Profile::current`](crate::profile::Profile::current)): what NFC,
/// grapheme clusters and case mappings follow.
pub fn unicode() -> crate::text::unicode::Version {
    match crate::profile::Profile::current() {
        crate::profile::Profile::Hcl214 => crate::text::unicode::Version::Unicode13,
        crate::profile::Profile::Terraform | crate::profile::Profile::OpenTofu => crate::text::unicode::Version::Unicode15,
    }
}
