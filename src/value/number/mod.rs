//! Numbers as go-cty has them: binary floating point with a per-value
//! precision (512 bits for literals and parsed text, 64 bits for integers
//! made by functions), rounded to nearest even, printed as the shortest
//! decimal that reads back to the same value at its precision.

use astro_float::{BigFloat, Consts, Radix, RoundingMode, Sign, Word, WORD_BIT_SIZE};
use std::cell::RefCell;
use std::cmp::Ordering;
use std::fmt;

mod print;

use print::Nat;

/// The precision of number literals and of text parsed as a number.
pub const PARSE_PRECISION: usize = 512;
/// The precision Go gives an integer set into a fresh `big.Float`.
pub const INT_PRECISION: usize = 64;

const RM: RoundingMode = RoundingMode::ToEven;

thread_local! {
    static CONSTS: RefCell<Option<Consts>> = const { RefCell::new(None) };
}

fn with_consts<R>(f: impl FnOnce(&mut Consts) -> R) -> Option<R> {
    CONSTS.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = Consts::new().ok();
        }
        c.as_mut().map(f)
    })
}

/// An HCL number: finite or infinite, with its binary precision. The
/// mantissa is shared, as values are immutable: copying a number (reading
/// a variable, iterating) allocates nothing.
#[derive(Clone)]
pub struct Number {
    f: std::rc::Rc<BigFloat>,
    prec: usize,
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self)
    }
}

/// Why an arithmetic operation had no result, in go-cty's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithmeticError {
    /// The operation reports an error.
    Failed(&'static str),
    /// Go panicked (the message is the panic's): where cty's code would
    /// dereference a nil pointer, for one.
    Panicked(&'static str),
}

impl fmt::Display for ArithmeticError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArithmeticError::Failed(m) | ArithmeticError::Panicked(m) => f.write_str(m),
        }
    }
}

use ArithmeticError::Failed;

impl Number {
    fn new(f: BigFloat, prec: usize) -> Number {
        Number { f: std::rc::Rc::new(f), prec }
    }

