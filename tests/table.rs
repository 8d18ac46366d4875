//! One-line table tests: expression → console rendering and type, or
//! expression → error summary. Expected values were checked against the
//! oracle (`shared/oracle`).

mod common;

use hcl_playground::api::{looks_like_tfvars, parse_tfvars_in, parse_variables_hinting, VariablesFormat};
use hcl_playground::diagnostics::range_text;
use hcl_playground::{evaluate, parse_variables, present, Options, Profile, Value, Variables};

const VARS: &str = r#"{
  "name": "World", "n": 5, "l": ["a", "b"], "objs": [{"id": 1, "tags": ["x"]}, {"id": 2, "tags": []}],
  "m": {"k1": "v1", "k2": "v2"}, "u": {"__unknown__": "string"}, "ul": {"__unknown__": "list(string)"},
  "nul": null, "emoji": "👍🏽", "cafe": "cafe\u0301"
}"#;

table!(VARS);

#[test]
fn numbers() {
    ok("0.1 + 0.2", "0.3", "number");
    ok("0.1 + 0.2 == 0.3", "true", "bool");
    ok("1/3", "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335", "number");
    ok("length(l) / 3", "0.6666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666666667", "number");
    ok("1 / length([1, 2, 3])", "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335", "number");
    ok("length([1]) / length([1, 2, 3])", "0.33333333333333333334", "number");
    ok("18446744073709551616 + 1", "18446744073709551617", "number");
    ok("1e30", "1000000000000000000000000000000", "number");
    ok("1.5e-7", "0.00000015", "number");
    ok("0 * -1", "-0", "number");
    ok("1/0", "+Inf", "number");
    ok("-1/0", "-Inf", "number");
    ok("-5 % 3", "-2", "number");
    ok("5.5 % 2", "1.5", "number");
    ok("7 % 0", "7", "number");
    err("0/0", "Operation failed");
    err("1e400000000000", "Invalid number literal");
}

