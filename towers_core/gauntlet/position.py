"""§16.1 position JSON: a new Battle, validation (§21.21), and views (§16.2)."""

from __future__ import annotations

import copy
import re

from towers_core.errors import BadArmy, BadPosition, TowersError, brief
from towers_core.gauntlet.board import XY, other
from towers_core.gauntlet.draft import (
    check_draft_known,
    check_gauntlet_army,
    check_shape,
    gauntlet_required,
)
from towers_core.gauntlet.foes import FOES, check_echo, get_foe
from towers_core.gauntlet.plain import check_plain
from towers_core.gauntlet.rng import field
from towers_core.gauntlet.stats import afield, structure_tile_ok
from towers_core.gauntlet.units import AP_MAX, COUNT_MAX, LIMITS, SLOTS, STRUCTURES, SUPPLY_CAP, UNITS

KEYS = ("game", "mode", "seed", "foe", "control_tiles", "chests", "spoils", "turn", "to_move", "ap",
        "supply", "token", "royals", "armies", "public", "pieces", "result")
UNIT_KEYS = {"side", "type", "royal", "hp", "max", "done", "hidden", "sieged", "aff", "fx"}
STRUCT_KEYS = {"side", "type", "hp", "max", "done", "site"}
ROYAL_KEYS = {"id", "used", "atk", "arm", "spd", "god"}
FX_KINDS = ("fortify", "inspire", "fury", "empower", "hex")
SIDES = ("C", "G")


def parse_seed(seed: object) -> int:
    """The field seed: a 64-bit int or 16 hex digits."""
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 1 << 64:
        return seed
    if isinstance(seed, str) and re.fullmatch(r"[0-9a-fA-F]{16}", seed):
        return int(seed, 16)
    raise BadPosition(f"seed: {brief(seed)} is not a 64-bit whole number or 16 hex digits")


def royal_stats(rid: str) -> dict:
    """A new Battle's `royals` entry (§16.1): the printed Attack, Armor and Speed of the Royal's type;
    `used` and `god` false."""
    code = "Ki" if rid == "king" else FOES[rid].sig
    u = UNITS[code]
    return {"id": rid, "used": False, "atk": u.atk, "arm": u.arm, "spd": u.spd, "god": False}


def new_position(seed: object, armies: object, mode: str = "draft", foe: object = None,
                 scout: object = None) -> dict:
    """The Battle before Crimson's placement (§4.2, §21.0)."""
    s = parse_seed(seed)
    if mode not in ("draft", "gauntlet"):
        raise TowersError(f"mode: {brief(mode)} is not 'draft' or 'gauntlet'")
    if not isinstance(armies, dict) or set(armies) != set(SIDES):
        raise BadArmy("armies: must be {'C': army, 'G': army}")
    for side in SIDES:
        check_plain(armies[side], f"armies.{side}", BadArmy, max_depth=2)
    if mode == "draft":
        from towers_core.gauntlet.draft import validate_army
        if foe is not None:
            raise TowersError("foe: only in the Gauntlet")
        for side in SIDES:
            try:
                validate_army(armies[side])
            except BadArmy as e:
                raise BadArmy(f"armies.{side}: {e}") from None
        if scout is not None and scout not in SLOTS[:8]:
            raise BadArmy(f"scout: {brief(scout)} is not Ki or one of the 7 unit codes")
        public = {"C": [scout] if scout else [], "G": []}
        foe_entry, rc = None, "king"
        echo = 0
    else:
        if scout is not None:
            raise TowersError("scout: only in Draft modes")
        if isinstance(foe, str):
            foe = {"id": foe, "echo": 0}
        if not isinstance(foe, dict) or set(foe) != {"id", "echo"}:
            raise TowersError("foe: must be {'id': foe id, 'echo': k}")
        f = get_foe(foe["id"])
        echo = check_echo(foe["echo"], "foe.echo")
        for side in SIDES:
            check_gauntlet_army(armies[side], f"armies.{side}", gauntlet_required(side, f.sig))
        public = {"C": list(SLOTS), "G": list(SLOTS)}
        foe_entry, rc = {"id": f.id, "echo": echo}, f.id
    tiles, chests = field(s, mode == "gauntlet")
    return {
        "game": "gauntlet", "mode": mode, "seed": f"{s:016x}", "foe": foe_entry,
        "control_tiles": tiles, "chests": chests, "spoils": {"gold": 0, "tomes": 0},
        "turn": 1, "to_move": "C", "ap": 0, "supply": {"C": 1 + echo, "G": 1}, "token": True,
        "royals": {"C": royal_stats(rc), "G": royal_stats("king")},
        "armies": {s: copy.deepcopy(armies[s]) for s in SIDES}, "public": public, "pieces": {}, "result": None,
    }


