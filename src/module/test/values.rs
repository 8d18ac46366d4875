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
/// plan renderer shows an output's change: primitives as `a -> b`,
/// collections and objects element by element with `+`, `-` and `~`,
/// unchanged parts counted rather than shown.
fn change(before: &Value, after: &Value, profile: Profile) -> String {
    if before.has_mark_deep(Marks::SENSITIVE) || after.has_mark_deep(Marks::SENSITIVE) {
        return "(sensitive value)".into();
    }
    let (text, action) = render_change(Some(before.unmarked()), Some(after.unmarked()), 0, profile);
    match (action, after.is_null()) {
        (Action::Delete, true) => format!("{text} -> null"),
        _ => text,
    }
}

/// What a change does to a value.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    NoOp,
    Create,
    Delete,
    Update,
}

impl Action {
    /// The renderer's symbol, four columns wide.
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            Action::NoOp => "    ",
            Action::Create => "  + ",
            Action::Delete => "  - ",
            Action::Update => "  ~ ",
        }
    }
}

fn pad(indent: usize) -> String {
    "    ".repeat(indent)
}

fn primitive(v: &Value, profile: Profile) -> String {
    match v {
        Value::String(s) => crate::value::go_quote(s, profile),
        Value::Null(_) => "null".into(),
        v => crate::present::console(v, profile),
    }
}

/// One side's parts: a collection's elements, or an object's or map's
/// entries (keys quoted for a map), or none for a primitive.
enum Parts<'v> {
    Sequence(Vec<&'v Value>),
    Entries(Vec<(&'v str, &'v Value)>, bool),
    Primitive,
}

fn parts(v: &Value) -> Parts<'_> {
    match v {
        Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => Parts::Sequence(items.iter().collect()),
        Value::Object(m) => Parts::Entries(m.iter().map(|(k, x)| (k.as_str(), x)).collect(), false),
        Value::Map(_, m) => Parts::Entries(m.iter().map(|(k, x)| (k.as_str(), x)).collect(), true),
        _ => Parts::Primitive,
    }
}

/// The change from `before` to `after` (none or null: created or
/// deleted) at nesting level `indent`, and what it does.
pub(crate) fn render_change(before: Option<&Value>, after: Option<&Value>, indent: usize, profile: Profile) -> (String, Action) {
    let before = before.filter(|v| !v.is_null());
    let after = after.filter(|v| !v.is_null());
    let action = match (before, after) {
        (Some(b), Some(a)) if crate::value::ops::raw_equals(b, a, profile) => Action::NoOp,
        (None, None) => Action::NoOp,
        (None, Some(_)) => Action::Create,
        (Some(_), None) => Action::Delete,
        _ => Action::Update,
    };
    let b_parts = before.map(parts);
    let a_parts = after.map(parts);
    let text = match (b_parts, a_parts) {
        (Some(Parts::Sequence(b)), Some(Parts::Sequence(a))) => sequence(&b, &a, indent, profile),
        (Some(Parts::Sequence(b)), None) => sequence(&b, &[], indent, profile),
        (None, Some(Parts::Sequence(a))) => sequence(&[], &a, indent, profile),
        (Some(Parts::Entries(b, map)), Some(Parts::Entries(a, _))) => entries(&b, &a, map, indent, profile),
        (Some(Parts::Entries(b, map)), None) => entries(&b, &[], map, indent, profile),
        (None, Some(Parts::Entries(a, map))) => entries(&[], &a, map, indent, profile),
        _ => match (action, before, after) {
            (Action::Update, Some(b), Some(a)) => format!("{} -> {}", primitive(b, profile), primitive(a, profile)),
            (_, _, Some(a)) => primitive(a, profile),
            (_, Some(b), None) => primitive(b, profile),
            _ => "null".into(),
        },
    };
    (text, action)
}

