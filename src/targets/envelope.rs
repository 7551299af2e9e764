//! Request shapes (SPEC §3 "Targets"): with `--target`, a tool or a tool list is written the way
//! that provider's request carries tools, so that an MCP server's `tools/list` becomes an OpenAI
//! `tools` array in one command. A bare schema stays a schema.
//!
//! What one tool becomes, per [`Shape`]:
//!
//! | shape | one tool | a tool list |
//! |---|---|---|
//! | `responses` | `{"type":"function","name","description","parameters","strict"}` | an array of those |
//! | `chat-completions` | `{"type":"function","function":{"name","description","parameters","strict"}}` | an array |
//! | `anthropic` | `{"name","description","input_schema"}` (`"strict": true` for anthropic-strict) | an array |
//! | `gemini` | `{"name","description","parameters"}` | `{"functionDeclarations":[…]}`, one element of the request's `tools` |
//! | `gemini-json` | `{"name","description","parametersJsonSchema"}` | `{"functionDeclarations":[…]}` |
//! | `mcp` | `{"name","description","inputSchema"}` | `{"tools":[…]}`, a `tools/list` result |
//! | `bedrock` | `{"toolSpec":{"name","description","inputSchema":{"json"}}}` | `{"tools":[…]}`, a `toolConfig` |
//!
//! Decisions:
//! - `strict` is written as the target says: `true` for openai-strict and anthropic-strict,
//!   `false` for openai (the Responses API may make a tool that does not say it strict, and
//!   since 2026 no longer states a default), and left out elsewhere (an input's own `strict` is not carried into a shape that would
//!   mean something else by it).
//! - A tool already in the output's form keeps its other fields (MCP `annotations`,
//!   `outputSchema`, Anthropic `cache_control`, …); a tool converted from another form keeps its
//!   name, description and schema only, since another provider's fields would be refused.
//! - A tool with no input schema (an OpenAI function without `parameters` takes no arguments)
//!   gets none where the shape allows it, and `{"type":"object","properties":{}}` where the
//!   shape requires one (Anthropic, MCP, Bedrock). Mistral requires `parameters` too; its
//!   profile reports a tool without one rather than inventing it here.
//! - A tool without arguments (an object schema with no properties and nothing else that
//!   asserts) is declared without `parameters` for Gemini from `@2026-12`, as the AI SDK sends
//!   it: Gemini refuses an object with no properties. A bare schema stays a schema. An open
//!   one (no `additionalProperties: false`) is then narrowed to `{}`, which the target reports.
//! - Findings and the null ⇒ absent pointers keep the input's layout: they name the input file,
//!   and `stitch validate` reads the contract in that layout.

use serde_json::{Map, Value, json};

use crate::document::{Contents, Tool, ToolForm};
use crate::schema::pointer;

/// A provider's request shape for tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// OpenAI Responses `tools`.
    Responses,
    /// OpenAI Chat Completions `tools` (also Mistral, Ollama and llama.cpp's server).
    ChatCompletions,
    /// Anthropic Messages `tools`.
    Anthropic,
    /// Gemini `functionDeclarations` with OpenAPI `parameters`.
    Gemini,
    /// Gemini `functionDeclarations` with `parametersJsonSchema`.
    GeminiJson,
    /// An MCP `tools/list` result.
    Mcp,
    /// Bedrock Converse `toolConfig`.
    Bedrock,
}

impl Shape {
    /// The name used on the command line and in messages.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Responses => "responses",
            Shape::ChatCompletions => "chat-completions",
            Shape::Anthropic => "anthropic",
            Shape::Gemini => "gemini",
            Shape::GeminiJson => "gemini-json",
            Shape::Mcp => "mcp",
            Shape::Bedrock => "bedrock",
        }
    }

    /// The key that holds a tool's input schema in this shape.
    fn schema_key(self) -> &'static str {
        match self {
            Shape::Responses | Shape::ChatCompletions | Shape::Gemini => "parameters",
            Shape::Anthropic => "input_schema",
            Shape::GeminiJson => "parametersJsonSchema",
            Shape::Mcp => "inputSchema",
            Shape::Bedrock => "json",
        }
    }

    /// True when a tool of this shape must carry an input schema.
    fn needs_schema(self) -> bool {
        matches!(self, Shape::Anthropic | Shape::Mcp | Shape::Bedrock)
    }
}

