//! The WebAssembly API: a [`Session`] that keeps what it parsed between
//! evaluations, the one-off `evaluate`, `format` (as `terraform fmt`),
//! `inspect` and `inspectModule` (the value of a sub-expression),
//! `functions` and `version`, for the
//! playground page, the widgets and embedders. Compiled only for wasm32; a
//! thin adapter over the library. Ranges cross this boundary in UTF-16
//! code units (what JavaScript strings and editors count), lines and
//! columns 1-based; every text the page shows (console, JSON, type,
//! rendered diagnostics) is made here, once, and only when asked for.

mod format;
mod inspect;
mod module;
#[cfg(feature = "module-mode")]
mod tests;

pub use format::format;
#[cfg(feature = "module-mode")]
pub use inspect::inspect_tests_js;
pub use inspect::{inspect, inspect_module_js};
pub use module::{add_provider_files, evaluate_module, module_value, release_modules};
#[cfg(feature = "module-mode")]
pub use tests::run_tests_js;

use crate::api::{parse_variables_hinting, VariablesFormat};
use crate::diagnostics::{floor_char_boundary, Diagnostic, LineCol};
use crate::{functions, present, Limits, Options, Profile, Program, Variables};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A source range in UTF-16 code units, end exclusive. */
export interface Range { start: number; end: number; }

/** One error, in HCL's words. */
export interface Diagnostic {
  summary: string;
  detail: string;
  /** Where, in UTF-16 code units of the text named by `source`. */
  range: Range;
  /** 1-based line of range.start. */
  line: number;
  /** 1-based column of range.start, in UTF-16 code units. */
  column: number;
  /** Which input the range refers to ("file": another of a module's files; "none": the diagnostic has no range, as Terraform's closing warning). */
  source: "expression" | "variables" | "options" | "console" | "file" | "scope" | "none";
  /** What it is, where a caller treats it apart (never read the wording). */
  code?: "tooExpensive" | "tooLarge" | "tooDeep" | "attributeRedefined" | "unknownFunction" | "typeFunctionMisuse" | "unknownVariable";
}

/** The texts an evaluation can render; each costs time, so ask only for those shown. */
export type Output = "console" | "json" | "type" | "diagnosticsText" | "refinements";

/** The engines whose answers the evaluator gives (default "terraform"). */
export type Profile = "terraform" | "opentofu" | "hcl-2.14" | "waypoint";

/** What is known of one unknown value inside the result. */
export interface KnownFacts {
  /** Where it is in the result ("" for the result itself, then [0], .name, ["key"]). */
  path: string;
  /** What is known of it, e.g. `not null, starts with "ami-"`. */
  facts: string;
}

export interface ProfileInfo {
  name: Profile;
  /** The engine and the versions of its libraries, e.g. "Terraform v1.16.4 (hcl v2.24.0, go-cty v1.18.1)". */
  engine: string;
}

export interface EvaluateOptions {
  /** Parse the source as a bare template (a template file). */
  template?: boolean;
  /** Override the default work limits. */
  limits?: { maxDepth?: number; maxSteps?: number; maxCollectionLen?: number; maxStringLen?: number };
  /** The renderings to make (default: all of them). */
  outputs?: Output[];
  /** Whose answers to give (default "terraform"). */
  profile?: Profile;
  /** How the variables text is written: a JSON object of values (default) or a .tfvars file (constants only; blocks refused). */
  variablesFormat?: "json" | "tfvars";
}

export interface EvaluateResult {
  ok: boolean;
  /** The value as `terraform console` prints it (or the type, for `type(x)`). */
  console?: string;
  /**
   * The value as JSON text, indented: exact decimal numbers, unknown values
   * as {"__unknown__": "<type>"}, infinities as {"__number__": "+Inf"}.
   */
  json?: string;
  /** The type, as `tuple([string, number])`. */
  type?: string;
  /** False when any part of the value is unknown. */
  known?: boolean;
  /** What is known of the unknown values in the result (refinements), when asked for. */
  refinements?: KnownFacts[];
  diagnostics: Diagnostic[];
  /** The diagnostics rendered as Terraform does, with the source line and a caret. */
  diagnosticsText?: string;
  /** The engine that answered, as in ProfileInfo. */
  engine: string;
  /**
   * Set by the smaller build (without the heavy functions: regular
   * expressions, YAML, gzip, CSV, hashes, bcrypt, RSA, dates) when the
   * expression calls one of them: the result is not the real one; evaluate
   * again with the full build.
   */
  needsFullBuild?: true;
  /**
   * Set when a work or size limit (`limits`) ended the evaluation: with
   * larger limits the answer may differ. The page evaluates on its main
   * thread with small limits and, when this is set, again in its worker
   * with the default ones.
   */
  limitReached?: true;
}

