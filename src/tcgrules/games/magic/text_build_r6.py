"""Builder rules of helper R6: suspended cards and time counters.

"Put two time counters on target permanent with a time counter on it or suspended
card" (Timebender), "target permanent you control or suspended card you own": a target
phrase of two alternatives, each with its own postmodifiers; a suspended card is a card
in exile with suspend and a time counter on it (mtg:702.62b).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import any_of
from tcgrules.games.magic.text_not_read import NotRead

if TYPE_CHECKING:
    from tcgrules.cardtext.build import DraftRef


class R6Builder:
    """Target phrases of two alternatives that each carry their own postmodifiers."""

    def r6_tref_either(self, c: list[Any]) -> DraftRef:
        """ "target A [postmodifiers] or B [postmodifiers]": one target that is either an
        A as its own words describe it or a B as its own words describe it (mtg:115.1)."""
        from tcgrules.games.magic.text_build import _Nominal, _Quant  # noqa: PLC0415  (it imports this)

        quant = c[0] if isinstance(c[0], _Quant) else None
        first, second = (x for x in c if isinstance(x, _Nominal))
        for nominal in (first, second):
            if nominal.by_opponent or nominal.together or nominal.at_random:
                raise NotRead("a choice or test between targets inside one alternative")
        both = _Nominal(
            any_of([first.descriptor, second.descriptor]),
            first.kinds | second.kinds,
            first.zone or second.zone,
        )
        return self._draft(c, both, quant, False)  # type: ignore[attr-defined,no-any-return]


#: "Forecast — {cost}, Reveal ~ from your hand: ...", "Exhaust — {cost}: ...": a keyword
#: and its dash before an activated ability (mtg:702.57a, mtg:702.177a)
DASH_KEYWORDS = ("Forecast \u2014 ", "Exhaust \u2014 ")


def dash_keyword(line: str, start: int, find_colon: Callable[[str], int]) -> n.Qualifier | None:
    """ "Forecast — [activated ability]" (mtg:702.57a: activated only from its owner's hand
    during their upkeep, once each turn, mtg:702.57b) and "Exhaust — [cost]: [effect]"
    (mtg:702.177a: activated only once): the keyword kept as a qualifier of that kind
    (its span: the word and the dash, ``line`` starting at ``start`` of the text) that the
    ruleset checks as the ability is activated. None unless an activated ability follows."""
    word = next((k for k in DASH_KEYWORDS if line.startswith(k)), None)
    if word is None or find_colon(line[len(word) :]) < 0:
        return None
    name = word.split()[0]
    return n.Qualifier(name.lower(), None, name, (start, start + len(word)))
