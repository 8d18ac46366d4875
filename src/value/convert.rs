//! Type conversion and unification as go-cty's `convert` package does them
//! (the "unsafe" variants HCL uses: strings may become numbers and bools).

use super::{Number, Type, Value};
use std::collections::BTreeMap;

/// Converts `v` to type `want`, or explains why not (cty's wording, e.g.
/// "a number is required", "string required").
pub fn convert(v: &Value, want: &Type) -> Result<Value, String> {
    if let Value::Sensitive(inner) = v {
        return convert(inner, want).map(Value::sensitive);
    }
    if *want == Type::Dynamic {
        return Ok(v.clone());
    }
    let have = v.ty();
    if have == *want {
        return Ok(v.clone());
    }
    if !convertible(&have, want) {
        return Err(mismatch_message(&have, want));
    }
    match v {
        Value::Unknown(_) => return Ok(Value::Unknown(want.clone())),
        Value::Null(_) => return Ok(Value::Null(want.clone())),
        _ => {}
    }
    match want {
        Type::String => match v {
            Value::Number(n) => Ok(Value::String(n.to_decimal_string())),
            Value::Bool(b) => Ok(Value::string(if *b { "true" } else { "false" })),
            _ => Err(mismatch_message(&have, want)),
        },
        Type::Number => match v {
            Value::String(s) => Number::parse(s).map(Value::Number).ok_or_else(|| "a number is required".to_string()),
            _ => Err(mismatch_message(&have, want)),
        },
        Type::Bool => match v {
            Value::String(s) => match s.as_str() {
                "true" | "1" => Ok(Value::Bool(true)),
                "false" | "0" => Ok(Value::Bool(false)),
                other => Err(match other.to_lowercase().as_str() {
                    "true" => "a bool is required; to convert from string, use lowercase \"true\"".into(),
                    "false" => "a bool is required; to convert from string, use lowercase \"false\"".into(),
                    _ => "a bool is required".into(),
                }),
            },
            _ => Err(mismatch_message(&have, want)),
        },
        Type::List(ety) | Type::Set(ety) => {
            let elems = v.as_sequence().ok_or_else(|| mismatch_message(&have, want))?;
            let ety = if **ety == Type::Dynamic {
                match v {
                    Value::List(t, _) | Value::Set(t, _) => t.clone(),
                    _ => {
                        let tys: Vec<Type> = elems.iter().map(Value::ty).collect();
                        if tys.is_empty() {
                            Type::Dynamic
                        } else {
                            unify(&tys).ok_or("all list elements must have the same type")?
                        }
                    }
                }
            } else {
                (**ety).clone()
            };
            let out = elems
                .iter()
                .enumerate()
                .map(|(i, e)| convert(e, &ety).map_err(|m| element_error(&i.to_string(), m)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(if matches!(want, Type::List(_)) { Value::List(ety, out) } else { Value::set(ety, out) })
        }
        Type::Map(ety) => {
            let entries = v.as_mapping().ok_or_else(|| mismatch_message(&have, want))?;
            let ety = if **ety == Type::Dynamic {
                match v {
                    Value::Map(t, _) => t.clone(),
                    _ => {
                        let tys: Vec<Type> = entries.values().map(Value::ty).collect();
                        if tys.is_empty() {
                            Type::Dynamic
                        } else {
                            unify(&tys).ok_or("all map elements must have the same type")?
                        }
                    }
                }
            } else {
                (**ety).clone()
            };
            let out = entries
                .iter()
                .map(|(k, e)| convert(e, &ety).map(|c| (k.clone(), c)).map_err(|m| element_error(&crate::render::json_string(k), m)))
                .collect::<Result<BTreeMap<_, _>, _>>()?;
            Ok(Value::Map(ety, out))
        }
        Type::Tuple(etys) => {
            let elems = v.as_sequence().ok_or_else(|| mismatch_message(&have, want))?;
            if elems.len() != etys.len() {
                return Err(format!("tuple required with exactly {} elements", etys.len()));
            }
            let out = elems
                .iter()
                .zip(etys)
                .enumerate()
                .map(|(i, (e, t))| convert(e, t).map_err(|m| element_error(&i.to_string(), m)))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Value::Tuple(out))
        }
        Type::Object(atys) => {
            let entries = v.as_mapping().ok_or_else(|| mismatch_message(&have, want))?;
            if matches!(v, Value::Map(..)) {
                if let Some(extra) = entries.keys().find(|k| !atys.contains_key(*k)) {
                    return Err(format!("unsupported attribute {}", crate::render::json_string(extra)));
                }
            }
            let mut out = BTreeMap::new();
            for (name, t) in atys {
                let Some(e) = entries.get(name) else {
                    return Err(format!("attribute {} is required", crate::render::json_string(name)));
                };
                out.insert(name.clone(), convert(e, t).map_err(|m| attr_error(name, m))?);
            }
            Ok(Value::Object(out))
        }
        Type::Dynamic => Ok(v.clone()),
    }
}

fn element_error(_key: &str, msg: String) -> String {
    msg
}

fn attr_error(_name: &str, msg: String) -> String {
    msg
}

/// True when cty has a (possibly failing) conversion from `have` to `want`.
pub fn convertible(have: &Type, want: &Type) -> bool {
    use Type::*;
    if have == want || *want == Dynamic || *have == Dynamic {
        return true;
    }
    match (have, want) {
        (String | Number | Bool, String) => true,
        (String, Number | Bool) => true,
        (List(a) | Set(a), List(b) | Set(b)) | (Map(a), Map(b)) => convertible(a, b),
        (Tuple(ts), List(b) | Set(b)) => {
            if **b == Dynamic {
                ts.is_empty() || unify(ts).is_some()
            } else {
                ts.iter().all(|t| convertible(t, b))
            }
        }
        (Object(attrs), Map(b)) => {
            if **b == Dynamic {
                attrs.is_empty() || unify(&attrs.values().cloned().collect::<Vec<_>>()).is_some()
            } else {
                attrs.values().all(|t| convertible(t, b))
            }
        }
        (Tuple(a), Tuple(b)) => a.len() == b.len() && a.iter().zip(b).all(|(x, y)| convertible(x, y)),
        (List(a), Tuple(b)) => b.iter().all(|y| convertible(a, y)),
        (Object(a), Object(b)) => b.iter().all(|(k, y)| a.get(k).is_some_and(|x| convertible(x, y))),
        (Map(a), Object(b)) => b.values().all(|y| convertible(a, y)),
        _ => false,
    }
}

/// cty's `MismatchMessage` for a conversion that cannot exist.
pub fn mismatch_message(have: &Type, want: &Type) -> String {
    match (have, want) {
        (Type::Object(_) | Type::Map(_), Type::Object(wattrs)) => {
            if let Some(a) = have_attrs(have) {
                if let Some(missing) = wattrs.keys().find(|k| !a.contains_key(*k)) {
                    return format!("attribute {} is required", crate::render::json_string(missing));
                }
            }
            "object required".into()
        }
        (_, Type::Object(_)) => "object required".into(),
        (_, Type::Tuple(_)) => "tuple required".into(),
        (_, t) => format!("{} required", t.friendly_name_for_constraint()),
    }
}

fn have_attrs(t: &Type) -> Option<&BTreeMap<String, Type>> {
    match t {
        Type::Object(a) => Some(a),
        _ => None,
    }
}

/// cty's `UnifyUnsafe`: the one type every given type converts to, if any.
pub fn unify(types: &[Type]) -> Option<Type> {
    if types.is_empty() {
        return None;
    }
    let (mut maps, mut lists, mut sets, mut objects, mut tuples, mut dynamics) = (0, 0, 0, 0, 0, 0);
    for t in types {
        match t {
            Type::Map(_) => maps += 1,
            Type::List(_) => lists += 1,
            Type::Set(_) => sets += 1,
            Type::Object(_) => objects += 1,
            Type::Tuple(_) => tuples += 1,
            Type::Dynamic => dynamics += 1,
            _ => {}
        }
    }
    let n = types.len();
    if maps > 0 && maps + dynamics == n {
        return unify_collections(types, Type::map);
    }
    if maps > 0 && maps + objects + dynamics == n {
        if let Some(t) = unify_as(types, |t| matches!(t, Type::Object(_)), objects_to_map, |t| matches!(t, Type::Map(_))) {
            return Some(t);
        }
    } else if lists > 0 && lists + dynamics == n {
        return unify_collections(types, Type::list);
    } else if lists > 0 && lists + tuples + dynamics == n {
        if let Some(t) = unify_as(types, |t| matches!(t, Type::Tuple(_)), tuples_to_list, |t| matches!(t, Type::List(_))) {
            return Some(t);
        }
    }
    if lists > 0 && lists + dynamics == n {
        return unify_collections(types, Type::list);
    }
    if sets > 0 && sets + dynamics == n {
        return unify_collections(types, Type::set);
    }
    if objects > 0 && objects + dynamics == n {
        if dynamics > 0 {
            return Some(Type::Dynamic);
        }
        return unify_objects(types);
    }
    if tuples > 0 && tuples + dynamics == n {
        if dynamics > 0 {
            return Some(Type::Dynamic);
        }
        return unify_tuples(types);
    }
    if objects > 0 && tuples > 0 {
        return None;
    }
    'outer: for want in preference_order(types) {
        let want = &types[want];
        for t in types {
            if t != want && !convertible(t, want) {
                continue 'outer;
            }
        }
        return Some(want.clone());
    }
    None
}

