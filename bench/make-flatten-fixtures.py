#!/usr/bin/env python3
"""Writes the hand-made contracts and value files of fixtures/flatten/ (issue 3).

Each case is a contract plus the values its presentation must accept and reject. The draft-7
twin of a 2020-12 case is derived here (`$schema` and `$defs` → `definitions`), so that both
drafts are covered by the same values. Presentations and notes are blessed by the golden test
(`SNAPSHOTS=overwrite cargo test --test golden`), never written here. Re-run after editing:
`python3 bench/make-flatten-fixtures.py`.
"""
import json, os, re

ROOT = os.path.join(os.path.dirname(__file__), "..", "fixtures", "flatten")
S2020 = "https://json-schema.org/draft/2020-12/schema"
S7 = "http://json-schema.org/draft-07/schema#"

def obj(props, required=(), closed=False, **extra):
    s = {"type": "object", "properties": props}
    if required:
        s["required"] = list(required)
    if closed:
        s["additionalProperties"] = False
    s.update(extra)
    return s

def to_d7(value):
    text = json.dumps(value)
    text = text.replace(S2020, S7).replace('"$defs"', '"definitions"').replace("#/$defs/", "#/definitions/")
    return json.loads(text)

CASES = {}

def case(name, contract, accept, reject=(), options=None, d7=True):
    CASES[name] = (contract, accept, reject, options)
    if d7:
        CASES[name + "-d7"] = (to_d7(contract), accept, reject, options)

# F1: a root union of object branches.
case("f1-root-anyof", {
    "$schema": S2020,
    "anyOf": [
        obj({"kind": {"const": "a"}, "x": {"type": "string"}}, ["kind", "x"], True),
        obj({"kind": {"const": "b"}, "y": {"type": "number"}}, ["kind"], True),
    ],
}, accept=[{"kind": "a", "x": "s"}, {"kind": "b"}, {"kind": "b", "y": 1.5}],
   reject=[{"kind": "c"}, {"kind": "a", "x": 1}, {"kind": "b", "z": 1}, {"x": "s"}, "text"])

case("f1-type-beside-union", {
    "$schema": S2020,
    "type": "object",
    "oneOf": [
        {"properties": {"mode": {"const": "fast"}}, "required": ["mode"]},
        {"properties": {"mode": {"const": "slow"}, "delay": {"type": "integer", "minimum": 1}}, "required": ["mode", "delay"]},
    ],
}, accept=[{"mode": "fast"}, {"mode": "slow", "delay": 3}],
   reject=[{"mode": "medium"}, {"mode": "slow", "delay": 0}, 42, []])

case("f1-root-ref", {
    "$schema": S2020,
    "$ref": "#/$defs/update",
    "$defs": {
        "update": {"anyOf": [
            obj({"action": {"type": "string", "const": "pause"}, "minutes": {"type": "integer", "minimum": 1}}, ["action", "minutes"], True),
            obj({"action": {"type": "string", "const": "resume"}}, ["action"], True),
        ]},
    },
}, accept=[{"action": "pause", "minutes": 5}, {"action": "resume"}],
   reject=[{"action": "stop"}, {"action": "pause", "minutes": 0}, {"action": "resume", "extra": True}])

# F3: unions left in place.
case("f3-non-object-branch", {
    "$schema": S2020,
    "oneOf": [obj({"q": {"type": "string"}}, ["q"]), {"type": "string"}],
}, accept=[{"q": "x"}, "plain"], reject=[5, {"q": 1}])

case("f3-branch-without-type", {
    "$schema": S2020,
    "anyOf": [
        {"properties": {"a": {"type": "string"}}, "required": ["a"]},
        {"type": "object", "properties": {"b": {"type": "number"}}, "required": ["b"]},
    ],
}, accept=[{"a": "x"}, {"b": 1}, "a string passes the first branch"], reject=[{"a": 1, "b": "x"}])

case("f3-oneof-and-anyof", {
    "$schema": S2020,
    "oneOf": [obj({"a": {"type": "string"}}, ["a"]), obj({"b": {"type": "string"}}, ["b"])],
    "anyOf": [obj({"a": {"minLength": 1}}), obj({"b": {"minLength": 1}})],
}, accept=[{"a": "x"}, {"b": "y"}], reject=[{"a": 1}], d7=False)

# F4: the discriminator.
case("f4-openapi-discriminator", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "cat"}, "animal": {"const": "a1"}, "meow": {"type": "boolean"}}, ["kind", "animal"]),
        obj({"kind": {"const": "dog"}, "animal": {"const": "a2"}, "bark": {"type": "boolean"}}, ["kind", "animal"]),
    ],
    "discriminator": {"propertyName": "kind"},
}, accept=[{"kind": "cat", "animal": "a1"}, {"kind": "dog", "animal": "a2", "bark": True}],
   reject=[{"kind": "cow", "animal": "a1"}, {"animal": "a1"}, {"kind": "cat", "animal": "a1", "meow": "yes"}])

case("f4-enum-values", {
    "$schema": S2020,
    "oneOf": [
        obj({"shape": {"enum": ["circle", "disc"]}, "r": {"type": "number"}}, ["shape", "r"], True),
        obj({"shape": {"type": "string", "enum": ["square"]}, "side": {"type": "number"}}, ["shape", "side"], True),
    ],
}, accept=[{"shape": "disc", "r": 1}, {"shape": "square", "side": 2}],
   reject=[{"shape": "triangle", "r": 1}, {"r": 1}])

case("f4-no-discriminator", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "x"}, "a": {"type": "string", "description": "First"}}, ["kind", "a"], True),
        obj({"kind": {"const": "x"}, "b": {"type": "string"}}, ["kind", "b"], True),
    ],
}, accept=[{"kind": "x", "a": "1"}, {"kind": "x", "b": "2"}],
   reject=[{"kind": "x", "c": "3"}, {"kind": "x", "a": 1}])

# F5: a branch's keys.
case("f5-branch-allof", {
    "$schema": S2020,
    "$defs": {"base": {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}},
    "oneOf": [
        {"type": "object", "allOf": [{"$ref": "#/$defs/base"}, {"properties": {"op": {"const": "get"}}, "required": ["op"]}]},
        {"type": "object", "allOf": [{"$ref": "#/$defs/base"}, {"properties": {"op": {"const": "put"}, "body": {"type": "string"}}, "required": ["op", "body"]}]},
    ],
}, accept=[{"id": "1", "op": "get"}, {"id": "2", "op": "put", "body": "b"}],
   reject=[{"op": "get"}, {"id": "1", "op": "delete"}, {"id": 1, "op": "get"}])

