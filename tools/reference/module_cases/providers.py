# Resources and data sources of real providers (issue 21), recorded with the
# providers themselves (PROVIDERS_PLUGIN_DIR; tools/providers/README.md):
# planned values by the schema (configured arguments, typed nulls, computed
# attributes unknown, the provider's defaults, sensitive attributes), nested
# blocks by nesting mode, references checked against the schema, the
# configuration errors a schema gives (unsupported and missing arguments,
# read-only attributes, wrong types, unknown resource types), count and
# for_each, and the data sources that read no network (local_file).
A = "providers"

# ------------------------------------------------------------------ random

case(A, "random-pet-defaults", '''
    resource "random_pet" "p" {}
''', ["random_pet.p", "random_pet.p.separator", "random_pet.p.length", "random_pet.p.keepers", "random_pet.p.prefix",
      "type(random_pet.p)", "random_pet.p.id"])

case(A, "random-pet-configured", '''
    resource "random_pet" "p" {
      length    = 3
      prefix    = "web"
      separator = "_"
      keepers = {
        ami = "ami-123"
      }
    }
''', ["random_pet.p", "random_pet.p.keepers", "random_pet.p.keepers.ami", "type(random_pet.p.keepers)"])

case(A, "random-string", '''
    resource "random_string" "s" {
      length  = 12
      special = false
    }
''', ["random_string.s", "random_string.s.result", "random_string.s.special", "random_string.s.upper", "type(random_string.s)"])

# The deprecated `number` and `numeric` kept alike by the provider's plan
# modifier: the one set gives the other its value (setting `number` warns
# "Attribute Deprecated", which the playground does not say).
case(A, "random-string-number-and-numeric", '''
    resource "random_string" "a" {
      length  = 8
      numeric = false
    }
    resource "random_password" "c" {
      length  = 8
      numeric = false
    }
''', ["[random_string.a.number, random_string.a.numeric]", "[random_password.c.number, random_password.c.numeric]"])

case(A, "random-password-sensitive", '''
    resource "random_password" "db" {
      length = 24
    }
    output "password" {
      value     = random_password.db.result
      sensitive = true
    }
''', ["random_password.db", "random_password.db.result", "random_password.db.bcrypt_hash", "random_password.db.length",
      "issensitive(random_password.db.result)", "issensitive(random_password.db.length)"])

case(A, "random-password-output-not-sensitive", '''
    resource "random_password" "db" {
      length = 24
    }
    output "password" {
      value = random_password.db.result
    }
''', ["random_password.db.length"])

case(A, "random-id-integer-uuid-shuffle", '''
    resource "random_id" "i" {
      byte_length = 8
      prefix      = "x-"
    }
    resource "random_integer" "n" {
      min = 1
      max = 50
    }
    resource "random_uuid" "u" {}
    resource "random_shuffle" "s" {
      input        = ["a", "b", "c"]
      result_count = 2
    }
    resource "random_bytes" "b" {
      length = 16
    }
''', ["random_id.i", "random_integer.n", "random_uuid.u", "random_shuffle.s", "random_shuffle.s.input", "random_bytes.b"])

case(A, "random-count-and-for-each", '''
    resource "random_pet" "c" {
      count  = 2
      prefix = "n${count.index}"
    }
    resource "random_string" "e" {
      for_each = toset(["a", "b"])
      length   = 4
      keepers  = { k = each.key }
    }
''', ["random_pet.c", "random_pet.c[1].prefix", "random_pet.c[*].separator", "random_string.e", "random_string.e[\"b\"].keepers",
      "[for k, v in random_string.e : v.length]"])

case(A, "random-references-in-locals", '''
    resource "random_pet" "p" {
      prefix = "app"
    }
    locals {
      name      = "${random_pet.p.prefix}${random_pet.p.separator}x"
      words     = random_pet.p.length * 2
      unknown   = "${random_pet.p.id}-svc"
      with_keep = random_pet.p.keepers == null
    }
''', ["local.name", "local.words", "local.unknown", "local.with_keep"])

case(A, "unsupported-attribute", '''
    resource "random_pet" "p" {}
    locals {
      sep = random_pet.p.seperator
    }
''', ["random_pet.p.seperator", "random_pet.p.nope", "random_pet.p.separator"])

case(A, "unsupported-argument", '''
    resource "random_pet" "p" {
      seperator = "-"
    }
''', ["random_pet.p"])

case(A, "unsupported-block", '''
    resource "random_pet" "p" {
      keepers {
        a = "b"
      }
    }
''', ["random_pet.p"])

case(A, "missing-required-argument", '''
    resource "random_string" "s" {
      special = false
    }
''', ["random_string.s"])

