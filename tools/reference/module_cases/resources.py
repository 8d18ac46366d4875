# Managed resources, with Terraform's built-in terraform_data: what a
# resource reference is before apply (configured arguments known, the rest
# unknown), count and for_each (valid, invalid, unknown), count.index,
# each.key/each.value, references to instances, splats over instances.
A = "resources"

case(A, "single", '''
    resource "terraform_data" "a" {
      input = "hello"
    }
''', ["terraform_data.a", "terraform_data.a.id", "terraform_data.a.input", "terraform_data.a.output",
      "terraform_data.a.triggers_replace", "type(terraform_data.a)", "type(terraform_data.a.input)", "terraform_data.a.nope",
      "terraform_data.a[*].input", "terraform_data.a[0]"])

case(A, "empty-body", '''
    resource "terraform_data" "a" {}
''', ["terraform_data.a", "terraform_data.a.input", "type(terraform_data.a.input)"])

case(A, "input-structures", '''
    resource "terraform_data" "a" {
      input = {
        name  = "web"
        ports = [80, 443]
        meta  = { tier = "front" }
      }
    }
''', ["terraform_data.a.input", "type(terraform_data.a.input)", "terraform_data.a.input.ports[1]", "terraform_data.a.output.ports"])

case(A, "input-typed-list", '''
    variable "l" {
      type    = list(string)
      default = ["a"]
    }
    resource "terraform_data" "a" {
      input = var.l
    }
''', ["terraform_data.a.input", "type(terraform_data.a.input)"])

case(A, "input-null", '''
    resource "terraform_data" "a" {
      input = null
    }
''', ["terraform_data.a.input", "terraform_data.a.output"])

case(A, "triggers-replace", '''
    variable "revision" {
      default = 3
    }
    resource "terraform_data" "a" {
      triggers_replace = [var.revision, "x"]
    }
''', ["terraform_data.a", "terraform_data.a.triggers_replace[0]"])

case(A, "reference-other-resource", '''
    resource "terraform_data" "first" {
      input = "one"
    }
    resource "terraform_data" "second" {
      input = terraform_data.first.id
    }
    resource "terraform_data" "third" {
      input = "${terraform_data.first.input}-${terraform_data.second.id}"
    }
''', ["terraform_data.second", "terraform_data.third.input", "terraform_data.second.input == null"])

case(A, "count-basic", '''
    resource "terraform_data" "server" {
      count = 3
      input = "server-${count.index}"
    }
''', ["terraform_data.server", "terraform_data.server[0].input", "terraform_data.server[2].input", "terraform_data.server[*].input",
      "terraform_data.server[*].id", "length(terraform_data.server)", "type(terraform_data.server)", "terraform_data.server.*.input",
      "terraform_data.server[3]", "terraform_data.server.input", "terraform_data.server[\"0\"]"])

case(A, "count-zero", '''
    resource "terraform_data" "a" {
      count = 0
      input = count.index
    }
''', ["terraform_data.a", "terraform_data.a[*].id", "length(terraform_data.a)", "type(terraform_data.a)", "terraform_data.a[0]"])

case(A, "count-from-variable", '''
    variable "names" {
      default = ["a", "b"]
    }
    resource "terraform_data" "a" {
      count = length(var.names)
      input = var.names[count.index]
    }
''', ["terraform_data.a[*].input", "terraform_data.a[1].input"])

case(A, "count-one", '''
    resource "terraform_data" "a" {
      count = 1
      input = "only"
    }
''', ["terraform_data.a", "terraform_data.a[0].input", "terraform_data.a.input", "one(terraform_data.a[*].input)"])

case(A, "count-conditional", '''
    variable "enabled" {
      default = false
    }
    resource "terraform_data" "a" {
      count = var.enabled ? 1 : 0
      input = "on"
    }
''', ["terraform_data.a", "one(terraform_data.a[*].input)", "length(terraform_data.a)"])

case(A, "count-negative", '''
    resource "terraform_data" "a" {
      count = -1
    }
''', ["terraform_data.a"])

