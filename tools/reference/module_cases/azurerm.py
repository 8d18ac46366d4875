# Resources of the AzureRM provider (issue 21), recorded with the real
# provider built from its source (PROVIDERS_PLUGIN_DIR; tools/providers/README.md).
# It configures itself with a token's claims: recorded with the stand-in
# Azure CLI of tools/providers/mock_az first on PATH and `use_cli`, it plans
# offline. Attributes written as blocks (security rules), nested blocks,
# defaults, tags, and the errors a schema gives.
A = "azurerm"

AZURERM = '''
    provider "azurerm" {
      features {
        enhanced_validation {
          locations          = false
          resource_providers = false
        }
      }
      subscription_id                 = "00000000-0000-0000-0000-000000000001"
      use_cli                         = true
      resource_provider_registrations = "none"
    }
    resource "azurerm_resource_group" "rg" {
      name     = "app-rg"
      location = "westeurope"
      tags     = { env = "dev" }
    }
'''

case(A, "network", AZURERM + '''
    resource "azurerm_virtual_network" "vnet" {
      name                = "app-vnet"
      location            = azurerm_resource_group.rg.location
      resource_group_name = azurerm_resource_group.rg.name
      address_space       = ["10.0.0.0/16"]
    }
    resource "azurerm_subnet" "app" {
      name                 = "app"
      resource_group_name  = azurerm_resource_group.rg.name
      virtual_network_name = azurerm_virtual_network.vnet.name
      address_prefixes     = ["10.0.1.0/24"]
      delegation {
        name = "web"
        service_delegation {
          name = "Microsoft.Web/serverFarms"
        }
      }
    }
''', ["azurerm_resource_group.rg", "azurerm_virtual_network.vnet", "azurerm_subnet.app",
      "azurerm_subnet.app.delegation[0].service_delegation"])

case(A, "security-rules-as-blocks", AZURERM + '''
    resource "azurerm_network_security_group" "web" {
      name                = "web"
      location            = azurerm_resource_group.rg.location
      resource_group_name = azurerm_resource_group.rg.name
      security_rule {
        name                       = "https"
        priority                   = 100
        direction                  = "Inbound"
        access                     = "Allow"
        protocol                   = "Tcp"
        source_port_range          = "*"
        destination_port_range     = "443"
        source_address_prefix      = "*"
        destination_address_prefix = "*"
      }
    }
''', ["azurerm_network_security_group.web.security_rule", "length(azurerm_network_security_group.web.security_rule)"])

case(A, "storage-account", AZURERM + '''
    resource "azurerm_storage_account" "sa" {
      name                     = "appstorage123"
      resource_group_name      = azurerm_resource_group.rg.name
      location                 = azurerm_resource_group.rg.location
      account_tier             = "Standard"
      account_replication_type = "LRS"
      tags                     = azurerm_resource_group.rg.tags
    }
''', ["azurerm_storage_account.sa.account_kind", "azurerm_storage_account.sa.min_tls_version",
      "azurerm_storage_account.sa.https_traffic_only_enabled", "azurerm_storage_account.sa.tags",
      "azurerm_storage_account.sa.primary_access_key", "azurerm_storage_account.sa.blob_properties"])

case(A, "kubernetes-cluster", AZURERM + '''
    resource "azurerm_kubernetes_cluster" "aks" {
      name                = "aks"
      location            = azurerm_resource_group.rg.location
      resource_group_name = azurerm_resource_group.rg.name
      dns_prefix          = "aks"
      default_node_pool {
        name       = "default"
        node_count = 2
        vm_size    = "Standard_D2_v2"
      }
      identity {
        type = "SystemAssigned"
      }
    }
''', ["azurerm_kubernetes_cluster.aks.default_node_pool[0].node_count", "azurerm_kubernetes_cluster.aks.sku_tier",
      "azurerm_kubernetes_cluster.aks.identity", "azurerm_kubernetes_cluster.aks.kube_config_raw"])

case(A, "missing-required-block", AZURERM + '''
    resource "azurerm_kubernetes_cluster" "aks" {
      name                = "aks"
      location            = azurerm_resource_group.rg.location
      resource_group_name = azurerm_resource_group.rg.name
      dns_prefix          = "aks"
    }
''', ["azurerm_resource_group.rg.name"])

case(A, "unsupported-argument", AZURERM + '''
    resource "azurerm_virtual_network" "vnet" {
      name                = "app-vnet"
      location            = azurerm_resource_group.rg.location
      resource_group_name = azurerm_resource_group.rg.name
      address_spaces      = ["10.0.0.0/16"]
    }
''', ["azurerm_resource_group.rg.name"])

case(A, "unsupported-attribute", AZURERM + '''
    output "rg" {
      value = azurerm_resource_group.rg.locaton
    }
''', ["azurerm_resource_group.rg.location"])
