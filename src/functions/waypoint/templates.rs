//! Waypoint's template functions (`templatestring`, `templatefile`,
//! `templatedir`) and its Jsonnet functions. A template sees the stage's
//! named values beside the maps given after it. `templatefile`,
//! `templatedir` and the Jsonnet functions write files to a new temporary
//! directory and return its path: the playground renders and checks the
//! templates but writes nothing, so that path is unknown here.

use super::{def, files, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret, FILES};
use crate::functions::{diagnostics_error, Templates};
use crate::limits::Limits;
use crate::value::{convert::convert, go_quote, SortedMap, Type, Value};

const VARS: Param = Param::new("vars", "any").unknowns();

pub(super) const TEMPLATESTRING: FunctionDef = def(
    "templatestring",
    "template",
    &[Param::new("template", "string").unknowns()],
    Some(VARS),
    Ret::Fixed("any"),
    "Renders a string as a template, with the stage's named values and the given maps' entries as its variables.",
    "templatestring(\"$${a}-$${b}\", {a = 1}, {b = 2})",
    templatestring,
);
pub(super) const TEMPLATEFILE: FunctionDef = def(
    "templatefile",
    "template",
    &[Param::new("template_path", "string").unknowns()],
    Some(VARS),
    Ret::Fixed("string"),
    "Renders a template file to a temporary file and returns its path (unknown here: the playground writes no files).",
    "templatefile(\"${path.project}/app.tpl\", {port = 80})",
    templatefile,
);
pub(super) const TEMPLATEDIR: FunctionDef = def(
    "templatedir",
    "template",
    &[Param::new("dir", "string").unknowns()],
    Some(VARS),
    Ret::Fixed("string"),
    "Renders every file of a directory to a temporary directory and returns its path (unknown here).",
    "templatedir(\"${path.project}/k8s\", {env = \"prod\"})",
    templatedir,
);
pub(super) const JSONNETFILE: FunctionDef = def(
    "jsonnetfile",
    "jsonnet",
    &[Param::new("path", "string"), Param::new("options", "any")],
    None,
    Ret::Fixed("string"),
    "Evaluates a Jsonnet file to a temporary JSON file and returns its path (unknown here: the playground has no Jsonnet).",
    "jsonnetfile(\"${path.project}/app.jsonnet\", {})",
    jsonnet,
);
pub(super) const JSONNETDIR: FunctionDef = def(
    "jsonnetdir",
    "jsonnet",
    &[Param::new("dir", "string"), Param::new("options", "any")],
    None,
    Ret::Fixed("string"),
    "Evaluates a directory's Jsonnet files to a temporary directory and returns its path (unknown here).",
    "jsonnetdir(\"${path.project}/jsonnet\", {})",
    jsonnet,
);

fn refused(name: &str, ctx: &Ctx) -> Result<(), CallError> {
    let inside = ctx.templates();
    match inside.string || inside.file > 0 {
        true => Err(CallError::call(format!("cannot call {name} from inside a template function"))),
        false => Ok(()),
    }
}

/// Waypoint's `renderTmpl`: `source` (called `name`) with the stage's
/// values and the given maps.
fn render(source: &str, name: &str, maps: &[Value], ctx: &mut Ctx) -> Result<Value, CallError> {
    let profile = ctx.profile();
    let expr = crate::syntax::parse_template(source, name, &Limits::default(), profile)
        .map_err(|d| CallError::call(diagnostics_error(source, name, &d, profile)))?;
    let mut given = SortedMap::new();
    for m in maps {
        match m.unmarked() {
            Value::Map(_, entries) | Value::Object(entries) => {
                for (k, v) in entries.iter() {
                    given.insert(k.clone(), v.clone());
                }
            }
            _ => return Err(CallError::arg(1, "invalid vars value: must be a map")),
        }
    }
    if let Some(bad) = given.keys().find(|k| !crate::text::is_identifier(k)) {
        return Err(CallError::arg(
            1,
            format!(
                "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                go_quote(bad, profile)
            ),
        ));
    }
    let mut vars = ctx.stage_values();
    for (root, span, _) in crate::syntax::traversals(&expr) {
        if !given.contains_key(root) && !vars.contains_key(root) {
            let at = crate::diagnostics::range_text(source, name, span, profile.unicode());
            return Err(match maps.is_empty() {
                true => CallError::arg(
                    0,
                    format!("template refers to variable {} at {at}, but this call has no vars map", go_quote(root, profile)),
                ),
                false => CallError::arg(1, format!("vars map does not contain key {}, referenced at {at}", go_quote(root, profile))),
            });
        }
    }
    for (k, v) in given.iter() {
        vars.insert(k.clone(), v.clone());
    }
    ctx.charge(source.len() as u64 / 16)?;
    let budget = Limits::default().max_steps / 4;
    ctx.charge(budget / 64)?;
    let inside = Templates { string: true, file: 0 };
    ctx.evaluate_isolated(&expr, (source, name), &vars, budget, inside)
        .map_err(|d| CallError::call(diagnostics_error(source, name, &d, profile)))
}

