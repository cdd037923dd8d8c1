"""What the online screens say: the link's state, the pause and how a Battle ended, in plain words."""
from __future__ import annotations

from towers_core.online.game import RESUME_WINDOW
from towers_qt.gauntlet.words import SIDE_WORD

# The host accepts LAN and typed-address links on one port and the §13 hello does not say which: "direct".
VIA = {"direct": "a direct connection (local network or typed address)", "address": "the typed address",
       "relay": "the relay", "LAN": "the local network (found by the code)"}
WAYS = {"listen": "your address", "address": "the typed address", "relay": "the relay", "LAN": "the local network"}
LEAVE_ASK = "Leave the Battle? You resign it."
NO_RELAY = "Set a relay (host:port) below to be reachable over the Internet; see the README, 'Running a relay'."


def link_line(snap: dict) -> str:
    """The status item: connected how, last heard, round trip; or why not."""
    if snap["outcome"] is not None:
        return "Online: the Battle is over; the link is closed."
    if snap["left"] is not None:
        return f"Online: link lost, waiting {clock_text(snap['left'])} for it to come back"
    if not snap["via"]:
        return "Online: connecting…" if snap["role"] == "join" else "Online: waiting for your opponent…"
    bits = [f"Online: connected via {VIA.get(snap['via'], snap['via'])}", f"heard {snap['heard']} s ago"]
    if snap["rtt"] is not None:
        bits.append(f"last action acknowledged in {snap['rtt']} ms")
    return " · ".join(bits)


def clock_text(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def listed(words: list[str]) -> str:
    return " and ".join(filter(None, [", ".join(words[:-1]), words[-1]])) if words else ""


def pause_text(snap: dict) -> str:
    """The lost-link cover, rich text: what happened, how it is being mended, the countdown large."""
    peer = SIDE_WORD["C" if snap["side"] == "G" else "G"]
    ways = listed([WAYS[w] for w in snap["ways"]])
    how = (f"your computer keeps offering the same code via {ways}" if snap["role"] == "host"
           else f"your computer keeps trying to reach the host via {ways}")
    return (f"<p>The link to {peer} is lost.</p><p>Reconnecting: {how}.<br>The Battle resumes where it "
            f"stopped.</p><p style='font-size: 40pt; font-weight: bold;'>{clock_text(snap['left'] or 0)} left</p>"
            f"<p>of {clock_text(int(RESUME_WINDOW))}; then the Battle is abandoned, with no winner.</p>")


def leaving_text(snap: dict) -> str:
    """The cover while our resignation goes out and the finals cross."""
    view = snap["view"] or {}
    when = ("It goes as soon as your opponent's action arrives." if view.get("to_move") != snap["side"]
            else "Sending it and waiting for your opponent's computer to confirm…")
    return (f"<p>You resign this Battle.</p><p>{when}</p>"
            "<p style='font-size: 12pt;'>Close the window again to leave at once, with no result.</p>")


def ending(snap: dict) -> tuple[str, str] | None:
    """A title and a plain explanation of an ending that is not a confirmed result (None if it is)."""
    outcome, why = snap["outcome"], snap["reason"]
    if outcome == "disputed":
        who = "Your opponent's computer" if why.startswith("peer:") else "Your computer"
        detail = why.removeprefix("peer: ")
        return ("The Battle is disputed",
                f"{who} found something that does not agree with the rules or with what was sealed, so the Battle "
                f"stopped and has no result. This happens when the two copies of the game differ or one was "
                f"tampered with.\n\nWhat was found: {detail}")
    if outcome != "abandoned":
        return None
    if why == "code":
        return ("Wrong code", "The host refused that code. Check the four letters with your opponent and try again.")
    if why == "no host found":
        return ("No host found", "No host answered within 30 seconds. Check the code (and the address or relay), "
                                 "and that your opponent is hosting.")
    if why == "left":
        return ("You left", "You left the Battle; it has no result.")
    return ("The Battle is abandoned", f"The link could not be made again within {int(RESUME_WINDOW) // 60} minutes, "
                                       "so the Battle ended with no winner.")
