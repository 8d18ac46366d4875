//! Type conversion and unification as go-cty's `convert` package does them.
//!
//! A conversion is planned from the two types alone ([`get_conversion`]),
//! and may not exist; a planned one can still fail on a particular value
//! (`"x"` to number). HCL always converts "unsafely" (strings may become
//! numbers and bools, lists sets, maps objects); the safe variant survives
//! only where cty uses it internally.

use super::refine::Range;
use super::{Number, Type, Value};
use crate::profile::Profile;
use std::collections::BTreeMap;

/// A conversion planned from one type to `out`: cty's `conversion` together
/// with the wrapper `getConversion` puts around each one (marks, unknowns,
/// nulls).
#[derive(Clone, Debug)]
pub struct Conversion {
    out: Type,
    step: Step,
}

#[derive(Clone, Debug)]
enum Step {
    /// To `dynamic`: the value as it is.
    Passthrough,
    /// From `dynamic`: whatever conversion the value's actual type needs.
    Fixup,
    /// Between two primitive types.
    Primitive,
    /// Attribute conversions (`None`: same type); other attributes dropped.
    ObjectToObject(BTreeMap<String, Option<Conversion>>),
    TupleToTuple(Vec<Option<Conversion>>),
    /// A list or set to a list of the given element type.
    CollectionToList(Type, Option<Box<Conversion>>),
    CollectionToSet(Type, Option<Box<Conversion>>),
    MapToMap(Type, Box<Conversion>),
    TupleToList(Type, Vec<Option<Conversion>>),
    TupleToSet(Type, Vec<Option<Conversion>>),
    ObjectToMap(Type, BTreeMap<String, Option<Conversion>>),
    MapToObject(BTreeMap<String, Option<Conversion>>),
    /// What unification answers for values whose type depends on a
    /// participant of unknown type: an unknown of unknown type.
    AllDynamic,
    /// Unification of structural types as a collection: the structural
    /// value must become that collection, and is then converted to the
    /// unified type.
    Then(Box<Conversion>, Box<Conversion>),
}

impl Conversion {
    fn new(out: &Type, step: Step) -> Conversion {
        Conversion { out: out.clone(), step }
    }

