# Whole configurations (issue 22): the configuration errors after which
# the consoles evaluate nothing (exit 1, the diagnostics alone), several
# files, the console-only `type` function inside a configuration, check
# blocks whose assertions are not known while planning, and OpenTofu's
# own language under its profile (the `enabled` meta-argument, `for_each`
# on provider configurations, the `language` block, `.tofu` files).
A = "configuration"

# ------------------------------------------------------------ where it stops

case(A, "duplicate-output-across-files", files={
    "main.tf": '''
        output "a" {
          value = 1
        }
    ''',
    "outputs.tf": '''
        output "a" {
          value = 2
        }
    '''}, exprs=["1 + 1"])

case(A, "duplicate-data-source", '''
    data "terraform_remote_state" "s" {
      backend = "local"
    }
    data "terraform_remote_state" "s" {
      backend = "local"
    }
''', ["1 + 1"])

case(A, "duplicate-locals-across-files", files={
    "a.tf": '''
        locals {
          x = 1
        }
    ''',
    "b.tf": '''
        locals {
          x = 2
        }
    '''}, exprs=["local.x"])

case(A, "duplicate-module-call", files={
    "main.tf": '''
        module "m" {
          source = "./m"
        }
        module "m" {
          source = "./m"
        }
    ''',
    "m/main.tf": '''
        output "o" {
          value = 1
        }
    '''}, exprs=["module.m"])

case(A, "count-and-for-each-on-module", files={
    "main.tf": '''
        module "m" {
          source   = "./m"
          count    = 1
          for_each = {}
        }
    ''',
    "m/main.tf": '''
        output "o" {
          value = 1
        }
    '''}, exprs=["module.m"])

case(A, "unclosed-block-in-second-file", files={
    "main.tf": '''
        locals {
          a = 1
        }
    ''',
    "other.tf": '''
        locals {
          b = 2
    '''}, exprs=["local.a"])

case(A, "unsupported-output-argument", '''
    output "o" {
      value       = 1
      descripton  = "typo"
    }
''', ["1"])

case(A, "module-call-missing-and-unsupported-arguments", files={
    "main.tf": '''
        module "m" {
          source = "./m"
          nme    = "x"
        }
    ''',
    "m/main.tf": '''
        variable "name" {
          type = string
        }
        output "o" {
          value = var.name
        }
    '''}, exprs=["module.m.o"])

case(A, "errors-in-values-do-not-stop", '''
    locals {
      a = 1 + "x"
      b = 2
    }
''', ["local.b", "local.a"])

case(A, "syntax-error-in-child-module", files={
    "main.tf": '''
        module "m" {
          source = "./m"
        }
    ''',
    "m/main.tf": '''
        output "o" {
          value = [1,
        }
    '''}, exprs=["1"])

# ------------------------------------------------- type() in a configuration

case(A, "type-function-in-configuration", '''
    variable "v" {
      default = 1
      validation {
        condition     = type(var.v) != ""
        error_message = "No."
      }
    }
    locals {
      t = type(1)
    }
    output "o" {
      value = type(2)
    }
    resource "terraform_data" "r" {
      input = type(3)
    }
''', ["local.t", "type(local.t)", "terraform_data.r.input"])

case(A, "type-function-in-child-module", files={
    "main.tf": '''
        module "m" {
          source = "./m"
        }
    ''',
    "m/main.tf": '''
        output "o" {
          value = type("x")
        }
    '''}, exprs=["module.m.o", "type(module.m)"])

# ------------------------------------------------------------- check blocks

case(A, "check-assertion-known-after-apply", '''
    resource "terraform_data" "a" {
      input = "x"
    }
    check "c" {
      assert {
        condition     = terraform_data.a.id != ""
        error_message = "No id."
      }
    }
''', ["terraform_data.a.input"])

case(A, "check-assertion-partly-known", '''
    resource "terraform_data" "a" {
      input = "x"
    }
    check "known" {
      assert {
        condition     = terraform_data.a.input == "x"
        error_message = "Not x."
      }
    }
    check "unknown" {
      assert {
        condition     = terraform_data.a.output == "x"
        error_message = "Output not x."
      }
      assert {
        condition     = length(terraform_data.a.id) > 0
        error_message = "No id."
      }
    }
''', ["1"])

