//! Values in a test's diagnostics, as the programs describe them: the
//! references of a failed condition with their values (`output.x is
//! "a"`: Terraform's `CompactValueStr`, or for a failed assertion the
//! value as indented JSON), and a failed comparison's two sides (Terraform's
//! `--- actual`/`+++ expected` diff, OpenTofu's `before -> after`).

use crate::module::result::Evaluation;
use crate::profile::Profile;
use crate::syntax::ast::{BinaryOperator, ExprKind, Expression};
use crate::value::{Marks, Type, Value};

/// How a reference's value is described.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    /// `CompactValueStr`: primitives whole, collections by size.
    Compact,
    /// A failed assertion's: known values as indented JSON.
    Json,
}

/// A failed comparison's sides.
#[derive(Clone, Debug)]
pub struct Comparison {
    /// Terraform: each side as indented JSON.
    pub lhs: String,
    /// The right side, likewise.
    pub rhs: String,
    /// Terraform's warning when the sides' types differ.
    pub different_types: bool,
    /// Terraform's `-verbose`: the sides are shown before the diff.
    pub verbose: bool,
    /// OpenTofu: the change from one side to the other, rendered.
    pub opentofu: Option<String>,
}

/// The references of `x` (in test file `file`) with their values over
/// the run's module and `roots` (see [`references_in`]).
pub(crate) fn reference_values(
    e: &Evaluation,
    file: usize,
    x: &Expression,
    roots: &[(&'static str, Value)],
    style: Style,
) -> Vec<(String, String)> {
    let text = &e.module().files()[file].1;
    let opts = e.module().options();
    references_in(text, x, opts.profile, style, &|expr| e.test_expression(expr, file, roots).ok())
}

/// The references of `x` (of `text`) with their values, sorted: for
/// each, the longest prefix that `value_of` evaluates (`hcl`'s
/// `TraverseAbs`), once. Terraform tries prefixes with at least one step,
/// OpenTofu the root alone too.
pub(crate) fn references_in(
    text: &str,
    x: &Expression,
    profile: Profile,
    style: Style,
    value_of: &dyn Fn(&Expression) -> Option<Value>,
) -> Vec<(String, String)> {
    let limits = crate::limits::Limits::default();
    let mut out: Vec<(String, String)> = Vec::new();
    for (_, span, steps) in crate::syntax::traversals(x) {
        let mut ends: Vec<usize> = steps.iter().map(|s| s.span().end).collect();
        if profile == Profile::OpenTofu {
            ends.insert(0, span.end);
        }
        while let Some(end) = ends.pop() {
            let Some(source) = text.get(span.start..end) else { break };
            if out.iter().any(|(t, _)| t == source) {
                break;
            }
            let Ok(expr) = crate::syntax::parse_expression(source, "", &limits, profile) else { continue };
            let Some(v) = value_of(&expr) else { continue };
            if let Some(stmt) = statement(&v, style, profile) {
                out.push((source.to_string(), stmt));
            }
            break;
        }
    }
    out.sort();
    out
}

/// What follows a reference in the gutter (`is "a"`), if anything.
fn statement(v: &Value, style: Style, profile: Profile) -> Option<String> {
    if v.has_mark_deep(Marks::SENSITIVE) && !matches!(style, Style::Json) || v.marks().contains(Marks::SENSITIVE) {
        return None;
    }
    if !v.is_known() {
        return match v.ty() {
            Type::Dynamic => None,
            ty => Some(format!("is a {}", ty.friendly_name())),
        };
    }
    Some(match style {
        Style::Compact => format!("is {}", compact(v, profile)),
        Style::Json => format!("is {}", json(v)),
    })
}

/// Terraform's `CompactValueStr`.
pub(crate) fn compact(v: &Value, profile: Profile) -> String {
    if v.marks().contains(Marks::SENSITIVE) {
        return "(sensitive value)".into();
    }
    let count = |n: usize, ty: &Type| match n {
        0 => format!("empty {}", ty.friendly_name()),
        1 => format!("{} with 1 element", ty.friendly_name()),
        n => format!("{} with {n} elements", ty.friendly_name()),
    };
    match v.unmarked() {
        Value::Null(_) => "null".into(),
        Value::Unknown(..) => "(not yet known)".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_go_text('g', 10),
        Value::String(s) => crate::value::go_quote(s, profile),
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => count(items.len(), &v.ty()),
        Value::Map(_, entries) => count(entries.len(), &v.ty()),
        Value::Object(o) => match o.len() {
            0 => "object with no attributes".into(),
            1 => format!("object with 1 attribute {}", crate::value::go_quote(o.keys().next().map_or("", |k| k.as_str()), profile)),
            n => format!("object with {n} attributes"),
        },
        Value::Marked(..) => String::new(),
    }
}

/// Terraform's `FormatValueStr`: sensitive and unknown parts described,
/// then the value as JSON indented by two spaces (Go's `json.Indent`).
pub(crate) fn json(v: &Value) -> String {
    let mut compact_text = String::new();
    crate::present::write_json(&described(v), &mut compact_text, crate::present::JsonFlavor::Terraform);
    indent(&compact_text)
}

/// `v` with sensitive and unknown parts replaced by their descriptions.
fn described(v: &Value) -> Value {
    if v.marks().contains(Marks::SENSITIVE) {
        return Value::String("(sensitive value)".into());
    }
    match v.unmarked() {
        Value::Unknown(..) => Value::String("(not yet known)".into()),
        Value::List(t, items) => Value::List(t.clone(), items.iter().map(described).collect::<Vec<_>>().into()),
        Value::Set(t, items) => Value::Set(t.clone(), items.iter().map(described).collect::<Vec<_>>().into()),
        Value::Tuple(items) => Value::Tuple(items.iter().map(described).collect::<Vec<_>>().into()),
        Value::Map(t, m) => {
            Value::Map(t.clone(), m.iter().map(|(k, x)| (k.clone(), described(x))).collect::<std::collections::BTreeMap<_, _>>().into())
        }
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, x)| (k.clone(), described(x))).collect::<std::collections::BTreeMap<_, _>>().into())
        }
        other => other.clone(),
    }
}

