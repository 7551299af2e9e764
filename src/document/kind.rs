//! What a document is (L1): a schema, one tool in a provider's envelope, or a list of tools.
//!
//! Detection is structural and overridable with `--input-kind`. This module finds the tools and
//! the pointers of their input schemas; it does not read the schemas themselves.

use serde_json::{Map, Value};

use crate::schema::pointer;

/// The three kinds of input (`--input-kind`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    /// A JSON Schema, object or boolean.
    Schema,
    /// One tool: MCP, OpenAI or Anthropic form.
    Tool,
    /// An array of tools, or an MCP `tools/list` result.
    Tools,
}

impl InputKind {
    /// The name used on the command line and in output.
    pub fn name(self) -> &'static str {
        match self {
            InputKind::Schema => "schema",
            InputKind::Tool => "tool",
            InputKind::Tools => "tools",
        }
    }
}

/// A provider's tool envelope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolForm {
    /// MCP: `{name, description?, inputSchema}`.
    Mcp,
    /// OpenAI Chat Completions: `{type: "function", function: {name, description?, parameters}}`.
    OpenAiFunction,
    /// OpenAI Responses (and Gemini): `{name, description?, parameters}`.
    OpenAiFlat,
    /// Anthropic: `{name, description?, input_schema}`.
    Anthropic,
    /// Gemini with JSON Schema: `{name, description?, parametersJsonSchema}`.
    GeminiJson,
    /// Bedrock Converse: `{toolSpec: {name, description?, inputSchema: {json}}}`.
    Bedrock,
}

impl ToolForm {
    /// The name used in output.
    pub fn name(self) -> &'static str {
        match self {
            ToolForm::Mcp => "mcp",
            ToolForm::OpenAiFunction => "openai-function",
            ToolForm::OpenAiFlat => "openai",
            ToolForm::Anthropic => "anthropic",
            ToolForm::GeminiJson => "gemini-json",
            ToolForm::Bedrock => "bedrock",
        }
    }
}

/// One tool found in a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tool {
    /// Its name, from the document.
    pub name: String,
    /// Its description, if any.
    pub description: Option<String>,
    /// Its envelope.
    pub form: ToolForm,
    /// Pointer of the tool object.
    pub pointer: String,
    /// Pointer of its input schema; `None` for an OpenAI tool without `parameters` (it takes no
    /// arguments).
    pub schema: Option<String>,
}

/// What a document holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contents {
    /// A bare schema, named after its file stem.
    Schema {
        /// The file stem (`stdin` for standard input).
        name: String,
    },
    /// One tool.
    Tool(Tool),
    /// A list of tools, at `pointer` (`""` for an array, `/tools` for a `tools/list` result,
    /// `/result/tools` for a whole JSON-RPC response).
    Tools {
        /// Where the array is.
        pointer: String,
        /// The tools, in document order.
        tools: Vec<Tool>,
    },
}

impl Contents {
    /// The kind.
    pub fn kind(&self) -> InputKind {
        match self {
            Contents::Schema { .. } => InputKind::Schema,
            Contents::Tool(_) => InputKind::Tool,
            Contents::Tools { .. } => InputKind::Tools,
        }
    }

    /// Every `(name, schema pointer)` in the document: the schema itself, or each tool's input
    /// schema.
    pub fn schemas(&self) -> Vec<(&str, &str)> {
        match self {
            Contents::Schema { name } => vec![(name.as_str(), "")],
            Contents::Tool(tool) => tool
                .schema
                .iter()
                .map(|s| (tool.name.as_str(), s.as_str()))
                .collect(),
            Contents::Tools { tools, .. } => tools
                .iter()
                .filter_map(|t| t.schema.as_deref().map(|s| (t.name.as_str(), s)))
                .collect(),
        }
    }
}

/// Why a document is not the kind it was taken for: a message and the pointer to blame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub pointer: String,
}

