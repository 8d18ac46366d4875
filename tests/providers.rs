//! Provider schemas in Module mode where the provider cannot be run here to
//! record golden cases (`hashicorp/aws`: its schema from a published dump,
//! www/providers): table cases of what the schema implies, written from the
//! provider's schema and the plans the real provider made of the same
//! constructs elsewhere (tools/providers/README.md). Each row is a module,
//! an expression, and what the console prints for it (or the errors, by
//! summary).

use hcl_playground::module::{Inputs, Installation, Module, ModuleOptions};

mod common;

use common::provider_data as data;

/// What the console prints for `expr` in `module`, or its errors and the
/// module's (summaries), `Err`.
fn console(module: &str, expr: &str) -> Result<String, Vec<String>> {
    console_in("main.tf", module, expr)
}

/// [`console`], the module in file `filename` (`main.tf.json`: JSON).
fn console_in(filename: &str, module: &str, expr: &str) -> Result<String, Vec<String>> {
    console_of(vec![(filename.into(), module.into())], expr)
}

/// The console's answer for a configuration of several files (child
/// modules' too, by path).
fn console_of(files: Vec<(String, String)>, expr: &str) -> Result<String, Vec<String>> {
    answer(files, expr, |d| format!("{}: {}", d.summary, d.detail))
}

/// The console's answer, every error by its summary alone (as the
/// recorder keeps the program's).
fn console_summaries(files: Vec<(String, String)>, expr: &str) -> Result<String, Vec<String>> {
    answer(files, expr, |d| d.summary.clone())
}

/// The console's answer, the expression's errors written by `shown`.
fn answer(files: Vec<(String, String)>, expr: &str, shown: impl Fn(&hcl_playground::Diagnostic) -> String) -> Result<String, Vec<String>> {
    let opts = ModuleOptions { installation: Installation::Initialized, providers: Some(data()), ..ModuleOptions::default() };
    let module = Module::load(files, &opts);
    let evaluation = module.evaluate(&Inputs::default());
    let errors: Vec<String> = evaluation.diagnostics.iter().filter(|d| !d.warning).map(|d| d.diagnostic.summary.clone()).collect();
    match evaluation.console(expr) {
        Ok(r) if errors.is_empty() => Ok(r.console),
        Ok(_) => Err(errors),
        Err(ds) => Err(errors.into_iter().chain(ds.iter().map(|d| shown(&d.diagnostic))).collect()),
    }
}

const VPC: &str = r#"
variable "azs" {
  default = ["eu-west-1a", "eu-west-1b"]
}
variable "tags" {
  default = { Terraform = "true" }
}
resource "aws_vpc" "this" {
  cidr_block           = "10.0.0.0/16"
  enable_dns_hostnames = true
  tags                 = merge({ Name = "main" }, var.tags)
}
resource "aws_subnet" "public" {
  count             = length(var.azs)
  vpc_id            = aws_vpc.this.id
  cidr_block        = cidrsubnet("10.0.0.0/16", 8, count.index)
  availability_zone = var.azs[count.index]
}
resource "aws_eip" "nat" {
  count  = 1
  domain = "vpc"
}
resource "aws_nat_gateway" "this" {
  allocation_id = aws_eip.nat[0].id
  subnet_id     = aws_subnet.public[0].id
}
resource "aws_default_route_table" "default" {
  default_route_table_id = aws_vpc.this.default_route_table_id
  dynamic "route" {
    for_each = var.azs
    content {
      cidr_block = "0.0.0.0/0"
      gateway_id = route.value
    }
  }
}
resource "aws_security_group" "web" {
  name   = "web"
  vpc_id = aws_vpc.this.id
  ingress {
    from_port   = 443
    to_port     = 443
    protocol    = "tcp"
    cidr_blocks = ["0.0.0.0/0"]
  }
}
"#;

