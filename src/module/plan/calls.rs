//! Module calls: each `module` block's `source` found among the module's
//! files (as `terraform init` installs local modules), its arguments
//! checked against the child's variables, then each instance of the call
//! evaluated as a module of its own whose outputs are the call's value.

use super::{Planner, Scope, State};
use crate::diagnostics::{range_text, Diagnostic};
use crate::module::graph::Node;
use crate::module::load::config::{ModuleCall, Variable};
use crate::module::load::install::{Installed, MAX_DEPTH};
use crate::module::load::{ModuleDiagnostic, Source};
use crate::value::{go_quote, Marks, SortedMap, Value};
use std::cell::Cell;

/// How many module instances one evaluation may plan.
pub(crate) const MAX_INSTANCES: usize = 10_000;

/// What the planners of one evaluation share: the module calls'
/// directories, the work done so far, and what was noted while planning.
#[derive(Default)]
pub(crate) struct Links {
    /// Which directory each module call runs.
    pub installed: Installed,
    /// Module instances planned so far.
    planned: Cell<usize>,
    /// Evaluation steps of every expression so far (see
    /// `Limits::max_total_steps`).
    pub steps: Cell<u64>,
    /// Known attributes of resource instances by full address (see
    /// [`crate::module::load::inputs::STATE_KEY`]).
    pub prior: SortedMap<Value>,
    /// The sub-expression an inspection watches, and what it saw.
    pub watch: std::cell::RefCell<Option<crate::module::load::Watch>>,
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
    /// The providers the configuration requires, with their constraints.
    pub requirements: super::providers::Requirements,
    /// The module instance the console is scoped to (normalized address;
    /// none for the root module), and its planner's directory, depth and
    /// named values once planned.
    pub scope: Option<String>,
    pub scoped: std::cell::RefCell<Option<(usize, usize, State)>>,
    /// A test run's mocks, overrides and apply (`terraform test`).
    pub testing: Option<super::testing::Testing>,
    /// The plan's timestamp (`plantimestamp()`), read from the clock once
    /// per plan, at its first expression.
    pub plan_time: std::cell::OnceCell<String>,
    /// The root module's provider configurations' arguments that refer
    /// to its named values, as the root had them when it last planned a
    /// module call (by file and the expression's start): what a module
    /// that inherits the configuration reads (`region = local.region`).
    pub inherited: std::cell::RefCell<std::collections::HashMap<(usize, usize), Value>>,
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

    /// The directory call `call` of directory `dir` runs, if known.
    pub fn child(&self, dir: usize, call: usize) -> Option<usize> {
        self.installed.child(dir, call)
    }
}

/// Names noted while planning, every noting in order, so that what one
/// declaration noted (a name another noted first included) is a range of
/// them (see `reuse`).
#[derive(Default)]
pub(crate) struct Noted(std::cell::RefCell<Vec<String>>);

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

