//! The evaluator: HCL's `Expression.Value(ctx)` for every node, collecting
//! diagnostics the way `hclsyntax` does (an erroring part yields an unknown
//! placeholder and evaluation goes on, so independent errors are all found).

use crate::ast::*;
use crate::diagnostics::{suggest, Diagnostic, Diagnostics, Span};
use crate::functions::{self, CallError};
use crate::value::convert::{convert, get_conversion, list_of, unify, unify_with, Conversion};
use crate::value::ops::equals;
use crate::value::{Kind, Number, Type, Value};
use crate::Limits;
use std::collections::BTreeMap;

/// Evaluation state for one expression.
pub struct Evaluator<'a> {
    vars: &'a crate::value::SortedMap<Value>,
    locals: Vec<(String, Value)>,
    anon: Vec<Value>,
    limits: &'a Limits,
    depth: usize,
    steps: u64,
    /// Evaluation stopped altogether: a resource limit was reached, or HCL
    /// itself would have panicked. `try` and `can` do not catch this.
    aborted: bool,
    /// Everything found so far.
    pub diags: Diagnostics,
    /// A function left out of this build was called (see
    /// [`functions::in_full_build`]): the result is not the real one, even
    /// where `try` or `can` hid the error.
    pub needs_full_build: bool,
}

fn dynamic() -> Value {
    Value::Unknown(Type::Dynamic)
}

