# Nested and dynamic blocks (terraform_data's only nested block type is
# Terraform 1.16's single "store" block; OpenTofu's terraform_data has
# none), lifecycle with pre/postconditions, provisioners and connection
# blocks (planned only, never run), check blocks, moved, import and
# removed blocks.
A = "blocks"

case(A, "dynamic-store-one", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = ["v1"]
        content {
          version = store.value
          input   = "k${store.key}"
        }
      }
    }
''', ["terraform_data.a.store", "terraform_data.a"])

case(A, "dynamic-store-none", '''
    resource "terraform_data" "a" {
      input = 1
      dynamic "store" {
        for_each = []
        content {
          version = store.value
        }
      }
    }
''', ["terraform_data.a.store", "terraform_data.a"])

case(A, "dynamic-store-two", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = [1, 2]
        content {
          version = store.value
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-iterator", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = { v = "only" }
        iterator = it
        content {
          version = "${it.key}=${it.value}"
        }
      }
    }
''', ["terraform_data.a.store.version"])

case(A, "dynamic-iterator-default-name-hidden", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = ["x"]
        iterator = it
        content {
          version = store.value
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-set-key-is-value", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = toset(["s"])
        content {
          version = [store.key, store.value]
        }
      }
    }
''', ["terraform_data.a.store.version"])

case(A, "dynamic-labels-on-unlabelled", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = ["x"]
        labels   = [store.value]
        content {
          version = 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-missing-content", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = ["x"]
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-missing-for-each", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        content {
          version = 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-for-each-not-collection", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = "abc"
        content {
          version = 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-for-each-null", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = null
        content {
          version = 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-for-each-unknown", '''
    resource "terraform_data" "src" {
      input = ["a"]
    }
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = terraform_data.src.output
        content {
          version = store.value
        }
      }
    }
