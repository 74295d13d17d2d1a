"""Magic's "if [condition], ..." conditions, checked as a spell or ability resolves
(mtg:608.2c; an intervening "if" of a triggered ability, mtg:603.4).

:func:`resolution_condition` answers for the keys the reader gives
(:data:`tcgrules.games.magic.text._CONDITIONS`): what happened this turn is read from
the game's events since the last turn ended; kicker, bargain and gifts from the
choices recorded as the spell was cast (:mod:`cast_options`). A key it cannot answer
(whether a permanent was cast) gives None, and the effect raises NotSupportedError.
"""

from __future__ import annotations

from collections.abc import Callable

from tcgrules.errors import NotSupportedError
from tcgrules.games.magic.cast_options import CONDITION_OPTIONS, times_chosen
from tcgrules.games.magic.text_build import PERMANENT_CARD_TYPES
from tcgrules.kernel.chance import FLIPPED, last_result
from tcgrules.kernel.describe import Context
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game, Seen
from tcgrules.kernel.objects import ObjectRef


def _creature_died(game: Game, controller: str) -> bool:
    """A creature went from the battlefield to a graveyard this turn (mtg:700.4)."""
    for event in game.events.this_turn():
        if event.kind != "moved" or event.data.get("from") != "battlefield":
            continue
        if event.data.get("to") != "graveyard":
            continue
        old = event.data.get("old")
        if isinstance(old, ObjectRef) and "creature" in game.last_known(old).characteristics.types:
            return True
    return False


def _life_changed(kind: str, mine: bool) -> Callable[[Game, str], bool]:
    def test(game: Game, controller: str) -> bool:
        def counts(event: Event) -> bool:
            if event.kind != kind or event.player is None:
                return False
            return (event.player == controller) == mine

        return any(counts(e) for e in game.events.this_turn())

    return test


def _permanent_left(game: Game, controller: str) -> bool:
    """A permanent left the battlefield this turn while ``controller`` controlled it (as
    it last existed there, mtg:608.2h)."""
    for event in game.events.this_turn():
        if event.kind != "moved" or event.data.get("from") != "battlefield":
            continue
        if event.data.get("to") == "battlefield":
            continue  # it never left
        old = event.data.get("old")
        if isinstance(old, ObjectRef) and game.last_known(old).controller == controller:
            return True
    return False


_PERMANENT_TYPES = frozenset(PERMANENT_CARD_TYPES)


def _put_into_your_graveyard(kinds: frozenset[str] | None) -> Callable[[Game, str], bool]:
    """A card of one of ``kinds`` (any permanent card type if None) was put into the
    graveyard of the player asking this turn, from anywhere (mtg:700.11 for "descended")."""

    def test(game: Game, controller: str) -> bool:
        for event in game.events.this_turn():
            if event.kind != "moved" or event.data.get("to") != "graveyard":
                continue
            if event.object is None:
                continue
            # as it is in that graveyard, or last was if it has left it since
            seen = game.last_known(event.object)
            if seen.object.zone.player != controller:
                continue
            if seen.characteristics.types & (kinds or _PERMANENT_TYPES):
                return True
        return False

    return test


def _no_cards_in_hand(game: Game, controller: str) -> bool:
    return not game.zone("hand", controller)


def _your_turn(game: Game, controller: str) -> bool:
    return game.active_player == controller


#: the creature types a party is made of, one creature each at most (mtg:700.8)
PARTY_TYPES = ("cleric", "rogue", "warrior", "wizard")


def party_size(game: Game, player: str) -> int:
    """How many creatures are in ``player``'s party (mtg:700.8): at most one each of a
    Cleric, a Rogue, a Warrior and a Wizard they control, a creature counted for one
    type only, in the way that gives the most (mtg:700.8a, mtg:700.8b)."""
    options: list[frozenset[str]] = []
    for ref in game.zone("battlefield"):
        if game.get(ref).phased_out:
            continue  # treated as though it doesn't exist (mtg:702.26b)
        chars = game.characteristics(ref)
        if "creature" not in chars.types or game.controller(ref) != player:
            continue
        fits = frozenset(chars.subtypes) & frozenset(PARTY_TYPES)
        if fits:
            options.append(fits)

    def best(i: int, taken: frozenset[str]) -> int:
        if i == len(options) or len(taken) == len(PARTY_TYPES):
            return len(taken)
        found = best(i + 1, taken)  # this creature in no role
        for role in options[i] - taken:
            found = max(found, best(i + 1, taken | {role}))
        return found

    return best(0, frozenset())


def _full_party(game: Game, controller: str) -> bool:
    """A full party: four creatures in it (mtg:700.8c)."""
    return party_size(game, controller) == len(PARTY_TYPES)


