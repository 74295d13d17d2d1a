"""Parse a Magic card pool and report target-phrase coverage and speed.

Usage: python benchmarks/parse_corpus.py [CARDS.json(.gz)] [--failures N]

Definitions (also in docs/card-text.md):
- *target cards*: cards whose top-level Oracle text contains "target" (the
  issue's 9,605 on the 2025-09-25 pool); faces count too in a second figure.
- a card is *fully understood* when every declaring use of the word target in
  its text is covered by a parsed target requirement (non-empty kinds, min, max)
  and no target phrase or qualifier after one is left Unsupported.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

DEFAULT = (
    Path(__file__).resolve().parents[1].parent / "shared/cards/mtg-oracle-cards-2025-09-25.json.gz"
)


def main(argv: list[str] | None = None) -> int:
    from tcgrules.carddata.magic import load_cards
    from tcgrules.cardtext.coverage import corpus_report

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cards", nargs="?", default=os.environ.get("TCGRULES_MTG_CARDS", str(DEFAULT)))
    ap.add_argument("--failures", type=int, default=40, help="how many failures to list")
    args = ap.parse_args(argv)
    if not Path(args.cards).exists():
        print(f"no card file at {args.cards}; pass a path or set TCGRULES_MTG_CARDS")
        return 2
    cards = load_cards(args.cards)
    started, cpu = time.perf_counter(), time.process_time()
    report = corpus_report(cards)
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(report.summary(elapsed))
    # this process's CPU time: other processes on a shared machine weigh less on it
    print(f"cpu seconds:              {cpu:.2f}")
    print(f"\nfirst {args.failures} failures (the work queue):")
    for name, problem in report.failures[: args.failures]:
        print(f"  {name}: {problem}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
