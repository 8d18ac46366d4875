//! What a provider's plan adds beyond its schema and recorded defaults,
//! where the playground reproduces it (checked against the real provider's
//! plans, `tests/modules/providers.jsonl`):
//!
//! - `hashicorp/aws`: `tags_all`, the provider's `default_tags` merged with
//!   the resource's `tags` (the resource's win), known when both are and
//!   not empty;
//! - `hashicorp/aws`: `aws_acm_certificate`'s domain in
//!   `subject_alternative_names` and its DNS validation records;
//! - `hashicorp/aws` 6: `region`, where the resource leaves it unset, the
//!   provider configuration's `region` (each resource's "Defaults to the
//!   Region set in the provider configuration");
//! - any provider: what its plans take from its configuration where the
//!   recorded plans showed it (google's `project` for the types that set
//!   it while planning);
//! - `hashicorp/google` and `hashicorp/google-beta`: `terraform_labels` and `effective_labels`,
//!   the provider's `default_labels` merged with the resource's `labels`
//!   and the attribution label `goog-terraform-provisioned = "true"`
//!   (unless `add_terraform_attribution_label = false`);
//!   `google_service_account`'s `email` and `member` from its `account_id`
//!   and project;
//! - `hashicorp/random`: `random_string`'s and `random_password`'s
//!   `number` and `numeric`, the one set giving the other its value;
//! - `hashicorp/time`: `time_static`'s parts and `id` from a configured
//!   `rfc3339`;
//! - `hashicorp/helm`: `helm_release`'s `version`, where the resource
//!   leaves it unset, from the `Chart.yaml` of a local chart among the
//!   module's files (the provider loads the chart while planning; a chart
//!   from a repository needs the network, and stays unknown).

use super::{Planner, Scope};
use crate::module::load::config::Resource;
use crate::value::{Type, Value};
use std::collections::BTreeMap;

/// `planned` with what provider `source` (`hashicorp/aws`) plans beyond
/// the schema and its defaults: the arguments its plans take from the
/// provider configuration (recorded as `{"from_provider": NAME}`), and its
/// own rules.
pub(crate) fn adjust(
    p: &mut Planner,
    r: &Resource,
    source: &str,
    schema: &crate::module::load::provider_schema::BlockSchema,
    defaults: &serde_json::Value,
    config: &crate::value::SortedMap<Value>,
    planned: Value,
) -> Value {
    let planned = from_provider(p, r, defaults, planned);
    match source {
        "hashicorp/aws" => aws(p, r, schema, config, planned),
        "hashicorp/google" | "hashicorp/google-beta" => google(p, r, planned),
        "hashicorp/helm" if r.ty == "helm_release" => helm_release(p, planned),
        "hashicorp/random" if matches!(r.ty.as_str(), "random_string" | "random_password") => number_numeric(config, planned),
        "hashicorp/time" if r.ty == "time_static" => time_static(planned),
        _ => planned,
    }
}

/// `random_string` and `random_password`: the deprecated `number` and
/// `numeric` kept alike, the one set giving the other its value.
fn number_numeric(config: &crate::value::SortedMap<Value>, planned: Value) -> Value {
    let set = |name: &str| config.get(name).filter(|v| !v.is_null()).cloned();
    let Value::Object(mut attrs) = planned else { return planned };
    match (set("number"), set("numeric")) {
        (Some(number), None) => {
            attrs.make_mut().insert("numeric".into(), number);
        }
        (None, Some(numeric)) => {
            attrs.make_mut().insert("number".into(), numeric);
        }
        _ => {}
    }
    Value::Object(attrs)
}

/// `time_static` with a configured `rfc3339`: its parts, and the `id` as
/// written (the provider's ModifyPlan).
fn time_static(planned: Value) -> Value {
    let Value::Object(mut attrs) = planned else { return planned };
    let Some(text) = attrs.get("rfc3339").filter(|v| v.is_known()).and_then(|v| v.as_str()).map(str::to_string) else {
        return Value::Object(attrs);
    };
    let Ok(at) = chrono::DateTime::parse_from_rfc3339(&text) else { return Value::Object(attrs) };
    let id = attrs.get("rfc3339").cloned().unwrap_or_else(Value::null);
    let m = attrs.make_mut();
    super::applied::times(m, at);
    m.insert("id".into(), id);
    Value::Object(attrs)
}

