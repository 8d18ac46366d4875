//! Encoding functions: Base64 (with Go's decoder rules), gzip, URL query
//! escaping, character encodings, CSV, JSON and YAML (as go-cty, go-cty-yaml
//! and Terraform's `funcs` package do them).
#![cfg_attr(not(feature = "heavy-functions"), allow(dead_code, unused_imports))]

use super::{str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret, Ty};
use crate::render::go_quote;
use crate::value::{Number, Type, Value};
use base64::Engine;
use std::collections::BTreeMap;

const STR: Param = Param::new("str", Ty::String);

/// How deeply decoded JSON and YAML may nest.
const MAX_NESTING: usize = 128;

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "base64decode",
        category: "encoding",
        params: &[STR.marked()],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Decodes a string of Base64 characters (standard alphabet, padded); the bytes must be valid UTF-8.",
        example: "base64decode(\"SGVsbG8gV29ybGQ=\")",
        imp: base64decode,
    },
    FunctionDef {
        name: "base64encode",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Encodes the UTF-8 bytes of a string with Base64 (standard alphabet, padded).",
        example: "base64encode(\"Hello World\")",
        imp: |a, _| Ok(Value::string(base64::engine::general_purpose::STANDARD.encode(str_arg(a, 0)))),
    },
    FunctionDef {
        name: "base64gunzip",
        category: "encoding",
        params: &[STR.marked()],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Decodes a Base64 string and decompresses the bytes with gzip (OpenTofu only).",
        example: "base64gunzip(base64gzip(\"hello\"))",
        imp: heavy!(base64gunzip),
    },
    FunctionDef {
        name: "base64gzip",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Compresses a string with gzip and encodes the result with Base64 (the bytes differ from Go's compressor).",
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
        ret: Ret::Computed(decoded_type),
        description: "Interprets a string as JSON: objects become objects, arrays tuples, and numbers keep every digit.",
        example: "jsondecode(\"{\\\"hello\\\": [1, true, null]}\")",
        imp: jsondecode,
    },
    FunctionDef {
        name: "jsonencode",
        category: "encoding",
        params: &[Param::new("val", Ty::Any).nullable().dynamic()],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Encodes a given value to a string using JSON syntax (object keys sorted; <, > and & escaped).",
        example: "jsonencode({\"hello\" = \"world\"})",
        imp: jsonencode,
    },
    FunctionDef {
        name: "textdecodebase64",
        category: "encoding",
        params: &[Param::new("source", Ty::String), Param::new("encoding", Ty::String)],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description:
            "Decodes Base64 data holding text in a character encoding (UTF-8, UTF-16LE/BE, UTF-16, US-ASCII, ISO-8859-1, windows-1252).",
        example: "textdecodebase64(\"SABlAGwAbABvACAAVwBvAHIAbABkAA==\", \"UTF-16LE\")",
        imp: textdecodebase64,
    },
    FunctionDef {
        name: "textencodebase64",
        category: "encoding",
        params: &[Param::new("string", Ty::String), Param::new("encoding", Ty::String)],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
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
        ret: Ret::Fixed(Ty::String),
        description: "Decodes a URL query-escaped string: %XX escapes, and + for a space (OpenTofu only).",
        example: "urldecode(\"Hello+World%21\")",
        imp: urldecode,
    },
    FunctionDef {
        name: "urlencode",
        category: "encoding",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Escapes a string for a URL query: + for a space, %XX for all but letters, digits and -_.~.",
        example: "urlencode(\"Hello World!\")",
        imp: |a, _| Ok(Value::string(query_escape(str_arg(a, 0)))),
    },
    FunctionDef {
        name: "yamldecode",
        category: "encoding",
        params: &[Param::new("src", Ty::String)],
        variadic: None,
        ret: Ret::Computed(decoded_type),
        description: "Parses one YAML document (yes/no/on/off are bools): mappings become objects and sequences tuples.",
        example: "yamldecode(\"hello: world\\nlist: [1, yes, ~]\")",
        imp: heavy!(yamldecode),
    },
    FunctionDef {
        name: "yamlencode",
        category: "encoding",
        params: &[Param::new("value", Ty::Any).nullable().dynamic()],
        variadic: None,
        ret: Ret::Fixed(Ty::String),
        description: "Encodes a value as a YAML document in block style, with double-quoted keys and strings.",
        example: "yamlencode({\"a\" = \"b\", \"list\" = [1, true]})",
        imp: heavy!(yamlencode),
    },
];

/// The decoders' result type is only known from the text; an unknown text
/// gives a value of unknown type, and the implementation works out the rest.
fn decoded_type(_: &[Value]) -> Result<Type, CallError> {
    Ok(Type::Dynamic)
}

/// Go's `%q` of bytes that may not be UTF-8 (invalid bytes as `\xNN`).
pub(super) fn go_quote_bytes(b: &[u8]) -> String {
    let mut out = String::from("\"");
    for chunk in b.utf8_chunks() {
        let q = go_quote(chunk.valid());
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
fn lossy_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| {
        let mut out = String::new();
        for chunk in e.as_bytes().utf8_chunks() {
            out.push_str(chunk.valid());
            out.extend(chunk.invalid().iter().map(|_| '\u{FFFD}'));
        }
        out
    })
}

// ------------------------------------------------------------------ Base64

/// Go's `base64.StdEncoding.DecodeString`: padding required, CR and LF
/// skipped anywhere, trailing bits not checked; the error is the offset of
/// the first bad byte (`CorruptInputError`).
fn go_base64_decode(src: &[u8]) -> Result<Vec<u8>, usize> {
    fn sextet(c: u8) -> Option<u8> {
        match c {
            b'A'..=b'Z' => Some(c - b'A'),
            b'a'..=b'z' => Some(c - b'a' + 26),
            b'0'..=b'9' => Some(c - b'0' + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    let skip_newlines = |mut i: usize| {
        while i < src.len() && (src[i] == b'\n' || src[i] == b'\r') {
            i += 1;
        }
        i
    };
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    while si < src.len() {
        let mut buf = [0u8; 4];
        let mut len = 4;
        let mut trailing = None;
        let mut j = 0;
        while j < 4 {
            if si == src.len() {
                if j == 0 {
                    return Ok(out);
                }
                return Err(si - j);
            }
            let c = src[si];
            si += 1;
            if let Some(v) = sextet(c) {
                buf[j] = v;
                j += 1;
                continue;
            }
            if c == b'\n' || c == b'\r' {
                continue;
            }
            if c != b'=' || j < 2 {
                return Err(si - 1);
            }
            if j == 2 {
                si = skip_newlines(si);
                if si == src.len() {
                    return Err(src.len());
                }
                if src[si] != b'=' {
                    return Err(si - 1);
                }
                si += 1;
            }
            si = skip_newlines(si);
            if si < src.len() {
                trailing = Some(si);
            }
            len = j;
            break;
        }
        let v = u32::from(buf[0]) << 18 | u32::from(buf[1]) << 12 | u32::from(buf[2]) << 6 | u32::from(buf[3]);
        let bytes = [(v >> 16) as u8, (v >> 8) as u8, v as u8];
        out.extend_from_slice(&bytes[..len - 1]);
        if let Some(at) = trailing {
            return Err(at);
        }
    }
    Ok(out)
}

/// Terraform's `redactIfSensitive` for a string in a message.
fn redact(s: &str, marked: bool) -> String {
    if marked {
        "(sensitive value)".into()
    } else {
        go_quote(s)
    }
}

fn base64decode(a: &[Value], _: &mut Ctx) -> CallResult {
    let marked = a[0].is_marked();
    let s = str_arg(a, 0);
    let bytes =
        go_base64_decode(s.as_bytes()).map_err(|_| CallError::call(format!("failed to decode base64 data {}", redact(s, marked))))?;
    let text = String::from_utf8(bytes).map_err(|_| CallError::call("the result of decoding the provided string is not valid UTF-8"))?;
    Ok(Value::string(text).mark_if(marked))
}

fn base64gzip(a: &[Value], ctx: &mut Ctx) -> CallResult {
    use std::io::Write;
    let s = str_arg(a, 0);
    ctx.charge(s.len() as u64 / 64)?;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    // Terraform flushes before closing, which adds an empty sync block.
    let bytes = gz
        .write_all(s.as_bytes())
        .and_then(|()| gz.flush())
        .and_then(|()| gz.finish())
        .map_err(|e| CallError::call(format!("failed to write gzip raw data: {e}")))?;
    Ok(Value::string(base64::engine::general_purpose::STANDARD.encode(bytes)))
}

/// The most a gunzipped string may hold.
const MAX_GUNZIP: usize = 16 << 20;

fn base64gunzip(a: &[Value], ctx: &mut Ctx) -> CallResult {
    use std::io::Read;
    let marked = a[0].is_marked();
    let s = str_arg(a, 0);
    let bytes =
        go_base64_decode(s.as_bytes()).map_err(|_| CallError::call(format!("failed to decode base64 data {}", redact(s, marked))))?;
    if bytes.is_empty() {
        return Err(CallError::call("failed to gunzip bytestream: EOF"));
    }
    if bytes.len() < 10 {
        return Err(CallError::call("failed to gunzip bytestream: unexpected EOF"));
    }
    if bytes[0] != 0x1f || bytes[1] != 0x8b || bytes[2] != 8 {
        return Err(CallError::call("failed to gunzip bytestream: gzip: invalid header"));
    }
    let mut reader = flate2::read::MultiGzDecoder::new(&bytes[..]);
    let mut out = Vec::new();
    let mut chunk = [0u8; 64 << 10];
    loop {
        let n = reader.read(&mut chunk).map_err(|e| CallError::call(format!("failed to read gunzip raw data: {}", gunzip_error(&e))))?;
        if n == 0 {
            break;
        }
        out.extend_from_slice(&chunk[..n]);
        ctx.charge(n as u64 / 256)?;
        if out.len() > MAX_GUNZIP {
            ctx.check_size(usize::MAX)?;
        }
    }
    ctx.check_size(out.len() / 64)?;
    Ok(Value::string(lossy_string(out)).mark_if(marked))
}

/// Go's wording for the usual ways a gzip stream goes wrong.
fn gunzip_error(e: &std::io::Error) -> String {
    let text = e.to_string();
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        "unexpected EOF".into()
    } else if text.contains("checksum") || text.contains("crc") {
        "gzip: invalid checksum".into()
    } else if text.contains("header") {
        "gzip: invalid header".into()
    } else {
        "flate: corrupt input".into()
    }
}

// --------------------------------------------------------------------- URL

/// Go's `url.QueryEscape`.
fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Go's `url.QueryUnescape`, with OpenTofu's message (the decoded text in
/// the message is always empty, as Go returns nothing on error).
fn urldecode(a: &[Value], _: &mut Ctx) -> CallResult {
    let b = str_arg(a, 0).as_bytes();
    let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => match (b.get(i + 1).copied().and_then(hex), b.get(i + 2).copied().and_then(hex)) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 3;
                }
                _ => {
                    let bad = &b[i..(i + 3).min(b.len())];
                    return Err(CallError::call(format!("failed to decode URL '': invalid URL escape {}", go_quote_bytes(bad))));
                }
            },
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(Value::string(lossy_string(out)))
}

// ------------------------------------------------------ character encodings

#[derive(Clone, Copy, PartialEq)]
enum Charset {
    Utf8,
    Utf16Be,
    Utf16Le,
    /// Big-endian with a byte order mark written, and honoured when read.
    Utf16Bom,
    Ascii,
    Latin1,
    Windows1252,
}

impl Charset {
    /// The IANA name Terraform reports.
    fn name(self) -> &'static str {
        match self {
            Charset::Utf8 => "UTF-8",
            Charset::Utf16Be => "UTF-16BE",
            Charset::Utf16Le => "UTF-16LE",
            Charset::Utf16Bom => "UTF-16",
            Charset::Ascii => "US-ASCII",
            Charset::Latin1 => "ISO_8859-1:1987",
            Charset::Windows1252 => "windows-1252",
        }
    }
}

