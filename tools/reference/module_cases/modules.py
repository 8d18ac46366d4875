# Module calls: a child module in ./modules/x, its outputs referenced from
# the root, count and for_each on module calls, path.module inside, unknown
# values through module boundaries, and the errors of calls.
A = "modules"

CHILD = '''
    variable "name" {
      type = string
    }
    variable "size" {
      type    = number
      default = 1
    }
    output "greeting" {
      value = "hello ${var.name}"
    }
    output "size" {
      value = var.size
    }
    output "paths" {
      value = { module = path.module, root = path.root }
    }
'''

case(A, "basic", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      name   = "world"
    }
    output "greeting" {
      value = module.x.greeting
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x", "module.x.greeting", "module.x.size", "module.x.paths", "type(module.x)", "module.x.nope", "module.y"])

case(A, "argument-converted", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      name   = 42
      size   = "3"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x.greeting", "module.x.size", "type(module.x.size)"])

case(A, "missing-argument", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x"])

case(A, "unsupported-argument", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      name   = "a"
      nmae   = "b"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x"])

case(A, "wrong-argument-type", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      name   = ["a"]
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x"])

case(A, "child-validation-fails", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      port   = 0
    }
''', "modules/x/main.tf": '''
    variable "port" {
      type = number
      validation {
        condition     = var.port > 0
        error_message = "port must be positive"
      }
    }
    output "port" {
      value = var.port
    }
'''}, exprs=["module.x.port"])

case(A, "unknown-through-module", files={"main.tf": '''
    resource "terraform_data" "a" {}
    module "x" {
      source = "./modules/x"
      name   = terraform_data.a.id
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x", "module.x.greeting", "module.x.size"])

case(A, "child-resource-output-unknown", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
    }
''', "modules/x/main.tf": '''
    resource "terraform_data" "r" {
      input = "in"
    }
    output "id" {
      value = terraform_data.r.id
    }
    output "input" {
      value = terraform_data.r.input
    }
'''}, exprs=["module.x", "module.x.id", "module.x.input", "module.x.terraform_data.r"])

case(A, "count", files={"main.tf": '''
    module "x" {
      count  = 2
      source = "./modules/x"
      name   = "n${count.index}"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x", "module.x[1].greeting", "module.x[*].greeting", "module.x.greeting", "type(module.x)"])

case(A, "for-each", files={"main.tf": '''
    module "x" {
      for_each = { a = 1, b = 2 }
      source   = "./modules/x"
      name     = each.key
      size     = each.value
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x", 'module.x["b"].size', "{ for k, m in module.x : k => m.greeting }", "module.x.a.greeting"])

case(A, "count-zero", files={"main.tf": '''
    module "x" {
      count  = 0
      source = "./modules/x"
      name   = "none"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x", "length(module.x)"])

case(A, "nested", files={"main.tf": '''
    module "a" {
      source = "./modules/a"
    }
''', "modules/a/main.tf": '''
    module "b" {
      source = "./b"
      v      = "deep"
    }
    output "from_b" {
      value = module.b.v
    }
    output "paths" {
      value = [path.module, path.root]
    }
''', "modules/a/b/main.tf": '''
    variable "v" {}
    output "v" {
      value = "${var.v}@${path.module}"
    }
'''}, exprs=["module.a", "module.a.from_b", "module.a.module.b"])

case(A, "depends-on", files={"main.tf": '''
    resource "terraform_data" "a" {}
    module "x" {
      source     = "./modules/x"
      name       = "n"
      depends_on = [terraform_data.a]
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x.greeting"])

case(A, "source-missing-directory", files={"main.tf": '''
    module "x" {
      source = "./modules/nope"
    }
'''}, exprs=["module.x"])

# The commonest mistake: a misspelt local path beside the real one, and
# one inside a child module.
case(A, "source-misspelt-directory", files={"main.tf": '''
    module "net" {
      source = "./modules/net"
      cidr   = "10.0.0.0/16"
    }
''', "modules/network/main.tf": '''
    variable "cidr" {}
    output "cidr" {
      value = var.cidr
    }
'''}, exprs=["module.net"])

case(A, "source-missing-in-child", files={"main.tf": '''
    module "app" {
      source = "./modules/app"
    }
''', "modules/app/main.tf": '''
    module "db" {
      source = "../database/v2"
    }
''', "modules/database/main.tf": '''
    output "x" {
      value = 1
    }
'''}, exprs=["module.app"])

case(A, "not-installed", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      name   = "a"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x"], init=False)

case(A, "source-not-literal", files={"main.tf": '''
    variable "src" {
      default = "./modules/x"
    }
    module "x" {
      source = var.src
      name   = "a"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x"])

case(A, "no-source", files={"main.tf": '''
    module "x" {
      name = "a"
    }
'''}, exprs=["module.x"])

case(A, "sensitive-output", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
    }
    output "pass" {
      value = module.x.pass
    }
''', "modules/x/main.tf": '''
    variable "pass" {
      default   = "p"
      sensitive = true
    }
    output "pass" {
      value     = var.pass
      sensitive = true
    }
    output "user" {
      value = "u"
    }
'''}, exprs=["module.x", "module.x.pass", "module.x.user"])

case(A, "child-sensitive-output-error", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
    }
''', "modules/x/main.tf": '''
    variable "pass" {
      default   = "p"
      sensitive = true
    }
    output "pass" {
      value = var.pass
    }
'''}, exprs=["module.x"])

case(A, "child-output-precondition", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      n      = 5
    }
''', "modules/x/main.tf": '''
    variable "n" {}
    output "n" {
      value = var.n
      precondition {
        condition     = var.n < 3
        error_message = "n is too big: ${var.n}"
      }
    }
'''}, exprs=["module.x.n"])

case(A, "child-reference-to-root", files={"main.tf": '''
    locals {
      root_only = 1
    }
    module "x" {
      source = "./modules/x"
    }
''', "modules/x/main.tf": '''
    output "v" {
      value = local.root_only
    }
'''}, exprs=["module.x"])

case(A, "module-alone", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      name   = "a"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module", 'module["x"]', "module.x[0]"])

case(A, "duplicate-call", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      name   = "a"
    }
    module "x" {
      source = "./modules/x"
      name   = "b"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x"])

case(A, "child-with-tfvars-ignored", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
    }
''', "modules/x/main.tf": '''
    variable "v" {
      default = "default"
    }
    output "v" {
      value = var.v
    }
''', "modules/x/terraform.tfvars": '''
    v = "from child tfvars"
'''}, exprs=["module.x.v"])

case(A, "for-each-unknown", files={"main.tf": '''
    resource "terraform_data" "a" {}
    module "x" {
      for_each = toset([terraform_data.a.id])
      source   = "./modules/x"
      name     = each.key
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x"])

case(A, "ephemeral-input", files={"main.tf": '''
    variable "tok" {
      default   = "t"
      ephemeral = true
    }
    module "x" {
      source = "./modules/x"
      tok    = var.tok
    }
''', "modules/x/main.tf": '''
    variable "tok" {}
    output "len" {
      value = length(var.tok)
    }
'''}, exprs=["module.x"])

case(A, "source-const-variable", files={"main.tf": '''
    variable "src" {
      type    = string
      default = "./modules/x"
      const   = true
    }
    module "x" {
      source = var.src
      name   = "a"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x.greeting", "var.src"])

case(A, "const-variable-from-tfvars", files={"main.tf": '''
    variable "c" {
      type  = string
      const = true
    }
    locals {
      upper_c = upper(var.c)
    }
''', "terraform.tfvars": '''
    c = "given"
'''}, exprs=["var.c", "local.upper_c"])

case(A, "const-variable-not-bool", files={"main.tf": '''
    variable "c" {
      default = "x"
      const   = "yes"
    }
'''}, exprs=["var.c"])

# Added with the module evaluator's child modules: what the first corpus
# left open.
case(A, "child-errors-name-the-module", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
    }
''', "modules/x/main.tf": '''
    output "a" {
      value = var.nope
    }
    output "b" {
      value = terraform_data.nope.id
    }
    output "c" {
      value = module.nope.out
    }
    output "d" {
      value = local.nope
    }
'''}, exprs=["module.x"])

case(A, "child-file-functions", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
    }
''', "modules/x/main.tf": '''
    output "text" {
      value = file("${path.module}/data.txt")
    }
    output "tpl" {
      value = templatefile("${path.module}/t.tpl", { who = "child" })
    }
    output "relative_exists" {
      value = fileexists("data.txt")
    }
    output "abs" {
      value = abspath(path.module)
    }
''', "modules/x/data.txt": "child data\n", "modules/x/t.tpl": "hi ${who}\n"}, exprs=["module.x", "module.x.relative_exists"])

case(A, "child-resources-for-each", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      names  = ["a", "b"]
    }
''', "modules/x/main.tf": '''
    variable "names" {
      type = set(string)
    }
    resource "terraform_data" "r" {
      for_each = var.names
      input    = "in-${each.key}"
    }
    output "inputs" {
      value = { for k, r in terraform_data.r : k => r.input }
    }
    output "ids" {
      value = [for r in terraform_data.r : r.id]
    }
'''}, exprs=["module.x", "module.x.inputs", "length(module.x.ids)"])

case(A, "count-instance-argument-error", files={"main.tf": '''
    module "x" {
      count  = 2
      source = "./modules/x"
      name   = count.index == 1 ? ["bad"] : "ok"
    }
''', "modules/x/main.tf": CHILD}, exprs=["module.x", "module.x[0].greeting"])

case(A, "nested-argument-error", files={"main.tf": '''
    module "a" {
      source = "./modules/a"
    }
''', "modules/a/main.tf": '''
    module "b" {
      source = "./b"
      v      = { not = "a string" }
    }
    output "from_b" {
      value = module.b.out
    }
''', "modules/a/b/main.tf": '''
    variable "v" {
      type = string
    }
    output "out" {
      value = var.v
    }
    output "fixed" {
      value = "f"
    }
'''}, exprs=["module.a"])

case(A, "child-sensitive-variable-wrong-type", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      secret = [1]
    }
''', "modules/x/main.tf": '''
    variable "secret" {
      type      = string
      sensitive = true
    }
    output "len" {
      value = length(var.secret)
    }
'''}, exprs=["module.x"])

case(A, "child-validation-dependents", files={"main.tf": '''
    module "x" {
      source = "./modules/x"
      port   = 0
    }
''', "modules/x/main.tf": '''
    variable "port" {
      type = number
      validation {
        condition     = var.port > 0
        error_message = "port must be positive"
      }
    }
    locals {
      doubled = var.port * 2
    }
    output "doubled" {
      value = local.doubled
    }
    output "independent" {
      value = "still here"
    }
'''}, exprs=["module.x"])

case(A, "for-each-set-keys", files={"main.tf": '''
    module "x" {
      for_each = toset(["b", "a"])
      source   = "./modules/x"
      name     = each.value
    }
''', "modules/x/main.tf": CHILD}, exprs=["keys(module.x)", 'module.x["a"].greeting', "module.x[0]"])

# Two calls that each take an output of the other, with no cycle between
# the values themselves (issue 36): each output is evaluated from the
# instance's values, through locals and instances too.
case(A, "calls-read-each-others-outputs", files={
    "main.tf": '''
        module "a" {
          source = "./modules/a"
          in     = module.b.first
        }
        module "b" {
          source = "./modules/b"
          in     = module.a.second
        }
        output "a" {
          value = module.a
        }
    ''',
    "modules/a/main.tf": '''
        variable "in" {}
        output "second" {
          value = "a-second"
        }
        output "echo" {
          value = "a got ${var.in}"
        }
    ''',
    "modules/b/main.tf": '''
        variable "in" {}
        output "first" {
          value = "b-first"
        }
        output "echo" {
          value = "b got ${var.in}"
        }
    ''',
}, exprs=["module.a", "module.b", "output.a", "module.a.echo"])

# Each call's early evaluation needs an output of the other's early one
# (terraform-aws-modules/acm's complete-dns-validation: the certificate
# takes the records' names, the records take the certificate's domains).
case(A, "calls-read-each-others-outputs-early-in-turn", files={
    "main.tf": '''
        module "a" {
          source = "./modules/a"
          name   = "n"
          in     = module.b.first
        }
        module "b" {
          source = "./modules/b"
          in     = module.a.second
        }
    ''',
    "modules/a/main.tf": '''
        variable "name" {}
        variable "in" {}
        output "second" {
          value = "a-${var.name}"
        }
        output "echo" {
          value = "a got ${var.in}"
        }
    ''',
    "modules/b/main.tf": '''
        variable "in" {}
        output "first" {
          value = "b-${var.in}"
        }
    ''',
}, exprs=["module.a", "module.b", "module.a.echo"])

case(A, "calls-read-each-others-outputs-through-locals", files={
    "main.tf": '''
        locals {
          from_b = upper(module.b.first)
        }
        module "a" {
          source = "./modules/a"
          count  = 2
          in     = "${local.from_b}-${count.index}"
        }
        module "b" {
          source = "./modules/b"
          in     = module.a[1].second
        }
    ''',
    "modules/a/main.tf": '''
        variable "in" {}
        output "second" {
          value = "a-second"
        }
        output "echo" {
          value = "a got ${var.in}"
        }
    ''',
    "modules/b/main.tf": '''
        variable "in" {}
        locals {
          first = "b-first"
        }
        output "first" {
          value = local.first
        }
        output "echo" {
          value = "b got ${var.in}"
        }
    ''',
}, exprs=["module.a[0].echo", "module.a[1].echo", "module.b.echo", "local.from_b"])

# A child whose resource fails to plan (a count known only after apply):
# what reads its other outputs goes on, as Terraform's graph has a node per
# output (terraform-aws-modules/vpc's complete example under deferred data
# sources); a call that reads the failed one is its outputs, none evaluated.
case(A, "child-error-fails-only-what-reads-it", files={
    "main.tf": '''
        module "v" {
          source = "./modules/v"
        }
        resource "terraform_data" "good" {
          input = module.v.ok
        }
        resource "terraform_data" "also" {
          input = module.v.id
        }
        resource "terraform_data" "bad" {
          input = module.v.bad
        }
        module "w" {
          source = "./modules/w"
          in     = module.v.bad
        }
    ''',
    "modules/v/main.tf": '''
        resource "terraform_data" "a" {
          input = "x"
        }
        resource "terraform_data" "b" {
          count = terraform_data.a.output == "x" ? 1 : 0
        }
        output "ok" {
          value = "fine"
        }
        output "id" {
          value = terraform_data.a.id
        }
        output "bad" {
          value = terraform_data.b[*].id
        }
    ''',
    "modules/w/main.tf": '''
        variable "in" {}
        output "x" {
          value = "w"
        }
        output "y" {
          value = var.in
        }
    ''',
}, exprs=["terraform_data.good.input", "terraform_data.also.input", "terraform_data.bad.input", "module.w", "module.v"])

# A call one of whose arguments reads a resource that failed (an unknown
# count: terraform-aws-modules/alb's complete-nlb under deferred data
# sources): every output that needs the argument is not processed, so is
# unknown to the caller, even one whose value would not need it (a
# resource with no instances that reads it), and what reads the argument
# in the child is never evaluated (no for_each error).
case(A, "failed-argument-leaves-outputs-that-need-it-unknown", files={
    "main.tf": '''
        resource "terraform_data" "a" {}
        resource "terraform_data" "e" {
          count = length(slice(terraform_data.a.id == "" ? tolist([]) : tolist(["x", "y"]), 0, 1))
        }
        module "m" {
          source = "./m"
          mapping = [for i, e in terraform_data.e : { id = e.id }]
          tags    = { Name = "n" }
        }
    ''',
    "m/main.tf": '''
        variable "mapping" {
          type    = any
          default = []
        }
        variable "records" {
          type    = any
          default = {}
        }
        variable "tags" {
          type = map(string)
        }
        resource "terraform_data" "lb" {
          input = var.mapping
        }
        resource "terraform_data" "record" {
          for_each = { for k, v in var.records : k => v }
          input    = terraform_data.lb.id
        }
        resource "terraform_data" "alone" {
          count = 0
          input = var.mapping
        }
        resource "terraform_data" "each" {
          for_each = toset([for m in var.mapping : m.id])
        }
        output "records" {
          value = terraform_data.record
        }
        output "alone" {
          value = try(terraform_data.alone[0].id, null)
        }
        output "tags" {
          value = var.tags
        }
        output "x" {
          value = "x"
        }
        output "each" {
          value = terraform_data.each
        }
    ''',
}, exprs=["module.m", "module.m.records", "module.m.tags", "module.m.each"])

# The same in calls with `for_each` and `count` that do not read what
# failed (ecs's autoscaling groups, whose subnets come from a vpc whose
# count failed): the instances expand, each with its outputs that need
# the failed argument unknown.
case(A, "failed-argument-in-expanded-calls", files={
    "main.tf": '''
        resource "terraform_data" "a" {}
        resource "terraform_data" "e" {
          count = length(slice(terraform_data.a.id == "" ? tolist([]) : tolist(["x", "y"]), 0, 1))
        }
        module "each" {
          source   = "./m"
          for_each = { one = "t3.micro", two = "t3.small" }
          subnets  = terraform_data.e[*].id
          name     = each.key
          size     = each.value
        }
        module "counted" {
          source  = "./m"
          count   = 2
          subnets = terraform_data.e[*].id
          name    = "c${count.index}"
          size    = "t3.nano"
        }
    ''',
    "m/main.tf": '''
        variable "subnets" {
          type = list(string)
        }
        variable "name" {}
        variable "size" {}
        resource "terraform_data" "group" {
          input = { subnets = var.subnets, name = var.name }
        }
        output "group" {
          value = terraform_data.group.output
        }
        output "name" {
          value = var.name
        }
        output "size" {
          value = upper(var.size)
        }
    ''',
}, exprs=["module.each", "module.counted", "module.each[\"one\"].name", "module.counted[1].size"])

# Two calls that read each other's outputs, one of them reading a third
# call's failed output: the call read early fails, the other is evaluated
# in full with what did not fail (its outputs known), and its early
# evaluation does not take the full one's place.
case(A, "calls-read-each-other-one-reads-what-failed", files={
    "main.tf": '''
        module "bad" {
          source = "./bad"
        }
        module "api" {
          source = "./api"
          uri    = module.fn.arn
        }
        module "fn" {
          source  = "./fn"
          subnets = module.bad.ids
          trigger = "${module.api.exec}/*"
        }
    ''',
    "bad/main.tf": '''
        resource "terraform_data" "u" {}
        resource "terraform_data" "s" {
          count = length(terraform_data.u.id) > 3 ? 2 : 1
        }
        output "ids" {
          value = terraform_data.s[*].id
        }
    ''',
    "api/main.tf": '''
        variable "uri" {
          type = string
        }
        variable "authorizers" {
          type    = map(object({ name = optional(string) }))
          default = {}
        }
        variable "name" {
          default = "n"
        }
        resource "terraform_data" "api" {
          input = var.name
        }
        resource "terraform_data" "integration" {
          input = { uri = var.uri, api = terraform_data.api.id }
        }
        resource "terraform_data" "authorizer" {
          for_each = var.authorizers
          input    = terraform_data.api.id
        }
        output "exec" {
          value = terraform_data.api.id
        }
        output "authorizers" {
          value = terraform_data.authorizer
        }
        output "log_group" {
          value = "/aws/apigateway/${var.name}/default"
        }
        output "integration" {
          value = terraform_data.integration.output
        }
    ''',
    "fn/main.tf": '''
        variable "subnets" {
          type = list(string)
        }
        variable "trigger" {
          type = string
        }
        resource "terraform_data" "fn" {
          input = { subnets = var.subnets }
        }
        resource "terraform_data" "permission" {
          input = var.trigger
        }
        output "arn" {
          value = terraform_data.fn.id
        }
        output "permission" {
          value = terraform_data.permission.output
        }
    ''',
}, exprs=["module.api", "module.api.authorizers", "module.api.log_group", "module.fn.permission"])

# OpenTofu's suggestion quotes the address as a POSIX shell would read
# it: backslashes before metacharacters, or single quotes around one with
# a space in its key.
case(A, "unknown-for-each-in-keyed-instances-suggests-a-quoted-exclude", files={
    "main.tf": '''
        module "m" {
          source   = "./m"
          for_each = toset(["front", "back end"])
        }
    ''',
    "m/main.tf": '''
        resource "terraform_data" "a" {}
        resource "terraform_data" "b" {
          for_each = toset([terraform_data.a.id])
        }
        resource "terraform_data" "c" {
          count = terraform_data.a.id == "" ? 1 : 2
        }
        output "b" {
          value = terraform_data.b
        }
    ''',
}, exprs=["module.m"])

# A call whose instances' child fails to expand a call of its own (an
# unknown for_each; terraform-aws-modules/ecs's complete example under
# OpenTofu): what reads the failed call, and an output that reads the
# whole middle call, are never evaluated.
case(A, "grandchild-call-fails-to-expand", files={
    "main.tf": '''
        module "a" {
          source = "./a"
        }
    ''',
    "a/main.tf": '''
        resource "terraform_data" "t" {
          input = { one = 1 }
        }
        module "b" {
          source   = "./b"
          for_each = { x = 1 }
          defs     = terraform_data.t.output
        }
        output "bs" {
          value = module.b
        }
        output "plain" {
          value = module.b["x"].plain
        }
        output "ok" {
          value = "fine"
        }
    ''',
    "a/b/main.tf": '''
        variable "defs" {
          type = any
        }
        module "c" {
          source   = "./c"
          for_each = var.defs
        }
        output "cs" {
          value = module.c
        }
        output "plain" {
          value = "p"
        }
    ''',
    "a/b/c/main.tf": '''
        output "z" {
          value = 1
        }
    ''',
}, exprs=["module.a", "module.a.ok"])

# A child variable of the wrong type: the output that needs it is left
# out of the child's outputs; an output reading the call whole, and one
# reading that output alone.
case(A, "nested-argument-error-read-whole", files={"main.tf": '''
    module "a" {
      source = "./modules/a"
    }
''', "modules/a/main.tf": '''
    module "b" {
      source = "./b"
      v      = { not = "a string" }
    }
    output "whole" {
      value = module.b
    }
    output "one" {
      value = module.b.out
    }
    output "other" {
      value = module.b.fixed
    }
''', "modules/a/b/main.tf": '''
    variable "v" {
      type = string
    }
    output "out" {
      value = var.v
    }
    output "fixed" {
      value = "f"
    }
'''}, exprs=["module.a"])
