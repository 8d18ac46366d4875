# Resources of the Google provider (issue 21), recorded with the real
# provider built from its source (PROVIDERS_PLUGIN_DIR; tools/providers/README.md):
# its plans need no Google Cloud account with a mock access token. Nested
# blocks, labels (with the provider's terraform_labels and
# effective_labels), defaults, and the errors a schema gives.
A = "google"

GOOGLE = '''
    provider "google" {
      project      = "demo-project"
      region       = "europe-west1"
      access_token = "mock-token"
    }
'''

case(A, "network-and-subnetwork", GOOGLE + '''
    resource "google_compute_network" "vpc" {
      name                    = "vpc"
      auto_create_subnetworks = false
    }
    resource "google_compute_subnetwork" "s" {
      name          = "s"
      ip_cidr_range = "10.0.0.0/24"
      region        = "europe-west1"
      network       = google_compute_network.vpc.id
      secondary_ip_range {
        range_name    = "pods"
        ip_cidr_range = "10.1.0.0/16"
      }
    }
''', ["google_compute_network.vpc", "google_compute_subnetwork.s.secondary_ip_range", "google_compute_subnetwork.s.purpose",
      "google_compute_subnetwork.s.private_ip_google_access", "google_compute_subnetwork.s.project", "google_compute_network.vpc.routing_mode"])

case(A, "bucket-with-labels-and-rules", GOOGLE + '''
    resource "google_storage_bucket" "b" {
      name     = "demo-bucket"
      location = "EU"
      labels   = { env = "dev" }
      versioning {
        enabled = true
      }
      lifecycle_rule {
        condition {
          age = 30
        }
        action {
          type = "Delete"
        }
      }
    }
''', ["google_storage_bucket.b.labels", "google_storage_bucket.b.terraform_labels", "google_storage_bucket.b.effective_labels",
      "google_storage_bucket.b.lifecycle_rule", "google_storage_bucket.b.versioning", "google_storage_bucket.b.storage_class",
      "google_storage_bucket.b.force_destroy", "google_storage_bucket.b.url"])

case(A, "instance", GOOGLE + '''
    resource "google_compute_instance" "vm" {
      name         = "vm"
      machine_type = "e2-small"
      zone         = "europe-west1-b"
      boot_disk {
        initialize_params {
          image = "debian-cloud/debian-12"
        }
      }
      network_interface {
        network = "default"
        access_config {}
      }
      tags = ["web"]
    }
''', ["google_compute_instance.vm.boot_disk", "google_compute_instance.vm.network_interface[0].access_config",
      "google_compute_instance.vm.scheduling", "google_compute_instance.vm.tags", "google_compute_instance.vm.can_ip_forward",
      "google_compute_instance.vm.metadata"])

case(A, "service-account-and-iam", GOOGLE + '''
    resource "google_service_account" "sa" {
      account_id   = "app-runner"
      display_name = "App"
    }
    resource "google_project_iam_member" "m" {
      project = "demo-project"
      role    = "roles/storage.objectViewer"
      member  = "serviceAccount:${google_service_account.sa.email}"
    }
''', ["google_service_account.sa", "google_project_iam_member.m.member", "google_project_iam_member.m.condition"])

case(A, "errors", GOOGLE + '''
    resource "google_compute_network" "vpc" {
      auto_create_subnetworks = false
      mtu_size                = 1460
    }
''', ["google_compute_network.vpc"])

case(A, "provider-default-labels-and-project", '''
    provider "google" {
      project      = "other-project"
      region       = "us-central1"
      access_token = "mock-token"
      default_labels = {
        team = "data"
      }
    }
    resource "google_storage_bucket" "b" {
      name     = "labelled"
      location = "US"
      labels   = { team = "web", tier = "1" }
    }
    resource "google_pubsub_topic" "t" {
      name = "events"
    }
''', ["google_storage_bucket.b.terraform_labels", "google_storage_bucket.b.effective_labels", "google_storage_bucket.b.project",
      "google_pubsub_topic.t.project", "google_pubsub_topic.t.terraform_labels", "google_pubsub_topic.t.labels"])

# The provider block against the provider's own schema.
case(A, "provider-configuration-errors", '''
    provider "google" {
      projekt      = "demo-project"
      access_token = "mock-token"
      batching {
        send_after = "10s"
        nope       = true
      }
      frobnicate {
      }
    }
    resource "google_pubsub_topic" "t" {
      name = "events"
    }
''', ["google_pubsub_topic.t.name"])

# What the provider rewrites while planning: a StateFunc's upper case (a
# bucket's location, each of its data locations) and JSON compact with
# keys sorted (a table's schema, a dashboard).
case(A, "arguments-the-provider-rewrites", '''
    provider "google" {
      project      = "demo-project"
      region       = "us-central1"
      access_token = "mock-token"
    }
    resource "google_storage_bucket" "b" {
      name     = "dual"
      location = "us"
      custom_placement_config {
        data_locations = ["us-east4", "us-west1"]
      }
    }
    resource "google_bigquery_table" "t" {
      dataset_id = "d"
      table_id   = "t"
      schema = <<-EOT
        [
          {
            "name": "data",
            "type": "STRING",
            "mode": "NULLABLE",
            "description": "The data"
          }
        ]
      EOT
    }
    resource "google_monitoring_dashboard" "d" {
      dashboard_json = <<-EOT
        {
          "displayName": "Demo <one> & two",
          "gridLayout": { "widgets": [] }
        }
      EOT
    }
''', ["google_storage_bucket.b.location", "google_storage_bucket.b.custom_placement_config", "google_bigquery_table.t.schema",
      "google_monitoring_dashboard.d.dashboard_json", "google_bigquery_table.t"])