_TESTS: dict[str, Callable[[Game, str], bool]] = {
    "creature_died_this_turn": _creature_died,
    "you_gained_life_this_turn": _life_changed("life_gained", mine=True),
    "opponent_lost_life_this_turn": _life_changed("life_lost", mine=False),
    "no_cards_in_hand": _no_cards_in_hand,
    "your_turn": _your_turn,
    "full_party": _full_party,
    "permanent_you_controlled_left_this_turn": _permanent_left,
    "descended_this_turn": _put_into_your_graveyard(None),
}


#: conditions about the object the ability is printed on (its source, mtg:113.7)
SourceTest = Callable[[Game, str, ObjectRef], bool]


def _source_status(status: str) -> SourceTest:
    """ "If ~ is tapped": the source is still on the battlefield (the same object,
    mtg:400.7) and has that status (mtg:110.5)."""

    def test(game: Game, controller: str, source: ObjectRef) -> bool:
        if not game.is_current(source) or game.get(source).zone.name != "battlefield":
            return False
        obj = game.get(source)
        return obj.tapped if status == "tapped" else not obj.tapped

    return test


def _source_in_graveyard(game: Game, controller: str, source: ObjectRef) -> bool:
    """ "If ~ is in your graveyard": the source is still that card (mtg:400.7), in the
    graveyard of the ability's controller (mtg:404.1)."""
    if not game.is_current(source):
        return False
    zone = game.get(source).zone
    return zone.name == "graveyard" and zone.player == controller


def _source_on_battlefield(game: Game, controller: str, source: ObjectRef) -> bool:
    return game.is_current(source) and game.get(source).zone.name == "battlefield"


def _source_enchanted(game: Game, controller: str, source: ObjectRef) -> bool:
    """ "As long as ~ is enchanted": an Aura is attached to the source (mtg:303.4). Its
    printed subtypes say it is an Aura (the static abilities working out the source's
    characteristics can't wait on the attached object's, which may wait on them)."""
    if not game.is_current(source):
        return False
    return any(
        other.attached_to == source and "aura" in other.base.subtypes for other in game.attached()
    )


def _cast_from_graveyard(game: Game, controller: str, source: ObjectRef) -> bool:
    """ "If ~ was cast from a graveyard": the spell moved from a graveyard to the stack
    as it was cast (mtg:601.2a; helper W8). Asked of a permanent, which is a new object
    and no longer that spell (mtg:400.7), it is not supported."""
    if not game.is_current(source) or game.get(source).zone.name != "stack":
        raise NotSupportedError("“if ~ was cast from a graveyard” asked of something not a spell")
    for event in game.events.this_turn():
        if event.kind == "moved" and event.object == source and event.data.get("to") == "stack":
            return event.data.get("from") == "graveyard"
    return False


_SOURCE_TESTS: dict[str, SourceTest] = {
    "source_cast_from_a_graveyard": _cast_from_graveyard,
    "source_enchanted": _source_enchanted,
    "source_on_battlefield": _source_on_battlefield,
    "source_tapped": _source_status("tapped"),
    "source_untapped": _source_status("untapped"),
    "source_in_your_graveyard": _source_in_graveyard,
}


def _life_gained(game: Game, controller: str, at_least: int) -> bool:
    """``controller`` gained at least ``at_least`` life this turn, all gains added up."""
    gained = 0
    for event in game.events.this_turn():
        amount = event.data.get("amount")
        if event.kind == "life_gained" and event.player == controller and isinstance(amount, int):
            gained += amount
    return gained >= at_least


def _nonland_permanents_entered(game: Game, controller: str, at_least: int) -> bool:
    """At least ``at_least`` nonland permanents came onto the battlefield this turn (moved
    there or created there) under ``controller``'s control, each counted once; who
    controls one is read as it is now, or as it last was there."""
    entered: set[int] = set()
    for event in game.events.this_turn():
        if event.object is None or event.kind not in {"moved", "token_created"}:
            continue
        if event.kind == "moved" and (
            event.data.get("to") != "battlefield" or event.data.get("from") == "battlefield"
        ):
            continue
        seen = game.last_known(event.object)
        if seen.object.zone.name != "battlefield" or seen.controller != controller:
            continue
        if "land" not in seen.characteristics.types:
            entered.add(event.object.id)
    return len(entered) >= at_least


def _card_types_in_graveyard(game: Game, controller: str, at_least: int) -> bool:
    """ "Four or more card types among cards in your graveyard" (mtg:205.2a)."""
    found: set[str] = set()
    for ref in game.zone("graveyard", controller):
        found |= game.characteristics(ref).types
    return len(found) >= at_least


