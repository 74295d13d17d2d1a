"""Builder methods for amounts: numbers an effect reads as it happens (mtg:608.2h).

", where X is ..." defines X for every number of the clause before it (mtg:107.3c);
"that much" / "that many" is the number the trigger event was about (mtg:603.2);
"life equal to ...", "twice ...", "2 plus ...", "the number of +1/+1 counters on ~",
"the number of cards in that player's hand", "target creature's power".

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`; one method per
alias of the grammar's "amounts" section (``grammar/magic.lark``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields, replace
from typing import Any

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import Draft, DraftRef, TextContext, field_names
from tcgrules.games.magic.text_build_q1 import bind_x
from tcgrules.games.magic.text_build_q3 import limit_x, x_limited
from tcgrules.kernel import descriptors as d

#: the fields of effect nodes that hold a number (an :data:`~tcgrules.cardtext.nodes.Amount`)
_AMOUNT_FIELDS = frozenset({"amount", "count", "power", "toughness", "total", "top"})
#: the basic land types (mtg:305.6)
_BASIC_LAND_TYPES = ("plains", "island", "swamp", "mountain", "forest")
#: the creature types of a party (mtg:700.8)
_PARTY = ("cleric", "rogue", "warrior", "wizard")
#: the mana symbol letter of each color (mtg:105.1)
_COLOR_LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
#: an X left in a node after X was defined: in a mana cost ("{X}"), a P/T ("+X"), ...
_X_LEFT = re.compile(r"'[+-]?X'|\{X\}")


class AmountsBuilder:
    """Tokens and subtrees of amounts → amount nodes."""

    drafts: list[Draft]

    # ------------------------------------------------------------ where X is
    def y2_where_x(self, c: list[Any]) -> tuple[Any, ...]:
        """ "... deals X damage to target creature and you gain X life, where X is the
        number of Swamps you control": X is defined by the text (mtg:107.3c), and each
        number it stands for is read as its effect happens (mtg:608.2h)."""
        clause = c[0]
        effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
        return define_every_x(effects, c[-1])

    def y2_for_each(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target opponent loses 1 life for each Swamp you control": the clause's one
        printed number, times how many things the words describe as it happens
        (mtg:608.2h). A clause with more than one number is not read (which one counts
        can't be told)."""
        from tcgrules.games.magic.text_build_amounts3 import _times  # noqa: PLC0415
        from tcgrules.games.magic.text_build_life import pronoun_count  # noqa: PLC0415

        mine = pronoun_count(c[0], c[-1].descriptor)
        if mine is not None:
            return per_each(c[0], lambda printed: _times(printed, mine))
        return per_each(c[0], lambda printed: n.CountOf(c[-1].descriptor, printed))

    def y2_on_battlefield(self, c: list[Any]) -> Any:
        """ "on the battlefield": permanents, every player's (mtg:110.1)."""
        from tcgrules.games.magic.text_build import _Post  # noqa: PLC0415

        return _Post(d.IsPermanent(), "battlefield")

    # ------------------------------------------------------------ that much / many
    def _that(self, word: Any, expected: str) -> n.TriggerAmount:
        """ "that much" (life, damage) or "that many" (cards): the trigger's number;
        which triggers name one is checked with the whole ability."""
        if str(word).lower() != expected:
            raise _not_read(f"“that {word}”")
        return n.TriggerAmount(f"that {expected}")

    def y2_loses_that_much(self, c: list[Any]) -> n.LoseLife:
        """ "target opponent loses that much life" (mtg:119.3)."""
        return n.LoseLife(c[0], self._that(c[3], "much"))

    def y2_gains_that_much(self, c: list[Any]) -> n.GainLife:
        return n.GainLife(c[0], self._that(c[3], "much"))

    def y2_you_gain_that_much(self, c: list[Any]) -> n.GainLife:
        return n.GainLife(n.You(), self._that(c[3], "much"))

    def y2_you_lose_that_much(self, c: list[Any]) -> n.LoseLife:
        return n.LoseLife(n.You(), self._that(c[3], "much"))

    def y2_mills_that_many(self, c: list[Any]) -> n.Mill:
        """ "target player mills that many cards" (mtg:701.13a)."""
        return n.Mill(c[0], self._that(c[3], "many"))

    # ------------------------------------------------------------ equal to
    def y2_you_gain_equal(self, c: list[Any]) -> n.GainLife:
        """ "You gain life equal to target creature's power" (mtg:119.3, read as the
        effect happens, mtg:608.2h)."""
        return n.GainLife(n.You(), _life_amount(c[-1]))

    def y2_you_lose_equal(self, c: list[Any]) -> n.LoseLife:
        return n.LoseLife(n.You(), _life_amount(c[-1]))

    def y2_gains_equal(self, c: list[Any]) -> n.GainLife:
        return n.GainLife(c[0], _life_amount(c[-1]))

    def y2_loses_equal(self, c: list[Any]) -> n.LoseLife:
        """ "target opponent loses life equal to ~'s power"."""
        return n.LoseLife(c[0], _life_amount(c[-1]))

    def y2_mills_equal(self, c: list[Any]) -> n.Mill:
        """ "target player mills cards equal to ..." (mtg:701.13a). A player has no power,
        so "its power" there is that of an object "it" names (as for life)."""
        return n.Mill(c[0], _life_amount(c[-1]))

    def y2_draw_for_each_controls(self, c: list[Any]) -> n.Draw:
        """ "Draw a card for each tapped creature target opponent controls": counted as
        the effect happens (mtg:608.2h)."""
        each = n.HowMany(n.EachControlledBy(c[5].descriptor, c[6]))
        if not isinstance(c[1], int):
            raise _not_read(f"{c[1]} cards for each")
        return n.Draw(n.You(), each if c[1] == 1 else n.Scaled(c[1], each))

    def y2_draw_equal(self, c: list[Any]) -> n.Draw:
        """ "Draw cards equal to the mana value of target artifact you control"."""
        return n.Draw(n.You(), c[-1])

    def y2_gain_equal(self, c: list[Any]) -> n.GainLife:
        """ "[you may] gain life equal to the power of target creature you control"."""
        return n.GainLife(n.You(), _plain(c[-1]))

    def y2_computed_of(self, c: list[Any]) -> Any:
        return c[0]

    def y2_power_of(self, c: list[Any]) -> n.PowerOf:
        """ "the power of target creature", read as the effect happens (mtg:608.2h)."""
        return n.PowerOf(c[-1])

    def y2_toughness_of(self, c: list[Any]) -> n.NumberOf:
        return n.NumberOf("toughness", c[-1])

    def y2_mana_value_of(self, c: list[Any]) -> n.NumberOf:
        """ "the mana value of target artifact" (mtg:202.3)."""
        return n.NumberOf("mana_value", c[-1])

    def y2_counter_unless_each(self, c: list[Any]) -> n.CounterUnlessPaysEach:
        """ "Counter target spell unless its controller pays {1} for each card in your
        graveyard" (mtg:701.5a; counted as it resolves, mtg:608.2h)."""
        return n.CounterUnlessPaysEach(c[1], _mana(c[6]), n.CountOf(c[-1].descriptor))

    def y2_counter_unless_plus_each(self, c: list[Any]) -> n.CounterUnlessPaysEach:
        """ "... unless its controller pays {2} plus an additional {1} for each Faerie you
        control"."""
        if (str(c[7]).lower(), str(c[9]).lower()) != ("plus", "additional"):
            raise _not_read(f"“{c[7]} an {c[9]}” in a cost")
        per = n.CountOf(c[-1].descriptor)
        return n.CounterUnlessPaysEach(c[1], _mana(c[10]), per, base=_mana(c[6]))

    def y2_counter_unless_x(self, c: list[Any]) -> n.CounterUnlessPaysEach:
        """ "... unless its controller pays {X}, where X is ~'s power" (mtg:107.3c): {1}
        X times."""
        if str(c[6]) != "{X}":
            raise _not_read(f"“{c[6]}, where X is”")
        return n.CounterUnlessPaysEach(c[1], "{1}", _plain(c[-1]))

    # ------------------------------------------------------------ computed numbers
    def y2_twice(self, c: list[Any]) -> Any:
        """ "twice the number of Vehicles you control" (read as it happens)."""
        if str(c[0]).lower() != "twice":
            raise _not_read(f"“{c[0]}” before a number")
        # the damage rules import this module
        from tcgrules.games.magic.text_build_damage import scaled_its  # noqa: PLC0415

        its = scaled_its(c[-1], 2)
        if its is not None:
            return its
        value = _plain(c[-1])
        if isinstance(value, n.CountOf) and isinstance(value.multiplier, int):
            return n.CountOf(value.descriptor, 2 * value.multiplier)
        return n.Scaled(2, value)

    def y2_plus(self, c: list[Any]) -> n.Sum:
        """ "2 plus the number of artifacts you control"."""
        if str(c[1]).lower() != "plus" or not isinstance(c[0], int):
            raise _not_read(f"“{c[0]} {c[1]}” before a number")
        return n.Sum((c[0], _plain(c[-1])))

    def y2_counters_on(self, c: list[Any]) -> n.CountersOn:
        """ "the number of +1/+1 counters on ~" (mtg:122.1). What "it" names is settled
        with the whole ability (:func:`~tcgrules.games.magic.text_build_damage.
        trigger_references`)."""
        return n.CountersOn(str(c[3]), c[-1])

    def y2_cards_in(self, c: list[Any]) -> n.Amount:
        """ "the number of cards in your graveyard" / "in that player's hand"."""
        where = c[-1]
        if isinstance(where, n.CardsIn):
            return where
        descriptor: d.Descriptor = where.descriptor
        if isinstance(descriptor, d.InZone) and descriptor.whose == "any":
            raise _not_read("a count in the zone of a player named elsewhere")
        return n.CountOf(d.AllOf((d.IsCard(), descriptor)))

    def y2_in_zone(self, c: list[Any]) -> Any:
        return c[0]

    def y2_in_that_player(self, c: list[Any]) -> n.CardsIn:
        """ "in that player's hand": that player is the one target player named before
        in the sentence; anything else is not read."""
        players = [draft for draft in self.drafts if one_player(draft)]
        if len(self.drafts) != 1 or len(players) != 1:
            raise _not_read("“that player” not the sentence's one target player")
        # a target phrase's reference, made its slot with the whole sentence (resolve_refs)
        ref: Any = DraftRef(players[0])
        return n.CardsIn(c[-1], ref)

    def y2_in_target(self, c: list[Any]) -> n.CardsIn:
        """ "in target opponent's graveyard": that target player's zone."""
        ref: Any = c[1]
        draft: Draft | None = getattr(ref, "draft", None)
        if draft is None or not one_player(draft):
            raise _not_read("a zone of a target that is not one player")
        return n.CardsIn(c[-1], ref)

    def y2_basic_land_types(self, c: list[Any]) -> n.SubtypesAmong:
        """ "the number of basic land types among lands you control": Plains, Island,
        Swamp, Mountain and Forest (mtg:305.6), counted as it happens (mtg:608.2h)."""
        words = (str(c[3]).lower(), str(c[4]).lower())
        if words != ("basic", "land"):
            raise _not_read(f"“{c[3]} {c[4]} types”")
        return n.SubtypesAmong(_BASIC_LAND_TYPES, c[-1].descriptor)

    def y2_count_either_type(self, c: list[Any]) -> n.CountOf:
        """ "the number of instant and sorcery cards in your graveyard": cards of either
        type (each card counted once)."""
        either = d.AnyOf((d.HasType(str(c[3]).lower()), d.HasType(str(c[5]).lower())))
        where: d.Descriptor = c[-1].descriptor
        if isinstance(where, d.InZone) and where.whose == "any":
            raise _not_read("a count in the zone of a player named elsewhere")
        return n.CountOf(d.AllOf((either, d.IsCard(), where)))

    def _sacrificed(self, c: list[Any], prop: str) -> n.SacrificedValue:
        if str(c[1]).lower() != "sacrificed":
            raise _not_read(f"“the {c[1]} {c[2]}”")
        return n.SacrificedValue(prop, str(c[2]).lower())

    def y2_sacrificed_power(self, c: list[Any]) -> n.SacrificedValue:
        """ "the sacrificed creature's power": of the object sacrificed to pay the cost
        (mtg:601.2h) or earlier in the effect, as it last existed (mtg:608.2h)."""
        return self._sacrificed(c, "power")

    def y2_sacrificed_mana_value(self, c: list[Any]) -> n.SacrificedValue:
        return self._sacrificed(c, "mana_value")

    def y2_party(self, c: list[Any]) -> n.RolesFilled:
        """ "the number of creatures in your party": up to one each of Cleric, Rogue,
        Warrior and Wizard among creatures you control, a creature counted for one role
        only (mtg:700.8, mtg:700.8b)."""
        if (str(c[3]).lower(), str(c[-1]).lower()) != ("creatures", "party"):
            raise _not_read(f"“{c[3]} in your {c[-1]}”")
        yours = d.AllOf((d.HasType("creature"), d.Controller("you")))
        return n.RolesFilled(_PARTY, yours)

    def y2_devotion(self, c: list[Any]) -> n.SymbolsInCosts:
        """ "your devotion to blue": the blue mana symbols (hybrid ones too) among the
        mana costs of permanents you control (mtg:700.5)."""
        color = str(c[-1]).lower()
        if str(c[1]).lower() != "devotion" or color not in _COLOR_LETTERS:
            raise _not_read(f"“your {c[1]} to {c[-1]}”")
        yours = d.AllOf((d.IsPermanent(), d.Controller("you")))
        return n.SymbolsInCosts(_COLOR_LETTERS[color], yours)

    def y2_zone(self, c: list[Any]) -> str:
        return str(c[0]).lower()

    def y2_target_power(self, c: list[Any]) -> n.PowerOf:
        """ "target creature's power", as the effect happens (mtg:608.2h)."""
        return n.PowerOf(c[0])

    def y2_target_toughness(self, c: list[Any]) -> n.NumberOf:
        return n.NumberOf("toughness", c[0])

    def y2_its_toughness(self, c: list[Any]) -> n.NumberOf:
        return n.NumberOf("toughness", n.It())

    def y2_self_toughness(self, c: list[Any]) -> n.NumberOf:
        return n.NumberOf("toughness", n.Self())