case(A, "check-assertion-unknown-and-failing", '''
    variable "n" {
      default = 1
    }
    resource "terraform_data" "a" {}
    check "c" {
      assert {
        condition     = var.n > 2
        error_message = "Too small."
      }
      assert {
        condition     = terraform_data.a.id == "y"
        error_message = "Not y."
      }
    }
''', ["var.n"])

case(A, "check-assertion-unknown-for-each-resource", '''
    resource "terraform_data" "a" {
      for_each = toset(["x", "y"])
      input    = each.key
    }
    check "c" {
      assert {
        condition     = alltrue([for r in terraform_data.a : r.output != ""])
        error_message = "Empty."
      }
    }
''', ["length(terraform_data.a)"])

# ------------------------------------------------------- OpenTofu's language

case(A, "enabled-meta-argument", '''
    variable "create" {
      type    = bool
      default = true
    }
    resource "terraform_data" "on" {
      input = "a"
      lifecycle {
        enabled = var.create
      }
    }
    resource "terraform_data" "off" {
      input = "b"
      lifecycle {
        enabled = !var.create
      }
    }
    locals {
      on  = terraform_data.on.input
      off = terraform_data.off
    }
''', ["terraform_data.on", "terraform_data.on.input", "terraform_data.off", "local.off", "type(terraform_data.off)", "terraform_data.off.input", "terraform_data.on[0]"])

case(A, "enabled-meta-argument-errors", '''
    variable "maybe" {
      type    = bool
      default = null
    }
    resource "terraform_data" "both" {
      count = 1
      lifecycle {
        enabled = true
      }
    }
    resource "terraform_data" "null" {
      lifecycle {
        enabled = var.maybe
      }
    }
''', ["terraform_data.null"])

case(A, "enabled-meta-argument-not-bool", '''
    resource "terraform_data" "s" {
      lifecycle {
        enabled = "yes"
      }
    }
    resource "terraform_data" "n" {
      lifecycle {
        enabled = 1
      }
    }
    resource "terraform_data" "u" {
      lifecycle {
        enabled = terraform_data.s.id != ""
      }
    }
''', ["terraform_data.s", "terraform_data.n", "terraform_data.u"])

case(A, "enabled-on-module-call", files={
    "main.tf": '''
        module "on" {
          source = "./m"
          lifecycle {
            enabled = true
          }
        }
        module "off" {
          source = "./m"
          lifecycle {
            enabled = false
          }
        }
    ''',
    "m/main.tf": '''
        output "o" {
          value = "hi"
        }
    '''}, exprs=["module.on", "module.on.o", "module.off", "module.off.o"])

case(A, "enabled-on-data-source", '''
    data "terraform_remote_state" "s" {
      backend = "local"
      config = {
        path = "nope.tfstate"
      }
      lifecycle {
        enabled = false
      }
    }
''', ["data.terraform_remote_state.s"])

case(A, "language-block", '''
    language {
      compatible_with {
        opentofu  = ">= 1.12"
        terraform = ">= 1.10"
      }
    }
    locals {
      a = 1
    }
''', ["local.a"])

case(A, "language-block-unmet", '''
    language {
      compatible_with {
        opentofu = ">= 9.0"
      }
    }
    locals {
      a = 1
    }
''', ["local.a"])

case(A, "language-block-malformed", '''
    language {
      edition = "tofu2024"
      compatible_with {
        opentofu = 1
      }
      nope = true
    }
''', ["1"])

case(A, "tofu-files-take-precedence", files={
    "main.tf": '''
        locals {
          who = "tf"
        }
    ''',
    "main.tofu": '''
        locals {
          who = "tofu"
        }
    ''',
    "extra.tofu": '''
        locals {
          extra = "only in tofu"
        }
    '''}, exprs=["local.who", "local.extra"])

