//! IP network functions, computed as Terraform computes them: addresses are
//! parsed by Terraform's copy of Go 1.16's `net` parser (so IPv4 octets with
//! leading zeros are decimal), arithmetic follows go-cidr (including its
//! quirks with out-of-range numbers), and results are printed by Go's
//! `net.IP` and `net.IPNet` `String` methods.
//!
//! Addresses are modelled as Go's `net.IP`: 4 or 16 bytes (IPv4 may be held
//! in either form), or empty for Go's nil.

use super::{num_arg, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::profile::Profile;
use crate::value::{Number, Type, Value};

const PREFIX: Param = Param::new("prefix", "string");

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "cidrcontains",
        category: "IP network",
        params: &[Param::new("containing_prefix", "string"), Param::new("contained_ip_or_prefix", "string")],
        variadic: None,
        ret: Ret::Fixed("bool"),
        description: "Checks whether an IP address or a whole CIDR prefix lies within a CIDR prefix (OpenTofu only).",
        example: "cidrcontains(\"192.168.2.0/20\", \"192.168.2.0/22\")",
        imp: cidrcontains,
    },
    FunctionDef {
        name: "cidrhost",
        category: "IP network",
        params: &[PREFIX, Param::new("hostnum", "number")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Calculates a full host IP address for a given host number within a given IP network address prefix.",
        example: "cidrhost(\"10.12.112.0/20\", 16)",
        imp: cidrhost,
    },
    FunctionDef {
        name: "cidrnetmask",
        category: "IP network",
        params: &[PREFIX],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Converts an IPv4 address prefix given in CIDR notation into a subnet mask address.",
        example: "cidrnetmask(\"172.16.0.0/12\")",
        imp: cidrnetmask,
    },
    FunctionDef {
        name: "cidrsubnet",
        category: "IP network",
        params: &[PREFIX, Param::new("newbits", "number"), Param::new("netnum", "number")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Calculates a subnet address within a given IP network address prefix.",
        example: "cidrsubnet(\"172.16.0.0/12\", 4, 2)",
        imp: cidrsubnet,
    },
    FunctionDef {
        name: "cidrsubnets",
        category: "IP network",
        params: &[PREFIX],
        variadic: Some(Param::new("newbits", "number")),
        ret: Ret::Fixed("list(string)"),
        description: "Calculates a sequence of consecutive IP address ranges within a particular CIDR prefix.",
        example: "cidrsubnets(\"10.1.0.0/16\", 4, 4, 8, 4)",
        imp: cidrsubnets,
    },
];

// ------------------------------------------------------------ the functions

fn cidrcontains(a: &[Value], _: &mut Ctx) -> CallResult {
    let (prefix, addr) = (str_arg(a, 0), str_arg(a, 1));
    let containing = parse_cidr(prefix).map_err(CallError::call)?;
    let (start, end) = match parse_ip(addr.as_bytes()) {
        Some(ip) => (ip, None),
        None => {
            let contained = parse_cidr(addr).map_err(|_| CallError::call(format!("invalid IP address or prefix: {addr}")))?;
            let (first, last) = address_range(&contained).map_err(CallError::call)?;
            (first, Some(last))
        }
    };
    if to4(&start).is_none() != to4(&containing.ip).is_none() {
        return Err(CallError::call(format!("address family mismatch: {prefix} vs. {addr}")));
    }
    let inside = contains(&containing, &start) && end.as_ref().map_or(true, |e| contains(&containing, e));
    Ok(Value::Bool(inside))
}

fn cidrhost(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let num = big_int(a, 1).map_err(CallError::call)?;
    let net = parse_cidr(str_arg(a, 0)).map_err(|e| CallError::call(format!("invalid CIDR expression: {e}")))?;
    let ip = host_big(&net, &num, ctx)?;
    Ok(Value::string(ip_string(&ip), ctx.profile()))
}

fn cidrnetmask(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    let prefix = str_arg(a, 0);
    let net = parse_cidr(prefix).map_err(|e| CallError::call(format!("invalid CIDR expression: {e}")))?;
    if to4(&net.ip).is_none() {
        return Err(CallError::call(format!("IPv6 addresses cannot have a netmask: {prefix}")));
    }
    Ok(Value::string(ip_string(&net.mask), profile))
}

fn cidrsubnet(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    let newbits = go_int(a, 1, profile).map_err(CallError::call)?;
    let netnum = big_int(a, 2).map_err(CallError::call)?;
    let net = parse_cidr(str_arg(a, 0)).map_err(|e| CallError::call(format!("invalid CIDR expression: {e}")))?;
    let sub = subnet_big(&net, newbits, &netnum).map_err(CallError::call)?;
    Ok(Value::string(net_string(&sub), profile))
}

fn cidrsubnets(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let net = parse_cidr(str_arg(a, 0)).map_err(|e| CallError::arg(0, format!("invalid CIDR expression: {e}")))?;
    let (start, _) = mask_size(&net.mask);
    if a.len() < 2 {
        return Ok(Value::List(Type::String, Vec::new().into()));
    }
    ctx.check_size(a.len() - 1)?;
    let first = go_int(a, 1, ctx.profile()).map_err(|m| CallError::arg(1, m))?.wrapping_add(start);
    let mut current = previous_subnet(&net, first);
    let mut out = Vec::with_capacity(a.len() - 1);
    let bits = net.ip.len() as i64 * 8;
    for i in 1..a.len() {
        ctx.charge(1)?;
        let mut length = go_int(a, i, ctx.profile()).map_err(|m| CallError::arg(i, m))?;
        if length < 1 {
            return Err(CallError::arg(i, "must extend prefix by at least one bit"));
        }
        if length > 32 {
            return Err(CallError::arg(i, "may not extend prefix by more than 32 bits"));
        }
        length += start;
        if length > bits {
            let protocol = match bits {
                32 => "IPv4",
                128 => "IPv6",
                _ => "IP",
            };
            return Err(CallError::arg(i, format!("would extend prefix to {length} bits, which is too long for an {protocol} address")));
        }
        let (next, rollover) = next_subnet(&current, length).map_err(CallError::call)?;
        if rollover || !contains(&net, &next.ip) {
            return Err(CallError::arg(
                i,
                format!("not enough remaining address space for a subnet with a prefix of {length} bits after {}", net_string(&current)),
            ));
        }
        current = next;
        out.push(Value::string(net_string(&current), ctx.profile()));
    }
    Ok(Value::List(Type::String, out.into()))
}

// ------------------------------------------------------- number arguments

/// A number read into a Go `int`, as `gocty.FromCtyValue` does.
fn go_int(a: &[Value], i: usize, profile: Profile) -> Result<i64, String> {
    let n = num_arg(a, i).filter(|n| n.is_integer());
    n.and_then(|n| n.to_i64().or_else(|| n.equals(&Number::from_i64(i64::MIN), profile).then_some(i64::MIN)))
        .ok_or_else(|| "value must be a whole number, between -9223372036854775808 and 9223372036854775807".to_string())
}

/// An integer as a Go `big.Int` holds it.
struct BigInt {
    neg: bool,
    /// The magnitude, or `None` from 2^256 up.
    mag: Option<U256>,
    /// The low 64 bits of the magnitude (`big.Int.Uint64`).
    low64: u64,
    /// The value as `%d` prints it (empty for huge values, whose low 64
    /// bits are zero, so no message shows them as they are).
    text: String,
    /// The value itself, for arithmetic in messages.
    num: Number,
}

/// A number read into a Go `*big.Int`, as `gocty.FromCtyValue` does.
fn big_int(a: &[Value], i: usize) -> Result<BigInt, String> {
    let n = num_arg(a, i).filter(|n| n.is_integer()).ok_or_else(|| "value must be a whole number".to_string())?;
    let neg = n.is_sign_negative() && !n.is_zero();
    // From 1e180 (past 2^598) a 512-bit value is a multiple of 2^64: its
    // low bits are zero, and its digits are costly to print.
    if n.abs().compare(&Number::parse("1e180").unwrap_or_else(Number::infinity)) != std::cmp::Ordering::Less {
        return Ok(BigInt { neg, mag: None, low64: 0, text: String::new(), num: n.clone() });
    }
    let text = n.to_decimal_string();
    let digits = text.trim_start_matches('-');
    let low64 = if digits.len() > 154 { 0 } else { digits.bytes().fold(0u64, |v, d| v.wrapping_mul(10).wrapping_add(u64::from(d - b'0'))) };
    let text = if neg { text.clone() } else { digits.to_string() };
    Ok(BigInt { neg, mag: U256::from_decimal(digits), low64, text, num: n.clone() })
}

/// Decimal text of a (possibly huge) integer, charging for the quadratic
/// work of printing a very long one.
fn decimal(n: &Number, ctx: &mut Ctx) -> Result<String, CallError> {
    if n.abs().compare(&Number::parse("1e10000").unwrap_or_else(Number::infinity)) != std::cmp::Ordering::Less {
        ctx.charge(u64::MAX)?;
    }
    Ok(n.to_decimal_string())
}

/// `a - b` for decimal digit strings with `a > b`.
fn decimal_sub(a: &str, b: &str) -> String {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut out = Vec::with_capacity(a.len());
    let mut borrow = 0;
    for i in 0..a.len() {
        let x = i32::from(a[a.len() - 1 - i] - b'0');
        let y = if i < b.len() { i32::from(b[b.len() - 1 - i] - b'0') } else { 0 };
        let mut d = x - y - borrow;
        borrow = i32::from(d < 0);
        if d < 0 {
            d += 10;
        }
        out.push(b'0' + d as u8);
    }
    while out.len() > 1 && out.last() == Some(&b'0') {
        out.pop();
    }
    out.iter().rev().map(|&c| c as char).collect()
}

/// An unsigned 256-bit integer: little-endian 64-bit limbs.
#[derive(Clone, Copy, PartialEq)]
struct U256([u64; 4]);

impl U256 {
    fn from_decimal(digits: &str) -> Option<U256> {
        let mut v = [0u64; 4];
        for d in digits.bytes() {
            let mut carry = u128::from(d - b'0');
            for limb in v.iter_mut() {
                let x = u128::from(*limb) * 10 + carry;
                *limb = x as u64;
                carry = x >> 64;
            }
            if carry != 0 {
                return None;
            }
        }
        Some(U256(v))
    }

    fn from_u128(v: u128) -> U256 {
        U256([v as u64, (v >> 64) as u64, 0, 0])
    }

    fn bit_len(&self) -> u32 {
        (0..4).rev().find(|&i| self.0[i] != 0).map_or(0, |i| 64 * i as u32 + 64 - self.0[i].leading_zeros())
    }

    fn is_pow2(&self) -> bool {
        self.0.iter().map(|l| l.count_ones()).sum::<u32>() == 1
    }

    fn to_u128(self) -> Option<u128> {
        (self.0[2] == 0 && self.0[3] == 0).then(|| u128::from(self.0[0]) | (u128::from(self.0[1]) << 64))
    }

    /// How `self << shift` compares with `2^bits`.
    fn shifted_cmp_pow2(&self, shift: u64, bits: u32) -> std::cmp::Ordering {
        use std::cmp::Ordering::*;
        let len = u64::from(self.bit_len());
        if len == 0 {
            return Less;
        }
        let top = len - 1 + shift; // the highest bit set after shifting
        match top.cmp(&u64::from(bits)) {
            Less => Less,
            Greater => Greater,
            Equal if self.is_pow2() => Equal,
            Equal => Greater,
        }
    }
}

// ------------------------------------------------------------ go-cidr

const PANIC_INDEX: &str = "panic in function implementation: runtime error: index out of range [-1]";
const PANIC_MAKESLICE: &str = "panic in function implementation: runtime error: makeslice: len out of range";

/// Go's `net.IPNet`.
struct IpNet {
    ip: Vec<u8>,
    mask: Vec<u8>,
}

/// `cidr.HostBig`.
fn host_big(net: &IpNet, num: &BigInt, ctx: &mut Ctx) -> Result<Vec<u8>, CallError> {
    let (parent_len, addr_len) = mask_size(&net.mask);
    let host_len = (addr_len - parent_len) as u32;
    let max = if host_len >= 128 { u128::MAX } else { (1u128 << host_len) - 1 };
    let too_big = |shown: &str| CallError::call(format!("prefix of {parent_len} does not accommodate a host numbered {shown}"));
    let value = if num.neg {
        // go-cidr counts back from the end: the host is max - (|num| - 1),
        // and it reports that (negative) number when |num| - 1 > max.
        let fits = num.mag.filter(|m| m.shifted_cmp_pow2(0, host_len) != std::cmp::Ordering::Greater);
        let Some(mag) = fits else {
            // It shows num + 2^host_len, which is negative: -(|num| - 2^host_len).
            let end = if host_len >= 128 { "340282366920938463463374607431768211456".to_string() } else { (max + 1).to_string() };
            let abs = decimal(&num.num.abs(), ctx)?;
            return Err(too_big(&format!("-{}", decimal_sub(&abs, &end))));
        };
        // mag <= 2^host_len, so mag - 1 fits.
        let m1 = mag.to_u128().map_or(u128::MAX, |m| m - 1);
        U256::from_u128(max - m1)
    } else {
        let low = num.low64 as i64;
        if low >= 0 && low as u128 > max {
            return Err(too_big(&num.text));
        }
        match num.mag {
            Some(m) => m,
            None => return Err(CallError::call(PANIC_INDEX)),
        }
    };
    let bitlength = if to4(&net.ip).is_some() { 32 } else { 128 };
    insert_num(&net.ip, false, Some(value), bitlength).map_err(CallError::call)
}

/// `cidr.SubnetBig`.
fn subnet_big(net: &IpNet, new_bits: i64, num: &BigInt) -> Result<IpNet, String> {
    let (parent_len, addr_len) = mask_size(&net.mask);
    let new_len = parent_len.wrapping_add(new_bits);
    if new_len > addr_len {
        return Err(format!("insufficient address space to extend prefix of {parent_len} by {new_bits}"));
    }
    let max_net_num = if (new_bits as u64) < 64 { 1u64 << new_bits } else { 0 }.wrapping_sub(1);
    if num.low64 > max_net_num {
        return Err(format!("prefix extension of {new_bits} does not accommodate a subnet numbered {}", num.text));
    }
    let ip = insert_num(&net.ip, num.neg, num.mag, new_len)?;
    Ok(IpNet { ip, mask: cidr_mask(new_len, addr_len) })
}

/// go-cidr's `insertNumIntoIP`: ORs `num << (bits - prefix_len)` into the
/// address as `big.Int`s do (a negative number ORs in two's complement and
/// the magnitude is kept); a result longer than the address makes go-cidr
/// index out of range.
fn insert_num(ip: &[u8], neg: bool, mag: Option<U256>, prefix_len: i64) -> Result<Vec<u8>, String> {
    use std::cmp::Ordering::*;
    let (x, bits) = ip_to_int(ip)?;
    let shift = (i64::from(bits)).wrapping_sub(prefix_len) as u64;
    let Some(mag) = mag else {
        return Err(PANIC_INDEX.into());
    };
    if mag.bit_len() == 0 {
        return int_to_ip(x, bits);
    }
    if shift > 256 {
        // Go allocates the shifted number first: past its allocation limit
        // (2^45 words) that fails; anything less overflows the address.
        let words = u64::from(mag.bit_len()).div_ceil(64) + shift / 64 + 1;
        return Err(if words > 1 << 45 { PANIC_MAKESLICE } else { PANIC_INDEX }.into());
    }
    let cmp = mag.shifted_cmp_pow2(shift, bits);
    let width_mask = if bits >= 128 { u128::MAX } else { (1u128 << bits) - 1 };
    if !neg {
        if cmp != Less {
            return Err(PANIC_INDEX.into());
        }
        let y = mag.to_u128().unwrap_or(0) << shift;
        return int_to_ip(x | y, bits);
    }
    // x | -y has magnitude ((y - 1) &^ x) + 1.
    if cmp == Greater || (cmp == Equal && x == 0) {
        return Err(PANIC_INDEX.into());
    }
    let y_minus_1 = if cmp == Equal { width_mask } else { (mag.to_u128().unwrap_or(0) << shift) - 1 };
    int_to_ip(((y_minus_1 & !x) & width_mask) + 1, bits)
}

/// go-cidr's `ipToInt`.
fn ip_to_int(ip: &[u8]) -> Result<(u128, u32), String> {
    match ip.len() {
        4 | 16 => Ok((ip.iter().fold(0u128, |v, &b| (v << 8) | u128::from(b)), ip.len() as u32 * 8)),
        n => Err(format!("panic in function implementation: Unsupported address length {n}")),
    }
}

/// go-cidr's `intToIP`, for a value that fits.
fn int_to_ip(v: u128, bits: u32) -> Result<Vec<u8>, String> {
    let n = bits as usize / 8;
    if n < 16 && v >> bits != 0 {
        return Err(PANIC_INDEX.into());
    }
    Ok(v.to_be_bytes()[16 - n..].to_vec())
}

/// `cidr.AddressRange`.
fn address_range(net: &IpNet) -> Result<(Vec<u8>, Vec<u8>), String> {
    let first = net.ip.clone();
    let (prefix_len, bits) = mask_size(&net.mask);
    if prefix_len == bits {
        return Ok((first.clone(), first));
    }
    let (x, bits) = ip_to_int(&first)?;
    let host_len = (bits as i64 - prefix_len) as u32;
    let ones = if host_len >= 128 { u128::MAX } else { (1u128 << host_len) - 1 };
    Ok((first, int_to_ip(ones | x, bits)?))
}

/// `cidr.PreviousSubnet` (its rollover flag is not used).
fn previous_subnet(net: &IpNet, prefix_len: i64) -> IpNet {
    let start = check_ipv4(&net.ip);
    let mask = cidr_mask(prefix_len, 8 * start.len() as i64);
    let prev = step(&start, false);
    IpNet { ip: ip_mask(&prev, &mask), mask }
}

/// `cidr.NextSubnet`: the next subnet and whether the address space rolled
/// over.
fn next_subnet(net: &IpNet, prefix_len: i64) -> Result<(IpNet, bool), String> {
    let (_, current_last) = address_range(net)?;
    let mask = cidr_mask(prefix_len, 8 * current_last.len() as i64);
    let current = IpNet { ip: ip_mask(&current_last, &mask), mask: mask.clone() };
    let (_, last) = address_range(&current)?;
    let last = step(&last, true);
    let rollover = ip_equal(&last, &V4_ZERO) || ip_equal(&last, &[0; 16]);
    Ok((IpNet { ip: ip_mask(&last, &mask), mask }, rollover))
}

/// `cidr.Inc` / `cidr.Dec`: the address plus or minus one, wrapping.
fn step(ip: &[u8], up: bool) -> Vec<u8> {
    let mut out = check_ipv4(ip);
    for b in out.iter_mut().rev() {
        if up {
            *b = b.wrapping_add(1);
            if *b > 0 {
                break;
            }
        } else {
            *b = b.wrapping_sub(1);
            if *b < 255 {
                break;
            }
        }
    }
    out
}

/// go-cidr's `checkIPv4`: the 4-byte form of an IPv4 address.
fn check_ipv4(ip: &[u8]) -> Vec<u8> {
    to4(ip).unwrap_or(ip).to_vec()
}

// ------------------------------------------------------------ Go's net

const V4_IN_V6: [u8; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];
const V4_ZERO: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 0, 0];

