//! Numeric functions.

use super::{int_arg, num_arg, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::value::{Number, Type, Value};
use std::cmp::Ordering;

const NUM: Param = Param::new("num", "number");

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "abs",
        category: "numeric",
        params: &[NUM.dynamic()],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Returns the absolute value of the given number.",
        example: "abs(-12.4)",
        imp: |a, _| Ok(Value::Number(num(a, 0)?.abs())),
    },
    FunctionDef {
        name: "ceil",
        category: "numeric",
        params: &[NUM],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Returns the closest whole number greater than or equal to the given value.",
        example: "ceil(4.1)",
        imp: |a, ctx| Ok(Value::Number(rounded_in(num(a, 0)?, Number::ceil, ctx.profile()))),
    },
    FunctionDef {
        name: "floor",
        category: "numeric",
        params: &[NUM],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Returns the closest whole number less than or equal to the given value.",
        example: "floor(4.9)",
        imp: |a, ctx| Ok(Value::Number(rounded_in(num(a, 0)?, Number::floor, ctx.profile()))),
    },
    FunctionDef {
        name: "log",
        category: "numeric",
        params: &[NUM, Param::new("base", "number")],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Returns the logarithm of a given number in a given base, computed in 64-bit floating point.",
        example: "log(16, 2)",
        imp: |a, ctx| {
            let (n, b) = (float_arg(a, 0)?, float_arg(a, 1)?);
            float_result(go_log(n) / go_log(b), ctx)
        },
    },
    FunctionDef {
        name: "max",
        category: "numeric",
        params: &[],
        variadic: Some(Param::new("numbers", "number").dynamic()),
        ret: Ret::Fixed("number"),
        description: "Takes one or more numbers and returns the greatest number from the set.",
        example: "max(12, 54, 3)",
        imp: |a, _| extreme(a, Ordering::Greater),
    },
    FunctionDef {
        name: "min",
        category: "numeric",
        params: &[],
        variadic: Some(Param::new("numbers", "number").dynamic()),
        ret: Ret::Fixed("number"),
        description: "Takes one or more numbers and returns the smallest number from the set.",
        example: "min(12, 54, 3)",
        imp: |a, _| extreme(a, Ordering::Less),
    },
    FunctionDef {
        name: "parseint",
        category: "numeric",
        params: &[Param::new("number", "dynamic"), Param::new("base", "number")],
        variadic: None,
        ret: Ret::Computed(|a, _| match a[0].ty() {
            Type::String => Ok(Type::Number),
            t => Err(CallError::arg(0, format!("first argument must be a string, not {}", t.friendly_name()))),
        }),
        description: "Parses the given string as a representation of an integer in the given base (2 to 62).",
        example: "parseint(\"FF\", 16)",
        imp: parseint,
    },
    FunctionDef {
        name: "pow",
        category: "numeric",
        params: &[NUM, Param::new("power", "number")],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Calculates an exponent, by raising its first argument to the power of the second, in 64-bit floating point.",
        example: "pow(3, 2)",
        imp: |a, ctx| {
            let (n, p) = (float_arg(a, 0)?, float_arg(a, 1)?);
            float_result(go_pow(n, p), ctx)
        },
    },
    FunctionDef {
        name: "signum",
        category: "numeric",
        params: &[NUM],
        variadic: None,
        ret: Ret::Fixed("number"),
        description: "Determines the sign of a number, returning -1, 0 or 1.",
        example: "signum(-13)",
        imp: |a, _| {
            let n = num(a, 0)?;
            if n.to_i64().is_none() {
                return Err(CallError::call("value must be a whole number, between -9223372036854775808 and 9223372036854775807"));
            }
            let s = if n.is_zero() {
                0
            } else if n.is_sign_negative() {
                -1
            } else {
                1
            };
            Ok(Value::int(s))
        },
    },
];

fn num(a: &[Value], i: usize) -> Result<&Number, CallError> {
    num_arg(a, i).ok_or_else(|| CallError::arg(i, "a number is required"))
}

/// go-cty 1.8 (Waypoint) rounds a float64 and converts it to int64 as Go
/// does on amd64: out of range (infinities too) is the smallest int64.
fn rounded_in(n: &Number, f: fn(&Number) -> Number, profile: crate::profile::Profile) -> Number {
    if !profile.is_waypoint() {
        return rounded(n, f);
    }
    Number::from_i64(f(&Number::from_f64(n.to_f64())).to_i64().unwrap_or(i64::MIN))
}