    /// Converts `v`, which must be of the type this conversion was planned
    /// from (or of `dynamic` type).
    pub fn apply(&self, v: &Value, profile: Profile) -> Result<Value, String> {
        if let Step::AllDynamic = self.step {
            return Ok(Value::dynamic_unknown());
        }
        if let Value::Marked(inner, marks) = v {
            return self.apply(inner, profile).map(|r| r.with_marks(*marks));
        }
        if self.out == Type::Dynamic {
            return Ok(v.clone());
        }
        match v {
            // go-cty 1.8 gives an unknown the wanted type as it is,
            // dynamic parts included.
            Value::Unknown(..) if profile.is_waypoint() => return Ok(Value::unknown(self.out.clone())),
            Value::Unknown(t, _) if profile.is_legacy() => return Ok(Value::unknown(dynamic_replace(Some(t), &self.out, profile))),
            Value::Unknown(t, _) => return Ok(prepare_unknown_result(v, dynamic_replace(Some(t), &self.out, profile))),
            Value::Null(t) => return Ok(Value::Null(dynamic_replace(Some(t), &self.out, profile))),
            _ => {}
        }
        match &self.step {
            Step::Passthrough | Step::AllDynamic => Ok(v.clone()),
            Step::Fixup => convert(v, &self.out, profile),
            Step::Primitive => convert_primitive(v, &self.out, profile),
            Step::ObjectToObject(attrs) => {
                let mut out = BTreeMap::new();
                for (name, e) in entries(v) {
                    if let Some(conv) = attrs.get(name) {
                        out.insert(name.clone(), apply_opt(conv.as_ref(), e, profile)?);
                    }
                }
                Ok(Value::Object(out.into()))
            }
            Step::TupleToTuple(convs) => {
                Ok(Value::Tuple(elements(v).iter().zip(convs).map(|(e, c)| apply_opt(c.as_ref(), e, profile)).collect::<Result<_, _>>()?))
            }
            Step::CollectionToList(ety, conv) => {
                if length_unknown(v) {
                    return Ok(Value::unknown(Type::list(v.ty().element_type().cloned().unwrap_or(Type::Dynamic))));
                }
                let elems = elements(v).iter().map(|e| apply_opt(conv.as_deref(), e, profile)).collect::<Result<Vec<_>, _>>()?;
                collection_of(v, ety, elems, "element types must all match for conversion to list", &|t, e| Value::List(t, e.into()))
            }
            Step::CollectionToSet(ety, conv) => {
                let elems = elements(v).iter().map(|e| apply_opt(conv.as_deref(), e, profile)).collect::<Result<Vec<_>, _>>()?;
                collection_of(v, ety, elems, "element types must all match for conversion to set", &|t, e| Value::set(t, e, profile))
            }
            Step::MapToMap(ety, conv) => {
                let mut elems = BTreeMap::new();
                for (k, e) in entries(v) {
                    elems.insert(k.clone(), conv.apply(e, profile)?);
                }
                if elems.is_empty() {
                    let ety = if *ety == Type::Dynamic { v.ty().element_type().cloned().unwrap_or(Type::Dynamic) } else { ety.clone() };
                    return Ok(Value::Map(ety, elems.into()));
                }
                // cty unifies nested collections here with its *safe* rules.
                if ety.is_collection() || matches!(ety, Type::Object(_)) {
                    elems = unify_elements(elems, false, profile)?;
                }
                map_of(elems, "element types must all match for conversion to map")
            }
            Step::TupleToList(ety, convs) => {
                if convs.is_empty() {
                    return Ok(Value::List(ety.clone(), Vec::new().into()));
                }
                let elems = elements(v).iter().zip(convs).map(|(e, c)| apply_opt(c.as_ref(), e, profile)).collect::<Result<Vec<_>, _>>()?;
                let keyed = super::map::btree_map(elems.into_iter().enumerate());
                let elems: Vec<Value> = unify_elements(keyed, true, profile)?.into_values().collect();
                list_of(elems).ok_or_else(|| "element types must all match for conversion to list".to_string())
            }
            Step::TupleToSet(ety, convs) => {
                if convs.is_empty() {
                    return Ok(Value::Set(ety.clone(), Vec::new().into()));
                }
                let elems = elements(v).iter().zip(convs).map(|(e, c)| apply_opt(c.as_ref(), e, profile)).collect::<Result<Vec<_>, _>>()?;
                set_of(elems, profile).ok_or_else(|| "element types must all match for conversion to set".to_string())
            }
            Step::ObjectToMap(ety, convs) => {
                if convs.is_empty() {
                    return Ok(Value::Map(ety.clone(), BTreeMap::new().into()));
                }
                let mut elems = BTreeMap::new();
                for (k, e) in entries(v) {
                    elems.insert(k.clone(), apply_opt(convs.get(k).and_then(Option::as_ref), e, profile)?);
                }
                if ety.is_collection() || matches!(ety, Type::Object(_)) {
                    elems = unify_elements(elems, true, profile)?;
                }
                map_of(elems, "attribute types must all match for conversion to map")
            }
            Step::MapToObject(attrs) => {
                let mut out = BTreeMap::new();
                for (k, e) in entries(v) {
                    if let Some(conv) = attrs.get(k) {
                        out.insert(k.clone(), apply_opt(conv.as_ref(), e, profile)?);
                    }
                }
                if let Some(missing) = attrs.keys().find(|k| !out.contains_key(*k)) {
                    return Err(format!("map has no element for required attribute {}", crate::text::json_string(missing)));
                }
                Ok(Value::Object(out.into()))
            }
            // cty applies the second conversion to the original value,
            // not to the first one's result; the first only reports errors.
            Step::Then(first, second) => {
                first.apply(v, profile)?;
                second.apply(v, profile)
            }
        }
    }
}

fn apply_opt(conv: Option<&Conversion>, v: &Value, profile: Profile) -> Result<Value, String> {
    match conv {
        Some(c) => c.apply(v, profile),
        None => Ok(v.clone()),
    }
}

fn elements(v: &Value) -> &[Value] {
    v.as_sequence().unwrap_or(&[])
}

fn entries(v: &Value) -> impl Iterator<Item = (&String, &Value)> {
    v.as_mapping().into_iter().flatten()
}

/// cty's `Length` is unknown for a set whose unknown elements might
/// coalesce with others.
pub fn length_unknown(v: &Value) -> bool {
    match v.unmarked() {
        Value::Unknown(..) => true,
        Value::Set(_, es) => es.len() > 1 && !es.iter().all(Value::is_wholly_known),
        _ => false,
    }
}

fn collection_of(
    from: &Value,
    ety: &Type,
    elems: Vec<Value>,
    mismatch: &str,
    make: &dyn Fn(Type, Vec<Value>) -> Value,
) -> Result<Value, String> {
    if elems.is_empty() {
        let ety = if *ety == Type::Dynamic { from.ty().element_type().cloned().unwrap_or(Type::Dynamic) } else { ety.clone() };
        return Ok(make(ety, elems));
    }
    let ety = common_element_type(&elems).ok_or_else(|| mismatch.to_string())?;
    Ok(make(ety.clone(), retype(elems, &ety)))
}

