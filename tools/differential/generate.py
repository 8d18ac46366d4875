#!/usr/bin/env python3
"""Generates cases for differential runs of hcl-eval against a reference.

A seeded, deterministic generator of HCL expressions (and bare templates)
over the whole expression language: literals, strings and heredocs,
templates, operators, conditionals, collections, traversals and splats,
`for` expressions, calls over the profile's function library with odd
arguments, conversions, `try`/`can` and the console's `type()`. Variables
include typed and untyped nulls, unknowns of every type and, where the
profile's reference reads them, refined unknowns and sensitive or ephemeral
values nested at various depths (the harness extensions of
tools/reference/harness/main.go).

Each case is one JSON line in the conformance schema, {"id", "expr",
"vars", "template"}, plus "area", the part of the generator that made it
(refine, marks, changed, ...), and "feature", its outermost construct
("fn:element", "op:&&", "cond", "for", ...), which engine.py uses to
cluster differences.
The same --profile/--seed/--mode/--count always give the same lines, and
case N does not depend on the cases before it.

    tools/differential/generate.py --profile terraform --count 100000 --seed 1 > cases.jsonl
    tools/differential/generate.py --mode plain ...      # no refinements or marks in variables
    tools/differential/generate.py --mode general=3,refine=1 ...   # weights by area
    tools/differential/generate.py --list-modes

Generation leans toward what changed since the 2022 engine (hcl 2.14,
go-cty 1.12; see ../shared/reference/versions.md) and where Terraform and
OpenTofu differ: refined unknowns, short-circuit `&&`/`||`, marks, the
functions whose behaviour changed, parser changes, number precision,
Unicode 14+ text and OpenTofu's own functions.
"""
import argparse, base64, functools, gzip, json, random, re, sys

# ---------------------------------------------------------------------------
# The function library.
#
# One line per function: "name: PARAMS -> RESULT". A parameter is a kind
# (below); "?kind" is optional, "*kind" variadic. Kinds: n number, s string,
# b bool, a any, l list or tuple, ls/ln/lb/lo/ll lists of strings, numbers,
# bools, objects or lists, set, m map or object, ms map of strings, mls map of
# lists of strings; the rest name pools of typical arguments (FORMATS,
# TIMESTAMPS, ... below).

SIGNATURES = """
abs: n -> n
ceil: n -> n
floor: n -> n
log: n n -> n
max: *n -> n
min: *n -> n
parseint: pint base -> n
pow: n n -> n
signum: n -> n
sum: ln -> n
chomp: s -> s
endswith: s s -> b
format: fmt *a -> s
formatlist: fmt *a -> ls
indent: spaces s -> s
join: s *ls -> s
lower: s -> s
regex: re s -> a
regexall: re s -> l
replace: s s s -> s
split: s s -> ls
startswith: s s -> b
strcontains: s s -> b
strrev: s -> s
substr: s n n -> s
templatestring: tmpl m -> s
title: s -> s
trim: s s -> s
trimprefix: s s -> s
trimspace: s -> s
trimsuffix: s s -> s
upper: s -> s
alltrue: lb -> b
anytrue: lb -> b
chunklist: l n -> ll
coalesce: *a -> a
coalescelist: *l -> l
compact: ls -> ls
concat: *l -> l
contains: l a -> b
distinct: l -> l
element: l idx -> a
flatten: l -> l
index: l a -> n
keys: m -> ls
length: a -> n
list: *a -> l
lookup: m s ?a -> a
map: *a -> m
matchkeys: l l l -> l
merge: *m -> m
one: l -> a
range: n ?n ?n -> ln
reverse: l -> l
setintersection: set *set -> set
setproduct: *l -> l
setsubtract: set set -> set
setunion: set *set -> set
slice: l n n -> l
sort: ls -> ls
transpose: mls -> mls
values: m -> l
zipmap: ls l -> m
base64decode: b64 -> s
base64encode: s -> s
base64gzip: s -> s
base64gunzip: gz -> s
csvdecode: csv -> lo
jsondecode: json -> a
jsonencode: a -> s
textdecodebase64: b64 enc -> s
textencodebase64: s enc -> s
urldecode: urlq -> s
urlencode: s -> s
yamldecode: yaml -> a
yamlencode: a -> s
base64sha256: s -> s
base64sha512: s -> s
bcrypt: s ?cost -> s
md5: s -> s
rsadecrypt: rsac rsakey -> s
sha1: s -> s
sha256: s -> s
sha512: s -> s
uuid: -> s
uuidv5: uuidns s -> s
cidrcontains: cidr ipcidr -> b
cidrhost: cidr hostnum -> s
cidrnetmask: cidr -> s
cidrsubnet: cidr newbits n -> s
cidrsubnets: cidr *newbits -> ls
formatdate: dfmt ts -> s
timeadd: ts dur -> s
timecmp: ts ts -> n
timestamp: -> s
abspath: path -> s
basename: path -> s
dirname: path -> s
pathexpand: path -> s
file: path -> s
filebase64: path -> s
filebase64sha256: path -> s
filebase64sha512: path -> s
fileexists: path -> b
filemd5: path -> s
fileset: path s -> set
filesha1: path -> s
filesha256: path -> s
filesha512: path -> s
templatefile: path m -> s
tobool: a -> b
tolist: a -> l
tomap: a -> m
tonumber: a -> n
toset: a -> set
tostring: a -> s
issensitive: a -> b
nonsensitive: a -> a
sensitive: a -> a
ephemeralasnull: a -> a
convert: a type -> a
can: a -> b
try: *a -> a
type: a -> a
"""


def parse_signatures(text):
    """{name: (params, result)}, params a list of (kind, how) with how one
    of "" (required), "?" (optional) and "*" (variadic)."""
    sigs = {}
    for line in text.strip().splitlines():
        name, rest = line.split(":", 1)
        params, result = rest.split("->")
        sigs[name.strip()] = ([(p.lstrip("?*"), p[0] if p[0] in "?*" else "") for p in params.split()], result.strip())
    return sigs


SIGS = parse_signatures(SIGNATURES)

# What each reference has (its harness's --functions, namespaces aside).
ORACLE_FUNCTIONS = set("""abs ceil floor max min parseint signum chomp format formatlist indent join lower regex
regexall split strrev substr title trim trimprefix trimspace trimsuffix upper chunklist coalescelist compact concat
contains distinct element flatten keys merge range reverse setintersection setproduct setsubtract setunion slice sort
values zipmap csvdecode jsondecode jsonencode formatdate timeadd try can length coalesce index lookup replace log pow
sum one alltrue anytrue startswith endswith strcontains base64encode base64decode tostring tonumber tobool tolist toset
tomap""".split())
OPENTOFU_ONLY = {"urldecode", "cidrcontains", "base64gunzip"}
TERRAFORM_ONLY = {"convert"}
PROFILE_FUNCTIONS = {
    "terraform": set(SIGS) - OPENTOFU_ONLY,
    "opentofu": set(SIGS) - TERRAFORM_ONLY,
    "hcl-2.14": ORACLE_FUNCTIONS,
}
# Not deterministic: called only where the result's length or success is used.
NONDETERMINISTIC = {"uuid", "timestamp", "bcrypt"}
# Read the filesystem (the harness runs in an empty directory).
FILESYSTEM = {"abspath", "file", "filebase64", "filebase64sha256", "filebase64sha512", "fileexists", "filemd5",
              "fileset", "filesha1", "filesha256", "filesha512", "templatefile", "pathexpand"}
# Built by the expression builders rather than as plain calls.
SPECIAL_CALLS = {"try", "can", "type"}

# Which result kinds a wanted kind accepts.
ACCEPTS = {
    "n": {"n"}, "s": {"s"}, "b": {"b"},
    "l": {"l", "ls", "ln", "lb", "lo", "ll", "set"}, "ls": {"ls"}, "ln": {"ln"}, "lb": {"lb"}, "lo": {"lo"},
    "ll": {"ll"}, "set": {"set"}, "m": {"m", "ms", "mls"}, "ms": {"ms"}, "mls": {"mls"},
}
TYPED_KINDS = ["n", "s", "b", "l", "ls", "ln", "lb", "lo", "ll", "set", "m", "ms", "mls"]

# ---------------------------------------------------------------------------
# Pools of values.

NUMBER_LITERALS = ["0", "1", "2", "3", "5", "7", "10", "42", "100", "0.5", "1.5", "0.1", "0.2", "0.3", "2.5",
                   "3.14159", "1e3", "1E3", "1e-3", "2.5e+2", "1e400", "1e-400", "18446744073709551616",
                   "18446744073709551617", "1152921504606846976", "9007199254740993", "9007199254740992",
                   "123456789012345678901234567890", "0.0", "007", "4294967296", "2147483647", "1.0000000000000001",
                   "0.30000000000000004", "1e308", "1.7976931348623157e308", "5e-324"]
JSON_NUMBERS = [0, 1, 2, 3, 5, 10, 42, 100, -1, -5, 0.5, 1.5, 0.1, 2.5, -0.0, 1e10, 18446744073709551617,
                1152921504606846976, 9007199254740993, 1e-7]
STRINGS_PLAIN = ["", "a", "b", "c", "abc", "foo", "bar", "Hello", "hello world", "x-y", "a,b,c", "A", "1", "10",
                 "9", "1.5", "-0", "true", "false", "null", " 42 ", "0x10", "1e3", "foo/bar/baz.txt", "key", "a.b",
                 "*", "  padded  ", "FooBar", "hello_world", "ab", "b,a"]
STRINGS_SPECIAL = ["\n", "a\nb\n", "tab\there", "\r\n", "x\r\n", 'quote"d', "back\\slash", "${x}", "%{if}",
                   "$${", "%%{", "$", "%", "{", "}", "line1\nline2", "\u0001", "trailing\n\n", "a\u0000b", "~", "\\n"]
# Precomposed and decomposed forms, graphemes old and new (Unicode 14: U+1FAE0, Vithkuqi, U+A7C0, U+1AC1;
# 15: U+1FAE8, Kawi; 15.1 Indic conjuncts; 16: Garay), special casing, Unicode spaces.
STRINGS_UNICODE = ["é", "e\u0301", "ﬁ", "ß", "İ", "ǅ", "ΣΑΣ", "Straße", "日本語", "한국어", "Ω", "\u212b", "👍",
                   "👍🏽", "👨\u200d👩\u200d👧", "🇫🇷🇩🇪", "\U0001FAE0", "\U0001FAE8", "\U00010570\U00010597",
                   "\U00011F04\U00011F41", "\u0915\u094d\u0937", "\u0915\u094d\u200d\u0937", "a\u1ac1\u0316",
                   "\u0e01\u0e33", "\u1100\u1161\u11a8", "\u00a0nbsp\u00a0", "\u3000ideo\u3000", "a\u2028b",
                   "\U0001F9D1\u200d\U0001F384", "\u0301", "\ufeffbom", "Ꭰꭰ", "\U00010D50\U00010D70", "\ua7c0\ua7c1",
                   "\u0345", "ǰ", "ŉ", "\U0001F1FA", "a\u0308\u0301", "\u1e9e", "ⅷ", "\U0001D400", "\u0130i\u0307",
                   "\U0001FA77\U0001FAAD", "\U0001F6DC", "\u0cf3", "\u0d81"]
