//! Hash and crypto functions: digests of a string's UTF-8 bytes, name-based
//! UUIDs, and the two non-deterministic ones (`bcrypt`, `uuid`).
#![cfg_attr(not(feature = "heavy-functions"), allow(dead_code, unused_imports))]

use super::{str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::profile::Profile;
use crate::value::Value;
use base64::Engine;
use sha2::Digest;

const STR: Param = Param::new("str", "string");

pub(super) static FUNCTIONS: &[FunctionDef] = &[
    FunctionDef {
        name: "rsadecrypt",
        category: "hash/crypto",
        params: &[Param::new("ciphertext", "string"), Param::new("privatekey", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Decrypts an RSA-encrypted (PKCS #1 v1.5), base64-encoded ciphertext with a PEM private key (PKCS #1 or PKCS #8).",
        example: "rsadecrypt(\"iEN0+xHXd+hHk05aF+QB732ShEam9tq75d55bmEBicWWk/xxRdNlwYp/IIZJI/QTvQM31uhEUoFJgUe3aNh/8fR/t/d62Qme84y8+SYYMet/7LB8qY5a1nkTVKdrLQbcDIfoPf3wLHz5xVmENOT6vpg/Bl0hMun8W16TSpM6Zog=\", \"-----BEGIN RSA PRIVATE KEY-----\\nMIICXAIBAAKBgQDCJFHl3MFvJGmXBN0Ahy6pmRbxSLzQKIwZULq3EKV9t5e/ShnI\\n147Fs/3+rWchjbiCWToohII1HcG38izoQsJWnvclwT7/xtaA4VqgEP26Y34zH7Up\\nBKty0YwyJbLEz5r9GTsSHd2LgjrPcHB7dP7mdLQWuJoMk94rUb+KrfizKQIDAQAB\\nAoGASeFgeUUlJ5KHzDzBja3kCA6GOJQhpmWHyyp5o6jmEY2IZfdhEJlXb80rX3vF\\nv3MbQB+Mjla+5k/IpKO4izq8kWgSx9cxJczP7/Gpuql3wkEXkdPcY3WD3ShITSDa\\noUBXL8eX2BUrPN0K2EjH16K+/IbvSM8CU6fo+aDNCQ9o5MECQQDv5vGZjeUA+rMM\\nsiGstCaW3dy0MEIiTHJSTxbZTYsfMQ54PhurtIgaowULLLLEoC3w08cQcvqHsJ+n\\nLCI3zOrtAkEAzytNodSxMPZm9m6jjtcb5k9sGtD9h27yP4q73dPGPjm6ajhLrE5b\\nD9AReMQrcwBqsII/qVopOQHiciJQUIqVrQJALV2FqFztxi6iNy9kMM1sUrEnsCdE\\nCkpcf/YWwwbn3QEg1FoiT2j3J9pV9NQCBi6oIVda2GB1wb0Do9AztEuazQJBAKk7\\nlo88UALPRgzJFJL65a+d8ZF2Z6Ta3MlLa2wqMydhwQZENozq9ThVn/AnT9cB4CWQ\\nQLD3FfWbtH/HyBQDIYECQBbgKAcUU7xYguKISNw1CodjgPZheSUCm7t/V3Qj5Hag\\n/huxFSj8xIVVl+YlYjv33qPEAHuGnUYi8MMK4Iz8uOU=\\n-----END RSA PRIVATE KEY-----\\n\")",
        imp: heavy!(rsadecrypt),
    },
    FunctionDef {
        name: "base64sha256",
        category: "hash/crypto",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Computes the SHA256 hash of a given string and encodes the raw digest with Base64.",
        example: "base64sha256(\"hello world\")",
        imp: heavy!(|a, ctx| Ok(Value::string(b64(&sha2::Sha256::digest(str_arg(a, 0))), ctx.profile()))),
    },
    FunctionDef {
        name: "base64sha512",
        category: "hash/crypto",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Computes the SHA512 hash of a given string and encodes the raw digest with Base64.",
        example: "base64sha512(\"hello world\")",
        imp: heavy!(|a, ctx| Ok(Value::string(b64(&sha2::Sha512::digest(str_arg(a, 0))), ctx.profile()))),
    },
    FunctionDef {
        name: "bcrypt",
        category: "hash/crypto",
        params: &[STR],
        variadic: Some(Param::new("cost", "number")),
        ret: Ret::Fixed("string"),
        description: "Computes a bcrypt hash ($2a$, cost 10 unless given) of a string with a random salt; non-deterministic.",
        example: "bcrypt(\"hello world\")",
        imp: heavy!(bcrypt),
    },
    FunctionDef {
        name: "md5",
        category: "hash/crypto",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Computes the MD5 hash of a given string and encodes it with lowercase hexadecimal digits.",
        example: "md5(\"hello world\")",
        imp: heavy!(|a, ctx| Ok(Value::string(hex(&md5::Md5::digest(str_arg(a, 0))), ctx.profile()))),
    },
    FunctionDef {
        name: "sha1",
        category: "hash/crypto",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Computes the SHA1 hash of a given string and encodes it with lowercase hexadecimal digits.",
        example: "sha1(\"hello world\")",
        imp: heavy!(|a, ctx| Ok(Value::string(hex(&sha1::Sha1::digest(str_arg(a, 0))), ctx.profile()))),
    },
    FunctionDef {
        name: "sha256",
        category: "hash/crypto",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Computes the SHA256 hash of a given string and encodes it with lowercase hexadecimal digits.",
        example: "sha256(\"hello world\")",
        imp: heavy!(|a, ctx| Ok(Value::string(hex(&sha2::Sha256::digest(str_arg(a, 0))), ctx.profile()))),
    },
    FunctionDef {
        name: "sha512",
        category: "hash/crypto",
        params: &[STR],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Computes the SHA512 hash of a given string and encodes it with lowercase hexadecimal digits.",
        example: "sha512(\"hello world\")",
        imp: heavy!(|a, ctx| Ok(Value::string(hex(&sha2::Sha512::digest(str_arg(a, 0))), ctx.profile()))),
    },
    FunctionDef {
        name: "uuid",
        category: "hash/crypto",
        params: &[],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Generates a random UUID string from 16 random bytes (no version bits, as Terraform's); non-deterministic.",
        example: "uuid()",
        imp: heavy!(|_, ctx| Ok(Value::string(format_uuid(&random_bytes()), ctx.profile()))),
    },
    FunctionDef {
        name: "uuidv5",
        category: "hash/crypto",
        params: &[Param::new("namespace", "string"), Param::new("name", "string")],
        variadic: None,
        ret: Ret::Fixed("string"),
        description: "Generates a name-based (version 5, SHA-1) UUID in namespace \"dns\", \"url\", \"oid\", \"x500\" or a given UUID.",
        example: "uuidv5(\"dns\", \"www.terraform.io\")",
        imp: heavy!(uuidv5),
    },
];

/// The digest the hash function `name` (`md5`, `sha256`, `base64sha512`,
/// ...) gives of `bytes`: what the file hash functions give of a file.
pub(crate) fn digest(name: &str, bytes: &[u8]) -> Option<String> {
    Some(match name {
        "md5" => hex(&md5::Md5::digest(bytes)),
        "sha1" => hex(&sha1::Sha1::digest(bytes)),
        "sha256" => hex(&sha2::Sha256::digest(bytes)),
        "sha512" => hex(&sha2::Sha512::digest(bytes)),
        "base64sha256" => b64(&sha2::Sha256::digest(bytes)),
        "base64sha512" => b64(&sha2::Sha512::digest(bytes)),
        _ => return None,
    })
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// Bytes as lower-case hexadecimal.
pub(crate) fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 15)] as char);
    }
    out
}

/// Go's `bcrypt.GenerateFromPassword` as Terraform calls it: passwords over
/// 72 bytes are refused, a cost under 4 means the default 10, and the
/// result has the `$2a$` prefix.
fn bcrypt(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let mut cost: i64 = 10;
    if a.len() > 1 {
        cost = super::num_arg(a, 1)
            .filter(|n| n.is_integer())
            .and_then(|n| n.to_i64())
            .ok_or_else(|| CallError::call("value must be a whole number, between -9223372036854775808 and 9223372036854775807"))?;
    }
    if a.len() > 2 {
        return Err(CallError::call("bcrypt() takes no more than two arguments"));
    }
    let password = str_arg(a, 0);
    if password.len() > 72 {
        return Err(CallError::call("error occured generating password bcrypt: password length exceeds 72 bytes"));
    }
    if cost < 4 {
        cost = 10;
    }
    if cost > 31 {
        return Err(CallError::call(format!(
            "error occured generating password crypto/bcrypt: cost {cost} is outside allowed inclusive range 4..31"
        )));
    }
    // Each step of cost doubles the work; cost 10 takes tens of milliseconds.
    ctx.charge(64u64 << cost)?;
    let hash =
        ::bcrypt::hash_with_result(password, cost as u32).map_err(|e| CallError::call(format!("error occured generating password {e}")))?;
    Ok(Value::string(hash.format_for_version(::bcrypt::Version::TwoA), ctx.profile()))
}

/// 16 random bytes (hashicorp/go-uuid sets no version or variant bits),
/// taken from the random parts of two version 4 UUIDs.
fn random_bytes() -> [u8; 16] {
    let mut bytes = *uuid::Uuid::new_v4().as_bytes();
    let extra = uuid::Uuid::new_v4();
    // Bytes 6 and 8 carry the version and variant bits; refill them.
    bytes[6] = extra.as_bytes()[0];
    bytes[8] = extra.as_bytes()[1];
    bytes
}

fn format_uuid(b: &[u8; 16]) -> String {
    format!("{}-{}-{}-{}-{}", hex(&b[0..4]), hex(&b[4..6]), hex(&b[6..8]), hex(&b[8..10]), hex(&b[10..16]))
}

fn uuidv5(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    let ns = str_arg(a, 0);
    let namespace = match ns {
        "dns" => uuid::Uuid::NAMESPACE_DNS,
        "url" => uuid::Uuid::NAMESPACE_URL,
        "oid" => uuid::Uuid::NAMESPACE_OID,
        "x500" => uuid::Uuid::NAMESPACE_X500,
        _ => uuid::Uuid::from_bytes(
            parse_uuid(ns, profile).map_err(|e| CallError::call(format!("uuidv5() doesn't support namespace {ns} ({e})")))?,
        ),
    };
    Ok(Value::string(uuid::Uuid::new_v5(&namespace, str_arg(a, 1).as_bytes()).hyphenated().to_string(), profile))
}

/// google/uuid's `Parse`: the plain, `urn:uuid:`, braced (the braces are
/// not checked) and bare 32-digit forms, counted in bytes.
fn parse_uuid(s: &str, profile: Profile) -> Result<[u8; 16], String> {
    let b = s.as_bytes();
    let mut out = [0u8; 16];
    let body: &[u8] = match b.len() {
        36 => b,
        45 => {
            if !b[..9].eq_ignore_ascii_case(b"urn:uuid:") {
                return Err(format!("invalid urn prefix: {}", super::encoding::go_quote_bytes(&b[..9], profile)));
            }
            &b[9..]
        }
        38 => &b[1..],
        32 => {
            for (i, o) in out.iter_mut().enumerate() {
                *o = hex_pair(b[2 * i], b[2 * i + 1]).ok_or("invalid UUID format")?;
            }
            return Ok(out);
        }
        n => return Err(format!("invalid UUID length: {n}")),
    };
    if body[8] != b'-' || body[13] != b'-' || body[18] != b'-' || body[23] != b'-' {
        return Err("invalid UUID format".into());
    }
    const AT: [usize; 16] = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
    for (o, &x) in out.iter_mut().zip(AT.iter()) {
        *o = hex_pair(body[x], body[x + 1]).ok_or("invalid UUID format")?;
    }
    Ok(out)
}

fn hex_pair(h: u8, l: u8) -> Option<u8> {
    let d = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    Some(d(h)? << 4 | d(l)?)
}

fn rsadecrypt(a: &[Value], ctx: &mut Ctx) -> CallResult {
    use rsa::pkcs1::DecodeRsaPrivateKey;
    use rsa::pkcs8::DecodePrivateKey;
    let (text, pem) = (str_arg(a, 0), str_arg(a, 1));
    let cipher = base64::engine::general_purpose::STANDARD.decode(text).map_err(|_| {
        CallError::arg(
            0,
            format!("failed to decode input {}: cipher text must be base64-encoded", crate::value::go_quote(text, ctx.profile())),
        )
    })?;
    // Terraform reads the key with ssh.ParseRawPrivateKey: no PEM block at
    // all, or one of a type it does not know, is refused before any parsing.
    let kind = pem.split_once("-----BEGIN ").and_then(|(_, rest)| rest.split_once("-----")).map(|(kind, rest)| (kind, rest));
    match kind {
        _ if ctx.profile().is_legacy() => {}
        Some((kind, rest)) if rest.contains(&format!("-----END {kind}-----")) => {
            if !matches!(kind, "RSA PRIVATE KEY" | "PRIVATE KEY" | "EC PRIVATE KEY" | "DSA PRIVATE KEY" | "OPENSSH PRIVATE KEY") {
                return Err(CallError::arg(
                    1,
                    format!("invalid private key: ssh: unsupported key type {}", crate::value::go_quote(kind, ctx.profile())),
                ));
            }
        }
        _ => return Err(CallError::arg(1, "invalid private key: ssh: no key found")),
    }
    let key = rsa::RsaPrivateKey::from_pkcs1_pem(pem)
        .or_else(|_| rsa::RsaPrivateKey::from_pkcs8_pem(pem))
        .map_err(|e| CallError::arg(1, format!("invalid private key: {e}")))?;
    let plain = key.decrypt(rsa::Pkcs1v15Encrypt, &cipher).map_err(|e| {
        let go = if ctx.profile().is_legacy() { "" } else { "crypto/rsa: " };
        CallError::call(format!("failed to decrypt: {go}{e}"))
    })?;
    Ok(Value::string(String::from_utf8_lossy(&plain).into_owned(), ctx.profile()))
}
