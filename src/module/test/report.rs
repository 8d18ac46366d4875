//! A test suite's results as `terraform test -no-color` and `tofu test
//! -no-color` print them: progress and results on standard output (with
//! warnings), errors on standard error, each diagnostic in the programs'
//! layout (`on FILE line N, in run "x":`, the source lines, the values of
//! its references, the detail wrapped to lines of at most 77 columns).

use super::{Status, TestDiagnostic, TestSuite};
use crate::profile::Profile;

impl TestSuite {
    /// What the program prints on standard output.
    pub fn stdout(&self) -> String {
        self.streams().0
    }

    /// What it prints on standard error.
    pub fn stderr(&self) -> String {
        self.streams().1
    }

    /// Both streams, as they come.
    pub fn streams(&self) -> (String, String) {
        let (mut out, mut err) = (String::new(), String::new());
        for (stream, text) in self.chunks() {
            match stream {
                Stream::Out => out.push_str(&text),
                Stream::Err => err.push_str(&text),
            }
        }
        (out, err)
    }

    /// What the program writes, in the order it writes it: a failed run's
    /// errors come on standard error right after its line on standard
    /// output (a terminal, or `2>&1`, shows them there).
    pub fn chunks(&self) -> Vec<(Stream, String)> {
        let mut w = Writer(Vec::new());
        if !self.errors.is_empty() {
            for d in &self.errors {
                w.err(render(d));
            }
            return w.0;
        }
        let tofu = self.profile == Profile::OpenTofu;
        for f in &self.files {
            match tofu {
                true => w.out(format!("{}... {}\n", f.name, f.status.word())),
                false => w.out(format!("{}... in progress\n", f.name)),
            }
            for r in &f.runs {
                w.out(format!("  run \"{}\"... {}\n", r.name, r.status.word()));
                if self.verbose {
                    w.out(&r.verbose);
                }
                for d in &r.diagnostics {
                    match d.warning {
                        true => w.out(render(d)),
                        false => w.err(render(d)),
                    }
                }
                // Terraform ends a run's warnings with a blank line on
                // standard output, after its errors.
                if !tofu && r.diagnostics.iter().any(|d| d.warning) {
                    w.out("\n");
                }
            }
            if !tofu {
                // Terraform tears down after the runs; a file with none it
                // only passes.
                if !f.runs.is_empty() {
                    w.out(format!("{}... tearing down\n", f.name));
                }
                w.out(format!("{}... {}\n", f.name, f.status.word()));
            }
        }
        if tofu {
            for d in &self.warnings {
                w.out(render(d));
            }
        }
        let runs = self.files.iter().flat_map(|f| f.runs.iter());
        let (mut passed, mut failed, mut skipped) = (0, 0, 0);
        for r in runs {
            match r.status {
                Status::Pass => passed += 1,
                Status::Skip => skipped += 1,
                Status::Fail | Status::Error => failed += 1,
            }
        }
        let word = if self.passed() { "Success!" } else { "Failure!" };
        match skipped {
            0 => w.out(format!("\n{word} {passed} passed, {failed} failed.\n")),
            s => w.out(format!("\n{word} {passed} passed, {failed} failed, {s} skipped.\n")),
        }
        if !tofu {
            for d in &self.warnings {
                w.out(render(d));
            }
        }
        w.0
    }
}

/// Which stream a program writes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Out,
    /// Standard error.
    Err,
}

/// The writes, in order; a write to the stream of the last one joins it.
struct Writer(Vec<(Stream, String)>);

impl Writer {
    fn write(&mut self, stream: Stream, text: impl AsRef<str>) {
        match self.0.last_mut() {
            Some((s, t)) if *s == stream => t.push_str(text.as_ref()),
            _ => self.0.push((stream, text.as_ref().to_string())),
        }
    }

    fn out(&mut self, text: impl AsRef<str>) {
        self.write(Stream::Out, text);
    }

    fn err(&mut self, text: impl AsRef<str>) {
        self.write(Stream::Err, text);
    }
}

