//! URL query escaping, as Go's `url.QueryEscape` and `QueryUnescape`.

use super::{go_quote_bytes, lossy_string};
use super::{str_arg, CallError, CallResult, Ctx};
use crate::value::Value;

/// Go's `url.QueryEscape`.
pub(super) fn query_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for &b in s.as_bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => out.push(b as char),
            b' ' => out.push('+'),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// Go's `url.QueryUnescape`, with OpenTofu's message (the decoded text in
/// the message is always empty, as Go returns nothing on error).
pub(super) fn urldecode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    let b = str_arg(a, 0).as_bytes();
    let hex = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => match (b.get(i + 1).copied().and_then(hex), b.get(i + 2).copied().and_then(hex)) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 3;
                }
                _ => {
                    let bad = &b[i..(i + 3).min(b.len())];
                    return Err(CallError::call(format!("failed to decode URL '': invalid URL escape {}", go_quote_bytes(bad, profile))));
                }
            },
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(Value::string(lossy_string(out), profile))
}
