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
        _ => primitive_change(action, before, after, indent, profile),
    };
    (text, action)
}

/// A primitive's change; a string by what it holds, as OpenTofu's
/// `evaluatedString` tells: JSON (each side decoded once), lines, or text.
fn primitive_change(action: Action, before: Option<&Value>, after: Option<&Value>, indent: usize, profile: Profile) -> String {
    let (held_b, held_a) = (before.and_then(|v| json_of(v, profile)), after.and_then(|v| json_of(v, profile)));
    match (action, before, after) {
        // A string that reads as JSON shows as `jsonencode(…)` of its
        // value; one beside another kind of string, as a change of type.
        (Action::Update, Some(b), Some(a)) if held_b.is_some() != held_a.is_some() => {
            let (deleted, _) = render_change(Some(b), None, indent, profile);
            let (created, _) = render_change(None, Some(a), indent, profile);
            format!("{deleted} -> {created}")
        }
        _ if held_b.is_some() || held_a.is_some() => {
            let (text, inner) = render_change(held_b.as_ref(), held_a.as_ref(), indent + 1, profile);
            let symbol = if inner == Action::Update { Action::Update } else { Action::NoOp };
            match text.contains('\n') {
                true => format!("jsonencode(\n{}{}{text}\n{}{})", pad(indent + 1), symbol.symbol(), pad(indent), Action::NoOp.symbol()),
                false => format!("jsonencode({text})"),
            }
        }
        (Action::Update, Some(b), Some(a)) if multiline(b).is_some() || multiline(a).is_some() => {
            // The other side's text as it is, unquoted.
            let lines = |v: &Value| match multiline(v) {
                Some(s) => s.split('\n').map(str::to_string).collect(),
                None => vec![v.as_str().map_or_else(|| primitive(v, profile), str::to_string)],
            };
            heredoc(line_changes(&lines(b), &lines(a)), indent)
        }
        (Action::Update, Some(b), Some(a)) => format!("{} -> {}", primitive(b, profile), primitive(a, profile)),
        (_, _, Some(v)) | (_, Some(v), None) => match multiline(v) {
            Some(s) => heredoc(s.split('\n').map(|l| (Action::NoOp, l.to_string())).collect(), indent),
            None => primitive(v, profile),
        },
        _ => "null".into(),
    }
}

/// A string the renderer shows as a heredoc (one that does not read as
/// JSON, which [`primitive_change`] has asked first): one with a line
/// break, its surrounding white space trimmed as Go's `strings.TrimSpace`.
fn multiline(v: &Value) -> Option<&str> {
    v.as_str().filter(|s| s.contains('\n')).map(str::trim)
}

/// The value a string holds as JSON, for one that starts as an object or
/// an array does.
fn json_of(v: &Value, profile: Profile) -> Option<Value> {
    let s = v.as_str().filter(|s| s.starts_with('{') || s.starts_with('['))?;
    crate::module::plan::providers::json_raw(&serde_json::from_str(s).ok()?, profile)
}

/// `<<-EOT`, each line with its change, and `EOT`, at level `indent`.
fn heredoc(lines: Vec<(Action, String)>, indent: usize) -> String {
    let mut out = String::from("<<-EOT");
    for (action, line) in lines {
        out.push_str(&format!("\n{}{}{line}", pad(indent + 1), action.symbol()));
    }
    out + &format!("\n{}{}EOT", pad(indent), Action::NoOp.symbol())
}

/// The lines of two texts as OpenTofu's `ProcessSlice` walks them: those
/// before the next common line removed, then those after it added, then
/// the common one (the common lines by objchange's
/// `LongestCommonSubsequence`).
fn line_changes(before: &[String], after: &[String]) -> Vec<(Action, String)> {
    process_slice(before, after, |a, b| a == b, |_, _| false)
        .into_iter()
        .map(|pair| match pair {
            (Some(b), Some(_)) => (Action::NoOp, before[b].clone()),
            (Some(b), None) => (Action::Delete, before[b].clone()),
            (_, a) => (Action::Create, a.map(|a| after[a].clone()).unwrap_or_default()),
        })
        .collect()
}

/// Whether the renderer shows two elements as one changed element rather
/// than one removed and one added (jsondiff's `shouldDiffElement`): two
/// objects, or two strings, one with a line break, sharing a line.
fn should_diff(a: &Value, b: &Value) -> bool {
    match (a.unmarked(), b.unmarked()) {
        (Value::Object(_) | Value::Map(..), Value::Object(_) | Value::Map(..)) => true,
        (Value::String(x), Value::String(y)) if x.contains('\n') || y.contains('\n') => {
            x.split('\n').any(|l| y.split('\n').any(|m| l == m))
        }
        _ => false,
    }
}