REGEXES = ["a", "(\\d+)", "(\\d+)-(\\d+)", "(?P<x>[a-z]+)", "^$", "[", "(?i)abc", "\\p{Letter}+", "\\p{L}+",
           "\\pL", "\\p{Greek}", "(a)|(b)", "(?P<first>\\w+) (?P<second>\\w+)", "\\w+", ".*", "x*", "(?m)^a", "\\b",
           "\\", "(?<n>a)", "a{1001}", "\\Q.\\E", "[[:alpha:]]+", "\\d", "(?:x)(y)?", "\\p{Lu}", "[^a-c]+", "é",
           "\\X", "(?s).", "[\\p{Han}]+", "()", "a|", "\\p{Emoji}"]
FORMATS = ["%s", "%d", "%v", "%#v", "%q", "%t", "%5.2f", "%-5s|", "%05d", "%x", "%X", "%o", "%b", "%e", "%g",
           "%.3s", "%%", "%s %s", "%[2]s %[1]s", "%", "%z", "%s-%d", "%[3]s", "Hello, %s!", "%10v", "%+d",
           "%.0f", "%U", "%s=%v", "%.2f%%", "%8.3e", "%-8d|", "%#x", "%5t", "%[1]s%[1]s", "${}", "%!s", "%c"]
TIMESTAMPS = ["2017-11-22T00:00:00Z", "2018-01-02T23:12:01Z", "2017-11-22T00:00:00+05:30",
              "2017-11-22T00:00:00-08:00", "2017-11-22T00:00:00.123456789Z", "2017-11-22t00:00:00z",
              "2017-11-22 00:00:00Z", "2017-11-22T00:00:00", "2017-11-22", "2017-11-22T24:00:00Z",
              "2017-02-29T00:00:00Z", "2016-02-29T00:00:00Z", "2017-11-22T00:00:60Z", "0000-01-01T00:00:00Z",
              "9999-12-31T23:59:59Z", "2017-11-22T00:00:00+24:00", "2017-11-22T00:00:00+00:60",
              "2017-11-22T00:00:00.Z", "2017-11-22T00:00:00,5Z", "2017-1-2T00:00:00Z", "+2017-11-22T00:00:00Z",
              "2017-11-22T00:00:00Z ", "", "1970-01-01T00:00:00-00:00", "2017-11-22T00:00:00+0530",
              "2017-11-22T00:00:00.1234567891Z", "2017-11-22T23:59:59.999999999Z", "2017-12-31T23:00:00-02:00",
              "2017-11-22T00:00:00+23:59", "2017-11-22T00:00Z", "20171122T000000Z"]
DATE_FORMATS = ["DD MMM YYYY hh:mm ZZZ", "EEEE, DD-MMM-YY hh:mm:ss ZZZ", "EEE, DD MMM YYYY hh:mm:ss ZZZ",
                "YYYY-MM-DD'T'hh:mm:ssZ", "h:mm aa", "H:mm AA", "'quoted' YY", "D/M/YY", "'", "''", "ZZZZ", "ZZZZZ",
                "Z", "YYYYY", "MMMM", "EEEE", "mm", "s", "A", "xyz", "'unterminated", "YYYY-MM-DD", "hh:mm:ss",
                "EEE", "MMM", "M", "D", "H", "h", "m", "ss", "aa", "YY", "'it''s'", "DDD", "Y", "hhh"]
DURATIONS = ["10m", "1h30m", "-10m", "1.5h", "2h45m3.5s", "300ms", "1us", "1µs", "1ns", "0", "", "1d", "-1h-1m",
             "1h-1m", "9999999h", "+5m", "1.h", ".5h", "h", "24h", "-24h", "8760h", "1m1m", "0s", "2562047h"]
CIDRS = ["10.0.0.0/8", "172.16.0.0/12", "192.168.1.0/24", "10.1.2.3/32", "0.0.0.0/0", "10.0.0.0/33", "fd00::/8",
         "2001:db8::/32", "2001:db8::/56", "::/0", "2001:db8::1/128", "10.0.0.0", "not-an-ip", "010.0.0.0/8",
         "::ffff:10.0.0.0/104", "192.168.2.0/20", "fe80::/10", "10.1.0.0/16", "2001:db8::/16", "fd00::/7"]
IPS_OR_CIDRS = ["10.0.0.1", "10.1.0.0/16", "192.168.2.0/22", "fd00::1", "2001:db8::/48", "::ffff:10.0.0.1", "bad",
                "10.0.0.0/8", "192.168.1.255", "0.0.0.0/0", "2001:db8:1::/64", "172.16.0.0/11", "10.0.0.256"]
HOSTNUMS = ["0", "1", "2", "16", "-1", "-2", "255", "256", "65536", "4294967296", "1.5", "-256"]
NEWBITS = ["1", "2", "4", "8", "0", "16", "24", "31", "32", "33", "40", "48", "64", "65", "-1", "1.5"]
JSON_TEXTS = ['{"a":1,"a":2}', '{"a":1}', '[1,2,3]', '"x"', '1e400', '12345678901234567890', 'null', 'true',
              '{"a":{"b":[1,{"c":null}]}}', '[1,', '', ' ', '{"a":1} x', '1.0', '-0', '0.1', '"\\u00e9"',
              '"\\ud83d\\ude00"', '"\\ud800"', '{"":1}', '[]', '{}', 'NaN', '01', '{"a":[1,"x",true]}',
              '{"b":1,"a":2}', '[{"a":1},{"a":"x"}]', '"\\u0065\\u0301"', '{"a":1,"b":{"a":1,"a":2}}', '1152921504606846976']
YAML_TEXTS = ["a: 1", "yes", "on", "no", "y", "~", "null", "0o17", "017", "0x1F", ".inf", "-.Inf", ".nan", "1_000",
              "1e3", "3.", "true", "True", "TRUE", "2001-12-14", "a: &x {b: 1}\nc: *x",
              "base: &b {x: 1}\nd:\n  <<: *b\n  y: 2", "a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: [*a, *b]",
              "- a\n- b", "{a: 1, a: 2}", "!!str 1", "!!binary aGk=", "key: |\n  x\n  y\n", "'quoted'",
              '"\\u00e9"', "---\na: 1\n---\nb: 2", "", "[1, 2", ":", "? complex\n: key", "0b101", "+1", "-0",
              "1:20", "0.", "a: !!set {x, y}", "a: 2001-12-14t21:59:43.10-05:00", "=", "<<: {a: 1}", "Off",
              "NO", "n", "0o8", "+.inf", "1.5e3", "a:\n  - 1\n  - two", "a: null\nb: ~", "!!float 1", "!!int '7'"]
CSV_TEXTS = ["a,b\n1,2\n", "a,b\n1\n", "a\n\"x,y\"\n", "", "a,a\n1,2\n", "a,b\n1,2,3\n", "\"a\nb\",c\n1,2",
             "a;b\n1;2", "a,b\r\n1,2\r\n", "a\n", "\"a\nb"]
BASE64_TEXTS = ["aGVsbG8=", "aGVsbG8", "!!", "", "w6k=", "/w==", "aGk=\n", "SGVsbG8gV29ybGQ=", "8J+RjQ==",
                "//79/Q==", "AAE=", "aGVsbG8===", "YQ"]
GZIP_TEXTS = [base64.b64encode(gzip.compress(t.encode(), mtime=0)).decode() for t in ("hello", "", "é 👍", "a\nb")]
GZIP_TEXTS += ["aGVsbG8=", "", "H4sIAAAAAAAA", "!!"]
URL_TEXTS = ["a%20b", "a+b", "%", "%zz", "%C3%A9", "a%2Fb", "%E2%82%AC", "", "100%", "%ff", "%2", "a b", "%u00e9"]
ENCODINGS = ["UTF-8", "UTF-16LE", "ISO-8859-1", "windows-1252", "SHIFT_JIS", "UTF-16", "bogus", "utf-8", "CP932",
             "GB18030", "UTF-16BE", "ISO-8859-5", "latin1", "EUC-JP", "US-ASCII"]
PATHS = ["foo/bar/baz.txt", "/etc/", "", ".", "/", "a//b", "~/x", "~", "..", "foo\\bar", "C:\\x", "nonexistent.txt",
         "a/b/", "/a/b/c.d.e", "./x", "x/.."]
UUID_NAMESPACES = ["dns", "url", "oid", "x500", "6ba7b810-9dad-11d1-80b4-00c04fd430c8", "bad", "DNS", ""]
PARSEINT_TEXTS = ['"FF"', '"-101"', '"zz"', '"0x10"', '""', '"9999999999999999999999"', '"1_000"', '"+5"', "10",
                  '"Ω"', '"777"', '"-0"', '"1.5"', '"Zz"', '" 1"', "1.5"]
BASES = ["2", "8", "10", "16", "36", "62", "1", "63", "0", "-1", "10.5", "64"]
INDICES = ["-1", "-2", "-3", "-4", "0", "1", "2", "5", "1.5", "-0.5", '"1"', '"-1"', "-0"]
TYPE_EXPRS = ["string", "number", "bool", "any", "list(string)", "list(any)", "map(number)", "set(string)",
              "tuple([string, number])", "object({a = string})", "object({a = string, b = optional(number)})",
              'object({a = string, b = optional(number, 5)})', 'list(object({a = optional(string, "x")}))',
              "optional(string)", "foo", "list", "map(optional(string))", "map(any)", "list(list(number))",
              "object({})", "tuple([])", "set(any)", 'object({a = optional(list(string), ["d"])})']
TEMPLATES = ["Hello, ${name}!", "%{for x in xs}${x},%{endfor}", "${x}", "${name}", "${1 + }", "${upper(name)}",
             "%{if x}yes%{else}no%{endif}", "plain", "${xs[0]}-${name}", "${jsonencode(xs)}", "${~ name ~}",
             "%{for k, v in m}${k}=${v};%{endfor}", "${nope}", "$${name}", "${name}${x}", "${tostring(null)}",
             "${sensitive(name)}", "${templatestring(t, {})}", "${file(\"x\")}", ""]
