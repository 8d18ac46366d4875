//! Variables from JSON, converted as the oracle (cty's JSON package) does:
//! objects become objects, arrays become tuples, numbers keep every digit,
//! and `{"__unknown__": "<type>"}` marks an unknown value of that type.

use crate::diagnostics::{Diagnostic, Span};
use crate::value::{Number, Value};

/// Variables in scope, by name.
pub type Variables = crate::value::SortedMap<Value>;

/// Deepest nesting accepted in variables JSON.
const MAX_JSON_DEPTH: usize = 128;

/// Parses a JSON object of variables. Errors carry the byte offset in the
/// JSON text.
pub fn parse_variables(json: &str) -> Result<Variables, Diagnostic> {
    if json.trim().is_empty() {
        return Ok(Variables::new());
    }
    let parsed: serde_json::Value = serde_json::from_str(json).map_err(|e| {
        let at = offset_of(json, e.line(), e.column());
        Diagnostic::error("Invalid variables JSON", capitalise(&e.to_string()), Span::new(at, at))
    })?;
    variables_from_json(parsed).map_err(|m| Diagnostic::error("Invalid variables JSON", m, Span::new(0, json.len())))
}

/// Variables from JSON already parsed (a JSON object whose keys are
/// variable names); the error is the diagnostic's detail.
pub fn variables_from_json(json: serde_json::Value) -> Result<Variables, String> {
    let serde_json::Value::Object(top) = json else {
        return Err("The variables must be a JSON object whose keys are variable names.".into());
    };
    // Unlike attribute names, variable names are looked up as written.
    top.into_iter()
        .map(|(k, v)| match from_json(v, 0) {
            Ok(val) => Ok((k, val)),
            Err(m) => Err(format!("Variable {}: {m}", crate::eval::quote(&k))),
        })
        .collect()
}

/// Converts one JSON value.
pub fn from_json(v: serde_json::Value, depth: usize) -> Result<Value, String> {
    if depth > MAX_JSON_DEPTH {
        return Err(format!("nested more than {MAX_JSON_DEPTH} levels deep"));
    }
    Ok(match v {
        serde_json::Value::Null => Value::null(),
        serde_json::Value::Bool(b) => Value::Bool(b),
        serde_json::Value::Number(n) => Value::Number(Number::parse(n.as_str()).ok_or_else(|| format!("number {n} is out of range"))?),
        serde_json::Value::String(s) => Value::string(s),
        serde_json::Value::Array(items) => Value::Tuple(items.into_iter().map(|i| from_json(i, depth + 1)).collect::<Result<_, _>>()?),
        serde_json::Value::Object(mut m) => {
            if m.len() == 1 {
                if let Some(t) = m.remove("__unknown__") {
                    let name = t.as_str().ok_or("the __unknown__ marker needs a type name string")?;
                    return crate::typeexpr::parse_type(name).map(Value::Unknown);
                }
            }
            // cty's JSON decoding implies an object type, whose attribute
            // names are NFC, then finds no attribute for a key that is not.
            Value::Object(
                m.into_iter()
                    .map(|(k, v)| match crate::value::is_nfc(&k) {
                        true => Ok((k, from_json(v, depth + 1)?)),
                        false => Err(format!("unsupported attribute {}", crate::eval::quote(&k))),
                    })
                    .collect::<Result<_, String>>()?,
            )
        }
    })
}

fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut off = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            return (off + column.saturating_sub(1)).min(text.len());
        }
        off += l.len();
    }
    text.len()
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
