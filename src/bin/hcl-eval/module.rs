//! `hcl-eval --module PATH [EXPR]`: a module's files (a `.tf` file, or a
//! directory: its `*.tf`, the modules it calls in directories beneath
//! it, the files its file functions read, `terraform.tfvars[.json]` and
//! `*.auto.tfvars[.json]`, as Terraform loads them), evaluated as
//! `terraform console -plan` sees them: with EXPR, what the console
//! prints for it; without, every named value. A configuration the console
//! refuses to evaluate (see `Evaluation::stopped`) gives its diagnostics
//! alone and status 1.

use hcl_playground::api::VariablesFormat;
use hcl_playground::module::{CliInput, DiagnosticKind, Inputs, Installation, ModuleOptions, Workspace};
use hcl_playground::Value;
use std::path::Path;
use std::process::ExitCode;

/// The module options from the command line.
pub struct Args {
    pub path: String,
    /// `--vars FILE`: its name and text (a JSON object, or tfvars).
    pub vars_file: Option<(String, String)>,
    pub var_files: Vec<String>,
    pub vars: Vec<(String, String)>,
    pub workspace: Option<String>,
    /// `--scope ADDR`: the module instance the expression is evaluated in.
    pub scope: Option<String>,
    /// `--providers DIR` (or `none`).
    pub providers: Option<String>,
    pub expr: Option<String>,
}

/// The provider data: `--providers DIR`; else `HCL_PLAYGROUND_PROVIDERS`;
/// else found at run time beside the program (`providers/` next to it, or
/// `../share/hcl-playground/providers` for an installed one); else the
/// playground's own `www/providers` where this program was built from
/// source.
pub(crate) fn provider_data(given: Option<&str>) -> Option<std::sync::Arc<hcl_playground::module::ProviderData>> {
    let has_data = |dir: &Path| dir.join("index.json").is_file();
    let dir = match given.map(str::to_string).or_else(|| std::env::var("HCL_PLAYGROUND_PROVIDERS").ok().filter(|d| !d.is_empty())) {
        Some(none) if none == "none" => return None,
        Some(dir) => std::path::PathBuf::from(dir),
        None => {
            let beside = std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf));
            let found = beside
                .into_iter()
                .flat_map(|bin| [bin.join("providers"), bin.join("../share/hcl-playground/providers")])
                .find(|d| has_data(d));
            found.unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("www/providers"))
        }
    };
    has_data(&dir).then(|| std::sync::Arc::new(hcl_playground::module::ProviderData::dir(dir)))
}

/// Files that are not UTF-8 text: path and bytes.
pub(crate) type Binary = Vec<(String, std::sync::Arc<[u8]>)>;

