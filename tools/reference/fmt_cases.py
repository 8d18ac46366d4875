"""The hand-written inputs of the formatter's golden cases (tests/fmt/cases.jsonl),
weighted toward what is hard to get right: alignment groups and what breaks
them, brackets and indentation, heredocs, comments everywhere, templates,
operator spacing, Terraform's own rewrites, line endings, tabs and Unicode.

Each entry is (name, text): "file" cases are whole configuration files,
"expr" cases single expressions (recorded as the file `x = EXPR`).
record_fmt.py reads FILES and EXPRS from here.
"""

FILES = []
EXPRS = []


def file(name, text):
    FILES.append((name, text))


def expr(name, text):
    EXPRS.append((name, text))


# ---------------------------------------------------------------- basics
file("empty", "")
file("only-newline", "\n")
file("only-newlines", "\n\n\n")
file("only-spaces", "   ")
file("spaces-and-newline", "  \n  \n")
file("one-attr", "a=1\n")
file("one-attr-no-newline", "a=1")
file("one-attr-spaces", "   a   =   1   \n")
file("trailing-spaces-at-eof", "a = 1   ")
file("trailing-tab-at-eof", "a = 1\t")
file("trailing-spaces-lines", "a = 1   \nb = 2\t\n")
file("blank-lines-kept", "a = 1\n\n\n\nb = 2\n")
file("blank-lines-with-spaces", "a = 1\n   \n\t\nb = 2\n")
file("leading-blank-lines", "\n\na = 1\n")
file("indented-top-level", "    a = 1\n    b = 2\n")
file("attr-string", 'a="x"\n')
file("attr-bool-null", "a=true\nb=false\nc=null\n")
file("attr-number-forms", "a=1.5\nb=1e3\nc=1E+3\nd=0.5e-2\n")

# ---------------------------------------------------------- alignment
file("align-two", "a = 1\nbungle = 2\n")
file("align-three", "a = 1\nbb = 2\nccc = 3\n")
file("align-broken-by-blank", "a = 1\nbungle = 2\n\nc = 3\ndd = 4\n")
file("align-broken-by-comment-line", "a = 1\n# comment\nbungle = 2\n")
file("align-broken-by-block", "a = 1\nb {\n}\nbungle = 2\n")
file("align-broken-by-one-line-block", "a = 1\nb {}\nbungle = 2\n")
file("align-broken-by-multiline-object", "a = 1\nbb = {\nc = 1\n}\nddd = 2\n")
file("align-broken-by-multiline-list", "a = 1\nbb = [\n1,\n]\nddd = 2\n")
file("align-broken-by-multiline-call", "a = 1\nbb = f(\n1,\n)\nddd = 2\n")
file("align-not-broken-by-heredoc", "a = <<EOT\nhello\nEOT\nbungle = 2\n")
file("align-heredoc-between", "a = 1\nbb = <<EOT\nx\nEOT\nccc = 3\n")
file("align-one-line-object", "a = { x = 1 }\nbungle = { y = 2, z = 3 }\n")
file("align-in-block", "b {\na = 1\nbungle = 2\n}\n")
file("align-nested-levels", "b {\na = 1\nc {\nbungle = 2\nd = 3\n}\nee = 4\n}\n")
file("align-unicode-key", "𝒜 = 1\nbungle = 2\n")
file("align-cjk-key", "名前 = 1\nb = 2\n")
file("align-combining-key", 'o = {\n"e\u0301" = 1\nab = 2\n}\n')
file("align-already-aligned", "a      = 1\nbungle = 2\n")
file("align-over-aligned", "a           = 1\nbungle      = 2\n")
file("align-crlf", "a = 1\r\nbungle = 2\r\n")
file("align-after-comment-block", "# header\n# more\na = 1\nbungle = 2\n")
file("align-with-trailing-comments", "a = 1 # one\nbungle = 2 # two\n")
file("align-comment-only-some", "a = 1 # foo\nbungle = 2\n")
file("align-comments-various-widths", 'a = 1 # foo\nbungle = "bonce" # baz\nzebra = "striped" # baz\n')
file("align-comments-with-block", 'foo {} # here we go\na = 1 # foo\nbungle = "bonce" # baz\n')
file("align-comments-multiline-value", 'a = 1 # foo\nbungle = (\n    "bonce"\n) # baz\nzebra = "striped" # baz\n')
file("align-comments-no-spaces", 'a="apple"# foo\nbungle=(# woo parens\n"bonce"\n)# baz\nzebra="striped"# baz\n')
file("align-comments-emoji", '𝒜 = 1 # foo\nbungle = "🇬🇧" # baz\nzebra = "striped" # baz\n')
file("align-slash-comments", "a = 1 // one\nbungle = 2 // two\n")
file("align-block-comment-trailing", "a = 1 /* one */\nbungle = 2 /* two */\n")
file("align-block-comment-last-at-eof", "a = 1\nbungle = 2 /* two */")
file("align-mixed-comment-kinds", "a = 1 # one\nbungle = 2 // two\nc = 3 /* three */\n")
file("align-object-values-in-block", 'locals {\ntags = {\nName = "x"\nEnvironment = "prod"\n}\n}\n')
file("align-long-chain", "a = 1\nbb = 2\nccc = 3\ndddd = 4\neeeee = 5\nffffff = 6\n")
file("align-equals-in-string", 'a = "x = y"\nbungle = 2\n')
file("align-fat-arrow-not-equals", "a = { for k, v in m : k => v }\nbungle = 2\n")
file("align-comparison-not-equals", "a = b == c\nbungle = d != e\n")

