//! Variables from JSON, converted as the references (cty's JSON package)
//! do: objects become objects, arrays become tuples, numbers keep every
//! digit, and `{"__unknown__": "<type>"}` marks an unknown value of that
//! type. For the current engines the marker may carry refinements
//! (`"notnull": true`, `"prefix"`, `"lower"`/`"upper"` with
//! `"lower_inclusive"`/`"upper_inclusive"`, `"minlen"`/`"maxlen"`), and
//! `{"__sensitive__": v}` and `{"__ephemeral__": v}` mark `v`. Or from a
//! `.tfvars` file's text, read as Terraform reads one.

use crate::diagnostics::{Diagnostic, Diagnostics, Span};
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::profile::Profile;
use crate::value::{Marks, Number, Value};
use serde::de::DeserializeSeed;
use std::cell::RefCell;

/// Variables in scope, by name.
pub type Variables = crate::value::SortedMap<Value>;

/// Deepest nesting accepted in variables JSON.
const MAX_JSON_DEPTH: usize = 128;

/// Parses a JSON object of variables for the default profile, strings
/// normalised to NFC in its Unicode version ([`parse_variables_in`] reads
/// them for another). Errors carry the byte offset in the JSON text.
///
/// ```
/// let vars = hcl_playground::parse_variables(r#"{"n": 1.5, "id": {"__unknown__": "string", "prefix": "ami-"}}"#).unwrap();
/// assert_eq!(vars.get("n").unwrap().ty().to_string(), "number");
/// assert_eq!(vars.get("id").unwrap().refinement().unwrap().prefix, "ami-");
/// ```
pub fn parse_variables(json: &str) -> Result<Variables, Diagnostic> {
    parse_variables_in(json, Profile::default())
}

/// Parses a JSON object of variables as `profile`'s reference reads them:
/// the legacy profile knows only the exact `{"__unknown__": "<type>"}`
/// marker (any other object is an object).
pub fn parse_variables_in(json: &str, profile: Profile) -> Result<Variables, Diagnostic> {
    if json.trim().is_empty() {
        return match profile.is_waypoint() {
            true => super::waypoint_scope::stage_scope(Variables::new(), json),
            false => Ok(Variables::new()),
        };
    }
    // Converted while the JSON is read, without a `serde_json::Value` in
    // between: variables are most of the work of a small evaluation.
    let semantic = RefCell::new(None);
    let mut de = serde_json::Deserializer::from_str(json);
    let parsed =
        TopLevel { error: &semantic, refined: !profile.is_legacy(), profile }.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    let parsed = parsed.map_err(|e| match semantic.into_inner() {
        // serde_json stops at the end of the value it could not convert.
        Some(m) => Diagnostic::error("Invalid variables JSON", m, value_before(json, offset_of(json, e.line(), e.column()))),
        None => {
            let at = offset_of(json, e.line(), e.column());
            Diagnostic::error("Invalid variables JSON", capitalise(&e.to_string()), Span::new(at, at))
        }
    })?;
    match profile.is_waypoint() {
        true => super::waypoint_scope::stage_scope(parsed, json),
        false => Ok(parsed),
    }
}

/// How a variables text is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum VariablesFormat {
    /// A JSON object of values ([`parse_variables_in`]).
    #[default]
    Json,
    /// A `.tfvars` file ([`parse_tfvars_in`]).
    Tfvars,
}

impl VariablesFormat {
    /// The format called `json` or `tfvars`.
    pub fn from_name(name: &str) -> Option<VariablesFormat> {
        match name {
            "json" => Some(VariablesFormat::Json),
            "tfvars" => Some(VariablesFormat::Tfvars),
            _ => None,
        }
    }
}

/// Parses variables written in `format` as `profile`'s reference reads
/// them; every error, with its byte range in `text`.
pub fn parse_variables_as(text: &str, format: VariablesFormat, profile: Profile) -> Result<Variables, Diagnostics> {
    match format {
        VariablesFormat::Json => parse_variables_in(text, profile).map_err(|d| vec![d]),
        VariablesFormat::Tfvars => parse_tfvars_in(text, profile),
    }
}

