"""The end of a Flesh and Blood turn, and all players passing priority.

- The action phase ends only with an empty stack (fab:4.3.4): ``end_turn`` with layers
  on the stack is refused. An open combat chain closes first (the ruleset does that).
- The end-of-turn procedure (fab:4.4.3), as far as the model carries it: allies' life
  totals reset (fab:4.4.3a, the ruleset); the turn player may put a card face down into
  an empty arsenal (fab:4.4.3b) - a choice no step makes, so nobody does; each player
  puts their pitch zone on the bottom of their deck (fab:4.4.3c), in the order the
  cards were pitched (the first pitched ends lowest: an order the player could choose);
  every player loses their action, resource and chi points (fab:4.4.3d); the turn player
  draws up to their hero's intellect, and on the game's first turn (turn 1: a scenario
  starts there) every other player does too (fab:4.4.3e). A draw from an empty deck
  fails (fab:8.5.6b). The "beginning of the end phase" triggers (fab:4.4.2) fire
  before all this (:mod:`~tcgrules.games.flesh_and_blood.end_phase_triggers`).
- All players passing in succession (``pass: true``): with layers on the stack the top
  one resolves (fab:1.11.4a, fab:5.3.1); with an empty stack in the Resolution Step of
  combat the Close Step begins (fab:7.7.2a); with an empty stack otherwise the phase
  or step would end (fab:1.11.4a), which the model does not track: nothing changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tcgrules.errors import RulesViolation
from tcgrules.games.flesh_and_blood import assets, combat
from tcgrules.games.flesh_and_blood.timing import combat_step
from tcgrules.kernel.events import Event
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

if TYPE_CHECKING:
    from tcgrules.kernel.game import Game

__all__ = ["all_pass", "end_phase", "refuse_end_with_stack"]


def refuse_end_with_stack(game: Game) -> None:
    """Refuse to end the action phase while layers wait on the stack (fab:4.3.4)."""
    if game.stack:
        names = ", ".join(game.describe(ref) for ref in game.stack)
        raise RulesViolation(
            Verdict.refuse(
                rule("fab:4.3.4"),
                f"the stack is not empty ({names}): the action phase goes on until it is",
            ),
            "end the turn",
        )


def end_phase(game: Game) -> list[str]:
    """The steps of the end-of-turn procedure after 4.4.3a (see the module text)."""
    said: list[str] = []
    for player in game.players:
        pitched = game.zone("pitch", player)
        for ref in reversed(pitched):  # the last pitched first, so the first ends lowest
            game.move(
                ref,
                "deck",
                player=player,
                top=False,
                rule_applied=rule("fab:4.4.3c"),
                reason="the pitch zone goes to the bottom of its owner's deck",
            )
        if pitched:
            said.append(f"{player} puts {len(pitched)} pitched card(s) on the bottom of the deck")
    said += assets.lose_all(game)
    drawing = [p for p in game.players if p == game.active_player or game.turn == 1]
    for player in drawing:
        drawn = draw_up(game, player)
        if drawn:
            said.append(f"{player} draws {drawn} card(s) up to intellect")
    return said


def draw_up(game: Game, player: str) -> int:
    """``player`` draws until their hand holds their hero's intellect (fab:4.4.3e);
    the number drawn."""
    heroes = [ref for ref in game.zone("hero", player) if game.controller(ref) == player]
    intellect = max(
        (game.characteristics(ref).number("intellect") or 0 for ref in heroes), default=0
    )
    drawn = 0
    while len(game.zone("hand", player)) < intellect:
        deck = game.zone("deck", player)
        if not deck:
            game.log(
                Event(
                    "draw_failed",
                    f"{player} would draw up to {intellect}, but their deck is empty",
                    rule("fab:8.5.6b"),
                    player=player,
                )
            )
            break
        game.move(
            deck[-1],
            "hand",
            player=player,
            rule_applied=rule("fab:4.4.3e"),
            reason=f"{player} draws up to their hero's intellect ({intellect})",
        )
        drawn += 1
    return drawn


def all_pass(game: Game) -> None:
    """All players pass in succession (see the module text)."""
    from tcgrules.kernel.resolution import resolve_top  # noqa: PLC0415 (imports the ruleset)

    if game.stack:
        top = game.describe(game.stack[-1])
        game.log(
            Event(
                "all_passed",
                f"all players pass in succession: the top layer, {top}, resolves",
                rule("fab:1.11.4a"),
            )
        )
        resolve_top(game)
        return
    if combat_step(game) == "resolution":
        game.log(
            Event(
                "all_passed",
                "all players pass in succession with an empty stack in the Resolution Step",
                rule("fab:7.6.4"),
            )
        )
        combat.close_combat_chain(
            game, rule("fab:7.7.2a"), "all players passed in the Resolution Step"
        )
