#!/usr/bin/env bash
# Flattens every corpus schema and tool (`--no-verify`: verification is corpus-verify's), one
# process per file under a 10 s cap, and counts what changed, what was left in place (by reason),
# what was refused, crashes and hangs; then checks that values generated from each changed
# contract (noson, filtered by the contract's validator) are accepted by the presentation.
# The work is in corpus-flatten.py.
# Usage: bench/corpus-flatten.sh [CORPUS] [--deep] [--collisions anyof|merge]. Run by hand.
exec python3 "$(dirname "$0")/corpus-flatten.py" "$@"
