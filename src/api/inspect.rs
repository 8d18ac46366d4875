//! Inspecting a sub-expression: the value the innermost expression at a
//! place in the source took when the whole was evaluated (see
//! [`crate::eval::inspect`]), in an expression ([`Program::inspect`]) or in
//! a module's text ([`inspect_module`]: wherever the module's plan
//! evaluates it, for each of the first instances of a resource with
//! `count` or `for_each` and of a `dynamic` block).

use super::{Program, Variables};
use crate::diagnostics::{Diagnostics, Span};
use crate::eval::inspect::{node_at, Found, Hit, Recorder};
use crate::eval::Evaluator;
use crate::module::{Evaluation, Module, Source};
use crate::present;
use crate::syntax::ast::{Attribute, Block, Body, BodyItem};

/// What the inspector found at a place in the source.
#[derive(Clone, Debug)]
pub struct Inspection {
    /// The innermost expression there, in bytes.
    pub span: Span,
    /// Its first evaluations (at most [`MAX_HITS`]): one, or inside a
    /// `for` (or for the instances of a block) one per iteration, each with
    /// the variables it was evaluated with. Empty when it was never
    /// evaluated (a `for` over nothing, a `count` of zero, an `if`
    /// directive's other branch, `&&` or `||` decided by the other side).
    pub hits: Vec<Hit>,
    /// How many times it was evaluated.
    pub count: usize,
    /// The console's rendering of the first hit where it is not the
    /// value's own: `type(x)` as the whole expression prints the type.
    pub console_override: Option<String>,
    /// Errors found elsewhere that concern the node (a module's own
    /// diagnostics within its range).
    pub diagnostics: Diagnostics,
    /// A function left out of this build was called.
    pub needs_full_build: bool,
}

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
    /// assert_eq!(hcl_playground::present::console(&found.hits[1].value), "20");
    /// ```
    pub fn inspect(&self, vars: &Variables, start: usize, end: usize) -> Option<Inspection> {
        let found = node_at(self.expression(), start, end)?;
        let _profile = self.options().profile.enter();
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

/// The argument of `body` whose value holds `start..end`, with the blocks
/// around it, outermost first.
fn attribute_at(body: &Body, start: usize, end: usize) -> Option<(&Attribute, Vec<&Block>)> {
    let mut blocks = Vec::new();
    let mut body = body;
    'descend: loop {
        for item in &body.items {
            match item {
                BodyItem::Attribute(a) if a.expr.span.start <= start && end <= a.expr.span.end => return Some((a, blocks)),
                BodyItem::Block(b) if b.kind_span.start <= start && end <= b.close_brace.end => {
                    blocks.push(b);
                    body = &b.body;
                    continue 'descend;
                }
                _ => {}
            }
        }
        return None;
    }
}

/// The value the innermost expression holding bytes `start..end` of file
/// `file` took while `evaluation` planned the module, wherever the plan
/// evaluated it: each of the first instances of a resource with `count`
/// or `for_each`, each `dynamic` block, with `count.index`, `each.key` and
/// `each.value` (or the iterator's `key` and `value`) among each hit's
/// bindings. `None` when no expression holds the place (or it is a
/// `variable`'s type constraint). `evaluation` must come from
/// [`Module::evaluate_watching`] with the same place; the module's own
/// diagnostics within the node's range are in
/// [`Inspection::diagnostics`].
pub fn inspect_module(module: &Module, evaluation: &Evaluation<'_>, file: usize, start: usize, end: usize) -> Option<Inspection> {
    let body = module.bodies().get(file)?;
    let (attr, blocks) = attribute_at(body, start, end)?;
    // A type constraint is not a value.
    if matches!(blocks.as_slice(), [b] if b.kind == "variable" && attr.name == "type") {
        return None;
    }
    let found: Found<'_> = node_at(&attr.expr, start, end)?;
    let watched = evaluation.watched().unwrap_or_default();
    let span = watched.span.unwrap_or(found.node.span);
    // The module's errors within the node, and when the plan never got to
    // it, the errors about its inputs that stopped it (Terraform does not
    // plan with a value it cannot read or a variable it does not declare).
    let within = |d: &&crate::module::ModuleDiagnostic| match d.source {
        Source::File(f) => f == file && span.start <= d.diagnostic.subject.start && d.diagnostic.subject.end <= span.end,
        Source::Console => false,
        _ => watched.span.is_none(),
    };
    let diagnostics = evaluation.diagnostics.iter().filter(|d| !d.warning).filter(within).map(|d| d.diagnostic.clone()).collect();
    Some(Inspection {
        span,
        hits: watched.hits,
        count: watched.count,
        console_override: None,
        diagnostics,
        needs_full_build: watched.needs_full_build,
    })
}
