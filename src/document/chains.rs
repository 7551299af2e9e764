//! L5: bounds on references applied in place. References that come back to themselves without
//! descending into a property or item loop forever in any validator (`a: allOf[b]`,
//! `b: anyOf[…, a]`), and long chains of them exhaust a validator's stack; both are refused
//! before a validator sees the document. Recursion through `properties` or `items` is legal and
//! untouched: it consumes part of the value at every turn.

use foldhash::{HashMap, HashSet};
use serde_json::Value;

use super::table::{Document, Edge, Location, NodeKey, Reference, node_key};
use crate::diagnostic::{Code, Finding, codes};
use crate::schema::keywords::Application;
use crate::schema::pointer;

/// The longest chain of references followed without descending into a property or item.
pub const MAX_REF_CHAIN: usize = 64;

/// The first cycle or over-long chain among `references` (whose nodes are `edges`, one each),
/// as a finding without a span.
pub fn violation(
    documents: &[Document],
    references: &[Reference],
    edges: &[Edge],
) -> Option<Finding> {
    // A holder of two references counts as its last.
    let by_holder: HashMap<NodeKey, usize> = edges
        .iter()
        .enumerate()
        .map(|(i, edge)| (edge.holder, i))
        .collect();
    // For each reference, the references met in place from its target: worked out once per
    // target, as many references share one (a definition used in many places).
    let mut by_target: HashMap<NodeKey, Vec<usize>> = HashMap::default();
    let next: Vec<Vec<usize>> = references
        .iter()
        .zip(edges)
        .map(|(r, edge)| match (&r.target, edge.target) {
            (Some(target), Some(key)) => by_target
                .entry(key)
                .or_insert_with(|| in_place_refs(documents, target, &by_holder))
                .clone(),
            _ => Vec::new(),
        })
        .collect();
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Active,
        /// Finished, with the longest chain that starts here.
        Done(usize),
    }
    let mut marks = vec![Mark::New; references.len()];
    // Iterative depth-first search: the stack is the chain being followed.
    for start in 0..references.len() {
        if marks[start] != Mark::New {
            continue;
        }
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        marks[start] = Mark::Active;
        while let Some(&(node, edge)) = stack.last() {
            let chain =
                |stack: &[(usize, usize)]| stack.iter().map(|(n, _)| *n).collect::<Vec<_>>();
            let Some(&succ) = next[node].get(edge) else {
                let longest = next[node]
                    .iter()
                    .map(|s| match marks[*s] {
                        Mark::Done(len) => len,
                        _ => 0,
                    })
                    .max()
                    .unwrap_or(0);
                marks[node] = Mark::Done(longest + 1);
                stack.pop();
                continue;
            };
            if let Some(top) = stack.last_mut() {
                top.1 += 1;
            }
            match marks[succ] {
                Mark::New if stack.len() < MAX_REF_CHAIN => {
                    marks[succ] = Mark::Active;
                    stack.push((succ, 0));
                }
                Mark::Active => {
                    let path = chain(&stack);
                    let from = path.iter().position(|n| *n == succ).unwrap_or(0);
                    return Some(report(
                        documents,
                        references,
                        &path[from..],
                        codes::REF_CYCLE,
                    ));
                }
                Mark::New => {
                    return Some(report(
                        documents,
                        references,
                        &chain(&stack),
                        codes::REF_CHAIN,
                    ));
                }
                Mark::Done(len) if len + stack.len() > MAX_REF_CHAIN => {
                    return Some(report(
                        documents,
                        references,
                        &chain(&stack),
                        codes::REF_CHAIN,
                    ));
                }
                Mark::Done(_) => {}
            }
        }
    }
    None
}

/// The references met from `at` through in-place applicators only.
fn in_place_refs(
    documents: &[Document],
    at: &Location,
    by_holder: &HashMap<NodeKey, usize>,
) -> Vec<usize> {
    let document = &documents[at.doc];
    let mut found = Vec::new();
    let mut stack: Vec<&Value> = pointer::get(&document.value, &at.pointer)
        .into_iter()
        .collect();
    let mut seen = HashSet::default();
    while let Some(here) = stack.pop() {
        if !seen.insert(address_of(here)) {
            continue;
        }
        let Value::Object(map) = here else {
            continue;
        };
        if let Some(&index) = by_holder.get(&node_key(documents, at.doc, here)) {
            found.push(index);
        }
        for sub in document.draft.subschemas(map) {
            if sub.application == Application::InPlace {
                stack.push(sub.schema);
            }
        }
    }
    found
}

fn address_of(node: &Value) -> usize {
    std::ptr::from_ref(node) as usize
}

fn report(
    documents: &[Document],
    references: &[Reference],
    chain: &[usize],
    code: Code,
) -> Finding {
    let reference = &references[chain[0]];
    let message = if code == codes::REF_CYCLE {
        let hops: Vec<String> = chain
            .iter()
            .map(|i| format!("#{}", references[*i].from.pointer))
            .collect();
        format!(
            "`{}` loops back to itself without descending into a property or item ({} → back)",
            reference.keyword,
            hops.join(" → ")
        )
    } else {
        format!(
            "`{}` starts a chain of more than {MAX_REF_CHAIN} references applied in place",
            reference.keyword
        )
    };
    let label = if code == codes::REF_CYCLE {
        "this reference loops"
    } else {
        "this chain is too long"
    };
    Finding::error(code, message)
        .in_source(&documents[reference.from.doc].source)
        .at(pointer::push(&reference.from.pointer, reference.keyword))
        .with_label(label)
        .with_help(
            "a schema that applies itself to the same value never finishes validating; \
             make the recursion go through `properties` or `items`",
        )
}
