//! From source text to the spanned syntax tree: the pest grammar
//! (`grammar/hcl.pest`, bound in `grammar.rs`) reads the text, and the
//! builder here turns its pairs into the AST, with a `PrattParser` for
//! operator precedence. Templates are finished in `template.rs`.

use super::ast::*;
use super::diagnose;
use super::grammar::{HclParser, Rule};
use super::nesting::nesting_exceeds;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Span};
use crate::limits::Limits;
use crate::profile::Profile;
use crate::value::{Number, Value};
use pest::iterators::{Pair, Pairs};
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser as _;
use std::sync::OnceLock;

pub(super) type Result<T> = std::result::Result<T, Diagnostic>;

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

/// Parses `source` as one expression (`hclsyntax.ParseExpression`);
/// `filename` names it where an error message quotes a range.
pub fn parse_expression(source: &str, filename: &str, limits: &Limits, profile: Profile) -> std::result::Result<Expression, Diagnostics> {
    parse_entry(source, filename, limits, profile, Rule::expression_file)
}

/// Parses `source` as a bare template (`hclsyntax.ParseTemplate`).
pub fn parse_template(source: &str, filename: &str, limits: &Limits, profile: Profile) -> std::result::Result<Expression, Diagnostics> {
    parse_entry(source, filename, limits, profile, Rule::template_file)
}

fn parse_entry(
    source: &str,
    filename: &str,
    limits: &Limits,
    profile: Profile,
    rule: Rule,
) -> std::result::Result<Expression, Diagnostics> {
    let template = rule == Rule::template_file;
    if let Some(at) = nesting_exceeds(source, limits.max_depth, template) {
        return Err(vec![too_deep(limits.max_depth, Span::new(at, at + 1))]);
    }
    let pairs = match parse_limited(rule, source, limits) {
        Ok(p) => p,
        Err(e) => {
            let at = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((p, _)) => p,
            };
            if let pest::error::ErrorVariant::CustomError { message } = e.variant {
                return Err(vec![Diagnostic::error(
                    "Expression too complex",
                    format!("Parsing this input needs more work than this evaluator allows ({message})."),
                    Span::new(0, source.len()),
                )]);
            }
            return Err(hcl_diagnostics(source, filename, limits, profile, template).unwrap_or_else(|| diagnose::fallback(at, source)));
        }
    };
    let mut b = Builder { src: source, depth: 0, max_depth: limits.max_depth, diags: Vec::new(), profile };
    let top = pairs.into_iter().next().expect("entry rule");
    let result = if template {
        b.template_file(top)
    } else {
        let expr = top.into_inner().next().expect("expression");
        b.expression(expr)
    };
    let expr = match result {
        Ok(e) => Some(e),
        Err(d) => {
            b.diags.push(d);
            None
        }
    };
    match (expr, b.diags.is_empty()) {
        (Some(e), true) => Ok(e),
        // A limit of ours stands as it is; any other fault of the text is
        // reported as HCL reports it, with everything else HCL finds.
        _ if b.diags.iter().any(|d| d.code == Code::TooDeep) => Err(b.diags),
        _ => Err(hcl_diagnostics(source, filename, limits, profile, template).unwrap_or(b.diags)),
    }
}

/// pest's parse of `source` from `rule`, with pest's call limit set for
/// this input's length. pest keeps that limit in one process-wide static,
/// which each parse reads as it starts: a parse on another thread must not
/// set its own in between (a large file once failed as "too complex" under
/// a small file's limit while tests ran in parallel), so setting it and
/// parsing are one step under a lock.
fn parse_limited<'i>(rule: Rule, source: &'i str, limits: &Limits) -> std::result::Result<Pairs<'i, Rule>, pest::error::Error<Rule>> {
    static PARSING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _parsing = PARSING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    pest::set_call_limit(std::num::NonZeroUsize::new(limits.parse_calls_per_byte.saturating_mul(source.len().max(1024))));
    HclParser::parse(rule, source)
}

/// Parses `source` as a configuration file (`hclsyntax.ParseConfig`): a
/// body of arguments and blocks. Errors are HCL's, in its order, with an
/// argument set twice in one body reported as HCL's parser reports it.
pub fn parse_config(source: &str, filename: &str, limits: &Limits, profile: Profile) -> std::result::Result<Body, Diagnostics> {
    if let Some(at) = nesting_exceeds(source, limits.max_depth, false) {
        return Err(vec![too_deep(limits.max_depth, Span::new(at, at + 1))]);
    }
    let refused = || diagnose::config(source, filename, limits.max_depth.saturating_mul(2), profile);
    let pairs = match parse_limited(Rule::config_file, source, limits) {
        Ok(p) => p,
        Err(e) => {
            if let pest::error::ErrorVariant::CustomError { message } = e.variant {
                return Err(vec![Diagnostic::error(
                    "Configuration too complex",
                    format!("Parsing this input needs more work than this evaluator allows ({message})."),
                    Span::new(0, source.len()),
                )]);
            }
            let at = match e.location {
                pest::error::InputLocation::Pos(p) | pest::error::InputLocation::Span((p, _)) => p,
            };
            let diags = refused();
            return Err(if diags.is_empty() { diagnose::fallback(at, source) } else { diags });
        }
    };
    let mut b = Builder { src: source, depth: 0, max_depth: limits.max_depth, diags: Vec::new(), profile };
    let top = pairs.into_iter().next().expect("entry rule");
    let items = top.into_inner().next().expect("body items");
    let body = b.body(items, Span::new(0, source.len()), filename);
    match body {
        Ok(body) if b.diags.is_empty() => Ok(body),
        Ok(_) if b.diags.iter().all(|d| d.code == Code::AttributeRedefined) => Err(b.diags),
        _ if b.diags.iter().any(|d| d.code == Code::TooDeep) => Err(b.diags),
        Err(d) if d.code == Code::TooDeep => Err(vec![d]),
        _ => {
            let diags = refused();
            Err(if diags.is_empty() { b.diags } else { diags })
        }
    }
}

