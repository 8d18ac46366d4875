//! Resources and data sources as a plan sees them on an empty state:
//! `count` and `for_each` give the instances; each instance's
//! configuration is decoded (see `blocks`) with `count.index` or
//! `each.key`/`each.value`, its preconditions checked, and planned — by
//! the type's provider where the playground has it (`terraform_data`),
//! otherwise with what the configuration does not set "known after
//! apply". An instance that cannot be planned is left out, as Terraform's
//! evaluator leaves out an instance without a planned change.

use super::providers;
use super::{Planner, Scope};
use crate::diagnostics::Diagnostic;
use crate::module::graph::{body_exprs, import_target};
use crate::module::load::config::{Mode, Resource};
use crate::module::load::provider_schema::TypeSchema;
use crate::profile::Profile;
use crate::syntax::ast::Expression;
use crate::value::convert::convert;
use crate::value::{go_quote, Marks, Type, Value};
use std::collections::{BTreeMap, BTreeSet};

/// How many instances a block has.
pub(crate) enum Instances {
    /// No `count` or `for_each`.
    Single,
    /// `count`.
    Count(usize),
    /// `for_each`: keys and values, in key order.
    ForEach(Vec<(String, Value)>),
    /// Not known here, though a real plan knows them: `count` or
    /// `for_each` depends on data sources the playground cannot read.
    NotRead,
}

impl Instances {
    pub fn len(&self) -> usize {
        match self {
            Instances::Single => 1,
            Instances::Count(n) => *n,
            Instances::ForEach(e) => e.len(),
            Instances::NotRead => 0,
        }
    }

    /// The instance key of instance `i` as an address shows it (`[0]`,
    /// `["a"]`, or nothing).
    pub fn key(&self, i: usize, profile: Profile) -> String {
        match self {
            Instances::Single | Instances::NotRead => String::new(),
            Instances::Count(_) => format!("[{i}]"),
            Instances::ForEach(e) => format!("[{}]", crate::value::go_quote(&e[i].0, profile)),
        }
    }

    /// The scope of instance `i`'s expressions.
    pub fn scope(&self, i: usize, file: usize, profile: Profile) -> Scope {
        match self {
            Instances::Single | Instances::NotRead => Scope::file(file),
            Instances::Count(_) => Scope { count: Some(Value::int(i as i64)), ..Scope::file(file) },
            Instances::ForEach(entries) => {
                let (k, v) = &entries[i];
                Scope { each: Some((Value::string(k.clone(), profile), v.clone())), ..Scope::file(file) }
            }
        }
    }
}

/// A resource's value in OpenTofu's console, which evaluates against the
/// empty state: unknown, of its schema's type where it has a single
/// instance.
pub(crate) fn opentofu_value(p: &Planner, r: &Resource) -> Value {
    match (providers::schema(p, r), r.count.is_some() || r.for_each.is_some()) {
        (TypeSchema::Known(t), false) => {
            let s = &t.block;
            // Sensitive and deprecated attributes are marked on the value
            // (inside nested blocks too: an MQ broker's user.password, a
            // BigQuery table's time_partitioning.require_partition_filter),
            // which OpenTofu then holds as an object of unknown attributes.
            if s.has_marked_attribute() {
                let mut attrs: BTreeMap<String, Value> = BTreeMap::new();
                for (name, ty) in match s.implied_type() {
                    Type::Object(m) => std::sync::Arc::unwrap_or_clone(m),
                    _ => BTreeMap::new(),
                } {
                    let sensitive = s.attr(&name).is_some_and(|a| a.sensitive);
                    let v = Value::unknown(ty);
                    attrs.insert(name, if sensitive { v.with_marks(crate::value::Marks::SENSITIVE) } else { v });
                }
                Value::Object(attrs.into())
            } else {
                Value::unknown(s.implied_type())
            }
        }
        _ => Value::dynamic_unknown(),
    }
}