case(A, "count-fraction", '''
    resource "terraform_data" "a" {
      count = 1.5
    }
''', ["terraform_data.a"])

case(A, "count-string", '''
    resource "terraform_data" "a" {
      count = "2"
    }
''', ["terraform_data.a[*].id"])

case(A, "count-bad-string", '''
    resource "terraform_data" "a" {
      count = "two"
    }
''', ["terraform_data.a"])

case(A, "count-null", '''
    resource "terraform_data" "a" {
      count = null
    }
''', ["terraform_data.a"])

case(A, "count-unknown", '''
    resource "terraform_data" "src" {}
    resource "terraform_data" "a" {
      count = length(terraform_data.src.id)
    }
''', ["terraform_data.a", "terraform_data.src.id"])

case(A, "count-unknown-variable", '''
    variable "n" {
      type = number
    }
    resource "terraform_data" "a" {
      count = var.n
    }
''', ["terraform_data.a", "var.n"])

case(A, "count-sensitive", '''
    variable "n" {
      default   = 2
      sensitive = true
    }
    resource "terraform_data" "a" {
      count = var.n
    }
''', ["terraform_data.a", "length(terraform_data.a)"])

case(A, "count-self-reference", '''
    resource "terraform_data" "a" {
      count = count.index
    }
''', ["terraform_data.a"])

case(A, "count-index-without-count", '''
    resource "terraform_data" "a" {
      input = count.index
    }
''', ["terraform_data.a"])

case(A, "count-bad-attribute", '''
    resource "terraform_data" "a" {
      count = 2
      input = count.number
    }
''', ["terraform_data.a"])

case(A, "count-and-for-each", '''
    resource "terraform_data" "a" {
      count    = 2
      for_each = toset(["a"])
    }
''', ["terraform_data.a"])

case(A, "count-list", '''
    resource "terraform_data" "a" {
      count = [1, 2]
    }
''', ["terraform_data.a"])

case(A, "count-large", '''
    resource "terraform_data" "a" {
      count = 40
      input = count.index * count.index
    }
''', ["length(terraform_data.a)", "terraform_data.a[39].input", "sum(terraform_data.a[*].input)"])

case(A, "for-each-set", '''
    resource "terraform_data" "user" {
      for_each = toset(["alice", "bob"])
      input    = "user-${each.key}-${each.value}"
    }
''', ["terraform_data.user", 'terraform_data.user["alice"].input', "keys(terraform_data.user)", "type(terraform_data.user)",
      "[for u in terraform_data.user : u.input]", "values(terraform_data.user)[*].input", "terraform_data.user[*].input",
      'terraform_data.user["carol"]', "terraform_data.user[0]", "terraform_data.user.alice.input"])

case(A, "for-each-map", '''
    resource "terraform_data" "vm" {
      for_each = {
        small = 1
        large = 4
      }
      input = {
        name = each.key
        cpus = each.value
      }
    }
''', ["terraform_data.vm", 'terraform_data.vm["large"].input.cpus', "{ for k, v in terraform_data.vm : k => v.input.cpus }",
      "length(terraform_data.vm)", "type(terraform_data.vm)"])

case(A, "for-each-map-of-objects", '''
    variable "buckets" {
      type = map(object({
        versioning = bool
      }))
      default = {
        logs = { versioning = false }
        data = { versioning = true }
      }
    }
    resource "terraform_data" "b" {
      for_each = var.buckets
      input    = "${each.key}:${each.value.versioning}"
    }
''', ["terraform_data.b", 'terraform_data.b["data"].input'])

case(A, "for-each-object", '''
    resource "terraform_data" "a" {
      for_each = { one = 1, two = "2" }
      input    = each.value
    }
''', ["terraform_data.a", "type(terraform_data.a)"])

case(A, "for-each-empty", '''
    resource "terraform_data" "a" {
      for_each = {}
    }
''', ["terraform_data.a", "type(terraform_data.a)", "length(terraform_data.a)"])

case(A, "for-each-list", '''
    resource "terraform_data" "a" {
      for_each = ["a", "b"]
    }
''', ["terraform_data.a"])

