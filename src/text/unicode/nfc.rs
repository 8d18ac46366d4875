//! NFC as golang.org/x/text's `norm.NFC.String` computes it, which is what
//! cty does to every string: its quick check, its segments of at most 30
//! non-starters (past which it inserts U+034F COMBINING GRAPHEME JOINER,
//! the stream-safe format), its reordering, and its composition, whose map
//! is keyed on the low 16 bits of both characters (so U+10041 U+0301
//! composes to U+00C1, as in Go).

use super::packed::{COMPOSITES, COMPOSITION, COMPOSITION_FIRST, COMPOSITION_SECOND, DECOMPOSABLE, DECOMPOSITION, NFC_13, NFC_15};
use super::partition_point;
use super::tables::{DECOMPOSED, NFC_PROPERTIES};
use super::{versioned_run, Version};
use std::cell::Cell;

const MAX_NON_STARTERS: u8 = 30;
const CGJ: char = '\u{34F}';
const HANGUL_BASE: u32 = 0xAC00;
const HANGUL_END: u32 = 0xD7A4;
const JAMO_L_BASE: u32 = 0x1100;
const JAMO_L_END: u32 = 0x1113;
const JAMO_V_BASE: u32 = 0x1161;
const JAMO_V_END: u32 = 0x1176;
const JAMO_T_BASE: u32 = 0x11A7;
const JAMO_T_END: u32 = 0x11C3;
const JAMO_T_COUNT: u32 = 28;
const JAMO_V_COUNT: u32 = 21;

/// x/text's normalisation properties of a character (its `Properties` as
/// the NFC algorithm reads them), packed as `tools/unicode` records them:
/// the raw combining class in bits 0-7 (x/text's compressed value, ordered
/// as the classes are), the number of leading non-starters in bits 8-9,
/// the quick-check flags in bits 10-15.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NfcProperties(pub u16);

impl NfcProperties {
    fn ccc(self) -> u8 {
        self.0 as u8
    }

    fn n_lead(self) -> u8 {
        (self.0 >> 8) as u8 & 3
    }

    fn flags(self) -> u8 {
        (self.0 >> 10) as u8
    }

    fn n_trail(self) -> u8 {
        self.flags() & 3
    }

    fn has_decomposition(self) -> bool {
        self.flags() & 0x04 != 0
    }

    fn combines_backward(self) -> bool {
        self.flags() & 0x08 != 0
    }

    fn is_yes_c(self) -> bool {
        self.flags() & 0x10 == 0
    }

    fn boundary_before(self) -> bool {
        self.ccc() == 0 && !self.combines_backward()
    }
}

/// The normalisation properties of `c` in `version`.
pub fn nfc_properties(c: char, version: Version) -> NfcProperties {
    Lookup::new(version).get(c)
}

/// Property lookups for one string, remembering the last run of the table
/// (text tends to stay in one block).
struct Lookup {
    version: Version,
    /// The last run: its first and last code point, its properties.
    last: Cell<(u32, u32, u16)>,
}

impl Lookup {
    fn new(version: Version) -> Lookup {
        Lookup { version, last: Cell::new((1, 0, 0)) }
    }

    fn get(&self, c: char) -> NfcProperties {
        let u = c as u32;
        let (lo, hi, p) = self.last.get();
        if (lo..=hi).contains(&u) {
            return NfcProperties(p);
        }
        let (e, lo, hi) = versioned_run(NFC_15.view(), NFC_13.view(), self.version, u);
        let p = NFC_PROPERTIES[e as u8 as usize];
        self.last.set((lo, hi, p));
        NfcProperties(p)
    }
}

/// `s` in NFC, as x/text's `norm.NFC.String` returns it.
pub fn nfc(s: String, version: Version) -> String {
    if s.is_ascii() {
        return s;
    }
    let props = Lookup::new(version);
    let (n, ok) = quick_span(&s, 0, &props);
    if ok {
        return s;
    }
    let mut rb = ReorderBuffer { runes: Vec::new(), ss: 0, out: String::with_capacity(s.len() + 8), props, scratch: Vec::new() };
    rb.out.push_str(&s[..n]);
    let mut p = n;
    while p < s.len() {
        p = rb.decompose_segment(&s, p);
        if p < s.len() {
            let (end, _) = quick_span(&s, p, &rb.props);
            rb.out.push_str(&s[p..end]);
            p = end;
        }
    }
    rb.out
}

