//! Tests: a module's test files run as `terraform test` and `tofu test`
//! run them, offline — each `run` block planned (and applied, where every
//! resource is mocked, overridden or built in) over the variables the
//! file and the run give, its assertions and expected failures checked,
//! the state of applies carried from run to run; `file` decodes the test
//! files, `run` runs one run block, `values` describes values in
//! diagnostics, `report` prints the results as the programs print them.
//!
//! ```
//! use hcl_playground::module::{run_tests, ModuleOptions, TestOptions};
//! let files = vec![
//!     ("main.tf".to_string(), "variable \"name\" {\n  default = \"world\"\n}\noutput \"greeting\" {\n  value = \"hello ${var.name}\"\n}\n".to_string()),
//!     ("tests/greeting.tftest.hcl".to_string(), "run \"greets\" {\n  command = plan\n  assert {\n    condition     = output.greeting == \"hello world\"\n    error_message = \"wrong\"\n  }\n}\n".to_string()),
//! ];
//! let suite = run_tests(files, &ModuleOptions::default(), &TestOptions::default());
//! assert!(suite.passed());
//! assert_eq!(suite.stdout(), "tests/greeting.tftest.hcl... in progress\n  run \"greets\"... pass\ntests/greeting.tftest.hcl... tearing down\ntests/greeting.tftest.hcl... pass\n\nSuccess! 1 passed, 0 failed.\n");
//! ```

pub(crate) mod file;
mod json;
pub(crate) mod report;
mod run;
pub(crate) mod values;
mod verbose;

use self::file::TestFile;
use crate::diagnostics::{Diagnostic, Span};
use crate::module::load::inputs::CliInput;
use crate::module::load::{Module, ModuleDiagnostic, ModuleOptions, Source};
use crate::profile::Profile;
use crate::syntax::ast::Body;
use crate::value::Value;
use std::collections::BTreeMap;
use std::sync::Arc;

/// How to run a module's tests (`terraform test`'s options).
#[derive(Clone, Debug)]
pub struct TestOptions {
    /// `-filter`: only these test files (paths from the module's
    /// directory).
    pub filter: Vec<String>,
    /// `-test-directory` (`tests`).
    pub test_directory: String,
    /// `-var` and `-var-file`.
    pub cli: Vec<CliInput>,
    /// `-verbose`: each run's values.
    pub verbose: bool,
    /// Where generated values (mocked strings, ids) start.
    pub seed: u64,
    /// A place to inspect (a test file's path and a byte range in it): the
    /// values the innermost expression of an assertion there took.
    pub inspect: Option<(String, usize, usize)>,
}

impl Default for TestOptions {
    fn default() -> TestOptions {
        TestOptions { filter: Vec::new(), test_directory: "tests".into(), cli: Vec::new(), verbose: false, seed: 0x5eed, inspect: None }
    }
}

/// What a run, a file or the suite came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every assertion held.
    Pass,
    /// Not run: an earlier run of the file stopped with an error.
    Skip,
    /// An assertion failed.
    Fail,
    /// An error stopped it (printed `fail`).
    Error,
}

impl Status {
    /// The word the programs print.
    pub fn word(self) -> &'static str {
        match self {
            Status::Pass => "pass",
            Status::Skip => "skip",
            Status::Fail | Status::Error => "fail",
        }
    }
}

/// A diagnostic of a test run, with what Terraform prints with it.
#[derive(Clone, Debug)]
pub struct TestDiagnostic {
    /// A warning (printed on standard output) rather than an error.
    pub warning: bool,
    /// Summary and detail, as the programs word them.
    pub summary: String,
    /// The detail (for a failed assertion, its error message).
    pub detail: String,
    /// The file (path and text) and range it points at, if any.
    pub place: Option<(String, Arc<str>, Span)>,
    /// The outermost block around the range (`run "name"`).
    pub context: Option<String>,
    /// Values of the references in the expression (`output.x`, `is "a"`).
    pub values: Vec<(String, String)>,
    /// A failed comparison's two sides, as the program shows them.
    pub comparison: Option<values::Comparison>,
}

impl TestDiagnostic {
    /// A warning about no place in particular.
    pub(crate) fn sourceless_warning(summary: impl Into<String>, detail: impl Into<String>) -> TestDiagnostic {
        TestDiagnostic {
            warning: true,
            summary: summary.into(),
            detail: detail.into(),
            place: None,
            context: None,
            values: Vec::new(),
            comparison: None,
        }
    }
}

