"""Magic second pass (helper X3): ", where X is ..." after a P/T change or counters
(mtg:107.3c), doubling power (mtg:701.9a-c), "gains K and gets +N/+N", and "all
creatures target player controls" (tap, untap, destroy, counters): read from real card
text (Oracle wording), then executed on resolution."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game, read_effects

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import NotSupportedError
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.play import cast
from tcgrules.kernel.resolution import resolve_top

T0 = n.TargetSlot(0)


def effects(text: str, name: str | None = None, type_line: str = "Instant") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line, ability="last")


def unread(text: str) -> None:
    parsed = parse_card("mtg", text, type_line="Instant")
    ability = parsed.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert isinstance(ability.effects[0], n.UnsupportedEffect), ability.effects
    assert ability.requirements


CREATURE_CARDS_IN_YOUR_GRAVEYARD = d.AllOf(
    (d.IsCard(), d.HasType("creature"), d.InZone("graveyard", "you"))
)


# ------------------------------------------------------------------ reading
@pytest.mark.rules("mtg:107.3c", "mtg:613.4c")
def test_pt_where_x_is_a_count() -> None:
    # Gnarlroot Pallbearer
    (modify,) = effects(
        "When this creature enters, target creature gets +X/+X until end of turn, where X is "
        "the number of creature cards in your graveyard.",
        type_line="Creature — Treefolk Druid",
    )
    assert isinstance(modify, n.ModifyPT) and modify.what == T0
    assert isinstance(modify.power, n.CountOf) and modify.power == modify.toughness
    # Tezzeret the Schemer: "+X/-X" counts the same artifacts up and down
    (modify,) = effects(
        "Target creature gets +X/-X until end of turn, where X is the number of artifacts "
        "you control."
    )
    assert isinstance(modify, n.ModifyPT)
    assert isinstance(modify.power, n.CountOf) and isinstance(modify.toughness, n.CountOf)
    assert (modify.power.multiplier, modify.toughness.multiplier) == (1, -1)
    assert modify.power.descriptor == modify.toughness.descriptor


@pytest.mark.rules("mtg:107.3c", "mtg:613.1f")
def test_pt_where_x_is_the_sources_power_with_a_keyword() -> None:
    # Ashroot Animist
    assert effects(
        "Whenever this creature attacks, another target creature you control gains trample "
        "and gets +X/+X until end of turn, where X is this creature's power.",
        name="Ashroot Animist",
        type_line="Creature — Lizard Druid",
    ) == (
        n.GainAbility(T0, "trample"),
        n.ModifyPT(T0, n.PowerOf(n.Self()), n.PowerOf(n.Self())),
    )
    # Strength in Numbers: the duration in front
    first, second = effects(
        "Until end of turn, target creature gains trample and gets +X/+X, where X is the "
        "number of attacking creatures."
    )
    assert first == n.GainAbility(T0, "trample")
    assert isinstance(second, n.ModifyPT) and isinstance(second.power, n.CountOf)
    assert d.Status("attacking") in second.power.descriptor.parts  # type: ignore[attr-defined]


@pytest.mark.rules("mtg:107.3c", "mtg:122.6")
def test_counters_where_x() -> None:
    # Will of the Sultai (a mode)
    (put,) = effects(
        "Put X +1/+1 counters on target creature, where X is the number of lands you control."
    )
    assert isinstance(put, n.PutCounters) and put.kind == "+1/+1"
    assert put.count == n.CountOf(d.AllOf((d.HasType("land"), d.Controller("you"))))


@pytest.mark.rules("mtg:701.9a")
def test_double_power() -> None:
    # Bulk Up, Unleash Fury, Nylea's Colossus
    assert effects("Double target creature's power until end of turn.") == (n.DoublePower(T0),)
    assert effects("Double the power of target creature until end of turn.") == (n.DoublePower(T0),)
    assert effects("Double target creature's power and toughness until end of turn.") == (
        n.DoublePower(T0, toughness=True),
    )


@pytest.mark.rules("mtg:613.1f", "mtg:613.4c")
def test_gains_a_keyword_and_gets() -> None:
    assert effects("Target creature gains flying and gets +2/+2 until end of turn.") == (
        n.GainAbility(T0, "flying"),
        n.ModifyPT(T0, 2, 2),
    )
    assert effects("Until end of turn, target creature gains trample and gets +2/+2.") == (
        n.GainAbility(T0, "trample"),
        n.ModifyPT(T0, 2, 2),
    )


@pytest.mark.rules("mtg:701.21a", "mtg:701.7a", "mtg:122.6")
def test_all_creatures_target_player_controls() -> None:
    group = n.EachControlledBy(d.HasType("creature"), T0)
    assert effects("Tap all creatures target player controls.") == (n.Tap(group),)
    assert effects("Untap all creatures target player controls.") == (n.Untap(group),)
    assert effects("Destroy all creatures target opponent controls.") == (n.Destroy(group),)
    assert effects("Put a +1/+1 counter on each creature target player controls.") == (
        n.PutCounters(group, "+1/+1", 1),
    )


@pytest.mark.rules("mtg:608.2h", "mtg:613.4c", "mtg:122.6")
def test_for_each_counts() -> None:
    creatures_you_control = d.AllOf((d.HasType("creature"), d.Controller("you")))
    per = n.CountOf(creatures_you_control, 1)
    # Chorus of Might
    assert effects(
        "Until end of turn, target creature gets +1/+1 for each creature you control and "
        "gains trample."
    ) == (n.ModifyPT(T0, per, per), n.GainAbility(T0, "trample"))
    assert effects(
        "Target creature gets +2/+0 until end of turn for each creature you control."
    ) == (n.ModifyPT(T0, n.CountOf(creatures_you_control, 2), 0),)
    # Immaculate Magistrate
    elves = d.AllOf((d.HasSubtype("elf"), d.Controller("you")))
    assert effects(
        "{T}: Put a +1/+1 counter on target creature for each Elf you control.",
        type_line="Creature — Elf Shaman",
    ) == (n.PutCounters(T0, "+1/+1", n.CountOf(elves, 1)),)
    # Jenova, Ancient Calamity
    assert effects(
        "Put a number of +1/+1 counters equal to Jenova's power on up to one other target "
        "creature.",
        name="Jenova, Ancient Calamity",
    ) == (n.PutCounters(T0, "+1/+1", n.PowerOf(n.Self())),)


@pytest.mark.rules("mtg:701.10b")
def test_exchange_control_of_two_targets_of_one_phrase() -> None:
    # Switcheroo
    assert effects("Exchange control of two target creatures.", type_line="Sorcery") == (
        n.ExchangeControl(T0, T0),
    )


@pytest.mark.rules("mtg:611.2b")
def test_control_for_as_long_as_the_source_remains_on_the_battlefield() -> None:
    # Sower of Temptation
    assert effects(
        "When this creature enters, gain control of target creature for as long as this "
        "creature remains on the battlefield.",
        name="Sower of Temptation",
        type_line="Creature — Faerie Wizard",
    ) == (n.GainControl(T0, "permanent", while_source_on_battlefield=True),)


@pytest.mark.rules("mtg:122.1")
def test_counters_on_a_target_player_are_read_and_not_executed_yet() -> None:
    # Ajani, Sleeper Agent; The Master, Transcendent
    player = n.TargetSlot(0)
    assert effects("Target opponent gets two poison counters.") == (
        n.PutCounters(player, "poison", 2),
    )
    assert effects("Target player gets two rad counters.") == (n.PutCounters(player, "rad", 2),)
    game = new_game()
    life = game.player("Bob").life
    with pytest.raises(NotSupportedError, match="counters on a player"):
        play(game, "Target opponent gets two poison counters.", PlayerRef("Bob"))
    assert game.player("Bob").life == life


@pytest.mark.parametrize(
    "text",
    [
        # X also sets the number of targets, here from an effect's own number (one
        # counted from the game is read by helper Q2: TargetRequirement.max_amount)
        "Tap up to X target creatures, where X is the amount of damage dealt to you this "
        "turn by that player.",
        # a target creature, not a player, "controls" nothing here
        "Tap all creatures target creature controls.",
        # "up to two": an exchange needs exactly two permanents
        "Exchange control of up to two target creatures.",
    ],
)
def test_shapes_left_unread(text: str) -> None:
    unread(text)


# ------------------------------------------------------------------ executing
BEAR = card("mtg", "Runeclaw Bear", "Creature — Bear", "", cost="{1}{G}", power=2, toughness=2)
ELF = card("mtg", "Elf", "Creature — Elf", "", cost="{G}", power=1, toughness=1)
FOREST = card("mtg", "Forest", "Basic Land — Forest", "")


def play(game: Game, text: str, *targets: ObjectRef | PlayerRef, by: str = "Alice") -> None:
    spell = game.create(card("mtg", "Test Spell", "Instant", text, cost="{1}"), by, "hand")
    cast(game, spell, by, targets=[[t] for t in targets])
    resolve_top(game)


def pt(game: Game, obj: ObjectRef) -> tuple[object, object]:
    chars = game.characteristics(obj)
    return chars.power, chars.toughness


@pytest.mark.rules("mtg:701.9b", "mtg:701.9c", "mtg:613.4c")
def test_doubling_adds_the_power_it_has_and_a_negative_power_goes_lower() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    play(game, "Target creature gets +1/+3 until end of turn.", bear)
    play(game, "Double target creature's power until end of turn.", bear)
    assert pt(game, bear) == (6, 5)  # 3 doubled: +3/+0
    events = [e for e in game.events if e.kind == "effect" and e.object == bear]
    assert str(events[-1].rule) == "mtg:701.9b"
    # a later +2/+0 is not doubled: the doubling added a fixed +3 (mtg:701.9a)
    play(game, "Target creature gets +2/+0 until end of turn.", bear)
    assert pt(game, bear) == (8, 5)
    game.end_turn()
    assert pt(game, bear) == (2, 2)
    # -1 power doubled is -2 (mtg:701.9c); the toughness is not doubled
    play(game, "Target creature gets -3/+0 until end of turn.", bear)
    play(game, "Double target creature's power until end of turn.", bear)
    assert pt(game, bear) == (-2, 2)
    events = [e for e in game.events if e.kind == "effect" and e.object == bear]
    assert str(events[-1].rule) == "mtg:701.9c"


@pytest.mark.rules("mtg:701.9b")
def test_doubling_power_and_toughness() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    play(game, "Double target creature's power and toughness until end of turn.", bear)
    assert pt(game, bear) == (4, 4)


@pytest.mark.rules("mtg:107.3c", "mtg:608.2h")
def test_where_x_is_counted_on_resolution_and_minus_x_counts_down() -> None:
    game = new_game()
    bear = game.create(BEAR, "Bob", "battlefield")
    for _ in range(2):
        game.create(ELF, "Alice", "graveyard")
    game.create(FOREST, "Alice", "graveyard")  # not a creature card
    game.create(ELF, "Bob", "graveyard")  # not in your graveyard
    play(
        game,
        "Target creature gets +X/-X until end of turn, where X is the number of creature "
        "cards in your graveyard.",
        bear,
    )
    assert pt(game, bear) == (4, 0)  # two creature cards: +2/-2


@pytest.mark.rules("mtg:107.3c", "mtg:122.6")
def test_counters_where_x_go_on_the_target() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    for _ in range(3):
        game.create(FOREST, "Alice", "battlefield")
    game.create(FOREST, "Bob", "battlefield")
    play(
        game,
        "Put X +1/+1 counters on target creature, where X is the number of lands you control.",
        bear,
    )
    assert game.get(bear).counters.get("+1/+1") == 3
    assert pt(game, bear) == (5, 5)


@pytest.mark.rules("mtg:701.21a", "mtg:701.7a", "mtg:122.6")
def test_all_creatures_target_player_controls_are_changed_and_no_others() -> None:
    game = new_game()
    mine = game.create(BEAR, "Alice", "battlefield")
    theirs = [game.create(BEAR, "Bob", "battlefield"), game.create(ELF, "Bob", "battlefield")]
    land = game.create(FOREST, "Bob", "battlefield")
    bob = PlayerRef("Bob")
    play(game, "Tap all creatures target player controls.", bob)
    assert [game.get(t).tapped for t in theirs] == [True, True]
    assert not game.get(land).tapped and not game.get(mine).tapped
    play(game, "Put a +1/+1 counter on each creature target player controls.", bob)
    assert [game.get(t).counters.get("+1/+1") for t in theirs] == [1, 1]
    assert not game.get(mine).counters.get("+1/+1")
    play(game, "Destroy all creatures target opponent controls.", bob)
    assert all(not game.is_current(t) for t in theirs)
    assert game.get(mine).zone.name == "battlefield" and game.is_current(land)


@pytest.mark.rules("mtg:608.2h", "mtg:122.6")
def test_counters_for_each_are_counted_on_resolution() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    for _ in range(2):
        game.create(ELF, "Alice", "battlefield")
    game.create(ELF, "Bob", "battlefield")  # not "you control"
    play(game, "Put a +1/+1 counter on target creature for each Elf you control.", bear)
    assert game.get(bear).counters.get("+1/+1") == 2


@pytest.mark.rules("mtg:107.3c", "mtg:608.2h")
def test_where_x_is_your_life_total() -> None:
    # Ajani, Valiant Protector
    assert effects("Put X +1/+1 counters on target creature, where X is your life total.") == (
        n.PutCounters(T0, "+1/+1", n.LifeTotalOf(n.You())),
    )
    game = new_game()
    bear = game.create(BEAR, "Bob", "battlefield")
    life = game.player("Alice").life
    assert isinstance(life, int)
    play(game, "Put X +1/+1 counters on target creature, where X is your life total.", bear)
    assert game.get(bear).counters.get("+1/+1") == life
