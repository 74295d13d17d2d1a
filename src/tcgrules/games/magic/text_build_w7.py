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

    def w7_choose_name(self, c: list[Any]) -> n.ChooseCardName:
        """ "Choose a card name", "Choose a nonland card name" (mtg:201.4, mtg:201.4a)."""
        return n.ChooseCardName(_name_kind(c[2], c[3]))

    def w7_choose_name_other(self, c: list[Any]) -> n.ChooseCardName:
        """ "Choose a card name other than a basic land card name": of a card that is not
        of the kind after "other than" (mtg:201.4a)."""
        first = _name_kind(c[2], c[3])
        other = _name_kind(c[-2], c[-1])
        if other is None:
            raise _not_read("“other than a card name”")
        rest: d.Descriptor = d.Not(other)
        return n.ChooseCardName(rest if first is None else d.AllOf((first, rest)))

    def w7_any_number(self, c: list[Any]) -> tuple[n.Amount | None, bool]:
        return None, False

    def w7_up_to(self, c: list[Any]) -> tuple[n.Amount | None, bool]:
        return c[2], False

    def w7_all_cards(self, c: list[Any]) -> tuple[n.Amount | None, bool]:
        return None, True

    def w7_search_named(self, c: list[Any]) -> n.SearchForName:
        """ "Search target opponent's graveyard, hand, and library for any number of cards
        with that name and exile them" (mtg:701.19a, mtg:701.11a)."""
        _words(c[0], "search")
        _words(c[-1], "them")
        _words(c[-4], "name")
        count, every = next(x for x in c if isinstance(x, tuple))
        return n.SearchForName(c[1], count, every)


def _words(token: Any, word: str) -> None:
    if not isinstance(token, Token) or token.lower() != word:
        raise _not_read(f"“{token}” where “{word}” is read")


def _name_kind(nominal: Any, word: Any) -> d.Descriptor | None:
    """The kind of card a chosen name must be of ("nonland card" name; mtg:201.4a), None
    for any card. Only card types and supertypes are read: they are what the check
    against the named card's printed type line can tell."""
    _words(word, "name")
    descriptor: d.Descriptor = nominal.descriptor
    parts = descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)
    kept = tuple(p for p in parts if not isinstance(p, d.IsCard))
    for part in kept:
        inner = part.part if isinstance(part, d.Not) else part
        if not isinstance(inner, d.HasType | d.HasSupertype):
            raise _not_read("a card name of a kind other than card types")
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else d.AllOf(kept)


def _face_down_target(ref: Any) -> None:
    """A phrase that can only name a face-down permanent ("target face-down creature")."""
    draft = getattr(ref, "draft", None)
    desc = getattr(draft, "descriptor", None)
    parts = desc.parts if isinstance(desc, d.AllOf) else (desc,)
    if not any(isinstance(p, d.Status) and p.name == "face-down" for p in parts):
        raise _not_read("a look at or reveal of something other than a face-down permanent")


class W7FaceBuilder:
    """Mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: face-down
    permanents (mtg:708)."""

    def w7_turn_face_up(self, c: list[Any]) -> n.TurnFaceUp:
        """ "Turn target face-down creature face up" (mtg:708.8)."""
        _words(c[2], "face")
        return n.TurnFaceUp(c[1])

    def w7_turn_face_down(self, c: list[Any]) -> n.TurnFaceDown:
        """ "Turn target creature with a morph ability face down" (mtg:708.2a)."""
        _words(c[2], "face")
        _words(c[3], "down")
        return n.TurnFaceDown(c[1])

    def w7_look_face_down(self, c: list[Any]) -> n.SeeFaceDown:
        """ "Look at target face-down creature" (mtg:708.5)."""
        _face_down_target(c[2])
        return n.SeeFaceDown(c[2])

    def w7_reveal_face_down(self, c: list[Any]) -> n.SeeFaceDown:
        """ "Reveal target face-down permanent" (mtg:708.12)."""
        _face_down_target(c[1])
        return n.SeeFaceDown(c[1], reveal=True)


class W7OwnerBuilder:
    """Mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: owner and
    controller together in a target phrase."""

    def w7_own_not_control(self, c: list[Any]) -> Any:
        """ "you own but don't control": yours (mtg:108.3) and another's (mtg:108.4)."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        return _Post(d.AllOf((d.Owner("you"), d.Controller("not_you"))))

    def w7_neither_own_nor_control(self, c: list[Any]) -> Any:
        """ "you neither own nor control" (mtg:108.3, mtg:108.4)."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        _words(c[2], "nor")
        return _Post(d.AllOf((d.Owner("not_you"), d.Controller("not_you"))))


class W7NameBuilder:
    """Mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: "and all other
    [objects that player controls] with the same name as that [object]"."""

    def w7_and_all_same_name(self, c: list[Any]) -> Any:
        """ "Exile target creature and all other creatures its controller controls with the
        same name as that creature" (mtg:201.2a); "... until ~ leaves the battlefield"
        (mtg:610.3). "its controller"/"that player": the target's controller."""
        first = c[0]
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["same", "name"] or not isinstance(first, n.Exile):
            raise _not_read("“and all ... with the same name” after another effect")
        alts = next(x for x in c if isinstance(x, list))
        post = next(x for x in c[1:] if hasattr(x, "descriptor"))
        whose: d.Descriptor = post.descriptor
        same = isinstance(whose, d.ControlledBy) and whose.who in {"its_controller", "that_player"}
        if not same and not isinstance(whose, d.Controller):
            raise _not_read("“and all ... [that player] controls”")
        descriptor = self.nominal([alts]).descriptor  # type: ignore[attr-defined]
        if not same:
            descriptor = d.AllOf((descriptor, whose))
        what = n.AndEachSharing(first.what, descriptor, "name", same_controller=same)
        until = any(isinstance(x, Token) and x.type == "LEAVES" for x in c)
        return n.ExileUntilLeaves(what) if until else n.Exile(what)