/// Go's `dtoi`: leading decimal digits, how many, and whether there were
/// any (values from 0xFFFFFF up fail).
fn dtoi(s: &[u8]) -> (i64, usize, bool) {
    let mut n = 0i64;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        n = n * 10 + i64::from(s[i] - b'0');
        if n >= 0xFF_FFFF {
            return (0xFF_FFFF, i, false);
        }
        i += 1;
    }
    (n, i, i > 0)
}

/// Go's `xtoi`: leading hexadecimal digits.
fn xtoi(s: &[u8]) -> (i64, usize, bool) {
    let mut n = 0i64;
    let mut i = 0;
    while i < s.len() {
        let Some(d) = (s[i] as char).to_digit(16) else { break };
        n = n * 16 + i64::from(d);
        if n >= 0xFF_FFFF {
            return (0, i, false);
        }
        i += 1;
    }
    (n, i, i > 0)
}

/// Go 1.16's `parseIPv4`, as Terraform keeps it: leading zeros are allowed
/// and read as decimal. The result is the 16-byte IPv4-in-IPv6 form.
fn parse_ipv4(mut s: &[u8]) -> Option<Vec<u8>> {
    let mut out = V4_ZERO.to_vec();
    for i in 0..4 {
        if s.is_empty() {
            return None;
        }
        if i > 0 {
            if s[0] != b'.' {
                return None;
            }
            s = &s[1..];
        }
        let (n, c, ok) = dtoi(s);
        if !ok || n > 0xFF {
            return None;
        }
        s = &s[c..];
        out[12 + i] = n as u8;
    }
    s.is_empty().then_some(out)
}

