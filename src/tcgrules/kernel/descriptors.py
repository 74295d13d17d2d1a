"""What a phrase describes: descriptor nodes and target requirements (pure data).

A descriptor is a small tree of frozen nodes ("nonblack creature an opponent
controls" is ``AllOf(HasType("creature"), Not(Color("black")), Controller("opponent"))``).
Card-text grammars build them; the targeting engine compiles them once into fast
predicates (:mod:`tcgrules.kernel.targeting`). They are game-agnostic: type,
color and zone names are the ruleset's own words, lower-case.

A :class:`TargetRequirement` is one instance of the word "target" (mtg:115.1,
mtg:115.3): its descriptor, how many may be chosen, whether an amount is divided
among the choices (mtg:601.2d, mtg:115.7f) and how it relates to earlier
instances ("another target", mtg:115.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal, TypeAlias

Relation: TypeAlias = Literal["you", "opponent", "not_you", "any"]
Comparison: TypeAlias = Literal["<", "<=", "==", ">=", ">", "!="]


@dataclass(frozen=True, slots=True)
class HasType:
    """Has this card type (``creature``, ``artifact``, ``instant``, FaB ``action``, GA ``ally``)."""

    name: str


@dataclass(frozen=True, slots=True)
class HasSubtype:
    """Has this subtype (``goblin``, ``aura``, ``equipment``)."""

    name: str


@dataclass(frozen=True, slots=True)
class HasSupertype:
    """Has this supertype (``legendary``, ``basic``, ``snow``)."""

    name: str


@dataclass(frozen=True, slots=True)
class IsPermanent:
    """A permanent: an object on the battlefield (mtg:110.1)."""


@dataclass(frozen=True, slots=True)
class IsSpell:
    """A spell: a card or copy of a card on the stack (mtg:112.1)."""


@dataclass(frozen=True, slots=True)
class IsAbility:
    """An ability on the stack; ``kind`` narrows it to ``activated`` or ``triggered``."""

    kind: Literal["activated", "triggered"] | None = None


@dataclass(frozen=True, slots=True)
class IsCard:
    """A card (not a token, copy of a spell, or ability) in some zone."""


@dataclass(frozen=True, slots=True)
class IsSource:
    """A source (of an ability, damage or mana) in any zone (mtg:109.2c)."""


@dataclass(frozen=True, slots=True)
class IsPlayer:
    """A player (MTG players are targetable; mtg:115.1)."""


@dataclass(frozen=True, slots=True)
class IsToken:
    """A token (mtg:111.1)."""


@dataclass(frozen=True, slots=True)
class Color:
    """Is this color (``white``, ``blue``, ``black``, ``red``, ``green``)."""

    name: str


@dataclass(frozen=True, slots=True)
class Colorless:
    """Has no color (mtg:105.2c)."""


@dataclass(frozen=True, slots=True)
class Multicolored:
    """Has two or more colors (mtg:105.2b)."""


@dataclass(frozen=True, slots=True)
class Monocolored:
    """Has exactly one color (mtg:105.2a)."""


@dataclass(frozen=True, slots=True)
class Controller:
    """Controlled by the acting player (``you``), an opponent, or not by you (mtg:109.4)."""

    relation: Relation


@dataclass(frozen=True, slots=True)
class Owner:
    """Owned by the acting player, an opponent, or not by you (mtg:108.3)."""

    relation: Relation


@dataclass(frozen=True, slots=True)
class PlayerIs:
    """For players: the acting player (``you``) or one of their opponents."""

    relation: Relation


@dataclass(frozen=True, slots=True)
class InZone:
    """In this zone (mtg:109.2a); ``whose`` narrows to the acting player's or an opponent's."""

    zone: str
    whose: Relation = "any"


@dataclass(frozen=True, slots=True)
class HasKeyword:
    """Has this keyword ability ("with flying"); ``argument`` for e.g. protection from red."""

    name: str
    argument: str | None = None


@dataclass(frozen=True, slots=True)
class Compare:
    """A numeric property compared to a number ("with power 2 or less", "mana value 3")."""

    prop: str
    op: Comparison
    value: int


@dataclass(frozen=True, slots=True)
class Status:
    """A status or combat state: ``tapped``, ``untapped``, ``attacking``, ``blocking``, ..."""

    name: str


@dataclass(frozen=True, slots=True)
class Named:
    """Has this name, as the game compares names (:meth:`Ruleset.is_named`; FaB names
    match whole word for whole word, fab:2.7.5). ``moniker``: an object whose moniker is
    this also matches, where the game has monikers (a name in card text means objects
    with that name or moniker, fab:2.12.3b; "a card named X" means the name only,
    fab:2.7.3c)."""

    name: str
    moniker: bool = False


@dataclass(frozen=True, slots=True)
class NamedAsSource:
    """Has the name printed on the object the text is on ("cards named Kindle in all
    graveyards" in Kindle's text): that name, not that object (mtg:201.2, mtg:201.2a);
    nothing matches when the text is on no object."""


@dataclass(frozen=True, slots=True)
class InSet:
    """Has ``word`` among the words of the set-valued property ``prop`` a game keeps
    besides types (``Characteristics.sets``): a FaB trait ("target Agent of Chaos" is
    ``InSet("traits", "agent of chaos")``, fab:2.13.4)."""

    prop: str
    word: str


@dataclass(frozen=True, slots=True)
class Other:
    """Not the object the text is on ("another", "other"; mtg:109.5 style self-exclusion)."""


@dataclass(frozen=True, slots=True)
class Not:
    """The negation of a descriptor ("nonblack", "nonland", "non-champion")."""

    part: Descriptor


@dataclass(frozen=True, slots=True)
class AllOf:
    """Every part holds ("tapped creature you control")."""

    parts: tuple[Descriptor, ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one part holds ("artifact or enchantment", "creature or player")."""

    parts: tuple[Descriptor, ...]


@dataclass(frozen=True, slots=True)
class CompareVariable:
    """A numeric property compared to a variable the text defines ("mana value X or less")."""

    prop: str
    op: Comparison
    variable: str


@dataclass(frozen=True, slots=True)
class CompareAmount:
    """A numeric property compared to a number the text computes ("with mana value X or
    less, where X is the amount of life you gained this turn", "with power less than or
    equal to the number of Islands you control"): ``amount`` is the game's own node for
    that number, which the game's ruleset works out each time the description is checked
    (:meth:`Ruleset.amount_now`): as targets are chosen (mtg:601.2c) and again as the
    spell or ability resolves (mtg:608.2b)."""

    prop: str
    op: Comparison
    amount: object


@dataclass(frozen=True, slots=True)
class Targets:
    """A spell or ability that targets something matching ``what`` (mtg:115.1);
    ``only`` when that is its only target ("that targets only ~")."""

    what: Descriptor
    only: bool = False


@dataclass(frozen=True, slots=True)
class TargetCount:
    """A spell or ability by how many times targets were chosen for it ("with a single
    target", mtg:115.9a)."""

    op: Comparison
    value: int


@dataclass(frozen=True, slots=True)
class ControlledBy:
    """Controlled by a player the text names other than by relation.

    ``who`` is ``defending_player`` (mtg:506.2), ``that_player``, ``chosen_player``,
    ``target_player`` or ``enchanted_player``: the engine resolves who that is.
    """

    who: str


@dataclass(frozen=True, slots=True)
class Condition:
    """A state of the object described by a clause the text names ("that was dealt damage
    this turn"): ``name`` is a snake_case key the engine knows, e.g. ``dealt_damage_this_turn``.
    """

    name: str


@dataclass(frozen=True, slots=True)
class HasValue:
    """A text property has this value, lower-case (``HasValue("element", "fire")``,
    ``HasValue("cost_kind", "memory")``): the property is the ruleset's own word."""

    prop: str
    value: str


@dataclass(frozen=True, slots=True)
class Fact:
    """A yes/no fact of an object that the ruleset defines (:meth:`Ruleset.object_facts`,
    e.g. ``is_activation``): what a game calls an activation or a materialization on its
    stack is the game's to say, so the description names the fact, not the game."""

    name: str


Descriptor: TypeAlias = (
    HasType
    | HasSubtype
    | HasSupertype
    | IsPermanent
    | IsSpell
    | IsAbility
    | IsCard
    | IsSource
    | IsPlayer
    | IsToken
    | Color
    | Colorless
    | Multicolored
    | Monocolored
    | Controller
    | Owner
    | PlayerIs
    | InZone
    | HasKeyword
    | Compare
    | Status
    | Named
    | NamedAsSource
    | InSet
    | Other
    | Not
    | AllOf
    | AnyOf
    | CompareVariable
    | CompareAmount
    | TargetCount
    | Targets
    | ControlledBy
    | Condition
    | HasValue
    | Fact
)


#: how a target must stand to the others ``Together`` names
TogetherTest = Literal["share", "share_none", "same", "different", "at_most", "total_at_most"]


@dataclass(frozen=True, slots=True)
class Together:
    """A test between a target and other targets of the same spell or ability, which
    the phrase sets ("two target creature cards that share a creature type", "another
    target creature with the same controller"); checked as targets are chosen and
    again on resolution, like the rest of the phrase.

    - ``test``: ``share`` (the chosen values, as sets, have one in common, all of
      them together), ``share_none`` (no value in common with any other),
      ``same`` / ``different`` (equal to / unlike each other's; an object with no
      value is never different), ``at_most`` (a number at most each other's),
      ``total_at_most`` (the numbers of this target and the others add up to at most
      ``limit``; tested even before any other is chosen).
    - ``prop``: a property the ruleset answers (``Ruleset.object_property``:
      ``types``, ``subtypes``, ``name``, ``mana_value``, ...), ``controller``, or
      ``player``: whose the object is (its controller on the battlefield, the owner of
      the zone it is in elsewhere); a player chosen as a target is its own.
    - ``among``: the earlier instances of "target" whose targets are the others;
      empty: the other targets of this same instance.
    - ``within``: only these values count ("shares one of those types with it").
    - ``text``: the words that set it.
    """

    test: TogetherTest
    prop: str
    among: tuple[int, ...] = ()
    within: frozenset[str] | None = None
    text: str = ""
    limit: int | None = None


@dataclass(frozen=True, slots=True)
class TargetRequirement:
    """One instance of the word "target" (mtg:115.1, mtg:115.3).

    - ``descriptor``: what may be chosen, including the zone (mtg:115.2, mtg:109.2).
    - ``min``/``max``: how many; ``max=None`` means any number ("any number of target").
      "up to two target" is ``min=0, max=2`` (mtg:115.6); "two target" is ``2, 2``.
    - ``kinds``: the head nouns of the phrase, from a documented vocabulary
      (``creature``, ``player``, ``planeswalker``, ``battle``, ``permanent``,
      ``artifact``, ``enchantment``, ``land``, ``spell``, ``ability``, ``card``, ...);
      "any target" is creature, player, planeswalker, battle (mtg:115.4).
    - ``zone``: where object candidates are (``battlefield``, ``stack``,
      ``graveyard``, ...), ``None`` when only players can be chosen.
    - ``divided``: an amount is divided among the chosen targets (mtg:601.2d).
    - ``distinct_from``: indexes of earlier instances this one must differ from
      ("another target", mtg:115.3/115.4).
    - ``text``: the phrase as written on the card; ``span`` its offsets in the text.
    - ``together``: tests between this instance's targets and other targets
      (:class:`Together`).
    - ``cast_option``: the instance is one the spell has only if an optional cost was
      chosen as it was cast (``kicked``), or only if it was not (``!kicked``: the
      version used otherwise); when not in use, the spell is cast as though it did not
      have it (mtg:601.2c).
    - ``each_player``: the instance is one per player ("for each opponent, gain control
      of target permanent that player controls"): ``min`` and ``max`` (``None``: as
      ``min``) count for each player who is the player of a legal choice, so how many
      targets there are is set by the game as they are chosen (mtg:601.2c); one object
      of each player is a ``different``/``player`` :class:`Together` test.
    - ``limit``: the most targets, when the text defines that number ("up to X target
      creatures, where X is ...", "up to that many target cards"): an amount of the
      game's effect vocabulary, counted once as the object goes on the stack; ``max``
      is then that count for this object (mtg:601.2c). None: ``max`` says it all.
    """

    descriptor: Descriptor
    min: int = 1
    max: int | None = 1
    kinds: frozenset[str] = frozenset()
    zone: str | None = "battlefield"
    divided: bool = False
    distinct_from: tuple[int, ...] = ()
    text: str = ""
    span: tuple[int, int] | None = field(default=None, compare=False)
    #: who picks what is targeted: the controller, or an opponent ("any target of an
    #: opponent's choice"), or the player the text names ("of that player's choice",
    #: "of their choice"), or chance ("target opponent chosen at random"; see
    #: :mod:`tcgrules.kernel.random_targets`); what is legal is the same (mtg:115.1, 601.2c)
    chosen_by: Literal["controller", "opponent", "that player", "random"] = "controller"
    together: tuple[Together, ...] = ()
    cast_option: str = ""
    each_player: bool = False
    limit: object = None

    def in_use(self, options: Mapping[str, int]) -> bool:
        """Whether the instance is one the spell has, given the optional costs chosen
        as it was cast (name -> times; see ``cast_option``)."""
        if not self.cast_option:
            return True
        name = self.cast_option.removeprefix("!")
        return (options.get(name, 0) > 0) != self.cast_option.startswith("!")

    def shifted(self, offset: int) -> TargetRequirement:
        """The same requirement with the instances it names moved by ``offset`` (when
        its ability's instances come after others: a mode's, a second ability's)."""
        if not offset or not (self.distinct_from or any(t.among for t in self.together)):
            return self
        together = tuple(
            replace(t, among=tuple(i + offset for i in t.among)) for t in self.together
        )
        return replace(
            self,
            distinct_from=tuple(i + offset for i in self.distinct_from),
            together=together,
        )

    @property
    def optional(self) -> bool:
        """True if zero targets may be chosen for this instance (mtg:115.6)."""
        return self.min == 0
