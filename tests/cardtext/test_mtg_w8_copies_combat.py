"""Magic copies and combat, helper W8, read as printed (Oracle text) and played: a copy
of a spell for each object or player it could target (mtg:707.10d), a copy given a new
target (mtg:707.10e), a copy of a permanent spell becoming a token (mtg:707.10f), and
creatures described by how they block the source (mtg:509.1a, mtg:509.1h)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario


def read(text: str, name: str = "Test Card", type_line: str = "Instant") -> n.CardText:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:707.10d", "mtg:603.2")
def test_zada_copies_for_each_other_creature_you_control() -> None:
    card = read(
        "Whenever you cast an instant or sorcery spell that targets only Zada, copy that "
        "spell for each other creature you control that the spell could target. Each copy "
        "targets a different one of those creatures.",
        name="Zada, Hedron Grinder",
        type_line="Legendary Creature — Goblin Ally",
    )
    ability = card.abilities[0]
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (
        n.CopySpell(
            n.TriggerObject("that spell"),
            for_each_could_target=d.AllOf((d.HasType("creature"), d.Controller("you"))),
        ),
    )


@pytest.mark.rules("mtg:707.10d", "mtg:112.2")
def test_precursor_golem_that_player_copies_for_each_other_golem() -> None:
    card = read(
        "Whenever a player casts an instant or sorcery spell that targets only a single "
        "Golem, that player copies that spell for each other Golem that spell could target. "
        "Each copy targets a different one of those Golems.",
        name="Precursor Golem",
        type_line="Artifact Creature — Golem",
    )
    (effect,) = card.abilities[0].effects  # type: ignore[union-attr]
    assert effect == n.CopySpell(
        n.TriggerObject("that spell"),
        for_each_could_target=d.HasSubtype("golem"),
        by_its_controller=True,
    )


@pytest.mark.rules("mtg:707.10d")
def test_radiate_copies_for_each_permanent_or_player() -> None:
    card = read(
        "Choose target instant or sorcery spell that targets only a single permanent or "
        "player. Copy that spell for each other permanent or player the spell could target. "
        "Each copy targets a different one of those permanents and players.",
        name="Radiate",
    )
    effects = card.abilities[0].effects  # type: ignore[union-attr]
    assert effects[-1] == n.CopySpell(
        n.It("that spell"), for_each_could_target=d.AnyOf((d.IsPermanent(), d.IsPlayer()))
    )


@pytest.mark.parametrize(
    "text",
    [
        # the reminder sentence with no copy "for each" before it
        "Copy target instant spell. Each copy targets a different one of those creatures.",
        # "they control" with no other player copying
        "Whenever you cast an instant spell that targets only ~, copy that spell for each "
        "other creature they control that the spell could target.",
        # "The copy targets ~" after no single copy
        "Copy target instant spell twice. The copy targets ~.",
    ],
)
def test_copy_sentences_without_their_copy_are_not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Instant")
    assert card.unsupported


@pytest.mark.rules("mtg:707.10e")
def test_ivy_the_copy_targets_itself() -> None:
    card = read(
        "Whenever a player casts a spell that targets only a single creature other than Ivy, "
        "you may copy that spell. The copy targets Ivy.",
        name="Ivy, Gleeful Spellthief",
        type_line="Legendary Creature — Elf Rogue",
    )
    assert card.abilities[0].effects == (  # type: ignore[union-attr]
        n.May((n.CopySpell(n.TriggerObject("that spell"), new_target=n.Self()),)),
    )


@pytest.mark.rules("mtg:707.10", "mtg:110.4a")
def test_copy_target_permanent_spell_you_control() -> None:
    card = read("Copy target permanent spell you control three times.", name="Myojin")
    ability = card.abilities[0]
    (req,) = ability.requirements  # type: ignore[union-attr]
    assert req.zone == "stack"
    assert d.HasType("creature") in req.descriptor.parts[1].parts  # type: ignore[attr-defined]
    assert d.HasType("land") not in req.descriptor.parts[1].parts  # type: ignore[attr-defined]
    assert ability.effects == (n.CopySpell(n.TargetSlot(0), times=3),)  # type: ignore[union-attr]


@pytest.mark.rules("mtg:509.1a", "mtg:509.1h")
@pytest.mark.parametrize(
    ("text", "condition"),
    [
        ("{B}{B}: Destroy target creature blocking ~.", "blocking_source"),
        ("{T}: Tap target creature with flying blocked by ~.", "blocked_by_source"),
        ("{B}: Destroy target creature ~ is blocking.", "blocked_by_source"),
    ],
)
def test_creatures_blocking_or_blocked_by_the_source(text: str, condition: str) -> None:
    card = read(text, name="Test Wall", type_line="Creature — Wall")
    (req,) = card.abilities[0].requirements  # type: ignore[union-attr]
    assert d.Condition(condition) in req.descriptor.parts  # type: ignore[attr-defined]


# ------------------------------------------------------------------ playing
CARDS = """cards:
  Test Zada:
    type: Creature — Goblin
    power: 3
    toughness: 3
    text: >-
      Whenever you cast an instant or sorcery spell that targets only Test Zada, copy that
      spell for each other creature you control that the spell could target. Each copy
      targets a different one of those creatures.
  Test Ivy:
    type: Creature — Elf
    power: 2
    toughness: 2
    text: >-
      Whenever a player casts a spell that targets only a single creature other than Test
      Ivy, you may copy that spell. The copy targets Test Ivy.
  Test Twin Bolt:
    type: Instant
    text: >-
      Test Twin Bolt deals 1 damage to target creature and 1 damage to another target
      creature.
  Test Bolt:
    type: Instant
    colors: [red]
    text: "Test Bolt deals 1 damage to target creature."
  Test Bear Bolt:
    type: Instant
    text: "Test Bear Bolt deals 1 damage to target Bear."
  Test Pro Red:
    type: Creature — Human
    power: 2
    toughness: 2
    text: "Protection from red"
  Test Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:707.10d")
