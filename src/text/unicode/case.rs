//! Go's case mappings and character classes: `unicode.ToUpper`, `ToLower`
//! and `ToTitle` (the simple, one-character mappings) as `strings.ToUpper`,
//! `ToLower` and `Title` apply them, `unicode.IsSpace` (`strings.TrimSpace`,
//! HCL's strip markers) and `strconv.IsPrint` (`%q`).

use super::packed::{CASE_13, CASE_15, PRINT_13, PRINT_15, SPACE};
use super::tables::CASE_DELTAS;
use super::{run_entry, versioned, Version};

/// Which of Go's case mappings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Case {
    /// `unicode.ToUpper`
    Upper,
    /// `unicode.ToLower`
    Lower,
    /// `unicode.ToTitle`
    Title,
}

/// In a case table: upper case at an even distance from the run's start,
/// its lower case after it.
const ALTERNATING: u8 = 0xFE;

/// Go's `unicode.ToUpper`, `ToLower` or `ToTitle` of `c`.
pub fn simple_case(c: char, case: Case, version: Version) -> char {
    if c.is_ascii() {
        return match case {
            Case::Lower => c.to_ascii_lowercase(),
            Case::Upper | Case::Title => c.to_ascii_uppercase(),
        };
    }
    let e = versioned(CASE_15.view(), CASE_13.view(), version, c);
    let u = c as u32;
    let mapped = if e as u8 == ALTERNATING {
        let upper = (e >> 8) + ((u - (e >> 8)) & !1);
        if case == Case::Lower {
            upper + 1
        } else {
            upper
        }
    } else {
        let (upper, lower, title) = CASE_DELTAS[e as u8 as usize];
        let delta = match case {
            Case::Upper => upper,
            Case::Lower => lower,
            Case::Title => title,
        };
        u.wrapping_add_signed(delta)
    };
    char::from_u32(mapped).unwrap_or(c)
}

/// Go's `strings.ToUpper`.
pub fn to_upper(s: &str, version: Version) -> String {
    s.chars().map(|c| simple_case(c, Case::Upper, version)).collect()
}

/// Go's `strings.ToLower`.
pub fn to_lower(s: &str, version: Version) -> String {
    s.chars().map(|c| simple_case(c, Case::Lower, version)).collect()
}

/// Go's deprecated `strings.Title`: a character after a separator is
/// mapped to title case. Separators are ASCII characters other than
/// letters, digits and `_`, and beyond ASCII the spaces (Go's test is
/// letter or digit, else space; no space is a letter or digit).
pub fn title(s: &str, version: Version) -> String {
    let is_separator = |c: char| if c.is_ascii() { !(c.is_ascii_alphanumeric() || c == '_') } else { is_space(c) };
    let mut prev = ' ';
    s.chars()
        .map(|c| {
            let out = if is_separator(prev) { simple_case(c, Case::Title, version) } else { c };
            prev = c;
            out
        })
        .collect()
}

/// Go's `unicode.IsSpace` (the same in Unicode 13 and 15).
pub fn is_space(c: char) -> bool {
    match c {
        '\t' | '\n' | '\x0B' | '\x0C' | '\r' | ' ' => true,
        c if c.is_ascii() => false,
        c => run_entry(SPACE.view(), c as u32) as u8 == 1,
    }
}

/// Go's `strings.TrimSpace`.
pub fn trim_space(s: &str) -> &str {
    s.trim_matches(is_space)
}

/// Go's `strconv.IsPrint`: letters, marks, numbers, punctuation, symbols
/// and the ASCII space, as assigned in `version`.
pub fn is_print(c: char, version: Version) -> bool {
    match c {
        ' '..='~' => true,
        c if c.is_ascii() => false,
        c => versioned(PRINT_15.view(), PRINT_13.view(), version, c) as u8 == 1,
    }
}
