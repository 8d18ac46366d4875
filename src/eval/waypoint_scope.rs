//! The named values a Waypoint app's stage sees, from the variables JSON:
//! Waypoint's configuration loader sets `path` (`pwd`, `project`, and
//! `app` in an app) and `workspace` (`name`) as maps of strings, an app
//! adds `app` (`name`), each operation its `labels`, and the runner adds
//! what the previous stages made: `artifact` and `deploy` (a plugin's
//! template data, read from JSON as Waypoint's `ctystructure` reads it)
//! and `entrypoint` (`env`, in deploy); inside a `config` block, `config`
//! (`env`, `internal`, `file`: maps of strings). Every other name (`var`)
//! is read as the other engines read variables.
//!
//! Two entries are the playground's, for what Waypoint reads from disk:
//! `__files__` (`{"/absolute/path": "text"}`, for `file`, `fileexists`,
//! `fileset`, `templatefile`, ...) and `__git__` (the repository at
//! `path.pwd`: `{"head": "<commit>", "tags": {"v1": "<commit>"},
//! "remotes": {"origin": ["url"]}, "changes": false}`). They are kept
//! under names no expression can refer to ([`FILES`], [`GIT`]).

use crate::diagnostics::{Diagnostic, Span};
use crate::profile::Profile;
use crate::value::{Number, SortedMap, Type, Value};

pub use crate::functions::waypoint::{FILES, GIT};

/// The load context's directory when the variables name none.
pub const DEFAULT_DIR: &str = "/project";

/// `vars` as Waypoint's stage context holds them. `json` is the text they
/// were read from, for the range of a value Waypoint could not hold.
pub(crate) fn stage_scope(mut vars: SortedMap<Value>, json: &str) -> Result<SortedMap<Value>, Diagnostic> {
    let profile = Profile::Waypoint;
    let defaults: [(&str, &[(&str, &str)]); 2] =
        [("path", &[("project", DEFAULT_DIR), ("pwd", DEFAULT_DIR)]), ("workspace", &[("name", "default")])];
    for (name, entries) in defaults {
        if vars.get(name).is_none() {
            let m: SortedMap<Value> = entries.iter().map(|(k, v)| (k.to_string(), Value::string(*v, profile))).collect();
            vars.insert(name.to_string(), Value::Map(Type::String, m.into()));
        }
    }
    for name in ["path", "workspace", "app", "labels"] {
        if let Some(v) = vars.get(name) {
            let m = string_map(v).map_err(|why| invalid(json, name, why))?;
            vars.insert(name.to_string(), m);
        }
    }
    for name in ["artifact", "deploy"] {
        if let Some(v) = vars.get(name) {
            let data = match v {
                Value::Object(_) => template_data(v).map_err(|why| invalid(json, name, why))?,
                _ => return Err(invalid(json, name, "a plugin's template data is a JSON object".into())),
            };
            vars.insert(name.to_string(), data);
        }
    }
    if let Some(v) = vars.get("config") {
        // Inside a config block: env, internal and file, each a map of
        // strings, in a map (Waypoint's app_config.go).
        let want = Type::map(Type::map(Type::String));
        let m = crate::value::convert::convert(v, &want, Profile::Waypoint)
            .map_err(|why| invalid(json, "config", format!("a map of maps of strings is required: {why}")))?;
        vars.insert("config".into(), m);
    }
    if let Some(v) = vars.get("entrypoint") {
        let env = match v.as_mapping().and_then(|m| m.get("env")) {
            Some(env) => string_map(env).map_err(|why| invalid(json, "entrypoint", format!("env: {why}")))?,
            None => return Err(invalid(json, "entrypoint", "it is {\"env\": {...}}, the entrypoint's environment".into())),
        };
        vars.insert("entrypoint".into(), Value::Object(SortedMap::from_iter([("env".to_string(), env)]).into()));
    }
    for (given, kept) in [("__files__", FILES), ("__git__", GIT)] {
        if let Some(v) = vars.remove(given) {
            vars.insert(kept.to_string(), v);
        }
    }
    if let Some(files) = vars.get(FILES) {
        let ok = files.as_mapping().is_some_and(|m| m.iter().all(|(_, v)| v.as_str().is_some()));
        if !ok {
            return Err(invalid(json, "__files__", "it is {\"/absolute/path\": \"text\", ...}".into()));
        }
    }
    Ok(vars)
}

fn invalid(json: &str, name: &str, why: String) -> Diagnostic {
    let key = format!("\"{name}\"");
    let span = json.find(&key).map_or(Span::new(0, json.len()), |at| Span::new(at, at + key.len()));
    Diagnostic::error("Invalid variables JSON", format!("{name}: {why}"), span)
}

/// A map of strings, as Waypoint holds `path`, `workspace`, `app` and
/// `labels` (Go's `map[string]string`).
fn string_map(v: &Value) -> Result<Value, String> {
    crate::value::convert::convert(v, &Type::map(Type::String), Profile::Waypoint)
        .map_err(|why| format!("a map of strings is required: {why}"))
}

/// A plugin's template data as `ctystructure.Object` reads the JSON Go
/// decoded: numbers are float64s, arrays lists of one type.
fn template_data(v: &Value) -> Result<Value, String> {
    Ok(match v {
        Value::Object(m) => {
            let mut out = SortedMap::new();
            for (k, e) in m.iter() {
                out.insert(k.clone(), template_data(e).map_err(|why| format!("{k}: {why}"))?);
            }
            Value::Object(out.into())
        }
        Value::Tuple(elems) => {
            let elems: Vec<Value> = elems.iter().map(template_data).collect::<Result<_, _>>()?;
            let Some(first) = elems.first().map(Value::ty) else {
                return Err("an empty list has no element type (Waypoint fails on one)".into());
            };
            if elems.iter().any(|e| e.ty() != first) {
                return Err("all elements in a list must be the same type".into());
            }
            Value::List(first, elems.into_iter().collect())
        }
        Value::Number(n) => Value::Number(Number::from_f64(n.to_f64())),
        Value::Null(_) => return Err("null has no value in Waypoint's template data".into()),
        other => other.clone(),
    })
}
