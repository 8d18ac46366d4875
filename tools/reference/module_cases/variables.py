# Input variables: types and conversion of defaults and given values,
# optional() with defaults, nullable, sensitive, ephemeral, validation,
# missing and undeclared values. Run by module_cases.py (case, hcl).
A = "variables"

case(A, "string-default", '''
    variable "name" {
      type    = string
      default = "world"
    }
''', ["var.name", "type(var.name)", '"Hello, ${var.name}!"'])

case(A, "untyped-default-tuple", '''
    variable "list" {
      default = ["a", "b", 1]
    }
''', ["var.list", "type(var.list)", "var.list[2]", "length(var.list)"])

case(A, "untyped-default-object", '''
    variable "obj" {
      default = { a = 1, b = "x" }
    }
''', ["var.obj", "type(var.obj)", "var.obj.a", 'var.obj["b"]'])

case(A, "list-string-converts-default", '''
    variable "list" {
      type    = list(string)
      default = ["a", 1, true]
    }
''', ["var.list", "type(var.list)", "var.list[1]"])

case(A, "number-from-string-default", '''
    variable "n" {
      type    = number
      default = "5"
    }
''', ["var.n", "type(var.n)", "var.n + 1"])

case(A, "number-bad-default", '''
    variable "n" {
      type    = number
      default = "abc"
    }
''', ["var.n", "type(var.n)"])

case(A, "bool-from-string", '''
    variable "b" {
      type    = bool
      default = "true"
    }
''', ["var.b", "type(var.b)", "!var.b"])

case(A, "map-number", '''
    variable "m" {
      type    = map(number)
      default = { a = 1, b = "2" }
    }
''', ["var.m", "type(var.m)", 'var.m["b"]', "keys(var.m)"])

case(A, "map-bad-element", '''
    variable "m" {
      type    = map(number)
      default = { a = 1, b = "two" }
    }
''', ["var.m"])

case(A, "set-string-dedupes", '''
    variable "s" {
      type    = set(string)
      default = ["b", "a", "b"]
    }
''', ["var.s", "type(var.s)", "length(var.s)", "tolist(var.s)[0]"])

case(A, "object-drops-extra-attribute", '''
    variable "o" {
      type = object({
        name = string
        port = number
      })
      default = { name = "x", port = 1, nmae = true }
    }
''', ["var.o", "type(var.o)", "var.o.port"])

case(A, "object-missing-attribute", '''
    variable "o" {
      type = object({
        a = string
        b = number
      })
      default = { a = "x" }
    }
''', ["var.o"])

case(A, "tuple-type", '''
    variable "t" {
      type    = tuple([string, number, bool])
      default = [1, "2", "false"]
    }
''', ["var.t", "type(var.t)"])

case(A, "tuple-wrong-length", '''
    variable "t" {
      type    = tuple([string, number])
      default = ["a"]
    }
''', ["var.t"])

case(A, "any-keeps-tuple", '''
    variable "a" {
      type    = any
      default = [1, "a"]
    }
''', ["var.a", "type(var.a)"])

case(A, "list-any-unifies", '''
    variable "a" {
      type    = list(any)
      default = [1, "a"]
    }
    variable "b" {
      type    = list(any)
      default = [1, 2]
    }
    variable "c" {
      type    = map(any)
      default = { x = [1], y = ["a"] }
    }
''', ["var.a", "type(var.a)", "type(var.b)", "type(var.c)"])

case(A, "list-any-cannot-unify", '''
    variable "a" {
      type    = list(any)
      default = [1, [2]]
    }
''', ["var.a"])

case(A, "nested-collections", '''
    variable "x" {
      type = map(list(object({ name = string, port = number })))
      default = {
        web = [{ name = "http", port = "80" }, { name = "https", port = 443 }]
        db  = []
      }
    }
''', ["var.x", "type(var.x)", "var.x.web[*].port", 'length(var.x["db"])'])

case(A, "optional-no-default", '''
    variable "o" {
      type = object({
        a = string
        b = optional(string)
        c = optional(number)
      })
      default = { a = "x" }
    }
''', ["var.o", "type(var.o)", "var.o.b == null"])

case(A, "optional-with-defaults", '''
    variable "o" {
      type = object({
        name    = string
        enabled = optional(bool, true)
        port    = optional(number, 8080)
        tags    = optional(map(string), {})
      })
      default = { name = "svc", port = 9090 }
    }
''', ["var.o", "type(var.o)", "var.o.enabled", "var.o.tags"])

