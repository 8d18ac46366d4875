//! JSON: `jsondecode` with a reader that reports Go's `encoding/json`
//! messages and keeps every digit, and `jsonencode`.

use super::MAX_NESTING;
use super::{str_arg, CallError, CallResult, Ctx};
use crate::profile::Profile;
use crate::value::go_quote;
use crate::value::{Number, Type, Value};
use std::collections::BTreeMap;

/// A parsed JSON value; numbers keep their literal text and objects their
/// members in order, duplicates included.
enum Node {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Node>),
    Object(Vec<(String, Node)>),
}

/// Where Go's `json.Decoder.Token` is in the token stream; its errors name
/// the state.
#[derive(Clone, Copy, PartialEq)]
enum JsonState {
    Top,
    ArrayStart,
    ArrayValue,
    ArrayComma,
    ObjectStart,
    ObjectKey,
    ObjectColon,
    ObjectValue,
    ObjectComma,
}

/// Go's `quoteChar`: a byte shown as a quoted rune (bytes above 0x7F as
/// the Latin-1 character of that number, as Go converts a byte).
fn quote_char(c: u8, profile: Profile) -> String {
    match c {
        b'\'' => "'\\''".into(),
        b'"' => "'\"'".into(),
        _ => {
            let q = go_quote(&char::from(c).to_string(), profile);
            format!("'{}'", &q[1..q.len() - 1])
        }
    }
}

/// Reads JSON as go-cty's `ImpliedType` does, through Go's token decoder,
/// with Go's error messages.
struct JsonReader<'a> {
    b: &'a [u8],
    pos: usize,
    depth: usize,
    profile: Profile,
}