# ------------------------------------------------------------- blocks
file("block-empty", "b{}\n")
file("block-empty-spaced", "b   {   }\n")
file("block-empty-multiline", "b {\n}\n")
file("block-empty-blank-inside", "b {\n\n}\n")
file("block-one-line", "b {a = 1}\n")
file("block-one-line-spaced", "b {   a   =   1   }\n")
file("block-one-line-labels", 'resource "a" "b" {x=1}\n')
file("block-labels-ident", "resource aws_instance web {\n}\n")
file("block-labels-mixed", 'resource aws_instance "web" {\n}\n')
file("block-labels-spaced", 'resource    "a"     "b"    {\n}\n')
file("block-label-escapes", 'resource "a\\tb" "c\\"d" {\n}\n')
file("block-label-unicode-escape", 'resource "\\u00e9t\\u00e9" "x" {\n}\n')
file("block-label-unicode", 'resource "日本" "ü" {\n}\n')
file("block-label-dollar", 'resource "a$b" "c" {}\n')
file("block-label-percent", 'resource "a%b" "c" {}\n')
file("block-label-escaped-interp", 'resource "$${x}" "c" {}\n')
file("block-label-only-escaped-interp", 'resource "$${" "c" {}\n')
file("block-label-empty", 'resource "" "x" {}\n')
file("block-label-backslash", 'resource "a\\\\b" "x" {}\n')
file("block-label-nbsp", 'resource "a\u00a0b" "x" {}\n')
file("block-label-zwj", 'resource "👨\u200d👩" "x" {}\n')
file("block-comment-between-labels", 'resource /* a */ "x" /* b */ "y" /* c */ {\n}\n')
file("block-comment-before-brace-no-labels", "b /* c */ {\n}\n")
file("block-nested", "a {\nb {\nc {\nd = 1\n}\n}\n}\n")
file("block-nested-one-line-inner", "a {\nb { c = 1 }\n}\n")
file("block-overindented", "a {\n        b = 1\n            c {\n    d = 2\n      }\n}\n")
file("block-with-blank-lines", "a {\n\nb = 1\n\n\nc = 2\n\n}\n")
file("blocks-consecutive", "a {}\nb {}\nc {\n}\n")
file("blocks-blank-between", "a {\n}\n\n\nb {\n}\n")
file("block-closing-brace-comment", "a {\nb = 1\n} # end\n")
file("block-opening-brace-comment", "a { # start\nb = 1\n}\n")
file("block-opening-slash-comment", "a { // start\nb = 1\n}\n")
file("block-dynamic", 'dynamic "setting" {\nfor_each = var.s\ncontent {\nname = setting.key\nvalue = setting.value\n}\n}\n')
file("block-terraform-like", 'terraform {\nrequired_providers {\naws = {\nsource = "hashicorp/aws"\nversion = "~> 5.0"\n}\n}\n}\n')
file("block-unwrap-one-line", 'b { a = "${x}" }\n')
file("block-attr-after-nested", "a {\nb {\n}\nc = 1\ndd = 2\n}\n")
file("block-label-ident-dash", "resource my-type my_name {\n}\n")

