//! The JSON types a schema may accept, as a bit set (`integer` a part of `number`): what the
//! prover and the sampler compute for each place.
//!
//! Numbers split three ways, because drafts disagree on what an integer is (L2): integers
//! written as integers (`3`), integers written with a fraction or an exponent (`3.0`, `1e3`:
//! integers from draft 6 on, not in draft 4), and numbers with a fractional part (`2.5`).

use serde_json::Value;

use super::Draft;

/// The JSON types a schema may accept, as a bit set; `integer` is a part of `number`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Types(pub u8);

impl Types {
    pub const NULL: Types = Types(1);
    pub const BOOLEAN: Types = Types(2);
    /// Integers written as integers (`3`).
    pub const INTEGER: Types = Types(4);
    /// Numbers with a fractional part.
    pub const FRACTION: Types = Types(8);
    /// Integers written as floats (`3.0`, `1e3`).
    pub const WHOLE: Types = Types(128);
    pub const NUMBER: Types = Types(4 | 8 | 128);
    pub const STRING: Types = Types(16);
    pub const ARRAY: Types = Types(32);
    pub const OBJECT: Types = Types(64);
    pub const ALL: Types = Types(255);
    pub const NONE: Types = Types(0);

    /// The types a `type` name allows in `draft`: draft 4's `integer` takes only integers
    /// written as integers; later drafts take any number with no fractional part.
    pub fn of_name(name: &str, draft: Draft) -> Option<Types> {
        Some(match name {
            "null" => Types::NULL,
            "boolean" => Types::BOOLEAN,
            "integer" if draft == Draft::Draft4 => Types::INTEGER,
            "integer" => Types(Types::INTEGER.0 | Types::WHOLE.0),
            "number" => Types::NUMBER,
            "string" => Types::STRING,
            "array" => Types::ARRAY,
            "object" => Types::OBJECT,
            _ => return None,
        })
    }

    pub fn of_value(value: &Value) -> Types {
        match value {
            Value::Null => Types::NULL,
            Value::Bool(_) => Types::BOOLEAN,
            Value::Number(n) => {
                if n.is_i64() || n.is_u64() {
                    Types::INTEGER
                } else if n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                    Types::WHOLE
                } else {
                    Types::FRACTION
                }
            }
            Value::String(_) => Types::STRING,
            Value::Array(_) => Types::ARRAY,
            Value::Object(_) => Types::OBJECT,
        }
    }

    pub fn and(self, other: Types) -> Types {
        Types(self.0 & other.0)
    }

    pub fn or(self, other: Types) -> Types {
        Types(self.0 | other.0)
    }

    pub fn minus(self, other: Types) -> Types {
        Types(self.0 & !other.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn intersects(self, other: Types) -> bool {
        self.0 & other.0 != 0
    }

    pub fn contains(self, other: Types) -> bool {
        self.0 & other.0 == other.0
    }

    /// Each single type in the set (the three kinds of number apart).
    pub fn each(self) -> impl Iterator<Item = Types> {
        (0..8)
            .map(|i| Types(1 << i))
            .filter(move |t| self.intersects(*t))
    }

    /// The JSON Schema name of a single type (a fraction is a `number`).
    pub fn name(self) -> &'static str {
        match self {
            Types::NULL => "null",
            Types::BOOLEAN => "boolean",
            Types::INTEGER => "integer",
            Types::FRACTION | Types::WHOLE | Types::NUMBER => "number",
            Types::STRING => "string",
            Types::ARRAY => "array",
            Types::OBJECT => "object",
            _ => "value",
        }
    }
}
