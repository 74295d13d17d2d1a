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

    def w8_exile_all_controlled(self, c: list[Any]) -> n.Exile:
        """ "Exile all attacking creatures target player controls": each of them as the
        effect happens (mtg:608.2h, mtg:406.2); the player is the target (mtg:115.1)."""
        return n.Exile(self._controlled_by(c[2], c[3]))  # type: ignore[attr-defined]

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
