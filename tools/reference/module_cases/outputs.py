# Output values: planned values (known, unknown, sensitive), the error for
# sensitive values without sensitive = true, descriptions, preconditions,
# depends_on, ephemeral outputs, and what the console can reach.
A = "outputs"

case(A, "known-values", '''
    output "s" {
      value = "x"
    }
    output "n" {
      value = 1.5
    }
    output "l" {
      value = tolist(["a"])
    }
    output "t" {
      value = ["a", 1]
    }
    output "m" {
      value = { a = 1 }
    }
    output "set" {
      value = toset([3, 1])
    }
    output "null" {
      value = null
    }
''', ["output.s", "1"])

case(A, "description", '''
    output "instance_ip_addr" {
      value       = "10.0.0.1"
      description = "The private IP address of the main server instance."
    }
''', ["1"])

case(A, "description-not-string", '''
    output "a" {
      value       = 1
      description = ["x"]
    }
''', ["1"])

case(A, "missing-value", '''
    output "a" {
      description = "no value"
    }
''', ["1"])

case(A, "unsupported-argument", '''
    output "a" {
      value = 1
      type  = string
    }
''', ["1"])

case(A, "duplicate", '''
    output "a" {
      value = 1
    }
    output "a" {
      value = 2
    }
''', ["1"])

case(A, "sensitive-without-flag", '''
    variable "pw" {
      default   = "p"
      sensitive = true
    }
    output "pw" {
      value = var.pw
    }
''', ["var.pw"])

case(A, "sensitive-nested-without-flag", '''
    variable "pw" {
      default   = "p"
      sensitive = true
    }
    output "conn" {
      value = { user = "u", pass = var.pw }
    }
''', ["1"])

case(A, "sensitive-with-flag", '''
    variable "pw" {
      default   = "p"
      sensitive = true
    }
    output "pw" {
      value     = var.pw
      sensitive = true
    }
    output "plain" {
      value     = "not secret"
      sensitive = true
    }
''', ["var.pw"])

case(A, "sensitive-function-without-flag", '''
    output "s" {
      value = sensitive("x")
    }
''', ["1"])

case(A, "nonsensitive-ok", '''
    variable "pw" {
      default   = "p"
      sensitive = true
    }
    output "len" {
      value = nonsensitive(length(var.pw))
    }
''', ["1"])

case(A, "nonsensitive-on-plain-value", '''
    output "x" {
      value = nonsensitive("plain")
    }
''', ["nonsensitive(\"plain\")"])

case(A, "unknown-values", '''
    resource "terraform_data" "a" {
      input = "in"
    }
    output "id" {
      value = terraform_data.a.id
    }
    output "input" {
      value = terraform_data.a.input
    }
    output "mixed" {
      value = { id = terraform_data.a.id, input = terraform_data.a.input }
    }
    output "whole" {
      value = terraform_data.a
    }
''', ["terraform_data.a"])

case(A, "precondition-passes", '''
    variable "n" {
      default = 3
    }
    output "n" {
      value = var.n
      precondition {
        condition     = var.n > 0
        error_message = "n must be positive."
      }
    }
''', ["var.n"])

case(A, "precondition-fails", '''
    variable "n" {
      default = -1
    }
    output "n" {
      value = var.n
      precondition {
        condition     = var.n > 0
        error_message = "n must be positive, got ${var.n}."
      }
    }
''', ["var.n"])

case(A, "precondition-unknown", '''
    resource "terraform_data" "a" {
      input = "x"
    }
    output "id" {
      value = terraform_data.a.id
      precondition {
        condition     = terraform_data.a.id != ""
        error_message = "id must not be empty."
      }
    }
''', ["terraform_data.a.id"])

case(A, "precondition-not-bool", '''
    variable "n" {
      default = 1
    }
    output "n" {
      value = var.n
      precondition {
        condition     = var.n
        error_message = "bad"
      }
    }
''', ["1"])

case(A, "precondition-without-reference", '''
    output "n" {
      value = 1
      precondition {
        condition     = true
        error_message = "bad"
      }
    }
''', ["1"])

case(A, "precondition-self-not-allowed", '''
    output "n" {
      value = 1
      precondition {
        condition     = self == 1
        error_message = "bad"
      }
    }
''', ["1"])

case(A, "postcondition-not-allowed", '''
    output "n" {
      value = 1
      postcondition {
        condition     = true
        error_message = "bad"
      }
    }
''', ["1"])

case(A, "depends-on", '''
    resource "terraform_data" "a" {}
    output "x" {
      value      = "fixed"
      depends_on = [terraform_data.a]
    }
''', ["1"])

case(A, "depends-on-invalid", '''
    output "x" {
      value      = "fixed"
      depends_on = [var.nope]
    }
''', ["1"])

case(A, "ephemeral-in-root", '''
    variable "tok" {
      default   = "t"
      ephemeral = true
    }
    output "tok" {
      value = var.tok
    }
''', ["var.tok"])

case(A, "ephemeral-flag-in-root", '''
    variable "tok" {
      default   = "t"
      ephemeral = true
    }
    output "tok" {
      value     = var.tok
      ephemeral = true
    }
''', ["var.tok"])

case(A, "ephemeral-child-output", files={"main.tf": '''
    module "c" {
      source = "./c"
      tok    = "secret"
    }
    output "len" {
      value = length(module.c.tok)
    }
    locals {
      t = module.c.tok
    }
''', "c/main.tf": '''
    variable "tok" {
      ephemeral = true
    }
    output "tok" {
      value     = var.tok
      ephemeral = true
    }
'''}, exprs=["module.c.tok", "local.t", "module.c"])

case(A, "error-in-value", '''
    output "bad" {
      value = 1 + "a"
    }
    output "good" {
      value = 2
    }
''', ["1"])

case(A, "references-undeclared", '''
    output "x" {
      value = local.nope
    }
''', ["1"])

case(A, "output-reference-not-allowed", '''
    output "a" {
      value = 1
    }
    output "b" {
      value = output.a
    }
''', ["output.a"])

case(A, "invalid-name", '''
    output "1bad" {
      value = 1
    }
''', ["1"])

case(A, "types-in-plan", '''
    variable "l" {
      type    = list(number)
      default = [1, 2]
    }
    output "list" {
      value = var.l
    }
    output "tuple" {
      value = [for x in var.l : x * 2]
    }
    output "obj" {
      value = { for i, x in var.l : tostring(i) => x }
    }
    output "map" {
      value = tomap({ for i, x in var.l : tostring(i) => x })
    }
    output "nested_unknown" {
      value = [terraform_data.a.id, "known"]
    }
    resource "terraform_data" "a" {}
''', ["1"])

case(A, "deprecated-output", '''
    output "old" {
      value      = 1
      deprecated = "Use new instead."
    }
''', ["1"])