# F5 + F9: a branch whose conjuncts take other keys explicitly stays explicitly open, so the
# other branches' keys accept anything in it (found by the verifier on kya.json with --deep).
case("f5-allof-explicitly-open", {
    "$schema": S2020,
    "oneOf": [
        {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": True,
         "allOf": [{"properties": {"b": {"type": "integer"}}}]},
        obj({"c": {"type": "integer"}}, ["c"], True),
    ],
}, accept=[{"a": "x", "c": "not an integer"}, {"a": "x", "b": 1}, {"c": 1}],
   reject=[{"a": 1}, "text"])

case("f5-conditional-keys", {
    "$schema": S2020,
    "oneOf": [
        {"type": "object", "properties": {"t": {"const": "a"}, "n": {"type": "integer"}}, "required": ["t"],
         "if": {"properties": {"n": {"minimum": 10}}}, "then": {"properties": {"big": {"type": "boolean"}}}},
        obj({"t": {"const": "b"}}, ["t"]),
    ],
}, accept=[{"t": "a", "n": 20, "big": True}, {"t": "b"}], reject=[{"t": "c"}, {"n": 1}])

case("f5-ref-branches", {
    "$schema": S2020,
    "$defs": {
        "Copy": {"type": "object", "title": "Copy", "properties": {"type": {"const": "copy", "type": "string"}, "to": {"type": "string", "minLength": 1}}, "required": ["type", "to"]},
        "Delete": {"type": "object", "title": "Delete", "properties": {"type": {"const": "delete", "type": "string"}, "recursive": {"type": "boolean", "default": False}}, "required": ["type"]},
    },
    "oneOf": [{"$ref": "#/$defs/Copy"}, {"$ref": "#/$defs/Delete"}],
    "discriminator": {"propertyName": "type", "mapping": {"copy": "#/$defs/Copy", "delete": "#/$defs/Delete"}},
}, accept=[{"type": "copy", "to": "x"}, {"type": "delete"}, {"type": "delete", "recursive": True}],
   reject=[{"type": "move"}, {"type": "copy", "to": ""}, {"to": "x"}])

# F6: properties and required.
case("f6-siblings", {
    "$schema": S2020,
    "type": "object",
    "properties": {"request_id": {"type": "string", "format": "uuid"}, "mode": {"type": "string"}},
    "required": ["request_id"],
    "oneOf": [
        {"properties": {"mode": {"const": "a"}, "x": {"type": "integer"}}, "required": ["mode"]},
        {"properties": {"mode": {"const": "b"}, "y": {"type": "integer"}}, "required": ["mode", "y"]},
    ],
}, accept=[{"request_id": "r", "mode": "a"}, {"request_id": "r", "mode": "b", "y": 1}],
   reject=[{"mode": "a"}, {"request_id": 1, "mode": "a"}])

case("f6-2-pattern-properties", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "env"}, "x_count": {"type": "integer"}}, ["kind"], True),
        {"type": "object", "properties": {"kind": {"const": "raw"}}, "required": ["kind"],
         "patternProperties": {"^x_": {"type": "integer", "minimum": 0}}, "additionalProperties": False},
    ],
}, accept=[{"kind": "env", "x_count": -3}, {"kind": "raw", "x_count": 4}, {"kind": "raw", "x_other": 1}],
   reject=[{"kind": "env", "x_count": "many"}])

for semantics in ("declared", "strict"):
    case("f6-3-implicitly-open-" + semantics, {
        "$schema": S2020,
        "oneOf": [
            obj({"kind": {"const": "a"}, "size": {"type": "integer", "maximum": 10}}, ["kind"]),
            obj({"kind": {"const": "b"}, "label": {"type": "string"}}, ["kind"]),
        ],
    }, accept=[{"kind": "a", "size": 3}, {"kind": "b", "label": "l"}] + ([{"kind": "b", "size": "big"}] if semantics == "strict" else []),
       reject=[{"kind": "c"}, {"kind": 1}] + ([{"kind": "a", "size": 11}] if semantics == "declared" else []),
       options={"semantics": semantics})

case("f6-3-free-form-branch", {
    "$schema": S2020,
    "anyOf": [
        obj({"kind": {"const": "typed"}, "n": {"type": "integer"}}, ["kind"], True),
        {"type": "object", "properties": {}, "required": []},
    ],
}, accept=[{"kind": "typed", "n": 1}, {"anything": [1, 2]}, {"n": "x"}], reject=["not an object"])

# F7: joining colliding property schemas.
case("f7-2-string-enums", {
    "$schema": S2020,
    "oneOf": [
        obj({"op": {"const": "one"}, "unit": {"const": "m"}}, ["op"], True),
        obj({"op": {"const": "two"}, "unit": {"enum": ["km", "m"]}}, ["op"], True),
    ],
}, accept=[{"op": "one", "unit": "m"}, {"op": "two", "unit": "km"}],
   reject=[{"op": "one", "unit": "mi"}])

case("f7-3-number-hull", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "v": {"type": "integer", "minimum": 1, "maximum": 10}}, ["k", "v"], True),
        obj({"k": {"const": "b"}, "v": {"type": "number", "exclusiveMinimum": 0, "maximum": 100, "multipleOf": 0.5}}, ["k", "v"], True),
        obj({"k": {"const": "c"}, "v": {"type": "integer", "minimum": 0, "exclusiveMaximum": 100}}, ["k", "v"], True),
    ],
}, accept=[{"k": "a", "v": 1}, {"k": "b", "v": 0.5}, {"k": "c", "v": 0}, {"k": "b", "v": 100}],
   reject=[{"k": "a", "v": -1}, {"k": "b", "v": 100.5}, {"k": "a", "v": "1"}])

case("f7-3-number-hull-d4", {
    "$schema": "http://json-schema.org/draft-04/schema#",
    "oneOf": [
        obj({"k": {"enum": ["a"]}, "v": {"type": "number", "minimum": 0, "exclusiveMinimum": True}}, ["k", "v"], True),
        obj({"k": {"enum": ["b"]}, "v": {"type": "number", "minimum": 0, "exclusiveMinimum": True, "maximum": 5}}, ["k", "v"], True),
    ],
}, accept=[{"k": "a", "v": 0.1}, {"k": "b", "v": 5}], reject=[{"k": "a", "v": 0}, {"k": "c", "v": 1}], d7=False)

# F7.3 hull of bounds near and past 2^53, compared exactly (issue 11): …992 and …993 are one
# f64, and the hull must keep the looser one.
BIG = 9007199254740992
case("f7-3-number-hull-beyond-2-53", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "v": {"type": "integer", "minimum": -BIG, "maximum": BIG}}, ["k", "v"], True),
        obj({"k": {"const": "b"}, "v": {"type": "integer", "minimum": -BIG - 1, "maximum": BIG + 1}}, ["k", "v"], True),
        obj({"k": {"const": "c"}, "v": {"type": "integer", "exclusiveMinimum": -BIG - 2, "exclusiveMaximum": BIG + 2}}, ["k", "v"], True),
    ],
}, accept=[{"k": "b", "v": BIG + 1}, {"k": "b", "v": -BIG - 1}, {"k": "a", "v": BIG}],
   reject=[{"k": "a", "v": BIG + 2}, {"k": "c", "v": -BIG - 2}], d7=False)

