//! Parsing a configuration file again after an edit inside one of its
//! top-level blocks: only that block is parsed, and the items after it
//! move by the edit's length. Typing in a 3,000-line file parses a few
//! lines instead of the whole file.
//!
//! The shortcut is taken only where it must give what parsing the whole
//! file gives: the file parsed before, the edit lies strictly between one
//! block's braces, and the block's new text parses alone, without a
//! diagnostic, as exactly one block that ends where the old one did (moved
//! by the edit). Anything else (an error, an edit across blocks or between
//! them) parses the whole file, whose diagnostics need it. (The block alone
//! has its own parse budget, `Limits::parse_calls_per_byte` of its length:
//! with that limit lowered far below the default, a block could pass
//! alone where its file would be refused as too complex.)

use super::ast::{Body, BodyItem, ExprKind, Expression, Step, TemplatePart};
use crate::diagnostics::Span;
use crate::limits::Limits;
use crate::profile::Profile;

/// `new`, the text of a configuration file whose previous text `old`
/// parsed to `body`, parsed again where the edit allows parsing one block
/// (see the module's documentation); `None` when the whole file must be
/// parsed.
///
/// ```
/// use hcl_playground::{syntax, Limits, Profile};
/// let old = "locals {\n  a = 1\n}\n\nlocals {\n  b = 2\n}\n";
/// let new = "locals {\n  a = 10\n}\n\nlocals {\n  b = 2\n}\n";
/// let (limits, profile) = (Limits::default(), Profile::default());
/// let body = syntax::parse_config(old, "main.tf", &limits, profile).unwrap();
/// let again = syntax::reparse_config(old, &body, new, "main.tf", &limits, profile).unwrap();
/// let whole = syntax::parse_config(new, "main.tf", &limits, profile).unwrap();
/// assert_eq!(format!("{again:?}"), format!("{whole:?}"));
/// ```
pub fn reparse_config(old: &str, body: &Body, new: &str, filename: &str, limits: &Limits, profile: Profile) -> Option<Body> {
    let (changed_old, delta) = changed_range(old, new)?;
    let i = body.items.iter().position(|item| match item {
        BodyItem::Block(b) => b.open_brace.end <= changed_old.start && changed_old.end <= b.close_brace.start,
        BodyItem::Attribute(_) => false,
    })?;
    let BodyItem::Block(before) = &body.items[i] else { return None };
    let start = before.kind_span.start;
    let end = before.close_brace.end.checked_add_signed(delta)?;
    let mut parsed = super::parse_config(new.get(start..end)?, filename, limits, profile).ok()?;
    if parsed.items.len() != 1 {
        return None;
    }
    let mut block = parsed.items.pop()?;
    shift_item(&mut block, start as isize);
    match &block {
        BodyItem::Block(b) if b.kind_span.start == start && b.close_brace.end == end => {}
        _ => return None,
    }
    let mut items = Vec::with_capacity(body.items.len());
    items.extend(body.items[..i].iter().cloned());
    items.push(block);
    items.extend(body.items[i + 1..].iter().cloned().map(|mut item| {
        shift_item(&mut item, delta);
        item
    }));
    Some(Body { items, span: Span::new(0, new.len()) })
}

/// The bytes of `old` an edit replaced to give `new`, and by how much the
/// text after them moved; `None` when the texts are the same.
fn changed_range(old: &str, new: &str) -> Option<(Span, isize)> {
    if old == new {
        return None;
    }
    let (a, b) = (old.as_bytes(), new.as_bytes());
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let most = a.len().min(b.len()) - prefix;
    let suffix = a.iter().rev().zip(b.iter().rev()).take(most).take_while(|(x, y)| x == y).count();
    Some((Span::new(prefix, a.len() - suffix), b.len() as isize - a.len() as isize))
}

fn shift(span: &mut Span, by: isize) {
    span.start = span.start.saturating_add_signed(by);
    span.end = span.end.saturating_add_signed(by);
}

