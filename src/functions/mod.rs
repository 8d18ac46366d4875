//! Built-in functions: one registry table (name, parameters, description,
//! runnable example) that drives calls, argument checking, "Did you mean",
//! autocomplete and the function reference.
//!
//! Calls follow go-cty's `function.Call`: arguments are converted to the
//! parameter types by the caller; here nulls are refused unless a parameter
//! allows them, an unknown argument makes the result unknown (of the
//! function's return type) unless the parameter accepts unknowns, and only
//! then does the implementation run.

/// The implementation of a function that needs a large crate (regular
/// expressions, YAML, gzip, CSV, hashes, bcrypt, RSA, dates): the function
/// itself in a full build; in a build without the `heavy-functions`
/// feature (the playground's smaller first WebAssembly module) a stand-in
/// that asks for the full build. `heavy!(ret f)` does the same for a
/// computed return type.
#[cfg(feature = "heavy-functions")]
macro_rules! heavy {
    (ret $f:expr) => {
        $f
    };
    ($imp:expr) => {
        $imp
    };
}
#[cfg(not(feature = "heavy-functions"))]
macro_rules! heavy {
    (ret $f:expr) => {
        |_, _| Ok($crate::value::Type::Dynamic)
    };
    ($imp:expr) => {
        $crate::functions::in_full_build
    };
}

mod collection;
mod conversion;
pub(crate) mod datetime;
pub(in crate::functions) mod encoding;
pub(in crate::functions) mod filesystem;
pub(crate) mod glob;
pub(crate) mod hash;
#[cfg(feature = "heavy-functions")]
pub(crate) use hash::digest;
pub(crate) use network::{provider_cidr_ok, provider_ip_family};
pub(crate) use string::re2::matches as go_regex_matches;
mod network;
mod numeric;
pub mod provider;
pub(in crate::functions) mod string;
pub mod waypoint;

pub use filesystem::HOME;
pub use string::{diagnostics_error, refused_in_template, template_vars};

use crate::diagnostics::{Diagnostics, Span};
use crate::profile::Profile;
use crate::syntax::ast::Expression;
use crate::value::go_quote;
use crate::value::{SortedMap, Type, Value};

/// A type written as in Terraform's documentation (`string`,
/// `list(string)`, `dynamic` for any type): the registry's tables are
/// constants, and this is how a constant names a [`Type`].
pub type TypeExpr = &'static str;

/// The type a registry's type expression names, read once per expression
/// and kept. The expressions are constants every profile reads alike.
pub fn type_of(expr: TypeExpr) -> Type {
    thread_local! {
        // A few dozen distinct expressions: a list searched by address is
        // quicker than hashing, and smaller.
        static READ: std::cell::RefCell<Vec<(TypeExpr, Type)>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    READ.with(|read| {
        if let Some((_, t)) = read.borrow().iter().find(|(e, _)| std::ptr::eq(*e, expr) || *e == expr) {
            return t.clone();
        }
        let t = crate::syntax::typeexpr::parse_type(expr, Profile::default()).unwrap_or_else(|e| panic!("registry type {expr:?}: {e}"));
        read.borrow_mut().push((expr, t.clone()));
        t
    })
}

/// One parameter.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    /// Its name, as Terraform documents it.
    pub name: &'static str,
    /// Arguments are converted to this type before the call.
    pub ty: TypeExpr,
    /// Accepts null.
    pub allow_null: bool,
    /// Accepts unknown values (otherwise the result is unknown).
    pub allow_unknown: bool,
    /// Accepts values whose type is not known yet.
    pub allow_dynamic: bool,
    /// Receives marked (sensitive) arguments as they are; otherwise marks
    /// are removed before the call and put on the result.
    pub allow_marked: bool,
    /// With `allow_marked`: the argument's own marks are removed before
    /// the implementation runs and put on its result, and the marks inside
    /// stay where they are (as go-cty's collection functions that unmark
    /// their argument's top level do).
    pub top_marks: bool,
}

