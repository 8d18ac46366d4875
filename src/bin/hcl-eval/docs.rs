//! `hcl-eval --check-docs PATH...`: every documentation example with an
//! expected result, evaluated as its widget would (www/embed.js and
//! www/authoring.js are the other half of this contract), so drifted
//! examples fail a build instead of a reader.
//!
//! Examples are `<hcl-playground>` elements and `<pre><code
//! class="language-hcl">` blocks in HTML (and in Markdown, outside fenced
//! blocks), and Markdown fences whose info string starts with `hcl` (its
//! other words are the attributes, `vars='{"x": 1}' profile=opentofu`)
//! followed by a fence whose info string has the word `expect`. A page's
//! `<meta name="hcl-playground-profile">` is its examples' default engine.

use hcl_playground::module::{Inputs, Module, ModuleOptions};
use hcl_playground::text::json_string;
use hcl_playground::{evaluate_console, parse_variables_in, present, Options, Profile};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// One example: where it is, its text as written, and its attributes
/// (names without `data-`; a `data-` one counts where the plain one is
/// absent, as the widget's `getAttribute(name) ?? dataset[name]`).
struct Example {
    line: usize,
    text: String,
    attrs: Vec<(String, Option<String>)>,
    page_profile: Option<String>,
    /// A module widget's other files: its `<template data-file="PATH">`
    /// children.
    files: Vec<(String, String)>,
    /// Those with `data-encoding="base64"`: files that are not text.
    binary: Vec<(String, std::sync::Arc<[u8]>)>,
}

impl Example {
    fn get(&self, name: &str) -> Option<&str> {
        let find = |key: &str| self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_deref().unwrap_or(""));
        find(name).or_else(|| find(&format!("data-{name}")))
    }
    fn has(&self, name: &str) -> bool {
        self.attrs.iter().any(|(k, _)| k == name)
    }
}

pub fn run(paths: &[String]) -> ExitCode {
    let mut files = Vec::new();
    for p in paths {
        if let Err(e) = collect(Path::new(p), &mut files) {
            eprintln!("hcl-eval: cannot read {p}: {e}");
            return ExitCode::from(2);
        }
    }
    let (mut checked, mut drifted) = (0, 0);
    for file in &files {
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("hcl-eval: cannot read {}: {e}", file.display());
                return ExitCode::from(2);
            }
        };
        let markdown = matches!(file.extension().and_then(|e| e.to_str()), Some("md" | "markdown"));
        for (example, want) in examples(&text, markdown) {
            checked += 1;
            let got = evaluate(&example);
            if got.as_deref().map(str::trim) != Ok(want.trim()) {
                drifted += 1;
                let got = got.unwrap_or_else(|e| format!("error: {e}"));
                outln!("{}:{}: expected {}, got {}", file.display(), example.line, one_line(&want), one_line(&got));
            }
        }
    }
    eprintln!("checked {checked} documented examples in {} files: {drifted} drifted", files.len());
    if drifted > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn one_line(s: &str) -> String {
    let s = s.trim();
    if s.contains('\n') {
        s.replace('\n', "\\n")
    } else {
        s.to_string()
    }
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)?.flatten().map(|e| e.path()).collect();
        entries.sort();
        for e in entries {
            let wanted = matches!(e.extension().and_then(|x| x.to_str()), Some("html" | "htm" | "md" | "markdown"));
            if e.is_dir() || wanted {
                collect(&e, out)?;
            }
        }
    } else {
        std::fs::metadata(path)?;
        out.push(path.to_path_buf());
    }
    Ok(())
}

// ------------------------------------------------------------- finding

fn examples(text: &str, markdown: bool) -> Vec<(Example, String)> {
    let mut found = Vec::new();
    let html = if markdown { markdown_fences(text, &mut found) } else { text.to_string() };
    let page_profile = meta_profile(&html);
    html_examples(&html, &mut found);
    for (e, _) in &mut found {
        e.page_profile.clone_from(&page_profile);
    }
    found.sort_by_key(|(e, _)| e.line);
    found
}

