"""Builder rules of the characteristics and combat restrictions family (helper M4).

A mixin of :class:`~tcgrules.games.magic.text_build.MagicBuilder`: one method per rule
alias of the ``// ---- characteristics and combat restrictions`` section of
``grammar/magic.lark``. It reads what a creature gets, gains, loses, has or becomes for a
while (power and toughness in layer 7, mtg:613.4b-d; abilities in layer 6, mtg:613.1f;
types and colors in layers 4 and 5, mtg:613.1d-e), "choose target ..." (mtg:115.1), and
what a creature can't do or must do in combat (mtg:508.1c-d, mtg:509.1b-c).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import DraftRef
from tcgrules.games.magic.text_build_damage import define_x
from tcgrules.games.magic.text_build_life import refuse_pronoun_players
from tcgrules.games.magic.text_lexer import CARD_TYPE_WORDS
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d


@dataclass(frozen=True, slots=True)
class _Change:
    """One change in a list of changes to one subject ("gets +2/+2 and gains trample")."""

    kind: str  # pt | gain | lose | lose_all | base | becomes
    power: int | str | None = None
    toughness: int | str | None = None
    keywords: tuple[d.HasKeyword, ...] = ()
    becomes: _Becoming | None = None
    #: quoted abilities it gains with the keywords (helper Y3, text_build_grants.py)
    grants: tuple[n.GrantAbility, ...] = ()


@dataclass(frozen=True, slots=True)
class _Becoming:
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    colors: tuple[str, ...]
    size: tuple[int | str, int | str] | None
    keeps: bool
    keywords: tuple[d.HasKeyword, ...] = ()
    #: "in addition to its other colors and types" (helper W6): colors added, not set
    keeps_colors: bool = False


def _tokens(c: list[Any], *kinds: str) -> list[Token]:
    return [t for t in c if isinstance(t, Token) and t.type in kinds]


def _signed(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text.lstrip("+")


#: what "in addition to its other colors and types" gives (helper W6)
KEEPS_COLORS = "keeps_colors"

#: mtg:205.3i the basic land types
_BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


def _duration_at_end(c: list[Any]) -> n.Duration:
    """The duration a rule ends with, or ``permanent`` when the text gives none: the
    effect lasts for the rest of the game (mtg:611.2a)."""
    last = c[-1]
    if last in {"end_of_turn", "your_next_turn"}:
        return "end_of_turn" if last == "end_of_turn" else "your_next_turn"
    return "permanent"


def pt_change(token: Token) -> tuple[int | str, int | str]:
    """ "+2/-1" as (2, -1); a variable stays text ("+X/+0" as ("X", 0))."""
    power, toughness = str(token).split("/")
    return _signed(power), _signed(toughness)


class StatsBuilder:
    """Rules of the characteristics and combat restrictions family (mixed into
    ``MagicBuilder``); what it can't give a meaning to raises ``NotRead``."""

    def _not_read(self, why: str) -> Exception:
        return NotRead(why)

    # ------------------------------------------------------------- durations
    def m4_eot(self, c: list[Any]) -> n.Duration:
        """ "until end of turn" and "this turn" end in the cleanup step (mtg:514.2)."""
        return "end_of_turn"

    def m4_next_turn(self, c: list[Any]) -> n.Duration:
        """ "until your next turn" (mtg:611.2a)."""
        return "your_next_turn"

    def m4_n(self, c: list[Token]) -> int | str:
        return int(c[0]) if c[0].type == "NUMBER" else str(c[0])

    def m4_size(self, c: list[Any]) -> tuple[int | str, int | str]:
        """ "3/3", "X/X": a power and a toughness to set (mtg:613.4b)."""
        if str(c[1]) != "/":
            raise self._not_read(f"a size written {c[1]}")
        return c[0], c[2]

    # ------------------------------------------------------------- keyword lists
    def m4_kwlist(self, c: list[Any]) -> list[d.HasKeyword]:
        return [x for x in c if isinstance(x, d.HasKeyword)]

    def m4_keywords(self, c: list[Any]) -> list[d.HasKeyword]:
        found: list[d.HasKeyword] = []
        for x in c:
            if isinstance(x, d.HasKeyword):
                found.append(x)
            elif isinstance(x, list):
                found.extend(x)
        return found

    # ------------------------------------------------------------- gets and gains
    def _modify(self, what: Any, pt: Token, duration: n.Duration) -> n.ModifyPT:
        power, toughness = pt_change(pt)
        return n.ModifyPT(what, power, toughness, duration)

    def _gains(
        self, what: Any, keywords: list[d.HasKeyword], duration: n.Duration
    ) -> list[n.GainAbility]:
        return [n.GainAbility(what, k.name, k.argument, duration) for k in keywords]

    def m4_each_pt(self, c: list[Any]) -> n.ModifyPT:
        """ "Up to two target creatures each get +2/+1 until end of turn": each object
        gets the change (mtg:613.4c)."""
        return self._modify(c[0], _tokens(c, "PT")[0], c[-1])

    def m4_each_pt_gain(self, c: list[Any]) -> tuple[Any, ...]:
        return (self._modify(c[0], _tokens(c, "PT")[0], c[-1]), *self._gains(c[0], c[-2], c[-1]))

    def m4_each_gain(self, c: list[Any]) -> tuple[Any, ...]:
        return tuple(self._gains(c[0], c[-2], c[-1]))

    def m4_pt_gain_list(self, c: list[Any]) -> tuple[Any, ...]:
        """ "gets +2/+0 and gains first strike, vigilance, and trample until end of turn"."""
        keywords = next(x for x in c if isinstance(x, list))
        return (
            self._modify(c[0], _tokens(c, "PT")[0], "end_of_turn"),
            *self._gains(c[0], keywords, "end_of_turn"),
        )

    def m4_gain_list(self, c: list[Any]) -> tuple[Any, ...]:
        keywords = next(x for x in c if isinstance(x, list))
        return tuple(self._gains(c[0], keywords, "end_of_turn"))

    def m4_pt_next(self, c: list[Any]) -> n.ModifyPT:
        """ "gets -2/-0 until your next turn" (mtg:611.2a)."""
        return self._modify(c[0], _tokens(c, "PT")[0], "your_next_turn")

    def m4_pt_lose(self, c: list[Any]) -> tuple[Any, ...]:
        """ "gets -1/-1 and loses flying until your next turn" (mtg:613.4c, mtg:613.1f)."""
        keywords: list[d.HasKeyword] = c[-2]
        duration: n.Duration = c[-1]
        return (
            self._modify(c[0], _tokens(c, "PT")[0], duration),
            *(n.LoseAbility(c[0], k.name, k.argument, duration) for k in keywords),
        )

    def m4_gain_next(self, c: list[Any]) -> tuple[Any, ...]:
        keywords = next(x for x in c if isinstance(x, list))
        return tuple(self._gains(c[0], keywords, "your_next_turn"))

    def m4_may_have_pt(self, c: list[Any]) -> n.May:
        """ "you may have target creature get -1/-1 until end of turn" (mtg:608.2d)."""
        return n.May((self._modify(c[3], _tokens(c, "PT")[0], "end_of_turn"),))

    def m4_may_have_gain(self, c: list[Any]) -> n.May:
        keywords = next(x for x in c if isinstance(x, list))
        return n.May(tuple(self._gains(c[3], keywords, "end_of_turn")))

    # ------------------------------------------------------------- a list of changes
    def m4_c_pt(self, c: list[Any]) -> _Change:
        power, toughness = pt_change(_tokens(c, "PT")[0])
        return _Change("pt", power, toughness)

    def m4_c_gain(self, c: list[Any]) -> _Change:
        return _Change("gain", keywords=tuple(c[-1]))

    def m4_c_lose(self, c: list[Any]) -> _Change:
        return _Change("lose", keywords=tuple(c[-1]))

    def m4_c_lose_all(self, c: list[Any]) -> _Change:
        return _Change("lose_all")

    def m4_c_base(self, c: list[Any]) -> _Change:
        power, toughness = c[-1]
        return _Change("base", power, toughness)

    def m4_c_becomes(self, c: list[Any]) -> _Change:
        return _Change("becomes", becomes=c[-1])

    def m4_more_none(self, c: list[Any]) -> None:
        return None

    def m4_changes(self, c: list[Any]) -> list[_Change]:
        found: list[_Change] = []
        for x in c:
            if isinstance(x, _Change):
                found.append(x)
            elif isinstance(x, list):  # a keyword and the change after it (helper W6)
                found.extend(self.m4_changes(x))
        return found

    def _effects(self, what: Any, changes: list[_Change], duration: n.Duration) -> tuple[Any, ...]:
        """The effect nodes of ``changes`` to ``what``, in the order written (mtg:608.2c)."""
        out: list[Any] = []
        for change in changes:
            if change.kind == "pt":
                assert change.power is not None and change.toughness is not None
                out.append(n.ModifyPT(what, change.power, change.toughness, duration))
            elif change.kind in {"gain", "lose"}:
                node = n.GainAbility if change.kind == "gain" else n.LoseAbility
                out.extend(node(what, k.name, k.argument, duration) for k in change.keywords)
                if change.grants and duration not in {"end_of_turn", "permanent"}:
                    raise NotRead(f"a quoted ability granted {duration}")
                out.extend(replace(g, what=what, duration=duration) for g in change.grants)
            elif change.kind == "lose_all":
                out.append(n.LoseAllAbilities(what, duration))
            elif change.kind == "base":
                assert change.power is not None and change.toughness is not None
                out.append(n.SetBasePT(what, change.power, change.toughness, duration))
            else:
                assert change.becomes is not None
                out.extend(self._becomes(what, change.becomes, duration))
        return tuple(out)

    def m4_front_changes(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, target creature loses all abilities and has base power
        and toughness 0/1": the duration in front applies to every change after it."""
        return self._effects(c[2], c[3], c[0])

    def m4_lose_all(self, c: list[Any]) -> tuple[Any, ...]:
        """ "loses all abilities [and has base power and toughness N/N | and becomes ...]
        [until end of turn]"; with no duration it lasts for the game (mtg:611.2a)."""
        duration = _duration_at_end(c)
        changes = [_Change("lose_all")]
        more = next((x for x in c if isinstance(x, _Change)), None)
        if more is not None:
            changes.append(more)
        return self._effects(c[0], changes, duration)

    def m4_base_pt(self, c: list[Any]) -> n.SetBasePT:
        """ "has base power and toughness 3/3 until end of turn" (mtg:613.4b)."""
        power, toughness = c[-2]
        return n.SetBasePT(c[0], power, toughness, c[-1])

    # ------------------------------------------------------------- becomes
    def m4_what(self, c: list[Any]) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        colors = tuple(str(t).lower() for t in _tokens(c, "COLOR"))
        words = [x for x in c if isinstance(x, tuple)]
        types = tuple(w for role, w in words if role == "type")
        subtypes = tuple(w for role, w in words if role == "subtype")
        return types, subtypes, colors

    def m4_still(self, c: list[Any]) -> bool:
        """ "that's still a land": the object keeps its types (mtg:205.1b)."""
        return True

    def m4_in_addition(self, c: list[Any]) -> bool:
        """ "in addition to its other types" (mtg:205.1b)."""
        return True

    def _becoming(
        self, what: Any, size: tuple[int | str, int | str] | None, keeps: bool
    ) -> _Becoming:
        types, subtypes, colors = what
        # "an artifact creature" keeps the object's other types too (mtg:205.1b)
        keeps = keeps or set(types) == {"artifact", "creature"}
        if size is not None and "creature" not in types and not subtypes:
            raise self._not_read("a size for something that is not a creature")
        if set(subtypes) & _BASIC_LAND_TYPES and (types or not set(subtypes) <= _BASIC_LAND_TYPES):
            # a land that becomes only basic land types loses the abilities of its text
            # (mtg:305.7, effects_stats.py); with other types or subtypes, not read
            raise self._not_read("becoming a basic land type and more")
        return _Becoming(types, subtypes, colors, size, keeps)

    def m4_with(self, c: list[Any]) -> list[d.HasKeyword]:
        keywords: list[d.HasKeyword] = c[-1]
        return keywords

    def m4_becomes(self, c: list[Any]) -> _Becoming:
        size = next((x for x in c if isinstance(x, tuple) and len(x) == 2), None)
        what = next(x for x in c if isinstance(x, tuple) and len(x) == 3)
        colors = any(x == KEEPS_COLORS for x in c)
        becoming = self._becoming(what, size, colors or any(x is True for x in c))
        keywords = next((x for x in c if isinstance(x, list)), [])
        return replace(becoming, keywords=tuple(keywords), keeps_colors=colors)

    def m4_becomes_base(self, c: list[Any]) -> _Becoming:
        size = next(x for x in c if isinstance(x, tuple) and len(x) == 2)
        what = next(x for x in c if isinstance(x, tuple) and len(x) == 3)
        colors = any(x == KEEPS_COLORS for x in c)
        becoming = self._becoming(what, size, colors or any(x is True for x in c))
        return replace(becoming, keeps_colors=colors)

    def m4_becomes_colors(self, c: list[Any]) -> _Becoming:
        """ "becomes blue", "become white and black": the new colors replace the old ones
        (mtg:105.3) and the card types stay as they are (layer 5, mtg:613.1e)."""
        colors = tuple(str(t).lower() for t in _tokens(c, "COLOR"))
        return _Becoming((), (), colors, None, False)

    def _becomes(self, what: Any, b: _Becoming, duration: n.Duration) -> tuple[Any, ...]:
        """The "becomes" and then the keywords it becomes one "with" (mtg:613.1f)."""
        power, toughness = b.size if b.size is not None else (None, None)
        return (
            n.Becomes(
                what,
                b.types,
                b.subtypes,
                b.colors,
                power,
                toughness,
                b.keeps,
                duration,
                keeps_colors=b.keeps_colors,
            ),
            *self._gains(what, list(b.keywords), duration),
        )

    def m4_becomes_effect(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target land becomes a 3/3 creature that's still a land until end of turn";
        with no duration it lasts for the game (mtg:611.2a)."""
        duration = _duration_at_end(c)
        becoming = next(x for x in c if isinstance(x, _Becoming))
        return self._becomes(c[0], becoming, duration)

    def m4_may_have_become(self, c: list[Any]) -> n.May:
        """ "you may have target land you control become a 3/3 Elemental creature with
        haste until end of turn" (mtg:608.2d)."""
        becoming = next(x for x in c if isinstance(x, _Becoming))
        return n.May(self._becomes(c[3], becoming, c[-1]))

    def m4_protection_choice(self, c: list[Any]) -> n.GainProtectionChoice:
        """ "gains protection from the color of your choice until end of turn": the color
        is chosen as it resolves (mtg:608.2d)."""
        words = [str(t).lower() for t in _tokens(c, "WORD")]
        if words != ["color"]:
            raise self._not_read(f"protection from the {words[0]} of your choice")
        return n.GainProtectionChoice(c[0], c[-1])

    # ------------------------------------------------------------- a group a target controls
    def m4_group(self, c: list[Any]) -> n.EachControlledBy:
        """ "creatures target player controls": each of them as the effect happens; the
        set is fixed then, as for every change of characteristics (mtg:611.2c)."""
        ref: DraftRef = c[1]
        if not ref.draft.kinds <= {"player"} or ref.draft.max != 1:
            raise self._not_read("a group controlled by something other than one player")
        return n.EachControlledBy(d.HasType(CARD_TYPE_WORDS[str(c[0]).lower()]), ref)  # type: ignore[arg-type]

    def m4_group_pt(self, c: list[Any]) -> n.ModifyPT:
        """ "Creatures target player controls get -1/-1 until end of turn" (mtg:613.4c)."""
        return self._modify(c[0], _tokens(c, "PT")[0], c[-1])

    def m4_group_pt_gain(self, c: list[Any]) -> tuple[Any, ...]:
        return (self._modify(c[0], _tokens(c, "PT")[0], c[-1]), *self._gains(c[0], c[-2], c[-1]))

    def m4_group_gain(self, c: list[Any]) -> tuple[Any, ...]:
        return tuple(self._gains(c[0], c[-2], c[-1]))

    # ------------------------------------------------------------- where X is (X3)
    def x3_pt_where(self, c: list[Any]) -> tuple[Any, ...]:
        """ "target creature gets +X/+X until end of turn, where X is the number of
        creature cards in your graveyard" (mtg:107.3c, mtg:613.4c)."""
        duration: n.Duration = "your_next_turn" if _tokens(c, "NEXT") else "end_of_turn"
        return define_x((self._modify(c[0], _tokens(c, "PT")[0], duration),), c[-1])

    def x3_pt_gain_where(self, c: list[Any]) -> tuple[Any, ...]:
        """ "... gets +X/+X and gains trample until end of turn, where X is ..."."""
        keywords: list[d.HasKeyword] = list(c[5])
        return define_x(
            (
                self._modify(c[0], _tokens(c, "PT")[0], "end_of_turn"),
                *self._gains(c[0], keywords, "end_of_turn"),
            ),
            c[-1],
        )

    def x3_gain_pt_where(self, c: list[Any]) -> tuple[Any, ...]:
        """ "... gains trample and gets +X/+X until end of turn, where X is ~'s power"."""
        keyword: d.HasKeyword = c[2]
        return define_x(
            (
                *self._gains(c[0], [keyword], "end_of_turn"),
                self._modify(c[0], _tokens(c, "PT")[0], "end_of_turn"),
            ),
            c[-1],
        )

    def x3_front_where(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, target creature gains trample and gets +X/+X, where X is
        the number of attacking creatures"."""
        return define_x(self.m4_front_changes(c[:4]), c[-1])

    def x3_gain_pt(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Target creature gains flying and gets +2/+2 until end of turn": both changes,
        in the order written (mtg:608.2c; layers 6 and 7c, mtg:613.1f, mtg:613.4c)."""
        keyword: d.HasKeyword = c[2]
        return (
            *self._gains(c[0], [keyword], c[-1]),
            self._modify(c[0], _tokens(c, "PT")[0], c[-1]),
        )

    def x3_front_gain(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, target creature gains trample and gets +X/+X"."""
        changes = [_Change("gain", keywords=(c[4],)), *c[6]]
        return self._effects(c[2], changes, c[0])

    def x3_front_gain_where(self, c: list[Any]) -> tuple[Any, ...]:
        return define_x(self.x3_front_gain(c[:7]), c[-1])

    def x3_may_pt_where(self, c: list[Any]) -> tuple[Any, ...]:
        """ "you may have target creature get +X/+X until end of turn, where X is ~'s
        power" (optional, mtg:608.2d)."""
        return define_x((self.m4_may_have_pt(c),), c[-1])

    # ------------------------------------------------------------- for each (X3)
    def _per_each(self, what: Any, pt: Token, nominal: Any, duration: n.Duration) -> n.ModifyPT:
        """ "+1/+0 for each Goblin you control": each number given times the count, taken
        as the effect happens (mtg:608.2h, mtg:613.4c)."""
        power, toughness = pt_change(pt)
        if not isinstance(power, int) or not isinstance(toughness, int):
            raise self._not_read("a variable P/T change “for each”")
        descriptor: d.Descriptor = nominal.descriptor
        refuse_pronoun_players(descriptor)
        return n.ModifyPT(
            what,
            n.CountOf(descriptor, power) if power else 0,
            n.CountOf(descriptor, toughness) if toughness else 0,
            duration,
        )

    def x3_pt_for_each(self, c: list[Any]) -> n.ModifyPT:
        """ "Target creature gets +1/+1 until end of turn for each creature you control"."""
        return self._per_each(c[0], _tokens(c, "PT")[0], c[-1], "end_of_turn")

    def x3_front_pt_for_each(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Until end of turn, target creature gets +1/+1 for each creature you control
        and gains trample" (Chorus of Might)."""
        modify = self._per_each(c[2], _tokens(c, "PT")[0], c[7], c[0])
        keywords: list[d.HasKeyword] = c[-1] if isinstance(c[-1], list) else []
        return (modify, *self._gains(c[2], keywords, c[0]))

    # ------------------------------------------------------------- doubling (X3)
    def x3_double_power(self, c: list[Any]) -> n.DoublePower:
        """ "Double target creature's power until end of turn", "Double the power of
        target creature" (mtg:701.9a, mtg:701.9b). No duration said: for the game."""
        what = next(x for x in c if not isinstance(x, Token | str))
        return n.DoublePower(what, duration=_duration_at_end(c))

    def x3_double_pt(self, c: list[Any]) -> n.DoublePower:
        """ "Double target creature's power and toughness until end of turn"."""
        return n.DoublePower(c[1], toughness=True, duration=_duration_at_end(c))

    # ------------------------------------------------------------- switch, choose
    def m4_switch(self, c: list[Any]) -> n.SwitchPowerToughness:
        """ "Switch target creature's power and toughness until end of turn", "Switch the
        power and toughness of each of up to two target creatures" (mtg:613.4d)."""
        what = next(x for x in c if not isinstance(x, Token))
        return n.SwitchPowerToughness(what, c[-1])

    def m4_choose(self, c: list[Any]) -> n.ChooseTarget:
        """ "Choose target creature.": a target chosen as the spell is cast (mtg:115.1);
        later text says what happens to it (mtg:608.2c)."""
        return n.ChooseTarget(c[1])

    # ------------------------------------------------------------- combat
    def m4_cant_block(self, c: list[Any]) -> str:
        return "cant_block"

    def m4_cant_attack(self, c: list[Any]) -> str:
        return "cant_attack"

    def m4_cant_attack_or_block(self, c: list[Any]) -> str:
        return "cant_attack_or_block"

    def m4_cant_be(self, c: list[Any]) -> str:
        if str(c[1]).lower() != "blocked":
            raise self._not_read(f"can't be {c[1]}")
        return "cant_be_blocked"

    def _combat(
        self, what: Any, kind: n.CombatKind, duration: n.Duration, attacker: Any = None
    ) -> n.CombatRestriction:
        if isinstance(what, n.Attached | n.Each | n.EachControlledBy):
            # a group or an attached object: a rule for whatever fits it at any time
            # (mtg:611.2c), not an effect on the objects chosen now
            raise self._not_read("a combat restriction on a group")
        return n.CombatRestriction(what, kind, duration, attacker)

    def m4_cant(self, c: list[Any]) -> n.CombatRestriction:
        """ "target creature can't block this turn" (a restriction, mtg:509.1b), "can't
        attack" (mtg:508.1c), "can't be blocked" (mtg:509.1b)."""
        return self._combat(c[0], c[2], c[3])

    def m4_attacks_if_able(self, c: list[Any]) -> n.CombatRestriction:
        """ "attacks this turn if able": a requirement (mtg:508.1d)."""
        return self._combat(c[0], "attacks_if_able", c[2])

    def m4_blocks_if_able(self, c: list[Any]) -> n.CombatRestriction:
        """ "blocks this turn if able": a requirement (mtg:509.1c)."""
        return self._combat(c[0], "blocks_if_able", c[2])

    def m4_blocks_self_if_able(self, c: list[Any]) -> n.CombatRestriction:
        """ "Target creature blocks ~ this turn if able", "... blocks target creature this
        turn if able": a requirement naming the attacker it must block (mtg:509.1c). "it"
        may mean the source or an earlier target, which the reference can't tell apart."""
        if not isinstance(c[2], n.Self | DraftRef):
            raise self._not_read("the creature to block named by a pronoun")
        return self._combat(c[0], "blocks_if_able", c[3], c[2])

    def m4_still_rider(self, c: list[Any]) -> StillA:
        """ "It's still a land." after a "becomes" (mtg:205.1b)."""
        return StillA(str(c[-2] if c[-1].type == "DOT" else c[-1]).lower())

    def m4_lure(self, c: list[Any]) -> n.CombatRestriction:
        """ "All creatures able to block target creature this turn do so": a requirement
        on each creature that could block it (mtg:509.1c), carried by the attacker."""
        group = c[0]
        if not (isinstance(group, n.Each) and group.descriptor == d.HasType("creature")):
            raise self._not_read("a block requirement on a group other than all creatures")
        return self._combat(c[4], "must_be_blocked", c[5])


@dataclass(frozen=True, slots=True)
class StillA:
    """ "It's still a land.": a rider on the "becomes" of the sentence before, which then
    keeps the object's types (mtg:205.1b); folded into that :class:`Becomes`."""

    type: str


def _keeping(effect: Any) -> Any:
    """``effect`` with every "becomes" in it, also inside "you may", keeping types."""
    if isinstance(effect, n.Becomes):
        return replace(effect, keeps_types=True)
    if isinstance(effect, n.May | n.Conditional):
        return replace(effect, effects=tuple(_keeping(e) for e in effect.effects))
    return effect


def fold_still(effects: list[Any], last: int) -> bool:
    """Mark the "becomes" effects of the sentence before (``effects[last:]``) as keeping
    the object's types (mtg:205.1b); False, and nothing changes, if it has none."""
    kept = [_keeping(e) for e in effects[last:]]
    if kept == effects[last:]:
        return False
    effects[last:] = kept
    return True


__all__ = ["StatsBuilder", "StillA", "fold_still", "pt_change"]
