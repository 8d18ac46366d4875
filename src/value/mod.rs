//! The value model: go-cty's values, with unknowns and typed nulls.

pub mod convert;
mod go_sort;
mod go_syntax;
pub mod map;
pub mod marks;
pub mod number;
pub mod ops;
pub mod refine;
pub mod types;

pub use map::SortedMap;
pub use marks::Marks;
pub use number::Number;
pub use refine::Refinement;
pub use types::{Kind, Type};

use crate::profile::Profile;
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
    /// A value not known yet (Terraform's "known after apply"), with what
    /// is known of it (never a refinement that says nothing).
    Unknown(Type, Option<Box<Refinement>>),
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
    /// A marked value (sensitive, ephemeral): it computes like the value
    /// inside, and the marks follow every result derived from it. Never
    /// empty marks, never a marked value inside.
    Marked(Box<Value>, Marks),
}

impl Value {
    /// A string value, normalised to NFC as cty does, in the Unicode
    /// version of `profile`'s libraries.
    pub fn string(s: impl Into<String>, profile: Profile) -> Value {
        Value::String(nfc(s.into(), profile))
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
        Value::Unknown(Type::Dynamic, None)
    }

    /// An unknown value of type `t`, with no refinement.
    pub fn unknown(t: Type) -> Value {
        Value::Unknown(t, None)
    }

    /// This value refined as not null (when it is an unknown that can be
    /// refined; cty's `RefineNotNull`).
    pub fn refine_not_null(self) -> Value {
        self.refine().not_null().value()
    }

    /// Starts refining this value (see [`refine::Refine`]).
    pub fn refine(self) -> refine::Refine {
        refine::Refine::new(self)
    }

    /// What is known of an unknown value, if anything is.
    pub fn refinement(&self) -> Option<&Refinement> {
        match self.unmarked() {
            Value::Unknown(_, r) => r.as_deref(),
            _ => None,
        }
    }

    /// A set from arbitrary elements: sorted in cty order, duplicates
    /// removed; element marks move to the set itself, as in cty.
    pub fn set(elem: Type, elems: Vec<Value>, profile: Profile) -> Value {
        let mut marks = Marks::NONE;
        let elems = elems
            .into_iter()
            .map(|e| {
                let (e, m) = e.unmark_deep();
                marks |= m;
                e
            })
            .collect();
        Value::Set(elem, ops::set_normalize(elems, profile).into()).with_marks(marks)
    }

    /// This value marked sensitive.
    pub fn sensitive(self) -> Value {
        self.with_marks(Marks::SENSITIVE)
    }

    /// This value with `marks` added to its own.
    pub fn with_marks(self, marks: Marks) -> Value {
        if marks.is_empty() {
            return self;
        }
        match self {
            Value::Marked(v, m) => Value::Marked(v, m | marks),
            v => Value::Marked(Box::new(v), marks),
        }
    }

    /// The value with the same top-level marks as `other` added.
    pub fn with_same_marks(self, other: &Value) -> Value {
        self.with_marks(other.marks())
    }

    /// True when this value itself carries a mark.
    pub fn is_marked(&self) -> bool {
        matches!(self, Value::Marked(..))
    }

    /// The value's own (top-level) marks.
    pub fn marks(&self) -> Marks {
        match self {
            Value::Marked(_, m) => *m,
            _ => Marks::NONE,
        }
    }

    /// The value without its own marks, and those marks.
    pub fn unmark(self) -> (Value, Marks) {
        match self {
            Value::Marked(v, m) => (*v, m),
            v => (v, Marks::NONE),
        }
    }

    /// A reference to the value inside any mark.
    pub fn unmarked(&self) -> &Value {
        match self {
            Value::Marked(v, _) => v,
            v => v,
        }
    }

    /// True when the value or anything inside it is marked.
    pub fn has_marks(&self) -> bool {
        match self {
            Value::Marked(..) => true,
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().any(Value::has_marks),
            Value::Map(_, m) | Value::Object(m) => m.values().any(Value::has_marks),
            _ => false,
        }
    }

    /// Every mark on the value or inside it.
    pub fn deep_marks(&self) -> Marks {
        match self {
            Value::Marked(v, m) => *m | v.deep_marks(),
            Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().fold(Marks::NONE, |m, v| m | v.deep_marks()),
            Value::Map(_, e) | Value::Object(e) => e.values().fold(Marks::NONE, |m, v| m | v.deep_marks()),
            _ => Marks::NONE,
        }
    }