export interface FunctionInfo {
  name: string;
  category: string;
  signature: string;
  description: string;
  example: string;
}

/**
 * Evaluations that share work: the parsed expression is kept until the
 * source or the parsing options change, the parsed variables until their
 * text, the profile or variablesFormat changes.
 */
export class Session {
  free(): void;
  constructor();
  evaluate(source: string, variables: string, options?: EvaluateOptions): EvaluateResult;
}

/** How to evaluate a module. */
export interface ModuleOptions {
  /** Whose answers to give (default "terraform"). */
  profile?: Profile;
  /** `terraform.workspace` (default "default"). */
  workspace?: string;
  /** How the variables text is written: a JSON object of values (default) or tfvars. */
  variablesFormat?: "json" | "tfvars";
  /** An expression to evaluate in the module's context, as the console does. */
  console?: string;
  /** The module's other files by path (more .tf files, child modules such as "modules/x/main.tf", files its file functions read). */
  files?: Record<string, string>;
  /**
   * The module instance the console evaluates in, as `terraform console
   * -scope` takes it (`module.net`, `module.net["a"]`, `module.a.module.b`);
   * an address no instance has stops the evaluation with Terraform's error.
   * Diagnostics about the address have source "scope".
   */
  scope?: string;
  /** The file an inspected range is in (inspectModule; default "main.tf"). */
  file?: string;
  /** Work and size limits for each expression (as EvaluateOptions' limits), and for all of them together. */
  limits?: { maxDepth?: number; maxSteps?: number; maxCollectionLen?: number; maxStringLen?: number; maxTotalSteps?: number };
  /**
   * The longest type text (UTF-8 bytes) a named value carries: a longer
   * one is cut and marked `typeCut`, and moduleValue gives it whole (a
   * resource's type is thousands of characters; the playground's list
   * shows a line). Default: no limit.
   */
  maxTypeLength?: number;
  /**
   * The most lines of console text a named value carries (at least 1): a
   * longer one is cut and marked `consoleCut`, and moduleValue gives it
   * whole. Default: no limit.
   */
  maxConsoleLines?: number;
}

/** One named value of a module: var.x, local.x, output.x, a resource, data source or module call. */
export interface NamedValue {
  address: string;
  kind: "variable" | "local" | "output" | "resource" | "data" | "module";
  /** The value as `terraform console` prints it. */
  console: string;
  /** The console text has more lines than ModuleOptions' maxConsoleLines: `console` is its first lines. */
  consoleCut?: true;
  type: string;
  /** The type is longer than ModuleOptions' maxTypeLength: `type` is its beginning. */
  typeCut?: true;
  /** With a cut text: a number that changes when the value does (the cut texts may stay the same). */
  revision?: number;
  known: boolean;
  sensitive: boolean;
  /** False when its evaluation failed (its value is then unknown). */
  ok: boolean;
  /** The file it is declared in ("main.tf" for the module text). */
  file: string;
  /** Where it is declared, in UTF-16 code units of that file. */
  range: Range;
  line: number;
}

export interface ModuleDiagnostic extends Diagnostic {
  warning: boolean;
  /** The file the range is in ("main.tf", "modules/net/main.tf", "terraform.tfvars"), when it is in one. */
  file?: string;
  /** What it is about, for the kinds a page treats apart: a check block's result, the consoles' closing warning, a value for an undeclared variable, a missing required argument. */
  kind?: "checkAssertion" | "closingWarning" | "undeclaredValue" | "missingArgument";
}

