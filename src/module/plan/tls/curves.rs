//! The elliptic curves hashicorp/tls generates keys on (NIST P-224,
//! P-256, P-384, P-521 and Ed25519), over the big integers the RSA keys
//! already use: keys made for one test run and thrown away, so plain
//! arithmetic, not constant time, and a few kilobytes of code where
//! RustCrypto's four curves and Ed25519 measured 95 KB gzipped in wasm.

use rsa::BigUint;
use sha2::Digest;

/// A short Weierstrass curve `y² = x³ + ax + b` over the prime `p`, with
/// base point `g` of order `n`.
pub(crate) struct Curve {
    /// OpenSSH's curve name (`nistp256`); P-224 has none.
    pub ssh: Option<&'static str>,
    /// The named curve's object identifier.
    pub oid: &'static str,
    /// The hash Go's x509 signs with on this curve, and its OID.
    pub hash: Hash,
    /// The field elements' length in bytes.
    pub bytes: usize,
    p: BigUint,
    a: BigUint,
    n: BigUint,
    g: (BigUint, BigUint),
}

#[derive(Clone, Copy)]
pub(crate) enum Hash {
    Sha256,
    Sha384,
    Sha512,
}

impl Hash {
    pub(crate) fn digest(self, data: &[u8]) -> Vec<u8> {
        match self {
            Hash::Sha256 => sha2::Sha256::digest(data).to_vec(),
            Hash::Sha384 => sha2::Sha384::digest(data).to_vec(),
            Hash::Sha512 => sha2::Sha512::digest(data).to_vec(),
        }
    }
}

fn hex(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).unwrap_or_default()
}

/// The curve of a tls_private_key `ecdsa_curve`.
pub(crate) fn curve(name: &str) -> Option<Curve> {
    let (p, n, gx, gy, oid, ssh, hash, bytes) = match name {
        "P224" => (
            "ffffffffffffffffffffffffffffffff000000000000000000000001",
            "ffffffffffffffffffffffffffff16a2e0b8f03e13dd29455c5c2a3d",
            "b70e0cbd6bb4bf7f321390b94a03c1d356c21122343280d6115c1d21",
            "bd376388b5f723fb4c22dfe6cd4375a05a07476444d5819985007e34",
            "1.3.132.0.33",
            None,
            Hash::Sha256,
            28,
        ),
        "P256" => (
            "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
            "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
            "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296",
            "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5",
            "1.2.840.10045.3.1.7",
            Some("nistp256"),
            Hash::Sha256,
            32,
        ),
        "P384" => (
            "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
            "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
            "aa87ca22be8b05378eb1c71ef320ad746e1d3b628ba79b9859f741e082542a385502f25dbf55296c3a545e3872760ab7",
            "3617de4a96262c6f5d9e98bf9292dc29f8f41dbd289a147ce9da3113b5f0b8c00a60b1ce1d7e819d7a431d7c90ea0e5f",
            "1.3.132.0.34",
            Some("nistp384"),
            Hash::Sha384,
            48,
        ),
        "P521" => (
            "01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
            "01fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409",
            "00c6858e06b70404e9cd9e3ecb662395b4429c648139053fb521f828af606b4d3dbaa14b5e77efe75928fe1dc127a2ffa8de3348b3c1856a429bf97e7e31c2e5bd66",
            "011839296a789a3bc0045c8a5fb42c7d1bd998f54449579b446817afbd17273e662c97ee72995ef42640c550b9013fad0761353c7086a272c24088be94769fd16650",
            "1.3.132.0.35",
            Some("nistp521"),
            Hash::Sha512,
            66,
        ),
        _ => return None,
    };
    let p = hex(p);
    // Every NIST curve has a = -3.
    let a = &p - BigUint::from(3u8);
    Some(Curve { ssh, oid, hash, bytes, a, n: hex(n), g: (hex(gx), hex(gy)), p })
}

/// The bits of `k`, the most significant first.
fn msb_first(k: &BigUint) -> impl Iterator<Item = bool> {
    let le = k.to_bytes_le();
    let n = k.bits();
    (0..n).rev().map(move |i| le[i / 8] >> (i % 8) & 1 == 1)
}

fn odd(v: &BigUint) -> bool {
    v.to_bytes_le().first().is_some_and(|b| b & 1 == 1)
}

/// A point in Jacobian coordinates; `z = 0` is the point at infinity.
type Jacobian = (BigUint, BigUint, BigUint);

