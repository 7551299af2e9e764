//! The JSON types a schema may accept, as a bit set (`integer` a part of `number`): what the
//! prover and the sampler compute for each place.

use serde_json::Value;

/// The JSON types a schema may accept, as a bit set; `integer` is a part of `number`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Types(pub u8);

impl Types {
    pub const NULL: Types = Types(1);
    pub const BOOLEAN: Types = Types(2);
    /// Numbers with no fractional part.
    pub const INTEGER: Types = Types(4);
    /// Numbers with a fractional part.
    pub const FRACTION: Types = Types(8);
    pub const NUMBER: Types = Types(4 | 8);
    pub const STRING: Types = Types(16);
    pub const ARRAY: Types = Types(32);
    pub const OBJECT: Types = Types(64);
    pub const ALL: Types = Types(127);
    pub const NONE: Types = Types(0);

    pub fn of_name(name: &str) -> Option<Types> {
        Some(match name {
            "null" => Types::NULL,
            "boolean" => Types::BOOLEAN,
            "integer" => Types::INTEGER,
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
                if n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.fract() == 0.0) {
                    Types::INTEGER
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

    /// Each single type in the set (integer and fraction apart).
    pub fn each(self) -> impl Iterator<Item = Types> {
        (0..7)
            .map(|i| Types(1 << i))
            .filter(move |t| self.intersects(*t))
    }

    /// The JSON Schema name of a single type (a fraction is a `number`).
    pub fn name(self) -> &'static str {
        match self {
            Types::NULL => "null",
            Types::BOOLEAN => "boolean",
            Types::INTEGER => "integer",
            Types::FRACTION | Types::NUMBER => "number",
            Types::STRING => "string",
            Types::ARRAY => "array",
            Types::OBJECT => "object",
            _ => "value",
        }
    }
}