    /// Parses decimal text as Go's `big.ParseFloat(s, 10, 512, ToNearestEven)`
    /// does: an optional sign, digits with an optional fraction (either side
    /// of the point may be empty, not both), an optional exponent, or `Inf`.
    pub fn parse(s: &str) -> Option<Number> {
        // Plain integers below 2^64 are exact at any precision: skip the
        // decimal conversion (variables JSON is mostly such numbers).
        let digits = s.strip_prefix('-').unwrap_or(s);
        if !digits.is_empty() && digits.len() <= 19 && digits.bytes().all(|b| b.is_ascii_digit()) {
            if let Ok(v) = digits.parse::<u64>() {
                if v != 0 {
                    let f = BigFloat::from_u64(v, PARSE_PRECISION);
                    return Some(Number::new(if digits.len() < s.len() { f.neg() } else { f }, PARSE_PRECISION));
                }
            }
        }
        let (neg, body) = match s.as_bytes().first() {
            Some(b'+') => (false, &s[1..]),
            Some(b'-') => (true, &s[1..]),
            _ => (false, s),
        };
        if body == "Inf" || body == "inf" {
            return Some(if neg { Number::neg_infinity() } else { Number::infinity() });
        }
        let bytes = body.as_bytes();
        let mut i = 0;
        let int_start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let int_digits = i - int_start;
        let mut frac_digits = 0;
        if i < bytes.len() && bytes[i] == b'.' {
            i += 1;
            let s = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            frac_digits = i - s;
        }
        if int_digits + frac_digits == 0 {
            return None;
        }
        let mantissa_end = i;
        let mut exponent = "";
        if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
            let s = i + 1;
            i = s;
            if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
                i += 1;
            }
            let d = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            if i == d {
                return None;
            }
            exponent = &body[s..i];
        }
        if i != bytes.len() {
            return None;
        }
        // Normalise to a form astro-float reads: "D.DDDe±N".
        let mantissa = &body[..mantissa_end];
        let mut text = String::with_capacity(body.len() + 4);
        if neg {
            text.push('-');
        }
        if mantissa.starts_with('.') {
            text.push('0');
        }
        text.push_str(mantissa.strip_suffix('.').unwrap_or(mantissa));
        if !exponent.is_empty() {
            let e: i64 = exponent.trim_start_matches('+').parse().unwrap_or(if exponent.starts_with('-') { i64::MIN } else { i64::MAX });
            let digits = mantissa.trim_start_matches(['0', '.']);
            if digits.bytes().all(|b| b == b'0' || b == b'.') {
                return Some(if neg { Number::zero().neg() } else { Number::zero() });
            }
            let point = mantissa.find('.').unwrap_or(mantissa.len()) as i64;
            // Go's scan first takes 10^e as 2^e·5^e: the mantissa's bit
            // length plus the power of two must fit big.Float's int32
            // exponent, or the text is no number at all.
            let fraction_digits = (mantissa.len() as i64 - point - 1).max(0);
            let mantissa_bits = (digits.bytes().filter(u8::is_ascii_digit).count() as f64 * std::f64::consts::LOG2_10) as i64;
            let exp2 = e.saturating_add(mantissa_bits).saturating_sub(fraction_digits);
            if exp2 > i64::from(i32::MAX) || exp2 < i64::from(i32::MIN) {
                return None;
            }
            // Then the power of five overflows to ±Inf or underflows to
            // ±0, where astro-float would take minutes to get there.
            let lead = mantissa.len() as i64 - digits.len() as i64;
            let magnitude = e.saturating_add(point - lead - i64::from(point > lead));
            let binary = magnitude as f64 * std::f64::consts::LOG2_10;
            if binary > i32::MAX as f64 {
                return Some(if neg { Number::neg_infinity() } else { Number::infinity() });
            }
            if binary < i32::MIN as f64 {
                return Some(if neg { Number::zero().neg() } else { Number::zero() });
            }
            text.push('e');
            text.push_str(&e.to_string());
        }
        let f = with_consts(|cc| BigFloat::parse(&text, Radix::Dec, PARSE_PRECISION, RM, cc))?;
        if f.is_nan() || f.is_inf() {
            return None;
        }
        Some(Number::new(signed_zero(f, neg), PARSE_PRECISION))
    }

    /// An integer written in decimal digits (after an optional `-`),
    /// exact, at the precision Go's `Float.SetInt` gives it: its bit
    /// length, at least 64 (`parseint` makes its results so).
    pub fn from_integer_text(text: &str) -> Option<Number> {
        let digits = text.trim_start_matches('-');
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let p = digits.len() * 34 / 10 + 64;
        let f = with_consts(|cc| BigFloat::parse(text, Radix::Dec, p, RM, cc))?;
        let bits = if f.is_zero() { 0 } else { f.exponent().unwrap_or(0).max(0) as usize };
        Some(Number::new(f, bits.max(INT_PRECISION)))
    }

    /// An integer at 64-bit precision, as `cty.NumberIntVal` makes it.
    pub fn from_i64(v: i64) -> Number {
        let f = BigFloat::from_u64(v.unsigned_abs(), INT_PRECISION);
        Number::new(if v < 0 { f.neg() } else { f }, INT_PRECISION)
    }

    /// An integer at 64-bit precision.
    pub fn from_u64(v: u64) -> Number {
        Number::new(BigFloat::from_u64(v, INT_PRECISION), INT_PRECISION)
    }

    /// A float64 at 53-bit precision, as `cty.NumberFloatVal` makes it.
    pub fn from_f64(v: f64) -> Number {
        if v.is_infinite() {
            return if v > 0.0 { Number::infinity() } else { Number::neg_infinity() };
        }
        let mut f = BigFloat::from_f64(v, 64);
        if v != 0.0 && v.abs() < f64::MIN_POSITIVE {
            // astro-float reads a subnormal's exponent one too small.
            if let Some(e) = f.exponent() {
                f.set_exponent(e + 1);
            }
        }
        // astro-float reads -0.0 as +0; Go's SetFloat64 keeps the sign.
        Number::new(if v == 0.0 && v.is_sign_negative() { f.neg() } else { f }, 53)
    }

    /// Zero at 512-bit precision.
    pub fn zero() -> Number {
        Number::new(BigFloat::from_u64(0, PARSE_PRECISION), PARSE_PRECISION)
    }

    /// Positive infinity.
    pub fn infinity() -> Number {
        Number::new(BigFloat::from_u64(1, INT_PRECISION).div(&BigFloat::from_u64(0, INT_PRECISION), INT_PRECISION, RM), INT_PRECISION)
    }

    /// Negative infinity.
    pub fn neg_infinity() -> Number {
        Number::infinity().neg()
    }

    /// The binary precision of this value.
    pub fn precision(&self) -> usize {
        self.prec
    }

    /// True for ±Inf.
    pub fn is_infinite(&self) -> bool {
        self.f.is_inf()
    }

    /// True for zero of either sign.
    pub fn is_zero(&self) -> bool {
        self.f.is_zero()
    }

    /// True when the sign bit is set (`-0` included).
    pub fn is_sign_negative(&self) -> bool {
        self.f.sign() == Some(Sign::Neg)
    }

    /// True for finite values without a fraction.
    pub fn is_integer(&self) -> bool {
        !self.f.is_inf() && self.f.is_int()
    }

    /// The value as an `i64`, if it is an integer in range.
    pub fn to_i64(&self) -> Option<i64> {
        if !self.is_integer() {
            return None;
        }
        if self.f.is_zero() {
            return Some(0);
        }
        let (m, _, s, e, _) = self.f.as_raw_parts()?;
        if e > 63 {
            return None;
        }
        let top = top_u64(m);
        let v = if e <= 0 { 0 } else { top >> (64 - e as u32) };
        let v = i64::try_from(v).ok()?;
        Some(if s == Sign::Neg { -v } else { v })
    }

    /// The value rounded to the nearest `f64`, ties to even, as Go's
    /// `Float.Float64` does: to 53 bits, or to the fewer bits a subnormal
    /// has, overflowing to ±Inf.
    pub fn to_f64(&self) -> f64 {
        let negative = self.is_sign_negative();
        let signed = |v: f64| if negative { -v } else { v };
        if self.f.is_inf() {
            return signed(f64::INFINITY);
        }
        let Some((words, _, _, exp, _)) = self.f.as_raw_parts().filter(|_| !self.f.is_zero()) else {
            return signed(0.0);
        };
        // The value is 0.1xxx (binary) × 2^exp.
        let exp = exp as i64;
        if exp > 1024 {
            return signed(f64::INFINITY);
        }
        let bits = (exp + 1074).min(53);
        if bits < 0 {
            return signed(0.0);
        }
        let top = top_u64(words);
        let sticky = words[..words.len().saturating_sub(64 / WORD_BIT_SIZE)].iter().any(|w| *w != 0);
        let (kept, rest) = if bits == 0 { (0, top) } else { (top >> (64 - bits), top << bits) };
        let half = 1u64 << 63;
        let kept = kept + u64::from(rest > half || rest == half && (sticky || kept & 1 == 1));
        // kept × 2^(exp - bits), with exp - bits in [-1074, 971]: exact,
        // or ±Inf when rounding carried past the largest f64.
        let scale = exp - bits;
        let scale = if scale >= -1022 { f64::from_bits(((scale + 1023) as u64) << 52) } else { f64::from_bits(1 << (scale + 1074)) };
        signed(kept as f64 * scale)
    }

    /// The integer part, truncated toward zero, at this precision.
    pub fn trunc(&self) -> Number {
        if self.f.is_inf() {
            return self.clone();
        }
        Number::new(self.f.int(), self.prec)
    }

    /// Rounds toward negative infinity; a zero result is +0, as from
    /// go-cty's `floor`, which goes through a `big.Int`.
    pub fn floor(&self) -> Number {
        Number::new(signed_zero(self.f.floor(), false), self.prec)
    }

    /// Rounds toward positive infinity; a zero result is +0 (see `floor`).
    pub fn ceil(&self) -> Number {
        Number::new(signed_zero(self.f.ceil(), false), self.prec)
    }

    /// Negation (`-0` for `0`).
    pub fn neg(&self) -> Number {
        Number::new(self.f.neg(), self.prec)
    }

    /// Absolute value.
    pub fn abs(&self) -> Number {
        Number::new(self.f.abs(), self.prec)
    }

    fn result_prec(&self, other: &Number) -> usize {
        self.prec.max(other.prec)
    }

    /// `self + other` at the larger precision.
    pub fn add(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if self.f.is_inf() && other.f.is_inf() && self.is_sign_negative() != other.is_sign_negative() {
            return Err(Failed("can't compute sum of opposing infinities"));
        }
        let p = self.result_prec(other);
        // Sums of small integers are exact at any precision: skip the
        // general addition (range() and counters do little else).
        if let (Some(a), Some(b)) = (self.to_i64(), other.to_i64()) {
            if let Some(sum) = a.checked_add(b).filter(|s| *s != 0 && s.unsigned_abs() < 1 << 53) {
                let f = BigFloat::from_u64(sum.unsigned_abs(), p);
                return Ok(Number::new(if sum < 0 { f.neg() } else { f }, p));
            }
        }
        // Go's IEEE rule: an exact zero sum is +0 unless both addends are -0.
        let negative_zero = self.is_sign_negative() && other.is_sign_negative();
        Ok(Number::new(signed_zero(at_precision(p, |q| self.f.add(&other.f, q, RM)), negative_zero), p))
    }

    /// `self - other` at the larger precision.
    pub fn sub(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if self.f.is_inf() && other.f.is_inf() && self.is_sign_negative() == other.is_sign_negative() {
            return Err(Failed("can't subtract infinity from itself"));
        }
        let p = self.result_prec(other);
        let negative_zero = self.is_sign_negative() && !other.is_sign_negative();
        Ok(Number::new(signed_zero(at_precision(p, |q| self.f.sub(&other.f, q, RM)), negative_zero), p))
    }

    /// `self * other` at the larger precision.
    pub fn mul(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if (self.f.is_inf() && other.f.is_zero()) || (self.f.is_zero() && other.f.is_inf()) {
            return Err(Failed("can't multiply zero by infinity"));
        }
        // go-cty multiplies at 512 bits and keeps every bit the product
        // needs (at least the operands' precision), so products are exact
        // up to 512 bits.
        let r = signed_zero(self.f.mul(&other.f, PARSE_PRECISION, RM), self.is_sign_negative() != other.is_sign_negative());
        let p = self.result_prec(other).max(min_prec(&r));
        Ok(Number::new(r, p))
    }

    /// `self / other`; `x / 0` is ±Inf, `0 / 0` and `Inf / Inf` fail.
    pub fn div(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if (self.f.is_zero() && other.f.is_zero()) || (self.f.is_inf() && other.f.is_inf()) {
            return Err(Failed("can't divide zero by zero or infinity by infinity"));
        }
        let p = self.result_prec(other);
        let negative = self.is_sign_negative() != other.is_sign_negative();
        if other.f.is_zero() {
            let inf = Number::infinity();
            return Ok(Number::new(if negative { inf.f.neg() } else { (*inf.f).clone() }, p));
        }
        Ok(Number::new(signed_zero(at_precision(p, |q| self.f.div(&other.f, q, RM)), negative), p))
    }

    /// go-cty's `%`: `x - y * trunc(x / y)` at `x`'s precision; `x % 0` is
    /// `x`, infinite `x` included; the sign follows `x`.
    pub fn rem(&self, other: &Number) -> Result<Number, ArithmeticError> {
        // cty's own infinity check compares with its infinity constants by
        // identity, which computed infinities never are: zero comes first.
        if other.f.is_zero() {
            return Ok(self.clone());
        }
        // An infinite quotient has no integer part: Go's big.Float.Int
        // gives nil, which cty then dereferences. An infinite divisor makes
        // a product of zero and infinity, which cty reports.
        if self.f.is_inf() && !other.f.is_inf() {
            return Err(ArithmeticError::Panicked("runtime error: invalid memory address or nil pointer dereference"));
        }
        if self.f.is_inf() || other.f.is_inf() {
            return Err(Failed("can't use modulo with zero and infinity"));
        }
        let ratio = self.div(other)?;
        let p = self.prec;
        let q = ratio.f.int();
        q.clone().set_precision(p, RM).map_err(|_| Failed("number too large"))?;
        let work = at_precision(p, |_| q.clone());
        let work = at_precision(p, |wp| other.f.mul(&work, wp, RM));
        // `x - y*q` with q = +0 (a Go big.Int has no -0), so y*q carries
        // y's sign: a zero remainder is -0 only for `-0 % y` with y > 0.
        let negative_zero = self.is_zero() && self.is_sign_negative() && !other.is_sign_negative();
        Ok(Number::new(signed_zero(at_precision(p, |wp| self.f.sub(&work, wp, RM)), negative_zero), p))
    }

    /// Whether `other` is this very number (a clone of it): constant time.
    pub fn is_same(&self, other: &Number) -> bool {
        std::rc::Rc::ptr_eq(&self.f, &other.f) && self.prec == other.prec
    }

    /// go-cty's number equality: equal signs and equal printed text, so
    /// values of different precision may differ (`(1/3)` at 64 bits is not
    /// `(1/3)` at 512 bits).
    pub fn equals(&self, other: &Number, profile: crate::profile::Profile) -> bool {
        if !profile.is_legacy() {
            return self.equals_current(other);
        }
        if profile.is_waypoint() {
            // go-cty 1.8 compares the big floats exactly.
            return self.compare(other) == Ordering::Equal && self.f.is_inf() == other.f.is_inf();
        }
        let sign = |n: &Number| {
            if n.is_zero() {
                0
            } else if n.is_sign_negative() {
                -1
            } else {
                1
            }
        };
        if sign(self) != sign(other) {
            return false;
        }
        // Text identifies a value uniquely at one precision, and an integer
        // whose bits fit its precision prints exactly; otherwise the text is
        // the shortest that rounds back, which depends on the precision
        // (`pow(2, 60)`, a float64, prints as 1152921504606847000).
        if self.prec == other.prec || (self.prints_exactly() && other.prints_exactly()) {
            return self.compare(other) == Ordering::Equal && self.f.is_inf() == other.f.is_inf();
        }
        self.to_decimal_string() == other.to_decimal_string()
    }

    /// go-cty 1.13's `rawNumberEqual`: integers compare exactly (whatever
    /// their precision), an integer never equals a fraction, and fractions
    /// compare by their shortest `'f'` text, `-0` as `0`.
    pub fn equals_current(&self, other: &Number) -> bool {
        if self.is_sign_negative() != other.is_sign_negative() && !(self.is_zero() && other.is_zero()) {
            return false;
        }
        match (self.is_integer(), other.is_integer()) {
            (true, true) => self.compare(other) == Ordering::Equal,
            (false, false) => {
                let text = |n: &Number| match n.to_go_text('f', -1) {
                    t if t == "-0" => "0".to_string(),
                    t => t,
                };
                text(self) == text(other)
            }
            _ => false,
        }
    }

    /// True for an integer with no more significant bits than its
    /// precision keeps, so its shortest text is the integer itself.
    fn prints_exactly(&self) -> bool {
        self.is_integer() && self.f.exponent().map_or(true, |e| e as i64 <= self.prec as i64)
    }

    /// Compares two numbers (`-0 == 0`).
    pub fn compare(&self, other: &Number) -> Ordering {
        if self.f.is_zero() && other.f.is_zero() {
            return Ordering::Equal;
        }
        match self.f.cmp(&other.f) {
            Some(c) if c < 0 => Ordering::Less,
            Some(c) if c > 0 => Ordering::Greater,
            _ => Ordering::Equal,
        }
    }
}

