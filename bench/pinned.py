"""The Python packages a bench script needs, in a virtual environment of its own (imported, not run).

`pinned.ensure({"jsonschema": "4.26.0"})` at the top of a script, before it imports any of them: run
outside `target/bench-venv/`, it creates that environment when missing (`python3 -m venv`),
installs the pinned versions there with pip when one is missing or different, and runs the script
again with the environment's interpreter (`os.execv`, same arguments). Installing into the
interpreter that is already running would mix versions: a module imported before pip upgrades it
(`typing_extensions`, read by jsonschema, then needed newer by the SDKs) stays the old one for the
rest of the run, and the machine's own packages change under it. The environment sits in
`target/`, beside the binaries, and goes with `cargo clean`.
"""
import importlib.metadata
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VENV = ROOT / "target" / "bench-venv"


def _missing(packages):
    out = []
    for name, version in packages.items():
        try:
            if importlib.metadata.version(name) != version:
                out.append(name)
        except importlib.metadata.PackageNotFoundError:
            out.append(name)
    return out


def ensure(packages):
    """Re-run this script inside target/bench-venv/ with `packages` ({name: version}) installed."""
    python = VENV / "bin" / "python"
    inside = pathlib.Path(sys.prefix).resolve() == VENV.resolve()
    if inside:
        missing = _missing(packages)
        if missing:
            pins = [f"{name}=={packages[name]}" for name in missing]
            subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check", *pins],
                           check=True)
        return
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    os.execv(str(python), [str(python), os.path.abspath(sys.argv[0]), *sys.argv[1:]])
