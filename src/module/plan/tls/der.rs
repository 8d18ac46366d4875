//! The DER that Go's `encoding/asn1` writes for keys, certificates and
//! requests, a reader for the few structures read back (keys,
//! certificates, requests this provider made), and PEM.

use base64::Engine;

pub(crate) const SEQUENCE: u8 = 0x30;
pub(crate) const SET: u8 = 0x31;
pub(crate) const INTEGER: u8 = 0x02;
pub(crate) const BIT_STRING: u8 = 0x03;
pub(crate) const OCTET_STRING: u8 = 0x04;
pub(crate) const NULL: u8 = 0x05;
pub(crate) const OID: u8 = 0x06;
pub(crate) const BOOLEAN: u8 = 0x01;

/// A tag, its length and `content`.
pub(crate) fn tlv(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    let n = content.len();
    if n < 0x80 {
        out.push(n as u8);
    } else {
        let bytes: Vec<u8> = n.to_be_bytes().iter().copied().skip_while(|b| *b == 0).collect();
        out.push(0x80 | bytes.len() as u8);
        out.extend(bytes);
    }
    out.extend_from_slice(content);
    out
}

/// A constructed value of `parts` in order.
pub(crate) fn seq(tag: u8, parts: &[Vec<u8>]) -> Vec<u8> {
    tlv(tag, &parts.concat())
}

/// An unsigned INTEGER from big-endian magnitude bytes.
pub(crate) fn uint(bytes: &[u8]) -> Vec<u8> {
    let start = bytes.iter().position(|&b| b != 0).unwrap_or(bytes.len().saturating_sub(1));
    let mut v = bytes.get(start..).unwrap_or(&[0]).to_vec();
    if v.is_empty() {
        v.push(0);
    }
    if v[0] & 0x80 != 0 {
        v.insert(0, 0);
    }
    tlv(INTEGER, &v)
}

pub(crate) fn small(n: u64) -> Vec<u8> {
    uint(&n.to_be_bytes())
}

/// An OBJECT IDENTIFIER from its dotted form.
pub(crate) fn oid(dotted: &str) -> Vec<u8> {
    let arcs: Vec<u64> = dotted.split('.').filter_map(|a| a.parse().ok()).collect();
    let mut body = Vec::new();
    if arcs.len() >= 2 {
        base128(&mut body, arcs[0] * 40 + arcs[1]);
        for &a in &arcs[2..] {
            base128(&mut body, a);
        }
    }
    tlv(OID, &body)
}

fn base128(out: &mut Vec<u8>, mut v: u64) {
    let mut tmp = vec![(v & 0x7f) as u8];
    v >>= 7;
    while v > 0 {
        tmp.push(0x80 | (v & 0x7f) as u8);
        v >>= 7;
    }
    out.extend(tmp.iter().rev());
}

/// A BIT STRING of whole bytes.
pub(crate) fn bits(bytes: &[u8]) -> Vec<u8> {
    let mut v = vec![0u8];
    v.extend_from_slice(bytes);
    tlv(BIT_STRING, &v)
}

/// One element: its tag, its whole encoding and its content.
#[derive(Clone, Copy)]
pub(crate) struct Element<'a> {
    pub tag: u8,
    pub whole: &'a [u8],
    pub content: &'a [u8],
}

/// The first element of `input`, and what follows it.
pub(crate) fn read(input: &[u8]) -> Option<(Element<'_>, &[u8])> {
    let tag = *input.first()?;
    let first = *input.get(1)? as usize;
    let (len, head) = match first {
        n if n < 0x80 => (n, 2),
        n => {
            let k = n & 0x7f;
            if k == 0 || k > 4 {
                return None;
            }
            let len = input.get(2..2 + k)?.iter().fold(0usize, |acc, b| acc << 8 | *b as usize);
            (len, 2 + k)
        }
    };
    let end = head.checked_add(len)?;
    let whole = input.get(..end)?;
    Some((Element { tag, whole, content: &whole[head..] }, &input[end..]))
}

/// The elements of a constructed value's content.
pub(crate) fn children(content: &[u8]) -> Option<Vec<Element<'_>>> {
    let mut out = Vec::new();
    let mut rest = content;
    while !rest.is_empty() {
        let (e, more) = read(rest)?;
        out.push(e);
        rest = more;
    }
    Some(out)
}

/// Go's `pem.EncodeToMemory`: 64 characters a line.
pub(crate) fn pem(kind: &str, bytes: &[u8]) -> String {
    let b64 = base64::engine::general_purpose::STANDARD.encode(bytes);
    let mut out = format!("-----BEGIN {kind}-----\n");
    for chunk in b64.as_bytes().chunks(64) {
        out.push_str(std::str::from_utf8(chunk).unwrap_or(""));
        out.push('\n');
    }
    out.push_str(&format!("-----END {kind}-----\n"));
    out
}

/// The first PEM block of `text`: its type and bytes.
pub(crate) fn unpem(text: &str) -> Option<(String, Vec<u8>)> {
    let start = text.find("-----BEGIN ")?;
    let rest = &text[start + 11..];
    let kind_end = rest.find("-----")?;
    let kind = rest[..kind_end].to_string();
    let body = &rest[kind_end + 5..];
    let end = body.find(&format!("-----END {kind}-----"))?;
    let b64: String = body[..end].lines().filter(|l| !l.contains(':')).collect::<String>().split_whitespace().collect();
    Some((kind, base64::engine::general_purpose::STANDARD.decode(b64).ok()?))
}
