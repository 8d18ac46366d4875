//! From source text to the spanned syntax tree: the pest grammar in
//! `grammar/hcl.pest`, a `PrattParser` for operator precedence, and the
//! template post-processing HCL does after scanning (strip markers, `<<-`
//! indentation, directive pairing).

use crate::ast::*;
use crate::diagnostics::{Diagnostic, Diagnostics, Span};
use crate::value::{nfc, Number, Value};
use crate::Limits;
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser as _;
use std::sync::OnceLock;

/// The pest parser generated from `grammar/hcl.pest`.
mod grammar {
    #![allow(missing_docs)]
    #[derive(pest_derive::Parser)]
    #[grammar = "../grammar/hcl.pest"]
    pub struct HclParser;
}

use grammar::HclParser;
pub use grammar::Rule;

type Result<T> = std::result::Result<T, Diagnostic>;

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        // Lowest precedence first (hclsyntax/spec.md, "Operations").
        PrattParser::new()
            .op(Op::infix(Rule::or, Assoc::Left))
            .op(Op::infix(Rule::and, Assoc::Left))
            .op(Op::infix(Rule::equal, Assoc::Left) | Op::infix(Rule::not_equal, Assoc::Left))
            .op(Op::infix(Rule::less, Assoc::Left)
                | Op::infix(Rule::less_equal, Assoc::Left)
                | Op::infix(Rule::greater, Assoc::Left)
                | Op::infix(Rule::greater_equal, Assoc::Left))
            .op(Op::infix(Rule::add, Assoc::Left) | Op::infix(Rule::subtract, Assoc::Left))
            .op(Op::infix(Rule::multiply, Assoc::Left) | Op::infix(Rule::divide, Assoc::Left) | Op::infix(Rule::modulo, Assoc::Left))
            .op(Op::prefix(Rule::negate) | Op::prefix(Rule::not))
    })
}

/// Parses `source` as one expression (`hclsyntax.ParseExpression`).
pub fn parse_expression(source: &str, limits: &Limits) -> std::result::Result<Expression, Diagnostics> {
    parse_entry(source, limits, Rule::expression_file)
}

/// Parses `source` as a bare template (`hclsyntax.ParseTemplate`).
pub fn parse_template(source: &str, limits: &Limits) -> std::result::Result<Expression, Diagnostics> {
    parse_entry(source, limits, Rule::template_file)
}

fn parse_entry(source: &str, limits: &Limits, rule: Rule) -> std::result::Result<Expression, Diagnostics> {
    if let Some(at) = nesting_exceeds(source, limits.max_depth, rule == Rule::template_file) {
        return Err(vec![too_deep(limits.max_depth, Span::new(at, at + 1))]);
    }
    pest::set_call_limit(std::num::NonZeroUsize::new(limits.parse_calls_per_byte.saturating_mul(source.len().max(1024))));
    let pairs = match HclParser::parse(rule, source) {
        Ok(p) => p,
        Err(e) => return Err(vec![crate::parse_errors::from_pest(source, e)]),
    };
    let mut b = Builder { src: source, depth: 0, max_depth: limits.max_depth, diags: Vec::new() };
    let top = pairs.into_iter().next().expect("entry rule");
    let result = if rule == Rule::template_file {
        let span = Span::new(0, source.len());
        let mut toks = Vec::new();
        let mut failed = None;
        for p in top.into_inner().filter(|p| p.as_rule() != Rule::EOI) {
            if p.as_rule() == Rule::template_file_rest {
                toks.push(TemplateToken::Literal(unescape_token_markers(p.as_str()), span_of(&p)));
                continue;
            }
            if p.as_rule() == Rule::template_file_text {
                // HCL scans template text one line at a time, so strip
                // markers reach only as far as the neighbouring line.
                let start = p.as_span().start();
                let mut at = 0;
                for line in p.as_str().split_inclusive('\n') {
                    let newline_at = newline_token_start(line).unwrap_or(line.len());
                    for piece in [&line[..newline_at], &line[newline_at..]].into_iter().filter(|s| !s.is_empty()) {
                        let s = Span::new(start + at, start + at + piece.len());
                        toks.push(TemplateToken::Literal(unescape_template_markers(piece), s));
                        at += piece.len();
                    }
                }
                continue;
            }
            match b.template_token(p) {
                Ok(t) => toks.push(t),
                Err(d) => {
                    failed = Some(d);
                    break;
                }
            }
        }
        match failed {
            Some(d) => Err(d),
            None => b.finish_template(toks, span, false),
        }
    } else {
        let expr = top.into_inner().next().expect("expression");
        b.expression(expr)
    };
    match result {
        Ok(e) if b.diags.is_empty() => Ok(e),
        Ok(_) => Err(b.diags),
        Err(d) => {
            b.diags.push(d);
            Err(b.diags)
        }
    }
}

