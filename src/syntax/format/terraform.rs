//! What `terraform fmt` changes beyond `hclwrite`'s spacing, before the
//! layout pass: every block label is written again in its quoted form
//! (comments among the labels go), an argument whose whole value is one
//! interpolation (`"${x}"`) is unwrapped, and the legacy type constraints
//! of a `variable` block's `type` (`"string"`, `"list"`, `"map"`, and a
//! bare `list`, `map` or `set`) are written as today's types.
//!
//! One deliberate difference: a quoted label that is more than one
//! literal token to HCL's scanner (one with a `$` or `%` in it, `"a$b"`)
//! is kept as written, where Terraform drops it from the block.
//!
//! The input has parsed as a configuration file, so the walk over the
//! tokens can read the body's shape from them; where it meets anything
//! else it stops and changes nothing more.

use super::Piece;
use crate::syntax::diagnose::scanner::Tok;
use std::borrow::Cow;
use std::ops::Range;

/// `toks` (a whole file's tokens, ending with EOF) with Terraform's
/// rewrites made.
pub(super) fn rewrite(toks: Vec<Piece<'_>>) -> Vec<Piece<'_>> {
    let mut edits = Vec::new();
    Walker { toks: &toks, edits: &mut edits }.body(0, &mut Vec::new());
    if edits.is_empty() {
        return toks;
    }
    let mut out = Vec::with_capacity(toks.len());
    let mut at = 0;
    let mut toks = toks.into_iter();
    for (range, replacement) in edits {
        out.extend(toks.by_ref().take(range.start - at));
        toks.by_ref().take(range.len()).for_each(drop);
        out.extend(replacement);
        at = range.end;
    }
    out.extend(toks);
    out
}

struct Walker<'a, 's> {
    toks: &'a [Piece<'s>],
    /// Token ranges and what replaces them, in order, not overlapping.
    edits: &'a mut Vec<(Range<usize>, Vec<Piece<'s>>)>,
}