impl JsonReader<'_> {
    fn peek(&mut self) -> Option<u8> {
        while let Some(&c) = self.b.get(self.pos) {
            if !matches!(c, b' ' | b'\t' | b'\r' | b'\n') {
                return Some(c);
            }
            self.pos += 1;
        }
        None
    }

    fn token_error(c: u8, state: JsonState, profile: Profile) -> String {
        let context = match state {
            JsonState::Top | JsonState::ArrayStart | JsonState::ArrayValue | JsonState::ObjectValue => " looking for beginning of value",
            JsonState::ArrayComma => " after array element",
            JsonState::ObjectKey => " looking for beginning of object key string",
            JsonState::ObjectColon => " after object key",
            JsonState::ObjectComma => " after object key:value pair",
            JsonState::ObjectStart => "",
        };
        format!("invalid character {}{context}", quote_char(c, profile))
    }

    /// A value where one is allowed (`state` is a value state).
    fn value(&mut self, state: JsonState) -> Result<Node, String> {
        let c = self.peek().ok_or("EOF")?;
        match c {
            b'[' | b'{' => {
                self.pos += 1;
                self.depth += 1;
                if self.depth > MAX_NESTING {
                    return Err(format!("JSON value nested more than {MAX_NESTING} levels deep"));
                }
                let v = if c == b'[' { self.array() } else { self.object() };
                self.depth -= 1;
                v
            }
            b']' | b'}' | b':' | b',' => Err(Self::token_error(c, state, self.profile)),
            _ => self.scalar(),
        }
    }

    fn array(&mut self) -> Result<Node, String> {
        let mut state = JsonState::ArrayStart;
        let mut items = Vec::new();
        loop {
            let c = self.peek().ok_or("EOF")?;
            match (c, state) {
                (b']', JsonState::ArrayStart | JsonState::ArrayComma) => {
                    self.pos += 1;
                    return Ok(Node::Array(items));
                }
                (b',', JsonState::ArrayComma) => {
                    self.pos += 1;
                    state = JsonState::ArrayValue;
                }
                (_, JsonState::ArrayComma) => return Err(Self::token_error(c, state, self.profile)),
                _ => {
                    items.push(self.value(state)?);
                    state = JsonState::ArrayComma;
                }
            }
        }
    }

    fn object(&mut self) -> Result<Node, String> {
        let mut state = JsonState::ObjectStart;
        let mut members = Vec::new();
        let mut key = String::new();
        loop {
            let c = self.peek().ok_or("EOF")?;
            match (c, state) {
                (b'}', JsonState::ObjectStart | JsonState::ObjectComma) => {
                    self.pos += 1;
                    return Ok(Node::Object(members));
                }
                (b',', JsonState::ObjectComma) => {
                    self.pos += 1;
                    state = JsonState::ObjectKey;
                }
                (b':', JsonState::ObjectColon) => {
                    self.pos += 1;
                    state = JsonState::ObjectValue;
                }
                (b'"', JsonState::ObjectStart | JsonState::ObjectKey) => {
                    key = self.string()?;
                    state = JsonState::ObjectColon;
                }
                (_, JsonState::ObjectValue) => {
                    let v = self.value(state)?;
                    members.push((std::mem::take(&mut key), v));
                    state = JsonState::ObjectComma;
                }
                _ => return Err(Self::token_error(c, state, self.profile)),
            }
        }
    }

    /// A string, number or literal, scanned as Go's `Decoder.Decode` does.
    fn scalar(&mut self) -> Result<Node, String> {
        let b = self.b;
        let c = b[self.pos];
        let unexpected_eof = || "unexpected EOF".to_string();
        match c {
            b'"' => self.string().map(Node::String),
            b'-' | b'0'..=b'9' => {
                let start = self.pos;
                let mut i = self.pos;
                let digits = |i: &mut usize| {
                    while *i < b.len() && b[*i].is_ascii_digit() {
                        *i += 1;
                    }
                };
                if b[i] == b'-' {
                    i += 1;
                    match b.get(i) {
                        None => return Err(unexpected_eof()),
                        Some(d) if d.is_ascii_digit() => {}
                        Some(&x) => return Err(format!("invalid character {} in numeric literal", quote_char(x, self.profile))),
                    }
                }
                if b[i] == b'0' {
                    i += 1;
                } else {
                    digits(&mut i);
                }
                if b.get(i) == Some(&b'.') {
                    i += 1;
                    match b.get(i) {
                        None => return Err(unexpected_eof()),
                        Some(d) if d.is_ascii_digit() => digits(&mut i),
                        Some(&x) => {
                            return Err(format!("invalid character {} after decimal point in numeric literal", quote_char(x, self.profile)))
                        }
                    }
                }
                if matches!(b.get(i), Some(b'e' | b'E')) {
                    i += 1;
                    if matches!(b.get(i), Some(b'+' | b'-')) {
                        i += 1;
                    }
                    match b.get(i) {
                        None => return Err(unexpected_eof()),
                        Some(d) if d.is_ascii_digit() => digits(&mut i),
                        Some(&x) => {
                            return Err(format!("invalid character {} in exponent of numeric literal", quote_char(x, self.profile)))
                        }
                    }
                }
                self.pos = i;
                Ok(Node::Number(String::from_utf8_lossy(&b[start..i]).into_owned()))
            }
            b't' | b'f' | b'n' => {
                let (word, v) = match c {
                    b't' => ("true", Node::Bool(true)),
                    b'f' => ("false", Node::Bool(false)),
                    _ => ("null", Node::Null),
                };
                for (k, want) in word.bytes().enumerate().skip(1) {
                    match b.get(self.pos + k) {
                        None => return Err(unexpected_eof()),
                        Some(&x) if x != want => {
                            return Err(format!(
                                "invalid character {} in literal {word} (expecting {})",
                                quote_char(x, self.profile),
                                quote_char(want, self.profile)
                            ))
                        }
                        Some(_) => {}
                    }
                }
                self.pos += word.len();
                Ok(v)
            }
            _ => Err(format!("invalid character {} looking for beginning of value", quote_char(c, self.profile))),
        }
    }

    /// A string literal (the reader is at its opening quote), unquoted as
    /// Go does: lone surrogates become U+FFFD.
    fn string(&mut self) -> Result<String, String> {
        let b = self.b;
        let mut i = self.pos + 1;
        let mut out = String::new();
        let hex4 = |at: usize| -> Option<u32> {
            let s = b.get(at..at + 4)?;
            u32::from_str_radix(std::str::from_utf8(s).ok()?, 16).ok().filter(|_| s.iter().all(u8::is_ascii_hexdigit))
        };
        loop {
            let start = i;
            while i < b.len() && b[i] != b'"' && b[i] != b'\\' && b[i] >= 0x20 {
                i += 1;
            }
            out.push_str(&String::from_utf8_lossy(&b[start..i]));
            match b.get(i) {
                None => return Err("unexpected EOF".into()),
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    let e = *b.get(i + 1).ok_or("unexpected EOF")?;
                    i += 2;
                    match e {
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'\\' | b'/' | b'"' => out.push(e as char),
                        b'u' => {
                            for k in 0..4 {
                                match b.get(i + k) {
                                    None => return Err("unexpected EOF".into()),
                                    Some(x) if x.is_ascii_hexdigit() => {}
                                    Some(&x) => {
                                        return Err(format!(
                                            "invalid character {} in \\u hexadecimal character escape",
                                            quote_char(x, self.profile)
                                        ))
                                    }
                                }
                            }
                            let r = hex4(i).unwrap_or(0xFFFD);
                            i += 4;
                            if (0xD800..0xE000).contains(&r) {
                                let low = if b.get(i..i + 2) == Some(b"\\u") { hex4(i + 2) } else { None };
                                match low {
                                    Some(lo) if r < 0xDC00 && (0xDC00..0xE000).contains(&lo) => {
                                        out.push(char::from_u32(0x10000 + ((r - 0xD800) << 10) + (lo - 0xDC00)).unwrap_or('\u{FFFD}'));
                                        i += 6;
                                    }
                                    _ => out.push('\u{FFFD}'),
                                }
                            } else {
                                out.push(char::from_u32(r).unwrap_or('\u{FFFD}'));
                            }
                        }
                        x => return Err(format!("invalid character {} in string escape code", quote_char(x, self.profile))),
                    }
                }
                Some(&x) => return Err(format!("invalid character {} in string literal", quote_char(x, self.profile))),
            }
        }
    }
}

