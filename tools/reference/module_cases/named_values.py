# Named values outside variables, locals and resources: path.*,
# terraform.workspace, count/each/self outside their blocks, the seed
# documents' restrictions (no var["x"], no iterating over a resource type,
# references to undeclared resources), and what the console prints for
# special values.
A = "named-values"

case(A, "paths", '''
    locals {
      paths = [path.module, path.root, path.cwd]
    }
''', ["path.module", "path.root", "path.cwd", "local.paths", "abspath(path.module)", "basename(path.cwd)", "path", "path.nope", 'path["module"]'])

case(A, "workspace-default", '''
    locals {
      ws = terraform.workspace
    }
''', ["terraform.workspace", "local.ws", "terraform", "terraform.nope", 'terraform["workspace"]'])

case(A, "workspace-named", '''
    locals {
      name = "app-${terraform.workspace}"
    }
    resource "terraform_data" "a" {
      count = terraform.workspace == "default" ? 0 : 1
      input = terraform.workspace
    }
''', ["terraform.workspace", "local.name", "terraform_data.a[*].input"], workspace="staging")

case(A, "workspace-invalid-name", '''
    locals {
      ws = terraform.workspace
    }
''', ["terraform.workspace"], workspace="bad name/x")

case(A, "terraform-applying", '''
    locals {
      applying = terraform.applying
    }
''', ["terraform.applying", "local.applying", "type(terraform.applying)"])

case(A, "var-index-not-allowed", '''
    variable "x" {
      default = 1
    }
    locals {
      y = var["x"]
    }
''', ['var["x"]', "local.y"])

case(A, "var-iterate-not-allowed", '''
    variable "x" {
      default = 1
    }
''', ["[for v in var : v]", "keys(var)"])

case(A, "iterate-resource-type-not-allowed", '''
    resource "terraform_data" "a" {}
    resource "terraform_data" "b" {}
''', ["[for r in terraform_data : r.id]", "terraform_data", "length(terraform_data)"])

case(A, "resource-type-index-not-allowed", '''
    resource "terraform_data" "a" {
      input = "x"
    }
''', ['terraform_data["a"]', "terraform_data.a.input"])

case(A, "undeclared-resource", '''
    resource "terraform_data" "example" {}
''', ["aws_instance.example.id", "terraform_data.exmaple", "terraform_data.other.id", "aws_instance.example"])

case(A, "undeclared-resource-in-config", '''
    output "id" {
      value = aws_instance.example.id
    }
''', ["1"])

case(A, "resource-prefix", '''
    resource "terraform_data" "a" {
      input = "x"
    }
''', ["resource.terraform_data.a.input", "resource.terraform_data.a", "resource.terraform_data"])

case(A, "count-in-console", '''
    resource "terraform_data" "a" {
      count = 1
    }
''', ["count.index", "count", "each.key", "each", "self", "self.id"])

case(A, "module-undeclared", '''
    locals {
      a = 1
    }
''', ["module.nope", "module.nope.out", "module"])

case(A, "unknown-root-name", '''
    locals {
      a = 1
    }
''', ["foo", "foo.bar", "loca.a", "locals.a"])

case(A, "ephemeral-resource-undeclared", '''
    locals {
      a = 1
    }
''', ["ephemeral.random_password.p", "ephemeral.x.y.z"])

case(A, "self-in-locals-and-outputs", '''
    output "o" {
      value = self
    }
''', ["1"])

case(A, "provider-functions", '''
    terraform {
      required_providers {
        terraform = {
          source = "terraform.io/builtin/terraform"
        }
      }
    }
    locals {
      enc = provider::terraform::encode_expr({ a = [1, "b"] })
      tfv = provider::terraform::encode_tfvars({ a = 1, b = "x" })
      dec = provider::terraform::decode_tfvars("a = 1\\nb = [true]")
    }
''', ["local.enc", "local.tfv", "local.dec", 'provider::terraform::encode_expr("x")', "provider::terraform::nope(1)"])

case(A, "provider-functions-undeclared", '''
    locals {
      enc = provider::terraform::encode_expr(1)
    }
''', ["local.enc"])

case(A, "console-printing", '''
    variable "pw" {
      default   = "p"
      sensitive = true
    }
    resource "terraform_data" "a" {
      input = "x"
    }
    locals {
      mixed = {
        known     = "k"
        unknown   = terraform_data.a.id
        sensitive = var.pw
        null_str  = tostring(null)
        null_any  = null
        nested    = [terraform_data.a.id, 1]
        empty_l   = []
        empty_m   = {}
        set       = toset(["b", "a"])
        number    = 1e3
        multiline = "line1\\nline2\\n"
      }
    }
''', ["local.mixed", "local.mixed.unknown", "local.mixed.multiline", "local.mixed.null_str", "local.mixed.set", "type(local.mixed)"])

case(A, "console-type-function", '''
    variable "l" {
      type    = list(object({ a = string }))
      default = [{ a = "x" }]
    }
    resource "terraform_data" "a" {}
''', ["type(var.l)", "type(terraform_data.a)", "type(terraform_data.a.id)", "type(1)", "[type(1)]", "type(var.l[0]).a"])

case(A, "console-errors", '''
    locals {
      m = { a = 1 }
      l = [1, 2]
    }
''', ["local.m.b", "local.l[5]", 'local.l["x"]', "local.m[0]", "1 +", "upper(1, 2)", "nofunc(1)", "local.l.foo", "local.m.a.b"])

case(A, "console-exit", '''
    locals {
      a = 1
    }
''', ["exit", "help"])

# Added with the built-in provider's functions: what the first corpus left
# open.
case(A, "provider-functions-layout", '''
    terraform {
      required_providers {
        terraform = {
          source = "terraform.io/builtin/terraform"
        }
      }
    }
    locals {
      expr   = provider::terraform::encode_expr({ a = 1, bbb = { c = "x${"$"}{y}", dd = [true, null] }, "with space" = 2 })
      tfvars = provider::terraform::encode_tfvars({ a = 1, long_name = { x = [] }, b = {} })
    }
''', exprs=["local.expr", "local.tfvars", 'provider::terraform::decode_tfvars("a = ")', "provider::terraform::encode_tfvars(null)"])