fn shift_body(body: &mut Body, by: isize) {
    shift(&mut body.span, by);
    for item in &mut body.items {
        shift_item(item, by);
    }
}

fn shift_item(item: &mut BodyItem, by: isize) {
    match item {
        BodyItem::Attribute(a) => {
            let a = std::rc::Rc::make_mut(a);
            shift(&mut a.name_span, by);
            shift(&mut a.span, by);
            shift_expr(&mut a.expr, by);
        }
        BodyItem::Block(b) => {
            let b = std::rc::Rc::make_mut(b);
            shift(&mut b.kind_span, by);
            for (_, s) in &mut b.labels {
                shift(s, by);
            }
            shift(&mut b.open_brace, by);
            shift(&mut b.close_brace, by);
            shift_body(&mut b.body, by);
        }
    }
}

/// Moves every span of `e` by `by` bytes (an expression parsed from a
/// slice, placed where the slice is).
pub(crate) fn shift_expr(e: &mut Expression, by: isize) {
    // Operator chains are long and flat: walked with a work list, not by
    // recursion.
    let mut work: Vec<&mut Expression> = vec![e];
    while let Some(e) = work.pop() {
        shift(&mut e.span, by);
        match &mut e.kind {
            ExprKind::Literal(_) | ExprKind::Variable(_) | ExprKind::AnonSymbol => {}
            ExprKind::Invalid(diags) => {
                for d in std::rc::Rc::make_mut(diags) {
                    shift(&mut d.subject, by);
                }
            }
            ExprKind::Traversal { source, step } => {
                match step {
                    Step::GetAttr { span, .. } | Step::LegacyIndex { span, .. } => shift(span, by),
                    Step::Index { key, span } => {
                        shift(span, by);
                        work.push(&mut **key);
                    }
                }
                work.push(&mut **source);
            }
            ExprKind::Splat { source, each } => {
                work.push(&mut **source);
                work.push(&mut **each);
            }
            ExprKind::FunctionCall { name_span, args, close_span, .. } => {
                shift(name_span, by);
                shift(close_span, by);
                work.extend(args.iter_mut());
            }
            ExprKind::Conditional { condition, true_result, false_result } => {
                work.extend([&mut **condition, &mut **true_result, &mut **false_result]);
            }
            ExprKind::BinaryOp { lhs, rhs, .. } => work.extend([&mut **lhs, &mut **rhs]),
            ExprKind::UnaryOp { operand, .. } => work.push(&mut **operand),
            ExprKind::TupleCons(items) => work.extend(items.iter_mut()),
            ExprKind::ObjectCons(items) => {
                for item in items {
                    work.push(&mut item.key.expr);
                    work.push(&mut item.value);
                }
            }
            ExprKind::For(f) => {
                shift(&mut f.intro_span, by);
                let f = &mut **f;
                work.push(&mut f.collection);
                work.push(&mut f.value_expr);
                work.extend(f.key_expr.as_mut());
                work.extend(f.cond_expr.as_mut());
            }
            ExprKind::Template(parts) => shift_parts(parts, by, &mut work),
            ExprKind::TemplateWrap(inner) | ExprKind::Parenthesized(inner) => work.push(&mut **inner),
        }
    }
}

fn shift_parts<'e>(parts: &'e mut [TemplatePart], by: isize, work: &mut Vec<&'e mut Expression>) {
    for part in parts {
        match part {
            TemplatePart::Literal(_) => {}
            TemplatePart::Interpolation(e) => work.push(e),
            TemplatePart::If { condition, then_parts, else_parts, span } => {
                shift(span, by);
                work.push(condition);
                shift_parts(then_parts, by, work);
                shift_parts(else_parts, by, work);
            }
            TemplatePart::For { collection, body, span, .. } => {
                shift(span, by);
                work.push(collection);
                shift_parts(body, by, work);
            }
        }
    }
}
