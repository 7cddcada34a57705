"""What ``norsewind web`` was asked for, checked before aiohttp is imported.

Who plays is decided by the server, in one of three ways (``WebConfig.how``):

- ``owner``: neither ``--password-file`` nor ``--trust-header``: every browser plays as the account's
  own player, so the server listens on loopback only (as ``serve --open`` does);
- ``password``: a shared password set by the host (``--password-file FILE``, never on the command
  line) and a player name; the server then sets a signed, HttpOnly cookie;
- ``header``: the name a reverse proxy sends (``--trust-header X-Forwarded-User``), believed only
  from the proxy's addresses (``--trust-proxy``, loopback by default).
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from ..options import Options
from ..ssh.config import ServeError, is_loopback_only, limits_of, limits_problem, resolved, where_not_loopback
from ..ssh.lifecycle import HANGUP_GRACE

DEFAULT = Options()
DEFAULT_PORT = 8000  # textual-serve's
HEADER_RE = re.compile(r"[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}")  # an HTTP header name (a token)

How = Literal["owner", "password", "header"]


class WebError(ServeError):
    """A problem the operator can fix; printed as one line, exit status 2."""


@dataclass
class WebConfig:
    """Everything ``norsewind web`` was asked for (``saves`` is the resolved folder)."""

    saves: Path
    host: str = DEFAULT.host
    port: int = DEFAULT_PORT
    public_url: str | None = None  # the address players open, when a proxy stands in front
    password_file: Path | None = None
    trust_header: str | None = None
    trust_proxy: tuple[str, ...] = ("127.0.0.1", "::1")
    max_sessions: int = DEFAULT.max_sessions
    max_startups: int = DEFAULT.max_startups  # connections logging in (or their app starting) at once
    per_source_startups: int = DEFAULT.per_source_max_startups
    login_grace_time: float = DEFAULT.login_grace_time  # seconds for an app to show its first screen
    idle_timeout: float = DEFAULT.idle_timeout
    no_mouse: bool = False
    cards: Path | None = None
    database: str | None = None
    owner: str = ""  # the account's own player (how == "owner"); set at start
    log: Callable[[str], None] | None = None
    extra_env: dict[str, str] = field(default_factory=dict)  # added to every app's environment
    program: list[str] | None = None  # run this instead of norsewind (Python API only: tests, benches)
    hangup_grace: float = HANGUP_GRACE  # seconds from an app's SIGHUP to its SIGKILL (Python API only)

    @property
    def how(self) -> How:
        if self.trust_header is not None:
            return "header"
        if self.password_file is not None:
            return "password"
        return "owner"


def check_web_config(config: WebConfig) -> None:
    """Refuse a configuration before anything is created or bound (one-line ``WebError``)."""
    problem = limits_problem(config)
    if problem:
        raise WebError(problem)
    if config.password_file is not None and config.trust_header is not None:
        raise WebError("choose either --password-file FILE or --trust-header NAME, not both")
    if config.trust_header is not None and HEADER_RE.fullmatch(config.trust_header) is None:
        raise WebError(f"--trust-header must be an HTTP header name, not {config.trust_header!r}")
    for proxy in config.trust_proxy:
        try:
            ipaddress.ip_address(proxy)
        except ValueError:
            raise WebError(f"--trust-proxy takes numeric addresses, not {proxy!r}") from None
    if config.public_url is not None and not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", config.public_url):
        raise WebError(f"--public-url must be an http:// or https:// address, not {config.public_url!r}")
    if config.how == "owner" and not is_loopback_only(config.host):
        raise WebError(
            "without --password-file or --trust-header every browser plays as this account's player, so it "
            f"listens on loopback only (127.0.0.1 or ::1), not on {where_not_loopback(config.host)}"
        )


def config_of(args: Options, log: Callable[[str], None] | None = None) -> WebConfig:
    """The configuration the command line asks for (``saves`` still to be resolved)."""
    proxies = tuple(p.strip() for p in (args.trust_proxy or "127.0.0.1,::1").split(",") if p.strip())
    return WebConfig(
        saves=Path(),
        host=args.host,
        port=args.web_port,
        public_url=args.public_url.rstrip("/") if args.public_url else None,
        password_file=resolved(args.password_file),
        trust_header=args.trust_header,
        trust_proxy=proxies,
        no_mouse=args.no_mouse,
        cards=resolved(args.cards),
        log=log,
        **limits_of(args),
    )


def read_password(path: Path) -> str:
    """The shared password: the file's first line (a file, so that ``ps`` never shows it)."""
    try:
        mode = path.stat().st_mode & 0o777
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise WebError(f"cannot read the password file {path}: {getattr(exc, 'strerror', None) or exc}") from None
    if mode & 0o077:
        raise WebError(f"the password file {path} has mode {mode:04o}; it must be 0600 (chmod 600 it)")
    password = text.splitlines()[0].strip() if text.strip() else ""
    if len(password) < 8:
        raise WebError(f"the password in {path} is shorter than 8 characters")
    return password
