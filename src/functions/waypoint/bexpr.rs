//! go-bexpr's grammar (v0.1.10, a pigeon PEG), parsed as the generated
//! parser does: rules tried in order without memoising, every failed
//! match noted at the furthest position it reached (so that "no match
//! found, expected: ..." lists what pigeon lists there), and the grammar's
//! own errors ("Unmatched parentheses", "Invalid number literal", ...)
//! said with the rule they come from.
#![cfg_attr(not(feature = "heavy-functions"), allow(dead_code, unused_imports))]

/// A parsed selector expression.
#[derive(Debug)]
pub(super) enum Expr {
    Or(Box<Expr>, Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    Match { selector: Vec<String>, op: Op, value: Option<String> },
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Op {
    Equal,
    NotEqual,
    In,
    NotIn,
    IsEmpty,
    IsNotEmpty,
    Matches,
    NotMatches,
}

/// The most parsing steps one selector may take (pigeon re-parses the
/// prefixes of failed alternatives: nesting multiplies them).
const MAX_STEPS: u32 = 200_000;

/// The rules the grammar gives display names.
const DISPLAY_NAMES: &[&str] = &["whitespace", "grouping", "match", "selector", "index", "value", "number", "string"];

struct Parser<'s> {
    s: &'s str,
    at: usize,
    /// The furthest failure and what was expected there.
    max_fail: usize,
    expected: Vec<String>,
    /// Inside a `!` predicate: failures are successes and the reverse.
    inverted: bool,
    /// The rules being parsed (their display names), for errors.
    rules: Vec<&'static str>,
    errors: Vec<String>,
    steps: u32,
}

/// Parses `s` as go-bexpr's `Parse` does: the expression, or the error
/// text it gives.
pub(super) fn parse(s: &str) -> Result<Expr, String> {
    let mut p = Parser { s, at: 0, max_fail: 0, expected: Vec::new(), inverted: false, rules: Vec::new(), errors: Vec::new(), steps: 0 };
    let e = p.input();
    if p.steps > MAX_STEPS {
        return Err("the selector is too complex to parse".into());
    }
    if !p.errors.is_empty() {
        // pigeon's errList drops repeated errors (alternatives re-parse).
        let mut seen = Vec::new();
        p.errors.retain(|e| {
            !seen.contains(e) && {
                seen.push(e.clone());
                true
            }
        });
        return Err(p.errors.join("\n"));
    }
    e.ok_or_else(|| {
        let mut want: Vec<String> = p.expected.clone();
        want.sort();
        want.dedup();
        let eof = want.iter().position(|w| w == "!.").map(|i| want.remove(i)).is_some();
        if eof {
            want.push("EOF".into());
        }
        let list = match want.len() {
            0 => String::new(),
            1 => want[0].clone(),
            n => format!("{} or {}", want[..n - 1].join(", "), want[n - 1]),
        };
        format!("{}: no match found, expected: {list}", p.position(p.max_fail))
    })
}

impl<'s> Parser<'s> {
    fn position(&self, at: usize) -> String {
        let before = &self.s[..at];
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
        format!("{line}:{col} ({at})")
    }

    fn fail_at(&mut self, failed: bool, at: usize, want: &str) {
        if failed != self.inverted || at < self.max_fail {
            return;
        }
        if at > self.max_fail {
            self.max_fail = at;
            self.expected.clear();
        }
        self.expected.push(if self.inverted { format!("!{want}") } else { want.to_string() });
    }

    fn error(&mut self, at: usize, message: &str) {
        // A rule's display name is written quoted, as the grammar has it.
        let rule = self.rules.last().map_or(String::new(), |r| match DISPLAY_NAMES.contains(r) {
            true => format!(": rule \"{r}\""),
            false => format!(": rule {r}"),
        });
        self.errors.push(format!("{}{rule}: {message}", self.position(at)));
    }

    fn rest(&self) -> &'s str {
        &self.s[self.at..]
    }

