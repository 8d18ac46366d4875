//! Operations: the conditional operator with its result-type
//! unification, binary and unary operators.

use super::{dynamic, Evaluator};
use crate::diagnostics::{Diagnostics, Span};
use crate::profile::Profile;
use crate::syntax::ast::*;
use crate::value::convert::{convert, get_conversion, unify_with, Conversion};
use crate::value::go_quote as quote;
use crate::value::number::ArithmeticError;
use crate::value::ops::equals;
use crate::value::refine::Range;
use crate::value::{Marks, Type, Value};

impl<'a> Evaluator<'a> {
    pub(super) fn conditional(&mut self, condition: &Expression, t: &Expression, f: &Expression) -> Value {
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
                match self.profile.is_waypoint() {
                    // hcl before 2.11 names the two types only.
                    true => format!(
                        "The true and false result expressions must have consistent types. The given expressions are {} and {}, respectively.",
                        tt.friendly_name(),
                        ft.friendly_name()
                    ),
                    false => format!("The true and false result expressions must have consistent types. {}.", describe_mismatch(&tt, &ft, self.profile)),
                },
                t.span.to(f.span),
            );
            return dynamic();
        };
        let cond = self.eval(condition);
        if cond.is_null() {
            self.error("Null condition", "The condition value is null. Conditions must either be true or false.", condition.span);
            return Value::unknown(result_type);
        }
        // HCL 2.14 drops the condition's marks; since 2.23 the result has
        // the marks of the condition and of both arms, whichever is taken.
        let (cond, true_val, false_val, marks) = if self.profile.is_legacy() {
            (cond.unmark_deep().0, true_val, false_val, Marks::NONE)
        } else {
            let ((c, cm), (t, tm), (f, fm)) = (cond.unmark(), true_val.unmark(), false_val.unmark());
            (c, t, f, cm | tm | fm)
        };
        if !cond.is_known() {
            if self.profile.is_legacy() {
                return Value::unknown(result_type);
            }
            return unknown_conditional(&true_val, &false_val, result_type).with_marks(marks);
        }
        let cond = match convert(&cond, &Type::Bool, self.profile) {
            Ok(c) => c,
            Err(_) => {
                self.error("Incorrect condition type", "The condition expression must be of type bool.", condition.span);
                return Value::unknown(result_type);
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
            return chosen.with_marks(marks);
        };
        match conv.apply(&chosen, self.profile) {
            Ok(v) => v.with_marks(marks),
            Err(m) => {
                self.error(
                    "Inconsistent conditional result types",
                    format!("The {which} result value has the wrong type: {m}."),
                    expr.span,
                );
                Value::unknown(result_type).with_marks(marks)
            }
        }
    }

    /// A chain of binary operations, evaluated along its left spine without
    /// recursion (`1 + 2 + ... + n` is flat, however long): the leftmost
    /// operand first, then each right operand and its operation in turn.
    pub(super) fn binary_chain(&mut self, e: &Expression) -> Value {
        let mut spine = Vec::new();
        let mut leftmost = e;
        while let ExprKind::BinaryOp { op, lhs, rhs } = &leftmost.kind {
            spine.push((*op, &**rhs, leftmost));
            leftmost = lhs;
        }
        // Any error on the left of an operation, however deep in the
        // chain, makes its result unknown.
        let mark = self.diags.len();
        let mut value = self.eval(leftmost);
        let mut lhs_span = leftmost.span;
        for (op, rhs, node) in spine.into_iter().rev() {
            let span = node.span;
            if !self.charge(1, span) {
                return Value::unknown(Type::Dynamic);
            }
            let rhs_mark = self.diags.len();
            let r = self.eval(rhs);
            let operands = Operands { lhs: value, lhs_span, rhs: r, rhs_span: rhs.span, mark, rhs_mark };
            value = match self.profile.is_legacy() {
                true => self.binary(op, operands, span),
                false => self.binary_current(op, operands, span),
            };
            lhs_span = span;
            // The inspector may watch an inner operation (the outermost is
            // noted by `eval`).
            if self.recorder.is_some() && !std::ptr::eq(node, e) {
                self.note(node, &value, mark);
            }
        }
        value
    }

    /// One binary operation on evaluated operands, as HCL 2.14 does it: the
    /// operands' errors first, then conversion errors; both operands always
    /// count.
    fn binary(&mut self, op: BinaryOperator, operands: Operands, span: Span) -> Value {
        use BinaryOperator::*;
        let (param, ret) = signature(op);
        let Operands { lhs: l, lhs_span, rhs: r, rhs_span, mark, .. } = operands;
        let l = match convert(&l, &param, self.profile) {
            Ok(v) => v,
            Err(m) => {
                self.error("Invalid operand", format!("Unsuitable value for left operand: {m}."), lhs_span);
                dynamic()
            }
        };
        let r = match convert(&r, &param, self.profile) {
            Ok(v) => v,
            Err(m) => {
                self.error("Invalid operand", format!("Unsuitable value for right operand: {m}."), rhs_span);
                dynamic()
            }
        };
        if self.has_errors_since(mark) {
            return Value::unknown(ret);
        }
        if matches!(op, Equal | NotEqual) {
            return equality(op, &l, &r, self.profile);
        }
        let ((l, lm), (r, rm)) = (l.unmark(), r.unmark());
        self.arithmetic(op, l, r, ret, span).with_marks(lm | rm)
    }

    /// One binary operation as HCL 2.24 (Terraform, OpenTofu) does it:
    /// conversion errors come before the operands' own, and `&&` and `||`
    /// give their answer when one side decides it, dropping the other
    /// side's errors.
    fn binary_current(&mut self, op: BinaryOperator, operands: Operands, span: Span) -> Value {
        use BinaryOperator::*;
        let (param, ret) = signature(op);
        let Operands { lhs, lhs_span, rhs, rhs_span, mark, rhs_mark } = operands;
        let conversions = self.diags.len();
        let l = convert(&lhs, &param, self.profile).unwrap_or_else(|m| {
            self.error("Invalid operand", format!("Unsuitable value for left operand: {m}."), lhs_span);
            dynamic()
        });
        let r = convert(&rhs, &param, self.profile).unwrap_or_else(|m| {
            self.error("Invalid operand", format!("Unsuitable value for right operand: {m}."), rhs_span);
            dynamic()
        });
        if self.has_errors_since(conversions) {
            let errors: Vec<_> = self.diags.drain(conversions..).collect();
            self.diags.splice(mark..mark, errors);
            return Value::unknown(ret);
        }
        let ((l, lm), (r, rm)) = (l.unmark(), r.unmark());
        let marked = lm | rm;
        if matches!(op, And | Or) {
            let lhs_failed = rhs_mark > mark;
            if let Some((v, keep)) = short_circuit(op == Or, &l, &r, lhs_failed) {
                match keep {
                    Side::Left => self.diags.truncate(rhs_mark),
                    Side::Right => {
                        self.diags.drain(mark..rhs_mark);
                    }
                }
                return v.with_marks(marked);
            }
        }
        if self.has_errors_since(mark) {
            return Value::unknown(ret).with_marks(marked);
        }
        if matches!(op, Equal | NotEqual) {
            return equality(op, &l, &r, self.profile).with_marks(marked);
        }
        if matches!(op, LessThan | LessThanOrEqual | GreaterThan | GreaterThanOrEqual) && !(l.is_null() || r.is_null()) {
            return compare_refined(op, &l, &r, self.profile);
        }
        self.arithmetic(op, l, r, ret, span).with_marks(marked)
    }

    fn arithmetic(&mut self, op: BinaryOperator, l: Value, r: Value, ret: Type, span: Span) -> Value {
        use BinaryOperator::*;
        if l.is_null() || r.is_null() {
            self.error("Operation failed", "Error during operation: argument must not be null.", span);
            return Value::unknown(ret);
        }
        if !l.is_wholly_known() || !r.is_wholly_known() {
            return self.unknown_result(ret);
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
            _ => Err(ArithmeticError::Failed("unsupported operand types")),
        };
        match result {
            Ok(v) => v,
            Err(e) => {
                // A recovered Go panic's text runs on into a stack trace
                // where the sentence would end.
                let detail = match e {
                    ArithmeticError::Failed(m) => format!("Error during operation: {m}."),
                    ArithmeticError::Panicked(m) => format!("Error during operation: panic in function implementation: {m}"),
                };
                self.error("Operation failed", detail, span);
                Value::unknown(ret)
            }
        }
    }

    pub(super) fn unary(&mut self, op: UnaryOperator, operand: &Expression, span: Span) -> Value {
        let (param, ret) = match op {
            UnaryOperator::Negate => (Type::Number, Type::Number),
            UnaryOperator::Not => (Type::Bool, Type::Bool),
        };
        let mark = self.diags.len();
        let v = self.eval(operand);
        let v = match convert(&v, &param, self.profile) {
            Ok(v) => v,
            Err(m) => {
                self.error("Invalid operand", format!("Unsuitable value for unary operand: {m}."), operand.span);
                return Value::unknown(ret);
            }
        };
        if self.has_errors_since(mark) {
            return Value::unknown(ret);
        }
        let (v, marked) = v.unmark();
        let result = match v {
            Value::Null(_) => {
                self.error("Operation failed", "Error during operation: argument must not be null.", span);
                Value::unknown(ret)
            }
            Value::Unknown(..) => self.unknown_result(ret),
            Value::Number(n) => Value::Number(n.neg()),
            Value::Bool(b) => Value::Bool(!b),
            _ => Value::unknown(ret),
        };
        result.with_marks(marked)
    }
}