case("f7-3-string-hull", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "s": {"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[a-z]+$"}}, ["k", "s"], True),
        obj({"k": {"const": "b"}, "s": {"type": "string", "minLength": 1, "maxLength": 8, "pattern": "^[a-z]+$", "format": "hostname"}}, ["k", "s"], True),
    ],
}, accept=[{"k": "a", "s": "ab"}, {"k": "b", "s": "a"}, {"k": "b", "s": "abcdefgh"}],
   reject=[{"k": "a", "s": ""}, {"k": "b", "s": "abcdefghi"}, {"k": "a", "s": "AB"}])

case("f7-3-several-scalar-kinds", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "v": {"type": "string", "maxLength": 3}}, ["k"], True),
        obj({"k": {"const": "b"}, "v": {"type": "boolean"}}, ["k"], True),
    ],
}, accept=[{"k": "a", "v": "abc"}, {"k": "b", "v": True}], reject=[{"k": "a", "v": 1}, {"k": "a", "v": "abcd"}])

case("f7-4-objects-and-arrays", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "target": obj({"id": {"type": "string"}}, ["id"], True)}, ["k", "target"], True),
        obj({"k": {"const": "b"}, "target": {"type": "array", "items": {"type": "string"}, "minItems": 1}}, ["k", "target"], True),
    ],
}, accept=[{"k": "a", "target": {"id": "x"}}, {"k": "b", "target": ["x"]}],
   reject=[{"k": "a", "target": {"id": 1}}, {"k": "b", "target": []}, {"k": "a", "target": "x"}])

case("f7-5-unknown-kind", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "v": {"minimum": 5}}, ["k"], True),
        obj({"k": {"const": "b"}, "v": {"type": "string"}}, ["k"], True),
    ],
}, accept=[{"k": "a", "v": 7}, {"k": "a", "v": "also a string"}, {"k": "b", "v": "s"}], reject=[{"k": "z"}])

case("f7-5-reference-resolved", {
    "$schema": S2020,
    "$defs": {"Point": obj({"x": {"type": "number"}, "y": {"type": "number"}}, ["x", "y"], True)},
    "oneOf": [
        obj({"k": {"const": "a"}, "at": {"$ref": "#/$defs/Point"}}, ["k", "at"], True),
        obj({"k": {"const": "b"}, "at": obj({"x": {"type": "number"}, "y": {"type": "number"}}, ["x", "y"], True, description="Where")}, ["k", "at"], True),
    ],
}, accept=[{"k": "a", "at": {"x": 1, "y": 2}}, {"k": "b", "at": {"x": 0, "y": 0}}],
   reject=[{"k": "a", "at": {"x": 1}}, {"k": "b", "at": {"x": 1, "y": 2, "z": 3}}])

case("f7-6-nullable", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "note": {"anyOf": [{"type": "string", "maxLength": 10}, {"type": "null"}]}, "level": {"type": ["integer", "null"], "enum": [1, 2, None]}}, ["k"], True),
        obj({"k": {"const": "b"}, "note": {"type": "string", "maxLength": 20}, "level": {"const": 3}}, ["k"], True),
    ],
}, accept=[{"k": "a", "note": None}, {"k": "b", "note": "twenty characters ok"}, {"k": "a", "level": None}, {"k": "b", "level": 3}],
   reject=[{"k": "a", "note": 5}, {"k": "a", "level": 4}, {"k": "b", "note": "more than twenty characters"}])

case("f7-7-false-property", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "secret": False}, ["k"]),
        obj({"k": {"const": "b"}, "secret": {"type": "string", "minLength": 8}}, ["k"], True),
    ],
}, accept=[{"k": "a"}, {"k": "b", "secret": "12345678"}], reject=[{"k": "b", "secret": "short"}])

# F8: other keys.
case("f8-open-branch", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}}, ["k"], True, minProperties=1, propertyNames={"maxLength": 10}),
        {"type": "object", "properties": {"k": {"const": "b"}, "extra": {"type": "string"}}, "required": ["k"],
         "additionalProperties": {"type": "integer"}, "minProperties": 2, "propertyNames": {"maxLength": 10}},
    ],
}, accept=[{"k": "a"}, {"k": "b", "n": 5}, {"k": "b", "extra": "e"}],
   reject=[{"k": "a", "a_very_long_key_name": 1}, {"k": "c"}])

