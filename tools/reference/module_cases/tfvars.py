# Values for variables from terraform.tfvars, *.auto.tfvars, their JSON
# forms, -var and -var-file flags and TF_VAR_ environment variables: the
# grammar of tfvars files, precedence, conversion and errors.
A = "tfvars"

DECL = '''
    variable "region" {
      type    = string
      default = "default-region"
    }
    variable "sizes" {
      type    = list(number)
      default = []
    }
    variable "tags" {
      type    = map(string)
      default = {}
    }
'''
EXPRS = ["var.region", "var.sizes", "var.tags"]

case(A, "terraform-tfvars", files={"main.tf": DECL, "terraform.tfvars": '''
    region = "eu-west-1"
    sizes  = [1, 2, "3"]
    tags = {
      env  = "prod"
      team = "core"
    }
'''}, exprs=EXPRS)

case(A, "terraform-tfvars-json", files={"main.tf": DECL, "terraform.tfvars.json": '''
    {"region": "us-east-1", "sizes": [10], "tags": {"a": "b"}}
'''}, exprs=EXPRS)

case(A, "auto-tfvars-order", files={"main.tf": DECL, "a.auto.tfvars": '''
    region = "from-a"
    sizes  = [1]
''', "b.auto.tfvars": '''
    region = "from-b"
'''}, exprs=EXPRS)

case(A, "auto-overrides-terraform-tfvars", files={"main.tf": DECL, "terraform.tfvars": '''
    region = "from-terraform-tfvars"
    sizes  = [7]
''', "x.auto.tfvars": '''
    region = "from-auto"
'''}, exprs=EXPRS)

case(A, "json-and-hcl-auto", files={"main.tf": DECL, "a.auto.tfvars.json": '''
    {"region": "from-json"}
''', "a.auto.tfvars": '''
    region = "from-hcl"
'''}, exprs=EXPRS)

case(A, "var-flag-overrides-files", files={"main.tf": DECL, "terraform.tfvars": '''
    region = "from-file"
'''}, var_flags=["region=from-flag"], exprs=EXPRS)

case(A, "var-flag-complex-values", files={"main.tf": DECL}, var_flags=['sizes=[1, 2, 3]', 'tags={a = "x", b = "y"}'], exprs=EXPRS + ["type(var.sizes)"])

case(A, "var-flag-string-raw", '''
    variable "s" {
      type = string
    }
''', var_flags=['s=[1, 2]'], exprs=["var.s"])

case(A, "var-flag-untyped-raw", '''
    variable "u" {}
    variable "a" {
      type = any
    }
''', var_flags=['u=[1, 2]', 'a=[1, 2]'], exprs=["var.u", "type(var.u)", "var.a", "type(var.a)"])

case(A, "var-flag-bad-hcl", '''
    variable "l" {
      type = list(string)
    }
''', var_flags=['l=[1, 2'], exprs=["var.l"])

case(A, "var-flag-wrong-type", '''
    variable "n" {
      type = number
    }
''', var_flags=['n=abc'], exprs=["var.n"])

case(A, "var-flag-undeclared", '''
    variable "a" {
      default = 1
    }
''', var_flags=['b=2'], exprs=["var.a"])

case(A, "var-flag-no-equals", '''
    variable "a" {
      default = 1
    }
''', var_flags=['a'], exprs=["var.a"])

case(A, "var-flag-repeated-last-wins", '''
    variable "a" {
      default = "d"
    }
''', var_flags=['a=first', 'a=second'], exprs=["var.a"])

case(A, "var-file-flag", files={"main.tf": DECL, "prod.tfvars": '''
    region = "from-var-file"
''', "terraform.tfvars": '''
    region = "from-terraform-tfvars"
    sizes  = [1]
'''}, var_files=["prod.tfvars"], exprs=EXPRS)

case(A, "var-file-missing", files={"main.tf": DECL}, var_files=["nope.tfvars"], exprs=EXPRS)

case(A, "var-file-order-with-var-flag", files={"main.tf": DECL, "x.tfvars": '''
    region = "from-var-file"
'''}, var_flags=["region=from-flag"], var_files=["x.tfvars"], exprs=["var.region"])

case(A, "env-var", files={"main.tf": DECL}, env_vars={"region": "from-env", "sizes": "[4, 5]"}, exprs=EXPRS)

case(A, "env-var-lower-than-tfvars", files={"main.tf": DECL, "terraform.tfvars": '''
    region = "from-tfvars"
'''}, env_vars={"region": "from-env"}, exprs=["var.region"])

case(A, "env-var-undeclared-ignored", '''
    variable "a" {
      default = 1
    }
''', env_vars={"b": "2"}, exprs=["var.a"])

