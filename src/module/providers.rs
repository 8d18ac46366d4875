//! Resource type schemas: the built-in provider's `terraform_data` (as
//! Terraform 1.16 and OpenTofu 1.12 each have it) and what a type without
//! a known schema is taken as; Terraform's static checks of references
//! against a schema; and `terraform_data`'s planned values.

use super::config::{Mode, Resource};
use super::evaluate::Planner;
use crate::diagnostics::Diagnostic;
use crate::syntax::ast::{ExprKind, Step};
use crate::value::go_quote;
use crate::value::{Marks, Type, Value};
use std::collections::BTreeMap;

/// One attribute of a schema.
#[derive(Clone, Debug)]
pub(super) struct Attr {
    pub name: &'static str,
    pub ty: Type,
    pub optional: bool,
    pub computed: bool,
    pub sensitive: bool,
    /// Never stored: ephemeral values are allowed.
    pub write_only: bool,
}

/// How a nested block type's blocks make its value (`terraform_data`'s
/// only nested block type is single).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Nesting {
    /// At most one block: an object, or null.
    Single,
}

/// A block's schema (`configschema.Block`).
#[derive(Clone, Debug, Default)]
pub(super) struct BlockSchema {
    pub attrs: Vec<Attr>,
    pub blocks: Vec<(&'static str, Nesting, BlockSchema)>,
}

impl BlockSchema {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }

    pub fn block(&self, name: &str) -> Option<&(&'static str, Nesting, BlockSchema)> {
        self.blocks.iter().find(|b| b.0 == name)
    }

    /// The type of the values this schema describes.
    pub fn implied_type(&self) -> Type {
        let mut out: BTreeMap<String, Type> = self.attrs.iter().map(|a| (a.name.to_string(), a.ty.clone())).collect();
        for (name, nesting, b) in &self.blocks {
            let t = b.implied_type();
            let Nesting::Single = nesting;
            out.insert(name.to_string(), t);
        }
        Type::Object(out)
    }

    /// Every name the schema has, sorted (Terraform's suggestions).
    fn names(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = self.attrs.iter().map(|a| a.name).chain(self.blocks.iter().map(|b| b.0)).collect();
        out.sort();
        out
    }
}

/// What is known of a resource type's schema.
pub(super) enum TypeSchema {
    Known(BlockSchema),
    /// The built-in provider has no such type.
    Invalid,
    /// A provider the playground has no schema for: blocks are taken as
    /// written.
    Unknown,
}

fn attr(name: &'static str, ty: Type) -> Attr {
    Attr { name, ty, optional: false, computed: false, sensitive: false, write_only: false }
}

/// `terraform_data`'s schema: Terraform 1.16's has the `store` block.
fn terraform_data(with_store: bool) -> BlockSchema {
    let optional = |a: Attr| Attr { optional: true, ..a };
    let computed = |a: Attr| Attr { computed: true, ..a };
    let mut s = BlockSchema {
        attrs: vec![
            computed(attr("id", Type::String)),
            optional(attr("input", Type::Dynamic)),
            computed(attr("output", Type::Dynamic)),
            optional(attr("triggers_replace", Type::Dynamic)),
        ],
        blocks: Vec::new(),
    };
    if with_store {
        let store = BlockSchema {
            attrs: vec![
                Attr { write_only: true, ..optional(attr("input", Type::Dynamic)) },
                computed(attr("output", Type::Dynamic)),
                optional(attr("replace", Type::Bool)),
                optional(attr("sensitive", Type::Bool)),
                Attr { sensitive: true, ..computed(attr("sensitive_output", Type::Dynamic)) },
                optional(attr("version", Type::Dynamic)),
            ],
            blocks: Vec::new(),
        };
        s.blocks.push(("store", Nesting::Single, store));
    }
    s
}

/// The local name of the provider a resource belongs to.
pub(super) fn provider_name(r: &Resource) -> String {
    match &r.provider {
        Some((name, _)) => name.clone(),
        None => r.ty.split('_').next().unwrap_or(&r.ty).to_string(),
    }
}

/// Whether a resource belongs to the built-in provider
/// (`terraform.io/builtin/terraform`).
pub(super) fn builtin(p: &Planner, r: &Resource) -> bool {
    let name = provider_name(r);
    if name != "terraform" {
        return false;
    }
    match p.config.required_providers.iter().find(|(n, _)| *n == name) {
        Some((_, Some(source))) => source == "terraform.io/builtin/terraform",
        _ => true,
    }
}

/// The schema of a declared resource's type.
pub(super) fn schema(p: &Planner, r: &Resource) -> TypeSchema {
    if !builtin(p, r) {
        return TypeSchema::Unknown;
    }
    match (r.mode, r.ty.as_str()) {
        (Mode::Managed, "terraform_data") => TypeSchema::Known(terraform_data(!p.opentofu())),
        // Reading remote state needs a backend the playground does not
        // have: its data is taken as written.
        (Mode::Data, "terraform_remote_state") => TypeSchema::Unknown,
        _ => TypeSchema::Invalid,
    }
}

