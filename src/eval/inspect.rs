//! The inspector: the value one sub-expression took while the whole
//! expression was evaluated. The expression is evaluated once, as usual,
//! with a [`Recorder`] that watches a few nodes by identity — the node of
//! interest, the condition of a conditional it is (which arm ran), and the
//! condition of the conditional whose arm holds it (whether that arm was
//! the one chosen) — and keeps the values of the node's first evaluations,
//! with the variables of the `for` expressions around it. Nothing else is
//! noted, so inspecting costs about one evaluation.

use super::Evaluator;
use crate::diagnostics::{Diagnostics, Span};
use crate::syntax::ast::*;
use crate::value::convert::convert;
use crate::value::{Type, Value};

/// How many evaluations of the node are kept (inside a `for`, the first
/// iterations).
pub const MAX_HITS: usize = 5;

/// What the inspector found at a place in the source.
#[derive(Clone, Debug)]
pub struct Inspection {
    /// The innermost expression there, in bytes.
    pub span: Span,
    /// Its first evaluations (at most [`MAX_HITS`]): one, or inside a
    /// `for` (or for the instances of a block) one per iteration, each with
    /// the variables it was evaluated with. Empty when it was never
    /// evaluated (a `for` over nothing, a `count` of zero, an `if`
    /// directive's other branch, `&&` or `||` decided by the other side).
    pub hits: Vec<Hit>,
    /// How many times it was evaluated.
    pub count: usize,
    /// The console's rendering of the first hit where it is not the
    /// value's own: `type(x)` as the whole expression prints the type.
    pub console_override: Option<String>,
    /// Errors found elsewhere that concern the node (a module's own
    /// diagnostics within its range).
    pub diagnostics: Diagnostics,
    /// A function left out of this build was called.
    pub needs_full_build: bool,
}

/// One evaluation of the node of interest.
#[derive(Clone, Debug)]
pub struct Hit {
    /// The value it took.
    pub value: Value,
    /// The errors found while evaluating it (its value is then a
    /// placeholder).
    pub errors: Diagnostics,
    /// The variables of the enclosing `for` expressions (and `%{ for }`
    /// directives) at that time, outermost first; an inner variable hides
    /// an outer one of the same name.
    pub bindings: Vec<(String, Value)>,
    /// For a conditional: the arm chosen (`None` when the condition was
    /// unknown or failed).
    pub arm: Option<bool>,
    /// For a node inside a conditional's arm: whether that arm was the
    /// one chosen (`None` when the conditional did not choose).
    pub taken: Option<bool>,
}

/// What an evaluation noted of the node it watched.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    target: usize,
    condition: Option<usize>,
    enclosing: Option<(usize, bool)>,
    paused: u32,
    last_condition: Option<Option<bool>>,
    /// The first [`MAX_HITS`] evaluations of the node.
    pub hits: Vec<Hit>,
    /// How many times the node was evaluated.
    pub count: usize,
}

/// The identity of a node of the syntax tree (its address: the tree is
/// not moved while it is evaluated).
fn id(e: &Expression) -> usize {
    e as *const Expression as usize
}

/// Which arm a condition's value chooses.
fn arm_of(v: &Value, profile: crate::profile::Profile) -> Option<bool> {
    let (v, _) = v.clone().unmark_deep();
    if !v.is_known() || v.is_null() {
        return None;
    }
    match convert(&v, &Type::Bool, profile) {
        Ok(Value::Bool(b)) => Some(b),
        _ => None,
    }
}

impl Recorder {
    /// A recorder watching `found.node`, and the conditions around it.
    pub fn new(found: &Found<'_>) -> Recorder {
        let condition = match &found.node.kind {
            ExprKind::Conditional { condition, .. } => Some(id(condition)),
            _ => None,
        };
        Recorder { target: id(found.node), condition, enclosing: found.enclosing_arm.map(|(c, arm)| (id(c), arm)), ..Recorder::default() }
    }
}

impl<'a> Evaluator<'a> {
    /// Evaluates with `recorder` watching.
    pub fn with_recorder(self, recorder: Recorder) -> Evaluator<'a> {
        Evaluator { recorder: Some(Box::new(recorder)), ..self }
    }

    /// The recorder, after evaluation.
    pub fn take_recorder(&mut self) -> Option<Recorder> {
        self.recorder.take().map(|r| *r)
    }

    /// Evaluations that only probe a type or a condition (with unknown
    /// stand-ins for the real values) are not the node's values.
    pub(super) fn pause_recording(&mut self, pause: bool) {
        if let Some(r) = &mut self.recorder {
            match pause {
                true => r.paused += 1,
                false => r.paused = r.paused.saturating_sub(1),
            }
        }
    }

    /// Notes `value` as the value of `e` (when `e` is watched), found with
    /// the errors since `mark`.
    pub(super) fn note(&mut self, e: &Expression, value: &Value, mark: usize) {
        let Some(r) = self.recorder.as_deref_mut() else { return };
        if r.paused > 0 {
            return;
        }
        let at = id(e);
        if at == r.target {
            r.count += 1;
            if r.hits.len() < MAX_HITS {
                let mut bindings: Vec<(String, Value)> = Vec::new();
                for (name, v) in &self.locals {
                    match bindings.iter_mut().find(|(n, _)| n == name) {
                        Some(b) => b.1 = v.clone(),
                        None => bindings.push((name.clone(), v.clone())),
                    }
                }
                let arm = if r.condition.is_some() { r.last_condition.take().flatten() } else { None };
                let errors = self.diags.get(mark..).unwrap_or_default().to_vec();
                r.hits.push(Hit { value: value.clone(), errors, bindings, arm, taken: None });
            }
        } else if Some(at) == r.condition {
            r.last_condition = Some(arm_of(value, self.profile));
        } else if let Some((cond, in_true)) = r.enclosing {
            if at == cond {
                // The arms are evaluated before the condition.
                let taken = arm_of(value, self.profile).map(|c| c == in_true);
                for h in r.hits.iter_mut().rev().take_while(|h| h.taken.is_none()) {
                    h.taken = taken;
                }
            }
        }
    }
}

