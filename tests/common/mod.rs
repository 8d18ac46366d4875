//! The helpers every test file shares:
//! - [`run_case`] and [`mismatch`]: a case in the conformance schema, run
//!   and compared with a recorded result as `shared/conformance/compare.py`
//!   does (exact decimals, set order ignored), types included, and, where
//!   the reference failed, its errors (summary and detail, in order);
//! - [`table!`]: the one-line table helpers `ok`, `ok_json` and `err` over
//!   a file's variables;
//! - [`shared_dir`]: `../shared`, or a skip message where a clone lacks it;
//! - [`provider_data`]: the playground's provider data (`www/providers`).
#![allow(dead_code)]

use hcl_playground::value::Type;
use hcl_playground::{evaluate, evaluate_console, parse_variables, parse_variables_in, present, Options, Profile};
use serde_json::{json, Value as Json};
use std::path::{Path, PathBuf};

/// The name the oracle gives its source text, which its messages quote
/// (`try` lists each failed argument as `(at corpus.hcl:1,5-9)`).
pub const ORACLE_FILENAME: &str = "corpus.hcl";

/// Our result for one case, in the oracle's output schema, under the
/// legacy profile (the 2022 oracle's).
pub fn run_case(expr: &str, vars: &Json, template: bool) -> Json {
    run_case_in(Profile::Hcl214, expr, vars, template)
}

/// The profile a recorded case names (`"profile"`), the legacy one if none.
pub fn case_profile(case: &Json) -> Profile {
    case["profile"].as_str().map_or(Profile::Hcl214, |p| Profile::from_name(p).unwrap_or_else(|| panic!("unknown profile {p}")))
}

/// Our result for a `"config": true` case: the text parsed as a
/// configuration file, and its outline as the reference harness prints it.
pub fn run_config_case(profile: Profile, src: &str) -> Json {
    match hcl_playground::syntax::parse_config(src, ORACLE_FILENAME, &hcl_playground::Limits::default(), profile) {
        Ok(body) => json!({"ok": true, "body": body_outline(&body, src)}),
        Err(diags) => json!({"ok": false, "errors": diags.iter().map(|d| d.one_line()).collect::<Vec<_>>()}),
    }
}

fn body_outline(body: &hcl_playground::syntax::ast::Body, src: &str) -> Json {
    let attrs: serde_json::Map<String, Json> =
        body.attributes().map(|a| (a.name.clone(), src[a.expr.span.start..a.expr.span.end].into())).collect();
    let blocks: Vec<Json> = body
        .blocks()
        .map(|b| json!({"type": b.kind, "labels": b.labels.iter().map(|(l, _)| l.as_str()).collect::<Vec<_>>(), "body": body_outline(&b.body, src)}))
        .collect();
    json!({"attributes": attrs, "blocks": blocks})
}

/// Our result for one case under `profile`.
pub fn run_case_in(profile: Profile, expr: &str, vars: &Json, template: bool) -> Json {
    let vars = match parse_variables_in(&vars.to_string(), profile) {
        Ok(v) => v,
        Err(d) => return json!({"ok": false, "errors": [d.one_line()]}),
    };
    let options = Options { template, filename: ORACLE_FILENAME.into(), profile, ..Options::default() };
    // As the console evaluates: `type(x)` alone gives x's type as text.
    match evaluate_console(expr, &vars, &options) {
        Ok(e) => json!({
            "ok": true,
            "value": serde_json::from_str::<Json>(&present::to_json(&e.value)).expect("our JSON parses"),
            "type": e.ty.to_string(),
            "known": e.value.is_wholly_known(),
        }),
        Err(diags) => json!({"ok": false, "errors": diags.iter().map(|d| d.one_line()).collect::<Vec<_>>()}),
    }
}

/// `None` when `got` matches `expected`, else why not. Errors compare in
/// full and in order, except what only the reference's harness could
/// print: its own refusals of an input (`oracle_error`), and, when a Go function panicked, the oracle appends the goroutine's
/// stack trace (addresses and Go source lines) to the message, so the
/// expected message is compared up to where the trace begins.
pub fn mismatch(expected: &Json, got: &Json) -> Option<String> {
    let (eok, gok) = (expected["ok"].as_bool(), got["ok"].as_bool());
    if eok != gok {
        return Some(format!("ok differs: expected {expected}, got {got}"));
    }
    // The oracle's own refusals (of variables it cannot convert) are in
    // its harness's words, not HCL's; ours are the variables pane's.
    if eok != Some(true) && expected["oracle_error"] == true {
        return None;
    }
    if eok != Some(true) {
        let want: Vec<String> =
            expected["errors"].as_array().into_iter().flatten().map(|e| without_go_stack(e.as_str().unwrap_or(""))).collect();
        let have: Vec<&str> = got["errors"].as_array().into_iter().flatten().map(|e| e.as_str().unwrap_or("")).collect();
        if want != have {
            return Some(format!("errors differ:\n      expected {want:?}\n      got      {have:?}"));
        }
        return None;
    }
    if expected.get("body").is_some() {
        return (expected["body"] != got["body"]).then(|| format!("body differs: expected {}, got {}", expected["body"], got["body"]));
    }
    let ty = expected["type"].as_str().unwrap_or("dynamic");
    let parsed = hcl_playground::syntax::typeexpr::parse_type(ty, Profile::default()).unwrap_or(Type::Dynamic);
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

/// A recorded message without the Go stack trace the oracle appends to a
/// recovered panic ("...\ngoroutine 1 [running]:\n...\n.").
fn without_go_stack(message: &str) -> String {
    match message.find("\ngoroutine ") {
        Some(at) => message[..at].to_string(),
        None => message.to_string(),
    }
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

/// Options for the legacy profile, which the tables were checked against.
pub fn legacy() -> Options {
    Options { profile: Profile::Hcl214, ..Options::default() }
}

/// Reads a JSON Lines file.
pub fn read_jsonl(path: &Path) -> Vec<Json> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).expect("valid JSON line")).collect()
}

