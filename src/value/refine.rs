//! Refined unknown values (go-cty 1.13 and later): what is known of a value
//! that is not known yet — that it is not null, a prefix of a string,
//! bounds of a number, bounds of a collection's length — and the range of
//! any value, known or not, that operations consult to give known answers
//! about unknown operands.
//!
//! The 2022 libraries of the legacy profile have no refinements; nothing
//! here runs for it.

use super::{Number, Type, Value};
use crate::profile::Profile;
use std::cmp::Ordering;

/// The largest collection length cty can represent (Go's `math.MaxInt`),
/// which stands for "no upper bound".
pub const MAX_LEN: u64 = i64::MAX as u64;

/// A number bound: the number and whether it is included.
#[derive(Clone, Debug)]
pub struct Bound {
    /// The bounding number (never infinite: an infinite bound is no bound).
    pub value: Number,
    /// Whether the bound itself is in range.
    pub inclusive: bool,
}

/// What is known of an unknown value besides its type. Which fields mean
/// anything depends on the type: `prefix` for strings, `lower`/`upper`
/// for numbers, the lengths for lists, sets and maps; `not_null` for every
/// type but `dynamic`, which cannot be refined at all.
#[derive(Clone, Debug)]
pub struct Refinement {
    /// The value is definitely not null.
    pub not_null: bool,
    /// A string value starts with this (NFC) text.
    pub prefix: String,
    /// A number value is at least this.
    pub lower: Option<Bound>,
    /// A number value is at most this.
    pub upper: Option<Bound>,
    /// A collection has at least this many elements.
    pub min_len: u64,
    /// A collection has at most this many elements ([`MAX_LEN`]: unbounded).
    pub max_len: u64,
}

impl Default for Refinement {
    fn default() -> Refinement {
        Refinement { not_null: false, prefix: String::new(), lower: None, upper: None, min_len: 0, max_len: MAX_LEN }
    }
}

impl Refinement {
    /// Whether this says nothing more than an unrefined unknown does.
    pub fn is_empty(&self) -> bool {
        !self.not_null
            && self.prefix.is_empty()
            && self.lower.is_none()
            && self.upper.is_none()
            && self.min_len == 0
            && self.max_len == MAX_LEN
    }

    /// cty's `RawEquals` of two refinements (refinements are go-cty 1.13's,
    /// so are its number comparisons).
    pub fn raw_equals(&self, other: &Refinement) -> bool {
        let bound_eq = |a: &Option<Bound>, b: &Option<Bound>| match (a, b) {
            (None, None) => true,
            (Some(x), Some(y)) => x.inclusive == y.inclusive && x.value.equals_current(&y.value),
            _ => false,
        };
        self.not_null == other.not_null
            && self.prefix == other.prefix
            && bound_eq(&self.lower, &other.lower)
            && bound_eq(&self.upper, &other.upper)
            && self.min_len == other.min_len
            && self.max_len == other.max_len
    }
}

/// Whether unknown values of type `t` can carry refinements (go-cty
/// refuses to refine `DynamicVal`).
pub fn refinable(t: &Type) -> bool {
    *t != Type::Dynamic
}

/// The range of a value: for an unknown value, its refinements; for a
/// known one, what its value implies (a string is its own prefix, a number
/// its own bounds, a collection its own length). cty's `Value.Range`.
#[derive(Clone, Debug)]
pub struct Range {
    /// The value's type.
    pub ty: Type,
    /// `Some(true)`: definitely null; `Some(false)`: definitely not; `None`:
    /// either.
    pub null: Option<bool>,
    /// Everything else that is known (see [`Refinement`]).
    pub refinement: Refinement,
}

impl Range {
    /// The range of `v` (marks are ignored).
    pub fn of(v: &Value) -> Range {
        let v = v.unmarked();
        let ty = v.ty();
        match v {
            Value::Unknown(_, r) => {
                let refinement = r.as_deref().cloned().unwrap_or_default();
                let null = refinement.not_null.then_some(false);
                Range { ty, null, refinement }
            }
            Value::Null(_) => Range { ty, null: Some(true), refinement: Refinement::default() },
            _ => {
                let mut r = Refinement { not_null: true, ..Refinement::default() };
                match v {
                    Value::String(s) => r.prefix = s.clone(),
                    Value::Number(n) => {
                        r.lower = Some(Bound { value: n.clone(), inclusive: true });
                        r.upper = Some(Bound { value: n.clone(), inclusive: true });
                    }
                    Value::List(..) | Value::Map(..) => {
                        let n = v.len().unwrap_or(0) as u64;
                        (r.min_len, r.max_len) = (n, n);
                    }
                    Value::Set(_, elems) => {
                        // A set's length is unknown while an unknown element
                        // could still coalesce with another.
                        if elems.len() <= 1 || v.is_wholly_known() {
                            let n = elems.len() as u64;
                            (r.min_len, r.max_len) = (n, n);
                        }
                    }
                    _ => {}
                }
                Range { ty, null: Some(false), refinement: r }
            }
        }
    }

