# Local values: several blocks, dependency order, cycles, duplicates,
# references to undeclared names ("Did you mean"), errors inside values and
# what the console shows for a local whose value failed.
A = "locals"

case(A, "basic", '''
    locals {
      service_name = "forum"
      owner        = "Community Team"
      instance_ids = ["i-1", "i-2"]
    }
''', ["local.service_name", "local.owner", "local.instance_ids", "type(local.instance_ids)"])

case(A, "several-blocks", '''
    locals {
      a = 1
    }
    locals {
      b = local.a + 1
    }
    locals {
      c = local.b * 10
    }
''', ["local.a", "local.b", "local.c"])

case(A, "order-independent", '''
    locals {
      full = "${local.first}-${local.second}"
    }
    locals {
      second = upper(local.first)
      first  = "x"
    }
''', ["local.full", "local.second"])

case(A, "long-chain", '''
    locals {
      l1 = 1
      l2 = local.l1 + 1
      l3 = local.l2 + 1
      l4 = local.l3 + 1
      l5 = local.l4 + 1
      l6 = local.l5 + 1
      l7 = local.l6 + 1
      l8 = local.l7 + 1
    }
''', ["local.l8", "[local.l1, local.l4, local.l8]"])

case(A, "from-variables", '''
    variable "names" {
      type    = list(string)
      default = ["a", "b"]
    }
    locals {
      upper_names = [for n in var.names : upper(n)]
      by_name     = { for n in var.names : n => length(n) }
      joined      = join(",", var.names)
    }
''', ["local.upper_names", "local.by_name", "local.joined", "type(local.upper_names)", "type(local.by_name)"])

case(A, "common-tags", '''
    locals {
      common_tags = {
        Service = local.service_name
        Owner   = local.owner
      }
      service_name = "forum"
      owner        = "Community Team"
    }
''', ["local.common_tags", 'merge(local.common_tags, { Extra = "y" })'])

case(A, "cycle-two", '''
    locals {
      a = local.b
      b = local.a
    }
''', ["local.a", "local.b"])

case(A, "cycle-three", '''
    locals {
      a = "${local.c}-a"
      b = "${local.a}-b"
      c = "${local.b}-c"
    }
    locals {
      ok = 1
    }
''', ["local.a", "local.ok"])

case(A, "self-reference", '''
    locals {
      a = local.a + 1
    }
''', ["local.a"])

case(A, "cycle-through-variable-validation", '''
    variable "v" {
      default = 1
      validation {
        condition     = var.v < local.max
        error_message = "Too big."
      }
    }
    locals {
      max = var.v + 1
    }
''', ["local.max"])

case(A, "duplicate-same-block", '''
    locals {
      a = 1
      a = 2
    }
''', ["local.a"])

case(A, "duplicate-across-blocks", '''
    locals {
      a = 1
    }
    locals {
      a = 2
    }
''', ["local.a"])

case(A, "undeclared-did-you-mean", '''
    locals {
      service_name = "forum"
      x            = local.service_nam
    }
''', ["local.x", "local.service_nmae", "local.zzz"])

case(A, "undeclared-variable-in-local", '''
    variable "region" {
      default = "eu"
    }
    locals {
      r = var.regin
    }
''', ["local.r"])

case(A, "error-in-value", '''
    locals {
      bad  = 1 + "a"
      good = "fine"
      uses = local.bad
    }
''', ["local.bad", "local.good", "local.uses"])

case(A, "function-error-in-value", '''
    locals {
      bad = element([], 0)
      ok  = length(local.bad)
    }
''', ["local.bad", "local.ok"])

case(A, "unknown-function", '''
    locals {
      x = uper("a")
    }
''', ["local.x"])

case(A, "local-alone-invalid", '''
    locals {
      a = 1
    }
''', ["local", 'local["a"]', "local.a.b"])

case(A, "sensitive-propagates", '''
    variable "pw" {
      default   = "p"
      sensitive = true
    }
    locals {
      conn   = "user:${var.pw}@host"
      parts  = { user = "u", pass = var.pw }
      count  = length(var.pw)
      unwrap = nonsensitive(local.conn)
    }
''', ["local.conn", "local.parts", "local.parts.user", "local.count", "local.unwrap", "type(local.parts)"])

case(A, "sensitive-function", '''
    locals {
      s = sensitive("x")
      t = { a = sensitive(1), b = 2 }
    }
''', ["local.s", "local.t", "local.t.b", "issensitive(local.t)", "issensitive(local.t.a)"])

case(A, "unknown-from-resource", '''
    resource "terraform_data" "a" {
      input = "in"
    }
    locals {
      id      = terraform_data.a.id
      label   = "id-${terraform_data.a.id}"
      known   = terraform_data.a.input
      length  = length(terraform_data.a.id)
      isnull  = terraform_data.a.id == null
      listlen = length([terraform_data.a.id, 1])
    }
''', ["local.id", "local.label", "local.known", "local.length", "local.isnull", "local.listlen", "type(local.id)"])

