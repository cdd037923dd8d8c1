"""The online Battle (docs/rules/gauntlet.md §13.4-§13.8) driven in memory, bytes in and out: the seed,
the Draft commitments, acts checked against the engine, finals, every bad peer, resume and the
180 s window."""

from __future__ import annotations

import copy
import hashlib

import pytest
from online_helpers import Pair, legal_act, sealed

from towers_core.gauntlet import api
from towers_core.gauntlet.units import SLOTS
from towers_core.online.draft_commit import SealedArmy, entry_hash
from towers_core.online.game import RESUME_WINDOW, OnlineGame
from towers_core.online.players import Player


def test_a_whole_random_battle_is_confirmed_alike_on_both_ends():
    p = Pair(seed=3)
    p.run()
    h, j = p.host.result(), p.join.result()
    assert h == j and h["outcome"] == "confirmed" and h["winner"] in ("C", "G") and h["actions"] > 10
    assert api.shared_position(p.host.pos) == api.shared_position(p.join.pos)
    assert p.host.pos != p.join.pos            # each end still holds its own army whole
    assert p.host.actions == p.join.actions
    assert p.host.seed == p.join.seed


def test_the_battle_seed_and_the_draft_follow_the_commitments():
    p = Pair(seed=5)
    p.to_battle()
    h, j = p.host, p.join
    s_join, s_host = j._secret, h._secret
    assert h.seed == int.from_bytes(hashlib.sha256(s_join + s_host).digest()[:8], "big")
    assert h.pos["seed"] == f"{h.seed:016x}" == j.pos["seed"]
    assert h.peer_hashes == j.sealed.hashes and j.peer_hashes == h.sealed.hashes
    slot = h.scout_slot
    assert h.pos["armies"]["C"][slot] == j.sealed.army[slot]                 # the scout report
    assert all(h.pos["armies"]["C"][s] == "?" for s in SLOTS if s != slot)   # nothing else of Crimson's
    assert all(e == "?" for e in j.pos["armies"]["G"].values())
    salt = j.sealed.salts["Ki"]
    assert j.sealed.hashes[0] == hashlib.sha256((api.canonical_json(j.sealed.army["Ki"]) + salt).encode()).hexdigest()
    assert h.pos["to_move"] == "C" and not h.to_move and j.to_move


def bad_act_case(p: Pair, msg: dict, why: str) -> None:
    """The host receives `msg` from Crimson: disputed, nothing changed, Crimson told."""
    before = copy.deepcopy(p.host.pos)
    out = p.host.receive_data(p.hc, sealed(p.jc, msg, p.now), p.now)
    assert p.host.outcome == "disputed" and why in p.host.reason, p.host.reason
    assert p.host.pos == before and p.host.n == 0
    p.join.receive_data(p.jc, out, p.now)
    assert p.join.outcome == "disputed" and why in p.join.reason


def test_a_legal_act_is_applied_and_acknowledged():
    p = Pair(seed=7)
    p.to_battle()
    msg = legal_act(p.join)
    assert [o["slot"] for o in msg["open"]] == [s for s in ("Ki", "De") if s != p.host.scout_slot]
    out = p.host.receive_data(p.hc, sealed(p.jc, msg, p.now), p.now)
    assert p.host.n == 1 and p.host.outcome is None and p.host.actions == [msg["a"]]
    p.join.receive_data(p.jc, out, p.now)      # the ack of an act the joiner's game never sent
    assert p.join.outcome == "disputed" and "ack.n: 1 is not one of our acts" in p.join.reason


@pytest.mark.parametrize("case", ["illegal", "wrong hash", "bad salt", "missing opening", "extra opening",
                                  "wrong n", "refused", "tool"])
