//! Resource type schemas: the built-in provider's `terraform_data` (as
//! Terraform 1.16 and OpenTofu 1.12 each have it), those of the providers
//! in the playground's provider data ([`crate::module::load::provider_data`]), and what a
//! type without a known schema is taken as; Terraform's static checks of
//! references against a schema; `terraform_data`'s planned values, and
//! every other type's as its provider plans them on an empty state.

use super::Planner;
use crate::diagnostics::Diagnostic;
use crate::module::load::config::{Mode, Resource};
use crate::module::load::provider_data::{Found, TypeKind};
use crate::module::load::provider_schema::{
    provider_name, terraform_data_type, BlockSchema, Member, NestedBlock, NestedType, Nesting, TypeSchema,
};
use crate::syntax::ast::{ExprKind, Step};
use crate::value::SortedMap;
use crate::value::{go_quote, Marks, Type, Value};
use std::collections::BTreeMap;

/// Whether a resource belongs to the built-in provider
/// (`terraform.io/builtin/terraform`).
pub(crate) fn builtin(p: &Planner, r: &Resource) -> bool {
    let name = provider_name(r);
    if name != "terraform" {
        return false;
    }
    match p.config.required_providers.iter().find(|(n, _)| *n == name) {
        Some((_, Some(source))) => source == "terraform.io/builtin/terraform",
        _ => true,
    }
}

/// The provider a resource's data would come from, `namespace/type`
/// (`hashicorp/random`): its `required_providers` source, or the implied
/// `hashicorp/` one. `None` for a source on another registry host.
pub(crate) fn provider_source(p: &Planner, r: &Resource) -> Option<String> {
    source_of(p, &provider_name(r))
}

/// The provider a resource belongs to, `namespace/type`, whichever of
/// its versions in the data plans it (`hashicorp/aws` for the data
/// `hashicorp/aws@5` too): what the provider's own rules are chosen by.
pub(crate) fn provider_type(p: &Planner, r: &Resource) -> Option<String> {
    provider_source(p, r).map(|s| s.split('@').next().unwrap_or(&s).to_string())
}

/// Every provider the modules of the configuration require or whose
/// resources they declare, `namespace/type` (the built-in `terraform`
/// aside), with every module's version constraints on it, as `init`
/// combines them (distinct, as written).
pub(crate) type Requirements = BTreeMap<String, Vec<String>>;

/// The [`Requirements`] of the installed modules.
pub(crate) fn requirements(module: &crate::module::load::Module, installed: &crate::module::load::install::Installed) -> Requirements {
    let mut out = Requirements::new();
    for d in installed.dirs() {
        let config = &module.dir_at(d).config;
        let locals = config.required_providers.iter().map(|(n, _)| n.clone()).chain(config.resources.iter().map(provider_name));
        for local in locals.filter(|l| l != "terraform") {
            if let Some(source) = source_in(config, &local) {
                out.entry(source).or_default();
            }
        }
        for (local, constraint) in &config.provider_versions {
            if let Some(source) = source_in(config, local) {
                let entry = out.entry(source).or_default();
                if !entry.contains(constraint) {
                    entry.push(constraint.clone());
                }
            }
        }
    }
    out
}

/// The providers whose current data is of a version some module of the
/// configuration excludes (`version = "~> 4.0"` where the data is 5.2.0),
/// as Terraform would install another version whose schema differs: the
/// data's other version that meets every constraint, if it has one.
pub(crate) fn other_versions(module: &crate::module::load::Module, requirements: &Requirements) -> BTreeMap<String, Option<String>> {
    let mut out = BTreeMap::new();
    let Some(data) = module.options.providers.as_ref() else { return out };
    let meets = |key: &str, constraints: &[String]| match data.listing(key) {
        Found::Yes(listing) => {
            let version = version_triple(&listing.version);
            Some(constraints.iter().all(|c| crate::module::graph::checks::matches(c, version) != Some(false)))
        }
        _ => None,
    };
    for (source, constraints) in requirements.iter().filter(|(_, cs)| !cs.is_empty()) {
        if meets(source, constraints) != Some(false) {
            continue;
        }
        let other = data.other_versions_of(source).into_iter().find(|k| meets(k, constraints) == Some(true));
        out.insert(source.clone(), other);
    }
    out
}

/// `5.100.0` as `[5, 100, 0]` (what is missing or not a number as 0).
fn version_triple(text: &str) -> [u64; 3] {
    let parts: Vec<u64> = text.split('.').filter_map(|p| p.parse().ok()).collect();
    [0, 1, 2].map(|i| parts.get(i).copied().unwrap_or(0))
}

/// A provider the configuration uses, and the version of it in the
/// provider data that planned its resources: the newest that meets every
/// module's `required_providers` constraints, as `init` picks it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderVersion {
    /// `namespace/type` (`hashicorp/aws`).
    pub provider: String,
    /// The version planned with; `None` where no version in the data
    /// meets the constraints (its resources are planned as written).
    pub version: Option<String>,
    /// The constraints of every module, as written (`~> 5.0`).
    pub constraints: Vec<String>,
}

