//! The built-in provider's functions (`provider::terraform::encode_tfvars`,
//! `decode_tfvars`, `encode_expr`), which the reference harnesses lack:
//! every expected text below was printed by the real CLIs (Terraform
//! 1.16.4's `terraform console`, OpenTofu 1.12.6's `tofu console` through a
//! local value, or its `tofu plan` for errors) in a directory whose
//! configuration requires `terraform.io/builtin/terraform`. An error is
//! written `Summary | detail` (line breaks in the detail as spaces, as the
//! CLIs wrap it).

use hcl_playground::{evaluate_console, Options, Profile, Variables};

#[track_caller]
fn check(profile: Profile, src: &str, want: &str) {
    let options = Options { profile, ..Options::default() };
    let got = match evaluate_console(src, &Variables::new(), &options) {
        Ok(e) => e.console,
        Err(d) => format!("{} | {}", d[0].summary, d[0].detail.replace('\n', " ")),
    };
    assert_eq!(got, want, "{profile}: {src}");
}

/// `check` under Terraform and OpenTofu, which print the same here.
fn check_both(src: &str, want: &str) {
    check(Profile::Terraform, src, want);
    check(Profile::OpenTofu, src, want);
}

#[test]
fn provider_functions_print_what_the_clis_print() {
    check_both(
        r#"provider::terraform::encode_expr({a = [1, "x", true, null], "b c" = {d = 1.5}, e = tolist(["y"])})"#,
        r#"<<EOT
{
  a = [1, "x", true, null]
  "b c" = {
    d = 1.5
  }
  e = ["y"]
}
EOT"#,
    );
    check_both(
        r#"provider::terraform::encode_expr("a\nb\t\"${x}\" %{y} $x \u0001 é")"#,
        r#"Invalid template control keyword | "y" is not a valid template control keyword. Did you mean "if"?"#,
    );
    check_both(r#"provider::terraform::encode_expr(1.5)"#, r#""1.5""#);
    check_both(r#"provider::terraform::encode_expr(-0.25)"#, r#""-0.25""#);
    check_both(r#"provider::terraform::encode_expr(1e30)"#, r#""1000000000000000000000000000000""#);
    check_both(
        r#"provider::terraform::encode_expr(1/3)"#,
        r#""0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335""#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_expr(null)"#,
        r#"Invalid function argument | Invalid value for "value" parameter: argument must not be null."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_expr(null)"#,
        r#"Invalid function argument | Invalid value for "expr" parameter: argument must not be null."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_expr(tostring(null))"#,
        r#"Invalid function argument | Invalid value for "value" parameter: argument must not be null."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_expr(tostring(null))"#,
        r#"Invalid function argument | Invalid value for "expr" parameter: argument must not be null."#,
    );
    check_both(r#"provider::terraform::encode_expr([])"#, r#""[]""#);
    check_both(r#"provider::terraform::encode_expr({})"#, r#""{}""#);
    check_both(r#"provider::terraform::encode_expr(tomap({}))"#, r#""{}""#);
    check_both(r#"provider::terraform::encode_expr(toset(["b", "a"]))"#, r#""[\"a\", \"b\"]""#);
    check_both(
        r#"provider::terraform::encode_expr({a = {b = {c = [1, {d = 2}]}}, long_name = 1, x = {}})"#,
        r#"<<EOT
{
  a = {
    b = {
      c = [1, {
        d = 2
      }]
    }
  }
  long_name = 1
  x         = {}
}
EOT"#,
    );
    check_both(
        r#"provider::terraform::encode_expr([{a = 1}, {b = [2, 3]}])"#,
        r#"<<EOT
[{
  a = 1
  }, {
  b = [2, 3]
}]
EOT"#,
    );
    check_both(
        r#"provider::terraform::encode_expr({a = 1, bb = 2, "c-c" = 3, "d d" = 4})"#,
        r#"<<EOT
{
  a     = 1
  bb    = 2
  c-c   = 3
  "d d" = 4
}
EOT"#,
    );
    check_both(
        r#"provider::terraform::encode_expr(tomap({a = "x", "é" = "y"}))"#,
        r#"<<EOT
{
  a = "x"
  é = "y"
}
EOT"#,
    );
    check_both(r#"provider::terraform::encode_expr(sensitive("x"))"#, r#"(sensitive value)"#);
    check_both(r#"provider::terraform::encode_expr([[[]]])"#, r#""[[[]]]""#);
    check_both(
        r#"provider::terraform::encode_expr({a = [[1, 2], [3]]})"#,
        r#"<<EOT
{
  a = [[1, 2], [3]]
}
EOT"#,
    );
    check_both(
        r#"provider::terraform::encode_tfvars({a = [1, "x"], b = {c = "d\ne"}, e = 1})"#,
        r#"<<EOT
a = [1, "x"]
b = {
  c = "d\ne"
}
e = 1

EOT"#,
    );
    check_both(
        r#"provider::terraform::encode_tfvars({a = 1, bbbb = 2, c = {x = 1}, d = 3, eeeeeee = 4})"#,
        r#"<<EOT
a    = 1
bbbb = 2
c = {
  x = 1
}
d       = 3
eeeeeee = 4

EOT"#,
    );
    check_both(r#"provider::terraform::encode_tfvars({})"#, r#""""#);
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_tfvars(tomap({z = 1, a = 2}))"#,
        r#"<<EOT
a = 2
z = 1

EOT"#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_tfvars(tomap({z = 1, a = 2}))"#,
        r#"Error in function call | Call to function "provider::terraform::encode_tfvars" failed: invalid input: must be an object."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_tfvars({"a b" = 1})"#,
        r#"Error in function call | Call to function "provider::terraform::encode_tfvars" failed: invalid variable name "a b": must be a valid identifier, per Terraform's rules for input variable declarations."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_tfvars({"a b" = 1})"#,
        r#"Error in function call | Call to function "provider::terraform::encode_tfvars" failed: invalid input: object key: a b - must be a valid identifier."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_tfvars([1])"#,
        r#"Error in function call | Call to function "provider::terraform::encode_tfvars" failed: invalid value to encode: must be an object whose attribute names will become the encoded variable names."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_tfvars([1])"#,
        r#"Error in function call | Call to function "provider::terraform::encode_tfvars" failed: invalid input: must be an object."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_tfvars(null)"#,
        r#"Invalid function argument | Invalid value for "value" parameter: argument must not be null."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_tfvars(null)"#,
        r#"Invalid function argument | Invalid value for "input" parameter: argument must not be null."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_tfvars("x")"#,
        r#"Error in function call | Call to function "provider::terraform::encode_tfvars" failed: invalid value to encode: must be an object whose attribute names will become the encoded variable names."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_tfvars("x")"#,
        r#"Error in function call | Call to function "provider::terraform::encode_tfvars" failed: invalid input: must be an object."#,
    );
    check_both(
        r#"provider::terraform::encode_tfvars({a = null})"#,
        r#"<<EOT
a = null

EOT"#,
    );
    check_both(r#"provider::terraform::encode_tfvars({a = sensitive(1)})"#, r#"(sensitive value)"#);
    check_both(
        r#"provider::terraform::decode_tfvars("a = 1\nb = \"x\"\nc = [1, {d = true}]\n")"#,
        r#"{
  "a" = 1
  "b" = "x"
  "c" = [
    1,
    {
      "d" = true
    },
  ]
}"#,
    );
    check_both(r#"provider::terraform::decode_tfvars("")"#, r#"{}"#);
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars("a = var.x")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: invalid expression for variable "a": <decode_tfvars argument>:1,5-8: Variables not allowed; Variables may not be used here.."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars("a = var.x")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: failed to decode tfvars content :0,4-7: Variables not allowed; Variables may not be used here.."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars("a = upper(\"x\")")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: invalid expression for variable "a": <decode_tfvars argument>:1,5-15: Function calls not allowed; Functions may not be called here.."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars("a = upper(\"x\")")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: failed to decode tfvars content :0,4-14: Function calls not allowed; Functions may not be called here.."#,
    );
    check_both(
        r#"provider::terraform::decode_tfvars("a = 1 + 2")"#,
        r#"{
  "a" = 3
}"#,
    );
    check_both(
        r#"provider::terraform::decode_tfvars("a = \"${1}\"")"#,
        r#"{
  "a" = "1"
}"#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars("a {\n}\n")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: invalid tfvars content: <decode_tfvars argument>:1,1-2: Unexpected "a" block; Blocks are not allowed here.."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars("a {\n}\n")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: failed to decode tfvars content :0,0-1: Unexpected "a" block; Blocks are not allowed here.."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars("a = \n")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: invalid tfvars syntax: <decode_tfvars argument>:1,5-2,1: Invalid expression; Expected the start of an expression, but found an invalid expression token.."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars("a = \n")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: failed to decode tfvars content :0,4-1,1: Invalid expression; Expected the start of an expression, but found an invalid expression token.."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars("a = 1\na = 2\n")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: invalid tfvars syntax: <decode_tfvars argument>:2,1-2: Attribute redefined; The argument "a" was already set at <decode_tfvars argument>:1,1-2. Each argument may be set only once.."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars("a = 1\na = 2\n")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: failed to decode tfvars content :1,1-2: Attribute redefined; The argument "a" was already set at :0,0-1. Each argument may be set only once.."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars(null)"#,
        r#"Invalid function argument | Invalid value for "src" parameter: argument must not be null."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars(null)"#,
        r#"Invalid function argument | Invalid value for "content" parameter: argument must not be null."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars(1)"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: invalid tfvars syntax: <decode_tfvars argument>:1,1-2: Argument or block definition required; An argument or block definition is required here.."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars(1)"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: failed to decode tfvars content :0,0-1: Argument or block definition required; An argument or block definition is required here.."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars("a = x")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: invalid expression for variable "a": <decode_tfvars argument>:1,5-6: Variables not allowed; Variables may not be used here.."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars("a = x")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: failed to decode tfvars content :0,4-5: Variables not allowed; Variables may not be used here.."#,
    );
    check_both(
        r#"provider::terraform::encode_tfvars({a = 1}, 2)"#,
        r#"Too many function arguments | Function "provider::terraform::encode_tfvars" expects only 1 argument(s)."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::nope(1)"#,
        r#"Unknown provider function | The function "nope" is not available from the provider "terraform"."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::nope(1)"#,
        r#"Function not found in provider | Function "provider::terraform::nope" was not registered by provider"#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_expr()"#,
        r#"Not enough function arguments | Function "provider::terraform::encode_expr" expects 1 argument(s). Missing value for "value"."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_expr()"#,
        r#"Not enough function arguments | Function "provider::terraform::encode_expr" expects 1 argument(s). Missing value for "expr"."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::decode_tfvars("a = var.x\nb = 1\nc {\n}")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: invalid tfvars content: <decode_tfvars argument>:3,1-2: Unexpected "c" block; Blocks are not allowed here.."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::decode_tfvars("a = var.x\nb = 1\nc {\n}")"#,
        r#"Error in function call | Call to function "provider::terraform::decode_tfvars" failed: failed to decode tfvars content :2,1-2: Unexpected "c" block; Blocks are not allowed here.."#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::nope(1)"#,
        r#"Unknown provider function | The function "nope" is not available from the provider "terraform"."#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::nope(1)"#,
        r#"Function not found in provider | Function "provider::terraform::nope" was not registered by provider"#,
    );
    check(
        Profile::Terraform,
        r#"provider::terraform::encode_tfvars(tomap({z = 1, a = 2}))"#,
        r#"<<EOT
a = 2
z = 1

EOT"#,
    );
    check(
        Profile::OpenTofu,
        r#"provider::terraform::encode_tfvars(tomap({z = 1, a = 2}))"#,
        r#"Error in function call | Call to function "provider::terraform::encode_tfvars" failed: invalid input: must be an object."#,
    );
    check_both(
        r#"provider::terraform::decode_tfvars("x = [1, 2]\ny = {a = \"b\"}\n")"#,
        r#"{
  "x" = [
    1,
    2,
  ]
  "y" = {
    "a" = "b"
  }
}"#,
    );
    check_both(
        r#"provider::terraform::encode_tfvars({a = 1, bbbb = [1, {c = 2}], d = "x"})"#,
        r#"<<EOT
a = 1
bbbb = [1, {
  c = 2
}]
d = "x"

EOT"#,
    );
}