/// IANA names and aliases (lower case) of the encodings implemented here.
const CHARSETS: &[(&str, Charset)] = &[
    ("utf-8", Charset::Utf8),
    ("csutf8", Charset::Utf8),
    ("utf-16be", Charset::Utf16Be),
    ("csutf16be", Charset::Utf16Be),
    ("utf-16le", Charset::Utf16Le),
    ("csutf16le", Charset::Utf16Le),
    ("utf-16", Charset::Utf16Bom),
    ("csutf16", Charset::Utf16Bom),
    ("us-ascii", Charset::Ascii),
    ("iso-ir-6", Charset::Ascii),
    ("ansi_x3.4-1968", Charset::Ascii),
    ("ansi_x3.4-1986", Charset::Ascii),
    ("iso_646.irv:1991", Charset::Ascii),
    ("iso646-us", Charset::Ascii),
    ("us", Charset::Ascii),
    ("ibm367", Charset::Ascii),
    ("cp367", Charset::Ascii),
    ("csascii", Charset::Ascii),
    ("iso_8859-1:1987", Charset::Latin1),
    ("iso-ir-100", Charset::Latin1),
    ("iso_8859-1", Charset::Latin1),
    ("iso-8859-1", Charset::Latin1),
    ("latin1", Charset::Latin1),
    ("l1", Charset::Latin1),
    ("ibm819", Charset::Latin1),
    ("cp819", Charset::Latin1),
    ("csisolatin1", Charset::Latin1),
    ("windows-1252", Charset::Windows1252),
    ("cswindows1252", Charset::Windows1252),
];

/// Other encodings Terraform supports (by their usual names), which this
/// evaluator does not carry tables for.
const OTHER_CHARSETS: &[&str] = &[
    "big5",
    "euc-jp",
    "euc-kr",
    "gb18030",
    "gbk",
    "hz-gb-2312",
    "ibm00858",
    "ibm01140",
    "ibm037",
    "ibm1047",
    "ibm437",
    "ibm850",
    "ibm852",
    "ibm855",
    "ibm860",
    "ibm862",
    "ibm863",
    "ibm865",
    "ibm866",
    "iso-2022-jp",
    "iso-8859-10",
    "iso-8859-13",
    "iso-8859-14",
    "iso-8859-15",
    "iso-8859-16",
    "iso-8859-2",
    "iso-8859-3",
    "iso-8859-4",
    "iso-8859-5",
    "iso-8859-6",
    "iso-8859-7",
    "iso-8859-8",
    "iso-8859-9",
    "koi8-r",
    "koi8-u",
    "macintosh",
    "shift_jis",
    "windows-1250",
    "windows-1251",
    "windows-1253",
    "windows-1254",
    "windows-1255",
    "windows-1256",
    "windows-1257",
    "windows-1258",
    "windows-874",
];

/// windows-1252's bytes 0x80 to 0x9F (0 where the byte is undefined).
const CP1252_HIGH: [u16; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019,
    0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// golang.org/x/text's `ianaindex.IANA.Encoding`: the name trimmed, then
/// matched as given or in lower case.
fn charset(a: &[Value], i: usize) -> Result<Charset, CallError> {
    let given = str_arg(a, i);
    let name = given.trim().to_lowercase();
    if let Some((_, c)) = CHARSETS.iter().find(|(n, _)| *n == name) {
        return Ok(*c);
    }
    if OTHER_CHARSETS.contains(&name.as_str()) {
        return Err(CallError::arg(
            i,
            format!("{} is an encoding Terraform supports, but this evaluator does not implement it", go_quote(given)),
        ));
    }
    Err(CallError::arg(i, format!("{} is not a supported IANA encoding name or alias in this Terraform version", go_quote(given))))
}

fn encode_text(s: &str, cs: Charset) -> Option<Vec<u8>> {
    let utf16 = |big: bool| s.encode_utf16().flat_map(move |u| if big { u.to_be_bytes() } else { u.to_le_bytes() });
    Some(match cs {
        Charset::Utf8 => s.as_bytes().to_vec(),
        Charset::Utf16Be => utf16(true).collect(),
        Charset::Utf16Le => utf16(false).collect(),
        Charset::Utf16Bom => [0xFE, 0xFF].into_iter().chain(utf16(true)).collect(),
        Charset::Ascii => s.chars().map(|c| u8::try_from(c).ok().filter(u8::is_ascii)).collect::<Option<_>>()?,
        Charset::Latin1 => s.chars().map(|c| u8::try_from(c).ok()).collect::<Option<_>>()?,
        Charset::Windows1252 => s
            .chars()
            .map(|c| match u32::from(c) {
                u @ (0..=0x7F | 0xA0..=0xFF) => Some(u as u8),
                u => CP1252_HIGH.iter().position(|&x| x != 0 && u32::from(x) == u).map(|p| 0x80 + p as u8),
            })
            .collect::<Option<_>>()?,
    })
}

/// Decodes as x/text does, with U+FFFD for anything undefined (which the
/// caller then rejects).
fn decode_text(b: &[u8], cs: Charset) -> String {
    let utf16 = |b: &[u8], big: bool| {
        let units = b.chunks(2).map(|p| match p {
            [x, y] if big => u16::from_be_bytes([*x, *y]),
            [x, y] => u16::from_le_bytes([*x, *y]),
            _ => 0xDC00, // a lone byte: undefined
        });
        char::decode_utf16(units).map(|r| r.unwrap_or('\u{FFFD}')).collect::<String>()
    };
    match cs {
        Charset::Utf8 => String::from_utf8_lossy(b).into_owned(),
        Charset::Utf16Be => utf16(b, true),
        Charset::Utf16Le => utf16(b, false),
        Charset::Utf16Bom => match b {
            [0xFE, 0xFF, rest @ ..] => utf16(rest, true),
            [0xFF, 0xFE, rest @ ..] => utf16(rest, false),
            _ => utf16(b, true),
        },
        Charset::Ascii => b.iter().map(|&x| if x < 0x80 { x as char } else { '\u{FFFD}' }).collect(),
        Charset::Latin1 => b.iter().map(|&x| x as char).collect(),
        Charset::Windows1252 => b
            .iter()
            .map(|&x| match x {
                0x80..=0x9F => char::from_u32(u32::from(CP1252_HIGH[usize::from(x - 0x80)])).filter(|&c| c != '\0').unwrap_or('\u{FFFD}'),
                _ => x as char,
            })
            .collect(),
    }
}

fn textencodebase64(a: &[Value], _: &mut Ctx) -> CallResult {
    let cs = charset(a, 1)?;
    let bytes = encode_text(str_arg(a, 0), cs)
        .ok_or_else(|| CallError::arg(0, format!("the given string contains characters that cannot be represented in {}", cs.name())))?;
    Ok(Value::string(base64::engine::general_purpose::STANDARD.encode(bytes)))
}

fn textdecodebase64(a: &[Value], _: &mut Ctx) -> CallResult {
    let cs = charset(a, 1)?;
    let bytes = go_base64_decode(str_arg(a, 0).as_bytes())
        .map_err(|at| CallError::arg(0, format!("the given value is has an invalid base64 symbol at offset {at}")))?;
    let text = decode_text(&bytes, cs);
    if text.contains('\u{FFFD}') {
        return Err(CallError::arg(0, format!("the given string contains symbols that are not defined for {}", cs.name())));
    }
    Ok(Value::string(text))
}

// --------------------------------------------------------------------- CSV

/// Go's `encoding/csv` reader with its defaults (comma-separated, strict
/// quotes, empty lines skipped, CRLF read as LF). Not the `csv` crate: it
/// accepts what Go rejects (a stray `"` in an unquoted field or after a
/// closing quote) and has none of Go's error messages, which Terraform
/// shows.
struct CsvReader<'a> {
    src: &'a [u8],
    pos: usize,
    /// Lines read so far (Go's `numLine`).
    line: usize,
    /// Fields every record must have, once known.
    fields: Option<usize>,
}

/// A `csv.ParseError`: the line it reports, and what went wrong.
struct CsvError {
    line: usize,
    message: &'static str,
}

const ERR_BARE_QUOTE: &str = "bare \" in non-quoted-field";
const ERR_QUOTE: &str = "extraneous or missing \" in quoted-field";
const ERR_FIELD_COUNT: &str = "wrong number of fields";

fn nl_len(l: &[u8]) -> usize {
    usize::from(l.last() == Some(&b'\n'))
}