case(A, "for-each-tolist", '''
    resource "terraform_data" "a" {
      for_each = tolist(["a", "b"])
    }
''', ["terraform_data.a"])

case(A, "for-each-set-of-numbers", '''
    resource "terraform_data" "a" {
      for_each = toset([1, 2])
      input    = each.value
    }
''', ["terraform_data.a", 'terraform_data.a["1"].input', "type(terraform_data.a)"])

case(A, "for-each-set-of-objects", '''
    resource "terraform_data" "a" {
      for_each = toset([{ a = 1 }])
    }
''', ["terraform_data.a"])

case(A, "for-each-null", '''
    resource "terraform_data" "a" {
      for_each = null
    }
''', ["terraform_data.a"])

case(A, "for-each-string", '''
    resource "terraform_data" "a" {
      for_each = "abc"
    }
''', ["terraform_data.a"])

case(A, "for-each-null-element", '''
    resource "terraform_data" "a" {
      for_each = toset(["a", null])
    }
''', ["terraform_data.a"])

case(A, "for-each-unknown-keys", '''
    resource "terraform_data" "src" {}
    resource "terraform_data" "a" {
      for_each = toset([terraform_data.src.id])
    }
''', ["terraform_data.a"])

case(A, "for-each-unknown-values", '''
    resource "terraform_data" "src" {}
    resource "terraform_data" "a" {
      for_each = { k = terraform_data.src.id }
      input    = each.value
    }
''', ["terraform_data.a", "terraform_data.a.k.input"])

case(A, "for-each-whole-unknown-map", '''
    resource "terraform_data" "src" {
      input = { a = 1 }
    }
    resource "terraform_data" "a" {
      for_each = terraform_data.src.output
    }
''', ["terraform_data.a"])

case(A, "for-each-sensitive", '''
    variable "names" {
      default   = ["a"]
      sensitive = true
    }
    resource "terraform_data" "a" {
      for_each = toset(var.names)
    }
''', ["terraform_data.a"])

case(A, "for-each-sensitive-values", '''
    variable "pw" {
      default   = "p"
      sensitive = true
    }
    resource "terraform_data" "a" {
      for_each = { k = var.pw }
      input    = each.value
    }
''', ["terraform_data.a", "terraform_data.a.k.input"])

case(A, "for-each-over-resource", '''
    resource "terraform_data" "a" {
      for_each = toset(["x", "y"])
      input    = each.key
    }
    resource "terraform_data" "b" {
      for_each = terraform_data.a
      input    = each.value.input
    }
''', ["terraform_data.b", 'terraform_data.b["y"].input'])

case(A, "for-each-chained-count", '''
    resource "terraform_data" "a" {
      count = 2
      input = count.index
    }
    resource "terraform_data" "b" {
      for_each = { for i, r in terraform_data.a : tostring(i) => r.input }
      input    = each.value * 10
    }
''', ["terraform_data.b"])

case(A, "each-without-for-each", '''
    resource "terraform_data" "a" {
      input = each.key
    }
''', ["terraform_data.a"])

case(A, "each-in-count", '''
    resource "terraform_data" "a" {
      count = 1
      input = each.value
    }
''', ["terraform_data.a"])

case(A, "count-index-in-for-each", '''
    resource "terraform_data" "a" {
      for_each = toset(["a"])
      input    = count.index
    }
''', ["terraform_data.a"])

case(A, "each-bad-attribute", '''
    resource "terraform_data" "a" {
      for_each = toset(["a"])
      input    = each.index
    }
''', ["terraform_data.a"])

case(A, "for-each-expression-in-key", '''
    variable "subnets" {
      default = [{ name = "a", cidr = "10.0.0.0/24" }, { name = "b", cidr = "10.0.1.0/24" }]
    }
    resource "terraform_data" "s" {
      for_each = { for s in var.subnets : s.name => s }
      input    = each.value.cidr
    }
''', ["terraform_data.s", "sort(keys(terraform_data.s))"])

case(A, "for-each-duplicate-key", '''
    variable "subnets" {
      default = [{ name = "a" }, { name = "a" }]
    }
    resource "terraform_data" "s" {
      for_each = { for s in var.subnets : s.name => s }
    }
''', ["terraform_data.s"])