/// The providers of the configuration's modules that the provider data
/// holds, in name order, with the version of each that planned.
pub(crate) fn provider_versions(
    module: &crate::module::load::Module,
    requirements: &Requirements,
    other_versions: &BTreeMap<String, Option<String>>,
) -> Vec<ProviderVersion> {
    let Some(data) = module.options.providers.as_ref() else { return Vec::new() };
    let mut out = Vec::new();
    for (provider, constraints) in requirements {
        let version = match other_versions.get(provider) {
            Some(None) => None,
            Some(Some(key)) => match data.listing(key) {
                Found::Yes(l) => Some(l.version.clone()),
                _ => continue,
            },
            None => match data.listing(provider) {
                Found::Yes(l) => Some(l.version.clone()),
                _ => continue,
            },
        };
        out.push(ProviderVersion { provider: provider.clone(), version, constraints: constraints.clone() });
    }
    out
}

/// Whether no release at all can meet every one of `constraints` (`~> 4.0`
/// with `>= 5.0`): `init` then finds none, whatever the registry holds.
/// Tried on the versions the constraints name and their neighbours, where
/// every range the operators can make has an end.
pub(crate) fn unsatisfiable<S: AsRef<str>>(constraints: &[S]) -> bool {
    let mut candidates = vec![[0, 0, 0]];
    for c in constraints.iter().flat_map(|c| c.as_ref().split(',')) {
        let v = version_triple(c.trim().trim_start_matches(|ch: char| !ch.is_ascii_digit()));
        let [a, b, c] = v;
        const HIGH: u64 = 1 << 40;
        candidates.extend([v, [a, b, c + 1], [a, b + 1, 0], [a + 1, 0, 0], [a, b, HIGH], [a, HIGH, HIGH]]);
        if c > 0 {
            candidates.push([a, b, c - 1]);
        }
        if b > 0 {
            candidates.push([a, b - 1, HIGH]);
        }
        if a > 0 {
            candidates.push([a - 1, HIGH, HIGH]);
        }
    }
    let all = |v: [u64; 3]| constraints.iter().map(|c| crate::module::graph::checks::matches(c.as_ref(), v)).collect::<Option<Vec<bool>>>();
    candidates.into_iter().all(|v| all(v).is_some_and(|oks| oks.iter().any(|ok| !ok)))
}

/// Where some provider's constraints, over every module, meet no release
/// (`~> 4.0` with `>= 5.0`), `init` fails before it writes the dependency
/// lock file, and the console then finds no version selected for any
/// provider the configuration requires: its error.
pub(crate) fn no_release(
    module: &crate::module::load::Module,
    requirements: &Requirements,
    diags: &mut Vec<crate::module::load::ModuleDiagnostic>,
) {
    if requirements.values().any(|cs| !cs.is_empty() && unsatisfiable(cs)) {
        let tofu = module.options.profile == crate::profile::Profile::OpenTofu;
        let host = if tofu { "registry.opentofu.org" } else { "registry.terraform.io" };
        let addresses: Vec<String> = requirements.keys().map(|source| format!("{host}/{source}")).collect();
        diags.push(crate::module::load::install::no_version_selected(&addresses, tofu));
    }
}

/// The provider of local name `local`, `namespace/type`, as
/// [`provider_source`] finds it.
fn source_of(p: &Planner, local: &str) -> Option<String> {
    let source = source_in(p.config, local)?;
    match p.links.other_versions.get(&source) {
        Some(other) => other.clone(),
        None => Some(source),
    }
}

/// The provider of local name `local` in a module's configuration.
fn source_in(config: &crate::module::load::config::Config, local: &str) -> Option<String> {
    let source = match config.required_providers.iter().find(|(n, _)| n == local) {
        Some((_, Some(source))) => source.to_ascii_lowercase(),
        _ => format!("hashicorp/{local}"),
    };
    let parts: Vec<&str> = source.split('/').collect();
    match parts.as_slice() {
        [ty] => Some(format!("hashicorp/{ty}")),
        [ns, ty] => Some(format!("{ns}/{ty}")),
        [host, ns, ty] if matches!(*host, "registry.terraform.io" | "registry.opentofu.org") => Some(format!("{ns}/{ty}")),
        _ => None,
    }
}

/// The schema of a declared resource's type.
pub(crate) fn schema(p: &Planner, r: &Resource) -> TypeSchema {
    if builtin(p, r) {
        return match (r.mode, r.ty.as_str()) {
            (Mode::Managed, "terraform_data") => TypeSchema::Known(terraform_data_type(!p.opentofu())),
            // Reading remote state needs a backend the playground does not
            // have: its data is taken as written.
            (Mode::Data, "terraform_remote_state") => TypeSchema::Unknown,
            _ => TypeSchema::Invalid("terraform.io/builtin/terraform".into()),
        };
    }
    let (Some(data), Some(source)) = (p.options().providers.as_ref(), provider_source(p, r)) else { return TypeSchema::Unknown };
    let Found::Yes(listing) = data.listing(&source) else { return TypeSchema::Unknown };
    let kind = match r.mode {
        Mode::Managed => TypeKind::Resource,
        Mode::Data => TypeKind::Data,
        Mode::Ephemeral => TypeKind::Ephemeral,
    };
    if !listing.has(kind, &r.ty) {
        let host = if p.opentofu() { "registry.opentofu.org" } else { "registry.terraform.io" };
        let source = source.split('@').next().unwrap_or(&source);
        return TypeSchema::Invalid(format!("{host}/{source}"));
    }
    match data.type_data(&source, kind, &r.ty) {
        Found::Yes(t) => TypeSchema::Known(t),
        _ => TypeSchema::Unknown,
    }
}

