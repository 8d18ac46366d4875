//! A resource's own configuration decoded as hcldec decodes it with
//! `dynblock`: against the type's schema where there is one (unsupported
//! arguments and block types, typed nulls for what is not set, one block
//! for a single-nested type), `dynamic` blocks expanded (`for_each`,
//! `iterator`, `labels`, `content`, nested `dynamic`, with hcl's errors);
//! without a schema, the body as written (each block type a list of
//! objects).

use super::{Planner, Scope};
use crate::diagnostics::{Diagnostic, Span};
use crate::module::load::provider_schema::{BlockSchema, Member, NestedBlock, NestedType, Nesting};
use crate::module::load::schema::{content, missing_item_range, Schema};
use crate::module::load::ModuleDiagnostic;
use crate::syntax::ast::{Block, Body, ExprKind};
use crate::syntax::typeexpr::{Attribute as ConstraintAttr, Constraint};
use crate::value::convert::convert;
use crate::value::{go_quote, Marks, SortedMap, Type, Value};
use std::collections::BTreeMap;

/// A block a body holds once `dynamic` blocks are expanded.
struct Generated<'b> {
    kind: String,
    body: &'b Body,
    /// Where the block (or the `dynamic` block making it) is declared.
    def_span: Span,
    /// The iterators in scope inside it.
    scope: Scope,
    /// Marks of the `for_each` value, for every value inside.
    marks: Marks,
    /// Made for an unknown `for_each`: every argument unknown.
    unknown: bool,
    /// Its labels (a `dynamic` block's from its `labels` argument).
    labels: Vec<String>,
}

const DYNAMIC_LABELS: Schema =
    Schema { attributes: &[("for_each", true), ("iterator", false), ("labels", false)], blocks: &[("content", &[])] };

const DYNAMIC_NO_LABELS: Schema = Schema { attributes: &[("for_each", true), ("iterator", false)], blocks: &[("content", &[])] };

/// The value `body` configures under `schema`, or `None` after errors
/// (recorded).
pub(crate) fn decode(p: &mut Planner, body: &Body, schema: &BlockSchema, scope: &Scope, managed: bool) -> Option<SortedMap<Value>> {
    let before = p.error_count();
    let out = decode_inner(p, body, schema, scope, Marks::NONE, false, managed);
    (p.error_count() == before).then_some(out)
}

