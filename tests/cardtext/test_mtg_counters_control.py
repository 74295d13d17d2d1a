"""Magic's counters, control, tap/untap, attach, regeneration, goad and detain: the
sentences read from real card text (Oracle wording) and what resolving them does
(mtg:122, mtg:613.1b, mtg:611.2a, mtg:701.3, mtg:701.15, mtg:701.21, mtg:701.29,
mtg:701.38, mtg:601.2d)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.runner import run_scenario


def abilities(text: str, name: str, type_line: str) -> tuple[n.Ability, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card.abilities


def effects_of(text: str, name: str = "Dummy", type_line: str = "Sorcery") -> tuple[object, ...]:
    (ability,) = abilities(text, name, type_line)
    assert not isinstance(ability, n.Unsupported | n.KeywordAbility | n.StaticAbility)
    return ability.effects


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:613.1b", "mtg:611.2a")
def test_threaten_reads_control_untap_and_haste() -> None:
    effects = effects_of(
        "Untap target creature and gain control of it until end of turn. That creature gains "
        "haste until end of turn. (It can attack and {T} this turn.)",
        "Threaten",
    )
    assert effects == (
        n.Untap(n.TargetSlot(0)),
        n.GainControl(n.It(), "end_of_turn"),
        n.GainAbility(n.It("that creature"), "haste"),
    )


@pytest.mark.rules("mtg:611.2a")
def test_act_of_treason_and_a_control_change_with_no_duration() -> None:
    treason = effects_of(
        "Gain control of target creature until end of turn. Untap that creature. It gains "
        "haste until end of turn.",
        "Act of Treason",
    )
    assert treason[:2] == (
        n.GainControl(n.TargetSlot(0), "end_of_turn"),
        n.Untap(n.It("that creature")),
    )
    keiga = abilities(
        "Flying\nWhen Keiga dies, gain control of target creature.",
        "Keiga, the Tide Star",
        "Legendary Creature — Dragon Spirit",
    )
    trigger = keiga[1]
    assert isinstance(trigger, n.TriggeredAbility)
    assert trigger.effects == (n.GainControl(n.TargetSlot(0), "permanent"),)


@pytest.mark.rules("mtg:611.2b")
def test_a_control_change_for_as_long_as_you_control_the_source() -> None:
    (trigger,) = abilities(
        "When Dragonlord Silumgar enters, gain control of target creature or planeswalker "
        "for as long as you control Dragonlord Silumgar.",
        "Dragonlord Silumgar",
        "Legendary Creature — Elder Dragon",
    )
    assert isinstance(trigger, n.TriggeredAbility)
    assert trigger.effects == (
        n.GainControl(n.TargetSlot(0), "permanent", while_you_control_source=True),
    )


def test_a_control_change_for_as_long_as_it_remains_tapped_is_read() -> None:
    # read since the durations pass (tests/cardtext/test_mtg_durations.py)
    card = parse_card(
        "mtg",
        "{T}: Gain control of target creature for as long as you control Rubinia "
        "Soulsinger and Rubinia Soulsinger remains tapped.",
        name="Rubinia Soulsinger",
        type_line="Legendary Creature — Faerie",
    )
    assert card.unsupported == ()


@pytest.mark.rules("mtg:701.21a", "mtg:701.21b")
def test_twiddle_reads_tap_or_untap() -> None:
    (may,) = effects_of(
        "You may tap or untap target artifact, creature, or land.", "Twiddle", "Instant"
    )
    assert may == n.May((n.TapOrUntap(n.TargetSlot(0)),))


@pytest.mark.rules("mtg:122.1d")
def test_referee_squad_reads_tap_and_a_stun_counter() -> None:
    squad = abilities(
        "Vigilance\nWhen this creature enters, tap target creature an opponent controls and "
        "put a stun counter on it.",
        "Referee Squad",
        "Creature — Homunculus",
    )
    trigger = squad[1]
    assert isinstance(trigger, n.TriggeredAbility)
    assert trigger.effects == (n.Tap(n.TargetSlot(0)), n.PutCounters(n.It(), "stun", 1))


@pytest.mark.rules("mtg:701.3a")
@pytest.mark.parametrize(
    ("text", "name", "type_line", "what", "to"),
    [
        (
            "When this Equipment enters, attach it to target creature you control.",
            "Utility Knife",
            "Artifact — Equipment",
            n.Self(),
            n.TargetSlot(0),
        ),
        (
            "{B}{B}: Attach this Equipment to target creature you control.",
            "Cranial Plating",
            "Artifact — Equipment",
            n.Self(),
            n.TargetSlot(0),
        ),
        (
            "{T}: Attach target Equipment you control to target creature you control.",
            "Brass Squire",
            "Artifact Creature — Myr",
            n.TargetSlot(0),
            n.TargetSlot(1),
        ),
    ],
)
def test_attach_sentences(text: str, name: str, type_line: str, what: object, to: object) -> None:
    assert effects_of(text, name, type_line) == (n.Attach(what, to),)  # type: ignore[arg-type]


def test_attach_it_after_another_objects_trigger_is_that_object() -> None:
    """ "it" is the Equipment that entered, not Sigarda's Aid: the object the trigger
    event was about (mtg:603.2, mtg:608.2k; helper W6)."""
    card = parse_card(
        "mtg",
        "Whenever an Equipment you control enters, you may attach it to target creature "
        "you control.",
        name="Sigarda's Aid",
        type_line="Enchantment",
    )
    assert not card.unsupported
    ability = card.abilities[0]
    assert isinstance(ability, n.TriggeredAbility)
    assert ability.effects == (n.May((n.Attach(n.TriggerObject("it"), n.TargetSlot(0)),)),)


def test_armory_automaton_attaches_targets_to_itself() -> None:
    (trigger,) = abilities(
        "Whenever this creature enters or attacks, you may attach any number of target "
        "Equipment to it.",
        "Armory Automaton",
        "Artifact Creature — Construct",
    )
    assert isinstance(trigger, n.TriggeredAbility)
    assert trigger.effects == (n.May((n.Attach(n.TargetSlot(0), n.Self()),)),)


@pytest.mark.rules("mtg:701.15a")
def test_regenerate_target_creature() -> None:
    first = abilities("Regenerate target creature.\nDraw a card.", "Refresh", "Instant")[0]
    assert isinstance(first, n.SpellAbility)
    assert first.effects == (n.Regenerate(n.TargetSlot(0)),)


@pytest.mark.rules("mtg:601.2d")
def test_distribute_counters_is_a_divided_target() -> None:
    card = parse_card(
        "mtg",
        "Distribute two +1/+1 counters among one or two target creatures.",
        name="Elven Rite",
        type_line="Sorcery",
    )
    ability = card.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (n.DistributeCounters(n.TargetSlot(0), "+1/+1", 2),)
    (req,) = ability.requirements
    assert req.divided and (req.min, req.max) == (1, 2)


@pytest.mark.rules("mtg:122.1")
@pytest.mark.parametrize(
    ("text", "kind", "count"),
    [
        ("Remove two time counters from target permanent.", "time", 2),
        ("Remove a -1/-1 counter from target creature.", "-1/-1", 1),
        ("Remove a counter from target permanent.", None, 1),
        ("Remove all counters from target permanent.", None, None),
    ],
)
def test_remove_counters(text: str, kind: str | None, count: int | None) -> None:
    assert effects_of(text) == (n.RemoveCounters(n.TargetSlot(0), kind, count),)


@pytest.mark.rules("mtg:701.38a", "mtg:701.29a")
def test_goad_and_detain_are_read() -> None:
    assert effects_of("Goad target creature.") == (n.Goad(n.TargetSlot(0)),)
    assert effects_of("Detain target creature an opponent controls.") == (
        n.Detain(n.TargetSlot(0)),
    )


@pytest.mark.rules("mtg:701.10b")
def test_exchange_control_and_a_player_gaining_control() -> None:
    assert effects_of(
        "Exchange control of target land you control and target land an opponent controls.",
        "Political Trickery",
    ) == (n.ExchangeControl(n.TargetSlot(0), n.TargetSlot(1)),)
    assert effects_of("Target player gains control of target permanent you control.", "Donate") == (
        n.GainControl(n.TargetSlot(1), "permanent", n.TargetSlot(0)),
    )


def test_a_player_gaining_control_of_it_is_not_read() -> None:
    """ "it" after a target player in a spell is an object named elsewhere (in Sleeper
    Agent's own trigger it is the creature itself: test_mtg_trigger_object.py)."""
    card = parse_card(
        "mtg",
        "Target opponent gains control of it.",
        name="Test Card",
        type_line="Sorcery",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:701.9e")
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Double the number of +1/+1 counters on target creature.", "+1/+1"),
        ("Double the number of each kind of counter on target permanent.", None),
    ],
)
def test_double_counters(text: str, kind: str | None) -> None:
    assert effects_of(text) == (n.DoubleCounters(n.TargetSlot(0), kind),)