case(A, "read-only-argument", '''
    resource "random_pet" "p" {
      id = "fixed"
    }
''', ["random_pet.p"])

case(A, "wrong-argument-type", '''
    resource "random_string" "s" {
      length = "twelve"
    }
    resource "random_pet" "p" {
      keepers = ["a"]
    }
''', ["random_string.s", "random_pet.p"])

case(A, "argument-converted", '''
    resource "random_string" "s" {
      length = "12"
      upper  = "false"
    }
''', ["random_string.s.length", "random_string.s.upper", "type(random_string.s.length)"])

case(A, "invalid-resource-type", '''
    resource "random_pett" "p" {}
''', ["random_pett.p"])

case(A, "invalid-resource-type-no-suggestion", '''
    resource "random_whatever" "p" {}
''', ["random_whatever.p"])

case(A, "data-source-as-resource", '''
    resource "local_command" "c" {
      command = "true"
    }
''', ["local_command.c"])

case(A, "invalid-data-source", '''
    data "random_pet" "p" {}
''', ["data.random_pet.p"])

case(A, "required-providers-source", '''
    terraform {
      required_providers {
        rnd = {
          source = "hashicorp/random"
        }
      }
    }
    resource "random_pet" "p" {
      provider = rnd
      length   = 1
    }
''', ["random_pet.p", "random_pet.p.length"])

# -------------------------------------------------------------------- null

case(A, "null-resource", '''
    resource "null_resource" "n" {
      triggers = {
        version = "1.2"
        count   = 3
      }
    }
''', ["null_resource.n", "null_resource.n.triggers", "null_resource.n.triggers.count", "null_resource.n.id", "type(null_resource.n)"])

case(A, "null-resource-empty", '''
    resource "null_resource" "n" {}
''', ["null_resource.n", "null_resource.n.triggers"])

case(A, "null-data-source", '''
    data "null_data_source" "d" {
      inputs = {
        a = "b"
      }
    }
''', ["data.null_data_source.d.inputs", "type(data.null_data_source.d)"])

# ------------------------------------------------------------------- local

case(A, "local-file", '''
    resource "local_file" "f" {
      filename = "${path.module}/out.txt"
      content  = "hello"
    }
''', ["local_file.f", "local_file.f.file_permission", "local_file.f.content_md5", "local_file.f.sensitive_content"])

case(A, "local-sensitive-file", '''
    resource "local_sensitive_file" "f" {
      filename = "secret.txt"
      content  = "s3cret"
    }
''', ["local_sensitive_file.f", "local_sensitive_file.f.content", "local_sensitive_file.f.file_permission"])

case(A, "local-file-data-source-reads-the-module", files={
    "main.tf": '''
        data "local_file" "greeting" {
          filename = "${path.module}/greeting.txt"
        }
        output "text" {
          value = data.local_file.greeting.content
        }
    ''',
    "greeting.txt": "Hello, world!\n",
}, exprs=["data.local_file.greeting.content", "data.local_file.greeting.content_md5", "data.local_file.greeting.content_sha1",
          "data.local_file.greeting.content_sha256", "data.local_file.greeting.content_base64", "data.local_file.greeting.content_base64sha256",
          "data.local_file.greeting.content_sha512", "data.local_file.greeting.content_base64sha512", "data.local_file.greeting.id",
          "data.local_file.greeting.filename"])

case(A, "local-sensitive-file-data-source", files={
    "main.tf": '''
        data "local_sensitive_file" "key" {
          filename = "key.txt"
        }
    ''',
    "key.txt": "k",
}, exprs=["data.local_sensitive_file.key", "data.local_sensitive_file.key.content_md5"])

case(A, "local-file-data-source-missing-file", '''
    data "local_file" "missing" {
      filename = "nowhere.txt"
    }
''', ["data.local_file.missing.content"])

case(A, "local-file-data-source-unknown-filename", '''
    resource "random_pet" "p" {}
    data "local_file" "f" {
      filename = "${random_pet.p.id}.txt"
    }
''', ["data.local_file.f", "data.local_file.f.filename", "data.local_file.f.content"])

# --------------------------------------------------------------------- tls

case(A, "tls-private-key", '''
    resource "tls_private_key" "k" {
      algorithm = "ECDSA"
    }
''', ["tls_private_key.k", "tls_private_key.k.private_key_pem", "tls_private_key.k.ecdsa_curve", "tls_private_key.k.rsa_bits"])

