//! HCL's recursive-descent parser (`hclsyntax/parser.go`), walked over
//! the scanner's tokens only to find what it reports: each error in its
//! words, with its subject, in its order, and with its recovery (after an
//! error the parser skips to a closing bracket and stays quiet about what
//! follows). No tree is built; the pest grammar builds the real one.

use super::scanner::{Tok, Token};
use crate::diagnostics::{Diagnostic, Span};
use crate::profile::Profile;

/// The parser's state: the tokens, the peeker's position and newline
/// mode stack, recovery, and what it found.
pub(super) struct Parser<'s> {
    pub src: &'s str,
    pub filename: &'s str,
    toks: Vec<Token>,
    next: usize,
    newlines: Vec<bool>,
    pub recovery: bool,
    pub diags: Vec<Diagnostic>,
    depth: usize,
    max_depth: usize,
    pub(super) profile: Profile,
}

/// Binary operators by precedence, lowest first.
const LEVELS: [&[Tok]; 6] = [
    &[Tok::Or],
    &[Tok::And],
    &[Tok::EqualOp, Tok::NotEqual],
    &[Tok::GreaterThan, Tok::GreaterThanEq, Tok::LessThan, Tok::LessThanEq],
    &[Tok::Plus, Tok::Minus],
    &[Tok::Star, Tok::Slash, Tok::Percent],
];

