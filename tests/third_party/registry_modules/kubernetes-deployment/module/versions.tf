terraform {
  required_version = ">= 0.14.8"

  required_providers {
    kubernetes = ">= 2.1.0"
  }
}