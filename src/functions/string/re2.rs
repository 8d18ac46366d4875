//! Go's regular expressions (RE2 syntax, `regexp/syntax`) on top of the
//! `regex` crate.
//!
//! A pattern is parsed with Go's rules, so that it is accepted or refused as
//! Go does, with Go's error codes and the same offending text, and
//! re-emitted in the `regex` crate's syntax: `\d \s \w \b` become Go's ASCII
//! classes, every capture group becomes an unnamed one (Go allows names the
//! crate refuses, and repeats), `U` is resolved into each repetition, and
//! literals are written as `\x{..}` escapes. Iteration over matches and
//! replacement follow Go's rules for empty matches.

use regex::{Captures, Regex, RegexBuilder};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::OnceLock;

const ERR_INVALID_CHAR_RANGE: &str = "invalid character class range";
const ERR_INVALID_ESCAPE: &str = "invalid escape sequence";
const ERR_INVALID_NAMED_CAPTURE: &str = "invalid named capture";
const ERR_INVALID_PERL_OP: &str = "invalid or unsupported Perl syntax";
const ERR_INVALID_REPEAT_OP: &str = "invalid nested repetition operator";
const ERR_INVALID_REPEAT_SIZE: &str = "invalid repeat count";
const ERR_MISSING_BRACKET: &str = "missing closing ]";
const ERR_MISSING_PAREN: &str = "missing closing )";
const ERR_MISSING_REPEAT_ARGUMENT: &str = "missing argument to repetition operator";
const ERR_TRAILING_BACKSLASH: &str = "trailing backslash at end of expression";
const ERR_UNEXPECTED_PAREN: &str = "unexpected )";
const ERR_NESTING_DEPTH: &str = "expression nests too deeply";
const ERR_TOO_LARGE: &str = "regexp/syntax: internal error";
const ERR_CATEGORY: &str = "Unicode category classes are not supported by this build of the evaluator";

/// A class that matches nothing.
const NEVER: &str = r"[^\x{0}-\x{10FFFF}]";

/// Go's unicode.Scripts (Go 1.19, Unicode 13), which `\p{..}` accepts.
const SCRIPTS: &str = "Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali \
Bhaiksuki Bopomofo Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee \
Chorasmian Common Coptic Cuneiform Cypriot Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs \
Elbasan Elymaic Ethiopic Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Han Hangul \
Hanifi_Rohingya Hanunoo Hatran Hebrew Hiragana Imperial_Aramaic Inherited Inscriptional_Pahlavi Inscriptional_Parthian \
Javanese Kaithi Kannada Katakana Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Lao Latin Lepcha Limbu \
Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin \
Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean \
Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Old_Hungarian Old_Italic Old_North_Arabian \
Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau \
Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham SignWriting Sinhala \
Sogdian Sora_Sompeng Soyombo Sundanese Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil \
Tangut Telugu Thaana Thai Tibetan Tifinagh Tirhuta Ugaritic Vai Wancho Warang_Citi Yezidi Yi Zanabazar_Square";

/// Go's general categories (its `C` has no unassigned code points).
const CATEGORIES: &[&str] = &[
    "Cc", "Cf", "Co", "Cs", "L", "Ll", "Lm", "Lo", "Lt", "Lu", "M", "Mc", "Me", "Mn", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Pe", "Pf",
    "Pi", "Po", "Ps", "S", "Sc", "Sk", "Sm", "So", "Z", "Zl", "Zp", "Zs",
];

/// Go's POSIX classes and Perl escapes, as ranges.
const POSIX: &[(&str, &[(u32, u32)])] = &[
    ("alnum", &[(0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A)]),
    ("alpha", &[(0x41, 0x5A), (0x61, 0x7A)]),
    ("ascii", &[(0x00, 0x7F)]),
    ("blank", &[(0x09, 0x09), (0x20, 0x20)]),
    ("cntrl", &[(0x00, 0x1F), (0x7F, 0x7F)]),
    ("digit", &[(0x30, 0x39)]),
    ("graph", &[(0x21, 0x7E)]),
    ("lower", &[(0x61, 0x7A)]),
    ("print", &[(0x20, 0x7E)]),
    ("punct", &[(0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)]),
    ("space", &[(0x09, 0x0D), (0x20, 0x20)]),
    ("upper", &[(0x41, 0x5A)]),
    ("word", &[(0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A), (0x5F, 0x5F)]),
    ("xdigit", &[(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)]),
];
const PERL_D: &[(u32, u32)] = &[(0x30, 0x39)];
const PERL_S: &[(u32, u32)] = &[(0x09, 0x0A), (0x0C, 0x0D), (0x20, 0x20)];
const PERL_W: &[(u32, u32)] = &[(0x30, 0x39), (0x41, 0x5A), (0x61, 0x7A), (0x5F, 0x5F)];