impl CsvReader<'_> {
    /// One line with its newline (CRLF as LF); `None` at the end.
    fn read_line(&mut self) -> Option<Vec<u8>> {
        self.line += 1;
        let rest = &self.src[self.pos..];
        if rest.is_empty() {
            return None;
        }
        let mut line = match rest.iter().position(|&b| b == b'\n') {
            Some(nl) => rest[..=nl].to_vec(),
            None => rest.strip_suffix(b"\r").unwrap_or(rest).to_vec(),
        };
        self.pos += rest.iter().position(|&b| b == b'\n').map_or(rest.len(), |nl| nl + 1);
        if line.ends_with(b"\r\n") {
            line.truncate(line.len() - 2);
            line.push(b'\n');
        }
        Some(line)
    }

    /// The next record, `Ok(None)` at the end.
    fn read(&mut self) -> Result<Option<Vec<String>>, CsvError> {
        let first = loop {
            match self.read_line() {
                None => return Ok(None),
                Some(l) if l.len() == nl_len(&l) => continue,
                Some(l) => break l,
            }
        };
        let rec_line = self.line;
        let mut pos_line = rec_line;
        let mut record: Vec<Vec<u8>> = Vec::new();
        let mut line = first;
        let mut rest = 0; // offset into `line`
        'fields: loop {
            if line.get(rest) != Some(&b'"') {
                let tail = &line[rest..];
                let comma = tail.iter().position(|&b| b == b',');
                let field = &tail[..comma.unwrap_or(tail.len() - nl_len(tail))];
                if field.contains(&b'"') {
                    return Err(CsvError { line: self.line, message: ERR_BARE_QUOTE });
                }
                record.push(field.to_vec());
                match comma {
                    Some(i) => rest += i + 1,
                    None => break 'fields,
                }
            } else {
                rest += 1;
                let mut field = Vec::new();
                loop {
                    let tail = &line[rest..];
                    if let Some(i) = tail.iter().position(|&b| b == b'"') {
                        field.extend_from_slice(&tail[..i]);
                        rest += i + 1;
                        let after = &line[rest..];
                        match after.first() {
                            Some(b'"') => {
                                field.push(b'"');
                                rest += 1;
                            }
                            Some(b',') => {
                                rest += 1;
                                record.push(field);
                                continue 'fields;
                            }
                            _ if after.len() == nl_len(after) => {
                                record.push(field);
                                break 'fields;
                            }
                            _ => return Err(CsvError { line: self.line, message: ERR_QUOTE }),
                        }
                    } else if !tail.is_empty() {
                        field.extend_from_slice(tail);
                        line = self.read_line().unwrap_or_default();
                        rest = 0;
                        if !line.is_empty() {
                            pos_line += 1;
                        }
                    } else {
                        return Err(CsvError { line: pos_line, message: ERR_QUOTE });
                    }
                }
            }
        }
        match self.fields {
            Some(n) if n != record.len() => return Err(CsvError { line: rec_line, message: ERR_FIELD_COUNT }),
            Some(_) => {}
            None => self.fields = Some(record.len()),
        }
        Ok(Some(record.into_iter().map(lossy_string).collect()))
    }
}

/// go-cty's `CSVDecodeFunc`: the header names the attributes (all strings).
fn csvdecode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let src = str_arg(a, 0);
    ctx.charge(src.len() as u64 / 16)?;
    let mut r = CsvReader { src: src.as_bytes(), pos: 0, line: 0, fields: None };
    let csv_error = |e: CsvError| CallError::call(format!("CSV parse error on line {}: {}", e.line, e.message));
    let header = r.read().map_err(csv_error)?.ok_or_else(|| CallError::call("missing header line"))?;
    let mut seen = std::collections::BTreeSet::new();
    for name in &header {
        if !seen.insert(name.as_str()) {
            return Err(CallError::call(format!("duplicate column name {}", go_quote(name))));
        }
    }
    let names: Vec<String> = header.iter().map(|n| crate::value::nfc(n.clone())).collect();
    let ety = Type::Object(names.iter().map(|n| (n.clone(), Type::String)).collect());
    let mut rows = Vec::new();
    while let Some(fields) = r.read().map_err(csv_error)? {
        rows.push(Value::Object(names.iter().cloned().zip(fields.into_iter().map(Value::string)).collect()));
    }
    ctx.check_size(rows.len())?;
    Ok(Value::List(ety, rows.into()))
}

// -------------------------------------------------------------------- JSON

/// A parsed JSON value; numbers keep their literal text and objects their
/// members in order, duplicates included.
enum Json {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

/// Where Go's `json.Decoder.Token` is in the token stream; its errors name
/// the state.
#[derive(Clone, Copy, PartialEq)]
enum JsonState {
    Top,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

/// Go's `quoteChar`: a byte shown as a quoted rune (bytes above 0x7F as
/// the Latin-1 character of that number, as Go converts a byte).
fn quote_char(c: u8) -> String {
    match c {
        b'\'' => "'\\''".into(),
        b'"' => "'\"'".into(),
        _ => {
            let q = go_quote(&char::from(c).to_string());
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}

/// Reads JSON as go-cty's `ImpliedType` does, through Go's token decoder,
/// with Go's error messages.
struct JsonReader<'a> {
    b: &'a [u8],
    pos: usize,
    depth: usize,
}

impl JsonReader<'_> {
    fn peek(&mut self) -> Option<u8> {
        while let Some(&c) = self.b.get(self.pos) {
            if !matches!(c, b' ' | b'\t' | b'\r' | b'\n') {
                return Some(c);
            }
            self.pos += 1;
        }
        None
    }

    fn token_error(c: u8, state: JsonState) -> String {
        let context = match state {
            JsonState::Top | JsonState::ArrayStart | JsonState::ArrayValue | JsonState::ObjectValue => " looking for beginning of value",
            JsonState::ArrayComma => " after array element",
            JsonState::ObjectKey => " looking for beginning of object key string",
            JsonState::ObjectColon => " after object key",
            JsonState::ObjectComma => " after object key:value pair",
            JsonState::ObjectStart => "",
        };
        format!("invalid character {}{context}", quote_char(c))
    }

    /// A value where one is allowed (`state` is a value state).
    fn value(&mut self, state: JsonState) -> Result<Json, String> {
        let c = self.peek().ok_or("EOF")?;
        match c {
            b'[' | b'{' => {
                self.pos += 1;
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    return Err(format!("JSON value nested more than {MAX_NESTING} levels deep"));
                }
                let v = if c == b'[' { self.array() } else { self.object() };
                self.depth -= 1;
                v
            }
            b']' | b'}' | b':' | b',' => Err(Self::token_error(c, state)),
            _ => self.scalar(),
        }
    }

    fn array(&mut self) -> Result<Json, String> {
        let mut state = JsonState::ArrayStart;
        let mut items = Vec::new();
        loop {
            let c = self.peek().ok_or("EOF")?;
            match (c, state) {
                (b']', JsonState::ArrayStart | JsonState::ArrayComma) => {
                    self.pos += 1;
                    return Ok(Json::Array(items));
                }
                (b',', JsonState::ArrayComma) => {
                    self.pos += 1;
                    state = JsonState::ArrayValue;
                }
                (_, JsonState::ArrayComma) => return Err(Self::token_error(c, state)),
                _ => {
                    items.push(self.value(state)?);
                    state = JsonState::ArrayComma;
                }
            }
        }
    }

    fn object(&mut self) -> Result<Json, String> {
        let mut state = JsonState::ObjectStart;
        let mut members = Vec::new();
        let mut key = String::new();
        loop {
            let c = self.peek().ok_or("EOF")?;
            match (c, state) {
                (b'}', JsonState::ObjectStart | JsonState::ObjectComma) => {
                    self.pos += 1;
                    return Ok(Json::Object(members));
                }
                (b',', JsonState::ObjectComma) => {
                    self.pos += 1;
                    state = JsonState::ObjectKey;
                }
                (b':', JsonState::ObjectColon) => {
                    self.pos += 1;
                    state = JsonState::ObjectValue;
                }
                (b'"', JsonState::ObjectStart | JsonState::ObjectKey) => {
                    key = self.string()?;
                    state = JsonState::ObjectColon;
                }
                (_, JsonState::ObjectValue) => {
                    let v = self.value(state)?;
                    members.push((std::mem::take(&mut key), v));
                    state = JsonState::ObjectComma;
                }
                _ => return Err(Self::token_error(c, state)),
            }
        }
    }

    /// A string, number or literal, scanned as Go's `Decoder.Decode` does.
    fn scalar(&mut self) -> Result<Json, String> {
        let b = self.b;
        let c = b[self.pos];
        let unexpected_eof = || "unexpected EOF".to_string();
        match c {
            b'"' => self.string().map(Json::String),
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                let mut i = self.pos;
                let digits = |i: &mut usize| {
                    while *i < b.len() && b[*i].is_ascii_digit() {
                        *i += 1;
                    }
                };
                if b[i] == b'-' {
                    i += 1;
                    match b.get(i) {
                        None => return Err(unexpected_eof()),
                        Some(d) if d.is_ascii_digit() => {}
                        Some(&x) => return Err(format!("invalid character {} in numeric literal", quote_char(x))),
                    }
                }
                if b[i] == b'0' {
                    i += 1;
                } else {
                    digits(&mut i);
                }
                if b.get(i) == Some(&b'.') {
                    i += 1;
                    match b.get(i) {
                        None => return Err(unexpected_eof()),
                        Some(d) if d.is_ascii_digit() => digits(&mut i),
                        Some(&x) => return Err(format!("invalid character {} after decimal point in numeric literal", quote_char(x))),
                    }
                }
                if matches!(b.get(i), Some(b'e' | b'E')) {
                    i += 1;
                    if matches!(b.get(i), Some(b'+' | b'-')) {
                        i += 1;
                    }
                    match b.get(i) {
                        None => return Err(unexpected_eof()),
                        Some(d) if d.is_ascii_digit() => digits(&mut i),
                        Some(&x) => return Err(format!("invalid character {} in exponent of numeric literal", quote_char(x))),
                    }
                }
                self.pos = i;
                Ok(Json::Number(String::from_utf8_lossy(&b[start..i]).into_owned()))
            }
            b't' | b'f' | b'n' => {
                let (word, v) = match c {
                    b't' => ("true", Json::Bool(true)),
                    b'f' => ("false", Json::Bool(false)),
                    _ => ("null", Json::Null),
                };
                for (k, want) in word.bytes().enumerate().skip(1) {
                    match b.get(self.pos + k) {
                        None => return Err(unexpected_eof()),
                        Some(&x) if x != want => {
                            return Err(format!("invalid character {} in literal {word} (expecting {})", quote_char(x), quote_char(want)))
                        }
                        Some(_) => {}
                    }
                }
                self.pos += word.len();
                Ok(v)
            }
            _ => Err(format!("invalid character {} looking for beginning of value", quote_char(c))),
        }
    }

    /// A string literal (the reader is at its opening quote), unquoted as
    /// Go does: lone surrogates become U+FFFD.
    fn string(&mut self) -> Result<String, String> {
        let b = self.b;
        let mut i = self.pos + 1;
        let mut out = String::new();
        let hex4 = |at: usize| -> Option<u32> {
            let s = b.get(at..at + 4)?;
            u32::from_str_radix(std::str::from_utf8(s).ok()?, 16).ok().filter(|_| s.iter().all(u8::is_ascii_hexdigit))
        };
        loop {
            let start = i;
            while i < b.len() && b[i] != b'"' && b[i] != b'\\' && b[i] >= 0x20 {
                i += 1;
            }
            out.push_str(&String::from_utf8_lossy(&b[start..i]));
            match b.get(i) {
                None => return Err("unexpected EOF".into()),
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    let e = *b.get(i + 1).ok_or("unexpected EOF")?;
                    i += 2;
                    match e {
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'\\' | b'/' | b'"' => out.push(e as char),
                        b'u' => {
                            for k in 0..4 {
                                match b.get(i + k) {
                                    None => return Err("unexpected EOF".into()),
                                    Some(x) if x.is_ascii_hexdigit() => {}
                                    Some(&x) => {
                                        return Err(format!("invalid character {} in \\u hexadecimal character escape", quote_char(x)))
                                    }
                                }
                            }
                            let r = hex4(i).unwrap_or(0xFFFD);
                            i += 4;
                            if (0xD800..0xE000).contains(&r) {
                                let low = if b.get(i..i + 2) == Some(b"\\u") { hex4(i + 2) } else { None };
                                match low {
                                    Some(lo) if r < 0xDC00 && (0xDC00..0xE000).contains(&lo) => {
                                        out.push(char::from_u32(0x10000 + ((r - 0xD800) << 10) + (lo - 0xDC00)).unwrap_or('\u{FFFD}'));
                                        i += 6;
                                    }
                                    _ => out.push('\u{FFFD}'),
                                }
                            } else {
                                out.push(char::from_u32(r).unwrap_or('\u{FFFD}'));
                            }
                        }
                        x => return Err(format!("invalid character {} in string escape code", quote_char(x))),
                    }
                }
                Some(&x) => return Err(format!("invalid character {} in string literal", quote_char(x))),
            }
        }
    }
}

