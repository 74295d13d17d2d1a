"""Helper S3: "can't be regenerated this turn" (mtg:701.15c) and attack requirements
naming a player (mtg:508.1d), read from real card text and executed."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d


def effects(text: str, type_line: str = "Instant") -> tuple[object, ...]:
    card = parse_card("mtg", text, type_line=type_line)
    assert not card.unsupported, card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility | n.ActivatedAbility)
    return ability.effects


@pytest.mark.rules("mtg:701.15c")
def test_orcish_healer_reads_cant_be_regenerated() -> None:
    text = "{R}{R}, {T}: Target creature can't be regenerated this turn."
    (effect,) = effects(text, "Creature — Orc Cleric")
    assert effect == n.CantBeRegenerated(n.TargetSlot(0), "end_of_turn")


@pytest.mark.rules("mtg:508.1d")
def test_dulcet_sirens_names_the_opponent_to_attack() -> None:
    text = "{U}, {T}: Target creature attacks target opponent this turn if able."
    (effect,) = effects(text, "Creature — Siren")
    assert effect == n.CombatRestriction(
        n.TargetSlot(0), "attacks_if_able", "end_of_turn", n.TargetSlot(1)
    )


@pytest.mark.rules("mtg:508.1d", "mtg:611.2a")
def test_nahiri_attacks_a_player_until_your_next_turn() -> None:
    text = (
        "+1: Until your next turn, up to one target creature attacks a player each combat if able."
    )
    (effect,) = effects(text, "Legendary Planeswalker — Nahiri")
    assert effect == n.CombatRestriction(
        n.TargetSlot(0), "attacks_player_if_able", "your_next_turn"
    )


def test_an_attack_requirement_naming_a_creature_is_not_read() -> None:
    card = parse_card(
        "mtg", "Target creature attacks target planeswalker this turn if able.", type_line="Instant"
    )
    assert card.unsupported


@pytest.mark.rules("mtg:509.1b")
def test_departed_deckhand_lets_only_spirits_block() -> None:
    text = (
        "{3}{U}: Another target creature you control can't be blocked this turn except by Spirits."
    )
    (effect,) = effects(text, "Creature — Spirit Pirate")
    assert isinstance(effect, n.CombatRestriction)
    assert effect.kind == "cant_be_blocked_except"
    assert effect.except_by == d.AllOf((d.HasType("creature"), d.HasSubtype("spirit")))


def test_an_exception_to_cant_block_is_not_read() -> None:
    card = parse_card(
        "mtg", "Target creature can't block this turn except by Spirits.", type_line="Instant"
    )
    assert card.unsupported
