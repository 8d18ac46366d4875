# Resources of the Kubernetes provider (issue 21), recorded with the real
# provider built from its source (PROVIDERS_PLUGIN_DIR; tools/providers/README.md):
# its plans need no cluster. Nested blocks at several depths (the SDK v2's
# zero values and defaults inside them), maps, sensitive data, min-items
# errors and unsupported arguments. Data sources read the cluster while
# planning, so none is here.
A = "kubernetes"

case(A, "namespace-and-config-map", '''
    resource "kubernetes_namespace_v1" "ns" {
      metadata {
        name   = "web"
        labels = { team = "a" }
      }
    }
    resource "kubernetes_config_map_v1" "c" {
      metadata {
        name      = "settings"
        namespace = kubernetes_namespace_v1.ns.metadata[0].name
      }
      data = {
        mode = "fast"
      }
    }
''', ["kubernetes_namespace_v1.ns", "kubernetes_config_map_v1.c", "kubernetes_config_map_v1.c.metadata[0].namespace",
      "kubernetes_config_map_v1.c.data"])

case(A, "deployment", '''
    resource "kubernetes_deployment_v1" "web" {
      metadata {
        name   = "web"
        labels = { app = "web" }
      }
      spec {
        replicas = 2
        selector {
          match_labels = { app = "web" }
        }
        template {
          metadata {
            labels = { app = "web" }
          }
          spec {
            container {
              name  = "web"
              image = "nginx:1.27"
              port {
                container_port = 80
              }
              env {
                name  = "MODE"
                value = "prod"
              }
              resources {
                limits = { cpu = "500m", memory = "256Mi" }
              }
            }
          }
        }
      }
    }
''', ["kubernetes_deployment_v1.web.spec[0].replicas", "kubernetes_deployment_v1.web.spec[0].template[0].spec[0].container[0].port",
      "kubernetes_deployment_v1.web.spec[0].template[0].spec[0].container[0].env",
      "kubernetes_deployment_v1.web.spec[0].template[0].spec[0].container[0].resources",
      "kubernetes_deployment_v1.web.spec[0].strategy", "kubernetes_deployment_v1.web.metadata",
      "kubernetes_deployment_v1.web.wait_for_rollout", "kubernetes_deployment_v1.web.spec[0].template[0].spec[0].restart_policy",
      "kubernetes_deployment_v1.web.spec[0].template[0].spec[0].dns_policy"])

case(A, "service-and-secret", '''
    resource "kubernetes_service_v1" "s" {
      metadata {
        name = "web"
      }
      spec {
        selector = { app = "web" }
        port {
          port        = 80
          target_port = 8080
        }
        type = "ClusterIP"
      }
    }
    resource "kubernetes_secret_v1" "db" {
      metadata {
        name = "db"
      }
      data = {
        password = "hunter2"
      }
    }
''', ["kubernetes_service_v1.s.spec[0].port", "kubernetes_service_v1.s.spec[0].session_affinity", "kubernetes_service_v1.s.spec[0].cluster_ip",
      "kubernetes_secret_v1.db.data", "kubernetes_secret_v1.db.type", "kubernetes_secret_v1.db.immutable"])

case(A, "missing-metadata-block", '''
    resource "kubernetes_config_map_v1" "c" {
      data = { a = "b" }
    }
''', ["kubernetes_config_map_v1.c"])

case(A, "unsupported-argument-in-nested-block", '''
    resource "kubernetes_namespace_v1" "ns" {
      metadata {
        name  = "web"
        owner = "me"
      }
    }
''', ["kubernetes_namespace_v1.ns"])

case(A, "dynamic-containers", '''
    variable "containers" {
      default = {
        web = "nginx:1.27"
        log = "fluentd:1"
      }
    }
    resource "kubernetes_pod_v1" "p" {
      metadata {
        name = "p"
      }
      spec {
        dynamic "container" {
          for_each = var.containers
          content {
            name  = container.key
            image = container.value
          }
        }
      }
    }
''', ["[for c in kubernetes_pod_v1.p.spec[0].container : c.name]", "[for c in kubernetes_pod_v1.p.spec[0].container : c.image_pull_policy]",
      "length(kubernetes_pod_v1.p.spec[0].container[0].port)"])

# Deprecated types (the names without _v1): the provider's warning for
# each instance, and Terraform 1.16's where a configuration uses the value
# of one (OpenTofu says neither).
case(A, "deprecated-resource-and-its-uses", '''
    resource "kubernetes_namespace" "ns" {
      metadata {
        name = "web"
      }
    }
    locals {
      name  = kubernetes_namespace.ns.metadata[0].name
      again = local.name
    }
    output "ns" {
      value = kubernetes_namespace.ns.id
    }
''', ["local.name", "local.again", "kubernetes_namespace.ns.metadata[0].name"])

case(A, "deprecated-resource-with-count", '''
    resource "kubernetes_config_map" "c" {
      count = 2
      metadata {
        name = "c${count.index}"
      }
    }
    resource "kubernetes_config_map_v1" "copy" {
      metadata {
        name = kubernetes_config_map.c[0].metadata[0].name
      }
      data = { n = length(kubernetes_config_map.c) }
    }
''', ["kubernetes_config_map_v1.copy.metadata[0].name"])

