"""Two ends of an online Battle wired in memory (bytes in/out, the clock passed by hand), and a
way to craft what a bad peer could send."""

from __future__ import annotations

import random

from towers_core.gauntlet import api
from towers_core.online.game import OnlineGame
from towers_core.online.players import Player
from towers_core.online.protocol import Connection


def entropy(seed: int):
    rng = random.Random(seed)
    return lambda n: rng.randbytes(n)


class Pair:
    """Host and joiner with deterministic randomness; `wire` moves bytes between their links."""

    def __init__(self, seed: int = 1, code: str = "ABCD", join_code: str | None = None,
                 host_player: Player | None = None, join_player: Player | None = None) -> None:
        self.now = 0.0
        self.host = OnlineGame("host", host_player or Player("random"), code, entropy=entropy(seed))
        self.join = OnlineGame("join", join_player or Player("random"), join_code or code, entropy=entropy(seed + 1))
        self.link()

    def link(self) -> None:
        """A new link between the two (the first, or a resume)."""
        self.hc, to_join = self.host.connect(self.now)
        self.jc, to_host = self.join.connect(self.now)
        self.to_join, self.to_host = bytearray(to_join), bytearray(to_host)

    def step(self, tick: bool = True) -> None:
        self.now += 0.01
        a, b = bytes(self.to_host), bytes(self.to_join)
        self.to_host.clear()
        self.to_join.clear()
        out_h = self.host.receive_data(self.hc, a, self.now) if a else b""
        out_j = self.join.receive_data(self.jc, b, self.now) if b else b""
        if tick:
            out_h += self.host.tick(self.hc, self.now)
            out_j += self.join.tick(self.jc, self.now)
        self.to_join += out_h
        self.to_host += out_j

    def run(self, until=lambda: False, tick: bool = True, steps: int = 5000) -> None:
        for _ in range(steps):
            if until() or (self.host.finished and self.join.finished):
                return
            if not tick and not self.to_host and not self.to_join:
                return
            self.step(tick)
        raise AssertionError("the pair did not get there")

    def to_battle(self) -> None:
        """Exchange bytes (no moves) until both positions exist: Crimson is to place."""
        self.run(tick=False)
        assert self.host.pos is not None and self.join.pos is not None


def legal_act(game: OnlineGame, a: str | None = None) -> dict:
    """The act `game` would send for action `a` (its first listed one by default), unsent."""
    pos = game.pos
    a = a or api.legal_actions(api.view(pos, game.side))[0]
    after = api.apply(pos, a)
    old = set(pos["public"][game.side])
    opened = [game.sealed.opening(s) for s in after["public"][game.side] if s not in old]
    return {"t": "act", "n": game.n + 1, "a": a, "open": opened, "h": api.position_hash(after)}


def sealed(conn: Connection, msg: dict | bytes, now: float = 0.0) -> bytes:
    """A record from `conn` holding `msg` (any bytes too: a peer that knows the code)."""
    if isinstance(msg, dict):
        return conn.send(msg, now)
    return conn._sealer.seal_bytes(msg)
