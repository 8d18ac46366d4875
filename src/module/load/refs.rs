//! References to named values (Terraform's `addrs.ParseRef`): what a
//! traversal such as `var.name`, `local.x`, `aws_instance.web[0].id`,
//! `data.t.n`, `module.m.out`, `count.index`, `each.key`, `path.module` or
//! `terraform.workspace` refers to, or Terraform's error for one that
//! cannot refer to anything.

use super::config::Mode;
use crate::diagnostics::{Diagnostic, Span};
use crate::syntax::ast::{ExprKind, Step};
use crate::value::{go_quote, Value};

/// The object a reference names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Subject {
    Var(String),
    Local(String),
    /// A resource; `key` when the reference indexes one instance.
    Resource {
        mode: Mode,
        ty: String,
        name: String,
    },
    Module(String),
    Count(String),
    Each(String),
    Path(String),
    Terraform(String),
    SelfRef,
}

/// A parsed reference: its subject and the range naming it.
#[derive(Clone, Debug)]
pub struct Reference {
    pub subject: Subject,
    pub span: Span,
    /// The attribute names the reference goes on to read (static steps
    /// after the subject and any instance key), for the attributes a
    /// resource instance's object needs.
    pub attrs: Vec<String>,
    /// Terraform's complaint about the reference's form, which does not
    /// stop it from being looked up (with an empty name, at no place).
    pub error: Option<Diagnostic>,
}

fn invalid(detail: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::error("Invalid reference", detail, span)
}

fn step_name(s: &Step) -> Option<&str> {
    match s {
        Step::GetAttr { name, .. } => Some(name),
        _ => None,
    }
}

/// `addrs.ParseRef` for a traversal with root `root` at `root_span`: the
/// reference, nothing (a type keyword such as `string` alone), or
/// Terraform's error.
pub fn parse(root: &str, root_span: Span, steps: &[&Step], profile: crate::profile::Profile) -> Result<Option<Reference>, Diagnostic> {
    let whole = steps.last().map_or(root_span, |s| root_span.to(s.span()));
    let single = |steps: &[&Step]| -> Result<(String, Span, usize), Diagnostic> {
        match steps.first() {
            None => Err(invalid(
                format!("The {} object cannot be accessed directly. Instead, access one of its attributes.", go_quote(root, profile)),
                root_span,
            )),
            Some(Step::GetAttr { name, span }) => Ok((name.clone(), root_span.to(*span), 1)),
            Some(s) => Err(invalid(format!("The {} object does not support this operation.", go_quote(root, profile)), s.span())),
        }
    };
    let attrs_after = |steps: &[&Step]| -> Vec<String> { steps.iter().map_while(|s| step_name(s).map(str::to_string)).take(1).collect() };
    // A malformed `var`, `local`, ... reference still refers to something
    // in Terraform: the object named "" at no place, which its lookup then
    // reports missing too.
    let simple = |make: fn(String) -> Subject| -> Result<Option<Reference>, Diagnostic> {
        match single(steps) {
            Ok((name, span, used)) => Ok(Some(Reference { subject: make(name), span, attrs: attrs_after(&steps[used..]), error: None })),
            Err(d) => Ok(Some(Reference { subject: make(String::new()), span: Span::default(), attrs: Vec::new(), error: Some(d) })),
        }
    };
    match root {
        "count" => simple(Subject::Count),
        "each" => simple(Subject::Each),
        "local" => simple(Subject::Local),
        "var" => simple(Subject::Var),
        "path" => simple(Subject::Path),
        "terraform" => simple(Subject::Terraform),
        "data" | "resource" | "ephemeral" | "list" => {
            if steps.len() < 2 {
                let what = match root {
                    "data" => "the data source type and the resource name",
                    "resource" => "the resource type and the resource name",
                    "ephemeral" => "the ephemeral resource type and the resource name",
                    _ => "the list resource type and the list resource name",
                };
                return Err(invalid(format!("The {} object must be followed by two attribute names: {what}.", go_quote(root, profile)), whole));
            }
            let mode = match root {
                "data" => Mode::Data,
                "ephemeral" => Mode::Ephemeral,
                _ => Mode::Managed,
            };
            resource(mode, root, root_span, steps)
        }
        "module" => {
            let (name, span, _) = single(steps)?;
            let mut span = span;
            let mut rest = &steps[1..];
            if let Some(Step::Index { span: s, .. } | Step::LegacyIndex { span: s, .. }) = rest.first() {
                span = span.to(*s);
                rest = &rest[1..];
            }
            match rest.first() {
                None => Ok(Some(Reference { subject: Subject::Module(name), span, attrs: Vec::new(), error: None })),
                Some(Step::GetAttr { name: out, span: s }) => {
                    Ok(Some(Reference { subject: Subject::Module(name), span: span.to(*s), attrs: vec![out.clone()], error: None }))
                }
                Some(s) => Err(invalid("Module instance objects do not support this operation.", s.span())),
            }
        }
        "self" => Ok(Some(Reference { subject: Subject::SelfRef, span: root_span, attrs: attrs_after(steps), error: None })),
        "template" | "lazy" | "arg" => Err(Diagnostic::error(
            "Reserved symbol name",
            format!("The symbol name {} is reserved for use in a future Terraform version. If you are using a provider that already uses this as a resource type name, add the prefix \"resource.\" to force interpretation as a resource type name.", go_quote(root, profile)),
            root_span,
        )),
        "string" | "number" | "bool" | "any" if steps.is_empty() => Ok(None),
        _ => resource(Mode::Managed, root, root_span, steps),
    }
}

