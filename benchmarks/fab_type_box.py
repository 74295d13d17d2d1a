"""Read every Flesh and Blood type box of a card pool and compare it with the card data.

Usage: python benchmarks/fab_type_box.py [CARDS.json(.gz)] [--mismatches N]

The pool is the JSON of the ``@flesh-and-blood/cards`` package (default: the 3.8.6
pool in shared/cards beside the repository, or ``TCGRULES_FAB_CARDS``). Each card's
``typeText`` goes through ``parse_type_line`` and must give back the card's ``types``,
``subtypes``, ``classes`` and ``talents``. The data's own conventions are undone by
``compare_with_card_data`` (see its docstring); how many cards each one touched is
printed, so none of them hides a mismatch.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

DEFAULT = Path(__file__).resolve().parents[1].parent / "shared/cards/fab-cards-3.8.6.json.gz"


def load_pool(path: Path) -> list[dict[str, Any]]:
    """The package's JSON list, gzipped or plain."""
    raw = path.read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    data: list[dict[str, Any]] = json.loads(raw)
    return data


def main(argv: list[str] | None = None) -> int:
    from tcgrules.games.flesh_and_blood.vocabulary import (
        DATA_FIELDS,
        NOTES,
        compare_with_card_data,
    )

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cards", nargs="?", default=os.environ.get("TCGRULES_FAB_CARDS", str(DEFAULT)))
    ap.add_argument("--mismatches", type=int, default=20, help="how many mismatches to list")
    args = ap.parse_args(argv)
    path = Path(args.cards)
    if not path.exists():
        print(f"no card file at {path}; pass a path or set TCGRULES_FAB_CARDS", file=sys.stderr)
        return 2
    cards = load_pool(path)
    started = time.perf_counter()
    results = [compare_with_card_data(card) for card in cards]
    elapsed = time.perf_counter() - started

    total = len(results)
    exact = sum(r.matches for r in results)
    print(f"FaB type boxes read: {total} ({path.name})")
    for field in DATA_FIELDS:
        same = sum(r.field_matches(field) for r in results)
        print(f"  {field:<9} reproduced: {same}/{total}")
    print(f"all four fields reproduced: {exact}/{total} = {100 * exact / max(total, 1):.2f}%")
    touched = Counter(note for r in results for note in r.notes)
    print("normalisations (cards touched):")
    for note in NOTES:
        names = sorted({r.name for r in results if note in r.notes})
        shown = "" if len(names) > 6 else f"  [{'; '.join(names)}]"
        print(f"  {note:<20} {touched[note]:>5}{shown}")
    failures = [r for r in results if not r.matches]
    if failures:
        print(f"\nfirst {min(args.mismatches, len(failures))} of {len(failures)} mismatches:")
        for r in failures[: args.mismatches]:
            for field, (want, got) in r.mismatches().items():
                print(f"  {r.name} | {r.type_text!r} | {field}: data {want} parsed {got}")
    print(f"\ntime: {elapsed:.3f}s ({1e6 * elapsed / max(total, 1):.1f} µs per card)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
