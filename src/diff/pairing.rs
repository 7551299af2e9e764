//! Which schemas of two documents are compared (`verify`, and later `diff`): the one schema of
//! each side, or tools matched by name. A tool only the first side has is *missing* (the second
//! accepts none of its values); one only the second has is *added*.

use crate::document::Loaded;

/// Two schemas to compare: a name, and the pointer of each in its document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pair {
    /// The tool's name (or the first side's schema name).
    pub name: String,
    /// The schema's pointer in the first document.
    pub first: String,
    /// The schema's pointer in the second document.
    pub second: String,
}

/// The pairs, in the first document's order, and the tools on one side only.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pairing {
    /// Schemas on both sides.
    pub pairs: Vec<Pair>,
    /// Tools of the first document the second lacks: (name, pointer in the first).
    pub missing: Vec<(String, String)>,
    /// Tools of the second document the first lacks: (name, pointer in the second).
    pub added: Vec<(String, String)>,
}

/// Pairs the schemas of `first` and `second`: one schema each whatever their names, else tools
/// by name. `Err` when the first document holds no schema at all.
pub fn pair(first: &Loaded, second: &Loaded) -> Result<Pairing, String> {
    let (a, b) = (first.contents.schemas(), second.contents.schemas());
    if let ([(name, x)], [(_, y)]) = (a.as_slice(), b.as_slice()) {
        return Ok(Pairing {
            pairs: vec![Pair {
                name: (*name).to_owned(),
                first: (*x).to_owned(),
                second: (*y).to_owned(),
            }],
            ..Pairing::default()
        });
    }
    if a.is_empty() {
        return Err("the first document holds no schema to compare".to_owned());
    }
    let mut out = Pairing::default();
    for (name, x) in &a {
        match b.iter().find(|(n, _)| n == name) {
            Some((_, y)) => out.pairs.push(Pair {
                name: (*name).to_owned(),
                first: (*x).to_owned(),
                second: (*y).to_owned(),
            }),
            None => out.missing.push(((*name).to_owned(), (*x).to_owned())),
        }
    }
    out.added = b
        .iter()
        .filter(|(n, _)| !a.iter().any(|(m, _)| m == n))
        .map(|(n, y)| ((*n).to_owned(), (*y).to_owned()))
        .collect();
    Ok(out)
}
