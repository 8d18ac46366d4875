//! Module calls: each `module` block's `source` found among the module's
//! files (as `terraform init` installs local modules), its arguments
//! checked against the child's variables, then each instance of the call
//! evaluated as a module of its own whose outputs are the call's value.

use super::config::{literal_string, ModuleCall, Variable};
use super::evaluate::{Planner, Scope, State};
use super::schema::{content, missing_item_range, Schema};
use super::{Installation, Module, ModuleDiagnostic, Source};
use crate::diagnostics::{range_text, Diagnostic};
use crate::profile::Profile;
use crate::value::go_quote;
use crate::value::{Marks, SortedMap, Value};
use std::cell::Cell;
use std::collections::HashMap;

/// How deep modules may nest.
const MAX_DEPTH: usize = 32;

/// How many module instances one evaluation may plan.
pub(super) const MAX_INSTANCES: usize = 10_000;

/// Which directory each module call runs, by the calling directory and
/// the call's index in it; calls without one have outputs not known.
#[derive(Default)]
pub(super) struct Links {
    map: HashMap<(usize, usize), usize>,
    /// Module instances planned so far.
    planned: Cell<usize>,
    /// Evaluation steps of every expression so far (see
    /// `Limits::max_total_steps`).
    pub steps: Cell<u64>,
    /// Known attributes of resource instances by full address (see
    /// [`super::inputs::STATE_KEY`]).
    pub prior: SortedMap<Value>,
    /// The sub-expression an inspection watches, and what it saw.
    pub watch: std::cell::RefCell<Option<super::Watch>>,
    /// A module instance's named values depend on each other in a cycle:
    /// the whole configuration's graph has one, and the console refuses
    /// to start.
    pub cycle: Cell<bool>,
    /// Resource types planned as written, their provider's schema not in
    /// the provider data (`data.` before a data source's).
    pub guessed: Noted,
    /// Data sources a real plan reads from their provider's API, which
    /// the playground cannot call: their attributes are unknown here
    /// (full addresses, `module.x.data.t.n`).
    pub plan_reads: Noted,
    /// Providers (`namespace/type`) whose current data is of a version a
    /// module's `required_providers` constraint excludes: the data's
    /// older version that meets them (`hashicorp/azurerm@4`), or none,
    /// and their types are planned as written, as for a provider the
    /// data lacks.
    pub other_versions: std::collections::BTreeMap<String, Option<String>>,
    /// The module instance the console is scoped to (normalized address;
    /// none for the root module), and its planner's directory, depth and
    /// named values once planned.
    pub scope: Option<String>,
    pub scoped: std::cell::RefCell<Option<(usize, usize, State)>>,
}

impl Links {
    /// How many module instances have been planned so far.
    pub fn instances(&self) -> usize {
        self.planned.get()
    }

    /// Counts `n` more module instances, planned before (see `reuse`).
    pub fn add_instances(&self, n: usize) {
        self.planned.set(self.planned.get() + n);
    }

    /// The directories of the configuration: the root and those its
    /// module calls run.
    pub fn dirs(&self) -> std::collections::BTreeSet<usize> {
        std::iter::once(0).chain(self.map.values().copied()).collect()
    }

    /// The directory call `call` of directory `dir` runs, if known.
    pub fn child(&self, dir: usize, call: usize) -> Option<usize> {
        self.map.get(&(dir, call)).copied()
    }
}

/// Names noted while planning, every noting in order, so that what one
/// declaration noted (a name another noted first included) is a range of
/// them (see `reuse`).
#[derive(Default)]
pub(super) struct Noted(std::cell::RefCell<Vec<String>>);

impl Noted {
    pub fn insert(&self, name: String) {
        self.0.borrow_mut().push(name);
    }

    /// How many notings there have been.
    pub fn len(&self) -> usize {
        self.0.borrow().len()
    }

    /// The names noted since the `from`th noting, sorted, each once.
    pub fn since(&self, from: usize) -> Vec<String> {
        let mut names = self.0.borrow()[from..].to_vec();
        names.sort();
        names.dedup();
        names
    }

    /// Every name noted, sorted, each once.
    pub fn sorted(&self) -> Vec<String> {
        self.since(0)
    }
}

