//! Waypoint's version-control functions, over the repository the
//! variables' `__git__` describes (`head`, `tags`, `remotes`,
//! `changes`): without one, they fail as go-git does in a directory that
//! is not a repository.

use super::{def, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret, GIT};
use crate::value::{SortedMap, Type, Value};

pub(super) const REFPRETTY: FunctionDef = def(
    "gitrefpretty",
    "git",
    &[],
    None,
    Ret::Fixed("string"),
    "The tag at HEAD, else its commit hash; with _CHANGES_<unix time> after it when the work tree has changes.",
    "gitrefpretty()",
    refpretty,
);
pub(super) const REFHASH: FunctionDef =
    def("gitrefhash", "git", &[], None, Ret::Fixed("string"), "The commit hash of HEAD.", "gitrefhash()", refhash);
pub(super) const REFTAG: FunctionDef =
    def("gitreftag", "git", &[], None, Ret::Fixed("string"), "The tag at HEAD, or \"\".", "gitreftag()", reftag);
pub(super) const REMOTEURL: FunctionDef = def(
    "gitremoteurl",
    "git",
    &[Param::new("name", "string")],
    None,
    Ret::Fixed("string"),
    "The first URL of a remote (unknown when there is no such remote).",
    "gitremoteurl(\"origin\")",
    remoteurl,
);

/// The repository: its description in the variables.
fn repo<'c>(ctx: &'c Ctx) -> Result<&'c SortedMap<Value>, CallError> {
    ctx.given(GIT).and_then(Value::as_mapping).ok_or_else(|| CallError::call("repository does not exist"))
}

fn head(repo: &SortedMap<Value>) -> Result<String, CallError> {
    match repo.get("head").and_then(Value::as_str) {
        Some(h) if !h.is_empty() => Ok(h.to_string()),
        _ => Err(CallError::call("error getting repo HEAD reference - this repo may have no commits: reference not found")),
    }
}

/// The tags at `hash`, in go-git's order (loose references by name).
fn tags_at(repo: &SortedMap<Value>, hash: &str) -> Vec<String> {
    let tags = repo.get("tags").and_then(Value::as_mapping);
    tags.into_iter().flat_map(|m| m.iter()).filter(|(_, h)| h.as_str() == Some(hash)).map(|(name, _)| name.clone()).collect()
}

fn refpretty(_: &[Value], ctx: &mut Ctx) -> CallResult {
    let repo = repo(ctx)?;
    let hash = head(repo)?;
    // Waypoint stops at the first tag it meets.
    let mut out = tags_at(repo, &hash).into_iter().next().unwrap_or(hash);
    if matches!(repo.get("changes"), Some(Value::Bool(true))) {
        let now = chrono::Utc::now().timestamp();
        out.push_str(&format!("_CHANGES_{now}"));
    }
    Ok(Value::string(out, ctx.profile()))
}

fn refhash(_: &[Value], ctx: &mut Ctx) -> CallResult {
    let hash = head(repo(ctx)?)?;
    Ok(Value::string(hash, ctx.profile()))
}

fn reftag(_: &[Value], ctx: &mut Ctx) -> CallResult {
    let repo = repo(ctx)?;
    let hash = head(repo)?;
    // Waypoint keeps the last tag it meets.
    Ok(Value::string(tags_at(repo, &hash).pop().unwrap_or_default(), ctx.profile()))
}

fn remoteurl(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let repo = repo(ctx)?;
    let remote = repo.get("remotes").and_then(Value::as_mapping).and_then(|m| m.get(str_arg(a, 0)));
    let first = remote.and_then(|r| r.as_sequence()).and_then(|urls| urls.first()).and_then(Value::as_str);
    Ok(match first {
        Some(url) => Value::string(url, ctx.profile()),
        None => Value::unknown(Type::String),
    })
}
