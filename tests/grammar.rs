//! The treacherous tokens of the grammar: keywords as prefixes, heredoc
//! markers, strip markers, escapes, newlines in objects, comments.

use hcl_playground::{evaluate, parse, parse_variables, present, Options};

#[track_caller]
fn json(src: &str) -> String {
    let vars = parse_variables(r#"{"for_each": 1, "in_x": 2, "iffy": 3, "a": 10, "a-1": 7, "true_val": 4, "xs": [1, 2]}"#).unwrap();
    match evaluate(src, &vars, &Options::default()) {
        Ok(v) => present::to_json(&v),
        Err(d) => format!("error: {}", d[0].summary),
    }
}

#[test]
fn keywords_are_only_keywords_alone() {
    assert_eq!(json("for_each + in_x + iffy"), "6");
    assert_eq!(json("true_val"), "4");
    assert_eq!(json("[for x in xs : x if x > 1]"), "[2]");
    assert_eq!(json("[for, 1]"), "error: Invalid 'for' expression");
}

#[test]
fn dashes_in_identifiers() {
    assert_eq!(json("a-1"), "7");
    assert_eq!(json("a - 1"), "9");
    assert_eq!(json("a -1"), "9");
}

#[test]
fn heredoc_markers() {
    assert_eq!(json("<<EOT\nEOTX\nEOT\n"), "\"EOTX\\n\"");
    assert_eq!(json("<<EOT\n  EOT and more\nEOT\n"), "\"  EOT and more\\n\"");
    assert_eq!(json("<<EOT\nEOT\n"), "\"\"");
    assert_eq!(json("<<EOT\r\nx\r\nEOT\r\n"), "\"x\\r\\n\"");
    assert_eq!(json("<<EOT\nno end"), "error: Unterminated template string");
    assert_eq!(json("<<EOT\nx\nEOT"), "error: Unterminated template string");
    assert_eq!(json("[<<EOT\na\nEOT\n, 1]"), "[\"a\\n\",1]");
    assert_eq!(json("<<-EOT\n  \\n ${a}\n  EOT\n"), "\"\\\\n 10\\n\"");
}

#[test]
fn strip_markers_and_escapes() {
    assert_eq!(json("\"a ${~ a ~} b\""), "\"a10b\"");
    assert_eq!(json("\" %{~ if true ~} x %{~ endif ~} \""), "\"x\"");
    assert_eq!(json("\"$${a} %%{b} $ %\""), "\"${a} %{b} $ %\"");
    assert_eq!(json("\"\\u00e9\\\\\""), "\"é\\\\\"");
    assert_eq!(json("\"\\x\""), "error: Invalid escape sequence");
}

#[test]
fn newlines_separate_object_items_only() {
    assert_eq!(json("{\n  a = 1\n  b = 2\n}"), "{\"a\":1,\"b\":2}");
    assert_eq!(json("{a = 1, b = 2,}"), "{\"a\":1,\"b\":2}");
    assert_eq!(json("{a = 1 # comment\n b = 2}"), "{\"a\":1,\"b\":2}");
    assert_eq!(json("{a = 1 b = 2}"), "error: Missing attribute separator");
    assert_eq!(json("{a = 1\n + 2}"), "error: Invalid expression");
    assert_eq!(json("{a = (1\n + 2)}"), "{\"a\":3}");
    assert_eq!(json("[1,\n 2\n]"), "[1,2]");
    assert_eq!(json("1\n+\n2"), "3");
}

#[test]
fn comments() {
    assert_eq!(json("/* c */ 1 + // c\n 2 # c"), "3");
    assert_eq!(json("[1, /* two */ 2]"), "[1,2]");
}

#[test]
fn operators_bind_as_specified() {
    assert_eq!(json("1 + 2 * 3"), "7");
    assert_eq!(json("-1 + 2"), "1");
    assert_eq!(json("!true || true"), "true");
    assert_eq!(json("1 < 2 == true"), "true");
    assert_eq!(json("false || true && false"), "false");
    assert_eq!(json("10 - 2 - 3"), "5");
    assert_eq!(json("true ? 1 : false ? 2 : 3"), "1");
}

#[test]
fn parsing_is_linear_on_nested_structures() {
    // The anti-pattern grammar took 36 s at four levels of map(object({a = …})).
    let mut src = "1".to_string();
    for _ in 0..40 {
        src = format!("map(object({{a = {src}}}))");
    }
    assert!(parse(&src, &Options::default()).is_ok());
}

#[test]
fn a_block_may_end_the_file_without_a_newline() {
    use hcl_playground::{syntax::parse_config, Limits, Profile};
    let body = parse_config("a {\n  b = 1\n}", "main.tf", &Limits::default(), Profile::Terraform).expect("parses");
    assert_eq!(body.blocks().map(|b| b.kind.as_str()).collect::<Vec<_>>(), ["a"]);
}