# Nested attribute types (the plugin framework's, protocol 6): objects and
# lists of objects written as arguments, unset attributes inside them, and
# the type errors Terraform gives for them.
case(A, "nested-attribute-types", '''
    resource "kubernetes_validating_admission_policy_v1" "p" {
      metadata = {
        name = "demo"
      }
      spec = {
        failure_policy = "Fail"
        audit_annotations = [
          { key = "owner", value_expression = "object.metadata.name" },
        ]
        validations = [
          { expression = "object.spec.replicas <= 5", message = "too many" },
        ]
        match_constraints = {
          resource_rules = [{
            api_groups   = ["apps"]
            api_versions = ["v1"]
            operations   = ["CREATE", "UPDATE"]
            resources    = ["deployments"]
          }]
        }
      }
    }
''', ["kubernetes_validating_admission_policy_v1.p.metadata", "kubernetes_validating_admission_policy_v1.p.spec.validations",
      "kubernetes_validating_admission_policy_v1.p.spec.match_constraints.resource_rules[0]",
      "kubernetes_validating_admission_policy_v1.p.spec.param_kind", "type(kubernetes_validating_admission_policy_v1.p.spec.audit_annotations)"])

case(A, "nested-attribute-type-errors", '''
    resource "kubernetes_validating_admission_policy_v1" "p" {
      metadata = {
        name = "demo"
      }
      spec = {
        validations = [
          { expression = "true" },
        ]
      }
    }
''', ["kubernetes_validating_admission_policy_v1.p"])

# The SDK v2's plans of collections (issue 36; the rules tools/providers/
# sdk_rules.py learned from the AWS and Kubernetes providers): an empty map
# or set is null, one holding an unknown element wholly unknown, an empty
# list as written, inside blocks too.
case(A, "sdk-v2-collections", '''
    variable "annotations" {
      default = {}
    }
    resource "terraform_data" "u" {
      input = "x"
    }
    resource "kubernetes_namespace_v1" "empty" {
      metadata {
        name        = "empty"
        annotations = var.annotations
        labels      = {}
      }
    }
    resource "kubernetes_namespace_v1" "unknown" {
      metadata {
        name   = "unknown"
        labels = { owner = terraform_data.u.id }
      }
    }
    resource "kubernetes_config_map_v1" "c" {
      metadata {
        name = "c"
      }
      data        = {}
      binary_data = { blob = base64encode(terraform_data.u.id) }
    }
    resource "kubernetes_service_v1" "s" {
      metadata {
        name = "s"
      }
      spec {
        external_ips                = []
        load_balancer_source_ranges = [terraform_data.u.id]
        selector                    = {}
        port {
          port = 80
        }
      }
    }
''', ["kubernetes_namespace_v1.empty.metadata[0].annotations", "kubernetes_namespace_v1.empty.metadata[0].labels",
      "kubernetes_namespace_v1.unknown.metadata[0].labels", "kubernetes_config_map_v1.c.data",
      "kubernetes_config_map_v1.c.binary_data", "kubernetes_service_v1.s.spec[0].external_ips",
      "kubernetes_service_v1.s.spec[0].load_balancer_source_ranges", "kubernetes_service_v1.s.spec[0].selector"])

# A JSON configuration (issue 36): the provider's nested blocks are read
# under its schema (metadata, spec, a list of port blocks as an array),
# `dynamic` blocks with their labels as nested keys.
case(A, "json-configuration", files={"main.tf.json": '''
    {
      "variable": { "ports": { "default": [80, 443] } },
      "resource": {
        "kubernetes_service_v1": {
          "web": {
            "metadata": { "name": "web", "labels": { "app": "web" } },
            "spec": {
              "selector": { "app": "web" },
              "port": [{ "name": "a", "port": 8080 }],
              "dynamic": {
                "port": {
                  "for_each": "${var.ports}",
                  "iterator": "p",
                  "content": { "name": "p${p.value}", "port": "${p.value}" }
                }
              }
            }
          }
        }
      }
    }
'''}, exprs=["kubernetes_service_v1.web.metadata[0].name", "kubernetes_service_v1.web.metadata[0].labels",
             "[for p in kubernetes_service_v1.web.spec[0].port : p.name]", "kubernetes_service_v1.web.spec[0].port[2].port",
             "kubernetes_service_v1.web.spec[0].type"], init=True)

# An override file (issue 36): a nested block type it names hides every
# block of that type in the primary resource (a `dynamic` one too), an
# argument it sets replaces the primary's, the rest stays.
case(A, "override-file-nested-blocks", files={
    "main.tf": '''
        variable "ports" {
          default = [80, 443]
        }
        resource "kubernetes_service_v1" "web" {
          metadata {
            name   = "web"
            labels = { app = "web" }
          }
          spec {
            selector = { app = "web" }
            dynamic "port" {
              for_each = var.ports
              content {
                name = "p${port.value}"
                port = port.value
              }
            }
          }
        }
        resource "kubernetes_config_map_v1" "c" {
          metadata {
            name = "settings"
          }
          data = { a = "1", b = "2" }
        }
    ''',
    "local_override.tf": '''
        resource "kubernetes_service_v1" "web" {
          spec {
            selector = { app = "web-canary" }
            port {
              name = "only"
              port = 8080
            }
          }
        }
        resource "kubernetes_config_map_v1" "c" {
          data = { c = "3" }
        }
    ''',
}, exprs=["kubernetes_service_v1.web.metadata[0].labels", "kubernetes_service_v1.web.spec[0].selector",
          "[for p in kubernetes_service_v1.web.spec[0].port : p.name]", "kubernetes_config_map_v1.c.data",
          "kubernetes_config_map_v1.c.metadata[0].name"], init=True)