/// One run's result.
#[derive(Clone, Debug)]
pub struct RunResult {
    /// The run block's name.
    pub name: String,
    /// What it came to.
    pub status: Status,
    /// Its errors and warnings, in order.
    pub diagnostics: Vec<TestDiagnostic>,
    /// Its output values as the console prints them.
    pub outputs: Vec<(String, String)>,
    /// What `-verbose` prints after its line: the state after an apply,
    /// the plan after a plan.
    pub verbose: String,
    /// Where its block starts (bytes in its file), for the page.
    pub span: Span,
}

/// One test file's result.
#[derive(Clone, Debug)]
pub struct FileResult {
    /// Its path from the module's directory.
    pub name: String,
    /// The worst of its runs' statuses.
    pub status: Status,
    /// Each run block, in order.
    pub runs: Vec<RunResult>,
    /// Its text (the runs' ranges are in it).
    pub text: Arc<str>,
}

/// Every test file's result: what `terraform test` prints.
#[derive(Clone, Debug)]
pub struct TestSuite {
    /// The engine whose output it is.
    pub profile: Profile,
    /// Each test file run, in path order.
    pub files: Vec<FileResult>,
    /// Errors in the test files or the module that stop every run
    /// (printed alone).
    pub errors: Vec<TestDiagnostic>,
    /// Warnings about the options (an unknown `-filter` file).
    pub warnings: Vec<TestDiagnostic>,
    /// `-verbose`: each run's values are printed.
    pub verbose: bool,
    /// What the place [`TestOptions::inspect`] names evaluated to.
    pub inspection: Option<crate::eval::inspect::Inspection>,
}

impl TestSuite {
    /// Whether `terraform test` exits 0.
    pub fn passed(&self) -> bool {
        self.errors.is_empty() && self.files.iter().all(|f| f.status <= Status::Skip)
    }
}

/// Whether `name` is a test file for `profile` (`.tftest.hcl`,
/// `.tftest.json`, and OpenTofu's `.tofutest.hcl`).
pub fn is_test_file(name: &str, profile: Profile) -> bool {
    name.ends_with(".tftest.hcl") || name.ends_with(".tftest.json") || profile == Profile::OpenTofu && name.ends_with(".tofutest.hcl")
}

/// The test files of the module: its own directory's and the test
/// directory's, in path order (OpenTofu's `x.tofutest.hcl` in place of
/// `x.tftest.hcl`).
fn test_files(files: &[(String, String)], dir: &str, profile: Profile) -> Vec<usize> {
    let dir = dir.trim_end_matches('/');
    let mut found: Vec<usize> = (0..files.len())
        .filter(|&i| {
            let name = &files[i].0;
            let parent = name.rsplit_once('/').map_or("", |(d, _)| d);
            (parent.is_empty() || parent == dir) && is_test_file(name, profile)
        })
        .collect();
    if profile == Profile::OpenTofu {
        let shadowed: Vec<String> =
            found.iter().filter_map(|&i| files[i].0.strip_suffix(".tofutest.hcl").map(|s| format!("{s}.tftest.hcl"))).collect();
        found.retain(|&i| !shadowed.contains(&files[i].0));
    }
    found.sort_by(|a, b| files[*a].0.cmp(&files[*b].0));
    found
}

