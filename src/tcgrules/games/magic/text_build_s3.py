"""Builder methods of helper S3: turn structure leftovers ("this turn", "if able").

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "turn structure leftovers" section (``grammar/magic.lark``).
"""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_lexer import _plural_subtype, subtypes
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _one(what: Any) -> Any:
    """The target (or earlier target) a restriction is on; a group or an attached object
    would be a rule for whatever fits it at any time (mtg:611.2c), not read here."""
    if not isinstance(what, DraftRef):
        raise NotRead("a restriction on something other than a target")
    return what


class S3Builder:
    """Subtrees of requirements and restrictions for a turn → effect nodes."""

    def s3_attacks_a_player(self, c: list[Any]) -> n.CombatRestriction:
        """ "Until your next turn, up to one target creature attacks a player each combat
        if able": a requirement (mtg:508.1d) until the controller's next turn."""
        if c[0] != "your_next_turn":
            raise NotRead(
                "'attacks a player each combat' for a duration other than until your next turn"
            )
        return n.CombatRestriction(_one(c[2]), "attacks_player_if_able", "your_next_turn")

    def s3_attacks_player_if_able(self, c: list[Any]) -> n.CombatRestriction:
        """ "Target creature attacks target opponent this turn if able": a requirement
        (mtg:508.1d) naming the player it attacks."""
        player: Any = c[2]
        if not isinstance(player, DraftRef) or player.draft.kinds != frozenset({"player"}):
            raise NotRead("an attack requirement naming something other than a player")
        return n.CombatRestriction(_one(c[0]), "attacks_if_able", c[3], _one(player))

    def s3_cant_be_regenerated(self, c: list[Any]) -> n.CantBeRegenerated:
        """ "Target creature can't be regenerated this turn" (mtg:701.15c)."""
        return n.CantBeRegenerated(_one(c[0]), c[-1])

    def s3_cant_be_blocked_except(self, c: list[Any]) -> n.CombatRestriction:
        """ "Another target creature you control can't be blocked this turn except by
        Spirits": a restriction (mtg:509.1b) only creatures of that subtype escape."""
        if c[2] != "cant_be_blocked":
            raise NotRead("an exception to a restriction other than 'can't be blocked'")
        word = str(c[-1]).lower()
        sub = _plural_subtype(word, subtypes())
        if sub is None or subtypes().get(sub) != "creature":
            raise NotRead("blockers named other than by a creature type")
        blockers = d.AllOf((d.HasType("creature"), d.HasSubtype(sub)))
        return n.CombatRestriction(_one(c[0]), "cant_be_blocked_except", c[3], except_by=blockers)