RSA_KEY = """-----BEGIN RSA PRIVATE KEY-----
MIICXAIBAAKBgQDF7hOfMfWRR9YmHMH+4KBL7xvEAQ9x9RlrpIur0HlME+N1MgRs
pjgePIxChyeRs7UZy12TCmLvpi55BV/L2bSpaKkk62RbNyrSyYjxEQD4PupKHI8e
fdub+BxxAyBsbXozYBg+KoJk0aV60ie6BYcwLHLNUA3HyfKksCPvLCLu9wIDAQAB
AoGAWF80+ZYny2bkkX2zjCYky+KFZh0HFV1WrT35cowRLEuQ+gmL+iq40Z89DJMl
sqMnD85CCF3R0KhFBZnFrNGWHGhHaXCLCUzSi/iUgi2rCDS4CsVRhEqS7Vh6cCGk
zeFxr4spfgIDzq/v9fgw+bSXhObtlgX3ggsAMpQ75SuEe2ECQQDqWctlwvh/efDL
eB2vj+ar76MVyLGN9dlEU7aBt5XR7luORf+7Ie5K7oR0T8z0zP+Dl5w0sZMfGszX
rRl4ZpjRAkEA2Db12wPWd0z/vwRwf+c/yahAY/3V3HkgeAgHpLPzibGTsZTaC955
qRnKR6FwamIuXQ1MATbHMEdH5+Ah4ij9RwJAZI2S0F8P8OKJh0RKuIGuICf6eeZb
COZsCv1AWfhDuIflkO5IBCtS66PcAWwcLQ2otPXgeFuZHMeLDR+gxiB/gQJACVLF
Yz5VHyvY01nTqBBGteFldWpasHkgp0xhV/7Sf5uCrOOoS166jEoqaNBTUqMNMMIE
BwFfsXtBZIRLsb7mvQJBAKzvsUpbVDrACXfrSIbKDs6OBXC0OEY/YzjskmUpChY6
b2IX5qM99cqV8tpLX3mmWKG/5/UnSpUmQ3ta26lbz68=
-----END RSA PRIVATE KEY-----
"""  # a throwaway 1024-bit test key; RSA_CIPHERTEXT is "secret" encrypted to it (PKCS #1 v1.5)
RSA_CIPHERTEXT = ("o2hsEgwrXSauzt2Ia+FYxIbNwHXkj2Ypf2s1qKZAEUmD/oRhkLwnas7fOec0BxEfuAtsalhdE2RcC4/s/Kr/4zmaLlq9TLGlgPj"
                  "JhkgIrXnf1QVaSZOYr28B3vQXqFiPap1Qi2/XbCZjVWdr9Bvov4YZ3snwz5P5IpGcdrFerkk=")

# Pools of whole argument texts for the special kinds (strings unless noted).
SPECIAL_POOLS = {
    "fmt": FORMATS, "ts": TIMESTAMPS, "dfmt": DATE_FORMATS, "dur": DURATIONS, "cidr": CIDRS,
    "ipcidr": IPS_OR_CIDRS, "re": REGEXES, "json": JSON_TEXTS, "yaml": YAML_TEXTS, "csv": CSV_TEXTS,
    "b64": BASE64_TEXTS, "gz": GZIP_TEXTS, "urlq": URL_TEXTS, "enc": ENCODINGS, "path": PATHS,
    "uuidns": UUID_NAMESPACES, "rsac": [RSA_CIPHERTEXT, "bad", ""], "rsakey": [RSA_KEY, "bad"],
}
# Special kinds whose pools are HCL source already (numbers, types).
# (Sizes stay small: the references have no limits, and indent(1e10, "x") takes 10 GB.)
SOURCE_POOLS = {"spaces": ["0", "1", "2", "4", "-1", "1.5", "-0"], "pint": PARSEINT_TEXTS, "base": BASES, "idx": INDICES, "hostnum": HOSTNUMS, "newbits": NEWBITS,
                "cost": ["4", "5", "3", "32", "-1"], "type": TYPE_EXPRS}
# The typed kind a special kind stands for, when an argument is replaced by a variable.
SPECIAL_BASE = {k: "s" for k in SPECIAL_POOLS} | {"spaces": "n", "pint": "s", "base": "n", "idx": "n", "hostnum": "n",
                                                 "newbits": "n", "cost": "n", "tmpl": "s", "type": "a"}

# Exact types of unknown variables, by kind.
UNKNOWN_TYPES = {
    "n": ["number"], "s": ["string"], "b": ["bool"],
    "l": ["list(string)", "list(number)", "tuple([string, number])", "set(string)", "list(bool)"],
    "ls": ["list(string)", "set(string)", "tuple([string, string])"], "ln": ["list(number)", "set(number)"],
    "lb": ["list(bool)"], "lo": ["list(object({a=string, b=number}))", "set(object({a=string}))"],
    "ll": ["list(list(string))"], "set": ["set(string)", "set(number)"],
    "m": ["map(string)", "object({a=string, b=number})", "map(number)", "object({})"], "ms": ["map(string)"],
    "mls": ["map(list(string))"],
}
COLLECTION_PREFIXES = ("list(", "set(", "map(")

# ---------------------------------------------------------------------------
# HCL source text.