/// The node at a place in the source, with what surrounds it.
#[derive(Clone, Copy, Debug)]
pub struct Found<'e> {
    /// The innermost expression whose span holds the place.
    pub node: &'e Expression,
    /// The condition of the innermost conditional whose arm holds the
    /// node, and whether it is the true arm.
    pub enclosing_arm: Option<(&'e Expression, bool)>,
}

fn holds(span: Span, start: usize, end: usize) -> bool {
    span.start <= start && end <= span.end && span.start < span.end
}

/// The innermost expression of `root` whose span holds `start..end`
/// (bytes; a point when they are equal), or `None` when the root does not.
/// The tree is walked without recursion (chains of operators or
/// traversals can be far longer than the stack is deep).
pub fn node_at(root: &Expression, start: usize, end: usize) -> Option<Found<'_>> {
    if !holds(root.span, start, end) {
        return None;
    }
    let mut found = Found { node: root, enclosing_arm: None };
    loop {
        // The children of the current node, with what entering each means.
        let mut children: Vec<(&Expression, Enter)> = Vec::new();
        match &found.node.kind {
            ExprKind::Literal(_) | ExprKind::Variable(_) | ExprKind::AnonSymbol | ExprKind::Invalid(_) => {}
            ExprKind::Traversal { source, step } => {
                children.push((source, Enter::Plain));
                if let Step::Index { key, .. } = step {
                    children.push((key, Enter::Plain));
                }
            }
            ExprKind::Splat { source, each } => {
                children.push((source, Enter::Plain));
                children.push((each, Enter::Plain));
            }
            ExprKind::FunctionCall { args, .. } => children.extend(args.iter().map(|a| (a, Enter::Plain))),
            ExprKind::Conditional { condition, true_result, false_result } => {
                children.push((condition, Enter::Plain));
                children.push((true_result, Enter::Arm(condition, true)));
                children.push((false_result, Enter::Arm(condition, false)));
            }
            ExprKind::BinaryOp { lhs, rhs, .. } => {
                children.push((lhs, Enter::Plain));
                children.push((rhs, Enter::Plain));
            }
            ExprKind::UnaryOp { operand, .. } => children.push((operand, Enter::Plain)),
            ExprKind::TupleCons(items) => children.extend(items.iter().map(|i| (i, Enter::Plain))),
            ExprKind::ObjectCons(items) => {
                for item in items {
                    if item.key.bare_name.is_none() {
                        children.push((&item.key.expr, Enter::Plain));
                    }
                    children.push((&item.value, Enter::Plain));
                }
            }
            ExprKind::For(f) => {
                children.push((&f.collection, Enter::Plain));
                children.extend(f.key_expr.iter().map(|k| (k, Enter::Plain)));
                children.push((&f.value_expr, Enter::Plain));
                children.extend(f.cond_expr.iter().map(|c| (c, Enter::Plain)));
            }
            ExprKind::Template(parts) => template_children(parts, &mut children),
            ExprKind::TemplateWrap(inner) | ExprKind::Parenthesized(inner) => children.push((inner, Enter::Plain)),
        }
        let Some((child, enter)) = children.into_iter().find(|(c, _)| holds(c.span, start, end)) else {
            return Some(found);
        };
        match enter {
            Enter::Plain => {}
            Enter::Arm(condition, arm) => found.enclosing_arm = Some((condition, arm)),
        }
        found.node = child;
    }
}

#[derive(Clone, Copy)]
enum Enter<'e> {
    Plain,
    Arm(&'e Expression, bool),
}

/// The expressions of a template's parts (directives' bodies included),
/// without recursion.
fn template_children<'e>(parts: &'e [TemplatePart], out: &mut Vec<(&'e Expression, Enter<'e>)>) {
    let mut work: Vec<(&'e [TemplatePart], Enter<'e>)> = vec![(parts, Enter::Plain)];
    while let Some((parts, enter)) = work.pop() {
        for part in parts {
            match part {
                TemplatePart::Literal(_) => {}
                TemplatePart::Interpolation(e) => out.push((e, enter)),
                TemplatePart::If { condition, then_parts, else_parts, .. } => {
                    out.push((condition, enter));
                    // A directive's condition is not an expression's arm:
                    // both branches are not evaluated, only the chosen one.
                    work.push((then_parts, enter));
                    work.push((else_parts, enter));
                }
                TemplatePart::For { collection, body, .. } => {
                    out.push((collection, enter));
                    work.push((body, Enter::Plain));
                }
            }
        }
    }
}
