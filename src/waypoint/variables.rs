//! Waypoint's input variables: `variable` blocks (`DecodeVariableBlocks`),
//! values from `.wpvars` files and `-var` (`parseFileValues`,
//! `LoadVariableValues`) and their evaluation (`EvaluateVariables`).

use super::{Project, ProjectDiagnostic};
use crate::diagnostics::{Diagnostic, Span};
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::module::load::schema::{self, Schema};
use crate::profile::Profile;
use crate::syntax::ast::{Block, BodyItem, Expression};
use crate::value::{convert::convert, go_quote, SortedMap, Type, Value};

const PROFILE: Profile = Profile::Waypoint;

/// A `variable` block.
#[derive(Clone, Debug)]
pub struct Declaration {
    /// Its label.
    pub name: String,
    /// `type`, or the default's type, or none (`cty.NilType`).
    pub ty: Option<Type>,
    /// `default`, converted to the type.
    pub default: Option<Value>,
    /// `env`: environment variables to read it from.
    pub env: Vec<String>,
    /// `sensitive`.
    pub sensitive: bool,
    /// `description`.
    pub description: String,
    /// Where it is declared (`variable "name"`).
    pub span: Span,
}

/// Where a value comes from, in Waypoint's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// An `*.auto.wpvars` file ("vcs").
    Vcs,
    /// A `-var-file` file.
    File,
    /// `-var`.
    Cli,
}

impl Source {
    fn name(self) -> &'static str {
        match self {
            Source::Vcs => "vcs",
            Source::File => "file",
            Source::Cli => "cli",
        }
    }
}

/// A value given to a variable: the string of `-var`, or a file's value
/// (strings, bools and whole numbers as they are, others as HCL text).
enum Given {
    Str(String),
    Bool(bool),
    Num(i64),
    Hcl(String),
}

struct Assignment {
    name: String,
    value: Given,
    source: Source,
}

type Fail = Vec<ProjectDiagnostic>;

fn fail(file: &str, d: Diagnostic) -> Fail {
    vec![ProjectDiagnostic { file: file.to_string(), diagnostic: d }]
}

/// The variables' declarations and final values, by name.
pub(super) fn final_values(project: &Project, scope: &SortedMap<Value>) -> Result<(Vec<Declaration>, SortedMap<Value>), Fail> {
    let declared = match project.files.iter().find(|(n, _)| n == "waypoint.hcl") {
        Some((_, text)) => declarations(text, scope)?,
        None => Vec::new(),
    };
    let mut given = Vec::new();
    // Only the last auto file's values count: Waypoint's LoadAutoFiles
    // keeps each file's values in place of the one before.
    let mut auto: Vec<&(String, String)> = project
        .files
        .iter()
        .filter(|(n, _)| !n.contains('/') && (n.ends_with(".auto.wpvars") || n.ends_with(".auto.wpvars.json")))
        .collect();
    auto.sort_by(|a, b| a.0.cmp(&b.0));
    if let Some((name, text)) = auto.last() {
        given.extend(file_values(project, name, text, Source::Vcs)?);
    }
    for name in project.var_files {
        let shown = format!("{}/{name}", project.dir.trim_end_matches('/'));
        let Some((_, text)) = project.files.iter().find(|(n, _)| n == name) else {
            return Err(fail(
                name,
                Diagnostic::error(
                    "Failed to read variable values from file",
                    format!("Given variables file {shown} does not exist."),
                    Span::default(),
                ),
            ));
        };
        given.extend(file_values(project, name, text, Source::File)?);
    }
    for (name, value) in project.cli_vars {
        given.push(Assignment { name: name.clone(), value: Given::Str(value.clone()), source: Source::Cli });
    }
    let values = evaluate(&declared, given)?;
    Ok((declared, values))
}

/// What `waypoint.hcl` may hold at its top (`hclConfig`), and in a
/// `variable` block.
const TOP: Schema = Schema {
    attributes: &[("project", false), ("labels", false)],
    blocks: &[
        ("runner", &[]),
        ("variable", &["name"]),
        ("plugin", &["name"]),
        ("config", &[]),
        ("app", &["name"]),
        ("pipeline", &["name"]),
    ],
};
const VARIABLE: Schema = Schema {
    attributes: &[("default", false), ("type", false), ("description", false), ("env", false), ("sensitive", false)],
    blocks: &[],
};

/// HCL's body decoding errors (the module loader's) as the project's.
fn decoded(diags: Vec<crate::module::load::ModuleDiagnostic>) -> Result<(), Fail> {
    match diags.is_empty() {
        true => Ok(()),
        false => Err(diags.into_iter().map(|d| ProjectDiagnostic { file: "waypoint.hcl".into(), diagnostic: d.diagnostic }).collect()),
    }
}