fn line_of(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// Markdown's fenced examples; returns the text with every fence's lines
/// blanked (line numbers kept) for the HTML scan.
fn markdown_fences(text: &str, found: &mut Vec<(Example, String)>) -> String {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut blanked: Vec<&str> = lines.clone();
    let mut fences = Vec::new(); // (opening line, closing line, info, body)
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim_start();
        let indent = lines[i].len() - l.len();
        let fence = l.chars().next().filter(|c| *c == '`' || *c == '~');
        let marker: String = fence.map_or(String::new(), |f| l.chars().take_while(|&c| c == f).collect());
        if let (Some(f), true) = (fence, indent <= 3 && marker.len() >= 3) {
            let info = l[marker.len()..].trim().to_string();
            let closes = |t: &str| t.trim_start().starts_with(&marker) && t.trim().chars().all(|c| c == f);
            let close = (i + 1..lines.len()).find(|&j| closes(lines[j])).unwrap_or(lines.len());
            fences.push((i, close, info, lines[i + 1..close].join("\n")));
            for b in blanked.iter_mut().take((close + 1).min(lines.len())).skip(i) {
                *b = "";
            }
            i = close + 1;
        } else {
            i += 1;
        }
    }
    for (k, (line, close, info, body)) in fences.iter().enumerate() {
        let first = info.split_whitespace().next().unwrap_or("");
        if first != "hcl" && first != "language-hcl" {
            continue;
        }
        let Some((next, _, next_info, want)) = fences.get(k + 1) else { continue };
        let between = lines.get(close + 1..*next).unwrap_or(&[]);
        if !next_info.split_whitespace().any(|w| w == "expect") || between.iter().any(|l| !l.trim().is_empty()) {
            continue;
        }
        let attrs = attributes(&info[first.len()..], false);
        found.push((
            Example { line: line + 1, text: format!("{body}\n"), attrs, page_profile: None, files: Vec::new(), binary: Vec::new() },
            want.clone(),
        ));
    }
    blanked.join("\n")
}

fn meta_profile(html: &str) -> Option<String> {
    let lower = html.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<meta") {
        let start = from + at;
        let end = lower[start..].find('>').map_or(html.len(), |e| start + e);
        let attrs = attributes(&html[start + 5..end], true);
        let get = |k: &str| attrs.iter().find(|(n, _)| n == k).and_then(|(_, v)| v.clone());
        if get("name").as_deref() == Some("hcl-playground-profile") {
            return get("content");
        }
        from = end;
    }
    None
}