/// Which of a call's arguments a module call evaluates.
#[derive(Clone, Copy)]
pub(crate) enum Given<'a> {
    /// Every one.
    All,
    /// An early evaluation: the call's other arguments are not evaluated,
    /// and their variables are unknown.
    Only(&'a std::collections::BTreeSet<String>),
    /// All but these, which read what failed: their variables fail, so
    /// what depends on them is never processed (Terraform's graph has a
    /// node per variable), and the outputs that need them are unknown.
    Failed(&'a std::collections::BTreeSet<String>),
}

/// A module call's value: each instance's outputs (an object; a tuple or
/// object of them with `count` or `for_each`), from the arguments `given`.
pub(crate) fn module_call(p: &mut Planner, i: usize, given: Given) -> Value {
    let m = &p.config.modules[i];
    // A test's `override_module`: the call's outputs as given.
    if let Some(t) = &p.links.testing {
        let address = match p.addr.as_str() {
            "" => format!("module.{}", m.name),
            outer => format!("{outer}.module.{}", m.name),
        };
        if let Some((_, outputs, _)) = t.module_overrides.iter().find(|(target, _, _)| *target == address) {
            return outputs.clone();
        }
    }
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
        // OpenTofu's evaluator finds no instance of it, and its graph
        // never evaluates what reads it.
        if p.opentofu() {
            p.state.hidden.insert(crate::module::graph::Node::Module(i));
        }
        return match (p.opentofu(), m.for_each.is_some(), m.count.is_some()) {
            (true, true, _) => Value::Object(Default::default()),
            (true, _, true) => Value::Tuple(Vec::new().into()),
            _ => Value::dynamic_unknown(),
        };
    };
    // What the call's instances inherit of the root's provider
    // configurations, as the root has them now: once for all of them.
    if p.depth == 0 && child.is_some() && instances.len() > 0 {
        super::provider_plans::note_inherited(p);
    }
    let mut objects = Vec::with_capacity(instances.len());
    let mut hidden = std::collections::BTreeSet::new();
    // The outputs that failed in the child, while every error is the
    // child's own (none in the call's arguments).
    let mut failed_outputs = Some(std::collections::BTreeSet::new());
    for k in 0..instances.len() {
        let scope = instances.scope(k, m.file, p.profile);
        let v = match child {
            Some(d) => {
                let (v, h, failed) = run_child(p, m, d, &scope, &instances.key(k, p.profile), given);
                hidden.extend(h);
                failed_outputs = failed_outputs.zip(failed).map(|(mut all, f)| {
                    all.extend(f);
                    all
                });
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
        // A single instance with none of its outputs left has no value
        // recorded at all: OpenTofu then shows every declared one unknown.
        if let ([Value::Object(o)], None, None, Some(d)) = (&objects[..], &m.count, &m.for_each, child) {
            if o.is_empty() {
                let all = p.module.dir_at(d).config.outputs.iter().map(|x| (x.name.clone(), Value::dynamic_unknown()));
                objects = vec![Value::Object(all.collect())];
            }
        }
        p.state.hidden_outputs.insert(i, hidden);
    } else {
        p.state.hidden_outputs.remove(&i);
    }
    match failed_outputs {
        Some(failed) if !matches!(given, Given::Only(_)) => p.state.failed_outputs.insert(i, failed),
        _ => p.state.failed_outputs.remove(&i),
    };
    super::resources::collect(&instances, objects)
}

/// OpenTofu's `enabled` meta-argument: whether the one instance exists,
/// or `None` after its errors.
pub(crate) fn enabled(p: &mut Planner, e: &crate::syntax::ast::Expression, file: usize) -> Option<bool> {
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
    given: Given,
) -> (Value, Vec<String>, Option<std::collections::BTreeSet<String>>) {
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
        return (Value::dynamic_unknown(), Vec::new(), None);
    }
    let mut state = State::default();
    for (i, v) in dir.config.variables.iter().enumerate() {
        match given {
            Given::Only(names) if !names.contains(&v.name) => {
                state.vars.insert(v.name.clone(), Value::unknown(v.ty()));
                continue;
            }
            Given::Failed(names) if names.contains(&v.name) => {
                state.vars.insert(v.name.clone(), Value::unknown(v.ty()));
                state.failed.insert(crate::module::graph::Node::Var(i));
                continue;
            }
            _ => {}
        }
        match argument(p, call, v, scope, &addr) {
            Ok((value, range)) => {
                state.vars.insert(v.name.clone(), value);
                if let Some(r) = range {
                    state.var_ranges.insert(v.name.clone(), r);
                }
            }
            // A refused value fails what needs the variable, as
            // Terraform's graph has a node per variable.
            Err(hide) => {
                state.failed.insert(crate::module::graph::Node::Var(i));
                if hide {
                    state.hidden.insert(crate::module::graph::Node::Var(i));
                }
            }
        }
    }
    let mut child = Planner::new(p.module, dir, p.links, addr, p.depth + 1, state);
    child.defer_reads = p.defer_reads || super::data_sources::pending(&call.depends_on);
    child.run(None);
    if matches!(given, Given::All) && p.links.scope.as_deref() == Some(child.addr.as_str()) {
        *p.links.scoped.borrow_mut() = Some((d, child.depth, child.state.clone()));
    }
    let value = child.outputs_object();
    let hidden = child.hidden_outputs();
    let outputs = child.config.outputs.iter().enumerate();
    let failed = Some(outputs.filter(|(i, _)| child.state.failed.contains(&Node::Output(*i))).map(|(_, o)| o.name.clone()).collect());
    p.diags.extend(child.diags);
    (value, hidden, failed)
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
        Some(c) => match crate::module::load::convert::to_constraint(given.clone(), c, p.options().profile) {
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
