#!/usr/bin/env python3
"""Generates function calls for differential runs against the current
engines' references: every built-in function with each argument varied in
turn over a pool of values (typical ones, nulls, typed nulls, unknowns with
and without refinements, sensitive and ephemeral values, values of the
wrong type, edge values), plus seeded random combinations and hand-written
cases for behaviour that changed since go-cty 1.12.

    tools/differential/function_cases.py [--random N] [--only f,g] > cases.jsonl
    tools/differential/engine.py --profile terraform cases.jsonl

Each case carries only the variables its expression names.
"""
import argparse, json, random, re, sys

U = "__unknown__"
VARS = {
    "us": {U: "string"},
    "usn": {U: "string", "notnull": True},
    "usp": {U: "string", "notnull": True, "prefix": "ab"},
    "uspl": {U: "string", "prefix": "hello world"},
    "un": {U: "number"},
    "unb": {U: "number", "notnull": True, "lower": 1, "upper": 10},
    "unneg": {U: "number", "notnull": True, "upper": -1},
    "unx": {U: "number", "lower": 0, "upper": 5, "upper_inclusive": False},
    "ub": {U: "bool"},
    "ubn": {U: "bool", "notnull": True},
    "ul": {U: "list(string)"},
    "uln": {U: "list(string)", "notnull": True, "minlen": 2, "maxlen": 4},
    "ulm": {U: "list(string)", "notnull": True, "minlen": 1},
    "ulx": {U: "list(string)", "maxlen": 3},
    "ulnum": {U: "list(number)"},
    "ull": {U: "list(list(string))"},
    "ulb": {U: "list(bool)", "notnull": True, "minlen": 1, "maxlen": 2},
    "uset": {U: "set(string)"},
    "usetn": {U: "set(string)", "notnull": True, "minlen": 1, "maxlen": 3},
    "um": {U: "map(string)"},
    "umn": {U: "map(string)", "notnull": True, "minlen": 1, "maxlen": 5},
    "uml": {U: "map(list(string))"},
    "ud": {U: "dynamic"},
    "uobj": {U: "object({a=string, b=number})"},
    "utup": {U: "tuple([string, number])"},
    "lwu": ["a", {U: "string"}, "c"],
    "lwun": ["a", {U: "string", "notnull": True, "prefix": "x"}],
    "lwud": ["a", {U: "dynamic"}],
    "lnwu": [1, {U: "number"}],
    "lbwu": [True, {U: "bool"}],
    "mwu": {"a": "x", "b": {U: "string"}},
    "owu": {"a": "x", "b": {U: "number"}},
    "sens_s": {"__sensitive__": "secret"},
    "sens_n": {"__sensitive__": 5},
    "sens_b": {"__sensitive__": True},
    "sens_l": {"__sensitive__": ["a", "b"]},
    "sens_m": {"__sensitive__": {"a": "x", "b": "y"}},
    "sens_u": {"__sensitive__": {U: "string"}},
    "sens_null": {"__sensitive__": None},
    "eph_s": {"__ephemeral__": "eph"},
    "eph_n": {"__ephemeral__": 3},
    "eph_l": {"__ephemeral__": ["a", "b"]},
    "eph_u": {"__ephemeral__": {U: "string"}},
    "lsens": ["a", {"__sensitive__": "b"}],
    "leph": ["a", {"__ephemeral__": "b"}],
    "msens": {"a": "x", "b": {"__sensitive__": "y"}},
    "meph": {"a": "x", "b": {"__ephemeral__": "y"}},
    "both": {"__sensitive__": {"__ephemeral__": "z"}},
    "nul": None,
}

STR = ['"abc"', '""', '"Hello World"', '"a,b,,c"', '"  x y  "', '"héllo wörld"', '"a\\nb\\n"', 'null', 'tostring(null)',
       'us', 'usn', 'usp', 'uspl', 'sens_s', 'eph_s', 'sens_u', 'ud', 'nul', '1', 'true', '["a"]', '{a=1}', 'both']
NUM = ['0', '1', '-1', '2.5', '-3.7', '1e10', '-0', '1/0', '-1/0', 'null', 'tonumber(null)', 'un', 'unb', 'unneg', 'unx',
       'sens_n', 'eph_n', '"5"', '"x"', 'ud', 'true']
BOOL = ['true', 'false', 'null', '"true"', 'ub', 'ubn', 'sens_b', 'ud', '1']
SEQ = ['["a", "b", "c"]', '[]', 'tolist([])', '["a", null, ""]', '[1, 2, 3]', '["b", "a", "b"]', '[["a", "b"], ["c"]]',
       'toset(["b", "a"])', 'toset([])', 'tolist(["x", "y"])', '[1, "a"]', '[true, false]', 'null', 'tolist(null)',
       'ul', 'uln', 'ulm', 'ulx', 'uset', 'usetn', 'ulnum', 'ud', 'lwu', 'tolist(lwu)', 'toset(lwu)', 'lwun', 'lwud',
       'sens_l', 'eph_l', 'lsens', 'leph', 'tolist(lsens)', 'utup', '"str"', '{a = "b"}', 'tomap({a = "b"})', '5',
       '[null]', '[tostring(null)]', '[[]]', '[{a = 1}, {a = 2}]', 'toset(lwun)', 'lnwu', '[un, 1]', '[ud]']
MAP = ['{a = "x", b = "y"}', '{}', 'tomap({})', 'tomap({a = "x", b = "y"})', '{a = 1, b = "c"}', '{a = ["x"], b = []}',
       'tomap({a = ["1", "2"], b = ["2"]})', 'null', 'tomap(null)', 'um', 'umn', 'uml', 'uobj', 'ud', 'mwu', 'tomap(mwu)',
       'owu', 'sens_m', 'msens', 'meph', '["a"]', '"s"', '{a = null}', '{"b" = 1, "a" = 2}', '{a = {b = 1}}']
ANY = sorted(set(STR[:10] + NUM[:6] + BOOL[:3] + SEQ[:14] + MAP[:8] + ['us', 'un', 'ul', 'um', 'ud', 'lwu', 'mwu', 'sens_s',
                                                                     'eph_s', 'lsens', 'nul', 'usp', 'unb', 'uln']))
CIDR = ['"10.0.0.0/8"', '"192.168.1.0/24"', '"172.16.0.0/12"', '"fd00::/8"', '"2001:db8::/32"', '"10.0.0.0/33"', '"x"',
        '"10.0.0.1"', '"0.0.0.0/0"', '"::/0"', '"10.1.2.3/16"', '"010.0.0.0/8"'] + ['null', 'us', 'usn', 'sens_s', 'eph_s']
TIME = ['"2017-11-22T00:00:00Z"', '"2018-01-02T23:12:01-08:00"', '"2017-11-22T00:00:00.5Z"', '"2017-11-22 00:00:00Z"',
        '"2017-11-22T00:00:00"', '"2017-11-22t00:00:00z"', '"2017-11-22T24:00:00Z"', '"2017-02-30T00:00:00Z"',
        '"2017-11-22T00:00:00+25:00"', '"2017-11-22T00:00:00.Z"', '"x"', '"2017-11-22T00:00:60Z"',
        '"2017-11-22T00:00:00+0100"', '"0000-01-01T00:00:00Z"'] + ['null', 'us', 'usn', 'sens_s']
