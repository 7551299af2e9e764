#!/usr/bin/env python3
"""Writes the inputs of fixtures/verify/ (issue 4): each case is `sub.json`, `sup.json` and
optionally `options.json` (`{"semantics": "strict"}`). The expected verdict (`expected.json`:
verdict, what proved it, the reason for `unknown`, the counterexample for `refuted`) is blessed by
the golden test (`SNAPSHOTS=overwrite cargo test --test verify_golden`), reviewed as a diff, never
written here. Case names cite the V1 keyword family they show. Re-run after editing:
`python3 bench/make-verify-fixtures.py`.
"""
import json, os, shutil

ROOT = os.path.join(os.path.dirname(__file__), "..", "fixtures", "verify")
S2020 = "https://json-schema.org/draft/2020-12/schema"
S2019 = "https://json-schema.org/draft/2019-09/schema"
S7 = "http://json-schema.org/draft-07/schema#"
S4 = "http://json-schema.org/draft-04/schema#"

CASES = {}

def case(name, sub, sup, semantics=None, draft=S2020):
    for schema in (sub, sup):
        if isinstance(schema, dict) and "$schema" not in schema:
            schema["$schema"] = draft
    CASES[name] = (sub, sup, semantics)

def both(name, sub, sup, draft=S2020):
    case(name + "-declared", sub, json.loads(json.dumps(sup)), None, draft)
    case(name + "-strict", json.loads(json.dumps(sub)), json.loads(json.dumps(sup)), "strict", draft)

# type sets; integer ⊂ number
case("v1-type-integer-in-number", {"type": "integer"}, {"type": "number"})
case("v1-type-number-not-integer", {"type": "number"}, {"type": "integer"})
case("v1-type-array-narrowed", {"type": ["string", "null"]}, {"type": "string"})
# const / enum: each value of sub validated against sup
case("v1-enum-subset", {"enum": ["a", "b"]}, {"type": "string", "enum": ["a", "b", "c"]})
case("v1-enum-value-missing", {"enum": ["a", "b", "c"]}, {"enum": ["a", "b"]})
# enum members are values, not schemas: a `required` key inside one is data, and its order
# counts (`{"required": ["b", "a"]}` is not `{"required": ["a", "b"]}`)
case("v1-enum-object-values-are-data", {"enum": [{"required": ["a", "b"]}, {"required": ["b", "a"]}]},
     {"enum": [{"required": ["a", "b"]}]})
