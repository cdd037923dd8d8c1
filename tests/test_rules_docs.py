"""Every rule section the code and tests cite exists in the game's own rules document.

A citation is the section sign and a number (spelled as an escape here, so this file cites nothing).
Its game comes from a rules-file name just before it on the line ("docs/rules/skirmish.md",
"docs/rules/gauntlet.md"), else from the citing file's path; a citation in a file of no game without
such a name is skipped.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
GAMES = ("skirmish", "castles", "gauntlet")
SOURCE_DIRS = ("towers_core", "towers_qt", "tests")
SOURCE_SUFFIXES = {".py", ".pyx", ".pxd", ".pxi", ".h"}

SIGN = "\u00a7"
CITATION = re.compile(SIGN + r" ?(\d+(?:\.\d+)*)")
FILE_NAME = re.compile(r"(?<![\w-])(CASTLES-RULES|GAUNTLET-RULES|RULES|skirmish\.md|castles\.md|gauntlet\.md)")
FILE_GAME = {"RULES": "skirmish", "CASTLES-RULES": "castles", "GAUNTLET-RULES": "gauntlet",
             "skirmish.md": "skirmish", "castles.md": "castles", "gauntlet.md": "gauntlet"}
CONTEXT_CHARS = 40  # how far back on the line a rules-file name still governs a citation

HEADING = re.compile(r"^(#{2,6}) (\d+(?:\.\d+)*)\.?\s")
LIST_ITEM = re.compile(r"^\s*(\d+)\. ")


def game_of_path(path: Path) -> str | None:
    """The game a source file belongs to by its path, or None for shared files."""
    text = path.relative_to(ROOT).as_posix().lower()
    for game in ("gauntlet", "castles"):
        if game in text:
            return game
    if "skirmish" in text or path.name.startswith("test_rules_"):
        return "skirmish"
    return None


def game_of_context(before: str) -> str | None:
    """The game named by the last rules-file name in the text just before a citation."""
    names = FILE_NAME.findall(before[-CONTEXT_CHARS:])
    return FILE_GAME[names[-1]] if names else None


def citations() -> dict[str, set[tuple[str, str]]]:
    """game -> {(section, where)} for every attributable citation in the sources."""
    found: dict[str, set[tuple[str, str]]] = {game: set() for game in GAMES}
    for top in SOURCE_DIRS:
        for path in sorted((ROOT / top).rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            by_path = game_of_path(path)
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                for match in CITATION.finditer(line):
                    game = game_of_context(line[:match.start()]) or by_path
                    if game is not None:
                        where = f"{path.relative_to(ROOT).as_posix()}:{number}"
                        found[game].add((match.group(1), where))
    return found


def sections(text: str) -> set[str]:
    """The section numbers a rules document defines.

    Numbered headings define themselves. A numbered list item k inside top-level section S defines
    S.k (the fine points, readings and ordered checks that are cited that way), unless it belongs to
    a list that restarts at 0 or 1 inside a subsection (the steps of section 4.3 are not 4.1, 4.2...).
    """
    found: set[str] = set()
    top, in_subsection, local_list, first_item = "", False, False, True
    for line in text.splitlines():
        heading = HEADING.match(line)
        if heading:
            found.add(heading.group(2))
            if len(heading.group(1)) == 2:
                top = heading.group(2).split(".")[0]
            in_subsection = len(heading.group(1)) > 2
            local_list, first_item = False, True
            continue
        item = LIST_ITEM.match(line)
        if item and top:
            if first_item:
                local_list = in_subsection and int(item.group(1)) <= 1
                first_item = False
            if not local_list:
                found.add(f"{top}.{item.group(1)}")
    return found


def doc_sections(game: str) -> set[str]:
    return sections((DOCS / f"{game}.md").read_text(encoding="utf-8"))


CITED = citations()


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_section_exists_in_the_rules_document(game: str) -> None:
    defined = doc_sections(game)
    missing = sorted(f"{SIGN}{section} ({where})" for section, where in CITED[game] if section not in defined)
    assert not missing, f"docs/rules/{game}.md lacks cited sections: {missing[:20]}"


@pytest.mark.parametrize("game, known", [
    ("skirmish", {"5", "6", "10"}),
    ("castles", {"5", "6", "9"}),
    ("gauntlet", {"5.3", "12.3", "16.1", "21.21"}),
])
def test_citations_are_found_and_attributed(game: str, known: set[str]) -> None:
    """The scan sees the sources' citations, so the check above is not vacuous."""
    cited = {section for section, _ in CITED[game]}
    assert known <= cited


def test_a_missing_section_is_reported() -> None:
    doc = ("## 4. Turns\n\n### 4.3 Start of turn\n\n0. ready\n1. completion\n\n"
           "## 21. Readings\n\n### 21.1 Turn flow\n\n4. **Turn 1 to 2.** ...\n5. more\n")
    defined = sections(doc)
    assert {"4", "4.3", "21", "21.1", "21.4", "21.5"} <= defined
    assert "4.1" not in defined and "4.5" not in defined and "21.6" not in defined


def test_a_rules_file_name_decides_the_game() -> None:
    assert game_of_context("see docs/rules/castles.md ") == "castles"
    assert game_of_context("as in docs/rules/skirmish.md ") == "skirmish"
    assert game_of_context("(docs/rules/gauntlet.md ") == "gauntlet"
    assert game_of_context("RULES " + "x" * CONTEXT_CHARS) is None
    assert game_of_path(ROOT / "tests" / "test_rules_king.py") == "skirmish"
    assert game_of_path(ROOT / "tests" / "test_castles_rules_push.py") == "castles"
    assert game_of_path(ROOT / "tests" / "helpers.py") is None


DOC_PATH = re.compile(r"(?<![\w/.-])docs/[\w./-]+\.md\b")


def test_every_cited_document_exists() -> None:
    """A document under docs/ named anywhere in the code, tests, docs or README is in the repository."""
    places = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    for folder in (*SOURCE_DIRS, "benchmarks", "tools"):
        places += [p for p in (ROOT / folder).rglob("*") if p.suffix in SOURCE_SUFFIXES | {".md"}]
    named = {m.group(0) for p in places for m in DOC_PATH.finditer(p.read_text(encoding="utf-8"))}
    assert "docs/rules/gauntlet.md" in named          # the scan reads the citations it is meant to
    missing = sorted(n for n in named if not (ROOT / n).is_file())
    assert not missing, f"cited but not in the repository: {missing}"
