//! The playground's provider data (`www/providers`, written by
//! `tools/providers/compact.py` from schemas the real providers gave):
//! which providers it has, their resource, data source and ephemeral
//! resource types, each type's schema and the values its provider plans
//! for arguments left unset. Files are read through [`ProviderFiles`]: a
//! directory natively; in WebAssembly what the page has fetched, where a
//! file not fetched yet is *pending* — the page fetches it and evaluates
//! again (see [`ProviderData::pending`]).

use super::provider_schema::{Attr, BlockSchema, NestedBlock, NestedType, Nesting};
use crate::value::Type;
use serde_json::Value as Json;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::{Arc, Mutex};

/// What reading one file of the data gave.
pub enum Read {
    /// The file's text.
    Text(String),
    /// The data has no such file.
    Absent,
    /// Not fetched yet (the page's worker fetches it, then evaluates again).
    Pending,
}

/// Where the data's files come from.
pub trait ProviderFiles: Send + Sync {
    /// The file at `path` (`index.json`, `hashicorp/random/provider.json`, …).
    fn read(&self, path: &str) -> Read;
}

/// The data in a directory (the command line, the tests).
pub struct DirFiles(pub std::path::PathBuf);

impl ProviderFiles for DirFiles {
    fn read(&self, path: &str) -> Read {
        match std::fs::read_to_string(self.0.join(path)) {
            Ok(text) => Read::Text(text),
            Err(_) => Read::Absent,
        }
    }
}

/// Files handed over one by one (WebAssembly): any other is pending,
/// unless the index says the data has no such provider.
#[derive(Default)]
pub struct GivenFiles {
    files: Mutex<HashMap<String, Option<String>>>,
}

impl GivenFiles {
    /// Adds a file's text (`None`: the data has no such file).
    pub fn add(&self, path: &str, text: Option<String>) {
        self.files.lock().unwrap_or_else(|e| e.into_inner()).insert(path.to_string(), text);
    }
}

impl ProviderFiles for GivenFiles {
    fn read(&self, path: &str) -> Read {
        match self.files.lock().unwrap_or_else(|e| e.into_inner()).get(path) {
            Some(Some(text)) => Read::Text(text.clone()),
            Some(None) => Read::Absent,
            None => Read::Pending,
        }
    }
}

/// A type's kind, as the data's folders name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TypeKind {
    Resource,
    Data,
    Ephemeral,
}

impl TypeKind {
    fn folder(self) -> &'static str {
        match self {
            TypeKind::Resource => "resource",
            TypeKind::Data => "data",
            TypeKind::Ephemeral => "ephemeral",
        }
    }
}

/// What the data says of one provider.
pub struct Listing {
    /// The provider's version the data was taken from.
    pub version: String,
    /// Built on the plugin SDK v2 (its own words for some errors), not the
    /// plugin framework.
    pub sdk_v2: bool,
    /// The provider configuration's schema (`None` where the data came
    /// from a dump that has none).
    pub(crate) provider: Option<BlockSchema>,
    types: BTreeMap<TypeKind, BTreeSet<String>>,
}

impl Listing {
    /// The types of one kind the provider has.
    pub fn names(&self, kind: TypeKind) -> impl Iterator<Item = &str> {
        self.types.get(&kind).into_iter().flatten().map(String::as_str)
    }

    /// Whether the provider has type `name` of `kind`.
    pub fn has(&self, kind: TypeKind, name: &str) -> bool {
        self.types.get(&kind).is_some_and(|s| s.contains(name))
    }
}

/// One type's schema and what its provider plans for arguments left unset.
pub struct TypeData {
    pub(crate) block: BlockSchema,
    pub(crate) defaults: Json,
    /// Checks its provider makes beyond the schema (list and set sizes).
    pub(crate) checks: Json,
    /// What the provider computes without a network for this data source,
    /// recorded from the provider (`aws_region`'s regions).
    pub(crate) facts: Json,
    /// The string arguments its provider rewrites while planning because
    /// they hold JSON, with the form ("sorted", "policy", "unescaped"), recorded from
    /// the provider (tools/providers/json_forms.py).
    pub(crate) normalize: Json,
    /// A deprecated type's message as its provider words its warning (the
    /// SDK v2's "Deprecated Resource"), recorded from its plans.
    pub(crate) deprecation: Option<String>,
}

/// A look-up's answer.
pub enum Found<T> {
    Yes(T),
    No,
    /// A file it needs is not fetched yet.
    Pending,
}

