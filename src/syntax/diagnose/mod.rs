//! Parse errors in HashiCorp's words. When the pest grammar refuses the
//! text (or the builder finds a fault in what it accepted), the text is
//! read again the way HCL reads it, token by token, to report what HCL
//! reports: the scanner's complaints first, then the parser's, each with
//! its subject, in HCL's order, with HCL's recovery deciding which later
//! problems go unmentioned. This runs only on the error path.

mod body;
mod parser;
pub(super) mod scanner;
mod template;

use crate::diagnostics::{Diagnostics, Span};
use crate::profile::Profile;
use parser::Parser;
use scanner::Tok;

/// HCL's diagnostics for `src` as one expression (`hclsyntax.ParseExpression`).
pub(crate) fn expression(src: &str, filename: &str, max_depth: usize, profile: Profile) -> Diagnostics {
    let toks = scanner::scan(src, false, profile);
    let mut diags = scanner::token_diagnostics(src, &toks);
    let mut p = Parser::new(src, filename, toks, max_depth, profile);
    p.push_newlines(false);
    p.expression();
    let next = p.peek();
    if next.ty != Tok::Eof && !p.recovery {
        p.error(
            "Extra characters after expression",
            "An expression was successfully parsed, but extra characters were found after it.",
            next.span,
        );
    }
    diags.extend(p.diags);
    diags
}

/// HCL's diagnostics for `src` as a configuration file (`hclsyntax.ParseConfig`).
pub(crate) fn config(src: &str, filename: &str, max_depth: usize, profile: Profile) -> Diagnostics {
    let toks = scanner::scan(src, false, profile);
    let mut diags = scanner::token_diagnostics(src, &toks);
    let mut p = Parser::new(src, filename, toks, max_depth, profile);
    p.body(Tok::Eof);
    diags.extend(p.diags);
    diags
}

/// HCL's diagnostics for `src` as a bare template (`hclsyntax.ParseTemplate`).
pub(crate) fn template(src: &str, filename: &str, max_depth: usize, profile: Profile) -> Diagnostics {
    let toks = scanner::scan(src, true, profile);
    let mut diags = scanner::token_diagnostics(src, &toks);
    let mut p = Parser::new(src, filename, toks, max_depth, profile);
    p.template_parts(Tok::Eof);
    diags.extend(p.diags);
    diags
}

/// A last resort where HCL's reading finds nothing wrong but the grammar
/// does (they should agree): an error at the place the grammar stopped.
pub(crate) fn fallback(at: usize, src: &str) -> Diagnostics {
    let end = src[at.min(src.len())..].chars().next().map_or(at, |c| at + c.len_utf8());
    vec![crate::diagnostics::Diagnostic::error(
        "Invalid expression",
        "Expected the start of an expression, but found an invalid expression token.",
        Span::new(at, end),
    )]
}
