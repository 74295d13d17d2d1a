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

from tcgrules.kernel.descriptors import Comparison, Descriptor, TargetRequirement

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
class TriggerObject:
    """The object a triggered ability's trigger event is about, where the trigger names
    an object other than the one the ability is printed on ("Whenever a creature you
    control enters, it deals damage equal to its power to any target": that creature;
    mtg:603.2, mtg:608.2k). Not a target. Known from the event that triggered the
    ability; where the game was not told, resolving it is not supported.
    ``looks_back``: the trigger event moved the object out of its zone ("Whenever another
    creature you control dies"), so the ability means it as it was just before
    (mtg:603.10a)."""

    word: str = "it"
    looks_back: bool = False


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

    of: TargetSlot | Self | It | TriggerObject


@dataclass(frozen=True, slots=True)
class OwnerOf:
    """The owner of what ``of`` names ("return target permanent to its owner's hand, then
    that player discards a card": that player is the owner, helper T5). Ownership does
    not change as an object moves (mtg:108.3), so an object that has left its zone
    still names its owner."""

    of: TargetSlot | Self | It


@dataclass(frozen=True, slots=True)
class EachControlledBy:
    """Every object ``descriptor`` describes that is controlled by the player ``by``
    names, or by the controller of the permanent it names ("creatures target player
    controls", "each creature target opponent controls", "each creature that player or
    that planeswalker's controller controls"): the objects are not targets, the player
    may be; found as the effect happens (mtg:608.2h)."""

    descriptor: Descriptor
    by: TargetSlot | Self | It | You | ControllerOf


@dataclass(frozen=True, slots=True)
class AndEachSharing:
    """ "target creature and each other creature with the same name as that creature":
    what ``first`` names, and each other object ``descriptor`` describes (in its zone)
    that shares a value of ``prop`` (``name``, ``colors``) with one of them, found as the
    effect happens (mtg:608.2h); the others are not targets (mtg:115.1)."""

    first: Reference
    descriptor: Descriptor
    prop: str
    #: only those controlled by a controller of what ``first`` names ("all other
    #: creatures its controller controls with the same name as that creature")
    same_controller: bool = False


Reference: TypeAlias = (
    TargetSlot
    | Each
    | Self
    | You
    | It
    | TriggerObject
    | Chosen
    | ControllerOf
    | EachControlledBy
    | AndEachSharing
    | OwnerOf
)

#: ``end_of_combat``: "this combat", as the combat phase ends (mtg:511.2; helper W8)
Duration: TypeAlias = Literal["end_of_turn", "permanent", "your_next_turn", "end_of_combat"]


@dataclass(frozen=True, slots=True)
class CountOf:
    """A number counted when the effect happens: ``multiplier`` times how many objects
    and players ``descriptor`` describes then ("a card for each creature you control",
    "the number of creatures you control"; read as the effect applies, mtg:608.2h).
    What the game treats as not existing is not counted (a phased-out permanent,
    mtg:702.26b)."""

    descriptor: Descriptor
    multiplier: int | str = 1


@dataclass(frozen=True, slots=True)
class PowerOf:
    """A number read when the effect happens: the power of what ``of`` names ("damage
    equal to its power"); of an object that has left the battlefield, its power as it
    last existed there (mtg:608.2h). Nothing to read gives 0."""

    of: Reference


@dataclass(frozen=True, slots=True)
class CounterKindsAmong:
    """How many different kinds of counters are on the objects ``descriptor`` describes,
    counted as the effect happens ("for each kind of counter among permanents you
    control": a +1/+1 counter and a loyalty counter are two kinds, mtg:122.1;
    mtg:608.2h)."""

    descriptor: Descriptor


# ------------------------------------------------------ dice, coins, chance (helper W2)
@dataclass(frozen=True, slots=True)
class RollResult:
    """ "The result": the result of the die rolled last as this spell or ability
    resolves (mtg:706.2)."""


@dataclass(frozen=True, slots=True)
class GreatestAmong:
    """ "The greatest power among creatures you control", "the greatest mana value among
    cards in your graveyard": the highest numeric property ``prop`` of the objects
    ``descriptor`` describes, taken as the effect happens (mtg:608.2h); 0 if there are
    none."""

    prop: str
    descriptor: Descriptor


# -------------------------------------------- copies, third wave (helper Q7) amounts


@dataclass(frozen=True, slots=True)
class CommanderCasts:
    """How many times the effect's controller has cast their commander from the command
    zone this game (mtg:903.8): "copy it for each time you've cast your commander from the
    command zone this game". tcgrules designates no commander (mtg:903.3): resolving it
    raises NotSupportedError."""


#: a number in an effect: printed, a variable ("X"), or counted or read as it happens
@dataclass(frozen=True, slots=True)
class LifeTotalOf:
    """A number read when the effect happens: the life total of the player ``who``
    names ("where X is your life total"; read once, mtg:608.2h)."""

    who: Reference


#: a number in an effect: printed, a variable ("X"), or counted or read as it happens
@dataclass(frozen=True, slots=True)
class NumberOf:
    """A number read when the effect happens: the numeric property ``prop`` (a key of
    the game's numeric properties, e.g. ``mana_value``) of what ``of`` names ("damage
    equal to that spell's mana value"); of an object that has left its zone, as it last
    existed there (mtg:608.2h). Nothing to read gives 0."""

    prop: str
    of: Reference


@dataclass(frozen=True, slots=True)
class TriggerAmount:
    """ "That much": the number the trigger event was about ("Whenever ~ is dealt
    damage, it deals that much damage to target opponent": the damage dealt to it;
    mtg:603.2). Known from the event that triggered the ability; where the game was
    not told, resolving it is not supported."""

    word: str = "that much"


# ---- amounts (helper Y2): numbers built from other numbers, counters and zones


@dataclass(frozen=True, slots=True)
class Sum:
    """A number that is the sum of ``terms``, each read as the effect happens ("2 plus
    the number of cards named ~ in all graveyards"; mtg:608.2h)."""

    terms: tuple[Amount, ...]


@dataclass(frozen=True, slots=True)
class Max:
    """The greatest of ``terms``, each read as the effect happens ("2 or the greatest
    power among Dinosaurs you control, whichever is greater"; mtg:608.2h; helper R4)."""

    terms: tuple[Amount, ...]


@dataclass(frozen=True, slots=True)
class Scaled:
    """``factor`` times the number ``of`` ("twice its power", "twice the number of
    Vehicles you control"; read as the effect happens, mtg:608.2h)."""

    factor: int
    of: Amount


@dataclass(frozen=True, slots=True)
class CountersOn:
    """How many counters of ``kind`` (any kind when ``None``) are on the first object
    ``on`` names as the effect happens; of an object that has left the battlefield, as
    it last existed there (mtg:122.1, mtg:608.2h). Nothing to read gives 0."""

    kind: str | None
    on: Reference


@dataclass(frozen=True, slots=True)
class CardsIn:
    """How many cards are in the ``zone`` (hand, graveyard, library) of the player
    ``whose`` names, counted as the effect happens ("the number of cards in that
    player's hand"; mtg:608.2h). "That player" of a target player is that target. With
    ``descriptor``, only the cards it describes ("the number of creature cards in target
    player's graveyard"; helper t2)."""

    zone: str
    whose: Reference
    descriptor: Descriptor | None = None


@dataclass(frozen=True, slots=True)
class HowMany:
    """How many objects or players the reference ``of`` names as the effect happens
    ("a card for each tapped creature target opponent controls"; mtg:608.2h)."""

    of: Reference


@dataclass(frozen=True, slots=True)
class SubtypesAmong:
    """How many of ``subtypes`` are found among the objects ``descriptor`` describes as
    the effect happens ("the number of basic land types among lands you control":
    Plains, Island, Swamp, Mountain, Forest, mtg:305.6; mtg:608.2h)."""

    subtypes: tuple[str, ...]
    descriptor: Descriptor


@dataclass(frozen=True, slots=True)
class SacrificedValue:
    """A numeric property ``prop`` (``power``, ``mana_value``) of the object the spell
    or ability sacrificed - to pay its cost (mtg:601.2h) or in an earlier part of its
    effect ("you may sacrifice another creature. When you do, ...") - as it last existed
    on the battlefield (mtg:608.2h): "damage equal to the sacrificed creature's power".
    ``word`` is the text's noun."""

    prop: str
    word: str


@dataclass(frozen=True, slots=True)
class RolesFilled:
    """How many of ``roles`` (subtypes) can be filled at once by different objects
    ``descriptor`` describes, each object filling one role it has - the largest such
    count ("the number of creatures in your party": Cleric, Rogue, Warrior, Wizard;
    mtg:700.8, mtg:700.8b), as the effect happens (mtg:608.2h)."""

    roles: tuple[str, ...]
    descriptor: Descriptor


@dataclass(frozen=True, slots=True)
class SymbolsInCosts:
    """How many mana symbols with ``letter`` in them ("U" for blue; a hybrid symbol
    counts) the mana costs of the objects ``descriptor`` describes hold, as the effect
    happens ("your devotion to blue", mtg:700.5; mtg:608.2h)."""

    letter: str
    descriptor: Descriptor


# ------------------------------------------ "this way" amounts (helper Z1, damage 2)


@dataclass(frozen=True, slots=True)
class MovedThisWay:
    """``multiplier`` times how many objects an earlier part of the same resolution put
    into zone ``to`` (from zone ``origin``, where the words say: "milled" is from a
    library, "discarded" from a hand) that ``descriptor`` describes there: "for each
    card exiled this way", "the number of nonland cards milled this way" ("this way"
    names what that resolution did, mtg:608.2c; counted as the later part happens,
    mtg:608.2h). ``word`` is the verb the text used."""

    descriptor: Descriptor
    to: str
    word: str
    origin: str | None = None
    multiplier: int | str = 1
    #: the kind of event that did it: "moved" (to ``to``), or "revealed" (a card shown
    #: where it is, mtg:701.16b: counted where the descriptor finds it)
    event: str = "moved"


# ------------------------------------------- copies, second pass (helper V1) amounts


