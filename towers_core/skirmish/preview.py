"""The attack preview: both Mights term by term and each outcome's probability (RULES §5).

It runs the engine's own fight on copies of the mover's view, once per pull combination and (against
a face-down card) per identity the belief model allows, so it can never disagree with the real fight.
"""

from __future__ import annotations

from towers_core.errors import IllegalAction
from towers_core.skirmish import belief, notation
from towers_core.skirmish.cards import INDEX
from towers_core.skirmish.pulls import play, pull_table
from towers_core.skirmish.rules import A_TERMS, D_TERMS, OUTCOMES, Engine

OUTCOME_NAMES = OUTCOMES[1:]
KING = INDEX["K"]


def preview(e: Engine, view: dict, code: int) -> dict:
    """Preview of a legal attacking action on the mover's view Engine `e`."""
    kind, a, b, fk, c = notation.decode(code)
    if kind == notation.ATTACK:
        a_sq, d_sq, march = a, b, 0
    elif kind in (notation.DEPLOY, notation.MANEUVER) and fk == 1:
        a_sq, d_sq, march = b, c, int(kind == notation.MANEUVER)
    else:
        raise IllegalAction(f"{notation.format_action(code)!r} is not an attack")
    d_name = notation.SQUARES[d_sq]
    d_cell = view["board"][d_name]
    known = d_cell["card"] != "?"
    identities = {d_cell["card"]: 1.0} if known else belief.hidden_distribution(view, view["to_move"], d_name)
    outcomes = dict.fromkeys(OUTCOME_NAMES, 0.0)
    a_terms = dict.fromkeys(A_TERMS, 0.0)
    d_terms = dict.fromkeys(D_TERMS, 0.0)
    mass = 0.0
    for card, weight in identities.items():
        trial = e.copy()
        _, owner, flags = trial.get_square(d_sq)
        trial.set_square(d_sq, INDEX[card], owner, flags)
        terms = _terms_after_move(trial, code, a_sq, d_sq, march)
        if terms is not None:
            mass += weight
            for k, v in zip(A_TERMS, terms[0]):
                a_terms[k] += weight * v
            for k, v in zip(D_TERMS, terms[1]):
                d_terms[k] += weight * v
        for pulls, p in pull_table(trial, code):
            record = play(trial.copy(), code, pulls)
            outcomes[OUTCOMES[record["fight"]["outcome"]]] += weight * p
    if mass:
        a_terms = {k: v / mass for k, v in a_terms.items()}
        d_terms = {k: v / mass for k, v in d_terms.items()}
    return {"legal": True, "attacker": notation.SQUARES[a_sq], "defender": d_name,
            "defender_known": known, "identities": identities,
            "king_fight": mass == 0.0,
            "a_terms": a_terms if mass else None, "d_terms": d_terms if mass else None,
            "pull_odds": _pull_odds(pull_table(e, code)) if mass else {},  # a King fight pulls nothing
            "outcomes": outcomes}


def _pull_odds(table: list[tuple[dict, float]]) -> dict[str, dict[int, float]]:
    """Each puller's own value odds, from the joint table."""
    odds: dict[str, dict[int, float]] = {}
    for pulls, p in table:
        for key, v in pulls.items():
            odds.setdefault(key, {}).setdefault(v, 0.0)
            odds[key][v] += p
    return odds


def _terms_after_move(e: Engine, code: int, a_sq: int, d_sq: int, march: int):
    """Might terms with the attacker standing where the action puts it (None in King fights).

    The deploy or maneuver is played by the engine itself, without its follow-up."""
    kind, a, b, fk, c = notation.decode(code)
    trial = e.copy()
    if kind in (notation.DEPLOY, notation.MANEUVER):
        trial.apply(notation.encode(kind, a, b))
    if KING in (trial.get_square(a_sq)[0], trial.get_square(d_sq)[0]):
        return None
    at, dt, _ = trial.might(a_sq, d_sq, march, 1)
    return at, dt
