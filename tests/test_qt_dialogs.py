"""The app's dialogs and settings, driven as a player would (pytest-qt, offscreen)."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from helpers import make_pos
from PySide6.QtCore import QByteArray, QSettings, Qt, QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QDialog, QLabel

from towers_core.skirmish import api
from towers_qt.games import KEYS, game_kind
from towers_qt.shell.about import AboutDialog
from towers_qt.skirmish.board.emblem import card_pixmap
from towers_qt.shell.paths import resource_dir
from towers_qt.shell.new_game import GameSetup, NewGameDialog
from towers_qt.shell.rules_window import RulesWindow
from towers_qt.shell.settings import AnimationSpeed, Key, Settings
from towers_qt.skirmish.dialogs import (
    AttackPreviewDialog,
    GameOverDialog,
    MusterDialog,
    attack_preview,
    game_over,
    muster,
)


@pytest.fixture
def prefs(tmp_path) -> Settings:
    """Settings in a throw-away INI file, left at their defaults."""
    return Settings(QSettings(str(tmp_path / "towers.ini"), QSettings.Format.IniFormat))


def labels_text(widget) -> str:
    return "\n".join(label.text() for label in widget.findChildren(QLabel))


# -- settings -------------------------------------------------------------------------------
def test_settings_defaults(prefs):
    assert prefs.level() == "normal"
    assert prefs.mode() == "computer"
    assert prefs.player_names() == {"S": "South", "N": "North"}
    assert prefs.animation_speed() is AnimationSpeed.NORMAL
    assert prefs.orientation() == "auto"
    assert prefs.first_choice() == "random"
    assert prefs.last_seed() is None
    assert prefs.window_geometry().isEmpty() and prefs.dock_state(game_kind("skirmish")).isEmpty()
    assert prefs.last_muster("S") is None and prefs.muster_preset("N") is None


def test_each_game_keeps_its_own_welcome_and_dock_layout_the_first_under_its_legacy_keys(prefs):
    skirmish, castles = game_kind("skirmish"), game_kind("castles")
    prefs.set_welcomed(skirmish)
    prefs.set_dock_state(b"first", skirmish)
    prefs.set_dock_state(b"second", castles)
    assert prefs.welcomed(skirmish) and not prefs.welcomed(castles)
    # a player of an older version, whose settings knew one game, is not welcomed again
    assert prefs.store.value(Key.WELCOMED) in (True, "true") and prefs.store.value(Key.DOCK_STATE) == b"first"
    assert bytes(prefs.dock_state(castles).data()) == b"second"
    prefs.set_welcomed(castles)
    assert prefs.store.value("castles/welcomed") in (True, "true")


def test_the_last_game_is_a_known_one_else_the_registrys_first(prefs):
    assert prefs.last_game(KEYS) == KEYS[0]
    prefs.set_last_game("castles")
    assert prefs.last_game(KEYS) == "castles"
    prefs.store.setValue(Key.LAST_GAME, "chess")
    assert prefs.last_game(KEYS) == KEYS[0]


def test_settings_round_trip_through_the_file(tmp_path, prefs):
    prefs.set_level("expert")
    prefs.set_mode("hotseat")
    prefs.set_human_side("N")
    prefs.set_first_choice("computer")
    prefs.set_player_names({"S": "Ana", "N": "Bea"})
    prefs.set_human_name("Kal")
    prefs.set_animation_speed(AnimationSpeed.NONE)
    prefs.set_orientation("north")
    prefs.set_window_geometry(QByteArray(b"\x01\x02geometry"))
    prefs.set_dock_state(b"\x00dock", game_kind("skirmish"))
    prefs.set_last_seed(2**62 + 7)
    prefs.set_last_muster("S", ["Kn"])
    prefs.set_last_muster("N", [])
    prefs.set_muster_preset("S", "defensive")
    prefs.sync()
    again = Settings(QSettings(str(tmp_path / "towers.ini"), QSettings.Format.IniFormat))
    assert again.level() == "expert" and again.mode() == "hotseat"
    assert again.human_side() == "N" and again.first_choice() == "computer"
    assert again.player_names() == {"S": "Ana", "N": "Bea"} and again.human_name() == "Kal"
    assert again.animation_speed() is AnimationSpeed.NONE and again.animation_ms() == 0
    assert again.orientation() == "north"
    assert bytes(again.window_geometry().data()) == b"\x01\x02geometry"
    assert bytes(again.dock_state(game_kind("skirmish")).data()) == b"\x00dock"
    assert again.last_seed() == 2**62 + 7
    assert again.last_muster("S") == ["Kn"] and again.last_muster("N") == []
    assert again.muster_preset("S") == "defensive" and again.muster_preset("N") is None


def test_settings_reject_garbage(prefs):
    prefs.store.setValue(Key.LEVEL, "godlike")
    prefs.store.setValue(Key.ANIMATION, "fast please")
    prefs.store.setValue(Key.ORIENTATION, 7)
    prefs.store.setValue(Key.LAST_SEED, "-3")
    assert prefs.level() == "normal"
    assert prefs.animation_speed() is AnimationSpeed.NORMAL
    assert prefs.orientation() == "auto"
    assert prefs.last_seed() is None
    with pytest.raises(ValueError):
        prefs.set_player_name("X", "nobody")


# -- new game -------------------------------------------------------------------------------
def test_new_game_vs_computer(qtbot, prefs):
    dialog = NewGameDialog(settings=prefs, seed=4242)
    qtbot.addWidget(dialog)
    dialog.level.setCurrentIndex(3)
    next(b for b in dialog.side_group.buttons() if b.property("key") == "N").click()
    next(b for b in dialog.first_group.buttons() if b.property("key") == "you").click()
    dialog.human_name.setText("Kal")
    setup = dialog.setup()
    assert setup == GameSetup("computer", "expert", "N", "N", 4242,
                              {"N": "Kal", "S": "Computer (expert)"})
    assert setup.ai_side == "S"
    next(b for b in dialog.first_group.buttons() if b.property("key") == "random").click()
    assert dialog.setup().first is None  # the seed decides


@pytest.mark.parametrize("game", ["skirmish", "castles"])
def test_new_game_levels_name_each_games_clock_cap(qtbot, game):
    """Each level's line says the longest that game's computer thinks a move, read from its core."""
    from towers_core.castles.ai import levels as castles_levels
    from towers_core.skirmish.ai import levels as skirmish_levels
    from towers_qt.castles.game import castles_sides
    from towers_qt.skirmish.game import skirmish_sides

    sides, core = {"skirmish": (skirmish_sides(), skirmish_levels),
                   "castles": (castles_sides(), castles_levels)}[game]
    dialog = NewGameDialog(sides=sides)
    qtbot.addWidget(dialog)
    lines = {dialog.level.itemData(i): dialog.level.itemText(i) for i in range(dialog.level.count())}
    for level, line in lines.items():
        assert line.endswith(f"(up to {core.LEVELS[level].time_ms / 1000:g} s a move)"), line
    assert lines["expert"] == "Expert — the strongest search (up to 5 s a move)"
    plain = NewGameDialog()  # a game that names no caps keeps the bare words
    qtbot.addWidget(plain)
    assert plain.level.itemText(3) == "Expert — the strongest search"


def test_new_game_hotseat_and_memory(qtbot, prefs):
    dialog = NewGameDialog(settings=prefs, seed=7)
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.hotseat, Qt.MouseButton.LeftButton)
    dialog.name_s.setText("Ana")
    dialog.name_n.setText("  ")
    setup = dialog.setup()
    assert (setup.mode, setup.human_side, setup.ai_side) == ("hotseat", None, None)
    assert setup.names == {"S": "Ana", "N": "North"} and setup.seed == 7
    dialog.accept()
    assert prefs.mode() == "hotseat" and prefs.last_seed() == 7
    again = NewGameDialog(settings=prefs)
    qtbot.addWidget(again)
    assert again.pages.currentIndex() == 1 and again.name_s.text() == "Ana"


def test_new_game_seed_field(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert dialog.seed_edit.text().isdigit()  # random by default
    seeds = set()
    for _ in range(5):
        qtbot.mouseClick(dialog.new_seed_button, Qt.MouseButton.LeftButton)
        seeds.add(dialog.seed_edit.text())
    assert len(seeds) > 1
    dialog.seed_edit.setText("")
    assert not dialog.start_button.isEnabled()
    dialog.seed_edit.setText("99999999999999999999")  # too many digits: the validator refuses
    dialog.seed_edit.setText("123")
    assert dialog.start_button.isEnabled() and dialog.setup().seed == 123


# -- muster ---------------------------------------------------------------------------------
@pytest.mark.parametrize("preset", sorted(muster.PRESETS))
def test_presets_are_legal(preset):
    cards = muster.PRESETS[preset]
    assert api.validate_muster(cards) == sorted(cards + ["K"])
    assert sum(api.CARD_INFO[c]["troops"] for c in cards) <= 100


def make_muster(qtbot, **kwargs) -> MusterDialog:
    dialog = MusterDialog(**kwargs)
    qtbot.addWidget(dialog)
    return dialog


def test_muster_counter_and_budget(qtbot):
    dialog = make_muster(qtbot, initial=[])
    assert dialog.total_troops() == 0 and dialog.ok_button.isEnabled()
    assert "0</span>" in dialog.troop_label.text()
    qtbot.mouseClick(dialog.rows["Kn"].plus, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.rows["Sh"].plus, Qt.MouseButton.LeftButton)
    assert dialog.total_troops() == 34 and ">34</span>" in dialog.troop_label.text()
    assert dialog.cards_label.text() == "2 cards + King"
    for code in ("Cl", "La", "La", "Kn", "Kn"):  # 34 + 16 + 24 + 20 = 94
        dialog.rows[code].plus.click()
    assert dialog.total_troops() == 94 and dialog.ok_button.isEnabled()
    dialog.rows["Sp"].plus.click()  # 100: still fine
    assert dialog.ok_button.isEnabled() and dialog.problem.text() == ""
    dialog.rows["Sq"].plus.click()  # 104: over
    assert not dialog.ok_button.isEnabled()
    assert dialog.problem.text() == "Over budget by 4 troops"
    assert ">104</span>" in dialog.troop_label.text()
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted  # refused while over budget
    qtbot.mouseClick(dialog.rows["Sq"].minus, Qt.MouseButton.LeftButton)
    assert dialog.ok_button.isEnabled()
    assert dialog.muster() == api.validate_muster(dialog.selected())
    assert "K" in dialog.muster()


def test_muster_pool_limits(qtbot):
    dialog = make_muster(qtbot, initial=[])
    row = dialog.rows["Kn"]
    for _ in range(5):
        row.plus.click()
    assert row.count == api.CARD_INFO["Kn"]["count"] == 3 and not row.plus.isEnabled()
    assert not dialog.rows["Sh"].minus.isEnabled()
    king = dialog.rows["K"]
    assert king.plus.isHidden() and king.minus.isHidden()
    dialog.clear()
    assert dialog.selected() == [] and dialog.muster() == ["K"]  # King only is legal


def test_muster_presets_and_clear(qtbot):
    dialog = make_muster(qtbot, initial=[])
    for name, button in dialog.preset_buttons.items():
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert sorted(dialog.selected()) == sorted(muster.PRESETS[name])
        assert dialog.ok_button.isEnabled() and button.isChecked()
    dialog.rows["Kn"].minus.click()
    assert not any(b.isChecked() for b in dialog.preset_buttons.values())  # edited: no preset
    qtbot.mouseClick(dialog.clear_button, Qt.MouseButton.LeftButton)
    assert dialog.total_troops() == 0


def test_muster_tooltips_and_emblems(qtbot):
    dialog = make_muster(qtbot)
    for code, info in api.CARD_INFO.items():
        tip = dialog.rows[code].toolTip()
        assert info["ability"] in tip and info["name"] in tip
    assert (resource_dir() / "cards" / "Kn.svg").is_file()
    assert not card_pixmap("Kn", 38).isNull()


def test_muster_abilities_wrap_on_two_lines_and_every_row_shows_at_1366x768(qtbot):
    """At the size a 1366×768 screen gives it (the room under the title bar and taskbar), no card row
    scrolls away and an ability that fits two lines is whole; a longer one ends in "…"."""
    dialog = make_muster(qtbot)
    dialog.resize(1100, 768 - 80)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.table.widget().height() <= dialog.table.viewport().height()
    shard = dialog.rows["Sh"].ability.text()
    assert shard.count("<br>") == 1 and "…" not in shard and shard.endswith("not routed.")
    king = dialog.rows["K"].ability.text()
    assert king.count("<br>") == 1 and king.endswith("…")


def test_muster_remembers_last_choice(qtbot, prefs):
    dialog = make_muster(qtbot, side="N", settings=prefs)
    assert dialog.preset == "balanced"  # first time: the balanced preset
    dialog.apply_preset("defensive")
    dialog.accept()
    assert prefs.last_muster("N") == dialog.selected()
    assert prefs.muster_preset("N") == "defensive"
    again = make_muster(qtbot, side="N", settings=prefs)
    assert sorted(again.selected()) == sorted(muster.PRESETS["defensive"])
    assert again.preset_buttons["defensive"].isChecked()


# -- attack preview -------------------------------------------------------------------------
PREVIEW = {
    "legal": True, "defender_known": True,
    "a_terms": {"rank": 3, "supporters": 2, "high": 1, "march": 1, "command": 1, "squires": 1},
    "d_terms": {"rank": 2, "behind": 1, "defensive": 1, "high": 0, "squires": 0},
    "pull_odds": {"A": {1: 0.25, 0: 0.5, -1: 0.25}},
    "outcomes": {"captured": 0.625, "routed": 0.0, "hold": 0.25, "attacker_routed": 0.125,
                 "attacker_captured": 0.0, "revealed": 0.0, "king_captured": 0.0},
}


def test_preview_shows_the_numbers(qtbot):
    dialog = AttackPreviewDialog(PREVIEW, "Knight c3", "Spearman c4", a_side="S")
    qtbot.addWidget(dialog)
    a, d = dialog.a_panel.values, dialog.d_panel.values
    assert [a[k].text() for k in ("rank", "supporters", "high", "march", "command", "squires")] \
        == ["3", "+2", "+1", "+1", "+1", "+1"]
    assert a["pull"].text() == "+1 / 0 / −1" and dialog.a_panel.total == "8–10"
    assert [d[k].text() for k in ("rank", "behind", "defensive", "high", "squires")] \
        == ["2", "+1", "+1", "0", "0"]
    assert d["pull"].text() == "—" and dialog.d_panel.total == "4"
    assert "+1 25% · 0 50% · −1 25%" in labels_text(dialog.a_panel)
    odds = dialog.odds
    assert odds.labels["captured"].text() == "62%" and odds.bars["captured"].value() == 625
    assert odds.labels["hold"].text() == "25%" and odds.labels["attacker_routed"].text() == "12%"
    assert odds.labels["king_captured"].text() == "—" and odds.bars["revealed"].value() == 0
    assert "win 62%" in labels_text(odds)
    assert attack_preview.UNKNOWN_NOTE not in labels_text(dialog)
    qtbot.mouseClick(dialog.confirm_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_preview_from_the_engine_face_down_defender(qtbot):
    # North shows 96 troops far away, so c4 is a 4-troop card or the King (the belief model deems
    # a muster to spend its budget and cheap cards, the King most, seldom deployed face-down).
    far = {sq: f"N:{c}^" for sq, c in zip(("e7", "f7", "g7", "e6", "f6", "g6", "d7", "a7", "b7"),
                                          ("Sh", "Cl", "Kn", "Kn", "Kn", "La", "Ar", "Ar", "Sq"))}
    pos = make_pos({"c3": "S:Kn^", "c4": "N:Sc", "b4": "S:Ar", **far})
    preview = api.preview_attack(api.view(pos, "S"), "c3xc4")
    dialog = AttackPreviewDialog(preview, "Knight c3", "face-down card c4", a_side="S")
    qtbot.addWidget(dialog)
    text = labels_text(dialog)
    assert "Unknown card — odds over what it can be" in text and "King" in text.split("Could be: ")[1]
    assert dialog.a_panel.values["supporters"].text() == "+1"
    assert "/" in dialog.d_panel.values["pull"].text()  # face-down: it pulls
    shown = sum(bar.value() for bar in dialog.odds.bars.values())
    assert abs(shown - 1000) <= len(dialog.odds.bars)


def test_preview_shows_the_range_the_pulls_left_can_make(qtbot):
    only_up = dict(PREVIEW, pull_odds={"A": {1: 0.4, 0: 0.6, -1: 0.0}})
    dialog = AttackPreviewDialog(only_up, "Knight c3", "Spearman c4", a_side="S")
    qtbot.addWidget(dialog)
    assert dialog.a_panel.total == "9–10" and dialog.a_panel.values["pull"].text() == "+1 / 0"


def test_enter_never_confirms_a_hopeless_attack(qtbot):
    hopeless = dict(PREVIEW, outcomes={"captured": 0.0, "hold": 0.3, "attacker_captured": 0.7})
    dialog = AttackPreviewDialog(hopeless, "Squire c3", "Shardbearer c4", a_side="S")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.cancel_button.isDefault() and not dialog.confirm_button.isDefault()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert dialog.result() == QDialog.DialogCode.Rejected
    hopeful = AttackPreviewDialog(PREVIEW, "Knight c3", "Spearman c4", a_side="S")
    qtbot.addWidget(hopeful)
    assert hopeful.confirm_button.isDefault()


def test_preview_king_fight_and_illegal(qtbot):
    king = {"legal": True, "defender_known": True, "king_fight": True, "a_terms": None,
            "d_terms": None, "pull_odds": {}, "outcomes": {"captured": 1.0}}
    dialog = AttackPreviewDialog(king, "King c3", "Knight c4")
    qtbot.addWidget(dialog)
    assert dialog.a_panel is None and "Might is not compared" in labels_text(dialog)
    illegal = dict(PREVIEW, legal=False, reason="Too weak")
    dialog = AttackPreviewDialog(illegal, "Squire c3", "Shardbearer c4")
    qtbot.addWidget(dialog)
    assert not dialog.confirm_button.isEnabled() and dialog.problem.text() == "Too weak"


def test_percent_and_signed_formats():
    assert attack_preview.percent(0.001) == "<1%" and attack_preview.percent(0) == "—"
    assert attack_preview.percent(0.999) == ">99%" and attack_preview.percent(1.0) == "100%"
    assert attack_preview.signed(-1) == "−1" and attack_preview.signed(0.4) == "≈+0.4"
    assert attack_preview.plain(2.105) == "≈2.1" and attack_preview.plain(None) == "?"


# -- rules, game over, about ----------------------------------------------------------------
def test_rules_window(qtbot):
    window = RulesWindow()
    qtbot.addWidget(window)
    assert not window.isModal()
    assert str(resource_dir()) in window.browser.searchPaths()
    assert "Towers" in window.browser.toPlainText()
    image = window.browser.document().resource(QTextDocument.ResourceType.ImageResource,
                                               QUrl("cards/Kn.svg"))
    assert image is not None
    window.find_edit.setText("Shardblade")
    assert window.find_next() and window.browser.textCursor().selectedText() == "Shardblade"
    window.find_edit.setText("no such words anywhere")
    assert not window.find_next() and window.find_status.text() == "Not found"


@pytest.mark.parametrize("reason, winner, words", [
    ("king", "N", "South's King was captured."),
    ("empty", "S", "North ended a turn with no cards on the board."),
    ("resign", "S", "North gave up the skirmish."),
    ("dominance", "N", "North pushed the Dominance marker all the way to 10."),
    ("passes", "S", "Both players passed in a row, and South came out ahead on the score."),
    ("passes", None, "Both players passed in a row: high ground and captured value were level."),
    ("long-game", None, "The 400-action limit was reached: high ground and captured value were level."),
])
def test_game_over_reasons(reason, winner, words):
    assert game_over.reason_text({"winner": winner, "reason": reason},
                                 {"S": "South", "N": "North"}) == words


def test_game_over_reasons_say_you_mid_sentence():
    """"You" opens a sentence and is "you" inside one; "Your King" stays capitalised at the start."""
    names = {"S": "You", "N": "Computer · hard"}
    assert game_over.reason_text({"winner": "S", "reason": "passes"}, names) == \
        "Both players passed in a row, and you came out ahead on the score."
    assert game_over.reason_text({"winner": "N", "reason": "king"}, names) == "Your King was captured."
    assert game_over.reason_text({"winner": "N", "reason": "long-game"}, names).endswith(
        "and the computer came out ahead on the score.")
    assert game_over.reason_text({"winner": "S", "reason": "resign"}, names) == "The computer gave up the skirmish."


def test_game_over_dialog(qtbot):
    summary = {"high": {"S": 3, "N": 1}, "captured": {"S": ["Kn", "Sq"], "N": []},
               "value": {"S": 3, "N": 0}, "names": {"S": "Ana", "N": "Bea"}, "actions": 61}
    dialog = GameOverDialog({"winner": "S", "reason": "dominance"}, summary)
    qtbot.addWidget(dialog)
    assert dialog.title.text() == "Ana wins"
    assert "Ana pushed the Dominance marker" in dialog.reason.text()
    cells = dialog.findChild(game_over.ScoreTable).cells
    assert cells[("High ground held", "S")].text() == "3"
    assert cells[("Cards captured", "S")].text() == "2" and cells[("Cards captured", "N")].text() == "0"
    assert cells[("Captured value", "N")].text() == "0"
    assert "61 actions played" in labels_text(dialog)
    with qtbot.waitSignal(dialog.new_game_requested):
        qtbot.mouseClick(dialog.new_game_button, Qt.MouseButton.LeftButton)
    assert dialog.wants_new_game and dialog.result() == QDialog.DialogCode.Accepted
    draw = GameOverDialog({"winner": None, "reason": "passes"}, {}, viewer="S")
    qtbot.addWidget(draw)
    assert draw.title.text() == "A draw"
    qtbot.mouseClick(draw.close_button, Qt.MouseButton.LeftButton)
    assert not draw.wants_new_game and draw.result() == QDialog.DialogCode.Rejected
    lost = GameOverDialog({"winner": "N", "reason": "king"}, {}, viewer="S")
    qtbot.addWidget(lost)
    assert lost.title.text() == "Defeat"


def test_about_box(qtbot):
    dialog = AboutDialog(version="9.9.9")
    qtbot.addWidget(dialog)
    assert dialog.notice.text() == (
        "An unofficial fan-made playtest of the in-world game from The Stormlight Archive. "
        "Not affiliated with or endorsed by Brandon Sanderson or Dragonsteel.")
    assert dialog.art.text() == "All art is original to this project."
    assert dialog.version_label.text() == "Version 9.9.9"
    icon = dialog.findChild(QLabel, "aboutIcon")
    assert not icon.pixmap().isNull()
    assert AboutDialog().version  # the real version is found somewhere
    # the app, not one game: a line from each game of the registry
    assert [line.text() for line in dialog.game_lines] == [
        f"<b>{game_kind(k).title}</b>: {game_kind(k).about}" for k in KEYS]
    assert "Castles</b>: stacking" in dialog.game_lines[1].text()


def test_preview_fighter_names_are_not_cut(qtbot):
    # the name under ATTACKER / DEFENDER once shared a rich-text label with two font sizes, which
    # Qt sized for the default font: the panel then cut the name in half
    dialog = AttackPreviewDialog(PREVIEW, "Knight c3", "Spearman c4", a_side="S")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for panel, name in ((dialog.a_panel, "Knight c3"), (dialog.d_panel, "Spearman c4")):
        label = next(w for w in panel.findChildren(QLabel) if w.text() == name)
        assert label.height() >= label.fontMetrics().height()
