//! A module's configuration: the blocks of its files decoded as Terraform's
//! `configs` package decodes them (variables, locals, outputs, resources
//! and data sources, module calls, checks, and the blocks the playground
//! accepts without acting on), with Terraform's diagnostics for malformed
//! or duplicate declarations.

use super::schema::{content, def_range, just_attributes, partial_content, unsupported_block, Schema};
use super::{Loc, ModuleDiagnostic};
use crate::diagnostics::{range_text, Diagnostic, Span};
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::profile::Profile;
use crate::syntax::ast::{Attribute, Block, Body, Expression};
use crate::syntax::typeexpr::{constraint_of, Constraint};
use crate::text::is_identifier;
use crate::value::convert::convert;
use crate::value::go_quote;
use crate::value::{SortedMap, Type, Value};

/// Terraform's detail for a name that is not an identifier.
pub const BAD_IDENTIFIER: &str =
    "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.";

/// A `variable` block.
#[derive(Clone, Debug)]
pub struct Variable {
    pub name: String,
    pub decl: Loc,
    /// The type constraint (`None`: any type).
    pub constraint: Option<Constraint>,
    /// The default, converted to the constraint.
    pub default: Option<Value>,
    pub nullable: bool,
    pub sensitive: bool,
    pub ephemeral: bool,
    /// Shown beside the value in the playground's listing.
    #[allow(dead_code)]
    pub description: Option<String>,
    pub validations: Vec<CheckRule>,
}

impl Variable {
    /// The type of the variable's values.
    pub fn ty(&self) -> Type {
        self.constraint.as_ref().map_or(Type::Dynamic, Constraint::ty)
    }
}

/// A `validation`, `precondition`, `postcondition` or `assert` block.
#[derive(Clone, Debug)]
pub struct CheckRule {
    pub condition: Expression,
    pub error_message: Expression,
    pub decl: Loc,
    pub file: usize,
}

/// One local value.
#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub expr: Expression,
    /// Where its name is.
    pub decl: Loc,
}

/// An `output` block.
#[derive(Clone, Debug)]
pub struct Output {
    pub name: String,
    pub decl: Loc,
    pub value: Option<Expression>,
    pub sensitive: bool,
    pub ephemeral: bool,
    /// Shown beside the value in the playground's listing.
    #[allow(dead_code)]
    pub description: Option<String>,
    pub preconditions: Vec<CheckRule>,
    pub depends_on: Vec<Expression>,
    pub file: usize,
}

/// Managed resource (`resource`) or data source (`data`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// `resource`
    Managed,
    /// `data`
    Data,
}

/// A `resource` or `data` block.
#[derive(Clone, Debug)]
pub struct Resource {
    pub mode: Mode,
    pub ty: String,
    pub name: String,
    pub decl: Loc,
    pub file: usize,
    pub count: Option<Expression>,
    pub for_each: Option<Expression>,
    pub depends_on: Vec<Expression>,
    /// The resource type's own arguments and nested blocks (meta-arguments
    /// and `lifecycle`, `provisioner`, `connection` taken out).
    pub body: Body,
    pub preconditions: Vec<CheckRule>,
    pub postconditions: Vec<CheckRule>,
    /// `provisioner` and `connection` blocks, evaluated with `self`.
    pub provisioners: Vec<Block>,
}

impl Resource {
    /// `aws_instance.web` or `data.aws_ami.ubuntu`.
    pub fn address(&self) -> String {
        match self.mode {
            Mode::Managed => format!("{}.{}", self.ty, self.name),
            Mode::Data => format!("data.{}.{}", self.ty, self.name),
        }
    }
}

/// A `module` block.
#[derive(Clone, Debug)]
pub struct ModuleCall {
    pub name: String,
    pub decl: Loc,
    pub file: usize,
    /// Where the child module is (only local paths could be followed).
    #[allow(dead_code)]
    pub source: Option<String>,
    pub count: Option<Expression>,
    pub for_each: Option<Expression>,
    pub depends_on: Vec<Expression>,
    /// The arguments passed to the module's variables.
    pub arguments: Vec<Attribute>,
}

