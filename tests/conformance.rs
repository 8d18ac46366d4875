//! The public conformance cases (`shared/conformance`), judged against the
//! oracle's recorded results, types included. A case of feature `functions`
//! that calls a Terraform function not implemented yet is reported as
//! pending; every other case must pass.

mod common;

use common::{mismatch, missing_functions, read_jsonl, run_case};
use std::collections::BTreeMap;
use std::path::Path;

#[test]
fn public_conformance_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance");
    let cases = read_jsonl(&dir.join("cases.jsonl"));
    let expected: BTreeMap<String, serde_json::Value> =
        read_jsonl(&dir.join("expected.jsonl")).into_iter().map(|e| (e["id"].as_str().unwrap_or("").to_string(), e)).collect();
    assert!(cases.len() >= 400, "expected the full public sample, found {} cases", cases.len());
    let (mut passed, mut pending, mut failures) = (0, Vec::new(), Vec::new());
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("");
        let expr = case["expr"].as_str().unwrap_or("");
        let got = run_case(expr, &case["vars"], case["template"].as_bool().unwrap_or(false));
        match mismatch(&expected[id], &got) {
            None => passed += 1,
            Some(_) if case["feature"] == "functions" && !missing_functions(expr).is_empty() => {
                pending.push(format!("{id} ({})", missing_functions(expr).join(", ")))
            }
            Some(why) => failures.push(format!("{id}: {expr}\n    {why}")),
        }
    }
    println!("conformance: {passed} passed, {} pending (functions not implemented yet), {} failed", pending.len(), failures.len());
    for p in &pending {
        println!("  pending {p}");
    }
    assert!(failures.is_empty(), "{} conformance failures:\n{}", failures.len(), failures.join("\n"));
}