@dataclass(frozen=True, slots=True)
class SpellsCastThisTurn:
    """How many spells of one of ``types`` the effect's controller has cast this turn,
    counted as the effect happens (mtg:608.2h): "for each other instant and sorcery
    spell you've cast this turn". ``other_than``: the spell the words exclude ("other":
    the one the effect copies); ``before``: only those cast before that one ("... you've
    cast before it this turn"). Casting a spell is an event of the turn (mtg:601.2i)."""

    types: tuple[str, ...]
    other_than: Reference | None = None
    before: bool = False


# ------------------------------------------ amounts, third pass (helper U1) amounts


@dataclass(frozen=True, slots=True)
class ThisTurn:
    """How much of ``what`` happened this turn to the player ``who`` names (the
    effect's controller by default), read from the turn's events as the effect happens
    (mtg:608.2h): ``life_gained`` ("the amount of life you gained this turn", all gains
    added up, mtg:119.3), ``life_lost``, ``cards_drawn`` ("the number of cards you've
    drawn this turn"; a card put into a hand without the word "draw" is not drawn,
    mtg:121.1, mtg:121.5), ``damage_dealt`` ("the damage dealt to you this turn",
    mtg:120.3a), ``cards_discarded`` ("the number of cards target opponent
    discarded this turn", mtg:701.8a; helper Q1) and ``permanents_sacrificed`` ("the
    number of permanents you've sacrificed this turn", mtg:701.17a; helper t2)."""

    what: str
    who: Reference = You()


@dataclass(frozen=True, slots=True)
class Half:
    """Half the number ``of``, rounded up (``up``) or down as the text says, since no
    number in the game is a fraction (mtg:107.1a): "mills half their library, rounded
    down", "loses half their life, rounded up"; read as the effect happens (mtg:608.2h)."""

    of: Amount
    up: bool


# ------------------------------------------------- optional costs (helper U6) amounts
@dataclass(frozen=True, slots=True)
class TimesChosen:
    """How many times the optional cost ``option`` was chosen as the spell was cast
    ("the number of times ~ was kicked", "for each time it was kicked": ``kicked``,
    mtg:702.33d, counted over multikicker, mtg:702.33c); for a permanent, as the spell
    it was (mtg:400.7d)."""

    option: str


#: a number in an effect: printed, a variable ("X"), or counted or read as it happens
# ------------------------------------------------ counts of this turn (helper Q1) amounts
@dataclass(frozen=True, slots=True)
class DiedThisTurn:
    """How many creatures that ``descriptor`` describes (as they last existed on the
    battlefield) died this turn: went from the battlefield to a graveyard (mtg:700.4),
    counted from the turn's events as the effect happens (mtg:608.2h): "the number of
    Zubera that died this turn", "for each creature that died this turn"."""

    descriptor: Descriptor


# ---- amounts and objects from an earlier step of the same effect (helper T1) amounts
@dataclass(frozen=True, slots=True)
class OfMoved:
    """A number read from the object ``way`` names: the one an earlier part of the same
    resolution moved or showed that way (mtg:608.2c), or the one moved or shown to pay
    the spell's or ability's cost (mtg:601.2h, mtg:602.2b), as it last existed before
    that move (mtg:608.2h): "the discarded card's mana value", "the exiled card's
    power", "the revealed card's power". In a reflexive ability, the object its parent
    moved that way (mtg:603.12). ``prop`` is ``power``, ``toughness``, ``mana_value``,
    ``card_types`` (how many card types it has, mtg:205.2a) or ``count`` (how many such
    objects ``way.descriptor`` describes as they last existed: "if the discarded card was
    a land card"); ``total`` adds the number up over several objects ("the total power
    of the sacrificed creatures"), else exactly one object is expected."""

    prop: str
    way: MovedThisWay
    total: bool = False


# ---- counted amounts (helper t2)
@dataclass(frozen=True, slots=True)
class DifferentAmong:
    """How many different values of ``prop`` the objects ``descriptor`` describes have
    between them, counted as the effect happens (mtg:608.2h): "the number of different
    mana values among cards in your graveyard" (``mana_value``: a land's 0 is a value
    too, mtg:202.3) or "the number of colors among permanents you control" (``colors``:
    the colors any of them is, colorless adding none, mtg:105.2c)."""

    prop: str
    descriptor: Descriptor


@dataclass(frozen=True, slots=True)
class EnteredThisTurn:
    """How many permanents ``descriptor`` describes entered the battlefield this turn,
    counted from the turn's events as the effect happens (mtg:608.2h): "the number of
    Goblins that entered the battlefield under your control this turn". One that has
    left since still counts, as it last existed there."""

    descriptor: Descriptor


Amount: TypeAlias = (
    int
    | str
    | CountOf
    | PowerOf
    | LifeTotalOf
    | NumberOf
    | TriggerAmount
    | Sum
    | Max
    | Scaled
    | CountersOn
    | CardsIn
    | CommanderCasts
    | HowMany
    | SubtypesAmong
    | SacrificedValue
    | OfMoved
    | RolesFilled
    | SymbolsInCosts
    | MovedThisWay
    | SpellsCastThisTurn
    | CounterKindsAmong
    | ThisTurn
    | Half
    | TimesChosen
    | RollResult
    | GreatestAmong
    | DiedThisTurn
    | DifferentAmong
    | EnteredThisTurn
)

# --------------------------------------------------------------------------- effects


@dataclass(frozen=True, slots=True)
class DealDamage:
    """``source`` deals ``amount`` damage to ``to`` (mtg:120); ``divided`` per mtg:601.2d.

    ``amount`` is an int, the text of a variable amount ("X"), or a number read as the
    effect happens (:class:`CountOf`, :class:`PowerOf`).
    """

    amount: Amount
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
    power: Amount
    toughness: Amount
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
    #: how many copies of each ("copy target instant spell twice"; "copy it for each
    #: ...", counted on resolution, mtg:608.2h)
    times: Amount = 1
    #: "copy that spell for each other creature you control that the spell could
    #: target": instead of ``times``, one copy for each other object or player this
    #: describes (from the copier's view) that is a legal target for every instance of
    #: "target", each copy with it as all its targets (mtg:707.10d; helper W8)
    for_each_could_target: Descriptor | None = None
    #: "that player copies that spell" after a player casts it: the copier is the
    #: copied spell's controller, who cast it (mtg:112.2; helper W8)
    by_its_controller: bool = False
    #: "The copy targets that token": the copy's one new target, which is every target
    #: it has; no copy if that is not a legal target for each of them (mtg:707.10e)
    new_target: Reference | None = None
    #: "except it isn't legendary": the copy's supertypes without legendary, part of its
    #: copiable values (mtg:707.9b; helper W8)
    legendary: bool | None = None


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
    of the affected object's controller controls; ``duration`` for a resolving spell's;
    ``qualities``: only spells (or sources of abilities) with one of these qualities
    ("white", "aura"; "non"+quality: without it), as protection reads a quality."""

    what: Reference | Attached
    spells: bool = True
    abilities: bool = True
    opponents: bool = False
    duration: Duration | None = None
    text: str = ""
    qualities: tuple[str, ...] = ()
    #: "... unless it attacked or blocked this turn" (Lurker): not while the object fits
    #: this, checked each time a target is chosen or checked (helper T7)
    unless: Descriptor | None = None


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
    "hexproof from" abilities too, and never shroud); ``anyone``: "... of spells and
    abilities as though ...", whoever controls them."""

    what: Descriptor
    anyone: bool = False


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
    amount: Amount


@dataclass(frozen=True, slots=True)
class LoseLife:
    """``who`` loses ``amount`` life (mtg:119.3)."""

    who: Reference
    amount: Amount


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
    mtg:603.4). ``condition`` is a key the ruleset knows (``creature_died_this_turn``)
    or a :class:`NumberCondition`; ``text`` the condition as written."""

    condition: ConditionTest
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
    #: "When you discard a nonland card this way, ...": it triggers only if an earlier
    #: part of the resolution moved such an object (mtg:603.12), which "that card" then
    #: names; None for "when you do"
    when: MovedThisWay | None = None
    #: "When one or more cards are milled this way": once however many (else once per
    #: object, mtg:603.12a)
    one_or_more: bool = False


@dataclass(frozen=True, slots=True)
class CreateTokenCopy:
    """ "Create a token that's a copy of target creature": a token with the copiable
    values of what ``what`` names (mtg:111.1, mtg:707.2), ``count`` of them, under the
    controller's control; ``keywords`` it has as part of the copying ("except it has
    haste", mtg:707.9a)."""

    what: Reference
    count: Amount = 1
    keywords: tuple[str, ...] = ()
    #: more exceptions of the copy effect, part of the token's copiable values
    #: (mtg:707.9b): card types or creature types it has in addition ("except it's an
    #: artifact in addition to its other types"), whether it is legendary ("except it
    #: isn't legendary": False), quoted abilities it also has
    types: tuple[str, ...] = ()
    legendary: bool | None = None
    granted: tuple[GrantAbility, ...] = ()
    #: "create a tapped and attacking token that's a copy of ...": it enters tapped and
    #: attacking, never declared as an attacker (mtg:508.4)
    attacking: bool = False
    #: exceptions that give values instead of the copied ones (mtg:707.9b; helper W8):
    #: "except it's a 1/1 green Frog" sets the power and toughness (``size``), the colors
    #: and, with ``exact_types``, the subtypes (and the card types, when one is named:
    #: "a 6/6 green Dinosaur creature")
    size: tuple[int, int] | None = None
    colors: tuple[str, ...] | None = None
    exact_types: tuple[str, ...] | None = None
    #: copy effects on permanents (helper T6): "create a tapped token that's a copy of
    #: ..." enters tapped (mtg:110.5b); "except it enters with an additional +1/+1
    #: counter on it" enters with those counters (mtg:122.6); "in addition to its other
    #: colors and types" adds these colors to the copied ones (mtg:707.9b, mtg:105.3)
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    added_colors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CreateEmblem:
    """ "You get an emblem with "..."": an emblem with these quoted abilities goes to the
    command zone, owned and controlled by ``who`` (mtg:114.1, mtg:114.2)."""

    who: Reference
    abilities: tuple[GrantAbility, ...]


