//! Templates: literal text, interpolations, and the `%{ if }` and
//! `%{ for }` directives.

use super::{iteration_entries, Evaluator};
use crate::diagnostics::{Diagnostics, Span};
use crate::syntax::ast::*;
use crate::value::convert::convert;
use crate::value::{Marks, Type, Value};

impl<'a> Evaluator<'a> {
    pub(super) fn template(&mut self, parts: &[TemplatePart], span: Span) -> Value {
        let mut buf = String::new();
        let mut marked = Marks::NONE;
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
                return Value::unknown(Type::String);
            }
        }
        if !known {
            return Value::unknown(Type::String).with_marks(marked);
        }
        Value::string(buf).with_marks(marked)
    }

    fn template_part(&mut self, part: &TemplatePart, buf: &mut String, marked: &mut Marks) -> PartResult {
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
                if self.iterable_collection(&coll, collection.span) != Some(true) {
                    return PartResult::Unknown;
                }
                let entries = iteration_entries(&coll, key_var.is_some());
                if !self.check_size(entries.len(), *span) {
                    return PartResult::Unknown;
                }
                let mut results = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    self.push_iteration_vars(key_var.as_deref(), value_var, k, v);
                    let r = self.template(body, *span);
                    self.pop_iteration_vars();
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

    fn interpolate(&mut self, v: Value, span: Span, buf: &mut String, marked: &mut Marks) -> PartResult {
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