/// One diagnostic as the programs print it without colour.
pub fn render(d: &TestDiagnostic) -> String {
    let mut out = format!("\n{}: {}\n\n", if d.warning { "Warning" } else { "Error" }, d.summary);
    if let Some((file, text, span)) = &d.place {
        let start = span.start.min(text.len());
        let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
        let end = span.end.clamp(start, text.len());
        let last_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
        let first_line = text[..line_start].matches('\n').count() + 1;
        let context = d.context.as_ref().map(|c| format!(", in {c}")).unwrap_or_default();
        out.push_str(&format!("  on {file} line {first_line}{context}:\n"));
        for (i, line) in text[line_start..last_end].split('\n').enumerate() {
            out.push_str(&format!("{:>4}: {}\n", first_line + i, line.strip_suffix('\r').unwrap_or(line)));
        }
        let tofu_diff = d.comparison.as_ref().and_then(|c| c.opentofu.clone());
        if !d.values.is_empty() || d.comparison.is_some() && tofu_diff.is_none() {
            out.push_str("    ├────────────────\n");
        }
        if let Some(c) = d.comparison.as_ref().filter(|c| c.opentofu.is_none()) {
            if c.verbose {
                out.push_str("    │ LHS:\n");
                for l in c.lhs.split('\n') {
                    out.push_str(&format!("    │   {l}\n"));
                }
                out.push_str("    │ RHS:\n");
                for l in c.rhs.split('\n') {
                    out.push_str(&format!("    │   {l}\n"));
                }
            }
            if c.different_types {
                out.push_str("    │ Warning: LHS and RHS values are of different types\n");
            }
            if c.lhs != c.rhs {
                out.push_str("    │ Diff:\n    │ --- actual\n    │ +++ expected\n");
                out.push_str(&line_diff(&c.lhs, &c.rhs));
            }
            out.push('\n');
        }
        for (traversal, statement) in &d.values {
            let mut lines = statement.split('\n');
            out.push_str(&format!("    │ {traversal} {}\n", lines.next().unwrap_or("")));
            for l in lines {
                out.push_str(&format!("    │   {l}\n"));
            }
        }
        if let Some(diff) = tofu_diff {
            out.push_str("    ├────────────────\n    │ Diff: ");
            for l in format!("    {diff}").split('\n') {
                out.push_str(&format!("\n    │ {l}"));
            }
            out.push('\n');
        }
        out.push('\n');
    }
    for line in d.detail.split('\n') {
        match line.starts_with(' ') {
            true => out.push_str(line),
            false => out.push_str(&wrap(line, 77)),
        }
        out.push('\n');
    }
    out
}

/// Terraform's line diff of two JSON texts: differing lines gathered
/// (`-` then `+`) until a line both share.
fn line_diff(lhs: &str, rhs: &str) -> String {
    let (mut l, mut r) = (lhs.split('\n'), rhs.split('\n'));
    let (mut removed, mut added): (Vec<&str>, Vec<&str>) = (Vec::new(), Vec::new());
    let mut out = String::new();
    let flush = |out: &mut String, removed: &mut Vec<&str>, added: &mut Vec<&str>| {
        for x in removed.drain(..) {
            out.push_str(&format!("    │ - {x}\n"));
        }
        for x in added.drain(..) {
            out.push_str(&format!("    │ + {x}\n"));
        }
    };
    loop {
        match (l.next(), r.next()) {
            (None, None) => {
                flush(&mut out, &mut removed, &mut added);
                break;
            }
            (None, Some(b)) => added.push(b),
            (Some(a), None) => removed.push(a),
            (Some(a), Some(b)) if a == b => {
                flush(&mut out, &mut removed, &mut added);
                out.push_str(&format!("    │   {a}\n"));
            }
            (Some(a), Some(b)) => {
                removed.push(a);
                added.push(b);
            }
        }
    }
    out
}

/// `go-wordwrap`'s `WrapString`: words moved to a new line where the line
/// would pass `limit` columns; a longer word keeps its own line.
pub(crate) fn wrap(line: &str, limit: usize) -> String {
    let mut out = String::new();
    let mut width = 0;
    for (i, word) in line.split(' ').enumerate() {
        let w = word.chars().count();
        if i > 0 && width + 1 + w > limit {
            out.push('\n');
            width = 0;
        } else if i > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += w;
    }
    out
}
