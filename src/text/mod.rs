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
    out.push('"');
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
    out
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
/// code point against it).
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
    (0x0588, 0x0588),
    (0x058B, 0x058C),
    (0x05C8, 0x05C9),
    (0x05EF, 0x05EF),
    (0x07FD, 0x07FD),
    (0x0860, 0x086A),
    (0x0870, 0x0887),
    (0x0889, 0x088F),
    (0x0897, 0x089F),
    (0x08B5, 0x08B5),
    (0x08BE, 0x08D3),
    (0x09FC, 0x09FC),
    (0x09FE, 0x09FE),
    (0x0AFA, 0x0AFF),
    (0x0B53, 0x0B55),
    (0x0C04, 0x0C04),
    (0x0C3C, 0x0C3C),
    (0x0C5C, 0x0C5D),
    (0x0CDC, 0x0CDD),
    (0x0CF3, 0x0CF3),
    (0x0D00, 0x0D00),
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
    (0x1715, 0x1715),
    (0x171F, 0x171F),
    (0x180F, 0x180F),
    (0x1878, 0x1878),
    (0x1ABF, 0x1AF0),
    (0x1B4C, 0x1B4C),
    (0x1C89, 0x1C8A),
    (0x1C90, 0x1CBA),
    (0x1CBD, 0x1CBF),
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
    (0xA7B8, 0xA7DD),
    (0xA7E2, 0xA7E2),
    (0xA7F1, 0xA7F6),
    (0xA82C, 0xA82C),
    (0xA8FE, 0xA8FF),
    (0xAB66, 0xAB69),
    (0xAB6C, 0xAB6D),
    (0xFF65, 0xFF65),
    (0x1032D, 0x1032F),
    (0x10570, 0x1057A),
    (0x1057C, 0x1058A),
    (0x1058C, 0x10592),
    (0x10594, 0x10595),
    (0x10597, 0x105A1),
    (0x105A3, 0x105B1),
    (0x105B3, 0x105B9),
    (0x105BB, 0x105BC),
    (0x105C0, 0x105F3),
    (0x10780, 0x10785),
    (0x10787, 0x107B0),
    (0x107B2, 0x107BF),
    (0x10940, 0x10959),
    (0x10A34, 0x10A35),
    (0x10D00, 0x10D27),
    (0x10D30, 0x10D39),
    (0x10D40, 0x10D65),
    (0x10D69, 0x10D6D),
    (0x10D6F, 0x10D85),
    (0x10E80, 0x10EA9),
    (0x10EAB, 0x10EAC),
    (0x10EB0, 0x10EB1),
    (0x10EC2, 0x10EC7),
    (0x10ECB, 0x10ECF),
    (0x10ED9, 0x10EEE),
    (0x10EF0, 0x10F1C),
    (0x10F27, 0x10F27),
    (0x10F30, 0x10F50),
    (0x10F70, 0x10F85),
    (0x10FB0, 0x10FC4),
    (0x10FE0, 0x10FF6),
    (0x11070, 0x11075),
    (0x110C2, 0x110C2),
    (0x11144, 0x11147),
    (0x111C9, 0x111C9),
    (0x111CE, 0x111CF),
    (0x1123F, 0x11241),
    (0x1133B, 0x1133B),
    (0x11380, 0x11389),
    (0x1138B, 0x1138B),
    (0x1138E, 0x1138E),
    (0x11390, 0x113B5),
    (0x113B7, 0x113C0),
    (0x113C2, 0x113C2),
    (0x113C5, 0x113C5),
    (0x113C7, 0x113CA),
    (0x113CC, 0x113D3),
    (0x113E1, 0x113E2),
    (0x1145E, 0x11461),
    (0x116B8, 0x116B8),
    (0x116D0, 0x116E3),
    (0x1171A, 0x1171A),
    (0x11740, 0x11746),
    (0x11800, 0x1183A),
    (0x11900, 0x11906),
    (0x11909, 0x11909),
    (0x1190C, 0x11913),
    (0x11915, 0x11916),
    (0x11918, 0x11935),
    (0x11937, 0x11938),
    (0x1193B, 0x11943),
    (0x11950, 0x11959),
    (0x119A0, 0x119A7),
    (0x119AA, 0x119D7),
    (0x119DA, 0x119E1),
    (0x119E3, 0x119E4),
    (0x11A00, 0x11A3E),
    (0x11A47, 0x11A47),
    (0x11A50, 0x11A99),
    (0x11A9D, 0x11A9D),
    (0x11AB0, 0x11ABF),
    (0x11B0A, 0x11B0A),
    (0x11B60, 0x11B67),
    (0x11BC0, 0x11BE0),
    (0x11BF0, 0x11BF9),
    (0x11D00, 0x11D06),
    (0x11D08, 0x11D09),
    (0x11D0B, 0x11D36),
    (0x11D3A, 0x11D3A),
    (0x11D3C, 0x11D3D),
    (0x11D3F, 0x11D47),
    (0x11D50, 0x11D59),
    (0x11D60, 0x11D65),
    (0x11D67, 0x11D68),
    (0x11D6A, 0x11D8E),
    (0x11D90, 0x11D91),
    (0x11D93, 0x11D98),
    (0x11DA0, 0x11DA9),
    (0x11DB0, 0x11DDB),
    (0x11DE0, 0x11DE9),
    (0x11DF0, 0x11DF1),
    (0x11EE0, 0x11EF6),
    (0x11F00, 0x11F10),
    (0x11F12, 0x11F3A),
    (0x11F3E, 0x11F42),
    (0x11F50, 0x11F5A),
    (0x11FB0, 0x11FB0),
    (0x1246F, 0x1246F),
    (0x12475, 0x1247F),
    (0x12550, 0x12686),
    (0x12F90, 0x12FF0),
    (0x1342F, 0x1342F),
    (0x13440, 0x13455),
    (0x13460, 0x143FA),
    (0x16100, 0x16139),
    (0x16A70, 0x16ABE),
    (0x16AC0, 0x16AC9),
    (0x16D40, 0x16D6C),
    (0x16D70, 0x16D79),
    (0x16E40, 0x16E7F),
    (0x16EA0, 0x16EB8),
    (0x16EBB, 0x16ED3),
    (0x16F45, 0x16F4A),
    (0x16F4F, 0x16F4F),
    (0x16F7F, 0x16F87),
    (0x16FE1, 0x16FE1),
    (0x16FE3, 0x16FE4),
    (0x16FF0, 0x16FF6),
    (0x187ED, 0x187FF),
    (0x18AF3, 0x18CDA),
    (0x18CFF, 0x18D20),
    (0x18D80, 0x18DF2),
    (0x18E00, 0x19191),
    (0x191A0, 0x191D2),
    (0x1AFF0, 0x1AFF3),
    (0x1AFF5, 0x1AFFB),
    (0x1AFFD, 0x1AFFE),
    (0x1B002, 0x1B128),
    (0x1B132, 0x1B132),
    (0x1B150, 0x1B152),
    (0x1B155, 0x1B155),
    (0x1B164, 0x1B168),
    (0x1B170, 0x1B2FB),
    (0x1CCF0, 0x1CCF9),
    (0x1CF00, 0x1CF2D),
    (0x1CF30, 0x1CF46),
    (0x1D127, 0x1D128),
    (0x1D250, 0x1D252),
    (0x1D25B, 0x1D25C),
    (0x1D25F, 0x1D25F),
    (0x1D280, 0x1D281),
    (0x1D6A6, 0x1D6A6),
    (0x1DF00, 0x1DF81),
    (0x1DF90, 0x1DF96),
    (0x1DFCD, 0x1DFFF),
    (0x1E030, 0x1E06D),
    (0x1E08F, 0x1E08F),
    (0x1E100, 0x1E12C),
    (0x1E130, 0x1E13D),
    (0x1E140, 0x1E149),
    (0x1E14E, 0x1E14E),
    (0x1E290, 0x1E2AE),
    (0x1E2C0, 0x1E2F9),
    (0x1E4D0, 0x1E4F9),
    (0x1E5D0, 0x1E5FA),
    (0x1E6C0, 0x1E6DE),
    (0x1E6E0, 0x1E6F5),
    (0x1E6FE, 0x1E6FF),
    (0x1E7E0, 0x1E7E6),
    (0x1E7E8, 0x1E7EB),
    (0x1E7ED, 0x1E7EE),
    (0x1E7F0, 0x1E7FE),
    (0x1E94B, 0x1E94B),
    (0x1FBF0, 0x1FBF9),
    (0x2A6D7, 0x2A6DF),
    (0x2B735, 0x2B73F),
    (0x2B81E, 0x2B81E),
    (0x2CEA2, 0x2CEAD),
    (0x2CEB0, 0x2EBE0),
    (0x2EBF0, 0x2EE5D),
    (0x30000, 0x3134A),
    (0x31350, 0x33479),
    (0x3D000, 0x3FC3F),
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
