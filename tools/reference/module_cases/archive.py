# hashicorp/archive's archive_file data source, read while planning from the
# module's files (PROVIDERS_PLUGIN_DIR with the archive provider; recorded
# with terraform console -plan and tofu console): zip and tar.gz archives of
# a file, a directory (nested, with excludes), inline content and source
# blocks, output_file_mode, their sizes and hashes, a value built on them,
# and the provider's errors.
A = "archive"

LAMBDA = "exports.handler = async (event) => {\n  return { statusCode: 200, body: JSON.stringify(event) };\n};\n"
HASHES = ["output_size", "output_md5", "output_sha", "output_sha256", "output_base64sha256", "output_sha512", "output_base64sha512", "id"]


def hashes(address):
    return [f"{address}.{h}" for h in HASHES]


case(A, "zip-of-a-file", files={
    "main.tf": '''
        data "archive_file" "lambda" {
          type        = "zip"
          source_file = "${path.module}/src/index.js"
          output_path = "${path.module}/build/lambda.zip"
        }
        resource "terraform_data" "function" {
          input = {
            source_code_hash = data.archive_file.lambda.output_base64sha256
            size             = data.archive_file.lambda.output_size
          }
        }
    ''',
    "src/index.js": LAMBDA,
}, exprs=["data.archive_file.lambda", "terraform_data.function.input", "type(data.archive_file.lambda)"] + hashes("data.archive_file.lambda"))

case(A, "zip-of-a-directory-with-excludes", files={
    "main.tf": '''
        data "archive_file" "site" {
          type        = "zip"
          source_dir  = "${path.module}/site"
          output_path = "${path.module}/out/site.zip"
          excludes    = ["**/*.md", "drafts"]
        }
    ''',
    "site/index.html": "<h1>Hello</h1>\n",
    "site/css/main.css": "body { margin: 0 }\n" * 40,
    "site/css/print.css": "body { color: black }\n",
    "site/drafts/next.html": "<p>soon</p>\n",
    "site/notes/README.md": "# Notes\n",
    "site/a.b/x.txt": "dot dir\n",
    "site/a/y.txt": "plain dir\n",
}, exprs=hashes("data.archive_file.site") + ["data.archive_file.site.excludes"])

case(A, "tar-gz-of-a-directory", files={
    "main.tf": '''
        data "archive_file" "bundle" {
          type        = "tar.gz"
          source_dir  = "bundle"
          output_path = "bundle.tar.gz"
        }
    ''',
    "bundle/app.py": "print('hello')\n" * 100,
    "bundle/lib/util.py": "def f():\n    return 1\n",
    "bundle/requirements.txt": "requests==2.32.3\n",
}, exprs=hashes("data.archive_file.bundle"))

case(A, "zip-and-tar-of-content", '''
    data "archive_file" "zip" {
      type                    = "zip"
      source_content          = "Hello, world!\\n"
      source_content_filename = "hello.txt"
      output_path             = "hello.zip"
    }
    data "archive_file" "tar" {
      type                    = "tar.gz"
      source_content          = "Hello, world!\\n"
      source_content_filename = "dir/hello.txt"
      output_path             = "hello.tar.gz"
    }
''', hashes("data.archive_file.zip") + hashes("data.archive_file.tar"))

case(A, "source-blocks", '''
    data "archive_file" "config" {
      type        = "zip"
      output_path = "config.zip"
      source {
        content  = jsonencode({ env = "prod", replicas = 3 })
        filename = "config.json"
      }
      source {
        content  = "key=value\\n"
        filename = "app/settings.ini"
      }
    }
    data "archive_file" "tar" {
      type        = "tar.gz"
      output_path = "config.tar.gz"
      source {
        content  = "b"
        filename = "b.txt"
      }
      source {
        content  = "a"
        filename = "a.txt"
      }
    }
''', hashes("data.archive_file.config") + hashes("data.archive_file.tar") + ["data.archive_file.config.source"])

