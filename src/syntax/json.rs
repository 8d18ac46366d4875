//! HCL's JSON syntax (`.tf.json`, `.tftest.json`): the JSON parser with
//! HCL's errors and recovery, and the reader that turns a file into the
//! same syntax tree as native files, as HCL's `json` package reads it
//! under a schema ([`Shapes`], given by the stage that knows the file's
//! kind): a property names a block where the body's shape has a block type
//! of that name (its labels as nested object keys, several blocks as an
//! array), an argument otherwise; a JSON string is a template (parsed from
//! its decoded text, placed after its opening quote as HCL places it), or
//! a keyword or traversal where the schema reads one; `"//"` properties
//! are comments.

use crate::diagnostics::{Diagnostic, Span};
use crate::profile::Profile;
use crate::syntax::ast::{Attribute, Block, Body, BodyItem, ExprKind, Expression, ObjectItem, ObjectKey};
use std::rc::Rc;

/// A JSON value with where it is.
pub(crate) enum Json {
    Object {
        props: Vec<(String, Span, Json)>,
        span: Span,
    },
    Array {
        items: Vec<Json>,
        span: Span,
    },
    String {
        value: String,
        span: Span,
    },
    Number(Span),
    Keyword(Span),
    /// Where the parser found an error.
    Invalid(Span),
}

impl Json {
    pub(crate) fn span(&self) -> Span {
        match self {
            Json::Object { span, .. } | Json::Array { span, .. } | Json::String { span, .. } => *span,
            Json::Number(s) | Json::Keyword(s) | Json::Invalid(s) => *s,
        }
    }

    /// HCL's `StartRange`: an object's or array's opening bracket.
    pub(crate) fn start(&self) -> Span {
        match self {
            Json::Object { span, .. } | Json::Array { span, .. } => Span::new(span.start, span.start + 1),
            other => other.span(),
        }
    }
}

/// How a body of one block type is read.
pub(crate) enum Shape<'s> {
    /// `Body.Content`: the arguments (`None`: any) and block types named;
    /// any other property is an error, said twice, as HCL reads the
    /// properties twice.
    Content { attributes: Option<Vec<&'s str>>, blocks: &'s [(&'s str, &'s [&'s str])] },
    /// `Body.PartialContent`: the block types named are blocks, every
    /// other property is an argument, left for a later stage to check.
    Partial { blocks: &'s [(&'s str, &'s [&'s str])] },
    /// `Body.JustAttributes`: a JSON object of arguments.
    JustAttributes,
}

/// The schema a file of one kind is read under.
pub(crate) trait Shapes {
    /// How a body of block type `kind` (`""`: the file) is read.
    fn shape(&self, kind: &str) -> Shape<'_>;
    /// Whether argument `name` of a `kind` block is read as a keyword, a
    /// traversal or a type (a JSON string holding an expression), not as
    /// a template.
    fn is_static(&self, kind: &str, name: &str) -> bool;
    /// Whether strings are parsed when evaluated (a configuration's: a
    /// string that is not a template is an error of its evaluation), not
    /// while reading (a test file's).
    fn lazy(&self) -> bool {
        false
    }
    /// How many more times HCL reads the file's own properties before
    /// reading it under its schema (a loader's sniffing of `terraform`
    /// blocks), each time saying what is wrong with them.
    fn sniffs(&self) -> usize {
        0
    }
}

/// The file `text` (named `name`) as a body read under `shapes`, with
/// HCL's JSON errors (what could be read of a file with errors is read, as
/// HCL reads it).
pub(crate) fn parse(text: &str, name: &str, limits: &crate::Limits, profile: Profile, shapes: &dyn Shapes) -> (Body, Vec<Diagnostic>) {
    let (mut root, mut diags) = parse_json(text, limits.max_depth);
    if !matches!(root, Json::Object { .. } | Json::Array { .. }) {
        diags.push(Diagnostic::error(
            "Root value must be object",
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
            root.start(),
        ));
        // An empty body, so that no second error says the same.
        root = Json::Object { props: Vec::new(), span: Span::new(0, 0) };
    }
    let mut r = Reader { text, name, limits, profile, shapes, diags: Vec::new() };
    for _ in 0..shapes.sniffs() {
        r.properties(&root, None);
    }
    let body = r.body(&root, "");
    diags.extend(r.diags);
    diags.sort_by_key(|d| d.subject.start);
    (body, diags)
}

