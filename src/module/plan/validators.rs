//! The validators a provider runs on an argument's value while planning
//! (the plugin SDK v2's `ValidateFunc`s, Google's `verify.Validate*`, the
//! plugin framework's validators), as the provider data records them from
//! the provider itself (tools/providers/validators.py): an enumeration, a
//! pattern, a string's length or a number's range (or several of them
//! combined), with the provider's words, and the plugin framework's list
//! and set sizes that checks.json records. Terraform asks the provider to validate each instance's final
//! configuration before planning it, so a known value a validator refuses
//! is that instance's error, and the instance is not planned.

use super::Planner;
use crate::diagnostics::{Diagnostic, Span};
use crate::module::load::config::Resource;
use crate::syntax::ast::Body;
use crate::value::{go_quote, SortedMap, Value};
use serde_json::Value as Json;

/// Reports each recorded validator that refuses a known value of
/// `config` (top-level arguments, and those of blocks one level down).
pub(crate) fn check(p: &mut Planner, r: &Resource, config: &SortedMap<Value>, checks: &Json) {
    let Some(checks) = checks.as_object() else { return };
    for (path, rule) in checks {
        match rule.get("check").and_then(Json::as_str) {
            None => {
                size_check(p, r, config, path, rule);
                continue;
            }
            Some("one_of") => {
                if let Some(summary) = one_of(rule, config) {
                    let detail = rule.get("detail").and_then(Json::as_str).unwrap_or("");
                    p.error(r.file, Diagnostic::error(summary, detail, r.decl.span));
                }
                continue;
            }
            _ => {}
        }
        match path.split_once('.') {
            None => {
                let Some(v) = config.get(path) else { continue };
                for (summary, detail) in refusals(p, rule, v.unmarked(), None) {
                    let at = r.body.attribute(path).map_or(r.decl.span, |a| a.expr.span);
                    p.error(r.file, Diagnostic::error(summary, detail, at));
                }
            }
            Some((block, name)) => {
                let Some(blocks) = config.get(block) else { continue };
                let (items, ordered) = match blocks.unmarked() {
                    Value::List(_, items) | Value::Tuple(items) => (items.iter().collect::<Vec<_>>(), true),
                    // A set's SDK path holds each element's hash, which
                    // the words then name: only rules that do not.
                    Value::Set(_, items) => (items.iter().collect(), false),
                    one @ Value::Object(_) => (vec![one], true),
                    _ => continue,
                };
                let words = |rule: &Json, key: &str| rule.get(key).and_then(Json::as_str).unwrap_or("").contains("{index}");
                let all = rule.get("checks").and_then(Json::as_array).map_or_else(|| vec![rule], |c| c.iter().collect());
                if !ordered && all.iter().any(|rule| words(rule, "summary") || words(rule, "detail")) {
                    continue;
                }
                for (i, item) in items.into_iter().enumerate() {
                    let Value::Object(attrs) = item.unmarked() else { continue };
                    let Some(v) = attrs.get(name) else { continue };
                    for (summary, detail) in refusals(p, rule, v.unmarked(), Some(i)) {
                        let at = written(&r.body, block, i, name, ordered).unwrap_or(r.decl.span);
                        p.error(r.file, Diagnostic::error(summary, detail, at));
                    }
                }
            }
        }
    }
}

/// The summary of a `CustomizeDiff` that wants one of `arguments` set
/// (`GetOk` or `GetOkExists`: a value that is not null, nor an empty
/// collection, which SDK v2 plans as null; an unknown one may be set),
/// unless an argument has a value (`unless`: a firewall's direction
/// `EGRESS`), when none is.
fn one_of(rule: &Json, config: &SortedMap<Value>) -> Option<String> {
    let exempt = rule
        .get("unless")
        .and_then(Json::as_object)
        .is_some_and(|unless| unless.iter().any(|(name, want)| config.get(name).and_then(|v| v.unmarked().as_str()) == want.as_str()));
    let set = |name: &str| {
        config.get(name).is_some_and(|v| {
            let v = v.unmarked();
            !v.is_known() || (!v.is_null() && v.len() != Some(0))
        })
    };
    let names = rule.get("arguments")?.as_array()?;
    if exempt || names.iter().filter_map(Json::as_str).any(set) {
        return None;
    }
    rule.get("summary").and_then(Json::as_str).map(str::to_string)
}

