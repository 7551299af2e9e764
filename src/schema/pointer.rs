//! JSON Pointers (RFC 6901): escaping, splitting, joining.
//!
//! Pointers are plain `String`s throughout stitch (`""` is the root, `/a/0` a child); this module
//! owns their spelling. Looking a pointer up is [`get`]: what `serde_json::Value::pointer` does,
//! without allocating for tokens that need no unescaping (the prover looks places up millions of
//! times).

/// Escapes one reference token: `~` → `~0`, `/` → `~1`.
pub fn escape(token: &str) -> String {
    if token.contains(['~', '/']) {
        token.replace('~', "~0").replace('/', "~1")
    } else {
        token.to_owned()
    }
}

/// The value at `pointer` in `value`, as `serde_json::Value::pointer` finds it (the same
/// answer for every input), allocating at most once, and only when a token has a `~`.
pub fn get<'v>(value: &'v serde_json::Value, pointer: &str) -> Option<&'v serde_json::Value> {
    use serde_json::Value;
    if pointer.is_empty() {
        return Some(value);
    }
    let rest = pointer.strip_prefix('/')?;
    let mut target = value;
    let mut unescaped = String::new();
    for raw in rest.split('/') {
        let token = if raw.contains('~') {
            unescaped.clear();
            unescape_into(raw, &mut unescaped);
            unescaped.as_str()
        } else {
            raw
        };
        target = match target {
            Value::Object(map) => map.get(token)?,
            Value::Array(items) => {
                // serde_json's rule: no sign, no leading zero.
                if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
                    return None;
                }
                items.get(token.parse::<usize>().ok()?)?
            }
            _ => return None,
        };
    }
    Some(target)
}

/// Unescapes one reference token: `~1` → `/`, `~0` → `~` (in that order, per RFC 6901 §4).
pub fn unescape(token: &str) -> String {
    let mut out = String::with_capacity(token.len());
    unescape_into(token, &mut out);
    out
}

/// Appends `token` unescaped to `out` in one pass: a `~` before `0` or `1` and that digit are
/// one character, any other `~` stands for itself. The same text as replacing `~1` and then
/// `~0` (`tests::one_pass_unescaping_is_the_two_replacements`), without their copies.
fn unescape_into(token: &str, out: &mut String) {
    let mut chars = token.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('~', Some('0')) => {
                chars.next();
                out.push('~');
            }
            ('~', Some('1')) => {
                chars.next();
                out.push('/');
            }
            _ => out.push(c),
        }
    }
}

/// `parent` with one more token.
pub fn push(parent: &str, token: &str) -> String {
    let mut out = String::with_capacity(parent.len() + token.len() + 1);
    out.push_str(parent);
    push_token(&mut out, token);
    out
}

/// Appends `/` and the escaped `token` to `pointer` in place.
pub fn push_token(pointer: &mut String, token: &str) {
    pointer.push('/');
    // Byte by byte, copying the runs between the two ASCII characters that need escaping (a
    // char pattern decodes UTF-8, and the walks spell a pointer for every schema they keep).
    let mut rest = token;
    while let Some(at) = rest.bytes().position(|b| b == b'~' || b == b'/') {
        pointer.push_str(&rest[..at]);
        pointer.push_str(if rest.as_bytes()[at] == b'~' {
            "~0"
        } else {
            "~1"
        });
        rest = &rest[at + 1..];
    }
    pointer.push_str(rest);
}

/// `parent` with an array index.
pub fn push_index(parent: &str, index: usize) -> String {
    format!("{parent}/{index}")
}

/// `%5B` → `[`, `%20` → ` `: the one percent-decoding of a reference's fragment (RFC 3986
/// §2.1), done once. A `%` not followed by two hex digits stays as written; bytes that are not
/// UTF-8 once decoded are spelled lossily (no key of a JSON document can be named by them).
pub fn percent_decoded(text: &str) -> String {
    percent_encoding::percent_decode_str(text)
        .decode_utf8_lossy()
        .into_owned()
}

