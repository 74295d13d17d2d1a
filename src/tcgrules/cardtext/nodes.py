"""Typed nodes for parsed card text: abilities, effects, references (pure data).

Every node is a frozen, slotted dataclass. Effects name what they act on with a
*reference*: ``TargetSlot(i)`` is the i-th target requirement of the ability (or
of the mode, for modal abilities, mtg:700.2), ``Each(descriptor)`` is a group
chosen without targeting, ``Self`` is the object the text is printed on
(mtg:201.5), ``You`` the controller. Anything the grammar does not read is kept
as :class:`Unsupported` with its text span, never dropped.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from tcgrules.kernel.descriptors import Descriptor, TargetRequirement

Span: TypeAlias = tuple[int, int]

# --------------------------------------------------------------------------- references


@dataclass(frozen=True, slots=True)
class TargetSlot:
    """The ``index``-th target requirement of the enclosing ability or mode (mtg:115.1)."""

    index: int


@dataclass(frozen=True, slots=True)
class Each:
    """Every object or player that matches, chosen at resolution, not targeted ("each creature")."""

    descriptor: Descriptor


@dataclass(frozen=True, slots=True)
class Self:
    """The object the text is printed on: its name, "this creature", "~" (mtg:201.5)."""


@dataclass(frozen=True, slots=True)
class You:
    """The controller of the spell or ability (mtg:109.5)."""


@dataclass(frozen=True, slots=True)
class It:
    """An object an earlier part of the text referred to ("it", "that creature", "the copy")."""

    word: str = "it"


@dataclass(frozen=True, slots=True)
class Chosen:
    """Objects or cards chosen as the effect happens, not targeted ("choose a unit and deal
    2 damage to it", ga:objects-and-targeting/target-4): chosen at resolution, so what
    restricts targeting (spellshroud, hexproof) does not apply and the ability has no
    target requirement for it. ``min``/``max`` as in a target requirement."""

    descriptor: Descriptor
    min: int = 1
    max: int | None = 1
    text: str = ""


@dataclass(frozen=True, slots=True)
class ControllerOf:
    """The controller of what ``of`` names ("its controller"); of an object that has left
    its zone, its controller as it last existed (mtg:608.2h)."""

    of: TargetSlot | Self | It


@dataclass(frozen=True, slots=True)
class EachControlledBy:
    """Every object ``descriptor`` describes that ``player`` controls ("creatures target
    player controls"): the objects are not targets, the player may be; found as the
    effect happens."""

    descriptor: Descriptor
    player: TargetSlot | You | ControllerOf


Reference: TypeAlias = (
    TargetSlot | Each | Self | You | It | Chosen | ControllerOf | EachControlledBy
)

Duration: TypeAlias = Literal["end_of_turn", "permanent", "your_next_turn"]


@dataclass(frozen=True, slots=True)
class CountOf:
    """A number counted when the effect happens: ``multiplier`` times how many objects
    and players ``descriptor`` describes then ("a card for each creature you control",
    "the number of creatures you control"; read as the effect applies, mtg:608.2h).
    What the game treats as not existing is not counted (a phased-out permanent,
    mtg:702.26b)."""

    descriptor: Descriptor
    multiplier: int | str = 1


#: a number in an effect: printed, a variable ("X"), or counted as it happens
Amount: TypeAlias = int | str | CountOf

# --------------------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class DealDamage:
    """``source`` deals ``amount`` damage to ``to`` (mtg:120); ``divided`` per mtg:601.2d.

    ``amount`` is an int or the text of a variable amount ("X").
    """

    amount: int | str
    to: Reference
    source: Reference = field(default_factory=Self)
    divided: bool = False


@dataclass(frozen=True, slots=True)
class Destroy:
    """Destroy: move to the owner's graveyard (mtg:701.7a). ``no_regeneration``: the
    text adds that what it destroys can't be regenerated (mtg:701.15c), so no
    regeneration shield may replace this destruction."""

    what: Reference
    no_regeneration: bool = False


@dataclass(frozen=True, slots=True)
class Exile:
    """Move to exile (mtg:701.13)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    """Return to the owner's hand (from the battlefield or a graveyard, mtg:400.3)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class ReturnToBattlefield:
    """Return (a card from a graveyard) to the battlefield under ``under``'s control."""

    what: Reference
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class Tap:
    """Tap (mtg:701.26)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class Untap:
    """Untap (mtg:701.26)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class ModifyPT:
    """Gets +N/+M (mtg:613.4c) for ``duration``; ``power``/``toughness`` int or "X"/"-X"."""

    what: Reference
    power: int | str
    toughness: int | str
    duration: Duration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class GainAbility:
    """Gains a keyword ability (mtg:613.1f) for ``duration`` (Flesh and Blood's "this chain
    link" and "this combat chain" too); ``argument`` e.g. "red"."""

    what: Reference
    keyword: str
    argument: str | None = None
    duration: StatDuration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class LoseAbility:
    """``what`` loses a keyword ability for ``duration`` ("loses flying until end of
    turn"; layer 6, mtg:613.1f)."""

    what: Reference
    keyword: str
    argument: str | None = None
    duration: StatDuration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class Counter:
    """Counter a spell or ability (mtg:701.5); ``unless_pays`` the cost its controller may pay."""

    what: Reference
    unless_pays: str | None = None


ChangeHow: TypeAlias = Literal["choose_new", "change_the_target", "change_a_target", "change_any"]


@dataclass(frozen=True, slots=True)
class ChangeTargets:
    """Choose new targets for / change the target of a spell or ability (mtg:115.7)."""

    what: Reference
    how: ChangeHow
    #: the new target the text names ("to ~"), if any
    to: Reference | None = None
    #: what a new target must be, said in a sentence of its own ("The new target must
    #: be a player."); checked with the new targets (mtg:115.7a)
    must_be: Descriptor | None = None


@dataclass(frozen=True, slots=True)
class NewTargetMustBe:
    """ "The new target must be [a ...]": the restriction a change of target before it
    keeps to (merged into that :class:`ChangeTargets` when the text is read)."""

    descriptor: Descriptor


@dataclass(frozen=True, slots=True)
class CopySpell:
    """Copy a spell (mtg:707.10); the copy's targets may be changed (mtg:707.10c).
    ``colors``: the copy effect's exception that sets the copy's colors ("except that
    the copy is red"), part of the copy's copiable values (mtg:707.9b)."""

    what: Reference
    may_choose_new_targets: bool = False
    colors: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class Attached:
    """The object the text's object is attached to ("enchanted creature", "equipped
    creature", mtg:303.4, mtg:301.5)."""


@dataclass(frozen=True, slots=True)
class CantBeTargeted:
    """ "[what] can't be the target of spells or abilities [your opponents control]": an
    effect that limits targeting like hexproof or shroud does (mtg:115.1, checked when
    targets are chosen, mtg:601.2c, mtg:602.2b, and again on resolution, mtg:608.2b).
    ``spells``/``abilities``: which kinds it stops; ``opponents``: only those an opponent
    of the affected object's controller controls; ``duration`` for a resolving spell's."""

    what: Reference | Attached
    spells: bool = True
    abilities: bool = True
    opponents: bool = False
    duration: Duration | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Fight:
    """``first`` fights ``second``: each deals damage equal to its power to the other
    (mtg:701.12a)."""

    first: Reference
    second: Reference


@dataclass(frozen=True, slots=True)
class Draw:
    """``who`` draws ``count`` cards (mtg:121)."""

    who: Reference
    count: Amount = 1


@dataclass(frozen=True, slots=True)
class Attach:
    """Attach ``what`` (an Aura or Equipment) to ``to`` (mtg:701.3a); equip's effect
    (mtg:702.6a)."""

    what: Reference
    to: Reference


@dataclass(frozen=True, slots=True)
class AttachedGets:
    """The object this Aura or Equipment is attached to gets +N/+M while it is attached
    (a static ability's effect, mtg:604.1, applied in layer 7c, mtg:613.4c)."""

    power: int | str
    toughness: int | str


@dataclass(frozen=True, slots=True)
class PlayerHas:
    """A static ability that gives a player keyword abilities while its object is on the
    battlefield: "You have hexproof." (mtg:604.1, mtg:702.11c); ``who`` is the player
    (``You``: the controller of the object), ``keywords`` (name, argument) pairs."""

    who: Reference
    keywords: tuple[tuple[str, str | None], ...]


@dataclass(frozen=True, slots=True)
class TargetAsThoughNoHexproof:
    """A static ability: what ``what`` describes "can be the targets of spells and
    abilities you control as though they didn't have hexproof" (mtg:702.11e; it ignores
    "hexproof from" abilities too, and never shroud)."""

    what: Descriptor


@dataclass(frozen=True, slots=True)
class CreateToken:
    """Create ``count`` tokens that a token keyword names ("Create a Runechant token",
    fab:8.5.2): the name refers to a token the rules define, not to an existing object
    (fab:2.12.3b, fab:8.6); ``who`` creates and controls them (fab:8.5.2c)."""

    name: str
    count: Amount = 1
    who: Reference = field(default_factory=You)
    #: Magic: the characteristics the text gives the token (mtg:111.3); None for a token
    #: known by name only (a predefined one, mtg:111.10)
    description: TokenDescription | None = None
    #: Magic: "create a tapped ... token" (mtg:110.5b)
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class GainLife:
    """``who`` gains ``amount`` life (mtg:119.3)."""

    who: Reference
    amount: int | str


@dataclass(frozen=True, slots=True)
class LoseLife:
    """``who`` loses ``amount`` life (mtg:119.3)."""

    who: Reference
    amount: int | str


@dataclass(frozen=True, slots=True)
class Conditional:
    """Do ``effects`` only if ``subject`` fits ``condition`` as the effect happens ("destroy
    target creature if it's black"): checked on resolution, not a targeting restriction."""

    subject: Reference
    condition: Descriptor
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class May:
    """An optional effect: the controller chooses whether to do it (mtg:608.2d)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class IfYouDo:
    """ "If you do, ...": effects that depend on whether the controller took the optional
    action just before (mtg:608.2c, mtg:608.2d); ``didnt`` for "If you don't, ..."."""

    effects: tuple[Effect, ...]
    didnt: bool = False


@dataclass(frozen=True, slots=True)
class IfCondition:
    """ "If [condition], ...": effects performed only if the condition holds as the spell or
    ability resolves (mtg:608.2c; after a trigger, an intervening "if" is checked then too,
    mtg:603.4). ``condition`` is a key the ruleset knows (``creature_died_this_turn``);
    ``text`` the condition as written."""

    condition: str
    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class ReflexiveTrigger:
    """ "When you do, ...": a triggered ability the resolving spell or ability creates when
    its controller takes the action it offers (mtg:603.12). It has its own targets, chosen
    as it is put on the stack, not when its parent was cast."""

    requirements: tuple[TargetRequirement, ...]
    effects: tuple[Effect | Modal, ...]
    text: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class CreateTokenCopy:
    """ "Create a token that's a copy of target creature": a token with the copiable
    values of what ``what`` names (mtg:111.1, mtg:707.2), ``count`` of them, under the
    controller's control; ``keywords`` it has as part of the copying ("except it has
    haste", mtg:707.9a)."""

    what: Reference
    count: Amount = 1
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CreateEmblem:
    """ "You get an emblem with "..."": an emblem with these quoted abilities goes to the
    command zone, owned and controlled by ``who`` (mtg:114.1, mtg:114.2)."""

    who: Reference
    abilities: tuple[GrantAbility, ...]


@dataclass(frozen=True, slots=True)
class ArcaneDamage(DealDamage):
    """Flesh and Blood: deal ``amount`` *arcane* damage (fab:8.5.3b), one of the game's
    three kinds of damage. It is a :class:`DealDamage`, so a handler of damage deals it;
    what tells arcane damage apart (prevention, triggers) can look at this type."""


StatDuration: TypeAlias = Literal[
    "end_of_turn", "permanent", "your_next_turn", "chain_link", "combat_chain"
]


@dataclass(frozen=True, slots=True)
class ModifyStat:
    """Flesh and Blood "gets +N{p}" / "-N{d}" (fab:8.5.8): ``prop`` (``power``,
    ``defense``, ``intellect``) of ``what`` changes by ``amount`` (an int, or the text
    of a variable such as "X") for ``duration``: ``end_of_turn`` for "this turn" and
    "until end of turn" (fab:4.4.4), ``chain_link`` / ``combat_chain`` for "this chain
    link" / "this combat chain", ``permanent`` when the text names no duration."""

    what: Reference
    prop: str
    amount: int | str
    duration: StatDuration = "permanent"


@dataclass(frozen=True, slots=True)
class GrantAbility:
    """``what`` gains an ability written in quotes ("gains "When this hits, ..."",
    fab:8.5.9; "has "{T}: ..."", mtg:113.1a). The quoted ability's targets are declared
    when *it* is used, not when the granting text is (fab:1.8.5, mtg:115.1), so its
    ``requirements`` and ``effects`` are kept here, apart from the granting ability's
    own; ``what`` is None when the words before the quote were not read. ``cost`` is the
    cost of a quoted activated ability (mtg:602.1)."""

    what: Reference | Attached | None
    requirements: tuple[TargetRequirement, ...]
    effects: tuple[Effect, ...]
    trigger: Trigger | None = None
    text: str = ""
    span: Span | None = None
    duration: StatDuration = "permanent"
    cost: Cost | None = None


Measure: TypeAlias = Literal["count", "highest", "if"]


@dataclass(frozen=True, slots=True)
class DefinedValue:
    """Flesh and Blood: the ability of a card whose power or defense is printed as
    "(c)" ("*" in card data) that defines that value, in or out of the game
    (fab:2.3.2a, fab:2.9.2a); a property-static ability (fab:5.4.5).

    ``props`` are the values it defines ("{p} and {d}" gives both). ``measure``:

    - ``count``: ``multiplier`` times the number of objects ``descriptor`` describes
      ("twice the number of cards in your pitch zone"); with ``distinct`` the number of
      different values of that property among them ("with different costs");
    - ``highest``: the highest value of the base property ``of`` (``power``) among
      them ("the highest base {p} of weapons you control"); none is a number that
      can't be determined (0);
    - ``if``: ``then`` while your hero fits ``descriptor``, else ``otherwise``
      ("if you have less {h} than each other hero, ... is 6, otherwise it's 0").
    """

    props: tuple[str, ...]
    measure: Measure
    descriptor: Descriptor
    multiplier: int = 1
    distinct: str | None = None
    of: str | None = None
    then: int = 0
    otherwise: int = 0
    text: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class PutCounters:
    """Put ``count`` counters of ``kind`` ("buff", "durability", "wither") on ``what``
    (ga:counters/general-rules-4: an object gains counters)."""

    what: Reference
    kind: str
    count: int | str = 1


@dataclass(frozen=True, slots=True)
class PutInLibrary:
    """Put ``what`` into its owner's library (mtg:400.3) at ``position``: counted from
    the top (1 on top, 2 second from the top, ...), or ``None`` for the bottom. A
    library with fewer cards than that takes it on the bottom (mtg:401.7)."""

    what: Reference
    position: int | None = 1


@dataclass(frozen=True, slots=True)
class Recover(GainLife):
    """Grand Archive "recover N": ``who`` removes N damage counters from their champion
    (ga:game-terms/recover-2). It is a :class:`GainLife`, the other games' healing, so a
    handler of healing can perform it; what tells them apart can look at this type."""


@dataclass(frozen=True, slots=True)
class UnsupportedEffect:
    """A sentence of an otherwise parsed ability that the grammar does not read."""

    text: str
    span: Span | None = None


# ------------------------------------- characteristics and combat restrictions (helper M4)


@dataclass(frozen=True, slots=True)
class SwitchPowerToughness:
    """Switch ``what``'s power and toughness for ``duration`` (layer 7d, mtg:613.4d)."""

    what: Reference
    duration: Duration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class SetBasePT:
    """``what`` has base power and toughness ``power``/``toughness`` for ``duration``
    (layer 7b, mtg:613.4b); ``permanent`` when the text names no duration (mtg:611.2a)."""

    what: Reference
    power: int | str
    toughness: int | str
    duration: Duration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class LoseAllAbilities:
    """``what`` loses all its abilities for ``duration`` (layer 6, mtg:613.1f)."""

    what: Reference
    duration: Duration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class Becomes:
    """``what`` becomes an object of these card ``types``, ``subtypes`` and ``colors``
    for ``duration`` (types in layer 4, mtg:613.1d; colors in layer 5, mtg:613.1e);
    with ``power``/``toughness`` it is also an N/N (layer 7b, mtg:613.4b). New types
    replace the old ones (mtg:205.1a) unless ``keeps_types`` ("that's still a land",
    "in addition to its other types", "artifact creature", mtg:205.1b); new colors
    replace the old ones (mtg:105.3). Empty ``types``/``colors``: those are unchanged."""

    what: Reference
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | str | None = None
    toughness: int | str | None = None
    keeps_types: bool = False
    duration: Duration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """ "Choose target creature.": the target is chosen as the spell or ability is put on
    the stack (mtg:115.1); the sentence does nothing by itself, later text refers to
    what it chose (mtg:608.2c)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class GainProtectionChoice:
    """``what`` gains protection from the color of your choice for ``duration``: the
    color is chosen as the effect happens (mtg:608.2d), then it is an ability gained in
    layer 6 (mtg:613.1f, mtg:702.16a)."""

    what: Reference
    duration: Duration = "end_of_turn"


CombatKind: TypeAlias = Literal[
    "cant_block",
    "cant_attack",
    "cant_attack_or_block",
    "cant_be_blocked",
    "attacks_if_able",
    "blocks_if_able",
    "must_be_blocked",
]


@dataclass(frozen=True, slots=True)
class CombatRestriction:
    """A restriction ("can't block", "can't be blocked", "can't attack", mtg:508.1c,
    mtg:509.1b) or a requirement ("attacks this turn if able", "blocks this turn if able",
    "all creatures able to block it do so", mtg:508.1d, mtg:509.1c) on ``what`` for
    ``duration``. ``attacker``: the creature a "blocks [it] if able" requirement names;
    ``text``: how it reads once a creature carries it."""

    what: Reference
    kind: CombatKind
    duration: Duration = "end_of_turn"
    attacker: Reference | None = None
    text: str = ""


# ------------------------------------------------------------------- tokens (helper W1)


@dataclass(frozen=True, slots=True)
class TokenDescription:
    """What a Magic effect says a token is (mtg:111.3): the token has these values and no
    others. ``name`` None: it is named for its subtypes plus "Token" (mtg:111.4).
    ``abilities``: the quoted abilities it has ("with "..."", mtg:113.1a)."""

    power: int | str | None = None
    toughness: int | str | None = None
    colors: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    keywords: tuple[tuple[str, str | None], ...] = ()
    abilities: tuple[GrantAbility, ...] = ()
    name: str | None = None


Effect: TypeAlias = (
    DealDamage
    | Destroy
    | Exile
    | ReturnToHand
    | ReturnToBattlefield
    | Tap
    | Untap
    | ModifyPT
    | GainAbility
    | LoseAbility
    | Counter
    | ChangeTargets
    | CopySpell
    | Fight
    | CantBeTargeted
    | Draw
    | CreateToken
    | GainLife
    | LoseLife
    | AttachedGets
    | PlayerHas
    | TargetAsThoughNoHexproof
    | Attach
    | Conditional
    | May
    | IfYouDo
    | IfCondition
    | ReflexiveTrigger
    | CreateTokenCopy
    | CreateEmblem
    | ModifyStat
    | GrantAbility
    | DefinedValue
    | PutCounters
    | PutInLibrary
    | SwitchPowerToughness
    | SetBasePT
    | LoseAllAbilities
    | Becomes
    | ChooseTarget
    | CombatRestriction
    | GainProtectionChoice
    | UnsupportedEffect
)

# --------------------------------------------------------------------------- abilities


@dataclass(frozen=True, slots=True)
class Qualifier:
    """Words before an ability's text that qualify it: a Grand Archive restriction
    ("[Class Bonus]", "[Level 2+]", "[Alice Bonus]": the ability applies only while it is
    met, ga:abilities-restriction-abilities/general-rules-1) or "As a Spell" (the
    ability counts as a Spell, ga:abilities/general-rules-17). ``kind`` is a key
    (``class_bonus``, ``level``, ``champion_bonus``, ``element_bonus``, ``sheen``,
    ``memory``, ``damage``, ``as_spell``), ``value`` its number or name."""

    kind: str
    value: str | None = None
    text: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost (mtg:602.1a): the parts as written, e.g. ``("{2}{R}", "{T}")``."""

    parts: tuple[str, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class Trigger:
    """A trigger condition (mtg:603.1): "when"/"whenever"/"at" and the event.

    ``event`` is a key (``enters``, ``dies``, ``attacks``, ``other``) and ``subject``
    who performs it when known (``Self()`` for "When ~ enters").
    """

    word: Literal["when", "whenever", "at"]
    event: str
    subject: Reference | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Mode:
    """One bullet of a modal ability, with its own requirements and effects (mtg:700.2)."""

    requirements: tuple[TargetRequirement, ...]
    effects: tuple[Effect, ...]
    text: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Modal:
    """ "Choose one —" and its modes: choose between ``min`` and ``max`` (None = any) modes;
    ``repeatable`` when the same mode may be chosen more than once (mtg:700.2d)."""

    min: int
    max: int | None
    modes: tuple[Mode, ...]
    repeatable: bool = False


@dataclass(frozen=True, slots=True)
class SpellAbility:
    """Instructions of an instant or sorcery, followed as it resolves (mtg:113.3a)."""

    requirements: tuple[TargetRequirement, ...]
    effects: tuple[Effect | Modal, ...]
    text: str = ""
    span: Span | None = None
    qualifiers: tuple[Qualifier, ...] = ()


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """ "[Cost]: [Effect.]" (mtg:602.1)."""

    cost: Cost
    requirements: tuple[TargetRequirement, ...]
    effects: tuple[Effect | Modal, ...]
    text: str = ""
    span: Span | None = None
    qualifiers: tuple[Qualifier, ...] = ()


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """ "When/Whenever/At [trigger], [effect]" (mtg:603.1)."""

    trigger: Trigger
    requirements: tuple[TargetRequirement, ...]
    effects: tuple[Effect | Modal, ...]
    text: str = ""
    span: Span | None = None
    qualifiers: tuple[Qualifier, ...] = ()


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """A statement that is simply true while the object is in play (mtg:604.1)."""

    text: str = ""
    span: Span | None = None
    requirements: tuple[TargetRequirement, ...] = ()
    #: what it does, where the grammar reads it ("Equipped creature gets +2/+0")
    effects: tuple[Effect, ...] = ()
    qualifiers: tuple[Qualifier, ...] = ()


@dataclass(frozen=True, slots=True)
class KeywordAbility:
    """A keyword (mtg:702) with its argument ("red" for protection from red, "{2}" for
    ward {2}); ``requirements`` for keywords that target by their rules (enchant
    mtg:702.5, equip mtg:702.6, fortify, reconfigure, ...).
    """

    name: str
    argument: str | None = None
    requirements: tuple[TargetRequirement, ...] = ()
    text: str = ""
    span: Span | None = None
    qualifiers: tuple[Qualifier, ...] = ()


@dataclass(frozen=True, slots=True)
class Unsupported:
    """Text the grammar does not read, kept with its span and the reason."""

    text: str
    span: Span | None = None
    reason: str = "not understood"


Ability: TypeAlias = (
    SpellAbility
    | ActivatedAbility
    | TriggeredAbility
    | StaticAbility
    | KeywordAbility
    | Unsupported
)


def _mode_requirements(effects: tuple[Effect | Modal, ...]) -> Iterator[TargetRequirement]:
    for effect in effects:
        if isinstance(effect, Modal):
            for mode in effect.modes:
                yield from mode.requirements


@dataclass(frozen=True, slots=True)
class CardText:
    """A card's parsed text: abilities in text order plus everything not understood."""

    game: str
    text: str
    abilities: tuple[Ability, ...]
    unsupported: tuple[Unsupported, ...] = ()
    name: str | None = None

    def target_requirements(self) -> tuple[TargetRequirement, ...]:
        """Every target requirement in text order, across abilities and modal modes."""
        found: list[TargetRequirement] = []
        for ability in self.abilities:
            if isinstance(ability, Unsupported):
                continue
            found.extend(ability.requirements)
            if not isinstance(ability, StaticAbility | KeywordAbility):
                found.extend(_mode_requirements(ability.effects))
        found.sort(key=lambda r: r.span[0] if r.span else 0)
        return tuple(found)
