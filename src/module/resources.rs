//! Resources, data sources and module calls as a plan sees them on an
//! empty state: `count` and `for_each` give the instances; each instance's
//! arguments are evaluated with `count.index` or `each.key`/`each.value`;
//! nested blocks, `dynamic` ones expanded, become lists of objects; what
//! the configuration does not set is "known after apply". Without
//! provider schemas, a block is taken as written; Terraform's built-in
//! `terraform_data` has its own.

use super::config::{Mode, ModuleCall, Resource};
use super::evaluate::{instances_scope, Planner, Scope};
use crate::diagnostics::Diagnostic;
use crate::syntax::ast::{Block, Body, Expression};
use crate::value::convert::convert;
use crate::value::{Marks, Type, Value};
use std::collections::{BTreeMap, BTreeSet};

/// How many instances a block has.
pub(super) enum Instances {
    /// No `count` or `for_each`.
    Single,
    /// `count`.
    Count(usize),
    /// `for_each`: keys and values, in key order.
    ForEach(Vec<(String, Value)>),
}

impl Instances {
    fn len(&self) -> usize {
        match self {
            Instances::Single => 1,
            Instances::Count(n) => *n,
            Instances::ForEach(e) => e.len(),
        }
    }
}

/// The expressions of a body, nested blocks included.
pub(super) fn body_exprs<'b>(body: &'b Body, out: &mut Vec<(&'b Expression, usize)>, file: usize) {
    for a in body.attributes() {
        out.push((&a.expr, file));
    }
    for b in body.blocks() {
        body_exprs(&b.body, out, file);
    }
}

/// The value a reference to resource `r` gives: one instance's object,
/// a tuple of them (`count`) or an object of them by key (`for_each`).
/// `None` when the instances could not be determined (references to it
/// are then "uninitialized"); an instance whose arguments failed is
/// unknown.
pub(super) fn evaluate(p: &mut Planner, r: &Resource) -> Option<Value> {
    if p.opentofu_console() {
        return Some(Value::dynamic_unknown());
    }
    let instances = instances(p, r.count.as_ref(), r.for_each.as_ref(), r.file, "resource")?;
    let attrs = p.read_attrs(r.mode, &r.ty, &r.name);
    let mut objects = Vec::with_capacity(instances.len());
    for i in 0..instances.len() {
        let scope = instances_scope(&instances, i, r.file);
        let before = p.error_count();
        let body = block_body(p, &r.body, &scope);
        objects.push(match p.error_count() > before {
            true => Value::dynamic_unknown(),
            false => planned(r, body, &attrs),
        });
    }
    Some(collect(&instances, objects))
}

/// A module call's value: its outputs, unknown until the module runs
/// (the playground has no child module's files to run).
pub(super) fn module_call(p: &mut Planner, m: &ModuleCall) -> Value {
    let Some(instances) = instances(p, m.count.as_ref(), m.for_each.as_ref(), m.file, "module") else {
        return Value::dynamic_unknown();
    };
    let outputs = p.module_read_attrs(&m.name);
    let mut objects = Vec::with_capacity(instances.len());
    for i in 0..instances.len() {
        let scope = instances_scope(&instances, i, m.file);
        for a in &m.arguments {
            p.expression(&a.expr, &scope, None);
        }
        objects.push(with_unknown_attrs(Value::Object(Default::default()), &outputs));
    }
    collect(&instances, objects)
}

fn collect(instances: &Instances, objects: Vec<Value>) -> Value {
    match instances {
        Instances::Single => objects.into_iter().next().unwrap_or_else(Value::dynamic_unknown),
        Instances::Count(_) => Value::Tuple(objects.into()),
        Instances::ForEach(entries) => {
            Value::Object(entries.iter().map(|(k, _)| k.clone()).zip(objects).collect::<BTreeMap<_, _>>().into())
        }
    }
}

/// `v` (an object, or a tuple or object of instance objects) with each
/// of `attrs` it lacks as an unknown value.
pub(super) fn with_unknown_attrs(v: Value, attrs: &BTreeSet<String>) -> Value {
    if attrs.is_empty() {
        return v;
    }
    let (v, marks) = v.unmark();
    let add = |m: &crate::value::SortedMap<Value>| {
        let mut m = m.clone();
        for a in attrs {
            if m.get(a).is_none() {
                m.insert(a.clone(), Value::dynamic_unknown());
            }
        }
        Value::Object(m.into())
    };
    let out = match &v {
        Value::Object(m) => add(m),
        _ => v,
    };
    out.with_marks(marks)
}