# ------------------------------------------------------------ comments
file("comment-hash", "# hello\n")
file("comment-slash", "// hello\n")
file("comment-block", "/* hello */\n")
file("comment-block-multiline", "/*\n  hello\n    world\n*/\n")
file("comment-block-multiline-indented", "a {\n    /*\n      hello\n    */\nb = 1\n}\n")
file("comment-no-newline-at-eof", "a = 1\n# last")
file("comment-indented-in-block", "foo {\n# ...\n}\n")
file("comment-indented-in-object", "foo = {\n# ...\n}\n")
file("comment-indented-in-list", "foo = [\n# ...\n]\n")
file("comment-in-list-of-object", "foo = [{\n# ...\n}]\n")
file("comment-nested-block", "foo {\nbar {\n# ...\n}\n}\n")
file("comment-before-attr-in-block", "a {\n  # lead\n  b = 1\n}\n")
file("comment-between-name-and-equals", "a /* c */ = 1\n")
file("comment-after-equals", "a = /* c */ 1\n")
file("comment-after-equals-unwrap", 'a = /* c */ "${x}"\n')
file("comment-in-expression", "a = 1 /* c */ + 2\n")
file("comment-in-list-items", "a = [\n1, # one\n22, # two\n333, # three\n]\n")
file("comment-in-object-items", "a = {\nx = 1 # one\nyy = 2 # two\n}\n")
file("comment-object-items-mixed", "a = {\nx = 1 # one\n\nyy = 2 # two\nzzz = 3\n}\n")
file("comment-after-open-bracket", "a = [ # list\n1,\n]\n")
file("comment-after-open-paren-call", "a = f( # call\n1,\n)\n")
file("comment-line-in-call", "a = f(\n# first\n1,\n# second\n2,\n)\n")
file("comment-hash-crlf", "# c\r\na = 1 # d\r\n")
file("comment-slash-in-block-trailing", "a {\nb = 1 // x\ncc = 2 // y\n}\n")
file("comment-many-consecutive", "# a\n# b\n\n# c\n// d\n/* e */\n")
file("comment-block-before-attr-same-line", "/* c */ a = 1\nbb = 2\n")
file("comment-block-then-code-on-line", "a = 1\n/* x */ b {}\n")
file("comment-trailing-after-heredoc-line", "a = <<EOT\nx\nEOT\n# after\nb = 1\n")
file("comment-inside-interp", 'a = "${ x /* c */ }"\n')
file("comment-in-for", "a = [for x in y : x # c\n]\n")
file("comment-unicode", "a = 1 # 日本語のコメント\nbungle = 2 # ok\n")

# ------------------------------------------------------------ heredocs
file("heredoc-plain", "a = <<EOT\nhello\nEOT\n")
file("heredoc-flush", "a = <<-EOT\n    hello\n      world\n    EOT\n")
file("heredoc-in-block", "foo {\nbar = <<EOT\nFoo bar baz\nEOT\n}\n")
file("heredoc-flush-in-block", "foo {\nbar = <<-EOT\n  Foo bar baz\nEOT\n}\n")
file("heredoc-flush-indented-marker", "foo {\nbar = <<-EOT\n    Foo bar baz\n    EOT\n}\n")
file("heredoc-equals-inside", "foo {\nbar = <<-EOT\n  blahblahblah = x\nEOT\n}\n")
file("heredoc-brackets-inside", "a = <<EOT\n{ [ (\nEOT\nb = 1\n")
file("heredoc-interp", "a = <<EOT\nhello ${ name }!\nEOT\n")
file("heredoc-interp-multiline", "a = <<EOT\nhello ${\nname\n}!\nEOT\n")
file("heredoc-directive", "a = <<EOT\n%{ for x in xs ~}\n- ${x}\n%{ endfor ~}\nEOT\n")
file("heredoc-in-call", "a = f(<<EOT\nhello\nEOT\n)\n")
file("heredoc-in-call-args", "a = f(1, <<EOT\nhello\nEOT\n, 2)\n")
file("heredoc-in-list", "a = [\n<<EOT\nhello\nEOT\n,\n<<EOT\nworld\nEOT\n]\n")
file("heredoc-in-object", "a = {\nx = <<EOT\nhi\nEOT\nyy = 2\n}\n")
file("heredoc-crlf", "a = <<EOT\r\nhello\r\nEOT\r\nb = 1\r\n")
file("heredoc-tabs", "a = <<-EOT\n\thello\n\t\tworld\n\tEOT\n")
file("heredoc-trailing-spaces-inside", "a = <<EOT\nhello   \nEOT\n")
file("heredoc-marker-trailing-space", "a = <<EOT\nhello\nEOT   \nb = 1\n")
file("heredoc-empty", "a = <<EOT\nEOT\n")
file("heredoc-nested-in-interp", "a = <<EOT\n${<<INNER\nx\nINNER\n}\nEOT\n")
file("heredoc-dollar-escape", "a = <<EOT\n$${x} %%{y} $ %\nEOT\n")
file("heredoc-comment-chars", "a = <<EOT\n# not a comment\n// nor this\nEOT\n")
file("heredoc-then-ternary", "a = x ? <<EOT\nyes\nEOT\n: \"no\"\n")
file("heredoc-unicode", "a = <<EOT\n日本語 🇬🇧\nEOT\nbb = 2\n")
file("heredoc-two", "a = <<A\n1\nA\nb = <<B\n2\nB\n")
file("heredoc-indented-attr", "  a = <<EOT\n  x\n  EOT\n")

