"""Targeting benchmark: legal-target queries, game copies, cast-and-resolve cycles.

Board: 200 permanents over two players (creatures of five colors, some with
hexproof, shroud or protection; artifacts; lands), 20 cards in hand and 3 spells
on the stack. Prints medians of several timed rounds. Run: `python benchmarks/targeting.py`.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from types import MappingProxyType

from tcgrules import CardDefinition, Game, new_game, parse_card
from tcgrules.kernel import play
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.resolution import resolve_top
from tcgrules.kernel.targeting import Targeter, legal_targets

COLORS = ("white", "blue", "black", "red", "green")
LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
KEYWORDS = ("", "", "", "Hexproof", "Flying", "", "Protection from red", "Shroud", "", "Flying")

PHRASES = (
    "Destroy target creature.",
    "Destroy target nonblack creature.",
    "Destroy target creature an opponent controls.",
    "Destroy target creature you don't control.",
    "Destroy target artifact.",
    "Destroy target artifact or enchantment.",
    "Destroy target land.",
    "Destroy target nonland permanent.",
    "Destroy target permanent.",
    "Shock deals 2 damage to any target.",
    "Target player draws a card.",
    "Counter target spell.",
    "Counter target instant or sorcery spell.",
    "Destroy target creature with flying.",
    "Destroy target creature with power 2 or less.",
    "Return target creature card from your graveyard to your hand.",
    "Tap target creature.",
    "Destroy target green creature.",
    "Exile target artifact creature.",
    "Destroy target noncreature artifact.",
)


def card(name: str, type_line: str, text: str = "", **values: object) -> CardDefinition:
    return CardDefinition("mtg", name, type_line, text, MappingProxyType(dict(values)))  # type: ignore[arg-type]


def build() -> Game:
    game = new_game("mtg", ["Alice", "Bob"])
    for i in range(120):
        color = COLORS[i % 5]
        keyword = KEYWORDS[i % len(KEYWORDS)]
        owner = "Alice" if i % 2 else "Bob"
        c = card(
            f"Creature {i}",
            "Creature — Bear",
            keyword,
            cost="{1}{" + LETTER[color] + "}",
            power=1 + i % 4,
            toughness=2 + i % 3,
        )
        game.create(c, owner, "battlefield")
    for i in range(40):
        owner = "Alice" if i % 2 else "Bob"
        type_line = "Artifact Creature — Golem" if i % 4 == 0 else "Artifact"
        game.create(
            card(f"Artifact {i}", type_line, cost="{2}", power=2, toughness=2), owner, "battlefield"
        )
    for i in range(40):
        owner = "Alice" if i % 2 else "Bob"
        game.create(card(f"Land {i}", "Basic Land — Forest"), owner, "battlefield")
    shock = card("Shock", "Instant", "Shock deals 2 damage to any target.", cost="{R}")
    for _ in range(20):
        game.create(shock, "Alice", "hand")
    bolt = card("Bolt", "Instant", "Bolt deals 3 damage to any target.", cost="{R}")
    for _ in range(3):
        game.create(bolt, "Bob", "stack", controller="Bob")
    for i in range(10):
        game.create(
            card(f"Dead {i}", "Creature — Zombie", cost="{B}", power=2, toughness=2),
            "Alice",
            "graveyard",
        )
    game.check_state()  # settle the board once, as any engine does after setup
    return game


def median_rate(fn: Callable[[], int], rounds: int = 7) -> float:
    rates = []
    for _ in range(rounds):
        start = time.perf_counter()
        n = fn()
        rates.append(n / (time.perf_counter() - start))
    return statistics.median(rates)


def main() -> None:
    game = build()
    requirements = [parse_card("mtg", p).target_requirements() for p in PHRASES]
    for p, r in zip(PHRASES, requirements, strict=True):
        assert r, f"no requirement parsed from {p!r}"
    spell_quality = Characteristics(
        name="Shock", types=frozenset({"instant"}), colors=frozenset({"red"})
    )
    hand = game.zone("hand", "Alice")
    targeter = Targeter("Alice", "spell", None, hand[0], spell_quality)
    views = [legal_targets(game, r, 0, targeter) for r in requirements]
    counts = [v.count() for v in views]  # warm the caches once, as a long-running engine would

    def queries() -> int:
        n = 0
        for _ in range(50):
            for view in views:
                for _t in view:
                    pass
                n += 1
        return n

    bf = game.battlefield()
    probes = [bf[i] for i in range(0, 200, 7)]

    def membership() -> int:
        n = 0
        for _ in range(20):
            for view in views:
                for ref in probes:
                    _ = ref in view
                    n += 1
        return n

    def copies() -> int:
        for _ in range(20000):
            game.copy()
        return 20000

    target = next(
        r
        for r in bf
        if "creature" in game.characteristics(r).types and not game.characteristics(r).abilities
    )

    def cycles() -> int:
        n = 500
        for i in range(n):
            g = game.copy()
            with g.transaction():
                play.cast(g, hand[i % len(hand)], "Alice", targets=[[target]])
                resolve_top(g)
                g.check_state()
        return n

    q = median_rate(queries)
    m = median_rate(membership)
    c = median_rate(copies)
    cy = median_rate(cycles)
    print("board: 200 permanents (120 creatures, 40 artifacts, 40 lands), 20 in hand, 3 on stack")
    spread = f"min {min(counts)}, median {statistics.median(counts)}, max {max(counts)}"
    print(f"legal targets per query (20 kinds): {spread}")
    print(f"legal-target queries (full enumeration): {q:,.0f}/s  (goal 20,000/s)")
    print(f"single-candidate legality checks:        {m:,.0f}/s")
    print(f"game.copy():                             {c:,.0f}/s  (goal 20,000/s)")
    print(f"cast-and-resolve cycles (on copies):     {cy:,.0f}/s  (goal 5,000/s)")


if __name__ == "__main__":
    main()
