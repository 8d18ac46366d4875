//! The WebAssembly API, run by `wasm-pack test --node` and
//! `wasm-pack test --headless --chrome`: result shape, UTF-16 ranges with
//! emoji and CJK, unknown markers, limits that end in diagnostics rather
//! than traps, and every playground example's recorded result.
#![cfg(target_arch = "wasm32")]

use hcl_playground::wasm::{evaluate, functions, version};
use serde_json::{json, Value as Json};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn eval(src: &str, vars: &str) -> Json {
    serde_wasm_bindgen::from_value(evaluate(src, vars, JsValue::UNDEFINED)).expect("result is JSON-shaped")
}

fn eval_template(src: &str, vars: &str) -> Json {
    let opts = js_sys::JSON::parse(r#"{"template": true}"#).unwrap();
    serde_wasm_bindgen::from_value(evaluate(src, vars, opts)).expect("result is JSON-shaped")
}

#[wasm_bindgen_test]
fn result_shape() {
    let r = eval("[for s in names : upper(s)]", r#"{"names": ["a", "b"]}"#);
    assert_eq!(r["ok"], true);
    assert_eq!(r["value"], json!(["A", "B"]));
    assert_eq!(r["type"], "tuple([string, string])");
    assert_eq!(r["console"], "[\n  \"A\",\n  \"B\",\n]");
    assert_eq!(r["known"], true);
    assert_eq!(r["diagnostics"], json!([]));
}

#[wasm_bindgen_test]
fn exact_numbers_and_markers() {
    let r = eval("[1/3, 2, 1/0, u]", r#"{"u": {"__unknown__": "string"}}"#);
    assert_eq!(r["value"][1].as_f64(), Some(2.0));
    assert!(r["value"][0]["__number__"].as_str().unwrap().starts_with("0.3333"));
    assert_eq!(r["value"][2], json!({"__number__": "+Inf"}));
    assert_eq!(r["value"][3], json!({"__unknown__": "string"}));
    assert_eq!(r["known"], false);
}

#[wasm_bindgen_test]
fn ranges_are_utf16_code_units() {
    // "😀" is two UTF-16 code units (four bytes).
    let r = eval("\"😀\" + nope", "{}");
    let d = &r["diagnostics"][0];
    assert_eq!(d["summary"], "Unknown variable");
    assert_eq!((d["range"]["start"].as_u64(), d["range"]["end"].as_u64()), (Some(7), Some(11)));
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(1), Some(8)));
    // CJK characters are one code unit each (three bytes).
    let r = eval("\"日本語\" == \"x\" ? 1 :\n  失敗", "{}");
    let d = &r["diagnostics"][0];
    assert_eq!(d["range"]["start"].as_u64(), Some(21));
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(2), Some(3)));
}

#[wasm_bindgen_test]
fn variables_errors_point_into_the_json() {
    let r = eval("x", "{\"x\": [1,\n 2,]}");
    let d = &r["diagnostics"][0];
    assert_eq!(d["source"], "variables");
    assert_eq!(d["line"].as_u64(), Some(2));
}

#[wasm_bindgen_test]
fn limits_end_in_diagnostics_not_traps() {
    for depth in [500, 1_000, 10_000] {
        for (open, close) in [("(", ")"), ("[", "]"), ("{a=", "}"), ("abs(", ")")] {
            let src = format!("{}1{}", open.repeat(depth), close.repeat(depth));
            let r = eval(&src, "{}");
            assert_eq!(r["ok"], false, "{open} x {depth}");
            assert_eq!(r["diagnostics"][0]["summary"], "Expression too deeply nested");
        }
    }
    let r = eval("[for i in range(1000): [for j in range(1000): [for k in range(1000): k]]]", "{}");
    assert_eq!(r["ok"], false);
    assert_eq!(eval("range(1e9)", "{}")["ok"], false);
    assert_eq!(eval(&format!("1{}", "+1".repeat(10_000)), "{}")["ok"], false);
}

#[wasm_bindgen_test]
fn playground_examples_keep_their_recorded_results() {
    let examples: Json = serde_json::from_str(include_str!("../www/examples.json")).unwrap();
    for ex in examples.as_array().unwrap() {
        let (src, vars) = (ex["expr"].as_str().unwrap(), ex["vars"].as_str().unwrap());
        let r = if ex["template"] == true { eval_template(src, vars) } else { eval(src, vars) };
        assert_eq!(r["console"], ex["console"], "example {}", ex["title"]);
    }
}

#[wasm_bindgen_test]
fn registry_and_version() {
    let list: Json = serde_wasm_bindgen::from_value(functions()).unwrap();
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert!(names.contains(&"upper") && names.contains(&"cidrsubnet") && names.len() > 100, "{names:?}");
    assert!(list[0]["signature"].as_str().unwrap().contains('('));
    assert_eq!(version(), env!("CARGO_PKG_VERSION"));
}

/// The smaller build (without `heavy-functions`) answers for every function
/// in the registry, but flags the evaluations that call a left-out one,
/// even where `try` or `can` would hide the error; the full build never
/// flags.
#[wasm_bindgen_test]
fn heavy_functions_and_the_smaller_build() {
    let heavy = [
        r#"regex("[a-z]+", "abc1")"#,
        r#"can(regex("[a-z]+", "x"))"#,
        r#"try(yamldecode("a: 1"), null)"#,
        r#"sha256("x")"#,
        r#"formatdate("YYYY", "2024-01-02T00:00:00Z")"#,
        r#"replace("abc", "/b/", "x")"#,
        r#"templatestring("$${sha1(\"a\")}", {})"#,
    ];
    for src in heavy {
        let r = eval(src, "{}");
        if cfg!(feature = "heavy-functions") {
            assert_eq!((r["ok"].as_bool(), r.get("needsFullBuild")), (Some(true), None), "{src}: {r}");
        } else {
            assert_eq!(r["needsFullBuild"], true, "{src}: {r}");
        }
    }
    for src in [r#"replace("abc", "b", "x")"#, r#"cidrsubnet("10.0.0.0/8", 8, 2)"#, r#"jsonencode({a = upper("x")})"#] {
        let r = eval(src, "{}");
        assert_eq!((r["ok"].as_bool(), r.get("needsFullBuild")), (Some(true), None), "{src}: {r}");
    }
    let list: Json = serde_wasm_bindgen::from_value(functions()).unwrap();
    assert!(list.as_array().unwrap().iter().any(|f| f["name"] == "regexall"), "every build lists every function");
}
