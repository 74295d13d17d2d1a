"""Magic sentences that change a target's characteristics for a while (layers 4-7,
mtg:613.1d-f, mtg:613.4b-d), choose a target with no effect of its own (mtg:115.1), or
restrict what a creature may do in combat (mtg:508.1c-d, mtg:509.1b-c): read as printed
(Oracle text), then executed on resolution."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game, read_effects

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.errors import InputError, RulesViolation
from tcgrules.kernel import descriptors as d
from tcgrules.kernel.effects import SetBase
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef, PlayerRef
from tcgrules.kernel.play import cast
from tcgrules.kernel.resolution import ResolveChoices, resolve_top

T0, T1 = n.TargetSlot(0), n.TargetSlot(1)


def effects(text: str, name: str | None = None, type_line: str = "Instant") -> tuple[object, ...]:
    return read_effects(text, name=name, type_line=type_line, ability="first")


def unread(text: str) -> None:
    parsed = parse_card("mtg", text, type_line="Instant")
    ability = parsed.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert isinstance(ability.effects[0], n.UnsupportedEffect), ability.effects
    assert ability.requirements  # the target phrase is still found


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:613.4c", "mtg:613.1f")
def test_each_get_and_a_keyword_list_of_any_length() -> None:
    # Desperate Stand
    assert effects(
        "Any number of target creatures each get +2/+0 and gain first strike and vigilance "
        "until end of turn."
    ) == (
        n.ModifyPT(T0, 2, 0),
        n.GainAbility(T0, "first strike"),
        n.GainAbility(T0, "vigilance"),
    )
    # Second Breakfast's first sentence
    assert effects("Up to two target creatures each get +2/+1 until end of turn.") == (
        n.ModifyPT(T0, 2, 1),
    )
    assert effects(
        "Target creature gets +2/+0 and gains first strike, vigilance, and trample until end "
        "of turn."
    ) == (
        n.ModifyPT(T0, 2, 0),
        n.GainAbility(T0, "first strike"),
        n.GainAbility(T0, "vigilance"),
        n.GainAbility(T0, "trample"),
    )


@pytest.mark.rules("mtg:611.2a")
def test_until_your_next_turn_in_front_and_behind() -> None:
    # Mu Yanling, Sky Dancer's +2
    assert effects(
        "Until your next turn, up to one target creature gets -2/-0 and loses flying."
    ) == (
        n.ModifyPT(T0, -2, 0, "your_next_turn"),
        n.LoseAbility(T0, "flying", None, "your_next_turn"),
    )
    # Jace, Telepath Unbound's +1
    assert effects("Up to one target creature gets -2/-0 until your next turn.") == (
        n.ModifyPT(T0, -2, 0, "your_next_turn"),
    )


@pytest.mark.rules("mtg:613.1f", "mtg:613.4b")
def test_humble_loses_all_abilities_and_has_base_power_and_toughness() -> None:
    assert effects(
        "Until end of turn, target creature loses all abilities and has base power and "
        "toughness 0/1."
    ) == (n.LoseAllAbilities(T0), n.SetBasePT(T0, 0, 1))
    # Sorceress Queen: the duration behind
    assert effects(
        "{T}: Target creature other than this creature has base power and toughness 0/2 until "
        "end of turn.",
        type_line="Creature — Human Wizard",
    ) == (n.SetBasePT(T0, 0, 2),)


@pytest.mark.rules("mtg:613.1d", "mtg:613.1e", "mtg:205.1a", "mtg:205.1b")
def test_becomes() -> None:
    # Mordenkainen's Polymorph
    assert effects(
        "Until end of turn, target creature becomes a Dragon with base power and toughness "
        "4/4 and gains flying."
    ) == (
        n.Becomes(T0, (), ("dragon",), (), 4, 4),
        n.GainAbility(T0, "flying"),
    )
    # Oko, Thief of Crowns' +1: no duration, so for the rest of the game
    assert effects(
        "+1: Target artifact or creature loses all abilities and becomes a green Elk creature "
        "with base power and toughness 3/3.",
        type_line="Legendary Planeswalker — Oko",
    ) == (
        n.LoseAllAbilities(T0, "permanent"),
        n.Becomes(T0, ("creature",), ("elk",), ("green",), 3, 3, False, "permanent"),
    )
    # Tough Cookie: "artifact creature" keeps the other types (mtg:205.1b)
    assert effects(
        "Until end of turn, target noncreature artifact you control becomes a 4/4 artifact "
        "creature."
    ) == (n.Becomes(T0, ("artifact", "creature"), (), (), 4, 4, True),)
    # Lifespark Spellbomb
    assert effects(
        "Until end of turn, target land becomes a 3/3 creature that's still a land."
    ) == (n.Becomes(T0, ("creature",), (), (), 3, 3, True),)


@pytest.mark.rules("mtg:205.1b")
def test_its_still_a_land_folds_into_the_becomes_before_it() -> None:
    # Skarrg Guildmage
    assert effects(
        "{1}{R}{G}: Target land you control becomes a 4/4 Elemental creature until end of "
        "turn. It's still a land.",
        type_line="Creature — Human Shaman",
    ) == (n.Becomes(T0, ("creature",), ("elemental",), (), 4, 4, True),)


def test_a_land_becoming_a_basic_land_type_and_more_is_not_read() -> None:
    # mtg:305.7 is read for basic land types alone (tests/cardtext/test_mtg_becomes_w6.py)
    unread("Target land becomes an Island Elf until end of turn.")


@pytest.mark.rules("mtg:613.4d")
def test_switch() -> None:
    assert effects("Switch target creature's power and toughness until end of turn.") == (
        n.SwitchPowerToughness(T0),
    )
    # Invert
    assert effects(
        "Switch the power and toughness of each of up to two target creatures until end of turn."
    ) == (n.SwitchPowerToughness(T0),)


@pytest.mark.rules("mtg:115.1")
def test_choose_target() -> None:
    parsed = parse_card(
        "mtg",
        "Choose target creature you control and target creature you don't control.",
        type_line="Instant",
    )
    ability = parsed.abilities[0]
    assert isinstance(ability, n.SpellAbility)
    assert ability.effects == (n.ChooseTarget(T0), n.ChooseTarget(T1))
    assert len(ability.requirements) == 2


@pytest.mark.rules("mtg:509.1b", "mtg:508.1c", "mtg:508.1d", "mtg:509.1c")
@pytest.mark.parametrize(
    ("text", "kind", "duration"),
    [
        ("Target creature can't block this turn.", "cant_block", "end_of_turn"),
        ("Up to three target creatures can't block this turn.", "cant_block", "end_of_turn"),
        ("Target creature can't be blocked this turn.", "cant_be_blocked", "end_of_turn"),
        ("Target creature can't attack this turn.", "cant_attack", "end_of_turn"),
        (
            "Up to one target creature can't attack or block until your next turn.",
            "cant_attack_or_block",
            "your_next_turn",
        ),
        ("Target creature attacks this turn if able.", "attacks_if_able", "end_of_turn"),
        ("Target creature blocks this turn if able.", "blocks_if_able", "end_of_turn"),
        (
            "All creatures able to block target creature this turn do so.",
            "must_be_blocked",
            "end_of_turn",
        ),
    ],
)
def test_combat_restrictions(text: str, kind: str, duration: str) -> None:
    assert effects(text) == (n.CombatRestriction(T0, kind, duration),)  # type: ignore[arg-type]


def test_blocks_a_named_attacker_if_able() -> None:
    # Trumpeting Armodon, Rimehorn Aurochs
    assert effects(
        "{1}{G}: Target creature blocks Trumpeting Armodon this turn if able.",
        name="Trumpeting Armodon",
        type_line="Creature — Elephant",
    ) == (n.CombatRestriction(T0, "blocks_if_able", attacker=n.Self()),)
    assert effects("Target creature blocks target creature this turn if able.") == (
        n.CombatRestriction(T0, "blocks_if_able", attacker=T1),
    )


@pytest.mark.parametrize(
    "text",
    [
        # a group: a rule for whatever fits it, not an effect on objects chosen now
        "Creatures target player controls can't block this turn.",
        # "gets ... and" something other than a change to the same creature
        "Until end of turn, target creature gains flying and you gain 1 life.",
    ],
)
def test_shapes_left_unread(text: str) -> None:
    unread(text)


# ------------------------------------------------------------------ executing

BEAR = card("mtg", "Runeclaw Bear", "Creature — Bear", "", cost="{1}{G}", power=2, toughness=2)
ANGEL = card(
    "mtg", "Serra Angel", "Creature — Angel", "Flying, vigilance", cost="{5}", power=4, toughness=4
)
FOREST = card("mtg", "Forest", "Basic Land — Forest", "")


def spell_card(text: str, name: str = "Test Spell") -> object:
    return card("mtg", name, "Instant", text, cost="{1}")


def play(game: Game, text: str, *targets: ObjectRef, by: str = "Alice") -> None:
    spell = game.create(spell_card(text), by, "hand")
    cast(game, spell, by, targets=[[t] for t in targets])
    resolve_top(game)


@pytest.mark.rules("mtg:613.4d", "mtg:613.4c")
def test_switch_applies_after_modifications_whatever_their_timestamps() -> None:
    game = new_game()
    turtle = game.create(
        card("mtg", "Turtle", "Creature — Turtle", "", power=1, toughness=4), "Bob", "battlefield"
    )
    play(game, "Switch target creature's power and toughness until end of turn.", turtle)
    chars = game.characteristics(turtle)
    assert (chars.power, chars.toughness) == (4, 1)
    play(game, "Target creature gets +3/+0 until end of turn.", turtle)
    chars = game.characteristics(turtle)
    assert (chars.power, chars.toughness) == (4, 4)  # 1/4 -> 4/4 -> switched 4/4
    game.end_turn()
    chars = game.characteristics(turtle)
    assert (chars.power, chars.toughness) == (1, 4)


@pytest.mark.rules("mtg:613.1f", "mtg:613.4b")
def test_humble_then_a_gained_ability_stays() -> None:
    game = new_game()
    angel = game.create(ANGEL, "Bob", "battlefield")
    play(
        game,
        "Until end of turn, target creature loses all abilities and has base power and "
        "toughness 0/1.",
        angel,
    )
    chars = game.characteristics(angel)
    assert (chars.power, chars.toughness, chars.abilities) == (0, 1, ())
    # a later timestamp in layer 6: the ability gained afterwards is kept
    play(game, "Target creature gains flying until end of turn.", angel)
    assert game.characteristics(angel).has_keyword("flying")
    game.end_turn()
    assert game.characteristics(angel).has_keyword("vigilance")


@pytest.mark.rules("mtg:205.1a", "mtg:105.3")
def test_becoming_a_creature_type_replaces_the_creature_types_and_colors() -> None:
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    play(
        game,
        "Until end of turn, target creature becomes a blue Serpent with base power and "
        "toughness 5/5.",
        bear,
    )
    chars = game.characteristics(bear)
    assert chars.subtypes == {"serpent"} and chars.colors == {"blue"}
    assert chars.types == {"creature"} and (chars.power, chars.toughness) == (5, 5)


@pytest.mark.rules("mtg:205.1a", "mtg:205.1b")
def test_a_land_that_becomes_a_creature_keeps_being_a_land_only_if_the_text_says_so() -> None:
    game = new_game()
    kept = game.create(FOREST, "Alice", "battlefield")
    play(game, "Until end of turn, target land becomes a 3/3 creature that's still a land.", kept)
    chars = game.characteristics(kept)
    assert chars.types == {"land", "creature"} and chars.subtypes == {"forest"}
    replaced = game.create(FOREST, "Alice", "battlefield")
    play(game, "Target land becomes a 3/3 creature until end of turn.", replaced)
    chars = game.characteristics(replaced)
    # the land type goes with the land card type it belongs to (mtg:205.1a)
    assert chars.types == {"creature"} and chars.subtypes == frozenset()
    assert chars.supertypes == {"basic"}


@pytest.mark.rules("mtg:611.2a")
def test_until_your_next_turn_outlasts_the_opponents_turn() -> None:
    game = new_game()
    bear = game.create(BEAR, "Bob", "battlefield")
    play(game, "Up to one target creature gets -2/-0 until your next turn.", bear)
    assert game.characteristics(bear).power == 0
    game.end_turn()  # Alice's turn ends; Bob's begins
    assert game.characteristics(bear).power == 0
    game.end_turn()  # Bob's turn ends; Alice's next turn begins
    assert game.characteristics(bear).power == 2
    assert [e.kind for e in game.events][-1] == "effects_end"


def test_an_effect_until_a_next_turn_needs_its_player() -> None:
    game = new_game()
    bear = game.create(BEAR, "Bob", "battlefield")
    with pytest.raises(InputError):
        game.add_effect(bear, SetBase("power", 1), until="until_next_turn")


@pytest.mark.rules("mtg:509.1b", "mtg:514.2")
def test_a_combat_restriction_is_carried_until_it_ends() -> None:
    game = new_game()
    bear = game.create(BEAR, "Bob", "battlefield")
    play(game, "Target creature can't block this turn.", bear)
    assert [a.text for a in game.characteristics(bear).abilities] == ["can't block this turn"]
    (event,) = [e for e in game.events if e.kind == "effect"]
    assert event.object == bear and event.rule is not None and event.rule.number == "509.1b"
    game.end_turn()
    assert game.characteristics(bear).abilities == ()


@pytest.mark.rules("mtg:115.1", "mtg:608.2c")
def test_choose_target_does_nothing_but_say_so() -> None:
    game = new_game()
    bear = game.create(BEAR, "Bob", "battlefield")
    before = game.characteristics(bear)
    play(game, "Choose target creature.", bear)
    assert game.characteristics(bear) == before
    assert any(e.kind == "chosen" and e.object == bear for e in game.events)


@pytest.mark.rules("mtg:205.1b", "mtg:613.1f")
def test_becomes_with_keywords_and_still_a_land() -> None:
    # Nissa, Worldwaker's +1: no duration, so for the rest of the game
    assert effects(
        "+1: Target land you control becomes a 4/4 Elemental creature with trample. "
        "It's still a land.",
        type_line="Legendary Planeswalker — Nissa",
    ) == (
        n.Becomes(T0, ("creature",), ("elemental",), (), 4, 4, True, "permanent"),
        n.GainAbility(T0, "trample", None, "permanent"),
    )
    # Embodiment of Insight, without its ability word: the "you may" keeps the types too
    assert effects(
        "Whenever a land you control enters, you may have target land you control become a "
        "3/3 Elemental creature with haste until end of turn. It's still a land.",
        type_line="Creature — Elemental Incarnation",
    ) == (
        n.May(
            (
                n.Becomes(T0, ("creature",), ("elemental",), (), 3, 3, True),
                n.GainAbility(T0, "haste"),
            )
        ),
    )


def test_its_still_a_land_alone_is_not_read() -> None:
    parsed = parse_card("mtg", "It's still a land.", type_line="Instant")
    assert [u.text for u in parsed.unsupported] == ["It's still a land."]


@pytest.mark.rules("mtg:509.1c", "mtg:608.2b")
def test_a_block_requirement_whose_attacker_is_gone_does_nothing() -> None:
    game = new_game()
    blocker = game.create(BEAR, "Bob", "battlefield")
    attacker = game.create(ANGEL, "Alice", "battlefield")
    spell = game.create(
        spell_card("Target creature blocks target creature this turn if able."), "Alice", "hand"
    )
    cast(game, spell, "Alice", targets=[[blocker], [attacker]])
    game.move(attacker, "graveyard")
    resolve_top(game)
    assert game.characteristics(blocker).abilities == ()
    assert any(e.kind == "no_effect" for e in game.events)
    # with both still there, the blocker carries the requirement naming the attacker
    attacker = game.create(ANGEL, "Alice", "battlefield")
    play_two = game.create(
        spell_card("Target creature blocks target creature this turn if able."), "Alice", "hand"
    )
    cast(game, play_two, "Alice", targets=[[blocker], [attacker]])
    resolve_top(game)
    assert [a.text for a in game.characteristics(blocker).abilities] == [
        "blocks Serra Angel this turn if able"
    ]


@pytest.mark.rules("mtg:608.2d", "mtg:613.1f")
def test_protection_from_the_color_of_your_choice() -> None:
    # Shelter's first sentence
    text = (
        "Target creature you control gains protection from the color of your choice until "
        "end of turn."
    )
    assert effects(text) == (n.GainProtectionChoice(T0),)
    game = new_game()
    bear = game.create(BEAR, "Alice", "battlefield")
    spell = game.create(spell_card(text), "Alice", "hand")
    cast(game, spell, "Alice", targets=[[bear]])
    with pytest.raises(RulesViolation) as refused:
        resolve_top(game, ResolveChoices(color="purple"))
    assert any(r.rule.number == "608.2d" for r in refused.value.verdict.reasons)
    resolve_top(game, ResolveChoices(color="Black"))
    assert game.characteristics(bear).keyword_arguments("protection") == ("black",)


@pytest.mark.rules("mtg:611.2a", "mtg:205.1b", "mtg:105.3")
def test_gets_and_loses_and_becomes_with_keywords_before_in_addition() -> None:
    # Fear of Falling's trigger
    assert effects(
        "Target creature defending player controls gets -2/-0 and loses flying until your "
        "next turn."
    ) == (
        n.ModifyPT(T0, -2, 0, "your_next_turn"),
        n.LoseAbility(T0, "flying", None, "your_next_turn"),
    )
    # Bloodbat Summoner's trigger: the types are kept, the color replaced
    assert effects(
        "Up to one target Blood token you control becomes a 2/2 black Bat creature with "
        "flying and haste in addition to its other types."
    ) == (
        n.Becomes(T0, ("creature",), ("bat",), ("black",), 2, 2, True, "permanent"),
        n.GainAbility(T0, "flying", None, "permanent"),
        n.GainAbility(T0, "haste", None, "permanent"),
    )


@pytest.mark.rules("mtg:613.4c", "mtg:611.2c")
def test_creatures_target_player_controls_get() -> None:
    # Neutralize the Guards' first sentence
    text = "Creatures target opponent controls get -1/-1 until end of turn."
    group = n.EachControlledBy(d.HasType("creature"), T0)
    assert effects(text) == (n.ModifyPT(group, -1, -1),)
    game = new_game()
    bobs = [game.create(BEAR, "Bob", "battlefield") for _ in range(2)]
    alices = game.create(BEAR, "Alice", "battlefield")
    spell = game.create(spell_card(text), "Alice", "hand")
    cast(game, spell, "Alice", targets=[[PlayerRef("Bob")]])
    resolve_top(game)
    assert [game.characteristics(b).power for b in bobs] == [1, 1]
    assert game.characteristics(alices).power == 2
    # the set was fixed as the effect began: a creature Bob gets later is not affected
    late = game.create(BEAR, "Bob", "battlefield")
    assert game.characteristics(late).power == 2