def test_each_copy_gets_one_other_creature_and_none_for_an_illegal_one() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Bolt]
    battlefield: [Test Zada, Test Bear, Test Pro Red]
  Bob:
    battlefield: [Test Ivy]
steps:
  - {cast: Test Bolt, by: Alice, targets: [Test Zada]}
  - {trigger: Test Zada, about: Test Bolt}
  - {resolve: 1}
  - expect:
      stack: [copy of Test Bolt, Test Bolt]
      targets: {copy of Test Bolt: [[Test Bear]]}
      events:
        - {kind: no_copy, rule: mtg:707.10d}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:707.10d", "mtg:115.3")
def test_a_spell_with_two_targets_gets_no_copy_as_one_object_cant_be_both() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Twin Bolt]
    battlefield: [Test Zada, Test Bear]
  Bob:
    battlefield: [Test Ivy]
steps:
  - {cast: Test Twin Bolt, by: Alice, targets: [[Test Zada], [Test Ivy]]}
  - {trigger: Test Zada, about: Test Twin Bolt}
  - {resolve: 1}
  - expect:
      stack: [Test Twin Bolt]
      events:
        - {kind: no_copy, rule: mtg:707.10d}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:707.10e")
def test_the_copy_targets_ivy_unless_ivy_is_not_a_legal_target() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Bolt, Test Bear Bolt]
    battlefield: [Test Ivy]
  Bob:
    battlefield: [Test Bear]
steps:
  - {cast: Test Bolt, by: Alice, targets: [Test Bear]}
  - {trigger: Test Ivy, about: Test Bolt}
  - {resolve: 1, choose: {may: true}}
  - expect:
      stack: [copy of Test Bolt, Test Bolt]
      targets: {copy of Test Bolt: [[Test Ivy]], Test Bolt: [[Test Bear]]}
      controller: {copy of Test Bolt: Alice}
      events:
        - {kind: targets_changed, rule: mtg:707.10e}
  - {resolve: 1}
  - {resolve: 1}
  - {cast: Test Bear Bolt, by: Alice, targets: [Test Bear]}
  - {trigger: Test Ivy, about: Test Bear Bolt}
  - {resolve: 1, choose: {may: true}}
  - expect:
      stack: [Test Bear Bolt]
      events:
        - {kind: no_copy, rule: mtg:707.10e}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]