/// Go 1.16's `parseIPv6` (RFC 4291 and RFC 5952 forms, no zone).
fn parse_ipv6(mut s: &[u8]) -> Option<Vec<u8>> {
    let mut ip = vec![0u8; 16];
    let mut ellipsis: Option<usize> = None;
    if s.len() >= 2 && s[0] == b':' && s[1] == b':' {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Some(ip);
        }
    }
    let mut i = 0;
    while i < 16 {
        let (n, c, ok) = xtoi(s);
        if !ok || n > 0xFFFF {
            return None;
        }
        if c < s.len() && s[c] == b'.' {
            if ellipsis.is_none() && i != 12 {
                return None;
            }
            if i + 4 > 16 {
                return None;
            }
            let ip4 = parse_ipv4(s)?;
            ip[i..i + 4].copy_from_slice(&ip4[12..]);
            s = &[];
            i += 4;
            break;
        }
        ip[i] = (n >> 8) as u8;
        ip[i + 1] = n as u8;
        i += 2;
        s = &s[c..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' || s.len() == 1 {
            return None;
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return None;
    }
    if i < 16 {
        let e = ellipsis?;
        let n = 16 - i;
        for j in (e..i).rev() {
            ip[j + n] = ip[j];
        }
        for b in &mut ip[e..e + n] {
            *b = 0;
        }
    } else if ellipsis.is_some() {
        return None;
    }
    Some(ip)
}