/// True when `name` is one identifier token to HCL's scanner
/// (`hclsyntax.ValidIdentifier`).
pub fn is_identifier(name: &str) -> bool {
    HclParser::parse(Rule::identifier_file, name).is_ok()
}

fn too_deep(max: usize, at: Span) -> Diagnostic {
    Diagnostic::error(
        "Expression too deeply nested",
        format!("This expression nests more than {max} levels deep, which is more than this evaluator allows."),
        at,
    )
}

struct Builder<'s> {
    src: &'s str,
    depth: usize,
    max_depth: usize,
    /// Problems that do not stop the tree from being built.
    diags: Diagnostics,
}

fn span_of(p: &Pair<Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

impl<'s> Builder<'s> {
    fn enter(&mut self, extra: usize, at: Span) -> Result<()> {
        if self.depth + extra > self.max_depth {
            return Err(too_deep(self.max_depth, at));
        }
        self.depth += 1;
        Ok(())
    }

    fn expression(&mut self, pair: Pair<'s, Rule>) -> Result<Expression> {
        let mut inner = pair.into_inner();
        let op = inner.next().expect("operation");
        let condition = self.operation(op)?;
        if inner.next().is_none() {
            return Ok(condition);
        }
        self.enter(0, condition.span)?;
        let branches = self.conditional_branches(&mut inner);
        self.depth -= 1;
        let (true_result, false_result) = branches?;
        let span = condition.span.to(false_result.span);
        Ok(Expression {
            kind: ExprKind::Conditional {
                condition: Box::new(condition),
                true_result: Box::new(true_result),
                false_result: Box::new(false_result),
            },
            span,
        })
    }

    fn conditional_branches(&mut self, inner: &mut Pairs<'s, Rule>) -> Result<(Expression, Expression)> {
        let true_result = self.expression(inner.next().expect("true result"))?;
        inner.next();
        let false_result = self.expression(inner.next().expect("false result"))?;
        Ok((true_result, false_result))
    }

    fn operation(&mut self, pair: Pair<'s, Rule>) -> Result<Expression> {
        let at = span_of(&pair);
        let pairs = pair.into_inner();
        let ops = pairs.clone().filter(|p| !matches!(p.as_rule(), Rule::expr_term | Rule::item_term)).count();
        if ops == 0 {
            let term = pairs.into_iter().next().expect("term");
            return self.term(term);
        }
        // Operator chains and unary runs deepen the tree without nesting
        // in the source, so they count against the depth limit too.
        if self.depth + ops > self.max_depth {
            return Err(too_deep(self.max_depth, at));
        }
        self.pratt(pairs)
    }

    fn pratt(&mut self, pairs: Pairs<'s, Rule>) -> Result<Expression> {
        let cell = std::cell::RefCell::new(self);
        pratt()
            .map_primary(|p| cell.borrow_mut().term(p))
            .map_prefix(|op, operand| {
                let operand = operand?;
                let op_span = span_of(&op);
                let op = if op.as_rule() == Rule::negate { UnaryOperator::Negate } else { UnaryOperator::Not };
                let span = op_span.to(operand.span);
                Ok(Expression { kind: ExprKind::UnaryOp { op, operand: Box::new(operand) }, span })
            })
            .map_infix(|lhs, op, rhs| {
                let (lhs, rhs) = (lhs?, rhs?);
                let op = match op.as_rule() {
                    Rule::or => BinaryOperator::Or,
                    Rule::and => BinaryOperator::And,
                    Rule::equal => BinaryOperator::Equal,
                    Rule::not_equal => BinaryOperator::NotEqual,
                    Rule::less => BinaryOperator::LessThan,
                    Rule::less_equal => BinaryOperator::LessThanOrEqual,
                    Rule::greater => BinaryOperator::GreaterThan,
                    Rule::greater_equal => BinaryOperator::GreaterThanOrEqual,
                    Rule::add => BinaryOperator::Add,
                    Rule::subtract => BinaryOperator::Subtract,
                    Rule::multiply => BinaryOperator::Multiply,
                    Rule::divide => BinaryOperator::Divide,
                    _ => BinaryOperator::Modulo,
                };
                let span = lhs.span.to(rhs.span);
                Ok(Expression { kind: ExprKind::BinaryOp { op, lhs: Box::new(lhs), rhs: Box::new(rhs) }, span })
            })
            .parse(pairs)
    }

    fn term(&mut self, pair: Pair<'s, Rule>) -> Result<Expression> {
        let at = span_of(&pair);
        let mut inner = pair.into_inner();
        let primary = self.primary(inner.next().expect("primary"))?;
        let steps: Vec<Pair<'s, Rule>> = inner.collect();
        if steps.is_empty() {
            return Ok(primary);
        }
        if self.depth + steps.len() > self.max_depth {
            return Err(too_deep(self.max_depth, at));
        }
        self.traversal_chain(primary, steps)
    }

    /// Applies traversal steps; a splat takes the rest of the chain (`[*]`)
    /// or the following attribute steps (`.*`) as its per-element traversal.
    fn traversal_chain(&mut self, mut current: Expression, steps: Vec<Pair<'s, Rule>>) -> Result<Expression> {
        let mut i = 0;
        while i < steps.len() {
            let step = &steps[i];
            match step.as_rule() {
                Rule::full_splat => {
                    let anon = Expression { kind: ExprKind::AnonSymbol, span: span_of(step) };
                    let each = self.traversal_chain(anon, steps[i + 1..].to_vec())?;
                    let span = current.span.to(span_of(steps.last().expect("step")));
                    return Ok(Expression { kind: ExprKind::Splat { source: Box::new(current), each: Box::new(each) }, span });
                }
                Rule::attr_splat => {
                    let mut each = Expression { kind: ExprKind::AnonSymbol, span: span_of(step) };
                    let mut j = i + 1;
                    while j < steps.len() && matches!(steps[j].as_rule(), Rule::get_attr | Rule::legacy_index) {
                        let step = self.step(steps[j].clone(), true)?;
                        let span = each.span.to(step.span());
                        each = Expression { kind: ExprKind::Traversal { source: Box::new(each), step }, span };
                        j += 1;
                    }
                    if j < steps.len() && steps[j].as_rule() == Rule::attr_splat {
                        let star = span_of(&steps[j]).end;
                        return Err(Diagnostic::error(
                            "Nested splat expression not allowed",
                            "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                            Span::new(star - 1, star),
                        ));
                    }
                    let span = current.span.to(span_of(&steps[j - 1]));
                    current = Expression { kind: ExprKind::Splat { source: Box::new(current), each: Box::new(each) }, span };
                    i = j;
                }
                _ => {
                    let step = self.step(step.clone(), false)?;
                    let span = current.span.to(step.span());
                    current = Expression { kind: ExprKind::Traversal { source: Box::new(current), step }, span };
                    i += 1;
                }
            }
        }
        Ok(current)
    }

    /// One traversal step; `in_attr_splat` for the steps after `.*`, where
    /// HCL words the legacy index error differently.
    fn step(&mut self, pair: Pair<'s, Rule>, in_attr_splat: bool) -> Result<Step> {
        let span = span_of(&pair);
        match pair.as_rule() {
            Rule::get_attr => {
                let name = pair.into_inner().next().expect("identifier").as_str().to_string();
                Ok(Step::GetAttr { name, span })
            }
            Rule::legacy_index => {
                let token = pair.into_inner().next().expect("number");
                if let Some((first, second)) = token.as_str().split_once('.') {
                    let proper = if in_attr_splat { "proper index syntax with a full splat expression [*]" } else { "proper index syntax" };
                    return Err(Diagnostic::error(
                        "Invalid legacy index syntax",
                        format!(
                            "When using the legacy index syntax, chaining two indexes together is not permitted. Use the {proper} instead, like [{first}][{second}]."
                        ),
                        span_of(&token),
                    ));
                }
                let index = number_literal(&token)?;
                Ok(Step::LegacyIndex { index, span })
            }
            _ => {
                let key = pair.into_inner().next().expect("index expression");
                let mut key = self.expression(key)?;
                if let Some(text) = self.string_literal(&key) {
                    key.kind = ExprKind::Literal(Value::string(text));
                }
                Ok(Step::Index { key: Box::new(key), span })
            }
        }
    }

    /// The text of a template that HCL scanned as at most one literal token
    /// (`TemplateExpr.IsStringLiteral`); as an index key it makes the step
    /// a static traversal step, which `try`, `can` and object keys look at.
    /// The scanner ends a literal token at every `$` and `%`, so only text
    /// without them, or made of one such sequence alone, is one token.
    fn string_literal(&self, key: &Expression) -> Option<String> {
        let value = match &key.kind {
            ExprKind::Template(parts) => match parts.as_slice() {
                [] => String::new(),
                [TemplatePart::Literal(s)] => s.clone(),
                _ => return None,
            },
            _ => return None,
        };
        let source = &self.src[key.span.start..key.span.end];
        let single_token = |raw: &str, alone: &[&str]| !raw.contains(['$', '%']) || alone.contains(&raw);
        let one_token = match source.strip_prefix('"') {
            Some(quoted) => single_token(quoted.strip_suffix('"').unwrap_or(quoted), &["$", "%", "$${", "%%{"]),
            // A heredoc of one part has at most one line.
            None => {
                let body = source.split_once('\n').map_or("", |(_, rest)| rest);
                let line = body.split_once('\n').map_or("", |(line, _)| line);
                single_token(line.strip_suffix('\r').unwrap_or(line), &["$${", "%%{"])
            }
        };
        one_token.then_some(value)
    }

    fn primary(&mut self, pair: Pair<'s, Rule>) -> Result<Expression> {
        let span = span_of(&pair);
        let kind = match pair.as_rule() {
            Rule::number_literal => ExprKind::Literal(number_literal(&pair)?),
            Rule::variable_or_call => return self.variable_or_call(pair),
            Rule::parenthesized => {
                self.enter(0, span)?;
                let inner = self.expression(pair.into_inner().next().expect("expression"));
                self.depth -= 1;
                ExprKind::Parenthesized(Box::new(inner?))
            }
            Rule::tuple_cons => {
                self.enter(0, span)?;
                let items = pair.into_inner().map(|p| self.expression(p)).collect::<Result<Vec<_>>>();
                self.depth -= 1;
                ExprKind::TupleCons(items?)
            }
            Rule::object_cons => {
                self.enter(0, span)?;
                let items = pair.into_inner().map(|p| self.object_item(p)).collect::<Result<Vec<_>>>();
                self.depth -= 1;
                ExprKind::ObjectCons(items?)
            }
            Rule::for_tuple_expr | Rule::for_object_expr => {
                self.enter(0, span)?;
                let f = self.for_expr(pair);
                self.depth -= 1;
                ExprKind::For(Box::new(f?))
            }
            Rule::quoted_template => {
                let toks = pair.into_inner().map(|p| self.template_token(p)).collect::<Result<Vec<_>>>()?;
                return self.finish_template(toks, span, false);
            }
            Rule::heredoc_template => return self.heredoc(pair),
            r => unreachable!("primary {r:?}"),
        };
        Ok(Expression { kind, span })
    }

    fn variable_or_call(&mut self, pair: Pair<'s, Rule>) -> Result<Expression> {
        let mut inner = pair.into_inner();
        let ident = inner.next().expect("identifier");
        let name_span = span_of(&ident);
        let name = ident.as_str();
        let Some(args) = inner.next() else {
            let kind = match name {
                "true" => ExprKind::Literal(Value::Bool(true)),
                "false" => ExprKind::Literal(Value::Bool(false)),
                "null" => ExprKind::Literal(Value::null()),
                _ => ExprKind::Variable(name.to_string()),
            };
            return Ok(Expression { kind, span: name_span });
        };
        let args_span = span_of(&args);
        self.enter(0, args_span)?;
        let mut exprs = Vec::new();
        let mut expand_final = false;
        for a in args.into_inner() {
            if a.as_rule() == Rule::expand_final {
                expand_final = true;
            } else {
                match self.expression(a) {
                    Ok(e) => exprs.push(e),
                    Err(d) => {
                        self.depth -= 1;
                        return Err(d);
                    }
                }
            }
        }
        self.depth -= 1;
        let close_span = Span::new(args_span.end - 1, args_span.end);
        Ok(Expression {
            kind: ExprKind::FunctionCall { name: name.to_string(), name_span, args: exprs, expand_final, close_span },
            span: name_span.to(args_span),
        })
    }

    fn object_item(&mut self, pair: Pair<'s, Rule>) -> Result<ObjectItem> {
        let mut inner = pair.into_inner();
        let key = self.expression(inner.next().expect("key"))?;
        inner.next();
        let value = self.expression(inner.next().expect("value"))?;
        // A bare identifier, and the keywords `true`, `false` and `null`,
        // name the attribute literally.
        let bare_name = match &key.kind {
            ExprKind::Variable(name) => Some(name.clone()),
            ExprKind::Literal(_) => {
                let text = &self.src[key.span.start..key.span.end];
                matches!(text, "true" | "false" | "null").then(|| text.to_string())
            }
            _ => None,
        };
        Ok(ObjectItem { key: ObjectKey { expr: key, bare_name }, value })
    }

    fn for_expr(&mut self, pair: Pair<'s, Rule>) -> Result<ForExpr> {
        let is_object = pair.as_rule() == Rule::for_object_expr;
        let mut inner = pair.into_inner();
        let intro = inner.next().expect("for intro");
        let intro_span = span_of(&intro);
        let mut names = Vec::new();
        let mut collection = None;
        for p in intro.into_inner() {
            match p.as_rule() {
                Rule::identifier => names.push(p.as_str().to_string()),
                Rule::expression => collection = Some(self.expression(p)?),
                _ => {}
            }
        }
        let (key_var, value_var) = match names.len() {
            2 => (Some(names[0].clone()), names[1].clone()),
            _ => (None, names[0].clone()),
        };
        let first = self.expression(inner.next().expect("value"))?;
        let (key_expr, value_expr) = if is_object {
            inner.next(); // =>
            (Some(first), self.expression(inner.next().expect("value"))?)
        } else {
            (None, first)
        };
        let mut grouping = false;
        let mut cond_expr = None;
        for p in inner {
            match p.as_rule() {
                Rule::for_group => grouping = true,
                Rule::for_cond => cond_expr = Some(self.expression(p.into_inner().nth(1).expect("condition"))?),
                _ => {}
            }
        }
        Ok(ForExpr {
            key_var,
            value_var,
            collection: collection.expect("collection"),
            key_expr,
            value_expr,
            cond_expr,
            grouping,
            intro_span,
        })
    }

    // ------------------------------------------------------------ templates

    fn template_token(&mut self, pair: Pair<'s, Rule>) -> Result<TemplateToken> {
        let span = span_of(&pair);
        match pair.as_rule() {
            Rule::quoted_text => Ok(TemplateToken::Literal(self.unescape_quoted(pair.as_str(), span.start)?, span)),
            Rule::heredoc_text => Ok(TemplateToken::Literal(unescape_template_markers(pair.as_str()), span)),
            Rule::heredoc_newline => Ok(TemplateToken::Literal(pair.as_str().to_string(), span)),
            Rule::template_interpolation => {
                let mut inner = pair.into_inner();
                let open = inner.next().expect("open");
                let expr = self.expression(inner.next().expect("expression"))?;
                let close = inner.next().expect("close");
                Ok(TemplateToken::Interp { expr, strip_before: open.as_str().ends_with('~'), strip_after: close.as_str().starts_with('~') })
            }
            Rule::template_directive => {
                let mut inner = pair.into_inner();
                let open = inner.next().expect("open");
                let body = inner.next().expect("directive");
                let close = inner.next().expect("close");
                let strip_before = open.as_str().ends_with('~');
                let strip_after = close.as_str().starts_with('~');
                let kind = match body.as_rule() {
                    Rule::directive_if => {
                        let cond = body.into_inner().nth(1).expect("condition");
                        DirectiveKind::If(self.expression(cond)?)
                    }
                    Rule::directive_else => DirectiveKind::Else,
                    Rule::directive_endif => DirectiveKind::EndIf,
                    Rule::directive_for => {
                        let mut names = Vec::new();
                        let mut coll = None;
                        for p in body.into_inner() {
                            match p.as_rule() {
                                Rule::identifier => names.push(p.as_str().to_string()),
                                Rule::expression => coll = Some(self.expression(p)?),
                                _ => {}
                            }
                        }
                        let (k, v) = if names.len() == 2 { (Some(names[0].clone()), names[1].clone()) } else { (None, names[0].clone()) };
                        DirectiveKind::For(k, v, coll.expect("collection"))
                    }
                    _ => DirectiveKind::EndFor,
                };
                Ok(TemplateToken::Directive { kind, strip_before, strip_after, span })
            }
            r => unreachable!("template token {r:?}"),
        }
    }

    /// Decodes a quoted string's escapes, reporting invalid ones as HCL does.
    fn unescape_quoted(&mut self, raw: &str, offset: usize) -> Result<String> {
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    let Some((_, e)) = chars.next() else { break };
                    let simple = match e {
                        'n' => Some('\n'),
                        'r' => Some('\r'),
                        't' => Some('\t'),
                        '"' => Some('"'),
                        '\\' => Some('\\'),
                        _ => None,
                    };
                    if let Some(s) = simple {
                        out.push(s);
                        continue;
                    }
                    if e == 'u' || e == 'U' {
                        let want = if e == 'u' { 4 } else { 8 };
                        let mut hex = String::new();
                        while hex.len() < want {
                            match chars.peek() {
                                Some((_, h)) if h.is_ascii_hexdigit() => {
                                    hex.push(*h);
                                    chars.next();
                                }
                                _ => break,
                            }
                        }
                        let at = Span::new(offset + i, offset + i + 2 + hex.len());
                        if hex.len() < want {
                            self.diags.push(Diagnostic::error(
                                "Invalid escape sequence",
                                format!(
                                    "The \\{e} escape sequence must be followed by {} hexadecimal digits.",
                                    if want == 4 { "four" } else { "eight" }
                                ),
                                at,
                            ));
                            continue;
                        }
                        match u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                            Some(ch) => out.push(ch),
                            None => self.diags.push(Diagnostic::error(
                                "Invalid escape sequence",
                                format!("The \\{e} escape sequence must give a valid Unicode character."),
                                at,
                            )),
                        }
                        continue;
                    }
                    self.diags.push(Diagnostic::error(
                        "Invalid escape sequence",
                        format!("The symbol {} is not a valid escape sequence selector.", crate::render::json_string(&e.to_string())),
                        Span::new(offset + i, offset + i + 1 + e.len_utf8()),
                    ));
                }
                '$' | '%' if raw[i + 1..].starts_with(&format!("{c}{{")) => {
                    out.push(c);
                    out.push('{');
                    chars.next();
                    chars.next();
                }
                _ => out.push(c),
            }
        }
        Ok(out)
    }

    fn heredoc(&mut self, pair: Pair<'s, Rule>) -> Result<Expression> {
        let span = span_of(&pair);
        let mut inner = pair.into_inner();
        let intro = inner.next().expect("intro");
        let flush = intro.as_str() == "<<-";
        let mut toks: Vec<TemplateToken> = Vec::new();
        for line in inner.filter(|p| p.as_rule() == Rule::heredoc_line) {
            let line_tokens = toks.len();
            for part in line.into_inner() {
                // HCL scans a line's trailing text and its newline as one
                // literal token; strip markers and `<<-` work per token.
                if part.as_rule() == Rule::heredoc_newline && toks.len() > line_tokens {
                    if let Some(TemplateToken::Literal(text, text_span)) = toks.last_mut() {
                        text.push_str(part.as_str());
                        let newline_span = span_of(&part);
                        match newline_token_start(text) {
                            None => *text_span = text_span.to(newline_span),
                            Some(at) => {
                                let newline = text.split_off(at);
                                let start = newline_span.end - newline.len();
                                *text_span = Span::new(text_span.start, start);
                                toks.push(TemplateToken::Literal(newline, Span::new(start, newline_span.end)));
                            }
                        }
                        continue;
                    }
                }
                toks.push(self.template_token(part)?);
            }
        }
        self.finish_template(toks, span, flush)
    }

    /// Applies strip markers and `<<-` indentation to the scanned tokens, then
    /// pairs directives into a tree (HCL's `parseTemplateParts`,
    /// `flushHeredocTemplateParts` and `templateParser`).
    fn finish_template(&mut self, mut toks: Vec<TemplateToken>, span: Span, flush: bool) -> Result<Expression> {
        let mut trim_next = false;
        for i in 0..toks.len() {
            let (strip_before, strip_after) = match &toks[i] {
                TemplateToken::Literal(..) => (false, false),
                TemplateToken::Interp { strip_before, strip_after, .. } | TemplateToken::Directive { strip_before, strip_after, .. } => {
                    (*strip_before, *strip_after)
                }
            };
            if let TemplateToken::Literal(s, _) = &mut toks[i] {
                if trim_next {
                    *s = s.trim_start_matches(char::is_whitespace).to_string();
                }
                trim_next = false;
                continue;
            }
            if strip_before && i > 0 {
                if let TemplateToken::Literal(s, _) = &mut toks[i - 1] {
                    s.truncate(s.trim_end_matches(char::is_whitespace).len());
                }
            }
            trim_next = strip_after;
        }
        if flush {
            flush_heredoc(&mut toks);
        }
        let passthru = toks.len() == 1 && matches!(toks[0], TemplateToken::Interp { .. });
        let mut iter = toks.into_iter().peekable();
        let parts = self.template_parts(&mut iter, None)?;
        if passthru {
            if let Some(TemplatePart::Interpolation(e)) = parts.into_iter().next() {
                return Ok(Expression { kind: ExprKind::TemplateWrap(Box::new(e)), span });
            }
            unreachable!("passthru template");
        }
        Ok(Expression { kind: ExprKind::Template(parts), span })
    }

    fn template_parts(
        &mut self,
        toks: &mut std::iter::Peekable<std::vec::IntoIter<TemplateToken>>,
        open: Option<(&'static str, Span)>,
    ) -> Result<Vec<TemplatePart>> {
        let mut parts = Vec::new();
        loop {
            if let Some(TemplateToken::Directive {
                kind: closing @ (DirectiveKind::Else | DirectiveKind::EndIf | DirectiveKind::EndFor),
                span,
                ..
            }) = toks.peek()
            {
                let (name, fits) = match closing {
                    DirectiveKind::Else => ("else", matches!(open, Some(("if", _)))),
                    DirectiveKind::EndIf => ("endif", matches!(open, Some(("if", _)))),
                    _ => ("endfor", matches!(open, Some(("for", _)))),
                };
                if fits {
                    return Ok(parts);
                }
                let detail = match open {
                    Some((o, _)) => {
                        format!("Expected an end{o} directive corresponding to the previous {o} directive, but found an {name} directive.")
                    }
                    None => format!("An {name} directive must be preceded by a corresponding opening directive."),
                };
                return Err(Diagnostic::error(format!("Unexpected {name} directive"), detail, *span));
            }
            let Some(tok) = toks.next() else { break };
            match tok {
                TemplateToken::Literal(s, _) => parts.push(TemplatePart::Literal(nfc(s))),
                TemplateToken::Interp { expr, .. } => parts.push(TemplatePart::Interpolation(expr)),
                TemplateToken::Directive { kind, span, .. } => match kind {
                    DirectiveKind::If(condition) => {
                        self.enter(0, span)?;
                        let then_parts = self.template_parts(toks, Some(("if", span)));
                        self.depth -= 1;
                        let then_parts = then_parts?;
                        let mut else_parts = Vec::new();
                        let mut end = span;
                        if let Some(TemplateToken::Directive { kind: DirectiveKind::Else, span: else_span, .. }) = toks.peek() {
                            end = *else_span;
                            toks.next();
                            self.enter(0, span)?;
                            let r = self.template_parts(toks, Some(("if", span)));
                            self.depth -= 1;
                            else_parts = r?;
                        }
                        match toks.next() {
                            Some(TemplateToken::Directive { kind: DirectiveKind::EndIf, span: s, .. }) => end = s,
                            _ => return Err(unterminated(self.src, "if", "endif", span.to(end))),
                        }
                        parts.push(TemplatePart::If { condition, then_parts, else_parts, span: span.to(end) });
                    }
                    DirectiveKind::For(key_var, value_var, collection) => {
                        self.enter(0, span)?;
                        let body = self.template_parts(toks, Some(("for", span)));
                        self.depth -= 1;
                        let body = body?;
                        let end = match toks.next() {
                            Some(TemplateToken::Directive { kind: DirectiveKind::EndFor, span: s, .. }) => s,
                            _ => return Err(unterminated(self.src, "for", "endfor", span)),
                        };
                        parts.push(TemplatePart::For { key_var, value_var, collection, body, span: span.to(end) });
                    }
                    DirectiveKind::Else | DirectiveKind::EndIf | DirectiveKind::EndFor => {
                        unreachable!("closing directives are peeked")
                    }
                },
            }
        }
        if let Some((o, span)) = open {
            return Err(unterminated(self.src, o, if o == "if" { "endif" } else { "endfor" }, span));
        }
        Ok(parts)
    }
}

