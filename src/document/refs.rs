//! Offline `$ref` resolution (L3) and the bounds on reference chains (L5).
//!
//! Indexes every resource (`$id`) and anchor, resolves each `$ref`, `$dynamicRef` and
//! `$recursiveRef` to a document and pointer, loads relative files and `--ref-map`ped URIs
//! through a [`Fetch`] (the only I/O, supplied by the caller), and refuses references that loop
//! in place or chain too deep before any validator sees them. It never fetches over a network.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;

use foldhash::{HashMap, HashSet};
use serde_json::Value;
use url::Url;

use super::chains;
use super::locate::{Locator, Part};
use super::source;
use super::table::{Document, Edge, Location, NodeKey, Reference, node_key};
use super::uri::{
    folder_of, invalid_uri_character, meta_schema, same_document_uri, without_fragment,
};
use crate::diagnostic::{Code, Finding, SourceText, codes};
use crate::schema::draft::{self, Draft};
use crate::schema::pointer;
use crate::schema::walk::Subschema;

/// How relative files and mapped URIs are read.
pub trait Fetch {
    /// Reads the file at `path`; the name is for diagnostics.
    fn fetch(&mut self, path: &std::path::Path) -> Result<Arc<SourceText>, Finding>;
}

/// `--ref-map URI=PATH`: a URI ending in `/` maps a prefix to a folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefMap {
    /// `(uri, path)` pairs, tried longest URI first.
    entries: Vec<(String, PathBuf)>,
}

impl RefMap {
    /// Builds a map; longer URIs win over their prefixes.
    pub fn new(mut entries: Vec<(String, PathBuf)>) -> RefMap {
        entries.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        RefMap { entries }
    }

    /// The local files that may hold `uri` (without fragment), in the order to try them, or
    /// `None` when no entry maps it.
    pub fn candidates(&self, uri: &str) -> Option<Vec<PathBuf>> {
        for (from, to) in &self.entries {
            if from.ends_with('/') {
                if let Some(rest) = uri.strip_prefix(from.as_str()) {
                    let rest = rest.trim_start_matches('/');
                    let mut out = vec![to.join(rest)];
                    if !rest.ends_with(".json") {
                        out.push(to.join(format!("{rest}.json")));
                    }
                    return Some(out);
                }
            } else if uri == from.trim_end_matches('#') {
                return Some(vec![to.clone()]);
            }
        }
        None
    }
}

/// The result of resolution: the documents (the input first), every reference, and findings.
#[derive(Debug)]
pub struct Resolution {
    /// Every document read; index 0 is the input.
    pub documents: Vec<Document>,
    /// Every reference met, in the order met.
    pub references: Vec<Reference>,
    /// Problems, at error severity when a reference cannot be followed.
    pub findings: Vec<Finding>,
    /// Every regular expression met (`pattern` values, `patternProperties` keys), with where.
    pub patterns: Vec<Pattern>,
}

/// A regular expression in a schema, for the L5 check that it compiles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    /// The document.
    pub doc: usize,
    /// Pointer of the `pattern` value, or of the `patternProperties` member whose key it is.
    pub pointer: String,
    /// True for a `patternProperties` key (its span is the key's), false for a `pattern` value.
    pub is_key: bool,
    /// The expression.
    pub regex: String,
}

struct Resolver<'f> {
    documents: Vec<Document>,
    /// Resource URI (no fragment) → its root.
    resources: HashMap<String, Location>,
    /// `uri#name` → anchored location.
    anchors: HashMap<String, Location>,
    /// Schema nodes already walked ([`node_key`]).
    walked: HashSet<NodeKey>,
    /// References not yet resolved.
    pending: VecDeque<Pending>,
    /// Every reference resolved, with the nodes it joins for the L5 check.
    references: Vec<(Reference, Edge)>,
    findings: Vec<Finding>,
    patterns: Vec<Pattern>,
    ref_map: &'f RefMap,
    fetch: &'f mut dyn Fetch,
}