case(A, "provider-for-each", '''
    terraform {
      required_providers {
        random = {
          source = "hashicorp/random"
        }
      }
    }
    variable "names" {
      default = ["a", "b"]
    }
    provider "random" {
      alias    = "by_name"
      for_each = toset(var.names)
    }
    resource "random_pet" "p" {
      for_each = toset(var.names)
      provider = random.by_name[each.key]
      prefix   = each.key
    }
''', ["random_pet.p[\"a\"].prefix", "keys(random_pet.p)"], init=True)

case(A, "provider-for-each-errors", '''
    terraform {
      required_providers {
        random = {
          source = "hashicorp/random"
        }
      }
    }
    provider "random" {
      alias    = "by_name"
      for_each = toset(["a"])
    }
    provider "random" {
      for_each = toset(["x"])
    }
    resource "random_pet" "p" {
      provider = random.by_name["zzz"]
    }
''', ["random_pet.p"], init=True)

case(A, "enabled-on-module-call-errors", files={
    "main.tf": '''
        variable "secret" {
          default   = true
          sensitive = true
        }
        module "null" {
          source = "./m"
          lifecycle {
            enabled = null
          }
        }
        module "number" {
          source = "./m"
          lifecycle {
            enabled = 1
          }
        }
        module "sensitive" {
          source = "./m"
          lifecycle {
            enabled = var.secret
          }
        }
        module "string" {
          source = "./m"
          lifecycle {
            enabled = "true"
          }
        }
    ''',
    "m/main.tf": '''
        output "o" {
          value = "hi"
        }
    '''}, exprs=["module.string", "module.null"])

case(A, "enabled-with-for-each-on-module-call", files={
    "main.tf": '''
        module "both" {
          source   = "./m"
          for_each = {}
          lifecycle {
            enabled = true
          }
        }
    ''',
    "m/main.tf": '''
        output "o" {
          value = "hi"
        }
    '''}, exprs=["module.both"])

# --------------------------------------------------------- console -scope

SCOPED = {
    "main.tf": '''
        variable "names" {
          default = ["a", "b"]
        }
        module "net" {
          source = "./modules/net"
          cidr   = "10.0.0.0/16"
        }
        module "many" {
          source = "./modules/net"
          count  = 2
          cidr   = "10.${count.index}.0.0/16"
        }
        module "each" {
          source   = "./modules/net"
          for_each = toset(var.names)
          cidr     = "10.1${each.key == "a" ? 1 : 2}.0.0/16"
        }
        locals {
          root_only = 1
        }
    ''',
    "modules/net/main.tf": '''
        variable "cidr" {
          type = string
        }
        locals {
          subnets = [for i in range(2) : cidrsubnet(var.cidr, 8, i)]
        }
        resource "terraform_data" "vpc" {
          input = var.cidr
        }
        module "inner" {
          source = "../inner"
          tag    = "inner-${var.cidr}"
        }
        output "first" {
          value = local.subnets[0]
        }
    ''',
    "modules/inner/main.tf": '''
        variable "tag" {}
        locals {
          upper = upper(var.tag)
        }
        output "tag" {
          value = local.upper
        }
    ''',
}

case(A, "scope-child", files=SCOPED, scope="module.net",
     exprs=["var.cidr", "local.subnets", "terraform_data.vpc.input", "module.inner.tag", "path.module", "local.root_only", "module.net", "var.names"])

case(A, "scope-counted-instance", files=SCOPED, scope="module.many[1]",
     exprs=["var.cidr", "local.subnets[1]", "module.inner", "path.module"])

case(A, "scope-for-each-instance", files=SCOPED, scope='module.each["b"]',
     exprs=["var.cidr", "local.subnets"])

case(A, "scope-grandchild", files=SCOPED, scope="module.net.module.inner",
     exprs=["var.tag", "local.upper", "path.module"])

case(A, "scope-missing-key", files=SCOPED, scope="module.many",
     exprs=["var.cidr"])

case(A, "scope-undeclared", files=SCOPED, scope="module.nope",
     exprs=["1"])

case(A, "scope-out-of-range", files=SCOPED, scope="module.many[5]",
     exprs=["1"])

case(A, "scope-not-a-module", files=SCOPED, scope="local.root_only",
     exprs=["1"])

case(A, "scope-malformed", files=SCOPED, scope="module.",
     exprs=["1"])