fn decode_inner(
    p: &mut Planner,
    body: &Body,
    schema: &BlockSchema,
    scope: &Scope,
    marks: Marks,
    unknown: bool,
    top: bool,
) -> SortedMap<Value> {
    let file = scope.source.unwrap_or(0);
    // A JSON file's body: its provider's block types are read now, under
    // the schema, as HCL reads a JSON body under the schema it is given.
    let from_json = scope.source.is_some_and(|f| crate::module::load::json::is_json(&p.module.files[f].0));
    let read_again = match from_json {
        true => {
            let mut found = Vec::new();
            let again = crate::module::load::json::blocks_of(body, &schema.block_labels(), &mut found);
            p.diags.extend(found.into_iter().map(|d| ModuleDiagnostic::at(file, d)));
            again
        }
        false => None,
    };
    let body = read_again.as_ref().unwrap_or(body);
    let adjusted = blocks_as_attributes(body, schema);
    let schema = adjusted.as_ref().unwrap_or(schema);
    // hcl's `Content`: arguments and block types the schema names (a map
    // nesting's blocks take one label, its key).
    let attr_names: Vec<(&str, bool)> = schema.attrs.iter().map(|a| (a.name.as_str(), a.required && !unknown)).collect();
    let mut block_names = schema.block_labels();
    block_names.push(("dynamic", &["type"]));
    let shape = Schema { attributes: &attr_names, blocks: &block_names };
    let mut diags = Vec::new();
    content(body, &shape, file, &mut diags, p.profile);
    p.diags.extend(diags);
    // Decoded in schema order (the order of its diagnostics), gathered by
    // name at the end.
    let mut attrs = Vec::with_capacity(schema.attrs.len());
    for a in &schema.attrs {
        let v = match body.attribute(&a.name) {
            None => Value::Null(a.ty.clone()),
            Some(_) if unknown => Value::dynamic_unknown().with_marks(marks),
            Some(attr) => {
                let v = p.expression(&attr.expr, scope, None).unwrap_or_else(Value::dynamic_unknown).with_marks(marks);
                if top && !a.write_only && v.has_mark_deep(Marks::EPHEMERAL) && !p.opentofu() {
                    let detail = format!(
                        "Ephemeral values are not valid for {}, because it is not a write-only attribute and must be persisted to state.",
                        go_quote(&a.name, p.profile)
                    );
                    p.error(file, Diagnostic::error("Invalid use of ephemeral value", detail, attr.expr.span));
                }
                let converted = match &a.nested {
                    Some(nested) => crate::module::load::convert::to_constraint(v, &nested_constraint(nested), p.options().profile)
                        .map_err(|e| e.message),
                    None => convert(&v, &a.ty, p.profile),
                };
                match converted {
                    Ok(v) => v,
                    Err(m) => {
                        let detail = format!("Inappropriate value for attribute {}: {m}.", go_quote(&a.name, p.profile));
                        p.error(file, Diagnostic::error("Incorrect attribute value type", detail, attr.expr.span));
                        Value::dynamic_unknown()
                    }
                }
            }
        };
        attrs.push(Some(v));
    }
    let generated = expand(p, body, scope, marks, unknown, &|kind| schema.block(kind).map(|b| b.nesting == Nesting::Map));
    let mut blocks = Vec::with_capacity(schema.blocks.len());
    for nb in &schema.blocks {
        let mine: Vec<&Generated> = generated.iter().filter(|g| g.kind == nb.name).collect();
        let object =
            |p: &mut Planner, g: &Generated| Value::Object(decode_inner(p, g.body, &nb.block, &g.scope, g.marks, g.unknown, false).into());
        let ty = nb.block.implied_type();
        let value = match nb.nesting {
            Nesting::Single | Nesting::Group => {
                if let Some(second) = mine.get(1) {
                    let (fname, text) = &p.module.files[file];
                    let detail = format!(
                        "Only one block of type {} is allowed. Previous definition was at {}.",
                        go_quote(&nb.name, p.profile),
                        crate::diagnostics::range_text(text, fname, mine[0].def_span, p.profile.unicode())
                    );
                    p.error(file, Diagnostic::error(format!("Duplicate {} block", nb.name), detail, second.def_span));
                }
                match mine.first() {
                    Some(g) => object(p, g),
                    None if nb.nesting == Nesting::Group => empty_value(&nb.block, p.profile),
                    None => {
                        if nb.min == 1 && !unknown {
                            let detail = format!("A block of type {} is required here.", go_quote(&nb.name, p.profile));
                            p.error(file, Diagnostic::error(format!("Missing {} block", nb.name), detail, missing_item_range(body)));
                        }
                        Value::Null(ty)
                    }
                }
            }
            Nesting::List | Nesting::Set => {
                let collection =
                    |elem: Type| if nb.nesting == Nesting::List { Type::List(Box::new(elem)) } else { Type::Set(Box::new(elem)) };
                if mine.iter().any(|g| g.unknown && !unknown) {
                    // A dynamic block over an unknown collection: how many
                    // blocks is not known either.
                    Value::unknown(collection(ty))
                } else {
                    let elems: Vec<Value> = mine.iter().map(|g| object(p, g)).collect();
                    if !unknown {
                        items_in_bounds(p, nb, body, &mine, file);
                    }
                    let made = match nb.nesting {
                        Nesting::List => crate::value::convert::list_of(elems.clone()),
                        _ => crate::value::convert::set_of(elems.clone(), p.profile),
                    };
                    match (elems.is_empty(), made) {
                        (true, _) if nb.nesting == Nesting::List => Value::List(ty, Vec::new().into()),
                        (true, _) => Value::set(ty, Vec::new(), p.profile),
                        (false, Some(v)) => v,
                        (false, None) => Value::unknown(collection(ty)),
                    }
                }
            }
            Nesting::Map => {
                let mut entries: BTreeMap<String, Value> = BTreeMap::new();
                for g in &mine {
                    let Some(key) = g.labels.first().cloned() else { continue };
                    if entries.contains_key(&key) {
                        let detail = format!(
                            "A block for {} {} was already defined. The {} labels must be unique.",
                            nb.name,
                            go_quote(&key, p.profile),
                            nb.name
                        );
                        p.error(file, Diagnostic::error(format!("Duplicate {} block", nb.name), detail, g.def_span));
                        continue;
                    }
                    let v = object(p, g);
                    entries.insert(key, v);
                }
                Value::Map(ty, entries.into())
            }
        };
        blocks.push(Some(value));
    }
    let members = schema.members().iter().map(|m| match *m {
        Member::Attr(i) => (schema.attrs[i].name.clone(), attrs[i].take().unwrap_or_else(Value::null)),
        Member::Block(i) => (schema.blocks[i].name.clone(), blocks[i].take().unwrap_or_else(Value::null)),
    });
    SortedMap::from_sorted(members.collect())
}