/// The instances `count` or `for_each` asks for, as Terraform checks
/// them; `None` after an error.
fn instances(p: &mut Planner, count: Option<&Expression>, for_each: Option<&Expression>, file: usize, what: &str) -> Option<Instances> {
    let scope = Scope { source: Some(file), ..Scope::default() };
    let invalid = |detail: String, e: &Expression| Diagnostic::error("Invalid count argument", detail, e.span);
    if let Some(e) = count {
        let v = p.expression(e, &scope, None)?;
        if v.has_mark_deep(Marks::EPHEMERAL) {
            p.error(file, invalid("The given \"count\" is derived from an ephemeral value, which means that Terraform cannot persist it between plan/apply rounds. Use only non-ephemeral values to specify the number of resource instances.".into(), e));
            return None;
        }
        let v = match convert(&v, &Type::Number) {
            Ok(v) => v.unmark_deep().0,
            Err(m) => {
                p.error(file, Diagnostic::error("Incorrect value type", format!("Invalid expression value: {m}."), e.span));
                return None;
            }
        };
        match &v {
            Value::Null(_) => {
                p.error(file, invalid("The given \"count\" argument value is null. An integer is required.".into(), e));
                None
            }
            Value::Unknown(..) => {
                p.error(file, invalid("The \"count\" value depends on resource attributes that cannot be determined until apply, so Terraform cannot predict how many instances will be created. To work around this, use the -target argument to first apply only the resources that the count depends on.".into(), e));
                None
            }
            Value::Number(n) => {
                if !n.is_integer() {
                    p.error(
                        file,
                        invalid(
                            format!(
                                "The given \"count\" argument value is unsuitable: value must be a whole number, got {}.",
                                n.to_decimal_string()
                            ),
                            e,
                        ),
                    );
                    return None;
                }
                if n.is_sign_negative() && !n.is_zero() {
                    p.error(
                        file,
                        invalid("The given \"count\" argument value is unsuitable: must be greater than or equal to zero.".into(), e),
                    );
                    return None;
                }
                let limit = p.options().limits.max_collection_len;
                match n.to_i64().filter(|c| *c as u64 <= limit as u64) {
                    Some(c) => Some(Instances::Count(c as usize)),
                    None => {
                        let detail =
                            format!("This {what} would have more than {limit} instances, which is more than this evaluator allows.");
                        p.error(file, Diagnostic::error("Too many instances", detail, e.span));
                        None
                    }
                }
            }
            _ => None,
        }
    } else if let Some(e) = for_each {
        let v = p.expression(e, &scope, None)?;
        for_each_entries(p, v, e, file)
    } else {
        Some(Instances::Single)
    }
}

