//! Installing child modules as `terraform init` does: each `module`
//! block's `source` found among the module's files, from the root down,
//! with the errors Terraform reports while installing and loading them
//! (a call's arguments checked against the child's variables), and the
//! lock file's refusal of providers `init` never selected.

use super::config::{literal_string, ModuleCall, Variable};
use super::schema::{content, missing_item_range, Schema};
use super::{Installation, Module, ModuleDiagnostic};
use crate::diagnostics::Diagnostic;
use crate::profile::Profile;
use crate::value::{go_quote, SortedMap, Value};
use std::collections::HashMap;

/// How deep modules may nest.
pub(crate) const MAX_DEPTH: usize = 32;

/// Which directory each module call runs, by the calling directory and
/// the call's index in it; calls without one have outputs not known.
#[derive(Default)]
pub(crate) struct Installed(HashMap<(usize, usize), usize>);

impl Installed {
    /// The directories of the configuration: the root and those its
    /// module calls run.
    pub fn dirs(&self) -> std::collections::BTreeSet<usize> {
        std::iter::once(0).chain(self.0.values().copied()).collect()
    }

    /// The directory call `call` of directory `dir` runs, if known.
    pub fn child(&self, dir: usize, call: usize) -> Option<usize> {
        self.0.get(&(dir, call)).copied()
    }
}

/// Finds every module call's directory, from the root down, as `terraform
/// init` would install them, with the errors Terraform reports while
/// loading them; `root_vars` give `source` arguments that read a variable.
pub(crate) fn resolve(
    module: &Module,
    root_vars: &SortedMap<Value>,
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) -> Installed {
    let mut installed = Installed::default();
    let opts = &module.options;
    let tofu = opts.profile == Profile::OpenTofu;
    let engine = if tofu { "tofu" } else { "terraform" };
    let not_installed =
        format!("This module is not yet installed. Run \"{engine} init\" to install all modules required by this configuration.");
    if opts.installation == Installation::Uninitialized {
        lock_file(module, diags);
    }
    let start = diags.len();
    // Terraform's `init` fails on a child module that does not load or a
    // call it refuses, and then records no module at all.
    let mut init_failed = false;
    // Directories to visit, with the chain of directories above each.
    // and the call's key (`parent.child`) as `init` records it.
    let mut work: Vec<(usize, Vec<usize>, String)> = vec![(0, Vec::new(), String::new())];
    let mut reached = vec![false; module.dirs.len()];
    reached[0] = true;
    let recorded = installed_dirs(module);
    // A workspace of directories: the configuration's files are all here.
    let in_directories = module.paths().any(|n| n.contains('/'));
    while let Some((d, chain, key)) = work.pop() {
        let dir = module.dir_at(d);
        for (i, call) in dir.config.modules.iter().enumerate() {
            let Some(source_expr) = &call.source else { continue };
            let Some(source) = source_value(module, d, call, source_expr, root_vars, diags, profile) else { continue };
            let local = source.starts_with("./") || source.starts_with("../");
            let call_key = if key.is_empty() { call.name.clone() } else { format!("{key}.{}", call.name) };
            // A registry or remote module is where `init` put it, if its
            // files are here (`.terraform/modules/modules.json`).
            let target = match local {
                true => join(&dir.path, &source).and_then(|p| module.dir(&p)),
                false => recorded.get(&call_key).and_then(|p| module.dir(p)),
            };
            let fail = |diags: &mut Vec<ModuleDiagnostic>, detail: String| {
                diags.push(ModuleDiagnostic::at(call.decl.file, Diagnostic::error("Module not installed", detail, call.decl.span)));
            };
            let Some(t) = target else {
                match opts.installation {
                    // `init` would fail: the files are all here, and none is there.
                    Installation::Complete if local => unreadable(module, &dir.path, &source, call, diags),
                    Installation::Assumed if local && in_directories => unreadable(module, &dir.path, &source, call, diags),
                    Installation::Assumed | Installation::Complete => {}
                    Installation::Uninitialized => fail(diags, not_installed.clone()),
                    Installation::Initialized if tofu && local => fail(diags, "This module's local cache directory  could not be read. Run \"tofu init\" to install all modules required by this configuration.".into()),
                    // Terraform's `init` fails on it, and then records no module.
                    Installation::Initialized if local => init_failed = true,
                    Installation::Initialized => fail(diags, not_installed.clone()),
                }
                continue;
            };
            if opts.installation == Installation::Uninitialized {
                fail(diags, not_installed.clone());
                continue;
            }
            if chain.contains(&t) || t == d || chain.len() >= MAX_DEPTH {
                let detail = format!(
                    "The module {} calls itself, directly or through other modules, or modules nest deeper than {MAX_DEPTH} levels.",
                    go_quote(module.dir_at(t).path_module(), profile)
                );
                diags.push(ModuleDiagnostic::at(call.decl.file, Diagnostic::error("Module nesting too deep", detail, call.decl.span)));
                continue;
            }
            let child = module.dir_at(t);
            if !tofu && opts.installation == Installation::Initialized {
                // An argument the child does not declare, or a child that
                // does not load: `init` fails.
                if unsupported_arguments(call, &child.config.variables) || child.diags.iter().any(|d| !d.warning) {
                    init_failed = true;
                    continue;
                }
            }
            if !reached[t] {
                reached[t] = true;
                diags.extend(child.diags.iter().cloned());
            }
            check_arguments(call, &child.config.variables, diags, profile);
            installed.0.insert((d, i), t);
            let mut below = chain.clone();
            below.push(d);
            work.push((t, below, call_key));
        }
    }
    if init_failed {
        // The root module's calls then find no installed module.
        diags.truncate(start);
        installed.0.clear();
        for call in &module.root().config.modules {
            let Some(source_expr) = &call.source else { continue };
            if source_value(module, 0, call, source_expr, root_vars, diags, profile).is_some() {
                diags.push(ModuleDiagnostic::at(
                    call.decl.file,
                    Diagnostic::error("Module not installed", not_installed.clone(), call.decl.span),
                ));
            }
        }
    }
    installed
}