def _left_your_graveyard(game: Game, controller: str, kind: str) -> bool:
    """A card (of card type ``kind``, or any with "card") moved out of ``controller``'s
    graveyard this turn; its type as it was there (mtg:400.7, mtg:608.2h)."""
    for event in game.events.this_turn():
        old = event.data.get("old")
        if event.kind != "moved" or event.data.get("from") != "graveyard":
            continue
        if not isinstance(old, ObjectRef):
            continue
        seen = game.last_known(old)
        if seen.object.zone.player != controller:
            continue
        if kind == "card" or kind in seen.characteristics.types:
            return True
    return False


def _total_power(game: Game, controller: str) -> int:
    """The powers of the creatures ``controller`` controls, added up ("creatures you
    control have total power 8 or greater"; mtg:208.1)."""
    total = 0
    for ref in game.battlefield():
        if game.get(ref).phased_out:
            continue  # treated as though it doesn't exist (mtg:702.26b)
        chars = game.characteristics(ref)
        if "creature" in chars.types and game.controller(ref) == controller:
            total += chars.number("power") or 0
    return total


def resolution_condition(
    game: Game, controller: str, condition: str, source: ObjectRef | None = None
) -> bool | None:
    """Whether ``condition`` holds now for ``controller`` (and the ability's ``source``);
    None if it is not known here."""
    head, _, argument = condition.partition(":")
    if head == "graveyard_card_types" and argument.isdigit():
        return _card_types_in_graveyard(game, controller, int(argument))
    if head == "nonland_permanents_entered_under_your_control" and argument.isdigit():
        return _nonland_permanents_entered(game, controller, int(argument))
    if head == "you_gained_life_this_turn_at_least" and argument.isdigit():
        return _life_gained(game, controller, int(argument))
    if head == "card_left_your_graveyard" and argument:
        return _left_your_graveyard(game, controller, argument)  # helper T3
    if head == "creatures_you_control_total_power_at_least" and argument.isdigit():
        return _total_power(game, controller) >= int(argument)  # helper T3
    if head == "cards_in_your_graveyard_at_least" and argument.isdigit():
        # "seven or more cards are in your graveyard" (threshold)
        return len(game.zone("graveyard", controller)) >= int(argument)
    if head == "card_put_into_your_graveyard" and argument:
        return _put_into_your_graveyard(frozenset({argument}))(game, controller)
    option = CONDITION_OPTIONS.get(condition)
    if option is not None:
        # "if it was kicked" (mtg:702.33d), "if it was bargained" (mtg:702.166b), "if
        # the gift was promised" (mtg:702.174a): the spell, or the spell the permanent
        # was (mtg:400.7d)
        times = None if source is None else times_chosen(game, source, option)
        return None if times is None else times > 0
    if condition in ("win_the_flip", "lose_the_flip"):
        # the flip the controller made last (mtg:705.2)
        flipped = last_result(game, FLIPPED, controller)
        return None if flipped is None else flipped.data["won"] == (condition == "win_the_flip")
    about_source = _SOURCE_TESTS.get(condition)
    if about_source is not None:
        return None if source is None else about_source(game, controller, source)
    test = _TESTS.get(condition)
    return None if test is None else test(game, controller)


# ------------------------------------------------------------- conditions of objects
#: A test of one object for a description's condition key (``Condition`` nodes the
#: reader gives: "with a +1/+1 counter on it", "that was dealt damage this turn")
ObjectTest = Callable[[Context, Seen], bool]


def _has_counter(kind: str) -> ObjectTest:
    """ "With a [kind] counter on it" (mtg:122.1); ``any``: with any counter."""
    if kind == "any":
        return lambda c, e: any(n > 0 for n in e.obj.counters.values())
    return lambda c, e: e.obj.counters.get(kind, 0) > 0


def _happened_to(kinds: frozenset[str], moved: tuple[str | None, str] | None = None) -> ObjectTest:
    """An event of one of ``kinds`` this turn to this very object (this incarnation,
    mtg:400.7); for a move, one to ``moved[1]`` (from ``moved[0]`` unless None)."""

    def test(c: Context, e: Seen) -> bool:
        for event in c.game.events.this_turn():
            if event.kind not in kinds or event.object != e.ref:
                continue
            if moved is None or event.kind != "moved":
                return True
            source, to = moved
            if event.data.get("to") == to and source in (None, event.data.get("from")):
                return True
        return False

    return test


def _dealt_damage_to_you(c: Context, e: Seen) -> bool:
    """ "That dealt damage to you this turn": this very object (mtg:400.7) was the
    source of damage dealt to the player asking this turn (mtg:120.3a)."""
    return any(
        event.kind == "damage" and event.player == c.you and event.data.get("source") == e.ref
        for event in c.game.events.this_turn()
    )