const ATTRIBUTE_REDEFINED: &str = "Attribute redefined";

/// HCL's error for an argument set a second time in one body.
pub(super) fn attribute_redefined(src: &str, filename: &str, name: &str, first: Span, again: Span, profile: Profile) -> Diagnostic {
    Diagnostic::error(
        ATTRIBUTE_REDEFINED,
        format!(
            "The argument {} was already set at {}. Each argument may be set only once.",
            crate::value::go_quote(name, profile),
            crate::diagnostics::range_text(src, filename, first, profile.unicode())
        ),
        again,
    )
    .with_code(crate::diagnostics::Code::AttributeRedefined)
}

/// What HCL reports for a text the grammar or the builder refused, if
/// HCL's reading finds anything.
fn hcl_diagnostics(source: &str, filename: &str, limits: &Limits, profile: Profile, template: bool) -> Option<Diagnostics> {
    let max_depth = limits.max_depth.saturating_mul(2);
    let diags = match template {
        true => diagnose::template(source, filename, max_depth, profile),
        false => diagnose::expression(source, filename, max_depth, profile),
    };
    (!diags.is_empty()).then_some(diags)
}

const TOO_DEEP: &str = "Expression too deeply nested";

pub(crate) fn too_deep(max: usize, at: Span) -> Diagnostic {
    Diagnostic::error(TOO_DEEP, format!("This expression nests more than {max} levels deep, which is more than this evaluator allows."), at)
        .with_code(crate::diagnostics::Code::TooDeep)
}

pub(super) struct Builder<'s> {
    pub(super) src: &'s str,
    pub(super) depth: usize,
    max_depth: usize,
    /// Problems that do not stop the tree from being built.
    pub(super) diags: Diagnostics,
    pub(super) profile: Profile,
}

pub(super) fn span_of(p: &Pair<Rule>) -> Span {
    let s = p.as_span();
    Span::new(s.start(), s.end())
}

impl<'s> Builder<'s> {
    pub(super) fn enter(&mut self, extra: usize, at: Span) -> Result<()> {
        if self.depth + extra > self.max_depth {
            return Err(too_deep(self.max_depth, at));
        }
        self.depth += 1;
        Ok(())
    }

    pub(super) fn expression(&mut self, pair: Pair<'s, Rule>) -> Result<Expression> {
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
        let mut ops = 0;
        let (mut run, mut longest_run) = (0, 0);
        for p in pairs.clone() {
            match p.as_rule() {
                Rule::expr_term | Rule::item_term => run = 0,
                Rule::negate | Rule::not => {
                    ops += 1;
                    run += 1;
                    longest_run = longest_run.max(run);
                }
                _ => ops += 1,
            }
        }
        if ops == 0 {
            let term = pairs.into_iter().next().expect("term");
            return self.term(term);
        }
        // A run of unary operators nests (`- - - x`); a chain of binary
        // operators is flat, however long, and is built, evaluated and
        // dropped along its left spine without recursion.
        if self.depth + longest_run > self.max_depth {
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
        // Steps are a flat chain; only full splats nest (`[*]` takes the
        // rest of the chain as its per-element traversal).
        let splats = steps.iter().filter(|s| s.as_rule() == Rule::full_splat).count();
        if self.depth + splats > self.max_depth {
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
                    key.kind = ExprKind::Literal(Value::string(text, self.profile));
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
        let mut name_span = span_of(&ident);
        let mut name = ident.as_str().to_string();
        let mut next = inner.next();
        while let Some(ns) = next.take_if(|p| p.as_rule() == Rule::function_namespace) {
            if self.profile.is_legacy() {
                return Err(Diagnostic::error("Namespaced function", "This profile's HCL has no function namespaces.", span_of(&ns)));
            }
            let part = ns.into_inner().next().expect("identifier");
            name = format!("{name}::{}", part.as_str());
            name_span = name_span.to(span_of(&part));
            next = inner.next();
        }
        let name = name.as_str();
        let Some(args) = next else {
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
}

/// A number token's value (HCL's `numberLitValue`).
fn number_literal(token: &Pair<Rule>) -> Result<Value> {
    match Number::parse(token.as_str()) {
        Some(n) => Ok(Value::Number(n)),
        None => Err(Diagnostic::error("Invalid number literal", "Failed to recognize the value of this number literal.", span_of(token))),
    }
}
