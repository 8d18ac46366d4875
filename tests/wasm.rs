//! The WebAssembly API, run by `wasm-pack test --node` and
//! `wasm-pack test --headless --chrome`: result shape, sessions that keep
//! what they parsed, malformed options, UTF-16 ranges with emoji and CJK,
//! rendered diagnostics, unknown markers, limits that end in diagnostics
//! rather than traps, every playground example's recorded result,
//! formatting as `terraform fmt`, inspecting sub-expressions, variables
//! as tfvars text, and Module mode's closing warning.
#![cfg(target_arch = "wasm32")]

use hcl_playground::module::UNEXPECTED_RESULTS;
use hcl_playground::wasm::{evaluate, format, functions, inspect, inspect_module_js, profiles, version, Session};
use serde_json::{json, Value as Json};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

fn eval(src: &str, vars: &str) -> Json {
    serde_wasm_bindgen::from_value(evaluate(src, vars, JsValue::UNDEFINED)).expect("result is JSON-shaped")
}

fn eval_template(src: &str, vars: &str) -> Json {
    eval_with(src, vars, r#"{"template": true}"#)
}

fn eval_with(src: &str, vars: &str, options: &str) -> Json {
    let opts = js_sys::JSON::parse(options).unwrap();
    serde_wasm_bindgen::from_value(evaluate(src, vars, opts)).expect("result is JSON-shaped")
}

fn session_eval(s: &mut Session, src: &str, vars: &str, options: &str) -> Json {
    let opts = js_sys::JSON::parse(options).unwrap();
    serde_wasm_bindgen::from_value(s.evaluate(src, vars, opts)).expect("result is JSON-shaped")
}

#[wasm_bindgen_test]
fn result_shape() {
    let r = eval("[for s in names : upper(s)]", r#"{"names": ["a", "b"]}"#);
    assert_eq!(r["ok"], true);
    assert_eq!(r["json"], "[\n  \"A\",\n  \"B\"\n]");
    assert_eq!(r["type"], "tuple([string, string])");
    assert_eq!(r["console"], "[\n  \"A\",\n  \"B\",\n]");
    assert_eq!(r["known"], true);
    assert_eq!(r["diagnostics"], json!([]));
    assert_eq!(r.get("diagnosticsText"), None);
}

#[wasm_bindgen_test]
fn exact_numbers_and_markers() {
    let r = eval("[1/3, 2, 1/0, u]", r#"{"u": {"__unknown__": "string"}}"#);
    let json = r["json"].as_str().unwrap();
    assert!(json.starts_with("[\n  0.3333333333333333333333333333333333333333"), "{json}");
    assert!(json.ends_with(",\n  2,\n  {\"__number__\":\"+Inf\"},\n  {\"__unknown__\":\"string\"}\n]"), "{json}");
    assert_eq!(r["known"], false);
}

#[wasm_bindgen_test]
fn only_the_outputs_asked_for_are_rendered() {
    let r = eval_with("{a = 1}", "{}", r#"{"outputs": ["type"]}"#);
    assert_eq!((r["ok"].as_bool(), r["type"].as_str()), (Some(true), Some("object({a: number})")));
    assert_eq!((r.get("console"), r.get("json")), (None, None));
    let r = eval_with("nope", "{}", r#"{"outputs": ["console"]}"#);
    assert_eq!((r["ok"].as_bool(), r.get("diagnosticsText")), (Some(false), None));
    assert_eq!(r["diagnostics"][0]["summary"], "Unknown variable");
}

#[wasm_bindgen_test]
fn malformed_options_are_diagnostics() {
    for (options, why) in [
        (r#"{"template": "yes"}"#, "invalid type: string \"yes\", expected a boolean"),
        (r#"{"tempalte": true}"#, "unknown field `tempalte`"),
        (r#"{"outputs": ["html"]}"#, "unknown variant `html`"),
        (r#"{"limits": {"maxSteps": -1}}"#, "invalid type: floating point `-1.0`, expected u64"),
        (r#"{"limits": {"maxStep": 1}}"#, "unknown field `maxStep`"),
    ] {
        let r = eval_with("1", "{}", options);
        assert_eq!(r["ok"], false, "{options}");
        let d = &r["diagnostics"][0];
        assert_eq!((d["source"].as_str(), d["summary"].as_str()), (Some("options"), Some("Invalid options")), "{options}");
        assert!(d["detail"].as_str().unwrap().contains(why), "{options}: {}", d["detail"]);
    }
}

#[wasm_bindgen_test]
fn a_session_reuses_what_did_not_change() {
    let mut s = Session::new();
    let r = session_eval(&mut s, "x * 2", r#"{"x": 2}"#, "{}");
    assert_eq!(r["console"], "4");
    // New variables, same expression; then a new expression, same variables.
    assert_eq!(session_eval(&mut s, "x * 2", r#"{"x": 5}"#, "{}")["console"], "10");
    assert_eq!(session_eval(&mut s, "x + 1", r#"{"x": 5}"#, "{}")["console"], "6");
    // Parsing options are part of what is kept: template mode reparses.
    assert_eq!(session_eval(&mut s, "x + 1", r#"{"x": 5}"#, r#"{"template": true}"#)["console"], "\"x + 1\"");
    // Bad variables, then good again.
    let r = session_eval(&mut s, "x + 1", r#"{"x": "#, "{}");
    assert_eq!(r["diagnostics"][0]["source"], "variables");
    assert!(r["diagnosticsText"].as_str().unwrap().starts_with("Error: Invalid variables JSON\n\n  on <variables> line 1:"));
    assert_eq!(session_eval(&mut s, "x + 1", r#"{"x": 1}"#, "{}")["console"], "2");
}

#[wasm_bindgen_test]
fn diagnostics_are_rendered_with_carets_under_wide_characters() {
    let r = eval("\"😀日本\" == nope", "{}");
    let text = r["diagnosticsText"].as_str().unwrap();
    assert_eq!(
        text,
        "Error: Unknown variable\n\n  on <input> line 1:\n   1 | \"😀日本\" == nope\n                   ^^^^\n\nThere is no variable named \"nope\".\n"
    );
}

#[wasm_bindgen_test]
fn ranges_are_utf16_code_units() {
    // "😀" is two UTF-16 code units (four bytes).
    let r = eval("\"😀\" == nope", "{}");
    let d = &r["diagnostics"][0];
    assert_eq!(d["summary"], "Unknown variable");
    // What it is, for callers that treat it apart (the page's hints).
    assert_eq!(d["code"], "unknownVariable");
    assert_eq!((d["range"]["start"].as_u64(), d["range"]["end"].as_u64()), (Some(8), Some(12)));
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(1), Some(9)));
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

/// Variables as tfvars text (`variablesFormat`, in both builds): constants
/// only, every error a diagnostic of the variables with its UTF-16 range;
/// a session reads them again when only the format changes; JSON that
/// looks like tfvars says how to read it; the inspector takes the option
/// too.
#[wasm_bindgen_test]
fn variables_as_tfvars() {
    let tfvars = r#"{"variablesFormat": "tfvars"}"#;
    let r = eval_with("\"${name}:${ports[1]}\"", "name  = \"web\"\nports = [80, 443]\n", tfvars);
    assert_eq!(r["console"], "\"web:443\"", "{r}");
    // "😀" is two UTF-16 code units: line 2 starts at 9, line 3 at 24.
    let r = eval_with("a", "a = \"😀\"\nb = upper(\"x\")\nresource \"r\" {}\n", tfvars);
    assert_eq!(r["ok"], false, "{r}");
    let got: Vec<Json> = r["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| json!([d["summary"], d["source"], d["range"]["start"], d["range"]["end"], d["line"], d["column"]]))
        .collect();
    assert_eq!(
        got,
        [
            json!(["Unexpected \"resource\" block", "variables", 24, 32, 3, 1]),
            json!(["Function calls not allowed", "variables", 13, 23, 2, 5]),
        ],
        "{r}"
    );
    assert!(
        r["diagnosticsText"].as_str().unwrap().starts_with("Error: Unexpected \"resource\" block\n\n  on <variables> line 3:\n"),
        "{r}"
    );
    // Read as JSON (the default), tfvars text says how to read it.
    let d = &eval("name", "name = \"web\"")["diagnostics"][0];
    assert_eq!((d["summary"].as_str(), d["source"].as_str()), (Some("Invalid variables JSON"), Some("variables")), "{d}");
    assert!(
        d["detail"].as_str().unwrap().ends_with("variablesFormat \"tfvars\" (the page's \"tfvars\" button) reads it as a .tfvars file."),
        "{d}"
    );
    let mut s = Session::new();
    assert_eq!(session_eval(&mut s, "name", "name = \"web\"", "{}")["ok"], false);
    assert_eq!(session_eval(&mut s, "name", "name = \"web\"", tfvars)["console"], "\"web\"");
    assert_eq!(session_eval(&mut s, "name", "name = \"web\"", "{}")["ok"], false);
    let r = eval_with("1", "{}", r#"{"variablesFormat": "yaml"}"#);
    assert_eq!(r["diagnostics"][0]["source"], "options", "{r}");
    assert!(
        r["diagnostics"][0]["detail"].as_str().unwrap().contains("variablesFormat must be \"json\" or \"tfvars\", not \"yaml\""),
        "{r}"
    );
    assert_eq!(inspect_at("upper(name)", "name = \"web\"", tfvars, 6, 6, false)["hits"][0]["console"], "\"web\"");
    assert_eq!(inspect_at("name", "name = f(1)", tfvars, 0, 0, false)["diagnostics"][0]["summary"], "Function calls not allowed");
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
    // A long flat chain is not nesting.
    assert_eq!(eval(&format!("1{}", "+1".repeat(10_000)), "{}")["console"], "10001");
    assert_eq!(eval(&format!("{}1", "-".repeat(10_000)), "{}")["diagnostics"][0]["summary"], "Expression too deeply nested");
}

/// The page's main-thread evaluation uses small limits and goes to its
/// worker when one is reached; any other error is the answer.
#[wasm_bindgen_test]
fn results_say_when_a_limit_ended_them() {
    let small = r#"{"limits": {"maxSteps": 2000, "maxCollectionLen": 1000, "maxStringLen": 4096}}"#;
    for (src, reached) in [
        ("[for i in range(100): i]", false),
        ("[for i in range(300): [for j in range(300): j]]", true),
        ("flatten([for i in range(20): range(1000)])", true),
        ("join(\"\", [for i in range(800): \"abcdefgh\"])", true),
        ("\"${join(\"\", [for i in range(800): \"abcdefgh\"])}\"", true),
        ("nope", false),
        ("1 + \"a\"", false),
    ] {
        let r = eval_with(src, "{}", small);
        assert_eq!(r.get("limitReached") == Some(&json!(true)), reached, "{src}: {r}");
        if reached {
            assert_eq!(r["ok"], false, "{src}");
            assert_eq!(eval(src, "{}").get("limitReached"), None, "{src} with the default limits");
        }
    }
}

#[wasm_bindgen_test]
fn playground_examples_keep_their_recorded_results() {
    let examples: Json = serde_json::from_str(include_str!("../www/examples.json")).unwrap();
    for ex in examples.as_array().unwrap() {
        let (src, vars) = (ex["expr"].as_str().unwrap(), ex["vars"].as_str().unwrap());
        if ex["mode"] == "module" {
            check_module_example(ex, src, vars);
            continue;
        }
        let r = if ex["template"] == true { eval_template(src, vars) } else { eval(src, vars) };
        assert_eq!(r["console"], ex["console"], "example {}", ex["title"]);
    }
}

/// The provider data (www/providers) the playground's Module-mode examples
/// use.
const EXAMPLE_PROVIDER_FILES: &[(&str, &str)] = &[
    ("index.json", include_str!("../www/providers/index.json")),
    ("hashicorp/aws/provider.json", include_str!("../www/providers/hashicorp/aws/provider.json")),
    ("hashicorp/aws/data/aws_ami.json", include_str!("../www/providers/hashicorp/aws/data/aws_ami.json")),
    ("hashicorp/aws/resource/aws_instance.json", include_str!("../www/providers/hashicorp/aws/resource/aws_instance.json")),
    ("hashicorp/aws/resource/aws_s3_bucket.json", include_str!("../www/providers/hashicorp/aws/resource/aws_s3_bucket.json")),
    ("hashicorp/aws/resource/aws_iam_user.json", include_str!("../www/providers/hashicorp/aws/resource/aws_iam_user.json")),
    ("hashicorp/aws/resource/aws_security_group.json", include_str!("../www/providers/hashicorp/aws/resource/aws_security_group.json")),
    ("hashicorp/archive/provider.json", include_str!("../www/providers/hashicorp/archive/provider.json")),
    ("hashicorp/archive/data/archive_file.json", include_str!("../www/providers/hashicorp/archive/data/archive_file.json")),
];

/// A Module-mode example: every recorded named value, the rendered errors
/// and the console line's answer.
fn check_module_example(ex: &Json, src: &str, vars: &str) {
    use hcl_playground::wasm::evaluate_module;
    let title = &ex["title"];
    let mut options = json!({"variablesFormat": ex["varsFormat"].as_str().unwrap_or("json")});
    if let Some(line) = ex["consoleLine"].as_str() {
        options["console"] = json!(line);
    }
    if let Some(files) = ex.get("files") {
        options["files"] = files.clone();
    }
    let options = js_sys::JSON::parse(&options.to_string()).unwrap();
    let mut r: Json = serde_wasm_bindgen::from_value(evaluate_module(src, vars, options.clone())).unwrap();
    if !cfg!(feature = "module-mode") {
        return assert_left_out(&r);
    }
    // The provider files it asks for, as the page's worker fetches them.
    for _ in 0..5 {
        let Some(needs) = r["needsProviderFiles"].as_array().filter(|n| !n.is_empty()).cloned() else { break };
        let files: serde_json::Map<String, Json> = needs
            .iter()
            .map(|p| {
                let p = p.as_str().unwrap();
                let text = EXAMPLE_PROVIDER_FILES.iter().find(|(n, _)| *n == p).map(|(_, t)| *t);
                (p.to_string(), json!(text.unwrap_or_else(|| panic!("example {title} needs {p}: add it to EXAMPLE_PROVIDER_FILES"))))
            })
            .collect();
        hcl_playground::wasm::add_provider_files(js_sys::JSON::parse(&Json::Object(files).to_string()).unwrap());
        r = serde_wasm_bindgen::from_value(evaluate_module(src, vars, options.clone())).unwrap();
    }
    let got: serde_json::Map<String, Json> =
        r["values"].as_array().unwrap().iter().map(|v| (v["address"].as_str().unwrap().to_string(), v["console"].clone())).collect();
    assert_eq!(Json::Object(got), ex["values"], "example {title}: named values");
    assert_eq!(r["diagnosticsText"], ex["errors"].as_str().unwrap_or(""), "example {title}: errors");
    if let Some(answer) = ex.get("consoleResult") {
        assert_eq!(&r["console"]["console"], answer, "example {title}: console line");
    }
}

#[wasm_bindgen_test]
fn registry_and_version() {
    let list: Json = serde_wasm_bindgen::from_value(functions(None)).unwrap();
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
        r#"templatestring(t, {})"#,
    ];
    for src in heavy {
        // Terraform's templatestring takes its template from a reference.
        let r = eval(src, r#"{"t": "${sha1(\"a\")}"}"#);
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
    let list: Json = serde_wasm_bindgen::from_value(functions(None)).unwrap();
    assert!(list.as_array().unwrap().iter().any(|f| f["name"] == "regexall"), "every build lists every function");
}

/// Each profile answers as its engine does and says which engine that is;
/// an unknown profile name is an options error, never the default.
#[wasm_bindgen_test]
fn profiles_answer_as_their_engines() {
    let r = eval_with(r#"x != null && x.enabled"#, r#"{"x": null}"#, r#"{"profile": "terraform"}"#);
    assert_eq!((r["ok"].as_bool(), r["console"].as_str()), (Some(true), Some("false")), "{r}");
    assert!(r["engine"].as_str().unwrap().starts_with("Terraform v1."), "{r}");
    let r = eval_with(r#"x != null && x.enabled"#, r#"{"x": null}"#, r#"{"profile": "hcl-2.14"}"#);
    assert_eq!(r["ok"].as_bool(), Some(false), "no short-circuit in 2022: {r}");
    assert!(r["engine"].as_str().unwrap().starts_with("hcl v2.14.1"), "{r}");
    let r = eval_with(r#"element(["a", "b", "c"], -1)"#, "{}", r#"{"profile": "terraform"}"#);
    assert_eq!(r["console"], "\"c\"", "negative indices count from the end since go-cty 1.15: {r}");
    let r = eval_with(r#"element(["a", "b", "c"], -1)"#, "{}", r#"{"profile": "hcl-2.14"}"#);
    assert_eq!(r["ok"], false, "{r}");
    let r = eval_with(r#"urldecode("a%20b")"#, "{}", r#"{"profile": "opentofu"}"#);
    assert_eq!(r["console"], "\"a b\"", "{r}");
    assert!(r["engine"].as_str().unwrap().starts_with("OpenTofu v1."), "{r}");
    let r = eval_with(r#"urldecode("a%20b")"#, "{}", r#"{"profile": "terraform"}"#);
    assert_eq!(r["diagnostics"][0]["summary"], "Call to unknown function", "{r}");
    let r = eval_with("1", "{}", r#"{"profile": "terraform-1.3"}"#);
    assert_eq!((r["ok"].as_bool(), r["diagnostics"][0]["source"].as_str()), (Some(false), Some("options")), "{r}");
    // A session parses again when only the profile changes.
    let mut s = Session::new();
    let t = session_eval(&mut s, r#"core::upper("x")"#, "{}", r#"{"profile": "terraform"}"#);
    let legacy = session_eval(&mut s, r#"core::upper("x")"#, "{}", r#"{"profile": "hcl-2.14"}"#);
    assert_eq!((t["ok"].as_bool(), legacy["ok"].as_bool()), (Some(true), Some(false)), "{t} {legacy}");
    let list: Json = serde_wasm_bindgen::from_value(profiles()).unwrap();
    let names: Vec<&str> = list.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["terraform", "opentofu", "hcl-2.14", "waypoint"]);
    let tofu: Json = serde_wasm_bindgen::from_value(functions(Some("opentofu".into()))).unwrap();
    assert!(tofu.as_array().unwrap().iter().any(|f| f["name"] == "urldecode"));
    let tf: Json = serde_wasm_bindgen::from_value(functions(Some("terraform".into()))).unwrap();
    assert!(!tf.as_array().unwrap().iter().any(|f| f["name"] == "urldecode"));
}

/// What is known of unknown values is listed beside `(known after apply)`.
#[wasm_bindgen_test]
fn refinements_are_described() {
    let vars = r#"{"id": {"__unknown__": "string"}, "n": {"__unknown__": "number", "lower": 1, "upper": 10}}"#;
    let r = eval_with(r#"{ami = "ami-${id}", count = n, tags = ["a", id]}"#, vars, r#"{"outputs": ["console", "refinements"]}"#);
    assert_eq!(
        r["refinements"],
        json!([
            {"path": ".ami", "facts": "not null, starts with \"ami-\""},
            {"path": ".count", "facts": ">= 1, <= 10"},
        ]),
        "{r}"
    );
    let r = eval_with("n", vars, r#"{"profile": "hcl-2.14", "outputs": ["refinements"]}"#);
    assert_eq!(r["refinements"], json!([]), "the 2022 libraries know no refinements: {r}");
}

/// After each edit, every named value shows as a fresh evaluation of the
/// text shows it (the adapter keeps the renderings of the values an edit
/// did not reach), under each engine.
#[wasm_bindgen_test]
fn module_edits_show_what_fresh_evaluations_show() {
    use hcl_playground::module::{Inputs, Module, ModuleOptions};
    use hcl_playground::wasm::evaluate_module;
    if !cfg!(feature = "module-mode") {
        return;
    }
    let base = "variable \"env\" {\n  default = \"dev\"\n}\nlocals {\n  a = \"x\"\n  b = upper(local.a)\n  n = 1\n  m = local.n + 1\n  tags = { env = var.env, a = local.a }\n}\nresource \"terraform_data\" \"r\" {\n  input = local.tags\n}\noutput \"o\" {\n  value = terraform_data.r.output\n}\n";
    let edits = [
        base.to_string(),
        base.replace("a = \"x\"", "a = \"xy\""),
        base.replace("a = \"x\"", "a = \"xy\"").replace("n = 1", "n = 1.5"),
        base.replace("n = 1", "n = 2"),
        base.replace("n = 1", "n = 2").replace("default = \"dev\"", "default = \"prod\""),
        base.replace("n = 1", "n = 2")
            .replace("default = \"dev\"", "default = \"prod\"")
            .replace("b = upper(local.a)", "b = sensitive(upper(local.a))"),
        base.to_string(),
    ];
    for profile in ["terraform", "opentofu"] {
        let options = js_sys::JSON::parse(&format!(r#"{{"profile": "{profile}"}}"#)).unwrap();
        for text in &edits {
            let r: Json = serde_wasm_bindgen::from_value(evaluate_module(text, "{}", options.clone())).unwrap();
            let opts = ModuleOptions { profile: hcl_playground::Profile::from_name(profile).unwrap(), ..ModuleOptions::default() };
            let fresh = Module::load(vec![("main.tf".into(), text.clone())], &opts).evaluate(&Inputs::default());
            let shown: Vec<(String, String, String)> = r["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| (v["address"].as_str().unwrap().into(), v["console"].as_str().unwrap().into(), v["type"].as_str().unwrap().into()))
                .collect();
            let expected: Vec<(String, String, String)> = fresh
                .values
                .iter()
                .map(|v| (v.address.clone(), hcl_playground::present::console(&v.value, opts.profile), v.value.ty().to_string()))
                .collect();
            assert_eq!(shown, expected, "{profile}, after an edit to:\n{text}");
        }
    }
}

/// A type longer than `maxTypeLength` is cut (whole characters) and a
/// console text of more than `maxConsoleLines` lines too, each marked;
/// `moduleValue` gives both whole, from the last result of the profile.
#[wasm_bindgen_test]
fn module_texts_are_cut_where_asked_and_given_whole() {
    use hcl_playground::wasm::{evaluate_module, module_value};
    if !cfg!(feature = "module-mode") {
        return;
    }
    let source = "locals {\n  short = 1\n  long = { \"a b\" = \"x\", ü = true, list = [1, 2] }\n}\n";
    let whole_type = "object({\"a b\": string, list: tuple([number, number]), ü: bool})";
    let whole_console = "{\n  \"a b\" = \"x\"\n  \"list\" = [\n    1,\n    2,\n  ]\n  \"ü\" = true\n}";
    let evaluate = |options: &str| -> Json {
        let options = js_sys::JSON::parse(options).unwrap();
        serde_wasm_bindgen::from_value(evaluate_module(source, "{}", options)).unwrap()
    };
    let by = |r: &Json, a: &str| r["values"].as_array().unwrap().iter().find(|v| v["address"] == a).unwrap().clone();
    let r = evaluate(r#"{"maxTypeLength": 16, "maxConsoleLines": 3}"#);
    let long = by(&r, "local.long");
    assert_eq!((&long["type"], &long["typeCut"]), (&json!("object({\"a b\": s"), &json!(true)), "{r}");
    assert_eq!((&long["console"], &long["consoleCut"]), (&json!("{\n  \"a b\" = \"x\"\n  \"list\" = ["), &json!(true)), "{r}");
    let short = by(&r, "local.short");
    assert_eq!((&short["type"], &short["console"]), (&json!("number"), &json!("1")));
    assert!(short.get("typeCut").is_none() && short.get("consoleCut").is_none() && short.get("revision").is_none(), "{r}");
    // A cut value has a revision: the same while the value is, another for
    // another value whose cut texts are the same.
    let revision = long["revision"].as_f64().expect("a revision");
    let again = evaluate(r#"{"maxTypeLength": 16, "maxConsoleLines": 3}"#);
    assert_eq!(by(&again, "local.long")["revision"].as_f64(), Some(revision));
    let changed: Json = serde_wasm_bindgen::from_value(evaluate_module(
        &source.replace("ü = true", "ü = false"),
        "{}",
        js_sys::JSON::parse(r#"{"maxTypeLength": 16, "maxConsoleLines": 3}"#).unwrap(),
    ))
    .unwrap();
    let changed = by(&changed, "local.long");
    assert_eq!((&changed["console"], &changed["type"]), (&long["console"], &long["type"]));
    assert_ne!(changed["revision"].as_f64(), Some(revision));
    evaluate(r#"{"maxTypeLength": 16, "maxConsoleLines": 3}"#);
    let whole = json!({"console": whole_console, "type": whole_type});
    let asked = |address: &str, profile: Option<&str>| -> Json {
        serde_wasm_bindgen::from_value(module_value(address, profile.map(str::to_string))).unwrap_or(Json::Null)
    };
    assert_eq!(asked("local.long", None), whole);
    assert_eq!(asked("local.long", Some("terraform")), whole);
    assert_eq!(asked("local.missing", None), Json::Null);
    assert_eq!(asked("local.long", Some("no-such-engine")), Json::Null);
    // Cut inside "ü" (two bytes at 54..56): the character is left out; as
    // many lines as it has: not cut.
    let long = by(&evaluate(r#"{"maxTypeLength": 55, "maxConsoleLines": 8}"#), "local.long");
    assert_eq!(long["type"], &whole_type[..54]);
    assert_eq!((&long["console"], long.get("consoleCut")), (&json!(whole_console), None));
    // The same value asked without limits: its texts whole, not the cut ones kept.
    let long = by(&evaluate("{}"), "local.long");
    assert_eq!((&long["type"], &long["console"]), (&json!(whole_type), &json!(whole_console)));
    assert!(long.get("typeCut").is_none() && long.get("consoleCut").is_none());
}

/// A module's text evaluated as `terraform console -plan` sees it: every
/// named value with where it is declared, errors with UTF-16 ranges, and a
/// console line in the module's context.
#[wasm_bindgen_test]
fn modules_evaluate_every_named_value() {
    use hcl_playground::wasm::evaluate_module;
    if !cfg!(feature = "module-mode") {
        let r: Json = serde_wasm_bindgen::from_value(evaluate_module("locals {\n  x = 1\n}\n", "{}", JsValue::UNDEFINED)).unwrap();
        return assert_left_out(&r);
    }
    let source = "variable \"names\" {\n  type    = list(string)\n  default = [\"a\", \"b\"]\n}\nlocals {\n  upper = [for n in var.names : upper(n)]\n}\nresource \"terraform_data\" \"x\" {\n  for_each = toset(var.names)\n  input    = each.key\n}\n";
    let opts = js_sys::JSON::parse(r#"{"console": "terraform_data.x[\"a\"].input"}"#).unwrap();
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module(source, "{}", opts)).unwrap();
    assert_eq!(r["ok"], true, "{r}");
    let addresses: Vec<&str> = r["values"].as_array().unwrap().iter().map(|v| v["address"].as_str().unwrap()).collect();
    assert_eq!(addresses, ["var.names", "local.upper", "terraform_data.x"]);
    assert_eq!(r["values"][0]["type"], "list(string)");
    assert_eq!(r["values"][1]["console"], "[\n  \"A\",\n  \"B\",\n]");
    assert_eq!(r["values"][1]["line"], 6);
    // Places are UTF-16 offsets, past text that is not ASCII too.
    let wide = "locals {\n  e = \"😀 é\"\n  x = 1\n}\n";
    let w: Json = serde_wasm_bindgen::from_value(evaluate_module(wide, "{}", JsValue::UNDEFINED)).unwrap();
    let at = wide.find("x = 1").unwrap();
    let units = |b: usize| wide[..b].encode_utf16().count() as u64;
    assert_eq!(
        (w["values"][1]["range"]["start"].as_u64(), w["values"][1]["range"]["end"].as_u64()),
        (Some(units(at)), Some(units(at + 5))),
        "{w}"
    );
    assert_eq!(w["values"][1]["line"], 3);
    assert_eq!(r["console"]["console"], "\"a\"");
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module("locals {\n  x = var.nope\n}\n", "{}", JsValue::UNDEFINED)).unwrap();
    assert_eq!(r["ok"], false);
    assert_eq!(r["diagnostics"][0]["summary"], "Reference to undeclared input variable");
    let raw = evaluate_module("locals {\n  x = var.nope\n}\n", "{}", JsValue::UNDEFINED);
    let first = js_sys::Reflect::get(&js_sys::Reflect::get(&raw, &"diagnostics".into()).unwrap(), &0.into()).unwrap();
    assert!(js_sys::Reflect::get(&first, &"summary".into()).unwrap().is_string(), "diagnostics are plain objects, not Maps");
    assert_eq!((r["diagnostics"][0]["line"].as_u64(), r["diagnostics"][0]["column"].as_u64()), (Some(2), Some(7)));
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module(
        "variable \"n\" {\n  type = number\n}\n",
        "n = \"x\"",
        js_sys::JSON::parse(r#"{"variablesFormat": "tfvars"}"#).unwrap(),
    ))
    .unwrap();
    assert_eq!(r["diagnostics"][0]["summary"], "Invalid value for input variable", "{r}");
    assert_eq!(r["diagnostics"][0]["source"], "variables", "{r}");
    // A configuration error the consoles stop at: its diagnostics, no values, no answer.
    let opts = js_sys::JSON::parse(r#"{"console": "1 + 1"}"#).unwrap();
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module("locals {\n  a = 1\n}\nlocals {\n  a = 2\n}\n", "{}", opts)).unwrap();
    assert_eq!((r["stopped"].as_bool(), r["values"].as_array().map(Vec::len)), (Some(true), Some(0)), "{r}");
    assert_eq!(r["diagnostics"][0]["summary"], "Duplicate local value definition", "{r}");
    assert!(r.get("console").is_none(), "{r}");
    // The console scoped to a child module instance, as `terraform console -scope`.
    let opts = js_sys::JSON::parse(r#"{"console": "local.first", "scope": "module.net", "files": {"net/main.tf": "variable \"cidr\" {}\nlocals {\n  first = cidrsubnet(var.cidr, 8, 1)\n}\n"}}"#).unwrap();
    let source = "module \"net\" {\n  source = \"./net\"\n  cidr   = \"10.0.0.0/16\"\n}\n";
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module(source, "{}", opts)).unwrap();
    assert_eq!(r["console"]["console"], "\"10.0.1.0/24\"", "{r}");
    let opts = js_sys::JSON::parse(r#"{"console": "1", "scope": "local.x"}"#).unwrap();
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module(source, "{}", opts)).unwrap();
    assert_eq!((r["stopped"].as_bool(), r["diagnostics"][0]["source"].as_str()), (Some(true), Some("scope")), "{r}");
}

/// A provider's resources are planned with its schema, whose files the
/// evaluation asks for (`needsProviderFiles`) until it has them: only the
/// index, the provider's listing and the types the module names.
#[wasm_bindgen_test]
fn modules_ask_for_the_provider_data_they_need() {
    use hcl_playground::wasm::{add_provider_files, evaluate_module};
    if !cfg!(feature = "module-mode") {
        return;
    }
    let data: std::collections::BTreeMap<&str, &str> = [
        ("index.json", include_str!("../www/providers/index.json")),
        ("hashicorp/random/provider.json", include_str!("../www/providers/hashicorp/random/provider.json")),
        ("hashicorp/random/resource/random_pet.json", include_str!("../www/providers/hashicorp/random/resource/random_pet.json")),
    ]
    .into_iter()
    .collect();
    let source = "resource \"random_pet\" \"p\" {\n  prefix = \"web\"\n}\n";
    let mut asked = Vec::new();
    let r = loop {
        let r: Json = serde_wasm_bindgen::from_value(evaluate_module(source, "{}", JsValue::UNDEFINED)).unwrap();
        let Some(needs) = r["needsProviderFiles"].as_array().filter(|n| !n.is_empty()).cloned() else { break r };
        assert!(asked.len() < 5, "asked again and again: {asked:?}");
        let files: serde_json::Map<String, Json> = needs
            .iter()
            .map(|p| {
                let p = p.as_str().unwrap().to_string();
                asked.push(p.clone());
                let text = data.get(p.as_str()).map_or(Json::Null, |t| json!(t));
                (p, text)
            })
            .collect();
        add_provider_files(js_sys::JSON::parse(&Json::Object(files).to_string()).unwrap());
    };
    // The index may have come already (the examples' test gives it too).
    asked.retain(|p| p != "index.json");
    assert_eq!(asked, ["hashicorp/random/provider.json", "hashicorp/random/resource/random_pet.json"]);
    assert_eq!(
        r["values"][0]["console"],
        "{\n  \"id\" = (known after apply)\n  \"keepers\" = tomap(null) /* of string */\n  \"length\" = 2\n  \"prefix\" = \"web\"\n  \"separator\" = \"-\"\n}"
    );
}

/// As the console, Module mode ends the diagnostics of a module whose
/// planning found errors with the closing warning (no range); warnings
/// alone do not bring it.
#[wasm_bindgen_test]
fn module_errors_end_with_the_consoles_closing_warning() {
    use hcl_playground::wasm::evaluate_module;
    let module = |src: &str, vars: &str, options: &str| -> Json {
        serde_wasm_bindgen::from_value(evaluate_module(src, vars, js_sys::JSON::parse(options).unwrap())).unwrap()
    };
    let r = module("locals {\n  x = var.nope\n}\n", "{}", "{}");
    if !cfg!(feature = "module-mode") {
        return assert_left_out(&r);
    }
    assert_eq!(r["ok"], false, "{r}");
    let diagnostics = r["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 2, "{r}");
    assert_eq!(diagnostics[0]["summary"], "Reference to undeclared input variable");
    assert_eq!(
        diagnostics[1],
        json!({"summary": UNEXPECTED_RESULTS, "detail": "", "range": {"start": 0, "end": 0}, "line": 1, "column": 1, "source": "none", "warning": true, "kind": "closingWarning"})
    );
    let text = r["diagnosticsText"].as_str().unwrap();
    assert!(text.starts_with("Error: Reference to undeclared input variable\n"), "{text}");
    assert!(text.ends_with(&format!(" block.\n\nWarning: {UNEXPECTED_RESULTS}\n")), "{text}");
    // A warning alone: a value for an undeclared variable.
    let r = module("locals {\n  x = 1\n}\n", "y = 2\n", r#"{"variablesFormat": "tfvars"}"#);
    assert_eq!(r["ok"], true, "{r}");
    let summaries: Vec<&str> = r["diagnostics"].as_array().unwrap().iter().map(|d| d["summary"].as_str().unwrap()).collect();
    assert_eq!(summaries, ["Value for undeclared variable"], "{r}");
}

fn fmt(src: &str, options: &str) -> Json {
    let opts = if options.is_empty() { JsValue::UNDEFINED } else { js_sys::JSON::parse(options).unwrap() };
    serde_wasm_bindgen::from_value(format(src, opts)).expect("result is JSON-shaped")
}

/// The smaller build's answer for an entry point it leaves out (Module
/// mode, the formatter): ask the full build, in the words the page's
/// worker looks for.
fn assert_left_out(r: &Json) {
    assert_eq!((r["ok"].as_bool(), r["needsFullBuild"].as_bool()), (Some(false), Some(true)), "{r}");
    let detail = r["diagnostics"][0]["detail"].as_str().unwrap_or("");
    assert!(detail.contains("this build of the evaluator leaves the function out"), "{r}");
}

#[wasm_bindgen_test]
fn format_as_terraform_fmt() {
    if !cfg!(feature = "formatter") {
        return assert_left_out(&fmt("a=1", ""));
    }
    let r = fmt("resource aws_instance web {\nami=\"${var.ami}\"\ntags={Name=\"web\"}\n}", "");
    assert_eq!(
        r,
        json!({"ok": true, "text": "resource \"aws_instance\" \"web\" {\n  ami  = var.ami\n  tags = { Name = \"web\" }\n}\n", "diagnostics": [], "diagnosticsText": ""})
    );
    let r = fmt("{\na=1\nbb=[for x in y: x*-2]\n}", r#"{"expression": true}"#);
    assert_eq!(r["text"], "{\n  a  = 1\n  bb = [for x in y : x * -2]\n}");
    // Not parsed, not changed: HCL's errors, ranges in UTF-16 code units.
    let r = fmt("a = \"\u{1F600}\" + ]\n", "");
    assert_eq!((r["ok"].as_bool(), r.get("text")), (Some(false), None));
    let d = &r["diagnostics"][0];
    assert_eq!((d["summary"].as_str(), d["source"].as_str()), (Some("Invalid expression"), Some("expression")));
    assert_eq!((d["range"]["start"].as_u64(), d["line"].as_u64(), d["column"].as_u64()), (Some(11), Some(1), Some(12)));
    assert!(r["diagnosticsText"].as_str().unwrap().starts_with("Error: Invalid expression\n\n  on main.tf line 1:\n"), "{r}");
    let r = fmt("1 +", r#"{"expression": true}"#);
    assert!(r["diagnosticsText"].as_str().unwrap().contains("on <input> line 1:"), "{r}");
    let r = fmt("a = 1", r#"{"expresion": true}"#);
    assert_eq!((r["ok"].as_bool(), r["diagnostics"][0]["summary"].as_str()), (Some(false), Some("Invalid options")));
    assert_eq!(r["diagnostics"][0]["source"], "options");
}

fn inspect_at(src: &str, vars: &str, options: &str, start: usize, end: usize, module: bool) -> Json {
    let opts = js_sys::JSON::parse(options).unwrap();
    let r = if module { inspect_module_js(src, vars, opts, start, end) } else { inspect(src, vars, opts, start, end) };
    serde_wasm_bindgen::from_value(r).expect("result is JSON-shaped")
}

#[wasm_bindgen_test]
fn inspect_sub_expressions_in_utf16() {
    // "😀" is two UTF-16 code units: `n * 2` starts at 20, not 22 (bytes).
    let src = "[for n in [1, 2] : \"😀\" == \"x\" ? n : n * 2]";
    let at = src.encode_utf16().count() - "n * 2]".len();
    let r = inspect_at(src, "{}", "{}", at + 2, at + 2, false);
    assert_eq!(r["found"], true);
    assert_eq!(r["text"], "n * 2");
    assert_eq!(r["range"], json!({"start": at, "end": at + 5}));
    assert_eq!(r["count"], 2);
    assert_eq!(r["hits"][1]["console"], "4");
    assert_eq!(r["hits"][1]["type"], "number");
    assert_eq!(r["hits"][1]["bindings"], json!([{"name": "n", "console": "2"}]));
    assert_eq!(r["hits"][1]["taken"], true);
    // The whole conditional says which arm ran.
    let cond = "[for n in [1, 2] : ".len();
    let r = inspect_at(src, "{}", "{}", cond, at + 5, false);
    assert_eq!(r["hits"][0]["arm"], false, "{r}");
    // Outside the expression, bad options, bad variables, bad syntax.
    assert_eq!(inspect_at("1 + 1", "{}", "{}", 40, 40, false)["found"], false);
    assert_eq!(inspect_at("1", "{}", r#"{"bogus": 1}"#, 0, 0, false)["diagnostics"][0]["source"], "options");
    assert_eq!(inspect_at("1", "{", "{}", 0, 0, false)["diagnostics"][0]["source"], "variables");
    assert_eq!(inspect_at("1 +", "{}", "{}", 0, 0, false)["diagnostics"][0]["source"], "expression");
    // An error inside: the hit says so with a UTF-16 range.
    let r = inspect_at("\"😀\" + nope", "{}", "{}", 8, 8, false);
    assert_eq!(r["hits"][0]["ok"], false);
    assert_eq!(r["hits"][0]["errors"][0]["summary"], "Unknown variable");
    assert_eq!(r["hits"][0]["errors"][0]["range"], json!({"start": 7, "end": 11}));
}

#[wasm_bindgen_test]
fn inspect_module_expressions_per_instance() {
    let src = "resource \"null_resource\" \"r\" {\n  count    = var.n\n  triggers = { i = \"n${count.index}\" }\n}\nvariable \"n\" {}\n";
    let at = src.find("\"n$").unwrap();
    if !cfg!(feature = "module-mode") {
        let r = inspect_at(src, r#"{"n": 2}"#, "{}", at, at, true);
        assert_eq!(r["needsFullBuild"], true, "{r}");
        let detail = r["diagnostics"][0]["detail"].as_str().unwrap_or("");
        return assert!(detail.contains("this build of the evaluator leaves the function out"), "{r}");
    }
    let r = inspect_at(src, r#"{"n": 2}"#, "{}", at, at, true);
    assert_eq!(r["text"], "\"n${count.index}\"");
    assert_eq!(r["hits"][1]["console"], "\"n1\"");
    assert_eq!(r["hits"][1]["bindings"], json!([{"name": "count.index", "console": "1"}]));
    let r = inspect_at(src, "n = 3", r#"{"variablesFormat": "tfvars", "profile": "opentofu"}"#, at, at, true);
    assert_eq!(r["count"], 3);
    assert_eq!(inspect_at(src, "{}", r#"{"variablesFormat": "yaml"}"#, at, at, true)["diagnostics"][0]["source"], "options");
    // A range in another file of the workspace: its positions are that
    // file's, and the values those of the evaluation with every file.
    let other = "# 😀\nlocals {\n  tags = { for i in range(var.n) : \"t${i}\" => upper(\"x${i}\") }\n}\n";
    let options = json!({"files": {"locals.tf": other}, "file": "locals.tf"}).to_string();
    let at = other.encode_utf16().count() - "\"x${i}\") }\n}\n".len();
    let r = inspect_at(src, r#"{"n": 2}"#, &options, at, at, true);
    assert_eq!(r["text"], "\"x${i}\"", "{r}");
    assert_eq!(r["range"], json!({"start": at, "end": at + 7}));
    assert_eq!(r["hits"][1]["console"], "\"x1\"");
    let missing = json!({"file": "nope.tf"}).to_string();
    assert_eq!(inspect_at(src, "{}", &missing, 0, 0, true)["diagnostics"][0]["source"], "options");
}

#[wasm_bindgen_test]
fn the_json_view_marks_sensitive_values_without_their_content() {
    let r = eval(r#"{a = s, b = 1}"#, r#"{"s": {"__sensitive__": "hunter2"}}"#);
    let text = r["json"].as_str().unwrap();
    assert!(!text.contains("hunter2"), "{text}");
    assert_eq!(text, "{\n  \"a\": {\"__sensitive__\": \"(sensitive value)\"},\n  \"b\": 1\n}");
}

/// `runTests`: the page's example with a test file, run as the recorded
/// `terraform test` ran it; each run's status, and its failed assertion
/// placed in the test file (UTF-16).
#[cfg(feature = "module-mode")]
#[wasm_bindgen_test]
fn run_tests_answers_the_example_as_terraform_test_did() {
    use hcl_playground::wasm::run_tests_js;
    let examples: Vec<Json> = serde_json::from_str(include_str!("../www/examples.json")).unwrap();
    let ex = examples.iter().find(|e| e["testsSummary"].is_string()).unwrap();
    let options = js_sys::JSON::parse(&json!({"files": ex["files"]}).to_string()).unwrap();
    let r: Json = serde_wasm_bindgen::from_value(run_tests_js(ex["expr"].as_str().unwrap(), options, JsValue::UNDEFINED)).unwrap();
    assert_eq!(r["stdout"].as_str().unwrap().trim_end().lines().last(), ex["testsSummary"].as_str());
    let runs: Vec<(&str, &str)> =
        r["files"][0]["runs"].as_array().unwrap().iter().map(|r| (r["name"].as_str().unwrap(), r["status"].as_str().unwrap())).collect();
    assert_eq!(runs, [("greets", "pass"), ("greets_by_name", "fail"), ("keeps_its_id", "pass")]);
    let d = &r["files"][0]["runs"][1]["diagnostics"][0];
    let text = ex["files"]["tests/greeting.tftest.hcl"].as_str().unwrap();
    let (start, end) = (d["start"].as_u64().unwrap() as usize, d["end"].as_u64().unwrap() as usize);
    assert_eq!(&text[start..end], "output.greeting == \"hello ada\"");
    assert_eq!(d["detail"], "greeting is hello Ada");
}

/// The waypoint profile through the API: Waypoint's function table and
/// stage values in an expression, and a project (waypoint.hcl's
/// variables, the variables pane as a -var-file) in Module mode.
#[wasm_bindgen_test]
fn waypoint_profile() {
    let r = eval_with(
        r#"selectormatch(labels, "env == prod") ? "${app.name}@${workspace.name}" : "no""#,
        r#"{"labels": {"env": "prod"}, "app": {"name": "web"}}"#,
        r#"{"profile": "waypoint"}"#,
    );
    // The selector functions match regular expressions: the full build's.
    match cfg!(feature = "heavy-functions") {
        true => assert_eq!(r["console"], "\"web@default\"", "{r}"),
        false => assert_eq!(r["needsFullBuild"], true, "{r}"),
    }
    let r = eval_with("length([1])", "{}", r#"{"profile": "waypoint"}"#);
    assert_eq!(r["diagnostics"][0]["detail"], "There is no function named \"length\".", "{r}");
    let names: Vec<String> = serde_wasm_bindgen::from_value::<Json>(functions(Some("waypoint".into())))
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names.len(), 78, "{names:?}");
    assert!(names.iter().any(|n| n == "gitrefpretty") && !names.iter().any(|n| n == "length"));

    use hcl_playground::wasm::evaluate_module;
    let src = "project = \"p\"\n\nvariable \"port\" {\n  type    = number\n  default = 80\n}\n";
    let options = js_sys::JSON::parse(r#"{"profile": "waypoint", "variablesFormat": "tfvars", "console": "var.port + 1"}"#).unwrap();
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module(src, "port = 8080\n", options)).unwrap();
    if !cfg!(feature = "module-mode") {
        return assert_left_out(&r);
    }
    assert_eq!(r["values"][0]["address"], "var.port", "{r}");
    assert_eq!(r["values"][0]["console"], "8080", "{r}");
    assert_eq!(r["console"]["console"], "8081", "{r}");
    let options = js_sys::JSON::parse(r#"{"profile": "waypoint", "variablesFormat": "tfvars"}"#).unwrap();
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module(src, "nope = 1\n", options)).unwrap();
    assert_eq!(r["diagnostics"][0]["summary"], "Undefined variable", "{r}");
}

/// Files that are not text come as Base64 (`binaryFiles`) beside the text
/// files, and the file functions that read bytes read them; a JSON
/// configuration file (`.tf.json`) is read beside main.tf.
#[wasm_bindgen_test]
fn modules_read_binary_files_and_json_configuration() {
    use hcl_playground::wasm::evaluate_module;
    if !cfg!(feature = "module-mode") {
        return;
    }
    let source = "locals {\n  b64  = filebase64(\"files/raw.bin\")\n  md5  = filemd5(\"files/raw.bin\")\n  seen = fileset(path.module, \"files/*\")\n}\n";
    let options =
        r#"{"binaryFiles": {"files/raw.bin": "//79AIA="}, "files": {"extra.tf.json": "{\"locals\": {\"from_json\": \"${local.b64}\"}}"}}"#;
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module(source, "{}", js_sys::JSON::parse(options).unwrap())).unwrap();
    let by = |a: &str| r["values"].as_array().unwrap().iter().find(|v| v["address"] == a).map(|v| v["console"].clone());
    assert_eq!(by("local.b64"), Some(json!("\"//79AIA=\"")), "{r}");
    assert_eq!(by("local.md5"), Some(json!("\"839afecb296e5ada01a73aacd879032d\"")), "{r}");
    assert_eq!(by("local.seen"), Some(json!("toset([\n  \"files/raw.bin\",\n])")), "{r}");
    assert_eq!(by("local.from_json"), Some(json!("\"//79AIA=\"")), "{r}");
    let bad = r#"{"binaryFiles": {"files/raw.bin": "not base64!"}}"#;
    let r: Json = serde_wasm_bindgen::from_value(evaluate_module(source, "{}", js_sys::JSON::parse(bad).unwrap())).unwrap();
    assert_eq!(r["ok"], false, "{r}");
    assert!(r["diagnostics"][0]["detail"].as_str().unwrap_or("").contains("is not Base64"), "{r}");
}