/// A `check` block.
#[derive(Clone, Debug)]
pub struct Check {
    pub name: String,
    pub decl: Loc,
    pub asserts: Vec<CheckRule>,
    pub data: Option<Resource>,
}

/// Everything a module declares.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub variables: Vec<Variable>,
    pub locals: Vec<Local>,
    pub outputs: Vec<Output>,
    pub resources: Vec<Resource>,
    pub modules: Vec<ModuleCall>,
    pub checks: Vec<Check>,
}

const FILE: Schema = Schema {
    attributes: &[],
    blocks: &[
        ("terraform", &[]),
        ("required_providers", &[]),
        ("provider", &["name"]),
        ("variable", &["name"]),
        ("locals", &[]),
        ("output", &["name"]),
        ("module", &["name"]),
        ("resource", &["type", "name"]),
        ("data", &["type", "name"]),
        ("ephemeral", &["type", "name"]),
        ("action", &["type", "name"]),
        ("moved", &[]),
        ("removed", &[]),
        ("import", &[]),
        ("check", &["name"]),
    ],
};

const VARIABLE: Schema = Schema {
    attributes: &[
        ("description", false),
        ("default", false),
        ("type", false),
        ("sensitive", false),
        ("ephemeral", false),
        ("nullable", false),
        ("deprecated", false),
        ("const", false),
    ],
    blocks: &[("validation", &[])],
};

const OUTPUT: Schema = Schema {
    attributes: &[
        ("description", false),
        ("value", true),
        ("depends_on", false),
        ("sensitive", false),
        ("ephemeral", false),
        ("deprecated", false),
        ("type", false),
    ],
    blocks: &[("precondition", &[]), ("postcondition", &[])],
};

const CHECK_RULE: Schema = Schema { attributes: &[("condition", true), ("error_message", true)], blocks: &[] };

const RESOURCE: Schema = Schema {
    attributes: &[("count", false), ("for_each", false), ("provider", false), ("depends_on", false)],
    blocks: &[("locals", &[]), ("lifecycle", &[]), ("connection", &[]), ("provisioner", &["type"]), ("_", &[])],
};

const DATA: Schema = Schema {
    attributes: &[("count", false), ("for_each", false), ("provider", false), ("depends_on", false)],
    blocks: &[("lifecycle", &[]), ("locals", &[]), ("_", &[])],
};

const LIFECYCLE: Schema = Schema {
    attributes: &[
        ("create_before_destroy", false),
        ("prevent_destroy", false),
        ("ignore_changes", false),
        ("replace_triggered_by", false),
        ("destroy", false),
    ],
    blocks: &[("precondition", &[]), ("postcondition", &[]), ("action_trigger", &[])],
};

const MODULE: Schema = Schema {
    attributes: &[
        ("source", true),
        ("version", false),
        ("count", false),
        ("for_each", false),
        ("depends_on", false),
        ("providers", false),
        ("ignore_nested_deprecations", false),
    ],
    blocks: &[("_", &[]), ("lifecycle", &[]), ("locals", &[]), ("provider", &["type"])],
};

const CHECK: Schema = Schema { attributes: &[], blocks: &[("data", &["type", "name"]), ("assert", &[])] };

/// Decodes every file's blocks into one configuration, with the diagnostics
/// Terraform reports while loading it.
pub fn decode(files: &[(usize, &Body)], profile: Profile, diags: &mut Vec<ModuleDiagnostic>, sources: &[(String, String)]) -> Config {
    let mut config = Config::default();
    let mut d = Decoder { profile, diags, sources };
    for (file, body) in files {
        let c = content(body, &FILE, *file, d.diags);
        for block in c.blocks {
            d.top_block(&mut config, block, *file);
        }
    }
    config
}