/// Finds every module call's directory, from the root down, as `terraform
/// init` would install them, with the errors Terraform reports while
/// loading them; `root_vars` give `source` arguments that read a variable.
pub(super) fn resolve(
    module: &Module,
    root_vars: &SortedMap<Value>,
    links: &mut Links,
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) {
    let opts = &module.options;
    let tofu = opts.profile == Profile::OpenTofu;
    let engine = if tofu { "tofu" } else { "terraform" };
    let not_installed =
        format!("This module is not yet installed. Run \"{engine} init\" to install all modules required by this configuration.");
    if opts.installation == Installation::Uninitialized {
        lock_file(module, diags);
    }
    let start = diags.len();
    // Terraform's `init` fails on a child module that does not load or a
    // call it refuses, and then records no module at all.
    let mut init_failed = false;
    // Directories to visit, with the chain of directories above each.
    let mut work: Vec<(usize, Vec<usize>)> = vec![(0, Vec::new())];
    let mut reached = vec![false; module.dirs.len()];
    reached[0] = true;
    while let Some((d, chain)) = work.pop() {
        let dir = module.dir_at(d);
        for (i, call) in dir.config.modules.iter().enumerate() {
            let Some(source_expr) = &call.source else { continue };
            let Some(source) = source_value(module, d, call, source_expr, root_vars, diags, profile) else { continue };
            let local = source.starts_with("./") || source.starts_with("../");
            let target = if local { join(&dir.path, &source).and_then(|p| module.dir(&p)) } else { None };
            let fail = |diags: &mut Vec<ModuleDiagnostic>, detail: String| {
                diags.push(ModuleDiagnostic::at(call.decl.file, Diagnostic::error("Module not installed", detail, call.decl.span)));
            };
            let Some(t) = target else {
                match opts.installation {
                    Installation::Assumed => {}
                    Installation::Uninitialized => fail(diags, not_installed.clone()),
                    Installation::Initialized if tofu && local => fail(diags, "This module's local cache directory  could not be read. Run \"tofu init\" to install all modules required by this configuration.".into()),
                    Installation::Initialized => fail(diags, not_installed.clone()),
                }
                continue;
            };
            if opts.installation == Installation::Uninitialized {
                fail(diags, not_installed.clone());
                continue;
            }
            if chain.contains(&t) || t == d || chain.len() >= MAX_DEPTH {
                let detail = format!(
                    "The module {} calls itself, directly or through other modules, or modules nest deeper than {MAX_DEPTH} levels.",
                    go_quote(module.dir_at(t).path_module(), profile)
                );
                diags.push(ModuleDiagnostic::at(call.decl.file, Diagnostic::error("Module nesting too deep", detail, call.decl.span)));
                continue;
            }
            let child = module.dir_at(t);
            if !tofu && opts.installation == Installation::Initialized {
                // An argument the child does not declare, or a child that
                // does not load: `init` fails.
                if unsupported_arguments(call, &child.config.variables) || child.diags.iter().any(|d| !d.warning) {
                    init_failed = true;
                    continue;
                }
            }
            if !reached[t] {
                reached[t] = true;
                diags.extend(child.diags.iter().cloned());
            }
            check_arguments(call, &child.config.variables, diags, profile);
            links.map.insert((d, i), t);
            let mut below = chain.clone();
            below.push(d);
            work.push((t, below));
        }
    }
    if init_failed {
        // The root module's calls then find no installed module.
        diags.truncate(start);
        links.map.clear();
        for call in &module.root().config.modules {
            let Some(source_expr) = &call.source else { continue };
            if source_value(module, 0, call, source_expr, root_vars, diags, profile).is_some() {
                diags.push(ModuleDiagnostic::at(
                    call.decl.file,
                    Diagnostic::error("Module not installed", not_installed.clone(), call.decl.span),
                ));
            }
        }
    }
}

/// Terraform's refusal to run with providers `init` never selected: every
/// provider but the built-in one a resource needs.
fn lock_file(module: &Module, diags: &mut Vec<ModuleDiagnostic>) {
    let tofu = module.options.profile == Profile::OpenTofu;
    let registry = if tofu { "registry.opentofu.org" } else { "registry.terraform.io" };
    let mut missing: Vec<String> = Vec::new();
    for r in &module.root().config.resources {
        let name = super::providers::provider_name(r);
        if name == "terraform" {
            continue;
        }
        let source = module.root().config.required_providers.iter().find(|(n, _)| *n == name).and_then(|(_, s)| s.clone());
        let address = match source {
            Some(s) if s.matches('/').count() == 2 => s,
            Some(s) if s.contains('/') => format!("{registry}/{s}"),
            _ => format!("{registry}/hashicorp/{name}"),
        };
        if !missing.contains(&address) {
            missing.push(address);
        }
    }
    if missing.is_empty() {
        return;
    }
    missing.sort();
    let list: String =
        missing.iter().map(|a| format!("\n  - provider {a}: required by this configuration but no version is selected")).collect();
    let engine = if tofu { "tofu" } else { "terraform" };
    diags.push(ModuleDiagnostic::general(
        "Inconsistent dependency lock file",
        format!("The following dependency selections recorded in the lock file are inconsistent with the current configuration:{list}\n\nTo make the initial dependency selections that will initialize the dependency lock file, run:\n  {engine} init"),
    ));
}

