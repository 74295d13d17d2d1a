"""Builder methods for copies of spells, second pass: "copy it for each other instant
and sorcery spell you've cast this turn" (a number of copies counted as the effect
happens, mtg:707.10, mtg:608.2h).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per
alias of the grammar's "copies, second pass" section (``grammar/magic.lark``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.games.magic.text_not_read import NotRead


class CopiesTwoBuilder:
    """Subtrees of the copies second pass → copy nodes."""

    def v1_copy_for_each_cast(self, c: list[Any]) -> n.CopySpell:
        """ "copy it for each other instant and sorcery spell you've cast [before it] this
        turn": one copy per such spell cast by the effect's controller this turn, not
        counting the copied spell (mtg:707.10, counted on resolution, mtg:608.2h)."""
        clause = c[0]
        effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
        words = [str(t).lower() for t in c[1:] if isinstance(t, Token)]
        if (
            len(effects) != 1
            or not isinstance(effects[0], n.CopySpell)
            or effects[0].times != 1
            or "you've" not in words
        ):
            raise NotRead("“for each ... spell you've cast this turn” after no single copy")
        before = len(c) == 11  # v1_before checked its word
        types = tuple(str(t).lower() for t in c[4] if isinstance(t, Token) and t.type == "TYPE")
        copy = effects[0]
        return replace(copy, times=n.SpellsCastThisTurn(types, copy.what, before))

    def v1_copy_for_each_counter_kind(self, c: list[Any]) -> n.CopySpell:
        """ "copy it for each kind of counter among permanents you control": one copy per
        kind of counter found on them as it resolves (mtg:122.1, mtg:608.2h)."""
        clause = c[0]
        effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
        if (
            str(c[3]).lower() != "kind"
            or len(effects) != 1
            or not isinstance(effects[0], n.CopySpell)
            or effects[0].times != 1
        ):
            raise NotRead("“for each kind of counter among ...” after no single copy")
        return replace(effects[0], times=n.CounterKindsAmong(c[-1].descriptor))

    def v1_player_or_controller(self, c: list[Any]) -> _PlayerOrController:
        """ "that player or that permanent's controller": the target of the sentence
        before if a player, else its controller (mtg:608.2h)."""
        return _PlayerOrController(n.It("that player"))

    def v1_may_pay(self, c: list[Any]) -> n.MayPayToCopy:
        """ "that creature's controller may pay {U}{U}" (mtg:608.2d, mtg:118.1); read only
        with "If the player does, they may copy ..." after it (see :func:`fold_chain_copy`)."""
        if str(c[2]).lower() != "pay":
            raise NotRead("“may [word] {cost}”")
        who, cost = c[0], str(c[3])
        if isinstance(who, _PlayerOrController):
            return n.MayPayToCopy(who.of, cost, or_player=True, copy=False)
        if not isinstance(who, n.ControllerOf):
            raise NotRead("a payer other than that permanent's controller")
        return n.MayPayToCopy(who, cost, copy=False)

    def v1_if_player_does_copy(self, c: list[Any]) -> IfThePlayerDoesCopy:
        """ "If the player does, they may copy this spell and may choose a new target for
        that copy" (mtg:707.10, mtg:707.10c)."""
        if str(c[3]).lower() != "does":
            raise NotRead("“If the player [word]”")
        return IfThePlayerDoesCopy()

    def v1_spell_types(self, c: list[Any]) -> list[Any]:
        """ "instant and sorcery": the types a counted spell has one of (mtg:205.2a)."""
        return c

    def v1_before(self, c: list[Any]) -> list[Any]:
        """ "before it": only the spells cast before the copied one (mtg:601.2i)."""
        if str(c[0]).lower() != "before":
            raise NotRead("“[word] it” after “cast”")
        return c


#: a trigger on casting the source itself: "When you cast ~" (its "it" is that spell)
_CAST_SELF = re.compile(r"^(when|whenever) you cast ~(\s|$)", re.I)
#: a trigger on casting one other spell: "Whenever you cast an instant or sorcery spell",
#: "Whenever an opponent casts a spell", "Whenever you cast your second spell each turn"
_CAST_OTHER = re.compile(
    r"^(when|whenever) (you|a player|an opponent|another player|enchanted player) casts? "
    r"(a|an|your|their) [^,]*\bspells?\b",
    re.I,
)


#: a trigger on activating an ability: "Whenever you activate an ability that isn't a
#: mana ability" (its "it" is that ability on the stack)
_ACTIVATE = re.compile(
    r"^(when|whenever) you activate an ability( that isn't a mana ability)?$", re.I
)