/// A pattern Go would refuse: its error code and the offending text.
#[derive(Clone, Debug)]
pub(in crate::functions) struct SyntaxError {
    code: &'static str,
    expr: String,
}

impl SyntaxError {
    fn new(code: &'static str, expr: &str) -> SyntaxError {
        SyntaxError { code, expr: expr.to_string() }
    }

    /// As cty's `regex` and `regexall` word it.
    pub(in crate::functions) fn cty(&self) -> String {
        format!("invalid regexp pattern: {} in {}", self.code, self.expr)
    }

    /// As Go's `regexp.Compile` words it.
    pub(in crate::functions) fn go(&self) -> String {
        format!("error parsing regexp: {}: `{}`", self.code, self.expr)
    }
}

/// A compiled Go pattern.
pub(in crate::functions) struct Re2 {
    re: Regex,
    /// The names of capture groups 1, 2, … (`None` when unnamed).
    pub(in crate::functions) names: Vec<Option<String>>,
}

thread_local! {
    static CACHE: RefCell<Vec<((bool, String), Rc<Re2>)>> = const { RefCell::new(Vec::new()) };
}

/// Compiles `pattern` (recently used patterns come from a small cache).
pub(in crate::functions) fn compile(pattern: &str, profile: crate::profile::Profile) -> Result<Rc<Re2>, SyntaxError> {
    // The current engines' Go (1.26) reads more than the legacy profile's:
    // `(?<name>...)` groups, and Unicode class names matched loosely.
    let go126 = !profile.is_legacy();
    let key = (go126, pattern.to_string());
    if let Some(re) = CACHE.with(|c| c.borrow().iter().find(|(p, _)| *p == key).map(|(_, r)| r.clone())) {
        return Ok(re);
    }
    let (text, names) = Translator::new(pattern, go126).run()?;
    let re =
        RegexBuilder::new(&text).size_limit(32 << 20).nest_limit(4096).build().map_err(|_| SyntaxError::new(ERR_TOO_LARGE, pattern))?;
    let re = Rc::new(Re2 { re, names });
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() >= 8 {
            c.remove(0);
        }
        c.push((key, re.clone()));
    });
    Ok(re)
}

/// Whether Go's `regexp.MatchString(pattern, s)` holds (`None` for a
/// pattern Go would refuse): the providers' validators match so.
pub(crate) fn matches(pattern: &str, s: &str, profile: crate::profile::Profile) -> Option<bool> {
    compile(pattern, profile).ok().map(|re| re.re.is_match(s))
}

impl Re2 {
    /// The first match (Go's `FindStringSubmatchIndex`).
    pub(in crate::functions) fn first<'h>(&self, s: &'h str) -> Option<Captures<'h>> {
        self.re.captures(s)
    }

    /// Every match as Go's `FindAllStringSubmatchIndex(s, -1)` finds them:
    /// an empty match right after the previous match is skipped.
    pub(in crate::functions) fn all<'h>(&self, s: &'h str) -> Vec<Captures<'h>> {
        let mut out = Vec::new();
        let (mut pos, mut prev_end) = (0, None);
        while pos <= s.len() {
            let Some(c) = self.re.captures_at(s, pos) else { break };
            let (start, end) = bounds(&c);
            let accept = if end == pos {
                pos += s[pos..].chars().next().map_or(1, char::len_utf8);
                prev_end != Some(start)
            } else {
                pos = end;
                true
            };
            prev_end = Some(end);
            if accept {
                out.push(c);
            }
        }
        out
    }

    /// Go's `ReplaceAllString`: `template` expanded for every match, but
    /// not for an empty match right after the previous one; `None` when
    /// the result would exceed `max` bytes.
    pub(in crate::functions) fn replace_all(&self, s: &str, template: &str, max: usize) -> Option<String> {
        let mut out = String::with_capacity(s.len());
        let (mut last, mut search) = (0, 0);
        while search <= s.len() {
            if out.len() > max {
                return None;
            }
            let Some(c) = self.re.captures_at(s, search) else { break };
            let (start, end) = bounds(&c);
            out.push_str(&s[last.min(start)..start]);
            if end > last || start == 0 {
                self.expand(&mut out, template, &c);
            }
            last = end;
            let width = s[search..].chars().next().map_or(0, char::len_utf8);
            if search + width > end {
                search += width;
            } else if search + 1 > end {
                search += 1;
            } else {
                search = end;
            }
        }
        out.push_str(&s[last..]);
        Some(out)
    }

    /// Go's `Regexp.Expand`: `$1`, `${1}`, `$name`, `${name}`, `$$`.
    fn expand(&self, out: &mut String, template: &str, c: &Captures) {
        let mut t = template;
        while let Some(i) = t.find('$') {
            out.push_str(&t[..i]);
            t = &t[i + 1..];
            if let Some(rest) = t.strip_prefix('$') {
                out.push('$');
                t = rest;
                continue;
            }
            let (braced, body) = match t.strip_prefix('{') {
                Some(b) => (true, b),
                None => (false, t),
            };
            let name = &body[..body.find(|c: char| !is_name_char(c)).unwrap_or(body.len())];
            let closed = !braced || body[name.len()..].starts_with('}');
            if name.is_empty() || !closed {
                out.push('$');
                continue;
            }
            t = &body[name.len() + braced as usize..];
            let mut num: i64 = 0;
            for b in name.bytes() {
                if !b.is_ascii_digit() || num >= 100_000_000 {
                    num = -1;
                    break;
                }
                num = num * 10 + (b - b'0') as i64;
            }
            if name.len() > 1 && name.starts_with('0') {
                num = -1;
            }
            let group = if num >= 0 {
                c.get(num as usize)
            } else {
                self.names.iter().enumerate().filter(|(_, n)| n.as_deref() == Some(name)).find_map(|(i, _)| c.get(i + 1))
            };
            if let Some(m) = group {
                out.push_str(m.as_str());
            }
        }
        out.push_str(t);
    }
}

