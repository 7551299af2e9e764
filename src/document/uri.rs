//! How the reference walk spells URIs (L3): joining a reference onto its base, and the
//! checks a reference's text must pass first.

use url::Url;

use crate::schema::Draft;

/// `url` without its fragment, as `set_fragment(None)` would spell it, without a copy.
pub(super) fn without_fragment(url: &Url) -> &str {
    &url[..url::Position::AfterQuery]
}

/// The absolute URI of the fragment-only reference `text` (`#…`) met under `base`.
pub(super) fn same_document_uri(base: &Url, text: &str) -> String {
    let resource = without_fragment(base);
    let mut uri = String::with_capacity(resource.len() + text.len());
    uri.push_str(resource);
    uri.push_str(text);
    uri
}

/// The URI up to and including its last `/`: the folder a `--ref-map` prefix would name.
pub(super) fn folder_of(uri: &str) -> &str {
    uri.rfind('/').map_or(uri, |i| &uri[..=i])
}

/// The first character that RFC 3986 does not allow in a URI reference, with its index.
/// Validators refuse such references (`#/definitions/A<B>`), so stitch reports them at the
/// `$ref` instead of letting the validator fail on the whole document.
pub(super) fn invalid_uri_character(text: &str) -> Option<(usize, char)> {
    text.char_indices()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || URI_PUNCTUATION.contains(*c)))
}

/// The characters besides ASCII letters and digits that a URI reference may hold as written.
const URI_PUNCTUATION: &str = "-._~:/?#[]@!$&'()*+,;=%";

/// The draft whose meta-schema `uri` names: the draft's `$schema` URI or, for 2019-09 and
/// 2020-12, one of its vocabulary meta-schemas under `meta/`.
pub(super) fn meta_schema(uri: &str) -> Option<Draft> {
    Draft::from_schema_uri(uri).or_else(|| {
        [Draft::Draft2019_09, Draft::Draft2020_12]
            .into_iter()
            .find(|d| {
                let root = d.meta_schema_uri().trim_end_matches("schema");
                uri.strip_prefix(root)
                    .and_then(|rest| rest.strip_prefix("meta/"))
                    .is_some_and(|name| !name.is_empty() && !name.contains('/'))
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fragment-only fast path spells each reference as `Url::join` does, for every
    /// character a reference may hold (`invalid_uri_character`), alone, doubled and after
    /// `/`, under bases with and without a query and a fragment of their own.
    #[test]
    fn same_document_uri_is_what_join_spells() {
        let mut texts = vec![
            "#".to_owned(),
            "#/".to_owned(),
            "#/definitions/a".to_owned(),
        ];
        for c in URI_PUNCTUATION.chars().chain(['a', 'Z', '0']) {
            texts.extend([format!("#{c}"), format!("#{c}{c}"), format!("#/{c}x")]);
        }
        texts.push("#/a%20b/c~1d/%25".to_owned());
        let bases = [
            "file:///tmp/a.json",
            "file:///tmp/a.json#/x",
            "https://example.com/s/a.json?v=1",
            "https://example.com/s/a.json?v=1#frag",
            "urn:example:a",
        ];
        for base in bases {
            let base = Url::parse(base).unwrap();
            for text in &texts {
                assert_eq!(invalid_uri_character(text), None, "{text}");
                let joined = base.join(text).unwrap().to_string();
                assert_eq!(same_document_uri(&base, text), joined, "{base} + {text}");
            }
        }
    }
}