/// Resolves every reference reachable from `roots` (pointers into `input`), reading further
/// files through `fetch`.
pub fn resolve(
    input: Document,
    roots: &[&str],
    ref_map: &RefMap,
    fetch: &mut dyn Fetch,
) -> Resolution {
    let mut resolver = Resolver {
        documents: vec![],
        resources: HashMap::default(),
        anchors: HashMap::default(),
        walked: HashSet::default(),
        pending: VecDeque::new(),
        references: vec![],
        findings: vec![],
        patterns: vec![],
        ref_map,
        fetch,
    };
    let base = input.uri.clone();
    let input_uri = without_fragment(&base).to_owned();
    resolver.add_document(input);
    for root in roots {
        // Each schema of the input is its own resource: `#/…` in a tool's input schema is
        // relative to that schema, not to the file holding the tool.
        resolver.resources.retain(|_, l| l.doc != 0);
        resolver.anchors.retain(|_, l| l.doc != 0);
        resolver.resources.insert(
            input_uri.clone(),
            Location {
                doc: 0,
                pointer: (*root).to_owned(),
            },
        );
        resolver.walk(0, root, &base);
        while let Some(pending) = resolver.pending.pop_front() {
            let (reference, target) = resolver.resolve_one(&pending);
            let edge = Edge {
                holder: pending.holder,
                target,
            };
            resolver.references.push((reference, edge));
        }
    }
    let mut linked = std::mem::take(&mut resolver.references);
    linked.sort_by(|(a, _), (b, _)| a.from.cmp(&b.from).then(a.keyword.cmp(b.keyword)));
    let (references, edges): (Vec<Reference>, Vec<Edge>) = linked.into_iter().unzip();
    if let Some(finding) = chains::violation(&resolver.documents, &references, &edges) {
        resolver.findings.push(finding);
    }
    resolver.fill_spans();
    resolver.findings.sort_by(|a, b| {
        let key = |f: &Finding| (f.file.clone(), f.span.as_ref().map(|s| s.start));
        key(a).cmp(&key(b))
    });
    Resolution {
        documents: resolver.documents,
        references,
        findings: resolver.findings,
        patterns: resolver.patterns,
    }
}

/// A reference met by the walk, not yet resolved.
struct Pending {
    /// The schema holding it.
    from: Location,
    /// That schema's [`node_key`].
    holder: NodeKey,
    keyword: &'static str,
    /// The reference as written.
    text: String,
    /// The base URI it resolves against.
    base: Url,
}

/// The keywords that reference another schema, in the order they are queued.
const REFERENCE_KEYWORDS: [&str; 3] = crate::schema::keywords::REFERENCES;