/// Whether `s` is in NFC already.
pub fn is_nfc(s: &str, version: Version) -> bool {
    s.is_ascii() || quick_span(s, 0, &Lookup::new(version)).1 || nfc(s.to_string(), version) == s
}

/// x/text's `norm.NFC.LastBoundary`: the byte offset of the last point in
/// `s` where normalisation could start afresh, so that text appended after
/// it cannot change what precedes it; `None` when there is none (`-1` in
/// Go). go-cty cuts a string's known prefix there.
pub fn last_boundary(s: &str, version: Version) -> Option<usize> {
    let props = Lookup::new(version);
    let mut runes = s.char_indices().rev();
    let (mut i, last) = runes.next()?;
    let info = props.get(last);
    if info.flags() == 0 && info.ccc() == 0 {
        return Some(s.len());
    }
    // Walk back over characters until one begins with a starter, counting
    // trailing non-starters as the stream-safe format does.
    let mut trailing = info.n_trail();
    let mut leading = info.n_lead();
    while leading != 0 {
        let Some((p, c)) = runes.next() else { return None };
        let info = props.get(c);
        trailing += info.n_trail();
        if trailing > MAX_NON_STARTERS {
            return Some(i);
        }
        leading = info.n_lead();
        i = p;
    }
    Some(i)
}

/// The result of stream-safe accounting for one more character.
#[derive(PartialEq)]
enum Segment {
    Continues,
    Starts,
    Overflows,
}

/// x/text's `streamSafe.next`: any character with leading non-starters
/// continues the segment (Jamo vowels and trailing consonants among them);
/// past 30 non-starters the segment overflows.
fn next_in_segment(count: &mut u8, p: NfcProperties) -> Segment {
    let n = p.n_lead();
    *count += n;
    if *count > MAX_NON_STARTERS {
        *count = 0;
        return Segment::Overflows;
    }
    if n == 0 {
        *count = p.n_trail();
        return Segment::Starts;
    }
    Segment::Continues
}

/// x/text's `quickSpan`: how far from `from` the text is surely NFC, and
/// whether that is to its end. Short of the end, it stops at the start of
/// the segment where a character may change.
fn quick_span(s: &str, from: usize, props: &Lookup) -> (usize, bool) {
    let bytes = s.as_bytes();
    let (mut last_cc, mut ss, mut last_seg_start) = (0u8, 0u8, from);
    let mut i = from;
    while i < bytes.len() {
        if bytes[i].is_ascii() {
            while i < bytes.len() && bytes[i].is_ascii() {
                i += 1;
            }
            (last_seg_start, last_cc, ss) = (i - 1, 0, 0);
            continue;
        }
        let c = s[i..].chars().next().unwrap_or_default();
        let p = props.get(c);
        match next_in_segment(&mut ss, p) {
            Segment::Starts => last_seg_start = i,
            Segment::Overflows => return (last_seg_start, false),
            Segment::Continues if last_cc > p.ccc() => return (last_seg_start, false),
            Segment::Continues => {}
        }
        if !p.is_yes_c() {
            return (last_seg_start, false);
        }
        last_cc = p.ccc();
        i += c.len_utf8();
    }
    (bytes.len(), true)
}

/// A character in the reorder buffer, with the properties the composition
/// reads (a composed or Hangul character has none).
#[derive(Clone, Copy)]
struct Slot {
    c: char,
    p: NfcProperties,
}

/// x/text's `reorderBuffer`, for one segment at a time.
struct ReorderBuffer {
    runes: Vec<Slot>,
    /// Non-starters counted so far; it carries over from one segment to
    /// the next, as in x/text.
    ss: u8,
    out: String,
    props: Lookup,
    /// A decomposition being inserted (kept to save allocations).
    scratch: Vec<char>,
}

