"""The repository stays small: what a script or the app makes (icons, sounds, records, logs) is made
when needed, not tracked. Read from git's committed tree (`git ls-tree` of HEAD: blob sizes, whatever
the checkout's line endings); skipped outside a git checkout of this repository."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = "docs/screenshots/"   # the README's pictures, outside the budget
BUDGET = 3_000_000                  # bytes of every other tracked file together
LARGEST = 80_000                    # bytes of any one of them
RECORDS = (".jsonl", ".log")        # match records and logs: only small ones, as test data
TEST_DATA = "tests/data/"


def tracked() -> dict[str, int]:
    """Size in bytes of each file of HEAD, by its path from the repository root."""
    if shutil.which("git") is None:
        pytest.skip("no git on this machine")
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=ROOT, capture_output=True, text=True)
    if top.returncode != 0 or Path(top.stdout.strip()).resolve() != ROOT:
        pytest.skip("not a git checkout of this repository")
    listing = subprocess.run(["git", "ls-tree", "-r", "-l", "-z", "HEAD"], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode("utf-8")
    sizes = {}
    for entry in filter(None, listing.split("\0")):
        meta, path = entry.split("\t", 1)
        kind, size = meta.split()[1], meta.split()[3]
        if kind == "blob":
            sizes[path] = int(size)
    return sizes


@pytest.fixture(scope="module")
def files() -> dict[str, int]:
    return {path: size for path, size in tracked().items() if not path.startswith(SCREENSHOTS)}


def test_the_tracked_files_outside_the_screenshots_fit_the_budget(files):
    total = sum(files.values())
    print(f"tracked outside {SCREENSHOTS}: {total:,} bytes in {len(files)} files (budget {BUDGET:,})")
    assert total <= BUDGET, f"{total:,} bytes tracked, over the {BUDGET:,} budget; the largest: " + \
        ", ".join(f"{p} {s:,}" for p, s in sorted(files.items(), key=lambda item: -item[1])[:5])


def test_no_tracked_file_is_large(files):
    assert {path: size for path, size in files.items() if size > LARGEST} == {}


def test_records_and_logs_are_tracked_only_as_test_data(files):
    assert [p for p in files if p.endswith(RECORDS) and not p.startswith(TEST_DATA)] == []


def test_nothing_the_build_or_the_app_generates_is_tracked(files):
    made = [p for p in files if p.endswith((".wav", ".ico", ".icns", ".so", ".pyd", ".c", ".pyc"))]
    assert made == [], "icons are rendered by build.spec, sounds by the app, modules by setup.py"