/// HCL's JSON `ContextString`: the object properties and array elements
/// that hold byte `at`, as `run.name.assert[0]`.
pub(crate) fn context(text: &str, at: usize, max_depth: usize) -> Option<String> {
    let (root, _) = parse_json(text, max_depth);
    let mut steps = String::new();
    let mut v = &root;
    'down: loop {
        match v {
            Json::Object { props, .. } => {
                for (k, _, pv) in props {
                    if matches!(pv, Json::Object { .. } | Json::Array { .. }) && contains(pv.span(), at) {
                        steps.push_str(&format!(".{k}"));
                        v = pv;
                        continue 'down;
                    }
                }
            }
            Json::Array { items, .. } => {
                for (i, e) in items.iter().enumerate() {
                    if matches!(e, Json::Object { .. } | Json::Array { .. }) && contains(e.span(), at) {
                        steps.push_str(&format!("[{i}]"));
                        v = e;
                        continue 'down;
                    }
                }
            }
            _ => {}
        }
        break;
    }
    (!steps.is_empty()).then(|| steps.trim_start_matches('.').to_string())
}

fn contains(span: Span, at: usize) -> bool {
    span.start <= at && at < span.end
}

struct Reader<'a> {
    text: &'a str,
    name: &'a str,
    limits: &'a crate::Limits,
    profile: Profile,
    shapes: &'a dyn Shapes,
    diags: Vec<Diagnostic>,
}