/// How a profile's tools are sent: the shape and the `strict` flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Envelope {
    /// The request shape.
    pub shape: Shape,
    /// The `strict` flag to write; `None` leaves it out.
    pub strict: Option<bool>,
    /// A tool without arguments ([`takes_no_arguments`]) is declared without its input schema,
    /// as the provider's SDKs send it (issue 41: Gemini refuses an object with no properties).
    pub omit_no_arguments: bool,
}

/// True when `schema` says a tool takes no arguments and nothing else: `type: "object"` with no
/// (or empty) `properties` and `required`, no `additionalProperties` but a boolean, and beside
/// them only annotations and `$schema`.
pub fn takes_no_arguments(schema: &Value) -> bool {
    let Some(map) = schema.as_object() else {
        return false;
    };
    let empty = |v: &Value| {
        v.as_object().is_some_and(Map::is_empty) || v.as_array().is_some_and(Vec::is_empty)
    };
    map.get("type").and_then(Value::as_str) == Some("object")
        && map.iter().all(|(k, v)| match k.as_str() {
            "type" | "$schema" => true,
            "properties" | "required" => empty(v),
            "additionalProperties" => v.is_boolean(),
            other => crate::schema::keywords::is_annotation(other),
        })
}

/// A presentation in a request shape.
#[derive(Debug, Clone, PartialEq)]
pub struct Wrapped {
    /// The document.
    pub value: Value,
    /// Where each tool's input schema is in it, in tool order (tools without one skipped).
    pub schemas: Vec<String>,
}

/// The presentation of `contents` in `envelope`'s shape; `None` for a bare schema, which stays
/// a schema. `presentation` is laid out like the input (`contents` holds its pointers).
pub fn wrap(contents: &Contents, presentation: &Value, envelope: Envelope) -> Option<Wrapped> {
    let (container, tools) = match contents {
        Contents::Schema { .. } => return None,
        Contents::Tool(tool) => (None, std::slice::from_ref(tool)),
        Contents::Tools { tools, .. } => (
            Some(match envelope.shape {
                Shape::Gemini | Shape::GeminiJson => "/functionDeclarations",
                Shape::Mcp | Shape::Bedrock => "/tools",
                Shape::Responses | Shape::ChatCompletions | Shape::Anthropic => "",
            }),
            tools.as_slice(),
        ),
    };
    let mut values = Vec::with_capacity(tools.len());
    let mut schemas = Vec::new();
    for (i, tool) in tools.iter().enumerate() {
        let (value, schema) = one(tool, presentation, envelope);
        let at = container.map_or_else(String::new, |c| pointer::push_index(c, i));
        schemas.extend(schema.map(|s| format!("{at}{s}")));
        values.push(value);
    }
    let value = match container {
        None => values.pop().unwrap_or(Value::Null),
        Some("") => Value::Array(values),
        Some(key) => json!({ &key[1..]: values }),
    };
    Some(Wrapped { value, schemas })
}