/// The provider data, read on demand and kept.
pub struct ProviderData {
    files: Arc<dyn ProviderFiles>,
    index: Mutex<Option<Arc<BTreeSet<String>>>>,
    listings: Mutex<HashMap<String, Option<Arc<Listing>>>>,
    types: Mutex<HashMap<(String, TypeKind, String), Option<Arc<TypeData>>>>,
    pending: Mutex<BTreeSet<String>>,
}

impl std::fmt::Debug for ProviderData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ProviderData")
    }
}

impl ProviderData {
    /// The data read through `files`.
    pub fn new(files: Arc<dyn ProviderFiles>) -> ProviderData {
        ProviderData {
            files,
            index: Mutex::new(None),
            listings: Mutex::new(HashMap::new()),
            types: Mutex::new(HashMap::new()),
            pending: Mutex::new(BTreeSet::new()),
        }
    }

    /// The data in a directory.
    pub fn dir(path: impl Into<std::path::PathBuf>) -> ProviderData {
        ProviderData::new(Arc::new(DirFiles(path.into())))
    }

    /// The files asked for but not fetched yet, since the last call.
    pub fn pending(&self) -> Vec<String> {
        std::mem::take(&mut *lock(&self.pending)).into_iter().collect()
    }

    fn read(&self, path: &str) -> Found<String> {
        match self.files.read(path) {
            Read::Text(t) => Found::Yes(t),
            Read::Absent => Found::No,
            Read::Pending => {
                lock(&self.pending).insert(path.to_string());
                Found::Pending
            }
        }
    }

    /// The data's other versions of provider `name`: keys `name@MAJOR`
    /// (an older major version kept beside the current one).
    pub fn other_versions_of(&self, name: &str) -> Vec<String> {
        if !matches!(self.covers(name), Found::Yes(())) {
            return Vec::new();
        }
        let prefix = format!("{name}@");
        lock(&self.index).as_ref().map(|i| i.iter().filter(|k| k.starts_with(&prefix)).cloned().collect()).unwrap_or_default()
    }

    /// Whether the data has the provider `name` (`hashicorp/random`).
    fn covers(&self, name: &str) -> Found<()> {
        if let Some(index) = lock(&self.index).as_ref() {
            return if index.contains(name) { Found::Yes(()) } else { Found::No };
        }
        let index: BTreeSet<String> = match self.read("index.json") {
            Found::Yes(text) => serde_json::from_str::<Json>(&text)
                .ok()
                .and_then(|j| j.get("providers").and_then(Json::as_object).map(|m| m.keys().cloned().collect()))
                .unwrap_or_default(),
            Found::No => BTreeSet::new(),
            Found::Pending => return Found::Pending,
        };
        let covered = index.contains(name);
        *lock(&self.index) = Some(Arc::new(index));
        if covered {
            Found::Yes(())
        } else {
            Found::No
        }
    }

    /// What the data says of provider `name` (`hashicorp/random`).
    pub fn listing(&self, name: &str) -> Found<Arc<Listing>> {
        if let Some(known) = lock(&self.listings).get(name) {
            return known.clone().map_or(Found::No, Found::Yes);
        }
        match self.covers(name) {
            Found::Yes(()) => {}
            Found::No => return Found::No,
            Found::Pending => return Found::Pending,
        }
        let listing = match self.read(&format!("{name}/provider.json")) {
            Found::Yes(text) => serde_json::from_str::<Json>(&text).ok().map(|j| Arc::new(listing_of(&j))),
            Found::No => None,
            Found::Pending => return Found::Pending,
        };
        lock(&self.listings).insert(name.to_string(), listing.clone());
        listing.map_or(Found::No, Found::Yes)
    }

