//! `templatestring`: a string parsed as a template and evaluated with the
//! second argument's attributes as its only variables. OpenTofu's form
//! takes any string (a literal too) and gives the template's own value;
//! Terraform's takes a reference to a string elsewhere (checked by the
//! evaluator, which sees the expression), forbids nested template and
//! filesystem functions, and converts the result to a string.

use super::super::{str_arg, CallError, CallResult, Ctx};
use crate::limits::Limits;
use crate::profile::Profile;
use crate::value::convert::convert;
use crate::value::go_quote;
use crate::value::{SortedMap, Type, Value};

/// What the engines call the template text in their messages.
fn template_name(profile: Profile) -> &'static str {
    match profile {
        Profile::OpenTofu => "NoFileNeeded",
        _ => "<templatestring argument>",
    }
}

/// Why `name` cannot be called inside a template that `templatestring` is
/// rendering, if it cannot (Terraform gives the template a function table
/// without the template and filesystem functions; the legacy profile
/// refuses nested `templatestring` calls, OpenTofu nothing).
pub fn refused_in_template(name: &str, profile: Profile, inside: crate::functions::Templates) -> Option<String> {
    if !inside.string {
        return None;
    }
    let plain = name.strip_prefix("core::").unwrap_or(name);
    match profile {
        Profile::OpenTofu => None,
        Profile::Terraform if plain == "templatefile" || plain == "templatestring" => {
            Some(format!("cannot recursively call {plain} from inside another template function"))
        }
        Profile::Terraform if TERRAFORM_FILESYSTEM.contains(&plain) => Some(format!(
            "cannot use filesystem access functions like {plain} in templatestring templates; consider passing the function result as a template variable instead"
        )),
        Profile::Hcl214 if plain == "templatestring" => {
            Some("cannot recursively call templatestring from inside another template function".into())
        }
        _ => None,
    }
}

/// Terraform's `filesystemFunctions`.
const TERRAFORM_FILESYSTEM: &[&str] = &[
    "file",
    "fileexists",
    "fileset",
    "filebase64",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
];

/// `templatestring(template, vars)`.
pub(super) fn templatestring(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    if let Some(why) = refused_in_template("templatestring", profile, ctx.templates()) {
        return Err(CallError::call(why));
    }
    let name = template_name(profile);
    let source = str_arg(a, 0);
    let template_marks = a[0].marks();
    let (vars, vars_marks) = a[1].clone().unmark();
    if profile == Profile::OpenTofu && !vars_marks.is_empty() {
        // OpenTofu reads the marked vars value's attributes: a go-cty panic.
        return Err(CallError::panic("value is marked, so must be unmarked first"));
    }
    ctx.charge(source.len() as u64 / 16)?;
    let expr = crate::syntax::parse_template(source, name, &Limits::default(), profile).map_err(|d| match profile {
        Profile::Terraform => CallError::arg(0, format!("invalid template: {}", diagnostics_error(source, name, &d, ctx.profile()))),
        _ => CallError::call(diagnostics_error(source, name, &d, ctx.profile())),
    })?;
    let vars = template_vars(&vars, ctx.profile())?;
    for (root, _) in crate::syntax::variable_references(&expr) {
        if !vars.contains_key(root) {
            let at = match profile {
                Profile::Terraform => format!(
                    ", referenced at {}",
                    crate::diagnostics::range_text(source, name, root_span(source, root), ctx.profile().unicode())
                ),
                _ => String::new(),
            };
            return Err(CallError::arg(1, format!("vars map does not contain key {}{at}", go_quote(root, ctx.profile()))));
        }
    }
    // The template runs in an evaluator of its own, whose work the caller
    // pays for: it gets a small budget, charged in advance, and a larger
    // one (four times) whenever that runs out, up to the usual limit.
    let inside = crate::functions::Templates { string: true, file: 0 };
    let mut budget: u64 = 256;
    let v = loop {
        ctx.charge(budget)?;
        let errors = match ctx.evaluate_isolated(&expr, (source, name), &vars, budget, inside) {
            Ok(v) => break v,
            Err(errors) => errors,
        };
        let exhausted = errors.iter().any(|d| d.code == crate::diagnostics::Code::TooExpensive);
        if !exhausted || budget >= Limits::default().max_steps {
            return Err(CallError::call(diagnostics_error(source, name, &errors, ctx.profile())));
        }
        budget *= 4;
    };
    if profile != Profile::Terraform {
        let marks = if profile == Profile::OpenTofu { template_marks } else { template_marks | vars_marks };
        return Ok(v.with_marks(marks));
    }
    if v.is_null() {
        let whole = crate::diagnostics::Span { start: 0, end: source.len() };
        return Err(CallError::call(format!(
            "{}: Template result is null; The result of the template is null, which is not a valid result for a templatestring call.",
            crate::diagnostics::range_text(source, name, whole, ctx.profile().unicode())
        )));
    }
    let v = convert(&v, &Type::String, ctx.profile()).map_err(|m| CallError::call(format!("invalid template result: {m}")))?;
    Ok(v.with_marks(template_marks))
}

/// Where a variable reference's root name is in the template text (for
/// Terraform's message): its first occurrence as a name, after the first
/// interpolation or directive opens.
/// The variables of a template function's call (`templatestring`,
/// `templatefile`): a map or object whose keys are all identifiers.
pub fn template_vars(vars: &Value, profile: Profile) -> Result<&SortedMap<Value>, CallError> {
    let vars = match vars {
        Value::Map(_, m) | Value::Object(m) => m,
        _ => return Err(CallError::arg(1, "invalid vars value: must be a map")),
    };
    if let Some(bad) = vars.keys().find(|k| !crate::text::is_identifier(k)) {
        return Err(CallError::arg(
            1,
            format!(
                "invalid template variable name {}: must start with a letter, followed by zero or more letters, digits, and underscores",
                go_quote(bad, profile)
            ),
        ));
    }
    Ok(vars)
}

fn root_span(source: &str, name: &str) -> crate::diagnostics::Span {
    let b = source.as_bytes();
    let opens = (0..b.len()).find(|&i| matches!(b[i], b'$' | b'%') && b.get(i + 1) == Some(&b'{') && (i == 0 || b[i - 1] != b[i]));
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'-' || c >= 0x80;
    let mut from = opens.unwrap_or(0);
    while let Some(at) = source[from..].find(name).map(|i| i + from) {
        let end = at + name.len();
        let before = at.checked_sub(1).map(|i| b[i]);
        if !before.is_some_and(|c| word(c) || c == b'.') && !b.get(end).is_some_and(|&c| word(c)) {
            return crate::diagnostics::Span { start: at, end };
        }
        from = end;
    }
    crate::diagnostics::Span::default()
}

/// `hcl.Diagnostics.Error()` for diagnostics about a text called
/// `filename`: the first with its range, and how many others there are.
pub fn diagnostics_error(source: &str, filename: &str, diags: &[crate::diagnostics::Diagnostic], profile: Profile) -> String {
    let Some(d) = diags.first() else { return "invalid template".into() };
    let range = crate::diagnostics::range_text(source, filename, d.subject, profile.unicode());
    let first = format!("{range}: {}; {}", d.summary, d.detail);
    match diags.len() {
        1 => first,
        n => format!("{first}, and {} other diagnostic(s)", n - 1),
    }
}
