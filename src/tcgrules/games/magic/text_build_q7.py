"""Builder methods for copies and combat, third wave (helper Q7): copies made by players
other than the effect's controller (mtg:707.10) and their new targets (mtg:707.10c).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per alias
of the grammar's "copies and combat, third wave (helper Q7)" section of ``magic.lark``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_not_read import NotRead


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


__all__ = ["CopierNewTargets", "Q7Builder", "fold_copier_new_targets"]
