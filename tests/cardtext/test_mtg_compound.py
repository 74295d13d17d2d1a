"""Magic compound sentences (helper U7): several effects in one sentence split at their
commas ("A, B, then C"; mtg:608.2c), lists of targets or of amounts after one verb
("Destroy target artifact, target creature, and target land"; mtg:115.3) and "an" as
one counter (mtg:122.1), read as printed (Oracle text) and played."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario


def spell(text: str, name: str | None = None) -> n.SpellAbility:
    card = parse_card("mtg", text, name=name, type_line="Sorcery")
    assert not card.unsupported, card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    return ability


def not_read(text: str) -> list[str]:
    return [u.text for u in parse_card("mtg", text, type_line="Sorcery").unsupported]


S0, S1, S2, S3 = (n.TargetSlot(i) for i in range(4))


# ------------------------------------------------------------------ series of effects


@pytest.mark.rules("mtg:608.2c")
@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        # Inspired Ultimatum
        (
            "Target player gains 5 life, Inspired Ultimatum deals 5 damage to any target, "
            "then you draw five cards.",
            "Inspired Ultimatum",
            (n.GainLife(S0, 5), n.DealDamage(5, S1, source=n.Self()), n.Draw(n.You(), 5)),
        ),
        # Faithful Mending
        (
            "You gain 2 life, draw two cards, then discard two cards.",
            None,
            (n.GainLife(n.You(), 2), n.Draw(n.You(), 2), n.Discard(n.You(), 2)),
        ),
    ],
)
def test_a_series_is_its_parts_in_order(
    text: str, name: str | None, expected: tuple[object, ...]
) -> None:
    assert spell(text, name).effects == expected


@pytest.mark.parametrize(
    "text",
    [
        # a part that needs the words before its comma keeps the whole sentence unread
        "Target creature gets +2/+2, gains trample, and can't be blocked this turn.",
        "Until end of turn, target creature gets +1/+1, and you draw a card, then scry 1.",
    ],
)
def test_a_series_with_a_part_not_read_alone_stays_unread(text: str) -> None:
    assert not_read(text)


# ------------------------------------------------------------------ lists after one verb


@pytest.mark.rules("mtg:115.3", "mtg:701.7a")
def test_decimate_destroys_four_targets_of_four_types() -> None:
    ability = spell(
        "Destroy target artifact, target creature, target enchantment, and target land."
    )
    assert ability.effects == tuple(n.Destroy(s) for s in (S0, S1, S2, S3))
    kinds = [r.kinds for r in ability.requirements]
    assert kinds == [frozenset({k}) for k in ("artifact", "creature", "enchantment", "land")]
    assert all(r.min == r.max == 1 for r in ability.requirements)


@pytest.mark.rules("mtg:115.3")
def test_up_to_one_of_each_is_optional() -> None:
    # Convert to Slime
    ability = spell(
        "Destroy up to one target artifact, up to one target creature, and up to one "
        "target enchantment."
    )
    assert ability.effects == (n.Destroy(S0), n.Destroy(S1), n.Destroy(S2))
    assert [(r.min, r.max) for r in ability.requirements] == [(0, 1)] * 3


@pytest.mark.rules("mtg:115.3", "mtg:120.3")
def test_serpentine_spike_three_amounts_three_targets() -> None:
    ability = spell(
        "Serpentine Spike deals 2 damage to target creature, 3 damage to another target "
        "creature, and 4 damage to a third target creature.",
        "Serpentine Spike",
    )
    assert ability.effects == tuple(
        n.DealDamage(a, s, source=n.Self()) for a, s in ((2, S0), (3, S1), (4, S2))
    )
    assert [r.distinct_from for r in ability.requirements] == [(), (0,), (0, 1)]


@pytest.mark.rules("mtg:115.3", "mtg:122.1")
def test_incremental_growth_counts_per_target() -> None:
    ability = spell(
        "Put a +1/+1 counter on target creature, two +1/+1 counters on another target "
        "creature, and three +1/+1 counters on a third target creature."
    )
    assert ability.effects == (
        n.PutCounters(S0, "+1/+1", 1),
        n.PutCounters(S1, "+1/+1", 2),
        n.PutCounters(S2, "+1/+1", 3),
    )


@pytest.mark.rules("mtg:115.3", "mtg:400.3")
def test_a_returned_list_shares_the_closing_graveyard() -> None:
    # Reconstruct History
    ability = spell(
        "Return up to one target artifact card, up to one target enchantment card, up to "
        "one target instant card, up to one target sorcery card, and up to one target "
        "planeswalker card from your graveyard to your hand."
    )
    assert ability.effects == tuple(n.ReturnToHand(n.TargetSlot(i)) for i in range(5))
    for requirement in ability.requirements:
        assert requirement.zone == "graveyard"
        assert d.InZone("graveyard", "you") in requirement.descriptor.parts  # type: ignore[attr-defined]


def test_a_list_of_nouns_is_still_one_target() -> None:
    """ "target artifact, creature, or land" stays one instance of "target"."""
    ability = spell("Destroy target artifact, creature, or land.")
    assert len(ability.requirements) == 1
    assert ability.effects == (n.Destroy(S0),)


# ------------------------------------------------------------------ "an" counter


@pytest.mark.rules("mtg:122.1")
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Put an oil counter on target artifact or creature you control.", "oil"),  # Facade
        ("Put an ice counter on target permanent.", "ice"),  # Rimefeather Owl
        ("Put an indestructible counter on target creature.", "indestructible"),
    ],
)
def test_an_counter_is_one(text: str, kind: str) -> None:
    assert spell(text).effects == (n.PutCounters(S0, kind, 1),)


def test_tap_and_put_an_ice_counter_on_it() -> None:
    # Rimescale Dragon
    effects = spell("Tap target creature and put an ice counter on it.").effects
    assert effects == (n.Tap(S0), n.PutCounters(n.It("it"), "ice", 1))


def test_an_unmodelled_counter_is_still_refused() -> None:
    """ "an" reads one counter, but the kind is checked as with "a" (mtg:714.2)."""
    assert not_read("Put a lore counter on target Saga you control.")
    assert not_read("Put an lore counter on target Saga you control.")


# ------------------------------------------------------------------ playing
CARDS = """cards:
  Test Decimate:
    type: Sorcery
    text: "Destroy target artifact, target creature, target enchantment, and target land."
  Test Ultimatum:
    type: Sorcery
    text: >-
      Target player gains 5 life, Test Ultimatum deals 5 damage to any target, then you
      draw two cards.
  Test Relic: {type: Artifact}
  Test Bear: {type: Creature - Bear, power: 2, toughness: 2}
  Test Aura: {type: Enchantment}
  Test Land: {type: Land}
  Test Card: {type: Land}
  Test Growth: {type: Instant, text: "Destroy target artifact, then populate."}
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:115.3", "mtg:601.2c", "mtg:701.7a")
def test_each_listed_target_is_destroyed_and_a_wrong_kind_is_refused() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Decimate]}
  Bob: {battlefield: [Test Relic, Test Bear, Test Aura, Test Land]}