case(A, "optional-nested-object-default", '''
    variable "o" {
      type = object({
        settings = optional(object({
          size  = optional(number, 10)
          label = optional(string, "none")
        }), {})
      })
      default = {}
    }
''', ["var.o", "var.o.settings.size", "type(var.o)"])

case(A, "optional-nested-null-default", '''
    variable "o" {
      type = object({
        settings = optional(object({
          size = optional(number, 10)
        }))
      })
      default = {}
    }
''', ["var.o", "var.o.settings"])

case(A, "optional-in-list-elements", '''
    variable "rules" {
      type = list(object({
        port     = number
        protocol = optional(string, "tcp")
        cidrs    = optional(list(string), ["0.0.0.0/0"])
      }))
      default = [{ port = 22 }, { port = 53, protocol = "udp" }]
    }
''', ["var.rules", "var.rules[*].protocol", "type(var.rules)"])

case(A, "optional-in-map-values", '''
    variable "users" {
      type = map(object({
        admin = optional(bool, false)
        shell = optional(string)
      }))
      default = { alice = { admin = true }, bob = {} }
    }
''', ["var.users", 'var.users["bob"].admin', "type(var.users)"])

case(A, "optional-default-from-vars", '''
    variable "o" {
      type = object({
        a = string
        b = optional(number, 5)
        c = optional(list(string), [])
      })
    }
''', ["var.o", "var.o.b", "type(var.o.c)"], vars={"o": {"a": "given"}})

case(A, "optional-default-wrong-type", '''
    variable "o" {
      type = object({
        b = optional(number, "many")
      })
      default = {}
    }
''', ["var.o"])

case(A, "optional-outside-object", '''
    variable "l" {
      type    = list(optional(string))
      default = []
    }
''', ["var.l"])

case(A, "optional-explicit-null-gets-default", '''
    variable "o" {
      type = object({
        a = optional(string, "dflt")
      })
    }
''', ["var.o", "var.o.a"], vars={"o": {"a": None}})

case(A, "nullable-default-true", '''
    variable "x" {
      type    = string
      default = "d"
    }
''', ["var.x", "var.x == null"], vars={"x": None})

case(A, "nullable-false-null-uses-default", '''
    variable "x" {
      type     = string
      default  = "d"
      nullable = false
    }
''', ["var.x"], vars={"x": None})

case(A, "nullable-false-null-no-default", '''
    variable "x" {
      type     = string
      nullable = false
    }
''', ["var.x"], vars={"x": None})

case(A, "nullable-false-null-default", '''
    variable "x" {
      type     = string
      default  = null
      nullable = false
    }
''', ["var.x"])

case(A, "nullable-not-bool", '''
    variable "x" {
      default  = 1
      nullable = "yes"
    }
''', ["var.x"])

case(A, "null-default-is-optional", '''
    variable "x" {
      type    = list(string)
      default = null
    }
''', ["var.x", "type(var.x)", "var.x == null"])

case(A, "sensitive", '''
    variable "password" {
      type      = string
      default   = "hunter2"
      sensitive = true
    }
    locals {
      greeting = "pw is ${var.password}"
      len      = length(var.password)
    }
''', ["var.password", "type(var.password)", "local.greeting", "local.len", "nonsensitive(var.password)",
      "issensitive(var.password)", "{ p = var.password, q = 1 }", "[var.password, \"x\"]", "var.password == \"hunter2\""])

case(A, "sensitive-object", '''
    variable "creds" {
      type = object({
        user = string
        pass = string
      })
      default   = { user = "u", pass = "p" }
      sensitive = true
    }
''', ["var.creds", "var.creds.user", "keys(var.creds)", "type(var.creds)"])

case(A, "sensitive-not-bool", '''
    variable "x" {
      default   = "a"
      sensitive = "yes"
    }
''', ["var.x"])

case(A, "ephemeral", '''
    variable "token" {
      type      = string
      default   = "tok"
      ephemeral = true
    }
    locals {
      header = "Bearer ${var.token}"
    }
''', ["var.token", "type(var.token)", "local.header", "ephemeralasnull(var.token)", "length(var.token)"])

case(A, "ephemeral-in-resource", '''
    variable "token" {
      type      = string
      default   = "tok"
      ephemeral = true
    }
    resource "terraform_data" "a" {
      input = var.token
    }
''', ["terraform_data.a", "terraform_data.a.input"])

