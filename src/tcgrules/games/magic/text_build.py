"""Turn lark trees of Magic text into descriptors, target drafts and effect nodes.

Target phrases become :class:`Draft` objects (a requirement before its index in
the ability is known); :func:`finalize` turns them into
:class:`~tcgrules.kernel.descriptors.TargetRequirement` (mtg:115).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from lark import Token, Transformer, Tree

from tcgrules.cardtext import nodes as n
from tcgrules.cardtext.build import (
    ComparisonRules,
    Draft,
    DraftRef,
    all_of,
    any_of,
    count,
)
from tcgrules.cardtext.grammar import transform
from tcgrules.games.magic.text_build_amounts import AmountsBuilder
from tcgrules.games.magic.text_build_amounts3 import AmountsThreeBuilder
from tcgrules.games.magic.text_build_becomes import BecomesBuilder
from tcgrules.games.magic.text_build_chance import ChanceBuilder
from tcgrules.games.magic.text_build_choices import ChoicesBuilder
from tcgrules.games.magic.text_build_combat import CombatBuilder
from tcgrules.games.magic.text_build_compound import CompoundBuilder
from tcgrules.games.magic.text_build_conditions import ConditionsBuilder
from tcgrules.games.magic.text_build_conditions3 import Conditions3Builder, counted_operand
from tcgrules.games.magic.text_build_copies2 import CopiesTwoBuilder
from tcgrules.games.magic.text_build_copy_effects import CopyEffectsBuilder
from tcgrules.games.magic.text_build_counted import CountedBuilder
from tcgrules.games.magic.text_build_counters4 import CountersFourBuilder
from tcgrules.games.magic.text_build_damage import DamageBuilder
from tcgrules.games.magic.text_build_damage2 import Damage2Builder
from tcgrules.games.magic.text_build_durations import DurationsBuilder
from tcgrules.games.magic.text_build_grants import GrantsBuilder
from tcgrules.games.magic.text_build_kicker import KickerBuilder
from tcgrules.games.magic.text_build_life import LifeBuilder, PronounPlayerBuilder
from tcgrules.games.magic.text_build_m2 import CountersControlRules
from tcgrules.games.magic.text_build_moved_objects import (
    AdditionalCostBuilder,
    MovedObjectsBuilder,
    SacrificeBuilder,
)
from tcgrules.games.magic.text_build_player_acts import PlayerActsBuilder
from tcgrules.games.magic.text_build_power_damage import PowerDamageBuilder
from tcgrules.games.magic.text_build_q1 import Q1Builder, operand_bound
from tcgrules.games.magic.text_build_q2 import AtRandom, Q2Builder, random_chooser
from tcgrules.games.magic.text_build_q3 import LimitsBuilder
from tcgrules.games.magic.text_build_q4 import CountersQ4Builder
from tcgrules.games.magic.text_build_q5 import Q5Builder
from tcgrules.games.magic.text_build_q6 import Q6Builder
from tcgrules.games.magic.text_build_q7 import Q7Builder
from tcgrules.games.magic.text_build_r1 import R1Builder
from tcgrules.games.magic.text_build_r3 import Chooser, R3Builder
from tcgrules.games.magic.text_build_r4 import R4Builder
from tcgrules.games.magic.text_build_r5 import R5Builder
from tcgrules.games.magic.text_build_r6 import R6Builder
from tcgrules.games.magic.text_build_s1 import S1Builder, fill_greatest
from tcgrules.games.magic.text_build_s2 import S2Builder
from tcgrules.games.magic.text_build_s3 import S3Builder
from tcgrules.games.magic.text_build_s4 import S4Builder
from tcgrules.games.magic.text_build_s5 import S5Builder
from tcgrules.games.magic.text_build_statics import StaticsBuilder
from tcgrules.games.magic.text_build_stats import StatsBuilder, pt_change
from tcgrules.games.magic.text_build_target_conditions import TargetConditionsBuilder
from tcgrules.games.magic.text_build_target_groups import TargetGroupsBuilder
from tcgrules.games.magic.text_build_targeting import TargetingBuilder
from tcgrules.games.magic.text_build_targeting_rules import TargetingRulesBuilder
from tcgrules.games.magic.text_build_tokens import TokensBuilder
from tcgrules.games.magic.text_build_u4 import CopiesThreeBuilder
from tcgrules.games.magic.text_build_w1 import W1Builder
from tcgrules.games.magic.text_build_w3 import ZonesPlayersBuilder
from tcgrules.games.magic.text_build_w7 import (
    W7Builder,
    W7FaceBuilder,
    W7NameBuilder,
    W7OwnerBuilder,
)
from tcgrules.games.magic.text_build_w8 import W8Builder
from tcgrules.games.magic.text_build_x4 import X4Builder
from tcgrules.games.magic.text_build_y4 import SacrificeCopyRules
from tcgrules.games.magic.text_build_zones import ZonesBuilder
from tcgrules.games.magic.text_lexer import (
    CARD_TYPE_WORDS,
    COLORS,
    NUMBER_WORDS,
    ORDINAL_WORDS,
    SUPERTYPE_WORDS,
    _plural_subtype,
    subtypes,
)
from tcgrules.games.magic.text_not_read import NotRead
from tcgrules.kernel import descriptors as d

#: "any target" (mtg:115.4): a creature, player, planeswalker or battle
ANY_TARGET: d.Descriptor = d.AnyOf(
    (d.HasType("creature"), d.IsPlayer(), d.HasType("planeswalker"), d.HasType("battle"))
)
ANY_TARGET_KINDS = frozenset({"creature", "player", "planeswalker", "battle"})


@dataclass(slots=True)
class _Alt:
    parts: list[d.Descriptor]
    kind: str | None
    head: str | None
    spanlike: int = 0
    #: the premodifiers written before its nouns ("attacking" of "attacking Cleric")
    premod: d.Descriptor | None = None


def _that_player_chooses(choosers: list[Chooser]) -> bool:
    """Whether the player the sentence names picks the target (mtg:115.1): "of that
    player's choice", "of their choice"; "of your choice" is the controller's usual
    choice (mtg:601.2c)."""
    return any(c.who == "that player" for c in choosers)


def _share_combat_status(alts: list[_Alt]) -> None:
    """ "attacking Cleric, Rogue, Warrior, or Wizard": a combat status written before a
    list of bare creature types is every type's (an attacking creature of one of them,
    mtg:506.4), not only the first's."""
    first = alts[0].premod if alts else None
    if not (isinstance(first, d.Status) and first.name in {"attacking", "blocking"}):
        return
    rest = alts[1:]
    if not rest or not all(
        a.premod is None and a.head is None and all(isinstance(p, d.HasSubtype) for p in a.parts)
        for a in rest
    ):
        return
    for a in rest:
        a.parts.insert(0, first)
        a.premod = first


#: the creature types that make an object an outlaw (mtg:700.12)
OUTLAW_TYPES = ("assassin", "mercenary", "pirate", "rogue", "warlock")


@dataclass(slots=True)
class _Nominal:
    descriptor: d.Descriptor
    kinds: frozenset[str]
    zone: str | None
    by_opponent: bool = False
    together: tuple[d.Together, ...] = ()
    #: "chosen at random" (helper Q2, text_build_q2.py)
    at_random: bool = False
    #: "of that player's choice" (helper R3, text_build_r3.py)
    that_player_chooses: bool = False


