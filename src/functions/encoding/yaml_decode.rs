//! go-cty-yaml's decoder over yaml-rust2's events: YAML 1.1 scalar
//! resolution (quoted scalars are always strings), anchors, merge keys,
//! and go-cty-yaml's messages, positioned as libyaml's 0-based marks
//! make them ("on line L, column C: …" only past the first line).

use super::base64::go_base64_decode;
use super::{str_arg, CallError, CallResult, Ctx, MAX_NESTING};
use crate::profile::Profile;
use crate::value::go_quote;
use crate::value::{Number, Type, Value};
use std::collections::{BTreeMap, HashMap};
use yaml_rust2::parser::{Event, Parser, Tag};
use yaml_rust2::scanner::{Marker, ScanError, Scanner, TScalarStyle, TokenType};

const STR_TAG: &str = "tag:yaml.org,2002:str";
const BOOL_TAG: &str = "tag:yaml.org,2002:bool";
const INT_TAG: &str = "tag:yaml.org,2002:int";
const FLOAT_TAG: &str = "tag:yaml.org,2002:float";
const NULL_TAG: &str = "tag:yaml.org,2002:null";
const TIMESTAMP_TAG: &str = "tag:yaml.org,2002:timestamp";
const BINARY_TAG: &str = "tag:yaml.org,2002:binary";
const MERGE_TAG: &str = "tag:yaml.org,2002:merge";
const SEQ_TAG: &str = "tag:yaml.org,2002:seq";
const MAP_TAG: &str = "tag:yaml.org,2002:map";

/// A decoded node: go-cty-yaml's implied type and its value.
type Node = (Type, Value);

/// A libyaml-style position: 0-based line and column.
#[derive(Clone, Copy)]
struct Pos {
    line: usize,
    col: usize,
}

impl From<&Marker> for Pos {
    fn from(m: &Marker) -> Pos {
        Pos { line: m.line().saturating_sub(1), col: m.col() }
    }
}

/// go-cty-yaml's `parseEventErrorWrap`: line 0 gets no position.
fn at(pos: Pos, msg: impl Into<String>) -> String {
    let msg = msg.into();
    if pos.line == 0 {
        msg
    } else {
        format!("on line {}, column {}: {msg}", pos.line, pos.col + 1)
    }
}

fn fail(pos: Pos, msg: impl Into<String>) -> CallError {
    CallError::call(at(pos, msg))
}

/// A scanner error as go-cty-yaml places it: on the next line, column 1.
fn scanner_error(line: usize, problem: &str) -> String {
    if line == 0 {
        problem.to_string()
    } else {
        format!("on line {}, column 1: {problem}", line + 1)
    }
}

/// libyaml's wording and go-cty-yaml's placing of a syntax error that
/// yaml-rust2 reports in its own words.
fn syntax_error(e: &ScanError, text: &[char]) -> String {
    let info = e.info();
    let problem = match info.split_once(", ") {
        Some((context, problem)) if context.starts_with("while ") => problem,
        _ => info,
    };
    let problem = match problem {
        "expected ',' or ']'" => "did not find expected ',' or ']'",
        "expected ',' or '}'" => "did not find expected ',' or '}'",
        "found a tab" => "found a tab character that violates indentation",
        "a block scalar content cannot start with a tab" => "found a tab character where an indentation space is expected",
        "simple key expect ':'" | "simple key expected" => "could not find expected ':'",
        "did not find expected <document-start>" => "did not find expected <document start>",
        p if p.starts_with("unexpected character") || p.starts_with("tab") => "found character that cannot start any token",
        p => p,
    };
    let parser_error = [
        "did not find expected <document start>",
        "did not find expected node content",
        "did not find expected ',' or ']'",
        "did not find expected ',' or '}'",
        "did not find expected key",
        "did not find expected '-' indicator",
        "found undefined tag handle",
        "found incompatible YAML document",
    ]
    .contains(&problem);
    let mut pos = Pos::from(e.marker());
    if problem == "found unexpected end of stream" {
        // libyaml notices at the end of the input.
        pos.line = text.iter().filter(|&&c| c == '\n').count();
    }
    if parser_error {
        at(pos, problem)
    } else {
        scanner_error(pos.line, problem)
    }
}

enum Anchor {
    Pending(usize),
    Done(Node),
}

/// What one pass over the source by yaml-rust2's scanner tells: the
/// anchor and alias names in order, and where libyaml would refuse the
/// text.
struct Tokens {
    anchors: Vec<String>,
    aliases: Vec<String>,
    /// The first thing libyaml refuses that yaml-rust2 accepts (a tab,
    /// an anchor name): the char index of its token, and the message.
    bad_syntax: Option<(usize, String)>,
}