    /// Whether the value is definitely not null.
    pub fn definitely_not_null(&self) -> bool {
        self.null == Some(false)
    }

    /// Whether the value could be null.
    pub fn could_be_null(&self) -> bool {
        self.null != Some(false)
    }

    /// The lower bound of a number (`None`: unbounded or unknown), as
    /// `NumberLowerBound` gives it.
    pub fn lower(&self) -> Option<&Bound> {
        self.refinement.lower.as_ref()
    }

    /// The upper bound of a number (`None`: unbounded).
    pub fn upper(&self) -> Option<&Bound> {
        self.refinement.upper.as_ref()
    }

    /// The lower bound of a collection's length.
    pub fn min_len(&self) -> u64 {
        self.refinement.min_len
    }

    /// The upper bound of a collection's length ([`MAX_LEN`]: unbounded).
    pub fn max_len(&self) -> u64 {
        self.refinement.max_len
    }

    /// cty's `ValueRange.Includes`: `Some(false)` when `v` is definitely
    /// outside this range, `Some(true)` when definitely inside, `None` when
    /// that is not known.
    pub fn includes(&self, v: &Value) -> Option<bool> {
        match self.null {
            Some(true) => return Some(v.is_null()),
            Some(false) if v.is_null() => return Some(false),
            _ => {}
        }
        if v.is_null() {
            return Some(true);
        }
        if !super::types::conforms(&v.ty(), &self.ty) {
            return Some(false);
        }
        if v.ty() == Type::Dynamic {
            return None;
        }
        match &self.ty {
            Type::String => {
                if let Value::String(s) = v.unmarked() {
                    if !s.starts_with(&self.refinement.prefix) {
                        return Some(false);
                    }
                }
            }
            t if t.is_collection() => {
                if let Some((lo, hi)) = length_bounds(v) {
                    if hi < self.refinement.min_len || lo > self.refinement.max_len {
                        return Some(false);
                    }
                }
            }
            Type::Number => {
                if let Value::Number(n) = v.unmarked() {
                    if let Some(b) = self.lower() {
                        let c = n.compare(&b.value);
                        if c == Ordering::Less || (c == Ordering::Equal && !b.inclusive) {
                            return Some(false);
                        }
                    }
                    if let Some(b) = self.upper() {
                        let c = n.compare(&b.value);
                        if c == Ordering::Greater || (c == Ordering::Equal && !b.inclusive) {
                            return Some(false);
                        }
                    }
                }
            }
            _ => {}
        }
        None
    }
}

/// The bounds cty's `Length` puts on a collection's length: exact for a
/// known list or map, or a set that is wholly known or has one element;
/// between 1 and its element count for a set whose unknown elements could
/// coalesce; from its refinements for an unknown collection.
pub fn length_bounds(v: &Value) -> Option<(u64, u64)> {
    match v.unmarked() {
        Value::Unknown(..) => {
            let r = Range::of(v);
            Some((r.min_len(), r.max_len()))
        }
        Value::Set(_, elems) if elems.len() > 1 && !v.is_wholly_known() => Some((1, elems.len() as u64)),
        Value::List(_, e) | Value::Set(_, e) => Some((e.len() as u64, e.len() as u64)),
        Value::Map(_, m) => Some((m.len() as u64, m.len() as u64)),
        _ => None,
    }
}

/// Whether `v` is definitely not null (cty's `definitelyNotNull`).
pub fn definitely_not_null(v: &Value) -> bool {
    match v.unmarked() {
        Value::Unknown(_, r) => r.as_ref().is_some_and(|r| r.not_null),
        v => !v.is_null(),
    }
}

/// Builds a refined unknown value, as cty's `RefinementBuilder` does: each
/// step narrows what is known (a weaker refinement than one already there
/// is ignored), and [`Refine::value`] may find that the value is known after
/// all (a number whose inclusive bounds meet, a collection of length zero).
/// Refining a known value or an unknown of type `dynamic` changes nothing.
pub struct Refine {
    value: Value,
    refinement: Refinement,
}

