//! Rendered diagnostics, as snapshots (`tests/snapshots/`, reviewed with
//! `cargo insta review` or by hand): the renderer every front end uses (the
//! page and the widgets through the WebAssembly session, the command line
//! through `hcl-eval`), with wide characters, emoji, tabs, several errors,
//! a variables error, and parse errors in HCL's words.

use hcl_playground::Profile;
use hcl_playground::{evaluate, parse_variables, present, Options, Variables};
use std::process::Command;

/// What the page shows for `src` over `vars`: every error rendered, as the
/// session's `diagnosticsText`.
fn page(src: &str, vars: &str) -> String {
    match parse_variables(vars) {
        Err(d) => d.render(vars, "<variables>"),
        Ok(vars) => match evaluate(src, &vars, &Options::default()) {
            Ok(v) => format!("(no error: {})", present::console(&v, Profile::default())),
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

/// A long source line is cut to a window of at most 120 columns around the
/// start of the subject, "…" marking each cut; a line no wider is shown
/// whole. Rows: the line (`c{n}` is n copies of `c`; the subject is
/// between `⟦` and `⟧`), then the line and the carets the diagnostic shows.
const EXCERPTS: &[(&str, &str, &str)] = &[
    ("a{30}⟦nope⟧b{30}", "a{30}nopeb{30}", " {30}^^^^"),
    ("a{58}⟦nope⟧b{58}", "a{58}nopeb{58}", " {58}^^^^"),
    ("a{58}⟦nope⟧b{59}", "…a{56}nopeb{59}", " {57}^^^^"),
    ("a{58}⟦nope⟧b{80}", "…a{40}nopeb{74}…", " {41}^^^^"),
    ("a{9998}⟦nope⟧b{9998}", "…a{40}nopeb{74}…", " {41}^^^^"),
    ("⟦nope⟧b{19996}", "nopeb{115}…", "^^^^"),
    ("a{19996}⟦nope⟧", "…a{115}nope", " {116}^^^^"),
    ("a{19996}⟦⟧", "…a{119}", " {120}^"),
    ("a{10000}⟦c{10000}⟧", "…a{40}c{78}…", " {41}^{78}"),
    ("日{5000}⟦nope⟧日{5000}", "…日{20}nope日{37}…", " {41}^^^^"),
    ("日{5000}⟦失敗⟧a{5000}", "…日{20}失敗a{74}…", " {41}^^^^"),
    ("a{5000}😀{10}⟦nope⟧😀{5000}", "…a{20}😀{10}nope😀{37}…", " {41}^^^^"),
    ("a{5000}\t{3}⟦nope⟧\tb{5000}", "…a{37}\t{3}nope\tb{73}…", " {38}\t{3}^^^^"),
];

/// `c{n}` expanded to n copies of `c`.
fn expand(pattern: &str) -> String {
    let mut out = String::new();
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if chars.peek() == Some(&'{') {
            chars.next();
            let n: String = chars.by_ref().take_while(|d| *d != '}').collect();
            out.push_str(&c.to_string().repeat(n.parse().expect("a count")));
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn long_lines_are_cut_to_a_window_around_the_subject() {
    for (line, shown, carets) in EXCERPTS {
        let line = expand(line);
        let (start, end) = (line.find('⟦').unwrap(), line.find('⟧').unwrap() - '⟦'.len_utf8());
        let source = format!("x = 1\n{}\ny = 2", line.replace(['⟦', '⟧'], ""));
        let subject = hcl_playground::Span::new(6 + start, 6 + end);
        let got = hcl_playground::Diagnostic::error("Oops", "Why.", subject).render(&source, "main.tf");
        let want = format!("Error: Oops\n\n  on main.tf line 2:\n   2 | {}\n       {}\n\nWhy.\n", expand(shown), expand(carets));
        assert_eq!(got, want, "{}", &line[..line.len().min(40)]);
    }
}
