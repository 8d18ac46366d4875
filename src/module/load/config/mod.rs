//! A module's configuration: the blocks of its files decoded as Terraform's
//! `configs` package decodes them (variables, locals, outputs, resources
//! and data sources, module calls, checks, and the blocks the playground
//! accepts without acting on), with Terraform's diagnostics for malformed
//! or duplicate declarations.

mod overrides;
mod resource;
mod statements;

pub(crate) use overrides::is_override_file;

pub use statements::{check_removed, is_static_traversal, Import, Removed};

/// A resource by mode, type and name.
pub(crate) type ResourceKey = (Mode, String, String);

use crate::diagnostics::{range_text, Diagnostic, Span};
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::module::load::schema::{content, def_range, just_attributes, partial_content, unsupported_block, Schema};
use crate::module::load::{Loc, ModuleDiagnostic};
use crate::profile::Profile;
#[allow(unused_imports)]
use crate::syntax::ast::{Attribute, Block, Body, BodyItem, Expression};
use crate::syntax::typeexpr::{constraint_of, Constraint};
use crate::text::is_identifier;
use crate::value::convert::convert;
use crate::value::{go_quote, SortedMap, Type, Value};
use std::collections::HashMap;

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
    /// Values given as text (`-var`, `TF_VAR_`) are read as HCL (any type
    /// but a primitive one), not taken as a string.
    pub parse_hcl: bool,
    /// `const = true`: the value is known while modules are installed
    /// (Terraform), so a module `source` may use it.
    pub constant: bool,
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

/// A provisioner (or the resource's `connection` block): its own
/// arguments, evaluated with `self`, never run.
#[derive(Clone, Debug)]
pub struct Provisioner {
    pub block: Block,
    /// `when = destroy`.
    pub destroy: bool,
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
    /// Terraform's `type = ...`: the value is converted to it.
    pub constraint: Option<Constraint>,
    /// `deprecated = "..."`: where it is.
    pub deprecated: Option<Span>,
}

/// Managed resource (`resource`), data source (`data`) or ephemeral
/// resource (`ephemeral`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// `resource`
    Managed,
    /// `data`
    Data,
    /// `ephemeral`
    Ephemeral,
}

impl Mode {
    /// "managed", "data" or "ephemeral", as messages name the mode.
    pub fn adjective(self) -> &'static str {
        match self {
            Mode::Managed => "managed",
            Mode::Data => "data",
            Mode::Ephemeral => "ephemeral",
        }
    }

    /// The article before [`Mode::adjective`].
    pub fn article(self) -> &'static str {
        match self {
            Mode::Ephemeral => "An",
            _ => "A",
        }
    }

    /// The block type that declares such a resource.
    pub fn block_name(self) -> &'static str {
        match self {
            Mode::Managed => "resource",
            Mode::Data => "data",
            Mode::Ephemeral => "ephemeral",
        }
    }

    /// A resource's address in this mode.
    pub fn address(self, ty: &str, name: &str) -> String {
        match self {
            Mode::Managed => format!("{ty}.{name}"),
            Mode::Data => format!("data.{ty}.{name}"),
            Mode::Ephemeral => format!("ephemeral.{ty}.{name}"),
        }
    }
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
    pub provisioners: Vec<Provisioner>,
    /// `lifecycle { replace_triggered_by = [...] }`.
    pub replace_triggered_by: Vec<Expression>,
    /// Provider configuration (`provider = aws.west`), as written.
    pub provider: Option<(String, Option<String>)>,
    /// OpenTofu's `lifecycle { enabled = ... }`: one instance or none.
    pub enabled: Option<Expression>,
}

impl Resource {
    /// `aws_instance.web` or `data.aws_ami.ubuntu`.
    pub fn address(&self) -> String {
        self.mode.address(&self.ty, &self.name)
    }

    /// What a module instance's planned resources are keyed by.
    pub fn key(&self) -> (Mode, String, String) {
        (self.mode, self.ty.clone(), self.name.clone())
    }
}

/// A `module` block.
#[derive(Clone, Debug)]
pub struct ModuleCall {
    pub name: String,
    pub decl: Loc,
    pub file: usize,
    /// Where the child module is: the `source` argument's expression (a
    /// literal, or a variable where the engine evaluates it early).
    pub source: Option<Expression>,
    pub count: Option<Expression>,
    pub for_each: Option<Expression>,
    pub depends_on: Vec<Expression>,
    /// The arguments passed to the module's variables.
    pub arguments: Vec<Attribute>,
    /// Where the block's body starts (a missing argument's place).
    pub body_start: usize,
    /// OpenTofu's `lifecycle { enabled = ... }`: one instance or none.
    pub enabled: Option<Expression>,
}

