"""Reflexive triggered abilities that trigger on what the resolution moved: "When you
discard a nonland card this way, ...", "When a creature card is exiled this way, ..."
(mtg:603.12), read as printed (Oracle text)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d

NARSET = (
    "\u22122: Draw a card, then you may discard a card. When you discard a nonland card "
    "this way, Narset deals damage equal to that card's mana value to target creature or "
    "planeswalker."
)
CAULDRON = (
    "{T}: Exile target card from a graveyard. When a creature card is exiled this way, "
    "put a +1/+1 counter on target creature you control."
)


def ability(text: str, name: str, type_line: str) -> n.ActivatedAbility:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    found = card.abilities[0]
    assert isinstance(found, n.ActivatedAbility)
    return found


def reflexive(found: n.ActivatedAbility) -> n.ReflexiveTrigger:
    last = found.effects[-1]
    assert isinstance(last, n.ReflexiveTrigger), found.effects
    return last


@pytest.mark.rules("mtg:603.12", "mtg:701.8a")
def test_narset_discarded_nonland_card_this_way() -> None:
    found = ability(NARSET, "Narset of the Ancient Way", "Legendary Planeswalker \u2014 Narset")
    assert not any(isinstance(e, n.UnsupportedEffect) for e in found.effects)
    trigger = reflexive(found)
    assert trigger.when is not None
    assert (trigger.when.word, trigger.when.to, trigger.when.origin) == (
        "discarded",
        "graveyard",
        "hand",
    )
    assert d.Not(d.HasType("land")) in trigger.when.descriptor.parts  # type: ignore[attr-defined]
    assert not trigger.one_or_more
    # its target is its own, chosen as it goes on the stack (not the planeswalker's)
    assert [r.text for r in trigger.requirements] == ["target creature or planeswalker"]
    assert found.requirements == ()
    (damage,) = trigger.effects
    assert isinstance(damage, n.DealDamage)
    assert damage.amount == n.NumberOf("mana_value", n.It("that card"))


@pytest.mark.rules("mtg:603.12", "mtg:701.11a")
def test_cauldron_creature_card_exiled_this_way() -> None:
    found = ability(CAULDRON, "Agatha's Soul Cauldron", "Legendary Artifact")
    trigger = reflexive(found)
    assert trigger.when is not None
    assert trigger.when.to == "exile"
    assert d.HasType("creature") in trigger.when.descriptor.parts  # type: ignore[attr-defined]
    assert [r.text for r in found.requirements] == ["target card from a graveyard"]
    assert [r.text for r in trigger.requirements] == ["target creature you control"]


@pytest.mark.rules("mtg:603.12a")
def test_one_or_more_triggers_once() -> None:
    found = ability(
        "{T}: Target player mills two cards. When one or more cards are milled this way, "
        "put a +1/+1 counter on target creature you control.",
        "Test Card",
        "Artifact",
    )
    trigger = reflexive(found)
    assert trigger.when is not None and trigger.when.origin == "library"
    assert trigger.one_or_more


@pytest.mark.rules("mtg:603.12")
def test_other_moves_stay_unread() -> None:
    # "sacrificed by an opponent this way" and the like are not this lead
    found = ability(
        "{T}: Exile target card from a graveyard. When a card you control is exiled this "
        "way, put a +1/+1 counter on target creature you control.",
        "Test Card",
        "Artifact",
    )
    assert not any(isinstance(e, n.ReflexiveTrigger) and e.when is not None for e in found.effects)


@pytest.mark.rules("mtg:603.12")
def test_another_it_in_the_reflexive_ability_stays_unread() -> None:
    # "It" after a target names the target, not the card moved: not read
    found = ability(
        "{T}: Draw a card, then discard a card. When you discard a creature card this way, "
        "put a +1/+1 counter on target creature you control. It gains trample until end "
        "of turn.",
        "Test Card",
        "Artifact",
    )
    assert not any(isinstance(e, n.ReflexiveTrigger) for e in found.effects)
    assert any(isinstance(e, n.UnsupportedEffect) for e in found.effects)


@pytest.mark.rules("mtg:701.8a", "mtg:608.2c")
def test_rites_of_refusal_discard_any_number() -> None:
    card = parse_card(
        "mtg",
        "Discard any number of cards. Counter target spell unless its controller pays {3} "
        "for each card discarded this way.",
        name="Rites of Refusal",
        type_line="Instant",
    )
    (spell,) = card.abilities
    assert isinstance(spell, n.SpellAbility)
    discard, counter = spell.effects
    assert isinstance(discard, n.DiscardAny)
    assert (discard.cards.min, discard.cards.max) == (0, None)
    assert d.InZone("hand", "you") in discard.cards.descriptor.parts  # type: ignore[attr-defined]
    assert isinstance(counter, n.CounterUnlessPaysEach)
    assert isinstance(counter.times, n.MovedThisWay)
    assert counter.times.word == "discarded"