case(A, "output-file-mode", files={
    "main.tf": '''
        data "archive_file" "zip" {
          type             = "zip"
          source_file      = "run.sh"
          output_path      = "run.zip"
          output_file_mode = "0755"
        }
        data "archive_file" "tar" {
          type             = "tar.gz"
          source_dir       = "scripts"
          output_path      = "scripts.tar.gz"
          output_file_mode = "0666"
        }
        data "archive_file" "content" {
          type                    = "zip"
          source_content          = "x"
          source_content_filename = "x.txt"
          output_path             = "x.zip"
          output_file_mode        = "0600"
        }
    ''',
    "run.sh": "#!/bin/sh\necho run\n",
    "scripts/a.sh": "echo a\n",
}, exprs=["data.archive_file.zip.output_md5", "data.archive_file.tar.output_md5", "data.archive_file.content.output_md5",
          "data.archive_file.zip.output_file_mode"])

case(A, "unknown-content-is-read-when-applying", '''
    resource "terraform_data" "v" {
      input = "x"
    }
    data "archive_file" "later" {
      type                    = "zip"
      source_content          = terraform_data.v.output
      source_content_filename = "v.txt"
      output_path             = "v.zip"
    }
''', ["data.archive_file.later", "data.archive_file.later.output_size"])

case(A, "missing-file", '''
    data "archive_file" "a" {
      type        = "zip"
      source_file = "nowhere.js"
      output_path = "a.zip"
    }
''', ["data.archive_file.a.output_md5"])

case(A, "missing-directory", '''
    data "archive_file" "a" {
      type        = "zip"
      source_dir  = "${path.module}/nowhere"
      output_path = "a.zip"
    }
''', ["data.archive_file.a.output_md5"])

case(A, "everything-excluded", files={
    "main.tf": '''
        data "archive_file" "a" {
          type        = "zip"
          source_dir  = "docs"
          excludes    = ["*.md"]
          output_path = "a.zip"
        }
    ''',
    "docs/a.md": "# a\n",
}, exprs=["data.archive_file.a.output_md5"])

case(A, "unsupported-type", '''
    data "archive_file" "a" {
      type                    = "rar"
      source_content          = "x"
      source_content_filename = "x.txt"
      output_path             = "a.rar"
    }
''', ["data.archive_file.a.output_md5"])

case(A, "bad-output-file-mode", files={
    "main.tf": '''
        data "archive_file" "a" {
          type             = "zip"
          source_file      = "f.txt"
          output_path      = "a.zip"
          output_file_mode = "rw-r--r--"
        }
    ''',
    "f.txt": "f\n",
}, exprs=["data.archive_file.a.output_md5"])

# A data source in a module whose call depends on changes to plan is read
# when applying (terraform-aws-modules/eventbridge's with-archive: a policy
# document there), though it needs no network; one with depends_on of its
# own too, and one without beside it.
case(A, "read-at-apply-under-depends-on", files={
    "main.tf": '''
        resource "terraform_data" "first" {}
        module "m" {
          source     = "./modules/m"
          depends_on = [terraform_data.first]
        }
        data "archive_file" "own" {
          type                    = "zip"
          source_content          = "x"
          source_content_filename = "x.txt"
          output_path             = "${path.module}/own.zip"
          depends_on              = [terraform_data.first]
        }
        data "archive_file" "now" {
          type                    = "zip"
          source_content          = "x"
          source_content_filename = "x.txt"
          output_path             = "${path.module}/now.zip"
        }
    ''',
    "modules/m/main.tf": '''
        data "archive_file" "a" {
          type                    = "zip"
          source_content          = "x"
          source_content_filename = "x.txt"
          output_path             = "${path.module}/a.zip"
        }
        output "md5" {
          value = data.archive_file.a.output_md5
        }
    ''',
}, exprs=["module.m.md5", "data.archive_file.own.output_md5", "data.archive_file.now.output_md5", "data.archive_file.own.source_content"])
