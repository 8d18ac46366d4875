//! Planning for a test run (`terraform test`): the resources of mocked
//! providers and overridden addresses get the values Terraform's test
//! framework gives them, the state of earlier runs is the prior state, and
//! a run that applies fills what a plan leaves unknown — `terraform_data`
//! as its provider applies it, mocked types with their defaults or
//! generated values (zero numbers, `false`, empty collections, random
//! strings) — so that what depends on them is known as after `apply`.

use super::Planner;
use crate::module::load::config::{Mode, Resource};
use crate::module::load::provider_schema::TypeSchema;
use crate::value::{Type, Value};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

/// What a test run changes in planning.
#[derive(Default, Clone)]
pub(crate) struct Testing {
    /// `command = apply`: values unknown in the plan are filled in.
    pub apply: bool,
    /// `mock_provider` blocks of the test file.
    pub mocks: Vec<Mock>,
    /// `override_resource` and `override_data` blocks (the run's first).
    pub overrides: Vec<Override>,
    /// `override_module` blocks: a module call's address and its outputs.
    pub module_overrides: Vec<(String, Value, bool)>,
    /// A run's `providers`: the module's configuration (name, alias) and
    /// the test file's provider it gets; none: each its namesake.
    pub providers: Option<Vec<((String, Option<String>), (String, Option<String>))>>,
    /// The test file's `provider` blocks that replace the module's
    /// configurations in this run, under the module's name and alias, their
    /// arguments evaluated (over the test's variables and earlier runs).
    pub configs: Vec<crate::module::load::config::ProviderConfig>,
    /// `plan_options`: `mode = refresh-only` (what the state holds stays),
    /// `target` and `replace` addresses.
    pub refresh_only: bool,
    pub targets: Vec<String>,
    pub replace: Vec<String>,
    /// Where the generated values come from.
    seed: Cell<u64>,
    /// Under OpenTofu, the seed of the instance being filled (the FNV-32
    /// hash of its type's name), and Go's `math/rand` made from it when a
    /// string is first drawn.
    tofu_seed: Cell<Option<i64>>,
    tofu_rand: RefCell<Option<super::go_rand::GoRand>>,
    /// Each resource instance applied, by address.
    pub applied: RefCell<BTreeMap<String, Value>>,
    /// Each instance planned, by address: its `resource "t" "n"` (or
    /// `data`) header, whether it is a data source, and its object.
    pub planned: RefCell<BTreeMap<String, (String, bool, Value)>>,
    /// Resource instances an apply would create with a real provider the
    /// playground cannot run, by address.
    pub unmocked: RefCell<Vec<String>>,
    /// The files hashicorp/local's resources wrote when applied (path in
    /// the module, content): what reads them afterwards finds them.
    pub written: RefCell<Vec<(String, String)>>,
    /// Each module instance's outputs whose value the plan knew wholly, by
    /// address (`module.m.output.x`; `output.x` in the root): a plan
    /// records them; an apply keeps them as planned, as Terraform's and
    /// OpenTofu's apply evaluate again only the outputs the plan did not
    /// know.
    pub planned_outputs: RefCell<BTreeMap<String, Value>>,
}

/// A `mock_provider` block.
#[derive(Clone, Debug)]
pub(crate) struct Mock {
    /// The provider's local name and alias.
    pub name: String,
    pub alias: Option<String>,
    /// `mock_resource` and `mock_data` blocks: type name and defaults.
    pub resources: BTreeMap<String, Defaults>,
    pub data: BTreeMap<String, Defaults>,
}

/// A mock's or override's values, and whether a plan already uses them
/// (`override_during = plan`).
#[derive(Clone, Debug)]
pub(crate) struct Defaults {
    pub values: Value,
    pub at_plan: bool,
}

/// An `override_resource` or `override_data` block.
#[derive(Clone, Debug)]
pub(crate) struct Override {
    /// The target's address (`random_pet.p`, `data.t.n`, `module.m.t.n`,
    /// with or without an instance key).
    pub target: String,
    pub values: Defaults,
}

