"""Conditional static abilities (helper U5): "As long as [condition], ~ gets +N/+N, is
[color], and has "..."" read into nodes and applied only while the condition holds,
checked at every moment (mtg:604.1, mtg:611.3a, mtg:611.3b). More behaviour is played in
tests/pool_scenarios/mtg/statics-*.yaml."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card

BARBARIAN = (
    "First strike\nThreshold — As long as seven or more cards are in your graveyard, "
    "Possessed Barbarian gets +1/+1, is black, and has "
    '"{2}{B}, {T}: Destroy target red creature."'
)


def static(text: str, name: str, type_line: str = "Creature") -> n.AsLongAs:
    parsed = parse_card("mtg", text, name=name, type_line=type_line)
    assert parsed.unsupported == (), parsed.unsupported
    ability = parsed.abilities[-1]
    assert isinstance(ability, n.StaticAbility), ability
    (effect,) = ability.effects
    assert isinstance(effect, n.AsLongAs), effect
    return effect


@pytest.mark.rules("mtg:604.1", "mtg:611.3b", "mtg:613.4c", "mtg:613.1e", "mtg:613.1f")
def test_threshold_bonus_color_and_quoted_ability() -> None:
    found = static(BARBARIAN, "Possessed Barbarian", "Creature — Human Barbarian")
    assert found.condition == "cards_in_your_graveyard_at_least:7"
    gets, color, grant = found.effects
    assert gets == n.SelfGets(1, 1)
    assert color == n.SelfIsColor(("black",))
    assert isinstance(grant, n.GrantAbility) and grant.what == n.Self()
    assert grant.cost is not None and grant.cost.text == "{2}{B}, {T}"
    (req,) = grant.requirements  # the granted ability's own target (mtg:113.1a)
    assert req.text == "target red creature"
    assert grant.effects == (n.Destroy(n.TargetSlot(0)),)


@pytest.mark.rules("mtg:604.1", "mtg:611.3b")
def test_is_white_and_has_and_enchanted_self() -> None:
    vampire = static(
        "As long as seven or more cards are in your graveyard, Repentant Vampire is white "
        'and has "{T}: Destroy target black creature."',
        "Repentant Vampire",
    )
    assert vampire.effects[0] == n.SelfIsColor(("white",))
    equenaut = static(
        'As long as Freewind Equenaut is enchanted, it has "{T}: Freewind Equenaut deals 2 '
        'damage to target attacking or blocking creature."',
        "Freewind Equenaut",
    )
    assert equenaut.condition == "source_enchanted"
    (grant,) = equenaut.effects
    assert isinstance(grant, n.GrantAbility) and grant.requirements[0].min == 1


@pytest.mark.parametrize(
    "text",
    [
        # "as short as": not the words of a condition
        "As short as seven or more cards are in your graveyard, ~ gets +1/+1.",
        # "it" after a condition that names something else: not read as ~
        "As long as seven or more cards are in your graveyard, it gets +1/+1.",
        # a condition a static ability can't check at every moment
        "As long as it was kicked, ~ gets +1/+1.",
    ],
)
def test_other_words_are_not_read(text: str) -> None:
    parsed = parse_card("mtg", text, name="X", type_line="Creature")
    ability = parsed.abilities[0]
    assert isinstance(ability, n.StaticAbility)
    assert not any(isinstance(e, n.AsLongAs) for e in ability.effects)


@pytest.mark.rules("mtg:611.3a", "mtg:611.3b", "mtg:613.4c", "mtg:613.1e", "mtg:105.3")
def test_the_condition_turns_the_changes_on_and_off() -> None:
    game = new_game()
    barbarian = game.create(
        card(
            "mtg",
            "Possessed Barbarian",
            "Creature — Human Barbarian",
            BARBARIAN,
            cost="{3}{R}{R}{R}",
            power=3,
            toughness=3,
        ),
        "Alice",
        "battlefield",
    )
    land = card("mtg", "Forest", "Basic Land — Forest")
    cards = [game.create(land, "Alice", "graveyard") for _ in range(6)]
    chars = game.characteristics(barbarian)
    assert (chars.number("power"), chars.colors) == (3, frozenset({"red"}))
    assert len(chars.abilities) == 2  # first strike and the threshold ability only
    seventh = game.create(land, "Alice", "hand")
    game.move(seventh, "graveyard")
    chars = game.characteristics(barbarian)
    assert (chars.number("power"), chars.number("toughness")) == (4, 4)
    assert chars.colors == frozenset({"black"})  # instead of red (mtg:105.3)
    assert any("Destroy target red creature" in a.text for a in chars.abilities)
    # Bob's graveyard doesn't count: "your graveyard"
    game.move(cards[0], "exile")
    game.create(land, "Bob", "graveyard")
    chars = game.characteristics(barbarian)
    assert (chars.number("power"), chars.colors) == (3, frozenset({"red"}))
    assert len(chars.abilities) == 2


@pytest.mark.rules("mtg:604.1", "mtg:611.3b", "mtg:613.1f")
def test_a_group_has_a_quoted_ability_while_the_condition_holds() -> None:
    found = static(
        "Hellbent — As long as you have no cards in hand, Sliver creatures you control "
        'have "{T}: This creature deals 1 damage to target player or planeswalker."',
        "Bladeback Sliver",
        "Creature — Sliver",
    )
    assert found.condition == "no_cards_in_hand"
    (grant,) = found.effects
    assert isinstance(grant, n.GrantAbility) and isinstance(grant.what, n.Each)
    assert grant.requirements[0].text == "target player or planeswalker"


@pytest.mark.rules("mtg:604.1", "mtg:611.3a", "mtg:613.1f")
def test_an_aura_gives_a_quoted_ability_while_the_creature_has_a_subtype() -> None:
    found = static(
        'Enchant creature\nEnchanted creature has "{T}: This creature deals 1 damage to '
        'target creature."\nAs long as enchanted creature is a Wizard, it has "{T}: This '
        'creature deals 2 damage to target creature."',
        "Lavamancer's Skill",
        "Enchantment — Aura",
    )
    assert found.condition == "enchanted_is:wizard"
    (grant,) = found.effects
    assert isinstance(grant, n.GrantAbility) and grant.what == n.Attached()
    assert grant.effects[0] == n.DealDamage(2, n.TargetSlot(0), n.Self())


def test_only_quoted_abilities_after_enchanted_creature_is() -> None:
    parsed = parse_card(
        "mtg",
        "As long as enchanted creature is a Wizard, it gets +1/+1.",
        name="X",
        type_line="Enchantment — Aura",
    )
    ability = parsed.abilities[0]
    assert isinstance(ability, n.StaticAbility)
    assert not any(isinstance(e, n.AsLongAs) for e in ability.effects)