/// Go's `ParseIP`: the first `.` or `:` decides the family.
fn parse_ip(s: &[u8]) -> Option<Vec<u8>> {
    match s.iter().find(|&&c| c == b'.' || c == b':') {
        Some(b'.') => parse_ipv4(s),
        Some(_) => parse_ipv6(s),
        None => None,
    }
}

/// The family of `s` as a provider's Go reads an address (`net.ParseIP`,
/// where Go since 1.17 refuses IPv4 parts with leading zeros): 4 (IPv4,
/// also IPv4-mapped), 6, or `None` when it is no address.
pub(crate) fn provider_ip_family(s: &str) -> Option<u8> {
    let ip = parse_ip(s.as_bytes())?;
    if leading_zero(s.split('/').next().unwrap_or(s)) {
        return None;
    }
    Some(if ip[..12] == V4_ZERO[..12] { 4 } else { 6 })
}

/// Whether a provider's Go reads `s` as a CIDR block (`net.ParseCIDR`).
pub(crate) fn provider_cidr_ok(s: &str) -> bool {
    parse_cidr(s).is_ok() && !leading_zero(s.split('/').next().unwrap_or(s))
}

/// An IPv4 part written with a leading zero (`10.01.0.0`).
fn leading_zero(addr: &str) -> bool {
    let v4 = addr.rsplit(':').next().unwrap_or(addr);
    v4.contains('.') && v4.split('.').any(|p| p.len() > 1 && p.starts_with('0'))
}

