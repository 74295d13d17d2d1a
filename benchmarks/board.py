"""Board benchmark: every figure of issue #13, at 50, 200, 1,000 and 5,000 permanents.

The loop search and self-play run is: copy the game, make one move, ask for the legal
targets. Boards grow with vanilla creatures and lands while the matches stay fixed
(4 artifacts and 4 enchantments, 5 creatures with flying), so a query whose cost
grows with the board is looking at objects that can't match.

Figures (medians of several timed rounds, through the public API; the time is the
process's CPU time, so that other processes on a shared machine weigh less):

- first legal-target query after one change: tap (or untap) a land, then enumerate
  "target artifact or enchantment" (8 matches), on one game; and the same on a fresh
  copy of the game each time (copy, tap, query);
- query cost of "target artifact or enchantment" and "target creature with flying" on a
  warm board;
- copy + cast + resolve of a Lightning Bolt that kills a creature, 200 permanents, and
  the same by phase (copy, cast, resolution, state-based actions);
- memory held by a copy after its first write (tracemalloc), 200 permanents;
- a warm one-type query ("target artifact"), 200 permanents;
- the whole Magic pool parse (``benchmarks/parse_corpus.py``), unless ``--no-pool``.

Run: ``python benchmarks/board.py [--no-pool] [--sizes 50,200]``.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time
import tracemalloc
from collections.abc import Callable
from types import MappingProxyType

from tcgrules import CardDefinition, Game, new_game, parse_card
from tcgrules.kernel import play
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.descriptors import TargetRequirement
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import resolve_top
from tcgrules.kernel.targeting import Targeter, legal_targets

SIZES = (50, 200, 1000, 5000)
ART_OR_ENCH = "Destroy target artifact or enchantment."
FLYING = "Destroy target creature with flying."
ONE_TYPE = "Destroy target artifact."


def card(name: str, type_line: str, text: str = "", **values: object) -> CardDefinition:
    return CardDefinition("mtg", name, type_line, text, MappingProxyType(dict(values)))  # type: ignore[arg-type]


def build(permanents: int) -> tuple[Game, ObjectRef, ObjectRef]:
    """A board of ``permanents`` permanents over two players: 4 artifacts, 4 enchantments,
    5 creatures with flying, then vanilla creatures and lands half and half; 5 Lightning
    Bolts in Alice's hand. Returns the game, a land and a creature Bolt kills."""
    game = new_game("mtg", ["Alice", "Bob"])
    owners = ("Alice", "Bob")
    for i in range(4):
        game.create(card(f"Relic {i}", "Artifact", cost="{2}"), owners[i % 2], "battlefield")
        game.create(card(f"Aura {i}", "Enchantment", cost="{1}{W}"), owners[i % 2], "battlefield")
    for i in range(5):
        flyer = card(f"Bird {i}", "Creature — Bird", "Flying", cost="{U}", power=1, toughness=1)
        game.create(flyer, owners[i % 2], "battlefield")
    land: ObjectRef | None = None
    victim: ObjectRef | None = None
    for i in range(permanents - 13):
        owner = owners[i % 2]
        if i % 2:
            ref = game.create(card(f"Land {i}", "Basic Land — Forest"), owner, "battlefield")
            land = land or ref
        else:
            bear = card(f"Bear {i}", "Creature — Bear", cost="{1}{G}", power=2, toughness=2)
            ref = game.create(bear, owner, "battlefield")
            victim = victim or ref
    bolt = card("Lightning Bolt", "Instant", "Lightning Bolt deals 3 damage to any target.")
    for _ in range(5):
        game.create(bolt, "Alice", "hand")
    game.check_state()
    assert land is not None and victim is not None
    return game, land, victim


def targeter(game: Game) -> Targeter:
    quality = Characteristics(name="Bolt", types=frozenset({"instant"}))
    return Targeter("Alice", "spell", None, game.zone("hand", "Alice")[0], quality)


def requirement(text: str) -> list[TargetRequirement]:
    found = list(parse_card("mtg", text).target_requirements())
    assert found, f"no requirement parsed from {text!r}"
    return found