    /// A type's schema and defaults, from provider `name`'s data.
    pub fn type_data(&self, name: &str, kind: TypeKind, ty: &str) -> Found<Arc<TypeData>> {
        let key = (name.to_string(), kind, ty.to_string());
        if let Some(known) = lock(&self.types).get(&key) {
            return known.clone().map_or(Found::No, Found::Yes);
        }
        let data = match self.read(&format!("{name}/{}/{ty}.json", kind.folder())) {
            Found::Yes(text) => serde_json::from_str::<Json>(&text).ok().map(|j| {
                Arc::new(TypeData {
                    block: block_of(&j["block"]),
                    defaults: j.get("defaults").cloned().unwrap_or(Json::Null),
                    checks: j.get("checks").cloned().unwrap_or(Json::Null),
                    facts: j.get("facts").cloned().unwrap_or(Json::Null),
                    normalize: j.get("normalize").cloned().unwrap_or(Json::Null),
                    deprecation: j.get("deprecation").and_then(Json::as_str).map(str::to_string),
                })
            }),
            Found::No => None,
            Found::Pending => return Found::Pending,
        };
        lock(&self.types).insert(key, data.clone());
        data.map_or(Found::No, Found::Yes)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn listing_of(j: &Json) -> Listing {
    let mut types = BTreeMap::new();
    for kind in [TypeKind::Resource, TypeKind::Data, TypeKind::Ephemeral] {
        let names: BTreeSet<String> =
            j[kind.folder()].as_array().into_iter().flatten().filter_map(|n| n.as_str().map(String::from)).collect();
        types.insert(kind, names);
    }
    Listing {
        version: j["version"].as_str().unwrap_or("").to_string(),
        sdk_v2: j["sdk"] == "sdkv2",
        provider: (!j["provider"].is_null()).then(|| block_of(&j["provider"])),
        types,
    }
}

/// A block's schema from its compact form (tools/providers/compact.py).
pub(crate) fn block_of(j: &Json) -> BlockSchema {
    let attrs = j["a"].as_object().into_iter().flatten().map(|(name, a)| attr_of(name, a)).collect();
    let blocks = j["b"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, b)| NestedBlock {
            name: name.clone(),
            nesting: nesting_of(b[0].as_str().unwrap_or("single")),
            block: block_of(&b[1]),
            min: b[2].as_u64().unwrap_or(0) as usize,
            max: b[3].as_u64().unwrap_or(0) as usize,
        })
        .collect();
    BlockSchema { attrs, blocks, deprecated: deprecation(&j["d"]), ..BlockSchema::default() }
}

fn deprecation(j: &Json) -> Option<String> {
    match j {
        Json::String(m) => Some(m.clone()),
        Json::Bool(true) => Some(String::new()),
        _ => None,
    }
}

fn nesting_of(s: &str) -> Nesting {
    match s {
        "group" => Nesting::Group,
        "list" => Nesting::List,
        "set" => Nesting::Set,
        "map" => Nesting::Map,
        _ => Nesting::Single,
    }
}

fn attr_of(name: &str, a: &Json) -> Attr {
    let flags = a[1].as_str().unwrap_or("");
    let has = |c: char| flags.contains(c);
    let (ty, nested) = match &a[0] {
        Json::Object(nt) => {
            let nested = NestedType {
                nesting: nesting_of(nt.get("n").and_then(Json::as_str).unwrap_or("single")),
                attrs: nt.get("a").and_then(Json::as_object).into_iter().flatten().map(|(n, x)| attr_of(n, x)).collect(),
            };
            (nested.implied_type(), Some(Box::new(nested)))
        }
        t => (cty_type(t), None),
    };
    Attr {
        name: name.to_string(),
        ty,
        nested,
        required: has('r'),
        optional: has('o'),
        computed: has('c'),
        sensitive: has('s'),
        write_only: has('w'),
        deprecated: has('d').then(|| a[2].as_str().unwrap_or("").to_string()),
    }
}

/// A type in cty's JSON form: `"string"`, `["list", "string"]`,
/// `["object", {"a": "number"}]`, `["tuple", ["string"]]`.
pub fn cty_type(j: &Json) -> Type {
    match j {
        Json::String(s) => match s.as_str() {
            "string" => Type::String,
            "number" => Type::Number,
            "bool" => Type::Bool,
            _ => Type::Dynamic,
        },
        Json::Array(parts) => match (parts.first().and_then(Json::as_str), parts.get(1)) {
            (Some("list"), Some(e)) => Type::List(Box::new(cty_type(e))),
            (Some("set"), Some(e)) => Type::Set(Box::new(cty_type(e))),
            (Some("map"), Some(e)) => Type::Map(Box::new(cty_type(e))),
            (Some("object"), Some(Json::Object(m))) => Type::object(m.iter().map(|(k, v)| (k.clone(), cty_type(v))).collect()),
            (Some("tuple"), Some(Json::Array(es))) => Type::tuple(es.iter().map(cty_type).collect()),
            _ => Type::Dynamic,
        },
        _ => Type::Dynamic,
    }
}
