"""The Castles rules for the rules window (the seed's text with pictures drawn by the board's art),
and the sentence that says why a game ended."""
from __future__ import annotations

from functools import lru_cache

from towers_core.board import SIDE_NAMES
from towers_core.castles import api
from towers_qt.shell.names import inner, verb
from towers_qt.shell.palette import SCHEMES, colour_word, scheme_name
from towers_qt.shell.players import other

REASON_TEXT = {  # reason: (who, the verb as for a name, the rest)
    "castles": ("winner", "controls", "4 of the 5 castles."),
    "crowns": ("winner", "has", "crowned 3 castles."),
    "no-moves": ("loser", "has", "no moves left."),
    "resign": ("loser", "resigned", ""),
}
QUIET_TEXT = {
    "quiet": "60 moves in a row without a build",
    "limit": "400 moves in all",
}


def game_over_text(pos: dict, names: dict[str, str] | None = None) -> str:
    """Who won and why (from the core's result), e.g. "Ana wins: Ana controls 4 of the 5 castles."."""
    result = pos.get("result")
    if result is None:
        return ""
    names = names or SIDE_NAMES
    winner, reason = result["winner"], result["reason"]
    if reason in QUIET_TEXT:
        ended = f"The board has settled ({QUIET_TEXT[reason]})"
        if winner is None:
            return f"Draw. {ended}, and both sides hold as many castles and crowns."
        holds = inner(verb(names[winner], "holds"))
        return f"{verb(names[winner], 'wins')}. {ended}, and {holds} more castles (or, if equal, more crowns)."
    who, third_person, rest = REASON_TEXT[reason]
    why = inner(verb(names[winner if who == "winner" else other(winner)], third_person))
    return f"{verb(names[winner], 'wins')}: {why} {rest}".rstrip() + ("" if rest else ".")


EXAMPLE_PUSH = ({"a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X", "c2": "SSS"},
                {"a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X", "c2": "S", "d2": "S", "e2": "S"})
EXAMPLE_LEAVE = ({"a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X", "c2": "NNS", "d2": "NN"},
                 {"a4": "X", "d1": "X", "d4": "X", "d7": "X", "g4": "X", "c2": "N", "d2": "NNN", "e2": "S"})
EXAMPLE_CROWN = {"a4": "X", "d1": "X", "d4": "XSNSS", "d7": "X", "g4": "X", "d3": "SSSSS", "c4": "NNNN"}


CENTRE = ["c3", "d3", "e3", "c4", "d4", "e4", "c5", "d5", "e5"]
ROW = ["b1", "c1", "d1", "e1", "f1", "b2", "c2", "d2", "e2", "f2", "b3", "c3", "d3", "e3", "f3"]


@lru_cache(maxsize=len(SCHEMES))
def _pictures(scheme: str) -> dict[str, str]:
    """The rules' pictures, drawn once in each colour scheme."""
    from towers_qt.castles.board.thumbnails import data_uri, render_board

    start = api.new_position()["board"]
    return {
        "start": data_uri(render_board(start, "3d", 330)),
        "push_before": data_uri(render_board(EXAMPLE_PUSH[0], "3d", 240, ("c2", "e2"), ROW)),
        "push_after": data_uri(render_board(EXAMPLE_PUSH[1], "3d", 240, None, ROW)),
        "leave_before": data_uri(render_board(EXAMPLE_LEAVE[0], "3d", 240, ("c2", "e2"), ROW)),
        "leave_after": data_uri(render_board(EXAMPLE_LEAVE[1], "3d", 240, None, ROW)),
        "crown": data_uri(render_board(EXAMPLE_CROWN, "3d", 240, None, CENTRE)),
        "flat": data_uri(render_board(start, "2d", 220)),
    }


