//! The result of evaluating a module: every named value and diagnostic,
//! the console's expressions over them, and what the next evaluation may
//! take over (`reuse`); `inspect` and `workspace` answer from it.

pub(crate) mod inspect;
pub(crate) mod reuse;
pub(crate) mod workspace;

use crate::diagnostics::{Diagnostic, Span};
use crate::eval::console::{type_argument, Evaluated};
use crate::module::graph::Node;
use crate::module::load::config::Mode;
use crate::module::load::inputs::Inputs;
use crate::module::load::Watch;
use crate::module::load::{Loc, Module, ModuleDiagnostic, Source};
use crate::module::plan::calls::Links;
use crate::module::plan::{Planner, Scope, State};
use crate::value::Value;
use std::collections::HashMap;
use std::sync::Arc;

/// What kind of named value a [`NamedValue`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `var.name`
    Variable,
    /// `local.name`
    Local,
    /// `output.name`
    Output,
    /// A managed resource.
    Resource,
    /// A data source.
    Data,
    /// A module call.
    Module,
}

/// One named value of an evaluated module.
#[derive(Clone, Debug)]
pub struct NamedValue {
    /// `var.name`, `local.name`, `output.name`, `aws_instance.web[0]`,
    /// `data.t.n`, `module.m`.
    pub address: String,
    /// What kind of named value it is.
    pub kind: Kind,
    /// Where it is declared.
    pub loc: Loc,
    /// Its value (unknown where it could not be evaluated).
    pub value: Value,
    /// Whether it was evaluated without error.
    pub ok: bool,
}

/// A module evaluated over its inputs: every named value, and every
/// diagnostic. [`Evaluation::console`] evaluates more expressions in the
/// module's context.
pub struct Evaluation {
    module: std::sync::Arc<Module>,
    /// Every named value of the root module, in declaration order by kind.
    pub values: Vec<NamedValue>,
    /// Errors and warnings, in the order Terraform prints them; after
    /// errors in planning, the console's closing warning
    /// ([`UNEXPECTED_RESULTS`], no range) last.
    pub diagnostics: Vec<ModuleDiagnostic>,
    pub(crate) state: State,
    links: Links,
    /// The variables files given, for rendering diagnostics about them.
    input_files: Vec<(String, String)>,
    /// Values given as text (`-var`, `TF_VAR_`): a name such as
    /// `<value for var.x>` and the text.
    input_values: Vec<(String, String)>,
    /// The JSON object of variable values, if given.
    input_json: String,
    /// The console's scope address as given (`console -scope`).
    scope_text: String,
    /// The configuration has errors after which the consoles evaluate
    /// nothing (a syntax or decoding error, a duplicate, `count` with
    /// `for_each`, a cycle, a rejected variable value or module call): they
    /// print [`Evaluation::diagnostics`] and exit 1. The values here are
    /// then only what could be had, and [`Evaluation::console`] still
    /// answers for those who want it.
    pub stopped: bool,
    /// Some named values read a module call's outputs before the call's
    /// other arguments could be had (see `graph::Early`): what they read
    /// then is not the call's final value.
    read_early: bool,
    /// What planning each root declaration did (see `reuse`).
    pub(crate) records: HashMap<Node, crate::module::plan::takeover::Record>,
    /// How many root declarations were taken over from the previous
    /// evaluation rather than planned.
    reused: usize,
    /// The root module's provider configurations their schemas refuse.
    invalid_providers: Vec<(String, Option<String>)>,
}

pub(crate) fn evaluate(
    module: &std::sync::Arc<Module>,
    inputs: &crate::module::load::inputs::Inputs,
    watch: Option<crate::module::load::Watch>,
    scope: Option<&str>,
    previous: Option<&Evaluation>,
) -> Evaluation {
    evaluate_with(module, inputs, watch, scope, previous, None)
}

