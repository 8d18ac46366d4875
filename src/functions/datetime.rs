//! Date and time functions. Timestamps are read as Go's `time.Parse` reads
//! the RFC 3339 layout (one-digit hours, `.` or `,` before fractional
//! seconds, offsets up to ±99:99), with the error wording of go-cty's and
//! Terraform's `parseTimestamp`; durations are Go's `time.ParseDuration`.
//! A timestamp keeps its own UTC offset; chrono does the calendar work.
#![cfg_attr(not(feature = "heavy-functions"), allow(dead_code, unused_imports))]

use super::{str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::profile::Profile;
use crate::value::go_quote;
use crate::value::{Number, Value};
use chrono::{Datelike, NaiveDate, NaiveDateTime, TimeDelta, Timelike};
use std::cmp::Ordering;

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "formatdate",
        category: "date/time",
        params: &[Param::new("format", "string"), Param::new("time", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Converts an RFC 3339 timestamp into another format, given as letter mnemonics (YYYY, MM, DD, hh for the 24-hour clock, mm, ss, ZZZ...) with 'quoted' literals.",
        example: "formatdate(\"DD MMM YYYY hh:mm ZZZ\", \"2018-01-02T23:12:01Z\")",
        imp: heavy!(formatdate),
    },
    FunctionDef {
        name: "timeadd",
        category: "date/time",
        params: &[Param::new("timestamp", "string"), Param::new("duration", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Adds a Go duration such as \"1h30m\" or \"-10m\" (units ns, us, ms, s, m, h) to an RFC 3339 timestamp.",
        example: "timeadd(\"2017-11-22T00:00:00Z\", \"10m\")",
        imp: heavy!(timeadd),
    },
    FunctionDef {
        name: "timecmp",
        category: "date/time",
        params: &[Param::new("timestamp_a", "string"), Param::new("timestamp_b", "string")],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Compares two RFC 3339 timestamps as instants: -1 if the first is earlier, 0 if equal, 1 if later.",
        example: "timecmp(\"2017-11-22T01:00:00Z\", \"2017-11-22T00:00:00-01:00\")",
        imp: heavy!(timecmp),
    },
    FunctionDef {
        name: "timestamp",
        category: "date/time",
        params: &[],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Returns the current UTC date and time in RFC 3339 format, read from the clock: not deterministic, a new value on every evaluation.",
        example: "timestamp()",
        imp: heavy!(now),
    },
];

/// `plantimestamp()`: the time of the plan, one instant for the whole
/// plan; unknown where nothing is planned (OpenTofu's console). A
/// configuration's function (and OpenTofu's test files'), not the
/// consoles' input's.
pub const PLANTIMESTAMP: FunctionDef = FunctionDef {
    name: "plantimestamp",
    category: "date/time",
    params: &[],
    variadic: None,
    ret: Ret::Fixed("string"),
    description: "Returns the time of the plan in RFC 3339 format.",
    example: "plantimestamp()",
    imp: heavy!(plan_time),
};

/// What OpenTofu's test files have beside the console's functions: the
/// time of the plan. Terraform's test files have no more than its console.
pub static OPENTOFU_TEST_FILE: [FunctionDef; 1] = [PLANTIMESTAMP];

// ------------------------------------------------------------ the functions

/// The clock, in RFC 3339 (`timestamp()`).
#[cfg_attr(not(feature = "heavy-functions"), allow(dead_code))]
fn now(_: &[Value], ctx: &mut Ctx) -> CallResult {
    Ok(Value::string(clock(), ctx.profile()))
}

/// The clock's time in RFC 3339, as a plan takes its timestamp.
pub fn clock() -> String {
    format_rfc3339(&chrono::Utc::now().naive_utc(), 0)
}

#[cfg_attr(not(feature = "heavy-functions"), allow(dead_code))]
fn plan_time(_: &[Value], ctx: &mut Ctx) -> CallResult {
    Ok(match ctx.plan_time() {
        Some(t) => Value::string(t.to_string(), ctx.profile()),
        None => Value::unknown(crate::value::Type::String),
    })
}

fn formatdate(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let t = cty_timestamp(str_arg(a, 1), ctx.profile()).map_err(|m| CallError::arg(1, m))?;
    let out = format_date(str_arg(a, 0).as_bytes(), &t, ctx.profile()).map_err(|m| CallError::arg(0, m))?;
    ctx.check_size(out.len() / 64)?;
    Ok(Value::string(String::from_utf8_lossy(&out).into_owned(), ctx.profile()))
}

fn timeadd(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let t = cty_timestamp(str_arg(a, 0), ctx.profile()).map_err(CallError::call)?;
    let d = parse_duration(str_arg(a, 1)).map_err(CallError::call)?;
    let local = t.local.checked_add_signed(TimeDelta::nanoseconds(d)).unwrap_or(t.local);
    Ok(Value::string(format_rfc3339(&local, t.offset), ctx.profile()))
}

fn timecmp(a: &[Value], ctx: &mut Ctx) -> CallResult {
    // The engines' own parser: Go's time.Parse, without go-cty's
    // strictness; OpenTofu's quotes Go's message where it has no element.
    let current = !ctx.profile().is_legacy();
    let tofu = ctx.profile() == crate::profile::Profile::OpenTofu;
    let parse = |s: &str| {
        parse_timestamp(s, current, ctx.profile()).map_err(|m| match m.strip_prefix("not a valid RFC3339 timestamp: day out of range") {
            Some("") if tofu => format!("not a valid RFC3339 timestamp: parsing time {}: day out of range", go_quote(s, ctx.profile())),
            _ => m,
        })
    };
    let x = parse(str_arg(a, 0)).map_err(|m| CallError::arg(0, m))?;
    let y = parse(str_arg(a, 1)).map_err(|m| CallError::arg(1, m))?;
    let r = match x.instant().cmp(&y.instant()) {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    };
    Ok(Value::Number(Number::from_i64(r)))
}

// ------------------------------------------------------------ timestamps

/// A parsed timestamp: its wall clock and its offset east of UTC.
struct Time {
    local: NaiveDateTime,
    offset: i64,
}

impl Time {
    fn instant(&self) -> NaiveDateTime {
        self.local - TimeDelta::seconds(self.offset)
    }
}

/// Go's `time.ParseError`, as far as the messages need it.
struct ParseError {
    layout: &'static str,
    value: Vec<u8>,
    message: String,
}

fn bad(layout: &'static str, value: &[u8]) -> ParseError {
    ParseError { layout, value: value.to_vec(), message: String::new() }
}

fn out_of_range(layout: &'static str, value: &[u8], what: &str) -> ParseError {
    ParseError { layout, value: value.to_vec(), message: format!(": {what} out of range") }
}

/// go-cty's `parseTimestamp`: since go-cty 1.13 a strict RFC 3339 parse
/// (`parseStrictRFC3339`); what Go's lenient parse accepts beyond it is
/// refused with an error of its own.
fn cty_timestamp(s: &str, profile: crate::profile::Profile) -> Result<Time, String> {
    if profile.is_legacy() {
        return parse_timestamp(s, false, profile);
    }
    if let Some(t) = strict_rfc3339(s.as_bytes()) {
        return Ok(t);
    }
    parse_rfc3339(s.as_bytes(), true).map_err(|e| timestamp_error(e, true, profile))?;
    let b = s.as_bytes();
    let num2 = |x: &[u8]| i64::from(x[0].wrapping_sub(b'0')) * 10 + i64::from(x[1].wrapping_sub(b'0'));
    let err = |layout: &'static str, value: &[u8], message: &str| {
        timestamp_error(ParseError { layout, value: value.to_vec(), message: message.to_string() }, true, profile)
    };
    Err(if b.get(12) == Some(&b':') {
        err("15", &b[11..12], ": hour must have two digits")
    } else if b.get(19) == Some(&b',') {
        err(".", b",", ": sub-second separator must be a period")
    } else if b.last() != Some(&b'Z') && b.len() >= 6 && num2(&b[b.len() - 5..]) >= 24 {
        err("Z07:00", &b[b.len() - 6..], ": timezone hour out of range")
    } else if b.last() != Some(&b'Z') && b.len() >= 6 && num2(&b[b.len() - 2..]) >= 60 {
        err("Z07:00", &b[b.len() - 6..], ": timezone minute out of range")
    } else {
        err(RFC3339, b, "")
    })
}

/// Go's `time.RFC3339` layout.
const RFC3339: &str = "2006-01-02T15:04:05Z07:00";

/// go-cty's `parseRFC3339`: exactly RFC 3339 (upper-case `T` and `Z`, a
/// two-digit hour, days within the month, offsets under 24 hours).
fn strict_rfc3339(s: &[u8]) -> Option<Time> {
    let uint = |x: &[u8], min: i64, max: i64| -> Option<i64> {
        let n = x.iter().try_fold(0i64, |n, &c| c.is_ascii_digit().then(|| n * 10 + i64::from(c - b'0')))?;
        (min..=max).contains(&n).then_some(n)
    };
    if s.len() < 19 || s[4] != b'-' || s[7] != b'-' || s[10] != b'T' || s[13] != b':' || s[16] != b':' {
        return None;
    }
    let year = uint(&s[0..4], 0, 9999)?;
    let month = uint(&s[5..7], 1, 12)?;
    let days = NaiveDate::from_ymd_opt(year as i32, month as u32, 1)?.checked_add_months(chrono::Months::new(1))?.pred_opt()?.day();
    let day = uint(&s[8..10], 1, i64::from(days))?;
    let (hour, minute, second) = (uint(&s[11..13], 0, 23)?, uint(&s[14..16], 0, 59)?, uint(&s[17..19], 0, 59)?);
    let mut rest = &s[19..];
    let mut nsec = 0i64;
    if rest.len() >= 2 && rest[0] == b'.' && rest[1].is_ascii_digit() {
        let n = 1 + rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let digits = &rest[1..n.min(10)];
        nsec = atoi(digits).unwrap_or(0) * 10i64.pow(10 - n.min(10) as u32);
        rest = &rest[n..];
    }
    let offset = if rest == b"Z" {
        0
    } else {
        if rest.len() != 6 || !matches!(rest[0], b'+' | b'-') || rest[3] != b':' {
            return None;
        }
        let off = (uint(&rest[1..3], 0, 23)? * 60 + uint(&rest[4..6], 0, 59)?) * 60;
        if rest[0] == b'-' {
            -off
        } else {
            off
        }
    };
    let local = NaiveDate::from_ymd_opt(year as i32, month as u32, day as u32)?.and_hms_nano_opt(
        hour as u32,
        minute as u32,
        second as u32,
        nsec as u32,
    )?;
    Some(Time { local, offset })
}

/// `parseTimestamp` of Terraform (and go-cty 1.12): Go's parse (with Go
/// 1.20's checks of offsets where `current`), then its error in their
/// words.
fn parse_timestamp(s: &str, current: bool, profile: Profile) -> Result<Time, String> {
    parse_rfc3339(s.as_bytes(), current).map_err(|e| timestamp_error(e, false, profile))
}

/// A parse error in go-cty's words (`cty_rules`: go-cty 1.13's, which
/// explain bad hours and minutes).
fn timestamp_error(e: ParseError, cty_rules: bool, profile: Profile) -> String {
    {
        const P: &str = "not a valid RFC3339 timestamp";
        if e.layout.is_empty() && e.value.is_empty() && !e.message.is_empty() {
            return format!("{P}{}", e.message);
        }
        let what = match e.layout {
            "2006" => "year",
            "01" => "month",
            "02" => "day of month",
            "15" => "hour",
            "04" => "minute",
            "05" => "second",
            "Z07:00" => "UTC offset",
            "T" => return format!("{P}: missing required time introducer 'T'"),
            ":" | "-" if e.value.is_empty() => return format!("{P}: end of string where {} is expected", go_quote(e.layout, profile)),
            ":" | "-" => return format!("{P}: found {} where {} is expected", quote_bytes(&e.value, profile), go_quote(e.layout, profile)),
            _ => "timestamp segment",
        };
        if e.value.is_empty() {
            format!("{P}: end of string before {what}")
        } else if cty_rules && what == "hour" && e.value.contains(&b':') {
            format!("{P}: hour must be between 0 and 23 inclusive")
        } else if cty_rules && what == "hour" && e.value.len() != 2 {
            format!("{P}: hour must have exactly two digits")
        } else if cty_rules && what == "minute" && e.value.len() != 2 {
            format!("{P}: minute must have exactly two digits")
        } else {
            format!("{P}: cannot use {} as {what}", quote_bytes(&e.value, profile))
        }
    }
}

/// Go's `time.Parse(time.RFC3339, s)`, step by step (`current`: as Go
/// 1.20 and later check offsets).
fn parse_rfc3339(mut v: &[u8], current: bool) -> Result<Time, ParseError> {
    fn skip<'a>(v: &'a [u8], lit: &'static str) -> Result<&'a [u8], ParseError> {
        match v.first() {
            Some(&c) if c == lit.as_bytes()[0] => Ok(&v[1..]),
            _ => Err(bad(lit, v)),
        }
    }
    // 2006
    if v.len() < 4 || !v[0].is_ascii_digit() {
        return Err(bad("2006", v));
    }
    // Go (since 1.20) reports the whole remaining text when the four
    // characters are not a number.
    let (p, rest) = v.split_at(4);
    let year = atoi(p).ok_or_else(|| bad("2006", v))?;
    v = rest;
    v = skip(v, "-")?;
    // 01
    let (month, rest) = getnum(v, true).ok_or_else(|| bad("01", v))?;
    v = rest;
    if !(1..=12).contains(&month) {
        return Err(out_of_range("01", v, "month"));
    }
    v = skip(v, "-")?;
    // 02: any two digits here; checked against the month at the end
    let (day, rest) = getnum(v, true).ok_or_else(|| bad("02", v))?;
    v = rest;
    v = skip(v, "T")?;
    // 15: one or two digits
    let (hour, rest) = getnum(v, false).ok_or_else(|| bad("15", v))?;
    v = rest;
    if hour >= 24 {
        return Err(out_of_range("15", v, "hour"));
    }
    v = skip(v, ":")?;
    let (minute, rest) = getnum(v, true).ok_or_else(|| bad("04", v))?;
    v = rest;
    if minute >= 60 {
        return Err(out_of_range("04", v, "minute"));
    }
    v = skip(v, ":")?;
    let got = getnum(v, true);
    let second = match got {
        Some((s, rest)) => {
            v = rest;
            s
        }
        None => 0,
    };
    if second >= 60 {
        return Err(out_of_range("05", v, "second"));
    }
    // A fraction the layout does not mention is accepted (digits past the
    // ninth are ignored), and reading it clears a failure to read the
    // seconds, so "12:34:.5" is 12:34:00.5.
    let mut nsec = 0i64;
    let fraction = v.len() >= 2 && (v[0] == b'.' || v[0] == b',') && v[1].is_ascii_digit();
    if fraction {
        let n = 1 + v[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let digits = &v[1..n.min(10)];
        nsec = atoi(digits).unwrap_or(0) * 10i64.pow(10 - n.min(10) as u32);
        v = &v[n..];
    } else if got.is_none() {
        return Err(bad("05", v));
    }
    // Z07:00
    let offset = if v.first() == Some(&b'Z') {
        v = &v[1..];
        0
    } else {
        if v.len() < 6 || v[3] != b':' {
            return Err(bad("Z07:00", v));
        }
        let (sign, hh, mm) = (v[0], &v[1..3], &v[4..6]);
        v = &v[6..];
        let (Some(hh), Some(mm)) = (atoi(hh), atoi(mm)) else {
            return Err(bad("Z07:00", v));
        };
        if current && (hh > 24 || mm > 60) {
            let what = if mm > 60 { "minute" } else { "hour" };
            return Err(ParseError { layout: "Z07:00", value: v.to_vec(), message: format!(": time zone offset {what} out of range") });
        }
        let off = (hh * 60 + mm) * 60;
        match sign {
            b'+' => off,
            b'-' => -off,
            _ => return Err(bad("Z07:00", v)),
        }
    };
    if !v.is_empty() {
        return Err(ParseError { layout: "", value: v.to_vec(), message: String::new() });
    }
    let date = NaiveDate::from_ymd_opt(year as i32, month as u32, day as u32);
    let local = date.and_then(|d| d.and_hms_nano_opt(hour as u32, minute as u32, second as u32, nsec as u32));
    let local = local.ok_or_else(|| ParseError { layout: "", value: Vec::new(), message: ": day out of range".into() })?;
    Ok(Time { local, offset })
}

/// Go's `leadingInt`: leading decimal digits, failing past 2^63.
fn leading_int(s: &[u8]) -> Option<(u64, &[u8])> {
    let mut x = 0u64;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        if x > (1 << 63) / 10 {
            return None;
        }
        x = x * 10 + u64::from(s[i] - b'0');
        if x > 1 << 63 {
            return None;
        }
        i += 1;
    }
    Some((x, &s[i..]))
}

/// Go's `time.atoi`: an optional sign, then only digits (none is zero).
fn atoi(s: &[u8]) -> Option<i64> {
    let (neg, s) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let (x, rest) = leading_int(s)?;
    if !rest.is_empty() {
        return None;
    }
    let x = x as i64;
    Some(if neg { x.wrapping_neg() } else { x })
}

/// Go's `time.getnum`: one or two digits (exactly two when `fixed`).
fn getnum(s: &[u8], fixed: bool) -> Option<(i64, &[u8])> {
    let digit = |i: usize| s.get(i).filter(|c| c.is_ascii_digit()).map(|c| i64::from(c - b'0'));
    let first = digit(0)?;
    match digit(1) {
        Some(second) => Some((first * 10 + second, &s[2..])),
        None if fixed => None,
        None => Some((first, &s[1..])),
    }
}

/// `strconv.Quote` of bytes that may not be valid UTF-8.
fn quote_bytes(b: &[u8], profile: Profile) -> String {
    let mut out = String::from("\"");
    for chunk in b.utf8_chunks() {
        let q = go_quote(chunk.valid(), profile);
        out.push_str(&q[1..q.len() - 1]);
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out.push('"');
    out
}

/// Go's `Time.Format(time.RFC3339)`.
fn format_rfc3339(t: &NaiveDateTime, offset: i64) -> String {
    let y = t.year();
    let year = if y < 0 { format!("-{:04}", -y) } else { format!("{y:04}") };
    let (mo, d, h, mi, s) = (t.month(), t.day(), t.hour(), t.minute(), t.second());
    format!("{year}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}{}", format_zone(offset, true, true))
}

/// Go's numeric zone formats: `Z07:00` (`z` and `colon`), `-0700`, `-07:00`.
fn format_zone(offset: i64, z: bool, colon: bool) -> String {
    if offset == 0 && z {
        return "Z".into();
    }
    let zone = offset / 60;
    let sign = if zone < 0 { '-' } else { '+' };
    let zone = zone.abs();
    format!("{sign}{:02}{}{:02}", zone / 60, if colon { ":" } else { "" }, zone % 60)
}

// ------------------------------------------------------------ durations

/// Go's `time.ParseDuration`, in nanoseconds.
fn parse_duration(orig: &str) -> Result<i64, String> {
    let invalid = || format!("time: invalid duration {}", time_quote(orig.as_bytes()));
    let mut s = orig.as_bytes();
    let mut neg = false;
    if let Some(&c) = s.first() {
        if c == b'-' || c == b'+' {
            neg = c == b'-';
            s = &s[1..];
        }
    }
    if s == b"0" {
        return Ok(0);
    }
    if s.is_empty() {
        return Err(invalid());
    }
    let mut d: u64 = 0;
    while !s.is_empty() {
        if !(s[0] == b'.' || s[0].is_ascii_digit()) {
            return Err(invalid());
        }
        let before = s.len();
        let (mut v, rest) = leading_int(s).ok_or_else(invalid)?;
        s = rest;
        let pre = before != s.len();
        let (mut f, mut scale, mut post) = (0u64, 1f64, false);
        if s.first() == Some(&b'.') {
            s = &s[1..];
            let before = s.len();
            let mut overflow = false;
            let mut i = 0;
            while i < s.len() && s[i].is_ascii_digit() {
                if !overflow {
                    if f > ((1u64 << 63) - 1) / 10 {
                        overflow = true;
                    } else {
                        let y = f * 10 + u64::from(s[i] - b'0');
                        if y > 1 << 63 {
                            overflow = true;
                        } else {
                            f = y;
                            scale *= 10.0;
                        }
                    }
                }
                i += 1;
            }
            s = &s[i..];
            post = before != s.len();
        }
        if !pre && !post {
            return Err(invalid());
        }
        let i = s.iter().position(|&c| c == b'.' || c.is_ascii_digit()).unwrap_or(s.len());
        if i == 0 {
            return Err(format!("time: missing unit in duration {}", time_quote(orig.as_bytes())));
        }
        let (u, rest) = s.split_at(i);
        s = rest;
        let unit: u64 = match u {
            b"ns" => 1,
            b"us" | b"\xc2\xb5s" | b"\xce\xbcs" => 1_000, // us, µs (micro sign), μs (mu)
            b"ms" => 1_000_000,
            b"s" => 1_000_000_000,
            b"m" => 60_000_000_000,
            b"h" => 3_600_000_000_000,
            _ => return Err(format!("time: unknown unit {} in duration {}", time_quote(u), time_quote(orig.as_bytes()))),
        };
        if v > (1 << 63) / unit {
            return Err(invalid());
        }
        v *= unit;
        if f > 0 {
            v += (f as f64 * (unit as f64 / scale)) as u64;
            if v > 1 << 63 {
                return Err(invalid());
            }
        }
        d += v;
        if d > 1 << 63 {
            return Err(invalid());
        }
    }
    if neg {
        return Ok((d as i64).wrapping_neg());
    }
    if d > (1 << 63) - 1 {
        return Err(invalid());
    }
    Ok(d as i64)
}

/// The `time` package's own `quote`: bytes of non-ASCII characters and
/// controls as `\xNN`, `"` and `\` escaped.
fn time_quote(s: &[u8]) -> String {
    let mut out = String::from("\"");
    for &b in s {
        match b {
            b'"' | b'\\' => {
                out.push('\\');
                out.push(b as char);
            }
            0x20..=0x7f => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push('"');
    out
}

// ------------------------------------------------------------ formatdate

/// go-cty's `bufio.Scanner` gives up on a token of this many bytes (letters
/// or quoted text), keeping what it has written so far.
const MAX_TOKEN: usize = 64 * 1024;

const MONTHS: [&str; 12] =
    ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/// go-cty's `FormatDate`: letter runs are verbs, `'...'` is literal text
/// (`''` a quote), anything else is copied.
fn format_date(f: &[u8], t: &Time, profile: Profile) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < f.len() {
        let rest = &f[i..];
        let c = rest[0];
        if c == b'\'' {
            let len = quoted_len(rest);
            if len >= MAX_TOKEN {
                break;
            }
            let tok = &rest[..len];
            i += len;
            if len == 1 || tok[len - 1] != b'\'' {
                return Err("unterminated literal '".into());
            }
            if len == 2 {
                out.push(b'\'');
            } else {
                let raw = &tok[1..len - 1];
                let mut j = 0;
                while j < raw.len() {
                    out.push(raw[j]);
                    j += if raw[j] == b'\'' { 2 } else { 1 };
                }
            }
        } else if c.is_ascii_alphabetic() {
            let len = rest.iter().take_while(|&&b| b == c).count();
            if len >= MAX_TOKEN {
                break;
            }
            format_verb(c, len, t, &mut out, profile)?;
            i += len;
        } else {
            let len = 1 + rest[1..].iter().take_while(|&&b| b != b'\'' && !b.is_ascii_alphabetic()).count();
            out.extend_from_slice(&rest[..len]);
            i += len;
        }
    }
    Ok(out)
}

/// The length of the quoted token at the start of `s`: up to the closing
/// quote, skipping doubled quotes, or all of `s` if unclosed.
fn quoted_len(s: &[u8]) -> usize {
    if s.len() > 1 && s[1] == b'\'' {
        return 2;
    }
    let mut j = 1;
    while j < s.len() {
        if s[j] == b'\'' {
            if j + 1 < s.len() && s[j + 1] == b'\'' {
                j += 2;
                continue;
            }
            return j + 1;
        }
        j += 1;
    }
    s.len()
}

fn format_verb(c: u8, n: usize, t: &Time, out: &mut Vec<u8>, profile: Profile) -> Result<(), String> {
    let tok = String::from_utf8_lossy(&vec![c; n]).into_owned();
    let verb_err = |why: &str| Err(format!("invalid date format verb {}{why}", go_quote(&tok, profile)));
    let l = &t.local;
    let two = |v: u32| format!("{v:02}");
    let text = match (c, n) {
        (b'Y', 2) => two((l.year() % 100) as u32),
        (b'Y', 4) => format!("{:04}", l.year()),
        (b'Y', _) => return verb_err(": year must either be \"YY\" or \"YYYY\""),
        (b'M', 1) => l.month().to_string(),
        (b'M', 2) => two(l.month()),
        (b'M', 3) => MONTHS[l.month0() as usize][..3].to_string(),
        (b'M', 4) => MONTHS[l.month0() as usize].to_string(),
        (b'M', _) => return verb_err(": month must be \"M\", \"MM\", \"MMM\", or \"MMMM\""),
        (b'D', 1) => l.day().to_string(),
        (b'D', 2) => two(l.day()),
        (b'D', _) => return verb_err(": day of month must either be \"D\" or \"DD\""),
        (b'E', 3) => DAYS[l.weekday().num_days_from_sunday() as usize][..3].to_string(),
        (b'E', 4) => DAYS[l.weekday().num_days_from_sunday() as usize].to_string(),
        (b'E', _) => return verb_err(": day of week must either be \"EEE\" or \"EEEE\""),
        (b'h', 1) => l.hour().to_string(),
        (b'h', 2) => two(l.hour()),
        (b'h', _) => return verb_err(": 24-hour must either be \"h\" or \"hh\""),
        (b'H', 1 | 2) => {
            let h = match l.hour() % 12 {
                0 => 12,
                h => h,
            };
            if n == 1 {
                h.to_string()
            } else {
                two(h)
            }
        }
        (b'H', _) => return verb_err(": 12-hour must either be \"H\" or \"HH\""),
        (b'A' | b'a', 2) => {
            let pm = l.hour() >= 12;
            let s = if pm { "pm" } else { "am" };
            if c == b'A' {
                s.to_ascii_uppercase()
            } else {
                s.to_string()
            }
        }
        (b'A' | b'a', _) => {
            let c = c as char;
            return verb_err(&format!(": must be \"{c}{c}\""));
        }
        (b'm', 1) => l.minute().to_string(),
        (b'm', 2) => two(l.minute()),
        (b'm', _) => return verb_err(": minute must either be \"m\" or \"mm\""),
        (b's', 1) => l.second().to_string(),
        (b's', 2) => two(l.second()),
        (b's', _) => return verb_err(": second must either be \"s\" or \"ss\""),
        (b'Z', 1) => format_zone(t.offset, true, true),
        (b'Z', 3) => match format_zone(t.offset, false, false).as_str() {
            "+0000" => "UTC".into(),
            z => z.into(),
        },
        (b'Z', 4) => format_zone(t.offset, false, false),
        (b'Z', 5) => format_zone(t.offset, false, true),
        (b'Z', _) => return verb_err(": timezone must be Z, ZZZZ, or ZZZZZ"),
        _ => return verb_err(""),
    };
    out.extend_from_slice(text.as_bytes());
    Ok(())
}
