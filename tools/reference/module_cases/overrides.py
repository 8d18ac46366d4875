# Override files (issue 36): `override.tf`, `*_override.tf` and their JSON
# forms, merged into the primary files' declarations as Terraform's
# `Module.mergeFile` merges them (arguments replaced, block types hidden
# shallowly, locals one by one, required_providers per provider), and the
# errors for what an override may not do.
A = "overrides"

case(A, "variables-locals-outputs", files={
    "main.tf": '''
        variable "size" {
          type    = number
          default = 1
        }
        variable "names" {
          default = ["a"]
        }
        variable "mode" {
          type    = string
          default = "dev"
        }
        locals {
          greeting = "hello"
          kept     = "kept"
        }
        output "greeting" {
          value = local.greeting
        }
    ''',
    "override.tf": '''
        variable "size" {
          default = 3
        }
        variable "names" {
          type = set(string)
        }
        locals {
          greeting = "hello, ${var.mode}"
        }
        output "greeting" {
          value = upper(local.greeting)
        }
    ''',
    "prod_override.tf": '''
        variable "mode" {
          default = "prod"
        }
    ''',
}, exprs=["var.size", "var.names", "var.mode", "local.greeting", "local.kept"])

case(A, "resources-and-module-calls", files={
    "main.tf": '''
        resource "terraform_data" "web" {
          count = 1
          input = { size = "small", zone = "a" }
        }
        module "net" {
          source = "./modules/net"
          cidr   = "10.0.0.0/16"
          name   = "base"
        }
    ''',
    "web_override.tf": '''
        resource "terraform_data" "web" {
          count = 2
          input = { size = "large" }
        }
        module "net" {
          name = "overridden"
        }
    ''',
    "modules/net/main.tf": '''
        variable "cidr" {}
        variable "name" {}
        output "summary" {
          value = "${var.name}:${var.cidr}"
        }
    ''',
}, exprs=["length(terraform_data.web)", "terraform_data.web[1].input", "module.net.summary"], init=True)

case(A, "module-source-overridden", files={
    "main.tf": '''
        module "app" {
          source = "./modules/v1"
        }
    ''',
    "override.tf": '''
        module "app" {
          source = "./modules/v2"
        }
    ''',
    "modules/v1/main.tf": '''
        output "version" {
          value = 1
        }
    ''',
    "modules/v2/main.tf": '''
        output "version" {
          value = 2
        }
    ''',
}, exprs=["module.app.version"], init=True)

case(A, "json-override-of-native-file", files={
    "main.tf": '''
        variable "region" {
          default = "eu-west-1"
        }
        locals {
          bucket = "logs-${var.region}"
        }
    ''',
    "override.tf.json": '''
        {
          "variable": { "region": { "default": "us-east-2" } },
          "locals": { "bucket": "archive-${var.region}" }
        }
    ''',
}, exprs=["var.region", "local.bucket"])

case(A, "native-override-of-json-file", files={
    "main.tf.json": '''
        {
          "locals": { "a": 1, "b": 2 },
          "output": { "sum": { "value": "${local.a + local.b}" } }
        }
    ''',
    "z_override.tf": '''
        locals {
          b = 40
        }
    ''',
}, exprs=["local.b"])

case(A, "later-override-wins", files={
    "main.tf": '''
        locals {
          who = "primary"
        }
    ''',
    "a_override.tf": '''
        locals {
          who = "a"
        }
    ''',
    "b_override.tf": '''
        locals {
          who = "b"
        }
    ''',
}, exprs=["local.who"])

case(A, "name-only-looks-like-an-override", files={
    "main.tf": '''
        locals {
          x = 1
        }
    ''',
    "overrides.tf": '''
        locals {
          y = 2
        }
    ''',
    "override_me.tf": '''
        locals {
          z = 3
        }
    ''',
}, exprs=["local.x + local.y + local.z"])

case(A, "nothing-to-override", files={
    "main.tf": '''
        locals {
          a = 1
        }
    ''',
    "override.tf": '''
        variable "missing" {
          default = 1
        }
        locals {
          absent = 2
        }
        output "gone" {
          value = 1
        }
        module "nowhere" {
          source = "./x"
        }
        resource "terraform_data" "none" {
        }
        data "terraform_remote_state" "none" {
        }
    ''',
}, exprs=["local.a"])

case(A, "type-override-breaks-default", files={
    "main.tf": '''
        variable "port" {
          default = "http"
        }
    ''',
    "override.tf": '''
        variable "port" {
          type = number
        }
    ''',
}, exprs=["var.port"])

case(A, "default-override-breaks-type", files={
    "main.tf": '''
        variable "port" {
          type    = number
          default = 80
        }
    ''',
    "override.tf": '''
        variable "port" {
          default = "http"
        }
    ''',
}, exprs=["var.port"])

case(A, "both-overridden-incompatible", files={
    "main.tf": '''
        variable "port" {
          default = 80
        }
    ''',
    "override.tf": '''
        variable "port" {
          type    = list(string)
          default = {}
        }
    ''',
}, exprs=["var.port"])

case(A, "null-default-not-nullable", files={
    "main.tf": '''
        variable "name" {
          default  = "x"
          nullable = false
        }
    ''',
    "override.tf": '''
        variable "name" {
          default = null
        }
    ''',
}, exprs=["var.name"])

case(A, "what-may-not-be-overridden", files={
    "main.tf": '''
        variable "v" {
          default = 1
        }
        output "o" {
          value = var.v
        }
        resource "terraform_data" "r" {
        }
    ''',
    "override.tf": '''
        variable "v" {
          validation {
            condition     = var.v > 0
            error_message = "Positive."
          }
        }
        output "o" {
          depends_on = [terraform_data.r]
          precondition {
            condition     = var.v > 0
            error_message = "Positive."
          }
        }
        resource "terraform_data" "r" {
          depends_on = [terraform_data.r]
          lifecycle {
            postcondition {
              condition     = self.id != ""
              error_message = "Set."
            }
          }
        }
        moved {
          from = terraform_data.a
          to   = terraform_data.r
        }
        import {
          to = terraform_data.r
          id = "x"
        }
        check "c" {
          assert {
            condition     = var.v > 0
            error_message = "Positive."
          }
        }
    ''',
}, exprs=["var.v"])

case(A, "aliased-provider-needs-a-base", files={
    "main.tf": '''
        provider "terraform" {
          alias = "one"
        }
        locals {
          a = 1
        }
    ''',
    "override.tf": '''
        provider "terraform" {
          alias = "two"
        }
        provider "terraform" {
          alias = "one"
        }
    ''',
}, exprs=["local.a"])

case(A, "removed-in-an-override", files={
    "main.tf": '''
        locals {
          a = 1
        }
    ''',
    "override.tf": '''
        removed {
          from = terraform_data.gone
          lifecycle {
            destroy = false
          }
        }
    ''',
}, exprs=["local.a"])