#[test]
fn aws_resources_take_the_schemas_shapes_and_the_providers_defaults() {
    let cases: &[(&str, &str)] = &[
        // Defaults the provider plans, computed attributes unknown, typed nulls.
        ("aws_vpc.this.instance_tenancy", "\"default\""),
        ("aws_vpc.this.enable_dns_support", "true"),
        ("aws_vpc.this.enable_dns_hostnames", "true"),
        ("aws_vpc.this.arn", "(known after apply)"),
        ("aws_vpc.this.ipv4_ipam_pool_id", "tostring(null)"),
        ("aws_vpc.this.tags", "tomap({\n  \"Name\" = \"main\"\n  \"Terraform\" = \"true\"\n})"),
        // tags_all: the provider merges default_tags (none here) and tags.
        ("aws_vpc.this.tags_all", "tomap({\n  \"Name\" = \"main\"\n  \"Terraform\" = \"true\"\n})"),
        ("aws_subnet.public[*].arn", "[\n  (known after apply),\n  (known after apply),\n]"),
        ("aws_subnet.public[1].availability_zone", "\"eu-west-1b\""),
        ("aws_subnet.public[0].map_public_ip_on_launch", "false"),
        ("aws_eip.nat[0].public_ip", "(known after apply)"),
        ("aws_nat_gateway.this.connectivity_type", "\"public\""),
        ("aws_nat_gateway.this.network_interface_id", "(known after apply)"),
        // Attributes written as blocks (the SDK v2's route { … }).
        ("length(aws_default_route_table.default.route)", "2"),
        ("type(aws_default_route_table.default.route)", "set(\n    object({\n        cidr_block: string,\n        core_network_arn: string,\n        destination_prefix_list_id: string,\n        egress_only_gateway_id: string,\n        gateway_id: string,\n        instance_id: string,\n        ipv6_cidr_block: string,\n        nat_gateway_id: string,\n        network_interface_id: string,\n        transit_gateway_id: string,\n        vpc_endpoint_id: string,\n        vpc_peering_connection_id: string,\n    }),\n)"),
        ("[for r in aws_security_group.web.ingress : r.from_port]", "[\n  443,\n]"),
        ("aws_security_group.web.description", "\"Managed by Terraform\""),
        ("aws_security_group.web.egress", "(known after apply)"),
    ];
    for (expr, want) in cases {
        assert_eq!(console(VPC, expr).as_deref(), Ok(*want), "{expr}");
    }
}

/// The SDK v2 plans no nulls inside blocks: what a block (or an attribute
/// written as blocks) leaves unset is its zero value, maps excepted, as
/// terraform-provider-aws 5.100.0 planned them; version 6's `region`
/// defaults to the provider configuration's.
#[test]
fn aws_sdk_v2_blocks_plan_zero_values_and_regions_default_to_the_providers() {
    let module = "provider \"aws\" {\n  region = \"eu-west-1\"\n}\nresource \"aws_security_group\" \"web\" {\n  name = \"web\"\n  ingress {\n    from_port   = 443\n    to_port     = 443\n    protocol    = \"tcp\"\n    cidr_blocks = [\"0.0.0.0/0\"]\n  }\n}\nresource \"aws_instance\" \"i\" {\n  ami           = \"ami-123\"\n  instance_type = \"t3.micro\"\n  ebs_block_device {\n    device_name = \"/dev/sdb\"\n  }\n}\nresource \"aws_vpc\" \"v\" {\n  cidr_block = \"10.0.0.0/16\"\n}\n";
    let cases: &[(&str, &str)] = &[
        (
            "aws_security_group.web.ingress",
            "toset([\n  {\n    \"cidr_blocks\" = tolist([\n      \"0.0.0.0/0\",\n    ])\n    \"description\" = \"\"\n    \"from_port\" = 443\n    \"ipv6_cidr_blocks\" = tolist([])\n    \"prefix_list_ids\" = tolist([])\n    \"protocol\" = \"tcp\"\n    \"security_groups\" = toset([])\n    \"self\" = false\n    \"to_port\" = 443\n  },\n])",
        ),
        ("[for d in aws_instance.i.ebs_block_device : d.tags]", "[\n  tomap(null) /* of string */,\n]"),
        ("[for d in aws_instance.i.ebs_block_device : d.volume_size]", "[\n  (known after apply),\n]"),
        ("aws_instance.i.credit_specification", "tolist([])"),
        ("aws_instance.i.ephemeral_block_device", "(known after apply)"),
        ("aws_vpc.v.region", "\"eu-west-1\""),
        ("aws_vpc.v.ipv4_ipam_pool_id", "tostring(null)"),
    ];
    for (expr, want) in cases {
        assert_eq!(console(module, expr).as_deref(), Ok(*want), "{expr}");
    }
}

