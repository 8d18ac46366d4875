//! Encoding functions: Base64 (with Go's decoder rules), gzip, URL query
//! escaping, character encodings, CSV, JSON and YAML (as go-cty, go-cty-yaml
//! and Terraform's `funcs` package do them).
#![cfg_attr(not(feature = "heavy-functions"), allow(dead_code, unused_imports))]

pub(in crate::functions) mod base64;
mod charsets;
mod csv;
mod gzip;
mod json;
mod url;
mod yaml_decode;
mod yaml_encode;

use self::base64::base64decode;
use super::{str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::value::go_quote;
use crate::value::{Type, Value};
use ::base64::Engine;
use charsets::{textdecodebase64, textencodebase64};
use csv::csvdecode;
use gzip::{base64gunzip, base64gzip};
use json::{jsondecode, jsonencode};
use url::{query_escape, urldecode};
use yaml_decode::yamldecode;
use yaml_encode::yamlencode;

const STR: Param = Param::new("str", "string");

/// How deeply decoded JSON and YAML may nest.
pub(super) const MAX_NESTING: usize = 128;

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "base64decode",
        category: "encoding",
        params: &[STR.marked()],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Decodes a string of Base64 characters (standard alphabet, padded); the bytes must be valid UTF-8.",
        example: "base64decode(\"SGVsbG8gV29ybGQ=\")",
        imp: base64decode,
    },
    FunctionDef {
        name: "base64encode",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Encodes the UTF-8 bytes of a string with Base64 (standard alphabet, padded).",
        example: "base64encode(\"Hello World\")",
        imp: |a, ctx| Ok(Value::string(::base64::engine::general_purpose::STANDARD.encode(str_arg(a, 0)), ctx.profile())),
    },
    FunctionDef {
        name: "base64gunzip",
        category: "encoding",
        params: &[STR.marked()],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Decodes a Base64 string and decompresses the bytes with gzip (OpenTofu only).",
        example: "base64gunzip(base64gzip(\"hello\"))",
        imp: heavy!(base64gunzip),
    },
    FunctionDef {
        name: "base64gzip",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Compresses a string with gzip and encodes the result with Base64 (Go's framing; long repetitive texts may compress differently).",
        example: "base64gzip(\"hello\")",
        imp: heavy!(base64gzip),
    },
    FunctionDef {
        name: "csvdecode",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Computed(decoded_type),
        description: "Decodes CSV text whose first row is the header into a list of objects with string values.",
        example: "csvdecode(\"a,b,c\\n1,2,3\\n4,5,6\")",
        imp: heavy!(csvdecode),
    },
    FunctionDef {
        name: "jsondecode",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Computed(json::jsondecode_type),
        description: "Interprets a string as JSON: objects become objects, arrays tuples, and numbers keep every digit.",
        example: "jsondecode(\"{\\\"hello\\\": [1, true, null]}\")",
        imp: jsondecode,
    },
    FunctionDef {
        name: "jsonencode",
        category: "encoding",
        params: &[Param::new("val", "dynamic").nullable().unknowns()],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Encodes a given value to a string using JSON syntax (object keys sorted; <, > and & escaped).",
        example: "jsonencode({\"hello\" = \"world\"})",
        imp: jsonencode,
    },
    FunctionDef {
        name: "textdecodebase64",
        category: "encoding",
        params: &[Param::new("source", "string"), Param::new("encoding", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description:
            "Decodes Base64 data holding text in a character encoding (UTF-8, UTF-16LE/BE, UTF-16, US-ASCII, ISO-8859-1, windows-1252).",
        example: "textdecodebase64(\"SABlAGwAbABvACAAVwBvAHIAbABkAA==\", \"UTF-16LE\")",
        imp: textdecodebase64,
    },
    FunctionDef {
        name: "textencodebase64",
        category: "encoding",
        params: &[Param::new("string", "string"), Param::new("encoding", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description:
            "Encodes a string in a character encoding (UTF-8, UTF-16LE/BE, UTF-16, US-ASCII, ISO-8859-1, windows-1252), then with Base64.",
        example: "textencodebase64(\"Hello World\", \"UTF-16LE\")",
        imp: textencodebase64,
    },
    FunctionDef {
        name: "urldecode",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Decodes a URL query-escaped string: %XX escapes, and + for a space (OpenTofu only).",
        example: "urldecode(\"Hello+World%21\")",
        imp: urldecode,
    },
    FunctionDef {
        name: "urlencode",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Escapes a string for a URL query: + for a space, %XX for all but letters, digits and -_.~.",
        example: "urlencode(\"Hello World!\")",
        imp: |a, ctx| Ok(Value::string(query_escape(str_arg(a, 0)), ctx.profile())),
    },
    FunctionDef {
        name: "yamldecode",
        category: "encoding",
        params: &[Param::new("src", "string")],
        variadic: None,
        ret: Ret::Computed(decoded_type),
        description: "Parses one YAML document (yes/no/on/off are bools): mappings become objects and sequences tuples.",
        example: "yamldecode(\"hello: world\")",
        imp: heavy!(yamldecode),
    },
    FunctionDef {
        name: "yamlencode",
        category: "encoding",
        params: &[Param::new("value", "dynamic").nullable().dynamic()],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Encodes a value as a YAML document in block style, with double-quoted keys and strings.",
        example: "yamlencode({\"a\":\"b\", \"c\":\"d\"})",
        imp: heavy!(yamlencode),
    },
];

/// The decoders' result type is only known from the text; an unknown text
/// gives a value of unknown type, and the implementation works out the rest.
fn decoded_type(_: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    Ok(Type::Dynamic)
}

/// Go's `%q` of bytes that may not be UTF-8 (invalid bytes as `\xNN`).
pub(in crate::functions) fn go_quote_bytes(b: &[u8], profile: crate::profile::Profile) -> String {
    let mut out = String::from("\"");
    for chunk in b.utf8_chunks() {
        let q = go_quote(chunk.valid(), profile);
        out.push_str(&q[1..q.len() - 1]);
        for x in chunk.invalid() {
            out.push_str(&format!("\\x{x:02x}"));
        }
    }
    out.push('"');
    out
}

/// Text from bytes that Go keeps as they are; here a string must be
/// Unicode, so each byte of invalid UTF-8 becomes U+FFFD (as Go shows it).
pub(super) fn lossy_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| {
        let mut out = String::new();
        for chunk in e.as_bytes().utf8_chunks() {
            out.push_str(chunk.valid());
            out.extend(chunk.invalid().iter().map(|_| '\u{FFFD}'));
        }
        out
    })
}
