//! A plain subset of ECMA-262 regular expressions, recognised in one pass (L5).
//!
//! Loading checks every `pattern` and `patternProperties` key the way the validator reads it:
//! jsonschema's translation to the regex crate's dialect, then fancy-regex's parser. Both build a
//! syntax tree, and on schemas with hundreds of large patterns (a SchemaStore file spells
//! case-insensitive words as `[Pp][Rr][Ee]…`) that was most of what `flatten --no-verify` cost.
//! [`is_plain`] accepts only expressions every one of those engines reads the same way and
//! accepts: literals, `.`, a few escapes, bracket classes of literals and ordered letter or digit
//! ranges, groups, alternation, the anchors `^` and `$`, and well-formed quantifiers. Anything
//! else — a look-around, a back reference, `\b`, a `{` that is not a quantifier, a `-` or `[`
//! inside a class that is not a plain range, non-ASCII text — is not plain, and goes to the full
//! check. So `is_plain` answering true means valid; false means "ask the parsers". The unit
//! tests of `validate` hold it to that on random expressions.

/// The letters ECMA-262 reads as themselves after a backslash when a pattern has no `u` flag
/// (Annex B identity escapes; `\p` too, a Unicode property only under `u`), which the regex
/// crate reads otherwise: `\A` and `\z` anchor, `\p` is a class, `\a` and `\e` are control
/// characters, and the rest are refused.
const IDENTITY_LETTERS: &str = "aeghijlmopqyzACEFGHIJKLMNOPQRTUVXYZ";

/// `pattern` with the escapes ECMA-262 reads as literal characters (no `u` flag, as `new
/// RegExp(p)` and JSON Schema's `pattern` read it) written as those characters, for the regex
/// crate, which reads several of them otherwise (issue 39): `\<` and `\>` are `<` and `>`
/// (word boundaries in the regex crate), an identity letter is itself, `\8` and `\9` are
/// digits, `\0` not before a digit is NUL, `\x`, `\u` and `\k` without what would complete
/// them are letters (`\k` only where no group is named), `\c` not before a letter is a
/// backslash and `c`, and `[\b]` is a backspace. Borrowed when nothing changes.
pub fn ecma_literals(pattern: &str) -> std::borrow::Cow<'_, str> {
    if !pattern.contains('\\') {
        return std::borrow::Cow::Borrowed(pattern);
    }
    let named_groups = pattern
        .match_indices("(?<")
        .any(|(at, _)| !matches!(pattern.as_bytes().get(at + 3), Some(b'=') | Some(b'!')));
    let chars: Vec<char> = pattern.chars().collect();
    let hex = |from: usize, n: usize| {
        (from..from + n).all(|i| chars.get(i).is_some_and(char::is_ascii_hexdigit))
    };
    let mut out = String::with_capacity(pattern.len());
    let mut changed = false;
    let mut in_class = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' {
            match c {
                '[' => in_class = true,
                ']' => in_class = false,
                _ => {}
            }
            out.push(c);
            i += 1;
            continue;
        }
        let Some(&next) = chars.get(i + 1) else {
            out.push(c);
            break;
        };
        let literal = match next {
            '<' | '>' | '8' | '9' => Some(next.to_string()),
            _ if IDENTITY_LETTERS.contains(next) => Some(next.to_string()),
            'k' if !named_groups => Some("k".to_owned()),
            'x' if !hex(i + 2, 2) => Some("x".to_owned()),
            'u' if !hex(i + 2, 4) => Some("u".to_owned()),
            'c' if !chars.get(i + 2).is_some_and(char::is_ascii_alphabetic) => {
                Some("\\\\c".to_owned())
            }
            '0' if !chars.get(i + 2).is_some_and(char::is_ascii_digit) => Some("\\x00".to_owned()),
            'b' if in_class => Some("\\x08".to_owned()),
            _ => None,
        };
        match literal {
            Some(text) => {
                out.push_str(&text);
                changed = true;
            }
            None => {
                out.push(c);
                out.push(next);
            }
        }
        i += 2;
    }
    if changed {
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(pattern)
    }
}