#[test]
fn aws_references_and_arguments_are_checked_against_the_schema() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "resource \"aws_vpc\" \"v\" {\n  cidr_block = \"10.0.0.0/16\"\n}\n",
            "aws_vpc.v.cidr",
            &["Unsupported attribute: This object has no argument, nested block, or exported attribute named \"cidr\". Did you mean \"id\"?"],
        ),
        ("resource \"aws_vpc\" \"v\" {\n  cidr = \"10.0.0.0/16\"\n}\n", "aws_vpc.v", &["Unsupported argument"]),
        ("resource \"aws_vpc\" \"v\" {\n  cidr_block = \"10.0.0.0/16\"\n  arn        = \"x\"\n}\n", "aws_vpc.v", &["Value for unconfigurable attribute"]),
        ("resource \"aws_subnet\" \"s\" {\n  cidr_block = \"10.0.0.0/24\"\n}\n", "aws_subnet.s", &["Missing required argument"]),
        // A type the provider serves with the plugin framework has its words.
        (
            "resource \"aws_vpc_security_group_ingress_rule\" \"r\" {\n  security_group_id = \"sg-1\"\n  ip_protocol       = \"tcp\"\n  cidr_ipv4         = \"0.0.0.0/0\"\n  arn               = \"x\"\n}\n",
            "aws_vpc_security_group_ingress_rule.r",
            &["Invalid Configuration for Read-Only Attribute"],
        ),
        ("resource \"aws_vpcc\" \"v\" {}\n", "aws_vpcc.v", &["no schema available for aws_vpcc.v to validate for self-references; this is a bug in Terraform and should be reported", "Invalid resource type: A managed resource type \"aws_vpcc\" is not supported by provider \"registry.terraform.io/hashicorp/aws\"."]),
        (
            "resource \"aws_security_group\" \"s\" {\n  ingress {\n    from_port = 1\n  }\n}\n",
            "aws_security_group.s.ingress.from_port",
            &["Unsupported attribute: Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?"],
        ),
    ];
    for (module, expr, want) in cases {
        assert_eq!(console(module, expr), Err(want.iter().map(|s| s.to_string()).collect::<Vec<_>>()), "{module}{expr}");
    }
}

#[test]
fn aws_data_sources_are_what_the_configuration_sets_the_rest_unknown() {
    let module = "data \"aws_ami\" \"ubuntu\" {\n  most_recent = true\n  owners      = [\"099720109477\"]\n}\n";
    assert_eq!(console(module, "data.aws_ami.ubuntu.most_recent").as_deref(), Ok("true"));
    assert_eq!(console(module, "data.aws_ami.ubuntu.owners").as_deref(), Ok("tolist([\n  \"099720109477\",\n])"));
    assert_eq!(console(module, "data.aws_ami.ubuntu.id").as_deref(), Ok("(known after apply)"));
    assert_eq!(console(module, "data.aws_ami.ubuntu.name_regex").as_deref(), Ok("tostring(null)"));
}

