"""Turn lark trees of Grand Archive text into descriptors, target drafts and effects.

Target phrases become :class:`~tcgrules.cardtext.build.Draft` objects;
:mod:`tcgrules.games.grand_archive.text` turns them into requirements.

How the words map to descriptors (the objects and targeting page, and the glossary):

- a card type is ``HasType`` (``ga:type-list/types``), a subtype or class
  ``HasSubtype`` (``ga:type-list/subtypes``), Regalia and Unique ``HasSupertype``;
  "token" is ``IsToken`` (tokens follow the conventions of their type,
  ga:objects-and-targeting/target-3);
- "unit" is an ally or a champion (ga:objects-and-targeting/objects-2), "object" a
  card's instance on the field (objects-1: ``IsPermanent``), "card" ``IsCard``;
- "activation" and "materialization" are cards or abilities on the Effects Stack
  (non-objects-1.1, non-objects-1.2): the ruleset's ``is_activation`` /
  ``is_materialization`` facts (``Fact``) in the stack zone; "trigger" is a triggered
  ability there (``IsAbility("triggered")``); "intent" a card in the intent zone and
  "omen" a card in banishment with an omen counter (ga:counters/omen-1);
- a type or subtype word with no zone means the object on the field (objects-4): the
  requirement's zone is ``field``; naming a zone limits it there (target-2.2);
- "rested" / "awake" are the kernel's ``tapped`` / ``untapped`` states
  (ga:game-terms/rest-rested-4, ga:game-terms/wake-up-1); an element is
  ``HasValue("element", ...)`` ("advanced" is any element but fire, water, wind and
  norm, ga:parts-of-a-card-element/4); "memory cost 0" is ``HasValue("cost_kind",
  "memory")`` with ``Compare("cost", "==", 0)`` (ga:parts-of-a-card-cost/1);
- "player" is ``IsPlayer`` and "opponent" a player who is an opponent: the pool's
  wording targets players ("Target player puts the top two cards of their deck into
  their graveyard"), and players other than "you" are the ones the target
  declarations name (ga:playing-cards-resolution/general-rules-3).

``kinds`` use this vocabulary: ``unit``, ``ally``, ``champion``, ``weapon``, ``item``,
``domain``, ``phantasia``, ``object`` (also a subtype or regalia alone), ``token``,
``card`` (also action and attack cards, omens), ``activation``, ``materialization``,
``trigger``, ``intent``, ``player``.
"""

from __future__ import annotations

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
    Span,
    all_of,
    any_of,
    count,
    mark_spans,
    split_span,
)
from tcgrules.cardtext.grammar import transform
from tcgrules.games.grand_archive.text_lexer import NUMBER_WORDS, singular
from tcgrules.games.grand_archive.vocabulary import SUPERTYPES
from tcgrules.kernel import descriptors as d

#: where a phrase looks unless it names a zone: an object on the field (objects-4)
DEFAULT_ZONE = "field"
#: "unit": an ally or a champion (ga:objects-and-targeting/objects-2)
UNIT: d.Descriptor = d.AnyOf((d.HasType("ally"), d.HasType("champion")))
STACK = d.InZone("stack")
_BASIC = ("fire", "water", "wind")
_OBJECT_TYPES = frozenset({"ally", "champion", "weapon", "item", "domain", "phantasia"})
#: statuses the kernel names in its own words
_STATUS = {"rested": "tapped", "awake": "untapped"}
_DURATIONS = frozenset({"end_of_turn", "your_next_turn"})
#: rules whose subtree gets a SPAN marker token (its text span) before transforming
SPAN_RULES = frozenset(
    {
        "tref",
        "tref_another",
        "tref_other",
        "tref_each_of",
        "tref_any_amount",
        "choice_one",
        "choice_up_to",
        "choice_any_amount",
        "choice_exact",
    }
)


@dataclass(slots=True)
class _Nominal:
    descriptor: d.Descriptor
    kinds: frozenset[str]
    zone: str | None
    zone_clause: d.Descriptor | None = None


def _value(token: Token) -> int | str:
    if token.type == "NUMBER":
        return int(token)
    if token.type == "NUMWORD":
        return NUMBER_WORDS[token.lower()]
    if token.type in {"A", "AN"}:
        return 1
    return str(token)