/// The type go-cty's `ImpliedType` gives (the last of duplicate members wins).
fn json_type(j: &Json) -> Type {
    match j {
        Json::Null => Type::Dynamic,
        Json::Bool(_) => Type::Bool,
        Json::Number(_) => Type::Number,
        Json::String(_) => Type::String,
        Json::Array(items) => Type::Tuple(items.iter().map(json_type).collect()),
        Json::Object(members) => {
            let mut m = BTreeMap::new();
            for (k, v) in members {
                m.insert(crate::value::nfc(k.clone()), json_type(v));
            }
            Type::Object(m)
        }
    }
}

fn json_number(text: &str) -> Result<Value, String> {
    Number::parse(text).map(Value::Number).ok_or_else(|| "a number is required".to_string())
}

/// go-cty's `json.Unmarshal` of a value into its implied type.
fn json_value(j: &Json) -> Result<Value, String> {
    Ok(match j {
        Json::Null => Value::null(),
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(t) => json_number(t)?,
        Json::String(s) => Value::string(s.clone()),
        Json::Array(items) => Value::Tuple(items.iter().map(json_value).collect::<Result<_, _>>()?),
        Json::Object(_) => json_as(j, &json_type(j))?,
    })
}

/// go-cty 1.12's `json.Unmarshal` of a value into a given type, which the
/// earlier of duplicate object members go through (the type is the last
/// one's).
fn json_as(j: &Json, ty: &Type) -> Result<Value, String> {
    if let Json::Null = j {
        return Ok(Value::Null(ty.clone()));
    }
    match ty {
        Type::Dynamic => json_dynamic(j),
        Type::Bool => match j {
            Json::Bool(b) => Ok(Value::Bool(*b)),
            Json::String(s) => crate::value::convert::convert(&Value::string(s.clone()), ty),
            _ => Err("bool is required".into()),
        },
        Type::Number => match j {
            Json::Number(t) | Json::String(t) => json_number(t),
            _ => Err("number is required".into()),
        },
        Type::String => match j {
            Json::String(s) | Json::Number(s) => Ok(Value::string(s.clone())),
            Json::Bool(b) => Ok(Value::string(if *b { "true" } else { "false" })),
            _ => Err("string is required".into()),
        },
        Type::Tuple(etys) => {
            let Json::Array(items) = j else { return Err("missing expected [".into()) };
            let mut vals = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let ety = etys.get(i).ok_or_else(|| format!("too many tuple elements (need {})", etys.len()))?;
                vals.push(json_as(item, ety)?);
            }
            if vals.len() != etys.len() {
                return Err(format!("not enough tuple elements (need {})", etys.len()));
            }
            Ok(Value::Tuple(vals.into()))
        }
        Type::Object(atys) => {
            let Json::Object(members) = j else { return Err("missing expected {".into()) };
            let mut vals = BTreeMap::new();
            for (k, v) in members {
                let k = crate::value::nfc(k.clone());
                let aty = atys.get(&k).ok_or_else(|| format!("unsupported attribute {}", go_quote(&k)))?;
                vals.insert(k, json_as(v, aty)?);
            }
            for (k, aty) in atys {
                vals.entry(k.clone()).or_insert_with(|| Value::Null(aty.clone()));
            }
            Ok(Value::Object(vals.into()))
        }
        _ => Err(format!("unsupported type {}", ty.friendly_name())),
    }
}

/// go-cty's reading of a value of unknown type: an object holding its type
/// and value (this only matters for the errors, as a later duplicate null
/// replaces the result).
fn json_dynamic(j: &Json) -> Result<Value, String> {
    let Json::Object(members) = j else { return Err("missing expected {".into()) };
    let (mut ty, mut value) = (None, None);
    for (k, v) in members {
        match k.as_str() {
            "type" => {
                ty = Some(match v {
                    Json::String(s) => match s.as_str() {
                        "string" => Type::String,
                        "number" => Type::Number,
                        "bool" => Type::Bool,
                        "dynamic" => Type::Dynamic,
                        other => {
                            return Err(format!("failed to decode type for dynamic value: invalid primitive type name {}", go_quote(other)))
                        }
                    },
                    _ => Type::Dynamic,
                })
            }
            "value" => value = Some(v),
            other => return Err(format!("invalid key {} in dynamically-typed value", go_quote(other))),
        }
    }
    let ty = ty.ok_or("missing type in dynamically-typed value")?;
    let value = value.ok_or("missing value in dynamically-typed value")?;
    if ty == Type::Dynamic {
        return json_value(value);
    }
    json_as(value, &ty)
}

/// go-cty's `JSONDecodeFunc`.
fn jsondecode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let src = str_arg(a, 0);
    ctx.charge(src.len() as u64 / 16)?;
    let mut r = JsonReader { b: src.as_bytes(), pos: 0, depth: 0 };
    let j = r.value(JsonState::Top).map_err(CallError::call)?;
    if r.peek().is_some_and(|c| c != b']' && c != b'}') {
        return Err(CallError::call("extraneous data after JSON object"));
    }
    let v = json_value(&j).map_err(CallError::call)?;
    ctx.check_size(v.weight())?;
    Ok(v)
}

// ------------------------------------------------------------- YAML decode

mod yaml_decode {
    //! go-cty-yaml's decoder over yaml-rust2's events: YAML 1.1 scalar
    //! resolution (quoted scalars are always strings), anchors, merge keys,
    //! and go-cty-yaml's messages, positioned as libyaml's 0-based marks
    //! make them ("on line L, column C: …" only past the first line).

    use super::{go_base64_decode, go_quote, CallError, Ctx, Number, Type, Value, MAX_NESTING};
    use std::collections::{BTreeMap, HashMap};
    use yaml_rust2::parser::{Event, Parser, Tag};
    use yaml_rust2::scanner::{Marker, ScanError, Scanner, TScalarStyle, TokenType};

    const STR_TAG: &str = "tag:yaml.org,2002:str";
    const BOOL_TAG: &str = "tag:yaml.org,2002:bool";
    const INT_TAG: &str = "tag:yaml.org,2002:int";
    const FLOAT_TAG: &str = "tag:yaml.org,2002:float";
    const NULL_TAG: &str = "tag:yaml.org,2002:null";
    const TIMESTAMP_TAG: &str = "tag:yaml.org,2002:timestamp";
    const BINARY_TAG: &str = "tag:yaml.org,2002:binary";
    const MERGE_TAG: &str = "tag:yaml.org,2002:merge";
    const SEQ_TAG: &str = "tag:yaml.org,2002:seq";
    const MAP_TAG: &str = "tag:yaml.org,2002:map";

    /// A decoded node: go-cty-yaml's implied type and its value.
    type Node = (Type, Value);

    /// A libyaml-style position: 0-based line and column.
    #[derive(Clone, Copy)]
    struct Pos {
        line: usize,
        col: usize,
    }

    impl From<&Marker> for Pos {
        fn from(m: &Marker) -> Pos {
            Pos { line: m.line().saturating_sub(1), col: m.col() }
        }
    }

    /// go-cty-yaml's `parseEventErrorWrap`: line 0 gets no position.
    fn at(pos: Pos, msg: impl Into<String>) -> String {
        let msg = msg.into();
        if pos.line == 0 {
            msg
        } else {
            format!("on line {}, column {}: {msg}", pos.line, pos.col + 1)
        }
    }

    fn fail(pos: Pos, msg: impl Into<String>) -> CallError {
        CallError::call(at(pos, msg))
    }

    /// A scanner error as go-cty-yaml places it: on the next line, column 1.
    fn scanner_error(line: usize, problem: &str) -> String {
        if line == 0 {
            problem.to_string()
        } else {
            format!("on line {}, column 1: {problem}", line + 1)
        }
    }

    /// libyaml's wording and go-cty-yaml's placing of a syntax error that
    /// yaml-rust2 reports in its own words.
    fn syntax_error(e: &ScanError, text: &[char]) -> String {
        let info = e.info();
        let problem = match info.split_once(", ") {
            Some((context, problem)) if context.starts_with("while ") => problem,
            _ => info,
        };
        let problem = match problem {
            "expected ',' or ']'" => "did not find expected ',' or ']'",
            "expected ',' or '}'" => "did not find expected ',' or '}'",
            "found a tab" => "found a tab character that violates indentation",
            "a block scalar content cannot start with a tab" => "found a tab character where an indentation space is expected",
            "simple key expect ':'" | "simple key expected" => "could not find expected ':'",
            "did not find expected <document-start>" => "did not find expected <document start>",
            p if p.starts_with("unexpected character") || p.starts_with("tab") => "found character that cannot start any token",
            p => p,
        };
        let parser_error = [
            "did not find expected <document start>",
            "did not find expected node content",
            "did not find expected ',' or ']'",
            "did not find expected ',' or '}'",
            "did not find expected key",
            "did not find expected '-' indicator",
            "found undefined tag handle",
            "found incompatible YAML document",
        ]
        .contains(&problem);
        let mut pos = Pos::from(e.marker());
        if problem == "found unexpected end of stream" {
            // libyaml notices at the end of the input.
            pos.line = text.iter().filter(|&&c| c == '\n').count();
        }
        if parser_error {
            at(pos, problem)
        } else {
            scanner_error(pos.line, problem)
        }
    }

    enum Anchor {
        Pending(usize),
        Done(Node),
    }

    /// What one pass over the source by yaml-rust2's scanner tells: the
    /// anchor and alias names in order, and where libyaml would refuse the
    /// text.
    struct Tokens {
        anchors: Vec<String>,
        aliases: Vec<String>,
        /// The first thing libyaml refuses that yaml-rust2 accepts (a tab,
        /// an anchor name): the char index of its token, and the message.
        bad_syntax: Option<(usize, String)>,
    }