/// [`evaluate`], for a test run when `testing` is given (see
/// `plan::testing`).
pub(crate) fn evaluate_with(
    module: &std::sync::Arc<Module>,
    inputs: &crate::module::load::inputs::Inputs,
    watch: Option<crate::module::load::Watch>,
    scope: Option<&str>,
    previous: Option<&Evaluation>,
    testing: Option<crate::module::plan::testing::Testing>,
) -> Evaluation {
    let root = module.root();
    let profile = module.options.profile;
    // The scope address is read before the configuration.
    let scope_addr = scope.map(|t| crate::module::load::console_scope::parse(t, profile));
    let mut diags = match &scope_addr {
        Some(Err(ds)) => ds.clone(),
        _ => root.diags.clone(),
    };
    // OpenTofu's console first loads the root module's variables and local
    // values alone (each file's own decoding errors included) and ends at
    // that load's errors: the duplicates of other declarations, which only
    // the full load finds, are not reported then, nor anything checked
    // after.
    let duplicate = crate::module::load::DiagnosticKind::FullLoad;
    let first_load_failed = profile == crate::profile::Profile::OpenTofu && diags.iter().any(|d| !d.warning && d.kind != duplicate);
    if first_load_failed {
        diags.retain(|d| d.kind != duplicate);
    }
    diags.extend(crate::module::load::inputs::option_errors(inputs, profile));
    if !first_load_failed {
        crate::module::graph::checks::before_evaluation(module, &mut diags, profile);
    }
    let mut state = State::default();
    let mut links = Links::default();
    links.testing = testing;
    let reuse = match (&watch, scope) {
        (None, None) => previous.and_then(|old| self::reuse::between(old, module)),
        _ => None,
    };
    *links.watch.get_mut() = watch;
    links.scope = match &scope_addr {
        Some(Ok(a)) if !a.is_empty() => Some(a.clone()),
        _ => None,
    };
    let fatal = |ds: &[ModuleDiagnostic]| ds.iter().any(|d| !d.warning);
    // Whether the named values were planned, with no cycle among them:
    // the console's scope was built (Terraform's console refuses to start
    // otherwise).
    let mut planned = false;
    let mut read_early = false;
    let (mut records, mut reused) = (HashMap::new(), 0);
    let mut invalid_providers = Vec::new();
    if !fatal(&diags) {
        let prepared = crate::module::load::inputs::prepare(&root.config.variables, inputs, profile, &module.files, &mut diags);
        state.vars = prepared.values;
        state.var_ranges = prepared.ranges;
        links.prior = prepared.prior;
        if !prepared.fatal {
            let before = diags.len();
            links.installed = crate::module::load::install::resolve(module, &state.vars, &mut diags, profile);
            links.requirements = crate::module::plan::providers::requirements(module, &links.installed);
            links.other_versions = crate::module::plan::providers::other_versions(module, &links.requirements);
            if module.options.installation == crate::module::load::Installation::Initialized {
                crate::module::plan::providers::no_release(module, &links.requirements, &mut diags);
            }
            if !fatal(&diags[before..]) {
                let mut p = Planner::new(module, root, &links, String::new(), 0, state);
                p.diags = diags;
                p.run(reuse.as_ref());
                read_early = !p.graph.early.is_empty();
                records = std::mem::take(&mut p.records);
                invalid_providers = std::mem::take(&mut p.invalid_providers);
                reused = p.reused;
                state = p.state;
                diags = p.diags;
                planned = !links.cycle.get();
            }
        }
    }
    if let (true, Some(addr)) = (planned, &links.scope) {
        if links.scoped.borrow().is_none() {
            diags.push(crate::module::load::console_scope::missing(addr, profile));
            planned = false;
        }
    }
    let input_files: Vec<(String, String)> = inputs.input_files().into_iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    let input_values = inputs.input_values();
    let input_json = inputs.json.clone().unwrap_or_default();
    let mut e = Evaluation {
        module: module.clone(),
        values: Vec::new(),
        diagnostics: Vec::new(),
        state,
        links,
        input_files,
        input_values,
        input_json,
        scope_text: scope.unwrap_or_default().to_string(),
        stopped: !planned,
        read_early,
        records,
        reused,
        invalid_providers,
    };
    sort_diagnostics(&mut diags, &e);
    // The consoles consolidate repeated warnings; Terraform leaves a check
    // block's results apart (`DoNotConsolidateDiagnostic`).
    e.diagnostics = match profile {
        crate::profile::Profile::OpenTofu => crate::module::graph::checks::consolidate_warnings(diags, |_| true),
        _ => crate::module::graph::checks::consolidate_warnings(diags, |d| {
            !matches!(d.kind, crate::module::load::DiagnosticKind::CheckAssertion | crate::module::load::DiagnosticKind::CheckUnknown)
        }),
    };
    // The console goes on after errors in planning, and says last that
    // what it evaluates may be off.
    if planned && fatal(&e.diagnostics) {
        e.diagnostics.push(ModuleDiagnostic {
            kind: crate::module::load::DiagnosticKind::ClosingWarning,
            source: Source::None,
            warning: true,
            diagnostic: Diagnostic::error(UNEXPECTED_RESULTS, "", Span::default()),
        });
    }
    e.values = e.named_values();
    e
}

