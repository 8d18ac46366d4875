//! `hcl-eval`: evaluate an HCL expression from the command line.
//!
//! ```text
//! hcl-eval 'EXPR' [--vars FILE|-] [--format console|json|type] [--template] [--profile NAME]
//! hcl-eval --jsonl [--profile NAME] < cases.jsonl > results.jsonl
//! hcl-eval --module PATH [--vars FILE|-] [--var-file FILE.tfvars] [--var NAME=VALUE]... [--workspace NAME] [--scope ADDR] [--providers DIR|none] [EXPR]
//! hcl-eval --test DIR [--filter FILE]... [--test-directory DIR] [--var NAME=VALUE]... [--var-file FILE] [--verbose]
//! hcl-eval --check-docs PATH...
//! hcl-eval --fmt FILE|-
//! ```

/// `println!` on standard output, except that a reader gone (`hcl-eval
/// --module . | head`) ends the program quietly, as other command-line
/// programs end, instead of a panic on the next write.
macro_rules! outln {
    ($($arg:tt)*) => { crate::write_out(&format!("{}\n", format_args!($($arg)*))) };
}

/// `print!` on standard output, as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => { crate::write_out(&format!($($arg)*)) };
}

mod docs;
mod module;
mod programs;
mod test;

use hcl_playground::api::{parse_variables_hinting, VariablesFormat};
use hcl_playground::text::{json_string, push_json_string};
use hcl_playground::{evaluate, parse_variables_in, present, Options, Profile, Value};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

