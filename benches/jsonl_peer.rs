//! Whole-process comparison with hcl-rs over JSON Lines (the conformance
//! schema `hcl-eval --jsonl` reads):
//!
//! - `jsonl_peer select CASES.jsonl REPEAT > workload.jsonl` keeps the
//!   cases hcl-rs evaluates to the same value as hcl-playground (no
//!   functions it lacks, no unknowns, no errors on either side; numbers
//!   compared as f64) and writes them REPEAT times: the small-expression
//!   workload.
//! - `jsonl_peer < workload.jsonl` is hcl-rs's side: for each line, the
//!   variables converted from JSON, the expression (or template) parsed and
//!   evaluated, and one JSON result line printed, as `hcl-eval --jsonl`
//!   does (which also prints the type and the console rendering).

#[path = "workload.rs"]
mod workload;

use hcl::eval::Evaluate as _;
use std::io::{BufRead, Write};
use std::str::FromStr as _;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("select") {
        return select(&args[1], args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1));
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let _ = writeln!(out, "{}", peer_line(&line));
    }
    let _ = out.flush();
}

fn peer_line(line: &str) -> String {
    let Ok(serde_json::Value::Object(input)) = serde_json::from_str::<serde_json::Value>(line) else {
        return r#"{"ok":false,"errors":["invalid input line"]}"#.into();
    };
    let id = input.get("id").cloned().unwrap_or_default();
    let fail = |e: String| serde_json::json!({"id": id, "ok": false, "errors": [e]}).to_string();
    let expr = input.get("expr").and_then(|e| e.as_str()).unwrap_or("");
    let mut ctx = hcl::eval::Context::new();
    if let Some(serde_json::Value::Object(vars)) = input.get("vars") {
        for (name, value) in vars {
            match serde_json::from_value::<hcl::Value>(value.clone()) {
                Ok(v) => ctx.declare_var(name.as_str(), v),
                Err(e) => return fail(e.to_string()),
            }
        }
    }
    let value = if input.get("template").and_then(|t| t.as_bool()).unwrap_or(false) {
        hcl::Template::from_str(expr)
            .map_err(|e| e.to_string())
            .and_then(|t| t.evaluate(&ctx).map(hcl::Value::String).map_err(|e| e.to_string()))
    } else {
        hcl::Expression::from_str(expr).map_err(|e| e.to_string()).and_then(|x| x.evaluate(&ctx).map_err(|e| e.to_string()))
    };
    match value {
        Ok(v) => serde_json::json!({"id": id, "ok": true, "value": v}).to_string(),
        Err(e) => fail(e),
    }
}

fn select(path: &str, repeat: usize) {
    std::panic::set_hook(Box::new(|_| {}));
    let text = std::fs::read_to_string(path).expect("cases file");
    let mut kept = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let c: serde_json::Value = serde_json::from_str(line).expect("case line is JSON");
        if c.get("config").and_then(|v| v.as_bool()).unwrap_or(false) || c.get("profile").is_some() {
            continue;
        }
        let vars = c.get("vars").filter(|v| v.is_object()).cloned().unwrap_or_else(|| serde_json::json!({}));
        let case = workload::Case::try_new(
            c["id"].as_str().unwrap_or(""),
            c["expr"].as_str().unwrap_or("").to_string(),
            vars.to_string(),
            c["template"].as_bool().unwrap_or(false),
        );
        // hcl-rs panics on some inputs (`5 % 0`): such a case is not alike.
        if case.is_some_and(|case| std::panic::catch_unwind(|| case.peer_agrees()).unwrap_or(false)) {
            kept.push(line);
        }
    }
    eprintln!("{} of {} cases evaluated alike by hcl-rs", kept.len(), text.lines().count());
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for _ in 0..repeat {
        for line in &kept {
            let _ = writeln!(out, "{line}");
        }
    }
}
