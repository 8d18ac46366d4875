//! Syntax: HCL's native syntax for configuration files, expressions and
//! templates, from text to a spanned tree. The pest grammar (`grammar/hcl.pest`) reads the text;
//! the builder turns its pairs into the [`ast`], operator precedence by a
//! `PrattParser`; pest's failures become diagnostics in HCL's words; type
//! expressions (`list(string)`) are read from the tree by [`typeexpr`].
//! Static analysis of a tree (the variables it refers to) lives here too,
//! as HCL keeps `Variables()` with its syntax nodes, and so does the
//! formatter ([`format`]), which lays out tokens as `terraform fmt` does.

mod analysis;
pub mod ast;
mod body;
mod diagnose;
pub mod format;
mod grammar;
pub(crate) mod json;
mod nesting;
mod parser;
mod reparse;
mod template;
pub mod typeexpr;

pub(crate) use analysis::is_static_traversal;
pub(crate) use analysis::spine;
pub use analysis::{traversals, variable_references, Reference};
pub(crate) use parser::too_deep;
pub use parser::{parse_config, parse_expression, parse_template};
pub use reparse::reparse_config;
pub(crate) use reparse::shift_expr;