def _element(word: str) -> d.Descriptor:
    """An element word: one element, "basic" or "advanced" (parts-of-a-card-element/4),
    or "non-norm"."""
    low = word.lower()
    if low.startswith("non-"):
        return d.Not(_element(low[4:]))
    if low == "basic":
        return d.AnyOf(tuple(d.HasValue("element", e) for e in _BASIC))
    if low == "advanced":
        return d.Not(d.AnyOf(tuple(d.HasValue("element", e) for e in (*_BASIC, "norm"))))
    return d.HasValue("element", low)


def _noun_descriptor(role: str, word: str) -> list[d.Descriptor]:
    if role == "TYPE":
        return [d.IsToken()] if word == "token" else [d.HasType(word)]
    if role == "SUPERTYPE":
        return [d.HasSupertype(word)]
    if role in {"SUBTYPE", "SPELL"}:
        return [d.HasSubtype(word)]
    if role == "UNIT":
        return [UNIT]
    if role == "OBJECT":
        return [d.IsPermanent()]
    if role == "CARD":
        return [d.IsCard()]
    if role == "ACTIVATION":
        return [d.Fact("is_activation"), STACK]
    if role == "MATERIALIZATION":
        return [d.Fact("is_materialization"), STACK]
    if role == "TRIGGER":
        return [d.IsAbility("triggered")]
    if role == "INTENT":
        return [d.InZone("intent")]
    if role == "PLAYER":
        return [d.IsPlayer()]
    if role == "OPPONENT":
        return [d.IsPlayer(), d.PlayerIs("opponent")]
    # OMEN: a card in banishment with an omen counter (ga:counters/omen-1)
    return [d.IsCard(), d.InZone("banishment"), d.Condition("has_counter:omen")]


def _noun_kind(role: str, word: str) -> str:
    """The kind a phrase's last noun gives it (the vocabulary of the module notes)."""
    if role == "TYPE":
        if word == "token":
            return "token"
        return word if word in _OBJECT_TYPES else "card"
    if role in {"SUBTYPE", "SUPERTYPE", "SPELL", "OBJECT"}:
        return "object"
    if role in {"OPPONENT", "PLAYER"}:
        return "player"
    if role == "OMEN":
        return "card"
    return role.lower()


def _non(word: str) -> d.Descriptor:
    """ "non-champion", "non-token", "non-regalia", "non-Human", "non-attack"."""
    rest = singular(word.lower()[4:])
    if rest == "token":
        return d.Not(d.IsToken())
    if rest == "unit":
        return d.Not(UNIT)
    if rest in SUPERTYPES:
        return d.Not(d.HasSupertype(rest))
    if rest in {"ally", "champion", "weapon", "item", "domain", "phantasia", "action", "attack"}:
        return d.Not(d.HasType(rest))
    return d.Not(d.HasSubtype(rest))


def _zone_of(parts: list[d.Descriptor]) -> str | None:
    """The zone of a phrase's candidates from its parts (the stack for activations and
    triggers, the intent, banishment for omens), or None to use the default."""
    for part in parts:
        if isinstance(part, d.InZone):
            return part.zone
        if isinstance(part, d.IsAbility):
            return "stack"
    return None


