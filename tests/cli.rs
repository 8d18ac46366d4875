//! The `hcl-eval` command line: formats, variables, errors with a caret,
//! exit status, and the JSON Lines mode.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

fn hcl_eval(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hcl-eval"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("hcl-eval runs");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("write stdin");
    let out = child.wait_with_output().expect("hcl-eval finishes");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn formats() {
    assert_eq!(hcl_eval(&["[1, \"a\"]"], ""), (0, "[\n  1,\n  \"a\",\n]\n".into(), String::new()));
    assert_eq!(hcl_eval(&["[1, \"a\"]", "--format", "json"], "").1, "[1,\"a\"]\n");
    assert_eq!(hcl_eval(&["[1, \"a\"]", "--format", "type"], "").1, "tuple([number, string])\n");
    assert_eq!(hcl_eval(&["Hi ${x}", "--template", "--vars", "-"], r#"{"x": "there"}"#).1, "\"Hi there\"\n");
}

#[test]
fn errors_show_the_line_and_a_caret() {
    let (code, out, err) = hcl_eval(&["1 + uppr(\"x\")"], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("Error: Call to unknown function\n"), "{err}");
    assert!(err.contains("   1 | 1 + uppr(\"x\")\n           ^^^^\n"), "{err}");
    assert!(err.contains("Did you mean \"upper\"?"), "{err}");
}

#[test]
fn carets_count_characters_not_bytes() {
    let (_, _, err) = hcl_eval(&["\"日本\" + ñ"], "");
    assert!(err.contains("   1 | \"日本\" + ñ\n                ^\n"), "{err}");
}

#[test]
fn bad_variables_json_is_a_diagnostic() {
    let (code, _, err) = hcl_eval(&["x", "--vars", "-"], "{\"x\": [1,}");
    assert_eq!(code, 1);
    assert!(err.starts_with("Error: Invalid variables JSON"), "{err}");
}

#[test]
fn vars_files_ending_in_tfvars_are_read_as_tfvars() {
    let dir = module_dir(
        "tfvars",
        &[
            ("vars.tfvars", "name  = \"web\"\nports = [80, 443]\n"),
            ("bad.tfvars", "name = upper(\"web\")\nresource \"x\" {}\n"),
            ("vars.txt", "name = \"web\"\n"),
            ("main.tf", "variable \"name\" {}\n"),
            ("name.tfvars", "name = \"db\"\n"),
        ],
    );
    let path = |name: &str| dir.join(name).to_str().expect("utf-8 path").to_string();
    assert_eq!(hcl_eval(&["\"${name}:${ports[1]}\"", "--vars", &path("vars.tfvars")], ""), (0, "\"web:443\"\n".into(), String::new()));
    // Every error, each with its line: the block first, as Terraform reads the file.
    let (code, out, err) = hcl_eval(&["name", "--vars", &path("bad.tfvars")], "");
    assert_eq!((code, out.as_str()), (1, ""));
    let bad = path("bad.tfvars");
    assert!(err.starts_with(&format!("Error: Unexpected \"resource\" block\n\n  on {bad} line 2:\n")), "{err}");
    assert!(err.contains(&format!("\nError: Function calls not allowed\n\n  on {bad} line 1:\n")), "{err}");
    assert!(err.contains("\nBlocks are not allowed here.\n") && !err.contains("JSON"), "{err}");
    // Any other name is JSON, whose error says what tfvars text is read as.
    let (code, _, err) = hcl_eval(&["name", "--vars", &path("vars.txt")], "");
    assert_eq!(code, 1);
    assert!(err.starts_with("Error: Invalid variables JSON\n"), "{err}");
    assert!(err.contains("The text looks like tfvars (name = value) rather than JSON: hcl-eval reads a --vars file whose name ends in .tfvars as tfvars."), "{err}");
    assert_eq!(
        hcl_eval(&["--module", &path("main.tf"), "--vars", &path("name.tfvars"), "var.name"], ""),
        (0, "\"db\"\n".into(), String::new())
    );
    assert!(hcl_eval(&["--help"], "").1.contains("a .tfvars file when FILE\n"));
}

#[test]
fn jsonl_mode_speaks_the_conformance_schema() {
    let input = concat!(
        r#"{"id": "a", "expr": "x + 1", "vars": {"x": 1}}"#,
        "\n",
        r#"{"id": "b", "expr": "nope"}"#,
        "\n",
        r#"{"id": "c", "expr": "u", "vars": {"u": {"__unknown__": "list(string)"}}}"#,
        "\n",
        "not json\n"
    );
    let (code, out, _) = hcl_eval(&["--jsonl"], input);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], r#"{"id":"a","ok":true,"value":2,"type":"number","known":true,"console":"2"}"#);
    assert_eq!(lines[1], r#"{"id":"b","ok":false,"errors":["Unknown variable: There is no variable named \"nope\"."]}"#);
    assert_eq!(
        lines[2],
        r#"{"id":"c","ok":true,"value":{"__unknown__":"list(string)"},"type":"list(string)","known":false,"console":"(known after apply)"}"#
    );
    assert!(lines[3].starts_with(r#"{"id":"line-4","ok":false"#), "{}", lines[3]);
}

#[test]
fn a_long_flat_chain_is_not_nesting() {
    let sum = format!("1{}", " + 1".repeat(999));
    assert_eq!(hcl_eval(&[&sum], ""), (0, "1000\n".into(), String::new()));
}

#[test]
fn fmt_prints_a_file_as_terraform_fmt_would() {
    let messy = "resource aws_instance web {\nami=\"${var.ami}\"\ninstance_type = \"t3.micro\" # small\n}";
    let tidy = "resource \"aws_instance\" \"web\" {\n  ami           = var.ami\n  instance_type = \"t3.micro\" # small\n}\n";
    assert_eq!(hcl_eval(&["--fmt", "-"], messy), (0, tidy.into(), String::new()));
    let path = std::env::temp_dir().join(format!("hcl-eval-fmt-{}.tf", std::process::id()));
    std::fs::write(&path, messy).expect("temporary file");
    let from_file = hcl_eval(&["--fmt", path.to_str().expect("UTF-8 path")], "");
    std::fs::remove_file(&path).ok();
    assert_eq!(from_file, (0, tidy.into(), String::new()));
}

#[test]
fn fmt_refuses_what_does_not_parse() {
    let (code, out, err) = hcl_eval(&["--fmt", "-"], "a = 1\nb = {\n");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("Error: Missing expression\n\n  on <stdin> line 3:\n"), "{err}");
    assert!(err.ends_with("Expected the start of an expression, but found the end of the file.\n"), "{err}");
    let (code, _, err) = hcl_eval(&["--fmt", "/nonexistent/main.tf"], "");
    assert_eq!(code, 2);
    assert!(err.starts_with("hcl-eval: cannot read /nonexistent/main.tf"), "{err}");
}

#[test]
fn check_docs_lists_every_drifted_example_and_passes_matching_ones() {
    let (code, out, err) = hcl_eval(&["--check-docs", "tests/docs/good.md"], "");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert!(err.contains("checked 5 documented examples in 1 files: 0 drifted"), "{err}");
    let (code, out, err) = hcl_eval(&["--check-docs", "tests/docs/drifted.html"], "");
    assert_eq!(code, 1, "{err}");
    assert_eq!(out, std::fs::read_to_string("tests/docs/drifted.expected").unwrap());
    // A directory: its HTML and Markdown files, recursively.
    let (code, out, _) = hcl_eval(&["--check-docs", "tests/docs"], "");
    assert_eq!((code, out.lines().count()), (1, 6));
    assert_eq!(hcl_eval(&["--check-docs", "tests/docs/missing.md"], "").0, 2);
}

/// A module directory for `--module`, written fresh under the temporary
/// directory and removed when the test is done with it.
fn module_dir(name: &str, files: &[(&str, &str)]) -> TempDir {
    let dir = std::env::temp_dir().join(format!("hcl-eval-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
        std::fs::write(path, text).expect("write");
    }
    TempDir(dir)
}

/// A directory removed when dropped.
struct TempDir(std::path::PathBuf);

impl std::ops::Deref for TempDir {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A registry module's example calls the module above it (`source =
/// "../../"`): the command line reads it from the disk, as `terraform
/// init` does, and its files' paths stay relative to the root.
#[test]
fn module_mode_reads_the_local_modules_above_the_root() {
    let dir = module_dir(
        "above",
        &[
            ("main.tf", "variable \"name\" {\n  default = \"x\"\n}\noutput \"id\" {\n  value = \"${var.name}-${file(\"${path.module}/templates/a.txt\")}\"\n}\n"),
            ("templates/a.txt", "from-the-module"),
            ("examples/complete/main.tf", "module \"m\" {\n  source = \"../../\"\n  name   = \"ex\"\n}\noutput \"id\" {\n  value = module.m.id\n}\n"),
            // A directory inside the one above, called too: read once.
            ("wrappers/main.tf", "output \"w\" {\n  value = \"wrapped\"\n}\n"),
            ("examples/complete/wrapped.tf", "module \"w\" {\n  source = \"../../wrappers\"\n}\n"),
        ],
    );
    let example = dir.join("examples/complete");
    let d = example.to_str().expect("utf-8 path");
    assert_eq!(hcl_eval(&["--module", d, "module.m"], ""), (0, "{\n  \"id\" = \"ex-from-the-module\"\n}\n".into(), String::new()));
    assert!(hcl_eval(&["--module", d], "").1.contains("output.id = \"ex-from-the-module\"\n"));
    assert_eq!(hcl_eval(&["--module", d, "module.w.w"], ""), (0, "\"wrapped\"\n".into(), String::new()));
}

/// The module above the example calls one beside its own directory
/// (`"../shared"` from `../..`, as a module made local next to the
/// repository is): that directory is read too, though its path from the
/// root starts with the one read before (`../../../shared`).
#[test]
fn module_mode_reads_a_module_that_climbs_out_of_one_read_before() {
    let dir = module_dir(
        "climbs-out",
        &[
            ("repo/main.tf", "module \"s\" {\n  source = \"../shared\"\n}\noutput \"v\" {\n  value = module.s.v\n}\n"),
            ("repo/examples/complete/main.tf", "module \"m\" {\n  source = \"../../\"\n}\n"),
            ("shared/main.tf", "output \"v\" {\n  value = \"beside\"\n}\n"),
        ],
    );
    let example = dir.join("repo/examples/complete");
    let d = example.to_str().expect("utf-8 path");
    assert_eq!(hcl_eval(&["--module", d, "module.m.v"], ""), (0, "\"beside\"\n".into(), String::new()));
}

/// An example that calls the module above it reads a file beside its own
/// directory (`../fixtures/package.zip`, as terraform-aws-modules/lambda's
/// examples do): the file read with the module above is the same file.
#[test]
fn module_mode_reads_a_file_beside_the_root_read_with_the_module_above() {
    let dir = module_dir(
        "beside",
        &[
            (
                "main.tf",
                "variable \"package\" {}\noutput \"hash\" {\n  value = fileexists(var.package) ? filebase64sha256(var.package) : null\n}\n",
            ),
            ("examples/fixtures/package.zip", "PK-not-really"),
            (
                "examples/complete/main.tf",
                "module \"m\" {\n  source  = \"../../\"\n  package = \"${path.module}/../fixtures/package.zip\"\n}\n",
            ),
        ],
    );
    let example = dir.join("examples/complete");
    let d = example.to_str().expect("utf-8 path");
    // The SHA-256 of the file, base64: what Terraform gives for it.
    assert_eq!(
        hcl_eval(&["--module", d, "module.m.hash"], ""),
        (0, "\"brWrWGv/73vxLyYiRNoOWNQRJUBYVP6eJPdSS053Rgk=\"\n".into(), String::new())
    );
}

/// A module under `modules/` that calls the module above it (`"../../"`,
/// terraform-aws-modules/security-group's rule modules): the directory
/// read second holds the one read first, whose files are read once.
#[test]
fn module_mode_reads_a_directory_above_one_already_read_once() {
    let dir = module_dir(
        "above-again",
        &[
            ("main.tf", "variable \"name\" {}\noutput \"name\" {\n  value = var.name\n}\n"),
            ("modules/http/main.tf", "variable \"name\" {}\nmodule \"sg\" {\n  source = \"../../\"\n  name   = \"http-${var.name}\"\n}\noutput \"name\" {\n  value = module.sg.name\n}\n"),
            ("examples/computed/main.tf", "module \"http\" {\n  source = \"../../modules/http\"\n  name   = \"ex\"\n}\n"),
        ],
    );
    let example = dir.join("examples/computed");
    let d = example.to_str().expect("utf-8 path");
    assert_eq!(hcl_eval(&["--module", d, "module.http.name"], ""), (0, "\"http-ex\"\n".into(), String::new()));
}

const SERVERS: &str = r#"variable "names" {
  type    = list(string)
  default = ["a"]
}
variable "env" {
  type = string
}
locals {
  upper = [for n in var.names : upper(n)]
}
resource "aws_instance" "web" {
  for_each = toset(var.names)
  ami      = "ami-${each.key}"
}
output "amis" {
  value = [for k, i in aws_instance.web : i.ami]
}
"#;

#[test]
fn module_mode_prints_every_named_value_or_one_expression() {
    let dir = module_dir(
        "values",
        &[("main.tf", SERVERS), ("terraform.tfvars", "env = \"prod\"\n"), ("x.auto.tfvars", "names = [\"b\", \"c\"]\n")],
    );
    let d = dir.to_str().expect("utf-8 path");
    let (code, out, err) = hcl_eval(&["--module", d], "");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("var.env = \"prod\"\n"), "{out}");
    assert!(out.contains("var.names = tolist([\n  \"b\",\n  \"c\",\n])\n"), "{out}");
    assert!(out.contains("output.amis = [\n  \"ami-b\",\n  \"ami-c\",\n]\n"), "{out}");
    assert_eq!(hcl_eval(&["--module", d, "local.upper[1]"], ""), (0, "\"C\"\n".into(), String::new()));
    assert_eq!(hcl_eval(&["--module", d, "aws_instance.web[\"b\"].id"], ""), (0, "(known after apply)\n".into(), String::new()));
    // -var overrides the files; --workspace names terraform.workspace.
    assert_eq!(hcl_eval(&["--module", d, "--var", "env=dev", "var.env"], "").1, "\"dev\"\n");
    assert_eq!(hcl_eval(&["--module", d, "--workspace", "staging", "terraform.workspace"], "").1, "\"staging\"\n");
}

#[test]
fn module_mode_errors_are_terraforms_with_exit_status_1() {
    let dir = module_dir("errors", &[("main.tf", SERVERS)]);
    let d = dir.to_str().expect("utf-8 path");
    // The console takes a variable without a value as unknown.
    assert_eq!(hcl_eval(&["--module", d, "var.env"], ""), (0, "(known after apply)\n".into(), String::new()));
    let (code, _, err) = hcl_eval(&["--module", d, "--var", "env=x", "--var", "names=7"], "");
    assert_eq!(code, 1);
    assert!(err.starts_with("Error: Invalid value for input variable\n"), "{err}");
    let (code, out, err) = hcl_eval(&["--module", d, "--var", "env=x", "local.nope"], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("Error: Reference to undeclared local value\n"), "{err}");
    let (code, _, err) = hcl_eval(&["--module", d, "--var", "env=x", "--var-file", "/nonexistent.tfvars"], "");
    assert_eq!(code, 1);
    assert!(err.contains("Given variables file /nonexistent.tfvars does not exist."), "{err}");
}

/// Configuration errors end the console before it reads the expression:
/// the diagnostics alone, status 1, nothing on standard output.
#[test]
fn module_mode_stops_where_the_console_stops() {
    let cases: &[(&str, &str)] = &[
        ("output \"a\" {\n  value = 1\n}\noutput \"a\" {\n  value = 2\n}\n", "Error: Duplicate output definition\n"),
        (
            "resource \"terraform_data\" \"r\" {\n  count    = 1\n  for_each = {}\n}\n",
            "Error: Invalid combination of \"count\" and \"for_each\"\n",
        ),
        ("locals {\n  a = local.b\n  b = local.a\n}\n", "Error: Cycle:"),
        ("output \"o\" {\n  value = 1\n  nope  = 2\n}\n", "Error: Unsupported argument\n"),
    ];
    for (i, (text, start)) in cases.iter().enumerate() {
        let dir = module_dir(&format!("stops-{i}"), &[("main.tf", text)]);
        let d = dir.to_str().expect("utf-8 path");
        for args in [vec!["--module", d, "1 + 1"], vec!["--module", d]] {
            let (code, out, err) = hcl_eval(&args, "");
            assert_eq!((code, out.as_str()), (1, ""), "{text}");
            assert!(err.starts_with(start), "{err}");
            assert!(!err.contains("unexpected results"), "{err}");
        }
    }
}

/// `--scope` evaluates in a module instance, as `terraform console -scope`.
#[test]
fn module_mode_evaluates_in_a_scope() {
    let dir = module_dir(
        "scope",
        &[
            ("main.tf", "module \"net\" {\n  source   = \"./modules/net\"\n  for_each = toset([\"a\", \"b\"])\n  cidr     = each.key == \"a\" ? \"10.1.0.0/16\" : \"10.2.0.0/16\"\n}\n"),
            ("modules/net/main.tf", "variable \"cidr\" {}\nlocals {\n  first = cidrsubnet(var.cidr, 8, 0)\n}\n"),
        ],
    );
    let d = dir.to_str().expect("utf-8 path");
    assert_eq!(
        hcl_eval(&["--module", d, "--scope", "module.net[\"b\"]", "local.first"], ""),
        (0, "\"10.2.0.0/24\"\n".into(), String::new())
    );
    assert_eq!(hcl_eval(&["--module", d, "--scope", "module.net[\"b\"]", "path.module"], "").1, "\"modules/net\"\n");
    let (code, out, err) = hcl_eval(&["--module", d, "--scope", "module.net", "local.first"], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.starts_with("Error: Failed to retrieve evaluation scope after graph walk\n\nThe module address \"module.net\" does not have"),
        "{err}"
    );
    let (code, _, err) = hcl_eval(&["--module", d, "--scope", "local.x", "1"], "");
    assert_eq!(code, 1);
    assert!(err.starts_with("Error: Invalid module instance address\n\n  on <module scope address> line 1:"), "{err}");
}

#[test]
fn module_mode_warns_after_planning_errors_and_still_answers() {
    let dir = module_dir("closing-warning", &[("main.tf", "locals {\n  x = var.nope\n}\n")]);
    let d = dir.to_str().expect("utf-8 path");
    let (code, out, err) = hcl_eval(&["--module", d, "1 + 1"], "");
    assert_eq!((code, out.as_str()), (0, "2\n"));
    assert!(err.starts_with("Error: Reference to undeclared input variable\n\n  on main.tf line 2:\n"), "{err}");
    // The warning once, last, with a blank line after it.
    let warning = "Warning: Due to the problems above, some expressions may produce unexpected results.\n";
    assert!(err.ends_with(&format!("{{}} block.\n{warning}\n")), "{err}");
    assert_eq!(err.matches(warning).count(), 1, "{err}");
}

#[test]
fn module_mode_takes_known_attributes_from_a_state_section() {
    let dir = module_dir("state", &[("main.tf", SERVERS)]);
    let d = dir.to_str().expect("utf-8 path");
    let vars = r#"{"env": "prod", "names": ["a", "b"], "__state__": {"aws_instance.web[\"a\"]": {"id": "i-0a", "ami": "ignored"}}}"#;
    let (code, out, err) = hcl_eval(&["--module", d, "--vars", "-", "[for k, i in aws_instance.web : [i.id, i.ami]]"], vars);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "[\n  [\n    \"i-0a\",\n    \"ami-a\",\n  ],\n  [\n    (known after apply),\n    \"ami-b\",\n  ],\n]\n");
    // A malformed state section stops evaluation, as a malformed -var does.
    let (code, out, err) = hcl_eval(&["--module", d, "--vars", "-", "var.env"], r#"{"env": "x", "__state__": []}"#);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("Error: Invalid state section\n\nThe \"__state__\" section must be an object"), "{err}");
}

/// `--test DIR`: the module's test files run as `terraform test -no-color`
/// runs them — the same lines on standard output, errors on standard
/// error, status 1 when a run failed; `--filter` and `--var` as the
/// program's `-filter` and `-var`; a registry module `init` installed
/// under `.terraform/modules` is the module its call runs.
#[test]
fn test_mode_prints_what_terraform_test_prints() {
    let dir = module_dir(
        "tests",
        &[
            ("main.tf", "variable \"name\" {\n  type = string\n}\nmodule \"shout\" {\n  source = \"acme/shout/null\"\n  text   = var.name\n}\noutput \"greeting\" {\n  value = \"hello ${module.shout.loud}\"\n}\n"),
            (".terraform/modules/modules.json", r#"{"Modules":[{"Key":"","Source":"","Dir":"."},{"Key":"shout","Source":"registry.terraform.io/acme/shout/null","Version":"1.0.0","Dir":".terraform/modules/shout"}]}"#),
            (".terraform/modules/shout/main.tf", "variable \"text\" {}\noutput \"loud\" {\n  value = upper(var.text)\n}\n"),
            ("tests/a.tftest.hcl", "run \"loud\" {\n  command = plan\n  variables {\n    name = \"ada\"\n  }\n  assert {\n    condition     = output.greeting == \"hello ADA\"\n    error_message = \"got ${output.greeting}\"\n  }\n}\n"),
            ("tests/b.tftest.hcl", "run \"from_the_command_line\" {\n  command = plan\n  assert {\n    condition     = output.greeting == \"hello BOB\"\n    error_message = \"got ${output.greeting}\"\n  }\n}\n"),
        ],
    );
    let d = dir.to_str().expect("utf-8 path");
    let (status, out, err) = hcl_eval(&["--test", d, "--var", "name=eve"], "");
    assert_eq!(status, 1);
    assert_eq!(out, "tests/a.tftest.hcl... in progress\n  run \"loud\"... pass\ntests/a.tftest.hcl... tearing down\ntests/a.tftest.hcl... pass\ntests/b.tftest.hcl... in progress\n  run \"from_the_command_line\"... fail\ntests/b.tftest.hcl... tearing down\ntests/b.tftest.hcl... fail\n\nFailure! 1 passed, 1 failed.\n");
    assert!(
        err.contains("Error: Test assertion failed")
            && err.contains("    │ - \"hello EVE\"\n    │ + \"hello BOB\"")
            && err.ends_with("got hello EVE\n"),
        "{err}"
    );
    let (status, out, _) = hcl_eval(&["--test", d, "--filter", "tests/b.tftest.hcl", "--var", "name=bob"], "");
    assert_eq!((status, out.lines().last()), (0, Some("Success! 1 passed, 0 failed.")));
    let (status, out, _) = hcl_eval(&["--test", d, "--var", "name=eve", "--profile", "opentofu"], "");
    assert_eq!((status, out.lines().next()), (1, Some("tests/a.tftest.hcl... pass")));
}

/// Files that are not UTF-8 text are read as bytes, as Terraform reads
/// them (the values recorded in tests/modules/files.jsonl), and a local
/// module source that names no directory is `init`'s error.
#[test]
fn module_mode_reads_binary_files_and_refuses_missing_local_modules() {
    let dir = module_dir("binary", &[("main.tf", "locals {\n  n = 1\n}\n")]);
    std::fs::create_dir_all(dir.join("files")).expect("mkdir");
    std::fs::write(dir.join("files/raw.bin"), [0xff, 0xfe, 0xfd, 0x00, 0x80]).expect("write");
    let d = dir.to_str().unwrap();
    assert_eq!(hcl_eval(&["--module", d, "filebase64(\"files/raw.bin\")"], ""), (0, "\"//79AIA=\"\n".into(), String::new()));
    assert_eq!(hcl_eval(&["--module", d, "fileexists(\"files/raw.bin\")"], "").1, "true\n");
    let (code, _, err) = hcl_eval(&["--module", d, "file(\"files/raw.bin\")"], "");
    assert_eq!(code, 1);
    assert!(err.contains("contents of \"files/raw.bin\" are not valid UTF-8"), "{err}");

    let dir = module_dir(
        "misspelt",
        &[
            ("main.tf", "module \"net\" {\n  source = \"./modules/net\"\n}\n"),
            ("modules/network/main.tf", "output \"x\" {\n  value = 1\n}\n"),
        ],
    );
    let (code, out, err) = hcl_eval(&["--module", dir.to_str().unwrap()], "");
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("Unable to evaluate directory symlink: lstat modules/net: no such file or directory"), "{err}");
}

/// The listing ends with the providers that planned and their versions:
/// the newest in the data that the constraints allow (5.100.0 for
/// `~> 5.0`), or none (planned as written).
#[test]
fn module_mode_names_the_provider_versions_it_planned_with() {
    let dir = module_dir(
        "versions",
        &[(
            "main.tf",
            "terraform {\n  required_providers {\n    aws = {\n      source  = \"hashicorp/aws\"\n      version = \"~> 5.0\"\n    }\n    random = {\n      source  = \"hashicorp/random\"\n      version = \"~> 1.0\"\n    }\n  }\n}\nresource \"aws_sqs_queue\" \"q\" {\n  name = \"q\"\n}\nresource \"time_static\" \"t\" {}\n",
        )],
    );
    let (code, out, _) = hcl_eval(&["--module", dir.to_str().unwrap()], "");
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap_or_default();
    assert_eq!(
        last,
        "# planned with hashicorp/aws 5.100.0 (~> 5.0), hashicorp/random as written (no version in the provider data meets ~> 1.0), hashicorp/time 0.14.0"
    );
}

/// `data "external"` runs its program while planning, as
/// hashicorp/external 2.4.0 does under Terraform 1.16.4 (recorded with
/// both): the query as Go's `json.Marshal` writes it on standard input,
/// the output's object the `result`, and each failure in the provider's
/// words.
#[test]
fn module_mode_runs_the_programs_of_external_data_sources() {
    let ok = "data \"external\" \"ok\" {\n  program = [\"sh\", \"-c\", \"cat >/dev/null; echo '{\\\"b\\\":\\\"2\\\",\\\"a\\\":\\\"<1>\\\"}'\"]\n  query   = { x = \"y\" }\n}\ndata \"external\" \"echo\" {\n  program = [\"sh\", \"-c\", \"cat\"]\n  query   = { z = \"&\", a = \"1\" }\n}\n";
    let dir = module_dir("external-ok", &[("main.tf", ok)]);
    let d = dir.to_str().expect("utf-8 path");
    assert_eq!(
        hcl_eval(&["--module", d, "{ok = data.external.ok.result, echo = data.external.echo.result, id = data.external.ok.id}"], ""),
        (0, "{\n  \"echo\" = tomap({\n    \"a\" = \"1\"\n    \"z\" = \"&\"\n  })\n  \"id\" = \"-\"\n  \"ok\" = tomap({\n    \"a\" = \"<1>\"\n    \"b\" = \"2\"\n  })\n}\n".into(), String::new())
    );
    let failing = [
        (
            "fails",
            "[\"sh\", \"-c\", \"echo oops >&2; exit 3\"]",
            "External Program Execution Failed",
            "sh\nError Message: oops\n\nState: exit status 3",
        ),
        (
            "silent",
            "[\"sh\", \"-c\", \"exit 1\"]",
            "External Program Execution Failed",
            "The program was executed, however it returned no additional error messaging.",
        ),
        (
            "not_json",
            "[\"sh\", \"-c\", \"echo hello\"]",
            "Unexpected External Program Results",
            "Result Error: invalid character 'h' looking for beginning of value",
        ),
        (
            "number",
            "[\"sh\", \"-c\", \"echo '{\\\"a\\\":1}'\"]",
            "Unexpected External Program Results",
            "Result Error: json: cannot unmarshal number into Go value of type string",
        ),
        (
            "missing",
            "[\"no-such-program-here\"]",
            "External Program Lookup Failed",
            "Program: \"no-such-program-here\"\nError: exec: \"no-such-program-here\": executable file not found in $PATH",
        ),
        ("empty", "[\"\", \"\"]", "External Program Missing", "Verify the configuration contains at least one non-empty value."),
    ];
    for (name, program, summary, detail) in failing {
        let text = format!("data \"external\" \"{name}\" {{\n  program = {program}\n}}\n");
        let dir = module_dir(&format!("external-{name}"), &[("main.tf", &text)]);
        let (_, _, err) = hcl_eval(&["--module", dir.to_str().expect("utf-8 path"), &format!("data.external.{name}.result")], "");
        assert!(err.contains(&format!("Error: {summary}\n")) && err.contains(detail), "{name}: {err}");
        assert!(err.contains(&format!("  on main.tf line 2:\n   2 |   program = {program}")), "{name}: {err}");
    }
}

/// A reader that stops early (`| head`) ends the program quietly: no
/// panic on the next write.
#[cfg(unix)]
#[test]
fn a_closed_pipe_is_not_a_panic() {
    let dir = std::env::temp_dir().join(format!("hcl-eval-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let outputs: String = (0..2000).map(|i| format!("output \"o{i}\" {{\n  value = \"{}\"\n}}\n", "x".repeat(64))).collect();
    std::fs::write(dir.join("main.tf"), outputs).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hcl-eval"))
        .args(["--module", dir.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Read one line, then close the pipe.
    let mut first = [0u8; 16];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The provider data is found at run time: the directory
/// `HCL_PLAYGROUND_PROVIDERS` names (`none`: every resource as written),
/// or beside the program.
#[test]
fn provider_data_is_found_at_run_time() {
    let dir = std::env::temp_dir().join(format!("hcl-eval-providers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tf = dir.join("main.tf");
    std::fs::write(&tf, "resource \"random_pet\" \"p\" {}\n").unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/providers");
    let answer = |providers: &Path, program: &Path| {
        let out = Command::new(program)
            .args(["--module", tf.to_str().unwrap(), "random_pet.p.length"])
            .env("HCL_PLAYGROUND_PROVIDERS", providers)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let program = Path::new(env!("CARGO_BIN_EXE_hcl-eval"));
    assert_eq!(answer(&data, program), "2\n", "the schema's default, from the data named");
    assert_eq!(answer(Path::new("none"), program), "(known after apply)\n", "as written, with none");
    // A copy of the program with the data beside it finds it there.
    let copy = dir.join("hcl-eval");
    std::fs::copy(program, &copy).unwrap();
    #[cfg(unix)]
    {
        let beside = dir.join("providers");
        let _ = std::fs::remove_file(&beside);
        std::os::unix::fs::symlink(&data, &beside).unwrap();
        assert_eq!(answer(Path::new(""), &copy), "2\n", "the data beside the program");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