impl Param {
    /// A parameter that refuses null and unknown values.
    pub const fn new(name: &'static str, ty: TypeExpr) -> Param {
        Param { name, ty, allow_null: false, allow_unknown: false, allow_dynamic: false, allow_marked: false, top_marks: false }
    }

    /// Also accepts null.
    pub const fn nullable(self) -> Param {
        Param { allow_null: true, ..self }
    }

    /// Also accepts unknown values and values of unknown type.
    pub const fn unknowns(self) -> Param {
        Param { allow_unknown: true, allow_dynamic: true, ..self }
    }

    /// Also accepts unknown values, but a value of unknown type still
    /// makes the result unknown.
    pub const fn unknown_values(self) -> Param {
        Param { allow_unknown: true, ..self }
    }

    /// Also accepts values of unknown type (but not unknown values).
    pub const fn dynamic(self) -> Param {
        Param { allow_dynamic: true, ..self }
    }

    /// Receives marked values with their marks.
    pub const fn marked(self) -> Param {
        Param { allow_marked: true, ..self }
    }

    /// Receives values with the marks inside them; the value's own marks go
    /// to the result (see [`Param::top_marks`]). A null argument keeps its
    /// marks, which the implementation may drop.
    pub const fn top_marked(self) -> Param {
        Param { allow_marked: true, top_marks: true, ..self }
    }
}

/// How the return type is known before the call.
#[derive(Clone, Copy)]
pub enum Ret {
    /// Always this type.
    Fixed(TypeExpr),
    /// Computed from the (converted) arguments; may reject them.
    Computed(fn(&[Value], Profile) -> Result<Type, CallError>),
}