/// Go's letters and decimal digits (and `_`), which `$name` is made of;
/// without the general-category tables, letter-numbers (Ⅻ) are left out
/// and other numerals (²) let in.
fn is_name_char(c: char) -> bool {
    c == '_' || (c.is_alphanumeric() && !(c.is_alphabetic() && c.is_numeric()))
}

fn bounds(c: &Captures) -> (usize, usize) {
    c.get(0).map_or((0, 0), |m| (m.start(), m.end()))
}

// ------------------------------------------------------------ translation

#[derive(Clone, Copy, Default, PartialEq)]
struct Flags {
    fold: bool,
    multi_line: bool,
    dot_nl: bool,
    ungreedy: bool,
}

impl Flags {
    /// A directive setting `i`, `m` and `s` as they are here.
    fn directive(&self, close: char) -> String {
        let mut on = String::new();
        let mut off = String::new();
        for (c, set) in [('i', self.fold), ('m', self.multi_line), ('s', self.dot_nl)] {
            if set {
                on.push(c);
            } else {
                off.push(c);
            }
        }
        let dash = if off.is_empty() { "" } else { "-" };
        format!("(?{on}{dash}{off}{close}")
    }

    fn same_rust(&self, other: &Flags) -> bool {
        (self.fold, self.multi_line, self.dot_nl) == (other.fold, other.multi_line, other.dot_nl)
    }
}

/// A counted repetition and the counted repetitions inside it, for Go's
/// limit of 1000 copies of the innermost thing.
struct Rep {
    min: i64,
    max: i64,
    inner: Vec<Rep>,
}

/// Go's `repeatIsValid`.
fn reps_valid(reps: &[Rep], n: i64) -> bool {
    reps.iter().all(|r| {
        let m = if r.max < 0 { r.min } else { r.max };
        r.max == 0 || (m <= n && reps_valid(&r.inner, if m > 0 { n / m } else { n }))
    })
}

enum Item {
    Atom { text: String, reps: Vec<Rep> },
    Flags(String),
}

enum Open {
    Top,
    Capture,
    /// A non-capturing group with this opening text.
    Group(String),
}

struct Frame {
    open: Open,
    /// The flags to restore when the group closes.
    saved: Flags,
    /// The flags the emitted text has at the group's start.
    start: Flags,
    alts: Vec<String>,
    reps: Vec<Rep>,
    items: Vec<Item>,
}

impl Frame {
    fn new(open: Open, saved: Flags, start: Flags) -> Frame {
        Frame { open, saved, start, alts: Vec::new(), reps: Vec::new(), items: Vec::new() }
    }

    fn end_alternative(&mut self) {
        let mut text = String::new();
        for item in self.items.drain(..) {
            match item {
                Item::Atom { text: t, reps } => {
                    text.push_str(&t);
                    self.reps.extend(reps);
                }
                Item::Flags(t) => text.push_str(&t),
            }
        }
        self.alts.push(text);
    }
}

struct Translator<'p> {
    whole: &'p str,
    /// Go 1.26's syntax (the current profiles).
    go126: bool,
    flags: Flags,
    frames: Vec<Frame>,
    names: Vec<Option<String>>,
}

enum RepeatOp {
    Star,
    Plus,
    Quest,
    Count(i64, i64),
}

