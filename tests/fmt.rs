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
//! key of `a[null]`, `a[true]`, `a[false]`) or reads differently (`3 .0`
//! written `3.0`, a number), for which the formatter keeps the source's
//! meaning; the recorded output must still differ from ours there, so
//! that a Terraform that fixes it is noticed.
//!
//! Then meaning: every corpus expression, formatted, evaluates to the same
//! value (or the same errors) and formats to itself; so does every file
//! of the cases, argument by argument and block by block; and so do corpus
//! expressions with spacing and comments put in at random.

mod common;

use common::{case_profile, read_jsonl, shared_dir};
use hcl_playground::syntax::ast::{Body, BodyItem};
use hcl_playground::syntax::parse_config;
use hcl_playground::{evaluate, format, format_expression, parse_variables_in, present, Limits, Options, Profile, Variables};
use proptest::prelude::*;
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
    ("fmt/merge-number-dot-number", "x = 3 .0\n"),
    ("fmt/merge-number-dot-number-after", "x = 3 .0\n"),
    ("fmt/merge-legacy-index-spaced", "x = a.0 .1\n"),
    ("fmt/merge-number-dot-exponent", "x = 1 .e5\n"),
    ("fmt/merge-number-dot-negative-exponent", "x = 1 .e-5\n"),
    ("fmt/merge-legacy-index-dot-exponent", "x = a.0 .e5\n"),
    ("fmt/merge-conditional-number-dot", "x = false ? 3 .0 : 1\n"),
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

// ------------------------------------------------------------ meaning

/// An expression of the corpora with its variables and profile.
struct Expr {
    src: String,
    vars: Variables,
    profile: Profile,
}

/// Every expression of `tests/cases/*.jsonl` (templates aside) and of the
/// shared conformance cases, with the variables it is evaluated over.
fn corpus_expressions() -> Vec<Expr> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("tests/cases").flatten().map(|e| e.path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "jsonl"));
    files.sort();
    files.extend(shared_dir().map(|d| d.join("conformance/cases.jsonl")));
    let mut out = Vec::new();
    for case in files.iter().flat_map(|f| read_jsonl(f)) {
        if case["template"] == true || case["config"] == true {
            continue;
        }
        let profile = case_profile(&case);
        let Ok(vars) = parse_variables_in(&case["vars"].to_string(), profile) else { continue };
        out.push(Expr { src: case["expr"].as_str().unwrap_or("").to_string(), vars, profile });
    }
    out
}

/// What `src` means over `vars`: its value and type, or its errors'
/// summaries (details quote ranges, which formatting moves). None when
/// two evaluations disagree (`uuid()`, `timestamp()`).
fn meaning(src: &str, vars: &Variables, profile: Profile) -> Option<String> {
    let run = || match evaluate(src, vars, &Options { profile, ..Options::default() }) {
        Ok(v) => format!("{} : {}", present::to_json(&v), v.ty()),
        Err(d) => format!("errors {:?}", d.iter().map(|d| d.summary.as_str()).collect::<Vec<_>>()),
    };
    let first = run();
    (first == run()).then_some(first)
}

/// Why formatting `e` is wrong, if it is: the formatted text must mean
/// what the source meant and be its own formatting.
fn expression_fault(e: &Expr) -> Option<String> {
    let out = format_expression(&e.src).ok()?;
    let before = meaning(&e.src, &e.vars, e.profile)?;
    let after = meaning(&out, &e.vars, e.profile).unwrap_or_default();
    if before != after {
        return Some(format!("{:?} means {before}\n    formatted {out:?} means {after}", e.src));
    }
    match format_expression(&out) {
        Ok(again) if again == out => None,
        again => Some(format!("{:?} formats to {out:?}, which formats to {again:?}", e.src)),
    }
}

#[test]
fn formatting_an_expression_keeps_its_meaning_and_is_idempotent() {
    let exprs = corpus_expressions();
    let faults: Vec<String> = exprs.iter().filter_map(expression_fault).collect();
    println!("fmt meaning: {} corpus expressions formatted, evaluated again and formatted again", exprs.len());
    assert!(exprs.len() > 2_000, "too few expressions: {}", exprs.len());
    assert!(faults.is_empty(), "{} expressions:\n{}", faults.len(), faults.join("\n"));
}