/// The value a reference to resource `r` gives: one instance's object,
/// a tuple of them (`count`) or an object of them by key (`for_each`).
/// `None` when the instances could not be determined (references to it
/// are then "uninitialized").
pub(crate) fn evaluate(p: &mut Planner, r: &Resource) -> Option<Value> {
    // A test run plans as `tofu test` does, not as its console shows.
    if p.opentofu() && p.links.testing.is_none() {
        // OpenTofu's console shows no instance's arguments, but its plan
        // evaluates them: an inspection watching one sees those values
        // (and nothing else of that evaluation is kept).
        if p.watching(r.file) {
            let before = p.diags.len();
            planned(p, r);
            p.diags.truncate(before);
        }
        return Some(opentofu_value(p, r));
    }
    planned(p, r)
}

/// The instances of `r` as Terraform plans them.
fn planned(p: &mut Planner, r: &Resource) -> Option<Value> {
    let schema = providers::schema(p, r);
    let configuration = (crate::module::load::provider_schema::provider_name(r), r.provider.as_ref().and_then(|(_, a)| a.clone()));
    if p.invalid_providers.contains(&configuration) {
        return match (p.opentofu(), &schema) {
            (false, _) => None,
            (true, TypeSchema::Known(t)) => Some(Value::unknown(t.block.implied_type())),
            (true, _) => Some(Value::dynamic_unknown()),
        };
    }
    // A deprecated type: the plugin framework warns once, as it validates
    // the block; the SDK v2 as it plans each instance, in its own words.
    let mut sdk_deprecation = None;
    if let TypeSchema::Known(t) = &schema {
        if let (Some(message), false) = (&t.block.deprecated, p.opentofu()) {
            match providers::planning(p, r, &t.block) {
                providers::Planning::AsWritten => {
                    let d = Diagnostic::error("Deprecated", message.clone(), r.decl.span);
                    p.diags.push(crate::module::load::ModuleDiagnostic {
                        kind: crate::module::load::DiagnosticKind::Other,
                        source: crate::module::load::Source::File(r.file),
                        warning: true,
                        diagnostic: d,
                    });
                }
                _ => sdk_deprecation = Some(t.deprecation.clone().unwrap_or_else(|| message.clone())),
            }
        }
    }
    if matches!(schema, TypeSchema::Unknown) && !providers::builtin(p, r) {
        let name = match r.mode {
            Mode::Data => format!("data.{}", r.ty),
            _ => r.ty.clone(),
        };
        p.links.guessed.insert(name);
    }
    if matches!(schema, TypeSchema::Invalid(_)) {
        p.diags.push(crate::module::load::ModuleDiagnostic::general(
            format!(
                "no schema available for {} to validate for self-references; this is a bug in Terraform and should be reported",
                r.address()
            ),
            "",
        ));
    }
    let instances = instances(p, r.count.as_ref(), r.for_each.as_ref(), r.file, "resource", "")?;
    if let Some(message) = sdk_deprecation {
        for _ in 0..instances.len() {
            let d = Diagnostic::error("Deprecated Resource", message.clone(), r.decl.span);
            p.diags.push(crate::module::load::ModuleDiagnostic {
                kind: crate::module::load::DiagnosticKind::Other,
                source: crate::module::load::Source::File(r.file),
                warning: true,
                diagnostic: d,
            });
        }
    }
    let imported = imports(p, r);
    let self_reference = self_reference(p, r);
    let attrs = p.read_attrs(r.mode, &r.ty, &r.name);
    let mut objects = Vec::with_capacity(instances.len());
    for i in 0..instances.len() {
        let scope = instances.scope(i, r.file, p.profile);
        let key = instances.key(i, p.profile);
        let id = imported.get(&key).cloned();
        let planned = match self_reference {
            true => None,
            false => instance(p, r, &schema, &scope, &attrs, id),
        };
        let address = match p.addr.as_str() {
            "" => format!("{}{key}", r.address()),
            module => format!("{module}.{}{key}", r.address()),
        };
        let planned = planned.map(|(v, config_known)| {
            // `plan_options.replace`: planned as a new object.
            let prior = p.links.prior.get(&address).filter(|_| !p.links.testing.as_ref().is_some_and(|t| t.replaced(&address)));
            // The offline providers replace an instance whose arguments
            // changed (each forces a new one): planned as new.
            let prior = prior.filter(|prior| {
                r.mode != Mode::Managed
                    || !providers::provider_type(p, r).is_some_and(|t| super::applied::replaces_on_change(&t))
                    || !super::applied::changed(&v, prior, p.profile)
            });
            let v = match prior {
                Some(prior) if p.links.testing.is_some() && r.mode == Mode::Managed && r.ty == "terraform_data" => {
                    super::testing::terraform_data_over_prior(v, prior, p.profile)
                }
                _ => with_prior(v, prior),
            };
            let had_prior = prior.is_some();
            let v = match r.mode {
                Mode::Data => super::data_sources::plan_read(p, r, config_known, v, address.clone()),
                _ => v,
            };
            super::testing::instance(p, r, &schema, &address, v, had_prior)
        });
        objects.push(planned);
    }
    let unknown = match &schema {
        TypeSchema::Known(t) => Value::unknown(t.block.implied_type()),
        _ => Value::dynamic_unknown(),
    };
    Some(collect_planned(&instances, objects, unknown))
}

