"""Numbers a description compares a property to, worked out as the description is
checked (helper Q1): "target creature card with mana value X or less, where X is the
amount of life you gained this turn", "target creature with power less than or equal to
the number of Islands you control". The bound is taken each time targets are checked:
as they are chosen (mtg:601.2c) and again as the spell or ability resolves (mtg:608.2b),
so the same target can become illegal if the number falls.

Only numbers that need nothing but the game, the spell's or ability's controller and
the object its text is on are worked out here (a count of what a description names, a
player's life or cards, what happened this turn, a number of that object); a number
about a target, a trigger event or "this way" is not, and :func:`known` tells the reader
which ones are."""

from __future__ import annotations

from tcgrules.cardtext.nodes import (
    CardsIn,
    CountersOn,
    CountOf,
    DiedThisTurn,
    DifferentAmong,
    EnteredThisTurn,
    GreatestAmong,
    LifeTotalOf,
    Max,
    NumberOf,
    PowerOf,
    Scaled,
    Self,
    Sum,
    ThisTurn,
    TriggerObject,
    You,
)
from tcgrules.errors import UnknownObjectError
from tcgrules.games.magic import counted, history
from tcgrules.kernel.board import Seen
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.describe import (
    Context,
    compile_descriptor,
    described_objects,
    described_players,
)
from tcgrules.kernel.descriptors import AllOf, AnyOf, Descriptor, InZone, IsCard
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef


def known(amount: object) -> bool:
    """Whether :func:`amount_now` can work ``amount`` out from the game alone."""
    if isinstance(amount, bool):
        return False
    if isinstance(amount, int):
        return True
    if isinstance(amount, DiedThisTurn | GreatestAmong | DifferentAmong | EnteredThisTurn):
        return True
    if isinstance(amount, ThisTurn | LifeTotalOf):
        return isinstance(amount.who, You)
    if isinstance(amount, CardsIn):
        return isinstance(amount.whose, You) and amount.descriptor is None
    if isinstance(amount, CountOf):
        return isinstance(amount.multiplier, int) and not _cards_nowhere(amount.descriptor)
    if isinstance(amount, PowerOf):
        return isinstance(amount.of, Self)
    if isinstance(amount, NumberOf):
        # a number of the object the trigger event was about (helper T4, mtg:603.2)
        return isinstance(amount.of, Self | TriggerObject)
    if isinstance(amount, CountersOn):
        return isinstance(amount.on, Self)
    if isinstance(amount, Sum | Max):
        return all(known(term) for term in amount.terms)
    if isinstance(amount, Scaled):
        return known(amount.of)
    return False


def _parts(described: Descriptor) -> list[Descriptor]:
    if isinstance(described, AllOf | AnyOf):
        return [described, *(p for part in described.parts for p in _parts(part))]
    return [described]


def _cards_nowhere(described: Descriptor) -> bool:
    """A count of cards with no zone ("the number of cards" cut off before "in its
    controller's graveyard"): not a number the words give."""
    parts = _parts(described)
    return any(isinstance(p, IsCard) for p in parts) and not any(
        isinstance(p, InZone) for p in parts
    )


def _source(game: Game, source: ObjectRef | None) -> tuple[Characteristics, dict[str, int]]:
    """The characteristics and counters of the object the text is on, as it is or as it
    last existed (mtg:608.2h)."""
    if source is None:
        return Characteristics(), {}
    if game.is_current(source):
        return game.characteristics(source), dict(game.get(source).counters)
    known_as = game.last_known(source)
    return known_as.characteristics, dict(known_as.object.counters)


def died_this_turn(ctx: Context, described: Descriptor) -> int:
    """How many creatures ``described`` describes died this turn: each move from the
    battlefield to a graveyard of an object that was a creature there (mtg:700.4), the
    description checked against it as it last existed on the battlefield (mtg:608.2h)."""
    game = ctx.game
    test = compile_descriptor(described, game.ruleset.name).objects
    if test is None:
        return 0
    battlefield = game.ruleset.zone_spec("battlefield")
    found = 0
    for event in game.events.this_turn():
        if event.kind != "moved" or event.data.get("from") != "battlefield":
            continue
        old = event.data.get("old")
        if event.data.get("to") != "graveyard" or not isinstance(old, ObjectRef):
            continue
        try:
            known_as = game.last_known(old)
        except UnknownObjectError:
            continue
        if "creature" not in known_as.characteristics.types:
            continue
        seen = Seen(
            known_as.object, old, known_as.characteristics, known_as.controller, battlefield
        )
        if test(ctx, seen):
            found += 1
    return found


