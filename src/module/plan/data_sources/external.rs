//! hashicorp/external's `data "external"`, read as the provider 2.x reads
//! it while planning: the program run (by [`crate::module::Programs`],
//! which the CLI gives) with the query as a JSON object on its standard
//! input, and its standard output, a JSON object of strings, the
//! `result`; its failures in the provider's words.

use crate::diagnostics::Diagnostic;
use crate::module::load::config::Resource;
use crate::module::load::{Program, ProgramRun, Programs};
use crate::profile::Profile;
use crate::value::{SortedMap, Type, Value};

/// The data source's values (`result` and `id` beside the arguments), or
/// the provider's error.
pub(super) fn read(programs: &Programs, r: &Resource, config: &SortedMap<Value>, profile: Profile) -> Result<SortedMap<Value>, Diagnostic> {
    let subject = r.body.attribute("program").map_or(r.decl.span, |a| a.expr.span);
    let fail = |summary: &str, detail: String| Diagnostic::error(summary, detail, subject);
    let strings = |v: Option<&Value>| -> Vec<Option<String>> {
        v.and_then(Value::as_sequence).unwrap_or(&[]).iter().map(|e| e.as_str().map(str::to_string)).collect()
    };
    let given = strings(config.get("program"));
    let args: Vec<String> = given.iter().flatten().filter(|a| !a.is_empty()).cloned().collect();
    if args.is_empty() {
        return Err(fail(
            "External Program Missing",
            "The data source was configured without a program to execute. Verify the configuration contains at least one non-empty value."
                .into(),
        ));
    }
    // Go's json.Marshal of a map[string]string: keys sorted, HTML escaped;
    // null elements are left out (the provider's 2.2.3 behaviour).
    let mut query = String::from("{");
    if let Some(m) = config.get("query").and_then(Value::as_mapping) {
        for (k, v) in m.iter().filter_map(|(k, v)| v.as_str().map(|s| (k, s))) {
            if query.len() > 1 {
                query.push(',');
            }
            crate::text::push_json_string(k, &mut query, true);
            query.push(':');
            crate::text::push_json_string(v, &mut query, true);
        }
    }
    query.push('}');
    let working_dir = config.get("working_dir").and_then(Value::as_str).unwrap_or_default().to_string();
    let first = given.first().cloned().flatten().unwrap_or_default();
    let run = (programs.0)(&Program { args, working_dir, query });
    let (path, stdout) = match run {
        ProgramRun::NotFound(error) => return Err(fail("External Program Lookup Failed", lookup_failed(&first, &error))),
        ProgramRun::Ran { path, failed: Some((stderr, state)), .. } => {
            let detail = match stderr.is_empty() {
                false => format!(
                    "The data source received an unexpected error while attempting to execute the program.\n\nProgram: {path}\nError Message: {stderr}\nState: {state}"
                ),
                true => format!(
                    "The data source received an unexpected error while attempting to execute the program.\n\nThe program was executed, however it returned no additional error messaging.\n\nProgram: {path}\nState: {state}"
                ),
            };
            return Err(fail("External Program Execution Failed", detail));
        }
        ProgramRun::Ran { path, stdout, failed: None } => (path, stdout),
    };
    let result = go_unmarshal(&stdout).map_err(|e| {
        fail(
            "Unexpected External Program Results",
            format!(
                "The data source received unexpected results after executing the program.\n\nProgram output must be a JSON encoded map of string keys and string values.\n\nIf the error is unclear, the output can be viewed by enabling Terraform's logging at TRACE level. Terraform documentation on logging: https://www.terraform.io/internals/debugging\n\nProgram: {path}\nResult Error: {e}"
            ),
        )
    })?;
    let mut values = config.clone();
    let entries: SortedMap<Value> = result.into_iter().map(|(k, v)| (k, Value::string(v, profile))).collect();
    values.insert("result".into(), Value::Map(Type::String, entries.into()));
    values.insert("id".into(), Value::string("-", profile));
    Ok(values)
}

fn lookup_failed(program: &str, error: &str) -> String {
    format!(
        "The data source received an unexpected error while attempting to parse the query. The data source received an unexpected error while attempting to find the program.

The program must be accessible according to the platform where Terraform is running.

If the expected program should be automatically found on the platform where Terraform is running, ensure that the program is in an expected directory. On Unix-based platforms, these directories are typically searched based on the '$PATH' environment variable. On Windows-based platforms, these directories are typically searched based on the '%PATH%' environment variable.

If the expected program is relative to the Terraform configuration, it is recommended that the program name includes the interpolated value of 'path.module' before the program name to ensure that it is compatible with varying module usage. For example: \"${{path.module}}/my-program\"

The program must also be executable according to the platform where Terraform is running. On Unix-based platforms, the file on the filesystem must have the executable bit set. On Windows-based platforms, no action is typically necessary.

Platform: linux
Program: {}
Error: {error}",
        // The framework's types.String writes itself quoted.
        crate::value::go_quote(program, Profile::Terraform)
    )
}

/// Go's `json.Unmarshal` of the output into a `map[string]string`, with
/// its error's text.
fn go_unmarshal(stdout: &[u8]) -> Result<std::collections::BTreeMap<String, String>, String> {
    let kind = |v: &serde_json::Value| match v {
        serde_json::Value::Array(_) => "array",
        serde_json::Value::String(_) => "string",
        serde_json::Value::Number(_) => "number",
        serde_json::Value::Bool(_) => "bool",
        serde_json::Value::Object(_) => "object",
        serde_json::Value::Null => "null",
    };
    let doc: serde_json::Value = serde_json::from_slice(stdout).map_err(|e| {
        let first = stdout.iter().find(|b| !b.is_ascii_whitespace());
        match first {
            _ if e.is_eof() => "unexpected end of JSON input".to_string(),
            Some(&b) if !matches!(b, b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n') => {
                format!("invalid character {} looking for beginning of value", go_char(b))
            }
            _ => e.to_string(),
        }
    })?;
    match doc {
        serde_json::Value::Object(m) => m
            .into_iter()
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => Ok((k, s)),
                // A null leaves the element's zero value.
                serde_json::Value::Null => Ok((k, String::new())),
                other => Err(format!("json: cannot unmarshal {} into Go value of type string", kind(&other))),
            })
            .collect(),
        serde_json::Value::Null => Ok(Default::default()),
        other => Err(format!("json: cannot unmarshal {} into Go value of type map[string]string", kind(&other))),
    }
}

/// A byte as Go's JSON scanner quotes it in an error (`'x'`).
fn go_char(b: u8) -> String {
    match b {
        b'\'' => "'\\''".into(),
        b'"' => "'\"'".into(),
        0x20..=0x7e => format!("'{}'", b as char),
        _ => format!("{:?}", b as char).replace('"', "'"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn outputs_unmarshal_as_go_unmarshals_them() {
        let ok = |s: &str| super::go_unmarshal(s.as_bytes()).map(|m| m.into_iter().collect::<Vec<_>>());
        assert_eq!(ok(r#"{"b":"2","a":"1"}"#), Ok(vec![("a".into(), "1".into()), ("b".into(), "2".into())]));
        assert_eq!(ok("null"), Ok(vec![]));
        assert_eq!(ok(""), Err("unexpected end of JSON input".into()));
        assert_eq!(ok("hello"), Err("invalid character 'h' looking for beginning of value".into()));
        assert_eq!(ok(r#"{"a":1}"#), Err("json: cannot unmarshal number into Go value of type string".into()));
        assert_eq!(ok(r#"["a"]"#), Err("json: cannot unmarshal array into Go value of type map[string]string".into()));
    }
}