class GaBuilder(BuilderRules, Transformer[Token, Any]):
    """Bottom-up: tokens -> descriptors -> drafts -> effects (one instance per tree)."""

    value_of = staticmethod(_value)

    # ------------------------------------------------------------- quantities

    def count(self, c: list[Token]) -> int | str:
        return _value(c[0])

    # ------------------------------------------------------------- noun phrases
    def status(self, c: list[Token]) -> d.Descriptor:
        word = c[0].lower()
        if word == "loaded":
            # a loaded card is a card in the loaded-cards zone of an object, a non-object
            # that only wording such as "target loaded card" reaches
            # (ga:objects-and-targeting/non-objects-1.3.1)
            return d.InZone("loaded_cards")
        if word == "upkeep":
            # a label keyword, which counts as a characteristic (ga:game-terms/label-keywords-2)
            return d.HasKeyword("upkeep")
        return d.Status(_STATUS.get(word, word))

    def non(self, c: list[Token]) -> d.Descriptor:
        return _non(str(c[0]))

    def elements(self, c: list[Any]) -> d.Descriptor:
        return any_of([_element(str(t)) for t in c if isinstance(t, Token) and t.type == "ELEM"])

    def elem_sep(self, c: list[Token]) -> str:
        return "sep"

    def noun(self, c: list[Token]) -> tuple[str, str]:
        tok = c[0]
        return (tok.type, singular(str(tok)))

    def nouns(self, c: list[tuple[str, str]]) -> Alt:
        return _alt(list(c))

    def alt(self, c: list[Any]) -> Alt:
        found: Alt = c[-1]
        found.parts[:0] = [x for x in c[:-1] if not isinstance(x, str)]
        return found

    def alt_list(self, c: list[Any]) -> list[Alt]:
        return [x for x in c if isinstance(x, Alt)]

    def alts(self, c: list[Any]) -> list[Alt]:
        found: list[Alt] = [c[0]]
        if len(c) > 1:
            found.extend(c[1])
        return _share_nouns(found)

    def nominal(self, c: list[Any]) -> _Nominal:
        alts: list[Alt] = c[0]
        posts: list[Post] = c[1:]
        descriptor = any_of([all_of(a.parts) for a in alts])
        zone = next((p.zone for p in posts if p.zone), None)
        if zone is None:
            zones = {_zone_of(a.parts) for a in alts}
            zone = zones.pop() if len(zones) == 1 else None
        kinds = frozenset(a.kind for a in alts)
        if zone is None and kinds != {"player"}:
            zone = DEFAULT_ZONE
        extra = [p.descriptor for p in posts]
        if extra:
            descriptor = all_of([descriptor, *extra])
        clause = posts[-1].descriptor if posts and posts[-1].zone is not None else None
        return _Nominal(descriptor, kinds, zone, clause)

    # postmodifiers
    def ctl_you(self, c: list[Any]) -> Post:
        return Post(d.Controller("you"))

    def ctl_not_you(self, c: list[Any]) -> Post:
        return Post(d.Controller("not_you"))

    def ctl_opponent(self, c: list[Any]) -> Post:
        return Post(d.Controller("opponent"))

    def ctl_have(self, c: list[Any]) -> Post:
        # "omens you have": cards in your banishment, which you own (ga:counters/omen-1)
        return Post(d.Owner("you"))

    def zone(self, c: list[Any]) -> Post:
        whose: tuple[d.Relation, bool] = c[1]
        relation, single = whose
        zones = [x for x in c[2:] if isinstance(x, str) and not isinstance(x, Token)]
        parts = [d.InZone(z, relation) for z in zones]
        descriptor = any_of(list(parts))
        if single:
            descriptor = all_of([descriptor, d.Condition("all_from_one_zone")])
        return Post(descriptor, zones[0])

    def whose_you(self, c: list[Any]) -> tuple[d.Relation, bool]:
        return ("you", False)

    def whose_any(self, c: list[Any]) -> tuple[d.Relation, bool]:
        return ("any", False)

    def whose_single(self, c: list[Any]) -> tuple[d.Relation, bool]:
        return ("any", True)

    def whose_opponent(self, c: list[Any]) -> tuple[d.Relation, bool]:
        return ("opponent", False)

    def z_graveyard(self, c: list[Any]) -> str:
        return "graveyard"

    def z_banishment(self, c: list[Any]) -> str:
        return "banishment"

    def z_hand(self, c: list[Any]) -> str:
        return "hand"

    def z_memory(self, c: list[Any]) -> str:
        return "memory"

    def z_material_deck(self, c: list[Any]) -> str:
        return "material_deck"

    def z_main_deck(self, c: list[Any]) -> str:
        return "main_deck"

    def z_inner_lineage(self, c: list[Any]) -> str:
        return "inner_lineage"

    def with_clause(self, c: list[Any]) -> Post:
        groups: list[list[d.Descriptor]] = [[]]
        for item in c[1:]:
            if item == "or":
                groups.append([])
            elif item != "and":
                groups[-1].append(item)
        return Post(any_of([all_of(g) for g in groups if g]))

    def sep_or(self, c: list[Any]) -> str:
        return "or"

    def sep_and(self, c: list[Any]) -> str:
        return "and"

    def without_counters(self, c: list[Any]) -> Post:
        kind = next(x for x in c if isinstance(x, tuple))[1]
        return Post(d.Not(d.Condition(f"has_counter:{kind}")))

    def with_keyword(self, c: list[Token]) -> d.Descriptor:
        return d.HasKeyword(c[0].lower(), str(c[1]) if len(c) > 1 else None)

    def cost_kind(self, c: list[Token]) -> str:
        return c[0].lower()

    def counter_kind(self, c: list[Token]) -> tuple[str, str]:
        return ("kind", c[0].lower())

    def _compare(self, prop: str, cmp: tuple[d.Comparison, int | str]) -> d.Descriptor:
        op, value = cmp
        if isinstance(value, int):
            return d.Compare(prop, op, value)
        return d.CompareVariable(prop, op, value)

    def with_cost(self, c: list[Any]) -> d.Descriptor:
        return d.AllOf((d.HasValue("cost_kind", c[0]), self._compare("cost", c[2])))

    def with_total_cost(self, c: list[Any]) -> d.Descriptor:
        op, value = c[3]
        return d.Condition(f"total_reserve_cost{op}{value}")

    def with_power(self, c: list[Any]) -> d.Descriptor:
        return self._compare("power", (c[2], c[0]))

    def with_same_cost(self, c: list[Any]) -> d.Descriptor:
        return d.Condition("same_reserve_cost")

    def with_counters(self, c: list[Any]) -> d.Descriptor:
        op, number = c[0]
        kind = c[1][1]
        if (op, number) == (">=", 1):
            return d.Condition(f"has_counter:{kind}")
        return d.Condition(f"counters:{kind}{op}{number}")

    def counts_exact(self, c: list[Any]) -> tuple[str, int | str]:
        return (">=", c[0])

    def counts_at_least(self, c: list[Any]) -> tuple[str, int | str]:
        return (">=", c[0])

    def cmp_tail_of(self, c: list[Any]) -> tuple[str, int | str]:
        return (c[1], c[0])

    def tail_le(self, c: list[Any]) -> str:
        return "<="

    def tail_ge(self, c: list[Any]) -> str:
        return ">="

    def state_entered(self, c: list[Any]) -> Post:
        return Post(d.Condition("entered_this_turn"))

    def state_leveled(self, c: list[Any]) -> Post:
        return Post(d.Condition("leveled_up_this_turn"))

    def state_attacking_yours(self, c: list[Any]) -> Post:
        word = c[0].lower()
        return Post(d.AllOf((d.Status(word), d.Condition(f"{word}:your_{singular(c[2])}"))))

    def state_targets(self, c: list[Any]) -> Post:
        nominal: _Nominal = c[-1]
        return Post(d.Targets(nominal.descriptor))

    def named(self, c: list[Any]) -> Post:
        return Post(d.Named(" ".join(str(t) for t in c[1:])))

    # ------------------------------------------------------------- target phrases
    def _draft(
        self, span: Span, nominal: _Nominal, quant: Quant | None, *, other: bool = False
    ) -> DraftRef:
        q = quant or Quant(1, 1)
        draft = Draft(
            nominal.descriptor,
            q.min,
            q.max,
            nominal.kinds,
            nominal.zone,
            span,
            other=other,
            zone_clause=nominal.zone_clause,
        )
        self.drafts.append(draft)
        return DraftRef(draft)

    def tref(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        quant = rest[0] if isinstance(rest[0], Quant) else None
        return self._draft(span, rest[-1], quant)

    def tref_another(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        return self._draft(span, rest[-1], None, other=True)

    def tref_other(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        return self._draft(span, rest[-1], rest[0], other=True)

    def tref_each_of(self, c: list[Any]) -> DraftRef:
        span, rest = split_span(c)
        return self._draft(span, rest[-1], rest[2])

    def tref_any_amount(self, c: list[Any]) -> DraftRef:
        # "any amount of" targets are optional (ga:playing-cards-card-activation/general-rules-1)
        span, rest = split_span(c)
        return self._draft(span, rest[-1], Quant(0, None))

    # ------------------------------------------------------------- choices (not targets)
    def _chosen(self, span: Span, nominal: _Nominal, quant: Quant) -> n.Chosen:
        lo, hi = span
        return n.Chosen(
            nominal.descriptor, quant.min, quant.max, " ".join(self.text[lo:hi].split())
        )

    def choice_one(self, c: list[Any]) -> n.Chosen:
        span, rest = split_span(c)
        return self._chosen(span, rest[-1], Quant(1, 1))

    def choice_up_to(self, c: list[Any]) -> n.Chosen:
        span, rest = split_span(c)
        return self._chosen(span, rest[-1], Quant(0, count(rest[2])))

    def choice_any_amount(self, c: list[Any]) -> n.Chosen:
        span, rest = split_span(c)
        return self._chosen(span, rest[-1], Quant(0, None))

    def choice_exact(self, c: list[Any]) -> n.Chosen:
        span, rest = split_span(c)
        value = count(rest[0])
        return self._chosen(span, rest[-1], Quant(value or 0, value))

    # ------------------------------------------------------------- effects
    def self_ref(self, c: list[Any]) -> n.Self:
        return n.Self()

    def it_ref(self, c: list[Token]) -> n.It:
        return n.It(c[0].lower())

    def each_ref(self, c: list[Any]) -> n.Each:
        nominal: _Nominal = c[1]
        return n.Each(nominal.descriptor)

    def your_ref(self, c: list[Token]) -> n.Each:
        return n.Each(d.AllOf((d.HasType(singular(str(c[1]))), d.Controller("you"))))

    def sentence(self, c: list[Any]) -> list[Any]:
        out: list[Any] = []
        for x in c:
            if isinstance(x, Token):
                continue
            out.extend(x if isinstance(x, tuple) else (x,))
        return out

    def may(self, c: list[Any]) -> n.May:
        inner = c[-1]
        return n.May(inner if isinstance(inner, tuple) else (inner,))

    def both(self, c: list[Any]) -> tuple[Any, ...]:
        out: list[Any] = []
        for part in (c[0], c[-1]):
            out.extend(part if isinstance(part, tuple) else (part,))
        return tuple(out)

    def choose(self, c: list[Any]) -> Any:
        """ "choose a unit and deal 2 damage to it": "it" is the chosen unit, chosen as the
        effect happens rather than targeted (ga:objects-and-targeting/target-4)."""
        chosen: n.Chosen = c[1]
        return _replace_it(c[-1], chosen)

    def until_end_of_turn(self, c: list[Any]) -> Any:
        return _with_duration(c[-1], "end_of_turn")

    def _damage(self, amount: int | str, to: Any, divided: bool = False) -> n.DealDamage:
        return n.DealDamage(amount, to, n.Self(), divided)

    def deal(self, c: list[Any]) -> n.DealDamage:
        return self._damage(c[1], c[-1])

    def deal_split(self, c: list[Any]) -> n.DealDamage:
        """ "deal 7 damage split among any amount of target allies": the amount is divided
        among the targets as they are declared
        (ga:playing-cards-card-activation/general-rules-6)."""
        to = c[-1]
        if isinstance(to, DraftRef):
            to.draft.divided = True
        return self._damage(c[1], to, divided=True)

    def rest(self, c: list[Any]) -> n.Tap:
        return n.Tap(c[1])

    def wake(self, c: list[Any]) -> n.Untap:
        return n.Untap(c[2])

    def negate(self, c: list[Any]) -> n.Counter:
        return n.Counter(c[1])

    def negate_unless(self, c: list[Any]) -> n.Counter:
        return n.Counter(c[1], str(c[-1]))

    def draw(self, c: list[Any]) -> n.Draw:
        return n.Draw(n.You(), c[1])

    def recover(self, c: list[Any]) -> n.Recover:
        return n.Recover(n.You(), c[1])

    def put_counters(self, c: list[Any]) -> n.PutCounters:
        return n.PutCounters(c[-1], c[2][1], c[1])

    def stat(self, c: list[Token]) -> tuple[str, int | str]:
        text = str(c[0])
        amount: int | str = int(text) if text.lstrip("+-").isdigit() else text
        if isinstance(amount, str) and amount.startswith("+"):
            amount = amount[1:]
        return (c[1].lower(), amount)

    def gained(self, c: list[Any]) -> list[d.HasKeyword]:
        found: list[d.HasKeyword] = c[1]
        return found

    def keywords(self, c: list[Any]) -> list[d.HasKeyword]:
        return [x for x in c if isinstance(x, d.HasKeyword)]

    def keyword(self, c: list[Token]) -> d.HasKeyword:
        return d.HasKeyword(c[0].lower(), str(c[1]) if len(c) > 1 else None)

    def gets(self, c: list[Token]) -> str:
        return "gets"

    def gain(self, c: list[Token]) -> str:
        return "gain"

    def modify(self, c: list[Any]) -> tuple[Any, ...]:
        what = c[0]
        duration = _duration(c)
        out: list[Any] = []
        for item in c[2:]:
            if isinstance(item, tuple):
                out.append(n.ModifyStat(what, item[0], item[1], duration))
            elif isinstance(item, list):
                out.extend(_gain(what, kw, duration) for kw in item)
        return tuple(out)

    def gain_keyword(self, c: list[Any]) -> tuple[Any, ...]:
        duration = _duration(c)
        return tuple(_gain(c[0], kw, duration) for kw in c[2])

    def dur_end_of_turn(self, c: list[Token]) -> n.StatDuration:
        return "end_of_turn"

    def dur_next_turn(self, c: list[Token]) -> n.StatDuration:
        return "your_next_turn"


def _duration(children: list[Any]) -> n.StatDuration:
    """The duration among a rule's children ("permanent" when the text names none)."""
    for item in children:
        if isinstance(item, str) and not isinstance(item, Token) and item in _DURATIONS:
            return "your_next_turn" if item == "your_next_turn" else "end_of_turn"
    return "permanent"


def _gain(what: Any, keyword: d.HasKeyword, duration: n.StatDuration) -> n.GainAbility:
    kept: n.Duration = "permanent"
    if duration == "end_of_turn":
        kept = "end_of_turn"
    elif duration == "your_next_turn":
        kept = "your_next_turn"
    return n.GainAbility(what, keyword.name, keyword.argument, kept)


def _with_duration(value: Any, duration: n.StatDuration) -> Any:
    if isinstance(value, tuple):
        return tuple(_with_duration(v, duration) for v in value)
    if isinstance(value, n.ModifyStat):
        return replace(value, duration=duration)
    if isinstance(value, n.GainAbility):
        return replace(value, duration="end_of_turn")
    return value


def _replace_it(value: Any, chosen: n.Chosen) -> Any:
    """``value`` with its "it" / "them" references made the chosen objects."""
    if isinstance(value, n.It):
        return chosen
    if isinstance(value, tuple):
        return tuple(_replace_it(v, chosen) for v in value)
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, d.Descriptor):
        changes = {}
        for name in value.__dataclass_fields__:
            current = getattr(value, name)
            if isinstance(current, n.It | tuple) or hasattr(current, "__dataclass_fields__"):
                new = _replace_it(current, chosen)
                if new is not current:
                    changes[name] = new
        return replace(value, **changes) if changes else value
    return value


def _alt(nouns: list[tuple[str, str]]) -> Alt:
    parts: list[d.Descriptor] = []
    for role, word in nouns:
        parts.extend(_noun_descriptor(role, word))
    role, word = nouns[-1]
    if (role, word) == ("TYPE", "token") and len(nouns) > 1:
        role, word = nouns[-2]  # "ally token": an ally (that is a token)
    return Alt(parts, nouns, _noun_kind(role, word))


def _share_nouns(alts: list[Alt]) -> list[Alt]:
    """ "Animal or Beast ally": a one-word alternative before a longer last one shares the
    last one's trailing nouns ("Animal ally or Beast ally"); "Dagger or Sword weapon" the
    same."""
    if len(alts) < 2:
        return alts
    last = alts[-1]
    if len(last.nouns) < 2:
        return alts
    shared: list[Alt] = []
    for alt in alts[:-1]:
        role = alt.nouns[-1][0] if alt.nouns else ""
        if len(alt.nouns) == 1 and role in {"TYPE", "SUBTYPE", "SUPERTYPE", "SPELL"}:
            merged = _alt([*alt.nouns, *last.nouns[1:]])
            extra = alt.parts[: len(alt.parts) - len(_noun_descriptor(*alt.nouns[0]))]
            merged.parts[:0] = extra
            shared.append(merged)
        else:
            shared.append(alt)
    shared.append(last)
    return shared


def build(
    tree: Tree[Token], text: str, quoted: dict[int, n.GrantAbility] | None = None
) -> tuple[list[Draft], Any]:
    """Transform one parsed tree: the drafts it declares (text order) and its value.
    ``quoted`` maps the offset of each QUOTED token to the ability it stands for."""
    mark_spans(tree, SPAN_RULES)
    builder = GaBuilder(text, quoted)
    value = transform(builder, tree)
    drafts = sorted(builder.drafts, key=lambda x: x.span[0])
    return drafts, value


__all__ = ["DEFAULT_ZONE", "STACK", "UNIT", "build"]
