//! Templates as HCL's parser reports on them (`parser_template.go`): the
//! parts between the opening and closing markers (escapes, interpolations,
//! directive markers), then the pairing of directives.

use super::parser::Parser;
use super::scanner::{Tok, Token};
use crate::diagnostics::{range_text, Span};
use crate::value::go_quote;

/// A template part, as far as the pairing of directives cares.
#[derive(Clone, Copy)]
enum Part {
    Text,
    If(Span),
    For(Span),
    Else(Span),
    EndIf(Span),
    EndFor(Span),
    End(Span),
}

impl Parser<'_> {
    /// The parts of a template up to the `end` token (`parseTemplateParts`),
    /// then the pairing of its directives (`templateParser`).
    pub(super) fn template_parts(&mut self, end: Tok) {
        let start = self.next_range();
        let mut parts = Vec::new();
        let end_range = loop {
            let next = self.read();
            if next.ty == end {
                break next.span;
            }
            match next.ty {
                Tok::StringLit | Tok::QuotedLit => {
                    self.string_literal(next);
                    parts.push(Part::Text);
                }
                Tok::TemplateInterp => {
                    self.push_newlines(false);
                    self.expression();
                    let close = self.peek();
                    if close.ty != Tok::TemplateSeqEnd {
                        if !self.recovery {
                            self.unclosed_interpolation(close, start, end);
                        }
                        self.recover(Tok::TemplateSeqEnd);
                    } else {
                        self.read();
                    }
                    self.pop_newlines();
                    parts.push(Part::Text);
                }
                Tok::TemplateControl => {
                    self.push_newlines(false);
                    if let Some(part) = self.directive(next, start) {
                        parts.push(part);
                    }
                    self.pop_newlines();
                }
                _ => {
                    if !self.recovery {
                        self.error("Unterminated template string", "No closing marker was found for the string.", next.span);
                    }
                    break self.recover(end).span;
                }
            }
        };
        parts.push(Part::End(end_range));
        let mut pairing = Pairing { parts: &parts, pos: 0 };
        while !matches!(pairing.peek(), Part::End(_)) {
            pairing.part(self);
        }
    }

    fn unclosed_interpolation(&mut self, close: Token, start: Span, end: Tok) {
        // hcl before 2.11 has no message of its own for an unclosed one.
        let older = self.profile.is_waypoint();
        match close.ty {
            Tok::Eof if !older => self.error(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
                start,
            ),
            Tok::Colon => self.error(
                "Extra characters after interpolation expression",
                "Template interpolation doesn't expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with \"$${\" instead of just \"${\".",
                close.span,
            ),
            Tok::CQuote | Tok::OQuote if end == Tok::CQuote && !older => self.error(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                start,
            ),
            _ => self.error(
                "Extra characters after interpolation expression",
                "Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with \"$${\" instead of just \"${\".",
                close.span,
            ),
        }
    }

    /// A `%{ … }` sequence; the part it makes, if it makes one.
    fn directive(&mut self, open: Token, start: Span) -> Option<Part> {
        let kw = self.peek();
        if kw.ty != Tok::Ident {
            if !self.recovery {
                self.error(
                    "Invalid template directive",
                    "A template directive keyword (\"if\", \"for\", etc) is expected at the beginning of a %{ sequence.",
                    kw.span,
                );
            }
            self.recover(Tok::TemplateSeqEnd);
            return None;
        }
        self.read();
        let word = self.text(kw);
        let part = match word {
            "if" => {
                self.expression();
                Part::If(open.span.to(self.next_range()))
            }
            "else" => Part::Else(open.span.to(self.next_range())),
            "endif" => Part::EndIf(open.span.to(self.next_range())),
            "endfor" => Part::EndFor(open.span.to(self.next_range())),
            "for" => {
                let invalid = |p: &mut Self, detail: &str| {
                    if !p.recovery {
                        let at = p.next_range();
                        p.error("Invalid 'for' directive", detail, at);
                    }
                    p.recover(Tok::TemplateSeqEnd);
                };
                if self.peek().ty != Tok::Ident {
                    invalid(self, "For directive requires variable name after 'for'.");
                    return None;
                }
                self.read();
                if self.peek().ty == Tok::Comma {
                    self.read();
                    if self.peek().ty != Tok::Ident {
                        invalid(self, "For directive requires value variable name after comma.");
                        return None;
                    }
                    self.read();
                }
                if !self.is_keyword(self.peek(), "in") {
                    invalid(self, "For directive requires 'in' keyword after names.");
                    return None;
                }
                self.read();
                self.expression();
                Part::For(open.span.to(self.next_range()))
            }
            _ => {
                if !self.recovery {
                    let hint = ["if", "for", "else", "endif", "endfor"]
                        .into_iter()
                        .find(|s| strsim::levenshtein(word, s) < 3)
                        .map_or(String::new(), |s| format!(" Did you mean {}?", go_quote(s, self.profile)));
                    self.error(
                        "Invalid template control keyword",
                        format!("{} is not a valid template control keyword.{hint}", go_quote(word, self.profile)),
                        kw.span,
                    );
                }
                self.recover(Tok::TemplateSeqEnd);
                return None;
            }
        };
        let close = self.peek();
        if close.ty != Tok::TemplateSeqEnd {
            if !self.recovery {
                self.error(
                    format!("Extra characters in {word} marker"),
                    "Expected a closing brace to end the sequence, but found extra characters.",
                    close.span,
                );
            }
            let _ = start;
            self.recover(Tok::TemplateSeqEnd);
        } else {
            self.read();
        }
        Some(part)
    }

    /// The escapes of a literal token (`ParseStringLiteralToken`): only a
    /// quoted string's backslash sequences can be wrong.
    pub(super) fn string_literal(&mut self, tok: Token) {
        if tok.ty != Tok::QuotedLit {
            return;
        }
        let text = self.text(tok);
        let mut i = 0;
        while let Some(at) = text[i..].find('\\').map(|k| i + k) {
            let len = escape_len(&text[at..]);
            let slice = &text[at..at + len];
            let subject = Span::new(tok.span.start + at, tok.span.start + at + len);
            i = at + len;
            let mut chars = slice.chars();
            chars.next();
            let Some(selector) = chars.next() else {
                self.error("Invalid escape sequence", "Backslash must be followed by an escape sequence selector character.", subject);
                continue;
            };
            match selector {
                'n' | 'r' | 't' | '"' | '\\' => {}
                'u' | 'U' => {
                    let (want, name) = if selector == 'u' { (6, "four") } else { (10, "eight") };
                    if slice.len() != want {
                        self.error(
                            "Invalid escape sequence",
                            format!("The \\{selector} escape sequence must be followed by {name} hexadecimal digits."),
                            subject,
                        );
                        continue;
                    }
                    let n = u32::from_str_radix(&slice[2..], 16).unwrap_or(u32::MAX);
                    if char::from_u32(n).is_none() {
                        // Go's rune is signed: beyond 31 bits it prints negative.
                        let shown = if n > i32::MAX as u32 { format!("-{:04x}", (n as i32).unsigned_abs()) } else { format!("{n:04x}") };
                        self.error("Invalid escape sequence", format!("Cannot encode character U+{shown} in UTF-8."), subject);
                    }
                }
                _ => self.error(
                    "Invalid escape sequence",
                    format!("The symbol {} is not a valid escape sequence selector.", go_quote(&slice[1..], self.profile)),
                    subject,
                ),
            }
        }
    }
}

