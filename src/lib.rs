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
//! assert_eq!(hcl_playground::render::to_json(&v), r#"["A","B"]"#);
//! assert_eq!(v.ty().to_string(), "tuple([string, string])");
//!
//! // Numbers are 512-bit binary floats, printed as go-cty prints them.
//! let v = evaluate("0.1 + 0.2 == 0.3", &vars, &Options::default()).unwrap();
//! assert_eq!(hcl_playground::render::console(&v), "true");
//!
//! // Errors are diagnostics with HCL's wording and a byte range.
//! let errs = evaluate("uppr(\"x\")", &vars, &Options::default()).unwrap_err();
//! assert_eq!(errs[0].summary, "Call to unknown function");
//! assert_eq!(errs[0].detail, "There is no function named \"uppr\". Did you mean \"upper\"?");
//! assert_eq!((errs[0].subject.start, errs[0].subject.end), (0, 4));
//! ```
//!
//! Modules by stage: [`parser`] (the pest grammar in `grammar/hcl.pest` and
//! a Pratt parser) builds the spanned [`ast`]; [`eval`] evaluates it over the
//! [`value`] model; [`functions`] holds the built-in function registry;
//! [`diagnostics`] and [`render`] present the results.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod ast;
pub mod diagnostics;
pub mod eval;
pub mod functions;
mod parse_errors;
pub mod parser;
pub mod render;
pub mod typeexpr;
pub mod value;
pub mod variables;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use diagnostics::{Diagnostic, Diagnostics, Severity, Span};
pub use value::{Type, Value};
pub use variables::{parse_variables, variables_from_json, Variables};

/// Bounds on the work one evaluation may do. Every limit ends in a
/// diagnostic with a source range, never a crash.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest nesting of brackets, templates and operator chains.
    pub max_depth: usize,
    /// Evaluation steps (roughly, expression nodes evaluated).
    pub max_steps: u64,
    /// Elements in one collection built by an evaluation.
    pub max_collection_len: usize,
    /// Bytes in one string built by an evaluation.
    pub max_string_len: usize,
    /// Parser rule calls allowed per input byte (pest's call limit).
    pub parse_calls_per_byte: usize,
}

impl Default for Limits {
    /// Limits that suit a browser tab: a runaway expression stops in well
    /// under a second.
    fn default() -> Limits {
        Limits { max_depth: 128, max_steps: 500_000, max_collection_len: 1_000_000, max_string_len: 16 << 20, parse_calls_per_byte: 2_000 }
    }
}

/// How to evaluate.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Parse the source as a bare template (like a template file) rather
    /// than as one expression.
    pub template: bool,
    /// The work limits.
    pub limits: Limits,
}

/// Parses `source` and evaluates it over `vars`.
///
/// Returns the value, or every error found (parse errors stop before
/// evaluation; evaluation errors are collected across independent parts).
pub fn evaluate(source: &str, vars: &Variables, options: &Options) -> Result<Value, Diagnostics> {
    let expr = parse(source, options)?;
    let mut ev = eval::Evaluator::new(vars, &options.limits);
    let v = ev.eval(&expr);
    let errors: Diagnostics = ev.diags.into_iter().filter(|d| d.severity == Severity::Error).collect();
    if errors.is_empty() {
        Ok(v)
    } else {
        Err(errors)
    }
}

/// A value with its `terraform console` rendering.
#[derive(Clone, Debug)]
pub struct Evaluated {
    /// The value; for the console's `type(x)`, the type's text as a string.
    pub value: Value,
    /// The type of the value (of `x`, for `type(x)`).
    pub ty: Type,
    /// What `terraform console` prints for the input.
    pub console: String,
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
    run_console(source, vars, options).0
}

/// [`evaluate_console`], and whether the evaluation called a function this
/// build leaves out (without the `heavy-functions` feature): then the
/// result is not the real one, even where `try` or `can` hid the error,
/// and the caller should evaluate again with a full build.
pub(crate) fn run_console(source: &str, vars: &Variables, options: &Options) -> (Result<Evaluated, Diagnostics>, bool) {
    let expr = match parse(source, options) {
        Ok(e) => e,
        Err(d) => return (Err(d), false),
    };
    let mut ev = eval::Evaluator::new(vars, &options.limits);
    let type_call = match &expr.kind {
        ast::ExprKind::FunctionCall { name, args, expand_final: false, .. } if name == "type" && args.len() == 1 => Some(&args[0]),
        _ => None,
    };
    let v = ev.eval(type_call.unwrap_or(&expr));
    let needs_full_build = ev.needs_full_build;
    let errors: Diagnostics = ev.diags.into_iter().filter(|d| d.severity == Severity::Error).collect();
    if !errors.is_empty() {
        return (Err(errors), needs_full_build);
    }
    let ty = v.ty();
    let shown = match type_call {
        Some(_) => {
            let shown = render::console_type(&ty);
            Evaluated { value: Value::string(shown.clone()), ty, console: shown }
        }
        None => Evaluated { console: render::console(&v), value: v, ty },
    };
    (Ok(shown), needs_full_build)
}

/// Parses `source` as an expression, or as a template when
/// `options.template` is set.
pub fn parse(source: &str, options: &Options) -> Result<ast::Expression, Diagnostics> {
    if options.template {
        parser::parse_template(source, &options.limits)
    } else {
        parser::parse_expression(source, &options.limits)
    }
}
