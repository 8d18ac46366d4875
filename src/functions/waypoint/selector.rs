//! `selectormatch` and `selectorlookup`: go-bexpr (v0.1.10) boolean
//! expressions over a map of strings, such as `env == prod and
//! "us" in region`.

use super::{def, str_arg, CallError, CallResult, Ctx, FunctionDef, Param, Ret};
use crate::profile::Profile;
use crate::value::{SortedMap, Type, Value};

pub(super) const MATCH: FunctionDef = def(
    "selectormatch",
    "selector",
    &[Param::new("map", "map(string)"), Param::new("selector", "string")],
    None,
    Ret::Fixed("bool"),
    "Whether a map of strings (labels) matches a go-bexpr selector.",
    "selectormatch({env = \"prod\"}, \"env == prod\")",
    heavy!(selectormatch),
);
pub(super) const LOOKUP: FunctionDef = def(
    "selectorlookup",
    "selector",
    &[Param::new("map", "map(string)"), Param::new("selectormap", "map(any)"), Param::new("default", "any")],
    None,
    Ret::Computed(lookup_type),
    "The value of the first selector (in key order) the map matches, else the default.",
    "selectorlookup({env = \"prod\"}, {\"env == dev\" = 1, \"env == prod\" = 2}, 0)",
    heavy!(selectorlookup),
);

fn lookup_type(a: &[Value], _: Profile) -> Result<Type, CallError> {
    let want = match a[1].ty() {
        Type::Map(e) => *e,
        other => other,
    };
    match a[2].ty() == want {
        true => Ok(want),
        false => Err(CallError::call("default value type must match types of selector map")),
    }
}

fn selectormatch(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let labels = strings(&a[0]);
    let expr = parse(str_arg(a, 1)).map_err(CallError::call)?;
    Ok(Value::Bool(eval(&expr, &labels, ctx.profile()).map_err(CallError::call)?))
}

fn selectorlookup(a: &[Value], ctx: &mut Ctx) -> CallResult {
    let labels = strings(&a[0]);
    for (selector, v) in a[1].as_mapping().into_iter().flat_map(|m| m.iter()) {
        let expr = parse(selector).map_err(CallError::call)?;
        if eval(&expr, &labels, ctx.profile()).map_err(CallError::call)? {
            return Ok(v.clone());
        }
    }
    Ok(a[2].clone())
}

fn strings(v: &Value) -> SortedMap<String> {
    v.as_mapping().into_iter().flat_map(|m| m.iter()).map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_string())).collect()
}

#[derive(Debug)]
enum Expr {
    Or(Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Match { selector: Vec<String>, op: Op, value: Option<String> },
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Equal,
    NotEqual,
    In,
    NotIn,
    IsEmpty,
    IsNotEmpty,
    Matches,
    NotMatches,
}

/// A PEG parser following go-bexpr's grammar, each rule a method.
struct Parser<'s> {
    s: &'s str,
    at: usize,
    /// The furthest position reached, for the error.
    furthest: usize,
}

fn parse(s: &str) -> Result<Expr, String> {
    let mut p = Parser { s, at: 0, furthest: 0 };
    let found = p.attempt(|p| {
        p.ws();
        p.lit("(")?;
        p.ws();
        let e = p.or()?;
        p.ws();
        p.lit(")")?;
        p.ws();
        p.eof()?;
        Some(e)
    });
    let found = found.or_else(|| {
        p.ws();
        let e = p.or()?;
        p.ws();
        p.eof()?;
        Some(e)
    });
    found.ok_or_else(|| {
        let at = p.furthest.min(s.len());
        let col = s[..at].chars().count() + 1;
        format!("1:{col} ({at}): no match found")
    })
}