/// cty's `unifyObjectsAsMaps` / `unifyTuplesAsList`: unify the structural
/// types among `types` on their own, then everything together, and accept
/// only a collection result.
fn unify_as(
    types: &[Type],
    structural: fn(&Type) -> bool,
    unify_some: fn(&[Type]) -> Option<Type>,
    want: fn(&Type) -> bool,
) -> Option<Type> {
    let some: Vec<Type> = types.iter().filter(|t| structural(t)).cloned().collect();
    let joined = unify_some(&some).filter(want)?;
    let replaced: Vec<Type> = types.iter().map(|t| if structural(t) { joined.clone() } else { t.clone() }).collect();
    unify(&replaced).filter(want)
}

fn unify_collections(types: &[Type], make: fn(Type) -> Type) -> Option<Type> {
    if types.contains(&Type::Dynamic) {
        return Some(Type::Dynamic);
    }
    let elems: Vec<Type> = types.iter().map(|t| t.element_type().cloned().unwrap_or(Type::Dynamic)).collect();
    unify(&elems).map(make)
}

fn objects_to_map(types: &[Type]) -> Option<Type> {
    let all: Vec<Type> = types.iter().filter_map(have_attrs).flat_map(|a| a.values().cloned()).collect();
    unify(&all).map(Type::map)
}

