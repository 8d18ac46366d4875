//! Numbers as text: the shortest decimal that reads back to the same
//! value (`big.Float.Text('f', -1)`, what the console and JSON print),
//! Go's `%e`/`%f`/`%g` forms, and the exact binary-to-decimal conversion
//! under them.

use super::{with_consts, Number, RM};
use astro_float::{Radix, Word, WORD_BIT_SIZE};

mod shortest;

impl Number {
    /// Text as Go's `big.Float.Text('f', -1)`: plain decimal, no exponent,
    /// the fewest digits that identify the value at its precision.
    pub fn to_decimal_string(&self) -> String {
        self.to_decimal_string_at(self.prec)
    }

    fn to_decimal_string_at(&self, prec: usize) -> String {
        let neg = self.is_sign_negative();
        if self.f.is_inf() {
            return if neg { "-Inf".into() } else { "+Inf".into() };
        }
        let sign = if neg { "-" } else { "" };
        if self.f.is_zero() {
            return format!("{sign}0");
        }
        if prec >= 64 {
            if let Some(v) = self.to_i64() {
                return v.to_string();
            }
        }
        let Some((words, _, _, exp, _)) = self.f.as_raw_parts() else {
            return "0".into();
        };
        if (exp as i64).abs() > HUGE_EXPONENT {
            return format!("{sign}{}", self.scientific());
        }
        let mut mant = Nat::from_words(words);
        let mut exp2 = exp as i64 - mant.bit_len() as i64;
        let tz = mant.trailing_zeros();
        mant.shr(tz);
        exp2 += tz as i64;

        if let Some(text) = short_binary_fraction(&mant, exp2, prec) {
            return format!("{sign}{text}");
        }
        // An integer of at most `prec` bits is exact, and any shorter
        // decimal is at least 1 away, more than half its last place.
        let d = if exp2 < 0 || mant.bit_len() as i64 + exp2 > prec as i64 {
            shortest::shortest_decimal(&mant, exp2, prec)
        } else {
            Decimal::from_nat(&mant, exp2)
        };
        format!("{sign}{}", d.format_f())
    }
}

impl Number {
    /// Text as Go's `big.Float.String()` (`Text('g', 10)`), which cty uses
    /// when hashing set elements.
    pub fn to_go_g10(&self) -> String {
        let neg = self.is_sign_negative();
        if self.f.is_inf() {
            return if neg { "-Inf".into() } else { "+Inf".into() };
        }
        // An integer of at most ten digits prints as itself (sets of
        // ports and counts hash this way on every evaluation).
        if let Some(v) = self.to_i64().filter(|v| *v != 0 && v.unsigned_abs() < 10_000_000_000) {
            return v.to_string();
        }
        self.to_go_g10_exact()
    }

    /// [`Number::to_go_g10`] by the exact decimal conversion.
    fn to_go_g10_exact(&self) -> String {
        let sign = if self.is_sign_negative() { "-" } else { "" };
        let Some((words, _, _, exp, _)) = self.f.as_raw_parts().filter(|_| !self.f.is_zero()) else {
            return format!("{sign}0");
        };
        let mant = Nat::from_words(words);
        let mut d = Decimal::from_nat(&mant, exp as i64 - mant.bit_len() as i64);
        d.round(10);
        let e = d.exp - 1;
        let digits: String = d.mant.iter().map(|x| (b'0' + x) as char).collect();
        let len = d.mant.len() as i64;
        let eprec = if 10 > len && len >= d.exp { len } else { 10 };
        if e < -4 || e >= eprec {
            let (first, rest) = digits.split_at(1);
            let frac = if rest.is_empty() { String::new() } else { format!(".{rest}") };
            let esign = if e < 0 { '-' } else { '+' };
            return format!("{sign}{first}{frac}e{esign}{:02}", e.abs());
        }
        format!("{sign}{}", d.format_f())
    }
}