impl<'s> Parser<'s> {
    fn rest(&self) -> &'s str {
        &self.s[self.at..]
    }

    fn attempt<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let start = self.at;
        let r = f(self);
        self.furthest = self.furthest.max(self.at);
        if r.is_none() {
            self.at = start;
        }
        r
    }

    fn lit(&mut self, l: &str) -> Option<()> {
        if self.rest().starts_with(l) {
            self.at += l.len();
            Some(())
        } else {
            None
        }
    }

    fn eof(&mut self) -> Option<()> {
        self.rest().is_empty().then_some(())
    }

    /// `_?`: optional whitespace; true when there was some.
    fn ws(&mut self) -> bool {
        let n = self.rest().len() - self.rest().trim_start_matches([' ', '\t', '\r', '\n']).len();
        self.at += n;
        n > 0
    }

    /// `_ word _`-style keywords: required whitespace before.
    fn keyword(&mut self, words: &[&str], trailing: bool) -> Option<()> {
        self.attempt(|p| {
            for w in words {
                p.ws().then_some(())?;
                p.lit(w)?;
            }
            if trailing {
                p.ws().then_some(())?;
            }
            Some(())
        })
    }

    fn or(&mut self) -> Option<Expr> {
        let left = self.and()?;
        match self.attempt(|p| {
            p.keyword(&["or"], true)?;
            p.or()
        }) {
            Some(right) => Some(Expr::Or(Box::new(left), Box::new(right))),
            None => Some(left),
        }
    }

    fn and(&mut self) -> Option<Expr> {
        let left = self.not()?;
        match self.attempt(|p| {
            p.keyword(&["and"], true)?;
            p.and()
        }) {
            Some(right) => Some(Expr::And(Box::new(left), Box::new(right))),
            None => Some(left),
        }
    }

    fn not(&mut self) -> Option<Expr> {
        let negated = self.attempt(|p| {
            p.lit("not")?;
            p.ws().then_some(())?;
            p.not()
        });
        match negated {
            Some(Expr::Not(inner)) => Some(*inner),
            Some(e) => Some(Expr::Not(Box::new(e))),
            None => self.paren(),
        }
    }

    fn paren(&mut self) -> Option<Expr> {
        let grouped = self.attempt(|p| {
            p.lit("(")?;
            p.ws();
            let e = p.or()?;
            p.ws();
            p.lit(")")?;
            Some(e)
        });
        grouped.or_else(|| self.matching())
    }

    fn matching(&mut self) -> Option<Expr> {
        const VALUE_OPS: &[(&[&str], bool, Op)] = &[
            (&["contains"], true, Op::In),
            (&["not", "contains"], true, Op::NotIn),
            (&["matches"], true, Op::Matches),
            (&["not", "matches"], true, Op::NotMatches),
        ];
        let with_value = self.attempt(|p| {
            let selector = p.selector()?;
            let op = p.attempt(|p| {
                p.ws();
                p.lit("==")?;
                p.ws();
                Some(Op::Equal)
            });
            let op = op.or_else(|| {
                p.attempt(|p| {
                    p.ws();
                    p.lit("!=")?;
                    p.ws();
                    Some(Op::NotEqual)
                })
            });
            let op = op.or_else(|| VALUE_OPS.iter().find_map(|(words, t, op)| p.keyword(words, *t).map(|()| *op)))?;
            let value = p.value()?;
            Some(Expr::Match { selector, op, value: Some(value) })
        });
        let without = || {
            self.attempt(|p| {
                let selector = p.selector()?;
                let op = p.keyword(&["is", "empty"], false).map(|()| Op::IsEmpty);
                let op = op.or_else(|| p.keyword(&["is", "not", "empty"], false).map(|()| Op::IsNotEmpty))?;
                Some(Expr::Match { selector, op, value: None })
            })
        };
        with_value.or_else(without).or_else(|| {
            self.attempt(|p| {
                let value = p.value()?;
                let op = p.keyword(&["in"], true).map(|()| Op::In);
                let op = op.or_else(|| p.keyword(&["not", "in"], true).map(|()| Op::NotIn))?;
                let selector = p.selector()?;
                Some(Expr::Match { selector, op, value: Some(value) })
            })
        })
    }

    fn identifier(&mut self) -> Option<String> {
        let r = self.rest();
        if !r.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        let n = r.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '/')).unwrap_or(r.len());
        self.at += n;
        Some(r[..n].to_string())
    }

    fn selector(&mut self) -> Option<Vec<String>> {
        let first = self.attempt(|p| p.identifier());
        if let Some(first) = first {
            let mut path = vec![first];
            loop {
                let next = self.attempt(|p| {
                    p.lit(".")?;
                    p.identifier()
                });
                let next = next.or_else(|| {
                    self.attempt(|p| {
                        p.lit("[")?;
                        p.ws();
                        let s = p.string()?;
                        p.ws();
                        p.lit("]")?;
                        Some(s)
                    })
                });
                let next = next.or_else(|| {
                    self.attempt(|p| {
                        p.lit(".")?;
                        let n = p.rest().find(|c: char| !c.is_ascii_digit()).unwrap_or(p.rest().len());
                        (n > 0).then(|| {
                            let d = p.rest()[..n].to_string();
                            p.at += n;
                            d
                        })
                    })
                });
                match next {
                    Some(n) => path.push(n),
                    None => return Some(path),
                }
            }
        }
        // A JSON pointer in double quotes: "/a/b".
        self.attempt(|p| {
            p.lit("\"")?;
            let mut path = Vec::new();
            while p.lit("/").is_some() {
                let r = p.rest();
                let n = r.find(|c: char| !(c.is_alphanumeric() || "-_.~:|".contains(c))).unwrap_or(r.len());
                if n == 0 {
                    return None;
                }
                path.push(r[..n].replace("~1", "/").replace("~0", "~"));
                p.at += n;
            }
            p.lit("\"")?;
            Some(path)
        })
    }

    fn value(&mut self) -> Option<String> {
        if let Some(sel) = self.attempt(|p| p.selector()) {
            return Some(sel.join("."));
        }
        let number = self.attempt(|p| {
            let start = p.at;
            let _ = p.lit("-");
            let r = p.rest();
            let int = if r.starts_with('0') { 1 } else { r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len()) };
            if int == 0 || (!r.starts_with('0') && !r.starts_with(|c: char| ('1'..='9').contains(&c))) {
                return None;
            }
            p.at += int;
            let _ = p.attempt(|p| {
                p.lit(".")?;
                let n = p.rest().find(|c: char| !c.is_ascii_digit()).unwrap_or(p.rest().len());
                (n > 0).then(|| p.at += n)
            });
            let after = p.rest();
            (after.is_empty() || after.starts_with([' ', '\t', '\r', '\n', ')'])).then(|| p.s[start..p.at].to_string())
        });
        number.or_else(|| self.attempt(|p| p.string()))
    }

    fn string(&mut self) -> Option<String> {
        let r = self.rest();
        let quote = r.chars().next().filter(|c| *c == '"' || *c == '`')?;
        let end = r[1..].find(quote)? + 1;
        let body = &r[1..end];
        self.at += end + 1;
        if quote == '`' {
            return Some(body.to_string());
        }
        go_unquote(body)
    }
}

