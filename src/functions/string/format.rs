//! `format` and `formatlist`: go-cty's printf-like formatter, verb by verb.
//!
//! The scanner follows the state machine of cty 1.12 (flags, width,
//! `.precision`, `[n]`, a letter); `%e`, `%f` and `%g` print as Go's `big.Float`
//! does, the integer verbs as `big.Int` does, and `%v` of a collection or
//! structure is `jsonencode`'s output.

use super::super::numeric::BigNat;
use super::super::{CallError, Ctx};
use crate::profile::Profile;
use crate::text::unicode::{graphemes, token_count};
use crate::value::convert::convert;
use crate::value::go_quote;
use crate::value::{Type, Value};

/// One `%...` sequence.
#[derive(Default)]
struct Verb<'f> {
    raw: &'f str,
    offset: usize,
    /// 1-based argument number.
    arg: usize,
    mode: char,
    zero: bool,
    sharp: bool,
    plus: bool,
    minus: bool,
    space: bool,
    width: Option<usize>,
    prec: Option<usize>,
}

/// Formats `args` by `fmt` as cty's `Format` does.
pub(in crate::functions) fn format(fmt: &str, args: &[Value], ctx: &mut Ctx) -> Result<String, CallError> {
    let b = fmt.as_bytes();
    let mut out = String::new();
    let (mut p, mut next_arg, mut highest) = (0, 1, 0);
    while p < b.len() {
        if b[p] != b'%' {
            let n = fmt[p..].find('%').unwrap_or(b.len() - p);
            out.push_str(&fmt[p..p + n]);
            p += n;
            continue;
        }
        let start = p;
        p += 1;
        if b.get(p) == Some(&b'%') {
            out.push('%');
            p += 1;
            continue;
        }
        let mut v = Verb { offset: start, arg: next_arg, ..Verb::default() };
        while let Some(&c) = b.get(p) {
            match c {
                b'0' => v.zero = true,
                b'#' => v.sharp = true,
                b'-' => v.minus = true,
                b'+' => v.plus = true,
                b' ' => v.space = true,
                _ => break,
            }
            p += 1;
        }
        if matches!(b.get(p), Some(b'1'..=b'9')) {
            let (n, next) = digits(b, p);
            v.width = Some(n);
            p = next;
        }
        if b.get(p) == Some(&b'.') {
            let (n, next) = digits(b, p + 1);
            v.prec = Some(n);
            p = next;
        }
        if b.get(p) == Some(&b'[') {
            p += 1;
            if !matches!(b.get(p), Some(b'1'..=b'9')) {
                return Err(scan_error(fmt, p, ctx.profile()));
            }
            let (n, next) = digits(b, p);
            v.arg = n;
            p = next;
            if b.get(p) != Some(&b']') {
                return Err(scan_error(fmt, p, ctx.profile()));
            }
            p += 1;
        }
        match b.get(p) {
            Some(c) if c.is_ascii_alphabetic() => v.mode = *c as char,
            _ => return Err(scan_error(fmt, p, ctx.profile())),
        }
        p += 1;
        v.raw = &fmt[start..p];
        highest = highest.max(v.arg);
        append(&v, &mut out, args, ctx)?;
        next_arg = v.arg + 1;
    }
    if highest < args.len() {
        let msg = if highest == 0 {
            "too many arguments; no verbs in format string".to_string()
        } else {
            format!("too many arguments; only {highest} used by format string")
        };
        return Err(CallError::arg(highest + 1, msg));
    }
    Ok(out)
}

/// The decimal number at `p` and the position after it (saturating).
fn digits(b: &[u8], mut p: usize) -> (usize, usize) {
    let mut n: usize = 0;
    while let Some(d @ b'0'..=b'9') = b.get(p) {
        n = n.saturating_mul(10).saturating_add((d - b'0') as usize);
        p += 1;
    }
    (n, p)
}

fn scan_error(fmt: &str, p: usize, profile: Profile) -> CallError {
    match fmt[p..].chars().next() {
        None => CallError::call(format!("invalid format string starting at offset {p}")),
        Some(c) => CallError::call(format!("unrecognized format character {} at offset {p}", quote_rune(c, profile))),
    }
}

/// Go's `%q` of a rune: `'x'`.
fn quote_rune(c: char, profile: Profile) -> String {
    let q = go_quote(&c.to_string(), profile);
    let inner = &q[1..q.len() - 1];
    match c {
        '"' => "'\"'".to_string(),
        '\'' => "'\\''".to_string(),
        _ => format!("'{inner}'"),
    }
}

fn unsupported(v: &Verb, why: &str, profile: Profile) -> CallError {
    CallError::call(format!("unsupported value for {} at {}: {why}", go_quote(v.raw, profile), v.offset))
}