/// A failed call: the argument at fault (if one is) and a message in
/// go-cty's words.
#[derive(Clone, Debug)]
pub struct CallError {
    /// Index of the argument at fault.
    pub arg: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl CallError {
    /// An error about argument `i`.
    pub fn arg(i: usize, message: impl Into<String>) -> CallError {
        CallError { arg: Some(i), message: message.into() }
    }

    /// An error about the call as a whole.
    pub fn call(message: impl Into<String>) -> CallError {
        CallError { arg: None, message: message.into() }
    }

    /// What cty reports when a Go implementation panics. Go follows the
    /// panic's text with a stack trace, so the message has no full stop.
    pub fn panic(what: impl std::fmt::Display) -> CallError {
        CallError::call(format!("{PANIC}{what}"))
    }

    /// Whether this reproduces a Go panic (see `panic`).
    pub fn is_panic(&self) -> bool {
        self.message.starts_with(PANIC)
    }

    /// The evaluator already reported the problem (a budget ran out).
    pub fn reported() -> CallError {
        CallError { arg: None, message: String::new() }
    }
}

const PANIC: &str = "panic in function implementation: ";

impl From<crate::value::number::ArithmeticError> for CallError {
    fn from(e: crate::value::number::ArithmeticError) -> CallError {
        match e {
            crate::value::number::ArithmeticError::Failed(m) => CallError::call(m),
            crate::value::number::ArithmeticError::Panicked(m) => CallError::panic(m),
        }
    }
}

/// The result of an implementation.
pub type CallResult = Result<Value, CallError>;

/// What a function may ask of the evaluator that calls it. The evaluator
/// implements it, so functions need not know the evaluator (they sit below
/// it); a function that evaluates a template (`templatestring`) does so
/// through [`Host::evaluate_isolated`].
pub trait Host {
    /// Charges `n` units of work; false (with a diagnostic recorded) once
    /// the budget is spent.
    fn charge(&mut self, n: u64, span: Span) -> bool;
    /// Checks that a value of `n` elements fits the size caps; false (with
    /// a diagnostic recorded) when it does not.
    fn check_size(&mut self, n: usize, span: Span) -> bool;
    /// Checks that a string of `bytes` bytes fits the string cap; false
    /// (with a diagnostic recorded) when it does not.
    fn check_string(&mut self, bytes: usize, span: Span) -> bool;
    /// Notes that a function this build leaves out was called.
    fn flag_full_build(&mut self);
    /// Evaluates `expr`, parsed from `source` (called `filename`), in an
    /// evaluator of its own, with `vars` as its only variables and at most
    /// `max_steps` steps of work, inside the templates the caller is in
    /// and `inside`: the value, or its errors.
    fn evaluate_isolated(
        &mut self,
        expr: &Expression,
        source: (&str, &str),
        vars: &SortedMap<Value>,
        max_steps: u64,
        inside: Templates,
    ) -> Result<Value, Diagnostics>;
    /// The engine whose answers are wanted.
    fn profile(&self) -> Profile;
    /// The files of the module the expression is in, for the file
    /// functions a module adds (`None` outside a module).
    fn module_files(&self) -> Option<&ModuleFiles>;
    /// The time of the plan being made, in RFC 3339 (`plantimestamp()`);
    /// `None` where nothing is planned (OpenTofu's console).
    fn plan_time(&self) -> Option<&str> {
        None
    }
    /// The template functions whose templates the call is inside.
    fn templates(&self) -> Templates;
    /// The named values the evaluation was given (Waypoint's functions
    /// read their repository and files from them, and its templates see
    /// them: see `crate::eval::waypoint_scope`).
    fn variables(&self) -> &SortedMap<Value>;
}

/// The files of a module, for its file functions (`file`, `fileset`,
/// `templatefile`, ...): each file's path from the root module's directory
/// with its text, and `path.cwd`, the absolute directory they are in.
#[derive(Clone, Debug, Default)]
pub struct ModuleFiles {
    /// Path and text of each file.
    pub files: std::sync::Arc<Vec<(String, String)>>,
    /// Path and content of each file that is not UTF-8 text (an image, an
    /// archive): only the functions that read bytes read them.
    pub binary: std::sync::Arc<Vec<(String, std::sync::Arc<[u8]>)>>,
    /// `path.cwd`.
    pub cwd: String,
    /// The home directory `pathexpand` expands `~` into.
    pub home: String,
    /// Set once a function or data source has read the files: an edit of
    /// any of them may then change what was read.
    pub read: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

/// The template functions an evaluation is inside: the engines refuse
/// some calls in a template a function renders.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Templates {
    /// Inside a template `templatestring` renders.
    pub string: bool,
    /// How many template files `templatefile` renders around it (OpenTofu
    /// lets a template file render another).
    pub file: u32,
}

impl std::ops::BitOr for Templates {
    type Output = Templates;
    fn bitor(self, other: Templates) -> Templates {
        Templates { string: self.string || other.string, file: self.file + other.file }
    }
}

/// What an implementation may use besides its arguments: the evaluator's
/// budget and the call's span.
pub struct Ctx<'h> {
    host: &'h mut dyn Host,
    span: Span,
    /// The return type computed before the call.
    pub ret: Type,
}

