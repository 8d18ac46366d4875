//! Expressions in a module: the scope each one is evaluated in, built from
//! the references it makes (Terraform's `evalContext`), with Terraform's
//! errors for references to what is not declared or not available where
//! it is used, and its static checks of resource references against the
//! resource type's schema.

use super::{providers, Planner, Scope};
use crate::diagnostics::{suggest, Diagnostic};
use crate::eval::inspect::{node_at, Found, Recorder, MAX_HITS};
use crate::eval::Evaluator;
use crate::module::load::config::{Mode, Resource};
use crate::module::load::provider_schema::TypeSchema;
use crate::module::load::refs::{self, Subject};
use crate::module::load::schema::first_close;
use crate::module::load::Source;
use crate::syntax::ast::{Expression, Step};
use crate::value::go_quote;
use crate::value::ops::raw_equals;
use crate::value::{Marks, SortedMap, Value};
use std::collections::{BTreeMap, BTreeSet};

impl<'m> Planner<'m> {
    /// Evaluates `e` over the scope its references call for; `None` after
    /// errors (which are recorded). `console` is the console line's text,
    /// when `e` is one.
    pub(crate) fn expression(&mut self, e: &Expression, scope: &Scope, console: Option<&str>) -> Option<Value> {
        self.expression_with(e, scope, console, false)
    }

    /// As [`Planner::expression`] for a condition or error message, which
    /// Terraform goes on evaluating after a reference failed (each failed
    /// reference unknown, `self` missing).
    pub(crate) fn rule_expression(&mut self, e: &Expression, scope: &Scope) -> Option<Value> {
        self.expression_with(e, scope, None, true)
    }

