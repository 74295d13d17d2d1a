"""Magic's effects on graveyards, libraries, hands and exile around a target.

:data:`ZONE_EFFECTS` (effect node type -> handler) is merged into Magic's
:data:`~tcgrules.games.magic.effects.EFFECTS`. Milling (mtg:701.13), discarding
(mtg:701.8), revealing and looking (mtg:701.16), exiling a graveyard, exiling until
the source leaves the battlefield (mtg:610.3), flickering (mtg:400.7) and putting a
card onto the battlefield under a player's control (mtg:110.2a). Every card moved or
seen is named in the event log.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    Discard,
    DiscardChosen,
    DrawEach,
    ExileChosen,
    ExileGraveyard,
    ExileTop,
    ExileUntilLeaves,
    ExileZones,
    Flicker,
    FromHand,
    LookAndReorder,
    LookAt,
    Mill,
    PutInLibrary,
    PutInLibraryChoice,
    PutOntoBattlefield,
    ReturnWithAuras,
    RevealHand,
    SearchLibrary,
    ShuffleInto,
    You,
)
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.kernel.describe import Context, describes
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import Entity, ObjectRef, PlayerRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _players(run: Resolution, reference: object) -> list[str]:
    """The players a reference names (a target player still legal, "you", ...)."""
    return [t.name for t, _ in run.entities(reference) if isinstance(t, PlayerRef)]


def _names(game: Game, refs: Sequence[Entity]) -> str:
    return ", ".join(game.describe(r) for r in refs) or "no cards"


def _cards(game: Game, refs: list[ObjectRef]) -> MappingProxyType[str, object]:
    """The event detail naming the cards: their names, comma-separated, in order."""
    return MappingProxyType({"cards": ", ".join(game.describe(r) for r in refs)})


# ------------------------------------------------------------------ mill
def _mill(run: Resolution, effect: Mill) -> None:
    """The top N cards of the player's library go to their graveyard, one by one from
    the top (mtg:701.13a); a library with fewer cards gives what it has (mtg:701.13b)."""
    game = run.game
    wanted = run.amount(effect.count)
    for player in _players(run, effect.who):
        library = game.zone("library", player)
        top = list(reversed(library))[: max(wanted, 0)]
        names = [game.describe(r) for r in top]
        for ref in top:
            game.move(ref, "graveyard", rule_applied=rule("mtg:701.13a"), reason="milled")
        short = len(top) < wanted
        game.log(
            Event(
                "milled",
                f"{player} mills {len(top)} card{'s' if len(top) != 1 else ''}: "
                f"{', '.join(names) or 'none'}"
                + (f" (their library had only {len(top)})" if short else ""),
                rule("mtg:701.13b" if short else "mtg:701.13a"),
                player=player,
                data=MappingProxyType({"cards": ", ".join(names), "count": len(top)}),
            )
        )


# ------------------------------------------------------------------ discard
def _discard(run: Resolution, effect: Discard) -> None:
    """The player moves N cards from their hand to their graveyard (mtg:701.8a). They
    choose which (mtg:701.8b): the scenario's ``choose: {chosen: [...]}`` names them;
    with N or fewer cards in hand there is nothing to choose. A random discard among
    more cards than N is not supported: tcgrules does not pick cards at random."""
    game = run.game
    wanted = max(run.amount(effect.count), 0)
    for player in _players(run, effect.who):
        hand = list(game.zone("hand", player))
        if len(hand) <= wanted:
            chosen = hand
        elif effect.random:
            raise NotSupportedError(
                f"{player} discarding {wanted} of {len(hand)} cards at random",
                "tcgrules does not pick cards at random",
            )
        else:
            chosen = _chosen_cards(run, player, hand, wanted)
        names = [game.describe(r) for r in chosen]
        for ref in chosen:
            game.move(ref, "graveyard", rule_applied=rule("mtg:701.8a"), reason="discarded")
        game.log(
            Event(
                "discarded",
                f"{player} discards {', '.join(names) or 'nothing (their hand is empty)'}"
                + (" at random" if effect.random and chosen else ""),
                rule("mtg:701.8a"),
                player=player,
                data=MappingProxyType({"cards": ", ".join(names), "count": len(chosen)}),
            )
        )


def _chosen_cards(
    run: Resolution,
    player: str,
    hand: list[ObjectRef],
    wanted: int,
    *,
    verb: str = "discard",
    number: str = "mtg:701.8b",
) -> list[ObjectRef]:
    """The cards ``player`` chose to ``verb``: exactly ``wanted`` of their hand
    (mtg:701.8b for a discard); anything else refuses the resolution."""
    game = run.game
    given = list(run.choices.chosen or ())
    # with several players choosing ("each opponent discards a card"), each one's picks
    # are those in their own hand; a pick in nobody's hand is an error for all
    picked = [e for e in given if e in hand]
    others = [e for e in given if not _in_a_hand(game, e)]
    if len(picked) != wanted or len(set(picked)) != wanted or others:
        raise RulesViolation(
            Verdict.refuse(
                rule(number),
                f"{player} chooses {wanted} card{'s' if wanted != 1 else ''} of their hand "
                f"({_names(game, hand)}) to {verb}: name them with choose: {{chosen: [...]}}"
                + (f"; {_names(game, picked)} given" if picked else "")
                + (
                    f"; {', '.join(game.describe(e) for e in others)} "
                    f"{'is' if len(others) == 1 else 'are'} not in {player}'s hand"
                    if others
                    else ""
                ),
            ),
            "resolve",
        )
    return [e for e in picked if isinstance(e, ObjectRef)]


def _discard_chosen(run: Resolution, effect: DiscardChosen | ExileChosen) -> None:
    """The controller chooses one card that fits from the revealed hand and that
    player discards it (mtg:701.8b: another player chooses; mtg:701.8a), or it is
    exiled (:class:`ExileChosen`, mtg:701.11a). The choice is the scenario's
    ``choose: {chosen: [CARD]}``; with one card that fits it is that one, with none
    nothing happens."""
    game = run.game
    exile = isinstance(effect, ExileChosen)
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    for player in _players(run, effect.who):
        hand = list(game.zone("hand", player))
        fits = [r for r in hand if describes(ctx, effect.descriptor, r)]
        picked = list(run.choices.chosen or ())
        if not fits:
            game.log(
                Event(
                    "no_effect",
                    f"no card in {player}'s hand ({_names(game, hand)}) can be chosen: "
                    + ("nothing is exiled" if exile else "nothing is discarded"),
                    rule("mtg:701.8b"),
                    player=player,
                )
            )
            continue
        if not picked and len(fits) == 1:
            picked = list(fits)
        if len(picked) != 1 or picked[0] not in fits:
            raise RulesViolation(
                Verdict.refuse(
                    rule("mtg:701.8b"),
                    f"{run.controller} chooses one of {_names(game, fits)} from {player}'s "
                    f"hand to {'exile' if exile else 'be discarded'}: name it with choose: "
                    "{chosen: [...]}"
                    + (f"; {_names(game, picked)} can't be chosen" if picked else ""),
                ),
                "resolve",
            )
        card = picked[0]
        assert isinstance(card, ObjectRef)
        name = game.describe(card)
        if exile:
            game.move(card, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")
            text = f"{run.controller} chooses {name} from {player}'s hand and exiles it"
        else:
            game.move(card, "graveyard", rule_applied=rule("mtg:701.8a"), reason="discarded")
            text = f"{run.controller} chooses {name} from {player}'s hand; {player} discards it"
        game.log(
            Event(
                "exiled" if exile else "discarded",
                text,
                rule("mtg:701.11a" if exile else "mtg:701.8b"),
                player=player,
                data=MappingProxyType({"cards": name, "count": 1}),
            )
        )


def _in_a_hand(game: Game, entity: Entity) -> bool:
    """Whether a choice may be a card in some hand: one in a hand now, or one this
    resolution has already moved (chosen by another player before)."""
    if not isinstance(entity, ObjectRef):
        return False
    return not game.is_current(entity) or game.get(entity).zone.name == "hand"


# ------------------------------------------------------------------ reveal and look
def _reveal_hand(run: Resolution, effect: RevealHand) -> None:
    """Every player sees the cards of the hand; they stay in it (mtg:701.16a,
    mtg:701.16b)."""
    game = run.game
    for player in _players(run, effect.who):
        hand = list(game.zone("hand", player))
        game.log(
            Event(
                "revealed",
                f"{player} reveals their hand: {_names(game, hand)}",
                rule("mtg:701.16a"),
                player=player,
                data=_cards(game, hand),
            )
        )


def _look_at(run: Resolution, effect: LookAt) -> None:
    """Only the controller sees the cards, which stay where they are (mtg:701.16e): a
    hand, or the top N cards of a library (fewer if it has fewer)."""
    game = run.game
    for player in _players(run, effect.who):
        if effect.top is None:
            seen = list(game.zone("hand", player))
            where = f"{player}'s hand"
        else:
            count = max(run.amount(effect.top), 0)
            seen = list(reversed(game.zone("library", player)))[:count]
            where = (
                f"the top card of {player}'s library"
                if count == 1
                else f"the top {count} cards of {player}'s library"
            )
        game.log(
            Event(
                "looked_at",
                f"{run.controller} looks at {where}: {_names(game, seen)}",
                rule("mtg:701.16e"),
                player=player,
                data=_cards(game, seen),
            )
        )


# ------------------------------------------------------------------ exile
def _exile_graveyard(run: Resolution, effect: ExileGraveyard) -> None:
    """Every card in the player's graveyard goes to exile (mtg:701.11a)."""
    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    only = effect.only
    for player in _players(run, effect.whose):
        cards = [
            r for r in game.zone("graveyard", player) if only is None or describes(ctx, only, r)
        ]
        names = [game.describe(r) for r in cards]
        for ref in cards:
            game.move(ref, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")
        game.log(
            Event(
                "graveyard_exiled",
                (
                    f"{player}'s graveyard is exiled: {', '.join(names) or 'it was empty'}"
                    if only is None
                    else f"from {player}'s graveyard: {', '.join(names) or 'nothing'} exiled"
                ),
                rule("mtg:701.11a"),
                player=player,
                data=MappingProxyType({"cards": ", ".join(names)}),
            )
        )


def _draw_each(run: Resolution, effect: DrawEach) -> None:
    """Each player named draws the cards, the active player first, then the others in
    turn order (mtg:121.2c); a player named twice draws once."""
    # effects imports this module
    from tcgrules.games.magic.effects import draw  # noqa: PLC0415

    game = run.game
    count = run.amount(effect.count)
    named = {p for who in effect.who for p in _players(run, who)}
    seats = game.players
    start = seats.index(game.active_player)
    for player in (*seats[start:], *seats[:start]):
        if player in named:
            draw(game, player, count)


def move_and_tell(
    game: Game,
    refs: list[ObjectRef],
    *,
    to: str,
    kind: str,
    number: str,
    player: str,
    said: str,
    empty: str = "it was empty",
    **data: object,
) -> None:
    """Move each of ``refs`` to zone ``to`` by rule ``number`` (each move is logged as it
    happens), then log one ``kind`` event for the player: ``said`` with ``{}`` standing
    for the objects' names (``empty`` when there were none)."""
    names = ", ".join(game.describe(r) for r in refs)
    for ref in refs:
        game.move(ref, to, rule_applied=rule(number), reason=kind)
    game.log(
        Event(
            kind,
            said.format(names or empty),
            rule(number),
            player=player,
            data=MappingProxyType({"cards": names, "count": len(refs), **data}),
        )
    )


def _exile_top(run: Resolution, effect: ExileTop) -> None:
    """The top N cards of the player's library go to exile, from the top (mtg:701.11a);
    a library with fewer gives what it has."""
    game = run.game
    wanted = max(run.amount(effect.count), 0)
    for player in _players(run, effect.whose):
        top = list(reversed(game.zone("library", player)))[:wanted]
        move_and_tell(
            game,
            top,
            to="exile",
            kind="exiled",
            number="mtg:701.11a",
            player=player,
            said=f"the top of {player}'s library is exiled: {{}}",
        )


def _from_hand(run: Resolution, effect: FromHand) -> None:
    """The player chooses N cards of their hand (all of them if they have no more) and
    exiles them (mtg:701.11a) or puts them on top of their library (mtg:400.3), one at a
    time in the order chosen."""
    game = run.game
    wanted = max(run.amount(effect.count), 0)
    to_exile = effect.to == "exile"
    verb = "exile" if to_exile else "put on top of their library"
    number = "mtg:701.11a" if to_exile else "mtg:400.3"
    for player in _players(run, effect.who):
        hand = list(game.zone("hand", player))
        if len(hand) <= wanted:
            chosen = hand
        else:
            chosen = _chosen_cards(run, player, hand, wanted, verb=verb, number=number)
        names = [game.describe(r) for r in chosen]
        for ref in chosen:
            game.move(
                ref,
                "exile" if to_exile else "library",
                rule_applied=rule(number),
                reason="exiled from hand" if to_exile else "put on top of its owner's library",
            )
        game.log(
            Event(
                "from_hand",
                f"{player} chooses and {'exiles' if to_exile else 'puts on top of their library'}"
                f" {', '.join(names) or 'nothing (their hand is empty)'}",
                rule(number),
                player=player,
                data=MappingProxyType({"cards": ", ".join(names), "count": len(chosen)}),
            )
        )


def _shuffle_into(run: Resolution, effect: ShuffleInto) -> None:
    """Cards go into their owner's library, then that library is shuffled: put in an
    order no player knows (mtg:701.20a); it is shuffled even if nothing went in
    (mtg:701.20d). The order comes from a generator seeded by the game's clock, so a
    replay gives the same one; no check may rely on it."""
    game = run.game
    moving: list[ObjectRef] = []
    libraries: list[str] = []
    if effect.graveyard_of is not None:
        for player in _players(run, effect.graveyard_of):
            moving += game.zone("graveyard", player)
            libraries.append(player)
    if effect.what is not None:
        for t, _ in run.objects(effect.what):
            moving.append(t)
            if game.get(t).owner not in libraries:
                libraries.append(game.get(t).owner)
        if not libraries:
            libraries.append(run.controller)  # "your library" (mtg:701.20d)
    for ref in moving:
        game.move(
            ref, "library", rule_applied=rule("mtg:701.20a"), reason="shuffled into its library"
        )
    for player in libraries:
        _shuffle_library(game, player)


def _shuffle_library(game: Game, player: str) -> None:
    """Put ``player``'s library in an order no player knows (mtg:701.20a): from a
    generator seeded by the game's clock, so a replay gives the same order; no check may
    rely on it."""
    library = list(game.zone("library", player))
    random.Random(f"{game.turn}:{len(game.events)}:{player}").shuffle(library)
    game.reorder(
        "library",
        player,
        library,
        rule_applied=rule("mtg:701.20a"),
        text=f"{player}'s library is shuffled ({len(library)} "
        f"card{'s' if len(library) != 1 else ''})",
    )


def _exile_until(run: Resolution, effect: ExileUntilLeaves) -> None:
    """Exile until the source leaves the battlefield (mtg:610.3). If it has already
    left when this would happen, nothing is exiled (mtg:610.3a for a spell or activated
    ability, mtg:610.3b for a triggered one)."""
    game = run.game
    source = run.info.source or run.obj.ref
    on_field = game.is_current(source) and game.get(source).zone.name == "battlefield"
    if not on_field:
        number = "mtg:610.3b" if run.info.ability_kind == "triggered" else "mtg:610.3a"
        game.log(
            Event(
                "no_effect",
                f"{game.describe(source)} has already left the battlefield: nothing is exiled",
                rule(number),
                source,
            )
        )
        return
    for t, _ in run.objects(effect.what):
        label = game.describe(t)
        new = game.move(t, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")
        game.link(source, new)
        game.log(
            Event(
                "exiled_until",
                f"{label} is exiled until {game.describe(source)} leaves the battlefield",
                rule("mtg:610.3"),
                new,
            )
        )


def return_linked(game: Game, source: ObjectRef) -> None:
    """``source`` left the battlefield: each card its effects exiled "until" then comes
    back to the battlefield, under its owner's control (mtg:610.3, mtg:610.3c), as a
    new object (mtg:400.7). A card no longer in exile stays where it is."""
    label = game.last_known(source).object.label
    for ref in game.unlink(source):
        if not game.is_current(ref) or game.get(ref).zone.name != "exile":
            game.log(
                Event(
                    "no_effect",
                    f"{game.describe(ref)} is no longer in exile: it does not return",
                    rule("mtg:610.3"),
                    ref,
                )
            )
            continue
        owner = game.get(ref).owner
        name = game.describe(ref)
        back = game.move(
            ref,
            "battlefield",
            controller=owner,
            rule_applied=rule("mtg:610.3c"),
            reason=f"{label} left the battlefield",
        )
        game.log(
            Event(
                "returned",
                f"{label} left the battlefield: {name} returns to the battlefield under "
                f"its owner's ({owner}'s) control",
                rule("mtg:610.3c"),
                back,
            )
        )


def flicker(run: Resolution, effect: Flicker) -> None:
    """Exile, then return that card under its owner's control (or, "under your control",
    the controller's, mtg:110.2a), tapped if it says so: a new object each time
    (mtg:400.7), so counters, damage and effects on the old one are gone. A token that
    left the battlefield can't come back (mtg:111.8)."""
    game = run.game
    for t, _ in run.objects(effect.what):
        label = game.describe(t)
        token = game.get(t).kind == "token"
        exiled = game.move(t, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")
        if token:
            game.log(
                Event(
                    "no_effect",
                    f"{label} is a token that left the battlefield: it can't return",
                    rule("mtg:111.8"),
                    exiled,
                )
            )
            continue
        under = run.controller if effect.under_you else game.get(exiled).owner
        back = game.move(
            exiled,
            "battlefield",
            controller=under,
            rule_applied=rule("mtg:110.2a"),
            reason="returned to the battlefield",
        )
        if effect.tapped:
            game.set_tapped(back, True, rule_applied=rule("mtg:701.21a"))
        game.log(
            Event(
                "flickered",
                f"{label} is exiled and returns under {under}'s control as a new object "
                f"{back}, with no memory of the old one",
                rule("mtg:400.7"),
                back,
            )
        )


def _put_onto_battlefield(run: Resolution, effect: PutOntoBattlefield) -> None:
    """Put each card onto the battlefield under the control the text says: "your" is
    the controller of the spell or ability, who is told to put it there (mtg:110.2a);
    else its owner's. Counters it comes with are put on it there (mtg:122.6)."""
    game = run.game
    for t, _ in run.objects(effect.what):
        owner = game.get(t).owner
        under = run.controller if isinstance(effect.under, You) else owner
        new = game.move(
            t,
            "battlefield",
            controller=under,
            rule_applied=rule("mtg:110.2a"),
            reason=f"put onto the battlefield under {under}'s control",
        )
        if effect.tapped:
            game.set_tapped(new, True, rule_applied=rule("mtg:701.21a"))
        for kind, count in effect.counters:
            game.add_counters(new, kind, count, rule_applied=rule("mtg:122.6"))


# ------------------------------------------------------------------ second pass (helper X2)
#: the words of a library position a player may choose (``choose: {option: ...}``)
_POSITION_WORDS: Mapping[int | None, str] = MappingProxyType(
    {1: "top", 2: "second", 3: "third", None: "bottom"}
)


def _put_in_library_choice(run: Resolution, effect: PutInLibraryChoice) -> None:
    """The card's owner chooses where in their library it goes, among the positions the
    text offers (the scenario's ``choose: {option: top}`` or ``bottom``, ``second``);
    then it is put there (mtg:400.3, mtg:401.7). A missing or other choice refuses the
    resolution, leaving the game unchanged."""
    # effects imports this module
    from tcgrules.games.magic.effects import put_in_library  # noqa: PLC0415

    game = run.game
    offered = {_POSITION_WORDS[p]: p for p in effect.positions}
    choice = run.choices.option
    targets = run.objects(effect.what)
    by_controller = effect.chooser == "controller"
    if targets and choice not in offered:
        owner_of = "the owner of " + _names(game, [t for t, _ in targets])
        who = run.controller if by_controller else owner_of
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:400.3"),
                f"{who} chooses where in its owner's library it goes: give choose: "
                f"{{option: ...}}, one of {', '.join(offered)} (given: {choice!r})",
            ),
            "resolve",
        )
    for t, _ in targets:
        owner = game.get(t).owner
        chooser = run.controller if by_controller else owner
        role = "the controller" if by_controller else "the owner"
        game.log(
            Event(
                "chosen",
                f"{chooser}, {role}, chooses the {choice} of {owner}'s library for "
                f"{game.describe(t)}",
                rule("mtg:400.3"),
                t,
                player=chooser,
            )
        )
    if targets:
        put_in_library(run, PutInLibrary(effect.what, offered[str(choice)]))


def _look_and_reorder(run: Resolution, effect: LookAndReorder) -> None:
    """The controller looks at the top N cards of the player's library (mtg:701.16e),
    then puts them back on top in the order they choose: the scenario's
    ``choose: {chosen: [...]}`` names all of them, the new top card first. A library's
    order changes only by such an instruction (mtg:401.2); with one card or none there
    is no order to choose. A wrong order refuses the resolution, leaving the game
    unchanged."""
    game = run.game
    players = _players(run, effect.who)
    count = max(run.amount(effect.top), 0)
    orders: list[tuple[str, list[ObjectRef], list[ObjectRef]]] = []
    for player in players:
        seen = list(reversed(game.zone("library", player)))[:count]
        order = seen
        if len(seen) > 1:
            given = [e for e in run.choices.chosen or () if e in seen]
            if len(given) != len(seen) or len(set(given)) != len(seen):
                raise RulesViolation(
                    Verdict.refuse(
                        rule("mtg:401.2"),
                        f"{run.controller} puts {_names(game, seen)} back on top of "
                        f"{player}'s library in the order they choose: name all "
                        f"{len(seen)} with choose: {{chosen: [...]}}, the new top card first",
                    ),
                    "resolve",
                )
            order = [e for e in given if isinstance(e, ObjectRef)]
        orders.append((player, seen, order))
    for player, seen, order in orders:
        game.log(
            Event(
                "looked_at",
                f"{run.controller} looks at the top {len(seen)} card"
                f"{'s' if len(seen) != 1 else ''} of {player}'s library: {_names(game, seen)}",
                rule("mtg:701.16e"),
                player=player,
                data=_cards(game, seen),
            )
        )
        if len(seen) < 2:
            continue
        rest = list(game.zone("library", player))[: -len(seen)]
        game.reorder(
            "library",
            player,
            [*rest, *reversed(order)],
            rule_applied=rule("mtg:401.2"),
            text=f"{run.controller} puts them back on top of {player}'s library, from the "
            f"top: {_names(game, order)}",
        )


def _search_library(run: Resolution, effect: SearchLibrary) -> None:
    """The controller looks at every card of the player's library and finds the cards
    asked for (mtg:701.19a), named by the scenario's ``choose: {chosen: [...]}``. For
    cards of a stated quality, or "up to" N, they may find fewer, even none
    (mtg:701.19b); for just N cards they must find N, or all there are (mtg:701.19d).
    The found cards are not revealed (mtg:701.19e); they are exiled (mtg:701.11a), put
    onto the battlefield under the controller's control (mtg:110.2a) or into their
    owner's graveyard (mtg:400.3); then, if the text
    says so, that player shuffles their library (mtg:701.20a). A choice that breaks
    these refuses the resolution, leaving the game unchanged."""
    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    wanted = max(run.amount(effect.count), 0)
    free = effect.descriptor is not None or effect.up_to
    number = "mtg:701.19b" if free else "mtg:701.19d"
    plan: list[tuple[str, list[ObjectRef]]] = []
    for player in _players(run, effect.whose):
        library = list(game.zone("library", player))
        fits = [
            r for r in library if effect.descriptor is None or describes(ctx, effect.descriptor, r)
        ]
        given = [e for e in run.choices.chosen or () if e in library]
        picked = [e for e in given if isinstance(e, ObjectRef)]
        must = 0 if free else min(wanted, len(library))
        if not free and len(library) <= wanted:
            picked = library
        wrong = [e for e in picked if e not in fits]
        if wrong or len(set(picked)) != len(picked) or not must <= len(picked) <= wanted:
            raise RulesViolation(
                Verdict.refuse(
                    rule(number),
                    f"{run.controller} searches {player}'s library for "
                    + (f"up to {wanted}" if free else str(wanted))
                    + f" card{'s' if wanted != 1 else ''}"
                    + (f" among {_names(game, fits)}" if effect.descriptor is not None else "")
                    + ": name them with choose: {chosen: [...]}"
                    + (f"; {_names(game, wrong)} can't be found" if wrong else "")
                    + (f" ({len(picked)} given)" if not wrong else ""),
                ),
                "resolve",
            )
        plan.append((player, picked))
    for player, picked in plan:
        game.log(
            Event(
                "searched",
                f"{run.controller} searches {player}'s library and finds {_names(game, picked)}",
                rule(number if not picked and free else "mtg:701.19a"),
                player=player,
                data=_cards(game, picked),
            )
        )
        for ref in picked:
            if effect.to == "exile":
                game.move(ref, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")
            elif effect.to == "graveyard":
                game.move(ref, "graveyard", rule_applied=rule("mtg:400.3"), reason="found")
            else:
                game.move(
                    ref,
                    "battlefield",
                    controller=run.controller,
                    rule_applied=rule("mtg:110.2a"),
                    reason=f"put onto the battlefield under {run.controller}'s control",
                )
        if effect.shuffle:
            _shuffle_library(game, player)


# ------------------------------------------------------------------- third pass (helper Z3)
def _return_with_auras(run: Resolution, effect: ReturnWithAuras) -> None:
    """Each object named goes to its owner's hand together with the Auras attached to it
    that the text describes (mtg:303.4b), all found before anything moves; each is a new
    object there (mtg:400.3, mtg:400.7). An illegal target has been dropped, and its
    Auras stay (mtg:608.2b)."""
    game = run.game
    ctx = Context(game, run.controller, run.info.source or run.obj.ref)
    moving: list[ObjectRef] = []
    for t, _ in run.objects(effect.what):
        moving.append(t)
        moving.extend(
            r
            for r in game.battlefield()
            if r not in moving and game.get(r).attached_to == t and describes(ctx, effect.auras, r)
        )
    for ref in moving:
        game.move(
            ref, "hand", rule_applied=rule("mtg:400.3"), reason="returned to its owner's hand"
        )


def _exile_zones(run: Resolution, effect: ExileZones) -> None:
    """Every card in the player's zones named goes to exile (mtg:701.11a)."""
    game = run.game
    for player in _players(run, effect.whose):
        for zone in effect.zones:
            move_and_tell(
                game,
                list(game.zone(zone, player)),
                to="exile",
                kind="exiled",
                number="mtg:701.11a",
                player=player,
                said=f"every card of {player}'s {zone} is exiled: {{}}",
                zone=zone,
            )


#: Effect node type -> handler, merged into Magic's table.
ZONE_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        Mill: _mill,
        Discard: _discard,
        DiscardChosen: _discard_chosen,
        ExileChosen: _discard_chosen,
        RevealHand: _reveal_hand,
        LookAt: _look_at,
        ExileGraveyard: _exile_graveyard,
        ExileTop: _exile_top,
        ReturnWithAuras: _return_with_auras,
        ExileZones: _exile_zones,
        DrawEach: _draw_each,
        FromHand: _from_hand,
        ShuffleInto: _shuffle_into,
        ExileUntilLeaves: _exile_until,
        Flicker: flicker,
        PutOntoBattlefield: _put_onto_battlefield,
        PutInLibraryChoice: _put_in_library_choice,
        LookAndReorder: _look_and_reorder,
        SearchLibrary: _search_library,
    }
)