/// The plugin framework's list and set size validators the provider data
/// records (checks.json's `size`), with their words.
fn size_check(p: &mut Planner, r: &Resource, config: &SortedMap<Value>, name: &str, check: &Json) {
    let Some(size) = check.get("size").and_then(|s| s.as_array()) else { return };
    let Some(len) = config.get(name).and_then(|v| v.unmarked().len()) else { return };
    let (min, max) = (size.first().and_then(|m| m.as_u64()).unwrap_or(0) as usize, size.get(1).and_then(|m| m.as_u64()));
    if len >= min && max.is_none_or(|m| len as u64 <= m) {
        return;
    }
    let collection = check.get("collection").and_then(|c| c.as_str()).unwrap_or("list");
    let rule = match max {
        Some(max) => format!("{collection} must contain at least {min} elements and at most {max} elements"),
        None => format!("{collection} must contain at least {min} elements"),
    };
    // An argument's own range; a path to blocks finds no argument, so
    // Terraform points at the resource.
    let at = r.body.attribute(name).map_or(r.decl.span, |a| a.expr.span);
    p.error(r.file, Diagnostic::error("Invalid Attribute Value", format!("Attribute {name} {rule}, got: {len}"), at));
}

/// Where the `i`th `block` written in `body` sets `name`: its value's
/// range, as Terraform points at the deepest attribute of the path.
fn written(body: &Body, block: &str, i: usize, name: &str, ordered: bool) -> Option<Span> {
    let mut blocks = body.blocks().filter(|b| b.kind == block);
    let b = if ordered { blocks.nth(i) } else { None }?;
    b.body.attribute(name).map(|a| a.expr.span)
}

/// Each diagnostic's summary and detail when `rule` refuses `v`: for
/// validators combined (`any_of`: the SDK's validation.Any or
/// validation.All, which a probe cannot tell apart), only a value every
/// one refuses, in the words of each.
fn refusals(p: &Planner, rule: &Json, v: &Value, index: Option<usize>) -> Vec<(String, String)> {
    let Some(checks) = rule.get("checks").and_then(Json::as_array).filter(|_| rule.get("check").and_then(Json::as_str) == Some("any_of"))
    else {
        return refusal(p, rule, v, index).into_iter().collect();
    };
    let all: Option<Vec<_>> = checks.iter().map(|c| refusal(p, c, v, index)).collect();
    all.unwrap_or_default()
}

/// The diagnostic's summary and detail when `rule` refuses `v`.
fn refusal(p: &Planner, rule: &Json, v: &Value, index: Option<usize>) -> Option<(String, String)> {
    let refused = match v {
        Value::String(s) => refused_string(p, rule, s)?,
        Value::Number(n) => refused_number(rule, n.to_f64())?,
        _ => return None,
    };
    if !refused {
        return None;
    }
    let shown = match v {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_decimal_string(),
        _ => return None,
    };
    let fill = |key: &str| {
        let text = rule.get(key).and_then(Json::as_str).unwrap_or("");
        text.replace("{quoted}", &go_quote(&shown, p.profile))
            .replace("{value}", &shown)
            .replace("{index}", &index.unwrap_or(0).to_string())
    };
    Some((fill("summary"), fill("detail")))
}

/// Whether a string rule refuses `s` (`None`: not a string rule, or one
/// this build cannot judge).
fn refused_string(p: &Planner, rule: &Json, s: &str) -> Option<bool> {
    match rule.get("check")?.as_str()? {
        "enum" => {
            let values = rule.get("values")?.as_array()?;
            let fold = rule.get("ignore_case").and_then(Json::as_bool).unwrap_or(false);
            Some(!values.iter().filter_map(Json::as_str).any(|v| if fold { v.to_lowercase() == s.to_lowercase() } else { v == s }))
        }
        "pattern" => crate::functions::go_regex_matches(rule.get("pattern")?.as_str()?, s, p.profile).map(|m| !m),
        "cidr" => Some(!crate::functions::provider_cidr_ok(s)),
        "ip" => {
            let family = crate::functions::provider_ip_family(s);
            Some(match rule.get("family").and_then(Json::as_u64) {
                Some(want) => family != Some(want as u8),
                None => family.is_none(),
            })
        }
        "length" => {
            let len = match rule.get("unit").and_then(Json::as_str) {
                Some("characters") => s.chars().count(),
                _ => s.len(),
            } as u64;
            let min = rule.get("min").and_then(Json::as_u64).unwrap_or(0);
            Some(len < min || rule.get("max").and_then(Json::as_u64).is_some_and(|max| len > max))
        }
        _ => None,
    }
}

/// Whether a number rule refuses `n`.
fn refused_number(rule: &Json, n: f64) -> Option<bool> {
    match rule.get("check")?.as_str()? {
        "enum" => Some(!rule.get("numbers")?.as_array()?.iter().filter_map(Json::as_f64).any(|v| v == n)),
        "range" => {
            let below = rule.get("min").and_then(Json::as_f64).is_some_and(|min| n < min);
            Some(below || rule.get("max").and_then(Json::as_f64).is_some_and(|max| n > max))
        }
        _ => None,
    }
}
