//! Loading a module: its files parsed and decoded into each directory's
//! configuration (`config`, with `schema` as hcl's body decoding and
//! `refs` its references), the root variables' values prepared (`inputs`,
//! `convert`), child modules found as `init` installs them (`install`),
//! the console's scope address read (`console_scope`), the providers'
//! schemas (`provider_data`, `provider_schema`), and the functions a
//! module adds over its own files (`files`, `glob`, `provider_functions`).

pub(crate) mod config;
pub(crate) mod console_scope;
pub(crate) mod convert;
pub(crate) mod files;
pub(crate) mod inputs;
pub(crate) mod install;
pub(crate) mod json;
pub(crate) mod provider_data;
pub(crate) mod provider_functions;
pub(crate) mod provider_schema;
pub(crate) mod refs;
pub(crate) mod schema;

use provider_data::ProviderData;

use crate::diagnostics::{Diagnostic, Span};
use crate::limits::Limits;
use crate::profile::Profile;
use crate::syntax::ast::Body;
use std::sync::Arc;

/// A place in one of the module's files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Loc {
    /// Which file (an index into the module's files).
    pub file: usize,
    /// Where in it, in bytes.
    pub span: Span,
}

/// What an inspection of a module saw of the expression it watched.
#[derive(Clone, Debug, Default)]
pub struct Watch {
    /// The file watched.
    pub file: usize,
    /// Where the range watched starts, in bytes.
    pub start: usize,
    /// Where it ends.
    pub end: usize,
    /// The innermost expression holding the range, once evaluated.
    pub span: Option<Span>,
    /// Its first evaluations, each with the instance's `count.index`,
    /// `each.key`/`each.value` or `dynamic` iterator among its bindings.
    pub hits: Vec<crate::eval::inspect::Hit>,
    /// How many distinct evaluations there were.
    pub count: usize,
    /// A function met there is only in the full build.
    pub needs_full_build: bool,
}

/// What a diagnostic's range refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// One of the module's files.
    File(usize),
    /// The variable values given as JSON (see [`Inputs::json`](inputs::Inputs::json)).
    Inputs,
    /// A variables file (an index into [`Inputs::input_files`](inputs::Inputs::input_files)).
    Input(usize),
    /// A value given as text (an index into [`Inputs::input_values`](inputs::Inputs::input_values)).
    Value(usize),
    /// The expression evaluated in the module's context.
    Console,
    /// The console's scope address (`console -scope`).
    Scope,
    /// Nothing in particular.
    None,
    /// An empty range in no file (Terraform's zero `hcl.Range`).
    Nowhere,
}

/// A diagnostic about a module: where it points, and whether it is only a
/// warning (a failed `check` assertion, a value for an undeclared
/// variable in a variables file).
#[derive(Clone, Debug, PartialEq)]
pub struct ModuleDiagnostic {
    /// What it is about, where code treats it apart.
    pub kind: DiagnosticKind,
    /// What the diagnostic's range refers to.
    pub source: Source,
    /// A warning rather than an error.
    pub warning: bool,
    /// Summary, detail and range.
    pub diagnostic: Diagnostic,
}

/// What a module diagnostic is about, for the code that treats some kinds
/// apart (so that nothing depends on a message's wording).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DiagnosticKind {
    /// Any other problem.
    #[default]
    Other,
    /// A `check` block's assertion failed: Terraform never folds these
    /// into one ("and N more similar warnings"), and a test run fails.
    CheckAssertion,
    /// A `check` block's assertion not known while planning: not folded
    /// either, and a test run goes on.
    CheckUnknown,
    /// The consoles' closing warning after errors in planning
    /// ([`UNEXPECTED_RESULTS`](crate::module::UNEXPECTED_RESULTS)).
    ClosingWarning,
    /// A value given for a variable the root module does not declare
    /// (its place is the value's name in the variables given).
    UndeclaredValue,
    /// A required argument is missing (placed where the block's body ends).
    MissingArgument,
    /// Found only when the whole module is loaded: a second output,
    /// module call, check, resource or data source of the same name, and
    /// what merging an override file finds beyond variables and local
    /// values. OpenTofu's console first loads the root module's variables
    /// and local values alone (for its backend and encryption settings)
    /// and stops at that load's errors, so with any other error in the
    /// root module's files it never reports these.
    FullLoad,
}

