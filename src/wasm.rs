//! The WebAssembly API: `evaluate`, `functions` and `version`, for the
//! playground page and embedders. Compiled only for wasm32; a thin adapter
//! over the library. Ranges cross this boundary in UTF-16 code units (what
//! JavaScript strings and editors count), lines and columns 1-based.

use crate::diagnostics::{Diagnostic, Severity};
use crate::value::Value;
use crate::{functions, render, Limits, Options};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &'static str = r#"
/** A source range in UTF-16 code units, end exclusive. */
export interface Range { start: number; end: number; }

/** One problem, in HCL's words. */
export interface Diagnostic {
  severity: "error" | "warning";
  summary: string;
  detail: string;
  /** Where, in UTF-16 code units of the source. */
  range: Range;
  /** 1-based line of range.start. */
  line: number;
  /** 1-based column of range.start, in UTF-16 code units. */
  column: number;
  /** Which input the range refers to: the expression or the variables JSON. */
  source: "expression" | "variables";
}

/**
 * A value as JSON: numbers that a JavaScript number holds exactly are
 * numbers, other numbers are {"__number__": "<exact decimal>"} (also "+Inf"
 * and "-Inf"), unknown values are {"__unknown__": "<type>"}.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export interface EvaluateOptions {
  /** Parse the source as a bare template (a template file). */
  template?: boolean;
  /** Override the default work limits. */
  limits?: { maxDepth?: number; maxSteps?: number; maxCollectionLen?: number; maxStringLen?: number };
}

export interface EvaluateResult {
  ok: boolean;
  /** The value (absent on error). */
  value?: JsonValue;
  /** The exact value as JSON text in the conformance schema. */
  json?: string;
  /** The type, as `tuple([string, number])`. */
  type?: string;
  /** The value as `terraform console` prints it (or the type, for `type(x)`). */
  console?: string;
  /** False when any part of the value is unknown. */
  known?: boolean;
  diagnostics: Diagnostic[];
  /**
   * Set by the smaller build (without the heavy functions: regular
   * expressions, YAML, gzip, CSV, hashes, bcrypt, RSA, dates) when the
   * expression calls one of them: the result is not the real one; evaluate
   * again with the full build.
   */
  needsFullBuild?: true;
}

export interface FunctionInfo {
  name: string;
  category: string;
  signature: string;
  description: string;
  example: string;
}

