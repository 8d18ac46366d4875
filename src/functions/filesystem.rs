//! Filesystem functions. Only the pure path functions work here; those that
//! read files or the home directory report that the playground has no
//! filesystem (see `unavailable` in the registry).

use super::{str_arg, CallError, FunctionDef, Param, Ret};
use crate::value::Value;

const PATH: Param = Param::new("path", "string");

/// The home directory `pathexpand` expands `~` into where it is given
/// none (the page; an expression outside a module).
pub const HOME: &str = "/home/playground";

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "basename",
        category: "filesystem",
        params: &[PATH],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Takes a string containing a filesystem path and removes all except the last portion from it.",
        example: "basename(\"foo/bar/baz.txt\")",
        imp: |a, ctx| Ok(Value::string(base(str_arg(a, 0)), ctx.profile())),
    },
    FunctionDef {
        name: "dirname",
        category: "filesystem",
        params: &[PATH],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Takes a string containing a filesystem path and removes the last portion from it.",
        example: "dirname(\"foo/bar/baz.txt\")",
        imp: |a, ctx| Ok(Value::string(dir(str_arg(a, 0)), ctx.profile())),
    },
    FunctionDef {
        name: "pathexpand",
        category: "filesystem",
        params: &[PATH],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Expands a leading ~ to the home directory (the CLI's is `$HOME`; the page's, /home/playground).",
        example: "pathexpand(\"/etc/resolv.conf\")",
        imp: |a, ctx| {
            let p = str_arg(a, 0);
            let Some(rest) = p.strip_prefix('~') else { return Ok(Value::string(p, ctx.profile())) };
            // go-homedir's Expand: `~user` is refused; `~/x` (or `~\x`)
            // is Go's filepath.Join of the home directory and the rest.
            if !(rest.is_empty() || rest.starts_with('/') || rest.starts_with('\\')) {
                return Err(CallError::call("cannot expand user-specific home dir"));
            }
            let home = ctx.module_files().map(|f| f.home.as_str()).filter(|h| !h.is_empty()).unwrap_or(HOME);
            Ok(Value::string(clean(&format!("{home}/{rest}")), ctx.profile()))
        },
    },
];

/// Go's `filepath.Base` with `/` separators.
fn base(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/".into();
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed).to_string()
}

/// Go's `filepath.Dir`: everything before the last separator, cleaned.
fn dir(path: &str) -> String {
    let cut = path.rfind('/').map_or(0, |i| i + 1);
    clean(&path[..cut])
}

/// Go's `filepath.Clean`, lexically.
pub(super) fn clean(path: &str) -> String {
    if path.is_empty() {
        return ".".into();
    }
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            ".." if rooted => {}
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}