/// A call's `source` as installation reads it: a literal, or a variable
/// Terraform may read then (`const`), or OpenTofu reads any.
fn source_value(
    module: &Module,
    dir: usize,
    call: &ModuleCall,
    e: &crate::syntax::ast::Expression,
    root_vars: &SortedMap<Value>,
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) -> Option<String> {
    if let Some(s) = literal_string(e) {
        return Some(s);
    }
    let tofu = module.options.profile == Profile::OpenTofu;
    let variable = crate::syntax::traversals(e).into_iter().next().and_then(|(root, span, steps)| {
        let whole = matches!(e.kind, crate::syntax::ast::ExprKind::Traversal { .. });
        match super::refs::parse(root, span, &steps, profile) {
            Ok(Some(r)) if whole && steps.len() == 1 => match r.subject {
                super::refs::Subject::Var(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    });
    let config = &module.dir_at(dir).config;
    let usable = variable.as_ref().and_then(|n| config.variables.iter().find(|v| &v.name == n)).filter(|v| tofu || v.constant);
    match usable {
        Some(v) if dir == 0 => match root_vars.get(&v.name).map(|x| x.unmarked().clone()) {
            Some(Value::String(s)) => Some(s),
            _ => None,
        },
        _ => {
            let _ = call;
            diags.push(ModuleDiagnostic::at(
                call.file,
                Diagnostic::error("Unknown module source", "Only literal values and const variables can be evaluated during init.", e.span),
            ));
            None
        }
    }
}

/// `path` joined to `source` (`./x`, `../y`), normalized; above the root
/// directory it starts with `..` (`../y`: files named so are outside the
/// root, as a command line reads them).
pub fn join(path: &str, source: &str) -> Option<String> {
    let mut parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    for seg in source.split('/') {
        match seg {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

const META: &[&str] = &["source", "version", "count", "for_each", "depends_on", "providers", "ignore_nested_deprecations"];

fn unsupported_arguments(call: &ModuleCall, vars: &[Variable]) -> bool {
    call.arguments.iter().any(|a| !vars.iter().any(|v| v.name == a.name))
}

/// The call's arguments against the child's variables: hcl's errors for
/// an argument no variable takes, and for a required variable without
/// one.
fn check_arguments(call: &ModuleCall, vars: &[Variable], diags: &mut Vec<ModuleDiagnostic>, profile: crate::profile::Profile) {
    let attrs: Vec<(&str, bool)> =
        vars.iter().map(|v| (v.name.as_str(), v.default.is_none())).chain(META.iter().map(|m| (*m, false))).collect();
    let schema = Schema { attributes: &attrs, blocks: &[] };
    let body = crate::syntax::ast::Body {
        items: call.arguments.iter().cloned().map(crate::syntax::ast::BodyItem::Attribute).collect(),
        span: crate::diagnostics::Span::new(call.body_start, call.body_start),
    };
    let mut found = Vec::new();
    content(&body, &schema, call.file, &mut found, profile);
    for d in found {
        // Meta-arguments are the call's own; the body's blocks were
        // checked with the call.
        if d.kind == super::DiagnosticKind::MissingArgument {
            let mut d = d;
            d.diagnostic.subject = missing_item_range(&body);
            diags.push(d);
        } else {
            diags.push(d);
        }
    }
}

/// A module call's value: each instance's outputs (an object; a tuple or
/// object of them with `count` or `for_each`).
/// With `only`, an early evaluation: the call's other arguments are not
/// evaluated, and their variables are unknown.
pub(super) fn module_call(p: &mut Planner, i: usize, only: Option<&std::collections::BTreeSet<String>>) -> Value {
    let m = &p.config.modules[i];
    let child = p.links.child(p.dir_index(), i);
    let exclude = p.addr.clone();
    if let Some(e) = &m.enabled {
        match enabled(p, e, m.file) {
            // An enabled call is a single instance; a disabled one (or one
            // whose `enabled` failed) is null.
            Some(true) => {}
            _ => return Value::null(),
        }
    }
    let Some(instances) = super::resources::instances(p, m.count.as_ref(), m.for_each.as_ref(), m.file, "module", &exclude) else {
        // OpenTofu's evaluator finds no instance of it.
        return match (p.opentofu(), m.for_each.is_some(), m.count.is_some()) {
            (true, true, _) => Value::Object(Default::default()),
            (true, _, true) => Value::Tuple(Vec::new().into()),
            _ => Value::dynamic_unknown(),
        };
    };
    let mut objects = Vec::with_capacity(instances.len());
    let mut hidden = std::collections::BTreeSet::new();
    for k in 0..instances.len() {
        let scope = instances.scope(k, m.file, p.profile);
        let v = match child {
            Some(d) => {
                let (v, h) = run_child(p, m, d, &scope, &instances.key(k, p.profile), only);
                hidden.extend(h);
                v
            }
            None => {
                for a in &m.arguments {
                    p.expression(&a.expr, &scope, None);
                }
                super::resources::with_unknown_attrs(Value::Object(Default::default()), &p.module_read_attrs(&m.name))
            }
        };
        objects.push(v);
    }
    // OpenTofu evaluates an output for all of a call's instances at once:
    // one left out of any instance is left out of all.
    if !hidden.is_empty() {
        objects = objects.into_iter().map(|o| without(o, &hidden)).collect();
    }
    super::resources::collect(&instances, objects)
}

/// OpenTofu's `enabled` meta-argument: whether the one instance exists,
/// or `None` after its errors.
pub(super) fn enabled(p: &mut Planner, e: &crate::syntax::ast::Expression, file: usize) -> Option<bool> {
    let v = p.expression(e, &Scope::file(file), None)?;
    let problem = if v.is_null() {
        "The given \"enabled\" argument value is unsuitable: the given value is null.".to_string()
    } else if !v.is_known() {
        "The given \"enabled\" argument value is derived from a value that won't be known until the apply phase, so OpenTofu cannot determine whether an instance of this object is declared or not.".into()
    } else if v.has_mark_deep(crate::value::Marks::SENSITIVE) {
        "Sensitive values, or values derived from sensitive values, cannot be used in \"enabled\" arguments. If used, the sensitive value would be exposed by whether an instance is present.".into()
    } else if v.has_mark_deep(crate::value::Marks::EPHEMERAL) {
        "The given \"enabled\" argument value is unsuitable: the given value is ephemeral.".into()
    } else {
        let (v, _) = v.unmark();
        let converted = match v.ty() {
            crate::value::Type::Bool => Ok(v),
            crate::value::Type::String => crate::value::convert::convert(&v, &crate::value::Type::Bool, p.profile),
            other => Err(format!("bool required, but have {}", other.friendly_name())),
        };
        match converted {
            Ok(Value::Bool(b)) => return Some(b),
            Ok(_) => return None,
            Err(m) => format!("The given \"enabled\" argument value is unsuitable: {m}."),
        }
    };
    p.file_diag(Some(file), Diagnostic::error("Invalid enabled argument", problem, e.span));
    None
}

/// An object without the attributes named in `names`.
fn without(v: Value, names: &std::collections::BTreeSet<String>) -> Value {
    match v {
        Value::Object(m) => Value::Object(m.iter().filter(|(k, _)| !names.contains(*k)).map(|(k, x)| (k.clone(), x.clone())).collect()),
        other => other,
    }
}

/// One instance of a call to directory `d`: its variables from the
/// call's arguments, then the child module planned; its outputs, and
/// those OpenTofu leaves out.
fn run_child(
    p: &mut Planner,
    call: &ModuleCall,
    d: usize,
    scope: &Scope,
    key: &str,
    only: Option<&std::collections::BTreeSet<String>>,
) -> (Value, Vec<String>) {
    let dir = p.module.dir_at(d);
    let addr = match p.addr.is_empty() {
        true => format!("module.{}{key}", call.name),
        false => format!("{}.module.{}{key}", p.addr, call.name),
    };
    let planned = p.links.planned.get() + 1;
    p.links.planned.set(planned);
    if planned > MAX_INSTANCES || p.depth >= MAX_DEPTH {
        let detail = format!("This configuration has more than {MAX_INSTANCES} module instances, or nests deeper than {MAX_DEPTH} levels, which is more than this evaluator allows.");
        if planned == MAX_INSTANCES + 1 || p.depth >= MAX_DEPTH {
            p.error(call.file, Diagnostic::error("Too many module instances", detail, call.decl.span));
        }
        return (Value::dynamic_unknown(), Vec::new());
    }
    let mut state = State::default();
    for (i, v) in dir.config.variables.iter().enumerate() {
        if only.is_some_and(|names| !names.contains(&v.name)) {
            state.vars.insert(v.name.clone(), Value::unknown(v.ty()));
            continue;
        }
        match argument(p, call, v, scope, &addr) {
            Ok((value, range)) => {
                state.vars.insert(v.name.clone(), value);
                if let Some(r) = range {
                    state.var_ranges.insert(v.name.clone(), r);
                }
            }
            Err(true) => {
                state.hidden.insert(super::graph::Node::Var(i));
            }
            Err(false) => {}
        }
    }
    let mut child = Planner::new(p.module, dir, p.links, addr, p.depth + 1, state);
    child.defer_reads = p.defer_reads || super::data_sources::pending(&call.depends_on);
    child.run(None);
    if only.is_none() && p.links.scope.as_deref() == Some(child.addr.as_str()) {
        *p.links.scoped.borrow_mut() = Some((d, child.depth, child.state.clone()));
    }
    let value = child.outputs_object();
    let hidden = child.hidden_outputs();
    p.diags.extend(child.diags);
    (value, hidden)
}

/// A child variable's value from the call (Terraform's
/// `PrepareFinalInputVariableValue` for a module argument), and where it
/// came from; an error when it is refused: whether OpenTofu then leaves
/// what depends on it out of the module's outputs (a value of the wrong
/// type) or shows it unknown.
fn argument(
    p: &mut Planner,
    call: &ModuleCall,
    v: &Variable,
    scope: &Scope,
    addr: &str,
) -> Result<(Value, Option<(Source, crate::diagnostics::Span)>), bool> {
    let var_addr = format!("{addr}.var.{}", v.name);
    let (module, profile) = (p.module, p.profile);
    let decl_text = || {
        let (name, text) = &module.files[v.decl.file];
        range_text(text, name, v.decl.span, profile.unicode())
    };
    let Some(arg) = call.arguments.iter().find(|a| a.name == v.name) else {
        return Ok((v.default.clone().unwrap_or_else(|| Value::unknown(v.ty())), None));
    };
    let given = p.expression(&arg.expr, scope, None).ok_or(true)?;
    let range = (Source::File(call.file), arg.expr.span);
    let at_arg = |summary: &str, detail: String| ModuleDiagnostic::at(call.file, Diagnostic::error(summary, detail, arg.expr.span));
    let at_decl = |summary: &str, detail: String| ModuleDiagnostic::at(v.decl.file, Diagnostic::error(summary, detail, v.decl.span));
    let value = match &v.constraint {
        Some(c) => match super::convert::to_constraint(given.clone(), c, p.options().profile) {
            Ok(x) => x,
            Err(e) => {
                let d = match (v.sensitive, p.opentofu()) {
                    (true, _) => at_decl(
                        "Invalid value for input variable",
                        format!(
                            "The given value is not suitable for {var_addr}, which is sensitive: {}. Invalid value defined at {}.",
                            e.message,
                            range_text(&p.module.files[call.file].1, &p.module.files[call.file].0, arg.expr.span, p.profile.unicode())
                        ),
                    ),
                    (false, tofu) => {
                        let detail = format!("The given value is not suitable for {var_addr} declared at {}: {}.", decl_text(), e.message);
                        match tofu {
                            true => at_decl("Invalid value for input variable", detail),
                            false => at_arg("Invalid value for input variable", detail),
                        }
                    }
                };
                p.diags.push(d);
                return Err(!v.sensitive);
            }
        },
        None => given,
    };
    let value = match (value.is_null() && !v.nullable, &v.default) {
        (true, Some(d)) => d.clone(),
        (true, None) => {
            let detail = format!(
                "The given value is not suitable for {var_addr} defined at {}: required variable may not be set to null.",
                decl_text()
            );
            p.diags.push(at_arg("Required variable not set", detail));
            return Err(false);
        }
        _ => value,
    };
    if !v.ephemeral && value.has_mark_deep(Marks::EPHEMERAL) {
        let d = match p.opentofu() {
            true => at_arg(
                "Variable does not allow ephemeral value",
                format!("The value used for the variable {} is ephemeral, but it is not configured to allow one.", go_quote(&v.name, p.profile)),
            ),
            false => at_arg(
                "Ephemeral value not allowed",
                "This input variable is not declared as accepting a ephemeral values, so it cannot be set to a result derived from an ephemeral value.".into(),
            ),
        };
        p.diags.push(d);
        return Ok((Value::unknown(v.ty()), Some(range)));
    }
    Ok((value, Some(range)))
}
