"""Who plays in a browser (issue 26): the account's own player on loopback; beyond it a name and the
host's shared password (a signed, HttpOnly cookie; refused attempts rate-limited), or a name a
trusted proxy sends. The name reaches the app as an SSH name does."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from yarl import URL

from norsewind_tui.ssh.launch import Served, served_environment
from norsewind_tui.ssh.server import GameServer, ServeConfig
from norsewind_tui.web.failures import FAILURE_WINDOW, FAILURES_ALLOWED
from norsewind_tui.web.server import COOKIE, COOKIE_SECONDS, CookieSigner, WebConfig

from .helpers import Browser, environment_of, probe_program, serving

PASSWORD = "correct horse battery"


def run(coro: Coroutine[Any, Any, None], timeout: float = 120) -> None:
    asyncio.run(asyncio.wait_for(coro, timeout))


@pytest.fixture
def password_config(config: WebConfig, tmp_path: Path) -> WebConfig:
    path = tmp_path / "password"
    path.write_text(PASSWORD + "\n")
    path.chmod(0o600)
    config.password_file = path
    config.program = probe_program()
    return config


async def refused(tab: Browser, headers: dict[str, str] | None = None) -> int:
    """The HTTP status refusing the game's websocket."""
    with pytest.raises(aiohttp.WSServerHandshakeError) as caught:
        await tab.open(headers)
    return caught.value.status


def test_the_player_is_the_accounts_own_on_loopback_with_serves_environment(config: WebConfig, saves: Path) -> None:
    """Without a password or a proxy, every tab plays as the account's player; its app gets the
    environment an SSH session of that player gets, told it is served to a browser."""
    config.program = probe_program()
    config.database = "postgresql://norsewind:s3cret@db.example.org/norsewind"

    async def main() -> None:
        async with serving(config) as server, Browser(server.port) as tab:
            async with tab.http.get(tab.base) as page:
                assert "<title>Norsewind: alice</title>" in await page.text()
                assert "connect-src 'self'" in page.headers["Content-Security-Policy"]  # nowhere else
                assert page.headers["X-Frame-Options"] == "DENY"
            await tab.open()
            env = await environment_of(tab)
        ssh_config = ServeConfig(saves=saves, open=True, database=config.database)
        ssh = GameServer(ssh_config).app_environment("alice", "xterm-256color", {})
        textual = {k: env.pop(k) for k in list(env) if k.startswith("TEXTUAL_") or k.startswith("TERM_PROGRAM")}
        assert textual == {
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
            "TEXTUAL_FPS": "60",
            "TERM_PROGRAM": "textual",
            "TERM_PROGRAM_VERSION": "1.1.3",
        }
        assert (env.pop("COLUMNS"), env.pop("ROWS")) == ("100", "32")
        assert env.pop("COLORTERM") == "truecolor"
        assert env.pop("NORSEWIND_SERVED") == "web" and ssh.pop("NORSEWIND_SERVED") == "ssh"
        assert env == ssh  # the rest exactly as serve gives it: player, saves, empty PATH, no client variables
        assert env["NORSEWIND_PLAYER"] == env["USER"] == env["LOGNAME"] == "alice"
        assert env["NORSEWIND_DATABASE"] == config.database  # in the environment, never on a command line

    run(main())


def test_a_name_and_the_shared_password_set_a_signed_httponly_cookie(password_config: WebConfig) -> None:
    async def main() -> None:
        log: list[str] = []
        async with serving(password_config, log) as server, Browser(server.port) as tab:
            async with tab.http.get(tab.base) as page:
                assert page.status == 200 and 'name="password"' in await page.text()  # the login form
            assert await refused(tab) == 401

            wrong = await tab.login("erik", "not the password")
            assert wrong.status == 403
            bad = await tab.login("erik smith", PASSWORD)
            assert bad.status == 400

            good = await tab.login("erik", PASSWORD)
            assert good.status == 200 and [r.status for r in good.history] == [303]
            cookie = good.history[0].headers["Set-Cookie"]
            assert cookie.startswith(f"{COOKIE}=erik.") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
            async with tab.http.get(tab.base) as page:
                assert "<title>Norsewind: erik</title>" in await page.text()
            await tab.open()
            env = await environment_of(tab)
            assert env["NORSEWIND_PLAYER"] == env["USER"] == "erik"
        assert "erik@127.0.0.1: login refused (wrong password)" in log
        assert "erik@127.0.0.1: logged in (password)" in log
        assert "127.0.0.1: GET /ws: 401 Unauthorized (log in first)" in log

    run(main())