/// A URI or reference split at its fragment (RFC 3986 §3.5: the first `#` starts it): the
/// resource as written and the fragment percent-decoded once, empty when there is none.
/// `other.json#/$defs/my%20node` → (`other.json`, `/$defs/my node`).
pub fn split_fragment(uri: &str) -> (&str, String) {
    match uri.split_once('#') {
        Some((resource, fragment)) => (resource, percent_decoded(fragment)),
        None => (uri, String::new()),
    }
}

/// A URI without its fragment: `https://x/s.json#/a` → `https://x/s.json`.
pub fn without_fragment(uri: &str) -> &str {
    uri.split_once('#').map_or(uri, |(resource, _)| resource)
}

/// The fragment of a reference, percent-decoded once, when it has one: `#/a` → `/a`,
/// `other.json#meta` → `meta`, `other.json` → `None`.
pub fn fragment(reference: &str) -> Option<String> {
    reference.split_once('#').map(|(_, f)| percent_decoded(f))
}

/// L3: the JSON Pointer a same-document reference names, decoded (`#/$defs/a` → `/$defs/a`,
/// `#` → ``, `#/$defs/my%20node` → `/$defs/my node`); `None` for a reference that names
/// another resource or an anchor (`#name`). The one place a `#…` reference becomes a pointer:
/// `~0`/`~1` stay escaped in the pointer, as every pointer of stitch's is spelled.
pub fn local(reference: &str) -> Option<String> {
    let fragment = percent_decoded(reference.strip_prefix('#')?);
    (fragment.is_empty() || fragment.starts_with('/')).then_some(fragment)
}

/// A reference (`#` and a pointer) as URI text: characters RFC 3986 does not allow are
/// percent-encoded.
pub fn uri_fragment(reference: &str) -> String {
    let mut out = String::with_capacity(reference.len());
    for c in reference.chars() {
        if c.is_ascii_alphanumeric() || "-._~:/?#[]@!$&'()*+,;=%".contains(c) {
            out.push(c);
        } else {
            let mut buf = [0u8; 4];
            for byte in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{byte:02X}"));
            }
        }
    }
    out
}

/// The unescaped tokens of a pointer, or `None` when it is not a pointer (does not start with `/`
/// and is not empty).
pub fn tokens(pointer: &str) -> Option<Vec<String>> {
    if pointer.is_empty() {
        return Some(Vec::new());
    }
    let rest = pointer.strip_prefix('/')?;
    Some(rest.split('/').map(unescape).collect())
}

/// `at`, a pointer relative to the schema at `base`, as a pointer in the document that holds
/// that schema (`/$defs/a` + `/properties/b` → `/$defs/a/properties/b`); a relative place that
/// is not a pointer is the base itself.
pub fn within(base: &str, at: &str) -> String {
    let mut out = base.to_owned();
    for token in tokens(at).unwrap_or_default() {
        push_token(&mut out, &token);
    }
    out
}

