//! hashicorp/tls's resources as the provider applies them, with no
//! network: `tls_private_key` (RSA, ECDSA on P-224, P-256, P-384 and
//! P-521, Ed25519) in every encoding it writes, and the certificates it
//! makes from such keys (`tls_self_signed_cert`, `tls_cert_request`,
//! `tls_locally_signed_cert`) as Go's `crypto/x509` builds them: the
//! subject's attributes in `pkix.Name`'s order, the extensions in
//! `buildCertExtensions`' order, a random 128-bit serial number and the
//! validity from the clock.

mod curves;
mod der;

use super::testing::Testing;
use crate::functions::hash::hex;
use crate::profile::Profile;
use crate::value::{Marks, SortedMap, Value};
use base64::Engine;
use curves::Curve;
use der::{bits, oid, seq, tlv, uint, BIT_STRING, BOOLEAN, NULL, OCTET_STRING, SEQUENCE, SET};
use rsa::BigUint;
use sha2::Digest;

const RSA_ENCRYPTION: &str = "1.2.840.113549.1.1.1";
const EC_PUBLIC_KEY: &str = "1.2.840.10045.2.1";
const ED25519: &str = "1.3.101.112";
const CURVES: [&str; 4] = ["P224", "P256", "P384", "P521"];

/// A private key of one of the provider's algorithms.
enum Key {
    Rsa(Box<rsa::RsaPrivateKey>),
    /// The curve, the private scalar and its public point (uncompressed).
    Ecdsa(Curve, BigUint, Vec<u8>),
    /// The seed and its public key.
    Ed25519([u8; 32], [u8; 32]),
}

impl Key {
    /// An ECDSA key of scalar `d`, its public point computed once.
    fn ecdsa(curve: Curve, d: BigUint) -> Key {
        let point = curve.public(&d);
        Key::Ecdsa(curve, d, point)
    }

    /// An Ed25519 key of `seed`, its public key computed once.
    fn ed25519(seed: [u8; 32]) -> Key {
        Key::Ed25519(seed, curves::ed25519::public(&seed))
    }
}

/// A string attribute of an object, if set.
fn text(o: &SortedMap<Value>, name: &str) -> Option<String> {
    o.get(name).and_then(|v| v.unmarked().as_str()).map(str::to_string)
}

/// `planned` (an instance of `ty`) as hashicorp/tls applies it; `None`
/// for what the playground does not make.
pub(crate) fn applied(t: &Testing, ty: &str, o: &SortedMap<Value>, profile: Profile) -> Option<SortedMap<Value>> {
    let mut m = o.clone();
    let text = |name: &str| text(o, name);
    let mut set = |name: &str, v: String, secret: bool| {
        let v = Value::string(v, profile);
        m.insert(name.to_string(), if secret { v.with_marks(Marks::SENSITIVE) } else { v });
    };
    match ty {
        "tls_private_key" => {
            let key = generate(t, o)?;
            for (name, value) in key_attributes(t, &key)? {
                set(name, value, name.starts_with("private_key"));
            }
        }
        "tls_cert_request" => {
            let key = parse_private(&text("private_key_pem")?)?;
            let spki = spki(&key)?;
            let subject = Name::from_block(o).encode();
            let sans = sans_of(o)?;
            let extensions = match sans.is_empty() {
                true => Vec::new(),
                false => vec![seq(SEQUENCE, &[oid("2.5.29.17"), tlv(OCTET_STRING, &sans)])],
            };
            let attributes = match extensions.is_empty() {
                true => Vec::new(),
                false => seq(SEQUENCE, &[oid("1.2.840.113549.1.9.14"), seq(SET, &[seq(SEQUENCE, &extensions)])]),
            };
            let info = seq(SEQUENCE, &[der::small(0), subject, spki, tlv(0xa0, &attributes)]);
            let request = signed(t, &key, info)?;
            set("cert_request_pem", der::pem("CERTIFICATE REQUEST", &request), false);
            set("id", hash_for_state(&request), false);
            set("key_algorithm", algorithm(&key).into(), false);
        }
        "tls_self_signed_cert" => {
            let key = parse_private(&text("private_key_pem")?)?;
            let subject = Name::from_block(o);
            let ca = flag(o, "is_ca_certificate");
            if ca && subject.is_empty() {
                return None;
            }
            let spki = spki(&key)?;
            let subject = subject.encode();
            let ski = subject_key_id(&spki)?;
            let own_ski = (ca || flag(o, "set_subject_key_id")).then(|| ski.clone());
            let aki = match flag(o, "set_authority_key_id") {
                true => Some(own_ski.clone()?),
                false => None,
            };
            let cert = Certificate { issuer: subject.clone(), subject, spki, sans: sans_of(o)?, ski: own_ski, aki, ca };
            let (der, serial, from, to) = cert.build(t, o, &key)?;
            set("cert_pem", der::pem("CERTIFICATE", &der), false);
            set("id", serial, false);
            set("validity_start_time", from, false);
            set("validity_end_time", to, false);
            set("key_algorithm", algorithm(&key).into(), false);
        }
        "tls_locally_signed_cert" => {
            let request = request(&text("cert_request_pem")?)?;
            let ca_key = parse_private(&text("ca_private_key_pem")?)?;
            let ca = ca_certificate(&text("ca_cert_pem")?)?;
            let is_ca = flag(o, "is_ca_certificate");
            let ski = subject_key_id(&request.spki)?;
            let own_ski = (is_ca || flag(o, "set_subject_key_id")).then(|| ski.clone());
            let subject = request.subject.encode();
            // Go takes the issuer's key id for a certificate it issues to
            // another subject.
            let aki = match (subject != ca.subject, &ca.ski) {
                (true, Some(id)) => Some(id.clone()),
                _ => None,
            };
            let cert = Certificate { issuer: ca.subject, subject, spki: request.spki, sans: request.sans, ski: own_ski, aki, ca: is_ca };
            let (der, serial, from, to) = cert.build(t, o, &ca_key)?;
            set("cert_pem", der::pem("CERTIFICATE", &der), false);
            set("id", serial, false);
            set("validity_start_time", from, false);
            set("validity_end_time", to, false);
            set("ca_key_algorithm", algorithm(&ca_key).into(), false);
        }
        _ => return None,
    }
    if ty != "tls_private_key" && ty != "tls_cert_request" {
        if m.get("ready_for_renewal").is_some_and(|v| !v.is_known()) {
            m.insert("ready_for_renewal".into(), Value::Bool(false));
        }
        if m.get("max_path_length").is_some_and(|v| !v.is_known()) {
            m.insert("max_path_length".into(), Value::Null(crate::value::Type::Number));
        }
    }
    Some(m)
}

