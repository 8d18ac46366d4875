//! Base64 as Go's `encoding/base64` decodes it, and `base64decode`.

use super::{str_arg, CallError, CallResult, Ctx};
use crate::value::go_quote;
use crate::value::{Marks, Value};

/// Go's `base64.StdEncoding.DecodeString`: padding required, CR and LF
/// skipped anywhere, trailing bits not checked; the error is the offset of
/// the first bad byte (`CorruptInputError`).
pub(in crate::functions) fn go_base64_decode(src: &[u8]) -> Result<Vec<u8>, usize> {
    fn sextet(c: u8) -> Option<u8> {
        match c {
            b'A'..=b'Z' => Some(c - b'A'),
            b'a'..=b'z' => Some(c - b'a' + 26),
            b'0'..=b'9' => Some(c - b'0' + 52),
            b'+' => Some(62),
            b'/' => Some(63),
            _ => None,
        }
    }
    let skip_newlines = |mut i: usize| {
        while i < src.len() && (src[i] == b'\n' || src[i] == b'\r') {
            i += 1;
        }
        i
    };
    let mut out = Vec::with_capacity(src.len() / 4 * 3);
    let mut si = 0;
    while si < src.len() {
        let mut buf = [0u8; 4];
        let mut len = 4;
        let mut trailing = None;
        let mut j = 0;
        while j < 4 {
            if si == src.len() {
                if j == 0 {
                    return Ok(out);
                }
                return Err(si - j);
            }
            let c = src[si];
            si += 1;
            if let Some(v) = sextet(c) {
                buf[j] = v;
                j += 1;
                continue;
            }
            if c == b'\n' || c == b'\r' {
                continue;
            }
            if c != b'=' || j < 2 {
                return Err(si - 1);
            }
            if j == 2 {
                si = skip_newlines(si);
                if si == src.len() {
                    return Err(src.len());
                }
                if src[si] != b'=' {
                    return Err(si - 1);
                }
                si += 1;
            }
            si = skip_newlines(si);
            if si < src.len() {
                trailing = Some(si);
            }
            len = j;
            break;
        }
        let v = u32::from(buf[0]) << 18 | u32::from(buf[1]) << 12 | u32::from(buf[2]) << 6 | u32::from(buf[3]);
        let bytes = [(v >> 16) as u8, (v >> 8) as u8, v as u8];
        out.extend_from_slice(&bytes[..len - 1]);
        if let Some(at) = trailing {
            return Err(at);
        }
    }
    Ok(out)
}

/// Terraform's `redactIfSensitive` for a string in a message.
/// The engines' `redactIfSensitive`: the text quoted, unless it is marked
/// (OpenTofu's `redactIfSensitiveOrEphemeral` hides ephemeral text too).
pub(super) fn redact(s: &str, marks: Marks, profile: crate::profile::Profile) -> String {
    let ephemeral = profile == crate::profile::Profile::OpenTofu && marks.contains(Marks::EPHEMERAL);
    match (ephemeral, marks.contains(Marks::SENSITIVE)) {
        (true, true) => "(ephemeral sensitive value)".into(),
        (true, false) => "(ephemeral value)".into(),
        (false, true) => "(sensitive value)".into(),
        (false, false) => go_quote(s, profile),
    }
}

pub(super) fn base64decode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let marked = a[0].marks();
    let s = str_arg(a, 0);
    let bytes = go_base64_decode(s.as_bytes())
        .map_err(|_| CallError::call(format!("failed to decode base64 data {}", redact(s, marked, ctx.profile()))))?;
    let text = String::from_utf8(bytes).map_err(|_| CallError::call("the result of decoding the provided string is not valid UTF-8"))?;
    Ok(Value::string(text, ctx.profile()).with_marks(marked))
}
