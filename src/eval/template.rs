//! Templates: literal text, interpolations, and the `%{ if }` and
//! `%{ for }` directives.

use super::{iteration_entries, Evaluator};
use crate::diagnostics::{Diagnostics, Span};
use crate::syntax::ast::*;
use crate::value::convert::convert;
use crate::value::refine::safe_known_prefix_of_bytes;
use crate::value::{Marks, Type, Value};

impl<'a> Evaluator<'a> {
    pub(super) fn template(&mut self, parts: &[TemplatePart], span: Span) -> Value {
        let mut buf = String::new();
        let mut marked = Marks::NONE;
        let mut known = true;
        let mark = self.diags.len();
        for part in parts {
            let before = buf.len();
            match self.template_part(part, &mut buf, &mut marked) {
                PartResult::Ok => {}
                PartResult::Unknown => known = false,
            }
            // After an unknown part or an error, the text so far is the
            // result's known prefix and stops growing (HCL 2.17).
            if !known || self.has_errors_since(mark) {
                buf.truncate(before);
            }
            if !self.check_size(buf.len() / 64, span) || !self.string_cap("template", buf.len(), span) {
                return Value::unknown(Type::String);
            }
        }
        if self.profile.is_legacy() {
            return match known {
                true => Value::string(buf, self.profile),
                false => Value::unknown(Type::String),
            }
            .with_marks(marked);
        }
        if known {
            return Value::string(buf, self.profile).with_marks(marked);
        }
        let mut r = Value::unknown(Type::String).refine().not_null();
        if !self.has_errors_since(mark) && !buf.is_empty() {
            // At most 128 bytes, which may cut a character in two.
            r = r.prefix_full(&safe_known_prefix_of_bytes(&buf, 128, self.profile), self.profile);
        }
        r.value().with_marks(marked)
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
                let cond = self.eval(condition);
                if cond.is_null() {
                    self.error("Null condition", "The condition value is null. Conditions must either be true or false.", condition.span);
                    return PartResult::Unknown;
                }
                // As a conditional: HCL 2.23 keeps the marks of the
                // condition and both arms.
                let (cond, t, f) = if self.profile.is_legacy() {
                    (cond.unmark_deep().0, t, f)
                } else {
                    let ((c, cm), (t, tm), (f, fm)) = (cond.unmark(), t.unmark(), f.unmark());
                    *marked |= cm | tm | fm;
                    (c, t, f)
                };
                if !cond.is_known() {
                    return PartResult::Unknown;
                }
                let chosen = match convert(&cond, &Type::Bool, self.profile) {
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
                // An unknown collection makes the whole directive an
                // unknown string without marks (a `for` of unknown result
                // joins to a bare unknown string).
                let (coll, coll_marked) = self.eval(collection).unmark();
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
                // The join stops at the first unknown iteration result,
                // keeping only the collection's marks.
                *marked |= coll_marked;
                let mut element_marks = Marks::NONE;
                for r in results {
                    let (r, m) = r.unmark();
                    match r {
                        Value::String(s) => buf.push_str(&s),
                        _ => return PartResult::Unknown,
                    }
                    element_marks |= m;
                }
                *marked |= element_marks;
                PartResult::Ok
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
        match convert(&v, &Type::String, self.profile) {
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
