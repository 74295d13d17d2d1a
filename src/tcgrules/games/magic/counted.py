"""Counted amounts of Magic (helper t2), worked out from the game as the spell or
ability resolves (mtg:608.2h) or as targets are chosen (mtg:601.2c): how many different
values a group of objects has between them (:class:`~tcgrules.cardtext.nodes.
DifferentAmong`), how many colors one object is, how many permanents a player
sacrificed this turn, how many permanents of a kind entered the battlefield this turn
(:class:`~tcgrules.cardtext.nodes.EnteredThisTurn`)."""

from __future__ import annotations

from tcgrules.cardtext.nodes import DifferentAmong
from tcgrules.errors import UnknownObjectError
from tcgrules.kernel.board import Seen
from tcgrules.kernel.characteristics import Characteristics
from tcgrules.kernel.describe import Context, compile_descriptor, described_objects
from tcgrules.kernel.descriptors import Descriptor
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule


def colors_of(chars: Characteristics) -> int:
    """How many colors an object is: each of its colors once; colorless is no color
    (mtg:105.2, mtg:105.2c)."""
    return len(chars.colors)


def different_among(ctx: Context, amount: DifferentAmong) -> int:
    """How many different values of ``amount.prop`` the objects ``amount.descriptor``
    describes have now: every mana value they have, 0 included (mtg:202.3), or every
    color any of them is (mtg:105.2)."""
    game = ctx.game
    compiled = compile_descriptor(amount.descriptor, game.ruleset.name)
    found: set[object] = set()
    for ref in described_objects(ctx, compiled):
        chars = game.characteristics(ref)
        if amount.prop == "colors":
            found |= chars.colors
        else:
            found.add(chars.number(amount.prop) or 0)
    return len(found)


def permanents_sacrificed(game: Game, player: str) -> int:
    """How many permanents ``player`` sacrificed this turn: each move from the
    battlefield to a graveyard by sacrifice (mtg:701.17a) of a permanent they controlled
    there (only one's own permanents can be sacrificed); a token counts too, though it
    then ceases to exist (mtg:111.7)."""
    cited = rule("mtg:701.17a")
    found = 0
    for event in game.events.this_turn():
        if event.kind != "moved" or event.rule != cited:
            continue
        if event.data.get("from") != "battlefield":
            continue
        old = event.data.get("old")
        if not isinstance(old, ObjectRef):
            continue
        try:
            known = game.last_known(old)
        except UnknownObjectError:
            continue
        if (known.controller or known.object.owner) == player:
            found += 1
    return found


def entered_this_turn(ctx: Context, described: Descriptor) -> int:
    """How many permanents ``described`` describes entered the battlefield this turn
    (moved there or created there as tokens, mtg:111.1), each entry counted once, as
    the permanent is or, if it has left since, as it last existed there (mtg:608.2h):
    one that left still counts. Its controller is the one it has (or last had) there."""
    game = ctx.game
    test = compile_descriptor(described, game.ruleset.name).objects
    if test is None:
        return 0
    battlefield = game.ruleset.zone_spec("battlefield")
    counted: set[ObjectRef] = set()
    for event in game.events.this_turn():
        ref = event.object
        if ref is None or ref in counted:
            continue
        if event.kind == "moved":
            if event.data.get("to") != "battlefield":
                continue
        elif event.kind != "token_created":
            continue
        try:
            known = game.last_known(ref)
        except UnknownObjectError:
            continue
        seen = Seen(known.object, ref, known.characteristics, known.controller, battlefield)
        if test(ctx, seen):
            counted.add(ref)
    return len(counted)
