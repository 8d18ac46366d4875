//! Templates after scanning, as HCL's `parseTemplateParts`,
//! `flushHeredocTemplateParts` and `templateParser` finish them: tokens
//! with escapes decoded, strip markers applied, `<<-` indentation removed,
//! then directives paired into a tree.

use super::ast::*;
use super::grammar::Rule;
use super::parser::{span_of, Builder, Result};
use crate::diagnostics::{Diagnostic, LineCol, Span};
use crate::text::unicode::{graphemes, is_space, token_count};
use crate::value::nfc;
use pest::iterators::Pair;

impl<'s> Builder<'s> {
    /// A bare template (`hclsyntax.ParseTemplate`), from the grammar's
    /// `template_file` pair.
    pub(super) fn template_file(&mut self, top: Pair<'s, Rule>) -> Result<Expression> {
        let span = Span::new(0, self.src.len());
        let mut toks = Vec::new();
        let mut failed = None;
        for p in top.into_inner().filter(|p| p.as_rule() != Rule::EOI) {
            if p.as_rule() == Rule::template_file_rest {
                toks.push(TemplateToken::Literal(unescape_token_markers(p.as_str()), span_of(&p)));
                continue;
            }
            if p.as_rule() == Rule::template_file_text {
                // HCL scans template text one line at a time, so strip
                // markers reach only as far as the neighbouring line.
                let start = p.as_span().start();
                let mut at = 0;
                for line in p.as_str().split_inclusive('\n') {
                    let newline_at = newline_token_start(line).unwrap_or(line.len());
                    for piece in [&line[..newline_at], &line[newline_at..]].into_iter().filter(|s| !s.is_empty()) {
                        let s = Span::new(start + at, start + at + piece.len());
                        toks.push(TemplateToken::Literal(unescape_template_markers(piece), s));
                        at += piece.len();
                    }
                }
                continue;
            }
            match self.template_token(p) {
                Ok(t) => toks.push(t),
                Err(d) => {
                    failed = Some(d);
                    break;
                }
            }
        }
        match failed {
            Some(d) => Err(d),
            None => self.finish_template(toks, span, false),
        }
    }

    pub(super) fn template_token(&mut self, pair: Pair<'s, Rule>) -> Result<TemplateToken> {
        let span = span_of(&pair);
        match pair.as_rule() {
            Rule::quoted_text => Ok(TemplateToken::Literal(self.unescape_quoted(pair.as_str(), span.start)?, span)),
            Rule::heredoc_text => Ok(TemplateToken::Literal(unescape_template_markers(pair.as_str()), span)),
            Rule::heredoc_newline => Ok(TemplateToken::Literal(pair.as_str().to_string(), span)),
            Rule::template_interpolation => {
                let mut inner = pair.into_inner();
                let open = inner.next().expect("open");
                let expr = self.expression(inner.next().expect("expression"))?;
                let close = inner.next().expect("close");
                Ok(TemplateToken::Interp { expr, strip_before: open.as_str().ends_with('~'), strip_after: close.as_str().starts_with('~') })
            }
            Rule::template_directive => {
                let mut inner = pair.into_inner();
                let open = inner.next().expect("open");
                let body = inner.next().expect("directive");
                let close = inner.next().expect("close");
                let strip_before = open.as_str().ends_with('~');
                let strip_after = close.as_str().starts_with('~');
                let kind = match body.as_rule() {
                    Rule::directive_if => {
                        let cond = body.into_inner().nth(1).expect("condition");
                        DirectiveKind::If(self.expression(cond)?)
                    }
                    Rule::directive_else => DirectiveKind::Else,
                    Rule::directive_endif => DirectiveKind::EndIf,
                    Rule::directive_for => {
                        let mut names = Vec::new();
                        let mut coll = None;
                        for p in body.into_inner() {
                            match p.as_rule() {
                                Rule::identifier => names.push(p.as_str().to_string()),
                                Rule::expression => coll = Some(self.expression(p)?),
                                _ => {}
                            }
                        }
                        let (k, v) = if names.len() == 2 { (Some(names[0].clone()), names[1].clone()) } else { (None, names[0].clone()) };
                        DirectiveKind::For(k, v, coll.expect("collection"))
                    }
                    _ => DirectiveKind::EndFor,
                };
                Ok(TemplateToken::Directive { kind, strip_before, strip_after, span })
            }
            r => unreachable!("template token {r:?}"),
        }
    }