    /// Whether `other` is this very value: the same shared collection (a
    /// copy made by cloning), or an equal scalar. Constant time for
    /// collections, so that what renders a value can keep its rendering
    /// while the value is unchanged; false where equal values were built
    /// apart.
    ///
    /// ```
    /// use hcl_playground::value::{Value, SortedMap};
    /// let o = Value::Object(SortedMap::from_iter([("a".to_string(), Value::Bool(true))]).into());
    /// assert!(o.is_same(&o.clone()));
    /// let apart = Value::Object(SortedMap::from_iter([("a".to_string(), Value::Bool(true))]).into());
    /// assert!(!o.is_same(&apart));
    /// ```
    pub fn is_same(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Unknown(t, r), Unknown(u, q)) => t == u && r.is_none() && q.is_none(),
            (Null(t), Null(u)) => t == u,
            (Bool(a), Bool(b)) => a == b,
            (Number(a), Number(b)) => a.is_same(b),
            (String(a), String(b)) => a == b,
            (List(t, a), List(u, b)) | (Set(t, a), Set(u, b)) => Rc::ptr_eq(&a.0, &b.0) && t == u,
            (Tuple(a), Tuple(b)) => Rc::ptr_eq(&a.0, &b.0),
            (Map(t, a), Map(u, b)) => Rc::ptr_eq(&a.0, &b.0) && t == u,
            (Object(a), Object(b)) => Rc::ptr_eq(&a.0, &b.0),
            (Marked(a, m), Marked(b, n)) => m == n && a.is_same(b),
            _ => false,
        }
    }

    /// Whether the value or anything inside it has all of `marks`.
    pub fn has_mark_deep(&self, marks: Marks) -> bool {
        self.deep_marks().contains(marks)
    }

    /// This value with each unknown in it marked with `marks` too (for an
    /// unknown in a set, the set: elements of sets carry no marks).
    pub fn mark_unknowns(self, marks: Marks) -> Value {
        if self.is_wholly_known() {
            return self;
        }
        let each = |vs: Elements| vs.into_iter().map(|v| v.mark_unknowns(marks)).collect::<Elements>();
        let each_entry = |m: Entries| m.into_iter().map(|(k, v)| (k, v.mark_unknowns(marks))).collect::<Entries>();
        match self {
            Value::Marked(v, m) => v.mark_unknowns(marks).with_marks(m),
            Value::List(t, vs) => Value::List(t, each(vs)),
            Value::Tuple(vs) => Value::Tuple(each(vs)),
            Value::Map(t, m) => Value::Map(t, each_entry(m)),
            Value::Object(m) => Value::Object(each_entry(m)),
            v => v.with_marks(marks),
        }
    }

    /// The value with every mark removed, and the marks there were.
    pub fn unmark_deep(self) -> (Value, Marks) {
        if !self.has_marks() {
            return (self, Marks::NONE);
        }
        let mut all = Marks::NONE;
        let v = self.strip_marks(&mut all);
        (v, all)
    }

    fn strip_marks(self, all: &mut Marks) -> Value {
        let strip = |vs: Elements, all: &mut Marks| vs.into_iter().map(|v| v.strip_marks(all)).collect::<Elements>();
        let strip_map = |m: Entries, all: &mut Marks| m.into_iter().map(|(k, v)| (k, v.strip_marks(all))).collect::<Entries>();
        match self {
            Value::Marked(v, m) => {
                *all |= m;
                v.strip_marks(all)
            }
            Value::List(t, vs) if vs.iter().any(Value::has_marks) => Value::List(t, strip(vs, all)),
            Value::Set(t, vs) if vs.iter().any(Value::has_marks) => Value::Set(t, strip(vs, all)),
            Value::Tuple(vs) if vs.iter().any(Value::has_marks) => Value::Tuple(strip(vs, all)),
            Value::Map(t, m) if m.values().any(Value::has_marks) => Value::Map(t, strip_map(m, all)),
            Value::Object(m) if m.values().any(Value::has_marks) => Value::Object(strip_map(m, all)),
            v => v,
        }
    }

    /// The constructor of the value's type, without building the type
    /// (which walks every element of a tuple or object).
    pub fn kind(&self) -> Kind {
        match self {
            Value::Marked(v, _) => v.kind(),
            Value::Unknown(t, _) | Value::Null(t) => t.kind(),
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
            Value::Marked(v, _) => v.ty(),
            Value::Unknown(t, _) | Value::Null(t) => t.clone(),
            Value::Bool(_) => Type::Bool,
            Value::Number(_) => Type::Number,
            Value::String(_) => Type::String,
            Value::List(t, _) => Type::list(t.clone()),
            Value::Set(t, _) => Type::set(t.clone()),
            Value::Map(t, _) => Type::map(t.clone()),
            Value::Tuple(vs) => Type::tuple(vs.iter().map(Value::ty).collect()),
            Value::Object(m) => Type::object(map::btree_map(m.iter().map(|(k, v)| (k.clone(), v.ty())))),
        }
    }

    /// The value's type as text, as `self.ty().to_string()` writes it,
    /// without building the type (a resource's object holds a hundred
    /// attributes, each with its own type to build and free).
    ///
    /// ```
    /// use hcl_playground::value::Value;
    /// let v = Value::Tuple(vec![Value::Bool(true), Value::int(1)].into());
    /// assert_eq!(v.type_text(), "tuple([bool, number])");
    /// assert_eq!(v.type_text(), v.ty().to_string());
    /// ```
    pub fn type_text(&self) -> String {
        let mut out = String::new();
        let _ = self.write_type(&mut out);
        out
    }

    /// [`Value::type_text`] up to `max` bytes (cut at a character's
    /// boundary), and whether it was cut: a resource's type is thousands of
    /// characters, of which a list of values shows a line.
    ///
    /// ```
    /// use hcl_playground::value::Value;
    /// let v = Value::Tuple(vec![Value::Bool(true), Value::int(1)].into());
    /// assert_eq!(v.type_text_within(12), ("tuple([bool,".to_string(), true));
    /// assert_eq!(v.type_text_within(100), (v.type_text(), false));
    /// ```
    pub fn type_text_within(&self, max: usize) -> (String, bool) {
        let mut out = Within { out: String::new(), max };
        let cut = self.write_type(&mut out).is_err();
        (out.out, cut)
    }

    fn write_type(&self, out: &mut dyn std::fmt::Write) -> std::fmt::Result {
        match self {
            Value::Marked(v, _) => v.write_type(out),
            Value::Unknown(t, _) | Value::Null(t) => t.write_text(out),
            Value::Bool(_) => out.write_str("bool"),
            Value::Number(_) => out.write_str("number"),
            Value::String(_) => out.write_str("string"),
            Value::List(t, _) => types::write_collection(out, "list(", t),
            Value::Set(t, _) => types::write_collection(out, "set(", t),
            Value::Map(t, _) => types::write_collection(out, "map(", t),
            Value::Tuple(vs) => types::write_tuple(out, vs.iter(), |v, out| v.write_type(out)),
            Value::Object(m) => types::write_object(out, m.iter(), |v, out| v.write_type(out)),
        }
    }

    /// False only for an unknown value itself (not for one that contains
    /// unknowns).
    pub fn is_known(&self) -> bool {
        !matches!(self.unmarked(), Value::Unknown(..))
    }

    /// True for a null of any type.
    pub fn is_null(&self) -> bool {
        matches!(self.unmarked(), Value::Null(_))
    }

    /// True when no part of the value is unknown.
    pub fn is_wholly_known(&self) -> bool {
        match self {
            Value::Unknown(..) => false,
            Value::Marked(v, _) => v.is_wholly_known(),
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
            Value::Marked(v, _) => v.weight(),
            _ => 1,
        }
    }
}

/// Normalises a string to NFC as cty does (x/text's `norm.NFC`, in the
/// Unicode version of `profile`'s libraries), cheaply when it already is.
pub fn nfc(s: String, profile: Profile) -> String {
    if s.is_ascii() {
        return s;
    }
    crate::text::unicode::nfc(s, profile.unicode())
}

/// Whether a string is in NFC already.
pub fn is_nfc(s: &str, profile: Profile) -> bool {
    s.is_ascii() || crate::text::unicode::is_nfc(s, profile.unicode())
}

/// A string quoted as Go's `strconv.Quote` does (see
/// [`text::go_quote`](crate::text::go_quote)), in the Unicode version of
/// `profile`'s libraries.
pub fn go_quote(s: &str, profile: Profile) -> String {
    crate::text::go_quote(s, profile.unicode())
}

/// Text up to `max` bytes: a write past it keeps what fits (whole
/// characters) and fails, which stops the writer.
struct Within {
    out: String,
    max: usize,
}

impl std::fmt::Write for Within {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if self.out.len() + s.len() <= self.max {
            self.out.push_str(s);
            return Ok(());
        }
        let mut end = self.max - self.out.len();
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.out.push_str(&s[..end]);
        Err(std::fmt::Error)
    }
}
