"""Magic damage prevented "this way", third wave (helper Q5): "If damage is prevented this
way, ~ deals that much damage to any target" (mtg:615.5) and "Prevent the next X damage
that would be dealt to you this turn" (mtg:615.7). Real card text (Oracle), then
behaviour in small games."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import ScenarioResult, run_scenario

# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:615.5", "mtg:615.7")
def test_a_shield_on_you_and_what_it_prevents_dealt_to_a_target() -> None:
    found = read_effects(
        "Flying\n{X}: Prevent the next X damage that would be dealt to you this turn. If "
        "damage is prevented this way, this creature deals that much damage to target "
        "player or planeswalker.",
        name="Vengeful Archon",
        type_line="Creature — Archon",
        ability="last",
    )
    assert found == (
        n.PreventDamage(n.You(), amount="X"),
        n.IfPreventedDeal(n.TargetSlot(0)),
    )


@pytest.mark.rules("mtg:615.5")
def test_prevented_this_way_to_the_second_target() -> None:
    found = read_effects(
        "Prevent the next X damage that would be dealt to target creature this turn, where "
        "X is your devotion to white. If damage is prevented this way, Acolyte's Reward "
        "deals that much damage to any target.",
        name="Acolyte's Reward",
    )
    assert isinstance(found[0], n.PreventDamage) and found[0].on == n.TargetSlot(0)
    assert found[1] == n.IfPreventedDeal(n.TargetSlot(1))


@pytest.mark.rules("mtg:615.5")
def test_you_may_have_it_deal_is_optional() -> None:
    assert read_effects(
        "Prevent the next 3 damage that would be dealt to target creature this turn. If "
        "damage is prevented this way, you may have Channel Harm deal that much damage to "
        "target creature.",
        name="Channel Harm",
    )[1] == n.IfPreventedDeal(n.TargetSlot(1), optional=True)


def test_other_prevented_shapes_are_not_misread() -> None:
    # a trigger on prevention (Phyrexian Vindicator) and "that source's controller" stay
    # unread: neither is what the prevention shield itself does next
    assert unread(
        "When damage is prevented this way, this creature deals that much damage to any "
        "other target.",
        name="Phyrexian Vindicator",
        type_line="Creature — Phyrexian Angel",
    )
    assert unread(
        "If damage is prevented this way, Foo deals that much damage to that source's controller.",
        name="Foo",
    )
    assert unread("If damage is dealt this way, Foo deals that much damage to any target.")


@pytest.mark.rules("mtg:615.7")
def test_prevent_the_next_damage_to_you() -> None:
    assert read_effects(
        "{2}: Prevent the next 1 damage that would be dealt to you this turn.",
        name="Shield of the Ages",
        type_line="Artifact",
    ) == (n.PreventDamage(n.You(), amount=1),)


@pytest.mark.rules("mtg:120.2b")
def test_target_opponent_and_each_creature_they_control() -> None:
    assert read_effects(
        "This Saga deals 3 damage to target opponent and each creature they control.",
        name="The Great Work",
    ) == (
        n.DealDamage(3, n.TargetSlot(0)),
        n.DealDamage(3, n.EachControlledBy(d.HasType("creature"), n.TargetSlot(0))),
    )


@pytest.mark.rules("mtg:120.2b")
def test_any_target_and_each_creature_another_target_controls() -> None:
    assert read_effects(
        "Seismic Wave deals 2 damage to any target and 1 damage to each nonartifact "
        "creature target opponent controls.",
        name="Seismic Wave",
    ) == (
        n.DealDamage(2, n.TargetSlot(0)),
        n.DealDamage(
            1,
            n.EachControlledBy(
                d.AllOf((d.Not(d.HasType("artifact")), d.HasType("creature"))),
                n.TargetSlot(1),
            ),
        ),
    )


# ------------------------------------------------------------------ behaviour

_CARDS = """cards:
  Reward:
    type: Instant
    text: >-
      Prevent the next 3 damage that would be dealt to target creature this turn. If
      damage is prevented this way, Reward deals that much damage to any target.
  Harm:
    type: Instant
    text: >-
      Prevent the next 3 damage that would be dealt to target creature this turn. If
      damage is prevented this way, you may have Harm deal that much damage to target
      creature.
  Great Work:
    type: Sorcery
    text: Great Work deals 3 damage to target opponent and each creature they control.
  Bolt:
    type: Instant
    text: Bolt deals 3 damage to any target.
  Unsummon:
    type: Instant
    text: Return target creature to its owner's hand.
  Bear:
    type: Creature — Bear
    power: 2
    toughness: 2
  Ox:
    type: Creature — Ox
    power: 2
    toughness: 4
"""


def play(steps: str, setup: str) -> ScenarioResult:
    text = f"game: mtg\nplayers: [Alice, Bob]\n{_CARDS}\nsetup:\n{setup}\nsteps:\n{steps}"
    return run_scenario(parse_scenario(text, "prevented-q5-test.yaml"))


_SETUP = """  Alice:
    battlefield: [Bear]
    hand: [Reward, Harm, Great Work]
  Bob:
    battlefield: [Ox]
    hand: [Bolt, Unsummon]
"""


@pytest.mark.rules("mtg:615.5", "mtg:615.7")
def test_the_prevented_amount_is_dealt_to_the_target() -> None:
    """Bolt's 3 damage to the Bear is all prevented; Reward deals 3 to the Ox."""
    result = play(
        """
  - cast: Reward
    by: Alice
    targets: [[Bear], [Ox]]
  - resolve: 1
  - cast: Bolt
    by: Bob
    targets: [Bear]
  - resolve: 1
  - expect:
      damage: {Bear: 0, Ox: 3}
      events:
        - {kind: damage_prevented, object: Bear, rule: mtg:615.7}
        - {kind: after_prevention, object: Ox, rule: mtg:615.5}
        - {kind: damage, object: Ox}
""",
        _SETUP,
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:615.5")
def test_a_recipient_gone_is_dealt_nothing() -> None:
    """The Ox leaves the battlefield before the damage is prevented: it is dealt none,
    and the prevention still happens."""
    result = play(
        """
  - cast: Reward
    by: Alice
    targets: [[Bear], [Ox]]
  - resolve: 1
  - cast: Unsummon
    by: Bob
    targets: [Ox]
  - resolve: 1
  - cast: Bolt
    by: Bob
    targets: [Bear]
  - resolve: 1
  - expect:
      damage: {Bear: 0}
      zone: {Ox: hand}
      events:
        - {kind: damage_prevented, object: Bear}
        - {kind: no_damage, rule: mtg:615.5}
""",
        _SETUP,
    )
    assert result.ok, result.problems


@pytest.mark.rules("mtg:615.5")
def test_a_choice_made_later_is_not_supported() -> None:
    result = play(
        """
  - cast: Harm
    by: Alice
    targets: [[Bear], [Ox]]
  - resolve: 1
""",
        _SETUP,
    )
    assert not result.ok and not result.failures
    assert "prevent" in str(result.unsupported)


@pytest.mark.rules("mtg:120.2b", "mtg:120.3a")
def test_they_are_the_target_opponent() -> None:
    """Bob and his Ox are dealt 3; Alice's Bear is not."""
    result = play(
        """
  - cast: Great Work
    by: Alice
    targets: [Bob]
  - resolve: 1
  - expect:
      life: {Bob: 17, Alice: 20}
      damage: {Ox: 3, Bear: 0}
""",
        _SETUP,
    )
    assert result.ok, result.problems
