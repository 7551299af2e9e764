//! The way back (SPEC §3 "Targets"): a model's arguments, sent for a presentation a target's
//! rewrites shaped, read back as the contract's value. [`Shaped`] is what the way back needs of
//! a presentation (derived as `flatten --target` derives it, or read from a manifest by the
//! caller); [`read_back`] searches the readings of a call for one the contract accepts.
//!
//! **The reading** (issue 40). A call can stand for more than one contract value: a `null` at
//! a key made required and nullable means "left out", but where the key accepted `null` before
//! the rewrite it may also be a real `null`; a value an `anyOf` of the presentation admits
//! along several branches is read along any of them (each branch records its own mappings);
//! a string may be the text of more than one enum value. Each such place is a
//! [`Choice`], and a reading takes one option at each. The readings are
//! tried best first, and the first the contract accepts is the answer:
//! 1. fewest `null`s dropped where they may be real — the model's `null` is kept wherever the
//!    contract accepts it, *per key*, never all or nothing;
//! 2. among as many dropped, those that keep the keys coming first in the presentation's
//!    property order (the walk meets keys in that order, depth first);
//! 3. then fewest branches other than the first that admits the call, earliest first; a string
//!    that a branch reads as an enum value is read that way before any other branch (the
//!    recorded mapping decides, never the order of the branches).
//!
//! **The budget** (documented, deterministic, no clock): at most [`MAX_READINGS`] readings and
//! [`MAX_STEPS`] schema nodes walked over all of them. Within it, `validate` never refuses a
//! call that some reading maps to a value the contract accepts; past it, the refusal says the
//! budget ran out.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use serde_json::Value;

use super::mapping::{Choice, Nulled, Reader, Stringified, Walked};
use crate::document::Loaded;

/// Readings tried at most for one call.
pub const MAX_READINGS: usize = 4096;

/// Schema nodes walked at most for one call, over every reading.
pub const MAX_STEPS: usize = 2_000_000;

/// Readings waiting at most: past it, no more are queued (the budget counts as spent).
const MAX_QUEUED: usize = 65_536;

/// The presentation a target was sent, and the mappings its rewrites recorded.
#[derive(Debug)]
pub struct Shaped {
    /// The presentation, loaded as JSON Schema that reads as the provider reads it
    /// ([`View::enforced`](super::View::enforced)).
    pub presentation: Loaded,
    /// The input schema's pointer in it.
    pub at: String,
    /// Keys whose `null` means absent.
    pub nulled: Vec<Nulled>,
    /// Enums sent as text.
    pub stringified: Vec<Stringified>,
}

/// A reading of the arguments as the contract's value.
#[derive(Debug, Default)]
pub struct ReadBack<J> {
    /// The value.
    pub value: Value,
    /// The pointers (into the call) of the `null`s dropped for left-out keys.
    pub dropped: Vec<String>,
    /// The pointers (into the call) of the `null`s kept where they could have stood for a
    /// left-out key.
    pub kept: Vec<String>,
    /// Whether the contract accepts it.
    pub accepted: bool,
    /// Readings tried.
    pub readings: usize,
    /// True when the budget ran out before every reading was tried (and none was accepted).
    pub exhausted: bool,
    /// What the contract's judge said of it.
    pub judgement: J,
}

/// A reading waiting to be tried: the options taken that are not option 0, as (choice index,
/// option), with what orders it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Queued {
    /// `null`s dropped where they may be real.
    drops: usize,
    /// Their choice indices, later first preferred (the keys met first are kept).
    dropped_at: Reverse<Vec<usize>>,
    /// Other options taken (branches, enum values).
    others: usize,
    /// Every option taken, by choice index.
    taken: Vec<(usize, usize)>,
}

impl Queued {
    /// The options, as [`Reader::read`] takes them.
    fn given(&self) -> Vec<usize> {
        let len = self.taken.last().map_or(0, |(at, _)| at + 1);
        let mut given = vec![0; len];
        for &(at, option) in &self.taken {
            given[at] = option;
        }
        given
    }

    /// This reading with option `option` at choice `at` (after every option it takes), for the
    /// choice `choice`.
    fn with(&self, at: usize, option: usize, choice: &Choice) -> Queued {
        let mut next = self.clone();
        next.taken.push((at, option));
        if matches!(choice, Choice::Null(_)) {
            next.drops += 1;
            next.dropped_at.0.push(at);
        } else {
            next.others += 1;
        }
        next
    }
}