@dataclass(frozen=True, slots=True)
class TargetCostChange:
    """A static ability that makes a spell cost more or less by what it targets, as the
    total cost is determined (mtg:601.2f): ``mana`` more (``less``: less) for each target
    beyond the first (``per_extra_target``), or if a target fits ``if_targets``; with
    ``opponents_targeting_self`` it is printed on a permanent and taxes the spells its
    controller's opponents cast that target it."""

    mana: str
    less: bool = False
    per_extra_target: bool = False
    if_targets: Descriptor | None = None
    opponents_targeting_self: bool = False


@dataclass(frozen=True, slots=True)
class SelfCostChange:
    """A card's static ability that changes its own cost as it is played: "This card
    costs 2 less to activate" (Grand Archive, ga:parts-of-a-card-cost/6). ``amount`` is
    a number or a word the game computes ("LV": the champion's level, Efficiency);
    ``action`` the way of playing it changes ("activate", "materialize"); ``condition``
    the words that limit it ("if it targets a unique ally", "for each Herb you
    control"), as printed, None when it always applies."""

    amount: int | str
    less: bool
    action: str
    condition: str | None = None


@dataclass(frozen=True, slots=True)
class ArcaneDamage(DealDamage):
    """Flesh and Blood: deal ``amount`` *arcane* damage (fab:8.5.3b), one of the game's
    three kinds of damage. It is a :class:`DealDamage`, so a handler of damage deals it;
    what tells arcane damage apart (prevention, triggers) can look at this type."""


StatDuration: TypeAlias = Literal[
    "end_of_turn", "permanent", "your_next_turn", "chain_link", "combat_chain", "end_of_combat"
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
    count: Amount = 1


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


# ------------------------------------------------- zones around a target (helper M3)


@dataclass(frozen=True, slots=True)
class Mill:
    """``who`` mills ``count`` cards: the top cards of their library go to their
    graveyard; with fewer cards, as many as there are (mtg:701.13a, mtg:701.13b)."""

    who: Reference
    count: Amount = 1


@dataclass(frozen=True, slots=True)
class Discard:
    """``who`` discards ``count`` cards: from their hand to their graveyard
    (mtg:701.8a); they choose which unless ``random`` (mtg:701.8b)."""

    who: Reference
    count: Amount = 1
    random: bool = False


@dataclass(frozen=True, slots=True)
class RevealHand:
    """``who`` reveals their hand: every player sees it; the cards stay there
    (mtg:701.16a, mtg:701.16b)."""

    who: Reference


@dataclass(frozen=True, slots=True)
class LookAt:
    """The controller looks at ``who``'s hand (``top`` None), or at the top ``top``
    cards of ``who``'s library: only the controller sees them, and they stay where they
    are (mtg:701.16e)."""

    who: Reference
    top: Amount | None = None


@dataclass(frozen=True, slots=True)
class ExileGraveyard:
    """Exile every card in ``whose`` graveyard (mtg:701.11a, mtg:404.1), or only those
    ``only`` describes ("all creature cards from target player's graveyard")."""

    whose: Reference
    only: Descriptor | None = None


@dataclass(frozen=True, slots=True)
class ExileTop:
    """Exile the top ``count`` cards of ``whose`` library (mtg:701.11a), as many as
    there are."""

    whose: Reference
    count: Amount = 1


@dataclass(frozen=True, slots=True)
class FromHand:
    """``who`` chooses ``count`` cards of their hand and puts them ``to``: exile ("exiles
    a card from their hand", mtg:701.11a) or the top of their library ("puts a card from
    their hand on top of their library", mtg:400.3)."""

    who: Reference
    count: Amount
    to: Literal["exile", "library_top"]


@dataclass(frozen=True, slots=True)
class ShuffleInto:
    """Shuffle ``what`` (a reference to cards) or, with ``graveyard_of``, that player's
    whole graveyard, into its owner's library; the library is shuffled even if nothing
    moves (mtg:701.20a, mtg:701.20d)."""

    what: Reference | None = None
    graveyard_of: Reference | None = None


@dataclass(frozen=True, slots=True)
class ExileUntilLeaves:
    """Exile ``what`` until the source leaves the battlefield: when it does, the card
    comes back to the battlefield under its owner's control (mtg:610.3, mtg:610.3c);
    if the source has already left as this happens, nothing is exiled (mtg:610.3a,
    mtg:610.3b)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class Flicker:
    """Exile ``what``, then return that card to the battlefield under its owner's
    control (``under_you``: under the control of the player told to return it,
    mtg:110.2a), ``tapped`` or not: it comes back as a new object, with no counters,
    damage or effects of the old one (mtg:400.7)."""

    what: Reference
    under_you: bool = False
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class PutOntoBattlefield:
    """Put ``what`` onto the battlefield (from a graveyard, ...) under ``under``'s
    control: the player told to put it there unless the text says otherwise
    (mtg:110.2a); ``under`` None is its owner; ``tapped`` if it enters tapped."""

    what: Reference
    under: Reference | None = field(default_factory=You)
    tapped: bool = False
    #: counters it is put there with ("with a +1/+1 counter on it"): kind, number
    counters: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class DiscardChosen:
    """ "[who] reveals their hand. You choose a [descriptor] card from it. That player
    discards that card.": the controller picks one card that fits from the revealed
    hand and its owner discards it (another player choosing, mtg:701.8b; discarding,
    mtg:701.8a). With no card that fits, nothing is discarded."""

    who: Reference
    descriptor: Descriptor


@dataclass(frozen=True, slots=True)
class ExileChosen:
    """ "[who] reveals their hand. You choose a [descriptor] card from it and exile that
    card.": like :class:`DiscardChosen`, but the card chosen is exiled (mtg:701.11a)."""

    who: Reference
    descriptor: Descriptor


@dataclass(frozen=True, slots=True)
class DrawEach:
    """Several players each draw ``count`` cards ("You and target opponent each draw a
    card"): the active player draws first, then the others in turn order
    (mtg:121.2c)."""

    who: tuple[Reference, ...]
    count: Amount = 1


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
    power: Amount
    toughness: Amount
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
    power: Amount | None = None
    toughness: Amount | None = None
    keeps_types: bool = False
    duration: Duration = "end_of_turn"
    #: "in addition to its other colors and types": the new colors are added to its
    #: colors instead of replacing them (mtg:105.3, mtg:205.1b)
    keeps_colors: bool = False


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
    "cant_be_blocked_except",
    "attacks_if_able",
    "attacks_player_if_able",
    "blocks_if_able",
    "must_be_blocked",
]


@dataclass(frozen=True, slots=True)
class CombatRestriction:
    """A restriction ("can't block", "can't be blocked", "can't attack", mtg:508.1c,
    mtg:509.1b) or a requirement ("attacks this turn if able", "blocks this turn if able",
    "all creatures able to block it do so", mtg:508.1d, mtg:509.1c) on ``what`` for
    ``duration``. ``attacker``: the creature a "blocks [it] if able" requirement names,
    or the player an "attacks [target opponent] if able" one names; ``text``: how it
    reads once a creature carries it; ``except_by``: the only creatures that may block
    it ("can't be blocked except by Spirits", kind ``cant_be_blocked_except``)."""

    what: Reference
    kind: CombatKind
    duration: Duration = "end_of_turn"
    attacker: Reference | None = None
    text: str = ""
    except_by: Descriptor | None = None


# ---------------------------------------------------------------- damage (helper M1)


@dataclass(frozen=True, slots=True)
class PreventDamage:
    """A prevention shield (mtg:615.1) from a resolving spell or ability, on each object
    or player ``on`` names, lasting ``duration`` (None: until used up).

    ``amount``: prevent the next that much damage (a shield used up as it prevents,
    mtg:615.7); None: prevent all of it. ``dealt_to``/``dealt_by``: damage dealt to
    ``on``, by ``on`` (as a source, mtg:609.7), or both. ``combat_only``: only combat
    damage (mtg:510.2). ``divided``: the amount is divided among the targets as
    announced (mtg:601.2d), each share its own shield. ``chosen_source``: only the
    next time a source the controller chooses as it resolves would deal damage to
    ``on``, all of that damage (mtg:615.8, mtg:609.7a)."""

    on: Reference
    amount: Amount | None = None
    dealt_to: bool = True
    dealt_by: bool = False
    combat_only: bool = False
    duration: Duration | None = "end_of_turn"
    divided: bool = False
    chosen_source: bool = False


@dataclass(frozen=True, slots=True)
class RedirectDamage:
    """A redirection shield (mtg:614.9): the next ``amount`` damage that would be dealt
    to ``what`` this turn is dealt to ``to`` instead. ``chosen_source`` (``amount``
    None): the next time a source the controller chooses as it resolves would deal
    damage to ``what``, all that damage (mtg:609.7a); ``amount`` None without it: the
    next time any damage would be dealt to ``what``, all of it."""

    what: Reference
    to: Reference
    amount: Amount | None
    duration: Duration | None = "end_of_turn"
    chosen_source: bool = False


# --------------------------------------------------------------------------- counters, control,
# tap/untap, regeneration, keyword actions on targets (helper M2)


@dataclass(frozen=True, slots=True)
class GainControl:
    """The controller of the resolving spell or ability gains control of ``what``
    (a control-changing effect, layer 2, mtg:613.1b) for ``duration``: "until end of
    turn" ends at cleanup, no stated duration lasts the whole game (mtg:611.2a)."""

    what: Reference
    duration: Duration = "permanent"
    #: the player who gains control ("target opponent gains control of ~"); None: the
    #: controller of the spell or ability
    who: Reference | None = None
    #: "for as long as you control ~": the effect ends once the controller no longer
    #: controls the source, and does nothing if that never starts (mtg:611.2b)
    while_you_control_source: bool = False
    #: "for as long as ~ remains on the battlefield": the effect ends once the source
    #: leaves the battlefield, whoever controls it (mtg:611.2b)
    while_source_on_battlefield: bool = False
    #: "... and ~ remains tapped", "for as long as ~ remains tapped": the effect also
    #: ends once the source untaps (mtg:611.2b)
    while_source_tapped: bool = False


@dataclass(frozen=True, slots=True)
class ExchangeControl:
    """Exchange control of two permanents (mtg:701.10b): each of their controllers gains
    control of the one the other controlled; if the whole exchange can't happen, none
    of it does (mtg:701.10a)."""

    first: Reference
    second: Reference


