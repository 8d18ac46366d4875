//! Modules: a Terraform module's files evaluated as `terraform console
//! -plan` sees them on an empty state — input variables (types with
//! optional attributes and defaults, validation), locals in dependency
//! order, outputs, resources and data sources (`count`, `for_each`,
//! `dynamic` blocks, instances whose configured arguments are known and
//! whose other attributes are "known after apply"), module calls, checks,
//! `path` and `terraform.workspace` — and expressions evaluated in the
//! module's context, as the console evaluates them.
//!
//! ```
//! use hcl_playground::module::{Module, ModuleOptions, Inputs};
//! let m = Module::load(vec![("main.tf".into(), r#"
//! variable "names" {
//!   type    = list(string)
//!   default = ["a", "b"]
//! }
//! locals {
//!   upper = [for n in var.names : upper(n)]
//! }
//! "#.into())], &ModuleOptions::default());
//! let e = m.evaluate(&Inputs::default());
//! assert!(e.diagnostics.is_empty());
//! assert_eq!(e.console("local.upper").unwrap().console, "[\n  \"A\",\n  \"B\",\n]");
//! assert_eq!(e.console("var.names").unwrap().ty.to_string(), "list(string)");
//! ```

mod config;
mod evaluate;
mod inputs;
mod refs;
mod resources;
mod schema;

pub use config::Mode;
pub use evaluate::{Evaluation, Kind, NamedValue};
pub use inputs::{CliInput, Inputs};

use crate::diagnostics::{Diagnostic, Span};
use crate::limits::Limits;
use crate::profile::Profile;
use crate::syntax::ast::Body;

/// A place in one of the module's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Loc {
    /// Which file (an index into the module's files).
    pub file: usize,
    /// Where in it, in bytes.
    pub span: Span,
}

/// What a diagnostic's range refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// One of the module's files.
    File(usize),
    /// The variable values given as JSON (see [`Inputs::json`]).
    Inputs,
    /// A variables file (an index into [`Inputs::input_files`]).
    Input(usize),
    /// The expression evaluated in the module's context.
    Console,
    /// Nothing in particular.
    None,
    /// An empty range in no file (Terraform's zero `hcl.Range`).
    Nowhere,
}

/// A diagnostic about a module: where it points, and whether it is only a
/// warning (a failed `check` assertion, a value for an undeclared
/// variable in a variables file).
#[derive(Clone, Debug, PartialEq)]
pub struct ModuleDiagnostic {
    /// What the diagnostic's range refers to.
    pub source: Source,
    /// A warning rather than an error.
    pub warning: bool,
    /// Summary, detail and range.
    pub diagnostic: Diagnostic,
}

impl ModuleDiagnostic {
    /// An error about file `file`.
    pub fn at(file: usize, diagnostic: Diagnostic) -> ModuleDiagnostic {
        ModuleDiagnostic { source: Source::File(file), warning: false, diagnostic }
    }

    /// An error with no source range.
    pub fn general(summary: impl Into<String>, detail: impl Into<String>) -> ModuleDiagnostic {
        ModuleDiagnostic { source: Source::None, warning: false, diagnostic: Diagnostic::error(summary, detail, Span::default()) }
    }
}

/// How to evaluate a module.
#[derive(Clone, Debug)]
pub struct ModuleOptions {
    /// Whose answers to give.
    pub profile: Profile,
    /// Work and size limits, for each expression.
    pub limits: Limits,
    /// `terraform.workspace`.
    pub workspace: String,
    /// `path.module`, `path.root` and `path.cwd`.
    pub path: String,
}

impl Default for ModuleOptions {
    fn default() -> ModuleOptions {
        ModuleOptions { profile: Profile::default(), limits: Limits::default(), workspace: "default".into(), path: ".".into() }
    }
}

/// A module's files, parsed and decoded.
pub struct Module {
    files: Vec<(String, String)>,
    bodies: Vec<Body>,
    config: config::Config,
    options: ModuleOptions,
    /// Problems found while parsing and decoding: the module is not
    /// evaluated when there is one.
    load_diagnostics: Vec<ModuleDiagnostic>,
}

impl Module {
    /// Parses and decodes `files` (name and text each) as one module.
    pub fn load(files: Vec<(String, String)>, options: &ModuleOptions) -> Module {
        let mut diags = Vec::new();
        let mut bodies = Vec::with_capacity(files.len());
        for (i, (name, text)) in files.iter().enumerate() {
            match crate::syntax::parse_config(text, name, &options.limits, options.profile) {
                Ok(b) => bodies.push(b),
                Err(ds) => {
                    diags.extend(ds.into_iter().map(|d| ModuleDiagnostic::at(i, d)));
                    bodies.push(Body::default());
                }
            }
        }
        let config = match diags.is_empty() {
            true => {
                let refs: Vec<(usize, &Body)> = bodies.iter().enumerate().collect();
                config::decode(&refs, options.profile, &mut diags, &files)
            }
            false => config::Config::default(),
        };
        Module { files, bodies, config, options: options.clone(), load_diagnostics: diags }
    }

    /// The module's files: name and text.
    pub fn files(&self) -> &[(String, String)] {
        &self.files
    }

    /// The parsed bodies, one per file.
    pub fn bodies(&self) -> &[Body] {
        &self.bodies
    }

    /// Evaluates every named value over `inputs`.
    pub fn evaluate(&self, inputs: &Inputs) -> Evaluation<'_> {
        evaluate::evaluate(self, inputs)
    }
}
