"""The Ruleset base class: what differs between games, as flags, data and a few hooks.

Like sqlglot dialects or python-chess variants, a game is a thin subclass:
documented class-level flags, its zone and type vocabulary, the rule that
governs each kernel :class:`~tcgrules.kernel.concepts.Concept`, a table of effect
handlers, and overrides of the hooks below. The kernel never asks "which game is
this?": it asks the ruleset.

Subclasses register themselves by their short name; :func:`find_ruleset` finds
one by any alias (``magic``, ``flesh-and-blood``, ...).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from tcgrules.carddata.model import CardDefinition
from tcgrules.errors import ArgumentError, InputError, NotSupportedError, UnknownGameError
from tcgrules.kernel import board
from tcgrules.kernel.characteristics import Characteristics, Keyword, UnreadValue, Value
from tcgrules.kernel.concepts import Concept
from tcgrules.kernel.effects import Op
from tcgrules.kernel.objects import ObjectRef, ZoneKey
from tcgrules.kernel.zones import ZoneSpec
from tcgrules.rules import GAME_ALIASES, RuleRef, rule

if TYPE_CHECKING:
    from pathlib import Path

    from tcgrules.cardtext.nodes import Ability, ActivatedAbility, CardText, TriggeredAbility
    from tcgrules.kernel.describe import Context
    from tcgrules.kernel.descriptors import Descriptor, TargetRequirement
    from tcgrules.kernel.game import AttackState, Game, Seen
    from tcgrules.kernel.objects import Entity, GameObject
    from tcgrules.kernel.resolution import Resolution
    from tcgrules.kernel.targeting import Targeter
    from tcgrules.verdict import Reason, Verdict

#: A handler that performs one kind of effect node while a spell or ability resolves.
EffectHandler = Callable[["Resolution", Any], None]

_REGISTRY: dict[str, type[Ruleset]] = {}


def printed_value(v: object) -> Value:
    """A printed value as a property value: a number, or the text a card's own ability
    defines ("*", "X", "(c)"; mtg:208.2, fab:2.9.2a); booleans and None mean absent."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        return v
    text = str(v).strip()
    try:
        return int(text)
    except ValueError:
        return text