def view(pos: dict, side: str) -> dict:
    """§16.2: hidden enemy pieces removed; Draft: unpublished enemy slots become `"?"`."""
    if side not in SIDES:
        raise TowersError(f"side: {brief(side)} is not 'C' or 'G'")
    validate(pos)
    return raw_view(pos, side)


def raw_view(pos: dict, side: str) -> dict:
    """`view` without validation: hidden enemy pieces removed; Draft: unpublished enemy slots become `"?"`."""
    v = clone(pos)
    enemy = other(side)
    v["pieces"] = {t: q for t, q in v["pieces"].items() if q["side"] == side or not q.get("hidden", False)}
    if v["mode"] == "draft":
        pub = set(v["public"][enemy])
        v["armies"][enemy] = {c: (e if c in pub else "?") for c, e in v["armies"][enemy].items()}
    return v


def _bad(msg: str) -> BadPosition:
    return BadPosition(msg)


def _int(v: object, field: str, lo: int, hi: int = COUNT_MAX) -> int:
    if type(v) is not int or v < lo or v > hi:
        raise _bad(f"{field}: {brief(v)} is not a whole number in {lo}..{hi}")
    return v


def _bool(v: object, field: str) -> bool:
    if not isinstance(v, bool):
        raise _bad(f"{field}: must be true or false")
    return v


def validate(pos: object) -> None:
    """Every §16.1 / §21.21 check, on plain JSON data only (plain.py); BadPosition names the field."""
    try:
        _validate(pos)
    except BadArmy as e:
        raise BadPosition(str(e)) from None
    except BadPosition:
        raise
    except (KeyError, TypeError, AttributeError, IndexError, ValueError, RecursionError) as e:
        raise _bad(f"position: malformed ({type(e).__name__}: {str(e)[:200]})") from None


def _validate(pos: object) -> None:
    if not isinstance(pos, dict):
        raise _bad("position: must be an object")
    check_plain(pos, "position", BadPosition)
    if set(pos) != set(KEYS):
        missing, extra = set(KEYS) - set(pos), set(pos) - set(KEYS)
        raise _bad(f"position: missing keys {sorted(missing)}, unknown keys {sorted(map(str, extra))}")
    if pos["game"] != "gauntlet":
        raise _bad("game: must be 'gauntlet'")
    mode = pos["mode"]
    if mode not in ("draft", "gauntlet"):
        raise _bad("mode: must be 'draft' or 'gauntlet'")
    g = mode == "gauntlet"
    if not isinstance(pos["seed"], str) or not re.fullmatch(r"[0-9a-f]{16}", pos["seed"]):
        raise _bad("seed: must be 16 lower-case hex digits")
    _check_foe(pos, g)
    _check_field(pos, g)
    turn = _int(pos["turn"], "turn", 1)
    if pos["to_move"] != ("C" if turn % 2 else "G"):
        raise _bad("to_move: must be 'C' on odd turns, 'G' on even")
    _int(pos["ap"], "ap", 0, AP_MAX)
    if not isinstance(pos["supply"], dict) or set(pos["supply"]) != set(SIDES):
        raise _bad("supply: must be {'C': n, 'G': n}")
    for s in SIDES:
        _int(pos["supply"][s], f"supply.{s}", 0)
    _bool(pos["token"], "token")
    _check_royals(pos, g)
    _check_armies(pos, g)
    _check_result(pos)
    _check_pieces(pos, g)


def _check_foe(pos: dict, g: bool) -> None:
    foe = pos["foe"]
    if not g:
        if foe is not None:
            raise _bad("foe: must be null in Draft modes")
        return
    if not isinstance(foe, dict) or set(foe) != {"id", "echo"} or foe["id"] not in FOES:
        raise _bad("foe: must be {'id': foe id, 'echo': k} in the Gauntlet")
    check_echo(foe["echo"], "foe.echo", BadPosition)


