//! The built-in provider's functions (`provider::terraform::encode_expr`,
//! `encode_tfvars`, `decode_tfvars`), available where the module's
//! `required_providers` names the provider; and each engine's errors for
//! provider functions that are not there.

use super::config::Config;
use super::{ModuleDiagnostic, Source};
use crate::diagnostics::Diagnostic;
use crate::functions::FunctionDef;
use crate::syntax::ast::{ExprKind, Expression, TemplatePart};
use crate::value::go_quote;

/// Whether the module's `required_providers` names provider `name`.
fn declared(config: &Config, name: &str) -> bool {
    config.required_providers.iter().any(|(n, _)| n == name)
}

/// Every function call in an expression: its name and where the name is
/// (a work list: expressions nest deeply).
fn calls(e: &Expression) -> Vec<(&str, crate::diagnostics::Span)> {
    let mut out = Vec::new();
    let mut work = vec![e];
    let mut parts: Vec<&TemplatePart> = Vec::new();
    while let Some(e) = work.pop() {
        match &e.kind {
            ExprKind::FunctionCall { name, name_span, args, .. } => {
                out.push((name.as_str(), *name_span));
                work.extend(args.iter());
            }
            ExprKind::Traversal { source, step } => {
                work.push(source);
                if let crate::syntax::ast::Step::Index { key, .. } = step {
                    work.push(key);
                }
            }
            ExprKind::Splat { source, each } => work.extend([source.as_ref(), each.as_ref()]),
            ExprKind::Conditional { condition, true_result, false_result } => {
                work.extend([condition.as_ref(), true_result.as_ref(), false_result.as_ref()])
            }
            ExprKind::BinaryOp { lhs, rhs, .. } => work.extend([lhs.as_ref(), rhs.as_ref()]),
            ExprKind::UnaryOp { operand, .. } => work.push(operand),
            ExprKind::TupleCons(items) => work.extend(items.iter()),
            ExprKind::ObjectCons(items) => {
                for item in items {
                    work.extend([&item.key.expr, &item.value]);
                }
            }
            ExprKind::For(f) => {
                work.extend([&f.collection, &f.value_expr]);
                work.extend(f.key_expr.iter().chain(f.cond_expr.iter()));
            }
            ExprKind::Template(ps) => parts.extend(ps.iter()),
            ExprKind::TemplateWrap(x) | ExprKind::Parenthesized(x) => work.push(x),
            ExprKind::Literal(_) | ExprKind::Variable(_) | ExprKind::AnonSymbol | ExprKind::Invalid(_) => {}
        }
        while let Some(p) = parts.pop() {
            match p {
                TemplatePart::Literal(_) => {}
                TemplatePart::Interpolation(x) => work.push(x),
                TemplatePart::If { condition, then_parts, else_parts, .. } => {
                    work.push(condition);
                    parts.extend(then_parts.iter().chain(else_parts.iter()));
                }
                TemplatePart::For { collection, body, .. } => {
                    work.push(collection);
                    parts.extend(body.iter());
                }
            }
        }
    }
    out
}

/// `provider::NAME::FUNCTION`: the provider and function names.
fn split(name: &str) -> Option<(&str, &str)> {
    let rest = name.strip_prefix("provider::")?;
    rest.split_once("::")
}

/// OpenTofu refuses, while loading, a provider function whose provider
/// `required_providers` does not name.
pub(crate) fn check_declared(
    config: &Config,
    exprs: &[(&Expression, usize)],
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) {
    for (e, file) in exprs {
        for (name, span) in calls(e) {
            let Some((provider, _)) = split(name) else { continue };
            if !declared(config, provider) {
                let detail =
                    format!("Provider {} does not exist within the required_providers of this module", go_quote(provider, profile));
                diags.push(ModuleDiagnostic::at(*file, Diagnostic::error("Unknown function provider", detail, span)));
            }
        }
    }
}

/// The functions available to the module beside the built-in ones: the
/// file functions, and the built-in provider's where it is declared.
pub(crate) fn available(config: &Config, plan_time: bool) -> &'static [FunctionDef] {
    match (declared(config, "terraform"), plan_time) {
        (true, false) => super::files::WITH_PROVIDER,
        (false, false) => super::files::FUNCTIONS,
        (true, true) => super::files::WITH_PROVIDER_AND_PLAN_TIME,
        (false, true) => super::files::WITH_PLAN_TIME,
    }
}

/// Each engine's words for a call to a provider function that is not
/// there, in place of hcl's "Call to unknown function".
pub(crate) fn reword(d: &mut ModuleDiagnostic, config: &Config, text: &str, tofu: bool, profile: crate::profile::Profile) {
    if d.diagnostic.code != crate::diagnostics::Code::UnknownFunction || matches!(d.source, Source::None) {
        return;
    }
    let span = d.diagnostic.subject;
    let Some(name) = text.get(span.start..span.end) else { return };
    let Some((provider, function)) = split(name) else { return };
    let (summary, detail) = match (declared(config, provider), tofu) {
        (true, false) => (
            "Unknown provider function",
            format!("The function {} is not available from the provider {}.", go_quote(function, profile), go_quote(provider, profile)),
        ),
        (true, true) => ("Function not found in provider", format!("Function {} was not registered by provider", go_quote(name, profile))),
        (false, _) => (
            "Unknown provider function",
            format!("There is no function named {}. Ensure that provider name {} is declared in this module's required_providers block, and that this provider offers a function named {}.", go_quote(name, profile), go_quote(provider, profile), go_quote(function, profile)),
        ),
    };
    d.diagnostic.summary = summary.into();
    d.diagnostic.detail = detail;
}
