"""The engine's C card table is filled from cards.py by each compiled module that reads it
(state.pxd load_card_table: the arrays are per module). A module that forgot would see every card
as rank 0 and no Knight-or-better, silently: so every Skirmish .pyx that cimports the State must
call load_card_table() at import."""
import pathlib
import re

SKIRMISH = pathlib.Path(__file__).resolve().parent.parent / "towers_core" / "skirmish"
USES_STATE = re.compile(r"^from towers_core\.skirmish\.(state|ai\.evaluate|ai\.moves) cimport", re.MULTILINE)


def test_every_module_that_reads_the_card_table_loads_it():
    readers = [p for p in SKIRMISH.rglob("*.pyx") if USES_STATE.search(p.read_text(encoding="utf-8"))]
    assert readers, "no Skirmish module cimports the State?"
    missing = [str(p.relative_to(SKIRMISH)) for p in readers
               if not re.search(r"^load_card_table\(\)$", p.read_text(encoding="utf-8"), re.MULTILINE)]
    assert missing == []
