# Provider version constraints (issue 36), over every module of the
# configuration as `init` combines them, recorded with the real random
# provider (PROVIDERS_PLUGIN_DIR, both registries' layouts).
A = "versions"


# Constraints that no release can meet, over every module: `init` finds
# no version and writes no lock file, and the console then finds none
# selected for any provider the configuration requires.
case(A, "provider-constraints-no-release-meets", files={
    "main.tf": '''
        terraform {
          required_providers {
            random = {
              source  = "hashicorp/random"
              version = "~> 3.0"
            }
          }
        }
        module "child" {
          source = "./child"
        }
        locals {
          a = 1
        }
    ''',
    "child/main.tf": '''
        terraform {
          required_providers {
            random = {
              source  = "hashicorp/random"
              version = ">= 4.0"
            }
          }
        }
        resource "random_pet" "p" {}
    ''',
}, exprs=["local.a"], init=True)

# Constraints in two modules that one release meets: nothing to say.
case(A, "provider-constraints-one-release-meets", files={
    "main.tf": '''
        terraform {
          required_providers {
            random = {
              source  = "hashicorp/random"
              version = ">= 3.0, < 3.10"
            }
          }
        }
        module "child" {
          source = "./child"
        }
        output "pet" {
          value = module.child.separator
        }
    ''',
    "child/main.tf": '''
        terraform {
          required_providers {
            random = {
              source  = "hashicorp/random"
              version = "~> 3.5"
            }
          }
        }
        resource "random_pet" "p" {}
        output "separator" {
          value = random_pet.p.separator
        }
    ''',
}, exprs=["module.child.separator"], init=True)