impl<'s> Parser<'s> {
    pub fn new(src: &'s str, filename: &'s str, toks: Vec<Token>, max_depth: usize, profile: Profile) -> Parser<'s> {
        Parser { src, filename, toks, next: 0, newlines: vec![true], recovery: false, diags: Vec::new(), depth: 0, max_depth, profile }
    }

    pub fn error(&mut self, summary: impl Into<String>, detail: impl Into<String>, subject: Span) {
        self.diags.push(Diagnostic::error(summary, detail, subject));
    }

    pub fn text(&self, t: Token) -> &'s str {
        &self.src[t.span.start..t.span.end]
    }

    /// Whether `t` is the keyword `word` (an identifier spelt so).
    pub fn is_keyword(&self, t: Token, word: &str) -> bool {
        t.ty == Tok::Ident && self.text(t) == word
    }

    // ---------------------------------------------------------- the peeker

    fn next_token(&self) -> (Token, usize) {
        let including = self.including_newlines();
        for i in self.next..self.toks.len() {
            let t = self.toks[i];
            match t.ty {
                // A comment that ends a line counts as that newline where
                // newlines matter.
                Tok::Comment => {
                    if including && self.text(t).ends_with('\n') {
                        return (Token { ty: Tok::Newline, span: t.span }, i + 1);
                    }
                    continue;
                }
                Tok::Newline if !including => continue,
                _ => return (t, i + 1),
            }
        }
        (*self.toks.last().expect("an EOF token"), self.toks.len())
    }

    pub fn peek(&self) -> Token {
        self.next_token().0
    }

    pub fn read(&mut self) -> Token {
        let (t, next) = self.next_token();
        self.next = next;
        t
    }

    pub fn next_range(&self) -> Span {
        self.peek().span
    }

    pub fn prev_range(&self) -> Span {
        match self.next {
            0 => self.next_range(),
            n => self.toks[n - 1].span,
        }
    }

    fn including_newlines(&self) -> bool {
        *self.newlines.last().unwrap_or(&true)
    }

    pub fn push_newlines(&mut self, include: bool) {
        self.newlines.push(include);
    }

    pub fn pop_newlines(&mut self) {
        self.newlines.pop();
    }

    // ------------------------------------------------------------ recovery

    /// Skips to the `end` closing the current bracket (nested pairs
    /// skipped), past it; recovery mode from now on.
    pub fn recover(&mut self, end: Tok) -> Token {
        let start = opposite(end);
        self.recovery = true;
        let mut nest = 0;
        loop {
            let t = self.read();
            let ty = if end == Tok::TemplateSeqEnd && t.ty == Tok::TemplateControl { Tok::TemplateInterp } else { t.ty };
            if ty == start {
                nest += 1;
            } else if ty == end {
                if nest < 1 {
                    return t;
                }
                nest -= 1;
            } else if ty == Tok::Eof {
                return t;
            }
        }
    }

    /// Skips past the next `start` bracket and the end of what it opens
    /// (`recoverOver`).
    fn recover_over(&mut self, start: Tok) {
        loop {
            let t = self.read();
            if t.ty == start || t.ty == Tok::Eof {
                break;
            }
        }
        self.recover(opposite(start));
    }

    fn errors_since(&self, mark: usize) -> bool {
        self.diags.len() > mark
    }

    // --------------------------------------------------------- expressions

    /// An expression that went wrong in a way that leaves the parser
    /// recovering (the caller then skips to its closing bracket).
    fn expression_fails(&mut self) -> bool {
        let mark = self.diags.len();
        self.expression();
        self.recovery && self.errors_since(mark)
    }

    /// An expression; its range.
    pub fn expression(&mut self) -> Span {
        let start = self.next_range();
        let mark = self.diags.len();
        let cond = self.binary(0);
        if self.recovery && self.errors_since(mark) {
            return cond;
        }
        if self.peek().ty != Tok::Question {
            return cond;
        }
        self.read();
        if self.expression_fails() {
            return cond;
        }
        let colon = self.peek();
        if colon.ty != Tok::Colon {
            self.error(
                "Missing false expression in conditional",
                "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
                colon.span,
            );
            return cond;
        }
        self.read();
        let mark = self.diags.len();
        let false_result = self.expression();
        if self.recovery && self.errors_since(mark) {
            return cond;
        }
        start.to(false_result)
    }

    fn binary(&mut self, level: usize) -> Span {
        let Some(ops) = LEVELS.get(level) else { return self.with_traversals() };
        let mark = self.diags.len();
        let mut range = self.binary(level + 1);
        if self.recovery && self.errors_since(mark) {
            return range;
        }
        while ops.contains(&self.peek().ty) {
            self.read();
            let mark = self.diags.len();
            let rhs = self.binary(level + 1);
            if self.recovery && self.errors_since(mark) {
                return range;
            }
            range = range.to(rhs);
        }
        range
    }

    fn with_traversals(&mut self) -> Span {
        let term = self.term();
        self.traversals(term)
    }

    fn traversals(&mut self, from: Span) -> Span {
        let mut range = from;
        loop {
            match self.peek().ty {
                Tok::Dot => {
                    self.read();
                    let attr = self.peek();
                    match attr.ty {
                        Tok::Ident => range = range.to(self.read().span),
                        Tok::NumberLit => {
                            let num = self.read();
                            self.legacy_index(num, attr, "proper index syntax");
                            range = range.to(num.span);
                        }
                        Tok::Star => {
                            let star = self.read();
                            range = range.to(star.span);
                            while self.peek().ty == Tok::Dot {
                                self.read();
                                match self.peek().ty {
                                    Tok::NumberLit => {
                                        let num = self.read();
                                        // HCL names the star, not the number.
                                        self.legacy_index(num, star, "proper index syntax with a full splat expression [*]");
                                        range = range.to(num.span);
                                    }
                                    Tok::Ident => range = range.to(self.read().span),
                                    ty => {
                                        if !self.recovery {
                                            if ty == Tok::Star {
                                                let at = self.next_range();
                                                self.error(
                                                    "Nested splat expression not allowed",
                                                    "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                                                    at,
                                                );
                                            } else {
                                                self.error(
                                                    "Invalid attribute name",
                                                    "An attribute name is required after a dot.",
                                                    star.span,
                                                );
                                            }
                                        }
                                        self.recovery = true;
                                        break;
                                    }
                                }
                            }
                        }
                        _ => {
                            self.error("Invalid attribute name", "An attribute name is required after a dot.", attr.span);
                            self.recovery = true;
                        }
                    }
                }
                Tok::OBrack => {
                    let open = self.read();
                    if self.peek().ty == Tok::Star {
                        self.read();
                        let mut close = self.read();
                        if close.ty != Tok::CBrack && !self.recovery {
                            self.error(
                                "Missing close bracket on splat index",
                                "The star for a full splat operator must be immediately followed by a closing bracket (\"]\").",
                                close.span,
                            );
                            close = self.recover(Tok::CBrack);
                        }
                        if !self.enter(open.span) {
                            return range;
                        }
                        let each = self.traversals(open.span.to(close.span));
                        self.depth -= 1;
                        range = range.to(each);
                    } else {
                        self.push_newlines(false);
                        let mark = self.diags.len();
                        self.expression();
                        let close = if self.recovery && self.errors_since(mark) {
                            self.recover(Tok::CBrack)
                        } else {
                            let close = self.read();
                            if close.ty != Tok::CBrack && !self.recovery {
                                self.error(
                                    "Missing close bracket on index",
                                    "The index operator must end with a closing bracket (\"]\").",
                                    close.span,
                                );
                                self.recover(Tok::CBrack)
                            } else {
                                close
                            }
                        };
                        self.pop_newlines();
                        range = range.to(close.span);
                    }
                }
                _ => return range,
            }
        }
    }

    /// `.0`, the legacy index form: `.0.1` is one number token to HCL.
    fn legacy_index(&mut self, num: Token, subject: Token, proper: &str) {
        let text = self.text(num);
        match text.split_once('.') {
            Some((first, second)) => self.error(
                "Invalid legacy index syntax",
                format!(
                    "When using the legacy index syntax, chaining two indexes together is not permitted. Use the {proper} instead, like [{first}][{second}]."
                ),
                subject.span,
            ),
            None => self.number(num),
        }
    }

    fn number(&mut self, tok: Token) {
        if crate::value::Number::parse(self.text(tok)).is_none() {
            self.error("Invalid number literal", "Failed to recognize the value of this number literal.", tok.span);
        }
    }

    /// One level deeper, unless that passes the limit (reported once).
    fn enter(&mut self, at: Span) -> bool {
        if self.depth >= self.max_depth {
            if !self.recovery {
                self.error(
                    "Expression too deeply nested",
                    format!("This expression nests more than {} levels deep, which is more than this evaluator allows.", self.max_depth),
                    at,
                );
            }
            self.recovery = true;
            return false;
        }
        self.depth += 1;
        true
    }

    fn term(&mut self) -> Span {
        let start = self.peek();
        if !self.enter(start.span) {
            return start.span;
        }
        let range = self.term_inner(start);
        self.depth -= 1;
        range
    }

    fn term_inner(&mut self, start: Token) -> Span {
        match start.ty {
            Tok::OParen => {
                self.read();
                self.push_newlines(false);
                let mark = self.diags.len();
                self.expression();
                if self.errors_since(mark) {
                    self.recover(Tok::CParen);
                    self.pop_newlines();
                    return start.span.to(self.prev_range());
                }
                let close = self.peek();
                if close.ty != Tok::CParen {
                    self.error("Unbalanced parentheses", "Expected a closing parenthesis to terminate the expression.", close.span);
                    self.recovery = true;
                }
                let close = self.read();
                self.pop_newlines();
                start.span.to(close.span)
            }
            Tok::NumberLit => {
                let tok = self.read();
                self.number(tok);
                tok.span
            }
            Tok::Ident => {
                let tok = self.read();
                if matches!(self.peek().ty, Tok::OParen | Tok::DoubleColon) {
                    return self.function_call(tok);
                }
                tok.span
            }
            Tok::OQuote | Tok::OHeredoc => {
                let open = self.read();
                let end = if open.ty == Tok::OQuote { Tok::CQuote } else { Tok::CHeredoc };
                self.template_parts(end);
                open.span.to(self.prev_range())
            }
            Tok::Minus | Tok::Bang => {
                let tok = self.read();
                let operand = self.with_traversals();
                tok.span.to(operand)
            }
            Tok::OBrack => self.tuple(),
            Tok::OBrace => self.object(),
            _ => {
                if !self.recovery {
                    // hcl before 2.11 has no message of its own for the end.
                    if start.ty == Tok::Eof && !self.profile.is_waypoint() {
                        self.error("Missing expression", "Expected the start of an expression, but found the end of the file.", start.span);
                    } else {
                        self.error(
                            "Invalid expression",
                            "Expected the start of an expression, but found an invalid expression token.",
                            start.span,
                        );
                    }
                }
                self.recovery = true;
                start.span
            }
        }
    }

    fn function_call(&mut self, name: Token) -> Span {
        let mut open = self.read();
        // `a::b::c(` (HCL 2.20 and later).
        while open.ty == Tok::DoubleColon {
            let part = self.read();
            if part.ty != Tok::Ident {
                self.error(
                    "Missing function name",
                    "Function scope resolution symbol :: must be followed by a function name in this scope.",
                    part.span,
                );
                self.recover_over(Tok::OParen);
                return name.span.to(part.span);
            }
            open = self.read();
        }
        if open.ty != Tok::OParen {
            self.error(
                "Missing open parenthesis",
                "Function selector must be followed by an open parenthesis to begin the function call.",
                open.span,
            );
            self.recover_over(Tok::OParen);
            return name.span.to(open.span);
        }
        self.push_newlines(false);
        let close = loop {
            if self.peek().ty == Tok::CParen {
                break self.read();
            }
            if self.expression_fails() {
                break self.recover(Tok::CParen);
            }
            let sep = self.read();
            match sep.ty {
                Tok::CParen => break sep,
                Tok::Ellipsis => {
                    if self.peek().ty == Tok::CParen {
                        break self.read();
                    }
                    if !self.recovery {
                        self.error(
                            "Missing closing parenthesis",
                            "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                            sep.span,
                        );
                    }
                    break self.recover(Tok::CParen);
                }
                Tok::Comma => {
                    if self.peek().ty == Tok::CParen {
                        break self.read();
                    }
                }
                Tok::Eof if !self.profile.is_waypoint() => {
                    // HCL before 2.20 misspells "parenthesis" here.
                    let word = if self.profile.is_legacy() { "parethesis" } else { "parenthesis" };
                    self.error(
                        "Unterminated function call",
                        format!("There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect {word} nesting elsewhere in this file."),
                        name.span.to(open.span),
                    );
                    break self.recover(Tok::CParen);
                }
                _ => {
                    self.error(
                        "Missing argument separator",
                        "A comma is required to separate each function argument from the next.",
                        sep.span,
                    );
                    break self.recover(Tok::CParen);
                }
            }
        };
        self.pop_newlines();
        name.span.to(close.span)
    }

    fn tuple(&mut self) -> Span {
        let open = self.read();
        self.push_newlines(false);
        let range = if self.is_keyword(self.peek(), "for") { self.for_expr(open) } else { self.tuple_items(open) };
        self.pop_newlines();
        range
    }

    fn tuple_items(&mut self, open: Token) -> Span {
        let close = loop {
            if self.peek().ty == Tok::CBrack {
                break self.read();
            }
            if self.expression_fails() {
                break self.recover(Tok::CBrack);
            }
            let next = self.peek();
            if next.ty == Tok::CBrack {
                break self.read();
            }
            if next.ty != Tok::Comma {
                if !self.recovery {
                    if next.ty == Tok::Eof && !self.profile.is_waypoint() {
                        self.error(
                            "Unterminated tuple constructor expression",
                            "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                            open.span,
                        );
                    } else {
                        self.error("Missing item separator", "Expected a comma to mark the beginning of the next item.", next.span);
                    }
                }
                break self.recover(Tok::CBrack);
            }
            self.read();
        };
        open.span.to(close.span)
    }

    fn object(&mut self) -> Span {
        let open = self.read();
        self.push_newlines(false);
        let is_for = self.is_keyword(self.peek(), "for");
        self.pop_newlines();
        if is_for {
            self.push_newlines(false);
            let range = self.for_expr(open);
            self.pop_newlines();
            return range;
        }
        self.push_newlines(true);
        let unterminated = |p: &mut Self| {
            p.error(
                "Unterminated object constructor expression",
                "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                open.span,
            )
        };
        let close = loop {
            let next = self.peek();
            if next.ty == Tok::Newline {
                self.read();
                continue;
            }
            if next.ty == Tok::CBrace {
                break self.read();
            }
            if self.expression_fails() {
                break self.recover(Tok::CBrace);
            }
            let next = self.peek();
            if next.ty != Tok::Equal && next.ty != Tok::Colon {
                if !self.recovery {
                    match next.ty {
                        Tok::Newline | Tok::Comma => self.error(
                            "Missing attribute value",
                            "Expected an attribute value, introduced by an equals sign (\"=\").",
                            next.span,
                        ),
                        Tok::Ident => self.error(
                            "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.",
                            next.span,
                        ),
                        Tok::Eof if !self.profile.is_waypoint() => unterminated(self),
                        _ => self.error(
                            "Missing key/value separator",
                            "Expected an equals sign (\"=\") to mark the beginning of the attribute value.",
                            next.span,
                        ),
                    }
                }
                break self.recover(Tok::CBrace);
            }
            self.read();
            if self.expression_fails() {
                break self.recover(Tok::CBrace);
            }
            let next = self.peek();
            if next.ty == Tok::CBrace {
                break self.read();
            }
            if next.ty != Tok::Comma && next.ty != Tok::Newline {
                if !self.recovery {
                    if next.ty == Tok::Eof && !self.profile.is_waypoint() {
                        unterminated(self);
                    } else {
                        self.error(
                            "Missing attribute separator",
                            "Expected a newline or comma to mark the beginning of the next attribute.",
                            next.span,
                        );
                    }
                }
                break self.recover(Tok::CBrace);
            }
            self.read();
        };
        self.pop_newlines();
        open.span.to(close.span)
    }

    fn for_expr(&mut self, open: Token) -> Span {
        self.push_newlines(false);
        let range = self.for_expr_inner(open);
        self.pop_newlines();
        range
    }

    fn for_expr_inner(&mut self, open: Token) -> Span {
        self.read(); // for
        let close_type = if open.ty == Tok::OBrace { Tok::CBrace } else { Tok::CBrack };
        let invalid = |p: &mut Self, detail: &str| {
            if !p.recovery {
                let at = p.next_range();
                p.error("Invalid 'for' expression", detail, at);
            }
            let close = p.recover(close_type);
            open.span.to(close.span)
        };
        if self.peek().ty != Tok::Ident {
            return invalid(self, "For expression requires variable name after 'for'.");
        }
        self.read();
        if self.peek().ty == Tok::Comma {
            self.read();
            if self.peek().ty != Tok::Ident {
                return invalid(self, "For expression requires value variable name after comma.");
            }
            self.read();
        }
        if !self.is_keyword(self.peek(), "in") {
            return invalid(self, "For expression requires the 'in' keyword after its name declarations.");
        }
        self.read();
        if self.expression_fails() {
            let close = self.recover(close_type);
            return open.span.to(close.span);
        }
        if self.peek().ty != Tok::Colon {
            return invalid(self, "For expression requires a colon after the collection expression.");
        }
        self.read();
        let mark = self.diags.len();
        let mut value = self.expression();
        let mut key = None;
        if self.peek().ty == Tok::FatArrow {
            self.read();
            key = Some(value);
            value = self.expression();
        }
        if self.recovery && self.errors_since(mark) {
            let close = self.recover(close_type);
            return open.span.to(close.span);
        }
        let ellipsis = (self.peek().ty == Tok::Ellipsis).then(|| self.read());
        if self.is_keyword(self.peek(), "if") {
            self.read();
            if self.expression_fails() {
                let close = self.recover(close_type);
                return open.span.to(close.span);
            }
        }
        let close = if self.peek().ty == close_type {
            self.read()
        } else {
            if !self.recovery {
                let at = self.next_range();
                self.error("Invalid 'for' expression", "Extra characters after the end of the 'for' expression.", at);
            }
            self.recover(close_type)
        };
        if close_type == Tok::CBrack {
            if let Some(key) = key {
                self.error("Invalid 'for' expression", "Key expression is not valid when building a tuple.", key);
            }
            if let Some(e) = ellipsis {
                self.error("Invalid 'for' expression", "Grouping ellipsis (...) cannot be used when building a tuple.", e.span);
            }
        } else if key.is_none() {
            self.error("Invalid 'for' expression", "Key expression is required when building an object.", value);
        }
        open.span.to(close.span)
    }
}

/// The bracket that pairs with `ty` (`oppositeBracket`).
pub(super) fn opposite(ty: Tok) -> Tok {
    match ty {
        Tok::OBrace => Tok::CBrace,
        Tok::OBrack => Tok::CBrack,
        Tok::OParen => Tok::CParen,
        Tok::OQuote => Tok::CQuote,
        Tok::OHeredoc => Tok::CHeredoc,
        Tok::CBrace => Tok::OBrace,
        Tok::CBrack => Tok::OBrack,
        Tok::CParen => Tok::OParen,
        Tok::CQuote => Tok::OQuote,
        Tok::CHeredoc => Tok::OHeredoc,
        Tok::TemplateControl | Tok::TemplateInterp => Tok::TemplateSeqEnd,
        Tok::TemplateSeqEnd => Tok::TemplateInterp,
        _ => Tok::Nil,
    }
}
