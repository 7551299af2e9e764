//! What changed between two schemas (SPEC §6, D-rules). For now the keyword change list of one
//! schema object (`keywords`, D3), which flattening uses to state what it widened (F10) and the
//! tests use to check that every widening is reported, and unified text diffs (`text`, D4),
//! which `stitch check` shows for a stale presentation; `stitch diff` builds on both.

pub mod keywords;
pub mod text;
