//! `stitch check` as a feature: which files it reads (`discover`, C1) and the gate one document
//! goes through (`gate`, C2–C5).

pub mod discover;
pub mod gate;