impl Reader<'_> {
    /// The body of a block of type `kind` ("" for the file): an object, or
    /// an array of objects whose properties are taken together.
    fn body(&mut self, v: &Json, kind: &str) -> Body {
        let shapes = self.shapes;
        let shape = shapes.shape(kind);
        let props = match &shape {
            Shape::JustAttributes if !matches!(v, Json::Object { .. }) => {
                let detail = "A JSON object is required here, setting the arguments for this block.".to_string();
                self.diags.push(Diagnostic::error("Incorrect JSON value type", detail, v.start()));
                Vec::new()
            }
            Shape::Partial { .. } => self.properties(v, None),
            // Content reads a body's properties twice, and says so twice.
            _ => {
                let before = self.diags.len();
                let props = self.properties(v, None);
                let said: Vec<Diagnostic> = self.diags[before..].to_vec();
                self.diags.extend(said);
                props
            }
        };
        let (attributes, blocks): (Option<&[&str]>, &[(&str, &[&str])]) = match &shape {
            Shape::Content { attributes, blocks } => (attributes.as_deref(), blocks),
            Shape::Partial { blocks } => (None, blocks),
            Shape::JustAttributes => (None, &[]),
        };
        let mut items = Vec::new();
        let mut seen: Vec<(&str, Span)> = Vec::new();
        for (key, key_span, value) in props.iter().map(|p| (&p.0, &p.1, &p.2)) {
            if key == "//" {
                continue;
            }
            if let Some(named) = attributes.filter(|_| !blocks.iter().any(|(t, _)| t == key)) {
                if !named.iter().any(|n| n == key) {
                    // HCL suggests the arguments not set yet, and any block type.
                    let set = |n: &str| props.iter().any(|(k, _, _)| k == n);
                    let names = named.iter().copied().filter(|n| !set(n)).chain(blocks.iter().map(|(n, _)| *n));
                    let dym = names
                        .into_iter()
                        .find(|n| strsim::levenshtein(key, n) < 3)
                        .map(|n| format!(" Did you mean {}?", crate::value::go_quote(n, self.profile)))
                        .unwrap_or_default();
                    let detail = format!("No argument or block type is named {}.{dym}", crate::value::go_quote(key, self.profile));
                    self.diags.push(Diagnostic::error("Extraneous JSON object property", detail, *key_span));
                    continue;
                }
                if let Some((_, first)) = seen.iter().find(|(n, _)| n == key) {
                    let at = crate::diagnostics::range_text(self.text, self.name, *first, self.profile.unicode());
                    let detail = format!("The argument {} was already set at {at}.", crate::value::go_quote(key, self.profile));
                    self.diags.push(Diagnostic::error("Duplicate argument", detail, *key_span));
                    continue;
                }
                seen.push((key, key_span.to(value.span())));
            }
            match blocks.iter().find(|(t, _)| t == key) {
                Some((_, labels)) => self.blocks(key, *key_span, labels, value, Vec::new(), &mut items),
                None => {
                    let expr = self.expression(value, shapes.is_static(kind, key));
                    let span = key_span.to(value.span());
                    items.push(BodyItem::Attribute(Rc::new(Attribute { name: key.clone(), name_span: *key_span, expr, span })));
                }
            }
        }
        Body { items, span: v.span() }
    }

    /// HCL's `collectDeepAttrs`: the properties of an object, or of each
    /// object of an array; `label` names the label they stand for.
    fn properties<'v>(&mut self, v: &'v Json, label: Option<&str>) -> Vec<&'v (String, Span, Json)> {
        let what = match label {
            Some(l) => format!("to specify {l} labels for this block"),
            None => "to define arguments and child blocks".to_string(),
        };
        match v {
            Json::Object { props, .. } => props.iter().collect(),
            Json::Keyword(s) if &self.text[s.start..s.end] == "null" => Vec::new(),
            Json::Array { items, .. } => {
                let mut out = Vec::new();
                for e in items {
                    match e {
                        Json::Object { props, .. } => out.extend(props.iter()),
                        other => self.diags.push(Diagnostic::error(
                            "Incorrect JSON value type",
                            format!("A JSON object is required here, {what}."),
                            other.start(),
                        )),
                    }
                }
                out
            }
            other => {
                self.diags.push(Diagnostic::error(
                    "Incorrect JSON value type",
                    format!("Either a JSON object or JSON array of objects is required here, {what}."),
                    other.start(),
                ));
                Vec::new()
            }
        }
    }

    /// HCL's `unpackBlock`: the blocks of type `kind` in `v`, the labels
    /// still to read as nested property names, then one body (an object)
    /// or several (an array).
    fn blocks(
        &mut self,
        kind: &str,
        kind_span: Span,
        labels_left: &[&str],
        v: &Json,
        labels: Vec<(String, Span)>,
        out: &mut Vec<BodyItem>,
    ) {
        if let Some((label, rest)) = labels_left.split_first() {
            let props = self.properties(v, Some(label));
            if props.is_empty() {
                self.diags.push(Diagnostic::error(
                    "Missing block label",
                    format!("At least one object property is required, whose name represents the {kind} block's {label}."),
                    v.start(),
                ));
            }
            for (key, key_span, value) in props {
                let mut more = labels.clone();
                more.push((key.clone(), *key_span));
                self.blocks(kind, kind_span, rest, value, more, out);
            }
            return;
        }
        let (bodies, open) = match v {
            Json::Keyword(s) if &self.text[s.start..s.end] == "null" => return,
            Json::Object { .. } => (vec![v], v.start()),
            Json::Array { items, .. } => (items.iter().collect::<Vec<_>>(), v.start()),
            other => {
                self.diags.push(Diagnostic::error(
                    "Incorrect JSON value type",
                    format!(
                        "Either a JSON object or a JSON array is required, representing the contents of one or more \"{kind}\" blocks."
                    ),
                    other.start(),
                ));
                return;
            }
        };
        for b in bodies {
            let body = self.body(b, kind);
            let close = Span::new(b.span().end.saturating_sub(1), b.span().end);
            let block = Block {
                kind: kind.to_string(),
                kind_span,
                labels: labels.clone(),
                body,
                open_brace: open,
                close_brace: close,
                def_range: Some(open),
            };
            out.push(BodyItem::Block(Rc::new(block)));
        }
    }

    /// A JSON value as an expression: strings are templates, or keywords
    /// and traversals where the schema reads them (`static_`).
    fn expression(&mut self, v: &Json, static_: bool) -> Expression {
        let span = v.span();
        let kind = match v {
            Json::Object { props, .. } => ExprKind::ObjectCons(
                props
                    .iter()
                    .map(|(k, key_span, value)| {
                        let key = Json::String { value: k.clone(), span: *key_span };
                        ObjectItem {
                            key: ObjectKey { expr: self.expression(&key, static_), bare_name: None },
                            value: self.expression(value, static_),
                        }
                    })
                    .collect(),
            ),
            Json::Array { items, .. } => ExprKind::TupleCons(items.iter().map(|e| self.expression(e, static_)).collect()),
            Json::String { value, span } => {
                let parsed = match static_ {
                    true => crate::syntax::parse_expression(value, self.name, self.limits, self.profile),
                    false => crate::syntax::parse_template(value, self.name, self.limits, self.profile),
                };
                // HCL places the text after the opening quote; escapes
                // make what follows them a little off, as in HCL.
                let by = span.start as isize + 1;
                return match parsed {
                    Ok(mut e) => {
                        crate::syntax::shift_expr(&mut e, by);
                        e
                    }
                    Err(ds) => {
                        let shifted = ds.into_iter().map(|mut d| {
                            d.subject = Span::new((d.subject.start as isize + by) as usize, (d.subject.end as isize + by) as usize);
                            d
                        });
                        match self.shapes.lazy() && !static_ {
                            // Parsed when evaluated: the evaluation's errors.
                            true => Expression { kind: ExprKind::Invalid(Rc::new(shifted.collect())), span: *span },
                            false => {
                                self.diags.extend(shifted);
                                Expression { kind: ExprKind::Literal(crate::value::Value::null()), span: *span }
                            }
                        }
                    }
                };
            }
            Json::Invalid(s) => return Expression { kind: ExprKind::Literal(crate::value::Value::dynamic_unknown()), span: *s },
            Json::Number(s) | Json::Keyword(s) => {
                return match crate::syntax::parse_expression(&self.text[s.start..s.end], self.name, self.limits, self.profile) {
                    Ok(mut e) => {
                        crate::syntax::shift_expr(&mut e, s.start as isize);
                        e
                    }
                    Err(_) => Expression { kind: ExprKind::Literal(crate::value::Value::null()), span: *s },
                };
            }
        };
        Expression { kind, span }
    }
}