fn rounded(n: &Number, f: fn(&Number) -> Number) -> Number {
    if n.is_infinite() {
        return n.clone();
    }
    f(n)
}

fn extreme(a: &[Value], want: Ordering) -> CallResult {
    if a.is_empty() {
        return Err(CallError::call("must pass at least one number"));
    }
    let mut best = num(a, 0)?;
    for i in 1..a.len() {
        let n = num(a, i)?;
        if n.compare(best) == want {
            best = n;
        }
    }
    Ok(Value::Number(best.clone()))
}

// ------------------------------------------------------------- parseint

fn parseint(a: &[Value], ctx: &mut super::Ctx) -> CallResult {
    let text = str_arg(a, 0);
    let base = int_arg(a, 1).map_err(|_| CallError::arg(1, I64_RANGE))?;
    if !(2..=62).contains(&base) {
        return Err(CallError::arg(1, "base must be a whole number between 2 and 62 inclusive"));
    }
    let profile = ctx.profile();
    let fail = || CallError::arg(0, format!("cannot parse {} as a base {base} integer", crate::value::go_quote(text, profile)));
    let (neg, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() {
        return Err(fail());
    }
    // Base conversion takes time quadratic in the length.
    ctx.charge((digits.len() as u64).pow(2) / 4096)?;
    let mut n = BigNat::default();
    for c in digits.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            'a'..='z' => c as u32 - 'a' as u32 + 10,
            'A'..='Z' if base <= 36 => c as u32 - 'A' as u32 + 10,
            'A'..='Z' => c as u32 - 'A' as u32 + 36,
            _ => return Err(fail()),
        };
        if d >= base as u32 {
            return Err(fail());
        }
        n.mul_add(base as u32, d);
    }
    let digits = n.to_radix(10);
    let text = if neg && digits != "0" { format!("-{digits}") } else { digits };
    Number::from_integer_text(&text).map(Value::Number).ok_or_else(fail)
}

/// gocty's message for a number that is not a whole `int`.
pub(super) const I64_RANGE: &str = "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/// A natural number as little-endian 32-bit limbs: enough arithmetic for
/// `parseint` and `format`'s integer verbs on numbers of any size.
#[derive(Clone, Debug, Default)]
pub(super) struct BigNat(Vec<u32>);

impl BigNat {
    /// `self * m + a`.
    pub(super) fn mul_add(&mut self, m: u32, a: u32) {
        let mut carry = a as u64;
        for l in self.0.iter_mut() {
            let v = *l as u64 * m as u64 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.0.push(carry as u32);
        }
    }

    /// The number written in decimal digits.
    pub(super) fn from_decimal(digits: &str) -> BigNat {
        let mut n = BigNat::default();
        for chunk in digits.as_bytes().chunks(9) {
            let v = chunk.iter().fold(0u32, |v, d| v * 10 + (d - b'0') as u32);
            n.mul_add(10u32.pow(chunk.len() as u32), v);
        }
        n
    }

