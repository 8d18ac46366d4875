//! Evaluating a module: the named values in dependency order (a cycle is
//! an error naming it, as Terraform's graph check does), each expression
//! over a scope built from what it refers to (Terraform's `evalContext`),
//! with Terraform's errors for references to what is not declared or not
//! available where it is used; then the console's expressions over the
//! result.

use super::config::{CheckRule, Config, Mode, Resource};
use super::refs::{self, Subject};
use super::resources::{self, Instances};
use super::{Loc, Module, ModuleDiagnostic, Source};
use crate::api::Evaluated;
use crate::diagnostics::{range_text, suggest, Diagnostic};
use crate::eval::Evaluator;
use crate::present;
use crate::syntax::ast::Expression;
use crate::value::convert::convert;
use crate::value::go_quote;
use crate::value::{Marks, SortedMap, Type, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// A node of the module's dependency graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Node {
    Var(usize),
    Local(usize),
    Resource(usize),
    Module(usize),
    Output(usize),
    Check(usize),
}

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
pub struct Evaluation<'m> {
    module: &'m Module,
    /// Every named value, in declaration order by kind.
    pub values: Vec<NamedValue>,
    /// Errors and warnings, in the order they were found.
    pub diagnostics: Vec<ModuleDiagnostic>,
    state: State,
    /// The variables files given, for rendering diagnostics about them.
    input_files: Vec<(String, String)>,
}

/// The values known so far.
#[derive(Default)]
struct State {
    vars: SortedMap<Value>,
    locals: HashMap<String, Value>,
    resources: HashMap<(Mode, String, String), Value>,
    modules: HashMap<String, Value>,
    failed: BTreeSet<Node>,
    /// Attribute names read from each resource (and module) anywhere, for
    /// the unknown attributes an instance's object shows.
    read_attrs: HashMap<(Mode, String, String), BTreeSet<String>>,
    module_attrs: HashMap<String, BTreeSet<String>>,
}

/// What an expression is evaluated in: its file, and the instance data of
/// the block around it.
#[derive(Clone, Default)]
pub(super) struct Scope {
    pub source: Option<usize>,
    pub count: Option<Value>,
    pub each: Option<(Value, Value)>,
    pub self_value: Option<Value>,
    /// The iterators of enclosing `dynamic` blocks: a name and its
    /// `{key, value}` object.
    pub iterators: Vec<(String, Value)>,
}

pub(super) fn evaluate<'m>(module: &'m Module, inputs: &super::Inputs) -> Evaluation<'m> {
    let mut ev = Planner { module, config: &module.config, state: State::default(), diags: module.load_diagnostics.clone() };
    let mut values = Vec::new();
    ev.diags.extend(super::inputs::option_errors(inputs));
    if ev.diags.is_empty() {
        ev.state.vars = super::inputs::prepare(&ev.config.variables, inputs, module.options.profile, &module.files, &mut ev.diags);
        ev.collect_read_attrs();
        if !ev.diags.iter().any(|d| !d.warning) {
            if let Some(order) = ev.order() {
                for node in order {
                    ev.node(node);
                }
            }
        }
        values = ev.named_values();
    }
    let mut diagnostics = ev.diags;
    let input_files: Vec<(String, String)> = inputs.input_files().into_iter().map(|(n, t)| (n.to_string(), t.to_string())).collect();
    sort_diagnostics(&mut diagnostics, &module.files, &input_files);
    Evaluation { module, values, diagnostics, state: ev.state, input_files }
}

/// Orders diagnostics as Terraform's views do before printing them
/// (`tfdiags.Diagnostics.Sort`): warnings first, then those with no
/// source, then by file (fewer path segments first, then by name) and
/// position; the order found otherwise.
pub(super) fn sort_diagnostics(diags: &mut [ModuleDiagnostic], files: &[(String, String)], input_files: &[(String, String)]) {
    let key = |d: &ModuleDiagnostic| {
        let file = match d.source {
            Source::File(i) => Some(files.get(i).map_or("", |f| f.0.as_str()).to_string()),
            Source::Console => Some("<console-input>".to_string()),
            Source::Inputs => Some("<inputs>".to_string()),
            Source::Input(i) => Some(input_files.get(i).map_or("", |f| f.0.as_str()).to_string()),
            Source::Nowhere => Some(String::new()),
            Source::None => None,
        };
        let place = file.map(|f| (f.matches('/').count(), f, d.diagnostic.subject.start, d.diagnostic.subject.end));
        (!d.warning, place)
    };
    diags.sort_by_key(key);
}

