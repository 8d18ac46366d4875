//! Data sources as Terraform's plan reads them. A data source whose
//! configuration is known is read while planning; the playground reads
//! those that need no network exactly (`local_file` and
//! `local_sensitive_file` over the module's own files; [`archive`]'s
//! `archive_file`, built as the provider builds it; [`aws`]'s
//! `aws_iam_policy_document`, `aws_partition` and `aws_region`; [`external`]'s
//! program, where the caller runs programs: the CLI; hashicorp/tls's
//! `tls_public_key`). Any other, and one whose configuration is not known yet, is what the configuration sets
//! with everything the provider would compute unknown — the value a plan
//! that cannot read it yet has.

use crate::diagnostics::Diagnostic;
use crate::module::load::config::Resource;
use crate::module::load::provider_data::TypeData;
use crate::module::plan::providers;
use crate::module::plan::Planner;
use crate::syntax::ast::Expression;
use crate::value::SortedMap;
use crate::value::{Marks, Value};
use base64::Engine;
use md5::Digest;

mod archive;
mod aws;
mod external;

/// The data source's value, or `None` after an error (recorded).
pub(crate) fn read(p: &mut Planner, r: &Resource, config: &SortedMap<Value>, t: &TypeData) -> Option<Value> {
    // One that depends on changes to plan, itself or through its module
    // call, is read when applying, even where it needs no network.
    let known = config.values().all(Value::is_wholly_known) && !p.defer_reads && !pending(&r.depends_on);
    let source = if known { providers::provider_type(p, r) } else { None };
    if matches!(r.ty.as_str(), "local_file" | "local_sensitive_file") && source.as_deref() == Some("hashicorp/local") {
        return local_file(p, r, config, t);
    }
    if r.ty == "archive_file" && source.as_deref() == Some("hashicorp/archive") {
        match archive::read(p, config) {
            Ok(values) => {
                return Some(providers::plan_object(&values, &t.block, &serde_json::Value::Null, providers::Planning::AsWritten, p.profile))
            }
            Err(Some(detail)) => {
                p.error(r.file, archive::error(detail, r));
                return None;
            }
            Err(None) => {}
        }
    }
    let programs = p.module.options.programs.as_ref().filter(|_| r.ty == "external" && source.as_deref() == Some("hashicorp/external"));
    if let Some(programs) = programs {
        match external::read(programs, r, config, p.profile) {
            Ok(values) => {
                return Some(providers::plan_object(&values, &t.block, &serde_json::Value::Null, providers::Planning::AsWritten, p.profile))
            }
            Err(d) => {
                p.error(r.file, d);
                return None;
            }
        }
    }
    if r.ty == "tls_public_key" && source.as_deref() == Some("hashicorp/tls") {
        if let Some(values) = super::tls::public_key(config, p.profile) {
            return Some(providers::plan_object(&values, &t.block, &serde_json::Value::Null, providers::Planning::AsWritten, p.profile));
        }
    }
    if source.as_deref() == Some("hashicorp/aws") {
        if let Some(read) = aws::read(p, r, config, t) {
            return read;
        }
    }
    Some(providers::plan_object(config, &t.block, &serde_json::Value::Null, providers::Planning::AsWritten, p.profile))
}

/// Whether `depends_on` names objects with changes to plan (on an empty
/// state, every managed resource and module call): a data source that
/// depends on them, or sits in a module call that does, is read when
/// applying.
pub(crate) fn pending(depends_on: &[Expression]) -> bool {
    depends_on.iter().any(|e| crate::syntax::traversals(e).iter().any(|(root, _, _)| !matches!(*root, "data" | "var" | "local")))
}

/// The planned data source at `address` as the playground can know it:
/// when a real plan reads it now (`config_known`: its configuration known
/// there, and nothing it depends on pending), what only the provider's
/// API could tell is marked [`Marks::PLAN_READ`] and the address recorded,
/// so that a `count` or `for_each` derived from it is not taken for
/// Terraform's error.
pub(crate) fn plan_read(p: &Planner, r: &Resource, config_known: bool, planned: Value, address: String) -> Value {
    if !config_known || planned.is_wholly_known() || p.defer_reads || pending(&r.depends_on) {
        return planned;
    }
    p.links.plan_reads.insert(address);
    planned.mark_unknowns(Marks::PLAN_READ)
}

/// Whether `v` is known to a real plan: each unknown in it is one that
/// only this playground does not know.
pub(crate) fn known_while_planning(v: &Value) -> bool {
    match v {
        Value::Marked(inner, m) => m.contains(Marks::PLAN_READ) || known_while_planning(inner),
        Value::Unknown(..) => false,
        Value::List(_, vs) | Value::Set(_, vs) | Value::Tuple(vs) => vs.iter().all(known_while_planning),
        Value::Map(_, m) | Value::Object(m) => m.values().all(known_while_planning),
        _ => true,
    }
}

/// An `archive_file` resource's attributes once applied: the archive its
/// planned arguments describe, built as the data source reads it (`None`
/// where the playground cannot build it, or the provider would refuse).
pub(crate) fn archive_built(p: &Planner, planned: &SortedMap<Value>) -> Option<SortedMap<Value>> {
    archive::read(p, planned).ok()
}

/// A file's hashes as hashicorp/local reports them (its data sources and
/// the resources it applies): `content_md5` … `content_base64sha512`, and
/// the SHA-1 as `id`.
pub(crate) fn content_hashes(bytes: &[u8]) -> [(&'static str, String); 7] {
    let hex = |d: &[u8]| d.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let b64 = |d: &[u8]| base64::engine::general_purpose::STANDARD.encode(d);
    let sha1 = sha1::Sha1::digest(bytes);
    let sha256 = sha2::Sha256::digest(bytes);
    let sha512 = sha2::Sha512::digest(bytes);
    [
        ("content_md5", hex(&md5::Md5::digest(bytes))),
        ("content_sha1", hex(&sha1)),
        ("content_sha256", hex(&sha256)),
        ("content_sha512", hex(&sha512)),
        ("content_base64sha256", b64(&sha256)),
        ("content_base64sha512", b64(&sha512)),
        ("id", hex(&sha1)),
    ]
}

/// `local_file`: the file's content and hashes, read from the module's
/// files (the provider reads the file at the given path).
fn local_file(p: &mut Planner, r: &Resource, config: &SortedMap<Value>, t: &TypeData) -> Option<Value> {
    let filename = config.get("filename").and_then(|v| v.unmarked().as_str().map(str::to_string)).unwrap_or_default();
    let Some(text) = crate::module::load::files::FileSystem::new(p.module).read_text(&filename) else {
        let detail = format!("The file at given path cannot be read.\n\n+Original Error: open {filename}: no such file or directory");
        p.error(r.file, Diagnostic::error("Read local file data source error", detail, r.decl.span));
        return None;
    };
    let mut values = config.clone();
    values.insert("content".to_string(), Value::string(text.clone(), p.profile));
    values
        .insert("content_base64".to_string(), Value::string(base64::engine::general_purpose::STANDARD.encode(text.as_bytes()), p.profile));
    for (name, value) in content_hashes(text.as_bytes()) {
        values.insert(name.to_string(), Value::string(value, p.profile));
    }
    Some(providers::plan_object(&values, &t.block, &serde_json::Value::Null, providers::Planning::AsWritten, p.profile))
}
