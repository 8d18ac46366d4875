//! HCL's `StartRange`: the part of an expression a diagnostic about the
//! expression as a whole points at (a function call's name and opening
//! parenthesis, a constructor's opening bracket, a template's first part).
//! Function-call diagnostics use it, and it shows in the messages of `try`
//! and `templatestring`, which quote ranges.

use crate::diagnostics::Span;
use crate::syntax::ast::{ExprKind, Expression, Step, TemplatePart};

/// The start range of `e`, parsed from `source`.
pub(super) fn start_range(source: &str, e: &Expression) -> Span {
    let one = |at: usize| Span { start: at, end: (at + 1).min(source.len()) };
    match &e.kind {
        ExprKind::FunctionCall { name_span, .. } => call_start(source, *name_span),
        ExprKind::Conditional { condition, .. } => start_range(source, condition),
        ExprKind::BinaryOp { lhs, .. } => start_range(source, lhs),
        ExprKind::UnaryOp { .. } | ExprKind::TupleCons(_) | ExprKind::ObjectCons(_) | ExprKind::For(_) => one(e.span.start),
        ExprKind::Parenthesized(inner) => start_range(source, inner),
        // `a[b]` with a key that is not a literal is an index expression of
        // its own, which starts at its bracket; other traversals are whole.
        ExprKind::Traversal { step: step @ Step::Index { span, .. }, .. } if !step.is_static() => one(span.start),
        ExprKind::Splat { source: from, .. } => splat_marker(source, from.span.end),
        ExprKind::Template(parts) => template_start(source, e.span, parts),
        _ => e.span,
    }
}

/// A call's name through its opening parenthesis.
pub(super) fn call_start(source: &str, name: Span) -> Span {
    let at = skip_space(source, name.end);
    let end = if source[at..].starts_with('(') { at + 1 } else { name.end };
    Span { start: name.start, end }
}

/// Skips spaces, tabs and comments (HCL's scanner drops them between
/// tokens; a newline inside parentheses too).
fn skip_space(source: &str, mut at: usize) -> usize {
    let b = source.as_bytes();
    loop {
        match b.get(at) {
            Some(b' ' | b'\t' | b'\r' | b'\n') => at += 1,
            Some(b'#') => at = source[at..].find('\n').map_or(source.len(), |i| at + i),
            Some(b'/') if b.get(at + 1) == Some(&b'/') => at = source[at..].find('\n').map_or(source.len(), |i| at + i),
            Some(b'/') if b.get(at + 1) == Some(&b'*') => at = source[at + 2..].find("*/").map_or(source.len(), |i| at + i + 4),
            _ => return at.min(source.len()),
        }
    }
}

/// A splat's `.*` or `[*]`.
fn splat_marker(source: &str, after: usize) -> Span {
    let at = skip_space(source, after);
    let end = match source.as_bytes().get(at) {
        Some(b'[') => source[at..].find(']').map_or(source.len(), |i| at + i + 1),
        _ => (at + 2).min(source.len()),
    };
    Span { start: at, end }
}

/// A template's first part: its literal text, its first interpolation's
/// own start, an `if` directive's condition, or a `for` directive's
/// opening sequence. A template with no parts has an empty range at its
/// end.
fn template_start(source: &str, span: Span, parts: &[TemplatePart]) -> Span {
    match parts.first() {
        None => Span { start: span.end, end: span.end },
        Some(TemplatePart::Interpolation(x)) => start_range(source, x),
        Some(TemplatePart::If { condition, .. }) => start_range(source, condition),
        Some(TemplatePart::For { span, .. }) => {
            let end = source[span.start..span.end].find('}').map_or(span.end, |i| span.start + i + 1);
            Span { start: span.start, end }
        }
        _ => literal_start(source, span),
    }
}

/// The leading literal of a quoted template or heredoc: up to the first
/// interpolation or directive (escaped ones are literal text), the
/// closing quote, or the heredoc's closing line.
fn literal_start(source: &str, span: Span) -> Span {
    let text = &source[span.start..span.end];
    let b = source.as_bytes();
    if text.starts_with("<<") {
        let header_end = text.find('\n').map_or(span.end, |i| span.start + i + 1);
        let delimiter = text[2..].trim_start_matches('-').split(['\r', '\n']).next().unwrap_or("").trim();
        let mut at = header_end;
        let mut line_start = header_end;
        while at < span.end {
            if at == line_start && source[at..span.end].lines().next().is_some_and(|l| l.trim() == delimiter) {
                break;
            }
            match (b[at], b.get(at + 1), b.get(at + 2)) {
                (b'$' | b'%', Some(&n1), Some(b'{')) if n1 == b[at] => at += 3,
                (b'$' | b'%', Some(b'{'), _) => break,
                (b'\n', _, _) => {
                    at += 1;
                    line_start = at;
                }
                _ => at += 1,
            }
        }
        return Span { start: header_end, end: at };
    }
    let start = (span.start + 1).min(span.end);
    let mut at = start;
    while at < span.end {
        match (b[at], b.get(at + 1), b.get(at + 2)) {
            (b'\\', _, _) => at += 2,
            (b'$' | b'%', Some(&n1), Some(b'{')) if n1 == b[at] => at += 3,
            (b'$' | b'%', Some(b'{'), _) | (b'"', _, _) => break,
            _ => at += 1,
        }
    }
    Span { start, end: at.min(span.end) }
}