/// `helm_release`: the version of a local chart.
fn helm_release(p: &mut Planner, planned: Value) -> Value {
    let Value::Object(mut attrs) = planned else { return planned };
    let text = |name: &str| attrs.get(name).and_then(|v| v.unmarked().as_str().map(str::to_string));
    let (Some(chart), None, true) = (text("chart"), text("repository"), attrs.get("version").is_some_and(|v| !v.is_known())) else {
        return Value::Object(attrs);
    };
    let files = crate::module::load::files::FileSystem::new(p.module);
    let Some(metadata) = files.read_text(&format!("{}/Chart.yaml", chart.trim_end_matches('/'))) else {
        return Value::Object(attrs);
    };
    let version = chart_version(&metadata).map_or_else(|| Value::Null(Type::String), |v| Value::string(v, p.profile));
    attrs.make_mut().insert("version".into(), version);
    Value::Object(attrs)
}

/// The top-level `version` of a chart's `Chart.yaml`, if not empty.
fn chart_version(metadata: &str) -> Option<String> {
    let line = metadata.lines().find_map(|l| l.strip_prefix("version:"))?;
    let v = line.split(" #").next().unwrap_or("").trim();
    let v = v
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .or_else(|| v.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')))
        .unwrap_or(v);
    (!v.is_empty()).then(|| v.to_string())
}

/// A constant string argument of the provider configuration.
fn provider_string(p: &mut Planner, r: &Resource, name: &str) -> Option<String> {
    let v = provider_argument(p, r, name).filter(|v| v.is_wholly_known() && !v.is_null())?;
    crate::value::convert::convert(&v, &Type::String, p.profile).ok()?.unmarked().as_str().map(str::to_string)
}

/// A map of strings, known, from a planned attribute (null: empty).
fn string_map(v: &Value) -> Option<BTreeMap<String, Value>> {
    if !v.is_wholly_known() {
        return None;
    }
    Some(v.unmarked().as_mapping().map(|m| m.iter().map(|(k, x)| (k.clone(), x.clone())).collect()).unwrap_or_default())
}

/// Merged maps of strings as the planned `map(string)` value.
fn as_string_map(merged: BTreeMap<String, Value>, profile: crate::profile::Profile) -> Option<Value> {
    crate::value::convert::convert(&Value::Object(merged.into()), &Type::map(Type::String), profile).ok()
}

/// The unset arguments the provider's plans take from its configuration.
fn from_provider(p: &mut Planner, r: &Resource, defaults: &serde_json::Value, planned: Value) -> Value {
    let Value::Object(mut attrs) = planned else { return planned };
    let Some(defaults) = defaults.as_object() else { return Value::Object(attrs) };
    for (name, d) in defaults {
        let Some(argument) = d.get("from_provider").and_then(serde_json::Value::as_str) else { continue };
        if attrs.get(name).is_some_and(|v| !v.is_known()) && r.body.attribute(name).is_none() {
            if let Some(v) = provider_string(p, r, argument) {
                attrs.make_mut().insert(name.clone(), Value::string(v, p.profile));
            }
        }
    }
    Value::Object(attrs)
}

/// The types whose labels never get the attribution label
/// (`tpgresource.SetLabelsDiffWithoutAttributionLabel` in google 7.45.0's
/// source): with no labels their `terraform_labels` stay unknown.
const WITHOUT_ATTRIBUTION: &[&str] = &[
    "google_compute_forwarding_rule",
    "google_compute_global_forwarding_rule",
    "google_dataplex_datascan",
    "google_dataplex_task",
    "google_dataproc_cluster",
];

fn google(p: &mut Planner, r: &Resource, planned: Value) -> Value {
    let Value::Object(mut attrs) = planned else { return planned };
    if attrs.contains_key("terraform_labels") && attrs.contains_key("effective_labels") {
        let defaults = provider_argument(p, r, "default_labels").unwrap_or_else(|| Value::Object(Default::default()));
        let attribution = provider_argument(p, r, "add_terraform_attribution_label");
        let labels = attrs.get("labels").cloned().unwrap_or_else(Value::null);
        if let (Some(mut merged), Some(own), Some(attribution)) = (
            string_map(&defaults),
            string_map(&labels),
            attribution.map_or(Some(true), |v| match v.unmarked() {
                Value::Bool(b) => Some(*b),
                Value::Null(_) => Some(true),
                _ => None,
            }),
        ) {
            merged.extend(own);
            if attribution && !WITHOUT_ATTRIBUTION.contains(&r.ty.as_str()) {
                merged.insert("goog-terraform-provisioned".into(), Value::string("true", p.profile));
            }
            // No labels at all: the SDK keeps an empty map it is given as
            // computed, so both are unknown.
            let all = match merged.is_empty() {
                true => Some(Value::unknown(Type::map(Type::String))),
                false => as_string_map(merged, p.profile),
            };
            if let Some(all) = all {
                attrs.make_mut().insert("terraform_labels".into(), all.clone());
                attrs.make_mut().insert("effective_labels".into(), all);
            }
        }
    }
    if r.ty == "google_service_account" {
        let account = attrs.get("account_id").and_then(|v| v.unmarked().as_str().map(str::to_string));
        let project = attrs.get("project").and_then(|v| v.unmarked().as_str().map(str::to_string));
        if let (Some(account), Some(project)) = (account, project) {
            let email = format!("{account}@{project}.iam.gserviceaccount.com");
            attrs.make_mut().insert("member".into(), Value::string(format!("serviceAccount:{email}"), p.profile));
            attrs.make_mut().insert("email".into(), Value::string(email, p.profile));
        }
    }
    Value::Object(attrs)
}

fn aws(
    p: &mut Planner,
    r: &Resource,
    schema: &crate::module::load::provider_schema::BlockSchema,
    config: &crate::value::SortedMap<Value>,
    planned: Value,
) -> Value {
    let planned = if r.ty == "aws_acm_certificate" { acm_certificate(config, planned, p.profile) } else { planned };
    let Value::Object(mut attrs) = planned else { return planned };
    // Version 6's `region` argument, unset, is the provider's; version 5's
    // few computed-only ones (aws_s3_bucket's) are read when applying.
    let unset = attrs.get("region").is_some_and(|v| !v.is_known() && r.body.attribute("region").is_none());
    if unset && schema.attrs.iter().any(|a| a.name == "region" && a.optional) {
        if let Some(region) = provider_string(p, r, "region") {
            attrs.make_mut().insert("region".into(), Value::string(region, p.profile));
        }
    }
    if !(attrs.contains_key("tags") && attrs.contains_key("tags_all")) {
        return Value::Object(attrs);
    }
    let tags = attrs.get("tags").cloned().unwrap_or_else(Value::null);
    let Some((mut merged, own)) = default_tags(p, r).as_ref().and_then(string_map).zip(string_map(&tags)) else {
        return Value::Object(attrs);
    };
    merged.extend(own);
    if let Some(all) = (!merged.is_empty()).then(|| as_string_map(merged, p.profile)).flatten() {
        attrs.make_mut().insert("tags_all".into(), all);
    }
    Value::Object(attrs)
}

/// `aws_acm_certificate` requested from ACM (a `domain_name` set): its
/// plan adds the domain to `subject_alternative_names` (an unknown
/// domain as `""`; names that are not all known as none), and with DNS validation
/// plans `domain_validation_options` as one record per name (the domain
/// itself unknown where it is), the records' values unknown. As the
/// 5.100.0 binary plans it (`tests/providers/aws_cases.json`).
fn acm_certificate(config: &crate::value::SortedMap<Value>, planned: Value, profile: crate::profile::Profile) -> Value {
    let Value::Object(mut attrs) = planned else { return planned };
    let domain = match attrs.get("domain_name") {
        Some(d) if !d.is_null() => d.clone(),
        _ => return Value::Object(attrs),
    };
    // The names as configured: the SDK v2's rules for a set with unknowns
    // or none are not what this provider plans.
    let names: Vec<Value> = match config.get("subject_alternative_names").map(Value::unmarked) {
        // A set holding an unknown is read as none at all.
        Some(v @ (Value::Set(_, elems) | Value::List(_, elems))) => match v.is_wholly_known() {
            true => elems.to_vec(),
            false => Vec::new(),
        },
        Some(v) if v.is_null() => Vec::new(),
        None => Vec::new(),
        _ => return Value::Object(attrs),
    };
    let domain_text = if domain.is_known() { domain.clone() } else { Value::string("", profile) };
    let sans = Value::set(Type::String, names.iter().cloned().chain([domain_text]).collect(), profile);
    attrs.make_mut().insert("subject_alternative_names".into(), sans);
    let dns = attrs.get("validation_method").and_then(|v| v.unmarked().as_str().map(|m| m == "DNS")).unwrap_or(false);
    let record = match attrs.get("domain_validation_options").map(Value::unmarked) {
        Some(Value::Unknown(t, _)) => t.element_type().cloned(),
        _ => None,
    };
    if let (true, Some(Type::Object(fields))) = (dns, &record) {
        let entry = |name: Value| {
            let mut o: BTreeMap<String, Value> = fields.iter().map(|(k, t)| (k.clone(), Value::unknown(t.clone()))).collect();
            o.insert("domain_name".into(), name);
            Value::Object(o.into())
        };
        let records = names.into_iter().chain([domain]).map(entry).collect();
        attrs.make_mut().insert("domain_validation_options".into(), Value::set(Type::Object(fields.clone()), records, profile));
    }
    Value::Object(attrs)
}

/// The `default_tags { tags = … }` of the provider configuration the
/// resource uses (an empty object where it has none); `None` when it
/// cannot be evaluated.
fn default_tags(p: &mut Planner, r: &Resource) -> Option<Value> {
    let none = || Some(Value::Object(Default::default()));
    let Some((body, file, inherited)) = provider_config(p, r) else { return none() };
    let tags = match body.blocks().find(|b| b.kind == "default_tags") {
        Some(block) => block.body.attribute("tags").map(|a| a.expr.clone()),
        // A JSON file's `"default_tags": {"tags": {…}}`.
        None => body.attribute("default_tags").and_then(|a| crate::module::load::json::property(&a.expr, "tags")).cloned(),
    };
    let Some(tags) = tags else { return none() };
    configured_value(p, &tags, file, inherited)
}

/// An argument of the provider configuration the resource uses, evaluated;
/// `None` where it is not set or cannot be evaluated. A module without its
/// own `provider` block inherits the root module's, whose arguments are
/// taken where they are constant (the root's variables are not in scope
/// here).
pub(crate) fn provider_argument(p: &mut Planner, r: &Resource, name: &str) -> Option<Value> {
    let (body, file, inherited) = provider_config(p, r)?;
    configured_value(p, &body.attribute(name)?.expr, file, inherited)
}

/// A provider configuration's expression, evaluated; an inherited one
/// that refers to the root's named values (not in scope here) as the root
/// evaluated it before planning the call (see [`note_inherited`]).
fn configured_value(p: &mut Planner, expr: &crate::syntax::ast::Expression, file: usize, inherited: bool) -> Option<Value> {
    if inherited && !crate::syntax::traversals(expr).is_empty() {
        return p.links.inherited.borrow().get(&(file, expr.span.start)).cloned();
    }
    p.expression(expr, &Scope::file(file), None)
}

/// The root module's provider arguments that refer to its named values,
/// evaluated as far as the root has planned, for the module calls it
/// plans next. Their errors are the configuration's own, reported where
/// the root's resources use them: none is recorded here.
pub(crate) fn note_inherited(p: &mut Planner) {
    let configs = &p.config.providers;
    let exprs: Vec<_> = configs
        .iter()
        .flat_map(|c| c.body.attributes().map(move |a| (&a.expr, c.file)))
        .filter(|(e, _)| !crate::syntax::traversals(e).is_empty())
        .collect();
    if exprs.is_empty() {
        return;
    }
    let (diags, watch) = (p.diags.len(), p.links.watch.borrow_mut().take());
    let values: Vec<_> = exprs.iter().map(|(e, file)| ((*file, e.span.start), p.expression(e, &Scope::file(*file), None))).collect();
    p.diags.truncate(diags);
    *p.links.watch.borrow_mut() = watch;
    let mut inherited = p.links.inherited.borrow_mut();
    for (key, v) in values {
        match v {
            Some(v) => inherited.insert(key, v),
            None => inherited.remove(&key),
        };
    }
}

/// The body of the `provider` block the resource uses, with its file, and
/// whether it is the root module's, inherited. In a test run, the test
/// file's provider blocks replace the root module's.
fn provider_config<'c>(p: &Planner<'c>, r: &Resource) -> Option<(&'c crate::syntax::ast::Body, usize, bool)> {
    let name = crate::module::load::provider_schema::provider_name(r);
    let alias = r.provider.as_ref().and_then(|(_, a)| a.clone());
    let find = |configs: &'c [crate::module::load::config::ProviderConfig]| {
        configs.iter().find(|c| c.name == name && c.alias == alias).map(|c| (&c.body, c.file))
    };
    let tested = p.links.testing.as_ref().and_then(|t| find(&t.configs));
    let own = match p.depth {
        0 => tested.or_else(|| find(&p.config.providers)),
        _ => find(&p.config.providers),
    };
    if let Some((body, file)) = own {
        return Some((body, file, false));
    }
    if p.depth == 0 || alias.is_some() {
        return None;
    }
    tested.or_else(|| find(&p.module.root().config.providers)).map(|(body, file)| (body, file, true))
}