case("v1-const-d7", {"const": "insert"}, {"type": "string", "enum": ["insert", "delete"]}, draft=S7)
case("v1-boolean-values", {"type": "boolean"}, {"enum": [True, False]})
# numeric bounds, draft-aware
case("v1-bounds-widened", {"type": "integer", "minimum": 1, "maximum": 5}, {"type": "integer", "minimum": 0})
case("v1-bounds-narrowed", {"type": "integer", "minimum": 0}, {"type": "integer", "minimum": 1})
case("v1-bounds-exclusive-integer", {"type": "integer", "exclusiveMinimum": 0}, {"type": "integer", "minimum": 1})
case("v1-bounds-exclusive-number", {"type": "number", "exclusiveMinimum": 0}, {"type": "number", "minimum": 1})
case("v1-bounds-draft4", {"type": "number", "minimum": 0, "exclusiveMinimum": True}, {"type": "number", "minimum": 0}, draft=S4)
case("v1-bounds-draft4-narrowed", {"type": "number", "minimum": 0}, {"type": "number", "minimum": 0, "exclusiveMinimum": True}, draft=S4)
# numbers compared exactly, near and beyond 2^53 and at the edges of u64 (issue 11)
BIG = 9007199254740992  # 2^53
case("v1-bounds-beyond-2-53", {"type": "integer", "minimum": BIG}, {"type": "integer", "minimum": BIG + 1})
case("v1-bounds-beyond-2-53-number", {"type": "number", "minimum": BIG}, {"type": "number", "minimum": BIG + 1})
case("v1-bounds-beyond-2-53-exclusive", {"type": "integer", "exclusiveMaximum": BIG + 2}, {"type": "integer", "maximum": BIG})
case("v1-bounds-beyond-2-53-negative", {"type": "integer", "maximum": -BIG}, {"type": "integer", "maximum": -BIG - 1})
case("v1-bounds-u64-max", {"type": "integer", "minimum": 18446744073709551614}, {"type": "integer", "minimum": 18446744073709551615})
case("v1-bounds-beyond-2-53-widened", {"type": "integer", "minimum": BIG + 1}, {"type": "integer", "minimum": BIG})
# each side read by its own draft (L2): draft 4's integer is written as one; keywords a draft
# does not define assert nothing, even where the validator crate would enforce them
case("v1-integer-draft4-vs-2020-12", {"$schema": S2020, "type": "integer"}, {"$schema": S4, "type": "integer"})
case("v1-integer-2020-12-vs-draft4", {"$schema": S4, "type": "integer"}, {"$schema": S2020, "type": "integer"})
case("v1-dependencies-not-a-keyword-2020-12", {"type": "object"}, {"type": "object", "dependencies": {"a": ["b"]}})
case("v1-dependencies-not-a-keyword-2020-12-sub", {"type": "object", "dependencies": {"a": ["b"]}}, {"type": "object", "dependentRequired": {"a": ["b"]}})
case("v1-content-encoding-draft6", {"type": "string"}, {"type": "string", "contentEncoding": "base64"}, draft="http://json-schema.org/draft-06/schema#")
# multipleOf: integer divisors only
case("v1-multipleof-integer", {"type": "integer", "multipleOf": 4}, {"type": "integer", "multipleOf": 2})
case("v1-multipleof-narrowed", {"type": "integer", "minimum": 1, "maximum": 9}, {"type": "integer", "multipleOf": 2})
case("v1-multipleof-fractional", {"type": "number", "multipleOf": 0.5}, {"type": "number", "multipleOf": 0.25})
# strings: lengths, pattern, format (an annotation: L2)
case("v1-string-lengths", {"type": "string", "minLength": 2, "maxLength": 5}, {"type": "string", "minLength": 1, "maxLength": 10})
case("v1-string-max-narrowed", {"type": "string", "maxLength": 5}, {"type": "string", "maxLength": 3})
case("v1-pattern-identical", {"type": "string", "pattern": "^[a-z]+$", "minLength": 2}, {"type": "string", "pattern": "^[a-z]+$"})
case("v1-pattern-different", {"type": "string", "pattern": "^[a-z]+$"}, {"type": "string", "pattern": "^[a-z]*$"})
case("v1-pattern-narrowed", {"type": "string", "pattern": "^[a-z]+$"}, {"type": "string", "pattern": "^a"})
case("v1-format-annotation", {"type": "string"}, {"type": "string", "format": "email"})
# objects
case("v1-required-added", {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a"], "additionalProperties": False},
     {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "string"}}, "required": ["a", "b"]})
case("v1-required-dropped", {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]},
     {"type": "object", "properties": {"a": {"type": "string"}}})
case("v1-property-narrowed", {"type": "object", "properties": {"at": {"type": "integer", "minimum": 0}}, "required": ["at"], "additionalProperties": False},
     {"type": "object", "properties": {"at": {"type": "integer", "minimum": 1}}})
both("v1-implicitly-open", {"type": "object", "properties": {"a": {"type": "string"}}},
     {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False})
