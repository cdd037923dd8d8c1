"""Hot-seat players name themselves: a long name, even one without a space, is cut with "…" (whole in the
tooltip) and never widens a dock or the window, so the board keeps its size; the curtain speaks of the
players by name."""
from __future__ import annotations

import pytest

from towers_core.board import SIDE_NAMES
from towers_core.skirmish import api
from towers_qt.shell.new_game import GameSetup
from towers_qt.shell.paths import resource

LONG = {"S": "Maximiliankonstantinovic", "N": "Bartholomew Fitzgerald X"}


@pytest.fixture
def app_style(qapp):
    """The app's own style sheet (resources/style.qss): its fonts are the ones that measure a name."""
    before = qapp.styleSheet()
    qapp.setStyleSheet(resource("style.qss").read_text(encoding="utf-8"))
    yield
    qapp.setStyleSheet(before)


def _board_after_start(window, clicks, qtbot, names: dict[str, str], size: tuple[int, int]) -> tuple[int, int]:
    """(the window's width, the board's) in a new hot-seat game at `size`."""
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=5, names=names))
    clicks.button(window.curtain.button)
    window.resize(*size)
    qtbot.wait(20)
    return window.width(), window.view.width()


@pytest.mark.parametrize("size", [(1024, 700), (1366, 768)])
def test_long_names_leave_the_board_its_size(app_style, window, clicks, qtbot, size):
    window.resize(*size)
    short = _board_after_start(window, clicks, qtbot, {"S": "Ann", "N": "Bea"}, size)
    long = _board_after_start(window, clicks, qtbot, LONG, size)
    assert short[0] == long[0] == size[0] and abs(long[1] - short[1]) <= 3
    to_move = window.session.to_move
    title = window.barrack.title
    assert title.full_text == LONG[to_move] and (title.text() == LONG[to_move] or title.toolTip() == LONG[to_move])
    ends = (window.dominance.north_end, window.dominance.south_end)
    assert [e.full_text for e in ends] == [f"◀ {LONG['N']}", f"{LONG['S']} ▶"]
    assert all(e.text() == e.full_text or (e.text().endswith("…") and e.toolTip() == e.full_text) for e in ends)


def test_a_computers_level_is_never_cut_from_its_name(app_style, window, qtbot):
    """The Dominance table's heads fit a name as the Castles move list does: "Computer" / "· hard" on two
    lines at 1024×700, where one line has no room; a long name wraps at a space before it is cut."""
    window.start_game(GameSetup(mode="computer", level="hard", human_side="S", first="S", seed=5,
                                names={"S": "You", "N": "Computer · hard"}))
    window.resize(1024, 700)
    qtbot.wait(20)
    head = window.dominance.heads["N"]
    assert head.text() == "Computer\n· hard" and not head.toolTip()
    assert max(head.fontMetrics().horizontalAdvance(line) for line in head.text().split("\n")) <= head.width()
    window.dominance.show_view(window.session.view(), {"S": "You", "N": "Bartholomew Fitzgerald X"})
    assert window.dominance.heads["N"].text().startswith("Bartholomew\n")


def test_the_curtain_names_the_players(window, clicks, qtbot):
    """"Pass the device to Bea" (her side in the line above) and the last move in the players' names,
    never the sides', and never naming the card a player deployed face-down."""
    window.start_game(GameSetup(mode="hotseat", human_side=None, seed=5, names={"S": "Ann", "N": "Bea"}))
    s = window.session
    names, curtain = window.names(), window.curtain
    for ply in range(2):
        clicks.button(curtain.button)
        mover = s.to_move
        deploy = next(a for a in api.legal_actions(s.view()) if a[a.index("@"):] in ("@c1", "@c7") and a[0] != "K")
        clicks.perform(deploy)
        side = s.to_move
        assert window.curtain_up() and curtain.text() == f"Pass the device to {names[side]}"
        assert curtain.turn_label.text() == f"TURN {ply + 2} · {SIDE_NAMES[side].upper()}"
        square = deploy.split("@")[1]
        assert curtain.last_label.text() == f"Last move: {names[mover]} deploys a card face-down on {square}."
        card = api.CARD_INFO[s.log[-1]["card"]]["name"]
        assert card not in curtain.last_label.text() and s.log[-1]["card"] not in curtain.last_label.text()


def test_a_look_back_with_long_names_leaves_the_window_its_size(app_style, window, clicks, qtbot):
    """The banner over a looked-back board ("After action 2: Maximiliankonstantinovic deploys …") is cut
    with "…" (whole in its tooltip and in the Log) rather than widening the window."""
    _board_after_start(window, clicks, qtbot, LONG, (1024, 700))
    for _ in range(3):
        clicks.perform(next(a for a in api.legal_actions(window.session.view()) if "@" in a and a[0] != "K"))
        clicks.button(window.curtain.button)
    qtbot.wait(20)
    present = (window.width(), window.view.width())
    assert window.replay.show(1) and window.replay.active
    qtbot.wait(20)
    assert (window.width(), window.view.width()) == present and present[0] == 1024
    banner = window.banner
    assert banner.full_text.startswith("After action 2: ") and LONG[window.session.log[1]["player"]] in banner.full_text
    shown = banner.text().replace("\n", " ")  # wrapped at a word onto a second line, cut only past it
    assert shown == banner.full_text or (shown.endswith("…") and banner.toolTip() == banner.full_text)


def test_the_look_back_banner_wraps_before_it_cuts(qtbot):
    """A long look-back line takes a second line at a word break; only a text longer than both is cut."""
    from towers_qt.shell.elided import ElidedLabel

    label = ElidedLabel(min_width=120, max_hint=400, wrap=True)
    qtbot.addWidget(label)
    label.resize(300, 60)
    text = "After action 12: The computer deploys a card face-down on c5 — and it attacks c4"
    label.set_full_text(text)
    first, second = label.text().split("\n")
    assert f"{first} {second}" == text or second.endswith("…")
    assert not first.endswith("…") and text.startswith(first + " ")