# ------------------------------------------------------------ templates
file("tmpl-interp-spaces", 'a="hello ${ name }"\n')
file("tmpl-strip-markers", 'a="hello ${~ name ~}"\n')
file("tmpl-several", 'a="${b}${c}${ d } ${e}"\n')
file("tmpl-directive-if", 'a = "%{if true}${var.foo}%{endif}"\n')
file("tmpl-directive-spaces", 'a = "%{ if x } yes %{ else } no %{ endif }"\n')
file("tmpl-directive-for", 'a = "%{ for k, v in m }${k}=${v} %{ endfor }"\n')
file("tmpl-escapes", 'a = "$${x} %%{y} \\n \\t \\" \\\\"\n')
file("tmpl-nested-quotes", 'a = "${f("${x}")}"\n')
file("tmpl-object-in-interp", 'a = "${ {a=1} }"\n')
file("tmpl-object-in-interp-tight", 'a = "${{a=1}}"\n')
file("tmpl-list-in-interp", 'a = "${ [1,2] }"\n')
file("tmpl-interp-operators", 'a = "${a+b*-c}"\n')
file("tmpl-interp-multiline", 'a = "${\nhello\n}"\n')
file("tmpl-interp-multiline-in-literal", 'a = "x${\nhello\n}"\n')
file("tmpl-dollar-alone", 'a = "cost: $5 or 50%"\n')
file("unwrap-simple", 'a = "${x}"\n')
file("unwrap-spaces", 'a = "${ x }"\n')
file("unwrap-strip", 'a = "${~ x ~}"\n')
file("unwrap-call", 'a = "${f(1,2)}"\n')
file("unwrap-traversal", 'a = "${var.x.y[0]}"\n')
file("unwrap-nested-template", 'a = "${f("${x}")}"\n')
file("unwrap-nested-literal", 'a = "${f("a")}"\n')
file("unwrap-not-two", 'a = "${x}${y}"\n')
file("unwrap-not-literal", 'a = "${x} "\n')
file("unwrap-not-prefix", 'a = " ${x}"\n')
file("unwrap-not-directive", 'a = "%{if x}y%{endif}"\n')
file("unwrap-multiline", 'a = "${\n  x\n}"\n')
file("unwrap-multiline-ternary", 'a = "${x ?\n  y : z}"\n')
file("unwrap-multiline-parens", 'a = "${(x ?\n  y : z)}"\n')
file("unwrap-multiline-object", 'a = "${ {\na = 1\n} }"\n')
file("unwrap-crlf-newlines", 'a = "${\r\nx\r\n}"\r\n')
file("unwrap-in-nested-block", 'a {\nb {\nc = "${x}"\n}\n}\n')
file("unwrap-not-in-object-value", 'a = { b = "${x}" }\n')
file("unwrap-not-in-list", 'a = ["${x}"]\n')
file("unwrap-then-align", 'a = "${x}"\nbungle = "${yy}"\n')
file("unwrap-with-trailing-comment", 'a = "${x}" # c\nbb = 1\n')
file("unwrap-heredoc-inside", 'a = "${<<EOT\nx\nEOT\n}"\n')
file("unwrap-comment-inside", 'a = "${ x # c\n}"\n')
file("unwrap-splat", 'a = "${a.*.b}"\n')
file("unwrap-for", 'a = "${[for x in y : x]}"\n')