const USAGE: &str = "usage: hcl-eval 'EXPR' [--vars FILE|-] [--format console|json|type] [--template] [--profile NAME]
                (--vars: a JSON object of variable values, or a .tfvars file when FILE
                ends in .tfvars; - reads JSON from standard input)
       hcl-eval --jsonl [--profile NAME]   (conformance JSON Lines on stdin and stdout;
                                            a line's \"profile\" field overrides)
       hcl-eval --module PATH [--vars FILE|-] [--var-file FILE.tfvars] [--var NAME=VALUE]...
                [--workspace NAME] [--scope ADDR] [--profile NAME] [--providers DIR|none] [EXPR]
                (PATH: a .tf file or a directory; with EXPR, what `terraform console -plan`
                prints for it; without, every named value. --scope: the module instance
                EXPR is evaluated in, as `terraform console -scope`. --providers: the provider
                schemas to plan resources with (the playground's www/providers; without the
                flag, HCL_PLAYGROUND_PROVIDERS, else providers/ beside the program, else a
                build from source finds its own); none: every resource as written)
       hcl-eval --test DIR [--filter FILE]... [--test-directory DIR] [--var NAME=VALUE]...
                [--var-file FILE] [--verbose] [--profile NAME]
                (the module in DIR and its *.tftest.hcl files, run as `terraform test
                -no-color` runs them, with mocks, offline; status 1 when a run failed)
       hcl-eval --check-docs PATH...   (every documented example with an expected result,
                                         in HTML and Markdown files; status 1 lists drift)
       hcl-eval --fmt FILE|-   (the file, or standard input, formatted as `terraform fmt` does)
profiles: terraform (the default), opentofu, hcl-2.14";

/// Writes `text` on standard output; a closed pipe ends the program.
fn write_out(text: &str) {
    if let Err(e) = std::io::stdout().lock().write_all(text.as_bytes()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut expr = None;
    let mut vars_path = None;
    let mut format = "console".to_string();
    let mut options = Options::default();
    let mut jsonl = false;
    let mut module_path = None;
    let mut var_files = Vec::new();
    let mut cli_vars = Vec::new();
    let mut workspace = None;
    let mut scope = None;
    let mut providers = None;
    let mut test_path = None;
    let mut filter = Vec::new();
    let mut test_directory = None;
    let mut verbose = false;
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--jsonl" => jsonl = true,
            "--functions" => {
                out!("{}", hcl_playground::functions::reference_markdown());
                return ExitCode::SUCCESS;
            }
            "--template" => options.template = true,
            "--profile" => match it.next().as_deref().and_then(Profile::from_name) {
                Some(p) => options.profile = p,
                None => {
                    eprintln!("hcl-eval: --profile takes one of terraform, opentofu, hcl-2.14");
                    return ExitCode::from(2);
                }
            },
            "--check-docs" => {
                let paths: Vec<String> = it.collect();
                if paths.is_empty() {
                    eprintln!("hcl-eval: --check-docs takes files or directories (HTML and Markdown)");
                    return ExitCode::from(2);
                }
                return docs::run(&paths);
            }
            "--fmt" => {
                let Some(path) = it.next() else {
                    eprintln!("hcl-eval: --fmt takes a file name, or - for standard input");
                    return ExitCode::from(2);
                };
                return run_fmt(&path);
            }
            "--vars" => vars_path = it.next(),
            "--module" => module_path = it.next(),
            "--test" => test_path = it.next(),
            "--filter" => filter.extend(it.next()),
            "--test-directory" => test_directory = it.next(),
            "--verbose" => verbose = true,
            "--var-file" => var_files.extend(it.next()),
            "--workspace" => workspace = it.next(),
            "--scope" => scope = it.next(),
            "--providers" => providers = it.next(),
            "--var" => match it.next().as_deref().and_then(|a| a.split_once('=')) {
                Some((n, v)) => cli_vars.push((n.to_string(), v.to_string())),
                None => {
                    eprintln!("hcl-eval: --var takes NAME=VALUE");
                    return ExitCode::from(2);
                }
            },
            "--format" => format = it.next().unwrap_or_default(),
            "-h" | "--help" => {
                outln!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ if expr.is_none() => expr = Some(a),
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if jsonl {
        return run_jsonl(options.profile);
    }
    if let Some(path) = test_path {
        let args = test::Args { path, filter, test_directory, vars: cli_vars, var_files, verbose, providers };
        return test::run(args, &options);
    }
    if let Some(path) = module_path {
        let vars_file = match vars_path.map(|p| read_vars(&p).map(|t| (p, t))) {
            None => None,
            Some(Ok(file)) => Some(file),
            Some(Err(e)) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        };
        let args = module::Args { path, vars_file, var_files, vars: cli_vars, workspace, scope, providers, expr };
        return module::run(args, &options);
    }
    let Some(expr) = expr else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    if !matches!(format.as_str(), "console" | "json" | "type") {
        eprintln!("hcl-eval: unknown format {format:?}; use console, json or type");
        return ExitCode::from(2);
    }
    let vars = match vars_path.as_deref() {
        // Waypoint's stage always has its load context's values.
        None => parse_variables_in("", options.profile).unwrap_or_default(),
        Some(path) => {
            let text = match read_vars(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let how = "hcl-eval reads a --vars file whose name ends in .tfvars as tfvars.";
            match parse_variables_hinting(&text, vars_format(path), options.profile, how) {
                Ok(v) => v,
                Err(diags) => {
                    eprint!("{}", present::render_diagnostics(&diags, &text, path));
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    let result = match format.as_str() {
        "console" => hcl_playground::evaluate_console(&expr, &vars, &options).map(|e| e.console),
        "json" => evaluate(&expr, &vars, &options).map(|v| present::to_json(&v)),
        _ => evaluate(&expr, &vars, &options).map(|v| v.ty().to_string()),
    };
    match result {
        Ok(out) => {
            outln!("{out}");
            ExitCode::SUCCESS
        }
        Err(diags) => {
            for d in &diags {
                eprintln!("{}", d.render(&expr, "<input>"));
            }
            ExitCode::FAILURE
        }
    }
}

/// `--fmt`: the formatted text on standard output, or the syntax errors
/// that make Terraform refuse the file on standard error.
fn run_fmt(path: &str) -> ExitCode {
    let (text, name) = if path == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            eprintln!("hcl-eval: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
        (s, "<stdin>")
    } else {
        match std::fs::read_to_string(path) {
            Ok(s) => (s, path),
            Err(e) => {
                eprintln!("hcl-eval: cannot read {path}: {e}");
                return ExitCode::from(2);
            }
        }
    };
    match hcl_playground::syntax::format::format_file(&text, name) {
        Ok(out) => {
            out!("{out}");
            ExitCode::SUCCESS
        }
        Err(diags) => {
            eprint!("{}", present::render_diagnostics(&diags, &text, name));
            ExitCode::FAILURE
        }
    }
}

fn run_jsonl(profile: Profile) -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    // One line's result at a time, in a buffer that is reused.
    let mut result = String::new();
    for (n, line) in stdin.lock().lines().enumerate() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        result.clear();
        jsonl_line(&line, n + 1, profile, &mut result);
        result.push('\n');
        if out.write_all(result.as_bytes()).is_err() {
            return ExitCode::FAILURE;
        }
    }
    let _ = out.flush();
    ExitCode::SUCCESS
}

/// Text read from JSON without a copy unless it has escapes: a field's
/// name, or the value of a string field.
struct JsonText<'a>(Cow<'a, str>);

impl<'de> serde::Deserialize<'de> for JsonText<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = JsonText<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                // What `String` expects, so the messages stay the same.
                f.write_str("a string")
            }
            fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Self::Value, E> {
                Ok(JsonText(Cow::Borrowed(s)))
            }
            fn visit_str<E>(self, s: &str) -> Result<Self::Value, E> {
                Ok(JsonText(Cow::Owned(s.to_string())))
            }
        }
        d.deserialize_str(Visitor)
    }
}

/// A line's fields, each still raw JSON so the variables are converted
/// as they are read; a field given twice counts as its last value, as in
/// a map.
struct Fields<'a>(Vec<(JsonText<'a>, &'a RawValue)>);

impl<'de> serde::Deserialize<'de> for Fields<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = Fields<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                // What a map expects, so the messages stay the same.
                f.write_str("a map")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut fields = Vec::with_capacity(8);
                while let Some(entry) = map.next_entry()? {
                    fields.push(entry);
                }
                Ok(Fields(fields))
            }
        }
        d.deserialize_map(Visitor)
    }
}

