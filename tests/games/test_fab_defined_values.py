"""Flesh and Blood power and defense printed as "(c)": the card's own text defines them.

The reader turns the defining ability into a ``DefinedValue`` (fab:2.3.2a, fab:2.9.2a);
the game computes it with the board, as the base value; a number that can't be
determined is 0; text that is not read is never a silent 0. The pool test reads every
"(c)" value of the shared card pool (skipped when the pool is absent; see
benchmarks/fab_defined_values.py for the report).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tcgrules
from tcgrules.carddata.flesh_and_blood import load_fab_cards
from tcgrules.carddata.model import CardDefinition
from tcgrules.cardtext import nodes as n
from tcgrules.errors import NotSupportedError
from tcgrules.games.flesh_and_blood.defined import definitions, read_pool
from tcgrules.games.flesh_and_blood.ruleset import FleshAndBlood
from tcgrules.games.flesh_and_blood.text import parse_fab
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.characteristics import UnreadValue
from tcgrules.kernel.combat import attack
from tcgrules.kernel.describe import Context, compile_descriptor
from tcgrules.kernel.effects import Modify
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef

_DEFAULT = Path(__file__).resolve().parents[3] / "shared/cards/fab-cards-3.8.6.json.gz"
POOL = Path(os.environ.get("TCGRULES_FAB_CARDS", str(_DEFAULT)))
needs_pool = pytest.mark.skipif(
    not POOL.exists(),
    reason=f"no Flesh and Blood card pool at {POOL}; set TCGRULES_FAB_CARDS to the JSON "
    "(gzipped or not) of the @flesh-and-blood/cards package",
)

PROCESSION = CardDefinition(
    "fab",
    "Spectral Procession",
    "Illusionist Action - Attack",
    "Spectral Procession's {p} is equal to the number of Spectral Shields you control.\n\n"
    "**Phantasm**",
    {"cost": 0, "pitch": 1, "power": "*", "defense": 3},
)
SHIELD = CardDefinition("fab", "Spectral Shield", "Illusionist Token - Aura", "**Ward 1**")
FRACTAL = CardDefinition(
    "fab",
    "Fractal Replication",
    "Illusionist Action - Attack",
    "Fractal Replication's {p} is equal to the greatest base {p} among Illusionist attack "
    "action cards on the combat chain.",
    {"cost": 0, "pitch": 1, "power": "*"},
)
OFFERING = CardDefinition(
    "fab",
    "Diabolic Offering",
    "Shadow Brute Action - Attack",
    "If a card with 6 ore more {p} has been put into your banished zone this turn, Daibolic "
    "Offering's {p} and {d} are 6, otherwise they are 0.\n\n**Blood Debt**",
    {"cost": 1, "pitch": 3, "power": "*", "defense": "*"},
)


def _defined(text: str, name: str, type_line: str) -> dict[str, n.DefinedValue]:
    return definitions(parse_fab(text, name, type_line))


def _game() -> Game:
    game = tcgrules.new_game("fab", ["Alice", "Bob"])
    game.create(tcgrules.bundled_card("fab", "Kano, Dracai of Aether"), "Alice", "hero")
    game.create(tcgrules.bundled_card("fab", "Bravo, Showstopper"), "Bob", "hero")
    return game


def _power(game: Game, ref: ObjectRef) -> int | None:
    return game.characteristics(ref).number("power")


# ----------------------------------------------------------------------- reading


@pytest.mark.rules("fab:2.9.2a", "fab:5.4.5")
def test_the_defining_ability_is_a_static_ability_not_a_resolution_ability() -> None:
    text = parse_fab(PROCESSION.text, PROCESSION.name, PROCESSION.type_line)
    assert not any(isinstance(a, n.SpellAbility) for a in text.abilities)
    found = definitions(text)
    power = found["power"]
    assert (power.props, power.measure, power.multiplier) == (("power",), "count", 1)
    # a bare name means objects with that name or moniker (fab:2.12.3b)
    assert power.descriptor == d.AllOf(
        (d.Named("Spectral Shield", moniker=True), d.Controller("you"))
    )
    assert power.text == (
        "Spectral Procession's {p} is equal to the number of Spectral Shields you control"
    )
    assert not text.unsupported


@pytest.mark.rules("fab:2.3.2a", "fab:1.8.7")
def test_twice_the_number_with_different_costs_defines_both_values() -> None:
    found = _defined(
        "Mutated Mass's {p} and {d} is equal to twice the number of cards in your pitch zone "
        "with different costs.",
        "Mutated Mass",
        "Shadow Action - Attack",
    )
    node = found["power"]
    assert found["defense"] is node
    assert (node.props, node.measure, node.multiplier, node.distinct) == (
        ("power", "defense"),
        "count",
        2,
        "cost",
    )
    assert node.descriptor == d.AllOf((d.IsCard(), d.InZone("pitch", "you")))


@pytest.mark.rules("fab:2.3.2a")
def test_a_name_ending_in_s_takes_a_bare_apostrophe() -> None:
    found = _defined(
        "Grandstand Legplates' {d} is equal to the number of opposing heroes with greater {h} "
        "than you.",
        "Grandstand Legplates",
        "Generic Equipment - Legs",
    )
    assert found["defense"].descriptor == d.AllOf(
        (d.Controller("opponent"), d.HasType("hero"), d.Condition("life_greater_than_you"))
    )


@pytest.mark.rules("fab:2.9.2a")
def test_highest_base_value_and_a_condition_on_your_hero() -> None:
    rodeo = _defined(
        "This card's {p} is equal to the highest base {p} of weapons you control.",
        "Rockyard Rodeo",
        "Generic Action - Attack",
    )["power"]
    assert (rodeo.measure, rodeo.of) == ("highest", "power")
    rok = _defined(
        "If you have less {h} than each other hero, this card's base {p} is 6, otherwise it's 0.",
        "Tough as a Rok",
        "Revered Brute Action - Attack",
    )["power"]
    assert (rok.measure, rok.then, rok.otherwise) == ("if", 6, 0)


# ----------------------------------------------------------------------- values


@pytest.mark.rules("fab:2.9.2a", "fab:2.0.3a")
def test_the_value_follows_the_board_and_is_the_base() -> None:
    game = _game()
    card = game.create(PROCESSION, "Alice", "hand")
    assert _power(game, card) == 0
    game.create(SHIELD, "Alice", "permanent", kind="token")
    game.create(SHIELD, "Bob", "permanent", kind="token")
    assert _power(game, card) == 1
    game.add_effect(card, Modify("power", 2))
    assert _power(game, card) == 3
    assert game.base_characteristics(card).number("power") == 1
    # the board index sees the same value as a direct query
    (entry,) = (e for e in game.seen("hand", "Alice") if e.ref == card)
    assert entry.chars.number("power") == 3


@pytest.mark.rules("fab:2.9.2a")
def test_a_value_that_reads_another_defined_value_gets_its_number() -> None:
    game = _game()
    fractal = game.create(FRACTAL, "Alice", "combat_chain")
    procession = game.create(PROCESSION, "Alice", "combat_chain")
    for _ in range(2):
        game.create(SHIELD, "Alice", "permanent", kind="token")
    # the greatest base {p} on the chain is Spectral Procession's, itself defined: 2
    assert _power(game, procession) == 2
    assert _power(game, fractal) == 2


@pytest.mark.rules("fab:2.9.2a")
def test_values_that_only_read_each_other_cannot_be_determined() -> None:
    game = _game()
    first = game.create(FRACTAL, "Alice", "combat_chain")
    second = game.create(FRACTAL, "Alice", "combat_chain")
    assert (_power(game, first), _power(game, second)) == (0, 0)


def test_text_that_is_not_read_is_never_a_silent_zero() -> None:
    game = _game()
    card = game.create(OFFERING, "Alice", "hand")
    chars = game.characteristics(card)
    assert isinstance(chars.value("power"), UnreadValue)
    with pytest.raises(NotSupportedError, match="Diabolic Offering"):
        chars.number("power")
    with pytest.raises(NotSupportedError, match="defense of Diabolic Offering"):
        game.ruleset.property(chars, "defense")
    # an effect does not turn it into a number
    game.add_effect(card, Modify("power", 3))
    with pytest.raises(NotSupportedError):
        game.characteristics(card).number("power")


# ----------------------------------------------------------------------- the pool


@needs_pool
@pytest.mark.rules("fab:2.3.2a", "fab:2.9.2a")
def test_the_pools_defined_values_are_read_and_computed() -> None:
    found = read_pool(load_fab_cards(POOL), FleshAndBlood())
    values = [(r, prop) for r in found for prop in r.printed]
    read = [(r, prop) for r, prop in values if prop in r.read]
    # 3.8.6: 15 names, 18 values; Cosmic Awakening (Chi pitched), Diabolic Offering
    # (history this turn) and Plasma Barrel Shot (boosts this chain) are not read
    assert len(values) >= 18
    unread = {r.name for r, prop in values if prop not in r.read}
    assert unread <= {"Cosmic Awakening", "Diabolic Offering", "Plasma Barrel Shot"}
    assert len(read) >= 14
    for r, prop in values:
        if prop in r.read:
            assert isinstance(r.values[prop], int), (r.name, prop, r.values[prop])
        else:
            assert r.name in str(r.values[prop]), (r.name, prop)


# ----------------------------------------------------------------------- conditions


@pytest.mark.rules("fab:7.0.3", "fab:1.1.2b")
def test_description_conditions_the_fab_ruleset_knows() -> None:
    game = _game()
    kano, bravo = game.zone("hero", "Alice")[0], game.zone("hero", "Bob")[0]
    sword = game.create(tcgrules.bundled_card("fab", "Dawnblade"), "Alice", "weapon")
    ctx = Context(game, "Alice")

    def holds(name: str, ref: ObjectRef) -> bool:
        test = compile_descriptor(d.Condition(name), "fab").objects
        assert test is not None
        return test(ctx, game.seen_object(ref))

    # Bravo (40) has greater {h} than Kano (30), "you" for Alice
    assert holds("life_greater_than_you", bravo)
    assert not holds("life_greater_than_you", kano)
    assert holds("less_life_than_each_other:hero", kano)
    assert holds("name_contains:Dawnblade", sword)
    assert not holds("name_contains:Dawn", sword)
    # the attack is on the active chain link; the hero attacking with it is not
    assert not holds("on_active_chain_link", sword)
    attack(game, sword, "Alice", [bravo])
    assert holds("on_active_chain_link", sword)
    assert not holds("on_active_chain_link", kano)
    assert not holds("on_active_chain_link", bravo)
    with pytest.raises(NotSupportedError, match="power_greater_than_base"):
        compile_descriptor(d.Condition("power_greater_than_base"), "fab")
