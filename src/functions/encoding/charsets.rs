//! Character encodings for `textencodebase64` and `textdecodebase64`.

use super::base64::go_base64_decode;
use super::{str_arg, CallError, CallResult, Ctx};
use crate::value::go_quote;
use crate::value::Value;
use ::base64::Engine as _;

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
/// matched as given or in lower case (Go's `strings.TrimSpace` and
/// `strings.ToLower`).
fn charset(a: &[Value], i: usize, profile: crate::profile::Profile) -> Result<Charset, CallError> {
    let given = str_arg(a, i);
    let name = crate::text::unicode::to_lower(crate::text::unicode::trim_space(given), profile.unicode());
    if let Some((_, c)) = CHARSETS.iter().find(|(n, _)| *n == name) {
        return Ok(*c);
    }
    let engine = match profile {
        crate::profile::Profile::OpenTofu => "OpenTofu",
        _ => "Terraform",
    };
    if OTHER_CHARSETS.contains(&name.as_str()) {
        return Err(CallError::arg(
            i,
            format!("{} is an encoding {engine} supports, but this evaluator does not implement it", go_quote(given, profile)),
        ));
    }
    Err(CallError::arg(i, format!("{} is not a supported IANA encoding name or alias in this {engine} version", go_quote(given, profile))))
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

pub(super) fn textencodebase64(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let cs = charset(a, 1, ctx.profile())?;
    let bytes = encode_text(str_arg(a, 0), cs)
        .ok_or_else(|| CallError::arg(0, format!("the given string contains characters that cannot be represented in {}", cs.name())))?;
    Ok(Value::string(base64::engine::general_purpose::STANDARD.encode(bytes), ctx.profile()))
}

pub(super) fn textdecodebase64(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let cs = charset(a, 1, ctx.profile())?;
    let bytes = go_base64_decode(str_arg(a, 0).as_bytes()).map_err(|at| {
        // Terraform has since mended the wording.
        let has = if ctx.profile() == crate::profile::Profile::Terraform { "has" } else { "is has" };
        CallError::arg(0, format!("the given value {has} an invalid base64 symbol at offset {at}"))
    })?;
    let text = decode_text(&bytes, cs);
    if text.contains('\u{FFFD}') {
        return Err(CallError::arg(0, format!("the given string contains symbols that are not defined for {}", cs.name())));
    }
    Ok(Value::string(text, ctx.profile()))
}
