//! Resources of the providers that need no network, applied in a test run
//! as their providers apply them (hashicorp/random, hashicorp/null,
//! hashicorp/time (without time_sleep's wait), hashicorp/tls (its own
//! module)): random values drawn afresh in
//! the provider's forms (lengths, character classes and minimums, byte
//! encodings, ranges, key encodings), the seeded ones (`random_integer`
//! and `random_shuffle` with `seed`) value for value, and times from the
//! clock.

use super::go_rand::GoRand;
use super::testing::Testing;
use crate::functions::hash::hex;
use crate::profile::Profile;
use crate::value::{Marks, SortedMap, Value};
use base64::Engine;

/// `planned` (an instance of `ty` of `provider`) as the provider applies
/// it, with what the provider data records of the type (`facts`:
/// `random_pet`'s words); `None` for a type applied here otherwise or not
/// at all.
pub(crate) fn applied(
    t: &Testing,
    provider: &str,
    ty: &str,
    planned: &Value,
    facts: &serde_json::Value,
    profile: Profile,
) -> Option<Value> {
    let o = planned.as_mapping()?;
    let mut m = o.clone();
    let string = |m: &mut SortedMap<Value>, name: &str, s: String| {
        m.insert(name.to_string(), Value::string(s, profile));
    };
    // The framework keeps a configured time the provider sets again at
    // the same instant as written (timetypes' semantic equality).
    let time = |m: &mut SortedMap<Value>, name: &str, t: Time| {
        if text(o, name).is_none_or(|s| s.is_empty()) {
            m.insert(name.to_string(), Value::string(rfc3339(t), profile));
        }
    };
    match (provider, ty) {
        ("hashicorp/random", "random_string" | "random_password") => {
            let result = random_string(t, o)?;
            if ty == "random_password" {
                let hash = ::bcrypt::hash_with_result(&result, 10).ok()?.format_for_version(::bcrypt::Version::TwoA);
                m.insert("bcrypt_hash".into(), Value::string(hash, profile).with_marks(Marks::SENSITIVE));
                m.insert("result".into(), Value::string(result, profile).with_marks(Marks::SENSITIVE));
                string(&mut m, "id", "none".into());
            } else {
                string(&mut m, "id", result.clone());
                string(&mut m, "result", result);
            }
        }
        ("hashicorp/random", "random_id") => {
            let bytes = t.bytes(int(o, "byte_length")? as usize);
            let prefix = text(o, "prefix").unwrap_or_default();
            let id = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&bytes);
            string(&mut m, "b64_url", format!("{prefix}{id}"));
            string(&mut m, "b64_std", format!("{prefix}{}", base64::engine::general_purpose::STANDARD.encode(&bytes)));
            string(&mut m, "hex", format!("{prefix}{}", hex(&bytes)));
            string(&mut m, "dec", format!("{prefix}{}", decimal(&bytes)));
            string(&mut m, "id", id);
        }
        ("hashicorp/random", "random_bytes") => {
            let bytes = t.bytes(int(o, "length")? as usize);
            let b64 = base64::engine::general_purpose::STANDARD.encode(&bytes);
            m.insert("base64".into(), Value::string(b64, profile).with_marks(Marks::SENSITIVE));
            m.insert("hex".into(), Value::string(hex(&bytes), profile).with_marks(Marks::SENSITIVE));
        }
        ("hashicorp/random", "random_integer") => {
            let (min, max) = (int(o, "min")?, int(o, "max")?);
            if max < min || max - min >= i32::MAX as i64 {
                return None;
            }
            let n = min + seeded(t, o).intn((max + 1 - min) as i32) as i64;
            m.insert("result".into(), Value::int(n));
            string(&mut m, "id", n.to_string());
        }
        ("hashicorp/random", "random_shuffle") => {
            let input: Vec<Value> = match o.get("input")?.unmarked() {
                Value::List(_, items) => items.iter().cloned().collect(),
                _ => return None,
            };
            let count = match int(o, "result_count") {
                Some(n) if n > 0 => n as usize,
                _ => input.len(),
            };
            let mut result = Vec::with_capacity(count);
            if !input.is_empty() {
                let mut rand = seeded(t, o);
                'batches: loop {
                    for i in perm(&mut rand, input.len()) {
                        result.push(input[i].clone());
                        if result.len() >= count {
                            break 'batches;
                        }
                    }
                }
            }
            m.insert("result".into(), Value::List(crate::value::Type::String, result.into()));
            string(&mut m, "id", "-".into());
        }
        ("hashicorp/random", "random_pet") => {
            // golang-petname's Generate: one name; an adjective and a name;
            // or adverbs before them, lower-cased, after the prefix.
            let words = |list: &str| facts.get(list).and_then(|w| w.as_array()).filter(|w| !w.is_empty());
            let pick = |list: &str| -> Option<String> {
                let w = words(list)?;
                w[(t.next_u64() % w.len() as u64) as usize].as_str().map(str::to_string)
            };
            let length = int(o, "length").unwrap_or(2).max(1);
            let separator = text(o, "separator").unwrap_or_else(|| "-".into());
            let mut parts = Vec::new();
            if length > 2 {
                for _ in 0..length - 2 {
                    parts.push(pick("adverbs")?);
                }
            }
            if length >= 2 {
                parts.push(pick("adjectives")?);
            }
            parts.push(pick("names")?);
            let pet = parts.join(&separator).to_lowercase();
            let id = match text(o, "prefix").filter(|p| !p.is_empty()) {
                Some(prefix) => format!("{prefix}{separator}{pet}"),
                None => pet,
            };
            string(&mut m, "id", id);
        }
        ("hashicorp/random", "random_uuid") => {
            let u = t.uuid();
            string(&mut m, "id", u.clone());
            string(&mut m, "result", u);
        }
        ("hashicorp/tls", _) => m = super::tls::applied(t, ty, o, profile)?,
        ("hashicorp/null", "null_resource") => string(&mut m, "id", (t.next_u64() >> 1).to_string()),
        ("hashicorp/time", "time_static") => {
            let at = base(o, "rfc3339")?;
            times(&mut m, at);
            // The plan's id (a configured time, as written) stays.
            time(&mut m, "id", at);
            time(&mut m, "rfc3339", at);
        }
        ("hashicorp/time", "time_offset") => {
            // setOffsetValues: days, hours, minutes, months, seconds, years
            // in that order, each from the time the one before gave.
            let at = base(o, "base_rfc3339")?;
            let n = |name: &str| int(o, name).unwrap_or(0);
            let mut to = add_date(at, 0, 0, n("offset_days"))?;
            to = to.checked_add_signed(chrono::TimeDelta::try_hours(n("offset_hours"))?)?;
            to = to.checked_add_signed(chrono::TimeDelta::try_minutes(n("offset_minutes"))?)?;
            to = add_date(to, 0, n("offset_months"), 0)?;
            to = to.checked_add_signed(chrono::TimeDelta::try_seconds(n("offset_seconds"))?)?;
            to = add_date(to, n("offset_years"), 0, 0)?;
            times(&mut m, to);
            time(&mut m, "base_rfc3339", at);
            string(&mut m, "id", rfc3339(at));
            string(&mut m, "rfc3339", rfc3339(to));
        }
        ("hashicorp/time", "time_rotating") => {
            // setRotationValues: the last of the rotation arguments set
            // wins, each counted from the base (Go's zero time with none).
            let at = base(o, "rfc3339")?;
            let mut to = chrono::DateTime::parse_from_rfc3339("0001-01-01T00:00:00Z").ok()?;
            let n = |name: &str| int(o, name).filter(|n| *n != 0);
            if let Some(d) = n("rotation_days") {
                to = add_date(at, 0, 0, d)?;
            }
            if let Some(h) = n("rotation_hours") {
                to = at.checked_add_signed(chrono::TimeDelta::try_hours(h)?)?;
            }
            if let Some(minutes) = n("rotation_minutes") {
                to = at.checked_add_signed(chrono::TimeDelta::try_minutes(minutes)?)?;
            }
            if let Some(months) = n("rotation_months") {
                to = add_date(at, 0, months, 0)?;
            }
            if let Some(s) = text(o, "rotation_rfc3339").filter(|s| !s.is_empty()) {
                to = chrono::DateTime::parse_from_rfc3339(&s).ok()?;
            }
            if let Some(y) = n("rotation_years") {
                to = add_date(at, y, 0, 0)?;
            }
            times(&mut m, to);
            string(&mut m, "id", rfc3339(at));
            time(&mut m, "rfc3339", at);
            time(&mut m, "rotation_rfc3339", to);
        }
        // Applied without the wait: nothing a run can read depends on it
        // but the clock.
        ("hashicorp/time", "time_sleep") => string(&mut m, "id", rfc3339(now())),
        _ => return None,
    }
    Some(Value::Object(m.into()).with_marks(planned.marks()))
}

