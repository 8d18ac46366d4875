//! Golden cases: `tests/cases/*.jsonl`, one file per language area, each
//! line an expression, its variables and the oracle's result (recorded
//! from HashiCorp's implementation, never written by hand): value, type
//! and knownness, or every error's summary and detail in order.

mod common;

use common::{case_profile, mismatch, read_jsonl, run_case_in, run_config_case};
use std::path::Path;

#[test]
fn golden_cases() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("tests/cases exists").flatten().map(|e| e.path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "jsonl"));
    files.sort();
    assert!(!files.is_empty(), "no golden case files in {}", dir.display());
    let (mut passed, mut errors_compared, mut failures) = (0, 0, Vec::new());
    for file in &files {
        for case in read_jsonl(file) {
            let id = case["id"].as_str().unwrap_or("");
            let expr = case["expr"].as_str().unwrap_or("");
            let got = match case["config"].as_bool() {
                Some(true) => run_config_case(case_profile(&case), expr),
                _ => run_case_in(case_profile(&case), expr, &case["vars"], case["template"].as_bool().unwrap_or(false)),
            };
            match mismatch(&case["expect"], &got) {
                None => passed += 1,
                Some(why) => failures.push(format!("{id}: {expr}\n    {why}")),
            }
            errors_compared += usize::from(case["expect"]["ok"] == false);
        }
    }
    println!("golden: {passed} passed ({errors_compared} of them errors, compared in full), {} failed", failures.len());
    assert!(passed > 1_500, "too few golden cases ran: {passed}");
    assert!(failures.is_empty(), "{} golden failures:\n{}", failures.len(), failures.join("\n"));
}