@dataclass(slots=True)
class _TogetherPost:
    """A test with other targets after a phrase; ``previous``: with the phrase before
    (else among this phrase's own targets); ``those``: "one of those types"."""

    together: d.Together
    previous: bool = False
    those: bool = False


@dataclass(slots=True)
class _OpponentsChoice:
    """ "of an opponent's choice" after a target phrase."""


@dataclass(slots=True)
class _Post:
    descriptor: d.Descriptor
    zone: str | None = None


@dataclass(slots=True)
class _Quant:
    min: int
    max: int | None
    other: bool = False
    #: the most targets when a variable sets it ("up to X target"; helper Q3)
    limit: Any = None


@dataclass(slots=True)
class Built:
    """What one sentence yields: drafts in text order and its effects."""

    drafts: list[Draft] = field(default_factory=list)
    effects: list[Any] = field(default_factory=list)


def _num(token: Token) -> int | str:
    if token.type == "NUMBER":
        return int(token)
    if token.type == "NUMWORD":
        return NUMBER_WORDS[token.lower()]
    if token.type in {"A", "AN"}:
        return 1
    return str(token)


def _non(word: str) -> d.Descriptor:
    rest = word.lower()[3:].lstrip("-")
    if rest in COLORS:
        return d.Not(d.Color(rest))
    if rest in CARD_TYPE_WORDS:
        return d.Not(d.HasType(CARD_TYPE_WORDS[rest]))
    if rest in SUPERTYPE_WORDS:
        return d.Not(d.HasSupertype(rest))
    if rest in {"token", "tokens"}:
        return d.Not(d.IsToken())
    sub = _plural_subtype(rest, subtypes())
    if sub is not None:
        return d.Not(d.HasSubtype(sub))
    return d.Not(d.Status(rest))


#: mtg:122.1b: counters that give their keyword to the object they are on
KEYWORD_COUNTERS = frozenset(
    {
        "flying",
        "deathtouch",
        "double strike",
        "exalted",
        "first strike",
        "haste",
        "hexproof",
        "indestructible",
        "lifelink",
        "menace",
        "reach",
        "shadow",
        "trample",
        "vigilance",
    }
)

_HEAD_KIND = {
    "permanent": "permanent",
    "spell": "spell",
    "card": "card",
    "player": "player",
    "opponent": "player",
    "ability": "ability",
    "token": "permanent",
    "permanent card": "card",
}
#: mtg:110.4a the card types a "permanent card" may have
PERMANENT_CARD_TYPES = ("artifact", "battle", "creature", "enchantment", "land", "planeswalker")
PERMANENT_SPELL_TYPES = ("artifact", "battle", "creature", "enchantment", "planeswalker")
_SUBTYPE_KIND = {"spell": "spell"}


def _span_of(items: list[Any]) -> tuple[int, int]:
    lo, hi = 1 << 30, -1
    for item in items:
        if isinstance(item, Token):
            if item.start_pos is not None and item.end_pos is not None:
                lo, hi = min(lo, item.start_pos), max(hi, item.end_pos)
        elif isinstance(item, Draft):
            lo, hi = min(lo, item.span[0]), max(hi, item.span[1])
        elif isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], int):
            lo, hi = min(lo, item[0]), max(hi, item[1])
    return lo, hi