impl<'p> Translator<'p> {
    fn new(whole: &'p str, go126: bool) -> Translator<'p> {
        Translator {
            whole,
            go126,
            flags: Flags::default(),
            frames: vec![Frame::new(Open::Top, Flags::default(), Flags::default())],
            names: Vec::new(),
        }
    }

    fn top(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("the top frame is never popped")
    }

    fn atom(&mut self, text: impl Into<String>) {
        self.top().items.push(Item::Atom { text: text.into(), reps: Vec::new() });
    }

    fn literal(&mut self, c: u32) {
        let text = literal(c);
        self.atom(text);
    }

    fn run(mut self) -> Result<(String, Vec<Option<String>>), SyntaxError> {
        let s = self.whole;
        let mut i = 0;
        let mut last_repeat: Option<usize> = None;
        while i < s.len() {
            let t = &s[i..];
            let mut repeat = None;
            match t.as_bytes()[0] {
                b'(' if t.starts_with("(?") => i += self.perl_flags(t)?,
                b'(' => {
                    self.names.push(None);
                    self.open(Open::Capture, self.flags)?;
                    i += 1;
                }
                b'|' => {
                    let flags = self.flags;
                    let top = self.top();
                    top.end_alternative();
                    if !flags.same_rust(&top.start) {
                        top.items.push(Item::Flags(flags.directive(')')));
                    }
                    i += 1;
                }
                b')' => {
                    self.close()?;
                    i += 1;
                }
                b'^' | b'$' | b'.' => {
                    self.atom(&t[..1]);
                    i += 1;
                }
                b'[' => {
                    let (class, n) = self.class(t)?;
                    self.atom(class);
                    i += n;
                }
                op @ (b'*' | b'+' | b'?') => {
                    let op = match op {
                        b'*' => RepeatOp::Star,
                        b'+' => RepeatOp::Plus,
                        _ => RepeatOp::Quest,
                    };
                    repeat = Some(i);
                    i = self.repeat(op, i, i + 1, last_repeat)?;
                }
                b'{' => match parse_repeat(t) {
                    None => {
                        self.literal('{' as u32);
                        i += 1;
                    }
                    Some((min, max, n)) => {
                        if !(0..=1000).contains(&min) || max > 1000 || (max >= 0 && min > max) {
                            return Err(SyntaxError::new(ERR_INVALID_REPEAT_SIZE, &t[..n]));
                        }
                        repeat = Some(i);
                        i = self.repeat(RepeatOp::Count(min, max), i, i + n, last_repeat)?;
                    }
                },
                b'\\' => i += self.escape(t)?,
                _ => {
                    let c = t.chars().next().unwrap_or('\0');
                    self.literal(c as u32);
                    i += c.len_utf8();
                }
            }
            last_repeat = repeat;
        }
        if self.frames.len() != 1 {
            return Err(SyntaxError::new(ERR_MISSING_PAREN, s));
        }
        let mut top = self.frames.pop().expect("one frame");
        top.end_alternative();
        Ok((top.alts.join("|"), self.names))
    }

    fn open(&mut self, open: Open, start: Flags) -> Result<(), SyntaxError> {
        if self.frames.len() > 1000 {
            return Err(SyntaxError::new(ERR_NESTING_DEPTH, self.whole));
        }
        self.frames.push(Frame::new(open, self.flags, start));
        Ok(())
    }

    fn close(&mut self) -> Result<(), SyntaxError> {
        if self.frames.len() < 2 {
            return Err(SyntaxError::new(ERR_UNEXPECTED_PAREN, self.whole));
        }
        let mut f = self.frames.pop().expect("checked");
        f.end_alternative();
        let inner = f.alts.join("|");
        let text = match f.open {
            Open::Capture => format!("({inner})"),
            Open::Group(prefix) => format!("{prefix}{inner})"),
            Open::Top => inner,
        };
        self.flags = f.saved;
        self.top().items.push(Item::Atom { text, reps: f.reps });
        Ok(())
    }

    /// Applies a repetition operator found at `at` (ending at `after`) to
    /// the last atom; returns where parsing goes on.
    fn repeat(&mut self, op: RepeatOp, at: usize, mut after: usize, last_repeat: Option<usize>) -> Result<usize, SyntaxError> {
        let s = self.whole;
        let mut ungreedy = self.flags.ungreedy;
        if s[after..].starts_with('?') {
            after += 1;
            ungreedy = !ungreedy;
        }
        if let Some(lr) = last_repeat {
            return Err(SyntaxError::new(ERR_INVALID_REPEAT_OP, &s[lr..after]));
        }
        let top = self.top();
        let Some(Item::Atom { text, reps }) = top.items.iter_mut().rev().find(|i| matches!(i, Item::Atom { .. })) else {
            return Err(SyntaxError::new(ERR_MISSING_REPEAT_ARGUMENT, &s[at..after]));
        };
        let mut op_text = match op {
            RepeatOp::Star => "*".to_string(),
            RepeatOp::Plus => "+".to_string(),
            RepeatOp::Quest => "?".to_string(),
            RepeatOp::Count(min, max) if max == min => format!("{{{min}}}"),
            RepeatOp::Count(min, -1) => format!("{{{min},}}"),
            RepeatOp::Count(min, max) => format!("{{{min},{max}}}"),
        };
        if ungreedy {
            op_text.push('?');
        }
        *text = format!("(?:{text}){op_text}");
        if let RepeatOp::Count(min, max) = op {
            let inner = std::mem::take(reps);
            reps.push(Rep { min, max, inner });
            if (min >= 2 || max >= 2) && !reps_valid(reps, 1000) {
                return Err(SyntaxError::new(ERR_INVALID_REPEAT_SIZE, &s[at..after]));
            }
        }
        Ok(after)
    }

    /// `(?P<name>`, `(?flags)` or `(?flags:`; returns the length consumed.
    fn perl_flags(&mut self, t: &str) -> Result<usize, SyntaxError> {
        let short = self.go126 && t.len() > 3 && t.as_bytes()[2] == b'<';
        if short || (t.len() > 4 && t.as_bytes()[2] == b'P' && t.as_bytes()[3] == b'<') {
            let Some(end) = t.find('>') else {
                return Err(SyntaxError::new(ERR_INVALID_NAMED_CAPTURE, t));
            };
            let name = &t[if short { 3 } else { 4 }..end];
            if name.is_empty() || !name.bytes().all(|b| b == b'_' || b.is_ascii_alphanumeric()) {
                return Err(SyntaxError::new(ERR_INVALID_NAMED_CAPTURE, &t[..end + 1]));
            }
            self.names.push(Some(name.to_string()));
            self.open(Open::Capture, self.flags)?;
            return Ok(end + 1);
        }
        let mut flags = self.flags;
        let (mut negate, mut saw_flag) = (false, false);
        let mut j = 2;
        for c in t[2..].chars() {
            j += c.len_utf8();
            match c {
                'i' | 'm' | 's' | 'U' => {
                    let v = !negate;
                    match c {
                        'i' => flags.fold = v,
                        'm' => flags.multi_line = v,
                        's' => flags.dot_nl = v,
                        _ => flags.ungreedy = v,
                    }
                    saw_flag = true;
                }
                '-' if !negate => {
                    negate = true;
                    saw_flag = false;
                }
                ':' | ')' if !negate || saw_flag => {
                    if c == ':' {
                        let prefix = flags.directive(':');
                        self.open(Open::Group(prefix), flags)?;
                    } else if !flags.same_rust(&self.flags) {
                        self.top().items.push(Item::Flags(flags.directive(')')));
                    }
                    self.flags = flags;
                    return Ok(j);
                }
                _ => break,
            }
        }
        Err(SyntaxError::new(ERR_INVALID_PERL_OP, &t[..j]))
    }

    /// An escape outside a class; returns the length consumed.
    fn escape(&mut self, t: &str) -> Result<usize, SyntaxError> {
        match t.as_bytes().get(1) {
            Some(b'A') => self.atom(r"\A"),
            Some(b'z') => self.atom(r"\z"),
            Some(b'b') => self.atom(r"(?-u:\b)"),
            Some(b'B') => self.atom(r"(?-u:\B)"),
            Some(b'C') => return Err(SyntaxError::new(ERR_INVALID_ESCAPE, &t[..2])),
            Some(b'Q') => {
                let body = &t[2..];
                let (lit, len) = match body.find(r"\E") {
                    Some(e) => (&body[..e], 2 + e + 2),
                    None => (body, t.len()),
                };
                for c in lit.chars() {
                    self.literal(c as u32);
                }
                return Ok(len);
            }
            Some(b'p' | b'P') => {
                let (item, n) = unicode_class(t, self.go126)?;
                self.atom(if item.is_empty() { NEVER.to_string() } else { format!("[{item}]") });
                return Ok(n);
            }
            _ => {
                if let Some(item) = perl_class(t) {
                    self.atom(format!("[{item}]"));
                    return Ok(2);
                }
                let (c, n) = parse_escape(t)?;
                self.literal(c);
                return Ok(n);
            }
        }
        Ok(2)
    }

    /// A bracketed class; returns its text and the length consumed.
    fn class(&mut self, t: &str) -> Result<(String, usize), SyntaxError> {
        let mut j = 1;
        let negated = t[j..].starts_with('^');
        if negated {
            j += 1;
        }
        let mut items = String::new();
        let mut first = true;
        while first || !t[j..].starts_with(']') {
            let rest = &t[j..];
            first = false;
            if rest.len() > 2 && rest.starts_with("[:") {
                if let Some(k) = rest[2..].find(":]") {
                    let name = &rest[..k + 4];
                    let (neg, bare) = match name[2..name.len() - 2].strip_prefix('^') {
                        Some(b) => (true, b),
                        None => (false, &name[2..name.len() - 2]),
                    };
                    let Some((_, ranges)) = POSIX.iter().find(|(n, _)| *n == bare) else {
                        return Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, name));
                    };
                    items.push_str(&ranges_text(ranges, neg));
                    j += name.len();
                    continue;
                }
            }
            if rest.starts_with(r"\p") || rest.starts_with(r"\P") {
                let (item, n) = unicode_class(rest, self.go126)?;
                items.push_str(&item);
                j += n;
                continue;
            }
            if let Some(item) = perl_class(rest) {
                items.push_str(&item);
                j += 2;
                continue;
            }
            let start = j;
            let (lo, n) = class_char(rest, t)?;
            j += n;
            let mut hi = lo;
            let after = &t.as_bytes()[j..];
            if after.len() >= 2 && after[0] == b'-' && after[1] != b']' {
                j += 1;
                let (h, n) = class_char(&t[j..], t)?;
                j += n;
                hi = h;
                if hi < lo {
                    return Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, &t[start..j]));
                }
            }
            items.push_str(&range_text(lo, hi));
        }
        j += 1;
        let text = match (items.is_empty(), negated) {
            (true, false) => NEVER.to_string(),
            (true, true) => r"[\x{0}-\x{10FFFF}]".to_string(),
            (false, neg) => format!("[{}{items}]", if neg { "^" } else { "" }),
        };
        Ok((text, j))
    }
}