/// Go 1.16's `ParseCIDR`: the network, with the host bits cleared.
fn parse_cidr(s: &str) -> Result<IpNet, String> {
    let bad = || format!("invalid CIDR address: {s}");
    let b = s.as_bytes();
    let slash = b.iter().position(|&c| c == b'/').ok_or_else(bad)?;
    let (addr, mask) = (&b[..slash], &b[slash + 1..]);
    let (ip, iplen) = match parse_ipv4(addr) {
        Some(ip) => (Some(ip), 4),
        None => (parse_ipv6(addr), 16),
    };
    let (n, i, ok) = dtoi(mask);
    let ip = ip.filter(|_| ok && i == mask.len() && n <= 8 * iplen).ok_or_else(bad)?;
    let m = cidr_mask(n, 8 * iplen);
    Ok(IpNet { ip: ip_mask(&ip, &m), mask: m })
}

/// Go's `CIDRMask` (empty for Go's nil).
fn cidr_mask(ones: i64, bits: i64) -> Vec<u8> {
    if (bits != 32 && bits != 128) || ones < 0 || ones > bits {
        return Vec::new();
    }
    (0..bits / 8).map(|i| (0xFF00u16 >> (ones - 8 * i).clamp(0, 8)) as u8).collect()
}

/// Go's `IP.Mask`.
fn ip_mask(ip: &[u8], mask: &[u8]) -> Vec<u8> {
    let mut mask = mask;
    let mut ip = ip;
    if mask.len() == 16 && ip.len() == 4 && mask[..12].iter().all(|&b| b == 0xff) {
        mask = &mask[12..];
    }
    if mask.len() == 4 && ip.len() == 16 && ip[..12] == V4_IN_V6 {
        ip = &ip[12..];
    }
    if ip.len() != mask.len() {
        return Vec::new();
    }
    ip.iter().zip(mask).map(|(a, m)| a & m).collect()
}