class MagicBuilder(
    MovedObjectsBuilder,
    AdditionalCostBuilder,
    SacrificeBuilder,
    CountedBuilder,
    TargetConditionsBuilder,
    S4Builder,
    S3Builder,
    S5Builder,
    S1Builder,
    R1Builder,
    R6Builder,
    R3Builder,
    CountersQ4Builder,
    Q2Builder,
    X4Builder,
    Q1Builder,
    W1Builder,
    BecomesBuilder,
    StaticsBuilder,
    TargetingBuilder,
    TargetingRulesBuilder,
    Conditions3Builder,
    ChoicesBuilder,
    GrantsBuilder,
    StatsBuilder,
    TokensBuilder,
    DamageBuilder,
    Damage2Builder,
    PowerDamageBuilder,
    ZonesBuilder,
    ComparisonRules,
    CountersControlRules,
    AmountsBuilder,
    ConditionsBuilder,
    SacrificeCopyRules,
    DurationsBuilder,
    CopiesTwoBuilder,
    AmountsThreeBuilder,
    CopiesThreeBuilder,
    CombatBuilder,
    KickerBuilder,
    CompoundBuilder,
    ChanceBuilder,
    ZonesPlayersBuilder,
    CountersFourBuilder,
    LifeBuilder,
    PronounPlayerBuilder,
    W7Builder,
    W7FaceBuilder,
    W7NameBuilder,
    W7OwnerBuilder,
    W8Builder,
    Q5Builder,
    Q6Builder,
    R5Builder,
    S2Builder,
    Q7Builder,
    R4Builder,
    LimitsBuilder,
    PlayerActsBuilder,
    TargetGroupsBuilder,
    CopyEffectsBuilder,
    Transformer[Token, Any],
):
    """Bottom-up: tokens → descriptors → drafts → effects (one instance per sentence)."""

    def __init__(
        self, spans: list[tuple[int, int]], quoted: dict[int, n.GrantAbility] | None = None
    ) -> None:
        # no terminal has a method of its own: tokens pass through unvisited
        super().__init__(visit_tokens=False)
        self.drafts: list[Draft] = []
        self.spans = spans
        #: each QUOTED token's ability, by the token's start offset
        self.quoted = quoted or {}

    # ------------------------------------------------------------- quantities
    def num(self, c: list[Token]) -> int | str:
        return _num(c[0])

    amount = num

    def q_up_to(self, c: list[Any]) -> _Quant:
        # "up to X target creatures": at most X, as announced or as the text defines it
        # (mtg:601.2c, 107.3c)
        return _Quant(0, count(c[2]), len(c) > 3, "X" if c[2] == "X" else None)

    def q_exact(self, c: list[Any]) -> _Quant:
        value = count(c[0])
        # "X target creatures": at most X as well (helper Q3; mtg:601.2c)
        limit = "X" if c[0] == "X" else None
        return _Quant(0 if value is None else value, value, len(c) > 1, limit)

    def q_range(self, c: list[Any]) -> _Quant:
        low = count(c[0])
        return _Quant(low or 0, count(c[2]))

    def q_range3(self, c: list[Any]) -> _Quant:
        low = count(c[0])
        return _Quant(low or 0, count(c[-1]))

    def q_or_more(self, c: list[Any]) -> _Quant:
        low = count(c[0])
        return _Quant(low or 0, None)

    def q_any_number(self, c: list[Any]) -> _Quant:
        return _Quant(0, None, len(c) > 3)

    def q_each_of(self, c: list[Any]) -> _Quant:
        return c[2] if len(c) > 2 else _Quant(1, 1)

    # ------------------------------------------------------------- noun phrases
    def premod(self, c: list[Token]) -> d.Descriptor:
        tok = c[0]
        low = tok.lower()
        kind = tok.type
        if kind == "COLOR":
            return d.Color(low)
        if kind == "NONWORD":
            return _non(str(tok))
        if kind == "SUPERTYPE":
            return d.HasSupertype(low)
        if kind == "COLORLESS":
            return d.Colorless()
        if kind == "MULTICOLORED":
            return d.Multicolored()
        if kind == "MONOCOLORED":
            return d.Monocolored()
        if kind in {"ACTIVATED", "TRIGGERED"}:
            return d.IsAbility("activated" if kind == "ACTIVATED" else "triggered")
        if low == "exiled":
            return d.InZone("exile")
        if low == "suspended":
            # in exile with suspend and a time counter (mtg:702.62b)
            return d.AllOf((d.InZone("exile"), d.Status("suspended")))
        if kind == "OUTLAW":  # mtg:700.12
            return d.AnyOf(tuple(d.HasSubtype(t) for t in OUTLAW_TYPES))
        return d.Status(low)

    def premods(self, c: list[Any]) -> d.Descriptor:
        mods = [x for x in c if not isinstance(x, Token)]
        # "white and/or blue creatures": white ones, blue ones, or both
        if any(isinstance(x, Token) and x.type in {"OR", "ANDOR"} for x in c):
            return any_of(mods)
        return all_of(mods)

    def typeword(self, c: list[Token]) -> tuple[str, str]:
        if c[0].type == "TIME":
            return ("subtype", "time lord")
        low = c[0].lower()
        if c[0].type == "TYPE":
            return ("type", CARD_TYPE_WORDS[low])
        return ("subtype", _plural_subtype(low, subtypes()) or low)

    def head(self, c: list[Token]) -> tuple[str, str]:
        low = c[0].lower().rstrip("s")
        if low == "abilitie":
            low = "ability"
        return ("head", low)

    def head_permanent_card(self, c: list[Token]) -> tuple[str, str]:
        """ "permanent card": a card of a type that can be a permanent (mtg:110.4a)."""
        return ("head", "permanent card")

    def nouns(self, c: list[tuple[str, str]]) -> _Alt:
        parts: list[d.Descriptor] = []
        kind: str | None = None
        head: str | None = None
        for role, word in c:
            if role == "type":
                parts.append(d.HasType(word))
                kind = word
            elif role == "subtype":
                parts.append(d.HasSubtype(word))
                if kind is None:
                    sub_kind = subtypes().get(word, "creature")
                    kind = _SUBTYPE_KIND.get(sub_kind, sub_kind)
            else:
                head = word
        return _Alt(parts, kind, head)

    def alt(self, c: list[Any]) -> _Alt:
        alt: _Alt = c[-1]
        if len(c) > 1:
            premods: d.Descriptor = c[0]
            alt.parts.insert(0, premods)
            alt.premod = premods
        return alt

    def other_alt(self, c: list[Any]) -> _Alt:
        """ "and/or other planeswalkers": an alternative other than this object."""
        alt: _Alt = c[-1]
        alt.parts.append(d.Other())
        return alt

    def alts(self, c: list[Any]) -> list[_Alt]:
        found = [x for x in c if isinstance(x, _Alt)]
        _share_combat_status(found)
        return found

    def nominal(self, c: list[Any]) -> _Nominal:
        alts: list[_Alt] = c[0]
        by_opponent = any(isinstance(p, _OpponentsChoice) for p in c[1:])
        posts: list[_Post] = [p for p in c[1:] if isinstance(p, _Post)]
        last_head = alts[-1].head
        descs: list[d.Descriptor] = []
        kinds: set[str] = set()
        zone: str | None = None
        stack_only = True  # every alternative is a spell or an ability (mtg:109.2b)
        explicit_zone = next((p.zone for p in posts if p.zone), None)
        for alt in alts:
            for part in _flatten(alt.parts):
                if isinstance(part, d.InZone):
                    explicit_zone = part.zone
        for alt in alts:
            # "artifact or creature card": the last noun is every alternative's; "creature
            # or player" is not a creature player (a player is never a type of object)
            shared = last_head if last_head not in {"player", "opponent", "ability"} else None
            head = alt.head or (shared if alt.kind is not None else None)
            parts = list(alt.parts)
            if head == "permanent spell":
                # a spell of a permanent type (mtg:110.4a); a land is never a spell
                parts.insert(0, d.AnyOf(tuple(d.HasType(t) for t in PERMANENT_SPELL_TYPES)))
                head = "spell"
            if head == "token" and alt.kind is not None:
                kinds.add(alt.kind)  # "creature token": a creature permanent (mtg:111.1)
            elif head is not None:
                kinds.add(_HEAD_KIND[head])
            elif alt.kind is not None:
                kinds.add(alt.kind if alt.kind not in {"instant", "sorcery"} else "spell")
            if head in {"card", "permanent card"}:
                if head == "permanent card":
                    parts.insert(0, d.AnyOf(tuple(d.HasType(t) for t in PERMANENT_CARD_TYPES)))
                parts.insert(0, d.IsCard())
                zone = zone or explicit_zone
            elif head == "spell":
                parts.insert(0, d.IsSpell())
                zone = "stack"
            elif head == "ability":
                if not any(isinstance(p, d.IsAbility) for p in _flatten(parts)):
                    parts.insert(0, d.IsAbility())
                zone = "stack"
            elif head == "player":
                parts.insert(0, d.IsPlayer())
            elif head == "opponent":
                parts[:0] = [d.IsPlayer(), d.PlayerIs("opponent")]
            elif head == "permanent":
                parts.insert(0, d.IsPermanent())
                zone = zone or "battlefield"
            elif head == "token":
                parts.append(d.IsToken())
                zone = zone or "battlefield"
            else:
                zone = zone or explicit_zone or "battlefield"
            stack_only = stack_only and head in {"spell", "ability"}
            descs.append(all_of(parts) if parts else d.IsPermanent())
        descriptor = any_of(descs)
        extra = [p.descriptor for p in posts]
        if zone is None and explicit_zone is not None:
            zone = explicit_zone
        if zone == "stack" and stack_only:
            # "spell or nonland permanent": each alternative keeps its own zone instead
            extra.append(d.InZone("stack"))
        if extra:
            descriptor = fill_greatest(all_of([descriptor, *extra]))
        together = tuple(p for p in c[1:] if isinstance(p, _TogetherPost))
        nominal = _Nominal(descriptor, frozenset(kinds), zone, by_opponent)
        nominal.at_random = any(isinstance(p, AtRandom) for p in c[1:])
        choosers = [p for p in c[1:] if isinstance(p, Chooser)]
        if choosers:
            nominal.that_player_chooses = _that_player_chooses(choosers)
        if together:
            nominal.together = tuple(self._together(t) for t in together)
        return nominal

    @staticmethod
    def _together(post: _TogetherPost) -> d.Together:
        """A test with other targets; the phrase before is instance ``-1`` and "one of
        those types" an empty ``within``, both settled when the phrases are numbered
        (:func:`tcgrules.cardtext.build.index_drafts`)."""
        if not post.previous:
            return post.together
        return replace(post.together, among=(-1,), within=frozenset() if post.those else None)

    # "... that share a creature type" and the like: tests between targets (mtg:601.2c)
    @staticmethod
    def _words(c: list[Any], *expected: tuple[int, set[str]]) -> str:
        """The words of ``c``, checked: each (index, allowed lower-cased words)."""
        for index, allowed in expected:
            if str(c[index]).lower() not in allowed:
                raise NotRead(f"{c[index]!s} in a test between targets")
        return " ".join(str(t) for t in c)

    def tog_share(self, c: list[Token]) -> _TogetherPost:
        text = self._words(c, (1, {"share"}), (4, {"type"}))
        noun = c[3].lower()
        prop = {"card": "types", "permanent": "permanent_types", "creature": "creature_types"}
        if noun not in prop:
            raise NotRead(f"sharing a {noun} type")
        return _TogetherPost(d.Together("share", prop[noun], text=text))

    def tog_share_none(self, c: list[Token]) -> _TogetherPost:
        text = self._words(c, (1, {"share"}), (3, {"creature"}))
        return _TogetherPost(d.Together("share_none", "creature_types", text=text))

    def tog_different_mana_value(self, c: list[Token]) -> _TogetherPost:
        text = self._words(c, (1, {"different"}), (3, {"values"}))
        return _TogetherPost(d.Together("different", "mana_value", text=text))

    def tog_different(self, c: list[Token]) -> _TogetherPost:
        text = self._words(c, (1, {"different"}), (2, {"names", "controllers"}))
        prop = "name" if c[2].lower() == "names" else "controller"  # mtg:201.2b for names
        return _TogetherPost(d.Together("different", prop, text=text))

    def tog_equal(self, c: list[Token]) -> _TogetherPost:
        text = " ".join(str(t) for t in c)
        return _TogetherPost(d.Together("same", c[2].lower(), text=text))

    def tog_same_controller(self, c: list[Token]) -> _TogetherPost:
        text = self._words(c, (2, {"same"}))
        return _TogetherPost(d.Together("same", "controller", text=text), previous=True)

    def tog_shares_with_it(self, c: list[Token]) -> _TogetherPost:
        text = self._words(c, (1, {"shares"}), (4, {"type"}))
        return _TogetherPost(d.Together("share", "types", text=text), previous=True)

    def tog_shares_those(self, c: list[Token]) -> _TogetherPost:
        text = self._words(c, (1, {"shares"}), (2, {"one"}))
        return _TogetherPost(d.Together("share", "types", text=text), previous=True, those=True)

    def tog_at_most_mana_value(self, c: list[Token]) -> _TogetherPost:
        text = " ".join(str(t) for t in c)
        return _TogetherPost(d.Together("at_most", "mana_value", text=text), previous=True)

    def opponents_choice(self, c: list[Token]) -> _OpponentsChoice:
        return _OpponentsChoice()

    # postmodifiers
    def _post(self, desc: d.Descriptor, zone: str | None = None) -> _Post:
        return _Post(desc, zone)

    def ctl_you(self, c: list[Any]) -> _Post:
        return _Post(d.Controller("you"))

    def ctl_not_you(self, c: list[Any]) -> _Post:
        return _Post(d.Controller("not_you"))

    def ctl_opponent(self, c: list[Any]) -> _Post:
        return _Post(d.Controller("opponent"))

    def ctl_defending(self, c: list[Any]) -> _Post:
        return _Post(d.ControlledBy("defending_player"))

    def ctl_that_player(self, c: list[Any]) -> _Post:
        return _Post(d.ControlledBy("that_player"))

    def ctl_chosen(self, c: list[Any]) -> _Post:
        return _Post(d.ControlledBy("chosen_player"))

    def ctl_enchanted_player(self, c: list[Any]) -> _Post:
        return _Post(d.ControlledBy("enchanted_player"))

    def ctl_its_controller(self, c: list[Any]) -> _Post:
        return _Post(d.ControlledBy("its_controller"))

    def own_you(self, c: list[Any]) -> _Post:
        return _Post(d.Owner("you"))

    def own_not_you(self, c: list[Any]) -> _Post:
        return _Post(d.Owner("not_you"))

    def own_opponent(self, c: list[Any]) -> _Post:
        return _Post(d.Owner("opponent"))

    def with_clause(self, c: list[Any]) -> _Post:
        return _Post(all_of([x for x in c if not isinstance(x, Token)]))

    def without_clause(self, c: list[Any]) -> _Post:
        return _Post(d.Not(c[1]))

    def with_keyword(self, c: list[Any]) -> d.Descriptor:
        result: d.Descriptor = c[0]
        return result

    def with_no_abilities(self, c: list[Any]) -> d.Descriptor:
        """ "with no abilities": an object with none, printed or gained (mtg:113.1)."""
        return d.Fact("has_no_abilities")

    def with_keyword_ability(self, c: list[Any]) -> d.Descriptor:
        """ "with a cycling ability": with that keyword ability (mtg:702.1)."""
        result: d.Descriptor = c[1]
        return result

    def _compare(self, prop: str, cmp: tuple[d.Comparison, int | str]) -> d.Descriptor:
        op, value = cmp
        if isinstance(value, int):
            return d.Compare(prop, op, value)
        return operand_bound(prop, op, value) or d.CompareVariable(prop, op, value)

    def with_power(self, c: list[Any]) -> d.Descriptor:
        return self._compare("power", c[1])

    def with_toughness(self, c: list[Any]) -> d.Descriptor:
        return self._compare("toughness", c[1])

    def with_mana_value(self, c: list[Any]) -> d.Descriptor:
        """ "with mana value N" and its older wording "with converted mana cost N" are the
        same characteristic (mtg:202.3)."""
        return self._compare("mana_value", c[-1])

    def with_power_or_toughness(self, c: list[Any]) -> d.Descriptor:
        return d.AnyOf((self._compare("power", c[3]), self._compare("toughness", c[3])))

    def with_single_target(self, c: list[Any]) -> d.Descriptor:
        return d.TargetCount("==", 1)

    def with_total_power(self, c: list[Any]) -> d.Descriptor:
        return self._compare("total_power", c[2])

    def with_total_mana_value(self, c: list[Any]) -> d.Descriptor:
        return self._compare("total_mana_value", c[3])

    def with_lesser_power(self, c: list[Any]) -> d.Descriptor:
        return d.CompareVariable("power", "<", "~'s power")

    def with_lesser_mana_value(self, c: list[Any]) -> d.Descriptor:
        return d.CompareVariable("mana_value", "<", "~'s mana value")

    def with_counter(self, c: list[Any]) -> d.Descriptor:
        """ "with a [kind] counter on it" (mtg:122.1)."""
        kind = _kind_or_any(c[1])
        return d.Condition(f"has_counter:{kind}")

    def with_no_counter(self, c: list[Any]) -> d.Descriptor:
        return d.Not(d.Condition("has_counter:any"))

    def without_counter(self, c: list[Any]) -> _Post:
        kind = _kind_or_any(c[2])
        return _Post(d.Not(d.Condition(f"has_counter:{kind}")))

    def operand(self, c: list[Any]) -> int | str:
        value: int | str = c[0]
        return value

    def operand_self(self, c: list[Any]) -> str:
        return "~'s " + " ".join(t.lower() for t in c[2:])

    def operand_count(self, c: list[Any]) -> str:
        return counted_operand("number of objects", lambda: self.amt_count(c))

    def cmp_eq2(self, c: list[Any]) -> tuple[str, int | str]:
        return ("==", c[-1])

    def state_color(self, c: list[Any]) -> _Post:
        return _Post(any_of([d.Color(t.lower()) for t in c if t.type == "COLOR"]))

    def state_targets(self, c: list[Any]) -> _Post:
        only = any(isinstance(t, Token) and t.type == "ONLY" for t in c)
        whats = [x for x in c if not isinstance(x, Token)]
        return _Post(d.Targets(any_of(whats), only))

    def targeted_you(self, c: list[Any]) -> d.Descriptor:
        return d.AllOf((d.IsPlayer(), d.PlayerIs("you")))

    def targeted_self(self, c: list[Any]) -> d.Descriptor:
        return d.Not(d.Other())

    def targeted_nominal(self, c: list[Any]) -> d.Descriptor:
        nominal: _Nominal = c[-1]
        return nominal.descriptor

    def state_isnt(self, c: list[Any]) -> _Post:
        tok: Token = c[-1]
        if tok.type == "TYPE":
            return _Post(d.Not(d.HasType(CARD_TYPE_WORDS[tok.lower()])))
        if tok.type == "SUBTYPE":
            return _Post(
                d.Not(d.HasSubtype(_plural_subtype(tok.lower(), subtypes()) or tok.lower()))
            )
        return _Post(d.Not(d.Status(tok.lower())))

    def state_colored(self, c: list[Any]) -> _Post:
        """ "that's one or more colors": not colorless (mtg:105.2, 105.2c)."""
        if str(c[1]).lower() != "one" or str(c[-1]).lower() != "colors":
            raise NotRead("a count of colors")
        return _Post(d.Not(d.Colorless()))

    def state_types(self, c: list[Any]) -> _Post:
        """ "that's an artifact, creature, or enchantment": one of these card types."""
        kinds = [d.HasType(CARD_TYPE_WORDS[t.lower()]) for t in c if t.type == "TYPE"]
        return _Post(kinds[0] if len(kinds) == 1 else d.AnyOf(tuple(kinds)))

    def state_has_counter(self, c: list[Any]) -> _Post:
        kind = _kind_or_any(c[3])
        return _Post(d.Condition(f"has_counter:{kind}"))

    def state_no_counter(self, c: list[Any]) -> _Post:
        kind = _kind_or_any(c[4])
        return _Post(d.Not(d.Condition(f"has_counter:{kind}")))

    def cmp_le2(self, c: list[Any]) -> tuple[str, int | str]:
        return ("<=", c[-1])

    def cmp_ge2(self, c: list[Any]) -> tuple[str, int | str]:
        return (">=", c[-1])

    def zone_graveyard(self, c: list[Any]) -> _Post:
        return _Post(d.InZone("graveyard", c[1]), "graveyard")

    def zone_single_graveyard(self, c: list[Any]) -> _Post:
        return _Post(
            d.AllOf((d.InZone("graveyard"), d.Condition("from_a_single_graveyard"))), "graveyard"
        )

    def zone_graveyards(self, c: list[Any]) -> _Post:
        """ "from graveyards": from any player's graveyard (mtg:404.1)."""
        return _Post(d.InZone("graveyard"), "graveyard")

    def zone_defending_graveyard(self, c: list[Any]) -> _Post:
        """ "from defending player's graveyard": the graveyard of the player being attacked
        (mtg:506.2); a card there is owned by that player (mtg:404.1)."""
        return _Post(
            d.AllOf((d.InZone("graveyard"), d.Condition("in_defending_players_graveyard"))),
            "graveyard",
        )

    def zone_exile(self, c: list[Any]) -> _Post:
        return _Post(d.InZone("exile"), "exile")

    def zone_hand(self, c: list[Any]) -> _Post:
        return _Post(d.InZone("hand", c[1]), "hand")

    def zone_stack(self, c: list[Any]) -> _Post:
        return _Post(d.InZone("stack"), "stack")

    def whose_you(self, c: list[Any]) -> d.Relation:
        return "you"

    def whose_any(self, c: list[Any]) -> d.Relation:
        return "any"

    def whose_opponent(self, c: list[Any]) -> d.Relation:
        return "opponent"

    def other_than(self, c: list[Any]) -> _Post:
        return _Post(d.Other())

    def state_status(self, c: list[Any]) -> _Post:
        """ "that's tapped"; "that's attacking or blocking": either status will do."""
        statuses = [d.Status(t.lower()) for t in c if t.type == "STATUS"]
        return _Post(statuses[0] if len(statuses) == 1 else d.AnyOf(tuple(statuses)))

    def state_dealt_damage(self, c: list[Any]) -> _Post:
        return _Post(d.Condition("dealt_damage_this_turn"))

    def attached_to_type(self, c: list[Any]) -> _Post:
        """ "attached to a creature": the permanent it is attached to has that card type
        (mtg:303.4, mtg:301.5)."""
        kinds = [CARD_TYPE_WORDS[t.lower()] for t in c if t.type == "TYPE"]
        return _Post(any_of([d.Condition(f"attached_to:{k}") for k in kinds]))

    def from_source(self, c: list[Any]) -> _Post:
        """ "from an artifact source", "from a noncreature source": the ability's source
        (mtg:113.7) has (or lacks) that card type, or no color."""
        word = str(c[2]).lower()
        if c[2].type == "TYPE":
            word = CARD_TYPE_WORDS[word]
        return _Post(d.Condition(f"from_a_source_that_is:{word}"))

    def state_dealt_damage_as_source(self, c: list[Any]) -> _Post:
        """ "that dealt damage this turn": it was the source of damage (mtg:120.3)."""
        return _Post(d.Condition("dealt_damage_as_source_this_turn"))

    def state_attacked(self, c: list[Any]) -> _Post:
        return _Post(d.Condition("attacked_this_turn"))

    def state_died(self, c: list[Any]) -> _Post:
        """ "(a card in a graveyard) that was put there from the battlefield this turn": one
        that died this turn (mtg:700.4)."""
        return _Post(d.Condition("died_this_turn"))

    def state_entered(self, c: list[Any]) -> _Post:
        return _Post(d.Condition("entered_this_turn"))

    # keywords
    def kw(self, c: list[Token]) -> d.Descriptor:
        return d.HasKeyword(c[0].lower())

    def kw_first_strike(self, c: list[Token]) -> d.Descriptor:
        return d.HasKeyword("first strike")

    def kw_double_strike(self, c: list[Token]) -> d.Descriptor:
        return d.HasKeyword("double strike")

    def kw_protection(self, c: list[Token]) -> d.Descriptor:
        return d.HasKeyword("protection", c[2].lower())

    def kw_hexproof(self, c: list[Token]) -> d.Descriptor:
        return d.HasKeyword("hexproof")

    def kw_hexproof_from(self, c: list[Token]) -> d.Descriptor:
        return d.HasKeyword("hexproof", c[2].lower())

    def keywords(self, c: list[Any]) -> list[d.HasKeyword]:
        return [x for x in c if isinstance(x, d.HasKeyword)]

    # ------------------------------------------------------------- target phrases
    def _draft(self, c: list[Any], desc: _Nominal, quant: _Quant | None, other: bool) -> DraftRef:
        q = quant or _Quant(1, 1)
        draft = Draft(
            desc.descriptor,
            q.min,
            q.max,
            desc.kinds,
            desc.zone,
            self.spans[len(self.drafts)],
            other or q.other,
        )
        if desc.by_opponent or any(isinstance(x, _OpponentsChoice) for x in c):
            draft.chosen_by = "opponent"
        if desc.that_player_chooses:
            draft.chosen_by = "that player"
        if desc.at_random or any(isinstance(x, Token) and x.type == "RANDOM" for x in c):
            draft.chosen_by = random_chooser(draft.chosen_by)
        draft.together = desc.together
        draft.limit = q.limit
        self.drafts.append(draft)
        return DraftRef(draft)

    def _any_target(self) -> _Nominal:
        return _Nominal(ANY_TARGET, ANY_TARGET_KINDS, "battlefield")

    def tref(self, c: list[Any]) -> DraftRef:
        quant = c[0] if isinstance(c[0], _Quant) else None
        return self._draft(c, c[-1], quant, False)

    def tref_any(self, c: list[Any]) -> DraftRef:
        quant = c[0] if isinstance(c[0], _Quant) else None
        other = any(isinstance(x, Token) and x.type == "OTHER" for x in c)
        return self._draft(c, self._any_target(), quant, other)

    def tref_any_state(self, c: list[Any]) -> DraftRef:
        """ "any target that isn't a Dragon": any target (mtg:115.4) whose object
        alternatives aren't of that type or subtype; a player is no object of a type, so
        players stay as they are."""
        quant = c[0] if isinstance(c[0], _Quant) else None
        other = any(isinstance(x, Token) and x.type == "OTHER" for x in c)
        isnt: d.Descriptor = self.state_isnt(c).descriptor
        if not isinstance(ANY_TARGET, d.AnyOf):
            raise NotRead("any target as other than alternatives")
        parts = tuple(
            p if isinstance(p, d.IsPlayer) else all_of([p, isnt]) for p in ANY_TARGET.parts
        )
        nominal = _Nominal(d.AnyOf(parts), ANY_TARGET_KINDS, "battlefield")
        return self._draft(c, nominal, quant, other)

    def tref_another(self, c: list[Any]) -> DraftRef:
        nominal = c[-1] if isinstance(c[-1], _Nominal) else self._any_target()
        return self._draft(c, nominal, None, True)

    def tref_targets(self, c: list[Any]) -> DraftRef:
        return self._draft(c, self._any_target(), c[0], False)

    def tref_ordinal(self, c: list[Any]) -> DraftRef:
        """ "a second target", "a third target [creature]": a target other than each
        earlier one of its kind (mtg:115.3, mtg:601.2c); with no noun, what the earlier
        "any target" allowed (mtg:115.4)."""
        nominal = c[-1] if isinstance(c[-1], _Nominal) else self._any_target()
        return self._draft(c, nominal, None, True)

    # ------------------------------------------------------------- effects
    def self_ref(self, c: list[Any]) -> n.Self:
        return n.Self()

    def it_ref(self, c: list[Any]) -> n.It:
        return n.It()

    def copy_ref(self, c: list[Any]) -> n.It:
        return n.It("copy")

    def its_controller(self, c: list[Any]) -> n.ControllerOf:
        """ "Its controller gains 3 life" (Oust): the controller of what "it" is."""
        return n.ControllerOf(n.It())

    def each_group(self, c: list[Any]) -> n.Each:
        nominal: _Nominal = c[1]
        return n.Each(nominal.descriptor)

    def sentence(self, c: list[Any]) -> list[Any]:
        return [x for x in c if not isinstance(x, Token)]

    def may(self, c: list[Any]) -> n.May:
        return n.May((c[-1],))

    def deal_damage(self, c: list[Any]) -> n.DealDamage:
        return n.DealDamage(c[2], c[5], source=c[0])

    def deal_damage2(self, c: list[Any]) -> tuple[n.DealDamage, n.DealDamage]:
        """ "deals 1 damage to any target and 2 damage to target player": each word "target"
        may choose the same object unless the text says "another"/"other" (mtg:115.3)."""
        return (n.DealDamage(c[2], c[5], source=c[0]), n.DealDamage(c[7], c[10], source=c[0]))

    def deal_damage3(self, c: list[Any]) -> tuple[n.DealDamage, ...]:
        """ "deals 1 damage to any target, 2 damage to another target, and 3 damage to a
        third target" (Cone of Flame): three amounts, each to its own target."""
        amounts = [c[2], c[7], c[-4]]
        recipients = [c[5], c[10], c[-1]]
        return tuple(
            n.DealDamage(a, r, source=c[0]) for a, r in zip(amounts, recipients, strict=True)
        )

    def deal_damage_gain(self, c: list[Any]) -> tuple[n.DealDamage, n.GainLife]:
        return (n.DealDamage(c[2], c[5], source=c[0]), n.GainLife(n.You(), c[9]))

    def deal_divided(self, c: list[Any]) -> n.DealDamage:
        """ "N damage divided as you choose among any number of targets": each target gets
        at least 1, so there are 1 to N of them (mtg:601.2d)."""
        ref: Any = c[-1]
        draft: Draft = ref.draft
        draft.divided = True
        draft.min = max(draft.min, 1)
        amount = c[2]
        if isinstance(amount, int):
            draft.max = amount if draft.max is None else min(draft.max, amount)
        return n.DealDamage(c[2], ref, source=c[0], divided=True)

    def destroy(self, c: list[Any]) -> n.Destroy:
        return n.Destroy(c[1])

    def exile(self, c: list[Any]) -> n.Exile:
        return n.Exile(c[1])

    def return_hand(self, c: list[Any]) -> n.ReturnToHand:
        return n.ReturnToHand(c[1])

    def return_battlefield(self, c: list[Any]) -> n.ReturnToBattlefield:
        return n.ReturnToBattlefield(c[1])

    def tap(self, c: list[Any]) -> n.Tap:
        return n.Tap(c[1])

    def untap(self, c: list[Any]) -> n.Untap:
        return n.Untap(c[1])

    def _pt(self, token: Token) -> tuple[int | str, int | str]:
        return pt_change(token)

    def modify_pt(self, c: list[Any]) -> n.ModifyPT:
        power, toughness = self._pt(c[2])
        return n.ModifyPT(c[0], power, toughness)

    def modify_pt_gain(self, c: list[Any]) -> tuple[Any, ...]:
        power, toughness = self._pt(c[2])
        gains = [_gain(c[0], k) for k in c[5]]
        return (n.ModifyPT(c[0], power, toughness), *gains)

    def _quoted(self, token: Token, what: Any, until_eot: bool) -> n.GrantAbility:
        found = self.quoted.get(token.start_pos or 0)
        if found is None:
            raise NotRead
        return replace(found, what=what, duration="end_of_turn" if until_eot else "permanent")

    def grant(self, c: list[Any]) -> n.GrantAbility:
        """ "Enchanted creature has "{T}: ..."", "target creature gains "When ..." until end
        of turn": the object has the quoted ability (mtg:113.1a, layer 6 mtg:613.1f)."""
        quote = next(t for t in c if isinstance(t, Token) and t.type == "QUOTED")
        until = any(isinstance(t, Token) and t.type == "UNTIL" for t in c)
        return self._quoted(quote, c[0], until)

    def modify_pt_grant(self, c: list[Any]) -> tuple[Any, ...]:
        power, toughness = self._pt(c[2])
        quote = next(t for t in c if isinstance(t, Token) and t.type == "QUOTED")
        return (n.ModifyPT(c[0], power, toughness), self._quoted(quote, c[0], True))

    def cost_per_target(self, c: list[Any]) -> n.TargetCostChange:
        """ "~ costs {1}{R} more to cast for each target beyond the first" (mtg:601.2f)."""
        return n.TargetCostChange(str(c[2]), str(c[3]).lower() == "less", per_extra_target=True)

    def cost_if_targets(self, c: list[Any]) -> n.TargetCostChange:
        """ "~ costs {2} less to cast if it targets a tapped creature" (mtg:601.2f)."""
        nominal: _Nominal = c[-1]
        return n.TargetCostChange(
            str(c[2]), str(c[3]).lower() == "less", if_targets=nominal.descriptor
        )

    def cost_tax(self, c: list[Any]) -> n.TargetCostChange:
        """ "Spells your opponents cast that target ~ cost {2} more to cast"."""
        mana = next(str(t) for t in c if isinstance(t, Token) and t.type == "MANA_SYM")
        return n.TargetCostChange(mana, opponents_targeting_self=True)

    def create_emblem(self, c: list[Any]) -> n.CreateEmblem:
        quotes = [t for t in c if isinstance(t, Token) and t.type == "QUOTED"]
        return n.CreateEmblem(n.You(), tuple(self._quoted(q, None, False) for q in quotes))

    def token_except(self, c: list[Any]) -> tuple[str, ...]:
        return tuple(k.name for k in c[-1])

    def create_token_copy(self, c: list[Any]) -> n.CreateTokenCopy:
        keywords = c[-1] if isinstance(c[-1], tuple) else ()
        return n.CreateTokenCopy(c[7], 1, keywords)

    def create_token_copies(self, c: list[Any]) -> n.CreateTokenCopy:
        keywords = c[-1] if isinstance(c[-1], tuple) else ()
        return n.CreateTokenCopy(c[7], c[1], keywords)

    def gain(self, c: list[Any]) -> tuple[Any, ...]:
        return tuple(_gain(c[0], k) for k in c[2])

    def lose(self, c: list[Any]) -> tuple[n.LoseAbility, ...]:
        return tuple(n.LoseAbility(c[0], k.name, k.argument) for k in c[2])

    def counter(self, c: list[Any]) -> n.Counter:
        return n.Counter(c[1])

    def counter_unless(self, c: list[Any]) -> n.Counter:
        return n.Counter(c[1], unless_pays=str(c[-1]))

    def choose_new(self, c: list[Any]) -> n.ChangeTargets:
        return n.ChangeTargets(c[-1], "choose_new")

    def change_the_target(self, c: list[Any]) -> n.ChangeTargets:
        return n.ChangeTargets(c[-1], "change_the_target")

    def change_the_target_to_self(self, c: list[Any]) -> n.ChangeTargets:
        return n.ChangeTargets(c[4], "change_the_target", to=n.Self())

    def change_a_target(self, c: list[Any]) -> n.ChangeTargets:
        return n.ChangeTargets(c[-1], "change_a_target")

    def change_a_target_to_self(self, c: list[Any]) -> n.ChangeTargets:
        return n.ChangeTargets(c[4], "change_a_target", to=n.Self())

    def new_target_must(self, c: list[Any]) -> n.NewTargetMustBe:
        nominal: _Nominal = c[-1]
        return n.NewTargetMustBe(nominal.descriptor)

    def change_any(self, c: list[Any]) -> n.ChangeTargets:
        return n.ChangeTargets(c[-1], "change_any")

    def attached_gets(self, c: list[Any]) -> n.AttachedGets:
        power, toughness = self._pt(c[3])
        return n.AttachedGets(power, toughness)

    def you_have(self, c: list[Any]) -> n.PlayerHas:
        return n.PlayerHas(n.You(), tuple((k.name, k.argument) for k in c[2]))

    def as_though_no_hexproof(self, c: list[Any]) -> n.TargetAsThoughNoHexproof:
        nominal: _Nominal = c[0]
        return n.TargetAsThoughNoHexproof(nominal.descriptor)

    def you_gain_life(self, c: list[Any]) -> n.GainLife:
        return n.GainLife(n.You(), c[2])

    def you_lose_life(self, c: list[Any]) -> n.LoseLife:
        return n.LoseLife(n.You(), c[2])

    def gains_life(self, c: list[Any]) -> n.GainLife:
        return n.GainLife(c[0], c[2])

    def loses_life(self, c: list[Any]) -> n.LoseLife:
        return n.LoseLife(c[0], c[2])

    def if_it(self, c: list[Any]) -> n.Conditional:
        inner = c[0]
        subject: Any = getattr(inner, "what", None) or getattr(inner, "to", None) or n.It()
        return n.Conditional(subject, c[-1], (inner,))

    def cond_color(self, c: list[Any]) -> d.Descriptor:
        return d.Color(str(c[0]).lower())

    def cond_noncolor(self, c: list[Any]) -> d.Descriptor:
        return d.Not(d.Color(str(c[-1]).lower()))

    def cond_type(self, c: list[Any]) -> d.Descriptor:
        return d.HasType(str(c[-1]).lower())

    def both(self, c: list[Any]) -> tuple[Any, ...]:
        out: list[Any] = []
        for part in (c[0], c[-1]):
            out.extend(part if isinstance(part, tuple | list) else [part])
        return tuple(out)

    def copy(self, c: list[Any]) -> n.CopySpell:
        return n.CopySpell(c[1])

    def cant_subject(self, c: list[Any]) -> Any:
        return c[0]

    def attached_subject(self, c: list[Any]) -> n.Attached:
        return n.Attached()

    def group_subject(self, c: list[Token]) -> n.Each:
        return n.Each(d.HasType(CARD_TYPE_WORDS[c[0].lower()]))

    def targeters(self, c: list[Token]) -> tuple[bool, bool, bool]:
        kinds = {t.type for t in c}
        return "SPELL" in kinds, "ABILITY" in kinds, "OPPONENT" in kinds

    def t_quality(self, c: list[Token]) -> tuple[str, ...]:
        return tuple(str(t).lower() for t in c if t.type != "OR")

    def targeters_quality(self, c: list[Any]) -> tuple[bool, bool, bool, tuple[str, ...]]:
        """ "white spells or abilities from white sources": spells, and abilities when
        named, each with the quality; "your opponents control" must be on both or none."""
        qualities = [x for x in c if isinstance(x, tuple)]
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        abilities = any(isinstance(t, Token) and t.type == "ABILITY" for t in c)
        if abilities and (words != ["sources"] or qualities[0] != qualities[-1]):
            raise NotRead("abilities from other sources than the spells'")
        opponents = sum(1 for t in c if isinstance(t, Token) and t.type == "OPPONENT")
        if abilities and opponents == 1:
            raise NotRead("'your opponents control' on one side only")
        return True, abilities, opponents > 0, qualities[0]

    def cant_be_target(self, c: list[Any]) -> n.CantBeTargeted:
        spells, abilities, opponents, *rest = c[6]
        this_turn = isinstance(c[-1], Token) and c[-1].type == "TURN"
        return n.CantBeTargeted(
            c[0],
            spells,
            abilities,
            opponents,
            "end_of_turn" if this_turn else None,
            qualities=rest[0] if rest else (),
        )

    def fight(self, c: list[Any]) -> n.Fight:
        return n.Fight(c[0], c[2])

    def copy_exception(self, c: list[Any]) -> CopyException:
        """ ", except that the copy is red" (mtg:707.9b)."""
        return CopyException(tuple(str(t).lower() for t in c if t.type == "COLOR"))

    def draw(self, c: list[Any]) -> n.Draw:
        return n.Draw(n.You(), c[1])

    def draw_for_each(self, c: list[Any]) -> n.Draw:
        """ "Draw a card for each creature you control": counted as it resolves (mtg:608.2h)."""
        nominal: _Nominal = c[-1]
        return n.Draw(n.You(), n.CountOf(nominal.descriptor, c[1]))

    def draw_number_of(self, c: list[Any]) -> n.Draw:
        """ "Draw cards equal to the number of creatures you control" (mtg:608.2h)."""
        nominal: _Nominal = c[-1]
        return n.Draw(n.You(), n.CountOf(nominal.descriptor))

    def counter_kind(self, c: list[Token]) -> str:
        return str(c[0]).lower()

    def put_counters(self, c: list[Any]) -> n.PutCounters:
        """ "Put two +1/+1 counters on target creature" (mtg:122.1, mtg:122.6). Counters
        that carry a rule tcgrules does not model yet (lore counters, mtg:714.2) are
        not read, so no card claims them."""
        kind: str = c[2]
        self.check_counter_kind(kind)
        return n.PutCounters(c[-1], kind, c[1])

    def phase_out(self, c: list[Any]) -> n.PhaseOut:
        """ "[It] phases out" (mtg:702.26b)."""
        return n.PhaseOut(c[0])

    def counter_item(self, c: list[Any]) -> tuple[Any, str]:
        kind: str = c[1]
        self.check_counter_kind(kind)
        return c[0], kind

    def put_counter_list(self, c: list[Any]) -> tuple[n.PutCounters, ...]:
        """Several kinds of counters on one object, in the order written (mtg:122.1)."""
        what = c[-1]
        items = [x for x in c if isinstance(x, tuple) and len(x) == 2 and isinstance(x[1], str)]
        return tuple(n.PutCounters(what, kind, count) for count, kind in items)

    def check_counter_kind(self, kind: str) -> None:
        """Refuse (not read) a kind of counter whose rules tcgrules does not model; shield
        and stun counters are (mtg:122.1c, mtg:122.1d), and so are keyword counters
        (mtg:122.1b) and finality counters (mtg:122.1h)."""
        if kind in _UNMODELLED_COUNTERS:
            raise NotRead(f"{kind} counters")

    def library(self, c: list[Token]) -> None:
        return None

    def library_top(self, c: list[Any]) -> n.PutInLibrary:
        return n.PutInLibrary(c[1], 1)

    def library_bottom(self, c: list[Any]) -> n.PutInLibrary:
        return n.PutInLibrary(c[1], None)

    def library_nth(self, c: list[Any]) -> n.PutInLibrary:
        """ "into its owner's library second from the top" (mtg:401.7)."""
        ordinal: Token = c[4]
        return n.PutInLibrary(c[1], ORDINAL_WORDS[ordinal.lower()])

    def and_target(self, c: list[Any]) -> tuple[Any, ...]:
        """ "Destroy target artifact and target land": the verb applies to each target
        phrase, and each says "target" on its own, so one object may fill both
        (mtg:601.2c). Only a verb whose object ends the phrase takes a second one."""
        first, second = c[0], c[-1]
        if not isinstance(first, _ONE_OBJECT_VERBS):
            raise NotRead(f"a second target after {type(first).__name__}")
        return (first, replace(first, what=second))

    def _and_each(self, c: list[Any], prop: str) -> Any:
        """The effect before "and each other ..." on its object and the objects sharing
        ``prop`` with it (:class:`~tcgrules.cardtext.nodes.AndEachSharing`)."""
        first = c[0]
        field = {n.Destroy: "what", n.Exile: "what", n.DealDamage: "to"}.get(type(first))
        if field is None:
            raise NotRead(f"'and each other' after {type(first).__name__}")
        alts = next(x for x in c if isinstance(x, list))
        nominal = self.nominal([alts])
        return replace(
            first, **{field: n.AndEachSharing(getattr(first, field), nominal.descriptor, prop)}
        )

    def and_each_same_name(self, c: list[Any]) -> Any:
        """ "... and all other artifacts with the same name as that artifact" (mtg:201.2a)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["same", "name"]:
            raise NotRead(" ".join(words))
        return self._and_each(c, "name")

    def and_each_sharing_color(self, c: list[Any]) -> Any:
        """ "... and each other creature that shares a color with it" (mtg:105.2)."""
        words = [str(t).lower() for t in c if isinstance(t, Token) and t.type == "WORD"]
        if words != ["shares", "color"]:
            raise NotRead(" ".join(words))
        return self._and_each(c, "colors")

    def deal_and_each_same_name(self, c: list[Any]) -> Any:
        """ "~ deals 4 damage to target creature and each other creature with the same
        name as that creature": one damage event to all of them (mtg:120.2b)."""
        return self.and_each_same_name([n.DealDamage(c[2], c[5], source=c[0]), *c[6:]])

    def deal_and_each_sharing_color(self, c: list[Any]) -> Any:
        """ "... to target creature and each other creature that shares a color with it"."""
        return self.and_each_sharing_color([n.DealDamage(c[2], c[5], source=c[0]), *c[6:]])

    def no_regeneration(self, c: list[Any]) -> NoRegeneration:
        return NoRegeneration()

    def draws(self, c: list[Any]) -> n.Draw:
        return n.Draw(c[0], c[2])

    def draws_loses(self, c: list[Any]) -> tuple[n.Draw, n.LoseLife]:
        return (n.Draw(c[0], c[2]), n.LoseLife(c[0], c[6]))


