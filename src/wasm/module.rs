//! The module half of the WebAssembly API: a module's text evaluated as
//! `terraform console -plan` sees it (every named value, with where it is
//! declared), and a console line evaluated in its context.
//!
//! Only the full build has it (the `module-mode` feature): the smaller
//! build the playground loads first answers with `needsFullBuild` and a
//! diagnostic that says so, which keeps its module evaluator (a sixth of
//! its code) out of the first download.
#![cfg_attr(not(feature = "module-mode"), allow(dead_code, unused_imports))]

use super::{js_diagnostic, unknown_key, JsDiagnostic};
use crate::api::VariablesFormat;
use crate::diagnostics::Diagnostic;
use crate::module::{Inputs, ModuleDiagnostic, ModuleOptions, Source};
use crate::{present, Profile};
#[allow(unused_imports)]
use serde::Serialize as _;
use serde::{Deserialize, Serialize};
#[cfg(feature = "module-mode")]
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub(super) struct JsModuleOptions {
    #[serde(default)]
    profile: Option<String>,
    #[serde(default)]
    workspace: Option<String>,
    /// "json" (the default) or "tfvars".
    #[serde(default)]
    variables_format: Option<String>,
    /// An expression to evaluate in the module's context.
    #[serde(default)]
    console: Option<String>,
    /// The module's other files, by path from its directory (more `.tf`
    /// files, child modules under `modules/x/`, files the file functions
    /// read).
    #[serde(default)]
    files: Option<std::collections::BTreeMap<String, String>>,
    /// Files that are not UTF-8 text (images, archives), Base64-encoded, by
    /// path: what `filebase64`, the file hash functions and `archive_file`
    /// read.
    #[serde(default)]
    binary_files: Option<std::collections::BTreeMap<String, String>>,
    /// The module instance the console evaluates in (`module.net["a"]`),
    /// as `terraform console -scope` takes it.
    #[serde(default)]
    pub(super) scope: Option<String>,
    /// Work and size limits for each expression.
    #[serde(default)]
    limits: Option<super::JsLimits>,
    /// The file an inspected range is in (`main.tf` by default).
    #[serde(default)]
    pub(super) file: Option<String>,
    /// The longest type text a named value carries.
    #[serde(default)]
    max_type_length: Option<usize>,
    /// The most lines of console text a named value carries.
    #[serde(default)]
    max_console_lines: Option<usize>,
}