/// The type go-cty's `ImpliedType` gives (the last of duplicate members wins).
fn json_type(j: &Node, profile: Profile) -> Type {
    match j {
        Node::Null => Type::Dynamic,
        Node::Bool(_) => Type::Bool,
        Node::Number(_) => Type::Number,
        Node::String(_) => Type::String,
        Node::Array(items) => Type::tuple(items.iter().map(|i| json_type(i, profile)).collect()),
        Node::Object(members) => {
            let mut m = BTreeMap::new();
            for (k, v) in members {
                m.insert(crate::value::nfc(k.clone(), profile), json_type(v, profile));
            }
            Type::object(m)
        }
    }
}

/// go-cty 1.16.2's `ImpliedType`, for its one new error: members of the
/// same name with different types.
fn implied_type(j: &Node, profile: Profile) -> Result<Type, String> {
    Ok(match j {
        Node::Array(items) => Type::tuple(items.iter().map(|i| implied_type(i, profile)).collect::<Result<_, _>>()?),
        Node::Object(members) => {
            let mut m: BTreeMap<&str, Type> = BTreeMap::new();
            for (k, v) in members {
                let t = implied_type(v, profile)?;
                if m.get(k.as_str()).is_some_and(|existing| *existing != t) {
                    return Err(format!("duplicate {} property in JSON object", go_quote(k, profile)));
                }
                m.insert(k, t);
            }
            Type::object(crate::value::map::btree_map(m.into_iter().map(|(k, t)| (crate::value::nfc(k.to_string(), profile), t))))
        }
        other => json_type(other, profile),
    })
}