impl<'a> Evaluator<'a> {
    /// A fresh evaluator over the given variables.
    pub fn new(vars: &'a crate::value::SortedMap<Value>, limits: &'a Limits) -> Evaluator<'a> {
        Evaluator {
            vars,
            locals: Vec::new(),
            anon: Vec::new(),
            limits,
            depth: 0,
            steps: 0,
            aborted: false,
            diags: Vec::new(),
            needs_full_build: false,
        }
    }

    fn error(&mut self, summary: impl Into<String>, detail: impl Into<String>, span: Span) {
        self.diags.push(Diagnostic::error(summary, detail, span));
    }

    /// Stops evaluation with one error (the first reason given wins).
    fn abort(&mut self, summary: impl Into<String>, detail: impl Into<String>, span: Span) {
        if !self.aborted {
            self.aborted = true;
            self.error(summary, detail, span);
        }
    }

    fn has_errors_since(&self, mark: usize) -> bool {
        self.diags.len() > mark
    }

    /// Charges `n` units of work; false once the budget is spent.
    pub fn charge(&mut self, n: u64, span: Span) -> bool {
        if self.aborted {
            return false;
        }
        self.steps = self.steps.saturating_add(n);
        if self.steps > self.limits.max_steps {
            self.abort(
                "Evaluation too expensive",
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
            self.abort(
                "Result too large",
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
        let v = self.eval_inner(e);
        self.depth -= 1;
        v
    }

    fn eval_inner(&mut self, e: &Expression) -> Value {
        match &e.kind {
            ExprKind::Literal(v) => v.clone(),
            ExprKind::Variable(name) => self.variable(name, e.span),
            ExprKind::AnonSymbol => self.anon.last().cloned().unwrap_or_else(dynamic),
            ExprKind::Parenthesized(inner) => self.eval(inner),
            ExprKind::Traversal { source, step } => {
                let src = self.eval(source);
                self.traverse(src, step)
            }
            ExprKind::Splat { source, each } => self.splat(source, each),
            ExprKind::FunctionCall { name, name_span, args, expand_final, close_span } => {
                self.call(name, *name_span, args, *expand_final, *close_span, e.span)
            }
            ExprKind::Conditional { condition, true_result, false_result } => self.conditional(condition, true_result, false_result),
            ExprKind::BinaryOp { op, lhs, rhs } => self.binary(*op, lhs, rhs, e.span),
            ExprKind::UnaryOp { op, operand } => self.unary(*op, operand, e.span),
            ExprKind::TupleCons(items) => {
                let vals: Vec<Value> = items.iter().map(|i| self.eval(i)).collect();
                Value::Tuple(vals.into())
            }
            ExprKind::ObjectCons(items) => self.object(items),
            ExprKind::For(f) => self.for_expr(f, e.span),
            ExprKind::Template(parts) => self.template(parts, e.span),
            ExprKind::TemplateWrap(inner) => self.eval(inner),
        }
    }

    fn lookup(&self, name: &str) -> Option<&Value> {
        self.locals.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v).or_else(|| self.vars.get(name))
    }

    fn variable(&mut self, name: &str, span: Span) -> Value {
        if let Some(v) = self.lookup(name) {
            return v.clone();
        }
        let names: Vec<&str> = self.locals.iter().map(|(n, _)| n.as_str()).chain(self.vars.keys().map(String::as_str)).collect();
        let hint = did_you_mean(name, names);
        self.error("Unknown variable", format!("There is no variable named {}.{hint}", quote(name)), span);
        dynamic()
    }

    // ------------------------------------------------------------ traversal

    fn traverse(&mut self, src: Value, step: &Step) -> Value {
        match step {
            Step::GetAttr { name, span } => self.get_attr(src, name, *span),
            Step::LegacyIndex { index, span } => self.index(src, index.clone(), *span),
            Step::Index { key, span } => {
                let k = self.eval(key);
                self.index(src, k, *span)
            }
        }
    }

    /// `hcl.GetAttr`.
    pub fn get_attr(&mut self, obj: Value, name: &str, span: Span) -> Value {
        let (obj, marked) = obj.unmark();
        self.get_attr_unmarked(obj, name, span).mark_if(marked)
    }

    fn get_attr_unmarked(&mut self, obj: Value, name: &str, span: Span) -> Value {
        // cty looks attributes up by their NFC form, as it stores them.
        let key = crate::value::nfc(name.to_string());
        if let Value::Object(m) | Value::Map(_, m) = &obj {
            if let Some(v) = m.get(&key) {
                return v.clone();
            }
        }
        if obj.is_null() {
            self.error("Attempt to get attribute from null value", "This value is null, so it does not have any attributes.", span);
            return dynamic();
        }
        let ty = obj.ty();
        match &ty {
            Type::Object(attrs) => {
                let Some(aty) = attrs.get(&key) else {
                    let hint = did_you_mean(name, attrs.keys().map(String::as_str));
                    self.error(
                        "Unsupported attribute",
                        format!("This object does not have an attribute named {}.{hint}", quote(name)),
                        span,
                    );
                    return dynamic();
                };
                match obj {
                    Value::Object(m) => m.get(&key).cloned().unwrap_or_else(dynamic),
                    _ => Value::Unknown(aty.clone()),
                }
            }
            Type::Map(ety) => match obj {
                Value::Map(_, m) => match m.get(&key).cloned() {
                    Some(v) => v,
                    None => {
                        self.error("Missing map element", format!("This map does not have an element with the key {}.", quote(name)), span);
                        dynamic()
                    }
                },
                _ => Value::Unknown((**ety).clone()),
            },
            Type::Dynamic => dynamic(),
            Type::List(e) | Type::Set(e) if matches!(**e, Type::Object(_)) => {
                let kind = if matches!(ty, Type::List(_)) { "list" } else { "set" };
                let has = matches!(&**e, Type::Object(a) if a.contains_key(name));
                let detail = match (kind, has) {
                    ("list", true) => format!("Can't access attributes on a list of objects. Did you mean to access attribute {} for a specific element of the list, or across all elements of the list?", quote(name)),
                    ("list", false) => "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".to_string(),
                    (_, true) => format!("Can't access attributes on a set of objects. Did you mean to access attribute {} across all elements of the set?", quote(name)),
                    _ => "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?".to_string(),
                };
                self.error("Unsupported attribute", detail, span);
                dynamic()
            }
            t if t.is_primitive() => {
                self.error(
                    "Unsupported attribute",
                    format!("Can't access attributes on a primitive-typed value ({}).", t.friendly_name()),
                    span,
                );
                dynamic()
            }
            _ => {
                self.error("Unsupported attribute", "This value does not have any attributes.", span);
                dynamic()
            }
        }
    }

    /// `hcl.Index`.
    pub fn index(&mut self, coll: Value, key: Value, span: Span) -> Value {
        let (coll, coll_marked) = coll.unmark();
        let (key, key_marked) = key.unmark();
        self.index_unmarked(coll, key, span).mark_if(coll_marked || key_marked)
    }

    fn index_unmarked(&mut self, coll: Value, key: Value, span: Span) -> Value {
        if coll.is_null() {
            self.error("Attempt to index null value", "This value is null, so it does not have any indices.", span);
            return dynamic();
        }
        if key.is_null() {
            self.error("Invalid index", "Can't use a null value as an indexing key.", span);
            return dynamic();
        }
        match (&coll, &key) {
            (Value::List(_, vs) | Value::Tuple(vs), Value::Number(n)) => {
                if let Some(v) = n.to_i64().and_then(|i| usize::try_from(i).ok()).and_then(|i| vs.get(i)) {
                    return v.clone();
                }
            }
            (Value::Map(_, m) | Value::Object(m), Value::String(k)) => {
                if let Some(v) = m.get(k) {
                    return v.clone();
                }
            }
            _ => {}
        }
        let ty = coll.ty();
        if key.ty() == Type::Dynamic || ty == Type::Dynamic {
            return dynamic();
        }
        let bad_key = |ev: &mut Self, msg: String| {
            ev.error("Invalid index", format!("The given key does not identify an element in this collection value: {msg}."), span);
            dynamic()
        };
        let missing = |ev: &mut Self| {
            ev.error("Invalid index", "The given key does not identify an element in this collection value.", span);
            dynamic()
        };
        match &ty {
            Type::List(_) | Type::Tuple(_) => {
                let key = match convert(&key, &Type::Number) {
                    Ok(k) => k,
                    Err(m) => return bad_key(self, m),
                };
                let Value::Number(n) = &key else {
                    return match &ty {
                        Type::List(e) => Value::Unknown((**e).clone()),
                        _ => dynamic(),
                    };
                };
                // A tuple's length is in its type, so an unknown tuple still
                // has known indexes.
                let unknown_elems: Vec<Value>;
                let elems = match (&coll, &ty) {
                    (Value::Unknown(_), Type::Tuple(ts)) => {
                        unknown_elems = ts.iter().map(|t| Value::Unknown(t.clone())).collect();
                        &unknown_elems[..]
                    }
                    (Value::Unknown(_), Type::List(e)) => return Value::Unknown((**e).clone()),
                    _ => coll.as_sequence().unwrap_or(&[]),
                };
                match n.to_i64() {
                    Some(i) if i >= 0 && (i as usize) < elems.len() => elems[i as usize].clone(),
                    _ if !n.is_integer() && !n.is_infinite() => {
                        bad_key(self, "indexing a sequence requires a whole number, but the given index has a fractional part".into())
                    }
                    _ if n.is_sign_negative() && !n.is_zero() => {
                        bad_key(self, "a negative number is not a valid index for a sequence".into())
                    }
                    // Go reports the length only when the index equals it.
                    Some(i) if i as usize == elems.len() && elems.is_empty() => bad_key(self, "the collection has no elements".into()),
                    Some(i) if i as usize == elems.len() => {
                        bad_key(self, "the given index is greater than or equal to the length of the collection".into())
                    }
                    _ => missing(self),
                }
            }
            Type::Map(ety) => {
                let key = match convert(&key, &Type::String) {
                    Ok(k) => k,
                    Err(m) => return bad_key(self, m),
                };
                match (&coll, &key) {
                    (Value::Map(_, m), Value::String(k)) => match m.get(k) {
                        Some(v) => v.clone(),
                        None => missing(self),
                    },
                    _ => Value::Unknown((**ety).clone()),
                }
            }
            Type::Object(attrs) => {
                let was_number = key.ty() == Type::Number;
                let key = match convert(&key, &Type::String) {
                    Ok(k) => k,
                    Err(m) => return bad_key(self, m),
                };
                let (Value::String(k), true) = (&key, coll.is_known()) else {
                    return dynamic();
                };
                if !attrs.contains_key(k) {
                    let mut detail = "The given key does not identify an element in this collection value.".to_string();
                    if was_number {
                        detail.push_str(" An object only supports looking up attributes by name, not by numeric index.");
                    }
                    self.error("Invalid index", detail, span);
                    return dynamic();
                }
                match coll {
                    Value::Object(m) => m.get(k).cloned().unwrap_or_else(dynamic),
                    _ => dynamic(),
                }
            }
            Type::Set(_) => {
                self.error("Invalid index", "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.", span);
                dynamic()
            }
            _ => {
                self.error("Invalid index", "This value does not have any indices.", span);
                dynamic()
            }
        }
    }

    fn splat(&mut self, source: &Expression, each: &Expression) -> Value {
        let mut marked = false;
        self.splat_inner(source, each, &mut marked).mark_if(marked)
    }

    fn splat_inner(&mut self, source: &Expression, each: &Expression, marked: &mut bool) -> Value {
        let mark = self.diags.len();
        let (src, src_marked) = self.eval(source).unmark();
        *marked = src_marked;
        if self.has_errors_since(mark) {
            self.anon.push(dynamic());
            self.eval(each);
            self.anon.pop();
            return dynamic();
        }
        let kind = src.kind();
        let auto_upgrade = !matches!(kind, Kind::Tuple | Kind::List | Kind::Set);
        if src.is_null() {
            if auto_upgrade {
                return Value::Tuple(Vec::new().into());
            }
            self.error("Splat of null value", "Splat expressions (with the * symbol) cannot be applied to null sequences.", source.span);
            return dynamic();
        }
        if kind == Kind::Dynamic {
            return dynamic();
        }
        let upgraded_unknown = auto_upgrade && !src.is_known();
        let (src, kind) = if auto_upgrade { (Value::Tuple(vec![src].into()), Kind::Tuple) } else { (src, kind) };
        if !src.is_known() {
            return Value::Unknown(self.splat_result_type(&src.ty(), each));
        }
        let elems = src.as_sequence().unwrap_or(&[]).to_vec();
        let mut vals = Vec::with_capacity(elems.len());
        let mut known = true;
        for item in elems {
            let mark = self.diags.len();
            self.anon.push(item);
            let v = self.eval(each);
            self.anon.pop();
            if self.has_errors_since(mark) {
                known = false;
            }
            vals.push(v);
        }
        if upgraded_unknown {
            return dynamic();
        }
        if !known {
            let keep = self.diags.len();
            let t = self.splat_result_type(&src.ty(), each);
            self.diags.truncate(keep);
            return Value::Unknown(t);
        }
        match kind {
            Kind::List | Kind::Set => {
                if vals.is_empty() {
                    let t = self.splat_result_type(&src.ty(), each);
                    return Value::List(t.element_type().cloned().unwrap_or(Type::Dynamic), Vec::new().into());
                }
                match list_of(vals) {
                    Some(list) => list,
                    None => {
                        // cty's ListVal panics on elements of different
                        // types, ending HCL's evaluation outright.
                        self.abort(
                            "Inconsistent splat result types",
                            "The splat expression gives elements of different types, which HCL cannot collect into a list.",
                            each.span,
                        );
                        dynamic()
                    }
                }
            }
            _ => Value::Tuple(vals.into()),
        }
    }

    fn splat_result_type(&mut self, ty: &Type, each: &Expression) -> Type {
        match ty {
            Type::List(e) | Type::Set(e) => {
                self.anon.push(Value::Unknown((**e).clone()));
                let v = self.eval(each);
                self.anon.pop();
                Type::list(v.ty())
            }
            Type::Tuple(es) => {
                let mut out = Vec::with_capacity(es.len());
                for e in es {
                    self.anon.push(Value::Unknown(e.clone()));
                    let v = self.eval(each);
                    self.anon.pop();
                    out.push(v.ty());
                }
                Type::Tuple(out)
            }
            _ => Type::Dynamic,
        }
    }

    // ------------------------------------------------------------ functions

    fn call(&mut self, name: &str, name_span: Span, args: &[Expression], expand_final: bool, close_span: Span, span: Span) -> Value {
        if !expand_final && name == "convert" {
            return self.convert_call(args, close_span);
        }
        if name == "type" {
            self.error(
                "Invalid use of type function",
                "The console-only \"type\" function is only allowed as the whole expression, as in type(var.x).",
                span,
            );
            return dynamic();
        }
        let Some(func) = functions::lookup(name) else {
            match functions::unavailable(name) {
                Some(why) => self.error(
                    "Function not available in the playground",
                    format!("The function {} is not available here. {why}", quote(name)),
                    name_span,
                ),
                None => {
                    let hint = did_you_mean(name, functions::names());
                    self.error("Call to unknown function", format!("There is no function named {}.{hint}", quote(name)), name_span);
                }
            }
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
        if name == "try" || name == "can" {
            return self.try_or_can(name == "try", fixed, expanded, close_span, span);
        }
        // HCL counts the arguments before it evaluates any, then evaluates
        // and converts them one at a time, each one's problems in turn.
        let spans: Vec<Span> = fixed.iter().map(|a| a.span).chain(expanded.iter().map(|e| e.1)).collect();
        let count = spans.len();
        let params = func.params;
        if count < params.len() {
            let qual = if func.variadic.is_some() { " at least" } else { "" };
            self.error(
                "Not enough function arguments",
                format!(
                    "Function {} expects{qual} {} argument(s). Missing value for {}.",
                    quote(name),
                    params.len(),
                    quote(params[count].name)
                ),
                close_span,
            );
            return dynamic();
        }
        if func.variadic.is_none() && count > params.len() {
            self.error(
                "Too many function arguments",
                format!("Function {} expects only {} argument(s).", quote(name), params.len()),
                spans[params.len()],
            );
            return dynamic();
        }
        let mark = self.diags.len();
        let mut converted = Vec::with_capacity(count);
        // As cty does, arguments lose their marks on the way in (unless the
        // parameter handles marks) and the result takes them all.
        let mut marked = false;
        let mut expanded = expanded.into_iter().map(|e| e.0);
        for (i, &s) in spans.iter().enumerate() {
            let v = match fixed.get(i) {
                Some(a) => self.eval(a),
                None => expanded.next().expect("counted"),
            };
            let param = func.param(i);
            match convert(&v, &param.ty.to_type()) {
                Ok(c) if param.allow_marked => converted.push(c),
                Ok(c) => {
                    let (c, m) = c.unmark_deep();
                    marked |= m;
                    converted.push(c);
                }
                Err(m) => {
                    self.error("Invalid function argument", format!("Invalid value for {} parameter: {m}.", quote(param.name)), s);
                    converted.push(dynamic());
                }
            }
        }
        if self.has_errors_since(mark) {
            return dynamic();
        }
        match functions::call(func, &converted, self, span) {
            Ok(v) => v.mark_if(marked),
            Err(CallError { arg: Some(i), message }) if i < spans.len() => {
                let param = func.param(i);
                self.error("Invalid function argument", format!("Invalid value for {} parameter: {message}.", quote(param.name)), spans[i]);
                dynamic()
            }
            Err(e) => {
                if !e.message.is_empty() {
                    let stop = if e.is_panic() { "" } else { "." };
                    self.error("Error in function call", format!("Call to function {} failed: {}{stop}", quote(name), e.message), span);
                }
                dynamic()
            }
        }
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
            Value::Unknown(_) if sequence => None,
            Value::List(_, es) | Value::Set(_, es) | Value::Tuple(es) => {
                Some(es.iter().map(|e| e.clone().mark_if(collection_marked)).collect())
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
                let second = args.get(1).map_or_else(|| expanded[1 - args.len()].1, |a| a.span);
                ("Too many function arguments", "Function \"can\" expects only 1 argument(s).".to_string(), second)
            };
            self.error(summary, detail, at);
            return dynamic();
        }
        if count == 0 {
            self.error(
                "Error in function call",
                format!("Call to function {} failed: at least one argument is required.", quote(name)),
                span,
            );
            return dynamic();
        }
        let mut failures: Diagnostics = Vec::new();
        for arg in args {
            if self.depends_on_unknowns(arg) {
                return if is_try { dynamic() } else { Value::Unknown(Type::Bool) };
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
            return if is_try { v } else { Value::Bool(true) };
        }
        // Expanded arguments are values already: they refer to no
        // variables, and evaluate without error.
        if let Some((v, _)) = expanded.into_iter().next() {
            return if is_try { v } else { Value::Bool(true) };
        }
        if !is_try {
            return Value::Bool(false);
        }
        let mut msg = String::from("no expression succeeded:\n");
        for d in &failures {
            msg.push_str(&format!("- {}\n  {}\n", d.summary, d.detail));
        }
        msg.push_str("\nAt least one expression must produce a successful result");
        self.error("Error in function call", format!("Call to function \"try\" failed: {msg}."), span);
        dynamic()
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
                ("Too many function arguments", "Function \"convert\" expects only 2 argument(s).".to_string(), args[2].span)
            };
            self.error(summary, detail, at);
            return dynamic();
        }
        let constraint = match crate::typeexpr::constraint_of(&args[1]) {
            Ok(c) => c,
            Err(m) => {
                self.error("Invalid type specification", m, args[1].span);
                return dynamic();
            }
        };
        let v = self.eval(&args[0]);
        match self.convert_to_constraint(v, &constraint) {
            Ok(v) => v,
            Err(m) => {
                self.error("Invalid function argument", format!("Invalid value for \"value\" parameter: {m}."), args[0].span);
                dynamic()
            }
        }
    }

    fn convert_to_constraint(&mut self, v: Value, c: &crate::typeexpr::Constraint) -> Result<Value, String> {
        use crate::typeexpr::Constraint as C;
        let (v, marked) = v.unmark();
        let want = c.ty();
        let out = match c {
            C::Simple(t) => convert(&v, t)?,
            _ if v.is_null() => Value::Null(want),
            _ if !v.is_known() => Value::Unknown(want),
            C::List(ec) | C::Set(ec) | C::Map(ec) => {
                let entries: Vec<(String, Value)> = match (c, &v) {
                    (C::Map(_), _) => v.as_mapping().map(|m| m.iter().map(|(k, x)| (k.clone(), x.clone())).collect()),
                    (_, Value::Map(..) | Value::Object(_)) => None,
                    _ => v.as_sequence().map(|s| s.iter().map(|x| (String::new(), x.clone())).collect()),
                }
                .ok_or_else(|| crate::value::convert::mismatch_message(&v.ty(), &want))?;
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
                    elems.push((k, convert(&x, &ety)?));
                }
                match c {
                    C::List(_) => Value::List(ety, elems.into_iter().map(|(_, x)| x).collect()),
                    C::Set(_) => Value::set(ety, elems.into_iter().map(|(_, x)| x).collect()),
                    _ => Value::Map(ety, elems.into_iter().collect()),
                }
            }
            C::Tuple(cs) => {
                let elems = v.as_sequence().ok_or_else(|| crate::value::convert::mismatch_message(&v.ty(), &want))?.to_vec();
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
                let entries = v.as_mapping().ok_or_else(|| crate::value::convert::mismatch_message(&v.ty(), &want))?.clone();
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
                        (None, None) => return Err(format!("attribute {} is required", quote(name))),
                    };
                    out.insert(name.clone(), value);
                }
                Value::Object(out.into())
            }
        };
        Ok(out.mark_if(marked))
    }

    /// HCL's `dependsOnUnknowns`: does any variable reference in `e`, with
    /// its static traversal steps, reach an unknown value?
    fn depends_on_unknowns(&mut self, e: &Expression) -> bool {
        for (name, steps) in variable_references(e) {
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

    // ---------------------------------------------------------- operations

    fn conditional(&mut self, condition: &Expression, t: &Expression, f: &Expression) -> Value {
        let mark = self.diags.len();
        let true_val = self.eval(t);
        let true_diags: Diagnostics = self.diags.drain(mark..).collect();
        let false_val = self.eval(f);
        let false_diags: Diagnostics = self.diags.drain(mark..).collect();
        if self.aborted {
            // Whichever arm stopped evaluation, its error stands.
            self.diags.extend(true_diags.into_iter().chain(false_diags));
            return dynamic();
        }
        let (tt, ft) = (true_val.ty(), false_val.ty());
        let dyn_null = |v: &Value| matches!(v, Value::Null(Type::Dynamic));
        // HCL converts the chosen result with the conversion unification
        // planned for it, which is not always a plain conversion to the
        // unified type.
        let unified = if dyn_null(&true_val) {
            Some((ft.clone(), vec![get_conversion(&Type::Dynamic, &ft, true), None]))
        } else if dyn_null(&false_val) {
            Some((tt.clone(), vec![None, get_conversion(&Type::Dynamic, &tt, true)]))
        } else if tt == Type::Dynamic || ft == Type::Dynamic {
            Some((Type::Dynamic, vec![None, None]))
        } else {
            unify_with(&[tt.clone(), ft.clone()], true)
        };
        let Some((result_type, convs)) = unified else {
            self.error(
                "Inconsistent conditional result types",
                format!("The true and false result expressions must have consistent types. {}.", describe_mismatch(&tt, &ft)),
                t.span.to(f.span),
            );
            return dynamic();
        };
        // The condition's marks are dropped, as in HCL 2.14.
        let cond = self.eval(condition).unmark_deep().0;
        if cond.is_null() {
            self.error("Null condition", "The condition value is null. Conditions must either be true or false.", condition.span);
            return Value::Unknown(result_type);
        }
        if !cond.is_known() {
            return Value::Unknown(result_type);
        }
        let cond = match convert(&cond, &Type::Bool) {
            Ok(c) => c,
            Err(_) => {
                self.error("Incorrect condition type", "The condition expression must be of type bool.", condition.span);
                return Value::Unknown(result_type);
            }
        };
        let [true_conv, false_conv]: [Option<Conversion>; 2] = convs.try_into().unwrap_or_default();
        let (chosen, diags, expr, which, conv) = if matches!(cond, Value::Bool(true)) {
            (true_val, true_diags, t, "true", true_conv)
        } else {
            (false_val, false_diags, f, "false", false_conv)
        };
        self.diags.extend(diags);
        let Some(conv) = conv else {
            return chosen;
        };
        match conv.apply(&chosen) {
            Ok(v) => v,
            Err(m) => {
                self.error(
                    "Inconsistent conditional result types",
                    format!("The {which} result value has the wrong type: {m}."),
                    expr.span,
                );
                Value::Unknown(result_type)
            }
        }
    }

    fn binary(&mut self, op: BinaryOperator, lhs: &Expression, rhs: &Expression, span: Span) -> Value {
        use BinaryOperator::*;
        let mark = self.diags.len();
        let l = self.eval(lhs);
        let r = self.eval(rhs);
        let (param, ret) = match op {
            Or | And => (Type::Bool, Type::Bool),
            Equal | NotEqual => (Type::Dynamic, Type::Bool),
            LessThan | LessThanOrEqual | GreaterThan | GreaterThanOrEqual => (Type::Number, Type::Bool),
            Add | Subtract | Multiply | Divide | Modulo => (Type::Number, Type::Number),
        };
        let l = match convert(&l, &param) {
            Ok(v) => v,
            Err(m) => {
                self.error("Invalid operand", format!("Unsuitable value for left operand: {m}."), lhs.span);
                dynamic()
            }
        };
        let r = match convert(&r, &param) {
            Ok(v) => v,
            Err(m) => {
                self.error("Invalid operand", format!("Unsuitable value for right operand: {m}."), rhs.span);
                dynamic()
            }
        };
        if self.has_errors_since(mark) {
            return Value::Unknown(ret);
        }
        if matches!(op, Equal | NotEqual) {
            return match (equals(&l, &r), op) {
                (Value::Bool(b), NotEqual) => Value::Bool(!b),
                (v, _) => v,
            };
        }
        let ((l, lm), (r, rm)) = (l.unmark(), r.unmark());
        self.arithmetic(op, l, r, ret, span).mark_if(lm || rm)
    }

    fn arithmetic(&mut self, op: BinaryOperator, l: Value, r: Value, ret: Type, span: Span) -> Value {
        use BinaryOperator::*;
        if l.is_null() || r.is_null() {
            self.error("Operation failed", "Error during operation: argument must not be null.", span);
            return Value::Unknown(ret);
        }
        if !l.is_wholly_known() || !r.is_wholly_known() {
            return Value::Unknown(ret);
        }
        let result = match (op, &l, &r) {
            (Or, Value::Bool(a), Value::Bool(b)) => Ok(Value::Bool(*a || *b)),
            (And, Value::Bool(a), Value::Bool(b)) => Ok(Value::Bool(*a && *b)),
            (_, Value::Number(a), Value::Number(b)) => match op {
                LessThan => Ok(Value::Bool(a.compare(b).is_lt())),
                LessThanOrEqual => Ok(Value::Bool(a.compare(b).is_le())),
                GreaterThan => Ok(Value::Bool(a.compare(b).is_gt())),
                GreaterThanOrEqual => Ok(Value::Bool(a.compare(b).is_ge())),
                Add => a.add(b).map(Value::Number),
                Subtract => a.sub(b).map(Value::Number),
                Multiply => a.mul(b).map(Value::Number),
                Divide => a.div(b).map(Value::Number),
                _ => a.rem(b).map(Value::Number),
            },
            _ => Err("unsupported operand types"),
        };
        match result {
            Ok(v) => v,
            Err(m) => {
                self.error("Operation failed", format!("Error during operation: {m}."), span);
                Value::Unknown(ret)
            }
        }
    }

    fn unary(&mut self, op: UnaryOperator, operand: &Expression, span: Span) -> Value {
        let (param, ret) = match op {
            UnaryOperator::Negate => (Type::Number, Type::Number),
            UnaryOperator::Not => (Type::Bool, Type::Bool),
        };
        let mark = self.diags.len();
        let v = self.eval(operand);
        let v = match convert(&v, &param) {
            Ok(v) => v,
            Err(m) => {
                self.error("Invalid operand", format!("Unsuitable value for unary operand: {m}."), operand.span);
                return Value::Unknown(ret);
            }
        };
        if self.has_errors_since(mark) {
            return Value::Unknown(ret);
        }
        let (v, marked) = v.unmark();
        let result = match v {
            Value::Null(_) => {
                self.error("Operation failed", "Error during operation: argument must not be null.", span);
                Value::Unknown(ret)
            }
            Value::Unknown(_) => Value::Unknown(ret),
            Value::Number(n) => Value::Number(n.neg()),
            Value::Bool(b) => Value::Bool(!b),
            _ => Value::Unknown(ret),
        };
        result.mark_if(marked)
    }

    // --------------------------------------------------------- constructors

    fn object(&mut self, items: &[ObjectItem]) -> Value {
        let mut vals = BTreeMap::new();
        let mut known = true;
        let mut marked = false;
        for item in items {
            let mark = self.diags.len();
            let (key, key_marked) = self.object_key(&item.key).unmark();
            marked |= key_marked;
            let key_failed = self.has_errors_since(mark);
            let val = self.eval(&item.value);
            if key_failed {
                known = false;
                continue;
            }
            if key.is_null() {
                self.error("Null value as key", "Can't use a null value as a key.", item.value.span);
                known = false;
                continue;
            }
            let key = match convert(&key, &Type::String) {
                Ok(k) => k,
                Err(m) => {
                    self.error("Incorrect key type", format!("Can't use this value as a key: {m}."), item.key.expr.span);
                    known = false;
                    continue;
                }
            };
            match key {
                Value::String(k) => {
                    vals.insert(k, val);
                }
                _ => known = false,
            }
        }
        if !known {
            return dynamic();
        }
        Value::Object(vals.into()).mark_if(marked)
    }

    fn object_key(&mut self, key: &ObjectKey) -> Value {
        if let Some(name) = &key.bare_name {
            return Value::string(name.clone());
        }
        if is_static_traversal(&key.expr) {
            self.error(
                "Ambiguous attribute key",
                "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
                key.expr.span,
            );
            return dynamic();
        }
        self.eval(&key.expr)
    }

    fn for_expr(&mut self, f: &ForExpr, span: Span) -> Value {
        let mut marked = false;
        self.for_expr_inner(f, span, &mut marked).mark_if(marked)
    }

    fn for_expr_inner(&mut self, f: &ForExpr, span: Span, marked: &mut bool) -> Value {
        let (coll, coll_marked) = self.eval(&f.collection).unmark();
        *marked = coll_marked;
        if !self.iterable_collection(&coll, f.collection.span) {
            return dynamic();
        }
        if let Some(cond) = &f.cond_expr {
            let mark = self.diags.len();
            let pushed = self.push_iteration_vars(f.key_var.as_deref(), &f.value_var, dynamic(), dynamic());
            let r = self.eval(cond);
            self.locals.truncate(self.locals.len() - pushed);
            if r.is_null() {
                self.error("Condition is null", "The value of the 'if' clause must not be null.", cond.span);
                return dynamic();
            }
            if let Err(m) = convert(&r, &Type::Bool) {
                self.error("Invalid 'for' condition", format!("The 'if' clause value is invalid: {m}."), cond.span);
                return dynamic();
            }
            if self.has_errors_since(mark) {
                return dynamic();
            }
        }
        let entries = iteration_entries(&coll, f.key_var.is_some());
        if !self.check_size(entries.len(), span) {
            return dynamic();
        }
        let mut known = true;
        let mut tuple = Vec::new();
        let mut object: BTreeMap<String, Value> = BTreeMap::new();
        let mut groups: BTreeMap<String, Vec<Value>> = BTreeMap::new();
        for (k, v) in entries {
            if self.aborted {
                return dynamic();
            }
            let pushed = self.push_iteration_vars(f.key_var.as_deref(), &f.value_var, k, v);
            let step = self.for_element(f, &mut known, marked, &mut tuple, &mut object, &mut groups);
            self.locals.truncate(self.locals.len() - pushed);
            if !step {
                break;
            }
        }
        if !known {
            return dynamic();
        }
        if f.key_expr.is_none() {
            return Value::Tuple(tuple.into());
        }
        if f.grouping {
            return Value::Object(groups.into_iter().map(|(k, vs)| (k, Value::Tuple(vs.into()))).collect());
        }
        Value::Object(object.into())
    }

    /// HCL's checks of a `for` collection: false (after an error, if any)
    /// when there is nothing to iterate yet. An unknown collection stops
    /// here, before the `if` clause is tried.
    fn iterable_collection(&mut self, coll: &Value, span: Span) -> bool {
        if coll.is_null() {
            self.error("Iteration over null value", "A null value cannot be used as the collection in a 'for' expression.", span);
            return false;
        }
        let kind = coll.kind();
        if kind == Kind::Dynamic {
            return false;
        }
        if !matches!(kind, Kind::List | Kind::Set | Kind::Tuple | Kind::Map | Kind::Object) {
            self.error(
                "Iteration over non-iterable value",
                format!("A value of type {} cannot be used as the collection in a 'for' expression.", coll.ty().friendly_name()),
                span,
            );
            return false;
        }
        coll.is_known()
    }

    fn push_iteration_vars(&mut self, key_var: Option<&str>, value_var: &str, k: Value, v: Value) -> usize {
        let mut n = 1;
        if let Some(kv) = key_var {
            self.locals.push((kv.to_string(), k));
            n += 1;
        }
        self.locals.push((value_var.to_string(), v));
        n
    }

    fn for_element(
        &mut self,
        f: &ForExpr,
        known: &mut bool,
        marked: &mut bool,
        tuple: &mut Vec<Value>,
        object: &mut BTreeMap<String, Value>,
        groups: &mut BTreeMap<String, Vec<Value>>,
    ) -> bool {
        if let Some(cond) = &f.cond_expr {
            let (include, include_marked) = self.eval(cond).unmark();
            *marked |= include_marked;
            if f.key_expr.is_none() && !include.is_null() && !include.is_known() {
                *known = false;
                return true;
            }
            if include.is_null() {
                if *known {
                    self.error("Invalid 'for' condition", "The value of the 'if' clause must not be null.", cond.span);
                }
                *known = false;
                return true;
            }
            match convert(&include, &Type::Bool) {
                Err(m) => {
                    if *known {
                        self.error("Invalid 'for' condition", format!("The 'if' clause value is invalid: {m}."), cond.span);
                    }
                    *known = false;
                    return true;
                }
                Ok(Value::Bool(false)) => return true,
                Ok(Value::Bool(true)) => {}
                Ok(_) => {
                    *known = false;
                    return true;
                }
            }
        }
        let Some(key_expr) = &f.key_expr else {
            let v = self.eval(&f.value_expr);
            tuple.push(v);
            return true;
        };
        let (key, key_marked) = self.eval(key_expr).unmark();
        *marked |= key_marked;
        if key.is_null() {
            if *known {
                self.error("Invalid object key", "Key expression in 'for' expression must not produce a null value.", key_expr.span);
            }
            *known = false;
            return true;
        }
        if !key.is_known() {
            *known = false;
            return true;
        }
        let key = match convert(&key, &Type::String) {
            Ok(Value::String(k)) => k,
            Ok(_) => {
                *known = false;
                return true;
            }
            Err(m) => {
                if *known {
                    self.error("Invalid object key", format!("The key expression produced an invalid result: {m}."), key_expr.span);
                }
                *known = false;
                return true;
            }
        };
        let val = self.eval(&f.value_expr);
        if f.grouping {
            groups.entry(key).or_default().push(val);
        } else if object.contains_key(&key) {
            self.error(
                "Duplicate object key",
                format!(
                    "Two different items produced the key {} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
                    quote(&key)
                ),
                key_expr.span,
            );
        } else {
            object.insert(key, val);
        }
        true
    }

    // ------------------------------------------------------------ templates

    fn template(&mut self, parts: &[TemplatePart], span: Span) -> Value {
        let mut buf = String::new();
        let mut marked = false;
        let mut known = true;
        for part in parts {
            match self.template_part(part, &mut buf, &mut marked) {
                PartResult::Ok => {}
                PartResult::Unknown => known = false,
            }
            if !self.check_size(buf.len() / 64, span) || buf.len() > self.limits.max_string_len {
                self.abort(
                    "Result too large",
                    format!(
                        "This template produces a string longer than {} bytes, which is more than this evaluator allows.",
                        self.limits.max_string_len
                    ),
                    span,
                );
                return Value::Unknown(Type::String);
            }
        }
        if !known {
            return Value::Unknown(Type::String).mark_if(marked);
        }
        Value::string(buf).mark_if(marked)
    }

    fn template_part(&mut self, part: &TemplatePart, buf: &mut String, marked: &mut bool) -> PartResult {
        match part {
            TemplatePart::Literal(s) => {
                buf.push_str(s);
                PartResult::Ok
            }
            TemplatePart::Interpolation(e) => {
                let v = self.eval(e);
                self.interpolate(v, e.span, buf, marked)
            }
            TemplatePart::If { condition, then_parts, else_parts, span } => {
                // HCL compiles the directive into a conditional whose arms
                // are templates: both arms are evaluated, the untaken arm's
                // errors are dropped.
                let mark = self.diags.len();
                let t = self.template(then_parts, *span);
                let t_diags: Diagnostics = self.diags.drain(mark..).collect();
                let f = self.template(else_parts, *span);
                let f_diags: Diagnostics = self.diags.drain(mark..).collect();
                if self.aborted {
                    self.diags.extend(t_diags.into_iter().chain(f_diags));
                    return PartResult::Unknown;
                }
                let cond = self.eval(condition).unmark_deep().0;
                if cond.is_null() {
                    self.error("Null condition", "The condition value is null. Conditions must either be true or false.", condition.span);
                    return PartResult::Unknown;
                }
                if !cond.is_known() {
                    return PartResult::Unknown;
                }
                let chosen = match convert(&cond, &Type::Bool) {
                    Ok(Value::Bool(true)) => {
                        self.diags.extend(t_diags);
                        t
                    }
                    Ok(_) => {
                        self.diags.extend(f_diags);
                        f
                    }
                    Err(_) => {
                        self.error("Incorrect condition type", "The condition expression must be of type bool.", condition.span);
                        return PartResult::Unknown;
                    }
                };
                let (chosen, chosen_marked) = chosen.unmark();
                *marked |= chosen_marked;
                match chosen {
                    Value::String(s) => {
                        buf.push_str(&s);
                        PartResult::Ok
                    }
                    _ => PartResult::Unknown,
                }
            }
            TemplatePart::For { key_var, value_var, collection, body, span } => {
                let (coll, coll_marked) = self.eval(collection).unmark();
                *marked |= coll_marked;
                if !self.iterable_collection(&coll, collection.span) {
                    return PartResult::Unknown;
                }
                let entries = iteration_entries(&coll, key_var.is_some());
                if !self.check_size(entries.len(), *span) {
                    return PartResult::Unknown;
                }
                let mut results = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    let pushed = self.push_iteration_vars(key_var.as_deref(), value_var, k, v);
                    let r = self.template(body, *span);
                    self.locals.truncate(self.locals.len() - pushed);
                    results.push(r);
                    if self.aborted {
                        return PartResult::Unknown;
                    }
                }
                let mut out = PartResult::Ok;
                for r in results {
                    let (r, m) = r.unmark();
                    *marked |= m;
                    match r {
                        Value::String(s) => buf.push_str(&s),
                        _ => out = PartResult::Unknown,
                    }
                }
                out
            }
        }
    }

    fn interpolate(&mut self, v: Value, span: Span, buf: &mut String, marked: &mut bool) -> PartResult {
        let (v, m) = v.unmark();
        *marked |= m;
        if v.is_null() {
            self.error(
                "Invalid template interpolation value",
                "The expression result is null. Cannot include a null value in a string template.",
                span,
            );
            return PartResult::Ok;
        }
        if !v.is_known() {
            return PartResult::Unknown;
        }
        match convert(&v, &Type::String) {
            Ok(Value::String(s)) => {
                buf.push_str(&s);
                PartResult::Ok
            }
            Ok(_) => PartResult::Unknown,
            Err(m) => {
                self.error(
                    "Invalid template interpolation value",
                    format!("Cannot include the given value in a string template: {m}."),
                    span,
                );
                PartResult::Ok
            }
        }
    }
}

