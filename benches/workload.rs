//! The benchmark workload, shared by the criterion benches, the throughput
//! binary and (through `workload.jsonl`) the oracle and WebAssembly runs.

#![allow(dead_code)]

use hcl::eval::Evaluate as _;
use hcl_playground::{evaluate, parse_variables, present, Limits, Options, Value, Variables};
use std::str::FromStr as _;

/// One expression with its variables, parsed once up front on both sides.
pub struct Case {
    pub id: String,
    pub expr: String,
    pub template: bool,
    pub vars_json: String,
    pub vars: Variables,
    pub peer_ctx: Option<hcl::eval::Context<'static>>,
}

impl Case {
    pub fn new(id: &str, expr: String, vars_json: String, template: bool) -> Case {
        Case::try_new(id, expr, vars_json, template).expect("workload variables parse")
    }

    /// A case, or `None` when its variables do not parse.
    pub fn try_new(id: &str, expr: String, vars_json: String, template: bool) -> Option<Case> {
        let vars = parse_variables(&vars_json).ok()?;
        let peer_ctx = peer_context(&vars_json);
        Some(Case { id: id.to_string(), expr, template, vars_json, vars, peer_ctx })
    }

    /// Parses and evaluates with hcl-playground.
    pub fn ours(&self, options: &Options) -> Result<Value, String> {
        let options = Options { template: self.template, ..options.clone() };
        evaluate(&self.expr, &self.vars, &options).map_err(|d| d[0].summary.clone())
    }

    /// Parses and evaluates with hcl-rs; `None` where hcl-rs cannot
    /// (functions, unknowns) or fails.
    pub fn peer(&self) -> Option<hcl::Value> {
        let ctx = self.peer_ctx.as_ref()?;
        if self.template {
            let t = hcl::Template::from_str(&self.expr).ok()?;
            Some(hcl::Value::String(t.evaluate(ctx).ok()?))
        } else {
            hcl::Expression::from_str(&self.expr).ok()?.evaluate(ctx).ok()
        }
    }

    /// Whether hcl-rs evaluates this case to the same value as we do, so
    /// the two do the same work when timed side by side.
    pub fn peer_agrees(&self) -> bool {
        let ours = self.ours(&Options::default()).ok().and_then(|v| serde_json::from_str::<serde_json::Value>(&present::to_json(&v)).ok());
        match (ours, self.peer().and_then(|v| serde_json::to_value(v).ok())) {
            (Some(a), Some(b)) => same_json(&a, &b),
            _ => false,
        }
    }
}

fn peer_context(vars_json: &str) -> Option<hcl::eval::Context<'static>> {
    let serde_json::Value::Object(vars) = serde_json::from_str(vars_json).ok()? else { return None };
    let mut ctx = hcl::eval::Context::new();
    for (name, value) in vars {
        if value.to_string().contains("__unknown__") {
            return None;
        }
        ctx.declare_var(name, serde_json::from_value::<hcl::Value>(value).ok()?);
    }
    Some(ctx)
}

/// JSON equality with numbers compared as f64 (hcl-rs has no exact numbers).
fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value::*;
    match (a, b) {
        (Number(x), Number(y)) => x.as_f64() == y.as_f64(),
        (Array(x), Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b)),
        (Object(x), Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w))),
        _ => a == b,
    }
}

/// The realistic workload: `workload.jsonl` (the seed documents'
/// constructs as Terraform users write them).
pub fn realistic() -> Vec<Case> {
    include_str!("workload.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let c: serde_json::Value = serde_json::from_str(line).expect("workload line is JSON");
            Case::new(
                c["id"].as_str().unwrap_or(""),
                c["expr"].as_str().unwrap_or("").to_string(),
                c["vars"].to_string(),
                c["template"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

/// `n` server objects as variables JSON: `{"servers": [...]}`.
pub fn servers_json(n: usize) -> String {
    let items: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"name":"web-{i}","id":"i-{i:06}","zone":"{}","port":{},"tags":{{"env":"{}"}}}}"#,
                ["a", "b", "c"][i % 3],
                8000 + i % 1000,
                if i % 2 == 0 { "prod" } else { "dev" }
            )
        })
        .collect();
    format!(r#"{{"servers":[{}]}}"#, items.join(","))
}

/// A `for` over `n` objects with grouping and a filter.
pub fn for_grouping(n: usize) -> Case {
    Case::new(
        &format!("for-grouping-{n}"),
        r#"{for s in servers : s.zone => "${s.name}:${s.port}"... if s.tags.env == "prod"}"#.into(),
        servers_json(n),
        false,
    )
}

/// A 200-line template file with interpolation and directives.
pub fn template_200_lines() -> Case {
    let mut t = String::new();
    for i in 0..40 {
        t.push_str(&format!("# section {i}\n"));
        t.push_str("%{ if enabled ~}\nname = \"${name}-${upper(env)}\"\n%{ else ~}\nname = \"disabled\"\n%{ endif ~}\n");
        t.push_str("%{ for i, ip in ips ~}\nserver_${i} = \"${ip}:${port + i}\"\n%{ endfor ~}\n");
    }
    let vars = r#"{"enabled": true, "name": "web", "env": "prod", "port": 8080, "ips": ["10.0.0.1", "10.0.0.2"]}"#;
    Case::new("template-200-lines", t, vars.into(), true)
}

