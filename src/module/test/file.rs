//! Test files (`*.tftest.hcl`, OpenTofu's `*.tofutest.hcl`) decoded as
//! Terraform's and OpenTofu's `configs` packages decode them: `run`
//! blocks with their `command`, `variables`, `assert`, `expect_failures`,
//! `module`, `plan_options` and overrides; file-level `variables` (and
//! Terraform's `variable` blocks), `provider`, `mock_provider`
//! (`mock_resource`, `mock_data`) and `override_*` blocks — with each
//! engine's errors.

use crate::diagnostics::{Diagnostic, Span};
use crate::module::load::config::{keyword, CheckRule};
use crate::module::load::schema::{content, partial_content, Schema};
use crate::module::load::{Loc, ModuleDiagnostic};
use crate::profile::Profile;
use crate::syntax::ast::{Attribute, Block, Body, ExprKind, Expression};
use std::rc::Rc;

/// One test file.
#[derive(Clone, Debug, Default)]
pub(crate) struct TestFile {
    /// Its path from the module's directory.
    pub name: String,
    /// Its index among the module's files.
    pub file: usize,
    /// The file-level `variables` block's arguments.
    pub variables: Vec<Rc<Attribute>>,
    /// Terraform's `variable` blocks: a name and the default, if any.
    pub variable_blocks: Vec<(String, Option<Expression>)>,
    pub runs: Vec<Run>,
    pub mocks: Vec<MockProvider>,
    pub overrides: Vec<Override>,
    /// `provider` blocks: the configurations the module's providers get.
    pub providers: Vec<Rc<Block>>,
}

/// `command = plan` or `apply` (the default).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Command {
    #[default]
    Apply,
    Plan,
}

/// A `run` block.
#[derive(Clone, Debug, Default)]
pub(crate) struct Run {
    pub name: String,
    /// Its header (`run "name"`).
    pub decl: Span,
    pub command: Command,
    pub variables: Vec<Rc<Attribute>>,
    pub asserts: Vec<CheckRule>,
    /// `expect_failures`: each address as written, and where.
    pub expect_failures: Vec<(String, Span)>,
    /// `module { source }`: the source and the block's header.
    pub module: Option<(String, Span)>,
    /// `plan_options`.
    pub refresh_only: bool,
    pub targets: Vec<String>,
    pub replace: Vec<String>,
    pub overrides: Vec<Override>,
    /// `state_key`: the state the run shares with others.
    pub state_key: Option<String>,
    /// `providers`: the module's provider configurations (name, alias),
    /// each given the test file's provider it names.
    pub providers: Option<Vec<(ProviderRef, ProviderRef)>>,
}

/// A provider configuration's local name and alias.
pub(crate) type ProviderRef = (String, Option<String>);

/// `name` or `name.alias`, as a provider reference is written.
fn provider_ref(e: &Expression) -> Option<ProviderRef> {
    let refs = crate::syntax::traversals(e);
    let (root, _, steps) = refs.first()?;
    let alias = match steps.first() {
        Some(crate::syntax::ast::Step::GetAttr { name, .. }) => Some(name.clone()),
        _ => None,
    };
    Some((root.to_string(), alias))
}

/// What an override replaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OverrideKind {
    Resource,
    Data,
    Module,
}

/// An `override_resource`, `override_data` or `override_module` block.
#[derive(Clone, Debug)]
pub(crate) struct Override {
    pub kind: OverrideKind,
    /// The target's address as written.
    pub target: String,
    /// `values` (or a module's `outputs`).
    pub values: Option<Expression>,
    /// `override_during = plan`.
    pub at_plan: bool,
}

/// A `mock_provider` block.
#[derive(Clone, Debug, Default)]
pub(crate) struct MockProvider {
    pub name: String,
    pub alias: Option<String>,
    /// `mock_resource` and `mock_data` blocks: the type, its `defaults`,
    /// and whether a plan uses them.
    pub resources: Vec<(String, Option<Expression>, bool)>,
    pub data: Vec<(String, Option<Expression>, bool)>,
    pub overrides: Vec<Override>,
    /// Terraform's `source`: a directory of `.tfmock.hcl` files, and the
    /// argument's range.
    pub source: Option<(String, Span)>,
    /// `override_during = plan` for the whole provider.
    pub at_plan: bool,
}

