//! Inspecting a sub-expression: the value the innermost expression at a
//! place in the source took when the whole was evaluated (see
//! [`crate::eval::inspect`]), in an expression ([`Program::inspect`]) or in
//! a module's text ([`inspect_module`]: in the context of the block
//! around it, for each of the first instances of a resource with `count`
//! or `for_each` and of a `dynamic` block).

use super::{Program, Variables};
use crate::diagnostics::{Diagnostics, Span};
use crate::eval::inspect::{node_at, Found, Hit, Recorder, MAX_HITS};
use crate::eval::{iteration_entries, Evaluator};
use crate::module::{Evaluation, Kind, Module, ModuleOptions, Source};
use crate::present;
use crate::syntax::ast::{Attribute, Block, Body, BodyItem, ExprKind, Expression};
use crate::value::{Number, SortedMap, Value};
use std::collections::BTreeMap;

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
        let type_call = match &self.expression().kind {
            ExprKind::FunctionCall { name, args, expand_final: false, .. } if name == "type" && args.len() == 1 => Some(&args[0]),
            _ => None,
        };
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

/// One level of repetition around an expression in a module: a block's
/// `count` or `for_each`, or a `dynamic` block's `for_each`.
enum Repeat<'b> {
    Count(&'b Expression),
    ForEach(&'b Expression),
    Dynamic { for_each: &'b Expression, iterator: String },
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

/// What repeats an argument: the `count` or `for_each` of the block it is
/// in (a resource, data source or module call; not for those arguments
/// themselves) and of each `dynamic` block around it (not for its own
/// `for_each` and `iterator`).
fn repeats<'b>(attr: &Attribute, blocks: &[&'b Block]) -> Option<Vec<Repeat<'b>>> {
    let mut out = Vec::new();
    let Some(top) = blocks.first() else { return Some(out) };
    let own = |b: &Block| b.body.attributes().any(|a| std::ptr::eq(a, attr));
    match top.kind.as_str() {
        // A type constraint is not a value.
        "variable" if own(top) && attr.name == "type" => return None,
        "resource" | "data" | "module" if !(own(top) && matches!(attr.name.as_str(), "count" | "for_each")) => {
            if let Some(c) = top.body.attribute("count") {
                out.push(Repeat::Count(&c.expr));
            } else if let Some(f) = top.body.attribute("for_each") {
                out.push(Repeat::ForEach(&f.expr));
            }
        }
        _ => {}
    }
    for b in &blocks[1..] {
        if b.kind != "dynamic" || (own(b) && matches!(attr.name.as_str(), "for_each" | "iterator")) {
            continue;
        }
        let Some(for_each) = b.body.attribute("for_each") else { continue };
        let iterator = match b.body.attribute("iterator").map(|a| &a.expr.kind) {
            Some(ExprKind::Variable(name)) => name.clone(),
            _ => b.labels.first().map(|(l, _)| l.clone()).unwrap_or_default(),
        };
        out.push(Repeat::Dynamic { for_each: &for_each.expr, iterator });
    }
    Some(out)
}

/// The names an expression of the module sees: its variables, locals,
/// resources, data sources and module calls as evaluated, `path` and
/// `terraform`.
fn module_scope(evaluation: &Evaluation<'_>, options: &ModuleOptions) -> SortedMap<Value> {
    let mut tree: BTreeMap<String, BTreeMap<String, Value>> = BTreeMap::new();
    let mut resources: BTreeMap<String, BTreeMap<String, Value>> = BTreeMap::new();
    let mut data: BTreeMap<String, BTreeMap<String, Value>> = BTreeMap::new();
    for v in &evaluation.values {
        let parts: Vec<&str> = v.address.splitn(3, '.').collect();
        match (v.kind, parts.as_slice()) {
            (Kind::Variable, ["var", name]) => tree.entry("var".into()).or_default().insert(name.to_string(), v.value.clone()),
            (Kind::Local, ["local", name]) => tree.entry("local".into()).or_default().insert(name.to_string(), v.value.clone()),
            (Kind::Module, ["module", name]) => tree.entry("module".into()).or_default().insert(name.to_string(), v.value.clone()),
            (Kind::Resource, [ty, name]) => resources.entry(ty.to_string()).or_default().insert(name.to_string(), v.value.clone()),
            (Kind::Data, ["data", ty, name]) => data.entry(ty.to_string()).or_default().insert(name.to_string(), v.value.clone()),
            _ => None,
        };
    }
    let object = |m: BTreeMap<String, Value>| Value::Object(m.into());
    let mut top = SortedMap::new();
    for (ty, names) in &resources {
        top.insert(ty.clone(), object(names.clone()));
    }
    top.insert("resource".into(), object(resources.into_iter().map(|(t, n)| (t, object(n))).collect()));
    top.insert("data".into(), object(data.into_iter().map(|(t, n)| (t, object(n))).collect()));
    for key in ["var", "local", "module"] {
        top.insert(key.into(), object(tree.remove(key).unwrap_or_default()));
    }
    // The root module: path.module and path.root are relative to path.cwd.
    let (here, cwd) = (Value::string("."), Value::string(options.cwd.clone()));
    top.insert("path".into(), object([("module", &here), ("root", &here), ("cwd", &cwd)].map(|(k, v)| (k.to_string(), v.clone())).into()));
    top.insert("terraform".into(), object([("workspace".to_string(), Value::string(options.workspace.clone()))].into()));
    top
}

