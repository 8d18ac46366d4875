//! Function calls: argument counting, conversion and expansion, the
//! functions HCL evaluates itself (`try`, `can`) and the console's
//! `convert(value, type)`.

use super::start_range::{call_start, start_range};
use super::{did_you_mean, dynamic, Evaluator};
use crate::diagnostics::{Code, Diagnostics, Span};
use crate::functions::{self, CallError};
use crate::profile::Profile;
use crate::syntax::ast::*;
use crate::value::convert::{convert, unify};
use crate::value::go_quote as quote;
use crate::value::{Marks, Type, Value};
use std::collections::BTreeMap;

impl<'a> Evaluator<'a> {
    pub(super) fn call(
        &mut self,
        name: &str,
        name_span: Span,
        args: &[Expression],
        expand_final: bool,
        close_span: Span,
        span: Span,
    ) -> Value {
        if self.no_context {
            self.error("Function calls not allowed", "Functions may not be called here.", span);
            return dynamic();
        }
        let bare = if self.profile.is_legacy() { name } else { name.strip_prefix("core::").unwrap_or(name) };
        if !expand_final && bare == "convert" && functions::lookup(name, self.profile).is_some() {
            return self.convert_call(args, close_span);
        }
        if bare == "type" && self.in_configuration {
            self.coded(Code::UnknownFunction, "Call to unknown function", "There is no function named \"type\".", name_span);
            return dynamic();
        }
        if bare == "type" {
            self.coded(Code::TypeFunctionMisuse, "Invalid use of type function", TYPE_IN_EXPRESSION, span);
            return dynamic();
        }
        if let Some(why) = functions::refused_in_template(name, self.profile, self.templates) {
            let at = call_start(self.source, name_span);
            self.error("Error in function call", format!("Call to function {} failed: {why}.", quote(name, self.profile)), at);
            return dynamic();
        }
        let extra = self.functions.unwrap_or_default().iter().find(|f| f.name == bare);
        let builtin = functions::lookup(name, self.profile).filter(|f| self.functions.is_none() || !f.name.starts_with("provider::"));
        let Some(func) = builtin.or(extra) else {
            self.unknown_function(name, name_span);
            return dynamic();
        };
        // HCL evaluates the expanded final argument before all others; if it
        // fails or is unknown, the call ends there.
        let (fixed, expanded) = match (expand_final, args.split_last()) {
            (true, Some((last, fixed))) => match self.expand(last) {
                Some(vs) => (fixed, vs.into_iter().map(|v| (v, last.span)).collect()),
                None => return dynamic(),
            },
            _ => (args, Vec::new()),
        };
        if bare == "try" || bare == "can" {
            return self.try_or_can(bare == "try", fixed, expanded, close_span, call_start(self.source, name_span));
        }
        if bare == "templatestring" && self.profile == Profile::Terraform && expanded.is_empty() && fixed.len() == 2 {
            return self.templatestring_terraform(func, name, fixed, (span, call_start(self.source, name_span)));
        }
        // HCL counts the arguments before it evaluates any, then evaluates
        // and converts them one at a time, each one's problems in turn.
        // Diagnostics about an argument point at its start range (HCL's
        // StartRange), those about the call at its name and parenthesis.
        let spans: Vec<Span> = fixed.iter().map(|a| start_range(self.source, a)).chain(expanded.iter().map(|e| e.1)).collect();
        let call_span = call_start(self.source, name_span);
        let count = spans.len();
        let params = func.params;
        if count < params.len() {
            let qual = if func.variadic.is_some() { " at least" } else { "" };
            self.error(
                "Not enough function arguments",
                format!(
                    "Function {} expects{qual} {} argument(s). Missing value for {}.",
                    quote(name, self.profile),
                    params.len(),
                    quote(func.param_in(count, self.profile).name, self.profile)
                ),
                close_span,
            );
            return dynamic();
        }
        if func.variadic.is_none() && count > params.len() {
            self.error(
                "Too many function arguments",
                format!("Function {} expects only {} argument(s).", quote(name, self.profile), params.len()),
                spans[params.len()],
            );
            return dynamic();
        }
        let mark = self.diags.len();
        let mut converted = Vec::with_capacity(count);
        // As cty does, arguments lose their marks on the way in (unless the
        // parameter handles marks) and the result takes them all.
        let mut marked = Marks::NONE;
        let mut expanded = expanded.into_iter().map(|e| e.0);
        for (i, &s) in spans.iter().enumerate() {
            let v = match fixed.get(i) {
                Some(a) => self.eval(a),
                None => expanded.next().expect("counted"),
            };
            let param = func.param_in(i, self.profile);
            match convert(&v, &functions::type_of(param.ty), self.profile) {
                Ok(c) if param.allow_marked => converted.push(c),
                Ok(c) => {
                    let (c, m) = c.unmark_deep();
                    marked |= m;
                    converted.push(c);
                }
                Err(m) => {
                    self.error(
                        "Invalid function argument",
                        format!("Invalid value for {} parameter: {m}.", quote(param.name, self.profile)),
                        s,
                    );
                    converted.push(dynamic());
                }
            }
        }
        if self.has_errors_since(mark) {
            return dynamic();
        }
        // Terraform's `function.Unpredictable` while planning.
        if self.pure_only && matches!(bare, "timestamp" | "uuid" | "bcrypt") {
            return self.unknown_result(Type::String).with_marks(marked);
        }
        match functions::call(func, &converted, self, span) {
            Ok(v) => v.with_marks(marked),
            Err(CallError { arg: Some(i), message }) if i < spans.len() => {
                let param = func.param_in(i, self.profile);
                self.error(
                    "Invalid function argument",
                    format!("Invalid value for {} parameter: {message}.", quote(param.name, self.profile)),
                    spans[i],
                );
                dynamic()
            }
            Err(e) => {
                if !e.message.is_empty() {
                    let stop = if e.is_panic() { "" } else { "." };
                    self.error(
                        "Error in function call",
                        format!("Call to function {} failed: {}{stop}", quote(name, self.profile), e.message),
                        call_span,
                    );
                }
                dynamic()
            }
        }
    }

