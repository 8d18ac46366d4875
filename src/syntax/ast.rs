//! The syntax tree of HCL expressions and templates, with byte spans.
//!
//! Names follow the HCL specification (`hclsyntax/spec.md`) and HashiCorp's
//! `hclsyntax` node types.

use crate::diagnostics::Span;
use crate::value::Value;
use std::rc::Rc;

/// An expression with its source span.
#[derive(Clone, Debug)]
pub struct Expression {
    /// What the expression is.
    pub kind: ExprKind,
    /// Where it is, in bytes.
    pub span: Span,
}

/// Dropped without recursion along chains (operators, traversal steps,
/// splat sources, unary runs), which can be far longer than any nesting
/// the stack would survive: their children are taken out and dropped from
/// a work list.
impl Drop for Expression {
    fn drop(&mut self) {
        fn take_chain(kind: &mut ExprKind, out: &mut Vec<Expression>) {
            let placeholder = || Expression { kind: ExprKind::AnonSymbol, span: Span::default() };
            match kind {
                ExprKind::BinaryOp { lhs, rhs, .. } => {
                    out.push(std::mem::replace(&mut **lhs, placeholder()));
                    out.push(std::mem::replace(&mut **rhs, placeholder()));
                }
                ExprKind::Traversal { source, .. } | ExprKind::Splat { source, .. } | ExprKind::UnaryOp { operand: source, .. } => {
                    out.push(std::mem::replace(&mut **source, placeholder()))
                }
                _ => {}
            }
        }
        if !matches!(self.kind, ExprKind::BinaryOp { .. } | ExprKind::Traversal { .. } | ExprKind::Splat { .. } | ExprKind::UnaryOp { .. })
        {
            return;
        }
        let mut work = Vec::new();
        take_chain(&mut self.kind, &mut work);
        while let Some(mut e) = work.pop() {
            take_chain(&mut e.kind, &mut work);
        }
    }
}

/// The kinds of expression.
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A literal value: a number, `true`, `false` or `null`.
    Literal(Value),
    /// A reference to a variable in scope.
    Variable(String),
    /// The current element inside a splat's per-element traversal.
    AnonSymbol,
    /// `source.name`, `source[key]`, `source.0`.
    Traversal {
        /// What is traversed.
        source: Box<Expression>,
        /// One traversal step.
        step: Step,
    },
    /// `source[*].rest` or `source.*.rest`: `each` is evaluated for every
    /// element with [`ExprKind::AnonSymbol`] standing for it.
    Splat {
        /// The collection.
        source: Box<Expression>,
        /// The traversal applied to each element.
        each: Box<Expression>,
    },
    /// `name(args...)`.
    FunctionCall {
        /// The function's name.
        name: String,
        /// Where the name is.
        name_span: Span,
        /// The arguments.
        args: Vec<Expression>,
        /// True when the last argument ends with `...`.
        expand_final: bool,
        /// Where the closing parenthesis is.
        close_span: Span,
    },
    /// `condition ? true_result : false_result`.
    Conditional {
        /// The condition.
        condition: Box<Expression>,
        /// The value when true.
        true_result: Box<Expression>,
        /// The value when false.
        false_result: Box<Expression>,
    },
    /// `lhs op rhs`.
    BinaryOp {
        /// The operator.
        op: BinaryOperator,
        /// The left operand.
        lhs: Box<Expression>,
        /// The right operand.
        rhs: Box<Expression>,
    },
    /// `-x` or `!x`.
    UnaryOp {
        /// The operator.
        op: UnaryOperator,
        /// The operand.
        operand: Box<Expression>,
    },
    /// `[a, b, c]`.
    TupleCons(Vec<Expression>),
    /// `{ k = v, ... }`.
    ObjectCons(Vec<ObjectItem>),
    /// `[for ...]` or `{for ...}`.
    For(Box<ForExpr>),
    /// A template with literals, interpolations and directives.
    Template(Vec<TemplatePart>),
    /// A template that is exactly one interpolation: `"${x}"` yields `x`
    /// itself, not a string.
    TemplateWrap(Box<Expression>),
    /// `( expr )`.
    Parenthesized(Box<Expression>),
    /// A JSON string that does not parse as the template (or expression)
    /// it stands for: HCL parses it when it is evaluated, so the errors
    /// are the evaluation's.
    Invalid(std::rc::Rc<Vec<crate::diagnostics::Diagnostic>>),
}

