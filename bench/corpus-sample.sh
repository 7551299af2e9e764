#!/usr/bin/env bash
# `stitch sample -n 100` on every corpus schema, every value re-judged by ajv (issue 4). The
# work is in corpus-sample.py. Usage: bench/corpus-sample.sh [-n 100] [CORPUS]. Run by hand.
exec python3 "$(dirname "$0")/corpus-sample.py" "$@"
