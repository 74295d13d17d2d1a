"""Turn lark trees of Flesh and Blood text into descriptors, target drafts and effects.

Target phrases become :class:`Draft` objects (a requirement before its index in the
ability is known); :mod:`tcgrules.games.flesh_and_blood.text` turns them into
:class:`~tcgrules.kernel.descriptors.TargetRequirement` (fab:1.8.5).

How the words map to descriptors:

- a type is ``HasType`` (fab:2.15), a subtype ``HasSubtype`` (fab:2.10), a class or
  talent ``HasSupertype`` (fab:2.11.6), a pitch colour ``Color`` (fab:2.1.2);
- "card" is ``IsCard`` (fab:1.2.2e), "permanent" ``IsPermanent`` (fab:1.2.2f),
  "source" ``IsSource``; a capitalised name is ``Named`` (fab:1.2.2b: an object is
  identified by its name and its moniker, so "target Arakni" names a moniker; a name
  in rules text means the existing objects with that name or moniker, fab:2.12.3b),
  but "a card named X" is the name only (fab:2.7.3c);
- a trait ("Agent of Chaos", fab:2.13.3a) is ``InSet("traits", ...)``: every object
  with that trait (fab:2.13.4); traits are read as one lexer token;
- "attack" as the last noun is the attack identity (fab:1.2.2d), read as
  ``Status("attack")``: the object that is the attack, not the hero attacking with it
  (fab:7.2.4a); before another noun ("attack action card") it is the subtype attack;
- "opposing" and "an opponent controls" are ``Controller("opponent")``, "you control"
  ``Controller("you")``; "opponent" as a noun is an opponent's hero (fab:1.1.2b);
- "any target" is a living object (fab:1.8.5d with fab:2.5.1): the effects that say
  it in the card pool all deal damage, and damage needs a life total (fab:8.5.3c).

``kinds`` (the head noun of each alternative) use this vocabulary: ``hero``, ``ally``,
``attack``, ``card``, ``permanent``, ``source``, ``equipment``, ``weapon``, ``token``,
a functional subtype (``aura``, ``item``, ``landmark``, ``figment``, ``ash``,
``arrow``, ``affliction``, ...) and ``object`` for a name or a trait. A weapon subtype ("sword")
is ``weapon``, an equipment slot ("head", "off-hand") ``equipment``, a card type
("action card", "instant") ``card``; "aura token" is ``aura``. ``zone`` is ``arena``
unless the phrase names one (``graveyard``, ``banished``, ``arsenal``, ``stack``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Transformer, Tree

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import (
    Alt,
    BuilderRules,
    Draft,
    DraftRef,
    Post,
    Quant,
    all_of,
    any_of,
    count,
    draft_refs,
    mark_spans,
    split_span,
)
from tcgrules.cardtext.grammar import transform
from tcgrules.games.flesh_and_blood.text_lexer import NUMBER_WORDS, singular
from tcgrules.games.flesh_and_blood.vocabulary import FUNCTIONAL_SUBTYPES
from tcgrules.kernel import descriptors as d

#: "any target" (fab:1.8.5d): an object with a life total, a living object (fab:2.5.1)
ANY_TARGET: d.Descriptor = d.Compare("life", ">=", 0)
#: the living objects of the card pool: heroes and allies
ANY_TARGET_KINDS = frozenset({"hero", "ally"})
#: condition keys of descriptions that the Flesh and Blood ruleset evaluates itself
DIFFERENT_COSTS = "different_costs"
LESS_LIFE_THAN_EACH_OTHER = "less_life_than_each_other:"
#: where FaB target phrases look unless they name a zone: the arena and the stack
#: (fab:1.8.5a); the kernel's descriptor scope decides the exact zones
DEFAULT_ZONE = "arena"

#: weapon subtypes that are not functional (fab:2.10.6b): the kind of a "sword" is weapon
_WEAPON_SUBTYPES = frozenset(
    {
        "axe",
        "bow",
        "brush",
        "cannon",
        "claw",
        "club",
        "dagger",
        "fiddle",
        "flail",
        "gun",
        "hammer",
        "log",
        "lute",
        "orb",
        "pistol",
        "polearm",
        "rock",
        "scepter",
        "scythe",
        "shuriken",
        "staff",
        "sword",
        "wrench",
        "(1h)",
        "(2h)",
    }
)
_EQUIPMENT_SUBTYPES = frozenset({"head", "chest", "arms", "legs", "off-hand", "base", "evo"})
_CARD_TYPES = frozenset(
    {"action", "instant", "attack reaction", "defense reaction", "block", "resource", "mentor"}
)
_HEADS = {
    "CARD": "card",
    "PERMANENT": "permanent",
    "SOURCE": "source",
    "OPPONENT": "hero",
}
_THEIR = re.compile(r"\btheir\b", re.IGNORECASE)
#: rules whose subtree gets a SPAN marker token (its text span) before transforming
SPAN_RULES = frozenset(
    {
        "tref",
        "tref_count_after",
        "tref_any",
        "tref_another",
        "tref_targets",
        "tref_up_to_any",
        "with_cost_count",
        "defending_clause",
        "each_ref",
        "all_ref",
        "defined_count",
        "defined_highest",
        "defined_if",
    }
)


@dataclass(slots=True)
class _Nominal:
    descriptor: d.Descriptor
    kinds: frozenset[str]
    zone: str
    zone_clause: d.Descriptor | None = None
    plural_name: bool = False


def _value(token: Token) -> int | str:
    if token.type == "NUMBER":
        return int(token)
    if token.type == "NUMWORD":
        return NUMBER_WORDS[token.lower()]
    if token.type == "A":
        return 1
    if token.type == "RESOURCE":
        return str(token).count("{r}")
    return str(token)


def _non(word: str) -> d.Descriptor:
    """ "non-attack", "'non-attack'", "non-hero", "non-token", "non-equipment"."""
    rest = singular(word.strip("'").lower()[4:])
    if rest == "attack":
        return d.Not(d.HasSubtype("attack"))
    if rest in _CARD_TYPES or rest in {"hero", "equipment", "weapon", "token", "demi-hero"}:
        return d.Not(d.HasType(rest))
    return d.Not(d.HasSubtype(rest))


def _noun_kind(role: str, word: str) -> str:
    """The kind a noun gives a phrase (the vocabulary of ``TargetRequirement.kinds``)."""
    if role == "head":
        return word
    if role == "attack":
        return "attack"
    if role in {"name", "trait"}:
        return "object"
    if role == "type":
        return "card" if word in _CARD_TYPES else word
    if word in _WEAPON_SUBTYPES:
        return "weapon"
    if word in _EQUIPMENT_SUBTYPES:
        return "equipment"
    if word in FUNCTIONAL_SUBTYPES:
        return word
    return "card"


class FabBuilder(BuilderRules, Transformer[Token, Any]):
    """Bottom-up: tokens -> descriptors -> drafts -> effects (one instance per tree)."""

    value_of = staticmethod(_value)

    # ------------------------------------------------------------- quantities

    def q_that_many(self, c: list[Any]) -> Quant:
        return Quant(0, None)

    # ------------------------------------------------------------- noun phrases
    def premod(self, c: list[Token]) -> d.Descriptor:
        tok = c[0]
        low = tok.lower()
        if tok.type == "COLOR":
            return d.Color(low)
        if tok.type == "SUPERTYPE":
            return d.HasSupertype(low)
        if tok.type == "NONWORD":
            return _non(str(tok))
        if tok.type == "OPPOSING":
            return d.Controller("opponent")
        return d.Status(low)

    def psep(self, c: list[Token]) -> str:
        return "or" if any(t.type in {"OR", "ANDOR"} for t in c) else "comma"

    def premods(self, c: list[Any]) -> d.Descriptor:
        """Adjacent modifiers all apply; modifiers joined by "or" (and commas in such a
        list) are alternatives: "defending Earth or Elemental" is defending and (Earth or
        Elemental)."""
        groups: list[list[d.Descriptor]] = []
        joined = False
        for item in c:
            if isinstance(item, str):
                joined = True
                continue
            if joined and groups:
                groups[-1].append(item)
            else:
                groups.append([item])
            joined = False
        return all_of([any_of(g) if len(g) > 1 else g[0] for g in groups])

    def noun(self, c: list[Token]) -> tuple[str, str]:
        tok = c[0]
        if tok.type == "TYPE":
            return ("type", singular(str(tok)))
        if tok.type == "SUBTYPE":
            word = str(tok).lower()
            return ("subtype", f"({word})" if word in {"1h", "2h"} else singular(word))
        if tok.type == "ATTACK":
            return ("attack", "attack")
        if tok.type == "NAME":
            return ("name", str(tok))
        if tok.type == "TRAIT":
            return ("trait", str(tok))
        return ("head", _HEADS[tok.type])

    def nouns(self, c: list[tuple[str, str]]) -> Alt:
        return self._alt(list(c))

    def _alt(self, nouns: list[tuple[str, str]]) -> Alt:
        parts: list[d.Descriptor] = []
        names: list[str] = []
        last = len(nouns) - 1
        for index, (role, word) in enumerate(nouns):
            if role == "name":
                names.append(word)
                if index < last and nouns[index + 1][0] == "name":
                    continue
                parts.append(d.Named(" ".join(names), moniker=True))
                names = []
            elif role == "trait":
                parts.append(d.InSet("traits", word))
            elif role == "type":
                parts.append(d.HasType(word))
            elif role == "subtype":
                parts.append(d.HasSubtype(word))
            elif role == "attack":
                parts.append(d.Status("attack") if index == last else d.HasSubtype("attack"))
            elif word == "card":
                parts.insert(0, d.IsCard())
            elif word == "permanent":
                parts.insert(0, d.IsPermanent())
            elif word == "source":
                parts.insert(0, d.IsSource())
            else:  # "opponent": an opponent's hero (fab:1.1.2b)
                parts[:0] = [d.HasType("hero"), d.Controller("opponent")]
        role, word = nouns[-1]
        if (role, word) == ("type", "token") and len(nouns) > 1:
            role, word = nouns[-2]  # "aura token": an aura (that is a token)
        return Alt(parts, nouns, _noun_kind(role, word))

    def alt(self, c: list[Any]) -> Alt:
        alt: Alt = c[-1]
        if len(c) > 1:
            alt.parts.insert(0, c[0])
        return alt

    def alt_list(self, c: list[Any]) -> list[Alt]:
        return [x for x in c if isinstance(x, Alt)]

    def alts(self, c: list[Any]) -> list[Alt]:
        found: list[Alt] = [c[0]]
        if len(c) > 1:
            found.extend(c[1])
        return _share_nouns(found, self)

    def nominal(self, c: list[Any]) -> _Nominal:
        alts: list[Alt] = c[0]
        posts: list[Post] = c[1:]
        descs = [all_of(a.parts) if a.parts else d.IsPermanent() for a in alts]
        descriptor = any_of(descs)
        extra = [p.descriptor for p in posts]
        zone = next((p.zone for p in posts if p.zone), None)
        if extra:
            descriptor = all_of([descriptor, *extra])
        clause = None
        if posts and posts[-1].zone is not None:
            clause = posts[-1].descriptor
        plural_name = any(a.nouns[-1][0] == "name" for a in alts)
        return _Nominal(
            descriptor, frozenset(a.kind for a in alts), zone or DEFAULT_ZONE, clause, plural_name
        )

    # postmodifiers
    def ctl_you(self, c: list[Any]) -> Post:
        return Post(d.Controller("you"))

    def ctl_opponent(self, c: list[Any]) -> Post:
        return Post(d.Controller("opponent"))

    def ctl_they(self, c: list[Any]) -> Post:
        return Post(d.ControlledBy("that_player"))

    def ctl_status_hero(self, c: list[Any]) -> Post:
        return Post(d.ControlledBy(f"{str(c[3]).lower()}_hero"))

    def ctl_target(self, c: list[Any]) -> Post:
        return Post(d.ControlledBy("target_player"))

    def zone_graveyard(self, c: list[Any]) -> Post:
        return Post(d.InZone("graveyard", c[1]), "graveyard")

    def zone_banished(self, c: list[Any]) -> Post:
        return Post(d.InZone("banished", c[1]), "banished")

    def zone_arsenal(self, c: list[Any]) -> Post:
        return Post(d.InZone("arsenal", c[1]), "arsenal")

    def zone_hand(self, c: list[Any]) -> Post:
        return Post(d.InZone("hand", c[1]), "hand")

    def zone_pitch(self, c: list[Any]) -> Post:
        return Post(d.InZone("pitch", c[1]), "pitch")

    def zone_stack(self, c: list[Any]) -> Post:
        return Post(d.InZone("stack"), "stack")

    def zone_combat_chain(self, c: list[Any]) -> Post:
        return Post(d.InZone("combat_chain"), "combat_chain")

    def defending_on_active_link(self, c: list[Any]) -> Post:
        return Post(d.AllOf((d.Status("defending"), d.Condition("on_active_chain_link"))))

    def on_active_link(self, c: list[Any]) -> Post:
        return Post(d.Condition("on_active_chain_link"))

    def whose_you(self, c: list[Any]) -> d.Relation:
        return "you"

    def whose_any(self, c: list[Any]) -> d.Relation:
        return "any"

    def whose_opponent(self, c: list[Any]) -> d.Relation:
        return "opponent"

    def with_clause(self, c: list[Any]) -> Post:
        return Post(all_of([x for x in c if not isinstance(x, Token)]))

    def with_keyword(self, c: list[Any]) -> d.Descriptor:
        found: d.Descriptor = c[0]
        return found

    def kw(self, c: list[Token]) -> d.HasKeyword:
        return d.HasKeyword(c[0].lower(), str(c[1]) if len(c) > 1 else None)

    def kw_go_again(self, c: list[Token]) -> d.HasKeyword:
        return d.HasKeyword("go again")

    def _compare(self, prop: str, cmp: tuple[d.Comparison, int | str]) -> d.Descriptor:
        op, value = cmp
        if isinstance(value, int):
            return d.Compare(prop, op, value)
        return d.CompareVariable(prop, op, value)

    def with_cost(self, c: list[Any]) -> d.Descriptor:
        cmp = c[1]
        if isinstance(cmp, list):
            return any_of([self._compare("cost", x) for x in cmp])
        return self._compare("cost", cmp)

    def with_cost_count(self, c: list[Any]) -> d.Descriptor:
        span, rest = split_span(c)
        start = rest[3].start_pos or span[0]
        phrase = " ".join(self.text[start : span[1]].split())
        return d.CompareVariable("cost", "<", phrase)

    def with_base_power_le(self, c: list[Any]) -> d.Descriptor:
        return self._compare("base_power", ("<=", c[0]))

    def with_power_above_base(self, c: list[Any]) -> d.Descriptor:
        return d.Condition("power_greater_than_base")

    def with_counter(self, c: list[Any]) -> d.Descriptor:
        return d.Condition(f"has_counter:{c[1]}")

    def counter_kind(self, c: list[Token]) -> str:
        return str(c[0]).lower()

    def with_name_part(self, c: list[Any]) -> d.Descriptor:
        return d.Condition(f"name_contains:{c[0]}")

    def with_different_names(self, c: list[Any]) -> d.Descriptor:
        return d.Condition("different_names")

    def with_different_costs(self, c: list[Any]) -> d.Descriptor:
        return d.Condition(DIFFERENT_COSTS)

    def with_life_above_you(self, c: list[Any]) -> d.Descriptor:
        return d.Condition("life_greater_than_you")

    def cmp_either(self, c: list[Any]) -> list[tuple[str, int | str]]:
        return [("==", c[0]), ("==", c[2])]

    def state_attacking_you(self, c: list[Any]) -> Post:
        return Post(d.AllOf((d.Status("attacking"), d.Condition("attacking:you"))))

    def state_attacking_named(self, c: list[Any]) -> Post:
        return Post(d.AllOf((d.Status("attacking"), d.Condition(f"attacking:{c[3]}"))))

    def state_not_active_link(self, c: list[Any]) -> Post:
        return Post(d.Not(d.Condition("on_active_chain_link")))

    def named(self, c: list[Any]) -> Post:
        names: list[str] = c[1]
        return Post(any_of([d.Named(x) for x in names]))

    def names(self, c: list[Any]) -> list[str]:
        found: list[list[str]] = [[]]
        for item in c:
            if isinstance(item, Token):
                found[-1].append(str(item))
            else:
                found.append([])
        return [" ".join(words) for words in found if words]

    def name_sep(self, c: list[Token]) -> str:
        return "sep"

    def defending_clause(self, c: list[Any]) -> Post:
        span, rest = split_span(c)
        start = rest[1].end_pos or span[0]
        phrase = " ".join(self.text[start : span[1]].split()).lower()
        return Post(d.AllOf((d.Status("defending"), d.Condition(f"defending:{phrase}"))))

    # ------------------------------------------------------------- target phrases
    def _draft(
        self,
        span: tuple[int, int],
        nominal: _Nominal,
        quant: Quant | None,
        *,
        other: bool = False,
        any_target: bool = False,
    ) -> DraftRef:
        q = quant or Quant(1, 1)
        descriptor = nominal.descriptor
        if nominal.plural_name and q.max != 1:
            descriptor = _singular_names(descriptor)
        draft = Draft(
            descriptor,
            q.min,
            q.max,
            nominal.kinds,
            nominal.zone,
            span,
            other=other,
            zone_clause=nominal.zone_clause,
            any_target=any_target,
        )
        self.drafts.append(draft)
        return DraftRef(draft)

    def _any_target(self, opposing: bool) -> _Nominal:
        descriptor = ANY_TARGET
        if opposing:
            descriptor = d.AllOf((ANY_TARGET, d.Controller("opponent")))
        return _Nominal(descriptor, ANY_TARGET_KINDS, DEFAULT_ZONE)

    def tref(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        quant = rest[0] if isinstance(rest[0], Quant) else None
        return self._draft(span, rest[-1], quant)

    def tref_count_after(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        value = count(rest[1])
        return self._draft(span, rest[-1], Quant(value or 0, value))

    def tref_any(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        quant = rest[0] if isinstance(rest[0], Quant) else None
        opposing = any(isinstance(x, Token) and x.type == "OPPOSING" for x in rest)
        return self._draft(span, self._any_target(opposing), quant, any_target=True)

    def tref_another(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        return self._draft(span, rest[-1], None, other=True)

    def tref_targets(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        return self._draft(span, self._any_target(False), rest[0], any_target=True)

    def tref_up_to_any(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        return self._draft(span, self._any_target(False), Quant(0, count(rest[3])), any_target=True)

    # ------------------------------------------------------------- groups
    def each_ref(self, c: list[Any]) -> n.Each:
        """ "each opposing hero": every object that fits when the effect is generated; not
        a target, so nothing is declared for it (fab:1.8.5c)."""
        return self._group(c, plural=False)

    def all_ref(self, c: list[Any]) -> n.Each:
        """ "all Seismic Surges you control": as "each", with the plural of a name read as
        the name (a name in the text means the objects with that name, fab:2.12.3b)."""
        return self._group(c, plural=True)

    def _group(self, c: list[Any], *, plural: bool) -> n.Each:
        span, rest = split_span(c)
        nominal: _Nominal = rest[-1]
        descriptor = nominal.descriptor
        if plural and nominal.plural_name:
            descriptor = _singular_names(descriptor)
        if _THEIR.search(self.text, span[0], span[1]):
            # "all cards in their arsenal": the zone of a player named earlier, which a
            # group can't look up yet (the condition is not supported when resolving)
            descriptor = all_of([descriptor, d.Condition("zone_of_that_player")])
        return n.Each(descriptor)

    # ------------------------------------------------------------- effects
    def self_ref(self, c: list[Any]) -> n.Self:
        return n.Self()

    def it_ref(self, c: list[Token]) -> n.It:
        return n.It(c[0].lower())

    def sentence(self, c: list[Any]) -> list[Any]:
        out: list[Any] = []
        for x in c:
            if isinstance(x, Token):
                continue
            out.extend(x if isinstance(x, tuple) else (x,))
        return out

    def may(self, c: list[Any]) -> n.May:
        """ "You may ...": an optional effect; a target it declares may be left unchosen,
        and then the effect is not generated (fab:1.8.5e)."""
        inner = c[-1]
        effects = inner if isinstance(inner, tuple) else (inner,)
        for ref in draft_refs(effects):
            ref.draft.min = 0
        return n.May(effects)

    def both(self, c: list[Any]) -> tuple[Any, ...]:
        out: list[Any] = []
        for part in (c[0], c[-1]):
            out.extend(part if isinstance(part, tuple) else (part,))
        return tuple(out)

    def until_end_of_turn(self, c: list[Any]) -> Any:
        inner = c[-1]
        if isinstance(inner, n.ModifyStat):
            return n.ModifyStat(inner.what, inner.prop, inner.amount, "end_of_turn")
        if isinstance(inner, n.GainAbility):
            return n.GainAbility(inner.what, inner.keyword, inner.argument, "end_of_turn")
        if isinstance(inner, n.GrantAbility):
            return replace(inner, duration="end_of_turn")
        if isinstance(inner, tuple):
            return tuple(self.until_end_of_turn([x]) for x in inner)
        return inner

    def recipients(self, c: list[Any]) -> list[Any]:
        return [x for x in c if not isinstance(x, Token)]

    def _damage(self, amount: int | str, to: list[Any], source: Any, arcane: bool) -> Any:
        kind = n.ArcaneDamage if arcane else n.DealDamage
        effects = tuple(kind(amount, who, source=source) for who in to)
        return effects[0] if len(effects) == 1 else effects

    def deal(self, c: list[Any]) -> Any:
        arcane = any(isinstance(x, Token) and x.type == "ARCANE" for x in c)
        return self._damage(c[1], c[-1], n.Self(), arcane)

    def deals(self, c: list[Any]) -> Any:
        arcane = any(isinstance(x, Token) and x.type == "ARCANE" for x in c)
        start = 1 if isinstance(c[0], Token) else 0  # "have X deal ..."
        return self._damage(c[start + 2], c[-1], c[start], arcane)

    def _stat(self, what: Any, token: Token, duration: n.StatDuration | None) -> n.ModifyStat:
        text = str(token)
        sign, body = text[0], text[1:]
        number, symbol = body.split("{", 1)
        prop = {"p}": "power", "d}": "defense", "i}": "intellect"}[symbol]
        amount: int | str = int(number) if number.isdigit() else number
        if sign == "-":
            amount = -amount if isinstance(amount, int) else "-" + amount
        return n.ModifyStat(what, prop, amount, duration or "permanent")

    def gets(self, c: list[Token]) -> str:
        return "gets"

    # ------------------------------------------------------------- "(c)" values
    def self_poss(self, c: list[Token]) -> str:
        return "self"

    def stat(self, c: list[Token]) -> str:
        return "power" if c[0].type == "POWER_SYM" else "defense"

    def stats(self, c: list[Any]) -> tuple[str, ...]:
        return tuple(x for x in c if isinstance(x, str) and not isinstance(x, Token))

    def defined_count(self, c: list[Any]) -> n.DefinedValue:
        """ "NAME's {p} is equal to [twice] the number of DESCRIPTION" (fab:2.9.2a)."""
        span, rest = split_span(c)
        props: tuple[str, ...] = rest[1]
        twice = any(isinstance(x, Token) and x.type == "TWICE" for x in rest)
        descriptor, distinct = _counted(rest[-1])
        return n.DefinedValue(
            props,
            "count",
            descriptor,
            multiplier=2 if twice else 1,
            distinct=distinct,
            span=span,
        )

    def defined_highest(self, c: list[Any]) -> n.DefinedValue:
        """ "NAME's {p} is equal to the highest base {p} of DESCRIPTION" (fab:2.9.2a)."""
        span, rest = split_span(c)
        props: tuple[str, ...] = rest[1]
        of = next(x for x in rest[2:] if isinstance(x, str) and not isinstance(x, Token))
        descriptor, _ = _counted(rest[-1])
        return n.DefinedValue(props, "highest", descriptor, of=of, span=span)

    def defined_if(self, c: list[Any]) -> n.DefinedValue:
        """ "If you have less {h} than each other hero, NAME's base {p} is N, otherwise it's
        M" (fab:2.9.2a): a condition on your hero (fab:1.1.2b)."""
        span, rest = split_span(c)
        kind = next(x for x in rest if isinstance(x, Token) and x.type == "TYPE")
        then, otherwise = (int(x) for x in rest if isinstance(x, Token) and x.type == "NUMBER")
        props = next(x for x in rest if isinstance(x, tuple))
        return n.DefinedValue(
            props,
            "if",
            d.Condition(f"{LESS_LIFE_THAN_EACH_OTHER}{singular(str(kind))}"),
            then=then,
            otherwise=otherwise,
            span=span,
        )

    def modify(self, c: list[Any]) -> n.ModifyStat:
        duration = c[3] if len(c) > 3 else None
        return self._stat(c[0], c[2], duration)

    def modify_gain(self, c: list[Any]) -> tuple[Any, ...]:
        duration = c[5] if len(c) > 5 else None
        keyword: d.HasKeyword = c[4]
        return (
            self._stat(c[0], c[2], duration),
            n.GainAbility(c[0], keyword.name, keyword.argument, duration or "permanent"),
        )

    def gain_keyword(self, c: list[Any]) -> n.GainAbility:
        keyword: d.HasKeyword = c[2]
        duration = c[3] if len(c) > 3 else None
        return n.GainAbility(c[0], keyword.name, keyword.argument, duration or "permanent")

    def dur_end_of_turn(self, c: list[Token]) -> n.StatDuration:
        return "end_of_turn"

    def dur_chain_link(self, c: list[Token]) -> n.StatDuration:
        return "chain_link"

    def dur_combat_chain(self, c: list[Token]) -> n.StatDuration:
        return "combat_chain"

    def _grant(self, what: Any, token: Token, duration: n.StatDuration | None) -> n.GrantAbility:
        found = self.quoted[token.start_pos or 0]
        return replace(found, what=what, duration=duration or "permanent")

    def grant(self, c: list[Any]) -> n.GrantAbility:
        return self._grant(c[0], c[2], c[3] if len(c) > 3 else None)

    def modify_grant(self, c: list[Any]) -> tuple[Any, ...]:
        duration = c[5] if len(c) > 5 else None
        return (self._stat(c[0], c[2], duration), self._grant(c[0], c[4], duration))

    def gain_life(self, c: list[Any]) -> n.GainLife:
        return n.GainLife(c[0], _life(c[-1]))

    def you_gain_life(self, c: list[Any]) -> n.GainLife:
        return n.GainLife(n.You(), _life(c[-1]))

    def you_lose_life(self, c: list[Any]) -> n.LoseLife:
        return n.LoseLife(n.You(), _life(c[-1]))

    def lose_life(self, c: list[Any]) -> n.LoseLife:
        return n.LoseLife(c[0], _life(c[-1]))

    def tap(self, c: list[Any]) -> n.Tap:
        return n.Tap(c[1])

    def untap(self, c: list[Any]) -> n.Untap:
        return n.Untap(c[1])

    def create_token(self, c: list[Any]) -> Any:
        """ "Create a Runechant token": a token keyword names the token to create (fab:8.0.7,
        fab:8.5.2); its name is a hypothetical object's, not an existing one's (fab:2.12.3b)."""
        kind: Token = c[-1]
        words = [str(t) for t in c[2:-1]]
        if singular(str(kind)) != "token":
            return n.UnsupportedEffect(" ".join(str(t) for t in c if isinstance(t, Token)))
        return n.CreateToken(" ".join(words), c[1])

    def choose_new(self, c: list[Any]) -> n.ChangeTargets:
        """ "choose new targets for X": only legal targets may be chosen (fab:1.8.5f)."""
        return n.ChangeTargets(c[-1], "choose_new")

    def change_the_target(self, c: list[Any]) -> n.ChangeTargets:
        return n.ChangeTargets(c[-1], "change_the_target")