impl Testing {
    /// A run's planning, its generated values starting from `seed`.
    pub fn new(apply: bool, seed: u64) -> Testing {
        Testing { apply, seed: Cell::new(seed | 1), ..Testing::default() }
    }

    /// The next pseudo-random number (xorshift64*): Terraform's generated
    /// strings are random, so only their form is Terraform's.
    pub(crate) fn next_u64(&self) -> u64 {
        let mut x = self.seed.get();
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.seed.set(x);
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A mocked string: 8 characters of `[a-z0-9]`, as Terraform's mocks
    /// (random); under OpenTofu, its 4 to 15 letters and digits.
    fn string(&self) -> String {
        if let Some(seed) = self.tofu_seed.get() {
            let mut rand = self.tofu_rand.borrow_mut();
            let r = rand.get_or_insert_with(|| super::go_rand::GoRand::new(seed));
            const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890";
            let len = r.intn(12) + 4;
            return (0..len).map(|_| CHARS[r.intn(CHARS.len() as i32) as usize] as char).collect();
        }
        const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
        (0..8).map(|_| CHARS[(self.next_u64() % CHARS.len() as u64) as usize] as char).collect()
    }

    /// `n` pseudo-random bytes.
    pub(crate) fn bytes(&self, n: usize) -> Vec<u8> {
        (0..n).map(|_| (self.next_u64() >> 56) as u8).collect()
    }

    /// A random UUID, as `terraform_data` gives its `id` (and go-uuid's
    /// `GenerateUUID`: 16 random bytes, no version bits).
    pub(crate) fn uuid(&self) -> String {
        let hex: String = (0..4).map(|_| format!("{:08x}", self.next_u64() as u32)).collect();
        format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
    }

    /// A value of type `ty` as a mock fills it: `defaults` where given,
    /// else zero values, `false`, empty collections, objects filled
    /// attribute by attribute, and null for `any`.
    fn generated(&self, ty: &Type, defaults: Option<&Value>, profile: crate::profile::Profile) -> Value {
        if let Some(d) = defaults {
            if let Ok(v) = crate::value::convert::convert(d, ty, profile) {
                return v;
            }
        }
        match ty {
            Type::String => Value::string(self.string(), profile),
            Type::Number => Value::int(0),
            Type::Bool => Value::Bool(false),
            Type::List(e) => Value::List((**e).clone(), Default::default()),
            Type::Set(e) => Value::Set((**e).clone(), Default::default()),
            Type::Map(e) => Value::Map((**e).clone(), Default::default()),
            Type::Tuple(ts) => Value::Tuple(ts.iter().map(|t| self.generated(t, None, profile)).collect::<Vec<_>>().into()),
            Type::Object(attrs) => {
                let m: BTreeMap<String, Value> =
                    attrs.iter().map(|(k, t)| (k.clone(), self.generated(t, attribute(defaults, k), profile))).collect();
                Value::Object(m.into())
            }
            Type::Dynamic => Value::null(),
        }
    }

    /// `planned` with every unknown filled: from `defaults` where given
    /// (an object of attribute values), else generated.
    fn filled(&self, planned: &Value, defaults: Option<&Value>, profile: crate::profile::Profile) -> Value {
        if planned.is_wholly_known() {
            return planned.clone();
        }
        let marks = planned.marks();
        let value = match planned.unmarked() {
            Value::Unknown(ty, _) => self.generated(ty, defaults, profile),
            Value::Object(o) => {
                let m: BTreeMap<String, Value> =
                    o.iter().map(|(k, v)| (k.clone(), self.filled(v, attribute(defaults, k), profile))).collect();
                Value::Object(m.into())
            }
            Value::Tuple(items) => Value::Tuple(items.iter().map(|v| self.filled(v, None, profile)).collect::<Vec<_>>().into()),
            Value::List(t, items) => Value::List(t.clone(), items.iter().map(|v| self.filled(v, None, profile)).collect::<Vec<_>>().into()),
            Value::Map(t, entries) => {
                let m: BTreeMap<String, Value> = entries.iter().map(|(k, v)| (k.clone(), self.filled(v, None, profile))).collect();
                Value::Map(t.clone(), m.into())
            }
            other => other.clone(),
        };
        value.with_marks(marks)
    }

    /// The mock of `r`'s provider, if the test mocks it.
    fn mock_of(&self, r: &Resource) -> Option<&Mock> {
        let name = crate::module::load::provider_schema::provider_name(r);
        let alias = r.provider.as_ref().and_then(|(_, a)| a.clone());
        let (name, alias) = match &self.providers {
            Some(map) => map.iter().find(|(module, _)| module.0 == name && module.1 == alias)?.1.clone(),
            None => (name, alias),
        };
        self.mocks.iter().find(|m| m.name == name && m.alias == alias)
    }

    /// The override of instance `address` (of resource `r`), if any.
    fn override_of(&self, address: &str) -> Option<&Defaults> {
        let base = address.find('[').map_or(address, |i| &address[..i]);
        self.overrides.iter().find(|o| o.target == address || o.target == base).map(|o| &o.values)
    }
}

/// Attribute `name` of `defaults`, when they are an object that has it.
fn attribute<'v>(defaults: Option<&'v Value>, name: &str) -> Option<&'v Value> {
    match defaults.map(Value::unmarked) {
        Some(Value::Object(o)) => o.get(name),
        _ => None,
    }
}

