//! The crate's stages depend one way only: no cycle among the top-level
//! modules of `src/` (syntax, value, eval, functions, module, present,
//! api, wasm, ...), and no thread-local carries evaluation state (the
//! profile, the module's files, template nesting travel explicitly; the
//! only thread-locals are caches of constants). Within `module`, the
//! stages load, graph, plan and result depend one way too. No code, in
//! Rust or the page's JavaScript, decides by a diagnostic's wording.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level module a source file belongs to.
fn stage(path: &Path, src: &Path) -> String {
    let rel = path.strip_prefix(src).unwrap();
    let first = rel.components().next().unwrap().as_os_str().to_string_lossy().to_string();
    first.trim_end_matches(".rs").to_string()
}

fn sources(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a file without comments (doc links name other stages).
fn code(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The top-level modules `code` names as `crate::x`, alone or in a
/// `use crate::{x, y::z}` group.
fn named_stages(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name: String = item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                out.insert(name);
            }
        } else {
            out.insert(rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect());
        }
    }
    out
}

fn files() -> Vec<(std::path::PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut paths = Vec::new();
    sources(&src, &mut paths);
    paths.sort();
    paths.into_iter().map(|p| (p.clone(), std::fs::read_to_string(&p).unwrap())).collect()
}

#[test]
fn stages_depend_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let stages: BTreeSet<String> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "rs"))
        .map(|p| stage(&p, &src))
        .filter(|s| s != "lib" && s != "bin")
        .collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in files() {
        let from = stage(&path, &src);
        if !stages.contains(&from) {
            continue;
        }
        for to in named_stages(&code(&text)) {
            if to != from && stages.contains(&to) {
                edges.entry(from.clone()).or_default().insert(to);
            }
        }
    }
    // Depth-first search for a cycle, reported as its path.
    fn visit(n: &str, edges: &BTreeMap<String, BTreeSet<String>>, path: &mut Vec<String>, done: &mut BTreeSet<String>) {
        if let Some(i) = path.iter().position(|p| p == n) {
            panic!("the stages import each other in a cycle: {} -> {n}", path[i..].join(" -> "));
        }
        if done.contains(n) {
            return;
        }
        path.push(n.to_string());
        for m in edges.get(n).into_iter().flatten() {
            visit(m, edges, path, done);
        }
        path.pop();
        done.insert(n.to_string());
    }
    let mut done = BTreeSet::new();
    for s in &stages {
        visit(s, &edges, &mut Vec::new(), &mut done);
    }
    // The value model and the syntax are below evaluation and modules.
    for low in ["syntax", "value", "text", "archive"] {
        for high in ["eval", "functions", "module", "api", "wasm"] {
            assert!(!edges.get(low).is_some_and(|e| e.contains(high)), "{low} imports {high}");
        }
    }
}

/// The stage of the module evaluation a file under `src/module/` belongs
/// to, and its rank: `load` < `graph` < `plan` < `result` < `test`.
fn module_stage(path: &Path, src: &Path) -> Option<(String, usize)> {
    let rel = path.strip_prefix(src.join("module")).ok()?;
    let first = rel.components().next()?.as_os_str().to_string_lossy().to_string();
    let rank = MODULE_STAGES.iter().position(|s| *s == first)?;
    Some((first, rank))
}

const MODULE_STAGES: [&str; 5] = ["load", "graph", "plan", "result", "test"];

#[test]
fn module_stages_depend_one_way() {
    // Within `module`, each stage names only itself and those before it,
    // always as `crate::module::stage` (a `super::super` would hide it),
    // and never the facade's re-exports.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut seen = BTreeSet::new();
    let mut wrong = Vec::new();
    for (path, text) in files() {
        let Some((stage, rank)) = module_stage(&path, &src) else { continue };
        seen.insert(stage.clone());
        let code = code(&text);
        let rel = path.strip_prefix(&src).unwrap().display().to_string();
        let stage_root =
            path.file_name().is_some_and(|f| f == "mod.rs") && path.parent().and_then(|d| d.parent()) == Some(&src.join("module"));
        if stage_root && code.contains("super::") {
            wrong.push(format!("{rel} names the module facade through super::"));
        }
        if code.contains("super::super") {
            wrong.push(format!("{rel} names another module through super::super"));
        }
        let mut rest = code.as_str();
        while let Some(i) = rest.find("crate::module::") {
            rest = &rest[i + "crate::module::".len()..];
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            match MODULE_STAGES.iter().position(|s| *s == name) {
                None => wrong.push(format!("{rel} names crate::module::{name}, not a stage")),
                Some(to) if to > rank => wrong.push(format!("{rel} ({stage}) names a later stage: crate::module::{name}")),
                Some(_) => {}
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(seen.len(), MODULE_STAGES.len(), "every stage has files: {seen:?}");
}

#[test]
fn thread_locals_hold_only_caches() {
    // Each is a cache of values that do not depend on the evaluation
    // (constants of the number model, compiled patterns keyed by what
    // changes them, parsed type expressions of the registry) or the
    // WebAssembly adapter's store of what the page handed over. The
    // profile travels as an argument, down to the value model's
    // conversions, equality and string normalisation.
    let allowed = ["src/value/number/mod.rs", "src/functions/string/re2.rs", "src/functions/mod.rs", "src/wasm/module.rs"];
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (path, text) in files() {
        let rel = path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
        let n = code(&text).matches("thread_local!").count();
        assert!(n == 0 || allowed.contains(&rel.as_str()), "{rel} keeps state in a thread-local ({n})");
    }
}

/// No code decides by a diagnostic's wording: what a diagnostic is travels
/// as its kind or code (`DiagnosticKind`, `Code`, the API's `code` and
/// `kind`), so that rewording a message changes no behaviour.
#[test]
fn no_code_reads_a_diagnostics_wording() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut offenders = Vec::new();
    let patterns = ["summary ==", "summary !=", "summary.starts_with", "summary.contains", "replacen(\"Error", "detail =="];
    for (path, text) in files() {
        let code = code(&text);
        for p in patterns {
            if code.contains(p) {
                offenders.push(format!("{}: {p}", path.display()));
            }
        }
    }
    let js = root.join("www/src");
    for entry in std::fs::read_dir(&js).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "js") {
            let text = std::fs::read_to_string(&path).unwrap();
            for p in ["summary ===", "summary !==", "summary.startsWith", "summary.includes", ".test(d.detail", "detail ==="] {
                if text.contains(p) {
                    offenders.push(format!("{}: {p}", path.display()));
                }
            }
        }
    }
    assert!(offenders.is_empty(), "code reads a diagnostic's wording:\n{}", offenders.join("\n"));
}
