"""Plain JSON data: the only form the Gauntlet API takes a position, view or army in.

One walk before any field is read, so a dict subclass, a float, a tuple, a cycle, nesting past a
position's depth, a 5,000-digit number or an unencodable string is refused by field, and the
checks and engines after it only ever meet `dict`, `list`, `str`, `int`, `bool` and `None`.
"""

from __future__ import annotations

from towers_core.errors import TowersError, brief

MAX_DEPTH = 5          # containers a position nests: pieces > tile > aff > burn list
INT_BITS = 63          # field checks cap every number far lower; this keeps the walk's own work small
_BIG = 1 << INT_BITS


def _name(path: tuple) -> str:
    """`pieces.d4.aff` from the nested (parent, key) pairs the walk keeps."""
    keys = []
    while path:
        path, key = path
        keys.append(str(key))
    return ".".join(reversed(keys))


def check_plain(value: object, field: str, error: type[TowersError], max_depth: int = MAX_DEPTH) -> None:
    """Refuse (with `error` naming the field) anything but plain JSON data of at most `max_depth`
    nested containers: exact dict (str keys), list, str (UTF-8 encodable), int (63-bit), bool, None."""
    if (type(value) is dict or type(value) is list) and _plain(value, max_depth):
        return
    _name_the_fault(value, field, error, max_depth)
    raise error(f"{field}: must be an object or a list")


def _plain(v: dict | list, depth: int) -> bool:
    """The fast yes/no of check_plain on a container (recursion bounded by `depth`)."""
    if not depth:
        return False
    if type(v) is dict:
        for k in v:
            if type(k) is not str:
                return False
        v = v.values()  # type: ignore[assignment]
    for x in v:
        tx = type(x)
        if tx is dict or tx is list:
            if not _plain(x, depth - 1):
                return False
        elif tx is str:
            if not (x.isascii() or _utf8(x)):
                return False
        elif tx is int:
            if not -_BIG < x < _BIG:
                return False
        elif x is not None and tx is not bool:
            return False
    return True


def _utf8(s: str) -> bool:
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _name_the_fault(value: object, field: str, error: type[TowersError], max_depth: int) -> None:
    """The slow walk of check_plain that names the first field at fault."""
    stack: list[tuple[object, tuple, int]] = [(value, ((), field), 0)]
    while stack:
        v, path, depth = stack.pop()
        t = type(v)
        if t is dict or t is list:
            if depth >= max_depth:
                raise error(f"{_name(path)}: nested deeper than a position ({max_depth} levels)")
            if t is list:
                stack.extend((x, (path, i), depth + 1) for i, x in enumerate(v))  # type: ignore[arg-type]
                continue
            for k, x in v.items():  # type: ignore[union-attr]
                if type(k) is not str:
                    raise error(f"{_name(path)}: key {brief(k)} is not a string")
                stack.append((x, (path, k), depth + 1))
        elif t is str:
            if not v.isascii():  # type: ignore[union-attr]
                if not _utf8(v):  # type: ignore[arg-type]
                    raise error(f"{_name(path)}: not UTF-8 encodable text")
        elif t is int:
            if not -_BIG < v < _BIG:  # type: ignore[operator]
                raise error(f"{_name(path)}: {brief(v)} is too large")
        elif v is not None and t is not bool:
            raise error(f"{_name(path)}: {t.__name__} is not plain JSON data "
                        "(objects, lists, strings, whole numbers, true/false, null)")