/// Go's `IP.To4`.
fn to4(ip: &[u8]) -> Option<&[u8]> {
    match ip.len() {
        4 => Some(ip),
        16 if ip[..12] == V4_IN_V6 => Some(&ip[12..]),
        _ => None,
    }
}

/// Go's `IP.Equal`.
fn ip_equal(a: &[u8], b: &[u8]) -> bool {
    match (a.len(), b.len()) {
        (x, y) if x == y => a == b,
        (4, 16) => b[..12] == V4_IN_V6 && a == &b[12..],
        (16, 4) => a[..12] == V4_IN_V6 && &a[12..] == b,
        _ => false,
    }
}

/// Go's `simpleMaskLength`: the prefix length of a canonical mask.
fn simple_mask_length(mask: &[u8]) -> Option<i64> {
    let ones: u32 = mask.iter().map(|b| b.count_ones()).sum();
    let canonical = mask.iter().enumerate().all(|(i, &b)| {
        let want = ones.saturating_sub(8 * i as u32).min(8);
        b == (0xFF00u16 >> want) as u8
    });
    canonical.then_some(i64::from(ones))
}

/// Go's `IPMask.Size`.
fn mask_size(mask: &[u8]) -> (i64, i64) {
    match simple_mask_length(mask) {
        Some(n) => (n, mask.len() as i64 * 8),
        None => (0, 0),
    }
}

