"""Builder rules of the fourth-wave "sums and maxima" helper (R4).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per rule
alias of the ``sums and maxima (helper R4)`` section of ``magic.lark``. Each number is
read as the effect happens (mtg:608.2h). What has no meaning here raises ``NotRead``,
so the sentence stays unsupported.
"""

from __future__ import annotations

from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_build_amounts import _plain, define_every_x
from tcgrules.games.magic.text_not_read import NotRead


def _terms(value: n.Amount) -> tuple[n.Amount, ...]:
    """The terms of a sum, flattened ("A plus B plus C" is one sum of three)."""
    return value.terms if isinstance(value, n.Sum) else (value,)


class R4Builder:
    """Builder methods of the R4 grammar section (mixed into ``MagicBuilder``)."""

    def r4_sum(self, c: list[Any]) -> n.Sum:
        """ "the number of creatures you control plus the number of Foods you control":
        the two numbers added, each read as the effect happens (mtg:608.2h)."""
        return n.Sum((*_terms(_plain(c[0])), *_terms(_plain(c[-1]))))

    def r4_max(self, c: list[Any]) -> n.Max:
        """ "2 or the greatest power among Dinosaurs you control, whichever is greater":
        the larger of the two, read as the effect happens (mtg:608.2h)."""
        if str(c[4]).lower() != "whichever":
            raise NotRead(f"“{c[0]} or ..., {c[4]} is greater”")
        return n.Max((int(str(c[0])), _plain(c[2])))

    def r4_deal_plus_divided(self, c: list[Any]) -> n.DealDamage:
        """ "~ deals X plus 1 damage divided as you choose among any number of targets":
        X announced (mtg:601.2b), the sum is what is divided as the spell is cast
        (mtg:601.2d)."""
        total = n.Sum((c[2], c[4]))
        effect: n.DealDamage = self.deal_divided(  # type: ignore[attr-defined]
            [c[0], c[1], total, *c[5:]]
        )
        return effect

    def r4_where_x_as_cast(self, c: list[Any]) -> tuple[Any, ...]:
        """ "... X damage divided as you choose among ..., where X is the number of
        creatures on the battlefield as you cast this spell": X is counted as the spell
        is cast, which is when a divided total is taken (mtg:601.2d, mtg:107.3c); any
        other X of the clause would be counted later, so it is not read."""
        clause = c[0]
        effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
        if not all(isinstance(e, n.DealDamage) and e.divided and e.amount == "X" for e in effects):
            raise NotRead("“as you cast” for a number not divided as the spell is cast")
        return define_every_x(effects, c[4])
