"""The short cuts of casting take the same decisions as the full path, on both sides of
each guard: a board where no object prints a static ability or one where a permanent's
static ability limits targeting (mtg:604.1, mtg:601.2c), and an object with no
abilities (nothing triggers as it becomes a target) or with ward (mtg:702.21a). The
property test over random boards is in test_fast_verdicts.py."""

from __future__ import annotations

import pytest
from tests.helpers import card, new_game

from tcgrules.kernel import play

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