/// Why two bodies differ in meaning: the same arguments (each evaluating
/// alike, over no variables) and blocks (type and labels), in order. A
/// top-level `variable` block's `type` is a type, which Terraform's
/// rewrites may spell anew, not a value.
fn body_difference(a: (&Body, &str), b: (&Body, &str), path: &[&str]) -> Option<String> {
    let (items_a, items_b) = (&a.0.items, &b.0.items);
    if items_a.len() != items_b.len() {
        return Some(format!("{path:?}: {} items became {}", items_a.len(), items_b.len()));
    }
    for (x, y) in items_a.iter().zip(items_b) {
        match (x, y) {
            (BodyItem::Attribute(x), BodyItem::Attribute(y)) => {
                if x.name != y.name {
                    return Some(format!("{path:?}: argument {} became {}", x.name, y.name));
                }
                if path == ["variable"] && x.name == "type" {
                    continue;
                }
                // A heredoc's span ends before the newline that closes it.
                let text =
                    |at: &hcl_playground::syntax::ast::Attribute, src: &str| format!("{}\n", &src[at.expr.span.start..at.expr.span.end]);
                let (tx, ty) = (text(x, a.1), text(y, b.1));
                let none = Variables::new();
                let (mx, my) = (meaning(&tx, &none, Profile::Terraform), meaning(&ty, &none, Profile::Terraform));
                if mx.is_some() && mx != my {
                    return Some(format!("{path:?}: {} = {tx:?} ({mx:?}) became {ty:?} ({my:?})", x.name));
                }
            }
            (BodyItem::Block(x), BodyItem::Block(y)) => {
                let labels = |b: &hcl_playground::syntax::ast::Block| b.labels.iter().map(|(l, _)| l.clone()).collect::<Vec<_>>();
                if x.kind != y.kind || labels(x) != labels(y) {
                    return Some(format!("{path:?}: block {} {:?} became {} {:?}", x.kind, labels(x), y.kind, labels(y)));
                }
                let mut inner = path.to_vec();
                inner.push(&x.kind);
                body_difference((&x.body, a.1), (&y.body, b.1), &inner)?;
            }
            _ => return Some(format!("{path:?}: an argument and a block swapped")),
        }
    }
    None
}

#[test]
fn formatting_a_file_keeps_its_meaning_and_is_idempotent() {
    let cases = read_jsonl(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fmt/cases.jsonl"));
    let (mut checked, mut faults) = (0, Vec::new());
    for case in &cases {
        let src = case["input"].as_str().expect("input");
        let Ok(out) = format(src) else { continue };
        checked += 1;
        let id = case["id"].as_str().unwrap_or("");
        let parse = |s: &str| parse_config(s, "main.tf", &Limits::default(), Profile::Terraform);
        let (Ok(before), Ok(after)) = (parse(src), parse(&out)) else {
            faults.push(format!("{id}: {src:?} formats to {out:?}, which does not parse"));
            continue;
        };
        if let Some(why) = body_difference((&before, src), (&after, &out), &[]) {
            faults.push(format!("{id}: {src:?} formats to {out:?}: {why}"));
        }
        match format(&out) {
            Ok(again) if again == out => {}
            // Terraform keeps spaces at the very end of a file and then
            // ends it with a newline, so the spaces go on a second run.
            Ok(again) if out.trim_end_matches('\n').ends_with([' ', '\t']) && format(&again).as_ref() == Ok(&again) => {}
            again => faults.push(format!("{id}: {src:?} formats to {out:?}, which formats to {again:?}")),
        }
    }
    println!("fmt meaning: {checked} files formatted, parsed, compared and formatted again");
    assert!(faults.is_empty(), "{} files:\n{}", faults.len(), faults.join("\n"));
}

/// Corpus expressions with spacing, newlines and comments put in at
/// random places: where the result still parses, formatting it keeps its
/// meaning and is its own formatting; formatting never panics.
#[test]
fn formatting_respaced_expressions_keeps_their_meaning() {
    let exprs = corpus_expressions();
    let insert = prop_oneof![
        Just(" "),
        Just("  "),
        Just("\t"),
        Just("\n"),
        Just("\n\n"),
        Just("\r\n"),
        Just("# c\n"),
        Just("// c\n"),
        Just("/* c */"),
        Just(" /* c\n  d */ "),
    ];
    let strategy = (0..exprs.len(), prop::collection::vec((any::<prop::sample::Index>(), insert), 1..5));
    let config = ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() };
    proptest!(config, |((which, inserts) in strategy)| {
        let e = &exprs[which];
        let mut src = e.src.clone();
        // Not before a byte order mark, which HCL reads only at the start
        // (the expression parser wrongly lets spacing come before it).
        let start = if src.starts_with('\u{feff}') { 3 } else { 0 };
        for (at, text) in inserts {
            let mut i = start + at.index(src.len() + 1 - start);
            while !src.is_char_boundary(i) {
                i -= 1;
            }
            src.insert_str(i, text);
        }
        let _ = format(&src);
        let respaced = Expr { src, vars: e.vars.clone(), profile: e.profile };
        if let Some(fault) = expression_fault(&respaced) {
            prop_assert!(false, "{}", fault);
        }
    });
}