/// One character inside a class, escapes included.
fn class_char(s: &str, whole_class: &str) -> Result<(u32, usize), SyntaxError> {
    match s.chars().next() {
        None => Err(SyntaxError::new(ERR_MISSING_BRACKET, whole_class)),
        Some('\\') => parse_escape(s),
        Some(c) => Ok((c as u32, c.len_utf8())),
    }
}

/// Go's `parseEscape` for `\` at the start of `s`: the rune and the length.
fn parse_escape(s: &str) -> Result<(u32, usize), SyntaxError> {
    let t = &s[1..];
    let Some(c) = t.chars().next() else {
        return Err(SyntaxError::new(ERR_TRAILING_BACKSLASH, ""));
    };
    let b = t.as_bytes();
    let mut i = c.len_utf8();
    let fail = |i: usize| Err(SyntaxError::new(ERR_INVALID_ESCAPE, &s[..1 + i]));
    let octal = |x: Option<&u8>| matches!(x, Some(b'0'..=b'7'));
    match c {
        '1'..='7' if !octal(b.get(1)) => fail(i),
        '0'..='7' => {
            let mut r = c as u32 - '0' as u32;
            while i < 3 && octal(b.get(i)) {
                r = r * 8 + (b[i] - b'0') as u32;
                i += 1;
            }
            Ok((r, 1 + i))
        }
        'x' => {
            let Some(c2) = t[i..].chars().next() else { return fail(i) };
            i += c2.len_utf8();
            if c2 == '{' {
                let (mut r, mut n) = (0u32, 0);
                loop {
                    let Some(d) = t[i..].chars().next() else { return fail(i) };
                    i += d.len_utf8();
                    if d == '}' {
                        break;
                    }
                    let Some(v) = d.to_digit(16) else { return fail(i) };
                    r = r * 16 + v;
                    if r > 0x10FFFF {
                        return fail(i);
                    }
                    n += 1;
                }
                return if n == 0 { fail(i) } else { Ok((r, 1 + i)) };
            }
            let x = c2.to_digit(16);
            let c3 = t[i..].chars().next();
            i += c3.map_or(0, char::len_utf8);
            match (x, c3.and_then(|c| c.to_digit(16))) {
                (Some(x), Some(y)) => Ok((x * 16 + y, 1 + i)),
                _ => fail(i),
            }
        }
        'a' => Ok((7, 2)),
        'f' => Ok((12, 2)),
        'n' => Ok((10, 2)),
        'r' => Ok((13, 2)),
        't' => Ok((9, 2)),
        'v' => Ok((11, 2)),
        c if c.is_ascii() && !c.is_ascii_alphanumeric() => Ok((c as u32, 2)),
        _ => fail(i),
    }
}

