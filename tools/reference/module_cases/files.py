# The file functions over a module's own files (issue 22): `fileset` with
# doublestar patterns, relative to the working directory and to a child
# module's `path.module`, its results in `for_each`, and a bad pattern.
A = "files"

FILES = {
    "conf/a.txt": "a\n",
    "conf/b.json": "{}\n",
    "conf/sub/c.txt": "c\n",
    "conf/.hidden": "h\n",
    "templates/x.tpl": "${v}\n",
}

case(A, "fileset-patterns", files=dict(FILES, **{"main.tf": '''
    locals {
      flat    = fileset(path.module, "conf/*")
      deep    = fileset(path.module, "conf/**")
      either  = fileset("conf", "*.{txt,json}")
      one     = fileset("conf", "?.txt")
      class   = fileset("conf", "[ab].*")
      configs = fileset(path.module, "**/*.tf")
      none    = fileset("nowhere", "*")
      cleaned = fileset("conf/sub/..", "./*.txt")
    }
'''}), exprs=["local.flat", "local.deep", "local.either", "local.one", "local.class", "local.configs", "local.none",
              "local.cleaned", "type(local.flat)"])

case(A, "fileset-for-each", files=dict(FILES, **{"main.tf": '''
    resource "terraform_data" "f" {
      for_each = fileset(path.module, "conf/*.txt")
      input    = file(each.value)
    }
'''}), exprs=["keys(terraform_data.f)", "terraform_data.f[\"conf/a.txt\"].input"])

case(A, "fileset-in-child-module", files=dict(FILES, **{
    "main.tf": '''
        module "child" {
          source = "./modules/child"
        }
    ''',
    "modules/child/main.tf": '''
        output "own" {
          value = fileset(path.module, "*")
        }
        output "root" {
          value = fileset(".", "conf/*.json")
        }
    ''',
    "modules/child/data.json": "[]\n",
}), exprs=["module.child.own", "module.child.root"])

case(A, "fileset-bad-pattern", files=dict(FILES, **{"main.tf": '''
    locals {
      bad = fileset(path.module, "conf/[")
    }
'''}), exprs=["local.bad", 'fileset(path.module, "{a")'])