steps:
  - cast: Test Decimate
    by: Alice
    targets: [[Test Bear], [Test Relic], [Test Aura], [Test Land]]
    rejected: mtg:601.2c
  - expect: {zone: {Test Decimate: hand}}
  - cast: Test Decimate
    by: Alice
    targets: [[Test Relic], [Test Bear], [Test Aura], [Test Land]]
  - resolve: 1
  - expect:
      zone:
        Test Relic: graveyard
        Test Bear: graveyard
        Test Aura: graveyard
        Test Land: graveyard
"""
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:608.2c", "mtg:119.3", "mtg:120.3a")
def test_series_parts_happen_in_order() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Ultimatum], library: [Test Card, Test Land]}
steps:
  - cast: Test Ultimatum
    by: Alice
    targets: [[Bob], [Bob]]
  - resolve: 1
  - expect:
      life: {Alice: 20, Bob: 20}
      zone: {Test Card: hand, Test Land: hand}
"""
    )
    assert result.ok, result.problems


# ------------------------------------------------------------------ "and can't be blocked"


@pytest.mark.rules("mtg:509.1b", "mtg:608.2c")
@pytest.mark.parametrize(
    ("text", "first"),
    [
        # Taigam's Strike
        (
            "Target creature gets +2/+0 until end of turn and can't be blocked this turn.",
            n.ModifyPT(S0, 2, 0),
        ),
        # Veil of Secrecy
        (
            "Target creature gains shroud until end of turn and can't be blocked this turn.",
            n.GainAbility(S0, "shroud", duration="end_of_turn"),
        ),
    ],
)
def test_the_second_verb_has_the_first_ones_subject(text: str, first: object) -> None:
    assert spell(text).effects == (
        first,
        n.CombatRestriction(S0, "cant_be_blocked", "end_of_turn"),
    )