fn at_precision(p: usize, op: impl Fn(usize) -> BigFloat) -> BigFloat {
    if p % WORD_BIT_SIZE == 0 {
        return op(p);
    }
    let f = op((2 * p + 2).div_ceil(WORD_BIT_SIZE) * WORD_BIT_SIZE);
    let Some(e) = f.exponent().filter(|_| !f.is_zero()) else { return f };
    let mut g = f;
    g.set_exponent(p as i32);
    let mut r = g.round(0, RM);
    if let Some(e2) = r.exponent() {
        r.set_exponent(e2 - p as i32 + e);
    }
    r
}

/// The bits a value's mantissa needs (Go's `MinPrec`).
fn min_prec(f: &BigFloat) -> usize {
    match f.as_raw_parts() {
        Some((words, _, _, _, _)) if !f.is_zero() => {
            let n = Nat::from_words(words);
            n.bit_len() - n.trailing_zeros()
        }
        _ => 0,
    }
}

/// `f` with the given sign when it is zero (astro-float's zero signs do
/// not follow Go's `big.Float`, which follows IEEE 754).
fn signed_zero(f: BigFloat, negative: bool) -> BigFloat {
    if f.is_zero() && (f.sign() == Some(Sign::Neg)) != negative {
        f.neg()
    } else {
        f
    }
}

