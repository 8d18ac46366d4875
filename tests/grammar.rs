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

/// Every `.tf` file of the real registry modules and of the golden module
/// cases.
fn configuration_files() -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut out = Vec::new();
    let mut dirs = vec![root.join("third_party/registry_modules")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "tf") {
                out.push(std::fs::read_to_string(&p).unwrap());
            }
        }
    }
    for e in std::fs::read_dir(root.join("modules")).unwrap().flatten().filter(|e| e.path().extension().is_some_and(|x| x == "jsonl")) {
        for line in std::fs::read_to_string(e.path()).unwrap().lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            out.extend(case["module"].as_str().map(str::to_string));
            for (name, text) in case["files"].as_object().into_iter().flatten() {
                if name.ends_with(".tf") {
                    out.extend(text.as_str().map(str::to_string));
                }
            }
        }
    }
    out
}

/// After an edit inside one block, parsing that block alone gives what
/// parsing the whole file gives, for edits (a character typed, a quote, a
/// brace, a line break, a deletion) at places all through real files.
#[test]
fn reparsing_one_block_equals_parsing_the_file() {
    use hcl_playground::syntax::{parse_config, reparse_config};
    let (limits, profile) = (hcl_playground::Limits::default(), hcl_playground::Profile::default());
    let (mut compared, mut shortcuts) = (0, 0);
    for old in configuration_files() {
        let Ok(body) = parse_config(&old, "main.tf", &limits, profile) else { continue };
        let places: Vec<usize> = (0..old.len()).filter(|i| old.is_char_boundary(*i)).step_by(old.len() / 40 + 1).collect();
        for at in places {
            let next = old[at..].chars().next().map_or(0, char::len_utf8);
            let edits = [
                format!("{}x{}", &old[..at], &old[at..]),
                format!("{}\"{}", &old[..at], &old[at..]),
                format!("{}}}{}", &old[..at], &old[at..]),
                format!("{}\n{}", &old[..at], &old[at..]),
                format!("{}{}", &old[..at], &old[at + next..]),
            ];
            for new in edits {
                compared += 1;
                let Some(again) = reparse_config(&old, &body, &new, "main.tf", &limits, profile) else { continue };
                shortcuts += 1;
                let whole = parse_config(&new, "main.tf", &limits, profile);
                assert!(whole.is_ok(), "the file does not parse, but its block did:\n{new}");
                assert_eq!(format!("{again:?}"), format!("{:?}", whole.unwrap()), "{new}");
            }
        }
    }
    println!("{shortcuts} of {compared} edits parsed one block");
    assert!(compared > 10_000 && shortcuts * 5 > compared, "{shortcuts} of {compared}");
}