/// Terraform's checks of a `for_each` value, then its entries.
fn for_each_entries(p: &mut Planner, v: Value, e: &Expression, file: usize) -> Option<Instances> {
    let err = |summary: &str, detail: String| Diagnostic::error(summary, detail, e.span);
    const UNKNOWN_MAP: &str = "The \"for_each\" map includes keys derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to define the map keys statically in your configuration and place apply-time results only in the map values.\n\nAlternatively, you could use the -target planning option to first apply only the resources that the for_each value depends on, and then apply a second time to fully converge.";
    const UNKNOWN_SET: &str = "The \"for_each\" set includes values derived from resource attributes that cannot be determined until apply, and so Terraform cannot determine the full set of keys that will identify the instances of this resource.\n\nWhen working with unknown values in for_each, it's better to use a map value where the keys are defined statically in your configuration and where only the values contain apply-time results.\n\nAlternatively, you could use the -target planning option to first apply only the resources that the for_each value depends on, and then apply a second time to fully converge.";
    if v.has_mark_deep(Marks::SENSITIVE) {
        p.error(file, err("Invalid for_each argument", "Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.".into()));
        return None;
    }
    if v.has_mark_deep(Marks::EPHEMERAL) {
        p.error(file, err("Invalid for_each argument", "The given \"for_each\" value is derived from an ephemeral value, which means that Terraform cannot persist it between plan/apply rounds. Use only non-ephemeral values to specify a resource's instance keys.".into()));
        return None;
    }
    let ty = v.ty();
    if v.is_null() {
        p.error(file, err("Invalid for_each argument", "The given \"for_each\" argument value is unsuitable: the given \"for_each\" argument value is null. A map, or set of strings is allowed.".into()));
        return None;
    }
    if !matches!(ty, Type::Map(_) | Type::Set(_) | Type::Object(_)) && ty != Type::Dynamic {
        p.error(file, err("Invalid for_each argument", format!("The given \"for_each\" argument value is unsuitable: the \"for_each\" argument must be a map, or set of strings, and you have provided a value of type {}.", ty.friendly_name())));
        return None;
    }
    if !v.is_known() {
        let detail = if matches!(ty, Type::Set(_)) { UNKNOWN_SET } else { UNKNOWN_MAP };
        p.error(file, err("Invalid for_each argument", detail.into()));
        return None;
    }
    let entries: Vec<(String, Value)> = match v.unmarked() {
        Value::Set(ety, elems) => {
            if elems.is_empty() {
                return Some(Instances::ForEach(Vec::new()));
            }
            if !v.is_wholly_known() {
                p.error(file, err("Invalid for_each argument", UNKNOWN_SET.into()));
                return None;
            }
            if *ety != Type::String {
                p.error(file, err("Invalid for_each set argument", format!("The given \"for_each\" argument value is unsuitable: \"for_each\" supports maps and sets of strings, but you have provided a set containing type {}.", ety.friendly_name())));
                return None;
            }
            if elems.iter().any(Value::is_null) {
                p.error(
                    file,
                    err(
                        "Invalid for_each set argument",
                        "The given \"for_each\" argument value is unsuitable: \"for_each\" sets must not contain null values.".into(),
                    ),
                );
                return None;
            }
            elems.iter().map(|e| (e.unmarked().as_str().unwrap_or("").to_string(), e.clone())).collect()
        }
        Value::Map(_, m) | Value::Object(m) => m.iter().map(|(k, x)| (k.clone(), x.clone())).collect(),
        _ => return None,
    };
    let limit = p.options().limits.max_collection_len;
    if entries.len() > limit {
        p.error(
            file,
            Diagnostic::error(
                "Too many instances",
                format!("This block would have more than {limit} instances, which is more than this evaluator allows."),
                e.span,
            ),
        );
        return None;
    }
    Some(Instances::ForEach(entries))
}

/// A block's body as an object: its arguments, and each nested block type
/// as a list of objects (`dynamic` blocks expanded). `None` for a part
/// that could not be evaluated.
fn block_body(p: &mut Planner, body: &Body, scope: &Scope) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for a in body.attributes() {
        let v = p.expression(&a.expr, scope, None).unwrap_or_else(Value::dynamic_unknown);
        out.insert(a.name.clone(), v);
    }
    let mut nested: BTreeMap<String, Option<Vec<Value>>> = BTreeMap::new();
    for b in body.blocks() {
        if b.kind == "dynamic" {
            dynamic_block(p, b, scope, &mut nested);
            continue;
        }
        let obj = Value::Object(block_body(p, &b.body, scope).into());
        if let Some(list) = nested.entry(b.kind.clone()).or_insert_with(|| Some(Vec::new())) {
            list.push(obj);
        }
    }
    for (kind, blocks) in nested {
        let v = match blocks {
            None => Value::dynamic_unknown(),
            Some(bs) => crate::value::convert::list_of(bs.clone()).unwrap_or_else(|| Value::Tuple(bs.into())),
        };
        out.insert(kind, v);
    }
    out
}

