"""Where cargo puts the binaries the bench scripts run (imported by them, not run).

`.cargo/config.toml` builds for the host's target tuple (`build.target = "host-tuple"`, so that
the binaries can be linked statically), and cargo then puts them in `target/<tuple>/<profile>/`
rather than `target/<profile>/`. The tuple is rustc's, asked once here rather than written into
every script.
"""
import functools
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent


@functools.cache
def host():
    """The host's target tuple, as `rustc -vV` prints it (e.g. `x86_64-unknown-linux-gnu`)."""
    out = subprocess.run(["rustc", "-vV"], capture_output=True, text=True, check=True).stdout
    return next(line[len("host: "):] for line in out.splitlines() if line.startswith("host: "))


def path(name="stitch", profile="release", target_dir=ROOT / "target"):
    """Where a build with `profile` puts the binary `name`."""
    return pathlib.Path(target_dir) / host() / profile / name


def stitch():
    """The release `stitch`, built first (quietly, from Cargo.lock)."""
    subprocess.run(["cargo", "build", "--release", "--locked", "-q"], cwd=ROOT, check=True)
    return str(path())
