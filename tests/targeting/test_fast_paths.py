"""The short cuts of casting take the same decisions as the full path, on both sides of
each guard: a board where no object prints a static ability or one where a permanent's
static ability limits targeting (mtg:604.1, mtg:601.2c), and an object with no
abilities (nothing triggers as it becomes a target) or with ward (mtg:702.21a). The
property test over random boards is in test_fast_verdicts.py."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from tests.helpers import card, new_game

from tcgrules.cardtext import parse_card
from tcgrules.kernel import play
from tcgrules.kernel.describe import Context
from tcgrules.kernel.effects import GrantAbilities
from tcgrules.kernel.targeting import Targeter, compile_requirement, explain_target, is_legal_target

#: a permanent's static ability that limits what may be targeted (mtg:604.1)
LIMIT = "Creatures you control can't be the targets of red spells."


def _bolt_board(shield: str = "", bear_text: str = "") -> tuple[object, ...]:
    """Bob's bear (with ``bear_text``), an enchantment with ``shield`` if any, and a
    Lightning Bolt in Alice's hand."""
    game = new_game("mtg")
    bear = game.create(
        card("mtg", "Bear", "Creature — Bear", bear_text, cost="{1}{G}", power=2, toughness=2),
        "Bob",
        "battlefield",
    )
    if shield:
        game.create(card("mtg", "Shield", "Enchantment", shield, cost="{2}"), "Bob", "battlefield")
    bolt = game.create(
        card(
            "mtg",
            "Lightning Bolt",
            "Instant",
            "Lightning Bolt deals 3 damage to any target.",
            cost="{R}",
        ),
        "Alice",
        "hand",
    )
    return game, bear, bolt


@pytest.mark.rules("mtg:601.2c", "mtg:604.1")
def test_a_board_with_no_static_ability_skips_the_scan_one_with_a_limit_refuses() -> None:
    game, bear, bolt = _bolt_board()
    assert not game.ruleset.targeting_limited_by_effects(game)
    play.cast(game, bolt, "Alice", targets=[[bear]])  # legal: nothing limits it
    game, bear, bolt = _bolt_board(shield=LIMIT)
    assert game.ruleset.targeting_limited_by_effects(game)
    with pytest.raises(Exception, match="can't be the target of red spells"):
        play.cast(game, bolt, "Alice", targets=[[bear]])


@pytest.mark.rules("mtg:702.21a")
@pytest.mark.parametrize(("text", "triggers"), [("", 0), ("Ward {2}", 1)])
def test_only_an_object_with_abilities_is_asked_what_triggers_as_it_is_targeted(
    text: str, triggers: int
) -> None:
    game, bear, bolt = _bolt_board(bear_text=text)
    play.cast(game, bolt, "Alice", targets=[[bear]])
    assert sum(1 for e in game.events if e.kind == "triggered") == triggers
    assert len(game.stack) == 1 + triggers


def _zap_board(text: str) -> tuple[object, ...]:
    """Two of Bob's bears and Zap, a red instant with ``text``, in Alice's hand."""
    game = new_game("mtg")
    bears = [
        game.create(
            card("mtg", "Bear", "Creature — Bear", "", cost="{1}{G}", power=2, toughness=2),
            "Bob",
            "battlefield",
        )
        for _ in range(2)
    ]
    zap = game.create(card("mtg", "Zap", "Instant", text, cost="{R}"), "Alice", "hand")
    return game, bears, zap


@pytest.mark.rules("mtg:601.2b", "mtg:601.2c", "mtg:601.2d", "mtg:700.2a")
@pytest.mark.parametrize(
    ("text", "announce", "needed", "sentence"),
    [
        (
            "Zap deals 3 damage to any target.",
            {"targets": [[0]]},
            set(),
            "Alice casts Zap targeting 1: Bear",
        ),
        (
            "Zap deals 2 damage divided as you choose among one or two targets.",
            {"targets": [[0, 1]], "division": [1, 1]},
            {"divided", "divides"},
            "Alice casts Zap targeting 1: Bear, Bear (1, 1)",
        ),
        (
            "Choose one —\n• Zap deals 2 damage to target creature.\n"
            "• Zap deals 1 damage to any target.",
            {"targets": [[1]], "modes": [2]},
            {"modal"},
            "Alice casts Zap, modes [2] targeting 1: Bear",
        ),
        (
            "Kicker {2}{B}\nDestroy target creature or planeswalker with mana value 2 or "
            "less. If this spell was kicked, instead destroy target creature or planeswalker.",
            {"targets": [[], [0]], "options": {"kicked": 1}},
            {"cast_option"},
            "Alice casts Zap targeting 2: Bear",
        ),
        (
            "Zap deals 2 damage to any target chosen at random.",
            {},
            {"random"},
            "Alice casts Zap targeting 1: Alice",
        ),
    ],
)
def test_a_text_takes_only_the_steps_it_needs_and_records_every_choice(
    text: str, announce: dict[str, Any], needed: set[str], sentence: str
) -> None:
    """The steps of casting a text needs (modes, optional costs, random choices,
    division) are known once per text: the plain spell skips them all, each other text
    takes its own; either way the stack object records every choice (its StackInfo,
    filled in as a draft, is a whole one) and the cast event says them."""
    game, bears, zap = _zap_board(text)
    if "targets" in announce:
        announce = {**announce, "targets": [[bears[i] for i in row] for row in announce["targets"]]}
    ref = play.cast(game, zap, "Alice", **announce)
    obj = game.get(ref)
    assert obj.card is not None
    needs = play._needs(*play._spell_parts(game.ruleset.card_text(obj.card)))
    flags = {"modal", "cast_option", "limit", "random", "divided", "divides"}
    assert {f for f in flags if getattr(needs, f)} == needed
    info = obj.stack
    assert info is not None
    assert dataclasses.replace(info) == info  # every field there, as the constructor sets it
    assert info.chosen_count == sum(len(row) for row in info.targets) > 0
    assert [e.text for e in game.events if e.kind == "cast"] == [sentence]