impl Ctx<'_> {
    /// Charges work; an error (with a diagnostic already recorded) when
    /// the budget is spent.
    pub fn charge(&mut self, n: u64) -> Result<(), CallError> {
        match self.host.charge(n, self.span) {
            true => Ok(()),
            false => Err(CallError::reported()),
        }
    }

    /// Checks that a result of `n` elements fits the caps.
    pub fn check_size(&mut self, n: usize) -> Result<(), CallError> {
        match self.host.check_size(n, self.span) {
            true => Ok(()),
            false => Err(CallError::reported()),
        }
    }

    /// Checks that a string of `bytes` bytes fits the string cap.
    pub fn check_string(&mut self, bytes: usize) -> Result<(), CallError> {
        match self.host.check_string(bytes, self.span) {
            true => Ok(()),
            false => Err(CallError::reported()),
        }
    }

    /// The engine whose answers are wanted.
    pub fn profile(&self) -> Profile {
        self.host.profile()
    }

    /// Evaluates a template's tree apart (see [`Host::evaluate_isolated`]).
    pub fn evaluate_isolated(
        &mut self,
        expr: &Expression,
        source: (&str, &str),
        vars: &SortedMap<Value>,
        max_steps: u64,
        inside: Templates,
    ) -> Result<Value, Diagnostics> {
        self.host.evaluate_isolated(expr, source, vars, max_steps, inside)
    }

    /// A value the evaluation was given by name (see [`Host::given`]).
    pub fn given(&self, name: &str) -> Option<&Value> {
        self.host.variables().get(name)
    }

    /// The named values the evaluation was given, for a template that
    /// sees them.
    pub fn stage_values(&self) -> SortedMap<Value> {
        self.host.variables().clone()
    }

    /// The files of the module the call is in (see [`Host::module_files`]).
    pub fn module_files(&self) -> Option<&ModuleFiles> {
        self.host.module_files()
    }

    /// The time of the plan being made (see [`Host::plan_time`]).
    pub fn plan_time(&self) -> Option<&str> {
        self.host.plan_time()
    }

    /// The template functions whose templates the call is inside.
    pub fn templates(&self) -> Templates {
        self.host.templates()
    }
}

/// A built-in function.
#[derive(Clone, Copy)]
pub struct FunctionDef {
    /// The name it is called by.
    pub name: &'static str,
    /// Its category, as Terraform's documentation names it (OpenTofu's
    /// refinement hints have one of their own).
    pub category: &'static str,
    /// Positional parameters.
    pub params: &'static [Param],
    /// The parameter repeated for any further arguments.
    pub variadic: Option<Param>,
    /// The return type.
    pub ret: Ret,
    /// One line saying what it does.
    pub description: &'static str,
    /// A runnable example expression.
    pub example: &'static str,
    /// The implementation, given converted, known (where required)
    /// arguments.
    pub imp: fn(&[Value], &mut Ctx) -> CallResult,
}

impl FunctionDef {
    /// The parameter that argument `i` binds to.
    pub fn param(&self, i: usize) -> Param {
        self.params.get(i).copied().or(self.variadic).unwrap_or(Param::new("?", "dynamic"))
    }

    /// The parameter that argument `i` binds to in `profile`'s engine,
    /// where the engines' specifications differ.
    pub fn param_in(&self, i: usize, profile: Profile) -> Param {
        let at = i.min(self.params.len());
        PARAMS_IN.iter().find(|(name, p, j, _)| *name == self.name && *p == profile && *j == at).map_or_else(|| self.param(i), |o| o.3)
    }

    /// A signature such as `join(separator string, lists ...list(string)) string`.
    pub fn signature(&self) -> String {
        let mut parts: Vec<String> = self.params.iter().map(|p| format!("{} {}", p.name, type_of(p.ty))).collect();
        if let Some(v) = self.variadic {
            parts.push(format!("{} ...{}", v.name, type_of(v.ty)));
        }
        let ret = match self.ret {
            Ret::Fixed(t) => type_of(t).to_string(),
            Ret::Computed(_) => "dynamic".to_string(),
        };
        format!("{}({}) {}", self.name, parts.join(", "), ret)
    }
}

/// Every built-in function, in category order.
pub fn all() -> impl Iterator<Item = &'static FunctionDef> {
    [
        numeric::FUNCTIONS,
        string::FUNCTIONS,
        collection::FUNCTIONS,
        encoding::FUNCTIONS,
        hash::FUNCTIONS,
        network::FUNCTIONS,
        datetime::FUNCTIONS,
        filesystem::FUNCTIONS,
        conversion::FUNCTIONS,
        provider::FUNCTIONS,
    ]
    .into_iter()
    .flatten()
}