fn scan_tokens(chars: &[char]) -> Tokens {
    let mut t = Tokens { anchors: Vec::new(), aliases: Vec::new(), bad_syntax: None };
    let mut flow = 0usize;
    // Each token's start, whether it is in a flow collection, and
    // whether it is a plain scalar or another scalar.
    let mut starts: Vec<(usize, bool, Option<TScalarStyle>)> = Vec::new();
    let mut scanner = Scanner::new(chars.iter().copied());
    for tok in scanner.by_ref() {
        let in_flow = flow > 0;
        let starts_node = match &tok.1 {
            TokenType::Anchor(name) | TokenType::Alias(name) => {
                if matches!(tok.1, TokenType::Anchor(_)) {
                    t.anchors.push(name.clone());
                } else {
                    t.aliases.push(name.clone());
                }
                if t.bad_syntax.is_none() {
                    if let Some(line) = bad_anchor_name(chars, tok.0.index()) {
                        t.bad_syntax = Some((tok.0.index(), scanner_error(line, "did not find expected alphabetic or numeric character")));
                    }
                }
                true
            }
            TokenType::FlowSequenceStart | TokenType::FlowMappingStart => {
                flow += 1;
                true
            }
            TokenType::FlowSequenceEnd | TokenType::FlowMappingEnd => {
                flow = flow.saturating_sub(1);
                false
            }
            TokenType::Scalar(..) | TokenType::Tag(..) | TokenType::BlockEntry | TokenType::Key => true,
            TokenType::Value => {
                starts.push((tok.0.index(), in_flow, None));
                false
            }
            _ => false,
        };
        let style = match &tok.1 {
            TokenType::Scalar(style, _) => Some(*style),
            _ => None,
        };
        if starts_node {
            starts.push((tok.0.index(), in_flow, style));
            if !in_flow && t.bad_syntax.is_none() && tab_before(chars, tok.0.index()) {
                let line = tok.0.line().saturating_sub(1);
                t.bad_syntax = Some((tok.0.index(), scanner_error(line, "found character that cannot start any token")));
            }
        }
    }
    // A line starting with a tab (or a blank line with one before any
    // content) in the block context, up to the line the scanner stopped on.
    let scanned = scanner.get_error().map_or(usize::MAX, |e| e.marker().line().saturating_sub(1));
    let mut line_start = 0;
    for (line, text) in chars.split(|&c| c == '\n').enumerate().take(scanned) {
        let begin = line_start;
        line_start += text.len() + 1;
        let tab_first = text.first() == Some(&'\t');
        let blank_with_tab = text.iter().all(|c| c.is_whitespace()) && text.contains(&'\t');
        if !tab_first && !blank_with_tab || t.bad_syntax.as_ref().is_some_and(|(i, _)| *i < begin) {
            continue;
        }
        let before = starts.iter().rev().find(|(i, ..)| *i < begin);
        let problem = match before {
            None => "found character that cannot start any token",
            Some((_, true, _)) | Some((_, _, Some(TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted))) => continue,
            Some(_) if !tab_first => continue,
            Some((_, _, Some(TScalarStyle::Literal | TScalarStyle::Folded))) => {
                "found a tab character where an indentation space is expected"
            }
            Some((_, _, Some(TScalarStyle::Plain))) => "found a tab character that violates indentation",
            Some(_) => "found character that cannot start any token",
        };
        t.bad_syntax = Some((begin, scanner_error(line, problem)));
        break;
    }
    t
}

/// libyaml's anchor and alias names: letters, digits, '_' and '-', then
/// a blank or one of `?:,]}%@` and a backquote. The line of the problem
/// when the name at `index` (its `&` or `*`) breaks that.
fn bad_anchor_name(chars: &[char], index: usize) -> Option<usize> {
    let name = chars.iter().skip(index + 1).take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-')).count();
    let end = index + 1 + name;
    let ok =
        name > 0 && chars.get(end).map_or(true, |c| matches!(c, ' ' | '\t' | '\r' | '\n' | '?' | ':' | ',' | ']' | '}' | '%' | '@' | '`'));
    (!ok).then(|| chars[..end.min(chars.len())].iter().filter(|&&c| c == '\n').count())
}

/// In the block context libyaml skips a tab only after a simple key's
/// `:`; a token after indentation, `-`, `?` or a complex key's `:` with
/// a tab among them is an error there.
fn tab_before(chars: &[char], index: usize) -> bool {
    let index = index.min(chars.len());
    let line_start = chars[..index].iter().rposition(|&c| c == '\n' || c == '\r').map_or(0, |i| i + 1);
    let prefix = &chars[line_start..index];
    prefix.contains(&'\t') && prefix.iter().all(|c| matches!(c, ' ' | '\t' | '-' | '?' | ':'))
}

/// How the event stream ends early.
enum StreamError {
    Syntax(String),
    /// yaml-rust2 refuses an alias to an unknown anchor while parsing.
    UnknownAlias(Pos, String, bool),
}

