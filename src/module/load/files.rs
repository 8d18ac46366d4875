//! The file functions over the module's own files: `file`, `fileexists`,
//! `fileset`, `filebase64`, `templatefile`, `abspath` and the file hash functions,
//! reading paths as Terraform does (relative to the working directory,
//! the root module's; `path.module` leads into a child's directory).
//! They read the module's files through the call's context
//! ([`Ctx::module_files`]), which the evaluator of a module's expression
//! carries.

use super::Module;
use crate::functions::{provider, str_arg, CallError, CallResult, Ctx, FunctionDef, ModuleFiles, Param, Ret};
use crate::value::{go_quote, Marks, Type, Value};

/// The files an expression's file functions read, and `path.cwd`
/// (absolute paths under it are the module's files).
#[derive(Clone, Copy)]
pub(crate) struct FileSystem<'a>(&'a ModuleFiles);

impl<'a> FileSystem<'a> {
    pub fn new(module: &'a Module) -> FileSystem<'a> {
        FileSystem::of(&module.fs)
    }

    fn of(files: &'a ModuleFiles) -> FileSystem<'a> {
        files.read.store(true, std::sync::atomic::Ordering::Relaxed);
        FileSystem(files)
    }

    /// `path` as Terraform resolves it, cleaned (`filepath.Join` with the
    /// working directory, `filepath.Clean`): the name it reports, and the
    /// module file's path (relative to the root) it stands for.
    fn resolve(&self, path: &str) -> (String, Option<String>) {
        let shown = clean(path);
        let absolute = shown.starts_with('/');
        let relative = match absolute {
            false => Some(shown.clone()),
            true => {
                let cwd = clean(&self.0.cwd);
                match shown.strip_prefix(&cwd) {
                    Some("") => Some(".".into()),
                    Some(rest) if rest.starts_with('/') => Some(rest[1..].to_string()),
                    _ => None,
                }
            }
        };
        (shown, relative.map(|r| self.canonical(r)).filter(|r| r != ".."))
    }

    /// A cleaned path relative to the root that climbs above it, in its
    /// shortest form from `path.cwd`: with the root at `/r/examples/a`,
    /// `../../examples/b` is `../b` (a module above the root reads its
    /// own files under the names the root reaches them by).
    fn canonical(&self, path: String) -> String {
        if !path.starts_with("..") {
            return path;
        }
        let cwd = clean(&self.0.cwd);
        if !cwd.starts_with('/') {
            return path;
        }
        let target = clean(&format!("{cwd}/{path}"));
        let (from, to): (Vec<&str>, Vec<&str>) =
            (cwd.split('/').filter(|s| !s.is_empty()).collect(), target.split('/').filter(|s| !s.is_empty()).collect());
        let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        let mut parts = vec![".."; from.len() - common];
        parts.extend(&to[common..]);
        match parts.is_empty() {
            true => ".".into(),
            false => parts.join("/"),
        }
    }

    /// A file's name, cleaned and in the form [`FileSystem::resolve`] gives.
    fn name(&self, n: &str) -> String {
        self.canonical(clean(n))
    }

    /// A module file's text at `path` as Terraform resolves it (what a
    /// provider reading that path finds).
    pub fn read_text(&self, path: &str) -> Option<String> {
        self.read(path).map(str::to_string)
    }

    /// The module's files under the directory at `path` as Terraform
    /// resolves it, by their paths relative to it, in the order Go's
    /// `filepath.Walk` visits them; `None` where no such directory holds
    /// any file.
    pub fn walk(&self, path: &str) -> Option<Vec<(String, &'a [u8])>> {
        let (_, dir) = self.resolve(path);
        let dir = dir?;
        let mut found: Vec<(String, &'a [u8])> =
            self.all().filter_map(|(n, bytes)| Some((within(&dir, &self.name(n))?.to_string(), bytes))).collect();
        // Walk reads each directory's names sorted, so paths compare by
        // their segments ("a/b" before "a.txt").
        found.sort_by(|(a, _), (b, _)| a.split('/').cmp(b.split('/')));
        (!found.is_empty()).then_some(found)
    }

    /// The path of the module file or directory `path` stands for,
    /// relative to the root module (`None` outside it).
    pub fn relative(&self, path: &str) -> Option<String> {
        self.resolve(path).1
    }

    /// Whether a module file is at `path` as Terraform resolves it.
    pub fn is_file(&self, path: &str) -> bool {
        self.read_bytes(path).is_some()
    }

    /// The bytes of the module file at `path` as Terraform resolves it,
    /// text or not.
    pub fn read_bytes(&self, path: &str) -> Option<&'a [u8]> {
        let (_, relative) = self.resolve(path);
        let relative = relative?;
        self.all().find(|(n, _)| self.name(n) == relative).map(|(_, b)| b)
    }

    /// Every file, text or not: path and bytes.
    fn all(&self) -> impl Iterator<Item = (&'a str, &'a [u8])> {
        let files: &'a ModuleFiles = self.0;
        let text = files.files.iter().map(|(n, t)| (n.as_str(), t.as_bytes()));
        text.chain(files.binary.iter().map(|(n, b)| (n.as_str(), &**b)))
    }

    /// [`FileSystem::read_text`], borrowed.
    pub fn read(&self, path: &str) -> Option<&'a str> {
        let (_, relative) = self.resolve(path);
        let relative = relative?;
        self.0.files.iter().find(|(n, _)| self.name(n) == relative).map(|(_, t)| t.as_str())
    }

    fn is_dir(&self, path: &str) -> bool {
        let (_, relative) = self.resolve(path);
        match relative.as_deref() {
            Some(".") => true,
            Some(r) => self.all().any(|(n, _)| self.name(n).starts_with(&format!("{r}/"))),
            None => false,
        }
    }
}

/// `path` relative to directory `dir` (both cleaned, relative to the
/// root module; `.` holds everything), if it is inside it.
pub(crate) fn within<'p>(dir: &str, path: &'p str) -> Option<&'p str> {
    match dir {
        "." => Some(path),
        d => path.strip_prefix(d)?.strip_prefix('/'),
    }
}