case(A, "env-var-bad-value", '''
    variable "l" {
      type = list(number)
    }
''', env_vars={"l": "[1, x]"}, exprs=["var.l"])

case(A, "undeclared-in-tfvars", files={"main.tf": DECL, "terraform.tfvars": '''
    region = "x"
    zone   = "z"
'''}, exprs=["var.region"])

case(A, "undeclared-in-auto-tfvars", files={"main.tf": DECL, "x.auto.tfvars": '''
    zone = "z"
'''}, exprs=["var.region"])

case(A, "undeclared-in-var-file", files={"main.tf": DECL, "x.tfvars": '''
    zone = "z"
'''}, var_files=["x.tfvars"], exprs=["var.region"])

case(A, "tfvars-expression-arithmetic", files={"main.tf": DECL, "terraform.tfvars": '''
    sizes = [1 + 1, 2 * 3]
    region = "a-${"b"}"
'''}, exprs=EXPRS)

case(A, "tfvars-function-call", files={"main.tf": DECL, "terraform.tfvars": '''
    region = upper("x")
'''}, exprs=EXPRS)

case(A, "tfvars-references-variable", files={"main.tf": DECL, "terraform.tfvars": '''
    region = var.other
'''}, exprs=EXPRS)

case(A, "tfvars-syntax-error", files={"main.tf": DECL, "terraform.tfvars": '''
    region = "unterminated
'''}, exprs=EXPRS)

case(A, "tfvars-block", files={"main.tf": DECL, "terraform.tfvars": '''
    region {
      name = "x"
    }
'''}, exprs=EXPRS)

case(A, "tfvars-wrong-type", files={"main.tf": DECL, "terraform.tfvars": '''
    sizes = "big"
'''}, exprs=EXPRS)

case(A, "tfvars-heredoc", files={"main.tf": '''
    variable "script" {
      type = string
    }
''', "terraform.tfvars": '''
    script = <<-EOT
      echo hello
      echo ${"world"}
    EOT
'''}, exprs=["var.script"])

case(A, "tfvars-null-for-nullable-false", files={"main.tf": '''
    variable "a" {
      type     = string
      default  = "fallback"
      nullable = false
    }
''', "terraform.tfvars": '''
    a = null
'''}, exprs=["var.a"])

case(A, "tfvars-json-invalid", files={"main.tf": DECL, "terraform.tfvars.json": '''
    {"region": "x",}
'''}, exprs=EXPRS)

case(A, "tfvars-json-not-object", files={"main.tf": DECL, "terraform.tfvars.json": '''
    ["region"]
'''}, exprs=EXPRS)

case(A, "tfvars-json-numbers", files={"main.tf": '''
    variable "n" {
      type = number
    }
    variable "any" {}
''', "terraform.tfvars.json": '''
    {"n": 1e3, "any": {"big": 12345678901234567890, "f": 0.5, "l": [1, "a", null]}}
'''}, exprs=["var.n", "var.any", "type(var.any)"])

case(A, "tfvars-json-template-not-evaluated", files={"main.tf": '''
    variable "s" {
      type = string
    }
''', "terraform.tfvars.json": '''
    {"s": "${upper(\\"x\\")}"}
'''}, exprs=["var.s"])

case(A, "tfvars-object-optional", files={"main.tf": '''
    variable "svc" {
      type = object({
        name = string
        port = optional(number, 80)
      })
    }
''', "terraform.tfvars": '''
    svc = { name = "web" }
'''}, exprs=["var.svc"])

case(A, "tfvars-duplicate-attribute", files={"main.tf": DECL, "terraform.tfvars": '''
    region = "a"
    region = "b"
'''}, exprs=["var.region"])

case(A, "tfvars-sensitive-variable", files={"main.tf": '''
    variable "pw" {
      type      = string
      sensitive = true
    }
''', "terraform.tfvars": '''
    pw = "s3cret"
'''}, exprs=["var.pw", "nonsensitive(var.pw)"])

case(A, "vars-json-typed", '''
    variable "l" {
      type = list(string)
    }
    variable "m" {
      type = map(any)
    }
''', vars={"l": ["a", "b"], "m": {"x": 1, "y": 2}}, exprs=["var.l", "var.m", "type(var.m)"])

case(A, "vars-json-untyped-tuple", '''
    variable "l" {}
''', vars={"l": ["a", "b"]}, exprs=["var.l", "type(var.l)"])

case(A, "vars-json-null", '''
    variable "l" {
      type    = list(string)
      default = ["d"]
    }
''', vars={"l": None}, exprs=["var.l"])