@dataclass(frozen=True, slots=True)
class NoRegeneration:
    """ "It/They can't be regenerated.": a rider on the destruction just before it
    (mtg:701.15c); it is folded into that :class:`~tcgrules.cardtext.nodes.Destroy`."""


@dataclass(frozen=True, slots=True)
class CopyException:
    """ "..., except that the copy is red": the copy effect sets the copy's colors as
    it copies (mtg:707.9b); folded into the :class:`~tcgrules.cardtext.nodes.CopySpell`
    of the clause before the comma."""

    colors: tuple[str, ...]


#: counters with rules of their own that tcgrules does not model yet (mtg:122.1b-h,
#: mtg:714.2): finality and lore counters
_UNMODELLED_COUNTERS = frozenset({"lore"})


#: effects whose one object ends the verb phrase ("Destroy target artifact")
_ONE_OBJECT_VERBS = (n.Destroy, n.Exile, n.Tap, n.Untap, n.ChooseTarget, n.PutCounters)


def _gain(what: Any, keyword: d.HasKeyword) -> n.GainAbility:
    return n.GainAbility(what, keyword.name, keyword.argument)


TARGET_RULES = frozenset(
    {
        "tref",
        "tref_any",
        "tref_another",
        "tref_targets",
        "tref_ordinal",
        "tref_any_state",
        "r6_tref_either",
    }
)