    /// Divides in place by `d`, returning the remainder.
    fn div_rem(&mut self, d: u32) -> u32 {
        let mut rem = 0u64;
        for l in self.0.iter_mut().rev() {
            let cur = rem << 32 | *l as u64;
            *l = (cur / d as u64) as u32;
            rem = cur % d as u64;
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }

    /// The digits in `base` (2 to 36), lowercase, "0" for zero.
    pub(super) fn to_radix(&self, base: u32) -> String {
        let (mut chunk, mut per) = (base, 1);
        while let Some(c) = chunk.checked_mul(base) {
            chunk = c;
            per += 1;
        }
        let mut n = self.clone();
        let mut out: Vec<u8> = Vec::new();
        while !n.0.is_empty() {
            let mut r = n.div_rem(chunk);
            for _ in 0..per {
                out.push(char::from_digit(r % base, base).unwrap_or('0') as u8);
                r /= base;
            }
        }
        while out.len() > 1 && out.last() == Some(&b'0') {
            out.pop();
        }
        if out.is_empty() {
            out.push(b'0');
        }
        out.reverse();
        String::from_utf8(out).unwrap_or_default()
    }
}

// ------------------------------------------------------------- log, pow

/// `math.MaxFloat64` as Go's `%f` prints it (written out, not formatted,
/// to keep float formatting out of the WebAssembly module).
const MAX_FLOAT64: &str = "179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000000";

/// A number argument as gocty converts it to `float64`: rounded to
/// nearest, infinities allowed, finite values beyond the range refused.
fn float_arg(a: &[Value], i: usize) -> Result<f64, CallError> {
    let n = num(a, i)?;
    let f = n.to_f64();
    if f.is_infinite() && !n.is_infinite() {
        return Err(CallError::call(format!("value must be between -{MAX_FLOAT64} and {MAX_FLOAT64} inclusive")));
    }
    Ok(f)
}

/// A `float64` result as a number. go-cty's `NumberFloatVal` panics on
/// NaN (the legacy profile's functions refused it with a message).
fn float_result(r: f64, ctx: &Ctx) -> CallResult {
    if r.is_nan() {
        return Err(match ctx.profile().is_legacy() {
            true => CallError::call("result is not a number"),
            false => CallError::panic("Float.SetFloat64(NaN)"),
        });
    }
    Ok(Value::Number(Number::from_f64(r)))
}

// Terraform computes `log` and `pow` with Go's `math` package; these
// follow its amd64 routines operation by operation, so that the last bit
// agrees (the platform's libm may round differently).

/// Go's `math.Log` on amd64: the argument reduced to `f × 2^k` with `f`
/// in [√2/2, √2), then a polynomial in `s = (f-1)/(f+1)`.
fn go_log(x: f64) -> f64 {
    const LN2_HI: f64 = 0.6931471803691238;
    const LN2_LO: f64 = 1.9082149292705877e-10;
    const L: [f64; 7] = [
        0.6666666666666735,
        0.3999999999940942,
        0.2857142874366239,
        0.22222198432149784,
        0.1818357216161805,
        0.15313837699209373,
        0.14798198605116586,
    ];
    let bits = x.to_bits();
    if bits & !(1 << 63) == 0 {
        return f64::NEG_INFINITY;
    }
    if x < 0.0 || bits >> 63 == 1 {
        return f64::NAN;
    }
    if !x.is_finite() {
        return x;
    }
    // The exponent and fraction come straight from the bits (subnormals
    // included), and √2/2 itself is reduced too, as the assembly does.
    let mut f1 = f64::from_bits((bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FE0_0000_0000_0000);
    let mut k = (((bits >> 52) & 0x7FF) as i64 - 0x3FE) as f64;
    if f1 <= std::f64::consts::FRAC_1_SQRT_2 {
        k -= 1.0;
        f1 *= 2.0;
    }
    let f = f1 - 1.0;
    let s = f / (2.0 + f);
    let s2 = s * s;
    let s4 = s2 * s2;
    let t1 = s2 * (L[0] + s4 * (L[2] + s4 * (L[4] + s4 * L[6])));
    let t2 = s4 * (L[1] + s4 * (L[3] + s4 * L[5]));
    let r = t1 + t2;
    let hfsq = 0.5 * f * f;
    k * LN2_HI - ((hfsq - (s * (hfsq + r) + k * LN2_LO)) - f)
}

/// Go's `math.Exp` on amd64 with FMA: `x = k·ln2 + r`, a Taylor series
/// for `e^(r/16)`, squared four times, then scaled by `2^k`.
fn go_exp(x: f64) -> f64 {
    const LN2U: f64 = 0.693147180559663;
    const LN2L: f64 = 2.8235290563031577e-13;
    const LOG2E: f64 = std::f64::consts::LOG2_E;
    const OVERFLOW: f64 = 709.782712893384;
    const C: [f64; 8] = [
        2.48015873015873e-5,
        1.984126984126984e-4,
        1.388888888888889e-3,
        8.333333333333333e-3,
        4.1666666666666664e-2,
        0.16666666666666666,
        0.5,
        1.0,
    ];
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == f64::NEG_INFINITY {
        return 0.0;
    }
    if x > OVERFLOW {
        return f64::INFINITY;
    }
    let mut e = (LOG2E * x).round_ties_even() as i32;
    let k = e as f64;
    let mut r = (-k).mul_add(LN2U, x);
    r = (-k).mul_add(LN2L, r);
    r *= 0.0625;
    let mut p = C[0];
    for c in &C[1..] {
        p = p.mul_add(r, *c);
    }
    r *= p;
    for _ in 0..3 {
        r *= r + 2.0;
    }
    r = (r + 2.0).mul_add(r, 1.0);
    e = e.saturating_add(0x3FF);
    if e <= 0 {
        if e < -52 {
            return 0.0;
        }
        r *= f64::from_bits(((e + 0x3FE) as u64) << 52);
        e = 1;
    } else if e >= 0x7FF {
        return f64::INFINITY;
    }
    r * f64::from_bits((e as u64) << 52)
}

/// Go's `normalize`: a subnormal scaled up by 2^52.
fn normalize(f: f64) -> (f64, i64) {
    if f.abs() < f64::MIN_POSITIVE {
        (f * (1u64 << 52) as f64, -52)
    } else {
        (f, 0)
    }
}

/// Go's `math.Frexp`: `f = frac × 2^exp` with `frac` in [½, 1).
fn frexp(f: f64) -> (f64, i64) {
    if f == 0.0 || !f.is_finite() {
        return (f, 0);
    }
    let (f, exp) = normalize(f);
    let bits = f.to_bits();
    (f64::from_bits((bits & !(0x7FF << 52)) | (1022 << 52)), exp + ((bits >> 52) & 0x7FF) as i64 - 1022)
}

/// Go's `math.Ldexp`: `frac × 2^exp`, rounding once into the subnormals.
fn ldexp(frac: f64, exp: i64) -> f64 {
    if frac == 0.0 || !frac.is_finite() {
        return frac;
    }
    let (frac, e) = normalize(frac);
    let bits = frac.to_bits();
    let exp = exp.saturating_add(e + ((bits >> 52) & 0x7FF) as i64 - 1023);
    if exp < -1075 {
        return 0.0_f64.copysign(frac);
    }
    if exp > 1023 {
        return f64::INFINITY.copysign(frac);
    }
    let (exp, m) = if exp < -1022 { (exp + 53, 1.0 / (1u64 << 53) as f64) } else { (exp, 1.0) };
    m * f64::from_bits((bits & !(0x7FF << 52)) | (((exp + 1023) as u64) << 52))
}

/// Go's `math.Modf` for a non-negative argument: integer and fraction.
fn modf(f: f64) -> (f64, f64) {
    if f < 1.0 {
        return (0.0, f);
    }
    let t = f.trunc();
    (t, f - t)
}

fn is_odd_int(x: f64) -> bool {
    let (i, f) = modf(x.abs());
    f == 0.0 && i < 2f64.powi(63) && (i as i64) & 1 == 1
}

/// Go's `math.Pow`: the fraction of the power through `exp(yf·log x)`, the
/// integer part by repeated squaring with the binary exponent kept apart.
fn go_pow(x: f64, y: f64) -> f64 {
    if y == 0.0 || x == 1.0 {
        return 1.0;
    }
    if y == 1.0 {
        return x;
    }
    if x.is_nan() || y.is_nan() {
        return f64::NAN;
    }
    if x == 0.0 {
        return match (y < 0.0, is_odd_int(y)) {
            (true, true) => f64::INFINITY.copysign(x),
            (true, false) => f64::INFINITY,
            (false, true) => x,
            (false, false) => 0.0,
        };
    }
    if y.is_infinite() {
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }
    if x.is_infinite() {
        if x < 0.0 {
            return go_pow(1.0 / x, -y);
        }
        return if y < 0.0 { 0.0 } else { f64::INFINITY };
    }
    if y == 0.5 {
        return x.sqrt();
    }
    if y == -0.5 {
        return 1.0 / x.sqrt();
    }
    let (mut yi, mut yf) = modf(y.abs());
    if yf != 0.0 && x < 0.0 {
        return f64::NAN;
    }
    if yi >= 2f64.powi(63) {
        return if x == -1.0 {
            1.0
        } else if (x.abs() < 1.0) == (y > 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let mut a1 = 1.0;
    let mut ae: i64 = 0;
    if yf != 0.0 {
        if yf > 0.5 {
            yf -= 1.0;
            yi += 1.0;
        }
        a1 = go_exp(yf * go_log(x));
    }
    let (mut x1, mut xe) = frexp(x);
    let mut i = yi as i64;
    while i != 0 {
        if !(-(1 << 12)..=(1 << 12)).contains(&xe) {
            ae += xe;
            break;
        }
        if i & 1 == 1 {
            a1 *= x1;
            ae += xe;
        }
        x1 *= x1;
        xe <<= 1;
        if x1 < 0.5 {
            x1 += x1;
            xe -= 1;
        }
        i >>= 1;
    }
    if y < 0.0 {
        a1 = 1.0 / a1;
        ae = -ae;
    }
    ldexp(a1, ae)
}