/// The function reference as a Markdown table per category, generated from
/// the registry (the README embeds it).
pub fn reference_markdown() -> String {
    let mut out = String::new();
    let mut category = "";
    for f in all() {
        if f.category != category {
            category = f.category;
            let count = all().filter(|g| g.category == category).count();
            out.push_str(&format!("\n**{category}** ({count})\n\n| function | description | example |\n|---|---|---|\n"));
        }
        out.push_str(&format!("| `{}` | {} | `{}` |\n", f.signature(), f.description, f.example.replace('|', "\\|")));
    }
    let shared: Vec<String> = all_in(Profile::Waypoint)
        .filter(|f| !waypoint::FUNCTIONS.iter().any(|w| w.name == f.name))
        .map(|f| format!("`{}`", f.name))
        .collect();
    out.push_str(&format!(
        "\n**Waypoint** (the `waypoint` profile: {} functions). It has these of the above as they are: {}. Its own, and those it has under a name above with other rules:\n\n| function | description | example |\n|---|---|---|\n",
        shared.len() + waypoint::FUNCTIONS.len(),
        shared.join(", ")
    ));
    for f in waypoint::FUNCTIONS {
        out.push_str(&format!("| `{}` | {} | `{}` |\n", f.signature(), f.description, f.example.replace('|', "\\|")));
    }
    out
}

/// Parameters whose specification in an engine differs from the
/// registry's: (function, engine, parameter index, the parameter there).
const PARAMS_IN: &[(&str, Profile, usize, Param)] = &[
    // go-cty 1.18.1 (Terraform, not OpenTofu's 1.18.0) looks for null
    // elements too.
    ("contains", Profile::Terraform, 1, Param::new("value", "dynamic").nullable()),
    // go-cty 1.13 and later: unknown arguments, and arguments of unknown
    // type, reach the implementation.
    ("format", Profile::Terraform, 1, Param::new("args", "dynamic").nullable().unknowns()),
    ("format", Profile::OpenTofu, 1, Param::new("args", "dynamic").nullable().unknowns()),
    ("formatlist", Profile::Terraform, 1, Param::new("args", "dynamic").nullable().unknowns()),
    ("formatlist", Profile::OpenTofu, 1, Param::new("args", "dynamic").nullable().unknowns()),
    // Removed functions take anything, to refuse it.
    ("list", Profile::Terraform, 0, Param::new("vals", "dynamic").nullable().unknowns()),
    ("list", Profile::OpenTofu, 0, Param::new("vals", "dynamic").nullable().unknowns()),
    ("map", Profile::Terraform, 0, Param::new("vals", "dynamic").nullable().unknowns()),
    ("map", Profile::OpenTofu, 0, Param::new("vals", "dynamic").nullable().unknowns()),
    // Terraform's template parameter is an expression (see the evaluator);
    // the implementation gets the string it refers to.
    ("templatestring", Profile::Terraform, 0, Param::new("template", "string").marked()),
    ("templatestring", Profile::Terraform, 1, Param::new("vars", "dynamic")),
    ("templatestring", Profile::OpenTofu, 0, Param::new("data", "string").marked()),
    // OpenTofu's built-in provider declares its own parameters, which take
    // neither unknowns nor values of unknown type.
    ("provider::terraform::encode_tfvars", Profile::OpenTofu, 0, Param::new("input", "dynamic")),
    ("provider::terraform::encode_expr", Profile::OpenTofu, 0, Param::new("expr", "dynamic")),
    ("provider::terraform::decode_tfvars", Profile::OpenTofu, 0, Param::new("content", "string")),
];

/// Functions only one of the current engines has. The legacy profile keeps
/// every function the playground had before profiles.
const ENGINE_ONLY: &[(&str, Profile)] = &[
    ("base64gunzip", Profile::OpenTofu),
    ("cidrcontains", Profile::OpenTofu),
    ("convert", Profile::Terraform),
    ("urldecode", Profile::OpenTofu),
];

