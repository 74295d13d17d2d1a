"""Magic counters, fourth pass (helper W4): "remove up to N counters" (mtg:122.1, the
number and kinds picked as it resolves, mtg:608.2d), "move all / N / any number of
counters" (mtg:122.5) and the two-word keyword counters (mtg:122.1b), read from real
card text and resolved."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:122.1", "mtg:608.2d")
@pytest.mark.parametrize(
    ("text", "kind", "count"),
    [
        ("Remove up to five counters from target permanent.", None, 5),  # Render Inert
        ("Remove up to three counters from target creature.", None, 3),  # Heartless Act
        ("Remove up to X counters from target permanent.", None, "X"),  # Hex Parasite
        ("Remove up to four charge counters from target noncreature artifact.", "charge", 4),
    ],
)
def test_remove_up_to(text: str, kind: str | None, count: int | str) -> None:
    assert read_effects(text) == (n.RemoveCountersUpTo(n.TargetSlot(0), kind, count),)


@pytest.mark.rules("mtg:122.5")
def test_move_all_any_number_and_x_counters() -> None:
    assert read_effects(
        "Move all counters from target creature onto another target creature.",
        name="Fate Transfer",
    ) == (n.MoveCounters(n.TargetSlot(0), n.TargetSlot(1), None),)
    assert read_effects(
        "Move any number of +1/+1 counters from target creature onto another target creature "
        "with the same controller.",
        name="Bioshift",
    ) == (n.MoveCounters(n.TargetSlot(0), n.TargetSlot(1), "+1/+1", chosen=True),)
    assert read_effects(
        "{4}{W}: Move any number of counters from target permanent you control to another "
        "target permanent you control.",
        name="Resourceful Defense",
        type_line="Enchantment",
    ) == (n.MoveCounters(n.TargetSlot(0), n.TargetSlot(1), None, chosen=True),)
    assert read_effects(
        "{3}: Move all +1/+1 counters from target land you control onto target creature.",
        name="Black Panther, Wakandan King",
        type_line="Legendary Creature — Human Noble Hero",
    ) == (n.MoveCounters(n.TargetSlot(0), n.TargetSlot(1), "+1/+1"),)
    assert read_effects(
        "{X}, {T}: Move X +1/+1 counters from ~ onto another target artifact.",
        name="Blaster, Morale Booster",
        type_line="Legendary Artifact",
    ) == (n.MoveCounters(n.Self(), n.TargetSlot(0), "+1/+1", "X"),)


def test_other_verbs_and_unmodelled_kinds_are_not_read() -> None:
    """Only "move" moves counters; lore counters (a Saga's chapters and its sacrifice,
    mtg:714.2b, mtg:714.4) are not modelled, so no sentence with them is claimed."""
    assert unread("Move all lore counters from target Saga onto another target Saga.")
    assert unread("Remove up to two lore counters from target Saga.")
    assert unread("Shift all counters from target creature onto another target creature.")
    assert unread("Move some counters from target creature onto another target creature.")


@pytest.mark.rules("mtg:122.1b")
@pytest.mark.parametrize("kind", ["double strike", "first strike"])
def test_two_word_keyword_counters(kind: str) -> None:
    assert read_effects(f"Put a {kind} counter on target creature you control.") == (
        n.PutCounters(n.TargetSlot(0), kind, 1),
    )


# ------------------------------------------------------------------ behaviour

CARDS = """
cards:
  Render Inert:
    type: Sorcery
    cost: "{1}{B}"
    text: Remove up to five counters from target permanent.
  Gremlin Dud:
    type: Instant
    cost: "{1}"
    text: Remove up to four charge counters from target noncreature artifact.
  Fate Transfer:
    type: Instant
    cost: "{1}{U/B}"
    text: Move all counters from target creature onto another target creature.
  Bioshift:
    type: Instant
    cost: "{G/U}"
    text: >-
      Move any number of +1/+1 counters from target creature onto another target
      creature with the same controller.
  Pump Two:
    type: Instant
    cost: "{1}"
    text: Move two +1/+1 counters from target creature onto another target creature.
  Strike Gift:
    type: Instant
    cost: "{1}"
    text: Put a double strike counter on target creature.
  Totem:
    type: Artifact
    cost: "{1}"
  Incision:
    type: Instant
    cost: "{1}{W}"
    text: >-
      Exile target artifact or creature, then return it to the battlefield under its
      owner's control with a +1/+1 counter on it.
  Dust:
    type: Sorcery
    cost: "{3}{W}"
    text: Exile any number of target creatures that have -1/-1 counters on them.