/// `{min}`, `{min,}` or `{min,max}` at the start of `t`: the counts (-1
/// for a missing max or a number too big) and the length, or `None` when
/// the brace is a literal.
fn parse_repeat(t: &str) -> Option<(i64, i64, usize)> {
    let b = t.as_bytes();
    let int = |i: usize| -> Option<(i64, usize)> {
        if !b.get(i)?.is_ascii_digit() || (b[i] == b'0' && b.get(i + 1).is_some_and(u8::is_ascii_digit)) {
            return None;
        }
        let mut j = i;
        let mut n: i64 = 0;
        while j < b.len() && b[j].is_ascii_digit() {
            if n >= 0 {
                n = if n >= 100_000_000 { -1 } else { n * 10 + (b[j] - b'0') as i64 };
            }
            j += 1;
        }
        Some((n, j))
    };
    let (mut min, mut i) = int(1)?;
    let max;
    match b.get(i)? {
        b',' => {
            i += 1;
            if *b.get(i)? == b'}' {
                max = -1;
            } else {
                let (m, j) = int(i)?;
                i = j;
                max = m;
                if m < 0 {
                    min = -1;
                }
            }
        }
        _ => max = min,
    }
    if b.get(i) != Some(&b'}') {
        return None;
    }
    Some((min, max, i + 1))
}