fn html_examples(html: &str, found: &mut Vec<(Example, String)>) {
    let lower = html.to_ascii_lowercase();
    // <hcl-playground …>text</hcl-playground>
    let mut from = 0;
    while let Some(at) = lower[from..].find("<hcl-playground") {
        let start = from + at;
        let Some(open_end) = tag_end(html, start) else { break };
        let close = lower[open_end..].find("</hcl-playground>").map_or(html.len(), |c| open_end + c);
        let attrs = attributes(&html[start + "<hcl-playground".len()..open_end - 1], true);
        let (inner, files, binary) = template_files(&html[open_end..close]);
        let text = match attrs.iter().find(|(k, _)| k == "expr") {
            Some((_, v)) => v.clone().unwrap_or_default(),
            None => dedent(&text_content(&inner)),
        };
        push(found, Example { line: line_of(html, start), text, attrs, page_profile: None, files, binary });
        from = close;
    }
    // <pre …><code class="language-hcl" …>text</code></pre>
    from = 0;
    while let Some(at) = lower[from..].find("<pre") {
        let start = from + at;
        let Some(pre_end) = tag_end(html, start) else { break };
        from = pre_end;
        let rest = &lower[pre_end..];
        let skipped = rest.len() - rest.trim_start().len();
        if !rest.trim_start().starts_with("<code") {
            continue;
        }
        let code = pre_end + skipped;
        let Some(code_end) = tag_end(html, code) else { break };
        let code_attrs = attributes(&html[code + 5..code_end - 1], true);
        let class = code_attrs.iter().find(|(k, _)| k == "class").and_then(|(_, v)| v.clone()).unwrap_or_default();
        if !class.split_whitespace().any(|c| c == "language-hcl") {
            continue;
        }
        let close = lower[code_end..].find("</code>").map_or(html.len(), |c| code_end + c);
        // As enhance() copies them: the <pre>'s data- attributes, then the <code>'s.
        let mut attrs: Vec<(String, Option<String>)> = Vec::new();
        for (k, v) in attributes(&html[start + 4..pre_end - 1], true).into_iter().chain(code_attrs) {
            if k.starts_with("data-") {
                attrs.retain(|(n, _)| *n != k);
                attrs.push((k, v));
            }
        }
        let text = dedent(&text_content(&html[code_end..close]));
        push(found, Example { line: line_of(html, start), text, attrs, page_profile: None, files: Vec::new(), binary: Vec::new() });
        from = close;
    }
}

/// A widget's inner HTML without its `<template data-file="PATH">`
/// children, and their texts by path (as the widget reads them: the
/// template's content is no part of the widget's text), those with
/// `data-encoding="base64"` decoded apart (an undecodable one is empty).
type Templates = (String, Vec<(String, String)>, Vec<(String, std::sync::Arc<[u8]>)>);
fn template_files(inner: &str) -> Templates {
    use base64::Engine;
    let lower = inner.to_ascii_lowercase();
    let mut rest = String::new();
    let mut files = Vec::new();
    let mut binary = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("<template") {
        let start = from + at;
        let Some(open_end) = tag_end(inner, start) else { break };
        let close = lower[open_end..].find("</template>").map_or(inner.len(), |c| open_end + c);
        rest.push_str(&inner[from..start]);
        let attrs = attributes(&inner[start + "<template".len()..open_end - 1], true);
        let base64 = attrs.iter().any(|(k, v)| k == "data-encoding" && v.as_deref() == Some("base64"));
        match attrs.iter().find(|(k, _)| k == "data-file") {
            Some((_, Some(path))) if base64 => {
                let text: String = text_content(&inner[open_end..close]).split_whitespace().collect();
                let bytes = base64::engine::general_purpose::STANDARD.decode(text).unwrap_or_default();
                binary.push((path.clone(), bytes.into()));
            }
            Some((_, Some(path))) => files.push((path.clone(), dedent(&text_content(&inner[open_end..close])))),
            _ => {}
        }
        from = (close + "</template>".len()).min(inner.len());
    }
    rest.push_str(&inner[from..]);
    (rest, files, binary)
}

fn push(found: &mut Vec<(Example, String)>, e: Example) {
    if let Some(want) = e.get("expect").map(str::to_string) {
        found.push((e, want));
    }
}

/// The offset just past the `>` that ends the tag starting at `start`.
fn tag_end(html: &str, start: usize) -> Option<usize> {
    let mut quote = None;
    for (i, c) in html[start..].char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if q == c => quote = None,
            (None, '>') => return Some(start + i + 1),
            _ => {}
        }
    }
    None
}