def test_a_bad_act_is_a_dispute_and_changes_nothing(case):
    p = Pair(seed=11)
    p.to_battle()
    msg = legal_act(p.join)
    why = {"illegal": "not a legal action", "wrong hash": "act.h", "bad salt": "committed hash",
           "missing opening": "not a legal action", "extra opening": "first uses", "wrong n": "act.n",
           "refused": "not a legal action", "tool": "not a legal action"}[case]
    if case == "illegal":
        msg["a"] = "Ki@d1+c1+e1"          # Crimson places on Gold's Home Row
    elif case == "wrong hash":
        msg["h"] = "0123456789abcdef"
    elif case == "bad salt":
        msg["open"][0]["salt"] = "0" * 32
    elif case == "missing opening":
        msg["open"] = msg["open"][:-1]
    elif case == "extra opening":
        msg["open"].append(p.join.sealed.opening("Pa"))
    elif case == "wrong n":
        msg["n"] = 2
    elif case == "refused":
        msg["a"] = "end"                  # not listed during placement
    else:
        msg["a"] = "tool:hp=5"
    bad_act_case(p, msg, why)


def test_an_act_out_of_turn_is_a_dispute():
    p = Pair(seed=13)
    p.to_battle()
    before = copy.deepcopy(p.join.pos)
    fake = {"t": "act", "n": 1, "a": "Ki@d1+c1+e1", "open": [p.host.sealed.opening("Ki")], "h": "0" * 16}
    p.join.receive_data(p.jc, sealed(p.hc, fake, p.now), p.now)
    assert p.join.outcome == "disputed" and "turn" in p.join.reason and p.join.pos == before


def over_budget(army: dict, kind: str) -> dict:
    """`army` broken: a sixth unit type, or every perk (over 100 Gold)."""
    cheat = copy.deepcopy(army)
    if kind == "six types":
        missing = next(s for s in SLOTS[1:8] if not cheat[s]["in"])
        cheat[missing] = {"in": True, "r": None, "p": False}
    else:
        for s in SLOTS:
            cheat[s]["p"] = cheat[s]["in"]
    return cheat


def cheating_joiner(monkeypatch, kind: str) -> None:
    """Crimson plays a legal army but commits to (and opens) a broken one: a modified app."""
    class CheatSealed(SealedArmy):
        def __init__(self, army, entropy):
            super().__init__(army, entropy)
            self._cheat = over_budget(army, kind) if CHEATS else army
            CHEATS.clear()
            self.hashes = [entry_hash(self._cheat[s], self.salts[s]) for s in SLOTS]

        def opening(self, slot):
            return {"slot": slot, "entry": dict(self._cheat[slot]), "salt": self.salts[slot]}

    CHEATS = [kind]          # Crimson drafts first: the first army sealed is the cheater's
    monkeypatch.setattr("towers_core.online.game.SealedArmy", CheatSealed)


@pytest.mark.parametrize("kind,why", [("six types", "not 6"), ("gold", "over the 100 budget")])
def test_an_over_budget_draft_is_caught_on_the_opened_slots(monkeypatch, kind, why):
    cheating_joiner(monkeypatch, kind)
    p = Pair(seed=17)
    p.to_battle()
    msg = legal_act(p.join)
    msg["open"] = [p.join.sealed.opening(s) for s in SLOTS if s != p.host.scout_slot]   # open them all
    bad_act_case(p, msg, why)


def test_the_scout_opening_is_checked():
    p = Pair(seed=19)
    p.run(until=lambda: p.host.scout_slot is not None and "open" not in p.host._got, tick=False)
    assert p.join.scout_slot is None     # the scout is still in flight to Crimson
    slot = p.host.scout_slot
    p.to_join.clear()
    wrong = {"t": "open", **p.join.sealed.opening(slot)}
    wrong["entry"] = {"in": not wrong["entry"]["in"], "r": None, "p": False}
    if slot == "Ki":
        wrong["entry"]["in"] = True
        wrong["salt"] = "1" * 32
    p.host.receive_data(p.hc, sealed(p.jc, wrong, p.now), p.now)
    assert p.host.outcome == "disputed" and "committed hash" in p.host.reason and p.host.pos is None


def test_a_seed_reveal_that_breaks_its_commitment_is_a_dispute():
    p = Pair(seed=23)
    p.run(until=lambda: p.join.links == 1, tick=False)
    assert "seed-reveal" not in p.join._got and p.join._sent_pre[0]["t"] == "seed-commit"
    p.join._secret = bytes(32)           # reveal another secret than the one committed
    p.run(tick=False)
    assert p.host.outcome == "disputed" and "seed-commit" in p.host.reason and p.host.seed is None