/// Whether every argument of `provider`'s types forces a new instance
/// (`RequiresReplace`, `ForceNew`) when it changes.
pub(crate) fn replaces_on_change(provider: &str) -> bool {
    matches!(provider, "hashicorp/random" | "hashicorp/null" | "hashicorp/time" | "hashicorp/tls")
}

/// Whether an argument the plan knows differs from the prior state's.
pub(crate) fn changed(planned: &Value, prior: &Value, profile: Profile) -> bool {
    let (Some(new), Some(old)) = (planned.as_mapping(), prior.as_mapping()) else { return false };
    new.iter().any(|(name, v)| {
        v.is_wholly_known()
            && old
                .get(name)
                .is_some_and(|o| !crate::value::ops::raw_equals(&v.clone().unmark_deep().0, &o.clone().unmark_deep().0, profile))
    })
}

/// The time an argument gives in RFC 3339 (as Go's `time.Parse` reads it,
/// keeping its offset), or the clock's in UTC without one.
fn base(o: &SortedMap<Value>, name: &str) -> Option<Time> {
    match text(o, name).filter(|s| !s.is_empty()) {
        Some(s) => chrono::DateTime::parse_from_rfc3339(&s).ok(),
        None => Some(now()),
    }
}

pub(crate) type Time = chrono::DateTime<chrono::FixedOffset>;

