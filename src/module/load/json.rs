//! Configuration files in HCL's JSON syntax (`.tf.json`, and `.tofu.json`
//! for OpenTofu), as Terraform's loader reads them: the file's schema and
//! each block type's, where a block type is known before any provider's
//! schema; a provider's own nested blocks are read later, against its
//! schema ([`blocks_of`]), as HCL's JSON bodies are read under the schema
//! each decoding gives.

use crate::diagnostics::{Diagnostic, Span};
use crate::profile::Profile;
use crate::syntax::ast::{Attribute, Block, Body, BodyItem, ExprKind, Expression};
use crate::syntax::json::{Shape, Shapes};
use std::rc::Rc;

/// Whether the file `name` is read as JSON configuration.
pub(crate) fn is_json(name: &str) -> bool {
    name.ends_with(".tf.json") || name.ends_with(".tofu.json")
}

/// The file `text` (named `name`) as a body, or its errors.
pub(crate) fn parse(text: &str, name: &str, limits: &crate::Limits, profile: Profile) -> Result<Body, Vec<Diagnostic>> {
    let (body, diags) = crate::syntax::json::parse(text, name, limits, profile, &Configuration(profile));
    match diags.is_empty() {
        true => Ok(body),
        false => Err(diags),
    }
}

/// The schema of a configuration file, per engine.
struct Configuration(Profile);

impl Shapes for Configuration {
    fn shape(&self, kind: &str) -> Shape<'_> {
        let blocks: &'static [(&'static str, &'static [&'static str])] = match kind {
            "" => return Shape::Content { attributes: Some(Vec::new()), blocks: super::config::file_blocks(self.0) },
            "locals" | "required_providers" => return Shape::JustAttributes,
            "terraform" => &[("required_providers", &[]), ("backend", &["type"]), ("cloud", &[]), ("provider_meta", &["provider"])],
            "cloud" => &[("workspaces", &[])],
            "variable" => &[("validation", &[])],
            "output" => &[("precondition", &[])],
            "resource" => &[("lifecycle", &[]), ("connection", &[]), ("provisioner", &["type"]), ("dynamic", &["type"])],
            "data" | "ephemeral" => &[("lifecycle", &[]), ("dynamic", &["type"])],
            "lifecycle" => &[("precondition", &[]), ("postcondition", &[])],
            "provisioner" => &[("connection", &[])],
            "dynamic" => &[("content", &[])],
            "content" => &[("dynamic", &["type"])],
            "check" => &[("data", &["type", "name"]), ("assert", &[])],
            "removed" => &[("lifecycle", &[]), ("provisioner", &["type"])],
            _ => &[],
        };
        Shape::Partial { blocks }
    }

    fn lazy(&self) -> bool {
        true
    }

    /// Terraform sniffs the file's `terraform` blocks for its version
    /// constraints and for its experiments, OpenTofu for the first alone.
    fn sniffs(&self) -> usize {
        match self.0 {
            Profile::OpenTofu => 1,
            _ => 2,
        }
    }

    fn is_static(&self, kind: &str, name: &str) -> bool {
        matches!(
            (kind, name),
            ("resource" | "data" | "ephemeral" | "module" | "output" | "check", "depends_on")
                | ("resource" | "data" | "ephemeral", "provider")
                | ("module", "providers")
                | ("variable", "type")
                | ("lifecycle", "ignore_changes" | "replace_triggered_by")
                | ("moved", "from" | "to")
                | ("import", "to" | "provider")
                | ("removed", "from")
                | ("dynamic", "iterator")
                | ("terraform", "experiments")
        )
    }
}

/// `body` (read from a JSON file) with the arguments that name one of
/// `blocks` (a provider's block types, with their labels) read as those
/// blocks: an object is one block, an array of objects several, `null`
/// none, labels as nested property names; a `dynamic` property is read as
/// `dynamic` blocks. `None` where nothing is to be read again.
pub(crate) fn blocks_of(body: &Body, blocks: &[(&str, &[&str])], diags: &mut Vec<Diagnostic>) -> Option<Body> {
    let labels_of = |name: &str| blocks.iter().find(|(t, _)| *t == name).map(|(_, l)| l.len());
    if !body.attributes().any(|a| a.name == "dynamic" || labels_of(&a.name).is_some()) {
        return None;
    }
    let mut items = Vec::with_capacity(body.items.len());
    for item in &body.items {
        match item {
            BodyItem::Attribute(a) if a.name == "dynamic" && labels_of("dynamic").is_none() => dynamic_blocks(a, diags, &mut items),
            BodyItem::Attribute(a) => match labels_of(&a.name) {
                Some(labels) => labelled(&a.name, a.name_span, labels, Vec::new(), &a.expr, diags, &mut items),
                None => items.push(item.clone()),
            },
            other => items.push(other.clone()),
        }
    }
    Some(Body { items, span: body.span })
}

