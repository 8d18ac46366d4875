//! Planning a module instance: the `Planner` plans its named values in
//! the graph's order (see `graph`), each expression over a scope built
//! from what it refers to (`scope`), with custom conditions
//! (`conditions`), resources and data sources with their blocks and
//! provider schemas (`resources`, `blocks`, `providers`, `provider_plans`,
//! `data_sources`), deprecations (`deprecation`) and module calls, each
//! instance planned by a planner of its own (`calls`); `takeover` takes a
//! root declaration over from the previous evaluation where an edit did
//! not reach it.

mod applied;
pub(crate) mod blocks;
pub(crate) mod calls;
pub(crate) mod conditions;
pub(crate) mod data_sources;
pub(crate) mod deprecation;
mod go_rand;
pub(crate) mod provider_plans;
pub(crate) mod providers;
pub(crate) mod resources;
pub(crate) mod scope;
pub(crate) mod takeover;
pub(crate) mod testing;
pub(crate) mod tls;
mod validators;

use self::calls::Links;
use crate::diagnostics::{range_text, Diagnostic, Span};
use crate::module::graph::Node;
use crate::module::load::config::{Config, Mode};
use crate::module::load::{Dir, Loc, Module, ModuleDiagnostic, Source};
use crate::value::{Marks, SortedMap, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};

#[derive(Default, Clone)]
pub(crate) struct State {
    /// Input variables with a final value (one that failed has none).
    pub vars: SortedMap<Value>,
    /// Where each variable's value came from, for validation messages.
    pub var_ranges: HashMap<String, (Source, Span)>,
    pub locals: HashMap<String, Value>,
    pub resources: HashMap<(Mode, String, String), Value>,
    pub modules: HashMap<String, Value>,
    /// The module calls evaluated with all their arguments (an early
    /// evaluation of one of them, with some, then changes nothing).
    pub called: BTreeSet<usize>,
    /// Output values evaluated (marked as declared).
    pub outputs: BTreeMap<String, Value>,
    /// Nodes whose evaluation failed, or that were never processed
    /// because something they depend on failed.
    pub failed: BTreeSet<Node>,
    /// Failed module calls whose failure is their child's own, by call:
    /// the outputs that failed there. A node that reads only the others
    /// goes on, as Terraform's graph has a node per output.
    pub failed_outputs: HashMap<usize, BTreeSet<String>>,
    /// Failed nodes whose dependents OpenTofu leaves out of a module's
    /// outputs (rather than showing them unknown).
    pub hidden: BTreeSet<Node>,
    /// The outputs OpenTofu left out of a call's instances, by call: a
    /// node that reads one of them (or the call whole) was never
    /// evaluated either.
    pub hidden_outputs: HashMap<usize, BTreeSet<String>>,
    /// Attribute names read from each resource (and module) anywhere, for
    /// the unknown attributes an instance's object shows.
    pub read_attrs: HashMap<(Mode, String, String), BTreeSet<String>>,
    pub module_attrs: HashMap<String, BTreeSet<String>>,
}

