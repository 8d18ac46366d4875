//! Diagnostics as data, in the shape of `hcl.Diagnostic`: a summary, a
//! detail and the byte range they are about. A leaf of the crate; the text
//! rendering is in [`present`](crate::present).

use std::fmt;

/// A byte range in the source, `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// A span from `start` to `end`.
    pub fn new(start: usize, end: usize) -> Span {
        Span { start, end: end.max(start) }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// One error found while parsing or evaluating.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// A short, capitalised summary in HCL's wording ("Unsupported attribute").
    pub summary: String,
    /// A full sentence or two of detail.
    pub detail: String,
    /// The source range the problem is about.
    pub subject: Span,
    /// What it is, for the code that treats some diagnostics apart (never
    /// by their wording).
    pub code: Code,
}

/// What a diagnostic is, where that matters to the code handling it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Code {
    /// Any other problem.
    #[default]
    Other,
    /// Evaluation went past its steps of work (`Limits::max_steps`, or
    /// `max_total_steps` for a configuration).
    TooExpensive,
    /// A value went past the size caps.
    TooLarge,
    /// Parsing went past the nesting limit.
    TooDeep,
    /// An argument set twice in one body.
    AttributeRedefined,
    /// A call of a function that does not exist.
    UnknownFunction,
    /// The console-only `type` function used inside an expression.
    TypeFunctionMisuse,
    /// A reference to a name nothing in scope has (`var` in an
    /// expression given no `var` object).
    UnknownVariable,
}

impl Code {
    /// Its name for the page and other JavaScript callers (`None` for
    /// [`Code::Other`]).
    pub fn js_name(self) -> Option<&'static str> {
        Some(match self {
            Code::Other => return None,
            Code::TooExpensive => "tooExpensive",
            Code::TooLarge => "tooLarge",
            Code::TooDeep => "tooDeep",
            Code::AttributeRedefined => "attributeRedefined",
            Code::UnknownFunction => "unknownFunction",
            Code::TypeFunctionMisuse => "typeFunctionMisuse",
            Code::UnknownVariable => "unknownVariable",
        })
    }
}

impl Diagnostic {
    /// An error diagnostic.
    pub fn error(summary: impl Into<String>, detail: impl Into<String>, subject: Span) -> Diagnostic {
        Diagnostic { summary: summary.into(), detail: detail.into(), subject, code: Code::Other }
    }

    /// The same diagnostic, saying what it is.
    pub fn with_code(self, code: Code) -> Diagnostic {
        Diagnostic { code, ..self }
    }

    /// Whether it says that evaluation reached one of the work or size
    /// limits.
    pub fn is_limit(&self) -> bool {
        matches!(self.code, Code::TooExpensive | Code::TooLarge)
    }

    /// `Summary: detail`, as the conformance schema writes errors.
    pub fn one_line(&self) -> String {
        if self.detail.is_empty() {
            self.summary.clone()
        } else {
            format!("{}: {}", self.summary, self.detail)
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.one_line())
    }
}

/// A 1-based line and column; the column counts Unicode scalar values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCol {
    /// 1-based line.
    pub line: usize,
    /// 1-based column in characters.
    pub column: usize,
}

impl LineCol {
    /// The line and column of byte offset `at` in `source`.
    pub fn of(source: &str, at: usize) -> LineCol {
        let at = floor_char_boundary(source, at);
        let before = &source[..at];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        LineCol { line, column: before[line_start..].chars().count() + 1 }
    }
}

/// A range as `hcl.Range` prints it, `FILE:LINE,COL-COL` (or
/// `FILE:LINE,COL-LINE,COL` across lines), as messages quote it. HCL's
/// columns count grapheme clusters (of the engine's Unicode `version`),
/// and not a leading byte order mark.
pub fn range_text(source: &str, filename: &str, span: Span, version: crate::text::unicode::Version) -> String {
    let pos = |at: usize| {
        let at = floor_char_boundary(source, at);
        let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
        let line = source[..at].matches('\n').count() + 1;
        let text = &source[line_start..at];
        let text = if line_start == 0 { text.strip_prefix('\u{FEFF}').unwrap_or(text) } else { text };
        (line, crate::text::unicode::grapheme_count(text, version) + 1)
    };
    let ((l1, c1), (l2, c2)) = (pos(span.start), pos(span.end));
    if l1 == l2 {
        format!("{filename}:{l1},{c1}-{c2}")
    } else {
        format!("{filename}:{l1},{c1}-{l2},{c2}")
    }
}

/// The largest char boundary not after `at`.
pub fn floor_char_boundary(s: &str, at: usize) -> usize {
    let mut at = at.min(s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A list of diagnostics, usually the errors of one evaluation.
pub type Diagnostics = Vec<Diagnostic>;

/// "Did you mean …?" as HCL suggests it: a candidate within a Levenshtein
/// distance under 3 — here the closest one (the alphabetically first of
/// equals), where Go takes whichever its map order yields first.
pub fn suggest<'a>(given: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates.into_iter().map(|c| (strsim::levenshtein(given, c), c)).filter(|(d, _)| *d < 3).min().map(|(_, c)| c)
}