/// What messages that quote a range call the variables text.
const VARIABLES_NAME: &str = "<variables>";

/// Parses a `.tfvars` file's text as variables, as Terraform reads one
/// (see [`read_tfvars`]); every error, with its byte range in `text`.
///
/// ```
/// use hcl_playground::{api::parse_tfvars_in, Profile};
/// let vars = parse_tfvars_in("name  = \"web\"\nports = [80, 443]\n", Profile::default()).unwrap();
/// assert_eq!(vars.get("ports").unwrap().ty().to_string(), "tuple([number, number])");
/// let errors = parse_tfvars_in("name = upper(\"web\")", Profile::default()).unwrap_err();
/// assert_eq!(errors[0].summary, "Function calls not allowed");
/// ```
pub fn parse_tfvars_in(text: &str, profile: Profile) -> Result<Variables, Diagnostics> {
    let (arguments, errors) = read_tfvars(text, VARIABLES_NAME, profile);
    match errors.is_empty() {
        true if profile.is_waypoint() => {
            let vars = arguments.into_iter().filter_map(|a| Some((a.name, a.value?))).collect();
            super::waypoint_scope::stage_scope(vars, text).map_err(|d| vec![d])
        }
        true => Ok(arguments.into_iter().filter_map(|a| Some((a.name, a.value?))).collect()),
        false => Err(errors),
    }
}

/// One argument of a `.tfvars` file.
#[derive(Clone, Debug)]
pub struct TfvarsArgument {
    /// The variable's name.
    pub name: String,
    /// Where its value is, in bytes.
    pub span: Span,
    /// The value, or `None` when it could not be evaluated.
    pub value: Option<Value>,
}

/// The arguments of a `.tfvars` file as Terraform reads one — hcl's
/// `JustAttributes` (a block is refused), each value evaluated with no
/// context: constants only, no variables and no function calls — and every
/// error (a syntax error ends the reading). `name` is what messages that
/// quote a range call the file.
pub fn read_tfvars(text: &str, name: &str, profile: Profile) -> (Vec<TfvarsArgument>, Diagnostics) {
    let limits = Limits::default();
    let body = match crate::syntax::parse_config(text, name, &limits, profile) {
        Ok(b) => b,
        Err(errors) => return (Vec::new(), errors),
    };
    let (attributes, block) = body.just_attributes(profile);
    let mut errors: Diagnostics = block.into_iter().collect();
    let vars = Variables::new();
    let arguments = attributes
        .into_iter()
        .map(|attr| {
            let mut ev = Evaluator::new(&vars, &limits).with_profile(profile).without_context().with_source(text, name);
            let value = ev.eval(&attr.expr);
            let ok = ev.diags.is_empty();
            errors.append(&mut ev.diags);
            TfvarsArgument { name: attr.name.clone(), span: attr.expr.span, value: ok.then_some(value) }
        })
        .collect();
    (arguments, errors)
}

/// Whether `text` reads as tfvars rather than JSON: its first token, after
/// blanks and comments, is an identifier followed by `=`.
pub fn looks_like_tfvars(text: &str) -> bool {
    let mut rest = text.trim_start();
    loop {
        if let Some(r) = rest.strip_prefix('#').or_else(|| rest.strip_prefix("//")) {
            rest = r.split_once('\n').map_or("", |(_, r)| r).trim_start();
        } else if let Some(r) = rest.strip_prefix("/*") {
            rest = r.split_once("*/").map_or("", |(_, r)| r).trim_start();
        } else {
            break;
        }
    }
    let name = rest.find(|c: char| !crate::text::is_identifier_char(c)).map_or(rest, |end| &rest[..end]);
    let after = rest[name.len()..].trim_start_matches([' ', '\t']);
    crate::text::is_identifier(name) && after.starts_with('=') && !after.starts_with("==")
}