impl Module {
    /// Evaluates every named value over `inputs`.
    pub fn evaluate(self: &Arc<Self>, inputs: &Inputs) -> Evaluation {
        evaluate(self, inputs, None, None, None)
    }

    /// [`Module::evaluate`] for a console scoped to a module instance
    /// (`terraform console -scope=module.net["a"]`): [`Evaluation::console`]
    /// then evaluates in that instance. An address that is not one, or
    /// that no instance has, stops the evaluation with Terraform's error;
    /// OpenTofu's console has no scope.
    ///
    /// ```
    /// use hcl_playground::module::{Module, ModuleOptions, Inputs};
    /// let m = Module::load(vec![
    ///     ("main.tf".into(), "module \"net\" {\n  source = \"./net\"\n  cidr   = \"10.0.0.0/16\"\n}\n".into()),
    ///     ("net/main.tf".into(), "variable \"cidr\" {}\nlocals {\n  first = cidrsubnet(var.cidr, 8, 1)\n}\n".into()),
    /// ], &ModuleOptions::default());
    /// let e = m.evaluate_scoped(&Inputs::default(), "module.net");
    /// assert_eq!(e.console("local.first").unwrap().console, "\"10.0.1.0/24\"");
    /// assert!(m.evaluate_scoped(&Inputs::default(), "module.nope").stopped);
    /// ```
    pub fn evaluate_scoped(self: &Arc<Self>, inputs: &Inputs, scope: &str) -> Evaluation {
        evaluate(self, inputs, None, Some(scope), None)
    }

    /// [`Module::evaluate`], noting the values the innermost expression
    /// holding bytes `start..end` of file `file` takes wherever the plan
    /// evaluates it (each instance of a `count` or `for_each`, each
    /// `dynamic` block): see [`Evaluation::watched`].
    pub fn evaluate_watching(self: &Arc<Self>, inputs: &Inputs, file: usize, start: usize, end: usize) -> Evaluation {
        evaluate(self, inputs, Some(Watch { file, start, end, ..Watch::default() }), None, None)
    }
}

/// The summary of the warning `terraform console` and `tofu console` add
/// after the errors found in planning, when they evaluate anyway.
pub const UNEXPECTED_RESULTS: &str = "Due to the problems above, some expressions may produce unexpected results.";