pub fn run(args: Args, options: &hcl_playground::Options) -> ExitCode {
    if options.profile.is_waypoint() {
        return run_waypoint(args, options);
    }
    let path = Path::new(&args.path);
    let mut files = Vec::new();
    let mut binary = Binary::new();
    let mut inputs = Inputs::default();
    let read = |p: &Path| std::fs::read_to_string(p).map_err(|e| format!("hcl-eval: cannot read {}: {e}", p.display()));
    let name = |p: &Path| p.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
    let (loaded, dir) = if path.is_dir() {
        let result = read_tree(path, &mut files, &mut binary).and_then(|()| read_above(path, &mut files, &mut binary));
        inputs.add_auto_files(&files);
        (result, path.to_path_buf())
    } else {
        let result = read(path).map(|t| files.push((name(path), t)));
        (result, path.parent().map(Path::to_path_buf).unwrap_or_default())
    };
    if let Err(e) = loaded {
        eprintln!("{e}");
        return ExitCode::from(2);
    }
    for (name, value) in args.vars {
        inputs.cli.push(CliInput::Var(name, value));
    }
    for f in &args.var_files {
        match read(Path::new(f)) {
            Ok(t) => inputs.cli.push(CliInput::File(f.clone(), t)),
            Err(_) if !Path::new(f).exists() => inputs.cli.push(CliInput::Missing(f.clone())),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(2);
            }
        }
    }
    // Values set from outside the configuration: below every file
    // Terraform loads by itself.
    match args.vars_file {
        Some((name, text)) if super::vars_format(&name) == VariablesFormat::Tfvars => inputs.files.insert(0, (name, text)),
        Some((_, json)) => inputs.json = Some(json),
        None => {}
    }
    let mut opts = ModuleOptions {
        profile: options.profile,
        limits: options.limits.clone(),
        providers: provider_data(args.providers.as_deref()),
        // A directory read whole holds every file `init` would find.
        installation: if path.is_dir() { Installation::Complete } else { Installation::Assumed },
        ..ModuleOptions::default()
    };
    if let Ok(abs) = std::fs::canonicalize(if dir.as_os_str().is_empty() { Path::new(".") } else { &dir }) {
        opts.cwd = abs.to_string_lossy().into_owned();
        opts.programs = Some(super::programs::runner(abs));
    }
    opts.home = home();
    if let Some(w) = args.workspace {
        opts.workspace = w;
    }
    let mut workspace = Workspace::new(opts);
    workspace.set_files(files);
    workspace.set_binary_files(binary);
    workspace.set_inputs(inputs);
    workspace.set_scope(args.scope.clone());
    let evaluation = workspace.evaluate();
    let source = String::new();
    // Where the consoles end before reading anything, so does this.
    if evaluation.stopped {
        for d in &evaluation.diagnostics {
            eprint!("{}", evaluation.render(d, &source));
        }
        return ExitCode::FAILURE;
    }
    match &args.expr {
        Some(expr) => {
            for d in &evaluation.diagnostics {
                eprint!("{}", evaluation.render(d, &source));
            }
            // A blank line after the console's closing warning, before
            // the answer.
            if evaluation.diagnostics.last().is_some_and(|d| d.kind == DiagnosticKind::ClosingWarning) {
                eprintln!();
            }
            console(&evaluation, expr)
        }
        None => {
            for v in &evaluation.values {
                outln!("{} = {}", v.address, hcl_playground::present::console(&v.value, options.profile));
            }
            let providers = evaluation.provider_versions();
            if !providers.is_empty() {
                outln!("# planned with {}", providers_line(&providers));
            }
            let errors: Vec<_> = evaluation.diagnostics.iter().filter(|d| !d.warning).collect();
            for d in &errors {
                eprint!("{}", evaluation.render(d, ""));
            }
            if errors.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// `~` as for the programs run here: the user's home (the page's where
/// `$HOME` is not set).
pub(crate) fn home() -> String {
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty());
    home.map_or_else(|| hcl_playground::functions::HOME.into(), |h| h.to_string_lossy().into_owned())
}

/// Each provider with the version of the data that planned it and the
/// constraints that chose it: `hashicorp/aws 5.100.0 (~> 5.0)`.
fn providers_line(providers: &[hcl_playground::module::ProviderVersion]) -> String {
    let one = |p: &hcl_playground::module::ProviderVersion| {
        let constraints = p.constraints.join(", ");
        match (&p.version, constraints.is_empty()) {
            (Some(v), true) => format!("{} {v}", p.provider),
            (Some(v), false) => format!("{} {v} ({constraints})", p.provider),
            (None, _) => format!("{} as written (no version in the provider data meets {constraints})", p.provider),
        }
    };
    providers.iter().map(one).collect::<Vec<_>>().join(", ")
}

/// What the console prints for `expr`, or its errors (status 1).
fn console(evaluation: &hcl_playground::module::Evaluation, expr: &str) -> ExitCode {
    match evaluation.console(expr) {
        Ok(e) => {
            outln!("{}", e.console);
            ExitCode::SUCCESS
        }
        Err(diags) => {
            for d in &diags {
                eprint!("{}", evaluation.render(d, expr));
            }
            ExitCode::FAILURE
        }
    }
}

/// The local modules above `root` that its configuration calls (`source =
/// "../x"`, from the root or a module it reads), as `terraform init` finds
/// them: each directory's files named from the root (`../x/main.tf`).
fn read_above(root: &Path, files: &mut Vec<(String, String)>, binary: &mut Binary) -> Result<(), String> {
    let mut read: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    loop {
        let mut wanted = Vec::new();
        for (name, text) in files.iter().filter(|(n, _)| n.ends_with(".tf") || n.ends_with(".tf.json")) {
            let dir = name.rsplit_once('/').map_or("", |(d, _)| d);
            for source in local_sources(text) {
                let Some(p) = hcl_playground::module::module_dir(dir, source) else { continue };
                let above = p == ".." || p.starts_with("../");
                // A directory inside one already read is in it (not one
                // that climbs out of it again: `../..` then `../../../x`).
                let covered = read.iter().any(|r| p == *r || within(&p, r));
                if above && !covered && !wanted.contains(&p) {
                    wanted.push(p);
                }
            }
        }
        // One wanted directory inside another (`../..` and `../../wrappers`)
        // is read with it.
        let inside = |p: &String, others: &[String]| others.iter().any(|o| o != p && within(p, o));
        let wanted: Vec<String> = wanted.iter().filter(|p| !inside(p, &wanted)).cloned().collect();
        if wanted.is_empty() || read.len() > 50 {
            return Ok(());
        }
        for p in wanted {
            let disk = root.join(&p);
            let (mut found, mut found_binary) = (Vec::new(), Binary::new());
            if disk.is_dir() {
                read_tree(&disk, &mut found, &mut found_binary)?;
            }
            // Files of the root directory itself, seen from above, are
            // already there under their own names.
            let again = std::fs::canonicalize(root).ok();
            let inside =
                |full: &str| again.as_ref().zip(std::fs::canonicalize(root.join(full)).ok()).is_some_and(|(r, f)| f.starts_with(r));
            // A directory read before may lie inside this one (a module
            // under `../../modules/x` calling `../../`): its files are
            // there already.
            let had: std::collections::BTreeSet<String> =
                files.iter().map(|(n, _)| n.clone()).chain(binary.iter().map(|(n, _)| n.clone())).collect();
            for (n, t) in found {
                let full = format!("{p}/{n}");
                if !inside(&full) && !had.contains(&full) {
                    files.push((full, t));
                }
            }
            for (n, b) in found_binary {
                let full = format!("{p}/{n}");
                if !inside(&full) && !had.contains(&full) {
                    binary.push((full, b));
                }
            }
            read.insert(p);
        }
    }
}

/// Whether the path `p` (from the root, `../..`-style) names a directory
/// under `dir`: `../../a` is under `../..`, `../../../a` is not.
fn within(p: &str, dir: &str) -> bool {
    p.strip_prefix(dir).and_then(|rest| rest.strip_prefix('/')).is_some_and(|rest| !rest.starts_with(".."))
}

/// The `source` strings of module calls in a file that are local paths
/// (`./x`, `../y`): a line `source = "…"`, or `"source": "…"` in JSON.
fn local_sources(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            let rest = match l.strip_prefix("\"source\"") {
                Some(r) => r.trim_start().strip_prefix(':')?,
                None => l.strip_prefix("source")?.trim_start().strip_prefix('=')?,
            };
            let rest = rest.trim_start().strip_prefix('"')?;
            let value = &rest[..rest.find('"')?];
            (value.starts_with("./") || value.starts_with("../")).then_some(value)
        })
        .collect()
}