/// tests/providers/aws_cases.json: modules and what the real `terraform
/// console -plan` printed with terraform-provider-aws 5.100.0
/// (tools/providers/record_cases.py).
#[test]
fn aws_data_sources_computed_offline_match_the_provider() {
    let cases: serde_json::Value = serde_json::from_str(include_str!("providers/aws_cases.json")).expect("aws_cases.json");
    let mut failures = Vec::new();
    for case in cases.as_array().into_iter().flatten() {
        let module = case["module"].as_str().unwrap_or_default();
        let filename = case["filename"].as_str().unwrap_or("main.tf");
        // Child modules' files, by path.
        let others = case["files"].as_object().into_iter().flatten().map(|(n, t)| (n.clone(), t.as_str().unwrap_or_default().to_string()));
        let files: Vec<(String, String)> = std::iter::once((filename.to_string(), module.to_string())).chain(others).collect();
        for e in case["exprs"].as_array().into_iter().flatten() {
            let expr = e["expr"].as_str().unwrap_or_default();
            let got = console_summaries(files.clone(), expr);
            let want = match e.get("console") {
                Some(c) => Ok(c.as_str().unwrap_or_default().to_string()),
                None => Err(e["errors"].as_array().into_iter().flatten().filter_map(|x| x.as_str().map(String::from)).collect()),
            };
            if got != want {
                failures.push(format!("{} {expr}:\n  want {want:?}\n  got  {got:?}", case["name"]));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Instances of one type have one type, whatever blocks each writes: an
/// absent or empty list of blocks keeps the schema's element type (as in
/// Azure's vnet module, whose subnets unify in a conditional).
#[test]
fn instances_with_and_without_blocks_have_the_schemas_type() {
    let module = "resource \"azurerm_subnet\" \"s\" {\n  for_each             = { a = [], b = [\"x\"] }\n  name                 = each.key\n  resource_group_name  = \"rg\"\n  virtual_network_name = \"v\"\n  dynamic \"delegation\" {\n    for_each = each.value\n    content {\n      name = delegation.value\n      service_delegation {\n        name = \"Microsoft.Sql/managedInstances\"\n      }\n    }\n  }\n}\n";
    assert_eq!(console(module, "length(true ? [for s in azurerm_subnet.s : s] : [])").as_deref(), Ok("2"));
    assert_eq!(console(module, "azurerm_subnet.s[\"a\"].delegation").as_deref(), Ok("tolist([])"));
    assert_eq!(
        console(module, "azurerm_subnet.s[\"b\"].delegation[0].service_delegation[0].actions").as_deref(),
        Ok("toset(null) /* of string */"),
    );
}

/// A module without a provider block of its own uses the root module's
/// (its constant arguments: the root's variables are not in its scope).
#[test]
fn child_modules_inherit_the_root_modules_provider_configuration() {
    let opts = ModuleOptions { installation: Installation::Initialized, providers: Some(data()), ..ModuleOptions::default() };
    let files = vec![
        ("main.tf".to_string(), "provider \"aws\" {\n  region = \"eu-central-1\"\n}\nmodule \"net\" {\n  source = \"./net\"\n}\n".to_string()),
        ("net/main.tf".to_string(), "data \"aws_region\" \"here\" {}\nresource \"aws_vpc\" \"v\" {\n  cidr_block = \"10.0.0.0/16\"\n}\noutput \"region\" {\n  value = data.aws_region.here.description\n}\noutput \"vpc_region\" {\n  value = aws_vpc.v.region\n}\n".to_string()),
    ];
    let module = Module::load(files, &opts);
    let evaluation = module.evaluate(&Inputs::default());
    assert_eq!(evaluation.console("module.net.region").map(|r| r.console).ok().as_deref(), Some("\"Europe (Frankfurt)\""));
    assert_eq!(evaluation.console("module.net.vpc_region").map(|r| r.console).ok().as_deref(), Some("\"eu-central-1\""));
}

#[test]
fn a_provider_the_data_lacks_keeps_the_configuration_as_written() {
    let module = "resource \"example_widget\" \"w\" {\n  size = 3\n}\nlocals {\n  id = example_widget.w.anything\n}\n";
    assert_eq!(console(module, "example_widget.w.size").as_deref(), Ok("3"));
    assert_eq!(console(module, "local.id").as_deref(), Ok("(known after apply)"));
    // The evaluation says which types were planned as written.
    let opts = ModuleOptions { installation: Installation::Initialized, providers: Some(data()), ..ModuleOptions::default() };
    let module = Module::load(
        vec![(
            "main.tf".into(),
            format!(
                "{module}data \"example_thing\" \"t\" {{}}\nresource \"random_pet\" \"p\" {{}}\nresource \"terraform_data\" \"d\" {{}}\n"
            ),
        )],
        &opts,
    );
    assert_eq!(module.evaluate(&Inputs::default()).guessed_types(), ["data.example_thing", "example_widget"]);
}

/// Summaries of the errors and of the warnings, and what the console
/// prints for `expr`, with `json` as the variables.
fn plan_with(module: &str, json: Option<&str>, expr: &str) -> (Vec<String>, Vec<String>, String) {
    let opts = ModuleOptions { installation: Installation::Initialized, providers: Some(data()), ..ModuleOptions::default() };
    let module = Module::load(vec![("main.tf".into(), module.into())], &opts);
    let evaluation = module.evaluate(&Inputs { json: json.map(String::from), ..Inputs::default() });
    let summaries = |warning: bool| {
        evaluation.diagnostics.iter().filter(|d| d.warning == warning).map(|d| d.diagnostic.summary.clone()).collect::<Vec<_>>()
    };
    let console = evaluation.console(expr).map(|r| r.console).unwrap_or_else(|ds| format!("{ds:?}"));
    (summaries(false), summaries(true), console)
}

/// A data source whose configuration is known is read while planning, so a
/// real plan knows a `count` or `for_each` derived from it: no error here
/// either, a warning that names it and the instances unknown, until
/// `__state__` gives its attributes. Deferred reads (`depends_on` a
/// managed resource) and resource attributes keep Terraform's error.
#[test]
fn counts_over_data_read_while_planning_are_not_errors() {
    const NOT_READ: &str = "Instances depend on data read while planning";
    let module = r#"
data "aws_caller_identity" "current" {}
data "aws_availability_zones" "available" {
  state = "available"
}
locals {
  account_id = try(data.aws_caller_identity.current.account_id, "")
}
resource "aws_iam_role" "r" {
  count              = local.account_id == "" ? 1 : 0
  name               = "r"
  assume_role_policy = "{}"
}
resource "aws_subnet" "s" {
  for_each          = toset(data.aws_availability_zones.available.names)
  vpc_id            = "vpc-1"
  availability_zone = each.key
}
resource "aws_eip" "e" {
  for_each = { a = data.aws_caller_identity.current.arn }
  tags     = { Owner = each.value }
}
"#;
    let (errors, warnings, console) = plan_with(module, None, "aws_iam_role.r");
    // Two, consolidated as the console consolidates warnings.
    assert_eq!((errors, warnings, console.as_str()), (vec![], vec![NOT_READ.to_string()], "(known after apply)"));
    // Known keys with values from the data source plan their instances.
    let (_, _, console) = plan_with(module, None, "keys(aws_eip.e)");
    assert_eq!(console, "[\n  \"a\",\n]");
    let state = r#"{"__state__": {"data.aws_caller_identity.current": {"account_id": "123456789012"},
        "data.aws_availability_zones.available": {"names": ["eu-west-1a", "eu-west-1b"]}}}"#;
    let (errors, warnings, console) = plan_with(module, Some(state), "[length(aws_iam_role.r), keys(aws_subnet.s)]");
    assert_eq!((errors.len(), warnings.len()), (0, 0));
    assert_eq!(console, "[\n  0,\n  [\n    \"eu-west-1a\",\n    \"eu-west-1b\",\n  ],\n]");

    let deferred = "resource \"aws_vpc\" \"v\" {\n  cidr_block = \"10.0.0.0/16\"\n}\ndata \"aws_caller_identity\" \"current\" {\n  depends_on = [aws_vpc.v]\n}\nresource \"aws_eip\" \"e\" {\n  count = data.aws_caller_identity.current.account_id == \"\" ? 1 : 0\n}\n";
    let from_resource = "resource \"aws_vpc\" \"v\" {\n  cidr_block = \"10.0.0.0/16\"\n}\nresource \"aws_eip\" \"e\" {\n  count = aws_vpc.v.id == \"\" ? 1 : 0\n}\n";
    for module in [deferred, from_resource] {
        let (errors, warnings, _) = plan_with(module, None, "1");
        assert_eq!(errors, ["Invalid count argument"], "{module}");
        assert!(!warnings.iter().any(|w| w == NOT_READ), "{module}");
    }
}

/// A module that pins a provider version the data is not of (random 3.9.0
/// here) gets what Terraform would install for it planned as written, no
/// schema of another version; the guessed types say so.
#[test]
fn a_version_constraint_the_data_does_not_meet_plans_as_written() {
    let opts = ModuleOptions { installation: Installation::Initialized, providers: Some(data()), ..ModuleOptions::default() };
    for (constraint, guessed) in [("~> 2.0", true), (">= 3.0, < 4.0", false), ("~> 3.9.0", false), ("!= 3.9.0", true)] {
        let files = vec![
            ("main.tf".to_string(), "resource \"random_pet\" \"p\" {}\nmodule \"m\" {\n  source = \"./m\"\n}\n".to_string()),
            (
                "m/main.tf".to_string(),
                format!("terraform {{\n  required_providers {{\n    random = {{ source = \"hashicorp/random\", version = \"{constraint}\" }}\n  }}\n}}\n"),
            ),
        ];
        let module = Module::load(files, &opts);
        let evaluation = module.evaluate(&Inputs::default());
        assert_eq!(evaluation.guessed_types() == ["random_pet"], guessed, "{constraint}");
        let separator = evaluation.console("random_pet.p.separator").map(|r| r.console).ok();
        let want = if guessed { "(known after apply)" } else { "\"-\"" };
        assert_eq!(separator.as_deref(), Some(want), "{constraint}");
    }
}

/// The data keeps azurerm 4.79.0 beside 5.2.0: a module that pins `~> 4.0`
/// is planned with 4.x's schema (`service_endpoints`, which 5.0 removed).
#[test]
fn a_pinned_older_major_version_uses_the_datas_older_schema() {
    let subnet = "resource \"azurerm_subnet\" \"s\" {\n  name                 = \"s\"\n  resource_group_name  = \"rg\"\n  virtual_network_name = \"v\"\n  address_prefixes     = [\"10.0.1.0/24\"]\n  service_endpoints    = [\"Microsoft.Storage\"]\n}\n";
    let pinned = format!(
        "terraform {{\n  required_providers {{\n    azurerm = {{ source = \"hashicorp/azurerm\", version = \"~> 4.0\" }}\n  }}\n}}\n{subnet}"
    );
    assert_eq!(console(&pinned, "azurerm_subnet.s.service_endpoints").as_deref(), Ok("toset([\n  \"Microsoft.Storage\",\n])"));
    assert_eq!(console(subnet, "1"), Err(vec!["Unsupported argument".to_string()]));
}

/// OpenTofu's console holds a resource whose schema has a sensitive
/// attribute, inside a nested block too (an MQ broker's user.password),
/// as an object of unknown attributes; recorded with `tofu console`
/// 1.12.6 and aws 5.100.0.
#[test]
fn opentofu_holds_a_resource_with_a_nested_sensitive_attribute_as_an_object() {
    let module = "terraform {\n  required_providers {\n    aws = { source = \"hashicorp/aws\", version = \"~> 5.0\" }\n  }\n}\nresource \"aws_mq_broker\" \"a\" {\n  broker_name        = \"x\"\n  engine_type        = \"RabbitMQ\"\n  engine_version     = \"3.12.13\"\n  host_instance_type = \"mq.t3.micro\"\n  user {\n    username = \"u\"\n    password = \"p\"\n  }\n}\n";
    let opts = ModuleOptions {
        profile: hcl_playground::Profile::OpenTofu,
        installation: Installation::Initialized,
        providers: Some(data()),
        ..ModuleOptions::default()
    };
    let evaluation = Module::load(vec![("main.tf".into(), module.into())], &opts).evaluate(&Inputs::default());
    let got = evaluation.console("aws_mq_broker.a").map(|r| r.console).map_err(|_| ());
    assert_eq!(got.as_deref(), Ok("{\n  \"apply_immediately\" = (known after apply)\n  \"arn\" = (known after apply)\n  \"authentication_strategy\" = (known after apply)\n  \"auto_minor_version_upgrade\" = (known after apply)\n  \"broker_name\" = (known after apply)\n  \"configuration\" = (known after apply)\n  \"data_replication_mode\" = (known after apply)\n  \"data_replication_primary_broker_arn\" = (known after apply)\n  \"deployment_mode\" = (known after apply)\n  \"encryption_options\" = (known after apply)\n  \"engine_type\" = (known after apply)\n  \"engine_version\" = (known after apply)\n  \"host_instance_type\" = (known after apply)\n  \"id\" = (known after apply)\n  \"instances\" = (known after apply)\n  \"ldap_server_metadata\" = (known after apply)\n  \"logs\" = (known after apply)\n  \"maintenance_window_start_time\" = (known after apply)\n  \"pending_data_replication_mode\" = (known after apply)\n  \"publicly_accessible\" = (known after apply)\n  \"security_groups\" = (known after apply)\n  \"storage_type\" = (known after apply)\n  \"subnet_ids\" = (known after apply)\n  \"tags\" = (known after apply)\n  \"tags_all\" = (known after apply)\n  \"timeouts\" = (known after apply)\n  \"user\" = (known after apply)\n}"));
}