    fn scan_tokens(chars: &[char]) -> Tokens {
        let mut t = Tokens { anchors: Vec::new(), aliases: Vec::new(), bad_syntax: None };
        let mut flow = 0usize;
        // Each token's start, whether it is in a flow collection, and
        // whether it is a plain scalar or another scalar.
        let mut starts: Vec<(usize, bool, Option<TScalarStyle>)> = Vec::new();
        let mut scanner = Scanner::new(chars.iter().copied());
        for tok in scanner.by_ref() {
            let in_flow = flow > 0;
            let starts_node = match &tok.1 {
                TokenType::Anchor(name) | TokenType::Alias(name) => {
                    if matches!(tok.1, TokenType::Anchor(_)) {
                        t.anchors.push(name.clone());
                    } else {
                        t.aliases.push(name.clone());
                    }
                    if t.bad_syntax.is_none() {
                        if let Some(line) = bad_anchor_name(chars, tok.0.index()) {
                            t.bad_syntax =
                                Some((tok.0.index(), scanner_error(line, "did not find expected alphabetic or numeric character")));
                        }
                    }
                    true
                }
                TokenType::FlowSequenceStart | TokenType::FlowMappingStart => {
                    flow += 1;
                    true
                }
                TokenType::FlowSequenceEnd | TokenType::FlowMappingEnd => {
                    flow = flow.saturating_sub(1);
                    false
                }
                TokenType::Scalar(..) | TokenType::Tag(..) | TokenType::BlockEntry | TokenType::Key => true,
                TokenType::Value => {
                    starts.push((tok.0.index(), in_flow, None));
                    false
                }
                _ => false,
            };
            let style = match &tok.1 {
                TokenType::Scalar(style, _) => Some(*style),
                _ => None,
            };
            if starts_node {
                starts.push((tok.0.index(), in_flow, style));
                if !in_flow && t.bad_syntax.is_none() && tab_before(chars, tok.0.index()) {
                    let line = tok.0.line().saturating_sub(1);
                    t.bad_syntax = Some((tok.0.index(), scanner_error(line, "found character that cannot start any token")));
                }
            }
        }
        // A line starting with a tab (or a blank line with one before any
        // content) in the block context, up to the line the scanner stopped on.
        let scanned = scanner.get_error().map_or(usize::MAX, |e| e.marker().line().saturating_sub(1));
        let mut line_start = 0;
        for (line, text) in chars.split(|&c| c == '\n').enumerate().take(scanned) {
            let begin = line_start;
            line_start += text.len() + 1;
            let tab_first = text.first() == Some(&'\t');
            let blank_with_tab = text.iter().all(|c| c.is_whitespace()) && text.contains(&'\t');
            if !tab_first && !blank_with_tab || t.bad_syntax.as_ref().is_some_and(|(i, _)| *i < begin) {
                continue;
            }
            let before = starts.iter().rev().find(|(i, ..)| *i < begin);
            let problem = match before {
                None => "found character that cannot start any token",
                Some((_, true, _)) | Some((_, _, Some(TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted))) => continue,
                Some(_) if !tab_first => continue,
                Some((_, _, Some(TScalarStyle::Literal | TScalarStyle::Folded))) => {
                    "found a tab character where an indentation space is expected"
                }
                Some((_, _, Some(TScalarStyle::Plain))) => "found a tab character that violates indentation",
                Some(_) => "found character that cannot start any token",
            };
            t.bad_syntax = Some((begin, scanner_error(line, problem)));
            break;
        }
        t
    }

    /// libyaml's anchor and alias names: letters, digits, '_' and '-', then
    /// a blank or one of `?:,]}%@` and a backquote. The line of the problem
    /// when the name at `index` (its `&` or `*`) breaks that.
    fn bad_anchor_name(chars: &[char], index: usize) -> Option<usize> {
        let name = chars.iter().skip(index + 1).take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-')).count();
        let end = index + 1 + name;
        let ok = name > 0
            && chars.get(end).map_or(true, |c| matches!(c, ' ' | '\t' | '\r' | '\n' | '?' | ':' | ',' | ']' | '}' | '%' | '@' | '`'));
        (!ok).then(|| chars[..end.min(chars.len())].iter().filter(|&&c| c == '\n').count())
    }

    /// In the block context libyaml skips a tab only after a simple key's
    /// `:`; a token after indentation, `-`, `?` or a complex key's `:` with
    /// a tab among them is an error there.
    fn tab_before(chars: &[char], index: usize) -> bool {
        let index = index.min(chars.len());
        let line_start = chars[..index].iter().rposition(|&c| c == '\n' || c == '\r').map_or(0, |i| i + 1);
        let prefix = &chars[line_start..index];
        prefix.contains(&'\t') && prefix.iter().all(|c| matches!(c, ' ' | '\t' | '-' | '?' | ':'))
    }

    /// How the event stream ends early.
    enum StreamError {
        Syntax(String),
        /// yaml-rust2 refuses an alias to an unknown anchor while parsing.
        UnknownAlias(Pos, String, bool),
    }

