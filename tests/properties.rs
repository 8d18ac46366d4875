//! Property tests: random input never panics, nor changes meaning when
//! formatted; inspecting any place never panics, and the whole expression
//! inspected has the value evaluation gives; a value printed as
//! `terraform console` prints it and evaluated again is the same value of
//! the same type; variables JSON rendered back to JSON is the same JSON.

use hcl_playground::Profile;
use hcl_playground::{evaluate, parse_variables, present, Options, Program, Type, Value, Variables};
use proptest::prelude::*;

fn eval(src: &str) -> Result<Value, String> {
    evaluate(src, &Variables::new(), &Options::default()).map_err(|d| format!("{}: {}", d[0].summary, d[0].detail))
}

/// Text HCL would find interesting: tokens, brackets, quotes, templates,
/// heredoc openers, comments, Unicode.
fn hclish() -> impl Strategy<Value = String> {
    let token = prop_oneof![
        Just("(".to_string()),
        Just(")".to_string()),
        Just("[".to_string()),
        Just("]".to_string()),
        Just("{".to_string()),
        Just("}".to_string()),
        Just("\"".to_string()),
        Just("${".to_string()),
        Just("%{ if x }".to_string()),
        Just("%{ for v in x }".to_string()),
        Just("%{ endfor }".to_string()),
        Just("%{ endif }".to_string()),
        Just("<<EOT\n".to_string()),
        Just("\nEOT\n".to_string()),
        Just("[*]".to_string()),
        Just(".*".to_string()),
        Just("...".to_string()),
        Just(" for x in ".to_string()),
        Just(" : ".to_string()),
        Just(" => ".to_string()),
        Just(" ? ".to_string()),
        Just(" if ".to_string()),
        Just("/*".to_string()),
        Just("#".to_string()),
        Just("\n".to_string()),
        Just(",".to_string()),
        Just(" = ".to_string()),
        Just("-".to_string()),
        Just("!".to_string()),
        Just("%".to_string()),
        Just("==".to_string()),
        Just("&&".to_string()),
        Just("1e999".to_string()),
        Just("0.1".to_string()),
        Just("tolist(".to_string()),
        Just("range(".to_string()),
        Just("format(\"%v\", ".to_string()),
        Just("\u{1F600}".to_string()),
        Just("日本".to_string()),
        "[a-z]{1,3}",
        "[0-9]{1,4}",
    ];
    prop::collection::vec(token, 0..24).prop_map(|ts| ts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn random_input_never_panics(src in hclish(), template in any::<bool>()) {
        let vars = parse_variables(r#"{"x": [1, "a", {"b": null}], "a": {"__unknown__": "list(string)"}}"#).unwrap();
        let options = Options { template, ..Options::default() };
        if let Ok(v) = evaluate(&src, &vars, &options) {
            let _ = (present::console(&v, Profile::default()), present::to_json(&v), v.ty().to_string());
        }
    }

    #[test]
    fn inspecting_anywhere_never_panics_and_the_whole_has_its_value(src in prop_oneof![hclish(), value_source()], at in any::<prop::sample::Index>()) {
        let vars = parse_variables(r#"{"x": [1, "a", {"b": null}], "a": {"__unknown__": "list(string)"}}"#).unwrap();
        if let Ok(program) = Program::parse(&src, &Options::default()) {
            let bounds: Vec<usize> = (0..=src.len()).filter(|&i| src.is_char_boundary(i)).collect();
            let i = bounds[at.index(bounds.len())];
            let _ = program.inspect(&vars, i, i);
            let root = program.expression().span;
            let whole = program.inspect(&vars, root.start, root.end);
            if let Some(whole) = whole.filter(|w| w.console_override.is_none() && root.start < root.end) {
                prop_assert_eq!(whole.count, 1, "{:?}", src);
                let hit = &whole.hits[0];
                match evaluate(&src, &vars, &Options::default()) {
                    Ok(v) => {
                        prop_assert!(hit.errors.is_empty(), "{:?}: {:?}", src, hit.errors);
                        prop_assert_eq!(present::console(&hit.value, Profile::default()), present::console(&v, Profile::default()), "{:?}", src);
                    }
                    Err(_) => prop_assert!(!hit.errors.is_empty(), "{:?}", src),
                }
            }
        }
    }

    #[test]
    fn formatting_random_input_never_panics_nor_changes_meaning(src in hclish()) {
        let _ = hcl_playground::format(&src);
        if let Ok(out) = hcl_playground::format_expression(&src) {
            let meaning = |s: &str| evaluate(s, &Variables::new(), &Options::default())
                .map(|v| (present::to_json(&v), v.ty()))
                .map_err(|d| d.into_iter().map(|d| d.summary).collect::<Vec<_>>());
            prop_assert_eq!(meaning(&src), meaning(&out), "{:?} formatted {:?}", src, out);
            prop_assert_eq!(hcl_playground::format_expression(&out), Ok(out.clone()), "{:?}", src);
        }
    }
}

fn has_typed_empty_collection(v: &Value) -> bool {
    match v {
        Value::List(t, es) | Value::Set(t, es) => (es.is_empty() && *t != Type::Dynamic) || es.iter().any(has_typed_empty_collection),
        Value::Map(t, es) => (es.is_empty() && *t != Type::Dynamic) || es.iter().any(|(_, v)| has_typed_empty_collection(v)),
        Value::Tuple(es) => es.iter().any(has_typed_empty_collection),
        Value::Object(es) => es.iter().any(|(_, v)| has_typed_empty_collection(v)),
        Value::Marked(v, _) => has_typed_empty_collection(v),
        _ => false,
    }
}

/// HCL source of a known value: literals, tuples, objects, and the typed
/// collections `tolist`, `toset` and `tomap` make.
fn value_source() -> impl Strategy<Value = String> {
    let number = prop_oneof![
        any::<i64>().prop_map(|i| i.to_string()),
        (0u64..1_000_000, 0u32..1_000).prop_map(|(i, f)| format!("{i}.{f:03}")),
        (1u32..10, -400i32..400).prop_map(|(m, e)| format!("{m}e{e}")),
        Just("18446744073709551617".to_string()),
        Just("(0.1 + 0.2)".to_string()),
        Just("(1 / 3)".to_string()),
    ];
    let text = prop_oneof![
        "[a-zA-Z0-9 _.:/-]{0,12}",
        Just("é日本\u{1F600}".to_string()),
        Just("tab\\there \\\"quoted\\\" back\\\\slash".to_string()),
        // No control characters or `${` (the console prints them Go-quoted
        // or raw, which HCL reads differently) and no newlines (multi-line
        // strings print as heredocs with an extra last line and, inside
        // collections, a comma after the closing marker): console output
        // is not always HCL, as console_format.md says.
    ]
    .prop_map(|s| format!("\"{s}\""));
    let leaf = prop_oneof![number, text.clone(), any::<bool>().prop_map(|b| b.to_string())];
    leaf.prop_recursive(4, 48, 6, move |inner| {
        let key = prop_oneof!["[a-z][a-z0-9_]{0,6}", "[a-z ]{1,6}".prop_map(|k| format!("\"{k}\""))];
        let items = prop::collection::vec(inner.clone(), 0..5);
        let entries = prop::collection::vec((key, inner), 0..5);
        let object =
            |es: Vec<(String, String)>| format!("{{ {} }}", es.iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", "));
        prop_oneof![
            items.clone().prop_map(|vs| format!("[{}]", vs.join(", "))),
            items.clone().prop_map(|vs| format!("tolist([{}])", vs.join(", "))),
            items.prop_map(|vs| format!("toset([{}])", vs.join(", "))),
            entries.clone().prop_map(object),
            entries.prop_map(move |es| format!("tomap({})", object(es))),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn console_output_evaluates_to_the_same_value(src in value_source()) {
        // Not every generated source is valid (`tolist` of mixed tuples);
        // the property is about the values that are.
        let Ok(v) = eval(&src) else { return Ok(()) };
        // `tolist([])` reads back as a list of `dynamic`: an empty typed
        // collection's element type is not in the console text, so HCL
        // (the oracle too) cannot always rebuild it, e.g. inside `tomap`.
        if has_typed_empty_collection(&v) {
            return Ok(());
        }
        let shown = present::console(&v, Profile::default());
        let again = eval(&shown).map_err(|e| TestCaseError::fail(format!("{src}\nprints\n{shown}\nwhich fails: {e}")))?;
        prop_assert_eq!(v.ty(), again.ty(), "{}\nprints\n{}", src, shown);
        prop_assert_eq!(present::to_json(&v), present::to_json(&again), "{}\nprints\n{}", src, shown);
    }

    #[test]
    fn variables_json_round_trips(json in json_value()) {
        let vars = parse_variables(&format!("{{\"x\": {json}}}")).map_err(|d| TestCaseError::fail(d.detail))?;
        // The type follows from the JSON alone: objects become objects,
        // arrays tuples, null an untyped null.
        let tree: serde_json::Value = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(vars.get("x").unwrap().ty().to_string(), json_type(&tree));
        let v = evaluate("x", &vars, &Options::default()).map_err(|d| TestCaseError::fail(d[0].detail.clone()))?;
        let back = present::to_json(&v);
        prop_assert!(same_json(&serde_json::from_str(&json).unwrap(), &serde_json::from_str(&back).unwrap()), "{} came back as {}", json, back);
        // And the rendering is a fixed point.
        let again = evaluate("x", &parse_variables(&format!("{{\"x\": {back}}}")).unwrap(), &Options::default()).unwrap();
        prop_assert_eq!(present::to_json(&again), back);
    }
}

/// JSON text with exact numbers, Unicode strings and nesting. Object keys
/// are unique and already NFC (HCL normalises strings).
fn json_value() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_string()),
        any::<bool>().prop_map(|b| b.to_string()),
        any::<i64>().prop_map(|i| i.to_string()),
        (any::<i32>(), 1u32..100_000).prop_map(|(i, f)| format!("{i}.{f}")),
        Just("123456789012345678901234567890".to_string()),
        "[a-z\u{e9}\u{65e5}\u{1F600} \"\\\\]{0,8}".prop_map(|s| serde_json::to_string(&s).unwrap()),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(|vs| format!("[{}]", vs.join(","))),
            prop::collection::btree_map("[a-z]{1,4}", inner, 0..5)
                .prop_map(|m| format!("{{{}}}", m.iter().map(|(k, v)| format!("\"{k}\":{v}")).collect::<Vec<_>>().join(","))),
        ]
    })
}

/// The HCL type of a JSON value, worked out from the tree (attribute names
/// here are identifiers, so they print unquoted).
fn json_type(v: &serde_json::Value) -> String {
    use serde_json::Value::*;
    match v {
        Null => "dynamic".into(),
        Bool(_) => "bool".into(),
        Number(_) => "number".into(),
        String(_) => "string".into(),
        Array(items) => format!("tuple([{}])", items.iter().map(json_type).collect::<Vec<_>>().join(", ")),
        Object(m) => {
            let mut attrs: Vec<_> = m.iter().map(|(k, v)| format!("{k}: {}", json_type(v))).collect();
            attrs.sort();
            format!("object({{{}}})", attrs.join(", "))
        }
    }
}

/// JSON equality with numbers compared by value (`0.3190` is `0.319`).
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::*;
    match (a, b) {
        (Number(x), Number(y)) => {
            let parse = |n: &serde_json::Number| hcl_playground::value::Number::parse(&n.to_string());
            matches!((parse(x), parse(y)), (Some(x), Some(y)) if x.equals(&y, hcl_playground::Profile::default()))
        }
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b)),
        (Object(x), Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w))),
        _ => a == b,
    }
}