/// `call` read back along `shaped` (with `reader`, made over it), judged by `judge`
/// (`(true, _)` when the contract accepts the value): the best reading the contract accepts
/// (see the module's documentation), else the first reading tried with `accepted` false.
pub fn read_back<J>(
    shaped: &Shaped,
    reader: &Reader<'_, '_>,
    call: &Value,
    judge: impl Fn(&Value) -> (bool, J),
) -> ReadBack<J> {
    let answer = |walked: Walked, accepted: bool, judgement: J, readings: usize| ReadBack {
        value: walked.value,
        dropped: walked.dropped,
        kept: walked.kept,
        accepted,
        readings,
        exhausted: false,
        judgement,
    };
    let first = reader.read(&shaped.at, call, &[]);
    let (accepted, judgement) = judge(&first.value);
    if accepted || first.choices.is_empty() {
        return answer(first, accepted, judgement, 1);
    }
    let (mut readings, mut steps) = (1, first.steps);
    let mut queue = BinaryHeap::new();
    let mut queued = 0;
    // Each reading is queued once: one option taken past the last one the reading it comes
    // from takes.
    let enqueue = |queue: &mut BinaryHeap<Reverse<Queued>>,
                   queued: &mut usize,
                   from: &Queued,
                   walked: &Walked| {
        let after = from.taken.last().map_or(0, |(at, _)| at + 1);
        for (at, choice) in walked.choices.iter().enumerate().skip(after) {
            for option in 1..choice.options() {
                if *queued < MAX_QUEUED {
                    queue.push(Reverse(from.with(at, option, choice)));
                    *queued += 1;
                }
            }
        }
    };
    let root = Queued {
        drops: 0,
        dropped_at: Reverse(Vec::new()),
        others: 0,
        taken: Vec::new(),
    };
    enqueue(&mut queue, &mut queued, &root, &first);
    let mut exhausted = queued >= MAX_QUEUED;
    while let Some(Reverse(next)) = queue.pop() {
        if readings >= MAX_READINGS || steps >= MAX_STEPS {
            exhausted = true;
            break;
        }
        let walked = reader.read(&shaped.at, call, &next.given());
        readings += 1;
        steps += walked.steps;
        let (accepted, judgement) = judge(&walked.value);
        if accepted {
            return answer(walked, true, judgement, readings);
        }
        enqueue(&mut queue, &mut queued, &next, &walked);
        exhausted |= queued >= MAX_QUEUED;
    }
    ReadBack {
        exhausted,
        ..answer(first, false, judgement, readings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::testing::loaded;
    use crate::verify::Space;
    use serde_json::json;

    /// Two keys that may each be `null` for real, at most one key (issue 40's "set or clear
    /// exactly one field").
    fn exactly_one() -> Shaped {
        let presentation = loaded(
            r#"{"type": "object",
                "properties": {"nickname": {"type": ["string", "null"]},
                               "avatar_url": {"type": ["string", "null"]}},
                "required": ["nickname", "avatar_url"], "additionalProperties": false}"#,
        );
        let nulled = ["nickname", "avatar_url"].map(|key| Nulled {
            object: String::new(),
            key: key.to_owned(),
            was_nullable: true,
        });
        Shaped {
            presentation,
            at: String::new(),
            nulled: nulled.to_vec(),
            stringified: Vec::new(),
        }
    }

    fn one_key(value: &Value) -> (bool, ()) {
        (value.as_object().is_some_and(|o| o.len() == 1), ())
    }

    #[test]
    fn the_null_kept_is_the_first_keys_and_the_choice_is_per_key() {
        let shaped = exactly_one();
        let space = Space::new(&shaped.presentation, "");
        let reader = Reader::new(&space, &shaped.nulled, &shaped.stringified);
        let call = json!({"nickname": null, "avatar_url": null});
        let read = read_back(&shaped, &reader, &call, one_key);
        assert_eq!(read.value, json!({"nickname": null}));
        assert_eq!(read.kept, ["/nickname"]);
        assert_eq!(read.dropped, ["/avatar_url"]);
        assert!(read.accepted);
        assert_eq!(read.readings, 2);
        let call = json!({"nickname": "n", "avatar_url": null});
        let read = read_back(&shaped, &reader, &call, one_key);
        assert_eq!(read.value, json!({"nickname": "n"}));
    }

    #[test]
    fn a_call_no_reading_makes_valid_is_refused_with_its_first_reading() {
        let shaped = exactly_one();
        let space = Space::new(&shaped.presentation, "");
        let reader = Reader::new(&space, &shaped.nulled, &shaped.stringified);
        let call = json!({"nickname": "n", "avatar_url": "u"});
        let read = read_back(&shaped, &reader, &call, one_key);
        assert!(!read.accepted);
        assert_eq!(read.value, call);
        assert_eq!((read.readings, read.exhausted), (1, false));
        let never = |_: &Value| (false, ());
        let call = json!({"nickname": null, "avatar_url": null});
        let read = read_back(&shaped, &reader, &call, never);
        assert_eq!(read.value, call);
        assert_eq!((read.readings, read.exhausted), (4, false));
    }

    #[test]
    fn the_budget_ends_the_search_and_says_so() {
        let keys: Vec<String> = (0..20).map(|i| format!("k{i:02}")).collect();
        let properties: serde_json::Map<String, Value> = (keys.iter())
            .map(|k| (k.clone(), json!({"type": ["string", "null"]})))
            .collect();
        let presentation = loaded(
            &json!({"type": "object", "properties": properties, "required": keys,
                    "additionalProperties": false})
            .to_string(),
        );
        let shaped = Shaped {
            presentation,
            at: String::new(),
            nulled: (keys.iter())
                .map(|key| Nulled {
                    object: String::new(),
                    key: key.clone(),
                    was_nullable: true,
                })
                .collect(),
            stringified: Vec::new(),
        };
        let space = Space::new(&shaped.presentation, "");
        let reader = Reader::new(&space, &shaped.nulled, &shaped.stringified);
        let call: serde_json::Map<String, Value> =
            keys.iter().map(|k| (k.clone(), Value::Null)).collect();
        let read = read_back(&shaped, &reader, &Value::Object(call), |_| (false, ()));
        assert!(read.exhausted);
        assert_eq!(read.readings, MAX_READINGS);
    }
}
