//! The module's dependency graph: which named values each block refers
//! to, the order they are evaluated in, and Terraform's (or OpenTofu's)
//! error naming a cycle. It reads the configuration only: the planner
//! (see `plan`) holds one graph per module instance and follows it.

pub(crate) mod checks;

use crate::diagnostics::Diagnostic;
use crate::module::load::config::{CheckRule, Config, Resource};
use crate::module::load::install::Installed;
use crate::module::load::refs::{self, Subject};
use crate::module::load::{Module, ModuleDiagnostic};
use crate::profile::Profile;
use crate::syntax::ast::{Body, Expression};
use std::collections::{BTreeSet, HashMap};

/// A node of the module's dependency graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Node {
    Var(usize),
    Local(usize),
    Resource(usize),
    Module(usize),
    /// A module call's outputs that some named values read before the
    /// call's other arguments can be had (an index into
    /// `Graph::early`): see [`Graph::order`].
    Early(usize),
    Output(usize),
    Check(usize),
}

/// Every expression of a resource block, with its file.
pub(crate) fn resource_exprs(r: &Resource) -> Vec<(&Expression, usize)> {
    let mut out: Vec<(&Expression, usize)> =
        r.count.iter().chain(r.for_each.iter()).chain(r.enabled.iter()).chain(r.depends_on.iter()).map(|e| (e, r.file)).collect();
    body_exprs(&r.body, &mut out, r.file);
    for rule in r.preconditions.iter().chain(&r.postconditions) {
        out.push((&rule.condition, rule.file));
        out.push((&rule.error_message, rule.file));
    }
    for e in &r.replace_triggered_by {
        out.push((e, r.file));
    }
    for p in &r.provisioners {
        body_exprs(&p.block.body, &mut out, r.file);
    }
    out
}

/// Every argument's expression in a body and its nested blocks, with
/// `file`.
pub(crate) fn body_exprs<'b>(body: &'b Body, out: &mut Vec<(&'b Expression, usize)>, file: usize) {
    for a in body.attributes() {
        out.push((&a.expr, file));
    }
    for b in body.blocks() {
        body_exprs(&b.body, out, file);
    }
}

/// The resource an `import` block's `to` names, and its instance key.
pub(crate) fn import_target(to: &Expression, profile: Profile) -> Option<(crate::module::load::config::ResourceKey, Option<&Expression>)> {
    use crate::syntax::ast::{ExprKind, Step};
    let (base, key) = match &to.kind {
        ExprKind::Traversal { source, step: Step::Index { key, .. } } => (source.as_ref(), Some(key.as_ref())),
        _ => (to, None),
    };
    let (root, span, steps) = crate::syntax::traversals(base).into_iter().next()?;
    match refs::parse(root, span, &steps, profile).ok().flatten()?.subject {
        Subject::Resource { mode, ty, name } => Some(((mode, ty, name), key)),
        _ => None,
    }
}

/// One module instance's graph: its configuration's nodes and what each
/// refers to, with the early evaluations of module calls that break
/// cycles only a graph of one node per call has (see [`Graph::refine`]).
pub(crate) struct Graph<'m> {
    module: &'m Module,
    config: &'m Config,
    installed: &'m Installed,
    /// The instance's directory (an index into the module's directories).
    dir: usize,
    /// Its address (`module.x["a"]`; empty for the root).
    addr: String,
    profile: Profile,
    pub early: Vec<Early>,
    /// Which early evaluation a reader waits for, by reader and call.
    pub redirect: HashMap<(Node, usize), usize>,
    /// What each node depends on, once ordered.
    pub ordered: HashMap<Node, BTreeSet<Node>>,
}