''', ["terraform_data.a", "terraform_data.a.store"])

case(A, "dynamic-for-each-sensitive", '''
    variable "v" {
      default   = ["x"]
      sensitive = true
    }
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = var.v
        content {
          version = store.value
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-unsupported-block-type", '''
    variable "service_ports" {
      default = [22, 80]
    }
    resource "terraform_data" "a" {
      dynamic "ingress" {
        for_each = var.service_ports
        content {
          from_port = ingress.value
          to_port   = ingress.value
          protocol  = "tcp"
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-nested-dynamic", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = ["x"]
        content {
          version = 1
          dynamic "inner" {
            for_each = [1]
            content {
              v = inner.value
            }
          }
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-extra-argument", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = ["x"]
        nope     = 1
        content {
          version = 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-no-label", '''
    resource "terraform_data" "a" {
      dynamic {
        for_each = ["x"]
        content {}
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-iterator-not-identifier", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = ["x"]
        iterator = "it"
        content {
          version = 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-uses-each", '''
    resource "terraform_data" "a" {
      for_each = { a = "va" }
      dynamic "store" {
        for_each = [each.value]
        content {
          version = "${each.key}:${store.value}"
        }
      }
    }
''', ["terraform_data.a", "terraform_data.a.a.store.version"])

case(A, "dynamic-lifecycle-not-allowed", '''
    resource "terraform_data" "a" {
      dynamic "lifecycle" {
        for_each = [1]
        content {
          create_before_destroy = true
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-in-locals-not-allowed", '''
    locals {
      dynamic "x" {
        for_each = [1]
        content {}
      }
    }
''', ["1"])

case(A, "dynamic-iterator-outside-content", '''
    resource "terraform_data" "a" {
      input = store.value
      dynamic "store" {
        for_each = ["x"]
        content {
          version = 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "dynamic-content-error", '''
    resource "terraform_data" "a" {
      dynamic "store" {
        for_each = ["x"]
        content {
          version = store.value + 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "lifecycle-meta-arguments", '''
    resource "terraform_data" "a" {
      input = "x"
      lifecycle {
        create_before_destroy = true
        prevent_destroy       = false
        ignore_changes        = [input]
      }
    }
''', ["terraform_data.a"])

case(A, "lifecycle-ignore-all", '''
    resource "terraform_data" "a" {
      lifecycle {
        ignore_changes = all
      }
    }
''', ["terraform_data.a"])

case(A, "lifecycle-replace-triggered-by", '''
    resource "terraform_data" "src" {}
    resource "terraform_data" "a" {
      lifecycle {
        replace_triggered_by = [terraform_data.src]
      }
    }
''', ["terraform_data.a"])

case(A, "lifecycle-replace-triggered-by-invalid", '''
    resource "terraform_data" "a" {
      lifecycle {
        replace_triggered_by = [var.x]
      }
    }
''', ["terraform_data.a"])

case(A, "lifecycle-expression-not-allowed", '''
    variable "keep" {
      default = true
    }
    resource "terraform_data" "a" {
      lifecycle {
        prevent_destroy = var.keep
      }
    }
''', ["terraform_data.a"])

case(A, "lifecycle-unsupported-argument", '''
    resource "terraform_data" "a" {
      lifecycle {
        nope = true
      }
    }
''', ["terraform_data.a"])

case(A, "lifecycle-ignore-changes-unknown-attribute", '''
    resource "terraform_data" "a" {
      lifecycle {
        ignore_changes = [nope]
      }
    }
''', ["terraform_data.a"])

case(A, "precondition-passes", '''
    variable "n" {
      default = 2
    }
    resource "terraform_data" "a" {
      input = var.n
      lifecycle {
        precondition {
          condition     = var.n > 1
          error_message = "n must be more than 1."
        }
      }
    }
''', ["terraform_data.a.input"])

case(A, "precondition-fails", '''
    variable "n" {
      default = 0
    }
    resource "terraform_data" "a" {
      input = var.n
      lifecycle {
        precondition {
          condition     = var.n > 1
          error_message = "n must be more than 1."
        }
      }
    }
''', ["terraform_data.a.input", "terraform_data.a"])

case(A, "precondition-fails-count", '''
    resource "terraform_data" "a" {
      count = 2
      input = count.index
      lifecycle {
        precondition {
          condition     = count.index == 0
          error_message = "Only instance 0 is fine, not ${count.index}."
        }
      }
    }
''', ["terraform_data.a"])

case(A, "precondition-self-not-allowed", '''
    resource "terraform_data" "a" {
      input = 1
      lifecycle {
        precondition {
          condition     = self.input == 1
          error_message = "bad"
        }
      }
    }
''', ["terraform_data.a"])

case(A, "postcondition-known-passes", '''
    resource "terraform_data" "a" {
      input = "abc"
      lifecycle {
        postcondition {
          condition     = self.input == "abc"
          error_message = "input changed"
        }
      }
    }
''', ["terraform_data.a.input"])

case(A, "postcondition-known-fails", '''
    resource "terraform_data" "a" {
      input = "abc"
      lifecycle {
        postcondition {
          condition     = length(self.input) > 5
          error_message = "input ${self.input} is too short"
        }
      }
    }
''', ["terraform_data.a.input", "terraform_data.a"])

case(A, "postcondition-unknown", '''
    resource "terraform_data" "a" {
      input = "abc"
      lifecycle {
        postcondition {
          condition     = self.id != ""
          error_message = "no id"
        }
      }
    }
''', ["terraform_data.a.id"])

case(A, "postcondition-by-name", '''
    resource "terraform_data" "a" {
      input = "abc"
      lifecycle {
        postcondition {
          condition     = terraform_data.a.input == "abc"
          error_message = "bad"
        }
      }
    }
''', ["terraform_data.a.input"])

case(A, "condition-missing-message", '''
    resource "terraform_data" "a" {
      input = 1
      lifecycle {
        postcondition {
          condition = self.input == 1
        }
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-local-exec", '''
    resource "terraform_data" "a" {
      input = "x"
      provisioner "local-exec" {
        command = "echo ${self.input} ${self.id}"
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-self-outside", '''
    resource "terraform_data" "a" {
      input = self.id
    }
''', ["terraform_data.a"])

case(A, "provisioner-references-own-resource", '''
    resource "terraform_data" "a" {
      input = "x"
      provisioner "local-exec" {
        command = "echo ${terraform_data.a.input}"
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-destroy-references-variable", '''
    variable "v" {
      default = "x"
    }
    resource "terraform_data" "a" {
      provisioner "local-exec" {
        when    = destroy
        command = "echo ${var.v}"
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-destroy-self", '''
    resource "terraform_data" "a" {
      input = "x"
      provisioner "local-exec" {
        when    = destroy
        command = "echo ${self.input}"
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-unknown-type", '''
    resource "terraform_data" "a" {
      provisioner "nope" {
        x = 1
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-unsupported-argument", '''
    resource "terraform_data" "a" {
      provisioner "local-exec" {
        command = "true"
        nope    = 1
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-missing-command", '''
    resource "terraform_data" "a" {
      provisioner "local-exec" {
        working_dir = "/tmp"
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-when-invalid", '''
    resource "terraform_data" "a" {
      provisioner "local-exec" {
        command = "true"
        when    = later
      }
    }
''', ["terraform_data.a"])

case(A, "provisioner-dynamic-block", '''
    resource "terraform_data" "a" {
      provisioner "local-exec" {
        command = "true"
        dynamic "environment" {
          for_each = { A = "1" }
          content {}
        }
      }
    }
''', ["terraform_data.a"])

case(A, "connection-block", '''
    resource "terraform_data" "a" {
      input = "10.0.0.1"
      connection {
        type = "ssh"
        host = self.input
        user = "root"
      }
      provisioner "remote-exec" {
        inline = ["echo hi"]
      }
    }
''', ["terraform_data.a"])

case(A, "check-passes", '''
    variable "n" {
      default = 1
    }
    check "positive" {
      assert {
        condition     = var.n > 0
        error_message = "n must be positive"
      }
    }
''', ["var.n"])

case(A, "check-fails-is-warning", '''
    variable "n" {
      default = -1
    }
    check "positive" {
      assert {
        condition     = var.n > 0
        error_message = "n must be positive, got ${var.n}"
      }
      assert {
        condition     = var.n < 100
        error_message = "n must be small"
      }
    }
''', ["var.n"])

case(A, "check-unknown", '''
    resource "terraform_data" "a" {}
    check "has-id" {
      assert {
        condition     = terraform_data.a.id != null
        error_message = "no id"
      }
    }
''', ["terraform_data.a.id"])

case(A, "check-not-bool", '''
    variable "n" {
      default = 1
    }
    check "c" {
      assert {
        condition     = var.n
        error_message = "bad"
      }
    }
''', ["var.n"])

case(A, "check-condition-without-reference", '''
    check "c" {
      assert {
        condition     = true
        error_message = "x"
      }
    }
''', ["1"])

case(A, "check-no-assert", '''
    check "empty" {
    }
''', ["1"])

case(A, "check-reference-not-allowed", '''
    variable "n" {
      default = 1
    }
    check "c" {
      assert {
        condition     = var.n > 0
        error_message = "x"
      }
    }
    locals {
      x = check.c
    }
''', ["local.x", "check.c"])

case(A, "check-error-in-condition", '''
    variable "n" {
      default = 1
    }
    check "c" {
      assert {
        condition     = var.n + "a" > 0
        error_message = "x"
      }
    }
''', ["1"])

case(A, "moved", '''
    resource "terraform_data" "b" {
      input = "moved here"
    }
    moved {
      from = terraform_data.a
      to   = terraform_data.b
    }
''', ["terraform_data.b"])

case(A, "moved-to-undeclared", '''
    moved {
      from = terraform_data.a
      to   = terraform_data.b
    }
''', ["1"])

case(A, "moved-invalid-address", '''
    resource "terraform_data" "b" {}
    moved {
      from = "terraform_data.a"
      to   = terraform_data.b
    }
''', ["1"])

case(A, "moved-index", '''
    resource "terraform_data" "a" {
      count = 2
    }
    moved {
      from = terraform_data.b
      to   = terraform_data.a[0]
    }
''', ["length(terraform_data.a)"])

case(A, "moved-type-change", '''
    resource "terraform_data" "b" {}
    moved {
      from = null_resource.a
      to   = terraform_data.b
    }
''', ["1"])

case(A, "import", '''
    import {
      to = terraform_data.a
      id = "abc-123"
    }
    resource "terraform_data" "a" {}
''', ["terraform_data.a", "terraform_data.a.id"])

case(A, "import-for-each", '''
    locals {
      ids = { one = "id-1", two = "id-2" }
    }
    import {
      for_each = local.ids
      to       = terraform_data.a[each.key]
      id       = each.value
    }
    resource "terraform_data" "a" {
      for_each = local.ids
    }
''', ["terraform_data.a"])

case(A, "import-id-expression", '''
    variable "prefix" {
      default = "pre"
    }
    import {
      to = terraform_data.a
      id = "${var.prefix}-1"
    }
    resource "terraform_data" "a" {}
''', ["terraform_data.a.id"])

case(A, "import-undeclared-target", '''
    import {
      to = terraform_data.nope
      id = "x"
    }
''', ["1"])

case(A, "import-unknown-id", '''
    resource "terraform_data" "src" {}
    import {
      to = terraform_data.a
      id = terraform_data.src.id
    }
    resource "terraform_data" "a" {}
''', ["1"])

case(A, "removed", '''
    removed {
      from = terraform_data.old
      lifecycle {
        destroy = false
      }
    }
''', ["1"])

case(A, "removed-still-declared", '''
    resource "terraform_data" "old" {}
    removed {
      from = terraform_data.old
      lifecycle {
        destroy = false
      }
    }
''', ["terraform_data.old"])

case(A, "removed-missing-lifecycle", '''
    removed {
      from = terraform_data.old
    }
''', ["1"])

case(A, "removed-with-provisioner", '''
    removed {
      from = terraform_data.old
      lifecycle {
        destroy = true
      }
      provisioner "local-exec" {
        when    = destroy
        command = "echo bye"
      }
    }
''', ["1"])

case(A, "unknown-top-level-block", '''
    resourse "terraform_data" "a" {}
''', ["1"])

case(A, "top-level-attribute", '''
    x = 1
''', ["1"])

case(A, "terraform-block", '''
    terraform {
      required_version = ">= 1.0"
    }
''', ["1"])

case(A, "terraform-block-version-unmet", '''
    terraform {
      required_version = "< 0.12"
    }
''', ["1"])

case(A, "syntax-error", '''
    locals {
      a = [1, 2
    }
''', ["1"])

case(A, "unclosed-block", '''
    locals {
      a = 1
''', ["1"])

case(A, "one-line-blocks", '''
    variable "a" { default = 1 }
    locals { b = var.a + 1 }
    resource "terraform_data" "c" { input = local.b }
    output "d" { value = terraform_data.c.input }
''', ["local.b", "terraform_data.c.input"])

case(A, "comments", '''
    # hash comment
    // slash comment
    /* block
       comment */
    locals {
      a = 1 # trailing
      b = /* inline */ 2
    }
''', ["local.a + local.b"])

# Added with the module evaluator's imports and conditions: what the first
# corpus left open.
case(A, "import-with-input", '''
    import {
      to = terraform_data.a
      id = "abc"
    }
    resource "terraform_data" "a" {
      input = "v"
    }
''', exprs=["terraform_data.a"])

case(A, "import-count-instance", '''
    import {
      to = terraform_data.a[1]
      id = "second"
    }
    resource "terraform_data" "a" {
      count = 2
    }
''', exprs=["terraform_data.a[*].id"])

case(A, "postcondition-self-fails", '''
    resource "terraform_data" "a" {
      input = "short"
      lifecycle {
        postcondition {
          condition     = length(self.input) > 10
          error_message = "input ${self.input} is too short"
        }
      }
    }
''', exprs=["terraform_data.a.input"])

case(A, "two-checks-fail", '''
    variable "n" {
      default = -1
    }
    check "one" {
      assert {
        condition     = var.n > 0
        error_message = "one"
      }
    }
    check "two" {
      assert {
        condition     = var.n > 5
        error_message = "two"
      }
    }
''', exprs=["var.n"])