    /// Why there is no function `name` in this engine, in HCL's words.
    fn unknown_function(&mut self, name: &str, name_span: Span) {
        if let Some(why) = functions::unavailable(name.strip_prefix("core::").unwrap_or(name)) {
            let detail = format!("The function {} is not available here. {why}", quote(name, self.profile));
            return self.error("Function not available in the playground", detail, name_span);
        }
        // The built-in provider's functions: Terraform and OpenTofu look a
        // provider's function up themselves, with words of their own (a
        // module's context words them itself: it knows its providers).
        let here = !self.profile.is_legacy() && self.functions.is_none();
        if let Some(short) = name.strip_prefix("provider::terraform::").filter(|_| here) {
            let (summary, detail) = match self.profile {
                Profile::OpenTofu => {
                    ("Function not found in provider", format!("Function {} was not registered by provider", quote(name, self.profile)))
                }
                _ => (
                    "Unknown provider function",
                    format!("The function {} is not available from the provider \"terraform\".", quote(short, self.profile)),
                ),
            };
            return self.error(summary, detail, name_span);
        }
        // HCL 2.20 and later: a namespaced name is looked for in its
        // namespace, suggesting only names from there.
        if let Some(at) = name.rfind("::").filter(|_| !self.profile.is_legacy()) {
            let (namespace, short) = (&name[..at + 2], &name[at + 2..]);
            let avail: Vec<String> = functions::names(self.profile).filter(|n| n.starts_with(namespace)).collect();
            let detail = if avail.is_empty() {
                format!("There are no functions in namespace {}.", quote(namespace, self.profile))
            } else {
                let hint = match crate::diagnostics::suggest(short, avail.iter().map(String::as_str)) {
                    Some(s) if !self.in_child_context() => format!(" Did you mean {namespace}{s}?"),
                    _ => String::new(),
                };
                format!("There is no function named {} in namespace {namespace}.{hint}", quote(short, self.profile))
            };
            return self.coded(Code::UnknownFunction, "Call to unknown function", detail, name_span);
        }
        // Waypoint's functions are in a parent of the context it evaluates
        // in, where hcl (before 2.11) looks for no suggestion.
        let none = self.in_child_context() || self.profile.is_waypoint();
        let names: Vec<String> = if none { Vec::new() } else { functions::names(self.profile).collect() };
        let hint = did_you_mean(name, names.iter().map(String::as_str), self.profile);
        self.coded(
            Code::UnknownFunction,
            "Call to unknown function",
            format!("There is no function named {}.{hint}", quote(name, self.profile)),
            name_span,
        );
    }