# --------------------------------------------------- variable types
file("var-type-string", 'variable "x" {\ntype = "string"\n}\n')
file("var-type-list", 'variable "x" {\ntype = "list"\n}\n')
file("var-type-map", 'variable "x" {\ntype = "map"\n}\n')
file("var-type-number-quoted", 'variable "x" {\ntype = "number"\n}\n')
file("var-type-bare-list", "variable x {\ntype = list\n}\n")
file("var-type-bare-map", "variable x {\ntype = map\n}\n")
file("var-type-bare-set", "variable x {\ntype = set\n}\n")
file("var-type-bare-string", "variable x {\ntype = string\n}\n")
file("var-type-list-string", "variable x {\ntype = list(string)\n}\n")
file("var-type-with-comment", "variable x {\ntype = list # legacy\ndefault = []\n}\n")
file("var-type-one-line", 'variable "x" { type = "string" }\n')
file("var-type-not-top-level", 'module "m" {\nvariable "x" {\ntype = "string"\n}\n}\n')
file("var-type-other-block", 'output "x" {\ntype = "string"\n}\n')
file("var-type-not-unwrapped", 'variable "x" {\ntype = "${string}"\ndefault = "${1}"\n}\n')
file("var-type-aligned", 'variable "x" {\ntype = "map"\ndescription = "d"\n}\n')
file("var-type-object", "variable x {\ntype = object({\nname = string\nage = optional(number, 1)\n})\n}\n")

# ------------------------------------------------------------ objects and tuples
file("object-one-line", "a = {x=1,y=2}\n")
file("object-one-line-colon", "a = {x:1,y:2}\n")
file("object-empty", "a = {}\nb = { }\n")
file("object-multiline", "a = {\nx = 1\nyy = 2\n}\n")
file("object-multiline-commas", "a = {\nx = 1,\nyy = 2,\n}\n")
file("object-multiline-colons", "a = {\nx: 1\nyy: 2\n}\n")
file("object-quoted-keys", 'a = {\n"x" = 1\n"long key" = 2\n}\n')
file("object-paren-keys", "a = {\n(k) = 1\n(long_key) = 2\n}\n")
file("object-nested", "a = {\nb = {\nc = 1\ndd = 2\n}\neee = 3\n}\n")
file("object-open-on-value-line", "a = {\nb = [\n1,\n2,\n]\ncc = 3\n}\n")
file("object-items-same-line", "a = {\nb = 1, cc = 2\nddd = 3\n}\n")
file("object-close-on-last-line", "a = {\nb = 1\ncc = 2}\n")
file("object-open-with-item", "a = {b = 1\ncc = 2\n}\n")
file("tuple-one-line", "a = [1,2,3]\n")
file("tuple-empty", "a = []\nb = [ ]\n")
file("tuple-multiline", "a = [\n1,\n2,\n]\n")
file("tuple-nested", "a = [\n[\n1\n]\n]\n")
file("tuple-double-open", "a = [[\n1\n]]\n")
file("tuple-triple", "a = [[\n[\na\n]\n]]\n")
file("tuple-degenerate", "a = [[\n[\na\n]]\n]\n")
file("tuple-of-objects", "a = [\n{\nx = 1\n},\n{\nyy = 2\n},\n]\n")
file("tuple-of-objects-compact", "a = [{\nx = 1\n}, {\nyy = 2\n}]\n")
file("tuple-trailing-comma-one-line", "a = [1, 2, ]\n")
file("mixed-close-brackets", "a = f([{\nx = 1\n}])\n")
file("deep-nesting", "a = [[[[[[1]]]]]]\nb = {a={b={c={d=1}}}}\n")

# ------------------------------------------------------------ operators
for name, e in [
    ("minus-binary", "a-1"),
    ("minus-binary-spaced", "a - 1"),
    ("minus-unary", "-1"),
    ("minus-unary-spaced", "- 1"),
    ("minus-unary-var", "-a"),
    ("minus-after-star", "a*-1"),
    ("minus-after-plus", "a+-1"),
    ("minus-after-minus", "a--1"),
    ("minus-after-slash", "a/-1"),
    ("minus-after-percent", "a%-1"),
    ("minus-after-eq", "a==-1"),
    ("minus-after-ne", "a!=-1"),
    ("minus-after-lt", "a<-1"),
    ("minus-after-le", "a<=-1"),
    ("minus-after-gt", "a>-1"),
    ("minus-after-ge", "a>=-1"),
    ("minus-after-and", "a&&-1"),
    ("minus-after-or", "a||-1"),
    ("minus-after-bang", "!-1"),
    ("minus-after-question", "a?-1:-2"),
    ("minus-after-paren", "(-a)"),
    ("minus-after-close-paren", "(a)-1"),
    ("minus-after-bracket", "[-1,-2]"),
    ("minus-after-close-bracket", "a[0]-1"),
    ("minus-after-brace", "{a=-1}"),
    ("minus-after-call", "f()-1"),
    ("minus-after-string", '"a"-1'),
    ("minus-after-number", "2-1"),
    ("minus-double-unary", "- -1"),
    ("minus-after-colon-for", "[for x in y: -x]"),
    ("minus-after-comma-call", "f(1,-2)"),
    ("minus-chain", "-a-b-c"),
    ("bang", "! true"),
    ("bang-double", "!!a"),
    ("bang-paren", "!(a&&b)"),
    ("and-or", "a&&b||c"),
    ("comparison", "a<b"),
    ("comparison-ge", "a>=b"),
    ("arithmetic-all", "a+b*c/d%e-f"),
    ("parens-spaced", "( a+2 )"),
    ("parens-nested", "((a))"),
    ("parens-times-neg", "( a*-2 )"),
    ("neg-plus", "(-2+1)"),
    ("conditional", "a?b:c"),
    ("conditional-spaced", "a  ?  b  :  c"),
    ("conditional-nested", "a?b?c:d:e"),
    ("conditional-null", "a==null?\"x\":a"),
]:
    expr("op-" + name, e)

