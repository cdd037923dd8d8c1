"""The online Battle as both ends run it (§13), sans-IO: the seed commit–reveal, the Draft with
commit–reveal per slot and the scout, every action applied through `gauntlet.api` and checked
(legal, openings, budget, shared-position hash), the finals, resume and abandonment. Links come
and go (`connect`); the Battle lives across them. Time is always passed in.

The joiner is Crimson (drafts and moves first), the host Gold (scouts, holds the token). Each end
keeps a position holding its own army whole and the peer's slots as `"?"` until opened; both
positions give the same shared position (§16.3), which the `h` of every act pins.

Every link opens with `resume` (n = 0 on the first) and, on the peer's `resume`, each end resends
all it sent before the Battle, its acts past the peer's n, and its final: a link broken at any
point, even during the key exchange, loses nothing; an identical repeat is ignored, a different
one is a dispute. After both finals check out each end sends `{"t":"bye","why":"done"}`; the
Battle is confirmed once an end has both sent and received it.

A player may answer None: not decided yet (a person at the app). The game asks again on each tick,
and meanwhile the link keeps pinging. `observe(kind, detail)` hears each action applied
("applied", (before, action, after)) and each link closed ("closed", why), for a display."""

from __future__ import annotations

import copy
import hashlib
import secrets
from collections.abc import Callable

from towers_core.errors import ProtocolError, TowersError
from towers_core.gauntlet import api
from towers_core.gauntlet.units import SLOTS
from towers_core.online.codes import ENGINE, new_code
from towers_core.online.draft_commit import SealedArmy, check_opened, verify_opening
from towers_core.online.players import Player
from towers_core.online.protocol import Bad, Closed, Connection, Message, Ready

RESUME_WINDOW = 180.0      # seconds a lost link may be re-made
WRONG_JOINS = 5            # failed key confirmations before the host draws a new code
PRE_BATTLE = ("seed-commit", "seed-reveal", "draft-commit", "scout", "open")