/// `name`, `name=value`, `name="value"`, `name='value'`; values decoded as
/// HTML when `html`.
fn attributes(s: &str, html: bool) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let mut chars = s.char_indices().peekable();
    loop {
        while chars.next_if(|(_, c)| c.is_whitespace() || *c == '/').is_some() {}
        let Some(&(from, _)) = chars.peek() else { break };
        let mut to = from;
        while let Some((i, c)) = chars.next_if(|(_, c)| !c.is_whitespace() && *c != '=' && *c != '>') {
            to = i + c.len_utf8();
        }
        let name = s[from..to].to_ascii_lowercase();
        while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
        let mut value = None;
        if chars.next_if(|(_, c)| *c == '=').is_some() {
            while chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
            let raw = match chars.peek() {
                Some(&(i, q)) if q == '"' || q == '\'' => {
                    chars.next();
                    let end = s[i + 1..].find(q).map_or(s.len(), |e| i + 1 + e);
                    while chars.next_if(|(j, _)| *j <= end).is_some() {}
                    &s[i + 1..end]
                }
                Some(&(i, _)) => {
                    let mut end = i;
                    while let Some((j, c)) = chars.next_if(|(_, c)| !c.is_whitespace()) {
                        end = j + c.len_utf8();
                    }
                    &s[i..end]
                }
                None => "",
            };
            value = Some(if html { decode(raw) } else { raw.to_string() });
        }
        if name.is_empty() {
            chars.next();
        } else {
            out.push((name, value));
        }
    }
    out
}

/// The text of an element's content, as `textContent` reads it (markup
/// inside, such as a highlighter's spans or a `<pre>`, dropped).
fn text_content(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = tag_end(rest, at).map_or("", |e| &rest[e..]);
    }
    out.push_str(rest);
    decode(&out)
}

