"""A level's clock cap is for the whole move (expert at most 5 s a move): the search gets what the
preparation (checking the view, dealing worlds) left of the cap, less the margin it needs to stop. A fake clock
stands in for time, so nothing here depends on how loaded the machine is."""

from __future__ import annotations

import pytest

from towers_core import search_thread
from towers_core.castles import api as castles_api
from towers_core.castles.ai import player as castles_player
from towers_core.skirmish import api as skirmish_api
from towers_core.skirmish.ai import player as skirmish_player
from towers_core.search_thread import STOP_MARGIN_MS, clock_left

PREP_S = 0.4  # what the fake clock says the preparation took


class FakeClock:
    """time.monotonic that moves only when told to."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    fake = FakeClock()
    for module in (search_thread, skirmish_player, castles_player):
        monkeypatch.setattr(module, "time", fake)
    return fake


def test_no_cap_stays_no_cap(clock: FakeClock) -> None:
    clock.now += 10.0
    assert clock_left(None, 0, 1000.0) is None


@pytest.mark.parametrize("time_ms,level_ms,cap", [
    (None, 3000, 3000),       # no cap from the caller: the level's
    (900, 3000, 900),         # the caller's cap wins over the level's
    (900, 0, 900),
])
def test_the_move_cap_is_the_callers_else_the_levels(clock: FakeClock, time_ms: int | None, level_ms: int,
                                                     cap: int) -> None:
    assert clock_left(time_ms, level_ms, 1000.0) == cap - STOP_MARGIN_MS


@pytest.mark.parametrize("cap,spent_ms,left", [
    (5000, 0, 5000 - STOP_MARGIN_MS),
    (5000, 400, 4600 - STOP_MARGIN_MS),
    (1000, 949, 1),           # less than the margin left: the least cap the search takes
    (1000, 3000, 1),          # the preparation overran the cap: still a (1 ms) search, which returns a legal move
])
def test_the_search_gets_what_the_preparation_left(clock: FakeClock, cap: int, spent_ms: int, left: int) -> None:
    clock.now += spent_ms / 1000.0
    assert clock_left(cap, 0, 1000.0) == left


def _spy(base: type, seen: list) -> type:
    """A subclass of a game's C search that records the clock cap it is configured with."""

    class Spy(base):  # type: ignore[misc, valid-type]
        def configure(self, **kwargs):  # noqa: ANN003, ANN202
            seen.append(kwargs["time_ms"])
            return super().configure(**kwargs)

    return Spy


@pytest.mark.parametrize("time_ms", [None, 900])
def test_skirmish_preparation_counts_against_the_cap(clock: FakeClock, monkeypatch: pytest.MonkeyPatch,
                                                     time_ms: int | None) -> None:
    seen: list = []
    monkeypatch.setattr(skirmish_player, "Search", _spy(skirmish_player.Search, seen))
    deal = skirmish_player.determinize.worlds

    def slow_deal(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        clock.now += PREP_S
        return deal(*args, **kwargs)

    monkeypatch.setattr(skirmish_player.determinize, "worlds", slow_deal)
    state = skirmish_api.new_position(7)
    view = skirmish_api.view(state, state["to_move"])
    move = skirmish_player.choose_action(view, [], "nodes:3000,time:2000", 1, time_ms)
    assert move in skirmish_api.legal_actions(state)
    cap = 2000 if time_ms is None else time_ms
    assert seen == [cap - PREP_S * 1000 - STOP_MARGIN_MS]


def test_castles_preparation_counts_against_the_cap(clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list = []
    monkeypatch.setattr(castles_player, "Search", _spy(castles_player.Search, seen))
    prepare = castles_player.prepare

    def slow_prepare(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        clock.now += PREP_S
        return prepare(*args, **kwargs)

    monkeypatch.setattr(castles_player, "prepare", slow_prepare)
    pos = castles_api.new_position()
    move = castles_player.choose_action(pos, [], "normal", 1, 700)
    assert move in castles_api.legal_actions(pos)
    assert seen == [700 - PREP_S * 1000 - STOP_MARGIN_MS]
