"""The Gauntlet's new-game options, through the shell's dialog: Player vs AI at a level (the human is
always Gold, §18.1) or hot-seat with two names; a one-seat game leaves the other games' choices alone."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from tests.gauntlet_qt_helpers import click
from towers_qt.gauntlet.game import HOTSEAT_NOTE, SEAT_NOTE, gauntlet_sides
from towers_qt.shell.new_game import NewGameDialog
from towers_qt.shell.settings import LEVELS


@pytest.fixture
def dialog(qtbot, settings):
    d = NewGameDialog(None, settings, seed=77, sides=gauntlet_sides())
    qtbot.addWidget(d)
    d.show()
    return d


def shown_texts(d) -> list[str]:
    return [w.text() for w in d.findChildren(QLabel) if w.isVisibleTo(d)]


def test_against_the_computer_you_are_gold_at_the_level_chosen(dialog):
    seats = {b.property("key"): b for b in dialog.side_group.buttons()}
    assert seats["N"].isVisibleTo(dialog) and seats["N"].text() == "Gold"
    assert not seats["S"].isVisibleTo(dialog)
    assert SEAT_NOTE in shown_texts(dialog)
    dialog.level.setCurrentIndex(LEVELS.index("hard"))
    dialog.human_name.setText("Ida")
    setup = dialog.setup()
    assert (setup.mode, setup.level, setup.human_side, setup.first, setup.seed) == ("computer", "hard", "N", "S", 77)
    assert setup.names == {"N": "Ida", "S": "Computer (hard)"}


def test_hotseat_takes_two_names_and_says_how_the_drafts_pass(dialog):
    click(dialog.hotseat)
    assert HOTSEAT_NOTE in shown_texts(dialog)
    dialog.name_s.setText("Ann")
    setup = dialog.setup()
    assert (setup.mode, setup.human_side, setup.first) == ("hotseat", None, "S")
    assert setup.names == {"S": "Ann", "N": "Gold"}


def test_a_one_seat_game_does_not_overwrite_the_remembered_seat_or_store_its_side_names(dialog, settings):
    settings.set_human_side("S")
    dialog.accept()
    assert settings.human_side() == "S" and settings.level() == dialog.setup().level
    again = NewGameDialog(None, settings, seed=1, sides=gauntlet_sides())
    click(again.hotseat)
    again.accept()
    assert settings.mode() == "hotseat" and settings.player_names() == {"S": "South", "N": "North"}
    again.deleteLater()
