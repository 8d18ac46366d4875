//! The evaluator: HCL's `Expression.Value(ctx)` for every node, collecting
//! diagnostics the way `hclsyntax` does (an erroring part yields an unknown
//! placeholder and evaluation goes on, so independent errors are all found).

mod call;
pub mod console;
mod constructors;
pub mod inspect;
mod operators;
mod start_range;
mod template;
mod traversal;
pub mod variables;
pub mod waypoint_scope;

pub use constructors::iteration_entries;

use crate::diagnostics::{suggest, Diagnostic, Diagnostics, Span};
use crate::limits::Limits;
use crate::profile::Profile;
use crate::syntax::ast::*;
use crate::value::go_quote as quote;
use crate::value::{SortedMap, Type, Value};

/// Evaluation state for one expression.
pub struct Evaluator<'a> {
    vars: &'a SortedMap<Value>,
    /// The engine whose answers are wanted.
    pub(super) profile: Profile,
    /// The source text and its name, for messages that quote a range.
    source: &'a str,
    filename: &'a str,
    /// The variables of enclosing `for` iterations, innermost last.
    locals: Vec<(String, Value)>,
    /// Where each iteration's variables begin in `locals`.
    scopes: Vec<usize>,
    anon: Vec<Value>,
    limits: &'a Limits,
    depth: usize,
    steps: u64,
    /// Evaluation stopped altogether: a resource limit was reached, or HCL
    /// itself would have panicked. `try` and `can` do not catch this.
    aborted: bool,
    /// No evaluation context at all (HCL's `Value(nil)`): variables and
    /// function calls are errors, as in a constant argument of a
    /// configuration block.
    no_context: bool,
    /// Everything found so far.
    pub diags: Diagnostics,
    /// A function left out of this build was called (see
    /// [`functions::in_full_build`]): the result is not the real one, even
    /// where `try` or `can` hid the error.
    pub needs_full_build: bool,
    /// The inspector's notes of one node's values (see [`inspect`]), when
    /// asked for.
    recorder: Option<Box<inspect::Recorder>>,
    /// A module's context (see [`Evaluator::with_functions`]): the
    /// functions it provides beside the built-in ones. `None` for an
    /// expression evaluated on its own.
    functions: Option<&'a [crate::functions::FunctionDef]>,
    /// Terraform's plan-time scope: impure functions (`timestamp`,
    /// `uuid`, `bcrypt`) give unknown results.
    pure_only: bool,
    /// The files of the module the expression is in, for its file
    /// functions.
    module_files: Option<&'a crate::functions::ModuleFiles>,
    /// The template functions whose templates this evaluates.
    templates: crate::functions::Templates,
    /// The time of the plan being made (`plantimestamp()`).
    plan_time: Option<&'a str>,
    /// A configuration's expression, not the console's input: the
    /// console-only `type` function does not exist there.
    in_configuration: bool,
}

/// `v` converted to a type constraint with `optional(…)` attributes and
/// their defaults (as input variables and `convert` take them), or why
/// not in cty's words. Defaults are constants, evaluated without context.
pub fn convert_to_constraint(v: Value, c: &crate::syntax::typeexpr::Constraint, profile: Profile) -> Result<Value, String> {
    let vars = SortedMap::new();
    let limits = Limits::default();
    let mut ev = Evaluator::new(&vars, &limits).with_profile(profile).without_context();
    ev.convert_to_constraint(v, c)
}

fn dynamic() -> Value {
    Value::unknown(Type::Dynamic)
}

