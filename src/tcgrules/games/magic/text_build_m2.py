"""Builder methods for counters, control, tap/untap, attach, regeneration, goad and
detain (a mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`).

Each method turns one grammar alternative of the section "counters, control, ..." of
``magic.lark`` into its effect node; tokens stay in the children list, as in the
rest of the builder.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, TextContext
from tcgrules.games.magic.text_build_damage import define_x


class CountersControlRules:
    """ "Gain control of", "tap or untap", "attach ... to", "regenerate", "goad",
    "detain", "distribute ... counters among", "remove ... counters from"."""

    def check_counter_kind(self, kind: str) -> None:
        """Refuse (not read) a kind of counter whose rules tcgrules does not model."""
        raise NotImplementedError

    # ------------------------------------------------ "all ... target player controls" (X3)
    def _controlled_by(self, nominal: Any, ref: Any) -> n.EachControlledBy:
        """ "all creatures target player controls": each of them as the effect happens
        (mtg:608.2h); the player is the target, the creatures are not (mtg:115.1)."""
        draft: Draft | None = getattr(ref, "draft", None)
        if draft is None or not draft.kinds <= {"player"} or draft.max != 1:
            raise _not_read("a group controlled by something other than one target player")
        return n.EachControlledBy(nominal.descriptor, ref)

    def x3_tap_all(self, c: list[Any]) -> n.Tap:
        """ "Tap all creatures target player controls" (mtg:701.21a)."""
        return n.Tap(self._controlled_by(c[2], c[3]))

    def x3_untap_all(self, c: list[Any]) -> n.Untap:
        """ "Untap all lands target player controls" (mtg:701.21b)."""
        return n.Untap(self._controlled_by(c[2], c[3]))

    def x3_destroy_all(self, c: list[Any]) -> n.Destroy:
        """ "Destroy all creatures target opponent controls" (mtg:701.7a)."""
        return n.Destroy(self._controlled_by(c[2], c[3]))

    def x3_counters_each(self, c: list[Any]) -> n.PutCounters:
        """ "Put a +1/+1 counter on each creature target player controls" (mtg:122.6)."""
        kind: str = c[2]
        self.check_counter_kind(kind)
        return n.PutCounters(self._controlled_by(c[6], c[7]), kind, c[1])

    def x3_counters_where(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Put X +1/+1 counters on target creature, where X is the number of lands you
        control" (mtg:107.3c, mtg:122.6)."""
        kind: str = c[2]
        self.check_counter_kind(kind)
        if c[1] != "X":
            raise _not_read("“where X is” after a number of counters other than X")
        return define_x((n.PutCounters(c[5], kind, "X"),), c[-1])

    def x3_counters_for_each(self, c: list[Any]) -> n.PutCounters:
        """ "Put a +1/+1 counter on target creature for each Elf you control": the count
        is taken as the effect happens (mtg:608.2h, mtg:122.6)."""
        kind: str = c[2]
        self.check_counter_kind(kind)
        from tcgrules.games.magic.text_build_life import refuse_pronoun_players  # noqa: PLC0415

        refuse_pronoun_players(c[-1].descriptor)
        return n.PutCounters(c[5], kind, n.CountOf(c[-1].descriptor, c[1]))

    def x3_counters_equal(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Put a number of +1/+1 counters equal to ~'s power on up to one other target
        creature": the number read as the effect happens (mtg:608.2h, mtg:122.6)."""
        kind: str = c[4]
        self.check_counter_kind(kind)
        return define_x((n.PutCounters(c[-1], kind, "X"),), c[8])

    def x3_player_counters(self, c: list[Any]) -> n.PutCounters:
        """ "Target opponent gets two poison counters": counters on a target player
        (mtg:122.1). Players carry no counters in tcgrules yet, so resolving it raises
        ``NotSupportedError`` (the counters handler says so), never a silent no-op."""
        draft: Draft | None = getattr(c[0], "draft", None)
        if draft is None or not draft.kinds <= {"player"}:
            raise _not_read("counters that something other than a target player gets")
        kind: str = c[3]
        self.check_counter_kind(kind)
        return n.PutCounters(c[0], kind, c[2])

    def x3_exchange_two(self, c: list[Any]) -> n.ExchangeControl:
        """ "Exchange control of two target creatures": the two targets of one phrase
        (mtg:701.10b); with one of them gone, nothing is exchanged (mtg:701.10a)."""
        ref = c[3]
        draft: Draft | None = getattr(ref, "draft", None)
        if draft is None or draft.min != 2 or draft.max != 2:
            raise _not_read("an exchange of control not of exactly two targets")
        return n.ExchangeControl(ref, ref)

    def gain_control(self, c: list[Any]) -> n.GainControl:
        """No duration stated: the control change lasts the whole game (mtg:611.2a)."""
        return n.GainControl(c[3])

    def gain_control_eot(self, c: list[Any]) -> n.GainControl:
        return n.GainControl(c[3], "end_of_turn")

    def player_gains_control(self, c: list[Any]) -> n.GainControl:
        """ "Target opponent gains control of ~" (mtg:613.1b). "It" ("When ~ enters,
        target opponent gains control of it") is settled with the ability's other "it"
        references (``trigger_references``): the source where the ability is its own,
        not read elsewhere."""
        return n.GainControl(c[4], "permanent", c[0])

    def player_gains_control_eot(self, c: list[Any]) -> n.GainControl:
        what = c[4]
        if what == n.It():
            raise _not_read("what “it” is, after a player gains control")
        return n.GainControl(what, "end_of_turn", c[0])

    def exchange_control(self, c: list[Any]) -> n.ExchangeControl:
        """ "Exchange control of ~ and target creature an opponent controls" (mtg:701.10b)."""
        return n.ExchangeControl(c[3], c[5])

    def double_counters(self, c: list[Any]) -> n.DoubleCounters:
        """ "Double the number of +1/+1 counters on target creature" (mtg:701.9e)."""
        kind: str = c[4]
        self.check_counter_kind(kind)
        return n.DoubleCounters(c[-1], kind)

    def double_each_counter(self, c: list[Any]) -> n.DoubleCounters:
        """ "Double the number of each kind of counter on target permanent"."""
        if str(c[5]).lower() != "kind":
            raise _not_read(f"“each {c[5]} of counter”")
        return n.DoubleCounters(c[-1], None)

    def put_its_counters(self, c: list[Any]) -> n.PutCountersOf:
        """ "Put its counters on target creature you control": whose counters "its" means
        is settled with the ability's trigger (:func:`self_references`)."""
        if str(c[2]).lower() != "counters":
            raise _not_read("“its counter”")
        return n.PutCountersOf(_ITS, c[-1])

    def gain_control_while(self, c: list[Any]) -> n.GainControl:
        """ "Gain control of target creature for as long as you control ~" (mtg:611.2b)."""
        if str(c[6]).lower() != "long":
            raise _not_read(f"“for as {c[6]} as”")
        return n.GainControl(c[3], "permanent", while_you_control_source=True)

    def x3_gain_control_while_there(self, c: list[Any]) -> n.GainControl:
        """ "Gain control of target creature for as long as ~ remains on the battlefield"
        (Sower of Temptation): it ends when the source leaves the battlefield, whoever
        controls it then (mtg:611.2b)."""
        if str(c[6]).lower() != "long" or str(c[9]).lower() != "remains":
            raise _not_read(f"“for as {c[6]} as ~ {c[9]} on the battlefield”")
        return n.GainControl(c[3], "permanent", while_source_on_battlefield=True)

    def skip_next_untap(self, c: list[Any]) -> n.SkipNextUntap:
        """ "... doesn't untap during its controller's next untap step" (mtg:502.3)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["during", "step"]:
            raise _not_read("an untap-step restriction worded otherwise")
        return n.SkipNextUntap(c[0])

    def move_counter(self, c: list[Any]) -> n.MoveCounter | n.MoveCounters:
        """ "Move a +1/+1 counter from ~ onto target creature" (mtg:122.5): one counter."""
        words = [str(t).lower() for t in (c[0], c[-2])]  # "move", then the ONTO token
        if words != ["move", "onto"]:
            raise _not_read("a move of counters worded otherwise")
        kind: str | None = c[2] if len(c) == 8 else None
        if c[1] != 1:
            # "Move X +1/+1 counters from ~ onto another target artifact" (helper W4)
            if kind is None:
                raise _not_read("several counters of kinds not named")
            return n.MoveCounters(c[-3], c[-1], kind, c[1])
        return n.MoveCounter(c[-3], c[-1], kind)

    def tap_or_untap(self, c: list[Any]) -> n.TapOrUntap:
        return n.TapOrUntap(c[-1])

    def attach_to(self, c: list[Any]) -> n.Attach:
        """ "Attach it to target creature you control" (mtg:701.3a)."""
        return n.Attach(c[1], c[3])

    def regenerate(self, c: list[Any]) -> n.Regenerate:
        return n.Regenerate(c[1])

    def goad(self, c: list[Any]) -> n.Goad:
        return n.Goad(c[1])

    def detain(self, c: list[Any]) -> n.Detain:
        return n.Detain(c[1])

    def that_ref(self, c: list[Any]) -> n.It:
        """ "that creature": what an earlier sentence of the ability named."""
        return n.It("that " + str(c[1]).lower())

    def distribute_counters(self, c: list[Any]) -> n.DistributeCounters:
        """ "Distribute two +1/+1 counters among one or two target creatures": each
        target gets at least one, so there are 1 to N of them (mtg:601.2d)."""
        ref: Any = c[-1]
        draft: Draft = ref.draft
        draft.divided = True
        draft.min = max(draft.min, 1)
        total: int | str = c[1]
        if isinstance(total, int):
            draft.max = total if draft.max is None else min(draft.max, total)
        kind: str = c[2]
        self.check_counter_kind(kind)
        return n.DistributeCounters(ref, kind, total)

    def remove_counters(self, c: list[Any]) -> n.RemoveCounters:
        """ "Remove two time counters from target permanent", "remove a counter from
        target permanent" (any kind)."""
        kind = c[2] if len(c) == 6 else None
        return n.RemoveCounters(c[-1], kind, c[1])

    def remove_all_counters(self, c: list[Any]) -> n.RemoveCounters:
        kind = c[2] if len(c) == 6 and not isinstance(c[2], Token) else None
        return n.RemoveCounters(c[-1], kind, None)


_IT = n.It("it")
#: trigger words that name the object the ability is printed on ("~" is its name)
_OWN_TRIGGER = re.compile(
    r"~|\bthis (creature|equipment|aura|artifact|enchantment|permanent|vehicle)\b", re.I
)
_ITS = n.It("its")


def _not_read(why: str) -> Exception:
    """The builder's "not read" error (defined with the builder, which imports this
    module, so it is looked up when needed)."""
    from tcgrules.games.magic.text_not_read import NotRead  # noqa: PLC0415  (it imports this)

    return NotRead(why)


def self_references(
    ctx: TextContext,
    body: tuple[int, int],
    effects: tuple[Any, ...],
    trigger: n.Trigger | None,
    activated: bool,
) -> tuple[Any, ...]:
    """Settle what "it"/"its" names where only the ability's kind tells:

    - "Attach it to target creature you control", "attach target Equipment to it": the
      object the ability is printed on when the ability is activated or triggered by
      that object itself ("When this Equipment enters"; the trigger's words name it);
    - "Put its counters on target creature you control": the object whose own leaving
      triggered the ability ("When this creature dies", mtg:122.8).

    A trigger about one other object ("Whenever an Equipment you control enters, you may
    attach it to target creature you control", Sigarda's Aid): the object the trigger
    event was about (mtg:603.2, mtg:608.2k; helper W6). Elsewhere (an object a spell
    named earlier) tcgrules can't name it yet: the sentence is kept as not read."""
    own = activated or (trigger is not None and _OWN_TRIGGER.search(trigger.text) is not None)
    if not own and _about_one_other(trigger) and any(_attaches_it(e) for e in effects):
        effects = tuple(_trigger_refs(e) for e in effects)
    effects = _settle(
        ctx,
        body,
        effects,
        _attaches_it,
        own,
    )
    return _settle(
        ctx,
        body,
        effects,
        _its_counters,
        trigger is not None and trigger.subject == n.Self() and trigger.event in {"dies", "leaves"},
    )


def _settle(
    ctx: TextContext,
    body: tuple[int, int],
    effects: tuple[Any, ...],
    names_it: Any,
    own: bool,
) -> tuple[Any, ...]:
    if not any(names_it(e) for e in effects):
        return effects
    if own:
        return tuple(_self_refs(e) for e in effects)
    ctx.add(body[0], body[1], "what “it” is (an object named elsewhere) is not read")
    return tuple(n.UnsupportedEffect("it", body) if names_it(e) else e for e in effects)


def _attaches_it(effect: Any) -> bool:
    if isinstance(effect, n.May):
        return any(_attaches_it(e) for e in effect.effects)
    return isinstance(effect, n.Attach) and _IT in (effect.what, effect.to)


def _its_counters(effect: Any) -> bool:
    if isinstance(effect, n.May):
        return any(_its_counters(e) for e in effect.effects)
    return isinstance(effect, n.PutCountersOf) and effect.source == _ITS


def _about_one_other(trigger: n.Trigger | None) -> bool:
    """A "when"/"whenever" trigger whose event names exactly one other object."""
    if trigger is None or trigger.word == "at":
        return False
    from tcgrules.games.magic.text_build_damage import (  # noqa: PLC0415
        _ABOUT_OTHER,
        _ARTICLE,
        _NOT_AN_OBJECT,
    )

    text = trigger.text
    others = len(_ARTICLE.findall(_NOT_AN_OBJECT.sub("", text)))
    return _ABOUT_OTHER.match(text) is not None and others == 1


def _trigger_refs(effect: Any) -> Any:
    """An attach's "it" as the object the trigger event was about."""
    if isinstance(effect, n.May):
        return n.May(tuple(_trigger_refs(e) for e in effect.effects))
    if isinstance(effect, n.Attach):
        it = n.TriggerObject("it")
        return n.Attach(
            it if effect.what == _IT else effect.what, it if effect.to == _IT else effect.to
        )
    return effect


def _self_refs(effect: Any) -> Any:
    if isinstance(effect, n.May):
        return n.May(tuple(_self_refs(e) for e in effect.effects))
    if isinstance(effect, n.Attach):
        what = n.Self() if effect.what == _IT else effect.what
        to = n.Self() if effect.to == _IT else effect.to
        return n.Attach(what, to)
    if isinstance(effect, n.PutCountersOf) and effect.source == _ITS:
        return replace(effect, source=n.Self())
    return effect
