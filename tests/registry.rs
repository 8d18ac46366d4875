//! Every function's example in the registry (which feeds the README, the
//! page's autocomplete and its function reference) has a result recorded
//! from a reference, and prints it: the documented console output of the
//! function catalogue (`shared/reference/function_examples.jsonl`), or the
//! oracle's result in `tests/cases/registry.jsonl` (compared in full by
//! the golden test, in the profile the case names). The example that no
//! reference can record is named below, and must at least evaluate.

mod common;

use common::{read_jsonl, shared_dir};
use hcl_playground::{evaluate_console, functions, Options, Profile, Variables};
use std::collections::BTreeMap;
use std::path::Path;

/// Functions whose result changes on every call: checked by shape.
const NONDETERMINISTIC: &[&str] = &["bcrypt", "timestamp", "uuid"];

/// Examples no reference can record: `base64gzip`'s bytes are those of
/// Rust's compressor, not Go's (its round trip is recorded instead, under
/// `base64gunzip`); the built-in provider's functions are not in the
/// harnesses' function tables (they were checked against the CLIs:
/// tests/provider_functions.rs).
const NOT_RECORDED: &[&str] =
    &["base64gzip", "provider::terraform::decode_tfvars", "provider::terraform::encode_expr", "provider::terraform::encode_tfvars"];

/// Examples shown in another engine than the first that has the function:
/// Terraform's `templatestring` takes only a reference to a string held
/// elsewhere, which a standalone example cannot make.
const EXAMPLE_PROFILE: &[(&str, Profile)] = &[("templatestring", Profile::OpenTofu)];

/// The console's text for `src` in the first engine that has `name`.
fn console(name: &str, src: &str) -> Result<String, String> {
    let first = || Profile::ALL.into_iter().find(|p| functions::lookup(name, *p).is_some()).expect("some engine has it");
    let profile = EXAMPLE_PROFILE.iter().find(|(n, _)| *n == name).map_or_else(first, |(_, p)| *p);
    let options = Options { profile, ..Options::default() };
    evaluate_console(src, &Variables::new(), &options).map(|e| e.console).map_err(|d| d[0].one_line())
}

#[test]
fn every_registered_example_has_a_recorded_result() {
    let recorded: BTreeMap<String, String> = read_jsonl(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/registry.jsonl"))
        .into_iter()
        .map(|c| (c["id"].as_str().unwrap_or("").trim_start_matches("registry/").to_string(), c["expr"].as_str().unwrap_or("").to_string()))
        .collect();
    let documented: Option<BTreeMap<String, String>> = shared_dir().map(|shared| {
        read_jsonl(&shared.join("reference/function_examples.jsonl"))
            .into_iter()
            .filter(|e| e["standalone"] == true && e["deterministic"] == true && e["error"] != true)
            .filter_map(|e| Some((e["expr"].as_str()?.to_string(), e["console_expected"].as_str()?.to_string())))
            .collect()
    });
    let mut failures = Vec::new();
    let mut unrecorded = Vec::new();
    for f in functions::all() {
        let got = console(f.name, f.example);
        if NONDETERMINISTIC.contains(&f.name) {
            let shape = match (f.name, &got) {
                ("uuid", Ok(s)) => s.len() == 38 && s.matches('-').count() == 4,
                ("bcrypt", Ok(s)) => s.starts_with("\"$2a$10$") && s.len() == 62,
                ("timestamp", Ok(s)) => s.len() == 22 && s.ends_with("Z\""),
                _ => false,
            };
            if !shape {
                failures.push(format!("{}: {} gave {got:?}", f.name, f.example));
            }
            continue;
        }
        if recorded.get(f.name) == Some(&f.example.to_string()) {
            continue;
        }
        match documented.as_ref().map(|d| d.get(f.example)) {
            Some(Some(want)) if got.as_ref() == Ok(want) => continue,
            Some(Some(want)) => failures.push(format!("{}: {} documented as\n{want}\n  got {got:?}", f.name, f.example)),
            // Without ../shared the documented examples cannot be checked.
            None => continue,
            Some(None) => {
                unrecorded.push(f.name);
                if got.is_err() {
                    failures.push(format!("{}: {} fails: {got:?}", f.name, f.example));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    if documented.is_some() {
        unrecorded.sort_unstable();
        assert_eq!(unrecorded, NOT_RECORDED, "examples without a recorded result (record them, or name them in NOT_RECORDED)");
    }
}
