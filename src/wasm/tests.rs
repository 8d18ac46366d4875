//! The tests half of the WebAssembly API: a workspace's test files
//! (`*.tftest.hcl`) run against its module as `terraform test` runs them
//! (see [`crate::module::run_tests`]), for the page's Tests panel and the
//! widgets. Positions are UTF-16 offsets into each file's text.

use super::module::read_options;
use super::utf16_offset;
use crate::module::{run_tests, TestDiagnostic, TestOptions};
use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsTests {
    ok: bool,
    engine: &'static str,
    /// Whether the test command would exit 0.
    passed: bool,
    /// What the program prints, as `hcl-eval --test` prints it.
    stdout: String,
    stderr: String,
    files: Vec<JsTestFile>,
    /// Errors that stop every run (in the test files or the module).
    errors: Vec<JsTestDiagnostic>,
}

#[derive(Serialize)]
struct JsTestFile {
    name: String,
    status: &'static str,
    runs: Vec<JsRun>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsRun {
    name: String,
    /// `pass`, `fail`, `skip`, or `error` (printed `fail`).
    status: &'static str,
    /// The run block's header in its file.
    start: usize,
    end: usize,
    diagnostics: Vec<JsTestDiagnostic>,
    /// The run's output values as the console prints them.
    outputs: Vec<(String, String)>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsTestDiagnostic {
    summary: String,
    detail: String,
    warning: bool,
    /// The file it points into, and where (UTF-16), if anywhere.
    file: Option<String>,
    start: usize,
    end: usize,
    line: usize,
    /// The references of its expression with their values.
    values: Vec<(String, String)>,
    /// As the program prints it.
    text: String,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct JsTestOptions {
    #[serde(default)]
    filter: Vec<String>,
    #[serde(default)]
    verbose: bool,
}

fn js_diagnostic(d: &TestDiagnostic) -> JsTestDiagnostic {
    let (file, start, end, line) = match &d.place {
        Some((name, text, span)) => {
            let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
            (Some(name.clone()), utf16_offset(text, span.start), utf16_offset(text, span.end), line)
        }
        None => (None, 0, 0, 0),
    };
    JsTestDiagnostic {
        summary: d.summary.clone(),
        detail: d.detail.clone(),
        warning: d.warning,
        file,
        start,
        end,
        line,
        values: d.values.clone(),
        text: crate::module::render_test_diagnostic(d),
    }
}

/// Runs the test files among the module's files (`source` is `main.tf`;
/// the others come in the `files` option, as for `evaluateModule`), with
/// `{filter, verbose}` in `test_options`.
#[wasm_bindgen(js_name = runTests, skip_typescript)]
pub fn run_tests_js(source: &str, options: JsValue, test_options: JsValue) -> JsValue {
    let result = match read_options(source, "", options) {
        Err(e) => JsTests {
            ok: false,
            engine: crate::Profile::default().engine(),
            passed: false,
            stdout: String::new(),
            stderr: e,
            files: Vec::new(),
            errors: Vec::new(),
        },
        Ok((_, mopts, _, files)) => {
            let t: JsTestOptions = if test_options.is_undefined() || test_options.is_null() {
                JsTestOptions::default()
            } else {
                serde_wasm_bindgen::from_value(test_options).unwrap_or_default()
            };
            let engine = mopts.profile.engine();
            let options = TestOptions { filter: t.filter, verbose: t.verbose, ..TestOptions::default() };
            let suite = run_tests(files, &mopts, &options);
            let (stdout, stderr) = suite.streams();
            let place = |text: &str, span: crate::Span| (utf16_offset(text, span.start), utf16_offset(text, span.end));
            JsTests {
                ok: true,
                engine,
                passed: suite.passed(),
                stdout,
                stderr,
                errors: suite.errors.iter().map(js_diagnostic).collect(),
                files: suite
                    .files
                    .iter()
                    .map(|f| JsTestFile {
                        name: f.name.clone(),
                        status: f.status.word(),
                        runs: f
                            .runs
                            .iter()
                            .map(|r| {
                                let (start, end) = place(&f.text, r.span);
                                JsRun {
                                    name: r.name.clone(),
                                    status: match r.status {
                                        crate::module::TestStatus::Error => "error",
                                        s => s.word(),
                                    },
                                    start,
                                    end,
                                    diagnostics: r.diagnostics.iter().map(js_diagnostic).collect(),
                                    outputs: r.outputs.clone(),
                                }
                            })
                            .collect(),
                    })
                    .collect(),
            }
        }
    };
    result.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}