# ----------------------------------------------------- traversals and calls
for name, e in [
    ("attr", "a.b.c"),
    ("attr-spaced", "a . b . c"),
    ("index", "a[0]"),
    ("index-spaced", "a [ 0 ]"),
    ("index-string", 'a["k"]'),
    ("index-legacy", "a.0.b"),
    ("index-legacy-number", "a.0.1"),
    ("index-after-call", "b()[c]"),
    ("index-after-tuple", '["hello"][0]'),
    ("index-after-object", '{a=1}["a"]'),
    ("index-after-paren", "(a)[0]"),
    ("index-after-index", "a[0][1]"),
    ("index-expression", "a[i+1]"),
    ("splat-attr", "a.*.b"),
    ("splat-attr-spaced", "a . * . b"),
    ("splat-full", "a[*].b"),
    ("splat-full-spaced", "a [ * ] . b"),
    ("splat-full-only", "a[*]"),
    ("splat-attr-only", "a.*"),
    ("splat-index", "a[*].b[0]"),
    ("call", "foo(1, -2,a*b, b,c)"),
    ("call-spaced-name", "foo (1)"),
    ("call-empty", "foo( )"),
    ("call-expand", "foo(a,b...)"),
    ("call-expand-spaced", "foo(a, b ...)"),
    ("call-expand-tuple", "foo([1,2]...)"),
    ("call-nested", "a(b(c(d)))"),
    ("call-trailing-comma", "f(1,2,)"),
    ("call-multiline", "foo(\n1,\n- 2,\na*b,\nb,\nc,\n)"),
    ("call-multiline-first-on-line", "foo(1,\n2)"),
    ("call-multiline-nested", "merge(\n{\na = 1\n},\n{\nbb = 2\n},\n)"),
    ("provider-function", "provider::aws::arn_parse(x)"),
    ("provider-function-spaced", "provider :: aws :: arn_parse ( x )"),
    ("provider-function-traversal", "provider::aws::arn_parse(x).region"),
    ("core-namespace", "core::max(1,2)"),
    ("in-keyword-tuple", "[for x in [y] : x]"),
    ("in-keyword-tight", "[for x in[y]: x]"),
    ("in-as-name", "in[0]"),
]:
    expr("trav-" + name, e)

# ------------------------------------------------------------ for expressions
for name, e in [
    ("tuple", "[for x in y : x]"),
    ("tuple-tight", "[for x in y:x]"),
    ("tuple-index", "[for i,x in y : i]"),
    ("tuple-if", "[for x in y : x if x!=null]"),
    ("object", "{for k,v in m : k=>v}"),
    ("object-group", "{for k,v in m : v=>k...}"),
    ("object-if", "{for k, v in m : k => v if v}"),
    ("multiline", "[\nfor x in y :\nx\n]"),
    ("multiline-object", "{\nfor k, v in m :\nk => v\n}"),
    ("nested", "[for x in [for y in z : y] : x]"),
    ("with-call", "[for x in keys(m) : upper(x)]"),
    ("with-object-value", "[for x in y : {name=x, id=1}]"),
    ("with-conditional", "[for x in y : x > 0 ? x : -x]"),
]:
    expr("for-" + name, e)