struct Decoder<'c, 'e> {
    events: Vec<(Event, Marker)>,
    error: Option<StreamError>,
    next: usize,
    chars: Vec<char>,
    tokens: Tokens,
    aliases_seen: usize,
    /// go-cty-yaml tracks anchors by name.
    anchors: HashMap<String, Anchor>,
    /// The scalar event whose text loses its final line break (the
    /// input ends inside a block scalar without one).
    unterminated_block: Option<usize>,
    /// The first error of go-cty-yaml's second (value) pass, which is
    /// only reported when its first (type) pass succeeds.
    value_error: Option<String>,
    ctx: &'c mut Ctx<'e>,
    depth: usize,
}

fn is_block(style: TScalarStyle) -> bool {
    matches!(style, TScalarStyle::Literal | TScalarStyle::Folded)
}

fn tag_string(tag: &Option<Tag>) -> String {
    tag.as_ref().map(|t| format!("{}{}", t.handle, t.suffix)).unwrap_or_default()
}

impl Decoder<'_, '_> {
    /// The next event and its index; `key` when a mapping key is due
    /// (go-cty-yaml refuses an alias there before looking it up).
    fn next(&mut self, key: bool, profile: Profile) -> Result<(Event, Marker, usize), CallError> {
        self.ctx.charge(1)?;
        let i = self.next;
        if let Some((ev, mark)) = self.events.get(i) {
            self.next += 1;
            return Ok((ev.clone(), *mark, i));
        }
        Err(match self.error.take() {
            Some(StreamError::Syntax(m)) => CallError::call(m),
            Some(StreamError::UnknownAlias(pos, _, is_key)) if key || is_key => fail(pos, "only strings are allowed as mapping keys"),
            Some(StreamError::UnknownAlias(pos, name, _)) => {
                fail(pos, format!("reference to undefined anchor {}", go_quote(&name, profile)))
            }
            None => CallError::call("invalid YAML syntax"),
        })
    }

    fn value_error(&mut self, msg: String) {
        self.value_error.get_or_insert(msg);
    }

    /// Where libyaml starts a node's event: at its first property (tag
    /// or anchor), or a block scalar's indicator.
    fn node_start(&self, mark: &Marker, block_scalar: bool, props: bool) -> Pos {
        let c = &self.chars;
        let mut i = mark.index().min(c.len());
        if block_scalar {
            if let Some(p) = c[..i].iter().rposition(|&x| x == '|' || x == '>') {
                i = p;
            }
        }
        if props {
            for _ in 0..2 {
                let end = c[..i].iter().rposition(|x| !x.is_whitespace()).map_or(0, |p| p + 1);
                let start = c[..end].iter().rposition(|x| x.is_whitespace()).map_or(0, |p| p + 1);
                if matches!(c.get(start), Some('!' | '&')) {
                    i = start;
                } else {
                    break;
                }
            }
        }
        let line_start = c[..i].iter().rposition(|&x| x == '\n').map_or(0, |p| p + 1);
        Pos { line: c[..i].iter().filter(|&&x| x == '\n').count(), col: i - line_start }
    }

    fn begin_anchor(&mut self, id: usize) -> Option<String> {
        let name = self.tokens.anchors.get(id.checked_sub(1)?)?.clone();
        match self.anchors.get_mut(&name) {
            Some(Anchor::Pending(n)) => *n += 1,
            _ => {
                self.anchors.insert(name.clone(), Anchor::Pending(1));
            }
        }
        Some(name)
    }

    fn complete_anchor(&mut self, name: Option<String>, node: &Node) {
        if let Some(name) = name {
            // An outer definition of the same name may still be open.
            let still_open = match self.anchors.get(&name) {
                Some(Anchor::Pending(n)) if *n > 1 => Some(*n - 1),
                _ => None,
            };
            self.anchors.insert(name, still_open.map_or_else(|| Anchor::Done(node.clone()), Anchor::Pending));
        }
    }