def _counted(nominal: _Nominal) -> tuple[d.Descriptor, str | None]:
    """The objects a "the number of ..." phrase counts: plural names read singular
    ("Spectral Shields" are Spectral Shield tokens), and "with different costs" taken
    out of the description as the property whose different values are counted."""
    descriptor = _singular_names(nominal.descriptor) if nominal.plural_name else nominal.descriptor
    parts = descriptor.parts if isinstance(descriptor, d.AllOf) else (descriptor,)
    distinct = d.Condition(DIFFERENT_COSTS)
    if distinct not in parts:
        return descriptor, None
    kept = [p for p in parts if p != distinct]
    return all_of(kept) if kept else d.IsCard(), "cost"


def _life(token: Token) -> int | str:
    number = str(token).split("{", 1)[0]
    return int(number) if number.isdigit() else number


def _singular_names(descriptor: d.Descriptor) -> d.Descriptor:
    """ "X target Hyper Drivers": a name after a count above one is plural on the card."""
    if isinstance(descriptor, d.Named) and descriptor.name.endswith("s"):
        return replace(descriptor, name=descriptor.name[:-1])
    if isinstance(descriptor, d.AllOf):
        return d.AllOf(tuple(_singular_names(p) for p in descriptor.parts))
    if isinstance(descriptor, d.AnyOf):
        return d.AnyOf(tuple(_singular_names(p) for p in descriptor.parts))
    return descriptor