/// A new key of the configured algorithm (`rsa_bits`, `ecdsa_curve`).
fn generate(t: &Testing, o: &SortedMap<Value>) -> Option<Key> {
    let text = |name: &str| text(o, name);
    match text("algorithm")?.as_str() {
        "RSA" => {
            let bits = match o.get("rsa_bits").map(Value::unmarked) {
                Some(Value::Number(n)) => n.to_i64()?,
                _ => 2048,
            };
            // Go 1.24 makes no key under 1,024 bits; the RSA crate takes
            // keys of up to 4,096 (the provider up to 16,384, which would
            // take minutes to make here).
            if !(1024..=rsa::RsaPublicKey::MAX_SIZE as i64).contains(&bits) {
                return None;
            }
            Some(Key::Rsa(Box::new(rsa::RsaPrivateKey::new(&mut Draws(t), bits as usize).ok()?)))
        }
        "ECDSA" => {
            let curve = curves::curve(&text("ecdsa_curve").unwrap_or_else(|| "P224".into()))?;
            let d = curve.scalar(&t.bytes(curve.bytes + 8));
            Some(Key::ecdsa(curve, d))
        }
        "ED25519" => {
            let mut seed = [0u8; 32];
            seed.copy_from_slice(&t.bytes(32));
            Some(Key::ed25519(seed))
        }
        _ => None,
    }
}

fn algorithm(key: &Key) -> &'static str {
    match key {
        Key::Rsa(_) => "RSA",
        Key::Ecdsa(..) => "ECDSA",
        Key::Ed25519(..) => "ED25519",
    }
}

/// What `tls_private_key` sets: the private key in its own PEM form
/// (PKCS #1, SEC 1, PKCS #8), in PKCS #8 and OpenSSH's form (empty for
/// P-224), and its public attributes.
fn key_attributes(t: &Testing, key: &Key) -> Option<Vec<(&'static str, String)>> {
    use rsa::pkcs1::EncodeRsaPrivateKey;
    use rsa::pkcs8::EncodePrivateKey;
    let (own, pkcs8) = match key {
        Key::Rsa(k) => {
            (der::pem("RSA PRIVATE KEY", k.to_pkcs1_der().ok()?.as_bytes()), der::pem("PRIVATE KEY", k.to_pkcs8_der().ok()?.as_bytes()))
        }
        Key::Ecdsa(curve, d, point) => {
            let sec1 = seq(
                SEQUENCE,
                &[der::small(1), tlv(OCTET_STRING, &curve.fixed(d)), seq(0xa0, &[oid(curve.oid)]), seq(0xa1, &[bits(point)])],
            );
            let inner = seq(SEQUENCE, &[der::small(1), tlv(OCTET_STRING, &curve.fixed(d)), seq(0xa1, &[bits(point)])]);
            let algo = seq(SEQUENCE, &[oid(EC_PUBLIC_KEY), oid(curve.oid)]);
            let p8 = seq(SEQUENCE, &[der::small(0), algo, tlv(OCTET_STRING, &inner)]);
            (der::pem("EC PRIVATE KEY", &sec1), der::pem("PRIVATE KEY", &p8))
        }
        Key::Ed25519(seed, _) => {
            let p8 = seq(SEQUENCE, &[der::small(0), seq(SEQUENCE, &[oid(ED25519)]), tlv(OCTET_STRING, &tlv(OCTET_STRING, seed))]);
            let pem = der::pem("PRIVATE KEY", &p8);
            (pem.clone(), pem)
        }
    };
    let openssh = match ssh_wire(key) {
        Some(wire) => openssh_private(t, key, &wire)?,
        None => String::new(),
    };
    let mut out = vec![("private_key_pem", own), ("private_key_pem_pkcs8", pkcs8), ("private_key_openssh", openssh)];
    out.extend(public_attributes(key)?);
    Some(out)
}

/// The public key in PKIX and OpenSSH's form with its fingerprints (empty
/// where OpenSSH has no such key, P-224), and the SHA-1 of the PKIX key as
/// id: what `tls_private_key` and `tls_public_key` set alike.
fn public_attributes(key: &Key) -> Option<Vec<(&'static str, String)>> {
    let spki = spki(key)?;
    let (public_ssh, md5, sha256) = match ssh_wire(key) {
        Some(wire) => {
            let md5: Vec<String> = md5::Md5::digest(&wire).iter().map(|b| format!("{b:02x}")).collect();
            let sha = base64::engine::general_purpose::STANDARD_NO_PAD.encode(sha2::Sha256::digest(&wire));
            let public = format!("{} {}\n", ssh_type(key)?, base64::engine::general_purpose::STANDARD.encode(&wire));
            (public, md5.join(":"), format!("SHA256:{sha}"))
        }
        None => Default::default(),
    };
    Some(vec![
        ("id", hash_for_state(&spki)),
        ("public_key_pem", der::pem("PUBLIC KEY", &spki)),
        ("public_key_openssh", public_ssh),
        ("public_key_fingerprint_md5", md5),
        ("public_key_fingerprint_sha256", sha256),
    ])
}

/// The key's SubjectPublicKeyInfo (Go's `MarshalPKIXPublicKey`).
fn spki(key: &Key) -> Option<Vec<u8>> {
    use rsa::pkcs8::EncodePublicKey;
    Some(match key {
        Key::Rsa(k) => k.to_public_key().to_public_key_der().ok()?.as_bytes().to_vec(),
        Key::Ecdsa(curve, _, point) => seq(SEQUENCE, &[seq(SEQUENCE, &[oid(EC_PUBLIC_KEY), oid(curve.oid)]), bits(point)]),
        Key::Ed25519(_, public) => seq(SEQUENCE, &[seq(SEQUENCE, &[oid(ED25519)]), bits(public)]),
    })
}