fn tuples_to_list(types: &[Type]) -> Option<Type> {
    let all: Vec<Type> = types
        .iter()
        .flat_map(|t| match t {
            Type::Tuple(e) => e.clone(),
            _ => Vec::new(),
        })
        .collect();
    unify(&all).map(Type::list)
}

fn unify_objects(types: &[Type]) -> Option<Type> {
    let attrs: Vec<&BTreeMap<String, Type>> = types.iter().filter_map(have_attrs).collect();
    let first = attrs[0];
    let same_names = attrs.iter().all(|a| a.len() == first.len() && a.keys().all(|k| first.contains_key(k)));
    if !same_names {
        let all: Vec<Type> = attrs.iter().flat_map(|a| a.values().cloned()).collect();
        return unify(&all).map(Type::map);
    }
    let mut out = BTreeMap::new();
    for name in first.keys() {
        let across: Vec<Type> = attrs.iter().map(|a| a[name].clone()).collect();
        out.insert(name.clone(), unify(&across)?);
    }
    Some(Type::Object(out))
}

fn unify_tuples(types: &[Type]) -> Option<Type> {
    let elems: Vec<&Vec<Type>> = types
        .iter()
        .filter_map(|t| match t {
            Type::Tuple(e) => Some(e),
            _ => None,
        })
        .collect();
    let len = elems[0].len();
    if elems.iter().any(|e| e.len() != len) {
        let all: Vec<Type> = elems.iter().flat_map(|e| e.iter().cloned()).collect();
        return unify(&all).map(Type::list);
    }
    let mut out = Vec::with_capacity(len);
    for i in 0..len {
        let across: Vec<Type> = elems.iter().map(|e| e[i].clone()).collect();
        out.push(unify(&across)?);
    }
    Some(Type::Tuple(out))
}

/// Kahn's topological sort over "more general than" (cty's `sortTypes`).
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
    let mut queue: std::collections::VecDeque<usize> = (0..n).filter(|&i| in_degree[i] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(i) = queue.pop_front() {
        order.push(i);
        for &j in &edges[i] {
            in_degree[j] -= 1;
            if in_degree[j] == 0 {
                queue.push_back(j);
            }
        }
    }
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
            fold(x.iter().zip(y).collect())
        }
        _ => 0,
    }
}