impl<'a> Fields<'a> {
    fn raw(&self, name: &str) -> Option<&'a RawValue> {
        self.0.iter().rev().find(|(k, _)| k.0 == name).map(|(_, v)| *v)
    }

    fn text(&self, name: &str) -> Option<Cow<'a, str>> {
        self.raw(name).and_then(|raw| serde_json::from_str::<JsonText>(raw.get()).ok()).map(|t| t.0)
    }

    fn flag(&self, name: &str) -> bool {
        self.raw(name).and_then(|raw| serde_json::from_str(raw.get()).ok()).unwrap_or(false)
    }
}

fn jsonl_line(line: &str, n: usize, profile: Profile, out: &mut String) {
    let input: Fields = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return failure(&format!("line-{n}"), &[format!("invalid input line: {e}")], out),
    };
    let id = input.text("id").unwrap_or_default();
    let Some(expr) = input.text("expr") else {
        return failure(&id, &["missing \"expr\"".to_string()], out);
    };
    // The reference harness names every source `corpus.hcl`, which
    // messages that quote ranges show.
    let profile = match input.text("profile") {
        None => profile,
        Some(name) => match Profile::from_name(&name) {
            Some(p) => p,
            None => return failure(&id, &[format!("unknown profile {name:?}; use terraform, opentofu or hcl-2.14")], out),
        },
    };
    if input.flag("config") {
        out.push_str(&config_line(&id, &expr, profile));
        return;
    }
    let vars = match input.raw("vars").map(|raw| raw.get()) {
        None | Some("null") => parse_variables_in("", profile).unwrap_or_default(),
        Some(json) => match parse_variables_in(json, profile) {
            Ok(v) => v,
            Err(d) => return failure(&id, &[format!("Invalid variables JSON: {}", d.detail)], out),
        },
    };
    let options = Options { template: input.flag("template"), filename: "corpus.hcl".into(), profile, ..Options::default() };
    // As the console evaluates: `type(x)` alone gives x's type as text.
    match hcl_playground::evaluate_console(&expr, &vars, &options) {
        Ok(e) => success(&id, &e.value, &e.ty, &e.console, out),
        Err(diags) => failure(&id, &diags.iter().map(|d| d.one_line()).collect::<Vec<_>>(), out),
    }
}

/// A result line: the conformance schema, plus the console's rendering as
/// the reference harnesses print it.
fn success(id: &str, v: &Value, ty: &hcl_playground::Type, console: &str, out: &mut String) {
    out.push_str("{\"id\":");
    push_json_string(id, out, false);
    out.push_str(",\"ok\":true,\"value\":");
    present::push_json(v, out);
    out.push_str(",\"type\":");
    push_json_string(&ty.to_string(), out, false);
    out.push_str(if v.is_wholly_known() { ",\"known\":true,\"console\":" } else { ",\"known\":false,\"console\":" });
    push_json_string(console, out, false);
    out.push('}');
}

/// A `"config": true` line: the file parsed as a configuration body, and
/// its outline as the reference harnesses print it (arguments by name with
/// their value's source text, blocks in order with type, labels and body).
fn config_line(id: &str, src: &str, profile: Profile) -> String {
    let limits = hcl_playground::Limits::default();
    match hcl_playground::syntax::parse_config(src, "corpus.hcl", &limits, profile) {
        Ok(body) => format!("{{\"id\":{},\"ok\":true,\"body\":{}}}", json_string(id), body_outline(&body, src)),
        Err(diags) => {
            let mut out = String::new();
            failure(id, &diags.iter().map(|d| d.one_line()).collect::<Vec<_>>(), &mut out);
            out
        }
    }
}

fn body_outline(body: &hcl_playground::syntax::ast::Body, src: &str) -> serde_json::Value {
    let attrs: serde_json::Map<String, serde_json::Value> =
        body.attributes().map(|a| (a.name.clone(), src[a.expr.span.start..a.expr.span.end].into())).collect();
    let blocks: Vec<serde_json::Value> = body
        .blocks()
        .map(|b| {
            let labels: Vec<&str> = b.labels.iter().map(|(l, _)| l.as_str()).collect();
            serde_json::json!({"type": b.kind, "labels": labels, "body": body_outline(&b.body, src)})
        })
        .collect();
    serde_json::json!({"attributes": attrs, "blocks": blocks})
}

fn failure(id: &str, errors: &[String], out: &mut String) {
    out.push_str("{\"id\":");
    push_json_string(id, out, false);
    out.push_str(",\"ok\":false,\"errors\":[");
    for (i, e) in errors.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_json_string(e, out, false);
    }
    out.push_str("]}");
}

/// How `--vars FILE` is written: tfvars when its name ends in `.tfvars`,
/// else a JSON object.
fn vars_format(path: &str) -> VariablesFormat {
    match path.ends_with(".tfvars") {
        true => VariablesFormat::Tfvars,
        false => VariablesFormat::Json,
    }
}

/// The text of `--vars FILE`, or of standard input for `-`.
fn read_vars(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        return std::io::stdin().read_to_string(&mut s).map(|_| s).map_err(|e| format!("hcl-eval: cannot read variables from stdin: {e}"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("hcl-eval: cannot read {path}: {e}"))
}
