//! Numbers as go-cty has them: binary floating point with a per-value
//! precision (512 bits for literals and parsed text, 64 bits for integers
//! made by functions), rounded to nearest even, printed as the shortest
//! decimal that reads back to the same value at its precision.

use astro_float::{BigFloat, Consts, Radix, RoundingMode, Sign, Word, WORD_BIT_SIZE};
use std::cell::RefCell;
use std::cmp::Ordering;
use std::fmt;

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

/// Why an arithmetic operation had no result (the texts are go-cty's).
pub type ArithmeticError = &'static str;

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

    /// The integer part, truncated toward zero (go's `Float.Int`), as `i64`
    /// when it fits.
    pub fn trunc_i64(&self) -> Option<i64> {
        self.trunc().to_i64()
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
            return Err("can't compute sum of opposing infinities");
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
            return Err("can't subtract infinity from itself");
        }
        let p = self.result_prec(other);
        let negative_zero = self.is_sign_negative() && !other.is_sign_negative();
        Ok(Number::new(signed_zero(at_precision(p, |q| self.f.sub(&other.f, q, RM)), negative_zero), p))
    }

    /// `self * other` at the larger precision.
    pub fn mul(&self, other: &Number) -> Result<Number, ArithmeticError> {
        if (self.f.is_inf() && other.f.is_zero()) || (self.f.is_zero() && other.f.is_inf()) {
            return Err("can't multiply zero by infinity");
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
            return Err("can't divide zero by zero or infinity by infinity");
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
        if self.f.is_inf() {
            return Err("can't use modulo with infinity");
        }
        if other.f.is_inf() {
            return Err("can't use modulo with zero and infinity");
        }
        let ratio = self.div(other)?;
        let p = self.prec;
        let q = ratio.f.int();
        q.clone().set_precision(p, RM).map_err(|_| "number too large")?;
        let work = at_precision(p, |_| q.clone());
        let work = at_precision(p, |wp| other.f.mul(&work, wp, RM));
        // `x - y*q` with q = +0 (a Go big.Int has no -0), so y*q carries
        // y's sign: a zero remainder is -0 only for `-0 % y` with y > 0.
        let negative_zero = self.is_zero() && self.is_sign_negative() && !other.is_sign_negative();
        Ok(Number::new(signed_zero(at_precision(p, |wp| self.f.sub(&work, wp, RM)), negative_zero), p))
    }

    /// go-cty's number equality: equal signs and equal printed text, so
    /// values of different precision may differ (`(1/3)` at 64 bits is not
    /// `(1/3)` at 512 bits).
    pub fn equals(&self, other: &Number) -> bool {
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
        let mut d = Decimal::from_nat(&mant, exp2);
        // An integer of at most `prec` bits is exact, and any shorter
        // decimal is at least 1 away, more than half its last place.
        if exp2 < 0 || mant.bit_len() as i64 + exp2 > prec as i64 {
            round_shortest(&mut d, &mant, exp2, prec);
        }
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
        let sign = if neg { "-" } else { "" };
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
            d = Decimal::from_nat(&mant, exp2);
            if shortest {
                round_shortest(&mut d, &mant, exp2, self.prec);
            }
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

impl PartialEq for Number {
    fn eq(&self, other: &Number) -> bool {
        self.equals(other)
    }
}

// ------------------------------------------------- exact decimal conversion

/// A natural number as little-endian 32-bit limbs; just enough arithmetic
/// to print a binary float exactly.
#[derive(Clone, Debug)]
struct Nat(Vec<u32>);

impl Nat {
    fn from_words(words: &[Word]) -> Nat {
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

    fn bit_len(&self) -> usize {
        match self.0.last() {
            None => 0,
            Some(top) => (self.0.len() - 1) * 32 + (32 - top.leading_zeros() as usize),
        }
    }

    fn trailing_zeros(&self) -> usize {
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

    /// Decimal digits, most significant first (empty for zero).
    fn digits(&self) -> Vec<u8> {
        let mut n = self.0.clone();
        let mut chunks = Vec::new();
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
        for (i, c) in chunks.iter().rev().enumerate() {
            let s = if i == 0 { c.to_string() } else { format!("{c:09}") };
            out.extend(s.bytes().map(|b| b - b'0'));
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
    /// The exact decimal value of `m × 2^shift`.
    fn from_nat(m: &Nat, shift: i64) -> Decimal {
        let mut d = Decimal { mant: m.digits(), exp: 0 };
        d.exp = d.mant.len() as i64;
        d.trim();
        if d.mant.is_empty() {
            return d;
        }
        if shift < 0 {
            d.shr((-shift) as u64);
        } else if shift > 0 {
            d.shl(shift as u64);
        }
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

    /// Divides by `2^s`, exactly (every binary fraction is a finite decimal).
    fn shr(&mut self, mut s: u64) {
        const MAX: u64 = 60;
        while s > 0 {
            let k = s.min(MAX);
            self.shr_step(k as u32);
            s -= k;
        }
    }

    fn shr_step(&mut self, s: u32) {
        let mut r = 0usize;
        let mut n: u64 = 0;
        while n >> s == 0 && r < self.mant.len() {
            n = n * 10 + self.mant[r] as u64;
            r += 1;
        }
        if n == 0 {
            self.mant.clear();
            self.exp = 0;
            return;
        }
        while n >> s == 0 {
            n *= 10;
            r += 1;
        }
        self.exp += 1 - r as i64;
        let mask = (1u64 << s) - 1;
        let mut out = Vec::with_capacity(self.mant.len() + s as usize);
        while r < self.mant.len() {
            let ch = self.mant[r] as u64;
            r += 1;
            out.push((n >> s) as u8);
            n = (n & mask) * 10 + ch;
        }
        while n > 0 {
            out.push((n >> s) as u8);
            n = (n & mask) * 10;
        }
        self.mant = out;
        self.trim();
    }

    /// Multiplies by `2^s`.
    fn shl(&mut self, mut s: u64) {
        const MAX: u64 = 28;
        while s > 0 {
            let k = s.min(MAX);
            let mut carry: u64 = 0;
            for d in self.mant.iter_mut().rev() {
                let v = ((*d as u64) << k) + carry;
                *d = (v % 10) as u8;
                carry = v / 10;
            }
            let mut head = Vec::new();
            while carry > 0 {
                head.push((carry % 10) as u8);
                carry /= 10;
            }
            head.reverse();
            self.exp += head.len() as i64;
            self.mant.splice(0..0, head);
            s -= k;
        }
        self.trim();
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
/// mantissa is even).
fn round_shortest(d: &mut Decimal, mant: &Nat, exp2: i64, prec: usize) {
    if d.mant.is_empty() {
        return;
    }
    let mut m = mant.clone();
    let mut exp = exp2;
    let s = m.bit_len() as i64 - (prec as i64 + 1);
    if s < 0 {
        m.shl((-s) as usize);
    } else if s > 0 {
        m.shr(s as usize);
    }
    exp += s;
    let inclusive = m.0.first().map_or(true, |l| l & 2 == 0);
    let mut lo = m.clone();
    lo.sub_one();
    let lower = Decimal::from_nat(&lo, exp);
    let mut hi = m.clone();
    hi.add_small(1);
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
        assert_eq!(Number::parse("1e400000000000"), None);
        assert_eq!(Number::parse(".5").unwrap().to_string(), "0.5");
        assert_eq!(Number::parse("5.").unwrap().to_string(), "5");
        assert_eq!(Number::parse("."), None);
    }
}
