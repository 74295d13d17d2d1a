"""Magic copies and tokens, third pass (helper U4), read as printed (Oracle text) and
played: "copy that spell" of a cast trigger (mtg:707.10, mtg:603.2) with ", and you may
choose new targets for the copy" (707.10c), and the exceptions of a token copy ("except
it's an artifact in addition to its other types", "except it isn't legendary", a quoted
ability it also has; mtg:707.9a, mtg:707.9b)."""

from __future__ import annotations

import pytest

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext import parse_card
from tcgrules.scenario.loader import parse_scenario
from tcgrules.scenario.results import ScenarioResult
from tcgrules.scenario.runner import run_scenario


def effects_of(text: str, type_line: str, name: str = "Test Card") -> tuple[object, ...]:
    card = parse_card("mtg", text, name=name, type_line=type_line)
    assert not card.unsupported, card.unsupported
    return card.abilities[0].effects  # type: ignore[union-attr]


# ------------------------------------------------------------------ reading


@pytest.mark.rules("mtg:707.10", "mtg:707.10c", "mtg:603.2")
def test_krark_copies_the_cast_spell_after_the_flip() -> None:
    card = parse_card(
        "mtg",
        "Whenever you cast an instant or sorcery spell, flip a coin. If you lose the flip, "
        "return that spell to its owner's hand. If you win the flip, copy that spell, and you "
        "may choose new targets for the copy.",
        name="Krark, the Thumbless",
        type_line="Legendary Creature — Goblin Wizard",
    )
    # "if you lose the flip" is read (mtg:705.2), what it does is not; the copy is
    assert [u.text for u in card.unsupported] == ["return that spell to its owner's hand."]
    ability = card.abilities[0]
    assert isinstance(ability, n.TriggeredAbility)
    condition = ability.effects[-1]
    assert isinstance(condition, n.IfCondition)
    assert condition.effects == (
        n.CopySpell(n.TriggerObject("that spell"), may_choose_new_targets=True),
    )


@pytest.mark.rules("mtg:707.10", "mtg:603.2")
def test_copy_that_spell_of_a_cast_trigger_is_the_spell_cast() -> None:
    effects = effects_of(
        "Whenever you cast your first instant or sorcery spell each turn, copy that spell. "
        "You may choose new targets for the copy.",
        "Enchantment",
    )
    assert effects == (n.CopySpell(n.TriggerObject("that spell"), may_choose_new_targets=True),)


@pytest.mark.parametrize(
    "text",
    [
        # "that spell" after an effect that names no target spell: which one is not read
        "Whenever you cast a spell that targets only a single creature you control, create a "
        "1/1 red Soldier creature token with haste, then copy that spell.",
        "Whenever you cast a kicked spell, you may remove two +1/+1 counters from ~. If you "
        "do, copy that spell.",
        # outside a trigger, with no spell named before it
        "Flip a coin. If you win the flip, copy that spell.",
        # (a delayed trigger "When you next cast ..., copy that spell." is read as one:
        # tests/cardtext/test_mtg_x6.py)
    ],
)
def test_copy_that_spell_is_not_read_where_it_names_no_one_spell(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Instant")
    assert any("copy that spell" in u.text for u in card.unsupported)


@pytest.mark.rules("mtg:707.10", "mtg:707.10c")
def test_then_copy_that_spell_after_an_effect_on_a_target_spell_is_that_target() -> None:
    effects = effects_of(
        "You may choose new targets for target instant or sorcery spell. Then copy that "
        "spell. You may choose new targets for the copy.",
        "Instant",
        "Wild Ricochet",
    )
    assert effects[-1] == n.CopySpell(n.It("that spell"), may_choose_new_targets=True)


@pytest.mark.rules("mtg:707.9b", "mtg:205.1b")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            # Saheeli's Artistry: "target creature," - the comma is not a list of types
            "Create a token that's a copy of target creature, except it's an artifact in "
            "addition to its other types.",
            n.CreateTokenCopy(n.TargetSlot(0), types=("artifact",)),
        ),
        (
            "Create a token that's a copy of target creature you control, except it isn't "
            "legendary.",
            n.CreateTokenCopy(n.TargetSlot(0), legendary=False),
        ),
        (
            "Create a token that's a copy of target artifact or enchantment you control, "
            "except it's legendary.",
            n.CreateTokenCopy(n.TargetSlot(0), legendary=True),
        ),
        (
            "Create a token that's a copy of target creature you control, except the token "
            "has flying and it isn't legendary.",
            n.CreateTokenCopy(n.TargetSlot(0), keywords=("flying",), legendary=False),
        ),
        (
            # Mirror Room
            "Create a token that's a copy of target creature you control, except it's a "
            "Reflection in addition to its other creature types.",
            n.CreateTokenCopy(n.TargetSlot(0), types=("reflection",)),
        ),
    ],
)
def test_token_copy_exceptions(text: str, expected: n.CreateTokenCopy) -> None:
    assert effects_of(text, "Sorcery") == (expected,)


