//! A configuration being edited: its files by path, the variable values
//! given, the options and the console's scope, with what the last change
//! left valid. Each file is parsed once per text: an edit parses again the
//! file it changed, no other. The evaluation after an edit takes over from
//! the one before it the declarations the edit did not reach (see
//! `reuse`). The last evaluation is kept, and the inspector answers from
//! it (see `inspect`).

use super::Evaluation;
use crate::diagnostics::Diagnostics;
use crate::eval::inspect::Inspection;
use crate::module::load::inputs::Inputs;
use crate::module::load::{Module, ModuleOptions};
use crate::syntax::ast::Body;
use std::collections::HashMap;
use std::sync::Arc;

/// A configuration's files, inputs and options, evaluated on demand.
///
/// ```
/// use hcl_playground::module::{ModuleOptions, Workspace};
/// let mut ws = Workspace::new(ModuleOptions::default());
/// ws.set_file("main.tf", "locals {\n  n = length(local.names)\n}\n");
/// ws.set_file("names.tf", "locals {\n  names = [\"a\", \"b\"]\n}\n");
/// assert_eq!(ws.evaluate().console("local.n").unwrap().console, "2");
/// // An edit of one file parses that file again, not the other.
/// ws.set_file("main.tf", "locals {\n  n = length(local.names) + 1\n}\n");
/// assert_eq!(ws.evaluate().console("local.n").unwrap().console, "3");
/// assert_eq!(ws.parses(), 3);
/// // `local.names` was taken over from the evaluation before the edit.
/// assert_eq!(ws.reused(), 1);
/// // The inspector answers from the evaluation made.
/// let found = ws.inspect("main.tf", 15, 15).unwrap();
/// assert_eq!(hcl_playground::present::console(&found.hits[0].value, hcl_playground::Profile::Terraform), "2");
/// assert_eq!(ws.evaluations(), 2);
/// ```
pub struct Workspace {
    options: ModuleOptions,
    files: Vec<(String, String)>,
    /// Files that are not UTF-8 text: path and bytes.
    binary: Vec<(String, Arc<[u8]>)>,
    inputs: Inputs,
    scope: Option<String>,
    /// Each configuration file's text and what parsing it gave.
    parsed: HashMap<String, (String, Result<Arc<Body>, Diagnostics>)>,
    parses: usize,
    evaluations: usize,
    module: Option<Arc<Module>>,
    evaluation: Option<Evaluation>,
    /// The evaluation before the last edit of the files, for the next one
    /// to take over what the edit did not touch.
    previous: Option<Evaluation>,
    /// The evaluation the last one took over from, not freed yet (see
    /// [`Workspace::release`]).
    retired: Option<Evaluation>,
}

impl Workspace {
    /// An empty workspace.
    pub fn new(options: ModuleOptions) -> Workspace {
        Workspace {
            options,
            files: Vec::new(),
            binary: Vec::new(),
            inputs: Inputs::default(),
            scope: None,
            parsed: HashMap::new(),
            parses: 0,
            evaluations: 0,
            module: None,
            evaluation: None,
            previous: None,
            retired: None,
        }
    }

    /// The options.
    pub fn options(&self) -> &ModuleOptions {
        &self.options
    }