fn top_u64(m: &[Word]) -> u64 {
    let mut v: u64 = 0;
    let mut bits = 0;
    for w in m.iter().rev() {
        if bits >= 64 {
            break;
        }
        v |= (*w as u64) << (64 - WORD_BIT_SIZE - bits);
        bits += WORD_BIT_SIZE;
    }
    v
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_decimal_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        Number::parse(s).unwrap()
    }

    #[test]
    fn shortest_text_matches_go() {
        let cases = [
            ("0.1", "0.1"),
            ("1.5e-7", "0.00000015"),
            ("1e30", "1000000000000000000000000000000"),
            ("12.4", "12.4"),
            ("-16", "-16"),
            ("18446744073709551617", "18446744073709551617"),
        ];
        for (src, want) in cases {
            assert_eq!(n(src).to_string(), want, "{src}");
        }
        assert_eq!(n("0.1").add(&n("0.2")).unwrap().to_string(), "0.3");
        assert_eq!(
            n("0.3").sub(&n("0.1")).unwrap().to_string(),
            "0.20000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002"
        );
        let third = Number::from_i64(1).div(&Number::from_i64(3)).unwrap();
        assert_eq!(third.to_string(), "0.33333333333333333334");
    }

    #[test]
    fn remainder_follows_cty() {
        let r = |a: &str, b: &str| n(a).rem(&n(b)).unwrap().to_string();
        assert_eq!(r("-5", "3"), "-2");
        assert_eq!(r("5", "-3"), "2");
        assert_eq!(r("5.5", "2"), "1.5");
        assert_eq!(r("-5.5", "2"), "-1.5");
        assert_eq!(r("3", "0"), "3");
    }

    #[test]
    fn signed_zero_and_infinity() {
        assert_eq!(n("0").mul(&n("-1")).unwrap().to_string(), "-0");
        assert_eq!(n("0").sub(&n("0")).unwrap().to_string(), "0");
        assert_eq!(n("-0").add(&n("-0")).unwrap().to_string(), "-0");
        assert_eq!(n("-2").rem(&n("1")).unwrap().to_string(), "0");
        assert_eq!(n("-0").rem(&n("5")).unwrap().to_string(), "-0");
        assert_eq!(n("-0").to_string(), "-0");
        assert_eq!(n("1").div(&n("0")).unwrap().to_string(), "+Inf");
        assert!(n("0").div(&n("0")).is_err());
        assert!(Number::parse("1e400000000000").is_none());
        assert_eq!(Number::parse(".5").unwrap().to_string(), "0.5");
        assert_eq!(Number::parse("5.").unwrap().to_string(), "5");
        assert!(Number::parse(".").is_none());
    }
}