def _trigger_object(
    game: Game, stack: ObjectRef | None, of: TriggerObject
) -> Characteristics | None:
    """The characteristics of the object the trigger event of the ability ``stack`` was
    about (mtg:603.2), as it is now or as it last existed (mtg:608.2h); for a trigger that
    looks back in time, as it was on the battlefield just before it left (mtg:603.10a).
    None where that object is unknown."""
    if stack is None or not game.is_current(stack):
        return None
    info = game.get(stack).stack
    about = info.about if info is not None else ()
    if len(about) != 1 or not isinstance(about[0], ObjectRef):
        return None
    ref = about[0]
    if of.looks_back and game.is_current(ref) and ref.incarnation > 1:
        before = ObjectRef(ref.id, ref.incarnation - 1)
        try:
            known_as = game.last_known(before)
        except UnknownObjectError:
            return None
        if known_as.object.zone.name != game.ruleset.battlefield:
            return None
        return known_as.characteristics
    if game.is_current(ref):
        return game.characteristics(ref)
    return game.last_known(ref).characteristics


def amount_now(
    game: Game, you: str, source: ObjectRef | None, amount: object, stack: ObjectRef | None = None
) -> int | None:
    """The number ``amount`` stands for now, for a spell or ability ``you`` control
    whose text is on ``source`` (``stack``: that spell or ability, where it is on the
    stack); None for one :func:`known` does not accept, or a trigger's object that is
    unknown. Counts are taken over what exists now (mtg:608.2h); "this turn" numbers
    from the turn's events."""
    if not known(amount):
        return None
    if isinstance(amount, NumberOf) and isinstance(amount.of, TriggerObject):
        about = _trigger_object(game, stack, amount.of)
        return None if about is None else about.number(amount.prop) or 0
    if isinstance(amount, int):
        return amount
    if isinstance(amount, ThisTurn):
        return history.turn_history(game, you, amount.what)
    if isinstance(amount, DiedThisTurn):
        return died_this_turn(Context(game, you, source), amount.descriptor)
    if isinstance(amount, LifeTotalOf):
        return game.player(you).life
    if isinstance(amount, CardsIn):
        return len(game.zone(amount.zone, you))
    if isinstance(amount, CountOf):
        ctx = Context(game, you, source)
        compiled = compile_descriptor(amount.descriptor, game.ruleset.name)
        found = len(list(described_objects(ctx, compiled)))
        found += len(list(described_players(ctx, compiled)))
        return int(amount.multiplier) * found
    if isinstance(amount, GreatestAmong):
        ctx = Context(game, you, source)
        compiled = compile_descriptor(amount.descriptor, game.ruleset.name)
        numbers = [
            game.characteristics(ref).number(amount.prop) or 0
            for ref in described_objects(ctx, compiled)
        ]
        return max(numbers, default=0)
    if isinstance(amount, PowerOf):
        power = _source(game, source)[0].power
        return power if isinstance(power, int) else 0
    if isinstance(amount, NumberOf):
        chars = _source(game, source)[0]
        if amount.prop == "colors":
            return counted.colors_of(chars)
        return chars.number(amount.prop) or 0
    if isinstance(amount, DifferentAmong):
        return counted.different_among(Context(game, you, source), amount)
    if isinstance(amount, EnteredThisTurn):
        return counted.entered_this_turn(Context(game, you, source), amount.descriptor)
    if isinstance(amount, CountersOn):
        counters = _source(game, source)[1]
        return sum(counters.values()) if amount.kind is None else counters.get(amount.kind, 0)
    if isinstance(amount, Sum):
        terms = [amount_now(game, you, source, term, stack) for term in amount.terms]
        return None if None in terms else sum(t for t in terms if t is not None)
    if isinstance(amount, Max):
        most = [amount_now(game, you, source, term, stack) for term in amount.terms]
        return None if None in most else max(t for t in most if t is not None)
    if isinstance(amount, Scaled):
        of = amount_now(game, you, source, amount.of, stack)
        return None if of is None else amount.factor * of
    return None