/// What the reference walk reads of one schema object, found in one pass over its keys (a
/// lookup per keyword hashes each name again, for every schema of every document).
#[derive(Default)]
struct Keys<'a> {
    pattern: Option<&'a str>,
    pattern_properties: Option<&'a serde_json::Map<String, Value>>,
    /// `$id` (draft 4: `id`), when a string.
    id: Option<&'a str>,
    /// `$anchor` and `$dynamicAnchor`, when strings.
    anchors: [Option<&'a str>; 2],
    /// Each of [`REFERENCE_KEYWORDS`], when a string.
    refs: [Option<&'a str>; 3],
    /// True when `$ref` is present, whatever its value, in a draft where it hides its
    /// siblings.
    ref_only: bool,
}

impl<'a> Keys<'a> {
    fn read(map: &'a serde_json::Map<String, Value>, draft: Draft) -> Keys<'a> {
        let mut keys = Keys::default();
        let id_keyword = draft.id_keyword();
        for (key, value) in map {
            let text = value.as_str();
            match key.as_str() {
                "pattern" => keys.pattern = text,
                "patternProperties" => keys.pattern_properties = value.as_object(),
                "$anchor" => keys.anchors[0] = text,
                "$dynamicAnchor" => keys.anchors[1] = text,
                "$ref" => {
                    keys.ref_only = draft.ref_overrides_siblings();
                    keys.refs[0] = text;
                }
                "$dynamicRef" => keys.refs[1] = text,
                "$recursiveRef" => keys.refs[2] = text,
                other if other == id_keyword => keys.id = text,
                _ => {}
            }
        }
        keys
    }
}

/// The pointer of the schema met `index`-th by a walk from `start`, spelled in one buffer.
fn spell(met: &[(usize, Option<Subschema<'_>>)], start: &str, mut index: usize) -> String {
    let mut steps = Vec::new();
    while let (parent, Some(step)) = &met[index] {
        steps.push(step);
        index = *parent;
    }
    let mut pointer = String::with_capacity(start.len() + 24 * steps.len());
    pointer.push_str(start);
    for step in steps.into_iter().rev() {
        step.push_onto(&mut pointer);
    }
    pointer
}

impl Resolver<'_> {
    fn add_document(&mut self, document: Document) -> usize {
        let index = self.documents.len();
        self.resources
            .entry(without_fragment(&document.uri).to_owned())
            .or_insert(Location {
                doc: index,
                pointer: String::new(),
            });
        self.documents.push(document);
        index
    }

    /// A finding on `keyword` of the schema at `at`; its span is filled in by `fill_spans`.
    fn finding_at(&self, code: Code, message: String, at: &Location, keyword: &str) -> Finding {
        let document = &self.documents[at.doc];
        Finding::error(code, message)
            .in_source(&document.source)
            .at(pointer::push(&at.pointer, keyword))
    }

    /// Adds the span of each finding's value, parsing each document's text for positions once.
    fn fill_spans(&mut self) {
        for document in &self.documents {
            let mine = |f: &Finding| {
                f.span.is_none()
                    && f.source
                        .as_ref()
                        .is_some_and(|s| Arc::ptr_eq(s, &document.source))
            };
            if !self.findings.iter().any(mine) {
                continue;
            }
            let locator = Locator::new(&document.source.text);
            for finding in self.findings.iter_mut().filter(|f| mine(f)) {
                if let Some(pointer) = &finding.pointer {
                    finding.span = locator.span(pointer, Part::Value);
                }
            }
        }
    }

    /// Walks the schema at `at` and every subschema below it, indexing resources and anchors
    /// and queueing references. Iterative, over borrowed nodes: this walk visits every schema
    /// of every document, so it reads each schema's keys once and spells a pointer only for a
    /// schema it keeps something of.
    fn walk(&mut self, doc: usize, at: &str, base: &Url) {
        // The documents are lent to the walk (which never adds one) so that nodes can be
        // borrowed while the rest of the resolver is updated.
        let documents = std::mem::take(&mut self.documents);
        if let Some(node) = pointer::get(&documents[doc].value, at) {
            self.walk_from(&documents, doc, node, at, base);
        }
        self.documents = documents;
    }

    fn walk_from(
        &mut self,
        documents: &[Document],
        doc: usize,
        root: &Value,
        at: &str,
        base: &Url,
    ) {
        let draft = documents[doc].draft;
        // Base URIs met on the way; the stack names them by index.
        let mut bases: Vec<Url> = vec![base.clone()];
        // Every schema met: the index of its parent and the step down to it (none for `root`).
        let mut met: Vec<(usize, Option<Subschema<'_>>)> = Vec::new();
        let mut stack: Vec<(&Value, usize, Option<Subschema<'_>>, usize)> =
            vec![(root, 0, None, 0)];
        let mut subschemas = Vec::new();
        while let Some((node, parent, step, mut base)) = stack.pop() {
            let Value::Object(map) = node else {
                continue;
            };
            if !self.walked.insert(node_key(documents, doc, node)) {
                continue;
            }
            met.push((parent, step));
            let here = met.len() - 1;
            let keys = Keys::read(map, draft);
            let keeps = keys.pattern.is_some()
                || keys.pattern_properties.is_some()
                || keys.id.is_some()
                || keys.anchors.iter().any(Option::is_some)
                || keys.refs.iter().any(Option::is_some);
            if keeps {
                let location = Location {
                    doc,
                    pointer: spell(&met, at, here),
                };
                let holder = node_key(documents, doc, node);
                self.keep(documents, &location, holder, &keys, &mut bases, &mut base);
            }
            draft.subschemas_into(map, &mut subschemas);
            // Pushed in reverse so that children are walked in document order.
            for sub in subschemas.drain(..).rev() {
                stack.push((sub.schema, here, Some(sub), base));
            }
        }
    }

    /// Records what one schema of the walk holds: its patterns, its `$id` (which may change
    /// `base`, the index into `bases` its subschemas resolve against), its anchors and its
    /// references.
    fn keep(
        &mut self,
        documents: &[Document],
        location: &Location,
        holder: NodeKey,
        keys: &Keys<'_>,
        bases: &mut Vec<Url>,
        base: &mut usize,
    ) {
        let (doc, draft) = (location.doc, documents[location.doc].draft);
        let ref_only = keys.ref_only;
        if !ref_only {
            if let Some(regex) = keys.pattern {
                self.patterns.push(Pattern {
                    doc,
                    pointer: pointer::push(&location.pointer, "pattern"),
                    is_key: false,
                    regex: regex.to_owned(),
                });
            }
            if let Some(patterns) = keys.pattern_properties {
                let here = pointer::push(&location.pointer, "patternProperties");
                self.patterns.extend(patterns.keys().map(|regex| Pattern {
                    doc,
                    pointer: pointer::push(&here, regex),
                    is_key: true,
                    regex: regex.clone(),
                }));
            }
        }
        if let Some(id) = keys.id.filter(|_| !ref_only) {
            match bases[*base].join(id) {
                Ok(joined) => {
                    // Drafts before 2019-09 name anchors with a fragment-only `$id`.
                    if joined
                        .fragment()
                        .is_some_and(|f| !f.is_empty() && !f.starts_with('/'))
                    {
                        self.anchors.insert(joined.to_string(), location.clone());
                    }
                    if !id.starts_with('#') {
                        let mut resource = joined;
                        resource.set_fragment(None);
                        self.resources
                            .entry(resource.to_string())
                            .or_insert_with(|| location.clone());
                        bases.push(resource);
                        *base = bases.len() - 1;
                    }
                }
                Err(e) => {
                    let message = format!("`{id}` is not a valid URI reference: {e}");
                    let finding = Finding::error(codes::REF_UNRESOLVABLE, message)
                        .in_source(&documents[doc].source)
                        .at(pointer::push(&location.pointer, draft.id_keyword()));
                    self.findings.push(finding);
                }
            }
        }
        if draft.has_anchor_keyword() {
            for name in keys.anchors.iter().flatten() {
                let mut anchored = bases[*base].clone();
                anchored.set_fragment(Some(name));
                self.anchors.insert(anchored.to_string(), location.clone());
            }
        }
        for (keyword, text) in REFERENCE_KEYWORDS.iter().zip(keys.refs) {
            if let Some(text) = text.filter(|_| draft.is_keyword(keyword)) {
                self.pending.push_back(Pending {
                    from: location.clone(),
                    holder,
                    keyword,
                    text: text.to_owned(),
                    base: bases[*base].clone(),
                });
            }
        }
    }

    /// Resolves one reference; with it, its target's [`node_key`] for the L5 check.
    fn resolve_one(&mut self, pending: &Pending) -> (Reference, Option<NodeKey>) {
        let Pending {
            from,
            keyword,
            text,
            base,
            ..
        } = pending;
        let (keyword, text) = (*keyword, text.as_str());
        let mut reference = Reference {
            from: from.clone(),
            keyword,
            uri: text.to_owned(),
            target: None,
            meta_schema: None,
        };
        if let Some((index, c)) = invalid_uri_character(text) {
            let message = format!(
                "`{text}` is not a valid URI reference: `{c}` at index {index} must be percent-encoded"
            );
            let finding = self
                .finding_at(codes::REF_UNRESOLVABLE, message, from, keyword)
                .with_help("validators refuse such references; percent-encode the character in the reference and keep the name as it is");
            self.findings.push(finding);
            return (reference, None);
        }
        // A fragment-only reference (`#/definitions/a`: nearly every reference in a large
        // schema) is spelled onto its base without parsing a URL; `same_document_uri` shows
        // this is the spelling `Url::join` gives for every text that passed the check above.
        let joined = if text.starts_with('#') {
            None
        } else {
            match base.join(text) {
                Ok(url) => Some(url),
                Err(e) => {
                    let message = format!("`{text}` is not a valid URI reference: {e}");
                    let finding = self.finding_at(codes::REF_UNRESOLVABLE, message, from, keyword);
                    self.findings.push(finding);
                    return (reference, None);
                }
            }
        };
        reference.uri = match &joined {
            Some(url) => url.to_string(),
            None => same_document_uri(base, text),
        };
        // In a serialised URL the first `#` starts the fragment.
        let (resource_uri, fragment) = pointer::split_fragment(&reference.uri);
        let resource = match self.resources.get(resource_uri) {
            Some(location) => location.clone(),
            None if meta_schema(resource_uri).is_some() => {
                reference.meta_schema = meta_schema(resource_uri);
                return (reference, None);
            }
            None => {
                let absolute = match joined {
                    Some(url) => url,
                    None => base.join(text).unwrap_or_else(|_| base.clone()),
                };
                match self.load(&absolute, resource_uri, from, keyword, text) {
                    Some(doc) => Location {
                        doc,
                        pointer: String::new(),
                    },
                    None => return (reference, None),
                }
            }
        };
        let target = if fragment.is_empty() {
            Some(resource.clone())
        } else if fragment.starts_with('/') {
            Some(Location {
                doc: resource.doc,
                pointer: format!("{}{}", resource.pointer, fragment),
            })
        } else {
            self.anchors.get(&reference.uri).cloned()
        };
        let node = target.as_ref().and_then(|target| {
            let node = pointer::get(&self.documents[target.doc].value, &target.pointer)?;
            Some(node_key(&self.documents, target.doc, node))
        });
        match (target, node) {
            (Some(target), Some(key)) => {
                // Most targets were walked already (a definition the root's walk passed):
                // their base need not be worked out again.
                if !self.walked.contains(&key) {
                    let base = self.documents[target.doc].uri.clone();
                    let base = if target.doc == resource.doc && resource.pointer.is_empty() {
                        base
                    } else {
                        Url::parse(resource_uri).unwrap_or(base)
                    };
                    self.walk(target.doc, &target.pointer, &base);
                }
                reference.target = Some(target);
                (reference, Some(key))
            }
            _ => {
                self.unresolved(from, keyword, text, &resource, &fragment);
                (reference, None)
            }
        }
    }

    /// The finding for a reference whose resource was found but not its fragment.
    fn unresolved(
        &mut self,
        from: &Location,
        keyword: &'static str,
        text: &str,
        resource: &Location,
        fragment: &str,
    ) {
        let what = if fragment.starts_with('/') {
            format!("there is nothing at `{fragment}`")
        } else {
            format!("no anchor `{fragment}` is defined")
        };
        let message = if resource.doc == from.doc && resource.pointer.is_empty() {
            format!("cannot resolve `{text}`: {what}")
        } else {
            let name = &self.documents[resource.doc].source.name;
            format!(
                "cannot resolve `{text}`: {what} in `{name}#{}`",
                resource.pointer
            )
        };
        let finding = self.finding_at(codes::REF_UNRESOLVABLE, message, from, keyword);
        self.findings.push(finding);
    }

    /// Reads the document a reference names, from disk or through the ref map. Returns its index.
    fn load(
        &mut self,
        absolute: &Url,
        resource_uri: &str,
        from: &Location,
        keyword: &'static str,
        text: &str,
    ) -> Option<usize> {
        let candidates = if absolute.scheme() == "file" {
            match absolute.to_file_path() {
                Ok(path) => Some(vec![path]),
                Err(()) => None,
            }
        } else {
            None
        };
        let mapped = self.ref_map.candidates(resource_uri);
        let Some(candidates) = mapped.clone().or(candidates) else {
            let (code, message, help) = if absolute.scheme() == "file" {
                (
                    codes::REF_UNRESOLVABLE,
                    format!("cannot resolve `{text}`: `{resource_uri}` is not a local path"),
                    None,
                )
            } else {
                (
                    codes::REF_REMOTE,
                    format!(
                        "`{text}` points at the remote URI `{resource_uri}`, and stitch never fetches"
                    ),
                    Some(format!(
                        "map it to a local copy: --ref-map {resource_uri}=FILE, or its folder: --ref-map {}=DIR",
                        folder_of(resource_uri)
                    )),
                )
            };
            let mut finding = self.finding_at(code, message, from, keyword);
            if let Some(help) = help {
                finding = finding.with_help(help);
            }
            self.findings.push(finding);
            return None;
        };
        let found = candidates.iter().find(|p| p.is_file()).cloned();
        let Some(path) = found else {
            // Name local candidates relative to the referring document, as its author wrote them.
            let here = self.documents[from.doc].uri.to_file_path().ok();
            let folder = here.as_deref().and_then(std::path::Path::parent);
            let tried: Vec<String> = candidates
                .iter()
                .map(|p| match (mapped.is_some(), folder) {
                    (false, Some(folder)) => format!("`{}`", super::relative_path(p, folder)),
                    _ => format!("`{}`", p.display()),
                })
                .collect();
            let message = format!("cannot resolve `{text}`: no file at {}", tried.join(" or "));
            let finding = self.finding_at(codes::REF_UNRESOLVABLE, message, from, keyword);
            self.findings.push(finding);
            return None;
        };
        let parsed = self
            .fetch
            .fetch(&path)
            .map_err(|f| vec![f])
            .and_then(|source| source::parse(&source).map(|value| (source, value)));
        let (source, value) = match parsed {
            Ok(ok) => ok,
            Err(found) => {
                let message = format!(
                    "cannot resolve `{text}`: `{}` could not be loaded",
                    path.display()
                );
                let finding = self.finding_at(codes::REF_UNRESOLVABLE, message, from, keyword);
                self.findings.push(finding);
                self.findings.extend(found);
                return None;
            }
        };
        let uri = Url::parse(resource_uri).ok()?;
        let (draft, _) = draft::detect(&value, None);
        let base = uri.clone();
        let doc = self.add_document(Document {
            source,
            value,
            uri,
            draft,
        });
        // A document is one unit to the validator, which resolves every reference in it: so
        // do we, to report a dangling one where it is.
        self.walk(doc, "", &base);
        Some(doc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk remembers schemas by address; a document's root moves when the list of
    /// documents grows (here at the fifth), so it is remembered by name. Reached again from
    /// `b4.json`, the input's root is not walked twice: each reference and pattern is listed once.
    #[test]
    fn a_root_reached_again_after_the_documents_grow_is_walked_once() {
        let folder = std::env::temp_dir().join(format!("stitch-refs-{}", std::process::id()));
        std::fs::create_dir_all(&folder).unwrap();
        for name in ["b1", "b2", "b3"] {
            std::fs::write(folder.join(format!("{name}.json")), "{}").unwrap();
        }
        let back = r#"{"properties": {"x": {"$ref": "a.json"}}}"#;
        std::fs::write(folder.join("b4.json"), back).unwrap();
        let text = r#"{"allOf": [{"$ref": "b1.json"}, {"$ref": "b2.json"}, {"$ref": "b3.json"}, {"$ref": "b4.json"}], "pattern": "^a"}"#;
        let input = Document {
            source: Arc::new(SourceText {
                name: "a.json".to_owned(),
                text: text.into(),
            }),
            value: serde_json::from_str(text).unwrap(),
            uri: Url::from_file_path(folder.join("a.json")).unwrap(),
            draft: Draft::Draft2020_12,
        };
        let resolution = resolve(
            input,
            &[""],
            &RefMap::new(vec![]),
            &mut crate::document::DiskFetch {
                max_input_size: u64::MAX,
            },
        );
        let _ = std::fs::remove_dir_all(&folder);
        let messages: Vec<_> = resolution
            .findings
            .iter()
            .map(|f| f.message.clone())
            .collect();
        assert_eq!(messages, Vec::<String>::new());
        let references: Vec<_> = resolution
            .references
            .iter()
            .map(|r| (r.from.doc, r.from.pointer.as_str(), r.target.clone()))
            .collect();
        let root = |doc| Location {
            doc,
            pointer: String::new(),
        };
        assert_eq!(
            references,
            vec![
                (0, "/allOf/0", Some(root(1))),
                (0, "/allOf/1", Some(root(2))),
                (0, "/allOf/2", Some(root(3))),
                (0, "/allOf/3", Some(root(4))),
                (4, "/properties/x", Some(root(0))),
            ]
        );
        let patterns: Vec<_> = resolution.patterns.iter().map(|p| &p.regex).collect();
        assert_eq!(patterns, ["^a"]);
    }
}