    fn expression_with(&mut self, e: &Expression, scope: &Scope, console: Option<&str>, go_on: bool) -> Option<Value> {
        let before = self.diags.len();
        let max_total = self.module.options.limits.max_total_steps;
        if self.links.steps.get() > max_total {
            // Said once, at the expression that found the budget spent.
            if self.links.steps.replace(u64::MAX) != u64::MAX {
                let detail = format!(
                    "Evaluating this configuration needs more than {max_total} steps of work, which is more than this evaluator allows."
                );
                let d = crate::diagnostics::Diagnostic::error(crate::limits::TOO_EXPENSIVE, detail, e.span);
                self.file_diag(scope.source, d.with_code(crate::diagnostics::Code::TooExpensive));
            }
            return None;
        }
        let mut vars: BTreeMap<&str, BTreeMap<String, Value>> = BTreeMap::new();
        let mut resources_by_type: BTreeMap<(Mode, String), BTreeMap<String, Value>> = BTreeMap::new();
        let mut self_value = None;
        let references = crate::syntax::traversals(e);
        for (root, span, steps) in &references {
            if scope.iterators.iter().any(|(n, _)| n == root) {
                continue;
            }
            if let Some((_, v)) = self.test_roots.iter().find(|(n, _)| n == root) {
                if let (&"output", Some(Step::GetAttr { name, span: at })) = (root, steps.first()) {
                    let declared = matches!(v, Value::Object(o) if o.get(name).is_some());
                    if !declared {
                        let detail = format!("An output value with the name {} has not been declared.", go_quote(name, self.profile));
                        self.file_diag(scope.source, Diagnostic::error("Reference to undeclared output value", detail, span.to(*at)));
                    }
                }
                continue;
            }
            let r = match refs::parse(root, *span, steps, self.profile) {
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
            match self.reference_value(&r, scope, steps) {
                Some(("self", _, v)) => self_value = Some(v),
                Some((key, name, v)) => {
                    vars.entry(key).or_default().insert(name, v);
                }
                None if go_on => {
                    if let Some((key, name)) = placeholder_key(&r.subject) {
                        vars.entry(key).or_default().entry(name).or_insert_with(Value::dynamic_unknown);
                    }
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
                } else if go_on {
                    resources_by_type.entry((*mode, ty.clone())).or_default().insert(name.clone(), Value::dynamic_unknown());
                }
            }
        }
        if self.diags.len() > before && !go_on {
            return None;
        }
        let mut top = top_scope(&references, vars, resources_by_type, self_value, scope);
        for (name, v) in &self.test_roots {
            top.insert(name.to_string(), v.clone());
        }
        let opts = &self.module.options;
        let (name, text) = match scope.source {
            Some(f) => (self.module.files[f].0.as_str(), self.module.files[f].1.as_str()),
            None => ("<console-input>", console.unwrap_or("")),
        };
        let mut ev = Evaluator::new(&top, &opts.limits)
            .with_profile(opts.profile)
            .with_module_files(&self.module.fs)
            .with_source(text, name)
            .with_functions(crate::module::load::provider_functions::available(
                self.config,
                scope.source.is_some() && !opts.profile.is_legacy(),
            ))
            // Terraform's console plans; OpenTofu's does not, its test runs do.
            .with_plan_time(match self.opentofu() && self.links.testing.is_none() {
                true => None,
                false => Some(self.links.plan_time.get_or_init(crate::functions::datetime::clock).as_str()),
            })
            // OpenTofu's console has no plan, but its test runs plan.
            .pure_only(match self.opentofu() {
                true => self.links.testing.as_ref().is_some_and(|t| !t.apply),
                false => !self.console || console.is_some(),
            })
            .in_configuration(scope.source.is_some());
        let watched = self.watched_node(e, scope);
        if let Some(found) = &watched {
            ev = ev.with_recorder(Recorder::new(found));
        }
        let v = ev.eval(e);
        self.links.steps.set(self.links.steps.get().saturating_add(ev.steps()));
        if let (Some(found), Some(recorder)) = (&watched, ev.take_recorder()) {
            self.note_watched(found.node.span, recorder, scope, ev.needs_full_build);
        }
        let failed = !ev.diags.is_empty();
        for d in ev.diags {
            self.file_diag(scope.source, d);
            if let Some(last) = self.diags.last_mut() {
                crate::module::load::provider_functions::reword(
                    last,
                    self.config,
                    text,
                    self.module.options.profile == crate::profile::Profile::OpenTofu,
                    self.profile,
                );
            }
        }
        (!failed && self.diags.len() == before).then_some(v)
    }

    /// Whether an inspection watches an expression of file `file`.
    pub(crate) fn watching(&self, file: usize) -> bool {
        self.links.watch.borrow().as_ref().is_some_and(|w| w.file == file)
    }

    /// The node an inspection watches, if `e` (in `scope`'s file) holds it.
    fn watched_node<'e>(&self, e: &'e Expression, scope: &Scope) -> Option<Found<'e>> {
        let watch = self.links.watch.borrow();
        let w = watch.as_ref().filter(|w| scope.source == Some(w.file))?;
        node_at(e, w.start, w.end)
    }

    /// Keeps what one evaluation of the watched node gave, with the
    /// instance it was for. The plan may evaluate an expression more than
    /// once for one instance (validation, then planning): an evaluation
    /// like one already kept is not counted again.
    fn note_watched(&self, span: crate::diagnostics::Span, recorder: Recorder, scope: &Scope, needs_full_build: bool) {
        let mut watch = self.links.watch.borrow_mut();
        let Some(w) = watch.as_mut() else { return };
        w.span = Some(span);
        w.needs_full_build |= needs_full_build;
        let mut instance = Vec::new();
        if let Some(i) = &scope.count {
            instance.push(("count.index".to_string(), i.clone()));
        }
        if let Some((k, v)) = &scope.each {
            instance.extend([("each.key".to_string(), k.clone()), ("each.value".to_string(), v.clone())]);
        }
        for (name, it) in &scope.iterators {
            for part in ["key", "value"] {
                let v = match it {
                    Value::Object(o) => o.get(part).cloned().unwrap_or_else(Value::dynamic_unknown),
                    _ => Value::dynamic_unknown(),
                };
                instance.push((format!("{name}.{part}"), v));
            }
        }
        for mut hit in recorder.hits {
            hit.bindings.splice(0..0, instance.iter().cloned());
            let same = |a: &[(String, Value)], b: &[(String, Value)]| {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.0 == y.0 && raw_equals(&x.1, &y.1, self.profile))
            };
            let seen = w.hits.iter().any(|h| {
                same(&h.bindings, &hit.bindings) && raw_equals(&h.value, &hit.value, self.profile) && h.errors.len() == hit.errors.len()
            });
            if seen {
                continue;
            }
            w.count += 1;
            if w.hits.len() < MAX_HITS {
                w.hits.push(hit);
            }
        }
    }

    /// A reference's value, where it goes in the scope (`var`, `local`,
    /// ...) and under what name; an error is recorded instead where the
    /// reference cannot be resolved here.
    fn reference_value(&mut self, r: &refs::Reference, scope: &Scope, steps: &[&Step]) -> Option<(&'static str, String, Value)> {
        let c = self.config;
        let err = |summary: &str, detail: String| Diagnostic::error(summary, detail, r.span);
        let (key, name, value): (&'static str, String, Result<Value, Diagnostic>) = match &r.subject {
            Subject::Var(n) => {
                let v = match (self.state.vars.get(n), c.names.variables.get(n).map(|&i| &c.variables[i])) {
                    (Some(v), Some(cfg)) => Ok(crate::module::load::inputs::marked(cfg, v.clone())),
                    (None, Some(_)) if self.opentofu() => Err(err(
                        "Reference to unresolved input variable",
                        format!("The final value for var.{n} is missing in OpenTofu's evaluation context. This is a bug in OpenTofu; please report it!"),
                    )),
                    (None, Some(_)) => Err(err(
                        "Reference to uninitialized variable",
                        format!("The variable var.{n} was not processed by the most recent operation, this likely means the previous operation either failed or was incomplete due to targeting."),
                    )),
                    _ => {
                        let hint = match suggest(n, c.variables.iter().map(|v| v.name.as_str())) {
                            Some(s) => format!(" Did you mean {}?", go_quote(s, self.profile)),
                            None => format!(" This variable can be declared with a variable {} {{}} block.", go_quote(n, self.profile)),
                        };
                        Err(err(
                            "Reference to undeclared input variable",
                            format!("An input variable with the name {} has not been declared.{hint}", go_quote(n, self.profile)),
                        ))
                    }
                };
                ("var", n.clone(), v)
            }
            Subject::Local(n) => {
                let v = match (c.names.locals.contains_key(n), self.state.locals.get(n)) {
                    (true, Some(v)) => Ok(v.clone()),
                    // OpenTofu takes a local not evaluated yet as unknown.
                    (true, None) if self.opentofu() => Ok(Value::dynamic_unknown()),
                    (true, None) => Err(err(
                        "Reference to uninitialized local value",
                        format!("The local value local.{n} was not processed by the most recent operation, this likely means the previous operation either failed or was incomplete due to targeting."),
                    )),
                    (false, _) => {
                        let hint = suggest(n, c.locals.iter().map(|l| l.name.as_str())).map(|s| format!(" Did you mean {}?", go_quote(s, self.profile))).unwrap_or_default();
                        Err(err("Reference to undeclared local value", format!("A local value with the name {} has not been declared.{hint}", go_quote(n, self.profile))))
                    }
                };
                ("local", n.clone(), v)
            }
            Subject::Resource { mode, ty, name } => {
                self.resource_reference(r, scope, steps, *mode, ty, name);
                // The scope gets resources by type (see `expression`).
                return None;
            }
            Subject::Module(n) => {
                let v = match self.state.modules.get(n) {
                    Some(v) => Ok(v.clone()),
                    None if c.modules.iter().any(|m| &m.name == n) => Ok(Value::dynamic_unknown()),
                    None => {
                        let mut names: Vec<&str> = c.modules.iter().map(|m| m.name.as_str()).collect();
                        names.sort();
                        let hint = first_close(n, &names).map(|s| format!(" Did you mean {}?", go_quote(s, self.profile))).unwrap_or_default();
                        Err(err(
                            "Reference to undeclared module",
                            format!("No module call named {} is declared in {}.{hint}", go_quote(n, self.profile), self.display()),
                        ))
                    }
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
                    _ => Err(err("Invalid \"count\" attribute", format!("The \"count\" object does not have an attribute named {}. The only supported attribute is count.index, which is the index of each instance of a resource block that has the \"count\" argument set.", go_quote(a, self.profile)))),
                };
                ("count", a.clone(), v)
            }
            Subject::Each(a) => {
                let v = match (a.as_str(), &scope.each) {
                    ("key", Some((k, _))) => Ok(k.clone()),
                    ("value", Some((_, v))) => Ok(v.clone()),
                    ("value", None) if scope.count.is_some() => Err(err(
                        "each.value cannot be used in this context",
                        "A reference to \"each.value\" has been used in a context in which it is unavailable, such as when the configuration no longer contains the value in its \"for_each\" expression. Remove this reference to each.value in your configuration to work around this error.".into(),
                    )),
                    ("key" | "value", None) => Err(err(
                        "Reference to \"each\" in context without for_each",
                        "The \"each\" object can be used only in \"module\" or \"resource\" blocks, and only when the \"for_each\" argument is set.".into(),
                    )),
                    _ => Err(err("Invalid \"each\" attribute", format!("The \"each\" object does not have an attribute named {}. The supported attributes are each.key and each.value, the current key and value pair of the \"for_each\" attribute set.", go_quote(a, self.profile)))),
                };
                ("each", a.clone(), v)
            }
            Subject::Path(a) => {
                let v = match a.as_str() {
                    "module" => Ok(Value::string(self.dir.path_module(), self.profile)),
                    "root" => Ok(Value::string(".", self.profile)),
                    "cwd" => Ok(Value::string(self.options().cwd.clone(), self.profile)),
                    _ => {
                        let hint = suggest(a, ["cwd", "module", "root"]).map(|s| format!(" Did you mean {}?", go_quote(s, self.profile))).unwrap_or_default();
                        Err(err("Invalid \"path\" attribute", format!("The \"path\" object does not have an attribute named {}.{hint}", go_quote(a, self.profile))))
                    }
                };
                ("path", a.clone(), v)
            }
            Subject::Terraform(a) => {
                let only = match self.opentofu() {
                    true => "The only supported attribute is terraform.workspace, the name of the currently-selected workspace.",
                    false => "The only supported attributes are terraform.workspace, the name of the currently-selected workspace, and terraform.applying, a boolean which is true only during apply.",
                };
                let v = match a.as_str() {
                    "workspace" => Ok(Value::string(self.options().workspace.clone(), self.profile)),
                    "applying" => Ok(Value::Bool(false).with_marks(Marks::EPHEMERAL)),
                    "env" => Err(err("Invalid \"terraform\" attribute", "The terraform.env attribute was deprecated in v0.10 and removed in v0.12. The \"state environment\" concept was renamed to \"workspace\" in v0.12, and so the workspace name can now be accessed using the terraform.workspace attribute.".into())),
                    _ => Err(err("Invalid \"terraform\" attribute", format!("The \"terraform\" object does not have an attribute named {}. {only}", go_quote(a, self.profile)))),
                };
                ("terraform", a.clone(), v)
            }
            Subject::SelfRef => match (&scope.self_value, scope.self_allowed) {
                (Some(v), _) => ("self", "self".into(), Ok(v.clone())),
                (None, true) => ("self", "self".into(), Ok(Value::dynamic_unknown())),
                (None, false) => (
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

    /// Terraform's checks of a reference to a resource: declared, the
    /// instance key where `count` or `for_each` calls for one, the
    /// attributes against the type's schema; and whether it has been
    /// planned. Errors are recorded.
    fn resource_reference(&mut self, r: &refs::Reference, scope: &Scope, steps: &[&Step], mode: Mode, ty: &str, name: &str) {
        let c = self.config;
        let err = |summary: &str, detail: String| Diagnostic::error(summary, detail, r.span);
        let Some(cfg) = c.resources.iter().find(|x| x.mode == mode && x.ty == ty && x.name == name) else {
            let d = self.undeclared_resource(mode, ty, name, r);
            self.file_diag(scope.source, d);
            return;
        };
        let (key_diag, rest) = instance_key_check(cfg, steps, r);
        let before = self.diags.len();
        if let Some(d) = key_diag {
            self.file_diag(scope.source, d);
        }
        match providers::schema(self, cfg) {
            TypeSchema::Known(t) => {
                for d in providers::static_validate(&t.block, rest, self.profile) {
                    self.file_diag(scope.source, d);
                }
            }
            TypeSchema::Invalid(provider) => {
                let adj = mode.adjective();
                let detail = match self.opentofu() {
                    true => format!(
                        "The {adj} resource type {} is not supported by provider {}.",
                        go_quote(ty, self.profile),
                        go_quote(&provider, self.profile)
                    ),
                    false => format!(
                        "{} {adj} resource type {} is not supported by provider {}.",
                        mode.article(),
                        go_quote(ty, self.profile),
                        go_quote(&provider, self.profile)
                    ),
                };
                self.file_diag(scope.source, err("Invalid resource type", detail));
            }
            TypeSchema::Unknown => {}
        }
        if self.diags.len() > before {
            return;
        }
        let key = (mode, ty.to_string(), name.to_string());
        if self.opentofu() && self.links.testing.is_none() {
            let v = super::resources::opentofu_value(self, cfg);
            self.state.resources.insert(key, v);
        } else if !self.state.resources.contains_key(&key) {
            let d = err(
                "Reference to uninitialized resource",
                format!("The resource {} was not processed by the most recent operation, this likely means the previous operation either failed or was incomplete due to targeting.", cfg.address()),
            );
            self.file_diag(scope.source, d);
        }
    }

    fn undeclared_resource(&self, mode: Mode, ty: &str, name: &str, r: &refs::Reference) -> Diagnostic {
        let c = self.config;
        let declared = |m: Mode| c.resources.iter().any(|x| x.mode == m && x.ty == ty && x.name == name);
        let adj = mode.adjective();
        let detail = match self.opentofu() {
            true => {
                let others: &[Mode] = match mode {
                    Mode::Managed => &[Mode::Data, Mode::Ephemeral],
                    Mode::Data => &[Mode::Managed, Mode::Ephemeral],
                    Mode::Ephemeral => &[Mode::Managed, Mode::Data],
                };
                let hint = others
                    .iter()
                    .find(|m| declared(**m))
                    .map(|m| format!("\n\nDid you mean the {} resource {}?", m.block_name(), m.address(ty, name)))
                    .unwrap_or_default();
                format!(
                    "There is no {adj} resource {} {} definition in {}.{hint}",
                    go_quote(ty, self.profile),
                    go_quote(name, self.profile),
                    self.display()
                )
            }
            false => {
                let hint = match mode == Mode::Managed && declared(Mode::Data) {
                    true => format!("\n\nDid you mean the data resource data.{ty}.{name}?"),
                    false => String::new(),
                };
                format!(
                    "{} {adj} resource {} {} has not been declared in {}.{hint}",
                    mode.article(),
                    go_quote(ty, self.profile),
                    go_quote(name, self.profile),
                    self.display()
                )
            }
        };
        Diagnostic::error("Reference to undeclared resource", detail, r.span)
    }

    // ------------------------------------------------------------ values

    /// Every attribute name read from a resource or module anywhere in the
    /// module, so that instances show them as unknown.
    pub(crate) fn collect_read_attrs(&mut self) {
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
            exprs.extend(crate::module::graph::resource_exprs(r).into_iter().map(|(e, _)| e));
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

    pub(crate) fn note_read_attrs(&mut self, e: &Expression) {
        for (root, span, steps) in crate::syntax::traversals(e) {
            let Ok(Some(r)) = refs::parse(root, span, &steps, self.profile) else { continue };
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
    /// stand for to the values of resources without a schema, and of
    /// modules whose outputs are not known.
    pub(crate) fn refresh_resource_values(&mut self) {
        let keys: Vec<_> = self.state.resources.keys().cloned().collect();
        for k in keys {
            let Some(cfg) = self.config.resources.iter().find(|r| (r.mode, r.ty.clone(), r.name.clone()) == k) else { continue };
            if !matches!(providers::schema(self, cfg), TypeSchema::Unknown) {
                continue;
            }
            let attrs = self.state.read_attrs.get(&k).cloned().unwrap_or_default();
            if let Some(v) = self.state.resources.get_mut(&k) {
                *v = super::resources::with_unknown_attrs(v.clone(), &attrs);
            }
        }
        let names: Vec<_> = self.state.modules.keys().cloned().collect();
        for (i, m) in self.config.modules.iter().enumerate() {
            if !names.contains(&m.name) || self.links.child(self.dir_index(), i).is_some() {
                continue;
            }
            let attrs = self.state.module_attrs.get(&m.name).cloned().unwrap_or_default();
            if let Some(v) = self.state.modules.get_mut(&m.name) {
                *v = super::resources::with_unknown_attrs(v.clone(), &attrs);
            }
        }
    }

    pub(crate) fn read_attrs(&self, mode: Mode, ty: &str, name: &str) -> BTreeSet<String> {
        self.state.read_attrs.get(&(mode, ty.to_string(), name.to_string())).cloned().unwrap_or_default()
    }

    pub(crate) fn module_read_attrs(&self, name: &str) -> BTreeSet<String> {
        self.state.module_attrs.get(name).cloned().unwrap_or_default()
    }

    /// This module's directory's index.
    pub(crate) fn dir_index(&self) -> usize {
        self.module.dirs.iter().position(|d| std::ptr::eq(d, self.dir)).unwrap_or(0)
    }
}

/// The names an expression's evaluation sees. Only the names it refers to
/// are made (an expression refers to a few of a dozen), unless one of its
/// names is none of them: the evaluator's "Unknown variable" then suggests
/// from every name.
fn top_scope(
    references: &[crate::syntax::Reference<'_>],
    mut vars: BTreeMap<&str, BTreeMap<String, Value>>,
    resources_by_type: BTreeMap<(Mode, String), BTreeMap<String, Value>>,
    self_value: Option<Value>,
    scope: &Scope,
) -> SortedMap<Value> {
    const RESOURCES: [&str; 3] = ["resource", "ephemeral", "data"];
    const OTHERS: [&str; 7] = ["module", "var", "local", "path", "terraform", "count", "each"];
    let object = |m: BTreeMap<String, Value>| Value::Object(m.into());
    let mut managed = BTreeMap::new();
    let mut data = BTreeMap::new();
    let mut ephemeral = BTreeMap::new();
    for ((mode, ty), names) in resources_by_type {
        let v = object(names);
        match mode {
            Mode::Managed => managed.insert(ty, v),
            Mode::Data => data.insert(ty, v),
            Mode::Ephemeral => ephemeral.insert(ty, v),
        };
    }
    let known = |root: &str| {
        RESOURCES.contains(&root)
            || OTHERS.contains(&root)
            || managed.contains_key(root)
            || (root == "self" && self_value.is_some())
            || scope.iterators.iter().any(|(n, _)| n == root)
    };
    let every = !references.iter().all(|(root, _, _)| known(root));
    let wanted = |name: &str| every || references.iter().any(|(root, _, _)| *root == name);
    let mut top: Vec<(String, Value)> = Vec::new();
    for (ty, v) in &managed {
        top.push((ty.clone(), v.clone()));
    }
    for (key, m) in [("resource", managed), ("ephemeral", ephemeral), ("data", data)] {
        if wanted(key) {
            top.push((key.into(), object(m)));
        }
    }
    for key in OTHERS {
        if wanted(key) {
            top.push((key.into(), object(vars.remove(key).unwrap_or_default())));
        }
    }
    if let Some(s) = self_value {
        top.push(("self".into(), s));
    }
    for (name, it) in &scope.iterators {
        top.push((name.clone(), it.clone()));
    }
    top.into_iter().collect()
}

/// Where a reference that failed goes in the scope of a rule Terraform
/// goes on evaluating: an unknown stands in for it.
fn placeholder_key(s: &Subject) -> Option<(&'static str, String)> {
    match s {
        Subject::Var(n) => Some(("var", n.clone())),
        Subject::Local(n) => Some(("local", n.clone())),
        Subject::Module(n) => Some(("module", n.clone())),
        Subject::Count(a) => Some(("count", a.clone())),
        Subject::Each(a) => Some(("each", a.clone())),
        Subject::Path(a) => Some(("path", a.clone())),
        Subject::Terraform(a) => Some(("terraform", a.clone())),
        _ => None,
    }
}

/// Terraform's static check of an instance key in a resource reference,
/// and the steps after the instance.
fn instance_key_check<'s, 't>(cfg: &Resource, steps: &'s [&'t Step], r: &refs::Reference) -> (Option<Diagnostic>, &'s [&'t Step]) {
    // Steps after the resource name: the type's own step is included for
    // a `data.` or `resource.` prefix, so count from the name.
    let Some(name_at) = steps.iter().position(|s| matches!(s, Step::GetAttr { name, .. } if *name == cfg.name)) else {
        return (None, &[]);
    };
    let rest = &steps[name_at + 1..];
    let keyed = matches!(rest.first(), Some(Step::Index { .. } | Step::LegacyIndex { .. }));
    let repeated = cfg.count.is_some() || cfg.for_each.is_some();
    let addr = cfg.address();
    if keyed {
        let d = (!repeated).then(|| Diagnostic::error(
            "Unexpected resource instance key",
            format!("Because {addr} does not have \"count\" or \"for_each\" set, references to it must not include an index key. Remove the bracketed index to refer to the single instance of this resource."),
            r.span,
        ));
        return (d, &rest[1..]);
    }
    if !rest.is_empty() && repeated {
        let (arg, key) = if cfg.count.is_some() { ("count", "count.index") } else { ("for_each", "each.key") };
        let d = Diagnostic::error(
            "Missing resource instance key",
            format!("Because {addr} has \"{arg}\" set, its attributes must be accessed on specific instances.\n\nFor example, to correlate with indices of a referring resource, use:\n    {addr}[{key}]"),
            r.span,
        );
        return (Some(d), rest);
    }
    (None, rest)
}