impl JsModuleOptions {
    /// The binary files, decoded; the path of one that is not Base64.
    /// Every keystroke sends them again: a file whose text is the one
    /// decoded last keeps those bytes (so the workspace sees no change).
    pub(super) fn binary(&self) -> Result<Vec<(String, std::sync::Arc<[u8]>)>, String> {
        use base64::Engine;
        type Decoded = Vec<(String, String, std::sync::Arc<[u8]>)>;
        thread_local! {
            static DECODED: std::cell::RefCell<Decoded> = const { std::cell::RefCell::new(Vec::new()) };
        }
        DECODED.with(|last| {
            let mut last = last.borrow_mut();
            let mut now: Decoded = Vec::new();
            for (path, text) in self.binary_files.iter().flatten() {
                let bytes = match last.iter().find(|(p, t, _)| p == path && t == text) {
                    Some((_, _, bytes)) => bytes.clone(),
                    None => base64::engine::general_purpose::STANDARD.decode(text).map_err(|_| path.clone())?.into(),
                };
                now.push((path.clone(), text.clone(), bytes));
            }
            *last = now;
            Ok(last.iter().map(|(p, _, b)| (p.clone(), b.clone())).collect())
        })
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsNamedValue {
    address: String,
    kind: &'static str,
    console: Rc<str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    console_cut: bool,
    #[serde(rename = "type")]
    ty: Rc<str>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    type_cut: bool,
    /// For a value whose texts are cut: which value it is (another number
    /// for another value), as the cut texts alone cannot tell.
    #[serde(skip_serializing_if = "Option::is_none")]
    revision: Option<f64>,
    known: bool,
    sensitive: bool,
    ok: bool,
    /// Where it is declared: the file, UTF-16 range and 1-based line.
    file: String,
    range: super::JsRange,
    line: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsModuleDiagnostic {
    #[serde(flatten)]
    diagnostic: JsDiagnostic,
    warning: bool,
    /// The file the range is in (`main.tf`, `modules/net/main.tf`,
    /// `terraform.tfvars`), when it is in one.
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<String>,
    /// What it is about, where the page treats it apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsConsole {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    console: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", rename = "type")]
    ty: Option<String>,
    diagnostics: Vec<JsModuleDiagnostic>,
    diagnostics_text: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsModuleResult {
    ok: bool,
    values: Vec<JsNamedValue>,
    diagnostics: Vec<JsModuleDiagnostic>,
    diagnostics_text: String,
    engine: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    console: Option<JsConsole>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    needs_full_build: bool,
    /// Provider data files the evaluation needed and has not been given
    /// (paths under `providers/`): the caller fetches them, hands them over
    /// with `addProviderFiles`, and evaluates again.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    needs_provider_files: Vec<String>,
    /// Resource types planned as written: no schema for their provider.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    guessed_types: Vec<String>,
    /// The providers that planned, each with its version in the data.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    providers: Vec<JsProviderVersion>,
    /// The consoles would evaluate nothing: no values, no console answer.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    stopped: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    limit_reached: bool,
}

/// A provider that planned, and the version of its data that did (none
/// where no version in the data meets the constraints).
#[derive(Serialize)]
struct JsProviderVersion {
    provider: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<String>,
    constraints: Vec<String>,
}

#[cfg(feature = "module-mode")]
thread_local! {
    /// The provider data files handed over so far, and the data read from them.
    static PROVIDER_FILES: std::sync::Arc<crate::module::GivenFiles> = std::sync::Arc::new(crate::module::GivenFiles::default());
    static PROVIDER_DATA: std::sync::Arc<crate::module::ProviderData> =
        std::sync::Arc::new(crate::module::ProviderData::new(PROVIDER_FILES.with(|f| f.clone())));
    /// One configuration per profile (the compare view evaluates the same
    /// text under each): the last call's parses and evaluation, which the
    /// next call reuses where its input is the same (a console line, a
    /// hover) or takes over from after an edit.
    static WORKSPACES: std::cell::RefCell<Vec<crate::module::Workspace>> = const { std::cell::RefCell::new(Vec::new()) };
    /// What the last result showed of each named value, by profile and
    /// address, with the value shown: after an edit most values are the
    /// very ones planned before (taken over), and rendering a large
    /// resource's text and type again cost more than planning the edit.
    static SHOWN: std::cell::RefCell<HashMap<Profile, Renderings>> = std::cell::RefCell::new(HashMap::new());
}

/// Each named value's renderings in one profile's last result, by address.
#[cfg(feature = "module-mode")]
type Renderings = HashMap<String, (crate::value::Value, Shown)>;

/// A named value's renderings (shared with the result that shows them).
#[cfg(feature = "module-mode")]
#[derive(Clone)]
struct Shown {
    console: Rc<str>,
    /// `console` is its first `Limits::console_lines` lines.
    console_cut: bool,
    ty: Rc<str>,
    /// `ty` is cut at `Limits::type_length`.
    type_cut: bool,
    limits: Limits,
    revision: f64,
    known: bool,
    sensitive: bool,
}

/// A number for each value rendered anew: from a random start, so that two
/// evaluators (the page's and the worker's) do not give the same numbers.
#[cfg(feature = "module-mode")]
fn next_revision() -> f64 {
    thread_local! {
        static NEXT: std::cell::Cell<f64> = const { std::cell::Cell::new(-1.0) };
    }
    NEXT.with(|n| {
        if n.get() < 0.0 {
            n.set((js_sys::Math::random() * 2f64.powi(40)).floor());
        }
        let r = n.get();
        n.set(r + 1.0);
        r
    })
}

/// How much of a value's texts a result carries (the options'
/// `maxTypeLength` and `maxConsoleLines`).
#[cfg(feature = "module-mode")]
#[derive(Clone, Copy, PartialEq, Eq)]
struct Limits {
    type_length: Option<usize>,
    console_lines: Option<usize>,
}

/// `value`'s renderings within `limits`, kept from the last result where it
/// is the same value.
#[cfg(feature = "module-mode")]
fn shown(last: &Renderings, profile: Profile, address: &str, value: &crate::value::Value, limits: Limits) -> Shown {
    if let Some((v, s)) = last.get(address) {
        if s.limits == limits && v.is_same(value) {
            return s.clone();
        }
    }
    let (ty, type_cut) = match limits.type_length {
        Some(max) => value.type_text_within(max),
        None => (value.type_text(), false),
    };
    let (console, console_cut) = match limits.console_lines {
        Some(max) => present::console_lines(value, profile, max),
        None => (present::console(value, profile), false),
    };
    Shown {
        console: console.into(),
        console_cut,
        ty: ty.into(),
        type_cut,
        limits,
        revision: next_revision(),
        known: value.is_wholly_known(),
        sensitive: value.has_mark_deep(crate::value::Marks::SENSITIVE),
    }
}

/// Runs `f` on the page's workspace for the options' profile, set to these
/// files, inputs, options and scope.
#[cfg(feature = "module-mode")]
pub(super) fn with_workspace<T>(
    options: ModuleOptions,
    files: Vec<(String, String)>,
    binary: Vec<(String, std::sync::Arc<[u8]>)>,
    inputs: Inputs,
    scope: Option<String>,
    f: impl FnOnce(&mut crate::module::Workspace) -> T,
) -> T {
    WORKSPACES.with(|w| {
        let mut w = w.borrow_mut();
        let i = match w.iter().position(|ws| ws.options().profile == options.profile) {
            Some(i) => i,
            None => {
                w.push(crate::module::Workspace::new(options.clone()));
                w.len() - 1
            }
        };
        let ws = &mut w[i];
        ws.set_options(options);
        ws.set_files(files);
        ws.set_binary_files(binary);
        ws.set_inputs(inputs);
        ws.set_scope(scope);
        f(ws)
    })
}

/// Frees what the last module evaluations replaced: the worker calls it
/// after posting an answer, so that freeing the values of the evaluation
/// before is not part of the next keystroke's time.
#[wasm_bindgen(js_name = releaseModules)]
pub fn release_modules() {
    #[cfg(feature = "module-mode")]
    WORKSPACES.with(|w| w.borrow_mut().iter_mut().for_each(crate::module::Workspace::release));
}

/// The provider data every module evaluation plans resources with.
#[cfg(feature = "module-mode")]
pub(super) fn provider_data() -> std::sync::Arc<crate::module::ProviderData> {
    PROVIDER_DATA.with(|d| d.clone())
}

/// The provider data files the last evaluation asked for and lacks.
fn pending_provider_files() -> Vec<String> {
    #[cfg(feature = "module-mode")]
    return provider_data().pending();
    #[cfg(not(feature = "module-mode"))]
    Vec::new()
}

/// Hands over provider data files (`{path: text}`, `null` for a file the
/// data does not have), as `needsProviderFiles` asked for them.
#[wasm_bindgen(js_name = addProviderFiles, skip_typescript)]
pub fn add_provider_files(files: JsValue) {
    #[cfg(feature = "module-mode")]
    {
        let files: std::collections::BTreeMap<String, Option<String>> = serde_wasm_bindgen::from_value(files).unwrap_or_default();
        PROVIDER_FILES.with(|given| {
            for (path, text) in files {
                given.add(&path, text);
            }
        });
        // What the last evaluation planned without them is out of date.
        WORKSPACES.with(|w| w.borrow_mut().iter_mut().for_each(crate::module::Workspace::refresh));
    }
    #[cfg(not(feature = "module-mode"))]
    let _ = files;
}

/// The whole texts of the named value at `address` in the last module
/// result of `profile` (Terraform's by default): its console text and type,
/// which a result cut at `maxConsoleLines` and `maxTypeLength`.
#[wasm_bindgen(js_name = moduleValue, skip_typescript)]
pub fn module_value(address: &str, profile: Option<String>) -> JsValue {
    #[cfg(feature = "module-mode")]
    {
        let whole = super::profile_named(profile.as_deref()).ok().and_then(|profile| {
            SHOWN.with(|c| {
                let (v, _) = c.borrow().get(&profile)?.get(address)?.clone();
                Some(JsWholeValue { console: present::console(&v, profile), ty: v.type_text() })
            })
        });
        match whole {
            Some(w) => w.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::UNDEFINED),
            None => JsValue::UNDEFINED,
        }
    }
    #[cfg(not(feature = "module-mode"))]
    {
        let _ = (address, profile);
        JsValue::UNDEFINED
    }
}

/// A named value's texts, whole.
#[derive(Serialize)]
struct JsWholeValue {
    console: String,
    #[serde(rename = "type")]
    ty: String,
}

/// Evaluates a module's text (its `main.tf`, with any other files in the
/// `files` option) over `variables` (a JSON object of variable values, or
/// tfvars text), and optionally a console expression in its context.
#[wasm_bindgen(js_name = evaluateModule, skip_typescript)]
pub fn evaluate_module(source: &str, variables: &str, options: JsValue) -> JsValue {
    #[cfg(feature = "module-mode")]
    let result = run(source, variables, options);
    #[cfg(not(feature = "module-mode"))]
    let result = {
        let _ = (source, variables, options);
        let d = super::left_out("Module mode");
        JsModuleResult {
            ok: false,
            values: Vec::new(),
            diagnostics_text: d.render("", "main.tf"),
            diagnostics: vec![JsModuleDiagnostic {
                diagnostic: js_diagnostic(&d, "", "expression"),
                warning: false,
                file: None,
                kind: None,
            }],
            engine: Profile::default().engine(),
            console: None,
            needs_full_build: true,
            needs_provider_files: Vec::new(),
            guessed_types: Vec::new(),
            providers: Vec::new(),
            stopped: false,
            limit_reached: false,
        }
    };
    // Plain objects, not `Map`s, for the flattened diagnostics.
    result.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

fn options_error(detail: String) -> JsModuleResult {
    let d = Diagnostic::error("Invalid options", detail, Default::default());
    JsModuleResult {
        ok: false,
        values: Vec::new(),
        diagnostics: vec![JsModuleDiagnostic { diagnostic: js_diagnostic(&d, "", "options"), warning: false, file: None, kind: None }],
        diagnostics_text: String::new(),
        engine: Profile::default().engine(),
        console: None,
        needs_full_build: false,
        needs_provider_files: Vec::new(),
        guessed_types: Vec::new(),
        providers: Vec::new(),
        stopped: false,
        limit_reached: false,
    }
}

/// The options read, the module options and the inputs `variables` gives,
/// and the module's files (`source` as `main.tf`), or why the options are
/// malformed.
pub(super) fn read_options(
    source: &str,
    variables: &str,
    options: JsValue,
) -> Result<(JsModuleOptions, ModuleOptions, Inputs, Vec<(String, String)>), String> {
    let opts: JsModuleOptions = if options.is_undefined() || options.is_null() {
        JsModuleOptions::default()
    } else {
        unknown_key(
            &options,
            &[
                "profile",
                "workspace",
                "variablesFormat",
                "console",
                "files",
                "binaryFiles",
                "scope",
                "file",
                "limits",
                "maxTypeLength",
                "maxConsoleLines",
            ],
        )?;
        super::unknown_limit_key(&options, &["maxDepth", "maxSteps", "maxCollectionLen", "maxStringLen", "maxTotalSteps"])?;
        serde_wasm_bindgen::from_value(options).map_err(|e| format!("The module options are malformed: {e}."))?
    };
    let profile =
        super::profile_named(opts.profile.as_deref()).map_err(|n| format!("The module options are malformed: unknown profile \"{n}\"."))?;
    #[cfg(feature = "module-mode")]
    let providers = Some(provider_data());
    #[cfg(not(feature = "module-mode"))]
    let providers = None;
    let mut mopts = ModuleOptions { profile, providers, ..ModuleOptions::default() };
    if let Some(w) = &opts.workspace {
        mopts.workspace = w.clone();
    }
    if let Some(l) = &opts.limits {
        mopts.limits = l.limits();
    }
    let mut inputs = Inputs::default();
    match super::variables_format(opts.variables_format.as_deref(), "module")? {
        VariablesFormat::Tfvars => inputs.files.push(("terraform.tfvars".into(), variables.to_string())),
        VariablesFormat::Json if !variables.trim().is_empty() => inputs.json = Some(variables.to_string()),
        VariablesFormat::Json => {}
    }
    if let Err(path) = opts.binary() {
        return Err(format!("The module options are malformed: the binary file {} is not Base64.", crate::value::go_quote(&path, profile)));
    }
    let mut files = vec![("main.tf".to_string(), source.to_string())];
    files.extend(opts.files.clone().unwrap_or_default().into_iter().filter(|(n, _)| n != "main.tf"));
    // The workspace's own variables files, below the variables pane's
    // values (which are set from outside the configuration).
    inputs.add_auto_files(&files);
    Ok((opts, mopts, inputs, files))
}

#[cfg(feature = "module-mode")]
fn run(source: &str, variables: &str, options: JsValue) -> JsModuleResult {
    let (opts, mopts, inputs, files) = match read_options(source, variables, options) {
        Ok(o) => o,
        Err(e) => return options_error(e),
    };
    if mopts.profile.is_waypoint() {
        return waypoint_project(&opts, &mopts, source, variables, files);
    }
    let scope = opts.scope.clone();
    let binary = opts.binary().unwrap_or_default();
    with_workspace(mopts, files, binary, inputs, scope, |ws| result_of(&opts, source, variables, ws.evaluate()))
}

/// Module mode under the waypoint profile: the editor holds waypoint.hcl;
/// the variables pane is a `-var-file` (`variables.wpvars`, or
/// `variables.wpvars.json` in JSON form); the values are the variables'
/// final values and the console line is evaluated in the project.
#[cfg(feature = "module-mode")]
fn waypoint_project(
    opts: &JsModuleOptions,
    mopts: &ModuleOptions,
    source: &str,
    variables: &str,
    files: Vec<(String, String)>,
) -> JsModuleResult {
    use crate::waypoint::{load_project, Project, ProjectDiagnostic};
    use crate::{Options, Value};
    let profile = Profile::Waypoint;
    let mut project_files = vec![("waypoint.hcl".to_string(), source.to_string())];
    project_files.extend(files.into_iter().filter(|(n, _)| n != "main.tf" && n != "waypoint.hcl"));
    let mut var_files = Vec::new();
    if !variables.trim().is_empty() {
        let name = match opts.variables_format.as_deref() {
            Some("tfvars") => "variables.wpvars",
            _ => "variables.wpvars.json",
        };
        project_files.push((name.to_string(), variables.to_string()));
        var_files.push(name.to_string());
    }
    let project = Project { files: &project_files, workspace: &mopts.workspace, var_files: &var_files, ..Project::default() };
    let console_text = opts.console.as_deref().unwrap_or("");
    let js = |d: &ProjectDiagnostic| {
        let (text, which) = match d.file.as_str() {
            "" => (console_text, "console"),
            "waypoint.hcl" => (source, "expression"),
            "variables.wpvars" | "variables.wpvars.json" => (variables, "variables"),
            f => (project_files.iter().find(|(n, _)| n == f).map_or("", |(_, t)| t.as_str()), "file"),
        };
        let file = (!d.file.is_empty()).then(|| d.file.clone());
        JsModuleDiagnostic { diagnostic: js_diagnostic(&d.diagnostic, text, which), warning: false, file, kind: None }
    };
    let render = |ds: &[ProjectDiagnostic]| {
        let text_of = |f: &str| project_files.iter().find(|(n, _)| n == f).map_or(console_text, |(_, t)| t.as_str());
        ds.iter()
            .map(|d| d.diagnostic.render(text_of(&d.file), if d.file.is_empty() { "<console>" } else { &d.file }))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (loaded, diagnostics) = match load_project(&project) {
        Ok(scope) => (Some(scope), Vec::new()),
        Err(ds) => (None, ds),
    };
    let index = super::TextIndex::new(source);
    let mut named = Vec::new();
    let vars = loaded.as_ref().and_then(|l| l.values.get("var")).and_then(Value::as_mapping);
    for d in loaded.iter().flat_map(|l| &l.declared) {
        let Some(v) = vars.and_then(|vs| vs.get(&d.name)) else { continue };
        let (line, start) = index.at(d.span.start);
        let (_, end) = index.at(d.span.end);
        named.push(JsNamedValue {
            address: format!("var.{}", d.name),
            kind: "variable",
            console: present::console(v, profile).into(),
            console_cut: false,
            ty: v.type_text().into(),
            type_cut: false,
            revision: None,
            known: v.is_wholly_known(),
            sensitive: d.sensitive,
            ok: true,
            file: "waypoint.hcl".into(),
            range: super::JsRange { start, end },
            line,
        });
    }
    let console = opts.console.as_deref().filter(|c| !c.trim().is_empty()).zip(loaded.as_ref()).map(|(c, scope)| {
        match scope.evaluate(c, &Options { profile, ..Options::default() }) {
            Ok(v) => JsConsole {
                ok: true,
                console: Some(present::console(&v, profile)),
                ty: Some(v.type_text()),
                diagnostics: Vec::new(),
                diagnostics_text: String::new(),
            },
            Err(ds) => {
                JsConsole { ok: false, console: None, ty: None, diagnostics: ds.iter().map(js).collect(), diagnostics_text: render(&ds) }
            }
        }
    });
    JsModuleResult {
        ok: diagnostics.is_empty(),
        values: named,
        diagnostics_text: render(&diagnostics),
        diagnostics: diagnostics.iter().map(js).collect(),
        engine: profile.engine(),
        console,
        needs_full_build: false,
        needs_provider_files: Vec::new(),
        guessed_types: Vec::new(),
        providers: Vec::new(),
        stopped: false,
        limit_reached: false,
    }
}

/// What the page is told of an evaluation (and of the console line the
/// options carry).
#[cfg(feature = "module-mode")]
fn result_of(opts: &JsModuleOptions, source: &str, variables: &str, evaluation: &crate::module::Evaluation) -> JsModuleResult {
    let module = evaluation.module();
    let profile = module.options().profile;
    let console_text = opts.console.as_deref().unwrap_or("");
    let texts = |d: &ModuleDiagnostic| match d.source {
        Source::File(0) => (source, "expression"),
        Source::File(_) => (evaluation.source_of(d, console_text).map_or("", |(_, t)| t), "file"),
        // The variables pane in tfvars form is the first variables file;
        // the others are the workspace's own.
        Source::Input(i) if i > 0 || opts.variables_format.as_deref() != Some("tfvars") => {
            (evaluation.source_of(d, console_text).map_or("", |(_, t)| t), "file")
        }
        Source::Inputs | Source::Input(_) => (variables, "variables"),
        Source::Value(_) => (evaluation.source_of(d, console_text).map_or("", |(_, t)| t), "variables"),
        Source::Console => (console_text, "console"),
        Source::Scope => (opts.scope.as_deref().unwrap_or(""), "scope"),
        // No range: the page shows no place for it (Terraform prints none).
        Source::None | Source::Nowhere => ("", "none"),
    };
    let js_diag = |d: &ModuleDiagnostic| {
        let (text, which) = texts(d);
        let file = match d.source {
            Source::File(_) | Source::Input(_) => evaluation.source_of(d, console_text).map(|(n, _)| n.to_string()),
            _ => None,
        };
        let kind = match d.kind {
            crate::module::DiagnosticKind::Other => None,
            crate::module::DiagnosticKind::CheckAssertion | crate::module::DiagnosticKind::CheckUnknown => Some("checkAssertion"),
            crate::module::DiagnosticKind::ClosingWarning => Some("closingWarning"),
            crate::module::DiagnosticKind::UndeclaredValue => Some("undeclaredValue"),
            crate::module::DiagnosticKind::MissingArgument => Some("missingArgument"),
            crate::module::DiagnosticKind::FullLoad => None,
        };
        JsModuleDiagnostic { diagnostic: js_diagnostic(&d.diagnostic, text, which), warning: d.warning, file, kind }
    };
    let render = |ds: &[ModuleDiagnostic], console: &str| ds.iter().map(|d| evaluation.render(d, console)).collect::<Vec<_>>().join("\n");
    // One index per file the values are declared in.
    let mut indexes: std::collections::HashMap<usize, super::TextIndex> = std::collections::HashMap::new();
    let last = SHOWN.with(|c| c.borrow_mut().remove(&profile)).unwrap_or_default();
    let limits = Limits { type_length: opts.max_type_length, console_lines: opts.max_console_lines };
    let mut kept = Renderings::with_capacity(evaluation.values.len());
    let mut values = Vec::with_capacity(evaluation.values.len());
    for v in evaluation.values.iter().filter(|_| !evaluation.stopped) {
        let index = indexes.entry(v.loc.file).or_insert_with(|| super::TextIndex::new(&module.files()[v.loc.file].1));
        let (line, start) = index.at(v.loc.span.start);
        let (_, end) = index.at(v.loc.span.end);
        let shown = shown(&last, profile, &v.address, &v.value, limits);
        values.push(JsNamedValue {
            address: v.address.clone(),
            kind: match v.kind {
                crate::module::Kind::Variable => "variable",
                crate::module::Kind::Local => "local",
                crate::module::Kind::Output => "output",
                crate::module::Kind::Resource => "resource",
                crate::module::Kind::Data => "data",
                crate::module::Kind::Module => "module",
            },
            console: Rc::clone(&shown.console),
            console_cut: shown.console_cut,
            ty: Rc::clone(&shown.ty),
            type_cut: shown.type_cut,
            revision: (shown.type_cut || shown.console_cut).then_some(shown.revision),
            known: shown.known,
            sensitive: shown.sensitive,
            ok: v.ok,
            file: module.files()[v.loc.file].0.clone(),
            range: super::JsRange { start, end },
            line,
        });
        kept.insert(v.address.clone(), (v.value.clone(), shown));
    }
    SHOWN.with(|c| c.borrow_mut().insert(profile, kept));
    let answer =
        opts.console.as_deref().filter(|c| !c.trim().is_empty() && !evaluation.stopped).map(|expr| (expr, evaluation.console(expr)));
    // The console line's errors count too: the page evaluates again with
    // the default limits when either reached its own.
    let limit_reached = evaluation
        .diagnostics
        .iter()
        .chain(answer.iter().flat_map(|(_, a)| a.as_ref().err().into_iter().flatten()))
        .any(|d| d.diagnostic.is_limit());
    let console = answer.map(|(expr, answer)| match answer {
        Ok(e) => JsConsole {
            ok: true,
            console: Some(e.console),
            ty: Some(e.ty.to_string()),
            diagnostics: Vec::new(),
            diagnostics_text: String::new(),
        },
        Err(ds) => JsConsole {
            ok: false,
            console: None,
            ty: None,
            diagnostics: ds.iter().map(js_diag).collect(),
            diagnostics_text: render(&ds, expr),
        },
    });
    // Before the pending files are taken: the listings it reads join them.
    let providers = evaluation
        .provider_versions()
        .into_iter()
        .map(|p| JsProviderVersion { provider: p.provider, version: p.version, constraints: p.constraints })
        .collect();
    JsModuleResult {
        ok: !evaluation.diagnostics.iter().any(|d| !d.warning),
        values,
        diagnostics: evaluation.diagnostics.iter().map(js_diag).collect(),
        diagnostics_text: render(&evaluation.diagnostics, ""),
        engine: profile.engine(),
        console,
        needs_full_build: false,
        needs_provider_files: pending_provider_files(),
        guessed_types: evaluation.guessed_types(),
        providers,
        stopped: evaluation.stopped,
        limit_reached,
    }
}