/// One tool in `envelope`'s shape, and its input schema's pointer relative to the tool.
fn one(tool: &Tool, presentation: &Value, envelope: Envelope) -> (Value, Option<String>) {
    let shape = envelope.shape;
    let original = presentation
        .pointer(&tool.pointer)
        .and_then(Value::as_object);
    let omitted = envelope.omit_no_arguments
        && !shape.needs_schema()
        && tool
            .schema
            .as_deref()
            .and_then(|at| presentation.pointer(at))
            .is_some_and(takes_no_arguments);
    if let Some(original) = original.filter(|o| same_form(tool.form, o, shape)) {
        let mut original = original.clone();
        let schema = if omitted {
            original.shift_remove(shape.schema_key());
            None
        } else {
            tool.schema
                .as_deref()
                .and_then(|s| s.strip_prefix(tool.pointer.as_str()))
                .map(str::to_owned)
        };
        return (with_strict(Value::Object(original), envelope), schema);
    }
    let schema = tool
        .schema
        .as_deref()
        .filter(|_| !omitted)
        .and_then(|at| presentation.pointer(at))
        .cloned()
        .or_else(|| {
            shape
                .needs_schema()
                .then(|| json!({"type": "object", "properties": {}}))
        });
    let mut function = Map::new();
    function.insert("name".to_owned(), Value::String(tool.name.clone()));
    if let Some(description) = &tool.description {
        function.insert("description".to_owned(), Value::String(description.clone()));
    }
    let at = schema.is_some().then(|| match shape {
        Shape::Bedrock => "/toolSpec/inputSchema/json".to_owned(),
        Shape::ChatCompletions => "/function/parameters".to_owned(),
        _ => format!("/{}", shape.schema_key()),
    });
    let built = match shape {
        Shape::Bedrock => {
            if let Some(schema) = schema {
                function.insert("inputSchema".to_owned(), json!({ "json": schema }));
            }
            json!({ "toolSpec": function })
        }
        Shape::ChatCompletions => {
            if let Some(schema) = schema {
                function.insert(shape.schema_key().to_owned(), schema);
            }
            json!({ "type": "function", "function": function })
        }
        Shape::Responses => {
            let mut object = Map::new();
            object.insert("type".to_owned(), Value::String("function".to_owned()));
            object.append(&mut function);
            if let Some(schema) = schema {
                object.insert(shape.schema_key().to_owned(), schema);
            }
            Value::Object(object)
        }
        Shape::Anthropic | Shape::Gemini | Shape::GeminiJson | Shape::Mcp => {
            if let Some(schema) = schema {
                function.insert(shape.schema_key().to_owned(), schema);
            }
            Value::Object(function)
        }
    };
    (with_strict(built, envelope), at)
}

/// True when a tool written as `object` in `form` is already in `shape`, so that it keeps its
/// other fields. An OpenAI flat tool (`{name, parameters}`) is a Responses tool when it says
/// `type: "function"`, and a Gemini declaration when it says no `type`.
fn same_form(form: ToolForm, object: &Map<String, Value>, shape: Shape) -> bool {
    let typed = object.get("type").and_then(Value::as_str) == Some("function");
    match (form, shape) {
        (ToolForm::Mcp, Shape::Mcp)
        | (ToolForm::Anthropic, Shape::Anthropic)
        | (ToolForm::OpenAiFunction, Shape::ChatCompletions)
        | (ToolForm::Bedrock, Shape::Bedrock)
        | (ToolForm::GeminiJson, Shape::GeminiJson) => true,
        (ToolForm::OpenAiFlat, Shape::Responses) => typed,
        (ToolForm::OpenAiFlat, Shape::Gemini) => !object.contains_key("type"),
        _ => false,
    }
}

