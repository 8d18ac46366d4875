//! `terraform console -scope=ADDR` (Terraform 1.16): expressions
//! evaluated in a module instance of the configuration rather than the
//! root module. The address is read as Terraform reads it (an HCL
//! traversal named `<module scope address>`); the instance's named values
//! are those its planning left. OpenTofu 1.12's console has no such flag.

use super::{ModuleDiagnostic, Source};
use crate::diagnostics::{Diagnostic, Span};
use crate::profile::Profile;
use crate::value::go_quote;

/// What a diagnostic about the scope address is named after.
pub const SCOPE_FILE: &str = "<module scope address>";

/// The normalized module instance address of `text` (`module.a["k"].module.b`,
/// `""` for the root module), or why it is not one.
pub(crate) fn parse(text: &str, profile: Profile) -> Result<String, Vec<ModuleDiagnostic>> {
    if profile == Profile::OpenTofu {
        return Err(vec![
            ModuleDiagnostic::general("Failed to parse command-line flags", "flag provided but not defined: -scope"),
            ModuleDiagnostic::general("Too many command line arguments", "Expected at most one positional argument."),
        ]);
    }
    if text.is_empty() {
        return Ok(String::new());
    }
    let at = |summary: &str, detail: &str, start: usize, end: usize| {
        vec![ModuleDiagnostic {
            kind: super::DiagnosticKind::Other,
            source: Source::Scope,
            warning: false,
            diagnostic: Diagnostic::error(summary, detail, Span::new(start, end)),
        }]
    };
    let mut out = String::new();
    let mut rest = text;
    let mut pos = 0;
    let mut first = true;
    while !rest.is_empty() {
        // `module` (after a dot but the first time), then `.NAME`.
        let step = if first { rest } else { rest.strip_prefix('.').unwrap_or(rest) };
        let skipped = rest.len() - step.len();
        let word_len = step.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')).unwrap_or(step.len());
        let word = &step[..word_len];
        if word != "module" {
            let start = pos + skipped;
            return Err(at(
                "Invalid module instance address",
                "A module instance address must begin with \"module.\".",
                start,
                (start + word_len).min(text.len()),
            ));
        }
        let after = &step[word_len..];
        let Some(name_part) = after.strip_prefix('.') else {
            let p = pos + skipped + word_len;
            return Err(at(
                "Invalid address operator",
                "Prefix \"module.\" must be followed by a module name.",
                p,
                (p + 1).min(text.len()).max(p),
            ));
        };
        let name_len = name_part.find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')).unwrap_or(name_part.len());
        if name_len == 0 || !name_part.starts_with(|c: char| c.is_alphabetic() || c == '_') {
            let p = pos + skipped + word_len;
            return Err(at("Attribute name required", "Dot must be followed by attribute name.", p, p + 1));
        }
        out.push_str(if out.is_empty() { "module." } else { ".module." });
        out.push_str(&name_part[..name_len]);
        let mut tail = &name_part[name_len..];
        let mut consumed = skipped + word_len + 1 + name_len;
        if let Some(inner) = tail.strip_prefix('[') {
            let Some(close) = inner.find(']') else {
                return Err(at(
                    "Missing close bracket on index",
                    "The index operator must end with a closing bracket (\"]\").",
                    pos + consumed,
                    text.len(),
                ));
            };
            let key = inner[..close].trim();
            let normalized = if let Some(s) = key.strip_prefix('"').and_then(|k| k.strip_suffix('"')) {
                go_quote(s, profile)
            } else if let Ok(n) = key.parse::<u64>() {
                n.to_string()
            } else {
                let p = pos + consumed + 1;
                return Err(at(
                    "Invalid index",
                    "Module instance key must be given as a number or a string in double quotes.",
                    p,
                    p + close,
                ));
            };
            out.push('[');
            out.push_str(&normalized);
            out.push(']');
            tail = &inner[close + 1..];
            consumed += close + 2;
        }
        pos += consumed;
        rest = tail;
        first = false;
    }
    Ok(out)
}

/// Terraform's error for a well-formed address no module instance has.
pub(crate) fn missing(addr: &str, profile: crate::profile::Profile) -> ModuleDiagnostic {
    ModuleDiagnostic::general(
        "Failed to retrieve evaluation scope after graph walk",
        format!("The module address {} does not have an evaluation scope. This usually indicates that the module or the specific module instance provided does not exist.", go_quote(addr, profile)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_read_and_normalized_as_terraform_reads_them() {
        let ok = |t: &str| parse(t, Profile::Terraform).unwrap();
        assert_eq!(ok(""), "");
        assert_eq!(ok("module.net"), "module.net");
        assert_eq!(ok("module.many[01]"), "module.many[1]");
        assert_eq!(ok("module.each[\"b\"].module.inner"), "module.each[\"b\"].module.inner");
        let err = |t: &str| parse(t, Profile::Terraform).unwrap_err()[0].diagnostic.summary.clone();
        assert_eq!(err("local.x"), "Invalid module instance address");
        assert_eq!(err("module."), "Attribute name required");
        assert_eq!(err("module.a[x]"), "Invalid index");
        assert_eq!(parse("module.a", Profile::OpenTofu).unwrap_err().len(), 2);
    }
}