impl Refine {
    /// Starts refining `v` (its marks are kept for the result).
    pub fn new(v: Value) -> Refine {
        let refinement = match v.unmarked() {
            Value::Unknown(_, Some(r)) => (**r).clone(),
            _ => Refinement::default(),
        };
        Refine { value: v, refinement }
    }

    fn active(&self) -> bool {
        matches!(self.value.unmarked(), Value::Unknown(t, _) if refinable(t))
    }

    fn ty(&self) -> Type {
        self.value.ty()
    }

    /// The value is not null.
    pub fn not_null(mut self) -> Refine {
        if self.active() {
            self.refinement.not_null = true;
        }
        self
    }

    /// A number's lower bound (an infinite bound changes nothing).
    pub fn lower(mut self, min: &Number, inclusive: bool) -> Refine {
        if !self.active() || self.ty() != Type::Number || min.is_infinite() && min.is_sign_negative() {
            return self;
        }
        if let Some(b) = &self.refinement.lower {
            let c = min.compare(&b.value);
            let tighter = if inclusive && !b.inclusive { c == Ordering::Greater } else { c != Ordering::Less };
            if !tighter {
                return self;
            }
        }
        self.refinement.lower = Some(Bound { value: min.clone(), inclusive });
        self
    }

    /// A number's upper bound (an infinite bound changes nothing).
    pub fn upper(mut self, max: &Number, inclusive: bool) -> Refine {
        if !self.active() || self.ty() != Type::Number || max.is_infinite() && !max.is_sign_negative() {
            return self;
        }
        if let Some(b) = &self.refinement.upper {
            let c = max.compare(&b.value);
            let tighter = if inclusive && !b.inclusive { c == Ordering::Less } else { c != Ordering::Greater };
            if !tighter {
                return self;
            }
        }
        self.refinement.upper = Some(Bound { value: max.clone(), inclusive });
        self
    }

    /// A collection's minimum length.
    pub fn min_len(mut self, n: u64) -> Refine {
        if self.active() && self.ty().is_collection() && n > self.refinement.min_len {
            self.refinement.min_len = n;
        }
        self
    }

    /// A collection's maximum length.
    pub fn max_len(mut self, n: u64) -> Refine {
        if self.active() && self.ty().is_collection() && n < self.refinement.max_len {
            self.refinement.max_len = n;
        }
        self
    }

    /// A string's prefix, shortened (as `StringPrefix` does) so that no
    /// character that follows could change its last grapheme cluster.
    pub fn prefix(self, prefix: &str, profile: Profile) -> Refine {
        let safe = safe_known_prefix(prefix, profile);
        self.prefix_full(&safe, profile)
    }

    /// A string's prefix, kept whole (`StringPrefixFull`).
    pub fn prefix_full(mut self, prefix: &str, profile: Profile) -> Refine {
        if self.active() && self.ty() == Type::String && prefix.len() > self.refinement.prefix.len() {
            self.refinement.prefix = super::nfc(prefix.to_string(), profile);
        }
        self
    }

    /// Whether a refinement would be inconsistent: go-cty panics on these,
    /// which for refinements read from variables is the caller's message.
    pub fn inconsistency(&self) -> Option<&'static str> {
        let r = &self.refinement;
        if let (Some(lo), Some(hi)) = (&r.lower, &r.upper) {
            let c = lo.value.compare(&hi.value);
            if c == Ordering::Greater || (c == Ordering::Equal && lo.inclusive != hi.inclusive) {
                return Some("number lower bound is greater than upper bound");
            }
        }
        (r.max_len < r.min_len).then_some("collection length upper bound is less than lower bound")
    }

    /// The refined value (cty's `NewValue`).
    pub fn value(self) -> Value {
        let (v, marks) = self.value.unmark();
        let Value::Unknown(ty, _) = &v else {
            return v.with_marks(marks);
        };
        if !refinable(ty) {
            return v.with_marks(marks);
        }
        let r = self.refinement;
        if r.not_null {
            if let Some(known) = collapse(ty, &r) {
                return known.with_marks(marks);
            }
        }
        let refinement = (!r.is_empty()).then(|| Box::new(r));
        Value::Unknown(ty.clone(), refinement).with_marks(marks)
    }
}