case("f8-pattern-properties-kept", {
    "$schema": S2020,
    "oneOf": [
        {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"], "patternProperties": {"^meta_": {"type": "string"}}, "additionalProperties": False},
        {"type": "object", "properties": {"k": {"const": "b"}, "n": {"type": "integer"}}, "required": ["k"], "patternProperties": {"^meta_": {"type": "string"}}, "additionalProperties": False},
    ],
}, accept=[{"k": "a", "meta_x": "1"}, {"k": "b", "n": 2, "meta_y": "2"}],
   reject=[{"k": "a", "meta_x": 1}, {"k": "a", "other": 1}])

case("f8-unevaluated-beside-union", {
    "$schema": S2020,
    "oneOf": [
        obj({"k": {"const": "a"}, "x": {"type": "string"}}, ["k"]),
        obj({"k": {"const": "b"}, "y": {"type": "string"}}, ["k"]),
    ],
    "unevaluatedProperties": False,
}, accept=[{"k": "a", "x": "1"}, {"k": "b", "y": "2"}], reject=[{"k": "a", "x": 1}], d7=False)

# F9: a root allOf.
case("f9-root-allof", {
    "$schema": S2020,
    "$defs": {"Paging": obj({"limit": {"type": "integer", "maximum": 100}, "cursor": {"type": "string"}})},
    "allOf": [
        {"$ref": "#/$defs/Paging"},
        {"type": "object", "properties": {"query": {"type": "string"}, "limit": {"minimum": 1}}, "required": ["query"], "additionalProperties": False},
    ],
}, accept=[{"query": "q"}, {"query": "q", "limit": 10}],
   reject=[{"limit": 1}, {"query": "q", "limit": 0}, {"query": "q", "limit": 101}])

# F10 and F11: descriptions, values untouched.
case("f10-f11-descriptions-and-values", {
    "$schema": S2020,
    "oneOf": [
        obj({"op": {"const": "set", "description": "What to do"},
             "value": {"type": "number", "description": "The new value", "default": 1E2, "examples": [0.5, 1e-3]},
             "tags": {"type": "array", "items": {"type": "string"}, "default": ["a", "b"]}}, ["op", "value"], True),
        obj({"op": {"const": "clear", "description": "What to do"},
             "value": {"type": "number", "description": "Ignored"}}, ["op"], True),
    ],
}, accept=[{"op": "set", "value": 3, "tags": ["x"]}, {"op": "clear"}], reject=[{"op": "set", "value": "3"}])

# F12: what the union node keeps.
case("f12-kept-as-is", {
    "$schema": S2020,
    "$id": "https://example.com/tools/search.json",
    "title": "search",
    "description": "Search the catalogue",
    "x-provider": {"beta": True},
    "$defs": {"Query": {"type": "string", "minLength": 1}},
    "oneOf": [
        obj({"by": {"const": "text"}, "q": {"$ref": "#/$defs/Query"}}, ["by", "q"], True),
        obj({"by": {"const": "id"}, "id": {"type": "integer"}}, ["by", "id"], True),
    ],
    "discriminator": {"propertyName": "by"},
}, accept=[{"by": "text", "q": "x"}, {"by": "id", "id": 1}], reject=[{"by": "text", "q": ""}, {"by": "name"}])

# F13: references into the branches keep working (zod-to-json-schema's path references).
case("f13-reference-into-branch", {
    "$schema": S2020,
    "anyOf": [
        obj({"method": {"type": "string", "const": "standard"},
             "address": obj({"city": {"type": "string"}, "zip": {"type": "string", "pattern": "^[0-9]{5}$"}}, ["city", "zip"], True)},
            ["method", "address"], True),
        obj({"method": {"type": "string", "const": "express"},
             "address": {"$ref": "#/anyOf/0/properties/address"},
             "billing": {"$ref": "#/anyOf/0/properties/address"}},
            ["method", "address"], True),
    ],
}, accept=[{"method": "standard", "address": {"city": "c", "zip": "12345"}},
           {"method": "express", "address": {"city": "c", "zip": "12345"}, "billing": {"city": "d", "zip": "54321"}}],
   reject=[{"method": "express", "address": {"city": "c", "zip": "1"}}, {"method": "express", "billing": {"city": "c"}, "address": {"city": "c", "zip": "12345"}}])

case("f13-recursive-reference-into-branch", {
    "$schema": S2020,
    "anyOf": [
        obj({"op": {"type": "string", "const": "tree"},
             "root": obj({"name": {"type": "string"}, "children": {"type": "array", "items": {"$ref": "#/anyOf/0/properties/root"}}}, ["name"], True)},
            ["op", "root"], True),
        obj({"op": {"type": "string", "const": "leaf"}, "name": {"type": "string"}}, ["op", "name"], True),
    ],
}, accept=[{"op": "tree", "root": {"name": "a", "children": [{"name": "b", "children": []}]}}, {"op": "leaf", "name": "x"}],
   reject=[{"op": "tree", "root": {"name": "a", "children": [{"name": 1}]}}])

# F13 on the real producer: zod-to-json-schema's references into `#/anyOf/…` (issue 5). The
# contracts and their values come from ../shared/corpus/contracts/zod-to-json-schema/.
CONTRACTS = os.path.join(os.path.dirname(__file__), "..", "..", "shared", "corpus", "contracts")
CORPUS = os.path.join(CONTRACTS, "zod-to-json-schema")

def corpus_contract(stem, producer="zod-to-json-schema"):
    folder = os.path.join(CONTRACTS, producer)
    with open(os.path.join(folder, stem + ".json")) as f:
        contract = json.load(f)
    with open(os.path.join(folder, stem + ".valid.jsonl")) as f:
        accept = [json.loads(line) for line in f if line.strip()]
    return contract, accept

def corpus_case(name, stem, reject, options=None, producer="zod-to-json-schema"):
    contract, accept = corpus_contract(stem, producer)
    case(name, contract, accept, reject, options, d7=False)

# F1, issue 12: a union of unions is one union of its leaves — Pydantic's nested discriminated
# union (`anyOf` of a `oneOf` with a `discriminator` and a `$ref`), and Zod 4's (`anyOf` of two
# `oneOf`s), at the root and below it with --deep.
corpus_case("f1-union-of-unions-pydantic", "alert_rule", [{"source": "other"}, {"source": "metric", "mode": "x", "metric": "m"}, {}], producer="pydantic")
corpus_case("f1-union-of-unions-zod4", "notification_rule", [{"trigger": "never"}, {"trigger": "delay", "minutes": 0}, {}], producer="zod4")
for name, stem, producer in [("f2-union-of-unions-pydantic-deep", "alert_rule", "pydantic"),
                             ("f2-union-of-unions-zod4-deep", "notification_rule", "zod4")]:
    inner, values = corpus_contract(stem, producer)
    wrapper = {"type": "object", "properties": {"rule": {k: v for k, v in inner.items() if k not in ("$defs", "$schema")}}, "required": ["rule"]}
    if "$schema" in inner:
        wrapper = {"$schema": inner["$schema"], **wrapper}
    if "$defs" in inner:
        wrapper["$defs"] = inner["$defs"]
    case(name, wrapper, [{"rule": v} for v in values], [{"rule": 5}, {}], options={"deep": True}, d7=False)

corpus_case("f13-zod-ship-order", "ship_order",
    reject=[{"method": "standard", "order_id": "o1", "address": {"name": "", "line1": "x", "city": "c", "postal_code": "12345", "country": "US"}},
            {"method": "drone", "order_id": "o1"}])
corpus_case("f13-zod-category-tree-deep", "category_tree", options={"deep": True},
    reject=[{"name": 1}])

# F2: `--deep` flattens object unions below the root, at positive positions only.
SHAPES = [
    obj({"kind": {"const": "circle"}, "r": {"type": "number", "minimum": 0}}, ["kind", "r"], True),
    obj({"kind": {"const": "square"}, "side": {"type": "number", "exclusiveMinimum": 0}}, ["kind", "side"], True),
]
case("f2-deep-positive-positions", {
    "$schema": S2020,
    "type": "object",
    "properties": {
        "shape": {"oneOf": SHAPES, "description": "The shape to draw"},
        "layers": {"type": "array", "items": {"anyOf": SHAPES}},
        "labels": {"type": "object", "additionalProperties": {"oneOf": SHAPES}},
        "both": {"allOf": [{"anyOf": SHAPES}]},
        "id": {"anyOf": [{"type": "string"}, {"type": "integer"}]},
        "not_this": {"not": {"anyOf": SHAPES}},
        "cond": {"if": {"oneOf": SHAPES}, "then": {"oneOf": SHAPES}},
    },
    "required": ["shape"],
    "additionalProperties": False,
}, accept=[{"shape": {"kind": "circle", "r": 1}}, {"shape": {"kind": "square", "side": 2}, "layers": [{"kind": "circle", "r": 0}], "labels": {"a": {"kind": "square", "side": 1}}, "both": {"kind": "circle", "r": 3}, "id": 4, "not_this": 1},
           {"shape": {"kind": "circle", "r": 1}, "cond": {"kind": "circle", "r": 2}}],
   reject=[{"shape": {"kind": "hexagon"}}, {"shape": {"kind": "circle", "r": -1}}, {"shape": {"kind": "circle", "r": 1}, "layers": [{"kind": "square", "side": 0}]},
           {"shape": {"kind": "circle", "r": 1}, "not_this": {"kind": "circle", "r": 1}}, {"shape": {"kind": "circle", "r": 1}, "id": 1.5}],
   options={"deep": True})

case("f2-nested-union", {
    "$schema": S2020,
    "type": "object",
    "properties": {
        "order_id": {"type": "string"},
        "payment": {"oneOf": [
            obj({"method": {"const": "card"}, "last4": {"type": "string", "pattern": "^[0-9]{4}$"}}, ["method", "last4"], True),
            obj({"method": {"const": "invoice"}, "due_days": {"type": "integer", "minimum": 0}}, ["method"], True),
        ]},
    },
    "required": ["order_id", "payment"],
}, accept=[{"order_id": "o1", "payment": {"method": "card", "last4": "1234"}}, {"order_id": "o2", "payment": {"method": "invoice"}}],
   reject=[{"order_id": "o1", "payment": {"method": "cash"}}, {"order_id": "o1", "payment": {"method": "card", "last4": "12"}}],
   options={"deep": True})

case("f2-deep-more-positions", {
    "$schema": S2020,
    "type": "object",
    "properties": {
        "some": {"type": "array", "contains": {"oneOf": SHAPES}},
        "few": {"type": "array", "contains": {"oneOf": SHAPES}, "maxContains": 1},
        "either": {"anyOf": [{"type": "string"}, {"type": "object", "properties": {"inner": {"oneOf": SHAPES}}}]},
        "cond": {"if": {"type": "string"}, "then": {"minLength": 1}, "else": {"oneOf": SHAPES}},
    },
    "dependentSchemas": {"some": {"properties": {"extra": {"oneOf": SHAPES}}}},
}, accept=[{"some": [1, {"kind": "circle", "r": 1}]}, {"few": [{"kind": "square", "side": 1}]}, {"either": "s"}, {"either": {"inner": {"kind": "circle", "r": 2}}},
           {"cond": {"kind": "circle", "r": 1}}, {"some": [{"kind": "circle", "r": 1}], "extra": {"kind": "square", "side": 3}}],
   reject=[{"some": [1, 2]}, {"either": {"inner": {"kind": "oval"}}}, {"cond": {"kind": "oval"}}, {"some": [{"kind": "circle", "r": 1}], "extra": {"kind": "oval"}}],
   options={"deep": True}, d7=False)

PET = {"oneOf": [
    obj({"species": {"const": "cat"}, "lives": {"type": "integer", "maximum": 9}}, ["species"], True),
    obj({"species": {"const": "dog"}, "good": {"type": "boolean"}}, ["species"], True),
]}
case("f2-defs-referenced-under-not", {
    "$schema": S2020,
    "type": "object",
    "$defs": {"Pet": PET},
    "properties": {
        "pet": {"$ref": "#/$defs/Pet"},
        "not_a_pet": {"not": {"$ref": "#/$defs/Pet"}},
    },
}, accept=[{"pet": {"species": "cat", "lives": 3}}, {"pet": {"species": "dog"}, "not_a_pet": {"species": "cat", "good": True}}],
   reject=[{"pet": {"species": "cow"}}, {"pet": {"species": "cat", "lives": 10}}, {"not_a_pet": {"species": "dog"}}],
   options={"deep": True})

case("f2-defs-referenced-from-kept-oneof", {
    "$schema": S2020,
    "type": "object",
    "$defs": {"Pet": PET},
    "properties": {
        "pet": {"$ref": "#/$defs/Pet"},
        "owner": {"oneOf": [
            {"type": "string"},
            obj({"name": {"type": "string"}, "pet": {"$ref": "#/$defs/Pet"}}, ["name"]),
        ]},
    },
}, accept=[{"pet": {"species": "dog", "good": True}}, {"owner": "ann"}, {"owner": {"name": "ann", "pet": {"species": "cat"}}}],
   reject=[{"pet": {"species": "cow"}}, {"owner": {"name": "ann", "pet": {"species": "cat", "good": True}}}, {"owner": 3}],
   options={"deep": True})

case("f2-defs-recursive-in-place", {
    "$schema": S2020,
    "$defs": {"Node": {"anyOf": [
        obj({"type": {"const": "leaf"}, "value": {"type": "number"}}, ["type", "value"], True),
        obj({"type": {"const": "branch"}, "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}, "minItems": 1}}, ["type", "children"], True),
    ]}},
    "type": "object",
    "properties": {"tree": {"$ref": "#/$defs/Node"}},
    "required": ["tree"],
}, accept=[{"tree": {"type": "leaf", "value": 1}}, {"tree": {"type": "branch", "children": [{"type": "leaf", "value": 2}, {"type": "branch", "children": [{"type": "leaf", "value": 3}]}]}}],
   reject=[{"tree": {"type": "branch", "children": []}}, {"tree": {"type": "leaf", "value": "x"}}, {"tree": {"type": "branch", "children": [{"type": "twig"}]}}],
   options={"deep": True})

# F2 through recursion: the branches' keys hold the union again (via `allOf`); flattening it
# once, not unrolling the recursion pass after pass.
case("f2-deep-recursive-through-allof", {
    "$schema": S2020,
    "type": "object",
    "properties": {"steps": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/A2"}, {"$ref": "#/$defs/B2"}]}}},
    "$defs": {
        "A1": {"type": "object", "properties": {"x": {"type": "string"}, "steps": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/A2"}, {"$ref": "#/$defs/B2"}]}}}},
        "A2": {"type": "object", "properties": {"type": {"const": "A"}}, "required": ["type"], "allOf": [{"$ref": "#/$defs/A1"}]},
        "B1": {"type": "object", "properties": {"y": {"type": "integer"}}},
        "B2": {"type": "object", "properties": {"type": {"const": "B"}}, "required": ["type"], "allOf": [{"$ref": "#/$defs/B1"}]},
    },
}, accept=[{"steps": [{"type": "A", "x": "s", "steps": [{"type": "B", "y": 1}, {"type": "A", "steps": [{"type": "A", "steps": [{"type": "B"}]}]}]}]}],
   reject=[{"steps": [{"type": "C"}]}, {"steps": [{"type": "A", "steps": [{"type": "B", "y": "1"}]}]}],
   options={"deep": True})

case("f8-deep-unevaluated-observer", {
    "$schema": S2020,
    "type": "object",
    "properties": {"settings": {
        "allOf": [{"anyOf": [
            obj({"a": {"type": "integer"}}, ["a"], additionalProperties=True),
            obj({"b": {"type": "string"}}, ["b"], additionalProperties=True),
        ]}],
        "unevaluatedProperties": False,
    }},
}, accept=[{"settings": {"a": 1, "extra": True}}, {"settings": {"b": "x"}}],
   reject=[{"settings": "x"}, {"settings": []}],
   options={"deep": True}, d7=False)

# F7.4 in `merge` mode: no `anyOf` introduced.
case("f7-4-merge-objects", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "a"}, "target": obj({"host": {"type": "string"}, "port": {"type": "integer", "minimum": 1}}, ["host", "port"], True)}, ["kind", "target"], True),
        obj({"kind": {"const": "b"}, "target": obj({"host": {"type": "string"}, "path": {"type": "string"}}, ["host"], True)}, ["kind"], True),
    ],
}, accept=[{"kind": "a", "target": {"host": "h", "port": 80}}, {"kind": "b", "target": {"host": "h", "path": "/"}}, {"kind": "b"}],
   reject=[{"kind": "a", "target": {"port": 80}}, {"kind": "a", "target": {"host": "h", "port": 0}}, {"kind": "b", "target": {"host": "h", "other": 1}}, {"kind": "a", "target": "h"}],
   options={"collisions": "merge"})

case("f7-4-merge-arrays", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "pair"}, "value": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}], "items": False, "minItems": 2, "maxItems": 2, "uniqueItems": True}}, ["kind", "value"], True),
        obj({"kind": {"const": "list"}, "value": {"type": "array", "items": {"type": "string", "maxLength": 3}, "minItems": 1, "maxItems": 5, "uniqueItems": True, "contains": {"const": "x"}}}, ["kind", "value"], True),
    ],
}, accept=[{"kind": "pair", "value": ["a", 1]}, {"kind": "list", "value": ["x", "ab"]}],
   reject=[{"kind": "pair", "value": []}, {"kind": "list", "value": ["x", "x"]}, {"kind": "list", "value": ["a", "b", "c", "d", "e", "f"]}, {"kind": "pair", "value": [1, 1]}],
   options={"collisions": "merge"}, d7=False)

