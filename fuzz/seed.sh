#!/usr/bin/env bash
# Seeds fuzz/corpus/TARGET from the repository's own fixtures (small JSON documents) and the
# saved regressions, so a run starts from real schemas. The corpus is not committed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
for target in load flatten verify sample; do
  mkdir -p "$here/corpus/$target"
  find "$root/fixtures" -name '*.json' -size -4k -type f | while read -r f; do
    cp "$f" "$here/corpus/$target/$(sha1sum "$f" | cut -c1-16)"
  done
  if [ -d "$root/fixtures/fuzz/$target" ]; then
    cp "$root/fixtures/fuzz/$target"/* "$here/corpus/$target/"
  fi
done
# verify: pairs of fixtures, SUB NUL SUP, from the diff cases' OLD and NEW.
for case in "$root"/fixtures/diff/*/; do
  old=$(find "$case" -maxdepth 1 -name 'old*.json' | head -1)
  new=$(find "$case" -maxdepth 1 -name 'new*.json' | head -1)
  if [ -n "$old" ] && [ -n "$new" ] && [ "$(stat -c%s "$old")" -lt 4000 ]; then
    { cat "$old"; printf '\0'; cat "$new"; } > "$here/corpus/verify/pair-$(basename "$case")"
  fi
done
ls "$here"/corpus/*/ | wc -l
