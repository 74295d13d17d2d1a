"""The short cuts of the target checks take the same decisions as the full path, on both
sides of each guard: an object's entry read from an up-to-date board index or made
again (the index is stale for it), a board where no object prints a static ability or
one where a permanent's static ability limits targeting (mtg:604.1, mtg:601.2c), and
an object with no abilities (nothing triggers as it becomes a target) or with ward
(mtg:702.21a)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import card, new_game

from tcgrules import PlayerRef, parse_card
from tcgrules.kernel import play
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.objects import StackInfo
from tcgrules.kernel.stack import check_choices, recheck
from tcgrules.kernel.targeting import Chosen, Targeter, explain_target, is_legal_target

PHRASES = (
    "Destroy target creature.",
    "Shock deals 2 damage to any target.",
    "Destroy target artifact or enchantment.",
    "Return target creature card from your graveyard to your hand.",
    "Counter target spell.",
)
REQUIREMENTS = [parse_card("mtg", p).target_requirements() for p in PHRASES]
#: a permanent's static ability that limits what may be targeted (mtg:604.1)
LIMIT = "Creatures you control can't be the targets of red spells."

board = st.lists(
    st.tuples(
        st.sampled_from(["Alice", "Bob"]),
        st.sampled_from(["battlefield", "graveyard", "stack"]),
        st.sampled_from(["Creature — Bear", "Artifact", "Enchantment", "Instant"]),
        st.sampled_from(["", "Hexproof", "Shroud", "Ward {1}", LIMIT]),
    ),
    min_size=1,
    max_size=8,
)


@pytest.mark.rules("mtg:601.2c", "mtg:608.2b", "mtg:604.1")
@settings(max_examples=60, deadline=None)
@given(
    objects=board,
    which=st.integers(0, len(PHRASES) - 1),
    indexed=st.booleans(),
    tapped=st.integers(0, 7),
)
def test_fast_checks_agree_with_the_explained_verdicts_on_any_board(
    objects: list[tuple[str, str, str, str]], which: int, indexed: bool, tapped: int
) -> None:
    game = new_game("mtg")
    refs = [
        game.create(
            card("mtg", f"Thing {i}", kind, text, cost="{1}{G}", power=2, toughness=2),
            owner,
            zone,
        )
        for i, (owner, zone, kind, text) in enumerate(objects)
    ]
    if indexed:
        game.board_index()  # entries read from the index from now on ...
    if tapped < len(refs):
        game.set_tapped(refs[tapped], True, rule_applied=None)  # ... but this one's is stale
    for ref in refs:
        assert game.seen_object(ref) == game.rebuilt_index().entries[ref.id]
    requirements = REQUIREMENTS[which]
    quality = Characteristics(name="Bolt", types=frozenset({"instant"}), colors=frozenset({"red"}))
    targeter = Targeter("Alice", "spell", None, None, quality)
    for candidate in [*refs, *(PlayerRef(p) for p in game.players)]:
        full = explain_target(game, requirements, 0, candidate, targeter, chosen=Chosen(((),)))
        assert is_legal_target(game, requirements, 0, candidate, targeter) == bool(full)
        verdict = check_choices(game, requirements, [[candidate]], targeter)
        assert bool(verdict) == bool(full)
        if not full:
            assert verdict.failures == full.failures
        spell = game.create(
            card("mtg", "Spell", "Instant", PHRASES[which]),
            "Alice",
            "stack",
            stack=StackInfo(targets=((candidate,),), requirements=tuple(requirements)),
        )
        again = explain_target(
            game, requirements, 0, candidate, targeter, exclude_self_in_instance=False
        )
        checked = recheck(game, game.get(spell), targeter)
        assert checked.legal == ((bool(again),),)
        assert checked.verdicts == ((again,),)


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
