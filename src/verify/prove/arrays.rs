//! The prover on arrays (V1): items position by position (`prefixItems` then the `items`
//! tail, or a draft's tuple form), lengths, `uniqueItems` and `contains`.

use serde_json::Value;

use super::{Edit, Proof, Prover, Segment, trivially_true};
use crate::schema::keywords::Kind;
use crate::schema::types::Types;
use crate::verify::keys;
use crate::verify::space::Node;
use crate::verify::terms::Term;

impl<'a> Prover<'a, '_> {
    pub(super) fn arrays(&mut self, term: &Term, types: Types, node: &Node<'a, '_>) -> Proof {
        if !types.intersects(Types::ARRAY) || !node.constrains(Kind::Array) {
            return Proof::Proven;
        }
        let sub_nodes: Vec<Node<'a, '_>> = term
            .nodes
            .iter()
            .filter_map(|at| self.sub_space().node(at))
            .collect();
        let (have_min, have_max) = keys::item_count(self.sub_space(), term);
        let sub_prefix = sub_nodes
            .iter()
            .map(|n| n.prefix().0.len())
            .max()
            .unwrap_or(0);
        let (sup_prefix, prefix_keyword) = node.prefix();
        let sup_tail = node.tail().map(|(_, k)| node.child(k));
        let positions = sub_prefix.max(sup_prefix.len());
        let mut longer = true;
        for index in 0..positions {
            if have_max.is_some_and(|m| index as u64 >= m) {
                longer = false;
                break;
            }
            let Some(sub_item) = keys::at_index(self.sub_space(), term, index) else {
                longer = false;
                break;
            };
            let sup_item = if index < sup_prefix.len() {
                Some(node.child_index(prefix_keyword, index))
            } else {
                sup_tail.clone()
            };
            if let Some(sup_item) = sup_item {
                require!(self.at(Segment::Index(index), vec![sub_item], sup_item));
            }
        }
        if longer
            && have_max.is_none_or(|m| m > positions as u64)
            && let Some(sup_tail) = &sup_tail
            && let Some(sub_tail) = keys::at_index(self.sub_space(), term, positions)
        {
            require!(self.at(Segment::Index(positions), vec![sub_tail], sup_tail.clone()));
        }
        if let Some(min) = node.count("minItems")
            && have_min < min
        {
            return self.doubt(
                term,
                &node.at,
                "minItems",
                format!("the contract allows arrays shorter than {min}"),
                vec![Edit::Sample],
            );
        }
        if let Some(max) = node.count("maxItems")
            && have_max.is_none_or(|h| h > max)
        {
            return self.doubt(
                term,
                &node.at,
                "maxItems",
                format!("the contract allows arrays longer than {max}"),
                vec![Edit::Sample],
            );
        }
        if node.get("uniqueItems") == Some(&Value::Bool(true))
            && !sub_nodes
                .iter()
                .any(|n| n.get("uniqueItems") == Some(&Value::Bool(true)))
            && have_max.is_none_or(|m| m > 1)
        {
            return self.doubt(
                term,
                &node.at,
                "uniqueItems",
                "the contract allows arrays with repeated items",
                vec![Edit::Sample],
            );
        }
        if node.get("contains").is_some() {
            require!(self.contains(term, &sub_nodes, have_min, node));
        }
        if let Some(unevaluated) = node.get("unevaluatedItems")
            && sup_tail.is_none()
            && !trivially_true(unevaluated)
        {
            return self.doubt(
                term,
                &node.at,
                "unevaluatedItems",
                "`unevaluatedItems` is not modelled",
                Vec::new(),
            );
        }
        Proof::Proven
    }

    pub(super) fn contains(
        &mut self,
        term: &Term,
        sub_nodes: &[Node<'a, '_>],
        have_min: u64,
        node: &Node<'a, '_>,
    ) -> Proof {
        let wanted = node.child("contains");
        let counts =
            |n: &Node<'_, '_>| (n.get("minContains").cloned(), n.get("maxContains").cloned());
        if node.get("minContains").is_some() || node.get("maxContains").is_some() {
            let identical = sub_nodes.iter().any(|n| {
                n.get("contains").is_some()
                    && counts(n) == counts(node)
                    && self.same(&n.child("contains"), &wanted)
            });
            if identical {
                return Proof::Proven;
            }
            return self.doubt(term, &node.at, "contains", "`contains` with `minContains`/`maxContains` is proven only when the contract has the same three", Vec::new());
        }
        for n in sub_nodes {
            if n.get("contains").is_some()
                && n.count("minContains") != Some(0)
                && self
                    .descend(vec![vec![n.child("contains")]], wanted.clone())
                    .is_proven()
            {
                return Proof::Proven;
            }
        }
        for index in 0..have_min.min(64) as usize {
            if let Some(item) = keys::at_index(self.sub_space(), term, index)
                && self.descend(vec![item], wanted.clone()).is_proven()
            {
                return Proof::Proven;
            }
        }
        self.doubt(
            term,
            &node.at,
            "contains",
            "the contract allows arrays with no item the presentation's `contains` accepts",
            vec![Edit::Sample],
        )
    }
}
