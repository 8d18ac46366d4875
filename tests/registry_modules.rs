//! Popular registry modules (`tests/third_party/registry_modules/NAME/module`, copied
//! unchanged by tools/reference/registry_modules.py, each with its
//! `SOURCE` and `LICENSE`), each called as its README's example
//! (`NAME/main.tf`) with the provider data: no error that Terraform with
//! the providers would not give (issue 21), the warnings the playground
//! owes, and values of the schema's types.

mod common;

use common::provider_data;
use hcl_playground::module::{Evaluation, Inputs, Installation, Module, ModuleOptions};
use std::path::{Path, PathBuf};

/// The example's files by path from its directory (the text ones).
fn files(dir: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).expect("readable").flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(root, &path, out);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                let name = path.strip_prefix(root).expect("inside").to_string_lossy().replace('\\', "/");
                out.push((name, text));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

/// Evaluates the example `name` (with `json` variables) and checks what
/// `check` asks of it.
fn example(name: &str, json: Option<&str>, check: impl FnOnce(&Evaluation)) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/third_party/registry_modules").join(name);
    // Assumed: a registry module it calls (eks's kms) is installed with
    // outputs not known, as the command line and the page take it.
    let opts = ModuleOptions { installation: Installation::Assumed, providers: Some(provider_data()), ..ModuleOptions::default() };
    let module = Module::load(files(&dir), &opts);
    let evaluation = module.evaluate(&Inputs { json: json.map(String::from), ..Inputs::default() });
    check(&evaluation);
}

/// The summaries of the errors and of the warnings.
fn diagnostics(e: &Evaluation) -> (Vec<String>, Vec<String>) {
    let of = |warning: bool| e.diagnostics.iter().filter(|d| d.warning == warning).map(|d| d.diagnostic.summary.clone()).collect();
    (of(false), of(true))
}

fn console(e: &Evaluation, expr: &str) -> String {
    e.console(expr).map(|r| r.console).unwrap_or_else(|ds| format!("{ds:?}"))
}

#[test]
fn registry_modules_evaluate_without_false_errors() {
    let none: Vec<String> = Vec::new();
    for name in ["aws-vpc", "aws-s3-bucket", "aws-security-group", "aws-iam-role", "aws-rds", "google-network", "azurerm-vnet"] {
        example(name, None, |e| {
            assert_eq!(diagnostics(e), (none.clone(), none.clone()), "{name}");
            // Planned as written: Azure/modtm's types (the data lacks them),
            // and random's where the example pins 3.3.2 (the data is 3.9.0).
            let guessed: &[&str] = match name {
                "azurerm-vnet" => &["data.modtm_module_source", "modtm_telemetry", "random_id", "random_uuid"],
                _ => &[],
            };
            assert_eq!(e.guessed_types(), guessed, "{name}");
        });
    }
    // kubernetes_deployment is deprecated in favour of kubernetes_deployment_v1.
    example("kubernetes-deployment", None, |e| {
        assert_eq!(diagnostics(e), (none.clone(), vec!["Deprecated Resource".to_string()]));
    });
}

/// The vpc module's outputs, with the types and known values the AWS
/// schema gives (one NAT gateway per availability zone).
#[test]
fn the_vpc_modules_outputs_have_the_schemas_types() {
    example("aws-vpc", None, |e| {
        assert_eq!(console(e, "length(module.vpc.natgw_ids)"), "3");
        assert_eq!(console(e, "module.vpc.vpc_cidr_block"), "\"10.0.0.0/16\"");
        assert_eq!(
            console(e, "module.vpc.public_subnet_arns"),
            "[\n  (known after apply),\n  (known after apply),\n  (known after apply),\n]"
        );
    });
}

/// eks counts node groups' roles over the account ID that a real plan
/// reads from AWS: a warning that names the data source, until
/// `__state__` gives it.
#[test]
fn eks_counts_over_the_callers_account_wait_for_its_state() {
    example("aws-eks", None, |e| {
        let (errors, warnings) = diagnostics(e);
        assert_eq!((errors, warnings), (vec![], vec!["Instances depend on data read while planning".to_string()]));
        let detail = &e.diagnostics.iter().find(|d| d.warning).expect("warning").diagnostic.detail;
        assert!(detail.contains("module.eks.data.aws_caller_identity.current[0]"), "{detail}");
    });
    let state = r#"{"__state__": {"module.eks.data.aws_caller_identity.current[0]": {"account_id": "123456789012"}}}"#;
    example("aws-eks", Some(state), |e| assert_eq!(diagnostics(e), (vec![], vec![])));
}