case("f7-4-merge-arrays-contains-kept", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "a"}, "tags": {"type": "array", "items": {"type": "string"}, "contains": {"const": "main"}, "maxContains": 1, "unevaluatedItems": False}}, ["kind", "tags"], True),
        obj({"kind": {"const": "b"}, "tags": {"type": "array", "items": {"type": ["integer", "string"]}, "contains": {"const": "main"}, "maxContains": 1}}, ["kind", "tags"], True),
    ],
}, accept=[{"kind": "a", "tags": ["main", "x"]}, {"kind": "b", "tags": ["main", 1]}],
   reject=[{"kind": "a", "tags": ["x"]}, {"kind": "b", "tags": ["main", "main"]}],
   options={"collisions": "merge"}, d7=False)

case("f7-4-merge-arrays-d7", {
    "$schema": S7,
    "oneOf": [
        obj({"kind": {"const": "pair"}, "value": {"type": "array", "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": False, "minItems": 2}}, ["kind", "value"], True),
        obj({"kind": {"const": "list"}, "value": {"type": "array", "items": {"type": "string"}, "minItems": 1}}, ["kind", "value"], True),
    ],
}, accept=[{"kind": "pair", "value": ["a", 1]}, {"kind": "list", "value": ["x", "y", "z"]}],
   reject=[{"kind": "pair", "value": []}, {"kind": "list", "value": [1, 2, 3]}],
   options={"collisions": "merge"}, d7=False)