/// Whether instance `address` is `target` or inside it (an instance of
/// a resource, a resource of a module).
fn within(address: &str, target: &str) -> bool {
    address == target || address.strip_prefix(target).is_some_and(|rest| rest.starts_with('[') || rest.starts_with('.'))
}

impl Testing {
    /// Whether instance `address` is one `plan_options.replace` names.
    pub fn replaced(&self, address: &str) -> bool {
        self.replace.iter().any(|t| within(address, t))
    }

    /// Whether a plan with `plan_options.target` leaves `address` out.
    pub fn untargeted(&self, address: &str) -> bool {
        !self.targets.is_empty() && !self.targets.iter().any(|t| within(address, t))
    }
}

/// Whether two values are the same, marks aside.
fn same(a: Option<&Value>, b: Option<&Value>, profile: crate::profile::Profile) -> bool {
    match (a, b) {
        (Some(a), Some(b)) => crate::value::ops::raw_equals(&a.clone().unmark().0, &b.clone().unmark().0, profile),
        (None, None) => true,
        (Some(v), None) | (None, Some(v)) => v.is_null(),
    }
}

/// `terraform_data` planned over its prior state: kept when neither
/// `input` nor `triggers_replace` changed; replaced (a new `id`) when
/// `triggers_replace` did; else updated, its `output` unknown.
pub(crate) fn terraform_data_over_prior(planned: Value, prior: &Value, profile: crate::profile::Profile) -> Value {
    let (Value::Object(new), Value::Object(old)) = (planned.unmarked(), prior.unmarked()) else { return planned };
    if !same(new.get("triggers_replace"), old.get("triggers_replace"), profile) {
        return planned;
    }
    let mut out = new.clone();
    if let Some(id) = old.get("id") {
        out.make_mut().insert("id".into(), id.clone());
    }
    if same(new.get("input"), old.get("input"), profile) {
        if let Some(o) = old.get("output") {
            out.make_mut().insert("output".into(), o.clone());
        }
    }
    Value::Object(out).with_marks(planned.marks())
}

