//! Planning again after an edit. A declaration of the root module whose
//! text the edit left alone, that reads nothing planned again, and whose
//! planning reported nothing, takes its value from the previous
//! evaluation instead of being planned: typing in one local value plans
//! that value and what reads it, not the whole module.
//!
//! The previous evaluation is used only when everything a declaration's
//! planning can see is the same but the declarations' own text: the
//! inputs and options (the workspace drops it when they change), every
//! file outside the root module's configuration, and every part of the
//! root module's files outside its declarations (`terraform`, `provider`,
//! `moved` and `import` blocks, comments between blocks). Each declaration
//! is compared by its text alone: one that moved keeps its value, which
//! holds no position. One that reported anything is planned again, since
//! its diagnostics hold positions; so is one that might now reach a limit
//! (the configuration-wide step budget, the module instances), a resource
//! whose provider's configuration reads a value planned again, and, where
//! the previous evaluation read the module's files (`file`, `templatefile`,
//! `local_file`: the edited file may be one), every declaration.

use super::evaluate::Planner;
use super::graph::Node;
use super::{Evaluation, Module, ModuleDiagnostic};
use crate::diagnostics::Span;
use crate::syntax::ast::{Body, BodyItem};
use std::collections::{BTreeSet, HashMap};

/// What planning one root declaration did besides its value, kept with the
/// evaluation for the next one to take over.
#[derive(Clone, Default)]
pub(super) struct Record {
    pub diags: Vec<ModuleDiagnostic>,
    /// Its share of `Links::steps`, module instances, and names noted.
    pub steps: u64,
    pub instances: usize,
    pub guessed: Vec<String>,
    pub plan_reads: Vec<String>,
}

/// What an evaluation may take over from the previous one.
pub(super) struct Reuse<'a> {
    pub old: &'a Evaluation,
    /// The root declarations whose text changed.
    pub changed: BTreeSet<Node>,
    /// The named values the provider configurations read, once needed.
    provider_reads: std::cell::OnceCell<BTreeSet<Node>>,
}

impl<'a> Reuse<'a> {
    /// What `new` may take over from `old`, an evaluation of the same
    /// configuration before an edit over the same inputs and options;
    /// nothing where the edit touched more than declarations of the root
    /// module, or where `old` cannot be replayed.
    pub fn between(old: &'a Evaluation, new: &Module) -> Option<Reuse<'a>> {
        let was = old.module();
        let read_files = was.fs.read.load(std::sync::atomic::Ordering::Relaxed);
        if !old.replays() || read_files || old.diagnostics.iter().any(|d| d.diagnostic.is_limit()) {
            return None;
        }
        let (old_root, new_root) = (was.root(), new.root());
        if !old_root.diags.is_empty() || !new_root.diags.is_empty() || was.files.len() != new.files.len() {
            return None;
        }
        if !same_declarations(&was.root().config, &new.root().config) {
            return None;
        }
        let mut changed = BTreeSet::new();
        for (i, ((name, text), (new_name, new_text))) in was.files.iter().zip(new.files.iter()).enumerate() {
            if name != new_name {
                return None;
            }
            if text == new_text {
                continue;
            }
            // Templates and child modules are read by whatever reads them.
            if !new_root.files.contains(&i) {
                return None;
            }
            let (before, after) = (declarations(&was.bodies[i]), declarations(&new.bodies[i]));
            if before.len() != after.len() || outside(text, &before) != outside(new_text, &after) {
                return None;
            }
            for (b, a) in before.iter().zip(&after) {
                if text[b.start..b.end] != new_text[a.start..a.end] {
                    changed.extend(nodes_within(new, i, *a));
                }
            }
        }
        Some(Reuse { old, changed, provider_reads: std::cell::OnceCell::new() })
    }
}

/// Whether two configurations declare the same named values in the same
/// order (so that their nodes are numbered alike).
fn same_declarations(a: &super::config::Config, b: &super::config::Config) -> bool {
    a.variables.iter().map(|v| &v.name).eq(b.variables.iter().map(|v| &v.name))
        && a.locals.iter().map(|l| &l.name).eq(b.locals.iter().map(|l| &l.name))
        && a.resources.iter().map(|r| (r.mode, &r.ty, &r.name)).eq(b.resources.iter().map(|r| (r.mode, &r.ty, &r.name)))
        && a.modules.iter().map(|m| &m.name).eq(b.modules.iter().map(|m| &m.name))
        && a.outputs.iter().map(|o| &o.name).eq(b.outputs.iter().map(|o| &o.name))
        && a.checks.iter().map(|k| &k.name).eq(b.checks.iter().map(|k| &k.name))
}

/// Where each declaration of a file is: each named-value block whole, and
/// each local value's `name = expression`.
fn declarations(body: &Body) -> Vec<Span> {
    let mut out = Vec::new();
    for item in &body.items {
        let BodyItem::Block(b) = item else { continue };
        match b.kind.as_str() {
            "locals" => out.extend(b.body.items.iter().filter_map(|i| match i {
                BodyItem::Attribute(a) => Some(a.span),
                BodyItem::Block(_) => None,
            })),
            "variable" | "resource" | "data" | "ephemeral" | "module" | "output" | "check" => {
                out.push(Span::new(b.kind_span.start, b.close_brace.end))
            }
            _ => {}
        }
    }
    out
}

/// A file's text outside its declarations.
fn outside<'t>(text: &'t str, declarations: &[Span]) -> Vec<&'t str> {
    let mut at = 0;
    let mut out = Vec::with_capacity(declarations.len() + 1);
    for d in declarations {
        out.push(&text[at..d.start]);
        at = d.end;
    }
    out.push(&text[at..]);
    out
}