impl<'m> Graph<'m> {
    pub fn new(module: &'m Module, dir: usize, installed: &'m Installed, addr: String) -> Graph<'m> {
        let config = &module.dir_at(dir).config;
        let profile = module.options.profile;
        Graph { module, config, installed, dir, addr, profile, early: Vec::new(), redirect: HashMap::new(), ordered: HashMap::new() }
    }

    fn opentofu(&self) -> bool {
        self.profile == Profile::OpenTofu
    }

    /// Every expression a node evaluates, with its file.
    pub(crate) fn node_exprs(&self, node: Node) -> Vec<(&'m Expression, usize)> {
        let c = self.config;
        let rules = |rules: &'m [CheckRule]| rules.iter().flat_map(|r| [(&r.condition, r.file), (&r.error_message, r.file)]);
        match node {
            Node::Var(i) => rules(&c.variables[i].validations).collect(),
            Node::Local(i) => vec![(&c.locals[i].expr, c.locals[i].decl.file)],
            Node::Output(i) => {
                let o = &c.outputs[i];
                o.value.iter().map(|e| (e, o.file)).chain(o.depends_on.iter().map(|e| (e, o.file))).chain(rules(&o.preconditions)).collect()
            }
            Node::Resource(i) => {
                let r = &c.resources[i];
                let mut out = resource_exprs(r);
                for im in &c.imports {
                    let Some((target, key)) = import_target(&im.to, self.profile) else { continue };
                    if target == (r.mode, r.ty.clone(), r.name.clone()) {
                        out.extend(im.id.iter().chain(im.for_each.iter()).chain(key).map(|e| (e, im.file)));
                    }
                }
                out
            }
            Node::Module(i) => {
                let m = &c.modules[i];
                m.count
                    .iter()
                    .chain(m.for_each.iter())
                    .chain(m.enabled.iter())
                    .chain(m.depends_on.iter())
                    .chain(m.arguments.iter().map(|a| &a.expr))
                    .map(|e| (e, m.file))
                    .collect()
            }
            Node::Early(j) => {
                let early = &self.early[j];
                let m = &c.modules[early.call];
                m.count
                    .iter()
                    .chain(m.for_each.iter())
                    .chain(m.enabled.iter())
                    .chain(m.depends_on.iter())
                    .chain(m.arguments.iter().filter(|a| early.arguments.contains(&a.name)).map(|a| &a.expr))
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

    /// The nodes a node refers to (not itself: a reference to itself is
    /// an error of its own evaluation).
    pub(crate) fn deps(&self, node: Node) -> BTreeSet<Node> {
        let mut out = BTreeSet::new();
        for (e, _) in self.node_exprs(node) {
            for (root, span, steps) in crate::syntax::traversals(e) {
                let Ok(Some(r)) = refs::parse(root, span, &steps, self.profile) else { continue };
                if let Some(n) = self.node_of(&r.subject) {
                    let n = match n {
                        Node::Module(i) => self.redirect.get(&(node, i)).map_or(n, |j| Node::Early(*j)),
                        n => n,
                    };
                    if n != node {
                        out.insert(n);
                    }
                }
            }
        }
        out
    }

    pub(crate) fn node_of(&self, s: &Subject) -> Option<Node> {
        let c = self.config;
        let names = &c.names;
        match s {
            Subject::Var(n) => names.variables.get(n).copied().map(Node::Var),
            Subject::Local(n) => names.locals.get(n).copied().map(Node::Local),
            Subject::Resource { mode, ty, name } => names.resources.get(&(*mode, ty.clone(), name.clone())).copied().map(Node::Resource),
            Subject::Module(n) => names.modules.get(n).copied().map(Node::Module),
            _ => None,
        }
    }

    /// A node as Terraform's (or OpenTofu's) graph names it in a cycle.
    fn node_name(&self, n: Node) -> String {
        let c = self.config;
        let tofu = self.opentofu();
        let name = match n {
            Node::Var(i) if tofu => format!("var.{} (expand, reference)", c.variables[i].name),
            Node::Var(i) => format!("var.{} (validation)", c.variables[i].name),
            Node::Local(i) => format!("local.{} (expand)", c.locals[i].name),
            Node::Output(i) => format!("output.{} (expand)", c.outputs[i].name),
            Node::Resource(i) if tofu => c.resources[i].address(),
            Node::Resource(i) => format!("{} (expand)", c.resources[i].address()),
            Node::Module(i) => format!("module.{} (expand)", c.modules[i].name),
            Node::Early(j) => format!("module.{} (expand)", c.modules[self.early[j].call].name),
            Node::Check(i) => format!("check.{} (expand)", c.checks[i].name),
        };
        self.prefix() + &name
    }

    /// This module instance's address as the start of a node's name
    /// (`module.x.`; nothing for the root).
    fn prefix(&self) -> String {
        match self.addr.is_empty() {
            true => String::new(),
            false => format!("{}.", self.addr),
        }
    }

    /// Every node of this module: its named values in declaration order by
    /// kind, with the early evaluations of calls (see [`Graph::refine`]).
    fn nodes(&self) -> Vec<Node> {
        let c = self.config;
        (0..c.variables.len())
            .map(Node::Var)
            .chain((0..c.locals.len()).map(Node::Local))
            .chain((0..c.resources.len()).map(Node::Resource))
            .chain((0..c.modules.len()).map(Node::Module))
            .chain((0..self.early.len()).map(Node::Early))
            .chain((0..c.outputs.len()).map(Node::Output))
            .chain((0..c.checks.len()).map(Node::Check))
            .collect()
    }

    /// The module calls `reader` refers to, each with the outputs it reads
    /// (`module.m.out`), or none when it reads the call whole.
    pub(crate) fn module_reads(&self, reader: Node) -> HashMap<usize, Option<BTreeSet<String>>> {
        let mut read: HashMap<usize, Option<BTreeSet<String>>> = HashMap::new();
        for (e, _) in self.node_exprs(reader) {
            for (root, span, steps) in crate::syntax::traversals(e) {
                let Ok(Some(r)) = refs::parse(root, span, &steps, self.profile) else { continue };
                let Some(Node::Module(i)) = self.node_of(&r.subject) else { continue };
                let entry = read.entry(i).or_insert_with(|| Some(BTreeSet::new()));
                match (entry.as_mut(), r.attrs.first()) {
                    (Some(set), Some(out)) => {
                        set.insert(out.clone());
                    }
                    _ => *entry = None,
                }
            }
        }
        read
    }

    /// The nodes in an order where each comes after what it refers to, or
    /// an error per cycle when there is one.
    pub(crate) fn order(&mut self) -> Result<Vec<Node>, Vec<ModuleDiagnostic>> {
        let nodes = self.nodes();
        let mut deps: HashMap<Node, BTreeSet<Node>> = nodes.iter().map(|n| (*n, self.deps(*n))).collect();
        let mut cycles = strongly_connected(&nodes, &deps);
        if cycles.iter().flatten().any(|n| matches!(n, Node::Module(_))) {
            if let Some(refined) = self.refine(&cycles) {
                deps = refined;
                cycles = Vec::new();
            }
        }
        if !cycles.is_empty() {
            let mut errors = Vec::new();
            for cycle in cycles {
                // Printed as Terraform prints it: each depends on the next.
                let mut order = cycle.clone();
                order.reverse();
                let mut names: Vec<String> = Vec::new();
                for (j, n) in order.iter().enumerate() {
                    let prev = order[(j + order.len() - 1) % order.len()];
                    let next = order[(j + 1) % order.len()];
                    match self.call_in_cycle(*n, prev, next) {
                        Some(inner) => names.extend(inner),
                        None => names.push(self.node_name(*n)),
                    }
                }
                let first =
                    (0..names.len()).min_by(|a, b| names[*a].len().cmp(&names[*b].len()).then(names[*a].cmp(&names[*b]))).unwrap_or(0);
                names.rotate_left(first);
                let summary = match self.opentofu() {
                    true => {
                        names[1..].reverse();
                        format!("Cycle: {}", names.join(", "))
                    }
                    false => format!("Cycle:{}", names.iter().map(|n| format!("\n  {n}")).collect::<String>()),
                };
                errors.push(ModuleDiagnostic::general(summary, ""));
            }
            return Err(errors);
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
        self.ordered = deps;
        Ok(out)
    }

    /// A module call's nodes in a cycle as Terraform's graph has them (the
    /// output `prev` reads, then the variable whose argument reads `next`;
    /// OpenTofu's variable has two nodes), where the output reads the
    /// variable directly; `None` to name the call itself.
    fn call_in_cycle(&self, n: Node, prev: Node, next: Node) -> Option<Vec<String>> {
        let Node::Module(i) = n else { return None };
        let call = &self.config.modules[i];
        let d = self.installed.child(self.dir, i)?;
        let read = self.module_reads(prev).remove(&i)??;
        let arguments: Vec<&str> = call
            .arguments
            .iter()
            .filter(|a| {
                crate::syntax::traversals(&a.expr).into_iter().any(
                    |(root, span, steps)| matches!(refs::parse(root, span, &steps, self.profile), Ok(Some(r)) if self.node_of(&r.subject) == Some(next)),
                )
            })
            .map(|a| a.name.as_str())
            .collect();
        let read: Vec<&String> = read.iter().collect();
        let ([output], [argument]) = (read.as_slice(), arguments.as_slice()) else { return None };
        let c = &self.module.dir_at(d).config;
        let o = c.outputs.iter().position(|x| &x.name == *output)?;
        let v = c.variables.iter().position(|x| x.name == *argument)?;
        let child = Graph::new(self.module, d, self.installed, String::new());
        if !child.deps(Node::Output(o)).contains(&Node::Var(v)) {
            return None;
        }
        let at = format!("{}module.{}", self.prefix(), call.name);
        let mut out = vec![format!("{at}.output.{output} (expand)")];
        match self.opentofu() {
            true => out.extend([format!("{at}.var.{argument} (expand, reference)"), format!("{at}.var.{argument} (expand, input)")]),
            false => out.push(format!("{at}.var.{argument} (expand)")),
        }
        Some(out)
    }

    /// Breaks cycles that go through a module call only because this graph
    /// has one node per call where Terraform's has one per child variable
    /// and output: a named value that reads outputs of the call (`module.m.x`)
    /// which need none of the arguments that read it then waits for an
    /// early evaluation of the call with just the arguments those outputs
    /// need (`Node::Early`; the others unknown, its diagnostics dropped),
    /// and the call itself is evaluated again once all its arguments are.
    /// The new dependencies, or `None` when a cycle remains (a real one).
    fn refine(&mut self, cycles: &[Vec<Node>]) -> Option<HashMap<Node, BTreeSet<Node>>> {
        let saved = (self.early.clone(), self.redirect.clone());
        let mut cycles = cycles.to_vec();
        // An early evaluation can itself read the other call early (two
        // calls that each take an output of the other): each round
        // redirects the readers of what is still a cycle, early
        // evaluations among them, until none is left or nothing changes.
        for _ in 0..self.config.modules.len().max(1) * 2 {
            let mut changed = false;
            for cycle in &cycles {
                for &reader in cycle {
                    for (i, outputs) in self.module_reads(reader) {
                        if !cycle.contains(&Node::Module(i)) || self.redirect.contains_key(&(reader, i)) {
                            continue;
                        }
                        let (Some(outputs), Some(d)) = (outputs, self.installed.child(self.dir, i)) else { continue };
                        let arguments = self.arguments_for(d, &outputs);
                        let j = match self.early.iter().position(|e| e.call == i && e.arguments == arguments) {
                            Some(j) => j,
                            None => {
                                self.early.push(Early { call: i, arguments });
                                self.early.len() - 1
                            }
                        };
                        self.redirect.insert((reader, i), j);
                        changed = true;
                    }
                }
            }
            let nodes = self.nodes();
            let deps: HashMap<Node, BTreeSet<Node>> = nodes.iter().map(|n| (*n, self.deps(*n))).collect();
            cycles = strongly_connected(&nodes, &deps);
            if cycles.is_empty() {
                return Some(deps);
            }
            if !changed {
                break;
            }
        }
        (self.early, self.redirect) = saved;
        None
    }

    /// Terraform's errors (with their files) for a local value or block
    /// that refers to itself, if `n` does.
    pub(crate) fn self_reference(&self, n: Node) -> Vec<(usize, Diagnostic)> {
        let addr = match n {
            Node::Local(i) => format!("local.{}", self.config.locals[i].name),
            Node::Resource(i) => self.config.resources[i].address(),
            Node::Module(i) => format!("module.{}", self.config.modules[i].name),
            _ => return Vec::new(),
        };
        let mut found = Vec::new();
        for (e, f) in self.node_exprs(n) {
            for (root, span, steps) in crate::syntax::traversals(e) {
                let Ok(Some(r)) = refs::parse(root, span, &steps, self.profile) else { continue };
                if self.node_of(&r.subject) != Some(n) {
                    continue;
                }
                let d = match n {
                    Node::Local(_) => Diagnostic::error(
                        "Self-referencing local value",
                        format!("Local value {addr} cannot use its own result as part of its expression."),
                        r.span,
                    ),
                    _ => Diagnostic::error("Self-referential block", format!("Configuration for {addr} may not refer to itself."), r.span),
                };
                found.push((f, d));
                if matches!(n, Node::Local(_)) {
                    return found;
                }
            }
        }
        found
    }

    /// The variables of the child module in directory `d` that its outputs
    /// `outputs` need, directly or through its other named values.
    pub(crate) fn arguments_for(&self, d: usize, outputs: &BTreeSet<String>) -> BTreeSet<String> {
        let child = Graph::new(self.module, d, self.installed, String::new());
        let config = child.config;
        let mut seen = BTreeSet::new();
        let mut work: Vec<Node> =
            config.outputs.iter().enumerate().filter(|(_, o)| outputs.contains(&o.name)).map(|(i, _)| Node::Output(i)).collect();
        while let Some(n) = work.pop() {
            if seen.insert(n) {
                work.extend(child.deps(n));
            }
        }
        seen.into_iter()
            .filter_map(|n| match n {
                Node::Var(i) => Some(config.variables[i].name.clone()),
                _ => None,
            })
            .collect()
    }
}

/// An early evaluation of a module call (see [`Graph::refine`]): the
/// call, and the arguments the outputs read early need.
#[derive(Clone, Debug)]
pub(crate) struct Early {
    pub call: usize,
    pub arguments: BTreeSet<String>,
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
                if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(w) {
                    slot.insert(next);
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
