provider "aws" {
  region = "us-east-1"
}

module "s3_bucket" {
  source = "./module"

  bucket = "my-s3-bucket"
  acl    = "private"

  control_object_ownership = true
  object_ownership         = "ObjectWriter"

  versioning = {
    enabled = true
  }
}
