# Mock credentials: the AWS provider plans offline (measure_examples.py
# --provider-config, defaults.py --provider-config).
provider "aws" {
  region                      = "us-east-1"
  access_key                  = "mock"
  secret_key                  = "mock"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  skip_region_validation      = true
}
