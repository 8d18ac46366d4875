//! Traversals: attribute access and indexing (`hcl.GetAttr`, `hcl.Index`)
//! and splat expressions.

use super::{dynamic, Evaluator};
use crate::diagnostics::Span;
use crate::syntax::ast::*;
use crate::value::convert::{convert, list_of};
use crate::value::go_quote as quote;
use crate::value::refine::Range;
use crate::value::{Kind, Marks, Type, Value};

impl<'a> Evaluator<'a> {
    /// A chain of traversal steps, evaluated one step after another (a long
    /// chain is not nesting), grouped as HCL groups them: a run of static
    /// steps (`.a.b[0]`) is one traversal that stops at its first error,
    /// as does one rooted in a variable that is not there; an index
    /// expression (`[k]`) always indexes what came before, and begins a new
    /// run.
    pub(super) fn traversal_chain(&mut self, e: &Expression) -> Value {
        // Each step with the node it ends (whose value the inspector may
        // watch; the outermost is noted by `eval`).
        let mut steps = Vec::new();
        let mut base = e;
        while let ExprKind::Traversal { source, step } = &base.kind {
            steps.push((step, base));
            base = source;
        }
        let mark = self.diags.len();
        let mut current = self.eval(base);
        let mut run_failed = matches!(base.kind, ExprKind::Variable(_)) && self.has_errors_since(mark);
        for (step, node) in steps.into_iter().rev() {
            if !self.charge(1, step.span()) {
                return dynamic();
            }
            if !step.is_static() {
                current = self.traverse(current, step);
                run_failed = false;
            } else if !run_failed {
                let mark = self.diags.len();
                current = self.traverse(current, step);
                if self.has_errors_since(mark) {
                    run_failed = true;
                    current = dynamic();
                }
            }
            if self.recorder.is_some() && !std::ptr::eq(node, e) {
                self.note(node, &current, mark);
            }
        }
        current
    }

    pub(super) fn traverse(&mut self, src: Value, step: &Step) -> Value {
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
        self.get_attr_unmarked(obj, name, span).with_marks(marked)
    }