/// Go's `strconv.Unquote` of a double-quoted body.
fn go_unquote(body: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\n' {
            return None;
        }
        if c != '\\' {
            out.push(c);
            continue;
        }
        let e = chars.next()?;
        let hex = |chars: &mut std::str::Chars, n: usize| -> Option<u32> {
            let s: String = chars.take(n).collect();
            (s.len() == n).then(|| u32::from_str_radix(&s, 16).ok()).flatten()
        };
        match e {
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'f' => out.push('\x0c'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'v' => out.push('\x0b'),
            '\\' => out.push('\\'),
            '"' => out.push('"'),
            'x' => out.push(char::from_u32(hex(&mut chars, 2)?)?),
            'u' => out.push(char::from_u32(hex(&mut chars, 4)?)?),
            'U' => out.push(char::from_u32(hex(&mut chars, 8)?)?),
            _ => return None,
        }
    }
    Some(out)
}

/// A JSON pointer's text, as pointerstructure writes it in errors.
fn pointer(parts: &[String]) -> String {
    parts.iter().map(|p| format!("/{}", p.replace('~', "~0").replace('/', "~1"))).collect()
}

fn eval(e: &Expr, labels: &SortedMap<String>, profile: Profile) -> Result<bool, String> {
    match e {
        Expr::Or(l, r) => Ok(eval(l, labels, profile)? || eval(r, labels, profile)?),
        Expr::And(l, r) => Ok(eval(l, labels, profile)? && eval(r, labels, profile)?),
        Expr::Not(inner) => Ok(!eval(inner, labels, profile)?),
        Expr::Match { selector, op, value } => {
            let ptr = pointer(selector);
            let Some(first) = selector.first() else {
                return Err(format!("Cannot perform in/contains operations on type map for selector: {:?}", ""));
            };
            let found = labels.get(first).ok_or_else(|| {
                format!("error finding value in datum: {ptr} at part 0: couldn't find key {}", crate::value::go_quote(first, profile))
            })?;
            if selector.len() > 1 {
                return Err(format!("error finding value in datum: {ptr}: at part 1, invalid value kind: string"));
            }
            let value = value.as_deref().unwrap_or_default();
            Ok(match op {
                Op::Equal => found == value,
                Op::NotEqual => found != value,
                Op::In => found.contains(value),
                Op::NotIn => !found.contains(value),
                Op::IsEmpty => found.is_empty(),
                Op::IsNotEmpty => !found.is_empty(),
                Op::Matches | Op::NotMatches => {
                    let re = crate::functions::string::re2::compile(value, profile).map_err(|e| {
                        format!("Failed to compile regular expression {}: {}", crate::value::go_quote(value, profile), e.go())
                    })?;
                    re.first(found).is_some() == (*op == Op::Matches)
                }
            })
        }
    }
}