def target_spans(tree: Tree[Token]) -> list[tuple[int, int]]:
    """Text spans of the target phrases in ``tree``, in text order."""
    spans: list[tuple[int, int]] = []
    for sub in tree.iter_subtrees_topdown():  # type: ignore[no-untyped-call]
        if sub.data in TARGET_RULES:
            spans.append(_span_of(list(sub.scan_values(lambda v: isinstance(v, Token)))))
    return spans


def build(
    tree: Tree[Token], quoted: dict[int, n.GrantAbility] | None = None
) -> tuple[list[Draft], Any]:
    """Transform one parsed tree: the drafts it declares and its value; ``quoted`` maps
    the offset of each QUOTED token to the ability it stands for."""
    builder = MagicBuilder(target_spans(tree), quoted)
    value = transform(builder, tree)
    return builder.drafts, value


def _kind_or_any(part: Any) -> str:
    """The counter kind a "[kind] counter" phrase names, or "any" when it names none (the
    word "counter" itself is a Token, which is a str too)."""
    return part if isinstance(part, str) and not isinstance(part, Token) else "any"


def _flatten(parts: list[d.Descriptor]) -> list[d.Descriptor]:
    out: list[d.Descriptor] = []
    for part in parts:
        if isinstance(part, d.AllOf | d.AnyOf):
            out.extend(_flatten(list(part.parts)))
        else:
            out.append(part)
    return out