/// The first instances (at most [`MAX_HITS`]) the repetitions give: the
/// names each adds to the scope (`count`, `each`, a `dynamic` block's
/// iterator) and how each is shown (`count.index`, `each.key`, …).
fn instances(repeats: &[Repeat<'_>], scope: &SortedMap<Value>, text: &str, options: &ModuleOptions) -> Vec<Instance> {
    let mut out = vec![Instance::default()];
    for r in repeats {
        let mut next = Vec::new();
        for inst in &out {
            let vars = inst.scope(scope);
            let expr = match r {
                Repeat::Count(e) | Repeat::ForEach(e) | Repeat::Dynamic { for_each: e, .. } => *e,
            };
            let mut ev = Evaluator::new(&vars, &options.limits).with_profile(options.profile).with_source(text, "main.tf");
            let (v, _) = ev.eval(expr).unmark_deep();
            if !ev.diags.is_empty() || !v.is_known() {
                continue;
            }
            let entries: Vec<(Value, Value)> = match r {
                Repeat::Count(_) => {
                    let n = match &v {
                        Value::Number(n) => n.to_i64().unwrap_or(0),
                        _ => 0,
                    }
                    .clamp(0, MAX_HITS as i64);
                    (0..n).map(|i| (Value::Number(Number::from_u64(i as u64)), Value::null())).collect()
                }
                _ => iteration_entries(&v, true),
            };
            for (k, val) in entries {
                if next.len() >= MAX_HITS {
                    break;
                }
                let mut i = inst.clone();
                let object = |pairs: Vec<(&str, Value)>| Value::Object(pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect());
                match r {
                    Repeat::Count(_) => {
                        i.names.push(("count".into(), object(vec![("index", k.clone())])));
                        i.shown.push(("count.index".into(), k));
                    }
                    Repeat::ForEach(_) => {
                        i.names.push(("each".into(), object(vec![("key", k.clone()), ("value", val.clone())])));
                        i.shown.push(("each.key".into(), k));
                        i.shown.push(("each.value".into(), val));
                    }
                    Repeat::Dynamic { iterator, .. } => {
                        i.names.push((iterator.clone(), object(vec![("key", k.clone()), ("value", val.clone())])));
                        i.shown.push((format!("{iterator}.key"), k));
                        i.shown.push((format!("{iterator}.value"), val));
                    }
                }
                next.push(i);
            }
        }
        out = next;
    }
    out
}

#[derive(Clone, Default)]
struct Instance {
    names: Vec<(String, Value)>,
    shown: Vec<(String, Value)>,
}

impl Instance {
    fn scope(&self, scope: &SortedMap<Value>) -> SortedMap<Value> {
        let mut vars = scope.clone();
        for (k, v) in &self.names {
            vars.insert(k.clone(), v.clone());
        }
        vars
    }
}

/// The value the innermost expression holding bytes `start..end` of file
/// `file` of `module` took, in the context of the block around it: an
/// argument of a resource with `count` or `for_each` (or inside a
/// `dynamic` block) for each of its first instances, with `count.index`,
/// `each.key` and `each.value` (or the iterator's `key` and `value`)
/// among each hit's bindings. `None` when no expression holds the place
/// (or it is a `variable`'s type constraint).
///
/// The value is found from the named values of `evaluation` (which must
/// be `module`'s), as Terraform's scope would give them; the module's own
/// diagnostics within the node's range are in
/// [`Inspection::diagnostics`].
pub fn inspect_module(
    module: &Module,
    evaluation: &Evaluation<'_>,
    options: &ModuleOptions,
    file: usize,
    start: usize,
    end: usize,
) -> Option<Inspection> {
    let body = module.bodies().get(file)?;
    let text = module.files().get(file).map_or("", |(_, t)| t.as_str());
    let (attr, blocks) = attribute_at(body, start, end)?;
    let repeats = repeats(attr, &blocks)?;
    let found: Found<'_> = node_at(&attr.expr, start, end)?;
    let scope = module_scope(evaluation, options);
    let _profile = options.profile.enter();
    let mut hits = Vec::new();
    let mut count = 0;
    let mut needs_full_build = false;
    for inst in instances(&repeats, &scope, text, options) {
        let vars = inst.scope(&scope);
        let mut ev = Evaluator::new(&vars, &options.limits)
            .with_profile(options.profile)
            .with_source(text, "main.tf")
            .with_recorder(Recorder::new(&found));
        ev.eval(&attr.expr);
        needs_full_build |= ev.needs_full_build;
        let recorder = ev.take_recorder().unwrap_or_default();
        count += recorder.count;
        for mut hit in recorder.hits {
            if hits.len() < MAX_HITS {
                hit.bindings.splice(0..0, inst.shown.iter().cloned());
                hits.push(hit);
            }
        }
    }
    let span = found.node.span;
    let diagnostics = evaluation
        .diagnostics
        .iter()
        .filter(|d| d.source == Source::File(file) && !d.warning)
        .filter(|d| span.start <= d.diagnostic.subject.start && d.diagnostic.subject.end <= span.end)
        .map(|d| d.diagnostic.clone())
        .collect();
    Some(Inspection { span, hits, count, console_override: None, diagnostics, needs_full_build })
}
