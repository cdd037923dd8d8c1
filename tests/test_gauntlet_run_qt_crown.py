"""The run's last steps through the screens: the Dead King won (by the foe's resignation), the
summary card, Endless entered by clicks; the shop's refusals in players' words; the run from the
New game options; the run resumed at start when it was played last."""
from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QSettings

from gauntlet_qt_helpers import click
from gauntlet_run_helpers import SEED, beat
from towers_core.errors import BadRun
from towers_core.gauntlet import run as R
from towers_core.gauntlet.run_foes import CARDS, DEEP_FOUR
from towers_qt.gauntlet.run.store import RunStore
from towers_qt.gauntlet.run.window import RunWindow, run_was_last
from towers_qt.gauntlet.run.words import refusal_words
from towers_qt.shell.settings import Settings


@pytest.fixture
def settings(tmp_path):
    return Settings(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))


def at_the_dead_king() -> dict:
    """A run with ten foes beaten: only the Dead King is left before the Crown."""
    run = R.new_run("repawn", SEED)
    for _ in range(10):
        run = beat(run)
    return run


def test_the_crown_and_the_entry_to_endless_by_clicks(qtbot, tmp_path, settings):
    w = RunWindow(settings, RunStore(tmp_path / "run.json"), time_ms=30)
    qtbot.addWidget(w)
    w.keep(at_the_dead_king())
    w.show_stage()
    assert w.screen() == "map" and [f for f, c in w.map.cards.items() if c.isEnabled()] == ["dead-king"]
    assert all("✓ Beaten" in w.map.cards[f].text() for f in DEEP_FOUR[:3])
    click(w.map.cards["dead-king"])
    click(w.prepare.fight_button)
    assert w.screen() == "battle" and w.battle.session.players["C"].name == "Dead King"
    w.battle.session.play("resign")                                 # the test hook: the foe resigns
    qtbot.waitUntil(lambda: w.screen() == "story", timeout=5000)
    assert w.run["stage"] == "crown" and w.story.title.text() == "THE CROWN IS YOURS"
    assert "Battles won: 11" in w.story.summary.text()
    assert w.story.foes.names == [CARDS[f].name for f in w.run["beaten"]] and w.story.foes.names[-1] == "Dead King"
    assert w.story.button.text() == "Enter Endless Mode"
    click(w.story.button)
    assert w.screen() == "map" and w.run["echo"] == 1 and w.run["stage"] == "choose"
    offered = [f for f, c in w.map.cards.items() if c.isEnabled()]
    assert offered == [w.run["beaten"][0]] and "Echo 1 · choose" in w.map.cards[offered[0]].text()
    assert w.store.load()["echo"] == 1


def test_shop_refusals_name_the_printed_perk_and_path():
    run = R.choose_foe(R.new_run("repawn", SEED), "pawnlord")       # 10 Gold, 0 Tomes
    with pytest.raises(BadRun) as gold:
        R.buy_perk(run, "Ki")
    assert refusal_words(run, "perk", "Ki", "", str(gold.value)) == "Crown Guard costs 30 Gold; you have 10."
    owned = R.buy_perk(run, "Pa")
    with pytest.raises(BadRun) as twice:
        R.buy_perk(owned, "Pa")
    assert refusal_words(owned, "perk", "Pa", "", str(twice.value)) == "Your Pawns already have Padded Jacks."
    with pytest.raises(BadRun) as tomes:
        R.buy_research(run, "Pa", "fury")
    assert refusal_words(run, "research", "Pa", "fury", str(tomes.value)) == \
        "Pawn Research (Battle Fury) costs 1 Tome; you have 0."
    with pytest.raises(BadRun) as absent:
        R.buy_perk(run, "Kn")
    assert refusal_words(run, "perk", "Kn", "", str(absent.value)) == "Knights are not in your banner."


def test_the_new_game_options_offer_the_run_and_do_not_remember_it(qtbot, settings):
    from towers_qt.gauntlet.game import gauntlet_sides
    from towers_qt.shell.new_game import NewGameDialog

    settings.set_mode("hotseat")
    dialog = NewGameDialog(None, settings, sides=gauntlet_sides())
    qtbot.addWidget(dialog)
    run_button = next(b for b in dialog.mode_group.buttons() if b.property("mode") == "run")
    click(run_button)
    assert dialog.setup().mode == "run" and dialog.pages.currentIndex() == 2
    dialog.accept()
    assert settings.mode() == "hotseat"


def test_the_run_resumes_at_start_only_when_it_was_played_last(tmp_path, monkeypatch):
    from towers_qt.shell import frame

    autosave = tmp_path / "autosave.json"
    monkeypatch.setattr(frame, "autosave_path", lambda: autosave)
    store = RunStore(tmp_path / "run.json")
    assert not run_was_last(store)
    store.save(R.new_run("repawn", SEED))
    assert run_was_last(store)                                      # no other game saved
    autosave.write_text("{}")
    os.utime(store.path, (1_000, 1_000))
    assert not run_was_last(store)                                  # another game was played since