fn now() -> Time {
    chrono::Utc::now().fixed_offset()
}

/// Go's `Format(time.RFC3339)`: whole seconds, `Z` for UTC.
fn rfc3339(t: Time) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The time's parts in its own offset, as the time provider sets them.
pub(crate) fn times(m: &mut SortedMap<Value>, t: Time) {
    use chrono::{Datelike, Timelike};
    for (name, n) in [
        ("year", t.year() as i64),
        ("month", t.month() as i64),
        ("day", t.day() as i64),
        ("hour", t.hour() as i64),
        ("minute", t.minute() as i64),
        ("second", t.second() as i64),
        ("unix", t.timestamp()),
    ] {
        m.insert(name.into(), Value::int(n));
    }
}

/// Go's `AddDate`: months past December carry into years and days past a
/// month's end into the next month (January 31 and a month is March 3 or
/// 2), where chrono would stop at the month's last day.
fn add_date(t: Time, years: i64, months: i64, days: i64) -> Option<Time> {
    use chrono::{Datelike, TimeZone};
    let month0 = t.month0() as i64 + months;
    let year = i32::try_from(t.year() as i64 + years + month0.div_euclid(12)).ok()?;
    let first = chrono::NaiveDate::from_ymd_opt(year, month0.rem_euclid(12) as u32 + 1, 1)?;
    let date = first.checked_add_signed(chrono::TimeDelta::try_days(t.day() as i64 - 1 + days)?)?;
    t.offset().from_local_datetime(&date.and_time(t.time())).single()
}

fn text(o: &SortedMap<Value>, name: &str) -> Option<String> {
    o.get(name).and_then(|v| v.unmarked().as_str()).map(str::to_string)
}

fn int(o: &SortedMap<Value>, name: &str) -> Option<i64> {
    match o.get(name)?.unmarked() {
        Value::Number(n) => n.to_i64(),
        _ => None,
    }
}

fn flag(o: &SortedMap<Value>, name: &str) -> Option<bool> {
    match o.get(name)?.unmarked() {
        Value::Bool(b) => Some(*b),
        _ => None,
    }
}

