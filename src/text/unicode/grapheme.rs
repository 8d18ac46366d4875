//! Grapheme clusters as go-textseg's `ScanGraphemeClusters` finds them:
//! not UAX #29 to the letter, but the longest match of its Ragel grammar
//! (the same in v13 and v15, over each version's classes). Some of what
//! that means: a ZWJ joins an emoji to any preceding cluster that takes
//! extenders (a Hangul syllable, a flag, an emoji, not a letter), an L
//! jamo and an LV syllable make a cluster that no T joins, U+FFFD stands
//! alone like a control, and a lone CR or LF matches nothing, so the
//! scanner returns it alone, or asks for more data when not at the end.
//!
//! cty and hcl mostly call the scanner on the whole rest of a string
//! ([`graphemes`]); `textseg.TokenCount` reads through a `bufio.Scanner`,
//! whose 4 KiB reads cut clusters and whose 64 KiB limit ends the count
//! early ([`token_count`]).

use super::packed::{GRAPHEME_13, GRAPHEME_15};
use super::{versioned_run, Version};
use std::cell::Cell;

/// A character's class in go-textseg's grammar. `SpacingMark` behaves as
/// `Extend` there, so it is one class; U+FFFD is a `Control`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Class {
    Other,
    CR,
    LF,
    Control,
    Extend,
    ZWJ,
    RegionalIndicator,
    Prepend,
    L,
    V,
    T,
    LV,
    LVT,
    ExtendedPictographic,
}

const CLASSES: [Class; 14] = [
    Class::Other,
    Class::CR,
    Class::LF,
    Class::Control,
    Class::Extend,
    Class::ZWJ,
    Class::RegionalIndicator,
    Class::Prepend,
    Class::L,
    Class::V,
    Class::T,
    Class::LV,
    Class::LVT,
    Class::ExtendedPictographic,
];

impl Class {
    /// The class of `c` in `version`.
    pub fn of(c: char, version: Version) -> Class {
        Class::of_run(c as u32, version).0
    }

    /// The class of an ASCII character.
    fn of_ascii(b: u8) -> Class {
        match b {
            b'\r' => Class::CR,
            b'\n' => Class::LF,
            0..=0x1F | 0x7F => Class::Control,
            _ => Class::Other,
        }
    }

    /// The class of `u`, with the code points that share its run.
    fn of_run(u: u32, version: Version) -> (Class, u32, u32) {
        if u < 0x80 {
            return (Class::of_ascii(u as u8), u, u);
        }
        let (e, lo, hi) = versioned_run(GRAPHEME_15.view(), GRAPHEME_13.view(), version, u);
        (CLASSES.get(e as u8 as usize).copied().unwrap_or(Class::Other), lo, hi)
    }
}

/// The characters of a byte slice that holds UTF-8 text cut anywhere at
/// its end, with their classes.
struct Input<'a> {
    data: &'a [u8],
    version: Version,
    last: &'a LastRun,
}

/// The last run of the class table looked up: first, last, class (text
/// tends to stay in one block).
type LastRun = Cell<(u32, u32, Class)>;

fn no_run() -> LastRun {
    Cell::new((1, 0, Class::Other))
}

impl Input<'_> {
    /// The class and length of the character at `at`, or `None` at the
    /// end or at a character cut short.
    fn at(&self, at: usize) -> Option<(Class, usize)> {
        let b = *self.data.get(at)?;
        let (len, lead) = match b {
            0..=0x7F => return Some((Class::of_ascii(b), 1)),
            0xC0..=0xDF => (2, b & 0x1F),
            0xE0..=0xEF => (3, b & 0x0F),
            _ => (4, b & 0x07),
        };
        // The text was a str: only its end can be cut short.
        let u = self.data.get(at + 1..at + len)?.iter().fold(lead as u32, |u, &c| u << 6 | (c & 0x3F) as u32);
        let (lo, hi, class) = self.last.get();
        if (lo..=hi).contains(&u) {
            return Some((class, len));
        }
        let (class, lo, hi) = Class::of_run(u, self.version);
        self.last.set((lo, hi, class));
        Some((class, len))
    }

    fn is(&self, at: usize, class: Class) -> bool {
        self.at(at).is_some_and(|(c, _)| c == class)
    }

    /// `(Extend | ZWJ)*`: what follows an OtherSeq or a ZWJSeq start.
    fn extenders(&self, mut at: usize) -> usize {
        while let Some((Class::Extend | Class::ZWJ, n)) = self.at(at) {
            at += n;
        }
        at
    }

    /// The grammar's `Extension`: extenders, where a ZWJ may also take
    /// one extended pictographic character with it.
    fn extension(&self, mut at: usize) -> usize {
        loop {
            match self.at(at) {
                Some((Class::Extend, n)) => at += n,
                Some((Class::ZWJ, n)) => {
                    at += n;
                    if let Some((Class::ExtendedPictographic, n)) = self.at(at) {
                        at += n;
                    }
                }
                _ => return at,
            }
        }
    }

    /// `HangulSeq` after its first character: `L+ ((LV? V+ | LVT) T*)? |
    /// L+ LV? | LV V* T* | V+ T* | LVT T* | T+`, then `Extension`.
    fn hangul(&self, first: Class, mut at: usize) -> usize {
        #[derive(PartialEq)]
        enum State {
            Ls,
            LsLV,
            Vs,
            Ts,
        }
        let mut state = match first {
            Class::L => State::Ls,
            Class::LV | Class::V => State::Vs,
            _ => State::Ts,
        };
        while let Some((class, n)) = self.at(at) {
            state = match (&state, class) {
                (State::Ls, Class::L) => State::Ls,
                (State::Ls, Class::LV) => State::LsLV,
                (State::Ls | State::LsLV | State::Vs, Class::V) => State::Vs,
                (State::Ls, Class::LVT) | (State::Vs | State::Ts, Class::T) => State::Ts,
                _ => break,
            };
            at += n;
        }
        self.extension(at)
    }

    /// One of the sequences that may follow prepended characters, starting
    /// at `at` (which holds a character of class `class` and length `n`).
    fn sequence(&self, class: Class, at: usize, n: usize) -> Option<usize> {
        Some(match class {
            Class::L | Class::V | Class::T | Class::LV | Class::LVT => self.hangul(class, at + n),
            Class::ExtendedPictographic => self.extension(at + n),
            Class::ZWJ | Class::Other | Class::Extend => self.extenders(at + n),
            Class::RegionalIndicator => {
                let mut end = at + n;
                if let Some((Class::RegionalIndicator, m)) = self.at(end) {
                    end += m;
                }
                self.extension(end)
            }
            Class::CR | Class::LF | Class::Control | Class::Prepend => return None,
        })
    }
}