def _check_field(pos: dict, g: bool) -> None:
    ct = pos["control_tiles"]
    if (not isinstance(ct, list) or len(ct) != 3 or not all(isinstance(t, str) and t in XY for t in ct)
            or [t[1] for t in ct] != ["3", "4", "5"] or ct[0][0] != ct[2][0]
            or any(t[0] not in "bcdef" for t in ct)):
        raise _bad("control_tiles: must be [x3, y4, x5] with files b–f")
    ch = pos["chests"]
    if not isinstance(ch, dict):
        raise _bad("chests: must be an object")
    if ch and not g:
        raise _bad("chests: only in the Gauntlet")
    kinds = list(ch.values())
    if any(t not in XY or t[1] != "6" for t in ch) or any(k not in ("gold", "tome") for k in kinds) \
            or len(set(kinds)) != len(kinds):
        raise _bad("chests: tiles on rank 6 mapped to 'gold' / 'tome', one of each at most")
    sp = pos["spoils"]
    if not isinstance(sp, dict) or set(sp) != {"gold", "tomes"}:
        raise _bad("spoils: must be {'gold': n, 'tomes': n}")
    _int(sp["gold"], "spoils.gold", 0)
    _int(sp["tomes"], "spoils.tomes", 0)


def _check_royals(pos: dict, g: bool) -> None:
    r = pos["royals"]
    if not isinstance(r, dict) or set(r) != set(SIDES):
        raise _bad("royals: must be {'C': …, 'G': …}")
    for s in SIDES:
        e = r[s]
        if not isinstance(e, dict) or set(e) != ROYAL_KEYS:
            raise _bad(f"royals.{s}: must have keys {sorted(ROYAL_KEYS)}")
        want = pos["foe"]["id"] if g and s == "C" else "king"
        if e["id"] != want:
            raise _bad(f"royals.{s}.id: must be {brief(want)}")
        _bool(e["used"], f"royals.{s}.used")
        _int(e["atk"], f"royals.{s}.atk", 0, 99)
        _int(e["arm"], f"royals.{s}.arm", 0, 99)
        _int(e["spd"], f"royals.{s}.spd", 0, 7)
        if _bool(e["god"], f"royals.{s}.god") and not (g and s == "G"):
            raise _bad(f"royals.{s}.god: only Gold's King in the Gauntlet")


def _check_armies(pos: dict, g: bool) -> None:
    armies, public = pos["armies"], pos["public"]
    if not isinstance(armies, dict) or set(armies) != set(SIDES):
        raise _bad("armies: must be {'C': army, 'G': army}")
    if not isinstance(public, dict) or set(public) != set(SIDES):
        raise _bad("public: must be {'C': [...], 'G': [...]}")
    for s in SIDES:
        pub = public[s]
        if (not isinstance(pub, list) or not all(isinstance(c, str) and c in SLOTS for c in pub)
                or pub != sorted(set(pub), key=SLOTS.index)):
            raise _bad(f"public.{s}: slot codes, each once, in slot order")
        if g and pub != list(SLOTS):
            raise _bad(f"public.{s}: all 12 slots in the Gauntlet")
        if g:
            sig = FOES[pos["foe"]["id"]].sig
            check_gauntlet_army(armies[s], f"armies.{s}", gauntlet_required(s, sig), allow_both=s == "G")
            continue
        known = check_shape(armies[s], f"armies.{s}", allow_unknown=True)
        for c in SLOTS:
            if armies[s][c] == "?" and c in pub:
                raise _bad(f"armies.{s}.{c}: a public slot cannot be '?'")
        check_draft_known(known, f"armies.{s}")


def _check_result(pos: dict) -> None:
    res = pos["result"]
    if res is None:
        return
    if not isinstance(res, dict) or set(res) != {"winner", "reason"}:
        raise _bad("result: null or {'winner', 'reason'}")
    if res["reason"] not in ("royal", "control", "resign", "abandoned"):
        raise _bad(f"result.reason: {brief(res['reason'])} unknown")
    if res["winner"] not in ("C", "G", None) or (res["winner"] is None) != (res["reason"] == "abandoned"):
        raise _bad("result.winner: 'C' or 'G', null exactly when abandoned")


