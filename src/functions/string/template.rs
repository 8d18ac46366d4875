//! `templatestring`, as OpenTofu has it: the first argument is any
//! string, parsed as a template and evaluated with the second argument's
//! attributes as its only variables.

use super::super::{str_arg, CallError, CallResult, Ctx};
use crate::ast::{ExprKind, Expression, Step, TemplatePart};
use crate::value::Value;

thread_local! {
    static IN_TEMPLATE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// OpenTofu's `templatestring`: the string parsed as a template and
/// evaluated with `vars` as its only variables.
pub(super) fn templatestring(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if IN_TEMPLATE.with(|t| t.get()) {
        return Err(CallError::call("cannot recursively call templatestring from inside another template function"));
    }
    let source = str_arg(a, 0);
    let (vars, marked) = a[1].clone().unmark();
    ctx.charge(source.len() as u64 / 16)?;
    let limits = crate::Limits::default();
    let expr = crate::parser::parse_template(source, &limits).map_err(|d| CallError::call(diagnostics_text(source, &d)))?;
    let vars = match vars {
        Value::Map(_, m) | Value::Object(m) => m,
        _ => return Err(CallError::arg(1, "invalid vars value: must be a map")),
    };
    if let Some(bad) = vars.keys().find(|k| !crate::value::types::is_valid_identifier(k)) {
        return Err(CallError::arg(
            1,
            format!(
                "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                crate::render::go_quote(bad)
            ),
        ));
    }
    let mut roots = Vec::new();
    expr_roots(&expr, &mut Vec::new(), &mut roots);
    if let Some(missing) = roots.iter().find(|r| !vars.contains_key(**r)) {
        return Err(CallError::arg(1, format!("vars map does not contain key {}", crate::render::go_quote(missing))));
    }
    // The template runs in an evaluator of its own, whose work the caller
    // pays for: it gets a small budget, charged in advance, and a larger
    // one (four times) whenever that runs out, up to the usual limit.
    let _inside = InTemplate::enter();
    let mut budget: u64 = 256;
    loop {
        ctx.charge(budget)?;
        let limits = crate::Limits { max_steps: budget, ..limits.clone() };
        let mut ev = crate::eval::Evaluator::new(&vars, &limits);
        let v = ev.eval(&expr);
        let errors: Vec<_> = ev.diags.into_iter().filter(|d| d.severity == crate::diagnostics::Severity::Error).collect();
        if errors.is_empty() {
            return Ok(v.mark_if(marked));
        }
        let exhausted = errors.iter().any(|d| d.summary == "Evaluation too expensive");
        if !exhausted || budget >= crate::Limits::default().max_steps {
            return Err(CallError::call(diagnostics_text(source, &errors)));
        }
        budget *= 4;
    }
}

/// Marks a template evaluation in progress, until dropped.
struct InTemplate;

impl InTemplate {
    fn enter() -> InTemplate {
        IN_TEMPLATE.with(|t| t.set(true));
        InTemplate
    }
}

impl Drop for InTemplate {
    fn drop(&mut self) {
        IN_TEMPLATE.with(|t| t.set(false));
    }
}

/// `hcl.Diagnostics.Error()` for diagnostics about the template text.
fn diagnostics_text(source: &str, diags: &[crate::diagnostics::Diagnostic]) -> String {
    use crate::diagnostics::LineCol;
    let Some(d) = diags.first() else { return "invalid template".into() };
    let (from, to) = (LineCol::of(source, d.subject.start), LineCol::of(source, d.subject.end));
    let range = if from.line == to.line {
        format!("{},{}-{}", from.line, from.column, to.column)
    } else {
        format!("{},{}-{},{}", from.line, from.column, to.line, to.column)
    };
    let first = format!("<templatestring argument>:{range}: {}; {}", d.summary, d.detail);
    match diags.len() {
        1 => first,
        n => format!("{first}, and {} other diagnostic(s)", n - 1),
    }
}

/// The root names of the variables an expression refers to (HCL's
/// `Variables()`), leaving out names bound by `for`.
fn expr_roots<'e>(e: &'e Expression, bound: &mut Vec<&'e str>, out: &mut Vec<&'e str>) {
    match &e.kind {
        ExprKind::Variable(name) => {
            if !bound.contains(&name.as_str()) {
                out.push(name);
            }
        }
        ExprKind::Literal(_) | ExprKind::AnonSymbol => {}
        ExprKind::Parenthesized(x) | ExprKind::TemplateWrap(x) | ExprKind::UnaryOp { operand: x, .. } => expr_roots(x, bound, out),
        ExprKind::Traversal { source, step } => {
            expr_roots(source, bound, out);
            if let Step::Index { key, .. } = step {
                expr_roots(key, bound, out);
            }
        }
        ExprKind::Splat { source, each } => {
            expr_roots(source, bound, out);
            expr_roots(each, bound, out);
        }
        ExprKind::FunctionCall { args, .. } | ExprKind::TupleCons(args) => args.iter().for_each(|x| expr_roots(x, bound, out)),
        ExprKind::Conditional { condition, true_result, false_result } => {
            for x in [condition, true_result, false_result] {
                expr_roots(x, bound, out);
            }
        }
        ExprKind::BinaryOp { lhs, rhs, .. } => {
            expr_roots(lhs, bound, out);
            expr_roots(rhs, bound, out);
        }
        ExprKind::ObjectCons(items) => {
            for item in items {
                if item.key.bare_name.is_none() {
                    expr_roots(&item.key.expr, bound, out);
                }
                expr_roots(&item.value, bound, out);
            }
        }
        ExprKind::For(f) => {
            expr_roots(&f.collection, bound, out);
            let n = bound.len();
            bound.extend(f.key_var.iter().map(String::as_str).chain([f.value_var.as_str()]));
            for x in f.key_expr.iter().chain([&f.value_expr]).chain(f.cond_expr.iter()) {
                expr_roots(x, bound, out);
            }
            bound.truncate(n);
        }
        ExprKind::Template(parts) => template_roots(parts, bound, out),
    }
}

fn template_roots<'e>(parts: &'e [TemplatePart], bound: &mut Vec<&'e str>, out: &mut Vec<&'e str>) {
    for part in parts {
        match part {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interpolation(x) => expr_roots(x, bound, out),
            TemplatePart::If { condition, then_parts, else_parts, .. } => {
                expr_roots(condition, bound, out);
                template_roots(then_parts, bound, out);
                template_roots(else_parts, bound, out);
            }
            TemplatePart::For { key_var, value_var, collection, body, .. } => {
                expr_roots(collection, bound, out);
                let n = bound.len();
                bound.extend(key_var.iter().map(String::as_str).chain([value_var.as_str()]));
                template_roots(body, bound, out);
                bound.truncate(n);
            }
        }
    }
}