impl ReorderBuffer {
    /// `decomposeSegment`: reads the segment at `sp` into the buffer,
    /// writes it out composed, and returns where it ended.
    fn decompose_segment(&mut self, s: &str, mut sp: usize) -> usize {
        let mut c = s[sp..].chars().next().unwrap_or_default();
        let mut p = self.props.get(c);
        // The buffer is empty here (x/text's check for a pending segment
        // never fires when normalising a whole string).
        if next_in_segment(&mut self.ss, p) == Segment::Overflows {
            self.insert(CGJ, NfcProperties(0));
            self.flush();
            return sp;
        }
        self.insert_flush(c, p);
        loop {
            sp += c.len_utf8();
            let Some(next) = s[sp..].chars().next() else { break };
            (c, p) = (next, self.props.get(next));
            match next_in_segment(&mut self.ss, p) {
                Segment::Starts => break,
                Segment::Overflows => {
                    self.insert(CGJ, NfcProperties(0));
                    break;
                }
                Segment::Continues => self.insert_flush(c, p),
            }
        }
        self.flush();
        sp
    }

    /// `insertFlush`: a character, decomposed.
    fn insert_flush(&mut self, c: char, p: NfcProperties) {
        let u = c as u32;
        if (HANGUL_BASE..HANGUL_END).contains(&u) {
            let (l, v, t) = (
                (u - HANGUL_BASE) / (JAMO_V_COUNT * JAMO_T_COUNT),
                (u - HANGUL_BASE) / JAMO_T_COUNT % JAMO_V_COUNT,
                (u - HANGUL_BASE) % JAMO_T_COUNT,
            );
            self.push_plain(JAMO_L_BASE + l);
            self.push_plain(JAMO_V_BASE + v);
            if t != 0 {
                self.push_plain(JAMO_T_BASE + t);
            }
        } else if p.has_decomposition() {
            let mut parts = std::mem::take(&mut self.scratch);
            parts.clear();
            decompose(c, &mut parts);
            for &d in &parts {
                let dp = self.props.get(d);
                // A decomposition may hold several segments.
                if dp.boundary_before() && !self.runes.is_empty() {
                    self.flush();
                }
                self.insert(d, dp);
            }
            self.scratch = parts;
        } else {
            self.insert(c, p);
        }
    }

    fn push_plain(&mut self, u: u32) {
        self.runes.push(Slot { c: char::from_u32(u).unwrap_or_default(), p: NfcProperties(0) });
    }

    /// `insertOrdered`: a non-starter goes after those of lower or equal
    /// class (the canonical ordering); a starter at the end.
    fn insert(&mut self, c: char, p: NfcProperties) {
        let mut n = self.runes.len();
        if p.ccc() > 0 {
            while n > 0 && self.runes[n - 1].p.ccc() > p.ccc() {
                n -= 1;
            }
        }
        self.runes.insert(n, Slot { c, p });
    }

    /// `doFlush`: composes the buffer and writes it out.
    fn flush(&mut self) {
        self.compose();
        self.out.extend(self.runes.iter().map(|r| r.c));
        self.runes.clear();
    }

    /// `compose`: canonical composition of the segment, with x/text's
    /// notion of blocking; from the first Jamo on, `combine_hangul` takes
    /// over the rest.
    fn compose(&mut self) {
        let b = &mut self.runes;
        if b.is_empty() {
            return;
        }
        let (mut s, mut k) = (0, 1);
        for i in 1..b.len() {
            if (0x1100..=0x11FF).contains(&(b[i].c as u32)) {
                return combine_hangul(b, s, i, k);
            }
            let ii = b[i];
            if ii.p.combines_backward() {
                let (ccc_b, ccc_c) = (b[k - 1].p.ccc(), ii.p.ccc());
                let mut blocked = false;
                if ccc_b == 0 {
                    s = k - 1;
                } else {
                    blocked = s != k - 1 && ccc_b >= ccc_c;
                }
                if !blocked {
                    if let Some(c) = combine(b[s].c, ii.c) {
                        b[s] = Slot { c, p: NfcProperties(0) };
                        continue;
                    }
                }
            }
            b[k] = b[i];
            k += 1;
        }
        b.truncate(k);
    }
}

