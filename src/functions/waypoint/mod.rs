//! Waypoint's own functions (its `pkg/config/funcs`, v0.11.4), and those
//! it registers under a Terraform name with other rules: `replace`
//! without regular expressions (go-cty's), `base64decode`'s message, the
//! file functions that want absolute paths, and its template functions.
//! What Waypoint reads from disk (files, the git repository at
//! `path.pwd`) comes from the variables (see
//! `crate::eval::waypoint_scope`).

mod bexpr;
mod files;
mod git;
mod selector;
mod templates;

use super::{str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::value::Value;

/// Where the files the variables' `__files__` gives are kept.
pub const FILES: &str = "waypoint:files";
/// Where the repository the variables' `__git__` describes is kept.
pub const GIT: &str = "waypoint:git";

const STR: Param = Param::new("str", "string");

// The registry's fields in its order, for tables of one-line entries.
#[allow(clippy::too_many_arguments)]
const fn def(
    name: &'static str,
    category: &'static str,
    params: &'static [Param],
    variadic: Option<Param>,
    ret: Ret,
    description: &'static str,
    example: &'static str,
    imp: fn(&[Value], &mut Ctx) -> CallResult,
) -> FunctionDef {
    FunctionDef { name, category, params, variadic, ret, description, example, imp }
}

/// Waypoint's functions that the registry's Terraform ones do not stand
/// for; with the registry's that [`super::available`] lists, the 78
/// functions of its `AddStandardFunctions` and template functions.
pub static FUNCTIONS: &[FunctionDef] = &[
    def(
        "replace",
        "string",
        &[Param::new("str", "string"), Param::new("substr", "string"), Param::new("replace", "string")],
        None,
        Ret::Fixed("string"),
        "Replaces every occurrence of a substring (go-cty's: no regular expressions).",
        "replace(\"1 + 2 + 3\", \"+\", \"-\")",
        replace,
    ),
    def(
        "base64decode",
        "encoding",
        &[STR],
        None,
        Ret::Fixed("string"),
        "Decodes a Base64 string to the UTF-8 text it encodes.",
        "base64decode(\"SGVsbG8=\")",
        base64decode,
    ),
    files::FILE,
    files::FILEBASE64,
    files::FILEEXISTS,
    files::FILESET,
    files::ABSPATH,
    git::REFPRETTY,
    git::REFHASH,
    git::REFTAG,
    git::REMOTEURL,
    selector::MATCH,
    selector::LOOKUP,
    templates::TEMPLATESTRING,
    templates::TEMPLATEFILE,
    templates::TEMPLATEDIR,
    templates::JSONNETFILE,
    templates::JSONNETDIR,
];

/// go-cty's `ReplaceFunc`: Go's `strings.Replace(str, substr, replace, -1)`.
fn replace(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (s, from, to) = (str_arg(a, 0), str_arg(a, 1), str_arg(a, 2));
    let out = if from.is_empty() {
        // Go inserts the replacement before every rune and at the end.
        let mut out = String::with_capacity(s.len() + to.len() * (s.chars().count() + 1));
        for c in s.chars() {
            out.push_str(to);
            out.push(c);
        }
        out.push_str(to);
        out
    } else {
        s.replace(from, to)
    };
    ctx.check_string(out.len())?;
    Ok(Value::string(out, ctx.profile()))
}

fn base64decode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let s = str_arg(a, 0);
    let bytes = super::encoding::base64::go_base64_decode(s.as_bytes())
        .map_err(|_| CallError::call(format!("failed to decode base64 data '{s}'")))?;
    let text = String::from_utf8(bytes).map_err(|_| CallError::call("the result of decoding the provided string is not valid UTF-8"))?;
    Ok(Value::string(text, ctx.profile()))
}
