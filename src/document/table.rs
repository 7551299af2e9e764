//! The reference table's types, shared by the walk that fills it (`refs`) and the L5 check that
//! reads it (`chains`): the documents read, places in them, each reference and where it leads,
//! and the nodes a reference joins.

use std::sync::Arc;

use serde_json::Value;
use url::Url;

use crate::diagnostic::SourceText;
use crate::schema::Draft;

/// One document stitch has read: the input, or a file reached through a reference.
#[derive(Debug, Clone)]
pub struct Document {
    /// The text, for diagnostics.
    pub source: Arc<SourceText>,
    /// The value.
    pub value: Value,
    /// Its retrieval URI: `file://` for files, the original URI for `--ref-map`ped ones.
    pub uri: Url,
    /// Its draft (L2).
    pub draft: Draft,
}

/// A place in a loaded document.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Index into the documents.
    pub doc: usize,
    /// JSON Pointer in that document.
    pub pointer: String,
}

/// One reference and where it leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    /// The schema object holding the keyword.
    pub from: Location,
    /// `$ref`, `$dynamicRef` or `$recursiveRef`.
    pub keyword: &'static str,
    /// The absolute URI it resolved to.
    pub uri: String,
    /// Its target; `None` when it could not be resolved (a finding says why) or names a
    /// meta-schema.
    pub target: Option<Location>,
    /// The draft whose meta-schema (or one of its vocabulary meta-schemas) it names. These are
    /// built into the validator, so they resolve without a file.
    pub meta_schema: Option<Draft>,
}

/// A schema node, told apart from every other by its document and its place ([`node_key`]).
pub(crate) type NodeKey = (usize, usize);

/// The key under which the reference walk remembers a schema, and the L5 check finds it: the
/// schema's address, which is its place (a node has one place in its tree, and a document is
/// not changed while it is resolved). A document's root is named `0` instead, because the root
/// value itself moves when the list of documents grows.
pub(crate) fn node_key(documents: &[Document], doc: usize, node: &Value) -> NodeKey {
    if std::ptr::eq(node, &documents[doc].value) {
        (doc, 0)
    } else {
        (doc, std::ptr::from_ref(node) as usize)
    }
}

/// The nodes one reference joins, as the reference walk found them: schemas are told apart by
/// [`node_key`], so this check looks no pointer up again.
#[derive(Debug, Clone, Copy)]
pub struct Edge {
    /// The schema holding the reference.
    pub holder: NodeKey,
    /// Its target, when it resolved to a schema.
    pub target: Option<NodeKey>,
}
