"""Grand Archive timing: when a player may play a card or activate an ability
(ga:timing-and-permissions), checked where a scenario enforces timing.

The model has turns, the active (turn) player, the Effects Stack and the attack
declared this turn, but no phases and no passing of Opportunity. So:

- the player acting in a step has Opportunity (ga:timing-and-permissions/opportunity-2):
  a scenario's steps are the actions players take when they may act;
- the turn player's turn, outside a combat, is their main phase
  (ga:turn-order-main-phase/general-rules-2): the beginning phases (wake up,
  materialize, recollection, draw) have no Opportunity for slow actions anyway;
- a combat phase lasts from the attack's declaration until its combat damage is
  dealt (the end of combat step is not modelled: once damage is dealt the turn is
  back in its main phase, ga:turn-order-main-phase/general-rules-2.2).

Rules checked:

- Slow player actions (ga:timing-and-permissions/fast-vs-slow-x20-1.1): the turn player,
  in their main phase, with the Effects Stack empty, may activate slow action cards and
  play allies, weapons, items, domains, champions and phantasias; the other players
  can't (fast-vs-slow-x20-1.2, ga:turn-order-main-phase/general-rules-2.4).
- A card's speed is its speed stat (ga:parts-of-a-card-stats/speed-2); Fast Activation
  lets it be activated at fast speed (ga:keywords-and-abilities/fast-activation-1).
  Fast cards may be activated by any player with Opportunity
  (fast-vs-slow-x20-2.1). An action or attack card whose data gives no speed can't be
  judged: NotSupportedError names it.
- Activated abilities use fast speed (ga:abilities-activated-abilities/general-rules-6);
  the player activating one must control its source
  (ga:abilities-activated-abilities/general-rules-9: another player needs an ability
  that gives them permission, which tcgrules does not read). Its own restrictions
  apply: the ones before it (Class Bonus, a champion's name, Level N+, Damage N+,
  Memory N+; ga:abilities-restriction-abilities/general-rules-2) and "Activate this
  ability only ..." after its effect (ga:abilities-activated-abilities/general-rules-5):
  "at slow speed", "once", "once per turn", "during an opponent's turn". Any other
  restriction is "not supported".
- Materializing from the material deck is the turn player's turn-based action of the
  materialize phase, once per turn, for a regalia or champion card
  (ga:turn-order-materialize-phase/general-rules-3,
  ga:playing-cards-card-materialization/general-rules-2). With no phases in the model it
  is allowed to the turn player with the Effects Stack empty outside a combat, once per
  turn; the skipped materialize phase of a player's first turn
  (ga:turn-order-materialize-phase/general-rules-1) is not applied, as a scenario starts
  at an arbitrary turn.
"""

from __future__ import annotations

from tcgrules.cardtext.nodes import ActivatedAbility
from tcgrules.errors import NotSupportedError
from tcgrules.games.grand_archive import keywords
from tcgrules.games.grand_archive.costs import restriction_met
from tcgrules.kernel.game import Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

#: the card types whose cards are played as slow player actions
#: (ga:timing-and-permissions/fast-vs-slow-x20-1.1)
SLOW_TYPES = frozenset({"ally", "weapon", "item", "domain", "champion", "phantasia"})
_SLOW = "ga:timing-and-permissions/fast-vs-slow-x20-1.1"


def in_combat(game: Game) -> bool:
    """A combat phase is under way: an attack was declared and its damage not dealt."""
    attack = game.attack
    return attack is not None and not attack.damage_dealt


def speed(game: Game, card: ObjectRef) -> str:
    """``"fast"`` or ``"slow"``: the speed ``card`` is activated at."""
    chars = game.characteristics(card)
    if keywords.has(chars, "fast activation"):
        return "fast"
    printed = chars.values.get("speed")
    if printed in {"fast", "slow"}:
        return str(printed)
    if chars.types & SLOW_TYPES:
        return "slow"
    raise NotSupportedError(
        f"the speed of {game.get(card).label}",
        "its card data gives no speed (fast or slow): give it one (speed: fast)",
    )


def slow_refusal(game: Game, by: str, what: str) -> Verdict | None:
    """Why ``by`` can't take a slow player action now (``what``: narration), or None."""
    if by != game.active_player:
        return Verdict.refuse(
            rule("ga:timing-and-permissions/fast-vs-slow-x20-1.2"),
            f"{what} is a slow player action and it is {game.active_player}'s turn, not {by}'s",
        )
    if game.stack:
        return Verdict.refuse(
            rule(_SLOW), f"{what} is a slow player action: the stack is not empty"
        )
    if in_combat(game):
        return Verdict.refuse(
            rule(_SLOW),
            f"{what} is a slow player action: it is the combat phase, not the main phase",
        )
    return None


