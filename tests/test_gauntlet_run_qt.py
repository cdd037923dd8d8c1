"""The Gauntlet run's screens driven by clicks: select, the foe map, dossier and shop, the Battle
(ended by the foe's resignation through the run's session), the whisper, the next choice; the
autosave resumed at each screen; a damaged run save refused and kept."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from gauntlet_qt_helpers import click
from gauntlet_run_helpers import SEED, lose
from towers_core.gauntlet import run as R
from towers_core.gauntlet.run_check import run_from_json
from towers_qt.gauntlet.run.store import RunStore
from towers_qt.gauntlet.run.window import RunWindow
from towers_qt.shell.settings import Settings


@pytest.fixture
def make(qtbot, tmp_path):
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))

    def build() -> RunWindow:
        w = RunWindow(settings, RunStore(tmp_path / "run.json"), time_ms=30)
        qtbot.addWidget(w)
        w.resume()
        return w
    return build


def resumed(make, w: RunWindow) -> RunWindow:
    """The window closed and a new one opened on the same slot: the same run and screen."""
    screen, run = w.screen(), w.run
    w.close()
    again = make()
    assert again.run == run and again.screen() == screen
    return again


def test_a_run_walked_by_clicks_resumes_at_every_screen(make, qtbot):
    w = make()
    assert w.screen() == "select"
    w.select.seed_edit.setText(f"{SEED:x}")
    click(w.select.begin_button)
    assert w.screen() == "map" and w.run["run_seed"] == f"{SEED:016x}"
    assert [f for f, c in w.map.cards.items() if c.isEnabled()] == ["pawnlord"]
    w = resumed(make, w)
    click(w.map.cards["pawnlord"])
    assert w.screen() == "prepare" and "Pawnlord" in w.prepare.dossier.toPlainText()
    tome = w.prepare.buttons[("research", "Ki", "banner")]         # 0 Tomes: disabled, the reason told
    assert not tome.isEnabled()
    assert tome.toolTip().startswith("King Research (Banner of War) costs 1 Tome; you have 0.")
    click(tome)
    assert w.run["banner"]["Ki"]["r"] is None and w.prepare.refusal.text() == ""
    assert not w.prepare.buttons[("perk", "Ki", "")].isEnabled()    # Crown Guard: 30 Gold
    click(w.prepare.buttons[("perk", "Pa", "")])                    # Padded Jacks, 10 Gold
    assert w.run["gold"] == 0 and w.prepare.totals.text().startswith("Purse: 0 Gold")
    assert ("perk", "Pa", "") not in w.prepare.buttons
    assert all(not b.isEnabled() and "you have 0" in b.toolTip() for b in w.prepare.buttons.values())
    w = resumed(make, w)
    assert w.run["banner"]["Pa"]["p"]
    click(w.prepare.fight_button)
    assert w.screen() == "battle" and w.battle.session.players["C"].name == "Pawnlord"
    assert w.run["stage"] == "battle"
    w.battle.session.play("resign")                                 # the test hook: the foe resigns
    qtbot.waitUntil(lambda: w.screen() == "story", timeout=5000)
    assert w.run["stage"] == "won" and "pawn's first" in w.story.whisper.text()
    assert "Padded Jacks" in w.story.details.text()
    w = resumed(make, w)
    click(w.story.button)
    assert w.screen() == "map" and w.run["battle"] == 2
    enabled = [f for f, c in w.map.cards.items() if c.isEnabled()]
    assert len(enabled) == 6 and "pawnlord" not in enabled and "✓ Beaten · Battle 1" in w.map.cards["pawnlord"].text()
    assert "Bunkers" in w.map.cards["steel-prince"].text()


def test_a_battle_resumes_where_it_was_left(make, qtbot):
    w = make()
    click(w.select.begin_button)
    click(w.map.cards["pawnlord"])
    click(w.prepare.fight_button)
    qtbot.waitUntil(lambda: len(w.run["actions"]) >= 1, timeout=10000)   # the foe placed its King
    w.battle.close()
    assert w.screen() == "paused"
    actions = list(run_from_json((w.store.path).read_text())["actions"])
    w.close()
    again = make()
    assert again.screen() == "battle" and again.battle.session.actions[:len(actions)] == actions


def test_hardcore_loss_ends_the_run_and_repawn_loss_raises_the_counter(make):
    w = make()
    for mode, stage, button in (("hardcore", "over", "A new Gauntlet"), ("repawn", "fallen", "The next Pawnborn")):
        run = lose(R.choose_foe(R.new_run(mode, SEED), "pawnlord"))
        w.keep(run)
        w.show_stage()
        assert w.screen() == "story" and w.run["stage"] == stage
        assert w.story.button.text().startswith(button) and "swallows a Pawnborn" in w.story.whisper.text()
    assert w.store.exists()
    click(w.story.button)
    assert w.screen() == "prepare" and w.run["pawnborn"] == 2 and "Pawnborn 2" in w.prepare.title.text()


def test_a_new_run_asks_before_erasing_the_current_one(make):
    w = make()
    click(w.select.begin_button)
    seed = w.run["run_seed"]
    w.ask_new_run()
    w.box.reject()
    assert w.screen() == "map" and w.run["run_seed"] == seed
    w.ask_new_run()
    click(w.box.button(QMessageBox.Yes))
    assert w.screen() == "select"
    w.select.seed_edit.setText("nope")
    click(w.select.begin_button)
    assert w.select.problem.text().startswith("run seed:") and w.run["run_seed"] == seed


def test_a_damaged_run_save_is_refused_and_kept_aside(make, tmp_path):
    w = make()
    click(w.select.begin_button)
    w.close()
    path = tmp_path / "run.json"
    text = path.read_text().replace('"gold": 10', '"gold": 99')
    assert text != path.read_text()
    path.write_text(text)
    again = make()
    assert again.screen() == "select" and again.store.problem.startswith("sha256:")
    assert again.store.kept.read_text() == text and "kept aside" in again.box.text()


def test_the_gauntlet_window_opens_the_run_from_its_game_menu(qtbot, tmp_path, monkeypatch):
    from towers_qt.gauntlet import game
    from towers_qt.gauntlet.run import store

    monkeypatch.setattr(store, "run_path", lambda: tmp_path / "run.json")
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat))
    window = game.GAME.window(settings, autosave=False)
    qtbot.addWidget(window)
    action = next(a for a in window.menuBar().actions()[0].menu().actions() if "Gauntlet run" in a.text())
    action.trigger()
    qtbot.addWidget(window.run_window)
    assert window.run_window.screen() == "select" and window.run_window.store.path == tmp_path / "run.json"
