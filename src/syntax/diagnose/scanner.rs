//! Tokens as HCL's scanner (`scan_tokens.rl`) makes them: the longest
//! match at each position, in four modes (expression code, a quoted
//! template, a heredoc, a bare template) with a stack for the code inside
//! `${ }` and `%{ }`. Then the scanner's own complaints about the tokens
//! (`checkInvalidTokens`): invalid characters, bitwise operators, quoted
//! newlines.

use crate::diagnostics::{Diagnostic, Span};
use crate::profile::Profile;
use crate::text::{is_identifier_char, is_identifier_start};

/// What a token is, named as `hclsyntax.TokenType`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::syntax) enum Tok {
    OBrace,
    CBrace,
    OBrack,
    CBrack,
    OParen,
    CParen,
    OQuote,
    CQuote,
    OHeredoc,
    CHeredoc,
    Star,
    Slash,
    Plus,
    Minus,
    Percent,
    Equal,
    EqualOp,
    NotEqual,
    LessThan,
    LessThanEq,
    GreaterThan,
    GreaterThanEq,
    And,
    Or,
    Bang,
    Dot,
    Comma,
    Ellipsis,
    FatArrow,
    /// `::`, from HCL 2.20 (namespaced functions).
    DoubleColon,
    Question,
    Colon,
    TemplateInterp,
    TemplateControl,
    TemplateSeqEnd,
    QuotedLit,
    StringLit,
    NumberLit,
    Ident,
    Comment,
    Newline,
    Eof,
    BitwiseAnd,
    BitwiseOr,
    BitwiseNot,
    BitwiseXor,
    Apostrophe,
    Backtick,
    Semicolon,
    Invalid,
    QuotedNewline,
    /// No token (`TokenNil`): what `oppositeBracket` gives a non-bracket.
    Nil,
}

/// A token: its type and its bytes in the source.
#[derive(Clone, Copy, Debug)]
pub(in crate::syntax) struct Token {
    pub ty: Tok,
    pub span: Span,
}

/// Where the scanner is: the mode's own state, kept on a stack while the
/// code of an interpolation is scanned.
enum Mode {
    Main,
    Quoted,
    Heredoc { marker: String, start_of_line: bool },
    Bare,
}

/// Scans `src` (from `start`, past a byte order mark) as an expression
/// (`template` false) or a bare template, ending with an EOF token.
pub(in crate::syntax) fn scan(src: &str, template: bool, profile: Profile) -> Vec<Token> {
    let start = if src.starts_with('\u{FEFF}') { 3 } else { 0 };
    let mut s = Scanner {
        src,
        i: start,
        toks: Vec::new(),
        stack: Vec::new(),
        braces: 0,
        ret_braces: Vec::new(),
        double_colon: !profile.is_legacy(),
    };
    let mode = if template { Mode::Bare } else { Mode::Main };
    s.stack.push(mode);
    while s.i < src.len() {
        if !s.step() {
            // Nothing matches here: the rest is one token, literal text at
            // the top of a bare template, invalid anywhere else.
            let ty = if template && s.stack.len() == 1 { Tok::StringLit } else { Tok::Invalid };
            s.emit(ty, s.i, src.len());
            break;
        }
    }
    s.emit(Tok::Eof, src.len(), src.len());
    s.toks
}

struct Scanner<'s> {
    src: &'s str,
    i: usize,
    toks: Vec<Token>,
    stack: Vec<Mode>,
    braces: i64,
    ret_braces: Vec<i64>,
    /// Whether `::` is a token (HCL 2.20 and later).
    double_colon: bool,
}

impl<'s> Scanner<'s> {
    fn emit(&mut self, ty: Tok, start: usize, end: usize) {
        self.toks.push(Token { ty, span: Span::new(start, end) });
        self.i = end;
    }

