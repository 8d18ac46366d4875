//! Provider schemas as Terraform's `providers schema -json` gives them
//! (attributes, nested attribute types and blocks by nesting mode), the
//! built-in provider's `terraform_data` as Terraform 1.16 and OpenTofu
//! 1.12 each have it, and which provider a resource belongs to.

use super::config::Resource;
use super::provider_data::TypeData;
use crate::value::Type;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// One attribute of a schema.
#[derive(Clone, Debug)]
pub(crate) struct Attr {
    pub name: String,
    pub ty: Type,
    /// A nested attribute type's attributes (protocol 6).
    pub nested: Option<Box<NestedType>>,
    pub required: bool,
    pub optional: bool,
    pub computed: bool,
    pub sensitive: bool,
    /// Never stored: ephemeral values are allowed.
    pub write_only: bool,
    /// Deprecated, with the provider's message (maybe empty).
    pub deprecated: Option<String>,
}

/// A nested attribute type: objects of its attributes, by nesting mode.
#[derive(Clone, Debug)]
pub(crate) struct NestedType {
    pub nesting: Nesting,
    pub attrs: Vec<Attr>,
}

impl NestedType {
    pub fn implied_type(&self) -> Type {
        let object = Type::object(self.attrs.iter().map(|a| (a.name.clone(), a.ty.clone())).collect());
        match self.nesting {
            Nesting::Single | Nesting::Group => object,
            Nesting::List => Type::List(Box::new(object)),
            Nesting::Set => Type::Set(Box::new(object)),
            Nesting::Map => Type::Map(Box::new(object)),
        }
    }
}

/// How a nested block type's blocks make its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Nesting {
    /// At most one block: an object, or null.
    Single,
    /// At most one block, an object even when absent.
    Group,
    /// A list of objects.
    List,
    /// A set of objects.
    Set,
    /// A map of objects by the blocks' one label.
    Map,
}

/// A nested block type of a schema.
#[derive(Clone, Debug)]
pub(crate) struct NestedBlock {
    pub name: String,
    pub nesting: Nesting,
    pub block: BlockSchema,
    /// 0: no bound.
    pub min: usize,
    pub max: usize,
}

/// A block's schema (`configschema.Block`).
#[derive(Debug, Default)]
pub(crate) struct BlockSchema {
    pub attrs: Vec<Attr>,
    pub blocks: Vec<NestedBlock>,
    /// Deprecated, with the provider's message (maybe empty).
    pub deprecated: Option<String>,
    /// The implied type, once asked for (each planned instance asks).
    pub implied: std::sync::OnceLock<Type>,
    /// [`BlockSchema::members`], once asked for.
    pub members: std::sync::OnceLock<Vec<Member>>,
}

/// A copy is made to be changed: what was worked out from the original is
/// worked out again.
impl Clone for BlockSchema {
    fn clone(&self) -> Self {
        BlockSchema {
            attrs: self.attrs.clone(),
            blocks: self.blocks.clone(),
            deprecated: self.deprecated.clone(),
            ..BlockSchema::default()
        }
    }
}

/// An attribute or a nested block type of a [`BlockSchema`], by position.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Member {
    Attr(usize),
    Block(usize),
}

impl BlockSchema {
    pub fn attr(&self, name: &str) -> Option<&Attr> {
        self.attrs.iter().find(|a| a.name == name)
    }

    /// Whether any attribute is sensitive or deprecated, here or in a
    /// nested block: one that marks the values it describes.
    pub fn has_marked_attribute(&self) -> bool {
        self.attrs.iter().any(|a| a.sensitive || a.deprecated.is_some()) || self.blocks.iter().any(|b| b.block.has_marked_attribute())
    }

    pub fn block(&self, name: &str) -> Option<&NestedBlock> {
        self.blocks.iter().find(|b| b.name == name)
    }

    /// The type of the values this schema describes.
    pub fn implied_type(&self) -> Type {
        self.implied.get_or_init(|| self.implied_type_of()).clone()
    }

    /// Its attributes and nested block types together, sorted by name: the
    /// order of its values' attributes, so that each planned instance builds
    /// them sorted instead of sorting.
    pub fn members(&self) -> &[Member] {
        self.members.get_or_init(|| {
            let mut out: Vec<(&str, Member)> = self.attrs.iter().enumerate().map(|(i, a)| (a.name.as_str(), Member::Attr(i))).collect();
            out.extend(self.blocks.iter().enumerate().map(|(i, b)| (b.name.as_str(), Member::Block(i))));
            crate::value::map::sort_by(&mut out, |a, b| a.0.cmp(b.0));
            out.into_iter().map(|(_, m)| m).collect()
        })
    }

