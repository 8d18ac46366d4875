//! Checks Terraform (or OpenTofu) makes of a module before evaluating
//! anything, which stop the console: the workspace name, the core
//! version the module requires, provisioner plugins, and provider
//! configurations resources name. And the console's consolidation of
//! repeated warnings.

use crate::diagnostics::Diagnostic;
use crate::module::load::config::Config;
use crate::module::load::{Installation, Module, ModuleDiagnostic, Source};
use crate::profile::Profile;
use crate::value::go_quote;

/// The version Terraform's messages name (the recorded 1.16.4 build).
const TERRAFORM_VERSION: &str = "1.16.4-dev";
const TERRAFORM_CORE: [u64; 3] = [1, 16, 4];

/// Every check, in the order the programs make them.
pub(crate) fn before_evaluation(module: &Module, diags: &mut Vec<ModuleDiagnostic>, profile: crate::profile::Profile) {
    let opts = &module.options;
    let tofu = opts.profile == Profile::OpenTofu;
    if !valid_workspace(&opts.workspace) {
        diags.push(ModuleDiagnostic::general("Invalid workspace name set using TF_WORKSPACE", ""));
    }
    let root = &module.root().config;
    if !tofu {
        required_version(root, diags);
    } else {
        compatible_with(root, diags);
    }
    provisioners(root, tofu, diags, profile);
    if tofu {
        crate::module::load::provider_functions::check_declared(root, &expressions(root), diags, profile);
    }
    provider_aliases(root, tofu, diags, profile);
    if tofu {
        provider_for_each(root, &module.files, diags);
    }
    // OpenTofu's installer looks for a duplicate call's module too.
    if tofu && !matches!(opts.installation, Installation::Assumed | Installation::Complete) {
        for loc in &root.duplicate_modules {
            let detail = "This module is not yet installed. Run \"tofu init\" to install all modules required by this configuration.";
            diags.push(ModuleDiagnostic::at(loc.file, Diagnostic::error("Module not installed", detail, loc.span)));
        }
    }
}

/// Every expression of a module, with its file.
fn expressions(c: &Config) -> Vec<(&crate::syntax::ast::Expression, usize)> {
    let mut out = Vec::new();
    for v in &c.variables {
        for r in &v.validations {
            out.extend([(&r.condition, r.file), (&r.error_message, r.file)]);
        }
    }
    out.extend(c.locals.iter().map(|l| (&l.expr, l.decl.file)));
    for o in &c.outputs {
        out.extend(o.value.iter().map(|e| (e, o.file)));
        for r in &o.preconditions {
            out.extend([(&r.condition, r.file), (&r.error_message, r.file)]);
        }
    }
    for r in &c.resources {
        out.extend(super::resource_exprs(r));
    }
    for m in &c.modules {
        out.extend(m.arguments.iter().map(|a| (&a.expr, m.file)));
    }
    for ch in &c.checks {
        for r in &ch.asserts {
            out.extend([(&r.condition, r.file), (&r.error_message, r.file)]);
        }
    }
    out
}

/// A workspace name Terraform accepts: one `url.PathEscape` leaves as it
/// is.
fn valid_workspace(name: &str) -> bool {
    name.chars().all(|c| c.is_ascii_alphanumeric() || "-_.~$&+:=@".contains(c))
}

/// `terraform { required_version }` against Terraform's version (a
/// prerelease matches by its version core).
fn required_version(config: &Config, diags: &mut Vec<ModuleDiagnostic>) {
    for (constraint, loc) in &config.required_versions {
        if matches(constraint, TERRAFORM_CORE) == Some(false) {
            let detail = format!("This configuration does not support Terraform version {TERRAFORM_VERSION}. To proceed, either choose another supported Terraform version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior.");
            diags.push(ModuleDiagnostic::at(loc.file, Diagnostic::error("Unsupported Terraform Core version", detail, loc.span)));
        }
    }
}

/// The version OpenTofu's messages name (the recorded release).
const OPENTOFU_VERSION: &str = "1.12.6";
const OPENTOFU_CORE: [u64; 3] = [1, 12, 6];