/// A binary operation's operands: the values, their spans, and where their
/// diagnostics begin (`mark` for the left, `rhs_mark` for the right).
struct Operands {
    lhs: Value,
    lhs_span: Span,
    rhs: Value,
    rhs_span: Span,
    mark: usize,
    rhs_mark: usize,
}

/// The side whose diagnostics a short-circuited operation keeps.
enum Side {
    Left,
    Right,
}

/// The type an operator converts its operands to, and its result type.
fn signature(op: BinaryOperator) -> (Type, Type) {
    use BinaryOperator::*;
    match op {
        Or | And => (Type::Bool, Type::Bool),
        Equal | NotEqual => (Type::Dynamic, Type::Bool),
        LessThan | LessThanOrEqual | GreaterThan | GreaterThanOrEqual => (Type::Number, Type::Bool),
        Add | Subtract | Multiply | Divide | Modulo => (Type::Number, Type::Number),
    }
}

/// HCL 2.24's short-circuit of `||` (`or`) and `&&`: the result when one
/// side decides it (a null counts as false), and whose errors stand. Both
/// sides were evaluated.
fn short_circuit(or: bool, l: &Value, r: &Value, lhs_failed: bool) -> Option<(Value, Side)> {
    let truth = |v: &Value| matches!(v, Value::Bool(true));
    let decides = |v: &Value| v.is_known() && truth(v) == or;
    let unknown = || Value::unknown(Type::Bool).refine_not_null();
    match () {
        _ if !l.is_known() && !r.is_known() => (!lhs_failed).then(|| (unknown(), Side::Left)),
        _ if decides(l) => Some((Value::Bool(or), Side::Left)),
        _ if decides(r) => Some((Value::Bool(or), Side::Right)),
        _ if !l.is_known() => Some((unknown(), Side::Left)),
        _ if !r.is_known() => Some((unknown(), Side::Right)),
        _ => None,
    }
}