impl ModuleDiagnostic {
    /// An error about file `file`.
    pub fn at(file: usize, diagnostic: Diagnostic) -> ModuleDiagnostic {
        ModuleDiagnostic { kind: DiagnosticKind::Other, source: Source::File(file), warning: false, diagnostic }
    }

    /// An error with no source range.
    pub fn general(summary: impl Into<String>, detail: impl Into<String>) -> ModuleDiagnostic {
        ModuleDiagnostic {
            kind: DiagnosticKind::Other,
            source: Source::None,
            warning: false,
            diagnostic: Diagnostic::error(summary, detail, Span::default()),
        }
    }

    /// The same, of kind `kind`.
    pub fn of_kind(self, kind: DiagnosticKind) -> ModuleDiagnostic {
        ModuleDiagnostic { kind, ..self }
    }
}

/// Whether `terraform init` has prepared the module's directory: child
/// modules installed, providers selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Installation {
    /// As if it had, where the files allow: a child module whose files are
    /// not among the module's is taken as installed with outputs not yet
    /// known, and any provider as available (the playground's page, which
    /// may hold one file) — but where the files are in directories, a local
    /// module source that names none of them is `init`'s error.
    #[default]
    Assumed,
    /// [`Installation::Assumed`], with every file of the configuration
    /// here (a directory the command line read whole): a local module
    /// source that names no directory of them is `init`'s error.
    Complete,
    /// `init` ran in a directory holding exactly the module's files: a
    /// local child module without files was not installed, and a module
    /// call `init` refuses leaves its module uninstalled.
    Initialized,
    /// `init` never ran: no child module is installed and no provider but
    /// the built-in one is selected.
    Uninitialized,
}

/// How to evaluate a module.
#[derive(Clone, Debug)]
pub struct ModuleOptions {
    /// Whose answers to give.
    pub profile: Profile,
    /// Work and size limits, for each expression.
    pub limits: Limits,
    /// `terraform.workspace`.
    pub workspace: String,
    /// `path.cwd`, the absolute directory the module is in (`path.module`
    /// and `path.root` are relative to it: `.` for the root module).
    pub cwd: String,
    /// The home directory `pathexpand` expands `~` into (the CLI's
    /// `$HOME`).
    pub home: String,
    /// What `terraform init` has done.
    pub installation: Installation,
    /// The providers' schemas and defaults (`www/providers`): without,
    /// every provider's resources are taken as written.
    pub providers: Option<std::sync::Arc<ProviderData>>,
    /// What runs the programs of `data "external"` (hashicorp/external)
    /// while planning, as the provider does: the CLI's. Without (the
    /// page), such a data source is unknown.
    pub programs: Option<Programs>,
}

/// Runs an external program for `data "external"`: see [`Program`].
#[derive(Clone)]
pub struct Programs(pub std::sync::Arc<dyn Fn(&Program) -> ProgramRun + Send + Sync>);

impl std::fmt::Debug for Programs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Programs")
    }
}

/// A program `data "external"` runs: its arguments (the first names the
/// program), the directory to run it in (empty: the root module's), and
/// the JSON object written to its standard input.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// `program`, its null and empty elements left out.
    pub args: Vec<String>,
    /// `working_dir`, or empty.
    pub working_dir: String,
    /// `query` as Go's `json.Marshal` writes it.
    pub query: String,
}

