//! Values for a module's input variables: a JSON object (the variables
//! pane), `.tfvars` text, or `-var` assignments, converted to each
//! variable's type constraint as Terraform prepares its final input
//! values, with Terraform's diagnostics for a missing required value, a
//! value it cannot convert, null where null is not allowed, and a value
//! for a variable the module does not declare.

use super::config::Variable;
use super::{ModuleDiagnostic, Source};
use crate::diagnostics::{range_text, Diagnostic, Span};
use crate::eval::{convert_to_constraint, Evaluator};
use crate::limits::Limits;
use crate::profile::Profile;
use crate::text::go_quote;
use crate::value::{Marks, SortedMap, Value};

/// Where a module's variable values come from; later sources override
/// earlier ones, as Terraform's do (files, then `-var`).
#[derive(Clone, Debug, Default)]
pub struct Inputs {
    /// A JSON object of variable values (`{"__unknown__": ...}` markers,
    /// refinements and `__sensitive__` included).
    pub json: Option<String>,
    /// `.tfvars` files: a name and the text of each.
    pub tfvars: Vec<(String, String)>,
    /// `-var NAME=VALUE` assignments, in order.
    pub cli: Vec<(String, String)>,
}

/// One value as given: what it is, and where it came from.
struct Given {
    value: Value,
    origin: Origin,
}

#[derive(Clone)]
enum Origin {
    /// A tfvars file (its name) and the value expression's range in it.
    File(String, Span),
    /// The JSON object of values.
    Json,
    /// A `-var` assignment.
    Cli,
}

/// The final value of every declared variable (unknown where it could not
/// be had), and what went wrong.
pub fn prepare(
    variables: &[Variable],
    inputs: &Inputs,
    profile: Profile,
    sources: &[(String, String)],
    diags: &mut Vec<ModuleDiagnostic>,
) -> SortedMap<Value> {
    let mut given: Vec<(String, Given)> = Vec::new();
    if let Some(json) = &inputs.json {
        match crate::api::parse_variables_in(json, profile) {
            Ok(vars) => {
                for (name, value) in vars.iter() {
                    given.push((name.clone(), Given { value: value.clone(), origin: Origin::Json }));
                }
            }
            Err(d) => diags.push(ModuleDiagnostic { source: Source::Inputs, warning: false, diagnostic: d }),
        }
    }
    for (file, text) in &inputs.tfvars {
        given.extend(tfvars(file, text, profile, diags));
    }
    for (name, raw) in &inputs.cli {
        let value = match variables.iter().find(|v| &v.name == name) {
            Some(v) if v.constraint.as_ref().is_some_and(|c| !c.ty().is_primitive()) => {
                parse_cli_expression(raw, profile).unwrap_or_else(|d| {
                    diags.push(ModuleDiagnostic { source: Source::Inputs, warning: false, diagnostic: d });
                    Value::dynamic_unknown()
                })
            }
            _ => Value::string(raw.clone()),
        };
        given.push((name.clone(), Given { value, origin: Origin::Cli }));
    }
    undeclared(variables, &given, diags);
    let mut out = SortedMap::new();
    for v in variables {
        let raw = given.iter().rev().find(|(n, _)| *n == v.name).map(|(_, g)| g);
        out.insert(v.name.clone(), final_value(v, raw, inputs, profile, sources, diags));
    }
    out
}

/// Values from `.tfvars` text: constant arguments, one per variable.
fn tfvars(file: &str, text: &str, profile: Profile, diags: &mut Vec<ModuleDiagnostic>) -> Vec<(String, Given)> {
    let body = match crate::syntax::parse_config(text, file, &Limits::default(), profile) {
        Ok(b) => b,
        Err(ds) => {
            diags.extend(ds.into_iter().map(|d| ModuleDiagnostic { source: Source::Inputs, warning: false, diagnostic: d }));
            return Vec::new();
        }
    };
    if let Some(b) = body.blocks().next() {
        let d = Diagnostic::error(format!("Unexpected {} block", go_quote(&b.kind)), "Blocks are not allowed here.", b.kind_span);
        diags.push(ModuleDiagnostic { source: Source::Inputs, warning: false, diagnostic: d });
    }
    let mut out = Vec::new();
    for attr in body.attributes() {
        let vars = SortedMap::new();
        let limits = Limits::default();
        let _profile = profile.enter();
        let mut ev = Evaluator::new(&vars, &limits).with_profile(profile).without_context();
        let value = ev.eval(&attr.expr);
        diags.extend(ev.diags.into_iter().map(|d| ModuleDiagnostic { source: Source::Inputs, warning: false, diagnostic: d }));
        out.push((attr.name.clone(), Given { value, origin: Origin::File(file.to_string(), attr.expr.span) }));
    }
    out
}

/// A `-var` value for a variable of a complex type: an HCL expression.
fn parse_cli_expression(raw: &str, profile: Profile) -> Result<Value, Diagnostic> {
    let limits = Limits::default();
    let expr = crate::syntax::parse_expression(raw, "<value for var>", &limits, profile).map_err(|mut d| d.remove(0))?;
    let vars = SortedMap::new();
    let _profile = profile.enter();
    let mut ev = Evaluator::new(&vars, &limits).with_profile(profile).without_context();
    let v = ev.eval(&expr);
    match ev.diags.into_iter().next() {
        Some(d) => Err(d),
        None => Ok(v),
    }
}