@pytest.mark.rules("mtg:122.8")
def test_its_counters_of_a_creature_that_died() -> None:
    (trigger,) = abilities(
        "When this creature dies, put its counters on target creature you control.",
        "Dockworker Drone",
        "Artifact Creature — Robot",
    )
    assert isinstance(trigger, n.TriggeredAbility)
    assert trigger.effects == (n.PutCountersOf(n.Self(), n.TargetSlot(0)),)


def test_its_counters_after_another_creature_dies_is_not_read() -> None:
    """ "it" may be another creature that died (Host of the Hereafter): kept as not read."""
    card = parse_card(
        "mtg",
        "Whenever this creature or another creature you control dies, put its counters on "
        "up to one target creature you control.",
        name="Host",
        type_line="Creature — Zombie",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:502.3")
@pytest.mark.parametrize(
    "text",
    [
        "Target creature an opponent controls doesn't untap during its controller's next "
        "untap step.",
        "Up to three target lands don't untap during their controller's next untap step.",
    ],
)
def test_doesnt_untap_during_the_next_untap_step(text: str) -> None:
    assert effects_of(text) == (n.SkipNextUntap(n.TargetSlot(0)),)


def test_an_untap_restriction_worded_otherwise_is_not_read() -> None:
    card = parse_card(
        "mtg",
        "Target creature doesn't untap during its controller's second untap step.",
        name="Dummy",
        type_line="Sorcery",
    )
    assert card.unsupported


@pytest.mark.rules("mtg:122.5")
def test_move_a_counter() -> None:
    (ability,) = abilities(
        "{T}: Move a counter from target creature onto a second target creature.",
        "Leech Bonder",
        "Creature — Merfolk Soldier",
    )
    assert isinstance(ability, n.ActivatedAbility)
    assert ability.effects == (n.MoveCounter(n.TargetSlot(0), n.TargetSlot(1), None),)
    assert effects_of("Move a +1/+1 counter from ~ onto target creature.", "Fluxer") == (
        n.MoveCounter(n.Self(), n.TargetSlot(0), "+1/+1"),
    )


def test_moving_several_counters_of_no_named_kind_is_not_read() -> None:
    """Several counters of a named kind move (helper W4's MoveCounters); of no named
    kind, which ones is not read."""
    assert effects_of("Move two +1/+1 counters from target creature onto target creature.") == (
        n.MoveCounters(n.TargetSlot(0), n.TargetSlot(1), "+1/+1", 2),
    )
    card = parse_card(
        "mtg",
        "Move two counters from target creature onto target creature.",
        name="Dummy",
        type_line="Sorcery",
    )
    assert card.unsupported


# ------------------------------------------------------------------ behaviour

CARDS = """
cards:
  Goading Shout:
    type: Sorcery
    cost: "{R}"
    text: Goad target creature.
  Frost Breath Lite:
    type: Instant
    cost: "{U}"
    text: Target creature doesn't untap during its controller's next untap step.
  Detaining Word:
    type: Sorcery
    cost: "{W}"
    text: Detain target creature.
  Strap On:
    type: Sorcery
    cost: "{1}"
    text: Attach target artifact you control to target creature you control.
  Gear Up:
    type: Sorcery
    cost: "{1}"
    text: Attach target artifact you control to target creature you control.
  Mend Bones:
    type: Instant
    cost: "{G}"
    text: Regenerate target creature.
  Drain Counters:
    type: Instant
    cost: "{1}"
    text: Remove two +1/+1 counters from target creature.
  Sap Counters:
    type: Instant
    cost: "{1}"
    text: Remove two +1/+1 counters from target creature.
  Shrink Away:
    type: Instant
    cost: "{B}"
    text: Target creature gets -2/-2 until end of turn.
  Swap Lands:
    type: Sorcery
    cost: "{U}"
    text: Exchange control of target land and target land.
  Thief Lord:
    type: Creature — Human Rogue
    cost: "{2}{U}"
    power: 1
    toughness: 1
    text: "{T}: Gain control of target creature for as long as you control Thief Lord."
  Shift Marker:
    type: Instant
    cost: "{U}"
    text: Move a counter from target creature onto target creature.
  Shield Up:
    type: Instant
    cost: "{W}"
    text: Put a shield counter on target creature.
  Steal Thought:
    type: Instant
    cost: "{U}"
    text: Gain control of target spell.
"""


def play(body: str) -> tuple[bool, str, list[str]]:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    result = run_scenario(parse_scenario(text, "m2.yaml"))
    return (
        result.ok,
        str(result.error or ""),
        [*map(str, result.failures), result.unsupported or ""],
    )


@pytest.mark.rules("mtg:502.3")
def test_doesnt_untap_during_its_controllers_next_untap_step() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Frost Breath Lite]
  Bob:
    battlefield: [{card: Grizzly Bears, tapped: true}]
