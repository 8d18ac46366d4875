//! Static analysis of a syntax tree: the variables an expression refers to
//! (HCL's `Variables()`), and the static traversals HCL treats specially.

use super::ast::*;

/// The variable references in `e` (HCL's `Variables()`): each root name
/// with its static traversal steps, leaving out names bound by `for`.
pub fn variable_references(e: &Expression) -> Vec<(&str, Vec<&Step>)> {
    let mut out = Vec::new();
    collect_references(e, &mut Vec::new(), &mut out);
    out
}

fn collect_references<'e>(e: &'e Expression, bound: &mut Vec<&'e str>, out: &mut Vec<(&'e str, Vec<&'e Step>)>) {
    if let Some((name, steps)) = static_chain(e) {
        if !bound.contains(&name) {
            out.push((name, steps));
        }
        return;
    }
    let with_bound =
        |names: Vec<&'e str>, exprs: Vec<&'e Expression>, bound: &mut Vec<&'e str>, out: &mut Vec<(&'e str, Vec<&'e Step>)>| {
            let n = bound.len();
            bound.extend(names);
            for x in exprs {
                collect_references(x, bound, out);
            }
            bound.truncate(n);
        };
    match &e.kind {
        ExprKind::Literal(_) | ExprKind::AnonSymbol | ExprKind::Variable(_) => {}
        ExprKind::Parenthesized(x) | ExprKind::TemplateWrap(x) => collect_references(x, bound, out),
        ExprKind::Traversal { source, step } => {
            collect_references(source, bound, out);
            if let Step::Index { key, .. } = step {
                collect_references(key, bound, out);
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
        ExprKind::BinaryOp { lhs, rhs, .. } => {
            collect_references(lhs, bound, out);
            collect_references(rhs, bound, out);
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

fn collect_template_references<'e>(parts: &'e [TemplatePart], bound: &mut Vec<&'e str>, out: &mut Vec<(&'e str, Vec<&'e Step>)>) {
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

/// `name` followed only by static steps (`.a`, `.0`, `["k"]`).
pub(crate) fn static_chain(e: &Expression) -> Option<(&str, Vec<&Step>)> {
    match &e.kind {
        ExprKind::Variable(name) => Some((name, Vec::new())),
        ExprKind::Traversal { source, step } => {
            if let Step::Index { key, .. } = step {
                if !matches!(key.kind, ExprKind::Literal(_)) {
                    return None;
                }
            }
            let (name, mut steps) = static_chain(source)?;
            steps.push(step);
            Some((name, steps))
        }
        _ => None,
    }
}

/// A multi-step traversal of a variable with only static steps (`a.b`,
/// `a[0]`, `a.0`), which HCL refuses as an object key.
pub(crate) fn is_static_traversal(e: &Expression) -> bool {
    match &e.kind {
        ExprKind::Traversal { source, step } => {
            let static_step = match step {
                Step::Index { key, .. } => matches!(key.kind, ExprKind::Literal(_)),
                _ => true,
            };
            static_step && (matches!(source.kind, ExprKind::Variable(_)) || is_static_traversal(source))
        }
        _ => false,
    }
}
