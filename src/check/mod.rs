//! `stitch check` as a feature: which files it reads (`discover`, C1) and the gate one document
//! goes through (`gate`, C2–C5), and the run over every file (`run`: a file's committed
//! presentation and the manifest compared, findings sorted, C5–C6).

pub mod discover;
pub mod gate;
pub mod run;