/// Terraform's check that a resource's configuration does not refer to
/// the resource itself (its validation and its plan each report it).
fn self_reference(p: &mut Planner, r: &Resource) -> bool {
    let mut exprs: Vec<(&Expression, usize)> = r.count.iter().chain(r.for_each.iter()).map(|e| (e, r.file)).collect();
    body_exprs(&r.body, &mut exprs, r.file);
    let mut found = Vec::new();
    for (e, file) in exprs {
        for (root, span, steps) in crate::syntax::traversals(e) {
            let Ok(Some(reference)) = crate::module::load::refs::parse(root, span, &steps, p.profile) else { continue };
            if reference.subject == (crate::module::load::refs::Subject::Resource { mode: r.mode, ty: r.ty.clone(), name: r.name.clone() })
            {
                let d = Diagnostic::error(
                    "Self-referential block",
                    format!("Configuration for {} may not refer to itself.", r.address()),
                    reference.span,
                );
                found.push((file, d));
            }
        }
    }
    for _ in 0..2 {
        for (file, d) in &found {
            p.error(*file, d.clone());
        }
    }
    !found.is_empty()
}

/// One instance planned, and whether a real plan knows its configuration
/// (a data source's: see [`super::data_sources::plan_read`]): `None`
/// when it cannot be.
fn instance(
    p: &mut Planner,
    r: &Resource,
    schema: &TypeSchema,
    scope: &Scope,
    attrs: &BTreeSet<String>,
    imported: Option<String>,
) -> Option<(Value, bool)> {
    if !p.resource_conditions(&r.preconditions, scope, false) {
        return None;
    }
    let before = p.error_count();
    let (planned, config_known) = match schema {
        TypeSchema::Known(t) => {
            let s = &t.block;
            let config = super::blocks::decode(p, &r.body, s, scope, r.mode == Mode::Managed)?;
            let planned = if r.mode == Mode::Managed && r.ty == "terraform_data" {
                // The provider refuses values for what only it computes.
                for a in s.attrs.iter().filter(|a| a.computed && !a.optional) {
                    if config.get(&a.name).is_some_and(|v| !v.is_null()) {
                        p.diags.push(crate::module::load::ModuleDiagnostic::general(format!("\"{}\" attribute is read-only", a.name), ""));
                    }
                }
                if p.error_count() > before {
                    return None;
                }
                match providers::plan_terraform_data(&config, s, imported, p.profile) {
                    Ok(v) => v,
                    Err(m) => {
                        p.error(r.file, Diagnostic::error("unexpected unknown value", m, r.decl.span));
                        return None;
                    }
                }
            } else {
                // The provider refuses values for what only it computes,
                // in its SDK's words.
                let planning = providers::planning(p, r, s);
                for a in s.attrs.iter().filter(|a| a.computed && !a.optional) {
                    if let (Some(v), Some(attr)) = (config.get(&a.name), r.body.attribute(&a.name)) {
                        if !v.is_null() {
                            let d = match planning == providers::Planning::SdkV2 {
                                true => Diagnostic::error("Value for unconfigurable attribute", format!("Can't configure a value for {}: its value will be decided automatically based on the result of applying this configuration.", go_quote(&a.name, p.profile)), attr.expr.span),
                                false => Diagnostic::error("Invalid Configuration for Read-Only Attribute", "Cannot set value for this attribute as the provider has marked it as read-only. Remove the configuration line setting the value.\n\nRefer to the provider documentation or contact the provider developers for additional information about configurable and read-only attributes that are supported.", attr.expr.span),
                            };
                            p.error(r.file, d);
                        }
                    }
                }
                super::validators::check(p, r, &config, &t.checks);
                if p.error_count() > before {
                    return None;
                }
                match r.mode {
                    Mode::Data => super::data_sources::read(p, r, &config, t)?,
                    _ => {
                        let planned = providers::plan_object(&config, s, &t.defaults, planning, p.profile);
                        let planned = providers::normalize_json(planned, &t.normalize, p.profile);
                        match providers::provider_type(p, r) {
                            Some(source) => super::provider_plans::adjust(p, r, &source, s, &t.defaults, &config, planned),
                            None => planned,
                        }
                    }
                }
            };
            (planned, r.mode == Mode::Data && config.values().all(super::data_sources::known_while_planning))
        }
        _ => {
            let body = super::blocks::as_written(p, &r.body, scope);
            if p.error_count() > before {
                return None;
            }
            let known = r.mode == Mode::Data && body.values().all(super::data_sources::known_while_planning);
            (as_written(body, attrs), known)
        }
    };
    // Postconditions see the planned object as `self`; one that fails
    // leaves the plan as it is. (Provisioners only run when applying.)
    let with_self = Scope { self_value: Some(planned.clone()), self_allowed: true, ..scope.clone() };
    p.resource_conditions(&r.postconditions, &with_self, true);
    Some((planned, config_known))
}