/// The provider's `generateSubjectKeyID`: the SHA-1 of the RSA public key
/// (PKCS #1), the uncompressed point, or the Ed25519 key as an OCTET
/// STRING, from a SubjectPublicKeyInfo.
fn subject_key_id(spki: &[u8]) -> Option<Vec<u8>> {
    let (outer, _) = der::read(spki)?;
    let parts = der::children(outer.content)?;
    let algorithm = der::children(parts.first()?.content)?;
    let key = parts.get(1).filter(|e| e.tag == BIT_STRING)?.content.get(1..)?;
    let bytes = match algorithm.first()?.whole == oid(ED25519).as_slice() {
        true => tlv(OCTET_STRING, key),
        false => key.to_vec(),
    };
    Some(sha1::Sha1::digest(&bytes).to_vec())
}

/// OpenSSH's key type name.
fn ssh_type(key: &Key) -> Option<String> {
    Some(match key {
        Key::Rsa(_) => "ssh-rsa".into(),
        Key::Ecdsa(curve, ..) => format!("ecdsa-sha2-{}", curve.ssh?),
        Key::Ed25519(..) => "ssh-ed25519".into(),
    })
}

/// The public key in SSH's wire form; `None` where OpenSSH has none.
fn ssh_wire(key: &Key) -> Option<Vec<u8>> {
    use rsa::traits::PublicKeyParts;
    let mut wire = Vec::new();
    ssh_string(&mut wire, ssh_type(key)?.as_bytes());
    match key {
        Key::Rsa(k) => {
            ssh_mpint(&mut wire, &k.e().to_bytes_be());
            ssh_mpint(&mut wire, &k.n().to_bytes_be());
        }
        Key::Ecdsa(curve, _, point) => {
            ssh_string(&mut wire, curve.ssh?.as_bytes());
            ssh_string(&mut wire, point);
        }
        Key::Ed25519(_, public) => ssh_string(&mut wire, public),
    }
    Some(wire)
}

/// x/crypto/ssh's `MarshalPrivateKey` with no passphrase or comment.
fn openssh_private(t: &Testing, key: &Key, wire: &[u8]) -> Option<String> {
    use rsa::traits::{PrivateKeyParts, PublicKeyParts};
    let check = t.next_u64() as u32;
    let mut private = Vec::new();
    private.extend_from_slice(&check.to_be_bytes());
    private.extend_from_slice(&check.to_be_bytes());
    ssh_string(&mut private, ssh_type(key)?.as_bytes());
    match key {
        Key::Rsa(k) => {
            let primes = k.primes();
            for part in [k.n(), k.e(), k.d(), &k.crt_coefficient()?, primes.first()?, primes.get(1)?] {
                ssh_mpint(&mut private, &part.to_bytes_be());
            }
        }
        Key::Ecdsa(curve, d, point) => {
            ssh_string(&mut private, curve.ssh?.as_bytes());
            ssh_string(&mut private, point);
            ssh_mpint(&mut private, &d.to_bytes_be());
        }
        Key::Ed25519(seed, public) => {
            ssh_string(&mut private, public);
            ssh_string(&mut private, &[&seed[..], &public[..]].concat());
        }
    }
    ssh_string(&mut private, b"");
    let mut i = 1u8;
    while private.len() % 8 != 0 {
        private.push(i);
        i += 1;
    }
    let mut openssh = b"openssh-key-v1\0".to_vec();
    for field in [&b"none"[..], b"none", b""] {
        ssh_string(&mut openssh, field);
    }
    openssh.extend_from_slice(&1u32.to_be_bytes());
    ssh_string(&mut openssh, wire);
    ssh_string(&mut openssh, &private);
    Some(der::pem("OPENSSH PRIVATE KEY", &openssh))
}

/// The `tls_public_key` data source: the public key of a private key in
/// PEM (`private_key_pem`) or OpenSSH's form (`private_key_openssh`), read
/// while planning; `None` where the key is not one the playground reads.
pub(crate) fn public_key(config: &SortedMap<Value>, profile: Profile) -> Option<SortedMap<Value>> {
    let text = |name: &str| text(config, name);
    let key = match (text("private_key_pem"), text("private_key_openssh")) {
        (Some(pem), _) => parse_private(&pem)?,
        (None, Some(openssh)) => parse_openssh(&openssh)?,
        _ => return None,
    };
    let mut m = config.clone();
    m.insert("algorithm".into(), Value::string(algorithm(&key).to_string(), profile));
    for (name, value) in public_attributes(&key)? {
        m.insert(name.into(), Value::string(value, profile));
    }
    Some(m)
}

/// An unencrypted OpenSSH private key (x/crypto/ssh's `ParseRawPrivateKey`).
fn parse_openssh(text: &str) -> Option<Key> {
    let (kind, bytes) = der::unpem(text)?;
    let mut r = SshReader(bytes.strip_prefix(b"openssh-key-v1\0")?);
    if kind != "OPENSSH PRIVATE KEY" || r.string()? != b"none" || r.string()? != b"none" {
        return None;
    }
    r.string()?;
    if r.u32()? != 1 {
        return None;
    }
    r.string()?;
    let mut p = SshReader(r.string()?);
    let (check1, check2) = (p.u32()?, p.u32()?);
    if check1 != check2 {
        return None;
    }
    match p.string()? {
        b"ssh-rsa" => {
            let mut part = || p.string().map(BigUint::from_bytes_be);
            let (n, e, d, _iqmp, first, second) = (part()?, part()?, part()?, part()?, part()?, part()?);
            if !(1024..=rsa::RsaPublicKey::MAX_SIZE).contains(&n.bits()) {
                return None;
            }
            Some(Key::Rsa(Box::new(rsa::RsaPrivateKey::from_components(n, e, d, vec![first, second]).ok()?)))
        }
        b"ssh-ed25519" => {
            p.string()?;
            Some(Key::ed25519(p.string()?.get(..32)?.try_into().ok()?))
        }
        kind => {
            let curve = CURVES
                .iter()
                .filter_map(|c| curves::curve(c))
                .find(|c| c.ssh.is_some_and(|n| kind == format!("ecdsa-sha2-{n}").as_bytes()))?;
            p.string()?;
            p.string()?;
            let d = BigUint::from_bytes_be(p.string()?);
            curve.is_scalar(&d).then(|| Key::ecdsa(curve, d))
        }
    }
}