impl Evaluation<'_> {
    /// Evaluates `source` in the module's context, as the console does
    /// after planning: the value, or the expression's errors. Like the
    /// console, it evaluates even when planning found problems (which are
    /// in [`Evaluation::diagnostics`]); values that could not be had are
    /// unknown.
    pub fn console(&self, source: &str) -> Result<Evaluated, Vec<ModuleDiagnostic>> {
        let opts = &self.module.options;
        let console_diag = |d: Diagnostic| ModuleDiagnostic { source: Source::Console, warning: false, diagnostic: d };
        let expr = crate::syntax::parse_expression(source, "<console-input>", &opts.limits, opts.profile)
            .map_err(|ds| ds.into_iter().map(console_diag).collect::<Vec<_>>())?;
        // The console's type(x) prints x's type.
        let (inner, type_call) = match &expr.kind {
            crate::syntax::ast::ExprKind::FunctionCall { name, args, expand_final: false, .. } if name == "type" && args.len() == 1 => {
                (&args[0], true)
            }
            _ => (&expr, false),
        };
        let mut ev = Planner { module: self.module, config: &self.module.config, state: self.state.clone_shallow(), diags: Vec::new() };
        // Attributes the console reads of resources are unknown, not
        // missing.
        ev.note_read_attrs(inner);
        ev.refresh_resource_values();
        let scope = Scope::default();
        let value = ev.expression(inner, &scope, Some(source));
        match value {
            Some(v) if ev.diags.is_empty() => {
                let ty = v.ty();
                let console = if type_call { present::console_type(&ty) } else { present::console(&v) };
                Ok(Evaluated { value: v, ty, console })
            }
            _ => {
                let mut diags = ev.diags;
                sort_diagnostics(&mut diags, &self.module.files, &self.input_files);
                Err(diags)
            }
        }
    }

    /// The rendering of a diagnostic with its source line, wherever it is.
    pub fn render(&self, d: &ModuleDiagnostic, console_source: &str) -> String {
        let (name, text) = match d.source {
            Source::File(i) => (self.module.files[i].0.as_str(), self.module.files[i].1.as_str()),
            Source::Console => ("<console-input>", console_source),
            Source::Input(i) => (self.input_files[i].0.as_str(), self.input_files[i].1.as_str()),
            _ => ("<inputs>", ""),
        };
        let mut out = d.diagnostic.render(text, name);
        if d.warning {
            out = out.replacen("Error: ", "Warning: ", 1);
        }
        out
    }
}

impl State {
    fn clone_shallow(&self) -> State {
        State {
            vars: self.vars.clone(),
            locals: self.locals.clone(),
            resources: self.resources.clone(),
            modules: self.modules.clone(),
            failed: self.failed.clone(),
            read_attrs: self.read_attrs.clone(),
            module_attrs: self.module_attrs.clone(),
        }
    }
}

pub(super) struct Planner<'m> {
    module: &'m Module,
    config: &'m Config,
    state: State,
    diags: Vec<ModuleDiagnostic>,
}

impl<'m> Planner<'m> {
    fn file_diag(&mut self, file: Option<usize>, d: Diagnostic) {
        let source = file.map_or(Source::Console, Source::File);
        self.diags.push(ModuleDiagnostic { source, warning: false, diagnostic: d });
    }

    fn range(&self, loc: Loc) -> String {
        let (name, text) = &self.module.files[loc.file];
        range_text(text, name, loc.span, crate::value::unicode())
    }

    // ------------------------------------------------------------- graph

    /// Every expression a node evaluates, with its file.
    fn node_exprs(&self, node: Node) -> Vec<(&'m Expression, usize)> {
        let c = self.config;
        let rules = |rules: &'m [CheckRule]| rules.iter().flat_map(|r| [(&r.condition, r.file), (&r.error_message, r.file)]);
        match node {
            Node::Var(i) => rules(&c.variables[i].validations).collect(),
            Node::Local(i) => vec![(&c.locals[i].expr, c.locals[i].decl.file)],
            Node::Output(i) => {
                let o = &c.outputs[i];
                o.value.iter().map(|e| (e, o.file)).chain(o.depends_on.iter().map(|e| (e, o.file))).chain(rules(&o.preconditions)).collect()
            }
            Node::Resource(i) => resource_exprs(&c.resources[i]),
            Node::Module(i) => {
                let m = &c.modules[i];
                m.count
                    .iter()
                    .chain(m.for_each.iter())
                    .chain(m.depends_on.iter())
                    .chain(m.arguments.iter().map(|a| &a.expr))
                    .map(|e| (e, m.file))
                    .collect()
            }
            Node::Check(i) => {
                let ch = &c.checks[i];
                let mut out: Vec<(&Expression, usize)> = rules(&ch.asserts).collect();
                if let Some(d) = &ch.data {
                    out.extend(resource_exprs(d));
                }
                out
            }
        }
    }

    /// The nodes a node refers to.
    fn deps(&self, node: Node) -> BTreeSet<Node> {
        let mut out = BTreeSet::new();
        for (e, _) in self.node_exprs(node) {
            for (root, span, steps) in crate::syntax::traversals(e) {
                let Ok(Some(r)) = refs::parse(root, span, &steps) else { continue };
                if let Some(n) = self.node_of(&r.subject) {
                    if n != node || !matches!(node, Node::Var(_)) {
                        out.insert(n);
                    }
                }
            }
        }
        out
    }

    fn node_of(&self, s: &Subject) -> Option<Node> {
        let c = self.config;
        match s {
            Subject::Var(n) => c.variables.iter().position(|v| &v.name == n).map(Node::Var),
            Subject::Local(n) => c.locals.iter().position(|l| &l.name == n).map(Node::Local),
            Subject::Resource { mode, ty, name } => {
                c.resources.iter().position(|r| r.mode == *mode && &r.ty == ty && &r.name == name).map(Node::Resource)
            }
            Subject::Module(n) => c.modules.iter().position(|m| &m.name == n).map(Node::Module),
            _ => None,
        }
    }

