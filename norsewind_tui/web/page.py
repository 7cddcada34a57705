"""The two pages ``norsewind web`` serves: the game (textual-serve's script, xterm.js in the page) and
the login form. Nothing is fetched from elsewhere (textual-serve's own page loads a web font from
Google): the font is the one textual-serve ships, and every address is relative to the page, so a
reverse proxy may serve it under any path."""

from __future__ import annotations

from html import escape

STYLE = """
@font-face { font-family: "Roboto Mono"; src: url("static/fonts/RobotoMono-VariableFont_wght.ttf"); }
body { background: #0c181f; margin: 0; color: rgba(255, 255, 255, 0.95); font-family: "Roboto Mono", monospace; }
.box { max-width: 36em; margin: 10vh auto; padding: 2em; background: #12232d; }
.box input { display: block; width: 100%; margin: 0.3em 0 1em; padding: 0.4em; font: inherit; box-sizing: border-box; }
.box form { display: inline; margin-left: 1em; }
.box button { padding: 0.6em 2em; font: inherit; background: #5e0ba7; color: #fff; border: none; cursor: pointer; }
.problem { color: #ff9d9d; }
.closed { display: none; position: absolute; inset: 0; align-items: center; justify-content: center; z-index: 10; }
body.-closed .closed { display: flex; }
.textual-terminal { opacity: 0; }
body.-first-byte .textual-terminal { opacity: 1; }
"""

# textual.js reads the websocket's address from the element when the page has loaded: made here from
# the page's own address (ws: or wss:, the same host and path), so it is right behind any proxy. A
# tab that played before (a reload, or "Play again" after the connection dropped) asks for ws/continue:
# the player's latest game at once. A tab whose player quit starts anew (the server's close reason).
WEBSOCKET_URL = """
const KEY = "norsewind-tab";
const again = sessionStorage.getItem(KEY) === "playing";
sessionStorage.setItem(KEY, "playing");
const here = new URL(again ? "ws/continue" : "ws", window.location.href);
here.protocol = here.protocol === "https:" ? "wss:" : "ws:";
document.getElementById("terminal").dataset.sessionWebsocketUrl = here.href;
const Real = window.WebSocket;
window.WebSocket = function (url, protocols) {
  const socket = new Real(url, protocols);
  socket.addEventListener("close", (event) => { if (event.reason === "quit") sessionStorage.removeItem(KEY); });
  return socket;
};
window.WebSocket.prototype = Real.prototype;
"""


# The end of a cookie's session (password logins): the tab's mark goes too, so that the next player
# to log in here starts on the title screen, not in this one's game.
LOGOUT = """<form method="post" action="logout" onsubmit="sessionStorage.removeItem('norsewind-tab')">
<button type="submit">Log out</button></form>"""


def game_page(player: str, font_size: int = 16, logout: bool = False) -> str:
    """The page that runs the game for ``player`` (the app's output drawn by xterm.js); ``logout``:
    the box shown when the session has ended (the game is saved, not over) offers to log out too."""
    name = escape(player)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Norsewind: {name}</title>
<link rel="stylesheet" href="static/css/xterm.css">
<script src="static/js/textual.js"></script>
<style>{STYLE}</style>
</head>
<body>
<div class="closed"><div class="box"><p>This session has ended (every decision is saved).</p>
<button type="button" onclick="window.location.reload()">Play again</button>{LOGOUT if logout else ""}</div></div>
<div id="terminal" class="textual-terminal" data-font-size="{int(font_size)}"></div>
<script>{WEBSOCKET_URL}</script>
</body>
</html>
"""


def login_page(problem: str = "", name: str = "") -> str:
    """The form asking for a player name and the host's shared password."""
    said = f'<p class="problem">{escape(problem)}</p>' if problem else ""
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Norsewind: log in</title>
<style>{STYLE}</style>
</head>
<body>
<form class="box" method="post" action="login">
<h1>Norsewind</h1>
{said}
<label for="name">Player name (1-32 letters, digits, '.', '_' or '-')</label>
<input id="name" name="name" value="{escape(name)}" maxlength="32" autocomplete="username" required autofocus>
<label for="password">The host's password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Play</button>
</form>
</body>
</html>
"""
