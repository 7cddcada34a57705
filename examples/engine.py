#!/usr/bin/env python3
"""An outside computer player for Norsewind: the engine protocol (docs/ENGINE.md), stdlib only.

Run it as a seat: norsewind simulate --engine 'python3 examples/engine.py' --games 20
It plays a simple rule of thumb: a castle while a kingdom has none (and it goes there), otherwise
the building with the most helmets and citizens for its cost, a figure rather than nothing, any space.
"""

import json
import random
import sys

PROTOCOL = 1


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()  # one line per message, at once: the host waits for it


def score(move, view, cards):
    tag, *numbers = move
    kingdoms = view["players"][view["current"]]["kingdoms"]
    if tag == "castle":  # ["castle", index in the castle display]
        bare = any(k["castle"] < 0 for k in kingdoms)
        return 30 + cards[view["display"][numbers[0]]]["prestige"] if bare else -1
    if tag == "building":  # ["building", market slot]
        card = cards[view["market"][numbers[0]]]
        return 10 + card["helmets"] + card["citizens"] - card["cost"]
    if tag == "kingdom" and view["held"] >= 0 and cards[view["held"]]["type"] == "castle":
        return 10 if kingdoms[numbers[0]]["castle"] < 0 else 0  # ["kingdom", row]
    if tag in ("supply", "citizen", "disc", "kingdom"):
        return 5
    return 0  # decline, refresh, pass


def main():
    rng = random.Random(0)
    cards = []
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            cards = message["card_set"]["cards"]  # a view's card n is cards[n]
            send({"type": "ready", "protocol": PROTOCOL, "name": "example"})
        elif message["type"] == "decide":
            view, moves = message["view"], message["moves"]
            best = max(score(m, view, cards) for m in moves)
            choices = [i for i, m in enumerate(moves) if score(m, view, cards) == best]
            send({"type": "move", "id": message["id"], "index": rng.choice(choices)})
        elif message["type"] == "bye":
            break


if __name__ == "__main__":
    main()