/// `../shared` beside the project, where the conformance cases and the
/// function catalogue live; `None` (with a note on the test's output) in a
/// clone without it, so the tests that need it skip instead of failing.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if dir.join("conformance/cases.jsonl").is_file() {
        Some(dir)
    } else {
        println!("skipped: {} is not here (it holds the shared conformance cases and function catalogue)", dir.display());
        None
    }
}

/// `src` over `vars` prints `console` in the console and has type `ty`.
#[track_caller]
pub fn ok_with(vars: &str, src: &str, console: &str, ty: &str) {
    ok_in(Profile::Hcl214, vars, src, console, ty)
}

/// [`ok_with`] in `profile`.
#[track_caller]
pub fn ok_in(profile: Profile, vars: &str, src: &str, console: &str, ty: &str) {
    let vars = parse_variables(vars).expect("the table's variables parse");
    match evaluate(src, &vars, &Options { profile, ..Options::default() }) {
        Ok(v) => {
            assert_eq!(present::console(&v, profile), console, "console rendering of {src}");
            assert_eq!(v.ty().to_string(), ty, "type of {src}");
        }
        Err(d) => panic!("{src}: unexpected error {}", d[0].one_line()),
    }
}

/// `src` over `vars` evaluates to `value` (JSON in the conformance schema,
/// as the oracle records it) of type `ty`.
#[track_caller]
pub fn ok_json_with(vars: &str, src: &str, value: &str, ty: &str) {
    let value: Json = serde_json::from_str(value).expect("valid expected JSON");
    let want = json!({"ok": true, "value": value, "type": ty, "known": !value.to_string().contains("__unknown__")});
    let vars: Json = serde_json::from_str(vars).expect("the table's variables are JSON");
    if let Some(why) = mismatch(&want, &run_case(src, &vars, false)) {
        panic!("{src}: {why}");
    }
}

/// `src` over `vars` fails, and its first error reads `want`: the whole
/// "Summary: detail", or the summary alone, or the detail alone. With
/// `prefix`, the error need only begin with `want` (a recovered Go panic,
/// whose recorded text goes on with a stack trace).
#[track_caller]
pub fn err_with(vars: &str, src: &str, want: &str, prefix: bool) {
    let vars = parse_variables(vars).expect("the table's variables parse");
    match evaluate(src, &vars, &Options { filename: ORACLE_FILENAME.into(), ..legacy() }) {
        Ok(v) => panic!("{src}: expected an error, got {}", present::console(&v, Profile::default())),
        Err(d) => {
            let first = &d[0];
            let whole = first.one_line();
            let matches = if prefix { whole.starts_with(want) } else { [whole.as_str(), &first.summary, &first.detail].contains(&want) };
            assert!(matches, "{src}: expected {want:?}, got {whole:?}");
        }
    }
}

/// One-line table helpers over a file's variables (JSON text):
/// `ok(src, console, type)`, `ok_json(src, value_json, type)`,
/// `err(src, message)` and `err_prefix(src, message)`; see
/// [`ok_with`], [`ok_json_with`] and [`err_with`].
#[macro_export]
macro_rules! table {
    ($vars:expr) => {
        #[allow(dead_code)]
        #[track_caller]
        fn ok(src: &str, console: &str, ty: &str) {
            common::ok_with($vars, src, console, ty)
        }
        #[allow(dead_code)]
        #[track_caller]
        fn ok_json(src: &str, value: &str, ty: &str) {
            common::ok_json_with($vars, src, value, ty)
        }
        #[allow(dead_code)]
        #[track_caller]
        fn err(src: &str, message: &str) {
            common::err_with($vars, src, message, false)
        }
        #[allow(dead_code)]
        #[track_caller]
        fn err_prefix(src: &str, message: &str) {
            common::err_with($vars, src, message, true)
        }
    };
}

/// The playground's provider data (`www/providers`), read once.
pub fn provider_data() -> std::sync::Arc<hcl_playground::module::ProviderData> {
    static DATA: std::sync::OnceLock<std::sync::Arc<hcl_playground::module::ProviderData>> = std::sync::OnceLock::new();
    DATA.get_or_init(|| {
        std::sync::Arc::new(hcl_playground::module::ProviderData::dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("www/providers")))
    })
    .clone()
}