impl Curve {
    fn sub(&self, a: &BigUint, b: &BigUint) -> BigUint {
        ((a + &self.p) - (b % &self.p)) % &self.p
    }

    fn mul(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a * b) % &self.p
    }

    fn double(&self, (x, y, z): &Jacobian) -> Jacobian {
        let zero = BigUint::default();
        if *z == zero || *y == zero {
            return (zero.clone(), BigUint::from(1u8), zero);
        }
        let yy = self.mul(y, y);
        let s = self.mul(&(BigUint::from(4u8) * x), &yy);
        let zz = self.mul(z, z);
        let m = (BigUint::from(3u8) * self.mul(x, x) + self.mul(&self.a, &self.mul(&zz, &zz))) % &self.p;
        let x3 = self.sub(&self.mul(&m, &m), &(BigUint::from(2u8) * &s));
        let y3 = self.sub(&self.mul(&m, &self.sub(&s, &x3)), &(BigUint::from(8u8) * self.mul(&yy, &yy)));
        let z3 = self.mul(&(BigUint::from(2u8) * y), z);
        (x3, y3, z3)
    }

    fn add(&self, p1: &Jacobian, p2: &Jacobian) -> Jacobian {
        let zero = BigUint::default();
        if p1.2 == zero {
            return p2.clone();
        }
        if p2.2 == zero {
            return p1.clone();
        }
        let (z1z1, z2z2) = (self.mul(&p1.2, &p1.2), self.mul(&p2.2, &p2.2));
        let (u1, u2) = (self.mul(&p1.0, &z2z2), self.mul(&p2.0, &z1z1));
        let s1 = self.mul(&self.mul(&p1.1, &p2.2), &z2z2);
        let s2 = self.mul(&self.mul(&p2.1, &p1.2), &z1z1);
        if u1 == u2 {
            return match s1 == s2 {
                true => self.double(p1),
                false => (zero.clone(), BigUint::from(1u8), zero),
            };
        }
        let h = self.sub(&u2, &u1);
        let r = self.sub(&s2, &s1);
        let hh = self.mul(&h, &h);
        let hhh = self.mul(&h, &hh);
        let v = self.mul(&u1, &hh);
        let x3 = self.sub(&self.sub(&self.mul(&r, &r), &hhh), &(BigUint::from(2u8) * &v));
        let y3 = self.sub(&self.mul(&r, &self.sub(&v, &x3)), &self.mul(&s1, &hhh));
        let z3 = self.mul(&self.mul(&p1.2, &p2.2), &h);
        (x3, y3, z3)
    }

    /// `k·G` in affine coordinates.
    fn base_times(&self, k: &BigUint) -> (BigUint, BigUint) {
        let g: Jacobian = (self.g.0.clone(), self.g.1.clone(), BigUint::from(1u8));
        let mut acc: Jacobian = (BigUint::default(), BigUint::from(1u8), BigUint::default());
        for set in msb_first(k) {
            acc = self.double(&acc);
            if set {
                acc = self.add(&acc, &g);
            }
        }
        let zinv = acc.2.modpow(&(&self.p - BigUint::from(2u8)), &self.p);
        let zz = self.mul(&zinv, &zinv);
        (self.mul(&acc.0, &zz), self.mul(&acc.1, &self.mul(&zz, &zinv)))
    }

    /// Whether `d` is a private scalar of the curve (`1 ≤ d < n`): a key
    /// read from text may hold anything, and a scalar's length is the
    /// work its public point takes.
    pub(crate) fn is_scalar(&self, d: &BigUint) -> bool {
        *d != BigUint::default() && *d < self.n
    }

    /// A private scalar from `random` bytes, in `[1, n-1]`.
    pub(crate) fn scalar(&self, random: &[u8]) -> BigUint {
        BigUint::from_bytes_be(random) % (&self.n - BigUint::from(1u8)) + BigUint::from(1u8)
    }

    /// The public point of `d`, uncompressed (`04 ‖ X ‖ Y`, SEC 1).
    pub(crate) fn public(&self, d: &BigUint) -> Vec<u8> {
        let (x, y) = self.base_times(d);
        let mut out = vec![4u8];
        out.extend(self.fixed(&x));
        out.extend(self.fixed(&y));
        out
    }

    /// A number as the curve's fixed-length big-endian bytes.
    pub(crate) fn fixed(&self, v: &BigUint) -> Vec<u8> {
        let b = v.to_bytes_be();
        let mut out = vec![0u8; self.bytes.saturating_sub(b.len())];
        out.extend(b);
        out
    }

    /// An ECDSA signature `(r, s)` of `message` (hashed with the curve's
    /// hash) with `d`, the nonce from `random` bytes.
    pub(crate) fn sign(&self, d: &BigUint, message: &[u8], random: &mut dyn FnMut() -> Vec<u8>) -> (BigUint, BigUint) {
        let digest = self.hash.digest(message);
        // Go's hashToInt: the leftmost bits of the hash, as many as n has.
        let order_bits = self.n.bits();
        let take = digest.len().min(order_bits.div_ceil(8));
        let mut e = BigUint::from_bytes_be(&digest[..take]);
        if take * 8 > order_bits {
            e >>= take * 8 - order_bits;
        }
        loop {
            let k = self.scalar(&random());
            let r = self.base_times(&k).0 % &self.n;
            if r == BigUint::default() {
                continue;
            }
            let kinv = k.modpow(&(&self.n - BigUint::from(2u8)), &self.n);
            let s = (kinv * ((&e + &r * d) % &self.n)) % &self.n;
            if s != BigUint::default() {
                return (r, s);
            }
        }
    }
}