/// `init`'s refusal of a local `source` that names no directory of the
/// module's files: `lstat` of the first missing step of the path, then
/// the call (`init` places neither; the call is placed here, for a
/// range to show).
fn unreadable(module: &Module, from: &str, source: &str, call: &ModuleCall, diags: &mut Vec<ModuleDiagnostic>) {
    let Some(path) = join(from, source) else { return };
    let exists = |p: &str| module.paths().any(|n| n.starts_with(&format!("{p}/")));
    let mut missing = String::new();
    for step in path.split('/') {
        if !missing.is_empty() {
            missing.push('/');
        }
        missing.push_str(step);
        if !exists(&missing) {
            break;
        }
    }
    diags.push(ModuleDiagnostic::general(
        "Unreadable module directory",
        format!("Unable to evaluate directory symlink: lstat {missing}: no such file or directory"),
    ));
    let (file, text) = (&module.files[call.decl.file].0, &module.files[call.decl.file].1);
    let line = text[..call.decl.span.start.min(text.len())].matches('\n').count() + 1;
    let detail = format!("The directory  could not be read for module {} at {file}:{line}.", go_quote(&call.name, module.options.profile));
    diags.push(ModuleDiagnostic::at(call.decl.file, Diagnostic::error("Unreadable module directory", detail, call.decl.span)));
}

/// The directories `init` recorded for module calls by key, from the
/// module's `.terraform/modules/modules.json`, if it is among its files.
fn installed_dirs(module: &Module) -> HashMap<String, String> {
    let Some((_, text)) = module.files.iter().find(|(n, _)| n == ".terraform/modules/modules.json") else { return HashMap::new() };
    let Ok(json) = serde_json::from_str::<serde_json::Value>(text) else { return HashMap::new() };
    let entries = json["Modules"].as_array().cloned().unwrap_or_default();
    entries
        .iter()
        .filter_map(|m| {
            let key = m["Key"].as_str().filter(|k| !k.is_empty())?;
            let dir = join("", m["Dir"].as_str()?)?;
            Some((key.to_string(), dir))
        })
        .collect()
}

/// Terraform's refusal to run with providers `init` never selected: every
/// provider but the built-in one a resource needs.
fn lock_file(module: &Module, diags: &mut Vec<ModuleDiagnostic>) {
    let tofu = module.options.profile == Profile::OpenTofu;
    let registry = if tofu { "registry.opentofu.org" } else { "registry.terraform.io" };
    let mut missing: Vec<String> = Vec::new();
    for r in &module.root().config.resources {
        let name = super::provider_schema::provider_name(r);
        if name == "terraform" {
            continue;
        }
        let source = module.root().config.required_providers.iter().find(|(n, _)| *n == name).and_then(|(_, s)| s.clone());
        let address = match source {
            Some(s) if s.matches('/').count() == 2 => s,
            Some(s) if s.contains('/') => format!("{registry}/{s}"),
            _ => format!("{registry}/hashicorp/{name}"),
        };
        if !missing.contains(&address) {
            missing.push(address);
        }
    }
    if missing.is_empty() {
        return;
    }
    missing.sort();
    diags.push(no_version_selected(&missing, tofu));
}

