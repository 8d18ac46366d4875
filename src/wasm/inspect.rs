//! The inspector at the WebAssembly boundary: the value and type of the
//! innermost sub-expression holding a range of the source (UTF-16 code
//! units in, UTF-16 code units out), in an expression (`inspect`) or in a
//! module's text (`inspectModule`).
//!
//! `inspectModule` evaluates a module, so only the full build has it (the
//! `module-mode` feature); the smaller build answers with `needsFullBuild`.
#![cfg_attr(not(feature = "module-mode"), allow(unused_imports))]

use super::module::read_options as read_module_options;
use super::{evaluation_options, js_diagnostic, read_variables, utf16_offset, JsDiagnostic, JsRange};
use crate::api::Inspection;
use crate::diagnostics::Diagnostic;
use crate::Profile;
use crate::{present, Program};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsBinding {
    name: String,
    console: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsHit {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    console: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", rename = "type")]
    ty: Option<String>,
    errors: Vec<JsDiagnostic>,
    bindings: Vec<JsBinding>,
    #[serde(skip_serializing_if = "Option::is_none")]
    arm: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    taken: Option<bool>,
}

#[derive(Serialize, Default)]
#[serde(rename_all = "camelCase")]
struct JsInspection {
    found: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    range: Option<JsRange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
    hits: Vec<JsHit>,
    count: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    console: Option<String>,
    diagnostics: Vec<JsDiagnostic>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    needs_full_build: bool,
}

/// The byte offset of UTF-16 offset `at` (inside a surrogate pair, the
/// character's start), or `None` past the end of the text.
fn byte_offset(text: &str, at: usize) -> Option<usize> {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        units += c.len_utf16();
        if units > at {
            return Some(i);
        }
    }
    (units == at).then_some(text.len())
}

/// `start..end` (UTF-16) in bytes, or `None` when it is not in the text.
fn byte_range(text: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    Some((byte_offset(text, start)?, byte_offset(text, end.max(start))?))
}

fn to_js(found: Option<Inspection>, source: &str, profile: Profile) -> JsInspection {
    let Some(found) = found else { return JsInspection::default() };
    let hits = found
        .hits
        .iter()
        .map(|h| JsHit {
            ok: h.errors.is_empty(),
            console: h.errors.is_empty().then(|| present::console(&h.value, profile)),
            ty: h.errors.is_empty().then(|| h.value.ty().to_string()),
            errors: h.errors.iter().map(|d| js_diagnostic(d, source, "expression")).collect(),
            bindings: h.bindings.iter().map(|(n, v)| JsBinding { name: n.clone(), console: present::console(v, profile) }).collect(),
            arm: h.arm,
            taken: h.taken,
        })
        .collect();
    JsInspection {
        found: true,
        range: Some(JsRange { start: utf16_offset(source, found.span.start), end: utf16_offset(source, found.span.end) }),
        text: source.get(found.span.start..found.span.end).map(str::to_string),
        hits,
        count: found.count,
        console: found.console_override,
        diagnostics: found.diagnostics.iter().map(|d| js_diagnostic(d, source, "expression")).collect(),
        needs_full_build: found.needs_full_build,
    }
}

fn failed(d: &Diagnostic, text: &str, which: &'static str) -> JsInspection {
    JsInspection { diagnostics: vec![js_diagnostic(d, text, which)], ..JsInspection::default() }
}

