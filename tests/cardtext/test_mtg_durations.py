"""Durations worded "for as long as ..." (helper V2): reading real card text into
nodes (mtg:611.2b). Behaviour is played in tests/pool_scenarios/mtg/durations-*.yaml."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card

T0 = n.TargetSlot(0)


def effects(text: str, name: str, type_line: str = "Creature") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line, ability="last")


@pytest.mark.rules("mtg:611.2b")
def test_control_for_as_long_as_you_control_it_and_it_remains_tapped() -> None:
    # Rubinia Soulsinger
    assert effects(
        "{T}: Gain control of target creature for as long as you control Rubinia "
        "Soulsinger and Rubinia Soulsinger remains tapped.",
        "Rubinia Soulsinger",
    ) == (n.GainControl(T0, "permanent", while_you_control_source=True, while_source_tapped=True),)


@pytest.mark.rules("mtg:611.2b")
def test_control_for_as_long_as_it_remains_tapped() -> None:
    # Vedalken Shackles: whoever controls the Shackles, the control lasts while tapped
    (effect,) = effects(
        "{2}, {T}: Gain control of target creature with power less than or equal to the "
        "number of Islands you control for as long as Vedalken Shackles remains tapped.",
        "Vedalken Shackles",
        "Artifact",
    )
    assert isinstance(effect, n.GainControl)
    assert effect.while_source_on_battlefield and effect.while_source_tapped
    assert not effect.while_you_control_source


@pytest.mark.rules("mtg:611.2b", "mtg:613.1f")
def test_keyword_for_as_long_as_you_control_the_source() -> None:
    # Aegis Angel
    assert effects(
        "Flying\nWhen Aegis Angel enters, another target permanent gains indestructible "
        "for as long as you control Aegis Angel.",
        "Aegis Angel",
    ) == (
        n.ForAsLongAs(
            (n.GainAbility(T0, "indestructible", None, "permanent"),), you_control_source=True
        ),
    )


@pytest.mark.rules("mtg:611.2b", "mtg:113.1a")
def test_quoted_ability_for_as_long_as_you_control_the_source() -> None:
    # Quicksmith Spy
    (effect,) = effects(
        'When Quicksmith Spy enters, target artifact you control gains "{T}: Draw a card" '
        "for as long as you control Quicksmith Spy.",
        "Quicksmith Spy",
    )
    assert isinstance(effect, n.ForAsLongAs)
    assert effect.you_control_source and not effect.source_tapped
    (grant,) = effect.effects
    assert isinstance(grant, n.GrantAbility)
    assert grant.what == T0 and grant.duration == "permanent"
    assert grant.effects == (n.Draw(n.You(), 1),)


@pytest.mark.parametrize(
    "text",
    [
        "Target creature gains flying for as short as you control ~.",
        "Gain control of target creature for as long as ~ stays tapped.",
    ],
)
def test_other_words_are_not_read(text: str) -> None:
    parsed = parse_card("mtg", text, name="X", type_line="Instant")
    ability = parsed.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert isinstance(ability.effects[0], n.UnsupportedEffect), ability.effects


@pytest.mark.rules("mtg:611.2b", "mtg:613.4c", "mtg:613.1f")
def test_pt_and_keyword_for_as_long_as_the_source_remains_tapped() -> None:
    # Ghosthelm Courier
    assert effects(
        "{2}{U}, {T}: Target Wizard creature gets +2/+2 and has shroud for as long as "
        "Ghosthelm Courier remains tapped.",
        "Ghosthelm Courier",
    ) == (
        n.ForAsLongAs(
            (
                n.ModifyPT(T0, 2, 2, "permanent"),
                n.GainAbility(T0, "shroud", None, "permanent"),
            ),
            source_tapped=True,
        ),
    )


@pytest.mark.rules("mtg:611.2b", "mtg:509.1b")
def test_cant_block_for_as_long_as_you_control_the_source() -> None:
    # There and Back Again
    assert effects(
        "When There and Back Again enters, up to one target creature can't block for as "
        "long as you control There and Back Again.",
        "There and Back Again",
        "Enchantment",
    ) == (
        n.ForAsLongAs(
            (n.CombatRestriction(T0, "cant_block", "permanent"),), you_control_source=True
        ),
    )


def test_a_change_on_a_pronoun_after_a_move_is_not_read() -> None:
    # Extraction Specialist: "that creature" is the card returned, a new object
    # (mtg:400.7) the pronoun's reference can't follow
    parsed = parse_card(
        "mtg",
        "When this creature enters, return target creature card with mana value 2 or less "
        "from your graveyard to the battlefield. That creature can't attack or block for "
        "as long as you control this creature.",
        name="Extraction Specialist",
        type_line="Creature — Human Rogue",
    )
    assert parsed.unsupported
