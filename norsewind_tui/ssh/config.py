"""What ``norsewind serve`` was asked for, checked before anything heavy is imported.

A usage error (a bad port, --open beyond loopback...) is one line, exit 2, without importing
asyncssh (a third of a second a start; the tests start it for each case, issue 22 §4).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypedDict

from ..options import Options
from .limits import check_seconds


class ServeError(Exception):
    """A problem the operator can fix; printed as one line, exit status 2."""


DEFAULT = Options()  # serve's defaults, as the command line has them


@dataclass
class ServeConfig:
    """Everything ``norsewind serve`` was asked for (``saves`` is the resolved folder)."""

    saves: Path
    host: str = DEFAULT.host
    port: int = DEFAULT.port
    authorized_keys: Path | None = None
    open: bool = False
    idle_timeout: float = DEFAULT.idle_timeout
    max_sessions: int = DEFAULT.max_sessions
    login_grace_time: float = DEFAULT.login_grace_time  # seconds from connecting to logged in
    max_startups: int = DEFAULT.max_startups  # connections logging in at once, in total
    per_source_startups: int = DEFAULT.per_source_max_startups  # the same, from one address
    cards: Path | None = None  # passed on to the app as --cards
    log: Callable[[str], None] | None = None
    database: str | None = None  # the PostgreSQL store of every session (NORSEWIND_DATABASE, never argv)
    extra_env: dict[str, str] = field(default_factory=dict)  # added to every app's environment
    program: list[str] | None = None  # run this instead of norsewind (Python API only: tests, benches)


def limits_problem(config: Limits) -> str | None:
    """What is wrong with a server's port and limits (serve's and web's are the same options), or None."""
    if not 0 <= config.port <= 65535:
        return f"--port must be 0-65535, not {config.port}"
    for option, count in (
        ("--max-sessions", config.max_sessions),
        ("--max-startups", config.max_startups),
        ("--per-source-max-startups", config.per_source_startups),
    ):
        if count < 1:
            return f"{option} must be at least 1"
    return check_seconds("--idle-timeout", config.idle_timeout) or check_seconds(
        "--login-grace-time", config.login_grace_time, allow_zero=False
    )


def where_not_loopback(host: str) -> str:
    """``host`` as a refusal names it: ``0x0a000001 (which is 10.0.0.1)``; the wildcard is "every address"."""
    elsewhere = [a for a in resolve_host(host) if not is_loopback_address(a)]
    where = host or "every address"
    if elsewhere and elsewhere != [host]:
        where += f" (which is {', '.join(elsewhere)})"
    return where


def check_config(config: ServeConfig) -> None:
    """Refuse a configuration before anything is created or bound (one-line ``ServeError``)."""
    problem = limits_problem(config)
    if problem:
        raise ServeError(problem)
    if config.open:
        if config.authorized_keys is not None:
            raise ServeError("choose either --open (no keys, loopback only) or --authorized-keys FILE")
        if not is_loopback_only(config.host):
            raise ServeError(
                f"--open lets anyone in without a key, so it listens on loopback only (127.0.0.1 or ::1), "
                f"not on {where_not_loopback(config.host)}; use --authorized-keys FILE instead"
            )


class Limits(Protocol):
    """A server's port and limits, as ``limits_problem`` reads them."""

    port: int
    max_sessions: int
    max_startups: int
    per_source_startups: int
    idle_timeout: float
    login_grace_time: float


class LimitOptions(TypedDict):
    """A server's limits as the command line gives them (serve's and web's are the same options)."""

    idle_timeout: float
    max_sessions: int
    login_grace_time: float
    max_startups: int
    per_source_startups: int


def limits_of(args: Options) -> LimitOptions:
    """The limits ``args`` asks for, as a config's fields (``ServeConfig(**limits_of(args), ...)``)."""
    return LimitOptions(
        idle_timeout=args.idle_timeout,
        max_sessions=args.max_sessions,
        login_grace_time=args.login_grace_time,
        max_startups=args.max_startups,
        per_source_startups=args.per_source_max_startups,
    )


def resolved(path: str | None) -> Path | None:
    """A file named on the command line, as an absolute path (the app runs in the saves folder)."""
    return Path(path).resolve() if path else None


def config_of(args: Options, log: Callable[[str], None] | None = None) -> ServeConfig:
    """The configuration the command line asks for (``saves`` still to be resolved)."""
    return ServeConfig(
        saves=Path(),
        host=args.host,
        port=args.port,
        authorized_keys=resolved(args.authorized_keys),
        open=args.open,
        cards=resolved(args.cards),
        log=log,
        **limits_of(args),
    )


# --------------------------------------------------------------------------- loopback


def resolve_host(host: str) -> list[str]:
    """The numeric addresses ``host`` names, in order, without repeats: itself when it is a plain
    address, else what the resolver makes of it (``127.1``, ``0x7f000001`` and ``2130706433`` are all
    127.0.0.1, as the socket calls read them). The wildcard ('', ``*``) and a name that does not
    resolve give []."""
    if host in ("", "*"):
        return []
    try:
        return [str(ipaddress.ip_address(host))]
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return []
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def is_loopback_address(address: str) -> bool:
    """127.0.0.0/8, ::1, or an IPv4-mapped loopback address (``::ffff:127.0.0.1``)."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return ip.ipv4_mapped.is_loopback
    return ip.is_loopback


def is_loopback_only(host: str) -> bool:
    """True when every address ``host`` resolves to is a loopback address; the wildcard is not."""
    addresses: Sequence[str] = resolve_host(host)
    return bool(addresses) and all(is_loopback_address(a) for a in addresses)
