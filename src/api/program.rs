//! A parsed program, evaluated over any number of variable sets: the
//! page re-evaluates it whenever only the variables change, and a test
//! harness or the command line runs it over many inputs.

use super::{parse, Options, Variables};
use crate::diagnostics::Diagnostics;
use crate::eval::console::{type_argument, Evaluated};
use crate::eval::Evaluator;
use crate::syntax::ast::Expression;
use crate::value::Value;

/// Source text parsed once, ready to evaluate.
///
/// ```
/// use hcl_playground::{parse_variables, Options, Program};
/// let program = Program::parse("upper(name)", &Options::default()).unwrap();
/// for name in ["a", "b"] {
///     let vars = parse_variables(&format!(r#"{{"name": "{name}"}}"#)).unwrap();
///     assert_eq!(program.evaluate(&vars).unwrap().as_str(), Some(name.to_uppercase().as_str()));
/// }
/// ```
#[derive(Debug)]
pub struct Program {
    source: String,
    expr: Expression,
    options: Options,
}

impl Program {
    /// Parses `source` as an expression, or as a template when
    /// `options.template` is set; the options also govern evaluation.
    pub fn parse(source: &str, options: &Options) -> Result<Program, Diagnostics> {
        let expr = parse(source, options)?;
        Ok(Program { source: source.to_string(), expr, options: options.clone() })
    }

    /// The source text.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The syntax tree.
    pub fn expression(&self) -> &Expression {
        &self.expr
    }

    /// The options it was parsed with.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Evaluates the program over `vars`: the value, or every error found
    /// (errors in independent parts are all collected).
    pub fn evaluate(&self, vars: &Variables) -> Result<Value, Diagnostics> {
        let mut ev = self.evaluator(vars);
        let v = ev.eval(&self.expr);
        match ev.diags.is_empty() {
            true => Ok(v),
            false => Err(ev.diags),
        }
    }

    /// Evaluates the program and renders the result as `terraform console`
    /// does, including the console-only `type(…)` as the whole expression.
    pub fn evaluate_console(&self, vars: &Variables) -> Result<Evaluated, Diagnostics> {
        self.run_console(vars).0
    }

    /// [`Program::evaluate_console`], and whether the evaluation called a
    /// function this build leaves out (without the `heavy-functions`
    /// feature): then the result is not the real one, even where `try` or
    /// `can` hid the error, and the caller should evaluate again with a
    /// full build.
    pub fn run_console(&self, vars: &Variables) -> (Result<Evaluated, Diagnostics>, bool) {
        let mut ev = self.evaluator(vars);
        let type_call = type_argument(&self.expr);
        let v = ev.eval(type_call.unwrap_or(&self.expr));
        let needs_full_build = ev.needs_full_build;
        if !ev.diags.is_empty() {
            return (Err(ev.diags), needs_full_build);
        }
        let shown = Evaluated::shown(v, type_call.is_some(), self.options.profile);
        (Ok(shown), needs_full_build)
    }

    fn evaluator<'a>(&'a self, vars: &'a Variables) -> Evaluator<'a> {
        Evaluator::new(vars, &self.options.limits).with_source(&self.source, &self.options.filename).with_profile(self.options.profile)
    }
}