/// The instances of `r` that `import` blocks import, by instance key (as
/// [`Instances::key`] writes it): the import ID of each, with
/// Terraform's errors for one that is not usable.
fn imports(p: &mut Planner, r: &Resource) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for im in &p.config.imports {
        let Some((target, key)) = import_target(&im.to, p.profile) else { continue };
        if target != (r.mode, r.ty.clone(), r.name.clone()) {
            continue;
        }
        let Some(id_expr) = &im.id else { continue };
        let repetitions: Vec<Scope> = match &im.for_each {
            None => vec![Scope::file(im.file)],
            Some(e) => {
                let Some(v) = p.expression(e, &Scope::file(im.file), None) else { continue };
                let Some(Instances::ForEach(entries)) = for_each_entries(p, v, e, im.file, "") else { continue };
                let each = Instances::ForEach(entries);
                (0..each.len()).map(|i| each.scope(i, im.file, p.profile)).collect()
            }
        };
        for scope in repetitions {
            let key = match &key {
                None => String::new(),
                Some(k) => match p.expression(k, &scope, None).map(|v| v.unmark_deep().0) {
                    Some(Value::String(s)) => format!("[{}]", crate::value::go_quote(&s, p.profile)),
                    Some(Value::Number(n)) => format!("[{}]", n.to_decimal_string()),
                    _ => continue,
                },
            };
            let Some(id) = p.expression(id_expr, &scope, None) else { continue };
            let invalid = |detail: &str| Diagnostic::error("Invalid import id argument", detail, id_expr.span);
            let (id, _) = id.unmark_deep();
            match id {
                Value::Null(_) => p.error(im.file, invalid("The import ID cannot be null.")),
                Value::Unknown(..) => p.error(im.file, invalid("The import block \"id\" argument depends on resource attributes that cannot be determined until apply, so Terraform cannot plan to import this resource.")),
                Value::String(s) if s.is_empty() => p.error(im.file, invalid("The import ID value evaluates to an empty string, please provide a non-empty value.")),
                Value::String(s) => {
                    out.insert(key, s);
                }
                _ => p.error(im.file, invalid("The import ID value is unsuitable: not a string.")),
            }
        }
    }
    out
}

