"""The scenario file format as pydantic models: every key of the contract (docs/scenarios.md).

The models only check the *shape* of a file: which keys exist, what type each
value has, that a step has exactly one action key, that rule references parse.
Whether a name means a player, a card or an object is the runner's business.

Values whose type varies by design (a property value, a ``set_base`` value) are
kept as the raw YAML value. Models are frozen; the loader attaches each step's
source line (``step.line``) for narration.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    PlainSerializer,
    PlainValidator,
    PrivateAttr,
    Tag,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from tcgrules.errors import InputError
from tcgrules.games import RULESETS, find_ruleset
from tcgrules.rules import GAME_ALIASES, RuleRef

# --------------------------------------------------------------------------- games and zones

#: Game names and aliases a scenario may use, mapped to the canonical name.
# (the one table, in tcgrules.rules, imported above)


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


#: Zone names a scenario may use in ``setup``, per game (snake_case, aliases included),
#: as each game's ruleset declares its zones.
SETUP_ZONES: dict[str, tuple[str, ...]] = {
    ruleset.name: tuple(name for zone in ruleset.zones for name in (zone.name, *zone.aliases))
    for ruleset in RULESETS
}

#: Property names ``expect: properties`` and ``expect: base`` may check.
PROPERTY_NAMES: frozenset[str] = frozenset(
    _words(
        "name power toughness loyalty defense life intellect arcane cost pitch colors color"
        " types supertypes subtypes metatypes classes talents traits element elements level"
        " durability speed abilities keywords moniker payment"
    )
)

#: The action keys of a step; a step has exactly one.
ACTION_KEYS: tuple[str, ...] = _words(
    "cast play activate materialize trigger attack redirect intercept defend damage_step resolve"
    " pass end_turn do expect"
)


def _expected_error(message: str, expected: str, **ctx: Any) -> PydanticCustomError:
    """A validation error the loader turns into a located ScenarioError with ``expected``.

    An ``at`` entry in ``ctx`` is a path below the validated value that the loader
    appends to the location (``"[key]"`` points at a mapping key rather than its value).
    """
    return PydanticCustomError("scenario", message, {"expected": expected, **ctx})


def _human_list(items: list[str] | tuple[str, ...]) -> str:
    return ", ".join(items)


# --------------------------------------------------------------------------- small value types


def _game(value: Any) -> str:
    if isinstance(value, str) and value.strip().lower() in GAME_ALIASES:
        return GAME_ALIASES[value.strip().lower()]
    raise _expected_error(
        f"unknown game {value!r}", "mtg, fab or ga (or magic, flesh-and-blood, grand-archive)"
    )


def _rule_ref(value: Any) -> RuleRef:
    if isinstance(value, RuleRef):
        return value
    if not isinstance(value, str):
        raise _expected_error("not a rule reference", "game:number such as mtg:115.3")
    try:
        return RuleRef.parse(value)
    except InputError as exc:
        raise _expected_error(exc.message, exc.expected or "game:number") from None


def _stat(value: Any) -> int | str:
    """A printed number: an integer, or a string such as ``"*"``, ``"X"``, ``"(c)"``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value:
        return value
    raise _expected_error("not a printed value", 'an integer or a string such as "*" or "X"')


_SIGNED = re.compile(r"^\s*([+-]?)\s*(\d+)\s*$")


