//! What an edit left alone: the root declarations of the previous
//! evaluation a new one may take over (see `plan::takeover` for what is
//! planned again regardless). The previous evaluation is used only when
//! everything a declaration's planning can see is the same but the
//! declarations' own text: the inputs and options (the workspace drops it
//! when they change), every file outside the root module's configuration,
//! and every part of the root module's files outside its declarations
//! (`terraform`, `provider`, `moved` and `import` blocks, comments between
//! blocks). Each declaration is compared by its text alone: one that moved
//! keeps its value, which holds no position. Nothing is taken over where
//! the previous evaluation stopped, reached a limit, or read the module's
//! files (`file`, `templatefile`, `local_file`: the edited file may be
//! one).

use super::Evaluation;
use crate::diagnostics::Span;
use crate::module::graph::Node;
use crate::module::load::Module;
use crate::module::plan::takeover::Previous;
use crate::syntax::ast::{Body, BodyItem};
use std::collections::BTreeSet;

/// What `new` may take over from `old`, an evaluation of the same
/// configuration before an edit over the same inputs and options;
/// nothing where the edit touched more than declarations of the root
/// module, or where `old` cannot be replayed.
pub(crate) fn between<'a>(old: &'a Evaluation, new: &Module) -> Option<Previous<'a>> {
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
    Some(Previous::new(&old.state, &old.records, changed))
}

/// Whether two configurations declare the same named values in the same
/// order (so that their nodes are numbered alike).
fn same_declarations(a: &crate::module::load::config::Config, b: &crate::module::load::config::Config) -> bool {
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
    let inside = |loc: crate::module::load::Loc| loc.file == file && span.start <= loc.span.start && loc.span.start < span.end;
    let mut out = Vec::new();
    out.extend(c.variables.iter().enumerate().filter(|(_, v)| inside(v.decl)).map(|(i, _)| Node::Var(i)));
    out.extend(c.locals.iter().enumerate().filter(|(_, l)| inside(l.decl)).map(|(i, _)| Node::Local(i)));
    out.extend(c.resources.iter().enumerate().filter(|(_, r)| inside(r.decl)).map(|(i, _)| Node::Resource(i)));
    out.extend(c.modules.iter().enumerate().filter(|(_, m)| inside(m.decl)).map(|(i, _)| Node::Module(i)));
    out.extend(c.outputs.iter().enumerate().filter(|(_, o)| inside(o.decl)).map(|(i, _)| Node::Output(i)));
    out.extend(c.checks.iter().enumerate().filter(|(_, k)| inside(k.decl)).map(|(i, _)| Node::Check(i)));
    out
}