def per_call(fn: Callable[[], object], n: int, rounds: int = 7) -> float:
    """Median CPU seconds per call of ``fn`` over ``rounds`` rounds of ``n`` calls."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(n):
            fn()
        times.append((time.process_time() - start) / n)
    return statistics.median(times)


def repeats(size: int) -> int:
    return max(20, 40000 // size)


def fmt(seconds: float) -> str:
    us = seconds * 1e6
    return f"{us:9.1f} µs ({1 / seconds:>9,.0f}/s)"


def after_change(size: int) -> tuple[float, float, int]:
    """Seconds per (tap or untap a land, then the first query), on one game and on a
    fresh copy each time; and the number of matches."""
    game, land, _ = build(size)
    req = requirement(ART_OR_ENCH)
    who = targeter(game)
    matches = legal_targets(game, req, 0, who).count()
    state = [False]

    def one() -> None:
        state[0] = not state[0]
        game.set_tapped(land, state[0], rule_applied=None)
        for _ in legal_targets(game, req, 0, who):
            pass

    def on_copy() -> None:
        g = game.copy()
        g.set_tapped(land, not g.get(land).tapped, rule_applied=None)
        for _ in legal_targets(g, req, 0, who):
            pass

    n = repeats(size)
    return per_call(one, n), per_call(on_copy, n), matches


def warm_query(size: int, text: str) -> tuple[float, int]:
    """Seconds per enumeration of ``text``'s legal targets on a warm board, and matches."""
    game, _, _ = build(size)
    req = requirement(text)
    view = legal_targets(game, req, 0, targeter(game))
    matches = view.count()

    def one() -> None:
        for _ in view:
            pass

    return per_call(one, 2000), matches


def cycles() -> float:
    """Seconds per copy + cast + resolve + state-based actions (Bolt kills a bear), 200."""
    game, _, victim = build(200)
    hand = game.zone("hand", "Alice")
    game.seen("battlefield")  # a warm index, as a long-running engine has

    def one() -> None:
        g = game.copy()
        with g.transaction():
            play.cast(g, hand[0], "Alice", targets=[[victim]])
            resolve_top(g)
            g.check_state()
        assert not g.is_current(victim)

    return per_call(one, 300)


def cycle_phases(rounds: int = 7, n: int = 300) -> dict[str, float]:
    """Seconds per phase of the cycle :func:`cycles` times (medians of ``rounds``
    rounds): the copy with its transaction, the cast, the resolution, and the
    state-based actions that put the creature into the graveyard."""
    game, _, victim = build(200)
    hand = game.zone("hand", "Alice")
    game.seen("battlefield")
    clock = time.process_time
    names = ("copy", "cast", "resolve", "state-based actions")
    found: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(rounds):
        spent = dict.fromkeys(names, 0.0)
        for _ in range(n):
            t0 = clock()
            g = game.copy()
            with g.transaction():
                t1 = clock()
                play.cast(g, hand[0], "Alice", targets=[[victim]])
                t2 = clock()
                resolve_top(g)
                t3 = clock()
                g.check_state()
                t4 = clock()
            t5 = clock()
            spent["copy"] += (t1 - t0) + (t5 - t4)
            spent["cast"] += t2 - t1
            spent["resolve"] += t3 - t2
            spent["state-based actions"] += t4 - t3
        for name in names:
            found[name].append(spent[name] / n)
    return {name: statistics.median(times) for name, times in found.items()}


def copy_memory() -> int:
    """Bytes held by a copy after its first write (a land tapped), 200 permanents."""
    game, land, _ = build(200)
    game.seen("battlefield")
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    g = game.copy()
    g.set_tapped(land, True, rule_applied=None)
    gc.collect()
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del g
    return held


def pool_parse() -> float | None:
    """Seconds for the whole Magic pool parse (benchmarks/parse_corpus.py's corpus report)."""
    from parse_corpus import DEFAULT  # type: ignore[import-not-found]
    from tcgrules.carddata.magic import load_cards
    from tcgrules.cardtext.coverage import corpus_report

    if not DEFAULT.exists():
        return None
    cards = load_cards(str(DEFAULT))
    start = time.process_time()
    corpus_report(cards)
    return time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-pool", action="store_true", help="skip the whole-pool parse")
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)))
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]

    print("first legal-target query after one change (tap a land; 'artifact or enchantment'):")
    for size in sizes:
        same, fresh, matches = after_change(size)
        print(f"  {size:>5} permanents: {fmt(same)}   on a fresh copy: {fmt(fresh)}  [{matches}]")
    for text in (ART_OR_ENCH, FLYING):
        print(f"query cost, warm board, {text!r}:")
        first = None
        for size in sizes:
            cost, matches = warm_query(size, text)
            first = first or cost
            print(f"  {size:>5} permanents: {fmt(cost)}  [{matches} matches]  ×{cost / first:.1f}")
    print(f"copy + cast + resolve (Bolt kills a creature), 200: {fmt(cycles())}")
    phases = ", ".join(f"{k} {v * 1e6:.1f} µs" for k, v in cycle_phases().items())
    print(f"  by phase (timed apart, so a little more in all): {phases}")
    print(f"memory held by a copy after its first write, 200: {copy_memory() / 1024:.1f} KB")
    cost, matches = warm_query(200, ONE_TYPE)
    print(f"warm query, one card type ({ONE_TYPE!r}), 200: {fmt(cost)}  [{matches} matches]")
    if not args.no_pool:
        took = pool_parse()
        print("whole Magic pool parse: " + ("no card file" if took is None else f"{took:.1f} s"))


if __name__ == "__main__":
    main()