/// Runs the tests of the module made of `files` (paths from its
/// directory, as [`Module::load`] takes them).
pub fn run_tests(files: Vec<(String, String)>, options: &ModuleOptions, test: &TestOptions) -> TestSuite {
    let profile = options.profile;
    let module = Module::load(files, options);
    let mut suite =
        TestSuite { profile, files: Vec::new(), errors: Vec::new(), warnings: Vec::new(), verbose: test.verbose, inspection: None };
    let found = test_files(module.files(), &test.test_directory, profile);
    // Every test file is decoded before any run, even those filtered out.
    let mut decoded = Vec::new();
    let mut errors = Vec::new();
    let wanted = |name: &str| test.filter.is_empty() || test.filter.iter().any(|f| f == name);
    for &i in &found {
        let (name, text) = &module.files()[i];
        let first = errors.len();
        let parsed = match name.ends_with(".json") {
            true => {
                let (body, diags) = json::parse(text, name, &options.limits, profile);
                errors.extend(diags.into_iter().map(|d| ModuleDiagnostic::at(i, d)));
                Ok(body)
            }
            false => crate::syntax::parse_config(text, name, &options.limits, profile),
        };
        match parsed {
            Ok(body) => {
                let mut tf = file::decode(name, i, &body, text, profile, &mut errors);
                mock_files(&module, &mut tf, &mut errors);
                decoded.push(tf);
                // A JSON file's syntax and decoding errors come in the
                // order of where they are, as Terraform lists them.
                if name.ends_with(".json") {
                    errors[first..].sort_by_key(|d| d.diagnostic.subject.start);
                }
            }
            Err(ds) => errors.extend(ds.into_iter().map(|d| ModuleDiagnostic::at(i, d))),
        }
    }
    errors.extend(module.root().diags.iter().filter(|d| !d.warning).cloned());
    // A run's `module` source must be installed (by `init`), as a child
    // module's: every run stops before the first.
    let engine = if profile == Profile::OpenTofu { "tofu" } else { "terraform" };
    for tf in &decoded {
        for run in &tf.runs {
            let Some((source, decl)) = &run.module else { continue };
            if run::module_of(&module, source).is_none() {
                let detail = format!(
                    "This module is not yet installed. Run \"{engine} init\" to install all modules required by this configuration."
                );
                errors.push(ModuleDiagnostic::at(tf.file, Diagnostic::error("Module not installed", detail, *decl)));
            }
        }
    }
    if !errors.is_empty() {
        suite.errors = errors.iter().map(|d| diagnostic(&module, d)).collect();
        return suite;
    }
    for f in &test.filter {
        if !decoded.iter().any(|tf| &tf.name == f) {
            suite.warnings.push(match profile {
                Profile::OpenTofu => TestDiagnostic::sourceless_warning(
                    "No tests were found",
                    "-filter is being used but no tests were found. Make sure you're using a relative path to the current working directory.",
                ),
                _ => TestDiagnostic::sourceless_warning("Unknown test file", format!("The specified test file, {f}, could not be found.")),
            });
        }
    }
    let mut seed = test.seed;
    for tf in &decoded {
        if !wanted(&tf.name) {
            continue;
        }
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let watch = test.inspect.as_ref().filter(|(path, _, _)| *path == tf.name).map(|(_, start, end)| crate::module::load::Watch {
            file: tf.file,
            start: *start,
            end: *end,
            ..Default::default()
        });
        let (result, inspection) = run_file(&module, tf, test, seed, watch);
        suite.files.push(result);
        suite.inspection = suite.inspection.take().or(inspection);
    }
    suite
}

/// Each mock provider's `source` directory of `.tfmock.hcl` files, read
/// into it (Terraform's `LoadMockDataDir`).
fn mock_files(module: &Module, tf: &mut TestFile, errors: &mut Vec<ModuleDiagnostic>) {
    let opts = module.options();
    for m in &mut tf.mocks {
        let Some((source, span)) = m.source.clone() else { continue };
        let dir = crate::module::load::install::join("", &source).unwrap_or_default();
        let in_dir: Vec<usize> = (0..module.files().len())
            .filter(|&i| {
                let name = &module.files()[i].0;
                let parent = name.rsplit_once('/').map_or("", |(d, _)| d);
                parent == dir && name.ends_with(".tfmock.hcl")
            })
            .collect();
        let exists = module.files().iter().any(|(n, _)| n.starts_with(&format!("{dir}/")));
        if !exists {
            let d = Diagnostic::error(
                "Failed to read mock data directory",
                format!("Mock data directory {source} does not exist or cannot be read."),
                span,
            );
            errors.push(ModuleDiagnostic::at(tf.file, d));
            continue;
        }
        for i in in_dir {
            let (name, text) = &module.files()[i];
            match crate::syntax::parse_config(text, name, &opts.limits, opts.profile) {
                Ok(body) => file::add_mock_file(m, name, i, &body, text, opts.profile, errors),
                Err(ds) => errors.extend(ds.into_iter().map(|d| ModuleDiagnostic::at(i, d))),
            }
        }
    }
}