/// `configschema.Block.StaticValidateTraversal`: the steps after a
/// resource instance against its schema.
pub(super) fn static_validate(schema: &BlockSchema, steps: &[&Step]) -> Vec<Diagnostic> {
    let Some((next, after)) = steps.split_first() else { return Vec::new() };
    let name = match next {
        Step::GetAttr { name, .. } => name.clone(),
        Step::Index { key, span } => {
            let detail = match &key.kind {
                ExprKind::Literal(Value::String(k)) if crate::text::is_identifier(k) => {
                    format!(
                        "Only attribute access is allowed here. Did you mean to access attribute {} using the dot operator?",
                        go_quote(k)
                    )
                }
                _ => "Only attribute access is allowed here, using the dot operator.".to_string(),
            };
            return vec![Diagnostic::error("Invalid index operation", detail, *span)];
        }
        Step::LegacyIndex { span, .. } => {
            return vec![Diagnostic::error(
                "Invalid index operation",
                "Only attribute access is allowed here, using the dot operator.",
                *span,
            )];
        }
    };
    if schema.attr(&name).is_some() {
        return Vec::new();
    }
    if let Some((_, nesting, b)) = schema.block(&name) {
        let Nesting::Single = nesting;
        return static_validate(b, after);
    }
    let names = schema.names();
    let hint = super::scope::first_close(&name, &names).map(|s| format!(" Did you mean {}?", go_quote(s))).unwrap_or_default();
    vec![Diagnostic::error(
        "Unsupported attribute",
        format!("This object has no argument, nested block, or exported attribute named {}.{hint}", go_quote(&name)),
        next.span(),
    )]
}

/// `terraform_data`'s planned value on an empty state, from its decoded
/// configuration (the provider's `planDataStoreResourceChange`).
/// `imported` is the ID of an instance an `import` block imports: its
/// prior state has that ID and nothing else.
pub(super) fn plan_terraform_data(
    config: &BTreeMap<String, Value>,
    schema: &BlockSchema,
    imported: Option<String>,
) -> Result<Value, String> {
    let get = |m: &BTreeMap<String, Value>, k: &str| m.get(k).cloned().unwrap_or_else(Value::null);
    let input = get(config, "input");
    let mut out = config.clone();
    let id = match &imported {
        Some(id) => Value::string(id.clone()),
        None => Value::unknown(Type::String).refine_not_null(),
    };
    out.insert("id".into(), id);
    let output = match (input.is_null(), &imported) {
        // The prior (imported) input is null too: the prior output stays.
        (true, Some(_)) => Value::null(),
        (true, None) => Value::Null(input.ty()),
        (false, _) => Value::unknown(input.ty()),
    };
    out.insert("output".into(), output);
    if let Some((_, _, store_schema)) = schema.block("store") {
        let store = get(config, "store");
        let planned = match store.unmarked() {
            Value::Object(m) => {
                let mut m: BTreeMap<String, Value> = m.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                for must in ["sensitive", "replace"] {
                    if !get(&m, must).is_known() {
                        return Err(format!("the {} attribute must be known in order to plan changes to this resource", go_quote(must)));
                    }
                }
                let sensitive = matches!(get(&m, "sensitive").unmarked(), Value::Bool(true));
                let write = |m: &mut BTreeMap<String, Value>, v: Value| match sensitive {
                    true => {
                        m.insert("sensitive_output".into(), v);
                        m.insert("output".into(), Value::null());
                    }
                    false => {
                        m.insert("output".into(), v);
                        m.insert("sensitive_output".into(), Value::null());
                    }
                };
                // The prior `sensitive` is null: a value given moves the
                // outputs over.
                if !get(&m, "sensitive").is_null() {
                    let output = match get(&m, "sensitive_output") {
                        o if !o.is_null() => o,
                        _ => get(&m, "output"),
                    };
                    write(&mut m, output);
                }
                let input = get(&m, "input");
                let all_null = input.is_null() && get(&m, "output").is_null() && get(&m, "sensitive_output").is_null();
                if all_null {
                    write(&mut m, Value::Null(input.ty()));
                } else if !get(&m, "version").is_null() || !raw_equal(&current_output(&m), &input) {
                    // A version (against none before), or an input unlike
                    // the output: the stored value changes.
                    write(&mut m, Value::unknown(input.ty()));
                }
                let replace = matches!(get(&m, "replace").unmarked(), Value::Bool(true));
                if replace && !(get(&m, "output").is_known() && get(&m, "sensitive_output").is_known()) {
                    out.insert("id".into(), Value::unknown(Type::String));
                }
                m.insert("input".into(), Value::null());
                mark_sensitive(Value::Object(m.into()), store_schema)
            }
            _ => store,
        };
        out.insert("store".into(), planned);
    }
    Ok(Value::Object(out.into()))
}

fn current_output(m: &BTreeMap<String, Value>) -> Value {
    match m.get("sensitive_output") {
        Some(v) if !v.is_null() => v.clone(),
        _ => m.get("output").cloned().unwrap_or_else(Value::null),
    }
}

/// cty's `RawEquals`: the same value, marks, unknowns and types included.
fn raw_equal(a: &Value, b: &Value) -> bool {
    a.ty() == b.ty()
        && crate::present::to_json(a) == crate::present::to_json(b)
        && a.is_known() == b.is_known()
        && a.is_null() == b.is_null()
}

/// The schema's sensitive attributes marked (as Terraform marks a
/// resource's value when reading it).
fn mark_sensitive(v: Value, schema: &BlockSchema) -> Value {
    let Value::Object(m) = v.unmarked().clone() else { return v };
    let mut out: BTreeMap<String, Value> = m.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
    for a in schema.attrs.iter().filter(|a| a.sensitive) {
        if let Some(x) = out.get_mut(a.name) {
            *x = x.clone().with_marks(Marks::SENSITIVE);
        }
    }
    Value::Object(out.into()).with_same_marks(&v)
}