impl Number {
    /// Text as Go's `big.Float.Text(format, prec)` for the decimal formats
    /// `e`, `E`, `f`, `g` and `G`: the exact value rounded half-to-even to
    /// `prec` digits (after the point for `e`/`f`, in all for `g`), or the
    /// shortest text that identifies the value when `prec` is negative.
    /// `format`'s `%e`, `%f` and `%g` print through it.
    pub fn to_go_text(&self, format: char, prec: i64) -> String {
        let sign = if self.is_sign_negative() { "-" } else { "" };
        if self.f.is_inf() {
            return if sign.is_empty() { "+Inf".into() } else { "-Inf".into() };
        }
        let mut d = Decimal { mant: Vec::new(), exp: 0 };
        let mut prec = prec;
        let shortest = prec < 0;
        let huge = self.f.exponent().is_some_and(|e| (e as i64).abs() > HUGE_EXPONENT);
        if huge {
            d = self.approximate_decimal();
        } else if let Some((words, _, _, exp, _)) = self.f.as_raw_parts().filter(|_| !self.f.is_zero()) {
            let mut mant = Nat::from_words(words);
            let mut exp2 = exp as i64 - mant.bit_len() as i64;
            let tz = mant.trailing_zeros();
            mant.shr(tz);
            exp2 += tz as i64;
            d = match shortest {
                true => shortest::shortest_decimal(&mant, exp2, self.prec),
                false => Decimal::from_nat(&mant, exp2),
            };
        }
        let len = d.mant.len() as i64;
        let round = |d: &mut Decimal, n: i64| {
            if n >= 0 {
                d.round(n as usize);
            }
        };
        if shortest {
            prec = match format {
                'e' | 'E' => len - 1,
                'f' => (len - d.exp).max(0),
                _ => len,
            };
        } else {
            match format {
                'e' | 'E' => round(&mut d, 1 + prec),
                'f' => {
                    let n = d.exp + prec;
                    round(&mut d, n)
                }
                _ => {
                    if prec == 0 {
                        prec = 1;
                    }
                    round(&mut d, prec);
                }
            }
        }
        let body = match format {
            'e' | 'E' => d.format_e(format, prec),
            'f' => d.format_f_prec(prec),
            _ => {
                let len = d.mant.len() as i64;
                let mut eprec = prec;
                if eprec > len && len >= d.exp {
                    eprec = len;
                }
                if shortest {
                    eprec = 6;
                }
                let exp = d.exp - 1;
                let e = if format == 'G' { 'E' } else { 'e' };
                if exp < -4 || exp >= eprec {
                    d.format_e(e, prec.min(len) - 1)
                } else {
                    if prec > d.exp {
                        prec = len;
                    }
                    d.format_f_prec((prec - d.exp).max(0))
                }
            }
        };
        format!("{sign}{body}")
    }
}

impl Decimal {
    /// Go's `%e` body: one digit, `prec` digits after the point, and an
    /// exponent of at least two digits.
    fn format_e(&self, e: char, prec: i64) -> String {
        let mut s = String::new();
        s.push((b'0' + self.mant.first().copied().unwrap_or(0)) as char);
        if prec > 0 {
            s.push('.');
            for i in 1..=prec as usize {
                s.push((b'0' + self.at(i)) as char);
            }
        }
        let exp = if self.mant.is_empty() { 0 } else { self.exp - 1 };
        s.push(e);
        s.push(if exp < 0 { '-' } else { '+' });
        s.push_str(&format!("{:02}", exp.abs()));
        s
    }

    /// Go's `%f` body with exactly `prec` digits after the point.
    fn format_f_prec(&self, prec: i64) -> String {
        let mut s = String::new();
        if self.exp > 0 {
            for i in 0..self.exp as usize {
                s.push((b'0' + self.at(i)) as char);
            }
        } else {
            s.push('0');
        }
        if prec > 0 {
            s.push('.');
            for i in 0..prec {
                let idx = self.exp + i;
                s.push((b'0' + if idx < 0 { 0 } else { self.at(idx as usize) }) as char);
            }
        }
        s
    }
}

