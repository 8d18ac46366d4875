//! The test command (`hcl-eval --test`, `run_tests`) against the golden
//! cases of `tests/tftest/cases.jsonl`, recorded with the real `terraform
//! test -no-color` and `tofu test -no-color`
//! (`tools/reference/record_tests.py`): standard output, standard error,
//! the two merged in one pipe, and the exit status, byte for byte. A case's `gap` names, per engine,
//! what the playground does not reproduce yet; those are listed, and
//! compared only with the case's `playground` answer where it has one
//! (a run the playground skips because only a cloud's API could answer).

mod common;

use hcl_playground::module::{run_tests, CliInput, ModuleOptions, TestOptions};
use hcl_playground::Profile;
use serde_json::Value as Json;

fn cases() -> Vec<Json> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tftest/cases.jsonl");
    std::fs::read_to_string(path).unwrap().lines().filter(|l| !l.trim().is_empty()).map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The options a case's `args` give, as `hcl-eval --test` reads them.
fn options(args: &[Json]) -> TestOptions {
    let mut t = TestOptions::default();
    let mut it = args.iter().filter_map(Json::as_str);
    while let Some(a) = it.next() {
        match a {
            "--filter" => t.filter.extend(it.next().map(str::to_string)),
            "--var" => t.cli.extend(it.next().map(CliInput::var)),
            "--verbose" => t.verbose = true,
            other => panic!("unknown option {other}"),
        }
    }
    t
}

#[test]
fn test_command_matches_the_recordings() {
    let mut failures = Vec::new();
    let (mut compared, mut gaps) = (0, Vec::new());
    for case in cases() {
        let id = case["id"].as_str().unwrap();
        for (engine, profile) in [("terraform", Profile::Terraform), ("opentofu", Profile::OpenTofu)] {
            let mut files = case["files"].as_object().unwrap().clone();
            files.extend(case["engine_files"][engine].as_object().cloned().unwrap_or_default());
            let files: Vec<(String, String)> = files.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string())).collect();
            // A gap the playground answers its own way (what a cloud's API
            // tells the programs) is compared with that answer instead.
            let expect = match (case["gap"][engine].as_str(), &case["playground"][engine]) {
                (Some(gap), Json::Null) => {
                    gaps.push(format!("{id} ({engine}): {gap}"));
                    continue;
                }
                (Some(gap), own) => {
                    gaps.push(format!("{id} ({engine}): {gap} (the playground's answer compared)"));
                    own
                }
                (None, _) => &case["expect"][engine],
            };
            let module = ModuleOptions { profile, providers: Some(common::provider_data()), ..ModuleOptions::default() };
            let suite = run_tests(files.clone(), &module, &options(case["args"].as_array().unwrap()));
            let (out, err) = suite.streams();
            // Both streams in one pipe: recorded where not all of standard
            // output comes first.
            let merged: String = suite.chunks().into_iter().map(|(_, text)| text).collect();
            let want_merged = expect["merged"]
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| format!("{}{}", expect["stdout"].as_str().unwrap(), expect["stderr"].as_str().unwrap()));
            let exit = if suite.passed() { 0 } else { 1 };
            compared += 1;
            if out != expect["stdout"].as_str().unwrap()
                || err != expect["stderr"].as_str().unwrap()
                || exit != expect["exit"].as_i64().unwrap()
            {
                failures.push(format!(
                    "{id} ({engine}):\n--- stdout, expected\n{}\n--- stdout, got\n{out}\n--- stderr, expected\n{}\n--- stderr, got\n{err}\n--- exit {} / {exit}",
                    expect["stdout"].as_str().unwrap(),
                    expect["stderr"].as_str().unwrap(),
                    expect["exit"]
                ));
            } else if merged != want_merged {
                failures.push(format!("{id} ({engine}): the streams merged\n--- expected\n{want_merged}\n--- got\n{merged}"));
            }
        }
    }
    eprintln!("{compared} recordings compared; not reproduced yet:\n  {}", gaps.join("\n  "));
    assert!(failures.is_empty(), "{} of {compared} recordings differ:\n{}", failures.len(), failures.join("\n\n"));
}

/// The page's examples with test files are recorded cases: their files
/// are a case's, and the summary the page shows is the one Terraform
/// printed.
#[test]
fn examples_with_tests_are_recorded() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/examples.json");
    let examples: Vec<Json> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = cases();
    let mut seen = 0;
    for ex in examples.iter().filter(|e| e["files"].as_object().is_some_and(|f| f.keys().any(|k| k.ends_with(".tftest.hcl")))) {
        let mut files = ex["files"].as_object().unwrap().clone();
        files.insert("main.tf".into(), ex["expr"].clone());
        let case = cases.iter().find(|c| c["files"].as_object() == Some(&files));
        let case = case.unwrap_or_else(|| panic!("example {} is not a recorded case", ex["title"]));
        let stdout = case["expect"]["terraform"]["stdout"].as_str().unwrap();
        assert_eq!(stdout.trim_end().lines().last(), ex["testsSummary"].as_str(), "{}", ex["title"]);
        seen += 1;
    }
    assert!(seen > 0, "no example has test files");
}

/// The inspector in a test file: an assertion's sub-expression, with the
/// value it took in its run.
#[test]
fn an_assertion_sub_expression_is_inspected_in_its_run() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("www/examples.json");
    let examples: Vec<Json> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let ex = examples.iter().find(|e| e["testsSummary"].is_string()).unwrap();
    let test_file = "tests/greeting.tftest.hcl";
    let text = ex["files"][test_file].as_str().unwrap();
    let files = vec![("main.tf".to_string(), ex["expr"].as_str().unwrap().to_string()), (test_file.to_string(), text.to_string())];
    let module = ModuleOptions { providers: Some(common::provider_data()), ..ModuleOptions::default() };
    let inspect = |needle: &str, nth: usize| {
        let at = text.match_indices(needle).nth(nth).unwrap().0;
        let options = TestOptions { inspect: Some((test_file.into(), at, at + needle.len())), ..TestOptions::default() };
        let found = run_tests(files.clone(), &module, &options).inspection.expect("an inspection");
        (
            text[found.span.start..found.span.end].to_string(),
            found.hits.iter().map(|h| hcl_playground::present::console(&h.value, Profile::Terraform)).collect::<Vec<_>>(),
        )
    };
    // The second run's output, then its whole (false) condition.
    assert_eq!(inspect("output.greeting", 2), ("output.greeting".into(), vec!["\"hello Ada\"".to_string()]));
    assert_eq!(inspect("==", 1), ("output.greeting == \"hello ada\"".into(), vec!["false".to_string()]));
    // The third run reads the first's output.
    assert_eq!(inspect("run.greets", 0).1.len(), 1);
}