    /// The elements of a call's expanded final argument (`f(xs...)`), or
    /// `None` when the call must end with an unknown result (after an
    /// error, or when the argument is unknown).
    fn expand(&mut self, last: &Expression) -> Option<Vec<Value>> {
        let mark = self.diags.len();
        let v = self.eval(last);
        if self.has_errors_since(mark) {
            return None;
        }
        let (v, collection_marked) = v.unmark();
        let sequence = matches!(v.ty(), Type::Dynamic | Type::List(_) | Type::Set(_) | Type::Tuple(_));
        match &v {
            Value::Null(_) if sequence => {
                self.error("Invalid expanding argument value", "The expanding argument (indicated by ...) must not be null.", last.span);
                None
            }
            Value::Unknown(..) if sequence => None,
            Value::List(_, es) | Value::Set(_, es) | Value::Tuple(es) => {
                Some(es.iter().map(|e| e.clone().with_marks(collection_marked)).collect())
            }
            _ => {
                self.error(
                    "Invalid expanding argument value",
                    "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
                    last.span,
                );
                None
            }
        }
    }

    /// `try` and `can` receive their arguments unevaluated (HCL's
    /// `tryfunc`): each is evaluated in turn, its errors kept apart; if an
    /// argument may read an unknown value, the answer must wait.
    fn try_or_can(&mut self, is_try: bool, args: &[Expression], expanded: Vec<(Value, Span)>, close_span: Span, span: Span) -> Value {
        let name = if is_try { "try" } else { "can" };
        let count = args.len() + expanded.len();
        if !is_try && count != 1 {
            let (summary, detail, at) = if count == 0 {
                (
                    "Not enough function arguments",
                    "Function \"can\" expects 1 argument(s). Missing value for \"expression\".".to_string(),
                    close_span,
                )
            } else {
                let second = args.get(1).map_or_else(|| expanded[1 - args.len()].1, |a| start_range(self.source, a));
                ("Too many function arguments", "Function \"can\" expects only 1 argument(s).".to_string(), second)
            };
            self.error(summary, detail, at);
            return dynamic();
        }
        if count == 0 {
            self.error(
                "Error in function call",
                format!("Call to function {} failed: at least one argument is required.", quote(name, self.profile)),
                span,
            );
            return dynamic();
        }
        let mut failures: Diagnostics = Vec::new();
        let legacy = self.profile.is_legacy();
        for arg in args {
            // hcl 2.14 waits when an argument refers to anything unknown;
            // hcl 2.18 and later evaluate it, and wait only when it has no
            // errors and its value is not wholly known.
            if legacy && self.depends_on_unknowns(arg) {
                return if is_try { dynamic() } else { Value::unknown(Type::Bool) };
            }
            let mark = self.diags.len();
            let v = self.eval(arg);
            if self.aborted {
                return dynamic();
            }
            if self.has_errors_since(mark) {
                failures.extend(self.diags.drain(mark..));
                continue;
            }
            if !legacy && !v.is_wholly_known() {
                // HCL drops the marks; the playground's own one stays.
                let plan_read = match v.has_mark_deep(Marks::PLAN_READ) {
                    true => Marks::PLAN_READ,
                    false => Marks::NONE,
                };
                let unknown = if is_try { dynamic() } else { Value::unknown(Type::Bool) };
                return unknown.with_marks(plan_read);
            }
            return if is_try { v } else { Value::Bool(true) };
        }
        // Expanded arguments are values already: they refer to no
        // variables, and evaluate without error.
        if let Some((v, _)) = expanded.into_iter().next() {
            if !legacy && !v.is_wholly_known() {
                return if is_try { dynamic() } else { Value::unknown(Type::Bool) };
            }
            return if is_try { v } else { Value::Bool(true) };
        }
        if !is_try {
            return Value::Bool(false);
        }
        let mut msg = String::from("no expression succeeded:\n");
        for d in &failures {
            let at = crate::diagnostics::range_text(self.source, self.filename, d.subject, self.profile.unicode());
            msg.push_str(&format!("- {} (at {at})\n  {}\n", d.summary, d.detail));
        }
        msg.push_str("\nAt least one expression must produce a successful result");
        self.error("Error in function call", format!("Call to function \"try\" failed: {msg}."), span);
        dynamic()
    }