/// The provider's `CreateString`: each class's minimum drawn from it, the
/// rest from every class the flags allow, then shuffled.
fn random_string(t: &Testing, o: &SortedMap<Value>) -> Option<String> {
    const NUMERIC: &str = "0123456789";
    const LOWER: &str = "abcdefghijklmnopqrstuvwxyz";
    const UPPER: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let length = int(o, "length")?;
    let special = text(o, "override_special").filter(|s| !s.is_empty()).unwrap_or_else(|| "!@#$%&*()-_=+[]{}<>:?".into());
    let on = |name: &str| flag(o, name).unwrap_or(true);
    let numeric = flag(o, "numeric").or_else(|| flag(o, "number")).unwrap_or(true);
    let mut chars = String::new();
    for (yes, set) in [(on("upper"), UPPER), (on("lower"), LOWER), (numeric, NUMERIC), (on("special"), special.as_str())] {
        if yes {
            chars.push_str(set);
        }
    }
    let mut result: Vec<char> = Vec::new();
    let draw = |set: &str, n: i64, out: &mut Vec<char>| {
        let set: Vec<char> = set.chars().collect();
        for _ in 0..n.max(0) {
            if !set.is_empty() {
                out.push(set[(t.next_u64() % set.len() as u64) as usize]);
            }
        }
    };
    for (set, min) in [(NUMERIC, "min_numeric"), (LOWER, "min_lower"), (UPPER, "min_upper"), (special.as_str(), "min_special")] {
        draw(set, int(o, min).unwrap_or(0), &mut result);
    }
    let rest = length - result.len() as i64;
    draw(&chars, rest, &mut result);
    let mut keyed: Vec<(u8, char)> = result.into_iter().map(|c| (t.next_u64() as u8, c)).collect();
    keyed.sort_by_key(|(k, _)| *k);
    Some(keyed.into_iter().map(|(_, c)| c).collect())
}

/// The provider's `NewRand(seed)`: Go's `math/rand` seeded with the
/// CRC-64 (ISO) of `seed`, or drawn afresh without one.
fn seeded(t: &Testing, o: &SortedMap<Value>) -> GoRand {
    match text(o, "seed").filter(|s| !s.is_empty()) {
        Some(seed) => GoRand::new(crc64_iso(seed.as_bytes()) as i64),
        None => GoRand::new((t.next_u64() >> 1) as i64),
    }
}

/// Go's `rand.Perm`.
fn perm(r: &mut GoRand, n: usize) -> Vec<usize> {
    let mut m = vec![0usize; n];
    for i in 0..n {
        let j = r.intn(i as i32 + 1) as usize;
        m[i] = m[j];
        m[j] = i;
    }
    m
}

/// Go's `crc64.Checksum(b, crc64.MakeTable(crc64.ISO))`.
fn crc64_iso(bytes: &[u8]) -> u64 {
    const POLY: u64 = 0xD800_0000_0000_0000;
    let mut crc = !0u64;
    for &b in bytes {
        crc ^= b as u64;
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ POLY } else { crc >> 1 };
        }
    }
    !crc
}

/// The bytes as one big-endian unsigned number, in decimal (Go's
/// `big.Int.SetBytes(...).String()`).
fn decimal(bytes: &[u8]) -> String {
    let mut digits: Vec<u8> = vec![0];
    for &b in bytes {
        let mut carry = b as u32;
        for d in digits.iter_mut() {
            let v = *d as u32 * 256 + carry;
            *d = (v % 10) as u8;
            carry = v / 10;
        }
        while carry > 0 {
            digits.push((carry % 10) as u8);
            carry /= 10;
        }
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    digits.iter().rev().map(|d| (b'0' + d) as char).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn crc64_and_decimal_match_go() {
        // big.Int.SetBytes of 0x01 0x00 0x00, and the CRC-64/GO-ISO check
        // value (of "123456789").
        assert_eq!(super::decimal(&[1, 0, 0]), "65536");
        assert_eq!(super::decimal(&[]), "0");
        assert_eq!(super::crc64_iso(b"123456789"), 0xB909_56C7_75A4_1001);
    }
}