/// The registry's functions Waypoint registers as they are here (its
/// `funcs.Stdlib` from go-cty 1.8.4, and the encoding, path and time
/// functions it shares with Terraform). Its own, and those that differ
/// (`replace` without regular expressions, `base64decode`'s message, the
/// file functions), come from its context (`crate::waypoint`).
const WAYPOINT: &[&str] = &[
    "abs",
    "ceil",
    "chomp",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "csvdecode",
    "distinct",
    "element",
    "chunklist",
    "flatten",
    "floor",
    "format",
    "formatdate",
    "formatlist",
    "indent",
    "join",
    "jsondecode",
    "jsonencode",
    "keys",
    "log",
    "lower",
    "max",
    "merge",
    "min",
    "parseint",
    "pow",
    "range",
    "regex",
    "regexall",
    "reverse",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "signum",
    "slice",
    "sort",
    "split",
    "strrev",
    "substr",
    "timeadd",
    "title",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "upper",
    "values",
    "yamldecode",
    "yamlencode",
    "zipmap",
    "base64encode",
    "base64gzip",
    "urlencode",
    "basename",
    "dirname",
    "pathexpand",
    "timestamp",
];

/// Whether `profile`'s engine has the function `f`. The built-in
/// provider's functions (`provider::terraform::...`) are there as in a
/// configuration that requires the provider; the legacy profile has none.
pub fn available(f: &FunctionDef, profile: Profile) -> bool {
    if profile.is_waypoint() {
        return WAYPOINT.contains(&f.name);
    }
    if f.name.starts_with("provider::") {
        return !profile.is_legacy();
    }
    profile.is_legacy() || ENGINE_ONLY.iter().all(|(name, only)| *name != f.name || *only == profile)
}

/// Every function `profile`'s engine has, in category order.
pub fn all_in(profile: Profile) -> impl Iterator<Item = &'static FunctionDef> {
    let own = if profile.is_waypoint() { waypoint::FUNCTIONS } else { &[] };
    all().filter(move |f| available(f, profile)).chain(own)
}

/// The function called `name` in `profile`'s engine: its own name, or
/// `core::` and its name where the engine has function namespaces.
pub fn lookup(name: &str, profile: Profile) -> Option<&'static FunctionDef> {
    if profile.is_waypoint() {
        return waypoint::FUNCTIONS.iter().chain(all().filter(|f| available(f, profile))).find(|f| f.name == name);
    }
    let name = match profile.is_legacy() {
        true => name,
        false => name.strip_prefix("core::").filter(|n| !n.contains("::")).unwrap_or(name),
    };
    all().filter(|f| f.name == name).find(|f| available(f, profile))
}

/// The names a call can use in `profile`'s engine (with `core::` ones where
/// it has namespaces).
pub fn names(profile: Profile) -> impl Iterator<Item = String> {
    let core = (!profile.is_legacy()).then(|| all_in(profile).filter(|f| !f.name.contains("::")).map(|f| format!("core::{}", f.name)));
    all_in(profile).map(|f| f.name.to_string()).chain(core.into_iter().flatten())
}

/// Why a Terraform function that exists is not available here, if it is
/// one of those.
pub fn unavailable(name: &str) -> Option<&'static str> {
    const FILESYSTEM: &[&str] = &[
        "file",
        "filebase64",
        "filebase64sha256",
        "filebase64sha512",
        "fileexists",
        "filemd5",
        "filesha1",
        "filesha256",
        "filesha512",
        "fileset",
        "templatefile",
        "abspath",
    ];
    if FILESYSTEM.contains(&name) {
        return Some("This Terraform function reads files, and the playground has no filesystem: it runs entirely in your browser.");
    }
    None
}