/// The element type cty's `ListVal`, `SetVal` and `MapVal` infer: the first
/// type that is not `dynamic`; `None` when another element disagrees.
fn common_element_type<'a>(elems: impl IntoIterator<Item = &'a Value>) -> Option<Type> {
    let mut ety = Type::Dynamic;
    for e in elems {
        let t = e.ty();
        if ety == Type::Dynamic {
            ety = t;
        } else if t != Type::Dynamic && t != ety {
            return None;
        }
    }
    Some(ety)
}

/// Elements of `dynamic` type (unknowns, nulls) take the collection's
/// element type, as they do once stored in a cty collection.
fn retype(elems: Vec<Value>, ety: &Type) -> Vec<Value> {
    elems.into_iter().map(|e| retype_one(e, ety)).collect()
}

fn retype_one(e: Value, ety: &Type) -> Value {
    match e {
        Value::Unknown(Type::Dynamic, _) => Value::unknown(ety.clone()),
        Value::Null(Type::Dynamic) => Value::Null(ety.clone()),
        Value::Marked(inner, marks) => retype_one(*inner, ety).with_marks(marks),
        e => e,
    }
}

/// cty's `ListVal` for non-empty `elems`: `None` when their types differ.
pub fn list_of(elems: Vec<Value>) -> Option<Value> {
    let ety = common_element_type(&elems)?;
    Some(Value::List(ety.clone(), retype(elems, &ety).into()))
}

/// cty's `SetVal` for non-empty `elems`: `None` when their types differ.
pub fn set_of(elems: Vec<Value>, profile: Profile) -> Option<Value> {
    let ety = common_element_type(&elems)?;
    Some(Value::set(ety.clone(), retype(elems, &ety), profile))
}

fn map_of(elems: BTreeMap<String, Value>, mismatch: &str) -> Result<Value, String> {
    let ety = common_element_type(elems.values()).ok_or_else(|| mismatch.to_string())?;
    Ok(Value::Map(ety.clone(), elems.into_iter().map(|(k, e)| (k, retype_one(e, &ety))).collect()))
}

/// cty's `conversionUnifyCollectionElements` / `conversionUnifyListElements`:
/// after converting elements one by one, bring them to one type.
fn unify_elements<K: Ord + Clone>(elems: BTreeMap<K, Value>, unsafe_: bool, profile: Profile) -> Result<BTreeMap<K, Value>, String> {
    let types: Vec<Type> = elems.values().map(Value::ty).collect();
    let Some((unified, _)) = unify_with(&types, unsafe_) else {
        return Err("cannot find a common base type for all elements".into());
    };
    let mut out = BTreeMap::new();
    for (k, e) in elems {
        if e.ty() == unified {
            out.insert(k, e);
            continue;
        }
        let conv = get_conversion(&e.ty(), &unified, unsafe_).ok_or("cannot find a common base type for all elements")?;
        out.insert(k, conv.apply(&e, profile)?);
    }
    Ok(out)
}

fn convert_primitive(v: &Value, want: &Type, profile: Profile) -> Result<Value, String> {
    match (v, want) {
        (Value::Number(n), Type::String) => Ok(Value::String(n.to_decimal_string())),
        (Value::Bool(b), Type::String) => Ok(Value::String(if *b { "true" } else { "false" }.into())),
        (Value::String(s), Type::Number) => Number::parse(s).map(Value::Number).ok_or_else(|| "a number is required".to_string()),
        (Value::String(s), Type::Bool) => match s.as_str() {
            "true" | "1" => Ok(Value::Bool(true)),
            "false" | "0" => Ok(Value::Bool(false)),
            other => Err(match crate::text::unicode::to_lower(other, profile.unicode()).as_str() {
                "true" => "a bool is required; to convert from string, use lowercase \"true\"".into(),
                "false" => "a bool is required; to convert from string, use lowercase \"false\"".into(),
                _ => "a bool is required".into(),
            }),
        },
        _ => Err(mismatch_message(&v.ty(), want, profile)),
    }
}

