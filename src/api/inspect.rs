//! Inspecting a sub-expression: the value the innermost expression at a
//! place in the source took when the whole was evaluated (see
//! [`crate::eval::inspect`]), in an expression ([`Program::inspect`]) or in
//! a module's text ([`inspect_module`]: wherever the module's plan
//! evaluates it, for each of the first instances of a resource with
//! `count` or `for_each` and of a `dynamic` block).

use super::{Program, Variables};
use crate::eval::inspect::{node_at, Hit, Inspection, Recorder};
use crate::eval::Evaluator;
use crate::present;

impl Program {
    /// The value the innermost expression holding bytes `start..end` took
    /// when the program was evaluated over `vars`, or `None` when no
    /// expression holds them. Costs one evaluation.
    ///
    /// ```
    /// use hcl_playground::{parse_variables, Options, Program};
    /// let p = Program::parse("[for n in [1, 2] : n * 10]", &Options::default()).unwrap();
    /// let found = p.inspect(&parse_variables("{}").unwrap(), 21, 21).unwrap();
    /// assert_eq!(found.span, hcl_playground::Span::new(19, 25));
    /// assert_eq!(found.hits.len(), 2);
    /// assert_eq!(hcl_playground::present::console(&found.hits[1].value, hcl_playground::Profile::Terraform), "20");
    /// ```
    pub fn inspect(&self, vars: &Variables, start: usize, end: usize) -> Option<Inspection> {
        let found = node_at(self.expression(), start, end)?;
        let mut ev = Evaluator::new(vars, &self.options().limits)
            .with_source(self.source(), &self.options().filename)
            .with_profile(self.options().profile)
            .with_recorder(Recorder::new(&found));
        // The console's type(x) as the whole expression evaluates x.
        let type_call = crate::eval::console::type_argument(self.expression());
        let v = ev.eval(type_call.unwrap_or(self.expression()));
        let needs_full_build = ev.needs_full_build;
        let mut recorder = ev.take_recorder().unwrap_or_default();
        let mut console_override = None;
        if type_call.is_some() && std::ptr::eq(found.node, self.expression()) {
            let errors = ev.diags.clone();
            console_override = errors.is_empty().then(|| present::console_type(&v.ty()));
            recorder.count = 1;
            recorder.hits = vec![Hit { value: v, errors, bindings: Vec::new(), arm: None, taken: None }];
        }
        Some(Inspection {
            span: found.node.span,
            hits: recorder.hits,
            count: recorder.count,
            console_override,
            diagnostics: Vec::new(),
            needs_full_build,
        })
    }
}
