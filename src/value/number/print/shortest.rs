//! The shortest decimal at a precision, with digits made only as far as
//! the search needs them.
//!
//! `round_shortest` in the parent module compares the exact decimals of a
//! value and of its two rounding bounds digit by digit and stops at the
//! first digit where a shorter decimal fits. For a 512-bit `0.1` those
//! decimals have over 500 digits each and the answer is decided at the
//! first. Here each decimal is a [`Digits`] stream: the integer part is
//! converted whole (it is short), and the fraction yields nine digits per
//! multiplication by 10⁹, so the work stops at the rounding point.

use super::{Decimal, Nat};

/// The decimal digits of `n × 2^e`, most significant first, without the
/// leading zeros of a value below 1.
struct Digits {
    /// The digits made so far.
    made: Vec<u8>,
    /// The fraction still to convert, scaled so that the binary point is
    /// above the top limb (little-endian). All zero once the decimal has
    /// ended.
    frac: Vec<u32>,
    /// The decimal exponent: the value is `0.d₁d₂… × 10^exp`.
    exp: i64,
}

impl Digits {
    fn new(n: &Nat, e: i64) -> Digits {
        if e >= 0 {
            let mut int = n.clone();
            int.shl(e as usize);
            let made = int.digits();
            return Digits { exp: made.len() as i64, made, frac: Vec::new() };
        }
        let k = e.unsigned_abs() as usize;
        let mut int = n.clone();
        int.shr(k);
        let made = int.digits();
        let limbs = k.div_ceil(32);
        let mut frac: Vec<u32> = n.0.iter().copied().take(limbs).collect();
        frac.resize(limbs, 0);
        let top_bits = k % 32;
        if top_bits != 0 {
            // Drop the integer part's bits, then move the point to the top.
            let last = limbs - 1;
            frac[last] &= (1u32 << top_bits) - 1;
            let mut f = Nat(frac);
            f.shl(32 - top_bits);
            frac = f.0;
            frac.resize(limbs, 0);
        }
        let mut d = Digits { exp: made.len() as i64, made, frac };
        if d.made.is_empty() {
            d.skip_leading_zeros();
        }
        d
    }

    fn frac_is_zero(&self) -> bool {
        self.frac.iter().all(|&l| l == 0)
    }