const FILE_TERRAFORM: Schema = Schema {
    attributes: &[],
    blocks: &[
        ("run", &["name"]),
        ("provider", &["name"]),
        ("mock_provider", &["name"]),
        ("variable", &["name"]),
        ("variables", &[]),
        ("override_resource", &[]),
        ("override_data", &[]),
        ("override_module", &[]),
    ],
};

const FILE_OPENTOFU: Schema = Schema {
    attributes: &[],
    blocks: &[
        ("run", &["name"]),
        ("provider", &["name"]),
        ("variables", &[]),
        ("override_resource", &[]),
        ("override_data", &[]),
        ("override_module", &[]),
        ("mock_provider", &["name"]),
    ],
};

const RUN_TERRAFORM: Schema = Schema {
    attributes: &[
        ("command", false),
        ("providers", false),
        ("expect_failures", false),
        ("state_key", false),
        ("parallel", false),
        ("skip_cleanup", false),
    ],
    blocks: &[
        ("plan_options", &[]),
        ("assert", &[]),
        ("variables", &[]),
        ("module", &[]),
        ("override_resource", &[]),
        ("override_data", &[]),
        ("override_module", &[]),
        ("backend", &["name"]),
    ],
};

const RUN_OPENTOFU: Schema = Schema {
    attributes: &[("command", false), ("providers", false), ("expect_failures", false)],
    blocks: &[
        ("plan_options", &[]),
        ("assert", &[]),
        ("variables", &[]),
        ("module", &[]),
        ("override_resource", &[]),
        ("override_data", &[]),
        ("override_module", &[]),
    ],
};

const ASSERT: Schema = Schema { attributes: &[("condition", true), ("error_message", true)], blocks: &[] };
const PLAN_OPTIONS: Schema =
    Schema { attributes: &[("mode", false), ("refresh", false), ("replace", false), ("target", false)], blocks: &[] };
const MODULE: Schema = Schema { attributes: &[("source", false), ("version", false)], blocks: &[] };
const VARIABLE: Schema = Schema {
    attributes: &[
        ("type", false),
        ("default", false),
        ("description", false),
        ("sensitive", false),
        ("nullable", false),
        ("ephemeral", false),
    ],
    blocks: &[("validation", &[])],
};
const OVERRIDE_TERRAFORM: Schema =
    Schema { attributes: &[("target", false), ("values", false), ("outputs", false), ("override_during", false)], blocks: &[] };
const OVERRIDE_OPENTOFU: Schema = Schema { attributes: &[("target", false), ("values", false), ("outputs", false)], blocks: &[] };
const MOCK_PROVIDER_TERRAFORM: Schema =
    Schema { attributes: &[("alias", false), ("source", false), ("override_during", false)], blocks: &[] };
const MOCK_PROVIDER_OPENTOFU: Schema = Schema { attributes: &[("alias", false), ("for_each", false)], blocks: &[] };
const MOCK_BODY: Schema = Schema {
    attributes: &[],
    blocks: &[("mock_resource", &["type"]), ("mock_data", &["type"]), ("override_resource", &[]), ("override_data", &[])],
};
const MOCK_RESOURCE_TERRAFORM: Schema = Schema { attributes: &[("defaults", false), ("override_during", false)], blocks: &[] };
const MOCK_RESOURCE_OPENTOFU: Schema = Schema { attributes: &[("defaults", false)], blocks: &[] };

/// The arguments and block types (with their labels) a block of type
/// `kind` holds in a test file ("" for the file itself), as the decoder
/// reads them; `None` for a body of any arguments (`variables`,
/// `provider`).
pub(super) fn schema_of(kind: &str, profile: Profile) -> Option<Schema<'static>> {
    let tofu = profile == Profile::OpenTofu;
    let pick = |terraform: Schema<'static>, opentofu: Schema<'static>| if tofu { opentofu } else { terraform };
    Some(match kind {
        "" => pick(FILE_TERRAFORM, FILE_OPENTOFU),
        "run" => pick(RUN_TERRAFORM, RUN_OPENTOFU),
        "assert" => ASSERT,
        "plan_options" => PLAN_OPTIONS,
        "module" => MODULE,
        "variable" => VARIABLE,
        "override_resource" | "override_data" | "override_module" => pick(OVERRIDE_TERRAFORM, OVERRIDE_OPENTOFU),
        "mock_provider" => Schema { blocks: MOCK_BODY.blocks, ..pick(MOCK_PROVIDER_TERRAFORM, MOCK_PROVIDER_OPENTOFU) },
        "mock_resource" | "mock_data" => pick(MOCK_RESOURCE_TERRAFORM, MOCK_RESOURCE_OPENTOFU),
        _ => return None,
    })
}