DUR = ['"1h"', '"-10m"', '"1h30m45s"', '"1.5h"', '"0"', '"1d"', '"x"', '"10ns"', '"1us"', '"1µs"', '"9999999999h"', '""', 'null', 'us']
FMT = ['"%s"', '"%d"', '"%q"', '"%v"', '"%#v"', '"%t"', '"%f"', '"%.2f"', '"%5s|"', '"%-5d|"', '"%x"', '"%X"', '"%o"', '"%b"',
       '"%e"', '"%g"', '"%%"', '"%"', '"%z"', '"%[2]s %[1]s"', '"%s %s"', '"a"', '"%*d"', '"%08.3f"', '"%+d"', '"% d"',
       '"%U"', '"%c"', '"%10.4v"', '"%#q"', '"%[3]s"', '"%!"', 'null', 'us', 'usp', 'sens_s']

# name: (base args, pools per parameter, variadic pool or None)
F = {
    "abs": (['-1.5'], [NUM], None),
    "ceil": (['1.5'], [NUM], None),
    "floor": (['1.5'], [NUM], None),
    "signum": (['-3'], [NUM], None),
    "log": (['16', '2'], [NUM, NUM], None),
    "pow": (['2', '3'], [NUM, NUM], None),
    "max": (['1', '2'], [], NUM),
    "min": (['1', '2'], [], NUM),
    "parseint": (['"ff"', '16'], [STR + ['"-101"', '"zz"', '"1_000"', '"0x10"', '"+5"', '"Zz"', '"18446744073709551616"'], NUM + ['36', '62', '63']], None),
    "sum": (['[1, 2]'], [SEQ + ['[1.5, un]', 'toset([1, 2])', '[1, "2"]', '[1, null]', 'unb', '[unb, 2]']], None),
    "chomp": (['"a\\n"'], [STR + ['"a\\r\\n\\n"', '"\\n"']], None),
    "lower": (['"ABC"'], [STR], None),
    "upper": (['"abc"'], [STR], None),
    "title": (['"abc def"'], [STR], None),
    "strrev": (['"abc"'], [STR + ['"cafe\\u0301"', '"👍🏽x"']], None),
    "trimspace": (['" a "'], [STR], None),
    "trim": (['"?!a?!"', '"!?"'], [STR, STR], None),
    "trimprefix": (['"helloworld"', '"hello"'], [STR, STR], None),
    "trimsuffix": (['"helloworld"', '"world"'], [STR, STR], None),
    "startswith": (['"hello world"', '"hello"'], [STR, STR + ['"a"', '"abc"', '"ac"', '"hello"', '"hello world!"']], None),
    "endswith": (['"hello world"', '"world"'], [STR, STR + ['"a"', '"c"']], None),
    "strcontains": (['"hello world"', '"wor"'], [STR, STR + ['"a"', '"lo w"']], None),
    "split": (['","', '"a,b,c"'], [STR, STR], None),
    "join": (['","', '["a", "b"]'], [STR], SEQ),
    "indent": (['2', '"a\\nb"'], [[n for n in NUM if n != '1e10'], STR], None),
    "replace": (['"hello"', '"l"', '"L"'], [STR, STR + ['"/l+/"', '"/(/"', '"/(l)/"'], STR + ['"$1"', '"${1}x"']], None),
    "substr": (['"hello world"', '1', '4'], [STR, NUM, NUM], None),
    "regex": (['"[a-z]+"', '"abc123"'], [STR + ['"(\\\\d)(\\\\d)"', '"(?P<x>a)(?P<y>b)?"', '"\\\\p{Letter}+"', '"\\\\pL+"', '"(?i)A"', '"["', '"a{1001}"', '"\\\\C"', '"(?<n>a)"'], STR + ['"a1b22"']], None),
    "regexall": (['"[a-z]+"', '"abc 123 de"'], [STR + ['"(\\\\d)(\\\\d)"', '"(?P<x>a)(?P<y>b)?"', '"\\\\p{Letter}+"', '"["', '""'], STR], None),
    "format": (['"%s"', '"x"'], [FMT], ANY + ['1.5', '"1.5"', '42', '-0', '1/0', 'tonumber(null)', 'tostring(null)', 'tolist([1])']),
    "formatlist": (['"%s-%s"', '["a", "b"]', '"x"'], [FMT], SEQ[:20] + ['us', 'ul', 'uln', 'ud', 'sens_s', 'lwu', 'tolist(lwu)', '[1]', 'null', 'tostring(null)']),
    "templatestring": (['tpl', '{name = "x"}'], [['tpl', 'tpl_nul', 'tpl_if', 'tpl_bad', 'tpl_num', 'us', 'sens_tpl', '"literal"', 'null', 'tpl_fn', 'tpl_var'],
                                                   ['{name = "x"}', '{}', '{name = null}', '{name = us}', '{name = sens_s}', 'null', 'ud', '{name = 1}', 'tomap({name = "m"})', '"x"']], None),
    "alltrue": (['[true, true]'], [SEQ + ['[true, "true"]', '[true, ub]', '[false, ub]', '[true, null]', 'ulb', 'toset([true])']], None),
    "anytrue": (['[false, true]'], [SEQ + ['[true, ub]', '[false, ub]', '[false, null]', 'ulb']], None),
    "chunklist": (['["a", "b", "c"]', '2'], [SEQ, NUM + ['3', '0']], None),
    "coalesce": (['"a"', '"b"'], [], ANY + ['""', 'tostring(null)']),
    "coalescelist": (['["a"]', '["b"]'], [], SEQ),
    "compact": (['["a", "", null]'], [SEQ + ['["a", us]', '["", us]', '["a", usn]', '["a", sens_s, ""]']], None),
    "concat": (['["a"]', '["b"]'], [], SEQ),
    "contains": (['["a", "b"]', '"a"'], [SEQ, ANY + ['null', '"c"']], None),
    "distinct": (['["a", "b", "a"]'], [SEQ], None),
    "element": (['["a", "b", "c"]', '1'], [SEQ, NUM + ['-2', '-4', '3', '5', '1.5']], None),
    "flatten": (['[["a"], ["b", ["c"]]]'], [SEQ + ['[ul, ["a"]]', '[uln, ["a"]]', '[["a", us]]', '[[ud]]', '[toset(["a"]), tolist(["b"])]', '[[sens_s]]', '[sens_l, ["x"]]', '[null, ["a"]]']], None),
    "index": (['["a", "b"]', '"b"'], [SEQ, ANY + ['"c"', 'null']], None),
    "keys": (['{a = 1, b = 2}'], [MAP + SEQ[:4]], None),
    "values": (['{a = 1, b = 2}'], [MAP + SEQ[:4]], None),
    "length": (['["a"]'], [SEQ + MAP + STR + ['"👍🏽"', 'uset', 'usetn']], None),
    "list": (['"a"', '"b"'], [], ['"a"', 'us', 'ud', 'null', '1']),
    "map": (['"a"', '"b"'], [], ['"a"', 'us', 'ud', 'null', '1']),
    "lookup": (['{a = "x"}', '"a"', '"d"'], [MAP, STR + ['"a"', '"b"', '"c"'], ANY + ['"d"']], None),
    "matchkeys": (['["a", "b"]', '["x", "y"]', '["y"]'], [SEQ, SEQ, SEQ], None),
    "merge": (['{a = 1}', '{b = 2}'], [], MAP + ['{a = "z"}', '{c = 3}']),
    "one": (['["a"]'], [SEQ + ['["x"]', 'toset(["x"])', '[us]']], None),
    "range": (['1', '5'], [], NUM + ['3', '-5', '0.5', '1025']),
    "reverse": (['["a", "b"]'], [SEQ], None),
    "setintersection": (['["a", "b"]', '["b"]'], [SEQ], SEQ),
    "setunion": (['["a", "b"]', '["b"]'], [SEQ], SEQ),
    "setsubtract": (['["a", "b"]', '["b"]'], [SEQ, SEQ], None),
    "setproduct": (['["a", "b"]', '["x"]'], [], SEQ),
    "slice": (['["a", "b", "c"]', '1', '2'], [SEQ, NUM + ['3', '4'], NUM + ['3', '4']], None),
    "sort": (['["b", "a"]'], [SEQ + ['["b", us, "a"]', '["b", null]', '[3, 10, 2]']], None),
    "transpose": (['{a = ["1", "2"], b = ["2"]}'], [MAP + ['{a = ["1", us]}', '{a = ul}', '{a = ["1"], b = null}', '{a = [null]}', 'uml', '{a = sens_l}', '{a = lsens}']], None),
    "zipmap": (['["a", "b"]', '[1, 2]'], [SEQ, SEQ + MAP[:3]], None),
    "base64decode": (['"aGVsbG8="'], [STR + ['"aGVsbG8"', '"/w=="', '"aGVs bG8="', '"YWJj\\n"']], None),
    "base64encode": (['"hello"'], [STR], None),
    "base64gzip": (['"hello"'], [STR + ['"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"']], None),
    "base64gunzip": (['"H4sIAAAAAAAA/8pIzcnJBwQAAP//hqYQNgUAAAA="'], [STR + ['"H4sIAAAAAAAA/w=="', '"aGVsbG8="']], None),
    "csvdecode": (['"a,b\\n1,2"'], [STR + ['"a,b\\n1"', '"a,a\\n1,2"', '"a\\n\\"x"', '""', '"a,b\\n1,2\\n"']], None),
    "jsondecode": (['"{\\"a\\": 1}"'], [STR + ['"{\\"a\\": 1, \\"a\\": 2}"', '"[1, true, null, \\"x\\"]"', '"1e400"', '"{"', '"null"', '"1 2"', '"{\\"a\\": {\\"b\\": 1, \\"b\\": 2}}"']], None),
    "jsonencode": (['{a = 1}'], [ANY + SEQ + MAP + ['1/0', '1.5e300', '"<&>"', '{a = us}', '[us, 1]', 'toset(["a", us])', '{b = ud}', '[ub]', '{c = [un]}', 'tomap({z = us})', '[null, us]']], None),
    "textdecodebase64": (['"aABpAA=="', '"UTF-16LE"'], [STR, STR + ['"UTF-8"', '"ISO-8859-1"', '"x"']], None),
    "textencodebase64": (['"hi"', '"UTF-16LE"'], [STR, STR + ['"UTF-8"', '"ISO-8859-1"', '"x"', '"US-ASCII"']], None),
    "urlencode": (['"a b"'], [STR], None),
    "urldecode": (['"a+b%21"'], [STR + ['"%zz"', '"%"', '"a%2"']], None),
    "yamldecode": (['"a: 1"'], [STR + ['"a: yes"', '"a: on"', '"a: 0o17"', '"a: 0x1F"', '"- a\\n- b"', '"a: ~"', '"a: 1.5e3"', '"{a: 1, a: 2}"',
                                       '"x: &a {b: 1}\\ny:\\n  <<: *a\\n  c: 2"', '"x: &a {b: 1}\\nz: &c {d: 1}\\ny:\\n  <<: [*a, *c]"', '"a: .inf"', '"a: !!str 1"',
                                       '"a: 2001-12-14"', '"a: 1_000"', '"a: +1"', '"a: .5"', '"a: 0b101"', '"a: 017"', '"a: Null"', '"a: NULL"', '"a: y"', '"---\\n"',
                                       '"a: TRUE"', '"a: 1e3"', '"a: -.inf"', '"a: .NaN"', '"a: 0o8"', '"a: 12:30"', '"a: 1:20:30"', '"a: 0x"']], None),
    "yamlencode": (['{a = 1}'], [ANY + SEQ + MAP + ['{a = us}', '[us]', '"multi\\nline"', '1.5', '"yes"', '"1"']], None),
    "base64sha256": (['"x"'], [STR], None),
    "base64sha512": (['"x"'], [STR], None),
    "md5": (['"x"'], [STR], None),
    "sha1": (['"x"'], [STR], None),
    "sha256": (['"x"'], [STR], None),
    "sha512": (['"x"'], [STR], None),
    "uuidv5": (['"dns"', '"x"'], [STR + ['"url"', '"oid"', '"x500"', '"6ba7b810-9dad-11d1-80b4-00c04fd430c8"'], STR], None),
    "bcrypt": (['us'], [['us', 'usn', 'null', 'ud', 'sens_u', '1', '[]'], ], ['3', '40', 'un', 'null', '"x"']),
    "rsadecrypt": (['"eA=="', '"x"'], [STR, STR], None),
    "cidrhost": (['"10.0.0.0/8"', '2'], [CIDR, NUM + ['16777216', '256', '-256', '340282366920938463463374607431768211456']], None),
    "cidrnetmask": (['"10.0.0.0/8"'], [CIDR], None),
    "cidrsubnet": (['"10.0.0.0/8"', '8', '2'], [CIDR, NUM + ['24', '25', '33', '64', '100', '120'], NUM + ['256', '255', '-1']], None),
    "cidrsubnets": (['"10.0.0.0/8"', '8', '8'], [CIDR], NUM + ['24', '30', '33', '40', '64', '100', '121']),
    "cidrcontains": (['"10.0.0.0/8"', '"10.1.2.3"'], [CIDR, CIDR + ['"10.1.0.0/16"', '"11.0.0.0/8"', '"fd00::1"']], None),
    "formatdate": (['"YYYY-MM-DD hh:mm:ss ZZZ"', '"2017-11-22T00:00:00Z"'], [STR + ['"DD MMM YYYY"', '"EEEE, h:mm AA"', '"\'quoted\' YY"', '"\'unterminated"', '"ZZZZZ Z ZZZZ"', '"a b c"'], TIME], None),
    "timeadd": (['"2017-11-22T00:00:00Z"', '"1h"'], [TIME, DUR], None),
    "timecmp": (['"2017-11-22T00:00:00Z"', '"2017-11-22T01:00:00Z"'], [TIME, TIME], None),
    "basename": (['"a/b/c.txt"'], [STR + ['"/"', '"a/"', '"."']], None),
    "dirname": (['"a/b/c.txt"'], [STR + ['"/"', '"a/"', '"."']], None),
    "pathexpand": (['"/etc/x"'], [[x for x in STR if '~' not in x]], None),
    "tobool": (['"true"'], [ANY + BOOL], None),
    "tonumber": (['"1"'], [ANY + NUM], None),
    "tostring": (['1'], [ANY + ['1.5', 'true']], None),
    "tolist": (['["a", 1]'], [SEQ + MAP], None),
    "toset": (['["a", 1]'], [SEQ + MAP], None),
    "tomap": (['{a = 1}'], [SEQ[:6] + MAP], None),
    "sensitive": (['"x"'], [ANY + ['eph_s', 'sens_l', 'lsens', 'both', 'sens_null', 'us']], None),
    "nonsensitive": (['sens_s'], [ANY + ['eph_s', 'sens_l', 'lsens', 'both', 'sens_null', 'sens_u', 'msens']], None),
    "issensitive": (['sens_s'], [ANY + ['eph_s', 'sens_l', 'lsens', 'both', 'sens_null', 'sens_u', 'ud', 'us', 'usn']], None),
    "ephemeralasnull": (['eph_s'], [ANY + ['eph_s', 'eph_l', 'leph', 'meph', 'both', 'eph_u', 'sens_s', '{a = eph_s, b = [eph_n]}']], None),
    "can": (['1'], [ANY + ['us.x', 'ud.x', 'ul[0]', 'lwu[1]', 'nul.x', 'tonumber("x")', '[us][0]', 'sens_s', 'eph_s', 'usp', 'uln', '{a = us}', 'un + 1']], None),
    "try": (['1'], [ANY + ['us.x', 'ud.x', 'ul[0]', 'lwu[1]', 'nul.x', 'tonumber("x")', 'usp', 'uln', 'unb', '{a = us}', 'un + 1', 'sens_s', 'eph_s']], ['1', 'us', 'usp', 'tonumber("x")', 'null']),
    "convert": (['"1"', 'number'], [ANY, ['number', 'string', 'bool', 'list(string)', 'map(any)', 'object({a = optional(string, "d")})', 'any', 'set(number)', 'tuple([string])']], None),
}