steps:
  - cast: Frost Breath Lite
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - end_turn: true
  - expect:
      facts: {Grizzly Bears: {tapped: true}}
  - end_turn: true
  - end_turn: true
  - expect:
      facts: {Grizzly Bears: {tapped: false}}
"""
    )
    assert ok, (error, failures)


@pytest.mark.parametrize("card", ["Detaining Word"])
def test_detain_is_not_executed_yet(card: str) -> None:
    """Read but with no handler: resolving says "not supported", never a silent no-op."""
    ok, error, failures = play(
        f"""
setup:
  Alice:
    hand: [{card}]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - cast: {card}
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
"""
    )
    assert not ok
    assert "not supported yet" in " ".join([error, *failures])


@pytest.mark.rules("mtg:701.3b")
def test_attaching_a_non_attachment_does_nothing() -> None:
    """Bonesplitter is Equipment and moves; an artifact creature that is no Equipment is
    not attached (mtg:701.3b)."""
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Strap On, Gear Up]
    battlefield: [Bonesplitter, Ornithopter, Grizzly Bears]
steps:
  - cast: Strap On
    by: Alice
    targets: [[Ornithopter], [Grizzly Bears]]
  - resolve: 1
  - expect:
      events:
        - {kind: not_attached, object: Ornithopter, rule: mtg:701.3b}
      properties: {Grizzly Bears: {power: 2}}
  - cast: Gear Up
    by: Alice
    targets: [[Bonesplitter], [Grizzly Bears]]
  - resolve: 1
  - expect:
      properties: {Grizzly Bears: {power: 4}}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:701.15a", "mtg:704.5f")
def test_regeneration_does_not_save_from_zero_toughness() -> None:
    """Toughness 0 puts a creature into the graveyard without destroying it, so a
    regeneration shield can't replace it (mtg:704.5f)."""
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Shrink Away]
  Bob:
    hand: [Mend Bones]
    battlefield: [Grizzly Bears]