case(A, "depends-on", '''
    resource "terraform_data" "a" {}
    resource "terraform_data" "b" {
      input      = "b"
      depends_on = [terraform_data.a]
    }
''', ["terraform_data.b"])

case(A, "depends-on-attribute", '''
    resource "terraform_data" "a" {}
    resource "terraform_data" "b" {
      depends_on = [terraform_data.a.id]
    }
''', ["terraform_data.b"])

case(A, "depends-on-expression", '''
    resource "terraform_data" "a" {}
    resource "terraform_data" "b" {
      depends_on = [terraform_data.a[0]]
    }
''', ["terraform_data.b"])

case(A, "depends-on-undeclared", '''
    resource "terraform_data" "b" {
      depends_on = [terraform_data.nope]
    }
''', ["terraform_data.b"])

case(A, "sensitive-input", '''
    variable "pw" {
      default   = "p"
      sensitive = true
    }
    resource "terraform_data" "a" {
      input = { user = "u", pass = var.pw }
    }
''', ["terraform_data.a", "terraform_data.a.input", "terraform_data.a.input.user", "terraform_data.a.output"])

case(A, "unknown-resource-type-builtin", '''
    resource "terraform_nope" "a" {}
''', ["terraform_nope.a"], init=False)

case(A, "unknown-provider-type", '''
    resource "aws_instance" "example" {
      ami           = "ami-abc123"
      instance_type = "t2.micro"
    }
''', ["aws_instance.example", "aws_instance.example.ami"], init=False)

case(A, "unsupported-argument", '''
    resource "terraform_data" "a" {
      input = 1
      name  = "x"
    }
''', ["terraform_data.a"])

case(A, "computed-argument-set", '''
    resource "terraform_data" "a" {
      id = "mine"
    }
''', ["terraform_data.a"])

case(A, "duplicate-resource", '''
    resource "terraform_data" "a" {}
    resource "terraform_data" "a" {}
''', ["terraform_data.a"])

case(A, "invalid-name", '''
    resource "terraform_data" "1a" {}
''', ["1"])

case(A, "missing-label", '''
    resource "terraform_data" {}
''', ["1"])

case(A, "undeclared-reference", '''
    resource "terraform_data" "a" {
      input = terraform_data.b.id
    }
''', ["terraform_data.a", "terraform_data.b", "terraform_data.aa"])

case(A, "resource-cycle", '''
    resource "terraform_data" "a" {
      input = terraform_data.b.id
    }
    resource "terraform_data" "b" {
      input = terraform_data.a.id
    }
''', ["terraform_data.a"])

case(A, "self-reference", '''
    resource "terraform_data" "a" {
      input = terraform_data.a.id
    }
''', ["terraform_data.a"])

case(A, "cycle-through-local", '''
    locals {
      x = terraform_data.a.id
    }
    resource "terraform_data" "a" {
      input = local.x
    }
''', ["terraform_data.a"])

case(A, "error-in-argument", '''
    resource "terraform_data" "a" {
      input = 1 + "a"
    }
''', ["terraform_data.a"])

case(A, "error-in-one-instance", '''
    variable "l" {
      default = ["1", "x", "3"]
    }
    resource "terraform_data" "a" {
      count = 3
      input = tonumber(var.l[count.index])
    }
''', ["terraform_data.a"])

case(A, "provider-meta-undeclared", '''
    resource "terraform_data" "a" {
      provider = terraform.other
    }
''', ["terraform_data.a"])

case(A, "store-block", '''
    resource "terraform_data" "a" {
      input = "i"
      store {
        input   = "stored"
        version = 1
      }
    }
''', ["terraform_data.a", "terraform_data.a.store", "terraform_data.a.store.version", "terraform_data.a.store.input",
      "type(terraform_data.a.store)"])

case(A, "store-block-sensitive", '''
    resource "terraform_data" "a" {
      store {
        input     = "stored"
        sensitive = true
      }
    }
''', ["terraform_data.a.store"])