/// `DecodeVariableBlocks` over the file's `variable` blocks.
fn declarations(text: &str, scope: &SortedMap<Value>) -> Result<Vec<Declaration>, Fail> {
    let file = "waypoint.hcl";
    let body = crate::syntax::parse_config(text, file, &Limits::default(), PROFILE)
        .map_err(|ds| ds.into_iter().map(|diagnostic| ProjectDiagnostic { file: file.into(), diagnostic }).collect::<Vec<_>>())?;
    let mut diags = Vec::new();
    let top = schema::content(&body, &TOP, 0, &mut diags, PROFILE);
    decoded(diags)?;
    let mut out: Vec<Declaration> = Vec::new();
    for b in top.blocks.into_iter().filter(|b| b.kind == "variable") {
        let d = declaration(b, text, scope).map_err(|d| fail(file, d))?;
        if out.iter().any(|o| o.name == d.name) {
            return Err(fail(
                file,
                Diagnostic::error("Duplicate variable", format!("Duplicate {} variable definition found.", d.name), d.span),
            ));
        }
        out.push(d);
    }
    Ok(out)
}

/// Evaluates `e` with no context, as `Expression.Value(nil)`.
fn constant(e: &Expression, source: &str, filename: &str) -> Result<Value, Diagnostic> {
    let vars = SortedMap::new();
    let limits = Limits::default();
    let mut ev = Evaluator::new(&vars, &limits).with_profile(PROFILE).with_source(source, filename).without_context();
    let v = ev.eval(e);
    match ev.diags.into_iter().next() {
        Some(d) => Err(d),
        None => Ok(v),
    }
}

fn declaration(b: &Block, text: &str, scope: &SortedMap<Value>) -> Result<Declaration, Diagnostic> {
    // The schema let through only blocks with their one label.
    let (name, label_span) = b.labels[0].clone();
    let mut diags = Vec::new();
    let content = schema::content(&b.body, &VARIABLE, 0, &mut diags, PROFILE);
    if let Some(d) = diags.into_iter().next() {
        return Err(d.diagnostic);
    }
    let span = b.kind_span.to(label_span);
    let mut d =
        Declaration { name: name.clone(), ty: None, default: None, env: Vec::new(), sensitive: false, description: String::new(), span };
    if !crate::text::is_identifier(&name) {
        return Err(Diagnostic::error(
            "Invalid variable name",
            "A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes.",
            label_span,
        ));
    }
    let get = |n: &str| content.attr(n).map(|a| (&a.expr, a.expr.span));
    let decode = |e: &Expression, want: Type| -> Result<Value, Diagnostic> {
        let v = constant(e, text, "waypoint.hcl")?;
        convert(&v, &want, PROFILE).map_err(|why| Diagnostic::error("Unsuitable value type", format!("Unsuitable value: {why}"), e.span))
    };
    if let Some((e, _)) = get("description") {
        d.description = decode(e, Type::String)?.as_str().unwrap_or_default().to_string();
    }
    if let Some((e, s)) = get("type") {
        d.ty = Some(crate::syntax::typeexpr::type_of(e, PROFILE).map_err(|why| Diagnostic::error("Invalid type specification", why, s))?);
    }
    if let Some((e, _)) = get("env") {
        let v = decode(e, Type::list(Type::String))?;
        d.env = v.as_sequence().unwrap_or_default().iter().filter_map(|s| s.as_str().map(str::to_string)).collect();
    }
    if let Some((e, _)) = get("sensitive") {
        d.sensitive = matches!(decode(e, Type::Bool)?, Value::Bool(true));
    }
    if let Some((e, s)) = get("default") {
        let limits = Limits::default();
        let mut ev = Evaluator::new(scope, &limits).with_profile(PROFILE).with_source(text, "waypoint.hcl");
        let v = ev.eval(e);
        if let Some(err) = ev.diags.into_iter().next() {
            return Err(err);
        }
        let v = match &d.ty {
            Some(t) => convert(&v, t, PROFILE).map_err(|why| {
                Diagnostic::error(
                    format!("Invalid default value for variable {}", go_quote(&name, PROFILE)),
                    format!("This default value is not compatible with the variable's type constraint: {why}."),
                    s,
                )
            })?,
            None => v,
        };
        if d.ty.is_none() {
            d.ty = Some(v.ty());
        }
        d.default = Some(v);
    }
    Ok(d)
}