# google-beta: the same generator's provider, planned as google is (its
# labels, its project, its defaults).
case(A, "google-beta-resources", '''
    provider "google-beta" {
      project      = "demo-project"
      region       = "us-central1"
      access_token = "mock-token"
      default_labels = {
        team = "data"
      }
    }
    resource "google_compute_network" "n" {
      provider                = google-beta
      name                    = "vpc"
      auto_create_subnetworks = false
    }
    resource "google_storage_bucket" "b" {
      provider = google-beta
      name     = "b"
      location = "eu"
      labels   = { tier = "1" }
    }
''', ["google_compute_network.n", "google_storage_bucket.b.location", "google_storage_bucket.b.terraform_labels",
      "google_storage_bucket.b.effective_labels", "google_storage_bucket.b.project"])

# Labels without the attribution label (a forwarding rule's): none at all
# leaves them unknown, as a bucket's with the attribution label turned off.
case(A, "labels-without-attribution", '''
    provider "google" {
      project      = "demo-project"
      region       = "us-central1"
      access_token = "mock-token"
      add_terraform_attribution_label = false
    }
    resource "google_compute_forwarding_rule" "f" {
      name   = "f"
      target = "projects/p/regions/us-central1/targetPools/t"
    }
    resource "google_compute_forwarding_rule" "g" {
      name   = "g"
      target = "projects/p/regions/us-central1/targetPools/t"
      labels = { team = "web" }
    }
    resource "google_storage_bucket" "b" {
      name     = "b"
      location = "US"
    }
''', ["google_compute_forwarding_rule.f.terraform_labels", "google_compute_forwarding_rule.f.effective_labels",
      "google_compute_forwarding_rule.g.terraform_labels", "google_storage_bucket.b.terraform_labels"])

# A block the probe reaches once its required value is one the provider
# takes (a private ASN): a router's bgp defaults.
case(A, "router-bgp-defaults", '''
    provider "google" {
      project      = "demo-project"
      region       = "us-central1"
      access_token = "mock-token"
    }
    resource "google_compute_router" "r" {
      name    = "r"
      network = "n"
      bgp {
        asn = 64514
      }
    }
''', ["google_compute_router.r.bgp"])

# Blocks that exclude each other (one of a health check's kinds), each
# planned on its own by each_block.py: the defaults inside each.
case(A, "exclusive-blocks-defaults", '''
    provider "google" {
      project      = "demo-project"
      region       = "us-central1"
      access_token = "mock-token"
    }
    resource "google_compute_region_health_check" "http" {
      name = "http"
      http_health_check {
        port = 80
      }
    }
    resource "google_compute_region_health_check" "tcp" {
      name = "tcp"
      tcp_health_check {
        port = 443
      }
    }
''', ["google_compute_region_health_check.http.http_health_check", "google_compute_region_health_check.tcp.tcp_health_check"])

# The validators the provider runs on known values while planning
# (tools/providers/validators.py learned them from the provider): a
# pattern, an enumeration, a range; each refused instance is not planned
# (its value is unknown at the console), the others are.
case(A, "validators-refuse-known-values", GOOGLE + '''
    resource "google_compute_network_peering" "p" {
      name         = "peering"
      network      = "mock-local-network"
      peer_network = "projects/demo-project/global/networks/other"
    }
    resource "google_compute_network" "vpc" {
      name         = "vpc"
      routing_mode = "SIDEWAYS"
    }
    resource "google_compute_firewall" "ok" {
      name          = "ok"
      network       = "default"
      source_ranges = ["10.0.0.0/8"]
      priority      = 70000
      allow {
        protocol = "tcp"
      }
    }
    resource "google_compute_subnetwork" "s" {
      name          = "s"
      ip_cidr_range = "10.0.0.0/24"
      network       = "default"
      stack_type    = "IPV4_ONLY"
    }
    resource "google_project_iam_member" "m" {
      project = "demo-project"
      role    = "roles/viewer"
      member  = "jane@example.com"
    }
    resource "google_project_iam_member" "ok" {
      project = "demo-project"
      role    = "roles/viewer"
      member  = "user:jane@example.com"
    }
''', ["google_compute_network_peering.p", "google_compute_network.vpc", "google_compute_firewall.ok",
      "google_compute_subnetwork.s.stack_type", "google_project_iam_member.m", "google_project_iam_member.ok.member"])

# A CustomizeDiff that wants one of several arguments (a firewall's
# sources, unless its direction is EGRESS), from the provider's source.
case(A, "firewall-wants-a-source", GOOGLE + '''
    resource "google_compute_firewall" "in" {
      name    = "in"
      network = "default"
      allow {
        protocol = "tcp"
        ports    = ["80"]
      }
      target_tags = ["web"]
    }
    resource "google_compute_firewall" "out" {
      name               = "out"
      network            = "default"
      direction          = "EGRESS"
      destination_ranges = ["0.0.0.0/0"]
      deny {
        protocol = "all"
      }
    }
    resource "google_compute_firewall" "tagged" {
      name        = "tagged"
      network     = "default"
      source_tags = ["a"]
      allow {
        protocol = "icmp"
      }
    }
''', ["google_compute_firewall.in", "google_compute_firewall.out.direction", "google_compute_firewall.tagged.source_tags"])