enum PartResult {
    Ok,
    Unknown,
}

/// Why two conditional result types do not unify, as HCL explains it.
fn describe_mismatch(t: &Type, f: &Type) -> String {
    match (t, f) {
        (Type::Object(ta), Type::Object(fa)) => {
            for (name, at) in ta {
                match fa.get(name) {
                    None => {
                        return format!("The 'true' value includes object attribute {}, which is absent in the 'false' value", quote(name))
                    }
                    Some(af) if af != at => {
                        return format!("Type mismatch for object attribute {}: {}", quote(name), describe_mismatch(at, af))
                    }
                    _ => {}
                }
            }
            if let Some(name) = fa.keys().find(|k| !ta.contains_key(*k)) {
                return format!("The 'false' value includes object attribute {}, which is absent in the 'true' value", quote(name));
            }
        }
        (Type::Tuple(te), Type::Tuple(fe)) => {
            if te.len() != fe.len() {
                return format!("The 'true' tuple has length {}, but the 'false' tuple has length {}", te.len(), fe.len());
            }
            if let Some(i) = (0..te.len()).find(|&i| te[i] != fe[i]) {
                return format!("Type mismatch for tuple element {i}: {}", describe_mismatch(&te[i], &fe[i]));
            }
        }
        (Type::List(a), Type::List(b)) | (Type::Map(a), Type::Map(b)) | (Type::Set(a), Type::Set(b))
            if matches!((&**a, &**b), (Type::Object(_), Type::Object(_)) | (Type::Tuple(_), Type::Tuple(_))) =>
        {
            let noun = match t {
                Type::List(_) => "list",
                Type::Map(_) => "map",
                _ => "set",
            };
            return format!("Mismatched {noun} element types: {}", describe_mismatch(a, b));
        }
        _ => {}
    }
    if t.friendly_name() == f.friendly_name() {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into();
    }
    format!("The 'true' value is {}, but the 'false' value is {}", t.friendly_name(), f.friendly_name())
}