    /// Sets the options. The parsed files are kept when the profile and the
    /// limits they were parsed under stay.
    pub fn set_options(&mut self, options: ModuleOptions) {
        let (old, new) = (&self.options, &options);
        // The parses depend on these two only.
        let parses_hold = new.profile == old.profile && new.limits == old.limits;
        if !parses_hold {
            self.parsed.clear();
        }
        let providers_same = match (&old.providers, &new.providers) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            (a, b) => a.is_none() && b.is_none(),
        };
        let same = parses_hold
            && new.workspace == old.workspace
            && new.cwd == old.cwd
            && new.home == old.home
            && new.installation == old.installation
            && providers_same;
        self.options = options;
        if !same {
            self.changed_files();
            self.previous = None;
        }
    }

    /// The files: path from the root module's directory, and text.
    pub fn files(&self) -> &[(String, String)] {
        &self.files
    }

    /// Replaces every file (a change only where a path or a text differs).
    pub fn set_files(&mut self, files: Vec<(String, String)>) {
        if files != self.files {
            self.files = files;
            self.changed_files();
        }
    }

    /// Adds the file at `path`, or replaces its text.
    pub fn set_file(&mut self, path: &str, text: &str) {
        // A path holds text or bytes, not both (see `set_binary_files`).
        self.binary.retain(|(p, _)| p != path);
        match self.files.iter_mut().find(|(p, _)| p == path) {
            Some((_, t)) if t == text => return,
            Some((_, t)) => *t = text.to_string(),
            None => self.files.push((path.to_string(), text.to_string())),
        }
        self.changed_files();
    }

    /// The files that are not UTF-8 text: path and bytes.
    pub fn binary_files(&self) -> &[(String, Arc<[u8]>)] {
        &self.binary
    }

    /// Replaces every file that is not UTF-8 text (a change only where a
    /// path or its bytes differ).
    pub fn set_binary_files(&mut self, binary: Vec<(String, Arc<[u8]>)>) {
        let same = binary.len() == self.binary.len()
            && binary.iter().zip(&self.binary).all(|((p, b), (q, c))| p == q && (Arc::ptr_eq(b, c) || b == c));
        if !same {
            self.files.retain(|(p, _)| !binary.iter().any(|(q, _)| q == p));
            self.binary = binary;
            self.changed_files();
        }
    }

    /// Removes the file at `path` (text or binary); false when there is none.
    pub fn remove_file(&mut self, path: &str) -> bool {
        let before = self.files.len() + self.binary.len();
        self.files.retain(|(p, _)| p != path);
        self.binary.retain(|(p, _)| p != path);
        let removed = self.files.len() + self.binary.len() != before;
        if removed {
            self.changed_files();
        }
        removed
    }

    /// Sets the variable values given from outside the configuration.
    pub fn set_inputs(&mut self, inputs: Inputs) {
        if inputs != self.inputs {
            self.inputs = inputs;
            self.evaluation = None;
            self.previous = None;
        }
    }

    /// Scopes the console to a module instance (`module.net["a"]`), as
    /// `terraform console -scope` does; `None` for the root module.
    pub fn set_scope(&mut self, scope: Option<String>) {
        if scope != self.scope {
            self.scope = scope;
            self.evaluation = None;
            self.previous = None;
        }
    }

    /// Decodes and evaluates again (the parses are kept): what the options
    /// share has changed, such as provider data handed over since.
    pub fn refresh(&mut self) {
        self.changed_files();
        self.previous = None;
    }

    /// How many files have been parsed so far (an edit parses one).
    pub fn parses(&self) -> usize {
        self.parses
    }

    /// How many times the module has been evaluated so far (an edit
    /// evaluates it once; an inspection only where the evaluation made
    /// cannot answer).
    pub fn evaluations(&self) -> usize {
        self.evaluations
    }

    /// How many of the root module's declarations the last evaluation took
    /// over from the one before the edit, instead of planning them.
    pub fn reused(&self) -> usize {
        self.evaluation.as_ref().map_or(0, Evaluation::reused)
    }

    fn changed_files(&mut self) {
        self.module = None;
        if let Some(e) = self.evaluation.take() {
            self.previous = Some(e);
        }
    }

    /// The files parsed and decoded, parsing only what changed.
    pub fn module(&mut self) -> &Arc<Module> {
        let module = match self.module.take() {
            Some(m) => m,
            None => self.load(),
        };
        self.module.insert(module)
    }

    fn load(&mut self) -> Arc<Module> {
        let (options, parsed, parses) = (&self.options, &mut self.parsed, &mut self.parses);
        parsed.retain(|path, _| self.files.iter().any(|(p, _)| p == path));
        Module::load_parsed(self.files.clone(), self.binary.clone(), options, &mut |name, text| match parsed.get(name) {
            Some((t, result)) if t == text => result.clone(),
            before => {
                *parses += 1;
                let (limits, profile) = (&options.limits, options.profile);
                // An edit inside one block parses that block alone.
                let again = match before {
                    Some((old, Ok(body))) => crate::syntax::reparse_config(old, body, text, name, limits, profile),
                    _ => None,
                };
                let result = match again {
                    Some(body) => Ok(Arc::new(body)),
                    None => crate::syntax::parse_config(text, name, limits, profile).map(Arc::new),
                };
                parsed.insert(name.to_string(), (text.to_string(), result.clone()));
                result
            }
        })
    }

    /// The evaluation of the files over the inputs (made again only after
    /// a change).
    pub fn evaluate(&mut self) -> &Evaluation {
        let evaluation = match self.evaluation.take() {
            Some(e) => e,
            None => {
                self.evaluations += 1;
                let module = self.module().clone();
                let previous = self.previous.take();
                let evaluation = match &self.scope {
                    Some(scope) => module.evaluate_scoped(&self.inputs, scope),
                    None => super::evaluate(&module, &self.inputs, None, None, previous.as_ref()),
                };
                self.retired = previous;
                evaluation
            }
        };
        self.evaluation.insert(evaluation)
    }

    /// Frees the evaluation the last one took over from (a large
    /// configuration's values take milliseconds to free), which the next
    /// evaluation frees otherwise: a caller that answers first and then
    /// calls this keeps that work out of the time to the answer.
    pub fn release(&mut self) {
        self.retired = None;
    }

    /// What the innermost expression holding bytes `start..end` of the file
    /// at `path` evaluated to, wherever the plan evaluated it (see
    /// [`inspect_module`](super::inspect::inspect_module)), answered from the
    /// evaluation already made where that can be done.
    pub fn inspect(&mut self, path: &str, start: usize, end: usize) -> Option<Inspection> {
        let file = self.files.iter().position(|(p, _)| p == path)?;
        self.evaluate();
        let evaluation = self.evaluation.as_ref()?;
        let (found, again) = super::inspect::inspect_reusing(evaluation, &self.inputs, file, start, end);
        self.evaluations += usize::from(again);
        found
    }
}