TEMPLATES = {
    "tpl": "Hello, ${name}!",
    "tpl_nul": "${name}",
    "tpl_if": "%{ if name == \"x\" }yes%{ else }no%{ endif }",
    "tpl_bad": "${",
    "tpl_num": "${1 + 1}",
    "tpl_fn": "${upper(name)}",
    "tpl_var": "${other}",
    "sens_tpl": {"__sensitive__": "s-${name}"},
}

EXTRA = [
    # element: negative indices, tuples (go-cty 1.15, 1.16.2)
    'element(["a", "b", "c"], -1)', 'element(["a", "b", "c"], -4)', 'element(["a", 1, true], -1)', 'element(["a", 1, true], -5)',
    'element([], -1)', 'element(tolist([]), 0)', 'element(["a", 1], un)', 'element(tolist(["a"]), un)', 'element(ul, -1)', 'element(utup, 0)',
    'element(utup, -1)', 'element(["a", 1], 1.5)', 'element(["a"], 1e20)', 'element(ul, 1e20)', 'element(["a", 1], 1e20)',
    # contains / merge with nulls (go-cty 1.18.1)
    'contains(["a", null], null)', 'contains([], null)', 'contains(tolist(["a"]), tostring(null))', 'contains(["a"], nul)',
    'merge({a = 1}, null)', 'merge(null, {a = 1})', 'merge(tomap(null), {a = "x"})', 'merge({a = 1}, tomap(null))',
    'merge(null)', 'merge()', 'merge({a = 1}, nul)', 'merge(tomap({a = "x"}), null)', 'merge({}, {})', 'merge({a = 1}, {a = null})',
    'merge(tomap({a = 1}), tomap({b = "x"}))', 'merge(tomap({a = 1}), {b = "x"})', 'merge(uobj, {c = 1})', 'merge(um, {c = 1})',
    'merge({a = us}, {b = 1})', 'merge(ud, {a = 1})', 'merge({a = 1}, sens_m)', 'merge(umn, tomap({x = "y"}))',
    # format with nulls and unknown types (go-cty 1.16.1)
    'format("%s", null)', 'format("%d", null)', 'format("%v", null)', 'format("%q", null)', 'format("%s", ud)', 'format("%d", ud)',
    'format("%s %s", ud, "x")', 'format("%s", tostring(null))', 'format("a%s", us)', 'format("%s", usp)', 'format("%d", un)',
    'format("%[2]s", "a")', 'format("%s", [1])', 'format("%v", [1, "a"])', 'format("%v", {a = 1})', 'format("%#v", {a = 1})',
    'format("%s")', 'format("%d %d", 1)', 'format(us, 1)', 'format("%s", sens_s)', 'format("pre%s", ud)', 'format("%5.2f", ud)',
    'formatlist("%s", null)', 'formatlist("%s", [null])', 'formatlist("%s", ud)', 'formatlist("%s", ["a", ud])', 'formatlist("%s", ul)',
    'formatlist("%s-%s", ["a"], ["b", "c"])', 'formatlist("%s-%s", ["a", "b"], uln)', 'formatlist("%s", [])', 'formatlist("%d", ["a"])',
    'formatlist("%s", uln)', 'formatlist(us, ["a"])', 'formatlist("%s", tolist(["a", us]))', 'formatlist("%s %s", "x", "y")',
    # sort / setproduct with unknowns
    'sort(["b", us])', 'sort(ul)', 'sort(uln)', 'sort(tolist(lwu))', 'sort(["b", null])', 'setproduct(ul, ["a"])', 'setproduct(uln, ["a", "b"])',
    'setproduct(["a", us], ["b"])', 'setproduct(uset, toset(["a"]))', 'setproduct(usetn, toset(["a", "b"]))', 'setproduct([], ul)',
    'setproduct(ud, ["a"])', 'setproduct(["a"], [1])', 'setproduct(toset(["a"]), [1])', 'setproduct()', 'setproduct(["a"])',
    'setproduct(tolist([]), ul)', 'setproduct(uln, ulm)', 'setproduct(["a", 1], ["b"])', 'setproduct(toset(lwu), ["x"])',
    # length and friends with refined unknowns
    'length(ul)', 'length(uln)', 'length(ulm)', 'length(ulx)', 'length(uset)', 'length(usetn)', 'length(umn)', 'length(us)',
    'length(usp)', 'length(uspl)', 'length(ud)', 'length(utup)', 'length(uobj)', 'length(toset(lwu))', 'length(toset(["a", us, "b"]))',
    'length(sens_l)', 'length(sens_s)', 'length(eph_l)', 'length(null)', 'length(tostring(null))', 'length(lwu)', 'length(tolist(lwu))',
    'startswith(usp, "a")', 'startswith(usp, "abc")', 'startswith(usp, "b")', 'startswith(usp, "")', 'startswith(us, "")',
    'endswith(usp, "")', 'endswith(usp, "x")', 'strcontains(usp, "ab")', 'strcontains(usp, "b")', 'strcontains(usp, "")',
    'startswith(uspl, "hello")', 'startswith(uspl, "hello w")', 'startswith(uspl, "hello world")', 'startswith(uspl, "hello world!")',
    'startswith(uspl, "help")', 'strcontains(uspl, "lo w")', 'strcontains(uspl, "xyz")', 'startswith(sens_s, "s")', 'startswith(usp, sens_s)',
    'jsonencode(us)', 'jsonencode([us])', 'jsonencode({a = us})', 'jsonencode(ud)', 'jsonencode(ul)', 'jsonencode(um)', 'jsonencode(un)',
    'jsonencode(ub)', 'jsonencode(uobj)', 'jsonencode(utup)', 'jsonencode([1, us])', 'jsonencode(tolist([us]))', 'jsonencode(toset([us]))',
    'jsonencode(tomap({a = us}))', 'jsonencode(uln)', 'jsonencode(usn)', 'jsonencode(usp)', 'jsonencode(sens_u)', 'jsonencode(null)',
    'yamlencode(us)', 'yamlencode([us])', 'yamlencode(ud)',
    'coalesce(us, "a")', 'coalesce("a", us)', 'coalesce(usn, "a")', 'coalesce(null, usn)', 'coalesce(null, us)', 'coalesce(ud, "a")',
    'coalesce("", us)', 'coalesce(usp, "")', 'coalesce(null, "")', 'coalesce(tostring(null), 1)', 'coalesce(1, "a")', 'coalesce(null, null)',
    'coalesce()', 'coalesce([], ["a"])', 'coalesce(ul, ["a"])', 'coalesce(sens_s, "x")', 'coalesce("", sens_s)', 'coalesce(null, unb)',
    'concat(ul, ["a"])', 'concat(uln, ulm)', 'concat(["a"], ul)', 'concat(uln, ["a", "b"])', 'concat(utup, ["a"])', 'concat(ud, ["a"])',
    'concat(["a", us], ["b"])', 'concat(tolist(["a"]), ["b", 1])', 'concat()', 'concat(["a"])', 'concat([], [])', 'concat(null, ["a"])',
    'flatten(ul)', 'flatten(uln)', 'flatten([uln, ulm])', 'flatten([ul])', 'flatten(ull)', 'flatten([["a"], ul])', 'flatten(ud)',
    'compact(ul)', 'compact(uln)', 'compact(["a", us])', 'compact(["a", usn, ""])', 'compact(["", ""])',
    'distinct(ul)', 'distinct(uln)', 'distinct(["a", us])', 'distinct(["a", us, "a"])', 'distinct(ulm)',
    'chunklist(ul, 2)', 'chunklist(uln, 2)', 'chunklist(uln, 1)', 'chunklist(uln, 0)', 'chunklist(["a", us, "c"], 2)', 'chunklist(ulm, un)',
    'chunklist(["a"], un)', 'chunklist(["a", "b", "c"], unb)', 'chunklist(uln, 3)', 'chunklist([], 2)', 'chunklist(ulx, 2)',
    'keys(um)', 'keys(umn)', 'keys(uobj)', 'keys(ud)', 'keys(mwu)', 'keys(tomap(mwu))', 'values(um)', 'values(umn)', 'values(uobj)',
    'values(mwu)', 'values(tomap(mwu))', 'values(ud)', 'keys(sens_m)', 'values(sens_m)', 'keys(msens)', 'values(msens)',
    'zipmap(ul, ["a"])', 'zipmap(uln, ul)', 'zipmap(["a", "b"], ul)', 'zipmap(["a", us], [1, 2])', 'zipmap(["a"], ud)', 'zipmap(ud, [1])',
    'zipmap(["a", "a"], [1, 2])', 'zipmap(["a"], [1, 2])', 'zipmap(["a", "b"], [1, "x"])', 'zipmap(toset(["a"]), [1])', 'zipmap(["a", null], [1, 2])',
    'zipmap(uln, ["x", "y"])', 'zipmap(["a", "b"], uln)', 'zipmap(["a"], utup)',
    'slice(ul, 0, 1)', 'slice(uln, 0, 2)', 'slice(uln, 1, 1)', 'slice(uln, 0, 5)', 'slice(uln, un, 1)', 'slice(["a", "b"], un, 1)', 'slice(utup, 0, 1)',
    'slice(["a", 1, true], 1, 3)', 'slice(["a", 1, true], un, 2)', 'slice(ulm, 1, 3)', 'slice(ulx, 0, 3)',
    'range(un)', 'range(unb)', 'range(1, unb)', 'range(0, 10, unb)', 'range(unx)', 'range(0, un)',
    'split(",", us)', 'split(",", usp)', 'split(us, "a,b")', 'split("", "abc")', 'split(",", "")', 'split(",", usn)', 'split("b", usp)',
    'join(",", ul)', 'join(",", uln)', 'join(",", ["a", us])', 'join(us, ["a"])', 'join(us, ["a", "b"])', 'join(",", [])', 'join(",", ulm)',
    'join(",", ["a", null])', 'join("-", ["a"], ["b", "c"])', 'join(",", usetn)', 'join(",", [usp, "b"])', 'join("x", [usp])',
    'tolist(ud)', 'tolist(ul)', 'tolist(uset)', 'tolist(usetn)', 'tolist(lwu)', 'toset(ul)', 'toset(uln)', 'toset(lwu)', 'tomap(um)',
    'tomap(uobj)', 'tomap(mwu)', 'tomap(owu)', 'tostring(us)', 'tostring(un)', 'tostring(ub)', 'tonumber(us)', 'tonumber(usp)',
    'tobool(us)', 'tostring(ud)', 'tostring(null)', 'tolist(null)', 'toset(null)', 'tomap(null)', 'tonumber(null)', 'tobool(null)',
    'tostring([])', 'tolist({a = 1})', 'toset(["a", 1])', 'tolist(["a", [1]])', 'tomap({a = 1, b = "x"})', 'tomap({a = [1], b = "x"})',
    'reverse(ul)', 'reverse(uln)', 'reverse(utup)', 'reverse(uset)', 'reverse(usetn)',
    'sum(ul)', 'sum(ulnum)', 'sum([1, un])', 'sum([unb, 2])', 'sum([unb, unb])', 'sum([un, 1/0])', 'sum([1/0, -1/0])', 'sum(toset([1, 2, un]))',
    'max(unb, 3)', 'max(unb, 20)', 'min(unb, 3)', 'min(unb, 0)', 'max(un)', 'min(unb, unneg)', 'max(unb, unneg)', 'max()', 'max(1/0, -1/0)',
    'abs(unb)', 'abs(unneg)', 'ceil(unb)', 'floor(unb)', 'signum(unb)', 'signum(unneg)', 'abs(unx)', 'ceil(1/0)', 'floor(-1/0)', 'abs(-1/0)',
    'pow(0/0, 1)', 'log(0/0, 1)', 'pow(2, 1/0)', 'pow(-1, 0.5)', 'log(-1, 2)', 'log(0, 2)', 'log(1, 1)', 'log(2, 1)', 'log(8, 0)',
    'pow(1/0, 0)', 'pow(0, -1)', 'log(1/0, 2)', 'log(2, 1/0)', 'pow(-1/0, 3)', 'pow(-8, 1/3)', 'log(16, -2)', 'pow(un, 0)', 'log(un, 1)',
    'parseint(us, 16)', 'parseint("ff", un)', 'parseint(usp, 16)', 'parseint("ff", 1)', 'parseint("ff", 63)', 'parseint(1, 10)', 'parseint(null, 10)',
    'index(ul, "a")', 'index(["a", us], "a")', 'index([us, "a"], "a")', 'index(["a"], us)', 'index([], "a")', 'index(toset(["a"]), "a")',
    'index(["a", "b"], sens_s)', 'index(utup, "a")', 'index(["a", 1], 1)', 'index(["a", 1], "1")',
    'lookup(um, "a")', 'lookup(um, "a", "d")', 'lookup(umn, "a", "d")', 'lookup(uobj, "a")', 'lookup(uobj, "c", "d")', 'lookup(mwu, "b")',
    'lookup(mwu, "b", 1)', 'lookup({a = "x"}, us)', 'lookup({a = "x"}, us, "d")', 'lookup({a = 1}, "b", "x")', 'lookup({a = 1, b = "x"}, "a")',
    'lookup(tomap({a = 1}), "b", "x")', 'lookup({a = 1}, "b", null)', 'lookup({a = 1}, "b", ud)', 'lookup({a = 1}, "a", ud)', 'lookup(ud, "a")',
    'lookup(ud, "a", 1)', 'lookup({a = 1}, "a", "x", "y")', 'lookup({}, "a")', 'lookup(sens_m, "a")', 'lookup(msens, "b")', 'lookup(sens_m, "z", "d")',
    'lookup({a = sens_s}, "a")', 'lookup({a = 1}, sens_s, 2)',
    'one(ul)', 'one(uln)', 'one(ulx)', 'one(ulm)', 'one(uset)', 'one(usetn)', 'one(utup)', 'one(toset(lwu))', 'one([us])', 'one(toset([us]))',
    'one(null)', 'one(tolist(null))', 'one([null])', 'one(ud)', 'one(sens_l)', 'one([sens_s])',
    'alltrue(ul)', 'alltrue(ulb)', 'anytrue(ulb)', 'alltrue([ub, false])', 'anytrue([ub, true])', 'alltrue([ubn])', 'alltrue([true, ubn])',
    'matchkeys(["a"], ul, ["x"])', 'matchkeys(ul, ["x"], ["x"])', 'matchkeys(["a", "b"], ["x", us], ["x"])', 'matchkeys(["a"], ["x"], [us])',
    'matchkeys(["a"], ["x"], ul)', 'matchkeys(["a"], ["x", "y"], ["x"])', 'matchkeys([], [], ["x"])', 'matchkeys(["a", "b"], [1, 2], ["1"])',
    'setunion(ul, ["a"])', 'setunion(uset, toset(["a"]))', 'setunion(usetn, ["a"])', 'setunion(["a", us], ["b"])', 'setintersection(ul, ["a"])',
    'setintersection(usetn, [])', 'setintersection([], ul)', 'setsubtract(ul, ["a"])', 'setsubtract(["a"], ul)', 'setsubtract([], ul)',
    'setsubtract(["a", us], ["a"])', 'setintersection(["a", us], ["a"])', 'setunion(ud, ["a"])', 'setunion(["a"], [1])', 'setunion()',
    'setunion([], [])', 'setunion(["a"], [[1]])', 'setintersection(usetn, usetn)', 'setsubtract(usetn, [])',
    'transpose(um)', 'transpose({a = ul})', 'transpose({a = ["x", us]})', 'transpose(uml)', 'transpose(ud)',
    'issensitive(us)', 'issensitive(usn)', 'issensitive(ud)', 'issensitive(sens_u)', 'issensitive(lsens)', 'issensitive(sens_null)',
    'issensitive(eph_s)', 'issensitive(null)', 'issensitive(both)',
    'nonsensitive("x")', 'nonsensitive(us)', 'nonsensitive(sens_u)', 'nonsensitive(lsens)', 'nonsensitive(both)', 'nonsensitive(null)',
    'nonsensitive(eph_s)', 'nonsensitive(ud)', 'nonsensitive(msens)', 'nonsensitive(sens_null)', 'nonsensitive(sens_l)',
    'sensitive(eph_s)', 'sensitive(us)', 'sensitive(null)', 'sensitive(ud)', 'sensitive(lsens)',
    'ephemeralasnull(eph_s)', 'ephemeralasnull(leph)', 'ephemeralasnull(meph)', 'ephemeralasnull(both)', 'ephemeralasnull(eph_u)',
    'ephemeralasnull(us)', 'ephemeralasnull(ud)', 'ephemeralasnull(null)', 'ephemeralasnull(tolist(leph))', 'ephemeralasnull(toset(leph))',
    'ephemeralasnull(eph_l)', 'ephemeralasnull({a = eph_s})', 'ephemeralasnull(sens_s)', 'ephemeralasnull(tomap(meph))',
    'upper(eph_s)', 'length(eph_s)', 'jsonencode(eph_l)', 'tostring(eph_s)', 'join(",", leph)', 'concat(eph_l, ["x"])', 'eph_s == "eph"',
    'format("%s", eph_s)', 'sha256(eph_s)', 'uuidv5("dns", eph_s)', 'bcrypt(eph_s)', 'lookup(meph, "b")', 'keys(meph)', 'merge(meph, {})',
    'can(eph_s)', 'try(eph_s, 1)', 'sensitive(eph_s) == "eph"', 'issensitive(sensitive(eph_s))', 'nonsensitive(sensitive(eph_s))',
    'list()', 'list("a")', 'list(us)', 'list(ud)', 'map()', 'map("a", "b")', 'map(us, ud)', 'list(null)', 'map(null, null)',
    'templatestring(tpl, {name = "x"})', 'templatestring(tpl_nul, {name = null})', 'templatestring(tpl_nul, {name = "x"})',
    'templatestring(tpl_nul, {name = 1})', 'templatestring(tpl_nul, {name = [1]})', 'templatestring(tpl_nul, {name = us})',
    'templatestring(tpl_nul, {name = ud})', 'templatestring(tpl, {})', 'templatestring(tpl_var, {name = 1})',
    'templatestring("x${tpl}", {})', 'templatestring(tpl_fn, {name = "x"})', 'templatestring(tpl_fn_ts, {})', 'templatestring(tpl_file, {})',
    'templatestring(tpl_nul, {name = sens_s})', 'templatestring(sens_tpl, {name = "n"})', 'templatestring(tpl_nul, {name = tostring(null)})',
    'templatestring(tpl2, {a = "b"})', 'templatestring(tpl_nested["x"], {name = "n"})', 'templatestring(tpl_nested.x, {name = "n"})',
    'templatestring(tpls[0], {name = "n"})', 'templatestring(upper(tpl), {})', 'templatestring(tpl, us)', 'templatestring(tpl, {name = eph_s})',
    'formatdate("YYYY", usp)', 'formatdate(us, "2017-11-22T00:00:00Z")', 'timeadd(usp, "1h")', 'timecmp(us, "2017-11-22T00:00:00Z")',
    'formatdate("YYYY-MM-DD\'T\'hh:mm:ssZ", "2017-11-22T00:00:00.123456789Z")', 'formatdate("h:mm:ss aa", "2017-11-22T13:04:05Z")',
    'timeadd("2017-11-22T00:00:00Z", "1h1h")', 'timeadd("2017-11-22T00:00:00+05:30", "-30m")', 'timeadd("2017-11-22T00:00:00.000000001Z", "1ns")',
    'cidrsubnets("fd00::/8", 40, 40)', 'cidrsubnets("fd00::/8", 33)', 'cidrsubnets("fd00::/8", 64, 64)', 'cidrsubnets("fd00::/8", 100)',
    'cidrsubnets("fd00::/8", 121)', 'cidrsubnets("10.0.0.0/8", 24, 25)', 'cidrsubnets("10.0.0.0/8")', 'cidrsubnets("fd00::/56", 72)',
    'cidrsubnet("fd00::/8", 40, 1)', 'cidrsubnet("fd00::/8", 64, 3)', 'cidrsubnet("fd00::/8", 33, 8589934591)', 'cidrhost("fd00::/8", -1)',
    'cidrsubnets("10.0.0.0/8", un)', 'cidrsubnets(us, 8)', 'cidrsubnets("10.0.0.0/8", 8, un)',
    'regex("\\\\p{Letter}+", "héllo1")', 'regex("\\\\p{L}+", "abc")', 'regex("\\\\p{Greek}", "α")', 'regex("[[:alpha:]]+", "ab1")',
    'regex("\\\\p{Lu}", "aB")', 'regex("\\\\PL", "a1")', 'regex("\\\\p{Latin}", "a")', 'regex("\\\\p{Han}", "中")', 'regex("\\\\p{Letter}", "1")',
    'regexall("\\\\p{Letter}", "a1b")', 'regex("(?P<a>x)|(?P<b>y)", "y")', 'regex("(x)|(y)", "y")', 'regex("a", us)', 'regex(us, "a")',
    'regex("(?P<a>x)", us)', 'regex("(x)", usp)', 'regexall("x", us)', 'regexall("(?P<a>x)", us)',
    'urlencode("a b&c=d/é~")', 'urldecode("a%20b%2Fc%C3%A9+")', 'urldecode("%C3")', 'urldecode("%ff")',
    'base64gzip("")', 'base64gzip("hello world")', 'base64gzip("é")', 'base64gunzip(base64gzip("héllo"))', 'base64gunzip("H4sIAAAAAAAA")',
    'base64gunzip("!!")', 'base64gunzip("")',
    'cidrcontains("10.0.0.0/8", "10.0.0.0/8")', 'cidrcontains("10.0.0.0/8", "10.0.0.0/7")', 'cidrcontains("10.0.0.0/8", "fd00::1")',
    'cidrcontains("fd00::/8", "fd00::1")', 'cidrcontains("10.0.0.1", "10.0.0.1")', 'cidrcontains("10.0.0.0/8", "x")', 'cidrcontains(us, "10.0.0.1")',
    'cidrcontains("10.0.0.0/8", us)', 'cidrcontains("10.0.0.0/8", "::ffff:10.0.0.1")', 'cidrcontains("::ffff:10.0.0.0/104", "10.0.0.1")',
    'yamldecode("a: 1\\n---\\nb: 2")', 'yamldecode("")', 'yamldecode("a: &x 1\\nb: *x")', 'yamldecode("- !!binary aGVsbG8=")', 'yamldecode(us)',
    'yamldecode("a: 0o777")', 'yamldecode("a: 0777")', 'yamldecode("[yes, no, on, off, y, n, True, FALSE]")', 'yamldecode("a: 1.0")',
    'yamldecode("a: 1e400")', 'yamldecode("a: 0x_1F")', 'yamldecode("x: &a\\n  b: 1\\ny:\\n  <<: *a\\n  b: 2")',
    'yamldecode("a: +.inf")', 'yamldecode("a: 1__0")', 'yamldecode("? [a]\\n: 1")', 'yamldecode("a: !!int \\"3\\"")', 'yamldecode("a: !!float 3")',
    'jsondecode("{\\"a\\": 1, \\"a\\": 1}")', 'jsondecode("[1, {\\"x\\": 1, \\"x\\": null}]")', 'jsondecode(us)', 'jsondecode(usp)',
    'jsondecode("\\"\\\\ud800\\"")', 'jsondecode("1.0")', 'jsondecode("-0")', 'jsondecode("[]")', 'jsondecode("{}")',
    'csvdecode(us)', 'csvdecode("a\\n1\\n")', 'csvdecode("a,b\\n1,2,3")',
    'uuidv5(us, "x")', 'uuidv5("dns", us)', 'uuidv5("nope", us)', 'bcrypt("x", 3)', 'bcrypt("x", 32)', 'bcrypt(us, 3)', 'bcrypt(us, 32)',
    'textencodebase64("é", "US-ASCII")', 'textencodebase64("€", "ISO-8859-1")', 'textencodebase64("€", "windows-1252")', 'textdecodebase64("gA==", "windows-1252")',
    'textdecodebase64("//4=", "UTF-16")', 'textencodebase64("a", "UTF-16")', 'textencodebase64("a", "utf-16le")', 'textencodebase64("a", "latin1")',
    'textencodebase64("a", "Shift_JIS")', 'textdecodebase64("gqA=", "Shift_JIS")', 'textencodebase64("a", "EUC-KR")', 'textencodebase64("a", "GBK")',
    'indent(2, us)', 'indent(un, "a\\nb")', 'indent(-1, "a\\nb")', 'indent(2, "a\\n\\nb\\n")', 'indent(1.5, "a\\nb")',
    'substr(us, 0, 1)', 'substr(usp, 0, 1)', 'substr("abc", un, 1)', 'substr("abc", -1, 1)', 'substr("abc", 1, -1)', 'substr("abc", 5, 1)',
    'substr("abc", -5, 2)', 'substr("cafe\\u0301s", 3, 1)', 'substr("abc", 0, 1e20)',
    'replace(us, "a", "b")', 'replace(usp, "a", "b")', 'replace("abc", us, "b")', 'replace("abc", "", "-")', 'replace("abc", "//", "-")',
    'replace("aaa", "/a*/", "b")', 'replace("abc", "/(?P<x>b)/", "[$x]")', 'replace("abc", "/b/", "$$")',
    'trim(usp, "a")', 'trimprefix(usp, "a")', 'trimprefix(usp, "ab")', 'trimprefix(usp, "abc")', 'trimsuffix(usp, "x")', 'trimspace(usp)',
    'lower(usp)', 'upper(usp)', 'title(usp)', 'chomp(usp)', 'strrev(usp)', 'lower(usn)',
    'base64encode(usp)', 'sha256(usp)', 'urlencode(usp)',
    'coalescelist(ul, ["a"])', 'coalescelist(uln, ["a"])', 'coalescelist(["a"], ul)', 'coalescelist([], ul)', 'coalescelist(null, ["a"])',
    'coalescelist(ud, ["a"])', 'coalescelist([], [])', 'coalescelist()', 'coalescelist(tolist([]), [1])', 'coalescelist(["a"], [1])',
    'coalescelist(sens_l, ["x"])', 'coalescelist(ulm, ul)',
    'can(us)', 'can(ud)', 'can(usp)', 'can(uln)', 'can([us])', 'can(us.x)', 'can(ul[0])', 'can(ud[0])', 'can(lwu[1])', 'can(lwu[5])', 'can(mwu.b)',
    'can(mwu.c)', 'can(mwu.b.c)', 'can(uobj.a)', 'can(uobj.c)', 'can(sens_s)', 'can(sens_u)', 'can(eph_u)', 'can(upper(us))', 'can(upper(1))',
    'can(tonumber(us))', 'can(nul)', 'can(nul.x)', 'can(us == 1)', 'can(length(uln))', 'can(un + 1)', 'can(uln[0])', 'can(ulm[0])',
    'try(us, "x")', 'try(usp, "x")', 'try(usn, "x")', 'try(unb, 1)', 'try(uln, ["a"])', 'try(ud, 1)', 'try(us.x, 1)', 'try(ul[0], "x")',
    'try(lwu[1], "x")', 'try(lwu[5], "x")', 'try(mwu.b, "x")', 'try(mwu.c, "x")', 'try(uobj.a, "x")', 'try(uobj.c, "x")', 'try(sens_s, "x")',
    'try(sens_u, "x")', 'try(eph_u, "x")', 'try(upper(us), "x")', 'try(tonumber("x"), us)', 'try(tonumber("x"), usp)', 'try(nul.x, usp)',
    'try(tonumber(us), 1)', 'try(us == 1, 1)', 'try(un + 1, 1)', 'try([us], 1)', 'try({a = us}, 1)', 'try(uln[0], "x")', 'try(ulm[0], "x")',
    'try(usp, 1)', 'try(nul.x)', 'try()', 'try(tonumber("x"), tonumber("y"))', 'try(us.x, tonumber("y"))', 'try(lwun[1], "x")',
    'try(tostring(usp), "x")', 'try(usp, ud)', 'try(ud.a.b, "x")', 'try(uobj, 1)', 'try(utup[0], 1)', 'try(utup[3], 1)',
    'convert(us, number)', 'convert(usp, string)', 'convert(usn, string)', 'convert(ud, string)', 'convert(uln, list(string))',
    'convert(uln, set(string))', 'convert(null, string)', 'convert(sens_s, string)', 'convert({}, object({a = optional(string, "d")}))',
    'convert({a = null}, object({a = optional(string, "d")}))', 'convert(uobj, object({a = string}))', 'convert(["a"], list(number))',
    'convert(eph_s, string)', 'convert(unb, string)', 'convert(usp, number)', 'convert(un, string)', 'convert(uln, tuple([string, string]))',
    'tostring(unb)', 'tostring(usp)', 'tonumber(unb)', 'tolist(uln)', 'toset(usetn)', 'tolist(usetn)', 'toset(ulm)', 'tomap(umn)',
    'tolist(sens_l)', 'toset(lsens)', 'tomap(msens)', 'tostring(sens_n)', 'tolist(eph_l)',
]


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--random", type=int, default=6, help="random combinations per function")
    ap.add_argument("--only", default="")
    ap.add_argument("--seed", type=int, default=1)
    return ap.parse_args()


IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")


def vars_for(expr):
    names = set(IDENT.findall(re.sub(r'"(?:[^"\\]|\\.)*"', '""', expr)))
    out = {}
    allv = dict(VARS)
    allv.update(TEMPLATES)
    allv["tpl2"] = "${a}-${a}"
    allv["tpl_fn_ts"] = "${templatestring(\"x\", {})}"
    allv["tpl_file"] = "${file(\"x\")}"
    allv["tpl_nested"] = {"x": "n=${name}"}
    allv["tpls"] = ["n=${name}"]
    for n in sorted(names):
        if n in allv:
            out[n] = allv[n]
    return out


def main():
    args = parse_args()
    rnd = random.Random(args.seed)
    only = set(filter(None, args.only.split(",")))
    exprs = []
    for name, (base, pools, var) in F.items():
        if only and name not in only:
            continue
        calls = set()
        calls.add(tuple(base))
        # each fixed parameter varied over its pool
        for i, pool in enumerate(pools):
            for v in pool:
                a = list(base)
                a[i] = v
                calls.add(tuple(a))
        if var is not None:
            nfixed = len(pools)
            fixed = base[:nfixed]
            for v in var:
                calls.add(tuple(fixed + [v]))
                calls.add(tuple(fixed + [base[-1], v]))
                calls.add(tuple(fixed + [v, base[-1]]))
            calls.add(tuple(fixed))
        # random combinations
        for _ in range(args.random):
            a = [rnd.choice(p) for p in pools]
            if var is not None:
                a += [rnd.choice(var) for _ in range(rnd.randint(0, 3))]
            calls.add(tuple(a))
        for a in sorted(calls):
            exprs.append(f"{name}({', '.join(a)})")
        # the expanding form
        if var is not None and name not in ("try",):
            exprs.append(f"{name}({', '.join(base[:len(pools)] + ['[' + ', '.join(base[len(pools):]) + ']...'])})")
            exprs.append(f"{name}({', '.join(base[:len(pools)] + ['ul...'])})")
        exprs.append(f"core::{name}({', '.join(base)})")
    if not only:
        exprs += EXTRA
    seen = set()
    n = 0
    for e in exprs:
        if e in seen:
            continue
        seen.add(e)
        n += 1
        print(json.dumps({"id": f"fn-{n}", "expr": e, "vars": vars_for(e)}, ensure_ascii=False))


if __name__ == "__main__":
    main()
