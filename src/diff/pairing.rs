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

/// How two documents that each hold one schema are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Single {
    /// One schema each is one pair, whatever the names (`verify`: the question is about the
    /// values, and a presentation may name its tool differently).
    ByPosition,
    /// One schema each is one pair unless both sides are tools (a tool or a tool list): tools
    /// are paired by name, so a renamed tool is one missing and one added (`diff`, issue 40: a
    /// rename breaks every caller).
    ToolsByName,
}

/// Pairs the schemas of `first` and `second`: one schema each as `single` says, else tools by
/// name. `Err` when the first document holds no schema at all.
pub fn pair(first: &Loaded, second: &Loaded, single: Single) -> Result<Pairing, String> {
    let (a, b) = (first.contents.schemas(), second.contents.schemas());
    let tools = |l: &Loaded| l.contents.kind() != crate::document::InputKind::Schema;
    let by_name = single == Single::ToolsByName && tools(first) && tools(second);
    if let ([(name, x)], [(_, y)]) = (a.as_slice(), b.as_slice())
        && !by_name
    {
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