/// Terraform's `blocktoattr`: an argument whose type is a list or set of
/// objects may be written as blocks (the SDK v2's "attributes as blocks",
/// `route { … }` and `dynamic "route"`). Where the body does so, and does
/// not set it as an argument, the schema is given a list or set block type
/// of that name instead, whose arguments are the objects' attributes, all
/// optional. Nested attribute types (protocol 6) are not: their blocks are
/// an error.
fn blocks_as_attributes(body: &Body, schema: &BlockSchema) -> Option<BlockSchema> {
    let as_blocks = |name: &str| {
        body.attribute(name).is_none()
            && body.blocks().any(|b| b.kind == name || (b.kind == "dynamic" && b.labels.first().is_some_and(|(l, _)| l == name)))
    };
    let ambiguous: Vec<&crate::module::load::provider_schema::Attr> = schema
        .attrs
        .iter()
        .filter(|a| a.nested.is_none())
        .filter(|a| matches!(&a.ty, Type::List(e) | Type::Set(e) if matches!(**e, Type::Object(_))) && as_blocks(&a.name))
        .collect();
    if ambiguous.is_empty() {
        return None;
    }
    let mut out = schema.clone();
    for a in ambiguous {
        let (nesting, element) = match &a.ty {
            Type::List(e) => (Nesting::List, e),
            Type::Set(e) => (Nesting::Set, e),
            _ => continue,
        };
        let Type::Object(fields) = &**element else { continue };
        let attrs = fields
            .iter()
            .map(|(name, ty)| crate::module::load::provider_schema::Attr {
                name: name.clone(),
                ty: ty.clone(),
                nested: None,
                required: false,
                optional: true,
                computed: false,
                sensitive: false,
                write_only: false,
                deprecated: None,
            })
            .collect();
        out.attrs.retain(|x| x.name != a.name);
        let block = BlockSchema { attrs, ..BlockSchema::default() };
        out.blocks.push(NestedBlock { name: a.name.clone(), nesting, block, min: 0, max: 0 });
    }
    Some(out)
}

/// hcldec's bounds on a list or set of blocks.
fn items_in_bounds(p: &mut Planner, nb: &NestedBlock, body: &Body, mine: &[&Generated], file: usize) {
    if mine.len() < nb.min {
        let detail = format!("At least {} {} blocks are required.", nb.min, go_quote(&nb.name, p.profile));
        p.error(file, Diagnostic::error(format!("Insufficient {} blocks", nb.name), detail, missing_item_range(body)));
    } else if nb.max > 0 && mine.len() > nb.max {
        let detail = format!("No more than {} {} blocks are allowed", nb.max, go_quote(&nb.name, p.profile));
        p.error(file, Diagnostic::error(format!("Too many {} blocks", nb.name), detail, missing_item_range(mine[nb.max].body)));
    }
}

/// A group block's value when absent (`configschema.Block.EmptyValue`).
fn empty_value(b: &BlockSchema, profile: crate::profile::Profile) -> Value {
    let mut out: BTreeMap<String, Value> = b.attrs.iter().map(|a| (a.name.clone(), Value::Null(a.ty.clone()))).collect();
    for nb in &b.blocks {
        let ty = nb.block.implied_type();
        let v = match nb.nesting {
            Nesting::Single => Value::Null(ty),
            Nesting::Group => empty_value(&nb.block, profile),
            Nesting::List => Value::List(ty, Vec::new().into()),
            Nesting::Set => Value::set(ty, Vec::new(), profile),
            Nesting::Map => Value::Map(ty, BTreeMap::new().into()),
        };
        out.insert(nb.name.clone(), v);
    }
    Value::Object(out.into())
}

