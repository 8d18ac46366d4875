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
