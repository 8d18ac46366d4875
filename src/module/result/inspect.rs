//! The inspector in a module: the values the innermost expression at a
//! place in a file took wherever the plan evaluated it (each of the first
//! instances of a resource with `count` or `for_each`, each `dynamic`
//! block), with `count.index`, `each.key`/`each.value` or the iterator's
//! `key` and `value` among each hit's bindings.
//!
//! An evaluation already made answers for a root module's local, variable,
//! resource, data source, output or check: only that declaration is
//! evaluated again, over the values the evaluation planned. Elsewhere (a
//! child module's file, a module call) the module is evaluated again,
//! watching the place.

use super::Evaluation;
use crate::eval::inspect::{node_at, Inspection};
use crate::module::graph::Node;
use crate::module::load::inputs::Inputs;
use crate::module::load::{Module, Source, Watch};
use crate::syntax::ast::{Attribute, Block, Body, BodyItem};

/// The argument of `body` whose value holds `start..end`, with the blocks
/// around it, outermost first.
fn attribute_at(body: &Body, start: usize, end: usize) -> Option<(&Attribute, Vec<&Block>)> {
    let mut blocks = Vec::new();
    let mut body = body;
    'descend: loop {
        for item in &body.items {
            match item {
                BodyItem::Attribute(a) if a.expr.span.start <= start && end <= a.expr.span.end => return Some((a, blocks)),
                BodyItem::Block(b) if b.kind_span.start <= start && end <= b.close_brace.end => {
                    blocks.push(b);
                    body = &b.body;
                    continue 'descend;
                }
                _ => {}
            }
        }
        return None;
    }
}

/// The argument holding the place, unless it is a `variable`'s type
/// constraint (not a value).
fn watched_attribute(module: &Module, file: usize, start: usize, end: usize) -> Option<(&Attribute, Vec<&Block>)> {
    let (attr, blocks) = attribute_at(module.bodies().get(file)?, start, end)?;
    match blocks.as_slice() {
        [b] if b.kind == "variable" && attr.name == "type" => None,
        _ => Some((attr, blocks)),
    }
}

/// The value the innermost expression holding bytes `start..end` of file
/// `file` took while `evaluation` planned the module, wherever the plan
/// evaluated it. `None` when no expression holds the place (or it is a
/// `variable`'s type constraint). `evaluation` must come from
/// [`Module::evaluate_watching`] with the same place; the module's own
/// diagnostics within the node's range are in
/// [`Inspection::diagnostics`]. A [`Workspace`](super::workspace::Workspace) answers
/// from the evaluation it already made instead.
pub fn inspect_module(module: &Module, evaluation: &Evaluation, file: usize, start: usize, end: usize) -> Option<Inspection> {
    let (attr, _) = watched_attribute(module, file, start, end)?;
    inspection(evaluation, evaluation.watched().unwrap_or_default(), attr, file, start, end)
}

/// What `watched` saw of the innermost expression of `attr` holding the
/// place, with `evaluation`'s errors within it.
fn inspection(evaluation: &Evaluation, watched: Watch, attr: &Attribute, file: usize, start: usize, end: usize) -> Option<Inspection> {
    let found = node_at(&attr.expr, start, end)?;
    let span = watched.span.unwrap_or(found.node.span);
    // The module's errors within the node, and when the plan never got to
    // it, the errors about its inputs that stopped it (Terraform does not
    // plan with a value it cannot read or a variable it does not declare).
    let within = |d: &&crate::module::load::ModuleDiagnostic| match d.source {
        Source::File(f) => f == file && span.start <= d.diagnostic.subject.start && d.diagnostic.subject.end <= span.end,
        Source::Console => false,
        _ => watched.span.is_none(),
    };
    let diagnostics = evaluation.diagnostics.iter().filter(|d| !d.warning).filter(within).map(|d| d.diagnostic.clone()).collect();
    Some(Inspection {
        span,
        hits: watched.hits,
        count: watched.count,
        console_override: None,
        diagnostics,
        needs_full_build: watched.needs_full_build,
    })
}

/// The root module's declaration that holds argument `attr` (in `blocks`)
/// of file `file`, when evaluating it alone over an evaluation's values
/// sees what a whole evaluation would.
fn declaration_at(module: &Module, file: usize, attr: &Attribute, blocks: &[&Block]) -> Option<Node> {
    let root = module.root();
    if !root.files.contains(&file) {
        return None;
    }
    let top = blocks.first()?;
    let label = |i: usize| top.labels.get(i).map(|(l, _)| l.as_str());
    let c = &root.config;
    let at = |decl: &crate::module::load::Loc| {
        decl.file == file && top.kind_span.start <= decl.span.start && decl.span.end <= top.close_brace.end
    };
    match top.kind.as_str() {
        "locals" => c.locals.iter().position(|l| l.name == attr.name && l.decl.file == file).map(Node::Local),
        "variable" => c.variables.iter().position(|v| Some(v.name.as_str()) == label(0) && at(&v.decl)).map(Node::Var),
        "output" => c.outputs.iter().position(|o| Some(o.name.as_str()) == label(0) && at(&o.decl)).map(Node::Output),
        "resource" | "data" => c.resources.iter().position(|r| at(&r.decl)).map(Node::Resource),
        "check" => c.checks.iter().position(|k| at(&k.decl)).map(Node::Check),
        _ => None,
    }
}

/// What the inspector finds at bytes `start..end` of file `file`: from
/// `evaluation` where it can (see the module's documentation), else from
/// an evaluation over `inputs` that watches the place (then `true` with
/// it).
pub(crate) fn inspect_reusing(
    evaluation: &Evaluation,
    inputs: &Inputs,
    file: usize,
    start: usize,
    end: usize,
) -> (Option<Inspection>, bool) {
    let module = evaluation.module();
    let Some((attr, blocks)) = watched_attribute(module, file, start, end) else { return (None, false) };
    match declaration_at(module, file, attr, &blocks).filter(|_| evaluation.replays()) {
        Some(n) => {
            let watched = evaluation.watch_node(n, Watch { file, start, end, ..Watch::default() });
            (inspection(evaluation, watched, attr, file, start, end), false)
        }
        None => {
            let again = module.evaluate_watching(inputs, file, start, end);
            (inspection(&again, again.watched().unwrap_or_default(), attr, file, start, end), true)
        }
    }
}
