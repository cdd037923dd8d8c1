"""The battlefield: geometry, what each card shows, highlights from legal actions, and every kind
of action reached by mouse (deploy, follow-up, posture runs, context menu, action bar)."""
from __future__ import annotations

import copy

import pytest
from PySide6.QtCore import Qt

from towers_core.skirmish import api
from towers_qt.skirmish.board.chooser import Chooser
from towers_qt.skirmish.board.geometry import ALL_SQUARES, square_at, square_center
from towers_qt.skirmish.session import Player


def cell(owner, card, up=False, posture="ready", spent=False):
    return {"owner": owner, "card": card, "up": up, "posture": posture, "spent": spent}


BASE = {
    "terrain": {"high": ["b3", "b5", "d4", "f3", "f5"], "mountains": ["c5", "e3"]},
    "board": {"c3": cell("S", "Kn"), "d3": cell("S", "Sp"), "b3": cell("S", "Ar", True, "defensive"),
              "c4": cell("N", "Sp"), "a7": cell("N", "K"), "e4": cell("N", "Kn", True),
              "g1": cell("S", "K", True, spent=True)},
    "barrack": {"S": ["Kn", "Sp"], "N": ["Ar", "Sq"]}, "resting": {"S": [], "N": []},
    "captured": {"S": [], "N": []},
    "decks": {"S": {"+1": 3, "0": 6, "-1": 3}, "N": {"+1": 3, "0": 6, "-1": 3}},
    "marker": 0, "to_move": "S", "actions": 10, "passes": 0, "moved": {"S": True, "N": True}, "result": None,
}


@pytest.fixture
def game(window):
    """The crafted position, South (human) to move against the computer."""
    window.session.new_game({"S": Player("human", "South"), "N": Player("ai", "Computer", "easy")}, 1,
                            position=copy.deepcopy(BASE))
    window.after_turn()
    return window


@pytest.mark.parametrize("flipped", [False, True])
def test_square_geometry_round_trips(flipped):
    for sq in ALL_SQUARES:
        assert square_at(square_center(sq, flipped), flipped) == sq
    assert square_center("a1", flipped).y() > square_center("a7", flipped).y() if not flipped else \
        square_center("a1", flipped).y() < square_center("a7", flipped).y()


def test_cards_show_what_the_viewer_may_see(game):
    cards = game.scene.cards
    assert cards["c3"].face.code == "Kn" and cards["c3"].face.hidden_own  # own face-down: shown, marked
    assert cards["c4"].face.code == "?"  # enemy face-down: a card back
    assert cards["e4"].face.code == "Kn" and not cards["e4"].face.hidden_own
    assert cards["b3"].rotation() == pytest.approx(90)  # defensive: sideways
    assert cards["g1"].rotation() == pytest.approx(0) and cards["g1"].face.spent  # spent King: text upright
    assert cards["c3"].rotation() == pytest.approx(0)


def test_north_sees_the_board_turned(window):
    window.session.new_game({"S": Player("ai", "Computer"), "N": Player("human", "North")}, 1,
                            position=dict(copy.deepcopy(BASE), to_move="N"))
    window.after_turn()
    assert window.session.viewer == "N" and window.scene.flipped
    a1, g7 = window.scene.center("a1"), window.scene.center("g7")
    assert a1.x() > g7.x() and a1.y() < g7.y()  # North's home row (rank 7) at the bottom
    assert window.scene.cards["c3"].face.code == "?"  # South's hidden Knight is a back for North
    window.session.ai.cancel()
    window.set_orientation("south")
    assert not window.scene.flipped


def test_deploy_lights_exactly_the_legal_squares_and_plays_by_click(game, clicks):
    legal = {api.parse_action(a)["to"] for a in api.legal_actions(game.session.view()) if a.startswith("Sp@")}
    clicks.card("Sp")
    lit = {sq for sq, kind in game.scene.highlights().items() if kind == "deploy"}
    assert lit == legal
    clicks.square("a1")
    assert game.session.log[-1]["action"] == "Sp@a1"
    assert game.scene.cards["a1"].face.hidden_own


def test_follow_up_targets_light_and_same_square_ends_the_turn(game, clicks):
    clicks.card("Kn")
    clicks.square("d4")
    marks = game.scene.highlights()
    assert marks["d4"] == "selected" and marks["c4"] == "attack" and marks["e4"] == "attack"
    assert game.bar.no_follow.isVisible()
    assert game.scene.ghost is not None and game.scene.ghost.face.code == "Kn"
    clicks.square("d4")
    assert game.session.log[-1]["action"] == "Kn@d4"


def test_follow_up_attack_asks_for_confirmation_first(game, clicks):
    clicks.card("Kn")
    clicks.square("d4")
    clicks.square("e4")
    dialog = game.preview_dialog
    assert dialog is not None and dialog.isVisible() and not game.session.log
    dialog.reject()
    assert not game.session.log
    clicks.perform("Kn@d4xe4")
    assert game.session.log[-1]["action"] == "Kn@d4xe4"
    assert game.session.log[-1]["fight"] is not None


def test_posture_run_by_shift_click_and_by_drag(game, clicks, qtbot):
    clicks.square("c3")
    assert game.scene.highlights()["d3"] == "run"
    clicks.square("d3", shift=True)
    assert game.session.log[-1]["action"] == "c3:d3d"


def test_posture_run_by_drag(game, clicks, qtbot):
    vp = game.view.viewport()
    qtbot.mousePress(vp, Qt.LeftButton, Qt.NoModifier, clicks.point("c3"))
    qtbot.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, clicks.point("d3"))
    assert game.session.log[-1]["action"] == "c3:d3d"


def test_context_menu_offers_postures_runs_and_retreat(game, clicks):
    menu = game.controller.square_menu("b3", game.view.mapToGlobal(clicks.point("b3")))
    labels = [a.text() for a in menu.actions()]
    assert "Ready" in labels and "Retreat to barrack" in labels
    assert any(label.startswith("Defensive: run b3–d3") for label in labels)
    clicks.pick_menu("b3:d3d")
    assert game.session.log[-1]["action"] == "b3:d3d"


def test_action_bar_buttons_and_escape(game, clicks, qtbot):
    clicks.square("b3")
    assert game.bar.button_for("b3r") is not None and game.bar.button_for("b3^") is not None
    qtbot.keyClick(game, Qt.Key_Escape)
    assert game.controller.chooser.selected is None
    assert game.bar.button_for("b3r") is None
    clicks.perform("b3^")
    assert game.session.log[-1]["action"] == "b3^"
    assert "b3" not in game.scene.cards


def test_clicks_do_nothing_when_it_is_not_your_turn(window, clicks):
    window.session.new_game({"S": Player("human", "South"), "N": Player("human", "North")}, 1,
                            position=copy.deepcopy(BASE))
    window.session.viewer = "N"
    window.refresh()
    clicks.square("c3")
    assert window.controller.chooser.selected is None and not window.scene.highlights()


def test_chooser_offers_both_when_one_square_fits_two_actions():
    actions = ["c3?c4", "c3xc4", "c3-c2", "c3-c2xb2"]
    chooser = Chooser(actions, api.parse_action)
    chooser.select_square("c3")
    assert chooser.marks()["c4"] == "attack"
    assert sorted(chooser.click("c4")) == ["c3?c4", "c3xc4"]