case("f7-4-merge-mixed-kinds", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "a"}, "limit": {"type": "string", "minLength": 1, "not": {"const": "none"}}}, ["kind"], True),
        obj({"kind": {"const": "b"}, "limit": {"type": "integer", "minimum": 0}}, ["kind"], True),
        obj({"kind": {"const": "c"}, "limit": obj({"max": {"type": "integer"}}, ["max"], True)}, ["kind"], True),
        obj({"kind": {"const": "d"}, "limit": {"type": "array", "items": {"type": "integer"}, "maxItems": 2}}, ["kind"], True),
    ],
}, accept=[{"kind": "a", "limit": "x"}, {"kind": "b", "limit": 0}, {"kind": "c", "limit": {"max": 1}}, {"kind": "d", "limit": [1, 2]}],
   reject=[{"kind": "a", "limit": ""}, {"kind": "b", "limit": -1}, {"kind": "b", "limit": 1.5}, {"kind": "c", "limit": {}}, {"kind": "d", "limit": [1, 2, 3]}, {"kind": "a", "limit": True}],
   options={"collisions": "merge"})

case("f7-4-merge-enums-across-kinds", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "a"}, "level": {"enum": ["low", "high"]}}, ["kind"], True),
        obj({"kind": {"const": "b"}, "level": {"type": "integer", "enum": [1, 2, 3]}}, ["kind"], True),
        obj({"kind": {"const": "c"}, "level": {"type": ["string", "null"], "enum": ["auto", None]}}, ["kind"], True),
    ],
}, accept=[{"kind": "a", "level": "low"}, {"kind": "b", "level": 3}, {"kind": "c", "level": None}],
   reject=[{"kind": "a", "level": "medium"}, {"kind": "b", "level": 4}],
   options={"collisions": "merge"})

case("f7-6-merge-nullable-union", {
    "$schema": S2020,
    "oneOf": [
        obj({"kind": {"const": "a"}, "ref": {"anyOf": [{"$ref": "#/$defs/Id"}, {"type": "null"}]}}, ["kind"], True),
        obj({"kind": {"const": "b"}, "ref": {"type": "integer"}}, ["kind"], True),
    ],
    "$defs": {"Id": {"type": "string", "format": "uuid"}},
}, accept=[{"kind": "a", "ref": None}, {"kind": "a", "ref": "x"}, {"kind": "b", "ref": 1}],
   reject=[{"kind": "c"}],
   options={"collisions": "merge"})