/// The result of `op` rounded once to exactly `p` bits, as Go rounds.
/// astro-float rounds at whole words, so a precision that is not a whole
/// number of words (the 53 bits of a float64, an integer's bit length) is
/// computed at more than twice as many bits and then rounded to `p`, which
/// gives the correctly rounded result for `+ - /`.
/// Beyond this binary exponent (about 10 000 decimal digits) exact
/// plain-decimal printing would take quadratic time; such numbers print in
/// scientific notation instead (`1e+400000`), where Go prints every digit.
const HUGE_EXPONENT: i64 = 1 << 15;

impl Number {
    /// The value's decimal digits from astro-float's own (fast) conversion,
    /// rounded to the 154 significant digits 512 bits carry; for numbers
    /// too large or small to print exactly in reasonable time.
    fn approximate_decimal(&self) -> Decimal {
        let text = with_consts(|cc| self.f.abs().format(Radix::Dec, RM, cc).ok()).flatten().unwrap_or_default();
        let (mant, exp) = text.split_once(['e', 'E']).unwrap_or((&text, "0"));
        let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
        let mut d = Decimal { mant: format!("{int}{frac}").bytes().filter(u8::is_ascii_digit).map(|b| b - b'0').collect(), exp: 0 };
        d.exp = exp.trim_start_matches('+').parse::<i64>().unwrap_or(0) + int.trim_start_matches('-').len() as i64;
        let lead = d.mant.iter().take_while(|x| **x == 0).count();
        d.mant.drain(..lead);
        d.exp -= lead as i64;
        d.round(154);
        d.trim();
        d
    }

    /// Scientific notation (`1e+400000`) for numbers beyond [`HUGE_EXPONENT`].
    fn scientific(&self) -> String {
        let d = self.approximate_decimal();
        let digits: String = d.mant.iter().map(|x| (b'0' + x) as char).collect();
        let (first, rest) = digits.split_at(digits.len().min(1));
        let frac = if rest.is_empty() { String::new() } else { format!(".{rest}") };
        let e = d.exp - 1;
        format!("{first}{frac}e{}{}", if e < 0 { '-' } else { '+' }, e.abs())
    }
}
// ------------------------------------------------- exact decimal conversion

/// A natural number as little-endian 32-bit limbs; just enough arithmetic
/// to print a binary float exactly.
#[derive(Clone, Debug)]
pub(super) struct Nat(Vec<u32>);