/// Decodes test file `name` (file `file` of the module), parsed as
/// `body`; its text is `text`.
pub(crate) fn decode(name: &str, file: usize, body: &Body, text: &str, profile: Profile, diags: &mut Vec<ModuleDiagnostic>) -> TestFile {
    let tofu = profile == Profile::OpenTofu;
    let mut d = Decoder { file, name, text, profile, diags };
    let mut tf = TestFile { name: name.to_string(), file, ..TestFile::default() };
    let c = content(body, if tofu { &FILE_OPENTOFU } else { &FILE_TERRAFORM }, file, d.diags, profile);
    let mut variables_at: Option<Span> = None;
    let mut run_names: Vec<(String, Span)> = Vec::new();
    for block in c.blocks {
        match block.kind.as_str() {
            "run" => {
                let run = d.run(block);
                if !tofu {
                    if let Some((_, first)) = run_names.iter().find(|(n, _)| *n == run.name) {
                        let detail = format!("This test file already has a run named {} block defined at {}.", run.name, d.range(*first));
                        d.error("Duplicate \"run\" block names", detail, block.labels[0].1);
                    }
                }
                run_names.push((run.name.clone(), block.def_span()));
                tf.runs.push(run);
            }
            "variables" => {
                if let Some(first) = variables_at {
                    let detail = format!("This test file already has a variables block defined at {}.", d.range(first));
                    d.error("Multiple \"variables\" blocks", detail, block.def_span());
                    continue;
                }
                variables_at = Some(block.def_span());
                tf.variables = d.attributes(&block.body);
            }
            "variable" => {
                let c = content(&block.body, &VARIABLE, file, d.diags, profile);
                tf.variable_blocks.push((block.labels[0].0.clone(), c.attr("default").map(|a| a.expr.clone())));
            }
            "provider" => tf.providers.push(Rc::new(block.clone())),
            "mock_provider" => {
                let m = d.mock_provider(block);
                tf.mocks.push(m);
            }
            _ => {
                if let Some(o) = d.override_block(block) {
                    tf.overrides.push(o);
                }
            }
        }
    }
    tf
}

struct Decoder<'a> {
    file: usize,
    name: &'a str,
    text: &'a str,
    profile: Profile,
    diags: &'a mut Vec<ModuleDiagnostic>,
}

