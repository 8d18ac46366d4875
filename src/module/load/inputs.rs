//! Values for a module's input variables — `TF_VAR_` variables, variables
//! files (`.tfvars`, `.tfvars.json`), `-var` assignments and the
//! playground's JSON object — in Terraform's precedence, converted to each
//! variable's type constraint as Terraform prepares its final input
//! values, with Terraform's diagnostics for a missing required value, a
//! value it cannot convert, null where null is not allowed, and a value
//! for a variable the module does not declare.

use super::config::Variable;
use super::{ModuleDiagnostic, Source};
use crate::diagnostics::{range_text, Diagnostic, Span};
use crate::eval::Evaluator;
use crate::limits::Limits;
use crate::profile::Profile;
use crate::value::{go_quote, Marks, SortedMap, Value};

/// Where a module's variable values come from. Later sources override
/// earlier ones: the JSON object, `TF_VAR_` variables, the variables files
/// Terraform loads by itself, then the command line in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Inputs {
    /// A JSON object of variable values, as if set from outside the
    /// configuration (`{"__unknown__": ...}` markers, refinements and
    /// `__sensitive__` included).
    pub json: Option<String>,
    /// `TF_VAR_name` environment variables: the name and the raw value.
    pub env: Vec<(String, String)>,
    /// Variables files loaded by name (`terraform.tfvars`,
    /// `*.auto.tfvars[.json]`, in Terraform's order): name and text.
    pub files: Vec<(String, String)>,
    /// `-var` and `-var-file` options, in order.
    pub cli: Vec<CliInput>,
    /// What a test run gives beside (see [`RunInputs`]).
    pub run: RunInputs,
}

/// A test run's inputs: the values of its `variables` (above every other
/// source), and the objects of resource instances as the file's earlier
/// applies left them (the prior state), by address. Two are the same
/// only when shared (or both empty).
#[derive(Clone, Debug, Default)]
pub struct RunInputs(pub(crate) std::rc::Rc<(Vec<(String, Value)>, Vec<(String, Value)>)>);

impl PartialEq for RunInputs {
    fn eq(&self, other: &RunInputs) -> bool {
        let empty = |r: &RunInputs| r.0 .0.is_empty() && r.0 .1.is_empty();
        std::rc::Rc::ptr_eq(&self.0, &other.0) || empty(self) && empty(other)
    }
}

/// One command-line option giving variable values.
#[derive(Clone, Debug, PartialEq)]
pub enum CliInput {
    /// `-var NAME=VALUE`
    Var(String, String),
    /// `-var-file FILE`: its name and text.
    File(String, String),
    /// A `-var` option without an equals sign: Terraform refuses to start.
    Invalid(String),
    /// A `-var-file` that does not exist: Terraform refuses to start.
    Missing(String),
}

impl CliInput {
    /// `-var NAME=VALUE` from its text.
    pub fn var(option: &str) -> CliInput {
        match option.split_once('=') {
            Some((n, v)) => CliInput::Var(n.to_string(), v.to_string()),
            None => CliInput::Invalid(option.to_string()),
        }
    }
}

/// Terraform's refusal of malformed command-line options, if any: the
/// module is then not evaluated at all.
pub fn option_errors(inputs: &Inputs, profile: crate::profile::Profile) -> Vec<ModuleDiagnostic> {
    inputs
        .cli
        .iter()
        .filter_map(|c| match c {
            CliInput::Invalid(raw) => Some(ModuleDiagnostic::general(
                "Invalid -var option",
                format!("The given -var option {} is not correctly specified. Must be a variable name and value separated by an equals sign, like -var=\"key=value\".", go_quote(raw, profile)),
            )),
            CliInput::Missing(name) => {
                Some(ModuleDiagnostic::general("Failed to read variables file", format!("Given variables file {name} does not exist.")))
            }
            _ => None,
        })
        .collect()
}

