//! Shared helpers: run a case in the conformance schema and compare it with
//! an expected result the way `shared/conformance/compare.py` does (exact
//! decimals, set order ignored), types included.
#![allow(dead_code)]

use hcl_playground::value::Type;
use hcl_playground::{evaluate, parse_variables, render, Options};
use serde_json::{json, Value as Json};

/// Our result for one case, in the oracle's output schema.
pub fn run_case(expr: &str, vars: &Json, template: bool) -> Json {
    let vars = match parse_variables(&vars.to_string()) {
        Ok(v) => v,
        Err(d) => return json!({"ok": false, "errors": [d.one_line()]}),
    };
    let options = Options { template, ..Options::default() };
    match evaluate(expr, &vars, &options) {
        Ok(v) => json!({
            "ok": true,
            "value": serde_json::from_str::<Json>(&render::to_json(&v)).expect("our JSON parses"),
            "type": v.ty().to_string(),
            "known": v.is_wholly_known(),
        }),
        Err(diags) => json!({"ok": false, "errors": diags.iter().map(|d| d.one_line()).collect::<Vec<_>>()}),
    }
}

/// `None` when `got` matches `expected`, else why not.
pub fn mismatch(expected: &Json, got: &Json) -> Option<String> {
    let (eok, gok) = (expected["ok"].as_bool(), got["ok"].as_bool());
    if eok != gok {
        return Some(format!("ok differs: expected {expected}, got {got}"));
    }
    if eok != Some(true) {
        return None;
    }
    let ty = expected["type"].as_str().unwrap_or("dynamic");
    let parsed = hcl_playground::typeexpr::parse_type(ty).unwrap_or(Type::Dynamic);
    if !values_equal(&expected["value"], &got["value"], &parsed) {
        return Some(format!("value differs: expected {}, got {}", expected["value"], got["value"]));
    }
    if expected["type"] != got["type"] {
        return Some(format!("type differs: expected {}, got {}", expected["type"], got["type"]));
    }
    if expected["known"] != got["known"] {
        return Some(format!("known differs: expected {}, got {}", expected["known"], got["known"]));
    }
    None
}

fn is_unknown(v: &Json) -> bool {
    v.as_object().is_some_and(|o| o.len() == 1 && o.contains_key("__unknown__"))
}

fn values_equal(e: &Json, g: &Json, ty: &Type) -> bool {
    if is_unknown(e) || is_unknown(g) {
        return e == g;
    }
    match (e, g) {
        (Json::Number(a), Json::Number(b)) => canonical_decimal(&a.to_string()) == canonical_decimal(&b.to_string()),
        (Json::Array(a), Json::Array(b)) => {
            if a.len() != b.len() {
                return false;
            }
            match ty {
                Type::Set(et) => {
                    let mut left: Vec<&Json> = b.iter().collect();
                    a.iter().all(|x| match left.iter().position(|y| values_equal(x, y, et)) {
                        Some(i) => {
                            left.remove(i);
                            true
                        }
                        None => false,
                    })
                }
                _ => a.iter().zip(b).enumerate().all(|(i, (x, y))| {
                    let et = match ty {
                        Type::List(t) => (**t).clone(),
                        Type::Tuple(ts) => ts.get(i).cloned().unwrap_or(Type::Dynamic),
                        _ => Type::Dynamic,
                    };
                    values_equal(x, y, &et)
                }),
            }
        }
        (Json::Object(a), Json::Object(b)) => {
            a.len() == b.len()
                && a.iter().all(|(k, x)| {
                    let et = match ty {
                        Type::Map(t) => (**t).clone(),
                        Type::Object(m) => m.get(k).cloned().unwrap_or(Type::Dynamic),
                        _ => Type::Dynamic,
                    };
                    b.get(k).is_some_and(|y| values_equal(x, y, &et))
                })
        }
        _ => e == g,
    }
}

/// A decimal in canonical form: sign, significant digits, exponent. Zero
/// keeps its sign: `-0` and `0` are different values in go-cty.
pub fn canonical_decimal(s: &str) -> String {
    let (neg, s) = s.strip_prefix('-').map_or((false, s), |r| (true, r));
    let (mant, exp) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i64>().unwrap_or(0)),
        None => (s, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let digits = format!("{int}{frac}");
    let exp = exp + int.len() as i64;
    let lead = digits.len() - digits.trim_start_matches('0').len();
    let digits = digits.trim_start_matches('0').trim_end_matches('0');
    if digits.is_empty() {
        return if neg { "-0" } else { "0" }.into();
    }
    format!("{}0.{}e{}", if neg { "-" } else { "" }, digits, exp - lead as i64)
}

/// Function names called in `expr` that the registry does not have yet.
pub fn missing_functions(expr: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = expr.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'.')) {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            if b.get(i) == Some(&b'(') {
                let name = &expr[s..i];
                if hcl_playground::functions::lookup(name).is_none() && hcl_playground::functions::is_terraform_function(name) {
                    out.push(name.to_string());
                }
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Reads a JSON Lines file.
pub fn read_jsonl(path: &std::path::Path) -> Vec<Json> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("valid JSON line")).collect()
}