/// cty's `getConversion`: how to convert values of type `have` to `want`,
/// if that is possible at all.
pub fn get_conversion(have: &Type, want: &Type, unsafe_: bool) -> Option<Conversion> {
    use Type::*;
    let step = match (have, want) {
        (_, Dynamic) => Step::Passthrough,
        (Dynamic, _) if unsafe_ => Step::Fixup,
        (a, b) if a.is_primitive() && b.is_primitive() => {
            let safe = matches!((a, b), (Number | Bool, String));
            let unsafe_only = matches!((a, b), (String, Number | Bool));
            if !(safe || unsafe_ && unsafe_only) {
                return None;
            }
            Step::Primitive
        }
        (Object(ia), Object(oa)) => {
            let mut attrs = BTreeMap::new();
            for (name, ot) in oa.iter() {
                let it = ia.get(name)?;
                attrs.insert(name.clone(), if it == ot { None } else { Some(get_conversion(it, ot, unsafe_)?) });
            }
            Step::ObjectToObject(attrs)
        }
        (Tuple(its), Tuple(ots)) => {
            if its.len() != ots.len() {
                return None;
            }
            Step::TupleToTuple(element_conversions(its, ots.iter(), unsafe_)?)
        }
        (List(ie) | Set(ie), List(oe)) => Step::CollectionToList((**oe).clone(), element_conversion(ie, oe, unsafe_)?),
        (List(_), Set(_)) if !unsafe_ => return None,
        (List(ie) | Set(ie), Set(oe)) => Step::CollectionToSet((**oe).clone(), element_conversion(ie, oe, unsafe_)?),
        (Map(ie), Map(oe)) => Step::MapToMap((**oe).clone(), Box::new(get_conversion(ie, oe, unsafe_)?)),
        (Tuple(its), List(oe) | Set(oe)) => {
            let ety = structural_element_type(its, oe, unsafe_)?;
            let convs = if its.is_empty() { Vec::new() } else { element_conversions(its, std::iter::repeat(&ety), unsafe_)? };
            if matches!(want, List(_)) {
                Step::TupleToList(ety, convs)
            } else {
                Step::TupleToSet(ety, convs)
            }
        }
        (Object(ia), Map(oe)) => {
            let ety = if **oe == Dynamic && !ia.is_empty() {
                unify_with(&ia.values().cloned().collect::<Vec<_>>(), unsafe_)?.0
            } else {
                (**oe).clone()
            };
            let mut convs = BTreeMap::new();
            for (name, it) in ia.iter() {
                convs.insert(name.clone(), if *it == ety { None } else { Some(get_conversion(it, &ety, unsafe_)?) });
            }
            Step::ObjectToMap(ety, convs)
        }
        (Map(ie), Object(oa)) if unsafe_ => {
            let mut attrs = BTreeMap::new();
            for (name, ot) in oa.iter() {
                attrs.insert(name.clone(), if **ie == *ot { None } else { Some(get_conversion(ie, ot, unsafe_)?) });
            }
            Step::MapToObject(attrs)
        }
        _ => return None,
    };
    Some(Conversion::new(want, step))
}

/// The conversion for a collection's elements: `Some(None)` when they
/// already have the wanted type.
fn element_conversion(have: &Type, want: &Type, unsafe_: bool) -> Option<Option<Box<Conversion>>> {
    if have == want {
        return Some(None);
    }
    get_conversion(have, want, unsafe_).map(|c| Some(Box::new(c)))
}

fn element_conversions<'a>(have: &[Type], want: impl Iterator<Item = &'a Type>, unsafe_: bool) -> Option<Conversions> {
    have.iter().zip(want).map(|(h, w)| if h == w { Some(None) } else { get_conversion(h, w, unsafe_).map(Some) }).collect()
}

/// The element type a tuple becomes as a list or set: the given one, or
/// when that is `dynamic` the tuple's unified element type.
fn structural_element_type(its: &[Type], want: &Type, unsafe_: bool) -> Option<Type> {
    if *want != Type::Dynamic || its.is_empty() {
        return Some(want.clone());
    }
    let (ety, _) = unify_with(its, unsafe_)?;
    if ety == Type::Dynamic && its.iter().any(|t| *t != Type::Dynamic) {
        return None;
    }
    Some(ety)
}

/// cty's `Convert` (unsafe, as HCL uses it): `v` as type `want`, or why not
/// in cty's words ("a number is required", "string required").
pub fn convert(v: &Value, want: &Type, profile: Profile) -> Result<Value, String> {
    // An object of strings as a map of strings (tags: a resource has them,
    // and each instance converts them twice) keeps its entries as they are.
    if let (Value::Object(m), Type::Map(e)) = (v, want) {
        if **e == Type::String && m.values().all(|x| matches!(x, Value::String(_))) {
            return Ok(Value::Map(Type::String, m.clone()));
        }
    }
    let have = v.ty();
    if have == *want {
        return Ok(v.clone());
    }
    match get_conversion(&have, want, true) {
        Some(conv) => conv.apply(v, profile),
        None => Err(mismatch_message(&have, want, profile)),
    }
}