def _signed(value: Any) -> int:
    """A change such as ``+2``, ``-1``, ``"+3"``: returned as a signed integer."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        match = _SIGNED.match(value)
        if match:
            number = int(match.group(2))
            return -number if match.group(1) == "-" else number
    raise _expected_error("not a change", 'a signed integer such as +2, -1 or "+3"')


def _one_or_many(value: Any) -> Any:
    """Let a single name stand for a one-element list: ``lost: Bob`` == ``lost: [Bob]``."""
    return [value] if isinstance(value, str) else value


def _rejected(value: Any) -> RuleRef | Literal[True] | None:
    if value is True:
        return True
    if value is False or value is None:
        return None
    if isinstance(value, str):
        return _rule_ref(value)
    raise _expected_error("not a rejection", "a rule reference such as mtg:115.3, or true")


def _ref_or_true(value: RuleRef | Literal[True] | None) -> str | bool | None:
    return str(value) if isinstance(value, RuleRef) else value


Game = Annotated[Literal["mtg", "fab", "ga"], PlainValidator(_game)]
RuleRefField = Annotated[RuleRef, PlainValidator(_rule_ref), PlainSerializer(str)]
Rejected = Annotated[
    RuleRef | Literal[True] | None, PlainValidator(_rejected), PlainSerializer(_ref_or_true)
]
Stat = Annotated[int | str, PlainValidator(_stat)]
Signed = Annotated[int, PlainValidator(_signed)]
Name = Annotated[str, Field(min_length=1)]
Names = Annotated[list[Name], BeforeValidator(_one_or_many)]
Positive = Annotated[int, Field(ge=1)]
Count = Annotated[int, Field(ge=0)]


def _targets_form(value: Any) -> str:
    if isinstance(value, list) and any(isinstance(item, list) for item in value):
        return "targets:nested"
    return "targets:flat"


def _nest(value: list[Any]) -> list[list[str]]:
    """A flat ``targets: [X]`` is one instance; nested lists are one list per instance."""
    if value and not isinstance(value[0], list):
        return [list(value)]
    return value


if TYPE_CHECKING:
    Targets = list[list[str]]
else:
    Targets = Annotated[
        Annotated[list[list[Name]], Tag("targets:nested")]
        | Annotated[list[Name], Tag("targets:flat")],
        Discriminator(_targets_form),
        AfterValidator(_nest),
    ]


# --------------------------------------------------------------------------- base model


class Model(BaseModel):
    """Base of every scenario model: frozen, strict types, unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True, populate_by_name=True)

    @classmethod
    def known_keys(cls) -> list[str]:
        """The keys this mapping accepts, as written in a file."""
        return [field.alias or name for name, field in cls.model_fields.items()]


def _exactly_one(model: BaseModel, keys: tuple[str, ...], what: str) -> None:
    present = [key for key in keys if getattr(model, key) is not None]
    if len(present) != 1:
        names = " or ".join(k.rstrip("_") for k in keys)
        raise _expected_error(
            f"{what} needs exactly one of {names}" + (f"; found {len(present)}" if present else ""),
            f"exactly one of {names}",
        )


# --------------------------------------------------------------------------- cards


class GaCost(Model):
    """A Grand Archive cost: ``{reserve: N}`` or ``{memory: N}``."""

    reserve: Stat | None = None
    memory: Stat | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> GaCost:
        _exactly_one(self, ("reserve", "memory"), "a Grand Archive cost")
        return self


def _mapping_form(value: Any) -> bool:
    """Whether a value of a "scalar or mapping" key is in its mapping form: a dict as read
    from a file, or the model it became (pydantic asks again when it dumps the model, so
    a model instance must pick the model's serializer, not the scalar's)."""
    return isinstance(value, dict | BaseModel)


def _cost_form(value: Any) -> str:
    return "cost:mapping" if _mapping_form(value) else "cost:printed"


if TYPE_CHECKING:
    Cost = int | str | GaCost
else:
    Cost = Annotated[
        Annotated[Stat, Tag("cost:printed")] | Annotated[GaCost, Tag("cost:mapping")],
        Discriminator(_cost_form),
    ]


class CardDef(Model):
    """A card defined in the scenario itself: its printed characteristics and text."""

    type: str | None = None
    text: str | None = None
    cost: Cost | None = None
    power: Stat | None = None
    toughness: Stat | None = None
    loyalty: Stat | None = None
    colors: Names | None = None
    pitch: Stat | None = None
    defense: Stat | None = None
    life: Stat | None = None
    intellect: Stat | None = None
    arcane: Stat | None = None
    element: str | None = None
    level: Stat | None = None
    durability: Stat | None = None
    speed: Stat | None = None
    #: FaB printed traits (fab:2.13.2): ``traits: [Agent of Chaos]``
    traits: Names | None = None

    def printed(self) -> dict[str, Any]:
        """The keys the file gave (type, text and printed values), as plain data."""
        return self.model_dump(exclude_unset=True)


# --------------------------------------------------------------------------- setup


class ZoneEntry(Model):
    """One object put in a zone: ``{card: NAME, as: ALIAS, token: true, tapped: true, ...}``."""

    card: Name
    as_: Name | None = Field(default=None, alias="as")
    token: bool = False
    tapped: bool = False
    damage: Count = 0
    counters: dict[str, Count] = Field(default_factory=dict)
    #: the object or player it is put attached to (an Aura, Equipment or Fortification,
    #: mtg:303.4b); named like any object, once every zone has been set up
    attached_to: Name | None = None

    @property
    def name(self) -> str:
        """The name the scenario uses for this object: its alias, else its card name."""
        return self.as_ or self.card


