#!/usr/bin/env python3
"""Copies the slice of ../shared/corpus that the tests read into tests/corpus/ (issue 10: the
README's test command passes on a clone with nothing beside it). The whole corpus is swept by
`cargo test -- --ignored` in .ci/run and by the bench scripts. Run by hand after changing the
list below; the copied files are committed with the licences of their sources.
Usage: bench/make-test-corpus.py [CORPUS]"""
import pathlib, shutil, sys

here = pathlib.Path(__file__).resolve().parent.parent
corpus = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else here.parent / "shared" / "corpus")
out = here / "tests" / "corpus"

SLICE = {
    # Root and nested discriminated unions, recursion, output mode, two copies of one union, the
    # union of unions that stays in place.
    "contracts/zod4": ["notification_rule", "db_query", "workflow_run", "calendar_event",
                       "edit_document", "github_operation", "shell_command"],
    # Path references into branches (`#/anyOf/0/properties/address`), recursion into a branch,
    # a root `$ref` into `definitions`, `.passthrough()`.
    "contracts/zod-to-json-schema": ["ship_order", "category_tree", "route_shipment",
                                     "update_alerting", "query_logs", "share_document"],
    # The union of unions that stays in place, nullable optionals, nested unions.
    "contracts/pydantic": ["alert_rule", "chat_completion", "dataset_transform",
                           "kb_article_upsert", "form_submission", "sql_select"],
    # One schema per draft, unions, a remote reference (refused), a catalog reference (mapped).
    "schemastore/schemas": ["resjson", "pull-request-labeler-4", "dotnet-releases-index", "any",
                            "partial-repo-review", "github-discussion", "jsone", "openweather.roadrisk",
                            "enonic-xp-service-8.0.0", "license-report-config", "geojson",
                            "poetry", "partial-poetry"],
    "mcp-tools/reference-servers": ["server-everything", "mcp-server-time"],
    "mcp-tools/mcp-proxy-snapshots": ["server-puppeteer", "cloudflare-docs"],
}
LICENCES = ["schemastore/LICENSE", "schemastore/NOTICE", "mcp-tools/mcp-proxy-snapshots/LICENSE",
            "contracts/README.md"]

if out.exists():
    shutil.rmtree(out)
for folder, names in SLICE.items():
    (out / folder).mkdir(parents=True, exist_ok=True)
    for name in names:
        for suffix in [".json", ".valid.jsonl"]:
            source = corpus / folder / (name + suffix)
            if source.exists():
                shutil.copyfile(source, out / folder / source.name)
for licence in LICENCES:
    shutil.copyfile(corpus / licence, out / licence)
print(f"copied the slice into {out}")