/// Instance `address` of `r` as the test run plans (and applies) it,
/// from what the plan gave: overrides and mocks, then, when applying,
/// every unknown filled. Each instance applied is kept by address.
pub(crate) fn instance(p: &Planner, r: &Resource, schema: &TypeSchema, address: &str, planned: Value, prior: bool) -> Value {
    let Some(t) = p.links.testing.as_ref() else { return planned };
    let profile = p.profile;
    // A refresh-only plan, and one that leaves the instance out of its
    // targets, keeps what the state holds (a new instance is not created).
    if r.mode == Mode::Managed && (t.refresh_only || t.untargeted(address)) {
        let kept = p.links.prior.get(address).cloned();
        if let Some(v) = &kept {
            if t.apply {
                t.applied.borrow_mut().insert(address.to_string(), v.clone());
            }
        }
        return kept.unwrap_or_else(Value::dynamic_unknown);
    }
    let over = t.override_of(address).cloned();
    let mock = t.mock_of(r);
    let defaults = match (r.mode, mock) {
        (Mode::Data, Some(m)) => m.data.get(&r.ty).cloned(),
        (_, Some(m)) => m.resources.get(&r.ty).cloned(),
        _ => None,
    };
    let builtin = super::providers::builtin(p, r);
    // Terraform's framework leaves an instance already in the state as it
    // is: overrides and mocks only decide what a new one gets.
    // OpenTofu's framework gives mocked and overridden values while
    // planning too.
    let plan_too = p.opentofu();
    let fill = match (&over, r.mode) {
        // OpenTofu's overrides replace what the state holds too.
        (Some(o), Mode::Managed) if prior && plan_too => Some((Some(o.values.clone()), true)),
        // And so do its mocks' defaults.
        (None, Mode::Managed) if prior && plan_too && mock.is_some() => Some((defaults.as_ref().map(|d| d.values.clone()), true)),
        (_, Mode::Managed) if prior => (mock.is_some() || over.is_some()).then_some((None, t.apply)),
        (Some(o), _) => Some((Some(o.values.clone()), o.at_plan || plan_too || t.apply || r.mode == Mode::Data)),
        (None, Mode::Data) if mock.is_some() => Some((defaults.as_ref().map(|d| d.values.clone()), true)),
        (None, _) if mock.is_some() => {
            Some((defaults.as_ref().map(|d| d.values.clone()), plan_too || t.apply || defaults.as_ref().is_some_and(|d| d.at_plan)))
        }
        _ => None,
    };
    t.tofu_seed.set(plan_too.then(|| super::go_rand::fnv32(r.ty.as_bytes()) as i64));
    let offline_applied = match fill {
        None if t.apply && r.mode == Mode::Managed && !planned.is_wholly_known() => offline(p, r, t, &planned, schema),
        _ => None,
    };
    let value = match fill {
        Some((values, true)) => with_values(t, &planned, values.as_ref(), schema, profile),
        Some((_, false)) => planned,
        None if t.apply && r.mode == Mode::Managed && r.ty == "terraform_data" && builtin => applied_terraform_data(t, &planned, profile),
        None if t.apply && r.mode == Mode::Managed && is_local_file(p, r) => match applied_local_file(p, t, &planned) {
            Some(v) => v,
            None => {
                t.unmocked.borrow_mut().push(address.to_string());
                t.filled(&planned, None, profile)
            }
        },
        None if offline_applied.is_some() => t.filled(offline_applied.as_ref().unwrap_or(&planned), None, profile),
        None if t.apply && r.mode == Mode::Managed && !planned.is_wholly_known() => {
            t.unmocked.borrow_mut().push(address.to_string());
            t.filled(&planned, None, profile)
        }
        None => planned,
    };
    t.tofu_seed.set(None);
    *t.tofu_rand.borrow_mut() = None;
    if t.apply && r.mode == Mode::Managed {
        t.applied.borrow_mut().insert(address.to_string(), value.clone());
    }
    let data = r.mode == Mode::Data;
    let header = format!("{} \"{}\" \"{}\"", if data { "data" } else { "resource" }, r.ty, r.name);
    t.planned.borrow_mut().insert(address.to_string(), (header, data, value.clone()));
    value
}

