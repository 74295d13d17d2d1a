"""Handlers for goad, connive and suspect (helper W7).

- goad (mtg:701.38): until the goading player's next turn the creature must attack each
  combat if able (mtg:701.38b), carried as a combat requirement that shows among its
  abilities (the requirement of mtg:508.1d); the same player goading it again changes
  nothing (mtg:701.38d);
- connive (mtg:701.47): the controller draws, then discards, and the permanent gets a
  +1/+1 counter for each nonland card discarded (mtg:701.47a, mtg:701.47e);
- suspect (mtg:701.58): the creature has menace and can't block for as long as it is
  suspected (mtg:701.58c), which lasts until it leaves the battlefield (mtg:701.58a); a
  suspected creature can't become suspected again (mtg:701.58d).

The designations themselves (goaded, suspected) are in
:mod:`tcgrules.games.magic.designations`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tcgrules.cardtext.nodes import (
    ChooseCardName,
    CombatRestriction,
    Connive,
    Goad,
    SearchForName,
    SeeFaceDown,
    Self,
    Suspect,
    TurnFaceDown,
    TurnFaceUp,
)
from tcgrules.errors import NotSupportedError, RulesViolation
from tcgrules.games.magic.designations import FACE_DOWN, designated
from tcgrules.games.magic.designations import GOADED as _GOADED
from tcgrules.games.magic.designations import SUSPECTED as _SUSPECTED
from tcgrules.games.magic.effects_zones import _chosen_cards, _names, _players, _shuffle_library
from tcgrules.kernel import descriptors as d
from tcgrules.kernel import effects as k
from tcgrules.kernel.characteristics import Characteristics, Keyword
from tcgrules.kernel.events import Event
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.kernel.resolution import Resolution
from tcgrules.kernel.ruleset import EffectHandler
from tcgrules.rules import rule
from tcgrules.verdict import Verdict


def _goad(run: Resolution, effect: Goad) -> None:
    """Each creature is goaded by the controller until that player's next turn
    (mtg:701.38a): it attacks each combat if able, and a player other than the goader if
    able (mtg:701.38b). Goaded again by the same player: nothing more (mtg:701.38d)."""
    game = run.game
    goader = run.controller
    text = f"attacks each combat if able, and a player other than {goader} if able (goaded)"
    carried = CombatRestriction(Self(), "attacks_if_able", "your_next_turn", text=text)
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        if obj.zone.name != "battlefield" or "creature" not in game.characteristics(t).types:
            game.log(
                Event("no_effect", f"{obj.label} is not a creature: not goaded", rule(_GOADED), t)
            )
            continue
        if designated(game, t, _GOADED, goader):
            game.log(
                Event(
                    "no_effect",
                    f"{obj.label} is already goaded by {goader}: nothing more",
                    rule("mtg:701.38d"),
                    t,
                )
            )
            continue
        game.add_effect(
            t,
            k.GrantAbilities((carried,)),
            until="until_next_turn",
            holder=goader,
            source=run.obj.ref,
            rule_applied=rule(_GOADED),
            describe=f"goaded by {goader} until {goader}'s next turn: {text}",
        )


def _connive(run: Resolution, effect: Connive) -> None:
    """Each permanent connives (mtg:701.47a): its controller draws N cards, then discards
    N (the scenario's ``choose: {chosen: [...]}`` names them, mtg:701.8b), then it gets a
    +1/+1 counter for each nonland card discarded this way (mtg:701.47e). It connives
    even if some of that can't happen (mtg:701.47b); one that left the battlefield is
    known by its last information: its controller then draws and discards, and no
    counter is put (mtg:701.47c)."""
    # effects imports this module
    from tcgrules.games.magic.effects import draw  # noqa: PLC0415

    game = run.game
    count = max(run.amount(effect.count), 0)
    for t, _ in run.entities(effect.what):
        if not isinstance(t, ObjectRef):
            continue
        known = game.last_known(t)
        player = known.controller
        if player is None:
            continue
        draw(game, player, count)
        hand = list(game.zone("hand", player))
        chosen = (
            hand
            if len(hand) <= count
            else _chosen_cards(run, player, hand, count, verb="discard as it connives")
        )
        names = ", ".join(game.describe(c) for c in chosen) or "nothing (an empty hand)"
        nonland = 0
        for card in chosen:
            if "land" not in game.characteristics(card).types:
                nonland += 1
            game.move(card, "graveyard", rule_applied=rule("mtg:701.8a"), reason="discarded")
        here = game.is_current(t) and game.get(t).zone.name == "battlefield"
        game.log(
            Event(
                "connived",
                f"{known.object.label} connives: {player} draws {count}, discards {names}; "
                f"{nonland} nonland card(s) discarded"
                + ("" if here else ", but it is no longer on the battlefield: no counter"),
                rule("mtg:701.47e" if effect.count != 1 else "mtg:701.47a"),
                t,
                player=player,
                data=MappingProxyType({"nonland": nonland, "count": len(chosen)}),
            )
        )
        if here and nonland:
            game.add_counters(t, "+1/+1", nonland, rule_applied=rule("mtg:701.47a"))


def _suspect(run: Resolution, effect: Suspect) -> None:
    """Each creature becomes suspected until it leaves the battlefield (mtg:701.58a): it
    has menace and "can't block" for as long as it is (mtg:701.58c); the effects end with
    the permanent, a new object (mtg:400.7). One already suspected stays as it is
    (mtg:701.58d)."""
    game = run.game
    cant_block = CombatRestriction(
        Self(), "cant_block", "permanent", text="can't block (suspected)"
    )
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        if obj.zone.name != "battlefield":
            continue  # only permanents can be suspected (mtg:701.58b)
        if designated(game, t, _SUSPECTED):
            game.log(
                Event(
                    "no_effect",
                    f"{obj.label} is already suspected: nothing more",
                    rule("mtg:701.58d"),
                    t,
                )
            )
            continue
        game.add_effect(
            t,
            k.GrantAbilities((Keyword("menace"), cant_block)),
            source=run.obj.ref,
            rule_applied=rule(_SUSPECTED),
            describe="suspected: it has menace and can't block while it stays on the battlefield",
        )


# ------------------------------------------------------------------ card names
def _printed_fits(game: Game, name: str, descriptor: d.Descriptor | None) -> bool | None:
    """Whether the card called ``name`` is of the kind ``descriptor`` says, by its printed
    type line (mtg:201.4a: the card's own characteristics, not an object's now); None
    when no card of that name is in the game, so tcgrules can't tell."""
    if descriptor is None:
        return True
    for obj in game.objects():
        card = obj.card
        if card is None or card.name != name:
            continue
        words = set(card.type_line.lower().replace("—", " ").split())
        return _fits(descriptor, words)
    return None


def _fits(descriptor: d.Descriptor, words: set[str]) -> bool:
    if isinstance(descriptor, d.AllOf):
        return all(_fits(p, words) for p in descriptor.parts)
    if isinstance(descriptor, d.Not):
        return not _fits(descriptor.part, words)
    if isinstance(descriptor, d.HasType | d.HasSupertype):
        return descriptor.name in words
    raise NotSupportedError(f"choosing a card name of the kind {descriptor}")


def _choose_name(run: Resolution, effect: ChooseCardName) -> None:
    """The controller chooses a card name (mtg:201.4), the scenario's ``choose: {option:
    NAME}``; one of the kind the text says (mtg:201.4a), judged by the printed type line
    of a card of that name in the game. No name given, or one of the wrong kind, refuses
    the resolution."""
    game = run.game
    name = run.choices.option
    fits = None if name is None else _printed_fits(game, name, effect.descriptor)
    if name is None or fits is False:
        raise RulesViolation(
            Verdict.refuse(
                rule("mtg:201.4a" if name else "mtg:201.4"),
                f"{run.controller} chooses a card name"
                + ("" if effect.descriptor is None else " of the kind the text says")
                + ": name it with choose: {option: NAME}"
                + (f"; {name} is not of that kind" if name else ""),
            ),
            "resolve",
        )
    unchecked = (
        " (no card of that name is in the game: its kind is not checked)" if fits is None else ""
    )
    game.log(
        Event(
            "name_chosen",
            f"{run.controller} chooses the card name {name}{unchecked}",
            rule("mtg:201.4"),
            player=run.controller,
            data=MappingProxyType({"name": name}),
        )
    )


def chosen_name(run: Resolution) -> str:
    """The card name chosen earlier in this resolution ("that name", "the chosen name")."""
    for event in reversed(run.game.events.since(run.began)):
        if event.kind == "name_chosen" and event.data is not None:
            return str(event.data["name"])
    raise NotSupportedError("“the chosen name” with no name chosen as it resolves")


def _search_for_name(run: Resolution, effect: SearchForName) -> None:
    """The controller searches the player's graveyard, hand and library for cards with the
    chosen name (mtg:701.19a) and exiles them (mtg:701.11a). "Any number" or "up to N":
    the scenario's ``choose: {chosen: [...]}`` names the ones found; "all": every one, or
    those named, where cards in the hidden hand and library may be left unfound
    (mtg:701.19b) but none in the graveyard. Then, if the text says so, that player
    shuffles (mtg:701.20a). A choice that breaks these refuses the resolution."""
    game = run.game
    name = chosen_name(run)
    limit = None if effect.count is None else max(run.amount(effect.count), 0)
    plan: list[tuple[str, list[ObjectRef]]] = []
    for player in _players(run, effect.whose):
        zones = {z: list(game.zone(z, player)) for z in ("graveyard", "hand", "library")}
        found = [
            r
            for refs in zones.values()
            for r in refs
            if game.ruleset.is_named(game.characteristics(r), name)
        ]
        given = run.choices.chosen
        if given is None and effect.every:
            picked = found
        else:
            picked = [e for e in given or () if isinstance(e, ObjectRef) and e in found]
        wrong = [e for e in given or () if e not in found]
        public = [r for r in found if r in zones["graveyard"] and r not in picked]
        too_many = limit is not None and len(picked) > limit
        if (
            (given is None and not effect.every and found)
            or wrong
            or too_many
            or (effect.every and public)
        ):
            raise RulesViolation(
                Verdict.refuse(
                    rule("mtg:701.19b"),
                    f"{run.controller} searches {player}'s graveyard, hand and library for "
                    + (
                        "all"
                        if effect.every
                        else "any number"
                        if limit is None
                        else f"up to {limit}"
                    )
                    + f" cards named {name} among {_names(game, found)}: name them with choose: "
                    "{chosen: [...]}"
                    + (
                        f"; {_names(game, public)} in the graveyard can't be left"
                        if effect.every and public
                        else ""
                    ),
                ),
                "resolve",
            )
        plan.append((player, picked))
    for player, picked in plan:
        game.log(
            Event(
                "searched",
                f"{run.controller} searches {player}'s graveyard, hand and library for cards "
                f"named {name} and finds {_names(game, picked)}",
                rule("mtg:701.19a"),
                player=player,
                data=MappingProxyType({"count": len(picked)}),
            )
        )
        for ref in picked:
            game.move(ref, "exile", rule_applied=rule("mtg:701.11a"), reason="exiled")
        if effect.shuffle:
            _shuffle_library(game, player)


# ------------------------------------------------------------------ face-down permanents
#: what a permanent turned face down is when the effect lists nothing (mtg:708.2a)
FACE_DOWN_VALUES = Characteristics(
    types=frozenset({"creature"}), values=MappingProxyType({"power": 2, "toughness": 2})
)


def _face_down_effects(game: Game, ref: ObjectRef) -> list[int]:
    wanted = rule(FACE_DOWN)
    return [e.id for e in game.effects_on(ref) if e.rule == wanted]


def _printed_types(game: Game, ref: ObjectRef) -> frozenset[str]:
    """The card types the object has face up, ignoring effects (mtg:708.12)."""
    return game.get(ref).base.types


def _turn_face_down(run: Resolution, effect: TurnFaceDown) -> None:
    """Each permanent turns face down: a 2/2 creature with no text, name, subtypes or
    mana cost, as its copiable values (layer 1) for as long as it stays face down
    (mtg:708.2a); effects already on it still apply. A double-faced permanent can't
    turn face down (mtg:712.16), and one already face down stays as it is."""
    game = run.game
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        if obj.zone.name != "battlefield":
            continue
        if obj.card is not None and obj.card.faces:
            said = f"{obj.label} is double-faced: it can't be turned face down"
            game.log(Event("no_effect", said, rule("mtg:712.16"), t))
            continue
        if _face_down_effects(game, t):
            said = f"{obj.label} is face down already"
            game.log(Event("no_effect", said, rule(FACE_DOWN), t))
            continue
        game.add_effect(
            t, k.CopyOf(FACE_DOWN_VALUES), source=run.obj.ref, rule_applied=rule(FACE_DOWN)
        )
        game.log(
            Event(
                "turned_face_down",
                f"{obj.label} is turned face down: a 2/2 creature with no name, text, "
                "subtypes or mana cost",
                rule(FACE_DOWN),
                t,
            )
        )


def _turn_face_up(run: Resolution, effect: TurnFaceUp) -> None:
    """Each face-down permanent turns face up: its copiable values revert to its own, the
    other effects on it still apply, and it does not enter the battlefield again
    (mtg:708.8). One whose card is an instant or sorcery is revealed and stays face down
    (mtg:701.34g); one not face down is unchanged."""
    game = run.game
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        ids = _face_down_effects(game, t)
        if not ids:
            game.log(Event("no_effect", f"{obj.label} is not face down", rule("mtg:708.8"), t))
            continue
        if _printed_types(game, t) & {"instant", "sorcery"}:
            said = f"{obj.label} is revealed: an instant or sorcery card stays face down"
            game.log(Event("revealed", said, rule("mtg:701.34g"), t))
            continue
        game.remove_effects(ids)
        game.log(Event("turned_face_up", f"{obj.label} is turned face up", rule("mtg:708.8"), t))


def _see_face_down(run: Resolution, effect: SeeFaceDown) -> None:
    """The controller looks at the face-down permanent (or it is revealed to all): what
    it is face up, its printed characteristics, not the effects on it (mtg:708.12)."""
    game = run.game
    for t, _ in run.objects(effect.what):
        obj = game.get(t)
        name = obj.card.name if obj.card is not None else obj.base.name or "a token"
        who = "every player sees" if effect.reveal else f"{run.controller} looks at"
        game.log(
            Event(
                "revealed" if effect.reveal else "looked_at",
                f"{who} face-down {obj.label}: it is {name}",
                rule("mtg:708.12"),
                t,
                data=MappingProxyType({"name": name}),
            )
        )


#: node type -> handler, merged into Magic's effect table
W7_EFFECTS: Mapping[type, EffectHandler] = MappingProxyType(
    {
        Goad: _goad,
        Connive: _connive,
        Suspect: _suspect,
        ChooseCardName: _choose_name,
        SearchForName: _search_for_name,
        TurnFaceDown: _turn_face_down,
        TurnFaceUp: _turn_face_up,
        SeeFaceDown: _see_face_down,
    }
)