"""


def play(body: str) -> tuple[bool, str, list[str]]:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    result = run_scenario(parse_scenario(text, "w4.yaml"))
    return (
        result.ok,
        str(result.error or ""),
        [*map(str, result.failures), result.unsupported or ""],
    )


@pytest.mark.rules("mtg:122.1", "mtg:608.2d")
def test_remove_up_to_removes_the_picked_counters() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Render Inert]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 3, shield: 2, flying: 1}}}
  - cast: Render Inert
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
    choose: {counters: {+1/+1: 3, shield: 2}}
  - expect:
      counters: {Grizzly Bears: {flying: 1}}
      properties: {Grizzly Bears: {power: 2}}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:608.2d")
@pytest.mark.parametrize(
    "choose",
    [
        "",  # nothing picked
        "choose: {counters: {+1/+1: 3, shield: 3}}",  # six: more than five
        "choose: {counters: {shield: 3}}",  # more shield counters than it has
        "choose: {counters: {stun: 1}}",  # a kind it doesn't have
    ],
)
def test_remove_up_to_refuses_a_pick_that_does_not_fit(choose: str) -> None:
    ok, error, failures = play(
        f"""
setup:
  Alice:
    hand: [Render Inert]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - do: {{counters: {{Grizzly Bears: {{+1/+1: 4, shield: 2}}}}}}
  - cast: Render Inert
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
    {choose}
"""
    )
    assert not ok
    assert "(mtg:608.2d)" in " ".join([error, *failures])


@pytest.mark.rules("mtg:122.1")
def test_remove_up_to_of_one_kind_leaves_the_other_kinds() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Gremlin Dud]
  Bob:
    battlefield: [Totem]
steps:
  - do: {counters: {Totem: {charge: 6, oil: 2}}}
  - cast: Gremlin Dud
    by: Alice
    targets: [Totem]
  - resolve: 1
    choose: {counters: {charge: 4}}
  - expect:
      counters: {Totem: {charge: 2, oil: 2}}
"""
    )
    assert ok, (error, failures)
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Gremlin Dud]
  Bob:
    battlefield: [Totem]
steps:
  - do: {counters: {Totem: {charge: 6, oil: 2}}}
  - cast: Gremlin Dud
    by: Alice
    targets: [Totem]
  - resolve: 1
    choose: {counters: {oil: 1}}
"""
    )
    assert not ok
    assert "can't pick 1 oil" in " ".join([error, *failures])


@pytest.mark.rules("mtg:122.5")
def test_move_all_counters_moves_every_kind() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Fate Transfer]
    battlefield: [Grizzly Bears, Runeclaw Bear]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 2, flying: 1}, Runeclaw Bear: {-1/-1: 1}}}
  - cast: Fate Transfer
    by: Alice
    targets: [[Grizzly Bears], [Runeclaw Bear]]
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {}, Runeclaw Bear: {flying: 1, +1/+1: 1}}
      properties: {Grizzly Bears: {power: 2}, Runeclaw Bear: {power: 3}}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:122.5")
def test_no_counter_moves_when_one_object_is_gone() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Fate Transfer]
    battlefield: [Grizzly Bears, Runeclaw Bear]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 2}}}
  - cast: Fate Transfer
    by: Alice
    targets: [[Grizzly Bears], [Runeclaw Bear]]
  - do: {move: {Runeclaw Bear: graveyard}}
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {+1/+1: 2}}
      events:
        - {kind: no_move, rule: mtg:122.5}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:122.5", "mtg:608.2d")
def test_move_any_number_moves_the_picked_number() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Bioshift]
    battlefield: [Grizzly Bears, Runeclaw Bear]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 3}}}
  - cast: Bioshift
    by: Alice
    targets: [[Grizzly Bears], [Runeclaw Bear]]
  - resolve: 1
    choose: {counters: {+1/+1: 2}}
  - expect:
      counters: {Grizzly Bears: {+1/+1: 1}, Runeclaw Bear: {+1/+1: 2}}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:122.5")
def test_move_n_counters_moves_no_more_than_there_are() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Pump Two, Fate Transfer]
    battlefield: [Grizzly Bears, Runeclaw Bear]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 1}}}
  - cast: Pump Two
    by: Alice
    targets: [[Grizzly Bears], [Runeclaw Bear]]
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {}, Runeclaw Bear: {+1/+1: 1}}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:122.1b")
def test_a_double_strike_counter_gives_double_strike() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Strike Gift]
    battlefield: [Grizzly Bears]
steps:
  - cast: Strike Gift
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {double strike: 1}}
      properties: {Grizzly Bears: {keywords: [double strike]}}
"""
    )
    assert ok, (error, failures)


# ------------------------------------------------- "if it had counters on it" (mtg:122.8)

_LOOKED_BACK = n.TriggerObject("it", looks_back=True)


