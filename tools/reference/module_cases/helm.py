# Releases of the Helm provider (issue 21), recorded with the real provider
# built from its source (PROVIDERS_PLUGIN_DIR; tools/providers/README.md):
# it plans a chart from the module's own files without a cluster or the
# network (a chart from a repository needs the network). Nested attribute
# types (`set`, `set_sensitive`, with the provider's inner defaults and
# sensitive values), the chart's version, known nulls its plan modifier
# sets, the provider configuration's 3.x syntax, and what 2.x's blocks
# become in 3.x.
A = "helm"

CHART = {
    "chart/Chart.yaml": '''
        apiVersion: v2
        name: web
        version: 1.4.2
        appVersion: "2.0"
    ''',
    "chart/templates/configmap.yaml": '''
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: {{ .Release.Name }}
        data:
          replicas: "{{ .Values.replicas }}"
    ''',
    "chart/values.yaml": '''
        replicas: 1
    ''',
}


def with_chart(main):
    return dict(CHART, **{"main.tf": main})


case(A, "local-chart", files=with_chart('''
    resource "helm_release" "web" {
      name      = "web"
      chart     = "./chart"
      namespace = "apps"
      set = [
        { name = "replicas", value = "3" },
        { name = "image.tag", value = "1.27", type = "string" },
      ]
      set_sensitive = [{ name = "password", value = "s3cr3t" }]
      values        = [yamlencode({ ingress = { enabled = true } })]
    }
'''), exprs=["helm_release.web", "helm_release.web.version", "helm_release.web.set", "helm_release.web.set_sensitive",
       "helm_release.web.metadata", "helm_release.web.manifest", "helm_release.web.status"])

case(A, "version-given", files=with_chart('''
    resource "helm_release" "web" {
      name    = "web"
      chart   = "./chart"
      version = "1.4.2"
      timeout = 600
      wait    = false
    }
'''), exprs=["helm_release.web.version", "helm_release.web.timeout", "helm_release.web.wait", "helm_release.web.namespace",
       "helm_release.web.description"])

case(A, "provider-configuration", files=with_chart('''
    provider "helm" {
      kubernetes = {
        config_path    = "~/.kube/config"
        config_context = "dev"
      }
      experiments = {
        manifest = false
      }
    }
    resource "helm_release" "web" {
      name  = "web"
      chart = "./chart"
    }
'''), exprs=["helm_release.web.version", "helm_release.web.set"])

case(A, "set-as-blocks", files=with_chart('''
    resource "helm_release" "web" {
      name  = "web"
      chart = "./chart"
      set {
        name  = "replicas"
        value = "3"
      }
    }
'''), exprs=["helm_release.web"])

case(A, "kubernetes-as-block", files=with_chart('''
    provider "helm" {
      kubernetes {
        config_path = "~/.kube/config"
      }
    }
    resource "helm_release" "web" {
      name  = "web"
      chart = "./chart"
    }
'''), exprs=["helm_release.web.name"])

case(A, "unsupported-argument", files=with_chart('''
    resource "helm_release" "web" {
      name       = "web"
      chart      = "./chart"
      namespaces = "apps"
    }
'''), exprs=["helm_release.web.name"])

case(A, "missing-chart", '''
    resource "helm_release" "web" {
      name = "web"
    }
''', ["helm_release.web"])