@pytest.mark.parametrize("msg,why", [({"t": "scout", "slot": "Kn"}, "only Gold scouts"),
                                     ({"t": "final", "open": []}, "final.open"),
                                     ({"t": "ack", "n": 4}, "ack.n"),
                                     ({"t": "act", "n": 1, "a": "end", "open": [], "h": "x"}, "act.h")])
def test_messages_out_of_place_or_malformed_are_disputes(msg, why):
    p = Pair(seed=29)
    p.to_battle()
    p.host.receive_data(p.hc, sealed(p.jc, msg, p.now), p.now)
    assert p.host.outcome == "disputed" and why in p.host.reason


def test_a_repeat_is_ignored_but_a_different_repeat_is_a_dispute():
    p = Pair(seed=31)
    p.to_battle()
    commit = p.host._got["draft-commit"]
    p.host.receive_data(p.hc, sealed(p.jc, commit, p.now), p.now)
    assert p.host.outcome is None
    p.host.receive_data(p.hc, sealed(p.jc, {**commit, "h": commit["h"][::-1]}, p.now), p.now)
    assert p.host.outcome == "disputed" and "differs" in p.host.reason


def test_non_json_and_floods_from_the_peer_are_disputes():
    for payload in (b"\x00garbage", [{"t": "ping"}] * 2100):
        p = Pair(seed=37)
        p.to_battle()
        if isinstance(payload, bytes):
            data = sealed(p.jc, payload)
        else:
            data = b"".join(sealed(p.jc, m, p.now) for m in payload)
        p.host.receive_data(p.hc, data, p.now)
        assert p.host.outcome == "disputed"


def test_a_final_that_breaks_the_draft_is_a_dispute(monkeypatch):
    cheating_joiner(monkeypatch, "six types")

    class Resigner(Player):
        def action(self, own_view, history, seed):
            return "resign"

    p = Pair(seed=41, join_player=Resigner("random"))
    p.run()
    assert p.host.outcome == "disputed" and "exactly 5" in p.host.reason and p.host.n == 1
    assert p.join.outcome == "disputed"


def test_five_wrong_codes_draw_a_new_code_and_each_costs_a_connection():
    host = OnlineGame("host", Player("random"), "ABCD")
    for i in range(5):
        wrong = OnlineGame("join", Player("random"), "ABCE")
        hc, to_j = host.connect(float(i))
        jc, to_h = wrong.connect(float(i))
        to_j += host.receive_data(hc, to_h, float(i))
        to_h = wrong.receive_data(jc, to_j, float(i))
        host.receive_data(hc, to_h, float(i))
        assert hc.state == "closed" and hc.why == "code" and host.link is None
        assert (host.code == "ABCD") == (i < 4)
    assert host.failed_joins == 0 and host.links == 0


def test_a_lost_link_resumes_with_nothing_lost():
    ref = Pair(seed=43)
    ref.run()
    p = Pair(seed=43)
    p.run(until=lambda: p.host.n >= 30)
    p.to_host.clear()           # whatever was in flight is gone with the link
    p.to_join.clear()
    n_host, n_join = p.host.n, p.join.n
    p.host.receive_data(p.hc, b"", p.now)
    p.join.receive_data(p.jc, b"", p.now)
    assert p.host.link is None and p.join.link is None and p.host.lost_at == p.now
    p.now += RESUME_WINDOW - 1
    assert p.host.tick(None, p.now) == b"" and p.host.outcome is None
    p.link()
    p.run()
    assert p.host.links == 2 and p.join.links == 2 and min(n_host, n_join) >= 29
    assert p.host.result() == p.join.result() == ref.host.result()
    assert p.host.actions == ref.host.actions


def test_no_link_within_180_seconds_is_abandoned():
    p = Pair(seed=47)
    p.run(until=lambda: p.host.n >= 10)
    p.now += 20.0
    p.host.tick(p.hc, p.now)
    p.join.tick(p.jc, p.now)
    assert p.host.link is None and p.join.link is None     # 20 s of silence: lost
    p.now += RESUME_WINDOW - 0.1
    p.host.tick(None, p.now)
    assert p.host.outcome is None
    p.now += 0.1
    p.host.tick(None, p.now)
    p.join.tick(None, p.now)
    for g in (p.host, p.join):
        assert g.result()["outcome"] == "abandoned" and g.result()["winner"] == "none"
