//! The data sources of `hashicorp/aws` that the provider computes without
//! any network, computed as it does (checked against the plans of
//! terraform-provider-aws 5.100.0, `tests/providers.rs`):
//!
//! - `aws_iam_policy_document`: the policy JSON, merged with
//!   `source_policy_documents` and `override_policy_documents` by `Sid`, in
//!   the provider's orders (lists reverse-sorted, the SDK v2's set order of
//!   `principals` and `condition` blocks), its minified form and its `id`
//!   (the CRC-32 of the JSON);
//! - `aws_region` and `aws_partition`: the region given, or the provider
//!   configuration's, looked up in the regions the provider knows (recorded
//!   from it, the type's `facts`).
//!
//! Anything the provider would refuse or that the playground does not
//! reproduce (a deprecated `source_json`, a policy document it cannot
//! parse, an unknown region) is left to the caller: the data source is
//! then unknown, never a false value or error.

use crate::module::load::config::Resource;
use crate::module::load::provider_data::TypeData;
use crate::module::plan::providers;
use crate::module::plan::Planner;
use crate::value::SortedMap;
use crate::value::{Type, Value};
use std::collections::BTreeMap;

/// The data source's value if this module computes it (`Some(None)`
/// after an error it recorded); `None` to leave it unknown.
pub(crate) fn read(p: &mut Planner, r: &Resource, config: &SortedMap<Value>, t: &TypeData) -> Option<Option<Value>> {
    let values = match r.ty.as_str() {
        "aws_iam_policy_document" => policy_document(config, p.profile)?,
        "aws_region" => region(p, r, config, t)?,
        "aws_partition" => partition(p, r, config, t)?,
        _ => return None,
    };
    // What the provider stores after reading it.
    let planning = match providers::planning(p, r, &t.block) {
        providers::Planning::SdkV2 => providers::Planning::SdkV2Read,
        other => other,
    };
    Some(Some(providers::plan_object(&values, &t.block, &serde_json::Value::Null, planning, p.profile)))
}

fn text(config: &SortedMap<Value>, name: &str) -> Option<String> {
    config.get(name).and_then(|v| v.unmarked().as_str().map(str::to_string))
}

/// The region a regional data source reads: its own argument or the
/// provider configuration's.
fn region_of(p: &mut Planner, r: &Resource, config: &SortedMap<Value>, arguments: &[&str]) -> Option<String> {
    if let Some(given) = arguments.iter().find_map(|a| text(config, a)) {
        return Some(given);
    }
    let v = crate::module::plan::provider_plans::provider_argument(p, r, "region")?;
    v.unmarked().as_str().map(str::to_string)
}

fn region(p: &mut Planner, r: &Resource, config: &SortedMap<Value>, t: &TypeData) -> Option<SortedMap<Value>> {
    let region = region_of(p, r, config, &["region", "name"])?;
    let fact = t.facts.get(&region)?;
    let endpoint = fact["endpoint"].as_str()?;
    if text(config, "endpoint").is_some_and(|e| e != endpoint) {
        return None;
    }
    let mut values = config.clone();
    for name in ["id", "name", "region"] {
        values.insert(name.into(), Value::string(region.clone(), p.profile));
    }
    values.insert("endpoint".into(), Value::string(endpoint, p.profile));
    values.insert("description".into(), Value::string(fact["description"].as_str()?, p.profile));
    Some(values)
}

fn partition(p: &mut Planner, r: &Resource, config: &SortedMap<Value>, t: &TypeData) -> Option<SortedMap<Value>> {
    let region = region_of(p, r, config, &[])?;
    let fact = t.facts.get(&region)?;
    let mut values = config.clone();
    for name in ["partition", "dns_suffix", "reverse_dns_prefix"] {
        values.insert(name.into(), Value::string(fact[name].as_str()?, p.profile));
    }
    values.insert("id".into(), Value::string(fact["partition"].as_str()?, p.profile));
    Some(values)
}

/// A JSON value as the provider's Go structures marshal it.
#[derive(Clone, Debug)]
enum J {
    S(String),
    L(Vec<J>),
    /// An object, in the order it is written (Go maps: sorted).
    O(Vec<(String, J)>),
    /// A number, bool or null, as written.
    Lit(String),
}

impl J {
    fn strings(v: Vec<String>) -> J {
        J::L(v.into_iter().map(J::S).collect())
    }

