//! `hcl-eval --test DIR`: the module in DIR and its test files
//! (`*.tftest.hcl` beside it and in `tests/`), run as `terraform test
//! -no-color` (or `tofu test -no-color`) runs them, offline: the same
//! lines on standard output, the same errors on standard error, status 1
//! when a run failed.

use hcl_playground::module::{run_tests, CliInput, ModuleOptions, Stream, TestOptions};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

/// The test options from the command line.
pub struct Args {
    pub path: String,
    pub filter: Vec<String>,
    pub test_directory: Option<String>,
    pub vars: Vec<(String, String)>,
    pub var_files: Vec<String>,
    pub verbose: bool,
    pub providers: Option<String>,
}

pub fn run(args: Args, options: &hcl_playground::Options) -> ExitCode {
    let path = Path::new(&args.path);
    let mut files = Vec::new();
    // The test runner reads text files only.
    let mut binary = super::module::Binary::new();
    if let Err(e) = super::module::read_tree(path, &mut files, &mut binary) {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    let mut cli = Vec::new();
    for f in &args.var_files {
        match std::fs::read_to_string(f) {
            Ok(t) => cli.push(CliInput::File(f.clone(), t)),
            Err(_) => cli.push(CliInput::Missing(f.clone())),
        }
    }
    cli.extend(args.vars.into_iter().map(|(n, v)| CliInput::Var(n, v)));
    let module_options = ModuleOptions {
        profile: options.profile,
        cwd: std::fs::canonicalize(path).map(|p| p.display().to_string()).unwrap_or_else(|_| args.path.clone()),
        providers: super::module::provider_data(args.providers.as_deref()),
        home: super::module::home(),
        ..ModuleOptions::default()
    };
    let test = TestOptions {
        filter: args.filter,
        test_directory: args.test_directory.unwrap_or_else(|| "tests".into()),
        cli,
        verbose: args.verbose,
        ..TestOptions::default()
    };
    let suite = run_tests(files, &module_options, &test);
    // In the programs' order, each write flushed: a failed run's errors
    // follow its line in a terminal or a `2>&1` log.
    for (stream, text) in suite.chunks() {
        let _ = match stream {
            Stream::Out => std::io::stdout().write_all(text.as_bytes()).and_then(|_| std::io::stdout().flush()),
            Stream::Err => std::io::stderr().write_all(text.as_bytes()).and_then(|_| std::io::stderr().flush()),
        };
    }
    if suite.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
