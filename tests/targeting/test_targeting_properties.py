"""Targeting invariants: explain, `in` and enumeration agree; queries skip what can't match."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import card, new_game

from tcgrules import PlayerRef, parse_card
from tcgrules.kernel.characteristics import Characteristics, Keyword
from tcgrules.kernel.describe import Context, compile_descriptor, described_entries
from tcgrules.kernel.descriptors import HasType
from tcgrules.kernel.effects import ChangeSet, GrantAbilities
from tcgrules.kernel.game import Seen
from tcgrules.kernel.targeting import Targeter, explain_target, is_legal_target, legal_targets

PHRASES = (
    "Destroy target creature.",
    "Destroy target nonblack creature.",
    "Destroy target creature an opponent controls.",
    "Destroy target artifact or enchantment.",
    "Shock deals 2 damage to any target.",
    "Destroy target creature with power 2 or less.",
    "Return target creature card from your graveyard to your hand.",
    "Target player draws a card.",
    "Counter target spell.",
)
REQUIREMENTS = [parse_card("mtg", p).target_requirements() for p in PHRASES]
COLORS = ("W", "U", "B", "R", "G")
KEYWORDS = ("", "Hexproof", "Shroud", "Protection from red", "Flying")

board = st.lists(
    st.tuples(
        st.sampled_from(["Alice", "Bob"]),
        st.sampled_from(["battlefield", "graveyard", "hand", "stack"]),
        st.sampled_from(["Creature — Bear", "Artifact", "Land", "Instant", "Enchantment"]),
        st.sampled_from(COLORS),
        st.sampled_from(KEYWORDS),
        st.integers(0, 4),
        st.booleans(),
    ),
    min_size=1,
    max_size=14,
)


@pytest.mark.rules("mtg:115.1", "mtg:115.2", "mtg:601.2c")
@settings(max_examples=80, deadline=None)
@given(objects=board, which=st.integers(0, len(PHRASES) - 1), turn_black=st.booleans())
def test_explain_membership_and_enumeration_agree(
    objects: list[tuple[str, str, str, str, str, int, bool]], which: int, turn_black: bool
) -> None:
    game = new_game("mtg")
    refs = []
    for i, (owner, zone, type_line, color, keyword, power, hexed) in enumerate(objects):
        c = card(
            "mtg",
            f"Thing {i}",
            type_line,
            keyword,
            cost="{1}{" + color + "}",
            power=power,
            toughness=2,
        )
        ref = game.create(c, owner, zone)
        if hexed and zone == "battlefield":
            game.add_effect(ref, GrantAbilities((Keyword("hexproof"),)))
        if turn_black and zone == "battlefield":
            game.add_effect(ref, ChangeSet("colors", "set", frozenset({"black"})))
        refs.append(ref)
    quality = Characteristics(name="Bolt", types=frozenset({"instant"}), colors=frozenset({"red"}))
    targeter = Targeter("Alice", "spell", None, None, quality)
    requirements = REQUIREMENTS[which]
    view = legal_targets(game, requirements, 0, targeter)
    listed = set(view)
    candidates = [*refs, *(PlayerRef(p) for p in game.players)]
    for candidate in candidates:
        verdict = explain_target(game, requirements, 0, candidate, targeter)
        assert bool(verdict) == is_legal_target(game, requirements, 0, candidate, targeter)
        assert bool(verdict) == (candidate in view)
        assert bool(verdict) == (candidate in listed), (PHRASES[which], game.describe(candidate))
        assert verdict.reasons, "every verdict gives its reasons"
        if not verdict:
            assert all(r.rule.game == "mtg" for r in verdict.failures)
    assert view.count() == len(listed)


def test_a_creature_query_never_looks_at_lands() -> None:
    """Query cost does not grow with objects that cannot match (issue: performance)."""
    game = new_game("mtg")
    for i in range(5):
        game.create(
            card("mtg", f"Bear {i}", "Creature — Bear", power=2, toughness=2), "Bob", "battlefield"
        )
    compiled = compile_descriptor(HasType("creature"), "mtg")
    calls: list[Seen] = []
    assert compiled.objects is not None
    inner = compiled.objects

    def counting(ctx: Context, entry: Seen) -> bool:
        calls.append(entry)
        return inner(ctx, entry)

    counted = dataclasses.replace(compiled, objects=counting)
    ctx = Context(game, "Alice")
    assert len(list(described_entries(ctx, counted))) == 5
    looked_at = len(calls)
    for i in range(500):
        game.create(card("mtg", f"Forest {i}", "Basic Land — Forest"), "Bob", "battlefield")
    calls.clear()
    assert len(list(described_entries(Context(game, "Alice"), counted))) == 5
    assert len(calls) == looked_at


def test_api_misuse_gets_clear_errors() -> None:
    from tcgrules.errors import InputError, UnknownObjectError

    game = new_game("mtg")
    requirements = parse_card("mtg", "Destroy target creature.").target_requirements()
    quality = Characteristics()
    with pytest.raises(InputError, match="no instance 3"):
        legal_targets(game, requirements, 3, Targeter("Alice", "spell", None, None, quality))
    with pytest.raises(InputError, match="no instance 1"):
        explain_target(
            game, requirements, 1, PlayerRef("Bob"), Targeter("Alice", "spell", None, None, quality)
        )
    with pytest.raises(UnknownObjectError, match="no player 'Mallory'"):
        legal_targets(game, requirements, 0, Targeter("Mallory", "spell", None, None, quality))