def _dealt_damage_as_source(c: Context, e: Seen) -> bool:
    """ "That dealt damage this turn": this very object (mtg:400.7) was the source of
    damage dealt to anything this turn (mtg:120.3)."""
    return any(
        event.kind == "damage" and event.data.get("source") == e.ref
        for event in c.game.events.this_turn()
    )


def _not_cast(c: Context, e: Seen) -> bool:
    """ "That wasn't cast": no one cast this very object (mtg:400.7) as a spell
    (mtg:601.2i); a copy of a spell is put on the stack, not cast (mtg:707.10)."""
    return not any(event.kind == "cast" and event.object == e.ref for event in c.game.events)


def _not_cast_from_hand(c: Context, e: Seen) -> bool:
    """ "That wasn't cast from its owner's hand": this very object (mtg:400.7) was not
    cast (mtg:601.2i), or was cast from a zone other than a hand (mtg:601.2a)."""
    cast = from_hand = False
    for event in c.game.events:
        if event.object != e.ref:
            continue
        cast = cast or event.kind == "cast"
        from_hand = from_hand or (
            event.kind == "moved"
            and event.data.get("from") == "hand"
            and event.data.get("to") == "stack"
        )
    return not (cast and from_hand)


_OBJECT_TESTS: dict[str, ObjectTest] = {
    # "that wasn't cast", "that wasn't cast from its owner's hand" (helper Q7)
    "not_cast": _not_cast,
    "not_cast_from_owners_hand": _not_cast_from_hand,
    # "that dealt damage this turn" (mtg:120.3)
    "dealt_damage_as_source_this_turn": _dealt_damage_as_source,
    # "that dealt damage to you this turn" (mtg:120.3a)
    "dealt_damage_to_you_this_turn": _dealt_damage_to_you,
    # "that was dealt damage this turn" (mtg:120.3)
    "dealt_damage_this_turn": _happened_to(frozenset({"damage"})),
    # "that entered this turn": it came onto the battlefield as this object, or was
    # created there
    "entered_this_turn": _happened_to(frozenset({"moved", "token_created"}), (None, "battlefield")),
    # "that was put there from the battlefield this turn": it died (mtg:700.4)
    "died_this_turn": _happened_to(frozenset({"moved"}), ("battlefield", "graveyard")),
    # a card in a graveyard (helper X4) "that was put there this turn" (from anywhere),
    # "... from a library this turn" or "that was milled this turn" (mtg:701.13a), "that
    # was discarded this turn" (from a hand, mtg:701.8a); the card is a new object in
    # the graveyard (mtg:400.7), so only its own arrival counts
    "put_there_this_turn": _happened_to(frozenset({"moved"}), (None, "graveyard")),
    "put_there_from_library_this_turn": _happened_to(
        frozenset({"moved"}), ("library", "graveyard")
    ),
    "discarded_this_turn": _happened_to(frozenset({"moved"}), ("hand", "graveyard")),
}


def _attached_to(card_type: str) -> ObjectTest:
    """ "Attached to a creature": what it is attached to is such a permanent (mtg:303.4)."""

    def test(c: Context, e: Seen) -> bool:
        host = e.obj.attached_to
        if not isinstance(host, ObjectRef) or not c.game.is_current(host):
            return False
        if card_type == "permanent":  # "attached to a permanent" (helper W6, mtg:110.1)
            return c.game.get(host).zone.name == "battlefield"
        return card_type in c.game.characteristics(host).types

    return test


def _source_is(quality: str) -> ObjectTest:
    """ "From an artifact source", "from a noncreature source", "from a colorless source":
    the source of the ability on the stack (mtg:113.7), as it is now or as it last
    existed (mtg:113.7a)."""
    negated = quality.startswith("non")
    wanted = quality[3:] if negated else quality

    def test(c: Context, e: Seen) -> bool:
        info = e.obj.stack
        if info is None or info.source is None:
            return False
        source = info.source
        game = c.game
        chars = (
            game.characteristics(source)
            if game.is_current(source)
            else game.last_known(source).characteristics
        )
        has = not chars.colors if wanted == "colorless" else wanted in chars.types
        return has != negated

    return test


def condition_test(name: str) -> ObjectTest | None:
    """The test a condition key stands for, or None if Magic's kernel can't tell."""
    head, _, argument = name.partition(":")
    if head == "has_counter" and argument:
        return _has_counter(argument)
    if head == "attached_to" and argument:
        return _attached_to(argument)
    if head == "from_a_source_that_is" and argument:
        return _source_is(argument)
    return _OBJECT_TESTS.get(name)
