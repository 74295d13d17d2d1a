"""Builder rules of the third-wave "becomes/attach/control/names" helper (Q6).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per rule
alias of the ``becomes, control and names (helper Q6)`` section of ``magic.lark``. What
has no meaning here raises ``NotRead``, so the sentence stays unsupported.
"""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, with_part
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


class Q6Builder:
    """Builder methods of the Q6 grammar section (mixed into ``MagicBuilder``)."""

    def q6_for_each_other(self, c: list[Any]) -> Any:
        """ "For each other player, exile up to one target creature that player controls":
        as "for each player" (one target of each player with a legal choice, or at most
        one of each; mtg:601.2c), among the players other than you (mtg:102.1)."""
        effect = self.y4_for_each([c[0], c[1], c[3], c[4], c[5]])  # type: ignore[attr-defined]
        drafts: list[Draft] = self.drafts  # type: ignore[attr-defined]
        if len(drafts) != 1:
            raise NotRead("'for each other player' needs one target phrase")
        drafts[0].descriptor = with_part(drafts[0].descriptor, d.Controller("not_you"))
        return effect

    def q6_for_each_may(self, c: list[Any]) -> n.May:
        """ "For each opponent, you may put up to one target creature card from that
        player's graveyard onto the battlefield under your control": "for each player"
        (one target instance, one of each player; mtg:601.2c) around an optional effect
        (mtg:608.2d)."""
        effect = self.y4_for_each([c[0], c[1], c[2], c[3], c[-1]])  # type: ignore[attr-defined]
        return n.May((effect,))

    def q6_transform(self, c: list[Any]) -> n.Transform:
        """ "Transform target Incubator token you control" (mtg:701.28a)."""
        return n.Transform(c[1])

    def q6_becomes_the(self, c: list[Any]) -> n.BecomeMonarch:
        """ "Target opponent becomes the monarch", "you become the monarch": a player
        takes the designation (mtg:722.1, mtg:722.3)."""
        if str(c[3]).lower() != "monarch":
            raise NotRead("'becomes the monarch'")
        who = c[0]
        draft: Draft | None = getattr(who, "draft", None)
        if not (who == n.You() or (draft is not None and draft.kinds == frozenset({"player"}))):
            raise NotRead("only a player becomes the monarch")
        return n.BecomeMonarch(who)

    def q6_you_become_the(self, c: list[Any]) -> n.BecomeMonarch:
        """ "You become the monarch" (mtg:722.1, mtg:722.3)."""
        return self.q6_becomes_the([n.You(), *c[1:]])