/// go-textseg's `ScanGraphemeClusters(data, atEOF)`: the length of the
/// first cluster of `data`, or `None` where the scanner asks for more data
/// (a lone CR or LF, or a character cut short, when not `at_eof`). `data`
/// is UTF-8 text that may be cut anywhere at its end.
pub fn scan_grapheme(data: &[u8], at_eof: bool, version: Version) -> Option<usize> {
    scan(data, at_eof, version, &no_run())
}

fn scan(data: &[u8], at_eof: bool, version: Version, last: &LastRun) -> Option<usize> {
    let input = Input { data, version, last };
    let (class, n) = match input.at(0) {
        Some(first) => first,
        None if data.is_empty() => return Some(0),
        None => return at_eof.then_some(1),
    };
    let matched = match class {
        Class::CR if input.is(n, Class::LF) => Some(n + 1),
        Class::CR | Class::LF => None,
        Class::Control => Some(n),
        Class::Prepend => {
            let mut at = n;
            while let Some((Class::Prepend, m)) = input.at(at) {
                at += m;
            }
            Some(input.at(at).and_then(|(c, m)| input.sequence(c, at, m)).unwrap_or(at))
        }
        _ => input.sequence(class, 0, n),
    };
    // Where nothing matches, the scanner takes one character at the end.
    matched.or(at_eof.then_some(n))
}

/// The grapheme clusters of a string, as cty's and hcl's loops over
/// `ScanGraphemeClusters(rest, true)` find them.
pub fn graphemes(s: &str, version: Version) -> Graphemes<'_> {
    Graphemes { rest: s, version, last: no_run() }
}

/// The iterator of [`graphemes`].
pub struct Graphemes<'a> {
    rest: &'a str,
    version: Version,
    last: LastRun,
}

impl<'a> Iterator for Graphemes<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        if self.rest.is_empty() {
            return None;
        }
        let mut n = scan(self.rest.as_bytes(), true, self.version, &self.last).unwrap_or(1).max(1);
        while !self.rest.is_char_boundary(n) {
            n += 1;
        }
        let (cluster, rest) = self.rest.split_at(n);
        self.rest = rest;
        Some(cluster)
    }
}

/// The number of grapheme clusters of `s` (cty's `Strlen`).
pub fn grapheme_count(s: &str, version: Version) -> usize {
    if s.is_ascii() && !s.contains('\r') {
        return s.len();
    }
    graphemes(s, version).count()
}

/// `textseg.TokenCount(s, ScanGraphemeClusters)`: the clusters a
/// `bufio.Scanner` finds, which reads 4 KiB at a time (a cluster across
/// a read is cut in two unless the scanner asked for more data first),
/// reads on to the end after a lone CR or LF, and stops counting where
/// the rest would take more than 64 KiB (the error its callers ignore).
pub fn token_count(s: &str, version: Version) -> usize {
    const START: usize = 4096;
    const MAX: usize = 64 * 1024;
    let data = s.as_bytes();
    let last = no_run();
    let (mut cap, mut start, mut end, mut read, mut eof, mut count) = (0, 0, 0, 0, false, 0);
    loop {
        // The buffer holds data[read - (end - start)..read] from `start`.
        if end > start || eof {
            let chunk = &data[read - (end - start)..read];
            if let Some(n) = scan(chunk, eof, version, &last).filter(|&n| n > 0) {
                start += n;
                count += 1;
                continue;
            }
        }
        if eof {
            return count;
        }
        if start > 0 && (end == cap || start > cap / 2) {
            end -= start;
            start = 0;
        }
        if end == cap {
            if cap >= MAX {
                return count;
            }
            cap = if cap == 0 { START } else { (cap * 2).min(MAX) };
        }
        let n = (cap - end).min(data.len() - read);
        if n == 0 {
            eof = true;
        } else {
            end += n;
            read += n;
        }
    }
}
