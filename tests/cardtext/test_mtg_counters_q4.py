"""Magic counters, third wave (helper Q4): "distribute X counters among ..., where X is
..." (the number taken as the division is announced, mtg:601.2d), "put that many
counters" (the number the trigger event was about, mtg:603.2), "double the number of
counters on each of those creatures" (mtg:701.9e), "you put ... counters" and "... and
put a counter on each of them" (mtg:122.6), read from real card text and resolved."""

from __future__ import annotations

import pytest
from tests.helpers import read_effects, unread

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.kernel import descriptors as d
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario

# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:601.2d", "mtg:107.3c")
def test_distribute_x_where_x_is_computed() -> None:
    beastcaller = read_effects(
        "When this creature dies, distribute X +1/+1 counters among any number of target "
        "creatures you control, where X is the number of +1/+1 counters on this creature.",
        name="Quirion Beastcaller",
        type_line="Creature — Dryad Warrior",
    )
    assert beastcaller == (
        n.DistributeCounters(n.TargetSlot(0), "+1/+1", n.CountersOn("+1/+1", n.Self())),
    )
    upheaval = read_effects(
        "Distribute X +1/+1 counters among any number of target creatures you control, "
        "where X is the number of creature cards in your graveyard as you cast this spell.",
        name="Undercity Upheaval",
        type_line="Sorcery",
    )
    assert upheaval == (
        n.DistributeCounters(
            n.TargetSlot(0),
            "+1/+1",
            n.CountOf(d.AllOf((d.IsCard(), d.HasType("creature"), d.InZone("graveyard", "you")))),
        ),
    )


def test_distribute_where_x_needs_an_x_and_no_x_in_the_target_phrase() -> None:
    assert unread(
        "Distribute three +1/+1 counters among any number of target creatures, where X is "
        "the number of lands you control."
    )
    assert unread(
        "Distribute X +1/+1 counters among any number of target creatures with mana value X, "
        "where X is the number of lands you control."
    )


@pytest.mark.rules("mtg:603.2", "mtg:122.6")
def test_put_that_many_counters() -> None:
    assert read_effects(
        "Whenever you gain life, put that many +1/+1 counters on target Halfling or Treefolk.",
        name="Treebeard, Gracious Host",
        type_line="Legendary Creature — Treefolk",
    ) == (n.PutCounters(n.TargetSlot(0), "+1/+1", n.TriggerAmount("that many")),)
    assert read_effects(
        "Whenever you discard one or more cards, put that many +1/+1 counters on this creature.",
        name="Marauding Mako",
        type_line="Creature — Shark Pirate",
    ) == (n.PutCounters(n.Self(), "+1/+1", n.TriggerAmount("that many")),)


def test_that_many_of_a_number_the_trigger_does_not_name_is_not_read() -> None:
    # "that many" of Reyhan is the counters the creature had, not a number of its event
    assert unread(
        "Whenever a creature you control dies or is put into the command zone, if it had one "
        "or more +1/+1 counters on it, you may put that many +1/+1 counters on target "
        "creature.",
        name="Reyhan, Last of the Abzan",
        type_line="Legendary Creature — Human Warrior",
    )
    # paying life is not gaining it
    assert unread(
        "Whenever you pay life, put that many blood counters on target creature.",
        type_line="Enchantment",
    )


@pytest.mark.rules("mtg:701.9e")
def test_double_the_counters_on_each_of_those_creatures() -> None:
    assert read_effects(
        "Distribute three +1/+1 counters among one, two, or three target creatures, then "
        "double the number of +1/+1 counters on each of those creatures.",
        name="Biogenic Upgrade",
        type_line="Sorcery",
    ) == (
        n.DistributeCounters(n.TargetSlot(0), "+1/+1", 3),
        n.DoubleCounters(n.It("those creatures"), "+1/+1"),
    )