    struct Decoder<'c, 'e, 'a> {
        events: Vec<(Event, Marker)>,
        error: Option<StreamError>,
        next: usize,
        chars: Vec<char>,
        tokens: Tokens,
        aliases_seen: usize,
        /// go-cty-yaml tracks anchors by name.
        anchors: HashMap<String, Anchor>,
        /// The scalar event whose text loses its final line break (the
        /// input ends inside a block scalar without one).
        unterminated_block: Option<usize>,
        /// The first error of go-cty-yaml's second (value) pass, which is
        /// only reported when its first (type) pass succeeds.
        value_error: Option<String>,
        ctx: &'c mut Ctx<'e, 'a>,
        depth: usize,
    }

    fn is_block(style: TScalarStyle) -> bool {
        matches!(style, TScalarStyle::Literal | TScalarStyle::Folded)
    }

    fn tag_string(tag: &Option<Tag>) -> String {
        tag.as_ref().map(|t| format!("{}{}", t.handle, t.suffix)).unwrap_or_default()
    }

    impl Decoder<'_, '_, '_> {
        /// The next event and its index; `key` when a mapping key is due
        /// (go-cty-yaml refuses an alias there before looking it up).
        fn next(&mut self, key: bool) -> Result<(Event, Marker, usize), CallError> {
            self.ctx.charge(1)?;
            let i = self.next;
            if let Some((ev, mark)) = self.events.get(i) {
                self.next += 1;
                return Ok((ev.clone(), *mark, i));
            }
            Err(match self.error.take() {
                Some(StreamError::Syntax(m)) => CallError::call(m),
                Some(StreamError::UnknownAlias(pos, _, is_key)) if key || is_key => fail(pos, "only strings are allowed as mapping keys"),
                Some(StreamError::UnknownAlias(pos, name, _)) => fail(pos, format!("reference to undefined anchor {}", go_quote(&name))),
                None => CallError::call("invalid YAML syntax"),
            })
        }

        fn value_error(&mut self, msg: String) {
            self.value_error.get_or_insert(msg);
        }

        /// Where libyaml starts a node's event: at its first property (tag
        /// or anchor), or a block scalar's indicator.
        fn node_start(&self, mark: &Marker, block_scalar: bool, props: bool) -> Pos {
            let c = &self.chars;
            let mut i = mark.index().min(c.len());
            if block_scalar {
                if let Some(p) = c[..i].iter().rposition(|&x| x == '|' || x == '>') {
                    i = p;
                }
            }
            if props {
                for _ in 0..2 {
                    let end = c[..i].iter().rposition(|x| !x.is_whitespace()).map_or(0, |p| p + 1);
                    let start = c[..end].iter().rposition(|x| x.is_whitespace()).map_or(0, |p| p + 1);
                    if matches!(c.get(start), Some('!' | '&')) {
                        i = start;
                    } else {
                        break;
                    }
                }
            }
            let line_start = c[..i].iter().rposition(|&x| x == '\n').map_or(0, |p| p + 1);
            Pos { line: c[..i].iter().filter(|&&x| x == '\n').count(), col: i - line_start }
        }

        fn begin_anchor(&mut self, id: usize) -> Option<String> {
            let name = self.tokens.anchors.get(id.checked_sub(1)?)?.clone();
            match self.anchors.get_mut(&name) {
                Some(Anchor::Pending(n)) => *n += 1,
                _ => {
                    self.anchors.insert(name.clone(), Anchor::Pending(1));
                }
            }
            Some(name)
        }

        fn complete_anchor(&mut self, name: Option<String>, node: &Node) {
            if let Some(name) = name {
                // An outer definition of the same name may still be open.
                let still_open = match self.anchors.get(&name) {
                    Some(Anchor::Pending(n)) if *n > 1 => Some(*n - 1),
                    _ => None,
                };
                self.anchors.insert(name, still_open.map_or_else(|| Anchor::Done(node.clone()), Anchor::Pending));
            }
        }

        fn node(&mut self, ev: Event, mark: Marker, index: usize) -> Result<Node, CallError> {
            match ev {
                Event::Scalar(mut text, style, anchor, tag) => {
                    if self.unterminated_block == Some(index) {
                        text.pop();
                    }
                    // A clipped block scalar with no content is empty to
                    // libyaml (yaml-rust2 keeps a line break).
                    if is_block(style) && !text.is_empty() && text.chars().all(|c| c == '\n') && block_chomp(&self.chars, &mark).is_none() {
                        text.clear();
                    }
                    let anchor = self.begin_anchor(anchor);
                    let tag = tag_string(&tag);
                    // libyaml's "plain implicit": untagged plain, or the "!" tag.
                    let implicit = (tag.is_empty() && style == TScalarStyle::Plain) || tag == "!";
                    let node = if tag.is_empty() && !implicit {
                        // The type pass calls any other untagged scalar a
                        // string; the value pass resolves it, then converts.
                        let v = match resolve(&tag, &text, style) {
                            Ok(v) => crate::value::convert::convert(&v, &Type::String).unwrap_or(Value::Null(Type::String)),
                            Err(e) => {
                                let pos = self.node_start(&mark, is_block(style), anchor.is_some());
                                self.value_error(at(pos, e));
                                Value::Null(Type::String)
                            }
                        };
                        (Type::String, v)
                    } else {
                        let v = resolve(&tag, &text, style)
                            .map_err(|e| fail(self.node_start(&mark, is_block(style), anchor.is_some() || !tag.is_empty()), e))?;
                        (v.ty(), v)
                    };
                    self.complete_anchor(anchor, &node);
                    Ok(node)
                }
                Event::Alias(_) => {
                    let name = self.tokens.aliases.get(self.aliases_seen).cloned().unwrap_or_default();
                    self.aliases_seen += 1;
                    match self.anchors.get(&name) {
                        Some(Anchor::Done(node)) => {
                            let node = node.clone();
                            self.ctx.charge(node.1.weight() as u64)?;
                            Ok(node)
                        }
                        Some(Anchor::Pending(_)) => {
                            Err(fail((&mark).into(), format!("cannot refer to anchor {} from inside its own definition", go_quote(&name))))
                        }
                        None => Err(fail((&mark).into(), format!("reference to undefined anchor {}", go_quote(&name)))),
                    }
                }
                Event::SequenceStart(anchor, tag) => {
                    let tag = tag_string(&tag);
                    if !tag.is_empty() && tag != SEQ_TAG {
                        return Err(fail(self.node_start(&mark, false, true), format!("can't interpret sequence as {tag}")));
                    }
                    let anchor = self.enter(anchor)?;
                    let (mut types, mut vals) = (Vec::new(), Vec::new());
                    loop {
                        let (ev, mark, i) = self.next(false)?;
                        if let Event::SequenceEnd = ev {
                            break;
                        }
                        let (t, v) = self.node(ev, mark, i)?;
                        types.push(t);
                        vals.push(v);
                    }
                    self.ctx.check_size(vals.len())?;
                    Ok(self.leave(anchor, (Type::Tuple(types), Value::Tuple(vals.into()))))
                }
                Event::MappingStart(anchor, tag) => {
                    let tag = tag_string(&tag);
                    if !tag.is_empty() && tag != MAP_TAG {
                        return Err(fail(self.node_start(&mark, false, true), format!("can't interpret mapping as {tag}")));
                    }
                    let anchor = self.enter(anchor)?;
                    let mut attrs: BTreeMap<String, Node> = BTreeMap::new();
                    loop {
                        let (ev, key_mark, i) = self.next(true)?;
                        let (mut text, style, tag) = match ev {
                            Event::MappingEnd => break,
                            Event::Scalar(text, style, _, tag) => (text, style, tag_string(&tag)),
                            _ => return Err(fail((&key_mark).into(), "only strings are allowed as mapping keys")),
                        };
                        if self.unterminated_block == Some(i) {
                            text.pop();
                        }
                        if (tag.is_empty() && text == "<<") || tag == MERGE_TAG {
                            let (ev, mark, i) = self.next(false)?;
                            let (t, v) = self.node(ev, mark, i)?;
                            merge(&mut attrs, t, v, (&key_mark).into())?;
                            continue;
                        }
                        // go-cty-yaml neither positions key errors nor
                        // records anchors on keys.
                        let key = resolve(&tag, &text, style).map_err(CallError::call)?;
                        let key = match crate::value::convert::convert(&key, &Type::String) {
                            Ok(Value::String(s)) => s,
                            Ok(_) => return Err(fail((&key_mark).into(), "mapping key cannot be null")),
                            Err(_) => return Err(fail((&key_mark).into(), "only strings are allowed as mapping keys")),
                        };
                        let (ev, mark, i) = self.next(false)?;
                        let node = self.node(ev, mark, i)?;
                        attrs.insert(key, node);
                    }
                    self.ctx.check_size(attrs.len())?;
                    let (types, vals): (_, BTreeMap<_, _>) = attrs.into_iter().map(|(k, (t, v))| ((k.clone(), t), (k, v))).unzip();
                    Ok(self.leave(anchor, (Type::Object(types), Value::Object(vals.into()))))
                }
                Event::DocumentStart => Err(fail((&mark).into(), "only a single document is allowed")),
                Event::StreamEnd => Err(fail((&mark).into(), "expecting value but found end of stream")),
                Event::MappingEnd => Err(fail((&mark).into(), "expecting value but found end of mapping")),
                Event::SequenceEnd => Err(fail((&mark).into(), "expecting value but found end of sequence")),
                _ => Err(fail((&mark).into(), "unexpected parser event")),
            }
        }

        fn enter(&mut self, anchor: usize) -> Result<Option<String>, CallError> {
            self.depth += 1;
            if self.depth > MAX_NESTING {
                return Err(CallError::call(format!("YAML value nested more than {MAX_NESTING} levels deep")));
            }
            Ok(self.begin_anchor(anchor))
        }

        fn leave(&mut self, anchor: Option<String>, node: Node) -> Node {
            self.depth -= 1;
            self.complete_anchor(anchor, &node);
            node
        }
    }

    /// A `<<` key: the value must be a mapping or a sequence of them.
    fn merge(attrs: &mut BTreeMap<String, Node>, t: Type, v: Value, pos: Pos) -> Result<(), CallError> {
        let mut add = |t: Type, v: Value| {
            if let (Type::Object(ts), Value::Object(vs)) = (t, v) {
                for ((k, t), (_, v)) in ts.into_iter().zip(vs) {
                    attrs.insert(k, (t, v));
                }
            }
        };
        match (t, v) {
            (t @ Type::Object(_), v) => add(t, v),
            (Type::Tuple(ts), Value::Tuple(vs)) => {
                if let Some(bad) = ts.iter().find(|t| !matches!(t, Type::Object(_))) {
                    return Err(fail(pos, format!("cannot merge {} (from sequence) into mapping", bad.friendly_name())));
                }
                for (t, v) in ts.into_iter().zip(vs) {
                    add(t, v);
                }
            }
            (t, _) => return Err(fail(pos, format!("cannot merge {} into mapping", t.friendly_name()))),
        }
        Ok(())
    }

    type Events = (Vec<(Event, Marker)>, Option<StreamError>);

    /// yaml-rust2's events up to the end or the first error. A tab after a
    /// simple key's `:` is whitespace to libyaml but not to yaml-rust2, so
    /// such a tab is read as a space and the text parsed again.
    fn parse_events(text: &mut [char], ctx: &mut Ctx) -> Result<(Events, Tokens), CallError> {
        for _ in 0..64 {
            let tokens = scan_tokens(text);
            if let Some(events) = parse_once(text, &tokens, ctx)? {
                return Ok((events, tokens));
            }
        }
        Err(CallError::call("invalid YAML syntax"))
    }

    /// One parse; `None` when a tab was replaced and the text needs another.
    fn parse_once(text: &mut [char], tokens: &Tokens, ctx: &mut Ctx) -> Result<Option<Events>, CallError> {
        let source: String = text.iter().collect();
        let mut parser = Parser::new_from_str(&source);
        let mut events = Vec::new();
        let mut aliases = 0;
        let error = loop {
            match parser.next_token() {
                Ok((ev, mark)) => {
                    if let Some((at_index, msg)) = &tokens.bad_syntax {
                        if mark.index() >= *at_index {
                            break Some(StreamError::Syntax(msg.clone()));
                        }
                    }
                    ctx.charge(1)?;
                    let end = matches!(ev, Event::StreamEnd);
                    aliases += usize::from(matches!(ev, Event::Alias(_)));
                    events.push((ev, mark));
                    if end {
                        break None;
                    }
                }
                Err(e) if e.info() == "':' must be followed by a valid YAML whitespace" => {
                    let end = e.marker().index().min(text.len());
                    let colon = text[..end].iter().rposition(|&c| c == ':');
                    let line_start = text[..end].iter().rposition(|&c| c == '\n').map_or(0, |p| p + 1);
                    match colon {
                        // After a simple key's `:` a tab is whitespace; after
                        // a complex key's (alone on its line) it is refused.
                        Some(c) if c >= line_start && text.get(c + 1) == Some(&'\t') => {
                            if text[line_start..c].iter().all(|&x| x == ' ') {
                                let line = e.marker().line().saturating_sub(1);
                                break Some(StreamError::Syntax(scanner_error(line, "found character that cannot start any token")));
                            }
                            text[c + 1] = ' ';
                            return Ok(None);
                        }
                        _ => break Some(StreamError::Syntax(syntax_error(&e, text))),
                    }
                }
                Err(e) if tokens.bad_syntax.as_ref().is_some_and(|(i, _)| *i <= e.marker().index()) => {
                    break tokens.bad_syntax.as_ref().map(|(_, msg)| StreamError::Syntax(msg.clone()));
                }
                Err(e) if e.info().contains("tab") => {
                    if let Some((_, msg)) = &tokens.bad_syntax {
                        break Some(StreamError::Syntax(msg.clone()));
                    }
                    // A tab in a quoted scalar's continuation indentation
                    // is whitespace to libyaml.
                    let i = e.marker().index();
                    if e.info() == "tab cannot be used as indentation" && text.get(i) == Some(&'\t') {
                        text[i] = ' ';
                        return Ok(None);
                    }
                    // yaml-rust2 places a plain scalar's bad tab at the
                    // scalar; libyaml at the tab's line.
                    if e.info().ends_with("found a tab") {
                        let tab = text[i.min(text.len())..].windows(2).position(|w| w == ['\n', '\t']);
                        if let Some(p) = tab {
                            let line = text[..i + p + 1].iter().filter(|&&c| c == '\n').count();
                            break Some(StreamError::Syntax(scanner_error(line, "found a tab character that violates indentation")));
                        }
                    }
                    break Some(StreamError::Syntax(syntax_error(&e, text)));
                }
                Err(e) if e.info().ends_with("found unknown anchor") => {
                    // libyaml's anchor names are letters, digits, '_' and
                    // '-'; a ':' after one makes the alias a mapping key.
                    let raw = tokens.aliases.get(aliases).cloned().unwrap_or_default();
                    let name: String = raw.chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-')).collect();
                    let after = text.iter().skip(e.marker().index() + 1 + name.chars().count()).find(|c| **c != ' ');
                    let key = raw[name.len()..].starts_with(':') || after == Some(&':');
                    break Some(StreamError::UnknownAlias(e.marker().into(), name, key));
                }
                Err(e) => break Some(StreamError::Syntax(syntax_error(&e, text))),
            }
        };
        Ok(Some((events, error)))
    }

    /// go-cty-yaml's `Unmarshal` with the type from `ImpliedType`.
    pub(super) fn decode(src: &str, ctx: &mut Ctx) -> Result<Value, CallError> {
        ctx.charge(src.len() as u64 / 16)?;
        // go-cty-yaml reads an empty source as a single newline; libyaml
        // drops a byte order mark.
        let src = src.strip_prefix('\u{FEFF}').unwrap_or(src);
        let mut chars: Vec<char> = if src.is_empty() { vec!['\n'] } else { src.chars().collect() };
        let ((events, error), tokens) = parse_events(&mut chars, ctx)?;
        let unterminated_block = unterminated_block(&chars, &events);
        let mut d = Decoder {
            events,
            error,
            next: 0,
            chars,
            tokens,
            aliases_seen: 0,
            anchors: HashMap::new(),
            unterminated_block,
            value_error: None,
            ctx,
            depth: 0,
        };
        let (ev, mark, _) = d.next(false)?;
        if !matches!(ev, Event::StreamStart) {
            return Err(fail((&mark).into(), "missing stream start token"));
        }
        let (ev, mark, _) = d.next(false)?;
        if !matches!(ev, Event::DocumentStart) {
            return Err(fail((&mark).into(), "missing start of document"));
        }
        let (ev, mark, i) = d.next(false)?;
        let (_, value) = d.node(ev, mark, i)?;
        let (ev, mark, _) = d.next(false)?;
        match ev {
            Event::DocumentEnd => {}
            Event::DocumentStart => return Err(fail((&mark).into(), "only a single document is allowed")),
            _ => return Err(fail((&mark).into(), "unexpected extra content after value")),
        }
        let explicit_end = d.chars.get(mark.index()..mark.index() + 3) == Some(&['.', '.', '.'][..]);
        let (ev, mark, _) = d.next(false)?;
        if !matches!(ev, Event::StreamEnd) {
            // After an explicit end (`...`) libyaml needs a `---` to start
            // another document.
            let marked = d.chars.get(mark.index()..mark.index() + 3) == Some(&['-', '-', '-'][..]);
            if explicit_end && matches!(ev, Event::DocumentStart) && !marked {
                // (at the first token on the line)
                let line_start = d.chars[..mark.index().min(d.chars.len())].iter().rposition(|&c| c == '\n').map_or(0, |p| p + 1);
                let col = d.chars[line_start..].iter().take_while(|c| c.is_whitespace()).count();
                return Err(fail(Pos { line: Pos::from(&mark).line, col }, "did not find expected <document start>"));
            }
            return Err(fail((&mark).into(), "unexpected extra content after value"));
        }
        match d.value_error {
            Some(e) => Err(CallError::call(e)),
            None => Ok(value),
        }
    }

    /// A block scalar's chomping indicator (`+` or `-`), from its header.
    fn block_chomp(chars: &[char], mark: &Marker) -> Option<char> {
        let header = chars[..mark.index().min(chars.len())].iter().rposition(|&c| c == '|' || c == '>')?;
        chars[header + 1..].iter().take_while(|c| matches!(c, '+' | '-' | '0'..='9')).copied().find(|c| matches!(c, '+' | '-'))
    }

    /// yaml-rust2 ends a block scalar's last line with a break even where
    /// the input has none; libyaml does not. This finds the block scalar
    /// the input ends in, if it does, and its chomping keeps that break.
    fn unterminated_block(chars: &[char], events: &[(Event, Marker)]) -> Option<usize> {
        if matches!(chars.last(), Some('\n' | '\r')) {
            return None;
        }
        let (i, (ev, mark)) = events.iter().enumerate().rev().find(|(_, (ev, _))| matches!(ev, Event::Scalar(..) | Event::Alias(_)))?;
        let Event::Scalar(text, TScalarStyle::Literal | TScalarStyle::Folded, ..) = ev else { return None };
        chars[..mark.index().min(chars.len())].iter().rposition(|&c| c == '|' || c == '>')?;
        let chomp = block_chomp(chars, mark);
        let last_line = &chars[chars.iter().rposition(|&c| c == '\n' || c == '\r').map_or(0, |p| p + 1)..];
        let indent = last_line.iter().take_while(|&&c| c == ' ').count();
        let blank = last_line.iter().all(|c| c.is_whitespace());
        let inside = match chomp {
            Some('-') => false,
            Some(_) => blank || indent >= mark.col(),
            None => !blank && indent >= mark.col(),
        };
        (text.ends_with('\n') && inside).then_some(i)
    }

    /// go-cty-yaml's `resolveScalar`.
    fn resolve(tag: &str, src: &str, style: TScalarStyle) -> Result<Value, String> {
        let resolvable = tag.is_empty() || [STR_TAG, BOOL_TAG, INT_TAG, FLOAT_TAG, NULL_TAG, TIMESTAMP_TAG, BINARY_TAG].contains(&tag);
        if !resolvable {
            return Err(format!("unsupported tag {}", go_quote(tag)));
        }
        let hint = match src.as_bytes().first() {
            None => b'N',
            Some(b'+' | b'-') => b'S',
            Some(b'0'..=b'9') => b'D',
            Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
            Some(b'.') => b'.',
            Some(_) => 0,
        };
        let mut tag = tag;
        if hint != 0 && tag != STR_TAG && tag != BINARY_TAG {
            if matches!(style, TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted) {
                return Ok(Value::string(src));
            }
            if let Some(v) = well_known(src) {
                return Ok(v);
            }
            if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
                return Err("floating point NaN is not supported".into());
            }
            match hint {
                b'.' => {
                    if let Some(n) = Number::parse(src) {
                        return Ok(Value::Number(n));
                    }
                }
                b'D' | b'S' => {
                    if tag.is_empty() || tag == TIMESTAMP_TAG {
                        if let Some(t) = timestamp(src) {
                            return Ok(Value::string(t));
                        }
                    }
                    if is_int_literal(src) {
                        tag = INT_TAG;
                    } else if is_float_literal(src) {
                        tag = FLOAT_TAG;
                    }
                }
                _ => {}
            }
        }
        match tag {
            STR_TAG | BINARY_TAG => {
                if tag == BINARY_TAG && go_base64_decode(src.as_bytes()).is_err() {
                    return Err(format!("cannot parse {} as {}: not valid base64", go_quote(src), tag));
                }
                Ok(Value::string(src))
            }
            BOOL_TAG => match well_known(src) {
                Some(v @ Value::Bool(_)) => Ok(v),
                _ => Err(format!("cannot parse {} as {}", go_quote(src), tag)),
            },
            INT_TAG | FLOAT_TAG => {
                let plain = src.replace('_', "");
                if let Some(n) = Number::parse(&plain) {
                    return Ok(Value::Number(n));
                }
                go_parse_int(&plain).ok_or_else(|| format!("cannot parse {} as {}", go_quote(src), tag))
            }
            TIMESTAMP_TAG => timestamp(src).map(Value::string).ok_or_else(|| format!("cannot parse {} as {}", go_quote(src), tag)),
            NULL_TAG => Ok(Value::null()),
            "" => Ok(Value::string(src)),
            other => Err(format!("unsupported tag {}", go_quote(other))),
        }
    }

    /// The YAML 1.1 spellings of booleans, nulls and infinities.
    fn well_known(src: &str) -> Option<Value> {
        Some(match src {
            "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Value::Bool(true),
            "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Value::Bool(false),
            "" | "~" | "null" | "Null" | "NULL" => Value::null(),
            ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Value::Number(Number::infinity()),
            "-.inf" | "-.Inf" | "-.INF" => Value::Number(Number::neg_infinity()),
            _ => return None,
        })
    }

    /// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`.
    fn is_int_literal(s: &str) -> bool {
        let digits = |s: &str, f: fn(&u8) -> bool| !s.is_empty() && s.as_bytes().iter().all(f);
        if let Some(o) = s.strip_prefix("0o") {
            return digits(o, |b| (b'0'..=b'7').contains(b));
        }
        if let Some(x) = s.strip_prefix("0x") {
            return digits(x, u8::is_ascii_hexdigit);
        }
        digits(s.strip_prefix(['-', '+']).unwrap_or(s), u8::is_ascii_digit)
    }

    /// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
    fn is_float_literal(s: &str) -> bool {
        let b = s.strip_prefix(['-', '+']).unwrap_or(s).as_bytes();
        let mut i = 0;
        let digits = |i: &mut usize| {
            let start = *i;
            while *i < b.len() && b[*i].is_ascii_digit() {
                *i += 1;
            }
            *i > start
        };
        if b.first() == Some(&b'.') {
            i = 1;
            if !digits(&mut i) {
                return false;
            }
        } else {
            if !digits(&mut i) {
                return false;
            }
            if b.get(i) == Some(&b'.') {
                i += 1;
                digits(&mut i);
            }
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            if !digits(&mut i) {
                return false;
            }
        }
        i == b.len()
    }

    /// Go's `strconv.ParseInt(s, 0, 64)`, then `ParseUint`: base prefixes
    /// 0x, 0o, 0b and a leading 0 for octal.
    fn go_parse_int(s: &str) -> Option<Value> {
        let (neg, body) = match s.as_bytes().first() {
            Some(b'-') => (true, &s[1..]),
            Some(b'+') => (false, &s[1..]),
            _ => (false, s),
        };
        let lower = body.to_ascii_lowercase();
        let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
            (16, d)
        } else if let Some(d) = lower.strip_prefix("0o") {
            (8, d)
        } else if let Some(d) = lower.strip_prefix("0b") {
            (2, d)
        } else if lower.len() > 1 && lower.starts_with('0') {
            (8, &lower[1..])
        } else {
            (10, lower.as_str())
        };
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        let magnitude = u64::from_str_radix(digits, radix).ok()?;
        if neg {
            let v = i64::try_from(magnitude).ok().map(|m| -m).or((magnitude == 1 << 63).then_some(i64::MIN))?;
            Some(Value::Number(Number::from_i64(v)))
        } else if let Ok(v) = i64::try_from(magnitude) {
            Some(Value::Number(Number::from_i64(v)))
        } else if s.starts_with('+') {
            None
        } else {
            Some(Value::Number(Number::from_u64(magnitude)))
        }
    }

    /// go-cty-yaml's `parseTimestamp`, as RFC 3339 text: `YYYY-M-D`, then
    /// optionally a `T`, `t` or spaces and `h:m:s` with a fraction (dropped),
    /// and after a `T`/`t` a `Z` or `±hh:mm` zone.
    fn timestamp(s: &str) -> Option<String> {
        let b = s.as_bytes();
        if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
            return None;
        }
        let mut p = Cursor { b, i: 5 };
        let year: u32 = s[..4].parse().ok()?;
        let month = p.num()?;
        p.lit(b'-')?;
        let day = p.num()?;
        if !(1..=12).contains(&month) || day < 1 || day > days_in(month, year) {
            return None;
        }
        let date = format!("{year:04}-{month:02}-{day:02}");
        if p.i == b.len() {
            return Some(format!("{date}T00:00:00Z"));
        }
        let with_zone = match b[p.i] {
            b'T' | b't' => {
                p.i += 1;
                true
            }
            b' ' => {
                while p.i < b.len() && b[p.i] == b' ' {
                    p.i += 1;
                }
                false
            }
            _ => return None,
        };
        let (h, m) = (p.num()?, {
            p.lit(b':')?;
            p.num()?
        });
        p.lit(b':')?;
        let sec = p.num()?;
        if h > 23 || m > 59 || sec > 59 {
            return None;
        }
        if p.i + 1 < b.len() && matches!(b[p.i], b'.' | b',') && b[p.i + 1].is_ascii_digit() {
            p.i += 1;
            while p.i < b.len() && b[p.i].is_ascii_digit() {
                p.i += 1;
            }
        }
        let zone = if with_zone {
            match &b[p.i..] {
                [b'Z', ..] => {
                    p.i += 1;
                    "Z".to_string()
                }
                [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2, ..] if [h1, h2, m1, m2].iter().all(|d| d.is_ascii_digit()) => {
                    p.i += 6;
                    let (hh, mm) = ((h1 - b'0') * 10 + (h2 - b'0'), (m1 - b'0') * 10 + (m2 - b'0'));
                    if hh > 24 || mm > 60 {
                        return None;
                    }
                    if hh == 0 && mm == 0 {
                        "Z".to_string()
                    } else {
                        format!("{}{hh:02}:{mm:02}", *sign as char)
                    }
                }
                _ => return None,
            }
        } else {
            "Z".to_string()
        };
        (p.i == b.len()).then(|| format!("{date}T{h:02}:{m:02}:{sec:02}{zone}"))
    }

    struct Cursor<'b> {
        b: &'b [u8],
        i: usize,
    }

    impl Cursor<'_> {
        /// One or two digits, as Go's `getnum` reads a non-padded field.
        fn num(&mut self) -> Option<u32> {
            let d = |i: usize| self.b.get(i).filter(|c| c.is_ascii_digit()).map(|c| u32::from(c - b'0'));
            let first = d(self.i)?;
            match d(self.i + 1) {
                Some(second) => {
                    self.i += 2;
                    Some(first * 10 + second)
                }
                None => {
                    self.i += 1;
                    Some(first)
                }
            }
        }

        fn lit(&mut self, c: u8) -> Option<()> {
            (self.b.get(self.i) == Some(&c)).then(|| self.i += 1)
        }
    }

    fn days_in(month: u32, year: u32) -> u32 {
        match month {
            2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }
}