/// A list's change: the longest common run of elements unchanged, the
/// others removed then added; a list of primitives shows the unchanged
/// neighbours of each change.
fn sequence(before: &[&Value], after: &[&Value], indent: usize, profile: Profile) -> String {
    if before.is_empty() && after.is_empty() {
        return "[]".into();
    }
    let (n, m) = (before.len(), after.len());
    let mut lcs = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = match crate::value::ops::raw_equals(before[i], after[j], profile) {
                true => lcs[i + 1][j + 1] + 1,
                false => lcs[i + 1][j].max(lcs[i][j + 1]),
            };
        }
    }
    let mut items: Vec<(Action, String)> = Vec::new();
    let (mut i, mut j) = (0, 0);
    let mut removed = Vec::new();
    let mut added = Vec::new();
    let flush = |items: &mut Vec<(Action, String)>, removed: &mut Vec<&Value>, added: &mut Vec<&Value>| {
        for v in removed.drain(..) {
            items.push((Action::Delete, render_change(Some(v), None, indent + 1, profile).0));
        }
        for v in added.drain(..) {
            items.push((Action::Create, render_change(None, Some(v), indent + 1, profile).0));
        }
    };
    while i < n || j < m {
        if i < n && j < m && crate::value::ops::raw_equals(before[i], after[j], profile) {
            flush(&mut items, &mut removed, &mut added);
            items.push((Action::NoOp, render_change(Some(before[i]), Some(after[j]), indent + 1, profile).0));
            i += 1;
            j += 1;
        } else if j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1]) {
            removed.push(before[i]);
            i += 1;
        } else {
            added.push(after[j]);
            j += 1;
        }
    }
    flush(&mut items, &mut removed, &mut added);
    let context = before.iter().chain(after.iter()).all(|v| matches!(parts(v), Parts::Primitive));
    let mut out = String::from("[\n");
    let mut unchanged: Vec<&String> = Vec::new();
    let mut show_next = false;
    let hidden = |count: usize| match count {
        1 => "# (1 unchanged element hidden)".to_string(),
        n => format!("# ({n} unchanged elements hidden)"),
    };
    for (action, text) in &items {
        if *action == Action::NoOp && !show_next {
            unchanged.push(text);
            continue;
        }
        show_next = false;
        if context {
            if unchanged.len() > 1 {
                out.push_str(&format!("{}{}{}\n", pad(indent + 1), Action::NoOp.symbol(), hidden(unchanged.len() - 1)));
            }
            if let Some(last) = unchanged.last() {
                out.push_str(&format!("{}{}{last},\n", pad(indent + 1), Action::NoOp.symbol()));
            }
            unchanged.clear();
            show_next = *action != Action::NoOp;
        }
        out.push_str(&format!("{}{}{text},\n", pad(indent + 1), action.symbol()));
    }
    if !unchanged.is_empty() {
        out.push_str(&format!("{}{}{}\n", pad(indent + 1), Action::NoOp.symbol(), hidden(unchanged.len())));
    }
    out.push_str(&format!("{}{}]", pad(indent), Action::NoOp.symbol()));
    out
}

fn entry<'v>(side: &[(&str, &'v Value)], k: &str) -> Option<&'v Value> {
    side.iter().find(|(x, _)| *x == k).map(|(_, v)| *v)
}

/// An object's or map's change: each changed attribute, keys aligned,
/// the unchanged ones counted.
fn entries(before: &[(&str, &Value)], after: &[(&str, &Value)], map: bool, indent: usize, profile: Profile) -> String {
    let mut keys: Vec<&str> = before.iter().chain(after.iter()).map(|(k, _)| *k).collect();
    keys.sort();
    keys.dedup();
    if keys.is_empty() {
        return "{}".into();
    }
    let name = |k: &str| match map || !crate::text::is_identifier(k) {
        true => crate::value::go_quote(k, profile),
        false => k.to_string(),
    };
    let width = keys.iter().map(|k| name(k).chars().count()).max().unwrap_or(0);
    let mut out = String::from("{\n");
    let mut unchanged = 0;
    for k in keys {
        let (text, action) = render_change(entry(before, k), entry(after, k), indent + 1, profile);
        if action == Action::NoOp {
            unchanged += 1;
            continue;
        }
        out.push_str(&format!("{}{}{:<width$} = {text}\n", pad(indent + 1), action.symbol(), name(k)));
    }
    if unchanged > 0 {
        let word = if map { "element" } else { "attribute" };
        let plural = if unchanged == 1 { "" } else { "s" };
        out.push_str(&format!("{}{}# ({unchanged} unchanged {word}{plural} hidden)\n", pad(indent + 1), Action::NoOp.symbol()));
    }
    out.push_str(&format!("{}{}}}", pad(indent), Action::NoOp.symbol()));
    out
}

/// A value as `terraform show` prints it in the state, at nesting level
/// `indent`: every element and attribute, four spaces a level.
pub(crate) fn show_value(v: &Value, indent: usize, profile: Profile) -> String {
    if v.marks().contains(Marks::SENSITIVE) {
        return "(sensitive value)".into();
    }
    match parts(v.unmarked()) {
        Parts::Sequence(items) if items.is_empty() => "[]".into(),
        Parts::Sequence(items) => {
            let mut out = String::from("[\n");
            for x in items {
                out.push_str(&format!("{}{},\n", pad(indent + 1), show_value(x, indent + 1, profile)));
            }
            out + &format!("{}]", pad(indent))
        }
        Parts::Entries(entries, _) if entries.is_empty() => "{}".into(),
        Parts::Entries(entries, map) => {
            let name = |k: &str| match map || !crate::text::is_identifier(k) {
                true => crate::value::go_quote(k, profile),
                false => k.to_string(),
            };
            let width = entries.iter().map(|(k, _)| name(k).chars().count()).max().unwrap_or(0);
            let mut out = String::from("{\n");
            for (k, x) in entries {
                out.push_str(&format!("{}{:<width$} = {}\n", pad(indent + 1), name(k), show_value(x, indent + 1, profile)));
            }
            out + &format!("{}}}", pad(indent))
        }
        Parts::Primitive => primitive(v.unmarked(), profile),
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