/// Orders diagnostics as Terraform's views do before printing them
/// (`tfdiags.Diagnostics.Sort`): warnings first, then those with no
/// source, then by file (fewer path segments first, then by name) and
/// position; the order found otherwise.
fn sort_diagnostics(diags: &mut [ModuleDiagnostic], e: &Evaluation) {
    let key = |d: &ModuleDiagnostic| {
        let place = e.source_name(d).map(|f| (f.matches('/').count(), f.to_string(), d.diagnostic.subject.start, d.diagnostic.subject.end));
        (!d.warning, place)
    };
    diags.sort_by_cached_key(key);
}

impl Evaluation {
    /// What [`Module::evaluate_watching`] saw of the expression it
    /// watched.
    pub fn watched(&self) -> Option<crate::module::load::Watch> {
        self.links.watch.borrow().clone()
    }

    /// Evaluates `source` in the module's context, as the console does
    /// after planning: the value, or the expression's errors. Like the
    /// console, it evaluates even when planning found problems (which are
    /// in [`Evaluation::diagnostics`]); values that could not be had are
    /// unknown.
    pub fn console(&self, source: &str) -> Result<Evaluated, Vec<ModuleDiagnostic>> {
        let opts = &self.module.options;
        let console_diag = |d: Diagnostic| ModuleDiagnostic {
            kind: crate::module::load::DiagnosticKind::Other,
            source: Source::Console,
            warning: false,
            diagnostic: d,
        };
        // The console's own commands.
        match source.trim() {
            "exit" => return Ok(Evaluated { value: Value::null(), ty: crate::value::Type::Dynamic, console: String::new() }),
            "help" => {
                let engine = if opts.profile == crate::profile::Profile::OpenTofu { "OpenTofu" } else { "Terraform" };
                let text = format!("The {engine} console allows you to experiment with {engine} interpolations.\nYou may access resources in the state (if you have one) just as you would\nfrom a configuration. For example: \"aws_instance.foo.id\" would evaluate\nto the ID of \"aws_instance.foo\" if it exists in your state.\n\nType in the interpolation to test and hit <enter> to see the result.\n\nTo exit the console, type \"exit\" and hit <enter>, or use Control-C or\nControl-D.");
                return Ok(Evaluated::text(text, opts.profile));
            }
            _ => {}
        }
        let expr = crate::syntax::parse_expression(source, "<console-input>", &opts.limits, opts.profile)
            .map_err(|ds| ds.into_iter().map(console_diag).collect::<Vec<_>>())?;
        // The console's type(x) prints x's type.
        let (inner, type_call) = match (type_argument(&expr), &expr.kind) {
            (Some(x), _) => (x, true),
            // The console's type() is a value (a type) that has no
            // attributes.
            (_, crate::syntax::ast::ExprKind::Traversal { source: base, step: crate::syntax::ast::Step::GetAttr { span, .. } }) if matches!(&base.kind, crate::syntax::ast::ExprKind::FunctionCall { name, .. } if name == "type") =>
            {
                return Err(vec![console_diag(Diagnostic::error(
                    "Unsupported attribute",
                    "This value does not have any attributes.",
                    *span,
                ))]);
            }
            _ => (&expr, false),
        };
        let scoped = self.links.scoped.borrow();
        let mut p = match (&*scoped, &self.links.scope) {
            (Some((d, depth, state)), Some(addr)) => {
                Planner::new(&self.module, self.module.dir_at(*d), &self.links, addr.clone(), *depth, state.clone())
            }
            _ => Planner::new(&self.module, self.module.root(), &self.links, String::new(), 0, self.state.clone()),
        };
        p.console = true;
        // Attributes the console reads of resources are unknown, not
        // missing.
        p.note_read_attrs(inner);
        p.refresh_resource_values();
        let value = p.expression(inner, &Scope::default(), Some(source));
        match value {
            Some(v) if p.diags.is_empty() => Ok(Evaluated::shown(v, type_call, opts.profile)),
            _ => {
                let mut diags = p.diags;
                // Terraform reports the console-only function's misuse
                // with no range.
                for d in &mut diags {
                    if d.diagnostic.code == crate::diagnostics::Code::TypeFunctionMisuse {
                        d.source = Source::None;
                    }
                }
                sort_diagnostics(&mut diags, self);
                Err(diags)
            }
        }
    }