def _share_nouns(alts: list[Alt], builder: FabBuilder) -> list[Alt]:
    """ "club or hammer weapon attack": a one-word alternative before a longer last one
    shares the last one's trailing nouns ("club weapon attack or hammer weapon attack"),
    as "sword or dagger attack" means a sword attack or a dagger attack."""
    if len(alts) < 2:
        return alts
    last = alts[-1]
    if len(last.nouns) < 2:
        return _share_premods(alts)
    shared: list[Alt] = []
    for alt in alts[:-1]:
        role, _ = alt.nouns[-1] if alt.nouns else ("", "")
        if len(alt.nouns) == 1 and role in {"type", "subtype"}:
            merged = builder._alt([*alt.nouns, *last.nouns[1:]])
            extra = alt.parts[: len(alt.parts) - 1] if len(alt.parts) > 1 else []
            merged.parts[:0] = extra
            shared.append(merged)
        else:
            shared.append(alt)
    shared.append(last)
    return shared


def _share_premods(alts: list[Alt]) -> list[Alt]:
    """ "target Pirate hero or ally": modifiers before the first of single nouns apply
    to each ("a Pirate hero or a Pirate ally"), when the others have none of their own."""
    first = alts[0]
    if any(len(a.nouns) != 1 or len(a.parts) != 1 for a in alts[1:]):
        return alts
    if len(first.nouns) != 1 or len(first.parts) < 2:
        return alts
    mods = first.parts[:-1]
    return [first, *(Alt([*mods, *a.parts], a.nouns, a.kind) for a in alts[1:])]


def build(
    tree: Tree[Token], text: str, quoted: dict[int, n.GrantAbility] | None = None
) -> tuple[list[Draft], Any]:
    """Transform one parsed tree: the drafts it declares (text order) and its value.
    ``quoted`` maps the offset of each QUOTED token to the ability it stands for."""
    mark_spans(tree, SPAN_RULES)
    builder = FabBuilder(text, quoted)
    value = transform(builder, tree)
    drafts = sorted(builder.drafts, key=lambda x: x.span[0])
    return drafts, value


__all__ = ["ANY_TARGET", "ANY_TARGET_KINDS", "DEFAULT_ZONE", "Draft", "DraftRef", "build"]