/// The root nodes declared within `span` of file `file`.
fn nodes_within(m: &Module, file: usize, span: Span) -> Vec<Node> {
    let c = &m.root().config;
    let inside = |loc: super::Loc| loc.file == file && span.start <= loc.span.start && loc.span.start < span.end;
    let mut out = Vec::new();
    out.extend(c.variables.iter().enumerate().filter(|(_, v)| inside(v.decl)).map(|(i, _)| Node::Var(i)));
    out.extend(c.locals.iter().enumerate().filter(|(_, l)| inside(l.decl)).map(|(i, _)| Node::Local(i)));
    out.extend(c.resources.iter().enumerate().filter(|(_, r)| inside(r.decl)).map(|(i, _)| Node::Resource(i)));
    out.extend(c.modules.iter().enumerate().filter(|(_, m)| inside(m.decl)).map(|(i, _)| Node::Module(i)));
    out.extend(c.outputs.iter().enumerate().filter(|(_, o)| inside(o.decl)).map(|(i, _)| Node::Output(i)));
    out.extend(c.checks.iter().enumerate().filter(|(_, k)| inside(k.decl)).map(|(i, _)| Node::Check(i)));
    out
}

/// Plans the root module's `node`, or takes it over from the previous
/// evaluation where `reuse` allows; what planning it did is recorded for
/// the next evaluation.
pub(super) fn plan(p: &mut Planner, node: Node, reuse: Option<&Reuse>) {
    if let Some(r) = reuse {
        if take_over(p, node, r) {
            return;
        }
        p.dirty.insert(node);
    }
    let links = p.links;
    let (diags, steps, instances) = (p.diags.len(), links.steps.get(), links.instances());
    let (guessed, plan_reads) = (links.guessed.len(), links.plan_reads.len());
    p.node(node);
    let record = Record {
        diags: p.diags.get(diags..).unwrap_or_default().to_vec(),
        steps: links.steps.get().saturating_sub(steps),
        instances: links.instances().saturating_sub(instances),
        guessed: links.guessed.since(guessed),
        plan_reads: links.plan_reads.since(plan_reads),
    };
    p.records.insert(node, record);
}

/// Takes `node`'s value over from the previous evaluation: false when it
/// must be planned.
fn take_over(p: &mut Planner, node: Node, r: &Reuse) -> bool {
    let old = &r.old.state;
    let Some(record) = r.old.records.get(&node) else { return false };
    let c = p.config;
    let same_reads = match node {
        Node::Resource(i) => {
            let key = c.resources[i].key();
            p.state.read_attrs.get(&key) == old.read_attrs.get(&key)
        }
        Node::Module(i) => p.state.module_attrs.get(&c.modules[i].name) == old.module_attrs.get(&c.modules[i].name),
        _ => true,
    };
    if !record.diags.is_empty() || !same_reads || r.changed.contains(&node) {
        return false;
    }
    if p.graph.ordered.get(&node).map_or(true, |deps| deps.iter().any(|d| p.dirty.contains(d))) {
        return false;
    }
    // Planning a resource reads its provider's configuration.
    if matches!(node, Node::Resource(_) | Node::Check(_))
        && r.provider_reads.get_or_init(|| provider_reads(p)).iter().any(|d| p.dirty.contains(d))
    {
        return false;
    }
    // Where a limit would be reached within the node, planning it says so.
    let links = p.links;
    let within_budget = links.steps.get().checked_add(record.steps).is_some_and(|s| s <= p.options().limits.max_total_steps);
    if !within_budget || links.instances() + record.instances > super::calls::MAX_INSTANCES {
        return false;
    }
    let s = &mut p.state;
    match node {
        Node::Local(i) => copy(&old.locals, &mut s.locals, &c.locals[i].name),
        Node::Resource(i) => copy(&old.resources, &mut s.resources, &c.resources[i].key()),
        Node::Module(i) => copy(&old.modules, &mut s.modules, &c.modules[i].name),
        Node::Output(i) => {
            if let Some(v) = old.outputs.get(&c.outputs[i].name) {
                s.outputs.insert(c.outputs[i].name.clone(), v.clone());
            }
        }
        Node::Check(i) => {
            if let Some(d) = &c.checks[i].data {
                copy(&old.resources, &mut s.resources, &d.key());
            }
        }
        Node::Var(_) | Node::Early(_) => {}
    }
    if old.failed.contains(&node) {
        s.failed.insert(node);
    }
    if old.hidden.contains(&node) {
        s.hidden.insert(node);
    }
    links.steps.set(links.steps.get() + record.steps);
    links.add_instances(record.instances);
    for name in &record.guessed {
        links.guessed.insert(name.clone());
    }
    for name in &record.plan_reads {
        links.plan_reads.insert(name.clone());
    }
    p.records.insert(node, record.clone());
    p.reused += 1;
    true
}

/// The named values the module's provider configurations refer to.
fn provider_reads(p: &Planner) -> BTreeSet<Node> {
    let mut exprs = Vec::new();
    for pc in &p.config.providers {
        super::graph::body_exprs(&pc.body, &mut exprs, pc.file);
    }
    let mut out = BTreeSet::new();
    for (e, _) in exprs {
        for (root, span, steps) in crate::syntax::traversals(e) {
            if let Some(n) = super::refs::parse(root, span, &steps, p.profile).ok().flatten().and_then(|r| p.graph.node_of(&r.subject)) {
                out.insert(n);
            }
        }
    }
    out
}

fn copy<K: std::hash::Hash + Eq + Clone, V: Clone>(from: &HashMap<K, V>, to: &mut HashMap<K, V>, key: &K) {
    if let Some(v) = from.get(key) {
        to.insert(key.clone(), v.clone());
    }
}