impl Decoder<'_> {
    fn error(&mut self, summary: &str, detail: String, span: Span) {
        self.diags.push(ModuleDiagnostic::at(self.file, Diagnostic::error(summary, detail, span)));
    }

    /// A range as Terraform writes it in a message: `file:line,col-col`.
    fn range(&self, span: Span) -> String {
        crate::diagnostics::range_text(self.text, self.name, span, self.profile.unicode())
    }

    fn attributes(&mut self, body: &Body) -> Vec<Rc<Attribute>> {
        crate::module::load::schema::just_attributes(body, self.file, self.diags, self.profile)
            .into_iter()
            .map(|a| Rc::new(a.clone()))
            .collect()
    }

    fn run(&mut self, block: &Block) -> Run {
        let tofu = self.profile == Profile::OpenTofu;
        let c = content(&block.body, if tofu { &RUN_OPENTOFU } else { &RUN_TERRAFORM }, self.file, self.diags, self.profile);
        let mut run = Run { name: block.labels[0].0.clone(), decl: block.def_span(), ..Run::default() };
        if !crate::text::is_identifier(&run.name) {
            self.error("Invalid run block name", crate::module::load::config::BAD_IDENTIFIER.into(), block.labels[0].1);
        }
        let mut seen: [Option<Span>; 3] = [None; 3];
        for b in c.blocks.iter().copied() {
            let which = ["plan_options", "variables", "module"].iter().position(|k| *k == b.kind);
            if let Some(i) = which {
                if let Some(first) = seen[i] {
                    let detail = format!("This run block already has a {} block defined at {}.", b.kind, self.range(first));
                    self.error(&format!("Multiple \"{}\" blocks", b.kind), detail, b.def_span());
                    continue;
                }
                seen[i] = Some(b.def_span());
            }
            match b.kind.as_str() {
                "assert" => {
                    let a = content(&b.body, &ASSERT, self.file, self.diags, self.profile);
                    if let Some(cond) = a.attr("condition").filter(|c| crate::syntax::traversals(&c.expr).is_empty()) {
                        let detail = "The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything.";
                        self.error("Invalid assert expression", detail.into(), cond.expr.span);
                    }
                    if let (Some(cond), Some(msg)) = (a.attr("condition"), a.attr("error_message")) {
                        run.asserts.push(CheckRule {
                            condition: cond.expr.clone(),
                            error_message: msg.expr.clone(),
                            decl: Loc { file: self.file, span: b.def_span() },
                            file: self.file,
                        });
                    }
                }
                "variables" => run.variables = self.attributes(&b.body),
                "module" => {
                    let m = content(&b.body, &MODULE, self.file, self.diags, self.profile);
                    match m.attr("source").and_then(|a| crate::module::load::config::literal_string(&a.expr)) {
                        Some(s) => run.module = Some((s, b.def_span())),
                        None => self.error(
                            "Missing \"source\" attribute for module block",
                            "You must specify a source attribute when executing alternate modules during test executions.".into(),
                            b.def_span(),
                        ),
                    }
                }
                "plan_options" => {
                    let o = content(&b.body, &PLAN_OPTIONS, self.file, self.diags, self.profile);
                    if let Some(mode) = o.attr("mode") {
                        match keyword(&mode.expr).as_deref() {
                            Some("refresh-only") => run.refresh_only = true,
                            Some("normal") => {}
                            _ => self.error(
                                "Invalid \"mode\" keyword",
                                "The \"mode\" argument requires one of the following keywords without quotes: normal or refresh-only"
                                    .into(),
                                mode.expr.span,
                            ),
                        }
                    }
                    run.targets =
                        o.attr("target").map(|a| self.addresses(&a.expr)).unwrap_or_default().into_iter().map(|(a, _)| a).collect();
                    run.replace =
                        o.attr("replace").map(|a| self.addresses(&a.expr)).unwrap_or_default().into_iter().map(|(a, _)| a).collect();
                }
                "override_resource" | "override_data" | "override_module" => {
                    if let Some(o) = self.override_block(b) {
                        run.overrides.push(o);
                    }
                }
                _ => {}
            }
        }
        if let Some(cmd) = c.attr("command") {
            match keyword(&cmd.expr).as_deref() {
                Some("apply") => run.command = Command::Apply,
                Some("plan") => run.command = Command::Plan,
                _ => self.error(
                    "Invalid \"command\" keyword",
                    "The \"command\" argument requires one of the following keywords without quotes: apply or plan.".into(),
                    cmd.expr.span,
                ),
            }
        }
        if let Some(e) = c.attr("expect_failures") {
            run.expect_failures = self.addresses(&e.expr);
        }
        run.state_key = c.attr("state_key").and_then(|a| crate::module::load::config::literal_string(&a.expr));
        if let Some(a) = c.attr("providers") {
            run.providers = match &a.expr.kind {
                ExprKind::ObjectCons(items) => Some(
                    items
                        .iter()
                        .filter_map(|item| {
                            let key = match &item.key.bare_name {
                                Some(n) => (n.clone(), None),
                                None => provider_ref(&item.key.expr)?,
                            };
                            Some((key, provider_ref(&item.value)?))
                        })
                        .collect(),
                ),
                _ => None,
            };
        }
        run
    }

    /// A list of references (`DecodeDependsOn`): each as written.
    fn addresses(&mut self, e: &Expression) -> Vec<(String, Span)> {
        let items: Vec<&Expression> = match &e.kind {
            ExprKind::TupleCons(items) => items.iter().collect(),
            _ => {
                self.error("Invalid expression", "A static list expression is required.".into(), e.span);
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for item in items {
            let refs = crate::syntax::traversals(item);
            match refs.first() {
                Some((_, span, steps)) if refs.len() == 1 => {
                    let whole = steps.last().map_or(*span, |s| span.to(s.span()));
                    out.push((self.text[whole.start..whole.end].to_string(), whole));
                }
                _ => self.error("Invalid expression", "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.".into(), item.span),
            }
        }
        out
    }

    fn override_block(&mut self, b: &Block) -> Option<Override> {
        let tofu = self.profile == Profile::OpenTofu;
        let c = content(&b.body, if tofu { &OVERRIDE_OPENTOFU } else { &OVERRIDE_TERRAFORM }, self.file, self.diags, self.profile);
        let kind = match b.kind.as_str() {
            "override_resource" => OverrideKind::Resource,
            "override_data" => OverrideKind::Data,
            _ => OverrideKind::Module,
        };
        let Some(target) = c.attr("target") else {
            let detail = format!("The {} block must specify a target attribute.", b.kind);
            self.error("Missing target attribute", detail, b.def_span());
            return None;
        };
        let refs = crate::syntax::traversals(&target.expr);
        let (_, span, steps) = refs.first()?;
        let whole = steps.last().map_or(*span, |s| span.to(s.span()));
        let values = match kind {
            OverrideKind::Module => c.attr("outputs"),
            _ => c.attr("values"),
        };
        let at_plan = c.attr("override_during").and_then(|a| keyword(&a.expr)).is_some_and(|k| k == "plan");
        Some(Override { kind, target: self.text[whole.start..whole.end].to_string(), values: values.map(|a| a.expr.clone()), at_plan })
    }

    fn mock_provider(&mut self, b: &Block) -> MockProvider {
        let tofu = self.profile == Profile::OpenTofu;
        let top = partial_content(
            &b.body,
            if tofu { &MOCK_PROVIDER_OPENTOFU } else { &MOCK_PROVIDER_TERRAFORM },
            self.file,
            self.diags,
            self.profile,
        );
        let alias = top.attr("alias").and_then(|a| keyword(&a.expr));
        let at_plan = top.attr("override_during").and_then(|a| keyword(&a.expr)).is_some_and(|k| k == "plan");
        let source = top.attr("source").and_then(|a| crate::module::load::config::literal_string(&a.expr).map(|s| (s, a.expr.span)));
        let mut m = MockProvider { name: b.labels[0].0.clone(), alias, source, at_plan, ..MockProvider::default() };
        // The body's other content: what the attributes above leave.
        let rest = Body {
            items: b
                .body
                .items
                .iter()
                .filter(|i| !matches!(i, crate::syntax::ast::BodyItem::Attribute(a) if top.attr(&a.name).is_some()))
                .cloned()
                .collect(),
            span: b.body.span,
        };
        self.mock_body(&rest, &mut m);
        m
    }

    /// A mock provider's blocks (or a `.tfmock.hcl` file's) into `m`.
    fn mock_body(&mut self, body: &Body, m: &mut MockProvider) {
        let tofu = self.profile == Profile::OpenTofu;
        let at_plan = m.at_plan;
        let c = content(body, &MOCK_BODY, self.file, self.diags, self.profile);
        for inner in c.blocks {
            match inner.kind.as_str() {
                "mock_resource" | "mock_data" => {
                    let r = content(
                        &inner.body,
                        if tofu { &MOCK_RESOURCE_OPENTOFU } else { &MOCK_RESOURCE_TERRAFORM },
                        self.file,
                        self.diags,
                        self.profile,
                    );
                    let during = r.attr("override_during").and_then(|a| keyword(&a.expr)).map(|k| k == "plan").unwrap_or(at_plan);
                    let entry = (inner.labels[0].0.clone(), r.attr("defaults").map(|a| a.expr.clone()), during);
                    match inner.kind.as_str() {
                        "mock_resource" => m.resources.push(entry),
                        _ => m.data.push(entry),
                    }
                }
                _ => {
                    if let Some(mut o) = self.override_block(inner) {
                        o.at_plan |= at_plan;
                        m.overrides.push(o);
                    }
                }
            }
        }
    }
}

/// The mock data of a `.tfmock.hcl` file (file `file` of the module, parsed
/// as `body`) added to `m`: what the provider block itself gives comes
/// first.
pub(crate) fn add_mock_file(
    m: &mut MockProvider,
    name: &str,
    file: usize,
    body: &Body,
    text: &str,
    profile: Profile,
    diags: &mut Vec<ModuleDiagnostic>,
) {
    let mut d = Decoder { file, name, text, profile, diags };
    let mut from_file = MockProvider { at_plan: m.at_plan, ..MockProvider::default() };
    d.mock_body(body, &mut from_file);
    for r in from_file.resources {
        if !m.resources.iter().any(|(t, _, _)| *t == r.0) {
            m.resources.push(r);
        }
    }
    for r in from_file.data {
        if !m.data.iter().any(|(t, _, _)| *t == r.0) {
            m.data.push(r);
        }
    }
    m.overrides.extend(from_file.overrides);
}