/// The (key, value) pairs a `for` iterates: indexes for sequences (a set's
/// key is the element itself), names for maps and objects. Without
/// `with_keys` (no key variable) a sequence's keys are left null.
pub fn iteration_entries(coll: &Value, with_keys: bool) -> Vec<(Value, Value)> {
    match coll {
        Value::List(_, vs) | Value::Tuple(vs) if !with_keys => vs.iter().map(|v| (Value::null(), v.clone())).collect(),
        Value::List(_, vs) | Value::Tuple(vs) => {
            vs.iter().enumerate().map(|(i, v)| (Value::Number(Number::from_u64(i as u64)), v.clone())).collect()
        }
        Value::Set(_, vs) => vs.iter().map(|v| (v.clone(), v.clone())).collect(),
        Value::Map(_, m) | Value::Object(m) => m.iter().map(|(k, v)| (Value::String(k.clone()), v.clone())).collect(),
        _ => Vec::new(),
    }
}

/// The variable references in `e` (HCL's `Variables()`): each root name
/// with its static traversal steps, leaving out names bound by `for`.
pub(crate) fn variable_references(e: &Expression) -> Vec<(&str, Vec<&Step>)> {
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
fn static_chain(e: &Expression) -> Option<(&str, Vec<&Step>)> {
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
fn is_static_traversal(e: &Expression) -> bool {
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

/// A Go `%q`-style quoted name for messages.
pub fn quote(s: &str) -> String {
    crate::render::go_quote(s)
}

fn did_you_mean<'s>(given: &str, candidates: impl IntoIterator<Item = &'s str>) -> String {
    match suggest(given, candidates) {
        Some(s) => format!(" Did you mean {}?", quote(s)),
        None => String::new(),
    }
}