/// The result of a conditional whose condition is unknown (HCL 2.17 and
/// later): null if both arms are null, otherwise an unknown refined with
/// what both arms have in common (not null, number bounds, collection
/// length bounds).
fn unknown_conditional(t: &Value, f: &Value, result_type: Type) -> Value {
    if t.is_null() && f.is_null() {
        return Value::Null(result_type);
    }
    let (tr, fr) = (Range::of(t), Range::of(f));
    let both_not_null = tr.definitely_not_null() && fr.definitely_not_null();
    let (tt, ft) = (t.ty(), f.ty());
    let mut r = Value::unknown(if tt == Type::Number && ft == Type::Number { Type::Number } else { result_type }).refine();
    if both_not_null {
        r = r.not_null();
    }
    if tt == Type::Number && ft == Type::Number {
        // The wider of the two bounds on each side; an open side stays open.
        if let (Some(a), Some(b)) = (tr.lower(), fr.lower()) {
            let (lo, inc) = match a.value.compare(&b.value) {
                std::cmp::Ordering::Less => (&a.value, a.inclusive),
                std::cmp::Ordering::Equal => (&b.value, a.inclusive || b.inclusive),
                std::cmp::Ordering::Greater => (&b.value, b.inclusive),
            };
            r = r.lower(lo, inc);
        }
        if let (Some(a), Some(b)) = (tr.upper(), fr.upper()) {
            let (hi, inc) = match a.value.compare(&b.value) {
                std::cmp::Ordering::Greater => (&a.value, a.inclusive),
                std::cmp::Ordering::Equal => (&b.value, a.inclusive || b.inclusive),
                std::cmp::Ordering::Less => (&b.value, b.inclusive),
            };
            r = r.upper(hi, inc);
        }
    } else if tt.is_collection() && ft.is_collection() && tt == ft {
        r = r.min_len(tr.min_len().min(fr.min_len())).max_len(tr.max_len().max(fr.max_len()));
    }
    r.value()
}