case("v1-explicitly-open", {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": True},
     {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False})
case("v1-pattern-properties", {"type": "object", "patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": False},
     {"type": "object", "patternProperties": {"^x-": {"type": "number"}}, "additionalProperties": False})
case("v1-pattern-properties-other", {"type": "object", "patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": False},
     {"type": "object", "patternProperties": {"^y-": {"type": "string"}}})
case("v1-pattern-properties-disjoint", {"type": "object", "patternProperties": {"^x-": {"type": "integer"}}, "additionalProperties": False},
     {"type": "object", "patternProperties": {"^y-": {"type": "string"}, "^x-": {"type": "number"}}})
case("v1-property-names", {"type": "object", "properties": {"ab": {}, "cd": {}}, "additionalProperties": False},
     {"type": "object", "propertyNames": {"maxLength": 2}})
case("v1-property-names-rejected", {"type": "object", "properties": {"ab": {}, "long_name": {}}, "additionalProperties": False},
     {"type": "object", "propertyNames": {"maxLength": 2}})
case("v1-min-max-properties", {"type": "object", "properties": {"a": {}, "b": {}}, "required": ["a", "b"], "additionalProperties": False},
     {"type": "object", "minProperties": 2, "maxProperties": 2})
case("v1-dependent-required", {"type": "object", "properties": {"card": {}, "cvc": {}}, "dependentRequired": {"card": ["cvc"]}},
     {"type": "object", "dependentRequired": {"card": ["cvc"]}})
case("v1-dependent-required-missing", {"type": "object", "properties": {"card": {}, "cvc": {}}},
     {"type": "object", "dependentRequired": {"card": ["cvc"]}})
case("v1-dependencies-d7", {"type": "object", "properties": {"card": {}, "cvc": {}}, "required": ["card", "cvc"]},
     {"type": "object", "dependencies": {"card": ["cvc"]}}, draft=S7)
# arrays: position by position, lengths, uniqueItems, contains
case("v1-prefix-items", {"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}], "items": False},
     {"type": "array", "prefixItems": [{"type": "number"}], "items": {"type": "string"}})
case("v1-tuple-items-d7", {"type": "array", "items": [{"type": "integer"}, {"type": "string"}], "additionalItems": False},
     {"type": "array", "items": [{"type": "number"}], "additionalItems": {"type": "string"}}, draft=S7)
case("v1-items-narrowed", {"type": "array", "items": {"type": "integer"}}, {"type": "array", "items": {"type": "integer", "minimum": 0}})
case("v1-array-lengths", {"type": "array", "minItems": 1, "maxItems": 3}, {"type": "array", "minItems": 1, "maxItems": 4})
case("v1-array-max-narrowed", {"type": "array", "maxItems": 3}, {"type": "array", "maxItems": 2})
case("v1-unique-items", {"type": "array", "items": {"type": "integer"}}, {"type": "array", "uniqueItems": True})
case("v1-contains", {"type": "array", "prefixItems": [{"const": 1}], "minItems": 1}, {"type": "array", "contains": {"type": "integer"}})
case("v1-min-contains", {"type": "array", "items": {"type": "integer"}, "contains": {"const": 1}, "minContains": 2},
     {"type": "array", "contains": {"type": "integer"}, "minContains": 2})
# boolean schemas
case("v1-true-in-false", True, False)
case("v1-false-in-anything", False, {"type": "null"})
case("v1-anything-in-empty", {"type": "object", "properties": {"a": {"minimum": 3}}}, {})
# $ref and recursion: assumed on re-entry only after descending into a property or item
case("v1-recursion-proven", {"$defs": {"node": {"type": "object", "properties": {"value": {"type": "integer", "minimum": 0}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}, "required": ["value"]}}, "$ref": "#/$defs/node"},
     {"$defs": {"tree": {"type": "object", "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/$defs/tree"}}}}}, "$ref": "#/$defs/tree"})