/// True when cty has a (possibly failing) conversion from `have` to `want`.
pub fn convertible(have: &Type, want: &Type) -> bool {
    have == want || get_conversion(have, want, true).is_some()
}

/// An unknown converted to `target` (go-cty 1.13's `prepareUnknownResult`):
/// what the source's range says carries over (not null; a length, which a
/// conversion keeps, though elements coalescing in a set can shorten it).
fn prepare_unknown_result(source: &Value, target: Type) -> Value {
    let range = Range::of(source);
    let mut r = Value::unknown(target.clone()).refine();
    if range.definitely_not_null() {
        r = r.not_null();
    }
    let r = match (&range.ty, &target) {
        (Type::Object(attrs), Type::Map(_)) => r.min_len(attrs.len() as u64).max_len(attrs.len() as u64),
        (Type::Tuple(elems), Type::List(_)) => r.min_len(elems.len() as u64).max_len(elems.len() as u64),
        (Type::Tuple(elems), Type::Set(_)) if elems.len() <= 1 => r.min_len(elems.len() as u64).max_len(elems.len() as u64),
        (Type::Tuple(elems), Type::Set(_)) => r.min_len(1).max_len(elems.len() as u64),
        (from, Type::Set(_)) if from.is_collection() => r.min_len(u64::from(range.min_len() > 0)).max_len(range.max_len()),
        (from, to) if from.is_collection() && to.is_collection() => r.min_len(range.min_len()).max_len(range.max_len()),
        _ => r,
    };
    r.value()
}

/// cty's `dynamicReplace`: the type an unknown or null of type `have`
/// takes when converted to `want`, keeping what `have` knows where `want`
/// says `dynamic`. `None` stands for cty's `NilType`.
fn dynamic_replace(have: Option<&Type>, want: &Type, profile: Profile) -> Type {
    use Type::*;
    let have = match have {
        None | Some(Dynamic) => return want.clone(),
        Some(h) => h,
    };
    let unified = |ts: Vec<Type>| unify_with(&ts, true).map(|(t, _)| t);
    match want {
        Dynamic => have.clone(),
        String | Number | Bool => want.clone(),
        // go-cty 1.16 keeps `want` whole where `have` cannot supply the
        // element type; earlier versions made the element dynamic.
        Map(_) if !matches!(have, Map(_) | Object(_)) && !profile.is_legacy() => want.clone(),
        List(_) | Set(_) if !matches!(have, List(_) | Set(_) | Tuple(_)) && !profile.is_legacy() => want.clone(),
        Map(oe) => Type::map(match have {
            Map(ie) => dynamic_replace(Some(ie), oe, profile),
            Object(ia) => dynamic_replace(unified(ia.values().cloned().collect()).as_ref(), oe, profile),
            _ => Dynamic,
        }),
        List(oe) | Set(oe) => {
            let ety = match have {
                List(ie) | Set(ie) => dynamic_replace(Some(ie), oe, profile),
                Tuple(its) => dynamic_replace(unified(its.to_vec()).as_ref(), oe, profile),
                _ => Dynamic,
            };
            if matches!(want, List(_)) {
                Type::list(ety)
            } else {
                Type::set(ety)
            }
        }
        Object(oa) => Type::object(super::map::btree_map(oa.iter().map(|(k, ot)| {
            let t = match have {
                Map(ie) => dynamic_replace(Some(ie), ot, profile),
                Object(ia) => match ia.get(k) {
                    Some(it) => dynamic_replace(Some(it), ot, profile),
                    None => ot.clone(),
                },
                _ => Dynamic,
            };
            (k.clone(), t)
        }))),
        Tuple(ots) => Type::tuple(
            ots.iter()
                .enumerate()
                .map(|(i, ot)| match have {
                    Tuple(its) => dynamic_replace(its.get(i), ot, profile),
                    _ => dynamic_replace(None, ot, profile),
                })
                .collect(),
        ),
    }
}

