//! The vocabulary every stage shares, and a leaf: it imports nothing of ours.
//!
//! Drafts and how each reads its keywords ([`Draft`], L2), JSON Pointers (`pointer`), the one
//! keyword table (`keywords`: drafts, roles, per-type lists, subschema shapes), the JSON types a
//! schema allows (`types`), the subschemas of a schema and the one walk over them (`walk`), a one-pass recogniser of plain regular expressions (`pattern`), numeric bounds compared exactly (`bounds`) and the superset
//! [`Semantics`] (§1). Loading, flattening, verification, conversion and canonical JSON all read
//! schemas through these, so that each fact about JSON Schema is written once.

pub(crate) mod bounds;
pub mod draft;
pub(crate) mod keywords;
pub(crate) mod pattern;
pub mod pointer;
mod semantics;
pub(crate) mod types;
pub mod walk;

pub use draft::Draft;
pub use semantics::Semantics;
