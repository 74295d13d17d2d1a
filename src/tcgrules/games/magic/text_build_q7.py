"""Builder methods for copies and combat, third wave (helper Q7): copies made by players
other than the effect's controller (mtg:707.10) and their new targets (mtg:707.10c).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "copies and combat, third wave (helper Q7)" section of ``magic.lark``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_build_combat import _post
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


@dataclass(frozen=True, slots=True)
class CopierNewTargets:
    """ "That player may choose new targets for the copy." / "Each of those players may
    choose new targets for their copy.": the copier's choice for the copies of the
    sentence before (mtg:707.10c); folded into them by :func:`fold_copier_new_targets`,
    never an effect of its own. ``others``: the copiers are "those players" (each other
    player), else "that player" (the copied spell's controller)."""

    others: bool


class Q7Builder:
    """Copies of a spell made by other players, and their choice of new targets."""

    def q7_others_copy(self, c: list[Any]) -> n.OthersCopy:
        """ "each other player copies that spell": one copy for each player other than
        the spell's controller, each theirs (mtg:707.10)."""
        return n.OthersCopy(c[4])

    def q7_others_may_copy(self, c: list[Any]) -> n.OthersCopy:
        """ "each other player may copy that spell and may choose new targets for the copy
        they control" (mtg:608.2d, mtg:707.10, mtg:707.10c)."""
        return n.OthersCopy(c[5], may=True, may_choose_new_targets=True)

    def q7_controller_copies(self, c: list[Any]) -> n.CopySpell:
        """ "The controller of target instant or sorcery spell copies it": that spell's
        controller makes the copy, which is theirs (mtg:707.10)."""
        if not isinstance(c[3], DraftRef):
            raise NotRead("“the controller of [something other than a target] copies it”")
        return n.CopySpell(c[3], by_its_controller=True)  # type: ignore[arg-type]

    def q7_those_new_targets(self, c: list[Any]) -> CopierNewTargets:
        """ "Each of those players may choose new targets for their copy." (mtg:707.10c)."""
        return CopierNewTargets(others=True)

    def q7_that_player_new_targets(self, c: list[Any]) -> CopierNewTargets:
        """ "That player may choose new targets for the copy." (mtg:707.10c)."""
        if c[0] != n.It("that player"):
            raise NotRead("a chooser of new targets other than “that player”")
        return CopierNewTargets(others=False)

    def q7_copy_for_each_commander_cast(self, c: list[Any]) -> n.CopySpell:
        """ "copy it for each time you've cast your commander from the command zone this
        game": one copy per such cast of the effect's controller (mtg:903.8), counted as
        the copies are made (mtg:608.2h)."""
        clause = c[0]
        effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
        words = [str(t).lower() for t in c[1:] if isinstance(t, Token) and t.type == "WORD"]
        if (
            words != ["commander", "command", "zone", "game"]
            or len(effects) != 1
            or not isinstance(effects[0], n.CopySpell)
            or effects[0].times != 1
        ):
            raise NotRead("“for each time you've cast your [word] ...” after no single copy")
        return replace(effects[0], times=n.CommanderCasts())

    def q7_you_create_token_copy(self, c: list[Any]) -> n.CreateTokenCopy:
        """ "you create a token that's a copy of [obj]": the same as without "you", the
        effect's controller creating it (mtg:111.2). Only of a target: "that creature"
        after a sentence that moved it (Supplant Form) would copy it as it last existed
        on the battlefield, which the token copy handler does not do."""
        if not isinstance(c[8], DraftRef):
            raise NotRead("“you create a token that's a copy of” something not a target")
        return self.create_token_copy(c[1:])  # type: ignore[attr-defined,no-any-return]

    def q7_copy_each_controlled(self, c: list[Any]) -> n.CreateTokenCopy:
        """ "For each creature target player controls, create a token that's a copy of that
        creature": a token copy of each creature that player controls as it resolves
        (mtg:707.2, mtg:608.2h); "that creature" must be the counted kind."""
        nominal, target, noun = c[2], c[3], c[-1]
        kind = self.typeword([noun])[1]  # type: ignore[attr-defined]
        parts = (
            nominal.descriptor.parts
            if isinstance(nominal.descriptor, d.AllOf)
            else (nominal.descriptor,)
        )
        if d.HasType(kind) not in parts:
            raise NotRead("“that [type]” other than the kind counted")
        return n.CreateTokenCopy(n.EachControlledBy(nominal.descriptor, target))

    def q7_wasnt_cast(self, c: list[Any]) -> Any:
        """ "that wasn't cast": a spell no one cast, such as a copy put on the stack
        (mtg:707.10), not one cast (mtg:601.2)."""
        if str(c[1]).lower().replace("\u2019", "'") != "wasn't":
            raise NotRead("“that [word] cast”")
        return _post(d.Condition("not_cast"))

    def q7_wasnt_cast_from(self, c: list[Any]) -> Any:
        """ "that wasn't cast from its owner's hand" (Wash Away): a spell not cast, or
        cast from another zone (mtg:601.2a); its owner's hand is the only hand a card
        can be cast from (mtg:402.1)."""
        if str(c[1]).lower().replace("\u2019", "'") != "wasn't":
            raise NotRead("“that [word] cast from its owner's hand”")
        return _post(d.Condition("not_cast_from_owners_hand"))


def fold_copier_new_targets(effects: list[Any], value: list[Any]) -> bool | None:
    """Fold "That player / Each of those players may choose new targets for the copy"
    into the copies just before, when those players are the copiers (True); None when the
    sentence is something else; False when there is no such copy just before it (the
    sentence is then not read)."""
    found = [v for v in value if isinstance(v, CopierNewTargets)]
    if not found:
        return None
    if len(value) != 1 or not effects:
        return False
    last = effects[-1]
    if found[0].others:
        if not isinstance(last, n.OthersCopy) or last.may_choose_new_targets:
            return False
        effects[-1] = replace(last, may_choose_new_targets=True)
        return True
    if not (
        isinstance(last, n.CopySpell)
        and last.by_its_controller
        and last.times == 1
        and last.for_each_could_target is None
        and last.new_target is None
        and not last.may_choose_new_targets
    ):
        return False
    effects[-1] = replace(last, may_choose_new_targets=True)
    return True


#: "Max speed — " before an ability (mtg:702.178a)
_MAX_SPEED = re.compile(r"^Max speed \u2014 ")
_TRIGGER_WORDS = ("When ", "Whenever ", "At ")


def max_speed(line: str, start: int, find_colon: Callable[[str], int]) -> n.Qualifier | None:
    """ "Max speed — [ability]" (mtg:702.178a): the ability exists only while its
    controller's speed is 4 (mtg:702.179e), kept as a qualifier of kind ``max_speed``
    (its span: the words and the dash, ``line`` starting at ``start`` of the text) that
    the ruleset checks as the ability is used.
    Only before an activated or a triggered ability: a static one would be read as
    always there. None for any other line."""
    found = _MAX_SPEED.match(line)
    if found is None:
        return None
    rest = line[found.end() :]
    if not (rest.startswith(_TRIGGER_WORDS) or find_colon(rest) >= 0):
        return None
    return n.Qualifier("max_speed", None, "Max speed", (start, start + found.end()))


__all__ = ["CopierNewTargets", "Q7Builder", "fold_copier_new_targets", "max_speed"]
