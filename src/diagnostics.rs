//! Diagnostics as data, in the shape of `hcl.Diagnostic`, and their text
//! rendering with the source line and a caret.

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

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// Evaluation failed.
    Error,
    /// Evaluation went on, but something deserves attention.
    Warning,
}

/// One problem found while parsing or evaluating.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// A short, capitalised summary in HCL's wording ("Unsupported attribute").
    pub summary: String,
    /// A full sentence or two of detail.
    pub detail: String,
    /// The source range the problem is about.
    pub subject: Span,
}

impl Diagnostic {
    /// An error diagnostic.
    pub fn error(summary: impl Into<String>, detail: impl Into<String>, subject: Span) -> Diagnostic {
        Diagnostic { severity: Severity::Error, summary: summary.into(), detail: detail.into(), subject }
    }

    /// `Summary: detail`, as the conformance schema writes errors.
    pub fn one_line(&self) -> String {
        if self.detail.is_empty() {
            self.summary.clone()
        } else {
            format!("{}: {}", self.summary, self.detail)
        }
    }

    /// Renders the diagnostic like Terraform: the summary, the source line
    /// with a caret under the subject, then the detail.
    pub fn render(&self, source: &str) -> String {
        let pos = LineCol::of(source, self.subject.start);
        let line_start = source[..self.subject.start.min(source.len())].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[line_start..].find('\n').map_or(source.len(), |i| line_start + i);
        let line = &source[line_start..line_end];
        let from = self.subject.start.min(line_end) - line_start;
        let to = self.subject.end.clamp(self.subject.start, line_end) - line_start;
        // Terminals draw East Asian wide characters two columns wide.
        let pad: String = line[..from]
            .chars()
            .map(|c| if c == '\t' { "\t".to_string() } else { " ".repeat(unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)) })
            .collect();
        let width = unicode_width::UnicodeWidthStr::width(&line[from..to]).max(1);
        let label = match self.severity {
            Severity::Error => "Error",
            Severity::Warning => "Warning",
        };
        let gutter = format!("{:>4} | ", pos.line);
        let mut out = format!("{label}: {}\n\n  on <input> line {}:\n{gutter}{line}\n", self.summary, pos.line);
        out.push_str(&" ".repeat(gutter.len()));
        out.push_str(&pad);
        out.push_str(&"^".repeat(width));
        out.push('\n');
        if !self.detail.is_empty() {
            out.push('\n');
            out.push_str(&self.detail);
            out.push('\n');
        }
        out
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
