"""Builder methods for copies and combat, helper W8 (a mixin of
:class:`~tcgrules.games.magic.text_build.MagicBuilder`; grammar section "copies and
combat (helper W8)" of ``magic.lark``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_combat import _post
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


@dataclass(frozen=True, slots=True)
class _Whose:
    """ "you control" / "they control" after the objects a spell could target."""

    they: bool


@dataclass(frozen=True, slots=True)
class EachCopyDifferent:
    """ "Each copy targets a different one of those ...": says again what the copies of
    the sentence before do (mtg:707.10d); folded into that copy by
    :func:`fold_each_copy`, never an effect of its own."""


@dataclass(frozen=True, slots=True)
class CopyTargets:
    """ "The copy targets ~.": the new target of the copy the sentence before made
    (mtg:707.10e); folded into that copy by :func:`fold_copy_targets`."""

    target: Any


class W8Builder:
    """Combat relations to the source; copies of spells for each object they could
    target, and copies given a new target."""

    def w8_blocking_self(self, c: list[Any]) -> Any:
        """ "blocking ~": a creature blocking the source (mtg:509.1a)."""
        return _post(d.Condition("blocking_source"))

    def w8_blocked_by_self(self, c: list[Any]) -> Any:
        """ "blocked by ~", "~ is blocking": an attacking creature the source blocks
        (mtg:509.1a, mtg:509.1h)."""
        return _post(d.Condition("blocked_by_source"))

    def w8_head_permanent_spell(self, c: list[Any]) -> tuple[str, str]:
        """ "permanent spell": a spell of a type that can be a permanent (mtg:110.4a)."""
        return ("head", "permanent spell")

    def w8_blocks_this_combat(self, c: list[Any]) -> n.CombatRestriction:
        """ "target creature defending player controls blocks it this combat if able": a
        requirement (mtg:509.1c) lasting for this combat (mtg:511.2), naming the attacker
        by "it" (settled with the whole ability: the source, if the trigger is about it
        alone, else not read)."""
        if c[2] != n.It():
            raise NotRead("the creature to block named otherwise than by “it”")
        return self._combat(c[0], "blocks_if_able", "end_of_combat", n.It())  # type: ignore[attr-defined,no-any-return]

    def w8_cast_from_graveyard(self, c: list[Any]) -> str:
        """ "~ was cast from a graveyard" (mtg:601.2a)."""
        return "source_cast_from_a_graveyard"

    def w8_may_sacrifice_to_copy(self, c: list[Any]) -> n.MayPayToCopy:
        """ "that permanent's controller may sacrifice a land of their choice": a payment
        (mtg:118.1) read only with "If the player does, they may copy ..." after it (see
        :func:`~tcgrules.games.magic.text_build_copies2.fold_chain_copy`)."""
        who = c[0]
        descriptor, count = c[3]
        if not isinstance(who, n.ControllerOf) or count != 1:
            raise NotRead("a sacrifice to pay by other than that permanent's controller")
        kind = descriptor.name if isinstance(descriptor, d.HasType) else "permanent"
        return n.MayPayToCopy(who, f"sacrifice a {kind}", copy=False, sacrifice=descriptor)

    def w8_create_copy_attacking(self, c: list[Any]) -> n.CreateTokenCopy:
        """ "create a token that's a copy of [obj] and that's tapped and attacking": the
        token enters tapped and attacking, never declared as an attacker (mtg:508.4)."""
        if [str(c[-3]).lower(), str(c[-1]).lower()] != ["tapped", "attacking"]:
            raise NotRead("a token copy with other statuses")
        return n.CreateTokenCopy(c[7], attacking=True)

    # ------------------------------------------------ token copy exceptions
    def w8_ex_nouns(self, c: list[Token]) -> list[str]:
        """The types named, lower case, a card type as its singular."""
        return [self.typeword([t])[1] for t in c]  # type: ignore[attr-defined]

    @staticmethod
    def _size(size: Any) -> list[Any]:
        power, toughness = size
        if not (isinstance(power, int) and isinstance(toughness, int)):
            raise NotRead("a copy's size given by X")
        return [("size", (power, toughness))]

    def w8_ex_given(self, c: list[Any]) -> list[Any]:
        """ "it's a 1/1 green Frog", "it's a 6/6 green Dinosaur creature with trample":
        the size, the colors and the types given instead of the copied ones (mtg:707.9b);
        with no card type named, the copied card types stay."""
        size = next(x for x in c if isinstance(x, tuple))
        nouns = next(x for x in c if isinstance(x, list))
        colors = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "COLOR"]
        given: list[Any] = [*self._size(size), ("exact_types", tuple(nouns))]
        if colors:
            given.append(("colors", tuple(colors)))
        given += [("keyword", k.name) for k in c if isinstance(k, d.HasKeyword)]
        return given

    def w8_ex_added(self, c: list[Any]) -> list[Any]:
        """ "it's a 5/5 artifact creature in addition to its other types": a size given
        and types added (mtg:707.9b, mtg:205.1b)."""
        size = next(x for x in c if isinstance(x, tuple))
        nouns = next(x for x in c if isinstance(x, list))
        return [*self._size(size), *(("type", t) for t in nouns)]

    def w8_ex_added_they(self, c: list[Any]) -> list[Any]:
        """ "they're 3/3 Dragon creatures in addition to their other types"."""
        if [str(c[1]), str(c[2]).lower()] != ["'", "re"]:
            raise NotRead("“they [word]” in a copy exception")
        return self.w8_ex_added(c)

    def w8_ex_not_super(self, c: list[Any]) -> list[Any]:
        """ "it's not legendary" (mtg:205.4a, mtg:707.9b)."""
        if str(c[2]).lower() != "not" or str(c[3]).lower() != "legendary":
            raise NotRead("a supertype other than legendary in a copy exception")
        return [("legendary", False)]

    def w8_ex_not_super_if(self, c: list[Any]) -> list[Any]:
        """ "it isn't legendary if the spell is legendary": a copy that is not legendary
        either way, as one that wasn't stays so (mtg:707.9b)."""
        if {str(c[2]).lower(), str(c[-1]).lower()} != {"legendary"}:
            raise NotRead("a supertype other than legendary in a copy exception")
        return [("legendary", False)]

    def w8_ex_added_nouns(self, c: list[Any]) -> list[Any]:
        """ "it's a Synth artifact creature in addition to its other types": types added
        (mtg:707.9b, mtg:205.1b)."""
        nouns = next(x for x in c if isinstance(x, list))
        return [("type", t) for t in nouns]

    def w8_ex_has(self, c: list[Any]) -> list[Any]:
        """ "[and] has haste", "and they have flying": a keyword it has (mtg:707.9a)."""
        return [("keyword", c[-1].name)]

    # ------------------------------------------------------------ copies
    def w8_you_control(self, c: list[Any]) -> _Whose:
        return _Whose(they=False)

    def w8_they_control(self, c: list[Any]) -> _Whose:
        return _Whose(they=True)

    def _could_target(self, c: list[Any], copier: Any) -> n.CopySpell:
        """The objects or players "the spell could target" among which one copy each is
        made (mtg:707.10d): the description is judged from the copier's view, so "you
        control" (the effect's controller copies) and "they control" ("that player
        copies") both mean the copier's."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["could"]:
            raise NotRead("“the spell [word] target”")
        alts = next(x for x in c if isinstance(x, list))
        whose = next((x for x in c if isinstance(x, _Whose)), None)
        if whose is not None and whose.they != (copier is not None):
            raise NotRead("“they control” with no other player copying")
        posts = [] if whose is None else [self.ctl_you([])]  # type: ignore[attr-defined]
        nominal = self.nominal([alts, *posts])  # type: ignore[attr-defined]
        return n.CopySpell(
            c[1] if copier is None else c[2],
            for_each_could_target=nominal.descriptor,
            by_its_controller=copier is not None,
        )

    def w8_copy_each(self, c: list[Any]) -> n.CopySpell:
        """ "Copy that spell for each other permanent or player the spell could target"
        (mtg:707.10d)."""
        return self._could_target(c, None)

    def w8_player_copies_each(self, c: list[Any]) -> n.CopySpell:
        """ "that player copies that spell for each other Golem that spell could target":
        in a trigger on a player casting it, "that player" is its caster, who controls
        it (mtg:112.2), and makes the copies (mtg:707.10d)."""
        if c[0] != n.It("that player"):
            raise NotRead("a copier other than “that player”")
        return self._could_target(c, c[0])

    def w8_each_copy_different(self, c: list[Any]) -> EachCopyDifferent:
        """ "Each copy targets a different one of those creatures." (mtg:707.10d)."""
        words = [
            str(t).lower() for t in c if isinstance(t, Token) and t.type in {"WORD", "NUMWORD"}
        ]
        if words != ["different", "one"]:
            raise NotRead("“each copy targets a [word] one of those ...”")
        return EachCopyDifferent()

    def w8_copy_targets(self, c: list[Any]) -> CopyTargets:
        """ "The copy targets ~." (mtg:707.10e)."""
        if c[0] != n.It("copy") or not isinstance(c[2], n.Self):
            raise NotRead("“[something] targets [something]”")
        return CopyTargets(c[2])


def fold_each_copy(effects: list[Any], value: list[Any]) -> bool | None:
    """Fold "Each copy targets a different one of those ..." into the copy "for each
    other ... it could target" just before (True); None when the sentence is something
    else; False when there is no such copy before it (the sentence is then not read)."""
    if not any(isinstance(v, EachCopyDifferent) for v in value):
        return None
    if len(value) != 1 or not effects:
        return False
    last = effects[-1]
    return isinstance(last, n.CopySpell) and last.for_each_could_target is not None


def fold_copy_targets(effects: list[Any], value: list[Any]) -> bool | None:
    """Fold "The copy targets ~." into the one copy of a spell just before, optional or
    not (True); None when the sentence is something else; False when no such copy is
    just before it (the sentence is then not read)."""
    found = [v for v in value if isinstance(v, CopyTargets)]
    if not found:
        return None
    if len(value) != 1 or not effects:
        return False
    last = effects[-1]
    inner = last.effects[-1] if isinstance(last, n.May) and len(last.effects) == 1 else last
    if not (
        isinstance(inner, n.CopySpell)
        and inner.times == 1
        and inner.for_each_could_target is None
        and inner.new_target is None
        and not inner.may_choose_new_targets
    ):
        return False
    copy = replace(inner, new_target=found[0].target)
    effects[-1] = replace(last, effects=(copy,)) if isinstance(last, n.May) else copy
    return True


__all__ = ["CopyTargets", "EachCopyDifferent", "W8Builder", "fold_copy_targets", "fold_each_copy"]
