import json, os, sys, urllib.request  # a turn notice (docs/SSH.md): table, how to come back, whose turn

hook = os.environ.get("NORSEWIND_HOOK", "http://127.0.0.1:8765/norsewind")  # a local web hook
urllib.request.urlopen(hook, json.dumps(dict(zip(("table", "open", "turn"), sys.argv[1:4], strict=True))).encode())