/// go-cty 1.13's result type of `jsondecode` for an unknown text: what its
/// known prefix implies, or an error when no JSON document starts so.
pub(super) fn jsondecode_type(a: &[Value], profile: crate::profile::Profile) -> Result<Type, CallError> {
    if a[0].is_known() || profile.is_legacy() {
        return Ok(Type::Dynamic);
    }
    let prefix = crate::value::refine::Range::of(&a[0]).refinement.prefix;
    let Some(c) = prefix.trim_start().chars().next() else {
        return Ok(Type::Dynamic);
    };
    match c {
        '{' | '[' | 'n' => Ok(Type::Dynamic),
        '"' => Ok(Type::String),
        't' | 'f' => Ok(Type::Bool),
        '-' | '0'..='9' | '.' => Ok(Type::Number),
        c => {
            let q = go_quote(&c.to_string(), profile);
            let inner = q[1..q.len() - 1].replace("\\\"", "\"");
            let inner = if c == '\'' { "\\'".to_string() } else { inner };
            Err(CallError::arg(0, format!("a JSON document cannot begin with the character '{inner}'")))
        }
    }
}

fn json_number(text: &str) -> Result<Value, String> {
    Number::parse(text).map(Value::Number).ok_or_else(|| "a number is required".to_string())
}

/// go-cty's `json.Unmarshal` of a value into its implied type.
fn json_value(j: &Node, profile: Profile) -> Result<Value, String> {
    Ok(match j {
        Node::Null => Value::null(),
        Node::Bool(b) => Value::Bool(*b),
        Node::Number(t) => json_number(t)?,
        Node::String(s) => Value::string(s.clone(), profile),
        Node::Array(items) => Value::Tuple(items.iter().map(|i| json_value(i, profile)).collect::<Result<_, _>>()?),
        Node::Object(_) => json_as(j, &json_type(j, profile), profile)?,
    })
}

/// go-cty 1.12's `json.Unmarshal` of a value into a given type, which the
/// earlier of duplicate object members go through (the type is the last
/// one's).
fn json_as(j: &Node, ty: &Type, profile: Profile) -> Result<Value, String> {
    if let Node::Null = j {
        return Ok(Value::Null(ty.clone()));
    }
    match ty {
        Type::Dynamic => json_dynamic(j, profile),
        Type::Bool => match j {
            Node::Bool(b) => Ok(Value::Bool(*b)),
            Node::String(s) => crate::value::convert::convert(&Value::string(s.clone(), profile), ty, profile),
            _ => Err("bool is required".into()),
        },
        Type::Number => match j {
            Node::Number(t) | Node::String(t) => json_number(t),
            _ => Err("number is required".into()),
        },
        Type::String => match j {
            Node::String(s) | Node::Number(s) => Ok(Value::string(s.clone(), profile)),
            Node::Bool(b) => Ok(Value::string(if *b { "true" } else { "false" }, profile)),
            _ => Err("string is required".into()),
        },
        Type::Tuple(etys) => {
            let Node::Array(items) = j else { return Err("missing expected [".into()) };
            let mut vals = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let ety = etys.get(i).ok_or_else(|| format!("too many tuple elements (need {})", etys.len()))?;
                vals.push(json_as(item, ety, profile)?);
            }
            if vals.len() != etys.len() {
                return Err(format!("not enough tuple elements (need {})", etys.len()));
            }
            Ok(Value::Tuple(vals.into()))
        }
        Type::Object(atys) => {
            let Node::Object(members) = j else { return Err("missing expected {".into()) };
            let mut vals = BTreeMap::new();
            for (k, v) in members {
                let k = crate::value::nfc(k.clone(), profile);
                let aty = atys.get(&k).ok_or_else(|| format!("unsupported attribute {}", go_quote(&k, profile)))?;
                vals.insert(k, json_as(v, aty, profile)?);
            }
            for (k, aty) in atys.iter() {
                vals.entry(k.clone()).or_insert_with(|| Value::Null(aty.clone()));
            }
            Ok(Value::Object(vals.into()))
        }
        _ => Err(format!("unsupported type {}", ty.friendly_name())),
    }
}