def per_each(clause: Any, count: Callable[[int | str], n.Amount]) -> tuple[Any, ...]:
    """The effects of ``clause`` with its one printed number made ``count(printed)``: a
    number per thing counted as the effect happens (mtg:608.2h). A clause with more than
    one number is not read (which one counts can't be told)."""
    effects = tuple(clause) if isinstance(clause, tuple | list) else (clause,)
    numbers = [
        (i, f.name)
        for i, effect in enumerate(effects)
        if hasattr(effect, "__dataclass_fields__")
        for f in fields(effect)
        if f.name in _AMOUNT_FIELDS and getattr(effect, f.name) is not None
    ]
    if len(numbers) == 2 and {name for _, name in numbers} == {"power", "toughness"}:
        # "gains trample and gets +1/+0 for each ...": one P/T change (helper t2)
        from tcgrules.games.magic.text_build_counted import pt_times  # noqa: PLC0415

        return pt_times(effects, count)
    if len(numbers) != 1:
        raise _not_read("“for each” after a clause without exactly one number")
    at, name = numbers[0]
    printed = getattr(effects[at], name)
    if not isinstance(printed, int) or isinstance(printed, bool):
        raise _not_read("“for each” after a number that is not printed")
    counted = replace(effects[at], **{name: count(printed)})
    return (*effects[:at], counted, *effects[at + 1 :])