impl<'a> Evaluator<'a> {
    /// A fresh evaluator over the given variables.
    pub fn new(vars: &'a SortedMap<Value>, limits: &'a Limits) -> Evaluator<'a> {
        Evaluator {
            vars,
            profile: Profile::default(),
            source: "",
            filename: "<input>",
            locals: Vec::new(),
            scopes: Vec::new(),
            anon: Vec::new(),
            limits,
            depth: 0,
            steps: 0,
            aborted: false,
            no_context: false,
            diags: Vec::new(),
            needs_full_build: false,
            recorder: None,
            functions: None,
            pure_only: false,
            module_files: None,
            templates: crate::functions::Templates::default(),
            plan_time: None,
            in_configuration: false,
        }
    }

    /// Functions to offer beside the built-in ones: a module's context.
    /// There the built-in provider's functions (`provider::terraform::...`)
    /// come only from this list, as a module has them only where its
    /// `required_providers` names the provider.
    pub fn with_functions(self, functions: &'a [crate::functions::FunctionDef]) -> Evaluator<'a> {
        Evaluator { functions: Some(functions), ..self }
    }

    /// The time of the plan the expression is planned in, which
    /// `plantimestamp()` gives (unknown without one).
    pub fn with_plan_time(self, plan_time: Option<&'a str>) -> Evaluator<'a> {
        Evaluator { plan_time, ..self }
    }

    /// The files a module's file functions read.
    pub fn with_module_files(self, files: &'a crate::functions::ModuleFiles) -> Evaluator<'a> {
        Evaluator { module_files: Some(files), ..self }
    }

    /// Evaluates as Terraform plans: impure functions (`timestamp`,
    /// `uuid`, `bcrypt`) return unknown values when `pure` is set.
    pub fn pure_only(self, pure: bool) -> Evaluator<'a> {
        Evaluator { pure_only: pure, ..self }
    }

    /// Evaluates an expression of a configuration file, where `type` is
    /// an unknown function (the consoles add it to their input only).
    pub fn in_configuration(self, yes: bool) -> Evaluator<'a> {
        Evaluator { in_configuration: yes, ..self }
    }

    /// The source text the expression was parsed from, and its name, for
    /// messages that quote ranges (as `try` does).
    pub fn with_source(self, source: &'a str, filename: &'a str) -> Evaluator<'a> {
        Evaluator { source, filename, ..self }
    }

    /// The engine whose answers to give.
    pub fn with_profile(self, profile: Profile) -> Evaluator<'a> {
        Evaluator { profile, ..self }
    }

    /// Evaluates without any context, as HCL's `Expression.Value(nil)`:
    /// a reference is "Variables not allowed", a call "Function calls not
    /// allowed".
    pub fn without_context(self) -> Evaluator<'a> {
        Evaluator { no_context: true, ..self }
    }

    pub(super) fn error(&mut self, summary: impl Into<String>, detail: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(summary, detail, span));
    }

    /// An error that says what it is (see [`crate::diagnostics::Code`]).
    pub(super) fn coded(&mut self, code: crate::diagnostics::Code, summary: impl Into<String>, detail: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(summary, detail, span).with_code(code));
    }

    /// Stops evaluation with one error (the first reason given wins).
    pub(super) fn abort(&mut self, summary: impl Into<String>, detail: impl Into<String>, span: Span) {
        self.abort_with(crate::diagnostics::Code::Other, summary, detail, span);
    }

    /// [`Evaluator::abort`] with a diagnostic that says what it is.
    fn abort_with(&mut self, code: crate::diagnostics::Code, summary: impl Into<String>, detail: impl Into<String>, span: Span) {
        if !self.aborted {
            self.aborted = true;
            self.diags.push(Diagnostic::error(summary, detail, span).with_code(code));
        }
    }

    /// An unknown result of type `t`: refined as not null where the
    /// profile's go-cty refines function results (`refineNonNull`).
    pub(super) fn unknown_result(&self, t: Type) -> Value {
        match self.profile.is_legacy() {
            true => Value::unknown(t),
            false => Value::unknown(t).refine_not_null(),
        }
    }

    pub(super) fn has_errors_since(&self, mark: usize) -> bool {
        self.diags.len() > mark
    }

    /// Charges `n` units of work; false once the budget is spent.
    pub fn charge(&mut self, n: u64, span: Span) -> bool {
        if self.aborted {
            return false;
        }
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.limits.max_steps {
            self.abort_with(
                crate::diagnostics::Code::TooExpensive,
                crate::limits::TOO_EXPENSIVE,
                format!(
                    "This evaluation needs more than {} steps of work, which is more than this evaluator allows.",
                    self.limits.max_steps
                ),
                span,
            );
            return false;
        }
        true
    }

    /// Checks a collection or string about to be built against the size caps.
    pub fn check_size(&mut self, elements: usize, span: Span) -> bool {
        if elements > self.limits.max_collection_len {
            self.abort_with(
                crate::diagnostics::Code::TooLarge,
                crate::limits::TOO_LARGE,
                format!(
                    "This evaluation needs more than {} elements in one value, which is more than this evaluator allows.",
                    self.limits.max_collection_len
                ),
                span,
            );
            return false;
        }
        self.charge(elements as u64 / 16, span)
    }

    /// Checks a string a function call produced against the string cap;
    /// building it is work too.
    pub fn check_string(&mut self, bytes: usize, span: Span) -> bool {
        self.string_cap("function call", bytes, span) && self.charge(bytes as u64 / 1024, span)
    }

    /// Checks a string that `what` (a template, a function call) produced
    /// against the string cap.
    pub(super) fn string_cap(&mut self, what: &str, bytes: usize, span: Span) -> bool {
        if bytes > self.limits.max_string_len {
            let max = self.limits.max_string_len;
            let detail = format!("This {what} produces a string longer than {max} bytes, which is more than this evaluator allows.");
            self.abort_with(crate::diagnostics::Code::TooLarge, crate::limits::TOO_LARGE, detail, span);
            return false;
        }
        true
    }

    /// The steps of work done so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Evaluates an expression.
    pub fn eval(&mut self, e: &Expression) -> Value {
        if !self.charge(1, e.span) {
            return dynamic();
        }
        if self.depth >= self.limits.max_depth * 2 {
            self.abort("Expression too deeply nested", "Evaluating this expression nests deeper than this evaluator allows.", e.span);
            return dynamic();
        }
        self.depth += 1;
        let mark = self.diags.len();
        let v = self.eval_inner(e);
        self.depth -= 1;
        if self.recorder.is_some() {
            self.note(e, &v, mark);
        }
        v
    }

    fn eval_inner(&mut self, e: &Expression) -> Value {
        match &e.kind {
            ExprKind::Literal(v) => v.clone(),
            ExprKind::Variable(name) => self.variable(name, e.span),
            ExprKind::AnonSymbol => self.anon.last().cloned().unwrap_or_else(dynamic),
            ExprKind::Parenthesized(inner) => self.eval(inner),
            ExprKind::Traversal { .. } => self.traversal_chain(e),
            ExprKind::Splat { source, each } => self.splat(source, each),
            ExprKind::FunctionCall { name, name_span, args, expand_final, close_span } => {
                self.call(name, *name_span, args, *expand_final, *close_span, e.span)
            }
            ExprKind::Conditional { condition, true_result, false_result } => self.conditional(condition, true_result, false_result),
            ExprKind::BinaryOp { .. } => self.binary_chain(e),
            ExprKind::UnaryOp { op, operand } => self.unary(*op, operand, e.span),
            ExprKind::TupleCons(items) => {
                let vals: Vec<Value> = items.iter().map(|i| self.eval(i)).collect();
                Value::Tuple(vals.into())
            }
            ExprKind::ObjectCons(items) => self.object(items),
            ExprKind::For(f) => self.for_expr(f, e.span),
            ExprKind::Template(parts) => self.template(parts, e.span),
            ExprKind::TemplateWrap(inner) => self.eval(inner),
            ExprKind::Invalid(diags) => {
                self.diags.extend(diags.iter().cloned());
                dynamic()
            }
        }
    }

    pub(super) fn lookup(&self, name: &str) -> Option<&Value> {
        self.locals.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v).or_else(|| self.vars.get(name))
    }

    /// Whether evaluation is inside a `for` (a child context to HCL, whose
    /// own function table is empty, so an unknown function gets no "Did you
    /// mean").
    pub(super) fn in_child_context(&self) -> bool {
        !self.scopes.is_empty()
    }

    fn variable(&mut self, name: &str, span: Span) -> Value {
        if let Some(v) = self.lookup(name) {
            return v.clone();
        }
        if self.no_context {
            self.error("Variables not allowed", "Variables may not be used here.", span);
            return dynamic();
        }
        // HCL looks for a close name scope by scope, innermost first.
        let mut ends = self.scopes.iter().rev().copied();
        let mut end = self.locals.len();
        let mut hint = String::new();
        while hint.is_empty() {
            let Some(start) = ends.next() else { break };
            hint = did_you_mean(name, self.locals[start..end].iter().map(|(n, _)| n.as_str()), self.profile);
            end = start;
        }
        if hint.is_empty() {
            hint = did_you_mean(name, self.vars.keys().map(String::as_str), self.profile);
        }
        let detail = format!("There is no variable named {}.{hint}", quote(name, self.profile));
        self.coded(crate::diagnostics::Code::UnknownVariable, "Unknown variable", detail, span);
        dynamic()
    }
}

fn did_you_mean<'s>(given: &str, candidates: impl IntoIterator<Item = &'s str>, profile: Profile) -> String {
    match suggest(given, candidates) {
        Some(s) => format!(" Did you mean {}?", quote(s, profile)),
        None => String::new(),
    }
}