steps:
  - cast: Mend Bones
    by: Bob
    targets: [Grizzly Bears]
  - resolve: 1
  - cast: Shrink Away
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: graveyard}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:122.1")
def test_remove_counters_never_removes_more_than_there_are() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Drain Counters, Sap Counters]
  Bob:
    battlefield: [Grizzly Bears, Runeclaw Bear]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 1}}}
  - cast: Drain Counters
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {}}
      properties: {Grizzly Bears: {power: 2}}
  - cast: Sap Counters
    by: Alice
    targets: [Runeclaw Bear]
  - resolve: 1
  - expect:
      events:
        - {kind: no_effect, object: Runeclaw Bear, rule: mtg:122.1}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:613.1b", "mtg:110.2a")
def test_gaining_control_of_a_spell_makes_its_permanent_yours() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Steal Thought]
  Bob:
    hand: [Grizzly Bears]
steps:
  - cast: Grizzly Bears
    by: Bob
  - cast: Steal Thought
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      controller: {Grizzly Bears: Alice}
  - resolve: 1
  - expect:
      zone: {Grizzly Bears: battlefield}
      controller: {Grizzly Bears: Alice}
      owner: {Grizzly Bears: Bob}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:701.10a", "mtg:701.10b")
def test_an_exchange_that_cannot_be_completed_does_nothing() -> None:
    """Two lands of one controller: nothing changes (mtg:701.10b); one target gone: no
    part of the exchange happens (mtg:701.10a)."""
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Swap Lands]
    battlefield: [Forest, Swamp]
  Bob:
    battlefield: [Island]