    fn from_json(v: &serde_json::Value) -> J {
        match v {
            serde_json::Value::String(s) => J::S(s.clone()),
            serde_json::Value::Array(a) => J::L(a.iter().map(J::from_json).collect()),
            serde_json::Value::Object(m) => {
                let mut entries: Vec<(String, J)> = m.iter().map(|(k, v)| (k.clone(), J::from_json(v))).collect();
                entries.sort_by(|a, b| a.0.cmp(&b.0));
                J::O(entries)
            }
            other => J::Lit(other.to_string()),
        }
    }

    /// `json.MarshalIndent(v, "", "  ")`, or `json.Marshal` when `indent`
    /// is `None`.
    fn write(&self, out: &mut String, indent: Option<usize>) {
        let newline = |out: &mut String, depth: usize| {
            if indent.is_some() {
                out.push('\n');
                out.push_str(&"  ".repeat(depth));
            }
        };
        let depth = indent.unwrap_or(0);
        let inner = indent.map(|d| d + 1);
        match self {
            J::S(s) => crate::text::push_json_string(s, out, true),
            J::Lit(s) => out.push_str(s),
            J::L(items) if items.is_empty() => out.push_str("[]"),
            J::O(entries) if entries.is_empty() => out.push_str("{}"),
            J::L(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    item.write(out, inner);
                }
                newline(out, depth);
                out.push(']');
            }
            J::O(entries) => {
                out.push('{');
                for (i, (k, v)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    newline(out, depth + 1);
                    crate::text::push_json_string(k, out, true);
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    v.write(out, inner);
                }
                newline(out, depth);
                out.push('}');
            }
        }
    }
}

/// A principal's or condition's values: one string, or several.
#[derive(Clone, Debug)]
enum Values {
    One(String),
    Many(Vec<String>),
}

#[derive(Clone, Debug)]
struct Principal {
    kind: String,
    identifiers: Values,
}

#[derive(Clone, Debug)]
struct Condition {
    test: String,
    variable: String,
    values: Values,
}

#[derive(Clone, Debug, Default)]
struct Statement {
    sid: String,
    effect: String,
    action: Option<J>,
    not_action: Option<J>,
    resource: Option<J>,
    not_resource: Option<J>,
    principals: Vec<Principal>,
    not_principals: Vec<Principal>,
    conditions: Vec<Condition>,
}

#[derive(Clone, Debug, Default)]
struct Document {
    version: String,
    id: String,
    statements: Vec<Statement>,
}

impl Document {
    /// `IAMPolicyDoc.Merge`: `newer`'s id, the later version, and its
    /// statements, replacing those with the same `Sid`.
    fn merge(&mut self, newer: Document) {
        if !newer.id.is_empty() {
            self.id = newer.id;
        }
        if newer.version > self.version {
            self.version = newer.version;
        }
        for s in newer.statements {
            match self.statements.iter_mut().find(|e| !s.sid.is_empty() && e.sid == s.sid) {
                Some(existing) => *existing = s,
                None => self.statements.push(s),
            }
        }
    }

    fn json(&self) -> J {
        let mut out = Vec::new();
        if !self.version.is_empty() {
            out.push(("Version".to_string(), J::S(self.version.clone())));
        }
        if !self.id.is_empty() {
            out.push(("Id".to_string(), J::S(self.id.clone())));
        }
        if !self.statements.is_empty() {
            out.push(("Statement".to_string(), J::L(self.statements.iter().map(Statement::json).collect())));
        }
        J::O(out)
    }
}

impl Statement {
    fn json(&self) -> J {
        let mut out = Vec::new();
        let mut put = |k: &str, v: J| out.push((k.to_string(), v));
        if !self.sid.is_empty() {
            put("Sid", J::S(self.sid.clone()));
        }
        if !self.effect.is_empty() {
            put("Effect", J::S(self.effect.clone()));
        }
        for (k, v) in
            [("Action", &self.action), ("NotAction", &self.not_action), ("Resource", &self.resource), ("NotResource", &self.not_resource)]
        {
            if let Some(v) = v {
                put(k, v.clone());
            }
        }
        if !self.principals.is_empty() {
            put("Principal", principals_json(&self.principals));
        }
        if !self.not_principals.is_empty() {
            put("NotPrincipal", principals_json(&self.not_principals));
        }
        if !self.conditions.is_empty() {
            put("Condition", conditions_json(&self.conditions));
        }
        J::O(out)
    }
}