/// The stand-in for a function this build leaves out: it flags the
/// evaluation so the caller can run it again with the full build.
pub(crate) fn in_full_build(_: &[Value], ctx: &mut Ctx) -> CallResult {
    ctx.host.flag_full_build();
    Err(CallError::call(
        "this build of the evaluator leaves the function out to stay small; the full build (the heavy-functions feature) has it",
    ))
}

/// Calls `f` with arguments already converted to its parameter types.
pub fn call(f: &FunctionDef, args: &[Value], host: &mut dyn Host, span: Span) -> CallResult {
    // cty checks arguments in order: a null one is refused, and one of
    // unknown type where the parameter wants a known type leaves the
    // return type unknown, without looking at later arguments.
    let profile = host.profile();
    let mut ret = None;
    for (i, a) in args.iter().enumerate() {
        let p = f.param_in(i, profile);
        if a.is_null() && !p.allow_null {
            return Err(CallError::arg(i, "argument must not be null"));
        }
        // Only an unknown or null value can be of unknown type; a value's
        // type is built only where the parameter's is not `dynamic`.
        if matches!(a.unmarked(), Value::Unknown(Type::Dynamic, _) | Value::Null(Type::Dynamic)) {
            if !p.allow_dynamic {
                ret = Some(Type::Dynamic);
                break;
            }
        } else if let Some(m) = (p.ty != "dynamic").then(|| nonconformance(&a.ty(), &type_of(p.ty), profile)).flatten() {
            // Conversion can leave an argument of another type: a set
            // whose length is unknown becomes an unknown list of the
            // set's own element type. For a variadic argument cty reports
            // its position among the variadic ones, which the caller then
            // takes for a position among all arguments.
            let at = if i < f.params.len() { i } else { i - f.params.len() };
            return Err(CallError::arg(at, m));
        }
    }
    let ret = match (ret, f.ret) {
        // go-cty 1.13 and later do not call the implementation when an
        // argument's type is not known yet and its parameter wants a known
        // type (1.12 called it when the argument was an untyped null).
        (Some(t), _) if !profile.is_legacy() => return Ok(Value::unknown(t)),
        (Some(t), _) => t,
        (None, Ret::Fixed(t)) => type_of(t),
        (None, Ret::Computed(g)) => g(args, profile)?,
    };
    let refine = |v: Value| match refines_result(f.name, profile) {
        true => v.refine_not_null(),
        false => v,
    };
    // Only a top-level unknown short-circuits (cty 1.12); an implementation
    // decides what unknown elements mean.
    for (i, a) in args.iter().enumerate() {
        if !f.param_in(i, profile).allow_unknown && !a.is_known() {
            return Ok(refine(Value::unknown(ret)));
        }
    }
    // Arguments whose own marks go to the result lose them here: after the
    // unknown short-circuit, whose result does not take them (go-cty).
    let mut top = crate::value::Marks::NONE;
    let owned: Vec<Value>;
    let args = if (0..args.len()).any(|i| f.param_in(i, profile).top_marks) {
        owned = args
            .iter()
            .enumerate()
            .map(|(i, a)| match f.param_in(i, profile).top_marks && !a.is_null() {
                true => {
                    let (v, m) = a.clone().unmark();
                    top |= m;
                    v
                }
                false => a.clone(),
            })
            .collect();
        &owned[..]
    } else {
        args
    };
    let mut ctx = Ctx { host, span, ret: ret.clone() };
    let v = refine((f.imp)(args, &mut ctx)?).with_marks(top);
    // Strings grow without building collections (`replace`, `join`,
    // `format`): nested calls could multiply a length past any memory.
    if let Some(s) = v.as_str() {
        ctx.check_string(s.len())?;
    }
    // cty panics (an error to the caller) when a result does not conform
    // to the return type computed before the call.
    match nonconformance(&v.ty(), &ret, profile) {
        Some(m) => Err(CallError::panic(format!(
            "returned value {} does not conform to expected return type {}: {m}",
            v.go_string(ctx.profile()),
            ret.go_string(ctx.profile())
        ))),
        None => Ok(v),
    }
}