/// Ed25519 (RFC 8032) over `2^255 - 19`.
pub(crate) mod ed25519 {
    use super::*;

    type Extended = (BigUint, BigUint, BigUint, BigUint);

    struct Field {
        p: BigUint,
        d: BigUint,
    }

    impl Field {
        fn new() -> Field {
            let p = (BigUint::from(1u8) << 255usize) - BigUint::from(19u8);
            let inv = |v: &BigUint, p: &BigUint| v.modpow(&(p - BigUint::from(2u8)), p);
            // d = -121665 / 121666
            let d = ((&p - BigUint::from(121665u32)) * inv(&BigUint::from(121666u32), &p)) % &p;
            Field { p, d }
        }
        fn m(&self, a: &BigUint, b: &BigUint) -> BigUint {
            (a * b) % &self.p
        }
        fn s(&self, a: &BigUint, b: &BigUint) -> BigUint {
            ((a + &self.p) - (b % &self.p)) % &self.p
        }
        fn inv(&self, a: &BigUint) -> BigUint {
            a.modpow(&(&self.p - BigUint::from(2u8)), &self.p)
        }
        fn add(&self, p1: &Extended, p2: &Extended) -> Extended {
            let a = self.m(&self.s(&p1.1, &p1.0), &self.s(&p2.1, &p2.0));
            let b = self.m(&((&p1.1 + &p1.0) % &self.p), &((&p2.1 + &p2.0) % &self.p));
            let c = self.m(&self.m(&p1.3, &p2.3), &((BigUint::from(2u8) * &self.d) % &self.p));
            let d = self.m(&(BigUint::from(2u8) * &p1.2), &p2.2);
            let (e, f, g, h) = (self.s(&b, &a), self.s(&d, &c), (&d + &c) % &self.p, (&b + &a) % &self.p);
            (self.m(&e, &f), self.m(&g, &h), self.m(&f, &g), self.m(&e, &h))
        }
        fn base(&self) -> Extended {
            let y = self.m(&BigUint::from(4u8), &self.inv(&BigUint::from(5u8)));
            let yy = self.m(&y, &y);
            let u = self.s(&yy, &BigUint::from(1u8));
            let v = (self.m(&self.d, &yy) + BigUint::from(1u8)) % &self.p;
            let xx = self.m(&u, &self.inv(&v));
            let mut x = xx.modpow(&((&self.p + BigUint::from(3u8)) >> 3usize), &self.p);
            if self.m(&x, &x) != xx {
                let i = BigUint::from(2u8).modpow(&((&self.p - BigUint::from(1u8)) >> 2usize), &self.p);
                x = self.m(&x, &i);
            }
            if odd(&x) {
                x = &self.p - x;
            }
            let t = self.m(&x, &y);
            (x, y, BigUint::from(1u8), t)
        }
        fn times(&self, k: &BigUint, point: &Extended) -> Extended {
            let mut acc: Extended = (BigUint::default(), BigUint::from(1u8), BigUint::from(1u8), BigUint::default());
            for set in msb_first(k) {
                acc = self.add(&acc, &acc);
                if set {
                    acc = self.add(&acc, point);
                }
            }
            acc
        }
        fn encode(&self, point: &Extended) -> [u8; 32] {
            let zinv = self.inv(&point.2);
            let (x, y) = (self.m(&point.0, &zinv), self.m(&point.1, &zinv));
            let mut out = [0u8; 32];
            let le = y.to_bytes_le();
            out[..le.len()].copy_from_slice(&le);
            if odd(&x) {
                out[31] |= 0x80;
            }
            out
        }
    }