/// cty's `MismatchMessage`: why there is no conversion from `have` to `want`.
pub fn mismatch_message(have: &Type, want: &Type, profile: Profile) -> String {
    use Type::*;
    match (have, want) {
        (Object(ha), Object(wa)) => mismatch_message_objects(ha, wa, profile),
        (Tuple(_), List(e)) if **e == Dynamic => "all list elements must have the same type".into(),
        (Tuple(_), Set(e)) if **e == Dynamic => "all set elements must have the same type".into(),
        (Object(_), Map(e)) if **e == Dynamic => "all map elements must have the same type".into(),
        (Tuple(its), List(e) | Set(e)) => structural_mismatch(its.iter().enumerate().map(|(i, t)| (i.to_string(), t)), e, profile),
        (Object(ia), Map(e)) => structural_mismatch(ia.iter().map(|(k, t)| (crate::text::json_string(k), t)), e, profile),
        (List(he) | Set(he), List(we) | Set(we)) | (Map(he), Map(we)) => {
            let noun = match want {
                List(_) => "list element type",
                Set(_) => "set element type",
                _ => "map element type",
            };
            format!("incorrect {noun}: {}", mismatch_message(he, we, profile))
        }
        // go-cty 1.16.3 and later name both types where that cannot mislead.
        (have, want)
            if !profile.is_legacy()
                && !((matches!(have, Tuple(_) | Object(_)) || have.is_collection()) && want.is_collection())
                && !likely_to_confuse(have, want) =>
        {
            format!("{} required, but have {}", want.friendly_name(), have.friendly_name())
        }
        _ => format!("{} required", want.friendly_name_for_constraint()),
    }
}

/// go-cty's `typesAreLikelyToCauseConfusion`: whether naming both types
/// would mislead (string to number or bool is about the value, not the
/// type).
fn likely_to_confuse(have: &Type, want: &Type) -> bool {
    use Type::*;
    if have.is_primitive() != want.is_primitive() || *want == String {
        return false;
    }
    !matches!((have, want), (Bool, Number) | (Number, Bool) | (Tuple(_), Object(_)))
}

fn structural_mismatch<'a>(elems: impl Iterator<Item = (String, &'a Type)>, want: &Type, profile: Profile) -> String {
    for (key, t) in elems {
        if t != want && get_conversion(t, want, true).is_none() {
            return format!("element {key}: {}", mismatch_message(t, want, profile));
        }
    }
    format!("all elements must be {}", want.friendly_name_for_constraint())
}

fn mismatch_message_objects(have: &BTreeMap<String, Type>, want: &BTreeMap<String, Type>, profile: Profile) -> String {
    let missing: Vec<String> = want.keys().filter(|k| !have.contains_key(*k)).map(|k| crate::text::json_string(k)).collect();
    match missing.as_slice() {
        [] => {}
        [one] => return format!("attribute {one} is required"),
        [a, b] => return format!("attributes {a} and {b} are required"),
        [init @ .., last] => return format!("attributes {}, and {last} are required", init.join(", ")),
    }
    let mismatch = |unsafe_: bool| {
        want.iter().find_map(|(k, wt)| {
            let ht = &have[k];
            (ht != wt && get_conversion(ht, wt, unsafe_).is_none())
                .then(|| format!("attribute {}: {}", crate::text::json_string(k), mismatch_message(ht, wt, profile)))
        })
    };
    mismatch(true).or_else(|| mismatch(false)).unwrap_or_else(|| "incorrect object attributes".into())
}

/// cty's `UnifyUnsafe`: the one type all of `types` convert to, if any.
pub fn unify(types: &[Type]) -> Option<Type> {
    unify_with(types, true).map(|(t, _)| t)
}

/// Conversions to the unified type, one per given type (`None`: already it).
pub type Conversions = Vec<Option<Conversion>>;

/// A unified type and the conversions to it, if there is one.
pub type Unified = Option<(Type, Conversions)>;

/// cty's `unify`: the unified type and how to convert each given type to it.
pub fn unify_with(types: &[Type], unsafe_: bool) -> Unified {
    let first = types.first()?;
    if types.iter().all(|t| t == first) {
        return Some((first.clone(), vec![None; types.len()]));
    }
    let count = |p: fn(&Type) -> bool| types.iter().filter(|t| p(t)).count();
    let maps = count(|t| matches!(t, Type::Map(_)));
    let lists = count(|t| matches!(t, Type::List(_)));
    let sets = count(|t| matches!(t, Type::Set(_)));
    let objects = count(|t| matches!(t, Type::Object(_)));
    let tuples = count(|t| matches!(t, Type::Tuple(_)));
    let dynamics = count(|t| *t == Type::Dynamic);
    let n = types.len();
    if maps > 0 && maps + dynamics == n {
        return unify_collections(types, Type::map, unsafe_, dynamics > 0);
    }
    if maps > 0 && maps + objects + dynamics == n {
        if let Some(r) = unify_structural_as_collection(types, |t| matches!(t, Type::Object(_)), unify_objects_to_map, unsafe_) {
            return Some(r);
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(types, Type::list, unsafe_, dynamics > 0);
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(r) = unify_structural_as_collection(types, |t| matches!(t, Type::Tuple(_)), unify_tuples_to_list, unsafe_) {
            return Some(r);
        }
    } else if sets > 0 && sets + dynamics == n {
        return unify_collections(types, Type::set, unsafe_, dynamics > 0);
    } else if objects > 0 && objects + dynamics == n {
        return if dynamics > 0 { Some(all_dynamic(n)) } else { unify_objects(types, unsafe_) };
    } else if tuples > 0 && tuples + dynamics == n {
        return if dynamics > 0 { Some(all_dynamic(n)) } else { unify_tuples(types, unsafe_) };
    } else if objects > 0 && tuples > 0 {
        return None;
    }
    'preferences: for want in preference_order(types) {
        let want = &types[want];
        let mut convs = Vec::with_capacity(n);
        for t in types {
            if t == want {
                convs.push(None);
            } else {
                match get_conversion(t, want, unsafe_) {
                    Some(c) => convs.push(Some(c)),
                    None => continue 'preferences,
                }
            }
        }
        return Some((want.clone(), convs));
    }
    None
}