/// A nested attribute type as the constraint its values are converted
/// to: every attribute but the required ones optional.
fn nested_constraint(n: &NestedType) -> Constraint {
    let attrs = n
        .attrs
        .iter()
        .map(|a| {
            let ty = match &a.nested {
                Some(inner) => nested_constraint(inner),
                None => Constraint::Simple(a.ty.clone()),
            };
            (a.name.clone(), ConstraintAttr { ty, optional: !a.required, default: None })
        })
        .collect();
    let object = Constraint::Object(attrs);
    match n.nesting {
        Nesting::Single | Nesting::Group => object,
        Nesting::List => Constraint::List(Box::new(object)),
        Nesting::Set => Constraint::Set(Box::new(object)),
        Nesting::Map => Constraint::Map(Box::new(object)),
    }
}

/// A body as written, for a resource type without a schema: its
/// arguments, and each nested block type as a list of objects (`dynamic`
/// blocks expanded).
pub(crate) fn as_written(p: &mut Planner, body: &Body, scope: &Scope) -> BTreeMap<String, Value> {
    as_written_inner(p, body, scope, Marks::NONE, false)
}

fn as_written_inner(p: &mut Planner, body: &Body, scope: &Scope, marks: Marks, unknown: bool) -> BTreeMap<String, Value> {
    let mut out = BTreeMap::new();
    for a in body.attributes() {
        let v = match unknown {
            true => Value::dynamic_unknown(),
            false => p.expression(&a.expr, scope, None).unwrap_or_else(Value::dynamic_unknown),
        };
        out.insert(a.name.clone(), v.with_marks(marks));
    }
    let generated = expand(p, body, scope, marks, unknown, &|_| Some(false));
    let mut nested: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for g in &generated {
        let obj = Value::Object(as_written_inner(p, g.body, &g.scope, g.marks, g.unknown).into());
        nested.entry(g.kind.clone()).or_default().push(obj);
    }
    for (kind, blocks) in nested {
        let v = crate::value::convert::list_of(blocks.clone()).unwrap_or_else(|| Value::Tuple(blocks.into()));
        out.insert(kind, v);
    }
    out
}

/// The blocks of `body`, `dynamic` ones expanded (hcl's `dynblock`).
/// `labels_of(kind)` says whether a block type is expected (`None`: not)
/// and whether it takes labels.
fn expand<'b>(
    p: &mut Planner,
    body: &'b Body,
    scope: &Scope,
    marks: Marks,
    unknown: bool,
    labels_of: &dyn Fn(&str) -> Option<bool>,
) -> Vec<Generated<'b>> {
    let file = scope.source.unwrap_or(0);
    let mut out = Vec::new();
    for b in body.blocks() {
        if b.kind != "dynamic" {
            if labels_of(&b.kind).is_some() {
                let labels = b.labels.iter().map(|(l, _)| l.clone()).collect();
                out.push(Generated {
                    kind: b.kind.clone(),
                    body: &b.body,
                    def_span: b.def_span(),
                    scope: scope.clone(),
                    marks,
                    unknown,
                    labels,
                });
            }
            continue;
        }
        // A `dynamic` block's label count was checked with the body's
        // other blocks.
        let Some((kind, kind_span)) = b.labels.first().cloned() else { continue };
        if b.labels.len() != 1 {
            continue;
        }
        let Some(labelled) = labels_of(&kind) else {
            p.error(
                file,
                Diagnostic::error(
                    "Unsupported block type",
                    format!("Blocks of type {} are not expected here.", go_quote(&kind, p.profile)),
                    kind_span,
                ),
            );
            continue;
        };
        let Some(spec) = dynamic_spec(p, b, scope, labelled) else { continue };
        let (each, each_marks) = spec.for_each.unmark();
        let def_span = b.def_span();
        if !each.is_known() || unknown {
            // One block standing for all of them, its arguments unknown.
            let mut inner = scope.clone();
            inner.iterators.push((spec.iterator.clone(), Value::dynamic_unknown()));
            out.push(Generated {
                kind: kind.clone(),
                body: spec.content,
                def_span,
                scope: inner,
                marks: marks | each_marks,
                unknown: true,
                labels: Vec::new(),
            });
            continue;
        }
        for (k, x) in crate::eval::iteration_entries(&each, true) {
            let mut inner = scope.clone();
            let it = Value::Object([("key".to_string(), k), ("value".to_string(), x)].into_iter().collect::<BTreeMap<_, _>>().into());
            inner.iterators.push((spec.iterator.clone(), it));
            // The labels, evaluated for this iteration.
            let labels = match spec.labels {
                Some(e) => match p.expression(e, &inner, None).map(|v| v.unmark_deep().0) {
                    Some(v) => v.as_sequence().unwrap_or(&[]).iter().filter_map(|l| l.as_str().map(String::from)).collect(),
                    None => Vec::new(),
                },
                None => Vec::new(),
            };
            out.push(Generated {
                kind: kind.clone(),
                body: spec.content,
                def_span,
                scope: inner,
                marks: marks | each_marks,
                unknown,
                labels,
            });
        }
    }
    out
}

