//! Rendered diagnostics, as snapshots (`tests/snapshots/`, reviewed with
//! `cargo insta review` or by hand): the renderer every front end uses (the
//! page and the widgets through the WebAssembly session, the command line
//! through `hcl-eval`), with wide characters, emoji, tabs, several errors,
//! a variables error, and parse errors in HCL's words.

use hcl_playground::{evaluate, parse_variables, present, Options, Variables};
use std::process::Command;

/// What the page shows for `src` over `vars`: every error rendered, as the
/// session's `diagnosticsText`.
fn page(src: &str, vars: &str) -> String {
    match parse_variables(vars) {
        Err(d) => d.render(vars, "<variables>"),
        Ok(vars) => match evaluate(src, &vars, &Options::default()) {
            Ok(v) => format!("(no error: {})", present::console(&v)),
            Err(diags) => present::render_diagnostics(&diags, src, "<input>"),
        },
    }
}

#[test]
fn page_renders_carets_under_wide_characters() {
    insta::assert_snapshot!("cjk", page("\"日本語\" == 失敗", "{}"));
    insta::assert_snapshot!("emoji", page("\"👍🏽 and 👨‍👩‍👧\" + nope", "{}"));
    insta::assert_snapshot!("tab", page("[\t\"x\",\tnope]", "{}"));
    insta::assert_snapshot!("second_line", page("{\n  a = 1\n  b = upper(\"é\", 2)\n}", "{}"));
}

#[test]
fn page_renders_every_error_in_order() {
    insta::assert_snapshot!("several", page("[nosuch, nofn(1), 1 + \"x\"]", "{}"));
    insta::assert_snapshot!("parse", page("upper('x')", "{}"));
    insta::assert_snapshot!("template", page("\"%{ if true }yes\"", "{}"));
}

#[test]
fn page_renders_variables_errors_in_the_json() {
    insta::assert_snapshot!("variables", page("x", "{\n  \"x\": [1,\n  2,]\n}"));
}

/// A value the variables JSON cannot convert is marked where it is, not as
/// the whole text: (variables, the text marked).
const VARIABLE_VALUE_ERRORS: &[(&str, &str)] = &[
    ("{\n  \"a\": 1,\n  \"b\": {\"__unknown__\": \"strin\"}\n}", "{\"__unknown__\": \"strin\"}"),
    ("{\"a\": {\"__unknown__\": \"list(string)\", \"prefix\": \"x\"}}", "{\"__unknown__\": \"list(string)\", \"prefix\": \"x\"}"),
    ("{\"a\": [1, {\"__unknown__\": 3}]}", "{\"__unknown__\": 3}"),
    ("[1, 2]", "[1, 2]"),
];

#[test]
fn variables_value_errors_point_at_the_value() {
    for (vars, want) in VARIABLE_VALUE_ERRORS {
        let d = parse_variables(vars).expect_err(vars);
        assert_eq!(&vars[d.subject.start..d.subject.end], *want, "{vars}: {}", d.detail);
    }
}

#[test]
fn command_line_renders_the_same() {
    let out = Command::new(env!("CARGO_BIN_EXE_hcl-eval")).arg("{ 名前 = 1 }.名 + 😀").output().expect("hcl-eval runs");
    insta::assert_snapshot!("cli", String::from_utf8_lossy(&out.stderr));
    let _ = Variables::new();
}