def test_a_cookie_the_server_did_not_sign_or_past_its_time_names_nobody() -> None:
    signer = CookieSigner(b"k" * 32, clock=lambda: 1_000_000.0)
    value = signer.make("erik")
    assert signer.name_of(value) == "erik"
    name, stamp, signature = value.split(".")
    expiry, nonce = stamp.split("-")
    assert name == "erik" and int(expiry) == 1_000_000 + COOKIE_SECONDS and len(nonce) == 12
    assert signer.name_of(f"admin.{stamp}.{signature}") is None  # another name, the same signature
    assert signer.name_of(f"erik.{int(expiry) + 1}-{nonce}.{signature}") is None  # a longer life
    assert CookieSigner(b"x" * 32, clock=lambda: 1_000_000.0).name_of(value) is None  # another server's key
    assert CookieSigner(b"k" * 32, clock=lambda: float(expiry) + 1).name_of(value) is None  # expired
    again = signer.make("erik")  # the same second: another cookie, so logging one out keeps the other
    assert again != value and signer.name_of(again) == "erik"
    signer.revoke(value)
    assert signer.name_of(value) is None and signer.name_of(again) == "erik"
    old = f"erik.{int(expiry)}"  # a cookie made before the nonce is still read
    assert signer.name_of(f"{old}.{signer._signature(old)}") == "erik"
    assert signer.name_of("") is None and signer.name_of("erik") is None and signer.name_of("a.b.c.d") is None


def test_refused_logins_are_rate_limited_per_address(password_config: WebConfig) -> None:
    """After five wrong passwords from one address, even the right one waits (429 with
    Retry-After); another address is not held up."""

    async def main() -> None:
        log: list[str] = []
        async with (
            serving(password_config, log) as server,
            Browser(server.port) as tab,
            Browser(server.port, source="127.0.0.2") as other,
        ):
            statuses = [(await tab.login("erik", f"guess {i}")).status for i in range(FAILURES_ALLOWED)]
            assert statuses == [403] * FAILURES_ALLOWED
            held = await tab.login("erik", PASSWORD)
            assert held.status == 429
            assert 0 < int(held.headers["Retry-After"]) <= FAILURE_WINDOW
            assert (await other.login("bob", PASSWORD)).status == 200
        assert sum("login refused (wrong password)" in line for line in log) == FAILURES_ALLOWED
        assert any(line.startswith("127.0.0.1: POST /login: 429 Too Many Requests (too many refused") for line in log)
        assert "bob@127.0.0.2: logged in (password)" in log

    run(main())


def test_a_new_password_logs_everyone_out(password_config: WebConfig) -> None:
    """Issue 38.5: the cookies are signed under a key made from the cookie key and the password, so
    after the password file changes and the server restarts an old cookie gets the login form."""

    async def main() -> None:
        log: list[str] = []
        async with serving(password_config, log) as server, Browser(server.port) as tab:
            assert (await tab.login("erik", PASSWORD)).status == 200
            cookie = tab.http.cookie_jar.filter_cookies(URL(tab.base))
        async with serving(password_config, log) as server, Browser(server.port) as tab:
            tab.http.cookie_jar.update_cookies(cookie)  # the same password: still logged in
            async with tab.http.get(tab.base) as page:
                assert "<title>Norsewind: erik</title>" in await page.text()
        assert password_config.password_file is not None
        password_config.password_file.write_text("a new password entirely\n")
        async with serving(password_config, log) as server, Browser(server.port) as tab:
            tab.http.cookie_jar.update_cookies(cookie)
            async with tab.http.get(tab.base) as page:
                assert page.status == 200 and 'name="password"' in await page.text()  # the login form
            assert await refused(tab) == 401
            assert (await tab.login("erik", "a new password entirely")).status == 200
        assert log[-2:] == [
            "127.0.0.1: GET /ws: 401 Unauthorized (log in first)",
            "erik@127.0.0.1: logged in (password)",
        ]

    run(main())