/// A `check` block.
#[derive(Clone, Debug)]
pub struct Check {
    pub name: String,
    pub decl: Loc,
    pub asserts: Vec<CheckRule>,
    pub data: Option<Resource>,
}

/// A `provider` block: its local name, alias and body.
#[derive(Clone, Debug)]
pub struct ProviderConfig {
    pub name: String,
    pub alias: Option<String>,
    pub body: Body,
    pub file: usize,
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
    /// Module calls refused as duplicates (OpenTofu's installer still
    /// looks for their modules).
    pub duplicate_modules: Vec<Loc>,
    /// `provider` blocks.
    pub providers: Vec<ProviderConfig>,
    /// `required_providers` entries: local name and source.
    pub required_providers: Vec<(String, Option<String>)>,
    /// `required_providers` version constraints: local name and
    /// constraint (`~> 5.0`).
    pub provider_versions: Vec<(String, String)>,
    /// `terraform { required_version = ... }` constraints.
    pub required_versions: Vec<(String, Loc)>,
    /// OpenTofu's `language { compatible_with { opentofu = ... } }`
    /// constraints, with the argument's place.
    pub compatible_with: Vec<(String, Loc)>,
    pub imports: Vec<Import>,
    pub removed: Vec<Removed>,
    /// Where each named value is declared first, by name.
    pub names: Names,
}

/// The index of each variable, local value, resource and module call by
/// its name, the first where a name is declared twice: references find
/// what they name without a search.
#[derive(Clone, Debug, Default)]
pub struct Names {
    pub variables: HashMap<String, usize>,
    pub locals: HashMap<String, usize>,
    pub resources: HashMap<(Mode, String, String), usize>,
    pub modules: HashMap<String, usize>,
}

impl Names {
    fn of(c: &Config) -> Names {
        fn first<K: std::hash::Hash + Eq>(keys: impl Iterator<Item = K>) -> HashMap<K, usize> {
            let mut out = HashMap::new();
            for (i, k) in keys.enumerate() {
                out.entry(k).or_insert(i);
            }
            out
        }
        Names {
            variables: first(c.variables.iter().map(|v| v.name.clone())),
            locals: first(c.locals.iter().map(|l| l.name.clone())),
            resources: first(c.resources.iter().map(Resource::key)),
            modules: first(c.modules.iter().map(|m| m.name.clone())),
        }
    }
}

/// OpenTofu 1.12 adds the `language` block (last, so that Terraform's
/// schema is the rest).
const FILE_OPENTOFU: Schema = Schema {
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
        ("language", &[]),
    ],
};

const FILE: Schema = Schema { attributes: &[], blocks: all_but_last(FILE_OPENTOFU.blocks) };

/// The block types of a configuration file, per engine.
pub(crate) fn file_blocks(profile: crate::profile::Profile) -> &'static [(&'static str, &'static [&'static str])] {
    match profile {
        crate::profile::Profile::OpenTofu => FILE_OPENTOFU.blocks,
        _ => FILE.blocks,
    }
}