impl Inputs {
    /// The variables files Terraform loads by itself from a module's
    /// files (paths from the root directory), in its order:
    /// `terraform.tfvars`, `terraform.tfvars.json`, then the root
    /// directory's `*.auto.tfvars` and `*.auto.tfvars.json` by name.
    ///
    /// ```
    /// use hcl_playground::module::Inputs;
    /// let files = vec![
    ///     ("b.auto.tfvars".to_string(), "x = 2".to_string()),
    ///     ("terraform.tfvars".to_string(), "x = 1".to_string()),
    ///     ("modules/n/a.auto.tfvars".to_string(), "x = 3".to_string()),
    ///     ("a.auto.tfvars.json".to_string(), "{}".to_string()),
    /// ];
    /// let mut inputs = Inputs::default();
    /// inputs.add_auto_files(&files);
    /// let names: Vec<&str> = inputs.files.iter().map(|(n, _)| n.as_str()).collect();
    /// assert_eq!(names, ["terraform.tfvars", "a.auto.tfvars.json", "b.auto.tfvars"]);
    /// ```
    pub fn add_auto_files(&mut self, files: &[(String, String)]) {
        let root = |n: &str| !n.contains('/');
        for wanted in ["terraform.tfvars", "terraform.tfvars.json"] {
            if let Some((n, t)) = files.iter().find(|(n, _)| n == wanted) {
                self.files.push((n.clone(), t.clone()));
            }
        }
        let mut auto: Vec<&(String, String)> =
            files.iter().filter(|(n, _)| root(n) && (n.ends_with(".auto.tfvars") || n.ends_with(".auto.tfvars.json"))).collect();
        auto.sort();
        self.files.extend(auto.into_iter().cloned());
    }

    /// Every value given as text (`TF_VAR_` variables, then `-var`
    /// options): the name Terraform gives it (`<value for var.x>`) and the
    /// text. [`Source::Value`] indexes this.
    pub fn input_values(&self) -> Vec<(String, String)> {
        let cli = self.cli.iter().filter_map(|c| match c {
            CliInput::Var(n, v) => Some((n, v)),
            _ => None,
        });
        self.env.iter().map(|(n, v)| (n, v)).chain(cli).map(|(n, v)| (format!("<value for var.{n}>"), v.clone())).collect()
    }

    /// Every variables file, in precedence order: those Terraform loads by
    /// itself, then `-var-file` ones. [`Source::Input`] indexes this.
    pub fn input_files(&self) -> Vec<(&str, &str)> {
        let cli = self.cli.iter().filter_map(|c| match c {
            CliInput::File(n, t) => Some((n.as_str(), t.as_str())),
            _ => None,
        });
        self.files.iter().map(|(n, t)| (n.as_str(), t.as_str())).chain(cli).collect()
    }
}

/// One value as given: what it is (`None` when it could not be parsed),
/// and where it came from.
struct Given {
    value: Option<Value>,
    origin: Origin,
}

/// The root module's variables, prepared.
pub struct Prepared {
    /// The final value of each variable that has one.
    pub values: SortedMap<Value>,
    /// Where each value given in a file came from.
    pub ranges: std::collections::HashMap<String, (Source, Span)>,
    /// Terraform refuses to start: values could not be read.
    pub fatal: bool,
    /// Known attributes of resource instances by address (the JSON
    /// object's [`STATE_KEY`] section), as if a prior apply had
    /// recorded them.
    pub prior: SortedMap<Value>,
}

/// The key of the JSON object's section that gives resource instances'
/// attributes as known (`{"__state__": {"aws_instance.web[0]": {"id":
/// "i-0abc"}}}`); not a variable.
pub const STATE_KEY: &str = "__state__";

#[derive(Clone)]
enum Origin {
    /// A variables file (its index in [`Inputs::input_files`]) and the
    /// value's range in it.
    File(usize, Span),
    Json,
    Env,
    Cli,
}

