//! The inspector: the value and type one sub-expression took while the
//! whole was evaluated. Each case names the text selected (its first
//! occurrence in the source; `@N` picks the N-th) and what the inspector
//! shows, one line per evaluation: `value : type`, then the `for`
//! variables (or `count.index`, `each.key`, …) it had, `arm=` (which arm of
//! a conditional ran) and `taken=` (whether the arm holding the node ran);
//! `<text>` first when the innermost node holding the selection is larger.

use hcl_playground::api::inspect_module;
use hcl_playground::module::{Inputs, Module, ModuleOptions};
use hcl_playground::Profile;
use hcl_playground::{parse_variables, present, Options, Program};

/// (source, variables JSON, selection, what the inspector shows)
const EXPRESSION_CASES: &[(&str, &str, &str, &str)] = &[
    ("1 + 2 * 3", "{}", "2 * 3", "6 : number"),
    ("1 + 2 * 3", "{}", "1 + 2", "<1 + 2 * 3> 7 : number"),
    ("1 + 2 + 3", "{}", "1 + 2", "3 : number"),
    ("upper(name)", r#"{"name": "ada"}"#, "name", r#""ada" : string"#),
    ("upper(name)", r#"{"name": "ada"}"#, "upper", r#"<upper(name)> "ADA" : string"#),
    ("a.b.c", r#"{"a": {"b": {"c": 1}}}"#, "a.b", "{\n  \"c\" = 1\n} : object({c: number})"),
    ("[for n in [1, 2, 3] : n * 10]", "{}", "n * 10", "10 : number [n=1]\n20 : number [n=2]\n30 : number [n=3]"),
    ("[for n in [1, 2, 3] : n * 10]", "{}", "n@3", "1 : number [n=1]\n2 : number [n=2]\n3 : number [n=3]"),
    ("{for k, v in {a = 1} : k => v}", "{}", "v@2", "1 : number [k=\"a\" v=1]"),
    (
        "[for n in range(9) : n]",
        "{}",
        "n@4",
        "0 : number [n=0]\n1 : number [n=1]\n2 : number [n=2]\n3 : number [n=3]\n4 : number [n=4]\n(of 9)",
    ),
    ("[for n in [1, 2] : n if n > 1]", "{}", "n > 1", "false : bool [n=1]\ntrue : bool [n=2]"),
    ("[for n in [] : n]", "{}", "n@3", "(never evaluated)"),
    ("x ? \"yes\" : \"no\"", r#"{"x": true}"#, "x ? \"yes\" : \"no\"", r#""yes" : string arm=true"#),
    ("x ? \"yes\" : \"no\"", r#"{"x": false}"#, "x ? \"yes\" : \"no\"", r#""no" : string arm=false"#),
    ("x ? \"yes\" : \"no\"", r#"{"x": false}"#, "\"yes\"", r#""yes" : string taken=false"#),
    ("x ? \"yes\" : \"no\"", r#"{"x": false}"#, "\"no\"", r#""no" : string taken=true"#),
    (
        "[for n in [1, 2] : n > 1 ? \"big\" : \"small\"]",
        "{}",
        "\"big\"",
        "\"big\" : string [n=1] taken=false\n\"big\" : string [n=2] taken=true",
    ),
    (
        "[for n in [1, 2] : \"😀\" == \"x\" ? n : n * 2]",
        "{}",
        "\"😀\" == \"x\" ? n : n * 2",
        "2 : number [n=1] arm=false\n4 : number [n=2] arm=false",
    ),
    ("x ? 1 : 2", r#"{"x": {"__unknown__": "bool"}}"#, "x ? 1 : 2", "(known after apply) : number"),
    ("\"${a}-${b}\"", r#"{"a": "x", "b": 2}"#, "b", "2 : number"),
    ("nope + 1", "{}", "nope", "error: Unknown variable"),
    ("type([1])", "{}", "type([1])", "tuple([\n    number,\n])"),
    ("type([1])", "{}", "[1]", "[\n  1,\n] : tuple([number])"),
    ("false && f(x)", "{}", "f(x)", "error: Call to unknown function"),
    ("s", r#"{"s": {"__sensitive__": "pw"}}"#, "s", "(sensitive value) : string"),
    ("[1, 2][*]", "{}", "[1, 2]", "[\n  1,\n  2,\n] : tuple([number, number])"),
];

fn hits_text(found: &hcl_playground::api::Inspection) -> String {
    if let Some(o) = &found.console_override {
        return o.clone();
    }
    if found.hits.is_empty() {
        return "(never evaluated)".into();
    }
    let mut lines: Vec<String> = found
        .hits
        .iter()
        .map(|h| {
            let mut line = match h.errors.first() {
                Some(e) => format!("error: {}", e.summary),
                None => format!("{} : {}", present::console(&h.value, Profile::default()), h.value.ty()),
            };
            if !h.bindings.is_empty() {
                let b: Vec<String> = h.bindings.iter().map(|(n, v)| format!("{n}={}", present::console(v, Profile::default()))).collect();
                line += &format!(" [{}]", b.join(" "));
            }
            if let Some(arm) = h.arm {
                line += &format!(" arm={arm}");
            }
            if let Some(t) = h.taken {
                line += &format!(" taken={t}");
            }
            line
        })
        .collect();
    if found.count > found.hits.len() {
        lines.push(format!("(of {})", found.count));
    }
    lines.join("\n")
}

/// The byte range of `selection` (`text@N`: its N-th occurrence) in `source`.
fn range_of(source: &str, selection: &str) -> (usize, usize) {
    let (text, nth) = match selection.rsplit_once('@') {
        Some((t, n)) if n.parse::<usize>().is_ok() => (t, n.parse().unwrap()),
        _ => (selection, 1),
    };
    let start = source.match_indices(text).nth(nth - 1).unwrap_or_else(|| panic!("{text:?} in {source:?}")).0;
    (start, start + text.len())
}

#[test]
fn expression_cases() {
    let mut failures = Vec::new();
    for (source, vars, selection, want) in EXPRESSION_CASES {
        let program = Program::parse(source, &Options::default()).unwrap();
        let vars = parse_variables(vars).unwrap();
        let (start, end) = range_of(source, selection);
        let found = program.inspect(&vars, start, end).expect("a node");
        let node = &source[found.span.start..found.span.end];
        let mut got = hits_text(&found);
        if node != &source[start..end] {
            got = format!("<{node}> {got}");
        }
        if got != *want {
            failures.push(format!("{source} at {selection:?}:\n  want {want:?}\n  got  {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_point_finds_the_innermost_node_and_outside_finds_none() {
    let program = Program::parse("upper(  name  )", &Options::default()).unwrap();
    let vars = parse_variables(r#"{"name": "x"}"#).unwrap();
    let at = |s, e| program.inspect(&vars, s, e).map(|f| f.span.start..f.span.end);
    assert_eq!(at(9, 9), Some(8..12));
    assert_eq!(at(6, 6), Some(0..15));
    assert_eq!(at(3, 9), Some(0..15));
    assert_eq!(at(20, 20), None);
}

#[test]
fn deep_chains_do_not_exhaust_the_stack() {
    let source = format!("{}1", "1 + ".repeat(20_000));
    let program = Program::parse(&source, &Options::default());
    if let Ok(program) = program {
        let vars = parse_variables("{}").unwrap();
        let _ = program.inspect(&vars, source.len() - 1, source.len());
    }
}

/// (module text, variables JSON, selection, what the inspector shows)
const MODULE_CASES: &[(&str, &str, &str, &str)] = &[
    ("variable \"n\" {\n  default = 2\n}\nlocals {\n  doubled = var.n * 2\n}\n", "{}", "var.n * 2", "4 : number"),
    ("variable \"n\" {}\nlocals {\n  doubled = var.n * 2\n}\n", r#"{"n": 5}"#, "var.n", "5 : number"),
    (
        "resource \"null_resource\" \"r\" {\n  count = 2\n  triggers = { i = \"n${count.index}\" }\n}\n",
        "{}",
        "\"n${count.index}\"",
        "\"n0\" : string [count.index=0]\n\"n1\" : string [count.index=1]",
    ),
    (
        "resource \"null_resource\" \"r\" {\n  for_each = { a = 1 }\n  triggers = { v = each.value + 1 }\n}\n",
        "{}",
        "each.value + 1",
        "2 : number [each.key=\"a\" each.value=1]",
    ),
    (
        "locals {\n  names = [for s in [\"a\", \"b\"] : upper(s)]\n}\n",
        "{}",
        "upper(s)",
        "\"A\" : string [s=\"a\"]\n\"B\" : string [s=\"b\"]",
    ),
    ("locals {\n  x = local.y\n  y = 1\n}\n", "{}", "local.y", "1 : number"),
    // What the plan saw: impure functions unknown while planning, dynamic
    // blocks' iterators, provider functions where required_providers names
    // the provider.
    ("locals {\n  t = timestamp()\n}\n", "{}", "timestamp()", "(known after apply) : string"),
    (
        "resource \"aws_security_group\" \"g\" {\n  dynamic \"ingress\" {\n    for_each = [80, 443]\n    content {\n      from_port = ingress.value\n    }\n  }\n}\n",
        "{}",
        "ingress.value",
        "80 : number [ingress.key=0 ingress.value=80]\n443 : number [ingress.key=1 ingress.value=443]",
    ),
    (
        "terraform {\n  required_providers {\n    terraform = { source = \"terraform.io/builtin/terraform\" }\n  }\n}\nlocals {\n  e = provider::terraform::encode_expr([1])\n}\n",
        "{}",
        "provider::terraform::encode_expr([1])",
        "\"[1]\" : string",
    ),
];

#[test]
fn module_inspection_sees_the_modules_files() {
    let files = vec![
        ("main.tf".to_string(), "locals {\n  f = trimspace(file(\"${path.module}/hello.txt\"))\n}\n".to_string()),
        ("hello.txt".to_string(), "hi\n".to_string()),
    ];
    let module = Module::load(files.clone(), &ModuleOptions::default());
    let (start, end) = range_of(&files[0].1, "file(");
    let evaluation = module.evaluate_watching(&Inputs::default(), 0, start, end);
    let found = inspect_module(&module, &evaluation, 0, start, end).expect("a node");
    assert_eq!(hits_text(&found), "<<EOT\nhi\n\nEOT : string");
}

#[test]
fn module_cases() {
    let mut failures = Vec::new();
    for (source, vars, selection, want) in MODULE_CASES {
        let options = ModuleOptions::default();
        let module = Module::load(vec![("main.tf".into(), source.to_string())], &options);
        let inputs = Inputs { json: Some(vars.to_string()), ..Inputs::default() };
        let (start, end) = range_of(source, selection);
        let evaluation = module.evaluate_watching(&inputs, 0, start, end);
        let found = inspect_module(&module, &evaluation, 0, start, end).expect("a node");
        let got = hits_text(&found);
        if got != *want {
            failures.push(format!("{source} at {selection:?}:\n  want {want:?}\n  got  {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_type_constraint_or_a_block_header_has_nothing_to_inspect() {
    let source = "variable \"n\" {\n  type = number\n}\n";
    let options = ModuleOptions::default();
    let module = Module::load(vec![("main.tf".into(), source.to_string())], &options);
    let (s, e) = range_of(source, "number");
    let evaluation = module.evaluate_watching(&Inputs::default(), 0, s, e);
    assert!(inspect_module(&module, &evaluation, 0, s, e).is_none());
    assert!(inspect_module(&module, &evaluation, 0, 2, 2).is_none());
}