/// The module's `provider` blocks checked against their providers'
/// configuration schemas (HCL's content errors); the configurations found
/// invalid, by local name and alias.
pub(crate) fn provider_configurations(p: &Planner) -> (Vec<crate::module::load::ModuleDiagnostic>, Vec<(String, Option<String>)>) {
    let mut diags = Vec::new();
    let mut invalid = Vec::new();
    let Some(data) = p.options().providers.as_ref() else { return (diags, invalid) };
    for c in &p.config.providers {
        let Some(source) = source_of(p, &c.name) else { continue };
        let Found::Yes(listing) = data.listing(&source) else { continue };
        let Some(schema) = &listing.provider else { continue };
        let before = diags.len();
        let json = crate::module::load::json::is_json(&p.module.files[c.file].0);
        provider_content(&c.body, schema, c.file, true, json, &mut diags, p.profile);
        if diags.len() > before {
            invalid.push((c.name.clone(), c.alias.clone()));
        }
    }
    (diags, invalid)
}

fn provider_content(
    body: &crate::syntax::ast::Body,
    schema: &BlockSchema,
    file: usize,
    top: bool,
    json: bool,
    diags: &mut Vec<crate::module::load::ModuleDiagnostic>,
    profile: crate::profile::Profile,
) {
    // The meta-arguments Terraform takes out first.
    let meta: &[&str] = if top { &["alias", "version"] } else { &[] };
    let attributes: Vec<(&str, bool)> =
        schema.attrs.iter().map(|a| (a.name.as_str(), a.required)).chain(meta.iter().map(|m| (*m, false))).collect();
    let blocks = schema.block_labels();
    let shape = crate::module::load::schema::Schema { attributes: &attributes, blocks: &blocks };
    // A JSON file's provider block: its nested blocks are read under the
    // provider's schema.
    let mut found = Vec::new();
    let read_again = json.then(|| crate::module::load::json::blocks_of(body, &blocks, &mut found)).flatten();
    diags.extend(found.into_iter().map(|d| crate::module::load::ModuleDiagnostic::at(file, d)));
    let body = read_again.as_ref().unwrap_or(body);
    let content = crate::module::load::schema::content(body, &shape, file, diags, profile);
    for block in content.blocks {
        if let Some(nb) = schema.block(&block.kind) {
            provider_content(&block.body, &nb.block, file, false, json, diags, profile);
        }
    }
}

/// How the resource's provider plans it: a provider built on the plugin
/// SDK v2 (which may serve some types with the plugin framework, muxed)
/// plans with the SDK v2's rules the types whose `id` is optional and
/// computed, as the SDK v2 adds it to every schema.
pub(crate) fn planning(p: &Planner, r: &Resource, schema: &BlockSchema) -> Planning {
    let sdk = match (p.options().providers.as_ref(), provider_source(p, r)) {
        (Some(data), Some(source)) => matches!(data.listing(&source), Found::Yes(l) if l.sdk_v2),
        _ => false,
    };
    match schema.attr("id") {
        Some(id) if sdk && id.optional && id.computed => Planning::SdkV2,
        _ => Planning::AsWritten,
    }
}