/// Terraform's error for `import` blocks whose resource is not declared.
pub(crate) fn undeclared_imports(p: &mut Planner) {
    for im in &p.config.imports {
        let Some(((mode, ty, name), _)) = import_target(&im.to, p.profile) else { continue };
        if p.config.resources.iter().any(|r| r.mode == mode && r.ty == ty && r.name == name) {
            continue;
        }
        let detail = format!("The configuration for the given import target {} does not exist. If you wish to automatically generate config for this resource, use the -generate-config-out option within terraform plan. Otherwise, make sure the target resource exists within your configuration. For example:\n\n  terraform plan -generate-config-out=generated.tf", mode.address(&ty, &name));
        p.error(im.file, Diagnostic::error("Configuration for import target does not exist", detail, im.to.span));
    }
}

/// An instance of a type without a known schema: the configuration as
/// written, with `id` and any attribute the module reads unknown.
fn as_written(body: BTreeMap<String, Value>, read: &BTreeSet<String>) -> Value {
    let mut obj = body;
    obj.entry("id".to_string()).or_insert_with(|| Value::unknown(Type::String));
    for a in read {
        obj.entry(a.clone()).or_insert_with(Value::dynamic_unknown);
    }
    Value::Object(obj.into())
}

/// A planned object with the attributes the playground's prior state
/// gives as known in place of those unknown until apply; what the
/// configuration sets stays as configured.
fn with_prior(planned: Value, prior: Option<&Value>) -> Value {
    let Some(Value::Object(known)) = prior else { return planned };
    let Value::Object(mut attrs) = planned else { return planned };
    for (name, value) in known.iter() {
        if attrs.get(name).is_none_or(|v| !v.is_known()) {
            attrs.make_mut().insert(name.clone(), value.clone());
        }
    }
    Value::Object(attrs)
}

/// The instances' values together as Terraform's evaluator puts them: an
/// instance that was not planned is left out (an unknown where a later
/// one of a `count` was planned), a single one unknown.
fn collect_planned(instances: &Instances, objects: Vec<Option<Value>>, unknown: Value) -> Value {
    match instances {
        Instances::Single => objects.into_iter().next().flatten().unwrap_or_else(Value::dynamic_unknown),
        Instances::NotRead => not_read(),
        Instances::Count(_) => {
            let last = objects.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
            Value::Tuple(objects.into_iter().take(last).map(|o| o.unwrap_or_else(|| unknown.clone())).collect())
        }
        Instances::ForEach(entries) => {
            let m: BTreeMap<String, Value> = entries.iter().zip(objects).filter_map(|((k, _), o)| o.map(|o| (k.clone(), o))).collect();
            Value::Object(m.into())
        }
    }
}

/// The value of instances not known here that a real plan knows.
fn not_read() -> Value {
    Value::dynamic_unknown().with_marks(Marks::PLAN_READ)
}