/// Expands `dynamic "type" { for_each, iterator, content { ... } }` into
/// blocks of `type` (hcl's `dynblock`).
fn dynamic_block(p: &mut Planner, b: &Block, scope: &Scope, nested: &mut BTreeMap<String, Option<Vec<Value>>>) {
    let file = scope.source.unwrap_or(0);
    let Some((kind, _)) = b.labels.first() else { return };
    let Some(each) = b.body.attribute("for_each") else {
        p.error(
            file,
            Diagnostic::error(
                "Missing required argument",
                "The argument \"for_each\" is required, but no definition was found.",
                crate::diagnostics::Span::new(b.body.span.start, b.body.span.start),
            ),
        );
        return;
    };
    let iterator = match b.body.attribute("iterator") {
        Some(a) => match &a.expr.kind {
            crate::syntax::ast::ExprKind::Variable(n) => n.clone(),
            _ => {
                p.error(
                    file,
                    Diagnostic::error("Invalid dynamic iterator name", "Dynamic iterator must be a single variable name.", a.expr.span),
                );
                return;
            }
        },
        None => kind.clone(),
    };
    let contents: Vec<&Block> = b.body.blocks().filter(|c| c.kind == "content").collect();
    let Some(content) = contents.first() else {
        let at = crate::diagnostics::Span::new(b.body.span.start, b.body.span.start);
        p.error(
            file,
            Diagnostic::error(
                "Missing dynamic content block",
                "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.",
                at,
            ),
        );
        return;
    };
    if contents.len() > 1 {
        p.error(
            file,
            Diagnostic::error(
                "Extraneous dynamic content block",
                "Only one nested content block is allowed for each dynamic block.",
                contents[1].def_span(),
            ),
        );
        return;
    }
    let Some(v) = p.expression(&each.expr, scope, None) else { return };
    let (v, _) = v.unmark();
    if v.ty() != Type::Dynamic
        && !matches!(
            v.kind(),
            crate::value::Kind::List
                | crate::value::Kind::Set
                | crate::value::Kind::Tuple
                | crate::value::Kind::Map
                | crate::value::Kind::Object
        )
    {
        let detail = format!("Cannot use a {} value in for_each. An iterable collection is required.", v.ty().friendly_name());
        p.error(file, Diagnostic::error("Invalid dynamic for_each value", detail, each.expr.span));
        return;
    }
    if v.is_null() {
        p.error(file, Diagnostic::error("Invalid dynamic for_each value", "Cannot use a null value in for_each.", each.expr.span));
        return;
    }
    if !v.is_known() {
        nested.insert(kind.clone(), None);
        return;
    }
    let list = nested.entry(kind.clone()).or_insert_with(|| Some(Vec::new()));
    for (k, x) in crate::eval::iteration_entries(&v, true) {
        let mut inner = scope.clone();
        let it = Value::Object([("key".to_string(), k), ("value".to_string(), x)].into_iter().collect::<BTreeMap<_, _>>().into());
        inner.iterators.push((iterator.clone(), it));
        let obj = Value::Object(block_body(p, &content.body, &inner).into());
        if let Some(l) = list {
            l.push(obj);
        }
    }
}

/// An instance's planned value: the configured arguments and blocks, and
/// the attributes a provider computes unknown (`id`, and any the module
/// reads). `terraform_data` follows its own schema.
fn planned(r: &Resource, body: BTreeMap<String, Value>, read: &BTreeSet<String>) -> Value {
    if r.mode == Mode::Managed && r.ty == "terraform_data" {
        let input = body.get("input").cloned().unwrap_or_else(Value::null);
        let output = match &input {
            v if v.is_null() => Value::Null(v.ty()),
            v => Value::unknown(v.ty()),
        };
        let mut obj = BTreeMap::new();
        obj.insert("id".to_string(), Value::unknown(Type::String).refine_not_null());
        obj.insert("input".to_string(), input);
        obj.insert("output".to_string(), output);
        obj.insert("triggers_replace".to_string(), body.get("triggers_replace").cloned().unwrap_or_else(Value::null));
        let store_type = Type::Object(
            [
                ("input", Type::Dynamic),
                ("output", Type::Dynamic),
                ("replace", Type::Bool),
                ("sensitive", Type::Bool),
                ("sensitive_output", Type::Dynamic),
                ("version", Type::Dynamic),
            ]
            .into_iter()
            .map(|(k, t)| (k.to_string(), t))
            .collect(),
        );
        obj.insert("store".to_string(), Value::Null(store_type));
        return Value::Object(obj.into());
    }
    let mut obj = body;
    obj.entry("id".to_string()).or_insert_with(|| Value::unknown(Type::String));
    for a in read {
        obj.entry(a.clone()).or_insert_with(Value::dynamic_unknown);
    }
    Value::Object(obj.into())
}