/// `configschema.Block.StaticValidateTraversal`: the steps after a
/// resource instance against its schema.
pub(crate) fn static_validate(schema: &BlockSchema, steps: &[&Step], profile: crate::profile::Profile) -> Vec<Diagnostic> {
    let Some((next, after)) = steps.split_first() else { return Vec::new() };
    let name = match next {
        Step::GetAttr { name, .. } => name.clone(),
        Step::Index { key, span } => {
            let detail = match &key.kind {
                ExprKind::Literal(Value::String(k)) if crate::text::is_identifier(k) => {
                    format!(
                        "Only attribute access is allowed here. Did you mean to access attribute {} using the dot operator?",
                        go_quote(k, profile)
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
    if let Some(b) = schema.block(&name) {
        return nested_validate(b, after, profile);
    }
    let names = schema.names();
    let hint = crate::module::load::schema::first_close(&name, &names)
        .map(|s| format!(" Did you mean {}?", go_quote(s, profile)))
        .unwrap_or_default();
    vec![Diagnostic::error(
        "Unsupported attribute",
        format!("This object has no argument, nested block, or exported attribute named {}.{hint}", go_quote(&name, profile)),
        next.span(),
    )]
}

/// `NestedBlock.staticValidateTraversal`: the steps after a nested block
/// type's name.
fn nested_validate(b: &NestedBlock, steps: &[&Step], profile: crate::profile::Profile) -> Vec<Diagnostic> {
    if matches!(b.nesting, Nesting::Single | Nesting::Group) {
        return static_validate(&b.block, steps, profile);
    }
    let Some((next, after)) = steps.split_first() else { return Vec::new() };
    let index = matches!(next, Step::Index { .. } | Step::LegacyIndex { .. });
    match b.nesting {
        Nesting::Set => vec![Diagnostic::error(
            "Cannot index a set value",
            format!(
                "Block type {} is represented by a set of objects, and set elements do not have addressable keys. To find elements matching specific criteria, use a \"for\" expression with an \"if\" clause.",
                go_quote(&b.name, profile)
            ),
            next.span(),
        )],
        Nesting::List if index => static_validate(&b.block, after, profile),
        Nesting::List => vec![Diagnostic::error(
            "Invalid operation",
            format!(
                "Block type {} is represented by a list of objects, so it must be indexed using a numeric key, like .{}[0].",
                go_quote(&b.name, profile),
                b.name
            ),
            next.span(),
        )],
        _ => static_validate(&b.block, after, profile),
    }
}

/// A resource's planned value on an empty state, as its provider plans
/// it from the decoded configuration: what is configured as it is, what
/// is left unset its provider's default (recorded from the real
/// provider), else unknown where the provider computes it, else a null
/// of its type; sensitive attributes marked, write-only ones null, and
/// nested blocks likewise.
/// How a provider plans what a configuration leaves unset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Planning {
    /// As written: unset arguments are typed nulls (the plugin framework).
    #[default]
    AsWritten,
    /// The plugin SDK v2, whose lists and sets of objects (attributes,
    /// often written as blocks) hold no nulls: an unset string, number,
    /// bool, list or set in their objects plans as its zero value; maps
    /// stay null. Nested blocks keep their nulls.
    SdkV2,
    /// What the SDK v2 stores after reading (a data source read while
    /// planning): zero values inside nested blocks too.
    SdkV2Read,
}

/// A resource's planned value from its configuration and schema, with the
/// provider's recorded defaults.
pub(crate) fn plan_object(
    config: &SortedMap<Value>,
    schema: &BlockSchema,
    defaults: &serde_json::Value,
    planning: Planning,
    profile: crate::profile::Profile,
) -> Value {
    plan_level(config, schema, defaults, planning, Within::Resource, profile)
}

/// Where a level of a planned object is: the resource itself, or the
/// objects of a nested block (the SDK v2 plans sets inside set blocks as
/// they are written).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Within {
    Resource,
    Block,
    SetBlock,
}

fn plan_level(
    config: &SortedMap<Value>,
    schema: &BlockSchema,
    defaults: &serde_json::Value,
    planning: Planning,
    within: Within,
    profile: crate::profile::Profile,
) -> Value {
    let sdk_v2 = planning != Planning::AsWritten;
    let nested = within != Within::Resource;
    // Built in the schema's name order, so already sorted: a resource has a
    // hundred attributes, and each instance builds this.
    let mut out = Vec::with_capacity(schema.attrs.len() + schema.blocks.len());
    let defaults = defaults.as_object().filter(|d| !d.is_empty());
    // The configuration is sorted by name too: read along it.
    let mut configured = config.iter().peekable();
    let mut given_for = |name: &str| {
        while configured.next_if(|(k, _)| k.as_str() < name).is_some() {}
        configured.next_if(|(k, _)| k.as_str() == name).map(|(_, v)| v)
    };
    for member in schema.members() {
        match *member {
            Member::Attr(i) => {
                let a = &schema.attrs[i];
                let given = given_for(&a.name).cloned().unwrap_or_else(|| Value::Null(a.ty.clone()));
                let v = if a.write_only {
                    Value::Null(a.ty.clone())
                } else if !given.is_null() {
                    match &a.nested {
                        Some(nested) => {
                            let elements =
                                defaults.and_then(|d| d.get(&a.name)).and_then(|d| d.get("elements")).unwrap_or(&serde_json::Value::Null);
                            plan_nested_attribute(given, nested, elements, profile)
                        }
                        None if planning == Planning::SdkV2 && is_primitive_collection(&a.ty) => {
                            sdk_v2_collection(given, a, within == Within::SetBlock)
                        }
                        None if sdk_v2 => zero_filled_elements(given, profile),
                        None => given,
                    }
                } else if let Some(d) = defaults.and_then(|d| d.get(&a.name)).and_then(|d| json_value(d, &a.ty, profile)) {
                    d
                } else if a.computed {
                    Value::unknown(a.ty.clone())
                } else if planning == Planning::SdkV2Read && nested {
                    zero_value(&a.ty, profile).unwrap_or(given)
                } else {
                    given
                };
                out.push((a.name.clone(), if a.sensitive { v.with_marks(Marks::SENSITIVE) } else { v }));
            }
            Member::Block(i) => {
                let b = &schema.blocks[i];
                let Some(given) = given_for(&b.name) else { continue };
                let recorded = defaults.and_then(|d| d.get(&b.name));
                // Blocks left out that the provider computes (the SDK v2's
                // computed blocks) are unknown.
                let absent = given.is_null() || given.unmarked().len() == Some(0);
                if absent && recorded.and_then(|d| d.get("unknown")) == Some(&serde_json::Value::Bool(true)) {
                    out.push((b.name.clone(), Value::unknown(given.ty())));
                    continue;
                }
                out.push((b.name.clone(), plan_nested(given, b, recorded, planning, profile)));
            }
        }
    }
    Value::Object(SortedMap::from_sorted(out).into())
}

/// A nested attribute type's value as the plugin framework plans it: in
/// each object, what is unset and computed is the provider's recorded
/// default (`elements`) or unknown, recursively; sensitive attributes
/// marked.
fn plan_nested_attribute(v: Value, nested: &NestedType, elements: &serde_json::Value, profile: crate::profile::Profile) -> Value {
    map_objects(
        v,
        |m| {
            let mut out = m.clone();
            for a in &nested.attrs {
                let Some(field) = m.get(&a.name) else { continue };
                let planned = if field.is_null() && a.computed {
                    elements.get(&a.name).and_then(|d| json_value(d, &a.ty, profile)).unwrap_or_else(|| Value::unknown(a.ty.clone()))
                } else if let (false, Some(inner)) = (field.is_null(), &a.nested) {
                    plan_nested_attribute(field.clone(), inner, &serde_json::Value::Null, profile)
                } else if a.sensitive {
                    field.clone()
                } else {
                    continue;
                };
                let planned = if a.sensitive { planned.with_marks(Marks::SENSITIVE) } else { planned };
                out.make_mut().insert(a.name.clone(), planned);
            }
            Value::Object(out)
        },
        profile,
    )
}

/// The planned object with the JSON its provider rewrites while planning
/// (`forms`: argument name to "sorted", "policy" or "unescaped") in the
/// provider's normal form: Go's `json.Unmarshal` into interfaces and
/// `json.Marshal`, compact with every object's keys sorted and `<`, `>`,
/// `&` escaped; a "policy" has its top object's `Version`, `Id` and
/// `Statement` first; "unescaped" has the escapes undone (EventBridge's
/// event patterns).
/// "upper" and "lower" are a string's case (Go's `strings.ToUpper` or
/// `ToLower` as a schema's `StateFunc`: a storage bucket's `location`),
/// of each string in a list or set too.
/// Text that is not JSON stays as written (the provider refuses it). A
/// name `block.argument` is the argument in each of the block's objects
/// (`block.inner.argument` in each of theirs, and so on).
pub(crate) fn normalize_json(planned: Value, forms: &serde_json::Value, profile: crate::profile::Profile) -> Value {
    let Some(forms) = forms.as_object().filter(|f| !f.is_empty()) else { return planned };
    let mut planned = planned;
    for (name, form) in forms {
        let form = form.as_str().unwrap_or_default();
        let normal = |v: &Value| match form {
            "upper" | "lower" => normal_case(v, form == "upper", profile),
            _ => normal_json(v, if form == "policy" { &["Version", "Id", "Statement"] } else { &[] }, form != "unescaped"),
        };
        planned = normalize_at(planned, name, &normal, profile);
    }
    planned
}

/// `object` with the argument at `path` (`block.inner.argument`: blocks,
/// then the argument) in its normal form, where `normal` gives one.
fn normalize_at(object: Value, path: &str, normal: &dyn Fn(&Value) -> Option<Value>, profile: crate::profile::Profile) -> Value {
    let Value::Object(mut fields) = object else { return object };
    match path.split_once('.') {
        None => {
            if let Some(normal) = fields.get(path).and_then(normal) {
                fields.make_mut().insert(path.to_string(), normal);
            }
        }
        Some((block, rest)) => {
            if let Some(objects) = fields.get(block).filter(|v| v.is_known() && !v.is_null()) {
                let rewritten = map_objects(objects.clone(), |m| normalize_at(Value::Object(m.clone()), rest, normal, profile), profile);
                fields.make_mut().insert(block.to_string(), rewritten);
            }
        }
    }
    Value::Object(fields)
}

/// A known string, or a list or set of them, in upper or lower case where
/// that differs. As Go's `unicode.ToUpper`, a character whose case has
/// more than one character (`ß`) stays.
fn normal_case(v: &Value, upper: bool, profile: crate::profile::Profile) -> Option<Value> {
    let single = |mapped: &mut dyn Iterator<Item = char>, c: char| match (mapped.next(), mapped.next()) {
        (Some(m), None) => m,
        _ => c,
    };
    // The string in the case, if that differs.
    let one = |s: &str| -> Option<String> {
        let out: String =
            s.chars().map(|c| if upper { single(&mut c.to_uppercase(), c) } else { single(&mut c.to_lowercase(), c) }).collect();
        (out != s).then_some(out)
    };
    let (inner, marks) = v.clone().unmark();
    let changed = match &inner {
        Value::String(s) => Value::String(one(s)?),
        Value::List(t, es) | Value::Set(t, es) => {
            let mut any = false;
            let items: Vec<Value> = es
                .iter()
                .map(|e| match e.unmarked() {
                    Value::String(s) => one(s).map_or_else(
                        || e.clone(),
                        |c| {
                            any = true;
                            Value::String(c).with_same_marks(e)
                        },
                    ),
                    _ => e.clone(),
                })
                .collect();
            if !any {
                return None;
            }
            match &inner {
                Value::Set(..) => Value::set(t.clone(), items, profile),
                _ => Value::List(t.clone(), items.into()),
            }
        }
        _ => return None,
    };
    Some(changed.with_marks(marks))
}

/// A known JSON string in its provider's normal form, where that differs.
fn normal_json(v: &Value, first: &[&str], html: bool) -> Option<Value> {
    let (inner, marks) = v.clone().unmark();
    let text = inner.as_str()?;
    let doc = serde_json::from_str::<serde_json::Value>(text).ok()?;
    let mut out = String::with_capacity(text.len());
    go_json(&doc, first, html, &mut out);
    (out != text).then(|| Value::String(out.into()).with_marks(marks))
}

/// What Go's `json.Marshal` writes of a document decoded into interfaces
/// (`first`: keys the top object writes before the others, sorted).
fn go_json(v: &serde_json::Value, first: &[&str], html: bool, out: &mut String) {
    match v {
        serde_json::Value::Object(m) => {
            out.push('{');
            let keys =
                first.iter().copied().filter(|k| m.contains_key(*k)).chain(m.keys().map(String::as_str).filter(|k| !first.contains(k)));
            for (i, k) in keys.enumerate() {
                if i > 0 {
                    out.push(',');
                }
                crate::text::push_json_string(k, out, html);
                out.push(':');
                go_json(&m[k], &[], html, out);
            }
            out.push('}');
        }
        serde_json::Value::Array(items) => {
            out.push('[');
            for (i, e) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                go_json(e, &[], html, out);
            }
            out.push(']');
        }
        serde_json::Value::String(s) => crate::text::push_json_string(s, out, html),
        serde_json::Value::Number(n) => out.push_str(&go_float(n.as_f64().unwrap_or_default())),
        serde_json::Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        serde_json::Value::Null => out.push_str("null"),
    }
}

/// A float64 as Go's `encoding/json` writes it: the shortest digits that
/// read back, in exponent form below 1e-6 and from 1e21 (`1e+21`, `1e-7`).
fn go_float(f: f64) -> String {
    let a = f.abs();
    if a != 0.0 && !(1e-6..1e21).contains(&a) {
        let e = format!("{f:e}");
        return match e.split_once('e') {
            Some((m, x)) if !x.starts_with('-') => format!("{m}e+{x}"),
            _ => e,
        };
    }
    format!("{f}")
}

fn is_primitive_collection(ty: &Type) -> bool {
    matches!(ty, Type::List(e) | Type::Set(e) | Type::Map(e) if matches!(**e, Type::String | Type::Number | Type::Bool))
}

/// A list, set or map of a primitive type, given, as the SDK v2 plans it
/// (learned from the AWS provider's plans by tools/providers/sdk_rules.py):
/// one that holds an unknown element is wholly unknown; an empty list is
/// as written, an empty set or map unknown where the provider computes
/// the argument, else null (but for a set inside a set block).
fn sdk_v2_collection(given: Value, a: &crate::module::load::provider_schema::Attr, in_set_block: bool) -> Value {
    // Most collections are known, whole and not empty: planned as given,
    // without copying them.
    let empty = given.len() == Some(0);
    if !given.is_known() || (!empty && given.is_wholly_known()) {
        return given;
    }
    let (_, marks) = given.clone().unmark_deep();
    if !empty {
        return Value::unknown(a.ty.clone()).with_marks(marks);
    }
    let planned = match &a.ty {
        Type::List(_) => return given,
        _ if a.computed => Value::unknown(a.ty.clone()),
        Type::Map(_) => Value::Null(a.ty.clone()),
        Type::Set(_) if !in_set_block => Value::Null(a.ty.clone()),
        _ => return given,
    };
    planned.with_marks(marks)
}

/// The SDK v2's value for an unset argument inside a nested block.
fn zero_value(ty: &Type, profile: crate::profile::Profile) -> Option<Value> {
    Some(match ty {
        Type::String => Value::string("", profile),
        Type::Number => Value::int(0),
        Type::Bool => Value::Bool(false),
        Type::List(e) => Value::List((**e).clone(), Default::default()),
        Type::Set(e) => Value::Set((**e).clone(), Default::default()),
        _ => return None,
    })
}

/// A list or set of objects (an attribute the SDK v2 lets be written as
/// blocks) with its objects' null attributes as the SDK v2 plans them.
fn zero_filled_elements(v: Value, profile: crate::profile::Profile) -> Value {
    // Known lists and sets hold their element type: no need for the
    // whole value's type (an unknown or null one is left as it is anyway).
    if !matches!(v.unmarked(), Value::List(e, _) | Value::Set(e, _) if matches!(e, Type::Object(_))) {
        return v;
    }
    map_objects(
        v,
        |m| {
            let fields: BTreeMap<String, Value> = m
                .iter()
                .map(|(k, f)| {
                    let f = match f.unmarked() {
                        Value::Null(t) => zero_value(t, profile).unwrap_or_else(|| f.clone()),
                        _ => f.clone(),
                    };
                    (k.clone(), f)
                })
                .collect();
            Value::Object(fields.into())
        },
        profile,
    )
}

/// `v` with `f` applied to each object in it: itself, or the elements of a
/// list, set or map of objects (an empty collection keeps its element
/// type); marks kept.
fn map_objects(v: Value, f: impl Fn(&crate::value::Entries) -> Value, profile: crate::profile::Profile) -> Value {
    let (v, marks) = v.unmark();
    let one = |x: &Value| match x.unmarked() {
        Value::Object(m) => f(m).with_same_marks(x),
        _ => x.clone(),
    };
    let mapped = match &v {
        Value::Object(_) => one(&v),
        Value::List(_, es) | Value::Set(_, es) if es.is_empty() => v.clone(),
        Value::List(t, es) => {
            let items: Vec<Value> = es.iter().map(one).collect();
            crate::value::convert::list_of(items.clone()).unwrap_or(Value::List(t.clone(), items.into()))
        }
        Value::Set(t, es) => {
            let items: Vec<Value> = es.iter().map(one).collect();
            crate::value::convert::set_of(items.clone(), profile).unwrap_or(Value::Set(t.clone(), items.into()))
        }
        Value::Map(t, m) => Value::Map(t.clone(), m.iter().map(|(k, x)| (k.clone(), one(x))).collect::<BTreeMap<_, _>>().into()),
        _ => v.clone(),
    };
    mapped.with_marks(marks)
}

/// A nested block's objects as planned: in each, its recorded defaults
/// (`recorded`'s "block"), or where the object sets nothing at all, those
/// with what the provider plans for an empty block over them ("empty":
/// aws_s3_bucket_lifecycle_configuration's `filter {}` has prefix "").
fn plan_nested(
    given: &Value,
    b: &NestedBlock,
    recorded: Option<&serde_json::Value>,
    planning: Planning,
    profile: crate::profile::Profile,
) -> Value {
    let within = if b.nesting == Nesting::Set { Within::SetBlock } else { Within::Block };
    let defaults = recorded.and_then(|d| d.get("block")).unwrap_or(&serde_json::Value::Null);
    let empty = recorded.and_then(|d| d.get("empty")).and_then(|e| e.as_object());
    // The defaults with the empty block's values over them, merged only
    // once an object that sets nothing is met (each keystroke plans).
    let when_empty = std::cell::OnceCell::new();
    map_objects(
        given.clone(),
        |m| {
            // Its arguments null, its own blocks absent: asked only where it
            // matters, and once.
            let asked = std::cell::OnceCell::new();
            let nothing_set = || {
                *asked.get_or_init(|| {
                    b.block.attrs.iter().all(|a| m.get(&a.name).is_none_or(Value::is_null))
                        && b.block.blocks.iter().all(|nb| m.get(&nb.name).is_none_or(|v| v.is_null() || v.unmarked().len() == Some(0)))
                })
            };
            let d = match empty {
                Some(empty) if nothing_set() => when_empty.get_or_init(|| {
                    let mut all = defaults.as_object().cloned().unwrap_or_default();
                    all.extend(empty.iter().map(|(k, v)| (k.clone(), v.clone())));
                    serde_json::Value::Object(all)
                }),
                _ => defaults,
            };
            let planned = plan_level(m, &b.block, d, planning, within, profile);
            // An object of a list block that sets nothing gives the SDK v2's
            // diff no key under it (a set block's objects are diffed whole),
            // so the sets of blocks in it plan null: its normalizeNullValues
            // gives back only a list's emptiness while planning.
            match planning == Planning::SdkV2 && b.nesting != Nesting::Set && nothing_set() {
                true => null_empty_sets(planned, &b.block),
                false => planned,
            }
        },
        profile,
    )
}

/// `planned` with its empty sets of blocks null.
fn null_empty_sets(planned: Value, block: &BlockSchema) -> Value {
    let Value::Object(mut fields) = planned else { return planned };
    for nb in block.blocks.iter().filter(|nb| nb.nesting == Nesting::Set) {
        if let Some(v) = fields.get(&nb.name).filter(|v| v.is_known() && v.unmarked().len() == Some(0)) {
            let null = Value::Null(v.ty());
            fields.make_mut().insert(nb.name.clone(), null);
        }
    }
    Value::Object(fields)
}

/// A recorded default (JSON) as a value of the attribute's type.
fn json_value(j: &serde_json::Value, ty: &Type, profile: crate::profile::Profile) -> Option<Value> {
    crate::value::convert::convert(&json_raw(j, profile)?, ty, profile).ok()
}

/// JSON as the value of its own shape: objects, tuples, numbers, strings,
/// bools and null.
pub(crate) fn json_raw(j: &serde_json::Value, profile: crate::profile::Profile) -> Option<Value> {
    Some(match j {
        serde_json::Value::Null => Value::null(),
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => Value::Number(crate::value::Number::parse(&n.to_string())?),
        serde_json::Value::String(s) => Value::string(s.clone(), profile),
        serde_json::Value::Array(xs) => Value::Tuple(xs.iter().map(|x| json_raw(x, profile)).collect::<Option<Vec<_>>>()?.into()),
        serde_json::Value::Object(m) => {
            let entries: BTreeMap<String, Value> =
                m.iter().map(|(k, v)| Some((k.clone(), json_raw(v, profile)?))).collect::<Option<_>>()?;
            Value::Object(entries.into())
        }
    })
}

/// `terraform_data`'s planned value on an empty state, from its decoded
/// configuration (the provider's `planDataStoreResourceChange`).
/// `imported` is the ID of an instance an `import` block imports: its
/// prior state has that ID and nothing else.
pub(crate) fn plan_terraform_data(
    config: &SortedMap<Value>,
    schema: &BlockSchema,
    imported: Option<String>,
    profile: crate::profile::Profile,
) -> Result<Value, String> {
    let get = |m: &SortedMap<Value>, k: &str| m.get(k).cloned().unwrap_or_else(Value::null);
    let input = get(config, "input");
    let mut out = config.clone();
    let id = match &imported {
        Some(id) => Value::string(id.clone(), profile),
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
    if let Some(NestedBlock { block: store_schema, .. }) = schema.block("store") {
        let store = get(config, "store");
        let planned = match store.unmarked() {
            Value::Object(m) => {
                let mut m: SortedMap<Value> = (**m).clone();
                for must in ["sensitive", "replace"] {
                    if !get(&m, must).is_known() {
                        return Err(format!(
                            "the {} attribute must be known in order to plan changes to this resource",
                            go_quote(must, profile)
                        ));
                    }
                }
                let sensitive = matches!(get(&m, "sensitive").unmarked(), Value::Bool(true));
                let write = |m: &mut SortedMap<Value>, v: Value| match sensitive {
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

fn current_output(m: &SortedMap<Value>) -> Value {
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
        if let Some(x) = out.get_mut(&a.name) {
            *x = x.clone().with_marks(Marks::SENSITIVE);
        }
    }
    Value::Object(out.into()).with_same_marks(&v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What tools/providers/sdk_rules.py recorded of real providers' plans:
    /// each rule's class is what most of its arguments planned, and
    /// [`sdk_v2_collection`] gives that class.
    #[test]
    fn sdk_v2_collections_plan_as_the_providers_planned_them() {
        let recorded = [
            include_str!("../../../tests/providers/sdk_rules/aws-5.100.0.json"),
            include_str!("../../../tests/providers/sdk_rules/kubernetes-3.2.1.json"),
        ];
        let mut checked = 0;
        for text in recorded {
            let data: serde_json::Value = serde_json::from_str(text).expect("JSON");
            for rule in data["rules"].as_array().into_iter().flatten().filter(|r| r["sdk"] == "sdkv2") {
                let planned = rule["planned"].as_object().expect("counts");
                let (want, most) = planned.iter().max_by_key(|(_, n)| n.as_u64()).expect("a class");
                let all: u64 = planned.values().filter_map(|n| n.as_u64()).sum();
                // A type's own plan modifier (aws_cognito_user's attributes)
                // is not the SDK's rule.
                assert!(most.as_u64().unwrap_or(0) * 10 >= all * 9, "no one rule: {rule}");
                let elem = Type::String;
                let ty = match rule["collection"].as_str() {
                    Some("list") => Type::list(elem),
                    Some("set") => Type::set(elem),
                    _ => Type::map(elem),
                };
                let given = match (rule["given"].as_str(), &ty) {
                    (Some("empty"), Type::List(e)) => Value::List((**e).clone(), Default::default()),
                    (Some("empty"), Type::Set(e)) => Value::Set((**e).clone(), Default::default()),
                    (Some("empty"), Type::Map(e)) => Value::Map((**e).clone(), Default::default()),
                    (_, Type::List(e)) => Value::List((**e).clone(), vec![Value::unknown(Type::String)].into()),
                    (_, Type::Set(e)) => Value::Set((**e).clone(), vec![Value::unknown(Type::String)].into()),
                    (_, Type::Map(e)) => {
                        Value::Map((**e).clone(), BTreeMap::from([("k".to_string(), Value::unknown(Type::String))]).into())
                    }
                    _ => unreachable!(),
                };
                let attr = crate::module::load::provider_schema::Attr {
                    name: "a".into(),
                    ty,
                    nested: None,
                    required: false,
                    optional: true,
                    computed: rule["argument"] == "computed",
                    sensitive: false,
                    write_only: false,
                    deprecated: None,
                };
                let got = sdk_v2_collection(given.clone(), &attr, rule["where"] == "set-block");
                let class = match () {
                    _ if !got.is_known() => "unknown",
                    _ if got.is_null() => "null",
                    _ if got.is_same(&given) => "as-written",
                    _ => "other",
                };
                assert_eq!(class, want, "{} {rule}", data["provider"]);
                checked += 1;
            }
        }
        assert!(checked >= 20, "{checked} rules");
    }

    /// Constraints no release can meet, and some that one can: the ends
    /// of every range the operators make.
    #[test]
    fn unsatisfiable_constraints() {
        let cases: &[(&[&str], bool)] = &[
            (&["~> 3.0", ">= 4.0"], true),
            (&["~> 4.0, >= 5.0"], true),
            (&["> 1.2.3, < 1.2.4"], true),
            (&["> 1.2.3", "< 1.2.3"], true),
            (&["= 1.0.0", "!= 1.0.0"], true),
            (&[">= 3.0, < 3.10", "~> 3.5"], false),
            (&["~> 5.0", ">= 5.83"], false),
            (&["< 0.0.1", "> 0.0.0"], true),
            (&["~> 1.2.3", ">= 1.3"], true),
            (&[], false),
        ];
        for (constraints, want) in cases {
            assert_eq!(unsatisfiable(constraints), *want, "{constraints:?}");
        }
    }
}