case(A, "tls-cert-request-list-block", '''
    resource "tls_private_key" "k" {
      algorithm = "RSA"
    }
    resource "tls_cert_request" "r" {
      private_key_pem = tls_private_key.k.private_key_pem
      dns_names       = ["example.com"]
      subject {
        common_name  = "example.com"
        organization = "Example"
      }
    }
''', ["tls_cert_request.r.subject", "tls_cert_request.r.subject[0].common_name", "tls_cert_request.r.subject[0].country",
      "tls_cert_request.r.dns_names", "type(tls_cert_request.r.subject)"])

case(A, "tls-list-block-absent", '''
    resource "tls_private_key" "k" {
      algorithm = "RSA"
    }
    resource "tls_cert_request" "r" {
      private_key_pem = tls_private_key.k.private_key_pem
    }
''', ["tls_cert_request.r.subject", "length(tls_cert_request.r.subject)", "tls_cert_request.r.ip_addresses"])

case(A, "list-block-reference-needs-index", '''
    resource "tls_private_key" "k" {
      algorithm = "RSA"
    }
    resource "tls_cert_request" "r" {
      private_key_pem = tls_private_key.k.private_key_pem
      subject {
        common_name = "a"
      }
    }
    locals {
      cn = tls_cert_request.r.subject.common_name
    }
''', ["tls_cert_request.r.subject.common_name", "tls_cert_request.r.subject[0].nope"])

case(A, "tls-dynamic-blocks", '''
    variable "names" {
      default = ["a.example", "b.example"]
    }
    resource "tls_private_key" "k" {
      algorithm = "RSA"
    }
    resource "tls_cert_request" "r" {
      private_key_pem = tls_private_key.k.private_key_pem
      dynamic "subject" {
        for_each = var.names
        content {
          common_name = subject.value
        }
      }
    }
''', ["tls_cert_request.r.subject[*].common_name"])

case(A, "tls-self-signed-cert", '''
    resource "tls_private_key" "k" {
      algorithm = "RSA"
    }
    resource "tls_self_signed_cert" "c" {
      private_key_pem       = tls_private_key.k.private_key_pem
      validity_period_hours = 12
      allowed_uses          = ["key_encipherment", "digital_signature"]
      subject {
        common_name = "example.com"
      }
    }
''', ["tls_self_signed_cert.c.allowed_uses", "tls_self_signed_cert.c.early_renewal_hours", "tls_self_signed_cert.c.is_ca_certificate",
      "tls_self_signed_cert.c.cert_pem", "tls_self_signed_cert.c.validity_period_hours"])

# -------------------------------------------------------------------- time

case(A, "time-resources", '''
    resource "time_static" "t" {}
    resource "time_offset" "o" {
      offset_days = 7
    }
    resource "time_sleep" "s" {
      create_duration = "30s"
    }
    resource "time_rotating" "r" {
      rotation_days = 30
    }
''', ["time_static.t", "time_offset.o.offset_days", "time_offset.o.rfc3339", "time_sleep.s", "time_rotating.r.rotation_days",
      "time_rotating.r.rotation_rfc3339"])

# -------------------------------------------------------- archive, cloudinit

case(A, "archive-file-resource-set-block", '''
    resource "archive_file" "a" {
      type        = "zip"
      output_path = "out.zip"
      source {
        content  = "one"
        filename = "1.txt"
      }
      source {
        content  = "two"
        filename = "2.txt"
      }
    }
''', ["archive_file.a.source", "length(archive_file.a.source)", "type(archive_file.a.source)", "archive_file.a.output_md5",
      "archive_file.a.excludes"])

case(A, "cloudinit-config-resource", '''
    resource "cloudinit_config" "c" {
      part {
        content = "#!/bin/sh\\necho hi\\n"
      }
      part {
        content_type = "text/cloud-config"
        content      = "packages: [git]"
        filename     = "init.cfg"
      }
    }
''', ["cloudinit_config.c", "cloudinit_config.c.part[0].content_type", "cloudinit_config.c.part[1].merge_type", "cloudinit_config.c.boundary",
      "cloudinit_config.c.rendered"])

# ------------------------------------------------------------------- outputs

case(A, "outputs-of-provider-values", '''
    resource "random_pet" "p" {
      prefix = "svc"
    }
    resource "null_resource" "n" {
      triggers = { pet = random_pet.p.id }
    }
    output "pet" {
      value = random_pet.p
    }
    output "triggers" {
      value = null_resource.n.triggers
    }
''', ["random_pet.p.prefix", "null_resource.n.triggers"])

case(A, "provider-configuration-unsupported-argument", '''
    terraform {
      required_providers {
        random = { source = "hashicorp/random" }
      }
    }
    provider "random" {
      seed = 1
    }
    resource "random_pet" "p" {}
''', ["random_pet.p.separator"])