    /// Evaluates `e`, an expression of the module's file `file` (a test
    /// file), over the planned values with `roots` beside them (a test's
    /// `output` and `run`): the value, or its errors.
    pub(crate) fn test_expression(
        &self,
        e: &crate::syntax::ast::Expression,
        file: usize,
        roots: &[(&'static str, Value)],
    ) -> Result<Value, Vec<ModuleDiagnostic>> {
        let mut p = Planner::new(&self.module, self.module.root(), &self.links, String::new(), 0, self.state.clone());
        p.console = true;
        p.test_roots = roots.to_vec();
        p.note_read_attrs(e);
        p.refresh_resource_values();
        match p.expression(e, &Scope::file(file), None) {
            Some(v) if p.diags.iter().all(|d| d.warning) => Ok(v),
            _ => Err(p.diags),
        }
    }

    /// Sets (or clears) the place expressions evaluated from now on are
    /// watched at, and gives what was watched before.
    pub(crate) fn set_watch(&self, watch: Option<crate::module::load::Watch>) -> Option<crate::module::load::Watch> {
        std::mem::replace(&mut *self.links.watch.borrow_mut(), watch)
    }

    /// The data sources a real plan reads from their providers that the
    /// playground could not, by address.
    pub(crate) fn plan_reads(&self) -> Vec<String> {
        self.links.plan_reads.sorted()
    }

    /// The test run's planning, for a test run.
    pub(crate) fn testing(&self) -> Option<&crate::module::plan::testing::Testing> {
        self.links.testing.as_ref()
    }

    /// The name and text of what a diagnostic points into (a module file,
    /// a variables file, a value given as text, the console line), if
    /// anything; `console` is the console line's text.
    pub fn source_of<'a>(&'a self, d: &ModuleDiagnostic, console: &'a str) -> Option<(&'a str, &'a str)> {
        match d.source {
            Source::File(i) => self.module.files.get(i).map(|(n, t)| (n.as_str(), t.as_str())),
            Source::Input(i) => self.input_files.get(i).map(|(n, t)| (n.as_str(), t.as_str())),
            Source::Value(i) => self.input_values.get(i).map(|(n, t)| (n.as_str(), t.as_str())),
            Source::Console => Some(("<console-input>", console)),
            Source::Scope => Some((crate::module::load::console_scope::SCOPE_FILE, self.scope_text.as_str())),
            Source::Inputs => Some(("<variables>", self.input_json.as_str())),
            Source::Nowhere => Some(("", "")),
            Source::None => None,
        }
    }

    fn source_name(&self, d: &ModuleDiagnostic) -> Option<&str> {
        self.source_of(d, "").map(|(n, _)| n)
    }

    /// The rendering of a diagnostic with its source line, wherever it is.
    pub fn render(&self, d: &ModuleDiagnostic, console_source: &str) -> String {
        let severity = if d.warning { "Warning" } else { "Error" };
        match self.source_of(d, console_source) {
            Some((name, text)) if !name.is_empty() => d.diagnostic.render_as(severity, text, name),
            // No range: Terraform prints the summary and the detail alone.
            _ => match d.diagnostic.detail.as_str() {
                "" => format!("{severity}: {}\n", d.diagnostic.summary),
                detail => format!("{severity}: {}\n\n{detail}\n", d.diagnostic.summary),
            },
        }
    }

    fn named_values(&self) -> Vec<NamedValue> {
        let root = self.module.root();
        let c = &root.config;
        let s = &self.state;
        let ok = |n: Node| !s.failed.contains(&n);
        let mut out = Vec::new();
        for (i, v) in c.variables.iter().enumerate() {
            let value = crate::module::load::inputs::marked(v, s.vars.get(&v.name).cloned().unwrap_or_else(|| Value::unknown(v.ty())));
            out.push(NamedValue { address: format!("var.{}", v.name), kind: Kind::Variable, loc: v.decl, value, ok: ok(Node::Var(i)) });
        }
        for (i, l) in c.locals.iter().enumerate() {
            let value = s.locals.get(&l.name).cloned().unwrap_or_else(Value::dynamic_unknown);
            out.push(NamedValue { address: format!("local.{}", l.name), kind: Kind::Local, loc: l.decl, value, ok: ok(Node::Local(i)) });
        }
        for (i, r) in c.resources.iter().enumerate() {
            let kind = if r.mode == Mode::Managed { Kind::Resource } else { Kind::Data };
            let value = s.resources.get(&(r.mode, r.ty.clone(), r.name.clone())).cloned().unwrap_or_else(Value::dynamic_unknown);
            out.push(NamedValue { address: r.address(), kind, loc: r.decl, value, ok: ok(Node::Resource(i)) });
        }
        for (i, m) in c.modules.iter().enumerate() {
            let value = s.modules.get(&m.name).cloned().unwrap_or_else(Value::dynamic_unknown);
            out.push(NamedValue { address: format!("module.{}", m.name), kind: Kind::Module, loc: m.decl, value, ok: ok(Node::Module(i)) });
        }
        for (i, o) in c.outputs.iter().enumerate() {
            let value = s.outputs.get(&o.name).cloned().unwrap_or_else(Value::dynamic_unknown);
            out.push(NamedValue { address: format!("output.{}", o.name), kind: Kind::Output, loc: o.decl, value, ok: ok(Node::Output(i)) });
        }
        out
    }
}

/// Evaluates one module instance: the root module, or an instance of a

impl Evaluation {
    /// The module evaluated.
    pub fn module(&self) -> &std::sync::Arc<Module> {
        &self.module
    }