def test_a_restriction_after_a_verb_with_another_subject_is_not_read() -> None:
    # the first verb's subject is a player: nothing to lend to "can't be blocked"
    assert not_read("Target player draws two cards and can't be blocked this turn.")


# ------------------------------------------------------------------ populate


@pytest.mark.rules("mtg:701.30a", "mtg:608.2c")
def test_then_populate_reads_both_parts() -> None:
    # Sundering Growth, Trostani's Judgment
    assert spell("Destroy target artifact or enchantment, then populate.").effects == (
        n.Destroy(S0),
        n.Populate(),
    )
    assert spell("Exile target creature, then populate.").effects == (n.Exile(S0), n.Populate())


@pytest.mark.rules("mtg:701.30b")
def test_populating_without_a_creature_token_makes_nothing() -> None:
    result = play(
        """setup:
  Alice: {hand: [Test Growth], battlefield: [Test Bear]}
  Bob: {battlefield: [Test Relic]}
steps:
  - cast: Test Growth
    by: Alice
    targets: [Test Relic]
  - resolve: 1
  - expect:
      zone: {Test Relic: graveyard, Test Bear: battlefield}
      events:
        - {kind: populate, rule: mtg:701.30b}
"""
    )
    assert result.ok, result.problems


# ------------------------------------------------------------------ "~ and target ..."


@pytest.mark.rules("mtg:613.4c", "mtg:509.1b")
def test_the_source_and_a_target_both_change() -> None:
    card = parse_card(
        "mtg",
        "{8}: Test Invoker and up to one other target creature each get +3/+3 until end of turn.",
        name="Test Invoker",
        type_line="Creature",
    )
    assert not card.unsupported
    (ability,) = card.abilities
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.effects == (n.ModifyPT(n.Self(), 3, 3), n.ModifyPT(S0, 3, 3))
    (requirement,) = ability.requirements
    assert (requirement.min, requirement.max) == (0, 1)
    assert d.Other() in requirement.descriptor.parts  # type: ignore[attr-defined]
    card = parse_card(
        "mtg",
        "Whenever Test Runner attacks, Test Runner and up to one other target creature "
        "can't be blocked this turn.",
        name="Test Runner",
        type_line="Creature",
    )
    assert not card.unsupported
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.CombatRestriction(n.Self(), "cant_be_blocked", "end_of_turn"),
        n.CombatRestriction(S0, "cant_be_blocked", "end_of_turn"),
    )


@pytest.mark.rules("mtg:400.7")
def test_then_after_a_target_phrase_that_could_go_on() -> None:
    # Eldrazi Confluence's mode; "target nonland permanent," no longer swallows the comma
    ability = spell(
        "Exile target nonland permanent, then return it to the battlefield tapped under "
        "its owner's control."
    )
    assert ability.effects == (n.Flicker(S0, under_you=False, tapped=True),)
