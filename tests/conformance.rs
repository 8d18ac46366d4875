//! The public conformance cases (`shared/conformance`), judged against the
//! oracle's recorded results: values, types and, where the oracle fails,
//! its errors (summary and detail, in order). Skipped, with a note, in a
//! clone without `../shared`.

mod common;

use common::{mismatch, read_jsonl, run_case, shared_dir};
use std::collections::BTreeMap;

#[test]
fn public_conformance_cases() {
    let Some(shared) = shared_dir() else { return };
    let dir = shared.join("conformance");
    let cases = read_jsonl(&dir.join("cases.jsonl"));
    let expected: BTreeMap<String, serde_json::Value> =
        read_jsonl(&dir.join("expected.jsonl")).into_iter().map(|e| (e["id"].as_str().unwrap_or("").to_string(), e)).collect();
    assert!(cases.len() >= 400, "expected the full public sample, found {} cases", cases.len());
    let (mut passed, mut failures) = (0, Vec::new());
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("");
        let expr = case["expr"].as_str().unwrap_or("");
        let got = run_case(expr, &case["vars"], case["template"].as_bool().unwrap_or(false));
        match mismatch(&expected[id], &got) {
            None => passed += 1,
            Some(why) => failures.push(format!("{id}: {expr}\n    {why}")),
        }
    }
    println!("conformance: {passed} passed, {} failed", failures.len());
    assert!(failures.is_empty(), "{} conformance failures:\n{}", failures.len(), failures.join("\n"));
}
