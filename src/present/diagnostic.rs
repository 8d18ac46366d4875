//! Diagnostics as text, the one renderer every front end uses (the
//! command line, the page and the widgets): Terraform's layout, with the
//! source line and a caret under the subject.

use crate::diagnostics::{floor_char_boundary, Diagnostic, LineCol};
use std::borrow::Cow;
use unicode_width::UnicodeWidthStr;

impl Diagnostic {
    /// Renders the diagnostic as Terraform lays it out: the summary, where
    /// it is (`filename` names the source), the source line with carets
    /// under the subject, then the detail. A line wider than 120 columns
    /// is cut to a window around the start of the subject, with "…" where
    /// text was cut.
    ///
    /// ```
    /// use hcl_playground::{Diagnostic, Span};
    /// let d = Diagnostic::error("Unknown variable", "There is no variable named \"nope\".", Span::new(11, 15));
    /// assert_eq!(
    ///     d.render("\"日本\" + nope", "<input>"),
    ///     "Error: Unknown variable\n\n  on <input> line 1:\n   1 | \"日本\" + nope\n                ^^^^\n\nThere is no variable named \"nope\".\n",
    /// );
    /// ```
    pub fn render(&self, source: &str, filename: &str) -> String {
        self.render_as("Error", source, filename)
    }

    /// [`Diagnostic::render`] under another severity's word (`Warning`).
    pub fn render_as(&self, severity: &str, source: &str, filename: &str) -> String {
        let start = floor_char_boundary(source, self.subject.start);
        let pos = LineCol::of(source, start);
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[line_start..].find('\n').map_or(source.len(), |i| line_start + i);
        let line = source[line_start..line_end].strip_suffix('\r').unwrap_or(&source[line_start..line_end]);
        let from = start.min(line_start + line.len()) - line_start;
        let to = floor_char_boundary(source, self.subject.end).clamp(start, line_start + line.len()) - line_start;
        let shown = Excerpt::of(line, from, to);
        let gutter = format!("{:>4} | ", pos.line);
        let mut out = format!("{severity}: {}\n\n  on {filename} line {}:\n{gutter}{}\n", self.summary, pos.line, shown.text);
        out.push_str(&" ".repeat(gutter.len()));
        out.push_str(&columns_of(&shown.text[..shown.from]));
        out.push_str(&"^".repeat(shown.text[shown.from..shown.to].width().max(1)));
        out.push('\n');
        if !self.detail.is_empty() {
            out.push('\n');
            out.push_str(&self.detail);
            out.push('\n');
        }
        out
    }
}

/// Every diagnostic rendered, a blank line apart.
pub fn render_diagnostics(diags: &[Diagnostic], source: &str, filename: &str) -> String {
    diags.iter().map(|d| d.render(source, filename)).collect::<Vec<_>>().join("\n")
}

/// Blanks as wide as `text` shows in a monospace font (East Asian wide
/// characters and emoji take two columns; tabs are kept, so they line up
/// the same way as the line above).
fn columns_of(text: &str) -> String {
    let mut out = String::new();
    for (i, piece) in text.split('\t').enumerate() {
        if i > 0 {
            out.push('\t');
        }
        out.push_str(&" ".repeat(piece.width()));
    }
    out
}

/// How many columns of a source line the excerpt shows at most, the
/// "…" marks included; a line no wider is shown whole.
const WINDOW: usize = 120;

/// How many columns of a cut line are kept before the subject (more when
/// the subject is near the end of the line, to fill the window).
const CONTEXT: usize = 40;

/// What a diagnostic shows of its source line: the line itself, or, when
/// it is wider than [`WINDOW`] columns, a window of it that holds the
/// start of the subject, with "…" where text was cut; and where the
/// subject is in what is shown (bytes, clipped to the window).
struct Excerpt<'a> {
    text: Cow<'a, str>,
    from: usize,
    to: usize,
}

impl<'a> Excerpt<'a> {
    /// The excerpt of `line` whose subject is bytes `from..to` (char
    /// boundaries, `from <= to <= line.len()`).
    fn of(line: &'a str, from: usize, to: usize) -> Excerpt<'a> {
        if line.width() <= WINDOW {
            return Excerpt { text: Cow::Borrowed(line), from, to };
        }
        // Context before the subject: CONTEXT columns, or what the rest of
        // the line leaves of the window when the subject is near its end.
        let rest = line[from..].width();
        let before = CONTEXT.max(WINDOW.saturating_sub(rest + 1));
        let start = back(line, from, before);
        let prefix = if start > 0 { "…" } else { "" };
        let end = match prefix.width() + line[start..].width() <= WINDOW {
            true => line.len(),
            false => ahead(line, start, WINDOW - prefix.width() - "…".width()),
        };
        let suffix = if end < line.len() { "…" } else { "" };
        let text = format!("{prefix}{}{suffix}", &line[start..end]);
        let shift = |at: usize| prefix.len() + at.clamp(start, end) - start;
        let (from, to) = (shift(from), shift(to));
        Excerpt { text: Cow::Owned(text), from, to }
    }
}

/// The columns one character takes, as [`columns_of`] counts them.
fn char_columns(c: char) -> usize {
    c.encode_utf8(&mut [0; 4]).width()
}

/// The earliest char boundary before `at` in `line` from which the text
/// up to `at` takes at most `columns`.
fn back(line: &str, at: usize, columns: usize) -> usize {
    let (mut start, mut used) = (at, 0);
    for (i, c) in line[..at].char_indices().rev() {
        used += char_columns(c);
        if used > columns {
            break;
        }
        start = i;
    }
    start
}

/// The furthest char boundary after `at` in `line` up to which the text
/// from `at` takes at most `columns`.
fn ahead(line: &str, at: usize, columns: usize) -> usize {
    let mut used = 0;
    for (i, c) in line[at..].char_indices() {
        used += char_columns(c);
        if used > columns {
            return at + i;
        }
    }
    line.len()
}