def test_refused_logins_from_many_addresses_meet_a_limit_for_the_whole_host(password_config: WebConfig) -> None:
    """Issue 38.6: 40 addresses, one wrong password each: the first 20 are checked, the rest get 429
    (and so would a right password: a guess checked is a guess answered) with one log line and a
    count; a player logged in before plays on."""

    async def main() -> None:
        log: list[str] = []
        async with serving(password_config, log) as server, Browser(server.port) as erik:
            assert (await erik.login("erik", PASSWORD)).status == 200
            statuses, waits = [], []
            for n in range(2, 42):
                async with Browser(server.port, source=f"127.0.0.{n}") as guesser:
                    answer = await guesser.login("erik", f"guess {n}")
                    statuses.append(answer.status)
                    waits.append(answer.headers.get("Retry-After", ""))
            assert statuses == [403] * 20 + [429] * 20
            assert all(0 < int(wait) <= 60 for wait in waits[20:]), waits
            async with Browser(server.port, source="127.0.0.42") as right:
                assert (await right.login("bob", PASSWORD)).status == 429
            async with erik.http.get(erik.base) as page:
                assert "<title>Norsewind: erik</title>" in await page.text()
        assert sum("login refused (wrong password)" in line for line in log) == 20
        assert [line for line in log if "from all addresses" in line] == [
            "server: 20 refused logins within a minute from all addresses; every login waits (429) until the "
            "oldest is a minute old",
            "server: refused 20 more login(s) past the limit of refused logins from all addresses",
        ]

    run(main())


def test_refused_logins_count_per_ipv6_64_and_are_forgotten_after_the_window() -> None:
    from norsewind_tui.web.failures import HOST_FAILURES_ALLOWED, Failures, source_of

    now = [1000.0]
    failures = Failures(clock=lambda: now[0])
    assert source_of("2001:db8::1") == source_of("2001:db8::ffff:1") == "2001:db8::/64"
    assert source_of("2001:db8:0:1::1") == "2001:db8:0:1::/64" and source_of("192.0.2.7") == "192.0.2.7"
    for n in range(FAILURES_ALLOWED):  # five addresses of one /64: one guesser
        failures.failed(f"2001:db8::{n + 1}")
    assert failures.wait("2001:db8::abcd") == FAILURE_WINDOW
    assert failures.wait("2001:db8:0:1::1") == 0.0 and failures.wait("192.0.2.7") == 0.0
    for n in range(HOST_FAILURES_ALLOWED - FAILURES_ALLOWED):
        failures.failed(f"192.0.2.{n}")
    assert failures.host_wait() == FAILURE_WINDOW
    now[0] += 30
    assert failures.host_wait() == 30.0
    now[0] += 30
    assert failures.host_wait() == 0.0 and failures.wait("2001:db8::abcd") == 0.0
    failures.failed("192.0.2.200")
    assert list(failures.seen) == ["192.0.2.200"]  # the sources past the window forgotten


