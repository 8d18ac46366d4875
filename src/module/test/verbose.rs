//! `-verbose`: what the programs print after a run's line — for an apply,
//! the state as `terraform show` prints it (each resource instance, then
//! the outputs); for a plan, the plan as `terraform plan` renders it (the
//! resources' changes, the outputs' changes, or that nothing changes).

use super::values::{render_change, show_value};
use crate::profile::Profile;
use crate::value::Value;
use std::collections::BTreeMap;

/// An instance as the state or the plan holds it.
pub(crate) struct Instance {
    /// `terraform_data.a`, `data.t.n`, `aws_subnet.x[0]`.
    pub address: String,
    /// `resource "t" "n"` or `data "t" "n"`.
    pub header: String,
    pub data: bool,
    pub value: Value,
}

/// An object's attributes as the state shows them: set ones only, names
/// aligned, four spaces in.
fn attributes(v: &Value, profile: Profile) -> String {
    let Value::Object(o) = v.unmarked() else { return String::new() };
    let shown: Vec<(&String, &Value)> = o.iter().filter(|(_, x)| !x.is_null()).collect();
    let width = shown.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    shown.iter().map(|(k, x)| format!("    {k:<width$} = {}\n", show_value(x, 1, profile))).collect()
}

/// The state after an apply (`instances` by address) and its outputs.
pub(crate) fn state(instances: &[Instance], outputs: &BTreeMap<String, Value>, profile: Profile) -> String {
    let tofu = profile == Profile::OpenTofu;
    let blocks: Vec<String> =
        instances.iter().map(|i| format!("# {}:\n{} {{\n{}}}\n", i.address, i.header, attributes(&i.value, profile))).collect();
    let mut out = if tofu { String::new() } else { "\n".to_string() };
    out.push_str(&blocks.join("\n"));
    if !outputs.is_empty() {
        out.push_str("\n\nOutputs:\n\n");
        for (k, v) in outputs {
            out.push_str(&format!("{k} = {}\n", show_value(v, 0, profile)));
        }
    }
    if !tofu {
        out.push('\n');
    }
    out
}

/// A plan: each instance against its prior object (none: created), the
/// outputs against the prior outputs.
pub(crate) fn plan(
    instances: &[(Instance, Option<Value>)],
    outputs: &BTreeMap<String, Value>,
    prior_outputs: &BTreeMap<String, Value>,
    refresh_only: bool,
    profile: Profile,
) -> String {
    let engine = if profile == Profile::OpenTofu { "OpenTofu" } else { "Terraform" };
    // Terraform ends with a blank line, OpenTofu does not.
    let end = if profile == Profile::OpenTofu { "" } else { "\n" };
    let mut changes = Vec::new();
    let (mut create, mut update) = (0, 0);
    for (i, prior) in instances.iter().filter(|(i, _)| !i.data) {
        match prior {
            None => {
                create += 1;
                changes.push(format!("  # {} will be created\n  + {} {{\n{}    }}\n", i.address, i.header, created(&i.value, profile)));
            }
            Some(p) if !crate::value::ops::raw_equals(&p.clone().unmark().0, &i.value.clone().unmark().0, profile) => {
                update += 1;
                changes.push(format!(
                    "  # {} will be updated in-place\n  ~ {} {{\n{}    }}\n",
                    i.address,
                    i.header,
                    updated(p, &i.value, profile)
                ));
            }
            Some(_) => {}
        }
    }
    let mut output_lines = String::new();
    let keys: std::collections::BTreeSet<&String> = outputs.keys().chain(prior_outputs.keys()).collect();
    let width = keys.iter().map(|k| k.chars().count()).max().unwrap_or(0);
    for k in keys {
        let (text, action) = render_change(prior_outputs.get(k), outputs.get(k), 0, profile);
        if action == super::values::Action::NoOp {
            continue;
        }
        output_lines.push_str(&format!("{}{k:<width$} = {text}\n", action.symbol()));
    }
    let mut out = String::new();
    if changes.is_empty() && output_lines.is_empty() {
        return match refresh_only {
            true => format!("\nNo changes. Your infrastructure still matches the configuration.\n\n{}\n{end}", super::report::wrap(&format!("{engine} has checked that the real remote objects still match the result of your most recent changes, and found no differences."), 77)),
            false => format!("\nNo changes. Your infrastructure matches the configuration.\n\n{}\n{end}", super::report::wrap(&format!("{engine} has compared your real infrastructure against your configuration and found no differences, so no changes are needed."), 77)),
        };
    }
    if !changes.is_empty() {
        out.push_str(&format!("\n{}\n", super::report::wrap(&format!("{engine} used the selected providers to generate the following execution plan. Resource actions are indicated with the following symbols:"), 77)));
        if create > 0 {
            out.push_str("  + create\n");
        }
        if update > 0 {
            out.push_str("  ~ update in-place\n");
        }
        out.push_str(&format!("\n{engine} will perform the following actions:\n"));
        for c in &changes {
            out.push('\n');
            out.push_str(c);
        }
        out.push_str(&format!("\nPlan: {create} to add, {update} to change, 0 to destroy.\n"));
    }
    if !output_lines.is_empty() {
        out.push_str("\nChanges to Outputs:\n");
        out.push_str(&output_lines);
        if changes.is_empty() {
            out.push_str(&format!(
                "\n{}\n",
                super::report::wrap(&format!("You can apply this plan to save these new output values to the {engine} state, without changing any real infrastructure."), 77)
            ));
        }
    }
    out.push_str(end);
    out
}

/// A new object's attributes: each set one with `+`.
fn created(v: &Value, profile: Profile) -> String {
    let Value::Object(o) = v.unmarked() else { return String::new() };
    let shown: Vec<(&String, &Value)> = o.iter().filter(|(_, x)| !x.is_null()).collect();
    let width = shown.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    shown.iter().map(|(k, x)| format!("      + {k:<width$} = {}\n", render_change(None, Some(x), 2, profile).0)).collect()
}

/// An updated object's attributes: `id` and those that change, the rest
/// counted.
fn updated(before: &Value, after: &Value, profile: Profile) -> String {
    let (Value::Object(b), Value::Object(a)) = (before.unmarked(), after.unmarked()) else { return String::new() };
    let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    let width = keys.iter().map(|k| k.chars().count()).max().unwrap_or(0);
    let mut out = String::new();
    let mut hidden = 0;
    for k in keys {
        let (text, action) = render_change(b.get(k), a.get(k), 2, profile);
        let important = matches!(k.as_str(), "id" | "name" | "tags");
        if action == super::values::Action::NoOp && !important {
            hidden += 1;
            continue;
        }
        if action == super::values::Action::NoOp && a.get(k).is_none_or(Value::is_null) {
            continue;
        }
        out.push_str(&format!("    {}{k:<width$} = {text}\n", action.symbol()));
    }
    if hidden > 0 {
        out.push_str(&format!("        # ({hidden} unchanged attribute{} hidden)\n", if hidden == 1 { "" } else { "s" }));
    }
    out
}