/// One traversal step.
#[derive(Clone, Debug)]
pub enum Step {
    /// `.name`
    GetAttr {
        /// The attribute name.
        name: String,
        /// Where `.name` is.
        span: Span,
    },
    /// `[key]`
    Index {
        /// The key expression.
        key: Box<Expression>,
        /// Where `[key]` is.
        span: Span,
    },
    /// `.0`, the legacy index form.
    LegacyIndex {
        /// The index.
        index: Value,
        /// Where `.0` is.
        span: Span,
    },
}

impl Step {
    /// A step HCL takes as part of a static traversal (`.name`, `.0`, or
    /// `[literal]`), rather than an index expression of its own.
    pub fn is_static(&self) -> bool {
        match self {
            Step::GetAttr { .. } | Step::LegacyIndex { .. } => true,
            Step::Index { key, .. } => matches!(key.kind, ExprKind::Literal(_)),
        }
    }

    /// The source span of the step.
    pub fn span(&self) -> Span {
        match self {
            Step::GetAttr { span, .. } | Step::Index { span, .. } | Step::LegacyIndex { span, .. } => *span,
        }
    }
}

/// An object constructor item.
#[derive(Clone, Debug)]
pub struct ObjectItem {
    /// The key: a bare identifier is a literal name (see [`ObjectKey`]).
    pub key: ObjectKey,
    /// The value.
    pub value: Expression,
}

/// An object key: a bare identifier is taken literally, anything else is
/// evaluated and converted to a string.
#[derive(Clone, Debug)]
pub struct ObjectKey {
    /// The key expression.
    pub expr: Expression,
    /// True when the key was a single bare identifier (taken literally).
    pub bare_name: Option<String>,
}

/// `[for k, v in coll : value if cond]` or `{for k, v in coll : key => value... if cond}`.
#[derive(Clone, Debug)]
pub struct ForExpr {
    /// The key (or index) variable, when two are given.
    pub key_var: Option<String>,
    /// The value variable.
    pub value_var: String,
    /// The collection iterated.
    pub collection: Expression,
    /// The key expression of the object form.
    pub key_expr: Option<Expression>,
    /// The value expression.
    pub value_expr: Expression,
    /// The `if` filter.
    pub cond_expr: Option<Expression>,
    /// True for the grouping form `key => value...`.
    pub grouping: bool,
    /// Where `for ... :` is, for diagnostics about the collection.
    pub intro_span: Span,
}

/// A part of a template.
#[derive(Clone, Debug)]
pub enum TemplatePart {
    /// Literal text (escapes already decoded, strip markers applied).
    Literal(String),
    /// `${ expr }`.
    Interpolation(Expression),
    /// `%{ if cond } ... %{ else } ... %{ endif }`.
    If {
        /// The condition.
        condition: Expression,
        /// The parts when true.
        then_parts: Vec<TemplatePart>,
        /// The parts when false.
        else_parts: Vec<TemplatePart>,
        /// The span of the whole directive block.
        span: Span,
    },
    /// `%{ for k, v in coll } ... %{ endfor }`.
    For {
        /// The key variable.
        key_var: Option<String>,
        /// The value variable.
        value_var: String,
        /// The collection.
        collection: Expression,
        /// The repeated parts.
        body: Vec<TemplatePart>,
        /// The span of the whole directive block.
        span: Span,
    },
}

/// Binary operators, named as in HCL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOperator {
    /// `||`
    Or,
    /// `&&`
    And,
    /// `==`
    Equal,
    /// `!=`
    NotEqual,
    /// `<`
    LessThan,
    /// `<=`
    LessThanOrEqual,
    /// `>`
    GreaterThan,
    /// `>=`
    GreaterThanOrEqual,
    /// `+`
    Add,
    /// `-`
    Subtract,
    /// `*`
    Multiply,
    /// `/`
    Divide,
    /// `%`
    Modulo,
}