def test_the_name_a_trusted_proxy_sends_and_only_from_the_proxy(config: WebConfig) -> None:
    config.trust_header = "X-Forwarded-User"
    config.program = probe_program()

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server, Browser(server.port) as tab:
            assert await refused(tab) == 401  # no name sent
            assert await refused(tab, {"X-Forwarded-User": "carol smith"}) == 403  # not a player name
            async with tab.http.get(tab.base, headers={"X-Forwarded-User": "carol"}) as page:
                assert "<title>Norsewind: carol</title>" in await page.text()
            # the page as the proxy serves it (https, its host name), the request as it passes it on
            proxied = {
                "X-Forwarded-User": "carol",
                "Host": "game.example.org",
                "Origin": "https://game.example.org",
            }
            await tab.open(proxied)
            env = await environment_of(tab)
            assert env["NORSEWIND_PLAYER"] == "carol"
        assert "127.0.0.1: GET /ws: 401 Unauthorized (the proxy sent no X-Forwarded-User)" in log

        # issue 38.10: a header sent twice (a client's passed on beside the proxy's) is refused, whichever first
        async with serving(config, log) as server:
            for names in ((b"carol", b"mallory"), (b"carol", b"carol")):
                reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
                writer.write(
                    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                    + b"".join(b"X-Forwarded-User: " + name + b"\r\n" for name in names)
                    + b"\r\n"
                )
                answer = await reader.read()
                writer.close()
                assert answer.startswith(b"HTTP/1.1 400 Bad Request\r\n") and b"Norsewind: carol" not in answer
        twice = "127.0.0.1: GET /: 400 Bad Request (X-Forwarded-User came 2 times; the proxy must send it once)"
        assert log[-2:] == [twice, twice]

        config.trust_proxy = ("192.0.2.7",)  # the proxy is elsewhere: a name from here is not believed
        async with serving(config, log) as server, Browser(server.port) as tab:
            assert await refused(tab, {"X-Forwarded-User": "carol"}) == 403
        assert "127.0.0.1: GET /ws: 403 Forbidden (only the proxy may connect)" in log

    run(main())


def test_a_page_from_another_site_cannot_open_a_game(config: WebConfig) -> None:
    config.program = probe_program()

    async def main() -> None:
        async with serving(config) as server, Browser(server.port) as tab:
            assert await refused(tab, {"Origin": "http://evil.example"}) == 403
            assert await refused(tab, {"Origin": "null"}) == 403
            assert await refused(tab, {"Origin": f"http://127.0.0.1.evil.example:{server.port}"}) == 403
            await tab.open({"Origin": f"http://127.0.0.1:{server.port}"})  # the page's own origin
            assert (await environment_of(tab))["NORSEWIND_PLAYER"] == "alice"

    run(main())


def test_a_page_under_another_name_cannot_play_as_the_account_dns_rebinding(config: WebConfig) -> None:
    """Issue 38.1: a page at rebind.example, a name made to resolve to 127.0.0.1, is its own origin to
    the browser, so Origin and Host agree; the Host names another server than this one: refused, the
    page and the websocket alike. The server's own names still play."""
    config.program = probe_program()

    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server, Browser(server.port) as tab:
            rebound = f"rebind.example:{server.port}"
            assert await refused(tab, {"Host": rebound, "Origin": f"http://{rebound}"}) == 403
            async with tab.http.get(tab.base, headers={"Host": rebound}) as page:
                assert page.status == 403 and "alice" not in await page.text()
            for own in (f"localhost:{server.port}", "LOCALHOST", f"[::1]:{server.port}", "127.0.0.1"):
                async with tab.http.get(tab.base, headers={"Host": own}) as page:
                    assert page.status == 200, own
            own = f"127.0.0.1:{server.port}"
            await tab.open({"Host": own, "Origin": f"http://{own}"})
            assert (await environment_of(tab))["NORSEWIND_PLAYER"] == "alice"
        said = f"this server plays for its own account: not at the name {rebound}"
        assert [line for line in log if "rebind" in line] == [
            f"127.0.0.1: GET /ws: 403 Forbidden ({said})",
            f"127.0.0.1: GET /: 403 Forbidden ({said})",
        ]
        playing = [line.split(", pid ")[0] for line in log if "playing" in line]
        assert playing == ["alice@127.0.0.1: playing (browser 100x32"]  # the own name's tab only

    run(main())