def one_player(draft: Draft) -> bool:
    """A target phrase for exactly one player ("target player", "target opponent")."""
    return draft.kinds == frozenset({"player"}) and draft.max == 1


def define_every_x(effects: tuple[Any, ...], value: Any) -> tuple[Any, ...]:
    """The effects of a clause ending ", where X is ...", with every X standing for a
    number replaced by ``value`` (mtg:107.3c): damage, life, cards drawn or milled,
    counters, P/T changes, token sizes. Read only when every X of the clause is one of
    those: an X in a target phrase ("up to X target creatures"), in a mana payment
    ("unless its controller pays {X}") or anywhere else is not read."""
    value = _plain(value)
    bound: list[tuple[Draft, d.Descriptor]] = []
    # "up to X target cards ..., where X is ...": the most targets (helper Q3)
    limited = limit_x(effects, value)
    out = tuple(_define(effect, value, bound) for effect in effects)
    if out == effects and not bound and not limited:
        raise _not_read("“where X is” with no X to define")
    was = [(draft, draft.descriptor) for draft, _ in bound]
    for draft, descriptor in bound:
        draft.descriptor = descriptor
    for effect in out:
        if _X_LEFT.search(repr(effect)):
            for draft, descriptor in was:
                draft.descriptor = descriptor
            raise _not_read("an X beside “where X is” that is not a number of an effect")
    return out