    fn node(&mut self, ev: Event, mark: Marker, index: usize, profile: Profile) -> Result<Node, CallError> {
        match ev {
            Event::Scalar(mut text, style, anchor, tag) => {
                if self.unterminated_block == Some(index) {
                    text.pop();
                }
                // A clipped block scalar with no content is empty to
                // libyaml (yaml-rust2 keeps a line break).
                if is_block(style) && !text.is_empty() && text.chars().all(|c| c == '\n') && block_chomp(&self.chars, &mark).is_none() {
                    text.clear();
                }
                let anchor = self.begin_anchor(anchor);
                let tag = tag_string(&tag);
                // libyaml's "plain implicit": untagged plain, or the "!" tag.
                let implicit = (tag.is_empty() && style == TScalarStyle::Plain) || tag == "!";
                let node = if tag.is_empty() && !implicit {
                    // The type pass calls any other untagged scalar a
                    // string; the value pass resolves it, then converts.
                    let v = match resolve(&tag, &text, style, profile) {
                        Ok(v) => crate::value::convert::convert(&v, &Type::String, profile).unwrap_or(Value::Null(Type::String)),
                        Err(e) => {
                            let pos = self.node_start(&mark, is_block(style), anchor.is_some());
                            self.value_error(at(pos, e));
                            Value::Null(Type::String)
                        }
                    };
                    (Type::String, v)
                } else {
                    let v = resolve(&tag, &text, style, profile)
                        .map_err(|e| fail(self.node_start(&mark, is_block(style), anchor.is_some() || !tag.is_empty()), e))?;
                    (v.ty(), v)
                };
                self.complete_anchor(anchor, &node);
                Ok(node)
            }
            Event::Alias(_) => {
                let name = self.tokens.aliases.get(self.aliases_seen).cloned().unwrap_or_default();
                self.aliases_seen += 1;
                match self.anchors.get(&name) {
                    Some(Anchor::Done(node)) => {
                        let node = node.clone();
                        self.ctx.charge(node.1.weight() as u64)?;
                        Ok(node)
                    }
                    Some(Anchor::Pending(_)) => Err(fail(
                        (&mark).into(),
                        format!("cannot refer to anchor {} from inside its own definition", go_quote(&name, profile)),
                    )),
                    None => Err(fail((&mark).into(), format!("reference to undefined anchor {}", go_quote(&name, profile)))),
                }
            }
            Event::SequenceStart(anchor, tag) => {
                let tag = tag_string(&tag);
                if !tag.is_empty() && tag != SEQ_TAG {
                    return Err(fail(self.node_start(&mark, false, true), format!("can't interpret sequence as {tag}")));
                }
                let anchor = self.enter(anchor)?;
                let (mut types, mut vals) = (Vec::new(), Vec::new());
                loop {
                    let (ev, mark, i) = self.next(false, profile)?;
                    if let Event::SequenceEnd = ev {
                        break;
                    }
                    let (t, v) = self.node(ev, mark, i, profile)?;
                    types.push(t);
                    vals.push(v);
                }
                self.ctx.check_size(vals.len())?;
                Ok(self.leave(anchor, (Type::tuple(types), Value::Tuple(vals.into()))))
            }
            Event::MappingStart(anchor, tag) => {
                let tag = tag_string(&tag);
                if !tag.is_empty() && tag != MAP_TAG {
                    return Err(fail(self.node_start(&mark, false, true), format!("can't interpret mapping as {tag}")));
                }
                let anchor = self.enter(anchor)?;
                let mut attrs: BTreeMap<String, Node> = BTreeMap::new();
                loop {
                    let (ev, key_mark, i) = self.next(true, profile)?;
                    let (mut text, style, tag) = match ev {
                        Event::MappingEnd => break,
                        Event::Scalar(text, style, _, tag) => (text, style, tag_string(&tag)),
                        _ => return Err(fail((&key_mark).into(), "only strings are allowed as mapping keys")),
                    };
                    if self.unterminated_block == Some(i) {
                        text.pop();
                    }
                    if (tag.is_empty() && text == "<<") || tag == MERGE_TAG {
                        let (ev, mark, i) = self.next(false, profile)?;
                        let (t, v) = self.node(ev, mark, i, profile)?;
                        // go-cty-yaml 1.2 (OpenTofu) merges a sequence of
                        // mappings too; 1.1 (Terraform) only a mapping.
                        let sequences = self.ctx.profile() != crate::profile::Profile::Terraform;
                        merge(&mut attrs, t, v, (&key_mark).into(), sequences)?;
                        continue;
                    }
                    // go-cty-yaml neither positions key errors nor
                    // records anchors on keys.
                    let key = resolve(&tag, &text, style, profile).map_err(CallError::call)?;
                    let key = match crate::value::convert::convert(&key, &Type::String, profile) {
                        Ok(Value::String(s)) => s,
                        Ok(_) => return Err(fail((&key_mark).into(), "mapping key cannot be null")),
                        Err(_) => return Err(fail((&key_mark).into(), "only strings are allowed as mapping keys")),
                    };
                    let (ev, mark, i) = self.next(false, profile)?;
                    let node = self.node(ev, mark, i, profile)?;
                    attrs.insert(key, node);
                }
                self.ctx.check_size(attrs.len())?;
                let (types, vals): (BTreeMap<_, _>, BTreeMap<_, _>) = attrs.into_iter().map(|(k, (t, v))| ((k.clone(), t), (k, v))).unzip();
                Ok(self.leave(anchor, (Type::object(types), Value::Object(vals.into()))))
            }
            Event::DocumentStart => Err(fail((&mark).into(), "only a single document is allowed")),
            Event::StreamEnd => Err(fail((&mark).into(), "expecting value but found end of stream")),
            Event::MappingEnd if self.ctx.profile() == crate::profile::Profile::Terraform => {
                Err(fail((&mark).into(), "unexpected parser event mapping end"))
            }
            Event::SequenceEnd if self.ctx.profile() == crate::profile::Profile::Terraform => {
                Err(fail((&mark).into(), "unexpected parser event sequence end"))
            }
            Event::MappingEnd => Err(fail((&mark).into(), "expecting value but found end of mapping")),
            Event::SequenceEnd => Err(fail((&mark).into(), "expecting value but found end of sequence")),
            _ => Err(fail((&mark).into(), "unexpected parser event")),
        }
    }

