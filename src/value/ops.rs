//! Value operations with go-cty's semantics: equality (with unknowns),
//! structural identity, and the canonical order of set elements.

use super::refine::{definitely_not_null, Range};
use super::{Type, Value};
use crate::profile::Profile;
use std::cmp::Ordering;

/// cty's `RawEquals`: the same type and the same value, unknowns (with
/// their refinements), nulls and marks included.
pub fn raw_equals(a: &Value, b: &Value, profile: Profile) -> bool {
    use Value::*;
    match (a, b) {
        (Marked(x, m), Marked(y, n)) => m == n && raw_equals(x, y, profile),
        (Marked(..), _) | (_, Marked(..)) => false,
        (Unknown(t1, r1), Unknown(t2, r2)) => {
            t1 == t2
                && match (r1, r2) {
                    (None, None) => true,
                    (Some(x), Some(y)) => x.raw_equals(y),
                    _ => false,
                }
        }
        (Null(t1), Null(t2)) => t1 == t2,
        (Bool(x), Bool(y)) => x == y,
        (Number(x), Number(y)) => x.equals(y, profile),
        (String(x), String(y)) => x == y,
        (List(t1, x), List(t2, y)) | (Set(t1, x), Set(t2, y)) => t1 == t2 && seq_raw_equals(x, y, profile),
        (Tuple(x), Tuple(y)) => seq_raw_equals(x, y, profile),
        (Map(t1, x), Map(t2, y)) => t1 == t2 && map_raw_equals(x, y, profile),
        (Object(x), Object(y)) => map_raw_equals(x, y, profile),
        _ => false,
    }
}

fn seq_raw_equals(x: &[Value], y: &[Value], profile: Profile) -> bool {
    x.len() == y.len() && x.iter().zip(y).all(|(a, b)| raw_equals(a, b, profile))
}

fn map_raw_equals(x: &super::SortedMap<Value>, y: &super::SortedMap<Value>, profile: Profile) -> bool {
    x.len() == y.len() && x.iter().zip(y).all(|((k1, v1), (k2, v2))| k1 == k2 && raw_equals(v1, v2, profile))
}

/// cty's `Equals`: a known bool, or an unknown bool when unknowns make the
/// answer undecidable. Nulls of any type equal each other. Since go-cty
/// 1.13 an unknown's refinements can decide it (a value outside an
/// unknown's range is not equal to it). The result has every mark of
/// both sides, nested ones too, as hcl's call of the equality function
/// gives it.
pub fn equals(a: &Value, b: &Value, profile: Profile) -> Value {
    let current = !profile.is_legacy();
    if a.has_marks() || b.has_marks() {
        let (ua, ma) = a.clone().unmark_deep();
        let (ub, mb) = b.clone().unmark_deep();
        return equals(&ua, &ub, profile).with_marks(ma | mb);
    }
    if current {
        if (a.is_null() && definitely_not_null(b)) || (b.is_null() && definitely_not_null(a)) {
            return Value::Bool(false);
        }
        let excluded = match (a.is_known(), b.is_known()) {
            (true, false) => Range::of(b).includes(a) == Some(false),
            (false, true) => Range::of(a).includes(b) == Some(false),
            _ => false,
        };
        if excluded {
            return Value::Bool(false);
        }
    }
    let unknown = || match current {
        true => Value::unknown(Type::Bool).refine_not_null(),
        false => Value::unknown(Type::Bool),
    };
    match (a.is_known(), b.is_known()) {
        (false, false) => return unknown(),
        (true, false) | (false, true) => {
            let (known, unk) = if a.is_known() { (a, b) } else { (b, a) };
            if known.is_null() || unk.ty().has_dynamic() {
                return unknown();
            }
            if known.ty() != unk.ty() {
                return Value::Bool(false);
            }
            return unknown();
        }
        _ => {}
    }
    match (a.is_null(), b.is_null()) {
        (true, true) => return Value::Bool(true),
        (true, false) | (false, true) => return Value::Bool(false),
        _ => {}
    }
    let (ta, tb) = (a.ty(), b.ty());
    if !has_wholly_known_type(a) || !has_wholly_known_type(b) {
        if !super::types::conforms(&ta, &tb) && !super::types::conforms(&tb, &ta) {
            return Value::Bool(false);
        }
        return unknown();
    }
    if ta != tb {
        return Value::Bool(false);
    }
    use Value::*;
    match (a, b) {
        (Number(x), Number(y)) => Bool(x.equals(y, profile)),
        (Bool(x), Bool(y)) => Bool(x == y),
        (String(x), String(y)) => Bool(x == y),
        (List(_, x), List(_, y)) | (Tuple(x), Tuple(y)) => {
            if x.len() != y.len() {
                return Bool(false);
            }
            for (p, q) in x.iter().zip(y) {
                match equals(p, q, profile) {
                    Bool(true) => {}
                    Bool(false) => return Bool(false),
                    _ => return unknown(),
                }
            }
            Bool(true)
        }
        (Map(_, x), Map(_, y)) | (Object(x), Object(y)) => {
            if x.len() != y.len() || x.keys().ne(y.keys()) {
                return Bool(false);
            }
            for (p, q) in x.values().zip(y.values()) {
                match equals(p, q, profile) {
                    Bool(true) => {}
                    Bool(false) => return Bool(false),
                    _ => return unknown(),
                }
            }
            Bool(true)
        }
        (Set(_, x), Set(_, y)) => {
            if x.iter().chain(y.iter()).any(|e| !e.is_known()) {
                return unknown();
            }
            let has = |s: &[Value], e: &Value| s.iter().any(|o| matches!(equals(o, e, profile), Bool(true)));
            Bool(x.iter().all(|e| has(y, e)) && y.iter().all(|e| has(x, e)))
        }
        _ => Bool(false),
    }
}