# F7.5: two different recursive references are never cut: an `anyOf` of both, or `{}` in merge.
RECURSIVE = {
    "$schema": S2020,
    "$defs": {
        "Tree": obj({"name": {"type": "string"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}, ["name"], True),
        "List": obj({"head": {"type": "integer"}, "tail": {"$ref": "#/$defs/List"}}, ["head"], True),
    },
    "oneOf": [
        obj({"kind": {"const": "tree"}, "data": {"$ref": "#/$defs/Tree"}}, ["kind", "data"], True),
        obj({"kind": {"const": "list"}, "data": {"$ref": "#/$defs/List"}}, ["kind", "data"], True),
    ],
}
RECURSIVE_ACCEPT = [{"kind": "tree", "data": {"name": "a", "kids": [{"name": "b"}]}}, {"kind": "list", "data": {"head": 1, "tail": {"head": 2}}}]
case("f7-5-two-recursive-references", RECURSIVE, RECURSIVE_ACCEPT, reject=[{"kind": "tree", "data": {"name": 1}}, {"kind": "list", "data": 3}])
case("f7-5-two-recursive-references-merge", RECURSIVE, RECURSIVE_ACCEPT, reject=[{"kind": "forest"}], options={"collisions": "merge"})

# L2: every draft read per its own rules.
S4 = "http://json-schema.org/draft-04/schema#"
S2019 = "https://json-schema.org/draft/2019-09/schema"
case("l2-draft4-deep", {
    "$schema": S4,
    "id": "https://example.com/draft4.json",
    "definitions": {"Amount": {"type": "number", "minimum": 0, "exclusiveMinimum": True}},
    "oneOf": [
        obj({"op": {"enum": ["pay"]}, "amount": {"$ref": "#/definitions/Amount"},
             "to": {"oneOf": [obj({"iban": {"type": "string"}}, ["iban"], True), obj({"email": {"type": "string"}}, ["email"], True)]}},
            ["op", "amount"], True),
        obj({"op": {"enum": ["refund"], "const": "ignored in draft 4"}, "amount": {"type": "number", "maximum": 100, "exclusiveMaximum": True}}, ["op"], True),
    ],
}, accept=[{"op": "pay", "amount": 1, "to": {"iban": "DE1"}}, {"op": "refund", "amount": 99.5}, {"op": "refund"}],
   reject=[{"op": "pay", "amount": "1"}, {"op": "other"}, {"op": "pay", "amount": 1, "to": {"phone": "1"}}],
   options={"deep": True}, d7=False)

case("l2-draft2019-09", {
    "$schema": S2019,
    "$defs": {"Base": obj({"id": {"type": "string"}}, ["id"])},
    "anyOf": [
        {"$ref": "#/$defs/Base", "type": "object", "properties": {"mode": {"const": "pair"}, "point": {"type": "array", "items": [{"type": "number"}, {"type": "number"}], "additionalItems": False}}, "required": ["mode"]},
        obj({"mode": {"const": "named"}, "point": {"type": "string"}}, ["mode"], dependentRequired={"point": ["mode"]}),
    ],
}, accept=[{"mode": "pair", "id": "x", "point": [1, 2]}, {"mode": "named", "point": "p"}],
   reject=[{"mode": "pair", "point": [1, 2, 3]}, {"mode": "solo"}],
   options={"deep": True}, d7=False)

# Issue 11: soundness at the edges. Each case was a superset hole or a presentation that did not
# load; python `jsonschema` judges the contract side of every accept value in bench/edge-judge.py.
# F8: an `unevaluatedProperties` observes the root through a reference: the open flat root says
# `additionalProperties: true`, so the keys the branches' patterns evaluated stay evaluated.
case("f8-observer-through-ref", {
    "$schema": S2020,
    "properties": {"child": {"$ref": "#/$defs/strict"}},
    "anyOf": [
        {"type": "object", "properties": {"kind": {"const": "a"}}, "patternProperties": {"^x-": {}}},
        {"type": "object", "properties": {"kind": {"const": "b"}}},
    ],
    "$defs": {"strict": {"$ref": "#", "unevaluatedProperties": False}},
}, accept=[{"kind": "a", "x-note": 1, "child": {"kind": "a", "x-tag": 2}}, {"kind": "b"}],
   reject=[], d7=False)
# F8 with --deep: the same observer below the root.
case("f8-deep-observer-through-ref", {
    "$schema": S2020,
    "type": "object",
    "properties": {
        "item": {"$ref": "#/$defs/item"},
        "strict": {"$ref": "#/$defs/strict"},
    },
    "$defs": {
        "item": {"anyOf": [
            {"type": "object", "properties": {"kind": {"const": "a"}}, "patternProperties": {"^x-": {}}},
            {"type": "object", "properties": {"kind": {"const": "b"}}},
        ]},
        "strict": {"$ref": "#/$defs/item", "unevaluatedProperties": False},
    },
}, accept=[{"item": {"kind": "a", "x-note": 1}, "strict": {"kind": "a", "x-tag": 2}}],
   reject=[], options={"deep": True}, d7=False)
# F6.2: a pattern the regular-expression engine gives up on for a key may match or not, so the
# branch contributes its pattern's schema and its `additionalProperties` both.
LONG = "a" * 30 + "b"
case("f6-2-undecidable-pattern", {
    "$schema": S2020,
    "oneOf": [
        {"type": "object", "properties": {"k": {"const": "a"}}, "required": ["k"],
         "patternProperties": {"^(?:(?=a)(a|aa))+$": {"type": "string"}}, "additionalProperties": {"type": "integer"}},
        {"type": "object", "properties": {"k": {"const": "b"}, LONG: {"type": "boolean"}}, "required": ["k"],
         "additionalProperties": False},
    ],
}, accept=[{"k": "a"}, {"k": "b", LONG: True}], reject=[{"k": "c"}], options={"verdict": "unknown"}, d7=False)
# F5: keys declared only under `dependentSchemas` count as declared by the branch.
case("f5-dependent-schemas-keys", {
    "$schema": S2020,
    "oneOf": [
        {"type": "object", "properties": {"k": {"const": "a"}, "card": {"type": "string"}}, "required": ["k"],
         "dependentSchemas": {"card": {"properties": {"cvc": {"type": "string"}}, "required": ["cvc"]}},
         "unevaluatedProperties": False},
        obj({"k": {"const": "b"}}, ["k"], True),
    ],
}, accept=[{"k": "a", "card": "4111", "cvc": "123"}, {"k": "b"}], reject=[{"k": "c"}], d7=False)
case("f5-dependencies-keys-d7", {
    "$schema": S7,
    "anyOf": [
        {"type": "object", "properties": {"k": {"const": "a"}, "card": {"type": "string"}}, "required": ["k"],
         "dependencies": {"card": {"properties": {"cvc": {"type": "string"}}, "required": ["cvc"]}}},
        obj({"k": {"const": "b"}}, ["k"], True),
    ],
}, accept=[{"k": "a", "card": "4111", "cvc": "123"}, {"k": "b"}], reject=[{"k": "c"}], d7=False)
# F1: the root union is left in place when a `not` refers to it: widening it would narrow the
# `not`.
case("f1-root-referred-under-not", {
    "$schema": S2020,
    "properties": {"other": {"not": {"$ref": "#"}}},
    "anyOf": [
        obj({"kind": {"const": "a"}, "n": {"type": "integer", "maximum": 5}}, ["kind"]),
        obj({"kind": {"const": "b"}, "n": {"type": "integer", "minimum": 10}}, ["kind"]),
    ],
}, accept=[{"kind": "a", "n": 1, "other": {"kind": "a", "n": 7}}], reject=[{"kind": "a", "other": {"kind": "a"}}], d7=False)
# F1: a root `$ref` with siblings keeps `unevaluatedProperties` around the `allOf`, where it still
# sees what the target evaluates.
case("f1-root-ref-siblings-unevaluated", {
    "$schema": S2020,
    "$ref": "#/$defs/base",
    "properties": {"extra": {"type": "string"}},
    "unevaluatedProperties": False,
    "$defs": {"base": {"type": "object", "properties": {"a": {"type": "integer"}}}},
}, accept=[{"a": 1, "extra": "x"}, {}], reject=[{"a": "no"}], d7=False)
# F13: a root `$ref` whose target sets its own `$id` stays: a copy at the root would duplicate it
# and change the base its references resolve against.
case("f13-root-ref-target-with-id", {
    "$schema": S2020,
    "$ref": "#/$defs/t",
    "$defs": {"t": {"$id": "https://example.com/t.json", "type": "object",
                    "properties": {"a": {"$ref": "#/$defs/u"}}, "$defs": {"u": {"type": "string"}}}},
}, accept=[{"a": "x"}], reject=[{"a": 1}], d7=False)
# F13: a branch with an `$id` (its references resolve against it) or an anchor stays in place.
case("f13-branch-with-id", {
    "$schema": S2020,
    "anyOf": [
        {"$id": "https://example.com/b.json", "type": "object", "properties": {"kind": {"const": "b"}, "s": {"$ref": "#/$defs/s"}},
         "$defs": {"s": {"type": "string"}}},
        obj({"kind": {"const": "c"}}, ["kind"]),
    ],
}, accept=[{"kind": "b", "s": "x"}, {"kind": "c"}], reject=[{"kind": "b", "s": 1}], d7=False)
case("f13-anchor-in-joined-property", {
    "$schema": S2020,
    "properties": {"copy": {"$ref": "#named"}},
    "anyOf": [
        obj({"kind": {"const": "a"}, "v": {"$anchor": "named", "type": "string", "maxLength": 3}}, ["kind"]),
        obj({"kind": {"const": "b"}, "v": {"type": "string", "maxLength": 9}}, ["kind"]),
    ],
}, accept=[{"kind": "a", "v": "abc", "copy": "xyz"}, {"kind": "b", "v": "abcdefghi"}], reject=[{"kind": "a", "copy": "long text"}], d7=False)
# F13: a reference into a branch written through the document's own `$id` is retargeted.
case("f13-reference-through-root-id", {
    "$schema": S2020,
    "$id": "https://example.com/root.json",
    "type": "object",
    "properties": {"again": {"$ref": "https://example.com/root.json#/anyOf/0/properties/address"}},
    "anyOf": [
        obj({"kind": {"const": "a"}, "address": obj({"street": {"type": "string"}}, ["street"], True)}, ["kind", "address"]),
        obj({"kind": {"const": "b"}}, ["kind"]),
    ],
}, accept=[{"kind": "a", "address": {"street": "x"}, "again": {"street": "y"}}, {"kind": "b"}],
   reject=[{"kind": "b", "again": {"street": 1}}], d7=False)

# F6/F10: "at least one of" (`required` alternatives without a discriminator) is a widening
# the flattener reports at the union (issue 12).
case("f6-required-alternatives", {
    "$schema": S2020,
    "type": "object",
    "properties": {"title": {"type": "string"}, "description": {"type": "string"}},
    "anyOf": [{"required": ["title"]}, {"required": ["description"]}],
}, accept=[{"title": "t"}, {"description": "d"}, {"title": "t", "description": "d"}],
   reject=[{"title": 1}, "text"])
# F10: a constraint a case loses is a finding at that case's property and a sentence in the
# key's description: a loosened `minimum`, a dropped `default` (a Zod cart contract, issue 12).
case("f10-lost-bound-and-default", {
    "$schema": S2020,
    "oneOf": [
        obj({"action": {"const": "add"}, "sku": {"type": "string"},
             "quantity": {"type": "integer", "minimum": 1, "default": 1}}, ["action", "sku"], True),
        obj({"action": {"const": "set"}, "sku": {"type": "string"},
             "quantity": {"type": "integer", "minimum": 0}}, ["action", "sku", "quantity"], True),
        obj({"action": {"const": "clear"}}, ["action"], True),
    ],
}, accept=[{"action": "add", "sku": "a"}, {"action": "add", "sku": "a", "quantity": 1},
           {"action": "set", "sku": "a", "quantity": 0}, {"action": "clear"}],
   reject=[{"action": "set", "sku": "a", "quantity": -1}, {"action": "clear", "extra": 1}])

# F2: without --deep, a root with nothing to flatten says how many unions below it --deep would
# flatten (issue 12); the document is unchanged.
case("f2-unions-below-root-without-deep", {
    "$schema": S2020,
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "action": {"oneOf": [
            obj({"kind": {"const": "a"}, "x": {"type": "string"}}, ["kind"], True),
            obj({"kind": {"const": "b"}}, ["kind"], True),
        ]},
        "steps": {"type": "array", "items": {"anyOf": [
            obj({"op": {"const": "c"}}, ["op"], True),
            obj({"op": {"const": "d"}, "n": {"type": "integer"}}, ["op"], True),
        ]}},
    },
    "required": ["id"],
}, accept=[{"id": "1"}, {"id": "1", "action": {"kind": "a", "x": "y"}, "steps": [{"op": "d", "n": 1}]}],
   reject=[{"id": "1", "action": {"kind": "c"}}])