impl Nat {
    pub(super) fn from_words(words: &[Word]) -> Nat {
        let mut limbs = Vec::with_capacity(words.len() * 2);
        for &w in words {
            let w = w as u64;
            limbs.push(w as u32);
            if WORD_BIT_SIZE == 64 {
                limbs.push((w >> 32) as u32);
            }
        }
        let mut n = Nat(limbs);
        n.trim();
        n
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    pub(super) fn bit_len(&self) -> usize {
        match self.0.last() {
            None => 0,
            Some(top) => (self.0.len() - 1) * 32 + (32 - top.leading_zeros() as usize),
        }
    }

    pub(super) fn trailing_zeros(&self) -> usize {
        let mut n = 0;
        for &l in &self.0 {
            if l == 0 {
                n += 32;
            } else {
                return n + l.trailing_zeros() as usize;
            }
        }
        n
    }

    fn shr(&mut self, s: usize) {
        let (limbs, bits) = (s / 32, (s % 32) as u32);
        if limbs >= self.0.len() {
            self.0.clear();
            return;
        }
        self.0.drain(..limbs);
        if bits > 0 {
            for i in 0..self.0.len() {
                let hi = self.0.get(i + 1).copied().unwrap_or(0);
                self.0[i] = (self.0[i] >> bits) | (hi << (32 - bits));
            }
        }
        self.trim();
    }

    fn shl(&mut self, s: usize) {
        let (limbs, bits) = (s / 32, (s % 32) as u32);
        if bits > 0 {
            let mut carry = 0u32;
            for l in self.0.iter_mut() {
                let v = *l;
                *l = (v << bits) | carry;
                carry = v >> (32 - bits);
            }
            if carry != 0 {
                self.0.push(carry);
            }
        }
        if limbs > 0 {
            self.0.splice(0..0, std::iter::repeat(0).take(limbs));
        }
    }

    fn add_small(&mut self, v: u32) {
        let mut carry = v as u64;
        for l in self.0.iter_mut() {
            if carry == 0 {
                return;
            }
            let s = *l as u64 + carry;
            *l = s as u32;
            carry = s >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    fn sub_one(&mut self) {
        for l in self.0.iter_mut() {
            if *l > 0 {
                *l -= 1;
                break;
            }
            *l = u32::MAX;
        }
        self.trim();
    }

    /// Multiplies by `5^k`, in steps of `5^13` (the largest power of five
    /// in a limb).
    fn mul_pow5(&mut self, mut k: u64) {
        const POW5: [u32; 14] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125, 9765625, 48828125, 244140625, 1220703125];
        while k > 0 {
            let step = k.min(13);
            let f = POW5[step as usize] as u64;
            let mut carry = 0u64;
            for l in self.0.iter_mut() {
                let v = *l as u64 * f + carry;
                *l = v as u32;
                carry = v >> 32;
            }
            if carry != 0 {
                self.0.push(carry as u32);
            }
            k -= step;
        }
    }

    /// Decimal digits, most significant first (empty for zero).
    fn digits(&self) -> Vec<u8> {
        let mut n = self.0.clone();
        let mut chunks = Vec::with_capacity(n.len() * 32 / 29 + 1);
        while !n.is_empty() {
            let mut rem = 0u64;
            for l in n.iter_mut().rev() {
                let cur = (rem << 32) | *l as u64;
                *l = (cur / 1_000_000_000) as u32;
                rem = cur % 1_000_000_000;
            }
            while n.last() == Some(&0) {
                n.pop();
            }
            chunks.push(rem as u32);
        }
        let mut out = Vec::with_capacity(chunks.len() * 9);
        for (i, &c) in chunks.iter().rev().enumerate() {
            let mut buf = [0u8; 9];
            let mut v = c;
            for d in buf.iter_mut().rev() {
                *d = (v % 10) as u8;
                v /= 10;
            }
            // The first chunk without its leading zeros.
            let skip = if i == 0 { buf.iter().take_while(|d| **d == 0).count() } else { 0 };
            out.extend_from_slice(&buf[skip..]);
        }
        out
    }
}

/// The text of `mant × 2^exp2` (odd `mant`, negative `exp2`) when it is a
/// short binary fraction such as 2.5 or 0.375, without the general digit
/// machinery. Its exact decimal (`mant × 5^k / 10^k`) has at most 39
/// significant digits, and at 256 bits or more of precision no shorter
/// decimal rounds to the same value, so the exact text is the shortest.
fn short_binary_fraction(mant: &Nat, exp2: i64, prec: usize) -> Option<String> {
    if prec < 256 || mant.bit_len() > 64 || !(-27..0).contains(&exp2) {
        return None;
    }
    let m = mant.0.iter().rev().fold(0u64, |acc, &l| (acc << 32) | l as u64);
    let k = (-exp2) as usize;
    let digits = (m as u128 * 5u128.pow(k as u32)).to_string();
    let digits = format!("{digits:0>width$}", width = k + 1);
    let (int, frac) = digits.split_at(digits.len() - k);
    Some(format!("{int}.{frac}"))
}

/// A decimal `0.d1d2d3… × 10^exp` with digits as values 0–9.
#[derive(Debug)]
struct Decimal {
    mant: Vec<u8>,
    exp: i64,
}

impl Decimal {
    /// The exact decimal value of `m × 2^shift`: the digits of `m × 2^shift`
    /// for a shift up, and of `m × 5^k` with the point `k` places in for a
    /// shift down by `k` (`2^-k = 5^k / 10^k`).
    fn from_nat(m: &Nat, shift: i64) -> Decimal {
        let mut n = m.clone();
        let mut point = 0;
        if shift > 0 {
            n.shl(shift as usize);
        } else if shift < 0 {
            n.mul_pow5(shift.unsigned_abs());
            point = shift;
        }
        let mut d = Decimal { mant: n.digits(), exp: 0 };
        d.exp = d.mant.len() as i64 + point;
        d.trim();
        d
    }

    fn trim(&mut self) {
        while self.mant.last() == Some(&0) {
            self.mant.pop();
        }
        if self.mant.is_empty() {
            self.exp = 0;
        }
    }

    fn at(&self, i: usize) -> u8 {
        self.mant.get(i).copied().unwrap_or(0)
    }

    fn round_up(&mut self, nd: usize) {
        if nd >= self.mant.len() {
            return;
        }
        let mut n = nd;
        while n > 0 && self.mant[n - 1] >= 9 {
            n -= 1;
        }
        if n == 0 {
            self.mant.clear();
            self.mant.push(1);
            self.exp += 1;
            return;
        }
        self.mant[n - 1] += 1;
        self.mant.truncate(n);
    }

    fn round_down(&mut self, nd: usize) {
        if nd >= self.mant.len() {
            return;
        }
        self.mant.truncate(nd);
        self.trim();
    }

    fn should_round_up(&self, nd: usize) -> bool {
        if self.mant[nd] == 5 && nd + 1 == self.mant.len() {
            return nd > 0 && self.mant[nd - 1] % 2 == 1;
        }
        self.mant[nd] >= 5
    }

    fn round(&mut self, nd: usize) {
        if nd >= self.mant.len() {
            return;
        }
        if self.should_round_up(nd) {
            self.round_up(nd);
        } else {
            self.round_down(nd);
        }
    }

    /// `%f` with exactly the digits held.
    fn format_f(&self) -> String {
        let mut s = String::new();
        if self.exp > 0 {
            let m = (self.exp as usize).min(self.mant.len());
            s.extend(self.mant[..m].iter().map(|d| (b'0' + d) as char));
            for _ in m..self.exp as usize {
                s.push('0');
            }
        } else {
            s.push('0');
        }
        let frac = self.mant.len() as i64 - self.exp;
        if frac > 0 {
            s.push('.');
            for i in 0..frac {
                let idx = self.exp + i;
                s.push((b'0' + if idx < 0 { 0 } else { self.at(idx as usize) }) as char);
            }
        }
        s
    }
}

/// Shortens `d` (the exact value of `mant × 2^exp2`) to the fewest digits
/// that still round to the same value at `prec` bits, as Go's `big.Float`
/// does (the interval is ±½ ulp at that precision, inclusive when the
/// mantissa is even). The reference for [`shortest::shortest_decimal`],
/// which makes only the digits this reads.
#[cfg(test)]
fn round_shortest(d: &mut Decimal, mant: &Nat, exp2: i64, prec: usize) {
    if d.mant.is_empty() {
        return;
    }
    let (lo, hi, exp, inclusive) = shortest::half_ulp_bounds(mant, exp2, prec);
    let lower = Decimal::from_nat(&lo, exp);
    let upper = Decimal::from_nat(&hi, exp);
    // Go indexes the bounds' digits without aligning their exponents; the
    // printed digits depend on that, so it is kept.
    for i in 0..d.mant.len() {
        let l = lower.at(i);
        let mdig = d.mant[i];
        let u = upper.at(i);
        let okdown = l != mdig || (inclusive && i + 1 == lower.mant.len());
        let okup = mdig != u && (inclusive || mdig + 1 < u || i + 1 < upper.mant.len());
        match (okdown, okup) {
            (true, true) => return d.round(i + 1),
            (true, false) => return d.round_down(i + 1),
            (false, true) => return d.round_up(i + 1),
            _ => {}
        }
    }
}

#[cfg(test)]
mod g10_tests {
    use super::*;

    #[test]
    fn small_integers_print_as_the_exact_conversion_does() {
        for v in [1i64, -1, 7, 42, 443, -65535, 1_234_567_890, 9_999_999_999, -9_999_999_999, 10_000_000_000, 123_456_789_012] {
            let n = Number::from_i64(v);
            assert_eq!(n.to_go_g10(), n.to_go_g10_exact(), "{v}");
        }
    }
}
