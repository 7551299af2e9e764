//! What changed between two schemas (SPEC §6, D-rules), pure: the keyword change list of one
//! schema object (`keywords`), which flattening uses to state what it widened (F10); the change
//! list through every subschema, tagged (`changes`, D3); and unified text diffs (`text`, D4).
//! `stitch diff` classifies with the prover (`pipeline::compare`, D2) and prints all three.

pub mod changes;
pub mod keywords;
pub mod text;