impl BinaryOperator {
    /// The operator as written.
    pub fn symbol(self) -> &'static str {
        use BinaryOperator::*;
        match self {
            Or => "||",
            And => "&&",
            Equal => "==",
            NotEqual => "!=",
            LessThan => "<",
            LessThanOrEqual => "<=",
            GreaterThan => ">",
            GreaterThanOrEqual => ">=",
            Add => "+",
            Subtract => "-",
            Multiply => "*",
            Divide => "/",
            Modulo => "%",
        }
    }
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOperator {
    /// `-`
    Negate,
    /// `!`
    Not,
}

/// A configuration body (`hclsyntax.Body`): arguments and blocks, in the
/// order written.
#[derive(Clone, Debug, Default)]
pub struct Body {
    /// The items, in source order.
    pub items: Vec<BodyItem>,
    /// From the first item to the last (or the braces' inside).
    pub span: Span,
}

/// One item of a body, shared: a configuration's declarations keep the
/// items they are made of without copying them each time it is decoded.
#[derive(Clone, Debug)]
pub enum BodyItem {
    /// `name = value`
    Attribute(Rc<Attribute>),
    /// `type "label" { ... }`
    Block(Rc<Block>),
}

/// An argument: `name = value` (`hclsyntax.Attribute`).
#[derive(Clone, Debug)]
pub struct Attribute {
    /// The argument's name.
    pub name: String,
    /// Where the name is.
    pub name_span: Span,
    /// The value.
    pub expr: Expression,
    /// From the name to the end of the value.
    pub span: Span,
}

/// A block: a type, labels and a body (`hclsyntax.Block`).
#[derive(Clone, Debug)]
pub struct Block {
    /// The block type (`resource`, `variable`, `dynamic`, ...).
    pub kind: String,
    /// Where the type is.
    pub kind_span: Span,
    /// The labels, decoded, with where each is (quotes included).
    pub labels: Vec<(String, Span)>,
    /// What the braces hold.
    pub body: Body,
    /// The `{`.
    pub open_brace: Span,
    /// The `}`.
    pub close_brace: Span,
    /// HCL's `DefRange` where it is not the type and labels: a block read
    /// from JSON is defined at the bracket that opens its value.
    pub def_range: Option<Span>,
}

impl Block {
    /// The block's header: its type and labels (for messages that point at
    /// a block as HCL's `DefRange` does).
    pub fn def_span(&self) -> Span {
        self.def_range.unwrap_or_else(|| self.labels.last().map_or(self.kind_span, |(_, s)| self.kind_span.to(*s)))
    }
}

impl Body {
    /// The arguments, in source order.
    pub fn attributes(&self) -> impl Iterator<Item = &Attribute> {
        self.items.iter().filter_map(|i| match i {
            BodyItem::Attribute(a) => Some(&**a),
            BodyItem::Block(_) => None,
        })
    }

    /// HCL's `Body.JustAttributes`: the arguments, and the error for a
    /// body that holds blocks (about the first).
    pub fn just_attributes(&self, profile: crate::profile::Profile) -> (Vec<&Attribute>, Option<crate::diagnostics::Diagnostic>) {
        let block = self.blocks().next().map(|b| {
            let summary = format!("Unexpected {} block", crate::value::go_quote(&b.kind, profile));
            crate::diagnostics::Diagnostic::error(summary, "Blocks are not allowed here.", b.kind_span)
        });
        (self.attributes().collect(), block)
    }

    /// The blocks, in source order.
    pub fn blocks(&self) -> impl Iterator<Item = &Block> {
        self.items.iter().filter_map(|i| match i {
            BodyItem::Block(b) => Some(&**b),
            BodyItem::Attribute(_) => None,
        })
    }

    /// The argument called `name`, if there is one.
    pub fn attribute(&self, name: &str) -> Option<&Attribute> {
        self.attributes().find(|a| a.name == name)
    }
}
