// The escapes table of tests/patterns.rs, judged by node's RegExp (issue 39): for every printable
// ASCII character c, whether `^\c$` matches the string "c" read as `new RegExp(p)` reads it (no
// `u` flag: JSON Schema's `pattern`), and whether `new RegExp(p, "u")` accepts the pattern at all
// (what ajv, with `u` by default, would do). Also a few whole patterns from real schemas.
// Run by hand: node bench/ecma-escapes.mjs > fixtures/patterns/escapes.json
const rows = [];
const judge = (pattern, text) => {
  let plain;
  try { plain = new RegExp(pattern).test(text); } catch { plain = "error"; }
  let unicode;
  try { new RegExp(pattern, "u"); unicode = true; } catch { unicode = false; }
  return { pattern, text, matches: plain, unicode };
};
for (let i = 33; i < 127; i++) {
  const c = String.fromCharCode(i);
  rows.push(judge("^\\" + c + "$", c));
}
for (const [pattern, text] of [
  ["^.+\\<.+@.+\\..+\\>$", "Jo <jo@x.org>"],
  ["^[\\b]$", "\b"],
  ["^\\0$", "\u0000"],
  ["^\\x4$", "x4"],
  ["^\\u12$", "u12"],
  ["^\\c1$", "\\c1"],
  ["^\\k<a>$", "k<a>"],
  ["^a\\zb$", "azb"],
  ["^\\Ab$", "Ab"],
]) rows.push(judge(pattern, text));
console.log(JSON.stringify(rows, null, 1));
