"""The online Battle's link on a worker thread: an asyncio loop runs the core's transports
(`towers_core.online.transport`) around the core's `OnlineGame`, and everything the screen needs
crosses to the GUI thread as Qt signals (queued): a snapshot of the link and of this side's view
whenever it changes, and each action applied. The GUI thread never touches the game; it hands its
answers to the `HumanPlayer`. Nothing of the peer's hidden units or unopened slots is ever sent
across: only `api.view` and `api.log_view` of this side."""
from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from towers_core.gauntlet import api
from towers_core.online.game import RESUME_WINDOW, OnlineGame
from towers_core.online.transport import Channels, host, join
from towers_qt.gauntlet.online.human import HumanPlayer

POLL = 0.1   # seconds between snapshots


class OnlineLink(QObject):
    """One end of an online Battle: `role` "host" (Gold) or "join" (Crimson)."""

    changed = Signal(dict)                     # a snapshot (see `snapshot`)
    applied = Signal(str, dict, list, dict)    # action, this side's view before, its log entries, view after
    failed = Signal(str)                       # the link's thread stopped on an error

    def __init__(self, role: str, channels: Channels, code: str | None = None,
                 clock: Callable[[], float] = time.monotonic, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.player = HumanPlayer()
        self.game = OnlineGame(role, self.player, code)
        self.side = self.game.side
        self.channels, self.clock = channels, clock
        self.port: int | None = None
        self.last: dict = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, name=f"online-{role}", daemon=True)
        self.game.observe = self._observe
        channels.on_listening = self._listening

    # -- the GUI thread's calls -----------------------------------------------------------------
    def start(self) -> None:
        self._thread.start()

    def give_army(self, army: dict) -> None:
        self.player.give_army(army)

    def give_scout(self, slot: str) -> None:
        self.player.give_scout(slot)

    def give_action(self, action: str) -> None:
        self.player.give_action(action)

    def resign(self) -> None:
        """Concede (§13.8: only `resign` does): an act like any other, sent when it is our turn."""
        self.player.give_action("resign")

    def stop(self) -> None:
        """Close the link now: an unfinished Battle ends here as `left` (the peer waits out 180 s)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self.game.abandon, "left")
            except RuntimeError:   # the loop closed meanwhile
                pass

    def wait(self, seconds: float) -> bool:
        """Join the link's thread (tests, closing); True once it has ended."""
        if self._thread.is_alive():
            self._thread.join(seconds)
        return not self._thread.is_alive()

    # -- the link's thread ----------------------------------------------------------------------
    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # noqa: BLE001  (shown to the player, never lost)
            self._emit(self.failed, f"{type(exc).__name__}: {exc}")

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        poll = asyncio.create_task(self._poll())
        try:
            if self.game.role == "host":
                await host(self.game, self.channels, self.clock, wait=None)
            else:
                await join(self.game, self.channels, self.clock)
        finally:
            poll.cancel()
            self._emit_if_changed()

    def _listening(self, port: int) -> None:
        self.port = port

    def _observe(self, kind: str, detail: object) -> None:
        if kind == "applied":
            before, a, after = detail  # type: ignore[misc]
            self._emit(self.applied, a, api.view(before, self.side), api.log_view(before, a, self.side),
                       api.view(after, self.side))
        elif kind == "closed" and detail == "code" and self.game.links == 0 and self.game.role == "join":
            self.game.abandon("code")      # the host refused our code: say so now, do not search on

    async def _poll(self) -> None:
        while True:
            self._emit_if_changed()
            await asyncio.sleep(POLL)

    def _emit_if_changed(self) -> None:
        snap = self.snapshot()
        if snap != self.last:
            self.last = snap
            self._emit(self.changed, snap)

    def _emit(self, signal, *args: object) -> None:
        """A signal to the GUI thread, unless the window (and this object) closed meanwhile."""
        with contextlib.suppress(RuntimeError):
            signal.emit(*args)

    def ways(self) -> list[str]:
        """The channels this end offers (host) or tries (joiner), for the pause's "reconnecting via"."""
        c = self.channels
        first = ["listen"] if self.game.role == "host" else ["address"] if c.address is not None else []
        return first + (["relay"] if c.relay is not None else []) + (["LAN"] if c.lan else [])

    def snapshot(self) -> dict:
        """What the screen shows of the link and the Battle, as plain data (this side's view only)."""
        g, now = self.game, self.clock()
        link = g.link if g.link is not None and g.link.state == "open" else None
        lost = g.lost_at is not None and link is None and g.links > 0 and g.outcome is None
        return {
            "role": g.role, "side": g.side, "code": g.code, "port": self.port, "links": g.links,
            "via": link.via if link is not None else "", "ways": self.ways(),
            "heard": int(now - link.last_in) if link is not None else None,
            "rtt": round(g.round_trips[-1] * 1000) if g.round_trips else None,
            "left": max(0, int(RESUME_WINDOW - (now - g.lost_at))) if lost else None,
            "asking": self.player.asking, "report": self.player.report,
            "failed_joins": g.failed_joins, "n": g.n,
            "refused": sum(1 for e in g.history if e.get("refused") and e.get("side") == g.side),
            "outcome": g.outcome, "reason": g.reason,
            "view": api.view(g.pos, g.side) if g.pos is not None else None,
        }