    fn rest(&self) -> &'s str {
        let src = self.src;
        &src[self.i..]
    }

    /// Scans one token (or skips spacing); false when nothing matches.
    fn step(&mut self) -> bool {
        match self.stack.last() {
            Some(Mode::Main) | None => self.main(),
            Some(Mode::Quoted) => self.quoted(),
            Some(Mode::Heredoc { .. }) => self.heredoc(),
            Some(Mode::Bare) => self.bare(),
        }
    }

    /// `${` or `%{` (each with an optional `~`) at the current position:
    /// the code inside is scanned in the main mode until its `}`.
    fn template_opener(&mut self) -> bool {
        let rest = self.rest();
        let ty = if rest.starts_with("${") {
            Tok::TemplateInterp
        } else if rest.starts_with("%{") {
            Tok::TemplateControl
        } else {
            return false;
        };
        let len = if rest[2..].starts_with('~') { 3 } else { 2 };
        self.emit(ty, self.i, self.i + len);
        self.braces += 1;
        self.ret_braces.push(self.braces);
        if let Some(Mode::Heredoc { start_of_line, .. }) = self.stack.last_mut() {
            *start_of_line = false;
        }
        self.stack.push(Mode::Main);
        true
    }

    fn main(&mut self) -> bool {
        let (b, i) = (self.src.as_bytes(), self.i);
        let rest = self.rest();
        let c = rest.chars().next().expect("not at the end");
        let at = |k: usize| b.get(i + k).copied();
        match c {
            ' ' | '\t' => {
                self.i += 1;
            }
            '0'..='9' => {
                let end = number_end(b, i);
                self.emit(Tok::NumberLit, i, end);
            }
            '#' => self.line_comment(),
            '/' if at(1) == Some(b'/') => self.line_comment(),
            '/' if at(1) == Some(b'*') && rest[2..].contains("*/") => {
                let end = i + 2 + rest[2..].find("*/").expect("found") + 2;
                self.emit(Tok::Comment, i, end);
            }
            '\n' => self.emit(Tok::Newline, i, i + 1),
            '\r' if at(1) == Some(b'\n') => self.emit(Tok::Newline, i, i + 2),
            '<' if self.heredoc_opener() => {}
            '{' => {
                self.emit(Tok::OBrace, i, i + 1);
                self.braces += 1;
            }
            '}' => {
                if self.ret_braces.last() == Some(&self.braces) {
                    self.emit(Tok::TemplateSeqEnd, i, i + 1);
                    self.ret_braces.pop();
                    self.stack.pop();
                } else {
                    self.emit(Tok::CBrace, i, i + 1);
                }
                self.braces -= 1;
            }
            '~' if at(1) == Some(b'}') => {
                // Always the end of a template sequence, even where it
                // closes a plain brace: the parser reports that misuse.
                self.emit(Tok::TemplateSeqEnd, i, i + 2);
                if self.ret_braces.last() == Some(&self.braces) {
                    self.ret_braces.pop();
                    self.stack.pop();
                }
                self.braces -= 1;
            }
            '"' => {
                self.emit(Tok::OQuote, i, i + 1);
                self.stack.push(Mode::Quoted);
            }
            c if is_identifier_start(c) => {
                let end = i + rest.find(|c: char| !is_identifier_char(c)).unwrap_or(rest.len());
                self.emit(Tok::Ident, i, end);
            }
            _ => {
                let two = |s: &str| rest.starts_with(s);
                let (ty, len) = if two("...") {
                    (Tok::Ellipsis, 3)
                } else if two("==") {
                    (Tok::EqualOp, 2)
                } else if two("!=") {
                    (Tok::NotEqual, 2)
                } else if two(">=") {
                    (Tok::GreaterThanEq, 2)
                } else if two("<=") {
                    (Tok::LessThanEq, 2)
                } else if two("&&") {
                    (Tok::And, 2)
                } else if two("||") {
                    (Tok::Or, 2)
                } else if two("=>") {
                    (Tok::FatArrow, 2)
                } else if two("::") && self.double_colon {
                    (Tok::DoubleColon, 2)
                } else {
                    let ty = match c {
                        '[' => Tok::OBrack,
                        ']' => Tok::CBrack,
                        '(' => Tok::OParen,
                        ')' => Tok::CParen,
                        '.' => Tok::Dot,
                        ',' => Tok::Comma,
                        '*' => Tok::Star,
                        '/' => Tok::Slash,
                        '%' => Tok::Percent,
                        '+' => Tok::Plus,
                        '-' => Tok::Minus,
                        '=' => Tok::Equal,
                        '<' => Tok::LessThan,
                        '>' => Tok::GreaterThan,
                        '!' => Tok::Bang,
                        '?' => Tok::Question,
                        ':' => Tok::Colon,
                        '&' => Tok::BitwiseAnd,
                        '|' => Tok::BitwiseOr,
                        '~' => Tok::BitwiseNot,
                        '^' => Tok::BitwiseXor,
                        ';' => Tok::Semicolon,
                        '`' => Tok::Backtick,
                        '\'' => Tok::Apostrophe,
                        _ => Tok::Invalid,
                    };
                    (ty, c.len_utf8())
                };
                self.emit(ty, i, i + len);
            }
        }
        true
    }

    /// `#` or `//` to the end of the line, the newline included.
    fn line_comment(&mut self) {
        let rest = self.rest();
        let end = rest.find('\n').map_or(rest.len(), |n| n + 1);
        self.emit(Tok::Comment, self.i, self.i + end);
    }

    /// `<<EOT` or `<<-EOT` and its newline: a heredoc begins.
    fn heredoc_opener(&mut self) -> bool {
        let rest = self.rest();
        let Some(after) = rest.strip_prefix("<<") else { return false };
        let name = after.strip_prefix('-').unwrap_or(after);
        let mut chars = name.chars();
        if !chars.next().is_some_and(is_identifier_start) {
            return false;
        }
        let len = name.find(|c: char| !is_identifier_char(c)).unwrap_or(name.len());
        let newline = if name[len..].starts_with('\n') {
            1
        } else if name[len..].starts_with("\r\n") {
            2
        } else {
            return false;
        };
        let marker = name[..len].to_string();
        let end = self.i + (rest.len() - name.len()) + len + newline;
        self.emit(Tok::OHeredoc, self.i, end);
        self.stack.push(Mode::Heredoc { marker, start_of_line: true });
        true
    }

    fn quoted(&mut self) -> bool {
        let (b, i) = (self.src.as_bytes(), self.i);
        if self.template_opener() {
            return true;
        }
        let rest = self.rest();
        match b[i] {
            b'"' => {
                self.emit(Tok::CQuote, i, i + 1);
                self.stack.pop();
            }
            b'$' | b'%' => match (escaped_opener(rest), rest.len()) {
                (Some(len), _) => self.emit(Tok::QuotedLit, i, i + len),
                (None, 1) => self.emit(Tok::Invalid, i, i + 1),
                (None, _) => self.emit(Tok::QuotedLit, i, i + 1),
            },
            b'\r' | b'\n' => {
                let end = i + rest.find(|c| c != '\r' && c != '\n').unwrap_or(rest.len());
                self.emit(Tok::QuotedNewline, i, end);
            }
            _ => match quoted_run(rest) {
                0 => self.emit(Tok::Invalid, i, i + 1),
                len => self.emit(Tok::QuotedLit, i, i + len),
            },
        }
        true
    }

    fn heredoc(&mut self) -> bool {
        if self.template_opener() {
            return true;
        }
        let (i, rest) = (self.i, self.rest());
        let (run, newline) = text_run(rest);
        if run == 0 && newline == 0 {
            // `$${` is one literal; `$` or `%` not opening a sequence is a
            // literal of its own; a carriage return ending no line matches
            // nothing.
            if let Some(len) = escaped_opener(rest) {
                if let Some(Mode::Heredoc { start_of_line, .. }) = self.stack.last_mut() {
                    *start_of_line = false;
                }
                self.emit(Tok::StringLit, i, i + len);
                return true;
            }
            if rest.starts_with(['$', '%']) && rest.len() > 1 {
                if let Some(Mode::Heredoc { start_of_line, .. }) = self.stack.last_mut() {
                    *start_of_line = false;
                }
                self.emit(Tok::StringLit, i, i + 1);
                return true;
            }
            return false;
        }
        let Some(Mode::Heredoc { marker, start_of_line }) = self.stack.last_mut() else { return false };
        if newline > 0 && *start_of_line && rest[..run + newline].trim() == marker.as_str() {
            let close_end = i + run + newline - newline;
            self.stack.pop();
            self.emit(Tok::CHeredoc, i, close_end);
            self.emit(Tok::Newline, close_end, close_end + newline);
            return true;
        }
        *start_of_line = newline > 0;
        self.emit(Tok::StringLit, i, i + run + newline);
        true
    }

    fn bare(&mut self) -> bool {
        if self.template_opener() {
            return true;
        }
        let (i, rest) = (self.i, self.rest());
        let (run, newline) = text_run(rest);
        if run == 0 && newline == 0 {
            if let Some(len) = escaped_opener(rest) {
                self.emit(Tok::StringLit, i, i + len);
                return true;
            }
            if rest.starts_with(['$', '%']) && rest.len() > 1 {
                self.emit(Tok::StringLit, i, i + 1);
                return true;
            }
            return false;
        }
        self.emit(Tok::StringLit, i, i + run + newline);
        true
    }
}