/// `\d \D \s \S \w \W` at the start of `t`, as class items.
fn perl_class(t: &str) -> Option<String> {
    let b = t.as_bytes();
    if b.len() < 2 || b[0] != b'\\' {
        return None;
    }
    let (ranges, neg) = match b[1] {
        b'd' => (PERL_D, false),
        b'D' => (PERL_D, true),
        b's' => (PERL_S, false),
        b'S' => (PERL_S, true),
        b'w' => (PERL_W, false),
        b'W' => (PERL_W, true),
        _ => return None,
    };
    Some(ranges_text(ranges, neg))
}

/// `\pX`, `\p{Name}`, `\PX` or `\P{^Name}` at the start of `t`: class items
/// and the length consumed.
fn unicode_class(t: &str, go126: bool) -> Result<(String, usize), SyntaxError> {
    let mut neg = t.as_bytes()[1] == b'P';
    let (seq, name) = match t[2..].chars().next() {
        Some('{') => {
            let Some(end) = t.find('}') else {
                return Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, t));
            };
            (&t[..end + 1], &t[3..end])
        }
        c => {
            let seq = &t[..2 + c.map_or(0, char::len_utf8)];
            (seq, &seq[2..])
        }
    };
    let name = match name.strip_prefix('^') {
        Some(n) => {
            neg = !neg;
            n
        }
        None => name,
    };
    let (p, pn) = if neg { ("\\P", "^") } else { ("\\p", "") };
    if go126 {
        return Ok((unicode_class_go126(&canonical_name(name), neg, seq)?, seq.len()));
    }
    let item = match name {
        // Surrogates (Cs) never occur in UTF-8 text, and the crate has no
        // class for them.
        "Any" | "Cs" if neg == (name == "Any") => String::new(),
        "Any" | "Cs" => r"\x{0}-\x{10FFFF}".to_string(),
        n if (n == "C" || CATEGORIES.contains(&n)) && !categories_available() => return Err(SyntaxError::new(ERR_CATEGORY, seq)),
        "C" => format!(r"[{pn}\p{{Cc}}\p{{Cf}}\p{{Co}}]"),
        n if CATEGORIES.contains(&n) => format!("{p}{{{n}}}"),
        // The crate reads a bare script name as Script_Extensions; Go's
        // classes are the Script property.
        n if SCRIPTS.split(' ').any(|s| s == n) => format!("{p}{{sc={n}}}"),
        _ => return Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, seq)),
    };
    Ok((item, seq.len()))
}

/// Go 1.25's `canonicalName`: no underscores, hyphens or spaces, the first
/// letter upper case and the rest lower case.
fn canonical_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().filter(|c| !matches!(c, '_' | '-' | ' ')) {
        out.push(if out.is_empty() { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() });
    }
    out
}