case(A, "count-index-outside", '''
    locals {
      i = count.index
    }
''', ["local.i"])

case(A, "each-outside", '''
    locals {
      k = each.key
    }
''', ["local.k"])

case(A, "self-outside", '''
    locals {
      s = self.id
    }
''', ["local.s"])

case(A, "nested-block-in-locals", '''
    locals {
      a = 1
      inner {
        b = 2
      }
    }
''', ["local.a"])

case(A, "labelled-locals", '''
    locals "x" {
      a = 1
    }
''', ["local.a"])

case(A, "empty-block", '''
    locals {}
''', ["1"])

case(A, "invalid-name", '''
    locals {
      "quoted" = 1
    }
''', ["1"])

case(A, "collections-and-types", '''
    locals {
      tuple   = [1, "two", true]
      list    = tolist(["a", "b"])
      set     = toset(["b", "a", "b"])
      map     = tomap({ a = 1, b = 2 })
      object  = { a = 1, b = "x" }
      nullval = null
      nested  = { list = [{ x = 1 }, { x = 2 }] }
    }
''', ["local.tuple", "type(local.tuple)", "local.list", "local.set", "type(local.set)", "local.map", "local.object", "local.nullval",
      "type(local.nullval)", "local.nested.list[*].x", "local.object.c"])

case(A, "attribute-and-index-access", '''
    locals {
      object = { attrname = "v", "key with space" = 1 }
      list   = ["a", "b", "c", "d"]
    }
''', ["local.object.attrname", 'local.object["key with space"]', "local.list[3]", "local.list[4]", 'local.object["missing"]', "local.list.0"])

case(A, "for-grouping", '''
    variable "list" {
      default = ["apple", "avocado", "banana", "", "blueberry"]
    }
    locals {
      grouped = { for s in var.list : substr(s, 0, 1) => s... if s != "" }
    }
''', ["local.grouped", "type(local.grouped)"])

case(A, "file-function", files={"main.tf": '''
    locals {
      text = file("${path.module}/hello.txt")
      tpl  = templatefile("${path.module}/greet.tpl", { name = "Ada" })
      has  = fileexists("nope.txt")
    }
''', "hello.txt": "hello file\n", "greet.tpl": "Hello, ${name}!\n"}, exprs=["local.text", "local.tpl", "local.has", 'file("missing.txt")'])

case(A, "try-and-can", '''
    variable "m" {
      default = { a = 1 }
    }
    locals {
      a = try(var.m.a, 0)
      b = try(var.m.b, 0)
      c = can(var.m.b)
    }
''', ["local.a", "local.b", "local.c"])

case(A, "references-module-output", files={"main.tf": '''
    module "child" {
      source = "./child"
    }
    locals {
      doubled = module.child.value * 2
    }
''', "child/main.tf": '''
    output "value" {
      value = 21
    }
'''}, exprs=["local.doubled"])

case(A, "many-locals-reference-missing", '''
    locals {
      alpha  = 1
      beta   = local.gamma
      delta  = local.epsilon
      gamma2 = 2
    }
''', ["local.alpha", "local.beta"])

case(A, "refers-to-output", '''
    output "o" {
      value = 1
    }
    locals {
      x = output.o
    }
''', ["local.x"])

case(A, "timestamp-unknown-in-plan", '''
    locals {
      t = timestamp()
      u = uuid()
    }
''', ["type(local.t)", "local.t == null", "length(local.u) > 0"])

# The console's own line is planned too (`console -plan`): impure
# functions are unknown there as well.
case(A, "impure-functions-at-the-console", '''
    locals {
      n = 1
    }
''', ["length(uuid())", "uuid() == \"\"", "length(bcrypt(\"a\"))", "length(timestamp()) > 0", "uuid() == \"\" ? \"x\" : null"])

# (OpenTofu's console gives the values themselves, drawn afresh.)
case(A, "impure-functions-at-the-console-unknown", '''
    locals {
      n = 1
    }
''', ["uuid()", "bcrypt(\"a\")", "timestamp()"], profile="terraform")

case(A, "large-number-and-precision", '''
    locals {
      big   = 12345678901234567890
      frac  = 0.1 + 0.2
      div   = 1 / 3
      inf   = 1 / 0
    }
''', ["local.big", "local.frac", "local.div", "local.frac == 0.3"])

# plantimestamp() is the plan's time: known to Terraform's console -plan
# (one instant for the whole plan), unknown to OpenTofu's console, which
# does not plan; the console's own input has no such function.
case(A, "plan-timestamp", '''
    locals {
      stamp = plantimestamp()
      later = timeadd(plantimestamp(), "1h")
    }
''', ["length(local.stamp)", "timecmp(local.later, local.stamp)", "can(timeadd(local.stamp, \"1s\"))", "plantimestamp()"])
