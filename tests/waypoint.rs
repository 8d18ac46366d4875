//! Waypoint projects: `tests/waypoint/projects.jsonl`, recorded from
//! Waypoint's own `config.Load` and `variables` package
//! (tools/reference/record_waypoint.py --projects): a waypoint.hcl's
//! `variable` blocks, the values `.wpvars` files and `-var` give them, and
//! an expression evaluated in the project, compared with Waypoint's value
//! or errors.

mod common;

use common::{mismatch, read_jsonl};
use hcl_playground::waypoint::{evaluate_in_project, Project};
use hcl_playground::{present, Options};
use serde_json::{json, Value as Json};
use std::path::Path;

/// Where the harness writes each project (its messages name the files
/// there).
const DIR: &str = "/tmp/hcl-harness-waypoint/project";

fn run(case: &Json) -> Json {
    let p = &case["project"];
    let files: Vec<(String, String)> =
        p["files"].as_object().into_iter().flatten().map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string())).collect();
    let cli_vars: Vec<(String, String)> =
        p["vars"].as_object().into_iter().flatten().map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string())).collect();
    let var_files: Vec<String> = p["var_files"].as_array().into_iter().flatten().filter_map(|f| f.as_str().map(String::from)).collect();
    let workspace = p["workspace"].as_str().filter(|w| !w.is_empty()).unwrap_or("default");
    let project = Project { files: &files, dir: DIR, workspace, cli_vars: &cli_vars, var_files: &var_files };
    match evaluate_in_project(&project, case["expr"].as_str().unwrap_or(""), &Options::default()) {
        Ok(v) => json!({
            "ok": true,
            "value": serde_json::from_str::<Json>(&present::to_json(&v)).expect("our JSON parses"),
            "type": v.ty().to_string(),
            "known": v.is_wholly_known(),
        }),
        Err(diags) => json!({"ok": false, "errors": diags.iter().map(|d| d.diagnostic.one_line()).collect::<Vec<_>>()}),
    }
}

#[test]
fn waypoint_projects() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/waypoint/projects.jsonl");
    let mut failures = Vec::new();
    let cases = read_jsonl(&file);
    for case in &cases {
        if let Some(why) = mismatch(&case["expect"], &run(case)) {
            failures.push(format!("{}: {}\n    {why}", case["id"].as_str().unwrap_or(""), case["expr"]));
        }
    }
    assert!(cases.len() > 25, "too few project cases: {}", cases.len());
    assert!(failures.is_empty(), "{} of {} Waypoint project cases fail:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// Every function of Waypoint's reference table has an example, and it
/// evaluates under the waypoint profile (with a project's files and a
/// repository given as the page's variables give them).
#[test]
fn waypoint_function_examples() {
    use hcl_playground::{evaluate, parse_variables_in, Profile};
    let vars = parse_variables_in(
        r##"{"__files__": {"/project/README.md": "# p", "/project/Dockerfile": "FROM x", "/project/app.tpl": "port=${port}", "/project/k8s/a.yaml": "env: ${env}", "/project/app.jsonnet": "{}"},
            "__git__": {"head": "abc", "tags": {"v1": "abc"}, "remotes": {"origin": ["https://example.com/p.git"]}}}"##,
        Profile::Waypoint,
    )
    .unwrap();
    let options = Options { profile: Profile::Waypoint, ..Options::default() };
    for f in hcl_playground::functions::all_in(Profile::Waypoint) {
        assert!(!f.example.is_empty(), "{} has no example", f.name);
        if let Err(e) = evaluate(f.example, &vars, &options) {
            panic!("{}: {} fails: {}", f.name, f.example, e[0].one_line());
        }
    }
}