    fn enter(&mut self, anchor: usize) -> Result<Option<String>, CallError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(CallError::call(format!("YAML value nested more than {MAX_NESTING} levels deep")));
        }
        Ok(self.begin_anchor(anchor))
    }

    fn leave(&mut self, anchor: Option<String>, node: Node) -> Node {
        self.depth -= 1;
        self.complete_anchor(anchor, &node);
        node
    }
}

/// A `<<` key: the value must be a mapping or a sequence of them.
fn merge(attrs: &mut BTreeMap<String, Node>, t: Type, v: Value, pos: Pos, sequences: bool) -> Result<(), CallError> {
    let mut add = |t: Type, v: Value| {
        if let (Type::Object(ts), Value::Object(vs)) = (t, v) {
            for ((k, t), (_, v)) in std::sync::Arc::unwrap_or_clone(ts).into_iter().zip(vs) {
                attrs.insert(k, (t, v));
            }
        }
    };
    match (t, v) {
        (t @ Type::Object(_), v) => add(t, v),
        (Type::Tuple(ts), Value::Tuple(vs)) if sequences => {
            if let Some(bad) = ts.iter().find(|t| !matches!(t, Type::Object(_))) {
                return Err(fail(pos, format!("cannot merge {} (from sequence) into mapping", bad.friendly_name())));
            }
            for (t, v) in std::sync::Arc::unwrap_or_clone(ts).into_iter().zip(vs) {
                add(t, v);
            }
        }
        (t, _) => return Err(fail(pos, format!("cannot merge {} into mapping", t.friendly_name()))),
    }
    Ok(())
}

type Events = (Vec<(Event, Marker)>, Option<StreamError>);

/// yaml-rust2's events up to the end or the first error. A tab after a
/// simple key's `:` is whitespace to libyaml but not to yaml-rust2, so
/// such a tab is read as a space and the text parsed again.
fn parse_events(text: &mut [char], ctx: &mut Ctx) -> Result<(Events, Tokens), CallError> {
    for _ in 0..64 {
        let tokens = scan_tokens(text);
        if let Some(events) = parse_once(text, &tokens, ctx)? {
            return Ok((events, tokens));
        }
    }
    Err(CallError::call("invalid YAML syntax"))
}

/// One parse; `None` when a tab was replaced and the text needs another.
fn parse_once(text: &mut [char], tokens: &Tokens, ctx: &mut Ctx) -> Result<Option<Events>, CallError> {
    let source: String = text.iter().collect();
    let mut parser = Parser::new_from_str(&source);
    let mut events = Vec::new();
    let mut aliases = 0;
    let error = loop {
        match parser.next_token() {
            Ok((ev, mark)) => {
                if let Some((at_index, msg)) = &tokens.bad_syntax {
                    if mark.index() >= *at_index {
                        break Some(StreamError::Syntax(msg.clone()));
                    }
                }
                ctx.charge(1)?;
                let end = matches!(ev, Event::StreamEnd);
                aliases += usize::from(matches!(ev, Event::Alias(_)));
                events.push((ev, mark));
                if end {
                    break None;
                }
            }
            Err(e) if e.info() == "':' must be followed by a valid YAML whitespace" => {
                let end = e.marker().index().min(text.len());
                let colon = text[..end].iter().rposition(|&c| c == ':');
                let line_start = text[..end].iter().rposition(|&c| c == '\n').map_or(0, |p| p + 1);
                match colon {
                    // After a simple key's `:` a tab is whitespace; after
                    // a complex key's (alone on its line) it is refused.
                    Some(c) if c >= line_start && text.get(c + 1) == Some(&'\t') => {
                        if text[line_start..c].iter().all(|&x| x == ' ') {
                            let line = e.marker().line().saturating_sub(1);
                            break Some(StreamError::Syntax(scanner_error(line, "found character that cannot start any token")));
                        }
                        text[c + 1] = ' ';
                        return Ok(None);
                    }
                    _ => break Some(StreamError::Syntax(syntax_error(&e, text))),
                }
            }
            Err(e) if tokens.bad_syntax.as_ref().is_some_and(|(i, _)| *i <= e.marker().index()) => {
                break tokens.bad_syntax.as_ref().map(|(_, msg)| StreamError::Syntax(msg.clone()));
            }
            Err(e) if e.info().contains("tab") => {
                if let Some((_, msg)) = &tokens.bad_syntax {
                    break Some(StreamError::Syntax(msg.clone()));
                }
                // A tab in a quoted scalar's continuation indentation
                // is whitespace to libyaml.
                let i = e.marker().index();
                if e.info() == "tab cannot be used as indentation" && text.get(i) == Some(&'\t') {
                    text[i] = ' ';
                    return Ok(None);
                }
                // yaml-rust2 places a plain scalar's bad tab at the
                // scalar; libyaml at the tab's line.
                if e.info().ends_with("found a tab") {
                    let tab = text[i.min(text.len())..].windows(2).position(|w| w == ['\n', '\t']);
                    if let Some(p) = tab {
                        let line = text[..i + p + 1].iter().filter(|&&c| c == '\n').count();
                        break Some(StreamError::Syntax(scanner_error(line, "found a tab character that violates indentation")));
                    }
                }
                break Some(StreamError::Syntax(syntax_error(&e, text)));
            }
            Err(e) if e.info().ends_with("found unknown anchor") => {
                // libyaml's anchor names are letters, digits, '_' and
                // '-'; a ':' after one makes the alias a mapping key.
                let raw = tokens.aliases.get(aliases).cloned().unwrap_or_default();
                let name: String = raw.chars().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-')).collect();
                let after = text.iter().skip(e.marker().index() + 1 + name.chars().count()).find(|c| **c != ' ');
                let key = raw[name.len()..].starts_with(':') || after == Some(&':');
                break Some(StreamError::UnknownAlias(e.marker().into(), name, key));
            }
            Err(e) => break Some(StreamError::Syntax(syntax_error(&e, text))),
        }
    };
    Ok(Some((events, error)))
}