/// OpenTofu's `language { compatible_with { opentofu = ... } }`.
fn compatible_with(config: &Config, diags: &mut Vec<ModuleDiagnostic>) {
    for (constraint, loc) in &config.compatible_with {
        if matches(constraint, OPENTOFU_CORE) == Some(false) {
            let detail = format!("This module is not compatible with OpenTofu v{OPENTOFU_VERSION}.\n\nTo proceed, either choose another supported OpenTofu version or update this version constraint. Version constraints are normally set for good reason, so updating the constraint may lead to other errors or unexpected behavior.");
            diags.push(ModuleDiagnostic::at(loc.file, Diagnostic::error("Incompatible module", detail, loc.span)));
        }
    }
}

/// Whether `version` meets a go-version constraint list (`>= 1.2, < 2`,
/// `~> 1.5`); `None` when the constraint cannot be read.
pub(crate) fn matches(constraints: &str, version: [u64; 3]) -> Option<bool> {
    for c in constraints.split(',') {
        let c = c.trim();
        let (op, rest) =
            ["~>", ">=", "<=", "!=", ">", "<", "="].iter().find_map(|op| c.strip_prefix(op).map(|r| (*op, r))).unwrap_or(("=", c));
        let rest = rest.trim().trim_start_matches('v');
        let parts: Vec<u64> = rest.split('.').map(|p| p.parse().ok()).collect::<Option<Vec<_>>>()?;
        if parts.is_empty() || parts.len() > 3 {
            return None;
        }
        let mut want = [0u64; 3];
        want[..parts.len()].copy_from_slice(&parts);
        let ok = match op {
            "=" => version == want,
            "!=" => version != want,
            ">" => version > want,
            ">=" => version >= want,
            "<" => version < want,
            "<=" => version <= want,
            _ => {
                // `~> 1.2` allows 1.x from 1.2; `~> 1.2.3` allows 1.2.x.
                let mut upper = want;
                let at = parts.len().saturating_sub(2);
                upper[at] += 1;
                for u in upper.iter_mut().skip(at + 1) {
                    *u = 0;
                }
                version >= want && version < upper
            }
        };
        if !ok {
            return Some(false);
        }
    }
    Some(true)
}

/// Provisioners come from plugins: only the built-in ones exist here.
fn provisioners(config: &Config, tofu: bool, diags: &mut Vec<ModuleDiagnostic>, profile: crate::profile::Profile) {
    let mut seen: Vec<&str> = Vec::new();
    for r in &config.resources {
        for p in r.provisioners.iter().filter(|p| p.block.kind == "provisioner") {
            let kind = p.block.labels.first().map_or("", |(k, _)| k.as_str());
            if matches!(kind, "file" | "local-exec" | "remote-exec") || seen.contains(&kind) {
                continue;
            }
            seen.push(kind);
            let d = match tofu {
                true => ModuleDiagnostic::general(
                    format!("failed to read provisioner configuration schema for {0}: failed to instantiate provisioner {0} to obtain schema: unavailable provisioner {0}", go_quote(kind, profile)),
                    "",
                ),
                false => ModuleDiagnostic::general(
                    "Missing required provisioner plugin",
                    format!("This configuration requires provisioner plugin {}, which isn't available. If you're intending to use an external provisioner plugin, you must install it manually into one of the plugin search directories before running Terraform.", go_quote(kind, profile)),
                ),
            };
            diags.push(d);
        }
    }
}

/// The provider's address as messages name it.
pub(crate) fn provider_fqn(config: &Config, name: &str, tofu: bool) -> String {
    let source = config.required_providers.iter().find(|(n, _)| n == name).and_then(|(_, s)| s.clone());
    let registry = if tofu { "registry.opentofu.org" } else { "registry.terraform.io" };
    match source {
        Some(s) if s.matches('/').count() == 2 => s,
        Some(s) if s.contains('/') => format!("{registry}/{s}"),
        _ if name == "terraform" => "terraform.io/builtin/terraform".into(),
        _ => format!("{registry}/hashicorp/{name}"),
    }
}

