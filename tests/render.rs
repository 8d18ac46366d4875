//! The three renderings: `terraform console` format (rules in
//! `shared/reference/console_format.md`), type strings, and JSON in the
//! conformance schema.

use hcl_playground::Profile;
use hcl_playground::{evaluate, parse_variables, present, Options};

fn eval(src: &str) -> hcl_playground::Value {
    let vars = parse_variables(r#"{"u": {"__unknown__": "number"}}"#).unwrap();
    evaluate(src, &vars, &Options::default()).unwrap_or_else(|d| panic!("{src}: {}", d[0]))
}

#[track_caller]
fn console(src: &str, want: &str) {
    assert_eq!(present::console(&eval(src), Profile::default()), want, "{src}");
}

#[test]
fn console_scalars_and_nulls() {
    console("\"tab\\there \\\"q\\\" \\\\\"", r#""tab\there \"q\" \\""#);
    console("\"\\u00a0\\u200b☃\"", r#""\u00a0\u200b☃""#);
    console("null", "null");
    console("tostring(null)", "tostring(null)");
    console("tonumber(null)", "tonumber(null)");
    console("tobool(null)", "tobool(null)");
    console("tolist(null)", "tolist(null) /* of dynamic */");
    console("true ? null : [\"a\"]", "null /* tuple */");
    console("true ? null : {a = 1}", "null /* object */");
    console("1e3", "1000");
    console("-1/0", "-Inf");
    console("u", "(known after apply)");
}

#[test]
fn console_collections() {
    console("[]", "[]");
    console("tolist([])", "tolist([])");
    console("toset([])", "toset([])");
    console("tomap({})", "tomap({})");
    console("{}", "{}");
    console("[1, [2], {a = u}]", "[\n  1,\n  [\n    2,\n  ],\n  {\n    \"a\" = (known after apply)\n  },\n]");
    console("tomap({b = [true], a = []})", "tomap({\n  \"a\" = tolist([])\n  \"b\" = tolist([\n    true,\n  ])\n})");
    console("toset([3, 1, 2])", "toset([\n  1,\n  2,\n  3,\n])");
    console("{\"a b\" = 1}", "{\n  \"a b\" = 1\n}");
}

#[test]
fn console_heredocs() {
    console("\"a\\nb\\n\"", "<<EOT\na\nb\n\nEOT");
    console("\"EOT\\nx\"", "<<EOT_\nEOT\nx\nEOT_");
    console("{foo = \"boop\\nbeep\"}", "{\n  \"foo\" = <<-EOT\n  boop\n  beep\n  EOT\n}");
    console("[\"x\\ny\"]", "[\n  <<-EOT\n  x\n  y\n  EOT,\n]");
}

#[test]
fn type_strings() {
    let ty = |src: &str| eval(src).ty().to_string();
    assert_eq!(ty("[1, \"a\"]"), "tuple([number, string])");
    assert_eq!(ty("{b = true, \"a b\" = [], c-d = null}"), "object({\"a b\": tuple([]), b: bool, c-d: dynamic})");
    assert_eq!(ty("tolist([[1]])"), "list(tuple([number]))");
    assert_eq!(ty("tomap({a = toset([\"x\"])})"), "map(set(string))");
    assert_eq!(
        present::console_type(&eval("[{a = 1, b = {c = \"x\"}}]").ty()),
        "tuple([\n    object({\n        a: number,\n        b: object({\n            c: string,\n        }),\n    }),\n])"
    );
    assert_eq!(present::console_type(&eval("tolist([{a = 1}])").ty()), "list(\n    object({\n        a: number,\n    }),\n)");
}

#[test]
fn json_markers() {
    let json = |src: &str| present::to_json(&eval(src));
    assert_eq!(json("[u, 1/0, -1/0, 0 * -1]"), r#"[{"__unknown__":"number"},{"__number__":"+Inf"},{"__number__":"-Inf"},-0]"#);
    assert_eq!(json("{b = 1, a = \"\\u2028<\"}"), "{\"a\":\"\\u2028<\",\"b\":1}");
}
