"""Counters leftovers (helper S4): a "with" postmodifier of keyword alternatives
(mtg:702.1d) and a put of counters followed by a doubling on what got them this way
(mtg:608.2c, mtg:701.9e), read from real card text and executed."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import NotSupportedError
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.describe import compile_descriptor

FANGS = (
    "Put a +1/+1 counter on target creature you control, then double the number of +1/+1 "
    "counters on each creature that had a +1/+1 counter put on it this way."
)


def effects(text: str, type_line: str = "Sorcery") -> tuple[object, ...]:
    card = parse_card("mtg", text, type_line=type_line)
    assert not card.unsupported, card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility | n.ActivatedAbility)
    return ability.effects


@pytest.mark.rules("mtg:702.1d")
def test_with_trample_or_haste_is_either_keyword() -> None:
    card = parse_card(
        "mtg",
        "Put three +1/+1 counters on up to one target creature with trample or haste.",
        type_line="Sorcery",
    )
    assert not card.unsupported
    (req,) = card.target_requirements()
    assert (req.min, req.max) == (0, 1)
    assert isinstance(req.descriptor, d.AllOf)
    either = req.descriptor.parts[1]
    assert either == d.AnyOf((d.HasKeyword("trample"), d.HasKeyword("haste")))


@pytest.mark.rules("mtg:702.1d")
def test_with_a_list_of_keyword_alternatives() -> None:
    card = parse_card(
        "mtg",
        "Destroy target creature with flying, reach, or trample.",
        type_line="Instant",
    )
    assert not card.unsupported
    (req,) = card.target_requirements()
    assert isinstance(req.descriptor, d.AllOf)
    assert req.descriptor.parts[1] == d.AnyOf(
        (d.HasKeyword("flying"), d.HasKeyword("reach"), d.HasKeyword("trample"))
    )


@pytest.mark.rules("mtg:122.6", "mtg:701.9e", "mtg:608.2c")
def test_fangs_of_kalonia_reads_a_put_then_a_doubling() -> None:
    (effect,) = effects(FANGS)
    assert isinstance(effect, n.PutThenDoubleCounters)
    assert effect.put == n.PutCounters(n.TargetSlot(0), "+1/+1", 1)
    assert (effect.kind, effect.of_type) == ("+1/+1", "creature")


@pytest.mark.rules("mtg:608.2c")
def test_a_different_kind_put_this_way_is_not_read() -> None:
    card = parse_card(
        "mtg",
        FANGS.replace("had a +1/+1 counter", "had a -1/-1 counter"),
        type_line="Sorcery",
    )
    assert card.unsupported


TIMEBUG = (
    "{T}: Choose target permanent you control or suspended card you own. If that permanent "
    "or card has a time counter on it, you may remove a time counter from it or put another "
    "time counter on it."
)


@pytest.mark.rules("mtg:608.2d", "mtg:122.1")
def test_jhoiras_timebug_reads_a_conditional_remove_or_put() -> None:
    card = parse_card("mtg", TIMEBUG, type_line="Artifact Creature — Insect")
    assert not card.unsupported, card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.ActivatedAbility)
    choose, conditional = ability.effects
    assert isinstance(choose, n.ChooseTarget)
    assert conditional == n.Conditional(
        n.It("it"),
        d.Condition("has_counter:time"),
        (n.May((n.RemoveOrPutCounter(n.It("it"), "time"),)),),
    )


@pytest.mark.rules("mtg:608.2d")
def test_remove_or_put_of_different_kinds_is_not_read() -> None:
    card = parse_card(
        "mtg", TIMEBUG.replace("put another time", "put another fade"), type_line="Artifact"
    )
    assert card.unsupported


@pytest.mark.rules("mtg:123.1")
def test_a_name_sticker_is_read_and_refused_as_not_supported() -> None:
    card = parse_card(
        "mtg",
        "{1}{W}, {T}: Put a +1/+1 counter on another target creature with a name sticker "
        "on it. Activate only as a sorcery.",
        type_line="Creature — Angel",
    )
    assert not card.unsupported, card.unsupported
    (req,) = card.target_requirements()
    assert isinstance(req.descriptor, d.AllOf)
    assert d.Condition("has_sticker:name") in req.descriptor.parts
    with pytest.raises(NotSupportedError, match="has_sticker:name"):
        compile_descriptor(req.descriptor, "mtg")


@pytest.mark.rules("mtg:123.1")
def test_a_sticker_of_no_kind_is_not_read() -> None:
    card = parse_card(
        "mtg", "Destroy target creature with a blue sticker on it.", type_line="Instant"
    )
    assert card.unsupported