/// A schema list without its last entry (the one OpenTofu adds).
const fn all_but_last<T>(items: &'static [T]) -> &'static [T] {
    match items.split_last() {
        Some((_, rest)) => rest,
        None => items,
    }
}

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

/// OpenTofu's outputs have no `type`.
const OUTPUT_OPENTOFU: Schema = Schema {
    attributes: &[
        ("description", false),
        ("value", true),
        ("depends_on", false),
        ("sensitive", false),
        ("ephemeral", false),
        ("deprecated", false),
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

/// OpenTofu 1.11 adds `enabled` (last, so that Terraform's schema is the
/// rest).
const LIFECYCLE_OPENTOFU: Schema = Schema {
    attributes: &[
        ("create_before_destroy", false),
        ("prevent_destroy", false),
        ("ignore_changes", false),
        ("replace_triggered_by", false),
        ("destroy", false),
        ("enabled", false),
    ],
    blocks: &[("precondition", &[]), ("postcondition", &[]), ("action_trigger", &[])],
};

const LIFECYCLE: Schema = Schema { attributes: all_but_last(LIFECYCLE_OPENTOFU.attributes), blocks: LIFECYCLE_OPENTOFU.blocks };

/// A module call's `lifecycle` in OpenTofu.
const MODULE_LIFECYCLE: Schema = Schema { attributes: &[("enabled", false)], blocks: &[] };

const LANGUAGE: Schema = Schema { attributes: &[], blocks: &[("compatible_with", &[])] };

const PROVISIONER: Schema = Schema { attributes: &[("when", false), ("on_failure", false)], blocks: &[("connection", &[]), ("_", &[])] };

const TERRAFORM: Schema = Schema { attributes: &[("required_version", false)], blocks: &[("required_providers", &[])] };

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
    let mut d = Decoder { profile, diags, sources, declared: HashMap::new(), overriding: false };
    let (overrides, primary): (Vec<_>, Vec<_>) = files.iter().partition(|(file, _)| is_override_file(&sources[*file].0));
    let schema = if profile == Profile::OpenTofu { &FILE_OPENTOFU } else { &FILE };
    for &(file, body) in primary {
        let c = content(body, schema, file, d.diags, profile);
        for block in c.blocks {
            d.top_block(&mut config, block, file);
        }
    }
    d.overriding = true;
    for &(file, body) in overrides {
        let c = content(body, schema, file, d.diags, profile);
        for block in c.blocks {
            d.override_block(&mut config, block, file);
        }
    }
    d.overriding = false;
    check_removed(&config, profile, d.diags);
    config.names = Names::of(&config);
    config
}

struct Decoder<'d> {
    profile: Profile,
    diags: &'d mut Vec<ModuleDiagnostic>,
    sources: &'d [(String, String)],
    /// The first declaration of each (kind, resource type, name).
    declared: HashMap<(&'static str, String, String), Loc>,
    /// Decoding an override file's blocks.
    overriding: bool,
}

impl Decoder<'_> {
    /// Where a declaration of `kind` (and resource type `ty`) named `name`
    /// was first made, or `None` when this one, `at`, is the first.
    fn first_declared(&mut self, kind: &'static str, ty: &str, name: &str, at: Loc) -> Option<Loc> {
        match self.declared.entry((kind, ty.to_string(), name.to_string())) {
            std::collections::hash_map::Entry::Occupied(e) => Some(*e.get()),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(at);
                None
            }
        }
    }

    fn error(&mut self, file: usize, summary: impl Into<String>, detail: impl Into<String>, span: Span) {
        self.diags.push(ModuleDiagnostic::at(file, Diagnostic::error(summary, detail, span)));
    }

    /// `file:line,col-col` of a place, as Terraform quotes a declaration.
    fn range(&self, loc: Loc) -> String {
        let (name, text) = &self.sources[loc.file];
        range_text(text, name, loc.span, self.profile.unicode())
    }

    /// Terraform's error for a second declaration of a name, if there was
    /// an `earlier` one (`detail` gets where it is): whether there was.
    /// A second declaration of a name: the error, of `kind`, when there is
    /// an `earlier` one. Outputs, module calls, checks and resources are
    /// `DiagnosticKind::FullLoad`: OpenTofu's console finds these only
    /// after a first load of the variables and local values succeeds.
    fn redeclared(
        &mut self,
        earlier: Option<Loc>,
        kind: crate::module::load::DiagnosticKind,
        file: usize,
        span: Span,
        summary: impl Into<String>,
        detail: impl FnOnce(String) -> String,
    ) -> bool {
        let Some(earlier) = earlier else { return false };
        let at = self.range(earlier);
        let d = ModuleDiagnostic::at(file, Diagnostic::error(summary, detail(at), span));
        self.diags.push(d.of_kind(kind));
        true
    }

    fn top_block(&mut self, config: &mut Config, block: &Block, file: usize) {
        match block.kind.as_str() {
            "variable" => {
                let v = self.variable(block, file);
                let earlier = self.first_declared("variable", "", &v.name, v.decl);
                let profile = self.profile;
                let detail = |at| {
                    let name = go_quote(&v.name, profile);
                    format!("A variable named {name} was already declared at {at}. Variable names must be unique within a module.")
                };
                if !self.redeclared(
                    earlier,
                    crate::module::load::DiagnosticKind::Other,
                    file,
                    v.decl.span,
                    "Duplicate variable declaration",
                    detail,
                ) {
                    config.variables.push(v);
                }
            }
            "locals" => {
                for attr in just_attributes(&block.body, file, self.diags, self.profile) {
                    if !is_identifier(&attr.name) {
                        self.error(file, "Invalid local value name", BAD_IDENTIFIER, attr.name_span);
                    }
                    let decl = Loc { file, span: attr.span };
                    let earlier = self.first_declared("local", "", &attr.name, decl);
                    let profile = self.profile;
                    let detail = |at| {
                        let name = go_quote(&attr.name, profile);
                        format!("A local value named {name} was already defined at {at}. Local value names must be unique within a module.")
                    };
                    if self.redeclared(
                        earlier,
                        crate::module::load::DiagnosticKind::Other,
                        file,
                        attr.name_span,
                        "Duplicate local value definition",
                        detail,
                    ) {
                        continue;
                    }
                    config.locals.push(Local { name: attr.name.clone(), expr: attr.expr.clone(), decl });
                }
            }
            "output" => {
                let o = self.output(block, file);
                let earlier = self.first_declared("output", "", &o.name, o.decl);
                let profile = self.profile;
                let detail = |at| {
                    let name = go_quote(&o.name, profile);
                    format!("An output named {name} was already defined at {at}. Output names must be unique within a module.")
                };
                if !self.redeclared(
                    earlier,
                    crate::module::load::DiagnosticKind::FullLoad,
                    file,
                    o.decl.span,
                    "Duplicate output definition",
                    detail,
                ) {
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
                let earlier = self.first_declared("module", "", &m.name, m.decl);
                let profile = self.profile;
                let detail = |at| {
                    let name = go_quote(&m.name, profile);
                    format!("A module call named {name} was already defined at {at}. Module calls must have unique names within a module.")
                };
                match self.redeclared(
                    earlier,
                    crate::module::load::DiagnosticKind::FullLoad,
                    file,
                    m.decl.span,
                    "Duplicate module call",
                    detail,
                ) {
                    true => config.duplicate_modules.push(m.decl),
                    false => config.modules.push(m),
                }
            }
            "check" => {
                let c = self.check(block, file);
                let earlier = self.first_declared("check", "", &c.name, c.decl);
                let name = go_quote(&c.name, self.profile);
                let detail =
                    |at| format!("A check block named {name} was already defined at {at}. Check blocks must be unique within each module.");
                if !self.redeclared(
                    earlier,
                    crate::module::load::DiagnosticKind::FullLoad,
                    file,
                    c.decl.span,
                    format!("Duplicate check {name} configuration"),
                    detail,
                ) {
                    config.checks.push(c);
                }
            }
            "provider" => {
                let alias = block.body.attribute("alias").and_then(|a| match &a.expr.kind {
                    crate::syntax::ast::ExprKind::Literal(Value::String(s)) => Some(s.clone()),
                    crate::syntax::ast::ExprKind::Template(parts) => match parts.as_slice() {
                        [crate::syntax::ast::TemplatePart::Literal(s)] => Some(s.clone()),
                        _ => None,
                    },
                    _ => None,
                });
                self.provider_meta_arguments(block, alias.is_some(), file);
                config.providers.push(ProviderConfig { name: block.labels[0].0.clone(), alias, body: block.body.clone(), file });
            }
            "terraform" => self.terraform(config, block, file),
            "language" => self.language(config, block, file),
            "moved" => self.moved(block, file),
            "import" => self.import(config, block, file),
            "removed" => self.removed(config, block, file),
            // Accepted as written: the playground has no providers,
            // backends or state to act on.
            _ => {}
        }
    }

    /// OpenTofu's `language` block: the `opentofu` constraint of its
    /// `compatible_with` blocks (the rest is for other programs).
    fn language(&mut self, config: &mut Config, block: &Block, file: usize) {
        let c = partial_content(&block.body, &LANGUAGE, file, self.diags, self.profile);
        for b in &c.blocks {
            if let Some(a) = b.body.attribute("opentofu") {
                let text = match &a.expr.kind {
                    crate::syntax::ast::ExprKind::Literal(v @ Value::Number(_)) => Some(crate::present::console(v, self.profile)),
                    _ => literal_string(&a.expr),
                };
                if let Some(t) = text {
                    config.compatible_with.push((t, Loc { file, span: a.span }));
                }
            }
        }
    }

    /// A `provider` block's meta-arguments: those Terraform reserves, and
    /// OpenTofu's `for_each` (only with an `alias`).
    fn provider_meta_arguments(&mut self, block: &Block, aliased: bool, file: usize) {
        let tofu = self.profile == Profile::OpenTofu;
        for name in ["count", "depends_on", "for_each", "source"] {
            let Some(a) = block.body.attribute(name) else { continue };
            if tofu && name == "for_each" {
                if !aliased {
                    let detail = "The for_each argument is allowed only for provider configurations with an alias.";
                    self.error(file, "Alias required when using \"for_each\"", detail, a.expr.span);
                }
                continue;
            }
            let engine = if tofu { "OpenTofu" } else { "Terraform" };
            let detail =
                format!("The provider argument name {} is reserved for use by {engine} in a future version.", go_quote(name, self.profile));
            self.error(file, "Reserved argument name in provider block", detail, a.name_span);
        }
    }

    /// The parts of a `terraform` block the playground acts on:
    /// `required_version` and `required_providers`.
    fn terraform(&mut self, config: &mut Config, block: &Block, file: usize) {
        let c = partial_content(&block.body, &TERRAFORM, file, self.diags, self.profile);
        if let Some(a) = c.attr("required_version") {
            if let Some(v) = self.string_arg(Some(a), file) {
                config.required_versions.push((v, Loc { file, span: a.expr.span }));
            }
        }
        for b in &c.blocks {
            for attr in b.body.attributes() {
                let field = |name: &str| match &attr.expr.kind {
                    crate::syntax::ast::ExprKind::ObjectCons(items) => items.iter().find_map(|item| {
                        let key = item.key.bare_name.clone().or_else(|| match &item.key.expr.kind {
                            crate::syntax::ast::ExprKind::Template(parts) => match parts.as_slice() {
                                [crate::syntax::ast::TemplatePart::Literal(s)] => Some(s.clone()),
                                _ => None,
                            },
                            _ => None,
                        })?;
                        (key == name).then(|| literal_string(&item.value)).flatten()
                    }),
                    _ => None,
                };
                let source = match &attr.expr.kind {
                    crate::syntax::ast::ExprKind::ObjectCons(_) => field("source"),
                    // The legacy form: `aws = "~> 5.0"` is a version.
                    _ => None,
                };
                let version = match &attr.expr.kind {
                    crate::syntax::ast::ExprKind::ObjectCons(_) => field("version"),
                    _ => literal_string(&attr.expr),
                };
                if let Some(v) = version {
                    config.provider_versions.push((attr.name.clone(), v));
                }
                config.required_providers.push((attr.name.clone(), source));
            }
        }
    }

    fn add_resource(&mut self, config: &mut Config, r: Resource) {
        let earlier = self.first_declared(r.mode.adjective(), &r.ty, &r.name, r.decl);
        let (summary, what) = match r.mode {
            Mode::Data => (format!("Duplicate data {} configuration", go_quote(&r.ty, self.profile)), r.ty.clone() + " data resource"),
            _ => (format!("Duplicate resource {} configuration", go_quote(&r.ty, self.profile)), r.ty.clone() + " resource"),
        };
        let name = go_quote(&r.name, self.profile);
        let detail =
            |at| format!("A {what} named {name} was already declared at {at}. Resource names must be unique per type in each module.");
        if !self.redeclared(earlier, crate::module::load::DiagnosticKind::FullLoad, r.file, r.decl.span, summary, detail) {
            config.resources.push(r);
        }
    }

    /// A constant argument (`sensitive = true`), decoded as gohcl's
    /// `DecodeExpression` with no context does.
    fn constant(&mut self, attr: &Attribute, file: usize, want: &Type) -> Option<Value> {
        let vars = SortedMap::new();
        let limits = Limits::default();
        let mut ev = Evaluator::new(&vars, &limits).with_profile(self.profile).without_context();
        let v = ev.eval(&attr.expr);
        let failed = !ev.diags.is_empty();
        self.diags.extend(ev.diags.into_iter().map(|d| ModuleDiagnostic::at(file, d)));
        let v = match convert(&v, want, self.profile) {
            Ok(v) => v,
            Err(m) => {
                self.error(file, "Unsuitable value type", format!("Unsuitable value: {m}"), attr.expr.span);
                return None;
            }
        };
        if !v.is_known() {
            self.error(file, "Unsuitable value type", "Unsuitable value: value must be known", attr.expr.span);
            return None;
        }
        if v.is_null() {
            self.error(file, "Unsuitable value type", "Unsuitable value: value must not be null", attr.expr.span);
            return None;
        }
        (!failed).then_some(v)
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
        let c = content(&block.body, &VARIABLE, file, self.diags, self.profile);
        let name = self.name_label(block, file, "variable");
        for reserved in
            ["source", "version", "count", "for_each", "depends_on", "providers", "ignore_nested_deprecations", "lifecycle", "locals"]
        {
            if name == reserved {
                let detail = format!(
                    "The variable name {} is reserved due to its special meaning inside module blocks.",
                    go_quote(&name, self.profile)
                );
                self.error(file, "Invalid variable name", detail, block.labels[0].1);
            }
        }
        let decl = def_range(block, file);
        let description = self.string_arg(c.attr("description"), file);
        let (constraint, parse_hcl) = match c.attr("type") {
            Some(a) => self.variable_type(&a.expr, file),
            None => (None, false),
        };
        let mut constraint = constraint;
        if let Some(c) = &constraint {
            let before = self.diags.len();
            self.optional_defaults(c, file);
            // A type with a bad default is no type to check against.
            if self.diags.len() > before {
                constraint = None;
            }
        }
        let sensitive = self.bool_arg(c.attr("sensitive"), file, false);
        let ephemeral = self.bool_arg(c.attr("ephemeral"), file, false);
        let constant = self.bool_arg(c.attr("const"), file, false);
        if constant && sensitive {
            self.error(
                file,
                "Const variable cannot be sensitive",
                "A variable that is marked as \"const\" cannot also be marked as \"sensitive\".",
                decl.span,
            );
        }
        if constant && ephemeral {
            self.error(
                file,
                "Const variable cannot be ephemeral",
                "A variable that is marked as \"const\" cannot also be marked as \"ephemeral\".",
                decl.span,
            );
        }
        let nullable = self.bool_arg(c.attr("nullable"), file, true);
        let mut default = None;
        if let (Some(attr), Some(c), Profile::OpenTofu) = (c.attr("default"), &constraint, self.profile) {
            // OpenTofu's lint, which its loading runs twice.
            for _ in 0..2 {
                self.discarded_attributes(&attr.expr, c, "this variable", file);
            }
        }
        if let Some(attr) = c.attr("default") {
            let vars = SortedMap::new();
            let limits = Limits::default();
            let mut ev = Evaluator::new(&vars, &limits).with_profile(self.profile).without_context();
            let v = ev.eval(&attr.expr);
            let ok = ev.diags.is_empty();
            self.diags.extend(ev.diags.into_iter().map(|d| ModuleDiagnostic::at(file, d)));
            let converted = match &constraint {
                Some(c) if ok => crate::module::load::convert::to_constraint(v, c, self.profile).map_err(|e| e.format(self.profile)),
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
        let mut validations = Vec::new();
        for b in &c.blocks {
            let Some(rule) = self.check_rule(b, file) else { continue };
            let refers_to_self = crate::syntax::traversals(&rule.condition).iter().any(|(root, span, steps)| {
                matches!(crate::module::load::refs::parse(root, *span, steps, self.profile), Ok(Some(r)) if r.subject == crate::module::load::refs::Subject::Var(name.clone()) && r.error.is_none())
            });
            if !refers_to_self {
                let detail = format!(
                    "The condition for variable {} must refer to var.{name} in order to test incoming values.",
                    go_quote(&name, self.profile)
                );
                self.error(file, "Invalid variable validation condition", detail, rule.condition.span);
            }
            validations.push(rule);
        }
        Variable { name, decl, constraint, default, nullable, sensitive, ephemeral, parse_hcl, constant, description, validations }
    }

    /// `decodeVariableType`: the constraint (`None` for any type), and
    /// whether given text is read as HCL; the legacy forms (`list`,
    /// `map`, quoted names) as Terraform takes or refuses them.
    fn variable_type(&mut self, e: &Expression, file: usize) -> (Option<Constraint>, bool) {
        let engine = if self.profile == Profile::OpenTofu { "OpenTofu" } else { "Terraform" };
        if let crate::syntax::ast::ExprKind::Template(parts) = &e.kind {
            let quoted = match parts.as_slice() {
                [crate::syntax::ast::TemplatePart::Literal(s)] => Some(s.as_str()),
                [] => Some(""),
                _ => None,
            };
            if let Some(q) = quoted {
                let (summary, detail) = match q {
                    "string" => ("Invalid quoted type constraints", format!("{engine} 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of {engine}. Remove the quotes around \"string\".")),
                    "list" | "map" => ("Invalid quoted type constraints", format!("{engine} 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of {engine}. Remove the quotes around \"{q}\" and write {q}(string) instead to explicitly indicate that the {q} elements are strings.")),
                    _ => ("Invalid legacy variable type hint", "To provide a full type expression, remove the surrounding quotes and give the type expression directly.".to_string()),
                };
                self.error(file, summary, detail, e.span);
                return (None, q != "string");
            }
        }
        if let crate::syntax::ast::ExprKind::Variable(k) = &e.kind {
            match k.as_str() {
                "list" => return (Some(Constraint::List(Box::new(Constraint::Simple(Type::Dynamic)))), true),
                "map" => return (Some(Constraint::Map(Box::new(Constraint::Simple(Type::Dynamic)))), true),
                _ => {}
            }
        }
        match constraint_of(e, self.profile) {
            Ok(Constraint::Simple(Type::Dynamic)) => (None, true),
            Ok(c) => {
                let hcl = !c.ty().is_primitive();
                (Some(c), hcl)
            }
            Err(m) => {
                self.error(file, "Invalid type specification", m, e.span);
                (None, true)
            }
        }
    }

    /// OpenTofu's warning for an object constructor's attribute that the
    /// object type discards.
    fn discarded_attributes(&mut self, e: &Expression, c: &Constraint, what: &str, file: usize) {
        let (crate::syntax::ast::ExprKind::ObjectCons(items), Constraint::Object(attrs)) = (&e.kind, c) else { return };
        for item in items {
            let Some(key) = item.key.bare_name.clone().or_else(|| literal_string(&item.key.expr)) else { continue };
            match attrs.get(&key) {
                Some(a) => self.discarded_attributes(
                    &item.value,
                    &a.ty,
                    &format!("{}.{key}", if what == "this variable" { "" } else { what }),
                    file,
                ),
                None => {
                    let names: Vec<&str> = attrs.keys().map(String::as_str).collect();
                    let hint = super::schema::first_close(&key, &names)
                        .map(|s| format!(" Did you mean to set attribute {} instead?", go_quote(s, self.profile)))
                        .unwrap_or_default();
                    let detail = format!(
                        "The object type for {what} does not include an attribute named {}, so this definition is unused.{hint}",
                        go_quote(&key, self.profile)
                    );
                    self.diags.push(ModuleDiagnostic {
                        kind: crate::module::load::DiagnosticKind::Other,
                        source: crate::module::load::Source::File(file),
                        warning: true,
                        diagnostic: Diagnostic::error("Object attribute is ignored", detail, item.key.expr.span),
                    });
                }
            }
        }
    }

    /// Terraform's check of `optional(type, default)` defaults against
    /// their attribute's type, as it reads the type constraint.
    fn optional_defaults(&mut self, c: &Constraint, file: usize) {
        match c {
            Constraint::Simple(_) => {}
            Constraint::List(e) | Constraint::Set(e) | Constraint::Map(e) => self.optional_defaults(e, file),
            Constraint::Tuple(es) => es.iter().for_each(|e| self.optional_defaults(e, file)),
            Constraint::Object(attrs) => {
                for a in attrs.values() {
                    self.optional_defaults(&a.ty, file);
                    let Some(d) = &a.default else { continue };
                    let vars = SortedMap::new();
                    let limits = Limits::default();
                    let mut ev = Evaluator::new(&vars, &limits).with_profile(self.profile).without_context();
                    let v = ev.eval(d);
                    if !ev.diags.is_empty() {
                        continue;
                    }
                    if let Err(e) = crate::module::load::convert::to_constraint(v, &a.ty, self.profile) {
                        let detail = format!(
                            "This default value is not compatible with the attribute's type constraint: {}.",
                            e.format(self.profile)
                        );
                        self.error(file, "Invalid default value for optional attribute", detail, d.span);
                    }
                }
            }
        }
    }

    /// A check rule block; `None` when it lacks its arguments.
    fn check_rule(&mut self, block: &Block, file: usize) -> Option<CheckRule> {
        if self.overriding {
            let kind = &block.kind;
            let detail = format!("Override files cannot override {} blocks.", go_quote(kind, self.profile));
            self.error(file, format!("Can't override {kind} blocks"), detail, block.def_span());
            return None;
        }
        let c = content(&block.body, &CHECK_RULE, file, self.diags, self.profile);
        if let Some(cond) = c.attr("condition") {
            if crate::syntax::traversals(&cond.expr).is_empty() {
                self.error(
                    file,
                    format!("Invalid {} expression", block.kind),
                    "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.",
                    cond.expr.span,
                );
            }
        }
        let (condition, error_message) = (c.attr("condition")?, c.attr("error_message")?);
        Some(CheckRule { condition: condition.expr.clone(), error_message: error_message.expr.clone(), decl: def_range(block, file), file })
    }

    fn output(&mut self, block: &Block, file: usize) -> Output {
        let schema = if self.profile == Profile::OpenTofu { &OUTPUT_OPENTOFU } else { &OUTPUT };
        let c = content(&block.body, schema, file, self.diags, self.profile);
        let name = self.name_label(block, file, "output");
        let description = self.string_arg(c.attr("description"), file);
        let sensitive = self.bool_arg(c.attr("sensitive"), file, false);
        let ephemeral = self.bool_arg(c.attr("ephemeral"), file, false);
        let constraint = c.attr("type").and_then(|a| match constraint_of(&a.expr, self.profile) {
            Ok(c) => Some(c),
            Err(m) => {
                self.error(file, "Invalid type specification", m, a.expr.span);
                None
            }
        });
        let deprecated = c.attr("deprecated").map(|a| a.span);
        if let Some(a) = c.attr("deprecated") {
            self.string_arg(Some(a), file);
        }
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
            constraint,
            deprecated,
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

    fn module_call(&mut self, block: &Block, file: usize) -> ModuleCall {
        let c = partial_content(&block.body, &MODULE, file, self.diags, self.profile);
        let name = self.name_label(block, file, "module");
        let depends_on = c.attr("depends_on").map(|a| self.depends_on(a, file)).unwrap_or_default();
        let arguments = block.body.attributes().filter(|a| !MODULE.attributes.iter().any(|(n, _)| *n == a.name)).cloned().collect();
        let mut enabled = None;
        for b in block.body.blocks() {
            if !MODULE.blocks.iter().any(|(t, _)| *t == b.kind) {
                self.diags.push(unsupported_block(b, &MODULE, file, self.profile));
            } else if b.kind == "lifecycle" && self.profile == Profile::OpenTofu {
                let lc = content(&b.body, &MODULE_LIFECYCLE, file, self.diags, self.profile);
                enabled = lc.attr("enabled");
            } else if b.kind != "_" {
                let detail = format!(
                    "The block type name {} is reserved for use by Terraform in a future version.",
                    go_quote(&b.kind, self.profile)
                );
                self.error(file, "Reserved block type name in module block", detail, b.kind_span);
            }
        }
        self.exclusive_meta_arguments(c.attr("count"), c.attr("for_each"), enabled, true, file);
        ModuleCall {
            name,
            decl: def_range(block, file),
            file,
            source: c.attr("source").map(|a| a.expr.clone()),
            count: c.attr("count").map(|a| a.expr.clone()),
            for_each: c.attr("for_each").map(|a| a.expr.clone()),
            depends_on,
            arguments,
            body_start: block.body.span.start,
            enabled: enabled.map(|a| a.expr.clone()),
        }
    }

    fn check(&mut self, block: &Block, file: usize) -> Check {
        let c = content(&block.body, &CHECK, file, self.diags, self.profile);
        let name = self.name_label(block, file, "check block");
        let mut asserts = Vec::new();
        let mut data = None;
        for b in &c.blocks {
            match b.kind.as_str() {
                "assert" => {
                    // A rule with errors is left out.
                    let before = self.diags.len();
                    let rule = self.check_rule(b, file);
                    if self.diags.len() == before {
                        asserts.extend(rule);
                    }
                }
                _ => data = Some(self.resource(b, file, Mode::Data)),
            }
        }
        if asserts.is_empty() {
            self.error(file, "Zero assert blocks", "Check blocks must have at least one assert block.", block.def_span());
        }
        Check { name, decl: def_range(block, file), asserts, data }
    }
}

/// A keyword argument (`when = destroy`, or the legacy `"destroy"`).
pub(crate) fn keyword(e: &Expression) -> Option<String> {
    match &e.kind {
        crate::syntax::ast::ExprKind::Variable(n) => Some(n.clone()),
        _ => literal_string(e),
    }
}

/// A string literal's value.
pub fn literal_string(e: &Expression) -> Option<String> {
    match &e.kind {
        crate::syntax::ast::ExprKind::Literal(Value::String(s)) => Some(s.clone()),
        crate::syntax::ast::ExprKind::Template(parts) => match parts.as_slice() {
            [crate::syntax::ast::TemplatePart::Literal(s)] => Some(s.clone()),
            [] => Some(String::new()),
            _ => None,
        },
        _ => None,
    }
}

/// `provider = name` or `provider = name.alias`.
fn provider_ref(e: &Expression) -> Option<(String, Option<String>)> {
    let (root, _, steps) = crate::syntax::traversals(e).into_iter().next()?;
    let alias = match steps.first() {
        Some(crate::syntax::ast::Step::GetAttr { name, .. }) => Some(name.clone()),
        _ => None,
    };
    Some((root.to_string(), alias))
}