def quote(s, rng=None):
    """s as an HCL quoted string; with rng, some non-ASCII characters are
    written as \\u/\\U escapes."""
    s = s.replace("${", "$${").replace("%{", "%%{")
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04x}")
        elif o > 0x7F and rng is not None and rng.random() < 0.15:
            out.append(f"\\u{o:04X}" if o <= 0xFFFF else f"\\U{o:08x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


STRING_LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"')
BINARY = re.compile(r" (\?|\|\||&&|==|!=|<=|>=|<|>|\+|-|\*|/|%) ")
PRECEDENCE = ["?", "||", "&&", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "%"]


def outer(expr):
    """The outermost construct of a generated expression, roughly (string
    contents are skipped, and binary operators are those written with
    spaces around them, as the generator writes them): "cond", "op:+",
    "fn:upper", "for", "tuple", "object", "template", "string", "heredoc",
    "literal", "splat", "traversal" or "ref"."""
    text = expr.strip()
    if re.fullmatch(r"[0-9][0-9.eE+-]*|true|false|null", text):
        return "literal"
    if text.startswith("<<"):
        return "heredoc"
    if STRING_LITERAL.fullmatch(text):
        return "template" if "${" in text.replace("$${", "") or "%{" in text.replace("%%{", "") else "string"
    text = STRING_LITERAL.sub('""', text)
    depth, flat = 0, []
    for ch in text:
        depth += ch in "([{"
        flat.append(ch if depth == 0 else " ")
        depth -= ch in ")]}"
    ops = BINARY.findall("".join(flat))
    if ops:
        op = min(ops, key=PRECEDENCE.index)
        return "cond" if op == "?" else "op:" + op
    if text[:1] in "!-":
        return "op:unary" + text[0]
    m = re.match(r"([\w:-]+)\s*\(", text)
    if m:
        return "fn:" + m.group(1)
    if re.match(r"[\[{]\s*for\b", text):
        return "for"
    if text[:1] in "[{":
        return {"[": "tuple", "{": "object"}[text[0]]
    if "[*]" in text or ".*" in text:
        return "splat"
    return "traversal" if "[" in text or "." in text else "ref"


@functools.cache
def functions_by_result(profile):
    """{kind: the profile's functions whose result the kind accepts}, for
    plain calls (no try/can/type, nothing nondeterministic or reading files)."""
    plain = PROFILE_FUNCTIONS[profile] - NONDETERMINISTIC - FILESYSTEM - SPECIAL_CALLS
    return {kind: sorted(f for f in plain if SIGS[f][1] in ACCEPTS[kind]) for kind in ACCEPTS}


class Case:
    """The state of one case being generated: its random source, its
    variables (only those the expression uses end up in "vars"), the loop
    variables in scope and the feature label."""

    def __init__(self, rng, profile, mode):
        self.rng = rng
        self.extensions = profile != "hcl-2.14" and mode.get("extensions", True)
        self.functions = PROFILE_FUNCTIONS[profile]
        self.vars = {}
        self.var_kinds = {}
        self.scope = []
        self.feature = None
        self.by_result = functions_by_result(profile)

    # -- small helpers -----------------------------------------------------

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def chance(self, p):
        return self.rng.random() < p

    def weighted(self, table):
        """One key of {key: weight}."""
        total = sum(table.values())
        r = self.rng.random() * total
        for key, w in table.items():
            r -= w
            if r < 0:
                return key
        return key

    def string_value(self):
        pools = {"plain": STRINGS_PLAIN, "special": STRINGS_SPECIAL, "unicode": STRINGS_UNICODE}
        return self.pick(pools[self.weighted({"plain": 6, "special": 1.5, "unicode": 2.5})])

    def string_literal(self):
        return quote(self.string_value(), self.rng)

    def number_literal(self):
        return self.pick(NUMBER_LITERALS[:20]) if self.chance(0.7) else self.pick(NUMBER_LITERALS)

    # -- variables ---------------------------------------------------------

    def json_value(self, kind, depth=0):
        """A known JSON value of the kind (objects and arrays: the harness
        reads them as objects and tuples)."""
        r = self.rng
        if kind == "n":
            return self.pick(JSON_NUMBERS)
        if kind == "s":
            return self.string_value()
        if kind == "b":
            return r.random() < 0.5
        if kind in ("ls", "set"):
            return [self.string_value() for _ in range(r.randint(0, 4))]
        if kind == "ln":
            return [self.pick(JSON_NUMBERS) for _ in range(r.randint(0, 4))]
        if kind == "lb":
            return [r.random() < 0.5 for _ in range(r.randint(0, 4))]
        if kind == "lo":
            keys = ["a", "b"] if r.random() < 0.8 else ["a", "c"]
            return [{k: self.json_value(self.pick("sn"), depth + 1) for k in keys} for _ in range(r.randint(0, 3))]
        if kind == "ll":
            return [[self.string_value() for _ in range(r.randint(0, 2))] for _ in range(r.randint(0, 3))]
        if kind == "l":
            sub = self.pick(["s", "n", "s", "b", "lo", "ls"]) if depth < 2 else "s"
            if sub in ("lo", "ls"):
                return self.json_value(sub, depth + 1)
            return [self.json_value(sub if r.random() < 0.85 else self.pick("snb"), depth + 1)
                    for _ in range(r.randint(0, 4))]
        if kind == "ms":
            return {self.pick(["a", "b", "c", "d", "x y", "B"]): self.string_value() for _ in range(r.randint(0, 3))}
        if kind == "mls":
            return {self.pick(["a", "b", "c"]): [self.pick(["x", "y", "z"]) for _ in range(r.randint(0, 2))]
                    for _ in range(r.randint(0, 3))}
        if kind == "m":
            sub = ["s", "n", "b", "ls", "m"] if depth < 2 else ["s", "n"]
            return {self.pick(["a", "b", "c", "d", "x y", "B"]): self.json_value(self.pick(sub), depth + 1)
                    for _ in range(r.randint(0, 3))}
        return self.json_value(self.pick(TYPED_KINDS), depth)

    def unknown_json(self, kind, refined):
        """An unknown of the kind; refined: with refinements the type allows."""
        r = self.rng
        ty = "dynamic" if kind == "a" or (not refined and r.random() < 0.12) else self.pick(UNKNOWN_TYPES[kind])
        if refined and ty == "dynamic":
            ty = self.pick(["string", "number", "list(string)"])
        v = {"__unknown__": ty}
        if not refined:
            return v
        for _ in range(3):
            if r.random() < 0.5:
                v["notnull"] = True
            if ty == "string" and r.random() < 0.7:
                v["prefix"] = self.pick(["a", "ab", "abc", "https://", "arn:aws:", "e\u0301", "é", "👍", "x" * 300,
                                         "foo-", "Hello", "1", "-", "\n"])
            elif ty == "number":
                lo, hi = sorted(self.pick([-10, -1, 0, 0.5, 1, 2, 5, 10, 1e10]) for _ in range(2))
                if r.random() < 0.6:
                    v["lower"] = lo
                    v["lower_inclusive"] = r.random() < 0.6
                if r.random() < 0.6:
                    v["upper"] = hi
                    v["upper_inclusive"] = r.random() < 0.6
                if "lower" in v and v.get("lower") == v.get("upper"):
                    v["lower_inclusive"] = v["upper_inclusive"] = True  # a range of one value
            elif ty.startswith(COLLECTION_PREFIXES):
                lo = r.randint(0, 3)
                if r.random() < 0.6:
                    v["minlen"] = lo
                if r.random() < 0.5:
                    v["maxlen"] = lo + r.randint(0, 3)
            if len(v) > 1:
                return v
        v["notnull"] = True
        return v

    def var(self, kind, state=None):
        """A reference to a new variable of the kind (or, sometimes, one of
        the same kind the case already has). state: known, null, unknown,
        refined, sensitive, ephemeral or nested (a known collection with a
        marked or unknown part); drawn when not given."""
        if state is None:
            same = [n for n, k in self.var_kinds.items() if k == kind]
            if same and self.chance(0.3):
                return self.pick(same)
            states = {"known": 10, "null": 0.8, "unknown": 2.5}
            if self.extensions:
                states |= {"refined": 3, "sensitive": 1.6, "ephemeral": 0.6, "nested": 1.5}
            state = self.weighted(states)
        if not self.extensions and state in ("refined", "sensitive", "ephemeral", "nested"):
            state = "unknown" if state == "refined" else "known"
        name = f"v{len(self.vars)}" if self.chance(0.95) else f"my-v{len(self.vars)}"
        if state == "known":
            value = self.json_value(kind)
        elif state == "null":
            value = None
        elif state in ("unknown", "refined"):
            value = self.unknown_json(kind, state == "refined")
        elif state in ("sensitive", "ephemeral"):
            inner = self.json_value(kind) if self.chance(0.7) else self.unknown_json(kind, self.chance(0.5))
            value = {f"__{state}__": inner}
        else:
            value = self.nested_value(kind)
        self.vars[name] = value
        self.var_kinds[name] = kind
        return name

    def nested_value(self, kind):
        """A known value of the kind with a marked or unknown part inside."""
        inner = self.pick(["sensitive", "ephemeral", "unknown", "refined"])
        leaf_kind = {"ls": "s", "set": "s", "ln": "n", "lb": "b", "ms": "s", "n": "n", "s": "s", "b": "b"}.get(kind, "s")

        def leaf():
            if inner in ("unknown", "refined"):
                return self.unknown_json(leaf_kind, inner == "refined")
            return {f"__{inner}__": self.json_value(leaf_kind)}

        if kind in ("n", "s", "b", "a"):
            return leaf()
        if kind in ("m", "ms", "mls"):
            v = self.json_value("ms")
            v[self.pick(["a", "b", "z"])] = leaf() if kind != "mls" else [leaf()]
            if kind == "m" and self.chance(0.4):
                v["deep"] = {"x": leaf()}
            return v
        if kind == "lo":
            return [{"a": leaf(), "b": 1}, {"a": "x", "b": 2}]
        if kind == "ll":
            return [[leaf()], ["y"]]
        v = [self.json_value(leaf_kind) for _ in range(self.rng.randint(0, 2))]
        v.insert(self.rng.randint(0, len(v)), leaf())
        return v

    def marked(self, kind):
        """A reference to a sensitive or ephemeral value, at the top or nested."""
        state = self.pick(["sensitive", "sensitive", "ephemeral", "nested"])
        return self.var(kind, state)

    def refined(self, kind):
        return self.var(kind, "refined" if self.extensions else "unknown")

    # -- typed expressions -------------------------------------------------

    def typed_null(self, kind):
        base = kind if kind in ("n", "s", "b") else kind[0] if kind[0] in "lm" else "s"
        return self.pick({"n": ["tonumber(null)", "true ? null : 1"], "s": ["tostring(null)", "false ? \"a\" : null"],
                          "b": ["tobool(null)"], "l": ["tolist(null)", "true ? null : [\"a\"]", "toset(null)"],
                          "m": ["tomap(null)", "true ? null : {a = 1}"]}[base])

    def atom(self, kind):
        """A literal, variable, loop variable or typed null of the kind."""
        r = self.rng.random()
        if kind == "a":
            kind = self.pick(TYPED_KINDS + ["s", "n"])
        if self.scope and r < 0.3:
            return self.pick(self.scope)
        if r < 0.35:
            return self.var(kind)
        if r < 0.37:
            return self.typed_null(kind) if self.chance(0.7) else "null"
        if kind == "n":
            return self.number_literal() if self.chance(0.9) else "-" + self.number_literal()
        if kind == "s":
            return self.string_literal()
        if kind == "b":
            return self.pick(["true", "false"])
        if kind in ("ls", "ln", "lb", "l", "set"):
            elem = {"ls": "s", "ln": "n", "lb": "b", "set": "s"}.get(kind) or self.pick("snb")
            items = ", ".join(self.atom(elem if self.chance(0.9) else "a") for _ in range(self.rng.randint(0, 3)))
            text = f"[{items}]"
            if kind == "set" or self.chance(0.2):
                return f"{self.pick(['toset', 'tolist'])}({text})" if kind != "set" else f"toset({text})"
            return text
        if kind == "lo":
            objs = [self.object_literal(["a", "b"] if self.chance(0.8) else ["a"], "sn") for _ in range(self.rng.randint(0, 3))]
            return f"[{', '.join(objs)}]"
        if kind == "ll":
            return f"[{', '.join(self.atom('ls') for _ in range(self.rng.randint(0, 2)))}]"
        if kind == "mls":
            return "{" + ", ".join(f"{k} = {self.atom('ls')}" for k in self.rng.sample("abc", self.rng.randint(0, 3))) + "}"
        text = self.object_literal(self.rng.sample(["a", "b", "c"], self.rng.randint(0, 3)), "s" if kind == "ms" else "snb")
        return f"tomap({text})" if self.chance(0.15) else text

    def object_literal(self, keys, kinds, sep=None):
        """{k = v, ...} with HCL's several key and separator forms."""
        parts = []
        for k in keys:
            key = self.pick([k, k, k, quote(k), f"({quote(k)})"])
            parts.append(f"{key} {self.pick(['=', '=', ':'])} {self.atom(self.pick(kinds))}")
        sep = sep or self.pick([", ", ", ", "\n"])
        body = sep.join(parts)
        return "{" + (f"\n{body}\n" if sep == "\n" and parts else body) + "}"

    def expr(self, kind, d):
        """An expression meant to yield the kind, at most d levels deep."""
        if d <= 0 or self.chance(0.3):
            return self.atom(kind)
        if kind == "a":
            kind = self.pick(TYPED_KINDS)
        builders = {"call": 4, "cond": 1.2, "try": 0.3, "paren": 0.2}
        if kind in ("n", "s", "b"):
            builders["index"] = 1
        if kind == "n":
            builders["arith"] = 2
        if kind == "b":
            builders |= {"compare": 1.5, "logic": 1.5, "equal": 1, "can": 0.3}
        if kind == "s":
            builders |= {"template": 1.5, "heredoc": 0.3}
        if kind[0] == "l" or kind == "set":
            builders |= {"tuple": 1, "for_tuple": 1.2}
        if kind in ("l", "ls", "ln"):
            builders["splat"] = 0.8
        if kind[0] == "m":
            builders |= {"object": 1, "for_object": 1}
        return getattr(self, "build_" + self.weighted(builders))(kind, d - 1)

    def build_call(self, kind, d):
        names = self.by_result.get(kind) or self.by_result["s"]
        return self.call(self.pick(names), d)

    def build_cond(self, kind, d):
        other = kind if self.chance(0.85) else self.pick(TYPED_KINDS)
        return f"{self.expr('b', d)} ? {self.expr(kind, d)} : {self.expr(other, d)}"

    def build_try(self, kind, d):
        return f"try({self.risky(kind, d)}, {self.expr(kind, d)})"

    def build_paren(self, kind, d):
        return f"({self.expr(kind, d)})"

    def build_index(self, kind, d):
        if self.chance(0.5):
            coll = self.expr({"n": "ln", "s": "ls", "b": "lb"}[kind], d)
            key = self.pick(["0", "1", "-1", "5", "0.5", '"0"']) if self.chance(0.8) else self.expr("n", d)
            return f"{coll}[{key}]"
        coll = self.var(self.pick(["m", "ms", "lo"]))
        return self.pick([f"{coll}.a", f'{coll}["b"]', f"{coll}[0].a", f"{coll}.0", f"{coll}[{self.expr('s', d)}]"])

    def build_arith(self, kind, d):
        ops = [self.pick(["+", "-", "*", "/", "%"]) for _ in range(self.rng.randint(1, 2))]
        text = self.expr("n" if self.chance(0.9) else "a", d)
        for op in ops:
            text += f" {op} {self.expr('n' if self.chance(0.9) else 'a', d)}"
        return text if self.chance(0.8) else "-" + self.expr("n", d)

    def build_compare(self, kind, d):
        return f"{self.expr('n', d)} {self.pick(['<', '<=', '>', '>='])} {self.expr('n', d)}"

    def build_logic(self, kind, d):
        op = self.pick(["&&", "||"])
        text = f"{self.expr('b', d)} {op} {self.expr('b', d)}"
        if self.chance(0.3):
            text += f" {self.pick(['&&', '||'])} {self.expr('b', d)}"
        return text if self.chance(0.85) else f"!{self.expr('b', d)}"

    def build_equal(self, kind, d):
        k = self.pick(TYPED_KINDS)
        right = "null" if self.chance(0.3) else self.expr(k if self.chance(0.7) else "a", d)
        return f"{self.expr(k, d)} {self.pick(['==', '!='])} {right}"

    def build_can(self, kind, d):
        return f"can({self.risky('a', d)})"

    def build_template(self, kind, d):
        return self.template_text(d, quoted=True)

    def build_heredoc(self, kind, d):
        return self.heredoc(d)

    def build_tuple(self, kind, d):
        elem = {"ls": "s", "ln": "n", "lb": "b", "set": "s", "lo": "m", "ll": "ls"}.get(kind, "a")
        items = [self.expr(elem, d) for _ in range(self.rng.randint(0, 3))]
        text = "[" + ", ".join(items) + (self.pick(["", "", ","]) if items else "") + "]"
        return f"toset({text})" if kind == "set" else text

    def build_object(self, kind, d):
        elem = {"ms": "s", "mls": "ls"}.get(kind, "a")
        keys = self.rng.sample(["a", "b", "c", "a"], self.rng.randint(0, 4))
        parts = []
        for k in keys:
            key = self.pick([k, quote(k), f"({self.expr('s', d)})", k]) if self.chance(0.9) else self.expr("n", 0)
            parts.append(f"{key} = {self.expr(elem, d)}")
        return "{" + self.pick([", ", "\n"]).join(parts) + "}"

    def loop(self, d, names):
        """The `for NAMES in COLL` head: a collection of any sort."""
        coll = self.expr(self.pick(["l", "ls", "ln", "lo", "m", "ms", "set", "a"]), d)
        if self.chance(0.08):
            coll = self.pick([self.var("s"), "null", self.var("a", "unknown"), '"abc"'])
        return f"for {', '.join(names)} in {coll}"

    def build_for_tuple(self, kind, d):
        names = self.pick([["x"], ["i", "x"], ["k", "v"]])
        head = self.loop(d, names)
        self.scope.extend(names)
        body = self.expr("s" if kind == "ls" else "n" if kind == "ln" else "a", d)
        cond = f" if {self.expr('b', d)}" if self.chance(0.3) else ""
        del self.scope[-len(names):]
        return f"[{head} : {body}{cond}]"

    def build_for_object(self, kind, d):
        names = self.pick([["k", "v"], ["x"], ["i", "x"]])
        head = self.loop(d, names)
        self.scope.extend(names)
        key = self.pick(names) if self.chance(0.6) else self.expr("s", d)
        val = self.expr("s" if kind == "ms" else "a", d)
        group = "..." if self.chance(0.2) else ""
        cond = f" if {self.expr('b', d)}" if self.chance(0.3) else ""
        del self.scope[-len(names):]
        return f"{{{head} : {key} => {val}{group}{cond}}}"

    def build_splat(self, kind, d):
        src = self.var(self.pick(["lo", "lo", "l", "m", "a"]))
        return self.pick([f"{src}[*].a", f"{src}.*.a", f"{src}[*]", f"{src}[*].a[0]", f"{src}.*.a[0]",
                          f"{src}[*].b", f"{src}.*"])

    def risky(self, kind, d):
        """An expression that often fails (for try/can and short-circuit)."""
        v = self.var(self.pick(["m", "lo", "a", "s", "ls"]))
        return self.pick([f"{v}.nope", f"{v}[5]", f"{v}.a.b", 'tonumber("x")', f"{v}[0]", self.expr(kind, d),
                          f"{v} + 1", "[][0]", f"{v}.a", 'tobool("maybe")', f"upper({v})", "null.a", f"{v}[*].a"])

    def template_text(self, d, quoted):
        """A template with interpolations, directives and strip markers."""
        parts = []
        for _ in range(self.rng.randint(1, 4)):
            r = self.rng.random()
            lt, rt = ("~" if self.chance(0.15) else "", "~" if self.chance(0.15) else "")
            if r < 0.35:
                literal = self.pick(["a", "x-", " ", "\n", "Hi ", "é", "🫠", "  spaced  ", "$${lit}", "%%{lit}"])
                parts.append(literal.replace("\n", "\\n") if quoted else literal)
            elif r < 0.7:
                parts.append(f"${{{lt}{self.expr(self.pick(['s', 'n', 'b', 'a']), d)}{rt}}}")
            elif r < 0.85:
                els = f"%{{{lt}else{rt}}}{self.pick(['no', '', ' '])}" if self.chance(0.5) else ""
                parts.append(f"%{{{lt}if {self.expr('b', d)}{rt}}}yes{els}%{{{lt}endif{rt}}}")
            else:
                coll = self.expr(self.pick(["ls", "ln", "l", "m"]), d)
                self.scope.append("x")
                body = "${x}" + self.pick([",", "", "\\n" if quoted else "\n"])
                parts.append(f"%{{{lt}for x in {coll}{rt}}}{body}%{{{lt}endfor{rt}}}")
                self.scope.pop()
        text = "".join(parts)
        return f'"{text}"' if quoted else text

    def heredoc(self, d):
        marker = self.pick(["EOT", "EOF", "END"])
        indent = self.chance(0.5)
        lines = []
        for _ in range(self.rng.randint(1, 3)):
            pad = " " * self.pick([0, 2, 4]) if indent else ""
            lines.append(pad + self.template_text(d, quoted=False))
        close = ("  " if indent else "") + marker
        return f"<<{'-' if indent else ''}{marker}\n" + "\n".join(lines) + f"\n{close}\n"

    # -- function calls ----------------------------------------------------

    def call(self, name, d, mutate=0.07, prefix=None):
        """A call of the function with arguments for its parameters; with
        probability mutate each argument goes wrong (null, unknown, another
        kind), and the call may get one argument too few or too many, or
        expand its last argument with `...`."""
        if name in ("try", "can"):
            return f"try({self.risky('a', d)}, {self.expr('a', d)})" if name == "try" else f"can({self.risky('a', d)})"
        params, _ = SIGS[name]
        args = []
        for kind, how in params:
            if how == "?" and self.chance(0.5):
                break
            count = self.rng.randint(0, 3) if how == "*" else 1
            args.extend(self.arg(kind, d, mutate) for _ in range(count))
        if params and params[-1][1] == "*" and self.chance(0.06):
            elements = {"n": "ln", "newbits": "ln", "s": "ls", "m": "lo", "ls": "ll", "l": "ll", "set": "ll"}
            args.append(f"{self.expr(elements.get(params[-1][0], 'l'), d)}...")
        elif self.chance(0.04) and args:
            args.pop()
        elif self.chance(0.03):
            args.append(self.arg(self.pick(TYPED_KINDS), d, 0))
        if prefix is None:
            prefix = "core::" if self.chance(0.02) else ""
        text = f"{prefix}{name}({', '.join(args)})"
        if name in NONDETERMINISTIC:
            return f"{self.pick(['length', 'can'])}({text})"
        return text

    def arg(self, kind, d, mutate):
        """An argument of the kind (a typed or a special kind)."""
        if kind == "spaces":
            return self.pick(SOURCE_POOLS[kind]) if not self.chance(mutate) else self.pick(["null", self.var("n", "unknown")])
        if self.chance(mutate):
            return self.pick([
                "null", self.typed_null(SPECIAL_BASE.get(kind, kind)),
                self.var(SPECIAL_BASE.get(kind, kind), self.pick(["unknown", "refined"])),
                self.var("a", "unknown"), self.marked(SPECIAL_BASE.get(kind, kind)),
                self.expr(self.pick(TYPED_KINDS), d)])
        if kind in SPECIAL_POOLS:
            if self.chance(0.85):
                return quote(self.pick(SPECIAL_POOLS[kind]), self.rng)
            return self.expr("s", d)
        if kind in SOURCE_POOLS:
            return self.pick(SOURCE_POOLS[kind]) if self.chance(0.9) else self.expr("n", d)
        if kind == "tmpl":
            return self.template_var()
        return self.expr(kind, d)

    def template_var(self):
        """templatestring's template: a reference to a string (a literal is an error)."""
        if self.chance(0.1):
            return quote(self.pick(TEMPLATES))
        name = f"v{len(self.vars)}"
        self.vars[name] = self.pick(TEMPLATES) if self.chance(0.8) else {"t": self.pick(TEMPLATES)}
        self.var_kinds[name] = "s"
        return name if isinstance(self.vars[name], str) else name + ".t"

    def template_vars(self, d):
        """templatestring's variables object."""
        parts = [f"name = {self.expr('s', d)}", f"x = {self.expr('a', d)}", f"xs = {self.expr('ls', d)}",
                 f"m = {self.expr('ms', d)}", f"t = {quote(self.pick(TEMPLATES))}"]
        return "{" + ", ".join(self.rng.sample(parts, self.rng.randint(0, len(parts)))) + "}"

    # -- areas -------------------------------------------------------------
    # Each area_* method returns (expr, template); it sets the feature when
    # the outermost construct would not say what the case is about.

    def area_general(self):
        """A random expression of any construct, 2 to 4 levels deep."""
        kind = self.pick(TYPED_KINDS + ["a", "a", "s", "n", "b"])
        text = self.expr(kind, self.rng.randint(2, 4))
        if self.chance(0.02):
            text = f"type({text})"
        return text, False

    def area_functions(self):
        """A call of any function of the profile (a few of another profile's)."""
        pool = sorted(self.functions - {"type"})
        if self.chance(0.03):
            pool = sorted(set(SIGS) - self.functions)
        name = self.pick(pool)
        if name in FILESYSTEM and self.chance(0.9):
            name = self.pick(sorted(self.functions - FILESYSTEM - {"type"}))
        if name == "templatestring":
            return f"templatestring({self.template_var()}, {self.template_vars(1)})", False
        return self.call(name, self.rng.randint(1, 2), mutate=0.1), False

    def area_refine(self):
        """Refined unknowns and what the engines can know of them."""
        kind = self.pick(["n", "n", "s", "s", "ls", "l", "ms", "set", "a"])
        u = self.refined(kind) if kind != "a" else self.var("a", "unknown")
        k = self.pick(["-1", "0", "1", "2", "5", "10", "0.5", "1e10", "3"])
        common = [f"{u} == null", f"{u} != null", f"{u} == {u}", f"try({u}, null)", f"can({u})", f"coalesce({u}, {self.atom(kind)})",
                  f"{self.expr('b', 1)} ? {u} : {u}", f"{u} == null ? 1 : 2", f"{self.var('b', 'unknown')} ? {u} : {self.atom(kind)}",
                  f"[{u}]", f"{{a = {u}}}", f"tostring({u})", f"jsonencode({u})", f"one([{u}])", f"{u}[*]",
                  f"issensitive({u})", f"type({u})", f"[{u}, {self.atom(kind)}][0]", f"sensitive({u})",
                  f"try({u}.a, 1)", f"length([{u}])"]
        by_kind = {
            "n": [f"{u} {op} {k}" for op in ("<", "<=", ">", ">=", "==", "!=")] +
                 [f"{u} + {k}", f"{u} - {k}", f"{u} * {k}", f"{u} * -1", f"-{u}", f"abs({u})", f"floor({u})",
                  f"ceil({u})", f"max({u}, {k})", f"min({u}, {k})", f"signum({u})", f"{u} > {k} && true",
                  f"{u} / {k}", f"{u} % {k}", f"\"${{{u}}}\"", f"tonumber({u})", f"pow({u}, 2)", f"log({u}, 10)",
                  f"range({u})", f"parseint({u}, 10)", f"{u} > {k} ? 1 : 1", f"{u} < {k} || {u} > {k}"],
            "s": [f"startswith({u}, {quote(self.pick(['a', 'ab', 'abc', 'b', '', 'https://', 'é', 'e']))})",
                  f"endswith({u}, \"c\")", f"{u} == \"abc\"", f"{u} != \"\"", f"\"${{{u}}}-x\"", f"\"x-${{{u}}}\"",
                  f"upper({u})", f"lower({u})", f"length({u})", f"strcontains({u}, \"a\")", f"substr({u}, 0, 2)",
                  f"trimprefix({u}, \"a\")", f"join(\"-\", [{u}, \"x\"])", f"format(\"%s-x\", {u})",
                  f"replace({u}, \"a\", \"b\")", f"split(\",\", {u})", f"\"${{{u}}}\"", f"\"%{{if {u} == \"a\"}}y%{{endif}}\"",
                  f"<<EOT\n${{{u}}}\nEOT\n", f"tonumber({u})", f"tobool({u})", f"title({u})", f"trimspace({u})",
                  f"chomp({u})", f"length(\"${{{u}}}\")", f"regex(\"a\", {u})", f"md5({u})", f"{u} > \"a\"",
                  f"base64encode({u})", f"jsondecode({u})", f"cidrhost({u}, 1)", f"trimsuffix({u}, \"x\")"],
        }
        coll = [f"length({u})", f"length({u}) {self.pick(['<', '<=', '>', '>=', '==', '!='])} {self.pick(['0', '1', '2', '3', '5'])}",
                f"{u} == []", f"[for x in {u} : x]", f"{{for x in {u} : x => x}}", f"tolist({u})", f"toset({u})",
                f"concat({u}, [\"a\"])", f"contains({u}, \"a\")", f"slice({u}, 0, 1)", f"element({u}, 0)",
                f"{u}[0]", f"flatten([{u}])", f"distinct({u})", f"compact({u})", f"coalescelist({u}, [\"x\"])",
                f"length(concat({u}, [\"a\"]))", f"sort({u})", f"reverse({u})", f"one({u})", f"setunion({u}, [\"a\"])",
                f"keys({u})", f"values({u})", f"merge({u}, {{}})", f"lookup({u}, \"a\", \"d\")", f"{u}[*]",
                f"{u}[*].a", f"{u}.*", f"[for x in {u} : x if x != \"\"]", f"length({u}) > 0 ? \"y\" : \"n\"",
                f"join(\",\", {u})", f"chunklist({u}, 1)", f"setproduct({u}, [\"a\"])", f"sum({u})",
                f"alltrue({u})", f"anytrue({u})", f"transpose({u})", f"zipmap({u}, {u})", f"tomap({u})",
                f"length(setunion({u}, {u}))", f"{u}[\"a\"]", f"formatlist(\"%s\", {u})", f"index({u}, \"a\")"]
        pool = common + by_kind.get(kind, coll if kind != "a" else [])
        text = self.pick(pool)
        self.feature = outer(text)  # before any wrapping
        if self.chance(0.15) and not text.startswith("type("):
            text = f"{self.pick(['length', 'tostring', 'can', 'try', 'jsonencode'])}({text})"
        return text, False

    def area_shortcircuit(self):
        """`&&` and `||` with unknowns, nulls, errors and conversions on either side."""
        op = self.pick(["&&", "||"])
        self.feature = "op:" + op

        def side():
            return self.pick(["true", "false", "null", self.var("b", "unknown"), self.refined("b"), self.var("a", "unknown"),
                              self.risky("b", 1), '"true"', '"false"', "1", self.var("b"), self.marked("b"),
                              self.expr("b", 1), "tobool(null)", self.var("b", "null"), "[]", "(1 > 0)",
                              f"can({self.risky('a', 0)})", f"{self.var('s')} == \"a\""])
        text = f"{side()} {op} {side()}"
        if self.chance(0.25):
            text += f" {self.pick(['&&', '||'])} {side()}"
        if self.chance(0.2):
            text = self.pick([f"!({text})", f"({text}) ? 1 : 2", f"[for x in [1] : x if {text}]", f"\"%{{if {text}}}y%{{endif}}\"",
                              f"try({text}, \"err\")", f"can({text})"])
        return text, False

    def area_marks(self):
        """Sensitive and ephemeral values through operators, conditionals,
        for expressions, comparisons with null and functions."""
        kind = self.pick(["s", "n", "b", "ls", "m", "lo", "ms"])
        v = self.marked(kind)
        other = self.atom(kind)
        pool = [f"{v} == null", f"{v} != null", f"{v} == {other}", f"{self.expr('b', 1)} ? {v} : {other}",
                f"{v} == null ? 1 : 2", f"[for x in {v} : x]", f"{{for k, x in {v} : k => x}}", f"[for x in [1] : x if {v} != null]",
                f"length({v})", f"keys({v})", f"jsonencode({v})", f"tostring({v})", f"\"${{{v}}}\"", f"upper({v})",
                f"merge({v}, {{}})", f"lookup({v}, \"a\", null)", f"{v}[*]", f"{v}[*].a", f"try({v}, 1)", f"can({v})",
                f"nonsensitive({v})", f"sensitive({v})", f"ephemeralasnull({v})", f"issensitive({v})",
                f"element({v}, 0)", f"contains({v}, \"a\")", f"coalesce({v}, {other})", f"format(\"%v\", {v})",
                f"{v}.a", f"{v}[\"a\"]", f"{v}[0]", f"{v} + 1", f"{v} && true", f"flatten([{v}])", f"toset({v})",
                f"tomap({v})", f"concat({v}, [])", f"[{v}]", f"{{a = {v}}}", f"{self.var('b', 'unknown')} ? {v} : {other}",
                f"{v} ? 1 : 2", f"{{for x in [\"a\"] : x => {v}}}", f"{{for k, x in {v} : x => k}}", f"one({v})",
                f"yamlencode({v})", f"templatestring({self.template_var()}, {{name = {v}}})", f"type({v})",
                f"[for x in {v} : x][0]", f"sum({v})", f"distinct({v})", f"sort({v})", f"{v}.deep.x", f"values({v})",
                f"\"%{{for x in {v}}}${{x}}%{{endfor}}\"", f"join(\",\", {v})", f"{v} == {v}", f"!{v}",
                f"issensitive({v}.a)", f"nonsensitive({v}.a)", f"ephemeralasnull([{v}])"]
        text = self.pick(pool)
        self.feature = outer(text)  # before any wrapping
        if self.chance(0.4) and not text.startswith("type("):
            text = f"{self.pick(['issensitive', 'issensitive', 'can', 'jsonencode'])}({text})"
        return text, False

    def area_changed(self):
        """The functions whose behaviour changed since 2022 or differs
        between Terraform and OpenTofu, with the arguments that matter."""
        name = self.pick(["element", "format", "formatlist", "contains", "merge", "sort", "setproduct", "formatdate",
                          "timeadd", "timecmp", "jsondecode", "templatestring", "pow", "log", "nonsensitive",
                          "issensitive", "coalesce", "lookup", "encode", "one", "length", "substr", "cidrsubnets",
                          "cidrhost", "tolist", "keys", "jsonencode", "flatten", "zipmap", "range", "slice"])
        un = lambda k: self.var(k, self.pick(["unknown", "refined", "unknown"]))  # noqa: E731
        if name == "element":
            coll = self.pick([self.atom("ls"), self.atom("ln"), "[]", "tolist([])", un("ls"), self.marked("ls"),
                              "toset([\"a\", \"b\"])", "[\"a\", 1, true]", "tolist([\"a\", \"b\", \"c\"])", self.var("l")])
            idx = self.pick(INDICES + [un("n"), "null", "-9007199254740993", "1e30"])
            return f"element({coll}, {idx})", False
        if name in ("format", "formatlist"):
            if self.chance(0.1):
                star = self.pick(["%*d", "%-*d|", "%.*f", "%*s|", "%[2]*[1]d"])
                return f"{name}({quote(star)}, {self.pick(['3', '-3', '0', '1.5', un('n'), 'null'])}, {self.pick(['7', '2.5', quote('x'), '[1, 2]'])})", False
            fmt = quote(self.pick(FORMATS)) if self.chance(0.85) else self.pick([un("s"), "null"])
            args = [self.pick(["null", "tostring(null)", "tonumber(null)", self.var("a", "unknown"), un("s"), un("n"),
                               self.atom("s"), self.atom("n"), self.atom("ls"), self.marked("s"), "true", "[]",
                               un("ls"), "[null]", "{}"]) for _ in range(self.rng.randint(0, 3))]
            return f"{name}({', '.join([fmt] + args)})", False
        if name == "contains":
            coll = self.pick([self.atom("ls"), "[null]", "[\"a\", null]", un("ls"), "toset([\"a\"])", "null", "[]",
                              "tolist([null])", self.marked("ls"), "[1, \"1\"]", "{a = 1}"])
            val = self.pick(["null", "tostring(null)", "\"a\"", "1", un("s"), self.var("a", "unknown"), "[]"])
            return f"contains({coll}, {val})", False
        if name == "merge":
            pool = ["null", "{a = 1}", "{b = \"x\"}", "tomap({a = \"x\"})", un("m"), un("ms"), self.marked("m"), "{}",
                    "tomap(null)", "true ? null : {a = 1}", "\"x\"", "[]", self.var("m"), "{a = null}", self.var("a", "null")]
            return f"merge({', '.join(self.pick(pool) for _ in range(self.rng.randint(0, 3)))})", False
        if name == "sort":
            elems = ", ".join(self.pick(["\"b\"", "\"a\"", un("s"), "null", "1", "\"10\"", "\"9\""]) for _ in range(self.rng.randint(0, 4)))
            arg = self.pick([f"[{elems}]", un("ls"), 'toset(["b", "a"])', "null"])
            return f"sort({arg})", False
        if name == "setproduct":
            pool = ["[\"a\", \"b\"]", "[]", un("ls"), "[1, 2]", f"[\"a\", {un('s')}]", "toset([\"x\"])", "null",
                    self.marked("ls"), "[[1], [2]]", self.var("a", "unknown")]
            return f"setproduct({', '.join(self.pick(pool) for _ in range(self.rng.randint(0, 3)))})", False
        if name in ("formatdate", "timeadd", "timecmp"):
            ts = lambda: quote(self.pick(TIMESTAMPS)) if self.chance(0.85) else self.pick([un("s"), "null"])  # noqa: E731
            first = {"formatdate": lambda: quote(self.pick(DATE_FORMATS)), "timeadd": ts, "timecmp": ts}[name]()
            second = {"formatdate": ts, "timecmp": ts, "timeadd": lambda: quote(self.pick(DURATIONS))}[name]()
            return f"{name}({first}, {second})", False
        if name == "jsondecode":
            return f"jsondecode({self.pick([quote(self.pick(JSON_TEXTS))] * 4 + [un('s'), 'null', self.marked('s')])})", False
        if name == "templatestring":
            return f"templatestring({self.template_var()}, {self.template_vars(1)})", False
        if name in ("pow", "log"):
            nums = ["0", "1", "-1", "2", "-8", "0.5", "1/3", "1/0", "-1/0", "10", "1e400", "-0", "1e-400", un("n")]
            return f"{name}({self.pick(nums)}, {self.pick(nums)})", False
        if name in ("nonsensitive", "issensitive"):
            return f"{name}({self.pick([self.atom('s'), self.marked('s'), un('s'), self.var('a', 'unknown'), 'null', self.marked('m'), 'sensitive(null)'])})", False
        if name == "coalesce":
            pool = ["null", "\"\"", "\"a\"", "1", un("s"), un("n"), "tostring(null)", self.marked("s"), "[]", "true"]
            return f"coalesce({', '.join(self.pick(pool) for _ in range(self.rng.randint(0, 3)))})", False
        if name == "lookup":
            m = self.pick([self.atom("ms"), un("ms"), un("m"), self.marked("ms"), "{a = 1, b = \"x\"}", "null", "{}"])
            key = self.pick(["\"a\"", "\"z\"", un("s"), "null", "1"])
            default = self.pick(["", ", \"d\"", ", null", ", 1", f", {un('s')}", ", [1]"])
            return f"lookup({m}, {key}{default})", False
        if name == "encode":
            fn = self.pick(["encode_tfvars", "decode_tfvars", "encode_expr"])
            arg = self.pick(["{a = 1, b = \"x\"}", '"a = 1\\nb = \\"x\\""', "[1, 2]", "null", "\"x\"", un("m"),
                             "{\"a b\" = 1}", "{a = {b = [true]}}", '"a = b"', "{a = null}", self.marked("m")])
            return f"provider::terraform::{fn}({arg})", False
        if name == "one":
            return f"one({self.pick(['[]', '[1]', '[1, 2]', un('ls'), 'toset([])', 'null', 'tolist([null])', '[null]', self.marked('ls')])})", False
        if name == "length":
            return f"length({self.pick([un('ls'), un('ms'), un('s'), self.atom('s'), 'null', self.marked('ls'), self.var('a', 'unknown'), '{}', self.atom('lo')])})", False
        if name == "substr":
            return f"substr({self.pick([self.atom('s'), quote(self.pick(STRINGS_UNICODE)), un('s')])}, {self.pick(['0', '1', '-1', '-3', '10', un('n')])}, {self.pick(['0', '1', '-1', '2', '100', un('n')])})", False
        if name == "cidrsubnets":
            prefix = quote(self.pick(["2001:db8::/32", "fd00::/8", "10.0.0.0/8", "::/0", "2001:db8::/64"]))
            return f"cidrsubnets({', '.join([prefix] + [self.pick(NEWBITS) for _ in range(self.rng.randint(0, 3))])})", False
        if name == "cidrhost":
            return f"cidrhost({quote(self.pick(CIDRS))}, {self.pick(HOSTNUMS + ['18446744073709551616', un('n')])})", False
        if name in ("tolist", "keys", "jsonencode", "flatten", "slice", "range", "zipmap"):
            arg = self.pick([un("ls"), un("m"), self.marked("ls"), self.atom("l"), self.var("a", "unknown"), "null",
                             "[1, \"a\"]", "[1, [1]]", "{a = 1}", "[" + un("s") + "]"])
            extra = {"slice": f", {self.pick(['0', '1', un('n')])}, {self.pick(['1', '2', un('n')])}", "range": "",
                     "zipmap": f", {self.pick([self.atom('l'), un('l')])}"}.get(name, "")
            if name == "range":
                arg = ", ".join(self.pick(["0", "1", "3", "-1", "0.5", un("n"), "null"]) for _ in range(self.rng.randint(1, 3)))
            return f"{name}({arg}{extra})", False
        return self.call(name, 1, mutate=0.35), False

    def area_parser(self):
        """Syntax that changed: references ending in a dot, nested splats,
        namespaced calls, legacy index forms, odd tokens."""
        v = self.var(self.pick(["lo", "m", "ls"]))
        choice = self.pick(["dot", "splat", "namespace", "legacy", "misc"])
        self.feature = "parse:" + choice
        if choice == "dot":
            return self.pick([f"{v}.", f"{v}.a.", f"{v}[0].", f"[{v}.]", f"{v}. a", f"upper({v}.)", f"{v}.*.",
                              f"{v}[*].", f"{v}..a", f"{v}.0.", f"\"${{{v}.}}\""]), False
        if choice == "splat":
            w = self.var("lo", "nested") if self.extensions and self.chance(0.3) else self.var("lo")
            return self.pick([f"{w}[*].a[*]", f"{w}[*].b[*].c", f"{w}.*.a.*", f"{w}[*][*]", f"{w}.*.*",
                              f"{w}[*].a.*.b", f"[for x in {w} : x[*]]", f"{w}[*].a[0]", f"{w}.*.a[0]",
                              f"({w}[*].a)[*]", f"{w}[*]", f"{w}[*][0]", f"{w}.*[0]", f"{w}[*].a.b"]), False
        if choice == "namespace":
            return self.pick(["core::upper(\"a\")", "core::nope()", "provider::aws::arn_parse(\"x\")", "a::b()",
                              "core:: upper(\"a\")", "core ::upper(\"a\")", "core::core::upper(\"a\")", "core::",
                              "::upper(\"a\")", "core::try(x.y, 1)", "core::can(1)", "provider::terraform::encode_expr(1)",
                              f"core::length({v})", "upper::(\"a\")", "core::type(1)", "core::upper", "a::b::c::d(1)"]), False
        if choice == "legacy":
            return self.pick([f"{v}.0", f"{v}.0.a", f"{v}.1", f"{v}.-1", f"{v}.00", f"{v}.0a", f"{v}[\"0\"]",
                              f"{v}.a.0", f"{v}.*.0", f"{v}[*].0", f"{v}.1e0", f"{v}.0.0"]), False
        return self.pick(["1 +", "(1", "[1, 2", "{a = 1", "a b", "1 ? 2", "x ? : y", "for", "[for x in y]",
                          "{for x in y : x}", "\"unterminated", "<<EOT\nno end", "<<EOT\nx\nEOT", "!", "--1", "- -1",
                          "!!true", "1 == 1 == true", "1 < 2 < 3", "a = 1", "1;", "\"${\"", "\"%{ if true }x\"",
                          "\"%{ endif }\"", "${1}", "[...]", "upper(...)", f"upper({v}...)", "a.b[", "x[]", "x.\"a\"",
                          "1.e3", ".5", "1e", "0x10", "1_000", "true.a", "null[0]", "[for x, y, z in [] : x]",
                          "{a = 1, a = 2}", "{a = 1, \"a\" = 2}", "[for x in [1] : x => x]", "{for x in [1] : x}",
                          "1 /* c */ + 2", "1 # c\n", "1 // c", "/* open", "\u201cx\u201d", "'a'", "`a`", "@", "$x",
                          "\ufeff1", "1\r\n", "\t1", "[\n1,\n2\n]", "{\na = 1\nb = 2\n}", "{a = 1 b = 2}"]), False

    def area_numbers(self):
        """Numbers at different precisions: hashing, equality, sets, keys."""
        atoms = ["pow(2, 60)", "1152921504606846976", "pow(2, 53) + 1", "9007199254740993", "0.1 + 0.2", "0.3",
                 "1/3", "1/3 * 3", "pow(10, 20)", "100000000000000000000", "tonumber(\"1152921504606846976\")",
                 "jsondecode(\"1152921504606846976\")", "parseint(\"1152921504606846976\", 10)", "1e400", "-0",
                 "0 * -1", "1/0", "log(pow(2, 60), 2)", "pow(2, 0.5)", "pow(2, 0.5) * pow(2, 0.5)", "floor(1e30)",
                 "9007199254740993 - pow(2, 53)", "18446744073709551617", "pow(2, 64) + 1", "1e-400", "0.3 - 0.1",
                 "sum([0.1, 0.2])", "max(0.1, pow(2, -3))", "tonumber(\"0.1\")", "1.0", "signum(-0)", "abs(-0)",
                 self.var("n"), self.refined("n"), "100 / 3", "2 % 0", "-7 % 3", "7.5 % 2", "1e308 * 10",
                 "ceil(pow(2, 60) + 0.5)", "parseint(\"zz\", 36)", "5e-324 / 2"]
        a, b = self.pick(atoms), self.pick(atoms)
        text = self.pick([f"{a} == {b}", f"{a} - {b}", f"toset([{a}, {b}])", f"distinct([{a}, {b}])",
                          f"contains([{a}], {b})", f"index([{a}, {b}], {b})", f"{{for x in [{a}, {b}] : x => x...}}",
                          f"tostring({a})", f"jsonencode([{a}, {b}])", f"{a}", f"\"${{{a}}}\"", f"sort([{a}, {b}])",
                          f"max({a}, {b})", f"{a} < {b}", f"{a} != {b}", f"format(\"%d\", {a})",
                          f"format(\"%f|%g|%e\", {a}, {a}, {a})", f"yamlencode({a})", f"{a} * {b}", f"{a} / {b}",
                          f"floor({a})", f"{a} % {b}", f"[{a}, {b}]", f"length(toset([{a}, {b}]))",
                          f"tomap({{x = {a}}})", f"{{(tostring({a})) = 1}}", f"setunion([{a}], [{b}])"])
        return text, False

    def area_unicode(self):
        """Text functions over NFC, grapheme clusters and Unicode 14+ characters."""
        s = quote(self.pick(STRINGS_UNICODE + STRINGS_SPECIAL[:8]), self.rng)
        fn = self.pick(["length", "upper", "lower", "title", "strrev", "substr", "regex", "regexall", "split", "format",
                        "jsonencode", "urlencode", "base64encode", "md5", "sha1", "textencodebase64", "==", "template",
                        "trimspace", "chomp", "indent", "replace", "trim", "concat", "sort", "yamlencode", "csv",
                        "startswith", "endswith", "strcontains", "title", "key"])
        t = quote(self.pick(STRINGS_UNICODE), self.rng)
        pattern = quote(self.pick(["\\p{L}+", "\\p{Letter}+", ".", "\\X", "(?i)" + self.pick(STRINGS_UNICODE), "\\w",
                                   "[[:^ascii:]]+"]))
        before, after = self.pick(["e", "a", "", "क्"]), self.pick(["\\u0301", "", "ष"])
        return {
            "length": f"length({s})", "upper": f"upper({s})", "lower": f"lower({s})", "title": f"title({s})",
            "strrev": f"strrev({s})", "substr": f"substr({s}, {self.pick(['0', '1', '-1', '-2'])}, {self.pick(['1', '2', '-1'])})",
            "regex": f"regex({pattern}, {s})",
            "regexall": f"regexall(\".\", {s})", "split": f"split(\"\", {s})", "format": f"format(\"%5s|%-3.1s|%q|%x\", {s}, {s}, {s}, {s})",
            "jsonencode": f"jsonencode({s})", "urlencode": f"urlencode({s})", "base64encode": f"base64encode({s})",
            "md5": f"md5({s})", "sha1": f"sha1({s})",
            "textencodebase64": f"textencodebase64({s}, {quote(self.pick(ENCODINGS))})", "==": f"{s} == {t}",
            "template": f'"{before}${{{s}}}{after}"',
            "trimspace": f"trimspace({s})", "chomp": f"chomp({s})", "indent": f"indent(2, {s})",
            "replace": f"replace({s}, {t}, \"-\")", "trim": f"trim({s}, {t})", "concat": f"length(\"${{{s}}}${{{t}}}\")",
            "sort": f"sort([{s}, {t}])", "yamlencode": f"yamlencode({s})", "csv": f"csvdecode(\"a\\n${{{s}}}\\n\")",
            "startswith": f"startswith({s}, {t})", "endswith": f"endswith({s}, {t})",
            "strcontains": f"strcontains({s}, {t})", "key": f"keys({{{s} = 1, {t} = 2}})",
        }[fn], False

    def area_opentofu(self):
        """OpenTofu's own functions and differences (in every profile: the
        others must reject or differ in the same way)."""
        choice = self.pick(["urldecode", "cidrcontains", "base64gunzip", "yamldecode", "yamldecode", "regex",
                            "cidrsubnets", "base64gzip", "cidrsubnet"])
        if choice == "urldecode":
            return f"urldecode({quote(self.pick(URL_TEXTS))})", False
        if choice == "cidrcontains":
            return f"cidrcontains({quote(self.pick(CIDRS))}, {quote(self.pick(IPS_OR_CIDRS))})", False
        if choice == "base64gunzip":
            return f"base64gunzip({quote(self.pick(GZIP_TEXTS))})", False
        if choice == "yamldecode":
            return f"yamldecode({quote(self.pick(YAML_TEXTS))})", False
        if choice == "regex":
            pattern = quote(self.pick(["\\p{Letter}+", "\\p{L}", "\\p{Lu}+", "\\p{Greek}+", "\\p{Latin}", "\\PL+",
                                       "[\\p{Letter}\\d]+"]))
            subject = quote(self.pick(STRINGS_PLAIN + STRINGS_UNICODE))
            return f"{self.pick(['regex', 'regexall'])}({pattern}, {subject})", False
        if choice == "cidrsubnets":
            return f"cidrsubnets({quote(self.pick(['2001:db8::/32', 'fd00::/8', '::/0', '2001:db8::/16']))}, {', '.join(self.pick(['32', '33', '40', '48', '64', '1', '16', '96']) for _ in range(self.rng.randint(1, 3)))})", False
        if choice == "cidrsubnet":
            return f"cidrsubnet({quote(self.pick(['2001:db8::/32', 'fd00::/8', '10.0.0.0/8']))}, {self.pick(NEWBITS)}, {self.pick(['0', '1', '4294967296', '-1'])})", False
        return f"base64gzip({self.string_literal()})", False

    def area_literals(self):
        """Number and string literals, escapes, collections and object keys."""
        choice = self.pick(["number", "string", "escape", "tuple", "object", "heredoc"])
        if choice == "number":
            return self.pick(NUMBER_LITERALS + ["1.", ".5", "1e", "1e+", "0x1F", "-0", "- 1", "1.5e-7", "00.5", "1E-0"]), False
        if choice == "string":
            return quote(self.string_value(), self.rng), False
        if choice == "escape":
            return self.pick(['"\\u00e9"', '"\\U0001F600"', '"\\u00"', '"\\ud800"', '"\\U00110000"', '"\\x41"',
                              '"\\q"', '"a\\\nb"', '"$${x}"', '"%%{x}"', '"$$"', '"%%"', '"\\$${"', '"$${"', '"a\\tb"',
                              '"\\\\"', '"\\""', '"\\r\\n"', '"\\u0041\\u030a"', '"${"', '"%{"', '"$$${x}"',
                              '"\\U0000FEFF"', '"\\uD83D\\uDE00"', '"\\u212B"']), False
        if choice == "tuple":
            return "[" + self.pick([", ", ",\n", "\n"]).join(self.atom("a") for _ in range(self.rng.randint(0, 4))) + self.pick(["", ",", ",\n"]) + "]", False
        if choice == "object":
            keys = [self.pick(["a", "b", "a", "\"a\"", "\"x y\"", "(\"b\")", "1", "true", "null", "a-b", "(1)", "(null)",
                               "(true)", "([1])", "for", "in", "if"]) for _ in range(self.rng.randint(0, 4))]
            seps = [self.pick([", ", "\n", ",\n"]) for _ in keys]
            body = "".join(f"{k} {self.pick(['=', ':'])} {self.atom('a')}{s}" for k, s in zip(keys, seps))
            return "{" + body + "}", False
        return self.heredoc(1), False

    def area_template(self):
        """Bare templates (template mode) and quoted templates with
        directives and strip markers."""
        if self.chance(0.5):
            self.feature = "template"
            return self.template_text(2, quoted=False) + self.pick(["", "\n", "\n\n", "  "]), True
        return self.template_text(2, quoted=True), False

    def area_traversal(self):
        """Index, attribute and splat traversals over values of every sort."""
        choice = self.pick(["index", "attr", "splat", "splat", "unknown-key"])
        v = self.var(self.pick(["lo", "m", "ls", "ms", "l", "a", "s", "mls", "ll"]))
        if choice == "index":
            key = self.pick(["0", "1", "-1", "5", "\"a\"", "\"0\"", "1.5", "null", "true", "[0]", self.var("n"),
                             self.var("s"), "\"b\"", "0.0"])
            return self.pick([f"{v}[{key}]", f"tolist({v})[{key}]", f"toset({v})[{key}]", f"tomap({v})[{key}]",
                              f"{v}[{key}][{key}]"]), False
        if choice == "attr":
            return self.pick([f"{v}.a", f"{v}.b.c", f"{v}.a.b", f"{v}.nope", f"{v}[0].a", f"{v}.a[0]",
                              f"{v}.\"x y\"", f"tomap({v}).a"]), False
        if choice == "unknown-key":
            k = self.var(self.pick(["s", "n"]), "unknown")
            return self.pick([f"{v}[{k}]", f"{v}[{k}].a", f"{{a = 1}}[{k}]", f"[1, 2][{k}]", f"tomap({{a = 1}})[{k}]"]), False
        return self.pick([f"{v}[*]", f"{v}[*].a", f"{v}.*.a", f"{v}[*].a.b", f"{v}.*.a.b", f"{v}[*][0]",
                          f"{v}.*[0]", f"{v}[*].a[0]", f"{v}.*.a[0]", f"length({v}[*])", f"{v}[*][*]",
                          f"tolist({v})[*].a", f"toset({v})[*]", f"{v}[*].b", f"[{v}][*].a"]), False

    def area_for(self):
        """for expressions over every sort of collection, with if and grouping."""
        d = self.rng.randint(1, 2)
        return (self.build_for_tuple("a", d) if self.chance(0.5) else self.build_for_object("a", d)), False

    def area_conditional(self):
        """Conditionals: unification of the two arms, unknown and marked conditions."""
        cond = self.pick(["true", "false", self.var("b", "unknown"), "null", "\"true\"", "1", self.var("b"),
                          self.expr("b", 1), self.refined("b")] + ([self.marked("b")] if self.extensions else []))
        pairs = [("1", "\"a\""), ("[1]", "[\"a\"]"), ("{a = 1}", "{b = 2}"), ("null", self.atom("l")),
                 ("[1, 2]", "tolist([\"a\"])"), ("{a = 1}", "tomap({b = \"x\"})"), ("1", "[1]"), ("true", "\"x\""),
                 ("tolist([])", "[]"), ("[]", "{}"), ("{a = [1]}", "{a = [\"x\"]}"), ("toset([1])", "[\"a\"]"),
                 ("{}", "{a = 1}"), ("tostring(null)", "1"), ("\"a\"", "\"a\"")]
        a, b = self.pick(pairs) if self.chance(0.6) else (self.expr("a", 1), self.expr("a", 1))
        if self.chance(0.5):
            a, b = b, a
        return f"{cond} ? {a} : {b}", False

    def area_convert(self):
        """Type conversion functions and automatic conversion."""
        fn = self.pick(["tobool", "tonumber", "tostring", "tolist", "toset", "tomap", "convert", "auto"])
        val = self.pick([self.atom("a"), "\"true\"", "\"1\"", "\" 1\"", "\"0x10\"", "\"1e3\"", "1", "true", "null",
                         "[1, \"a\"]", "[1, [1]]", "{a = 1, b = \"x\"}", "[{a = 1}, {b = 2}]", "[null, 1]",
                         "{a = null}", "\"\"", "\"-0\"", self.var("a", "unknown"), "[true, 1]", "\"TRUE\"", "\"inf\""])
        if fn == "convert":
            return f"convert({val}, {self.pick(TYPE_EXPRS)})", False
        if fn == "auto":
            return self.pick([f"{val} + 1", f"\"${{{val}}}\"", f"[{val}, \"s\"][0]", f"{val} ? 1 : 2", f"!{val}",
                              f"-{val}", f"{val} == \"1\"", f"{val} < 2"]), False
        return f"{fn}({val})", False


AREAS = [name[5:] for name in dir(Case) if name.startswith("area_")]

# Weights of the areas, by mode.
MIXED = {"general": 22, "functions": 20, "refine": 12, "shortcircuit": 5, "marks": 7, "changed": 10, "parser": 3,
         "numbers": 3, "unicode": 4, "opentofu": 2, "literals": 2, "template": 3, "traversal": 3, "for": 2,
         "conditional": 2, "convert": 2}
MODES = {
    "mixed": MIXED,
    "targeted": {"refine": 10, "shortcircuit": 4, "marks": 6, "changed": 10, "parser": 3, "numbers": 3,
                 "unicode": 3, "opentofu": 2},
    "general": {"general": 10, "functions": 8, "literals": 2, "template": 2, "traversal": 2, "for": 2,
                "conditional": 2, "convert": 1},
    "plain": {a: w for a, w in MIXED.items() if a not in ("refine", "marks")} | {"extensions": False},
}


def mode_weights(spec):
    """A named mode, or area=weight,... (the other areas get no weight)."""
    if "=" not in spec:
        return MODES[spec]
    weights = {}
    for part in spec.split(","):
        area, w = part.split("=")
        if area != "extensions" and area not in AREAS:
            raise SystemExit(f"unknown area {area!r}; areas: {', '.join(AREAS)}")
        weights[area] = w.lower() not in ("0", "false", "no") if area == "extensions" else float(w)
    return weights


CALLED = re.compile(r"(?<![\w:.-])([a-z][a-z0-9_]*)\s*\(")


def generate(profile, count, seed, mode_spec, start=0):
    """Yields the cases start..start+count-1. A case calling a function the
    profile lacks is made again (area and all), but for one in thirty and
    those of the opentofu area, whose point that is."""
    mode = mode_weights(mode_spec)
    areas = {a: w for a, w in mode.items() if a != "extensions" and w > 0}
    if profile == "hcl-2.14":
        # The oracle has no marks (these would be plain values), nor any of
        # OpenTofu's functions or most of the others that area calls.
        areas.pop("marks", None)
        areas.pop("opentofu", None)
    if profile == "opentofu" and "opentofu" in areas:
        areas["opentofu"] *= 3
    for n in range(start, start + count):
        rng = random.Random(f"{seed}/{profile}/{mode_spec}/{n}")
        while True:
            case = Case(rng, profile, mode)
            area = case.weighted(areas)
            expr, template = getattr(case, "area_" + area)()
            missing = (set(CALLED.findall(expr)) & SIGS.keys()) - case.functions
            if not missing or area == "opentofu" or case.chance(1 / 30):
                break
        # Pools are built eagerly, so some variables were made and not used.
        used = {k: v for k, v in case.vars.items() if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", expr)}
        yield {"id": f"{profile}-{seed}-{n}", "expr": expr, "vars": used, "template": template, "area": area,
               "feature": case.feature or outer(expr)}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--profile", default="terraform", choices=sorted(PROFILE_FUNCTIONS))
    ap.add_argument("--count", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0, help="index of the first case (to regenerate a slice)")
    ap.add_argument("--mode", default="mixed", help=f"one of {', '.join(MODES)}, or area=weight,...")
    ap.add_argument("--list-modes", action="store_true")
    args = ap.parse_args()
    if args.list_modes:
        for name, weights in MODES.items():
            print(f"{name}: " + ", ".join(f"{a}={w}" for a, w in weights.items()))
        print("areas: " + ", ".join(AREAS))
        return
    out = sys.stdout
    for case in generate(args.profile, args.count, args.seed, args.mode, args.start):
        out.write(json.dumps(case, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