/// Template text at the start of `rest` up to a `$`, `%` or line end,
/// and the length of the newline that ends it there (0 if none does).
fn text_run(rest: &str) -> (usize, usize) {
    let run = rest.find(['$', '%', '\r', '\n']).unwrap_or(rest.len());
    let newline = match &rest[run..] {
        r if r.starts_with('\n') => 1,
        r if r.starts_with("\r\n") => 2,
        _ => 0,
    };
    (run, newline)
}

/// `$${` or `%%{` (with a `~` too) at the start of `rest`: the escape for
/// a literal `${` or `%{`, one token; its length.
fn escaped_opener(rest: &str) -> Option<usize> {
    let b = rest.as_bytes();
    match b {
        [c @ (b'$' | b'%'), d, b'{', ..] if c == d => Some(if b.get(3) == Some(&b'~') { 4 } else { 3 }),
        _ => None,
    }
}

/// The length of quoted-string text at the start of `rest`: characters
/// other than `$`, `%`, `"`, a backslash and newlines, and backslash
/// escapes of any character but a newline (0 for a backslash that ends a
/// line or the input).
fn quoted_run(rest: &str) -> usize {
    let mut chars = rest.char_indices().peekable();
    while let Some((j, c)) = chars.next() {
        match c {
            '$' | '%' | '"' | '\r' | '\n' => return j,
            '\\' => match chars.peek() {
                Some((_, n)) if !matches!(n, '\r' | '\n') => {
                    chars.next();
                }
                _ => return j,
            },
            _ => {}
        }
    }
    rest.len()
}

