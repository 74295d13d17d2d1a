"""Builder methods for delayed triggers and turn structure (a mixin of
:class:`~tcgrules.games.magic.text_build.MagicBuilder`; grammar section "delayed
triggers, turn structure (helper W1)" of ``magic.lark``). "At the beginning of the next
end step, ..." as a sentence of a resolving ability is split in ``text.py``
(``_delayed``)."""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_lexer import CARD_TYPE_WORDS
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _words(c: list[Any], *at: int) -> tuple[str, ...]:
    return tuple(str(c[i]).lower() for i in at)


class W1Builder:
    """ "sacrifice it", extra turns, controlling another player's turn."""

    def w1_sacrifice_it(self, c: list[Any]) -> n.SacrificeIt:
        """ "Sacrifice it" (mtg:701.17a)."""
        return n.SacrificeIt(c[1])

    def w1_extra_turn(self, c: list[Any]) -> n.ExtraTurn:
        """ "Target player takes an extra turn after this one." (mtg:500.7)."""
        if _words(c, 1, 3, 5, 7) != ("takes", "extra", "after", "one"):
            raise NotRead("an extra turn")
        return n.ExtraTurn(c[0])

    def w1_control_next_turn(self, c: list[Any]) -> n.ControlNextTurn:
        """ "You control target player during that player's next turn." (mtg:720.1)."""
        at = next(i for i, x in enumerate(c) if not isinstance(x, Token))
        if str(c[at + 1]).lower() != "during":
            raise NotRead("whom you control during their next turn")
        return n.ControlNextTurn(c[at])

    def _untap_words(self, c: list[Any]) -> None:
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words[-2:] != ["during", "step"]:
            raise NotRead("an untap-step restriction worded otherwise")

    def w1_group_skip_untap(self, c: list[Any]) -> n.SkipNextUntap:
        """ "Lands target player controls don't untap during their next untap step":
        each of them, as the effect happens, is kept tapped through that player's next
        untap step (mtg:502.3, mtg:608.2h); the player is the target (mtg:115.1)."""
        self._untap_words(c)
        return n.SkipNextUntap(c[0])

    def w1_types_skip_untap(self, c: list[Any]) -> n.SkipNextUntap:
        """ "Creatures and lands target opponent controls don't untap during their next
        untap step" (mtg:502.3): permanents of either type that player controls."""
        self._untap_words(c)
        types = tuple(d.HasType(CARD_TYPE_WORDS[str(c[i]).lower()]) for i in (0, 2))
        group = self.m4_group([c[0], c[3], c[4]])  # type: ignore[attr-defined]
        return n.SkipNextUntap(n.EachControlledBy(d.AnyOf(types), group.by))

    def w1_type_skip_untap(self, c: list[Any]) -> n.SkipNextUntap:
        """ "Creatures don't untap during target player's next untap step": the
        creatures that player controls (mtg:502.3)."""
        self._untap_words(c)
        return n.SkipNextUntap(self.m4_group([c[0], c[4], c[5]]))  # type: ignore[attr-defined]

    def w1_tap_and_skip_untap(self, c: list[Any]) -> tuple[n.Tap, n.SkipNextUntap]:
        """ "Tap up to one target creature you don't control, and that creature doesn't
        untap during its controller's next untap step" (mtg:701.26a, mtg:502.3)."""
        self._untap_words(c)
        if not isinstance(c[4], n.It):
            raise NotRead("what doesn't untap")
        return n.Tap(c[1]), n.SkipNextUntap(c[4])

    def w1_skip_untap_step(self, c: list[Any]) -> n.SkipNext:
        """ "Target player skips their next untap step" (mtg:614.10)."""
        if _words(c, 1, 5) != ("skips", "step"):
            raise NotRead("skipping a step")
        return n.SkipNext(c[0], "untap")

    def w1_skip_combat_phase(self, c: list[Any]) -> n.SkipNext:
        """ "Target opponent skips their next combat phase" (mtg:614.10)."""
        if _words(c, 1, 5) != ("skips", "phase"):
            raise NotRead("skipping a phase")
        return n.SkipNext(c[0], "combat")

    def w1_front_cant(self, c: list[Any]) -> n.CombatRestriction:
        """ "Until your next turn, target creature can't be blocked": the restriction
        of "can't block", "can't attack", "can't be blocked" (mtg:508.1c, 509.1b) for
        the duration said in front (mtg:611.2a)."""
        return self._combat(c[2], c[4], c[0])  # type: ignore[attr-defined,no-any-return]

    def w1_deal_and_skip_untap(self, c: list[Any]) -> tuple[n.DealDamage, n.SkipNextUntap]:
        """ "~ deals 2 damage to any target and doesn't untap during your next untap
        step" (Reveka, Wizard Savant; mtg:120.3, mtg:502.3): the source is the one that
        stays tapped; its controller is "you"."""
        self._untap_words(c)
        if not isinstance(c[0], n.Self):
            raise NotRead("what doesn't untap during your next untap step")
        return n.DealDamage(c[2], c[5], source=c[0]), n.SkipNextUntap(n.Self())