case(A, "ephemeral-and-sensitive", '''
    variable "token" {
      default   = "tok"
      ephemeral = true
      sensitive = true
    }
''', ["var.token"])

case(A, "validation-passes", '''
    variable "port" {
      type    = number
      default = 8080
      validation {
        condition     = var.port > 0 && var.port < 65536
        error_message = "The port must be between 1 and 65535."
      }
    }
''', ["var.port"])

case(A, "validation-fails", '''
    variable "port" {
      type    = number
      default = 70000
      validation {
        condition     = var.port > 0 && var.port < 65536
        error_message = "The port must be between 1 and 65535."
      }
    }
''', ["var.port", "var.port + 1"])

case(A, "validation-fails-given-value", '''
    variable "image_id" {
      type        = string
      description = "The id of the machine image (AMI) to use for the server."
      validation {
        condition     = length(var.image_id) > 4 && substr(var.image_id, 0, 4) == "ami-"
        error_message = "The image_id value must be a valid AMI id, starting with \\"ami-\\"."
      }
    }
''', ["var.image_id"], vars={"image_id": "img-123"})

case(A, "validation-regex-can", '''
    variable "image_id" {
      type = string
      validation {
        condition     = can(regex("^ami-", var.image_id))
        error_message = "The image_id value must be a valid AMI id, starting with \\"ami-\\"."
      }
    }
''', ["var.image_id"], vars={"image_id": "ami-12345"})

case(A, "validation-regex-can-fails", '''
    variable "image_id" {
      type = string
      validation {
        condition     = can(regex("^ami-", var.image_id))
        error_message = "The image_id value must be a valid AMI id, starting with \\"ami-\\"."
      }
    }
''', ["var.image_id"], vars={"image_id": "xyz"})

case(A, "validation-message-interpolates", '''
    variable "env" {
      type    = string
      default = "qa"
      validation {
        condition     = contains(["dev", "prod"], var.env)
        error_message = "Environment ${var.env} is not one of dev, prod."
      }
    }
''', ["var.env"])

case(A, "validation-two-fail", '''
    variable "name" {
      type    = string
      default = "X"
      validation {
        condition     = length(var.name) > 3
        error_message = "Too short."
      }
      validation {
        condition     = lower(var.name) == var.name
        error_message = "Must be lower case."
      }
    }
''', ["var.name"])

case(A, "validation-references-other-variable", '''
    variable "min" {
      type    = number
      default = 10
    }
    variable "value" {
      type    = number
      default = 5
      validation {
        condition     = var.value >= var.min
        error_message = "value must be at least ${var.min}."
      }
    }
''', ["var.value", "var.min"])

case(A, "validation-references-local", '''
    locals {
      allowed = ["a", "b"]
    }
    variable "v" {
      default = "c"
      validation {
        condition     = contains(local.allowed, var.v)
        error_message = "Not allowed."
      }
    }
''', ["var.v", "local.allowed"])

case(A, "validation-no-self-reference", '''
    variable "v" {
      default = "c"
      validation {
        condition     = true
        error_message = "Never."
      }
    }
''', ["var.v"])

case(A, "validation-condition-not-bool", '''
    variable "v" {
      default = "c"
      validation {
        condition     = var.v
        error_message = "Bad."
      }
    }
''', ["var.v"])

case(A, "validation-condition-null", '''
    variable "v" {
      type    = string
      default = null
      validation {
        condition     = var.v == null ? null : true
        error_message = "Bad."
      }
    }
''', ["var.v"])

case(A, "validation-condition-error", '''
    variable "v" {
      type    = string
      default = null
      validation {
        condition     = length(var.v) > 2
        error_message = "Too short."
      }
    }
''', ["var.v"])

case(A, "validation-unknown-in-console", '''
    variable "v" {
      type = string
      validation {
        condition     = length(var.v) > 2
        error_message = "Too short."
      }
    }
''', ["var.v", "type(var.v)"])

case(A, "validation-message-not-string", '''
    variable "v" {
      default = "x"
      validation {
        condition     = var.v == "y"
        error_message = ["a"]
      }
    }
''', ["var.v"])

case(A, "validation-missing-message", '''
    variable "v" {
      default = "x"
      validation {
        condition = var.v == "y"
      }
    }
''', ["var.v"])

case(A, "validation-sensitive-value", '''
    variable "pw" {
      type      = string
      default   = "short"
      sensitive = true
      validation {
        condition     = length(var.pw) >= 8
        error_message = "Password ${var.pw} is too short."
      }
    }
''', ["var.pw"])