/// The length of the escape sequence at the start of `s` (a backslash):
/// `\u` with up to four hexadecimal digits, `\U` with up to eight, or the
/// backslash and one character.
fn escape_len(s: &str) -> usize {
    let b = s.as_bytes();
    let hex = |max: usize| 2 + b[2..].iter().take(max).take_while(|c| c.is_ascii_hexdigit()).count();
    match b.get(1) {
        Some(b'u') => hex(4),
        Some(b'U') => hex(8),
        Some(_) => 1 + s[1..].chars().next().map_or(0, char::len_utf8),
        None => 1,
    }
}

/// The pairing of directive parts (`templateParser`).
struct Pairing<'p> {
    parts: &'p [Part],
    pos: usize,
}

impl Pairing<'_> {
    fn peek(&self) -> Part {
        self.parts[self.pos]
    }

    fn read(&mut self) -> Part {
        let p = self.peek();
        if !matches!(p, Part::End(_)) {
            self.pos += 1;
        }
        p
    }

    fn part(&mut self, p: &mut Parser) {
        match self.read() {
            Part::If(open) => self.block(p, open, "if"),
            Part::For(open) => self.block(p, open, "for"),
            Part::Else(at) => unbalanced(p, "else", at),
            Part::EndIf(at) => unbalanced(p, "endif", at),
            Part::EndFor(at) => unbalanced(p, "endfor", at),
            Part::End(at) => p.error("Unexpected end of template", "The control directives within this template are unbalanced.", at),
            Part::Text => {}
        }
    }

    /// The body of an `if` or `for` directive, up to its end.
    fn block(&mut self, p: &mut Parser, open: Span, kind: &str) {
        let at = range_text(p.src, p.filename, open, p.profile.unicode());
        let mut in_else = false;
        loop {
            let (name, subject) = match self.peek() {
                Part::End(end) => {
                    let close = if kind == "if" { "endif" } else { "endfor" };
                    p.error(
                        "Unexpected end of template",
                        format!("The {kind} directive at {at} is missing its corresponding {close} directive."),
                        end,
                    );
                    return;
                }
                Part::Else(s) => ("else", s),
                Part::EndIf(s) => ("endif", s),
                Part::EndFor(s) => ("endfor", s),
                _ => {
                    self.part(p);
                    continue;
                }
            };
            self.read();
            let detail = match (kind, name) {
                ("if", "else") if !in_else => {
                    in_else = true;
                    continue;
                }
                ("if", "endif") | ("for", "endfor") => return,
                ("if", "else") => format!("Already in the else clause for the if started at {at}."),
                ("if", _) => format!("Expecting an endif directive for the if started at {at}."),
                (_, "else") => "An else clause is not expected for a for directive.".to_string(),
                _ => format!("Expecting an endfor directive corresponding to the for directive at {at}."),
            };
            p.error(format!("Unexpected {name} directive"), detail, subject);
            return;
        }
    }
}

fn unbalanced(p: &mut Parser, name: &str, at: Span) {
    p.error(format!("Unexpected {name} directive"), "The control directives within this template are unbalanced.", at);
}
