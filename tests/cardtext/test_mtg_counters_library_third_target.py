"""Magic sentences that put counters on a target (mtg:122.1, mtg:122.6), name a third
target (mtg:115.3, mtg:601.2c) and put a target into its owner's library at a position
counted from the top (mtg:400.3, mtg:401.7), read as printed (Oracle text)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d


def spell(text: str, name: str | None = None) -> n.SpellAbility:
    card = parse_card("mtg", text, name=name, type_line="Instant")
    assert len(card.abilities) == 1
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    return ability


def read(text: str, name: str | None = None) -> tuple[object, ...]:
    ability = spell(text, name)
    assert not any(isinstance(e, n.UnsupportedEffect) for e in ability.effects), ability
    return ability.effects


# ------------------------------------------------------------------ counters


@pytest.mark.rules("mtg:122.1", "mtg:122.6")
@pytest.mark.parametrize(
    ("text", "kind", "count"),
    [
        ("Put a +1/+1 counter on target creature.", "+1/+1", 1),
        ("Put two +1/+1 counters on target creature.", "+1/+1", 2),
        ("Put a -1/-1 counter on target creature.", "-1/-1", 1),
        ("Put X +1/+1 counters on target creature.", "+1/+1", "X"),
        ("Put a loyalty counter on target planeswalker.", "loyalty", 1),
        ("Put a charge counter on target artifact.", "charge", 1),
    ],
)
def test_put_counters_on_a_target(text: str, kind: str, count: int | str) -> None:
    ability = spell(text)
    assert ability.effects == (n.PutCounters(n.TargetSlot(0), kind, count),)
    assert len(ability.requirements) == 1


def test_put_counters_keeps_the_target_qualifier() -> None:
    ability = spell("Put two +1/+1 counters on target creature you control.")
    assert ability.requirements[0].descriptor == d.AllOf(
        (d.HasType("creature"), d.Controller("you"))
    )


def test_put_a_counter_on_the_card_itself() -> None:
    card = parse_card("mtg", "{1}: Put a +1/+1 counter on Dummy Ooze.", name="Dummy Ooze")
    ability = card.abilities[0]
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.effects == (n.PutCounters(n.Self(), "+1/+1", 1),)


def test_lore_counters_are_not_read() -> None:
    """Lore counters drive a Saga's chapters (mtg:714.2), which tcgrules doesn't model."""
    ability = spell("Put a lore counter on target Saga you control.")
    assert isinstance(ability.effects[0], n.UnsupportedEffect)
    assert len(ability.requirements) == 1  # the target is still found


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("Put a finality counter on target creature.", ["finality"]),  # mtg:122.1h
        ("Put a flying counter on target creature.", ["flying"]),  # mtg:122.1b
        (
            "Put a +1/+1 counter, a reach counter, and a deathtouch counter on target creature.",
            ["+1/+1", "reach", "deathtouch"],
        ),
    ],
)
def test_keyword_and_finality_counters_are_read(text: str, kinds: list[str]) -> None:
    ability = spell(text)
    assert [e.kind for e in ability.effects] == kinds
    assert all(e == n.PutCounters(n.TargetSlot(0), e.kind, 1) for e in ability.effects)


# ------------------------------------------------------------------ a third target


@pytest.mark.rules("mtg:115.3", "mtg:601.2c")
def test_cone_of_flame_reads_as_three_damage_effects_to_three_different_targets() -> None:
    ability = spell(
        "Cone of Flame deals 1 damage to any target, 2 damage to another target, "
        "and 3 damage to a third target.",
        name="Cone of Flame",
    )
    assert ability.effects == (
        n.DealDamage(1, n.TargetSlot(0)),
        n.DealDamage(2, n.TargetSlot(1)),
        n.DealDamage(3, n.TargetSlot(2)),
    )
    first, second, third = ability.requirements
    assert third.text == "a third target"
    assert first.distinct_from == ()
    assert second.distinct_from == (0,)
    assert third.distinct_from == (0, 1)
    assert third.descriptor == first.descriptor  # what "any target" allows (mtg:115.4)


def test_a_second_target_creature_differs_from_the_first() -> None:
    ability = spell(
        "Tap target creature. Untap a second target creature.",
    )
    assert ability.effects == (n.Tap(n.TargetSlot(0)), n.Untap(n.TargetSlot(1)))
    assert ability.requirements[1].distinct_from == (0,)
    assert ability.requirements[1].descriptor == d.HasType("creature")


# ------------------------------------------------------------------ into a library


@pytest.mark.rules("mtg:400.3", "mtg:401.7")
@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("Put target creature on top of its owner's library.", 1),
        ("Put target creature into its owner's library second from the top.", 2),
        ("Put target creature into its owner's library third from the top.", 3),
        ("Put target creature on the bottom of its owner's library.", None),
        ("Put target card from a graveyard on the bottom of its owner's library.", None),
        ("Put target creature card from your graveyard on top of your library.", 1),
    ],
)
def test_put_into_a_library_at_a_position(text: str, position: int | None) -> None:
    ability = spell(text)
    assert ability.effects == (n.PutInLibrary(n.TargetSlot(0), position),)


def test_on_the_stack_still_reads_after_the_library_words() -> None:
    ability = spell("Counter target spell. Put target creature on top of its owner's library.")
    assert ability.effects == (n.Counter(n.TargetSlot(0)), n.PutInLibrary(n.TargetSlot(1), 1))
    assert spell("Counter target activated ability on the stack.").requirements