/// True when `pointer` is `prefix` or lies beneath it.
pub fn starts_with(pointer: &str, prefix: &str) -> bool {
    pointer == prefix
        || (pointer.starts_with(prefix) && pointer.as_bytes().get(prefix.len()) == Some(&b'/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every token of up to 7 characters from `~`, `0`, `1`, `/` and `a`: the one-pass
    /// unescaping gives what RFC 6901's two replacements (and `serde_json`) give, and escaping
    /// then unescaping gives the token back.
    #[test]
    fn one_pass_unescaping_is_the_two_replacements() {
        let alphabet = ['~', '0', '1', '/', 'a'];
        let mut tokens = vec![String::new()];
        for _ in 0..7 {
            let longer: Vec<String> = tokens
                .iter()
                .filter(|t| t.len() == tokens.last().map_or(0, String::len))
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            tokens.extend(longer);
        }
        assert_eq!(tokens.len(), (0..=7).map(|n| 5usize.pow(n)).sum::<usize>());
        for token in &tokens {
            assert_eq!(
                unescape(token),
                token.replace("~1", "/").replace("~0", "~"),
                "{token:?}"
            );
            let mut pushed = String::new();
            push_token(&mut pushed, token);
            assert_eq!(
                pushed,
                format!("/{}", token.replace('~', "~0").replace('/', "~1"))
            );
            assert_eq!(unescape(&pushed[1..]), *token);
        }
        // Multi-byte characters are copied whole, next to escapes.
        let mut pushed = String::from("/a");
        push_token(&mut pushed, "é/~ü~");
        assert_eq!(pushed, "/a/é~1~0ü~0");
    }

    #[test]
    fn get_finds_what_serde_json_finds() {
        let value = serde_json::json!({
            "a/b": {"c~d": [10, {"": 1}]},
            "e": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
            "": {"x": true}
        });
        for pointer in [
            "",
            "/",
            "/a~1b",
            "/a~1b/c~0d/0",
            "/a~1b/c~0d/1/",
            "/e/11",
            "/e/011",
            "/e/+1",
            "/e/-1",
            "/e/12",
            "/e/x",
            "//x",
            "/x",
            "a",
            "/a~1b/c~0d/0/z",
            "/e/1/",
            "/~2",
        ] {
            assert_eq!(get(&value, pointer), value.pointer(pointer), "{pointer:?}");
        }
    }

    #[test]
    fn references_become_pointers_one_way() {
        assert_eq!(local("#/$defs/a").as_deref(), Some("/$defs/a"));
        assert_eq!(local("#").as_deref(), Some(""));
        // Percent-decoded once; `~1` stays a pointer escape.
        assert_eq!(
            local("#/$defs/my%20node").as_deref(),
            Some("/$defs/my node")
        );
        assert_eq!(
            local("#/$defs/a~1b%257E").as_deref(),
            Some("/$defs/a~1b%7E")
        );
        assert_eq!(local("#/a/%5B-_%5D%2B").as_deref(), Some("/a/[-_]+"));
        assert_eq!(local("#/100%").as_deref(), Some("/100%"));
        assert_eq!(local("#name"), None);
        assert_eq!(local("other.json#/a"), None);
        assert_eq!(
            split_fragment("other.json#/$defs/my%20node"),
            ("other.json", "/$defs/my node".to_owned())
        );
        assert_eq!(split_fragment("other.json"), ("other.json", String::new()));
        assert_eq!(fragment("other.json#meta").as_deref(), Some("meta"));
        assert_eq!(fragment("other.json"), None);
        assert_eq!(
            without_fragment("https://x/s.json#/a#b"),
            "https://x/s.json"
        );
    }

    #[test]
    fn escapes_round_trip() {
        for token in ["a", "a/b", "m~n", "~1", "/~0", ""] {
            assert_eq!(unescape(&escape(token)), token);
        }
        assert_eq!(escape("a/b~c"), "a~1b~0c");
        // `~01` is `~` then `1`, never `/`.
        assert_eq!(unescape("~01"), "~1");
    }

    #[test]
    fn splits_and_joins() {
        assert_eq!(tokens(""), Some(vec![]));
        assert_eq!(tokens("/"), Some(vec![String::new()]));
        assert_eq!(
            tokens("/properties/a~1b/0"),
            Some(vec!["properties".into(), "a/b".into(), "0".into()])
        );
        assert_eq!(tokens("properties"), None);
        assert_eq!(push("/properties", "a/b"), "/properties/a~1b");
        assert_eq!(push_index("", 3), "/3");
        assert!(starts_with("/a/b", "/a"));
        assert!(starts_with("/a", "/a"));
        assert!(!starts_with("/ab", "/a"));
        assert!(starts_with("/a", ""));
    }
}