/// SSH's wire encoding, read.
struct SshReader<'a>(&'a [u8]);

impl<'a> SshReader<'a> {
    fn u32(&mut self) -> Option<u32> {
        let (head, rest) = self.0.split_at_checked(4)?;
        self.0 = rest;
        Some(u32::from_be_bytes(head.try_into().ok()?))
    }
    fn string(&mut self) -> Option<&'a [u8]> {
        let n = self.u32()? as usize;
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        Some(head)
    }
}

/// A private key in any PEM form the provider reads (`RSA PRIVATE KEY`,
/// `EC PRIVATE KEY`, `PRIVATE KEY`).
fn parse_private(text: &str) -> Option<Key> {
    use rsa::pkcs1::DecodeRsaPrivateKey;
    use rsa::pkcs8::DecodePrivateKey;
    let (kind, bytes) = der::unpem(text)?;
    let key = match kind.as_str() {
        "RSA PRIVATE KEY" => Some(Key::Rsa(Box::new(rsa::RsaPrivateKey::from_pkcs1_der(&bytes).ok()?))),
        "EC PRIVATE KEY" => sec1(&bytes, None),
        "PRIVATE KEY" => {
            let (outer, _) = der::read(&bytes)?;
            let parts = der::children(outer.content)?;
            let algorithm = der::children(parts.get(1)?.content)?;
            let id = algorithm.first()?.whole;
            let inner = parts.get(2).filter(|e| e.tag == OCTET_STRING)?.content;
            if id == oid(RSA_ENCRYPTION).as_slice() {
                Some(Key::Rsa(Box::new(rsa::RsaPrivateKey::from_pkcs8_der(&bytes).ok()?)))
            } else if id == oid(EC_PUBLIC_KEY).as_slice() {
                sec1(inner, Some(algorithm.get(1)?.whole))
            } else if id == oid(ED25519).as_slice() {
                let (seed, _) = der::read(inner)?;
                Some(Key::ed25519(seed.content.try_into().ok()?))
            } else {
                None
            }
        }
        _ => None,
    }?;
    rsa_size_ok(&key).then_some(key)
}

/// Whether an RSA key has a size the provider works with and the RSA
/// crate takes: 1,024 bits at least (Go 1.24's `rsa1024min`), 4,096 at
/// most (the RSA crate, and what signing here does in time).
fn rsa_size_ok(key: &Key) -> bool {
    use rsa::traits::PublicKeyParts;
    match key {
        Key::Rsa(k) => (1024..=rsa::RsaPublicKey::MAX_SIZE).contains(&k.n().bits()),
        _ => true,
    }
}

/// An EC private key (SEC 1), its curve from `named` or its own field.
fn sec1(bytes: &[u8], named: Option<&[u8]>) -> Option<Key> {
    let (outer, _) = der::read(bytes)?;
    let parts = der::children(outer.content)?;
    let d = BigUint::from_bytes_be(parts.get(1).filter(|e| e.tag == OCTET_STRING)?.content);
    let own = parts.iter().find(|e| e.tag == 0xa0).and_then(|e| der::read(e.content)).map(|(e, _)| e.whole);
    let named = named.or(own)?;
    let curve = CURVES.iter().filter_map(|c| curves::curve(c)).find(|c| oid(c.oid).as_slice() == named)?;
    curve.is_scalar(&d).then(|| Key::ecdsa(curve, d))
}

/// `content` signed with `key` as Go's x509 signs (SHA-256 with RSA,
/// ECDSA with the curve's hash, pure Ed25519): the signed structure.
fn signed(t: &Testing, key: &Key, content: Vec<u8>) -> Option<Vec<u8>> {
    let signature = match key {
        Key::Rsa(k) => {
            // DigestInfo of SHA-256, then the hash (PKCS #1 v1.5).
            let mut digest =
                vec![0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20];
            digest.extend(sha2::Sha256::digest(&content));
            k.sign(rsa::Pkcs1v15Sign::new_unprefixed(), &digest).ok()?
        }
        Key::Ecdsa(curve, d, _) => {
            let (r, s) = curve.sign(d, &content, &mut || t.bytes(curve.bytes + 8));
            seq(SEQUENCE, &[uint(&r.to_bytes_be()), uint(&s.to_bytes_be())])
        }
        Key::Ed25519(seed, public) => curves::ed25519::sign(seed, public, &content),
    };
    let algorithm = signature_algorithm(key);
    Some(seq(SEQUENCE, &[content, algorithm, bits(&signature)]))
}

/// The signature algorithm `key` signs with, as it appears inside the
/// signed structure too.
fn signature_algorithm(key: &Key) -> Vec<u8> {
    match key {
        Key::Rsa(_) => seq(SEQUENCE, &[oid("1.2.840.113549.1.1.11"), tlv(NULL, &[])]),
        Key::Ecdsa(curve, ..) => seq(
            SEQUENCE,
            &[oid(match curve.hash {
                curves::Hash::Sha256 => "1.2.840.10045.4.3.2",
                curves::Hash::Sha384 => "1.2.840.10045.4.3.3",
                curves::Hash::Sha512 => "1.2.840.10045.4.3.4",
            })],
        ),
        Key::Ed25519(..) => seq(SEQUENCE, &[oid(ED25519)]),
    }
}

