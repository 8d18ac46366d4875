//! Waypoint's file functions (Terraform's of 2020 with absolute paths
//! required), over the files the variables' `__files__` gives.

use super::{def, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret, FILES};
use crate::functions::filesystem::clean;
use crate::value::{Type, Value};

const PATH: Param = Param::new("path", "string");

pub(super) const FILE: FunctionDef = def(
    "file",
    "filesystem",
    &[PATH],
    None,
    Ret::Fixed("string"),
    "Reads a file (an absolute path) as UTF-8 text.",
    "file(\"${path.project}/README.md\")",
    file,
);
pub(super) const FILEBASE64: FunctionDef = def(
    "filebase64",
    "filesystem",
    &[PATH],
    None,
    Ret::Fixed("string"),
    "Reads a file (an absolute path), Base64-encoded.",
    "filebase64(\"${path.project}/README.md\")",
    filebase64,
);
pub(super) const FILEEXISTS: FunctionDef = def(
    "fileexists",
    "filesystem",
    &[PATH],
    None,
    Ret::Fixed("bool"),
    "Whether a regular file exists at an absolute path.",
    "fileexists(\"${path.project}/Dockerfile\")",
    fileexists,
);
pub(super) const FILESET: FunctionDef = def(
    "fileset",
    "filesystem",
    &[PATH, Param::new("pattern", "string")],
    None,
    Ret::Fixed("set(string)"),
    "The files under an absolute directory that a pattern matches, relative to it.",
    "fileset(path.project, \"*.md\")",
    fileset,
);
pub(super) const ABSPATH: FunctionDef = def(
    "abspath",
    "filesystem",
    &[PATH],
    None,
    Ret::Fixed("string"),
    "An absolute path: a relative one is taken from path.pwd (Waypoint takes it from the process's directory).",
    "abspath(\"/srv/../etc\")",
    abspath,
);

const NOT_ABSOLUTE: &str = "filepath must be absolute; use `path.*` variables to make the path absolute";

/// The files given, by cleaned absolute path.
fn given<'c>(ctx: &'c Ctx) -> impl Iterator<Item = (String, &'c str)> + 'c {
    let files = ctx.given(FILES).and_then(Value::as_mapping);
    files.into_iter().flat_map(|m| m.iter()).filter_map(|(p, v)| Some((clean(p), v.as_str()?)))
}

/// The path cleaned, where Waypoint takes it: `~` expanded (the
/// playground has no home directory) and absolute.
fn absolute(path: &str) -> Result<String, String> {
    if path.starts_with('~') {
        return Err("failed to expand ~: the playground has no home directory".into());
    }
    if !path.starts_with('/') {
        return Err(NOT_ABSOLUTE.into());
    }
    Ok(clean(path))
}

/// Waypoint's `readFileBytes`.
pub(super) fn read(ctx: &Ctx, path: &str) -> Result<String, String> {
    let path = absolute(path)?;
    let mut is_dir = false;
    for (p, text) in given(ctx) {
        if p == path {
            return Ok(text.to_string());
        }
        is_dir |= p.starts_with(&format!("{}/", path.trim_end_matches('/')));
    }
    Err(match is_dir {
        true => format!("failed to read {path}"),
        false => format!("no file exists at {path}"),
    })
}

fn file(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let text = read(ctx, str_arg(a, 0)).map_err(|m| CallError::arg(0, m))?;
    Ok(Value::string(text, ctx.profile()))
}

fn filebase64(a: &[Value], ctx: &mut Ctx) -> CallResult {
    use base64::Engine;
    let text = read(ctx, str_arg(a, 0)).map_err(|m| CallError::arg(0, m))?;
    Ok(Value::string(base64::engine::general_purpose::STANDARD.encode(text), ctx.profile()))
}

fn fileexists(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let path = absolute(str_arg(a, 0)).map_err(CallError::call)?;
    let under = format!("{}/", path.trim_end_matches('/'));
    let (mut file, mut dir) = (false, false);
    for (p, _) in given(ctx) {
        file |= p == path;
        dir |= p.starts_with(&under);
    }
    if !file && dir {
        return Err(CallError::call(format!("{path} is not a regular file, but \"drwxr-xr-x\"")));
    }
    Ok(Value::Bool(file))
}

fn fileset(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (path, pattern) = (str_arg(a, 0), str_arg(a, 1));
    if !path.starts_with('/') {
        return Err(CallError::call(NOT_ABSOLUTE));
    }
    let joined = clean(&format!("{path}/{pattern}"));
    let glob = crate::functions::glob::Pattern::new(&joined)
        .map_err(|_| CallError::call(format!("failed to glob pattern ({joined}): syntax error in pattern")))?;
    let dir = clean(path);
    let mut found = Vec::new();
    for (p, _) in given(ctx) {
        if glob.matches(&p) {
            let rel = p.strip_prefix(&format!("{}/", dir.trim_end_matches('/'))).map(str::to_string);
            found.push(Value::string(rel.unwrap_or(p), ctx.profile()));
        }
    }
    Ok(Value::set(Type::String, found, ctx.profile()))
}

fn abspath(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let path = str_arg(a, 0);
    let pwd = ctx.given("path").and_then(Value::as_mapping).and_then(|m| m.get("pwd")).and_then(Value::as_str).unwrap_or("/");
    let abs = match path.starts_with('/') {
        true => clean(path),
        false => clean(&format!("{pwd}/{path}")),
    };
    Ok(Value::string(abs, ctx.profile()))
}