/// `parseFileValues`: a `.wpvars` (HCL) or `.wpvars.json` file's values.
fn file_values(project: &Project, name: &str, text: &str, source: Source) -> Result<Vec<Assignment>, Fail> {
    let shown = format!("{}/{name}", project.dir.trim_end_matches('/'));
    if name.ends_with(".json") {
        return json_values(name, text, source);
    }
    let body = crate::syntax::parse_config(text, &shown, &Limits::default(), PROFILE)
        .map_err(|ds| ds.into_iter().map(|diagnostic| ProjectDiagnostic { file: name.into(), diagnostic }).collect::<Vec<_>>())?;
    let mut errors = Vec::new();
    for item in &body.items {
        if let BodyItem::Block(b) = item {
            if b.kind == "variable" && b.labels.len() == 1 {
                let var = &b.labels[0].0;
                errors.push(ProjectDiagnostic {
                    file: name.into(),
                    diagnostic: Diagnostic::error(
                        "Variable declaration in a wpvars file",
                        format!(
                            "A wpvars file is used to assign values to variables that have already been declared in the waypoint.hcl, not to declare new variables. To declare variable {}, place this block in your waypoint.hcl file.\n\nTo set a value for this variable in {shown}, use the definition syntax instead:\n    {var} = <value>",
                            go_quote(var, PROFILE)
                        ),
                        b.kind_span,
                    ),
                });
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let (attributes, block) = body.just_attributes(PROFILE);
    if let Some(d) = block {
        return Err(fail(name, d));
    }
    let mut out = Vec::new();
    for a in attributes {
        let v = constant(&a.expr, text, &shown).map_err(|d| fail(name, d))?;
        let value = given_of(&v).map_err(|d| fail(name, Diagnostic { subject: a.span, ..d }))?;
        out.push(Assignment { name: a.name.clone(), value, source });
    }
    Ok(out)
}

/// A `.wpvars.json` file: an object whose properties are the values.
fn json_values(name: &str, text: &str, source: Source) -> Result<Vec<Assignment>, Fail> {
    let vars = crate::eval::variables::parse_variables_in(text, Profile::Hcl214).map_err(|d| fail(name, d))?;
    let mut out = Vec::new();
    for (k, v) in vars.iter() {
        out.push(Assignment { name: k.clone(), value: given_of(v).map_err(|d| fail(name, d))?, source });
    }
    Ok(out)
}

/// How `parseFileValues` keeps a file's value.
fn given_of(v: &Value) -> Result<Given, Diagnostic> {
    Ok(match v {
        Value::String(s) => Given::Str(s.clone()),
        Value::Bool(b) => Given::Bool(*b),
        Value::Number(n) => match n.to_i64().filter(|_| n.is_integer()) {
            Some(i) => Given::Num(i),
            None => {
                return Err(Diagnostic::error(
                    "Invalid number",
                    "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
                    Span::default(),
                ))
            }
        },
        other => Given::Hcl(crate::functions::provider::value_hcl(other, PROFILE)),
    })
}

/// `EvaluateVariables`.
fn evaluate(declared: &[Declaration], given: Vec<Assignment>) -> Result<SortedMap<Value>, Fail> {
    let mut values: SortedMap<Value> = declared.iter().filter_map(|d| Some((d.name.clone(), d.default.clone()?))).collect();
    let mut errors = Vec::new();
    for g in given {
        let Some(var) = declared.iter().find(|d| d.name == g.name) else {
            errors.push(ProjectDiagnostic {
                file: "waypoint.hcl".into(),
                diagnostic: Diagnostic::error(
                    "Undefined variable",
                    format!(
                        "A {0} variable value was set, but was not found in known variables. To declare variable {0}, place a variable definition block in your waypoint.hcl file.",
                        go_quote(&g.name, PROFILE)
                    ),
                    Span::default(),
                ),
            });
            continue;
        };
        let source = g.source.name();
        let fake = format!("<value for var.{} from source \"{source}\">", g.name);
        let parsed = |text: &str| -> Result<Value, Fail> {
            let e = crate::syntax::parse_expression(text, &fake, &Limits::default(), PROFILE)
                .map_err(|ds| ds.into_iter().map(|diagnostic| ProjectDiagnostic { file: fake.clone(), diagnostic }).collect::<Vec<_>>())?;
            constant(&e, text, &fake).map_err(|d| fail(&fake, d))
        };
        let mut v = match &g.value {
            Given::Str(s) => Value::string(s.clone(), PROFILE),
            Given::Bool(b) => Value::Bool(*b),
            Given::Num(n) => Value::int(*n),
            Given::Hcl(text) => parsed(text)?,
        };
        if let Some(ty) = &var.ty {
            let value_type = v.ty().friendly_name();
            if g.source == Source::Cli && !ty.is_primitive() {
                v = parsed(v.as_str().unwrap_or_default())?;
            }
            v = match convert(&v, ty, PROFILE) {
                Ok(v) => v,
                Err(why) => {
                    errors.push(ProjectDiagnostic {
                        file: "waypoint.hcl".into(),
                        diagnostic: Diagnostic::error(
                            "Invalid value for variable",
                            format!(
                                "The value set for variable {} from source {} is of value type {} and is not compatible with the variable's type constraint: {why}.",
                                go_quote(&g.name, PROFILE),
                                go_quote(source, PROFILE),
                                go_quote(&value_type, PROFILE)
                            ),
                            var.span,
                        ),
                    });
                    Value::dynamic_unknown()
                }
            };
        }
        values.insert(g.name, v);
    }
    for d in declared {
        if values.get(&d.name).is_none() {
            errors.push(ProjectDiagnostic {
                file: "waypoint.hcl".into(),
                diagnostic: Diagnostic::error(
                    format!("Unset variable {}", go_quote(&d.name, PROFILE)),
                    "A variable must be set or have a default value; see https://www.waypointproject.io/docs/waypoint-hcl/variables/input for details.",
                    d.span,
                ),
            });
        }
    }
    match errors.is_empty() {
        true => Ok(values),
        false => Err(errors),
    }
}