def settle_copied(
    effect: n.CopySpell | n.OthersCopy, previous: Any, trigger: n.Trigger | None
) -> Any:
    """What "copy it" / "copy that spell" names first in a triggered ability: the spell
    whose casting triggered it, the object the trigger event was about (mtg:603.2,
    :class:`~tcgrules.cardtext.nodes.TriggerObject`), or the source itself when the
    trigger is its own casting ("When you cast this spell, copy it"). None where the
    trigger names no one spell: a wrong spell copied is worse than a sentence not read.
    After another effect, or outside a trigger, the reference is left as it was."""
    what = effect.what
    if what == n.It("it") and _copies_it(previous):
        # "copy it if ..., then copy it if ...": the same spell as the copy just before
        previous = None
    if isinstance(what, n.It) and what.word == "that spell" and previous is not None:
        if not _names_no_other_spell(previous):
            # "Then copy that spell" after an effect on a target spell (Wild Ricochet)
            # is that target; after anything else, which spell is not read
            if isinstance(previous, n.May) and previous.effects:
                previous = previous.effects[-1]
            return effect if isinstance(getattr(previous, "what", None), n.TargetSlot) else None
    elif not isinstance(what, n.It) or previous is not None:
        return effect
    if trigger is None or trigger.word == "at":
        # "that spell" with no spell before it and no cast trigger names nothing read
        return None if what.word == "that spell" else effect
    text = trigger.text
    by: Any
    if _CAST_SELF.match(text) and what.word in {"it", "that spell"}:
        by = n.Self()
    elif _CAST_OTHER.match(text) and len(re.findall(r"\bspells?\b", text, re.I)) == 1:
        by = n.TriggerObject(what.word)
    elif _ACTIVATE.match(text) and what.word == "it":
        by = n.TriggerObject("it")
    else:
        return None
    if isinstance(effect, n.OthersCopy):
        return replace(effect, what=by)  # "each other player copies that spell" (helper Q7)
    times = effect.times
    if isinstance(times, n.SpellsCastThisTurn) and times.other_than == what:
        times = replace(times, other_than=by)
    return replace(effect, what=by, times=times)


def _copies_it(previous: Any) -> bool:
    """Whether ``previous`` is "copy it" alone, or under a condition (helper R2)."""
    if isinstance(previous, n.IfCondition) and len(previous.effects) == 1:
        previous = previous.effects[0]
    return isinstance(previous, n.CopySpell) and previous.what == n.It("it")


def _names_no_other_spell(previous: Any) -> bool:
    """Whether an effect before "copy that spell" leaves the trigger's spell the one it
    names: none, a coin flip (mtg:705.1), or a sentence not read that names no spell but
    "that spell" and no target (Krark, the Thumbless: "If you lose the flip, return that
    spell to its owner's hand.")."""
    if previous is None or isinstance(previous, n.FlipCoin):
        return True
    if isinstance(previous, n.UnsupportedEffect):
        text = previous.text.lower()
        return "target" not in text and text.count("spell") == text.count("that spell")
    return False


def made_copies(effect: Any) -> bool:
    """Whether ``effect`` copies a spell last: a copy, or a condition ("if there are
    eight or more permanent cards in your graveyard, copy this spell twice") whose part
    ends with one; "the copies" of a next sentence are what it made (mtg:707.10c)."""
    if isinstance(effect, n.IfCondition) and effect.effects:
        return made_copies(effect.effects[-1])
    if isinstance(effect, n.InsteadIf):
        # "copy it. If ..., copy that spell twice instead": either version's copies
        return all(len(p) == 1 and made_copies(p[0]) for p in (effect.effects, effect.otherwise))
    return isinstance(effect, n.CopySpell)


def with_new_targets(effect: Any) -> Any:
    """``effect`` (for which :func:`made_copies` holds) with new targets allowed for its
    last copy (mtg:707.10c)."""
    if isinstance(effect, n.IfCondition):
        *rest, last = effect.effects
        return replace(effect, effects=(*rest, with_new_targets(last)))
    if isinstance(effect, n.InsteadIf):
        return replace(
            effect,
            effects=tuple(with_new_targets(e) for e in effect.effects),
            otherwise=tuple(with_new_targets(e) for e in effect.otherwise),
        )
    return replace(effect, may_choose_new_targets=True)


@dataclass(frozen=True, slots=True)
class IfThePlayerDoesCopy:
    """ "If the player does, they may copy this spell and may choose a new target for
    that copy": folded into the :class:`~tcgrules.cardtext.nodes.MayPayToCopy` just
    before (never left in a card's effects)."""


@dataclass(frozen=True, slots=True)
class _PlayerOrController:
    of: Any


def fold_chain_copy(effects: list[Any], value: list[Any]) -> bool | None:
    """Fold "If the player does, they may copy ..." into the payment just before: True
    if folded, False if there is no such payment (the sentence is then not read), None
    for a sentence without it."""
    if not any(isinstance(v, IfThePlayerDoesCopy) for v in value):
        return None
    last = effects[-1] if effects else None
    if len(value) != 1 or not isinstance(last, n.MayPayToCopy) or last.copy:
        return False
    effects[-1] = replace(last, copy=True)
    return True