    /// Terraform's `templatestring`, whose template parameter receives the
    /// argument's expression (an HCL expression closure): it must be a
    /// reference to a string from elsewhere, not a template written inline.
    /// The string found there is then rendered by the registry's function.
    fn templatestring_terraform(
        &mut self,
        func: &functions::FunctionDef,
        name: &str,
        args: &[Expression],
        (span, call_span): (Span, Span),
    ) -> Value {
        let starts = [start_range(self.source, &args[0]), start_range(self.source, &args[1])];
        let invalid = |detail: &str| format!("Invalid value for \"template\" parameter: invalid template expression: {detail}.");
        let mark = self.diags.len();
        let vars = self.eval(&args[1]);
        if self.has_errors_since(mark) {
            return dynamic();
        }
        // The call's checks of the vars argument come before the template
        // expression is looked at.
        let (vars, marks) = vars.unmark_deep();
        if vars.is_null() {
            self.error("Invalid function argument", "Invalid value for \"vars\" parameter: argument must not be null.", starts[1]);
            return dynamic();
        }
        if vars.ty() == Type::Dynamic {
            return dynamic().with_marks(marks);
        }
        if !vars.is_known() {
            return Value::unknown(Type::String).refine_not_null().with_marks(marks);
        }
        let template = &args[0];
        let problem = match &template.kind {
            ExprKind::TemplateWrap(_) => Some(
                "templatestring is only for rendering templates retrieved dynamically from elsewhere; to treat the inner expression as template syntax, write the reference expression directly without any template interpolation syntax",
            ),
            ExprKind::Template(parts) if parts.iter().all(|p| matches!(p, TemplatePart::Literal(_))) => Some(
                "templatestring is only for rendering templates retrieved dynamically from elsewhere, and so does not support providing a literal template; consider using a template string expression instead",
            ),
            ExprKind::Template(_) => Some(
                "templatestring is only for rendering templates retrieved dynamically from elsewhere; to render an inline template, consider using a plain template string expression",
            ),
            _ if !template_reference(template) => {
                Some("must be a direct reference to a single string from elsewhere, containing valid Terraform template syntax")
            }
            _ => None,
        };
        if let Some(detail) = problem {
            self.error("Invalid function argument", invalid(detail), starts[0]);
            return dynamic();
        }
        let mark = self.diags.len();
        let text = self.eval(template);
        if self.aborted {
            return dynamic();
        }
        if self.has_errors_since(mark) {
            let errors: Diagnostics = self.diags.drain(mark..).collect();
            let detail = functions::diagnostics_error(self.source, self.filename, &errors, self.profile);
            self.error("Invalid function argument", invalid(&detail), starts[0]);
            return dynamic();
        }
        if !text.is_known() {
            return Value::unknown(Type::String).refine_not_null().with_marks(marks);
        }
        if text.ty() != Type::String || text.is_null() {
            let detail = "Invalid value for \"template\" parameter: invalid template value: a string is required.";
            self.error("Invalid function argument", detail, starts[0]);
            return dynamic();
        }
        match functions::call(func, &[text, vars], self, span) {
            Ok(v) => v.with_marks(marks),
            Err(CallError { arg: Some(i), message }) => {
                let param = func.param_in(i, self.profile);
                self.error(
                    "Invalid function argument",
                    format!("Invalid value for {} parameter: {message}.", quote(param.name, self.profile)),
                    starts[i],
                );
                dynamic()
            }
            Err(e) => {
                if !e.message.is_empty() {
                    let stop = if e.is_panic() { "" } else { "." };
                    self.error(
                        "Error in function call",
                        format!("Call to function {} failed: {}{stop}", quote(name, self.profile), e.message),
                        call_span,
                    );
                }
                dynamic()
            }
        }
    }

