"""Flesh and Blood costs: printed symbols, activated abilities' cost and type, payment."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tcgrules.carddata.flesh_and_blood import load_fab_cards
from tcgrules.cardtext.nodes import ActivatedAbility, Cost
from tcgrules.errors import InputError
from tcgrules.games.flesh_and_blood.costs import ability_header, evaluate, printed_symbols
from tcgrules.games.flesh_and_blood.text import parse_fab

_DEFAULT = Path(__file__).resolve().parents[3] / "shared/cards/fab-cards-3.8.6.json.gz"
POOL = Path(os.environ.get("TCGRULES_FAB_CARDS", str(_DEFAULT)))
needs_pool = pytest.mark.skipif(
    not POOL.exists(),
    reason=f"no Flesh and Blood card pool at {POOL}; set TCGRULES_FAB_CARDS to the JSON "
    "(gzipped or not) of the @flesh-and-blood/cards package",
)


@pytest.mark.rules("fab:2.2.5", "fab:2.8.4", "fab:2.2.2a")
@pytest.mark.parametrize(
    ("printed", "prop", "value"),
    [
        ("{r}{r}", "cost", 2),
        ("{r}", "cost", 1),
        ("3", "cost", 3),
        ("1{r}", "cost", 2),
        ("{c}{c}{c}", "pitch", 3),
        ("{r}{r}", "pitch", 2),
        ("X3", "cost", "X3"),
        ("xx", "cost", "XX"),
        ("(c)", "power", "(c)"),
        (4, "power", 4),
        (None, "cost", None),
    ],
)
def test_printed_symbols_are_numbers(printed: object, prop: str, value: object) -> None:
    assert printed_symbols(printed, prop) == value  # type: ignore[arg-type]


@pytest.mark.rules("fab:2.8.4")
def test_chi_symbol_is_not_a_cost() -> None:
    with pytest.raises(InputError, match="chi"):
        printed_symbols("{c}", "cost")


@pytest.mark.rules("fab:2.2.2a", "fab:1.12.2a", "fab:1.12.2b")
@pytest.mark.parametrize(
    ("printed", "x", "value"),
    [("X3", None, 3), ("X3", 2, 5), ("XX", 2, 4), ("XX", None, 0), ("X", 4, 4), (2, 9, 2)],
)
def test_x_terms_add_up(printed: str | int, x: int | None, value: int) -> None:
    assert evaluate(printed, x) == value


@pytest.mark.rules("fab:5.2.1a", "fab:5.2.1b", "fab:2.2.3", "fab:5.2.1c")
@pytest.mark.parametrize(
    ("text", "parts", "types", "cost", "limit"),
    [
        ("Once per Turn Action - {r}{r}", ("{r}{r}",), ("action",), 2, 1),
        ("Instant - Destroy this", ("Destroy this",), ("instant",), 0, None),
        ("Attack Reaction - {r}, {t}", ("{r}", "{t}"), ("attack reaction",), 1, None),
        ("Action - 0", ("0",), ("action",), 0, None),
        ("Twice per Turn Instant - {r}", ("{r}",), ("instant",), 1, 2),
        ("Once per turn Defense Reaction - {r}{r}{r}", ("{r}{r}{r}",), ("defense reaction",), 3, 1),
    ],
)
def test_ability_header(
    text: str, parts: tuple[str, ...], types: tuple[str, ...], cost: int, limit: int | None
) -> None:
    header = ability_header(Cost(parts, text))
    assert (header.types, header.cost, header.limit) == (types, cost, limit)


@needs_pool
@pytest.mark.rules("fab:2.0.1a", "fab:5.2.1b", "fab:2.2.3")
def test_every_activated_ability_in_the_pool_has_a_type_and_a_cost() -> None:
    """Each activated ability the grammar reads in the pool has a type from the type box
    words and a cost equal to its resource symbols."""
    seen: set[tuple[str, str]] = set()
    count = 0
    for card in load_fab_cards(POOL):
        key = (card.name, card.text or "")
        if key in seen:
            continue
        seen.add(key)
        for ability in parse_fab(card.text or "", card.name, card.type_line).abilities:
            if not isinstance(ability, ActivatedAbility):
                continue
            count += 1
            header = ability_header(ability.cost)
            assert header.types, f"{card.name}: no type in {ability.cost.text!r}"
            symbols = sum(p.count("{r}") for p in ability.cost.parts)
            assert header.cost >= symbols, card.name
    assert count > 500