@dataclass(frozen=True, slots=True)
class PutCountersOf:
    """ "Put its counters on target creature you control" in a triggered ability of an
    object that left the battlefield: ``what`` gets as many counters of each kind as
    ``source`` had as it last existed; nothing is moved (mtg:122.8). With ``kind`` ("its
    +1/+1 counters"), those of that kind only."""

    source: Reference
    what: Reference
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class MoveCounter:
    """Move a counter of ``kind`` (None: of a kind the controller chooses) from
    ``source`` onto ``what``: removed from the first and put onto the second; if
    either can't happen (the same object, no such counter, one of them gone) no counter
    moves at all (mtg:122.5)."""

    source: Reference
    what: Reference
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class DoubleCounters:
    """Double the number of ``kind`` counters on ``what`` (``kind`` None: of each kind):
    it gets as many more as it has (mtg:701.9e)."""

    what: Reference
    kind: str | None = None


@dataclass(frozen=True, slots=True)
class TapOrUntap:
    """ "Tap or untap [what]": the controller chooses, as it resolves, which of the two
    to do (mtg:701.21a, mtg:701.21b)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class Regenerate:
    """ "Regenerate [what]": a regeneration shield, used up by the next destruction of
    that permanent this turn, which instead removes its damage, taps it and removes it
    from combat (mtg:701.15a)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class DistributeCounters:
    """ "Distribute ``total`` [kind] counters among one or two target creatures": the
    division is announced as the spell is cast, at least one counter to each target
    (mtg:601.2d); each target gets its share (mtg:122.6). A computed ``total`` ("where
    X is the number of +1/+1 counters on ~") is taken as the division is announced."""

    what: Reference
    kind: str
    total: Amount


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """Remove ``count`` counters of ``kind`` from ``what`` (``count`` None: all of
    them; ``kind`` None: counters of any kind, the controller choosing the kind when
    there is more than one). A permanent can't lose counters it doesn't have
    (mtg:122.1)."""

    what: Reference
    kind: str | None
    count: int | str | None = 1


@dataclass(frozen=True, slots=True)
class SkipNextUntap:
    """ "[what] doesn't untap during its controller's next untap step": an effect that
    keeps it tapped through that untap step (mtg:502.3; games/magic/untap_step.py)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class Goad:
    """Goad ``what``: until its goader's next turn it must attack, and attack a player
    other than the goader if able (mtg:701.38a-b); executed by helper W7's handler."""

    what: Reference


@dataclass(frozen=True, slots=True)
class Detain:
    """Detain ``what``: until its detainer's next turn it can't attack or block and its
    activated abilities can't be activated (mtg:701.29a). Not executed yet (no handler):
    resolving it says "not supported"."""

    what: Reference


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


# ---- graveyards, hands, libraries, exile, search: second pass (helper X2)


@dataclass(frozen=True, slots=True)
class PutInLibraryChoice:
    """``what``'s owner puts it into their library at the one of ``positions`` they
    choose (numbered as :attr:`PutInLibrary.position`: 1 on top, 2 second from the top,
    ``None`` the bottom; mtg:400.3, mtg:401.7)."""

    what: Reference
    positions: tuple[int | None, ...]
    #: who chooses: the card's owner, or the controller of the effect ("on your choice
    #: of the top or bottom of its owner's library")
    chooser: Literal["owner", "controller"] = "owner"


@dataclass(frozen=True, slots=True)
class LookAndReorder:
    """The controller looks at the top ``top`` cards of ``who``'s library (mtg:701.16e)
    and puts them back on top in the order they choose."""

    who: Reference
    top: Amount


@dataclass(frozen=True, slots=True)
class SearchLibrary:
    """The controller searches ``whose`` library for ``count`` cards (``up_to``: as many
    as they like, up to it) that ``descriptor`` describes (``None``: any card) and puts
    them ``to``: exile, onto the battlefield under their control, or into their owner's
    graveyard (mtg:701.19a)."""

    whose: Reference
    count: Amount
    descriptor: Descriptor | None
    to: Literal["exile", "battlefield", "graveyard"]
    up_to: bool = False
    #: "Then that player shuffles." follows: the searched library is shuffled after the
    #: found cards have gone (mtg:701.20a)
    shuffle: bool = False


@dataclass(frozen=True, slots=True)
class CastFromZone:
    """The controller may cast ``what`` (a card in a graveyard): while this resolves
    (mtg:608.2g), or, ``this_turn``, until the turn ends; ``free``: without paying its
    mana cost. Not executed yet (no handler): resolving it says "not supported"."""

    what: Reference
    this_turn: bool = False
    free: bool = False


# ------------------------------------------- doubling power and toughness (helper X3)
@dataclass(frozen=True, slots=True)
class DoublePower:
    """Double ``what``'s power (and/or toughness) for ``duration`` (mtg:701.9a): it gets
    +X/+0 where X is its power as the effect happens (mtg:701.9b), or -X/-0 where X is
    how far below 0 a negative power is (mtg:701.9c)."""

    what: Reference
    power: bool = True
    toughness: bool = False
    duration: Duration = "end_of_turn"


# ---------------------------------------------------------------- phasing (lead)
@dataclass(frozen=True, slots=True)
class PhaseOut:
    """ "Target creature phases out": ``what`` is treated as though it doesn't exist
    until it phases in, at its controller's next untap step (mtg:702.26b, 702.26a)."""

    what: Reference


# ------------------------------------------------ granted abilities (helper Y3)
@dataclass(frozen=True, slots=True)
class AttachedHas:
    """The object this Aura or Equipment is attached to has these keyword abilities while
    it is attached ("Equipped creature has reach and "..."": a static ability's effect,
    mtg:604.1, applied in layer 6, mtg:613.1f); ``keywords`` (name, argument) pairs."""

    keywords: tuple[tuple[str, str | None], ...]


@dataclass(frozen=True, slots=True)
class CreateRole:
    """ "Create a Wicked Role token attached to target creature you control": the
    controller creates the predefined Role token ``role`` (mtg:111.10j-r; an Aura, so it
    enters attached, mtg:303.7) attached to ``to``. A permanent keeps only the newest Role
    each player controls on it (mtg:303.7a, mtg:704.5y)."""

    role: str
    to: Reference


# ------------------------------------------------------------ amounts (helper Y2)
@dataclass(frozen=True, slots=True)
class CounterUnlessPaysEach:
    """Counter ``what`` unless its controller pays ``base`` plus ``mana`` once for each
    of ``times`` ("unless its controller pays {1} for each card in your graveyard";
    mtg:701.5a): the number is counted as the effect happens (mtg:608.2h), which sets
    the cost to pay."""

    what: Reference
    mana: str
    times: Amount
    base: str | None = None


# ------------------------------------------------------------- conditions (helper Y1)
@dataclass(frozen=True, slots=True)
class NumberCondition:
    """A condition on a number taken as the effect would happen (mtg:608.2c, mtg:608.2h):
    ``amount`` compared by ``op`` with ``value`` ("if you control two or more Gates":
    the number of Gates you control, ``>=``, 2)."""

    amount: Amount
    op: Comparison
    value: int


@dataclass(frozen=True, slots=True)
class FlipCoin:
    """ "Flip a coin" (mtg:705.1): the controller calls it and wins or loses the flip
    (mtg:705.2), which later "if you win the flip" conditions ask about. A game with no
    random source can't resolve it (no handler: resolving it is not supported)."""


# ------------------------------------------------------------- zones, third pass (helper Z3)
@dataclass(frozen=True, slots=True)
class ExileTopFaceDown:
    """Exile the top ``count`` cards of ``whose`` library face down (mtg:701.11a): no
    player may look at them unless an instruction allows it, and they have no
    characteristics there (mtg:406.3, mtg:406.3a). Objects here have no face-down state,
    so resolving it is not supported (no handler)."""

    whose: Reference
    count: Amount = 1


@dataclass(frozen=True, slots=True)
class PutOntoBattlefieldAttacking:
    """Put ``what`` onto the battlefield tapped and attacking, under ``under``'s control
    (``None``: its owner's; mtg:110.2a): it was never declared as an attacker
    (mtg:508.4). Magic here has no combat to join, so resolving it is not supported (no
    handler)."""

    what: Reference
    under: Reference | None = field(default_factory=You)


@dataclass(frozen=True, slots=True)
class ReturnWithAuras:
    """Return ``what`` and every Aura attached to it that ``auras`` describes ("and all
    Auras you control attached to it") to their owners' hands (mtg:303.4b, mtg:400.3):
    the Auras are found as the effect happens, before anything moves (mtg:608.2h)."""

    what: Reference
    auras: Descriptor


@dataclass(frozen=True, slots=True)
class ExileZones:
    """Exile every card in ``whose`` ``zones`` ("Exile all cards from target player's
    hand and graveyard", "... from target player's library"; mtg:701.11a), each zone in
    the order named."""

    whose: Reference
    zones: tuple[Literal["hand", "graveyard", "library"], ...]


#: what an "if" checks: a ruleset's key ("creature_died_this_turn") or a number
ConditionTest: TypeAlias = str | NumberCondition


@dataclass(frozen=True, slots=True)
class UnlessPays:
    """ "[effects] unless [payer] pays [cost]": as it resolves, the player ``payer`` names
    may pay ``cost``; the effects happen only if they don't (mtg:118.12a). ``payer``:
    ``ControllerOf`` the target ("its controller"), or a target player. (Countering
    "unless its controller pays {1} for each ..." is :class:`CounterUnlessPaysEach`.)"""

    effects: tuple[Effect, ...]
    payer: Reference
    cost: str


# ------------------------------------------- sacrifice, copies, several targets (helper Y4)
@dataclass(frozen=True, slots=True)
class Sacrifice:
    """``who`` sacrifices ``count`` permanents that ``descriptor`` describes, picked by
    that player among those they control: each goes from the battlefield straight to
    its owner's graveyard; it is not destroyed (mtg:701.17a). With no more fitting
    permanents than ``count``, all of them go. ``among``: only these may be picked
    ("that player sacrifices one of them")."""

    who: Reference
    descriptor: Descriptor
    count: Amount = 1
    among: Reference | None = None


@dataclass(frozen=True, slots=True)
class ShuffleCardsInto:
    """``who`` shuffles the cards ``what`` names (cards in their graveyard) into their
    library; the library is shuffled even if no card goes in (mtg:701.20a, 701.20d)."""

    who: Reference
    what: Reference