/// The warning for instances a real plan knows through data sources read
/// from their providers, which the playground cannot read.
fn not_read_warning(p: &mut Planner, file: usize, argument: &str, what: &str, e: &Expression) {
    let reads = p.links.plan_reads.sorted();
    let named = match reads.len() {
        0..=3 => reads.join(", "),
        n => format!("{}, and {} more", reads[..3].join(", "), n - 3),
    };
    let detail = format!(
        "The \"{argument}\" value depends on data sources that {} reads from their provider while planning, which this playground cannot do ({named}). This {what}'s instances and their values are unknown here. To plan them, give the data sources' attributes in the \"__state__\" section of the variables.",
        p.engine()
    );
    let d = Diagnostic::error("Instances depend on data read while planning", detail, e.span);
    p.diags.push(crate::module::load::ModuleDiagnostic {
        kind: crate::module::load::DiagnosticKind::Other,
        source: crate::module::load::Source::File(file),
        warning: true,
        diagnostic: d,
    });
}

/// The instances' values together: a tuple for `count`, an object by key
/// for `for_each`, the one value otherwise.
pub(crate) fn collect(instances: &Instances, objects: Vec<Value>) -> Value {
    match instances {
        Instances::Single => objects.into_iter().next().unwrap_or_else(Value::dynamic_unknown),
        Instances::NotRead => not_read(),
        Instances::Count(_) => Value::Tuple(objects.into()),
        Instances::ForEach(entries) => {
            Value::Object(entries.iter().map(|(k, _)| k.clone()).zip(objects).collect::<BTreeMap<_, _>>().into())
        }
    }
}