/// Go's `json.Indent(dst, src, "", "  ")` over compact JSON.
fn indent(src: &str) -> String {
    let mut out = String::with_capacity(src.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = src.chars().peekable();
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                match chars.peek() {
                    Some('}' | ']') => out.push(chars.next().unwrap_or(c)),
                    _ => {
                        depth += 1;
                        newline(&mut out, depth);
                    }
                }
            }
            '}' | ']' => {
                depth = depth.saturating_sub(1);
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c => out.push(c),
        }
    }
    out
}

/// A failed condition's comparison: Terraform shows any binary
/// operator's sides, OpenTofu those of `==`.
pub(crate) fn comparison(
    e: &Evaluation,
    file: usize,
    condition: &Expression,
    roots: &[(&'static str, Value)],
    profile: Profile,
    verbose: bool,
) -> Option<Comparison> {
    let ExprKind::BinaryOp { op, lhs, rhs } = &condition.kind else { return None };
    let tofu = profile == Profile::OpenTofu;
    if tofu && *op != BinaryOperator::Equal {
        return None;
    }
    let side = |x: &Expression| e.test_expression(x, file, roots).unwrap_or_else(|_| Value::dynamic_unknown());
    let (l, r) = (side(lhs), side(rhs));
    let opentofu = tofu.then(|| change(&l, &r, profile));
    Some(Comparison { lhs: json(&l), rhs: json(&r), different_types: l.ty() != r.ty(), verbose, opentofu })
}

/// OpenTofu's rendering of a change from `before` to `after`, as its
/// plan shows an output's change.
fn change(before: &Value, after: &Value, profile: Profile) -> String {
    let show = |v: &Value| crate::present::console(v, profile);
    match (before.is_null(), after.is_null()) {
        (true, false) => show(after),
        (false, true) => format!("{} -> null", show(before)),
        _ => format!("{} -> {}", show(before), show(after)),
    }
}

/// `v` with every unknown part null (OpenTofu's assertions).
pub(crate) fn unknown_as_null(v: &Value) -> Value {
    let marks = v.marks();
    let out = match v.unmarked() {
        Value::Unknown(t, _) => Value::Null(t.clone()),
        Value::List(t, items) => Value::List(t.clone(), items.iter().map(unknown_as_null).collect::<Vec<_>>().into()),
        Value::Tuple(items) => Value::Tuple(items.iter().map(unknown_as_null).collect::<Vec<_>>().into()),
        Value::Map(t, m) => Value::Map(
            t.clone(),
            m.iter().map(|(k, x)| (k.clone(), unknown_as_null(x))).collect::<std::collections::BTreeMap<_, _>>().into(),
        ),
        Value::Object(m) => {
            Value::Object(m.iter().map(|(k, x)| (k.clone(), unknown_as_null(x))).collect::<std::collections::BTreeMap<_, _>>().into())
        }
        other => other.clone(),
    };
    out.with_marks(marks)
}