case("v1-recursion-narrowed", {"$defs": {"node": {"type": "object", "properties": {"value": {"type": "integer"}, "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}, "required": ["value"], "additionalProperties": False}}, "$ref": "#/$defs/node"},
     {"$defs": {"tree": {"type": "object", "properties": {"value": {"type": "integer", "minimum": 0}, "children": {"type": "array", "items": {"$ref": "#/$defs/tree"}}}}}, "$ref": "#/$defs/tree"})
case("v1-recursion-d7", {"definitions": {"list": {"type": "object", "properties": {"head": {"type": "string"}, "tail": {"$ref": "#/definitions/list"}}}}, "$ref": "#/definitions/list"},
     {"definitions": {"list": {"type": "object", "properties": {"head": {"type": "string"}, "tail": {"$ref": "#/definitions/list"}}}}, "$ref": "#/definitions/list"}, draft=S7)
# unions on both sides
case("v1-sub-union-covered", {"oneOf": [{"type": "string"}, {"type": "integer"}]}, {"anyOf": [{"type": "number"}, {"type": "string"}]})
case("v1-sub-union-branch-rejected", {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 0}]}, {"anyOf": [{"type": "string"}, {"type": "integer", "minimum": 1}]})
case("v1-type-split-across-branches", {"type": ["string", "integer"]}, {"anyOf": [{"type": "integer"}, {"type": "string"}]})
case("v1-sup-oneof-discriminated",
     {"type": "object", "properties": {"op": {"const": "get"}, "id": {"type": "string"}}, "required": ["op", "id"], "additionalProperties": False},
     {"oneOf": [{"type": "object", "properties": {"op": {"const": "get"}, "id": {"type": "string"}}, "required": ["op"]},
                {"type": "object", "properties": {"op": {"const": "put"}}, "required": ["op"]}]})
case("v1-sup-oneof-overlapping", {"type": "integer", "minimum": 0, "maximum": 5}, {"oneOf": [{"type": "integer"}, {"type": "number"}]})
case("v1-sup-allof", {"type": "integer", "minimum": 2, "maximum": 4}, {"allOf": [{"type": "integer", "minimum": 0}, {"maximum": 10}]})
# not, if/then/else: only the same subschema on both sides
case("v1-not-identical", {"type": "string", "not": {"$ref": "#/$defs/empty"}, "$defs": {"empty": {"maxLength": 0}}},
     {"not": {"$ref": "#/$defs/nothing"}, "$defs": {"nothing": {"maxLength": 0}}})
case("v1-not-other-types", {"type": "string"}, {"not": {"type": "null"}})
case("v1-not-different", {"type": "string", "minLength": 1}, {"not": {"maxLength": 0}})
case("v1-if-then-else-identical", {"if": {"type": "string"}, "then": {"minLength": 1}, "else": {"type": "null"}},
     {"if": {"type": "string"}, "then": {"minLength": 1}, "else": {"type": "null"}})
# the same `if`, each side widened (what --deep does under then/else), or one side narrowed
case("v1-if-same-then-else-widened", {"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "integer", "minimum": 0}},
     {"if": {"type": "string"}, "then": {"minLength": 1}, "else": {"type": ["integer", "null"]}})
case("v1-if-same-else-narrowed", {"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "integer"}},
     {"if": {"type": "string"}, "then": {"minLength": 1}, "else": {"type": "integer", "minimum": 0}})
# keywords not modelled in sup: unknown
case("v1-unevaluated-properties", {"type": "object", "properties": {"a": {}}, "additionalProperties": False},
     {"type": "object", "allOf": [{"properties": {"a": {}}}], "unevaluatedProperties": False})
case("v1-unevaluated-beside-additional", {"type": "object", "properties": {"a": {}}, "additionalProperties": False},
     {"type": "object", "properties": {"a": {}}, "additionalProperties": False, "unevaluatedProperties": False}, draft=S2019)
# a $dynamicRef whose anchor name is written once in the document set reads as a $ref (issue 16)
case("v1-dynamic-ref-unique-anchor", {"$dynamicAnchor": "node", "type": "object", "properties": {"child": {"$dynamicRef": "#node"}}},
     {"type": "object", "properties": {"child": {"type": "object"}}}, "strict")
case("v1-dynamic-ref-unique-anchor-narrowed", {"type": "object", "properties": {"child": {"type": "object", "properties": {"child": {"type": "integer"}}}}},
     {"$dynamicAnchor": "node", "type": "object", "properties": {"child": {"$dynamicRef": "#node"}}}, "strict")
# keys no schema names, whose name decides (jsoncompat's backcompat suite, issue 16)
case("v1-pattern-properties-key-outside-presentation", {"type": "object", "patternProperties": {"^x": {"type": "string"}, "x$": {"type": "integer"}}, "additionalProperties": False},
     {"type": "object", "patternProperties": {"^x": {"type": "string"}}, "additionalProperties": False}, "strict")
case("v1-pattern-properties-key-of-presentation", {"type": "object", "additionalProperties": True},
     {"type": "object", "patternProperties": {"^x$": {"type": "integer"}}}, "strict")
case("v1-pattern-properties-within", {"type": "object", "patternProperties": {"^ab": {"type": "integer"}}, "additionalProperties": False},
     {"type": "object", "patternProperties": {"^[a-c]": {"type": "number"}}, "additionalProperties": False})
case("v1-pattern-properties-not-within", {"type": "object", "patternProperties": {"^a": {"type": "integer"}}, "additionalProperties": False},
     {"type": "object", "patternProperties": {"^ab": {"type": "number"}}, "additionalProperties": False})
# an open object with patterns: a key matches one of them, or none and meets additionalProperties
case("v1-pattern-properties-open-split", {"type": "object", "patternProperties": {"^x": {"type": "integer"}}, "additionalProperties": {"type": "string"}},
     {"type": "object", "patternProperties": {"^x": {"type": "number"}}, "additionalProperties": {"type": "string"}}, "strict")
case("v1-property-names-enum-widened", {"type": "object", "properties": {"flags": {"type": "object", "propertyNames": {"enum": ["a", "b"]}, "additionalProperties": {"type": "boolean"}}}, "required": ["flags"]},
     {"type": "object", "properties": {"flags": {"type": "object", "propertyNames": {"enum": ["a"]}, "additionalProperties": {"type": "boolean"}}}, "required": ["flags"]}, "strict")
case("v1-dynamic-ref", {"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": False},
     {"type": "object", "properties": {"a": {"$dynamicRef": "#text"}}, "$defs": {"text": {"$dynamicAnchor": "text", "type": "string"}}})
# declared semantics and a union's closure (§1): the extra keys a branch may carry are the ones
# another branch declares, with that branch's schema
both("v1-union-closure",
     {"anyOf": [{"type": "object", "properties": {"a": {"type": "string"}}}, {"type": "object", "properties": {"b": {"type": "integer"}}}]},
     {"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer"}}, "additionalProperties": False})
both("v1-oneof-closure",
     {"oneOf": [{"type": "object", "properties": {"k": {"const": "a"}, "a": {"type": "string"}}, "required": ["k"]},
                {"type": "object", "properties": {"k": {"const": "b"}, "b": {"type": "integer"}}, "required": ["k"], "additionalProperties": {}}]},
     {"type": "object", "properties": {"k": {"enum": ["a", "b"]}, "a": {"type": "string"}, "b": {"type": "integer"}}, "required": ["k"]})

if __name__ == "__main__":
    os.makedirs(ROOT, exist_ok=True)
    for name, (sub, sup, semantics) in CASES.items():
        folder = os.path.join(ROOT, name)
        os.makedirs(folder, exist_ok=True)
        for file, value in (("sub.json", sub), ("sup.json", sup)):
            with open(os.path.join(folder, file), "w") as f:
                f.write(json.dumps(value, indent=2, ensure_ascii=False) + "\n")
        options = os.path.join(folder, "options.json")
        if semantics:
            with open(options, "w") as f:
                f.write(json.dumps({"semantics": semantics}) + "\n")
        elif os.path.exists(options):
            os.remove(options)
    print(f"{len(CASES)} cases in {os.path.normpath(ROOT)}")
