// Re-checks values with ajv (ECMA-262 regular expressions, as the spec's): reads JSON lines
// `{"schema": <path>, "pointer": <JSON Pointer of the schema in that file>, "value": <value>}`
// on stdin and prints one line per input: `ok`, `rejected <errors>`, or `error <message>` when
// ajv cannot compile the schema. `format` is not asserted (stitch's policy, L2). References to
// https://json.schemastore.org/ are read from the folder given as the first argument.
// Run through bench/corpus-sample.py.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { createRequire } from "node:module";
const require = createRequire(path.join(process.argv[3], "package.json"));
const Ajv2020 = require("ajv/dist/2020").default;
const Ajv2019 = require("ajv/dist/2019").default;
const Ajv7 = require("ajv").default;
const Ajv4 = require("ajv-draft-04").default;
const folder = process.argv[2];

function loadSchema(uri) {
  const name = uri.replace(/^https?:\/\/(json|www)\.schemastore\.org\//, "").split("#")[0];
  for (const candidate of [name, name + ".json"]) {
    const file = path.join(folder, candidate);
    if (fs.existsSync(file)) {
      const schema = JSON.parse(fs.readFileSync(file, "utf8"));
      const Klass = klass(schema);
      return Promise.resolve(asDraftSays(schema, Klass === Ajv7 || Klass === Ajv4, Klass === Ajv4));
    }
  }
  return Promise.reject(new Error("no local copy of " + uri));
}

function klass(schema) {
  const s = String(schema.$schema || "");
  if (s.includes("draft-04")) return Ajv4;
  if (s.includes("draft-06") || s.includes("draft-07")) return Ajv7;
  if (s.includes("2019-09")) return Ajv2019;
  return Ajv2020;
}

// ajv reads inherited properties (`constructor`) of instances unless told otherwise:
// `ownProperties`. ajv 8 applies the siblings of `$ref` in every draft; drafts up to 7 ignore them (L2), as
// stitch's validator does. A copy read by ajv keeps only the reference (and definitions). And
// `id` is not a keyword after draft 4: ajv refuses it, so the copy drops it.
// ajv-draft-04 applies keywords draft 4 does not have (`propertyNames`, `const`, `contains`,
// `if`): for draft 4 the copy drops them, since a keyword unknown to the draft asserts nothing.
const MAPS = ["properties", "patternProperties", "definitions", "$defs", "dependencies", "dependentSchemas"];
const VALUES = ["enum", "const", "default", "examples", "required"];
function asDraftSays(node, upTo7, draft4) {
  if (Array.isArray(node)) return node.map((n) => asDraftSays(n, upTo7, draft4));
  if (node === null || typeof node !== "object") return node;
  const out = {};
  const refOnly = upTo7 && typeof node.$ref === "string";
  for (const [k, v] of Object.entries(node)) {
    if (refOnly && !["$ref", "definitions", "$defs"].includes(k)) continue;
    if (!draft4 && k === "id") continue;
    if (draft4 && ["propertyNames", "const", "contains", "if", "then", "else"].includes(k)) continue;
    if (VALUES.includes(k)) out[k] = v;
    else if (MAPS.includes(k) && v !== null && typeof v === "object" && !Array.isArray(v)) {
      out[k] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, asDraftSays(sub, upTo7, draft4)]));
    } else out[k] = asDraftSays(v, upTo7, draft4);
  }
  return out;
}

const cache = new Map();
async function validator(file, pointer) {
  const key = file + "#" + pointer;
  if (cache.has(key)) return cache.get(key);
  let result;
  try {
    const whole = JSON.parse(fs.readFileSync(file, "utf8"));
    let schema = whole;
    for (const token of pointer.split("/").slice(1)) schema = schema[token.replace(/~1/g, "/").replace(/~0/g, "~")];
    const Klass = klass(schema);
    schema = asDraftSays(schema, Klass === Ajv7 || Klass === Ajv4, Klass === Ajv4);
    const ajv = new Klass({ strict: false, validateFormats: false, allErrors: false, loadSchema, unicodeRegExp: true, ownProperties: true });
    if (Klass === Ajv7) ajv.addMetaSchema(require("ajv/dist/refs/json-schema-draft-06.json"));
    result = { validate: await ajv.compileAsync(schema) };
  } catch (e) {
    result = { error: String(e.message || e).split("\n")[0] };
  }
  cache.set(key, result);
  return result;
}

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  const { schema, pointer, value } = JSON.parse(line);
  const v = await validator(schema, pointer);
  if (v.error) console.log("error " + v.error);
  else if (v.validate(value)) console.log("ok");
  else console.log("rejected " + JSON.stringify(v.validate.errors.slice(0, 2)));
}