/// Go's `filepath.Clean` for a slash-separated path.
fn clean(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ if absolute => {}
                _ => parts.push(".."),
            },
            s => parts.push(s),
        }
    }
    let joined = parts.join("/");
    match (absolute, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

fn with_fs<T>(ctx: &Ctx, f: impl FnOnce(FileSystem) -> T) -> Option<T> {
    ctx.module_files().map(|files| f(FileSystem::of(files)))
}

/// The file's text, or Terraform's error for a file the configuration
/// does not include or that is not UTF-8 text.
fn read_file(ctx: &Ctx, path: &str, marks: Marks) -> Result<String, CallError> {
    let bytes = read_file_bytes(ctx, path, marks)?;
    String::from_utf8(bytes).map_err(|_| {
        let shown = with_fs(ctx, |fs| fs.resolve(path).0).unwrap_or_else(|| path.to_string());
        let shown = if marks.contains(Marks::SENSITIVE) { "(sensitive value)".to_string() } else { go_quote(&shown, ctx.profile()) };
        CallError::call(format!("contents of {shown} are not valid UTF-8; use the filebase64 function to obtain the Base64 encoded contents or the other file functions (e.g. filemd5, filesha256) to obtain file hashing results instead"))
    })
}

/// `readFileBytes`: the file's bytes, or Terraform's error for a file the
/// configuration does not include.
fn read_file_bytes(ctx: &Ctx, path: &str, marks: Marks) -> Result<Vec<u8>, CallError> {
    let found = with_fs(ctx, |fs| fs.read_bytes(path).map(<[u8]>::to_vec)).flatten();
    match found {
        Some(t) => Ok(t),
        None => {
            let shown = with_fs(ctx, |fs| fs.resolve(path).0).unwrap_or_else(|| path.to_string());
            let shown = if marks.contains(Marks::SENSITIVE) { "(sensitive value)".to_string() } else { go_quote(&shown, ctx.profile()) };
            Err(CallError::arg(0, format!("no file exists at {shown}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource")))
        }
    }
}

const PATH: Param = Param::new("path", "string").unknowns().marked();

fn path_arg(a: &[Value]) -> (String, Marks) {
    let (v, marks) = a[0].clone().unmark();
    (v.as_str().unwrap_or("").to_string(), marks)
}

fn file(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (path, marks) = path_arg(a);
    if !a[0].is_known() {
        return Ok(Value::unknown(Type::String).with_marks(marks));
    }
    Ok(Value::string(read_file(ctx, &path, marks)?, ctx.profile()).with_marks(marks))
}

fn filebase64(a: &[Value], ctx: &mut Ctx) -> CallResult {
    use base64::Engine;
    let (path, marks) = path_arg(a);
    if !a[0].is_known() {
        return Ok(Value::unknown(Type::String).with_marks(marks));
    }
    let bytes = read_file_bytes(ctx, &path, marks)?;
    Ok(Value::string(base64::engine::general_purpose::STANDARD.encode(bytes), ctx.profile()).with_marks(marks))
}

fn fileexists(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let (path, marks) = path_arg(a);
    if !a[0].is_known() {
        return Ok(Value::unknown(Type::Bool).with_marks(marks));
    }
    let found = with_fs(ctx, |fs| (fs.is_file(&path), fs.is_dir(&path), fs.resolve(&path).0)).unwrap_or((false, false, path.clone()));
    if found.1 {
        return Err(CallError::arg(1, format!("{} is a directory, not a file", go_quote(&found.2, ctx.profile()))));
    }
    Ok(Value::Bool(found.0).with_marks(marks))
}

/// `fileset(path, pattern)`: the module's files under `path` that the
/// pattern matches there, as paths relative to `path` (Terraform joins
/// and cleans the two, globs, and keeps regular files).
fn fileset(a: &[Value], ctx: &mut Ctx) -> CallResult {
    if !a[0].is_known() || !a[1].is_known() {
        return Ok(Value::unknown(Type::set(Type::String)));
    }
    let (path, pattern) = (str_arg(a, 0).to_string(), str_arg(a, 1).to_string());
    let found = with_fs(ctx, |fs| {
        let (_, dir) = fs.resolve(&path);
        let (shown, joined) = fs.resolve(&format!("{path}/{pattern}"));
        let (Some(dir), Some(joined)) = (dir, joined) else { return Ok::<_, String>(Vec::new()) };
        let glob = crate::functions::glob::Pattern::new(&joined).map_err(|_| shown.clone())?;
        let mut out = Vec::new();
        for (name, _) in fs.all() {
            let name = clean(name);
            let matched = glob.matches(&name);
            if let (true, Some(r)) = (matched, within(&dir, &name)) {
                out.push(Value::string(r, ctx.profile()));
            }
        }
        Ok(out)
    });
    match found.unwrap_or(Ok(Vec::new())) {
        Ok(files) => Ok(Value::set(Type::String, files, ctx.profile())),
        Err(shown) => Err(CallError::call(format!("failed to glob pattern {}: syntax error in pattern", go_quote(&shown, ctx.profile())))),
    }
}

fn abspath(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let path = str_arg(a, 0);
    let cwd = with_fs(ctx, |fs| fs.0.cwd.clone()).unwrap_or_else(|| "/".into());
    let joined = if path.starts_with('/') { path.to_string() } else { format!("{cwd}/{path}") };
    Ok(Value::string(clean(&joined), ctx.profile()))
}

/// The file hash functions: the file's text through the hash function
/// of the same name without the `file` prefix.
fn hashed(a: &[Value], ctx: &mut Ctx, name: &str) -> CallResult {
    let (path, marks) = path_arg(a);
    if !a[0].is_known() {
        return Ok(Value::unknown(Type::String).with_marks(marks));
    }
    let bytes = read_file_bytes(ctx, &path, marks)?;
    #[cfg(feature = "heavy-functions")]
    {
        let digest = crate::functions::digest(name, &bytes).ok_or_else(|| CallError::call(format!("no function {name}")))?;
        Ok(Value::string(digest, ctx.profile()).with_marks(marks))
    }
    #[cfg(not(feature = "heavy-functions"))]
    {
        let _ = (bytes, name);
        crate::functions::in_full_build(a, ctx)
    }
}

/// `templatefile`: the file read as a template, evaluated with `vars` as
/// its only variables.
fn templatefile(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let profile = ctx.profile();
    let (path, path_marks) = path_arg(a);
    let (vars, vars_marks) = a[1].clone().unmark_deep();
    if !a[0].is_known() || !vars.is_known() {
        return Ok(Value::dynamic_unknown().with_marks(path_marks | vars_marks));
    }
    let opentofu = ctx.profile() == crate::profile::Profile::OpenTofu;
    let depth = ctx.templates().file;
    if opentofu && depth >= TEMPLATE_FILE_DEPTH {
        return Err(CallError::call(RecursionLimit { shown_depth: 1024 - TEMPLATE_FILE_DEPTH as i64, trace: Vec::new() }.message()));
    }
    let text = read_file(ctx, &path, path_marks)?;
    let limits = crate::limits::Limits::default();
    let expr = crate::syntax::parse_template(&text, &path, &limits, ctx.profile())
        .map_err(|d| CallError::call(crate::functions::diagnostics_error(&text, &path, &d, ctx.profile())))?;
    let vars = crate::functions::template_vars(&vars, ctx.profile())?;
    for (root, span, _) in crate::syntax::traversals(&expr) {
        if !vars.contains_key(root) {
            let at = crate::diagnostics::range_text(&text, &path, span, profile.unicode());
            return Err(CallError::arg(1, format!("vars map does not contain key {}, referenced at {at}", go_quote(root, ctx.profile()))));
        }
    }
    if depth > 0 && !opentofu {
        return Err(CallError::call("cannot recursively call templatefile from inside another template function"));
    }
    ctx.charge(text.len() as u64 / 16 + 64)?;
    let inside = crate::functions::Templates { string: false, file: 1 };
    let result = ctx.evaluate_isolated(&expr, (&text, &path), &vars, crate::limits::Limits::default().max_steps, inside);
    match result {
        Ok(v) if v.is_null() => Err(CallError::call("the result of the template is null")),
        Ok(v) => Ok(v.with_marks(path_marks | vars_marks)),
        Err(d) => match d.iter().find_map(|d| RecursionLimit::read(&d.detail).map(|r| (r, d.subject))) {
            Some((limit, at)) if opentofu => {
                let at = crate::diagnostics::range_text(&text, &path, at, profile.unicode());
                Err(CallError::call(limit.unwound(at).message()))
            }
            _ => Err(CallError::call(crate::functions::diagnostics_error(&text, &path, &d, ctx.profile()))),
        },
    }
}

/// How many template files deep OpenTofu's `templatefile` renders here.
/// OpenTofu stops at 1,024 (`TF_TEMPLATE_RECURSION_DEPTH`), deeper than
/// the evaluator's nesting allows; a template that renders itself meets
/// either limit, so the error is given as OpenTofu gives it at its own.
const TEMPLATE_FILE_DEPTH: u32 = 32;

/// OpenTofu's `ErrorTemplateRecursionLimit` as it unwinds: each template
/// file around the call that failed adds the place of its `templatefile`
/// call, and the message shows the first places up to the first repeated
/// one (at most 16).
struct RecursionLimit {
    /// The depth the message shows (the places gathered, less one).
    shown_depth: i64,
    trace: Vec<String>,
}

impl RecursionLimit {
    const PREFIX: &'static str = "maximum recursion depth ";

    fn message(&self) -> String {
        format!("{}{} reached in {} ... ", Self::PREFIX, self.shown_depth, self.trace.join(", "))
    }

    /// The error in a diagnostic's detail, if it is this one.
    fn read(detail: &str) -> Option<RecursionLimit> {
        let rest = detail.strip_prefix("Call to function \"templatefile\" failed: ")?.strip_prefix(Self::PREFIX)?;
        let (depth, rest) = rest.split_once(" reached in ")?;
        let trace = rest.strip_suffix(" ... .")?;
        let trace = if trace.is_empty() { Vec::new() } else { trace.split(", ").map(str::to_string).collect() };
        Some(RecursionLimit { shown_depth: depth.parse().ok()?, trace })
    }

    /// The error one template file further out, whose call at `at` failed.
    fn unwound(mut self, at: String) -> RecursionLimit {
        let closed = self.trace.len() >= 16 || self.trace.split_last().is_some_and(|(last, rest)| rest.contains(last));
        if !closed {
            self.trace.push(at);
        }
        self.shown_depth += 1;
        self
    }
}

fn template_type(_: &[Value], _: crate::profile::Profile) -> Result<Type, CallError> {
    Ok(Type::Dynamic)
}

macro_rules! hash_fn {
    ($name:literal, $inner:literal, $f:ident) => {
        fn $f(a: &[Value], ctx: &mut Ctx) -> CallResult {
            hashed(a, ctx, $inner)
        }
    };
}

hash_fn!("filemd5", "md5", filemd5);
hash_fn!("filesha1", "sha1", filesha1);
hash_fn!("filesha256", "sha256", filesha256);
hash_fn!("filesha512", "sha512", filesha512);
hash_fn!("filebase64sha256", "base64sha256", filebase64sha256);
hash_fn!("filebase64sha512", "base64sha512", filebase64sha512);

const fn def(
    name: &'static str,
    params: &'static [Param],
    ret: Ret,
    description: &'static str,
    imp: fn(&[Value], &mut Ctx) -> CallResult,
) -> FunctionDef {
    FunctionDef { name, category: "filesystem", params, variadic: None, ret, description, example: "", imp }
}

const FILE: FunctionDef = def("file", &[PATH], Ret::Fixed("string"), "Reads a file of the module as a string.", file);
const FILEBASE64: FunctionDef = def("filebase64", &[PATH], Ret::Fixed("string"), "Reads a file of the module, Base64-encoded.", filebase64);
const FILEEXISTS: FunctionDef = def("fileexists", &[PATH], Ret::Fixed("bool"), "Whether a file of the module exists.", fileexists);
const FILESET: FunctionDef = def(
    "fileset",
    &[Param::new("path", "string").unknowns(), Param::new("pattern", "string").unknowns()],
    Ret::Fixed("set(string)"),
    "The module's files under a path that a pattern matches.",
    fileset,
);
const ABSPATH: FunctionDef = def("abspath", &[Param::new("path", "string")], Ret::Fixed("string"), "An absolute path.", abspath);
const TEMPLATEFILE: FunctionDef = def(
    "templatefile",
    &[PATH, Param::new("vars", "any").unknowns().marked().dynamic()],
    Ret::Computed(template_type),
    "Renders a template file of the module.",
    templatefile,
);
const FILEMD5: FunctionDef = def("filemd5", &[PATH], Ret::Fixed("string"), "MD5 of a file of the module.", filemd5);
const FILESHA1: FunctionDef = def("filesha1", &[PATH], Ret::Fixed("string"), "SHA-1 of a file of the module.", filesha1);
const FILESHA256: FunctionDef = def("filesha256", &[PATH], Ret::Fixed("string"), "SHA-256 of a file of the module.", filesha256);
const FILESHA512: FunctionDef = def("filesha512", &[PATH], Ret::Fixed("string"), "SHA-512 of a file of the module.", filesha512);
const FILEBASE64SHA256: FunctionDef =
    def("filebase64sha256", &[PATH], Ret::Fixed("string"), "Base64 SHA-256 of a file of the module.", filebase64sha256);
const FILEBASE64SHA512: FunctionDef =
    def("filebase64sha512", &[PATH], Ret::Fixed("string"), "Base64 SHA-512 of a file of the module.", filebase64sha512);

/// The file functions, for the module stage's evaluators.
const FILE_FUNCTIONS: [FunctionDef; 12] = [
    FILE,
    FILEBASE64,
    FILEEXISTS,
    FILESET,
    ABSPATH,
    TEMPLATEFILE,
    FILEMD5,
    FILESHA1,
    FILESHA256,
    FILESHA512,
    FILEBASE64SHA256,
    FILEBASE64SHA512,
];
pub(crate) static FUNCTIONS: &[FunctionDef] = &FILE_FUNCTIONS;

/// The file functions, the built-in provider's functions, and
/// `plantimestamp()`, each list with and without those: a
/// configuration's expression has `plantimestamp()` where the profile
/// has it, the console's input never; the provider's functions only in a
/// module whose `required_providers` names the provider (each engine's
/// parameters come from the registry's per-profile table).
pub(crate) static WITH_PROVIDER: &[FunctionDef] = &module_functions::<15>(true, false);
pub(crate) static WITH_PLAN_TIME: &[FunctionDef] = &module_functions::<13>(false, true);
pub(crate) static WITH_PROVIDER_AND_PLAN_TIME: &[FunctionDef] = &module_functions::<16>(true, true);

const fn module_functions<const N: usize>(provider: bool, plan_time: bool) -> [FunctionDef; N] {
    let mut out = [FILE; N];
    let mut i = 0;
    while i < FILE_FUNCTIONS.len() {
        out[i] = FILE_FUNCTIONS[i];
        i += 1;
    }
    if provider {
        out[i] = provider::ENCODE_EXPR;
        out[i + 1] = provider::ENCODE_TFVARS;
        out[i + 2] = provider::DECODE_TFVARS;
        i += 3;
    }
    if plan_time {
        out[i] = crate::functions::datetime::PLANTIMESTAMP;
    }
    out
}
