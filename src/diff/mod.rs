//! What changed between two schemas (SPEC §6, D-rules): the change list through every
//! subschema, tagged (`changes`, D3), built on the keyword change list of one schema object
//! that flattening also states its widenings with (`flatten::keywords`, F10); and unified text
//! diffs (`text`, D4).
//! `stitch diff` classifies with the prover ([`compare`], D2) and prints all three; `pairing`
//! says which schemas of two documents are compared (the one schema of each, or tools by name).

pub mod changes;
pub mod compare;
pub mod pairing;
pub mod text;
