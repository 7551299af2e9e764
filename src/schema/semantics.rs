//! Which values a presentation must accept (§1): the one switch every stage reads.

/// Which values the presentation must accept (§1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Semantics {
    /// L(close(C)) ⊆ L(P): callers send the keys the contract declares.
    Declared,
    /// L(C) ⊆ L(P), literally: implicitly open objects stay open.
    Strict,
}

impl Semantics {
    /// The name used on the command line and in output.
    pub fn name(self) -> &'static str {
        match self {
            Semantics::Declared => "declared",
            Semantics::Strict => "strict",
        }
    }
}
