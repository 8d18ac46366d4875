//! The formatter against the real `terraform fmt -`: every case of
//! `tests/fmt/cases.jsonl` (recorded by `tools/reference/record_fmt.py`,
//! never written by hand) formats to exactly the text Terraform printed,
//! or is refused with the same errors (summary and detail, in order). An
//! expression case (`"expr"`, recorded as the file `x = EXPR`) must also
//! give that text through `format_expression`, `x = ` and the final
//! newline taken off.
//!
//! The one exception is [`DEVIATIONS`]: inputs where Terraform's output
//! loses part of the source (a block label with a `$` or `%` in it, the
//! key of `a[null]`, `a[true]`, `a[false]`), for which the formatter
//! keeps what Terraform drops; the recorded output must still differ from
//! ours there, so that a Terraform that fixes it is noticed.

mod common;

use common::read_jsonl;
use hcl_playground::{format, format_expression};
use std::path::Path;

/// Case, and what we give instead of Terraform's lossy output.
const DEVIATIONS: &[(&str, &str)] = &[
    ("fmt/block-label-dollar", "resource \"a$b\" \"c\" {}\n"),
    ("fmt/block-label-percent", "resource \"a%b\" \"c\" {}\n"),
    ("fmt/block-label-escaped-interp", "resource \"$${x}\" \"c\" {}\n"),
    ("fmt/trav-key-true", "x = a[true]\n"),
    ("fmt/trav-key-false", "x = a[false]\n"),
    ("fmt/trav-key-null-mid", "x = a.b[null].c\n"),
    ("fmt/trav-key-null-for-collection", "x = [for x in y[null] : x]\n"),
    ("fmt/trav-key-null-in-template", "x = \"${a[null]} b\"\n"),
    ("fmt/key-null-in-block", "b {\n  c = a[null]\n}\n"),
    ("conformance/index/object-null-key", "x = obj[null]\n"),
];

#[test]
fn formats_as_terraform_fmt() {
    let cases = read_jsonl(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmt/cases.jsonl"));
    let (mut passed, mut refused, mut expressions, mut deviations, mut failures) = (0, 0, 0, 0, Vec::new());
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("");
        let input = case["input"].as_str().expect("input");
        let expect = &case["expect"];
        let got = format(input);
        if let Some((_, ours)) = DEVIATIONS.iter().find(|(d, _)| *d == id) {
            let why = if expect["output"].as_str() == Some(ours) {
                Some("listed as a deviation, but Terraform now gives the same text".to_string())
            } else {
                match &got {
                    Ok(out) if out == ours => None,
                    other => Some(format!("deviation: expected {ours:?}\n    got {other:?}")),
                }
            };
            match why {
                None => deviations += 1,
                Some(why) => failures.push(format!("{id}: {input:?}\n    {why}")),
            }
            continue;
        }
        let why = match (&got, expect["ok"].as_bool()) {
            (Ok(out), Some(true)) if out == expect["output"].as_str().unwrap_or("") => None,
            (Ok(out), Some(true)) => Some(format!("expected {:?}\n    got      {out:?}", expect["output"].as_str().unwrap_or(""))),
            (Err(diags), Some(false)) => {
                let ours: Vec<String> = diags.iter().map(|d| d.one_line()).collect();
                let theirs: Vec<&str> = expect["errors"].as_array().expect("errors").iter().filter_map(|e| e.as_str()).collect();
                (ours != theirs).then(|| format!("expected errors {theirs:?}\n    got             {ours:?}"))
            }
            (Ok(out), _) => Some(format!("expected errors {}\n    got {out:?}", expect["errors"])),
            (Err(diags), _) => {
                Some(format!("expected {}\n    got errors {:?}", expect["output"], diags.iter().map(|d| d.one_line()).collect::<Vec<_>>()))
            }
        };
        let why = why.or_else(|| {
            let (Some(expr), Some(out)) = (case["expr"].as_str(), expect["output"].as_str()) else { return None };
            let want = out.strip_prefix("x = ").and_then(|o| o.strip_suffix('\n')).unwrap_or(out);
            match format_expression(expr) {
                Ok(got) if got == want => {
                    expressions += 1;
                    None
                }
                Ok(got) => Some(format!("as an expression: expected {want:?}\n    got {got:?}")),
                // Valid only with the newline `x = EXPR` adds (`<<EOT` …
                // `EOT` at the very end, a carriage return at the end):
                // the parser's golden cases check that refusal.
                Err(_) => None,
            }
        });
        match why {
            None => {
                passed += 1;
                refused += usize::from(expect["ok"] == false);
            }
            Some(why) => failures.push(format!("{id}: {input:?}\n    {why}")),
        }
    }
    println!(
        "fmt: {passed} of {} cases as terraform fmt ({refused} refused with the same errors, {expressions} expressions formatted alone \
         too), {deviations} deliberate deviations",
        cases.len()
    );
    assert!(cases.len() > 2_000, "too few fmt cases: {}", cases.len());
    assert!(failures.is_empty(), "{} of {} fmt cases differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}
