//! Terraform 1.16's warning where a configuration uses the value of an
//! instance of a deprecated resource type ("Deprecated value used").
//! Terraform marks each such instance's value and warns where the result of
//! one of the configuration's expressions (a local, an output, a resource's
//! or a module call's argument) carries the mark, once per instance it came
//! from. The playground finds the same places from the expressions'
//! references: one to the instance (the resource itself, or one of its
//! `count` or `for_each` instances by a constant key). A whole `count` or
//! `for_each` collection is not one: its instances carry the mark, not the
//! collection (`length(...)` of it warns of nothing).

use super::{providers, Planner};
use crate::diagnostics::Diagnostic;
use crate::module::load::config::{Mode, Resource};
use crate::module::load::provider_schema::TypeSchema;
use crate::syntax::ast::{Body, ExprKind, Expression, Step};
use crate::value::Value;

/// Warns of every use of a deprecated resource type's instance in the
/// module's expressions.
pub(crate) fn deprecated_uses(p: &mut Planner) {
    let config = p.config;
    // Most modules use no deprecated type: nothing to look through.
    let deprecated: Vec<&Resource> = config
        .resources
        .iter()
        .filter(|r| matches!(providers::schema(p, r), TypeSchema::Known(t) if t.block.deprecated.is_some()))
        .collect();
    if deprecated.is_empty() {
        return;
    }
    let mut exprs: Vec<(usize, &Expression)> = Vec::new();
    exprs.extend(config.locals.iter().map(|l| (l.decl.file, &l.expr)));
    exprs.extend(config.outputs.iter().filter_map(|o| o.value.as_ref().map(|v| (o.file, v))));
    for r in &config.resources {
        body_expressions(&r.body, r.file, &mut exprs);
    }
    for m in &config.modules {
        exprs.extend(m.arguments.iter().map(|a| (m.file, &a.expr)));
    }
    for (file, expr) in exprs {
        let mut origins: Vec<String> = Vec::new();
        for (root, _, steps) in crate::syntax::traversals(expr) {
            if let Some(origin) = origin(&deprecated, root, &steps) {
                if !origins.contains(&origin) {
                    origins.push(origin);
                }
            }
        }
        for origin in origins {
            let detail = format!(
                "  The deprecation originates from {origin}\n\nDeprecated resource used as value. Refer to the provider documentation for details."
            );
            let d = Diagnostic::error("Deprecated value used", detail, expr.span);
            p.diags.push(crate::module::load::ModuleDiagnostic {
                kind: crate::module::load::DiagnosticKind::Other,
                source: crate::module::load::Source::File(file),
                warning: true,
                diagnostic: d,
            });
        }
    }
}

fn body_expressions<'b>(body: &'b Body, file: usize, out: &mut Vec<(usize, &'b Expression)>) {
    out.extend(body.attributes().map(|a| (file, &a.expr)));
    for b in body.blocks() {
        body_expressions(&b.body, file, out);
    }
}

/// The instance of one of the `deprecated` resources a reference reads:
/// `kubernetes_namespace.ns`, `kubernetes_config_map.c[0]`.
fn origin(deprecated: &[&Resource], root: &str, steps: &[&Step]) -> Option<String> {
    let (mode, ty, rest) = match root {
        "data" => match steps {
            [Step::GetAttr { name, .. }, rest @ ..] => (Mode::Data, name.as_str(), rest),
            _ => return None,
        },
        _ => (Mode::Managed, root, steps),
    };
    let [Step::GetAttr { name, .. }, rest @ ..] = rest else { return None };
    let r = deprecated.iter().find(|r| r.mode == mode && r.ty == ty && r.name == *name)?;
    let address = r.address();
    if r.count.is_none() && r.for_each.is_none() {
        return Some(address);
    }
    match rest.first()? {
        Step::Index { key, .. } => match &key.kind {
            ExprKind::Literal(Value::Number(n)) => Some(format!("{address}[{}]", n)),
            ExprKind::Literal(Value::String(s)) => Some(format!("{address}[{}]", crate::text::json_string(s))),
            _ => None,
        },
        Step::LegacyIndex { index: Value::Number(n), .. } => Some(format!("{address}[{}]", n)),
        _ => None,
    }
}
