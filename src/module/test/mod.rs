//! Tests: a module's test files run as `terraform test` and `tofu test`
//! run them, offline — each `run` block planned (and applied, where every
//! resource is mocked, overridden or built in) over the variables the
//! file and the run give, its assertions and expected failures checked,
//! the state of applies carried from run to run; `file` decodes the test
//! files, `values` describes values in diagnostics, `report` prints the
//! results as the programs print them.
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
pub(crate) mod report;
pub(crate) mod values;

use self::file::{Command, OverrideKind, Run, TestFile};
use crate::diagnostics::{Diagnostic, Span};
use crate::module::load::inputs::{CliInput, Inputs, RunInputs};
use crate::module::load::{Module, ModuleDiagnostic, ModuleOptions, Source};
use crate::module::plan::testing::{Defaults, Mock, Override, Testing};
use crate::module::result::Evaluation;
use crate::profile::Profile;
use crate::syntax::ast::{Body, Expression};
use crate::value::{SortedMap, Value};
use std::collections::BTreeMap;
use std::rc::Rc;
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

/// One run's result.
#[derive(Clone, Debug)]
pub struct RunResult {
    /// The run block's name.
    pub name: String,
    /// What it came to.
    pub status: Status,
    /// Its errors and warnings, in order.
    pub diagnostics: Vec<TestDiagnostic>,
    /// Its output values as the console prints them (for `-verbose`).
    pub outputs: Vec<(String, String)>,
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

/// Whether `name` is a test file for `profile`.
fn is_test_file(name: &str, profile: Profile) -> bool {
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
        if name.ends_with(".json") {
            if !wanted(name) {
                continue;
            }
            let d = Diagnostic::error(
                "JSON test files are not supported here",
                format!("The playground reads test files in the native syntax only; {name} was not run."),
                Span::default(),
            );
            suite.warnings.push(diagnostic(
                &module,
                &ModuleDiagnostic { warning: true, ..ModuleDiagnostic::general("", "") }.with(d),
                None,
            ));
            continue;
        }
        match crate::syntax::parse_config(text, name, &options.limits, profile) {
            Ok(body) => {
                let mut tf = file::decode(name, i, &body, text, profile, &mut errors);
                mock_files(&module, &mut tf, &mut errors);
                decoded.push((tf, Rc::new(body)));
            }
            Err(ds) => errors.extend(ds.into_iter().map(|d| ModuleDiagnostic::at(i, d))),
        }
    }
    errors.extend(module.root().diags.iter().filter(|d| !d.warning).cloned());
    if !errors.is_empty() {
        suite.errors = errors.iter().map(|d| diagnostic(&module, d, None)).collect();
        return suite;
    }
    for f in &test.filter {
        if !decoded.iter().any(|(tf, _)| &tf.name == f) && !f.ends_with(".json") {
            let d = match profile {
                Profile::OpenTofu => Diagnostic::error(
                    "No tests were found",
                    "-filter is being used but no tests were found. Make sure you're using a relative path to the current working directory.",
                    Span::default(),
                ),
                _ => Diagnostic::error("Unknown test file", format!("The specified test file, {f}, could not be found."), Span::default()),
            };
            suite.warnings.push(diagnostic(
                &module,
                &ModuleDiagnostic { warning: true, ..ModuleDiagnostic::general("", "") }.with(d),
                None,
            ));
        }
    }
    let mut seed = test.seed;
    for (tf, body) in &decoded {
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
        let (result, inspection) = run_file(&module, tf, body, test, seed, watch);
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

impl ModuleDiagnostic {
    fn with(self, d: Diagnostic) -> ModuleDiagnostic {
        ModuleDiagnostic { diagnostic: d, ..self }
    }
}

/// The state of a file's runs so far.
struct FileState {
    /// The place to inspect, as a watch, while not yet reached; then what
    /// was seen there.
    watch: Option<crate::module::load::Watch>,
    inspection: Option<crate::eval::inspect::Inspection>,
    /// Resource instances applied, by state key (the module's source) and
    /// address.
    states: BTreeMap<String, BTreeMap<String, Value>>,
    /// Each earlier run's output values, by name (those `run.x` reads).
    runs: BTreeMap<String, Value>,
}

fn run_file(
    module: &Arc<Module>,
    tf: &TestFile,
    body: &Rc<Body>,
    test: &TestOptions,
    seed: u64,
    watch: Option<crate::module::load::Watch>,
) -> (FileResult, Option<crate::eval::inspect::Inspection>) {
    let text = Arc::from(module.files()[tf.file].1.as_str());
    let mut result = FileResult { name: tf.name.clone(), status: Status::Pass, runs: Vec::new(), text };
    let mut state = FileState { watch, inspection: None, states: BTreeMap::new(), runs: BTreeMap::new() };
    let mut stopped = false;
    let _ = body;
    for (k, run) in tf.runs.iter().enumerate() {
        if stopped {
            result.runs.push(RunResult {
                name: run.name.clone(),
                status: Status::Skip,
                diagnostics: Vec::new(),
                outputs: Vec::new(),
                span: run.decl,
            });
            continue;
        }
        let r = run_one(module, tf, run, test, seed.wrapping_add(k as u64 * 0x9e37_79b9), &mut state);
        stopped = r.status == Status::Error;
        result.runs.push(r);
    }
    result.status = result.runs.iter().map(|r| r.status).max().unwrap_or(Status::Pass);
    if result.status == Status::Skip && result.runs.iter().all(|r| r.status == Status::Skip) && !result.runs.is_empty() {
        result.status = Status::Skip;
    } else if result.status == Status::Skip {
        result.status = Status::Pass;
    }
    (result, state.inspection)
}

/// The module a run tests: the module itself, or the one its
/// `module { source }` names among the files.
fn module_of(module: &Arc<Module>, source: &str) -> Option<Arc<Module>> {
    let dir = crate::module::load::install::join("", source)?;
    if dir.is_empty() || dir.starts_with("..") {
        return None;
    }
    let prefix = format!("{dir}/");
    // The files keep their places (a test file's expressions are
    // evaluated in the module under test): those of the source directory
    // from its root, the others out of any configuration.
    let files: Vec<(String, String)> = module
        .files()
        .iter()
        .map(|(n, t)| match n.strip_prefix(&prefix) {
            Some(rest) => (rest.to_string(), t.clone()),
            None if is_test_file(n, module.options().profile) => (n.clone(), t.clone()),
            None => (format!("{n}.outside"), t.clone()),
        })
        .collect();
    files.iter().any(|(n, _)| n.ends_with(".tf") && !n.contains('/')).then(|| Module::load(files, module.options()))
}

fn run_one(module: &Arc<Module>, tf: &TestFile, run: &Run, test: &TestOptions, seed: u64, state: &mut FileState) -> RunResult {
    let profile = module.options().profile;
    let tofu = profile == Profile::OpenTofu;
    let mut out = RunResult { name: run.name.clone(), status: Status::Pass, diagnostics: Vec::new(), outputs: Vec::new(), span: run.decl };
    let fail = |mut out: RunResult, ds: Vec<TestDiagnostic>| {
        out.status = Status::Error;
        out.diagnostics.extend(ds);
        out
    };
    let (target, key) = match &run.module {
        Some((source, decl)) => {
            match module_of(module, source) {
                Some(m) => (m, source.clone()),
                None => {
                    let engine = if tofu { "tofu" } else { "terraform" };
                    let d = Diagnostic::error(
                    "Module not installed",
                    format!("This module is not yet installed. Run \"{engine} init\" to install all modules required by this configuration."),
                    *decl,
                );
                    return fail(out, vec![diagnostic(module, &ModuleDiagnostic::at(tf.file, d), None)]);
                }
            }
        }
        None => (module.clone(), String::new()),
    };
    let key = run.state_key.clone().unwrap_or(key);
    // The variables: the file's, then the run's, over `run` and `var`.
    let mut scope_errors = Vec::new();
    let runs_value = Value::Object(state.runs.clone().into_iter().collect::<BTreeMap<_, _>>().into());
    let mut test_vars: BTreeMap<String, Value> = BTreeMap::new();
    for c in &test.cli {
        if let CliInput::Var(n, v) = c {
            test_vars.insert(n.clone(), Value::string(v.clone(), profile));
        }
    }
    let constant_scope = |vars: &BTreeMap<String, Value>| -> SortedMap<Value> {
        [("run".to_string(), runs_value.clone()), ("var".to_string(), Value::Object(vars.clone().into()))].into_iter().collect()
    };
    for (name, default) in &tf.variable_blocks {
        if let Some(e) = default {
            if let Some(v) = evaluate(module, tf.file, e, &constant_scope(&test_vars), &mut scope_errors) {
                test_vars.insert(name.clone(), v);
            }
        }
    }
    let mut given: BTreeMap<String, Value> = BTreeMap::new();
    for a in tf.variables.iter().chain(run.variables.iter()) {
        if let Some(v) = evaluate(module, tf.file, &a.expr, &constant_scope(&test_vars), &mut scope_errors) {
            given.insert(a.name.clone(), v);
        }
    }
    for (name, default) in &tf.variable_blocks {
        if default.is_some() && !given.contains_key(name) {
            if let Some(v) = test_vars.get(name) {
                given.insert(name.clone(), v.clone());
            }
        }
    }
    if !scope_errors.is_empty() {
        return fail(out, scope_errors);
    }
    let root = &target.root().config;
    given.retain(|n, _| root.names.variables.contains_key(n));
    let cli_given = |n: &str| test.cli.iter().any(|c| matches!(c, CliInput::Var(v, _) if v == n));
    let mut missing = Vec::new();
    for v in &root.variables {
        if v.default.is_none() && !given.contains_key(&v.name) && !cli_given(&v.name) {
            let detail = match tofu {
                true => format!("The root module input variable \"{}\" is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.", v.name),
                false => format!("The module under test for run block \"{}\" has a required variable \"{}\" with no set value. Use a -var or -var-file command line argument or add this variable into a \"variables\" block within the test file or run block.", run.name, v.name),
            };
            let d = ModuleDiagnostic::at(v.decl.file, Diagnostic::error("No value for required variable", detail, v.decl.span));
            missing.push(diagnostic(&target, &d, None));
        }
    }
    if !missing.is_empty() {
        return fail(out, missing);
    }
    // Mocks and overrides, the run's before the file's.
    let mut testing = Testing::new(run.command == Command::Apply, seed);
    testing.refresh_only = run.refresh_only;
    testing.targets = run.targets.clone();
    testing.replace = run.replace.clone();
    let mut const_errors = Vec::new();
    let scope = constant_scope(&test_vars);
    for m in &tf.mocks {
        let mut mock = Mock { name: m.name.clone(), alias: m.alias.clone(), resources: BTreeMap::new(), data: BTreeMap::new() };
        for (ty, e, at_plan) in &m.resources {
            let values = e.as_ref().and_then(|e| evaluate(module, tf.file, e, &scope, &mut const_errors)).unwrap_or_else(Value::null);
            mock.resources.insert(ty.clone(), Defaults { values, at_plan: *at_plan });
        }
        for (ty, e, at_plan) in &m.data {
            let values = e.as_ref().and_then(|e| evaluate(module, tf.file, e, &scope, &mut const_errors)).unwrap_or_else(Value::null);
            mock.data.insert(ty.clone(), Defaults { values, at_plan: *at_plan });
        }
        testing.mocks.push(mock);
    }
    let all_overrides = run.overrides.iter().chain(tf.overrides.iter()).chain(tf.mocks.iter().flat_map(|m| m.overrides.iter()));
    for o in all_overrides {
        let values = o.values.as_ref().and_then(|e| evaluate(module, tf.file, e, &scope, &mut const_errors)).unwrap_or_else(Value::null);
        match o.kind {
            OverrideKind::Module => testing.module_overrides.push((o.target.clone(), values, o.at_plan)),
            OverrideKind::Data | OverrideKind::Resource => {
                testing.overrides.push(Override { target: o.target.clone(), values: Defaults { values, at_plan: o.at_plan } })
            }
        }
    }
    if !const_errors.is_empty() {
        return fail(out, const_errors);
    }
    let prior: Vec<(String, Value)> =
        state.states.get(&key).map(|s| s.iter().map(|(k, v)| (k.clone(), v.clone())).collect()).unwrap_or_default();
    let inputs = Inputs { cli: test.cli.clone(), run: RunInputs(Rc::new((given.into_iter().collect(), prior))), ..Inputs::default() };
    let e = crate::module::result::evaluate_with(&target, &inputs, None, None, None, Some(testing));
    // Errors, less those the run expects.
    let mut expected: Vec<(&str, Span, bool)> = run.expect_failures.iter().map(|(a, s)| (a.as_str(), *s, false)).collect();
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    for d in &e.diagnostics {
        if d.kind == crate::module::load::DiagnosticKind::ClosingWarning {
            continue;
        }
        let checkable = checkable_of(&target, d);
        if let Some(x) = expected.iter_mut().find(|(a, _, _)| checkable.as_deref() == Some(*a)) {
            x.2 = true;
            continue;
        }
        let mut td = diagnostic(&target, d, None);
        td.values = condition_values(&e, d);
        // A failed check block fails a test run.
        if d.kind == crate::module::load::DiagnosticKind::CheckAssertion && d.diagnostic.summary == "Check block assertion failed" {
            td.warning = false;
        }
        match td.warning {
            true => warnings.push(td),
            false => errors.push(td),
        }
    }
    if !run.targets.is_empty() {
        warnings.extend(targeting_warnings(run.command == Command::Apply, profile));
    }
    out.diagnostics.extend(warnings);
    let expected_failed = expected.iter().any(|x| x.2);
    for (address, span, met) in &expected {
        if !met {
            let detail = format!("The checkable object, {address}, was expected to report an error but did not.");
            errors.push(diagnostic(
                module,
                &ModuleDiagnostic::at(tf.file, Diagnostic::error("Missing expected failure", detail, *span)),
                Some(&run.name),
            ));
        }
    }
    if e.stopped || !errors.is_empty() {
        return fail(out, errors);
    }
    if let Some(t) = e.testing() {
        let unmocked = t.unmocked.borrow();
        if !unmocked.is_empty() {
            let detail = format!(
                "This run applies {}, whose provider the playground cannot run. Mock the provider with a mock_provider block, override the resources with override_resource blocks, or plan the run (command = plan).",
                unmocked.join(", ")
            );
            let d = ModuleDiagnostic::at(tf.file, Diagnostic::error("Provider not available here", detail, run.decl));
            return fail(out, vec![diagnostic(module, &d, Some(&run.name))]);
        }
    }
    let outputs = outputs_of(&e);
    out.outputs = match &outputs {
        Value::Object(o) => o.iter().map(|(k, v)| (k.clone(), crate::present::console(v, profile))).collect(),
        _ => Vec::new(),
    };
    // The assertions (none when an expected failure stopped the plan).
    if !expected_failed || e.diagnostics.iter().all(|d| d.warning) {
        let (status, ds) = assertions(&e, tf, run, &outputs, &runs_value, test.verbose, state);
        out.status = status;
        out.diagnostics.extend(ds);
    }
    if let Some(t) = e.testing() {
        if run.command == Command::Apply {
            let applied = t.applied.borrow();
            let s = state.states.entry(key).or_default();
            for (k, v) in applied.iter() {
                s.insert(k.clone(), v.clone());
            }
        }
    }
    // OpenTofu's `run.x` holds only applies' outputs.
    if !tofu || run.command == Command::Apply {
        state.runs.insert(run.name.clone(), outputs);
    }
    out
}

/// The warnings of a plan (and an apply) with `plan_options.target`.
fn targeting_warnings(apply: bool, profile: Profile) -> Vec<TestDiagnostic> {
    let warning = |summary: &str, detail: &str| TestDiagnostic {
        warning: true,
        summary: summary.into(),
        detail: detail.into(),
        place: None,
        context: None,
        values: Vec::new(),
        comparison: None,
    };
    let (plan, applied) = match profile {
        Profile::OpenTofu => (
            "You are creating a plan with either the -target option or the -exclude option, which means that the result of this plan may not represent all of the changes requested by the current configuration.\n\nThe -target and -exclude options are not for routine use, and are provided only for exceptional situations such as recovering from errors or mistakes, or when OpenTofu specifically suggests to use it as part of an error message.",
            "The plan was created with the -target or the -exclude option in effect, so some changes requested in the configuration may have been ignored and the output values may not be fully updated. Run the following command to verify that no other changes are pending:\n    tofu plan\n\t\nNote that the -target and -exclude options are not suitable for routine use, and are provided only for exceptional situations such as recovering from errors or mistakes, or when OpenTofu specifically suggests to use it as part of an error message.",
        ),
        _ => (
            "You are creating a plan with the -target option, which means that the result of this plan may not represent all of the changes requested by the current configuration.\n\nThe -target option is not for routine use, and is provided only for exceptional situations such as recovering from errors or mistakes, or when Terraform specifically suggests to use it as part of an error message.",
            "The plan was created with the -target option in effect, so some changes requested in the configuration may have been ignored and the output values may not be fully updated. Run the following command to verify that no other changes are pending:\n    terraform plan\n\nNote that the -target option is not suitable for routine use, and is provided only for exceptional situations such as recovering from errors or mistakes, or when Terraform specifically suggests to use it as part of an error message.",
        ),
    };
    // These are wrapped a column narrower than other diagnostics (but
    // Terraform's plan warning), and Terraform prints a blank line after
    // the apply's.
    let narrow = |text: &str| {
        text.split('\n').map(|l| if l.starts_with(' ') { l.to_string() } else { report::wrap(l, 77) }).collect::<Vec<_>>().join("\n")
    };
    let tofu = profile == Profile::OpenTofu;
    let mut out = vec![warning("Resource targeting is in effect", &if tofu { narrow(plan) } else { plan.to_string() })];
    if apply {
        let detail = if tofu { narrow(applied) } else { narrow(applied) + "\n" };
        out.push(warning("Applied changes may be incomplete", &detail));
    }
    out
}

/// The run's output values as `output` shows them in assertions.
fn outputs_of(e: &Evaluation) -> Value {
    let m: BTreeMap<String, Value> =
        e.values.iter().filter_map(|v| v.address.strip_prefix("output.").map(|n| (n.to_string(), v.value.clone()))).collect();
    Value::Object(m.into())
}

/// Evaluates a test file's constant expression (variables, mock
/// defaults, override values) over `scope`.
fn evaluate(module: &Module, file: usize, e: &Expression, scope: &SortedMap<Value>, errors: &mut Vec<TestDiagnostic>) -> Option<Value> {
    let (name, text) = &module.files()[file];
    let opts = module.options();
    let value_of = |x: &Expression| {
        let mut ev = crate::eval::Evaluator::new(scope, &opts.limits).with_profile(opts.profile).with_source(text, name);
        let v = ev.eval(x);
        ev.diags.is_empty().then_some(v)
    };
    let mut ev = crate::eval::Evaluator::new(scope, &opts.limits).with_profile(opts.profile).with_source(text, name);
    let v = ev.eval(e);
    if ev.diags.is_empty() {
        return Some(v);
    }
    for d in ev.diags {
        let mut td = diagnostic(module, &ModuleDiagnostic::at(file, d), None);
        td.values = values::references_in(text, e, opts.profile, values::Style::Compact, &value_of);
        errors.push(td);
    }
    None
}

/// The checkable object a diagnostic is about (`var.x`, `output.x`,
/// `t.n`, `data.t.n`, `check.c`): the block of the module's files it
/// points into.
fn checkable_of(module: &Module, d: &ModuleDiagnostic) -> Option<String> {
    let Source::File(f) = d.source else { return None };
    let body = module.bodies().get(f)?;
    let at = d.diagnostic.subject.start;
    let block = body.blocks().find(|b| b.kind_span.start <= at && at <= b.close_brace.end)?;
    let label = |i: usize| block.labels.get(i).map(|(l, _)| l.as_str()).unwrap_or("");
    Some(match block.kind.as_str() {
        "variable" => format!("var.{}", label(0)),
        "output" => format!("output.{}", label(0)),
        "check" => format!("check.{}", label(0)),
        "resource" => format!("{}.{}", label(0), label(1)),
        "data" => format!("data.{}.{}", label(0), label(1)),
        _ => return None,
    })
}

/// The values of the references of a failed custom condition in the
/// module (a resource's pre- or postcondition, an output's precondition,
/// a check's assertion), as Terraform shows them under its diagnostic.
fn condition_values(e: &Evaluation, d: &ModuleDiagnostic) -> Vec<(String, String)> {
    const FAILED: [&str; 4] = [
        "Resource precondition failed",
        "Resource postcondition failed",
        "Module output value precondition failed",
        "Check block assertion failed",
    ];
    let Source::File(f) = d.source else { return Vec::new() };
    if !FAILED.contains(&d.diagnostic.summary.as_str()) {
        return Vec::new();
    }
    let module = e.module();
    let Some(condition) = module.bodies().get(f).and_then(|b| expression_at(b, d.diagnostic.subject)) else { return Vec::new() };
    let text = &module.files()[f].1;
    values::references_in(text, condition, module.options().profile, values::Style::Compact, &|x| e.test_expression(x, f, &[]).ok())
}

/// The argument's expression in `body` (at any depth) whose range is `span`.
fn expression_at(body: &Body, span: Span) -> Option<&Expression> {
    for item in &body.items {
        match item {
            crate::syntax::ast::BodyItem::Attribute(a) if a.expr.span == span => return Some(&a.expr),
            crate::syntax::ast::BodyItem::Block(b) => {
                if let Some(x) = expression_at(&b.body, span) {
                    return Some(x);
                }
            }
            _ => {}
        }
    }
    None
}

/// A run's assertions: the status they give and their diagnostics.
fn assertions(
    e: &Evaluation,
    tf: &TestFile,
    run: &Run,
    outputs: &Value,
    runs: &Value,
    verbose: bool,
    state: &mut FileState,
) -> (Status, Vec<TestDiagnostic>) {
    let module = e.module();
    let profile = module.options().profile;
    let tofu = profile == Profile::OpenTofu;
    let mut status = Status::Pass;
    let mut ds = Vec::new();
    // OpenTofu evaluates an assertion that reads `run` in an empty scope:
    // each name is unknown, and `run.x` an undeclared resource besides.
    let reads_run = |x: &Expression| crate::syntax::traversals(x).iter().any(|(root, _, _)| *root == "run");
    if tofu && run.asserts.iter().any(|a| reads_run(&a.condition) || reads_run(&a.error_message)) {
        for a in &run.asserts {
            if !(reads_run(&a.condition) || reads_run(&a.error_message)) {
                continue;
            }
            for x in [&a.condition, &a.error_message] {
                for (root, span, steps) in crate::syntax::traversals(x) {
                    let d = Diagnostic::error("Unknown variable", format!("There is no variable named \"{root}\"."), span);
                    ds.push(diagnostic(module, &ModuleDiagnostic::at(tf.file, d), Some(&run.name)));
                    if root == "run" {
                        if let Some(crate::syntax::ast::Step::GetAttr { name, span: s }) = steps.first() {
                            let d = Diagnostic::error(
                                "Reference to undeclared resource",
                                format!("There is no managed resource \"run\" \"{name}\" definition in the root module."),
                                span.to(*s),
                            );
                            ds.push(diagnostic(module, &ModuleDiagnostic::at(tf.file, d), Some(&run.name)));
                        }
                    }
                }
            }
        }
        return (Status::Error, ds);
    }
    // OpenTofu's assertions see what is not known yet as null.
    let outputs = if tofu { values::unknown_as_null(outputs) } else { outputs.clone() };
    let roots: [(&'static str, Value); 2] = [("output", outputs), ("run", runs.clone())];
    for a in &run.asserts {
        let cond = match watched(e, &a.condition, tf.file, &roots, state) {
            Ok(v) => v,
            Err(errs) => {
                ds.extend(errs.iter().filter(|d| !d.warning).map(|d| diagnostic(module, d, Some(&run.name))));
                return (Status::Error, ds);
            }
        };
        if !cond.is_known() && !tofu {
            let detail = "Condition expression could not be evaluated at this time. This means you have executed a `run` block with `command = plan` and one of the values your condition depended on is not known until after the plan has been applied. Either remove this value from your condition, or execute an `apply` command from this `run` block. Alternatively, if there is an override for this value, you can make it available during the plan phase by setting `override_during = plan` in the `override_` block.";
            let d = ModuleDiagnostic::at(tf.file, Diagnostic::error("Unknown condition value", detail, a.condition.span));
            let mut td = diagnostic(module, &d, Some(&run.name));
            td.values = values::reference_values(e, tf.file, &a.condition, &roots, values::Style::Compact);
            ds.push(td);
            return (Status::Error, ds);
        }
        let truth = match cond.unmarked() {
            Value::Bool(b) => *b,
            Value::Null(_) => {
                let d = Diagnostic::error(
                    "Invalid condition run",
                    "Condition expression must return either true or false, not null.",
                    a.condition.span,
                );
                let mut td = diagnostic(module, &ModuleDiagnostic::at(tf.file, d), Some(&run.name));
                td.values = values::reference_values(e, tf.file, &a.condition, &roots, values::Style::Compact);
                ds.push(td);
                return (Status::Error, ds);
            }
            _ => false,
        };
        if truth {
            continue;
        }
        let message = match watched(e, &a.error_message, tf.file, &roots, state) {
            Ok(v) => match crate::value::convert::convert(&v, &crate::value::Type::String, profile) {
                Ok(s) => s.unmarked().as_str().unwrap_or("").to_string(),
                Err(_) => String::new(),
            },
            Err(errs) => {
                ds.extend(errs.iter().filter(|d| !d.warning).map(|d| diagnostic(module, d, Some(&run.name))));
                return (Status::Error, ds);
            }
        };
        let d = ModuleDiagnostic::at(tf.file, Diagnostic::error("Test assertion failed", message, a.condition.span));
        let mut td = diagnostic(module, &d, Some(&run.name));
        let style = if tofu { values::Style::Compact } else { values::Style::Json };
        td.comparison = values::comparison(e, tf.file, &a.condition, &roots, profile, verbose);
        let show = tofu || verbose || td.comparison.is_none();
        if show {
            td.values = values::reference_values(e, tf.file, &a.condition, &roots, style);
        }
        ds.push(td);
        status = Status::Fail;
    }
    (status, ds)
}

/// [`Evaluation::test_expression`], watching the place the file's
/// inspection names if `x` holds it: what it saw is kept as the
/// inspection.
fn watched(
    e: &Evaluation,
    x: &Expression,
    file: usize,
    roots: &[(&'static str, Value)],
    state: &mut FileState,
) -> Result<Value, Vec<ModuleDiagnostic>> {
    let held = state.watch.as_ref().filter(|w| x.span.start <= w.start && w.end <= x.span.end).cloned();
    let Some(w) = held else { return e.test_expression(x, file, roots) };
    let before = e.set_watch(Some(w.clone()));
    let result = e.test_expression(x, file, roots);
    let seen = e.set_watch(before).unwrap_or_default();
    if let Some(found) = crate::eval::inspect::node_at(x, w.start, w.end) {
        let span = seen.span.unwrap_or(found.node.span);
        let diagnostics = match &result {
            Err(ds) => ds
                .iter()
                .filter(|d| span.start <= d.diagnostic.subject.start && d.diagnostic.subject.end <= span.end)
                .map(|d| d.diagnostic.clone())
                .collect(),
            Ok(_) => Vec::new(),
        };
        state.inspection = Some(crate::eval::inspect::Inspection {
            span,
            hits: seen.hits,
            count: seen.count,
            console_override: None,
            diagnostics,
            needs_full_build: seen.needs_full_build,
        });
        state.watch = None;
    }
    result
}

/// A module diagnostic with its file, text and context, as a test
/// result holds it.
fn diagnostic(module: &Module, d: &ModuleDiagnostic, _run: Option<&str>) -> TestDiagnostic {
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
