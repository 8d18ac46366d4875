//! The entry points shared by the library, the command line and the
//! WebAssembly adapter: [`Options`] and [`Limits`], a parse-once
//! [`Program`] evaluated over any number of variable sets, and variables
//! from JSON or tfvars.

mod inspect;
mod program;

pub use crate::eval::console::Evaluated;
pub use crate::eval::inspect::Inspection;
pub use crate::eval::variables::{
    looks_like_tfvars, parse_tfvars_in, parse_variables, parse_variables_as, parse_variables_hinting, parse_variables_in, read_tfvars,
    variables_from_json, TfvarsArgument, Variables, VariablesFormat,
};
pub use crate::limits::Limits;
pub use crate::module::inspect_module;
pub use program::Program;

use crate::diagnostics::Diagnostics;
pub use crate::profile::Profile;
use crate::syntax::ast::Expression;
use crate::value::Value;

/// How to parse and evaluate.
#[derive(Clone, Debug)]
pub struct Options {
    /// Parse the source as a bare template (like a template file) rather
    /// than as one expression.
    pub template: bool,
    /// The work limits.
    pub limits: Limits,
    /// The name the source goes by where a message quotes a range (as
    /// `try` does for each failed argument: `(at <input>:1,5-9)`).
    pub filename: String,
    /// Which engine's answers to give (Terraform's by default).
    pub profile: Profile,
}

impl Default for Options {
    fn default() -> Options {
        Options { template: false, limits: Limits::default(), filename: "<input>".into(), profile: Profile::default() }
    }
}

/// Parses `source` and evaluates it over `vars`.
///
/// Returns the value, or every error found (parse errors stop before
/// evaluation; evaluation errors are collected across independent parts).
/// To evaluate one source over many variable sets, parse it once with
/// [`Program::parse`].
pub fn evaluate(source: &str, vars: &Variables, options: &Options) -> Result<Value, Diagnostics> {
    Program::parse(source, options)?.evaluate(vars)
}

/// Evaluates `source` once and renders the result as `terraform console`
/// does, including the console-only `type(…)` as the whole expression.
///
/// ```
/// use hcl_playground::{evaluate_console, Options, Variables};
/// let shown = evaluate_console("type({a = [1]})", &Variables::new(), &Options::default()).unwrap();
/// assert_eq!(shown.console, "object({\n    a: tuple([\n        number,\n    ]),\n})");
/// ```
pub fn evaluate_console(source: &str, vars: &Variables, options: &Options) -> Result<Evaluated, Diagnostics> {
    Program::parse(source, options)?.evaluate_console(vars)
}

/// Parses `source` as an expression, or as a template when
/// `options.template` is set.
pub fn parse(source: &str, options: &Options) -> Result<Expression, Diagnostics> {
    if options.template {
        crate::syntax::parse_template(source, &options.filename, &options.limits, options.profile)
    } else {
        crate::syntax::parse_expression(source, &options.filename, &options.limits, options.profile)
    }
}
