//! The `hcl-eval` command line: formats, variables, errors with a caret,
//! exit status, and the JSON Lines mode.

use std::io::Write;
use std::process::{Command, Stdio};

fn hcl_eval(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hcl-eval"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hcl-eval runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    let out = child.wait_with_output().expect("hcl-eval finishes");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn formats() {
    assert_eq!(hcl_eval(&["[1, \"a\"]"], ""), (0, "[\n  1,\n  \"a\",\n]\n".into(), String::new()));
    assert_eq!(hcl_eval(&["[1, \"a\"]", "--format", "json"], "").1, "[1,\"a\"]\n");
    assert_eq!(hcl_eval(&["[1, \"a\"]", "--format", "type"], "").1, "tuple([number, string])\n");
    assert_eq!(hcl_eval(&["Hi ${x}", "--template", "--vars", "-"], r#"{"x": "there"}"#).1, "\"Hi there\"\n");
}

#[test]
fn errors_show_the_line_and_a_caret() {
    let (code, out, err) = hcl_eval(&["1 + uppr(\"x\")"], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("Error: Call to unknown function\n"), "{err}");
    assert!(err.contains("   1 | 1 + uppr(\"x\")\n           ^^^^\n"), "{err}");
    assert!(err.contains("Did you mean \"upper\"?"), "{err}");
}

#[test]
fn carets_count_characters_not_bytes() {
    let (_, _, err) = hcl_eval(&["\"日本\" + ñ"], "");
    assert!(err.contains("   1 | \"日本\" + ñ\n                ^\n"), "{err}");
}

#[test]
fn bad_variables_json_is_a_diagnostic() {
    let (code, _, err) = hcl_eval(&["x", "--vars", "-"], "{\"x\": [1,}");
    assert_eq!(code, 1);
    assert!(err.starts_with("Error: Invalid variables JSON"), "{err}");
}

#[test]
fn jsonl_mode_speaks_the_conformance_schema() {
    let input = concat!(
        r#"{"id": "a", "expr": "x + 1", "vars": {"x": 1}}"#,
        "\n",
        r#"{"id": "b", "expr": "nope"}"#,
        "\n",
        r#"{"id": "c", "expr": "u", "vars": {"u": {"__unknown__": "list(string)"}}}"#,
        "\n",
        "not json\n"
    );
    let (code, out, _) = hcl_eval(&["--jsonl"], input);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], r#"{"id":"a","ok":true,"value":2,"type":"number","known":true,"console":"2"}"#);
    assert_eq!(lines[1], r#"{"id":"b","ok":false,"errors":["Unknown variable: There is no variable named \"nope\"."]}"#);
    assert_eq!(
        lines[2],
        r#"{"id":"c","ok":true,"value":{"__unknown__":"list(string)"},"type":"list(string)","known":false,"console":"(known after apply)"}"#
    );
    assert!(lines[3].starts_with(r#"{"id":"line-4","ok":false"#), "{}", lines[3]);
}

#[test]
fn a_long_flat_chain_is_not_nesting() {
    let sum = format!("1{}", " + 1".repeat(999));
    assert_eq!(hcl_eval(&[&sum], ""), (0, "1000\n".into(), String::new()));
}