/// `==` or `!=` (cty's `Equals`, and `Not` of it), marks kept.
fn equality(op: BinaryOperator, l: &Value, r: &Value, profile: Profile) -> Value {
    let (v, marks) = equals(l, r, profile).unmark();
    let v = match (v, op) {
        (Value::Bool(b), BinaryOperator::NotEqual) => Value::Bool(!b),
        (v, _) => v,
    };
    v.with_marks(marks)
}

/// A comparison of two numbers, either of which may be unknown (go-cty
/// 1.13's `LessThan` and `GreaterThan`, `<=` and `>=` as those `||`
/// `Equals`): where one side's upper bound is below the other's lower
/// bound the answer is known.
fn compare_refined(op: BinaryOperator, l: &Value, r: &Value, profile: Profile) -> Value {
    use BinaryOperator::*;
    let unknown = || Value::unknown(Type::Bool).refine_not_null();
    let strict = |a: &Value, b: &Value| -> Value {
        if let (Value::Number(x), Value::Number(y)) = (a, b) {
            return Value::Bool(x.compare(y).is_lt());
        }
        let (ra, rb) = (Range::of(a), Range::of(b));
        // Both bounds are treated as exclusive, as cty does.
        if let (Some(a_max), Some(b_min)) = (ra.upper(), rb.lower()) {
            if a_max.value.compare(&b_min.value).is_lt() {
                return Value::Bool(true);
            }
        }
        if let (Some(a_min), Some(b_max)) = (ra.lower(), rb.upper()) {
            if a_min.value.compare(&b_max.value).is_gt() {
                return Value::Bool(false);
            }
        }
        unknown()
    };
    let or = |x: Value, y: Value| match (x, y) {
        (Value::Bool(true), _) | (_, Value::Bool(true)) => Value::Bool(true),
        (Value::Bool(a), Value::Bool(b)) => Value::Bool(a || b),
        _ => unknown(),
    };
    match op {
        LessThan => strict(l, r),
        GreaterThan => strict(r, l),
        LessThanOrEqual => or(strict(l, r), equals(l, r, profile)),
        _ => or(strict(r, l), equals(l, r, profile)),
    }
}

/// Why two conditional result types do not unify, as HCL explains it.
fn describe_mismatch(t: &Type, f: &Type, profile: Profile) -> String {
    match (t, f) {
        (Type::Object(ta), Type::Object(fa)) => {
            for (name, at) in ta.iter() {
                match fa.get(name) {
                    None => {
                        return format!(
                            "The 'true' value includes object attribute {}, which is absent in the 'false' value",
                            quote(name, profile)
                        )
                    }
                    Some(af) if af != at => {
                        return format!(
                            "Type mismatch for object attribute {}: {}",
                            quote(name, profile),
                            describe_mismatch(at, af, profile)
                        )
                    }
                    _ => {}
                }
            }
            if let Some(name) = fa.keys().find(|k| !ta.contains_key(*k)) {
                return format!(
                    "The 'false' value includes object attribute {}, which is absent in the 'true' value",
                    quote(name, profile)
                );
            }
        }
        (Type::Tuple(te), Type::Tuple(fe)) => {
            if te.len() != fe.len() {
                return format!("The 'true' tuple has length {}, but the 'false' tuple has length {}", te.len(), fe.len());
            }
            if let Some(i) = (0..te.len()).find(|&i| te[i] != fe[i]) {
                return format!("Type mismatch for tuple element {i}: {}", describe_mismatch(&te[i], &fe[i], profile));
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
            return format!("Mismatched {noun} element types: {}", describe_mismatch(a, b, profile));
        }
        _ => {}
    }
    if t.friendly_name() == f.friendly_name() {
        return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value".into();
    }
    format!("The 'true' value is {}, but the 'false' value is {}", t.friendly_name(), f.friendly_name())
}
