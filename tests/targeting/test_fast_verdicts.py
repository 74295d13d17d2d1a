"""Casting and resolving check targets on the fast path (a boolean) and explain only a
refusal: the verdicts, and their reasons, are those the full explanation gives
(mtg:601.2c as targets are chosen, mtg:608.2b as the spell resolves), on both sides of
each guard: an object's entry read from an up-to-date board index or made again (the
index is stale for it), and a board where no object prints a static ability or one
where a permanent's static ability limits targeting (mtg:604.1)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import card, new_game

from tcgrules import PlayerRef, parse_card
from tcgrules.kernel.characteristics import Characteristics, Keyword
from tcgrules.kernel.effects import GrantAbilities
from tcgrules.kernel.objects import StackInfo
from tcgrules.kernel.stack import check_choices, recheck
from tcgrules.kernel.targeting import Chosen, Targeter, explain_target, is_legal_target

PHRASES = (
    "Destroy target creature.",
    "Destroy target creature with flying.",
    "Destroy target artifact or enchantment.",
    "Shock deals 2 damage to any target.",
    "Tap target tapped creature you control.",
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
        st.sampled_from(
            ["", "Hexproof", "Shroud", "Flying", "Protection from red", "Ward {1}", LIMIT]
        ),
        st.booleans(),
        st.booleans(),
    ),
    min_size=1,
    max_size=10,
)


@pytest.mark.rules("mtg:601.2c", "mtg:608.2b", "mtg:604.1")
@settings(max_examples=60, deadline=None)
@given(
    objects=board,
    which=st.integers(0, len(PHRASES) - 1),
    indexed=st.booleans(),
    stale=st.integers(0, 9),
)
def test_fast_checks_give_the_explained_verdicts(
    objects: list[tuple[str, str, str, str, bool, bool]], which: int, indexed: bool, stale: int
) -> None:
    game = new_game("mtg")
    refs = []
    for i, (owner, zone, type_line, keyword, tapped, hexed) in enumerate(objects):
        c = card("mtg", f"Thing {i}", type_line, keyword, cost="{1}{G}", power=2, toughness=2)
        ref = game.create(c, owner, zone, tapped=tapped)
        if hexed and zone == "battlefield":
            game.add_effect(ref, GrantAbilities((Keyword("hexproof"),)))
        refs.append(ref)
    if indexed:
        game.board_index()  # entries read from the index from now on ...
    if stale < len(refs):
        obj = game.get(refs[stale])  # ... but this one's is out of date
        game.set_tapped(refs[stale], not obj.tapped, rule_applied=None)
    for ref in refs:
        assert game.seen_object(ref) == game.rebuilt_index().entries[ref.id]
    requirements = REQUIREMENTS[which]
    quality = Characteristics(name="Bolt", types=frozenset({"instant"}), colors=frozenset({"red"}))
    targeter = Targeter("Alice", "spell", None, None, quality)
    for candidate in [*refs, *(PlayerRef(p) for p in game.players)]:
        # what check_choices judged by before it had a fast path
        full = explain_target(game, requirements, 0, candidate, targeter, chosen=Chosen(((),)))
        assert is_legal_target(game, requirements, 0, candidate, targeter) == bool(full)
        verdict = check_choices(game, requirements, [[candidate]], targeter)
        assert bool(verdict) == bool(full)
        if not full:
            assert verdict.failures == full.failures
        # on resolution: the spell on the stack, its target re-checked
        spell = game.create(
            card("mtg", "Spell", "Instant", PHRASES[which]),
            "Alice",
            "stack",
            stack=StackInfo(targets=((candidate,),), requirements=tuple(requirements)),
        )
        checked = recheck(game, game.get(spell), targeter)
        again = explain_target(
            game, requirements, 0, candidate, targeter, exclude_self_in_instance=False
        )
        assert checked.legal == ((bool(again),),)
        assert checked.verdict(0, 0) == again
        assert checked.verdicts == ((again,),)
        game.remove(spell, rule_applied=None, reason="test")