/// A `pkix.Name`: each attribute's values, in `ToRDNSequence`'s order.
#[derive(Default)]
struct Name {
    attributes: Vec<(&'static str, Vec<String>)>,
    email: Option<String>,
}

/// The attributes `ToRDNSequence` writes, in its order, with the tls
/// provider's `subject` argument of each.
const ATTRIBUTES: [(&str, &str); 9] = [
    ("2.5.4.6", "country"),
    ("2.5.4.8", "province"),
    ("2.5.4.7", "locality"),
    ("2.5.4.9", "street_address"),
    ("2.5.4.17", "postal_code"),
    ("2.5.4.10", "organization"),
    ("2.5.4.11", "organizational_unit"),
    ("2.5.4.3", "common_name"),
    ("2.5.4.5", "serial_number"),
];
const EMAIL: &str = "1.2.840.113549.1.9.1";

impl Name {
    /// The provider's `createSubjectDistinguishedNames`.
    fn from_block(o: &SortedMap<Value>) -> Name {
        let mut name = Name::default();
        let Some(Value::List(_, blocks)) = o.get("subject").map(Value::unmarked) else { return name };
        let Some(subject) = blocks.first().and_then(|b| b.unmarked().as_mapping()) else { return name };
        let string = |v: &Value| v.unmarked().as_str().map(str::to_string);
        for (id, arg) in ATTRIBUTES {
            let values: Vec<String> = match subject.get(arg).map(Value::unmarked) {
                Some(Value::List(_, items)) => items.iter().filter_map(string).collect(),
                Some(v) => string(v).into_iter().collect(),
                None => Vec::new(),
            };
            // `ToRDNSequence` leaves out an empty common name or serial
            // number; the others are written as given.
            let empty = matches!(arg, "common_name" | "serial_number") && values.iter().all(String::is_empty);
            if !values.is_empty() && !empty {
                name.attributes.push((id, values));
            }
        }
        name.email = subject.get("email_address").and_then(string);
        name
    }

    fn is_empty(&self) -> bool {
        self.attributes.is_empty() && self.email.is_none()
    }

    fn encode(&self) -> Vec<u8> {
        let mut rdns: Vec<Vec<u8>> = self
            .attributes
            .iter()
            .map(|(id, values)| {
                // DER sorts a SET OF by the elements' encodings.
                let mut atvs: Vec<Vec<u8>> = values.iter().map(|v| seq(SEQUENCE, &[oid(id), asn1_string(v)])).collect();
                atvs.sort();
                seq(SET, &atvs)
            })
            .collect();
        if let Some(email) = &self.email {
            rdns.push(seq(SET, &[seq(SEQUENCE, &[oid(EMAIL), tlv(0x16, email.as_bytes())])]));
        }
        seq(SEQUENCE, &rdns)
    }

    /// A name as Go's `FillFromRDNSequence` reads it back: the attributes
    /// `pkix.Name` has fields for (so an e-mail address is left out when
    /// the name is written again).
    fn decode(bytes: &[u8]) -> Option<Name> {
        let (outer, _) = der::read(bytes)?;
        let mut found: Vec<(&'static str, Vec<String>)> = Vec::new();
        for set in der::children(outer.content)? {
            for atv in der::children(set.content)? {
                let parts = der::children(atv.content)?;
                let kind = parts.first()?.whole;
                let Some(&(id, _)) = ATTRIBUTES.iter().find(|(id, _)| oid(id).as_slice() == kind) else { continue };
                let value = String::from_utf8(parts.get(1)?.content.to_vec()).ok()?;
                match found.iter_mut().find(|(i, _)| *i == id) {
                    Some((_, values)) if !matches!(id, "2.5.4.3" | "2.5.4.5") => values.push(value),
                    Some((_, values)) => *values = vec![value],
                    None => found.push((id, vec![value])),
                }
            }
        }
        let attributes = ATTRIBUTES.iter().filter_map(|(id, _)| found.iter().find(|(i, _)| i == id).cloned()).collect();
        Some(Name { attributes, email: None })
    }
}

/// Go's `encoding/asn1` string: PrintableString where every character
/// allows it, else UTF8String.
fn asn1_string(s: &str) -> Vec<u8> {
    let printable = s.bytes().all(|b| b.is_ascii_alphanumeric() || b" '()+,-./:=?".contains(&b));
    tlv(if printable { 0x13 } else { 0x0c }, s.as_bytes())
}

/// The subject alternative names of `dns_names`, `ip_addresses` and
/// `uris`, in `marshalSANs`' order; `None` for an address Go cannot parse.
fn sans_of(o: &SortedMap<Value>) -> Option<Vec<u8>> {
    let list = |name: &str| -> Vec<String> {
        match o.get(name).map(Value::unmarked) {
            Some(Value::List(_, items)) => items.iter().filter_map(|v| v.unmarked().as_str().map(str::to_string)).collect(),
            _ => Vec::new(),
        }
    };
    let mut names = Vec::new();
    for dns in list("dns_names") {
        names.push(tlv(0x82, dns.as_bytes()));
    }
    for ip in list("ip_addresses") {
        let bytes = match ip.parse::<std::net::IpAddr>().ok()? {
            std::net::IpAddr::V4(v4) => v4.octets().to_vec(),
            std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => v4.octets().to_vec(),
                None => v6.octets().to_vec(),
            },
        };
        names.push(tlv(0x87, &bytes));
    }
    for uri in list("uris") {
        names.push(tlv(0x86, uri.as_bytes()));
    }
    Some(if names.is_empty() { Vec::new() } else { seq(SEQUENCE, &names) })
}

/// What a certificate request gives a certificate made from it.
struct Request {
    subject: Name,
    spki: Vec<u8>,
    sans: Vec<u8>,
}

/// The DER of the PEM block `text`, if it is of type `kind`.
fn pem_of(text: &str, kind: &str) -> Option<Vec<u8>> {
    let (found, bytes) = der::unpem(text)?;
    (found == kind).then_some(bytes)
}

/// The parts of what a signed structure signs (a request's information, a
/// certificate's TBS).
fn signed_parts(bytes: &[u8]) -> Option<Vec<der::Element<'_>>> {
    let (outer, _) = der::read(bytes)?;
    der::children(der::children(outer.content)?.first()?.content)
}

/// The value of extension `id` among `extensions` (each `SEQUENCE { OID,
/// critical?, OCTET STRING }`), parsed.
fn extension_value<'a>(extensions: &[der::Element<'a>], id: &str) -> Option<der::Element<'a>> {
    let id = oid(id);
    for extension in extensions {
        let fields = der::children(extension.content)?;
        if fields.first()?.whole == id.as_slice() {
            return der::read(fields.last()?.content).map(|(e, _)| e);
        }
    }
    None
}