fn append(v: &Verb, out: &mut String, args: &[Value], ctx: &mut Ctx) -> Result<(), CallError> {
    let Some(arg) = args.get(v.arg - 1) else {
        return Err(CallError::call(format!(
            "not enough arguments for {} at {}: need index {} but have {} total",
            go_quote(v.raw, ctx.profile()),
            v.offset,
            v.arg,
            args.len()
        )));
    };
    if v.mode != 'v' && arg.is_null() {
        return Err(unsupported(v, "null value cannot be formatted", ctx.profile()));
    }
    if let Some(n) = v.width.into_iter().chain(v.prec).max() {
        ctx.check_size(n / 16)?;
    }
    match v.mode {
        'v' => {
            let text = match arg {
                Value::String(s) if !v.sharp => s.clone(),
                Value::Number(n) if !v.sharp => n.to_go_text('g', -1),
                _ => json(arg, ctx).map_err(|e| unsupported(v, &e.message, ctx.profile()))?,
            };
            out.push_str(&pad(v, text, ctx.profile()));
        }
        't' => match convert(arg, &Type::Bool, ctx.profile()).map_err(|m| unsupported(v, &m, ctx.profile()))? {
            Value::Bool(b) => out.push_str(if b { "true" } else { "false" }),
            _ => return Err(unsupported(v, "bool required", ctx.profile())),
        },
        'b' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E' | 'f' | 'g' | 'G' => {
            let Value::Number(n) = convert(arg, &Type::Number, ctx.profile()).map_err(|m| unsupported(v, &m, ctx.profile()))? else {
                return Err(unsupported(v, "number required", ctx.profile()));
            };
            if matches!(v.mode, 'e' | 'E' | 'f' | 'g' | 'G') {
                out.push_str(&format_float(v, &n));
            } else {
                if !n.is_integer() {
                    return Err(unsupported(v, "an integer is required", ctx.profile()));
                }
                let decimal = n.to_go_text('f', 0);
                ctx.charge(decimal.len() as u64 * decimal.len() as u64 / 4096)?;
                out.push_str(&format_int(v, decimal.trim_start_matches('-'), n.is_sign_negative() && !n.is_zero()));
            }
        }
        's' | 'q' => {
            let Value::String(mut s) = convert(arg, &Type::String, ctx.profile()).map_err(|m| unsupported(v, &m, ctx.profile()))? else {
                return Err(unsupported(v, "string required", ctx.profile()));
            };
            if let Some(p) = v.prec.filter(|p| *p > 0) {
                let end: usize = graphemes(&s, ctx.profile().unicode()).take(p).map(str::len).sum();
                s.truncate(end);
            }
            if v.mode == 'q' {
                s = json(&Value::String(s), ctx).map_err(|e| unsupported(v, &e.message, ctx.profile()))?;
            }
            out.push_str(&pad(v, s, ctx.profile()));
        }
        m => {
            return Err(CallError::call(format!(
                "unsupported format verb {} in {} at offset {}",
                quote_rune(m, ctx.profile()),
                go_quote(v.raw, ctx.profile()),
                v.offset
            )))
        }
    }
    Ok(())
}

/// `jsonencode`'s text for a value.
fn json(v: &Value, ctx: &mut Ctx) -> Result<String, CallError> {
    let f = super::super::lookup("jsonencode", ctx.profile()).ok_or_else(|| CallError::call("jsonencode is not available"))?;
    match (f.imp)(std::slice::from_ref(v), ctx)? {
        Value::String(s) => Ok(s),
        _ => Err(CallError::call("cannot serialize this value as JSON")),
    }
}

/// cty's padding of `%v`, `%s` and `%q`: to the width in grapheme
/// clusters (counted by `textseg.TokenCount`), with zeros or spaces, on the
/// left unless `-`.
fn pad(v: &Verb, s: String, profile: Profile) -> String {
    let Some(width) = v.width else { return s };
    let len = token_count(&s, profile.unicode());
    if len >= width {
        return s;
    }
    let fill = if v.zero { "0" } else { " " }.repeat(width - len);
    if v.minus {
        s + &fill
    } else {
        fill + &s
    }
}

/// Go's `big.Float.Format` for `%e %E %f %g %G`.
fn format_float(v: &Verb, n: &crate::value::Number) -> String {
    let prec = match (v.prec, v.mode) {
        (Some(p), _) => p as i64,
        (None, 'g' | 'G') => -1,
        (None, _) => 6,
    };
    let text = n.to_go_text(v.mode, prec);
    let (sign, body) = match text.as_bytes()[0] {
        b'-' => ("-", &text[1..]),
        b'+' => (if v.space { " " } else { "+" }, &text[1..]),
        _ if v.plus => ("+", &text[..]),
        _ if v.space => (" ", &text[..]),
        _ => ("", &text[..]),
    };
    let padding = v.width.map_or(0, |w| w.saturating_sub(sign.len() + body.len()));
    if v.zero && !v.minus && !n.is_infinite() {
        format!("{sign}{}{body}", "0".repeat(padding))
    } else if v.minus {
        format!("{sign}{body}{}", " ".repeat(padding))
    } else {
        format!("{}{sign}{body}", " ".repeat(padding))
    }
}