/// Where a number token starting at `i` ends: a digit, then digits, dots
/// and exponents (`e`, `E`, with an optional sign, then a digit), not
/// ending in a dot.
fn number_end(b: &[u8], i: usize) -> usize {
    let mut j = i + 1;
    let mut end = j;
    loop {
        match b.get(j) {
            Some(b'0'..=b'9') => {
                j += 1;
                end = j;
            }
            Some(b'.') => j += 1,
            Some(b'e' | b'E') => {
                let k = j + 1 + usize::from(matches!(b.get(j + 1), Some(b'+' | b'-')));
                if !matches!(b.get(k), Some(b'0'..=b'9')) {
                    break;
                }
                j = k + 1;
                end = j;
            }
            _ => break,
        }
    }
    end
}

/// The scanner's complaints about tokens (`checkInvalidTokens`), in order.
pub(super) fn token_diagnostics(src: &str, toks: &[Token]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let (mut bitwise, mut backticks, mut apostrophes, mut semicolons) = (0, 0, 0, 0);
    for t in toks {
        let d = |detail: &str| Diagnostic::error("Invalid character", detail, t.span);
        match t.ty {
            Tok::BitwiseAnd | Tok::BitwiseOr | Tok::BitwiseXor | Tok::BitwiseNot => {
                if bitwise < 4 {
                    let suggestion = match t.ty {
                        Tok::BitwiseAnd => " Did you mean boolean AND (\"&&\")?",
                        Tok::BitwiseOr => " Did you mean boolean OR (\"||\")?",
                        Tok::BitwiseNot => " Did you mean boolean NOT (\"!\")?",
                        _ => "",
                    };
                    diags.push(Diagnostic::error(
                        "Unsupported operator",
                        format!("Bitwise operators are not supported.{suggestion}"),
                        t.span,
                    ));
                    bitwise += 1;
                }
            }
            Tok::Backtick => {
                // Every other one: the start of a backtick-quoted string,
                // not its end.
                if backticks % 2 == 0 {
                    diags.push(d("The \"`\" character is not valid. To create a multi-line string, use the \"heredoc\" syntax, like \"<<EOT\"."));
                }
                if backticks <= 2 {
                    backticks += 1;
                }
            }
            Tok::Apostrophe => {
                if apostrophes % 2 == 0 {
                    diags.push(d("Single quotes are not valid. Use double quotes (\") to enclose strings."));
                }
                if apostrophes <= 2 {
                    apostrophes += 1;
                }
            }
            Tok::Semicolon => {
                if semicolons < 1 {
                    diags.push(d("The \";\" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values."));
                    semicolons += 1;
                }
            }
            Tok::QuotedNewline => diags.push(Diagnostic::error(
                "Invalid multi-line string",
                "Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the \"heredoc\" multi-line template syntax.",
                t.span,
            )),
            Tok::Invalid => match &src[t.span.start..t.span.end] {
                "\u{201C}" | "\u{201D}" => diags.push(d("\"Curly quotes\" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a \"straight quote\".")),
                _ => diags.push(d("This character is not used within the language.")),
            },
            _ => {}
        }
    }
    diags
}