/// A number token's value (HCL's `numberLitValue`).
fn number_literal(token: &Pair<Rule>) -> Result<Value> {
    match Number::parse(token.as_str()) {
        Some(n) => Ok(Value::Number(n)),
        None => Err(Diagnostic::error("Invalid number literal", "Failed to recognize the value of this number literal.", span_of(token))),
    }
}

fn unterminated(src: &str, open: &str, close: &str, span: Span) -> Diagnostic {
    let at = crate::diagnostics::LineCol::of(src, span.start);
    Diagnostic::error(
        "Unexpected end of template",
        format!("The {open} directive at line {}, column {} is missing its corresponding {close} directive.", at.line, at.column),
        span,
    )
}

/// A template token as HCL's scanner and `parseTemplateParts` see it.
enum TemplateToken {
    Literal(String, Span),
    Interp { expr: Expression, strip_before: bool, strip_after: bool },
    Directive { kind: DirectiveKind, strip_before: bool, strip_after: bool, span: Span },
}

enum DirectiveKind {
    If(Expression),
    Else,
    EndIf,
    For(Option<String>, String, Expression),
    EndFor,
}

/// `<<-`: removes the smallest indentation (counted in grapheme clusters)
/// from the literal tokens that begin lines; blank lines do not count and a
/// line that begins with an interpolation counts as unindented.
fn flush_heredoc(toks: &mut [TemplateToken]) {
    use unicode_segmentation::UnicodeSegmentation;
    let mut min_spaces = usize::MAX;
    let mut newline = true;
    let mut adjust = Vec::new();
    for (i, tok) in toks.iter().enumerate() {
        if newline {
            newline = false;
            let mut spaces = 0;
            if let TemplateToken::Literal(s, _) = tok {
                let trimmed = s.trim_start_matches(char::is_whitespace);
                if trimmed.is_empty() && s.ends_with('\n') {
                    spaces = usize::MAX;
                } else {
                    spaces = s[..s.len() - trimmed.len()].graphemes(true).count();
                    adjust.push(i);
                }
            }
            min_spaces = min_spaces.min(spaces);
        }
        if let TemplateToken::Literal(s, _) = tok {
            if s.ends_with('\n') {
                newline = true;
            }
        }
    }
    if min_spaces == usize::MAX || min_spaces == 0 {
        return;
    }
    for i in adjust {
        if let TemplateToken::Literal(s, _) = &mut toks[i] {
            let cut: usize = s.graphemes(true).take(min_spaces).map(str::len).sum();
            s.drain(..cut);
        }
    }
}

