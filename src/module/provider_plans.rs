//! What a provider's plan adds beyond its schema and recorded defaults,
//! where the playground reproduces it (checked against the real provider's
//! plans, `tests/modules/providers.jsonl`):
//!
//! - `hashicorp/aws`: `tags_all`, the provider's `default_tags` merged with
//!   the resource's `tags` (the resource's win), known when both are and
//!   not empty;
//! - `hashicorp/aws` 6: `region`, where the resource leaves it unset, the
//!   provider configuration's `region` (each resource's "Defaults to the
//!   Region set in the provider configuration").

use super::config::Resource;
use super::evaluate::{Planner, Scope};
use crate::value::{Type, Value};
use std::collections::BTreeMap;

/// `planned` with what provider `source` (`hashicorp/aws`) plans beyond
/// the schema.
pub(super) fn adjust(p: &mut Planner, r: &Resource, source: &str, planned: Value) -> Value {
    match source {
        "hashicorp/aws" => aws(p, r, planned),
        _ => planned,
    }
}

fn aws(p: &mut Planner, r: &Resource, planned: Value) -> Value {
    let Value::Object(mut attrs) = planned else { return planned };
    if attrs.get("region").is_some_and(|v| !v.is_known() && r.body.attribute("region").is_none()) {
        if let Some(region) = provider_argument(p, r, "region").filter(|v| v.is_wholly_known() && !v.is_null()) {
            if let Ok(region) = crate::value::convert::convert(&region, &Type::String) {
                attrs.make_mut().insert("region".into(), region);
            }
        }
    }
    if !(attrs.contains_key("tags") && attrs.contains_key("tags_all")) {
        return Value::Object(attrs);
    }
    let Some(defaults) = default_tags(p, r) else { return Value::Object(attrs) };
    let tags = attrs.get("tags").cloned().unwrap_or_else(Value::null);
    let mut merged: BTreeMap<String, Value> = BTreeMap::new();
    for v in [&defaults, &tags] {
        if !v.is_wholly_known() {
            return Value::Object(attrs);
        }
        if let Some(m) = v.unmarked().as_mapping() {
            for (k, x) in m.iter() {
                merged.insert(k.clone(), x.clone());
            }
        }
    }
    if !merged.is_empty() {
        if let Ok(all) = crate::value::convert::convert(&Value::Object(merged.into()), &Type::map(Type::String)) {
            attrs.make_mut().insert("tags_all".into(), all);
        }
    }
    Value::Object(attrs)
}

/// The `default_tags { tags = … }` of the provider configuration the
/// resource uses (an empty object where it has none); `None` when it
/// cannot be evaluated.
fn default_tags(p: &mut Planner, r: &Resource) -> Option<Value> {
    let none = || Some(Value::Object(Default::default()));
    let Some((body, file, inherited)) = provider_config(p, r) else { return none() };
    let Some(block) = body.blocks().find(|b| b.kind == "default_tags") else { return none() };
    let Some(tags) = block.body.attribute("tags") else { return none() };
    if inherited && !crate::syntax::traversals(&tags.expr).is_empty() {
        return None;
    }
    p.expression(&tags.expr, &Scope::file(file), None)
}

/// An argument of the provider configuration the resource uses, evaluated;
/// `None` where it is not set or cannot be evaluated. A module without its
/// own `provider` block inherits the root module's, whose arguments are
/// taken where they are constant (the root's variables are not in scope
/// here).
pub(super) fn provider_argument(p: &mut Planner, r: &Resource, name: &str) -> Option<Value> {
    let (body, file, inherited) = provider_config(p, r)?;
    let attr = body.attribute(name)?;
    if inherited && !crate::syntax::traversals(&attr.expr).is_empty() {
        return None;
    }
    p.expression(&attr.expr, &Scope::file(file), None)
}

/// The body of the `provider` block the resource uses, with its file, and
/// whether it is the root module's, inherited.
fn provider_config<'c>(p: &Planner<'c>, r: &Resource) -> Option<(&'c crate::syntax::ast::Body, usize, bool)> {
    let name = super::providers::provider_name(r);
    let alias = r.provider.as_ref().and_then(|(_, a)| a.clone());
    let find = |config: &'c super::config::Config| {
        let at = config.providers.iter().position(|(n, a)| *n == name && *a == alias)?;
        config.provider_bodies.get(at).map(|(body, file)| (body, *file))
    };
    if let Some((body, file)) = find(p.config) {
        return Some((body, file, false));
    }
    if p.depth == 0 || alias.is_some() {
        return None;
    }
    find(&p.module.root().config).map(|(body, file)| (body, file, true))
}