/// What an expression is evaluated in: its file, and the instance data of
/// the block around it.
#[derive(Clone, Default)]
pub(crate) struct Scope {
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

pub(crate) struct Planner<'m> {
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
    pub graph: crate::module::graph::Graph<'m>,
    /// What planning each node did, and how many were taken over from the
    /// previous evaluation and which were planned (see `reuse`).
    pub records: HashMap<Node, self::takeover::Record>,
    pub reused: usize,
    pub dirty: BTreeSet<Node>,
    /// Names a test file's expressions have beside the module's: `output`
    /// (the run's output values) and `run` (earlier runs' outputs).
    pub test_roots: Vec<(&'static str, Value)>,
}

impl<'m> Planner<'m> {
    pub fn new(module: &'m Module, dir: &'m Dir, links: &'m Links, addr: String, depth: usize, state: State) -> Planner<'m> {
        let index = module.dirs.iter().position(|d| std::ptr::eq(d, dir)).unwrap_or(0);
        Planner {
            graph: crate::module::graph::Graph::new(module, index, &links.installed, addr.clone()),
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
            test_roots: Vec::new(),
        }
    }

    /// Plans every named value in dependency order, taking over from the
    /// previous evaluation what `reuse` allows.
    pub fn run(&mut self, reuse: Option<&self::takeover::Previous>) {
        self.collect_read_attrs();
        // Terraform refuses a provider configuration its schema does not
        // take; OpenTofu's console says nothing of it, and leaves its
        // resources unknown.
        let (diags, invalid) = self::providers::provider_configurations(self);
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
                        true => self::takeover::plan(self, node, reuse),
                        false => self.node(node),
                    }
                }
                if !self.opentofu() {
                    self::resources::undeclared_imports(self);
                    self::deprecation::deprecated_uses(self);
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
        self.diags.push(ModuleDiagnostic { kind: crate::module::load::DiagnosticKind::Other, source, warning: false, diagnostic: d });
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

    pub fn options(&self) -> &crate::module::load::ModuleOptions {
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

    pub(crate) fn node(&mut self, n: Node) {
        // A node that depends on a failed one is never processed.
        // What ordering found, or (for a node planned alone) found again.
        let deps = self.graph.ordered.get(&n).cloned().unwrap_or_else(|| self.graph.deps(n));
        let upstream_failed = |d: &Node| match d {
            Node::Module(i) if self.state.failed_outputs.contains_key(i) => match self.graph.module_reads(n).remove(i) {
                Some(Some(read)) => read.iter().any(|o| self.call_read_fails(*i, Some(o))),
                _ => self.call_read_fails(*i, None),
            },
            d => self.state.failed.contains(d),
        };
        if deps.iter().any(upstream_failed) {
            self.state.failed.insert(n);
            // Terraform's graph still evaluates the child's outputs that
            // need none of the failed arguments; the others fail.
            if let (Node::Module(i), false) = (n, self.opentofu()) {
                self.call_in_part(i);
            }
            // OpenTofu leaves out of the module's outputs an output whose
            // variable had a value of the wrong type, and any that reads
            // what was not evaluated.
            if !matches!(n, Node::Output(_)) || deps.iter().any(|d| self.state.hidden.contains(d)) || self.reads_hidden_output(n) {
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
                if let Some(v) = self::resources::evaluate(self, r) {
                    self.state.resources.insert((r.mode, r.ty.clone(), r.name.clone()), v);
                }
            }
            Node::Module(i) => {
                let v = self::calls::module_call(self, i, self::calls::Given::All);
                self.state.modules.insert(self.config.modules[i].name.clone(), v);
                self.state.called.insert(i);
            }
            Node::Early(j) => {
                // What the call's full evaluation reports is reported once.
                let (call, arguments) = (self.graph.early[j].call, self.graph.early[j].arguments.clone());
                // Two calls that read each other's outputs: the one made in
                // full already knows what an early evaluation would.
                if self.state.called.contains(&call) {
                    return;
                }
                let keep = self.diags.len();
                let v = self::calls::module_call(self, call, self::calls::Given::Only(&arguments));
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

    /// Whether node `n` reads an output OpenTofu left out of a call's
    /// instances, or such a call whole.
    fn reads_hidden_output(&self, n: Node) -> bool {
        self.graph.module_reads(n).into_iter().any(|(i, read)| match (self.state.hidden_outputs.get(&i), read) {
            (None, _) => false,
            (Some(_), None) => true,
            (Some(hidden), Some(read)) => read.iter().any(|o| hidden.contains(o)),
        })
    }

    /// Whether an expression of node `reader` reads a node that failed (or
    /// an output that failed in a call that failed in part, or an early
    /// evaluation of a call that failed).
    fn reads_failed(&self, reader: Node, e: &crate::syntax::ast::Expression) -> bool {
        crate::syntax::traversals(e).into_iter().any(|(root, span, steps)| {
            let Ok(Some(r)) = crate::module::load::refs::parse(root, span, &steps, self.profile) else { return false };
            match self.graph.node_of(&r.subject) {
                Some(Node::Module(i)) => match self.graph.redirect.get(&(reader, i)) {
                    Some(&j) => self.state.failed.contains(&Node::Early(j)),
                    None => self.call_read_fails(i, r.attrs.first()),
                },
                Some(d) => self.state.failed.contains(&d),
                None => false,
            }
        })
    }

    /// Whether reading output `output` of call `i` (the call whole when
    /// `None`) reads what failed: any read of a failed call, but for the
    /// outputs that did not fail in a call that failed only in its child.
    fn call_read_fails(&self, i: usize, output: Option<&String>) -> bool {
        if !self.state.failed.contains(&Node::Module(i)) {
            return false;
        }
        match (self.state.failed_outputs.get(&i), output) {
            (Some(failed), Some(o)) => failed.contains(o),
            _ => true,
        }
    }

    /// A module call some of whose arguments read what failed, while its
    /// `count`, `for_each` and `enabled` do not: its instances expand and
    /// are planned with the other arguments, the outputs that need a
    /// failed one failed.
    fn call_in_part(&mut self, i: usize) {
        let m = &self.config.modules[i];
        if self.links.child(self.dir_index(), i).is_none() {
            return;
        }
        let reader = Node::Module(i);
        if m.depends_on.iter().chain(&m.count).chain(&m.for_each).chain(&m.enabled).any(|e| self.reads_failed(reader, e)) {
            return;
        }
        let failed: BTreeSet<String> = m.arguments.iter().filter(|a| self.reads_failed(reader, &a.expr)).map(|a| a.name.clone()).collect();
        // The child's outputs that need a failed argument are never
        // processed: unknown to the caller, and failed.
        let v = self::calls::module_call(self, i, self::calls::Given::Failed(&failed));
        self.state.modules.insert(m.name.clone(), v);
        // An early evaluation after it must not take its place.
        self.state.called.insert(i);
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
            match crate::module::load::convert::to_constraint(v.clone(), c, self.options().profile) {
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
        // Terraform leaves out of a targeted plan the root outputs that
        // read none of its targets.
        if let (true, Some(t)) = (root && !self.opentofu(), &self.links.testing) {
            let resources: Vec<String> = crate::syntax::traversals(expr)
                .iter()
                .filter_map(|(root, span, steps)| crate::module::load::refs::parse(root, *span, steps, self.profile).ok().flatten())
                .filter_map(|r| match r.subject {
                    crate::module::load::refs::Subject::Resource { mode: Mode::Managed, ty, name } => Some(format!("{ty}.{name}")),
                    _ => None,
                })
                .collect();
            if !resources.is_empty() && resources.iter().all(|a| t.untargeted(a)) {
                v = Value::dynamic_unknown();
            }
        }
        if let Some(t) = &self.links.testing {
            let address = match root {
                true => format!("output.{}", o.name),
                false => format!("{}.output.{}", self.addr, o.name),
            };
            match t.apply {
                true => {
                    if let Some(planned) = t.planned_outputs.borrow().get(&address) {
                        v = planned.clone();
                    }
                }
                false if v.is_wholly_known() => {
                    t.planned_outputs.borrow_mut().insert(address, v.clone());
                }
                false => {}
            }
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
