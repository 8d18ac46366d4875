//! Modules: a Terraform module's files evaluated as `terraform console
//! -plan` sees them on an empty state (or as OpenTofu's `console`, which
//! has no plan) — input variables (types with optional attributes and
//! defaults, validation), locals in dependency order, outputs, resources
//! and data sources (`count`, `for_each`, `dynamic` blocks; the built-in
//! `terraform_data` checked against its schema and planned by its
//! provider's rules, other types taken as written with what they do not
//! set "known after apply"), module calls (a child module among the files
//! runs with the call's arguments; its outputs are the call's value),
//! checks, imports, the file functions over the module's own files,
//! `path` and `terraform.workspace` — and expressions evaluated in the
//! module's context, as the console evaluates them.
//!
//! The stage is cut in four, each depending only on those before it:
//! `load` parses and decodes each directory's files into its
//! configuration, prepares the root variables' values and finds the child
//! modules as `init` installs them; `graph` orders each module
//! instance's named values and refuses what the programs refuse before
//! evaluating; `plan` plans each named value in that order (the
//! `Planner`: a scope per expression, custom conditions, resources with
//! their blocks and providers, module calls); `result` is the
//! [`Evaluation`] the planners leave, the console's expressions over it,
//! and a [`Workspace`] that keeps a configuration between edits (each file
//! parsed once per text, what an edit did not reach taken over from the
//! last evaluation) and answers the inspector from it.
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

pub(crate) mod graph;
pub(crate) mod load;
pub(crate) mod plan;
pub(crate) mod result;
pub(crate) mod test;

pub use load::config::Mode;
pub use load::console_scope::SCOPE_FILE;
pub use load::inputs::{CliInput, Inputs, RunInputs};
pub use load::install::join as module_dir;
pub use load::provider_data::{DirFiles, GivenFiles, ProviderData, ProviderFiles, Read};
pub use load::{DiagnosticKind, Installation, Loc, Module, ModuleDiagnostic, ModuleOptions, Program, ProgramRun, Programs, Source, Watch};
pub use plan::providers::ProviderVersion;
pub use result::inspect::inspect_module;
pub use result::workspace::Workspace;
pub use result::{Evaluation, Kind, NamedValue, UNEXPECTED_RESULTS};
pub use test::report::{render as render_test_diagnostic, Stream};
pub use test::values::Comparison;
pub use test::{is_test_file, run_tests, FileResult, RunResult, Status as TestStatus, TestDiagnostic, TestOptions, TestSuite};
