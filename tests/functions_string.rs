//! One-line table tests for `format`, `formatlist`, `indent`, `regex`,
//! `regexall`, `replace`, `templatestring`, `trim`, `log`, `pow` and
//! `parseint`. Expected values and errors are the oracle's
//! (`shared/oracle`: value JSON and type, or the first error); the oracle
//! has no `templatestring`, whose cases follow the documented examples
//! (`function_examples.jsonl`) and OpenTofu's messages.

mod common;

use hcl_playground::{evaluate_console, parse_variables};

const VARS: &str = r#"{"us": {"__unknown__": "string"}, "ud": {"__unknown__": "dynamic"}, "ul": {"__unknown__": "list(string)"},
  "un": {"__unknown__": "number"}, "nul": null}"#;

table!(VARS);

/// `src` prints this in the console.
#[track_caller]
fn console(src: &str, want: &str) {
    let vars = parse_variables(VARS).expect("valid variables");
    match evaluate_console(src, &vars, &common::legacy()) {
        Ok(got) => assert_eq!(got.console, want, "{src}"),
        Err(d) => panic!("{src}: unexpected error {}", d[0]),
    }
}

#[test]
fn format_verbs() {
    ok_json(r#"format("Hello, %s!", "Ander")"#, r#""Hello, Ander!""#, r"string");
    ok_json(r#"format("There are %d lights", 4)"#, r#""There are 4 lights""#, r"string");
    ok_json(r#"format("%v", 10000000)"#, r#""1e+07""#, r"string");
    ok_json(r#"format("%v|%v|%v", 1.5, 1234567, 0.00001)"#, r#""1.5|1.234567e+06|1e-05""#, r"string");
    ok_json(
        r#"format("%v", 1/3)"#,
        r#""0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335""#,
        r"string",
    );
    ok_json(r#"format("%v %v %v", true, null, "s")"#, r#""true null s""#, r"string");
    ok_json(r#"format("%#v", "a<b")"#, r#""\"a\\u003cb\"""#, r"string");
    ok_json(r#"format("%#v %#v", 1, [true])"#, r#""1 [true]""#, r"string");
    ok_json(r#"format("%v", {a = 1, b = [null]})"#, r#""{\"a\":1,\"b\":[null]}""#, r"string");
    ok_json(r#"format("%5v|%-5v|%05v|%-05v|", "ab", "ab", "ab", "ab")"#, r#""   ab|ab   |000ab|ab000|""#, r"string");
    ok_json(r#"format("%t %t", true, "1")"#, r#""true true""#, r"string");
    ok_json(r#"format("%s %s %s", 12, true, 1e30)"#, r#""12 true 1000000000000000000000000000000""#, r"string");
    ok_json(r#"format("%q", "a\"b\n<")"#, r#""\"a\\\"b\\n\\u003c\"""#, r"string");
    ok_json(r#"format("%.2s|%8.2s|%.0s", "hello", "hello", "hello")"#, r#""he|      he|hello""#, r"string");
    ok_json(r#"format("%-8s|%5s|%.1s|", "héllo", "👍🏽x", "👍🏽x")"#, r#""héllo   |   👍🏽x|👍🏽|""#, r"string");
    ok_json(r#"format("%[2]s %[1]s %s", "a", "b")"#, r#""b a b""#, r"string");
    ok_json(r#"format("%[1]s%[2]s%[1]s%[3]s", "/", "path", "file.tf")"#, r#""/path/file.tf""#, r"string");
    ok_json(r#"format("%5[1]d|%.2[2]f", 42, 3.14159)"#, r#""   42|3.14""#, r"string");
    ok_json(r#"format("100%%")"#, r#""100%""#, r"string");
}

#[test]
fn format_numbers() {
    ok_json(r#"format("%d %d %d", 42, "42", "1.0")"#, r#""42 42 1""#, r"string");
    ok_json(r#"format("%5d|%-5d|%05d|%+d|% d", 42, 42, 42, 42, 42)"#, r#""   42|42   |00042|+42| 42""#, r"string");
    ok_json(r#"format("%.3d|%8.3d|%08.3d|%.0d|", 7, 7, 7, 0)"#, r#""007|     007|     007||""#, r"string");
    ok_json(r#"format("%b %o %x %X", 255, 255, 255, 255)"#, r#""11111111 377 ff FF""#, r"string");
    ok_json(r#"format("%#b %#o %#x %#X", 255, 255, 255, 255)"#, r#""0b11111111 0377 0xff 0XFF""#, r"string");
    ok_json(r#"format("%x %d", -255, 123456789012345678901234567890)"#, r#""-ff 123456789012345678901234567890""#, r"string");
    ok_json(
        r#"format("%e %E %.2e %.0e", 1234.5678, 1234.5678, 1234.5678, 25)"#,
        r#""1.234568e+03 1.234568E+03 1.23e+03 2e+01""#,
        r"string",
    );
    ok_json(r#"format("%f %.2f %.1f %.0f %.0f", 1234.5678, 1.005, 0.25, 2.5, 3.5)"#, r#""1234.567800 1.00 0.2 2 4""#, r"string");
    ok_json(r#"format("%5.1f%%", 99.55)"#, r#"" 99.6%""#, r"string");
    ok_json(
        r#"format("%g %g %G %.3g %.10g", 1234.5678, 10000000, 0.000001234, 1234.5678, 1/3)"#,
        r#""1234.5678 1e+07 1.234E-06 1.23e+03 0.3333333333""#,
        r"string",
    );
    ok_json(
        r#"format("%10.2f|%-10.2f|%010.2f|%+.2f|% .2f", 3.14159, 3.14159, -3.14159, 3.14159, 3.14159)"#,
        r#""      3.14|3.14      |-000003.14|+3.14| 3.14""#,
        r"string",
    );
    ok_json(r#"format("%f %010f % f", 1/0, -1/0, 1/0)"#, r#""+Inf       -Inf  Inf""#, r"string");
    ok_json(r#"format("%f %e %d", 0 * -1, 0 * -1, 0 * -1)"#, r#""-0.000000 -0.000000e+00 0""#, r"string");
    ok_json(r#"format("%.30f", 0.1)"#, r#""0.100000000000000000000000000000""#, r"string");
    ok_json(r#"format("%f", "1.5")"#, r#""1.500000""#, r"string");
}

#[test]
fn format_errors() {
    err(
        r#"format("%d", 1.5)"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%d" at 0: an integer is required."#,
    );
    err(
        r#"format("%x", 1/0)"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%x" at 0: an integer is required."#,
    );
    err(
        r#"format("%d", "abc")"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%d" at 0: a number is required."#,
    );
    err(
        r#"format("%d", true)"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%d" at 0: number required."#,
    );
    err(
        r#"format("%f", true)"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%f" at 0: number required."#,
    );
    err(
        r#"format("%t", 1)"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%t" at 0: bool required."#,
    );
    err(
        r#"format("%t", "yes")"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%t" at 0: a bool is required."#,
    );
    err(
        r#"format("%s", [1])"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%s" at 0: string required."#,
    );
    err(
        r#"format("%v", [1/0])"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%v" at 0: cannot serialize infinity as JSON."#,
    );
    err(
        r#"format("%s", null)"#,
        r#"Error in function call: Call to function "format" failed: unsupported value for "%s" at 0: null value cannot be formatted."#,
    );
    err(
        r#"format("%z", 1)"#,
        r#"Error in function call: Call to function "format" failed: unsupported format verb 'z' in "%z" at offset 0."#,
    );
    err(
        r#"format("%é", 1)"#,
        r#"Error in function call: Call to function "format" failed: unrecognized format character 'é' at offset 1."#,
    );
    err(r#"format("%", 1)"#, r#"Error in function call: Call to function "format" failed: invalid format string starting at offset 1."#);
    err(r#"format("abc%")"#, r#"Error in function call: Call to function "format" failed: invalid format string starting at offset 4."#);
    err(
        r#"format("%[0]v", 1)"#,
        r#"Error in function call: Call to function "format" failed: unrecognized format character '0' at offset 2."#,
    );
    err(
        r#"format("%[1]5d", 42)"#,
        r#"Error in function call: Call to function "format" failed: unrecognized format character '5' at offset 4."#,
    );
    err(
        r#"format("%[3]s", "a", "b")"#,
        r#"Error in function call: Call to function "format" failed: not enough arguments for "%[3]s" at 0: need index 3 but have 2 total."#,
    );
    err(
        r#"format("%s %s", "a")"#,
        r#"Error in function call: Call to function "format" failed: not enough arguments for "%s" at 3: need index 2 but have 1 total."#,
    );
    err(
        r#"format("%s", "a", "b")"#,
        r#"Invalid function argument: Invalid value for "args" parameter: too many arguments; only 1 used by format string."#,
    );
    err(
        r#"format("hello", "a")"#,
        r#"Invalid function argument: Invalid value for "args" parameter: too many arguments; no verbs in format string."#,
    );
    err(r"format(null, 1)", r#"Invalid function argument: Invalid value for "format" parameter: argument must not be null."#);
}

#[test]
fn formatlist() {
    ok_json(
        r#"formatlist("Hello, %s!", ["Valentina", "Ander", "Olivia", "Sam"])"#,
        r#"["Hello, Valentina!","Hello, Ander!","Hello, Olivia!","Hello, Sam!"]"#,
        r"list(string)",
    );
    ok_json(
        r#"formatlist("%s, %s!", "Salutations", ["Valentina", "Ander"])"#,
        r#"["Salutations, Valentina!","Salutations, Ander!"]"#,
        r"list(string)",
    );
    ok_json(r#"formatlist("%s=%d", ["a", "b"], [1, 2])"#, r#"["a=1","b=2"]"#, r"list(string)");
    ok_json(r#"formatlist("%s", toset(["b", "a"]))"#, r#"["a","b"]"#, r"list(string)");
    ok_json(r#"formatlist("%s", [])"#, r"[]", r"list(string)");
    ok_json(r#"formatlist("%s %s", [], "x")"#, r"[]", r"list(string)");
    ok_json(r#"formatlist("x")"#, r#"["x"]"#, r"list(string)");
    ok_json(r#"formatlist("%v", null)"#, r#"["null"]"#, r"list(string)");
    ok_json(r#"formatlist("%v", [null, [1]])"#, r#"["null","[1]"]"#, r"list(string)");
    err(
        r#"formatlist("%s %s", ["a"], ["b", "c"])"#,
        r#"Invalid function argument: Invalid value for "args" parameter: argument 2 has length 2, which is inconsistent with argument 1 of length 1."#,
    );
    err(
        r#"formatlist("%d", [1, 2.5])"#,
        r#"Error in function call: Call to function "formatlist" failed: error on format iteration 1: unsupported value for "%d" at 0: an integer is required."#,
    );
    err(
        r#"formatlist("%s", "a", "b")"#,
        r#"Error in function call: Call to function "formatlist" failed: error on format iteration 0: too many arguments; only 1 used by format string."#,
    );
    err(
        r#"formatlist("%s")"#,
        r#"Error in function call: Call to function "formatlist" failed: not enough arguments for "%s" at 0: need index 1 but have 0 total."#,
    );
}

#[test]
fn indent_trim() {
    ok_json(r#"indent(2, "hello\nworld\n")"#, r#""hello\n  world\n  ""#, r"string");
    ok_json(r#"indent(0, "a\nb")"#, r#""a\nb""#, r"string");
    ok_json(r#"indent(3, "")"#, r#""""#, r"string");
    ok_json(r#"indent("2", "a\nb")"#, r#""a\n  b""#, r"string");
    err(
        r#"indent(1.5, "a\nb")"#,
        r#"Error in function call: Call to function "indent" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."#,
    );
    err_prefix(
        r#"indent(-1, "a")"#,
        r#"Error in function call: Call to function "indent" failed: panic in function implementation: strings: negative Repeat count"#,
    );
    ok_json(r#"trim("?!hello?!", "!?")"#, r#""hello""#, r"string");
    ok_json(r#"trim("foobar", "far")"#, r#""oob""#, r"string");
    ok_json(r#"trim("   hello! world.!  ", "! ")"#, r#""hello! world.""#, r"string");
    ok_json(r#"trim("héé", "é")"#, r#""h""#, r"string");
    ok_json(r#"trim("abc", "")"#, r#""abc""#, r"string");
}

#[test]
fn regex() {
    ok_json(r#"regex("[a-z]+", "53453453.345345aaabbbccc23454")"#, r#""aaabbbccc""#, r"string");
    ok_json(r#"regex("(\\d\\d\\d\\d)-(\\d\\d)-(\\d\\d)", "2019-02-01")"#, r#"["2019","02","01"]"#, r"tuple([string, string, string])");
    ok_json(
        r#"regex("^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?", "https://terraform.io/docs/")"#,
        r#"{"authority":"terraform.io","scheme":"https"}"#,
        r"object({authority: string, scheme: string})",
    );
    ok_json(r#"regex("(a)|(b)", "b")"#, r#"[null,"b"]"#, r"tuple([string, string])");
    ok_json(r#"regex("(?P<x>a)|(?P<y>b)", "b")"#, r#"{"x":null,"y":"b"}"#, r"object({x: string, y: string})");
    ok_json(r#"regex("(?P<n>a)(?P<n>b)", "ab")"#, r#"{"n":"b"}"#, r"object({n: string})");
    ok_json(r#"regex("a(b)?c", "ac")"#, r"[null]", r"tuple([string])");
    ok_json(r#"regex("\\d+", "٣٤5")"#, r#""5""#, r"string");
    ok_json(r#"regex("\\w+", "héllo")"#, r#""h""#, r"string");
    ok_json(r#"regex("\\s+\\S+", "a\u00a0b \u00a0c")"#, r#""  c""#, r"string");
    ok_json(r#"regex("\\bé", "xé")"#, r#""é""#, r"string");
    ok_json(r#"regex("[[:alpha:]]+", "héllo")"#, r#""h""#, r"string");
    ok_json(r#"regex("\\pL+", "héllo1")"#, r#""héllo""#, r"string");
    ok_json(r#"regex("(?i)HELLO", "hello")"#, r#""hello""#, r"string");
    ok_json(r#"regex("(?i)k", "\u212a")"#, r#""K""#, r"string");
    ok_json(r#"regex("(?U)a+", "aaa")"#, r#""a""#, r"string");
    ok_json(r#"regex("(?m)^b", "a\nb")"#, r#""b""#, r"string");
    ok_json(r#"regex("\\Qa.b\\E+", "a.bb")"#, r#""a.bb""#, r"string");
    ok_json(r#"regex("\\x{41}\\101", "AA")"#, r#""AA""#, r"string");
    ok_json(r#"regex("x*", "abc")"#, r#""""#, r"string");
    err(
        r#"regex("x", "abc")"#,
        r#"Error in function call: Call to function "regex" failed: pattern did not match any part of the given string."#,
    );
    err(
        r#"regex("(a)(?P<x>b)", "ab")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: cannot mix both named and unnamed capture groups."#,
    );
    err(
        r#"regex("(", "abc")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: missing closing ) in (."#,
    );
    err(
        r#"regex("[a", "abc")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: missing closing ] in [a."#,
    );
    err(
        r#"regex("a**", "abc")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid nested repetition operator in **."#,
    );
    err(
        r#"regex("x{2}{3}", "x")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid nested repetition operator in {2}{3}."#,
    );
    err(
        r#"regex("a{1001}", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid repeat count in {1001}."#,
    );
    err(
        r#"regex("(a{10}){101}", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid repeat count in {101}."#,
    );
    err(
        r#"regex("\\8", "abc")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid escape sequence in \8."#,
    );
    err(
        r#"regex("\\C", "abc")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid escape sequence in \C."#,
    );
    err(
        r#"regex("\\Z", "abc")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid escape sequence in \Z."#,
    );
    err(
        r#"regex("(?<n>a)", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid or unsupported Perl syntax in (?<."#,
    );
    err(
        r#"regex("(?P<>a)", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid named capture in (?P<>."#,
    );
    err(
        r#"regex("a)", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: unexpected ) in a)."#,
    );
    err(
        r#"regex("\\", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: trailing backslash at end of expression in ."#,
    );
    err(
        r#"regex("[z-a]", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in z-a."#,
    );
    err(
        r#"regex("[[:foo:]]", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in [:foo:]."#,
    );
    err(
        r#"regex("\\p{Foo}", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: invalid character class range in \p{Foo}."#,
    );
    err(
        r#"regex("*", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: missing argument to repetition operator in *."#,
    );
    err(
        r#"regex("a|*", "a")"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: missing argument to repetition operator in *."#,
    );
    ok_json(r#"regex(us, "a")"#, r#"{"__unknown__":"dynamic"}"#, r"dynamic");
    ok_json(r#"regex("(a)", us)"#, r#"{"__unknown__":"tuple([string])"}"#, r"tuple([string])");
    ok_json(r#"regex("(?P<x>a)", us)"#, r#"{"__unknown__":"object({x: string})"}"#, r"object({x: string})");
    err(
        r#"regex("(", us)"#,
        r#"Invalid function argument: Invalid value for "pattern" parameter: invalid regexp pattern: missing closing ) in (."#,
    );
    err(r#"regex("a", nul)"#, r#"Invalid function argument: Invalid value for "string" parameter: argument must not be null."#);
}

#[test]
fn regexall() {
    ok_json(r#"regexall("[a-z]+", "1234abcd5678efgh9")"#, r#"["abcd","efgh"]"#, r"list(string)");
    ok_json(r#"regexall("[a-z]+", "123")"#, r"[]", r"list(string)");
    ok_json(r#"regexall("(\\d)(\\w)", "1a2b")"#, r#"[["1","a"],["2","b"]]"#, r"list(tuple([string, string]))");
    ok_json(r#"regexall("(?P<d>\\d)", "1a2b")"#, r#"[{"d":"1"},{"d":"2"}]"#, r"list(object({d: string}))");
    ok_json(r#"regexall("(a)|b", "ab")"#, r#"[["a"],[null]]"#, r"list(tuple([string]))");
    ok_json(r#"regexall("x*", "abc")"#, r#"["","","",""]"#, r"list(string)");
    ok_json(r#"regexall("a*", "baaac")"#, r#"["","aaa",""]"#, r"list(string)");
    ok_json(r#"regexall("", "héllo")"#, r#"["","","","","",""]"#, r"list(string)");
    ok_json(r#"regexall("\\b", "ab cd")"#, r#"["","","",""]"#, r"list(string)");
    ok_json(r#"length(regexall("[a-z]+", "1234abcd5678efgh9"))"#, r"2", r"number");
    ok_json(r#"regexall(us, "a")"#, r#"{"__unknown__":"list(dynamic)"}"#, r"list(dynamic)");
    ok_json(r#"regexall("(a)", us)"#, r#"{"__unknown__":"list(tuple([string]))"}"#, r"list(tuple([string]))");
}

#[test]
fn replace() {
    ok_json(r#"replace("1 + 2 + 3", "+", "-")"#, r#""1 - 2 - 3""#, r"string");
    ok_json(r#"replace("hello world", "/w.*d/", "everybody")"#, r#""hello everybody""#, r"string");
    ok_json(r#"replace("abc", "", "-")"#, r#""-a-b-c-""#, r"string");
    ok_json(r#"replace("héllo", "", "-")"#, r#""-h-é-l-l-o-""#, r"string");
    ok_json(r#"replace("abc", "/", "x")"#, r#""abc""#, r"string");
    ok_json(r#"replace("a/b", "//", "x")"#, r#""xax/xbx""#, r"string");
    ok_json(r#"replace("aaa", "/a*/", "x")"#, r#""x""#, r"string");
    ok_json(r#"replace("baaac", "/a*/", "x")"#, r#""xbxcx""#, r"string");
    ok_json(r#"replace("abc", "/x*/", "-")"#, r#""-a-b-c-""#, r"string");
    ok_json(r#"replace("2019-02-01", "/(\\d+)-(\\d+)-(\\d+)/", "$3/$2/$1")"#, r#""01/02/2019""#, r"string");
    ok_json(
        r#"replace("2019-02-01", "/(?P<y>\\d+)-(\\d+)-(\\d+)/", "$${y}x$2$$ $9 $x $${y $1a $${1}a")"#,
        r#""2019x02$   ${y  2019a""#,
        r"string",
    );
    ok_json(r#"replace("abc", "/(b)/", "$01 $1 $")"#, r#""a b $c""#, r"string");
    ok_json(r#"replace("abc", "/\\w/", "[$0]")"#, r#""[a][b][c]""#, r"string");
    err(
        r#"replace("abc", "/(/", "x")"#,
        r#"Error in function call: Call to function "replace" failed: error parsing regexp: missing closing ): `(`."#,
    );
    ok_json(r#"replace(us, "a", "b")"#, r#"{"__unknown__":"string"}"#, r"string");
}

#[test]
fn numeric() {
    ok_json(r"log(50, 10)", r"1.6989700043360185", r"number");
    ok_json(r"log(16, 2)", r"4", r"number");
    ok_json(r"log(1000, 10)", r"2.9999999999999996", r"number");
    ok_json(r"log(0, 10)", r#"{"__number__":"-Inf"}"#, r"number");
    ok_json(r"log(10, 1)", r#"{"__number__":"+Inf"}"#, r"number");
    ok_json(r"log(1/0, 10)", r#"{"__number__":"+Inf"}"#, r"number");
    err(r"log(-1, 10)", r#"Error in function call: Call to function "log" failed: result is not a number."#);
    err(
        r"log(1e400, 10)",
        r#"Error in function call: Call to function "log" failed: value must be between -179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 and 179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000 inclusive."#,
    );
    ok_json(r"pow(3, 2)", r"9", r"number");
    ok_json(r"pow(4, 0)", r"1", r"number");
    ok_json(r"pow(2, 0.5)", r"1.4142135623730951", r"number");
    ok_json(r"pow(1.1, 2)", r"1.2100000000000002", r"number");
    ok_json(r"pow(2, 100)", r"1267650600228229400000000000000", r"number");
    ok_json(
        r"pow(10, 308)",
        r"100000000000000060000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        r"number",
    );
    ok_json(r"pow(10, 309)", r#"{"__number__":"+Inf"}"#, r"number");
    ok_json(
        r"pow(2, -1074)",
        r"0.000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000004940656458412465",
        r"number",
    );
    err(r"pow(-8, 1/3)", r#"Error in function call: Call to function "pow" failed: result is not a number."#);
    ok_json(r"pow(0, -1)", r#"{"__number__":"+Inf"}"#, r"number");
    err(r"pow(null, 2)", r#"Invalid function argument: Invalid value for "num" parameter: argument must not be null."#);
    ok_json(r"log(un, 10)", r#"{"__unknown__":"number"}"#, r"number");
    ok_json(r#"parseint("100", 10)"#, r"100", r"number");
    ok_json(r#"parseint("FF", 16)"#, r"255", r"number");
    ok_json(r#"parseint("-10", 16)"#, r"-16", r"number");
    ok_json(r#"parseint("1011111011101111", 2)"#, r"48879", r"number");
    ok_json(r#"parseint("aA", 62)"#, r"656", r"number");
    ok_json(r#"parseint("zz", 36)"#, r"1295", r"number");
    ok_json(r#"parseint("ZZ", 36)"#, r"1295", r"number");
    ok_json(r#"parseint("+5", 10)"#, r"5", r"number");
    ok_json(r#"parseint("123456789012345678901234567890", 10)"#, r"123456789012345678901234567890", r"number");
    ok_json(r#"parseint("ffffffffffffffffffff", 16)"#, r"1208925819614629174706175", r"number");
    err(
        r#"parseint("12", 2)"#,
        r#"Invalid function argument: Invalid value for "number" parameter: cannot parse "12" as a base 2 integer."#,
    );
    err(
        r#"parseint("0x10", 16)"#,
        r#"Invalid function argument: Invalid value for "number" parameter: cannot parse "0x10" as a base 16 integer."#,
    );
    err(
        r#"parseint("1_000", 10)"#,
        r#"Invalid function argument: Invalid value for "number" parameter: cannot parse "1_000" as a base 10 integer."#,
    );
    err(r#"parseint("", 10)"#, r#"Invalid function argument: Invalid value for "number" parameter: cannot parse "" as a base 10 integer."#);
    err(
        r#"parseint("10", 1)"#,
        r#"Invalid function argument: Invalid value for "base" parameter: base must be a whole number between 2 and 62 inclusive."#,
    );
    err(
        r#"parseint("10", 63)"#,
        r#"Invalid function argument: Invalid value for "base" parameter: base must be a whole number between 2 and 62 inclusive."#,
    );
    err(
        r#"parseint("10", 2.5)"#,
        r#"Invalid function argument: Invalid value for "base" parameter: value must be a whole number, between -9223372036854775808 and 9223372036854775807."#,
    );
    err(
        r"parseint(10, 10)",
        r#"Invalid function argument: Invalid value for "number" parameter: first argument must be a string, not number."#,
    );
    err(
        r"parseint(true, 10)",
        r#"Invalid function argument: Invalid value for "number" parameter: first argument must be a string, not bool."#,
    );
    ok_json(r"parseint(us, 10)", r#"{"__unknown__":"number"}"#, r"number");
    ok_json(r"parseint(ud, 10)", r#"{"__unknown__":"dynamic"}"#, r"dynamic");
    err(
        r"parseint(un, 10)",
        r#"Invalid function argument: Invalid value for "number" parameter: first argument must be a string, not number."#,
    );
    err(r"parseint(nul, 10)", r#"Invalid function argument: Invalid value for "number" parameter: argument must not be null."#);
}

#[test]
fn existing_string_functions() {
    ok_json(r#"chomp("a\r\n\r\n")"#, r#""a""#, r"string");
    ok_json(r#"chomp("a\r")"#, r#""a""#, r"string");
    ok_json(r#"chomp("a\n\rb\r\r")"#, r#""a\n\rb""#, r"string");
    ok_json(r#"lower("İSTANBUL")"#, r#""istanbul""#, r"string");
    ok_json(r#"upper("straße ᾳ ǆ")"#, r#""STRAßE ᾼ Ǆ""#, r"string");
    ok_json(r#"upper("ƛ ɤ ⱟ")"#, r#""ƛ ɤ ⱟ""#, r"string");
    ok_json(r#"title("ǆemal ǉubljana hello_world o'neil")"#, r#""ǅemal ǈubljana Hello_world O'Neil""#, r"string");
    ok_json(r#"substr("hello world", -5, 0)"#, r#""world""#, r"string");
    ok_json(r#"substr("hello world", 1, 0)"#, r#""""#, r"string");
    ok_json(r#"substr("hello world", -20, 3)"#, r#""hel""#, r"string");
    ok_json(r#"substr("hello", 10, 2)"#, r#""""#, r"string");
    ok_json(r#"substr("👍🏽e\u0301x", 1, 1)"#, r#""é""#, r"string");
}

#[test]
fn unknowns() {
    ok_json(r#"format("%v", ud)"#, r#"{"__unknown__":"dynamic"}"#, r"dynamic");
    ok_json(r#"format("%v", us)"#, r#"{"__unknown__":"string"}"#, r"string");
    ok_json(r#"format("%v", [us])"#, r#"{"__unknown__":"string"}"#, r"string");
    ok_json(r"format(us, 1)", r#"{"__unknown__":"string"}"#, r"string");
    ok_json(r#"format("%z", us)"#, r#"{"__unknown__":"string"}"#, r"string");
    ok_json(r#"format("%v", nul)"#, r#""null""#, r"string");
    ok_json(r#"formatlist("%v", ud)"#, r#"{"__unknown__":"dynamic"}"#, r"dynamic");
    ok_json(r#"formatlist("%v", ul)"#, r#"{"__unknown__":"list(string)"}"#, r"list(string)");
    ok_json(r#"formatlist("%v", [us, "a"])"#, r#"[{"__unknown__":"string"},"a"]"#, r"list(string)");
    ok_json(r#"formatlist("%v %v", [1, 2], us)"#, r#"[{"__unknown__":"string"},{"__unknown__":"string"}]"#, r"list(string)");
    ok_json(r#"formatlist("%v %v", [1, 2], [us, "x"])"#, r#"[{"__unknown__":"string"},"2 x"]"#, r"list(string)");
    ok_json(r#"formatlist("%v", toset([us, "x"]))"#, r#"{"__unknown__":"list(string)"}"#, r"list(string)");
    ok_json(r#"formatlist(us, ["a"])"#, r#"{"__unknown__":"list(string)"}"#, r"list(string)");
    ok_json(r#"indent(un, "a")"#, r#"{"__unknown__":"string"}"#, r"string");
    ok_json(r#"trim(us, "a")"#, r#"{"__unknown__":"string"}"#, r"string");
}

#[test]
fn templatestring() {
    console(r#"templatestring("Hello, Jodie!", {})"#, r#""Hello, Jodie!""#);
    console(r#"templatestring("Hello, $${name}!", { name = "Alice" })"#, r#""Hello, Alice!""#);
    console(
        r#"templatestring("List Items: $${join(\", \", list)}", { list=["value1","value2","value3"] })"#,
        r#""List Items: value1, value2, value3""#,
    );
    console(
        r#"templatestring("%%{ for key, value in list ~}  $${key}:$${value} %%{ endfor ~}", { list={key1="value1", key2="value2", key3="value3"} })"#,
        r#""key1:value1 key2:value2 key3:value3 ""#,
    );
    console(r#"templatestring("$${x}", { x = [1, 2] })"#, "[\n  1,\n  2,\n]");
    console(r#"templatestring("$${upper(x)}", tomap({ x = "a" }))"#, r#""A""#);
    console(r#"templatestring("$${b}", { a = sensitive("x"), b = "y" })"#, r#""y""#);
    console(r#"templatestring("$${a}", { a = sensitive("x") })"#, "(sensitive value)");
    console(r#"templatestring(us, {})"#, "(known after apply)");
    err(
        r#"templatestring("$${x} and $${y}", { x = 1 })"#,
        r#"Invalid function argument: Invalid value for "vars" parameter: vars map does not contain key "y"."#,
    );
    err(
        r#"templatestring("hi", "x")"#,
        r#"Invalid function argument: Invalid value for "vars" parameter: invalid vars value: must be a map."#,
    );
    err_prefix(
        r#"templatestring("hi", { "a b" = 1 })"#,
        r#"Invalid function argument: Invalid value for "vars" parameter: invalid template variable name "a b""#,
    );
    err_prefix(
        r#"templatestring("$${", {})"#,
        r#"Error in function call: Call to function "templatestring" failed: <templatestring argument>:1,3"#,
    );
    err_prefix(
        r#"templatestring("$${templatestring(\"q\", {})}", {})"#,
        r#"Error in function call: Call to function "templatestring" failed: <templatestring argument>:1,3-18: Error in function call; Call to function "templatestring" failed: cannot recursively call templatestring"#,
    );
}