case(A, "scope-root", files=SCOPED, scope="",
     exprs=["local.root_only"])

# ------------------------------------- a module's outputs read by its inputs

case(A, "module-output-read-by-another-argument", files={
    "main.tf": '''
        module "m" {
          source = "./m"
          in     = local.x
          prefix = "p"
        }
        locals {
          x = module.m.other
          y = module.m.out
        }
    ''',
    "m/main.tf": '''
        variable "in" {}
        variable "prefix" {}
        locals {
          other = "${var.prefix}-other"
        }
        output "out" {
          value = "${var.in}!"
        }
        output "other" {
          value = local.other
        }
    '''}, exprs=["local.x", "local.y", "module.m", "module.m.out"])

case(A, "module-output-read-by-another-argument-counted", files={
    "main.tf": '''
        module "m" {
          source = "./m"
          count  = 2
          in     = local.names[count.index]
        }
        locals {
          names = [for i in range(2) : "${module.m[0].base}-${i}"]
        }
    ''',
    "m/main.tf": '''
        variable "in" {}
        output "base" {
          value = "base"
        }
        output "echo" {
          value = upper(var.in)
        }
    '''}, exprs=["local.names", "module.m[1].echo", "module.m[*].echo"])

case(A, "cycle-through-an-output-of-a-child", files={
    "main.tf": '''
        module "m" {
          source = "./m"
          in     = local.x
        }
        locals {
          x = module.m.out
        }
    ''',
    "m/main.tf": '''
        variable "in" {}
        output "out" {
          value = var.in
        }
    '''}, exprs=["local.x"],
     # OpenTofu lists the variable's two nodes in either order from one
     # run to the next.
     profile="terraform")

# ------------------------------------------- templates inside templates

case(A, "templatefile-nesting", files={
    "main.tf": '''
        locals {
          outer  = templatefile("${path.module}/outer.tpl", { name = "Ada" })
          reads  = templatefile("${path.module}/reads.tpl", {})
          nested = templatestring("x $${templatestring(\\"y\\", {})}", {})
        }
    ''',
    "outer.tpl": 'Hi ${templatefile("inner.tpl", { name = name })}',
    "inner.tpl": '${name}!',
    "reads.tpl": '${file("inner.tpl")}',
}, exprs=["local.reads", "local.outer", "local.nested", "templatestring(\"$${file(\\\"inner.tpl\\\")}\", {})"])

case(A, "templatefile-recursion", files={
    "main.tf": '''
        locals {
          chain = templatefile("${path.module}/a.tpl", { n = 3 })
        }
    ''',
    # No conditional recursion: HCL evaluates both results of a
    # conditional, so OpenTofu recurses until its limit (and its twice
    # rendered template functions take exponential time).
    "a.tpl": 'a${templatefile("b.tpl", { n = n - 1 })}',
    "b.tpl": 'b${templatefile("c.tpl", { n = n - 1 })}',
    "c.tpl": 'c${n}',
    "self.tpl": 'x${templatefile("self.tpl", {})}',
}, exprs=["local.chain", 'templatefile("self.tpl", {})'])

# ------------------------------------- OpenTofu's first, partial load

# OpenTofu's console loads the root module's variables and local values
# alone first and stops at that load's errors: other duplicates show only
# when nothing else is wrong. Terraform reports every one.
case(A, "duplicate-variable-hides-other-duplicates", files={
    "main.tf": '''
        variable "a" {}
        variable "a" {}
        module "m" {
          source = "./m"
        }
        module "m" {
          source = "./m"
        }
        output "o" {
          value = 1
        }
        output "o" {
          value = 2
        }
        resource "terraform_data" "r" {}
        resource "terraform_data" "r" {}
    ''',
    "m/main.tf": '''
        output "o" {
          value = 1
        }
    '''}, exprs=["1"])

case(A, "decoding-error-hides-other-duplicates", files={
    "main.tf": '''
        output "o" {
          value = 1
          bogus = 2
        }
        output "p" {
          value = 1
        }
        output "p" {
          value = 2
        }
        locals {
          x = 1
        }
        locals {
          x = 2
        }
    '''}, exprs=["1"])