fn request(text: &str) -> Option<Request> {
    let bytes = pem_of(text, "CERTIFICATE REQUEST")?;
    let info = signed_parts(&bytes)?;
    let subject = Name::decode(info.get(1)?.whole)?;
    let spki = info.get(2)?.whole.to_vec();
    // The names Go's template takes from the request: its DNS names, IP
    // addresses and URIs (not its e-mail addresses).
    let mut kept: [Vec<Vec<u8>>; 3] = Default::default();
    for attribute in info.get(3).map(|a| der::children(a.content)).unwrap_or(Some(Vec::new()))? {
        let parts = der::children(attribute.content)?;
        if parts.first()?.whole != oid("1.2.840.113549.1.9.14").as_slice() {
            continue;
        }
        for set in der::children(parts.get(1)?.content)? {
            let Some(sans) = extension_value(&der::children(set.content)?, "2.5.29.17") else { continue };
            for name in der::children(sans.content)? {
                match name.tag {
                    0x82 => kept[0].push(name.whole.to_vec()),
                    0x87 => kept[1].push(name.whole.to_vec()),
                    0x86 => kept[2].push(name.whole.to_vec()),
                    _ => {}
                }
            }
        }
    }
    let names: Vec<Vec<u8>> = kept.concat();
    let sans = if names.is_empty() { Vec::new() } else { seq(SEQUENCE, &names) };
    Some(Request { subject, spki, sans })
}

/// What an issuing certificate gives the certificates it signs.
struct Issuer {
    subject: Vec<u8>,
    ski: Option<Vec<u8>>,
}

fn ca_certificate(text: &str) -> Option<Issuer> {
    let bytes = pem_of(text, "CERTIFICATE")?;
    let tbs = signed_parts(&bytes)?;
    let skip = usize::from(tbs.first()?.tag == 0xa0);
    let subject = tbs.get(4 + skip)?.whole.to_vec();
    let extensions = match tbs.iter().find(|e| e.tag == 0xa3) {
        Some(tagged) => der::children(der::read(tagged.content)?.0.content)?,
        None => Vec::new(),
    };
    let ski = extension_value(&extensions, "2.5.29.14").map(|id| id.content.to_vec());
    Some(Issuer { subject, ski })
}

/// A certificate to build, its names already encoded.
struct Certificate {
    issuer: Vec<u8>,
    subject: Vec<u8>,
    spki: Vec<u8>,
    sans: Vec<u8>,
    ski: Option<Vec<u8>>,
    aki: Option<Vec<u8>>,
    ca: bool,
}

impl Certificate {
    /// The certificate signed by `key`, its serial number in decimal and
    /// its validity as Go's `Time.MarshalText` writes it.
    fn build(self, t: &Testing, o: &SortedMap<Value>, key: &Key) -> Option<(Vec<u8>, String, String, String)> {
        let hours = match o.get("validity_period_hours").map(Value::unmarked) {
            Some(Value::Number(n)) => n.to_i64()?,
            _ => return None,
        };
        let max_path = match o.get("max_path_length").map(Value::unmarked) {
            Some(Value::Number(n)) => n.to_i64().filter(|n| *n > 0),
            _ => None,
        };
        if max_path.is_some() && !self.ca {
            return None;
        }
        let from = chrono::Utc::now();
        let to = from.checked_add_signed(chrono::TimeDelta::try_hours(hours)?)?;
        let serial = BigUint::from_bytes_be(&t.bytes(16));
        let mut extensions = Vec::new();
        let extension = |id: &str, critical: bool, value: Vec<u8>| {
            let mut parts = vec![oid(id)];
            if critical {
                parts.push(tlv(BOOLEAN, &[0xff]));
            }
            parts.push(tlv(OCTET_STRING, &value));
            seq(SEQUENCE, &parts)
        };
        let uses = match o.get("allowed_uses").map(Value::unmarked) {
            Some(Value::List(_, items)) => items.iter().filter_map(|v| v.unmarked().as_str().map(str::to_string)).collect(),
            _ => Vec::new(),
        };
        let usage: u16 = uses.iter().filter_map(|u| KEY_USAGES.iter().position(|k| k == u)).fold(0, |acc, bit| acc | 1 << bit);
        if usage != 0 {
            extensions.push(extension("2.5.29.15", true, key_usage_bits(usage)));
        }
        let extended: Vec<Vec<u8>> =
            uses.iter().filter_map(|u| EXTENDED_KEY_USAGES.iter().find(|(n, _)| n == u)).map(|(_, id)| oid(id)).collect();
        if !extended.is_empty() {
            extensions.push(extension("2.5.29.37", false, seq(SEQUENCE, &extended)));
        }
        let mut constraints = Vec::new();
        if self.ca {
            constraints.push(tlv(BOOLEAN, &[0xff]));
        }
        if let Some(n) = max_path {
            constraints.push(der::small(n as u64));
        }
        extensions.push(extension("2.5.29.19", true, seq(SEQUENCE, &constraints)));
        if let Some(ski) = &self.ski {
            extensions.push(extension("2.5.29.14", false, tlv(OCTET_STRING, ski)));
        }
        if let Some(aki) = &self.aki {
            extensions.push(extension("2.5.29.35", false, seq(SEQUENCE, &[tlv(0x80, aki)])));
        }
        if !self.sans.is_empty() {
            // Critical when the subject is empty (RFC 5280, 4.2.1.6).
            let empty = self.subject == seq(SEQUENCE, &[]);
            extensions.push(extension("2.5.29.17", empty, self.sans.clone()));
        }
        let tbs = seq(
            SEQUENCE,
            &[
                seq(0xa0, &[der::small(2)]),
                uint(&serial.to_bytes_be()),
                signature_algorithm(key),
                self.issuer,
                seq(SEQUENCE, &[asn1_time(from), asn1_time(to)]),
                self.subject,
                self.spki,
                seq(0xa3, &[seq(SEQUENCE, &extensions)]),
            ],
        );
        Some((signed(t, key, tbs)?, serial.to_string(), marshal_text(from), marshal_text(to)))
    }
}

/// x509's key usages in bit order, by the provider's names.
const KEY_USAGES: [&str; 9] = [
    "digital_signature",
    "content_commitment",
    "key_encipherment",
    "data_encipherment",
    "key_agreement",
    "cert_signing",
    "crl_signing",
    "encipher_only",
    "decipher_only",
];