/// The first escape of `pattern` that ECMA-262 refuses with the `u` flag though it reads it
/// without (an identity escape such as `\<`, `\-` outside a class, `\a`), as `ajv` does by
/// default: JSON Schema reads `pattern` without the flag, so stitch takes it and warns.
pub fn refused_with_u(pattern: &str) -> Option<String> {
    const SYNTAX: &str = "^$\\.*+?()[]{}|/";
    const MEANING: &str = "dDwWsSbBfnrtv";
    let chars: Vec<char> = pattern.chars().collect();
    // Capturing groups, for `\1`…`\9` (a reference to a group that does not exist is refused).
    let groups = pattern
        .match_indices('(')
        .filter(|(at, _)| {
            let rest = &pattern[at + 1..];
            !rest.starts_with('?') || (rest.starts_with("?<") && !rest[2..].starts_with(['=', '!']))
        })
        .count();
    let named = pattern.contains("(?<") && groups > 0;
    let mut in_class = false;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                let next = *chars.get(i + 1)?;
                let allowed = SYNTAX.contains(next)
                    || MEANING.contains(next)
                    || (next == '0' && !chars.get(i + 2).is_some_and(char::is_ascii_digit))
                    || next
                        .to_digit(10)
                        .is_some_and(|d| d >= 1 && d as usize <= groups)
                    || (matches!(next, 'p' | 'P') && chars.get(i + 2) == Some(&'{'))
                    || (next == 'k' && named && chars.get(i + 2) == Some(&'<'))
                    || (next == '-' && in_class)
                    || (next == 'c' && chars.get(i + 2).is_some_and(char::is_ascii_alphabetic))
                    || (next == 'x'
                        && (i + 2..i + 4)
                            .all(|j| chars.get(j).is_some_and(char::is_ascii_hexdigit)))
                    || (next == 'u'
                        && (chars.get(i + 2) == Some(&'{')
                            || (i + 2..i + 6)
                                .all(|j| chars.get(j).is_some_and(char::is_ascii_hexdigit))));
                if !allowed {
                    return Some(format!("\\{next}"));
                }
                i += 2;
                continue;
            }
            '[' => in_class = true,
            ']' => in_class = false,
            _ => {}
        }
        i += 1;
    }
    None
}

/// The deepest group nesting a plain expression may have: far below what the parsers allow.
const MAX_GROUP_DEPTH: usize = 32;

/// The largest bound a plain quantifier may give.
const MAX_REPEAT: u32 = 1000;

/// True when `pattern` is in the plain subset, and so an ECMA-262 regular expression every
/// engine stitch uses accepts. False says nothing about validity.
pub(crate) fn is_plain(pattern: &str) -> bool {
    let mut scan = Scan {
        bytes: pattern.as_bytes(),
        at: 0,
    };
    scan.alternation(0).is_some() && scan.at == scan.bytes.len()
}

struct Scan<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Scan<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.at += 1;
        }
        found
    }

    /// `seq ('|' seq)*`, stopping before a `)` or the end. `Some(true)` when some branch
    /// matches a character or holds a capturing group ([`Scan::atom`]); `None` when not plain.
    fn alternation(&mut self, depth: usize) -> Option<bool> {
        let mut substance = false;
        loop {
            substance |= self.sequence(depth)?;
            if !self.eat(b'|') {
                return Some(substance);
            }
        }
    }

    /// Terms up to a `|`, a `)` or the end.
    fn sequence(&mut self, depth: usize) -> Option<bool> {
        let mut substance = false;
        while let Some(byte) = self.peek() {
            match byte {
                b'|' | b')' => break,
                b'^' | b'$' => self.at += 1,
                _ => {
                    let repeatable = self.atom(depth)?;
                    substance |= repeatable;
                    if !self.quantifier(repeatable) {
                        return None;
                    }
                }
            }
        }
        Some(substance)
    }

    /// One atom; `Some(false)` for a non-capturing group with nothing but anchors in it, which
    /// fancy-regex refuses to repeat (`(?:)*`, `(?:^)+`).
    fn atom(&mut self, depth: usize) -> Option<bool> {
        let byte = self.peek()?;
        self.at += 1;
        let plain = match byte {
            b'.' => true,
            b'\\' => self.escape(ESCAPES),
            b'[' => self.class(),
            b'(' => {
                if depth >= MAX_GROUP_DEPTH {
                    return None;
                }
                let capturing = !self.eat(b'?');
                if !capturing && !self.eat(b':') {
                    return None;
                }
                let substance = self.alternation(depth + 1)?;
                return self.eat(b')').then_some(capturing || substance);
            }
            _ => is_literal(byte),
        };
        plain.then_some(true)
    }

    /// After a `\`: one of `allowed`.
    fn escape(&mut self, allowed: &[u8]) -> bool {
        match self.peek() {
            Some(byte) if allowed.contains(&byte) => {
                self.at += 1;
                true
            }
            _ => false,
        }
    }

    /// Optional: `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}` with n ≤ m ≤ 1000, then an optional
    /// lazy `?`; false when there is one and the atom before it is not `repeatable`.
    fn quantifier(&mut self, repeatable: bool) -> bool {
        if !repeatable && matches!(self.peek(), Some(b'*' | b'+' | b'?' | b'{')) {
            return false;
        }
        match self.peek() {
            Some(b'*' | b'+' | b'?') => self.at += 1,
            Some(b'{') => {
                self.at += 1;
                let Some(low) = self.number() else {
                    return false;
                };
                let high = if self.eat(b',') {
                    if self.peek() == Some(b'}') {
                        Some(low)
                    } else {
                        self.number()
                    }
                } else {
                    Some(low)
                };
                if !matches!(high, Some(high) if high >= low) || !self.eat(b'}') {
                    return false;
                }
            }
            _ => return true,
        }
        self.eat(b'?');
        true
    }

    /// One to four decimal digits, at most [`MAX_REPEAT`].
    fn number(&mut self) -> Option<u32> {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) && self.at - start < 4 {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
        digits.parse().ok().filter(|n| *n <= MAX_REPEAT)
    }

    /// After a `[`: an optional `^`, at least one item, then `]`. An item is a class literal,
    /// an escape, a `-` first or last, or a range between two letters or two digits of the same
    /// kind, in order.
    fn class(&mut self) -> bool {
        self.eat(b'^');
        let mut items = 0;
        loop {
            let Some(byte) = self.peek() else {
                return false;
            };
            self.at += 1;
            match byte {
                b']' => return items > 0,
                b'\\' => {
                    if !self.escape(CLASS_ESCAPES) {
                        return false;
                    }
                }
                // A `-` is itself only first or last (never beside another `-`, which the regex
                // crate reads as set difference).
                b'-' if (items == 0 && self.peek() != Some(b'-')) || self.peek() == Some(b']') => {}
                _ if is_class_literal(byte) => {
                    let range =
                        self.peek() == Some(b'-') && self.bytes.get(self.at + 1) != Some(&b']');
                    if range {
                        self.at += 1;
                        let Some(end) = self.peek() else {
                            return false;
                        };
                        self.at += 1;
                        if !same_kind_in_order(byte, end) {
                            return false;
                        }
                    }
                }
                _ => return false,
            }
            items += 1;
        }
    }
}