def _check_pieces(pos: dict, g: bool) -> None:
    pieces = pos["pieces"]
    if not isinstance(pieces, dict):
        raise _bad("pieces: must be an object")
    royals = {"C": 0, "G": 0}
    for t, q in pieces.items():
        if t not in XY:
            raise _bad(f"pieces: {brief(t)} is not a tile a1–g7")
        _check_piece(pos, t, q, g)
        if q.get("royal"):
            royals[q["side"]] += 1
    mover = pos["to_move"]
    pending = pos["turn"] <= 2 and pos["result"] is None and royals[mover] == 0
    for s in SIDES:
        room = 2 if pending and s == mover else 0   # §4.2: placement's two Depots must fit
        if royals[s] > 1:
            raise _bad(f"pieces: two Royals on side {s}")
        if afield(pos, s) > SUPPLY_CAP - room:
            raise _bad(f"pieces: side {s} has more than {SUPPLY_CAP - room} Supply afield"
                       + (" before its placement" if room else ""))
        for code, lim in LIMITS.items():
            lim -= room if code == "De" else 0
            if sum(1 for q in pieces.values() if q["side"] == s and q["type"] == code) > lim:
                raise _bad(f"pieces: side {s} has more than {lim} {code}" + (" before its placement" if room else ""))
    if pos["result"] is None:
        for s, placed_from in (("C", 2), ("G", 3)):
            if pos["turn"] >= placed_from and royals[s] == 0:
                rid = pos["royals"][s]["id"]
                code = "Ki" if rid == "king" else FOES[rid].sig
                if code not in ("Ro", "Qu"):
                    raise _bad(f"pieces: side {s}'s Royal is missing from a running Battle")


def _check_piece(pos: dict, t: str, q: object, g: bool) -> None:
    f = f"pieces.{t}"
    if not isinstance(q, dict) or "type" not in q or "side" not in q:
        raise _bad(f"{f}: must be a piece object with side and type")
    side, typ = q["side"], q["type"]
    if side not in SIDES:
        raise _bad(f"{f}.side: {brief(side)} is not 'C' or 'G'")
    slot = pos["armies"][side].get(typ) if isinstance(typ, str) else None
    if typ in UNITS:
        if set(q) != UNIT_KEYS:
            raise _bad(f"{f}: a unit has exactly the keys {sorted(UNIT_KEYS)}")
        rid = pos["royals"][side]["id"]
        rcode = "Ki" if rid == "king" else FOES[rid].sig
        if _bool(q["royal"], f"{f}.royal"):
            if typ != rcode:
                raise _bad(f"{f}.royal: side {side}'s Royal is a {rcode}, not {typ}")
        elif typ == "Ki":
            raise _bad(f"{f}: a King that is not a Royal")
        elif isinstance(slot, dict) and not slot["in"]:
            raise _bad(f"{f}.type: {typ} is not in side {side}'s army")
        mx = _int(q["max"], f"{f}.max", 1, 999)
        _int(q["hp"], f"{f}.hp", 1, mx)
        _bool(q["done"], f"{f}.done")
        if _bool(q["hidden"], f"{f}.hidden") and typ not in ("Ro", "Qu"):
            raise _bad(f"{f}.hidden: only a Rogue or Queen hides")
        if _bool(q["sieged"], f"{f}.sieged") and typ != "Rk":
            raise _bad(f"{f}.sieged: only a Rook sieges")
        _check_aff(q["aff"], f)
        _check_fx(q["fx"], f, pos["turn"])
        if g and side == "G" and t in pos["chests"]:
            raise _bad(f"{f}: a Gold unit on an unclaimed chest")
    elif typ in STRUCTURES:
        if set(q) != STRUCT_KEYS:
            raise _bad(f"{f}: a structure has exactly the keys {sorted(STRUCT_KEYS)}")
        if q["max"] != STRUCTURES[typ] or isinstance(q["max"], bool):
            raise _bad(f"{f}.max: a {typ} has max {STRUCTURES[typ]}")
        _int(q["hp"], f"{f}.hp", 1, q["max"])
        _bool(q["done"], f"{f}.done")
        if _bool(q["site"], f"{f}.site") and typ != "Cp":
            raise _bad(f"{f}.site: only a Control Post is built as a site")
        if isinstance(slot, dict) and not slot["in"]:
            raise _bad(f"{f}.type: {typ} is not in side {side}'s army")
        if not structure_tile_ok(pos, side, t, typ):
            raise _bad(f"{f}: a {typ} cannot stand on {t}")
    else:
        raise _bad(f"{f}.type: {brief(typ)} is not a unit or structure code")