@pytest.mark.rules("mtg:122.6")
def test_you_put_and_each_of_them() -> None:
    assert read_effects(
        "Whenever a player plays a land from exile or casts a spell from exile, you put a "
        "+1/+1 counter on target creature and create a Food token.",
        name="Rocco, Street Chef",
        type_line="Legendary Creature — Elf Druid",
    )[0] == n.PutCounters(n.TargetSlot(0), "+1/+1", 1)
    assert read_effects(
        "Tap up to two target creatures and put a stun counter on each of them.",
        name="Out Cold",
    ) == (n.Tap(n.TargetSlot(0)), n.PutCounters(n.TargetSlot(0), "stun", 1))
    assert read_effects(
        "Whenever this creature deals combat damage to a player, you may choose any number "
        "of target lands you control and put an awakening counter on each of them.",
        name="Liege of the Tangle",
        type_line="Creature — Elemental",
    ) == (n.May((n.ChooseTarget(n.TargetSlot(0)), n.PutCounters(n.TargetSlot(0), "awakening", 1))),)


def test_each_of_them_needs_a_target_before_it() -> None:
    assert unread("Tap all creatures and put a stun counter on each of them.")
    assert unread("Tap target creature and put a stun counter on each of those.")


# ------------------------------------------------------------------ behaviour

CARDS = """
cards:
  Seed Caller:
    type: Creature — Elf
    cost: "{2}{G}"
    power: 1
    toughness: 1
    text: >-
      When this creature dies, distribute X +1/+1 counters among any number of target
      creatures you control, where X is the number of +1/+1 counters on this creature.
  Swarm Call:
    type: Sorcery
    cost: "{2}{G}"
    text: >-
      Distribute X +1/+1 counters among any number of target creatures you control, where
      X is the number of creatures you control.
  Twin Growth:
    type: Sorcery
    cost: "{4}{G}"
    text: >-
      Distribute three +1/+1 counters among one, two, or three target creatures, then
      double the number of +1/+1 counters on each of those creatures.
  Bear:
    type: Creature — Bear
    cost: "{1}{G}"
    power: 2
    toughness: 2
  Hauler:
    type: Artifact
    cost: "{2}"
    text: >-
      {T}: For each kind of counter on target permanent, put another counter of that kind
      on it or remove one from it.
  Cub:
    type: Creature — Bear
    cost: "{G}"
    power: 1
    toughness: 1
"""


def play(body: str) -> tuple[bool, list[str]]:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    result = run_scenario(parse_scenario(text, "q4.yaml"))
    return result.ok, [str(p) for p in result.problems]


@pytest.mark.rules("mtg:601.2d", "mtg:608.2h")
def test_the_computed_number_is_taken_as_the_division_is_announced() -> None:
    """Three creatures as it is cast: three counters to divide, not the two there are when
    it resolves (the number is settled with the division, mtg:601.2d)."""
    ok, problems = play(
        """
setup:
  Alice:
    hand: [Swarm Call]
    battlefield: [Bear, Seed Caller, Cub]
steps:
  - cast: Swarm Call
    by: Alice
    targets: [[Bear, Seed Caller]]
    divide: [1, 1]
    rejected: mtg:601.2d
  - cast: Swarm Call
    by: Alice
    targets: [[Bear, Seed Caller]]
    divide: [2, 1]
  - do: {move: {Cub: graveyard}}
  - resolve: 1
  - expect:
      counters: {Bear: {+1/+1: 2}, Seed Caller: {+1/+1: 1}}
"""
    )
    assert ok, problems


@pytest.mark.rules("mtg:601.2d", "mtg:603.10a")
def test_a_dies_trigger_counts_the_counters_the_creature_had() -> None:
    """The creature left the battlefield: its counters are read as it last was there
    (mtg:603.10a), not from the new object in the graveyard, which has none."""
    ok, problems = play(
        """
setup:
  Alice:
    battlefield: [Seed Caller, Bear]
steps:
  - do: {counters: {Seed Caller: {+1/+1: 2}}}
  - do: {move: {Seed Caller: graveyard}}
  - trigger: Seed Caller
    targets: [[Bear]]
    divide: [1]
    rejected: mtg:601.2d
  - trigger: Seed Caller
    targets: [[Bear]]
    divide: [2]
  - resolve: 1
  - expect:
      counters: {Bear: {+1/+1: 2}}
"""
    )
    assert ok, problems