/// OpenTofu's `ProcessSlice`: the pairs of indices it walks two slices
/// by (`None` on the side an element is missing from), around objchange's
/// `LongestCommonSubsequence`, pairing elements `diff` says to compare.
fn process_slice<T>(
    before: &[T],
    after: &[T],
    equal: impl Fn(&T, &T) -> bool,
    diff: impl Fn(&T, &T) -> bool,
) -> Vec<(Option<usize>, Option<usize>)> {
    let common = longest_common(before, after, &equal);
    let mut out = Vec::new();
    let (mut b, mut a, mut k) = (0, 0, 0);
    let in_common = |x: &T, k: usize| common.get(k).is_some_and(|c| equal(x, c));
    while b < before.len() || a < after.len() || k < common.len() {
        while b < before.len() && !in_common(&before[b], k) {
            if a < after.len() && diff(&before[b], &after[a]) && !in_common(&after[a], k) {
                out.push((Some(b), Some(a)));
                a += 1;
            } else {
                out.push((Some(b), None));
            }
            b += 1;
        }
        while a < after.len() && !in_common(&after[a], k) {
            if b < before.len() && diff(&before[b], &after[a]) {
                out.push((Some(b), Some(a)));
                b += 1;
            } else {
                out.push((None, Some(a)));
            }
            a += 1;
        }
        if k < common.len() {
            out.push((Some(b), Some(a)));
            b += 1;
            a += 1;
            k += 1;
        }
    }
    // An index past either end is a missing element (OpenTofu's GetChild
    // gives nil there).
    out.into_iter().map(|(b, a)| (b.filter(|&b| b < before.len()), a.filter(|&a| a < after.len()))).collect()
}

/// objchange's `LongestCommonSubsequence`, ties broken as it breaks them.
fn longest_common<'v, T>(xs: &'v [T], ys: &[T], equal: &impl Fn(&T, &T) -> bool) -> Vec<&'v T> {
    // The shared head and tail are common as they are; the table is for
    // what lies between, and past a million cells (two long texts that
    // differ throughout) the rest is shown removed and added.
    let head = xs.iter().zip(ys).take_while(|(x, y)| equal(x, y)).count();
    let tail = xs[head..].iter().rev().zip(ys[head..].iter().rev()).take_while(|(x, y)| equal(x, y)).count();
    let (mid_x, mid_y) = (&xs[head..xs.len() - tail], &ys[head..ys.len() - tail]);
    let mut out: Vec<&'v T> = xs[..head].iter().collect();
    if mid_x.len().checked_mul(mid_y.len()).is_some_and(|cells| cells <= 1 << 20) {
        out.extend(table_common(mid_x, mid_y, equal));
    }
    out.extend(xs[xs.len() - tail..].iter());
    out
}

fn table_common<'v, T>(xs: &'v [T], ys: &[T], equal: &impl Fn(&T, &T) -> bool) -> Vec<&'v T> {
    let (w, h) = (xs.len(), ys.len());
    if w == 0 || h == 0 {
        return Vec::new();
    }
    let mut c = vec![0usize; w * h];
    let mut eqs = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            let eq = equal(&xs[x], &ys[y]);
            eqs[w * y + x] = eq;
            let l = if x > 0 { c[w * y + x - 1] } else { 0 };
            let u = if y > 0 { c[w * (y - 1) + x] } else { 0 };
            c[w * y + x] = match eq {
                true => (if x > 0 && y > 0 { c[w * (y - 1) + x - 1] } else { 0 }) + 1,
                false => l.max(u),
            };
        }
    }
    let mut out = Vec::new();
    let (mut x, mut y) = (w as isize - 1, h as isize - 1);
    while x >= 0 && y >= 0 {
        let (ux, uy) = (x as usize, y as usize);
        if eqs[w * uy + ux] {
            out.push(&xs[ux]);
            x -= 1;
            y -= 1;
        } else {
            let l = if ux > 0 { c[w * uy + ux - 1] } else { 0 };
            let u = if uy > 0 { c[w * (uy - 1) + ux] } else { 0 };
            if l > u {
                x -= 1;
            } else {
                y -= 1;
            }
        }
    }
    out.reverse();
    out
}

/// A list's change: the longest common run of elements unchanged, the
/// others removed then added; a list of primitives shows the unchanged
/// neighbours of each change.
fn sequence(before: &[&Value], after: &[&Value], indent: usize, profile: Profile) -> String {
    if before.is_empty() && after.is_empty() {
        return "[]".into();
    }
    let equal = |a: &&Value, b: &&Value| crate::value::ops::raw_equals(a, b, profile);
    let items: Vec<(Action, String)> = process_slice(before, after, equal, |a, b| should_diff(a, b))
        .into_iter()
        .map(|pair| match pair {
            (Some(b), Some(a)) => {
                let (text, action) = render_change(Some(before[b]), Some(after[a]), indent + 1, profile);
                (action, text)
            }
            (Some(b), None) => (Action::Delete, render_change(Some(before[b]), None, indent + 1, profile).0),
            (None, Some(a)) => (Action::Create, render_change(None, Some(after[a]), indent + 1, profile).0),
            (None, None) => (Action::NoOp, String::new()),
        })
        .collect();
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

#[cfg(test)]
mod slice_tests {
    /// Elements paired past either end are missing ones, as OpenTofu's
    /// `GetChild` has them: `[{a=1}]` against `[{a=2}, {a=1}]`.
    #[test]
    fn process_slice_pairs_stay_in_range() {
        let pairs = super::process_slice(&[1], &[2, 1], |a, b| a == b, |_, _| true);
        assert!(pairs.iter().all(|(b, a)| b.is_none_or(|b| b < 1) && a.is_none_or(|a| a < 2)), "{pairs:?}");
        // The table of two long texts that differ throughout stays small.
        let long: Vec<usize> = (0..5000).collect();
        let other: Vec<usize> = (5000..10000).collect();
        assert_eq!(super::longest_common(&long, &other, &|a, b| a == b).len(), 0);
    }
}