/// Appends `more` to what a map entry holds, as the provider's marshallers
/// do (a string becomes a list when more come).
fn append(entry: Option<Values>, more: &Values, sort: bool) -> Values {
    match (entry, more) {
        (None, Values::One(s)) => Values::One(s.clone()),
        (entry, more) => {
            let mut list = match entry {
                None => Vec::new(),
                Some(Values::One(s)) => vec![s],
                Some(Values::Many(v)) => v,
            };
            match more {
                Values::One(s) => list.push(s.clone()),
                Values::Many(v) => {
                    let mut v = v.clone();
                    if sort {
                        v.sort_by(|a, b| b.cmp(a));
                    }
                    list.extend(v);
                }
            }
            Values::Many(list)
        }
    }
}

fn values_json(v: Values) -> J {
    match v {
        Values::One(s) => J::S(s),
        Values::Many(v) => J::strings(v),
    }
}

/// `IAMPolicyStatementPrincipalSet.MarshalJSON`.
fn principals_json(ps: &[Principal]) -> J {
    if let [only] = ps {
        let star = match &only.identifiers {
            Values::One(s) => s == "*",
            Values::Many(v) => v.len() == 1 && v[0] == "*",
        };
        if only.kind == "*" && star {
            return J::S("*".into());
        }
    }
    let mut raw: BTreeMap<String, Values> = BTreeMap::new();
    for p in ps {
        let entry = raw.remove(&p.kind);
        raw.insert(p.kind.clone(), append(entry, &p.identifiers, true));
    }
    J::O(raw.into_iter().map(|(k, v)| (k, values_json(v))).collect())
}

/// `IAMPolicyStatementConditionSet.MarshalJSON`.
fn conditions_json(cs: &[Condition]) -> J {
    let mut raw: BTreeMap<String, BTreeMap<String, Values>> = BTreeMap::new();
    for c in cs {
        let test = raw.entry(c.test.clone()).or_default();
        let entry = test.remove(&c.variable);
        test.insert(c.variable.clone(), append(entry, &c.values, false));
    }
    J::O(raw.into_iter().map(|(t, vars)| (t, J::O(vars.into_iter().map(|(k, v)| (k, values_json(v))).collect()))).collect())
}

/// `policyDecodeConfigStringList`: one string, or the strings
/// reverse-sorted.
fn decoded(mut v: Vec<String>) -> Values {
    if v.len() == 1 {
        return Values::One(v.remove(0));
    }
    v.sort_by(|a, b| b.cmp(a));
    Values::Many(v)
}

/// The policy variables written `&{…}` in HCL, as IAM writes them.
fn replace_vars(v: Values) -> Values {
    let r = |s: String| s.replace("&{", "${");
    match v {
        Values::One(s) => Values::One(r(s)),
        Values::Many(v) => Values::Many(v.into_iter().map(r).collect()),
    }
}

fn strings_of(v: &Value) -> Option<Vec<String>> {
    match v.unmarked() {
        Value::Null(_) => Some(Vec::new()),
        other => other.as_sequence()?.iter().map(|x| x.unmarked().as_str().map(str::to_string)).collect(),
    }
}

/// The SDK v2's hash code of a set element (`hashcode.String` of its
/// serialization), as the string its sets order elements by.
fn hash_code(serialized: &str) -> String {
    crc32fast::hash(serialized.as_bytes()).to_string()
}

/// A set of strings in the SDK v2's order.
fn sdk_string_set(v: Vec<String>) -> Vec<String> {
    let mut keyed: Vec<(String, String)> = v.into_iter().map(|s| (hash_code(&s), s)).collect();
    keyed.sort();
    keyed.into_iter().map(|(_, s)| s).collect()
}

fn field<'a>(o: &'a Value, name: &str) -> Option<&'a Value> {
    o.unmarked().as_mapping()?.get(name)
}