/// `planned` as a provider that needs no network applies it (random,
/// null, time).
fn offline(p: &Planner, r: &Resource, t: &Testing, planned: &Value, schema: &TypeSchema) -> Option<Value> {
    let provider = super::providers::provider_type(p, r)?;
    // hashicorp/archive's resource builds the archive as its data source
    // reads it, once applied.
    if (provider.as_str(), r.ty.as_str()) == ("hashicorp/archive", "archive_file") {
        let built = super::data_sources::archive_built(p, planned.as_mapping()?)?;
        return Some(Value::Object(built.into()).with_marks(planned.marks()));
    }
    let facts = match schema {
        TypeSchema::Known(data) => &data.facts,
        _ => &serde_json::Value::Null,
    };
    super::applied::applied(t, &provider, &r.ty, planned, facts, p.profile)
}

fn is_local_file(p: &Planner, r: &Resource) -> bool {
    matches!(r.ty.as_str(), "local_file" | "local_sensitive_file")
        && super::providers::provider_type(p, r).as_deref() == Some("hashicorp/local")
}

/// `local_file` and `local_sensitive_file` as hashicorp/local applies them,
/// which needs nothing but the module's files: the content (given, decoded
/// from base64, or read from `source`) written at `filename` and its
/// hashes; `None` where the content is not text the playground can hold.
fn applied_local_file(p: &Planner, t: &Testing, planned: &Value) -> Option<Value> {
    use base64::Engine;
    let o = planned.as_mapping()?;
    let text = |n: &str| o.get(n).filter(|v| !v.is_null()).and_then(|v| v.as_str()).map(str::to_string);
    let fs = crate::module::load::files::FileSystem::new(p.module);
    let content = match (text("content"), text("sensitive_content"), text("content_base64"), text("source")) {
        (Some(c), ..) | (None, Some(c), ..) => c,
        (None, None, Some(b), _) => String::from_utf8(base64::engine::general_purpose::STANDARD.decode(b).ok()?).ok()?,
        (None, None, None, Some(source)) => fs.read_text(&source)?,
        _ => return None,
    };
    let path = fs.relative(&text("filename")?)?;
    let mut m = o.clone();
    for (name, value) in super::data_sources::content_hashes(content.as_bytes()) {
        m.insert(name.to_string(), Value::string(value, p.profile));
    }
    t.written.borrow_mut().push((path, content));
    Some(t.filled(&Value::Object(m.into()).with_marks(planned.marks()), None, p.profile))
}

/// `planned` with the given values set over it and the rest filled.
fn with_values(t: &Testing, planned: &Value, values: Option<&Value>, schema: &TypeSchema, profile: crate::profile::Profile) -> Value {
    let filled = t.filled(planned, values, profile);
    // The values given are set over what the plan has (converted to the
    // attribute's type where the schema gives one).
    match (filled.unmarked(), values.map(Value::unmarked)) {
        (Value::Object(o), Some(Value::Object(v))) => {
            let mut o = o.clone();
            for (k, x) in v.iter() {
                let x = match (schema, o.get(k)) {
                    (TypeSchema::Known(_), Some(old)) => {
                        crate::value::convert::convert(x, &old.ty(), profile).unwrap_or_else(|_| x.clone())
                    }
                    (TypeSchema::Known(_), None) => continue,
                    _ => x.clone(),
                };
                o.make_mut().insert(k.clone(), x);
            }
            Value::Object(o).with_marks(filled.marks())
        }
        _ => filled,
    }
}

/// `terraform_data` as its provider applies it: a new `id` where the
/// plan has none, and `output` the `input`.
fn applied_terraform_data(t: &Testing, planned: &Value, profile: crate::profile::Profile) -> Value {
    let Value::Object(o) = planned.unmarked() else { return planned.clone() };
    let mut o = o.clone();
    if o.get("id").is_none_or(|v| !v.is_known()) {
        o.make_mut().insert("id".into(), Value::string(t.uuid(), profile));
    }
    if o.get("output").is_some_and(|v| !v.is_known()) {
        let input = o.get("input").cloned().unwrap_or_else(Value::null);
        o.make_mut().insert("output".into(), input);
    }
    Value::Object(o).with_marks(planned.marks())
}