/// go-cty-yaml's `Unmarshal` with the type from `ImpliedType`.
pub(super) fn decode(src: &str, ctx: &mut Ctx) -> Result<Value, CallError> {
    ctx.charge(src.len() as u64 / 16)?;
    let profile = ctx.profile();
    // go-cty-yaml reads an empty source as a single newline; libyaml
    // drops a byte order mark.
    let src = src.strip_prefix('\u{FEFF}').unwrap_or(src);
    let mut chars: Vec<char> = if src.is_empty() { vec!['\n'] } else { src.chars().collect() };
    let ((events, error), tokens) = parse_events(&mut chars, ctx)?;
    let unterminated_block = unterminated_block(&chars, &events);
    let mut d = Decoder {
        events,
        error,
        next: 0,
        chars,
        tokens,
        aliases_seen: 0,
        anchors: HashMap::new(),
        unterminated_block,
        value_error: None,
        ctx,
        depth: 0,
    };
    let (ev, mark, _) = d.next(false, profile)?;
    if !matches!(ev, Event::StreamStart) {
        return Err(fail((&mark).into(), "missing stream start token"));
    }
    let (ev, mark, _) = d.next(false, profile)?;
    if !matches!(ev, Event::DocumentStart) {
        return Err(fail((&mark).into(), "missing start of document"));
    }
    let (ev, mark, i) = d.next(false, profile)?;
    let (_, value) = d.node(ev, mark, i, profile)?;
    let (ev, mark, _) = d.next(false, profile)?;
    match ev {
        Event::DocumentEnd => {}
        Event::DocumentStart => return Err(fail((&mark).into(), "only a single document is allowed")),
        _ => return Err(fail((&mark).into(), "unexpected extra content after value")),
    }
    let explicit_end = d.chars.get(mark.index()..mark.index() + 3) == Some(&['.', '.', '.'][..]);
    let (ev, mark, _) = d.next(false, profile)?;
    if !matches!(ev, Event::StreamEnd) {
        // After an explicit end (`...`) libyaml needs a `---` to start
        // another document.
        let marked = d.chars.get(mark.index()..mark.index() + 3) == Some(&['-', '-', '-'][..]);
        if explicit_end && matches!(ev, Event::DocumentStart) && !marked {
            // (at the first token on the line)
            let line_start = d.chars[..mark.index().min(d.chars.len())].iter().rposition(|&c| c == '\n').map_or(0, |p| p + 1);
            let col = d.chars[line_start..].iter().take_while(|c| c.is_whitespace()).count();
            return Err(fail(Pos { line: Pos::from(&mark).line, col }, "did not find expected <document start>"));
        }
        return Err(fail((&mark).into(), "unexpected extra content after value"));
    }
    match d.value_error {
        Some(e) => Err(CallError::call(e)),
        None => Ok(value),
    }
}

/// A block scalar's chomping indicator (`+` or `-`), from its header.
fn block_chomp(chars: &[char], mark: &Marker) -> Option<char> {
    let header = chars[..mark.index().min(chars.len())].iter().rposition(|&c| c == '|' || c == '>')?;
    chars[header + 1..].iter().take_while(|c| matches!(c, '+' | '-' | '0'..='9')).copied().find(|c| matches!(c, '+' | '-'))
}

