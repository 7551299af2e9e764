//! A union as the flattener reads it (F3, F4, F5): its node, its branches read as objects, and
//! the discriminator found among them. Shared by `union` (which reads the branches), `flat`
//! (which builds the flat object) and `losses` (which states what the flat object widened).

use serde_json::{Map, Value};

use super::Reader;
use super::object::ObjectView;

/// One branch of the union, read.
pub(crate) struct Branch {
    /// Where its schema is (after following a `$ref` branch).
    pub at: String,
    pub view: ObjectView,
    /// Its `title`, which names its case in descriptions when there is no discriminator (F10).
    pub title: Option<String>,
}

/// What a flat object is built from.
pub(crate) struct Union<'u, 'r> {
    /// How to read the document.
    pub reader: &'u Reader<'r>,
    /// The union's own node: its siblings of the union apply to every branch (F6).
    pub node: &'u Map<String, Value>,
    /// Where the node is.
    pub at: &'u str,
    /// Where the union keyword is, for notes about it.
    pub union_at: &'u str,
    /// The branches, read as objects.
    pub branches: &'u [Branch],
    /// Whether to look for a discriminator (F4) and describe keys per case (F10): not for the
    /// object joins of `merge` collisions, whose branches are not the union's.
    pub discriminate: bool,
    /// How many object joins of `merge` collisions this one is nested in (F7.4).
    pub depth: usize,
}

/// The discriminator's name and every value, in branch order (F4).
pub(crate) type Discriminator = Option<(String, Vec<Value>)>;