impl<'s> Walker<'_, 's> {
    fn ty(&self, i: usize) -> Tok {
        self.toks.get(i).map_or(Tok::Eof, |t| t.ty)
    }

    fn skip_comments(&self, mut i: usize) -> usize {
        while self.ty(i) == Tok::Comment {
            i += 1;
        }
        i
    }

    /// The items of a body from token `i`, inside the blocks named by
    /// `path`; the index of the token that ends it (`}` or EOF), or None
    /// where the tokens are not shaped as a body.
    fn body(&mut self, mut i: usize, path: &mut Vec<&'s str>) -> Option<usize> {
        loop {
            while matches!(self.ty(i), Tok::Newline | Tok::Comment) {
                i += 1;
            }
            match self.ty(i) {
                Tok::Eof | Tok::CBrace => return Some(i),
                Tok::Ident => {}
                _ => return None,
            }
            let name = i;
            let mut j = self.skip_comments(i + 1);
            if self.ty(j) == Tok::Equal {
                let start = self.skip_comments(j + 1);
                let end = self.value_end(start);
                let mut last = end;
                while last > start && self.ty(last - 1) == Tok::Comment {
                    last -= 1;
                }
                self.attribute(self.text(name), path, start..last);
                i = end;
                continue;
            }
            let mut labels = Vec::new();
            while self.ty(j) != Tok::OBrace {
                match self.ty(j) {
                    Tok::Ident => {
                        labels.push(j..j + 1);
                        j += 1;
                    }
                    Tok::OQuote => {
                        let close = (j + 1..self.toks.len()).find(|&k| matches!(self.ty(k), Tok::CQuote | Tok::Eof))?;
                        labels.push(j..close + 1);
                        j = close + 1;
                    }
                    Tok::Comment => j += 1,
                    _ => return None,
                }
            }
            if let Some(last) = labels.last() {
                let mut replacement = Vec::new();
                for l in &labels {
                    match self.label_value(l.clone()) {
                        Some(value) => quoted(value, &mut replacement),
                        None => replacement.extend_from_slice(&self.toks[l.clone()]),
                    }
                }
                self.edits.push((name + 1..last.end, replacement));
            }
            path.push(self.text(name));
            let close = self.body(j + 1, path)?;
            path.pop();
            if self.ty(close) != Tok::CBrace {
                return None;
            }
            i = close + 1;
        }
    }

    fn text(&self, i: usize) -> &'s str {
        match &self.toks[i].text {
            Cow::Borrowed(s) => s,
            Cow::Owned(_) => "",
        }
    }

    /// Where an argument's value starting at `start` ends: the newline,
    /// line comment or end of input that ends its line, or the `}` of a
    /// one-line block, outside any bracket, quote or heredoc.
    fn value_end(&self, start: usize) -> usize {
        let mut depth = 0i32;
        let mut i = start;
        loop {
            let t = &self.toks[i.min(self.toks.len() - 1)];
            match t.ty {
                Tok::Eof => return i,
                Tok::Newline if depth == 0 => return i,
                Tok::Comment if depth == 0 && t.text.ends_with('\n') => return i,
                Tok::CBrace if depth == 0 => return i,
                Tok::OBrace | Tok::OBrack | Tok::OParen | Tok::TemplateInterp | Tok::TemplateControl | Tok::OQuote | Tok::OHeredoc => {
                    depth += 1
                }
                Tok::CBrace | Tok::CBrack | Tok::CParen | Tok::TemplateSeqEnd | Tok::CQuote | Tok::CHeredoc => depth -= 1,
                _ => {}
            }
            i += 1;
        }
    }

    fn attribute(&mut self, name: &str, path: &[&str], value: Range<usize>) {
        let replacement =
            if path == ["variable"] && name == "type" { self.type_expr(value.clone()) } else { unwrapped(&self.toks[value.clone()]) };
        if let Some(r) = replacement {
            self.edits.push((value, r));
        }
    }

    /// A `variable` block's `type` in today's syntax: `list` as
    /// `list(any)`, the quoted `"list"` as `list(string)`.
    fn type_expr(&self, value: Range<usize>) -> Option<Vec<Piece<'s>>> {
        let t = &self.toks[value];
        let call = |name: &'static str, arg: &'static str| {
            vec![piece(Tok::Ident, name), piece(Tok::OParen, "("), piece(Tok::Ident, arg), piece(Tok::CParen, ")")]
        };
        match t {
            [k] if k.ty == Tok::Ident && matches!(&*k.text, "list" | "map" | "set") => {
                let mut out = call("", "any");
                out[0] = k.clone();
                Some(out)
            }
            [o, s, c] if o.ty == Tok::OQuote && s.ty == Tok::QuotedLit && c.ty == Tok::CQuote => match &*s.text {
                "string" => Some(vec![piece(Tok::Ident, "string")]),
                "list" => Some(call("list", "string")),
                "map" => Some(call("map", "string")),
                _ => None,
            },
            _ => None,
        }
    }

    /// A label's value: a name, an empty string, or a quoted literal of
    /// one token; None for another label (Terraform drops it).
    fn label_value(&self, label: Range<usize>) -> Option<String> {
        match &self.toks[label] {
            [name] if name.ty == Tok::Ident => Some(name.text.to_string()),
            [o, c] if o.ty == Tok::OQuote && c.ty == Tok::CQuote => Some(String::new()),
            [o, s, c] if o.ty == Tok::OQuote && s.ty == Tok::QuotedLit && c.ty == Tok::CQuote => unescape(&s.text),
            _ => None,
        }
    }
}

