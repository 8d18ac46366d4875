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
//! Part of [`crate::text`], a leaf: callers pass the [`Version`] (their
//! profile's, see [`Profile::unicode`](crate::profile::Profile::unicode)).

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

/// A table of 32-bit words kept as four planes of bytes, lowest first:
/// gzip finds the runs and repeats of each byte position that interleaved
/// words hide, which takes the tables from 25 KB to 16 KB gzipped in the
/// WebAssembly module. Built from `tables.rs` at compile time.
struct Words<const N: usize>([[u8; N]; 4]);

impl<const N: usize> Words<N> {
    const fn of(words: [u32; N]) -> Self {
        let mut planes = [[0u8; N]; 4];
        let mut i = 0;
        while i < N {
            let b = words[i].to_le_bytes();
            planes[0][i] = b[0];
            planes[1][i] = b[1];
            planes[2][i] = b[2];
            planes[3][i] = b[3];
            i += 1;
        }
        Words(planes)
    }

    fn view(&'static self) -> View {
        View([&self.0[0], &self.0[1], &self.0[2], &self.0[3]])
    }
}

/// Field `k` of each of `rows`, for the tables of tuples.
const fn column<const N: usize, const W: usize>(rows: [[u32; W]; N], k: usize) -> [u32; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = rows[i][k];
        i += 1;
    }
    out
}

const fn pairs<const N: usize>(rows: [(u32, u32); N]) -> [[u32; 2]; N] {
    let mut out = [[0; 2]; N];
    let mut i = 0;
    while i < N {
        out[i] = [rows[i].0, rows[i].1];
        i += 1;
    }
    out
}

const fn triples<const N: usize>(rows: [(u32, u32, u32); N]) -> [[u32; 3]; N] {
    let mut out = [[0; 3]; N];
    let mut i = 0;
    while i < N {
        out[i] = [rows[i].0, rows[i].1, rows[i].2];
        i += 1;
    }
    out
}

const fn widen<const N: usize>(halves: [u16; N]) -> [u32; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = halves[i] as u32;
        i += 1;
    }
    out
}

/// The word tables of `tables.rs` as [`Words`]; the tables of tuples by
/// column.
mod packed {
    use super::tables as t;
    use super::{column, pairs, triples, widen, Words};

    pub(super) static NFC_15: Words<{ t::NFC_15.len() }> = Words::of(t::NFC_15);
    pub(super) static NFC_13: Words<{ t::NFC_13.len() }> = Words::of(t::NFC_13);
    pub(super) static COMPOSITION_FIRST: Words<{ t::COMPOSITIONS.len() }> = Words::of(column(triples(t::COMPOSITIONS), 0));
    pub(super) static COMPOSITION_SECOND: Words<{ t::COMPOSITIONS.len() }> = Words::of(column(triples(t::COMPOSITIONS), 1));
    pub(super) static COMPOSITION: Words<{ t::COMPOSITIONS.len() }> = Words::of(column(triples(t::COMPOSITIONS), 2));
    pub(super) static COMPOSITES: Words<{ t::COMPOSITES.len() }> = Words::of(widen(t::COMPOSITES));
    pub(super) static DECOMPOSABLE: Words<{ t::DECOMPOSITIONS.len() }> = Words::of(column(pairs(t::DECOMPOSITIONS), 0));
    pub(super) static DECOMPOSITION: Words<{ t::DECOMPOSITIONS.len() }> = Words::of(column(pairs(t::DECOMPOSITIONS), 1));
    pub(super) static GRAPHEME_15: Words<{ t::GRAPHEME_15.len() }> = Words::of(t::GRAPHEME_15);
    pub(super) static GRAPHEME_13: Words<{ t::GRAPHEME_13.len() }> = Words::of(t::GRAPHEME_13);
    pub(super) static CASE_15: Words<{ t::CASE_15.len() }> = Words::of(t::CASE_15);
    pub(super) static CASE_13: Words<{ t::CASE_13.len() }> = Words::of(t::CASE_13);
    pub(super) static SPACE: Words<{ t::SPACE.len() }> = Words::of(t::SPACE);
    pub(super) static PRINT_15: Words<{ t::PRINT_15.len() }> = Words::of(t::PRINT_15);
    pub(super) static PRINT_13: Words<{ t::PRINT_13.len() }> = Words::of(t::PRINT_13);
}

/// A [`Words`] table of any length.
#[derive(Clone, Copy)]
struct View([&'static [u8]; 4]);

impl View {
    fn len(self) -> usize {
        self.0[0].len()
    }

    fn get(self, i: usize) -> u32 {
        u32::from_le_bytes([self.0[0][i], self.0[1][i], self.0[2][i], self.0[3][i]])
    }

    /// The first index whose word fails `pred`, as `slice::partition_point`.
    fn partition_point(self, mut pred: impl FnMut(u32) -> bool) -> usize {
        partition_point(self.len(), |i| pred(self.get(i)))
    }
}

/// The first index below `len` that fails `pred` (which holds for a
/// prefix), by bisection.
fn partition_point(len: usize, mut pred: impl FnMut(usize) -> bool) -> usize {
    let (mut lo, mut hi) = (0, len);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

/// The entry of a run table (`tables.rs`) that covers `c`.
fn run_entry(table: View, c: u32) -> u32 {
    // Every table starts at code point 0.
    table.get(table.partition_point(|e| e >> 8 <= c) - 1)
}

/// The entry covering `c` in a table for `version`: Unicode 15's, unless
/// Unicode 13's differences say otherwise.
fn versioned(unicode15: View, unicode13: View, version: Version, c: char) -> u32 {
    versioned_run(unicode15, unicode13, version, c as u32).0
}

/// [`versioned`], with the code points from `.1` to `.2` that share the
/// entry, for callers that look up runs of nearby characters.
fn versioned_run(unicode15: View, unicode13: View, version: Version, c: u32) -> (u32, u32, u32) {
    fn run(table: View, c: u32) -> (u32, u32, u32) {
        let i = table.partition_point(|e| e >> 8 <= c);
        let next = if i < table.len() { (table.get(i) >> 8) - 1 } else { 0x10FFFF };
        (table.get(i - 1), table.get(i - 1) >> 8, next)
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