@pytest.mark.rules("mtg:701.9e", "mtg:608.2b")
def test_double_on_each_of_those_creatures() -> None:
    ok, problems = play(
        """
setup:
  Alice:
    hand: [Twin Growth]
    battlefield: [Bear, Seed Caller]
steps:
  - do: {counters: {Bear: {+1/+1: 1}}}
  - cast: Twin Growth
    by: Alice
    targets: [[Bear, Seed Caller]]
    divide: [2, 1]
  - resolve: 1
  - expect:
      counters: {Bear: {+1/+1: 6}, Seed Caller: {+1/+1: 2}}
"""
    )
    assert ok, problems


# ------------------------------------------------- one more or one fewer of each kind


@pytest.mark.rules("mtg:122.1", "mtg:608.2d")
def test_put_or_remove_one_of_each_kind_is_read() -> None:
    text = (
        "When this creature enters, for each kind of counter on target permanent, put "
        "another counter of that kind on it or remove one from it."
    )
    card = parse_card("mtg", text, name="Quarry Hauler", type_line="Creature — Camel")
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (n.PutOrRemoveEachKind(n.TargetSlot(0)),)
    # the target phrase reads as any "target permanent" does
    plain = parse_card("mtg", "Destroy target permanent.", type_line="Instant")
    (mine,), (theirs,) = ability.requirements, plain.abilities[0].requirements  # type: ignore[union-attr]
    assert (mine.descriptor, mine.min, mine.max, mine.kinds, mine.zone, mine.text) == (
        theirs.descriptor,
        theirs.min,
        theirs.max,
        theirs.kinds,
        theirs.zone,
        theirs.text,
    )
    assert text[mine.span[0] : mine.span[1]] == "target permanent"  # type: ignore[index]
    assert unread(
        "For each kind of counter on target permanent, put another counter of that kind on it "
        "or remove two from it."
    )


@pytest.mark.rules("mtg:122.1")
def test_a_permanent_without_counters_is_left_as_it_is() -> None:
    """Nothing to choose where the permanent has no counters: no choice is asked for."""
    ok, problems = play(
        """
setup:
  Alice:
    battlefield: [Hauler, Bear]
steps:
  - activate: Hauler
    targets: [[Bear]]
  - resolve: 1
  - expect:
      counters: {Bear: {}}
      events:
        - {kind: no_effect, rule: mtg:122.1}
"""
    )
    assert ok, problems


@pytest.mark.rules("mtg:122.6", "mtg:601.2c")
def test_counters_on_each_of_two_target_phrases() -> None:
    assert read_effects(
        "Whenever Omo enters or attacks, put an everything counter on each of up to one "
        "target land and up to one target creature.",
        name="Omo, Queen of Vesuva",
        type_line="Legendary Creature — Shapeshifter",
    ) == (
        n.PutCounters(n.TargetSlot(0), "everything", 1),
        n.PutCounters(n.TargetSlot(1), "everything", 1),
    )


@pytest.mark.rules("mtg:122.8")
def test_its_counters_of_one_kind() -> None:
    assert read_effects(
        "When this creature leaves the battlefield, put its +1/+1 counters on target creature "
        "you control.",
        name="Selfless Police Captain",
        type_line="Creature — Human Detective",
    ) == (n.PutCountersOf(n.Self(), n.TargetSlot(0), "+1/+1"),)
    # "its" of another creature's leaving is not this creature's
    assert unread(
        "Whenever a creature you control dies, put its +1/+1 counters on target creature you "
        "control.",
        type_line="Creature — Human",
    )
