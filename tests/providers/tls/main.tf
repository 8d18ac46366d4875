terraform {
  required_providers {
    tls = { source = "hashicorp/tls" }
  }
}
resource "tls_private_key" "ca" {
  algorithm   = "ECDSA"
  ecdsa_curve = "P384"
}
resource "tls_self_signed_cert" "ca" {
  private_key_pem = tls_private_key.ca.private_key_pem
  subject {
    common_name    = "example.com"
    organization   = "ACME & Co"
    street_address = ["1 Road", "Town"]
    country        = "DE"
    email_address  = "ca@example.com"
  }
  validity_period_hours = 12
  is_ca_certificate     = true
  set_authority_key_id  = true
  allowed_uses          = ["cert_signing", "digital_signature", "server_auth", "crl_signing"]
  dns_names             = ["a.example.com"]
  ip_addresses          = ["10.0.0.1", "::1"]
  uris                  = ["spiffe://x/y"]
}
resource "tls_private_key" "leaf" {
  algorithm = "ED25519"
}
resource "tls_cert_request" "leaf" {
  private_key_pem = tls_private_key.leaf.private_key_pem
  subject {
    common_name   = "leaf"
    email_address = "a@b.c"
  }
  dns_names = ["b.example.com"]
  ip_addresses = ["::ffff:10.1.1.1"]
}
resource "tls_locally_signed_cert" "leaf" {
  cert_request_pem      = tls_cert_request.leaf.cert_request_pem
  ca_private_key_pem    = tls_private_key.ca.private_key_pem
  ca_cert_pem           = tls_self_signed_cert.ca.cert_pem
  validity_period_hours = 1
  allowed_uses          = ["key_encipherment", "client_auth"]
}