    /// Runs `f` as a rule named `name`; on failure the position is
    /// restored.
    fn rule<T>(&mut self, name: &'static str, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return None;
        }
        self.rules.push(name);
        let start = self.at;
        let r = f(self);
        self.rules.pop();
        if r.is_none() {
            self.at = start;
        }
        r
    }

    /// One alternative or sequence: the position is restored on failure.
    fn seq<T>(&mut self, f: impl FnOnce(&mut Self) -> Option<T>) -> Option<T> {
        let start = self.at;
        let r = f(self);
        if r.is_none() {
            self.at = start;
        }
        r
    }

    /// A literal; `want` is how pigeon writes it (Go-quoted).
    fn lit(&mut self, l: &str) -> Option<()> {
        let want = format!("{l:?}");
        if self.rest().starts_with(l) {
            self.fail_at(true, self.at, &want);
            self.at += l.len();
            Some(())
        } else {
            self.fail_at(false, self.at, &want);
            None
        }
    }

    /// One character of a class; `want` is the class as the grammar writes it.
    fn class(&mut self, want: &str, matches: impl Fn(char) -> bool) -> Option<char> {
        match self.rest().chars().next() {
            Some(c) if matches(c) => {
                self.fail_at(true, self.at, want);
                self.at += c.len_utf8();
                Some(c)
            }
            _ => {
                self.fail_at(false, self.at, want);
                None
            }
        }
    }

    fn any(&mut self) -> Option<char> {
        self.class(".", |_| true)
    }

    /// `!e`: succeeds where `e` fails, consuming nothing.
    fn not(&mut self, f: impl FnOnce(&mut Self) -> bool) -> Option<()> {
        let start = self.at;
        self.inverted = !self.inverted;
        let ok = f(self);
        self.inverted = !self.inverted;
        self.at = start;
        (!ok).then_some(())
    }

    /// `&e`: succeeds where `e` does, consuming nothing.
    fn and(&mut self, f: impl FnOnce(&mut Self) -> bool) -> Option<()> {
        let start = self.at;
        let ok = f(self);
        self.at = start;
        ok.then_some(())
    }

    /// `_ "whitespace" <- [ \t\r\n]+`
    fn ws(&mut self) -> Option<()> {
        self.rule("whitespace", |p| {
            p.class("[ \\t\\r\\n]", |c| matches!(c, ' ' | '\t' | '\r' | '\n'))?;
            while p.class("[ \\t\\r\\n]", |c| matches!(c, ' ' | '\t' | '\r' | '\n')).is_some() {}
            Some(())
        })
    }

    fn opt_ws(&mut self) {
        let _ = self.ws();
    }

    /// `EOF <- !.`
    fn eof(&mut self) -> Option<()> {
        self.rule("EOF", |p| p.not(|p| p.any().is_some()))
    }

    fn input(&mut self) -> Option<Expr> {
        self.rule("Input", |p| {
            p.seq(|p| {
                p.opt_ws();
                p.lit("(")?;
                p.opt_ws();
                let e = p.or_expr()?;
                p.opt_ws();
                p.lit(")")?;
                p.opt_ws();
                p.eof()?;
                Some(e)
            })
            .or_else(|| {
                p.seq(|p| {
                    p.opt_ws();
                    let e = p.or_expr()?;
                    p.opt_ws();
                    p.eof()?;
                    Some(e)
                })
            })
        })
    }

    fn or_expr(&mut self) -> Option<Expr> {
        self.rule("OrExpression", |p| {
            p.seq(|p| {
                let left = p.and_expr()?;
                p.ws()?;
                p.lit("or")?;
                p.ws()?;
                let right = p.or_expr()?;
                Some(Expr::Or(Box::new(left), Box::new(right)))
            })
            .or_else(|| p.and_expr())
        })
    }

    fn and_expr(&mut self) -> Option<Expr> {
        self.rule("AndExpression", |p| {
            p.seq(|p| {
                let left = p.not_expr()?;
                p.ws()?;
                p.lit("and")?;
                p.ws()?;
                let right = p.and_expr()?;
                Some(Expr::And(Box::new(left), Box::new(right)))
            })
            .or_else(|| p.not_expr())
        })
    }

    fn not_expr(&mut self) -> Option<Expr> {
        self.rule("NotExpression", |p| {
            p.seq(|p| {
                p.lit("not")?;
                p.ws()?;
                Some(match p.not_expr()? {
                    Expr::Not(inner) => *inner,
                    e => Expr::Not(Box::new(e)),
                })
            })
            .or_else(|| p.paren_expr())
        })
    }

    fn paren_expr(&mut self) -> Option<Expr> {
        self.rule("grouping", |p| {
            let grouped = p.seq(|p| {
                p.lit("(")?;
                p.opt_ws();
                let e = p.or_expr()?;
                p.opt_ws();
                p.lit(")")?;
                Some(e)
            });
            grouped.or_else(|| p.match_expr()).or_else(|| {
                p.seq(|p| {
                    p.lit("(")?;
                    p.opt_ws();
                    p.or_expr()?;
                    p.opt_ws();
                    p.not(|p| p.lit(")").is_some())?;
                    let at = p.at;
                    p.error(at, "Unmatched parentheses");
                    None
                })
            })
        })
    }

    fn match_expr(&mut self) -> Option<Expr> {
        self.rule("match", |p| p.selector_op_value().or_else(|| p.selector_op()).or_else(|| p.value_op_selector()))
    }

    fn selector_op_value(&mut self) -> Option<Expr> {
        self.rule("match", |p| {
            p.seq(|p| {
                let selector = p.selector()?;
                let op = p
                    .op("MatchEqual", true, &["=="], Op::Equal)
                    .or_else(|| p.op("MatchNotEqual", true, &["!="], Op::NotEqual))
                    .or_else(|| p.op("MatchContains", false, &["contains"], Op::In))
                    .or_else(|| p.op("MatchNotContains", false, &["not", "contains"], Op::NotIn))
                    .or_else(|| p.op("MatchMatches", false, &["matches"], Op::Matches))
                    .or_else(|| p.op("MatchNotMatches", false, &["not", "matches"], Op::NotMatches))?;
                let value = p.value()?;
                Some(Expr::Match { selector, op, value: Some(value) })
            })
        })
    }

    fn selector_op(&mut self) -> Option<Expr> {
        self.rule("match", |p| {
            p.seq(|p| {
                let selector = p.selector()?;
                let op = p
                    .empty_op("MatchIsEmpty", &["is", "empty"], Op::IsEmpty)
                    .or_else(|| p.empty_op("MatchIsNotEmpty", &["is", "not", "empty"], Op::IsNotEmpty))?;
                Some(Expr::Match { selector, op, value: None })
            })
        })
    }

    fn value_op_selector(&mut self) -> Option<Expr> {
        self.rule("match", |p| {
            let in_op =
                |p: &mut Self| p.op("MatchIn", false, &["in"], Op::In).or_else(|| p.op("MatchNotIn", false, &["not", "in"], Op::NotIn));
            p.seq(|p| {
                let value = p.value()?;
                let op = in_op(p)?;
                let selector = p.selector()?;
                Some(Expr::Match { selector, op, value: Some(value) })
            })
            .or_else(|| {
                p.seq(|p| {
                    p.value()?;
                    in_op(p)?;
                    p.not(|p| p.selector().is_some())?;
                    let at = p.at;
                    p.error(at, "Invalid selector");
                    None
                })
            })
        })
    }

    /// `_? "==" _?` (`loose`) or `_ "not" _ "in" _`.
    fn op(&mut self, name: &'static str, loose: bool, words: &[&str], op: Op) -> Option<Op> {
        self.rule(name, |p| {
            if loose {
                p.opt_ws();
                p.lit(words[0])?;
                p.opt_ws();
                return Some(op);
            }
            for w in words {
                p.ws()?;
                p.lit(w)?;
            }
            p.ws()?;
            Some(op)
        })
    }

    /// `_ "is" _ "empty"`: no whitespace after.
    fn empty_op(&mut self, name: &'static str, words: &[&str], op: Op) -> Option<Op> {
        self.rule(name, |p| {
            for w in words {
                p.ws()?;
                p.lit(w)?;
            }
            Some(op)
        })
    }

    fn selector(&mut self) -> Option<Vec<String>> {
        self.rule("selector", |p| {
            let bexpr = p.seq(|p| {
                let mut path = vec![p.identifier()?];
                while let Some(next) = p.selector_or_index() {
                    path.push(next);
                }
                Some(path)
            });
            bexpr.or_else(|| {
                p.seq(|p| {
                    p.lit("\"")?;
                    let mut path = Vec::new();
                    while let Some(seg) = p.pointer_segment() {
                        path.push(seg.replace("~1", "/").replace("~0", "~"));
                    }
                    p.lit("\"")?;
                    // pointerstructure reads "/" alone as one empty part.
                    Some(if path.is_empty() { vec![String::new()] } else { path })
                })
            })
        })
    }

    fn pointer_segment(&mut self) -> Option<String> {
        self.rule("JsonPointerSegment", |p| {
            p.lit("/")?;
            let start = p.at;
            let class = |c: char| c.is_alphanumeric() || "-_.~:|".contains(c);
            p.class("[\\pL\\pN-_.~:|]", class)?;
            while p.class("[\\pL\\pN-_.~:|]", class).is_some() {}
            Some(p.s[start..p.at].to_string())
        })
    }

    fn identifier(&mut self) -> Option<String> {
        self.rule("Identifier", |p| {
            let start = p.at;
            p.class("[a-zA-Z]", |c| c.is_ascii_alphabetic())?;
            while p.class("[a-zA-Z0-9_/]", |c| c.is_ascii_alphanumeric() || c == '_' || c == '/').is_some() {}
            Some(p.s[start..p.at].to_string())
        })
    }

    fn selector_or_index(&mut self) -> Option<String> {
        self.rule("SelectorOrIndex", |p| {
            p.seq(|p| {
                p.lit(".")?;
                p.identifier()
            })
            .or_else(|| p.index_expr())
            .or_else(|| {
                p.seq(|p| {
                    p.lit(".")?;
                    let start = p.at;
                    p.class("[0-9]", |c| c.is_ascii_digit())?;
                    while p.class("[0-9]", |c| c.is_ascii_digit()).is_some() {}
                    Some(p.s[start..p.at].to_string())
                })
            })
        })
    }

    fn index_expr(&mut self) -> Option<String> {
        self.rule("index", |p| {
            let plain = p.seq(|p| {
                p.lit("[")?;
                p.opt_ws();
                let s = p.string()?;
                p.opt_ws();
                p.lit("]")?;
                Some(s)
            });
            plain
                .or_else(|| {
                    p.seq(|p| {
                        p.lit("[")?;
                        p.opt_ws();
                        p.not(|p| p.string().is_some())?;
                        let at = p.at;
                        p.error(at, "Invalid index");
                        None
                    })
                })
                .or_else(|| {
                    p.seq(|p| {
                        p.lit("[")?;
                        p.opt_ws();
                        p.string()?;
                        p.opt_ws();
                        p.not(|p| p.lit("]").is_some())?;
                        let at = p.at;
                        p.error(at, "Unclosed index expression");
                        None
                    })
                })
        })
    }

    fn value(&mut self) -> Option<String> {
        self.rule("value", |p| p.selector().map(|s| s.join(".")).or_else(|| p.number()).or_else(|| p.string()))
    }

    fn number(&mut self) -> Option<String> {
        self.rule("number", |p| {
            let start = p.at;
            p.seq(|p| {
                let _ = p.lit("-");
                p.integer_or_float()?;
                p.after_numbers()?;
                Some(p.s[start..p.at].to_string())
            })
            .or_else(|| {
                p.seq(|p| {
                    let _ = p.lit("-");
                    p.integer_or_float()?;
                    p.not(|p| p.after_numbers().is_some())?;
                    let at = p.at;
                    p.error(at, "Invalid number literal");
                    None
                })
            })
        })
    }

    /// `AfterNumbers <- &(_ / EOF / ")")`
    fn after_numbers(&mut self) -> Option<()> {
        self.rule("AfterNumbers", |p| p.and(|p| p.ws().is_some() || p.eof().is_some() || p.lit(")").is_some()))
    }

    fn integer_or_float(&mut self) -> Option<()> {
        self.rule("IntegerOrFloat", |p| {
            let int = p.lit("0").or_else(|| {
                p.seq(|p| {
                    p.class("[1-9]", |c| ('1'..='9').contains(&c))?;
                    while p.class("[0-9]", |c| c.is_ascii_digit()).is_some() {}
                    Some(())
                })
            });
            int?;
            let _ = p.seq(|p| {
                p.lit(".")?;
                p.class("[0-9]", |c| c.is_ascii_digit())?;
                while p.class("[0-9]", |c| c.is_ascii_digit()).is_some() {}
                Some(())
            });
            Some(())
        })
    }

    /// `'`' RawStringChar*` or `'"' DoubleStringChar*`: an opening quote
    /// and what follows up to the next such quote.
    fn open_quoted(&mut self, quote: &str) -> Option<()> {
        self.seq(|p| {
            p.lit(quote)?;
            while p.seq(|p| p.not(|p| p.lit(quote).is_some()).and_then(|()| p.any())).is_some() {}
            Some(())
        })
    }

    fn string(&mut self) -> Option<String> {
        self.rule("string", |p| {
            let start = p.at;
            let closed = p
                .seq(|p| {
                    p.open_quoted("`")?;
                    p.lit("`")
                })
                .or_else(|| {
                    p.seq(|p| {
                        p.open_quoted("\"")?;
                        p.lit("\"")
                    })
                });
            if closed.is_some() {
                let text = &p.s[start..p.at];
                return Some(match go_unquote(text) {
                    Some(s) => s,
                    None => {
                        p.error(start, "invalid syntax");
                        String::new()
                    }
                });
            }
            p.seq(|p| {
                p.open_quoted("`").or_else(|| p.open_quoted("\""))?;
                p.eof()?;
                let at = p.at;
                p.error(at, "Unterminated string literal");
                None
            })
        })
    }
}

/// Go's `strconv.Unquote` of a whole literal (quotes included).
fn go_unquote(text: &str) -> Option<String> {
    if let Some(raw) = text.strip_prefix('`').and_then(|t| t.strip_suffix('`')) {
        return Some(raw.replace('\r', ""));
    }
    let body = text.strip_prefix('"')?.strip_suffix('"')?;
    let mut out = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c == '\n' || c == '"' {
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
            '0'..='7' => {
                let rest: String = chars.by_ref().take(2).collect();
                let v = u32::from_str_radix(&format!("{e}{rest}"), 8).ok().filter(|v| *v < 256 && rest.len() == 2)?;
                out.push(char::from_u32(v)?);
            }
            _ => return None,
        }
    }
    Some(out)
}
