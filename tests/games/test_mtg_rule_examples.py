"""Rule examples that are checked below the scenario level.

702.26b, first example: with three creatures, one phased out, "draw a card for each
creature you control" draws two (the scenario is
tests/scenarios/mtg/examples/702.26b-phased-out-creature-is-not-counted.yaml). This
test checks the count itself: the objects the description "creature you control"
means while one of them is phased out - the set such a count is taken over.
"""

from __future__ import annotations

import pytest

from tcgrules.carddata.model import CardDefinition
from tcgrules.kernel.describe import Context, compile_descriptor, described_objects
from tcgrules.kernel.descriptors import AllOf, Controller, HasType
from tcgrules.kernel.game import Game
from tcgrules.rules import rule


@pytest.mark.rules("mtg:702.26b", "mtg:example/702.26b-1")
def test_a_phased_out_creature_is_not_counted_among_creatures_you_control(
    mtg: Game, bear: CardDefinition
) -> None:
    refs = [mtg.create(bear, "Alice", "battlefield", alias=f"Bear {i}") for i in (1, 2, 3)]
    yours = compile_descriptor(AllOf((HasType("creature"), Controller("you"))), "mtg")

    def count() -> int:
        return len(list(described_objects(Context(mtg, "Alice"), yours)))

    assert count() == 3
    mtg.set_phased_out(refs[2], True, rule_applied=rule("mtg:702.26b"))
    assert count() == 2  # the phased-out creature is treated as though it doesn't exist
    mtg.set_phased_out(refs[2], False, rule_applied=rule("mtg:702.26c"))
    assert count() == 3
