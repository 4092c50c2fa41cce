"""Lets a script under scripts/ set up the Python packages it needs by itself.

A script calls enter() before importing any package outside the standard library. The
first time, enter() makes a virtual environment for the script's requirements file and
installs the exact versions pinned there with pip; then, and on every later run, it
re-executes the script with that environment's Python, so the script never depends on
what the machine's python3 has installed. Only the standard library is used here, so it
works even under `python3 -S`.

    from own_venv import enter
    enter("fixtures", __doc__)
    from PIL import Image

From a shell script, `python3 scripts/own_venv.py NAME` sets up the environment NAME and
prints the path of its Python.
"""
import fcntl
import os
import subprocess
import sys

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(SCRIPTS)
# Where each environment lives: the benchmark's beside its other output, the rest in .venv/.
LOCATIONS = {"bench": os.path.join(ROOT, "bench-out", "venv")}
STAMP = "pinboard-requirements.txt"
# Set for the re-executed script, so a Python that does not report the environment as its
# prefix ends the script instead of re-executing it for ever.
GUARD = "PINBOARD_OWN_VENV"


def requirements(name):
    """scripts/requirements-NAME.txt: exact versions, one package a line."""
    return os.path.join(SCRIPTS, f"requirements-{name}.txt")


def location(name):
    return LOCATIONS.get(name, os.path.join(ROOT, ".venv", name))


def fail(message):
    """Ends the script with one line on stderr, no traceback."""
    print(f"{os.path.basename(sys.argv[0])}: {message}", file=sys.stderr)
    sys.exit(1)


def python_of(name):
    """Makes or updates the environment `name` and returns the path of its Python.

    One process at a time: the test suite runs several Pillow checks at once, and on a
    fresh clone two of them making the same environment at the same moment left one
    with a half-made environment and a failed pip."""
    venv = location(name)
    os.makedirs(os.path.dirname(venv), exist_ok=True)
    with open(venv + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return made_or_updated(name, venv)


def made_or_updated(name, venv):
    """python_of's work, under its lock."""
    python = os.path.join(venv, "bin", "python")
    with open(requirements(name)) as file:
        wanted = file.read()
    stamp = os.path.join(venv, STAMP)
    if os.path.exists(stamp) and os.path.exists(python):
        with open(stamp) as file:
            if file.read() == wanted:
                return python
    relative = os.path.relpath(venv, ROOT)
    print(f"setting up {relative} with pip from {os.path.relpath(requirements(name), ROOT)} (once) …",
          file=sys.stderr)
    if not os.path.exists(python):
        made = subprocess.run([sys.executable, "-m", "venv", venv], capture_output=True, text=True)
        if made.returncode != 0:
            # Debian's python3 has no ensurepip, so no venv, without the python3-venv package.
            fail(f"cannot make {relative} with '{sys.executable} -m venv': {last_line(made)} "
                 "(on Debian: apt-get install python3-venv)")
    installed = subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                                "--requirement", requirements(name)], capture_output=True, text=True)
    if installed.returncode != 0:
        fail(f"pip could not install {os.path.relpath(requirements(name), ROOT)}: {last_line(installed)}")
    with open(stamp, "w") as file:
        file.write(wanted)
    return python


def last_line(result):
    lines = [line for line in (result.stderr or result.stdout).splitlines() if line.strip()]
    return lines[-1].strip() if lines else f"exit status {result.returncode}"


def inside(name):
    return os.path.realpath(sys.prefix) == os.path.realpath(location(name))


def enter(name, usage=None, also=()):
    """Re-executes the running script inside the environment `name`, made from
    scripts/requirements-NAME.txt when it is missing or out of date; returns at once when
    already inside it or inside one of `also`, environments that have what the script
    needs too. With `usage` (the script's docstring), -h and --help print it and exit
    before anything is installed."""
    if usage is not None and {"-h", "--help"} & set(sys.argv[1:]):
        print(usage.strip())
        sys.exit(0)
    if any(inside(candidate) for candidate in (name, *also)):
        return
    if os.environ.get(GUARD) == name:
        fail(f"re-executed with {location(name)}/bin/python, but its prefix is {sys.prefix}")
    python = python_of(name)
    script = os.path.abspath(sys.argv[0])
    os.execve(python, [python, script, *sys.argv[1:]], {**os.environ, GUARD: name})


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print("usage: python3 scripts/own_venv.py NAME   (sets up .venv/NAME, prints its python)", file=sys.stderr)
        sys.exit(2)
    print(python_of(sys.argv[1]))