/// The state of a file's runs so far.
struct FileState {
    /// Each instance's `resource "t" "n"` header (and whether it is a data
    /// source), by address, and each state's outputs after its last apply.
    headers: BTreeMap<String, (String, bool)>,
    state_outputs: BTreeMap<String, BTreeMap<String, Value>>,
    /// The place to inspect, as a watch, while not yet reached; then what
    /// was seen there.
    watch: Option<crate::module::load::Watch>,
    inspection: Option<crate::eval::inspect::Inspection>,
    /// Resource instances applied, by state key (the module's source) and
    /// address.
    states: BTreeMap<String, BTreeMap<String, Value>>,
    /// Each earlier run's output values, by name (those `run.x` reads).
    runs: BTreeMap<String, Value>,
    /// The files earlier applies wrote (hashicorp/local's resources), by
    /// path in the module.
    written: Vec<(String, String)>,
    /// The values every run of the file has (variables files, `-var`),
    /// read once per file.
    globals: BTreeMap<String, run::Global>,
}

fn run_file(
    module: &Arc<Module>,
    tf: &TestFile,
    test: &TestOptions,
    seed: u64,
    watch: Option<crate::module::load::Watch>,
) -> (FileResult, Option<crate::eval::inspect::Inspection>) {
    let text = Arc::from(module.files()[tf.file].1.as_str());
    let mut result = FileResult { name: tf.name.clone(), status: Status::Pass, runs: Vec::new(), text };
    let mut state = FileState {
        watch,
        inspection: None,
        headers: BTreeMap::new(),
        state_outputs: BTreeMap::new(),
        states: BTreeMap::new(),
        runs: BTreeMap::new(),
        written: Vec::new(),
        globals: run::global_variables(module, tf, test),
    };
    let mut stopped = false;
    for (k, run) in tf.runs.iter().enumerate() {
        if stopped {
            result.runs.push(RunResult {
                name: run.name.clone(),
                status: Status::Skip,
                diagnostics: Vec::new(),
                outputs: Vec::new(),
                verbose: String::new(),
                span: run.decl,
            });
            continue;
        }
        let r = run::run_one(module, tf, run, test, seed.wrapping_add(k as u64 * 0x9e37_79b9), &mut state);
        stopped = r.status == Status::Error;
        result.runs.push(r);
    }
    // The worst run's status, but a file with a passing run and skips passes.
    result.status = result.runs.iter().map(|r| r.status).max().unwrap_or(Status::Pass);
    if result.status == Status::Skip && result.runs.iter().any(|r| r.status == Status::Pass) {
        result.status = Status::Pass;
    }
    (result, state.inspection)
}

/// A module diagnostic with its file, text and context, as a test
/// result holds it.
fn diagnostic(module: &Module, d: &ModuleDiagnostic) -> TestDiagnostic {
    let place = match d.source {
        Source::File(f) => module.files().get(f).map(|(n, t)| (n.clone(), Arc::<str>::from(t.as_str()), d.diagnostic.subject)),
        _ => None,
    };
    let context = match d.source {
        Source::File(f) => context_of(module, f, d.diagnostic.subject.start),
        _ => None,
    };
    TestDiagnostic {
        warning: d.warning,
        summary: d.diagnostic.summary.clone(),
        detail: d.diagnostic.detail.clone(),
        place,
        context,
        values: Vec::new(),
        comparison: None,
    }
}

/// hcl's `ContextString`: the outermost block around byte `at` of file
/// `f` (`run "name"`, `resource "t" "n"`).
fn context_of(module: &Module, f: usize, at: usize) -> Option<String> {
    let (name, text) = module.files().get(f)?;
    // Terraform asks for the context of the byte before the range.
    if name.ends_with(".json") {
        return json::context(text, at.checked_sub(1)?, module.options().limits.max_depth);
    }
    let parsed;
    let body: &Body = match module.bodies().get(f) {
        Some(b) if !b.items.is_empty() => b,
        _ => {
            parsed = crate::syntax::parse_config(text, name, &module.options().limits, module.options().profile).ok()?;
            &parsed
        }
    };
    // Terraform asks for the context of the byte before the range.
    let at = at.checked_sub(1)?;
    let block = body.blocks().find(|b| b.kind_span.start <= at && at < b.close_brace.end)?;
    let mut s = block.kind.clone();
    for (l, _) in &block.labels {
        s.push_str(&format!(" {}", crate::value::go_quote(l, module.options().profile)));
    }
    Some(s)
}
