//! One-line table tests for the encoding and hash/crypto functions:
//! expression → console rendering and type, or expression → error detail.
//! Expected values come from the oracle (`shared/oracle`: jsondecode,
//! csvdecode, base64decode, base64encode), from `function_examples.jsonl`
//! (`console_expected`), or from the Go libraries Terraform calls
//! (go-cty-yaml v1.2.0, net/url, x/text, compress/gzip) where the oracle
//! lacks the function. `base64gzip` writes Go's bytes (checked against
//! Go's compress/gzip); `uuid` and `bcrypt` by shape.

mod common;

const VARS: &str = r#"{"u": {"__unknown__": "string"}}"#;

table!(VARS);

#[test]
fn base64() {
    ok(r#"base64encode("Hello World")"#, "\"SGVsbG8gV29ybGQ=\"", "string");
    ok(r#"base64encode("")"#, "\"\"", "string");
    ok(r#"base64encode("é😀")"#, "\"w6nwn5iA\"", "string");
    ok(r#"base64decode("SGVsbG8gV29ybGQ=")"#, "\"Hello World\"", "string");
    ok(r#"base64decode("")"#, "\"\"", "string");
    ok(r#"base64decode("SGVs\r\nbG8=")"#, "\"Hello\"", "string");
    ok(r#"base64decode("SGVsbB==")"#, "\"Hell\"", "string");
    ok(r#"base64decode("8J+YgA==")"#, "\"😀\"", "string");
    err(r#"base64decode("SGVsbG8")"#, "Call to function \"base64decode\" failed: failed to decode base64 data \"SGVsbG8\".");
    err(r#"base64decode("SGVsbA=")"#, "Call to function \"base64decode\" failed: failed to decode base64 data \"SGVsbA=\".");
    err(r#"base64decode("SGVsbG8=x")"#, "Call to function \"base64decode\" failed: failed to decode base64 data \"SGVsbG8=x\".");
    err(r#"base64decode("SGVs bG8=")"#, "Call to function \"base64decode\" failed: failed to decode base64 data \"SGVs bG8=\".");
    err(
        r#"base64decode("/w==")"#,
        "Call to function \"base64decode\" failed: the result of decoding the provided string is not valid UTF-8.",
    );
    ok(r#"base64decode(sensitive("SGk="))"#, "(sensitive value)", "string");
    err(r#"base64decode(sensitive("!"))"#, "Call to function \"base64decode\" failed: failed to decode base64 data (sensitive value).");
    ok(r#"base64decode(u)"#, "(known after apply)", "string");
    err(r#"base64decode(null)"#, "Invalid value for \"str\" parameter: argument must not be null.");
}

#[test]
fn gzip() {
    ok(r#"base64gunzip(base64gzip("hello"))"#, "\"hello\"", "string");
    ok(r#"base64gunzip(base64gzip(""))"#, "\"\"", "string");
    ok(r#"base64gunzip(base64gzip("é😀 ${"x"}"))"#, "\"é😀 x\"", "string");
    ok(r#"length(base64gzip("hello")) > 0"#, "true", "bool");
    // Go's compress/gzip bytes (Terraform's), recorded with Go 1.26.
    ok(
        r#"base64gzip(join("", [for i in range(20) : "Terraform and OpenTofu "]))"#,
        "\"H4sIAAAAAAAA/wpJLSpKTMsvylVIzEtR8C9IzQvJTytVGBUegsIAAAAA//8BAAD//8y0w3rMAQAA\"",
        "string",
    );
    ok(r#"base64gunzip("H4sIAMhSAmsC/8tIzcnJBwCGphA2BQAAAB+LCADIUgJrAv9TKM8vykkBAMtCO0oGAAAA")"#, "\"hello world\"", "string");
    err(r#"base64gunzip("")"#, "Call to function \"base64gunzip\" failed: failed to gunzip bytestream: EOF.");
    err(r#"base64gunzip("SGVsbG8=")"#, "Call to function \"base64gunzip\" failed: failed to gunzip bytestream: unexpected EOF.");
    err(r#"base64gunzip("!!!")"#, "Call to function \"base64gunzip\" failed: failed to decode base64 data \"!!!\".");
    err(
        r#"base64gunzip("H4sIAMhSAmsC/8tIzcnJ")"#,
        "Call to function \"base64gunzip\" failed: failed to read gunzip raw data: unexpected EOF.",
    );
    err(r#"base64gunzip("H4sI")"#, "Call to function \"base64gunzip\" failed: failed to gunzip bytestream: unexpected EOF.");
    err(r#"base64gunzip(sensitive("!"))"#, "Call to function \"base64gunzip\" failed: failed to decode base64 data (sensitive value).");
}

#[test]
fn url() {
    ok(r#"urlencode("Hello World!")"#, "\"Hello+World%21\"", "string");
    ok(r#"urlencode("☃")"#, "\"%E2%98%83\"", "string");
    ok(r#"urlencode("foo:bar@localhost?foo=bar&bar=baz")"#, "\"foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz\"", "string");
    ok(r#"urlencode("-_.~ +/")"#, "\"-_.~+%2B%2F\"", "string");
    ok(
        r#""http://example.com/search?q=${urlencode("terraform urlencode")}""#,
        "\"http://example.com/search?q=terraform+urlencode\"",
        "string",
    );
    ok(r#"urldecode("Hello+World%21")"#, "\"Hello World!\"", "string");
    ok(r#"urldecode("%E2%98%83")"#, "\"☃\"", "string");
    ok(r#"urldecode("foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz")"#, "\"foo:bar@localhost?foo=bar&bar=baz\"", "string");
    ok(r#"urldecode("%41%42+%2B")"#, "\"AB +\"", "string");
    ok(r#"urldecode("")"#, "\"\"", "string");
    err(r#"urldecode("%zz")"#, "Call to function \"urldecode\" failed: failed to decode URL '': invalid URL escape \"%zz\".");
    err(r#"urldecode("100%")"#, "Call to function \"urldecode\" failed: failed to decode URL '': invalid URL escape \"%\".");
    err(r#"urldecode("a%2")"#, "Call to function \"urldecode\" failed: failed to decode URL '': invalid URL escape \"%2\".");
    err(r#"urldecode("%C3%A9%zz")"#, "Call to function \"urldecode\" failed: failed to decode URL '': invalid URL escape \"%zz\".");
}

#[test]
fn text_encodings() {
    ok(r#"textencodebase64("Hello World", "UTF-16LE")"#, "\"SABlAGwAbABvACAAVwBvAHIAbABkAA==\"", "string");
    ok(r#"textdecodebase64("SABlAGwAbABvACAAVwBvAHIAbABkAA==", "UTF-16LE")"#, "\"Hello World\"", "string");
    ok(r#"textencodebase64("Hi", "UTF-16")"#, "\"/v8ASABp\"", "string");
    ok(r#"textencodebase64("Hi", "utf-16be")"#, "\"AEgAaQ==\"", "string");
    ok(r#"textencodebase64("Hi", " UTF-8 ")"#, "\"SGk=\"", "string");
    ok(r#"textencodebase64("😀", "UTF-16LE")"#, "\"PdgA3g==\"", "string");
    ok(r#"textencodebase64("Hé€", "windows-1252")"#, "\"SOmA\"", "string");
    ok(r#"textencodebase64("ÿ", "l1")"#, "\"/w==\"", "string");
    err(
        r#"textencodebase64("Hé", "US-ASCII")"#,
        "Invalid value for \"string\" parameter: the given string contains characters that cannot be represented in US-ASCII.",
    );
    err(
        r#"textencodebase64("Hé€", "latin1")"#,
        "Invalid value for \"string\" parameter: the given string contains characters that cannot be represented in ISO_8859-1:1987.",
    );
    err(
        r#"textencodebase64("x", "UTF-32")"#,
        "Invalid value for \"encoding\" parameter: \"UTF-32\" is not a supported IANA encoding name or alias in this Terraform version.",
    );
    err(
        r#"textencodebase64("x", "ascii")"#,
        "Invalid value for \"encoding\" parameter: \"ascii\" is not a supported IANA encoding name or alias in this Terraform version.",
    );
    ok(r#"textdecodebase64("//5IAGkA", "UTF-16")"#, "\"Hi\"", "string");
    ok(r#"textdecodebase64("AEgAaQ==", "UTF-16")"#, "\"Hi\"", "string");
    ok(r#"textdecodebase64("/v8ASA==", "UTF-16BE")"#, "\"\\ufeffH\"", "string");
    ok(r#"textdecodebase64("PdgA3g==", "UTF-16LE")"#, "\"😀\"", "string");
    err(
        r#"textdecodebase64("SABp", "UTF-16LE")"#,
        "Invalid value for \"source\" parameter: the given string contains symbols that are not defined for UTF-16LE.",
    );
    err(
        r#"textdecodebase64("ANg=", "UTF-16LE")"#,
        "Invalid value for \"source\" parameter: the given string contains symbols that are not defined for UTF-16LE.",
    );
    ok(r#"textdecodebase64("gJ8=", "windows-1252")"#, "\"€Ÿ\"", "string");
    err(
        r#"textdecodebase64("gQ==", "windows-1252")"#,
        "Invalid value for \"source\" parameter: the given string contains symbols that are not defined for windows-1252.",
    );
    ok(r#"textdecodebase64("gA==", "latin1")"#, "\"\\u0080\"", "string");
    err(
        r#"textdecodebase64("gA==", "us-ascii")"#,
        "Invalid value for \"source\" parameter: the given string contains symbols that are not defined for US-ASCII.",
    );
    err(
        r#"textdecodebase64("/w==", "UTF-8")"#,
        "Invalid value for \"source\" parameter: the given string contains symbols that are not defined for UTF-8.",
    );
    err(
        r#"textdecodebase64("gA=", "UTF-8")"#,
        "Invalid value for \"source\" parameter: the given value is has an invalid base64 symbol at offset 3.",
    );
    err(
        r#"textdecodebase64("g!A=", "UTF-8")"#,
        "Invalid value for \"source\" parameter: the given value is has an invalid base64 symbol at offset 1.",
    );
    err(
        r#"textdecodebase64("SGVsbG8=x", "UTF-8")"#,
        "Invalid value for \"source\" parameter: the given value is has an invalid base64 symbol at offset 8.",
    );
    err(
        r#"textdecodebase64("x", "bogus")"#,
        "Invalid value for \"encoding\" parameter: \"bogus\" is not a supported IANA encoding name or alias in this Terraform version.",
    );
}

#[test]
fn csv() {
    ok(r#"csvdecode("a,b,c\n1,2,3\n4,5,6")"#, "tolist([\n  {\n    \"a\" = \"1\"\n    \"b\" = \"2\"\n    \"c\" = \"3\"\n  },\n  {\n    \"a\" = \"4\"\n    \"b\" = \"5\"\n    \"c\" = \"6\"\n  },\n])", "list(object({a: string, b: string, c: string}))");
    ok(r#"csvdecode("a,b\n")"#, "tolist([])", "list(object({a: string, b: string}))");
    ok(
        r#"csvdecode("a,b\r\n1,2\r\n\r\n3,4")"#,
        "tolist([\n  {\n    \"a\" = \"1\"\n    \"b\" = \"2\"\n  },\n  {\n    \"a\" = \"3\"\n    \"b\" = \"4\"\n  },\n])",
        "list(object({a: string, b: string}))",
    );
    ok(
        r#"csvdecode("a,b\n\"x,y\",\"z\"\"q\"")"#,
        "tolist([\n  {\n    \"a\" = \"x,y\"\n    \"b\" = \"z\\\"q\"\n  },\n])",
        "list(object({a: string, b: string}))",
    );
    ok(
        r#"csvdecode("a,b\n\"multi\nline\",2")"#,
        "tolist([\n  {\n    \"a\" = <<-EOT\n    multi\n    line\n    EOT\n    \"b\" = \"2\"\n  },\n])",
        "list(object({a: string, b: string}))",
    );
    ok(r#"csvdecode("é,ü\n1,2")"#, "tolist([\n  {\n    \"é\" = \"1\"\n    \"ü\" = \"2\"\n  },\n])", "list(object({é: string, ü: string}))");
    err(r#"csvdecode("")"#, "Call to function \"csvdecode\" failed: missing header line.");
    err(r#"csvdecode("\n\n")"#, "Call to function \"csvdecode\" failed: missing header line.");
    err(r#"csvdecode("a,b\n1,2,3")"#, "Call to function \"csvdecode\" failed: CSV parse error on line 2: wrong number of fields.");
    err(r#"csvdecode("a,b\n1")"#, "Call to function \"csvdecode\" failed: CSV parse error on line 2: wrong number of fields.");
    err(r#"csvdecode("a,a\n1,2")"#, "Call to function \"csvdecode\" failed: duplicate column name \"a\".");
    err(
        r#"csvdecode("a,b\n\"unterminated,2")"#,
        "Call to function \"csvdecode\" failed: CSV parse error on line 2: extraneous or missing \" in quoted-field.",
    );
    err(
        r#"csvdecode("a,b\n\"x\"y,2")"#,
        "Call to function \"csvdecode\" failed: CSV parse error on line 2: extraneous or missing \" in quoted-field.",
    );
    err(r#"csvdecode("a,b\nx\"y,2")"#, "Call to function \"csvdecode\" failed: CSV parse error on line 2: bare \" in non-quoted-field.");
    err(r#"csvdecode("a\"b,c\n1,2")"#, "Call to function \"csvdecode\" failed: CSV parse error on line 1: bare \" in non-quoted-field.");
    err(
        r#"csvdecode("a,b\n1,2\n3,\"4\n5\"\n6")"#,
        "Call to function \"csvdecode\" failed: CSV parse error on line 5: wrong number of fields.",
    );
    ok(r#"csvdecode(u)"#, "(known after apply)", "dynamic");
}

#[test]
fn json() {
    ok(r#"jsondecode("{\"hello\": \"world\"}")"#, "{\n  \"hello\" = \"world\"\n}", "object({hello: string})");
    ok(r#"jsondecode("true")"#, "true", "bool");
    ok(
        r#"jsondecode("[1,\"a\",true,null,{\"b\":[]}]")"#,
        "[\n  1,\n  \"a\",\n  true,\n  null,\n  {\n    \"b\" = []\n  },\n]",
        "tuple([number, string, bool, dynamic, object({b: tuple([])})])",
    );
    ok(r#"jsondecode("123456789012345678901234567890.5")"#, "123456789012345678901234567890.5", "number");
    ok(r#"jsondecode("1e3")"#, "1000", "number");
    ok(r#"jsondecode("-0")"#, "-0", "number");
    ok(r#"jsondecode("\"\\u00e9\\ud83d\\ude00 \\ud800\"")"#, "\"é😀 �\"", "string");
    ok(
        r#"jsondecode("{\"b\":1,\"a\":2,\"a b\":3}")"#,
        "{\n  \"a\" = 2\n  \"a b\" = 3\n  \"b\" = 1\n}",
        "object({a: number, \"a b\": number, b: number})",
    );
    ok(r#"jsondecode("{\"a\":1,\"a\":\"x\"}")"#, "{\n  \"a\" = \"x\"\n}", "object({a: string})");
    ok(r#"jsondecode("1]")"#, "1", "number");
    err(r#"jsondecode("")"#, "Call to function \"jsondecode\" failed: EOF.");
    err(r#"jsondecode("[1")"#, "Call to function \"jsondecode\" failed: EOF.");
    err(r#"jsondecode("[1 2]")"#, "Call to function \"jsondecode\" failed: invalid character '2' after array element.");
    err(r#"jsondecode("[1,]")"#, "Call to function \"jsondecode\" failed: invalid character ']' looking for beginning of value.");
    err(r#"jsondecode("{1:2}")"#, "Call to function \"jsondecode\" failed: invalid character '1'.");
    err(r#"jsondecode("{\"a\" 1}")"#, "Call to function \"jsondecode\" failed: invalid character '1' after object key.");
    err(
        r#"jsondecode("{\"a\":1,}")"#,
        "Call to function \"jsondecode\" failed: invalid character '}' looking for beginning of object key string.",
    );
    err(
        r#"jsondecode("{\"a\":1 \"b\":2}")"#,
        "Call to function \"jsondecode\" failed: invalid character '\"' after object key:value pair.",
    );
    err(r#"jsondecode("tru")"#, "Call to function \"jsondecode\" failed: unexpected EOF.");
    err(r#"jsondecode("trux")"#, "Call to function \"jsondecode\" failed: invalid character 'x' in literal true (expecting 'e').");
    err(r#"jsondecode("-a")"#, "Call to function \"jsondecode\" failed: invalid character 'a' in numeric literal.");
    err(r#"jsondecode("1.a")"#, "Call to function \"jsondecode\" failed: invalid character 'a' after decimal point in numeric literal.");
    err(r#"jsondecode("1e+")"#, "Call to function \"jsondecode\" failed: unexpected EOF.");
    err(r#"jsondecode("[01]")"#, "Call to function \"jsondecode\" failed: invalid character '1' after array element.");
    err(r#"jsondecode("1 2")"#, "Call to function \"jsondecode\" failed: extraneous data after JSON object.");
    err(r#"jsondecode("\"\\q\"")"#, "Call to function \"jsondecode\" failed: invalid character 'q' in string escape code.");
    err(
        r#"jsondecode("\"\\u12g4\"")"#,
        "Call to function \"jsondecode\" failed: invalid character 'g' in \\u hexadecimal character escape.",
    );
    err(r#"jsondecode("\"a\tb\"")"#, "Call to function \"jsondecode\" failed: invalid character '\\t' in string literal.");
    err(r#"jsondecode("é")"#, "Call to function \"jsondecode\" failed: invalid character 'Ã' looking for beginning of value.");
    err(r#"jsondecode("'a'")"#, "Call to function \"jsondecode\" failed: invalid character '\\'' looking for beginning of value.");
    err(r#"jsondecode("{\"a\":\"x\",\"a\":1}")"#, "Call to function \"jsondecode\" failed: a number is required.");
    err(r#"jsondecode("{\"a\":{},\"a\":1}")"#, "Call to function \"jsondecode\" failed: number is required.");
    err(r#"jsondecode("{\"a\":[1],\"a\":[1,2]}")"#, "Call to function \"jsondecode\" failed: not enough tuple elements (need 2).");
    err(r#"jsondecode("{\"a\":{\"x\":1},\"a\":{\"y\":2}}")"#, "Call to function \"jsondecode\" failed: unsupported attribute \"x\".");
    ok(r#"jsondecode(u)"#, "(known after apply)", "dynamic");
}

#[test]
fn yaml_decode() {
    ok(r#"yamldecode("hello: world")"#, "{\n  \"hello\" = \"world\"\n}", "object({hello: string})");
    ok(r#"yamldecode("true")"#, "true", "bool");
    ok(
        r#"yamldecode("{a: &foo [1, 2, 3], b: *foo}")"#,
        "{\n  \"a\" = [\n    1,\n    2,\n    3,\n  ]\n  \"b\" = [\n    1,\n    2,\n    3,\n  ]\n}",
        "object({a: tuple([number, number, number]), b: tuple([number, number, number])})",
    );
    err(
        r#"yamldecode("{a: &foo [1, *foo, 3]}")"#,
        "Call to function \"yamldecode\" failed: cannot refer to anchor \"foo\" from inside its own definition.",
    );
    err(r#"yamldecode("{a: !not-supported foo}")"#, "Call to function \"yamldecode\" failed: unsupported tag \"!not-supported\".");
    ok(r#"yamldecode("{on: 1}")"#, "{\n  \"true\" = 1\n}", "object({true: number})");
    ok(r#"yamldecode("{\"on\": 1}")"#, "{\n  \"on\" = 1\n}", "object({on: number})");
    ok(
        r#"yamldecode("[y, Yes, NO, off, ~, null, '', yEs]")"#,
        "[\n  true,\n  true,\n  false,\n  false,\n  null,\n  null,\n  \"\",\n  \"yEs\",\n]",
        "tuple([bool, bool, bool, bool, dynamic, dynamic, string, string])",
    );
    ok(
        r#"yamldecode("[1, -1, +1, 077, 0o17, 0x1F, 1.5, .5, 1e3, 5., 12345678901234567890]")"#,
        "[\n  1,\n  -1,\n  1,\n  77,\n  15,\n  31,\n  1.5,\n  0.5,\n  1000,\n  5,\n  12345678901234567890,\n]",
        "tuple([number, number, number, number, number, number, number, number, number, number, number])",
    );
    ok(
        r#"yamldecode("[.inf, -.Inf, +.INF, Inf, 0b101, 1_000, 0x, .]")"#,
        "[\n  +Inf,\n  -Inf,\n  +Inf,\n  \"Inf\",\n  \"0b101\",\n  \"1_000\",\n  \"0x\",\n  \".\",\n]",
        "tuple([number, number, number, string, string, string, string, string])",
    );
    err(r#"yamldecode(".nan")"#, "Call to function \"yamldecode\" failed: floating point NaN is not supported.");
    err(r#"yamldecode("!!float .nan")"#, "Call to function \"yamldecode\" failed: cannot parse \".nan\" as tag:yaml.org,2002:float.");
    ok(r#"yamldecode("[2001-12-14, 2001-12-14t21:59:43.10-05:00, 2001-12-14 21:59:43.10, 2002-2-29, 2001-12-14T21:59:43]")"#, "[\n  \"2001-12-14T00:00:00Z\",\n  \"2001-12-14T21:59:43-05:00\",\n  \"2001-12-14T21:59:43Z\",\n  \"2002-2-29\",\n  \"2001-12-14T21:59:43\",\n]", "tuple([string, string, string, string, string])");
    ok(
        r#"yamldecode("[!!str true, !!int 0b101, !!bool yes, !!null foo, !!timestamp 2006-1-2, !!binary aGVsbG8=, !!int \"12\"]")"#,
        "[\n  \"true\",\n  5,\n  true,\n  null,\n  \"2006-01-02T00:00:00Z\",\n  \"aGVsbG8=\",\n  \"12\",\n]",
        "tuple([string, number, bool, dynamic, string, string, string])",
    );
    err(r#"yamldecode("!!bool bananas")"#, "Call to function \"yamldecode\" failed: cannot parse \"bananas\" as tag:yaml.org,2002:bool.");
    err(r#"yamldecode("!!int foo")"#, "Call to function \"yamldecode\" failed: cannot parse \"foo\" as tag:yaml.org,2002:int.");
    err(
        r#"yamldecode("!!binary '>>>>'")"#,
        "Call to function \"yamldecode\" failed: cannot parse \">>>>\" as tag:yaml.org,2002:binary: not valid base64.",
    );
    err(r#"yamldecode("! x")"#, "Call to function \"yamldecode\" failed: unsupported tag \"!\".");
    ok(r#"yamldecode("|\n  hello\n  world")"#, "<<EOT\nhello\nworld\nEOT", "string");
    ok(r#"yamldecode("a: |\n  hello\n  world\n")"#, "{\n  \"a\" = <<-EOT\n  hello\n  world\n  \n  EOT\n}", "object({a: string})");
    ok(r#"yamldecode(">\n  hello\n  world\n")"#, "<<EOT\nhello world\n\nEOT", "string");
    ok(r#"yamldecode("|-\n  1.0")"#, "\"1\"", "string");
    ok(r#"yamldecode("|-\n  null")"#, "tostring(null)", "string");
    err(r#"yamldecode("|-\n  .nan")"#, "Call to function \"yamldecode\" failed: floating point NaN is not supported.");
    ok(
        r#"yamldecode("a: aa\n<<:\n  - b: bb\n  - c: cc\n<<: {a: aaa}\nd: dd")"#,
        "{\n  \"a\" = \"aaa\"\n  \"b\" = \"bb\"\n  \"c\" = \"cc\"\n  \"d\" = \"dd\"\n}",
        "object({a: string, b: string, c: string, d: string})",
    );
    ok(
        r#"yamldecode("a: &foo\n  beep: boop\nb:\n  <<: *foo\n  bleep: bloop")"#,
        "{\n  \"a\" = {\n    \"beep\" = \"boop\"\n  }\n  \"b\" = {\n    \"beep\" = \"boop\"\n    \"bleep\" = \"bloop\"\n  }\n}",
        "object({a: object({beep: string}), b: object({beep: string, bleep: string})})",
    );
    err(r#"yamldecode("<<: [{a: 1}, 2]")"#, "Call to function \"yamldecode\" failed: cannot merge number (from sequence) into mapping.");
    err(r#"yamldecode("<<: 1")"#, "Call to function \"yamldecode\" failed: cannot merge number into mapping.");
    ok(
        r#"yamldecode("true: 1\n1.50: x\n0x10: y\n2001-01-01: z\n'q': w")"#,
        "{\n  \"1.5\" = \"x\"\n  \"16\" = true\n  \"2001-01-01T00:00:00Z\" = \"z\"\n  \"q\" = \"w\"\n  \"true\" = 1\n}",
        "object({\"1.5\": string, \"16\": bool, \"2001-01-01T00:00:00Z\": string, q: string, true: number})",
    );
    err(r#"yamldecode("null: 1")"#, "Call to function \"yamldecode\" failed: mapping key cannot be null.");
    err(r#"yamldecode("[1]: 2")"#, "Call to function \"yamldecode\" failed: only strings are allowed as mapping keys.");
    err(r#"yamldecode("*a: 1")"#, "Call to function \"yamldecode\" failed: only strings are allowed as mapping keys.");
    err(r#"yamldecode("&a a: *a")"#, "Call to function \"yamldecode\" failed: reference to undefined anchor \"a\".");
    err(r#"yamldecode("a: *zz")"#, "Call to function \"yamldecode\" failed: reference to undefined anchor \"zz\".");
    err(
        r#"yamldecode("a: &x [1, &x 2, *x]")"#,
        "Call to function \"yamldecode\" failed: cannot refer to anchor \"x\" from inside its own definition.",
    );
    err(r#"yamldecode("")"#, "Call to function \"yamldecode\" failed: on line 1, column 1: missing start of document.");
    ok(r#"yamldecode("---")"#, "null", "dynamic");
    err(r##"yamldecode("# only a comment")"##, "Call to function \"yamldecode\" failed: on line 1, column 1: missing start of document.");
    err(
        r#"yamldecode("a: 1\n---\nb: 2")"#,
        "Call to function \"yamldecode\" failed: on line 1, column 1: unexpected extra content after value.",
    );
    ok(r#"yamldecode("a: 1\n...\n")"#, "{\n  \"a\" = 1\n}", "object({a: number})");
    err(
        r#"yamldecode("a: 1\n...\nb: 2")"#,
        "Call to function \"yamldecode\" failed: on line 2, column 1: did not find expected <document start>.",
    );
    err(r#"yamldecode("a: [1")"#, "Call to function \"yamldecode\" failed: on line 1, column 1: did not find expected ',' or ']'.");
    err(r#"yamldecode("a: b: c")"#, "Call to function \"yamldecode\" failed: mapping values are not allowed in this context.");
    err(r#"yamldecode("- a\nb: 1")"#, "Call to function \"yamldecode\" failed: on line 1, column 1: did not find expected '-' indicator.");
    err(r#"yamldecode("[1, 2]]")"#, "Call to function \"yamldecode\" failed: did not find expected <document start>.");
    err(r#"yamldecode("\"\\q\"")"#, "Call to function \"yamldecode\" failed: found unknown escape character.");
    err(
        r#"yamldecode("a:\n  - 1\n  -2\n - 3")"#,
        "Call to function \"yamldecode\" failed: on line 4, column 1: could not find expected ':'.",
    );
    err(r#"yamldecode("@foo")"#, "Call to function \"yamldecode\" failed: found character that cannot start any token.");
    ok(r#"yamldecode("a:\tb")"#, "{\n  \"a\" = \"b\"\n}", "object({a: string})");
    err(r#"yamldecode("\ta: 1")"#, "Call to function \"yamldecode\" failed: found character that cannot start any token.");
    err(r#"yamldecode("- \ta")"#, "Call to function \"yamldecode\" failed: found character that cannot start any token.");
    err(
        r#"yamldecode("a:\n  \tb: 1")"#,
        "Call to function \"yamldecode\" failed: on line 2, column 1: found character that cannot start any token.",
    );
    err(
        r#"yamldecode("a: b\n\tc")"#,
        "Call to function \"yamldecode\" failed: on line 2, column 1: found a tab character that violates indentation.",
    );
    ok(r#"yamldecode("a: 'x\n\ty'")"#, "{\n  \"a\" = \"x y\"\n}", "object({a: string})");
    err(r#"yamldecode("!!seq {a: 1}")"#, "Call to function \"yamldecode\" failed: can't interpret mapping as tag:yaml.org,2002:seq.");
    err(
        r#"yamldecode("a: 1\nb: !!int [1]")"#,
        "Call to function \"yamldecode\" failed: on line 1, column 4: can't interpret sequence as tag:yaml.org,2002:int.",
    );
    ok(r#"yamldecode("﻿a: 1")"#, "{\n  \"a\" = 1\n}", "object({a: number})");
    ok(r#"yamldecode("a: b\r\nc: d\r\n")"#, "{\n  \"a\" = \"b\"\n  \"c\" = \"d\"\n}", "object({a: string, c: string})");
    ok(r#"yamldecode(u)"#, "(known after apply)", "dynamic");
}

#[test]
fn yaml_encode() {
    ok(r#"yamlencode({"a":"b", "c":"d"})"#, "<<EOT\n\"a\": \"b\"\n\"c\": \"d\"\n\nEOT", "string");
    ok(r#"yamlencode({"foo":[1, 2, 3], "bar": "baz"})"#, "<<EOT\n\"bar\": \"baz\"\n\"foo\":\n- 1\n- 2\n- 3\n\nEOT", "string");
    ok(
        r#"yamlencode({"foo":[1, {"a":"b","c":"d"}, 3], "bar": "baz"})"#,
        "<<EOT\n\"bar\": \"baz\"\n\"foo\":\n- 1\n- \"a\": \"b\"\n  \"c\": \"d\"\n- 3\n\nEOT",
        "string",
    );
    ok(r#"yamlencode("Value1 Value2 Value3 ")"#, "<<EOT\n\"Value1 Value2 Value3 \"\n\nEOT", "string");
    ok(r#"yamlencode(true)"#, "<<EOT\ntrue\n...\n\nEOT", "string");
    ok(r#"yamlencode(null)"#, "<<EOT\nnull\n...\n\nEOT", "string");
    ok(r#"yamlencode(1.5)"#, "<<EOT\n1.5\n...\n\nEOT", "string");
    ok(r#"yamlencode(-3)"#, "<<EOT\n-3\n...\n\nEOT", "string");
    ok(r#"yamlencode(1/0)"#, "<<EOT\n+Inf\n...\n\nEOT", "string");
    ok(r#"yamlencode("")"#, "<<EOT\n\"\"\n\nEOT", "string");
    ok(r#"yamlencode([])"#, "<<EOT\n[]\n\nEOT", "string");
    ok(r#"yamlencode({})"#, "<<EOT\n{}\n\nEOT", "string");
    ok(r#"yamlencode([[], {}, [[1]]])"#, "<<EOT\n- []\n- {}\n- - - 1\n\nEOT", "string");
    ok(r#"yamlencode({a = [], b = {}})"#, "<<EOT\n\"a\": []\n\"b\": {}\n\nEOT", "string");
    ok(r#"yamlencode("hello\nworld")"#, "<<EOT\n|-\n  hello\n  world\n\nEOT", "string");
    ok(r#"yamlencode("hello\nworld\n")"#, "<<EOT\n|\n  hello\n  world\n\nEOT", "string");
    ok(r#"yamlencode("a\n\n")"#, "<<EOT\n|+\n  a\n\n\nEOT", "string");
    ok(r#"yamlencode("\n")"#, "<<EOT\n|2+\n\n\nEOT", "string");
    ok(r#"yamlencode(" lead\nx")"#, "<<EOT\n|2-\n   lead\n  x\n\nEOT", "string");
    ok(r#"yamlencode("trail \nx")"#, "<<EOT\n\"trail \\nx\"\n\nEOT", "string");
    ok(r#"yamlencode("tab\tin\nmulti")"#, "<<EOT\n\"tab\\tin\\nmulti\"\n\nEOT", "string");
    ok(r#"yamlencode({key = "line1\nline2"})"#, "<<EOT\n\"key\": |-\n  line1\n  line2\n\nEOT", "string");
    ok(r#"yamlencode("quote\"back\\slash\ttab")"#, "<<EOT\n\"quote\\\"back\\\\slash\\ttab\"\n\nEOT", "string");
    ok(
        r#"yamlencode("emoji 😀 nbsp\u00a0 ctrl\u0001 ls\u2028")"#,
        "<<EOT\n\"emoji \\U0001F600 nbsp\u{a0} ctrl\\x01 ls\\L\"\n\nEOT",
        "string",
    );
    ok(r#"yamlencode("\ufeffbom")"#, "<<EOT\n\"\\uFEFF\\x62\\x6F\\x6D\"\n\nEOT", "string");
    ok(r#"yamlencode({"multi\nline key" = 1})"#, "<<EOT\n? |-\n  multi\n  line key\n: 1\n\nEOT", "string");
    ok(r#"yamlencode({"${join("", [for i in range(130) : "k"])}" = 1})"#, "<<EOT\n? \"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\"\n: 1\n\nEOT", "string");
    ok(r#"yamlencode(join(" ", [for i in range(30) : "word"]))"#, "<<EOT\n\"word word word word word word word word word word word word word word word word word\n  word word word word word word word word word word word word word\"\n\nEOT", "string");
    ok(r#"yamlencode({long = join(" ", [for i in range(30) : "word"])})"#, "<<EOT\n\"long\": \"word word word word word word word word word word word word word word word\n  word word word word word word word word word word word word word word word\"\n\nEOT", "string");
    ok(r#"yamlencode("a  ${join(" ", [for i in range(60) : "b"])}")"#, "<<EOT\n\"a  b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b b\n  b b b b b b b b b b b b b b b b b b b b b\"\n\nEOT", "string");
    ok(r#"yamlencode(toset(["b", "a"]))"#, "<<EOT\n- \"a\"\n- \"b\"\n\nEOT", "string");
    ok(r#"yamlencode({"true" = "yes", "1" = "01"})"#, "<<EOT\n\"1\": \"01\"\n\"true\": \"yes\"\n\nEOT", "string");
    ok(r#"yamlencode({a = u})"#, "(known after apply)", "string");
    ok(r#"yamlencode(sensitive("x"))"#, "(sensitive value)", "string");
}

#[test]
fn hashes() {
    ok(r#"md5("hello world")"#, "\"5eb63bbbe01eeed093cb22bb8f5acdc3\"", "string");
    ok(r#"sha1("hello world")"#, "\"2aae6c35c94fcfb415dbe95f408b9ce91ee846ed\"", "string");
    ok(r#"sha256("hello world")"#, "\"b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9\"", "string");
    ok(r#"sha512("hello world")"#, "\"309ecc489c12d6eb4cc40f50c902f2b4d0ed77ee511a7c7a9bcd3ca86d4cd86f989dd35bc5ff499670da34255b45b0cfd830e81f605dcf7dc5542e93ae9cd76f\"", "string");
    ok(r#"base64sha256("hello world")"#, "\"uU0nuZNNPgilLlLX2n2r+sSE7+N6U4DukIj3rOLvzek=\"", "string");
    ok(
        r#"base64sha512("hello world")"#,
        "\"MJ7MSJwS1utMxA9QyQLytNDtd+5RGnx6m808qG1M2G+YndNbxf9JlnDaNCVbRbDP2DDoH2Bdz33FVC6TrpzXbw==\"",
        "string",
    );
    ok(r#"md5("")"#, "\"d41d8cd98f00b204e9800998ecf8427e\"", "string");
    ok(r#"sha256("é")"#, "\"4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c\"", "string");
    ok(r#"sha1(u)"#, "(known after apply)", "string");
}

#[test]
fn uuids() {
    ok(r#"uuidv5("dns", "www.opentofu.org")"#, "\"df1e675d-b743-5f6c-9952-6311d0f141df\"", "string");
    ok(r#"uuidv5("url", "https://www.opentofu.org/")"#, "\"ace93eea-1a2c-5eed-b41b-718be15d2e50\"", "string");
    ok(r#"uuidv5("oid", "1.3.6.1.4")"#, "\"af9d40a5-7a36-5c07-b23a-851cd99fbfa5\"", "string");
    ok(r#"uuidv5("x500", "CN=Example,C=GB")"#, "\"84e09961-4aa4-57f8-95b7-03edb1073253\"", "string");
    ok(r#"uuidv5("6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.terraform.io")"#, "\"a5008fae-b28c-5ba5-96cd-82b4c53552d6\"", "string");
    ok(r#"uuidv5("743ac3c0-3bf7-4a5b-9e6c-59360447c757", "LIBS:diskfont.library")"#, "\"ede1a974-df7e-5f17-84b9-76208818b2c8\"", "string");
    ok(r#"uuidv5("6BA7B8109DAD11D180B400C04FD430C8", "www.terraform.io")"#, "\"a5008fae-b28c-5ba5-96cd-82b4c53552d6\"", "string");
    ok(r#"uuidv5("{6ba7b810-9dad-11d1-80b4-00c04fd430c8}", "www.terraform.io")"#, "\"a5008fae-b28c-5ba5-96cd-82b4c53552d6\"", "string");
    ok(
        r#"uuidv5("URN:UUID:6ba7b810-9dad-11d1-80b4-00c04fd430c8", "www.terraform.io")"#,
        "\"a5008fae-b28c-5ba5-96cd-82b4c53552d6\"",
        "string",
    );
    err(
        r#"uuidv5("bogus", "x")"#,
        "Call to function \"uuidv5\" failed: uuidv5() doesn't support namespace bogus (invalid UUID length: 5).",
    );
    err(r#"uuidv5("urx:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8", "x")"#, "Call to function \"uuidv5\" failed: uuidv5() doesn't support namespace urx:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8 (invalid urn prefix: \"urx:uuid:\").");
    err(r#"uuidv5("6ba7b810x9dad-11d1-80b4-00c04fd430c8", "x")"#, "Call to function \"uuidv5\" failed: uuidv5() doesn't support namespace 6ba7b810x9dad-11d1-80b4-00c04fd430c8 (invalid UUID format).");
    ok(r#"length(uuid())"#, "36", "number");
    err(
        r#"[for p in split("-", uuid()) : length(p)]uuid() != uuid()"#,
        "An expression was successfully parsed, but extra characters were found after it.",
    );
}

#[test]
fn bcrypt() {
    ok(r#"substr(bcrypt("hello world"), 0, 7)"#, "\"$2a$10$\"", "string");
    ok(r#"length(bcrypt("hello world", 4))"#, "60", "number");
    ok(r#"substr(bcrypt("x", 3), 0, 7)"#, "\"$2a$10$\"", "string");
    ok(r#"bcrypt("x", 4) != bcrypt("x", 4)"#, "true", "bool");
    err(r#"bcrypt("x", 32)"#, "Call to function \"bcrypt\" failed: error occured generating password crypto/bcrypt: cost 32 is outside allowed inclusive range 4..31.");
    err(
        r#"bcrypt("x", 4.5)"#,
        "Call to function \"bcrypt\" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807.",
    );
    err(r#"bcrypt("x", 4, 5)"#, "Call to function \"bcrypt\" failed: bcrypt() takes no more than two arguments.");
    err(
        r#"bcrypt("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")"#,
        "Call to function \"bcrypt\" failed: error occured generating password bcrypt: password length exceeds 72 bytes.",
    );
    err(r#"bcrypt("x", 20)"#, "This evaluation needs more than 500000 steps of work, which is more than this evaluator allows.");
    ok(r#"bcrypt(u)"#, "(known after apply)", "string");
}