/// The files under `dir` (not in hidden directories, but for the modules
/// `init` installed under `.terraform/modules`), with their paths from
/// it: the root module, the modules it calls and the files its file
/// functions read; text files in `files`, the others (images, archives)
/// in `binary`.
pub(crate) fn read_tree(dir: &Path, files: &mut Vec<(String, String)>, binary: &mut Binary) -> Result<(), String> {
    const MAX_FILES: usize = 10_000;
    let mut work = vec![(dir.to_path_buf(), String::new())];
    while let Some((d, prefix)) = work.pop() {
        let mut entries: Vec<_> =
            std::fs::read_dir(&d).map_err(|e| format!("hcl-eval: cannot read {}: {e}", d.display()))?.flatten().collect();
        entries.sort_by_key(|e| e.file_name());
        for e in entries {
            let name = e.file_name().to_string_lossy().into_owned();
            let rel = if prefix.is_empty() { name.clone() } else { format!("{prefix}/{name}") };
            // Hidden files are skipped, but for the modules `init`
            // installed (`.terraform/modules`, with its modules.json).
            let installed = rel == ".terraform" || rel == ".terraform/modules" || rel.starts_with(".terraform/modules/");
            if (name.starts_with('.') && rel != ".terraform") || (prefix == ".terraform" && !installed) {
                continue;
            }
            let p = e.path();
            if p.is_dir() {
                work.push((p, rel));
            } else if let Ok(bytes) = std::fs::read(&p) {
                if files.len() + binary.len() >= MAX_FILES {
                    return Err(format!("hcl-eval: more than {MAX_FILES} files under {}", dir.display()));
                }
                match String::from_utf8(bytes) {
                    Ok(t) => files.push((rel, t)),
                    Err(e) => binary.push((rel, e.into_bytes().into())),
                }
            }
        }
    }
    files.sort();
    Ok(())
}

