//! # hcl-playground
//!
//! The expression language of Terraform and OpenTofu (HCL's native syntax),
//! evaluated as HashiCorp's `hclsyntax` and go-cty do: the same values, the
//! same types, the same errors — including unknown values, typed nulls and
//! 512-bit binary floating-point numbers.
//!
//! ```
//! use hcl_playground::{evaluate, parse_variables, Options};
//!
//! let vars = parse_variables(r#"{"names": ["a", "b"]}"#).unwrap();
//! let v = evaluate(r#"[for n in names : upper(n)]"#, &vars, &Options::default()).unwrap();
//! assert_eq!(hcl_playground::present::to_json(&v), r#"["A","B"]"#);
//! assert_eq!(v.ty().to_string(), "tuple([string, string])");
//!
//! // Numbers are 512-bit binary floats, printed as go-cty prints them.
//! let v = evaluate("0.1 + 0.2 == 0.3", &vars, &Options::default()).unwrap();
//! assert_eq!(hcl_playground::present::console(&v, hcl_playground::Profile::Terraform), "true");
//!
//! // Errors are diagnostics with HCL's wording and a byte range.
//! let errs = evaluate("uppr(\"x\")", &vars, &Options::default()).unwrap_err();
//! assert_eq!(errs[0].summary, "Call to unknown function");
//! assert_eq!(errs[0].detail, "There is no function named \"uppr\". Did you mean \"upper\"?");
//! assert_eq!((errs[0].subject.start, errs[0].subject.end), (0, 4));
//! ```
//!
//! The crate is cut by stage, each depending only on those listed before
//! it: [`text`], [`archive`] and [`diagnostics`] (leaves), [`value`] (go-cty's values),
//! [`present`] (console text, JSON, rendered diagnostics), [`syntax`] (the
//! pest grammar in `grammar/hcl.pest`, the AST, type expressions),
//! [`functions`] (the built-in function registry), [`eval`] (the
//! evaluator), then [`api`] (options, limits, a parse-once [`Program`],
//! variables), which the command line and the WebAssembly adapter use.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod api;
pub mod archive;
pub mod diagnostics;
pub mod eval;
pub mod functions;
mod limits;
pub mod module;
pub mod present;
pub mod profile;
pub mod syntax;
pub mod text;
pub mod value;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
pub mod waypoint;

pub use api::{
    evaluate, evaluate_console, parse, parse_variables, parse_variables_in, variables_from_json, Evaluated, Limits, Options, Program,
    Variables,
};
pub use diagnostics::{Diagnostic, Diagnostics, Span};
pub use profile::Profile;
pub use syntax::format::{format, format_expression};
pub use value::{Type, Value};