def _entry_form(value: Any) -> str:
    return "entry:mapping" if _mapping_form(value) else "entry:name"


def _as_entry(value: str | ZoneEntry) -> ZoneEntry:
    return value if isinstance(value, ZoneEntry) else ZoneEntry(card=value)


if TYPE_CHECKING:
    Entry = ZoneEntry
else:
    Entry = Annotated[
        Annotated[Name, Tag("entry:name")] | Annotated[ZoneEntry, Tag("entry:mapping")],
        Discriminator(_entry_form),
        AfterValidator(_as_entry),
    ]


class Hero(Model):
    """The FaB hero: ``hero: CARD`` or ``hero: {card: CARD, as: ALIAS}``."""

    card: Name
    as_: Name | None = Field(default=None, alias="as")

    @property
    def name(self) -> str:
        return self.as_ or self.card


def _hero_form(value: Any) -> str:
    return "hero:mapping" if _mapping_form(value) else "hero:name"


def _as_hero(value: str | Hero) -> Hero:
    return value if isinstance(value, Hero) else Hero(card=value)


if TYPE_CHECKING:
    HeroField = Hero
else:
    HeroField = Annotated[
        Annotated[Name, Tag("hero:name")] | Annotated[Hero, Tag("hero:mapping")],
        Discriminator(_hero_form),
        AfterValidator(_as_hero),
    ]