/// `principals` or `not_principals` blocks, in the SDK v2's set order.
fn principals_of(v: Option<&Value>) -> Option<Vec<Principal>> {
    let Some(v) = v.filter(|v| !v.is_null()) else { return Some(Vec::new()) };
    let mut keyed = Vec::new();
    for block in v.unmarked().as_sequence()? {
        let kind = field(block, "type")?.unmarked().as_str()?.to_string();
        let ids = sdk_string_set(strings_of(field(block, "identifiers")?)?);
        let serialized = format!("identifiers:{{{}}};type:{kind};", ids.iter().map(|i| format!("{i};")).collect::<String>());
        keyed.push((hash_code(&serialized), Principal { kind, identifiers: replace_vars(decoded(ids)) }));
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    Some(keyed.into_iter().map(|(_, p)| p).collect())
}

/// `condition` blocks, in the SDK v2's set order.
fn conditions_of(v: Option<&Value>) -> Option<Vec<Condition>> {
    let Some(v) = v.filter(|v| !v.is_null()) else { return Some(Vec::new()) };
    let mut keyed = Vec::new();
    for block in v.unmarked().as_sequence()? {
        let test = field(block, "test")?.unmarked().as_str()?.to_string();
        let variable = field(block, "variable")?.unmarked().as_str()?.to_string();
        let values = strings_of(field(block, "values")?)?;
        let serialized =
            format!("test:{test};values:({});variable:{variable};", values.iter().map(|i| format!("{i};")).collect::<String>());
        let values = match values.len() {
            1 => Values::One(values[0].clone()),
            _ => Values::Many(values),
        };
        keyed.push((hash_code(&serialized), Condition { test, variable, values: replace_vars(values) }));
    }
    keyed.sort_by(|a, b| a.0.cmp(&b.0));
    Some(keyed.into_iter().map(|(_, c)| c).collect())
}

/// A statement block of the configuration.
fn statement_of(block: &Value, version: &str) -> Option<Statement> {
    let list = |name: &str, vars: bool| -> Option<Option<J>> {
        let v = strings_of(field(block, name)?)?;
        if v.is_empty() {
            return Some(None);
        }
        if vars && version != "2012-10-17" && v.iter().any(|s| s.contains("&{")) {
            return None;
        }
        let d = decoded(sdk_string_set(v));
        Some(Some(values_json(if vars { replace_vars(d) } else { d })))
    };
    let effect = field(block, "effect").and_then(|v| v.unmarked().as_str()).unwrap_or("Allow").to_string();
    if !matches!(effect.as_str(), "Allow" | "Deny") {
        return None;
    }
    Some(Statement {
        sid: field(block, "sid").and_then(|v| v.unmarked().as_str()).unwrap_or("").to_string(),
        effect,
        action: list("actions", false)?,
        not_action: list("not_actions", false)?,
        resource: list("resources", true)?,
        not_resource: list("not_resources", true)?,
        principals: principals_of(field(block, "principals"))?,
        not_principals: principals_of(field(block, "not_principals"))?,
        conditions: conditions_of(field(block, "condition"))?,
    })
}

/// A policy document given as JSON (`source_policy_documents`,
/// `override_policy_documents`), as the provider's structures read it.
fn parse_document(text: &str) -> Option<Document> {
    let j: serde_json::Value = serde_json::from_str(text).ok()?;
    let o = j.as_object()?;
    let string = |v: Option<&serde_json::Value>| -> Option<String> {
        match v {
            None | Some(serde_json::Value::Null) => Some(String::new()),
            Some(v) => v.as_str().map(str::to_string),
        }
    };
    let mut doc = Document { version: string(o.get("Version"))?, id: string(o.get("Id"))?, statements: Vec::new() };
    let statements = match o.get("Statement") {
        None | Some(serde_json::Value::Null) => Vec::new(),
        Some(v) => v.as_array()?.clone(),
    };
    for s in &statements {
        let s = s.as_object()?;
        let raw = |k: &str| s.get(k).filter(|v| !v.is_null()).map(J::from_json);
        doc.statements.push(Statement {
            sid: string(s.get("Sid"))?,
            effect: string(s.get("Effect"))?,
            action: raw("Action"),
            not_action: raw("NotAction"),
            resource: raw("Resource"),
            not_resource: raw("NotResource"),
            principals: parse_principals(s.get("Principal"))?,
            not_principals: parse_principals(s.get("NotPrincipal"))?,
            conditions: parse_conditions(s.get("Condition"))?,
        });
    }
    Some(doc)
}

fn parse_values(v: &serde_json::Value) -> Option<Values> {
    match v {
        serde_json::Value::String(s) => Some(Values::One(s.clone())),
        serde_json::Value::Array(a) => Some(Values::Many(a.iter().map(|x| x.as_str().map(str::to_string)).collect::<Option<_>>()?)),
        _ => None,
    }
}

fn parse_principals(v: Option<&serde_json::Value>) -> Option<Vec<Principal>> {
    match v {
        None | Some(serde_json::Value::Null) => Some(Vec::new()),
        Some(serde_json::Value::String(s)) if s == "*" => Some(vec![Principal { kind: "*".into(), identifiers: Values::One("*".into()) }]),
        Some(serde_json::Value::Object(m)) => {
            m.iter().map(|(k, v)| Some(Principal { kind: k.clone(), identifiers: parse_values(v)? })).collect()
        }
        _ => None,
    }
}

fn parse_conditions(v: Option<&serde_json::Value>) -> Option<Vec<Condition>> {
    let Some(m) = v.filter(|v| !v.is_null()) else { return Some(Vec::new()) };
    let mut out = Vec::new();
    for (test, vars) in m.as_object()? {
        for (variable, values) in vars.as_object()? {
            let values = match values {
                serde_json::Value::Bool(b) => Values::One(b.to_string()),
                other => parse_values(other)?,
            };
            out.push(Condition { test: test.clone(), variable: variable.clone(), values });
        }
    }
    Some(out)
}

/// `aws_iam_policy_document`'s computed attributes over its configuration.
fn policy_document(config: &SortedMap<Value>, profile: crate::profile::Profile) -> Option<SortedMap<Value>> {
    // The deprecated forms must be empty in the provider's last versions.
    if ["source_json", "override_json"].iter().any(|k| text(config, k).is_some_and(|s| !s.is_empty())) {
        return None;
    }
    let documents = |name: &str| -> Option<Vec<Document>> {
        config.get(name).map_or(Some(Vec::new()), strings_of)?.iter().map(|t| parse_document(t)).collect()
    };
    let mut merged = Document::default();
    let mut sids = std::collections::BTreeSet::new();
    for source in documents("source_policy_documents")? {
        if source.statements.iter().any(|s| !s.sid.is_empty() && !sids.insert(s.sid.clone())) {
            return None;
        }
        merged.merge(source);
    }
    let version = text(config, "version").unwrap_or_else(|| "2012-10-17".into());
    if !matches!(version.as_str(), "2012-10-17" | "2008-10-17") {
        return None;
    }
    let mut mine = Document { version: version.clone(), id: text(config, "policy_id").unwrap_or_default(), statements: Vec::new() };
    let mut own_sids = std::collections::BTreeSet::new();
    if let Some(list) = config.get("statement").filter(|v| !v.is_null()) {
        for block in list.unmarked().as_sequence()? {
            let s = statement_of(block, &version)?;
            if !s.sid.is_empty() && !own_sids.insert(s.sid.clone()) {
                return None;
            }
            mine.statements.push(s);
        }
    }
    merged.merge(mine);
    for overriding in documents("override_policy_documents")? {
        merged.merge(overriding);
    }
    let doc = merged.json();
    let mut json = String::new();
    doc.write(&mut json, Some(0));
    let mut minified = String::new();
    doc.write(&mut minified, None);
    let mut values = config.clone();
    values.insert("id".into(), Value::string(crc32fast::hash(json.as_bytes()).to_string(), profile));
    values.insert("json".into(), Value::string(json, profile));
    values.insert("minified_json".into(), Value::string(minified, profile));
    if config.get("version").map_or(true, Value::is_null) {
        values.insert("version".into(), Value::string("2012-10-17", profile));
    }
    // The statements as the provider stores them: effect defaulted, and
    // none as null.
    if let Some(list) = config.get("statement").filter(|v| v.unmarked().len() == Some(0)) {
        values.insert("statement".into(), Value::Null(list.ty()));
    } else if let Some(list) = config.get("statement").filter(|v| !v.is_null()) {
        let with_effect: Vec<Value> = list
            .unmarked()
            .as_sequence()?
            .iter()
            .map(|b| match b.unmarked() {
                Value::Object(m) if m.get("effect").is_some_and(Value::is_null) => {
                    let mut m = m.clone();
                    m.make_mut().insert("effect".into(), Value::string("Allow", profile));
                    Value::Object(m)
                }
                other => other.clone(),
            })
            .collect();
        let ty = list.ty();
        let elem = match &ty {
            Type::List(e) => (**e).clone(),
            _ => return None,
        };
        values.insert("statement".into(), Value::List(elem, with_effect.into_iter().collect()));
    }
    Some(values)
}