def rules_html() -> str:
    """The whole rules page as rich text (needs a QGuiApplication for its pictures)."""
    pic = _pictures(scheme_name())
    s, n = colour_word("S"), colour_word("N")
    return f"""
<h2>Rules of Castles</h2>
<p>Castles is a strategy game for 2 players. Build up your towers, push them across the board, and
capture castles. The first player to control <b>4 of the 5 castles</b> wins.</p>
<p align="center"><img src="{pic['start']}"><br><i>The real starting position: {s} (moves first) near
a1, {n} near g7, the five castles marked in green, each with its neutral base piece.</i></p>
<h3>Winning</h3>
<p>You win when any of these happen:</p>
<ul><li>You control 4 of the 5 castles</li><li>You crown 3 castles</li>
<li>Your opponent has no moves left</li></ul>
<p>A <b>tower</b> is a stack of pieces on a single square. You control a tower if your piece is on top.
Towers can be up to 5 pieces tall and may contain a mix of both players' pieces.</p>
<p>Each castle starts with a neutral base piece. Push your pieces onto a castle to take control of it —
whoever has a piece on top owns it. If a castle is filled to height 5 with your piece on top, it becomes
<b>crowned</b> (shown with a gold ring): it is yours for good and can no longer be pushed.</p>
<p align="center"><img src="{pic['crown']}"><br><i>d4 is crowned for {s}: full, {s} on top, gold ring.
The full {s} tower on d3 beside it is just full: safe, and still free to push.</i></p>
<h3>Your turn: Build or Push</h3>
<p><b>Build</b> — Add one of your pieces to the top of a tower you already control. The tower grows by one.
Towers can be at most 5 pieces tall. You cannot build directly on a castle square.</p>
<p><b>Push</b> — Slide one of your towers (height 2 or taller) in any cardinal direction. As the tower moves, it drops
one piece on every square it crosses. It keeps going until it hits a tower that is at least as tall, or
the edge of the board (a tower of height h crosses at most h − 1 squares). Pushing onto an opponent's tower
puts your pieces on top, capturing it. Use pushes to spread across the board and take over castles.</p>
<p align="center"><img src="{pic['push_before']}"> &nbsp; <img src="{pic['push_after']}"><br>
<i>Three {s} pieces on c2 pushed east: one stays on c2, one drops on d2, one on e2.</i></p>
<h3>When the board fills up</h3>
<p>Pieces are never removed, so the board fills up. Four things decide who wins when it does:</p>
<p><b>A full tower is safe.</b> Nothing can be built on a height‑5 tower and no push can enter it, so your
opponent can never take it — but you can still push it (unless it is a crowned castle), and with five
pieces travelling it is your strongest move.</p>
<p><b>A push leaves the bottom behind.</b> The pieces that stay on the square you pushed from are the
lowest ones. Push a tower you built yourself and the square stays yours; push one you captured and the
opponent's pieces underneath are what remain — you can hand the square back in the same move that wins
another. The action bar shows you what a push leaves behind before you commit.</p>
<p align="center"><img src="{pic['leave_before']}"> &nbsp; <img src="{pic['leave_after']}"><br>
<i>{s.capitalize()} captured c2 ({n}, {n}, then {s} on top) and pushes it east: the {n} piece above the bottom
lands on d2, the {s} piece on e2 — and c2, left with its bottom {n} piece, goes back to {n}.</i></p>
<p><b>Castles are the last low ground.</b> You cannot build on a castle, so it only grows when pushed
onto. As everything else fills to five, castles become the only squares a push can still enter — and the
one that tops a castle out at five crowns it for good.</p>
<p><b>Running out of moves loses.</b> You have no move when none of your towers can take a build (each
is full or on a castle) and none can push (each is a single piece, a crowned castle, or boxed in by the
edge and towers at least as tall). Capture your opponent's spare towers, cap the rest, and wall them
in. Watch the ⇆ count on the scoreboard: it is the number of legal moves each side has now.</p>
<p>If 60 moves in a row pass without a build (or 400 moves in all), the game ends: more castles wins,
then more crowns; otherwise it is a draw.</p>
<h3>Playing in the app</h3>
<p><b>Select a tower</b> — Click or tap one of your towers. An action bar slides up from the bottom of the
board with the moves you can make. On a computer, hovering an option previews it on the board; on a touch
screen, tap once to preview and tap the same button again to confirm. Press Esc, or tap the board away
from the bar, to cancel. Keyboard: arrow keys and Enter select a tower; B builds, N/E/S/W (or the arrows)
pick a push; press it again or Enter to play it.</p>
<p><b>Rotate</b> — Use the ← and → arrows beside the compass in the bottom-left corner (or [ and ]) to
turn the board a quarter turn at a time. The board itself does not drag, so a tap always selects.</p>
<p><b>Zoom</b> — Scroll the mouse wheel, or pinch with two fingers.</p>
<p><b>3D / 2D</b> — The board is shown in 3D by default. Switch to a flat top-down grid from the menu (⋮)
in the bottom-right corner: each square shows its tower's height and its stack as coloured bands.</p>
<p align="center"><img src="{pic['flat']}"></p>
<p><b>Learn</b> — Step through a sample game to see how builds and pushes work. Pushes are animated,
so you can watch where each piece ends up.</p>
"""


def welcome_text(side: str, mode: str, colour: str) -> str:
    """The first start's welcome (rich text): your colour, how to play a move, how to win."""
    if mode == "hotseat":
        who = "Two players share this board, taking turns."
    else:
        who = f"You play the <b>{colour}</b> pieces against the computer."
    return (f"<h3>Welcome to Castles</h3><p>{who}</p>"
            "<p><b>To move:</b> click a tower you control. The action bar offers its moves (Build, Push); "
            "hover one to preview it on the board, click it to play.</p>"
            "<p>Hold 4 of the 5 green castles or crown 3 to win; a side left with no move loses.</p>"
            "<p>The arrows by the compass turn the board, ⋮ switches 3D/2D. The full rules are under "
            "Help ▸ Rules of Castles (F1); Help ▸ Learn Castles steps through a sample game.</p>")