export interface ModuleResult {
  /** False when there is an error (warnings aside). */
  ok: boolean;
  values: NamedValue[];
  /** As the console prints them; after errors in planning, its closing warning ("Due to the problems above, …", no range) last. */
  diagnostics: ModuleDiagnostic[];
  diagnosticsText: string;
  engine: string;
  /** The console expression's result, when one was given. */
  console?: { ok: boolean; console?: string; type?: string; diagnostics: ModuleDiagnostic[]; diagnosticsText: string };
  /** Set by the smaller build, which leaves Module mode out: evaluate with the full build. */
  needsFullBuild?: true;
  /**
   * Provider data files (paths under `providers/`, as www/providers lays
   * them out) this evaluation needed and has not been given: fetch them,
   * hand them over with addProviderFiles, and evaluate again.
   */
  needsProviderFiles?: string[];
  /**
   * Resource types (`data.` before a data source's) planned as written:
   * the provider data has no schema for their provider, so any attribute
   * read from them is unknown.
   */
  guessedTypes?: string[];
  /**
   * The providers that planned the resources, each with the version of
   * the provider data that did: the newest that every module's
   * `required_providers` constraints allow, as `init` picks it (no
   * `version` where none in the data meets them).
   */
  providers?: { provider: string; version?: string; constraints: string[] }[];
  /**
   * Set when the configuration has errors after which `terraform console`
   * and `tofu console` evaluate nothing (syntax, duplicates, `count` with
   * `for_each`, cycles, rejected variable values): `values` is empty and
   * there is no `console` answer, only the diagnostics.
   */
  stopped?: true;
  /** An expression reached one of the limits (see ModuleOptions' limits). */
  limitReached?: true;
}

/** Evaluates a module's text (its main.tf, with the `files` option's) over its variables, as `terraform console -plan` sees it. */
export function evaluateModule(source: string, variables: string, options?: ModuleOptions): ModuleResult;
/** The whole console text and type of a named value of the last evaluateModule result in `profile` (default "terraform"), or undefined when it has no value of that address. */
export function moduleValue(address: string, profile?: Profile): { console: string; type: string } | undefined;

/** Hands over provider data files by path: their text, or null for one the data does not have. */
export function addProviderFiles(files: Record<string, string | null>): void;

export interface FormatOptions {
  /**
   * Format one expression, as terraform fmt formats an argument's value
   * (`x = EXPR` without the `x = `), rather than a configuration file.
   */
  expression?: boolean;
}

export interface FormatResult {
  ok: boolean;
  /**
   * The formatted text: a file exactly as `terraform fmt -` prints it
   * (ending in a newline); an expression with no newline added.
   */
  text?: string;
  /** Why the source could not be formatted: HCL's syntax errors (the text is never changed then). */
  diagnostics: Diagnostic[];
  /** The diagnostics rendered as Terraform does, with the source line and a caret ("" when ok). */
  diagnosticsText: string;
  /** Set by the smaller build, which leaves the formatter out: format with the full build. */
  needsFullBuild?: true;
}

/** Formats a configuration file (or, with `{expression: true}`, one expression) as `terraform fmt` does. */
export function format(source: string, options?: FormatOptions): FormatResult;

/** One evaluation of an inspected sub-expression. */
export interface InspectHit {
  /** False when evaluating it failed (see errors). */
  ok: boolean;
  /** Its value as `terraform console` prints it. */
  console?: string;
  type?: string;
  errors: Diagnostic[];
  /** The variables of the `for` expressions around it (and count.index, each.key, each.value, a dynamic block's iterator), outermost first. */
  bindings: { name: string; console: string }[];
  /** For a conditional: the arm that ran (absent when the condition was unknown or failed). */
  arm?: boolean;
  /** For a node in a conditional's arm: whether that arm ran. */
  taken?: boolean;
}

export interface InspectResult {
  /** False when no expression holds the range (or the input did not parse: see diagnostics). */
  found: boolean;
  /** The innermost expression holding the range, in UTF-16 code units. */
  range?: Range;
  text?: string;
  /** Its first evaluations (at most 5: inside a `for`, the first iterations); empty when it never ran. */
  hits: InspectHit[];
  /** How many times it was evaluated. */
  count: number;
  /** What the console prints when that is not the value (the whole of `type(x)`). */
  console?: string;
  /** Why nothing was found (options, variables, syntax), or a module's own errors within the range. */
  diagnostics: Diagnostic[];
  needsFullBuild?: true;
}