/// go-cty's reading of a value of unknown type: an object holding its type
/// and value (this only matters for the errors, as a later duplicate null
/// replaces the result).
fn json_dynamic(j: &Node, profile: Profile) -> Result<Value, String> {
    let Node::Object(members) = j else { return Err("missing expected {".into()) };
    let (mut ty, mut value) = (None, None);
    for (k, v) in members {
        match k.as_str() {
            "type" => {
                ty = Some(match v {
                    Node::String(s) => match s.as_str() {
                        "string" => Type::String,
                        "number" => Type::Number,
                        "bool" => Type::Bool,
                        "dynamic" => Type::Dynamic,
                        other => {
                            return Err(format!(
                                "failed to decode type for dynamic value: invalid primitive type name {}",
                                go_quote(other, profile)
                            ))
                        }
                    },
                    _ => Type::Dynamic,
                })
            }
            "value" => value = Some(v),
            other => return Err(format!("invalid key {} in dynamically-typed value", go_quote(other, profile))),
        }
    }
    let ty = ty.ok_or("missing type in dynamically-typed value")?;
    let value = value.ok_or("missing value in dynamically-typed value")?;
    if ty == Type::Dynamic {
        return json_value(value, profile);
    }
    json_as(value, &ty, profile)
}

/// go-cty's `JSONDecodeFunc`.
pub(super) fn jsondecode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let src = str_arg(a, 0);
    ctx.charge(src.len() as u64 / 16)?;
    let mut r = JsonReader { b: src.as_bytes(), pos: 0, depth: 0, profile: ctx.profile() };
    let j = r.value(JsonState::Top).map_err(CallError::call)?;
    if r.peek().is_some_and(|c| c != b']' && c != b'}') {
        return Err(CallError::call("extraneous data after JSON object"));
    }
    if !ctx.profile().is_legacy() {
        implied_type(&j, ctx.profile()).map_err(CallError::call)?;
    }
    let v = json_value(&j, ctx.profile()).map_err(CallError::call)?;
    ctx.check_size(v.weight())?;
    Ok(v)
}

pub(super) fn jsonencode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if !a[0].is_wholly_known() {
        return Ok(encoded_prefix(&a[0], ctx.profile()));
    }
    if has_infinity(&a[0]) {
        return Err(CallError::call("cannot serialize infinity as JSON"));
    }
    let mut out = String::new();
    crate::present::write_json(&a[0], &mut out, crate::present::JsonFlavor::Terraform);
    ctx.check_size(out.len() / 64)?;
    Ok(Value::string(out, ctx.profile()))
}

/// The unknown text of a value not wholly known: go-cty 1.13 and later
/// know its first character when the value cannot be null (a string's
/// quote, an object's or map's brace, a sequence's bracket).
fn encoded_prefix(v: &Value, profile: crate::profile::Profile) -> Value {
    let unknown = Value::unknown(Type::String);
    if profile.is_legacy() || !crate::value::refine::definitely_not_null(v) {
        return unknown;
    }
    let prefix = match v.ty() {
        Type::String => "\"",
        Type::Object(_) | Type::Map(_) => "{",
        Type::Tuple(_) | Type::List(_) | Type::Set(_) => "[",
        _ => "",
    };
    unknown.refine().prefix_full(prefix, profile).value()
}

fn has_infinity(v: &Value) -> bool {
    match v.unmarked() {
        Value::Number(n) => n.is_infinite(),
        other => {
            other.as_sequence().is_some_and(|s| s.iter().any(has_infinity))
                || other.as_mapping().is_some_and(|m| m.values().any(has_infinity))
        }
    }
}
