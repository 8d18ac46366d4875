//! One run block: its module (the module under test or its `module`
//! block's source), its variables, mocks and overrides, its plan (and
//! apply) over the state of the file's earlier runs, the errors it
//! expects, and its assertions.

use super::file::{Command, OverrideKind, Run, TestFile};
use super::{diagnostic, is_test_file, report, values, FileState, RunResult, Status, TestDiagnostic, TestOptions};
use crate::diagnostics::{Diagnostic, Span};
use crate::module::load::config::ProviderConfig;
use crate::module::load::inputs::{CliInput, Inputs, RunInputs};
use crate::module::load::{Module, ModuleDiagnostic, Source};
use crate::module::plan::testing::{Defaults, Mock, Override, Testing};
use crate::module::result::Evaluation;
use crate::profile::Profile;
use crate::syntax::ast::{Attribute, Block, Body, BodyItem, ExprKind, Expression};
use crate::value::{Marks, SortedMap, Value};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::Arc;

/// The module a run tests: the module itself, or the one its
/// `module { source }` names among the files.
pub(super) fn module_of(module: &Arc<Module>, source: &str) -> Option<Arc<Module>> {
    let dir = crate::module::load::install::join("", source)?;
    if dir.is_empty() || dir.starts_with("..") {
        return None;
    }
    let prefix = format!("{dir}/");
    // The files keep their places (a test file's expressions are
    // evaluated in the module under test): those of the source directory
    // from its root, the others where they are from it (`../../main.tf`),
    // for its calls to reach (`source = "../../"`: the module itself).
    let files: Vec<(String, String)> = module
        .files()
        .iter()
        .map(|(n, t)| match n.strip_prefix(&prefix) {
            Some(rest) => (rest.to_string(), t.clone()),
            None if is_test_file(n, module.options().profile) => (n.clone(), t.clone()),
            None => (relative_to(&dir, n), t.clone()),
        })
        .collect();
    files.iter().any(|(n, _)| n.ends_with(".tf") && !n.contains('/')).then(|| Module::load(files, module.options()))
}

/// File `name`'s path from directory `dir` (both from the root, `dir`
/// not holding it).
fn relative_to(dir: &str, name: &str) -> String {
    let (d, n): (Vec<&str>, Vec<&str>) = (dir.split('/').collect(), name.split('/').collect());
    let common = d.iter().zip(&n).take_while(|(a, b)| a == b).count();
    let up = std::iter::repeat_n("..", d.len() - common);
    up.chain(n[common..].iter().copied()).collect::<Vec<_>>().join("/")
}