@dataclass(frozen=True, slots=True)
class PlayerMayCopy:
    """``who`` (a player other than the controller, as a rule) may copy ``what`` (this
    spell) and may choose new targets for the copy: the choice is theirs (mtg:608.2d),
    and so is the copy (mtg:707.10); new targets follow mtg:707.10c."""

    who: Reference
    what: Reference


@dataclass(frozen=True, slots=True)
class ExchangeLifeTotals:
    """The two players ``who`` names (two targets of one phrase) exchange life totals:
    each gains or loses what makes their total the other's old one (mtg:701.10c); with
    one of them not a legal target any more, none of it happens (mtg:701.10a).
    ``other``: the second player when the text names them apart ("exchange life totals
    with target opponent": you and that opponent)."""

    who: Reference
    other: Reference | None = None


# ---- counters second pass, fights, keyword choices, proliferate (helper Z2)


@dataclass(frozen=True, slots=True)
class Proliferate:
    """Proliferate: the controller picks any number of permanents and/or players that
    have a counter, and each gets one more counter of every kind it already has
    (mtg:701.27a). The picks are made as the effect happens (mtg:608.2d)."""


@dataclass(frozen=True, slots=True)
class GainAbilityChoice:
    """ "[what] gains your choice of vigilance, lifelink, or indestructible until end of
    turn": the controller picks one of ``keywords`` as the effect happens (mtg:608.2d);
    ``what`` then gains it (layer 6, mtg:613.1f) for ``duration``."""

    what: Reference
    keywords: tuple[str, ...]
    duration: StatDuration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class AttachedFights:
    """ "Enchanted creature fights up to one target creature you don't control": the
    object the source is attached to (mtg:303.4, mtg:301.5) fights ``other``
    (mtg:701.12a)."""

    other: Reference


@dataclass(frozen=True, slots=True)
class GainProtectionOfChoice:
    """ "[what] gains protection from colorless or from the color of your choice" /
    "... from the card type of your choice": the quality is picked as the effect happens
    (mtg:608.2d), from ``offers`` ("colorless", "color", "card type"); then it is an
    ability gained in layer 6 (mtg:613.1f, mtg:702.16a)."""

    what: Reference
    offers: tuple[str, ...]
    duration: Duration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class PutCounterChoice:
    """ "Put your choice of a menace, trample, reach, or haste counter on [what]": one
    counter of a kind picked from ``kinds`` as the effect happens (mtg:608.2d,
    mtg:122.1b)."""

    what: Reference
    kinds: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AnotherOfEachKind:
    """ "For each kind of counter on [what], give that permanent or player another
    counter of that kind": one more counter of every kind already there (mtg:122.1)."""

    what: Reference


# ---------------------------------------------------------- damage 2 (helper Z1)


@dataclass(frozen=True, slots=True)
class EachDealsPower:
    """Each object ``sources`` names deals damage equal to its own power to ``to``
    ("They each deal damage equal to their power to target creature an opponent
    controls": the creatures the sentence before targeted; mtg:120.2b). Not a fight:
    ``to`` deals nothing back (mtg:701.12). ``more``: other references whose objects
    deal it too ("Target creature you control and up to one other target creature you
    control each deal ...", helper T3)."""

    sources: Reference
    to: Reference
    more: tuple[Reference, ...] = ()


# ---------------------------------------------------------- durations (helper V2)


@dataclass(frozen=True, slots=True)
class ForAsLongAs:
    """``effects`` (continuous effects with no duration of their own) last only "for as
    long as" the source stays on the battlefield and, with ``you_control_source``, under
    the control of the controller of the resolving spell or ability, and, with
    ``source_tapped``, tapped; if that never starts, they do nothing (mtg:611.2b)."""

    effects: tuple[Effect, ...]
    you_control_source: bool = False
    source_tapped: bool = False


# ---------------------------------------------------------------- combat (helper U3)


@dataclass(frozen=True, slots=True)
class RemoveFromCombat:
    """ "Remove target attacking creature from combat": each object ``what`` names stops
    attacking or blocking (mtg:506.4); a creature it blocked stays blocked (mtg:509.1h)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class CreaturesAttackIfAble:
    """ "Creatures target player controls attack this turn if able" (Instigator): a
    requirement (mtg:508.1d) on every creature the player ``by`` names controls this
    turn, those that come later too (a rule for the group, not the creatures there now,
    mtg:611.2c), recorded on that player until the turn ends."""

    by: Reference


# ------------------------------------------------------- copies, second pass (helper V1)
@dataclass(frozen=True, slots=True)
class MayPayToCopy:
    """ "[that permanent's controller] may pay [cost]. If the player does, they may copy
    this spell and may choose a new target for that copy" (the Chain cycle): as the
    spell resolves, the player ``who`` names may pay ``cost`` (mtg:608.2d, mtg:118.1);
    if they do, they may copy the spell, the copy being theirs with new targets allowed
    (mtg:707.10, mtg:707.10c). ``or_player``: "that player or that permanent's
    controller": a player ``who`` names is the payer, an object's controller otherwise.
    ``copy``: False while the sentence after it is not read (resolving it is then not
    supported: what paying leads to is unknown)."""

    who: Reference
    cost: str
    or_player: bool = False
    copy: bool = True
    #: "may sacrifice a land of their choice": the payment is an action the payer takes
    #: (mtg:118.3; helper W8): what they sacrifice, one permanent this describes
    sacrifice: Descriptor | None = None


# ------------------------------------------------- conditions, third pass (helper U2)
@dataclass(frozen=True, slots=True)
class IfCompared:
    """Do ``effects`` only if the number ``prop`` (power, toughness, mana value) of what
    ``subject`` names compares by ``op`` with ``amount``, both read as the effect would
    happen, not when targets were chosen ("exile target creature if its power is less
    than or equal to the number of Soldiers on the battlefield"; mtg:608.2c,
    mtg:608.2h)."""

    subject: Reference
    prop: str
    op: Comparison
    amount: Amount
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class UnlessDoes:
    """ "[effects] unless [who] [does one of options]": as it resolves, the player ``who``
    names may do one of ``options`` ("sacrifices a creature of their choice or pays 3
    life"), an action they can carry out, as a cost paid then; the effects happen only
    if that player doesn't (mtg:118.12a, mtg:118.3, paying life mtg:119.4)."""

    effects: tuple[Effect, ...]
    who: Reference
    options: tuple[Effect, ...]


# ---- copies, tokens and references, third pass (helper U4)


@dataclass(frozen=True, slots=True)
class BecomesCopy:
    """ "~ becomes a copy of target land [until end of turn]": a copy effect (layer 1,
    mtg:613.1a) that gives each object ``what`` names the copiable values of the first
    object ``of`` names, as they are when the effect begins (mtg:707.2); ``duration``
    ``"end_of_turn"``, ``"your_next_turn"`` (until its controller's next turn, mtg:611.2a)
    or None (the rest of the game, mtg:611.2a)."""

    what: Reference
    of: Reference
    duration: str | None = None
    #: exceptions of the copy effect, part of the copiable values (mtg:707.9b; helper
    #: X5): "except it has this ability" keeps the ability that made the copy
    #: (mtg:707.9a); types added in addition to the copied ones (mtg:205.1b)
    this_ability: bool = False
    types: tuple[str, ...] = ()
    #: keywords the exception gives the object that becomes the copy ("except ~ has
    #: hexproof", mtg:707.9a)
    keywords: tuple[str, ...] = ()
    #: more exceptions, part of the copiable values too (mtg:707.9b; copy effects on
    #: permanents, helper T6): the name it has ("~": the name of the object whose
    #: ability or spell this is, "except its name is ~"), the power and toughness it has
    #: ("except it's 7/5"), quoted abilities it also has (mtg:707.9a), legendary added
    #: ("it's legendary in addition to its other types", mtg:205.4a)
    name: str | None = None
    size: tuple[int, int] | None = None
    granted: tuple[GrantAbility, ...] = ()
    legendary: bool | None = None


# ------------------------------------------- conditional static abilities (helper U5)
@dataclass(frozen=True, slots=True)
class SelfGets:
    """ "~ gets +3/+3" in a static ability: the object the ability is printed on gets the
    bonus, in layer 7c (mtg:613.4c), while the ability applies (mtg:604.1)."""

    power: int
    toughness: int


@dataclass(frozen=True, slots=True)
class SelfIsColor:
    """ "~ is black" in a static ability: the object the ability is printed on is these
    colors instead of its own, in layer 5 (mtg:613.1e, mtg:105.3)."""

    colors: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AsLongAs:
    """ "As long as [condition], [changes]": a static ability whose changes apply only
    while the condition holds, checked again at every moment, never locked in (mtg:604.1,
    mtg:611.3a, mtg:611.3b). ``condition`` is a key the ruleset knows
    (``cards_in_your_graveyard_at_least:7``); ``effects`` are :class:`SelfGets`,
    :class:`SelfIsColor` and :class:`GrantAbility` (``what`` :class:`Self`: the quoted
    ability the object has, layer 6 mtg:613.1f); ``text`` the condition as written."""

    condition: str
    effects: tuple[Effect, ...]
    text: str = ""


# ------------------------------------------------ optional costs, "instead" (helper U6)
@dataclass(frozen=True, slots=True)
class InsteadIf:
    """ "[otherwise]. If [condition], instead [effects]." (or "[effects] instead"): as it
    resolves, ``effects`` happen in place of ``otherwise`` if the condition holds, else
    ``otherwise`` happens (mtg:608.2c). With a condition about an optional cost chosen
    as the spell was cast (``kicked``, ``bargained``, ``gift_promised``), each version's
    targets are the spell's only with (or without) that cost (mtg:601.2c,
    mtg:702.33g)."""

    condition: ConditionTest
    effects: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True, slots=True)
class RedirectAll:
    """A redirection effect (mtg:614.9): all damage (``combat_only``: all combat damage)
    that would be dealt to ``what`` this turn is dealt to ``to`` instead; with ``by``,
    only damage from that source, with ``chosen_source``, from a source the controller
    chooses as it resolves (mtg:609.7a)."""

    what: Reference
    to: Reference
    by: Reference | None = None
    chosen_source: bool = False
    combat_only: bool = False


