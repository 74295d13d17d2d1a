"""Builder rules for control changes, goad, connive and suspect (helper W7): "gain control
of all creatures target opponent controls" (mtg:613.1b), "goad each creature target player
controls" (mtg:701.38a), "target creature you control connives" (mtg:701.47a), "suspect up
to one target creature" (mtg:701.58a)."""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_amounts import _not_read
from tcgrules.kernel import descriptors as d


class W7Builder:
    """Mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`."""

    def w7_both(self, c: list[Any]) -> Any:
        """ "artifacts and creatures": each object of either kind (an "all" group)."""
        return self.nominal([[c[0], c[2]]])  # type: ignore[attr-defined]

    def w7_gain_all(self, c: list[Any]) -> n.GainControl:
        """ "Gain control of all creatures target opponent controls": no duration stated,
        so for the rest of the game (mtg:611.2a); the objects are found as the effect
        happens and are not targets (mtg:115.1)."""
        return n.GainControl(self._controlled_by(c[4], c[5]))  # type: ignore[attr-defined]

    def w7_gain_all_eot(self, c: list[Any]) -> n.GainControl:
        """ "... until end of turn": the control change ends at cleanup (mtg:514.2)."""
        group = self._controlled_by(c[4], c[5])  # type: ignore[attr-defined]
        return n.GainControl(group, "end_of_turn")

    def w7_gains_all_other(self, c: list[Any]) -> n.GainControl:
        """ "target opponent gains control of all other permanents you control": each such
        permanent but the source, as the effect happens (mtg:613.1b, mtg:611.2a)."""
        who = c[0]
        draft = getattr(who, "draft", None)
        if draft is None or not draft.kinds <= {"player"}:
            raise _not_read("who gains control, when it is not a target player")
        nominal = c[-1]
        return n.GainControl(n.Each(d.AllOf((d.Other(), nominal.descriptor))), "permanent", who)

    def w7_eot_control_gains(self, c: list[Any]) -> tuple[n.GainControl | n.GainAbility, ...]:
        """ "Until end of turn, gain control of target creature and it gains haste": both
        parts last until the turn ends (mtg:613.1b, mtg:613.1f, mtg:514.2)."""
        if c[0] != "end_of_turn":
            raise _not_read("a control change until a next turn")
        at = next(i for i, t in enumerate(c) if isinstance(t, Token) and t.type == "CONTROL")
        what = c[at + 2]
        keywords: list[d.HasKeyword] = c[-1]
        return (
            n.GainControl(what, "end_of_turn"),
            *(n.GainAbility(what, k.name, k.argument) for k in keywords),
        )

    def w7_goad_each(self, c: list[Any]) -> n.Goad:
        """ "goad each creature target player controls" (mtg:701.38a): each of them as the
        effect happens; the player is the target (mtg:115.1)."""
        return n.Goad(self._controlled_by(c[2], c[3]))  # type: ignore[attr-defined]

    def w7_untap_goad(self, c: list[Any]) -> tuple[n.Untap, n.Goad]:
        """ "Untap and goad that creature": untapped, then goaded (mtg:701.21b, 701.38a)."""
        return n.Untap(c[-1]), n.Goad(c[-1])

    def w7_connive(self, c: list[Any]) -> n.Connive:
        """ "target creature you control connives" (mtg:701.47a)."""
        return n.Connive(c[0])

    def w7_connive_n(self, c: list[Any]) -> n.Connive:
        """ "target attacking creature connives X" (mtg:701.47e)."""
        return n.Connive(c[0], c[-1])

    def w7_suspect(self, c: list[Any]) -> n.Suspect:
        """ "suspect up to one target creature" (mtg:701.58a): creatures only."""
        draft = getattr(c[-1], "draft", None)
        if draft is not None and not draft.kinds <= {"creature"}:
            raise _not_read("a suspect of something other than a creature")
        return n.Suspect(c[-1])