# ------------------------------------------------------------ expressions with layout
for name, e in [
    ("object-spacing", "{a=1, bb=2}"),
    ("object-multiline", "{\na=1\nbb=2\n}"),
    ("object-multiline-comments", "{\na=1 # one\nbb=2 # two\n}"),
    ("object-first-line-comment", "{ # obj\na=1 # one\n}"),
    ("tuple-multiline-comments", "[\n1, # one\n22, # two\n]"),
    ("nested-brackets", "[ [ ] ]"),
    ("nested-multiline", "[\n[\na\n]\n]"),
    ("conditional-multiline-parens", "(\na ?\nb :\nc\n)"),
    ("template-interp-object", '"${ {a=1} }"'),
    ("template-unwrap", '"${ x }"'),
    ("template-no-unwrap", '"${x}-${y}"'),
    ("template-directive", '"%{if a}b%{else}c%{endif}"'),
    ("template-escapes", '"a\\nb\\u00e9 $${x}"'),
    ("heredoc", "<<EOT\nhello ${x}\nEOT\n"),
    ("heredoc-flush", "<<-EOT\n  hello\n  EOT\n"),
    ("unicode-string", '"日本語" == "🇬🇧"'),
    ("unicode-keys", '{\n"ключ" = 1\n"k" = 2\n}'),
    ("tabs-between", "a\t+\tb"),
    ("tabs-in-string", '"a\tb"'),
]:
    expr("expr-" + name, e)

# ------------------------------------------------------------ whitespace and encodings
file("crlf-block", "a {\r\nb = 1\r\ncc = 2\r\n}\r\n")
file("crlf-mixed", "a = 1\r\nb = 2\nc {\r\n}\n")
file("crlf-comment-block", "/*\r\n c\r\n*/\r\na = 1\r\n")
file("tabs-indent", "a {\n\tb = 1\n\t\tc = 2\n}\n")
file("tabs-between-tokens", "a\t=\t1\nbb\t=\t[1,\t2]\n")
file("tabs-in-string", 'a = "x\ty"\n')
file("tabs-in-comment", "a = 1\t#\tc\n")
file("bom", "\ufeffa = 1\n")
file("bom-only", "\ufeff")
file("bom-spaces", "\ufeff   ")
file("unicode-values", 'a = "日本語"\nb = "🇬🇧🇫🇷"\nc = "e\u0301"\n')
file("unicode-ident", "ünïcödé = 1\nb = 2\n")
file("unicode-wide-alignment", 'a = "日本" # c\nbbbbbb = "x" # d\n')
file("no-newline-block", "a {\nb = 1\n}")
file("no-newline-comment-block", "a = 1 /* c */")
file("long-line", "a = [" + ", ".join(str(i) for i in range(60)) + "]\n")

# ------------------------------------------------------------ realistic files
file("real-resource", '''resource "aws_instance" "web" {
ami = "${var.ami}"
instance_type = "t3.micro"
count = 2
tags = {
Name = "web-${count.index}"
Environment = var.env
}
lifecycle {
create_before_destroy = true
ignore_changes = [tags,]
}
}
''')
file("real-variables", '''variable "region" {
  type = "string"
  default = "us-east-1"
  description = "The region"
}

variable "zones" {
  type    = list
  default = ["a","b"]
}

variable "settings" {
type = map
default = {
a = 1
bb = 2
}
validation {
condition = length(var.settings) > 0
error_message = "Need settings."
}
}
''')
file("real-locals", '''locals {
  name = "${var.prefix}-app"
  common_tags = merge(var.tags, {
    Owner = "team"
    Project = local.name
  })
  subnets = [for s in var.subnets : s.id if s.public]
  by_az = { for s in var.subnets : s.az => s.id... }
  enabled = var.enabled ? 1 : 0
  neg = -var.offset
  diff = var.a-var.b
}
''')
file("real-module", '''module "vpc" {
source = "terraform-aws-modules/vpc/aws"
version = "5.0.0"

name = "my-vpc"
cidr = "10.0.0.0/16"

azs = ["eu-west-1a", "eu-west-1b", "eu-west-1c"]
private_subnets = ["10.0.1.0/24", "10.0.2.0/24", "10.0.3.0/24"]

enable_nat_gateway = true # costs money
enable_vpn_gateway = true # also
}
''')
file("real-output", '''output "ip" {
value = aws_instance.web.*.public_ip
description = "IPs"
sensitive = false
}
output "arn" { value = provider::aws::arn_parse(aws_instance.web[0].arn) }
''')
file("real-data-policy", '''data "aws_iam_policy_document" "p" {
statement {
actions = ["s3:GetObject",]
resources = [
"${aws_s3_bucket.b.arn}/*",
]
condition {
test = "StringEquals"
variable = "aws:SourceVpce"
values = [var.vpce]
}
}
}
''')
file("real-user-data", '''resource "aws_instance" "x" {
  user_data = <<-EOF
    #!/bin/bash
    echo "${var.msg}" > /tmp/msg
    %{ for p in var.pkgs ~}
    apt-get install -y ${p}
    %{ endfor ~}
  EOF
  tags = {
      a = 1
  }
}
''')
file("real-moved-import", '''moved {
from = aws_instance.a
to = aws_instance.b
}
import {
to = aws_instance.c
id = "i-123"
}
check "health" {
assert {
condition = data.http.x.status_code == 200
error_message = "down"
}
}
''')
file("real-tfvars", '''region="us-east-1"
instance_count=3
tags={
env="prod"
team="platform"
}
zones=["a","b","c"]
''')
file("real-test-file", '''run "plan" {
command = plan
variables {
name = "x"
}
assert {
condition = output.name == "x"
error_message = "bad"
}
}
''')