/// Go 1.25's `unicodeTable` of a canonical name: `Any`, `Assigned`,
/// `ASCII`, a general category, a script whose name is one word, or one
/// of Unicode's long category names (`Letter`, `Decimal_Number`, ...).
fn unicode_class_go126(name: &str, neg: bool, seq: &str) -> Result<String, SyntaxError> {
    const ALIASES: &[(&str, &str)] = &[
        ("Casedletter", "LC"),
        ("Closepunctuation", "Pe"),
        ("Combiningmark", "M"),
        ("Connectorpunctuation", "Pc"),
        ("Control", "Cc"),
        ("Currencysymbol", "Sc"),
        ("Dashpunctuation", "Pd"),
        ("Decimalnumber", "Nd"),
        ("Enclosingmark", "Me"),
        ("Finalpunctuation", "Pf"),
        ("Format", "Cf"),
        ("Initialpunctuation", "Pi"),
        ("Letter", "L"),
        ("Letternumber", "Nl"),
        ("Lineseparator", "Zl"),
        ("Lowercaseletter", "Ll"),
        ("Mark", "M"),
        ("Mathsymbol", "Sm"),
        ("Modifierletter", "Lm"),
        ("Modifiersymbol", "Sk"),
        ("Nonspacingmark", "Mn"),
        ("Number", "N"),
        ("Openpunctuation", "Ps"),
        ("Other", "C"),
        ("Otherletter", "Lo"),
        ("Othernumber", "No"),
        ("Otherpunctuation", "Po"),
        ("Othersymbol", "So"),
        ("Paragraphseparator", "Zp"),
        ("Privateuse", "Co"),
        ("Punctuation", "P"),
        ("Separator", "Z"),
        ("Spaceseparator", "Zs"),
        ("Spacingmark", "Mc"),
        ("Surrogate", "Cs"),
        ("Symbol", "S"),
        ("Titlecaseletter", "Lt"),
        ("Unassigned", "Cn"),
        ("Uppercaseletter", "Lu"),
        ("Cntrl", "Cc"),
        ("Digit", "Nd"),
        ("Punct", "P"),
    ];
    let (p, pn) = if neg { ("\\P", "^") } else { ("\\p", "") };
    let category = |cat: &str| -> Result<String, SyntaxError> {
        if !categories_available() {
            return Err(SyntaxError::new(ERR_CATEGORY, seq));
        }
        Ok(match cat {
            "Cs" if neg => r"\x{0}-\x{10FFFF}".to_string(),
            "Cs" => String::new(),
            "C" => format!(r"[{pn}\p{{Cc}}\p{{Cf}}\p{{Co}}]"),
            "LC" => format!(r"[{pn}\p{{Lu}}\p{{Ll}}\p{{Lt}}]"),
            c => format!("{p}{{{c}}}"),
        })
    };
    match name {
        "Any" if neg => Ok(String::new()),
        "Any" => Ok(r"\x{0}-\x{10FFFF}".to_string()),
        "Assigned" => category("Cn").map(|c| if neg { c.replacen("\\P", "\\p", 1) } else { c.replacen("\\p", "\\P", 1) }),
        "Ascii" if neg => Ok(r"[^\x{0}-\x{7F}]".to_string()),
        "Ascii" => Ok(r"\x{0}-\x{7F}".to_string()),
        "Lc" => category("LC"),
        n if n == "C" || n == "Cn" || CATEGORIES.contains(&n) => category(n),
        n if SCRIPTS.split(' ').chain(NEWER_SCRIPTS.split(' ')).any(|s| s == n) => Ok(format!("{p}{{sc={n}}}")),
        n => match ALIASES.iter().find(|(alias, _)| *alias == n) {
            Some((_, cat)) => category(cat),
            None => Err(SyntaxError::new(ERR_INVALID_CHAR_RANGE, seq)),
        },
    }
}

/// Go's one-word scripts from Unicode 14 and 15 (Go 1.21 and later).
const NEWER_SCRIPTS: &str = "Kawi Tangsa Toto Vithkuqi";

/// Whether the `regex` crate was built with its general-category tables
/// (the `unicode-gencat` feature), which `\pL` and the like need.
fn categories_available() -> bool {
    static AVAILABLE: OnceLock<bool> = OnceLock::new();
    *AVAILABLE.get_or_init(|| Regex::new(r"\p{Lu}").is_ok())
}

/// Class items for these ranges (a nested negated class when `neg`).
fn ranges_text(ranges: &[(u32, u32)], neg: bool) -> String {
    let items: String = ranges.iter().map(|&(lo, hi)| range_text(lo, hi)).collect();
    if neg {
        format!("[^{items}]")
    } else {
        items
    }
}

/// A class range, without the surrogates the crate cannot hold.
fn range_text(lo: u32, hi: u32) -> String {
    let one = |lo: u32, hi: u32| if lo == hi { format!("\\x{{{lo:X}}}") } else { format!("\\x{{{lo:X}}}-\\x{{{hi:X}}}") };
    let mut out = String::new();
    if lo < 0xD800 {
        out.push_str(&one(lo, hi.min(0xD7FF)));
    }
    if hi > 0xDFFF {
        out.push_str(&one(lo.max(0xE000), hi));
    }
    out
}

/// A literal character (a surrogate, which no UTF-8 text holds, never
/// matches).
fn literal(c: u32) -> String {
    match char::from_u32(c) {
        Some(ch) if ch.is_ascii_alphanumeric() => ch.to_string(),
        Some(_) => format!("\\x{{{c:X}}}"),
        None => NEVER.to_string(),
    }
}