def test_the_served_environment_is_one_function_for_both_servers(tmp_path: Path) -> None:
    served = Served(tmp_path, tmp_path / "empty", None, "web")
    env = served_environment(served, "dana", "xterm-256color", "24bit")
    assert (env["NORSEWIND_SERVED"], env["COLORTERM"], env["PATH"]) == ("web", "24bit", str(tmp_path / "empty"))
    assert "COLORTERM" not in served_environment(served, "dana", "xterm", "yes please")


def test_logging_out_ends_the_cookies_session_for_good(password_config: WebConfig, saves: Path) -> None:
    """The page's "Log out" (a form posted to ``logout``): the cookie is cleared, the next request asks
    for a login, the tabs it opened are hung up, and a copy of the cookie (another tab, a thief) names
    nobody either, even after a restart; logging in again makes a new one."""

    async def main() -> None:
        log: list[str] = []
        async with serving(password_config, log) as server:
            tab, copy = Browser(server.port), Browser(server.port)
            try:
                assert (await tab.login("erik", PASSWORD)).status == 200
                cookie = tab.http.cookie_jar.filter_cookies(URL(tab.base))
                copy.http.cookie_jar.update_cookies(cookie)  # the same cookie in another tab
                async with copy.http.get(tab.base) as page:
                    text = await page.text()
                    assert "<title>Norsewind: erik</title>" in text and 'action="logout"' in text
                await tab.open()
                await environment_of(tab)

                foreign = {"Origin": "http://evil.example"}
                async with tab.http.post(tab.base + "logout", headers=foreign, allow_redirects=False) as out:
                    assert out.status == 403  # a page elsewhere cannot log a player out
                async with tab.http.post(tab.base + "logout") as out:
                    assert out.status == 200 and 'name="password"' in await out.text()  # the login form
                    assert [r.status for r in out.history] == [303]
                    cleared = out.history[0].headers["Set-Cookie"]
                    assert cleared.startswith(f'{COOKIE}=""; ') and "Max-Age=0" in cleared, cleared
                assert len(tab.http.cookie_jar) == 0
                await tab.wait_for("norsewind: logged out (your game is saved)")  # its tab is hung up
                await tab.ended()

                async with copy.http.get(tab.base) as page:
                    assert 'name="password"' in await page.text()  # the copy names nobody
                assert await refused(copy) == 401
            finally:
                await tab.close()
        assert "erik@127.0.0.1: logged out" in log
        assert any(line.startswith("erik@127.0.0.1: ended (") and "logged out" in line for line in log), log
        assert "127.0.0.1: POST /logout: 403 Forbidden (a page from another site may not play here)" in log

        async with serving(password_config, log) as server:  # a restart keeps it logged out
            copy.base = f"http://127.0.0.1:{server.port}/"
            again = Browser(server.port)
            try:
                assert await refused(copy) == 401
                assert (await again.login("erik", PASSWORD)).status == 200  # a new cookie
                async with again.http.get(again.base) as page:
                    assert "<title>Norsewind: erik</title>" in await page.text()
            finally:
                await copy.close()
                await again.close()
        assert len((saves / "web" / "logged_out").read_text().splitlines()) == 1

    run(main())


def test_there_is_no_logout_where_the_server_knows_who_plays(config: WebConfig) -> None:
    async def main() -> None:
        log: list[str] = []
        async with serving(config, log) as server:
            tab = Browser(server.port)
            try:
                async with tab.http.get(tab.base) as page:
                    assert 'action="logout"' not in await page.text()
                async with tab.http.post(tab.base + "logout") as out:
                    assert out.status == 404
            finally:
                await tab.close()
        assert log == ["127.0.0.1: POST /logout: 404 Not Found (nothing to log out of: this server knows who you are)"]

    run(main())
