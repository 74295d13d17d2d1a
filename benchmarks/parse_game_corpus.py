"""Parse the Flesh and Blood or Grand Archive card pool; report target-phrase coverage and speed.

Usage: python benchmarks/parse_game_corpus.py {fab,ga} [CARDS.json(.gz)] [--failures N]

The pool comes from the argument, ``TCGRULES_FAB_CARDS`` / ``TCGRULES_GA_CARDS``, or
``../shared/cards``: the ``@flesh-and-blood/cards`` JSON (one entry per pitch version;
4,682 in 3.8.6) or the Grand Archive index JSON (1,893 cards in 2026-02). Magic has its
own script, benchmarks/parse_corpus.py, whose definitions these follow:
- *target cards*: cards whose text contains the word "target" in any case (both games'
  sentences often begin with "Target"); the figure over the cards that contain it in
  lower case (Magic's definition) is printed too.
- a card is *fully understood* when every declaring use of the word target in its text
  (fab:1.8.5, ga:objects-and-targeting/target-1) is covered by a parsed target
  requirement and no target phrase, or qualifier right after one, is left Unsupported.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1].parent / "shared/cards"
#: game -> (environment variable, default file)
POOLS = {
    "fab": ("TCGRULES_FAB_CARDS", SHARED / "fab-cards-3.8.6.json.gz"),
    "ga": ("TCGRULES_GA_CARDS", SHARED / "ga-cards-2026-02.json.gz"),
}


def main(argv: list[str] | None = None) -> int:
    from tcgrules.cardtext.coverage import corpus_report
    from tcgrules.kernel.ruleset import find_ruleset

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", choices=sorted(POOLS))
    ap.add_argument("cards", nargs="?", default=None)
    ap.add_argument("--failures", type=int, default=40, help="how many failures to list")
    args = ap.parse_args(argv)
    variable, default = POOLS[args.game]
    path = args.cards or os.environ.get(variable, str(default))
    if not Path(path).exists():
        print(f"no card file at {path}; pass a path or set {variable}")
        return 2
    cards = find_ruleset(args.game)().card_file(Path(path))
    started = time.perf_counter()
    report = corpus_report(cards, any_case=True)
    elapsed = time.perf_counter() - started
    print(report.summary(elapsed))
    lower = corpus_report(cards)
    print(
        f'lower-case "target" only: {lower.target_cards_ok} of {lower.target_cards} '
        f"understood ({lower.percent():.2f}%)"
    )
    print()
    print(report.failure_list(args.failures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
