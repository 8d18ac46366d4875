//! Golden module cases (`tests/modules/*.jsonl`, recorded from Terraform
//! 1.16.4's `console -plan` and OpenTofu 1.12.6's `console` by
//! `tools/reference/record_modules.py`): each module evaluated as the
//! console sees it, then each expression; what the console prints, and
//! every diagnostic's summary, detail, file and line, must match.
//!
//! `MODULE_CASES_VERBOSE=1 cargo test --test modules -- --nocapture`
//! lists every failure.

mod common;

use common::provider_data;
use hcl_playground::module::{CliInput, Evaluation, Inputs, Installation, Module, ModuleDiagnostic, ModuleOptions, UNEXPECTED_RESULTS};
use hcl_playground::Profile;
use serde_json::Value as Json;
use std::path::Path;

/// The playground's provider data (`www/providers`), read once.
fn read_cases() -> Vec<(String, Json)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/modules");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("tests/modules exists").flatten().map(|e| e.path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "jsonl"));
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let area = f.file_stem().unwrap().to_string_lossy().to_string();
        for line in std::fs::read_to_string(&f).unwrap().lines().filter(|l| !l.trim().is_empty()) {
            out.push((area.clone(), serde_json::from_str(line).expect("a case is JSON")));
        }
    }
    out
}

/// The module's files and its inputs, as the recorder laid them out, and
/// whether `terraform init` ran (only where the case calls a module or
/// asks for it).
fn setup(case: &Json) -> (Vec<(String, String)>, Inputs, ModuleOptions) {
    let mut files: Vec<(String, String)> = match (&case["module"], &case["files"]) {
        (Json::String(m), _) => vec![("main.tf".into(), m.clone())],
        (_, Json::Object(fs)) => fs.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string())).collect(),
        _ => Vec::new(),
    };
    if let Json::Object(vars) = &case["vars"] {
        let text = serde_json::to_string_pretty(&Json::Object(vars.clone())).unwrap() + "\n";
        files.push(("vars.auto.tfvars.json".into(), text));
    }
    files.sort();
    let mut inputs = Inputs::default();
    if let Json::Object(env) = &case["env_vars"] {
        inputs.env = env.iter().map(|(k, v)| (k.clone(), v.as_str().unwrap_or("").to_string())).collect();
    }
    let text_of = |n: &str| files.iter().find(|(f, _)| f == n).map(|(_, t)| t.clone());
    inputs.add_auto_files(&files);
    for flag in case["var_flags"].as_array().into_iter().flatten() {
        inputs.cli.push(CliInput::var(flag.as_str().unwrap()));
    }
    for f in case["var_files"].as_array().into_iter().flatten() {
        let n = f.as_str().unwrap();
        inputs.cli.push(match text_of(n) {
            Some(t) => CliInput::File(n.into(), t),
            None => CliInput::Missing(n.into()),
        });
    }
    let profile = Profile::from_name(case["profile"].as_str().unwrap_or("terraform")).unwrap();
    let calls_module = files.iter().any(|(n, t)| {
        (n.ends_with(".tf") && t.lines().any(|l| l.trim_start().starts_with("module ")))
            || (n.ends_with(".tf.json") && t.contains("\"module\""))
    });
    // The recorder runs `init` where a module is called, or the real
    // providers of tools/providers are used (the `providers`, `kubernetes`
    // `google`, `helm`, `azurerm` and `archive` areas).
    let uses_providers = case["id"]
        .as_str()
        .is_some_and(|id| ["providers/", "kubernetes/", "google/", "helm/", "azurerm/", "archive/"].iter().any(|a| id.starts_with(a)));
    let init = case["init"].as_bool().unwrap_or(calls_module || uses_providers);
    let installation = if init { Installation::Initialized } else { Installation::Uninitialized };
    let mut opts = ModuleOptions { profile, installation, providers: Some(provider_data()), ..ModuleOptions::default() };
    if let Some(w) = case["workspace"].as_str() {
        opts.workspace = w.into();
    }
    (files, inputs, opts)
}