struct Decoder<'d> {
    profile: Profile,
    diags: &'d mut Vec<ModuleDiagnostic>,
    sources: &'d [(String, String)],
}

impl Decoder<'_> {
    fn error(&mut self, file: usize, summary: impl Into<String>, detail: impl Into<String>, span: Span) {
        self.diags.push(ModuleDiagnostic::at(file, Diagnostic::error(summary, detail, span)));
    }

    /// `file:line,col-col` of a place, as Terraform quotes a declaration.
    fn range(&self, loc: Loc) -> String {
        let (name, text) = &self.sources[loc.file];
        range_text(text, name, loc.span, crate::value::unicode())
    }

    fn top_block(&mut self, config: &mut Config, block: &Block, file: usize) {
        match block.kind.as_str() {
            "variable" => {
                let v = self.variable(block, file);
                if let Some(existing) = config.variables.iter().find(|e| e.name == v.name) {
                    let detail = format!(
                        "A variable named {} was already declared at {}. Variable names must be unique within a module.",
                        go_quote(&v.name),
                        self.range(existing.decl)
                    );
                    self.error(file, "Duplicate variable declaration", detail, v.decl.span);
                } else {
                    config.variables.push(v);
                }
            }
            "locals" => {
                for attr in just_attributes(&block.body, file, self.diags) {
                    if !is_identifier(&attr.name) {
                        self.error(file, "Invalid local value name", BAD_IDENTIFIER, attr.name_span);
                    }
                    let decl = Loc { file, span: attr.span };
                    if let Some(existing) = config.locals.iter().find(|e| e.name == attr.name) {
                        let detail = format!(
                            "A local value named {} was already defined at {}. Local value names must be unique within a module.",
                            go_quote(&attr.name),
                            self.range(existing.decl)
                        );
                        self.error(file, "Duplicate local value definition", detail, attr.name_span);
                        continue;
                    }
                    config.locals.push(Local { name: attr.name.clone(), expr: attr.expr.clone(), decl });
                }
            }
            "output" => {
                let o = self.output(block, file);
                if let Some(existing) = config.outputs.iter().find(|e| e.name == o.name) {
                    let detail = format!(
                        "An output named {} was already defined at {}. Output names must be unique within a module.",
                        go_quote(&o.name),
                        self.range(existing.decl)
                    );
                    self.error(file, "Duplicate output definition", detail, o.decl.span);
                } else {
                    config.outputs.push(o);
                }
            }
            "resource" | "data" => {
                let mode = if block.kind == "resource" { Mode::Managed } else { Mode::Data };
                let r = self.resource(block, file, mode);
                self.add_resource(config, r);
            }
            "module" => {
                let m = self.module_call(block, file);
                if let Some(existing) = config.modules.iter().find(|e| e.name == m.name) {
                    let detail = format!(
                        "A module call named {} was already defined at {}. Module calls must have unique names within a module.",
                        go_quote(&m.name),
                        self.range(existing.decl)
                    );
                    self.error(file, "Duplicate module call", detail, m.decl.span);
                } else {
                    config.modules.push(m);
                }
            }
            "check" => {
                let c = self.check(block, file);
                if let Some(existing) = config.checks.iter().find(|e| e.name == c.name) {
                    let detail = format!(
                        "A check block named {} was already defined at {}. Check blocks must be unique within each module.",
                        go_quote(&c.name),
                        self.range(existing.decl)
                    );
                    self.error(file, format!("Duplicate check {} configuration", go_quote(&c.name)), detail, c.decl.span);
                } else {
                    config.checks.push(c);
                }
            }
            // Accepted as written: the playground has no providers,
            // backends or state to act on.
            _ => {}
        }
    }

    fn add_resource(&mut self, config: &mut Config, r: Resource) {
        let existing = config.resources.iter().find(|e| e.mode == r.mode && e.ty == r.ty && e.name == r.name);
        if let Some(existing) = existing {
            let (summary, what) = match r.mode {
                Mode::Managed => (format!("Duplicate resource {} configuration", go_quote(&r.ty)), "resource"),
                Mode::Data => (format!("Duplicate data {} configuration", go_quote(&r.ty)), "data resource"),
            };
            let detail = format!(
                "A {what} named {} was already declared at {}. Resource names must be unique per type in each module.",
                go_quote(&r.name),
                self.range(existing.decl)
            );
            self.error(r.file, summary, detail, r.decl.span);
            return;
        }
        config.resources.push(r);
    }

    /// A constant argument (`sensitive = true`): evaluated with no context.
    fn constant(&mut self, attr: &Attribute, file: usize, want: &Type) -> Option<Value> {
        let vars = SortedMap::new();
        let limits = Limits::default();
        let _profile = self.profile.enter();
        let mut ev = Evaluator::new(&vars, &limits).with_profile(self.profile).without_context();
        let v = ev.eval(&attr.expr);
        if !ev.diags.is_empty() {
            self.diags.extend(ev.diags.into_iter().map(|d| ModuleDiagnostic::at(file, d)));
            return None;
        }
        match convert(&v, want) {
            Ok(v) if v.is_known() && !v.is_null() => Some(v),
            Ok(_) => {
                self.error(file, "Unsuitable value type", "Unsuitable value: value must not be null", attr.expr.span);
                None
            }
            Err(m) => {
                self.error(file, "Unsuitable value type", format!("Unsuitable value: {m}"), attr.expr.span);
                None
            }
        }
    }

    fn bool_arg(&mut self, attr: Option<&Attribute>, file: usize, default: bool) -> bool {
        match attr.and_then(|a| self.constant(a, file, &Type::Bool)) {
            Some(Value::Bool(b)) => b,
            _ => default,
        }
    }

    fn string_arg(&mut self, attr: Option<&Attribute>, file: usize) -> Option<String> {
        match attr.and_then(|a| self.constant(a, file, &Type::String)) {
            Some(Value::String(s)) => Some(s),
            _ => None,
        }
    }

    fn name_label(&mut self, block: &Block, file: usize, what: &str) -> String {
        let (name, span) = block.labels[0].clone();
        if !is_identifier(&name) {
            self.error(file, format!("Invalid {what} name"), BAD_IDENTIFIER, span);
        }
        name
    }

    fn variable(&mut self, block: &Block, file: usize) -> Variable {
        let c = content(&block.body, &VARIABLE, file, self.diags);
        let name = self.name_label(block, file, "variable");
        for reserved in
            ["source", "version", "count", "for_each", "depends_on", "providers", "ignore_nested_deprecations", "lifecycle", "locals"]
        {
            if name == reserved {
                let detail = format!("The variable name {} is reserved due to its special meaning inside module blocks.", go_quote(&name));
                self.error(file, "Invalid variable name", detail, block.labels[0].1);
            }
        }
        let description = self.string_arg(c.attr("description"), file);
        let constraint = c.attr("type").and_then(|a| match constraint_of(&a.expr) {
            Ok(Constraint::Simple(Type::Dynamic)) => None,
            Ok(c) => Some(c),
            Err(m) => {
                self.error(file, "Invalid type specification", m, a.expr.span);
                None
            }
        });
        let sensitive = self.bool_arg(c.attr("sensitive"), file, false);
        let ephemeral = self.bool_arg(c.attr("ephemeral"), file, false);
        let nullable = self.bool_arg(c.attr("nullable"), file, true);
        let mut default = None;
        if let Some(attr) = c.attr("default") {
            let vars = SortedMap::new();
            let limits = Limits::default();
            let _profile = self.profile.enter();
            let mut ev = Evaluator::new(&vars, &limits).with_profile(self.profile).without_context();
            let v = ev.eval(&attr.expr);
            let ok = ev.diags.is_empty();
            self.diags.extend(ev.diags.into_iter().map(|d| ModuleDiagnostic::at(file, d)));
            let converted = match &constraint {
                Some(c) if ok => crate::eval::convert_to_constraint(v, c, self.profile),
                _ => Ok(v),
            };
            let v = match converted {
                Ok(v) => v,
                Err(m) => {
                    let detail = format!("This default value is not compatible with the variable's type constraint: {m}.");
                    self.error(file, "Invalid default value for variable", detail, attr.expr.span);
                    Value::dynamic_unknown()
                }
            };
            if !nullable && v.is_null() {
                self.error(
                    file,
                    "Invalid default value for variable",
                    "A null default value is not valid when nullable=false.",
                    attr.expr.span,
                );
            }
            default = Some(v);
        }
        let validations = c.blocks.iter().filter_map(|b| self.check_rule(b, file)).collect();
        Variable { name, decl: def_range(block, file), constraint, default, nullable, sensitive, ephemeral, description, validations }
    }

    fn check_rule(&mut self, block: &Block, file: usize) -> Option<CheckRule> {
        let c = content(&block.body, &CHECK_RULE, file, self.diags);
        let (condition, error_message) = (c.attr("condition")?, c.attr("error_message")?);
        Some(CheckRule { condition: condition.expr.clone(), error_message: error_message.expr.clone(), decl: def_range(block, file), file })
    }

    fn output(&mut self, block: &Block, file: usize) -> Output {
        let c = content(&block.body, &OUTPUT, file, self.diags);
        let name = self.name_label(block, file, "output");
        let description = self.string_arg(c.attr("description"), file);
        let sensitive = self.bool_arg(c.attr("sensitive"), file, false);
        let ephemeral = self.bool_arg(c.attr("ephemeral"), file, false);
        let mut preconditions = Vec::new();
        for b in &c.blocks {
            match b.kind.as_str() {
                "precondition" => preconditions.extend(self.check_rule(b, file)),
                _ => self.error(
                    file,
                    "Postconditions are not allowed",
                    "Output values can only have preconditions, not postconditions.",
                    b.kind_span,
                ),
            }
        }
        let depends_on = c.attr("depends_on").map(|a| self.depends_on(a, file)).unwrap_or_default();
        Output {
            name,
            decl: def_range(block, file),
            value: c.attr("value").map(|a| a.expr.clone()),
            sensitive,
            ephemeral,
            description,
            preconditions,
            depends_on,
            file,
        }
    }

    /// `depends_on = [a.b, c]`: a list of references, kept as expressions.
    fn depends_on(&mut self, attr: &Attribute, file: usize) -> Vec<Expression> {
        match &attr.expr.kind {
            crate::syntax::ast::ExprKind::TupleCons(items) => items.clone(),
            _ => {
                self.error(file, "Invalid expression", "A static list expression is required.", attr.expr.span);
                Vec::new()
            }
        }
    }

    fn resource(&mut self, block: &Block, file: usize, mode: Mode) -> Resource {
        let schema = if mode == Mode::Managed { &RESOURCE } else { &DATA };
        let c = partial_content(&block.body, schema, file, self.diags);
        let (ty, ty_span) = block.labels[0].clone();
        let (name, name_span) = block.labels[1].clone();
        if !is_identifier(&ty) {
            self.error(file, "Invalid resource type name", BAD_IDENTIFIER, ty_span);
        }
        if !is_identifier(&name) {
            self.error(file, "Invalid resource name", BAD_IDENTIFIER, name_span);
        }
        let count = c.attr("count").map(|a| a.expr.clone());
        let for_each = c.attr("for_each").map(|a| a.expr.clone());
        if let (Some(_), Some(fe)) = (&count, c.attr("for_each")) {
            self.error(
                file,
                "Invalid combination of \"count\" and \"for_each\"",
                "The \"count\" and \"for_each\" meta-arguments are mutually-exclusive, only one should be used to be explicit about the number of resources to be created.",
                fe.name_span,
            );
        }
        let depends_on = c.attr("depends_on").map(|a| self.depends_on(a, file)).unwrap_or_default();
        let mut preconditions = Vec::new();
        let mut postconditions = Vec::new();
        let mut provisioners = Vec::new();
        let mut lifecycle_seen: Option<Loc> = None;
        for b in &c.blocks {
            match b.kind.as_str() {
                "lifecycle" => {
                    if let Some(seen) = lifecycle_seen {
                        let detail = format!("This resource already has a lifecycle block at {}.", self.range(seen));
                        self.error(file, "Duplicate lifecycle block", detail, b.kind_span);
                        continue;
                    }
                    lifecycle_seen = Some(def_range(b, file));
                    let lc = content(&b.body, &LIFECYCLE, file, self.diags);
                    for rule in &lc.blocks {
                        match rule.kind.as_str() {
                            "precondition" => preconditions.extend(self.check_rule(rule, file)),
                            "postcondition" => postconditions.extend(self.check_rule(rule, file)),
                            _ => {}
                        }
                    }
                }
                "provisioner" | "connection" => provisioners.push((*b).clone()),
                "locals" => self.error(
                    file,
                    "Reserved block type name in resource block",
                    "The block type name \"locals\" is reserved for use by Terraform in a future version.",
                    b.kind_span,
                ),
                "_" => {}
                _ => {}
            }
        }
        // The resource type's own configuration: what the schema left.
        let own = Body {
            items: block
                .body
                .items
                .iter()
                .filter(|item| match item {
                    crate::syntax::ast::BodyItem::Attribute(a) => !schema.attributes.iter().any(|(n, _)| *n == a.name),
                    crate::syntax::ast::BodyItem::Block(b) => !schema.blocks.iter().any(|(t, _)| *t == b.kind),
                })
                .cloned()
                .collect(),
            span: block.body.span,
        };
        Resource {
            mode,
            ty,
            name,
            decl: def_range(block, file),
            file,
            count,
            for_each,
            depends_on,
            body: own,
            preconditions,
            postconditions,
            provisioners,
        }
    }

    fn module_call(&mut self, block: &Block, file: usize) -> ModuleCall {
        let c = partial_content(&block.body, &MODULE, file, self.diags);
        let name = self.name_label(block, file, "module");
        let source = self.string_arg(c.attr("source"), file);
        let depends_on = c.attr("depends_on").map(|a| self.depends_on(a, file)).unwrap_or_default();
        let arguments = block.body.attributes().filter(|a| !MODULE.attributes.iter().any(|(n, _)| *n == a.name)).cloned().collect();
        for b in block.body.blocks() {
            if !MODULE.blocks.iter().any(|(t, _)| *t == b.kind) {
                self.diags.push(unsupported_block(b, &MODULE, file));
            }
        }
        ModuleCall {
            name,
            decl: def_range(block, file),
            file,
            source,
            count: c.attr("count").map(|a| a.expr.clone()),
            for_each: c.attr("for_each").map(|a| a.expr.clone()),
            depends_on,
            arguments,
        }
    }

    fn check(&mut self, block: &Block, file: usize) -> Check {
        let c = content(&block.body, &CHECK, file, self.diags);
        let name = self.name_label(block, file, "check block");
        let mut asserts = Vec::new();
        let mut data = None;
        for b in &c.blocks {
            match b.kind.as_str() {
                "assert" => asserts.extend(self.check_rule(b, file)),
                _ => data = Some(self.resource(b, file, Mode::Data)),
            }
        }
        if asserts.is_empty() {
            self.error(file, "Zero assert blocks", "Check blocks must have at least one assert block.", block.def_span());
        }
        Check { name, decl: def_range(block, file), asserts, data }
    }
}