    /// Decodes a quoted string's escapes, reporting invalid ones as HCL does.
    fn unescape_quoted(&mut self, raw: &str, offset: usize) -> Result<String> {
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    let Some((_, e)) = chars.next() else { break };
                    let simple = match e {
                        'n' => Some('\n'),
                        'r' => Some('\r'),
                        't' => Some('\t'),
                        '"' => Some('"'),
                        '\\' => Some('\\'),
                        _ => None,
                    };
                    if let Some(s) = simple {
                        out.push(s);
                        continue;
                    }
                    if e == 'u' || e == 'U' {
                        let want = if e == 'u' { 4 } else { 8 };
                        let mut hex = String::new();
                        while hex.len() < want {
                            match chars.peek() {
                                Some((_, h)) if h.is_ascii_hexdigit() => {
                                    hex.push(*h);
                                    chars.next();
                                }
                                _ => break,
                            }
                        }
                        let at = Span::new(offset + i, offset + i + 2 + hex.len());
                        if hex.len() < want {
                            self.diags.push(Diagnostic::error(
                                "Invalid escape sequence",
                                format!(
                                    "The \\{e} escape sequence must be followed by {} hexadecimal digits.",
                                    if want == 4 { "four" } else { "eight" }
                                ),
                                at,
                            ));
                            continue;
                        }
                        match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                            Some(ch) => out.push(ch),
                            None => self.diags.push(Diagnostic::error(
                                "Invalid escape sequence",
                                format!("The \\{e} escape sequence must give a valid Unicode character."),
                                at,
                            )),
                        }
                        continue;
                    }
                    self.diags.push(Diagnostic::error(
                        "Invalid escape sequence",
                        format!("The symbol {} is not a valid escape sequence selector.", crate::text::json_string(&e.to_string())),
                        Span::new(offset + i, offset + i + 1 + e.len_utf8()),
                    ));
                }
                '$' | '%' if raw[i + 1..].starts_with(&format!("{c}{{")) => {
                    out.push(c);
                    out.push('{');
                    chars.next();
                    chars.next();
                }
                _ => out.push(c),
            }
        }
        Ok(out)
    }

    pub(super) fn heredoc(&mut self, pair: Pair<'s, Rule>) -> Result<Expression> {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let intro = inner.next().expect("intro");
        let flush = intro.as_str() == "<<-";
        let mut toks: Vec<TemplateToken> = Vec::new();
        for line in inner.filter(|p| p.as_rule() == Rule::heredoc_line) {
            let line_tokens = toks.len();
            for part in line.into_inner() {
                // HCL scans a line's trailing text and its newline as one
                // literal token; strip markers and `<<-` work per token.
                if part.as_rule() == Rule::heredoc_newline && toks.len() > line_tokens {
                    if let Some(TemplateToken::Literal(text, text_span)) = toks.last_mut() {
                        text.push_str(part.as_str());
                        let newline_span = span_of(&part);
                        match newline_token_start(text) {
                            None => *text_span = text_span.to(newline_span),
                            Some(at) => {
                                let newline = text.split_off(at);
                                let start = newline_span.end - newline.len();
                                *text_span = Span::new(text_span.start, start);
                                toks.push(TemplateToken::Literal(newline, Span::new(start, newline_span.end)));
                            }
                        }
                        continue;
                    }
                }
                toks.push(self.template_token(part)?);
            }
        }
        self.finish_template(toks, span, flush)
    }

    /// Applies strip markers and `<<-` indentation to the scanned tokens, then
    /// pairs directives into a tree (HCL's `parseTemplateParts`,
    /// `flushHeredocTemplateParts` and `templateParser`).
    pub(super) fn finish_template(&mut self, mut toks: Vec<TemplateToken>, span: Span, flush: bool) -> Result<Expression> {
        let mut trim_next = false;
        for i in 0..toks.len() {
            let (strip_before, strip_after) = match &toks[i] {
                TemplateToken::Literal(..) => (false, false),
                TemplateToken::Interp { strip_before, strip_after, .. } | TemplateToken::Directive { strip_before, strip_after, .. } => {
                    (*strip_before, *strip_after)
                }
            };
            if let TemplateToken::Literal(s, _) = &mut toks[i] {
                if trim_next {
                    *s = s.trim_start_matches(is_space).to_string();
                }
                trim_next = false;
                continue;
            }
            if strip_before && i > 0 {
                if let TemplateToken::Literal(s, _) = &mut toks[i - 1] {
                    s.truncate(s.trim_end_matches(is_space).len());
                }
            }
            trim_next = strip_after;
        }
        if flush {
            flush_heredoc(&mut toks, self.profile);
        }
        let passthru = toks.len() == 1 && matches!(toks[0], TemplateToken::Interp { .. });
        let mut iter = toks.into_iter().peekable();
        let parts = self.template_parts(&mut iter, None)?;
        if passthru {
            if let Some(TemplatePart::Interpolation(e)) = parts.into_iter().next() {
                return Ok(Expression { kind: ExprKind::TemplateWrap(Box::new(e)), span });
            }
            unreachable!("passthru template");
        }
        Ok(Expression { kind: ExprKind::Template(parts), span })
    }

    fn template_parts(
        &mut self,
        toks: &mut std::iter::Peekable<std::vec::IntoIter<TemplateToken>>,
        open: Option<(&'static str, Span)>,
    ) -> Result<Vec<TemplatePart>> {
        let mut parts = Vec::new();
        loop {
            if let Some(TemplateToken::Directive {
                kind: closing @ (DirectiveKind::Else | DirectiveKind::EndIf | DirectiveKind::EndFor),
                span,
                ..
            }) = toks.peek()
            {
                let (name, fits) = match closing {
                    DirectiveKind::Else => ("else", matches!(open, Some(("if", _)))),
                    DirectiveKind::EndIf => ("endif", matches!(open, Some(("if", _)))),
                    _ => ("endfor", matches!(open, Some(("for", _)))),
                };
                if fits {
                    return Ok(parts);
                }
                let detail = match open {
                    Some((o, _)) => {
                        format!("Expected an end{o} directive corresponding to the previous {o} directive, but found an {name} directive.")
                    }
                    None => format!("An {name} directive must be preceded by a corresponding opening directive."),
                };
                return Err(Diagnostic::error(format!("Unexpected {name} directive"), detail, *span));
            }
            let Some(tok) = toks.next() else { break };
            match tok {
                TemplateToken::Literal(s, _) => parts.push(TemplatePart::Literal(nfc(s, self.profile))),
                TemplateToken::Interp { expr, .. } => parts.push(TemplatePart::Interpolation(expr)),
                TemplateToken::Directive { kind, span, .. } => match kind {
                    DirectiveKind::If(condition) => {
                        self.enter(0, span)?;
                        let then_parts = self.template_parts(toks, Some(("if", span)));
                        self.depth -= 1;
                        let then_parts = then_parts?;
                        let mut else_parts = Vec::new();
                        let mut end = span;
                        if let Some(TemplateToken::Directive { kind: DirectiveKind::Else, span: else_span, .. }) = toks.peek() {
                            end = *else_span;
                            toks.next();
                            self.enter(0, span)?;
                            let r = self.template_parts(toks, Some(("if", span)));
                            self.depth -= 1;
                            else_parts = r?;
                        }
                        match toks.next() {
                            Some(TemplateToken::Directive { kind: DirectiveKind::EndIf, span: s, .. }) => end = s,
                            _ => return Err(unterminated(self.src, "if", "endif", span.to(end))),
                        }
                        parts.push(TemplatePart::If { condition, then_parts, else_parts, span: span.to(end) });
                    }
                    DirectiveKind::For(key_var, value_var, collection) => {
                        self.enter(0, span)?;
                        let body = self.template_parts(toks, Some(("for", span)));
                        self.depth -= 1;
                        let body = body?;
                        let end = match toks.next() {
                            Some(TemplateToken::Directive { kind: DirectiveKind::EndFor, span: s, .. }) => s,
                            _ => return Err(unterminated(self.src, "for", "endfor", span)),
                        };
                        parts.push(TemplatePart::For { key_var, value_var, collection, body, span: span.to(end) });
                    }
                    DirectiveKind::Else | DirectiveKind::EndIf | DirectiveKind::EndFor => {
                        unreachable!("closing directives are peeked")
                    }
                },
            }
        }
        if let Some((o, span)) = open {
            return Err(unterminated(self.src, o, if o == "if" { "endif" } else { "endfor" }, span));
        }
        Ok(parts)
    }
}

