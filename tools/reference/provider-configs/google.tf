# A mock access token: the Google providers plan offline
# (measure_examples.py --provider-config).
provider "google" {
  project      = "mock-project"
  region       = "us-central1"
  zone         = "us-central1-a"
  access_token = "mock"
}

provider "google-beta" {
  project      = "mock-project"
  region       = "us-central1"
  zone         = "us-central1-a"
  access_token = "mock"
}
