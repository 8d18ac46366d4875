output "name" {
  value = var.name
}
output "namespace" {
  value = var.namespace
}