fn unterminated(src: &str, open: &str, close: &str, span: Span) -> Diagnostic {
    let at = LineCol::of(src, span.start);
    Diagnostic::error(
        "Unexpected end of template",
        format!("The {open} directive at line {}, column {} is missing its corresponding {close} directive.", at.line, at.column),
        span,
    )
}

/// A template token as HCL's scanner and `parseTemplateParts` see it.
pub(super) enum TemplateToken {
    Literal(String, Span),
    Interp { expr: Expression, strip_before: bool, strip_after: bool },
    Directive { kind: DirectiveKind, strip_before: bool, strip_after: bool, span: Span },
}

pub(super) enum DirectiveKind {
    If(Expression),
    Else,
    EndIf,
    For(Option<String>, String, Expression),
    EndFor,
}

/// `<<-`: removes the smallest indentation (counted in grapheme clusters)
/// from the literal tokens that begin lines; blank lines do not count and a
/// line that begins with an interpolation counts as unindented.
fn flush_heredoc(toks: &mut [TemplateToken], profile: crate::profile::Profile) {
    let version = profile.unicode();
    let mut min_spaces = usize::MAX;
    let mut newline = true;
    let mut adjust = Vec::new();
    for (i, tok) in toks.iter().enumerate() {
        if newline {
            newline = false;
            let mut spaces = 0;
            if let TemplateToken::Literal(s, _) = tok {
                let trimmed = s.trim_start_matches(is_space);
                if trimmed.is_empty() && s.ends_with('\n') {
                    spaces = usize::MAX;
                } else {
                    spaces = token_count(&s[..s.len() - trimmed.len()], version);
                    adjust.push(i);
                }
            }
            min_spaces = min_spaces.min(spaces);
        }
        if let TemplateToken::Literal(s, _) = tok {
            if s.ends_with('\n') {
                newline = true;
            }
        }
    }
    if min_spaces == usize::MAX || min_spaces == 0 {
        return;
    }
    for i in adjust {
        if let TemplateToken::Literal(s, _) = &mut toks[i] {
            let cut: usize = graphemes(s, version).take(min_spaces).map(str::len).sum();
            s.drain(..cut);
        }
    }
}

