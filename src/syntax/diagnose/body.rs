//! HCL's body parser (`ParseBody`, `ParseBodyItem`, `parseSingleAttrBody`,
//! `finishParsingBodyAttribute`, `finishParsingBodyBlock`,
//! `parseQuotedStringLiteral`, `recoverAfterBodyItem`), walked only for the
//! errors it reports, in its order.

use super::parser::{opposite, Parser};
use super::scanner::{Tok, Token};
use crate::diagnostics::{range_text, Span};
use crate::value::go_quote;
use std::collections::HashMap;

const ITEM_REQUIRED: &str = "Argument or block definition required";
const USE_EQUALS: &str =
    "An argument or block definition is required here. To set an argument, use the equals sign \"=\" to introduce the argument value.";
const UNCLOSED_BLOCK: &str = "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.";

/// What a body item turned out to be, as far as its body cares.
enum Item {
    Attribute(String, Span),
    Other,
}

impl Parser<'_> {
    /// A body, up to and including `end` (`ParseBody`).
    pub(super) fn body(&mut self, end: Tok) {
        let start = self.prev_range();
        let mut attrs: HashMap<String, Span> = HashMap::new();
        loop {
            let next = self.peek();
            if next.ty == end {
                self.read();
                return;
            }
            match next.ty {
                Tok::Newline => {
                    self.read();
                }
                Tok::Ident => {
                    if let Item::Attribute(name, at) = self.body_item() {
                        match attrs.get(&name) {
                            Some(first) => {
                                let detail = format!(
                                    "The argument {} was already set at {}. Each argument may be set only once.",
                                    go_quote(&name, self.profile),
                                    range_text(self.src, self.filename, *first, self.profile.unicode())
                                );
                                self.error("Attribute redefined", detail, at);
                            }
                            None => {
                                attrs.insert(name, at);
                            }
                        }
                    }
                }
                _ => {
                    let bad = self.read();
                    if !self.recovery {
                        match bad.ty {
                            Tok::OQuote => self.error("Invalid argument name", "Argument names must not be quoted.", bad.span),
                            Tok::Eof if end == Tok::CBrace => self.error("Unclosed configuration block", UNCLOSED_BLOCK, start),
                            Tok::Eof => self.error(
                                "Unclosed configuration body",
                                "Found end of file before the end of this configuration body.",
                                start,
                            ),
                            _ => self.error(ITEM_REQUIRED, "An argument or block definition is required here.", bad.span),
                        }
                    }
                    self.recover(end);
                    return;
                }
            }
        }
    }

    /// One argument or block (`ParseBodyItem`); the caller saw a name.
    fn body_item(&mut self) -> Item {
        let ident = self.read();
        match self.peek().ty {
            Tok::Equal => self.finish_attribute(ident, false),
            Tok::OQuote | Tok::OBrace | Tok::Ident => {
                self.finish_block();
                Item::Other
            }
            _ => {
                self.recover_after_body_item();
                self.error(ITEM_REQUIRED, USE_EQUALS, ident.span);
                Item::Other
            }
        }
    }

    /// The one argument of a single-line block (`parseSingleAttrBody`).
    fn single_attribute_body(&mut self) {
        let ident = self.read();
        if ident.ty != Tok::Ident {
            self.recover_after_body_item();
            self.error(ITEM_REQUIRED, "An argument or block definition is required here.", ident.span);
            return;
        }
        let next = self.peek();
        match next.ty {
            Tok::Equal => {
                self.finish_attribute(ident, true);
            }
            Tok::OQuote | Tok::OBrace | Tok::Ident => {
                self.recover_after_body_item();
                let detail = format!(
                    "A single-line block definition can contain only a single argument. If you meant to define argument {}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.",
                    go_quote(self.text(ident), self.profile)
                );
                self.error("Argument definition required", detail, ident.span.to(next.span));
            }
            _ => {
                self.recover_after_body_item();
                self.error(ITEM_REQUIRED, USE_EQUALS, ident.span);
            }
        }
    }

    /// `= value` and the end of its line (`finishParsingBodyAttribute`).
    fn finish_attribute(&mut self, ident: Token, single_line: bool) -> Item {
        self.read(); // =
        let mark = self.diags.len();
        self.expression();
        let item = Item::Attribute(self.text(ident).to_string(), ident.span);
        if self.recovery && self.diags.len() > mark {
            self.recover_after_body_item();
            return item;
        }
        if single_line {
            return item;
        }
        let end = self.peek();
        if end.ty == Tok::Newline || end.ty == Tok::Eof {
            self.read();
            return item;
        }
        if !self.recovery {
            if end.ty == Tok::Comma {
                self.error(
                    "Unexpected comma after argument",
                    "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline.",
                    end.span,
                );
            } else {
                self.error("Missing newline after argument", "An argument definition must end with a newline.", end.span);
            }
        }
        self.recover_after_body_item();
        item
    }

    /// Labels, the body and the end of the line (`finishParsingBodyBlock`).
    fn finish_block(&mut self) {
        let open = loop {
            let tok = self.peek();
            match tok.ty {
                Tok::OBrace => break self.read(),
                Tok::OQuote => self.quoted_string_literal(),
                Tok::Ident => {
                    self.read();
                }
                _ => {
                    match tok.ty {
                        Tok::Equal => self.error(
                            "Invalid block definition",
                            "The equals sign \"=\" indicates an argument definition, and must not be used when defining a block.",
                            tok.span,
                        ),
                        Tok::Newline => self.error(
                            "Invalid block definition",
                            "A block definition must have block content delimited by \"{\" and \"}\", starting on the same line as the block header.",
                            tok.span,
                        ),
                        _ if !self.recovery => self.error(
                            "Invalid block definition",
                            "Either a quoted string block label or an opening brace (\"{\") is expected here.",
                            tok.span,
                        ),
                        _ => {}
                    }
                    self.recover_after_body_item();
                    return;
                }
            }
        };
        // The body's own errors come after those about how it is closed.
        let mark = self.diags.len();
        match self.peek().ty {
            Tok::Newline | Tok::Eof | Tok::CBrace => self.body(Tok::CBrace),
            _ => {
                self.single_attribute_body();
                let body_diags: Vec<_> = self.diags.drain(mark..).collect();
                let next = self.peek();
                match next.ty {
                    Tok::CBrace => {
                        self.read();
                    }
                    Tok::Comma => {
                        self.error(
                            "Invalid single-argument block definition",
                            "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
                            next.span,
                        );
                        self.recover(Tok::CBrace);
                    }
                    Tok::Newline => {
                        self.error(
                            "Invalid single-argument block definition",
                            "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
                            next.span,
                        );
                        self.recover(Tok::CBrace);
                    }
                    ty => {
                        if !self.recovery {
                            match ty {
                                Tok::Eof => self.error("Unclosed configuration block", UNCLOSED_BLOCK, open.span),
                                _ => self.error(
                                    "Invalid single-argument block definition",
                                    "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                                    next.span,
                                ),
                            }
                        }
                        self.recover(Tok::CBrace);
                    }
                }
                self.diags.extend(body_diags);
            }
        }
        let eol = self.peek();
        if eol.ty == Tok::Newline || eol.ty == Tok::Eof {
            self.read();
            return;
        }
        if !self.recovery {
            self.error("Missing newline after block definition", "A block definition must end with a newline.", eol.span);
        }
        self.recover_after_body_item();
    }

    /// A quoted block label: a string with no template sequences
    /// (`parseQuotedStringLiteral`).
    fn quoted_string_literal(&mut self) {
        self.read(); // the opening quote
        loop {
            let tok = self.read();
            match tok.ty {
                Tok::CQuote => return,
                Tok::QuotedLit => self.string_literal(tok),
                Tok::TemplateControl | Tok::TemplateInterp => {
                    let which = if tok.ty == Tok::TemplateControl { "%" } else { "$" };
                    self.error(
                        "Invalid string literal",
                        format!(
                            "Template sequences are not allowed in this string. To include a literal {}, double it (as \"{which}{which}\") to escape it.",
                            go_quote(which, self.profile)
                        ),
                        tok.span,
                    );
                    self.recover(Tok::TemplateSeqEnd);
                }
                Tok::Eof => {
                    self.error(
                        "Unterminated string literal",
                        "Unable to find the closing quote mark before the end of the file.",
                        tok.span,
                    );
                    return;
                }
                _ => {
                    self.error("Invalid string literal", "This item is not valid in a string literal.", tok.span);
                    self.recover(Tok::CQuote);
                    return;
                }
            }
        }
    }

    /// Skips to the end of the line the item is on, brackets that open on
    /// it skipped whole (`recoverAfterBodyItem`).
    fn recover_after_body_item(&mut self) {
        self.recovery = true;
        let mut open: Vec<Tok> = Vec::new();
        loop {
            let tok = self.read();
            match tok.ty {
                Tok::Newline if open.is_empty() => return,
                Tok::Eof => return,
                Tok::OBrace | Tok::OBrack | Tok::OParen | Tok::OQuote | Tok::OHeredoc | Tok::TemplateInterp | Tok::TemplateControl => {
                    open.push(tok.ty)
                }
                Tok::CBrace | Tok::CBrack | Tok::CParen | Tok::CQuote | Tok::CHeredoc => {
                    let opener = opposite(tok.ty);
                    while open.last().is_some_and(|t| *t != opener) {
                        open.pop();
                    }
                    open.pop();
                }
                Tok::TemplateSeqEnd => {
                    while open.last().is_some_and(|t| *t != Tok::TemplateInterp && *t != Tok::TemplateControl) {
                        open.pop();
                    }
                    open.pop();
                }
                _ => {}
            }
        }
    }
}