/// Go's `big.Int.Format` for `%b %d %o %x %X` of the integer with these
/// decimal digits.
fn format_int(v: &Verb, decimal: &str, negative: bool) -> String {
    let mut digits = match v.mode {
        'd' => decimal.to_string(),
        m => BigNat::from_decimal(decimal).to_radix(match m {
            'b' => 2,
            'o' => 8,
            _ => 16,
        }),
    };
    if v.mode == 'X' {
        digits.make_ascii_uppercase();
    }
    let sign = if negative {
        "-"
    } else if v.plus {
        "+"
    } else if v.space {
        " "
    } else {
        ""
    };
    let prefix = match (v.sharp, v.mode) {
        (true, 'b') => "0b",
        (true, 'o') => "0",
        (true, 'x') => "0x",
        (true, 'X') => "0X",
        _ => "",
    };
    let mut zeros = 0;
    if let Some(p) = v.prec {
        if digits.len() < p {
            zeros = p - digits.len();
        } else if digits == "0" && p == 0 {
            return String::new();
        }
    }
    let (mut left, mut right) = (0, 0);
    let len = sign.len() + prefix.len() + zeros + digits.len();
    if let Some(w) = v.width.filter(|w| *w > len) {
        let d = w - len;
        if v.minus {
            right = d;
        } else if v.zero && v.prec.is_none() {
            zeros = d;
        } else {
            left = d;
        }
    }
    format!("{}{sign}{prefix}{}{digits}{}", " ".repeat(left), "0".repeat(zeros), " ".repeat(right))
}

/// cty's `FormatList`: `format` per element of the sequence arguments,
/// with the other arguments repeated.
pub(in crate::functions) fn formatlist(a: &[Value], ctx: &mut Ctx) -> Result<Value, CallError> {
    let fmt = a[0].as_str().unwrap_or("");
    let args = &a[1..];
    if args.is_empty() {
        return Ok(Value::List(Type::String, (vec![Value::string(format(fmt, &[], ctx)?, ctx.profile())]).into()));
    }
    let mut len: Option<(usize, usize)> = None;
    let mut unknown = false;
    let mut columns: Vec<Option<&[Value]>> = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        let ty = arg.ty();
        let sequence = matches!(ty, Type::List(_) | Type::Set(_) | Type::Tuple(_)) && !arg.is_null();
        if !sequence {
            unknown |= matches!(arg, Value::Unknown(Type::Dynamic, _));
            columns.push(None);
            continue;
        }
        let this_len = match (&ty, arg.as_sequence()) {
            (Type::Tuple(ts), _) => ts.len(),
            (Type::Set(_), Some(es)) if es.len() == 1 || arg.is_wholly_known() => es.len(),
            (Type::List(_), Some(es)) => es.len(),
            _ => {
                unknown = true;
                columns.push(None);
                continue;
            }
        };
        match len {
            None => len = Some((this_len, i)),
            Some((n, j)) if n != this_len => {
                return Err(CallError::arg(
                    i + 1,
                    format!("argument {} has length {this_len}, which is inconsistent with argument {} of length {n}", i + 1, j + 1),
                ))
            }
            _ => {}
        }
        match arg.as_sequence() {
            Some(es) => columns.push(Some(es)),
            None => {
                unknown = true;
                columns.push(None);
            }
        }
    }
    if unknown {
        return Ok(Value::unknown(ctx.ret.clone()));
    }
    let rows = len.map_or(1, |(n, _)| n);
    ctx.check_size(rows)?;
    let mut out = Vec::with_capacity(rows);
    // cty advances each sequence's iterator only as it reaches that argument,
    // and abandons a row at its first argument that is not wholly known:
    // the sequences after it fall one element behind for the later rows.
    let mut next = vec![0; args.len()];
    'rows: for row in 0..rows {
        let mut row_args = Vec::with_capacity(args.len());
        for ((arg, column), next) in args.iter().zip(&columns).zip(&mut next) {
            let v = match column {
                Some(es) => {
                    *next += 1;
                    es[*next - 1].clone()
                }
                None => arg.clone(),
            };
            if !v.is_wholly_known() {
                let unknown = Value::unknown(Type::String);
                out.push(match ctx.profile().is_legacy() {
                    true => unknown,
                    false => unknown.refine_not_null(),
                });
                continue 'rows;
            }
            row_args.push(v);
        }
        let s = format(fmt, &row_args, ctx).map_err(|e| match e.message.is_empty() {
            true => e,
            false => CallError::call(format!("error on format iteration {row}: {}", e.message)),
        })?;
        out.push(Value::string(s, ctx.profile()));
    }
    Ok(Value::List(Type::String, out.into()))
}