fn any_unknown(a: &[Value]) -> bool {
    a.iter().any(|v| !v.is_known())
}

fn templatestring(a: &[Value], ctx: &mut Ctx) -> CallResult {
    refused("templatestring", ctx)?;
    if any_unknown(a) {
        return Ok(Value::dynamic_unknown());
    }
    render(str_arg(a, 0), "template", &a[1..], ctx)
}

fn templatefile(a: &[Value], ctx: &mut Ctx) -> CallResult {
    refused("templatefile", ctx)?;
    if any_unknown(a) {
        return Ok(Value::dynamic_unknown());
    }
    let path = str_arg(a, 0).to_string();
    let source = files::read(ctx, &path).map_err(|m| CallError::arg(0, m))?;
    let v = render(&source, &path, &a[1..], ctx)?;
    convert(&v, &Type::String, ctx.profile()).map_err(CallError::call)?;
    Ok(Value::unknown(Type::String))
}

fn templatedir(a: &[Value], ctx: &mut Ctx) -> CallResult {
    refused("templatedir", ctx)?;
    if any_unknown(a) {
        return Ok(Value::dynamic_unknown());
    }
    let root = str_arg(a, 0).trim_end_matches('/').to_string();
    let under = format!("{root}/");
    let paths: Vec<String> = ctx
        .given(FILES)
        .and_then(Value::as_mapping)
        .into_iter()
        .flat_map(|m| m.keys())
        .map(|p| crate::functions::filesystem::clean(p))
        .filter(|p| p.starts_with(&under))
        .collect();
    if paths.is_empty() {
        return Err(CallError::call(format!("lstat {}: no such file or directory", str_arg(a, 0))));
    }
    for path in paths {
        let source = files::read(ctx, &path).map_err(CallError::call)?;
        let v = render(&source, &path, &a[1..], ctx)?;
        convert(&v, &Type::String, ctx.profile()).map_err(CallError::call)?;
    }
    Ok(Value::unknown(Type::String))
}

/// Waypoint's `jsonnetVM` checks its options; the file is not evaluated.
fn jsonnet(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let opts = &a[1];
    if let Some(m) = opts.as_mapping().filter(|_| matches!(opts.ty(), Type::Object(_) | Type::Map(_))) {
        let mut errors = Vec::new();
        for key in ["ext_vars", "ext_code", "tla_vars", "tla_code"] {
            let Some(v) = m.get(key).filter(|v| !v.is_null()) else { continue };
            let why = match (v.as_mapping(), v.as_sequence()) {
                (Some(m), _) if m.values().all(|e| e.ty() == Type::String) => continue,
                (None, None) => "must be an object or map",
                _ => "values must be string types",
            };
            errors.push(format!("Option {} {why}", go_quote(key, ctx.profile())));
        }
        if !errors.is_empty() {
            let list: Vec<String> = errors.iter().map(|e| format!("\t* {e}")).collect();
            return Err(CallError::call(format!(
                "{} error{} occurred:\n{}\n\n",
                errors.len(),
                if errors.len() == 1 { "" } else { "s" },
                list.join("\n")
            )));
        }
    }
    Ok(Value::unknown(Type::String))
}