class OnlineGame:
    """One end of an online Battle: `role` "host" (Gold) or "join" (Crimson)."""

    def __init__(self, role: str, player: Player, code: str | None = None, engine: str = ENGINE,
                 entropy: Callable[[int], bytes] = secrets.token_bytes) -> None:
        if role not in ("host", "join"):
            raise ProtocolError(f"role: {role!r} is not host or join")
        if role == "join" and code is None:
            raise ProtocolError("code: the joiner needs the host's code")
        self.role, self.player, self.engine, self.entropy = role, player, engine, entropy
        self.side, self.peer = ("G", "C") if role == "host" else ("C", "G")
        self.code = code or new_code()
        self.failed_joins = 0
        self.link: Connection | None = None
        self._resumed = False                    # the peer's resume on this link is in: we may act
        self.links = 0
        self.lost_at: float | None = None
        self.outcome: str | None = None          # confirmed | disputed | abandoned
        self.reason = ""
        self._secret = entropy(32)
        self._sent_pre: list[dict] = []
        self._sent_end: list[dict] = []
        self._got: dict[str, dict] = {}
        self.seed: int | None = None
        self.sealed: SealedArmy | None = None
        self.peer_hashes: list[str] | None = None
        self.scout_slot: str | None = None
        self.peer_opened: dict[str, dict] = {}
        self.pos: dict | None = None
        self.n = 0
        self.actions: list[str] = []
        self.history: list[dict] = []
        self._my_acts: dict[int, dict] = {}
        self._sent_at: dict[int, float] = {}
        self.round_trips: list[float] = []       # seconds from each of our acts to its ack
        self._final_ok = self._peer_done = False
        self._out = bytearray()
        self._now = 0.0
        self._pending: Callable[[], None] | None = None   # a draft or scout the player has not given yet
        self._undecided = False                           # our player has no action yet
        self.observe: Callable[[str, object], None] = lambda kind, detail: None

    # --- the transport's calls

    def connect(self, now: float) -> tuple[Connection, bytes]:
        """A new link's state machine and its first bytes."""
        conn = Connection(self.role, self.code, now, self.engine, self.entropy)
        return conn, conn.start(now)

    def receive_data(self, conn: Connection, data: bytes, now: float) -> bytes:
        """Bytes from `conn` (`b""`: it closed); returns the bytes to write to it."""
        self._now = now
        for ev in conn.receive_data(data, now):
            self._event(conn, ev, now)
        return self._drain(conn)

    def tick(self, conn: Connection | None, now: float) -> bytes:
        """Time passing: pings, a lost link, abandonment, and our next action if we are to move."""
        self._now = now
        if conn is not None:
            for ev in conn.tick(now):
                self._event(conn, ev, now)
        if self.outcome is None and self.link is None and self.lost_at is not None \
                and now - self.lost_at >= RESUME_WINDOW:
            self.finish("abandoned", "abandoned")
        if conn is not None and conn is self.link and self.outcome is None:
            if self._pending is not None:
                self._guard(self._pending)
            self._guard(self._move, now)
        return self._drain(conn) if conn is not None else b""

    def abandon(self, why: str) -> None:
        """No link could be made (the joiner's 30 s search, a host nobody joined)."""
        if self.outcome is None:
            self.finish("abandoned", why)

    @property
    def finished(self) -> bool:
        """Nothing left to do on any link: the transport closes and stops."""
        return self.outcome is not None

    @property
    def to_move(self) -> bool:
        """Our action is due and our player has it: the transport ticks again at once."""
        return self._our_turn() and not self._undecided

    def _our_turn(self) -> bool:
        return (self.outcome is None and self.link is not None and self._resumed and self.pos is not None
                and self.pos["result"] is None and self.pos["to_move"] == self.side)

    def result(self) -> dict:
        """The Battle's outcome as the CLI prints it."""
        res = self.pos["result"] if self.pos is not None else None
        winner = res["winner"] if res and self.outcome == "confirmed" else None
        return {"outcome": self.outcome, "winner": winner or "none", "reason": self.reason,
                "actions": self.n}

    # --- events

    def _drain(self, conn: Connection) -> bytes:
        out = conn.data_to_send()
        if conn is self.link:
            out += bytes(self._out)
            self._out.clear()
        return out

    def _event(self, conn: Connection, ev: object, now: float) -> None:
        if isinstance(ev, Ready):
            self._ready(conn, now)
        elif isinstance(ev, Closed):
            self._closed(conn, ev.why, now)
        elif conn is not self.link or self.outcome is not None:
            return
        elif isinstance(ev, Bad):
            self.dispute(ev.why)
        elif isinstance(ev, Message):
            self._guard(self._message, ev.body, now)

    def _guard(self, fn: Callable, *args: object) -> None:
        """Anything wrong the peer sent (a bad message, an action the engine refuses) is a dispute."""
        try:
            fn(*args)
        except TowersError as e:
            self.dispute(str(e))

    def _ready(self, conn: Connection, now: float) -> None:
        if self.outcome is not None:
            conn.close("over")
            return
        if self.link is not None and self.link is not conn:
            if self.role == "join":          # the joiner's first link wins; a later one is spare
                conn.close("spare")
                return
            self.link.close("replaced")      # the host takes the joiner's newest link
            self._out.clear()
        self.link, self.lost_at, self._resumed = conn, None, False
        self.links += 1
        self.send({"t": "resume", "n": self.n})
        if not self._sent_pre:
            self._send_kept(self._sent_pre, {"t": "seed-commit", "h": hashlib.sha256(self._secret).hexdigest()})

    def _closed(self, conn: Connection, why: str, now: float) -> None:
        if why == "code" and self.role == "host" and self.links == 0:
            self.failed_joins += 1
            if self.failed_joins >= WRONG_JOINS:
                self.code, self.failed_joins = new_code(), 0
        if conn is self.link:
            self.link, self.lost_at = None, now
            self._out.clear()
        self.observe("closed", why)

    def send(self, msg: dict) -> None:
        """A message to the peer on the current link (kept nowhere: see _send_kept)."""
        if self.link is not None and self.link.state == "open":
            self._out += self.link.send(msg, self._now)

    def _send_kept(self, kept: list[dict], msg: dict) -> None:
        kept.append(msg)
        self.send(msg)

    def dispute(self, why: str) -> None:
        """Stop the Battle as disputed and tell the peer why."""
        if self.outcome is None:
            self.send({"t": "dispute", "n": self.n, "why": why[:200]})
            self.finish("disputed", why)

    def finish(self, outcome: str, reason: str) -> None:
        self.outcome, self.reason = outcome, reason

    # --- messages

    def _message(self, m: dict, now: float) -> None:
        t = m["t"]
        if t in PRE_BATTLE + ("final",):
            old = self._got.get(t)
            if old is not None:
                if old != m:
                    raise ProtocolError(f"{t}: differs from the one received before")
                return
            self._got[t] = m
        getattr(self, "_on_" + t.replace("-", "_"))(m)

    def _on_resume(self, m: dict) -> None:
        self._resumed = True
        for msg in self._sent_pre:
            self.send(msg)
        for k in sorted(k for k in self._my_acts if k > m["n"]):
            self.send(self._my_acts[k])
        for msg in self._sent_end:
            self.send(msg)

    def _on_seed_commit(self, m: dict) -> None:
        self._send_kept(self._sent_pre, {"t": "seed-reveal", "s": self._secret.hex()})

    def _on_seed_reveal(self, m: dict) -> None:
        commit = self._got.get("seed-commit")
        if commit is None:
            raise ProtocolError("seed-reveal: before the peer's seed-commit")
        peer = bytes.fromhex(m["s"])
        if hashlib.sha256(peer).hexdigest() != commit["h"]:
            raise ProtocolError("seed-reveal.s: does not match the peer's seed-commit")
        join, host = (self._secret, peer) if self.role == "join" else (peer, self._secret)
        self.seed = int.from_bytes(hashlib.sha256(join + host).digest()[:8], "big")
        if self.side == "C":
            self._draft(None)

    def _ai_seed(self) -> int:
        assert self.seed is not None
        return api.label_seed(f"ai|online-{self.side}", self.seed)

    def _draft(self, scout_report: dict | None) -> None:
        army = self.player.army(self.side, self._ai_seed(), scout_report)
        self._pending = (lambda: self._draft(scout_report)) if army is None else None
        if army is None:
            return
        self.sealed = SealedArmy(army, self.entropy)
        self._send_kept(self._sent_pre, {"t": "draft-commit", "h": self.sealed.hashes})
        if self.side == "G":
            self._start()

    def _scout(self) -> None:
        slot = self.player.scout(self._ai_seed(), {s: "?" for s in SLOTS})
        self._pending = self._scout if slot is None else None
        if slot is not None:
            self.scout_slot = slot
            self._send_kept(self._sent_pre, {"t": "scout", "slot": slot})

    def _on_draft_commit(self, m: dict) -> None:
        if self.seed is None:
            raise ProtocolError("draft-commit: before the battle seed")
        if self.side == "G":
            self.peer_hashes = m["h"]
            self._scout()
        else:
            if "scout" not in self._got:
                raise ProtocolError("draft-commit: Gold's commit before its scout")
            self.peer_hashes = m["h"]
            self._start()

    def _on_scout(self, m: dict) -> None:
        if self.side != "C" or self.sealed is None:
            raise ProtocolError("scout: only Gold scouts, after Crimson's draft-commit")
        self.scout_slot = m["slot"]
        self._send_kept(self._sent_pre, {"t": "open", **self.sealed.opening(m["slot"])})

    def _on_open(self, m: dict) -> None:
        if self.side != "G" or self.scout_slot is None or self.peer_hashes is None:
            raise ProtocolError("open: only Crimson opens, after Gold's scout")
        if m["slot"] != self.scout_slot:
            raise ProtocolError(f"open.slot: {m['slot']} is not the scouted {self.scout_slot}")
        verify_opening(m, self.peer_hashes, "open")
        check_opened({m["slot"]: m["entry"]}, "open")
        self.peer_opened[m["slot"]] = m["entry"]
        self._draft({"slot": m["slot"], "entry": m["entry"]})

    def _start(self) -> None:
        assert self.sealed is not None and self.seed is not None
        own = self.sealed.army
        pos = api.new_position(self.seed, {"C": own, "G": own}, scout=self.scout_slot)
        pos["armies"][self.peer] = {s: copy.deepcopy(self.peer_opened.get(s, "?")) for s in SLOTS}
        api.validate(pos)
        self.pos = pos

    # --- actions

    def _move(self, now: float) -> None:
        if not self._our_turn() or self.link is None or self.link.state != "open":
            return
        pos = self.pos
        assert pos is not None and self.sealed is not None
        own_view = api.view(pos, self.side)
        a = self.player.action(own_view, self.history, self._ai_seed())
        self._undecided = a is None
        if a is None:
            return
        after = api.apply(pos, a)
        if after == pos:      # refused (§9): nothing changes, nothing is sent
            self.history.append({"turn": pos["turn"], "side": self.side, "a": a, "refused": "unseen"})
            return
        opened = [self.sealed.opening(s) for s in _newly_public(pos, after, self.side)]
        msg = {"t": "act", "n": self.n + 1, "a": a, "open": opened, "h": api.position_hash(after)}
        self._applied(pos, a, after)
        self._my_acts[self.n] = msg
        self._sent_at[self.n] = self._now
        self.send(msg)
        self._maybe_final()

    def _applied(self, before: dict, a: str, after: dict) -> None:
        self.history += api.log_view(before, a, self.side)
        self.pos = after
        self.n += 1
        self.actions.append(a)
        self.observe("applied", (before, a, after))

    def _on_act(self, m: dict) -> None:
        pos = self.pos
        if pos is None or pos["result"] is not None or pos["to_move"] != self.peer:
            raise ProtocolError(f"act {m['n']}: not {self.peer}'s turn to act")
        if m["n"] != self.n + 1:
            raise ProtocolError(f"act.n: {m['n']}, expected {self.n + 1}")
        assert self.peer_hashes is not None
        known = dict(self.peer_opened)
        for op in m["open"]:
            if op["slot"] in known:
                raise ProtocolError(f"act.open: slot {op['slot']} was opened before")
            verify_opening(op, self.peer_hashes, "act.open")
            known[op["slot"]] = op["entry"]
        check_opened(known, f"act {m['n']}: {self.peer}'s draft")
        filled = copy.deepcopy(pos)
        filled["armies"][self.peer] = {s: copy.deepcopy(known.get(s, "?")) for s in SLOTS}
        a = m["a"]
        if a != "resign" and a not in api.legal_actions(filled):
            raise ProtocolError(f"act {m['n']}: {a} is not a legal action")
        after = api.apply(filled, a)
        if after == filled:
            raise ProtocolError(f"act {m['n']}: {a} is refused (§9) and must not be sent")
        first_used = _newly_public(pos, after, self.peer)
        if first_used != [op["slot"] for op in m["open"]]:
            raise ProtocolError(f"act.open: opens {[op['slot'] for op in m['open']]}, "
                                f"the action first uses {first_used}")
        if api.position_hash(after) != m["h"]:
            raise ProtocolError(f"act.h: {m['h']} is not the shared position after {a}")
        self.peer_opened = known
        self._applied(filled, a, after)
        self.send({"t": "ack", "n": self.n})
        self._maybe_final()

    def _on_ack(self, m: dict) -> None:
        if m["n"] not in self._my_acts:
            raise ProtocolError(f"ack.n: {m['n']} is not one of our acts")
        sent = self._sent_at.pop(m["n"], None)
        if sent is not None:
            self.round_trips.append(self._now - sent)

    def _on_dispute(self, m: dict) -> None:
        self.finish("disputed", f"peer: {m['why']}")

    # --- the end

    def _maybe_final(self) -> None:
        if self.pos is not None and self.pos["result"] is not None and not self._sent_end:
            assert self.sealed is not None
            self._send_kept(self._sent_end, {"t": "final", "open": self.sealed.all_openings()})
            if "final" in self._got:
                self._check_final(self._got["final"])

    def _on_final(self, m: dict) -> None:
        if self.pos is None or self.pos["result"] is None:
            raise ProtocolError("final: before the Battle's result")
        self._check_final(m)

    def _check_final(self, m: dict) -> None:
        if not self._sent_end:
            return                      # checked once our own final is out (_maybe_final)
        assert self.peer_hashes is not None
        for op in m["open"]:
            verify_opening(op, self.peer_hashes, "final.open")
        army = {op["slot"]: op["entry"] for op in m["open"]}
        try:
            api.validate_army(army)
        except TowersError as e:
            raise ProtocolError(f"final: {self.peer}'s draft: {e}") from None
        self._final_ok = True
        self._send_kept(self._sent_end, {"t": "bye", "why": "done"})
        self._confirm()

    def _on_bye(self, m: dict) -> None:
        if m["why"] != "done":
            link = self.link
            assert link is not None
            self._closed(link, link.close(f"peer: {m['why']}").why, self._now)
            return
        if "final" not in self._got:
            raise ProtocolError("bye: done before the peer's final")
        self._peer_done = True
        self._confirm()

    def _confirm(self) -> None:
        if self._final_ok and self._peer_done:
            assert self.pos is not None
            self.finish("confirmed", self.pos["result"]["reason"])


def _newly_public(before: dict, after: dict, side: str) -> list[str]:
    """The slots of `side` an action used for the first time (§11), in slot order."""
    old = set(before["public"][side])
    return [s for s in after["public"][side] if s not in old]