case(A, "missing-required", '''
    variable "region" {
      type = string
    }
    locals {
      upper_region = upper(var.region)
    }
''', ["var.region", "type(var.region)", "local.upper_region", "var.region == null"])

case(A, "missing-required-untyped", '''
    variable "anything" {}
''', ["var.anything", "type(var.anything)"])

case(A, "missing-two-required", '''
    variable "a" {}
    variable "b" {
      type = number
    }
''', ["var.a", "var.b"])

case(A, "given-value-for-undeclared", '''
    variable "a" {
      default = 1
    }
''', ["var.a"], vars={"a": 2, "b": 3})

case(A, "reference-undeclared", '''
    variable "region" {
      default = "eu"
    }
''', ["var.regoin", "var.nothing_like_it", "var"])

case(A, "given-value-wrong-type", '''
    variable "n" {
      type = number
    }
''', ["var.n"], vars={"n": "abc"})

case(A, "given-value-wrong-structure", '''
    variable "o" {
      type = object({ a = list(string) })
    }
''', ["var.o"], vars={"o": {"a": "not-a-list"}})

case(A, "given-list-for-set", '''
    variable "s" {
      type = set(number)
    }
''', ["var.s", "type(var.s)"], vars={"s": [3, 1, 2, 1]})

case(A, "given-number-precision", '''
    variable "n" {
      type = number
    }
''', ["var.n", "var.n * 3"], vars={"n": 0.1})

case(A, "reserved-name", '''
    variable "count" {
      default = 1
    }
''', ["1"])

case(A, "duplicate", '''
    variable "a" {
      default = 1
    }
    variable "a" {
      default = 2
    }
''', ["var.a"])

case(A, "default-references-variable", '''
    variable "a" {
      default = 1
    }
    variable "b" {
      default = var.a
    }
''', ["var.b"])

case(A, "default-calls-function", '''
    variable "b" {
      default = upper("x")
    }
''', ["var.b"])

case(A, "unsupported-argument", '''
    variable "a" {
      default = 1
      value   = 2
    }
''', ["var.a"])

case(A, "bad-type-expression", '''
    variable "a" {
      type    = lsit(string)
      default = []
    }
''', ["var.a"])

case(A, "legacy-bare-list-type", '''
    variable "a" {
      type    = list
      default = ["x"]
    }
    variable "b" {
      type    = map
      default = { k = 1 }
    }
''', ["var.a", "type(var.a)", "type(var.b)"])

case(A, "quoted-type-legacy", '''
    variable "a" {
      type    = "string"
      default = "x"
    }
''', ["var.a"])

case(A, "description-only", '''
    variable "a" {
      description = "An input."
      default     = "x"
    }
''', ["var.a"])

case(A, "name-with-dash", '''
    variable "my-var" {
      default = "dash"
    }
''', ['var.my-var', 'var.my - 1'])

case(A, "invalid-name", '''
    variable "1x" {
      default = "x"
    }
''', ["1"])

case(A, "number-to-string", '''
    variable "s" {
      type    = string
      default = 42
    }
    variable "t" {
      type    = string
      default = true
    }
''', ["var.s", "var.t", "type(var.s)"])

case(A, "list-to-string-fails", '''
    variable "s" {
      type    = string
      default = ["a"]
    }
''', ["var.s"])

case(A, "object-to-map", '''
    variable "m" {
      type    = map(string)
      default = { a = "x", b = 1 }
    }
''', ["var.m", "type(var.m)"])

case(A, "deprecated", '''
    variable "old" {
      default    = "x"
      deprecated = "Use new instead."
    }
    locals {
      y = var.old
    }
''', ["var.old", "local.y"])

# Added with the module evaluator: what the first corpus left open.
case(A, "validation-fails-local-depends", '''
    variable "port" {
      type    = number
      default = 70000
      validation {
        condition     = var.port < 65536
        error_message = "too big"
      }
    }
    locals {
      next = var.port + 1
    }
''', exprs=["var.port", "local.next"])

case(A, "object-extra-nested-attribute", '''
    variable "o" {
      type = object({
        inner = object({
          name = string
        })
      })
      default = { inner = { name = "x", nmae = "y" } }
    }
''', exprs=["var.o"])

case(A, "map-bad-element-given", '''
    variable "m" {
      type = map(number)
    }
''', vars={"m": {"a": 1, "b": "x"}}, exprs=["var.m"])
