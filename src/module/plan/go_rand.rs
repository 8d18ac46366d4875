//! Go's `math/rand` generator (the Go 1 source: an additive lagged
//! Fibonacci generator over 607 words, seeded through `seedrand` and the
//! table Go ships, [`COOKED`]), value for value. OpenTofu's test framework
//! gives a mocked resource the strings of one seeded with the FNV-32 hash
//! of its type's name, so they are the same on every run.

#[path = "go_rand_cooked.rs"]
mod cooked;
use cooked::COOKED;

const LEN: usize = 607;
const TAP: usize = 273;
const INT32_MAX: i64 = (1 << 31) - 1;

/// Go's `rand.New(rand.NewSource(seed))`.
#[derive(Clone)]
pub(crate) struct GoRand {
    vec: Box<[i64; LEN]>,
    tap: usize,
    feed: usize,
}

fn seedrand(x: i32) -> i32 {
    const A: i32 = 48271;
    const Q: i32 = 44488;
    const R: i32 = 3399;
    let (hi, lo) = (x / Q, x % Q);
    let x = A * lo - R * hi;
    if x < 0 {
        x + INT32_MAX as i32
    } else {
        x
    }
}

impl GoRand {
    pub fn new(seed: i64) -> GoRand {
        let mut seed = seed % INT32_MAX;
        if seed < 0 {
            seed += INT32_MAX;
        }
        if seed == 0 {
            seed = 89482311;
        }
        let mut vec = Box::new([0i64; LEN]);
        let mut x = seed as i32;
        for i in -20..LEN as i32 {
            x = seedrand(x);
            if i >= 0 {
                let mut u = (x as i64) << 40;
                x = seedrand(x);
                u ^= (x as i64) << 20;
                x = seedrand(x);
                u ^= x as i64;
                vec[i as usize] = u ^ COOKED[i as usize];
            }
        }
        GoRand { vec, tap: 0, feed: LEN - TAP }
    }

    fn uint64(&mut self) -> u64 {
        self.tap = (self.tap + LEN - 1) % LEN;
        self.feed = (self.feed + LEN - 1) % LEN;
        let x = self.vec[self.feed].wrapping_add(self.vec[self.tap]);
        self.vec[self.feed] = x;
        x as u64
    }

    fn int31(&mut self) -> i32 {
        ((self.uint64() & (u64::MAX >> 1)) >> 32) as i32
    }

    /// `Intn(n)` for `0 < n < 2^31` (Go's `Int31n`).
    pub fn intn(&mut self, n: i32) -> i32 {
        if n & (n - 1) == 0 {
            return self.int31() & (n - 1);
        }
        let max = (INT32_MAX as u32 - (1u32 << 31) % n as u32) as i32;
        let mut v = self.int31();
        while v > max {
            v = self.int31();
        }
        v % n
    }
}

/// FNV-32 (not FNV-1a) of `bytes`, as Go's `hash/fnv.New32`.
pub(crate) fn fnv32(bytes: &[u8]) -> u32 {
    bytes.iter().fold(2166136261u32, |h, b| h.wrapping_mul(16777619) ^ *b as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_go() {
        // rand.New(rand.NewSource(1)): Intn(100) five times, and
        // fnv.New32 of "random_string", from Go 1.26.
        let mut r = GoRand::new(1);
        let got: Vec<i32> = (0..5).map(|_| r.intn(100)).collect();
        assert_eq!(got, [81, 87, 47, 59, 81]);
        assert_eq!(fnv32(b"random_string"), 2092074896);
    }
}