/** The value and type of the innermost sub-expression holding start..end (UTF-16) of an expression. */
export function inspect(source: string, variables: string, options: EvaluateOptions | undefined, start: number, end: number): InspectResult;
/** The same in a module's text, in the context of the block around it (each of the first instances of count or for_each). */
export function inspectModule(source: string, variables: string, options: ModuleOptions | undefined, start: number, end: number): InspectResult;

/** One evaluation, with nothing kept. */
export function evaluate(source: string, variables: string, options?: EvaluateOptions): EvaluateResult;
/** The functions of a profile's engine (default "terraform"). */
export function functions(profile?: Profile): FunctionInfo[];
export function profiles(): ProfileInfo[];
export function version(): string;
"#;

#[derive(Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
struct JsOptions {
    #[serde(default)]
    template: bool,
    #[serde(default)]
    limits: Option<JsLimits>,
    #[serde(default)]
    outputs: Option<Vec<JsOutput>>,
    #[serde(default)]
    profile: Option<String>,
    /// "json" (the default) or "tfvars".
    #[serde(default)]
    variables_format: Option<String>,
}

#[derive(Deserialize, Default, PartialEq)]
#[serde(rename_all = "camelCase")]
pub(crate) struct JsLimits {
    max_depth: Option<usize>,
    max_steps: Option<u64>,
    max_collection_len: Option<usize>,
    max_string_len: Option<usize>,
    max_total_steps: Option<u64>,
}

#[derive(Deserialize, Clone, Copy, PartialEq)]
#[serde(rename_all = "camelCase")]
enum JsOutput {
    Console,
    Json,
    Type,
    DiagnosticsText,
    Refinements,
}

#[derive(Serialize)]
pub(crate) struct JsRange {
    pub(crate) start: usize,
    pub(crate) end: usize,
}

#[derive(Serialize)]
pub(crate) struct JsDiagnostic {
    summary: String,
    detail: String,
    range: JsRange,
    line: usize,
    column: usize,
    source: &'static str,
    /// What it is, where code treats it apart (`unknownVariable`), so that
    /// no caller reads its wording.
    #[serde(skip_serializing_if = "Option::is_none")]
    code: Option<&'static str>,
}

#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct JsResult {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    console: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    json: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", rename = "type")]
    ty: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    known: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    refinements: Option<Vec<JsKnownFacts>>,
    diagnostics: Vec<JsDiagnostic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    diagnostics_text: Option<String>,
    engine: &'static str,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    needs_full_build: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    limit_reached: bool,
}

#[derive(Serialize)]
struct JsKnownFacts {
    path: String,
    facts: String,
}

#[derive(Serialize)]
struct JsProfile {
    name: &'static str,
    engine: &'static str,
}

#[derive(Serialize)]
struct JsFunction {
    name: &'static str,
    category: &'static str,
    signature: String,
    description: &'static str,
    example: &'static str,
}

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// Evaluations that share work between calls (see the TypeScript types).
#[wasm_bindgen(skip_typescript)]
#[derive(Default)]
pub struct Session {
    /// The last source and the options it was parsed with, and the result.
    program: Option<(String, Options, Result<Program, Vec<Diagnostic>>)>,
    /// The last variables text, how it was read, and what it gave.
    variables: Option<(String, Profile, VariablesFormat, Result<Variables, Vec<Diagnostic>>)>,
}

#[wasm_bindgen]
impl Session {
    /// A session with nothing parsed yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Session {
        Session::default()
    }

    /// Evaluates `source` over the variables in `variables` (JSON or
    /// tfvars, as the options say), parsing again only what changed since
    /// the last call.
    pub fn evaluate(&mut self, source: &str, variables: &str, options: JsValue) -> JsValue {
        let result = self.run(source, variables, options);
        serde_wasm_bindgen::to_value(&result).unwrap_or(JsValue::NULL)
    }
}