/// [`parse_variables_as`] for a front end: when JSON is expected and the
/// text [`looks_like_tfvars`], the JSON error's detail says so, then `how`
/// (a sentence) the front end reads tfvars.
pub fn parse_variables_hinting(text: &str, format: VariablesFormat, profile: Profile, how: &str) -> Result<Variables, Diagnostics> {
    parse_variables_as(text, format, profile).map_err(|diags| match format == VariablesFormat::Json && looks_like_tfvars(text) {
        true => {
            let hint = |d: Diagnostic| Diagnostic {
                detail: format!("{}. The text looks like tfvars (name = value) rather than JSON: {how}", d.detail.trim_end_matches('.')),
                ..d
            };
            diags.into_iter().map(hint).collect()
        }
        false => diags,
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
    /// Whether markers may carry refinements and marks.
    refined: bool,
    profile: Profile,
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
    refined: bool,
    profile: Profile,
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
            let value = map.next_value_seed(ValueSeed { depth: 0, error: self.error, refined: self.refined, profile: self.profile });
            if let Some(m) = self.error.borrow_mut().as_mut() {
                *m = format!("Variable {}: {m}", crate::value::go_quote(&name, self.profile));
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
        Ok(Value::string(s, self.profile))
    }
    fn visit_string<E: serde::de::Error>(self, s: String) -> Result<Value, E> {
        Ok(Value::string(s, self.profile))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(v) =
            seq.next_element_seed(ValueSeed { depth: self.depth + 1, error: self.error, refined: self.refined, profile: self.profile })?
        {
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
            let v =
                map.next_value_seed(ValueSeed { depth: self.depth + 1, error: self.error, refined: self.refined, profile: self.profile })?;
            items.push((k, v));
        }
        match marker {
            Some(t) if items.is_empty() || self.refined => {
                let name: String =
                    serde_json::from_str(t.get()).map_err(|_| self.fail("the __unknown__ marker needs a type name string".into()))?;
                let ty = crate::syntax::typeexpr::parse_type(&name, self.profile).map_err(|m| self.fail(m))?;
                return refined_unknown(ty, &items, self.profile).map_err(|m| self.fail(m));
            }
            Some(t) => {
                let seed = ValueSeed { depth: self.depth + 1, error: self.error, refined: self.refined, profile: self.profile };
                let v = seed.deserialize(&mut serde_json::Deserializer::from_str(t.get())).map_err(serde::de::Error::custom)?;
                items.push(("__unknown__".into(), v));
            }
            None => {}
        }
        if self.refined && items.len() == 1 {
            let marks = match items[0].0.as_str() {
                "__sensitive__" => Marks::SENSITIVE,
                "__ephemeral__" => Marks::EPHEMERAL,
                _ => Marks::NONE,
            };
            if !marks.is_empty() {
                return Ok(items.pop().map(|(_, v)| v).unwrap_or_else(Value::null).with_marks(marks));
            }
        }
        // cty's JSON decoding implies an object type, whose attribute
        // names are NFC, then finds no attribute for a key that is not.
        if let Some((k, _)) = items.iter().find(|(k, _)| !crate::value::is_nfc(k, self.profile)) {
            return Err(self.fail(format!("unsupported attribute {}", crate::value::go_quote(k, self.profile))));
        }
        Ok(Value::Object(items.into_iter().collect()))
    }
}

/// An unknown value of type `ty` with the refinements the marker's other
/// keys give, as the reference harnesses read them.
fn refined_unknown(ty: crate::value::Type, keys: &[(String, Value)], profile: Profile) -> Result<Value, String> {
    let mut b = Value::unknown(ty.clone()).refine();
    // cty ignores any refinement of an unknown of unknown type.
    let ty_known = ty != crate::value::Type::Dynamic;
    let flag = |k: &str, default: bool| match keys.iter().find(|(n, _)| n == k).map(|(_, v)| v) {
        Some(Value::Bool(v)) => Ok(*v),
        Some(_) => Err(format!("refinement \"{k}\" must be true or false")),
        None => Ok(default),
    };
    let wrong = |k: &str, what: &str| Err(format!("refinement \"{k}\" {what} a {} value", ty.friendly_name()));
    for (k, v) in keys {
        b = match (k.as_str(), v) {
            ("notnull" | "prefix" | "lower" | "upper" | "minlen" | "maxlen", _) if !ty_known => b,
            ("lower_inclusive" | "upper_inclusive", _) => {
                flag(k, true)?;
                b
            }
            ("notnull", _) => match flag(k, false)? {
                true => b.not_null(),
                false => b,
            },
            ("prefix", Value::String(p)) if ty == crate::value::Type::String => b.prefix(p, profile),
            ("prefix", Value::String(_)) => return wrong(k, "cannot refine"),
            ("lower" | "upper", Value::Number(n)) if ty == crate::value::Type::Number => {
                let inclusive = flag(&format!("{k}_inclusive"), true)?;
                if k == "lower" {
                    b.lower(n, inclusive)
                } else {
                    b.upper(n, inclusive)
                }
            }
            ("lower" | "upper", Value::Number(_)) => return wrong(k, "cannot refine"),
            ("minlen" | "maxlen", Value::Number(n)) if ty.is_collection() => {
                let len =
                    n.to_i64().filter(|l| *l >= 0).ok_or_else(|| format!("refinement \"{k}\" must be a whole number of elements"))? as u64;
                if k == "minlen" {
                    b.min_len(len)
                } else {
                    b.max_len(len)
                }
            }
            ("minlen" | "maxlen", Value::Number(_)) => return wrong(k, "cannot refine"),
            ("prefix" | "lower" | "upper" | "minlen" | "maxlen", _) => {
                return Err(format!("refinement \"{k}\" has the wrong kind of value"))
            }
            _ => return Err(format!("unknown refinement \"{k}\"")),
        };
    }
    if let Some(m) = b.inconsistency() {
        return Err(m.to_string());
    }
    Ok(b.value())
}

/// The span of the JSON value that ends at (or just before) byte `at`, or
/// whose closing brace comes next: an
/// object or array with its brackets, or a scalar; the whole text when
/// nothing ends there (a top level that is not an object).
fn value_before(json: &str, at: usize) -> Span {
    let mut at = crate::diagnostics::floor_char_boundary(json, at);
    // A marker object fails after its last entry, before its `}`.
    let rest = &json[at..];
    if rest.trim_start().starts_with('}') {
        at += rest.len() - rest.trim_start().len() + 1;
    }
    let end = json[..at].trim_end().len();
    let bytes = json.as_bytes();
    let (mut stack, mut in_string, mut escaped, mut closed, mut scalar_start) = (Vec::new(), false, false, None, None);
    for (i, &b) in bytes[..end].iter().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => {
                in_string = true;
                scalar_start = Some(i);
            }
            b'{' | b'[' => stack.push(i),
            b'}' | b']' => closed = stack.pop().map(|open| (open, i + 1)),
            b':' | b',' | b' ' | b'\t' | b'\n' | b'\r' => scalar_start = None,
            _ if scalar_start.is_none() => scalar_start = Some(i),
            _ => {}
        }
    }
    match (closed, scalar_start) {
        (Some((open, close)), _) if close == end && open > 0 => Span::new(open, close),
        (_, Some(start)) if bytes.get(end.wrapping_sub(1)).is_some_and(|&b| b != b'}' && b != b']') => Span::new(start, end),
        _ => Span::new(0, json.len()),
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

// serde_json's own messages, the only ones given here, all start with an
// ASCII letter; `char::to_uppercase` would bring the standard library's
// 13 KB case table into the WebAssembly module for nothing.
fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}