/// `--profile waypoint --module DIR`: a Waypoint project (its
/// waypoint.hcl and .wpvars files); with EXPR, its value in the
/// project's context, else the variables' final values.
fn run_waypoint(args: Args, options: &hcl_playground::Options) -> ExitCode {
    use hcl_playground::waypoint::{evaluate_in_project, load_project, Project};
    let path = Path::new(&args.path);
    let dir = if path.is_dir() { path.to_path_buf() } else { path.parent().map(Path::to_path_buf).unwrap_or_default() };
    let mut files = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        let mut names: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).filter(|p| p.is_file()).collect();
        names.sort();
        for p in names {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
            if name == "waypoint.hcl" || name.ends_with(".wpvars") || name.ends_with(".wpvars.json") {
                match std::fs::read_to_string(&p) {
                    Ok(t) => files.push((name, t)),
                    Err(e) => {
                        eprintln!("hcl-eval: cannot read {}: {e}", p.display());
                        return ExitCode::from(2);
                    }
                }
            }
        }
    }
    let abs = std::fs::canonicalize(if dir.as_os_str().is_empty() { Path::new(".") } else { &dir })
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|_| "/project".into());
    let workspace = args.workspace.clone().unwrap_or_else(|| "default".into());
    let var_files: Vec<String> =
        args.var_files.iter().map(|f| Path::new(f).file_name().and_then(|n| n.to_str()).unwrap_or(f).to_string()).collect();
    let project = Project { files: &files, dir: &abs, workspace: &workspace, cli_vars: &args.vars, var_files: &var_files };
    let report = |diags: Vec<hcl_playground::waypoint::ProjectDiagnostic>| {
        for d in diags {
            let text = files.iter().find(|(n, _)| *n == d.file).map_or(args.expr.as_deref().unwrap_or(""), |(_, t)| t.as_str());
            let name = if d.file.is_empty() { "<input>" } else { d.file.as_str() };
            eprint!("{}", hcl_playground::present::render_diagnostics(&[d.diagnostic], text, name));
        }
        ExitCode::FAILURE
    };
    match &args.expr {
        Some(expr) => match evaluate_in_project(&project, expr, options) {
            Ok(v) => {
                outln!("{}", hcl_playground::present::console(&v, options.profile));
                ExitCode::SUCCESS
            }
            Err(diags) => report(diags),
        },
        None => match load_project(&project) {
            Ok(scope) => {
                if let Some(Value::Object(vars)) = scope.values.get("var") {
                    for (name, v) in vars.iter() {
                        outln!("var.{name} = {}", hcl_playground::present::console(v, options.profile));
                    }
                }
                ExitCode::SUCCESS
            }
            Err(diags) => report(diags),
        },
    }
}
