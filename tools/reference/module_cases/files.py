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

# Files that are not UTF-8 text (issue 36): an image and raw bytes, read by
# the functions that read bytes; file() and templatefile() refuse them.
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
RAW = "//79AIABgoOEhYaHiImKi4yNjo+QkZKTlJWWl5iZmpucnZ6f"

case(A, "binary-files", files={"main.tf": '''
    locals {
      b64    = filebase64("${path.module}/files/logo.png")
      md5    = filemd5("files/logo.png")
      sha1   = filesha1("files/raw.bin")
      sha256 = filesha256("files/raw.bin")
      sha512 = filesha512("files/logo.png")
      b256   = filebase64sha256("files/raw.bin")
      b512   = filebase64sha512("files/raw.bin")
      there  = fileexists("files/logo.png")
      all    = fileset(path.module, "files/*")
    }
'''}, binary_files={"files/logo.png": PNG, "files/raw.bin": RAW},
    exprs=["local.b64", "local.md5", "local.sha1", "local.sha256", "local.sha512", "local.b256", "local.b512", "local.there",
           "local.all", "length(local.b64)"])

case(A, "binary-file-as-text", files={"main.tf": '''
    output "text" {
      value = file("files/raw.bin")
    }
'''}, binary_files={"files/raw.bin": RAW}, exprs=["output.text"])

case(A, "binary-file-as-template", files={"main.tf": '''
    output "text" {
      value = templatefile("files/logo.png", {})
    }
'''}, binary_files={"files/logo.png": PNG}, exprs=["output.text"])

case(A, "binary-file-in-console", files={"main.tf": '''
    locals {
      n = 1
    }
'''}, binary_files={"files/raw.bin": RAW}, exprs=["file(\"files/raw.bin\")", "filemd5(\"files/raw.bin\")", "fileexists(\"files\")"])
