//! Custom conditions: variable `validation` rules, `precondition` and
//! `postcondition` blocks of outputs and resources, and `check` blocks'
//! assertions, with Terraform's diagnostics for a failed condition and for
//! a condition or message that cannot be used.

use super::{Planner, Scope};
use crate::diagnostics::Diagnostic;
use crate::module::load::config::CheckRule;
use crate::module::load::{ModuleDiagnostic, Source};
use crate::value::convert::convert;
use crate::value::{Marks, Type, Value};

/// What a rule's messages call it.
#[derive(Clone, Copy)]
pub(crate) enum RuleKind {
    Validation,
    Condition,
}

impl RuleKind {
    fn words(self) -> (&'static str, &'static str, &'static str) {
        match self {
            RuleKind::Validation => (
                "Invalid variable validation result",
                "Validation condition expression must return either true or false, not null.",
                "Invalid validation condition result value",
            ),
            RuleKind::Condition => (
                "Invalid condition result",
                "Condition expression must return either true or false, not null.",
                "Invalid condition result value",
            ),
        }
    }
}

impl<'m> Planner<'m> {
    /// Variable `i`'s validation rules, against its final value. A failed
    /// rule fails the variable: what refers to it is not processed
    /// (Terraform checks it in a node everything that reads the variable
    /// waits for).
    pub(crate) fn validations(&mut self, i: usize) -> bool {
        let v = &self.config.variables[i];
        if !self.state.vars.contains_key(&v.name) {
            return true;
        }
        // Where the value came from: a variables file or a module call's
        // argument (the declaration when neither; OpenTofu's root module
        // always names the declaration).
        let (source, span) = match self.state.var_ranges.get(&v.name) {
            Some((s, span)) if !(self.opentofu() && self.addr.is_empty()) => (*s, *span),
            _ => (Source::File(v.decl.file), v.decl.span),
        };
        let start = self.error_count();
        let mut failed = false;
        for rule in &v.validations {
            let scope = Scope::file(rule.file);
            let before = self.diags.len();
            let cond = self.expression(&rule.condition, &scope, None);
            let message = self.expression(&rule.error_message, &scope, None);
            if self.diags.len() > before {
                continue;
            }
            let (Some(cond), Some(message)) = (cond, message) else { continue };
            if let Some(failure) = self.check_rule(rule, cond, message, RuleKind::Validation) {
                let detail = format!("{failure}\n\nThis was checked by the validation rule at {}.", self.range(rule.decl));
                let d = Diagnostic::error("Invalid value for variable", detail, span);
                self.diags.push(ModuleDiagnostic {
                    kind: crate::module::load::DiagnosticKind::Other,
                    source,
                    warning: false,
                    diagnostic: d,
                });
                failed = true;
                // OpenTofu stops at the first rule that fails.
                if self.opentofu() {
                    break;
                }
            }
        }
        failed || self.error_count() > start
    }

    /// A condition's result: `Some(message)` when it failed, after the
    /// errors Terraform gives for a null or non-bool condition and a bad
    /// error message.
    pub(crate) fn check_rule(&mut self, rule: &CheckRule, cond: Value, message: Value, kind: RuleKind) -> Option<String> {
        let (invalid, null_detail, bad_value) = kind.words();
        let file = Some(rule.file);
        if !cond.is_known() {
            return None;
        }
        if cond.is_null() {
            self.file_diag(file, Diagnostic::error(invalid, null_detail, rule.condition.span));
            return None;
        }
        let cond = match convert(&cond, &Type::Bool, self.profile) {
            Ok(c) => c.unmark().0,
            Err(m) => {
                self.file_diag(file, Diagnostic::error(invalid, format!("{bad_value}: {m}."), rule.condition.span));
                return None;
            }
        };
        if matches!(cond, Value::Bool(true)) {
            return None;
        }
        if !message.is_known() {
            let d = Diagnostic::error(
                "Invalid error message",
                "Unsuitable value for error message: expression refers to values that won't be known until the apply phase.",
                rule.error_message.span,
            );
            self.file_diag(file, d);
            return None;
        }
        let mut text = String::new();
        if !message.is_null() {
            match convert(&message, &Type::String, self.profile) {
                Err(m) => self.file_diag(
                    file,
                    Diagnostic::error(
                        "Invalid error message",
                        format!("Unsuitable value for error message: {m}."),
                        rule.error_message.span,
                    ),
                ),
                Ok(s) if s.has_mark_deep(Marks::SENSITIVE) => {
                    let detail = format!("The error expression used to explain this condition refers to sensitive values. {} will not display the resulting message.\n\nYou can correct this by removing references to sensitive values, or by carefully using the nonsensitive() function if the expression will not reveal the sensitive data.", self.engine());
                    self.file_diag(file, Diagnostic::error("Error message refers to sensitive values", detail, rule.error_message.span));
                    text = "The error message included a sensitive value, so it will not be displayed.".into();
                }
                Ok(s) => text = s.unmarked().as_str().unwrap_or("").trim().to_string(),
            }
        }
        if text.is_empty() {
            text = "Failed to evaluate condition error message.".into();
        }
        Some(text)
    }