fn serialize(result: &JsInspection) -> JsValue {
    result.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

/// What the innermost expression holding `start..end` (UTF-16) of `source`
/// evaluated to, over the variables in `variables`.
#[wasm_bindgen(skip_typescript)]
pub fn inspect(source: &str, variables: &str, options: JsValue, start: usize, end: usize) -> JsValue {
    serialize(&run(source, variables, options, start, end))
}

fn run(source: &str, variables: &str, options: JsValue, start: usize, end: usize) -> JsInspection {
    let (options, format) = match super::read_options(options).and_then(|o| evaluation_options(&o)) {
        Ok(o) => o,
        Err(detail) => return failed(&Diagnostic::error("Invalid options", detail, Default::default()), "", "options"),
    };
    let vars = match read_variables(variables, format, options.profile) {
        Ok(v) => v,
        Err(diags) => {
            let diagnostics = diags.iter().map(|d| js_diagnostic(d, variables, "variables")).collect();
            return JsInspection { diagnostics, ..JsInspection::default() };
        }
    };
    let program = match Program::parse(source, &options) {
        Ok(p) => p,
        Err(diags) => {
            return JsInspection {
                diagnostics: diags.iter().map(|d| js_diagnostic(d, source, "expression")).collect(),
                ..JsInspection::default()
            }
        }
    };
    to_js(byte_range(source, start, end).and_then(|(s, e)| program.inspect(&vars, s, e)), source, program.options().profile)
}

/// What the innermost expression holding `start..end` (UTF-16) of a
/// module's text evaluated to, in the context of the block around it.
#[wasm_bindgen(js_name = inspectModule, skip_typescript)]
pub fn inspect_module_js(source: &str, variables: &str, options: JsValue, start: usize, end: usize) -> JsValue {
    #[cfg(not(feature = "module-mode"))]
    {
        let _ = (source, variables, options, start, end);
        serialize(&JsInspection { needs_full_build: true, ..failed(&super::left_out("Module mode"), "", "expression") })
    }
    #[cfg(feature = "module-mode")]
    {
        let result = match read_module_options(source, variables, options) {
            Err(detail) => failed(&Diagnostic::error("Invalid options", detail, Default::default()), "", "options"),
            Ok((opts, mopts, inputs, files)) => {
                let path = opts.file.clone().unwrap_or_else(|| "main.tf".into());
                let Some(text) = files.iter().find(|(p, _)| *p == path).map(|(_, t)| t.clone()) else {
                    let detail =
                        format!("The module options are malformed: there is no file {}.", crate::value::go_quote(&path, mopts.profile));
                    return serialize(&failed(&Diagnostic::error("Invalid options", detail, Default::default()), "", "options"));
                };
                let profile = mopts.profile;
                let binary = opts.binary().unwrap_or_default();
                let found = super::module::with_workspace(mopts, files, binary, inputs, opts.scope.clone(), |ws| {
                    byte_range(&text, start, end).and_then(|(s, e)| ws.inspect(&path, s, e))
                });
                to_js(found, &text, profile)
            }
        };
        serialize(&result)
    }
}

/// What the innermost expression holding `start..end` (UTF-16) of a test
/// file (the `file` option) evaluated to in its run: an assertion's
/// condition or message, over that run's values.
#[cfg(feature = "module-mode")]
#[wasm_bindgen(js_name = inspectTests, skip_typescript)]
pub fn inspect_tests_js(source: &str, variables: &str, options: JsValue, start: usize, end: usize) -> JsValue {
    let result = match read_module_options(source, variables, options) {
        Err(detail) => failed(&Diagnostic::error("Invalid options", detail, Default::default()), "", "options"),
        Ok((opts, mopts, _, files)) => {
            let path = opts.file.clone().unwrap_or_default();
            match files.iter().find(|(p, _)| *p == path).map(|(_, t)| t.clone()) {
                None => {
                    let detail =
                        format!("The module options are malformed: there is no file {}.", crate::value::go_quote(&path, mopts.profile));
                    failed(&Diagnostic::error("Invalid options", detail, Default::default()), "", "options")
                }
                Some(text) => {
                    let profile = mopts.profile;
                    let found = byte_range(&text, start, end).and_then(|(s, e)| {
                        let test = crate::module::TestOptions { inspect: Some((path.clone(), s, e)), ..Default::default() };
                        crate::module::run_tests(files, &mopts, &test).inspection
                    });
                    to_js(found, &text, profile)
                }
            }
        }
    };
    serialize(&result)
}