/// The blocks of type `kind` in `e`, its `left` labels still to read as
/// nested property names (a map nesting's key).
fn labelled(
    kind: &str,
    kind_span: Span,
    left: usize,
    labels: Vec<(String, Span)>,
    e: &Expression,
    diags: &mut Vec<Diagnostic>,
    out: &mut Vec<BodyItem>,
) {
    if left == 0 {
        return unpack(kind, kind_span, labels, e, diags, out);
    }
    let ExprKind::ObjectCons(props) = &e.kind else {
        return unpack(kind, kind_span, labels, e, diags, out);
    };
    for item in props {
        let Some(label) = key_name(&item.key.expr) else { continue };
        let mut more = labels.clone();
        more.push((label, item.key.expr.span));
        labelled(kind, kind_span, left - 1, more, &item.value, diags, out);
    }
}

/// HCL's `unpackBlock` over an expression the JSON reader made.
fn unpack(kind: &str, kind_span: Span, labels: Vec<(String, Span)>, e: &Expression, diags: &mut Vec<Diagnostic>, out: &mut Vec<BodyItem>) {
    let one = |e: &Expression| Block {
        kind: kind.to_string(),
        kind_span,
        labels: labels.clone(),
        body: body_of(e),
        open_brace: Span::new(e.span.start, e.span.start + 1),
        close_brace: Span::new(e.span.end.saturating_sub(1), e.span.end),
        def_range: Some(Span::new(e.span.start, e.span.start + 1)),
    };
    match &e.kind {
        ExprKind::ObjectCons(_) => out.push(BodyItem::Block(Rc::new(one(e)))),
        ExprKind::TupleCons(items) => {
            for item in items {
                match item.kind {
                    ExprKind::ObjectCons(_) => out.push(BodyItem::Block(Rc::new(one(item)))),
                    _ => diags.push(Diagnostic::error(
                        "Incorrect JSON value type",
                        "A JSON object is required here, to define arguments and child blocks.",
                        start(item),
                    )),
                }
            }
        }
        ExprKind::Literal(v) if v.is_null() => {}
        _ => diags.push(Diagnostic::error(
            "Incorrect JSON value type",
            format!("Either a JSON object or a JSON array is required, representing the contents of one or more {kind:?} blocks."),
            start(e),
        )),
    }
}

/// `"dynamic": {"TYPE": {...}}`: a `dynamic` block per label, its
/// `iterator` read as a keyword and its `content` as a block.
fn dynamic_blocks(a: &Attribute, diags: &mut Vec<Diagnostic>, out: &mut Vec<BodyItem>) {
    let ExprKind::ObjectCons(labels) = &a.expr.kind else {
        unpack("dynamic", a.name_span, Vec::new(), &a.expr, diags, out);
        return;
    };
    for item in labels {
        let Some(label) = key_name(&item.key.expr) else { continue };
        let mut made = Vec::new();
        unpack("dynamic", a.name_span, vec![(label, item.key.expr.span)], &item.value, diags, &mut made);
        for b in made {
            let BodyItem::Block(b) = b else { continue };
            let mut b = (*b).clone();
            b.body = blocks_of(&b.body, &[("content", &[])], diags).unwrap_or(b.body);
            for item in &mut b.body.items {
                if let BodyItem::Attribute(attr) = item {
                    if attr.name == "iterator" {
                        *item = BodyItem::Attribute(Rc::new(Attribute { expr: keyword(&attr.expr), ..(**attr).clone() }));
                    }
                }
            }
            out.push(BodyItem::Block(Rc::new(b)));
        }
    }
}

/// The body an object expression of the JSON reader stands for.
fn body_of(e: &Expression) -> Body {
    let ExprKind::ObjectCons(props) = &e.kind else { return Body { items: Vec::new(), span: e.span } };
    let items = props
        .iter()
        .filter_map(|item| {
            let name = key_name(&item.key.expr)?;
            (name != "//").then(|| {
                let span = item.key.expr.span.to(item.value.span);
                BodyItem::Attribute(Rc::new(Attribute { name, name_span: item.key.expr.span, expr: item.value.clone(), span }))
            })
        })
        .collect();
    Body { items, span: e.span }
}

/// The value of property `name` of an object the JSON reader made (a
/// block's argument, where the block was read as an argument).
pub(crate) fn property<'e>(e: &'e Expression, name: &str) -> Option<&'e Expression> {
    let ExprKind::ObjectCons(props) = &e.kind else { return None };
    props.iter().find(|item| key_name(&item.key.expr).as_deref() == Some(name)).map(|item| &item.value)
}

/// A property name: the JSON reader keeps it as a template of its text.
fn key_name(e: &Expression) -> Option<String> {
    super::config::literal_string(e)
}

/// A JSON string read as a keyword or traversal (`iterator = "setting"`).
fn keyword(e: &Expression) -> Expression {
    let Some(text) = super::config::literal_string(e) else { return e.clone() };
    let start = e.span.start + 1;
    let limits = crate::Limits::default();
    match crate::syntax::parse_expression(&text, "", &limits, Profile::default()) {
        Ok(mut parsed) => {
            crate::syntax::shift_expr(&mut parsed, start as isize);
            parsed
        }
        Err(_) => e.clone(),
    }
}

/// HCL's `StartRange` of a value the JSON reader made: its first character.
fn start(e: &Expression) -> Span {
    Span::new(e.span.start, e.span.start + 1)
}