# Tools: each input schema of a tool or tool list is flattened in place.
CASES["l1-mcp-tool"] = ({
    "name": "edit",
    "description": "Edit a document",
    "inputSchema": {
        "oneOf": [
            obj({"op": {"const": "insert"}, "text": {"type": "string"}}, ["op", "text"], True),
            obj({"op": {"const": "delete"}, "count": {"type": "integer", "minimum": 1}}, ["op", "count"], True),
        ],
    },
}, [{"op": "insert", "text": "t"}, {"op": "delete", "count": 1}], [{"op": "move"}, {"op": "delete", "count": 0}], None)

def write_jsonl(path, values):
    with open(path, "w") as f:
        for v in values:
            f.write(json.dumps(v, ensure_ascii=False) + "\n")

for name, (contract, accept, reject, options) in CASES.items():
    folder = os.path.join(ROOT, name)
    os.makedirs(folder, exist_ok=True)
    file = "tool.json" if "inputSchema" in contract else "contract.json"
    with open(os.path.join(folder, file), "w") as f:
        f.write(json.dumps(contract, indent=2, ensure_ascii=False) + "\n")
    write_jsonl(os.path.join(folder, "accept.jsonl"), accept)
    write_jsonl(os.path.join(folder, "reject.jsonl"), reject)
    if options:
        with open(os.path.join(folder, "options.json"), "w") as f:
            f.write(json.dumps(options) + "\n")
print(len(CASES), "cases")
