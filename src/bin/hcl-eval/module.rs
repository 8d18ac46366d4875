//! `hcl-eval --module PATH [EXPR]`: a module's files (a `.tf` file, or a
//! directory's `*.tf` with `terraform.tfvars[.json]` and
//! `*.auto.tfvars[.json]`, as Terraform loads them), evaluated as
//! `terraform console -plan` sees them: with EXPR, what the console
//! prints for it; without, every named value.

use hcl_playground::module::{CliInput, Inputs, Module, ModuleOptions};
use std::path::Path;
use std::process::ExitCode;

/// The module options from the command line.
pub struct Args {
    pub path: String,
    pub vars_json: Option<String>,
    pub var_files: Vec<String>,
    pub vars: Vec<(String, String)>,
    pub workspace: Option<String>,
    pub expr: Option<String>,
}

pub fn run(args: Args, options: &hcl_playground::Options) -> ExitCode {
    let path = Path::new(&args.path);
    let mut files = Vec::new();
    let mut inputs = Inputs::default();
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("hcl-eval: cannot read {}: {e}", p.display()));
    let loaded = if path.is_dir() {
        let mut entries: Vec<_> = match std::fs::read_dir(path) {
            Ok(d) => d.flatten().map(|e| e.path()).collect(),
            Err(e) => {
                eprintln!("hcl-eval: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        entries.sort();
        let name = |p: &Path| p.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        let mut result = Ok(());
        for p in entries.iter().filter(|p| name(p).ends_with(".tf")) {
            match read(p) {
                Ok(t) => files.push((name(p), t)),
                Err(e) => result = Err(e),
            }
        }
        // Terraform's order: terraform.tfvars, terraform.tfvars.json, then
        // *.auto.tfvars[.json] in lexical order.
        let mut auto: Vec<&std::path::PathBuf> =
            entries.iter().filter(|p| name(p).ends_with(".auto.tfvars") || name(p).ends_with(".auto.tfvars.json")).collect();
        auto.sort();
        for p in ["terraform.tfvars", "terraform.tfvars.json"]
            .iter()
            .map(|n| path.join(n))
            .filter(|p| p.exists())
            .collect::<Vec<_>>()
            .iter()
            .chain(auto.into_iter())
        {
            match read(p) {
                Ok(t) => inputs.files.push((name(p), t)),
                Err(e) => result = Err(e),
            }
        }
        result
    } else {
        read(path).map(|t| files.push((path.file_name().and_then(|n| n.to_str()).unwrap_or("main.tf").to_string(), t)))
    };
    if let Err(e) = loaded {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    for (name, value) in args.vars {
        inputs.cli.push(CliInput::Var(name, value));
    }
    for f in &args.var_files {
        match read(Path::new(f)) {
            Ok(t) => inputs.cli.push(CliInput::File(f.clone(), t)),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    if let Some(json) = args.vars_json {
        inputs.json = Some(json);
    }
    let mut opts = ModuleOptions { profile: options.profile, limits: options.limits.clone(), ..ModuleOptions::default() };
    if let Some(w) = args.workspace {
        opts.workspace = w;
    }
    let module = Module::load(files, &opts);
    let evaluation = module.evaluate(&inputs);
    let source = String::new();
    match &args.expr {
        Some(expr) => {
            for d in &evaluation.diagnostics {
                eprint!("{}", evaluation.render(d, &source));
            }
            if evaluation.diagnostics.iter().any(|d| !d.warning) {
                eprintln!("Warning: Due to the problems above, some expressions may produce unexpected results.\n");
            }
            console(&evaluation, expr)
        }
        None => {
            for v in &evaluation.values {
                println!("{} = {}", v.address, hcl_playground::present::console(&v.value));
            }
            let errors: Vec<_> = evaluation.diagnostics.iter().filter(|d| !d.warning).collect();
            for d in &errors {
                eprint!("{}", evaluation.render(d, ""));
            }
            if errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// What the console prints for `expr`, or its errors (status 1).
fn console(evaluation: &hcl_playground::module::Evaluation, expr: &str) -> ExitCode {
    match evaluation.console(expr) {
        Ok(e) => {
            println!("{}", e.console);
            ExitCode::SUCCESS
        }
        Err(diags) => {
            for d in &diags {
                eprint!("{}", evaluation.render(d, expr));
            }
            ExitCode::FAILURE
        }
    }
}
