//! `templatestring`, as OpenTofu has it: the first argument is any
//! string, parsed as a template and evaluated with the second argument's
//! attributes as its only variables.

use super::super::{str_arg, CallError, CallResult, Ctx};
use crate::limits::Limits;
use crate::value::go_quote;
use crate::value::Value;

/// What OpenTofu calls the template text in its messages.
const TEMPLATE_NAME: &str = "<templatestring argument>";

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
    let expr = crate::syntax::parse_template(source, TEMPLATE_NAME, &Limits::default(), ctx.profile())
        .map_err(|d| CallError::call(diagnostics_text(source, &d)))?;
    let vars = match vars {
        Value::Map(_, m) | Value::Object(m) => m,
        _ => return Err(CallError::arg(1, "invalid vars value: must be a map")),
    };
    if let Some(bad) = vars.keys().find(|k| !crate::text::is_identifier(k)) {
        return Err(CallError::arg(
            1,
            format!(
                "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                go_quote(bad)
            ),
        ));
    }
    let roots: Vec<&str> = crate::syntax::variable_references(&expr).into_iter().map(|(name, _)| name).collect();
    if let Some(missing) = roots.iter().find(|r| !vars.contains_key(**r)) {
        return Err(CallError::arg(1, format!("vars map does not contain key {}", go_quote(missing))));
    }
    // The template runs in an evaluator of its own, whose work the caller
    // pays for: it gets a small budget, charged in advance, and a larger
    // one (four times) whenever that runs out, up to the usual limit.
    let _inside = InTemplate::enter();
    let mut budget: u64 = 256;
    loop {
        ctx.charge(budget)?;
        let errors = match ctx.evaluate_isolated(&expr, &vars, budget) {
            Ok(v) => return Ok(v.with_marks(marked)),
            Err(errors) => errors,
        };
        let exhausted = errors.iter().any(|d| d.summary == "Evaluation too expensive");
        if !exhausted || budget >= Limits::default().max_steps {
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
    let Some(d) = diags.first() else { return "invalid template".into() };
    let range = crate::diagnostics::range_text(source, TEMPLATE_NAME, d.subject, crate::value::unicode());
    let first = format!("{range}: {}; {}", d.summary, d.detail);
    match diags.len() {
        1 => first,
        n => format!("{first}, and {} other diagnostic(s)", n - 1),
    }
}