fn yamldecode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    yaml_decode::decode(str_arg(a, 0), ctx)
}

// ------------------------------------------------------------- YAML encode

/// go-cty-yaml's `Marshal` through libyaml's emitter: block style, strings
/// double-quoted (a string with a newline as a literal block when it can
/// be), keys sorted, 80-column folding of long quoted strings at spaces.
struct YamlWriter {
    out: String,
    /// Characters on the current line.
    column: usize,
    /// The last thing written was whitespace.
    whitespace: bool,
    /// Only indentation has been written on this line.
    indention: bool,
    /// The document needs an explicit end marker (`...`).
    open_ended: bool,
    indent: i64,
    indents: Vec<i64>,
}

/// The libyaml scalar styles go-cty-yaml ends up with.
#[derive(PartialEq)]
enum ScalarStyle {
    Plain,
    DoubleQuoted,
    Literal,
}

const BEST_WIDTH: usize = 80;
const BEST_INDENT: i64 = 2;

/// What libyaml's `yaml_emitter_analyze_scalar` learns about a string
/// that matters for the styles used here.
struct ScalarFacts {
    multiline: bool,
    block_allowed: bool,
}

fn is_yaml_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// libyaml's `is_printable` (by code point).
fn is_yaml_printable(c: char) -> bool {
    matches!(u32::from(c), 0x0A | 0x20..=0x7E | 0xA0..=0xD7FF | 0xE000..=0xFFFD) && c != '\u{FEFF}'
}