def _define(effect: Any, value: n.Amount, bound: list[tuple[Draft, d.Descriptor]]) -> Any:
    """``effect`` with X made ``value``; a target phrase whose compared X the text
    defines ("with mana value X or less", helper Q1) goes into ``bound`` with its new
    descriptor, set by the caller once the whole clause is read."""
    if not hasattr(effect, "__dataclass_fields__") or isinstance(effect, d.Descriptor):
        return effect
    changes: dict[str, Any] = {}
    for f in fields(effect):
        current = getattr(effect, f.name)
        draft: Draft | None = getattr(current, "draft", None)
        if draft is not None and (
            (draft.max is None and not x_limited(draft) and not _divided_any(draft))
            or "'X'" in repr(draft.descriptor)
        ):
            # an X the target phrase compares to (helper Q1); "up to X" is the most
            # targets, read by limit_x above (helper Q3)
            described = bind_x(draft, value)
            if described is None:
                raise _not_read("an X in a target phrase of a sentence that defines X")
            if all(draft is not seen for seen, _ in bound):
                bound.append((draft, described))
        if f.name in _AMOUNT_FIELDS and isinstance(current, str):
            changes[f.name] = _with_x(current, value)
        elif isinstance(current, tuple):
            changes[f.name] = tuple(_define(part, value, bound) for part in current)
        elif isinstance(current, n.TokenDescription):
            changes[f.name] = _define(current, value, bound)
    changed = {k: v for k, v in changes.items() if v != getattr(effect, k)}
    return replace(effect, **changed) if changed else effect


