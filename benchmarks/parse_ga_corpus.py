"""Parse the Grand Archive card pool and report target-phrase coverage and speed.

Usage: python benchmarks/parse_ga_corpus.py [CARDS.json(.gz)] [--failures N]

The pool is the Grand Archive index JSON (1,893 cards in 2026-02), from the argument,
``TCGRULES_GA_CARDS`` or ``../shared/cards``.

Definitions (as for Magic and Flesh and Blood, benchmarks/parse_corpus.py):
- *target cards*: cards whose effect text contains the word "target" in any case (GA
  sentences often begin with "Target"; 644 cards of the 2026-02 pool); the figure over
  the cards that contain it in lower case is printed too.
- a card is *fully understood* when every declaring use of the word target in its text
  (ga:objects-and-targeting/target-1) is covered by a parsed target requirement and no
  target phrase, or qualifier right after one, is left Unsupported.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/cards/ga-cards-2026-02.json.gz"


def main(argv: list[str] | None = None) -> int:
    from tcgrules.carddata.grand_archive import load_ga_cards
    from tcgrules.cardtext.coverage import corpus_report

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cards", nargs="?", default=os.environ.get("TCGRULES_GA_CARDS", str(DEFAULT)))
    ap.add_argument("--failures", type=int, default=40, help="how many failures to list")
    args = ap.parse_args(argv)
    if not Path(args.cards).exists():
        print(f"no card file at {args.cards}; pass a path or set TCGRULES_GA_CARDS")
        return 2
    cards = load_ga_cards(args.cards)
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