/// Where the newline ending `line` starts a literal token of its own.
/// HCL's scanner takes `$` or `%` with the single byte after it (a `\r`
/// included, never `{`) as one token when a newline follows, so a strip
/// marker on the next line trims only that newline. Which `$` or `%` starts
/// a token is decided left to right (in `%%\r\n` the second `%` is the
/// first one's byte).
fn newline_token_start(line: &str) -> Option<usize> {
    let b = line.as_bytes();
    let mut from = 0;
    while let Some(at) = b[from..].iter().position(|c| matches!(c, b'$' | b'%')).map(|i| from + i) {
        match &b[at + 1..] {
            [x, b'\n'] | [x, b'\r', b'\n'] if x.is_ascii() && *x != b'{' => return Some(at + 2),
            [x, b'{', ..] if *x == b[at] => from = at + 3,
            _ => from = at + 1,
        }
    }
    None
}

/// `$${` and `%%{` stand for literal `${` and `%{`.
fn unescape_template_markers(raw: &str) -> String {
    if !raw.contains("$${") && !raw.contains("%%{") {
        return raw.to_string();
    }
    raw.replace("$${", "${").replace("%%{", "%{")
}

/// `$${` and `%%{` in text HCL's scanner leaves as one literal token (the
/// rest of a bare template after a lone carriage return), decoded as
/// `ParseStringLiteralToken` splits it: left to right, a doubled `$$` or
/// `%%` is taken whole, so `$$${` keeps every character.
fn unescape_token_markers(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find(['$', '%']) {
        let (text, tail) = rest.split_at(at);
        out.push_str(text);
        let len = match tail[1..].starts_with(&tail[..1]) {
            true if tail[2..].starts_with('{') => 3,
            true => 2,
            false => 1,
        };
        // `$${` is the escape for `${`; `$$` and a lone `$` are literal.
        out.push_str(if len == 3 { &tail[1..3] } else { &tail[..len] });
        rest = &tail[len..];
    }
    out.push_str(rest);
    out
}