def _divided_any(draft: Draft) -> bool:
    """ "X damage divided as you choose among any number of target creatures, where X is
    ...": the X is the damage, not the count of targets; each target gets at least 1, as
    the division is made while the spell is cast (mtg:601.2d; helper R4)."""
    return draft.divided and draft.limit is None


def _with_x(amount: str, value: n.Amount) -> n.Amount:
    """X replaced by ``value``; -X of a count counts negatively; anything else stays (and
    is refused by the caller if it still names X)."""
    if amount in {"X", "+X"}:
        return value
    if amount == "-X":
        if isinstance(value, n.CountOf) and isinstance(value.multiplier, int):
            return n.CountOf(value.descriptor, -value.multiplier)
        return n.Scaled(-1, value)
    return amount


#: a trigger event with a number of life: "Whenever you gain life", "loses life"
_NAMES_LIFE = re.compile(r"\b(gain|gains|lose|loses) life\b", re.I)
#: a trigger event with a number of objects: "one or more creatures", "one or more cards"
_NAMES_MANY = re.compile(r"\bone or more\b", re.I)


def names_amount(trigger: str, effect: Any) -> bool:
    """Whether the trigger event names the number "that much life" / "that many cards"
    of ``effect`` is about: an amount of life gained or lost, or how many objects "one
    or more" were (mtg:603.2). Damage triggers are the damage rules' to check."""
    amount = getattr(effect, "amount", getattr(effect, "count", None))
    if not isinstance(amount, n.TriggerAmount):
        return False
    if amount.word == "that much":
        return bool(_NAMES_LIFE.search(trigger))
    if isinstance(effect, n.PutCounters):
        # "Whenever you gain life, put that many +1/+1 counters on ..." (helper Q4): as
        # many counters as life, or as objects "one or more" were
        return bool(_NAMES_LIFE.search(trigger) or _NAMES_MANY.search(trigger))
    return bool(_NAMES_MANY.search(trigger))


#: "named ~" / "not named ~": a name printed on the card the text is on
_NAMED_SELF = re.compile(r"\bnamed ~")


