//! One-line table tests for the IP network and date/time functions:
//! expression → console rendering and type, or expression → error summary
//! and detail. formatdate and timeadd are checked against the oracle
//! (`shared/oracle`); the other functions are not in the oracle, so their
//! documented examples use `console_expected` from
//! `shared/reference/function_examples.jsonl`, and the further cases were
//! checked against a harness running Terraform's `cidr.go` and `timecmp` on
//! go-cidr v1.1.0 and Go's `net`/`time` packages. `timestamp` reads the
//! clock, so only its shape is tested.

mod common;

use hcl_playground::{evaluate, Options, Variables};

table!("{}");

#[test]
fn formatdate() {
    ok(r#"formatdate("DD MMM YYYY hh:mm ZZZ", "2018-01-02T23:12:01Z")"#, r#""02 Jan 2018 23:12 UTC""#, "string");
    ok(r#"formatdate("EEEE, DD-MMM-YY hh:mm:ss ZZZ", "2018-01-02T23:12:01Z")"#, r#""Tuesday, 02-Jan-18 23:12:01 UTC""#, "string");
    ok(r#"formatdate("EEE, DD MMM YYYY hh:mm:ss ZZZ", "2018-01-02T23:12:01-08:00")"#, r#""Tue, 02 Jan 2018 23:12:01 -0800""#, "string");
    ok(r#"formatdate("MMM DD, YYYY", "2018-01-02T23:12:01Z")"#, r#""Jan 02, 2018""#, "string");
    ok(r#"formatdate("HH:mmaa", "2018-01-02T23:12:01Z")"#, r#""11:12pm""#, "string");
    ok(r#"formatdate("h'h'mm", "2018-01-02T23:12:01-08:00")"#, r#""23h12""#, "string");
    ok(r#"formatdate("H 'o''clock'", "2018-01-02T23:12:01-08:00")"#, r#""11 o'clock""#, "string");
    ok(r#"formatdate("YYYY-MM-DD'T'hh:mm:ssZ", "2018-07-08T03:04:05.25+05:30")"#, r#""2018-07-08T03:04:05+05:30""#, "string");
    ok(r#"formatdate("M/D/YY h:m:s AA ZZZZ ZZZZZ Z", "2009-02-03T04:05:06-00:30")"#, r#""2/3/09 4:5:6 AM -0030 -00:30 -00:30""#, "string");
    ok(r#"formatdate("EEEE MMMM D, YYYY", "2016-02-29T00:00:00Z")"#, r#""Monday February 29, 2016""#, "string");
    ok(r#"formatdate("H AA", "2018-01-02T00:30:00Z")"#, r#""12 AM""#, "string");
    ok(r#"formatdate("'it''s' h", "2018-01-02T9:05:00,5Z")"#, r#""it's 9""#, "string");
    ok(r#"formatdate("ZZZ", "2018-01-02T23:12:01+00:00")"#, r#""UTC""#, "string");
    ok(r#"formatdate("Z ZZZ", "2018-01-02T00:00:00+99:99")"#, r#""+100:39 +10039""#, "string");
    ok(r#"formatdate("日付: YYYY", "2018-01-02T23:12:01Z")"#, r#""日付: 2018""#, "string");
    ok(r#"formatdate("'abc''", "2018-01-02T23:12:01Z")"#, r#""abc'""#, "string");
    err(
        r#"formatdate("Y", "2018-01-02T23:12:01Z")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "format" parameter: invalid date format verb "Y": year must either be "YY" or "YYYY"."#
        ),
    );
    err(
        r#"formatdate("x", "2018-01-02T23:12:01Z")"#,
        concat!("Invalid function argument", ": ", r#"Invalid value for "format" parameter: invalid date format verb "x"."#),
    );
    err(
        r#"formatdate("ZZ", "2018-01-02T23:12:01Z")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "format" parameter: invalid date format verb "ZZ": timezone must be Z, ZZZZ, or ZZZZZ."#
        ),
    );
    err(
        r#"formatdate("a", "2018-01-02T23:12:01Z")"#,
        concat!("Invalid function argument", ": ", r#"Invalid value for "format" parameter: invalid date format verb "a": must be "aa"."#),
    );
    err(
        r#"formatdate("'abc", "2018-01-02T23:12:01Z")"#,
        concat!("Invalid function argument", ": ", r#"Invalid value for "format" parameter: unterminated literal '."#),
    );
    err(
        r#"formatdate("YYYY", "2018-13-02T00:00:00Z")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot use "-02T00:00:00Z" as month."#
        ),
    );
    err(
        r#"formatdate("YYYY", "2018-02-30T00:00:00Z")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "time" parameter: not a valid RFC3339 timestamp: day out of range."#
        ),
    );
    err(
        r#"formatdate("YYYY", "2018-01-02 00:00:00Z")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "time" parameter: not a valid RFC3339 timestamp: missing required time introducer 'T'."#
        ),
    );
    err(
        r#"formatdate("YYYY", "2018/01/02T00:00:00Z")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "time" parameter: not a valid RFC3339 timestamp: found "/01/02T00:00:00Z" where "-" is expected."#
        ),
    );
    err(
        r#"formatdate("YYYY", "2018-01-02T00:00:00")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "time" parameter: not a valid RFC3339 timestamp: end of string before UTC offset."#
        ),
    );
    err(
        r#"formatdate("YYYY", "2018-01-02T00:00:00+0800")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot use "+0800" as UTC offset."#
        ),
    );
    err(
        r#"formatdate("YYYY", "2018-01-02T00:00:00Zjunk")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot use "junk" as timestamp segment."#
        ),
    );
    err(
        r#"formatdate("YYYY", "2018-01-02T24:00:00Z")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "time" parameter: not a valid RFC3339 timestamp: cannot use ":00:00Z" as hour."#
        ),
    );
}

#[test]
fn timeadd() {
    ok(r#"timeadd("2017-11-22T00:00:00Z", "10m")"#, r#""2017-11-22T00:10:00Z""#, "string");
    ok(r#"timeadd("2024-08-16T12:45:05Z", "10m")"#, r#""2024-08-16T12:55:05Z""#, "string");
    ok(r#"timeadd("2024-08-16T12:45:05Z", "-10m")"#, r#""2024-08-16T12:35:05Z""#, "string");
    ok(r#"timeadd("2017-11-22T00:00:00Z", "1h30m15s")"#, r#""2017-11-22T01:30:15Z""#, "string");
    ok(r#"timeadd("2017-11-22T00:00:00-08:00", "-1.5h")"#, r#""2017-11-21T22:30:00-08:00""#, "string");
    ok(r#"timeadd("2017-11-22T00:00:00.75Z", "250ms")"#, r#""2017-11-22T00:00:01Z""#, "string");
    ok(r#"timeadd("2017-11-22T00:00:00Z", "1µs")"#, r#""2017-11-22T00:00:00Z""#, "string");
    ok(r#"timeadd("2017-11-22T00:00:00Z", "+0")"#, r#""2017-11-22T00:00:00Z""#, "string");
    ok(r#"timeadd("2016-02-28T23:00:00+05:30", "24h")"#, r#""2016-02-29T23:00:00+05:30""#, "string");
    ok(r#"timeadd("0000-01-01T00:00:00Z", "-1h")"#, r#""-0001-12-31T23:00:00Z""#, "string");
    ok(r#"timeadd("9999-12-31T23:59:59Z", "2562047h")"#, r#""10292-04-10T22:59:59Z""#, "string");
    ok(r#"timeadd("2017-11-22T00:00:00+99:99", "1ns")"#, r#""2017-11-22T00:00:00+100:39""#, "string");
    err(
        r#"timeadd("2017-11-22T00:00:00Z", "1d")"#,
        concat!("Error in function call", ": ", r#"Call to function "timeadd" failed: time: unknown unit "d" in duration "1d"."#),
    );
    err(
        r#"timeadd("2017-11-22T00:00:00Z", "")"#,
        concat!("Error in function call", ": ", r#"Call to function "timeadd" failed: time: invalid duration ""."#),
    );
    err(
        r#"timeadd("2017-11-22T00:00:00Z", "10")"#,
        concat!("Error in function call", ": ", r#"Call to function "timeadd" failed: time: missing unit in duration "10"."#),
    );
    err(
        r#"timeadd("2017-11-22T00:00:00Z", "2562048h")"#,
        concat!("Error in function call", ": ", r#"Call to function "timeadd" failed: time: invalid duration "2562048h"."#),
    );
    err(
        r#"timeadd("2017-11-22T00:00:00Z", "1é")"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "timeadd" failed: time: unknown unit "\xc3\xa9" in duration "1\xc3\xa9"."#
        ),
    );
    err(
        r#"timeadd("2017-11-22", "1h")"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "timeadd" failed: not a valid RFC3339 timestamp: missing required time introducer 'T'."#
        ),
    );
}

#[test]
fn timecmp() {
    ok(r#"timecmp("2017-11-22T00:00:00Z", "2017-11-22T00:00:00Z")"#, "0", "number");
    ok(r#"timecmp("2017-11-22T00:00:00Z", "2017-11-22T01:00:00Z")"#, "-1", "number");
    ok(r#"timecmp("2017-11-22T01:00:00Z", "2017-11-22T00:00:00Z")"#, "1", "number");
    ok(r#"timecmp("2017-11-22T01:00:00Z", "2017-11-22T00:00:00-01:00")"#, "0", "number");
    ok(r#"timecmp("2017-11-22T00:00:00.000000001Z", "2017-11-22T00:00:00Z")"#, "1", "number");
    ok(r#"timecmp("2017-11-22T05:30:00+05:30", "2017-11-22T00:00:00Z")"#, "0", "number");
    err(
        r#"timecmp("2017-11-22T00:00:00Z", "2017-11-22")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "timestamp_b" parameter: not a valid RFC3339 timestamp: missing required time introducer 'T'."#
        ),
    );
    err(
        r#"timecmp("yesterday", "2017-11-22T00:00:00Z")"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "timestamp_a" parameter: not a valid RFC3339 timestamp: cannot use "yesterday" as year."#
        ),
    );
}

#[test]
fn cidrcontains() {
    ok(r#"cidrcontains("192.168.2.0/20", "192.168.2.1")"#, "true", "bool");
    ok(r#"cidrcontains("192.168.2.0/20", "192.168.2.0/22")"#, "true", "bool");
    ok(r#"cidrcontains("192.168.2.0/20", "192.126.2.1")"#, "false", "bool");
    ok(r#"cidrcontains("192.168.2.0/20", "192.126.2.0/18")"#, "false", "bool");
    ok(r#"cidrcontains("fe80::/48", "fe80::1")"#, "true", "bool");
    ok(r#"cidrcontains("fe80::/48", "fe81::1")"#, "false", "bool");
    ok(r#"cidrcontains("10.0.0.0/8", "::ffff:10.1.2.3")"#, "true", "bool");
    ok(r#"cidrcontains("10.0.0.0/8", "010.000.000.001")"#, "true", "bool");
    ok(r#"cidrcontains("10.0.0.0/8", "10.0.0.0/7")"#, "false", "bool");
    err(
        r#"cidrcontains("10.0.0.0/8", "fe80::1")"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrcontains" failed: address family mismatch: 10.0.0.0/8 vs. fe80::1."#
        ),
    );
    err(
        r#"cidrcontains("10.0.0.0", "10.0.0.1")"#,
        concat!("Error in function call", ": ", r#"Call to function "cidrcontains" failed: invalid CIDR address: 10.0.0.0."#),
    );
    err(
        r#"cidrcontains("10.0.0.0/8", "10.0.0.300")"#,
        concat!("Error in function call", ": ", r#"Call to function "cidrcontains" failed: invalid IP address or prefix: 10.0.0.300."#),
    );
}

#[test]
fn cidrhost() {
    ok(r#"cidrhost("10.12.112.0/20", 16)"#, r#""10.12.112.16""#, "string");
    ok(r#"cidrhost("10.12.112.0/20", 268)"#, r#""10.12.113.12""#, "string");
    ok(r#"cidrhost("fd00:fd12:3456:7890:00a2::/72", 34)"#, r#""fd00:fd12:3456:7890::22""#, "string");
    ok(r#"cidrhost("10.1.2.240/28", 1)"#, r#""10.1.2.241""#, "string");
    ok(r#"cidrhost("10.1.2.240/28", 14)"#, r#""10.1.2.254""#, "string");
    ok(r#"cidrhost("10.1.2.0/24", -1)"#, r#""10.1.2.255""#, "string");
    ok(r#"cidrhost("10.1.2.0/24", -256)"#, r#""10.1.2.0""#, "string");
    ok(r#"cidrhost("010.001.002.003/24", 5)"#, r#""10.1.2.5""#, "string");
    ok(r#"cidrhost("::/0", -1)"#, r#""ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff""#, "string");
    ok(r#"cidrhost("2001:db8::/32", 4294967296)"#, r#""2001:db8::1:0:0""#, "string");
    ok(r#"cidrhost("::ffff:10.0.0.0/120", 1)"#, r#""0:1::ffff:a00:0""#, "string");
    err(
        r#"cidrhost("10.1.2.0/24", 256)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrhost" failed: prefix of 24 does not accommodate a host numbered 256."#
        ),
    );
    err(
        r#"cidrhost("10.1.2.0/24", -257)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrhost" failed: prefix of 24 does not accommodate a host numbered -1."#
        ),
    );
    err(
        r#"cidrhost("10.0.0.0/8", -1e200)"#,
        &format!(
            r#"Error in function call: Call to function "cidrhost" failed: prefix of 8 does not accommodate a host numbered -{}83222784."#,
            "9".repeat(192)
        ),
    );
    err(
        r#"cidrhost("10.1.2.0/24", 1.5)"#,
        concat!("Error in function call", ": ", r#"Call to function "cidrhost" failed: value must be a whole number."#),
    );
    err(
        r#"cidrhost("10.1.2.0/33", 1)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrhost" failed: invalid CIDR expression: invalid CIDR address: 10.1.2.0/33."#
        ),
    );
    err(
        r#"cidrhost("10.1.2.0/24", 18446744073709551616)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrhost" failed: panic in function implementation: runtime error: index out of range [-1]"#
        ),
    );
}

#[test]
fn cidrnetmask() {
    ok(r#"cidrnetmask("172.16.0.0/12")"#, r#""255.240.0.0""#, "string");
    ok(r#"cidrnetmask("10.0.0.0/0")"#, r#""0.0.0.0""#, "string");
    ok(r#"cidrnetmask("10.0.0.0/32")"#, r#""255.255.255.255""#, "string");
    ok(r#"cidrnetmask("::ffff:0.0.0.0/96")"#, r#""ffff:ffff:ffff:ffff:ffff:ffff::""#, "string");
    err(
        r#"cidrnetmask("fd00::/8")"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrnetmask" failed: IPv6 addresses cannot have a netmask: fd00::/8."#
        ),
    );
    ok(r#"cidrnetmask("10.0.0.0/024")"#, r#""255.255.255.0""#, "string");
    err(
        r#"cidrnetmask("172.16.0.0")"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrnetmask" failed: invalid CIDR expression: invalid CIDR address: 172.16.0.0."#
        ),
    );
}

#[test]
fn cidrsubnet() {
    ok(r#"cidrsubnet("172.16.0.0/12", 4, 2)"#, r#""172.18.0.0/16""#, "string");
    ok(r#"cidrsubnet("10.1.2.0/24", 4, 15)"#, r#""10.1.2.240/28""#, "string");
    ok(r#"cidrsubnet("fd00:fd12:3456:7890::/56", 16, 162)"#, r#""fd00:fd12:3456:7800:a200::/72""#, "string");
    ok(r#"cidrsubnet("10.1.2.3/8", 8, 0)"#, r#""10.0.0.0/16""#, "string");
    ok(r#"cidrsubnet("10.0.0.0/8", 0, 0)"#, r#""10.0.0.0/8""#, "string");
    ok(r#"cidrsubnet("10.0.0.0/8", -1, 0)"#, r#""10.0.0.0/7""#, "string");
    ok(r#"cidrsubnet("10.0.0.0/8", -9, 0)"#, r#""<nil>""#, "string");
    ok(r#"cidrsubnet("10.0.0.0/8", 8, -1)"#, r#""0.1.0.0/16""#, "string");
    ok(r#"cidrsubnet("::ffff:10.0.0.0/104", 8, 1)"#, r#""10.1.0.0/16""#, "string");
    ok(r#"cidrsubnet("2001:db8::/32", 96, 1)"#, r#""2001:db8::1/128""#, "string");
    err(
        r#"cidrsubnet("10.0.0.0/8", 25, 0)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrsubnet" failed: insufficient address space to extend prefix of 8 by 25."#
        ),
    );
    err(
        r#"cidrsubnet("10.0.0.0/8", 4, 16)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrsubnet" failed: prefix extension of 4 does not accommodate a subnet numbered 16."#
        ),
    );
    err(
        r#"cidrsubnet("10.0.0.0/8", 4, -16)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrsubnet" failed: prefix extension of 4 does not accommodate a subnet numbered -16."#
        ),
    );
    err(
        r#"cidrsubnet("10.0.0.0/8", 1.5, 0)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrsubnet" failed: value must be a whole number, between -9223372036854775808 and 9223372036854775807."#
        ),
    );
    err(
        r#"cidrsubnet("10.0.0.0/8", 4, 0.5)"#,
        concat!("Error in function call", ": ", r#"Call to function "cidrsubnet" failed: value must be a whole number."#),
    );
    err(
        r#"cidrsubnet("10.0.0.0/8", 8, 1e30)"#,
        concat!(
            "Error in function call",
            ": ",
            r#"Call to function "cidrsubnet" failed: prefix extension of 8 does not accommodate a subnet numbered 1000000000000000000000000000000."#
        ),
    );
}

#[test]
fn cidrsubnets() {
    ok(
        r#"cidrsubnets("10.1.0.0/16", 4, 4, 8, 4)"#,
        "tolist([\n  \"10.1.0.0/20\",\n  \"10.1.16.0/20\",\n  \"10.1.32.0/24\",\n  \"10.1.48.0/20\",\n])",
        "list(string)",
    );
    ok(r#"cidrsubnets("fd00:fd12:3456:7890::/56", 16, 16, 16, 32)"#, "tolist([\n  \"fd00:fd12:3456:7800::/72\",\n  \"fd00:fd12:3456:7800:100::/72\",\n  \"fd00:fd12:3456:7800:200::/72\",\n  \"fd00:fd12:3456:7800:300::/88\",\n])", "list(string)");
    ok(r#"[for cidr_block in cidrsubnets("10.0.0.0/8", 8, 8, 8, 8) : cidrsubnets(cidr_block, 4, 4)]"#, "[\n  tolist([\n    \"10.0.0.0/20\",\n    \"10.0.16.0/20\",\n  ]),\n  tolist([\n    \"10.1.0.0/20\",\n    \"10.1.16.0/20\",\n  ]),\n  tolist([\n    \"10.2.0.0/20\",\n    \"10.2.16.0/20\",\n  ]),\n  tolist([\n    \"10.3.0.0/20\",\n    \"10.3.16.0/20\",\n  ]),\n]", "tuple([list(string), list(string), list(string), list(string)])");
    ok(r#"cidrsubnets("10.0.0.0/8")"#, "tolist([])", "list(string)");
    ok(r#"cidrsubnets("10.0.0.0/30", 1, 1)"#, "tolist([\n  \"10.0.0.0/31\",\n  \"10.0.0.2/31\",\n])", "list(string)");
    err(
        r#"cidrsubnets("10.0.0.0/30", 1, 1, 1)"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "newbits" parameter: not enough remaining address space for a subnet with a prefix of 31 bits after 10.0.0.2/31."#
        ),
    );
    ok(r#"cidrsubnets("10.0.0.0/30", 2, 1)"#, "tolist([\n  \"10.0.0.0/32\",\n  \"10.0.0.2/31\",\n])", "list(string)");
    err(
        r#"cidrsubnets("10.0.0.0/8", 0)"#,
        concat!("Invalid function argument", ": ", r#"Invalid value for "newbits" parameter: must extend prefix by at least one bit."#),
    );
    err(
        r#"cidrsubnets("10.0.0.0/8", 4, 33)"#,
        concat!("Invalid function argument", ": ", r#"Invalid value for "newbits" parameter: may not extend prefix by more than 32 bits."#),
    );
    err(
        r#"cidrsubnets("10.0.0.0/8", 25)"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "newbits" parameter: would extend prefix to 33 bits, which is too long for an IPv4 address."#
        ),
    );
    err(
        r#"cidrsubnets("::ffff:10.0.0.0/120", 4)"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "newbits" parameter: not enough remaining address space for a subnet with a prefix of 124 bits after <nil>."#
        ),
    );
    err(
        r#"cidrsubnets("10.0.0.0/8x", 4)"#,
        concat!(
            "Invalid function argument",
            ": ",
            r#"Invalid value for "prefix" parameter: invalid CIDR expression: invalid CIDR address: 10.0.0.0/8x."#
        ),
    );
}

#[test]
fn timestamp() {
    let v = evaluate("timestamp()", &Variables::new(), &Options::default()).expect("timestamp() evaluates");
    assert_eq!(v.ty().to_string(), "string");
    let s = v.as_str().expect("a known string").to_string();
    let shape: String = s.chars().map(|c| if c.is_ascii_digit() { '0' } else { c }).collect();
    assert_eq!(shape, "0000-00-00T00:00:00Z", "timestamp() = {s}");
    ok(r#"timecmp(timestamp(), "2020-01-01T00:00:00Z")"#, "1", "number");
    ok(r#"length(formatdate("YYYY", timestamp()))"#, "4", "number");
}