/// Functions whose definition sets no `RefineResult`, so that an unknown
/// result says nothing more than its type; every other function's result
/// is refined as not null (go-cty 1.13's `refineNonNull`, Terraform's
/// `refineNotNull`).
const UNREFINED: &[&str] = &[
    "can",
    "cidrcontains",
    "convert",
    "element",
    "ephemeralasnull",
    "jsondecode",
    "list",
    "lookup",
    "map",
    "nonsensitive",
    "one",
    "provider::terraform::decode_tfvars",
    "provider::terraform::encode_expr",
    "provider::terraform::encode_tfvars",
    "sensitive",
    "strcontains",
    "timeadd",
    "tobool",
    "tolist",
    "tomap",
    "tonumber",
    "toset",
    "tostring",
    "try",
    "type",
    "yamldecode",
    "yamlencode",
];

/// Whether `profile`'s engine refines the unknown results of function
/// `name` as not null (the legacy libraries have no refinements).
pub fn refines_result(name: &str, profile: Profile) -> bool {
    match (profile, name) {
        (p, _) if p.is_legacy() => false,
        // OpenTofu's issensitive refines its result; Terraform's does not.
        (Profile::OpenTofu, "issensitive") => true,
        (Profile::Terraform, "issensitive") => false,
        // OpenTofu's templatestring has no RefineResult.
        (Profile::OpenTofu, "templatestring") => false,
        _ => !UNREFINED.contains(&name),
    }
}

/// cty's `TestConformance`: why `given` does not conform to `want`, where
/// only `dynamic` in `want` stands for any type.
fn nonconformance(given: &Type, want: &Type, profile: Profile) -> Option<String> {
    match (given, want) {
        (_, Type::Dynamic) => None,
        (g, w) if g == w => None,
        (Type::Object(g), Type::Object(w)) => {
            if let Some(k) = g.keys().find(|k| !w.contains_key(*k)) {
                return Some(format!("unsupported attribute {}", go_quote(k, profile)));
            }
            if let Some(k) = w.keys().find(|k| !g.contains_key(*k)) {
                return Some(format!("missing required attribute {}", go_quote(k, profile)));
            }
            w.iter().find_map(|(k, wt)| nonconformance(&g[k], wt, profile))
        }
        (Type::Tuple(g), Type::Tuple(w)) if g.len() != w.len() => Some(format!("{} elements are required, but got {}", w.len(), g.len())),
        (Type::Tuple(g), Type::Tuple(w)) => g.iter().zip(w.iter()).find_map(|(g, w)| nonconformance(g, w, profile)),
        (Type::List(g), Type::List(w)) | (Type::Set(g), Type::Set(w)) | (Type::Map(g), Type::Map(w)) => nonconformance(g, w, profile),
        _ => Some(format!("{} required, but received {}", want.friendly_name(), given.friendly_name())),
    }
}

// ------------------------------------------------- helpers for the tables

/// The string in a known string argument.
pub(crate) fn str_arg(args: &[Value], i: usize) -> &str {
    args.get(i).and_then(Value::as_str).unwrap_or("")
}

/// The number in a known number argument.
pub(crate) fn num_arg(args: &[Value], i: usize) -> Option<&crate::value::Number> {
    match args.get(i) {
        Some(Value::Number(n)) => Some(n),
        _ => None,
    }
}

/// An integer argument, with cty's messages for fractions and range.
pub(crate) fn int_arg(args: &[Value], i: usize) -> Result<i64, CallError> {
    let n = num_arg(args, i).ok_or_else(|| CallError::arg(i, "a number is required"))?;
    if !n.is_integer() {
        return Err(CallError::arg(i, "value must be a whole number"));
    }
    n.to_i64().ok_or_else(|| CallError::arg(i, "value must not be larger than a 64-bit integer"))
}
