//! `base64gzip` (Go's gzip bytes, [`crate::archive::gzip`]) and
//! `base64gunzip` (through flate2).

use super::base64::{go_base64_decode, redact};
use super::lossy_string;
use super::{str_arg, CallError, CallResult, Ctx};
use crate::value::Value;
use ::base64::Engine as _;

pub(super) fn base64gzip(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let s = str_arg(a, 0);
    ctx.charge(s.len() as u64 / 64)?;
    // Go's gzip.Writer, byte for byte: Terraform writes, flushes, closes.
    let bytes = crate::archive::gzip(&[s.as_bytes()], true);
    Ok(Value::string(base64::engine::general_purpose::STANDARD.encode(bytes), ctx.profile()))
}

/// The most a gunzipped string may hold.
const MAX_GUNZIP: usize = 16 << 20;

pub(super) fn base64gunzip(a: &[Value], ctx: &mut Ctx) -> CallResult {
    use std::io::Read;
    let marked = a[0].marks();
    let s = str_arg(a, 0);
    let bytes = go_base64_decode(s.as_bytes())
        .map_err(|_| CallError::call(format!("failed to decode base64 data {}", redact(s, marked, ctx.profile()))))?;
    if bytes.is_empty() {
        return Err(CallError::call("failed to gunzip bytestream: EOF"));
    }
    if bytes.len() < 10 {
        return Err(CallError::call("failed to gunzip bytestream: unexpected EOF"));
    }
    if bytes[0] != 0x1f || bytes[1] != 0x8b || bytes[2] != 8 {
        return Err(CallError::call("failed to gunzip bytestream: gzip: invalid header"));
    }
    let mut reader = flate2::read::MultiGzDecoder::new(&bytes[..]);
    let mut out = Vec::new();
    let mut chunk = [0u8; 64 << 10];
    loop {
        let n = reader.read(&mut chunk).map_err(|e| CallError::call(format!("failed to read gunzip raw data: {}", gunzip_error(&e))))?;
        if n == 0 {
            break;
        }
        out.extend_from_slice(&chunk[..n]);
        ctx.charge(n as u64 / 256)?;
        if out.len() > MAX_GUNZIP {
            ctx.check_size(usize::MAX)?;
        }
    }
    ctx.check_size(out.len() / 64)?;
    Ok(Value::string(lossy_string(out), ctx.profile()).with_marks(marked))
}

/// Go's wording for the usual ways a gzip stream goes wrong.
fn gunzip_error(e: &std::io::Error) -> String {
    let text = e.to_string();
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        "unexpected EOF".into()
    } else if text.contains("checksum") || text.contains("crc") {
        "gzip: invalid checksum".into()
    } else if text.contains("header") {
        "gzip: invalid header".into()
    } else {
        "flate: corrupt input".into()
    }
}