@pytest.mark.rules("mtg:707.9a", "mtg:113.1a")
def test_token_copy_with_a_keyword_and_a_quoted_ability() -> None:
    (effect,) = effects_of(
        "Create a token that's a copy of target creature, except it has haste and \"At the "
        'beginning of the end step, exile this token."',
        "Sorcery",
        "Heat Shimmer",
    )
    assert isinstance(effect, n.CreateTokenCopy)
    assert effect.keywords == ("haste",)
    (granted,) = effect.granted
    assert granted.trigger is not None
    assert "exile this token" in granted.text


@pytest.mark.parametrize(
    "text",
    [
        # a supertype other than legendary (an exception that sets power and toughness is
        # read since: tests/cardtext/test_mtg_w8_copies_combat.py)
        "Create a token that's a copy of target creature, except it isn't snow.",
    ],
)
def test_other_exceptions_are_not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Sorcery")
    assert card.unsupported


# ------------------------------------------------------------------ playing

CARDS = """cards:
  Test Legend:
    type: Legendary Creature — Human Soldier
    power: 3
    toughness: 1
  Test Krark:
    type: Creature — Goblin Wizard
    power: 2
    toughness: 2
    text: >-
      Whenever you cast an instant or sorcery spell, copy that spell, and you may choose
      new targets for the copy.
  Test Bolt:
    type: Instant
    text: "Test Bolt deals 1 damage to any target."
  Test Duplicate:
    type: Sorcery
    text: >-
      Create a token that's a copy of target creature, except it's an artifact in addition
      to its other types and it isn't legendary.
"""


def play(body: str) -> ScenarioResult:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + CARDS + body
    return run_scenario(parse_scenario(text, "inline.yaml"))


@pytest.mark.rules("mtg:707.10", "mtg:707.10c", "mtg:603.2")
def test_the_cast_spell_is_copied_with_a_new_target() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Bolt]
    battlefield: [Test Krark]
steps:
  - {cast: Test Bolt, by: Alice, targets: [Bob]}
  - {trigger: Test Krark, about: Test Bolt}
  - {resolve: 1, choose: {copy_targets: [[Test Krark]]}}
  - expect:
      stack: [copy of Test Bolt, Test Bolt]
      targets: {copy of Test Bolt: [[Test Krark]], Test Bolt: [[Bob]]}
  - {resolve: 1}
  - {resolve: 1}
  - expect: {life: {Bob: 19}, damage: {Test Krark: 1}}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:707.9b", "mtg:205.1b", "mtg:205.4a", "mtg:707.2")
def test_token_copy_is_an_artifact_and_not_legendary() -> None:
    result = play(
        """setup:
  Alice:
    hand: [Test Duplicate]
  Bob:
    battlefield: [Test Legend]
steps:
  - {cast: Test Duplicate, by: Alice, targets: [Test Legend]}
  - {resolve: 1}
  - expect:
      controller: {token copy of Test Legend: Alice}
      properties:
        token copy of Test Legend:
          name: Test Legend
          power: 3
          types: [artifact, creature]
          supertypes: []
          subtypes: [human, soldier]
        Test Legend: {types: [creature], supertypes: [legendary]}
"""
    )
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:707.10", "mtg:107.3a")
def test_copy_an_ability_x_times_reads_x() -> None:
    effects = effects_of(
        "{X}{X}, {T}: Copy target activated or triggered ability you control X times. You may "
        "choose new targets for the copies.",
        "Creature — Wizard",
    )
    assert effects == (n.CopySpell(n.TargetSlot(0), may_choose_new_targets=True, times="X"),)


