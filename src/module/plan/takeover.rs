//! Planning again after an edit. A declaration of the root module whose
//! text the edit left alone (see `result::reuse`), that reads nothing
//! planned again, and whose planning reported nothing, takes its value
//! from the previous evaluation instead of being planned: typing in one
//! local value plans that value and what reads it, not the whole module.
//! One that reported anything is planned again, since its diagnostics hold
//! positions; so is one that might now reach a limit (the
//! configuration-wide step budget, the module instances), and a resource
//! whose provider's configuration reads a value planned again.

use super::Planner;
use super::State;
use crate::module::graph::Node;
use crate::module::load::ModuleDiagnostic;
use std::collections::{BTreeSet, HashMap};

/// What planning one root declaration did besides its value, kept with the
/// evaluation for the next one to take over.
#[derive(Clone, Default)]
pub(crate) struct Record {
    pub diags: Vec<ModuleDiagnostic>,
    /// Its share of `Links::steps`, module instances, and names noted.
    pub steps: u64,
    pub instances: usize,
    pub guessed: Vec<String>,
    pub plan_reads: Vec<String>,
}

/// What an evaluation may take over from the previous one: its values
/// and what planning each declaration did, but for the declarations whose
/// text changed (see `result::reuse`).
pub(crate) struct Previous<'a> {
    pub state: &'a State,
    pub records: &'a HashMap<Node, Record>,
    /// The root declarations whose text changed.
    pub changed: BTreeSet<Node>,
    /// The named values the provider configurations read, once needed.
    provider_reads: std::cell::OnceCell<BTreeSet<Node>>,
}

impl<'a> Previous<'a> {
    pub fn new(state: &'a State, records: &'a HashMap<Node, Record>, changed: BTreeSet<Node>) -> Previous<'a> {
        Previous { state, records, changed, provider_reads: std::cell::OnceCell::new() }
    }
}

/// Plans the root module's `node`, or takes it over from the previous
/// evaluation where `reuse` allows; what planning it did is recorded for
/// the next evaluation.
pub(crate) fn plan(p: &mut Planner, node: Node, reuse: Option<&Previous>) {
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
fn take_over(p: &mut Planner, node: Node, r: &Previous) -> bool {
    let old = r.state;
    let Some(record) = r.records.get(&node) else { return false };
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
    if let Node::Module(i) = node {
        if let Some(outputs) = old.failed_outputs.get(&i) {
            s.failed_outputs.insert(i, outputs.clone());
        }
        if let Some(outputs) = old.hidden_outputs.get(&i) {
            s.hidden_outputs.insert(i, outputs.clone());
        }
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
        crate::module::graph::body_exprs(&pc.body, &mut exprs, pc.file);
    }
    let mut out = BTreeSet::new();
    for (e, _) in exprs {
        for (root, span, steps) in crate::syntax::traversals(e) {
            if let Some(n) =
                crate::module::load::refs::parse(root, span, &steps, p.profile).ok().flatten().and_then(|r| p.graph.node_of(&r.subject))
            {
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