    /// A node as Terraform's (or OpenTofu's) graph names it in a cycle.
    fn node_name(&self, n: Node) -> String {
        let c = self.config;
        let tofu = self.opentofu_console();
        match n {
            Node::Var(i) if tofu => format!("var.{} (expand, reference)", c.variables[i].name),
            Node::Var(i) => format!("var.{} (validation)", c.variables[i].name),
            Node::Local(i) => format!("local.{} (expand)", c.locals[i].name),
            Node::Output(i) => format!("output.{} (expand)", c.outputs[i].name),
            Node::Resource(i) if tofu => c.resources[i].address(),
            Node::Resource(i) => format!("{} (expand)", c.resources[i].address()),
            Node::Module(i) => format!("module.{} (expand)", c.modules[i].name),
            Node::Check(i) => format!("check.{} (expand)", c.checks[i].name),
        }
    }

    /// The nodes in an order where each comes after what it refers to, or
    /// `None` (with an error per cycle) when there is a cycle.
    fn order(&mut self) -> Option<Vec<Node>> {
        let c = self.config;
        let nodes: Vec<Node> = (0..c.variables.len())
            .map(Node::Var)
            .chain((0..c.locals.len()).map(Node::Local))
            .chain((0..c.resources.len()).map(Node::Resource))
            .chain((0..c.modules.len()).map(Node::Module))
            .chain((0..c.outputs.len()).map(Node::Output))
            .chain((0..c.checks.len()).map(Node::Check))
            .collect();
        let deps: HashMap<Node, BTreeSet<Node>> = nodes.iter().map(|n| (*n, self.deps(*n))).collect();
        for (n, ds) in &deps {
            if ds.contains(n) {
                self.self_reference(*n);
                return None;
            }
        }
        let cycles = strongly_connected(&nodes, &deps);
        if !cycles.is_empty() {
            for cycle in cycles {
                let mut names: Vec<String> = cycle.iter().map(|n| self.node_name(*n)).collect();
                names.reverse();
                let first =
                    (0..names.len()).min_by(|a, b| names[*a].len().cmp(&names[*b].len()).then(names[*a].cmp(&names[*b]))).unwrap_or(0);
                names.rotate_left(first);
                let summary = match self.opentofu_console() {
                    true => {
                        names[1..].reverse();
                        format!("Cycle: {}", names.join(", "))
                    }
                    false => format!("Cycle:{}", names.iter().map(|n| format!("\n  {n}")).collect::<String>()),
                };
                self.diags.push(ModuleDiagnostic::general(summary, ""));
            }
            return None;
        }
        let mut done: BTreeSet<Node> = BTreeSet::new();
        let mut out = Vec::with_capacity(nodes.len());
        // Depth first from each node in declaration order; the graph has no
        // cycle, so a work list of (node, expanded) suffices.
        for start in &nodes {
            let mut work = vec![(*start, false)];
            while let Some((n, expanded)) = work.pop() {
                if done.contains(&n) {
                    continue;
                }
                if expanded {
                    done.insert(n);
                    out.push(n);
                    continue;
                }
                work.push((n, true));
                for d in deps[&n].iter().rev() {
                    if !done.contains(d) {
                        work.push((*d, false));
                    }
                }
            }
        }
        Some(out)
    }