    /// `convert(value, type)`: the second argument is a type constraint,
    /// with `optional(…)` attributes and defaults as for input variables.
    fn convert_call(&mut self, args: &[Expression], close_span: Span) -> Value {
        if args.len() != 2 {
            let (summary, detail, at) = if args.len() < 2 {
                let missing = if args.is_empty() { "value" } else { "type" };
                (
                    "Not enough function arguments",
                    format!("Function \"convert\" expects 2 argument(s). Missing value for \"{missing}\"."),
                    close_span,
                )
            } else {
                (
                    "Too many function arguments",
                    "Function \"convert\" expects only 2 argument(s).".to_string(),
                    start_range(self.source, &args[2]),
                )
            };
            self.error(summary, detail, at);
            return dynamic();
        }
        // HCL evaluates the value before it decodes the type, and reports
        // the problems of both.
        let mark = self.diags.len();
        let v = self.eval(&args[0]);
        let constraint = match crate::syntax::typeexpr::constraint_of(&args[1], self.profile) {
            Ok(c) => c,
            Err(m) => {
                self.error("Invalid type specification", m, args[1].span);
                return dynamic();
            }
        };
        if self.has_errors_since(mark) {
            return dynamic();
        }
        // Terraform's convert is a go-cty function whose value parameter
        // takes neither marks nor unknowns: the marks go on the result, and
        // an unknown value gives an unknown of the type, unconverted.
        let (v, marks) = match self.profile.is_legacy() {
            true => (v, Marks::NONE),
            false => v.unmark_deep(),
        };
        if !v.is_known() && !self.profile.is_legacy() {
            return Value::unknown(constraint.ty()).with_marks(marks);
        }
        match self.convert_to_constraint(v, &constraint).map(|v| v.with_marks(marks)) {
            Ok(v) => v,
            Err(m) => {
                self.error(
                    "Invalid function argument",
                    format!("Invalid value for \"value\" parameter: {m}."),
                    start_range(self.source, &args[0]),
                );
                dynamic()
            }
        }
    }

    pub(super) fn convert_to_constraint(&mut self, v: Value, c: &crate::syntax::typeexpr::Constraint) -> Result<Value, String> {
        use crate::syntax::typeexpr::Constraint as C;
        let (v, marked) = v.unmark();
        let want = c.ty();
        let out = match c {
            C::Simple(t) => convert(&v, t, self.profile)?,
            _ if v.is_null() => Value::Null(want),
            _ if !v.is_known() => Value::unknown(want),
            C::List(ec) | C::Set(ec) | C::Map(ec) => {
                let entries: Vec<(String, Value)> = match (c, &v) {
                    (C::Map(_), _) => v.as_mapping().map(|m| m.iter().map(|(k, x)| (k.clone(), x.clone())).collect()),
                    (_, Value::Map(..) | Value::Object(_)) => None,
                    _ => v.as_sequence().map(|s| s.iter().map(|x| (String::new(), x.clone())).collect()),
                }
                .ok_or_else(|| crate::value::convert::mismatch_message(&v.ty(), &want, self.profile))?;
                let mut conv = Vec::with_capacity(entries.len());
                for (k, x) in entries {
                    conv.push((k, self.convert_to_constraint(x, ec)?));
                }
                let ety = ec.ty();
                let ety = if ety.has_dynamic() && !conv.is_empty() {
                    unify(&conv.iter().map(|(_, x)| x.ty()).collect::<Vec<_>>()).ok_or("all elements must have the same type")?
                } else {
                    ety
                };
                let mut elems = Vec::with_capacity(conv.len());
                for (k, x) in conv {
                    elems.push((k, convert(&x, &ety, self.profile)?));
                }
                match c {
                    C::List(_) => Value::List(ety, elems.into_iter().map(|(_, x)| x).collect()),
                    C::Set(_) => Value::set(ety, elems.into_iter().map(|(_, x)| x).collect(), self.profile),
                    _ => Value::Map(ety, elems.into_iter().collect()),
                }
            }
            C::Tuple(cs) => {
                let elems = v.as_sequence().ok_or_else(|| crate::value::convert::mismatch_message(&v.ty(), &want, self.profile))?.to_vec();
                if elems.len() != cs.len() {
                    return Err(format!("tuple required with exactly {} elements", cs.len()));
                }
                let mut out = Vec::with_capacity(cs.len());
                for (x, ec) in elems.into_iter().zip(cs) {
                    out.push(self.convert_to_constraint(x, ec)?);
                }
                Value::Tuple(out.into())
            }
            C::Object(attrs) => {
                let entries = v.as_mapping().ok_or_else(|| crate::value::convert::mismatch_message(&v.ty(), &want, self.profile))?.clone();
                let mut out = BTreeMap::new();
                for (name, a) in attrs {
                    let given = entries.get(name).cloned();
                    let value = match (given, &a.default) {
                        (Some(x), _) if !x.is_null() => self.convert_to_constraint(x, &a.ty)?,
                        (_, Some(d)) => {
                            let dv = self.eval(d);
                            self.convert_to_constraint(dv, &a.ty)?
                        }
                        (Some(_), None) => Value::Null(a.ty.ty()),
                        (None, None) if a.optional => Value::Null(a.ty.ty()),
                        (None, None) => return Err(format!("attribute {} is required", quote(name, self.profile))),
                    };
                    out.insert(name.clone(), value);
                }
                Value::Object(out.into())
            }
        };
        Ok(out.with_marks(marked))
    }