#[test]
fn strings_and_templates() {
    ok(r#""Hello, ${name}!""#, r#""Hello, World!""#, "string");
    ok(r#""${n}""#, "5", "number");
    ok(r#""a\tb\u00e9\U0001F600""#, "\"a\\tbé😀\"", "string");
    ok(r#""$${x} %%{y}""#, r#""${x} %{y}""#, "string");
    ok(r#""${cafe}" == "café""#, "true", "bool");
    ok("length(emoji)", "1", "number");
    ok(r#""%{ for i, v in l }${i}=${v}%{ if i < 1 }, %{ endif }%{ endfor }""#, r#""0=a, 1=b""#, "string");
    ok(r#""x ${~ " y " ~} z""#, r#""x y z""#, "string");
    ok("<<EOT\nhello\n  ${name}\nEOT\n", "<<EOT\nhello\n  World\n\nEOT", "string");
    ok("<<-EOT\n    a\n      b\n    EOT\n", "<<EOT\na\n  b\n\nEOT", "string");
    ok("<<EOT\nEOTX\nEOT\n", "<<EOT\nEOTX\n\nEOT", "string");
    ok(r#""${u}x""#, "(known after apply)", "string");
    err(r#""\q""#, "Invalid escape sequence");
    err(r#""${nul}""#.replace("${nul}", "a${nul}").as_str(), "Invalid template interpolation value");
    err(r#""%{ if true }x""#, "Unexpected end of template");
    err(r#""%{ endif }""#, "Unexpected endif directive");
}

#[test]
fn operators_and_conditionals() {
    ok("1 + 2 * 3 - 4 / 2", "5", "number");
    ok(r#""1" + 2"#, "3", "number");
    ok(r#""10" > "9""#, "true", "bool");
    ok(r#""1" == 1"#, "false", "bool");
    ok("!true == false", "true", "bool");
    ok("true ? 1 : \"a\"", "\"1\"", "string");
    ok("true ? {a = 1} : {b = 2}", "tomap({\n  \"a\" = 1\n})", "map(number)");
    ok("u == \"x\"", "(known after apply)", "bool");
    ok("false ? nope : 1", "1", "number");
    err("false && nul", "Operation failed");
    err("true ? 1 : true", "Inconsistent conditional result types");
    err("a & b", "Unsupported operator");
    ok("true ? {a = null, b = {}} : {c = {}}", "tomap({\n  \"a\" = null /* object */\n  \"b\" = {}\n})", "map(object({}))");
    err("true ? {a = null} : {a = 1, b = true}", "Inconsistent conditional result types");
    ok("tolist([tolist([]), toset([\"a\"])])", "tolist([\n  tolist([]),\n  tolist([\n    \"a\",\n  ]),\n])", "list(list(string))");
    ok("tolist((true ? null : [\"a\"]))", "tolist(null) /* of string */", "list(string)");
}

#[test]
fn collections_for_and_splat() {
    ok("[for s in l : upper(s)]", "[\n  \"A\",\n  \"B\",\n]", "tuple([string, string])");
    ok("{for k, v in m : v => k}", "{\n  \"v1\" = \"k1\"\n  \"v2\" = \"k2\"\n}", "object({v1: string, v2: string})");
    ok(
        "{for s in [\"a\", \"b\", \"a\"] : s => s...}",
        "{\n  \"a\" = [\n    \"a\",\n    \"a\",\n  ]\n  \"b\" = [\n    \"b\",\n  ]\n}",
        "object({a: tuple([string, string]), b: tuple([string])})",
    );
    ok("[for i, o in objs : o.id if i > 0]", "[\n  2,\n]", "tuple([number])");
    ok("objs[*].id", "[\n  1,\n  2,\n]", "tuple([number, number])");
    ok("objs.*.tags[0]", "[\n  \"x\",\n]", "tuple([string])");
    ok("nul[*]", "[]", "tuple([])");
    ok("ul[*]", "(known after apply)", "list(string)");
    ok("objs.0.id", "1", "number");
    ok(
        "{\"a b\" = 1, (name) = 2, c: 3}",
        "{\n  \"World\" = 2\n  \"a b\" = 1\n  \"c\" = 3\n}",
        "object({World: number, \"a b\": number, c: number})",
    );
    ok("toset([\"b\", \"a\", \"b\"])", "toset([\n  \"a\",\n  \"b\",\n])", "set(string)");
    ok("tolist([])", "tolist([])", "list(dynamic)");
    ok("tostring(null)", "tostring(null)", "string");
    err("{for s in [\"a\", \"a\"] : s => s}", "Duplicate object key");
    err("l[2]", "Invalid index");
    err("m.missing", "Unsupported attribute");
    err("nul.x", "Attempt to get attribute from null value");
    err("a.0.1", "Invalid legacy index syntax");
    // HCL panics building a list of elements of different types; nothing
    // catches that, not even try.
    err("tolist([1, null])[*].*", "Inconsistent splat result types");
    err("try(tolist([null, 1])[*].*, 1)", "Inconsistent splat result types");
}

#[test]
fn functions_and_calls() {
    ok("max(l...)".replace("l...", "[3, 1, 2]...").as_str(), "3", "number");
    ok("join(\"-\", l, [\"c\"])", "\"a-b-c\"", "string");
    ok("substr(\"hello world\", -5, -1)", "\"world\"", "string");
    ok("merge(m, {k3 = 1})", "{\n  \"k1\" = \"v1\"\n  \"k2\" = \"v2\"\n  \"k3\" = 1\n}", "object({k1: string, k2: string, k3: number})");
    ok("flatten([[1], [[2, 3]], []])", "[\n  1,\n  2,\n  3,\n]", "tuple([number, number, number])");
    ok("range(3)", "tolist([\n  0,\n  1,\n  2,\n])", "list(number)");
    ok("jsonencode({a = \"<b>\"})", "\"{\\\"a\\\":\\\"\\\\u003cb\\\\u003e\\\"}\"", "string");
    ok("try(nul.x, \"fallback\")", "\"fallback\"", "string");
    ok("can(u)", "(known after apply)", "bool");
    ok("upper(u)", "(known after apply)", "string");
    err("uppr(name)", "Call to unknown function");
    err("upper()", "Not enough function arguments");
    err("upper(1, 2)", "Too many function arguments");
    err("upper(nul)", "Invalid function argument");
    err("max(l...)", "Invalid function argument");
    ok("try([\"a\", \"b\"]...)", "\"a\"", "string");
    ok("max(tonumber(\"x\"), ul...)", "(known after apply)", "dynamic");
    ok("format(\"%v\", nul)", "\"null\"", "string");
    ok("lookup(flatten(u), \"a\")", "(known after apply)", "dynamic");
    ok("distinct(ul)", "(known after apply)", "list(string)");
    ok("slice(ul, 0, 1)", "(known after apply)", "list(string)");
    ok("setintersection([\"a\"], [u])", "(known after apply)", "set(string)");
    ok("length(toset([u]))", "1", "number");
    ok("chunklist([], 0)", "tolist([])", "list(list(dynamic))");
    err("element(ul, -1)", "Error in function call");
    // Without a newline the padding is never used, however wide.
    ok("indent(1e9, \"a\")", "\"a\"", "string");
    ok("tostring(log(1, 0))", "\"-0\"", "string");
}

/// `~` expands into the home directory (outside a module the page's,
/// /home/playground), as go-homedir's Expand and Go's filepath.Join do
/// (Terraform 1.16.4 with HOME=/home/u: "/home/u/\\a", and this error).
#[test]
fn pathexpand_expands_the_home_directory() {
    ok("pathexpand(\"~\")", "\"/home/playground\"", "string");
    ok("pathexpand(\"~/.ssh/../id_rsa\")", "\"/home/playground/id_rsa\"", "string");
    ok("pathexpand(\"~\\\\a\")", "\"/home/playground/\\\\a\"", "string");
    ok("pathexpand(\"a/~\")", "\"a/~\"", "string");
    ok("substr(pathexpand(\"~\"), 0, 1) == \"/\"", "true", "bool");
    err("pathexpand(\"~x\")", "Call to function \"pathexpand\" failed: cannot expand user-specific home dir.");
}

#[test]
fn independent_errors_are_all_reported() {
    let vars = parse_variables(VARS).unwrap();
    let d = evaluate("[x, y, uppr(1)]", &vars, &Options::default()).unwrap_err();
    let summaries: Vec<&str> = d.iter().map(|d| d.summary.as_str()).collect();
    assert_eq!(summaries, ["Unknown variable", "Unknown variable", "Call to unknown function"]);
    let spans: Vec<(usize, usize)> = d.iter().map(|d| (d.subject.start, d.subject.end)).collect();
    assert_eq!(spans, [(1, 2), (4, 5), (7, 11)]);
}

#[test]
fn did_you_mean() {
    let vars = parse_variables(VARS).unwrap();
    let detail = |src: &str| evaluate(src, &vars, &Options::default()).unwrap_err()[0].detail.clone();
    assert_eq!(detail("nme"), "There is no variable named \"nme\". Did you mean \"name\"?");
    assert_eq!(detail("lenght(l)"), "There is no function named \"lenght\". Did you mean \"length\"?");
    // HCL suggests variable and function names, not attribute names.
    assert_eq!(detail("objs[0].idd"), "This object does not have an attribute named \"idd\".");
}

#[test]
fn template_mode() {
    let vars = parse_variables(VARS).unwrap();
    let opts = Options { template: true, ..Options::default() };
    let v = evaluate("Hello ${name}!\n%{ for x in l ~}\n- ${x}\n%{ endfor ~}\n", &vars, &opts).unwrap();
    assert_eq!(present::console(&v, Profile::default()), "<<EOT\nHello World!\n- a\n- b\n\nEOT");
}

/// Error wording and order as the oracle reports them (recorded from it):
/// plain failures of the older go-cty functions are "Error in function
/// call", arity is checked before any argument is evaluated, and each
/// argument's own errors come before the next argument's.
#[test]
fn errors_in_the_oracles_words_and_order() {
    let cases: &[(&str, &[&str])] = &[
        ("merge(0)", &["Error in function call: Call to function \"merge\" failed: arguments must be maps or objects, got \"number\"."]),
        ("length(true)", &["Error in function call: Call to function \"length\" failed: argument must be a string, a collection type, or a structural type."]),
        ("sort([\"a\", null])", &["Error in function call: Call to function \"sort\" failed: given list element 1 is null; a null string cannot be sorted."]),
        ("contains(1, \"a\")", &["Error in function call: Call to function \"contains\" failed: argument must be list, tuple, or set."]),
        ("element(toset([1]), 0)", &["Error in function call: Call to function \"element\" failed: cannot read elements from set of number."]),
        ("element([1,2], 1.5)", &["Error in function call: Call to function \"element\" failed: invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807."]),
        ("flatten(\"a\")", &["Error in function call: Call to function \"flatten\" failed: can only flatten lists, sets and tuples."]),
        ("values([1])", &["Error in function call: Call to function \"values\" failed: values() requires a map as the first argument."]),
        ("index({}, 1)", &["Error in function call: Call to function \"index\" failed: argument must be a list or tuple."]),
        ("chunklist([1], 1.5)", &["Error in function call: Call to function \"chunklist\" failed: invalid size: value must be a whole number, between -9223372036854775808 and 9223372036854775807."]),
        ("substr(\"abc\", 0, 1.5)", &["Error in function call: Call to function \"substr\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."]),
        ("join(\",\", [\"a\"], [null, \"b\"])", &["Invalid function argument: Invalid value for \"lists\" parameter: element 0 of list 2 is null; cannot concatenate null values."]),
        ("slice([1,2], 0.5, 1)", &["Invalid function argument: Invalid value for \"start_index\" parameter: invalid start index: value must be a whole number, between -9223372036854775808 and 9223372036854775807."]),
        ("reverse(1, nosuch)", &["Too many function arguments: Function \"reverse\" expects only 1 argument(s)."]),
        ("min(\"a\", nosuch)", &["Invalid function argument: Invalid value for \"numbers\" parameter: a number is required.", "Unknown variable: There is no variable named \"nosuch\"."]),
        ("upper()", &["Not enough function arguments: Function \"upper\" expects 1 argument(s). Missing value for \"str\"."]),
        ("concat([1], nosuch...)", &["Unknown variable: There is no variable named \"nosuch\"."]),
        ("max([1,2]..., 3)", &["Missing closing parenthesis: An expanded function argument (with ...) must be immediately followed by closing parentheses."]),
        ("[1,2]...", &["Extra characters after expression: An expression was successfully parsed, but extra characters were found after it."]),
        // Go panics: the oracle's text up to its stack trace.
        ("range(-1/0, 1, 1/0)", &["Error in function call: Call to function \"range\" failed: panic in function implementation: addition of infinities with opposite signs"]),
        ("zipmap([null], tolist([\"a\"]))", &["Error in function call: Call to function \"zipmap\" failed: panic in function implementation: value is null"]),
        ("indent(1e18, \"\")", &["Error in function call: Call to function \"indent\" failed: panic in function implementation: runtime error: makeslice: cap out of range"]),
    ];
    for (src, want) in cases {
        let got: Vec<String> = evaluate(src, &Variables::new(), &Options::default()).unwrap_err().iter().map(|d| d.one_line()).collect();
        assert_eq!(&got, want, "{src}");
    }
}

#[test]
fn variables_must_be_an_object() {
    for json in ["42", "-1", "1.5", "[1]", "\"x\"", "true", "null"] {
        let d = parse_variables(json).unwrap_err();
        assert_eq!(d.detail, "The variables must be a JSON object whose keys are variable names.", "{json}");
    }
}

/// Variables from a `.tfvars` file's text, as Terraform reads one: the
/// variables as JSON, or every error as `summary FILE:LINE,COL-COL`.
const TFVARS: &[(&str, &str)] = &[
    ("name  = \"web\"\nports = [80, 443]\n", r#"{"name":"web","ports":[80,443]}"#),
    ("", "{}"),
    ("# nothing\n// here\n/* at all */\n", "{}"),
    (
        "a = { b = [1, \"x\"] }\nc = null\nd = 1 + 2 * 3\ne = \"x${1}y\"\nf = true ? -1 : 0",
        r#"{"a":{"b":[1,"x"]},"c":null,"d":7,"e":"x1y","f":-1}"#,
    ),
    ("日本 = \"語\"\n\"quoted\" = 1", "Invalid argument name <variables>:2,1-2"),
    ("n = 1\nresource \"x\" \"y\" {}\n", "Unexpected \"resource\" block <variables>:2,1-9"),
    ("a = var.x", "Variables not allowed <variables>:1,5-8"),
    ("a = upper(\"x\")", "Function calls not allowed <variables>:1,5-15"),
    ("a = 1\nb = local.x\nc = max(1, 2)", "Variables not allowed <variables>:2,5-10; Function calls not allowed <variables>:3,5-14"),
    ("a = [for x in [1] : x * 2]", r#"{"a":[2]}"#),
    ("a = 1\na = 2", "Attribute redefined <variables>:2,1-2"),
    ("a = \"x\"\nb = [1,\n", "Missing expression <variables>:3,1-1"),
    ("a = \"😀\" +", "Missing expression <variables>:1,10-10"),
    ("a = 1 b = 2", "Missing newline after argument <variables>:1,7-8"),
];

#[test]
fn tfvars_are_read_as_terraform_reads_them() {
    for (text, want) in TFVARS {
        let got = match parse_tfvars_in(text, Profile::default()) {
            Ok(vars) => present::to_json(&Value::Object(vars.iter().map(|(k, v)| (k.clone(), v.clone())).collect())),
            Err(diags) => {
                let range = |d: &hcl_playground::Diagnostic| {
                    range_text(text, "<variables>", d.subject, hcl_playground::Profile::default().unicode())
                };
                diags.iter().map(|d| format!("{} {}", d.summary, range(d))).collect::<Vec<_>>().join("; ")
            }
        };
        assert_eq!(&got, want, "{text}");
    }
}

/// Whether variables text reads as tfvars (an identifier, then `=`, first)
/// rather than JSON, for the JSON error's hint.
const LOOKS_LIKE_TFVARS: &[(&str, bool)] = &[
    ("name = \"web\"", true),
    ("  # a comment\n// another\n/* and\n one */ ports=[80]", true),
    ("name-2\t= 1", true),
    ("{\"name\": \"web\"}", false),
    ("a == 1", false),
    ("name", false),
    ("", false),
    ("[1, 2]", false),
    ("2x = 1", false),
];

#[test]
fn json_variables_that_look_like_tfvars_say_so() {
    for (text, want) in LOOKS_LIKE_TFVARS {
        assert_eq!(looks_like_tfvars(text), *want, "{text}");
    }
    let hinting = |text: &str, format| parse_variables_hinting(text, format, Profile::default(), "read it as tfvars.").unwrap_err();
    let d = &hinting("ports = [80, 443]\nname  = \"web\"\n", VariablesFormat::Json)[0];
    assert_eq!((d.summary.as_str(), d.subject.start), ("Invalid variables JSON", 0));
    assert_eq!(
        d.detail,
        "Expected value at line 1 column 1. The text looks like tfvars (name = value) rather than JSON: read it as tfvars."
    );
    let d = &hinting("true = 1", VariablesFormat::Json)[0];
    assert_eq!(d.detail, "The variables must be a JSON object whose keys are variable names. The text looks like tfvars (name = value) rather than JSON: read it as tfvars.");
    // Other JSON errors, and errors in tfvars, as they are.
    assert_eq!(hinting("{\"a\": }", VariablesFormat::Json)[0].detail, "Expected value at line 1 column 7");
    assert_eq!(hinting("a = b", VariablesFormat::Tfvars)[0].detail, "Variables may not be used here.");
}