    /// Terraform's error for a block that refers to itself.
    fn self_reference(&mut self, n: Node) {
        let (addr, file) = match n {
            Node::Local(i) => (format!("local.{}", self.config.locals[i].name), self.config.locals[i].decl.file),
            Node::Resource(i) => (self.config.resources[i].address(), self.config.resources[i].file),
            Node::Output(i) => (format!("output.{}", self.config.outputs[i].name), self.config.outputs[i].file),
            Node::Module(i) => (format!("module.{}", self.config.modules[i].name), self.config.modules[i].file),
            _ => return,
        };
        for (e, f) in self.node_exprs(n) {
            for (root, span, steps) in crate::syntax::traversals(e) {
                if let Ok(Some(r)) = refs::parse(root, span, &steps) {
                    if self.node_of(&r.subject) == Some(n) {
                        let d = match n {
                            Node::Local(_) => Diagnostic::error(
                                "Self-referencing local value",
                                format!("Local value {addr} cannot use its own result as part of its expression."),
                                r.span,
                            ),
                            _ => Diagnostic::error(
                                "Self-referential block",
                                format!("Configuration for {addr} may not refer to itself."),
                                r.span,
                            ),
                        };
                        self.file_diag(Some(f), d);
                        let _ = file;
                        return;
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------- nodes

    fn node(&mut self, n: Node) {
        if self.deps(n).iter().any(|d| self.state.failed.contains(d)) {
            self.state.failed.insert(n);
            return;
        }
        let before = self.error_count();
        match n {
            // A failed validation leaves the value in place for what uses
            // it (Terraform checks it in a node of its own).
            Node::Var(i) => {
                self.validations(i);
                return;
            }
            Node::Local(i) => {
                let l = &self.config.locals[i];
                let scope = Scope { source: Some(l.decl.file), ..Scope::default() };
                let v = self.expression(&l.expr, &scope, None).unwrap_or_else(Value::dynamic_unknown);
                self.state.locals.insert(l.name.clone(), v);
            }
            Node::Resource(i) => {
                let r = &self.config.resources[i];
                if let Some(v) = resources::evaluate(self, r) {
                    self.state.resources.insert((r.mode, r.ty.clone(), r.name.clone()), v);
                }
            }
            Node::Module(i) => {
                let v = resources::module_call(self, &self.config.modules[i]);
                self.state.modules.insert(self.config.modules[i].name.clone(), v);
            }
            Node::Output(i) => self.output(i),
            Node::Check(i) => self.check(i),
        }
        if self.error_count() > before {
            self.state.failed.insert(n);
        }
    }

    pub(super) fn error_count(&self) -> usize {
        self.diags.iter().filter(|d| !d.warning).count()
    }

    fn validations(&mut self, i: usize) {
        let v = &self.config.variables[i];
        let Some(value) = self.state.vars.get(&v.name).cloned() else {
            self.state.failed.insert(Node::Var(i));
            return;
        };
        for rule in &v.validations {
            let scope = Scope { source: Some(rule.file), ..Scope::default() };
            let before = self.diags.len();
            let cond = self.expression(&rule.condition, &scope, None);
            let message = self.expression(&rule.error_message, &scope, None);
            if self.diags.len() > before {
                continue;
            }
            let (Some(cond), Some(message)) = (cond, message) else { continue };
            let subject = v.decl;
            if let Some(failure) = self.check_rule(
                rule,
                cond,
                message,
                "Invalid variable validation result",
                "Validation condition expression must return either true or false, not null.",
                "Invalid validation condition result value",
            ) {
                let detail = format!("{failure}\n\nThis was checked by the validation rule at {}.", self.range(rule.decl));
                self.file_diag(Some(subject.file), Diagnostic::error("Invalid value for variable", detail, subject.span));
            }
            let _ = &value;
        }
    }

    /// A condition's result: `Some(message)` when it failed, after the
    /// errors Terraform gives for a null or non-bool condition and a bad
    /// error message.
    fn check_rule(
        &mut self,
        rule: &CheckRule,
        cond: Value,
        message: Value,
        invalid: &str,
        null_detail: &str,
        bad_value: &str,
    ) -> Option<String> {
        let file = Some(rule.file);
        if !cond.is_known() {
            return None;
        }
        if cond.is_null() {
            self.file_diag(file, Diagnostic::error(invalid, null_detail, rule.condition.span));
            return None;
        }
        let cond = match convert(&cond, &Type::Bool) {
            Ok(c) => c.unmark().0,
            Err(m) => {
                self.file_diag(file, Diagnostic::error(invalid, format!("{bad_value}: {m}."), rule.condition.span));
                return None;
            }
        };
        if matches!(cond, Value::Bool(true)) {
            return None;
        }
        if !message.is_known() {
            let d = Diagnostic::error(
                "Invalid error message",
                "Unsuitable value for error message: expression refers to values that won't be known until the apply phase.",
                rule.error_message.span,
            );
            self.file_diag(file, d);
            return None;
        }
        let mut text = String::new();
        if !message.is_null() {
            match convert(&message, &Type::String) {
                Err(m) => self.file_diag(
                    file,
                    Diagnostic::error(
                        "Invalid error message",
                        format!("Unsuitable value for error message: {m}."),
                        rule.error_message.span,
                    ),
                ),
                Ok(s) if s.has_mark_deep(Marks::SENSITIVE) => {
                    self.file_diag(file, Diagnostic::error(
                        "Error message refers to sensitive values",
                        "The error expression used to explain this condition refers to sensitive values. Terraform will not display the resulting message.\n\nYou can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.",
                        rule.error_message.span,
                    ));
                    text = "The error message included a sensitive value, so it will not be displayed.".into();
                }
                Ok(s) => text = s.unmarked().as_str().unwrap_or("").trim().to_string(),
            }
        }
        if text.is_empty() {
            text = "Failed to evaluate condition error message.".into();
        }
        Some(text)
    }

    fn output(&mut self, i: usize) {
        let o = &self.config.outputs[i];
        let scope = Scope { source: Some(o.file), ..Scope::default() };
        for rule in &o.preconditions {
            let cond = self.expression(&rule.condition, &scope, None);
            let message = self.expression(&rule.error_message, &scope, None);
            if let (Some(c), Some(m)) = (cond, message) {
                if let Some(failure) = self.check_rule(
                    rule,
                    c,
                    m,
                    "Invalid condition result",
                    "Condition expression must return either true or false, not null.",
                    "Invalid condition result value",
                ) {
                    self.file_diag(
                        Some(rule.file),
                        Diagnostic::error("Module output value precondition failed", failure, rule.condition.span),
                    );
                    return;
                }
            }
        }
        let Some(expr) = &o.value else { return };
        let Some(v) = self.expression(expr, &scope, None) else { return };
        if !o.sensitive && v.has_mark_deep(Marks::SENSITIVE) {
            self.file_diag(
                Some(o.file),
                Diagnostic::error(
                    "Output refers to sensitive values",
                    "To reduce the risk of accidentally exporting sensitive data that was intended to be only internal, Terraform requires that any root module output containing sensitive data be explicitly marked as sensitive, to confirm your intent.\n\nIf you do intend to export this data, annotate the output value as sensitive by adding the following argument:\n    sensitive = true",
                    o.decl.span,
                ),
            );
        }
        if !o.ephemeral && v.has_mark_deep(Marks::EPHEMERAL) {
            self.file_diag(
                Some(o.file),
                Diagnostic::error(
                    "Ephemeral value not allowed",
                    "This output value is not declared as returning an ephemeral value, so it cannot be set to a result derived from an ephemeral value.",
                    expr.span,
                ),
            );
        }
    }

    fn check(&mut self, i: usize) {
        let ch = &self.config.checks[i];
        if let Some(d) = &ch.data {
            if let Some(v) = resources::evaluate(self, d) {
                self.state.resources.insert((d.mode, d.ty.clone(), d.name.clone()), v);
            }
        }
        for rule in &ch.asserts {
            let scope = Scope { source: Some(rule.file), ..Scope::default() };
            let before = self.diags.len();
            let cond = self.expression(&rule.condition, &scope, None);
            let message = self.expression(&rule.error_message, &scope, None);
            // A check's problems are warnings: they never stop a plan.
            for d in &mut self.diags[before..] {
                d.warning = true;
            }
            let (Some(c), Some(m)) = (cond, message) else { continue };
            let before = self.diags.len();
            let failure = self.check_rule(
                rule,
                c,
                m,
                "Invalid condition result",
                "Condition expression must return either true or false, not null.",
                "Invalid condition result value",
            );
            for d in &mut self.diags[before..] {
                d.warning = true;
            }
            if let Some(failure) = failure {
                let detail = format!("{failure}\n\nThis was checked by the condition at {}.", self.range(rule.decl));
                let d = Diagnostic::error("Check block assertion failed", detail, rule.condition.span);
                self.diags.push(ModuleDiagnostic { source: Source::File(rule.file), warning: true, diagnostic: d });
            }
        }
    }

    // ------------------------------------------------------- expressions

    /// Evaluates `e` over the scope its references call for; `None` after
    /// errors (which are recorded). `console` is the console line's text,
    /// when `e` is one.
    pub(super) fn expression(&mut self, e: &Expression, scope: &Scope, console: Option<&str>) -> Option<Value> {
        let before = self.diags.len();
        let mut vars: BTreeMap<&str, BTreeMap<String, Value>> = BTreeMap::new();
        let mut resources_by_type: BTreeMap<(Mode, String), BTreeMap<String, Value>> = BTreeMap::new();
        let mut self_value = None;
        for (root, span, steps) in crate::syntax::traversals(e) {
            if scope.iterators.iter().any(|(n, _)| n == root) {
                continue;
            }
            let r = match refs::parse(root, span, &steps) {
                Ok(Some(r)) => r,
                Ok(None) => continue,
                Err(d) => {
                    self.file_diag(scope.source, d);
                    continue;
                }
            };
            let nowhere = r.error.is_some();
            if let Some(d) = r.error.clone() {
                self.file_diag(scope.source, d);
            }
            let mark = self.diags.len();
            match self.reference_value(&r, scope, &steps) {
                Some((key, name, v)) if key == "self" => self_value = Some(v).filter(|_| !name.is_empty()).or(scope.self_value.clone()),
                Some((key, name, v)) => {
                    vars.entry(key).or_default().insert(name, v);
                }
                None => {}
            }
            if nowhere {
                for d in &mut self.diags[mark..] {
                    d.source = Source::Nowhere;
                }
            }
            if let Subject::Resource { mode, ty, name } = &r.subject {
                if let Some(v) = self.state.resources.get(&(*mode, ty.clone(), name.clone())) {
                    resources_by_type.entry((*mode, ty.clone())).or_default().insert(name.clone(), v.clone());
                }
            }
        }
        if self.diags.len() > before {
            return None;
        }
        let mut top = SortedMap::new();
        let object = |m: BTreeMap<String, Value>| Value::Object(m.into());
        let mut managed = BTreeMap::new();
        let mut data = BTreeMap::new();
        for ((mode, ty), names) in resources_by_type {
            let v = object(names);
            match mode {
                Mode::Managed => managed.insert(ty, v),
                Mode::Data => data.insert(ty, v),
            };
        }
        for (ty, v) in &managed {
            top.insert(ty.clone(), v.clone());
        }
        top.insert("resource".into(), object(managed));
        top.insert("ephemeral".into(), object(BTreeMap::new()));
        top.insert("data".into(), object(data));
        for key in ["module", "var", "local", "path", "terraform", "count", "each"] {
            top.insert(key.into(), object(vars.remove(key).unwrap_or_default()));
        }
        if let Some(s) = self_value {
            top.insert("self".into(), s);
        }
        for (name, it) in &scope.iterators {
            top.insert(name.clone(), it.clone());
        }
        let opts = &self.module.options;
        let (name, text) = match scope.source {
            Some(f) => (self.module.files[f].0.as_str(), self.module.files[f].1.as_str()),
            None => ("<console-input>", console.unwrap_or("")),
        };
        let _profile = opts.profile.enter();
        let mut ev = Evaluator::new(&top, &opts.limits).with_profile(opts.profile).with_source(text, name);
        let v = ev.eval(e);
        let failed = !ev.diags.is_empty();
        for d in ev.diags {
            self.file_diag(scope.source, d);
        }
        (!failed).then_some(v)
    }

    /// A reference's value, where it goes in the scope (`var`, `local`,
    /// ...) and under what name; an error is recorded instead where the
    /// reference cannot be resolved here.
    fn reference_value(
        &mut self,
        r: &refs::Reference,
        scope: &Scope,
        steps: &[&crate::syntax::ast::Step],
    ) -> Option<(&'static str, String, Value)> {
        let c = self.config;
        let err = |summary: &str, detail: String| Diagnostic::error(summary, detail, r.span);
        let (key, name, value): (&'static str, String, Result<Value, Diagnostic>) = match &r.subject {
            Subject::Var(n) => {
                let v = match (self.state.vars.get(n), c.variables.iter().find(|v| &v.name == n)) {
                    (Some(v), Some(cfg)) => Ok(super::inputs::marked(cfg, v.clone())),
                    (None, Some(_)) => Err(err(
                        "Reference to uninitialized variable",
                        format!("The variable var.{n} was not processed by the most recent operation, this likely means the previous operation either failed or was incomplete due to targeting."),
                    )),
                    _ => {
                        let hint = match suggest(n, c.variables.iter().map(|v| v.name.as_str())) {
                            Some(s) => format!(" Did you mean {}?", go_quote(s)),
                            None => format!(" This variable can be declared with a variable {} {{}} block.", go_quote(n)),
                        };
                        Err(err(
                            "Reference to undeclared input variable",
                            format!("An input variable with the name {} has not been declared.{hint}", go_quote(n)),
                        ))
                    }
                };
                ("var", n.clone(), v)
            }
            Subject::Local(n) => {
                let v = match (c.locals.iter().any(|l| &l.name == n), self.state.locals.get(n)) {
                    (true, Some(v)) => Ok(v.clone()),
                    (true, None) => Err(err(
                        "Reference to uninitialized local value",
                        format!("The local value local.{n} was not processed by the most recent operation, this likely means the previous operation either failed or was incomplete due to targeting."),
                    )),
                    (false, _) => {
                        let hint = suggest(n, c.locals.iter().map(|l| l.name.as_str())).map(|s| format!(" Did you mean {}?", go_quote(s))).unwrap_or_default();
                        Err(err("Reference to undeclared local value", format!("A local value with the name {} has not been declared.{hint}", go_quote(n))))
                    }
                };
                ("local", n.clone(), v)
            }
            Subject::Resource { mode, ty, name } => {
                let Some(cfg) = c.resources.iter().find(|x| x.mode == *mode && &x.ty == ty && &x.name == name) else {
                    let mut hint = String::new();
                    if *mode == Mode::Managed && c.resources.iter().any(|x| x.mode == Mode::Data && &x.ty == ty && &x.name == name) {
                        hint = format!("\n\nDid you mean the data resource data.{ty}.{name}?");
                    }
                    let adj = if *mode == Mode::Managed { "managed" } else { "data" };
                    let d = err("Reference to undeclared resource", format!("A {adj} resource {} {} has not been declared in the root module.{hint}", go_quote(ty), go_quote(name)));
                    self.file_diag(scope.source, d);
                    return None;
                };
                if let Some(d) = instance_key_diagnostic(cfg, steps, r) {
                    self.file_diag(scope.source, d);
                    return None;
                }
                let key = (*mode, ty.clone(), name.clone());
                if self.opentofu_console() {
                    self.state.resources.insert(key, Value::dynamic_unknown());
                } else if !self.state.resources.contains_key(&key) {
                    let d = err(
                        "Reference to uninitialized resource",
                        format!("The resource {} was not processed by the most recent operation, this likely means the previous operation either failed or was incomplete due to targeting.", cfg.address()),
                    );
                    self.file_diag(scope.source, d);
                    return None;
                }
                // The scope gets resources by type (see `expression`).
                return None;
            }
            Subject::Module(n) => {
                let v = match self.state.modules.get(n) {
                    Some(v) => Ok(v.clone()),
                    None if c.modules.iter().any(|m| &m.name == n) => Ok(Value::dynamic_unknown()),
                    None => Err(err(
                        "Reference to undeclared module",
                        format!("No module call named {} is declared in the root module.", go_quote(n)),
                    )),
                };
                ("module", n.clone(), v)
            }
            Subject::Count(a) => {
                let v = match (a.as_str(), &scope.count) {
                    ("index", Some(i)) => Ok(i.clone()),
                    ("index", None) => Err(err(
                        "Reference to \"count\" in non-counted context",
                        "The \"count\" object can only be used in \"module\", \"resource\", and \"data\" blocks, and only when the \"count\" argument is set.".into(),
                    )),
                    _ => Err(err("Invalid \"count\" attribute", format!("The \"count\" object does not have an attribute named {}. The only supported attribute is count.index, which is the index of each instance of a resource block that has the \"count\" argument set.", go_quote(a)))),
                };
                ("count", a.clone(), v)
            }
            Subject::Each(a) => {
                let v = match (a.as_str(), &scope.each) {
                    ("key", Some((k, _))) => Ok(k.clone()),
                    ("value", Some((_, v))) => Ok(v.clone()),
                    ("key" | "value", None) => Err(err(
                        "Reference to \"each\" in context without for_each",
                        "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.".into(),
                    )),
                    _ => Err(err("Invalid \"each\" attribute", format!("The \"each\" object does not have an attribute named {}. The supported attributes are each.key and each.value, the current key and value pair of the \"for_each\" attribute set.", go_quote(a)))),
                };
                ("each", a.clone(), v)
            }
            Subject::Path(a) => {
                let v = match a.as_str() {
                    "cwd" | "module" | "root" => Ok(Value::string(self.module.options.path.clone())),
                    _ => {
                        let hint = suggest(a, ["cwd", "module", "root"]).map(|s| format!(" Did you mean {}?", go_quote(s))).unwrap_or_default();
                        Err(err("Invalid \"path\" attribute", format!("The \"path\" object does not have an attribute named {}.{hint}", go_quote(a))))
                    }
                };
                ("path", a.clone(), v)
            }
            Subject::Terraform(a) => {
                let v = match a.as_str() {
                    "workspace" => Ok(Value::string(self.module.options.workspace.clone())),
                    "applying" => Ok(Value::Bool(false).with_marks(Marks::EPHEMERAL)),
                    "env" => Err(err("Invalid \"terraform\" attribute", "The terraform.env attribute was deprecated in v0.10 and removed in v0.12. The \"state environment\" concept was renamed to \"workspace\" in v0.12, and so the workspace name can now be accessed using the terraform.workspace attribute.".into())),
                    _ => Err(err("Invalid \"terraform\" attribute", format!("The \"terraform\" object does not have an attribute named {}. The only supported attributes are terraform.workspace, the name of the currently-selected workspace, and terraform.applying, a boolean which is true only during apply.", go_quote(a)))),
                };
                ("terraform", a.clone(), v)
            }
            Subject::SelfRef => match &scope.self_value {
                Some(v) => ("self", "self".into(), Ok(v.clone())),
                None => (
                    "self",
                    String::new(),
                    Err(Diagnostic::error(
                        "Invalid \"self\" reference",
                        "The \"self\" object is not available in this context. This object can be used only in resource provisioner, connection, and postcondition blocks.",
                        r.span,
                    )),
                ),
            },
        };
        match value {
            Ok(v) => Some((key, name, v)),
            Err(d) => {
                self.file_diag(scope.source, d);
                None
            }
        }
    }

    // ------------------------------------------------------------ values

    /// Every attribute name read from a resource or module anywhere in the
    /// module, so that instances show them as unknown.
    fn collect_read_attrs(&mut self) {
        let c = self.config;
        let mut exprs: Vec<&Expression> = Vec::new();
        for v in &c.variables {
            for r in &v.validations {
                exprs.extend([&r.condition, &r.error_message]);
            }
        }
        exprs.extend(c.locals.iter().map(|l| &l.expr));
        for o in &c.outputs {
            exprs.extend(o.value.iter());
            for r in &o.preconditions {
                exprs.extend([&r.condition, &r.error_message]);
            }
        }
        for r in &c.resources {
            exprs.extend(resource_exprs(r).into_iter().map(|(e, _)| e));
        }
        for m in &c.modules {
            exprs.extend(m.arguments.iter().map(|a| &a.expr));
        }
        for ch in &c.checks {
            for r in &ch.asserts {
                exprs.extend([&r.condition, &r.error_message]);
            }
        }
        for e in exprs {
            self.note_read_attrs(e);
        }
    }

    fn note_read_attrs(&mut self, e: &Expression) {
        for (root, span, steps) in crate::syntax::traversals(e) {
            let Ok(Some(r)) = refs::parse(root, span, &steps) else { continue };
            match &r.subject {
                Subject::Resource { mode, ty, name } => {
                    self.state.read_attrs.entry((*mode, ty.clone(), name.clone())).or_default().extend(r.attrs.iter().cloned());
                }
                Subject::Module(n) => {
                    self.state.module_attrs.entry(n.clone()).or_default().extend(r.attrs.iter().cloned());
                }
                _ => {}
            }
        }
    }

    /// Adds, after the console named new attributes, the unknowns they
    /// stand for to the resources' values.
    fn refresh_resource_values(&mut self) {
        let keys: Vec<_> = self.state.resources.keys().cloned().collect();
        for k in keys {
            let attrs = self.state.read_attrs.get(&k).cloned().unwrap_or_default();
            if let Some(v) = self.state.resources.get_mut(&k) {
                *v = resources::with_unknown_attrs(v.clone(), &attrs);
            }
        }
        let names: Vec<_> = self.state.modules.keys().cloned().collect();
        for n in names {
            let attrs = self.state.module_attrs.get(&n).cloned().unwrap_or_default();
            if let Some(v) = self.state.modules.get_mut(&n) {
                *v = resources::with_unknown_attrs(v.clone(), &attrs);
            }
        }
    }

    pub(super) fn read_attrs(&self, mode: Mode, ty: &str, name: &str) -> BTreeSet<String> {
        self.state.read_attrs.get(&(mode, ty.to_string(), name.to_string())).cloned().unwrap_or_default()
    }

    pub(super) fn module_read_attrs(&self, name: &str) -> BTreeSet<String> {
        self.state.module_attrs.get(name).cloned().unwrap_or_default()
    }

    /// OpenTofu's console has no `-plan`: it evaluates against the empty
    /// state, where every resource is wholly unknown.
    pub(super) fn opentofu_console(&self) -> bool {
        self.module.options.profile == crate::profile::Profile::OpenTofu
    }

    pub(super) fn error(&mut self, file: usize, d: Diagnostic) {
        self.file_diag(Some(file), d);
    }

    pub(super) fn options(&self) -> &super::ModuleOptions {
        &self.module.options
    }

    fn named_values(&self) -> Vec<NamedValue> {
        let c = self.config;
        let mut out = Vec::new();
        let ok = |n: Node| !self.state.failed.contains(&n);
        for (i, v) in c.variables.iter().enumerate() {
            let value = super::inputs::marked(v, self.state.vars.get(&v.name).cloned().unwrap_or_else(Value::dynamic_unknown));
            out.push(NamedValue { address: format!("var.{}", v.name), kind: Kind::Variable, loc: v.decl, value, ok: ok(Node::Var(i)) });
        }
        for (i, l) in c.locals.iter().enumerate() {
            let value = self.state.locals.get(&l.name).cloned().unwrap_or_else(Value::dynamic_unknown);
            out.push(NamedValue { address: format!("local.{}", l.name), kind: Kind::Local, loc: l.decl, value, ok: ok(Node::Local(i)) });
        }
        for (i, r) in c.resources.iter().enumerate() {
            let kind = if r.mode == Mode::Managed { Kind::Resource } else { Kind::Data };
            let value = self.state.resources.get(&(r.mode, r.ty.clone(), r.name.clone())).cloned().unwrap_or_else(Value::dynamic_unknown);
            out.push(NamedValue { address: r.address(), kind, loc: r.decl, value, ok: ok(Node::Resource(i)) });
        }
        for (i, m) in c.modules.iter().enumerate() {
            let value = self.state.modules.get(&m.name).cloned().unwrap_or_else(Value::dynamic_unknown);
            out.push(NamedValue { address: format!("module.{}", m.name), kind: Kind::Module, loc: m.decl, value, ok: ok(Node::Module(i)) });
        }
        for (i, o) in c.outputs.iter().enumerate() {
            let value = match (ok(Node::Output(i)), &o.value) {
                (true, Some(e)) => {
                    let mut me = Planner { module: self.module, config: self.config, state: self.state.clone_shallow(), diags: Vec::new() };
                    me.expression(e, &Scope { source: Some(o.file), ..Scope::default() }, None).unwrap_or_else(Value::dynamic_unknown)
                }
                _ => Value::dynamic_unknown(),
            };
            let value = value.with_marks(if o.sensitive { Marks::SENSITIVE } else { Marks::NONE });
            out.push(NamedValue { address: format!("output.{}", o.name), kind: Kind::Output, loc: o.decl, value, ok: ok(Node::Output(i)) });
        }
        out
    }
}

/// Every expression of a resource block, with its file.
fn resource_exprs(r: &Resource) -> Vec<(&Expression, usize)> {
    let mut out: Vec<(&Expression, usize)> =
        r.count.iter().chain(r.for_each.iter()).chain(r.depends_on.iter()).map(|e| (e, r.file)).collect();
    resources::body_exprs(&r.body, &mut out, r.file);
    for rule in r.preconditions.iter().chain(&r.postconditions) {
        out.push((&rule.condition, rule.file));
        out.push((&rule.error_message, rule.file));
    }
    for b in &r.provisioners {
        resources::body_exprs(&b.body, &mut out, r.file);
    }
    out
}

/// Terraform's static check of an instance key in a resource reference.
fn instance_key_diagnostic(cfg: &Resource, steps: &[&crate::syntax::ast::Step], r: &refs::Reference) -> Option<Diagnostic> {
    use crate::syntax::ast::Step;
    // Steps after the resource name: the type's own step is included for
    // a `data.` or `resource.` prefix, so count from the name.
    let name_at = steps.iter().position(|s| matches!(s, Step::GetAttr { name, .. } if *name == cfg.name))?;
    let rest = &steps[name_at + 1..];
    let keyed = matches!(rest.first(), Some(Step::Index { .. } | Step::LegacyIndex { .. }));
    let repeated = cfg.count.is_some() || cfg.for_each.is_some();
    let addr = cfg.address();
    if keyed && !repeated {
        return Some(Diagnostic::error(
            "Unexpected resource instance key",
            format!("Because {addr} does not have \"count\" or \"for_each\" set, references to it must not include an index key. Remove the bracketed index to refer to the single instance of this resource."),
            r.span,
        ));
    }
    if !keyed && !rest.is_empty() {
        let (arg, key) = if cfg.count.is_some() { ("count", "count.index") } else { ("for_each", "each.key") };
        if repeated {
            return Some(Diagnostic::error(
                "Missing resource instance key",
                format!("Because {addr} has \"{arg}\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    {addr}[{key}]"),
                r.span,
            ));
        }
    }
    None
}

/// The strongly connected components of more than one node (Tarjan's
/// algorithm, iteratively).
fn strongly_connected(nodes: &[Node], deps: &HashMap<Node, BTreeSet<Node>>) -> Vec<Vec<Node>> {
    let mut index: HashMap<Node, usize> = HashMap::new();
    let mut low: HashMap<Node, usize> = HashMap::new();
    let mut on_stack: BTreeSet<Node> = BTreeSet::new();
    let mut stack: Vec<Node> = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for &start in nodes {
        if index.contains_key(&start) {
            continue;
        }
        let mut work: Vec<(Node, Vec<Node>)> = vec![(start, deps[&start].iter().copied().collect())];
        index.insert(start, next);
        low.insert(start, next);
        next += 1;
        stack.push(start);
        on_stack.insert(start);
        while let Some((v, pending)) = work.last_mut() {
            let v = *v;
            if let Some(w) = pending.pop() {
                if !index.contains_key(&w) {
                    index.insert(w, next);
                    low.insert(w, next);
                    next += 1;
                    stack.push(w);
                    on_stack.insert(w);
                    work.push((w, deps[&w].iter().copied().collect()));
                } else if on_stack.contains(&w) {
                    let l = low[&v].min(index[&w]);
                    low.insert(v, l);
                }
                continue;
            }
            work.pop();
            if let Some((parent, _)) = work.last() {
                let l = low[parent].min(low[&v]);
                low.insert(*parent, l);
            }
            if low[&v] == index[&v] {
                let mut component = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack.remove(&w);
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    out.push(component);
                }
            }
        }
    }
    out
}

/// The instances of a repeated block, or a single one.
pub(super) fn instances_scope(inst: &Instances, i: usize, file: usize) -> Scope {
    match inst {
        Instances::Single => Scope { source: Some(file), ..Scope::default() },
        Instances::Count(_) => Scope { source: Some(file), count: Some(Value::int(i as i64)), ..Scope::default() },
        Instances::ForEach(entries) => {
            let (k, v) = &entries[i];
            Scope { source: Some(file), each: Some((Value::string(k.clone()), v.clone())), ..Scope::default() }
        }
    }
}