    /// HCL's `dependsOnUnknowns`: does any variable reference in `e`, with
    /// its static traversal steps, reach an unknown value?
    fn depends_on_unknowns(&mut self, e: &Expression) -> bool {
        for (name, steps) in crate::syntax::variable_references(e) {
            let Some(mut v) = self.lookup(name).cloned() else {
                continue;
            };
            let mark = self.diags.len();
            for step in steps {
                v = self.traverse(v, step);
            }
            let failed = self.has_errors_since(mark);
            self.diags.truncate(mark);
            if !failed && !v.is_wholly_known() {
                return true;
            }
        }
        false
    }
}

/// Terraform's `isValidTemplateStringExpr`: a reference, possibly
/// traversed, indexed or splatted, but not parenthesised or computed.
fn template_reference(e: &Expression) -> bool {
    match &e.kind {
        ExprKind::Variable(_) => true,
        ExprKind::Traversal { source, .. } | ExprKind::Splat { source, .. } => template_reference(source),
        _ => false,
    }
}

/// Terraform's and OpenTofu's words for the console's `type` used inside
/// an expression.
const TYPE_IN_EXPRESSION: &str = "The console-only \"type\" function cannot be used as part of an expression.";

impl functions::Host for Evaluator<'_> {
    fn charge(&mut self, n: u64, span: Span) -> bool {
        Evaluator::charge(self, n, span)
    }

    fn check_size(&mut self, n: usize, span: Span) -> bool {
        Evaluator::check_size(self, n, span)
    }

    fn check_string(&mut self, bytes: usize, span: Span) -> bool {
        Evaluator::check_string(self, bytes, span)
    }

    fn flag_full_build(&mut self) {
        self.needs_full_build = true;
    }

    fn profile(&self) -> crate::profile::Profile {
        self.profile
    }

    fn module_files(&self) -> Option<&functions::ModuleFiles> {
        self.module_files
    }

    fn plan_time(&self) -> Option<&str> {
        self.plan_time
    }

    fn variables(&self) -> &crate::value::SortedMap<Value> {
        self.vars
    }

    fn templates(&self) -> functions::Templates {
        self.templates
    }

    fn evaluate_isolated(
        &mut self,
        expr: &Expression,
        (source, filename): (&str, &str),
        vars: &crate::value::SortedMap<Value>,
        max_steps: u64,
        inside: functions::Templates,
    ) -> Result<Value, Diagnostics> {
        let limits = crate::limits::Limits { max_steps, ..self.limits.clone() };
        let mut ev = Evaluator::new(vars, &limits).with_profile(self.profile).with_source(source, filename).pure_only(self.pure_only);
        ev.functions = self.functions;
        ev.module_files = self.module_files;
        ev.templates = self.templates | inside;
        // Nested templates share one nesting budget: a template file that
        // renders itself stops at the limit rather than at the stack's end.
        ev.depth = self.depth;
        let v = ev.eval(expr);
        self.needs_full_build |= ev.needs_full_build;
        match ev.diags.is_empty() {
            true => Ok(v),
            false => Err(ev.diags),
        }
    }
}
