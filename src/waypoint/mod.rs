//! A Waypoint project: its `waypoint.hcl`'s `variable` blocks and the
//! values given to them, as the `waypoint` command reads them (v0.11.4's
//! `internal/config/variables`), and the context its expressions see:
//! `path` (`pwd` and `project`: the project's directory), `workspace`,
//! `var` and Waypoint's functions.
//!
//! Values come, later ones winning, from the variables' defaults, the
//! `*.auto.wpvars` and `*.auto.wpvars.json` files beside `waypoint.hcl`
//! (of those Waypoint keeps only the last file's, by name), the
//! `-var-file` files in order, then the `-var` values.
//!
//! ```
//! use hcl_playground::waypoint::{evaluate_in_project, Project};
//! let files = vec![("waypoint.hcl".to_string(), "variable \"port\" {\n  type = number\n}\n".to_string())];
//! let project = Project { files: &files, cli_vars: &[("port".into(), "8080".into())], ..Project::default() };
//! let v = evaluate_in_project(&project, "var.port + 1", &Default::default()).unwrap();
//! assert_eq!(hcl_playground::present::console(&v, hcl_playground::Profile::Waypoint), "8081");
//! ```

mod variables;

use crate::api::{Options, Program};
use crate::diagnostics::Diagnostic;
use crate::profile::Profile;
use crate::value::{SortedMap, Type, Value};

pub use variables::{Declaration, Source};

/// A project's files and the values given from outside it.
#[derive(Clone, Copy, Debug)]
pub struct Project<'a> {
    /// Each file's name (relative to the project's directory) and text.
    pub files: &'a [(String, String)],
    /// The project's directory: `path.project` and `path.pwd`, and where
    /// messages say its files are.
    pub dir: &'a str,
    /// `workspace.name`.
    pub workspace: &'a str,
    /// `-var NAME=VALUE`, in order.
    pub cli_vars: &'a [(String, String)],
    /// `-var-file NAME`, in order (names of files of the project).
    pub var_files: &'a [String],
}

impl Default for Project<'_> {
    fn default() -> Self {
        Project { files: &[], dir: crate::eval::waypoint_scope::DEFAULT_DIR, workspace: "default", cli_vars: &[], var_files: &[] }
    }
}

/// A diagnostic about one of the project's files (or the expression,
/// `file` empty).
#[derive(Clone, Debug)]
pub struct ProjectDiagnostic {
    /// The file's name in the project, or "" for the expression.
    pub file: String,
    /// What went wrong, with a range in that file.
    pub diagnostic: Diagnostic,
}

/// A loaded project: the named values its expressions see (`path`,
/// `workspace`, and `var`, the variables' final values) and its variables'
/// declarations.
#[derive(Clone, Debug)]
pub struct ProjectScope {
    /// The named values, by name.
    pub values: SortedMap<Value>,
    /// The `variable` blocks, in the file's order.
    pub declared: Vec<Declaration>,
}

impl ProjectScope {
    /// Evaluates `expr` in the project's context.
    pub fn evaluate(&self, expr: &str, options: &Options) -> Result<Value, Vec<ProjectDiagnostic>> {
        let options = Options { profile: Profile::Waypoint, ..options.clone() };
        let expression =
            |d: Vec<Diagnostic>| d.into_iter().map(|diagnostic| ProjectDiagnostic { file: String::new(), diagnostic }).collect();
        Program::parse(expr, &options).map_err(expression)?.evaluate(&self.values).map_err(expression)
    }
}

/// Loads the project: its variables' values and the context they are in.
pub fn load_project(project: &Project) -> Result<ProjectScope, Vec<ProjectDiagnostic>> {
    let profile = Profile::Waypoint;
    let map = |entries: &[(&str, &str)]| {
        let m: SortedMap<Value> = entries.iter().map(|(k, v)| (k.to_string(), Value::string(*v, profile))).collect();
        Value::Map(Type::String, m.into())
    };
    let mut values = SortedMap::new();
    values.insert("path".into(), map(&[("project", project.dir), ("pwd", project.dir)]));
    values.insert("workspace".into(), map(&[("name", project.workspace)]));
    let (declared, vars) = variables::final_values(project, &values)?;
    values.insert("var".into(), Value::Object(vars.into()));
    Ok(ProjectScope { values, declared })
}

/// Evaluates `expr` in the project's context ([`load_project`], then
/// [`ProjectScope::evaluate`]).
pub fn evaluate_in_project(project: &Project, expr: &str, options: &Options) -> Result<Value, Vec<ProjectDiagnostic>> {
    load_project(project)?.evaluate(expr, options)
}
