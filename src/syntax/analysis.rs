//! Static analysis of a syntax tree: the variables an expression refers to
//! (HCL's `Variables()`), and the static traversals HCL treats specially.

use super::ast::*;
use crate::diagnostics::Span;

/// The variable references in `e` (HCL's `Variables()`): each root name
/// with its static traversal steps, leaving out names bound by `for`.
pub fn variable_references(e: &Expression) -> Vec<(&str, Vec<&Step>)> {
    traversals(e).into_iter().map(|(name, _, steps)| (name, steps)).collect()
}

/// [`variable_references`] with the span of each root name.
pub fn traversals(e: &Expression) -> Vec<Reference<'_>> {
    let mut out = Vec::new();
    collect_references(e, &mut Vec::new(), &mut out);
    out
}

/// A reference: the root name, where it is, and its static steps.
pub type Reference<'e> = (&'e str, Span, Vec<&'e Step>);

fn collect_references<'e>(e: &'e Expression, bound: &mut Vec<&'e str>, out: &mut Vec<Reference<'e>>) {
    let with_bound = |names: Vec<&'e str>, exprs: Vec<&'e Expression>, bound: &mut Vec<&'e str>, out: &mut Vec<Reference<'e>>| {
        let n = bound.len();
        bound.extend(names);
        for x in exprs {
            collect_references(x, bound, out);
        }
        bound.truncate(n);
    };
    match &e.kind {
        ExprKind::Literal(_) | ExprKind::AnonSymbol | ExprKind::Invalid(_) => {}
        ExprKind::Variable(name) => {
            if !bound.contains(&name.as_str()) {
                out.push((name, e.span, Vec::new()));
            }
        }
        ExprKind::Parenthesized(x) | ExprKind::TemplateWrap(x) => collect_references(x, bound, out),
        ExprKind::Traversal { .. } => {
            // Along the chain without recursion: the base (with the static
            // steps over a variable), then the keys of index expressions.
            let (base, steps) = spine(e);
            let statics = match base.kind {
                ExprKind::Variable(_) => steps.iter().take_while(|s| s.is_static()).count(),
                _ => 0,
            };
            match &base.kind {
                ExprKind::Variable(name) if !bound.contains(&name.as_str()) => out.push((name, base.span, steps[..statics].to_vec())),
                ExprKind::Variable(_) => {}
                _ => collect_references(base, bound, out),
            }
            for step in &steps[statics..] {
                if let Step::Index { key, .. } = step {
                    collect_references(key, bound, out);
                }
            }
        }
        ExprKind::Splat { source, each } => {
            collect_references(source, bound, out);
            collect_references(each, bound, out);
        }
        ExprKind::FunctionCall { args, .. } | ExprKind::TupleCons(args) => args.iter().for_each(|a| collect_references(a, bound, out)),
        ExprKind::Conditional { condition, true_result, false_result } => {
            for x in [condition, true_result, false_result] {
                collect_references(x, bound, out);
            }
        }
        ExprKind::BinaryOp { .. } => {
            let mut rights = Vec::new();
            let mut leftmost = e;
            while let ExprKind::BinaryOp { lhs, rhs, .. } = &leftmost.kind {
                rights.push(&**rhs);
                leftmost = lhs;
            }
            collect_references(leftmost, bound, out);
            for rhs in rights.into_iter().rev() {
                collect_references(rhs, bound, out);
            }
        }
        ExprKind::UnaryOp { operand, .. } => collect_references(operand, bound, out),
        ExprKind::ObjectCons(items) => {
            for item in items {
                if item.key.bare_name.is_none() {
                    collect_references(&item.key.expr, bound, out);
                }
                collect_references(&item.value, bound, out);
            }
        }
        ExprKind::For(f) => {
            collect_references(&f.collection, bound, out);
            let names = f.key_var.iter().map(String::as_str).chain([f.value_var.as_str()]).collect();
            let exprs = f.key_expr.iter().chain([&f.value_expr]).chain(f.cond_expr.iter()).collect();
            with_bound(names, exprs, bound, out);
        }
        ExprKind::Template(parts) => collect_template_references(parts, bound, out),
    }
}

fn collect_template_references<'e>(parts: &'e [TemplatePart], bound: &mut Vec<&'e str>, out: &mut Vec<Reference<'e>>) {
    for part in parts {
        match part {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interpolation(x) => collect_references(x, bound, out),
            TemplatePart::If { condition, then_parts, else_parts, .. } => {
                collect_references(condition, bound, out);
                collect_template_references(then_parts, bound, out);
                collect_template_references(else_parts, bound, out);
            }
            TemplatePart::For { key_var, value_var, collection, body, .. } => {
                collect_references(collection, bound, out);
                let n = bound.len();
                bound.extend(key_var.iter().map(String::as_str).chain([value_var.as_str()]));
                collect_template_references(body, bound, out);
                bound.truncate(n);
            }
        }
    }
}

/// A traversal chain's base and its steps, first step first.
pub(crate) fn spine(e: &Expression) -> (&Expression, Vec<&Step>) {
    let mut steps = Vec::new();
    let mut base = e;
    while let ExprKind::Traversal { source, step } = &base.kind {
        steps.push(step);
        base = source;
    }
    steps.reverse();
    (base, steps)
}

/// A multi-step traversal of a variable with only static steps (`a.b`,
/// `a[0]`, `a.0`), which HCL refuses as an object key.
pub(crate) fn is_static_traversal(e: &Expression) -> bool {
    let (base, steps) = spine(e);
    matches!(base.kind, ExprKind::Variable(_)) && !steps.is_empty() && steps.iter().all(|s| s.is_static())
}