/// Where the newline ending `line` starts a literal token of its own.
/// HCL's scanner takes `$` or `%` with the single byte after it (a `\r`
/// included, never `{`) as one token when a newline follows, so a strip
/// marker on the next line trims only that newline. Which `$` or `%` starts
/// a token is decided left to right (in `%%\r\n` the second `%` is the
/// first one's byte).
fn newline_token_start(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let mut from = 0;
    while let Some(at) = b[from..].iter().position(|c| matches!(c, b'$' | b'%')).map(|i| from + i) {
        match &b[at + 1..] {
            [x, b'\n'] | [x, b'\r', b'\n'] if x.is_ascii() && *x != b'{' => return Some(at + 2),
            [x, b'{', ..] if *x == b[at] => from = at + 3,
            _ => from = at + 1,
        }
    }
    None
}

/// `$${` and `%%{` stand for literal `${` and `%{`.
fn unescape_template_markers(raw: &str) -> String {
    if !raw.contains("$${") && !raw.contains("%%{") {
        return raw.to_string();
    }
    raw.replace("$${", "${").replace("%%{", "%{")
}

/// `$${` and `%%{` in text HCL's scanner leaves as one literal token (the
/// rest of a bare template after a lone carriage return), decoded as
/// `ParseStringLiteralToken` splits it: left to right, a doubled `$$` or
/// `%%` is taken whole, so `$$${` keeps every character.
fn unescape_token_markers(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find(['$', '%']) {
        let (text, tail) = rest.split_at(at);
        out.push_str(text);
        let len = match tail[1..].starts_with(&tail[..1]) {
            true if tail[2..].starts_with('{') => 3,
            true => 2,
            false => 1,
        };
        // `$${` is the escape for `${`; `$$` and a lone `$` are literal.
        out.push_str(if len == 3 { &tail[1..3] } else { &tail[..len] });
        rest = &tail[len..];
    }
    out.push_str(rest);
    out
}