impl Session {
    fn run(&mut self, source: &str, variables: &str, options: JsValue) -> JsResult {
        let opts = match read_options(options) {
            Ok(o) => o,
            Err(detail) => {
                let d = Diagnostic::error("Invalid options", detail, Default::default());
                return failure(vec![js_diagnostic(&d, "", "options")], None);
            }
        };
        let outputs = opts
            .outputs
            .clone()
            .unwrap_or_else(|| vec![JsOutput::Console, JsOutput::Json, JsOutput::Type, JsOutput::DiagnosticsText, JsOutput::Refinements]);
        let wants = |o: JsOutput| outputs.contains(&o);
        let (options, format) = match evaluation_options(&opts) {
            Ok(o) => o,
            Err(detail) => {
                let d = Diagnostic::error("Invalid options", detail, Default::default());
                return failure(vec![js_diagnostic(&d, "", "options")], None);
            }
        };
        let engine = options.profile.engine();
        JsResult { engine, ..self.run_with(source, variables, options, format, &wants) }
    }

    fn run_with(
        &mut self,
        source: &str,
        variables: &str,
        options: Options,
        format: VariablesFormat,
        wants: &impl Fn(JsOutput) -> bool,
    ) -> JsResult {
        let profile = options.profile;
        let stale = |(text, profile, f, _): &(String, Profile, VariablesFormat, _)| {
            text != variables || *profile != options.profile || *f != format
        };
        if self.variables.as_ref().map_or(true, stale) {
            let vars = read_variables(variables, format, options.profile);
            self.variables = Some((variables.to_string(), options.profile, format, vars));
        }
        let stale = match &self.program {
            Some((s, o, _)) => {
                s != source || o.template != options.template || o.profile != options.profile || !same_limits(&o.limits, &options.limits)
            }
            None => true,
        };
        if stale {
            let program = Program::parse(source, &options);
            self.program = Some((source.to_string(), options, program));
        }
        let vars = match self.variables.as_ref().map(|(_, _, _, v)| v) {
            Some(Ok(v)) => v,
            Some(Err(diags)) => {
                let text = wants(JsOutput::DiagnosticsText).then(|| present::render_diagnostics(diags, variables, "<variables>"));
                return failure(diags.iter().map(|d| js_diagnostic(d, variables, "variables")).collect(), text);
            }
            None => unreachable!("variables parsed above"),
        };
        let program = match self.program.as_ref().map(|(_, _, p)| p) {
            Some(Ok(p)) => p,
            Some(Err(diags)) => return expression_failure(diags, source, wants),
            None => unreachable!("program parsed above"),
        };
        let (result, needs_full_build) = program.run_console(vars);
        let result = match result {
            Ok(e) => JsResult {
                ok: true,
                console: wants(JsOutput::Console).then(|| e.console.clone()),
                json: wants(JsOutput::Json).then(|| present::to_json_pretty(&e.value)),
                ty: wants(JsOutput::Type).then(|| e.ty.to_string()),
                known: Some(e.value.is_wholly_known()),
                refinements: wants(JsOutput::Refinements).then(|| {
                    present::known_facts(&e.value, profile).into_iter().map(|k| JsKnownFacts { path: k.path, facts: k.facts }).collect()
                }),
                ..JsResult::default()
            },
            Err(diags) => expression_failure(&diags, source, wants),
        };
        JsResult { needs_full_build, ..result }
    }
}

/// Evaluates `source` over `variables` (JSON or tfvars) with nothing
/// kept for later.
#[wasm_bindgen(skip_typescript)]
pub fn evaluate(source: &str, variables: &str, options: JsValue) -> JsValue {
    Session::new().evaluate(source, variables, options)
}

/// The function registry of a profile's engine, for autocomplete and the
/// reference panel.
#[wasm_bindgen(skip_typescript)]
pub fn functions(profile: Option<String>) -> JsValue {
    let profile = profile_named(profile.as_deref()).unwrap_or_default();
    let list: Vec<JsFunction> = functions::all_in(profile)
        .map(|f| JsFunction {
            name: f.name,
            category: f.category,
            signature: f.signature(),
            description: f.description,
            example: f.example,
        })
        .collect();
    serde_wasm_bindgen::to_value(&list).unwrap_or(JsValue::NULL)
}