/// Escapes a plain expression may use outside a class: the class shorthands and escaped
/// punctuation.
const ESCAPES: &[u8] = b"dDwWsS.\\/-^$|?*+()[]{}";

/// Escapes a plain expression may use inside a class.
const CLASS_ESCAPES: &[u8] = b"dDwWsS.\\/-^[]";

/// A character that stands for itself outside a class in every engine.
fn is_literal(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b" !\"#%&',-/:;<=>@_`~".contains(&byte)
}

/// A character that stands for itself inside a class in every engine (no `-`, `[`, `&`, `~`
/// or `^`, which some read as set syntax).
fn is_class_literal(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b" !\"#%',/:;<=>@_`$|?*+(){}.".contains(&byte)
}

/// Both ends of a class range are digits, lower-case or upper-case letters, and in order.
fn same_kind_in_order(low: u8, high: u8) -> bool {
    let kind = |b: u8| {
        if b.is_ascii_digit() {
            1
        } else if b.is_ascii_lowercase() {
            2
        } else if b.is_ascii_uppercase() {
            3
        } else {
            0
        }
    };
    kind(low) != 0 && kind(low) == kind(high) && low <= high
}

#[cfg(test)]
mod tests {
    use super::is_plain;

    #[test]
    fn plain_expressions() {
        for pattern in [
            "",
            "^([Pp][Rr][Ee][Ss][Ee][Nn][Tt]|[Aa][Bb][Ss][Ee][Nn][Tt])$",
            "^[a-zA-Z0-9_-]*$",
            "^\\d{4}-\\d{2}-\\d{2}$",
            "^(?:https?://)?[^\\s/]+\\.[a-z]{2,}$",
            "a{3,}?b+?",
            "^#(\\/definitions\\/[^/]+)+$",
            "(a|)",
            "[-a]",
            "[a-z-]",
            "()*(?:a|)+",
        ] {
            assert!(is_plain(pattern), "{pattern}");
        }
    }

    #[test]
    fn not_plain() {
        for pattern in [
            "(?=a)",
            "(a)\\1",
            "\\bword",
            "a{2",
            "a{3,2}",
            "[]",
            "[--]",
            "(?:)*",
            "(?:^|$){2}",
            "(?:(?:))+",
            "[a-b-c]",
            "[z-a]",
            "[a-Z]",
            "[[]",
            "[&&]",
            "^*",
            "(a",
            "a)",
            "é",
            "\\p{L}",
            "a{1001}",
            "[a--b]",
        ] {
            assert!(!is_plain(pattern), "{pattern}");
        }
    }
}