/// What running a [`Program`] gave, in the words of Go's `os/exec`.
#[derive(Clone, Debug, PartialEq)]
pub enum ProgramRun {
    /// `exec.LookPath` failed (`exec: "x": executable file not found in $PATH`).
    NotFound(String),
    /// It ran: the path it ran, its standard output, and where it failed,
    /// its standard error and state (`exit status 1`).
    Ran {
        /// The program's path as `exec.LookPath` found it.
        path: String,
        /// Its standard output.
        stdout: Vec<u8>,
        /// Where it failed: its standard error and its state.
        failed: Option<(String, String)>,
    },
}

impl Default for ModuleOptions {
    fn default() -> ModuleOptions {
        ModuleOptions {
            profile: Profile::default(),
            limits: Limits::default(),
            workspace: "default".into(),
            cwd: "/playground".into(),
            home: crate::functions::HOME.into(),
            installation: Installation::default(),
            providers: None,
            programs: None,
        }
    }
}

/// One directory's configuration: a module the root may call.
pub(crate) struct Dir {
    /// Its path from the root module's directory (`""` for the root).
    pub path: String,
    /// Its `.tf` files (indices into the module's files), by name.
    pub files: Vec<usize>,
    pub config: config::Config,
    /// Problems found while parsing and decoding it.
    pub diags: Vec<ModuleDiagnostic>,
}

impl Dir {
    /// `path.module` in this directory.
    pub fn path_module(&self) -> &str {
        if self.path.is_empty() {
            "."
        } else {
            &self.path
        }
    }
}

/// A module's files, parsed and decoded: the root module, and every
/// directory beneath it that holds `.tf` files (the modules it may call).
pub struct Module {
    pub(crate) files: Arc<Vec<(String, String)>>,
    /// The files and `path.cwd`, as the file functions read them.
    pub(crate) fs: crate::functions::ModuleFiles,
    pub(crate) bodies: Vec<Arc<Body>>,
    pub(crate) dirs: Vec<Dir>,
    pub(crate) options: ModuleOptions,
}

impl Module {
    /// Parses and decodes `files` (path from the root module's directory,
    /// and text): the root module's `.tf` files are those without a
    /// directory; those in `modules/x/` are the module a call with
    /// `source = "./modules/x"` runs. Other files are there for the file
    /// functions (`file`, `templatefile`, ...).
    pub fn load(files: Vec<(String, String)>, options: &ModuleOptions) -> Arc<Module> {
        Module::load_with_binary(files, Vec::new(), options)
    }

    /// [`Module::load`], with files that are not UTF-8 text beside the
    /// others (path and bytes): `filebase64`, the file hash functions,
    /// `fileset`, `fileexists` and `archive_file` read them; `file` and
    /// `templatefile` refuse them as Terraform does.
    pub fn load_with_binary(files: Vec<(String, String)>, binary: Vec<(String, Arc<[u8]>)>, options: &ModuleOptions) -> Arc<Module> {
        Module::load_parsed(files, binary, options, &mut |name, text| {
            crate::syntax::parse_config(text, name, &options.limits, options.profile).map(Arc::new)
        })
    }