fn all_dynamic(n: usize) -> (Type, Conversions) {
    (Type::Dynamic, vec![Some(Conversion::new(&Type::Dynamic, Step::AllDynamic)); n])
}

/// Conversions of every type in `types` to `to`; `None` when one is missing.
fn conversions_to(types: &[Type], to: &Type, unsafe_: bool) -> Option<Conversions> {
    types.iter().map(|t| if t == to { Some(None) } else { get_conversion(t, to, unsafe_).map(Some) }).collect()
}

/// cty's `unifyObjectsAsMaps` / `unifyTuplesAsList`: unify the structural
/// types among `types` as a collection, then everything with that
/// collection in their place; only a collection result counts.
fn unify_structural_as_collection(
    types: &[Type],
    structural: fn(&Type) -> bool,
    to_collection: fn(&[Type], bool) -> Unified,
    unsafe_: bool,
) -> Unified {
    let some: Vec<Type> = types.iter().filter(|t| structural(t)).cloned().collect();
    let (joined, some_convs) = to_collection(&some, unsafe_)?;
    let replaced: Vec<Type> = types.iter().map(|t| if structural(t) { joined.clone() } else { t.clone() }).collect();
    let (unified, mut convs) = unify_with(&replaced, unsafe_)?;
    if std::mem::discriminant(&unified) != std::mem::discriminant(&joined) {
        return None;
    }
    let mut some_convs = some_convs.into_iter();
    for (t, conv) in types.iter().zip(convs.iter_mut()) {
        if !structural(t) {
            continue;
        }
        let first = some_convs.next().flatten();
        *conv = match (first, conv.take()) {
            (Some(first), Some(then)) => Some(Conversion::new(&unified, Step::Then(Box::new(first), Box::new(then)))),
            (first, None) => first,
            (None, then) => then,
        };
    }
    Some((unified, convs))
}

fn unify_collections(types: &[Type], make: fn(Type) -> Type, unsafe_: bool, has_dynamic: bool) -> Unified {
    if has_dynamic {
        return Some(all_dynamic(types.len()));
    }
    let elems: Vec<Type> = types.iter().map(|t| t.element_type().cloned().unwrap_or(Type::Dynamic)).collect();
    let (ety, _) = unify_with(&elems, unsafe_)?;
    let ty = make(ety);
    let convs = conversions_to(types, &ty, unsafe_)?;
    Some((ty, convs))
}

fn attribute_types(t: &Type) -> impl Iterator<Item = &Type> {
    match t {
        Type::Object(a) => Some(a.values()),
        _ => None,
    }
    .into_iter()
    .flatten()
}

fn tuple_types(t: &Type) -> &[Type] {
    match t {
        Type::Tuple(ts) => ts,
        _ => &[],
    }
}

fn unify_objects(types: &[Type], unsafe_: bool) -> Unified {
    let attrs: Vec<&BTreeMap<String, Type>> = types
        .iter()
        .filter_map(|t| match t {
            Type::Object(a) => Some(&**a),
            _ => None,
        })
        .collect();
    let first = attrs[0];
    if attrs.iter().any(|a| a.len() != first.len() || a.keys().any(|k| !first.contains_key(k))) {
        return unify_objects_to_map(types, unsafe_);
    }
    let mut out = BTreeMap::new();
    for name in first.keys() {
        let across: Vec<Type> = attrs.iter().map(|a| a[name].clone()).collect();
        out.insert(name.clone(), unify_with(&across, unsafe_)?.0);
    }
    let ty = Type::object(out);
    match conversions_to(types, &ty, unsafe_) {
        Some(convs) => Some((ty, convs)),
        None => unify_objects_to_map(types, unsafe_),
    }
}

