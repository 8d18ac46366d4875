//! The canonical layout of a token sequence, as `hclwrite.Format` makes
//! it: only the spaces before each token change. Lines are cut at newline
//! tokens (and at `#` and `//` comments, which end in their newline), each
//! line into up to three cells — the lead, an `= value` assignment and a
//! trailing comment — then indentation comes from counting brackets line
//! by line, spacing from the pair of tokens on either side, and the
//! assignment and comment cells of consecutive lines are aligned.

use super::Piece;
use crate::syntax::diagnose::scanner::Tok;
use std::ops::Range;

/// One line's cells, as ranges of token indices.
struct Line {
    lead: Range<usize>,
    assign: Option<Range<usize>>,
    comment: Option<Range<usize>>,
}

/// Sets the spaces before every token of `toks` (which ends with an EOF
/// token) to the canonical layout. The EOF token keeps its own: spaces
/// at the very end of the input stay, as they do in `hclwrite`.
pub(super) fn layout(toks: &mut [Piece<'_>]) {
    let lines = lines(toks);
    indent(toks, &lines);
    spacing(toks, &lines);
    align(toks, &lines);
}

/// The text of the tokens with their spaces.
pub(super) fn render(toks: &[Piece<'_>]) -> String {
    let mut out = String::with_capacity(toks.iter().map(|t| t.spaces + t.text.len()).sum());
    for t in toks {
        out.extend(std::iter::repeat(' ').take(t.spaces));
        out.push_str(&t.text);
    }
    out
}

fn ends_line(t: &Piece<'_>) -> bool {
    t.ty == Tok::Newline || (t.ty == Tok::Comment && t.text.ends_with('\n'))
}

/// +1 for an opening bracket (template sequences included), -1 for a
/// closing one. Quotes and heredoc markers do not count.
fn bracket_change(ty: Tok) -> i32 {
    match ty {
        Tok::OBrace | Tok::OBrack | Tok::OParen | Tok::TemplateControl | Tok::TemplateInterp => 1,
        Tok::CBrace | Tok::CBrack | Tok::CParen | Tok::TemplateSeqEnd => -1,
        _ => 0,
    }
}

fn lines(toks: &[Piece<'_>]) -> Vec<Line> {
    let mut cut = Vec::new();
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        if t.ty == Tok::Eof {
            break;
        }
        if ends_line(t) {
            cut.push(start..i + 1);
            start = i + 1;
        }
    }
    let end = toks.iter().position(|t| t.ty == Tok::Eof).unwrap_or(toks.len());
    cut.push(start..end.max(start));
    cut.into_iter()
        .map(|mut lead| {
            let mut comment = None;
            if lead.len() > 1 && toks[lead.end - 1].ty == Tok::Comment {
                comment = Some(lead.end - 1..lead.end);
                lead.end -= 1;
            }
            let mut assign = None;
            // Only an `=` whose value closes every bracket it opens on
            // this line makes an assignment cell: one that opens a
            // multi-line value leaves the line out of the alignment.
            if let Some(eq) = (lead.start + 1..lead.end).find(|&i| toks[i].ty == Tok::Equal) {
                if toks[eq..lead.end].iter().map(|t| bracket_change(t.ty)).sum::<i32>() == 0 {
                    assign = Some(eq..lead.end);
                    lead.end = eq;
                }
            }
            Line { lead, assign, comment }
        })
        .collect()
}

/// Two spaces per open bracket level, where a line that opens several
/// brackets at once counts as one level, closed again when as many
/// brackets have closed (so `[[` … `]]` indents once).
fn indent(toks: &mut [Piece<'_>], lines: &[Line]) {
    let mut levels: Vec<i32> = Vec::new();
    for line in lines {
        if line.lead.is_empty() {
            continue;
        }
        let first = line.lead.start;
        if toks[first].ty == Tok::Newline {
            toks[first].spaces = 0;
            continue;
        }
        let mut net = 0;
        for t in &toks[line.lead.clone()] {
            net += bracket_change(t.ty);
            // A heredoc's text is not code: its brackets do not count.
            if t.ty == Tok::OHeredoc {
                break;
            }
        }
        if let Some(assign) = &line.assign {
            net += toks[assign.clone()].iter().map(|t| bracket_change(t.ty)).sum::<i32>();
        }
        if net > 0 {
            toks[first].spaces = 2 * levels.len();
            levels.push(net);
            continue;
        }
        let mut closed = -net;
        while closed > 0 {
            let Some(top) = levels.last_mut() else { break };
            if closed >= *top {
                closed -= *top;
                levels.pop();
            } else {
                *top -= closed;
                closed = 0;
            }
        }
        toks[first].spaces = 2 * levels.len();
    }
}

fn spacing(toks: &mut [Piece<'_>], lines: &[Line]) {
    for line in lines {
        space_cell(toks, line.lead.clone());
        if let Some(assign) = &line.assign {
            toks[assign.start].spaces = 1;
            space_cell(toks, assign.clone());
        }
    }
}

/// The spaces between the tokens of one cell (not before its first).
fn space_cell(toks: &mut [Piece<'_>], cell: Range<usize>) {
    for i in cell.start..cell.end.saturating_sub(1) {
        let before = if i > cell.start { toks[i - 1].ty } else { Tok::Nil };
        let space = space_after(&toks[i], before, toks[i + 1].ty) || would_merge(&toks[i..]);
        toks[i + 1].spaces = usize::from(space);
    }
}

/// Whether `subject` is followed by a space when `before` precedes it and
/// `after` follows (`before` is `Nil` at the start of a cell). The rules
/// are tried in order; the first that applies decides.
fn space_after(subject: &Piece<'_>, before: Tok, after: Tok) -> bool {
    use Tok::*;
    let s = subject.ty;
    match () {
        _ if matches!(after, Newline | Nil) => false,
        _ if s == Ident && after == OParen => false,
        _ if (s == Ident && after == DoubleColon) || (s == DoubleColon && after == Ident) => false,
        _ if s == Dot || after == Dot => false,
        _ if after == Comma || after == Ellipsis => false,
        _ if s == Comma => true,
        // Template text keeps its own spacing.
        _ if matches!(s, QuotedLit | StringLit | OQuote | OHeredoc) || matches!(after, QuotedLit | StringLit | CQuote | CHeredoc) => false,
        // `in` after a name is the keyword of a `for`, not a value to index:
        // `[for x in [y] : x]`.
        _ if s == Ident && subject.text == "in" && before == Ident => true,
        _ if after == OBrack && (matches!(s, Ident | NumberLit) || bracket_change(s) < 0) => false,
        _ if s == Bang => false,
        // A minus after something that cannot end an operand is a sign.
        _ if s == Minus => !matches!(
            before,
            Nil | OParen
                | OBrace
                | OBrack
                | Equal
                | Colon
                | Comma
                | Question
                | Plus
                | Star
                | Slash
                | Percent
                | Minus
                | EqualOp
                | NotEqual
                | GreaterThan
                | GreaterThanEq
                | LessThan
                | LessThanEq
                | And
                | Or
                | Bang
        ),
        _ if s == OBrace || after == CBrace => !(s == OBrace && after == CBrace),
        _ if matches!(s, TemplateInterp | TemplateControl) && after == OBrace => true,
        _ if s == CBrace && after == TemplateSeqEnd => true,
        _ if s == TemplateSeqEnd && matches!(after, TemplateInterp | TemplateControl) => false,
        _ if bracket_change(s) > 0 => false,
        _ if bracket_change(after) < 0 => false,
        _ => true,
    }
}

/// A number, a dot and what follows, which written together would read as
/// one number (`3 .0` as `3.0`, `1 .e5` as `1.e5`): Terraform writes them
/// together, turning an index into a number; we keep the space.
fn would_merge(toks: &[Piece<'_>]) -> bool {
    let [number, dot, next, ..] = toks else { return false };
    if number.ty != Tok::NumberLit || dot.ty != Tok::Dot {
        return false;
    }
    let exponent = |t: &str| {
        let t = t.strip_prefix(['e', 'E']).unwrap_or("");
        t.strip_prefix('-').unwrap_or(t).starts_with(|c: char| c.is_ascii_digit())
    };
    next.ty == Tok::NumberLit || (next.ty == Tok::Ident && exponent(&next.text))
}

/// Columns a cell takes: its spaces and its grapheme clusters.
fn columns(toks: &[Piece<'_>], cell: Range<usize>) -> usize {
    toks[cell].iter().map(|t| t.spaces + crate::text::unicode::token_count(&t.text, crate::text::unicode::Version::Unicode15)).sum()
}

/// Aligns the `=` of consecutive lines with an assignment cell one space
/// after the longest lead, then the comments of consecutive lines with a
/// trailing comment one space after the longest code.
fn align(toks: &mut [Piece<'_>], lines: &[Line]) {
    for run in runs(lines, |l| l.assign.is_some()) {
        let widest = run.iter().map(|l| columns(toks, l.lead.clone())).max().unwrap_or(0);
        for l in run {
            let width = columns(toks, l.lead.clone());
            toks[l.assign.as_ref().expect("in the run").start].spaces = widest - width + 1;
        }
    }
    let code = |toks: &[Piece<'_>], l: &Line| columns(toks, l.lead.clone()) + l.assign.clone().map_or(0, |a| columns(toks, a));
    for run in runs(lines, |l| l.comment.is_some()) {
        let widest = run.iter().map(|l| code(toks, l)).max().unwrap_or(0);
        for l in run {
            let width = code(toks, l);
            toks[l.comment.as_ref().expect("in the run").start].spaces = widest - width + 1;
        }
    }
}

/// The maximal runs of consecutive lines for which `has` holds.
fn runs(lines: &[Line], has: impl Fn(&Line) -> bool) -> impl Iterator<Item = &[Line]> {
    lines.split(move |l| !has(l)).filter(|r| !r.is_empty())
}