    fn order() -> BigUint {
        (BigUint::from(1u8) << 252usize) + hex("14def9dea2f79cd65812631a5cf5d3ed")
    }

    fn expanded(seed: &[u8; 32]) -> (BigUint, Vec<u8>) {
        let h = sha2::Sha512::digest(seed);
        let mut a = [0u8; 32];
        a.copy_from_slice(&h[..32]);
        a[0] &= 248;
        a[31] &= 127;
        a[31] |= 64;
        (BigUint::from_bytes_le(&a), h[32..].to_vec())
    }

    /// The public key of a 32-byte seed.
    pub(crate) fn public(seed: &[u8; 32]) -> [u8; 32] {
        let f = Field::new();
        f.encode(&f.times(&expanded(seed).0, &f.base()))
    }

    /// The signature of `message` with the key of `seed` (whose public
    /// key is `public`).
    pub(crate) fn sign(seed: &[u8; 32], public: &[u8; 32], message: &[u8]) -> Vec<u8> {
        let f = Field::new();
        let (a, prefix) = expanded(seed);
        let l = order();
        let r = BigUint::from_bytes_le(&sha2::Sha512::new().chain_update(&prefix).chain_update(message).finalize()) % &l;
        let big_r = f.encode(&f.times(&r, &f.base()));
        let k = BigUint::from_bytes_le(&sha2::Sha512::new().chain_update(big_r).chain_update(public).chain_update(message).finalize()) % &l;
        let s = (r + k * a) % &l;
        let mut out = big_r.to_vec();
        let mut le = s.to_bytes_le();
        le.resize(32, 0);
        out.extend(le);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unhex(s: &str) -> Vec<u8> {
        (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap_or(0)).collect()
    }

    #[test]
    fn ed25519_matches_rfc_8032() {
        // RFC 8032, 7.1, TEST 1.
        let mut seed = [0u8; 32];
        seed.copy_from_slice(&unhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"));
        assert_eq!(ed25519::public(&seed).to_vec(), unhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"));
        assert_eq!(
            ed25519::sign(&seed, &ed25519::public(&seed), b""),
            unhex("e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b")
        );
    }

    #[test]
    fn nist_public_points_match_openssl() {
        // Private scalars and public points from `openssl ecparam -genkey`.
        for (name, d, q) in [
            ("P224", "d0367863f84cb18168fabe2fd775ca2e620d862b309067e9db061d3d", "04459636e932fe0057e9013c69cf5c6905152eb392f7656b54d9bd07268432edf8c6906dc0d5e64ae9435e8d0a23950132b243e609e0e52353"),
            ("P256", "68d5e608477eb0af856217f0a9977481e3b08dde45d619ced1479d5a749936cd", "04647e772b026cf4fe73bda3d17634243b324f901c135f67a693cbd1e06701f464a246f0509bf14df5f30e4bb9cd8a25fa9f557452e233238ecb516f6c7d8bc916"),
            ("P384", "fb0764b2de2083ddb98188add5a3ff693ae3a3431e93b44924f69f9c16c7da1d1d0a7a9cabec00490e161886a7e697b1", "041925b7d7b0e6d28a8fd1f34350eba7310539d5e35faf9345d787e7b982971f7be276207aa3f9dd635eb0b466587f7c5f7ec5e132d946fdeca2ebb13521a6a1af4d5d6e9f74c32c2472004151df492594310a0635478166cf384e1809a38dc003"),
            ("P521", "0155444733e5ee666af6ed75b2650815d1fa3e4e61061ea126dd9fa9cefa737ace455fd23aa6477a65569f7b10e04e09fbaaf730820983e6f5110683f2661765d186", "0400c3fff30a86e74b468b62c54c439acaf65c31502e19c6a6f593a9f1352f3e43b80a9fe619bc557b24f9198802449de84f0f58bd2d496db88aa94439b01298bcac8e013cda736bb159ea2b89f88a5ed9f84e7d2f2e24661e8c10e85f0d7da5ef1b61c2d26cdd9a1f2c4ebfbc943b773ac10634f75e1417654f042df6c18a8dff1e63c42c"),
        ] {
            let c = curve(name).expect(name);
            assert_eq!(c.public(&hex(d)), unhex(q), "{name}");
        }
    }
}