/// An object literal nested `depth` levels, each level with a few
/// attributes, as deeply structured Terraform values are written.
pub fn deep_object(depth: usize) -> Case {
    let mut e = String::from("\"leaf\"");
    for i in 0..depth {
        e = format!("{{\n  name = \"level-{i}\"\n  count = {i}\n  enabled = {}\n  child = {e}\n}}", i % 2 == 0);
    }
    Case::new(&format!("deep-object-{depth}"), e, "{}".into(), false)
}

/// Parentheses nested `depth` levels around an addition.
pub fn nested_parens(depth: usize) -> Case {
    Case::new(&format!("nested-{depth}"), format!("{}1 + 1{}", "(".repeat(depth), ")".repeat(depth)), "{}".into(), false)
}

/// Limits for growth runs: big inputs are the point here.
pub fn generous_limits() -> Options {
    Options {
        limits: Limits {
            max_depth: 4_000,
            max_steps: u64::MAX,
            max_collection_len: usize::MAX,
            max_string_len: usize::MAX,
            ..Limits::default()
        },
        ..Options::default()
    }
}

/// A module of `n` locals in one `locals` block, each depending on an
/// earlier one through the constructs real modules use: arithmetic,
/// templates, `for`, `merge`, `lookup`, conditionals.
pub fn module_locals(n: usize) -> String {
    let mut m = String::from(
        "variable \"env\" {\n  type    = string\n  default = \"prod\"\n}\n\nvariable \"ports\" {\n  type    = list(number)\n  default = [80, 443, 8080]\n}\n\nlocals {\n  l0 = 1\n",
    );
    for i in 1..n {
        // Each kind reads the one before it, whose type it expects.
        let p = i - 1;
        let line = match i % 6 {
            0 => format!("  l{i} = local.l{} + {i}\n", i - 6),
            1 => format!("  l{i} = \"${{var.env}}-${{local.l{p}}}\"\n"),
            2 => format!("  l{i} = [for p in var.ports : \"${{p}}/${{local.l{p}}}\" if p != 8080]\n"),
            3 => format!("  l{i} = merge({{ name = \"n{i}\", env = var.env }}, {{ prev = local.l{p} }})\n"),
            4 => format!("  l{i} = lookup(local.l{p}, \"name\", \"none\")\n"),
            _ => format!("  l{i} = length(local.l{p}) > 3 ? upper(local.l{p}) : format(\"%s-%d\", local.l{p}, {i})\n"),
        };
        m.push_str(&line);
    }
    m.push_str(&format!("}}\n\noutput \"last\" {{\n  value = local.l{}\n}}\n", n - 1));
    m
}

/// A module with a `terraform_data` resource of `n` instances by
/// `for_each` over a map variable, locals over the instances and outputs:
/// the part of a real module the reference engines evaluate without
/// provider plug-ins. `dynamic` adds a provider resource of `n`
/// instances with a `dynamic` block of three rules each.
pub fn module_for_each(n: usize, dynamic: bool) -> String {
    let servers: Vec<String> =
        (0..n).map(|i| format!("    web-{i} = {{ zone = \"{}\", port = {} }}", ["a", "b", "c"][i % 3], 8000 + i)).collect();
    let mut m = format!(
        "variable \"servers\" {{\n  type = map(object({{ zone = string, port = number }}))\n  default = {{\n{}\n  }}\n}}\n\n",
        servers.join("\n")
    );
    m.push_str(concat!(
        "resource \"terraform_data\" \"server\" {\n",
        "  for_each = var.servers\n",
        "  input = {\n",
        "    name = each.key\n",
        "    zone = each.value.zone\n",
        "    url  = \"http://${each.key}.example.com:${each.value.port}\"\n",
        "  }\n",
        "}\n\n",
        "locals {\n",
        "  by_zone = { for k, s in terraform_data.server : s.input.zone => k... }\n",
        "  urls    = sort([for s in terraform_data.server : s.input.url])\n",
        "}\n\n",
        "output \"zones\" {\n  value = { for z, ks in local.by_zone : z => length(ks) }\n}\n",
    ));
    if dynamic {
        m.push_str(concat!(
            "\nresource \"aws_security_group\" \"server\" {\n",
            "  for_each = var.servers\n",
            "  name     = \"sg-${each.key}\"\n",
            "  dynamic \"ingress\" {\n",
            "    for_each = [each.value.port, 22, 443]\n",
            "    content {\n",
            "      from_port = ingress.value\n",
            "      to_port   = ingress.value\n",
            "      protocol  = \"tcp\"\n",
            "    }\n",
            "  }\n",
            "}\n",
        ));
    }
    m
}