/// The consoles' error for providers (full addresses, sorted) that the
/// dependency lock file selects no version of.
pub(crate) fn no_version_selected(addresses: &[String], tofu: bool) -> ModuleDiagnostic {
    let list: String =
        addresses.iter().map(|a| format!("\n  - provider {a}: required by this configuration but no version is selected")).collect();
    let engine = if tofu { "tofu" } else { "terraform" };
    ModuleDiagnostic::general(
        "Inconsistent dependency lock file",
        format!("The following dependency selections recorded in the lock file are inconsistent with the current configuration:{list}\n\nTo make the initial dependency selections that will initialize the dependency lock file, run:\n  {engine} init"),
    )
}

/// A call's `source` as installation reads it: a literal, or a variable
/// Terraform may read then (`const`), or OpenTofu reads any.
fn source_value(
    module: &Module,
    dir: usize,
    call: &ModuleCall,
    e: &crate::syntax::ast::Expression,
    root_vars: &SortedMap<Value>,
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) -> Option<String> {
    if let Some(s) = literal_string(e) {
        return Some(s);
    }
    let tofu = module.options.profile == Profile::OpenTofu;
    let variable = crate::syntax::traversals(e).into_iter().next().and_then(|(root, span, steps)| {
        let whole = matches!(e.kind, crate::syntax::ast::ExprKind::Traversal { .. });
        match super::refs::parse(root, span, &steps, profile) {
            Ok(Some(r)) if whole && steps.len() == 1 => match r.subject {
                super::refs::Subject::Var(n) => Some(n),
                _ => None,
            },
            _ => None,
        }
    });
    let config = &module.dir_at(dir).config;
    let usable = variable.as_ref().and_then(|n| config.variables.iter().find(|v| &v.name == n)).filter(|v| tofu || v.constant);
    match usable {
        Some(v) if dir == 0 => match root_vars.get(&v.name).map(|x| x.unmarked().clone()) {
            Some(Value::String(s)) => Some(s),
            _ => None,
        },
        _ => {
            let _ = call;
            diags.push(ModuleDiagnostic::at(
                call.file,
                Diagnostic::error("Unknown module source", "Only literal values and const variables can be evaluated during init.", e.span),
            ));
            None
        }
    }
}

/// `path` joined to `source` (`./x`, `../y`), normalized; above the root
/// directory it starts with `..` (`../y`: files named so are outside the
/// root, as a command line reads them).
pub fn join(path: &str, source: &str) -> Option<String> {
    let mut parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    for seg in source.split('/') {
        match seg {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            s => parts.push(s),
        }
    }
    Some(parts.join("/"))
}

const META: &[&str] = &["source", "version", "count", "for_each", "depends_on", "providers", "ignore_nested_deprecations"];

fn unsupported_arguments(call: &ModuleCall, vars: &[Variable]) -> bool {
    call.arguments.iter().any(|a| !vars.iter().any(|v| v.name == a.name))
}

/// The call's arguments against the child's variables: hcl's errors for
/// an argument no variable takes, and for a required variable without
/// one.
fn check_arguments(call: &ModuleCall, vars: &[Variable], diags: &mut Vec<ModuleDiagnostic>, profile: crate::profile::Profile) {
    let attrs: Vec<(&str, bool)> =
        vars.iter().map(|v| (v.name.as_str(), v.default.is_none())).chain(META.iter().map(|m| (*m, false))).collect();
    let schema = Schema { attributes: &attrs, blocks: &[] };
    let body = crate::syntax::ast::Body {
        items: call.arguments.iter().map(|a| crate::syntax::ast::BodyItem::Attribute(a.clone().into())).collect(),
        span: crate::diagnostics::Span::new(call.body_start, call.body_start),
    };
    let mut found = Vec::new();
    content(&body, &schema, call.file, &mut found, profile);
    for d in found {
        // Meta-arguments are the call's own; the body's blocks were
        // checked with the call.
        if d.kind == super::DiagnosticKind::MissingArgument {
            let mut d = d;
            d.diagnostic.subject = missing_item_range(&body);
            diags.push(d);
        } else {
            diags.push(d);
        }
    }
}