def granted_amounts(
    ctx: TextContext, lo: int, hi: int, effects: tuple[Any, ...]
) -> tuple[Any, ...]:
    """The effects of a quoted (granted) ability, with any whose number reads the card
    the text is printed on by its name kept as not read: in a granted ability that name
    means the granting object (mtg:201.5a), while ``Self`` there is the object that has
    the ability ("... where X is the number of arrow counters on Archery Training").
    What "it" names in a number is not settled in a granted ability either."""
    named = any(
        ctx.clean[i] == "~" and not ctx.text[i:].lower().startswith("this ") for i in range(lo, hi)
    )
    # "target card named ~" in a quoted ability: the name printed on the granting card,
    # which the ability's own source (a token, another permanent) need not have (helper U1)
    read = any(not isinstance(effect, n.UnsupportedEffect) for effect in effects)
    if read and _NAMED_SELF.search(ctx.clean, lo, hi):
        ctx.add(lo, hi, "the granting card's name in a granted ability")
        return tuple(n.UnsupportedEffect(ctx.phrase(lo, hi), (lo, hi)) for _ in effects[:1])
    out: list[Any] = []
    for effect in effects:
        if (named and _reads_self(effect)) or amount_names_it(effect):
            ctx.add(lo, hi, "a number of the granting object named in a granted ability")
            out.append(n.UnsupportedEffect(ctx.phrase(lo, hi), (lo, hi)))
        else:
            out.append(effect)
    return tuple(out)


def amount_names_it(effect: Any) -> bool:
    """Whether a number of ``effect`` other than damage (damage is the damage rules'
    to settle) reads an object "it" / "that spell" names ("you lose life equal to its
    toughness"): the first target when the sentence before acts on it alone, and not
    read anywhere else (a trigger's object is not a target)."""
    if isinstance(effect, n.DealDamage):
        return False
    for name in field_names(type(effect)):
        value = getattr(effect, name)
        if (name in _AMOUNT_FIELDS or isinstance(value, n.TokenDescription)) and _reads(
            value, n.It
        ):
            return True
    return False


def names_target(effect: Any, trigger: n.Trigger | None) -> bool:
    """Whether "that creature" in a number of ``effect`` (which acts on its first target
    only) is that target ("put X +1/+1 counters on target creature, where X is that
    creature's power"): not "that spell", and not a noun the trigger names too (then it
    may be the trigger's object)."""
    words = {ref.word for ref in _refs(effect, n.It)}
    nouns = {w.removeprefix("that ") for w in words}
    if "spell" in nouns or "it" in nouns:
        return False
    return trigger is None or not any(re.search(rf"\b{noun}", trigger.text, re.I) for noun in nouns)


def _refs(value: Any, kind: type) -> list[Any]:
    """The references of ``kind`` the amounts in ``value`` read."""
    if isinstance(value, n.PowerOf | n.NumberOf) and isinstance(value.of, kind):
        return [value.of]
    if isinstance(value, n.CountersOn) and isinstance(value.on, kind):
        return [value.on]
    if isinstance(value, n.CardsIn) and isinstance(value.whose, kind):
        return [value.whose]
    if isinstance(value, tuple):
        return [r for v in value for r in _refs(v, kind)]
    names = field_names(type(value))
    if names and not isinstance(value, d.Descriptor):
        return [r for name in names for r in _refs(getattr(value, name), kind)]
    return []


def _reads(value: Any, kind: type) -> bool:
    """Whether an amount somewhere in ``value`` reads an object a ``kind`` reference names."""
    return bool(_refs(value, kind))


def _reads_self(value: Any) -> bool:
    return _reads(value, n.Self)


def _plain(value: Any) -> n.Amount:
    """A computed number that needs no subject: "its power" (of the sentence's subject)
    is settled only by the damage rules, so here it is not read."""
    if not isinstance(value, int | str) and not hasattr(value, "__dataclass_fields__"):
        raise _not_read("“its power” where the subject is not the one dealing damage")
    amount: n.Amount = value
    return amount


def _life_amount(value: Any) -> n.Amount:
    """A number of life: "its power" there is not a player's (a player has none) but
    that of an object "it" names, which the "it" rules settle or leave not read (helper
    W5); ``factor`` times it ("twice its power")."""
    factor = getattr(value, "factor", None)
    if isinstance(factor, int) and not hasattr(value, "__dataclass_fields__"):
        power = n.PowerOf(n.It())
        return power if factor == 1 else n.Scaled(factor, power)
    return _plain(value)


def _mana(token: Any) -> str:
    """A mana cost with no variable in it ("{1}", "{2}{U}")."""
    text = str(token)
    if "X" in text.upper():
        raise _not_read(f"the cost {text} beside a count")
    return text


def _not_read(what: str) -> Exception:
    """The reader's "not read" exception; imported here, as text_build imports this
    module to build its class."""
    from tcgrules.games.magic.text_not_read import NotRead  # noqa: PLC0415

    return NotRead(what)