/// HTML character references (the named ones documentation uses, and
/// numeric ones).
fn decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find(';').filter(|&e| e <= 10);
        let entity = end.map(|e| &rest[1..e]);
        let c = match entity {
            Some("amp") => Some('&'),
            Some("lt") => Some('<'),
            Some("gt") => Some('>'),
            Some("quot") => Some('"'),
            Some("apos") => Some('\''),
            Some("nbsp") => Some('\u{a0}'),
            Some(n) if n.starts_with("#x") || n.starts_with("#X") => u32::from_str_radix(&n[2..], 16).ok().and_then(char::from_u32),
            Some(n) if n.starts_with('#') => n[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match (c, end) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// As embed.js's dedent: the markup's indentation removed, a final newline
/// kept (a heredoc needs it).
fn dedent(text: &str) -> String {
    let trailing = text[text.trim_end().len()..].contains('\n');
    let body = text.strip_prefix('\n').unwrap_or(text);
    let ws = body.trim_end().len();
    let body = body[ws..].find('\n').map_or(body, |k| &body[..ws + k]);
    let indent = body.split('\n').filter(|l| !l.trim().is_empty()).map(|l| l.len() - l.trim_start_matches(' ').len()).min().unwrap_or(0);
    let lines: Vec<String> = body.split('\n').map(|l| l.chars().skip(indent).collect()).collect();
    format!("{}{}", lines.join("\n"), if trailing { "\n" } else { "" })
}

// ---------------------------------------------------------- authoring

fn is_marker(line: &str, word: &str) -> bool {
    let t = line.trim();
    let rest = t.strip_prefix('#').or_else(|| t.strip_prefix("//"));
    rest.is_some_and(|r| r.trim() == format!("---{word}---"))
}

fn is_query(line: &str) -> bool {
    let t = line.trim();
    let rest = t.strip_prefix('#').or_else(|| t.strip_prefix("//"));
    rest.is_some_and(|r| r.trim() == "^?")
}

/// As authoring.js's parseAuthoring: (hidden set-up, shown text).
fn split_authoring(source: &str) -> (String, String) {
    let mut lines: Vec<&str> = source.split('\n').collect();
    let mut setup = String::new();
    if let Some(cut) = lines.iter().position(|l| is_marker(l, "cut")) {
        setup = lines[..cut].join("\n");
        lines.drain(..=cut);
    }
    let mut shown: Vec<&str> = Vec::new();
    let mut readonly = false;
    for l in lines {
        if is_marker(l, "readonly") {
            readonly = true;
        } else if readonly && is_marker(l, "end") {
            readonly = false;
        } else if !(is_query(l) && !shown.is_empty()) {
            shown.push(l);
        }
    }
    (setup, shown.join("\n"))
}

/// As authoring.js's setupAttributes.
fn setup_attributes(setup: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in setup.split('\n') {
        let name_len = line.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).unwrap_or(line.len());
        let starts = line.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
        let after = line[name_len..].trim_start();
        if starts && after.starts_with('=') && !after.starts_with("==") {
            out.push((line[..name_len].to_string(), after[1..].to_string()));
        } else if let Some(last) = out.last_mut() {
            last.1 = format!("{}\n{line}", last.1);
        }
    }
    out
}

// --------------------------------------------------------- evaluating

/// What the widget shows and compares with `expect`, or why it shows an
/// error instead.
fn evaluate(e: &Example) -> Result<String, String> {
    let name = e.get("profile").map(str::to_string).or_else(|| e.page_profile.clone());
    let profile = match name.as_deref() {
        None => Profile::default(),
        Some(n) => Profile::from_name(n).ok_or_else(|| format!("unknown profile \"{n}\""))?,
    };
    let (setup, text) = split_authoring(&e.text);
    let vars = e.get("vars").unwrap_or("{}").to_string();
    if e.has("module") || e.get("mode") == Some("module") {
        return evaluate_module(e, profile, &setup, &text, &vars);
    }
    let template = e.has("template") || e.get("data-template") == Some("true") || e.get("template") == Some("true");
    let options = Options { template, profile, ..Options::default() };
    let mut vars = vars;
    for (name, expr) in setup_attributes(&setup) {
        let variables = parse_variables_in(&vars, profile).map_err(|d| d.summary)?;
        let value = evaluate_console(&expr, &variables, &Options { profile, ..Options::default() })
            .map_err(|d| format!("in the set-up's {name}: {}", first(&d)))?
            .value;
        if !value.is_wholly_known() {
            return Err(format!("in the set-up's {name}: a set-up value must be known"));
        }
        vars = splice(&vars, &name, &present::to_json_pretty(&value))?;
    }
    let variables = parse_variables_in(&vars, profile).map_err(|d| d.summary)?;
    let evaluated = evaluate_console(&text, &variables, &options).map_err(|d| first(&d))?;
    Ok(match e.get("output") {
        Some("json") => present::to_json_pretty(&evaluated.value),
        _ => evaluated.console,
    })
}

fn first(d: &hcl_playground::Diagnostics) -> String {
    d.iter().next().map(|d| d.summary.clone()).unwrap_or_default()
}

/// The variables object with `name` set to the JSON `value`, written into
/// the text (as embed.js does) so every digit is kept.
fn splice(vars: &str, name: &str, value: &str) -> Result<String, String> {
    let map: BTreeMap<String, Box<RawValue>> =
        serde_json::from_str(vars).map_err(|e| format!("the vars attribute is not a JSON object: {e}"))?;
    let body = vars.trim_end().strip_suffix('}').ok_or("the vars attribute is not a JSON object")?;
    Ok(format!("{body}{}{}: {value}}}", if map.is_empty() { "" } else { ", " }, json_string(name)))
}

fn evaluate_module(e: &Example, profile: Profile, setup: &str, text: &str, vars: &str) -> Result<String, String> {
    let source = if setup.is_empty() { text.to_string() } else { format!("{setup}\n{text}") };
    let format = e.get("vars-format").map(str::to_string).unwrap_or_else(|| {
        let t = vars.trim();
        if t.is_empty() || t.starts_with('{') { "json" } else { "tfvars" }.to_string()
    });
    let mut inputs = Inputs::default();
    match format.as_str() {
        "tfvars" => inputs.files.push(("terraform.tfvars".into(), vars.to_string())),
        "json" if !vars.trim().is_empty() => inputs.json = Some(vars.to_string()),
        "json" => {}
        other => return Err(format!("vars-format must be \"json\" or \"tfvars\", not \"{other}\"")),
    }
    let opts = ModuleOptions { profile, providers: super::module::provider_data(None), ..ModuleOptions::default() };
    let mut files = vec![("main.tf".to_string(), source)];
    files.extend(e.files.iter().cloned());
    // With a test file beside it, the widget shows the test run, and its
    // result is the summary line.
    if e.files.iter().any(|(n, _)| hcl_playground::module::is_test_file(n, profile)) {
        let suite = hcl_playground::module::run_tests(files, &opts, &hcl_playground::module::TestOptions::default());
        let stdout = suite.stdout();
        return Ok(stdout.trim_end().lines().last().unwrap_or("").to_string());
    }
    inputs.add_auto_files(&files);
    let module = Module::load_with_binary(files, e.binary.clone(), &opts);
    let evaluation = module.evaluate(&inputs);
    match e.get("console").filter(|c| !c.trim().is_empty()) {
        Some(line) => {
            evaluation.console(line).map(|v| v.console).map_err(|d| d.first().map(|d| d.diagnostic.summary.clone()).unwrap_or_default())
        }
        None => {
            if let Some(d) = evaluation.diagnostics.iter().find(|d| !d.warning) {
                return Err(d.diagnostic.summary.clone());
            }
            let lines: Vec<String> = evaluation
                .values
                .iter()
                .map(|v| format!("{} = {}", v.address, present::console(&v.value, profile).replace('\n', "\n  ")))
                .collect();
            Ok(lines.join("\n"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedent_as_the_widget() {
        assert_eq!(dedent("\n    a\n      b\n  "), "a\n  b\n");
        assert_eq!(dedent("x"), "x");
        assert_eq!(dedent("<<EOT\nhi\nEOT\n"), "<<EOT\nhi\nEOT\n");
    }

    #[test]
    fn authoring_markers() {
        let (setup, text) = split_authoring("a = 1\n# ---cut---\n# ---readonly---\nx\n# ---end---\nf(a)\n#  ^?\n");
        assert_eq!(setup, "a = 1");
        assert_eq!(text, "x\nf(a)\n");
        // As in authoring.js: an end marker outside a read-only region is text.
        assert_eq!(split_authoring("# ---end---\n1").1, "# ---end---\n1");
        assert_eq!(
            setup_attributes("# note\nx = {\n  a = 1\n}\ny = x.a"),
            vec![("x".into(), " {\n  a = 1\n}".into()), ("y".into(), " x.a".into())]
        );
    }

    #[test]
    fn attributes_and_entities() {
        let a = attributes(r#" vars='{"a": 1}' module data-expect="&quot;x&quot; &amp; &#60;" p=q"#, true);
        assert_eq!(a[0], ("vars".into(), Some(r#"{"a": 1}"#.into())));
        assert_eq!(a[1], ("module".into(), None));
        assert_eq!(a[2], ("data-expect".into(), Some("\"x\" & <".into())));
        assert_eq!(a[3], ("p".into(), Some("q".into())));
    }

    #[test]
    fn markdown_fences_never_panic() {
        for text in ["```hcl\n```\n```expect\n```", "```hcl\n1", "~~~hcl\n1\n~~~\n\n~~~ expect\n1\n~~~", "```", "````\n```hcl\n"] {
            let _ = examples(text, true);
        }
        assert_eq!(examples("~~~hcl\n1\n~~~\n\n~~~ text expect\n1\n~~~", true).len(), 1);
    }

    #[test]
    fn splice_keeps_digits() {
        assert_eq!(splice("{}", "a", "1").unwrap(), r#"{"a": 1}"#);
        assert_eq!(
            splice(r#"{"b": 0.1000000000000000000001}"#, "a", "[\n  1\n]").unwrap(),
            "{\"b\": 0.1000000000000000000001, \"a\": [\n  1\n]}"
        );
    }
}