fn analyze_scalar(s: &str) -> ScalarFacts {
    if s.is_empty() {
        return ScalarFacts { multiline: false, block_allowed: false };
    }
    let (mut line_breaks, mut special, mut trailing_space, mut space_break) = (false, false, false, false);
    let mut previous_space = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let last = chars.peek().is_none();
        if !is_yaml_printable(c) {
            special = true;
        }
        if c == ' ' {
            trailing_space |= last;
            previous_space = true;
        } else if is_yaml_break(c) {
            line_breaks = true;
            space_break |= previous_space;
            previous_space = false;
        } else {
            previous_space = false;
        }
    }
    ScalarFacts { multiline: line_breaks, block_allowed: !(trailing_space || space_break || special) }
}

impl YamlWriter {
    fn put(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.max(0) as usize;
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn write_indicator(&mut self, indicator: &str, need_whitespace: bool, is_whitespace: bool, is_indention: bool) {
        if need_whitespace && !self.whitespace {
            self.put(' ');
        }
        for c in indicator.chars() {
            self.put(c);
        }
        self.whitespace = is_whitespace;
        self.indention &= is_indention;
        self.open_ended = false;
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        if self.indent < 0 {
            self.indent = if flow { BEST_INDENT } else { 0 };
        } else if !indentless {
            self.indent += BEST_INDENT;
        }
    }

    fn restore_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(-1);
    }

    /// One node; the flags are libyaml's emitter contexts.
    fn node(&mut self, v: &Value, root: bool, mapping: bool, simple_key: bool) {
        match v.unmarked() {
            Value::Null(_) | Value::Unknown(_) => self.scalar("null", ScalarStyle::Plain, root, simple_key),
            Value::Bool(b) => self.scalar(if *b { "true" } else { "false" }, ScalarStyle::Plain, root, simple_key),
            Value::Number(n) => self.scalar(&n.to_decimal_string(), ScalarStyle::Plain, root, simple_key),
            Value::String(s) => {
                let style = if s.contains('\n') { ScalarStyle::Literal } else { ScalarStyle::DoubleQuoted };
                self.scalar(s, style, root, simple_key)
            }
            Value::List(_, items) | Value::Set(_, items) | Value::Tuple(items) => {
                if items.is_empty() {
                    self.empty_flow("[", "]");
                    return;
                }
                // A sequence that is a mapping's key or value, right after
                // its indicator, is not indented.
                let indentless = mapping && !self.indention;
                self.increase_indent(false, indentless);
                for item in items {
                    self.write_indent();
                    self.write_indicator("-", true, false, true);
                    self.node(item, false, false, false);
                }
                self.restore_indent();
            }
            Value::Map(_, entries) | Value::Object(entries) => {
                if entries.is_empty() {
                    self.empty_flow("{", "}");
                    return;
                }
                self.increase_indent(false, false);
                for (k, item) in entries {
                    self.write_indent();
                    let facts = analyze_scalar(k);
                    if !facts.multiline && k.len() <= 128 {
                        self.node(&Value::String(k.clone()), false, true, true);
                        self.write_indicator(":", false, false, false);
                    } else {
                        self.write_indicator("?", true, false, true);
                        self.node(&Value::String(k.clone()), false, true, false);
                        self.write_indent();
                        self.write_indicator(":", true, false, true);
                    }
                    self.node(item, false, true, false);
                }
                self.restore_indent();
            }
            Value::Sensitive(inner) => self.node(inner, root, mapping, simple_key),
        }
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.increase_indent(true, false);
        self.restore_indent();
        self.write_indicator(close, false, false, false);
    }

    fn scalar(&mut self, text: &str, style: ScalarStyle, root: bool, simple_key: bool) {
        let facts = analyze_scalar(text);
        let style = match style {
            ScalarStyle::Literal if !facts.block_allowed || simple_key => ScalarStyle::DoubleQuoted,
            s => s,
        };
        self.increase_indent(true, false);
        match style {
            ScalarStyle::Plain => {
                if !self.whitespace {
                    self.put(' ');
                }
                for c in text.chars() {
                    self.put(c);
                }
                self.whitespace = false;
                self.indention = false;
                if root {
                    self.open_ended = true;
                }
            }
            ScalarStyle::DoubleQuoted => self.double_quoted(text, !simple_key),
            ScalarStyle::Literal => self.literal(text),
        }
        self.restore_indent();
    }

    fn double_quoted(&mut self, s: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let bom = s.starts_with('\u{FEFF}');
        let mut spaces = false;
        let mut chars = s.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if !is_yaml_printable(c) || bom || is_yaml_break(c) || c == '"' || c == '\\' {
                self.put('\\');
                match c {
                    '\0' => self.put('0'),
                    '\u{7}' => self.put('a'),
                    '\u{8}' => self.put('b'),
                    '\t' => self.put('t'),
                    '\n' => self.put('n'),
                    '\u{b}' => self.put('v'),
                    '\u{c}' => self.put('f'),
                    '\r' => self.put('r'),
                    '\u{1b}' => self.put('e'),
                    '"' => self.put('"'),
                    '\\' => self.put('\\'),
                    '\u{85}' => self.put('N'),
                    '\u{a0}' => self.put('_'),
                    '\u{2028}' => self.put('L'),
                    '\u{2029}' => self.put('P'),
                    c => {
                        let (mark, width) = match u32::from(c) {
                            0..=0xFF => ('x', 2),
                            0x100..=0xFFFF => ('u', 4),
                            _ => ('U', 8),
                        };
                        self.put(mark);
                        for ch in format!("{:0width$X}", u32::from(c)).chars() {
                            self.put(ch);
                        }
                    }
                }
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > BEST_WIDTH && i > 0 && i < s.len() - 1 {
                    self.write_indent();
                    if chars.peek().is_some_and(|&(_, n)| n == ' ') {
                        self.put('\\');
                    }
                } else {
                    self.put(c);
                }
                spaces = true;
            } else {
                self.put(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
        self.whitespace = false;
        self.indention = false;
    }

    fn literal(&mut self, s: &str) {
        self.write_indicator("|", true, false, false);
        // Block scalar hints: an indentation digit when the text starts
        // with a space or break, and the chomping indicator.
        if s.starts_with(|c: char| c == ' ' || is_yaml_break(c)) {
            self.write_indicator(&BEST_INDENT.to_string(), false, false, false);
        }
        self.open_ended = false;
        let mut rev = s.chars().rev();
        let chomp = match (rev.next(), rev.next()) {
            (Some(last), _) if !is_yaml_break(last) => Some("-"),
            (Some(_), None) => Some("+"),
            (Some(_), Some(prev)) if is_yaml_break(prev) => Some("+"),
            _ => None,
        };
        // (libyaml marks a "+" block open-ended, but writing the indicator
        // clears that again.)
        if let Some(ch) = chomp {
            self.write_indicator(ch, false, false, false);
        }
        self.put_break();
        self.indention = true;
        self.whitespace = true;
        let mut breaks = true;
        for c in s.chars() {
            if is_yaml_break(c) {
                if c == '\n' {
                    self.put_break();
                } else {
                    self.out.push(c);
                    self.column = 0;
                }
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                self.put(c);
                self.indention = false;
                breaks = false;
            }
        }
    }
}

fn yamlencode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if !a[0].is_wholly_known() {
        return Ok(Value::Unknown(Type::String));
    }
    ctx.charge(a[0].weight() as u64)?;
    let mut w =
        YamlWriter { out: String::new(), column: 0, whitespace: true, indention: true, open_ended: false, indent: -1, indents: Vec::new() };
    w.node(&a[0], true, false, false);
    // The implicit document end, then the stream end.
    w.write_indent();
    if w.open_ended {
        w.write_indicator("...", true, false, false);
        w.write_indent();
    }
    ctx.check_size(w.out.len() / 64)?;
    Ok(Value::string(w.out))
}

// -------------------------------------------------------------- jsonencode

fn jsonencode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if !a[0].is_wholly_known() {
        return Ok(Value::Unknown(crate::value::Type::String));
    }
    if has_infinity(&a[0]) {
        return Err(super::CallError::call("cannot serialize infinity as JSON"));
    }
    let mut out = String::new();
    crate::render::write_json(&a[0], &mut out, crate::render::JsonFlavor::Terraform);
    ctx.check_size(out.len() / 64)?;
    Ok(Value::string(out))
}

/// JSON as Go's `encoding/json` writes it for cty values: HTML-sensitive
/// characters and the JavaScript line separators escaped.
fn has_infinity(v: &Value) -> bool {
    match v.unmarked() {
        Value::Number(n) => n.is_infinite(),
        other => {
            other.as_sequence().is_some_and(|s| s.iter().any(has_infinity))
                || other.as_mapping().is_some_and(|m| m.values().any(has_infinity))
        }
    }
}