/// Go's `networkNumberAndMask`.
fn network_number_and_mask(n: &IpNet) -> Option<(Vec<u8>, Vec<u8>)> {
    let ip = match to4(&n.ip) {
        Some(v4) => v4.to_vec(),
        None if n.ip.len() == 16 => n.ip.clone(),
        None => return None,
    };
    let mask = match n.mask.len() {
        4 if ip.len() != 4 => return None,
        4 => n.mask.clone(),
        16 if ip.len() == 4 => n.mask[12..].to_vec(),
        16 => n.mask.clone(),
        _ => return None,
    };
    Some((ip, mask))
}

/// Go's `IPNet.Contains`.
fn contains(n: &IpNet, ip: &[u8]) -> bool {
    let Some((nn, m)) = network_number_and_mask(n) else {
        return false;
    };
    let ip = to4(ip).unwrap_or(ip);
    ip.len() == nn.len() && (0..ip.len()).all(|i| nn[i] & m[i] == ip[i] & m[i])
}

/// Go's `IP.String`: dotted decimal for IPv4 (in either form), RFC 5952
/// for IPv6.
fn ip_string(ip: &[u8]) -> String {
    if ip.is_empty() {
        return "<nil>".into();
    }
    if let Some(v4) = to4(ip) {
        return format!("{}.{}.{}.{}", v4[0], v4[1], v4[2], v4[3]);
    }
    if ip.len() != 16 {
        return format!("?{}", ip.iter().map(|b| format!("{b:02x}")).collect::<String>());
    }
    let groups: Vec<u16> = ip.chunks(2).map(|c| u16::from(c[0]) << 8 | u16::from(c[1])).collect();
    // The first longest run of two or more zero groups becomes "::".
    let (mut best, mut best_len) = (8, 0);
    let mut i = 0;
    while i < 8 {
        let j = (i..8).find(|&j| groups[j] != 0).unwrap_or(8);
        if j - i >= 2 && j - i > best_len {
            (best, best_len) = (i, j - i);
        }
        i = j.max(i + 1);
    }
    let mut out = String::new();
    let mut i = 0;
    while i < 8 {
        if i == best {
            out.push_str("::");
            i += best_len;
            continue;
        }
        if i > 0 && !out.ends_with(':') {
            out.push(':');
        }
        out.push_str(&format!("{:x}", groups[i]));
        i += 1;
    }
    out
}

/// Go's `IPNet.String`.
fn net_string(n: &IpNet) -> String {
    let Some((nn, m)) = network_number_and_mask(n) else {
        return "<nil>".into();
    };
    match simple_mask_length(&m) {
        Some(l) => format!("{}/{l}", ip_string(&nn)),
        None => format!("{}/{}", ip_string(&nn), m.iter().map(|b| format!("{b:02x}")).collect::<String>()),
    }
}
