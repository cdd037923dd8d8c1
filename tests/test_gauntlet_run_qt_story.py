"""The run's story cards, the select screen and the New game run mode, as the player sees them."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QLabel, QMessageBox

from gauntlet_qt_helpers import click
from gauntlet_run_helpers import SEED, act, beat, lose, place_both
from towers_core.gauntlet import run as R
from towers_core.gauntlet.run_foes import CARDS
from towers_qt.gauntlet.run.store import RunStore
from towers_qt.gauntlet.run.story import ENDLESS_END, HARDCORE_END, StoryCard
from towers_qt.gauntlet.run.window import RunWindow
from towers_qt.shell.settings import Settings


@pytest.fixture
def card(qtbot):
    c = StoryCard()
    qtbot.addWidget(c)
    return c


def joined_names(card: StoryCard) -> list[str]:
    return [w.toolTip() for w in card.joined.findChildren(QLabel) if w.isVisibleTo(card)]


def test_a_win_tells_the_spoils_and_shows_what_joined_as_tokens(card):
    run = beat(R.new_run("repawn", SEED))
    run = act(R.start_battle(R.choose_foe(run, "steel-prince")), "resign")    # the foe resigns
    card.show_run(run)
    assert card.title.text() == "VICTORY" and "no face" in card.whisper.text()
    assert card.token.toolTip() == "Steel Prince" and "No War Chest" in card.details.text()
    assert joined_names(card) == ["Knight", "Bunker"] and not card.summary.isVisibleTo(card)


def test_a_repawn_defeat_counts_the_fallen_and_names_the_next(card):
    run = lose(R.choose_foe(R.new_run("repawn", SEED), "pawnlord"), chests=("gold",))
    card.show_run(run)
    assert card.title.text() == "THE PAWNBORN HAS FALLEN" and card.counter.text() == "Pawnborn fallen: 1"
    assert "The Board takes back 10 Gold." in card.details.text() and "Pawnborn 2 takes up" in card.details.text()
    assert card.button.text() == "The next Pawnborn rises" and joined_names(card) == []


def test_the_end_of_a_hardcore_run_lists_the_beaten_foes_in_order(card):
    run = R.new_run("hardcore", SEED)
    run = beat(run)
    run = beat(run, "frost-queen")
    run = lose(R.choose_foe(run, "storm-magus"))
    run["tested"] = True
    card.show_run(run, "1 h 04 min")
    assert card.title.text() == "THE GAUNTLET ENDS" and HARDCORE_END in card.details.text()
    assert card.foes.names == ["Pawnlord", "Frost Queen"]
    text = card.summary.text()
    assert "Battles won: 2 · Pawnborn fallen: 1 · Time: 1 h 04 min" in text and text.endswith("used in this run")
    assert "Queen" in card.banner.words and card.button.text() == "A new Gauntlet"


def test_endless_has_its_own_whisper_and_end():
    run = R.new_run("repawn", SEED)
    while run["stage"] == "choose":
        run = beat(run)
    run = R.choose_foe(R.enter_endless(run), run["beaten"][0])
    won = act(R.start_battle(run), "resign")
    card = StoryCard()
    card.show_run(won)
    assert card.title.text() == "ECHO 1 · VICTORY" and card.whisper.text().startswith("Fainter now")
    assert joined_names(card) == []
    over = act(place_both(R.start_battle(run)), "resign")
    card.show_run(over, "3 min")
    assert card.title.text() == "ENDLESS MODE ENDS AT ECHO 1" and ENDLESS_END in card.details.text()
    assert card.foes.names == [CARDS[f].name for f in over["beaten"]] and "(echoes: " not in card.summary.text()
    card.deleteLater()


def test_select_warns_of_the_run_it_would_erase_and_leads_back(qtbot, tmp_path):
    w = RunWindow(Settings(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)), RunStore(tmp_path / "r.json"))
    qtbot.addWidget(w)
    w.resume()
    assert not w.select.warning.isVisibleTo(w) and w.select.begin_button.text() == "Begin the Gauntlet"
    click(w.select.cards["hardcore"])                                # a click anywhere on the card
    assert w.select.mode() == "hardcore"
    click(w.select.begin_button)
    seed = w.run["run_seed"]
    w.ask_new_run()
    click(w.box.button(QMessageBox.Yes))
    assert w.screen() == "select" and f"Hardcore, Battle 1, Pawnborn 1, seed {seed}" in w.select.warning.text()
    assert w.select.begin_button.text() == "Erase it and begin"
    click(w.select.back_button)
    assert w.screen() == "map" and w.run["run_seed"] == seed and w.store.exists()


def test_the_new_game_run_mode_hides_the_seed_row(qtbot, tmp_path):
    from towers_qt.gauntlet.game import gauntlet_sides
    from towers_qt.shell.new_game import NewGameDialog

    dialog = NewGameDialog(None, Settings(QSettings(str(tmp_path / "s.ini"), QSettings.IniFormat)),
                           sides=gauntlet_sides())
    qtbot.addWidget(dialog)
    dialog.seed_edit.setText("")                                     # no seed: only the run may start
    assert not dialog.seed_edit.isHidden() and not dialog.start_button.isEnabled()
    click(next(b for b in dialog.mode_group.buttons() if b.property("mode") == "run"))
    assert dialog.seed_widgets[1].isHidden() and dialog.start_button.isEnabled()
    click(dialog.hotseat)
    assert not dialog.seed_widgets[1].isHidden() and not dialog.start_button.isEnabled()