/// A `dynamic` block's decoded header.
struct DynamicSpec<'b> {
    for_each: Value,
    iterator: String,
    content: &'b Body,
    labels: Option<&'b crate::syntax::ast::Expression>,
}

/// dynblock's `decodeSpec`, with its errors.
fn dynamic_spec<'b>(p: &mut Planner, b: &'b Block, scope: &Scope, labelled: bool) -> Option<DynamicSpec<'b>> {
    let file = scope.source.unwrap_or(0);
    let shape = if labelled { &DYNAMIC_LABELS } else { &DYNAMIC_NO_LABELS };
    let mut diags: Vec<ModuleDiagnostic> = Vec::new();
    let c = content(&b.body, shape, file, &mut diags, p.profile);
    let failed = !diags.is_empty();
    p.diags.extend(diags);
    if failed {
        return None;
    }
    let kind = b.labels[0].0.clone();
    let iterator = match c.attr("iterator") {
        None => kind,
        Some(a) => match &a.expr.kind {
            ExprKind::Variable(n) => n.clone(),
            _ if crate::module::load::config::is_static_traversal(&a.expr) => {
                p.error(
                    file,
                    Diagnostic::error("Invalid dynamic iterator name", "Dynamic iterator must be a single variable name.", a.expr.span),
                );
                return None;
            }
            _ => {
                p.error(file, Diagnostic::error("Invalid expression", "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.", a.expr.span));
                return None;
            }
        },
    };
    let each = c.attr("for_each")?;
    let v = p.expression(&each.expr, scope, None)?;
    let unmarked = v.unmarked();
    let ty = unmarked.ty();
    if ty != Type::Dynamic && !matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_) | Type::Map(_) | Type::Object(_)) {
        let detail = format!("Cannot use a {} value in for_each. An iterable collection is required.", ty.friendly_name());
        p.error(file, Diagnostic::error("Invalid dynamic for_each value", detail, each.expr.span));
        return None;
    }
    if unmarked.is_null() {
        p.error(file, Diagnostic::error("Invalid dynamic for_each value", "Cannot use a null value in for_each.", each.expr.span));
        return None;
    }
    let contents: Vec<&Block> = c.blocks.clone();
    let Some(content) = contents.first() else {
        p.error(
            file,
            Diagnostic::error(
                "Missing dynamic content block",
                "A dynamic block must have a nested block of type \"content\" to describe the body of each generated block.",
                missing_item_range(&b.body),
            ),
        );
        return None;
    };
    if let Some(extra) = contents.get(1) {
        p.error(
            file,
            Diagnostic::error(
                "Extraneous dynamic content block",
                "Only one nested content block is allowed for each dynamic block.",
                extra.def_span(),
            ),
        );
        return None;
    }
    Some(DynamicSpec { for_each: v, iterator, content: &content.body, labels: c.attr("labels").map(|a| &a.expr) })
}