// ---------------------------------------------------------------- JSON

#[derive(Clone, Copy, PartialEq, Debug)]
enum Tok {
    BraceO,
    BraceC,
    BrackO,
    BrackC,
    Colon,
    Comma,
    Equals,
    Keyword,
    Number,
    String,
    Invalid,
    Eof,
}

/// HCL's JSON scanner: punctuation, keywords (a run of letters), numbers
/// (a run of digits, signs, points and exponents) and strings.
fn scan(text: &str) -> Vec<(Tok, Span)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let tok = match b[i] {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b'{' => Tok::BraceO,
            b'}' => Tok::BraceC,
            b'[' => Tok::BrackO,
            b']' => Tok::BrackC,
            b':' => Tok::Colon,
            b',' => Tok::Comma,
            b'=' => Tok::Equals,
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                out.push((Tok::String, Span::new(start, i)));
                continue;
            }
            c if c.is_ascii_digit() || c == b'-' => {
                while i < b.len() && (b[i].is_ascii_digit() || matches!(b[i], b'-' | b'+' | b'.' | b'e' | b'E')) {
                    i += 1;
                }
                out.push((Tok::Number, Span::new(start, i)));
                continue;
            }
            c if c.is_ascii_alphabetic() => {
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                out.push((Tok::Keyword, Span::new(start, i)));
                continue;
            }
            _ => {
                let len = text[i..].chars().next().map_or(1, char::len_utf8);
                i += len;
                out.push((Tok::Invalid, Span::new(start, i)));
                continue;
            }
        };
        i += 1;
        out.push((tok, Span::new(start, i)));
    }
    out.push((Tok::Eof, Span::new(b.len(), b.len())));
    out
}