/// A resource naming a provider configuration (`provider = x.alias`)
/// that no `provider` block declares.
fn provider_aliases(config: &Config, tofu: bool, diags: &mut Vec<ModuleDiagnostic>, profile: crate::profile::Profile) {
    for r in &config.resources {
        let Some((name, Some(alias))) = &r.provider else { continue };
        if config.providers.iter().any(|c| c.name == *name && c.alias.as_deref() == Some(alias.as_str())) {
            continue;
        }
        let fqn = provider_fqn(config, name, tofu);
        let d = match tofu {
            true => ModuleDiagnostic::general(
                "Provider configuration not present",
                format!("To work with {0} its original provider configuration at provider[{1}].{alias} is required, but it has been removed. This occurs when a provider configuration is removed while objects created by that provider still exist in the state. Re-add the provider configuration to destroy {0}, after which you can remove the provider configuration again.", r.address(), go_quote(&fqn, profile)),
            ),
            false => ModuleDiagnostic::general(
                "Undefined provider configuration",
                format!("The root module declares that it requires the caller to pass a configuration for provider {fqn} with alias {}.", go_quote(alias, profile)),
            ),
        };
        diags.push(d);
    }
}

/// OpenTofu's warning for a resource whose `for_each` is its provider
/// configuration's: removing an element would remove the provider instance
/// its resource instance needs to be destroyed.
fn provider_for_each(config: &Config, files: &[(String, String)], diags: &mut Vec<ModuleDiagnostic>) {
    let text =
        |file: usize, e: &crate::syntax::ast::Expression| files.get(file).and_then(|(_, t)| t.get(e.span.start..e.span.end)).map(str::trim);
    for r in &config.resources {
        let (Some((name, Some(alias))), Some(fe)) = (&r.provider, &r.for_each) else { continue };
        let Some(pc) = config.providers.iter().find(|c| c.name == *name && c.alias.as_deref() == Some(alias.as_str())) else { continue };
        let Some(pfe) = pc.body.attribute("for_each") else { continue };
        if text(pc.file, &pfe.expr).is_none() || text(pc.file, &pfe.expr) != text(r.file, fe) {
            continue;
        }
        let detail = format!("This provider configuration uses the same for_each expression as a resource, which means that subsequent removal of elements from this collection would cause a planning error.\n\nOpenTofu relies on a provider instance to destroy resource instances that are associated with it, and so the provider instance must outlive all of its resource instances by at least one plan/apply round. For removal of instances to succeed in future you must structure the configuration so that the provider block's for_each expression can produce a superset of the instances of the resources associated with the provider configuration. Refer to the OpenTofu documentation for specific suggestions.\n\nTo destroy this object before removing the provider configuration, consider first performing a targeted destroy:\n    tofu apply -destroy -target={}", r.address());
        let d = Diagnostic::error("Provider configuration for_each matches resource", detail, fe.span);
        diags.push(ModuleDiagnostic {
            kind: crate::module::load::DiagnosticKind::Other,
            source: Source::File(r.file),
            warning: true,
            diagnostic: d,
        });
    }
}

/// The console's `ConsolidateWarnings(1)`: warnings with a source and the
/// same summary become the first of them, which says how many more there
/// were; those `together` refuses stay apart.
pub(crate) fn consolidate_warnings(diags: Vec<ModuleDiagnostic>, together: impl Fn(&ModuleDiagnostic) -> bool) -> Vec<ModuleDiagnostic> {
    let mut out: Vec<ModuleDiagnostic> = Vec::with_capacity(diags.len());
    let mut groups: Vec<(String, usize, usize)> = Vec::new();
    for d in diags {
        if !d.warning || matches!(d.source, Source::None) || !together(&d) {
            out.push(d);
            continue;
        }
        if let Some(g) = groups.iter_mut().find(|g| g.0 == d.diagnostic.summary) {
            g.2 += 1;
            continue;
        }
        groups.push((d.diagnostic.summary.clone(), out.len(), 0));
        out.push(d);
    }
    for (_, at, extra) in groups {
        if extra == 0 {
            continue;
        }
        let msg = match extra {
            1 => "(and one more similar warning elsewhere)".to_string(),
            n => format!("(and {n} more similar warnings elsewhere)"),
        };
        let detail = &mut out[at].diagnostic.detail;
        *detail = if detail.is_empty() { msg } else { format!("{detail}\n\n{msg}") };
    }
    out
}