/// Terraform's diagnostics for values of variables the module does not
/// declare: a warning for the first two from files, an error otherwise.
fn undeclared(variables: &[Variable], given: &[(String, Given)], diags: &mut Vec<ModuleDiagnostic>) {
    let mut in_files = 0;
    for (name, g) in given {
        if variables.iter().any(|v| &v.name == name) {
            continue;
        }
        let (warning, detail) = match &g.origin {
            Origin::File(file, _) => {
                in_files += 1;
                if in_files > 2 {
                    continue;
                }
                (
                    true,
                    format!(
                        "The root module does not declare a variable named {} but a value was found in file {}. If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.",
                        go_quote(name),
                        go_quote(file)
                    ),
                )
            }
            Origin::Cli => (
                false,
                format!(
                    "A variable named {} was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration.",
                    go_quote(name)
                ),
            ),
            Origin::Json => (
                false,
                format!(
                    "A variable named {} was assigned a value, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration.",
                    go_quote(name)
                ),
            ),
        };
        diags.push(ModuleDiagnostic {
            source: Source::None,
            warning,
            diagnostic: Diagnostic::error("Value for undeclared variable", detail, Span::default()),
        });
    }
    if in_files > 2 {
        let detail =
            format!("In addition to the other similar warnings shown, {} other variable(s) defined without being declared.", in_files - 2);
        diags.push(ModuleDiagnostic {
            source: Source::None,
            warning: true,
            diagnostic: Diagnostic::error("Values for undeclared variables", detail, Span::default()),
        });
    }
}

/// Terraform's `PrepareFinalInputVariableValue`.
fn final_value(
    v: &Variable,
    raw: Option<&Given>,
    inputs: &Inputs,
    profile: Profile,
    sources: &[(String, String)],
    diags: &mut Vec<ModuleDiagnostic>,
) -> Value {
    let decl_text = || {
        let (name, text) = &sources[v.decl.file];
        range_text(text, name, v.decl.span)
    };
    let at_decl = |d: Diagnostic| ModuleDiagnostic::at(v.decl.file, Diagnostic { subject: v.decl.span, ..d });
    let addr = format!("var.{}", v.name);
    let unknown = || Value::unknown(v.ty());
    let Some(raw) = raw else {
        return match &v.default {
            None => {
                let detail = format!(
                    "The root module input variable {} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.",
                    go_quote(&v.name)
                );
                diags.push(at_decl(Diagnostic::error("No value for required variable", detail, v.decl.span)));
                unknown()
            }
            Some(d) => mark(v, d.clone()),
        };
    };
    let non_file = match &raw.origin {
        Origin::File(..) => None,
        Origin::Cli => Some(format!("set using -var=\"{}=...\"", v.name)),
        Origin::Json => Some("set from outside of the configuration".to_string()),
    };
    let converted = match &v.constraint {
        Some(c) => convert_to_constraint(raw.value.clone(), c, profile),
        None => Ok(raw.value.clone()),
    };
    let val = match converted {
        Ok(val) => val,
        Err(m) => {
            let d = match (&non_file, &raw.origin) {
                (Some(src), _) => at_decl(Diagnostic::error(
                    "Invalid value for input variable",
                    format!("Unsuitable value for {addr} {src}: {m}."),
                    v.decl.span,
                )),
                (None, Origin::File(file, span)) if v.sensitive => {
                    let text = file_range(inputs, file, *span);
                    at_decl(Diagnostic::error(
                        "Invalid value for input variable",
                        format!("The given value is not suitable for {addr}, which is sensitive: {m}. Invalid value defined at {text}."),
                        v.decl.span,
                    ))
                }
                (None, Origin::File(_, span)) => ModuleDiagnostic {
                    source: Source::Inputs,
                    warning: false,
                    diagnostic: Diagnostic::error(
                        "Invalid value for input variable",
                        format!("The given value is not suitable for {addr} declared at {}: {m}.", decl_text()),
                        *span,
                    ),
                },
                _ => unreachable!("a value from a file has a range"),
            };
            diags.push(d);
            return unknown();
        }
    };
    if val.is_null() && !v.nullable {
        if let Some(d) = &v.default {
            return mark(v, d.clone());
        }
        let d = match (&non_file, &raw.origin) {
            (Some(src), _) => at_decl(Diagnostic::error(
                "Required variable not set",
                format!("Unsuitable value for {addr} {src}: required variable may not be set to null."),
                v.decl.span,
            )),
            (None, Origin::File(_, span)) => ModuleDiagnostic {
                source: Source::Inputs,
                warning: false,
                diagnostic: Diagnostic::error(
                    "Required variable not set",
                    format!(
                        "The given value is not suitable for {addr} defined at {}: required variable may not be set to null.",
                        decl_text()
                    ),
                    *span,
                ),
            },
            _ => unreachable!("a value from a file has a range"),
        };
        diags.push(d);
        return unknown();
    }
    // A null given for a nullable variable with a default stays null.
    mark(v, val)
}

/// `file:line,col-col` of a value in a tfvars file, as messages quote it.
fn file_range(inputs: &Inputs, file: &str, span: Span) -> String {
    let text = inputs.tfvars.iter().find(|(n, _)| n == file).map_or("", |(_, t)| t.as_str());
    range_text(text, file, span)
}

/// The variable's value with the marks its declaration puts on it.
fn mark(v: &Variable, value: Value) -> Value {
    let mut marks = Marks::NONE;
    if v.sensitive {
        marks |= Marks::SENSITIVE;
    }
    if v.ephemeral {
        marks |= Marks::EPHEMERAL;
    }
    value.with_marks(marks)
}