# ------------------------------------------------------------ syntax errors
file("err-missing-value", "a = \n")
file("err-unclosed-object", "a = {\n")
file("err-unclosed-block", "a {\nb = 1\n")
file("err-extra-brace", "a = 1\n}\n")
file("err-bare-expression", "1 + 2\n")
file("err-duplicate-attr", "a = 1\na = 2\n")
file("err-block-label-interp", 'resource "${x}" "y" {}\n')
file("err-unterminated-string", 'a = "abc\n')
file("err-unterminated-heredoc", "a = <<EOT\nhello\n")
file("err-heredoc-marker-eof", "a = <<EOT\nhello\nEOT")
file("err-bad-escape", 'a = "\\q"\n')
file("err-single-quotes", "a = 'x'\n")
file("err-semicolon", "a = 1;\n")
file("err-bitwise", "a = 1 & 2\n")
file("err-missing-equals", "a 1\n")
file("err-block-on-one-line-two-attrs", "b { a = 1, c = 2 }\n")
file("err-newline-in-binary", "a = 1 +\n2\n")
file("err-unclosed-comment", "a = 1 /* c\n")
file("err-invalid-char", "a = 1 @ 2\n")
file("err-curly-quotes", "a = \u201cx\u201d\n")
file("err-label-newline", 'resource "a"\n"b" {}\n')
file("err-attr-in-label-position", 'a "b" = 1\n')
file("err-for-missing-colon", "a = [for x in y x]\n")
file("err-tuple-missing-comma", "a = [1 2]\n")
file("err-object-missing-sep", "a = {x = 1 y = 2}\n")
file("err-lone-cr", "a = 1\rb = 2\n")
file("err-block-one-line-nested", "a { b {} }\n")

# ------------------------------------------------- traversal keys hclwrite re-reads
for name, e in [
    ("key-true", "a[true]"),
    ("key-false", "a[false]"),
    ("key-null-mid", "a.b[null].c"),
    ("key-null-for-local", "[for x in y : x[null]]"),
    ("key-null-for-collection", "[for x in y[null] : x]"),
    ("key-null-after-call", "f()[null]"),
    ("key-null-after-paren", "(a)[null]"),
    ("key-null-in-template", '"${a[null]} b"'),
    ("key-null-after-splat", "a[*][null]"),
    ("key-negative", "a[-1]"),
    ("key-fraction", "a[1.5]"),
    ("key-string-spaced", 'a[ "k" ]'),
    ("key-comment-number", "a[/*c*/0]"),
    ("key-comment-string", 'a[/*c*/"k"]'),
    ("key-variable", "a[b]"),
]:
    expr("trav-" + name, e)
file("key-null-in-block", "b {\nc = a[null]\n}\n")

# ------------------------------------------ a number, a dot and what follows
for name, e in [
    ("number-dot-number", "3 .0"),
    ("number-dot-number-after", "3. 0"),
    ("legacy-index-spaced", "a.0 .1"),
    ("number-dot-exponent", "1 .e5"),
    ("number-dot-negative-exponent", "1 .e-5"),
    ("legacy-index-dot-exponent", "a.0 .e5"),
    ("number-dot-name", "1 .x"),
    ("index-dot-number", "[1][0] .0"),
    ("conditional-number-dot", "false ? 3 .0 : 1"),
]:
    expr("merge-" + name, e)
