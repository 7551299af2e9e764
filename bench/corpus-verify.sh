#!/usr/bin/env bash
# Flattens and verifies every corpus schema, tool and contract (issue 4): verdicts proven /
# unknown / refuted, with the reasons for unknown. The work is in corpus-verify.py.
# Usage: bench/corpus-verify.sh [--semantics declared|strict] [--deep] [--collisions anyof|merge]
#        [--list] [CORPUS]. Run by hand.
exec python3 "$(dirname "$0")/corpus-verify.py" "$@"
