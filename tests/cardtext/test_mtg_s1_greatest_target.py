"""Target phrases compared to a group: "target creature with the greatest power among
creatures on the battlefield" (Topple), "target creature you control with the greatest
power" (Triumph of Gerrard). The greatest is counted from the game as targets are chosen
(mtg:601.2c) and again on resolution (mtg:608.2b, mtg:608.2h)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d


def requirement(text: str) -> n.TargetRequirement:
    card = parse_card("mtg", text, name="Test", type_line="Sorcery")
    assert len(card.abilities) == 1
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert not any(isinstance(e, n.UnsupportedEffect) for e in ability.effects), ability
    assert len(ability.requirements) == 1
    return ability.requirements[0]


def repr_parts(desc: d.Descriptor) -> tuple[d.Descriptor, ...]:
    return desc.parts if isinstance(desc, d.AllOf) else (desc,)


def compared(req: n.TargetRequirement) -> d.CompareAmount:
    assert isinstance(req.descriptor, d.AllOf)
    found = [p for p in req.descriptor.parts if isinstance(p, d.CompareAmount)]
    assert len(found) == 1
    return found[0]


@pytest.mark.rules("mtg:608.2h")
def test_topple_greatest_among_named_group() -> None:
    req = requirement(
        "Exile target creature with the greatest power among creatures on the battlefield."
    )
    cmp = compared(req)
    assert (cmp.prop, cmp.op) == ("power", ">=")
    assert isinstance(cmp.amount, n.GreatestAmong)
    assert cmp.amount.prop == "power"
    assert d.HasType("creature") in repr_parts(cmp.amount.descriptor)


@pytest.mark.rules("mtg:608.2h")
def test_triumph_of_gerrard_greatest_among_its_own_group() -> None:
    req = requirement("Put a +1/+1 counter on target creature you control with the greatest power.")
    cmp = compared(req)
    assert isinstance(cmp.amount, n.GreatestAmong)
    # the group is the rest of the phrase: creatures you control
    assert cmp.amount.descriptor == d.AllOf((d.HasType("creature"), d.Controller("you")))


@pytest.mark.rules("mtg:608.2h")
def test_greatest_mana_value() -> None:
    cmp = compared(requirement("Destroy target artifact with the greatest mana value."))
    assert cmp.prop == "mana_value"
    assert isinstance(cmp.amount, n.GreatestAmong)


def test_lowest_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Destroy target nonland permanent with the lowest mana value.",
        name="Test",
        type_line="Sorcery",
    )
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert "GreatestAmong" not in repr(ability)
