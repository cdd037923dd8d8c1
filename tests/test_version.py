"""The version number is written once, in towers_core/__init__.py; everything else reads it."""

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import towers_core
from towers_qt.shell.about import AboutDialog

ROOT = Path(__file__).resolve().parents[1]


def test_pyproject_reads_the_version_from_the_core():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "towers_core.__version__"}


def test_installed_package_and_about_box_agree_with_the_core(qtbot):
    assert version("towers") == towers_core.__version__
    dialog = AboutDialog()
    qtbot.addWidget(dialog)
    assert dialog.version == towers_core.__version__


def test_no_other_file_writes_a_version_number():
    written = re.compile(r"""(__version__|^version)\s*=\s*["']\d""", re.MULTILINE)
    patterns = ("towers_core/**/*.py", "towers_qt/**/*.py", "*.toml", "*.py", "*.spec")
    offenders = [str(p.relative_to(ROOT)) for pattern in patterns
                 for p in ROOT.glob(pattern) if written.search(p.read_text(encoding="utf-8"))]
    assert offenders == ["towers_core/__init__.py"]