steps:
  - cast: Swap Lands
    by: Alice
    targets: [[Forest], [Swamp]]
  - resolve: 1
  - expect:
      controller: {Forest: Alice, Swamp: Alice}
      events:
        - {kind: no_exchange, rule: mtg:701.10b}
"""
    )
    assert ok, (error, failures)
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Swap Lands]
    battlefield: [Forest]
  Bob:
    battlefield: [Island]
steps:
  - cast: Swap Lands
    by: Alice
    targets: [[Forest], [Island]]
  - do: {move: {Island: hand}}
  - resolve: 1
  - expect:
      controller: {Forest: Alice}
      events:
        - {kind: no_exchange, rule: mtg:701.10a}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:611.2b")
def test_control_for_as_long_as_ends_when_the_source_changes_control() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    battlefield: [Thief Lord]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - activate: Thief Lord
    ability: 1
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      controller: {Grizzly Bears: Alice}
  - do: {control: {Thief Lord: Bob}}
  - expect:
      controller: {Grizzly Bears: Bob}
      events:
        - {kind: control_effect_ended, object: Grizzly Bears, rule: mtg:611.2b}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:122.5")
def test_moving_a_counter_of_a_chosen_kind_and_onto_itself() -> None:
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Shift Marker]
  Bob:
    battlefield: [Grizzly Bears, Runeclaw Bear]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 1, charge: 2}}}
  - cast: Shift Marker
    by: Alice
    targets: [[Grizzly Bears], [Runeclaw Bear]]
  - resolve: 1
    rejected: mtg:122.5
  - resolve: 1
    choose: {option: charge}
  - expect:
      counters: {Grizzly Bears: {+1/+1: 1, charge: 1}, Runeclaw Bear: {charge: 1}}
"""
    )
    assert ok, (error, failures)
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Shift Marker]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - do: {counters: {Grizzly Bears: {+1/+1: 1}}}
  - cast: Shift Marker
    by: Alice
    targets: [[Grizzly Bears], [Grizzly Bears]]
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {+1/+1: 1}}
      events:
        - {kind: no_move, rule: mtg:122.5}
"""
    )
    assert ok, (error, failures)


@pytest.mark.rules("mtg:122.1c", "mtg:616.1e")
def test_a_shield_counter_and_a_regeneration_shield_need_a_choice() -> None:
    """Both could replace the destruction; its controller would choose (mtg:616.1e),
    which tcgrules doesn't take yet: "not supported", never a silent pick."""
    ok, error, failures = play(
        """
setup:
  Alice:
    hand: [Shield Up, Mend Bones]
  Bob:
    hand: [Murder]
    battlefield: [Grizzly Bears]
steps:
  - cast: Shield Up
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - cast: Mend Bones
    by: Alice
    targets: [Grizzly Bears]
  - resolve: 1
  - expect:
      counters: {Grizzly Bears: {shield: 1}}
  - cast: Murder
    by: Bob
    targets: [Grizzly Bears]
  - resolve: 1
"""
    )
    assert not ok
    assert "616.1e" in " ".join([error, *failures])
