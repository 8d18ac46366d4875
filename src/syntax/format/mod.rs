//! Formatting as `terraform fmt` formats: [`format`] takes a configuration
//! file and gives the text `terraform fmt -` prints for it;
//! [`format_expression`] lays out one expression as the value of an
//! argument.
//!
//! Like Terraform, the formatter works on tokens, not on the tree: the
//! source is read by HCL's scanner (heredocs, templates with nested
//! `${ }` and `%{ }`, comments and newlines are tokens of their own), and
//! only the spaces before tokens change — indentation from brackets,
//! spacing from the tokens on either side, `=` and trailing comments
//! aligned over consecutive lines (`layout`). The text of strings,
//! heredocs and comments keeps its bytes. For a file, Terraform's own
//! rewrites come first (`terraform`): labels quoted (and their escapes
//! written anew), `"${x}"` unwrapped, legacy `variable` types modernised.
//!
//! Where Terraform's output would lose or change the source, the source
//! wins: a label with `$` or `%` in it (Terraform drops the label), the
//! key of `a[null]`, `a[true]` or `a[false]` (Terraform drops the key:
//! `hclwrite` re-reads such traversal steps and keeps only string and
//! number keys), and the space in `3 .0` (which written together reads as
//! a number).
//!
//! Input that does not parse is refused with HCL's diagnostics, as
//! `terraform fmt` refuses it: formatting broken text could change it
//! beyond recognition.

mod layout;
mod terraform;

use super::diagnose::scanner::{scan, Tok};
use super::{parse_config, parse_expression};
use crate::diagnostics::Diagnostics;
use crate::limits::Limits;
use crate::profile::Profile;
use std::borrow::Cow;

/// One token for formatting: its type, its text and the spaces before it.
#[derive(Clone, Debug)]
struct Piece<'s> {
    ty: Tok,
    text: Cow<'s, str>,
    spaces: usize,
}

/// Formats a configuration file as `terraform fmt -` prints it (always
/// ending in a newline), or gives the diagnostics of the syntax errors
/// that make Terraform refuse it (ranges in messages name the file
/// `<stdin>`, as Terraform's do).
///
/// ```
/// let src = "resource aws_instance web {\nami=\"${var.ami}\"\ninstance_type = \"t3.micro\" # small\ntags={Name=\"web\"}\n}\n";
/// assert_eq!(
///     hcl_playground::format(src).unwrap(),
///     "resource \"aws_instance\" \"web\" {\n  ami           = var.ami\n  instance_type = \"t3.micro\" # small\n  tags          = { Name = \"web\" }\n}\n",
/// );
/// let errs = hcl_playground::format("a = {\n").unwrap_err();
/// assert_eq!(errs[0].summary, "Missing expression");
/// ```
pub fn format(source: &str) -> Result<String, Diagnostics> {
    format_file(source, "<stdin>")
}

/// [`format`] for a file named `filename` (the name that error messages
/// quoting a range give).
pub fn format_file(source: &str, filename: &str) -> Result<String, Diagnostics> {
    if let Err(mut diags) = parse_config(source, filename, &Limits::default(), Profile::Terraform) {
        // In the order Terraform's views print them: by where they are,
        // ties in HCL's order (an insertion sort: a few items, and the
        // standard stable sort would weigh on the WebAssembly module).
        let key = |d: &crate::diagnostics::Diagnostic| (d.subject.start, d.subject.end);
        for i in 1..diags.len() {
            let mut j = i;
            while j > 0 && key(&diags[j - 1]) > key(&diags[j]) {
                diags.swap(j - 1, j);
                j -= 1;
            }
        }
        return Err(diags);
    }
    let mut toks = terraform::rewrite(pieces(source));
    layout::layout(&mut toks);
    let mut out = layout::render(&toks);
    // Terraform prints the result through its UI writer, which ends the
    // text with a newline when it has none (`-write` would not).
    if !out.ends_with('\n') {
        out.push('\n');
    }
    Ok(out)
}

/// Formats one expression as `terraform fmt` formats an argument's value:
/// the tokens of `x = EXPR` are laid out and `x = ` taken off again, so
/// nested objects align their `=`, brackets indent, operators are spaced,
/// and a value that is one interpolation, `"${x}"`, is unwrapped to `x`
/// (HCL gives such a template the value inside unchanged, so the meaning
/// stays). An expression HCL does not parse is refused with its
/// diagnostics. Unlike [`format`], no newline is added at the end.
///
/// ```
/// use hcl_playground::format_expression;
/// assert_eq!(format_expression("{a=1, bb=[for x in y: x*-2]}").unwrap(), "{ a = 1, bb = [for x in y : x * -2] }");
/// assert_eq!(format_expression("{\na=1 # one\nbb=2\n}").unwrap(), "{\n  a  = 1 # one\n  bb = 2\n}");
/// assert_eq!(format_expression("\"${ x }\"").unwrap(), "x");
/// assert!(format_expression("1 +").is_err());
/// ```
pub fn format_expression(source: &str) -> Result<String, Diagnostics> {
    parse_expression(source, "<input>", &Limits::default(), Profile::Terraform)?;
    let source = pieces(source);
    let mut toks =
        vec![Piece { ty: Tok::Ident, text: Cow::Borrowed("x"), spaces: 0 }, Piece { ty: Tok::Equal, text: Cow::Borrowed("="), spaces: 1 }];
    let code = |t: &Piece<'_>| !matches!(t.ty, Tok::Newline | Tok::Comment | Tok::Eof);
    let (first, last) = (source.iter().position(code).unwrap_or(0), source.iter().rposition(code).map_or(0, |i| i + 1));
    match terraform::unwrapped(&source[first..last.max(first)]) {
        Some(inner) => {
            toks.extend_from_slice(&source[..first]);
            toks.extend(inner);
            toks.extend_from_slice(&source[last..]);
        }
        None => toks.extend(source),
    }
    layout::layout(&mut toks);
    toks[2].spaces = 0;
    Ok(layout::render(&toks[2..]))
}

/// hclwrite's `Format` alone (no Terraform rewrites, no parse check): for
/// text the caller generated token by token, as hclwrite's
/// `TokensForValue` does for Terraform's `encode_expr` and
/// `encode_tfvars`.
pub(crate) fn layout_generated(source: &str) -> String {
    let mut toks = pieces(source);
    layout::layout(&mut toks);
    layout::render(&toks)
}

/// The source's tokens, each with the number of bytes of spacing before
/// it (tabs count one, as `hclwrite` counts them).
fn pieces(source: &str) -> Vec<Piece<'_>> {
    let mut end = 0;
    scan(source, false, Profile::Terraform)
        .into_iter()
        .map(|t| {
            let spaces = t.span.start - end;
            end = t.span.end;
            Piece { ty: t.ty, text: Cow::Borrowed(&source[t.span.start..t.span.end]), spaces }
        })
        .collect()
}
