//! Text conventions shared by every stage: Go's string quoting (what
//! `%q` and `terraform console` print), JSON string literals as Go's
//! `encoding/json` writes them, HCL's identifier check, and [`unicode`]:
//! NFC, grapheme clusters and case as each engine's libraries have them.
//!
//! A leaf: it depends on nothing else in the crate, so the value model,
//! the syntax and the renderers can all use it.

pub mod unicode;

use std::fmt::Write;

/// A JSON string literal as Go's `encoding/json` writes it without HTML
/// escaping (as the oracle writes type names and values).
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_json_string(s, &mut out, false);
    out
}

/// Appends a JSON string literal the way Go's `encoding/json` writes it;
/// `html` also escapes `<`, `>` and `&`, as `jsonencode` does.
pub fn push_json_string(s: &str, out: &mut String, html: bool) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    // Runs of characters that need no escape are copied whole; 0xE2 is
    // looked at only as the first byte of U+2028 or U+2029.
    let mut run = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let special = match b {
            b'"' | b'\\' | 0..=0x1f => true,
            b'<' | b'>' | b'&' => html,
            0xE2 => bytes.get(i + 1) == Some(&0x80) && matches!(bytes.get(i + 2), Some(0xA8 | 0xA9)),
            _ => false,
        };
        if !special {
            continue;
        }
        out.push_str(&s[run..i]);
        let c = s[i..].chars().next().unwrap_or_default();
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
        }
        run = i + c.len_utf8();
    }
    out.push_str(&s[run..]);
    out.push('"');
}

/// A string quoted as Go's `strconv.Quote` does, which `terraform console`
/// and `%q` in messages use: `\"`, `\\`, short escapes for control
/// characters, `\xNN` for other ASCII controls and `\uXXXX` or
/// `\UXXXXXXXX` for what `strconv.IsPrint` (of the Go toolchain's Unicode
/// `version`) does not count as printable.
pub fn go_quote(s: &str, version: unicode::Version) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    push_go_quote(&mut out, s, version);
    out
}

