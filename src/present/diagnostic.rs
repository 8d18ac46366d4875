//! Diagnostics as text, the one renderer every front end uses (the
//! command line, the page and the widgets): Terraform's layout, with the
//! source line and a caret under the subject.

use crate::diagnostics::{floor_char_boundary, Diagnostic, LineCol};
use unicode_width::UnicodeWidthStr;

impl Diagnostic {
    /// Renders the diagnostic as Terraform lays it out: the summary, where
    /// it is (`filename` names the source), the source line with carets
    /// under the subject, then the detail.
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
        let start = floor_char_boundary(source, self.subject.start);
        let pos = LineCol::of(source, start);
        let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = source[line_start..].find('\n').map_or(source.len(), |i| line_start + i);
        let line = source[line_start..line_end].strip_suffix('\r').unwrap_or(&source[line_start..line_end]);
        let from = start.min(line_start + line.len()) - line_start;
        let to = floor_char_boundary(source, self.subject.end).clamp(start, line_start + line.len()) - line_start;
        let gutter = format!("{:>4} | ", pos.line);
        let mut out = format!("Error: {}\n\n  on {filename} line {}:\n{gutter}{line}\n", self.summary, pos.line);
        out.push_str(&" ".repeat(gutter.len()));
        out.push_str(&columns_of(&line[..from]));
        out.push_str(&"^".repeat(line[from..to].width().max(1)));
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