/// cty's `HasWhollyKnownType`: no unknown value of a type involving
/// `dynamic` anywhere inside (a null of dynamic type is fine).
fn has_wholly_known_type(v: &Value) -> bool {
    match v {
        Value::Unknown(t, _) => !t.has_dynamic(),
        Value::Marked(v, _) => has_wholly_known_type(v),
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().all(has_wholly_known_type),
        Value::Map(_, m) | Value::Object(m) => m.values().all(has_wholly_known_type),
        _ => true,
    }
}

/// Removes duplicates (by raw equality) and sorts in cty's set order:
/// known values by their natural order (strings bytewise, numbers
/// ascending, false first; other types by their hash text), then unknowns,
/// then nulls.
pub fn set_normalize(elems: Vec<Value>, profile: Profile) -> Vec<Value> {
    // cty keeps a set in hash buckets and merges an element only into an
    // equal one (`Equals` is known true) of the same bucket: unknowns never
    // merge, nulls do, and 0 and -0 (hashed "0" and "-0") stay apart.
    let mut out: Vec<(u32, String, Value)> = Vec::with_capacity(elems.len());
    for e in elems {
        let h = set_hash_text(&e, profile);
        if !out.iter().any(|(_, oh, o)| *oh == h && matches!(equals(o, &e, profile), Value::Bool(true))) {
            out.push((crc32(h.as_bytes()), h, e));
        }
    }
    // cty lists the buckets in order of their hash (the CRC-32 of the text),
    // each in insertion order, then sorts that list with Go's stable sort.
    // Its order is not transitive when raw-equal elements hash apart
    // (`[0]` and `[-0]`), so the result depends on both steps.
    super::map::sort_by(&mut out, |a, b| a.0.cmp(&b.0));
    super::go_sort::sort_stable(&mut out, |(_, ka, a), (_, kb, b)| set_less(a, ka, b, kb, profile));
    out.into_iter().map(|(_, _, v)| v).collect()
}

/// CRC-32 (IEEE), as Go's `crc32.ChecksumIEEE`.
fn crc32(bytes: &[u8]) -> u32 {
    const TABLE: [u32; 256] = {
        let mut table = [0; 256];
        let mut i = 0;
        while i < 256 {
            let mut c = i as u32;
            let mut k = 0;
            while k < 8 {
                c = if c & 1 == 1 { 0xEDB8_8320 ^ (c >> 1) } else { c >> 1 };
                k += 1;
            }
            table[i] = c;
            i += 1;
        }
        table
    };
    !bytes.iter().fold(!0, |c, &b| TABLE[((c ^ u32::from(b)) & 0xFF) as usize] ^ (c >> 8))
}

/// cty's `setRules.Less`.
fn set_less(a: &Value, ka: &str, b: &Value, kb: &str, profile: Profile) -> bool {
    if raw_equals(a, b, profile) {
        return false;
    }
    let rank = |v: &Value| match v {
        Value::Null(_) => 2,
        Value::Unknown(..) => 1,
        _ => 0,
    };
    if rank(a) != 0 || rank(b) != 0 {
        return rank(a) < rank(b);
    }
    match (a, b) {
        (Value::String(x), Value::String(y)) => x < y,
        (Value::Number(x), Value::Number(y)) => x.compare(y) == Ordering::Less,
        (Value::Bool(x), Value::Bool(y)) => !x && *y,
        _ => ka < kb,
    }
}

/// The text cty hashes a set element by (`appendSetHashBytes`).
pub fn set_hash_text(v: &Value, profile: Profile) -> String {
    let mut s = String::new();
    append_hash(v, &mut s, profile);
    s
}

fn append_hash(v: &Value, out: &mut String, profile: Profile) {
    match v {
        Value::Marked(v, _) => append_hash(v, out, profile),
        Value::Unknown(..) => out.push('?'),
        Value::Null(_) => out.push('~'),
        Value::Number(n) => out.push_str(&n.to_go_g10()),
        Value::Bool(b) => out.push(if *b { 'T' } else { 'F' }),
        Value::String(s) => out.push_str(&crate::value::go_quote(s, profile)),
        Value::Map(_, m) => {
            out.push('{');
            for (k, v) in m {
                out.push_str(&crate::value::go_quote(k, profile));
                out.push(':');
                append_hash(v, out, profile);
                out.push(';');
            }
            out.push('}');
        }
        Value::List(_, vs) | Value::Set(_, vs) => {
            out.push('[');
            for v in vs {
                append_hash(v, out, profile);
                out.push(';');
            }
            out.push(']');
        }
        Value::Object(m) => {
            out.push('<');
            for v in m.values() {
                append_hash(v, out, profile);
                out.push(';');
            }
            out.push('>');
        }
        Value::Tuple(vs) => {
            out.push('<');
            for v in vs {
                append_hash(v, out, profile);
                out.push(';');
            }
            out.push('>');
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn crc32_is_ieee() {
        assert_eq!(super::crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(super::crc32(b""), 0);
    }
}