/// x/text's `combineHangul`: Jamo L+V and LV+T compose; the rest stays.
fn combine_hangul(b: &mut Vec<Slot>, mut s: usize, from: usize, mut k: usize) {
    for i in from..b.len() {
        let (ccc_b, ccc_c) = (b[k - 1].p.ccc(), b[i].p.ccc());
        if ccc_b == 0 {
            s = k - 1;
        }
        if s != k - 1 && ccc_b >= ccc_c {
            b[k] = b[i];
            k += 1;
            continue;
        }
        let (l, v) = (b[s].c as u32, b[i].c as u32);
        let composed = if (JAMO_L_BASE..JAMO_L_END).contains(&l) && (JAMO_V_BASE..JAMO_V_END).contains(&v) {
            Some(HANGUL_BASE + ((l - JAMO_L_BASE) * JAMO_V_COUNT + (v - JAMO_V_BASE)) * JAMO_T_COUNT)
        } else if (HANGUL_BASE..HANGUL_END).contains(&l) && JAMO_T_BASE < v && v < JAMO_T_END && (l - HANGUL_BASE) % JAMO_T_COUNT == 0 {
            Some(l + v - JAMO_T_BASE)
        } else {
            None
        };
        match composed.and_then(char::from_u32) {
            Some(c) => b[s] = Slot { c, p: NfcProperties(0) },
            None => {
                b[k] = b[i];
                k += 1;
            }
        }
    }
    b.truncate(k);
}

fn key(a: u32, b: u32) -> u32 {
    (a & 0xFFFF) << 16 | (b & 0xFFFF)
}

/// x/text's `combine`: the map is keyed on the low 16 bits of each
/// character, whatever plane it is in.
fn combine(a: char, b: char) -> Option<char> {
    let k = key(a as u32, b as u32);
    let (first, second) = (COMPOSITION_FIRST.view(), COMPOSITION_SECOND.view());
    let at = |i| key(first.get(i), second.get(i));
    let i = partition_point(first.len(), |i| at(i) < k);
    if i == first.len() || at(i) != k {
        return None;
    }
    char::from_u32(COMPOSITION.view().get(i))
}

/// Appends the full canonical decomposition of `c` (x/text's
/// `Decomposition`), or `c` itself. The same in both versions.
fn decompose(c: char, out: &mut Vec<char>) {
    let u = c as u32;
    // Both tables are sorted by the character looked up, one entry each.
    let (composites, composed) = (COMPOSITES.view(), COMPOSITION.view());
    let composite = |i| composed.get(composites.get(i) as usize);
    let i = partition_point(composites.len(), |i| composite(i) < u);
    if i < composites.len() && composite(i) == u {
        let at = composites.get(i) as usize;
        for x in [COMPOSITION_FIRST.view().get(at), COMPOSITION_SECOND.view().get(at)] {
            decompose(char::from_u32(x).unwrap_or_default(), out);
        }
        return;
    }
    let decomposable = DECOMPOSABLE.view();
    let j = decomposable.partition_point(|x| x < u);
    if j < decomposable.len() && decomposable.get(j) == u {
        let d = DECOMPOSITION.view().get(j);
        if d & 0x8000_0000 == 0 {
            out.extend(char::from_u32(d));
        } else {
            let start = (d >> 8 & 0x7F_FFFF) as usize;
            out.extend_from_slice(&DECOMPOSED[start..start + (d & 0xFF) as usize]);
        }
    } else {
        out.push(c);
    }
}

/// The canonical decomposition x/text holds for `c`, empty when it has
/// none (Hangul syllables included: they decompose algorithmically).
pub fn decomposition(c: char) -> String {
    let mut out = Vec::new();
    decompose(c, &mut out);
    if out == [c] {
        return String::new();
    }
    out.into_iter().collect()
}