/// The profiles, the default first, with the engine each answers as.
#[wasm_bindgen(skip_typescript)]
pub fn profiles() -> JsValue {
    let list: Vec<JsProfile> = Profile::ALL.iter().map(|p| JsProfile { name: p.name(), engine: p.engine() }).collect();
    serde_wasm_bindgen::to_value(&list).unwrap_or(JsValue::NULL)
}

/// The crate version.
#[wasm_bindgen(skip_typescript)]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The options object, or why it is malformed (never a silent default).
fn read_options(options: JsValue) -> Result<JsOptions, String> {
    if options.is_undefined() || options.is_null() {
        return Ok(JsOptions::default());
    }
    // serde-wasm-bindgen reads only the fields a struct names, so a
    // misspelt option would pass unseen: the keys are checked first.
    unknown_key(&options, &["template", "limits", "outputs", "profile", "variablesFormat"])?;
    unknown_limit_key(&options, &["maxDepth", "maxSteps", "maxCollectionLen", "maxStringLen"])?;
    serde_wasm_bindgen::from_value(options).map_err(|e| {
        let e = e.to_string();
        format!("The evaluation options are malformed: {}.", e.strip_prefix("Error: ").unwrap_or(&e))
    })
}

/// An error naming the first key of `object` that is not `known`.
pub(crate) fn unknown_key(object: &JsValue, known: &[&str]) -> Result<(), String> {
    let Some(object) = object.dyn_ref::<js_sys::Object>() else {
        return Err("The evaluation options must be an object.".into());
    };
    for key in js_sys::Object::keys(object).iter().filter_map(|k| k.as_string()) {
        if !known.contains(&key.as_str()) {
            return Err(format!("The evaluation options are malformed: unknown field `{key}`, expected one of `{}`.", known.join("`, `")));
        }
    }
    Ok(())
}

/// [`unknown_key`] for the `limits` object of `options`, if it has one.
pub(crate) fn unknown_limit_key(options: &JsValue, known: &[&str]) -> Result<(), String> {
    match js_sys::Reflect::get(options, &JsValue::from_str("limits")) {
        Ok(limits) if limits.is_object() => unknown_key(&limits, known),
        _ => Ok(()),
    }
}

impl JsLimits {
    /// The default limits with those given.
    pub(crate) fn limits(&self) -> Limits {
        let d = Limits::default();
        Limits {
            max_depth: self.max_depth.unwrap_or(d.max_depth),
            max_steps: self.max_steps.unwrap_or(d.max_steps),
            max_collection_len: self.max_collection_len.unwrap_or(d.max_collection_len),
            max_string_len: self.max_string_len.unwrap_or(d.max_string_len),
            max_total_steps: self.max_total_steps.unwrap_or(d.max_total_steps),
            ..d
        }
    }
}

/// The profile `name` names (the default one for none), or the name no
/// profile has.
fn profile_named(name: Option<&str>) -> Result<Profile, &str> {
    name.map_or(Ok(Profile::default()), |n| Profile::from_name(n).ok_or(n))
}

fn evaluation_options(opts: &JsOptions) -> Result<(Options, VariablesFormat), String> {
    let limits = opts.limits.as_ref().map_or_else(Limits::default, JsLimits::limits);
    let profile = profile_named(opts.profile.as_deref()).map_err(|name| {
        format!("The evaluation options are malformed: unknown profile \"{name}\", expected one of `terraform`, `opentofu`, `hcl-2.14`.")
    })?;
    let format = variables_format(opts.variables_format.as_deref(), "evaluation")?;
    Ok((Options { template: opts.template, limits, profile, ..Options::default() }, format))
}

/// The variables format an options object names (JSON when it names
/// none), or why the `what` options are malformed.
pub(crate) fn variables_format(name: Option<&str>, what: &str) -> Result<VariablesFormat, String> {
    match name {
        None => Ok(VariablesFormat::Json),
        Some(n) => VariablesFormat::from_name(n)
            .ok_or_else(|| format!("The {what} options are malformed: variablesFormat must be \"json\" or \"tfvars\", not \"{n}\".")),
    }
}

