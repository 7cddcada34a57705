"""Tournaments in words (issue 44.1): the one line a refused act gets, and the pages' lines."""

from __future__ import annotations


def bad_name(clean: str) -> str:
    return f"{clean!r} would be its name: a tournament's name is letters, digits, - and _"


def limits(name: str, problem: str) -> str:
    return f"{name}: {problem}"


def taken(name: str) -> str:
    return f"{name}: there is a tournament of that name already"


def started(name: str) -> str:
    return f"{name} has started: it takes no more players"


def already_in(identity: str, name: str) -> str:
    return f"you ({identity}) are in {name} already"


def full(name: str, most: int) -> str:
    return f"{name} is full ({most} players)"


def only_creator(creator: str, name: str) -> str:
    return f"only {creator}, who made {name}, starts it"


def started_already(name: str) -> str:
    return f"{name} has started already"


def too_few(name: str) -> str:
    return f"{name} needs 2 players or more to start"


def not_in(identity: str, name: str) -> str:
    return f"you ({identity}) are not in {name}"


def left_already(identity: str, name: str) -> str:
    return f"you ({identity}) left {name} already"


def unknown(name: str) -> str:
    return f"no tournament is called {name}"


def busy(name: str) -> str:
    return f"{name} is changing too fast here: try again"


def decided(name: str) -> str:
    return f"{name}: the round is decided already"