/// The final value of every declared variable that has one, and what
/// went wrong: values that cannot be read (fatal, as Terraform refuses to
/// go on), then values unsuitable for their variable.
pub fn prepare(
    variables: &[Variable],
    inputs: &Inputs,
    profile: Profile,
    sources: &[(String, String)],
    diags: &mut Vec<ModuleDiagnostic>,
) -> Prepared {
    let start = diags.iter().filter(|d| !d.warning).count();
    let mut given: Vec<(String, Given)> = Vec::new();
    let mut prior = SortedMap::new();
    if let Some(json) = &inputs.json {
        match crate::eval::variables::parse_variables_in(json, profile) {
            Ok(vars) => {
                for (name, value) in vars.iter() {
                    match (name == STATE_KEY, value) {
                        (true, Value::Object(instances)) => prior = instances.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                        (true, _) => diags.push(ModuleDiagnostic::general(
                            "Invalid state section",
                            format!(
                                "The {} section must be an object of resource instance addresses, each with an object of known attributes.",
                                go_quote(STATE_KEY, profile)
                            ),
                        )),
                        (false, _) => given.push((name.clone(), Given { value: Some(value.clone()), origin: Origin::Json })),
                    }
                }
            }
            Err(d) => diags.push(input_diag(None, d)),
        }
    }
    let mut value_index = 0;
    let mut raw_value = |name: &str, raw: &str, diags: &mut Vec<ModuleDiagnostic>| {
        let at = value_index;
        value_index += 1;
        match variables.iter().find(|v| v.name == name) {
            Some(v) if v.parse_hcl => match parse_cli_expression(raw, name, profile) {
                Ok(v) => Some(v),
                Err(d) => {
                    diags.push(ModuleDiagnostic {
                        kind: super::DiagnosticKind::Other,
                        source: Source::Value(at),
                        warning: false,
                        diagnostic: d,
                    });
                    None
                }
            },
            _ => Some(Value::string(raw.to_string(), profile)),
        }
    };
    for (name, raw) in &inputs.env {
        let value = raw_value(name, raw, diags);
        given.push((name.clone(), Given { value, origin: Origin::Env }));
    }
    let mut file_index = 0;
    for (name, text) in &inputs.files {
        given.extend(variables_file(file_index, name, text, profile, diags));
        file_index += 1;
    }
    for c in &inputs.cli {
        match c {
            CliInput::Var(name, raw) => {
                let value = raw_value(name, raw, diags);
                given.push((name.clone(), Given { value, origin: Origin::Cli }));
            }
            CliInput::File(name, text) => {
                given.extend(variables_file(file_index, name, text, profile, diags));
                file_index += 1;
            }
            CliInput::Invalid(_) | CliInput::Missing(_) => {}
        }
    }
    let (run_values, run_state) = &*inputs.run.0;
    for (name, value) in run_values {
        given.push((name.clone(), Given { value: Some(value.clone()), origin: Origin::Json }));
    }
    for (address, value) in run_state {
        prior.insert(address.clone(), value.clone());
    }
    let files = inputs.input_files();
    undeclared(variables, &given, &files, diags, profile);
    // A required variable whose given value could not be read has no
    // value at all.
    for v in variables {
        let last = given.iter().rev().find(|(n, _)| *n == v.name).map(|(_, g)| g);
        if let Some(Given { value: None, .. }) = last {
            if v.default.is_none() {
                let detail = format!(
                    "The root module input variable {} is not set, and has no default value. Use a -var or -var-file command line argument to provide a value for this variable.",
                    go_quote(&v.name, profile)
                );
                diags.push(ModuleDiagnostic::at(v.decl.file, Diagnostic::error("No value for required variable", detail, v.decl.span)));
            }
        }
    }
    let fatal = diags.iter().filter(|d| !d.warning).count() > start;
    let mut values = SortedMap::new();
    let mut ranges = std::collections::HashMap::new();
    for v in variables {
        let raw = given.iter().rev().find(|(n, _)| *n == v.name).map(|(_, g)| g).filter(|g| g.value.is_some());
        if let Some(Given { origin: Origin::File(i, span), .. }) = raw {
            ranges.insert(v.name.clone(), (Source::Input(*i), *span));
        }
        if let Some(value) = final_value(v, raw, &files, profile, sources, diags) {
            values.insert(v.name.clone(), value);
        }
    }
    Prepared { values, ranges, fatal, prior }
}

/// The values a variables file (`.tfvars` or `.tfvars.json`) gives, in
/// order; those it cannot read are left out.
pub(crate) fn file_values(name: &str, text: &str, profile: Profile) -> Vec<(String, Value)> {
    let mut diags = Vec::new();
    variables_file(0, name, text, profile, &mut diags).into_iter().filter_map(|(n, g)| g.value.map(|v| (n, v))).collect()
}

fn input_diag(file: Option<usize>, d: Diagnostic) -> ModuleDiagnostic {
    ModuleDiagnostic {
        kind: super::DiagnosticKind::Other,
        source: file.map_or(Source::Inputs, Source::Input),
        warning: false,
        diagnostic: d,
    }
}

/// Values from a variables file: `.tfvars.json` (a JSON object) or
/// `.tfvars` (constant arguments).
fn variables_file(index: usize, name: &str, text: &str, profile: Profile, diags: &mut Vec<ModuleDiagnostic>) -> Vec<(String, Given)> {
    if name.ends_with(".json") {
        return json_file(index, text, profile, diags);
    }
    let (arguments, errors) = crate::eval::variables::read_tfvars(text, name, profile);
    diags.extend(errors.into_iter().map(|d| input_diag(Some(index), d)));
    arguments.into_iter().map(|a| (a.name, Given { value: a.value, origin: Origin::File(index, a.span) })).collect()
}