fn unify_objects_to_map(types: &[Type], unsafe_: bool) -> Unified {
    let all: Vec<Type> = types.iter().flat_map(attribute_types).cloned().collect();
    let ty = Type::map(unify_with(&all, unsafe_)?.0);
    let convs = conversions_to(types, &ty, unsafe_)?;
    Some((ty, convs))
}

fn unify_tuples(types: &[Type], unsafe_: bool) -> Unified {
    let len = tuple_types(&types[0]).len();
    if types.iter().any(|t| tuple_types(t).len() != len) {
        return unify_tuples_to_list(types, unsafe_);
    }
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let across: Vec<Type> = types.iter().map(|t| tuple_types(t)[i].clone()).collect();
        out.push(unify_with(&across, unsafe_)?.0);
    }
    let ty = Type::tuple(out);
    match conversions_to(types, &ty, unsafe_) {
        Some(convs) => Some((ty, convs)),
        None => unify_tuples_to_list(types, unsafe_),
    }
}

fn unify_tuples_to_list(types: &[Type], unsafe_: bool) -> Unified {
    let all: Vec<Type> = types.iter().flat_map(|t| tuple_types(t).iter().cloned()).collect();
    let ty = Type::list(unify_with(&all, unsafe_)?.0);
    let convs = conversions_to(types, &ty, unsafe_)?;
    Some((ty, convs))
}

/// cty's `sortTypes`: Kahn's topological sort over "more general than".
/// Like cty's, the result has one entry per type; positions a cycle
/// leaves unfilled read as the first type.
fn preference_order(types: &[Type]) -> Vec<usize> {
    let n = types.len();
    let mut edges: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n {
        for j in i + 1..n {
            match compare_types(&types[i], &types[j]) {
                c if c < 0 => edges[i].push(j),
                c if c > 0 => edges[j].push(i),
                _ => {}
            }
        }
    }
    let mut in_degree = vec![0; n];
    for outs in &edges {
        for &j in outs {
            in_degree[j] += 1;
        }
    }
    let mut order: Vec<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut next = 0;
    while next < order.len() {
        let i = order[next];
        next += 1;
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                order.push(j);
            }
        }
    }
    order.resize(n, 0);
    order
}

fn compare_types(a: &Type, b: &Type) -> i32 {
    use Type::*;
    if *a == Dynamic || *b == Dynamic {
        return match (*a == Dynamic, *b == Dynamic) {
            (false, true) => -1,
            (true, false) => 1,
            _ => 0,
        };
    }
    if a.is_primitive() && b.is_primitive() && (*a == String || *b == String) {
        return match (*a == String, *b == String) {
            (false, true) => 1,
            (true, false) => -1,
            _ => 0,
        };
    }
    match (a, b) {
        (List(x), List(y)) | (Set(x), Set(y)) | (Map(x), Map(y)) => return compare_types(x, y),
        _ => {}
    }
    let (a, b, swap) = match (a, b) {
        (Tuple(_), List(_)) | (Object(_), Map(_)) | (Set(_), Tuple(_)) | (Set(_), List(_)) => (b, a, -1),
        _ => (a, b, 1),
    };
    if matches!(b, Set(_)) && matches!(a, Tuple(_) | List(_)) {
        return -swap;
    }
    if matches!(a, List(_)) && matches!(b, Tuple(_)) {
        return -swap;
    }
    if matches!(a, Map(_)) && matches!(b, Object(_)) {
        return -swap;
    }
    let fold = |pairs: Vec<(&Type, &Type)>| -> i32 {
        let (mut a_super, mut b_super) = (false, false);
        for (x, y) in pairs {
            match compare_types(x, y) {
                c if c < 0 => a_super = true,
                c if c > 0 => b_super = true,
                _ => {}
            }
        }
        match (a_super, b_super) {
            (true, false) => -swap,
            (false, true) => swap,
            _ => 0,
        }
    };
    match (a, b) {
        (Object(x), Object(y)) => {
            if x.len() != y.len() || x.keys().any(|k| !y.contains_key(k)) {
                return 0;
            }
            fold(x.iter().map(|(k, t)| (t, &y[k])).collect())
        }
        (Tuple(x), Tuple(y)) => {
            if x.len() != y.len() {
                return 0;
            }
            fold(x.iter().zip(y.iter()).collect())
        }
        _ => 0,
    }
}