/// yaml-rust2 ends a block scalar's last line with a break even where
/// the input has none; libyaml does not. This finds the block scalar
/// the input ends in, if it does, and its chomping keeps that break.
fn unterminated_block(chars: &[char], events: &[(Event, Marker)]) -> Option<usize> {
    if matches!(chars.last(), Some('\n' | '\r')) {
        return None;
    }
    let (i, (ev, mark)) = events.iter().enumerate().rev().find(|(_, (ev, _))| matches!(ev, Event::Scalar(..) | Event::Alias(_)))?;
    let Event::Scalar(text, TScalarStyle::Literal | TScalarStyle::Folded, ..) = ev else { return None };
    chars[..mark.index().min(chars.len())].iter().rposition(|&c| c == '|' || c == '>')?;
    let chomp = block_chomp(chars, mark);
    let last_line = &chars[chars.iter().rposition(|&c| c == '\n' || c == '\r').map_or(0, |p| p + 1)..];
    let indent = last_line.iter().take_while(|&&c| c == ' ').count();
    let blank = last_line.iter().all(|c| c.is_whitespace());
    let inside = match chomp {
        Some('-') => false,
        Some(_) => blank || indent >= mark.col(),
        None => !blank && indent >= mark.col(),
    };
    (text.ends_with('\n') && inside).then_some(i)
}

/// go-cty-yaml's `resolveScalar`.
fn resolve(tag: &str, src: &str, style: TScalarStyle, profile: Profile) -> Result<Value, String> {
    let resolvable = tag.is_empty() || [STR_TAG, BOOL_TAG, INT_TAG, FLOAT_TAG, NULL_TAG, TIMESTAMP_TAG, BINARY_TAG].contains(&tag);
    if !resolvable {
        return Err(format!("unsupported tag {}", go_quote(tag, profile)));
    }
    let hint = match src.as_bytes().first() {
        None => b'N',
        Some(b'+' | b'-') => b'S',
        Some(b'0'..=b'9') => b'D',
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O' | b'~') => b'M',
        Some(b'.') => b'.',
        Some(_) => 0,
    };
    let mut tag = tag;
    if hint != 0 && tag != STR_TAG && tag != BINARY_TAG {
        if matches!(style, TScalarStyle::SingleQuoted | TScalarStyle::DoubleQuoted) {
            return Ok(Value::string(src, profile));
        }
        if let Some(v) = well_known(src) {
            return Ok(v);
        }
        if tag.is_empty() && matches!(src, ".nan" | ".NaN" | ".NAN") {
            return Err("floating point NaN is not supported".into());
        }
        match hint {
            b'.' => {
                if let Some(n) = Number::parse(src) {
                    return Ok(Value::Number(n));
                }
            }
            b'D' | b'S' => {
                if tag.is_empty() || tag == TIMESTAMP_TAG {
                    if let Some(t) = timestamp(src) {
                        return Ok(Value::string(t, profile));
                    }
                }
                if is_int_literal(src) {
                    tag = INT_TAG;
                } else if is_float_literal(src) {
                    tag = FLOAT_TAG;
                }
            }
            _ => {}
        }
    }
    match tag {
        STR_TAG | BINARY_TAG => {
            if tag == BINARY_TAG && go_base64_decode(src.as_bytes()).is_err() {
                return Err(format!("cannot parse {} as {}: not valid base64", go_quote(src, profile), tag));
            }
            Ok(Value::string(src, profile))
        }
        BOOL_TAG => match well_known(src) {
            Some(v @ Value::Bool(_)) => Ok(v),
            _ => Err(format!("cannot parse {} as {}", go_quote(src, profile), tag)),
        },
        INT_TAG | FLOAT_TAG => {
            let plain = src.replace('_', "");
            if let Some(n) = Number::parse(&plain) {
                return Ok(Value::Number(n));
            }
            go_parse_int(&plain).ok_or_else(|| format!("cannot parse {} as {}", go_quote(src, profile), tag))
        }
        TIMESTAMP_TAG => {
            timestamp(src).map(|t| Value::string(t, profile)).ok_or_else(|| format!("cannot parse {} as {}", go_quote(src, profile), tag))
        }
        NULL_TAG => Ok(Value::null()),
        "" => Ok(Value::string(src, profile)),
        other => Err(format!("unsupported tag {}", go_quote(other, profile))),
    }
}

/// The YAML 1.1 spellings of booleans, nulls and infinities.
fn well_known(src: &str) -> Option<Value> {
    Some(match src {
        "y" | "Y" | "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => Value::Bool(true),
        "n" | "N" | "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => Value::Bool(false),
        "" | "~" | "null" | "Null" | "NULL" => Value::null(),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => Value::Number(Number::infinity()),
        "-.inf" | "-.Inf" | "-.INF" => Value::Number(Number::neg_infinity()),
        _ => return None,
    })
}

/// `[-+]?[0-9]+`, `0o[0-7]+` or `0x[0-9a-fA-F]+`.
fn is_int_literal(s: &str) -> bool {
    let digits = |s: &str, f: fn(&u8) -> bool| !s.is_empty() && s.as_bytes().iter().all(f);
    if let Some(o) = s.strip_prefix("0o") {
        return digits(o, |b| (b'0'..=b'7').contains(b));
    }
    if let Some(x) = s.strip_prefix("0x") {
        return digits(x, u8::is_ascii_hexdigit);
    }
    digits(s.strip_prefix(['-', '+']).unwrap_or(s), u8::is_ascii_digit)
}

/// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`
fn is_float_literal(s: &str) -> bool {
    let b = s.strip_prefix(['-', '+']).unwrap_or(s).as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i > start
    };
    if b.first() == Some(&b'.') {
        i = 1;
        if !digits(&mut i) {
            return false;
        }
    } else {
        if !digits(&mut i) {
            return false;
        }
        if b.get(i) == Some(&b'.') {
            i += 1;
            digits(&mut i);
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == b.len()
}

/// Go's `strconv.ParseInt(s, 0, 64)`, then `ParseUint`: base prefixes
/// 0x, 0o, 0b and a leading 0 for octal.
fn go_parse_int(s: &str) -> Option<Value> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let lower = body.to_ascii_lowercase();
    let (radix, digits) = if let Some(d) = lower.strip_prefix("0x") {
        (16, d)
    } else if let Some(d) = lower.strip_prefix("0o") {
        (8, d)
    } else if let Some(d) = lower.strip_prefix("0b") {
        (2, d)
    } else if lower.len() > 1 && lower.starts_with('0') {
        (8, &lower[1..])
    } else {
        (10, lower.as_str())
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = u64::from_str_radix(digits, radix).ok()?;
    if neg {
        let v = i64::try_from(magnitude).ok().map(|m| -m).or((magnitude == 1 << 63).then_some(i64::MIN))?;
        Some(Value::Number(Number::from_i64(v)))
    } else if let Ok(v) = i64::try_from(magnitude) {
        Some(Value::Number(Number::from_i64(v)))
    } else if s.starts_with('+') {
        None
    } else {
        Some(Value::Number(Number::from_u64(magnitude)))
    }
}

/// go-cty-yaml's `parseTimestamp`, as RFC 3339 text: `YYYY-M-D`, then
/// optionally a `T`, `t` or spaces and `h:m:s` with a fraction (dropped),
/// and after a `T`/`t` a `Z` or `±hh:mm` zone.
fn timestamp(s: &str) -> Option<String> {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return None;
    }
    let mut p = Cursor { b, i: 5 };
    let year: u32 = s[..4].parse().ok()?;
    let month = p.num()?;
    p.lit(b'-')?;
    let day = p.num()?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in(month, year) {
        return None;
    }
    let date = format!("{year:04}-{month:02}-{day:02}");
    if p.i == b.len() {
        return Some(format!("{date}T00:00:00Z"));
    }
    let with_zone = match b[p.i] {
        b'T' | b't' => {
            p.i += 1;
            true
        }
        b' ' => {
            while p.i < b.len() && b[p.i] == b' ' {
                p.i += 1;
            }
            false
        }
        _ => return None,
    };
    let (h, m) = (p.num()?, {
        p.lit(b':')?;
        p.num()?
    });
    p.lit(b':')?;
    let sec = p.num()?;
    if h > 23 || m > 59 || sec > 59 {
        return None;
    }
    if p.i + 1 < b.len() && matches!(b[p.i], b'.' | b',') && b[p.i + 1].is_ascii_digit() {
        p.i += 1;
        while p.i < b.len() && b[p.i].is_ascii_digit() {
            p.i += 1;
        }
    }
    let zone = if with_zone {
        match &b[p.i..] {
            [b'Z', ..] => {
                p.i += 1;
                "Z".to_string()
            }
            [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2, ..] if [h1, h2, m1, m2].iter().all(|d| d.is_ascii_digit()) => {
                p.i += 6;
                let (hh, mm) = ((h1 - b'0') * 10 + (h2 - b'0'), (m1 - b'0') * 10 + (m2 - b'0'));
                if hh > 24 || mm > 60 {
                    return None;
                }
                if hh == 0 && mm == 0 {
                    "Z".to_string()
                } else {
                    format!("{}{hh:02}:{mm:02}", *sign as char)
                }
            }
            _ => return None,
        }
    } else {
        "Z".to_string()
    };
    (p.i == b.len()).then(|| format!("{date}T{h:02}:{m:02}:{sec:02}{zone}"))
}

struct Cursor<'b> {
    b: &'b [u8],
    i: usize,
}

impl Cursor<'_> {
    /// One or two digits, as Go's `getnum` reads a non-padded field.
    fn num(&mut self) -> Option<u32> {
        let d = |i: usize| self.b.get(i).filter(|c| c.is_ascii_digit()).map(|c| u32::from(c - b'0'));
        let first = d(self.i)?;
        match d(self.i + 1) {
            Some(second) => {
                self.i += 2;
                Some(first * 10 + second)
            }
            None => {
                self.i += 1;
                Some(first)
            }
        }
    }

    fn lit(&mut self, c: u8) -> Option<()> {
        (self.b.get(self.i) == Some(&c)).then(|| self.i += 1)
    }
}

fn days_in(month: u32, year: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

pub(super) fn yamldecode(a: &[Value], ctx: &mut Ctx) -> CallResult {
    decode(str_arg(a, 0), ctx)
}