/// A `.tfvars.json` file: each value with its range in the text.
fn json_file(index: usize, text: &str, profile: Profile, diags: &mut Vec<ModuleDiagnostic>) -> Vec<(String, Given)> {
    let start = text.len() - text.trim_start().len();
    if let Err(e) = serde_json::from_str::<&serde_json::value::RawValue>(text) {
        // hcl's JSON parser: the root is not an object once its content
        // failed, then why.
        let at = text.lines().take(e.line().saturating_sub(1)).map(|l| l.len() + 1).sum::<usize>() + e.column().saturating_sub(1);
        let root = Diagnostic::error(
            "Root value must be object",
            "The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects.",
            Span::new(start, (start + 1).min(text.len())),
        );
        diags.push(input_diag(Some(index), root));
        let message = e.to_string();
        let next = text[at.min(text.len())..].trim_start().chars().next();
        let before = text[..at.min(text.len())].trim_end().chars().last();
        let trailing = message.starts_with("trailing comma") || (before == Some(',') && matches!(next, Some('}' | ']')));
        let d = match (trailing, next) {
            (true, Some(']')) => Diagnostic::error(
                "Trailing comma in array",
                "JSON does not permit a trailing comma after the final value in an array.",
                Span::new(at, at + 1),
            ),
            (true, _) => Diagnostic::error(
                "Trailing comma in object",
                "JSON does not permit a trailing comma after the final property in an object.",
                Span::new(at, at + 1),
            ),
            _ => Diagnostic::error("Invalid JSON", message, Span::new(at, at)),
        };
        diags.push(input_diag(Some(index), d));
        return Vec::new();
    }
    let object: std::collections::BTreeMap<String, &serde_json::value::RawValue> = match serde_json::from_str(text) {
        Ok(o) => o,
        Err(_) => {
            let end = text.trim_end().len();
            let d = Diagnostic::error(
                "Incorrect JSON value type",
                "A JSON object is required here, setting the arguments for this block.",
                Span::new(start, end),
            );
            diags.push(input_diag(Some(index), d));
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (name, raw) in object {
        let start = raw.get().as_ptr() as usize - text.as_ptr() as usize;
        let span = Span::new(start, start + raw.get().len());
        let value = match crate::eval::variables::parse_variables_in(&format!("{{\"v\": {}}}", raw.get()), profile) {
            Ok(vars) => vars.get("v").cloned().unwrap_or_else(Value::null),
            Err(d) => {
                diags.push(input_diag(Some(index), Diagnostic { subject: span, ..d }));
                continue;
            }
        };
        out.push((name, Given { value: Some(value), origin: Origin::File(index, span) }));
    }
    out
}

/// A `-var` value for a variable of a complex type: an HCL expression.
fn parse_cli_expression(raw: &str, name: &str, profile: Profile) -> Result<Value, Diagnostic> {
    let limits = Limits::default();
    let file = format!("<value for var.{name}>");
    let expr = crate::syntax::parse_expression(raw, &file, &limits, profile).map_err(|mut d| d.remove(0))?;
    let vars = SortedMap::new();
    let mut ev = Evaluator::new(&vars, &limits).with_profile(profile).without_context();
    let v = ev.eval(&expr);
    match ev.diags.into_iter().next() {
        Some(d) => Err(d),
        None => Ok(v),
    }
}

/// Terraform's diagnostics for values of variables the module does not
/// declare: a warning for the first two from files, an error otherwise
/// (environment variables are ignored).
fn undeclared(
    variables: &[Variable],
    given: &[(String, Given)],
    files: &[(&str, &str)],
    diags: &mut Vec<ModuleDiagnostic>,
    profile: crate::profile::Profile,
) {
    let mut in_files = 0;
    for (name, g) in given {
        if variables.iter().any(|v| &v.name == name) {
            continue;
        }
        let (warning, detail) = match &g.origin {
            Origin::Env => continue,
            Origin::File(i, _) => {
                in_files += 1;
                if in_files > 2 {
                    continue;
                }
                (
                    true,
                    format!(
                        "The root module does not declare a variable named {} but a value was found in file {}. If you meant to use this value, add a \"variable\" block to the configuration.\n\nTo silence these warnings, use TF_VAR_... environment variables to provide certain \"global\" settings to all configurations in your organization. To reduce the verbosity of these warnings, use the -compact-warnings option.",
                        go_quote(name, profile),
                        go_quote(files[*i].0, profile)
                    ),
                )
            }
            Origin::Cli => (
                false,
                format!(
                    "A variable named {} was assigned on the command line, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration.",
                    go_quote(name, profile)
                ),
            ),
            Origin::Json => (
                false,
                format!(
                    "A variable named {} was assigned a value, but the root module does not declare a variable of that name. To use this value, add a \"variable\" block to the configuration.",
                    go_quote(name, profile)
                ),
            ),
        };
        diags.push(ModuleDiagnostic {
            kind: super::DiagnosticKind::UndeclaredValue,
            source: Source::None,
            warning,
            diagnostic: Diagnostic::error("Value for undeclared variable", detail, Span::default()),
        });
    }
    if in_files > 2 {
        let detail =
            format!("In addition to the other similar warnings shown, {} other variable(s) defined without being declared.", in_files - 2);
        diags.push(ModuleDiagnostic {
            kind: super::DiagnosticKind::Other,
            source: Source::None,
            warning: true,
            diagnostic: Diagnostic::error("Values for undeclared variables", detail, Span::default()),
        });
    }
}

/// Terraform's `PrepareFinalInputVariableValue` for a root module
/// variable: its final value, or `None` when the given value is refused.
fn final_value(
    v: &Variable,
    raw: Option<&Given>,
    files: &[(&str, &str)],
    profile: Profile,
    sources: &[(String, String)],
    diags: &mut Vec<ModuleDiagnostic>,
) -> Option<Value> {
    let decl_text = || {
        let (name, text) = &sources[v.decl.file];
        range_text(text, name, v.decl.span, profile.unicode())
    };
    let at_decl = |summary: &str, detail: String| ModuleDiagnostic::at(v.decl.file, Diagnostic::error(summary, detail, v.decl.span));
    let addr = format!("var.{}", v.name);
    let (Some(raw), Some(given)) = (raw, raw.and_then(|r| r.value.clone())) else {
        // The console takes a required variable without a value as
        // unknown (`plan` would refuse it).
        return Some(v.default.clone().unwrap_or_else(|| Value::unknown(v.ty())));
    };
    let non_file = match &raw.origin {
        Origin::File(..) => None,
        Origin::Cli => Some(format!("set using -var=\"{}=...\"", v.name)),
        Origin::Env => Some(format!("set using the TF_VAR_{} environment variable", v.name)),
        Origin::Json => Some("set from outside of the configuration".to_string()),
    };
    // OpenTofu reports a value of the wrong type at the declaration.
    let in_file = |summary: &str, detail: String, conversion: bool| match &raw.origin {
        Origin::File(i, span) if !(conversion && profile == Profile::OpenTofu) => ModuleDiagnostic {
            kind: super::DiagnosticKind::Other,
            source: Source::Input(*i),
            warning: false,
            diagnostic: Diagnostic::error(summary, detail, *span),
        },
        _ => at_decl(summary, detail),
    };
    let converted = match &v.constraint {
        Some(c) => super::convert::to_constraint(given, c, profile).map_err(|e| e.message),
        None => Ok(given),
    };
    let val = match converted {
        Ok(val) => val,
        Err(m) => {
            let d = match (&non_file, &raw.origin) {
                (Some(src), _) => at_decl("Invalid value for input variable", format!("Unsuitable value for {addr} {src}: {m}.")),
                (None, Origin::File(i, span)) if v.sensitive => at_decl(
                    "Invalid value for input variable",
                    format!(
                        "The given value is not suitable for {addr}, which is sensitive: {m}. Invalid value defined at {}.",
                        range_text(files[*i].1, files[*i].0, *span, profile.unicode())
                    ),
                ),
                _ => in_file(
                    "Invalid value for input variable",
                    format!("The given value is not suitable for {addr} declared at {}: {m}.", decl_text()),
                    true,
                ),
            };
            diags.push(d);
            return None;
        }
    };
    if val.is_null() && !v.nullable {
        if let Some(d) = &v.default {
            return Some(d.clone());
        }
        let d = match &non_file {
            Some(src) => at_decl(
                "Required variable not set",
                format!("Unsuitable value for {addr} {src}: required variable may not be set to null."),
            ),
            None => in_file(
                "Required variable not set",
                format!("The given value is not suitable for {addr} defined at {}: required variable may not be set to null.", decl_text()),
                false,
            ),
        };
        diags.push(d);
        return None;
    }
    Some(val)
}

/// A variable's value as references read it: marked as its declaration
/// says.
pub fn marked(v: &Variable, value: Value) -> Value {
    let mut marks = Marks::NONE;
    if v.sensitive {
        marks |= Marks::SENSITIVE;
    }
    if v.ephemeral {
        marks |= Marks::EPHEMERAL;
    }
    value.with_marks(marks)
}