# ---- compound sentences (helper U7)


@dataclass(frozen=True, slots=True)
class Populate:
    """ "Populate": the controller chooses a creature token they control and creates a
    token that's a copy of it (mtg:701.30a); controlling none, nothing is created
    (mtg:701.30b)."""


# ---------------------------------------------- zones and players (helper W3)


@dataclass(frozen=True, slots=True)
class ReturnOwnedToHand:
    """ "Return all artifacts target player owns to their hand": every permanent
    ``descriptor`` describes that the player ``by`` names owns, found as the effect
    happens (mtg:608.2h), goes to its owner's hand (mtg:400.3); the permanents are not
    targets, the player may be (mtg:115.1)."""

    descriptor: Descriptor
    by: Reference


@dataclass(frozen=True, slots=True)
class PlayerMay:
    """ "Target opponent may have you draw a card", "target opponent may draw a card":
    the player ``who`` names chooses, as the effect happens, whether ``effects`` happen
    (mtg:608.2d); each says who acts (the controller, or that player)."""

    who: Reference
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Explore:
    """``what`` (a permanent) explores: its controller reveals the top card of their
    library; a land card goes to their hand, anything else gives the permanent a +1/+1
    counter and its controller may put the card into their graveyard (mtg:701.40a); it
    has explored even if some of that was impossible (mtg:701.40b)."""

    what: Reference


# ---------------------------------------------- abilities about targeting (helper U8)


@dataclass(frozen=True, slots=True)
class TargetingCostChange:
    """A permanent's static ability: the spells some players cast that target what
    ``targets`` names cost ``mana`` more (``less``: less), or ``life`` more life, as
    their total cost is determined (mtg:601.2f). ``casters``: whose spells it changes,
    said from the permanent's controller ("opponents", "you", "anyone"); ``targets``:
    :class:`Self` ("that target ~"), :class:`Attached` ("that target enchanted
    player") or a descriptor ("that target a Merfolk you control", read from the
    permanent's controller). It applies once to a spell with at least one such target;
    with ``per_target`` ("Spells you cast cost {1} less to cast for each target") once
    for each such target the spell has (``targets`` None: whatever it is; "for each
    creature it targets": each creature)."""

    mana: str
    less: bool
    casters: Literal["opponents", "you", "anyone"]
    targets: Self | Attached | Descriptor | None
    life: int = 0
    per_target: bool = False
    #: about the activated abilities some players activate instead of spells
    #: ("Abilities your opponents activate that target ... cost {2} more to activate",
    #: mtg:602.2b, which follows mtg:601.2f)
    activated: bool = False
    #: only the spells with these characteristics ("Aura spells you cast that target
    #: ...", "Each instant and sorcery spell you cast ..."), or with ``activated`` the
    #: abilities whose source has them ("Activated abilities of Equipment you control
    #: ..."), read from the permanent's controller; :class:`Self`: the permanent's own
    #: abilities ("~'s equip ability costs {2} less ...") (helper T7)
    spells: Self | Descriptor | None = None
    #: with ``activated``, only the activations of the keyword ability of that name
    #: ("Equip abilities you activate that target ~ ...", mtg:702.6a; helper T7)
    ability: str = ""
    #: "As long as ~ is on the stack, spells that target it cost {2} more to cast"
    #: (Kaervek's Torch): a spell's ability, working while it is on the stack
    #: (mtg:113.6; helper T7)
    on_stack: bool = False


@dataclass(frozen=True, slots=True)
class ChangeText:
    """ "Change the text of [what] by replacing all instances of one color word with
    another [or one basic land type with another]": a text-changing effect (mtg:612.1)
    applied in layer 3 (mtg:613.1c) that changes only words used as what ``kinds``
    names (``"color"``, ``"basic_land_type"``, ``"creature_type"``; mtg:612.2), for
    ``duration`` (``"end_of_turn"``) or the rest of the game (None, mtg:611.2a).
    tcgrules has no text layer: resolving it raises NotSupportedError."""

    what: Reference
    kinds: tuple[str, ...]
    duration: str | None = None


# ---------------------------------- delayed triggers, turn structure (helper W1)


@dataclass(frozen=True, slots=True)
class DelayedTrigger:
    """ "At the beginning of the next end step, sacrifice it.": as the spell or ability
    resolves it creates a triggered ability that waits (mtg:603.7a) for the beginning
    of the next end step (``moment`` ``"end"``, mtg:513.1) or of the next upkeep
    (``"start"``, mtg:503.1a), of any turn or, with ``yours`` ("your next upkeep"),
    only of its controller's; it triggers once (mtg:603.7b) and its targets are chosen
    as it goes on the stack then (mtg:603.3d), not as its parent was cast. Its source
    and controller are its parent's (mtg:603.7d, 603.7e)."""

    moment: Literal["end", "start"]
    yours: bool
    requirements: tuple[TargetRequirement, ...]
    effects: tuple[Effect | Modal, ...]
    text: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class SacrificeIt:
    """ "Sacrifice it": the controller sacrifices the one permanent ``what`` names, if
    they control it (only one's own permanents can be sacrificed, mtg:701.17a); "If you
    do" after it asks whether it was sacrificed."""

    what: Reference


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    """ "Target player takes an extra turn after this one." (mtg:500.7)."""

    who: Reference


@dataclass(frozen=True, slots=True)
class SkipNext:
    """ "Target player skips their next untap step" (``step`` ``"untap"``), "... their
    next combat phase" (``"combat"``): a replacement effect that does nothing instead
    of the next such step or phase of ``who`` (mtg:614.10, 614.10a). tcgrules plays no
    untap step or combat phase as such: resolving it raises NotSupportedError."""

    who: Reference
    step: Literal["untap", "combat"]


@dataclass(frozen=True, slots=True)
class ControlNextTurn:
    """ "You control target player during that player's next turn." (mtg:720.1): the
    controller makes every choice and decision for that player through that turn.
    tcgrules has no such control: resolving it raises NotSupportedError."""

    who: Reference