    /// [`Module::load`], with each configuration file's syntax tree from
    /// `parse` (name, text): a [`Workspace`] keeps the trees of the files
    /// an edit did not touch.
    pub(crate) fn load_parsed(
        files: Vec<(String, String)>,
        binary: Vec<(String, Arc<[u8]>)>,
        options: &ModuleOptions,
        parse: &mut dyn FnMut(&str, &str) -> Result<Arc<Body>, crate::diagnostics::Diagnostics>,
    ) -> Arc<Module> {
        let mut bodies = Vec::with_capacity(files.len());
        let mut by_dir: std::collections::BTreeMap<String, Vec<usize>> = std::collections::BTreeMap::new();
        by_dir.insert(String::new(), Vec::new());
        let mut parse_diags: Vec<Vec<ModuleDiagnostic>> = Vec::with_capacity(files.len());
        let tofu = options.profile == Profile::OpenTofu;
        // OpenTofu reads `x.tofu` in place of `x.tf`.
        let replaced: std::collections::HashSet<String> = match tofu {
            true => files
                .iter()
                .filter_map(|(n, _)| match n.strip_suffix(".tofu") {
                    Some(stem) => Some(format!("{stem}.tf")),
                    None => n.strip_suffix(".tofu.json").map(|stem| format!("{stem}.tf.json")),
                })
                .collect(),
            false => std::collections::HashSet::new(),
        };
        for (i, (name, text)) in files.iter().enumerate() {
            let mut diags = Vec::new();
            if is_config_file(name, tofu) && !replaced.contains(name) {
                let dir = name.rsplit_once('/').map_or("", |(d, _)| d);
                by_dir.entry(dir.to_string()).or_default().push(i);
                let parsed = match json::is_json(name) {
                    true => json::parse(text, name, &options.limits, options.profile).map(Arc::new),
                    false => parse(name, text),
                };
                match parsed {
                    Ok(b) => bodies.push(b),
                    Err(ds) => {
                        diags.extend(ds.into_iter().map(|d| ModuleDiagnostic::at(i, d)));
                        bodies.push(Arc::default());
                    }
                }
            } else {
                bodies.push(Arc::default());
            }
            parse_diags.push(diags);
        }
        let mut dirs = Vec::with_capacity(by_dir.len());
        for (path, mut members) in by_dir {
            members.sort_by(|a, b| files[*a].0.cmp(&files[*b].0));
            let mut diags: Vec<ModuleDiagnostic> = members.iter().flat_map(|i| parse_diags[*i].clone()).collect();
            let config = match diags.is_empty() {
                true => {
                    let refs: Vec<(usize, &Body)> = members.iter().map(|i| (*i, &*bodies[*i])).collect();
                    config::decode(&refs, options.profile, &mut diags, &files)
                }
                false => config::Config::default(),
            };
            dirs.push(Dir { path, files: members, config, diags });
        }
        let files = Arc::new(files);
        let fs = crate::functions::ModuleFiles {
            files: files.clone(),
            binary: Arc::new(binary),
            cwd: options.cwd.clone(),
            home: options.home.clone(),
            read: Default::default(),
        };
        Arc::new(Module { files, fs, bodies, dirs, options: options.clone() })
    }

    /// The options it was loaded with.
    pub fn options(&self) -> &ModuleOptions {
        &self.options
    }

    /// The module's files: name and text.
    pub fn files(&self) -> &[(String, String)] {
        &self.files
    }

    /// The parsed bodies, one per file (empty for a file that is not a
    /// `.tf` file).
    pub fn bodies(&self) -> &[Arc<Body>] {
        &self.bodies
    }

    /// The root module's directory.
    pub(crate) fn root(&self) -> &Dir {
        &self.dirs[0]
    }

    /// Every file's path, text or not.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &str> {
        self.files.iter().map(|(n, _)| n.as_str()).chain(self.fs.binary.iter().map(|(n, _)| n.as_str()))
    }

    /// The directory at `path` (normalized, from the root), if it holds
    /// `.tf` files.
    pub(crate) fn dir(&self, path: &str) -> Option<usize> {
        self.dirs.iter().position(|d| d.path == path && !d.files.is_empty())
    }

    pub(crate) fn dir_at(&self, i: usize) -> &Dir {
        &self.dirs[i]
    }
}

/// Whether Terraform reads `name` as configuration (`.tf` and `.tf.json`,
/// and `.tofu` and `.tofu.json` for OpenTofu).
pub(crate) fn is_config_file(name: &str, tofu: bool) -> bool {
    let base = name.rsplit('/').next().unwrap_or(name);
    let native = base.ends_with(".tf") || tofu && base.ends_with(".tofu");
    let json = base.ends_with(".tf.json") || tofu && base.ends_with(".tofu.json");
    (native || json) && !base.starts_with('.')
}
