//! `base64gzip` and `base64gunzip`: gzip through flate2.

use super::base64::{go_base64_decode, redact};
use super::lossy_string;
use super::{str_arg, CallError, CallResult, Ctx};
use crate::value::Value;
use ::base64::Engine as _;

pub(super) fn base64gzip(a: &[Value], ctx: &mut Ctx) -> CallResult {
    use std::io::Write;
    let s = str_arg(a, 0);
    ctx.charge(s.len() as u64 / 64)?;
    // Go's gzip.Writer: the header with no time and OS 255, the data
    // flushed (Terraform flushes before closing, which ends with an empty
    // stored block), then on Close a final empty stored block, the CRC-32
    // and the length.
    if ctx.profile().is_legacy() {
        // The legacy profile keeps flate2's own ending.
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        let bytes = gz
            .write_all(s.as_bytes())
            .and_then(|()| gz.flush())
            .and_then(|()| gz.finish())
            .map_err(|e| CallError::call(format!("failed to write gzip raw data: {e}")))?;
        return Ok(Value::string(base64::engine::general_purpose::STANDARD.encode(bytes), ctx.profile()));
    }
    let mut deflate = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
    deflate
        .write_all(s.as_bytes())
        .and_then(|()| deflate.flush())
        .map_err(|e| CallError::call(format!("failed to write gzip raw data: {e}")))?;
    let mut crc = flate2::Crc::new();
    crc.update(s.as_bytes());
    let mut bytes = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    bytes.extend_from_slice(deflate.get_ref());
    bytes.extend_from_slice(&[0x01, 0x00, 0x00, 0xff, 0xff]);
    bytes.extend_from_slice(&crc.sum().to_le_bytes());
    bytes.extend_from_slice(&(s.len() as u32).to_le_bytes());
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