# ------------------------------------------------------ dice, coins, chance (helper W2)
@dataclass(frozen=True, slots=True)
class DieRow:
    """One line of a results table (mtg:706.3a): the effects happen if the result is
    from ``low`` to ``high`` (``high`` None: "N+", that result or more)."""

    low: int
    high: int | None
    effects: tuple[Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class RollDie:
    """ "Roll a d20" / "roll a six-sided die" (mtg:706.1a): a result from 1 to
    ``sides``, which "the result" later in the ability reads (:class:`RollResult`), and
    the results table printed with it, if any (``table``; mtg:706.3, all one ability
    per mtg:706.3b)."""

    sides: int
    table: tuple[DieRow, ...] = ()


# ---- counters (helper W4)


@dataclass(frozen=True, slots=True)
class RemoveCountersUpTo:
    """ "Remove up to ``count`` [``kind``] counters from [what]": as it resolves the
    controller picks how many, from none up to ``count``, and, with no kind named, how
    many of each kind (mtg:608.2d); no more of a kind than the object has (mtg:122.1)."""

    what: Reference
    kind: str | None
    count: Amount


@dataclass(frozen=True, slots=True)
class MoveCounters:
    """Move counters of ``kind`` (of every kind when None) from ``source`` onto ``what``,
    each removed from the first and put on the second (mtg:122.5): all of them
    (``count`` None), ``count`` of them (no more than there are), or, with ``chosen``
    ("any number of"), as many of each kind as the controller picks as it resolves
    (mtg:608.2d). If the move can't happen at all (the same object, one of them gone)
    no counter moves."""

    source: Reference
    what: Reference
    kind: str | None
    count: Amount | None = None
    chosen: bool = False


@dataclass(frozen=True, slots=True)
class FlickerWithCounters:
    """ "Exile [what], then return it to the battlefield under its owner's control with a
    +1/+1 counter on it": the ``flicker``, and the new object it returns as (mtg:400.7)
    enters with ``counters`` (kind, how many) on it (mtg:122.6)."""

    flicker: Flicker
    counters: tuple[tuple[str, int], ...]


# ---- damage and life (helper W5)


@dataclass(frozen=True, slots=True)
class SetLifeTotal:
    """Each player ``who`` names has a life total of ``amount`` from now on: they gain or
    lose the difference, so life-gain and life-loss rules apply to it (mtg:119.5)."""

    who: Reference
    amount: Amount


@dataclass(frozen=True, slots=True)
class DoubleLifeTotal:
    """Each player ``who`` names doubles their life total: they gain or lose what makes
    it twice what it is as the effect happens (mtg:701.9d)."""

    who: Reference


@dataclass(frozen=True, slots=True)
class DealDamageEvenly:
    """``source`` deals ``amount`` divided evenly, rounded down (mtg:107.1a), among the
    targets ``to`` names: each is dealt the same share, worked out as the effect
    happens from how many targets were chosen ("Fireball")."""

    amount: Amount
    to: Reference
    source: Reference


# ------------------------------------- control, goad, connive, suspect, face-down (helper W7)


@dataclass(frozen=True, slots=True)
class Connive:
    """``what`` connives ``count`` times over: its controller draws that many cards, then
    discards that many, then it gets a +1/+1 counter for each nonland card discarded this
    way (mtg:701.47a, mtg:701.47e). It connives even where some of that is impossible
    (mtg:701.47b); one gone from the battlefield is known by its last information
    (mtg:701.47c)."""

    what: Reference
    count: Amount = 1


@dataclass(frozen=True, slots=True)
class Suspect:
    """``what`` becomes suspected until it leaves the battlefield: it has menace and can't
    block while it is (mtg:701.58a, mtg:701.58c); one already suspected can't become so
    again (mtg:701.58d)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class ChooseCardName:
    """The controller chooses a card name (mtg:201.4), of a card ``descriptor`` describes
    where the text says what kind (mtg:201.4a); a later "that name" or "the chosen name"
    of the same spell or ability is that name."""

    descriptor: Descriptor | None = None


@dataclass(frozen=True, slots=True)
class SearchForName:
    """Search ``whose`` graveyard, hand and library for cards with the chosen name and
    exile them (mtg:701.19a, mtg:701.11a): ``count`` at most (None: any number), or every
    one of them (``every``); cards of a stated quality in a hidden zone may be left
    unfound (mtg:701.19b). ``shuffle``: that player then shuffles (mtg:701.20a)."""

    whose: Reference
    count: Amount | None = None
    every: bool = False
    shuffle: bool = False


@dataclass(frozen=True, slots=True)
class TurnFaceDown:
    """Turn ``what`` face down: with no characteristics listed, it becomes a 2/2 creature
    with no text, name, subtypes or mana cost, its copiable values while it stays so
    (mtg:708.2a); a double-faced permanent can't be (mtg:712.16)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class TurnFaceUp:
    """Turn the face-down permanent ``what`` face up: its copiable values revert to its
    own, effects on it still apply, and it did not enter anew (mtg:708.8)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class SeeFaceDown:
    """The controller looks at (``reveal``: every player sees) the face-down permanent
    ``what``: what it is, ignoring the effects on it (mtg:708.5, mtg:708.12)."""

    what: Reference
    reveal: bool = False


# ------------------------------------------------ becomes, attach (helper W6)
@dataclass(frozen=True, slots=True)
class DestroyAttached:
    """Destroy each permanent ``descriptor`` describes that is attached to what ``host``
    names ("Destroy all Auras and Equipment attached to target creature"), found as the
    effect happens (mtg:608.2h, mtg:303.4b), and with ``host_too`` the host itself
    ("Destroy target creature and all Equipment attached to that creature"); all are
    destroyed at once (mtg:701.7a)."""

    host: Reference
    descriptor: Descriptor
    host_too: bool = False


AttachSame: TypeAlias = Literal["", "type", "controller"]


@dataclass(frozen=True, slots=True)
class AttachElsewhere:
    """Attach ``what`` to another object ``to`` describes, chosen by the controller of
    the spell or ability as it resolves (mtg:608.2d; "another": not the one it is
    attached to now). ``same``: "of that type" (the new host has a card type among
    ``types`` the old host has) or "with the same controller" (mtg:701.3a). With
    ``enchanting``, the objects moved are every Aura attached to what ``what`` names
    ("attach all Auras enchanting target permanent to ...", mtg:303.4b)."""

    what: Reference
    to: Descriptor
    same: AttachSame = ""
    types: tuple[str, ...] = ()
    enchanting: bool = False


@dataclass(frozen=True, slots=True)
class PutOntoBattlefieldAttached:
    """Put ``what`` onto the battlefield under ``under``'s control attached to what ``to``
    names ("Return target Aura card from your graveyard to the battlefield attached to
    ~"): an Aura that couldn't legally enchant it stays where it is (mtg:303.4i); an
    Equipment that can't equip it enters unattached (mtg:301.5c); anything else enters
    unattached (mtg:303.4h)."""

    what: Reference
    to: Reference
    under: Reference | None = field(default_factory=You)


ChoiceKind: TypeAlias = Literal["color", "colors", "basic_land_type"]


@dataclass(frozen=True, slots=True)
class BecomesOfChoice:
    """``what`` becomes "the color of your choice" (one color), "the color or colors of
    your choice" (one or more) or "the basic land type of your choice" (in addition to
    its other types), chosen by the controller as the effect happens (mtg:608.2d), for
    ``duration``: new colors replace its colors (mtg:105.3, layer 5); the land type is
    added (mtg:205.1b, layer 4)."""

    what: Reference
    kind: ChoiceKind
    duration: Duration = "end_of_turn"


@dataclass(frozen=True, slots=True)
class GainAllCreatureTypes:
    """``what`` gains every creature type (mtg:205.3m) for ``duration``: a type-changing
    effect (layer 4, mtg:613.1d) that keeps its other types (mtg:205.1b); only a
    creature (or kindred) object can have them (mtg:205.3d)."""

    what: Reference
    duration: Duration = "end_of_turn"


# ----------------------------------------------------------- unless-pays variants (helper X3)
@dataclass(frozen=True, slots=True)
class UnlessPlayerOrControllerPays:
    """ "[effects] unless that permanent's controller or that player pays [cost]": the
    payer is what ``of`` names when that is a player, else that object's controller; the
    effects happen only if that player doesn't pay (mtg:118.12a)."""

    effects: tuple[Effect, ...]
    of: TargetSlot
    cost: str


# ---- zones and players, second wave (helper X1)


@dataclass(frozen=True, slots=True)
class PutBeneathTop:
    """Put ``what`` into its owner's library just beneath the top ``count`` cards
    (mtg:400.3): with ``count`` cards above it, or on the bottom when the library has no
    more than that (mtg:401.7). ``count`` is read as the effect happens (mtg:608.2h)."""

    what: Reference
    count: Amount


@dataclass(frozen=True, slots=True)
class RevealUntilToGraveyard:
    """``who`` reveals cards from the top of their library one at a time until a card
    that fits ``until`` is revealed (or the library runs out), then puts every card
    revealed this way, that one included, into their graveyard (mtg:701.16a: the
    cards are shown to all; mtg:400.3: each goes to its owner's graveyard)."""

    who: Reference
    until: Descriptor


# ------------------------------------------------- a spell cast next (helper X6)


@dataclass(frozen=True, slots=True)
class WhenNextCast:
    """ "When you next cast an instant or sorcery spell this turn, copy that spell.": as
    the spell or ability resolves it creates a delayed triggered ability (mtg:603.7a)
    that triggers once (mtg:603.7c), the next time its controller casts a spell that
    ``spell`` describes this turn; its effects' :class:`TriggerObject` is that spell
    (mtg:603.2). Its source and controller are its parent's (mtg:603.7d, 603.7e).
    An X in its effects ("copy that spell X times") is the X chosen for the spell that
    created it (mtg:107.3n). tcgrules' delayed triggers wait only for a moment of the
    turn, not for a spell being cast: resolving it raises NotSupportedError."""

    spell: Descriptor
    effects: tuple[Effect | Modal, ...]
    text: str = ""
    span: Span | None = None


# ---- damage and life, third wave (helper Q5)


@dataclass(frozen=True, slots=True)
class IfPreventedDeal:
    """ "If damage is prevented this way, ~ deals that much damage to any target": each
    prevention shield the same instructions just made also does this each time it
    prevents damage, right after the prevention, for as much as it prevented
    (mtg:615.5); the recipient is the one named as the spell or ability resolves.
    ``optional``: "you may have ~ deal ..." (a choice made as damage is prevented)."""

    to: Reference
    source: Reference = field(default_factory=Self)
    optional: bool = False


# ------------------------------------- becomes, control and names (helper Q6)
@dataclass(frozen=True, slots=True)
class Transform:
    """Transform each permanent ``what``: turn it over so its other face is up; only a
    transforming double-faced card or transforming token can, for anything else nothing
    happens (mtg:701.28a, mtg:701.28c)."""

    what: Reference


@dataclass(frozen=True, slots=True)
class BecomeMonarch:
    """The player ``who`` becomes the monarch, and whoever was stops being it: one
    monarch at a time (mtg:722.1, mtg:722.3)."""

    who: Reference


# ---- counters, third wave (helper Q4)


@dataclass(frozen=True, slots=True)
class PutOrRemoveEachKind:
    """ "For each kind of counter on [what], put another counter of that kind on it or
    remove one from it": for every kind of counter the permanent has, its controller
    chooses as it resolves (mtg:608.2d) to put one more of that kind on it or to take
    one of that kind off (mtg:122.1)."""

    what: Reference


# ------------------------------------------ copies and combat, third wave (helper Q7)


@dataclass(frozen=True, slots=True)
class OthersCopy:
    """ "each other player copies that spell" (Hive Mind), "each other player may copy that
    spell and may choose new targets for the copy they control" (Curse of Echoes): each
    player other than the controller of the spell ``what`` names makes a copy of it, which
    that player controls (mtg:707.10), in turn order from the active player (mtg:101.4).
    ``may``: each of them chooses whether to (mtg:608.2d); ``may_choose_new_targets``:
    each may choose new targets for their own copy (mtg:707.10c)."""

    what: Reference
    may: bool = False
    may_choose_new_targets: bool = False


# ---------------------------------------------- "this way" counts (helper R5)


@dataclass(frozen=True, slots=True)
class RevealChosen:
    """ "Reveal any number of red cards in your hand": the controller chooses, as the effect
    happens, the cards ``cards`` allows (mtg:608.2d) and shows them to every player; they
    stay where they are (mtg:701.16a, mtg:701.16b). Each is logged as revealed, so a
    later "the number of cards revealed this way" counts them (mtg:608.2c)."""

    cards: Chosen


# ---- reflexive triggers on what moved this way, discards of any number (helper S2)
@dataclass(frozen=True, slots=True)
class DiscardAny:
    """ "Discard any number of cards": the controller chooses, as the effect happens, the
    cards ``cards`` allows from their own hand (none is allowed, mtg:608.2d) and discards
    them (mtg:701.8a), so a later "for each card discarded this way" counts them
    (mtg:608.2c)."""

    cards: Chosen


# ---- counters leftovers (helper S4)
@dataclass(frozen=True, slots=True)
class PutThenDoubleCounters:
    """ "Put a +1/+1 counter on target creature you control, then double the number of
    +1/+1 counters on each creature that had a +1/+1 counter put on it this way": ``put``
    happens first (mtg:122.6); then each object of card type ``of_type`` that got more
    ``put.kind`` counters from it gets as many more ``kind`` counters as it has
    (mtg:701.9e). An object that got none this way is not doubled (mtg:608.2c)."""

    put: PutCounters
    kind: str
    of_type: str


@dataclass(frozen=True, slots=True)
class RemoveOrPutCounter:
    """ "Remove a time counter from it or put another time counter on it": the controller
    chooses, as it resolves, to remove one ``kind`` counter from ``what`` or to put one
    more on it (mtg:122.1, mtg:608.2d)."""

    what: Reference
    kind: str


# ---- Aura tokens created attached (helper R1)
@dataclass(frozen=True, slots=True)
class CreateTokenAttached:
    """ "Create a white Aura enchantment token named Mask attached to another target
    permanent": the controller creates the Aura token ``token`` describes already attached
    to each object ``to`` names (mtg:111.2, mtg:111.3); it is not created when that
    object can't legally be enchanted by it or is gone (mtg:303.4i, mtg:608.2b)."""

    token: CreateToken
    to: Reference


# ---- turn structure leftovers: "this turn", "if able" (helper S3)
@dataclass(frozen=True, slots=True)
class CantBeRegenerated:
    """ "Target creature can't be regenerated this turn": for ``duration``, no
    regeneration shield applies when each object ``what`` names would be destroyed
    (mtg:701.15c); shields may still be created."""

    what: Reference
    duration: Duration = "end_of_turn"


# ---- zones and players leftovers (helper S5)
@dataclass(frozen=True, slots=True)
class ExileLibrary:
    """ "Exile all but the bottom card of target player's library" (``keep_bottom`` 1;
    "Exile all cards from ..." is :class:`ExileZones`): every card of ``whose`` library
    but the bottom ``keep_bottom`` goes to exile (mtg:701.11a, mtg:400.5)."""

    whose: Reference
    keep_bottom: int = 0


@dataclass(frozen=True, slots=True)
class ShuffleHandIntoLibrary:
    """ "That player shuffles their hand into their library": each player ``who`` names
    puts every card of their hand into their library, which is then shuffled
    (mtg:701.20a; shuffled even if the hand was empty, mtg:701.20d)."""

    who: Reference


# ---- amounts and objects from an earlier step of the same effect (helper T1)
@dataclass(frozen=True, slots=True)
class AdditionalCost:
    """ "As an additional cost to cast this spell, exile a creature card from your
    graveyard": a cost added to the spell's total cost (mtg:601.2f), paid with the
    objects its caster names as they pay it (mtg:601.2h; the scenario's ``paid:``).
    ``verb`` is how ("exiled", "discarded", "sacrificed", "revealed"), ``descriptor``
    what, ``count`` how many (None: all of them). Not an effect of the resolution: a
    static ability of the spell that works while it is cast (mtg:601.2f)."""

    verb: str
    descriptor: Descriptor
    count: Amount | None
    text: str = ""


# ---- counted amounts: revealing some cards of a hand (helper t2)
@dataclass(frozen=True, slots=True)
class RevealFromHand:
    """ "Target player reveals two cards from their hand", "... a number of cards from
    their hand equal to ...": each player ``who`` names picks ``count`` cards of their
    hand (every card of it with that many or fewer) and shows them to all; they stay
    there (mtg:701.16a, mtg:701.16b). ``count`` is taken as it resolves (mtg:608.2h)."""

    who: Reference
    count: Amount


@dataclass(frozen=True, slots=True)
class RevealedDiscardChosen:
    """ "[who] reveals N cards from their hand. You choose one of them. That player
    discards that card.": the revealing player picks the cards to show
    (:class:`RevealFromHand`), then the controller picks one of those and its owner
    discards it (another player choosing, mtg:701.8b; discarding, mtg:701.8a)."""

    who: Reference
    count: Amount


# ---- damage equal to power, fights (helper T3)
@dataclass(frozen=True, slots=True)
class AttachedDealsPower:
    """ "Enchanted creature deals damage equal to its power to any other target": the
    object the source is attached to (mtg:303.4, mtg:301.5) is the source of damage
    equal to its power (mtg:120.2b), read as the damage is dealt (mtg:608.2h)."""

    to: Reference


# ---- what a target player does with their own cards (helper T5)
@dataclass(frozen=True, slots=True)
class PlayerExilesOwn:
    """ "Target player exiles a card from their graveyard", "target opponent exiles an
    enchantment they control": each player ``who`` names picks ``count`` of their own
    objects that ``descriptor`` describes (cards in their graveyard, or permanents they
    control on the battlefield) and exiles them (mtg:608.2d: their choice, made as the
    effect happens; mtg:701.11a). With no more that fit than ``count``, all go."""

    who: Reference
    descriptor: Descriptor
    count: Amount = 1
    zone: Literal["graveyard", "battlefield"] = "graveyard"


@dataclass(frozen=True, slots=True)
class ExileBottomOfGraveyard:
    """ "Exile the bottom card of target player's graveyard": the graveyard is one pile
    kept in order (mtg:404.2), so its bottom card is known; it goes to exile
    (mtg:701.11a)."""

    whose: Reference


@dataclass(frozen=True, slots=True)
class PlayerPutsCounters:
    """ "Target opponent puts a deathtouch counter on a creature they control",
    "target player puts a +1/+1 counter on each creature they control": each player
    ``who`` names puts ``count`` counters of ``kind`` on one permanent they control that
    ``descriptor`` describes, picked by them as the effect happens (mtg:608.2d), or on
    each such permanent with ``each`` (mtg:122.6). They, not the controller of the
    resolving object, put the counters."""

    who: Reference
    kind: str
    descriptor: Descriptor
    count: Amount = 1
    each: bool = False


@dataclass(frozen=True, slots=True)
class PlayerReturnsOwn:
    """ "[then] you return a land card from your graveyard to your hand": each player
    ``who`` names picks ``count`` cards of their graveyard that ``descriptor`` describes
    as the effect happens (mtg:608.2d; not a target) and puts them into their hand, the
    owner's (mtg:400.3). With no more that fit than ``count``, all go."""

    who: Reference
    descriptor: Descriptor
    count: Amount = 1


@dataclass(frozen=True, slots=True)
class ShuffleFromGraveyard:
    """ "Shuffle all creature cards from target player's graveyard into that player's
    library": every card of ``whose`` graveyard that ``only`` describes goes into that
    player's library (its owner's, mtg:400.3), which is then shuffled; it is shuffled
    even if no card went in (mtg:701.20a, mtg:701.20d)."""

    whose: Reference
    only: Descriptor


# ---- rules about targeting itself (helper T7)
@dataclass(frozen=True, slots=True)
class TargetableDespiteShroud:
    """ "Until end of turn, ~ can be the target of spells and abilities controlled by
    target player as though it didn't have shroud" (Autumn Willow): until the turn ends,
    the spells and abilities the player ``by`` names controls may target what ``what``
    names even though it has shroud (mtg:702.18a, mtg:611.2a)."""

    what: Reference
    by: Reference


@dataclass(frozen=True, slots=True)
class InsteadIfIs:
    """ "[~ deals N damage to any target.] It deals M damage instead if that target is a
    creature": as the spell resolves, ``effects`` happen in place of ``otherwise`` if
    what ``subject`` names (the one target) fits ``condition`` then, else ``otherwise``
    happens (mtg:608.2c; an illegal target is neither, mtg:608.2b)."""

    subject: Reference
    condition: Descriptor
    effects: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]


