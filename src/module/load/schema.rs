//! HCL's body decoding against a schema (`Body.Content`,
//! `Body.PartialContent`, `Body.JustAttributes`), with its diagnostics:
//! unsupported arguments and block types (with "Did you mean"), missing
//! required arguments, wrong label counts, blocks where only arguments may
//! be.

use super::{Loc, ModuleDiagnostic};
use crate::diagnostics::{suggest, Diagnostic, Span};
use crate::syntax::ast::{Attribute, Block, Body};
use crate::value::go_quote;

/// What a body may hold: arguments (name, required) and block types (type,
/// label names).
#[derive(Clone, Copy)]
pub struct Schema<'a> {
    pub attributes: &'a [(&'a str, bool)],
    pub blocks: &'a [(&'a str, &'a [&'a str])],
}

/// A body's content under a schema: the arguments it names, and its blocks
/// of the types it names (with the right number of labels).
pub struct Content<'b> {
    pub attributes: Vec<&'b Attribute>,
    pub blocks: Vec<&'b Block>,
}

impl<'b> Content<'b> {
    /// The argument called `name`.
    pub fn attr(&self, name: &str) -> Option<&'b Attribute> {
        self.attributes.iter().copied().find(|a| a.name == name)
    }
}

/// `Body.PartialContent`: what the schema names; everything else is left
/// for the caller (a resource's own arguments).
pub fn partial_content<'b>(
    body: &'b Body,
    schema: &Schema<'_>,
    file: usize,
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) -> Content<'b> {
    let mut attributes = Vec::new();
    for (name, required) in schema.attributes {
        match body.attribute(name) {
            Some(a) => attributes.push(a),
            None if *required => diags.push(
                ModuleDiagnostic::at(
                    file,
                    Diagnostic::error(
                        "Missing required argument",
                        format!("The argument {} is required, but no definition was found.", go_quote(name, profile)),
                        missing_item_range(body),
                    ),
                )
                .of_kind(super::DiagnosticKind::MissingArgument),
            ),
            None => {}
        }
    }
    let mut blocks = Vec::new();
    for block in body.blocks() {
        let Some((_, labels)) = schema.blocks.iter().find(|(t, _)| *t == block.kind) else { continue };
        let name = &block.kind;
        if block.labels.len() > labels.len() {
            let (detail, at) = match labels.len() {
                0 => (format!("No labels are expected for {name} blocks."), block.labels[0].1),
                n => (format!("Only {n} labels ({}) are expected for {name} blocks.", labels.join(", ")), block.labels[n].1),
            };
            diags.push(ModuleDiagnostic::at(file, Diagnostic::error(format!("Extraneous label for {name}"), detail, at)));
            continue;
        }
        if block.labels.len() < labels.len() {
            diags.push(ModuleDiagnostic::at(
                file,
                Diagnostic::error(
                    format!("Missing {} for {name}", labels[block.labels.len()]),
                    format!("All {name} blocks must have {} labels ({}).", labels.len(), labels.join(", ")),
                    block.open_brace,
                ),
            ));
            continue;
        }
        blocks.push(block);
    }
    Content { attributes, blocks }
}

/// `Body.Content`: [`partial_content`], and an error for every argument or
/// block type the schema does not name.
pub fn content<'b>(
    body: &'b Body,
    schema: &Schema<'_>,
    file: usize,
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) -> Content<'b> {
    let content = partial_content(body, schema, file, diags, profile);
    for attr in body.attributes() {
        if schema.attributes.iter().any(|(n, _)| *n == attr.name) {
            continue;
        }
        let unset = schema.attributes.iter().map(|(n, _)| *n).filter(|n| content.attr(n).is_none());
        let hint = match suggest(&attr.name, unset) {
            Some(s) => format!(" Did you mean {}?", go_quote(s, profile)),
            None if schema.blocks.iter().any(|(t, _)| *t == attr.name) => {
                format!(" Did you mean to define a block of type {}?", go_quote(&attr.name, profile))
            }
            None => String::new(),
        };
        diags.push(ModuleDiagnostic::at(
            file,
            Diagnostic::error(
                "Unsupported argument",
                format!("An argument named {} is not expected here.{hint}", go_quote(&attr.name, profile)),
                attr.name_span,
            ),
        ));
    }
    for block in body.blocks() {
        if schema.blocks.iter().any(|(t, _)| *t == block.kind) {
            continue;
        }
        diags.push(unsupported_block(block, schema, file, profile));
    }
    content
}

/// HCL's error for a block of a type a schema does not name.
pub fn unsupported_block(block: &Block, schema: &Schema<'_>, file: usize, profile: crate::profile::Profile) -> ModuleDiagnostic {
    let hint = match suggest(&block.kind, schema.blocks.iter().map(|(t, _)| *t)) {
        Some(s) => format!(" Did you mean {}?", go_quote(s, profile)),
        None if schema.attributes.iter().any(|(n, _)| *n == block.kind) => {
            format!(" Did you mean to define argument {}? If so, use the equals sign to assign it a value.", go_quote(&block.kind, profile))
        }
        None => String::new(),
    };
    ModuleDiagnostic::at(
        file,
        Diagnostic::error(
            "Unsupported block type",
            format!("Blocks of type {} are not expected here.{hint}", go_quote(&block.kind, profile)),
            block.kind_span,
        ),
    )
}

/// `Body.JustAttributes`: every argument; a block is an error.
pub fn just_attributes<'b>(
    body: &'b Body,
    file: usize,
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) -> Vec<&'b Attribute> {
    let (attributes, block) = body.just_attributes(profile);
    diags.extend(block.map(|d| ModuleDiagnostic::at(file, d)));
    attributes
}

/// Where a missing argument is reported: the start of the body.
pub fn missing_item_range(body: &Body) -> Span {
    Span::new(body.span.start, body.span.start)
}

/// A block's header (`DefRange`) in a file.
pub fn def_range(block: &Block, file: usize) -> Loc {
    Loc { file, span: block.def_span() }
}

/// Terraform's `didyoumean.NameSuggestion`: the first candidate close
/// enough.
pub(crate) fn first_close<'a>(given: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates.iter().copied().find(|c| strsim::levenshtein(given, c) < 3)
}
