//! Evaluating a module: its input values prepared, its child modules
//! found, then the named values in dependency order (see `graph`), each
//! expression over a scope built from what it refers to (see `scope`);
//! then the console's expressions over the result.

use super::calls::Links;
use super::config::{Config, Mode};
use super::graph::Node;
use super::{Dir, Loc, Module, ModuleDiagnostic, Source};
use crate::diagnostics::{range_text, Diagnostic, Span};
use crate::eval::console::{type_argument, Evaluated};
use crate::value::{Marks, SortedMap, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};

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
    pub(super) state: State,
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
    pub(super) records: HashMap<Node, super::reuse::Record>,
    /// How many root declarations were taken over from the previous
    /// evaluation rather than planned.
    reused: usize,
    /// The root module's provider configurations their schemas refuse.
    invalid_providers: Vec<(String, Option<String>)>,
}

/// The values known so far in one module instance.
#[derive(Default, Clone)]
pub(super) struct State {
    /// Input variables with a final value (one that failed has none).
    pub vars: SortedMap<Value>,
    /// Where each variable's value came from, for validation messages.
    pub var_ranges: HashMap<String, (Source, Span)>,
    pub locals: HashMap<String, Value>,
    pub resources: HashMap<(Mode, String, String), Value>,
    pub modules: HashMap<String, Value>,
    /// Output values evaluated (marked as declared).
    pub outputs: BTreeMap<String, Value>,
    /// Nodes whose evaluation failed, or that were never processed
    /// because something they depend on failed.
    pub failed: BTreeSet<Node>,
    /// Failed nodes whose dependents OpenTofu leaves out of a module's
    /// outputs (rather than showing them unknown).
    pub hidden: BTreeSet<Node>,
    /// Attribute names read from each resource (and module) anywhere, for
    /// the unknown attributes an instance's object shows.
    pub read_attrs: HashMap<(Mode, String, String), BTreeSet<String>>,
    pub module_attrs: HashMap<String, BTreeSet<String>>,
}

/// What an expression is evaluated in: its file, and the instance data of
/// the block around it.
#[derive(Clone, Default)]
pub(super) struct Scope {
    pub source: Option<usize>,
    pub count: Option<Value>,
    pub each: Option<(Value, Value)>,
    pub self_value: Option<Value>,
    /// `self` is allowed here (a postcondition, provisioner or
    /// connection).
    pub self_allowed: bool,
    /// The iterators of enclosing `dynamic` blocks: a name and its
    /// `{key, value}` object.
    pub iterators: Vec<(String, Value)>,
}

impl Scope {
    /// The scope of an expression in `file` outside any repeated block.
    pub fn file(file: usize) -> Scope {
        Scope { source: Some(file), ..Scope::default() }
    }
}

