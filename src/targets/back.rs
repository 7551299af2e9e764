//! The way back (SPEC §3 "Targets"): a model's arguments, sent for a presentation a target's
//! rewrites shaped, read back as the contract's value. [`Shaped`] is what the way back needs of
//! a presentation (derived as `flatten --target` derives it, or read from a manifest by the
//! caller); [`read_back`] undoes its mappings (`mapping::unmap`) and chooses among the readings
//! where `null` and absent are one value.

use serde_json::Value;

use super::mapping::{self, Nulled, Stringified};
use crate::document::Loaded;

/// The presentation a target was sent, and the mappings its rewrites recorded.
#[derive(Debug)]
pub struct Shaped {
    /// The presentation, loaded.
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
    /// The pointers (into the value) of the `null`s dropped for left-out keys.
    pub dropped: Vec<String>,
    /// What the contract's judge said of it.
    pub judgement: J,
}

/// `value` read back along `shaped`, judged by `judge` (`Ok(true)` when the contract accepts
/// it). Where a key accepted `null` before the rewrite, `null` and absent are one value in the
/// presentation: the model's `null` is first dropped only where the key never accepted `null`,
/// and dropped everywhere only when the contract refuses that reading. The first reading the
/// contract accepts is returned, else the first tried. `walk` runs `mapping::unmap` (on a thread
/// with the stack it needs, in the caller's hands).
pub fn read_back<J, E>(
    shaped: &Shaped,
    value: &Value,
    walk: impl Fn(&Shaped, Value, &[Nulled]) -> Result<(Value, Vec<String>), E>,
    judge: impl Fn(&Value) -> Result<(bool, J), E>,
) -> Result<ReadBack<J>, E> {
    let unambiguous: Vec<Nulled> = (shaped.nulled.iter())
        .filter(|n| !n.was_nullable)
        .cloned()
        .collect();
    let reading = |mapping: &[Nulled]| -> Result<(bool, ReadBack<J>), E> {
        let (value, dropped) = walk(shaped, value.clone(), mapping)?;
        let (accepted, judgement) = judge(&value)?;
        Ok((
            accepted,
            ReadBack {
                value,
                dropped,
                judgement,
            },
        ))
    };
    let (accepted, first) = reading(&unambiguous)?;
    if accepted || unambiguous.len() == shaped.nulled.len() {
        return Ok(first);
    }
    let (accepted, every) = reading(&shaped.nulled)?;
    Ok(if accepted { every } else { first })
}

/// [`mapping::unmap`] for `shaped` with `nulled` undone.
pub fn unmap(shaped: &Shaped, value: Value, nulled: &[Nulled]) -> (Value, Vec<String>) {
    mapping::unmap(
        &shaped.presentation,
        &shaped.at,
        value,
        nulled,
        &shaped.stringified,
    )
}