const EXTENDED_KEY_USAGES: [(&str, &str); 14] = [
    ("any_extended", "2.5.29.37.0"),
    ("server_auth", "1.3.6.1.5.5.7.3.1"),
    ("client_auth", "1.3.6.1.5.5.7.3.2"),
    ("code_signing", "1.3.6.1.5.5.7.3.3"),
    ("email_protection", "1.3.6.1.5.5.7.3.4"),
    ("ipsec_end_system", "1.3.6.1.5.5.7.3.5"),
    ("ipsec_tunnel", "1.3.6.1.5.5.7.3.6"),
    ("ipsec_user", "1.3.6.1.5.5.7.3.7"),
    ("timestamping", "1.3.6.1.5.5.7.3.8"),
    ("ocsp_signing", "1.3.6.1.5.5.7.3.9"),
    ("microsoft_server_gated_crypto", "1.3.6.1.4.1.311.10.3.3"),
    ("netscape_server_gated_crypto", "2.16.840.1.113730.4.1"),
    ("microsoft_commercial_code_signing", "1.3.6.1.4.1.311.2.1.22"),
    ("microsoft_kernel_code_signing", "1.3.6.1.4.1.311.61.1.1"),
];

/// Go's `marshalKeyUsage`: the bits reversed in each byte, one byte or
/// two, as long as the last bit set.
fn key_usage_bits(usage: u16) -> Vec<u8> {
    let a = [(usage as u8).reverse_bits(), ((usage >> 8) as u8).reverse_bits()];
    let bytes = if a[1] != 0 { &a[..2] } else { &a[..1] };
    let last = bytes[bytes.len() - 1];
    let unused = if last == 0 { 0 } else { last.trailing_zeros() as u8 };
    let mut v = vec![unused];
    v.extend_from_slice(bytes);
    tlv(BIT_STRING, &v)
}

/// UTCTime for the years 1950 to 2049, else GeneralizedTime.
fn asn1_time(t: chrono::DateTime<chrono::Utc>) -> Vec<u8> {
    use chrono::Datelike;
    match (1950..2050).contains(&t.year()) {
        true => tlv(0x17, t.format("%y%m%d%H%M%SZ").to_string().as_bytes()),
        false => tlv(0x18, t.format("%Y%m%d%H%M%SZ").to_string().as_bytes()),
    }
}

/// Go's `Time.MarshalText` (RFC 3339 with the nanoseconds it needs).
fn marshal_text(t: chrono::DateTime<chrono::Utc>) -> String {
    use chrono::Timelike;
    let fraction = format!("{:09}", t.nanosecond());
    let fraction = fraction.trim_end_matches('0');
    let dot = if fraction.is_empty() { "" } else { "." };
    format!("{}{dot}{fraction}Z", t.format("%Y-%m-%dT%H:%M:%S"))
}

/// The provider's `hashForState`: the SHA-1, in hex, of the bytes taken
/// as a string with white space trimmed from both ends (Go's
/// `strings.TrimSpace`, which a key's DER may end in).
fn hash_for_state(bytes: &[u8]) -> String {
    // One character of white space, 1 to 4 bytes, at either end.
    let space = |b: &[u8]| std::str::from_utf8(b).is_ok_and(|c| c.chars().count() == 1 && c.chars().all(char::is_whitespace));
    let mut t = bytes;
    while let Some(k) = (1..=t.len().min(4)).find(|&k| space(&t[..k])) {
        t = &t[k..];
    }
    while let Some(k) = (1..=t.len().min(4)).find(|&k| space(&t[t.len() - k..])) {
        t = &t[..t.len() - k];
    }
    hex(&sha1::Sha1::digest(t))
}

fn flag(o: &SortedMap<Value>, name: &str) -> bool {
    matches!(o.get(name).map(Value::unmarked), Some(Value::Bool(true)))
}

/// The run's draws as the key generator's source of randomness (a key
/// for a test, thrown away with it).
struct Draws<'t>(&'t Testing);

impl rsa::rand_core::RngCore for Draws<'_> {
    fn next_u32(&mut self) -> u32 {
        (self.0.next_u64() >> 32) as u32
    }
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.copy_from_slice(&self.0.bytes(dest.len()));
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rsa::rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl rsa::rand_core::CryptoRng for Draws<'_> {}

/// SSH's `string`: a length, then the bytes.
fn ssh_string(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u32).to_be_bytes());
    out.extend_from_slice(bytes);
}