class PlayerSetup(Model):
    """One player's starting position: ``life``, FaB ``hero``, and zones by snake_case name.

    In a file the zones are written directly under the player (``hand: [...]``);
    here they are gathered in ``zones``, in the order written.
    """

    life: int | None = None
    hero: HeroField | None = None
    zones: dict[str, list[Entry]] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _gather_zones(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        fixed = {key: value for key, value in data.items() if key in ("life", "hero")}
        zones = {key: value for key, value in data.items() if key not in ("life", "hero")}
        return {**fixed, "zones": zones}


# --------------------------------------------------------------------------- steps


class Step(Model):
    """Base of every step. ``line`` is the step's line in its file (0 when built in code)."""

    action: ClassVar[str] = ""
    _line: int = PrivateAttr(default=0)

    @property
    def line(self) -> int:
        return self._line

    def describe(self) -> str:
        """A short text form for narration: ``cast Arc Trail by Alice``."""
        return self.action


class ActionStep(Step):
    """A step that does something, so it may carry ``rejected: RULE`` or ``rejected: true``."""

    rejected: Rejected = None

    @property
    def expects_rejection(self) -> bool:
        return self.rejected is not None


class StackStep(ActionStep):
    """cast / play / activate / materialize / trigger: put a spell or ability on the stack."""

    by: Name | None = None
    targets: Targets | None = None
    mode: Positive | None = None
    modes: list[Positive] | None = None
    divide: list[Count] | None = None
    x: Count | None = None
    as_: Name | None = Field(default=None, alias="as")
    ability: Positive | None = None
    #: the objects its costs use, by how (``sacrificed``, ``discarded``, ``exiled``,
    #: ``revealed``): paid once the targets are chosen (mtg:601.2h, mtg:602.2b)
    paid: dict[Name, Names] | None = None
    #: under ``enforce: [costs]``, the objects that pay the total cost (a land tapped
    #: for mana, a card pitched, a card put into memory); without it the game chooses
    pay_with: Names | None = None

    @model_validator(mode="after")
    def _mode_or_modes(self) -> StackStep:
        if self.mode is not None and self.modes is not None:
            raise _expected_error("give mode or modes, not both", "mode: N or modes: [N, ...]")
        return self

    @property
    def card(self) -> str:
        """The card (or permanent) named by the action key."""
        value: str = getattr(self, self.action)
        return value

    @property
    def chosen_modes(self) -> list[int]:
        """``mode: N`` and ``modes: [...]`` as one list (empty when neither is given)."""
        if self.modes is not None:
            return list(self.modes)
        return [self.mode] if self.mode is not None else []

    def describe(self) -> str:
        text = f"{self.action} {self.card}"
        if self.ability is not None:
            text += f" (ability {self.ability})"
        if self.by:
            text += f" by {self.by}"
        if self.targets:
            text += " targeting " + "; ".join(", ".join(i) for i in self.targets)
        return text


class CastStep(StackStep):
    """MTG: cast a spell."""

    action: ClassVar[str] = "cast"
    cast: Name
    #: optional costs chosen as it is cast (mtg:601.2b): how many times it is kicked
    #: (mtg:702.33d; more than once with multikicker, mtg:702.33c), bargained
    #: (mtg:702.166b), a gift promised (mtg:702.174a)
    kicked: Count | None = None
    bargained: bool | None = None
    gift: bool | None = None

    @property
    def options(self) -> dict[str, int]:
        """The optional costs chosen, name -> times (the ruleset checks them)."""
        found = {"kicked": self.kicked or 0, "bargained": int(bool(self.bargained))}
        found["gift"] = int(bool(self.gift))
        return {k: v for k, v in found.items() if v}


class PlayStep(StackStep):
    """FaB: play a card."""

    action: ClassVar[str] = "play"
    play: Name
    #: the side a FaB split card is played with: 1, 2 or the side's name (fab:5.1.2c)
    side: Annotated[int, Field(ge=1)] | Name | None = None


class ActivateStep(StackStep):
    """GA activation, or any card's ``ability: N``-th activated ability."""

    action: ClassVar[str] = "activate"
    activate: Name


class MaterializeStep(StackStep):
    """GA: materialize a card from the material deck."""

    action: ClassVar[str] = "materialize"
    materialize: Name


class TriggerStep(StackStep):
    """Put triggered ability ``ability: N`` (default 1) of a card on the stack;
    ``about: NAME`` names the object the trigger event was about ("Whenever a creature
    you control enters": the creature that entered), which the ability's "it" or "that
    creature" may name (mtg:603.2); ``amount: N`` the number it was about ("Whenever ~
    is dealt damage": how much), which "that much" names."""

    action: ClassVar[str] = "trigger"
    trigger: Name
    about: Name | None = None
    #: the number the trigger event was about ("that much"; mtg:603.2)
    amount: Count | None = None

    @property
    def ability_number(self) -> int:
        return self.ability or 1


class Choices(Model):
    """Choices made while the top stack object resolves (``resolve``'s sibling ``choose``)."""

    new_targets: Targets | None = None
    chosen: Names | None = None
    may: bool | None = None
    pay: bool | None = None
    copy_targets: Targets | None = None
    reflexive_targets: Targets | None = None
    color: str | None = None
    #: which option an effect offers: "tap" or "untap", a kind of counter
    option: str | None = None
    #: the results of the dice rolled as it resolves, in order (else the game's seeded
    #: random source decides); the coins flipped: "win"/"lose" (or "heads"/"tails")
    rolls: list[int] | None = None
    flips: list[str] | None = None
    #: how many counters of each kind a player picks, by kind ({"+1/+1": 2})
    counters: dict[str, int] | None = None


class AttackStep(ActionStep):
    """``attack: X`` with ``by: PLAYER`` and ``target: Y`` (or a list): X attacks Y under
    the game's attack rules; while it attacks, "attacking" descriptions match it."""

    action: ClassVar[str] = "attack"
    attack: Name
    by: Name | None = None
    target: Names

    def describe(self) -> str:
        who = f" by {self.by}" if self.by else ""
        return f"attack with {self.attack}{who} targeting {', '.join(self.target)}"


class RedirectStep(ActionStep):
    """``redirect: Y`` with ``by: PLAYER`` (and ``from: X`` when the attack has several
    targets): the current attack's target X becomes Y, under the game's redirect rules;
    with ``of: S``, the target X of the stack object S becomes Y instead."""

    action: ClassVar[str] = "redirect"
    redirect: Name
    by: Name
    from_: Name | None = Field(default=None, alias="from")
    #: a spell, activation or ability on the stack whose target is redirected instead
    #: of the current attack's
    of: Name | None = None

    def describe(self) -> str:
        what = f" from {self.from_}" if self.from_ else ""
        whose = f"{self.of}'s target" if self.of else "the attack"
        return f"{self.by} redirects {whose}{what} to {self.redirect}"


class InterceptStep(ActionStep):
    """``intercept: ALLY`` with ``by: PLAYER`` (and ``from: X`` when the attack has several
    targets): the ally's Intercept redirects the attack on its controller's champion to it."""

    action: ClassVar[str] = "intercept"
    intercept: Name
    by: Name
    from_: Name | None = Field(default=None, alias="from")

    def describe(self) -> str:
        return f"{self.by} intercepts the attack with {self.intercept}"


class DefendStep(ActionStep):
    """``defend: [CARD, ...]`` with ``by: PLAYER`` (and ``target: Y`` when the attack has
    several attack targets): the player declares the cards as defending for that target,
    under the game's defend rules; while they defend, "defending" descriptions match them."""

    action: ClassVar[str] = "defend"
    defend: Names
    by: Name
    target: Name | None = None

    def describe(self) -> str:
        what = f" for {self.target}" if self.target else ""
        return f"{self.by} defends{what} with {', '.join(self.defend)}"


class DamageStep(ActionStep):
    """``damage_step: true``: the current attack deals its combat damage to each of its
    attack targets, as the game's damage step says."""

    action: ClassVar[str] = "damage_step"
    damage_step: Literal[True]

    def describe(self) -> str:
        return "damage step"


class ResolveStep(ActionStep):
    """Resolve the top N stack objects."""

    action: ClassVar[str] = "resolve"
    resolve: Positive
    choose: Choices | None = None

    def describe(self) -> str:
        return f"resolve {self.resolve}"


class PassStep(ActionStep):
    """Every player passes with an empty stack."""

    action: ClassVar[str] = "pass"
    pass_: Literal[True] = Field(alias="pass")


class EndTurnStep(ActionStep):
    """The turn ends; the next player becomes the active player."""

    action: ClassVar[str] = "end_turn"
    end_turn: Literal[True]
    #: targets of the delayed triggered abilities that go on the stack as the end step
    #: or the next turn begins (one list per instance of "target")
    targets: Targets | None = None

    def describe(self) -> str:
        return "end turn"


class Becomes(Model):
    """``becomes: {X: {types: [...], colors: [...], subtypes: [...]}}``; ``metatypes`` is
    accepted so that a game that forbids the change refuses it with its rule (fab:2.6.5)."""

    types: Names | None = None
    supertypes: Names | None = None
    subtypes: Names | None = None
    colors: Names | None = None
    metatypes: Names | None = None


class Changes(Model):
    """The changes of a ``do`` step; ``changes()`` lists them in the order written."""

    move: dict[str, Name] | None = None
    damage: dict[str, Count] | None = None
    life: dict[str, Signed] | None = None
    grant: dict[str, Names] | None = None
    lose: dict[str, Names] | None = None
    modify: dict[str, dict[str, Signed]] | None = None
    set_base: dict[str, dict[str, Any]] | None = None
    becomes: dict[str, Becomes] | None = None
    counters: dict[str, dict[str, int]] | None = None
    phase_out: Names | None = None
    phase_in: Names | None = None
    control: dict[str, Name] | None = None
    copy_of: dict[str, Name] | None = None
    #: X costs N more (+) or less (-) to play / to activate its abilities (fab:2.2.4a)
    cost_change: dict[str, Signed] | None = None
    activate_cost_change: dict[str, Signed] | None = None
    tap: Names | None = None
    untap: Names | None = None
    until: Literal["end_of_turn"] | None = None

    _order: tuple[str, ...] = PrivateAttr(default=())

    @model_validator(mode="wrap")
    @classmethod
    def _keep_order(cls, data: Any, handler: Callable[[Any], Changes]) -> Changes:
        changes = handler(data)
        if isinstance(data, dict):
            changes._order = tuple(k for k in data if k != "until")
        return changes

    @model_validator(mode="after")
    def _not_empty(self) -> Changes:
        if not (self.model_fields_set - {"until"}):
            keys = [k for k in self.known_keys() if k != "until"]
            raise _expected_error("a do step changes nothing", f"one of {_human_list(keys)}")
        return self

    def changes(self) -> list[tuple[str, Any]]:
        """``(key, value)`` for each change, in the order the file wrote them."""
        order = self._order or tuple(k for k in type(self).model_fields if k != "until")
        return [(key, getattr(self, key)) for key in order if getattr(self, key) is not None]


class DoStep(ActionStep):
    """Change the game directly, as a test fixture would."""

    action: ClassVar[str] = "do"
    do: Changes

    def describe(self) -> str:
        return "do " + ", ".join(key for key, _ in self.do.changes())


class LegalTargetsQuery(Model):
    """``legal_targets``: the legal choices for one instance of "target"."""

    card: Name | None = None
    stack_object: Name | None = None
    by: Name | None = None
    instance: Positive = 1
    equals: Names | None = None
    includes: Names | None = None
    excludes: Names | None = None
    chosen: Targets | None = None

    @model_validator(mode="after")
    def _subject(self) -> LegalTargetsQuery:
        _exactly_one(self, ("card", "stack_object"), "legal_targets")
        if self.equals is None and self.includes is None and self.excludes is None:
            raise _expected_error(
                "legal_targets checks nothing", "at least one of equals, includes, excludes"
            )
        return self


class TargetVerdictQuery(Model):
    """``target_verdict``: the verdict for one candidate of one instance of "target"."""

    card: Name | None = None
    stack_object: Name | None = None
    by: Name | None = None
    instance: Positive = 1
    candidate: Name
    legal: bool
    rule: RuleRefField | None = None
    chosen: Targets | None = None

    @model_validator(mode="after")
    def _subject(self) -> TargetVerdictQuery:
        _exactly_one(self, ("card", "stack_object"), "target_verdict")
        return self


class Facts(Model):
    """``facts: {X: {...}}``: yes/no facts about an object, and what changed."""

    is_object: bool | None = None
    is_card: bool | None = None
    is_unit: bool | None = None
    is_permanent: bool | None = None
    is_token: bool | None = None
    is_copy: bool | None = None
    is_spell: bool | None = None
    is_ability: bool | None = None
    is_activation: bool | None = None
    is_materialization: bool | None = None
    is_intent: bool | None = None
    phased_out: bool | None = None
    tapped: bool | None = None
    #: Grand Archive's words: rested (tapped), and defending in the current attack
    rested: bool | None = None
    defending: bool | None = None
    has_controller: bool | None = None
    increased: Names | None = None
    decreased: Names | None = None
    gained: Names | None = None
    lost: Names | None = None

    def checks(self) -> list[tuple[str, bool | list[str] | None]]:
        """``(fact, expected)`` for each fact the file gave, in the order of the fields above."""
        return [
            (key, getattr(self, key))
            for key in type(self).model_fields
            if key in self.model_fields_set
        ]


class EventExpect(Model):
    """One expected event: ``{kind: K, object: X, rule: RULE, ...}``; other keys are kept raw."""

    model_config = ConfigDict(extra="allow")

    kind: Name
    object: Name | None = None
    rule: RuleRefField | None = None

    @property
    def extra(self) -> dict[str, Any]:
        """Keys besides kind, object and rule (e.g. ``amount``, ``to``), as written."""
        return dict(self.model_extra or {})

    def written(self) -> dict[str, Any]:
        """The expectation as plain data: kind, object and rule (as text) if given, then extras."""
        return {
            "kind": self.kind,
            **({"object": self.object} if self.object is not None else {}),
            **({"rule": str(self.rule)} if self.rule is not None else {}),
            **self.extra,
        }


class NameQuery(Model):
    """``names``: FaB name identity (fab:2.7.5), ``equals`` or ``in``."""

    name: str
    equals: str | None = None
    in_: str | None = Field(default=None, alias="in")
    result: bool

    @model_validator(mode="after")
    def _one_relation(self) -> NameQuery:
        _exactly_one(self, ("equals", "in_"), "a names check")
        return self


def _property_names(value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    for obj, props in value.items():
        for prop in props:
            if prop not in PROPERTY_NAMES:
                raise _expected_error(
                    f"unknown property {prop!r}",
                    "one of " + _human_list(sorted(PROPERTY_NAMES)),
                    at=(obj, prop, "[key]"),
                )
    return value


Properties = Annotated[dict[str, dict[str, Any]], AfterValidator(_property_names)]


def _list_of(value: Any) -> Any:
    """Let a single query mapping stand for a one-element list."""
    return [value] if isinstance(value, dict) else value


class Expectations(Model):
    """The checks of an ``expect`` step; ``checks()`` lists them in the order written."""

    zone: dict[str, Name] | None = None
    stack: list[Name] | None = None
    #: the exact order of a player's ordered zone, top first (mtg:400.5)
    zone_order: dict[Name, dict[str, list[Name]]] | None = None
    targets: dict[str, Targets] | None = None
    legal_targets: Annotated[list[LegalTargetsQuery], BeforeValidator(_list_of)] | None = None
    target_verdict: Annotated[list[TargetVerdictQuery], BeforeValidator(_list_of)] | None = None
    life: dict[str, int] | None = None
    damage: dict[str, Count] | None = None
    counters: dict[str, dict[str, int]] | None = None
    properties: Properties | None = None
    base: Properties | None = None
    facts: dict[str, Facts] | None = None
    controller: dict[str, Name | None] | None = None
    owner: dict[str, Name] | None = None
    #: what X is attached to (an object or player), ``null`` for nothing (mtg:303.4b)
    attached_to: dict[str, Name | None] | None = None
    events: list[EventExpect] | None = None
    names: list[NameQuery] | None = None
    moniker: dict[str, str | None] | None = None
    lost: Names | None = None
    winner: Name | None = None

    _order: tuple[str, ...] = PrivateAttr(default=())

    @model_validator(mode="wrap")
    @classmethod
    def _keep_order(cls, data: Any, handler: Callable[[Any], Expectations]) -> Expectations:
        expectations = handler(data)
        if isinstance(data, dict):
            expectations._order = tuple(data)
        return expectations

    @model_validator(mode="after")
    def _not_empty(self) -> Expectations:
        if not self.model_fields_set:
            raise _expected_error(
                "an expect step checks nothing", f"one of {_human_list(self.known_keys())}"
            )
        return self

    def checks(self) -> list[tuple[str, Any]]:
        """``(key, value)`` for each check the file gave, in the order written.

        A key written with ``null`` (``winner: null``) is included with value None.
        """
        order = self._order or tuple(
            k for k in type(self).model_fields if k in self.model_fields_set
        )
        return [(key, getattr(self, key)) for key in order]


class ExpectStep(Step):
    """Check the game now; every failing key is reported."""

    action: ClassVar[str] = "expect"
    expect: Expectations

    def describe(self) -> str:
        return "expect " + ", ".join(key for key, _ in self.expect.checks())


STEP_TYPES: dict[str, type[Step]] = {
    cls.action: cls
    for cls in (
        CastStep,
        PlayStep,
        ActivateStep,
        MaterializeStep,
        TriggerStep,
        AttackStep,
        RedirectStep,
        InterceptStep,
        DefendStep,
        DamageStep,
        ResolveStep,
        PassStep,
        EndTurnStep,
        DoStep,
        ExpectStep,
    )
}


def _step_kind(value: Any) -> str | None:
    if isinstance(value, dict):
        for key in ACTION_KEYS:
            if key in value:
                return f"step:{key}"
    return None


def _one_action(value: Any) -> Any:
    if not isinstance(value, dict):
        raise _expected_error("a step must be a mapping", "a mapping with one action key")
    present = [key for key in value if key in ACTION_KEYS]
    if len(present) > 1:
        raise _expected_error(
            "a step has exactly one action key; found " + _human_list(present),
            "one action key besides its sibling keys",
            at=(present[1], "[key]"),
        )
    if not present:
        # a mistyped action key: the key that is no step's key and is closest to an action
        siblings = {key for cls in STEP_TYPES.values() for key in cls.known_keys()}
        for key in value:
            close = difflib.get_close_matches(str(key), ACTION_KEYS, n=1)
            if key not in siblings and close:
                raise _expected_error(
                    f"a step has no action key; unknown key {key!r}: did you mean {close[0]!r}?",
                    "one of " + _human_list(ACTION_KEYS),
                    at=(key, "[key]"),
                )
        raise _expected_error("a step has no action key", "one of " + _human_list(ACTION_KEYS))
    return value


if TYPE_CHECKING:
    AnyStep = (
        CastStep
        | PlayStep
        | ActivateStep
        | MaterializeStep
        | TriggerStep
        | AttackStep
        | RedirectStep
        | InterceptStep
        | DefendStep
        | DamageStep
        | ResolveStep
        | PassStep
        | EndTurnStep
        | DoStep
        | ExpectStep
    )
else:
    AnyStep = Annotated[
        Annotated[CastStep, Tag("step:cast")]
        | Annotated[PlayStep, Tag("step:play")]
        | Annotated[ActivateStep, Tag("step:activate")]
        | Annotated[MaterializeStep, Tag("step:materialize")]
        | Annotated[TriggerStep, Tag("step:trigger")]
        | Annotated[AttackStep, Tag("step:attack")]
        | Annotated[RedirectStep, Tag("step:redirect")]
        | Annotated[InterceptStep, Tag("step:intercept")]
        | Annotated[DefendStep, Tag("step:defend")]
        | Annotated[DamageStep, Tag("step:damage_step")]
        | Annotated[ResolveStep, Tag("step:resolve")]
        | Annotated[PassStep, Tag("step:pass")]
        | Annotated[EndTurnStep, Tag("step:end_turn")]
        | Annotated[DoStep, Tag("step:do")]
        | Annotated[ExpectStep, Tag("step:expect")],
        Discriminator(_step_kind),
        BeforeValidator(_one_action),
    ]


# --------------------------------------------------------------------------- the scenario


class Scenario(Model):
    """A whole scenario file: game, players, cards, setup, and the steps to run."""

    game: Game
    title: str | None = None
    rules: list[RuleRefField] = Field(default_factory=list)
    players: Annotated[list[Name], Field(min_length=1)]
    cards: dict[str, CardDef] = Field(default_factory=dict)
    setup: dict[str, PlayerSetup] = Field(default_factory=dict)
    enforce: list[Literal["costs", "timing"]] = Field(default_factory=list)
    steps: list[AnyStep] = Field(default_factory=list)

    _source: str = PrivateAttr(default="<text>")
    #: where each value was written in the file: data path -> (line, column), 1-based
    _positions: dict[tuple[str | int, ...], tuple[int, int]] = PrivateAttr(default_factory=dict)

    @property
    def source(self) -> str:
        """The file this scenario was read from (``<text>`` when parsed from a string)."""
        return self._source

    def position(self, *path: str | int) -> tuple[int | None, int | None]:
        """The line and column (1-based) of the value at ``path`` in the file, if known."""
        return self._positions.get(tuple(path), (None, None))

    @property
    def active_player(self) -> str:
        """The first listed player takes the first turn."""
        return self.players[0]

    @field_validator("players")
    @classmethod
    def _distinct_players(cls, players: list[str]) -> list[str]:
        for index, name in enumerate(players):
            if name in players[:index]:
                raise _expected_error(
                    f"player {name!r} is listed twice", "distinct names", at=(index,)
                )
        return players

    @field_validator("setup")
    @classmethod
    def _setup_fits_game(
        cls, setup: dict[str, PlayerSetup], info: ValidationInfo
    ) -> dict[str, PlayerSetup]:
        players: list[str] = info.data.get("players", [])
        game: str | None = info.data.get("game")
        for player, position in setup.items():
            if players and player not in players:
                raise _expected_error(
                    f"setup for {player!r}, who is not in players",
                    "one of " + _human_list(players),
                    at=(player, "[key]"),
                )
            if game is None:
                continue
            for zone in position.zones:
                if zone not in SETUP_ZONES[game]:
                    close = difflib.get_close_matches(zone, SETUP_ZONES[game], n=1)
                    hint = f"; did you mean {close[0]!r}?" if close else ""
                    raise _expected_error(
                        f"unknown {game} zone {zone!r}{hint}",
                        "a zone of the game: " + _human_list(SETUP_ZONES[game]),
                        at=(player, zone, "[key]"),
                    )
            ruleset = find_ruleset(game)
            if position.hero is not None and not any(z.name == "hero" for z in ruleset.zones):
                raise _expected_error(
                    "hero is a Flesh and Blood key",
                    "a zone name (a Grand Archive champion goes on the field)"
                    if ruleset.battlefield == "field"
                    else "a zone name or life",
                    at=(player, "hero", "[key]"),
                )
        return setup


__all__ = [
    "ACTION_KEYS",
    "GAME_ALIASES",
    "PROPERTY_NAMES",
    "SETUP_ZONES",
    "STEP_TYPES",
    "ActionStep",
    "ActivateStep",
    "AnyStep",
    "AttackStep",
    "Becomes",
    "CardDef",
    "CastStep",
    "Changes",
    "Choices",
    "DamageStep",
    "DefendStep",
    "DoStep",
    "EndTurnStep",
    "EventExpect",
    "ExpectStep",
    "Expectations",
    "Facts",
    "GaCost",
    "Hero",
    "InterceptStep",
    "LegalTargetsQuery",
    "MaterializeStep",
    "NameQuery",
    "PassStep",
    "PlayStep",
    "PlayerSetup",
    "RedirectStep",
    "ResolveStep",
    "Scenario",
    "StackStep",
    "Step",
    "TargetVerdictQuery",
    "TriggerStep",
    "ZoneEntry",
]