    fn implied_type_of(&self) -> Type {
        let mut out: BTreeMap<String, Type> = self.attrs.iter().map(|a| (a.name.clone(), a.ty.clone())).collect();
        for b in &self.blocks {
            let t = b.block.implied_type();
            let t = match b.nesting {
                Nesting::Single | Nesting::Group => t,
                Nesting::List => Type::List(Box::new(t)),
                Nesting::Set => Type::Set(Box::new(t)),
                Nesting::Map => Type::Map(Box::new(t)),
            };
            out.insert(b.name.clone(), t);
        }
        Type::object(out)
    }

    /// Its block types for HCL's content check, with their labels (a map
    /// nesting's blocks take one, the key).
    pub fn block_labels(&self) -> Vec<(&str, &'static [&'static str])> {
        const KEY: &[&str] = &["key"];
        self.blocks.iter().map(|b| (b.name.as_str(), if b.nesting == Nesting::Map { KEY } else { &[][..] })).collect()
    }

    /// Every name the schema has, sorted (Terraform's suggestions).
    pub fn names(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self.attrs.iter().map(|a| a.name.as_str()).chain(self.blocks.iter().map(|b| b.name.as_str())).collect();
        out.sort();
        out
    }
}

/// What is known of a resource type's schema.
pub(crate) enum TypeSchema {
    Known(Arc<TypeData>),
    /// The provider has no such type: its address, for the messages.
    Invalid(String),
    /// A provider the playground has no schema for: blocks are taken as
    /// written.
    Unknown,
}

fn attr(name: &str, ty: Type) -> Attr {
    Attr {
        name: name.to_string(),
        ty,
        nested: None,
        required: false,
        optional: false,
        computed: false,
        sensitive: false,
        write_only: false,
        deprecated: None,
    }
}

/// `terraform_data`'s schema: Terraform 1.16's has the `store` block.
fn terraform_data(with_store: bool) -> BlockSchema {
    let optional = |a: Attr| Attr { optional: true, ..a };
    let computed = |a: Attr| Attr { computed: true, ..a };
    let mut s = BlockSchema {
        attrs: vec![
            computed(attr("id", Type::String)),
            optional(attr("input", Type::Dynamic)),
            computed(attr("output", Type::Dynamic)),
            optional(attr("triggers_replace", Type::Dynamic)),
        ],
        blocks: Vec::new(),
        ..BlockSchema::default()
    };
    if with_store {
        let store = BlockSchema {
            attrs: vec![
                Attr { write_only: true, ..optional(attr("input", Type::Dynamic)) },
                computed(attr("output", Type::Dynamic)),
                optional(attr("replace", Type::Bool)),
                optional(attr("sensitive", Type::Bool)),
                Attr { sensitive: true, ..computed(attr("sensitive_output", Type::Dynamic)) },
                optional(attr("version", Type::Dynamic)),
            ],
            blocks: Vec::new(),
            ..BlockSchema::default()
        };
        s.blocks.push(NestedBlock { name: "store".into(), nesting: Nesting::Single, block: store, min: 0, max: 0 });
    }
    s
}

/// `terraform_data`'s schema under the profile (made once).
pub(crate) fn terraform_data_type(with_store: bool) -> Arc<TypeData> {
    static WITH: OnceLock<Arc<TypeData>> = OnceLock::new();
    static WITHOUT: OnceLock<Arc<TypeData>> = OnceLock::new();
    let cell = if with_store { &WITH } else { &WITHOUT };
    cell.get_or_init(|| {
        Arc::new(TypeData {
            block: terraform_data(with_store),
            defaults: serde_json::Value::Null,
            checks: serde_json::Value::Null,
            facts: serde_json::Value::Null,
            normalize: serde_json::Value::Null,
            deprecation: None,
        })
    })
    .clone()
}

/// The local name of the provider a resource belongs to.
pub(crate) fn provider_name(r: &Resource) -> String {
    match &r.provider {
        Some((name, _)) => name.clone(),
        None => r.ty.split('_').next().unwrap_or(&r.ty).to_string(),
    }
}