/// An expression's variables read as `format` says; JSON that looks like
/// tfvars is an error that says how to read it.
pub(crate) fn read_variables(text: &str, format: VariablesFormat, profile: Profile) -> Result<Variables, Vec<Diagnostic>> {
    let how = "variablesFormat \"tfvars\" (the page's \"tfvars\" button) reads it as a .tfvars file.";
    parse_variables_hinting(text, format, profile, how)
}

fn same_limits(a: &Limits, b: &Limits) -> bool {
    (a.max_depth, a.max_steps, a.max_collection_len, a.max_string_len, a.parse_calls_per_byte)
        == (b.max_depth, b.max_steps, b.max_collection_len, b.max_string_len, b.parse_calls_per_byte)
}

fn expression_failure(diags: &[Diagnostic], source: &str, wants: &impl Fn(JsOutput) -> bool) -> JsResult {
    let text = wants(JsOutput::DiagnosticsText).then(|| present::render_diagnostics(diags, source, "<input>"));
    // A work or size limit ended the evaluation: with other limits the
    // answer may differ.
    let limit_reached = diags.iter().any(Diagnostic::is_limit);
    JsResult { limit_reached, ..failure(diags.iter().map(|d| js_diagnostic(d, source, "expression")).collect(), text) }
}

fn failure(diagnostics: Vec<JsDiagnostic>, diagnostics_text: Option<String>) -> JsResult {
    JsResult { ok: false, diagnostics, diagnostics_text, engine: Profile::default().engine(), ..JsResult::default() }
}

pub(crate) fn js_diagnostic(d: &Diagnostic, text: &str, source: &'static str) -> JsDiagnostic {
    let start = utf16_offset(text, d.subject.start);
    let end = utf16_offset(text, d.subject.end);
    let line_start = text[..floor_char_boundary(text, d.subject.start)].rfind('\n').map_or(0, |i| i + 1);
    JsDiagnostic {
        summary: d.summary.clone(),
        detail: d.detail.clone(),
        range: JsRange { start, end },
        line: LineCol::of(text, d.subject.start).line,
        column: start - utf16_offset(text, line_start) + 1,
        source,
        code: d.code.js_name(),
    }
}

/// The diagnostic of an entry point the smaller build leaves out (see
/// `needsFullBuild`): its detail carries the same words as a left-out
/// function's, which is what the page's worker looks for.
#[cfg(not(all(feature = "module-mode", feature = "formatter")))]
pub(crate) fn left_out(what: &str) -> Diagnostic {
    Diagnostic::error(
        "Not in this build",
        format!("{what}: this build of the evaluator leaves the function out to stay small; the full build has it"),
        Default::default(),
    )
}

/// The UTF-16 offset of byte offset `at`.
pub(crate) fn utf16_offset(text: &str, at: usize) -> usize {
    text[..floor_char_boundary(text, at)].encode_utf16().count()
}

/// A text's line starts with the UTF-16 offset of each, so that the
/// places of many named values cost a search and a line's scan each
/// rather than a scan from the start of the file.
#[cfg_attr(not(feature = "module-mode"), allow(dead_code))]
pub(crate) struct TextIndex<'t> {
    text: &'t str,
    /// Byte offset and UTF-16 offset of each line's start.
    lines: Vec<(usize, usize)>,
}

#[cfg_attr(not(feature = "module-mode"), allow(dead_code))]
impl<'t> TextIndex<'t> {
    pub fn new(text: &'t str) -> TextIndex<'t> {
        let mut lines = vec![(0, 0)];
        let mut units = 0;
        let mut start = 0;
        for (i, _) in text.match_indices('\n') {
            units += text[start..=i].encode_utf16().count();
            start = i + 1;
            lines.push((start, units));
        }
        TextIndex { text, lines }
    }

    /// The 1-based line of byte offset `at`, and its UTF-16 offset.
    pub fn at(&self, at: usize) -> (usize, usize) {
        let at = floor_char_boundary(self.text, at);
        let line = self.lines.partition_point(|(start, _)| *start <= at).max(1);
        let (start, units) = self.lines[line - 1];
        (line, units + self.text[start..at].encode_utf16().count())
    }
}