struct Parser<'a> {
    text: &'a str,
    toks: Vec<(Tok, Span)>,
    at: usize,
    max_depth: usize,
    diags: Vec<Diagnostic>,
}

/// The value `text` holds, as HCL's JSON parser reads it: after an error
/// it goes on with an invalid value where the error was, skipping to what
/// seems the end of the object or array, so that later errors are
/// reported too.
pub(crate) fn parse_json(text: &str, max_depth: usize) -> (Json, Vec<Diagnostic>) {
    let mut p = Parser { text, toks: scan(text), at: 0, max_depth, diags: Vec::new() };
    let v = p.value(0);
    let (tok, span) = p.peek();
    if p.diags.is_empty() && tok != Tok::Eof {
        p.error("Extraneous data after value", "Extra characters appear after the JSON value.", span);
    }
    (v, p.diags)
}

impl Parser<'_> {
    fn peek(&self) -> (Tok, Span) {
        self.toks[self.at]
    }

    fn read(&mut self) -> (Tok, Span) {
        let t = self.toks[self.at];
        if t.0 != Tok::Eof {
            self.at += 1;
        }
        t
    }

    fn error(&mut self, summary: &str, detail: &str, span: Span) {
        self.diags.push(Diagnostic::error(summary, detail.to_string(), span));
    }

    fn value(&mut self, depth: usize) -> Json {
        let (tok, span) = self.peek();
        if depth > self.max_depth {
            self.diags.push(crate::syntax::too_deep(self.max_depth, span));
            return Json::Invalid(span);
        }
        let node = match tok {
            Tok::BraceO => self.object(depth),
            Tok::BrackO => self.array(depth),
            Tok::Number => self.scalar(span),
            Tok::String => self.scalar(span),
            Tok::Keyword => self.scalar(span),
            _ => {
                const START: &str = "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.";
                match tok {
                    Tok::BraceC => self.error("Missing JSON value", START, span),
                    Tok::BrackC => self.error("Missing array element value", START, span),
                    Tok::Eof => self.error("Missing value", "The JSON data ends prematurely.", span),
                    _ => self.error("Invalid start of value", START, span),
                }
                None
            }
        };
        node.unwrap_or(Json::Invalid(span))
    }

    fn scalar(&mut self, span: Span) -> Option<Json> {
        let (tok, _) = self.read();
        let raw = &self.text[span.start..span.end];
        match tok {
            Tok::Number => match serde_json::from_str::<serde_json::Number>(raw) {
                Ok(_) => Some(Json::Number(span)),
                Err(_) => {
                    self.error("Invalid JSON number", "There is a syntax error in the given JSON number.", span);
                    None
                }
            },
            Tok::String => match serde_json::from_str::<String>(raw) {
                Ok(value) => Some(Json::String { value, span }),
                Err(_) => {
                    self.error("Invalid JSON string", "There is a syntax error in the given JSON string.", span);
                    None
                }
            },
            _ => match raw {
                "true" | "false" | "null" => Some(Json::Keyword(span)),
                "undefined" | "NaN" | "Infinity" => {
                    self.error("Invalid JSON keyword", &format!("The JavaScript identifier {raw:?} cannot be used in JSON."), span);
                    None
                }
                _ => {
                    let suggestion = ["true", "false", "null"].into_iter().find(|k| strsim::levenshtein(raw, k) < 3);
                    let dym = suggestion.map(|s| format!(" Did you mean {s:?}?")).unwrap_or_default();
                    self.error("Invalid JSON keyword", &format!("{raw:?} is not a valid JSON keyword.{dym}"), span);
                    None
                }
            },
        }
    }

    /// Skips to what seems the end of the object (or array) being read,
    /// from token `tok` on, as HCL's `recover` does.
    fn recover(&mut self, mut tok: Tok, open_tok: Tok, close_tok: Tok) {
        let mut open = 1;
        loop {
            if tok == open_tok {
                open += 1;
            } else if tok == close_tok {
                open -= 1;
                if open <= 1 {
                    return;
                }
            } else if tok == Tok::Eof {
                return;
            }
            tok = self.read().0;
        }
    }

    fn object(&mut self, depth: usize) -> Option<Json> {
        let (_, open) = self.read();
        let mut props = Vec::new();
        loop {
            if self.peek().0 == Tok::BraceC {
                break;
            }
            let key = self.value(depth + 1);
            let Json::String { value: name, span: key_span } = key else {
                self.error("Invalid object property name", "A JSON object property name must be a string", key.start());
                return None;
            };
            let (colon, colon_span) = self.read();
            if colon != Tok::Colon {
                self.recover(colon, Tok::BraceO, Tok::BraceC);
                match colon {
                    Tok::BraceC | Tok::Comma => {
                        self.error("Missing object value", "A JSON object attribute must have a value, introduced by a colon.", colon_span)
                    }
                    Tok::Equals => self.error(
                        "Missing property value colon",
                        "JSON uses a colon as its name/value delimiter, not an equals sign.",
                        colon_span,
                    ),
                    _ => self.error(
                        "Missing property value colon",
                        "A colon must appear between an object property's name and its value.",
                        colon_span,
                    ),
                }
                return None;
            }
            let value = self.value(depth + 1);
            props.push((name, key_span, value));
            match self.peek() {
                (Tok::Comma, comma) => {
                    self.read();
                    if self.peek().0 == Tok::BraceC {
                        self.error(
                            "Trailing comma in object",
                            "JSON does not permit a trailing comma after the final property in an object.",
                            comma,
                        );
                        return None;
                    }
                }
                (Tok::Eof, _) => {
                    self.error("Unclosed object", "No closing brace was found for this JSON object.", open);
                    return None;
                }
                (Tok::BrackC, _) => {
                    self.read();
                    self.error("Mismatched braces", "A JSON object must be closed with a brace, not a bracket.", self.peek().1);
                    return None;
                }
                (Tok::BraceC, _) => break,
                _ => {
                    let (t, _) = self.read();
                    self.recover(t, Tok::BraceO, Tok::BraceC);
                    self.error(
                        "Missing attribute seperator comma",
                        "A comma must appear between each property definition in an object.",
                        self.peek().1,
                    );
                    return None;
                }
            }
        }
        let (_, close) = self.read();
        Some(Json::Object { props, span: open.to(close) })
    }

    fn array(&mut self, depth: usize) -> Option<Json> {
        let (_, open) = self.read();
        let mut items = Vec::new();
        loop {
            if self.peek().0 == Tok::BrackC {
                break;
            }
            items.push(self.value(depth + 1));
            let (summary, detail) = match self.peek() {
                (Tok::Comma, comma) => {
                    self.read();
                    if self.peek().0 == Tok::BrackC {
                        self.error(
                            "Trailing comma in array",
                            "JSON does not permit a trailing comma after the final value in an array.",
                            comma,
                        );
                        return None;
                    }
                    continue;
                }
                (Tok::BrackC, _) => break,
                (Tok::Colon, _) => ("Invalid array value", "A colon is not used to introduce values in a JSON array."),
                (Tok::Eof, _) => ("Unclosed object", "No closing bracket was found for this JSON array."),
                (Tok::BraceC, _) => ("Mismatched brackets", "A JSON array must be closed with a bracket, not a brace."),
                _ => ("Missing attribute seperator comma", "A comma must appear between each value in an array."),
            };
            // An array the text ends in is reported where it opens.
            let unclosed = self.peek().0 == Tok::Eof;
            let (t, _) = self.read();
            self.recover(t, Tok::BrackO, Tok::BrackC);
            let at = if unclosed { open } else { self.peek().1 };
            self.error(summary, detail, at);
            return None;
        }
        let (_, close) = self.read();
        Some(Json::Array { items, span: open.to(close) })
    }
}
