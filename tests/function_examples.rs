//! Every documented function example (`shared/reference/function_examples.jsonl`)
//! that is standalone and deterministic must print exactly what `terraform
//! console` prints (`console_expected`). `base64gzip` is checked by round trip,
//! since the documented bytes depend on Go's compressor. Documented errors
//! must be errors. Skipped, with a note, in a clone without `../shared`.

mod common;

use common::{read_jsonl, shared_dir};
use hcl_playground::{evaluate_console, Options, Profile, Variables};

/// Examples where current Terraform differs from the reference oracle
/// (HashiCorp hcl 2.14 + go-cty 1.12), which this project matches.
/// What the console prints for `src` in `profile`'s engine.
fn console(src: &str, profile: Profile) -> Result<String, String> {
    let options = Options { profile, ..Options::default() };
    evaluate_console(src, &Variables::new(), &options).map(|e| e.console).map_err(|d| d[0].one_line())
}

#[test]
fn documented_examples_print_what_terraform_prints() {
    let Some(shared) = shared_dir() else { return };
    let path = shared.join("reference/function_examples.jsonl");
    let (mut passed, mut failures) = (0, Vec::new());
    for ex in read_jsonl(&path) {
        if ex["standalone"] != true || ex["deterministic"] != true {
            continue;
        }
        let (id, expr) = (ex["id"].as_str().unwrap_or(""), ex["expr"].as_str().unwrap_or(""));
        // Examples from OpenTofu's documentation run in its engine, where
        // its released version has the function (convert is Terraform's,
        // and OpenTofu's only in an unreleased version).
        let in_tofu = hcl_playground::functions::lookup(ex["fn"].as_str().unwrap_or(""), Profile::OpenTofu).is_some();
        let profile = if ex["source"] == "opentofu" && in_tofu { Profile::OpenTofu } else { Profile::Terraform };
        let console = |src: &str| console(src, profile);
        let outcome = if let Some(want) = ex["console_expected"].as_str() {
            if ex["fn"] == "base64gzip" {
                let arg = expr.strip_prefix("base64gzip(").and_then(|r| r.strip_suffix(')')).unwrap_or(expr);
                match (console(&format!("base64gunzip({expr})")), console(arg)) {
                    (Ok(a), Ok(b)) if a == b => Ok(()),
                    (a, b) => Err(format!("round trip differs: {a:?} vs {b:?}")),
                }
            } else {
                match console(expr) {
                    Ok(got) if got == want => Ok(()),
                    Ok(got) => Err(format!("expected\n{want}\n    got\n{got}")),
                    Err(e) => Err(format!("expected\n{want}\n    got error {e}")),
                }
            }
        } else if ex["error"] == true {
            match console(expr) {
                Err(_) => Ok(()),
                Ok(v) => Err(format!("expected an error ({}), got {v}", ex["error_summary"])),
            }
        } else {
            continue;
        };
        match outcome {
            Ok(()) => passed += 1,
            Err(why) => failures.push(format!("{id}: {expr}\n    {why}")),
        }
    }
    println!("function examples: {passed} passed, {} failed", failures.len());
    assert!(passed >= 100, "too few examples ran: {passed}");
    assert!(failures.is_empty(), "{} examples differ:\n{}", failures.len(), failures.join("\n"));
}
