# The seed documents' examples (/work/shared/seeds: "References to Named
# Values", "Local Named Values", "References to Resource Attributes",
# "Values Not Yet Known", splat expressions, "dynamic blocks", strings and
# templates, operators) inside a module. Examples written for a cloud
# provider are recorded twice: as written (the provider cannot be
# installed here, which is itself what Terraform reports) and with
# terraform_data in place of the provider's resource type.
A = "seeds"

case(A, "var-a-default-conditional", '''
    variable "a" {
      type    = string
      default = ""
    }
''', ['var.a != "" ? var.a : "default-a"'])

case(A, "var-a-given-conditional", '''
    variable "a" {
      type = string
    }
''', ['var.a != "" ? var.a : "default-a"'], vars={"a": "given"})

case(A, "for-over-list", '''
    variable "list" {
      type    = list(string)
      default = ["a", "", "bc"]
    }
''', ["[for s in var.list : upper(s)]", "{for s in var.list : s => upper(s)}", '[for s in var.list : upper(s) if s != ""]',
      'var.list', 'type(var.list)'])

case(A, "for-over-map", '''
    variable "map" {
      type    = map(string)
      default = { a = "xy", bb = "z" }
    }
''', ["[for k, v in var.map : length(k) + length(v)]", "{ for k, v in var.map : v => k }"])

case(A, "for-grouping", '''
    variable "list" {
      default = ["apple", "avocado", "banana", ""]
    }
''', ['{for s in var.list : substr(s, 0, 1) => s... if s != ""}'])

case(A, "splat-list-of-objects", '''
    variable "list" {
      type = list(object({
        id         = string
        interfaces = list(object({ name = string }))
      }))
      default = [
        { id = "i-1", interfaces = [{ name = "eth0" }, { name = "eth1" }] },
        { id = "i-2", interfaces = [{ name = "en0" }] },
      ]
    }
''', ["[for o in var.list : o.id]", "var.list[*].id", "var.list[*].interfaces[0].name", "[for o in var.list : o.interfaces[0].name]",
      "var.list.*.interfaces[0].name", "[for o in var.list : o.interfaces][0].name"])

case(A, "splat-single-object", '''
    variable "single_object" {
      default = { id = "only" }
    }
    variable "nothing" {
      type    = object({ id = string })
      default = null
    }
''', ["var.single_object[*].id", "[var.single_object][*].id", "var.nothing[*].id"])

case(A, "hello-name", '''
    variable "name" {
      default = "Juan"
    }
''', ['"Hello, ${var.name}!"', '"Hello, %{ if var.name != "" }${var.name}%{ else }unnamed%{ endif }!"'])

case(A, "hello-name-empty", '''
    variable "name" {
      default = ""
    }
''', ['"Hello, %{ if var.name != "" }${var.name}%{ else }unnamed%{ endif }!"'])

case(A, "list-comparison", '''
    variable "list" {
      type    = list(string)
      default = []
    }
''', ["var.list == []", "length(var.list) == 0", "var.list == tolist([])"])

case(A, "local-object-attrname", '''
    locals {
      list   = ["a", "b", "c", "d"]
      object = { attrname = "value" }
      map    = { keyname = "v" }
    }
''', ["local.list[3]", "local.object.attrname", 'local.map["keyname"]'])

case(A, "named-values-list", files={"main.tf": '''
    variable "list" {
      default = ["x"]
    }
    locals {
      object = { attrname = 1 }
    }
    resource "terraform_data" "example" {
      input = "configured"
    }
    module "child" {
      source = "./child"
    }
''', "child/main.tf": '''
    output "out" {
      value = "from child"
    }
'''}, exprs=["terraform_data.example", "var.list", "local.object.attrname", "module.child.out", "path.module", "path.root",
             "path.cwd", "terraform.workspace"])

case(A, "aws-instance-as-written", '''
    resource "aws_instance" "example" {
      ami           = "ami-abc123"
      instance_type = "t2.micro"

      ebs_block_device {
        device_name = "sda2"
        volume_size = 16
      }
      ebs_block_device {
        device_name = "sda3"
        volume_size = 20
      }
    }
''', ["aws_instance.example.ami", "aws_instance.example.id", "aws_instance.example.ebs_block_device[*].device_name"], init=False)

case(A, "aws-instance-with-terraform-data", '''
    resource "terraform_data" "example" {
      input = {
        ami           = "ami-abc123"
        instance_type = "t2.micro"
        ebs_block_device = [
          { device_name = "sda2", volume_size = 16 },
          { device_name = "sda3", volume_size = 20 },
        ]
        device = {
          foo = { size = 2 }
          bar = { size = 4 }
        }
      }
    }
''', ["terraform_data.example.input.ami", "terraform_data.example.id", "terraform_data.example.input.ebs_block_device[*].device_name",
      'terraform_data.example.input.device["foo"].size', "{for k, device in terraform_data.example.input.device : k => device.size}"])

case(A, "count-instances", '''
    resource "terraform_data" "example" {
      count = 2
      input = { private_ip = "10.0.0.${count.index + 1}" }
    }
''', ["terraform_data.example[*].id", "terraform_data.example[0].id", "terraform_data.example[*].input.private_ip"])