pub(super) fn evaluate(
    module: &std::sync::Arc<Module>,
    inputs: &super::Inputs,
    watch: Option<super::Watch>,
    scope: Option<&str>,
    previous: Option<&Evaluation>,
) -> Evaluation {
    let root = module.root();
    let profile = module.options.profile;
    // The scope address is read before the configuration.
    let scope_addr = scope.map(|t| super::console_scope::parse(t, profile));
    let mut diags = match &scope_addr {
        Some(Err(ds)) => ds.clone(),
        _ => root.diags.clone(),
    };
    // OpenTofu's console first loads the root module's variables and local
    // values alone (each file's own decoding errors included) and ends at
    // that load's errors: the duplicates of other declarations, which only
    // the full load finds, are not reported then, nor anything checked
    // after.
    let duplicate = super::DiagnosticKind::Duplicate;
    let first_load_failed = profile == crate::profile::Profile::OpenTofu && diags.iter().any(|d| !d.warning && d.kind != duplicate);
    if first_load_failed {
        diags.retain(|d| d.kind != duplicate);
    }
    diags.extend(super::inputs::option_errors(inputs, profile));
    if !first_load_failed {
        super::checks::before_evaluation(module, &mut diags, profile);
    }
    let mut state = State::default();
    let mut links = Links::default();
    let reuse = match (&watch, scope) {
        (None, None) => previous.and_then(|old| super::reuse::Reuse::between(old, module)),
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
        let prepared = super::inputs::prepare(&root.config.variables, inputs, profile, &module.files, &mut diags);
        state.vars = prepared.values;
        state.var_ranges = prepared.ranges;
        links.prior = prepared.prior;
        if !prepared.fatal {
            let before = diags.len();
            super::calls::resolve(module, &state.vars, &mut links, &mut diags, profile);
            links.other_versions = super::providers::other_versions(module, &links);
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
            diags.push(super::console_scope::missing(addr, profile));
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
        crate::profile::Profile::OpenTofu => super::checks::consolidate_warnings(diags, |_| true),
        _ => super::checks::consolidate_warnings(diags, |d| d.kind != super::DiagnosticKind::CheckAssertion),
    };
    // The console goes on after errors in planning, and says last that
    // what it evaluates may be off.
    if planned && fatal(&e.diagnostics) {
        e.diagnostics.push(ModuleDiagnostic {
            kind: super::DiagnosticKind::ClosingWarning,
            source: Source::None,
            warning: true,
            diagnostic: Diagnostic::error(UNEXPECTED_RESULTS, "", Span::default()),
        });
    }
    e.values = e.named_values();
    e
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
    pub fn watched(&self) -> Option<super::Watch> {
        self.links.watch.borrow().clone()
    }

    /// Evaluates `source` in the module's context, as the console does
    /// after planning: the value, or the expression's errors. Like the
    /// console, it evaluates even when planning found problems (which are
    /// in [`Evaluation::diagnostics`]); values that could not be had are
    /// unknown.
    pub fn console(&self, source: &str) -> Result<Evaluated, Vec<ModuleDiagnostic>> {
        let opts = &self.module.options;
        let console_diag =
            |d: Diagnostic| ModuleDiagnostic { kind: super::DiagnosticKind::Other, source: Source::Console, warning: false, diagnostic: d };
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

    /// The name and text of what a diagnostic points into (a module file,
    /// a variables file, a value given as text, the console line), if
    /// anything; `console` is the console line's text.
    pub fn source_of<'a>(&'a self, d: &ModuleDiagnostic, console: &'a str) -> Option<(&'a str, &'a str)> {
        match d.source {
            Source::File(i) => self.module.files.get(i).map(|(n, t)| (n.as_str(), t.as_str())),
            Source::Input(i) => self.input_files.get(i).map(|(n, t)| (n.as_str(), t.as_str())),
            Source::Value(i) => self.input_values.get(i).map(|(n, t)| (n.as_str(), t.as_str())),
            Source::Console => Some(("<console-input>", console)),
            Source::Scope => Some((super::SCOPE_FILE, self.scope_text.as_str())),
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
        let mut out = match self.source_of(d, console_source) {
            Some((name, text)) if !name.is_empty() => d.diagnostic.render(text, name),
            // No range: Terraform prints the summary and the detail alone.
            _ => match d.diagnostic.detail.as_str() {
                "" => format!("Error: {}\n", d.diagnostic.summary),
                detail => format!("Error: {}\n\n{detail}\n", d.diagnostic.summary),
            },
        };
        if d.warning {
            out = out.replacen("Error: ", "Warning: ", 1);
        }
        out
    }

    fn named_values(&self) -> Vec<NamedValue> {
        let root = self.module.root();
        let c = &root.config;
        let s = &self.state;
        let ok = |n: Node| !s.failed.contains(&n);
        let mut out = Vec::new();
        for (i, v) in c.variables.iter().enumerate() {
            let value = super::inputs::marked(v, s.vars.get(&v.name).cloned().unwrap_or_else(|| Value::unknown(v.ty())));
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
/// module call (its own planner, whose outputs become the call's value).
pub(super) struct Planner<'m> {
    pub module: &'m Module,
    /// The engine whose answers are wanted (the module's options').
    pub profile: crate::profile::Profile,
    pub dir: &'m Dir,
    pub config: &'m Config,
    pub links: &'m Links,
    /// This instance's address: empty for the root, `module.x`,
    /// `module.x["a"].module.y`.
    pub addr: String,
    /// How deep in the module tree.
    pub depth: usize,
    pub state: State,
    pub diags: Vec<ModuleDiagnostic>,
    /// Evaluating a console line, after planning.
    pub console: bool,
    /// The module's provider configurations that their schemas refuse
    /// (local name, alias): their resources are not planned.
    pub invalid_providers: Vec<(String, Option<String>)>,
    /// A module call above depends on objects with changes to plan: its
    /// data sources are read when applying, not while planning.
    pub defer_reads: bool,
    /// The instance's dependency graph.
    pub graph: super::graph::Graph<'m>,
    /// What planning each node did, and how many were taken over from the
    /// previous evaluation and which were planned (see `reuse`).
    pub records: HashMap<Node, super::reuse::Record>,
    pub reused: usize,
    pub dirty: BTreeSet<Node>,
}

impl Evaluation {
    /// The module evaluated.
    pub fn module(&self) -> &std::sync::Arc<Module> {
        &self.module
    }

    /// How many of the root module's declarations were taken over from
    /// the previous evaluation instead of being planned (see
    /// [`Workspace`](super::Workspace)).
    pub fn reused(&self) -> usize {
        self.reused
    }

    /// Whether planning one root node again over this evaluation's values
    /// sees what the evaluation saw: not after it stopped, in a scoped
    /// console, or where values read a module call's outputs early.
    pub(super) fn replays(&self) -> bool {
        !self.stopped && self.links.scope.is_none() && !self.read_early
    }

    /// What planning the root module's node `n` again, over the values
    /// this evaluation planned, sees of the place `watch` names: what a
    /// whole evaluation watching it would see, as `n` reads only values
    /// planned before it.
    pub(super) fn watch_node(&self, n: Node, watch: super::Watch) -> super::Watch {
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
}

impl<'m> Planner<'m> {
    pub fn new(module: &'m Module, dir: &'m Dir, links: &'m Links, addr: String, depth: usize, state: State) -> Planner<'m> {
        let index = module.dirs.iter().position(|d| std::ptr::eq(d, dir)).unwrap_or(0);
        Planner {
            graph: super::graph::Graph::new(module, index, links, addr.clone()),
            module,
            profile: module.options.profile,
            dir,
            config: &dir.config,
            links,
            addr,
            depth,
            state,
            diags: Vec::new(),
            console: false,
            invalid_providers: Vec::new(),
            defer_reads: false,
            records: HashMap::new(),
            reused: 0,
            dirty: BTreeSet::new(),
        }
    }

    /// Plans every named value in dependency order, taking over from the
    /// previous evaluation what `reuse` allows.
    pub fn run(&mut self, reuse: Option<&super::reuse::Reuse>) {
        self.collect_read_attrs();
        // Terraform refuses a provider configuration its schema does not
        // take; OpenTofu's console says nothing of it, and leaves its
        // resources unknown.
        let (diags, invalid) = super::providers::provider_configurations(self);
        if !self.opentofu() {
            self.diags.extend(diags);
        }
        self.invalid_providers = invalid;
        match self.graph.order() {
            Ok(order) => {
                // An early read of a call's outputs is not what the previous
                // evaluation planned.
                let reuse = reuse.filter(|_| self.graph.early.is_empty());
                for node in order {
                    match self.addr.is_empty() {
                        true => super::reuse::plan(self, node, reuse),
                        false => self.node(node),
                    }
                }
                if !self.opentofu() {
                    super::resources::undeclared_imports(self);
                    super::deprecation::deprecated_uses(self);
                }
            }
            Err(cycles) => {
                self.diags.extend(cycles);
                self.links.cycle.set(true);
            }
        }
    }

    /// Terraform's error for a local value or block that refers to itself,
    /// if `n` does: true when it did (and the error is recorded).
    fn self_reference(&mut self, n: Node) -> bool {
        let found = self.graph.self_reference(n);
        let referred = !found.is_empty();
        for (file, d) in found {
            self.file_diag(Some(file), d);
        }
        referred
    }

    pub fn file_diag(&mut self, file: Option<usize>, d: Diagnostic) {
        let source = file.map_or(Source::Console, Source::File);
        self.diags.push(ModuleDiagnostic { kind: super::DiagnosticKind::Other, source, warning: false, diagnostic: d });
    }

    pub fn error(&mut self, file: usize, d: Diagnostic) {
        self.file_diag(Some(file), d);
    }

    pub fn error_count(&self) -> usize {
        self.diags.iter().filter(|d| !d.warning).count()
    }

    /// `file:line,col-col`, as Terraform quotes a place.
    pub fn range(&self, loc: Loc) -> String {
        let (name, text) = &self.module.files[loc.file];
        range_text(text, name, loc.span, self.profile.unicode())
    }

    /// How Terraform names this module instance in messages: "the root
    /// module" or its address.
    pub fn display(&self) -> String {
        match self.addr.is_empty() {
            true => "the root module".into(),
            false => self.addr.clone(),
        }
    }

    /// OpenTofu's console has no `-plan`: it evaluates against the empty
    /// state, where every resource is wholly unknown.
    pub fn opentofu(&self) -> bool {
        self.module.options.profile == crate::profile::Profile::OpenTofu
    }

    pub fn options(&self) -> &super::ModuleOptions {
        &self.module.options
    }

    /// The engine's name in messages.
    pub fn engine(&self) -> &'static str {
        if self.opentofu() {
            "OpenTofu"
        } else {
            "Terraform"
        }
    }

    pub(super) fn node(&mut self, n: Node) {
        // A node that depends on a failed one is never processed.
        // What ordering found, or (for a node planned alone) found again.
        let deps = self.graph.ordered.get(&n).cloned().unwrap_or_else(|| self.graph.deps(n));
        if deps.iter().any(|d| self.state.failed.contains(d)) {
            self.state.failed.insert(n);
            // OpenTofu leaves out of the module's outputs an output whose
            // variable had a value of the wrong type, and any that reads
            // what was not evaluated.
            if !matches!(n, Node::Output(_)) || deps.iter().any(|d| self.state.hidden.contains(d)) {
                self.state.hidden.insert(n);
            }
            return;
        }
        let before = self.error_count();
        match n {
            Node::Var(i) => {
                if self.validations(i) {
                    self.state.failed.insert(n);
                }
                return;
            }
            Node::Local(i) => {
                let l = &self.config.locals[i];
                let scope = Scope::file(l.decl.file);
                let v = match self.self_reference(n) {
                    true => None,
                    false => self.expression(&l.expr, &scope, None),
                };
                self.state.locals.insert(l.name.clone(), v.unwrap_or_else(Value::dynamic_unknown));
            }
            Node::Resource(i) => {
                let r = &self.config.resources[i];
                if let Some(v) = super::resources::evaluate(self, r) {
                    self.state.resources.insert((r.mode, r.ty.clone(), r.name.clone()), v);
                }
            }
            Node::Module(i) => {
                let v = super::calls::module_call(self, i, None);
                self.state.modules.insert(self.config.modules[i].name.clone(), v);
            }
            Node::Early(j) => {
                // What the call's full evaluation reports is reported once.
                let (call, arguments) = (self.graph.early[j].call, self.graph.early[j].arguments.clone());
                let keep = self.diags.len();
                let v = super::calls::module_call(self, call, Some(&arguments));
                self.diags.truncate(keep);
                self.state.modules.insert(self.config.modules[call].name.clone(), v);
                return;
            }
            Node::Output(i) => self.output(i),
            Node::Check(i) => self.check(i),
        }
        if self.error_count() > before {
            self.state.failed.insert(n);
        }
    }

    fn output(&mut self, i: usize) {
        let o = &self.config.outputs[i];
        let root = self.addr.is_empty();
        let mut marks = Marks::NONE;
        if o.sensitive {
            marks |= Marks::SENSITIVE;
        }
        if o.ephemeral {
            marks |= Marks::EPHEMERAL;
        }
        let unknown = Value::dynamic_unknown().with_marks(marks);
        self.state.outputs.insert(o.name.clone(), unknown.clone());
        if root && o.ephemeral {
            let (summary, detail) = match self.opentofu() {
                true => ("Invalid output configuration", "Root modules are not allowed to have outputs defined as ephemeral"),
                false => ("Ephemeral output not allowed", "Ephemeral outputs are not allowed in context of a root module"),
            };
            self.error(o.file, Diagnostic::error(summary, detail, o.decl.span));
            return;
        }
        if let (true, Some(span), false) = (root, o.deprecated, self.opentofu()) {
            self.error(
                o.file,
                Diagnostic::error(
                    "Root module output deprecated",
                    "Root module outputs cannot be deprecated, as there is no higher-level module to inform of the deprecation.",
                    span,
                ),
            );
            return;
        }
        let scope = Scope::file(o.file);
        for dep in &o.depends_on {
            self.expression(dep, &scope, None);
        }
        if !self.output_preconditions(i) {
            return;
        }
        let Some(expr) = &o.value else { return };
        let Some(mut v) = self.expression(expr, &scope, None) else { return };
        if let Some(c) = &o.constraint {
            match super::convert::to_constraint(v.clone(), c, self.options().profile) {
                Ok(x) => v = x,
                Err(e) => {
                    let detail = format!("The value is not compatible with the output's type constraint: {}.", e.format(self.profile));
                    self.error(o.file, Diagnostic::error("Invalid output value", detail, expr.span));
                    return;
                }
            }
        }
        if root && !o.sensitive && v.has_mark_deep(Marks::SENSITIVE) {
            let detail = format!("To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, {} requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true", self.engine());
            self.error(o.file, Diagnostic::error("Output refers to sensitive values", detail, o.decl.span));
            return;
        }
        if !o.ephemeral && v.has_mark_deep(Marks::EPHEMERAL) {
            let (summary, detail) = match self.opentofu() {
                true => ("Output does not allow ephemeral value", "The value that was generated for the output is ephemeral, but it is not configured to allow one."),
                false => ("Ephemeral value not allowed", "This output value is not declared as returning an ephemeral value, so it cannot be set to a result derived from an ephemeral value."),
            };
            self.error(o.file, Diagnostic::error(summary, detail, expr.span));
            return;
        }
        self.state.outputs.insert(o.name.clone(), v.with_marks(marks));
    }

    /// The outputs OpenTofu leaves out of this module's value.
    pub fn hidden_outputs(&self) -> Vec<String> {
        match self.opentofu() {
            true => self
                .config
                .outputs
                .iter()
                .enumerate()
                .filter(|(i, _)| self.state.hidden.contains(&Node::Output(*i)))
                .map(|(_, o)| o.name.clone())
                .collect(),
            false => Vec::new(),
        }
    }

    /// The values of this module's outputs as its caller sees them: an
    /// object of every output (one never evaluated is unknown to
    /// Terraform, absent to OpenTofu).
    pub fn outputs_object(&self) -> Value {
        let mut out = BTreeMap::new();
        for (i, o) in self.config.outputs.iter().enumerate() {
            match self.state.outputs.get(&o.name) {
                Some(v) => {
                    out.insert(o.name.clone(), v.clone());
                }
                None if self.opentofu() && self.state.hidden.contains(&Node::Output(i)) => {}
                None => {
                    out.insert(o.name.clone(), Value::dynamic_unknown());
                }
            }
        }
        Value::Object(out.into())
    }
}