pub(super) fn run_one(module: &Arc<Module>, tf: &TestFile, run: &Run, test: &TestOptions, seed: u64, state: &mut FileState) -> RunResult {
    let profile = module.options().profile;
    let tofu = profile == Profile::OpenTofu;
    let mut out = RunResult {
        name: run.name.clone(),
        status: Status::Pass,
        diagnostics: Vec::new(),
        outputs: Vec::new(),
        verbose: String::new(),
        span: run.decl,
    };
    let fail = |mut out: RunResult, ds: Vec<TestDiagnostic>| {
        out.status = Status::Error;
        out.diagnostics.extend(ds);
        out
    };
    // (A source that is not among the files stopped every run before.)
    let (target, key) = match run.module.as_ref().and_then(|(source, _)| module_of(module, source).map(|m| (m, source.clone()))) {
        Some(found) => found,
        None => (module.clone(), String::new()),
    };
    let key = run.state_key.clone().unwrap_or(key);
    // The variables: the file's, then the run's, over `run` and `var`.
    let mut scope_errors = Vec::new();
    let runs_value = Value::Object(state.runs.clone().into_iter().collect::<BTreeMap<_, _>>().into());
    let globals = &state.globals;
    let mut test_vars: BTreeMap<String, Value> = BTreeMap::new();
    for (name, global) in globals {
        let value = match global {
            Global::File(v) => v.clone(),
            Global::Cli(raw) => Value::string(raw.clone(), profile),
        };
        test_vars.insert(name.clone(), value);
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
    // A global value from a variables file is given as a run's is; one
    // from `-var` goes to the module as the command line's.
    let mut given: BTreeMap<String, Value> =
        globals.iter().filter_map(|(n, g)| if let Global::File(v) = g { Some((n.clone(), v.clone())) } else { None }).collect();
    for a in &tf.variables {
        if let Some(v) = evaluate(module, tf.file, &a.expr, &constant_scope(&test_vars), &mut scope_errors) {
            given.insert(a.name.clone(), v);
        }
    }
    // The run's variables read the file's (Terraform), or the module's
    // variables, their defaults where no global value sets them (OpenTofu).
    let run_vars: BTreeMap<String, Value> = match tofu {
        false => test_vars
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .chain(tf.variables.iter().filter_map(|a| given.get(&a.name).map(|v| (a.name.clone(), v.clone()))))
            .collect(),
        true => target
            .root()
            .config
            .variables
            .iter()
            .filter_map(|v| test_vars.get(&v.name).or(v.default.as_ref()).map(|x| (v.name.clone(), x.clone())))
            .collect(),
    };
    for a in &run.variables {
        if let Some(v) = evaluate(module, tf.file, &a.expr, &constant_scope(&run_vars), &mut scope_errors) {
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
    // Terraform warns of a run's value for a variable neither the module
    // nor the run's own expressions read (moduletest's GetVariables).
    if !tofu {
        let root = &target.root().config;
        let mut read = std::collections::BTreeSet::new();
        let exprs = run.asserts.iter().flat_map(|c| [&c.condition, &c.error_message]).chain(run.variables.iter().map(|a| &a.expr));
        for (name, _, steps) in exprs.flat_map(crate::syntax::traversals) {
            if let (true, Some(crate::syntax::ast::Step::GetAttr { name, .. })) = (name == "var", steps.first()) {
                read.insert(name.as_str());
            }
        }
        for a in &run.variables {
            if !root.names.variables.contains_key(&a.name) && !read.contains(a.name.as_str()) {
                let detail = format!(
                    "The module under test does not declare a variable named \"{}\", but it is declared in run block \"{}\".",
                    a.name, run.name
                );
                let mut d = ModuleDiagnostic::at(tf.file, Diagnostic::error("Value for undeclared variable", detail, a.expr.span));
                d.warning = true;
                out.diagnostics.push(diagnostic(module, &d));
            }
        }
    }
    if !scope_errors.is_empty() {
        return fail(out, scope_errors);
    }
    // A provider block reads every variable the run gives, the module's or not.
    let provider_scope = constant_scope(&test_vars.iter().chain(given.iter()).map(|(k, v)| (k.clone(), v.clone())).collect());
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
            missing.push(diagnostic(&target, &d));
        }
    }
    if !missing.is_empty() {
        return fail(out, missing);
    }
    // Mocks and overrides, the run's before the file's.
    let mut testing = Testing::new(run.command == Command::Apply, seed);
    testing.refresh_only = run.refresh_only;
    testing.providers = run.providers.clone();
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
    // The test file's provider blocks: those the run's `providers` names,
    // under the module's names, or else each under its own.
    let own_name = |b: &Rc<Block>| -> Option<(String, Option<String>)> {
        let alias = b.body.attribute("alias").and_then(|a| evaluate(module, tf.file, &a.expr, &provider_scope, &mut Vec::new()));
        Some((b.labels.first()?.0.clone(), alias.and_then(|v| v.as_str().map(str::to_string))))
    };
    let test_providers: Vec<_> = tf.providers.iter().filter_map(|b| Some((own_name(b)?, b))).collect();
    let given_providers: Vec<_> = match &run.providers {
        Some(map) => map
            .iter()
            .filter_map(|(module, test)| test_providers.iter().find(|(n, _)| n == test).map(|(_, b)| (module.clone(), *b)))
            .collect(),
        None => test_providers.clone(),
    };
    for ((name, alias), b) in given_providers {
        let body = evaluated(module, tf.file, &b.body, &provider_scope, &mut const_errors);
        testing.configs.push(ProviderConfig { name, alias, body, file: tf.file });
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
    // What earlier applies wrote is there to read; an apply that writes
    // files is evaluated again over them, as what runs after it (its
    // assertions too) reads them.
    let unwritten = target.clone();
    let target = with_files(&unwritten, &state.written);
    // An apply keeps the outputs its plan knew: the plan first.
    if testing.apply {
        let mut plan = testing.clone();
        plan.apply = false;
        let planned = crate::module::result::evaluate_with(&target, &inputs, None, None, None, Some(plan));
        if let Some(t) = planned.testing() {
            testing.planned_outputs = RefCell::new(t.planned_outputs.take());
        }
    }
    let again = testing.clone();
    let mut e = crate::module::result::evaluate_with(&target, &inputs, None, None, None, Some(testing));
    let written: Vec<(String, String)> = e.testing().map(|t| t.written.borrow().clone()).unwrap_or_default();
    let target = match written.iter().any(|w| !state.written.contains(w)) {
        true => {
            for (path, content) in written {
                state.written.retain(|(p, _)| *p != path);
                state.written.push((path, content));
            }
            let target = with_files(&unwritten, &state.written);
            e = crate::module::result::evaluate_with(&target, &inputs, None, None, None, Some(again));
            target
        }
        false => target,
    };
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
        let mut td = diagnostic(&target, d);
        td.values = condition_values(&e, d);
        // A failed check block fails a test run.
        if d.kind == crate::module::load::DiagnosticKind::CheckAssertion {
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
            errors.push(diagnostic(module, &ModuleDiagnostic::at(tf.file, Diagnostic::error("Missing expected failure", detail, *span))));
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
            return fail(out, vec![diagnostic(module, &d)]);
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
        let output_values: BTreeMap<String, Value> = match &outputs {
            Value::Object(o) => o.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
            _ => BTreeMap::new(),
        };
        let planned = t.planned.borrow();
        for (address, (header, data, _)) in planned.iter() {
            state.headers.insert(address.clone(), (header.clone(), *data));
        }
        let instance = |address: &str, value: &Value| {
            let (header, data) = state.headers.get(address).cloned().unwrap_or_default();
            super::verbose::Instance { address: address.to_string(), header, data, value: value.clone() }
        };
        if run.command == Command::Apply {
            let applied = t.applied.borrow();
            let s = state.states.entry(key.clone()).or_default();
            for (k, v) in applied.iter() {
                s.insert(k.clone(), v.clone());
            }
            if test.verbose {
                let instances: Vec<_> = s.iter().map(|(a, v)| instance(a, v)).collect();
                out.verbose = super::verbose::state(&instances, &output_values, profile);
            }
            state.state_outputs.insert(key, output_values);
        } else if test.verbose {
            let prior = state.states.get(&key);
            let instances: Vec<_> = planned.iter().map(|(a, (_, _, v))| (instance(a, v), prior.and_then(|p| p.get(a)).cloned())).collect();
            let none = BTreeMap::new();
            let prior_outputs = state.state_outputs.get(&key).unwrap_or(&none);
            out.verbose = super::verbose::plan(&instances, &output_values, prior_outputs, run.refresh_only, profile);
        }
    }
    // OpenTofu's `run.x` holds only applies' outputs.
    if !tofu || run.command == Command::Apply {
        state.runs.insert(run.name.clone(), outputs);
    }
    out
}

/// Where a global variable's value comes from.
pub(super) enum Global {
    /// A variables file: its value.
    File(Value),
    /// `-var`: the raw text.
    Cli(String),
}

/// The values every run of test file `tf` has, by name, the last of each:
/// the root directory's variables files (`terraform.tfvars`,
/// `*.auto.tfvars`), the command line's `-var` and `-var-file`, then, for
/// a file in the test directory (for every file: OpenTofu), that
/// directory's variables files.
pub(super) fn global_variables(module: &Module, tf: &TestFile, test: &TestOptions) -> BTreeMap<String, Global> {
    let profile = module.options().profile;
    let mut out = BTreeMap::new();
    let from_files = |files: &[(String, String)], out: &mut BTreeMap<String, Global>| {
        for (name, text) in files {
            out.extend(crate::module::load::inputs::file_values(name, text, profile).into_iter().map(|(n, v)| (n, Global::File(v))));
        }
    };
    let mut root = Inputs::default();
    root.add_auto_files(module.files());
    from_files(&root.files, &mut out);
    for c in &test.cli {
        match c {
            CliInput::Var(n, v) => {
                out.insert(n.clone(), Global::Cli(v.clone()));
            }
            CliInput::File(name, text) => from_files(&[(name.clone(), text.clone())], &mut out),
            _ => {}
        }
    }
    let dir = format!("{}/", test.test_directory.trim_end_matches('/'));
    if profile == Profile::OpenTofu || tf.name.strip_prefix(&dir).is_some_and(|rest| !rest.contains('/')) {
        let inside: Vec<(String, String)> =
            module.files().iter().filter_map(|(n, t)| n.strip_prefix(&dir).map(|rest| (rest.to_string(), t.clone()))).collect();
        let mut tests = Inputs::default();
        tests.add_auto_files(&inside);
        from_files(&tests.files, &mut out);
    }
    out
}

/// The warnings of a plan (and an apply) with `plan_options.target`.
fn targeting_warnings(apply: bool, profile: Profile) -> Vec<TestDiagnostic> {
    let warning = |summary: &str, detail: &str| TestDiagnostic::sourceless_warning(summary, detail);
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
    // Terraform's plan warning).
    let narrow = |text: &str| {
        text.split('\n').map(|l| if l.starts_with(' ') { l.to_string() } else { report::wrap(l, 77) }).collect::<Vec<_>>().join("\n")
    };
    let tofu = profile == Profile::OpenTofu;
    let mut out = vec![warning("Resource targeting is in effect", &if tofu { narrow(plan) } else { plan.to_string() })];
    if apply {
        out.push(warning("Applied changes may be incomplete", &narrow(applied)));
    }
    out
}

/// The run's output values as `output` shows them in assertions.
/// `module` with `written` among its files (replacing those of the same
/// path); the module itself when nothing was written.
fn with_files(module: &Arc<Module>, written: &[(String, String)]) -> Arc<Module> {
    if written.is_empty() {
        return module.clone();
    }
    let mut files = module.files().to_vec();
    for (path, content) in written {
        match files.iter_mut().find(|(n, _)| n == path) {
            Some(f) => f.1 = content.clone(),
            None => files.push((path.clone(), content.clone())),
        }
    }
    Module::load(files, module.options())
}

fn outputs_of(e: &Evaluation) -> Value {
    let m: BTreeMap<String, Value> =
        e.values.iter().filter_map(|v| v.address.strip_prefix("output.").map(|n| (n.to_string(), v.value.clone()))).collect();
    Value::Object(m.into())
}

/// A test file's `provider` block body with each argument (in nested
/// blocks too) replaced by its value over `scope`, as Terraform evaluates
/// it before the run.
fn evaluated(module: &Module, file: usize, body: &Body, scope: &SortedMap<Value>, errors: &mut Vec<TestDiagnostic>) -> Body {
    let items = body
        .items
        .iter()
        .map(|item| match item {
            BodyItem::Attribute(a) => {
                let value = evaluate(module, file, &a.expr, scope, errors).unwrap_or_else(Value::null);
                let expr = Expression { kind: ExprKind::Literal(value), span: a.expr.span };
                BodyItem::Attribute(Rc::new(Attribute { name: a.name.clone(), name_span: a.name_span, expr, span: a.span }))
            }
            BodyItem::Block(b) => {
                let body = evaluated(module, file, &b.body, scope, errors);
                let (kind, labels) = (b.kind.clone(), b.labels.clone());
                BodyItem::Block(Rc::new(Block {
                    kind,
                    kind_span: b.kind_span,
                    labels,
                    body,
                    open_brace: b.open_brace,
                    close_brace: b.close_brace,
                    def_range: b.def_range,
                }))
            }
        })
        .collect();
    Body { items, span: body.span }
}

/// Evaluates a test file's constant expression (variables, mock
/// defaults, override values) over `scope`.
fn evaluate(module: &Module, file: usize, e: &Expression, scope: &SortedMap<Value>, errors: &mut Vec<TestDiagnostic>) -> Option<Value> {
    let (name, text) = &module.files()[file];
    let opts = module.options();
    // OpenTofu's constant expressions of a test file are evaluated before
    // the run plans: the clock stands for its plan's time.
    let now = if opts.profile == Profile::OpenTofu { crate::functions::datetime::clock() } else { String::new() };
    let evaluator = || {
        let ev = crate::eval::Evaluator::new(scope, &opts.limits).with_profile(opts.profile).with_source(text, name);
        match opts.profile {
            Profile::OpenTofu => ev.with_functions(&crate::functions::datetime::OPENTOFU_TEST_FILE).with_plan_time(Some(&now)),
            _ => ev,
        }
    };
    let value_of = |x: &Expression| {
        let mut ev = evaluator();
        let v = ev.eval(x);
        ev.diags.is_empty().then_some(v)
    };
    let mut ev = evaluator();
    let v = ev.eval(e);
    if ev.diags.is_empty() {
        return Some(v);
    }
    for d in ev.diags {
        let mut td = diagnostic(module, &ModuleDiagnostic::at(file, d));
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
                    ds.push(diagnostic(module, &ModuleDiagnostic::at(tf.file, d)));
                    if root == "run" {
                        if let Some(crate::syntax::ast::Step::GetAttr { name, span: s }) = steps.first() {
                            let d = Diagnostic::error(
                                "Reference to undeclared resource",
                                format!("There is no managed resource \"run\" \"{name}\" definition in the root module."),
                                span.to(*s),
                            );
                            ds.push(diagnostic(module, &ModuleDiagnostic::at(tf.file, d)));
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
                ds.extend(errs.iter().filter(|d| !d.warning).map(|d| diagnostic(module, d)));
                return (Status::Error, ds);
            }
        };
        // What only a provider's API tells while planning: the programs
        // know it, the playground does not (Terraform's wording would
        // blame the plan).
        if !cond.is_known() && !tofu && cond.has_mark_deep(Marks::PLAN_READ) {
            let reads = e.plan_reads();
            let detail = format!(
                "The condition depends on data sources that Terraform reads from their providers while planning, which this playground cannot do ({}), so the run is skipped here. Give their attributes with override_data blocks in the test file to check the condition offline.",
                reads.join(", ")
            );
            // Not judged here, so skipped, and the file's later runs go on.
            let mut d =
                ModuleDiagnostic::at(tf.file, Diagnostic::error("Condition depends on data read while planning", detail, a.condition.span));
            d.warning = true;
            ds.push(diagnostic(module, &d));
            return (Status::Skip, ds);
        }
        if !cond.is_known() && !tofu {
            let detail = "Condition expression could not be evaluated at this time. This means you have executed a `run` block with `command = plan` and one of the values your condition depended on is not known until after the plan has been applied. Either remove this value from your condition, or execute an `apply` command from this `run` block. Alternatively, if there is an override for this value, you can make it available during the plan phase by setting `override_during = plan` in the `override_` block.";
            let d = ModuleDiagnostic::at(tf.file, Diagnostic::error("Unknown condition value", detail, a.condition.span));
            let mut td = diagnostic(module, &d);
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
                let mut td = diagnostic(module, &ModuleDiagnostic::at(tf.file, d));
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
                ds.extend(errs.iter().filter(|d| !d.warning).map(|d| diagnostic(module, d)));
                return (Status::Error, ds);
            }
        };
        let d = ModuleDiagnostic::at(tf.file, Diagnostic::error("Test assertion failed", message, a.condition.span));
        let mut td = diagnostic(module, &d);
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
