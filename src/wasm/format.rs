//! The formatter at the WebAssembly boundary: a module's text formatted as
//! `terraform fmt` formats a file, or an expression as it formats an
//! argument's value, with diagnostics in UTF-16 ranges when it does not
//! parse.
//!
//! Only the full build has it (the `formatter` feature): the smaller build
//! answers with `needsFullBuild` and a diagnostic that says so.
#![cfg_attr(not(feature = "formatter"), allow(dead_code, unused_imports))]

use super::{js_diagnostic, unknown_key, JsDiagnostic};
use crate::diagnostics::Diagnostic;
use crate::present;
use crate::syntax::format::{format_expression, format_file};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[derive(Deserialize, Default)]
struct JsFormatOptions {
    #[serde(default)]
    expression: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsFormatResult {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    diagnostics: Vec<JsDiagnostic>,
    diagnostics_text: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    needs_full_build: bool,
}

/// Formats `source`: a configuration file (named `main.tf` in messages, as
/// the module mode names it), or with `{expression: true}` one expression
/// (named `<input>`, as the expression mode names it).
#[wasm_bindgen(skip_typescript)]
pub fn format(source: &str, options: JsValue) -> JsValue {
    #[cfg(feature = "formatter")]
    let result = run(source, options);
    #[cfg(not(feature = "formatter"))]
    let result = {
        let _ = (source, options);
        let d = super::left_out("The formatter");
        JsFormatResult {
            ok: false,
            text: None,
            diagnostics_text: d.render("", "<input>"),
            diagnostics: vec![js_diagnostic(&d, "", "expression")],
            needs_full_build: true,
        }
    };
    serde_wasm_bindgen::to_value(&result).unwrap_or(JsValue::NULL)
}

fn run(source: &str, options: JsValue) -> JsFormatResult {
    let opts: JsFormatOptions = if options.is_undefined() || options.is_null() {
        JsFormatOptions::default()
    } else {
        let read = unknown_key(&options, &["expression"])
            .and_then(|()| serde_wasm_bindgen::from_value(options).map_err(|e| format!("The format options are malformed: {e}.")));
        match read {
            Ok(o) => o,
            Err(detail) => {
                let d = Diagnostic::error("Invalid options", detail, Default::default());
                return JsFormatResult {
                    ok: false,
                    text: None,
                    diagnostics: vec![js_diagnostic(&d, "", "options")],
                    diagnostics_text: String::new(),
                    needs_full_build: false,
                };
            }
        }
    };
    let (result, filename) =
        if opts.expression { (format_expression(source), "<input>") } else { (format_file(source, "main.tf"), "main.tf") };
    match result {
        Ok(text) => {
            JsFormatResult { ok: true, text: Some(text), diagnostics: Vec::new(), diagnostics_text: String::new(), needs_full_build: false }
        }
        Err(diags) => JsFormatResult {
            ok: false,
            text: None,
            diagnostics: diags.iter().map(|d| js_diagnostic(d, source, "expression")).collect(),
            diagnostics_text: present::render_diagnostics(&diags, source, filename),
            needs_full_build: false,
        },
    }
}