fn kind_error(pointer: &str, message: impl Into<String>) -> KindError {
    KindError {
        message: message.into(),
        pointer: pointer.to_owned(),
    }
}

/// Reads `value` as `forced`, or detects its kind. `stem` names a bare schema.
pub fn detect(value: &Value, forced: Option<InputKind>, stem: &str) -> Result<Contents, KindError> {
    let schema = || Contents::Schema {
        name: stem.to_owned(),
    };
    match forced {
        Some(InputKind::Schema) => match value {
            Value::Object(_) | Value::Bool(_) => Ok(schema()),
            _ => Err(kind_error("", format!("a schema is an object or a boolean, not {}", type_name(value)))),
        },
        Some(InputKind::Tool) => match value {
            Value::Object(map) => tool(map, "")?.map(Contents::Tool).ok_or_else(|| {
                kind_error("", "not a tool: expected `name` with `inputSchema` (MCP), `input_schema` (Anthropic) or `parameters` (OpenAI), or `type: \"function\"` with `function`")
            }),
            _ => Err(kind_error("", format!("a tool is an object, not {}", type_name(value)))),
        },
        Some(InputKind::Tools) => tool_list(value)?.ok_or_else(|| {
            kind_error("", "not a tool list: expected an array of tools or an object with a `tools` array")
        }),
        None => {
            if let Value::Object(map) = value
                && let Some(found) = tool(map, "")?
            {
                return Ok(Contents::Tool(found));
            }
            if let Some(list) = tool_list(value)? {
                return Ok(list);
            }
            match value {
                Value::Object(_) | Value::Bool(_) => Ok(schema()),
                _ => Err(kind_error(
                    "",
                    format!("not a schema, a tool or a tool list: the document is {}", type_name(value)),
                )),
            }
        }
    }
}

/// Keywords whose presence at a document's root makes it a schema to a directory walk (C1):
/// Pydantic and Zod emit no `$schema`.
const SCHEMA_SIGNS: &[&str] = &[
    "$schema",
    "type",
    "properties",
    "anyOf",
    "oneOf",
    "allOf",
    "$ref",
    "$defs",
    "definitions",
];

/// C1: whether a document a directory walk found is one `stitch check` reads: it says
/// `$schema`, carries a schema keyword at its root, or has a tool's or a tool list's shape (a
/// broken one too: that is the user's tool, and its error is worth showing).
pub fn looks_checkable(value: &Value) -> bool {
    match value {
        Value::Object(map) if SCHEMA_SIGNS.iter().any(|k| map.contains_key(*k)) => true,
        Value::Object(map) if !matches!(tool(map, ""), Ok(None)) => true,
        Value::Object(_) | Value::Array(_) => !matches!(tool_list(value), Ok(None)),
        _ => false,
    }
}

fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A tool at `at`, if the object has a tool's shape. A tool's shape with a broken part (a name
/// that is not a string, a schema that is not a schema) is an error, not a schema.
fn tool(map: &Map<String, Value>, at: &str) -> Result<Option<Tool>, KindError> {
    if map.get("type").and_then(Value::as_str) == Some("function")
        && let Some(Value::Object(function)) = map.get("function")
    {
        let inner = pointer::push(at, "function");
        return match tool_with(function, &inner, "parameters", ToolForm::OpenAiFunction)? {
            Some(mut found) => {
                found.pointer = at.to_owned();
                Ok(Some(found))
            }
            None => Err(kind_error(
                &inner,
                "an OpenAI function needs a string `name`",
            )),
        };
    }
    if let Some(Value::Object(spec)) = map.get("toolSpec") {
        return bedrock(spec, at);
    }
    // A Responses tool without `parameters` takes no arguments.
    if map.get("type").and_then(Value::as_str) == Some("function") && map.contains_key("name") {
        return tool_with(map, at, "parameters", ToolForm::OpenAiFlat);
    }
    for (key, form) in [
        ("inputSchema", ToolForm::Mcp),
        ("input_schema", ToolForm::Anthropic),
        ("parameters", ToolForm::OpenAiFlat),
        ("parametersJsonSchema", ToolForm::GeminiJson),
    ] {
        if map.contains_key(key) && map.contains_key("name") {
            return tool_with(map, at, key, form);
        }
    }
    Ok(None)
}

/// A Bedrock `toolSpec` at `at/toolSpec`, its schema under `inputSchema.json`.
fn bedrock(spec: &Map<String, Value>, at: &str) -> Result<Option<Tool>, KindError> {
    let inner = pointer::push(at, "toolSpec");
    let input = pointer::push(&inner, "inputSchema");
    let json = match spec.get("inputSchema") {
        None => None,
        Some(Value::Object(input)) => input.get("json").filter(|j| !j.is_null()),
        Some(_) => {
            return Err(kind_error(
                &input,
                "a Bedrock `inputSchema` is an object with the schema under `json`",
            ));
        }
    };
    let mut found = match tool_with(spec, &inner, "inputSchema", ToolForm::Bedrock)? {
        Some(found) => found,
        None => {
            return Err(kind_error(
                &inner,
                "a Bedrock `toolSpec` needs a string `name`",
            ));
        }
    };
    found.pointer = at.to_owned();
    found.schema = match json {
        None => None,
        Some(Value::Object(_) | Value::Bool(_)) => Some(pointer::push(&input, "json")),
        Some(other) => {
            return Err(kind_error(
                &pointer::push(&input, "json"),
                format!(
                    "`json` must be a schema (an object or a boolean), not {}",
                    type_name(other)
                ),
            ));
        }
    };
    Ok(Some(found))
}

fn tool_with(
    map: &Map<String, Value>,
    at: &str,
    schema_key: &str,
    form: ToolForm,
) -> Result<Option<Tool>, KindError> {
    let Some(name) = map.get("name") else {
        return Ok(None);
    };
    let name = name.as_str().ok_or_else(|| {
        kind_error(
            &pointer::push(at, "name"),
            "a tool's `name` must be a string",
        )
    })?;
    let description = match map.get("description") {
        None => None,
        Some(Value::String(d)) => Some(d.clone()),
        Some(_) => {
            return Err(kind_error(
                &pointer::push(at, "description"),
                "a tool's `description` must be a string",
            ));
        }
    };
    let schema = match map.get(schema_key) {
        None => None,
        Some(Value::Object(_) | Value::Bool(_)) => Some(pointer::push(at, schema_key)),
        Some(other) => {
            return Err(kind_error(
                &pointer::push(at, schema_key),
                format!(
                    "`{schema_key}` must be a schema (an object or a boolean), not {}",
                    type_name(other)
                ),
            ));
        }
    };
    Ok(Some(Tool {
        name: name.to_owned(),
        description,
        form,
        pointer: at.to_owned(),
        schema,
    }))
}

/// A tool list: an array whose every element is a tool, or an object with such an array under
/// `tools` (an MCP `tools/list` result, a Bedrock `toolConfig`), `result.tools` (the whole
/// JSON-RPC response) or `functionDeclarations` (a Gemini tool).
fn tool_list(value: &Value) -> Result<Option<Contents>, KindError> {
    let (at, items) = match value {
        Value::Array(items) => ("", items),
        Value::Object(map) => match (
            map.get("tools"),
            map.get("result").and_then(|r| r.get("tools")),
            map.get("functionDeclarations"),
        ) {
            (Some(Value::Array(items)), _, _) => ("/tools", items),
            (None, Some(Value::Array(items)), _) => ("/result/tools", items),
            (None, None, Some(Value::Array(items))) => ("/functionDeclarations", items),
            _ => return Ok(None),
        },
        _ => return Ok(None),
    };
    let mut tools = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let here = pointer::push_index(at, i);
        let found = match item {
            Value::Object(map) => match tool(map, &here)? {
                Some(found) => Some(found),
                // In a list, `{name, description?}` is a declaration with no parameters (Gemini
                // writes no-argument tools so); alone, it would be a schema.
                None if map.get("name").is_some_and(Value::is_string)
                    && map.keys().all(|k| k == "name" || k == "description") =>
                {
                    tool_with(map, &here, "parameters", ToolForm::OpenAiFlat)?
                }
                None => None,
            },
            _ => None,
        };
        match found {
            Some(found) => tools.push(found),
            // An array of schemas is not a tool list; an object with a `tools` array of
            // non-tools is a schema that happens to have that key.
            None if i == 0 => return Ok(None),
            None => {
                return Err(kind_error(
                    &here,
                    "this element of the tool list is not a tool",
                ));
            }
        }
    }
    Ok(Some(Contents::Tools {
        pointer: at.to_owned(),
        tools,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kind(v: Value) -> Result<Contents, KindError> {
        detect(&v, None, "stem")
    }

    #[test]
    fn detects_each_form() {
        let mcp = kind(json!({"name": "a", "description": "d", "inputSchema": {"type": "object"}}))
            .unwrap();
        assert!(
            matches!(&mcp, Contents::Tool(t) if t.form == ToolForm::Mcp && t.schema.as_deref() == Some("/inputSchema"))
        );
        let anthropic = kind(json!({"name": "a", "input_schema": {}})).unwrap();
        assert!(matches!(&anthropic, Contents::Tool(t) if t.form == ToolForm::Anthropic));
        let openai =
            kind(json!({"type": "function", "function": {"name": "a", "parameters": {}}})).unwrap();
        assert!(
            matches!(&openai, Contents::Tool(t) if t.form == ToolForm::OpenAiFunction && t.schema.as_deref() == Some("/function/parameters") && t.pointer.is_empty())
        );
        let flat = kind(json!({"name": "a", "parameters": true})).unwrap();
        assert!(matches!(&flat, Contents::Tool(t) if t.form == ToolForm::OpenAiFlat));
        let list =
            kind(json!({"tools": [{"name": "a", "inputSchema": {}}], "nextCursor": "x"})).unwrap();
        assert!(
            matches!(&list, Contents::Tools { pointer, tools } if pointer == "/tools" && tools[0].pointer == "/tools/0")
        );
        let rpc = kind(json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": []}})).unwrap();
        assert!(matches!(&rpc, Contents::Tools { pointer, .. } if pointer == "/result/tools"));
        assert_eq!(
            kind(json!({"type": "object"})).unwrap(),
            Contents::Schema {
                name: "stem".into()
            }
        );
        assert_eq!(kind(json!(true)).unwrap().kind(), InputKind::Schema);
        assert_eq!(kind(json!([])).unwrap().kind(), InputKind::Tools);
        // A schema with a `tools` property of schemas stays a schema.
        assert_eq!(
            kind(json!({"tools": [{"type": "string"}]})).unwrap().kind(),
            InputKind::Schema
        );
    }

    #[test]
    fn broken_tools_are_errors() {
        let e = kind(json!({"name": 3, "inputSchema": {}})).unwrap_err();
        assert_eq!(
            (e.pointer.as_str(), e.message.as_str()),
            ("/name", "a tool's `name` must be a string")
        );
        let e = kind(json!({"name": "a", "inputSchema": "x"})).unwrap_err();
        assert_eq!(e.pointer, "/inputSchema");
        let e = kind(json!([{"name": "a", "inputSchema": {}}, 3])).unwrap_err();
        assert_eq!(e.pointer, "/1");
        let e = kind(json!(3)).unwrap_err();
        assert_eq!(
            e.message,
            "not a schema, a tool or a tool list: the document is a number"
        );
        let e = detect(&json!({"type": "object"}), Some(InputKind::Tool), "s").unwrap_err();
        assert!(e.message.starts_with("not a tool"));
        let e = detect(&json!([1]), Some(InputKind::Schema), "s").unwrap_err();
        assert_eq!(
            e.message,
            "a schema is an object or a boolean, not an array"
        );
    }
}