case(A, "for-each-instances", '''
    resource "terraform_data" "example" {
      for_each = toset(["a", "b"])
      input    = each.key
    }
''', ['terraform_data.example["a"].id', "[for value in terraform_data.example : value.id]", "values(terraform_data.example)[*].id",
      "terraform_data.example[*].id"])

case(A, "values-not-yet-known-count", '''
    resource "terraform_data" "example" {}
    resource "terraform_data" "dependent" {
      count = length(terraform_data.example.id) > 0 ? 1 : 0
    }
''', ["terraform_data.dependent"])

case(A, "values-not-yet-known-module", files={"main.tf": '''
    resource "terraform_data" "example" {}
    module "child" {
      source = "./child"
      in     = terraform_data.example.id
    }
''', "child/main.tf": '''
    variable "in" {}
    output "out" {
      value = var.in
    }
    output "upper" {
      value = upper(var.in)
    }
'''}, exprs=["module.child.out", "module.child.upper", "module.child"])

case(A, "template-for-ips", '''
    resource "terraform_data" "example" {
      count = 2
      input = { private_ip = "10.0.0.${count.index + 1}" }
    }
    locals {
      known = <<EOT
    %{ for ip in terraform_data.example[*].input.private_ip }
    server ${ip}
    %{ endfor }
    EOT
      stripped = <<EOT
    %{ for ip in terraform_data.example[*].input.private_ip ~}
    server ${ip}
    %{ endfor ~}
    EOT
      unknown = <<EOT
    %{ for id in terraform_data.example[*].id ~}
    server ${id}
    %{ endfor ~}
    EOT
    }
''', ["local.known", "local.stripped", "local.unknown"])

case(A, "dynamic-setting-as-written", '''
    variable "settings" {
      default = [{ namespace = "aws:ec2", name = "InstanceType", value = "t2.micro" }]
    }
    resource "aws_elastic_beanstalk_environment" "tfenvtest" {
      name                = "tf-test-name"
      application         = "${aws_elastic_beanstalk_application.tftest.name}"
      solution_stack_name = "64bit Amazon Linux 2018.03 v2.11.4 running Go 1.12.6"

      dynamic "setting" {
        for_each = var.settings
        content {
          namespace = setting.value["namespace"]
          name      = setting.value["name"]
          value     = setting.value["value"]
        }
      }
    }
''', ["aws_elastic_beanstalk_environment.tfenvtest"], init=False)

case(A, "dynamic-ingress-as-written", '''
    variable "service_ports" {
      default = [22, 80]
    }
    resource "aws_security_group" "example" {
      name = "example" # can use expressions here

      dynamic "ingress" {
        for_each = var.service_ports
        content {
          from_port = ingress.value
          to_port   = ingress.value
          protocol  = "tcp"
        }
      }
    }
''', ["aws_security_group.example"], init=False)

case(A, "dynamic-with-store", '''
    variable "settings" {
      default = [{ namespace = "aws:ec2", name = "InstanceType", value = "t2.micro" }]
    }
    resource "terraform_data" "tfenvtest" {
      input = "tf-test-name"
      dynamic "store" {
        for_each = var.settings
        content {
          version = "${store.value["namespace"]}/${store.value["name"]}"
          input   = store.value["value"]
        }
      }
    }
''', ["terraform_data.tfenvtest.store", "terraform_data.tfenvtest.store.version"])

case(A, "null-argument-omitted", '''
    variable "use_input" {
      default = false
    }
    resource "terraform_data" "a" {
      input = var.use_input ? "given" : null
    }
''', ["terraform_data.a", "terraform_data.a.input"])

case(A, "operators-on-variables", '''
    variable "a" {
      default = 5
    }
    variable "b" {
      default = 2
    }
''', ["var.a + var.b", "var.a % var.b", "var.a / var.b", "-var.a", "var.a > var.b && !(var.b == 2)", "var.a == \"5\""])

case(A, "waypoint-business-unit-key", '''
    variable "business_unit_tag_name" {
      default = "BU"
    }
''', ['{ (var.business_unit_tag_name) = "SRE" }', '{ var.business_unit_tag_name = "SRE" }'])

case(A, "heredoc-in-block", '''
    locals {
      value = <<EOT
    hello
    world
    EOT
      indented = <<-EOT
      hello
        world
      EOT
    }
    resource "terraform_data" "block" {
      input = <<-EOT
      hello
        world
      EOT
    }
''', ["local.value", "local.indented", "terraform_data.block.input", "local.value == local.indented"])

case(A, "object-literal-john", '''
    locals {
      person = {
        name = "John"
        age  = 52
      }
      inline = { name = "John", age = 52 }
    }
''', ["local.person", "local.person == local.inline", "type(local.person)"])

case(A, "null-module-argument-omitted", files={"main.tf": '''
    module "child" {
      source   = "./child"
      optional = null
      required = null
    }
''', "child/main.tf": '''
    variable "optional" {
      default = "child default"
    }
    variable "required" {
      type     = string
      nullable = false
    }
    output "values" {
      value = [var.optional, var.required]
    }
'''}, exprs=["module.child.values"])

case(A, "null-module-argument-default", files={"main.tf": '''
    variable "enabled" {
      default = false
    }
    module "child" {
      source = "./child"
      name   = var.enabled ? "given" : null
    }
''', "child/main.tf": '''
    variable "name" {
      type     = string
      default  = "fallback"
      nullable = false
    }
    output "name" {
      value = var.name
    }
'''}, exprs=["module.child.name"])