@pytest.mark.rules("mtg:601.2c", "mtg:115.4", "mtg:400.7")
@pytest.mark.parametrize(
    ("text", "only"),
    [
        ("Destroy target creature.", frozenset({"creature"})),
        ("Destroy target artifact or enchantment.", frozenset({"artifact", "enchantment"})),
        ("Shock deals 2 damage to any target.", frozenset({"creature", "planeswalker", "battle"})),
        ("Destroy target creature with flying.", None),
        ("Destroy target creature you control.", None),
        ("Destroy target nonland permanent.", None),
    ],
)
def test_a_phrase_of_card_types_only_is_checked_by_its_types_as_its_test_would(
    text: str, only: frozenset[str] | None
) -> None:
    """A description that is only "one of these card types" is checked by the object's
    types, with no context made; any other by its compiled test: both agree with the
    explanation, for each object of a board, and an object that changed zones is not a
    target either way."""
    game, bear, _ = _bolt_board()
    bird = game.create(
        card("mtg", "Bird", "Creature — Bird", "Flying", cost="{U}", power=1, toughness=1),
        "Alice",
        "battlefield",
    )
    relic = game.create(card("mtg", "Relic", "Artifact", cost="{2}"), "Bob", "battlefield")
    land = game.create(card("mtg", "Forest", "Basic Land — Forest"), "Alice", "battlefield")
    reqs, _ = play._spell_parts(parse_card("mtg", text, name="X", type_line="Instant"))
    compiled = compile_requirement(reqs[0], "mtg").compiled
    assert compiled.only_types == only
    targeter = Targeter("Alice", "spell", None, None, game.characteristics(bear))
    ctx = Context(game, "Alice")
    for ref in (bear, bird, relic, land):
        fast = is_legal_target(game, reqs, 0, ref, targeter)
        assert fast == bool(explain_target(game, reqs, 0, ref, targeter))
        entry = game.seen_object(ref)
        assert compiled.objects is not None
        assert fast == compiled.objects(ctx, entry)
        if only is not None:
            assert fast == bool(only & entry.chars.types)
    gone = game.move(bear, "graveyard")
    assert gone != bear
    assert not is_legal_target(game, reqs, 0, bear, targeter)
    assert not explain_target(game, reqs, 0, bear, targeter)


@pytest.mark.rules("mtg:601.2f", "mtg:613.1f")
@pytest.mark.parametrize("granted", [False, True])
def test_a_cost_change_an_effect_grants_is_found_with_no_static_printed(granted: bool) -> None:
    """No object prints a static ability, so the total cost is worked out only when a
    continuous effect exists: here one gives the bear an opponents' tax on targeting it
    (layer 6), and the Bolt's total is two more. Without the effect, no total is
    logged, as nothing can change it."""
    game, bear, bolt = _bolt_board()
    (tax,) = parse_card(
        "mtg",
        "Spells your opponents cast that target Bear cost {2} more to cast.",
        name="Bear",
        type_line="Creature",
    ).abilities
    if granted:
        game.add_effect(bear, GrantAbilities((tax,)))
    assert not game.may_print_statics()
    play.cast(game, bolt, "Alice", targets=[[bear]])
    totals = [e for e in game.events if e.kind == "total_cost"]
    if granted:
        assert [(e.text, str(e.rule)) for e in totals] == [
            (
                "Lightning Bolt: total cost {2}{R} (mana cost {R}; {2} more for targeting Bear)",
                "mtg:601.2f",
            )
        ]
    else:
        assert totals == []
