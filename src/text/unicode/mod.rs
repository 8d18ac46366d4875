//! Unicode as the engines' Go libraries have it, in the version each
//! engine was built with: NFC as golang.org/x/text normalises every cty
//! string, grapheme clusters as go-textseg scans them (string lengths and
//! offsets, format's widths, heredoc indentation, HCL's columns), and the
//! case mappings and classes of Go's `unicode` package (`upper`, `lower`,
//! `title`, `trimspace`, template strip markers, `%q` quoting).
//!
//! Terraform and OpenTofu answer in Unicode 15.0.0 (Go 1.26, x/text
//! v0.41.0 and v0.37.0, go-textseg/v15); hcl 2.14 in Unicode 13.0.0 (Go
//! 1.19, x/text v0.7.0, go-textseg/v13). `tables.rs` is generated from
//! those libraries by `tools/unicode`, which also records the vectors
//! `tests/unicode.rs` checks every function against.
//!
//! Part of [`crate::text`], a leaf: callers pass the [`Version`]; the value
//! model asks the current profile for it.

mod case;
mod grapheme;
mod nfc;
#[rustfmt::skip]
mod tables;

pub use case::{is_print, is_space, simple_case, title, to_lower, to_upper, trim_space, Case};
pub use grapheme::{grapheme_count, graphemes, scan_grapheme, token_count, Class, Graphemes};
pub use nfc::{decomposition, is_nfc, last_boundary, nfc, nfc_properties, NfcProperties};

/// A Unicode version, as one engine's libraries implement it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Version {
    /// Unicode 13.0.0: Go 1.19's `unicode`, x/text v0.7.0, go-textseg/v13
    /// (the hcl-2.14 profile).
    Unicode13,
    /// Unicode 15.0.0: Go 1.26's `unicode`, x/text v0.41.0 (and v0.37.0,
    /// whose tables are the same), go-textseg/v15 (Terraform, OpenTofu).
    Unicode15,
}

/// In a Unicode 13 table: as in Unicode 15.
const INHERIT: u8 = 0xFF;

/// The entry of a run table (`tables.rs`) that covers `c`.
fn run_entry(table: &[u32], c: u32) -> u32 {
    // Every table starts at code point 0.
    table[table.partition_point(|&e| e >> 8 <= c) - 1]
}

/// The entry covering `c` in a table for `version`: Unicode 15's, unless
/// Unicode 13's differences say otherwise.
fn versioned(unicode15: &[u32], unicode13: &[u32], version: Version, c: char) -> u32 {
    versioned_run(unicode15, unicode13, version, c as u32).0
}

/// [`versioned`], with the code points from `.1` to `.2` that share the
/// entry, for callers that look up runs of nearby characters.
fn versioned_run(unicode15: &[u32], unicode13: &[u32], version: Version, c: u32) -> (u32, u32, u32) {
    fn run(table: &[u32], c: u32) -> (u32, u32, u32) {
        let i = table.partition_point(|&e| e >> 8 <= c);
        (table[i - 1], table[i - 1] >> 8, table.get(i).map_or(0x10FFFF, |&e| (e >> 8) - 1))
    }
    let (e, lo, hi) = run(unicode15, c);
    if version == Version::Unicode13 {
        let (old, lo13, hi13) = run(unicode13, c);
        if old as u8 != INHERIT {
            return (old, lo13, hi13);
        }
        return (e, lo.max(lo13), hi.min(hi13));
    }
    (e, lo, hi)
}