@pytest.mark.rules("mtg:508.4")
def test_tapped_and_attacking_token_copy_is_read() -> None:
    effects = effects_of(
        "Whenever ~ attacks, create a tapped and attacking token that's a copy of another "
        "target attacking creature.",
        "Legendary Creature — Kraken Horror",
        "Krothuss, Lord of the Deep",
    )
    assert effects == (n.CreateTokenCopy(n.TargetSlot(0), attacking=True),)


X_CARDS = """cards:
  Test Mimic:
    type: Creature — Wizard
    power: 1
    toughness: 1
    text: "{X}{X}, {T}: Copy target activated or triggered ability you control X times."
  Test Pinger:
    type: Creature — Human Wizard
    power: 1
    toughness: 1
    text: "{T}: Test Pinger deals 1 damage to any target."
  Test Crasher:
    type: Creature — Minotaur
    power: 3
    toughness: 3
    text: >-
      {T}: Create a tapped and attacking token that's a copy of target creature you
      control.
"""


@pytest.mark.rules("mtg:707.10", "mtg:107.3a")
def test_an_ability_is_copied_x_times() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\n"
        + X_CARDS
        + (
            """setup:
  Alice:
    battlefield: [Test Mimic, Test Pinger]
steps:
  - {activate: Test Pinger, by: Alice, ability: 1, targets: [Bob]}
  - {activate: Test Mimic, by: Alice, ability: 1, x: 2, targets: [ability of Test Pinger]}
  - {resolve: 1}
  - expect:
      stack:
        - copy of ability of Test Pinger
        - copy of ability of Test Pinger
        - ability of Test Pinger
  - {resolve: 3}
  - expect: {life: {Bob: 17}, stack: []}
"""
        )
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]


@pytest.mark.rules("mtg:508.4")
def test_a_token_copy_entering_attacking_is_not_supported_and_creates_nothing() -> None:
    text = (
        "game: mtg\nplayers: [Alice, Bob]\n"
        + X_CARDS
        + (
            """setup:
  Alice:
    battlefield: [Test Crasher]
steps:
  - {activate: Test Crasher, by: Alice, ability: 1, targets: [Test Crasher]}
  - {resolve: 1}
"""
        )
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert not result.ok
    assert "tapped and attacking" in str(
        [str(f) for f in result.failures] + [result.error or "", result.unsupported or ""]
    )


@pytest.mark.rules("mtg:707.2", "mtg:613.1a")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "{2}: ~ becomes a copy of target artifact, creature, enchantment, or land until "
            "end of turn.",
            n.BecomesCopy(n.Self(), n.TargetSlot(0), "end_of_turn"),
        ),
        (
            "Target artifact or creature becomes a copy of another target artifact or creature.",
            n.BecomesCopy(n.TargetSlot(0), n.TargetSlot(1)),
        ),
    ],
)
def test_becomes_a_copy(text: str, expected: n.BecomesCopy) -> None:
    type_line = "Artifact" if text.startswith("{") else "Instant"
    assert effects_of(text, type_line) == (expected,)


@pytest.mark.parametrize(
    "text",
    [
        # exceptions of a "becomes a copy" no helper reads yet: a name other than the
        # card's own ("its name is ~" is read by helper T6), a color not copied
        "~ becomes a copy of target land, except its name is Gogo.",
        "~ becomes a copy of up to one target creature you control until end of turn, except "
        "it doesn't copy that creature's color.",
    ],
)
def test_becomes_a_copy_with_exceptions_is_not_read(text: str) -> None:
    card = parse_card("mtg", text, name="Test Card", type_line="Land")
    assert card.unsupported


@pytest.mark.rules("mtg:608.2b", "mtg:707.2")
def test_an_original_gone_gives_nothing_to_copy() -> None:
    text = "game: mtg\nplayers: [Alice, Bob]\n" + (
        """cards:
  Test Mirror:
    type: Artifact
    text: "{2}: ~ becomes a copy of target creature until end of turn."
setup:
  Alice:
    battlefield: [Test Mirror]
  Bob:
    battlefield: [Grizzly Bears]
steps:
  - {activate: Test Mirror, by: Alice, ability: 1, targets: [Grizzly Bears]}
  - do: {move: {Grizzly Bears: graveyard}}
  - {resolve: 1}
  - expect:
      properties:
        Test Mirror: {name: Test Mirror, types: [artifact]}
"""
    )
    result = run_scenario(parse_scenario(text, "inline.yaml"))
    assert result.ok, [str(f) for f in result.failures] + [result.error or ""]