export function evaluate(source: string, variablesJson: string, options?: EvaluateOptions): EvaluateResult;
export function functions(): FunctionInfo[];
export function version(): string;
"#;

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct JsOptions {
    #[serde(default)]
    template: bool,
    #[serde(default)]
    limits: Option<JsLimits>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct JsLimits {
    max_depth: Option<usize>,
    max_steps: Option<u64>,
    max_collection_len: Option<usize>,
    max_string_len: Option<usize>,
}

#[derive(Serialize)]
struct JsRange {
    start: usize,
    end: usize,
}

#[derive(Serialize)]
struct JsDiagnostic {
    severity: &'static str,
    summary: String,
    detail: String,
    range: JsRange,
    line: usize,
    column: usize,
    source: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsResult {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<Json>,
    #[serde(skip_serializing_if = "Option::is_none")]
    json: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", rename = "type")]
    ty: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    console: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    known: Option<bool>,
    diagnostics: Vec<JsDiagnostic>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    needs_full_build: bool,
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

/// Evaluates `source` over the variables in `variables_json`.
#[wasm_bindgen(skip_typescript)]
pub fn evaluate(source: &str, variables_json: &str, options: JsValue) -> JsValue {
    let opts: JsOptions = if options.is_undefined() || options.is_null() {
        JsOptions::default()
    } else {
        serde_wasm_bindgen::from_value(options).unwrap_or_default()
    };
    let mut limits = Limits::default();
    if let Some(l) = opts.limits {
        limits.max_depth = l.max_depth.unwrap_or(limits.max_depth);
        limits.max_steps = l.max_steps.unwrap_or(limits.max_steps);
        limits.max_collection_len = l.max_collection_len.unwrap_or(limits.max_collection_len);
        limits.max_string_len = l.max_string_len.unwrap_or(limits.max_string_len);
    }
    let options = Options { template: opts.template, limits };
    let result = match crate::parse_variables(variables_json) {
        Err(d) => failure(vec![js_diagnostic(&d, variables_json, "variables")]),
        Ok(vars) => {
            let (result, needs_full_build) = crate::run_console(source, &vars, &options);
            let result = match result {
                Ok(e) => success(&e),
                Err(d) => failure(d.iter().map(|d| js_diagnostic(d, source, "expression")).collect()),
            };
            JsResult { needs_full_build, ..result }
        }
    };
    serde_wasm_bindgen::to_value(&result).unwrap_or(JsValue::NULL)
}

/// The function registry, for autocomplete and the reference panel.
#[wasm_bindgen(skip_typescript)]
pub fn functions() -> JsValue {
    let list: Vec<JsFunction> = functions::all()
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

/// The crate version.
#[wasm_bindgen(skip_typescript)]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

fn success(e: &crate::Evaluated) -> JsResult {
    JsResult {
        ok: true,
        value: Some(js_value(&e.value)),
        json: Some(render::to_json(&e.value)),
        ty: Some(e.ty.to_string()),
        console: Some(e.console.clone()),
        known: Some(e.value.is_wholly_known()),
        diagnostics: Vec::new(),
        needs_full_build: false,
    }
}

fn failure(diagnostics: Vec<JsDiagnostic>) -> JsResult {
    JsResult { ok: false, value: None, json: None, ty: None, console: None, known: None, diagnostics, needs_full_build: false }
}

/// JSON for JavaScript (serialised to plain JS values).
enum Json {
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Serialize for Json {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{SerializeMap, SerializeSeq};
        match self {
            Json::Null => s.serialize_unit(),
            Json::Bool(b) => s.serialize_bool(*b),
            Json::Number(n) => s.serialize_f64(*n),
            Json::String(x) => s.serialize_str(x),
            Json::Array(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for i in items {
                    seq.serialize_element(i)?;
                }
                seq.end()
            }
            Json::Object(entries) => {
                let mut map = s.serialize_map(Some(entries.len()))?;
                for (k, v) in entries {
                    map.serialize_entry(k, v)?;
                }
                map.end()
            }
        }
    }
}

fn marker(key: &str, text: String) -> Json {
    Json::Object(vec![(key.to_string(), Json::String(text))])
}

/// A value for JavaScript: numbers stay numbers only when an f64 holds
/// them exactly.
fn js_value(v: &Value) -> Json {
    match v.unmarked() {
        Value::Unknown(t) => marker("__unknown__", t.to_string()),
        Value::Null(_) => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::String(s) => Json::String(s.clone()),
        Value::Number(n) => {
            let text = n.to_decimal_string();
            let f = n.to_f64();
            if !n.is_infinite() && f.is_finite() && crate::value::Number::from_f64(f).to_decimal_string() == text {
                Json::Number(f)
            } else {
                marker("__number__", text)
            }
        }
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => Json::Array(vs.iter().map(js_value).collect()),
        Value::Map(_, m) | Value::Object(m) => Json::Object(m.iter().map(|(k, v)| (k.clone(), js_value(v))).collect()),
        Value::Sensitive(v) => js_value(v),
    }
}

fn js_diagnostic(d: &Diagnostic, text: &str, source: &'static str) -> JsDiagnostic {
    let start = utf16_offset(text, d.subject.start);
    let end = utf16_offset(text, d.subject.end);
    let line_start = text[..crate::diagnostics::floor_char_boundary(text, d.subject.start)].rfind('\n').map_or(0, |i| i + 1);
    JsDiagnostic {
        severity: match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        summary: d.summary.clone(),
        detail: d.detail.clone(),
        range: JsRange { start, end },
        line: crate::diagnostics::LineCol::of(text, d.subject.start).line,
        column: start - utf16_offset(text, line_start) + 1,
        source,
    }
}

/// The UTF-16 offset of byte offset `at`.
fn utf16_offset(text: &str, at: usize) -> usize {
    text[..crate::diagnostics::floor_char_boundary(text, at)].encode_utf16().count()
}