    /// An output's preconditions: false when one failed (or could not be
    /// evaluated).
    pub(crate) fn output_preconditions(&mut self, i: usize) -> bool {
        let o = &self.config.outputs[i];
        let scope = Scope::file(o.file);
        let mut ok = true;
        for rule in &o.preconditions {
            let before = self.error_count();
            let cond = self.rule_expression(&rule.condition, &scope);
            let message = self.rule_expression(&rule.error_message, &scope);
            if self.error_count() > before {
                ok = false;
                continue;
            }
            let (Some(c), Some(m)) = (cond, message) else { continue };
            if let Some(failure) = self.check_rule(rule, c, m, RuleKind::Condition) {
                self.file_diag(Some(rule.file), Diagnostic::error("Module output value precondition failed", failure, rule.condition.span));
                ok = false;
            }
        }
        ok
    }

    /// A resource instance's preconditions or postconditions (`post`):
    /// false when one failed.
    pub(crate) fn resource_conditions(&mut self, rules: &[CheckRule], scope: &Scope, post: bool) -> bool {
        let summary = if post { "Resource postcondition failed" } else { "Resource precondition failed" };
        let mut ok = true;
        for rule in rules {
            let before = self.error_count();
            let cond = self.rule_expression(&rule.condition, scope);
            let message = self.rule_expression(&rule.error_message, scope);
            if self.error_count() > before {
                ok = false;
                continue;
            }
            let (Some(c), Some(m)) = (cond, message) else { continue };
            if let Some(failure) = self.check_rule(rule, c, m, RuleKind::Condition) {
                self.file_diag(Some(rule.file), Diagnostic::error(summary, failure, rule.condition.span));
                ok = false;
            }
        }
        ok
    }

    /// A `check` block: its data source, then its assertions, whose
    /// failures are warnings (they never stop a plan).
    pub(crate) fn check(&mut self, i: usize) {
        // OpenTofu's console does not run checks (its tests do).
        if self.opentofu() && self.links.testing.is_none() {
            return;
        }
        let ch = &self.config.checks[i];
        if let Some(d) = &ch.data {
            if let Some(v) = super::resources::evaluate(self, d) {
                self.state.resources.insert((d.mode, d.ty.clone(), d.name.clone()), v);
            }
        }
        for rule in &ch.asserts {
            let scope = Scope::file(rule.file);
            let cond = self.expression(&rule.condition, &scope, None);
            let message = self.expression(&rule.error_message, &scope, None);
            let (Some(c), Some(m)) = (cond, message) else { continue };
            // A check's results are warnings: unknown while planning, or failed.
            let (kind, d) = match c.is_known() {
                false => (
                    crate::module::load::DiagnosticKind::CheckUnknown,
                    Diagnostic::error(
                        "Check block assertion known after apply",
                        "The condition could not be evaluated at this time, a result will be known when this plan is applied.",
                        rule.condition.span,
                    ),
                ),
                true => match self.check_rule(rule, c, m, RuleKind::Condition) {
                    Some(failure) => (
                        crate::module::load::DiagnosticKind::CheckAssertion,
                        Diagnostic::error("Check block assertion failed", failure, rule.condition.span),
                    ),
                    None => continue,
                },
            };
            self.diags.push(ModuleDiagnostic { kind, source: Source::File(rule.file), warning: true, diagnostic: d });
        }
    }
}