/// A diagnostic as recorded: severity, summary, detail, and where (file,
/// line) when the console showed it.
fn ours(d: &ModuleDiagnostic, evaluation: &Evaluation, console: &str) -> Json {
    let (file, line) = match evaluation.source_of(d, console) {
        Some(("", _)) => (Some(String::new()), Some(0)),
        Some((name, text)) => (Some(name.to_string()), Some(line_of(text, d.diagnostic.subject.start))),
        None => (None, None),
    };
    serde_json::json!({
        "severity": if d.warning { "warning" } else { "error" },
        "summary": d.diagnostic.summary,
        "detail": d.diagnostic.detail,
        "filename": file,
        "line": line,
    })
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// The recorded diagnostic in the same shape (what the recorder could not
/// see, such as a sourceless diagnostic's place, left out of both).
fn theirs(d: &Json) -> Json {
    serde_json::json!({
        "severity": d["severity"],
        "summary": d["summary"],
        "detail": d["detail"],
        "filename": d.get("filename").cloned().unwrap_or(Json::Null),
        "line": d.get("line").cloned().unwrap_or(Json::Null),
    })
}

/// The case's files that are not text (`binary_files`, Base64-encoded).
fn binary_files(case: &Json) -> Vec<(String, std::sync::Arc<[u8]>)> {
    use base64::Engine;
    let decode = |v: &Json| base64::engine::general_purpose::STANDARD.decode(v.as_str().unwrap_or("")).expect("Base64");
    case["binary_files"].as_object().into_iter().flatten().map(|(k, v)| (k.clone(), decode(v).into())).collect()
}

fn check_case(case: &Json) -> Vec<String> {
    let (files, inputs, opts) = setup(case);
    let module = Module::load_with_binary(files, binary_files(case), &opts);
    let evaluation = match case["scope"].as_str() {
        Some(scope) => module.evaluate_scoped(&inputs, scope),
        None => module.evaluate(&inputs),
    };
    let expect = &case["expect"];
    let mut problems = Vec::new();
    let want_console: Vec<Json> = expect["console"]["diagnostics"].as_array().into_iter().flatten().map(theirs).collect();
    let got_console: Vec<Json> = evaluation.diagnostics.iter().map(|d| ours(d, &evaluation, "")).collect();
    if want_console != got_console {
        problems.push(format!("module diagnostics:\n      want {}\n      got  {}", Json::from(want_console), Json::from(got_console)));
    }
    let stops = expect["console"]["exit"] == 1;
    if stops != evaluation.stopped {
        problems.push(format!(
            "the console {}, the playground {}",
            if stops { "stops" } else { "evaluates" },
            if evaluation.stopped { "stops" } else { "evaluates" }
        ));
    }
    if stops {
        return problems;
    }
    for e in expect["exprs"].as_array().into_iter().flatten() {
        let expr = e["expr"].as_str().unwrap();
        // A crash of the program is no behaviour to reproduce.
        if e.get("crash").is_some() {
            continue;
        }
        match evaluation.console(expr) {
            Ok(r) => {
                // An empty rendering is the console printing nothing
                // (`exit`).
                let got = if r.console.is_empty() { String::new() } else { format!("{}\n", r.console) };
                if e["stdout"].as_str() != Some(got.as_str()) || e["exit"] != 0 {
                    problems.push(format!("{expr}:\n      want {} {}\n      got  {:?}", e["stdout"], e["diagnostics"].clone(), got));
                }
            }
            Err(ds) => {
                let want: Vec<Json> = e["diagnostics"].as_array().into_iter().flatten().map(theirs).collect();
                let got: Vec<Json> = ds.iter().map(|d| ours(d, &evaluation, expr)).collect();
                if want != got || e["exit"] != 1 {
                    problems.push(format!("{expr}:\n      want {} {}\n      got  {}", e["stdout"], Json::from(want), Json::from(got)));
                }
            }
        }
    }
    problems
}

#[test]
fn golden_module_cases() {
    let verbose = std::env::var("MODULE_CASES_VERBOSE").is_ok();
    let mut by_area: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
    let mut failures = Vec::new();
    for (area, case) in read_cases() {
        let mut runs = vec![case.clone()];
        if case["opentofu"] == "same" {
            let mut tofu = case.clone();
            tofu["profile"] = "opentofu".into();
            runs.push(tofu);
        }
        for run in runs {
            let problems = check_case(&run);
            let entry = by_area.entry(area.clone()).or_default();
            entry.0 += 1;
            if problems.is_empty() {
                entry.1 += 1;
            } else {
                failures.push(format!(
                    "{} [{}]\n    {}",
                    run["id"].as_str().unwrap_or(""),
                    run["profile"].as_str().unwrap_or(""),
                    problems.join("\n    ")
                ));
            }
        }
    }
    let (total, passed) = by_area.values().fold((0, 0), |(t, p), (a, b)| (t + a, p + b));
    for (area, (t, p)) in &by_area {
        println!("modules/{area}: {p} of {t}");
    }
    println!("golden module cases: {passed} of {total} pass");
    if verbose {
        for f in &failures {
            println!("{f}");
        }
    }
    assert!(
        failures.is_empty(),
        "{} module cases fail; the first:\n{}",
        failures.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Where the playground assumes `init` ran over a whole directory (the
/// command line) or a workspace of directories (the page), a local module
/// source that names no directory of the files is `init`'s error, as
/// recorded: every recorded case whose `init` failed on an unreadable
/// directory gives those diagnostics, summary and detail. A page holding
/// files of one directory assumes the module is installed.
#[test]
fn assumed_installation_refuses_local_sources_as_init_does() {
    let mut checked = 0;
    for (_, case) in read_cases() {
        let Some(init) = case["expect"]["init"]["diagnostics"].as_array() else { continue };
        if !init.iter().any(|d| d["summary"] == "Unreadable module directory") {
            continue;
        }
        let (files, inputs, mut opts) = setup(&case);
        let in_directories = files.iter().any(|(n, _)| n.contains('/'));
        opts.installation = Installation::Assumed;
        let assumed = Module::load(files.clone(), &opts).evaluate(&inputs);
        assert_eq!(assumed.stopped, in_directories, "{} [{}]: the page's workspace", case["id"], case["profile"]);
        opts.installation = Installation::Complete;
        let evaluation = Module::load(files, &opts).evaluate(&inputs);
        let got: Vec<(String, String)> =
            evaluation.diagnostics.iter().map(|d| (d.diagnostic.summary.clone(), d.diagnostic.detail.clone())).collect();
        let want: Vec<(String, String)> =
            init.iter().map(|d| (d["summary"].as_str().unwrap().to_string(), d["detail"].as_str().unwrap().to_string())).collect();
        assert_eq!(got, want, "{} [{}]", case["id"], case["profile"]);
        assert!(evaluation.stopped, "{}: init failed, so nothing is evaluated", case["id"]);
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} recorded cases");
}

/// Evaluates `files` and every console line given, as Terraform would
/// see them (with `init` run): what the module stage gives must be
/// diagnostics, never a panic or a hang.
fn survive(files: Vec<(String, String)>, exprs: &[&str]) -> Vec<String> {
    let opts = ModuleOptions { installation: Installation::Initialized, ..ModuleOptions::default() };
    let module = Module::load(files, &opts);
    let evaluation = module.evaluate(&Inputs::default());
    let mut out: Vec<String> = evaluation.diagnostics.iter().map(|d| d.diagnostic.summary.clone()).collect();
    for e in exprs {
        match evaluation.console(e) {
            Ok(r) => out.push(r.console),
            Err(ds) => out.extend(ds.iter().map(|d| d.diagnostic.summary.clone())),
        }
    }
    out
}

#[test]
fn modules_that_call_themselves_or_nest_deeply_end_in_diagnostics() {
    let own = survive(vec![("main.tf".into(), "module \"me\" {\n  source = \"./\"\n}\n".into())], &["module.me"]);
    assert!(own.contains(&"Module nesting too deep".to_string()), "{own:?}");
    let cycle = survive(
        vec![
            ("main.tf".into(), "module \"a\" {\n  source = \"./a\"\n}\n".into()),
            ("a/main.tf".into(), "module \"b\" {\n  source = \"../b\"\n}\n".into()),
            ("b/main.tf".into(), "module \"a\" {\n  source = \"../a\"\n}\n".into()),
        ],
        &["module.a"],
    );
    assert!(cycle.contains(&"Module nesting too deep".to_string()), "{cycle:?}");
    let mut deep = Vec::new();
    let mut dir = String::new();
    for i in 0..60 {
        let file = if dir.is_empty() { "main.tf".to_string() } else { format!("{dir}/main.tf") };
        deep.push((file, format!("module \"m\" {{\n  source = \"./d{i}\"\n}}\noutput \"o\" {{\n  value = {i}\n}}\n")));
        dir = if dir.is_empty() { format!("d{i}") } else { format!("{dir}/d{i}") };
    }
    let out = survive(deep, &["module.m.o"]);
    assert!(out.contains(&"Module nesting too deep".to_string()), "{out:?}");
}

#[test]
fn many_module_instances_end_in_a_diagnostic() {
    let files = vec![
        ("main.tf".into(), "module \"a\" {\n  count  = 500\n  source = \"./a\"\n}\n".into()),
        (
            "a/main.tf".into(),
            "module \"b\" {\n  count  = 500\n  source = \"../b\"\n}\noutput \"n\" {\n  value = length(module.b)\n}\n".into(),
        ),
        ("b/main.tf".into(), "output \"x\" {\n  value = 1\n}\n".into()),
    ];
    let out = survive(files, &["length(module.a)"]);
    assert!(out.contains(&"Too many module instances".to_string()), "{out:?}");
}

#[test]
fn long_chains_and_odd_files_evaluate() {
    let mut text = String::from("locals {\n  l0 = 0\n");
    for i in 1..3000 {
        text.push_str(&format!("  l{i} = local.l{} + 1\n", i - 1));
    }
    text.push_str("}\n");
    let out = survive(vec![("main.tf".into(), text)], &["local.l2999"]);
    assert_eq!(out, vec!["2999".to_string()]);
    let files = vec![
        ("main.tf".into(), "locals {\n  t = templatefile(\"t.tpl\", {})\n}\n".into()),
        ("t.tpl".into(), "${templatefile(\"t.tpl\", {})}".into()),
    ];
    let out =
        survive(files, &["local.t", "file(\"\")", "file(\"/\")", "fileexists(\".\")", "file(\"../../etc/passwd\")", "abspath(\"../..\")"]);
    assert!(out.iter().any(|s| s == "Error in function call"), "{out:?}");
    assert!(survive(Vec::new(), &["1", "module.x", "var.x"]).len() == 3);
}

/// The console's closing warning comes last when planning found errors
/// and still built a scope; not after warnings alone, nor when the
/// console refuses to start (a syntax error, a cycle). Rows: the profile,
/// the module, then its diagnostics (`E:` an error, `W:` a warning, by
/// summary; `W:Due…` the closing warning).
#[rustfmt::skip]
const CLOSING_WARNING: &[(Profile, &str, &[&str])] = &[
    (Profile::Terraform, "locals {\n  x = var.nope\n}\n", &["E:Reference to undeclared input variable", "W:Due…"]),
    (Profile::OpenTofu, "locals {\n  x = var.nope\n}\n", &["E:Reference to undeclared input variable", "W:Due…"]),
    (Profile::Terraform, "locals {\n  x = 1\n}\n", &[]),
    (Profile::OpenTofu, "variable \"o\" {\n  type    = object({ a = string })\n  default = { a = \"x\", b = true }\n}\n", &["W:Object attribute is ignored"]),
    (Profile::Terraform, "locals {\n  x = \n}\n", &["E:Invalid expression"]),
    (Profile::Terraform, "locals {\n  a = local.b\n  b = local.a\n}\n", &["E:Cycle:\n  local.a (expand)\n  local.b (expand)"]),
];

#[test]
fn the_console_warns_last_after_errors_in_planning() {
    for (profile, text, want) in CLOSING_WARNING {
        let module =
            Module::load(vec![("main.tf".into(), text.to_string())], &ModuleOptions { profile: *profile, ..ModuleOptions::default() });
        let evaluation = module.evaluate(&Inputs::default());
        let summary = |d: &ModuleDiagnostic| match d.diagnostic.summary.as_str() {
            UNEXPECTED_RESULTS => "Due…".to_string(),
            s => s.to_string(),
        };
        let got: Vec<String> =
            evaluation.diagnostics.iter().map(|d| format!("{}:{}", if d.warning { "W" } else { "E" }, summary(d))).collect();
        assert_eq!(got, *want, "{text}");
    }
    // Rendered as Terraform prints a warning with no range.
    let module = Module::load(vec![("main.tf".into(), CLOSING_WARNING[0].1.into())], &ModuleOptions::default());
    let evaluation = module.evaluate(&Inputs::default());
    let last = evaluation.diagnostics.last().unwrap();
    assert_eq!(evaluation.render(last, ""), format!("Warning: {UNEXPECTED_RESULTS}\n"));
}

/// Every expression start in a body (arguments, and those in nested
/// blocks).
fn expression_starts(body: &hcl_playground::syntax::ast::Body, out: &mut Vec<usize>) {
    use hcl_playground::syntax::ast::BodyItem;
    for item in &body.items {
        match item {
            BodyItem::Attribute(a) => out.push(a.expr.span.start),
            BodyItem::Block(b) => expression_starts(&b.body, out),
        }
    }
}

/// What an inspection says, as text to compare.
fn inspection_text(found: Option<hcl_playground::api::Inspection>) -> String {
    let Some(found) = found else { return "none".into() };
    let hits: Vec<String> = found
        .hits
        .iter()
        .map(|h| {
            let bindings: Vec<String> =
                h.bindings.iter().map(|(n, v)| format!("{n}={}", hcl_playground::present::console(v, Profile::default()))).collect();
            let errors: Vec<&str> = h.errors.iter().map(|d| d.summary.as_str()).collect();
            format!("{} {:?} {:?} {bindings:?} {errors:?}", hcl_playground::present::console(&h.value, Profile::default()), h.arm, h.taken)
        })
        .collect();
    let diags: Vec<&str> = found.diagnostics.iter().map(|d| d.summary.as_str()).collect();
    format!("{:?} count {} {hits:#?} {diags:?} {}", found.span, found.count, found.needs_full_build)
}

/// The workspace's inspector answers from the evaluation it already made
/// (planning again only the declaration at the place) exactly as an
/// evaluation watching the place does, at every argument of every golden
/// case's root module.
#[test]
fn workspace_inspections_equal_watched_evaluations() {
    let mut compared = 0;
    let mut answered_from_evaluation = 0;
    let mut failures = Vec::new();
    for (_, case) in read_cases() {
        // A random value differs from one evaluation to the next.
        let random = case.to_string().contains("uuid()");
        if case["scope"].is_string() || random {
            continue;
        }
        let (files, inputs, opts) = setup(&case);
        let mut ws = hcl_playground::module::Workspace::new(opts);
        ws.set_files(files.clone());
        ws.set_inputs(inputs.clone());
        let module = ws.module().clone();
        ws.evaluate();
        for (i, (path, _)) in files.iter().enumerate() {
            if path.contains('/') || !path.ends_with(".tf") {
                continue;
            }
            let mut starts = Vec::new();
            expression_starts(&module.bodies()[i], &mut starts);
            for at in starts.into_iter().take(12) {
                let before = ws.evaluations();
                let reused = inspection_text(ws.inspect(path, at, at));
                answered_from_evaluation += usize::from(ws.evaluations() == before);
                let watched = module.evaluate_watching(&inputs, i, at, at);
                let again = inspection_text(hcl_playground::module::inspect_module(&module, &watched, i, at, at));
                compared += 1;
                if reused != again {
                    failures.push(format!("{} {path}@{at}:\nreused: {reused}\nwatched: {again}", case["id"]));
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} places compared");
    println!("{compared} places: {answered_from_evaluation} answered from the evaluation made");
    assert!(answered_from_evaluation * 3 > compared * 2, "{answered_from_evaluation} of {compared} answered from the evaluation made");
    assert!(
        failures.is_empty(),
        "{} of {compared} differ:\n{}",
        failures.len(),
        failures.iter().take(5).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// A configuration-wide step budget (the page's own thread evaluates under
/// one) ends planning with one diagnostic, wherever the budget ran out.
#[test]
fn the_total_step_budget_ends_planning_once() {
    let locals: String = (0..200).map(|i| format!("  l{i} = length([for x in range(50) : x * {i}])\n")).collect();
    let text = format!("locals {{\n{locals}}}\n");
    let limits = hcl_playground::Limits { max_total_steps: 2_000, ..hcl_playground::Limits::default() };
    let module = Module::load(vec![("main.tf".into(), text.clone())], &ModuleOptions { limits, ..ModuleOptions::default() });
    let e = module.evaluate(&Inputs::default());
    let spent: Vec<_> = e.diagnostics.iter().filter(|d| d.diagnostic.summary == "Evaluation too expensive").collect();
    assert_eq!(spent.len(), 1, "{:?}", e.diagnostics);
    assert!(spent[0].diagnostic.detail.contains("more than 2000 steps"), "{}", spent[0].diagnostic.detail);
    // Without the budget, the same configuration plans cleanly.
    let module = Module::load(vec![("main.tf".into(), text)], &ModuleOptions::default());
    assert!(module.evaluate(&Inputs::default()).diagnostics.is_empty());
}

/// Everything an evaluation says, as text to compare: its diagnostics,
/// whether it stopped, each named value, the types planned as written,
/// and what the console prints for each of the case's expressions.
fn evaluation_text(e: &Evaluation, case: &Json) -> String {
    let diags: Vec<String> = e.diagnostics.iter().map(|d| format!("{} {}", d.warning, e.render(d, ""))).collect();
    let values: Vec<String> = e
        .values
        .iter()
        .map(|v| format!("{} {} {}", v.address, v.ok, hcl_playground::present::console(&v.value, Profile::default())))
        .collect();
    let exprs: Vec<String> = case["expect"]["exprs"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| x["expr"].as_str())
        .map(|x| match e.console(x) {
            Ok(r) => r.console,
            Err(ds) => ds.iter().map(|d| e.render(d, x)).collect(),
        })
        .collect();
    format!("{diags:#?}\nstopped {}\n{values:#?}\n{:?}\n{exprs:#?}", e.stopped, e.guessed_types())
}

/// Edits of each root declaration of a file: a local value's expression
/// made `null`, and a line added inside a block (which moves everything
/// after it).
fn declaration_edits(text: &str, body: &hcl_playground::syntax::ast::Body) -> Vec<String> {
    use hcl_playground::syntax::ast::BodyItem;
    let mut out = Vec::new();
    for item in &body.items {
        let BodyItem::Block(b) = item else { continue };
        if b.kind == "locals" {
            for a in b.body.items.iter().filter_map(|i| if let BodyItem::Attribute(a) = i { Some(a) } else { None }) {
                out.push(format!("{}null{}", &text[..a.expr.span.start], &text[a.expr.span.end..]));
            }
        } else if ["variable", "resource", "data", "module", "output", "check"].contains(&b.kind.as_str()) {
            let at = b.open_brace.end;
            out.push(format!("{}\n{}", &text[..at], &text[at..]));
        }
    }
    out
}

/// A value's type written without building the type (what the page lists
/// beside each named value) is the type's own text, for every named value
/// of every golden case.
#[test]
fn type_texts_equal_the_types_written() {
    let mut compared = 0;
    for (_, case) in read_cases() {
        let (files, inputs, opts) = setup(&case);
        for v in Module::load(files, &opts).evaluate(&inputs).values {
            assert_eq!(v.value.type_text(), v.value.ty().to_string(), "{} {}", case["id"], v.address);
            compared += 1;
        }
    }
    assert!(compared > 1000, "only {compared} values compared");
}

/// A value's texts cut for a list (its first lines, its type's first
/// bytes) are the beginnings of the whole texts, for every named value of
/// every golden case.
#[test]
fn cut_texts_begin_the_whole_texts() {
    let mut compared = 0;
    for (_, case) in read_cases() {
        let (files, inputs, opts) = setup(&case);
        for v in Module::load(files, &opts).evaluate(&inputs).values {
            let (whole, ty) = (hcl_playground::present::console(&v.value, opts.profile), v.value.type_text());
            for n in [1, 2, 3, 5, 8, 40] {
                let lines: Vec<&str> = whole.split('\n').collect();
                let want = (lines[..n.min(lines.len())].join("\n"), lines.len() > n);
                assert_eq!(hcl_playground::present::console_lines(&v.value, opts.profile, n), want, "{} {} {n}", case["id"], v.address);
                let mut end = n.min(ty.len());
                while !ty.is_char_boundary(end) {
                    end -= 1;
                }
                assert_eq!(v.value.type_text_within(n), (ty[..end].to_string(), ty.len() > n), "{} {} {n}", case["id"], v.address);
            }
            compared += 1;
        }
    }
    assert!(compared > 1000, "only {compared} values compared");
}

/// After an edit of one root declaration, the workspace plans again what
/// the edit reaches and takes the rest over from the evaluation before
/// it: the result is a fresh evaluation's, in both directions, for edits
/// of the declarations of every golden case.
#[test]
fn workspace_edits_equal_fresh_evaluations() {
    let (mut compared, mut reused, mut declarations) = (0, 0, 0);
    let mut failures = Vec::new();
    let runs = read_cases().into_iter().flat_map(|(_, case)| {
        let mut tofu = case.clone();
        tofu["profile"] = "opentofu".into();
        let same = case["opentofu"] == "same";
        std::iter::once(case).chain(same.then_some(tofu))
    });
    for case in runs {
        let random = case.to_string().contains("uuid()") || case.to_string().contains("timestamp()");
        if case["scope"].is_string() || random {
            continue;
        }
        let (files, inputs, opts) = setup(&case);
        let original = Module::load(files.clone(), &opts);
        let fresh_original = evaluation_text(&original.evaluate(&inputs), &case);
        let mut ws = hcl_playground::module::Workspace::new(opts.clone());
        ws.set_files(files.clone());
        ws.set_inputs(inputs.clone());
        ws.evaluate();
        for (i, (path, text)) in files.iter().enumerate() {
            if path.contains('/') || !path.ends_with(".tf") {
                continue;
            }
            for variant in declaration_edits(text, &original.bodies()[i]).into_iter().take(6) {
                let mut edited = files.clone();
                edited[i].1 = variant;
                let fresh_edited = evaluation_text(&Module::load(edited.clone(), &opts).evaluate(&inputs), &case);
                ws.set_files(edited);
                let there = evaluation_text(ws.evaluate(), &case);
                reused += ws.reused();
                ws.set_files(files.clone());
                let back = evaluation_text(ws.evaluate(), &case);
                reused += ws.reused();
                declarations += 2 * ws.evaluate().values.len();
                compared += 2;
                if there != fresh_edited {
                    failures.push(format!("{} {path} edited:\nworkspace: {there}\nfresh: {fresh_edited}", case["id"]));
                }
                if back != fresh_original {
                    failures.push(format!("{} {path} restored:\nworkspace: {back}\nfresh: {fresh_original}", case["id"]));
                }
            }
        }
    }
    assert!(compared > 1000, "only {compared} edits compared");
    assert!(
        failures.is_empty(),
        "{} of {compared} differ:\n{}",
        failures.len(),
        failures.iter().take(3).cloned().collect::<Vec<_>>().join("\n")
    );
    println!("{compared} edits: {reused} of {declarations} declarations taken over");
    assert!(reused * 4 > declarations, "{reused} of {declarations} declarations taken over");
}

/// What a workspace gives after `edits` (path and text), each evaluated
/// in turn, and what a fresh evaluation of the last gives, with how many
/// declarations the last took over.
fn edited_and_fresh(files: &[(&str, &str)], edits: &[(&str, &str)]) -> (String, String, usize) {
    edited_and_fresh_with(ModuleOptions::default(), files, edits)
}

fn edited_and_fresh_with(options: ModuleOptions, files: &[(&str, &str)], edits: &[(&str, &str)]) -> (String, String, usize) {
    let none = Json::Null;
    let mut ws = hcl_playground::module::Workspace::new(options.clone());
    let mut current: Vec<(String, String)> = files.iter().map(|(p, t)| (p.to_string(), t.to_string())).collect();
    ws.set_files(current.clone());
    ws.evaluate();
    for (path, text) in edits {
        ws.set_file(path, text);
        ws.evaluate();
        current.iter_mut().filter(|(p, _)| p == path).for_each(|(_, t)| *t = text.to_string());
    }
    let fresh = evaluation_text(&Module::load(current, &options).evaluate(&Inputs::default()), &none);
    (evaluation_text(ws.evaluate(), &none), fresh, ws.reused())
}

#[test]
fn workspace_edits_plan_again_what_they_reach() {
    let main = "resource \"example_widget\" \"w\" {\n  size = 1\n}\nlocals {\n  a = 1\n  b = local.a + 1\n  c = 10\n  d = example_widget.w.name\n}\n";
    // The local's expression changed: it and what reads it are planned.
    let (ws, fresh, reused) = edited_and_fresh(&[("main.tf", main)], &[("main.tf", &main.replace("a = 1", "a = 2"))]);
    assert_eq!(ws, fresh);
    assert_eq!(reused, 3, "the resource, local.c and local.d are taken over");
    // Reading another attribute of a resource planned as written changes
    // the resource's value, though its block is the same.
    let other = main.replace("example_widget.w.name", "example_widget.w.colour");
    let (ws, fresh, reused) = edited_and_fresh(&[("main.tf", main)], &[("main.tf", &other)]);
    assert_eq!(ws, fresh);
    assert!(ws.contains("colour"), "{ws}");
    assert_eq!(reused, 3, "local.a, local.b and local.c are taken over");
    // A line added above moves every declaration, which keep their values.
    let (ws, fresh, reused) = edited_and_fresh(&[("main.tf", main)], &[("main.tf", &format!("\n{main}"))]);
    assert_eq!((ws, reused), (fresh, 0), "text outside the declarations changed: all planned");
    let moved = main.replace("size = 1", "size = 1\n\n");
    let (ws, fresh, reused) = edited_and_fresh(&[("main.tf", main)], &[("main.tf", &moved)]);
    assert_eq!((ws, reused), (fresh, 3), "the resource and local.d, which reads it, are planned");
    // A template read by a local is not a declaration: all are planned.
    let files = [("main.tf", "locals {\n  t = file(\"t.txt\")\n  u = 1\n}\n"), ("t.txt", "one")];
    let (ws, fresh, reused) = edited_and_fresh(&files, &[("t.txt", "two")]);
    assert_eq!((ws.contains("two"), ws, reused), (true, fresh, 0));
    // A new declaration, or one renamed, is planned with all the others.
    let (ws, fresh, reused) = edited_and_fresh(&[("main.tf", main)], &[("main.tf", &main.replace("c = 10", "e = 10"))]);
    assert_eq!((ws, reused), (fresh, 0));
    // A function that read the module's files may have read the one edited.
    let hashed = "locals {\n  a = 1\n  h = filesha1(\"main.tf\")\n}\n";
    let (ws, fresh, reused) = edited_and_fresh(&[("main.tf", hashed)], &[("main.tf", &hashed.replace("a = 1", "a = 2"))]);
    assert_eq!((ws, reused), (fresh, 0));
    // Types planned as written are listed though the resource that noted
    // them first is not planned this time.
    let guessed =
        "locals {\n  x = 1\n}\nresource \"example_foo\" \"z\" {\n  n = local.x\n}\nresource \"example_foo\" \"a\" {\n  n = 2\n}\n";
    let (ws, fresh, _) = edited_and_fresh(&[("main.tf", guessed)], &[("main.tf", &guessed.replace("x = 1", "x = 1 + \"a\""))]);
    assert_eq!(ws, fresh);
    assert!(ws.contains("example_foo"), "{ws}");
}

/// A resource plans with its provider's configuration: a value that
/// configuration reads, edited, plans the resource again.
#[test]
fn workspace_edits_reach_resources_through_their_provider() {
    let main = "locals {\n  tags = { team = \"a\" }\n  other = 1\n}\nprovider \"aws\" {\n  region = \"eu-west-1\"\n  default_tags {\n    tags = local.tags\n  }\n}\nresource \"aws_s3_bucket\" \"b\" {\n  bucket = \"x\"\n}\n";
    let options = ModuleOptions { providers: Some(provider_data()), ..ModuleOptions::default() };
    let (ws, fresh, reused) =
        edited_and_fresh_with(options, &[("main.tf", main)], &[("main.tf", &main.replace("team = \"a\"", "team = \"b\""))]);
    assert_eq!(ws, fresh);
    assert!(ws.contains(r#"\"team\" = \"b\""#), "{ws}");
    assert_eq!(reused, 1, "local.other is taken over, the bucket planned again");
}

/// The configuration-wide step budget is reached where a fresh evaluation
/// reaches it, though the declarations after the edited one were cheap to
/// take over.
#[test]
fn workspace_edits_reach_the_step_budget_as_a_fresh_evaluation() {
    let text = |n: usize| format!("locals {{\n  a = length([for x in range({n}) : x])\n  b = local.a\n  c = \"x\"\n}}\n");
    let limits = hcl_playground::Limits { max_total_steps: 400, ..hcl_playground::Limits::default() };
    let options = ModuleOptions { limits, ..ModuleOptions::default() };
    let (ws, fresh, _) = edited_and_fresh_with(options, &[("main.tf", &text(10))], &[("main.tf", &text(2000))]);
    assert_eq!(ws, fresh);
    assert!(ws.contains("Evaluation too expensive"), "{ws}");
}
