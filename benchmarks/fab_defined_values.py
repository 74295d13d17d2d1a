"""Read the defining ability of every "(c)" power and defense of a Flesh and Blood pool.

Usage: python benchmarks/fab_defined_values.py [CARDS.json(.gz)]

The pool is the JSON of the ``@flesh-and-blood/cards`` package (default: the 3.8.6 pool
in shared/cards beside the repository, or ``TCGRULES_FAB_CARDS``). A power or defense
printed as "(c)" is defined by an ability of the card (fab:2.3.2a, fab:2.9.2a); the data
writes it as "*" (or "X") in ``specialPower`` / ``specialDefense``. For each such value
the card's text is read by the FaB grammar: the value is *read* when a defining ability
for that property is found. Each card is also put in a new game, in its owner's hand,
and its value computed: a read value must come out as a number, an unread one raises
NotSupportedError naming it. Printed versions and card names are both counted.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/cards/fab-cards-3.8.6.json.gz"


def main(argv: list[str] | None = None) -> int:
    from tcgrules.carddata.flesh_and_blood import load_fab_cards
    from tcgrules.games.flesh_and_blood.defined import read_pool
    from tcgrules.games.flesh_and_blood.ruleset import FleshAndBlood

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cards", nargs="?", default=os.environ.get("TCGRULES_FAB_CARDS", str(DEFAULT)))
    args = ap.parse_args(argv)
    if not Path(args.cards).exists():
        print(f"no card file at {args.cards}; pass a path or set TCGRULES_FAB_CARDS")
        return 2
    cards = load_fab_cards(args.cards)
    started = time.perf_counter()
    found = read_pool(cards, FleshAndBlood())
    elapsed = time.perf_counter() - started
    values = [(r, prop) for r in found for prop in r.printed]
    read = [(r, prop) for r, prop in values if prop in r.read]
    numbers = [(r, prop) for r, prop in read if isinstance(r.values[prop], int)]
    names = {r.name for r in found}
    read_names = {r.name for r in found if r.fully_read}
    print(f"cards in the pool:               {len(cards)}")
    print(f"versions with a (c) value:       {len(found)} ({len(names)} names)")
    symbols = sorted({f"{p}={s}" for r in found for p, s in r.printed.items()})
    print(f"  printed as:                    {', '.join(symbols)}")
    print(f"(c) values:                      {len(values)}")
    print(f"  defining ability read:         {len(read)} ({100 * len(read) / len(values):.1f}%)")
    print(f"  computed to a number in hand:  {len(numbers)}")
    print(
        f"names with every (c) value read: {len(read_names)} of {len(names)} "
        f"({100 * len(read_names) / len(names):.1f}%)"
    )
    print("\nnot read:")
    for r in found:
        for prop in sorted(set(r.printed) - r.read):
            print(f"  {r.name} {prop} ({r.printed[prop]}): {r.values[prop]}")
    print("\nread, value in a new game with the card in hand:")
    for r in found:
        for prop in sorted(r.read):
            print(f"  {r.name} {prop}: {r.values[prop]}")
    print(f"\ntime: {elapsed:.3f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
