"""Casting and resolving check targets on the fast path (a boolean) and explain only a
refusal: the verdicts, and their reasons, are those the full explanation gives
(mtg:601.2c as targets are chosen, mtg:608.2b as the spell resolves)."""

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
from tcgrules.kernel.targeting import Chosen, Targeter, explain_target

PHRASES = (
    "Destroy target creature.",
    "Destroy target creature with flying.",
    "Destroy target artifact or enchantment.",
    "Shock deals 2 damage to any target.",
    "Tap target tapped creature you control.",
    "Counter target spell.",
)
REQUIREMENTS = [parse_card("mtg", p).target_requirements() for p in PHRASES]

board = st.lists(
    st.tuples(
        st.sampled_from(["Alice", "Bob"]),
        st.sampled_from(["battlefield", "graveyard", "stack"]),
        st.sampled_from(["Creature — Bear", "Artifact", "Enchantment", "Instant"]),
        st.sampled_from(["", "Hexproof", "Shroud", "Flying", "Protection from red"]),
        st.booleans(),
        st.booleans(),
    ),
    min_size=1,
    max_size=10,
)


@pytest.mark.rules("mtg:601.2c", "mtg:608.2b")
@settings(max_examples=60, deadline=None)
@given(objects=board, which=st.integers(0, len(PHRASES) - 1))
def test_fast_checks_give_the_explained_verdicts(
    objects: list[tuple[str, str, str, str, bool, bool]], which: int
) -> None:
    game = new_game("mtg")
    refs = []
    for i, (owner, zone, type_line, keyword, tapped, hexed) in enumerate(objects):
        c = card("mtg", f"Thing {i}", type_line, keyword, cost="{1}{G}", power=2, toughness=2)
        ref = game.create(c, owner, zone, tapped=tapped)
        if hexed and zone == "battlefield":
            game.add_effect(ref, GrantAbilities((Keyword("hexproof"),)))
        refs.append(ref)
    requirements = REQUIREMENTS[which]
    quality = Characteristics(name="Bolt", types=frozenset({"instant"}), colors=frozenset({"red"}))
    targeter = Targeter("Alice", "spell", None, None, quality)
    for candidate in [*refs, *(PlayerRef(p) for p in game.players)]:
        # what check_choices judged by before it had a fast path
        full = explain_target(game, requirements, 0, candidate, targeter, chosen=Chosen(((),)))
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
