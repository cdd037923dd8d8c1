"""The Draft dialog by clicks: the scout report first (Gold), running totals, a choice the budget
forbids springs back with the reason, every choice's effect in the seed's words, no glyph left to
the font, and the whole table without scrolling on a 1366×768 screen."""
from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QScrollArea

from tests.gauntlet_qt_helpers import UNITS5, click, draft_by_clicks
from towers_core.gauntlet import api, randomplay
from towers_qt.gauntlet.dialogs.draft import DraftDialog, report_text
from towers_qt.gauntlet.words import PATH_TEXT, PERK_TEXT, SLOT_TEXT


@pytest.fixture
def crimson() -> dict:
    return randomplay.random_army(random.Random(3))


@pytest.fixture
def gold(qtbot, crimson):
    d = DraftDialog("G", None, crimson, "Bea")
    qtbot.addWidget(d)
    d.show()
    return d


def test_gold_scouts_before_drafting_and_the_report_stays_in_view(gold, crimson):
    assert not gold.seal_button.isEnabled() and not gold.rows["Pa"][0].isEnabled()
    assert gold.reason.text() == "Scout one Crimson slot first."
    gold.scout_choice.setCurrentIndex(gold.scout_choice.findData("Qu"))
    click(gold.scout_button)
    assert gold.scouted == "Qu" and gold.report.text() == report_text("Qu", api.scout(crimson, "Qu"))
    assert gold.report.isVisible() and not gold.scout_button.isVisible()
    assert gold.rows["Pa"][0].isEnabled()


def test_the_sixth_unit_springs_back_with_the_reason_and_totals_run(gold):
    gold.scout("Kn")
    for code in UNITS5:
        click(gold.rows[code][0])
    assert "Units 5/5" in gold.totals.text() and gold.seal_button.isEnabled()
    click(gold.rows["Qu"][0])
    assert not gold.rows["Qu"][0].isChecked() and not gold.army["Qu"]["in"]
    assert "5" in gold.reason.text() and gold.reason.text() != "Ready to seal"
    for code in ("Pa", "Kn", "Ro", "Bi"):  # 10 + 20 + 20 + 20 Gold
        click(gold.rows[code][2])
    assert "Gold 70/100" in gold.totals.text() and "30 Gold left" in gold.totals.text()
    click(gold.rows["De"][2])  # 30 more: exactly 100
    click(gold.rows["Ma"][2])  # 20 over budget: refused
    assert not gold.rows["Ma"][2].isChecked() and not gold.army["Ma"]["p"]
    assert "Gold 100/100" in gold.totals.text() and "Gold" in gold.reason.text()


def test_each_choice_says_what_it_does_in_the_seeds_words(gold):
    gold.scout("Kn")
    click(gold.rows["Ma"][0])
    gold.rows["Ma"][1].setCurrentIndex(2)  # Hex
    about = gold.about.text()
    assert SLOT_TEXT["Ma"] in about and PATH_TEXT["hex"] in about and PATH_TEXT["empower"] in about
    assert PERK_TEXT["focus"] in about and "✔ Hex" in about


def test_no_slot_is_written_with_a_glyph_and_each_has_a_drawn_token(gold):
    for take, _research, _perk in gold.rows.values():
        assert take.text().isalpha() or " " in take.text()
        assert not take.icon().isNull()


def test_the_whole_table_shows_without_scrolling_where_the_screen_has_room(gold):
    room = gold.screen().availableGeometry()
    if room.height() < 690:
        pytest.skip("the test screen is shorter than 1366×768's")
    assert gold.findChildren(QScrollArea) == []
    assert gold.height() <= 720 - 40 and gold.width() <= 1280


def test_crimson_drafts_without_a_scout_and_seals(qtbot):
    d = DraftDialog("C", None, None, "Ann")
    qtbot.addWidget(d)
    d.show()
    assert not hasattr(d, "scout_choice")
    draft_by_clicks(d)
    assert d.result() == DraftDialog.Accepted and d.problem() is None and d.army["Pa"]["p"]