case(A, "store-block-duplicate", '''
    resource "terraform_data" "a" {
      store {
        version = 1
      }
      store {
        version = 2
      }
    }
''', ["terraform_data.a"])

case(A, "store-block-unsupported-argument", '''
    resource "terraform_data" "a" {
      store {
        nope = 1
      }
    }
''', ["terraform_data.a"])

case(A, "store-block-computed-argument", '''
    resource "terraform_data" "a" {
      store {
        output = 1
      }
    }
''', ["terraform_data.a"])

case(A, "store-as-attribute", '''
    resource "terraform_data" "a" {
      store = { version = 1 }
    }
''', ["terraform_data.a"])

case(A, "unsupported-nested-block", '''
    resource "terraform_data" "a" {
      ingress {
        port = 80
      }
    }
''', ["terraform_data.a"])

case(A, "attribute-as-block", '''
    resource "terraform_data" "a" {
      input {
        x = 1
      }
    }
''', ["terraform_data.a"])

case(A, "splat-over-count-nested", '''
    resource "terraform_data" "a" {
      count = 2
      input = { tags = ["t${count.index}"], n = count.index }
    }
''', ["terraform_data.a[*].input.tags[0]", "terraform_data.a[*].input.n", "flatten(terraform_data.a[*].input.tags)",
      "terraform_data.a.*.input.n", "terraform_data.a[*].output"])

case(A, "index-with-variable", '''
    variable "i" {
      default = 1
    }
    variable "k" {
      default = "b"
    }
    resource "terraform_data" "c" {
      count = 2
      input = count.index
    }
    resource "terraform_data" "f" {
      for_each = toset(["a", "b"])
      input    = each.key
    }
''', ["terraform_data.c[var.i].input", "terraform_data.f[var.k].input", "terraform_data.c[var.k]", "terraform_data.f[var.i]"])

case(A, "count-index-type", '''
    resource "terraform_data" "a" {
      count = 2
      input = [count.index, "${count.index}"]
    }
''', ["terraform_data.a[1].input", "type(terraform_data.a[1].input)"])

case(A, "each-value-of-set-type", '''
    resource "terraform_data" "a" {
      for_each = toset(["x"])
      input    = [each.key, each.value, each.key == each.value]
    }
''', ["terraform_data.a.x.input"])

case(A, "data-undeclared", '''
    locals {
      x = 1
    }
''', ["data.terraform_remote_state.foo", "data.x.y.z", "data.x", "data"])

case(A, "data-unknown-type", '''
    data "terraform_nope" "a" {}
''', ["data.terraform_nope.a"], init=False)

case(A, "for-each-output-null", '''
    resource "terraform_data" "src" {}
    resource "terraform_data" "a" {
      for_each = terraform_data.src.output
    }
''', ["terraform_data.a", "terraform_data.src.output"])

# Added with terraform_data's schema and plan: what the first corpus left
# open.
case(A, "count-failed-middle-instance", '''
    resource "terraform_data" "a" {
      count = 3
      input = count.index
      lifecycle {
        precondition {
          condition     = count.index != 1
          error_message = "not instance 1"
        }
      }
    }
''', exprs=["terraform_data.a", "length(terraform_data.a)", "terraform_data.a[1]"])

case(A, "store-replace", '''
    resource "terraform_data" "a" {
      store {
        input   = "x"
        replace = true
      }
    }
''', exprs=["terraform_data.a.store", "terraform_data.a.id == null", "terraform_data.a.store.replace"])

case(A, "store-version-unknown-sensitive", '''
    resource "terraform_data" "src" {
      input = "s"
    }
    resource "terraform_data" "a" {
      store {
        input     = "x"
        version   = terraform_data.src.output
        sensitive = true
      }
    }
''', exprs=["terraform_data.a.store", "type(terraform_data.a.store)"])

case(A, "store-nested-unsupported-attribute", '''
    resource "terraform_data" "a" {
      store {
        version = 1
      }
    }
''', exprs=["terraform_data.a.store.nope", "terraform_data.a.store.version.x", "terraform_data.a.input[0]", 'terraform_data.a["input"]'])