/// The known value a not-null refinement pins down, if it does: a number
/// between equal inclusive bounds; an empty collection; a list of known
/// length (of unknown elements); a set of one unknown element.
fn collapse(ty: &Type, r: &Refinement) -> Option<Value> {
    match ty {
        Type::Number => {
            let (lo, hi) = (r.lower.as_ref()?, r.upper.as_ref()?);
            (lo.inclusive && hi.inclusive && lo.value.equals_current(&hi.value)).then(|| Value::Number(lo.value.clone()))
        }
        t if t.is_collection() && r.min_len == r.max_len => {
            let elem = t.element_type().cloned().unwrap_or(Type::Dynamic);
            match (t, r.min_len) {
                (Type::List(_), 0) => Some(Value::List(elem, Default::default())),
                (Type::Set(_), 0) => Some(Value::Set(elem, Default::default())),
                (Type::Map(_), 0) => Some(Value::Map(elem, Default::default())),
                // A list that cty would build of millions of unknown
                // elements stays one unknown here.
                (Type::List(_), n) if n <= LIST_COLLAPSE_LIMIT => {
                    Some(Value::List(elem.clone(), (0..n).map(|_| Value::unknown(elem.clone())).collect()))
                }
                (Type::Set(_), 1) => Some(Value::Set(elem.clone(), vec![Value::unknown(elem)].into())),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The longest list of unknown elements a length refinement turns into.
const LIST_COLLAPSE_LIMIT: u64 = 100_000;

/// The prefix cty keeps of a string (`ctystrings.SafeKnownPrefix`): cut at
/// the last point where normalisation cannot combine what follows with what
/// precedes, then without the last grapheme cluster, which a following
/// character could extend, unless it is punctuation that always ends one.
pub fn safe_known_prefix(prefix: &str, profile: Profile) -> String {
    let prefix = super::nfc(prefix.to_string(), profile);
    if let Some(b) = crate::text::unicode::last_boundary(&prefix, profile.unicode()) {
        if b != prefix.len() {
            return prefix[..b].to_string();
        }
    }
    let (mut prev, mut this) = (0, 0);
    for g in crate::text::unicode::graphemes(&prefix, profile.unicode()) {
        prev = this;
        this += g.len();
    }
    let suspect = &prefix[prev..this];
    let mut chars = suspect.chars();
    let ends_cluster = matches!((chars.next(), chars.next()), (Some(c), None) if "-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'".contains(c));
    if ends_cluster {
        prev = this;
    }
    prefix[..prev].to_string()
}

/// The prefix cty keeps of the first `max` bytes of `s` (HCL's templates
/// slice their known text at 128 bytes). A cut inside a character leaves
/// an incomplete one at the end, which normalisation's last boundary falls
/// before, so no grapheme cluster is dropped then.
pub fn safe_known_prefix_of_bytes(s: &str, max: usize, profile: Profile) -> String {
    if max >= s.len() {
        return safe_known_prefix(s, profile);
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    if end == max {
        return safe_known_prefix(&s[..end], profile);
    }
    let whole = super::nfc(s[..end].to_string(), profile);
    let cut = crate::text::unicode::last_boundary(&whole, profile.unicode()).unwrap_or(0);
    whole[..cut].to_string()
}

/// cty's `numericRangeArithmetic`: bounds for the result of `op` over two
/// ranges, from the four combinations of their bounds.
pub fn range_arithmetic(builder: Refine, op: fn(&Number, &Number) -> Option<Number>, a: &Range, b: &Range) -> Refine {
    let bound = |r: &Range, upper: bool| -> Number {
        match if upper { r.upper() } else { r.lower() } {
            Some(b) => b.value.clone(),
            None if upper => Number::infinity(),
            None => Number::neg_infinity(),
        }
    };
    let (a_min, a_max, b_min, b_max) = (bound(a, false), bound(a, true), bound(b, false), bound(b, true));
    // An operation that fails (opposing infinities) gives an unknown, which
    // leaves the bound open.
    let v = [op(&a_min, &b_min), op(&a_min, &b_max), op(&a_max, &b_min), op(&a_max, &b_max)];
    let most = |greater: bool| -> Option<Number> {
        let mut r = v[0].clone()?;
        for x in &v[1..] {
            let x = x.clone()?;
            let c = x.compare(&r);
            if (greater && c == Ordering::Greater) || (!greater && c == Ordering::Less) {
                r = x;
            }
        }
        Some(r)
    };
    let mut builder = builder;
    if let Some(min) = most(false).filter(|n| !(n.is_infinite() && n.is_sign_negative())) {
        builder = builder.lower(&min, true);
    }
    if let Some(max) = most(true).filter(|n| !(n.is_infinite() && !n.is_sign_negative())) {
        builder = builder.upper(&max, true);
    }
    builder
}