class Ruleset:
    """Base class of the three games' rulesets. Subclasses set the flags."""

    #: canonical short name used in rule references (``mtg``, ``fab``, ``ga``)
    name: ClassVar[str] = ""
    #: every name a scenario file or API call may use for the game
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    zones: ClassVar[tuple[ZoneSpec, ...]] = ()
    #: the zone where permanents / objects on the field are
    battlefield: ClassVar[str] = "battlefield"
    #: the zone where spells and abilities wait to resolve
    stack_zone: ClassVar[str] = "stack"
    #: numeric properties can't go below zero (fab:2.0.3c); MTG allows negatives
    numeric_floor_zero: ClassVar[bool] = False
    #: numeric properties that never go below 0 though others may (Grand Archive's
    #: cost, ga:parts-of-a-card-cost/8)
    floored_properties: ClassVar[frozenset[str]] = frozenset()
    #: an effect that removes abilities spares those added by other effects (fab:6.3.6)
    removal_spares_granted: ClassVar[bool] = False
    #: the game's own set-valued properties (``Characteristics.sets``) an object keeps
    #: when it becomes a copy; the others are copied (FaB keeps metatypes, fab:2.6.5)
    kept_by_copy: ClassVar[frozenset[str]] = frozenset()
    #: keywords whose loss takes their qualified forms with them (Magic: losing
    #: hexproof loses every "hexproof from [quality]", mtg:702.11e)
    removal_covers_qualified: ClassVar[frozenset[str]] = frozenset()
    #: an effect setting an object's card types also takes away its supertypes (Grand
    #: Archive, ga:general-rules-card-characteristics/type-overwriting-and-type-setting-2)
    type_setting_clears_supertypes: ClassVar[bool] = False
    #: effects may change the cost property itself (FaB: no, fab:2.2.4)
    cost_is_modifiable: ClassVar[bool] = True
    #: players can be chosen as targets (MTG 115.1; in FaB/GA the hero/champion is an object)
    players_are_targetable: ClassVar[bool] = True
    #: a player's starting life total, if players have life (mtg:103.4); None if not
    starting_life: ClassVar[int | None] = None
    #: properties that are numbers (others are text or sets)
    numeric_properties: ClassVar[frozenset[str]] = frozenset()
    #: numeric properties a card may print as a symbol that its own ability defines
    #: (Flesh and Blood's "(c)" power and defense, fab:2.3.2a, fab:2.9.2a): the game
    #: asks :meth:`defined_values` for them whenever it computes the object
    text_defined: ClassVar[frozenset[str]] = frozenset()
    #: keyword abilities the board index files objects under (:meth:`index_keys`), so a
    #: query for objects "with" one reads only those that have it
    indexed_keywords: ClassVar[tuple[str, ...]] = ()
    #: the rule of this game's catalog that governs each kernel concept (a number
    #: without the game prefix), or None where the game has no such thing; a concept
    #: left out is one this ruleset does not support yet
    concepts: ClassVar[Mapping[Concept, str | None]] = MappingProxyType({})
    #: where a description that says "card" and names no zone looks: ``"*"`` for every
    #: zone, else a zone word :meth:`zones_of` answers
    card_zone: ClassVar[str] = "*"
    #: the verb narration uses for putting a card on the stack ("casts", "plays")
    cast_verb: ClassVar[str] = "casts"
    #: the words narration uses for a turned and an upright object (Magic's "tapped" and
    #: "untapped"; Grand Archive's "rested" and "awake"); the event kinds stay ``tapped``
    #: and ``untapped`` in every game
    orientation_words: ClassVar[tuple[str, str]] = ("tapped", "untapped")
    #: zones a card may be cast or played from (mtg:601.3 for Magic's hand)
    castable_zones: ClassVar[frozenset[str]] = frozenset({"hand"})
    #: ways of putting a card on the stack besides casting it (``cast``), each with
    #: the zones the card may come from and the rule that says so, a number of this
    #: game's catalog (Grand Archive materializes from the material deck)
    play_methods: ClassVar[Mapping[str, tuple[frozenset[str], str]]] = MappingProxyType({})
    #: a spell or ability does not resolve at all when any target it had to have is
    #: illegal on resolution (Grand Archive; ``Concept.REQUIRED_TARGET_FIZZLES``);
    #: otherwise only when every target is (mtg:608.2b), the rest resolving in part
    required_target_fizzles: ClassVar[bool] = False
    #: the effect handlers of this game: effect node type -> handler (like sqlglot's
    #: dialect transforms); an effect with no handler is "not supported"
    effects: ClassVar[Mapping[type, EffectHandler]] = MappingProxyType({})
    #: scenario step verbs that put something on the stack, to the kernel action they
    #: mean (``cast`` / ``play`` -> ``cast``; ``activate``; ``trigger``)
    stack_verbs: ClassVar[Mapping[str, str]] = MappingProxyType({})

    _cited: ClassVar[dict[Concept, RuleRef]]
    #: :meth:`has_controller_in` of each zone name asked about (see :meth:`controls_in`)
    _controlled: ClassVar[dict[str, bool]]
    #: :meth:`zone_change` of each pair of zone names asked about
    _changes: ClassVar[dict[tuple[str, str], ZoneChange]]
    #: :meth:`route` of each origin, zone name and player asked about
    _routes: ClassVar[dict[tuple[ZoneKey, str, str], tuple[ZoneSpec, ZoneKey, ZoneChange]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._cited = {}
        cls._controlled = {}
        cls._changes = {}
        cls._routes = {}
        if cls.name:
            _REGISTRY[cls.name] = cls

    # ------------------------------------------------------------------ rules
    @classmethod
    def cite(cls, concept: Concept) -> RuleRef:
        """The rule of this game that governs ``concept`` (checked against its catalog).

        Raises NotSupportedError if the game has no such rule or this ruleset does
        not map it yet: a game is never given another game's rule.
        """
        found = cls._cited.get(concept)
        if found is not None:
            return found
        if concept not in cls.concepts:
            raise NotSupportedError(
                f"{concept.value} in {cls.title}", "this ruleset does not implement it yet"
            )
        number = cls.concepts[concept]
        if number is None:
            raise NotSupportedError(
                f"{concept.value} in {cls.title}", f"{cls.title} has no such rule"
            )
        found = rule(f"{cls.name}:{number}")
        cls._cited[concept] = found
        return found

    @classmethod
    def cites(cls, concept: Concept) -> RuleRef | None:
        """The rule governing ``concept``, or None where there is none (for optional
        explanations that a game may not have)."""
        if cls.concepts.get(concept) is None:
            return None
        return cls.cite(concept)

    # ------------------------------------------------------------------ zones
    @classmethod
    def zone_spec(cls, name: str) -> ZoneSpec:
        """The zone called ``name`` (or one of its aliases); InputError if none."""
        index = _ZONE_INDEXES.get(cls)  # looked up here: zone lookups are on hot paths
        if index is None:
            index = _zone_index(cls)
        try:
            found = index.get(name)
        except TypeError:  # unhashable: not a name
            found = None
        if found is not None:
            return found
        if not isinstance(name, str):
            known = ", ".join(z.name for z in cls.zones)
            raise ArgumentError("zone", "name", name, f"a zone name, one of {known}")
        key = name.strip().lower().replace("-", "_").replace(" ", "_")
        for z in cls.zones:
            if z.name == key or key in z.aliases:
                return z
        known = ", ".join(z.name for z in cls.zones)
        raise InputError(f"{cls.title} has no zone {name!r}", expected=f"one of {known}")

    def replace_move(
        self, game: Game, obj: GameObject, destination: ZoneSpec
    ) -> tuple[str, RuleRef] | None:
        """Where ``obj`` goes instead of ``destination``, and the rule that says so, when
        something of the game's own rules replaces the move (a Magic finality counter,
        mtg:122.1h); None: it goes where it was sent. The default: nothing replaces."""
        return None

    def may_replace_move(self, origin: ZoneSpec, destination: ZoneSpec) -> bool:
        """Whether :meth:`replace_move` may send an object moving from ``origin`` to
        ``destination`` elsewhere; False: the game does not ask it on such moves. Asked
        once per pair of zones (:meth:`zone_change`). The default: it may."""
        return True

    def printed_token(self, card: CardDefinition) -> bool:
        """Whether a card of the pool stands for a token (a Grand Archive card printed
        with Token on its typeline, ga:tokens/general-rules-1.2): the game then puts it
        into a zone as a token. The default: no card does."""
        return False

    def new_object_on_move(self, origin: ZoneSpec, destination: ZoneSpec) -> bool:
        """Whether moving from ``origin`` to ``destination`` makes a new object.

        MTG: every zone change does (mtg:400.7). FaB overrides this (fab:3.0.9).
        """
        return True

    def zone_change(self, origin: str, destination: ZoneSpec) -> ZoneChange:
        """What a move from the zone called ``origin`` to ``destination`` means (the
        answers of :meth:`new_object_on_move` and :meth:`has_controller_in`, which depend
        on the zones alone), worked out once per pair of zones: the game asks it at every
        move (mtg:400.7, fab:3.0.9)."""
        found = self._changes.get((origin, destination.name))
        if found is None:
            spec = self.zone_spec(origin)
            found = self._changes[origin, destination.name] = ZoneChange(
                spec,
                self.new_object_on_move(spec, destination),
                self.has_controller_in(destination),
                destination.objects_are_permanents,
                spec.objects_are_permanents and not destination.objects_are_permanents,
                self.may_replace_move(spec, destination),
            )
        return found

    def route(
        self, origin: ZoneKey, zone: str, player: str
    ) -> tuple[ZoneSpec, ZoneKey, ZoneChange]:
        """Where an object in ``origin`` sent to the zone called ``zone`` goes: the zone
        (:meth:`zone_spec`), the concrete zone (``player``'s, where each player has one:
        mtg:400.3) and what the move means (:meth:`zone_change`). Worked out once per
        origin, name and player (a game moves objects along the same few routes over and
        over); ``zone`` and ``player`` are strings, the name checked as :meth:`zone_spec`
        checks it (the player is the game's to check)."""
        found = self._routes.get((origin, zone, player))
        if found is None:
            spec = self.zone_spec(zone)
            key = ZoneKey(spec.name) if spec.shared else ZoneKey(spec.name, player)
            found = (spec, key, self.zone_change(origin.name, spec))
            self._routes[origin, zone, player] = found
        return found

    def entered(self, game: Game, ref: ObjectRef) -> None:
        """Called when an object is put onto the battlefield/arena/field (new or moved)."""
        return

    def left(self, game: Game, old: ObjectRef, new: ObjectRef) -> None:
        """Called when an object leaves the battlefield/arena/field (``old`` its reference
        there, ``new`` where it went): what waited on it leaving may happen now."""
        return

    def player_object(self, game: Game, player: str) -> ObjectRef | None:
        """The object that stands for ``player`` where the game's card text makes no
        difference between the two (a Flesh and Blood hero, fab:1.1.2b): a player's life
        is then that object's, and naming the player as a target names it. The base has
        none: players are players."""
        return None

    def placement_problem(
        self, game: Game, player: str, zone: str, chars: Characteristics
    ) -> tuple[RuleRef, str] | None:
        """Why an object with ``chars`` can't be put into ``player``'s ``zone`` as a
        position is set up (a zone that holds only certain objects), citing the rule; None
        if it may. The base allows anything."""
        return None

    def played_side(self, card: CardDefinition, side: int | str | None) -> CardDefinition:
        """The card as it is put on the stack when played with ``side`` (1, 2 or a side's
        name) chosen: a game whose split cards are played as one side returns that side
        (a CardDefinition whose ``side_of`` is the whole card). The base plays the whole
        card and chooses no side."""
        if side is not None:
            raise NotSupportedError(f"choosing a side of a card as it is played in {self.title}")
        return card

    def setup_complete(self, game: Game) -> None:
        """Called once a position has been set up (a scenario's ``setup``), before the
        first state-based check: what the game's rules say of the position itself. The
        base does nothing."""
        return

    def refuse_effect(self, op: Op) -> Verdict | None:
        """A verdict refusing an effect the rules forbid, or None if it may apply."""
        return None

    def state_based_actions(self, game: Game) -> bool:
        """Perform the game's state-based actions once; True if anything happened.

        The game calls this until it returns False (mtg:704.3). The base ruleset has none.
        """
        return False

    def phase(self, game: Game, ref: ObjectRef, phased_out: bool) -> None:
        """A permanent phases out or in (the PHASING concept). The base phases only that
        permanent; Magic's attachments phase with it (mtg:702.26g)."""
        game.set_phased_out(ref, phased_out, rule_applied=self.cite(Concept.PHASING))

    def turn_begins(self, game: Game) -> None:
        """What the game's rules do as the new active player's turn begins, before
        anything else (Magic: permanents that phased out phase in, mtg:702.26a). The
        default: nothing."""
        return

    def end_of_turn(self, game: Game) -> list[str]:
        """What this game's rules do to objects as a turn ends, before its "until end of
        turn" effects end (the kernel ends those and passes the turn).

        Each change is made through the game, citing this game's rule; the result is
        short phrases saying what happened, for the end-of-turn narration. Games differ
        here: Magic removes marked damage (mtg:514.2), Flesh and Blood keeps life lost
        and resets allies' life totals (fab:4.4.3a). The base does nothing.
        """
        return []

    def target_restrictions(
        self,
        game: Game,
        targeter: Targeter,
        candidate: ObjectRef,
        chars: Characteristics,
    ) -> list[Reason]:
        """Reasons from keyword abilities that limit targeting (MTG hexproof, shroud,
        protection). Failed reasons make the target illegal; passed ones explain."""
        return []

    def targeter_for_requirement(
        self, game: Game, targeter: Targeter, requirement: TargetRequirement
    ) -> Targeter:
        """The targeter as it chooses targets for ``requirement``: a game where one
        ability of a card counts as something its card is not (Grand Archive's "As a
        Spell" ability has the Spell subtype) gives that ability's own. The base: as
        given."""
        return targeter

    def player_target_restrictions(
        self, game: Game, targeter: Targeter, player: str
    ) -> list[Reason]:
        """Reasons from a player's own abilities that limit targeting them."""
        return []

    def targeting_limited_by_effects(self, game: Game) -> bool:
        """Whether effects of other objects limit now what objects may be targeted by
        (Magic's "creatures can't be the targets of spells"), so :meth:`target_allowed`
        is asked even about an object with no abilities of its own."""
        return False

    def target_allowed(self, game: Game, targeter: Targeter, entry: Seen) -> bool:
        """Fast form of :meth:`target_restrictions` over a board-index entry: no failed reason."""
        return all(
            r.passed for r in self.target_restrictions(game, targeter, entry.ref, entry.chars)
        )

    def is_named(self, chars: Characteristics, name: str, *, moniker: bool = False) -> bool:
        """Whether an object with ``chars`` has the name ``name`` (a description's
        :class:`~tcgrules.kernel.descriptors.Named`); ``moniker``: also when its moniker
        is ``name``, in games that have monikers. The base compares names exactly."""
        return chars.name == name

    @classmethod
    def any_target(cls, descriptor: Descriptor) -> tuple[Descriptor, str] | None:
        """If ``descriptor`` is this game's "any target", the part of it that says what
        "any target" allows and a few words for it (for explanations citing
        ``Concept.ANY_TARGET``); None if it is not "any target". The base has none."""
        return None

    def became_target(self, game: Game, obj: GameObject, target: Entity, controller: str) -> None:
        """Called after ``target`` becomes a target of ``obj`` (Magic's ward triggers here)."""
        return

    # ------------------------------------------------------------------ attacks
    def attack_target_reasons(
        self, game: Game, attacker: ObjectRef, by: str, target: Entity
    ) -> list[Reason]:
        """Why ``target`` may or may not be an attack target of ``attacker`` (each reason
        citing this game's rule); the base has no attacks."""
        raise NotSupportedError(f"declaring attacks in {self.title}")

    def attack_reasons(
        self, game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
    ) -> list[Reason]:
        """Why the declaration as a whole may or may not be made: what may attack, how
        many targets, restrictions on the set of targets (Grand Archive's Taunt and
        Multistrike). The base adds nothing to the per-target reasons."""
        return []

    def redirect_attack_reasons(
        self,
        game: Game,
        state: AttackState | None,
        by: str,
        old: Entity,
        new: Entity,
        *,
        keyword: str | None,
    ) -> list[Reason]:
        """Why ``by`` may or may not change the attack target ``old`` of the attack
        ``state`` to ``new`` (``keyword``: the ability doing it, such as Grand Archive's
        Intercept), each reason citing this game's rule; the base has no redirecting."""
        raise NotSupportedError(f"redirecting attacks in {self.title}")

    def redirect_target_reasons(
        self, game: Game, obj: GameObject, by: str, old: Entity, new: Entity
    ) -> list[Reason]:
        """Why ``by`` may or may not redirect the target ``old`` of the stack object
        ``obj`` to ``new``, each reason citing this game's rule; the base has no such
        action (Magic changes targets only through effects that say so)."""
        raise NotSupportedError(f"redirecting the target of a card or ability in {self.title}")

    def place_attack(self, game: Game, attacker: ObjectRef, by: str) -> ObjectRef:
        """Where an attack is once declared, and its reference there: the base leaves it
        where it is (a Flesh and Blood attack card moves onto the combat chain, fab:7.2.3a)."""
        return attacker

    def attack_participants(
        self, game: Game, attacker: ObjectRef, by: str, targets: tuple[Entity, ...]
    ) -> tuple[frozenset[int], frozenset[int]]:
        """The ids of the objects that count as attacking and as defending once the
        attack is declared (the base: the attacker, and the objects attacked)."""
        defending = frozenset(t.id for t in targets if isinstance(t, ObjectRef))
        return frozenset({attacker.id}), defending

    def attacking_said(self, game: Game, attacker: ObjectRef, oid: int) -> tuple[str, RuleRef]:
        """What to say, and which rule to cite, as the object ``oid`` counts as attacking
        in the attack of ``attacker`` (Flesh and Blood: the active-attack, fab:7.2.4, or
        the attacking hero, fab:7.2.4a). The base: "X is attacking"."""
        return f"{game.current(oid).label} is attacking", self.cite(Concept.ATTACKING)

    def join_attack(
        self, game: Game, current: AttackState | None, declared: AttackState
    ) -> AttackState:
        """The attack to record once ``declared`` is legal, given the attack ``current``
        this turn (None: none yet). The base: the new attack replaces the old one (one
        attack at a time, as in Flesh and Blood); a game where several creatures attack in
        the same combat joins them (Magic, mtg:508.1a)."""
        return declared

    def has_status(self, game: Game, obj: GameObject, chars: Characteristics, name: str) -> bool:
        """Whether ``obj`` has the status or combat state ``name`` that the kernel itself
        does not know (Magic's "blocking", "blocked", "unblocked"); the base knows none."""
        raise NotSupportedError(
            f"the status {name!r} in a description", f"{self.title} does not model it"
        )

    def named_player(self, game: Game, you: str, source: ObjectRef | None, who: str) -> str | None:
        """The player a description names by role (``who``: "defending_player", ...)
        for ``you`` and the ``source`` of the text, None when no player has that role
        now; the base knows no role."""
        raise NotSupportedError(f"the player {who.replace('_', ' ')!r} in a description")

    def attack_declared(self, game: Game, state: AttackState) -> None:
        """Called once an attack is recorded: what the game's rules do as something
        becomes the target of an attack (Flesh and Blood's spectra triggers,
        fab:8.3.14b). The base does nothing."""
        return

    def defend_reasons(
        self,
        game: Game,
        state: AttackState | None,
        by: str,
        cards: tuple[ObjectRef, ...],
        target: Entity | None,
    ) -> list[Reason]:
        """Why ``by`` may or may not declare ``cards`` as defending for the attack
        target ``target`` of the attack ``state``, each reason citing this game's rule
        (``state`` None: there is no attack, and ``target`` is None unless one was
        named); the base has no defending."""
        raise NotSupportedError(f"defending is not supported for {self.title}")

    def declare_defenders(
        self,
        game: Game,
        state: AttackState,
        by: str,
        cards: tuple[ObjectRef, ...],
        target: Entity,
    ) -> AttackState:
        """Make ``cards`` (already judged legal) defending for ``target``: move them where
        they defend, log the events, and return the attack with its new defenders."""
        raise NotSupportedError(f"defending is not supported for {self.title}")

    def damage_step_reasons(self, game: Game, state: AttackState | None) -> list[Reason]:
        """Why the combat damage of ``state`` may or may not be dealt now (None: there is
        no attack), each reason citing this game's rule; the base has no damage step."""
        raise NotSupportedError(f"the damage step is not supported for {self.title}")

    def combat_damage(self, game: Game, state: AttackState, target: Entity) -> None:
        """Calculate and deal the attack's combat damage to one attack target, with
        the events; the kernel calls this for each target in turn."""
        raise NotSupportedError(f"the damage step is not supported for {self.title}")

    def layer_characteristics(
        self,
        game: Game,
        source: ObjectRef | None,
        label: str,
        ability: ActivatedAbility | TriggeredAbility | None = None,
    ) -> Characteristics:
        """The characteristics of ``ability`` put on the stack from ``source`` (the base:
        only its name; Flesh and Blood's layers share their source's types, fab:2.15.4,
        and an activated layer has its ability's type and cost, fab:2.0.1a)."""
        return Characteristics(name=label)

    def damage_object(
        self, game: Game, ref: ObjectRef, amount: int, *, rule_applied: RuleRef | None, source: str
    ) -> None:
        """Damage dealt to an object from outside any effect the game reads (a scenario's
        fixture): the base marks it (mtg:120.3e); a game where only some objects can be
        dealt damage says so here (fab:8.5.3c)."""
        game.mark_damage(ref, amount, rule_applied=rule_applied, source=source)

    #: whether :meth:`payment` calculates costs; effects that change what something costs
    #: are refused as not supported where it does not
    calculates_payment: ClassVar[bool] = False

    def payment(self, game: Game, ref: ObjectRef) -> int | None:
        """The resource cost calculated for the object just put on the stack, with the
        effects that increase or reduce it (fab:5.1.6a); None (the base) where the game
        does not record it."""
        return None

    # ----------------------------------------------------------------- card text
    def parse_text(
        self, text: str, *, name: str | None = None, type_line: str | None = None
    ) -> CardText:
        """One card face's text read by this game's grammar into typed nodes."""
        raise NotSupportedError(
            f"card text for {self.name} ({self.title})", "no grammar for this game yet"
        )

    def render_requirement(self, requirement: TargetRequirement) -> str | None:
        """A target requirement written back in this game's canonical wording, or None
        where the game has no such writer (then the phrase as printed is what there is)."""
        return None

    def card_text(self, card: CardDefinition) -> CardText:
        """A card's text read by this game's grammar (a ruleset may cache it per card)."""
        return self.parse_text(card.text or "", name=card.name, type_line=card.type_line)

    def card_file(self, path: Path) -> list[CardDefinition]:
        """Read a card pool file of this game (the format its card loader knows) into
        card definitions, for corpus reports; the base has no loader."""
        raise NotSupportedError(
            f"card files for {self.name} ({self.title})", "no card loader for this game yet"
        )

    def spell_requirements(
        self, game: Game, card: ObjectRef, text: CardText
    ) -> tuple[TargetRequirement, ...]:
        """Targets a spell has besides those of its spell abilities, chosen first (Magic:
        an Aura spell targets what its enchant ability names, mtg:115.1b)."""
        return ()

    def ability_nodes(self, text: CardText) -> tuple[Ability, ...]:
        """The abilities of a card's text as the kernel should see them, in order (a
        ruleset may turn a keyword into the ability it stands for: Magic's equip is an
        activated ability, mtg:702.6a)."""
        return text.abilities

    def fails_to_resolve(self, game: Game, obj: GameObject) -> tuple[str, RuleRef] | None:
        """Why the layer ``obj``, about to resolve with its targets legal, fails to resolve
        all the same under this game's rules, with the rule (Flesh and Blood: a defense
        reaction that can't become a defending card, fab:5.3.2c); None: it resolves."""
        return None

    def leave_stack(self, game: Game, obj: GameObject, *, resolved: bool) -> None:
        """Where a spell goes once it has resolved or failed to (the base: its owner's
        graveyard). Abilities and copies are removed by the kernel before this."""
        game.move(
            obj.ref,
            "graveyard",
            rule_applied=self.cite(Concept.LEAVE_STACK if resolved else Concept.RECHECK),
            reason="it resolved" if resolved else "it did not resolve",
        )

    @classmethod
    def condition_test(cls, name: str) -> Callable[[Context, Seen], bool] | None:
        """What a description's condition key (a ``Condition`` node, "with greater {h}
        than you") means in this game, as a test of one object; None if the game does
        not know it (the base knows none)."""
        return None

    def use_refusal(
        self,
        game: Game,
        source: ObjectRef,
        ability: ActivatedAbility | TriggeredAbility,
        controller: str,
        index: int,
    ) -> Verdict | None:
        """Why the ``index``-th activated (or triggered) ability of ``source`` can't be
        used now, by its own restriction ("Activate only once each turn"); None if it
        may (the base knows none)."""
        return None

    def pay_activation_cost(
        self,
        game: Game,
        source: ObjectRef,
        ability: ActivatedAbility,
        controller: str,
        x: int | None,
        *,
        paid_with: set[str],
    ) -> None:
        """Pay the activation cost of ``ability`` of ``source`` once its targets are
        chosen, or raise RulesViolation if it can't be paid (the caller's transaction puts
        the game back). ``paid_with``: the verbs ("sacrificed", "discarded") of the costs
        already paid with objects the player named (:meth:`pay_with_object`). The base
        pays nothing: a game whose costs tcgrules does not model (resources, mana) leaves
        them to the player."""

    def all_pass(self, game: Game) -> None:
        """Every player passes priority in succession (the scenario step ``pass: true``).
        What follows is the game's own (Flesh and Blood: the top layer resolves,
        fab:1.11.4a). The base, for a game whose priority and steps tcgrules does not
        track, changes nothing."""

    # ------------------------------------------------- enforced: costs and timing
    def timing_refusal(
        self,
        game: Game,
        obj: ObjectRef,
        by: str,
        *,
        method: str,
        ability: ActivatedAbility | None = None,
    ) -> Verdict | None:
        """Why ``by`` may not, by the game's timing rules, put ``obj`` on the stack now: a
        card cast or played by ``method`` (``cast``, or a name from :attr:`play_methods`),
        or with ``ability`` the source of that activated ability; None if it may. Asked
        only when the game enforces ``timing`` (:attr:`Game.enforced`), before anything
        changes. The base knows no timing rules, so a game that enforces them must give
        this hook."""
        raise NotSupportedError(f"enforcing timing in {self.title}", "enforce: [timing]")

    def pay_total_cost(
        self,
        game: Game,
        ref: ObjectRef,
        by: str,
        *,
        pay_with: Sequence[ObjectRef],
        ability: ActivatedAbility | None = None,
    ) -> None:
        """Pay the total cost of the spell or ability ``ref`` that ``by`` just put on the
        stack with its targets chosen, or raise RulesViolation if it can't be paid (the
        caller's transaction puts the game back). ``pay_with``: the objects the player
        named to pay with (what each game pays with: a land tapped for mana, a card
        pitched, a card put into memory); empty lets the ruleset choose. Asked only when
        the game enforces ``costs`` (:attr:`Game.enforced`); the base can't pay any."""
        raise NotSupportedError(f"enforcing costs in {self.title}", "enforce: [costs]")

    def cast_option_refusal(
        self, game: Game, card: ObjectRef, options: Mapping[str, int]
    ) -> Verdict | None:
        """Why ``card`` can't be cast with these optional costs chosen (name -> times:
        Magic's kicker); None if it can. The base knows no optional costs."""
        raise NotSupportedError(
            f"optional costs ({', '.join(sorted(options))}) in {self.title}",
            "this game has none",
        )

    def cost_object_refusal(
        self, game: Game, player: str, verb: str, ref: ObjectRef
    ) -> Verdict | None:
        """Why ``player`` can't pay a cost by doing ``verb`` ("sacrificed", "discarded",
        "exiled", "revealed") with the object ``ref``; None if they can. The base knows
        no such costs."""
        raise NotSupportedError(f"costs paid with objects ({verb}) in {self.title}")

    def pay_with_object(self, game: Game, player: str, verb: str, ref: ObjectRef) -> ObjectRef:
        """Pay a cost: ``player`` does ``verb`` with ``ref`` (checked before with
        :meth:`cost_object_refusal`); the object it becomes (``ref`` if it does not
        move)."""
        raise NotSupportedError(f"costs paid with objects ({verb}) in {self.title}")

    def cast_option_times(self, game: Game, ref: ObjectRef, option: str) -> int | None:
        """How many times ``option`` was chosen as the spell ``ref`` (or the spell that
        became the permanent ``ref``) was cast; None if unknown (the base: none)."""
        return None

    def resolution_condition(
        self, game: Game, controller: str, source: ObjectRef | None, condition: str
    ) -> bool | None:
        """Whether an "if ..." condition (an :class:`IfCondition` key) holds now, for a
        spell or ability ``controller`` controls; None if this game cannot tell (the
        effect then raises NotSupportedError). The base knows none."""
        return None

    def turn_history(self, game: Game, player: str, what: str) -> int | None:
        """How much of ``what`` (``life_gained``, ``cards_drawn``...; a
        :class:`~tcgrules.cardtext.nodes.ThisTurn` key) happened this turn to
        ``player``, read from the game's events; None if this game cannot tell (the
        effect then raises NotSupportedError). The base knows none."""
        return None

    def amount_now(
        self,
        game: Game,
        you: str,
        source: ObjectRef | None,
        amount: object,
        *,
        stack: ObjectRef | None = None,
    ) -> int | None:
        """The number ``amount`` (one of the game's amount nodes, in a description such
        as "with mana value X or less, where X is ...", or a number of an effect the
        kernel does not know) stands for now, for a spell or ability ``you`` control
        whose text is on ``source`` (``stack``: that spell or ability itself, where it
        is on the stack); None if this game cannot work it out (checking the
        description, or the effect, then raises NotSupportedError). The base knows
        none."""
        return None

    # ---------------------------------------------------------------- scenarios
    def object_facts(self, game: Game, obj: GameObject, chars: Characteristics) -> dict[str, bool]:
        """The yes/no facts of an object whose meaning differs by game (scenario
        ``facts:``): at least ``is_object`` and ``is_unit``."""
        return {"is_object": True, "is_unit": False}

    @classmethod
    def zones_of(cls, word: str) -> tuple[ZoneSpec, ...]:
        """The zones a zone word of card text means: ``battlefield`` is where permanents
        are, ``stack`` where spells and abilities wait, any other word a zone's name. A
        game whose play area is several zones answers all of them (a FaB arena)."""
        found = _ZONES_OF.get((cls, word))
        if found is None:
            name = cls.battlefield if word == "battlefield" else word
            name = cls.stack_zone if word == "stack" else name
            found = (cls.zone_spec(name),)
            _ZONES_OF[cls, word] = found
        return found

    def zone_matches(self, actual: str, expected: str) -> bool:
        """Whether an object in zone ``actual`` is "in" the zone a scenario names."""
        return self.zone_spec(actual).name == self.zone_spec(expected).name

    def index_keys(self, entry: Seen) -> Iterable[str]:
        """The groups of the board index an object of a shared zone is filed in: one per
        card type it has (a query for "creature" reads only the creature group), and one
        per common qualifier it meets: tapped, token, each of its colors, its
        controller, and each of :attr:`indexed_keywords` it has (see
        :mod:`tcgrules.kernel.board`)."""
        chars = entry.chars
        keys = list(chars.types)
        obj = entry.obj
        if obj.tapped:
            keys.append(board.TAPPED)
        if obj.kind == "token":
            keys.append(board.TOKEN)
        for color in chars.colors:
            keys.append(board.COLOR + color)
        if entry.controller is not None:
            keys.append(board.CONTROLLER + entry.controller)
        if chars.abilities:
            for name in self.indexed_keywords:
                if chars.has_keyword(name):
                    keys.append(board.KEYWORD + name)
        return keys

    def has_controller_in(self, zone: ZoneSpec) -> bool:
        """Whether an object in ``zone`` has a controller (mtg:109.4, fab:1.3.1b)."""
        return zone.objects_are_permanents or zone.is_stack

    def controls_in(self, name: str) -> bool:
        """:meth:`has_controller_in` of the zone called ``name``, worked out once per name
        (it depends on the zone alone, and the game asks it of every object's zone each
        time it works out a controller: mtg:109.4, fab:1.3.1b)."""
        found = self._controlled.get(name)
        if found is None:
            found = self._controlled[name] = self.has_controller_in(self.zone_spec(name))
        return found

    # --------------------------------------------------------- characteristics
    def characteristics_of(self, card: CardDefinition) -> Characteristics:
        """Printed characteristics of a card definition."""
        raise NotImplementedError

    def order_key(self, op: Op) -> tuple[int, ...]:
        """Where an effect's op is applied: layer/stage and sublayer/substage."""
        raise NotImplementedError

    def defined_values(self, game: Game, obj: GameObject) -> Mapping[str, Value]:
        """The values of :attr:`text_defined` properties that ``obj`` prints as a symbol,
        as its own text defines them now (its base values; fab:2.9.2a). The game calls
        this with the rest of the board computed, while it builds its board index; a
        value that can't be read is an :class:`UnreadValue`. The base defines none."""
        return {}

    def counter_ops(self, counters: Mapping[str, int]) -> list[tuple[tuple[int, ...], Op]]:
        """The ops that counters on an object stand for, with their order keys."""
        return []

    def counters_placed(self, game: Game, ref: ObjectRef, kind: str, amount: int) -> None:
        """Called after ``amount`` counters of ``kind`` were put on ``ref`` (negative:
        removed): what the game's rules do as counters are placed (Grand Archive's buff
        and debuff counters cancel, ga:counters/buff-4). The default: nothing."""
        return

    def counter_kind_rule(self, kind: str) -> RuleRef:
        """The rule cited when counters of ``kind`` are put on an object from outside any
        effect (a scenario's fixture): the base is :meth:`counter_rule`."""
        return self.counter_rule()

    def counter_kind_refusal(self, kind: str) -> str | None:
        """Why ``kind`` is not a counter this game's cards can name (what is accepted,
        for the error), or None. The base accepts a name made of words
        (:func:`named_counter`); games add their numeric kinds."""
        if named_counter(kind):
            return None
        return "a counter named by a word, such as 'charge'"

    def attached_ops(self, game: Game, source: GameObject) -> list[tuple[tuple[int, ...], Op]]:
        """Ops the static abilities of ``source`` (an Aura or Equipment) apply to the
        object it is attached to, with their order keys."""
        return []

    def reaches_board(self, chars: Characteristics) -> bool:
        """Whether an object with these printed characteristics has a static ability
        that changes other objects' characteristics ("All Slivers have ..."): the game
        then recomputes every object when it changes. The base has none."""
        return False

    def rechecks(self, chars: Characteristics) -> bool:
        """Whether an object with these printed characteristics has a static ability
        whose effect applies only while a condition of the game's holds ("as long as
        ..."): the game then works characteristics out again after every change (its
        ops come from :meth:`board_ops`). The base has none."""
        return False

    def board_ops(
        self, game: Game, obj: GameObject, partial: Callable[[], tuple[Characteristics, str | None]]
    ) -> list[tuple[tuple[int, ...], int, Op]]:
        """Ops the static abilities of objects that :meth:`reaches_board` apply to
        ``obj``, each with its order key and timestamp. ``partial`` gives ``obj``'s
        characteristics and controller without them (what the abilities' words are
        checked against). The base applies none."""
        return []

    def counter_rule(self) -> RuleRef:
        """The rule by which counters modify properties."""
        raise NotImplementedError

    def property(self, chars: Characteristics, prop: str) -> Value | frozenset[str]:
        """A property by its scenario-file name (``power``, ``types``, ``keywords``...).

        Returns ``None`` if the object has no such property.
        """
        if prop == "name":
            return chars.name
        if prop in {"types", "supertypes", "subtypes", "colors"}:
            return frozenset(getattr(chars, prop))
        if prop == "abilities":
            return frozenset(a.text.lower() for a in chars.abilities)
        if prop == "keywords":
            return frozenset(k.text.lower() for k in chars.abilities if isinstance(k, Keyword))
        value = chars.value(prop)
        if isinstance(value, UnreadValue):
            raise value.unsupported()
        return value

    def object_property(
        self, game: Game, ref: ObjectRef, chars: Characteristics, prop: str
    ) -> Value | frozenset[str]:
        """A property of one object in a game now (``chars`` its current characteristics).

        The base is :meth:`property`; a game whose property values depend on more than
        the characteristics says so here (a FaB life is the life total, fab:2.5.3).
        """
        return self.property(chars, prop)

    def known_properties(self) -> frozenset[str]:
        """Property names a scenario may ask this game about."""
        return frozenset(
            {"name", "types", "supertypes", "subtypes", "colors", "abilities", "keywords"}
            | self.numeric_properties
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def named_counter(kind: str) -> bool:
    """A counter kind named by words ("charge", "first strike", "ki"), not a number."""
    return bool(_NAMED_COUNTER.match(kind))


_NAMED_COUNTER = re.compile(r"^[A-Za-z][A-Za-z'’ -]*$")


def find_ruleset(name: str) -> type[Ruleset]:
    """The ruleset class for a game name or alias (``mtg``, ``magic``, ``fab``, ``ga``...)."""
    if not isinstance(name, str):
        raise UnknownGameError(f"a game is named by a string, not {type(name).__name__}")
    short = GAME_ALIASES.get(name.strip().lower())
    found = _REGISTRY.get(short or "")
    if found is None:
        known = ", ".join(GAME_ALIASES)
        raise UnknownGameError(f"unknown game {name!r}; known names: {known}")
    return found


@dataclass(frozen=True, slots=True)
class ZoneChange:
    """What moving an object from one zone to another means (:meth:`Ruleset.zone_change`)."""

    #: the zone it leaves
    origin: ZoneSpec
    #: it becomes a new object (:meth:`Ruleset.new_object_on_move`; mtg:400.7, fab:3.0.9)
    fresh: bool
    #: it has a controller where it goes (:meth:`Ruleset.has_controller_in`; mtg:109.4)
    controlled: bool
    #: it enters the field: :meth:`Ruleset.entered` is told
    enters: bool
    #: it leaves the field: :meth:`Ruleset.left` is told
    leaves: bool
    #: the game's rules may send it elsewhere (:meth:`Ruleset.may_replace_move`)
    replaceable: bool


_ZONE_INDEXES: dict[type[Ruleset], dict[str, ZoneSpec]] = {}
_ZONES_OF: dict[tuple[type[Ruleset], str], tuple[ZoneSpec, ...]] = {}


def _zone_index(cls: type[Ruleset]) -> dict[str, ZoneSpec]:
    """Each zone of a ruleset by its name and aliases (zone lookups are on hot paths)."""
    index = _ZONE_INDEXES.get(cls)
    if index is None:
        index = {}
        for z in cls.zones:
            for key in (*z.aliases, z.name):
                index[key] = z
        _ZONE_INDEXES[cls] = index
    return index
