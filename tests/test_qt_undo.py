"""Undo never crosses an action that showed the undoing player a hidden card (every kind of reveal),
and in hot-seat a player may take back their own last move until the next player lifts the curtain."""
from __future__ import annotations

import copy

import pytest
from test_qt_board import BASE, cell

from towers_qt.shell.new_game import GameSetup
from towers_qt.skirmish.session import Player, Session

SOLO = {"S": Player("human", "South"), "N": Player("ai", "Computer", "easy")}
HOTSEAT = {"S": Player("human", "Ann"), "N": Player("human", "Bea")}

# South to move; North's face-down cards sit where South's Knight, Scout and Soulcaster reach them,
# and North's face-down Knight, Scout and Soulcaster reach South's face-down Spearman on f4.
SECRETS = copy.deepcopy(BASE)
SECRETS["board"] = {
    "g1": cell("S", "K", True, spent=True), "a6": cell("N", "K"), "a7": cell("N", "Sq"),
    "c3": cell("S", "Kn"), "c4": cell("N", "Sp"),                  # a fight of face-down cards
    "d2": cell("S", "Sc"), "d4": cell("N", "La"),                  # a scout two squares away
    "a5": cell("S", "So"), "b5": cell("N", "Kn"),                  # soulcasts (b5, or the King on a6)
    "b2": cell("S", "Kn", True), "b3": cell("N", "Kn", True),      # a fight of face-up cards
    "f4": cell("S", "Sp"), "g4": cell("N", "Kn"), "f6": cell("N", "Sc"), "e5": cell("N", "So"),
}
SECRETS["barrack"] = {"S": ["Kn"], "N": ["Ar"]}

# (who plays, action, what the human was shown); North's actions come after a pass by South
REVEALS = {
    "a fight's defender": ("S", "c3xc4", "Spearman on c4"),
    "a scout": ("S", "d2?d4", "Lancer on d4"),
    "a soulcast": ("S", "a5*b5", "Knight on b5"),
    "a soulcast on the King": ("S", "a5*a6", "King on a6"),
    "the computer's face-down attacker": ("N", "g4xf4", "Knight on g4"),
    "the computer's face-down scout": ("N", "f6?f4", "Scout on f6"),
    "the computer's face-down soulcaster": ("N", "e5-e4*f4", "Soulcaster on e4"),
}


def secrets_session(players=SOLO, **changes) -> Session:
    s = Session(time_ms=50)
    position = copy.deepcopy(SECRETS)
    position["board"].update(changes)
    s.new_game(players, 3, position=position)
    return s


@pytest.mark.parametrize("kind", list(REVEALS))
def test_undo_never_crosses_a_reveal(qtbot, kind):
    who, action, shown = REVEALS[kind]
    s = secrets_session()
    if who == "N":
        s.play("pass")
        assert s.can_undo(), "a pass shows nothing"
    s.play(action)
    assert not s.can_undo() and not s.undo()
    assert shown in s.undo_refusal() and "Undo is off" in s.undo_refusal()
    s.shutdown()


def test_the_volley_of_a_face_down_archer_is_a_reveal(qtbot):
    s = secrets_session(d2=cell("N", "Ar"))  # two squares east of b2, nothing in between
    s.play("pass")
    s.play("b3xb2")
    assert s.log[-1]["fight"]["revealed"] == ["d2"]
    assert "Archer on d2" in s.undo_refusal()
    s.shutdown()


@pytest.mark.parametrize("action", ["Kn@a1", "b2xb3", "c3-c2", "pass"])
def test_an_action_that_shows_you_nothing_can_be_taken_back(qtbot, action):
    """A deploy, a fight of face-up cards, a move, a pass: nothing hidden became known."""
    s = secrets_session()
    before = copy.deepcopy(s.position)
    s.play(action)
    assert s.can_undo() and s.undo() and s.position == before
    s.shutdown()


def test_a_card_you_had_already_seen_is_no_reveal(qtbot):
    s = secrets_session()
    s.seen["S"]["c4"] = "Sp"
    s.play("c3xc4")
    assert s.can_undo()
    s.shutdown()


def test_the_window_says_why_undo_is_off(window, clicks, qtbot):
    window.session.new_game(SOLO, 3, position=copy.deepcopy(SECRETS))
    window.after_turn()
    clicks.perform("c3xc4")
    qtbot.waitUntil(lambda: window.controller.active() and not window.session.ai.busy, timeout=20000)
    assert not window.game_button(window.undo_action).isEnabled() and not window.undo_action.isEnabled()
    tip = window.game_button(window.undo_action).toolTip()  # the latest reveal: the fight's, or the reply's
    assert tip.startswith("Undo is off: you have seen the ") and tip == window.session.undo_refusal()
    assert window.undo_action.toolTip() == window.game_button(window.undo_action).toolTip()


# -- hot-seat -------------------------------------------------------------------------------------
def test_hotseat_undo_is_your_own_last_move_only(qtbot):
    s = secrets_session(HOTSEAT)
    start = copy.deepcopy(s.position)
    s.play("Kn@a1")
    assert s.can_undo() and s.undo() and s.position == start
    s.play("Kn@a1")
    s.viewer = "N"  # Bea lifted the curtain: Ann's move is hers to answer now
    assert not s.can_undo() and "your own last move" in s.undo_refusal()
    s.play("pass")
    s.viewer = "S"
    s.play("c3-c2")
    assert s.undo() and not s.can_undo(), "one move back, never the other player's"
    s.shutdown()


def test_hotseat_undo_never_crosses_a_reveal(qtbot):
    s = secrets_session(HOTSEAT)
    s.play("d2?d4")
    assert not s.can_undo() and "Lancer on d4" in s.undo_refusal()
    s.shutdown()


def test_the_curtain_offers_the_mover_their_move_back(window, qtbot):
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=5, names={"S": "Ann", "N": "Bea"}),
                      {"S": ["Kn", "Sp"], "N": ["Kn", "Sp"]})
    s = window.session
    window.curtain.proceed()
    mover = s.to_move
    start = copy.deepcopy(s.position)
    window.play(next(a for a in s.legal_actions() if "@" in a and "x" not in a))
    assert window.curtain_up() and window.curtain.side != mover
    assert window.curtain.undo_button.isVisible()
    qtbot.mouseClick(window.curtain.undo_button, qtbot_left())
    assert not window.curtain_up() and s.position == start and s.viewer == mover
    window.play(next(a for a in s.legal_actions() if "@" in a and "x" not in a))
    window.curtain.proceed()  # the next player takes the device: the move is theirs to answer
    assert not window.game_button(window.undo_action).isEnabled()
    assert "your own last move" in window.game_button(window.undo_action).toolTip()


def qtbot_left():
    from PySide6.QtCore import Qt

    return Qt.LeftButton