def timing_refusal(
    game: Game,
    obj: ObjectRef,
    by: str,
    *,
    method: str,
    ability: ActivatedAbility | None = None,
) -> Verdict | None:
    """Why ``by`` may not play ``obj`` by ``method`` now, or activate ``ability`` of it."""
    label = game.get(obj).label
    if ability is not None:
        controller = game.controller(obj) or game.get(obj).owner
        if controller != by:
            return Verdict.refuse(
                rule("ga:abilities-activated-abilities/general-rules-9"),
                f"{by} does not control {label}, and no ability gives {by} permission to "
                "activate its ability",
            )
        # fast speed (ga:abilities-activated-abilities/general-rules-6) unless its own
        # restrictions say otherwise
        return ability_restriction_refusal(game, obj, ability, by)
    if method == "materialize":
        return _materialize_refusal(game, obj, by, label)
    if speed(game, obj) == "fast":
        return None  # ga:timing-and-permissions/fast-vs-slow-x20-2.1
    return slow_refusal(game, by, f"activating {label}")


def _materialize_refusal(game: Game, obj: ObjectRef, by: str, label: str) -> Verdict | None:
    phase = rule("ga:turn-order-materialize-phase/general-rules-3")
    chars = game.characteristics(obj)
    if "champion" not in chars.types and "regalia" not in chars.supertypes:
        return Verdict.refuse(
            phase, f"{label} is not a regalia or champion card, so it can't be materialized"
        )
    if by != game.active_player:
        return Verdict.refuse(
            phase, f"only the turn player materializes, and it is {game.active_player}'s turn"
        )
    if game.stack or in_combat(game):
        return Verdict.refuse(
            phase, "materializing is a turn-based action of the materialize phase, not now"
        )
    for event in game.events.this_turn():
        if (
            event.kind == "materialize"
            and event.object is not None
            and game.last_known(event.object).controller == by
        ):
            return Verdict.refuse(
                rule("ga:playing-cards-card-materialization/general-rules-2"),
                f"{by} has already materialized a card this turn",
            )
    return None


_WRITTEN = "ga:abilities-activated-abilities/general-rules-5"


def ability_restriction_refusal(
    game: Game, source: ObjectRef, ability: ActivatedAbility, by: str
) -> Verdict | None:
    """Why ``by`` can't activate ``ability`` of ``source`` now by its own restrictions."""
    label = game.get(source).label
    for q in ability.qualifiers:
        if q.kind == "as_spell":
            continue  # not a restriction (ga:abilities/general-rules-17)
        if q.kind == "activate_only":
            refused = _only_refusal(game, source, ability, by, (q.value or "").lower())
            if refused is not None:
                return refused
            continue
        if not restriction_met(game, q, source, by, strict=True):
            return Verdict.refuse(
                rule("ga:abilities-restriction-abilities/general-rules-2"),
                f"the restriction {q.text} of {label}'s ability is not met",
            )
    return None


def _only_refusal(
    game: Game, source: ObjectRef, ability: ActivatedAbility, by: str, words: str
) -> Verdict | None:
    label = game.get(source).label
    if words == "at slow speed":
        return slow_refusal(game, by, f"{label}'s ability (only at slow speed)")
    if words == "during an opponent's turn":
        if by == game.active_player:
            return Verdict.refuse(
                rule(_WRITTEN), f"{label}'s ability is activated only in an opponent's turn"
            )
        return None
    if words in {"once", "once per turn", "once each turn"}:
        events = game.events.this_turn() if words != "once" else list(game.events)
        for event in events:
            if event.kind != "activated" or event.object is None:
                continue
            info = game.last_known(event.object).object.stack
            if (
                info is not None
                and info.source is not None
                and info.source.id == source.id
                and info.source.incarnation == source.incarnation
                and _same_ability(game, source, info.ability_index, ability)
            ):
                when = "this turn" if words != "once" else "already"
                return Verdict.refuse(
                    rule(_WRITTEN), f"{label}'s ability was activated {when}: only {words}"
                )
        return None
    raise NotSupportedError(f"the restriction “Activate this ability only {words}”")


def _same_ability(
    game: Game, source: ObjectRef, index: int | None, ability: ActivatedAbility
) -> bool:
    """Whether the ``index``-th activated ability of ``source`` is ``ability``."""
    card = game.get(source).card
    if index is None or card is None:
        return False
    printed = [
        a
        for a in game.ruleset.ability_nodes(game.ruleset.card_text(card))
        if isinstance(a, ActivatedAbility)
    ]
    return 1 <= index <= len(printed) and printed[index - 1] == ability