    fn get_attr_unmarked(&mut self, obj: Value, name: &str, span: Span) -> Value {
        // cty looks attributes up by their NFC form, as it stores them.
        let key = crate::value::nfc(name.to_string(), self.profile);
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
                    // HCL suggests no name here (Terraform does, for
                    // resource attributes, from provider schemas).
                    self.error(
                        "Unsupported attribute",
                        format!("This object does not have an attribute named {}.", quote(name, self.profile)),
                        span,
                    );
                    return dynamic();
                };
                match obj {
                    Value::Object(m) => m.get(&key).cloned().unwrap_or_else(dynamic),
                    _ => Value::unknown(aty.clone()),
                }
            }
            Type::Map(ety) => match obj {
                Value::Map(_, m) => match m.get(&key).cloned() {
                    Some(v) => v,
                    None => {
                        self.error(
                            "Missing map element",
                            format!("This map does not have an element with the key {}.", quote(name, self.profile)),
                            span,
                        );
                        dynamic()
                    }
                },
                _ => Value::unknown((**ety).clone()),
            },
            Type::Dynamic => dynamic(),
            Type::List(e) | Type::Set(e) if matches!(**e, Type::Object(_)) => {
                let kind = if matches!(ty, Type::List(_)) { "list" } else { "set" };
                let has = matches!(&**e, Type::Object(a) if a.contains_key(name));
                let detail = match (kind, has) {
                    ("list", true) => format!("Can't access attributes on a list of objects. Did you mean to access attribute {} for a specific element of the list, or across all elements of the list?", quote(name, self.profile)),
                    ("list", false) => "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?".to_string(),
                    // Sets get no named suggestion: no element can be
                    // picked out of one.
                    _ => "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?".to_string(),
                };
                self.error("Unsupported attribute", detail, span);
                dynamic()
            }
            t if t.is_primitive() => {
                let detail = match self.profile.is_waypoint() {
                    // hcl before 2.11 names no type.
                    true => "This value does not have any attributes.".to_string(),
                    false => format!("Can't access attributes on a primitive-typed value ({}).", t.friendly_name()),
                };
                self.error("Unsupported attribute", detail, span);
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
        // A marked collection's length is marked, and HCL then keeps the
        // length out of its message.
        let marked = coll_marked.without(Marks::PLAN_READ) != Marks::NONE;
        self.index_unmarked(coll, key, span, marked).with_marks(coll_marked | key_marked)
    }

    fn index_unmarked(&mut self, coll: Value, key: Value, span: Span, marked: bool) -> Value {
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
                let key = match convert(&key, &Type::Number, self.profile) {
                    Ok(k) => k,
                    Err(m) => return bad_key(self, m),
                };
                let Value::Number(n) = &key else {
                    return match &ty {
                        Type::List(e) => Value::unknown((**e).clone()),
                        _ => dynamic(),
                    };
                };
                // A tuple's length is in its type, so an unknown tuple still
                // has known indexes.
                let unknown_elems: Vec<Value>;
                let elems = match (&coll, &ty) {
                    (Value::Unknown(..), Type::Tuple(ts)) => {
                        unknown_elems = ts.iter().map(|t| Value::unknown(t.clone())).collect();
                        &unknown_elems[..]
                    }
                    (Value::Unknown(..), Type::List(e)) => return Value::unknown((**e).clone()),
                    _ => coll.as_sequence().unwrap_or(&[]),
                };
                match n.to_i64() {
                    Some(i) if i >= 0 && (i as usize) < elems.len() => elems[i as usize].clone(),
                    // go-cty 1.8 quotes the index, and says no more of
                    // others out of range.
                    _ if !n.is_integer() && self.profile.is_waypoint() => {
                        let shown = if n.is_infinite() {
                            if n.is_sign_negative() {
                                "-Inf".into()
                            } else {
                                "+Inf".into()
                            }
                        } else {
                            n.to_string()
                        };
                        bad_key(
                            self,
                            format!("indexing a sequence requires a whole number, but the given index ({shown}) has a fractional part"),
                        )
                    }
                    _ if self.profile.is_waypoint() && n.is_integer() => missing(self),
                    _ if !n.is_integer() => {
                        bad_key(self, "indexing a sequence requires a whole number, but the given index has a fractional part".into())
                    }
                    _ if n.is_sign_negative() && !n.is_zero() => {
                        bad_key(self, "a negative number is not a valid index for a sequence".into())
                    }
                    // Go reports the length only when the index equals it.
                    Some(i) if i as usize == elems.len() && elems.is_empty() && !marked => {
                        bad_key(self, "the collection has no elements".into())
                    }
                    Some(i) if i as usize == elems.len() && !marked => {
                        bad_key(self, "the given index is greater than or equal to the length of the collection".into())
                    }
                    _ => missing(self),
                }
            }
            Type::Map(ety) => {
                let key = match convert(&key, &Type::String, self.profile) {
                    Ok(k) => k,
                    Err(m) => return bad_key(self, m),
                };
                match (&coll, &key) {
                    (Value::Map(_, m), Value::String(k)) => match m.get(k) {
                        Some(v) => v.clone(),
                        None => missing(self),
                    },
                    _ => Value::unknown((**ety).clone()),
                }
            }
            Type::Object(attrs) => {
                let was_number = key.ty() == Type::Number;
                let key = match convert(&key, &Type::String, self.profile) {
                    Ok(k) => k,
                    Err(m) => return bad_key(self, m),
                };
                // hcl 2.14 and OpenTofu's fork of 2.20 give up on an unknown
                // object before checking the key; hcl 2.24 (Terraform)
                // checks it against the type.
                let checks_type = self.profile == crate::Profile::Terraform;
                let (Value::String(k), true) = (&key, coll.is_known() || checks_type) else {
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
                    _ => Value::unknown(attrs[k].clone()),
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

    pub(super) fn splat(&mut self, source: &Expression, each: &Expression) -> Value {
        if !self.profile.is_legacy() {
            return self.splat_current(source, each);
        }
        let mut marked = Marks::NONE;
        self.splat_inner(source, each, &mut marked).with_marks(marked)
    }

    /// A splat as HCL 2.24 evaluates it: marks stay on the elements and the
    /// result; an unknown source that cannot be null is wrapped like a
    /// known one; an unknown list result is refined (not null, the
    /// source's length bounds); elements of different types are an error.
    fn splat_current(&mut self, source: &Expression, each: &Expression) -> Value {
        let mark = self.diags.len();
        let src = self.eval(source);
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
                return Value::Tuple(Vec::new().into()).with_same_marks(&src);
            }
            self.error("Splat of null value", "Splat expressions (with the * symbol) cannot be applied to null sequences.", source.span);
            return dynamic();
        }
        if kind == Kind::Dynamic {
            return dynamic().with_same_marks(&src);
        }
        let upgraded_unknown = auto_upgrade && !src.is_known() && Range::of(&src).could_be_null();
        let src = match auto_upgrade {
            true => {
                let marks = src.marks();
                Value::Tuple(vec![src].into()).with_marks(marks)
            }
            false => src,
        };
        if !src.is_known() {
            let ty = self.splat_result_type(&src.ty(), each);
            let mut r = Value::unknown(ty.clone()).refine();
            if ty != Type::Dynamic {
                r = r.not_null();
            }
            if matches!(ty, Type::List(_)) && src.ty().is_collection() {
                let range = Range::of(&src);
                r = r.min_len(range.min_len()).max_len(range.max_len());
            }
            return r.value().with_same_marks(&src);
        }
        let (src, marks) = src.unmark();
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
            return dynamic().with_marks(marks);
        }
        if !known {
            let keep = self.diags.len();
            let t = self.splat_result_type(&src.ty(), each);
            self.diags.truncate(keep);
            return Value::unknown(t).with_marks(marks);
        }
        if !matches!(kind, Kind::List | Kind::Set) {
            return Value::Tuple(vals.into()).with_marks(marks);
        }
        if vals.is_empty() {
            let t = self.splat_result_type(&src.ty(), each);
            return Value::List(t.element_type().cloned().unwrap_or(Type::Dynamic), Vec::new().into()).with_marks(marks);
        }
        match list_of(vals) {
            Some(list) => list.with_marks(marks),
            None => {
                self.error(
                    "Invalid nested splat expressions",
                    "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.",
                    each.span,
                );
                dynamic()
            }
        }
    }

    fn splat_inner(&mut self, source: &Expression, each: &Expression, marked: &mut Marks) -> Value {
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
            return Value::unknown(self.splat_result_type(&src.ty(), each));
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
        // hcl before 2.11 keeps the tuple it made of an unknown source.
        if upgraded_unknown && !self.profile.is_waypoint() {
            return dynamic();
        }
        if !known {
            let keep = self.diags.len();
            let t = self.splat_result_type(&src.ty(), each);
            self.diags.truncate(keep);
            return Value::unknown(t);
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
        self.pause_recording(true);
        let t = self.splat_result_type_inner(ty, each);
        self.pause_recording(false);
        t
    }

    fn splat_result_type_inner(&mut self, ty: &Type, each: &Expression) -> Type {
        match ty {
            Type::List(e) | Type::Set(e) => {
                self.anon.push(Value::unknown((**e).clone()));
                let v = self.eval(each);
                self.anon.pop();
                Type::list(v.ty())
            }
            Type::Tuple(es) => {
                let mut out = Vec::with_capacity(es.len());
                for e in es.iter() {
                    self.anon.push(Value::unknown(e.clone()));
                    let v = self.eval(each);
                    self.anon.pop();
                    out.push(v.ty());
                }
                Type::tuple(out)
            }
            _ => Type::Dynamic,
        }
    }
}
