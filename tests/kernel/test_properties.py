"""Properties: printed versus current values, layers and stages, absent versus zero."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules.kernel.characteristics import Keyword
from tcgrules.kernel.effects import (
    ChangeSet,
    GrantAbilities,
    Modify,
    RemoveAbilities,
    SetBase,
    SwitchPT,
)


@pytest.mark.rules("mtg:613.4c", "fab:2.0.3c", "fab:6.3.3")
@pytest.mark.parametrize(("game", "expected"), [("mtg", -2), ("fab", 0)])
def test_power_two_given_minus_five_then_plus_one(game: str, expected: int) -> None:
    g = new_game(game)
    type_line = "Creature — Bear" if game == "mtg" else "Generic Action - Attack"
    ref = g.create(card(game, "Thing", type_line, power=2, toughness=2), "Alice", "hand")
    g.add_effect(ref, Modify("power", -5))
    g.add_effect(ref, Modify("power", +1))
    assert g.characteristics(ref).power == expected
    assert g.base_characteristics(ref).power == 2


@pytest.mark.rules("mtg:613.4b", "mtg:613.4c", "mtg:613.7")
def test_mtg_set_base_applies_before_modifications_whatever_the_timestamps() -> None:
    g = new_game("mtg")
    ref = g.create(
        card("mtg", "Bear", "Creature — Bear", power=2, toughness=2), "Alice", "battlefield"
    )
    g.add_effect(ref, Modify("power", 3))  # earlier timestamp, layer 7c
    g.add_effect(ref, SetBase("power", 0))  # later timestamp, layer 7b
    assert g.characteristics(ref).power == 3
    assert g.base_characteristics(ref).power == 0


@pytest.mark.rules("mtg:613.4d")
def test_mtg_switch_applies_after_modifications() -> None:
    g = new_game("mtg")
    ref = g.create(
        card("mtg", "Bear", "Creature — Bear", power=1, toughness=4), "Alice", "battlefield"
    )
    g.add_effect(ref, SwitchPT())
    g.add_effect(ref, Modify("power", 2))
    chars = g.characteristics(ref)
    assert (chars.power, chars.toughness) == (4, 3)


@pytest.mark.rules("mtg:613.4c", "mtg:122.1a")
def test_mtg_counters_modify_power_and_toughness_in_layer_7c() -> None:
    g = new_game("mtg")
    ref = g.create(
        card("mtg", "Bear", "Creature — Bear", power=2, toughness=2),
        "Alice",
        "battlefield",
        counters={"+1/+1": 2, "-1/-1": 1},
    )
    assert (g.characteristics(ref).power, g.characteristics(ref).toughness) == (3, 3)


@pytest.mark.rules("fab:2.0.3d", "fab:2.0.3c")
def test_fab_counters_change_the_value_not_the_base_and_never_below_zero() -> None:
    g = new_game("fab")
    ref = g.create(
        card("fab", "Ally", "Generic Action - Ally", power=1, life=2),
        "Alice",
        "permanent",
        counters={"-1{p}": 3},
    )
    assert g.characteristics(ref).power == 0
    assert g.base_characteristics(ref).power == 1


@pytest.mark.rules("fab:2.3.2", "fab:2.9.2")
def test_fab_absent_defense_is_not_zero() -> None:
    g = new_game("fab")
    ref = g.create(card("fab", "Wand", "Wizard Weapon - Staff (2H)"), "Alice", "weapon")
    assert g.characteristics(ref).value("defense") is None
    g.add_effect(ref, Modify("defense", 2))
    assert g.characteristics(ref).value("defense") is None  # nothing to modify
    zero = g.create(card("fab", "Shirt", "Generic Equipment - Chest", defense=0), "Alice", "chest")
    assert g.characteristics(zero).value("defense") == 0


@pytest.mark.rules("fab:2.0.3b")
def test_fab_increased_is_true_even_when_a_later_effect_takes_it_back() -> None:
    g = new_game("fab")
    ref = g.create(card("fab", "Hit", "Generic Action - Attack", power=3), "Alice", "hand")
    g.add_effect(ref, Modify("power", 1))
    g.add_effect(ref, Modify("power", -1))
    computed = g.computed(ref)
    assert computed.characteristics.power == 3
    assert "power" in computed.increased and "power" in computed.decreased


@pytest.mark.rules("fab:6.3.6", "mtg:613.1f")
def test_removing_abilities_spares_granted_ones_in_fab_but_not_in_mtg() -> None:
    for game, survives in (("fab", True), ("mtg", False)):
        g = new_game(game)
        type_line = "Creature — Bear" if game == "mtg" else "Generic Action - Attack"
        ref = g.create(
            card(game, "X", type_line, "Flying" if game == "mtg" else "Go again"), "Alice", "hand"
        )
        g.add_effect(ref, GrantAbilities((Keyword("haste"),)))
        g.add_effect(ref, RemoveAbilities(None))
        names = {k.name for k in g.characteristics(ref).keywords}
        assert ("haste" in names) is survives, game
        assert not names - {"haste"}


@pytest.mark.rules("mtg:613.1d", "mtg:613.1e")
def test_type_and_color_changes_keep_the_printed_values_underneath() -> None:
    g = new_game("mtg")
    ref = g.create(
        card("mtg", "Bear", "Creature — Bear", cost="{1}{G}", power=2, toughness=2),
        "Alice",
        "battlefield",
    )
    effect = g.add_effect(ref, ChangeSet("colors", "set", frozenset({"black"})))
    assert g.characteristics(ref).colors == {"black"}
    g.remove_effects([effect.id])
    assert g.characteristics(ref).colors == {"green"}


@pytest.mark.rules("ga:objects-and-targeting/objects-3")
def test_ga_stats_stay_when_the_type_changes() -> None:
    g = new_game("ga")
    sword = card("ga", "Longsword", "REGALIA WEAPON - SWORD", power=2, durability=3)
    ref = g.create(sword, "Alice", "field")
    g.add_effect(ref, ChangeSet("types", "set", frozenset({"phantasia"})))
    chars = g.characteristics(ref)
    assert chars.types == {"phantasia"}
    assert chars.power == 2 and chars.number("durability") == 3


def test_keyword_parse_round_trip() -> None:
    for text in ("hexproof", "protection from red", "ward {2}", "hexproof from black"):
        assert Keyword.parse(text).text == text
    assert Keyword.parse("Ward 2") == Keyword("ward", "{2}")