/// `parseResourceRef`; `steps` start after `data.`/`resource.` (the type is
/// `root` itself for a bare `aws_instance.web`).
fn resource(mode: Mode, root: &str, root_span: Span, steps: &[&Step]) -> Result<Option<Reference>, Diagnostic> {
    let bare = !matches!(root, "data" | "resource" | "ephemeral" | "list");
    let (ty, rest) = if bare {
        (root.to_string(), steps)
    } else {
        match steps[0] {
            Step::GetAttr { name, .. } => (name.clone(), &steps[1..]),
            s => {
                let what = if mode == Mode::Data { "The \"data\" object" } else { "The \"resource\" object" };
                return Err(invalid(format!("{what} does not support this operation."), s.span()));
            }
        }
    };
    let Some(first) = rest.first() else {
        let span = steps.last().map_or(root_span, |s| root_span.to(s.span()));
        return Err(invalid(
            "A reference to a resource type must be followed by at least one attribute access, specifying the resource name.",
            span,
        ));
    };
    let Step::GetAttr { name, span } = first else {
        let what = if mode == Mode::Data { "a data source" } else { "a resource type" };
        return Err(invalid(
            format!("A reference to {what} must be followed by at least one attribute access, specifying the resource name."),
            first.span(),
        ));
    };
    let mut range = root_span.to(*span);
    let mut rest = &rest[1..];
    if let Some(Step::Index { key, span: s }) = rest.first() {
        if let ExprKind::Literal(k) = &key.kind {
            if let Some(m) = instance_key_error(k) {
                return Err(Diagnostic::error("Invalid index key", format!("Invalid index for resource instance: {m}."), *s));
            }
        }
        range = range.to(*s);
        rest = &rest[1..];
    } else if let Some(Step::LegacyIndex { span: s, .. }) = rest.first() {
        range = range.to(*s);
        rest = &rest[1..];
    }
    let attrs = rest.first().and_then(|s| step_name(s)).map(|s| vec![s.to_string()]).unwrap_or_default();
    Ok(Some(Reference { subject: Subject::Resource { mode, ty, name: name.clone() }, span: range, attrs, error: None }))
}

/// `ParseInstanceKey`'s complaint about an index key, if any.
fn instance_key_error(k: &Value) -> Option<String> {
    match k.unmarked() {
        Value::String(_) => None,
        Value::Number(n) if n.is_integer() => None,
        Value::Number(_) => Some("index must be a whole number".into()),
        Value::Null(_) => Some("key must not be null".into()),
        v => Some(format!("either a string or an integer is required, not {}", v.ty().friendly_name())),
    }
}