def _check_aff(aff: object, f: str) -> None:
    if not isinstance(aff, dict) or set(aff) != {"burn", "poison", "shock", "freeze"}:
        raise _bad(f"{f}.aff: must have keys burn, poison, shock, freeze")
    for k in ("burn", "poison"):
        lst = aff[k]
        if not isinstance(lst, list) or not all(type(x) is int and 0 < x <= COUNT_MAX for x in lst):
            raise _bad(f"{f}.aff.{k}: a list of whole numbers from 1 to {COUNT_MAX}")
    for k in ("shock", "freeze"):
        _int(aff[k], f"{f}.aff.{k}", 0, 3)


def _check_fx(fx: object, f: str, turn: int) -> None:
    if not isinstance(fx, list):
        raise _bad(f"{f}.fx: must be a list")
    last = -1
    for e in fx:
        if not isinstance(e, dict) or set(e) != {"k", "v", "until"} or e["k"] not in FX_KINDS:
            raise _bad(f"{f}.fx: entries {{k, v, until}} with a known kind")
        i = FX_KINDS.index(e["k"])
        if i <= last:
            raise _bad(f"{f}.fx: one of each kind, in kind order")
        last = i
        if e["k"] in ("empower", "hex"):
            if e["v"] not in ("dmg", "arm", "rng"):
                raise _bad(f"{f}.fx.{e['k']}: v must be dmg, arm or rng")
        elif e["v"] is not None:
            raise _bad(f"{f}.fx.{e['k']}: v must be null")
        _int(e["until"], f"{f}.fx.{e['k']}.until", turn, turn + 2)   # §8.2: at most t+2


def shared_position(pos: dict, opened: list | dict | None = None) -> dict:
    """§16.3: the whole position with every army slot not yet opened replaced by `"?"`;
    `opened` defaults to `public` (§21.32): a dict side → slots, or one list for both sides."""
    validate(pos)
    if opened is None:
        opened = pos["public"]
    if isinstance(opened, list):
        opened = {"C": opened, "G": opened}
    if not isinstance(opened, dict) or set(opened) != set(SIDES):
        raise TowersError("opened: a list of slots or {'C': [...], 'G': [...]}")
    out = copy.deepcopy(pos)
    for s in SIDES:
        keep = opened[s]
        if not isinstance(keep, list) or not all(isinstance(c, str) for c in keep):
            raise TowersError(f"opened.{s}: a list of slot codes")
        out["armies"][s] = {c: (e if c in keep else "?") for c, e in out["armies"][s].items()}
    return out


def canonical_json(pos: dict) -> str:
    """Keys sorted, no spaces, UTF-8 text (§16.3) of a position, view or shared position (any plain
    JSON object of a position's depth: a shared position may hold `"?"` where validate wants a slot)."""
    import json
    if not isinstance(pos, dict):
        raise _bad("position: must be an object")
    check_plain(pos, "position", BadPosition)
    return json.dumps(pos, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def position_hash(pos: dict) -> str:
    """First 16 hex of SHA-256 of the canonical shared position (§13.6)."""
    import hashlib
    return hashlib.sha256(canonical_json(shared_position(pos)).encode("utf-8")).hexdigest()[:16]


def clone_piece(q: dict) -> dict:
    """A copy of one piece for `clone`: a unit's `aff` lists and `fx` entries are copied, not shared."""
    c = dict(q)
    aff = q.get("aff")
    if aff is not None:
        c["aff"] = {"burn": list(aff["burn"]), "poison": list(aff["poison"]),
                    "shock": aff["shock"], "freeze": aff["freeze"]}
        c["fx"] = [dict(f) for f in q["fx"]]
    return c


def clone(pos: dict) -> dict:
    """A deep copy of a validated position, fast (the engine's hot path; deepcopy is slow)."""
    p = dict(pos)
    p["control_tiles"] = list(pos["control_tiles"])
    p["chests"] = dict(pos["chests"])
    p["spoils"] = dict(pos["spoils"])
    p["supply"] = dict(pos["supply"])
    p["foe"] = dict(pos["foe"]) if pos["foe"] is not None else None
    p["result"] = dict(pos["result"]) if pos["result"] is not None else None
    p["royals"] = {s: dict(v) for s, v in pos["royals"].items()}
    p["armies"] = {s: {c: (dict(e) if isinstance(e, dict) else e) for c, e in a.items()}
                   for s, a in pos["armies"].items()}
    p["public"] = {s: list(v) for s, v in pos["public"].items()}
    p["pieces"] = {t: clone_piece(q) for t, q in pos["pieces"].items()}
    return p