@pytest.mark.rules("mtg:122.8", "mtg:603.10a", "mtg:603.4")
@pytest.mark.parametrize(
    ("text", "kind", "value", "then"),
    [
        (  # Iron Apprentice
            "When this creature dies, if it had counters on it, put those counters on target "
            "creature you control.",
            None,
            1,
            n.PutCountersOf(_LOOKED_BACK, n.TargetSlot(0)),
        ),
        (  # Host of the Hereafter
            "Whenever this creature or another creature you control dies, if it had counters "
            "on it, put its counters on up to one target creature you control.",
            None,
            1,
            n.PutCountersOf(_LOOKED_BACK, n.TargetSlot(0)),
        ),
        (  # Blowfly Infestation
            "Whenever a creature dies, if it had a -1/-1 counter on it, put a -1/-1 counter on "
            "target creature.",
            "-1/-1",
            1,
            n.PutCounters(n.TargetSlot(0), "-1/-1", 1),
        ),
        (
            "Whenever another creature you control leaves the battlefield, if it had two or "
            "more +1/+1 counters on it, put a +1/+1 counter on target creature.",
            "+1/+1",
            2,
            n.PutCounters(n.TargetSlot(0), "+1/+1", 1),
        ),
    ],
)
def test_if_it_had_counters_on_it(text: str, kind: str | None, value: int, then: object) -> None:
    (effect,) = read_effects(text, type_line="Creature")
    assert isinstance(effect, n.IfCondition)
    assert effect.condition == n.NumberCondition(n.CountersOn(kind, _LOOKED_BACK), ">=", value)
    assert effect.effects == (then,)


def test_it_had_and_those_counters_need_a_leaves_the_battlefield_trigger() -> None:
    """Outside a trigger that looks back, whose "it" or "those counters" is not read."""
    assert unread(
        "{T}: If it had counters on it, put a +1/+1 counter on target creature.",
        type_line="Artifact",
    )
    assert unread("Put those counters on target creature.")
    assert unread(
        "Whenever a creature you control attacks, if it had counters on it, draw a card.",
        type_line="Enchantment",
    )


# ------------------------------------------------ counters in target phrases (mtg:122.1)


@pytest.mark.rules("mtg:122.1", "mtg:115.1")
def test_counters_in_target_phrases() -> None:
    card = parse_card(
        "mtg",
        "Exile any number of target creatures that have -1/-1 counters on them.",
        name="Dust",
        type_line="Sorcery",
    )
    assert not card.unsupported
    (req,) = card.abilities[0].requirements
    assert req.descriptor == d.AllOf((d.HasType("creature"), d.Condition("has_counter:-1/-1")))
    card = parse_card(
        "mtg",
        "Whenever ~ attacks, put an egg counter on another target creature without an egg "
        "counter on it.",
        name="Xira, the Golden Sting",
        type_line="Legendary Creature — Insect Assassin",
    )
    assert not card.unsupported
    (req,) = card.abilities[0].requirements
    assert d.Not(d.Condition("has_counter:egg")) in req.descriptor.parts
    card = parse_card(
        "mtg",
        "When this Vehicle enters, distribute two +1/+1 counters among one or two other "
        "target Vehicles and/or creatures you control.",
        name="Cloudspire Skycycle",
        type_line="Artifact — Vehicle",
    )
    assert not card.unsupported
    (req,) = card.abilities[0].requirements
    assert (req.min, req.max, req.divided) == (1, 2, True)
    assert "Other()" in repr(req.descriptor)
    assert unread("Exile any number of target creatures that have -1/-1 counters on it.")


@pytest.mark.rules("mtg:122.1", "mtg:601.2c")
def test_a_creature_without_the_counters_is_not_a_legal_target() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Dust]
  Bob:
    battlefield: [Grizzly Bears, Runeclaw Bear]
steps:
  - do: {counters: {Grizzly Bears: {-1/-1: 1}}}
  - cast: Dust
    by: Alice
    targets: [Grizzly Bears, Runeclaw Bear]
    rejected: mtg:601.2c
  - cast: Dust
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: exile, Runeclaw Bear: battlefield}
"""
    )
    assert ok, (error, failures)


# ------------------------------------------- flicker with a counter (mtg:400.7, 122.6)


@pytest.mark.rules("mtg:400.7", "mtg:122.6")
def test_flicker_with_a_counter_is_read() -> None:
    assert read_effects(
        "Exile target artifact or creature, then return it to the battlefield under its "
        "owner's control with a +1/+1 counter on it.",
        name="Planar Incision",
    ) == (n.FlickerWithCounters(n.Flicker(n.TargetSlot(0)), (("+1/+1", 1),)),)
    assert unread(
        "Exile target creature, then return it to the battlefield under its owner's control "
        "with a lore counter on it."
    )


@pytest.mark.rules("mtg:400.7", "mtg:122.6")
def test_the_returned_card_gets_the_counter() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Incision]
    battlefield: [Grizzly Bears]
steps:
  - do: {counters: {Grizzly Bears: {-1/-1: 1}}}
  - cast: Incision
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: battlefield}
      counters: {Grizzly Bears: {+1/+1: 1}}
      properties: {Grizzly Bears: {power: 3}}
"""
    )
    assert ok, (error, failures)