/// `v` (an object, or a tuple or object of instance objects) with each
/// of `attrs` it lacks as an unknown value.
pub(crate) fn with_unknown_attrs(v: Value, attrs: &BTreeSet<String>) -> Value {
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
/// them; `None` after an error. `what` is "resource" or "module";
/// `exclude` the address OpenTofu suggests excluding.
pub(crate) fn instances(
    p: &mut Planner,
    count: Option<&Expression>,
    for_each: Option<&Expression>,
    file: usize,
    what: &str,
    exclude: &str,
) -> Option<Instances> {
    let scope = Scope::file(file);
    let engine = p.engine();
    let invalid = |detail: String, e: &Expression| Diagnostic::error("Invalid count argument", detail, e.span);
    if let Some(e) = count {
        let v = p.expression(e, &scope, None)?;
        if v.has_mark_deep(Marks::EPHEMERAL) {
            p.error(file, invalid(format!("The given \"count\" is derived from an ephemeral value, which means that {engine} cannot persist it between plan/apply rounds. Use only non-ephemeral values to specify the number of resource instances."), e));
            return None;
        }
        let (v, marks) = match convert(&v, &Type::Number, p.profile) {
            Ok(v) => v.unmark_deep(),
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
            Value::Unknown(..) if marks.contains(Marks::PLAN_READ) => {
                not_read_warning(p, file, "count", what, e);
                Some(Instances::NotRead)
            }
            Value::Unknown(..) => {
                let workaround = match p.opentofu() {
                    true => format!("To work around this, use the planning option -exclude={} to first apply without this object, and then apply normally to converge.", shell_quote(exclude)),
                    false => "To work around this, use the -target argument to first apply only the resources that the count depends on.".into(),
                };
                p.error(file, invalid(format!("The \"count\" value depends on resource attributes that cannot be determined until apply, so {engine} cannot predict how many instances will be created. {workaround}"), e));
                None
            }
            Value::Number(n) => {
                if !n.is_integer() || n.to_i64().is_none() {
                    p.error(
                        file,
                        invalid(
                            "The given \"count\" argument value is unsuitable: value must be a whole number, between -9223372036854775808 and 9223372036854775807.".into(),
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
        // Unknown keys, as `for_each_entries` refuses them.
        let keys_unknown = !v.is_known() || (matches!(v.unmarked(), Value::Set(..)) && !v.is_wholly_known());
        if keys_unknown && v.has_mark_deep(Marks::PLAN_READ) && !v.marks().contains(Marks::SENSITIVE) {
            not_read_warning(p, file, "for_each", what, e);
            return Some(Instances::NotRead);
        }
        for_each_entries(p, v, e, file, exclude)
    } else {
        Some(Instances::Single)
    }
}

/// POSIX shell quoting of one argument, as OpenTofu's suggestions quote
/// an address (go-shquot's `POSIXShellSplit`): single quotes around an
/// argument with white space, otherwise a backslash before each shell
/// metacharacter (`module.m[\"a\"]`).
fn shell_quote(s: &str) -> String {
    const META: &str = "|&;<>(){}[]$`\\\"'*?!#~=%";
    if s.is_empty() {
        return "''".into();
    }
    if s.contains([' ', '\n', '\t']) {
        return format!("'{}'", s.replace('\'', "'\\''"));
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if META.contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Terraform's checks of a `for_each` value, then its entries.
fn for_each_entries(p: &mut Planner, v: Value, e: &Expression, file: usize, exclude: &str) -> Option<Instances> {
    let err = |summary: &str, detail: String| Diagnostic::error(summary, detail, e.span);
    let engine = p.engine();
    // Built only for an unknown value: every keystroke plans each for_each.
    let unknown = |ty: &Type| {
        let (what, identify) = match ty {
            Type::Set(_) => ("set includes values derived from", "the full set of keys that will identify"),
            // OpenTofu words a value of no known type apart.
            Type::Dynamic if p.opentofu() => ("value includes keys or set values from", "what will identify"),
            _ => ("map includes keys derived from", "the full set of keys that will identify"),
        };
        let advice = match ty {
            Type::Set(_) => "it's better to use a map value where the keys are defined statically in your configuration and where only the values contain apply-time results.",
            _ => "it's better to define the map keys statically in your configuration and place apply-time results only in the map values.",
        };
        let alternatively = match p.opentofu() {
            true => format!("Alternatively, you could use the planning option -exclude={} to first apply without this object, and then apply normally to converge.", shell_quote(exclude)),
            false => "Alternatively, you could use the -target planning option to first apply only the resources that the for_each value depends on, and then apply a second time to fully converge.".into(),
        };
        format!("The \"for_each\" {what} resource attributes that cannot be determined until apply, and so {engine} cannot determine {identify} the instances of this resource.\n\nWhen working with unknown values in for_each, {advice}\n\n{alternatively}")
    };
    if v.marks().contains(Marks::SENSITIVE) {
        p.error(file, err("Invalid for_each argument", "Sensitive values, or values derived from sensitive values, cannot be used as for_each arguments. If used, the sensitive value could be exposed as a resource instance key.".into()));
        return None;
    }
    if v.marks().contains(Marks::EPHEMERAL) {
        p.error(file, err("Invalid for_each argument", format!("The given \"for_each\" value is derived from an ephemeral value, which means that {engine} cannot persist it between plan/apply rounds. Use only non-ephemeral values to specify a resource's instance keys.")));
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
        p.error(file, err("Invalid for_each argument", unknown(&ty)));
        return None;
    }
    let set_summary = if p.opentofu() { "Invalid for_each argument" } else { "Invalid for_each set argument" };
    let entries: Vec<(String, Value)> = match v.unmarked() {
        Value::Set(ety, elems) => {
            if elems.is_empty() {
                return Some(Instances::ForEach(Vec::new()));
            }
            if !v.is_wholly_known() {
                p.error(file, err("Invalid for_each argument", unknown(&ty)));
                return None;
            }
            if *ety != Type::String {
                p.error(file, err(set_summary, format!("The given \"for_each\" argument value is unsuitable: \"for_each\" supports maps and sets of strings, but you have provided a set containing type {}.", ety.friendly_name())));
                return None;
            }
            if elems.iter().any(Value::is_null) {
                p.error(
                    file,
                    err(
                        set_summary,
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