    /// How many of the root module's declarations were taken over from
    /// the previous evaluation instead of being planned (see
    /// [`Workspace`](self::workspace::Workspace)).
    pub fn reused(&self) -> usize {
        self.reused
    }

    /// Whether planning one root node again over this evaluation's values
    /// sees what the evaluation saw: not after it stopped, in a scoped
    /// console, or where values read a module call's outputs early.
    pub(crate) fn replays(&self) -> bool {
        !self.stopped && self.links.scope.is_none() && !self.read_early
    }

    /// What planning the root module's node `n` again, over the values
    /// this evaluation planned, sees of the place `watch` names: what a
    /// whole evaluation watching it would see, as `n` reads only values
    /// planned before it.
    pub(crate) fn watch_node(&self, n: Node, watch: crate::module::load::Watch) -> crate::module::load::Watch {
        *self.links.watch.borrow_mut() = Some(watch);
        // The node's work is its own, not added to the evaluation's.
        let steps = self.links.steps.replace(0);
        let mut p = Planner::new(&self.module, self.module.root(), &self.links, String::new(), 0, self.state.clone());
        p.invalid_providers = self.invalid_providers.clone();
        p.node(n);
        self.links.steps.set(steps);
        self.links.watch.borrow_mut().take().unwrap_or_default()
    }

    /// The resource and data source types planned as written (`data.` before
    /// a data source's), their providers' schemas not in the provider data:
    /// any attribute read from them is unknown.
    pub fn guessed_types(&self) -> Vec<String> {
        self.links.guessed.sorted()
    }

    /// The providers whose data planned the configuration's resources,
    /// each with its version (the newest in the data that every module's
    /// constraints allow, as `init` would install it).
    pub fn provider_versions(&self) -> Vec<crate::module::plan::providers::ProviderVersion> {
        crate::module::plan::providers::provider_versions(&self.module, &self.links.requirements, &self.links.other_versions)
    }
}