/// `tool` with its `strict` flag as `envelope` says: set, or removed.
fn with_strict(mut tool: Value, envelope: Envelope) -> Value {
    let holder = match envelope.shape {
        Shape::ChatCompletions => tool.get_mut("function"),
        Shape::Bedrock => tool.get_mut("toolSpec"),
        _ => Some(&mut tool),
    };
    if let Some(Value::Object(holder)) = holder {
        match envelope.strict {
            Some(strict) => {
                holder.insert("strict".to_owned(), Value::Bool(strict));
            }
            None => {
                holder.shift_remove("strict");
            }
        }
    }
    tool
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::detect;

    fn contents(value: &Value) -> Contents {
        detect(value, None, "stem").expect("a tool or a list")
    }

    const STRICT: Envelope = Envelope {
        shape: Shape::Responses,
        strict: Some(true),
        omit_no_arguments: false,
    };

    #[test]
    fn an_mcp_list_becomes_an_openai_tools_array() {
        let list = json!({"tools": [
            {"name": "a", "description": "A", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}},
            {"name": "b", "inputSchema": {"type": "object", "properties": {}}}
        ]});
        let out = wrap(&contents(&list), &list, STRICT).unwrap().value;
        assert_eq!(
            out,
            json!([
                {"type": "function", "name": "a", "description": "A", "parameters": {"type": "object"}, "strict": true},
                {"type": "function", "name": "b", "parameters": {"type": "object", "properties": {}}, "strict": true}
            ])
        );
        let keys: Vec<&String> = out[0].as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["type", "name", "description", "parameters", "strict"]
        );
    }

    #[test]
    fn a_tool_in_its_own_form_keeps_its_fields_and_gets_the_targets_strict() {
        let tool =
            json!({"name": "a", "inputSchema": {"type": "object"}, "annotations": {"title": "A"}});
        let mcp = Envelope {
            shape: Shape::Mcp,
            strict: None,
            omit_no_arguments: false,
        };
        assert_eq!(wrap(&contents(&tool), &tool, mcp).unwrap().value, tool);
        let chat = json!({"type": "function", "function": {"name": "a", "parameters": {}, "strict": true}});
        let lax = Envelope {
            shape: Shape::ChatCompletions,
            strict: Some(false),
            omit_no_arguments: false,
        };
        assert_eq!(
            wrap(&contents(&chat), &chat, lax).unwrap().value,
            json!({"type": "function", "function": {"name": "a", "parameters": {}, "strict": false}})
        );
    }

    #[test]
    fn each_shape_reads_back_as_the_same_tools() {
        let list = json!([{"type": "function", "function": {"name": "a", "description": "A", "parameters": {"type": "object"}}},
                          {"type": "function", "function": {"name": "b"}}]);
        for shape in [
            Shape::Responses,
            Shape::ChatCompletions,
            Shape::Anthropic,
            Shape::Gemini,
            Shape::GeminiJson,
            Shape::Mcp,
            Shape::Bedrock,
        ] {
            let envelope = Envelope {
                shape,
                strict: None,
                omit_no_arguments: false,
            };
            let wrapped = wrap(&contents(&list), &list, envelope).unwrap();
            let out = wrapped.value.clone();
            let Contents::Tools { tools, .. } = contents(&out) else {
                panic!("{}: not a list: {out}", shape.name());
            };
            let names: Vec<&str> = tools.iter().map(|t| t.name.as_str()).collect();
            assert_eq!(names, ["a", "b"], "{}", shape.name());
            assert_eq!(tools[0].description.as_deref(), Some("A"));
            let schema = out.pointer(tools[0].schema.as_deref().unwrap()).unwrap();
            assert_eq!(schema, &json!({"type": "object"}), "{}", shape.name());
            // A shape that requires a schema gives the no-argument tool an empty object.
            let empty = tools[1].schema.as_deref().and_then(|at| out.pointer(at));
            assert_eq!(
                empty.is_some(),
                shape.needs_schema(),
                "{}: {out}",
                shape.name()
            );
            // The pointers given are those a reader finds.
            let found: Vec<String> = tools.iter().filter_map(|t| t.schema.clone()).collect();
            assert_eq!(wrapped.schemas, found, "{}", shape.name());
            // Written again in its own shape, it is unchanged.
            assert_eq!(
                wrap(&contents(&out), &out, envelope).unwrap(),
                wrapped,
                "{}",
                shape.name()
            );
        }
    }

    #[test]
    fn a_bare_schema_stays_a_schema() {
        let schema = json!({"type": "object"});
        assert_eq!(wrap(&contents(&schema), &schema, STRICT), None);
    }
}
