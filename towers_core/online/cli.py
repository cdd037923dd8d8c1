"""`towers-cli gauntlet online host|join`: one whole online Battle played by the AI, headless.
The last line is `online: <confirmed|disputed|abandoned> winner=<C|G|none> reason=<…> actions=<n>`."""

from __future__ import annotations

import argparse
import asyncio

from towers_core.errors import ProtocolError
from towers_core.online.codes import PORT, check_code, parse_address
from towers_core.online.game import OnlineGame
from towers_core.online.players import Player
from towers_core.online.transport import Channels, host, join


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register `online host` and `online join` under `towers-cli gauntlet`."""
    online = sub.add_parser("online", help="play one online Battle with the AI (host or join)")
    roles = online.add_subparsers(dest="role", required=True)
    h = roles.add_parser("host", help="draw a code, offer the Battle, play Gold")
    h.add_argument("--code", help="use this code instead of drawing one (4 letters)")
    h.add_argument("--port", type=int, default=PORT, help="TCP port to listen on (any free one if taken)")
    h.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    h.add_argument("--wait", type=float, default=600.0, help="seconds to wait for a joiner")
    j = roles.add_parser("join", help="join the Battle of CODE, play Crimson")
    j.add_argument("code", help="the host's 4-letter code")
    j.add_argument("--address", help="the host's HOST:PORT (typed address)")
    for p in (h, j):
        p.add_argument("--ai", default="random", help="the AI level playing this side")
        p.add_argument("--relay", help="a transit relay's HOST:PORT")
        p.add_argument("--no-lan", action="store_true", help="no DNS-SD advertising or browsing")
        p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    player = Player(args.ai)
    relay = parse_address(args.relay) if args.relay else None
    channels = Channels(relay=relay, lan=not args.no_lan, on_code=lambda c: print(f"code: {c}", flush=True))
    if args.role == "host":
        if not 0 <= args.port <= 65535:
            raise ProtocolError(f"--port: {args.port} is not 0-65535 (0: any free port)")
        if not 0 < args.wait <= 86400:
            raise ProtocolError(f"--wait: {args.wait} is not a number of seconds 0-86400")
        code = check_code(args.code) if args.code else None
        game = OnlineGame("host", player, code)
        channels.bind, channels.port = args.bind, args.port
        channels.on_listening = lambda port: print(f"listening: {args.bind}:{port}", flush=True)
        print(f"code: {game.code}", flush=True)
        result = asyncio.run(host(game, channels, wait=args.wait))
    else:
        game = OnlineGame("join", player, check_code(args.code))
        channels.address = parse_address(args.address) if args.address else None
        if channels.address is None and relay is None and not channels.lan:
            raise ProtocolError("join: give --address or --relay, or allow the LAN")
        result = asyncio.run(join(game, channels))
    print(f"online: {result['outcome']} winner={result['winner']} reason={result['reason']} "
          f"actions={result['actions']}", flush=True)
    return 0