/// Finds where bracket, interpolation or directive nesting first exceeds
/// `max`, scanning strings and heredocs just enough to skip their text.
/// The recursive-descent parser could otherwise exhaust the stack.
fn nesting_exceeds(src: &str, max: usize, template: bool) -> Option<usize> {
    #[derive(PartialEq)]
    enum Mode {
        Code,
        // A conditional's branches nest in the grammar until the enclosing
        // bracket (or item) ends.
        Conditional,
        Quoted,
        Heredoc,
        Template,
    }
    let b = src.as_bytes();
    let mut stack: Vec<Mode> = vec![if template { Mode::Template } else { Mode::Code }];
    let mut heredoc_markers: Vec<&str> = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        let top = stack.last().unwrap_or(&Mode::Code);
        match top {
            Mode::Code | Mode::Conditional => match c {
                b'"' => stack.push(Mode::Quoted),
                b'(' | b'[' | b'{' => stack.push(Mode::Code),
                b'?' => stack.push(Mode::Conditional),
                b',' | b'\n' => {
                    while stack.len() > 1 && stack.last() == Some(&Mode::Conditional) {
                        stack.pop();
                    }
                }
                b')' | b']' | b'}' => {
                    while stack.len() > 1 && stack.last() == Some(&Mode::Conditional) {
                        stack.pop();
                    }
                    if stack.len() > 1 {
                        stack.pop();
                    }
                }
                b'#' => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'/') => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                    continue;
                }
                b'/' if b.get(i + 1) == Some(&b'*') => {
                    i = src[i + 2..].find("*/").map_or(b.len(), |j| i + 2 + j + 2);
                    continue;
                }
                b'<' if b.get(i + 1) == Some(&b'<') => {
                    let mut j = i + 2;
                    if b.get(j) == Some(&b'-') {
                        j += 1;
                    }
                    let start = j;
                    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'-' || b[j] >= 0x80) {
                        j += 1;
                    }
                    if j > start && b.get(j) == Some(&b'\n') {
                        heredoc_markers.push(&src[start..j]);
                        stack.push(Mode::Heredoc);
                        i = j + 1;
                        line_start = true;
                        continue;
                    }
                }
                _ => {}
            },
            Mode::Quoted | Mode::Heredoc | Mode::Template => {
                if *top == Mode::Heredoc && line_start {
                    let line_end = src[i..].find('\n').map_or(b.len(), |j| i + j);
                    if Some(src[i..line_end].trim()) == heredoc_markers.last().copied() {
                        heredoc_markers.pop();
                        stack.pop();
                        i = line_end;
                        line_start = false;
                        continue;
                    }
                }
                line_start = false;
                match c {
                    b'"' if *top == Mode::Quoted => {
                        stack.pop();
                    }
                    b'\\' if *top == Mode::Quoted => i += 1,
                    b'$' | b'%' if b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&b'{') => i += 2,
                    b'$' | b'%' if b.get(i + 1) == Some(&b'{') => {
                        stack.push(Mode::Code);
                        i += 1;
                    }
                    b'\n' => line_start = true,
                    _ => {}
                }
            }
        }
        if stack.len() > max + 1 {
            return Some(i);
        }
        i += 1;
    }
    None
}