/// SSH's `mpint` of a big-endian unsigned number.
fn ssh_mpint(out: &mut Vec<u8>, bytes: &[u8]) {
    let start = bytes.iter().position(|&b| b != 0).unwrap_or(bytes.len());
    let digits = &bytes[start..];
    let mut v = Vec::with_capacity(digits.len() + 1);
    if digits.first().is_some_and(|b| b & 0x80 != 0) {
        v.push(0);
    }
    v.extend_from_slice(digits);
    ssh_string(out, &v);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Type;

    fn strings(items: &[&str]) -> Value {
        Value::List(Type::String, items.iter().map(|s| Value::string(s.to_string(), Profile::Terraform)).collect::<Vec<_>>().into())
    }

    fn object(pairs: Vec<(&str, Value)>) -> SortedMap<Value> {
        pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    fn text(v: &str) -> Value {
        Value::string(v.to_string(), Profile::Terraform)
    }

    /// The structure of DER `bytes` with what is drawn afresh (serial
    /// numbers, times, keys, signatures, key ids) left out.
    fn skeleton(bytes: &[u8], out: &mut Vec<String>, depth: usize) {
        for e in der::children(bytes).expect("DER") {
            let nested = e.tag & 0x20 != 0 || (e.tag == OCTET_STRING && der::children(e.content).is_some_and(|c| !c.is_empty()));
            let random = matches!(e.tag, 0x02 | 0x03 | 0x17 | 0x18) || e.content.len() == 20;
            out.push(match (nested, random) {
                (true, _) => format!("{depth} {:02x}", e.tag),
                (false, true) => format!("{depth} {:02x} …", e.tag),
                (false, false) => format!("{depth} {:02x} {}", e.tag, hex(e.content)),
            });
            if nested {
                skeleton(e.content, out, depth + 1);
            }
        }
    }

    fn shape(pem: &str) -> Vec<String> {
        let mut out = Vec::new();
        skeleton(&der::unpem(pem).expect("PEM").1, &mut out, 0);
        out
    }

    /// tests/providers/tls/main.tf, applied here and by hashicorp/tls
    /// 4.2.1: every byte but the random ones alike.
    #[test]
    fn certificates_are_built_as_the_provider_builds_them() {
        let t = Testing::new(true, 7);
        let p = Profile::Terraform;
        let key = |alg: &str, curve: Option<&str>| {
            let mut o = object(vec![("algorithm", text(alg))]);
            if let Some(c) = curve {
                o.insert("ecdsa_curve".into(), text(c));
            }
            applied(&t, "tls_private_key", &o, p).expect("key")
        };
        let ca_key = key("ECDSA", Some("P384"));
        let subject = Value::List(
            Type::Dynamic,
            vec![Value::Object(
                object(vec![
                    ("common_name", text("example.com")),
                    ("organization", text("ACME & Co")),
                    ("street_address", strings(&["1 Road", "Town"])),
                    ("country", text("DE")),
                    ("email_address", text("ca@example.com")),
                ])
                .into(),
            )]
            .into(),
        );
        let ca = applied(
            &t,
            "tls_self_signed_cert",
            &object(vec![
                ("private_key_pem", ca_key.get("private_key_pem").cloned().expect("pem")),
                ("subject", subject),
                ("validity_period_hours", Value::int(12)),
                ("is_ca_certificate", Value::Bool(true)),
                ("set_authority_key_id", Value::Bool(true)),
                ("allowed_uses", strings(&["cert_signing", "digital_signature", "server_auth", "crl_signing"])),
                ("dns_names", strings(&["a.example.com"])),
                ("ip_addresses", strings(&["10.0.0.1", "::1"])),
                ("uris", strings(&["spiffe://x/y"])),
            ]),
            p,
        )
        .expect("ca");
        let leaf_key = key("ED25519", None);
        let leaf_subject = Value::List(
            Type::Dynamic,
            vec![Value::Object(object(vec![("common_name", text("leaf")), ("email_address", text("a@b.c"))]).into())].into(),
        );
        let request = applied(
            &t,
            "tls_cert_request",
            &object(vec![
                ("private_key_pem", leaf_key.get("private_key_pem").cloned().expect("pem")),
                ("subject", leaf_subject),
                ("dns_names", strings(&["b.example.com"])),
                ("ip_addresses", strings(&["::ffff:10.1.1.1"])),
            ]),
            p,
        )
        .expect("request");
        let signed = applied(
            &t,
            "tls_locally_signed_cert",
            &object(vec![
                ("cert_request_pem", request.get("cert_request_pem").cloned().expect("pem")),
                ("ca_private_key_pem", ca_key.get("private_key_pem").cloned().expect("pem")),
                ("ca_cert_pem", ca.get("cert_pem").cloned().expect("pem")),
                ("validity_period_hours", Value::int(1)),
                ("allowed_uses", strings(&["key_encipherment", "client_auth"])),
            ]),
            p,
        )
        .expect("signed");
        let ours = |m: &SortedMap<Value>, name: &str| shape(m.get(name).and_then(|v| v.as_str()).expect(name));
        let recorded =
            |file: &str| shape(&std::fs::read_to_string(format!("{}/tests/providers/tls/{file}", env!("CARGO_MANIFEST_DIR"))).expect(file));
        assert_eq!(ours(&ca, "cert_pem"), recorded("self-signed-ecdsa-p384.pem"));
        assert_eq!(ours(&request, "cert_request_pem"), recorded("request-ed25519.pem"));
        assert_eq!(ours(&signed, "cert_pem"), recorded("locally-signed.pem"));
        assert_eq!(ca.get("key_algorithm").and_then(|v| v.as_str()), Some("ECDSA"));
        assert_eq!(request.get("key_algorithm").and_then(|v| v.as_str()), Some("ED25519"));
    }

    /// A key whose scalar is past the curve's order, or an RSA key past
    /// what the RSA crate takes, is refused at once rather than worked on.
    #[test]
    fn hash_for_state_trims_as_go_does() {
        assert_eq!(hash_for_state(b"ab \n"), hash_for_state(b"ab"));
        assert_eq!(hash_for_state(b"\xc2\xa0ab\t"), hash_for_state(b"ab"));
        assert_ne!(hash_for_state(b"a b"), hash_for_state(b"ab"));
    }

    #[test]
    fn keys_out_of_range_are_refused() {
        let mut d = vec![0x7fu8; 4096];
        d[0] = 1;
        let sec1 = seq(SEQUENCE, &[der::small(1), tlv(OCTET_STRING, &d), seq(0xa0, &[oid("1.2.840.10045.3.1.7")])]);
        assert!(parse_private(&der::pem("EC PRIVATE KEY", &sec1)).is_none());
        let zero = seq(SEQUENCE, &[der::small(1), tlv(OCTET_STRING, &[0]), seq(0xa0, &[oid("1.2.840.10045.3.1.7")])]);
        assert!(parse_private(&der::pem("EC PRIVATE KEY", &zero)).is_none());
        let t = Testing::new(true, 3);
        let o = object(vec![("algorithm", text("RSA")), ("rsa_bits", Value::int(8192))]);
        assert!(applied(&t, "tls_private_key", &o, Profile::Terraform).is_none());
        let o = object(vec![("algorithm", text("RSA")), ("rsa_bits", Value::int(512))]);
        assert!(applied(&t, "tls_private_key", &o, Profile::Terraform).is_none());
        // An RSA key in PEM past 4,096 bits (a 4,097-bit modulus).
        let mut n = vec![0xffu8; 513];
        n[0] = 1;
        let pkcs1 =
            seq(SEQUENCE, &[der::small(0), uint(&n), der::small(65537), uint(&n), uint(&n), uint(&n), uint(&n), uint(&n), uint(&n)]);
        assert!(parse_private(&der::pem("RSA PRIVATE KEY", &pkcs1)).is_none());
    }
}
