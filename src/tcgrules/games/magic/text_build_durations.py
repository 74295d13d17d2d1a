"""Builder methods for durations worded "for as long as ..." (a mixin of
:class:`~tcgrules.games.magic.text_build.MagicBuilder`; grammar section "durations
(helper V2)" of ``magic.lark``)."""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.kernel import descriptors as d

#: what "for as long as ..." asks of the source: (under your control, tapped)
_While = tuple[bool, bool]


class DurationsBuilder:
    """ "Gain control of ... for as long as ~ remains tapped" and its kin (mtg:611.2b)."""

    def v2_control_while_tapped(self, c: list[Any]) -> n.GainControl:
        """ "Gain control of target creature for as long as you control ~ and ~ remains
        tapped" (Rubinia Soulsinger) or "... for as long as ~ remains tapped" (Vedalken
        Shackles): the control ends once the source untaps, leaves the battlefield or
        (with "you control") changes control (mtg:611.2b)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type in {"WORD", "STATUS"}]
        if words != ["long", "remains", "tapped"]:
            raise _not_read(f"“for as {' '.join(words)}”")
        yours = any(isinstance(t, Token) and t.type == "YOU" for t in c)
        return n.GainControl(
            c[3],
            "permanent",
            while_you_control_source=yours,
            while_source_on_battlefield=not yours,
            while_source_tapped=True,
        )

    # ------------------------------------------------ "for as long as ..." (mtg:611.2b)
    def _gains(
        self, what: Any, keywords: list[d.HasKeyword], duration: n.Duration
    ) -> list[n.GainAbility]:
        raise NotImplementedError

    def _quoted(self, token: Token, what: Any, until_eot: bool) -> n.GrantAbility:
        raise NotImplementedError

    def _modify(self, what: Any, pt: Token, duration: n.Duration) -> n.ModifyPT:
        raise NotImplementedError

    def m4_becomes_effect(self, c: list[Any]) -> tuple[Any, ...]:
        raise NotImplementedError

    def _combat(
        self, what: Any, kind: n.CombatKind, duration: n.Duration, attacker: Any = None
    ) -> n.CombatRestriction:
        raise NotImplementedError

    def v2_while_control(self, c: list[Any]) -> _While:
        """ "for as long as you control ~"."""
        _check_long(c)
        return (True, False)

    def v2_while_tapped(self, c: list[Any]) -> _While:
        """ "for as long as ~ remains tapped"."""
        _check_long(c, "remains", "tapped")
        return (False, True)

    def v2_while_there(self, c: list[Any]) -> _While:
        """ "for as long as ~ remains on the battlefield"."""
        _check_long(c, "remains")
        return (False, False)

    def v2_gain_while(self, c: list[Any]) -> n.ForAsLongAs:
        """ "Another target permanent gains indestructible for as long as you control ~"
        (Aegis Angel): the keywords are gained in layer 6 (mtg:613.1f) for as long as the
        duration lasts (mtg:611.2b)."""
        keywords = next(x for x in c if isinstance(x, list))
        yours, tapped = c[-1]
        return _wrap(tuple(self._gains(c[0], keywords, "permanent")), yours, tapped)

    def v2_grant_while(self, c: list[Any]) -> n.ForAsLongAs:
        """ "Target artifact you control gains "{T}: Draw a card." for as long as you
        control ~" (Quicksmith Spy): a quoted ability (mtg:113.1a) for as long as the
        duration lasts (mtg:611.2b)."""
        quote = next(t for t in c if isinstance(t, Token) and t.type == "QUOTED")
        yours, tapped = c[-1]
        return _wrap((self._quoted(quote, c[0], False),), yours, tapped)

    def v2_pt_gain_while(self, c: list[Any]) -> n.ForAsLongAs:
        """ "Target Wizard creature gets +1/+1 and has shroud for as long as ~ remains
        tapped" (Ghosthelm Courier): layer 7c and layer 6 changes (mtg:613.4c,
        mtg:613.1f) for as long as the duration lasts (mtg:611.2b)."""
        pt = next(t for t in c if isinstance(t, Token) and t.type == "PT")
        keywords = next(x for x in c if isinstance(x, list))
        yours, tapped = c[-1]
        changes: tuple[n.Effect, ...] = (
            self._modify(c[0], pt, "permanent"),
            *self._gains(c[0], keywords, "permanent"),
        )
        return _wrap(changes, yours, tapped)

    def v2_becomes_while(self, c: list[Any]) -> n.ForAsLongAs:
        """ "target land becomes an Island for as long as ~ remains on the battlefield"
        (Tide Shaper): the change of "becomes" (mtg:205.1a) for as long as the duration
        lasts (mtg:611.2b)."""
        yours, tapped = c[-1]
        return _wrap(tuple(self.m4_becomes_effect(c[:-1])), yours, tapped)

    def v2_cant_while(self, c: list[Any]) -> n.ForAsLongAs:
        """ "Up to one target creature can't block for as long as you control ~" (There
        and Back Again): a combat restriction (mtg:509.1b) for as long as the duration
        lasts (mtg:611.2b)."""
        yours, tapped = c[-1]
        return _wrap((self._combat(c[0], c[2], "permanent"),), yours, tapped)


def _wrap(effects: tuple[n.Effect, ...], yours: bool, tapped: bool) -> n.ForAsLongAs:
    """The changes with their duration; a pronoun subject ("That creature can't attack or
    block for as long as ...", after it was returned to the battlefield) is not read: the
    object it means may be a new one (mtg:400.7), which the reference can't follow."""
    for effect in effects:
        if isinstance(getattr(effect, "what", None), n.It):
            raise _not_read("a “for as long as” change on an object named by a pronoun")
    return n.ForAsLongAs(effects, yours, tapped)


def _check_long(c: list[Any], *more: str) -> None:
    """Refuse (not read) a "for as [WORD] as ~ [WORD] ..." that is not "for as long as"
    with the words the rule expects."""
    words = [str(t).lower() for t in c if isinstance(t, Token) and t.type in {"WORD", "STATUS"}]
    if words != ["long", *more]:
        raise _not_read(f"“for as {' '.join(words)}”")


def _not_read(what: str) -> Exception:
    """The reader's "not read" exception; imported here, as text_build imports this
    module to build its class."""
    from tcgrules.games.magic.text_not_read import NotRead  # noqa: PLC0415

    return NotRead(what)