/// `"${x}"` as `x` (in parentheses if it spans lines and is not
/// already in them): a value that is one interpolation and nothing
/// else, an interpolation in a nested string aside.
pub(super) fn unwrapped<'s>(t: &[Piece<'s>]) -> Option<Vec<Piece<'s>>> {
    let n = t.len();
    if n < 5 || t[0].ty != Tok::OQuote || t[1].ty != Tok::TemplateInterp || t[n - 2].ty != Tok::TemplateSeqEnd || t[n - 1].ty != Tok::CQuote
    {
        return None;
    }
    let inside = &t[2..n - 2];
    let mut quotes = 0;
    for tok in inside {
        match tok.ty {
            Tok::OQuote => quotes += 1,
            Tok::CQuote => quotes -= 1,
            _ if quotes > 0 => {}
            Tok::TemplateInterp | Tok::TemplateSeqEnd | Tok::QuotedLit => return None,
            _ => {}
        }
    }
    let first = inside.iter().position(|t| t.ty != Tok::Newline).unwrap_or(inside.len());
    let last = inside.iter().rposition(|t| t.ty != Tok::Newline).map_or(first, |i| i + 1);
    let inner = &inside[first..last.max(first)];
    let multi_line = inner.iter().any(|t| t.ty == Tok::Newline);
    let parenthesized = inner.first().is_some_and(|t| t.ty == Tok::OParen) && inner.last().is_some_and(|t| t.ty == Tok::CParen);
    let mut out = Vec::with_capacity(inner.len() + 2);
    let wrap = multi_line && !(parenthesized && inner.len() > 1);
    if wrap {
        out.push(piece(Tok::OParen, "("));
    }
    out.extend(inner.iter().cloned());
    if wrap {
        out.push(piece(Tok::CParen, ")"));
    }
    Some(out)
}

fn piece(ty: Tok, text: &'static str) -> Piece<'static> {
    Piece { ty, text: Cow::Borrowed(text), spaces: 0 }
}

/// A string as a quoted literal's tokens, escaped as `hclwrite` escapes
/// it, added to `out`.
fn quoted(value: String, out: &mut Vec<Piece<'_>>) {
    out.push(piece(Tok::OQuote, "\""));
    if !value.is_empty() {
        out.push(Piece { ty: Tok::QuotedLit, text: Cow::Owned(escape(&value)), spaces: 0 });
    }
    out.push(piece(Tok::CQuote, "\""));
}

/// The value of a quoted literal's text (`hclsyntax.ParseStringLiteralToken`);
/// None for an escape it refuses.
fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                'r' => out.push('\r'),
                't' => out.push('\t'),
                '"' => out.push('"'),
                '\\' => out.push('\\'),
                u @ ('u' | 'U') => {
                    let digits = if u == 'u' { 4 } else { 8 };
                    let hex = text.get(i + 2..i + 2 + digits)?;
                    out.push(char::from_u32(u32::from_str_radix(hex, 16).ok()?)?);
                    chars.by_ref().take(digits).for_each(drop);
                }
                _ => return None,
            },
            '$' | '%' if text[i + 1..].starts_with(c) && text[i + 2..].starts_with('{') => {
                out.push(c);
                out.push('{');
                chars.by_ref().take(2).for_each(drop);
            }
            c => out.push(c),
        }
    }
    Some(out)
}

/// A string as a quoted literal's text (`hclwrite`'s
/// `escapeQuotedStringLit`): quotes, backslashes and control characters
/// escaped, `${` and `%{` doubled, what Go does not print as `\uXXXX`.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.char_indices() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '$' | '%' => {
                out.push(c);
                if s[i + 1..].starts_with('{') {
                    out.push(c);
                }
            }
            c if !go_printable(c) => {
                let u = c as u32;
                out.push_str(&if u < 0x10000 { format!("\\u{u:04x}") } else { format!("\\U{u:08x}") });
            }
            c => out.push(c),
        }
    }
    out
}

/// Go's `unicode.IsPrint` for assigned characters: letters, marks,
/// numbers, punctuation, symbols and the ASCII space; not controls, other
/// spaces, format or private-use characters. (`crate::text` has the same
/// test for `go_quote`, private to it.)
fn go_printable(c: char) -> bool {
    let u = c as u32;
    !c.is_control()
        && !matches!(u,
            0x00a0 | 0x00ad | 0x0600..=0x0605 | 0x061c | 0x06dd | 0x070f | 0x0890..=0x0891 | 0x08e2 | 0x1680 | 0x180e
            | 0x2000..=0x200f | 0x2028..=0x202f | 0x205f..=0x2064 | 0x2066..=0x206f
            | 0x3000 | 0xd800..=0xf8ff | 0xfeff | 0xfff9..=0xfffb
            | 0x110bd | 0x110cd | 0x13430..=0x1343f | 0x1bca0..=0x1bca3 | 0x1d173..=0x1d17a
            | 0xe0001 | 0xe0020..=0xe007f | 0xf0000..=0x10ffff)
        && !(0xfdd0..=0xfdef).contains(&u)
        && (u & 0xfffe) != 0xfffe
}
