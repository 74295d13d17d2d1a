"""Builder methods of the counters section, third wave (helper Q4): "distribute X
counters among ..., where X is ..." (a number the text computes, taken as the division
is announced; mtg:601.2d), "put that many counters on ..." (the number the trigger
event was about; mtg:603.2), "for each kind of counter on target permanent, put another
counter of that kind on it or remove one from it" (mtg:122.1, mtg:608.2d).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per alias
of the grammar's section headed "helper Q4" (``grammar/magic.lark``).
"""

from __future__ import annotations

from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft
from tcgrules.games.magic.text_build_amounts import _plain
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


def _words(c: list[Any], kind: str) -> list[str]:
    return [str(t).lower() for t in c if isinstance(t, Token) and t.type == kind]


class CountersQ4Builder:
    """Counters, third wave (helper Q4)."""

    def check_counter_kind(self, kind: str) -> None:  # pragma: no cover - MagicBuilder's
        raise NotImplementedError

    spans: list[tuple[int, int]]
    drafts: list[Draft]

    def _draft(self, c: list[Any], desc: Any, quant: Any, other: bool) -> Any:  # pragma: no cover
        raise NotImplementedError

    def q4_distribute_where(self, c: list[Any]) -> n.DistributeCounters:
        """ "Distribute X +1/+1 counters among any number of target creatures you
        control, where X is the number of +1/+1 counters on ~": X is what the text says
        (mtg:107.3c), taken as the division is announced, each target getting at least
        one (mtg:601.2d); "as you cast ~" says so in words. Each target gets at least one
        counter, so "any number of" targets are at most X of them; an X inside the target
        phrase ("with mana value X") is not read."""
        if c[1] != "X":
            raise NotRead("“where X is” after a number of counters other than X")
        kind: str = c[2]
        self.check_counter_kind(kind)
        total = _plain(c[9])
        ref: Any = c[5]
        draft: Draft | None = getattr(ref, "draft", None)
        if draft is None or "'X'" in repr(draft.descriptor):
            raise NotRead("an X in a target phrase of a sentence that defines X")
        draft.divided = True
        draft.min = max(draft.min, 1)
        return n.DistributeCounters(ref, kind, total)

    def q4_put_that_many(self, c: list[Any]) -> n.PutCounters:
        """ "put that many +1/+1 counters on target Halfling or Treefolk": the number the
        trigger event was about (mtg:603.2); which triggers name one is checked with the
        whole ability (a trigger that names none leaves it not read)."""
        if _words(c, "WORD") != ["many"]:
            raise NotRead("“put that [word] counters”")
        kind: str = c[3]
        self.check_counter_kind(kind)
        return n.PutCounters(c[-1], kind, n.TriggerAmount("that many"))

    def q4_double_on_those(self, c: list[Any]) -> n.DoubleCounters:
        """ "double the number of +1/+1 counters on each of those creatures": the
        objects the sentence's target phrase chose, those still legal (mtg:608.2b), as
        the kernel's "those" reads; each gets as many more as it has (mtg:701.9e)."""
        kind: str = c[4]
        self.check_counter_kind(kind)
        return n.DoubleCounters(n.It(f"those {str(c[-1]).lower()}"), kind)

    def q4_you_put(self, c: list[Any]) -> n.PutCounters:
        """ "you put a +1/+1 counter on target creature": the ability's controller puts
        them, as an imperative "put" says (mtg:122.6)."""
        kind: str = c[3]
        self.check_counter_kind(kind)
        return n.PutCounters(c[-1], kind, c[2])

    def _on_each_of_them(self, first: Any, c: list[Any]) -> tuple[Any, ...]:
        """The first part, and counters on "each of them": on the objects the first
        part's one target phrase chose (its ``what``)."""
        if str(c[-1]).lower() != "them":
            raise NotRead("“on each of [word]”")
        ref: Any = getattr(first, "what", None)
        if getattr(ref, "draft", None) is None:
            raise NotRead("“each of them” after a part that chose no target")
        kind: str = c[-6]
        self.check_counter_kind(kind)
        return (first, n.PutCounters(ref, kind, c[-7]))

    def q4_and_put_on_each(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Tap up to two target creatures and put a stun counter on each of them"."""
        return self._on_each_of_them(c[0], c)

    def q4_may_and_put_on_each(self, c: list[Any]) -> n.May:
        """ "you may choose any number of target lands you control and put an awakening
        counter on each of them": both parts, if the controller chooses to (mtg:608.2d)."""
        return n.May(self._on_each_of_them(c[2], c))

    def q4_put_or_remove_each_kind(self, c: list[Any]) -> n.PutOrRemoveEachKind:
        """ "for each kind of counter on target permanent, put another counter of that
        kind on it or remove one from it" (mtg:122.1; the choice per kind as it resolves,
        mtg:608.2d): "target permanent" as any target phrase reads it (mtg:115.1)."""
        from tcgrules.games.magic.text_build import _Nominal, _span_of  # noqa: PLC0415

        if _words(c, "WORD") != ["kind", "kind"] or _words(c, "NUMWORD") != ["one"]:
            raise NotRead("for each ... of counter ..., put ... or remove ...")
        # the words are the grammar's own, not a target phrase's subtree: its span is
        # taken here, in text order with the phrases already built
        self.spans.insert(len(self.drafts), _span_of(c[6:8]))
        permanent = _Nominal(d.IsPermanent(), frozenset({"permanent"}), "battlefield")
        return n.PutOrRemoveEachKind(self._draft(c, permanent, None, False))

    def q4_put_its_kind_counters(self, c: list[Any]) -> n.PutCountersOf:
        """ "put its +1/+1 counters on target creature you control": those of that kind
        it had as it last existed (mtg:122.8); whose "its" is is settled with the
        ability's trigger, as for "put its counters"."""
        from tcgrules.games.magic.text_build_m2 import _ITS  # noqa: PLC0415

        kind: str = c[2]
        self.check_counter_kind(kind)
        return n.PutCountersOf(_ITS, c[-1], kind)
