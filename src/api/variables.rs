//! Variables from JSON, converted as the oracle (cty's JSON package) does:
//! objects become objects, arrays become tuples, numbers keep every digit,
//! and `{"__unknown__": "<type>"}` marks an unknown value of that type.

use crate::diagnostics::{Diagnostic, Span};
use crate::value::{Number, Value};
use serde::de::DeserializeSeed;
use std::cell::RefCell;

/// Variables in scope, by name.
pub type Variables = crate::value::SortedMap<Value>;

/// Deepest nesting accepted in variables JSON.
const MAX_JSON_DEPTH: usize = 128;

/// Parses a JSON object of variables. Errors carry the byte offset in the
/// JSON text. Strings are normalised to NFC in the Unicode version of the
/// current profile ([`Profile::enter`](crate::Profile::enter) it first to
/// evaluate in another).
///
/// ```
/// let vars = hcl_playground::parse_variables(r#"{"n": 1.5, "id": {"__unknown__": "string"}}"#).unwrap();
/// assert_eq!(vars.get("n").unwrap().ty().to_string(), "number");
/// assert!(!vars.get("id").unwrap().is_wholly_known());
/// ```
pub fn parse_variables(json: &str) -> Result<Variables, Diagnostic> {
    if json.trim().is_empty() {
        return Ok(Variables::new());
    }
    // Converted while the JSON is read, without a `serde_json::Value` in
    // between: variables are most of the work of a small evaluation.
    let semantic = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(json);
    let parsed = TopLevel { error: &semantic }.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    parsed.map_err(|e| match semantic.into_inner() {
        Some(m) => Diagnostic::error("Invalid variables JSON", m, Span::new(0, json.len())),
        None => {
            let at = offset_of(json, e.line(), e.column());
            Diagnostic::error("Invalid variables JSON", capitalise(&e.to_string()), Span::new(at, at))
        }
    })
}

const NOT_AN_OBJECT: &str = "The variables must be a JSON object whose keys are variable names.";

/// Variables from JSON already parsed (a JSON object whose keys are
/// variable names); the error is the diagnostic's detail.
pub fn variables_from_json(json: serde_json::Value) -> Result<Variables, String> {
    // Through the text: a serde_json tree hands its numbers to a visitor
    // as f64, and the text keeps every digit.
    parse_variables(&json.to_string()).map_err(|d| d.detail)
}

/// A conversion error (as opposed to a JSON syntax error) is left in a
/// slot the caller reads, since serde's errors carry only text.
type ErrorSlot = RefCell<Option<String>>;

fn fail<E: serde::de::Error>(slot: &ErrorSlot, m: String) -> E {
    *slot.borrow_mut() = Some(m);
    E::custom("invalid variables")
}

/// Reads the top-level object of variables.
struct TopLevel<'e> {
    error: &'e ErrorSlot,
}

impl TopLevel<'_> {
    fn not_an_object<E: serde::de::Error>(self) -> Result<Variables, E> {
        Err(fail(self.error, NOT_AN_OBJECT.into()))
    }
}

/// Reads one JSON value: objects become objects, arrays tuples.
struct ValueSeed<'e> {
    depth: usize,
    error: &'e ErrorSlot,
}

impl ValueSeed<'_> {
    fn fail<E: serde::de::Error>(&self, m: String) -> E {
        fail(self.error, m)
    }
}

impl<'de> DeserializeSeed<'de> for TopLevel<'_> {
    type Value = Variables;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Variables, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for TopLevel<'_> {
    type Value = Variables;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON object of variables")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Variables, A::Error> {
        let mut items = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            if name == NUMBER_TOKEN {
                return self.not_an_object();
            }
            let value = map.next_value_seed(ValueSeed { depth: 0, error: self.error });
            if let Some(m) = self.error.borrow_mut().as_mut() {
                *m = format!("Variable {}: {m}", crate::value::go_quote(&name));
            }
            items.push((name, value?));
        }
        // Unlike attribute names, variable names are looked up as written.
        Ok(items.into_iter().collect())
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, _: A) -> Result<Variables, A::Error> {
        self.not_an_object()
    }
    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Variables, E> {
        self.not_an_object()
    }
    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Variables, E> {
        self.not_an_object()
    }
    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Variables, E> {
        self.not_an_object()
    }
    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Variables, E> {
        self.not_an_object()
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Variables, E> {
        self.not_an_object()
    }
}

/// The key under which serde_json (with `arbitrary_precision`) hands a
/// number's digits to a visitor.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

impl<'de> DeserializeSeed<'de> for ValueSeed<'_> {
    type Value = Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        if self.depth > MAX_JSON_DEPTH {
            return Err(self.fail(format!("nested more than {MAX_JSON_DEPTH} levels deep")));
        }
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for ValueSeed<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E: serde::de::Error>(self) -> Result<Value, E> {
        Ok(Value::null())
    }
    fn visit_bool<E: serde::de::Error>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    // Integers that fit 64 bits come this way; other numbers keep their
    // digits through `NUMBER_TOKEN`.
    fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<Value, E> {
        Ok(Value::Number(Number::parse(&n.to_string()).expect("an integer")))
    }
    fn visit_i64<E: serde::de::Error>(self, n: i64) -> Result<Value, E> {
        Ok(Value::Number(Number::parse(&n.to_string()).expect("an integer")))
    }
    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Value, E> {
        Ok(Value::string(s))
    }
    fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Value, E> {
        Ok(Value::string(s))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(v) = seq.next_element_seed(ValueSeed { depth: self.depth + 1, error: self.error })? {
            items.push(v);
        }
        Ok(Value::Tuple(items.into()))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut items: Vec<(String, Value)> = Vec::new();
        // The marker's value is kept as JSON text until the object turns
        // out to hold nothing else.
        let mut marker: Option<Box<serde_json::value::RawValue>> = None;
        while let Some(k) = map.next_key::<String>()? {
            if k == NUMBER_TOKEN {
                let digits: String = map.next_value()?;
                return Number::parse(&digits).map(Value::Number).ok_or_else(|| self.fail(format!("number {digits} is out of range")));
            }
            if k == "__unknown__" {
                marker = Some(map.next_value()?);
                continue;
            }
            let v = map.next_value_seed(ValueSeed { depth: self.depth + 1, error: self.error })?;
            items.push((k, v));
        }
        match marker {
            Some(t) if items.is_empty() => {
                let name: String =
                    serde_json::from_str(t.get()).map_err(|_| self.fail("the __unknown__ marker needs a type name string".into()))?;
                return crate::syntax::typeexpr::parse_type(&name).map(Value::Unknown).map_err(|m| self.fail(m));
            }
            Some(t) => {
                let seed = ValueSeed { depth: self.depth + 1, error: self.error };
                let v = seed.deserialize(&mut serde_json::Deserializer::from_str(t.get())).map_err(serde::de::Error::custom)?;
                items.push(("__unknown__".into(), v));
            }
            None => {}
        }
        // cty's JSON decoding implies an object type, whose attribute
        // names are NFC, then finds no attribute for a key that is not.
        if let Some((k, _)) = items.iter().find(|(k, _)| !crate::value::is_nfc(k)) {
            return Err(self.fail(format!("unsupported attribute {}", crate::value::go_quote(k))));
        }
        Ok(Value::Object(items.into_iter().collect()))
    }
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
