//! Constructors: object constructors and `for` expressions (tuple
//! constructors are evaluated in place, element by element).

use super::{dynamic, Evaluator};
use crate::diagnostics::Span;
use crate::syntax::ast::*;
use crate::syntax::is_static_traversal;
use crate::value::convert::convert;
use crate::value::go_quote as quote;
use crate::value::{Kind, Marks, Number, Type, Value};
use std::collections::BTreeMap;

impl<'a> Evaluator<'a> {
    pub(super) fn object(&mut self, items: &[ObjectItem]) -> Value {
        let mut vals = BTreeMap::new();
        let mut known = true;
        let mut marked = Marks::NONE;
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
            let key = match convert(&key, &Type::String, self.profile) {
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
        Value::Object(vals.into()).with_marks(marked)
    }

    fn object_key(&mut self, key: &ObjectKey) -> Value {
        if let Some(name) = &key.bare_name {
            return Value::string(name.clone(), self.profile);
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

    pub(super) fn for_expr(&mut self, f: &ForExpr, span: Span) -> Value {
        let mut marked = Marks::NONE;
        self.for_expr_inner(f, span, &mut marked).with_marks(marked)
    }

    fn for_expr_inner(&mut self, f: &ForExpr, span: Span, marked: &mut Marks) -> Value {
        let (coll, coll_marked) = self.eval(&f.collection).unmark();
        *marked = coll_marked;
        let Some(known) = self.iterable_collection(&coll, f.collection.span) else {
            return dynamic();
        };
        // HCL 2.14 stops at an unknown collection; later versions try the
        // `if` clause first.
        if !known && self.profile.is_legacy() {
            return dynamic();
        }
        let mut cond_marks = Marks::NONE;
        if let Some(cond) = &f.cond_expr {
            let mark = self.diags.len();
            self.push_iteration_vars(f.key_var.as_deref(), &f.value_var, dynamic(), dynamic());
            // A probe with unknown variables, not one of the iterations.
            self.pause_recording(true);
            let r = self.eval(cond);
            self.pause_recording(false);
            self.pop_iteration_vars();
            cond_marks = r.marks();
            if r.is_null() {
                self.error("Condition is null", "The value of the 'if' clause must not be null.", cond.span);
                return dynamic();
            }
            if let Err(m) = convert(&r, &Type::Bool, self.profile) {
                self.error("Invalid 'for' condition", format!("The 'if' clause value is invalid: {m}."), cond.span);
                return dynamic();
            }
            if self.has_errors_since(mark) {
                return dynamic();
            }
        }
        if !known {
            // The early check's marks count only when it decides (HCL 2.23).
            *marked |= cond_marks;
            return dynamic();
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
            self.push_iteration_vars(f.key_var.as_deref(), &f.value_var, k, v);
            let step = self.for_element(f, &mut known, marked, &mut tuple, &mut object, &mut groups);
            self.pop_iteration_vars();
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
    /// Whether the collection is known, or `None` when there is nothing to
    /// iterate (after an error, if any).
    pub(super) fn iterable_collection(&mut self, coll: &Value, span: Span) -> Option<bool> {
        if coll.is_null() {
            self.error("Iteration over null value", "A null value cannot be used as the collection in a 'for' expression.", span);
            return None;
        }
        let kind = coll.kind();
        if kind == Kind::Dynamic {
            return None;
        }
        if !matches!(kind, Kind::List | Kind::Set | Kind::Tuple | Kind::Map | Kind::Object) {
            self.error(
                "Iteration over non-iterable value",
                format!("A value of type {} cannot be used as the collection in a 'for' expression.", coll.ty().friendly_name()),
                span,
            );
            return None;
        }
        Some(coll.is_known())
    }

    /// A `for`'s variables for one iteration, in a scope of their own (HCL
    /// evaluates each iteration in a child context).
    pub(super) fn push_iteration_vars(&mut self, key_var: Option<&str>, value_var: &str, k: Value, v: Value) {
        self.scopes.push(self.locals.len());
        if let Some(kv) = key_var {
            self.locals.push((kv.to_string(), k));
        }
        self.locals.push((value_var.to_string(), v));
    }

    /// Leaves the innermost iteration's scope.
    pub(super) fn pop_iteration_vars(&mut self) {
        let start = self.scopes.pop().unwrap_or(0);
        self.locals.truncate(start);
    }

    fn for_element(
        &mut self,
        f: &ForExpr,
        known: &mut bool,
        marked: &mut Marks,
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
            match convert(&include, &Type::Bool, self.profile) {
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
        let key = match convert(&key, &Type::String, self.profile) {
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
                    quote(&key, self.profile)
                ),
                key_expr.span,
            );
        } else {
            object.insert(key, val);
        }
        true
    }
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