/// [`go_quote`] written at the end of `out`.
pub fn push_go_quote(out: &mut String, s: &str, version: unicode::Version) {
    out.reserve(s.len() + 2);
    out.push('"');
    // Printable ASCII but the two escaped characters is as it is (most
    // attribute names and values): no character's class to look up.
    if s.bytes().all(|b| (0x20..0x7f).contains(&b) && b != b'"' && b != b'\\') {
        out.push_str(s);
        out.push('"');
        return;
    }
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c if !unicode::is_print(c, version) => {
                if (c as u32) < 0x10000 {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                } else {
                    let _ = write!(out, "\\U{:08x}", c as u32);
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// True when `name` is one identifier token to HCL's scanner
/// (`hclsyntax.ValidIdentifier`): `ID_Start (ID_Continue | '-')*` as of
/// Unicode 9.0, with `_` allowed first. Its scanner drops a leading byte
/// order mark.
pub fn is_identifier(name: &str) -> bool {
    let mut chars = name.strip_prefix('\u{FEFF}').unwrap_or(name).chars();
    chars.next().is_some_and(is_identifier_start) && chars.all(is_identifier_char)
}

/// A character that may begin an identifier.
pub fn is_identifier_start(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '_';
    }
    !matches!(c, '\u{1CF2}' | '\u{1CF3}') && !newer_identifier_char(c) && pest::unicode::ID_START(c)
}

/// A character that may continue an identifier.
pub fn is_identifier_char(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_' || c == '-';
    }
    !newer_identifier_char(c) && pest::unicode::ID_CONTINUE(c)
}

/// Characters in the Unicode tables' `ID_Continue` but not in HCL's
/// (Unicode 9.0): characters assigned since, and U+200C, U+200D, U+30FB,
/// U+FF65, which joined `ID_Continue` in Unicode 15.1. The grammar's
/// `newer_identifier_char` rule lists the same ranges (a test checks every
/// code point against it); they run on across code points outside pest's
/// `ID_Continue`, which is checked next.
fn newer_identifier_char(c: char) -> bool {
    let c = c as u32;
    NEWER_IDENTIFIER_CHARS
        .binary_search_by(|&(lo, hi)| {
            if hi < c {
                std::cmp::Ordering::Less
            } else if lo > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

const NEWER_IDENTIFIER_CHARS: &[(u32, u32)] = &[
    (0x0558, 0x0558),
    (0x0560, 0x0560),
    (0x0588, 0x058C),
    (0x05C8, 0x05C9),
    (0x05EF, 0x05EF),
    (0x07FD, 0x07FD),
    (0x0860, 0x089F),
    (0x08B5, 0x08B5),
    (0x08BE, 0x08D3),
    (0x09FC, 0x09FE),
    (0x0AFA, 0x0AFF),
    (0x0B53, 0x0B55),
    (0x0C04, 0x0C04),
    (0x0C3C, 0x0C3C),
    (0x0C5C, 0x0C5D),
    (0x0CDC, 0x0CDD),
    (0x0CF3, 0x0D00),
    (0x0D04, 0x0D04),
    (0x0D3B, 0x0D3C),
    (0x0D81, 0x0D81),
    (0x0E86, 0x0E86),
    (0x0E89, 0x0E89),
    (0x0E8C, 0x0E8C),
    (0x0E8E, 0x0E93),
    (0x0E98, 0x0E98),
    (0x0EA0, 0x0EA0),
    (0x0EA8, 0x0EA9),
    (0x0EAC, 0x0EAC),
    (0x0EBA, 0x0EBA),
    (0x0ECE, 0x0ECE),
    (0x170D, 0x170D),
    (0x1715, 0x171F),
    (0x180F, 0x180F),
    (0x1878, 0x1878),
    (0x1ABF, 0x1AF0),
    (0x1B4C, 0x1B4C),
    (0x1C89, 0x1CBF),
    (0x1CF7, 0x1CF7),
    (0x1CFA, 0x1CFA),
    (0x1DF6, 0x1DFA),
    (0x200C, 0x200D),
    (0x208F, 0x208F),
    (0x209D, 0x209F),
    (0x2C2F, 0x2C2F),
    (0x2C5F, 0x2C5F),
    (0x30FB, 0x30FB),
    (0x312E, 0x312F),
    (0x31BB, 0x31BF),
    (0x4DB6, 0x4DBF),
    (0x9FD6, 0x9FFF),
    (0xA7AF, 0xA7AF),
    (0xA7B8, 0xA7F6),
    (0xA82C, 0xA82C),
    (0xA8FE, 0xA8FF),
    (0xAB66, 0xAB6D),
    (0xFF65, 0xFF65),
    (0x1032D, 0x1032F),
    (0x10570, 0x105F3),
    (0x10780, 0x107BF),
    (0x10940, 0x10959),
    (0x10A34, 0x10A35),
    (0x10D00, 0x10FF6),
    (0x11070, 0x11075),
    (0x110C2, 0x110C2),
    (0x11144, 0x11147),
    (0x111C9, 0x111C9),
    (0x111CE, 0x111CF),
    (0x1123F, 0x11241),
    (0x1133B, 0x1133B),
    (0x11380, 0x113E2),
    (0x1145E, 0x11461),
    (0x116B8, 0x116B8),
    (0x116D0, 0x116E3),
    (0x1171A, 0x1171A),
    (0x11740, 0x1183A),
    (0x11900, 0x11ABF),
    (0x11B0A, 0x11BF9),
    (0x11D00, 0x11FB0),
    (0x1246F, 0x1247F),
    (0x12550, 0x12FF0),
    (0x1342F, 0x143FA),
    (0x16100, 0x16139),
    (0x16A70, 0x16AC9),
    (0x16D40, 0x16ED3),
    (0x16F45, 0x16F4F),
    (0x16F7F, 0x16F87),
    (0x16FE1, 0x16FF6),
    (0x187ED, 0x187FF),
    (0x18AF3, 0x1AFFE),
    (0x1B002, 0x1B2FB),
    (0x1CCF0, 0x1D128),
    (0x1D250, 0x1D281),
    (0x1D6A6, 0x1D6A6),
    (0x1DF00, 0x1DFFF),
    (0x1E030, 0x1E7FE),
    (0x1E94B, 0x1E94B),
    (0x1FBF0, 0x1FBF9),
    (0x2A6D7, 0x2A6DF),
    (0x2B735, 0x2B73F),
    (0x2B81E, 0x2B81E),
    (0x2CEA2, 0x2EE5D),
    (0x30000, 0x3FC3F),
];

#[cfg(test)]
mod tests {
    use super::push_json_string;

    /// The run-copying escaper writes what escaping character by
    /// character writes, around every character it treats specially.
    #[test]
    fn json_strings_escape_what_go_escapes() {
        let cases = [
            ("", "\"\"", "\"\""),
            ("plain text", "\"plain text\"", "\"plain text\""),
            ("a\"b\\c\nd\re\tf", r#""a\"b\\c\nd\re\tf""#, r#""a\"b\\c\nd\re\tf""#),
            ("\u{0}\u{1f} <&>", r#""\u0000\u001f <&>""#, r#""\u0000\u001f \u003c\u0026\u003e""#),
            ("é\u{2028}x\u{2029}\u{2027}€", "\"é\\u2028x\\u2029\u{2027}€\"", "\"é\\u2028x\\u2029\u{2027}€\""),
        ];
        for (s, plain, html) in cases {
            let (mut a, mut b) = (String::new(), String::new());
            push_json_string(s, &mut a, false);
            push_json_string(s, &mut b, true);
            assert_eq!((a.as_str(), b.as_str()), (plain, html), "{s:?}");
        }
    }
}