    /// Nine more digits of the fraction (fewer once it ends).
    fn more(&mut self) -> bool {
        if self.frac_is_zero() {
            return false;
        }
        let mut carry = 0u64;
        for l in self.frac.iter_mut() {
            let v = *l as u64 * 1_000_000_000 + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        let mut chunk = carry as u32;
        let mut buf = [0u8; 9];
        for d in buf.iter_mut().rev() {
            *d = (chunk % 10) as u8;
            chunk /= 10;
        }
        self.made.extend_from_slice(&buf);
        true
    }

    /// For a value below 1: the zeros after the point count in the
    /// exponent, not as digits.
    fn skip_leading_zeros(&mut self) {
        while self.made.iter().all(|&d| d == 0) {
            self.exp -= self.made.len() as i64;
            self.made.clear();
            if !self.more() {
                self.exp = 0;
                return;
            }
        }
        let lead = self.made.iter().take_while(|&&d| d == 0).count();
        self.made.drain(..lead);
        self.exp -= lead as i64;
    }

    /// Digit `i` (0 past the end).
    fn at(&mut self, i: usize) -> u8 {
        while self.made.len() <= i {
            if !self.more() {
                return 0;
            }
        }
        self.made[i]
    }

    /// Whether a digit after `i` is not zero, that is, `i + 1` is less
    /// than the length of the trimmed decimal.
    fn more_after(&mut self, i: usize) -> bool {
        self.at(i);
        self.made.get(i + 1..).is_some_and(|rest| rest.iter().any(|&d| d != 0)) || !self.frac_is_zero()
    }

    /// Whether `i + 1` is the length of the trimmed decimal.
    fn ends_at(&mut self, i: usize) -> bool {
        self.at(i) != 0 && !self.more_after(i)
    }

    /// The first `n` digits (the trimmed decimal itself when it has no
    /// more), as a [`Decimal`].
    fn prefix(&mut self, n: usize) -> Decimal {
        self.at(n.saturating_sub(1));
        let mut mant = self.made[..n.min(self.made.len())].to_vec();
        while mant.last() == Some(&0) {
            mant.pop();
        }
        let exp = if mant.is_empty() { 0 } else { self.exp };
        Decimal { mant, exp }
    }
}

/// The bounds of the values that round to `mant × 2^exp2` at `prec` bits,
/// ±½ ulp, as mantissas at one more bit over the returned exponent, and
/// whether they are inclusive (an even mantissa), as Go's `big.Float`
/// takes them.
pub(super) fn half_ulp_bounds(mant: &Nat, exp2: i64, prec: usize) -> (Nat, Nat, i64, bool) {
    let mut m = mant.clone();
    let s = m.bit_len() as i64 - (prec as i64 + 1);
    if s < 0 {
        m.shl((-s) as usize);
    } else if s > 0 {
        m.shr(s as usize);
    }
    let inclusive = m.0.first().map_or(true, |l| l & 2 == 0);
    let mut lo = m.clone();
    lo.sub_one();
    let mut hi = m;
    hi.add_small(1);
    (lo, hi, exp2 + s, inclusive)
}

/// The fewest digits that still round to `mant × 2^exp2` (odd `mant`) at
/// `prec` bits: exactly what the exact decimal shortened by
/// `round_shortest` gives.
pub(super) fn shortest_decimal(mant: &Nat, exp2: i64, prec: usize) -> Decimal {
    let mut d = Digits::new(mant, exp2);
    if d.made.is_empty() {
        return Decimal { mant: Vec::new(), exp: 0 };
    }
    let (lo, hi, exp, inclusive) = half_ulp_bounds(mant, exp2, prec);
    let mut lower = Digits::new(&lo, exp);
    let mut upper = Digits::new(&hi, exp);
    // As in `round_shortest`: the bounds' digits are indexed without
    // aligning their exponents, as Go does.
    let mut i = 0;
    while d.at(i) != 0 || d.more_after(i) {
        let l = lower.at(i);
        let mdig = d.at(i);
        let u = upper.at(i);
        let okdown = l != mdig || (inclusive && lower.ends_at(i));
        let okup = mdig != u && (inclusive || mdig + 1 < u || upper.more_after(i));
        let nd = i + 1;
        let up = match (okdown, okup) {
            (true, true) => {
                // `Decimal::round`: half-even only for a final 5.
                let next = d.at(nd);
                if next == 5 && !d.more_after(nd) {
                    mdig % 2 == 1
                } else {
                    next >= 5
                }
            }
            (true, false) => false,
            (false, true) => true,
            _ => {
                i += 1;
                continue;
            }
        };
        if !d.more_after(i) {
            // The decimal ends here: no rounding changes it.
            return d.prefix(nd);
        }
        let mut r = d.prefix(nd);
        if up {
            // `round_up` wants digits past `nd`; their values do not matter.
            r.mant.resize(nd + 1, 0);
            r.round_up(nd);
        }
        return r;
    }
    d.prefix(i)
}

#[cfg(test)]
mod tests {
    use super::super::{round_shortest, Decimal, Nat};
    use super::shortest_decimal;

    fn reference(mant: &Nat, exp2: i64, prec: usize) -> Decimal {
        let mut d = Decimal::from_nat(mant, exp2);
        round_shortest(&mut d, mant, exp2, prec);
        d
    }

    /// Odd mantissas of every length up to the precision, at exponents
    /// that put the point far left, inside and far right of the digits,
    /// agree with the full search digit for digit.
    #[test]
    fn agrees_with_the_full_search() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for prec in [24usize, 53, 64, 65, 100, 256, 512] {
            for _ in 0..400 {
                let bits = 1 + (next() % prec as u64) as usize;
                let mut limbs: Vec<u32> = (0..bits.div_ceil(32)).map(|_| next() as u32).collect();
                // Runs of ones and zeros make the rounding ties and the
                // carries through nines that random bits seldom do.
                match next() % 4 {
                    0 => limbs.iter_mut().for_each(|l| *l = u32::MAX),
                    1 => limbs.iter_mut().for_each(|l| *l = 0),
                    _ => {}
                }
                let top = bits % 32;
                if top != 0 {
                    let last = limbs.len() - 1;
                    limbs[last] &= (1u32 << top) - 1;
                }
                let last = limbs.len() - 1;
                limbs[last] |= 1u32 << ((bits - 1) % 32);
                limbs[0] |= 1;
                let mant = Nat(limbs);
                let exp2 = (next() % 1400) as i64 - 1100;
                let (want, got) = (reference(&mant, exp2, prec), shortest_decimal(&mant, exp2, prec));
                assert_eq!((&want.mant, want.exp), (&got.mant, got.exp), "{mant:?} × 2^{exp2} at {prec} bits");
            }
        }
    }
}