Effect: TypeAlias = (
    DealDamage
    | InsteadIfIs
    | TargetableDespiteShroud
    | AdditionalCost
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
    | BecomesCopy
    | CreateEmblem
    | TargetCostChange
    | SelfCostChange
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
    | PreventDamage
    | RedirectDamage
    | Mill
    | Discard
    | RevealHand
    | LookAt
    | ExileGraveyard
    | ExileUntilLeaves
    | Flicker
    | PutOntoBattlefield
    | DiscardChosen
    | ExileTop
    | FromHand
    | ShuffleInto
    | DrawEach
    | ExileChosen
    | GainControl
    | ExchangeControl
    | DoubleCounters
    | PutCountersOf
    | MoveCounter
    | TapOrUntap
    | Regenerate
    | DistributeCounters
    | RemoveCounters
    | SkipNextUntap
    | Goad
    | Detain
    | PutInLibraryChoice
    | PutBeneathTop
    | RevealUntilToGraveyard
    | LookAndReorder
    | SearchLibrary
    | CastFromZone
    | DoublePower
    | PhaseOut
    | AttachedHas
    | CreateRole
    | CounterUnlessPaysEach
    | UnlessPays
    | FlipCoin
    | Sacrifice
    | ShuffleCardsInto
    | PlayerMayCopy
    | MayPayToCopy
    | ExchangeLifeTotals
    | Proliferate
    | GainAbilityChoice
    | AttachedFights
    | GainProtectionOfChoice
    | PutCounterChoice
    | AnotherOfEachKind
    | EachDealsPower
    | ExileTopFaceDown
    | PutOntoBattlefieldAttacking
    | ReturnWithAuras
    | ExileZones
    | ForAsLongAs
    | IfCompared
    | UnlessDoes
    | RemoveFromCombat
    | CreaturesAttackIfAble
    | SelfGets
    | SelfIsColor
    | AsLongAs
    | InsteadIf
    | RedirectAll
    | Populate
    | TargetingCostChange
    | ChangeText
    | DestroyAttached
    | AttachElsewhere
    | PutOntoBattlefieldAttached
    | GainAllCreatureTypes
    | BecomesOfChoice
    | Connive
    | Suspect
    | ChooseCardName
    | SearchForName
    | TurnFaceDown
    | TurnFaceUp
    | SeeFaceDown
    | DelayedTrigger
    | SacrificeIt
    | ExtraTurn
    | SkipNext
    | ControlNextTurn
    | RollDie
    | ReturnOwnedToHand
    | PlayerMay
    | Explore
    | RemoveCountersUpTo
    | MoveCounters
    | FlickerWithCounters
    | UnsupportedEffect
    | SetLifeTotal
    | WhenNextCast
    | DoubleLifeTotal
    | DealDamageEvenly
    | UnlessPlayerOrControllerPays
    | OthersCopy
    | PutOrRemoveEachKind
    | Transform
    | BecomeMonarch
    | IfPreventedDeal
    | CreateTokenAttached
    | RevealChosen
    | ExileLibrary
    | ShuffleHandIntoLibrary
    | CantBeRegenerated
    | PutThenDoubleCounters
    | RemoveOrPutCounter
    | PlayerExilesOwn
    | ExileBottomOfGraveyard
    | PlayerPutsCounters
    | PlayerReturnsOwn
    | ShuffleFromGraveyard
    | AttachedDealsPower
    | DiscardAny
    | RevealFromHand
    | RevealedDiscardChosen
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
    #: "If this spell was kicked, choose any number instead.": more modes allowed on a
    #: condition, as written (its count is ``more_max``); the condition is not checked,
    #: so choosing more than ``max`` is not supported
    more_if: str | None = None
    more_max: int | None = None
    #: "Each mode must target a different player.": no player (or object) may be the
    #: target of two chosen modes (the exception to mtg:115.3 the text makes)
    distinct_targets: bool = False


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
