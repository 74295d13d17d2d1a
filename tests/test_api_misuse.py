"""The public Python API under misuse: wrong types and out-of-range values.

Every call either works or raises one of the library's own errors (never a bare
``TypeError``, ``AttributeError`` or ``KeyError``); a refused call leaves the game
exactly as it was; and a call that was accepted leaves a game that still works
(its characteristics can be computed and described).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tcgrules
from tcgrules import (
    ArgumentError,
    GrantAbilities,
    Keyword,
    Modify,
    ObjectRef,
    PlayerRef,
    TcgRulesError,
    mtg,
)
from tcgrules.kernel.game import Game


def _board() -> tuple[Game, dict[str, Any]]:
    game = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bear = game.create(tcgrules.bundled_card("mtg", "Runeclaw Bear"), "Bob", "battlefield")
    bolt = game.create(tcgrules.bundled_card("mtg", "Lightning Bolt"), "Alice", "hand")
    other = tcgrules.new_game("mtg", ["Alice", "Bob"])
    foreign = other.create(tcgrules.bundled_card("mtg", "Runeclaw Bear"), "Bob", "battlefield")
    moved = game.create(tcgrules.bundled_card("mtg", "Runeclaw Bear"), "Alice", "hand")
    game.move(moved, "battlefield")
    return game, {"bear": bear, "bolt": bolt, "foreign": foreign, "stale": moved}


_GAME, _REFS = _board()

#: values of every kind a caller might pass by mistake, and some right ones
_VALUES: list[object] = [
    None,
    "",
    "Alice",
    "Bob",
    "Nobody",
    "battlefield",
    "hand",
    "nowhere",
    "power",
    "+1/+1",
    "1",
    0,
    1,
    -1,
    10**12,
    2.5,
    True,
    [],
    [[]],
    {},
    {"+1/+1": "two"},
    object(),
    PlayerRef("Bob"),
    PlayerRef("Nobody"),
    ObjectRef(9999, 1),
    ObjectRef("x", None),  # type: ignore[arg-type]
    Modify("power", 1),
    GrantAbilities((Keyword("flying"),)),
    tcgrules.bundled_card("mtg", "Lightning Bolt"),
    tcgrules.bundled_card("fab", next(iter(tcgrules.bundled_cards("fab")))),
    "bear",
    "bolt",
    "foreign",
    "stale",
    "[bear]",
    "[[Bob]]",
]


def _value(raw: object, refs: dict[str, Any]) -> object:
    """The references are named in the list above (they belong to each test's board)."""
    if raw in ("bear", "bolt", "foreign", "stale"):
        return refs[raw]  # type: ignore[index]
    if raw == "[bear]":
        return [refs["bear"]]
    if raw == "[[Bob]]":
        return [["Bob"]]
    return raw


#: the calls users make: (name, function of (game, *args), number of arguments)
_CALLS: list[tuple[str, Callable[..., object], int]] = [
    ("player", lambda g, a: g.player(a), 1),
    ("zone", lambda g, a, b: g.zone(a, b), 2),
    ("get", lambda g, a: g.get(a), 1),
    ("current", lambda g, a: g.current(a), 1),
    ("last_known", lambda g, a: g.last_known(a), 1),
    ("is_current", lambda g, a: g.is_current(a), 1),
    ("characteristics", lambda g, a: g.characteristics(a), 1),
    ("base_characteristics", lambda g, a: g.base_characteristics(a), 1),
    ("controller", lambda g, a: g.controller(a), 1),
    ("effects_on", lambda g, a: g.effects_on(a), 1),
    ("describe", lambda g, a: g.describe(a), 1),
    ("life", lambda g, a: g.life(a), 1),
    ("life_total", lambda g, a: g.life_total(a), 1),
    ("create", lambda g, a, b, c: g.create(a, b, c), 3),
    ("move", lambda g, a, b: g.move(a, b), 2),
    ("move to player", lambda g, a, b, c: g.move(a, b, player=c), 3),
    ("remove", lambda g, a: g.remove(a, rule_applied=None, reason="test"), 1),
    ("set_tapped", lambda g, a, b: g.set_tapped(a, b, rule_applied=None), 2),
    ("set_phased_out", lambda g, a, b: g.set_phased_out(a, b, rule_applied=None), 2),
    ("mark_damage", lambda g, a, b: g.mark_damage(a, b, rule_applied=None), 2),
    ("set_damage", lambda g, a, b: g.set_damage(a, b, rule_applied=None), 2),
    ("add_counters", lambda g, a, b, c: g.add_counters(a, b, c, rule_applied=None), 3),
    ("attach", lambda g, a, b: g.attach(a, b, rule_applied=None), 2),
    ("change_life", lambda g, a, b: g.change_life(a, b, rule_applied=None), 2),
    ("add_effect", lambda g, a, b: g.add_effect(a, b), 2),
    ("add_effect until", lambda g, a, b, c: g.add_effect(a, b, until=c), 3),
    ("legal_targets", lambda g, a, b: list(g.legal_targets(a, b)), 2),
    ("explain_target", lambda g, a, b, c: g.explain_target(a, b, c), 3),
    ("cast", lambda g, a, b, c: mtg.cast(g, a, b, targets=c), 3),
    (
        "cast modes",
        lambda g, a, b: mtg.cast(g, a, "Alice", targets=[[PlayerRef("Bob")]], modes=b),
        2,
    ),
    ("cast x", lambda g, a, b: mtg.cast(g, a, "Alice", targets=[[PlayerRef("Bob")]], x=b), 2),
    ("activate", lambda g, a, b, c: mtg.activate(g, a, b, ability=c), 3),
    ("resolve", lambda g: mtg.resolve(g, None), 0),
    ("new_game", lambda g, a, b: tcgrules.new_game(a, b), 2),
    ("bundled_card", lambda g, a, b: tcgrules.bundled_card(a, b), 2),
    ("parse_card", lambda g, a: tcgrules.parse_card("mtg", a), 1),
    ("Modify", lambda g, a, b: Modify(a, b), 2),
    ("Modify on a bear", lambda g, a, b: g.add_effect(_REFS["bear"], Modify(a, b)), 2),
    (
        "a card with values",
        lambda g, a, b: g.create(
            tcgrules.CardDefinition("mtg", "X", "Creature — Bear", values={"power": a}),
            b,
            "battlefield",
        ),
        2,
    ),
    (
        "a card with a type line",
        lambda g, a: g.create(tcgrules.CardDefinition("mtg", "X", a), "Alice", "battlefield"),
        1,
    ),
    ("Keyword", lambda g, a: Keyword(a), 1),
    ("CardDefinition", lambda g, a, b: tcgrules.CardDefinition("mtg", "X", a, values=b), 2),
]


def _still_works(game: Game) -> None:
    """What any accepted call must leave: every object's values can be worked out."""
    for obj in game.objects():
        game.characteristics(obj.ref)
        game.describe(obj.ref)
        game.controller(obj.ref)
    for p in game.players:
        game.life(p)
    game.check_state()


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    call=st.sampled_from(_CALLS),
    raw=st.lists(st.sampled_from(_VALUES), min_size=3, max_size=3),
)
def test_misuse_raises_only_library_errors_and_changes_nothing(
    call: tuple[str, Callable[..., object], int], raw: list[object]
) -> None:
    name, fn, arity = call
    game = _GAME.copy()
    args = [_value(r, _REFS) for r in raw[:arity]]
    before = game.copy()
    try:
        fn(game, *args)
    except TcgRulesError:
        assert game == before, f"{name}{tuple(args)!r} was refused but changed the game"
        return
    except Exception as exc:
        pytest.fail(f"{name}{tuple(args)!r} raised {type(exc).__name__}: {exc}")
    try:
        _still_works(game)
    except TcgRulesError as exc:
        pytest.fail(f"{name}{tuple(args)!r} was accepted and left a broken game: {exc}")
    except Exception as exc:
        pytest.fail(
            f"{name}{tuple(args)!r} was accepted and left a broken game: "
            f"{type(exc).__name__}: {exc}"
        )


def test_argument_errors_name_the_argument_and_what_was_expected() -> None:
    game = _GAME.copy()
    with pytest.raises(ArgumentError) as err:
        game.create("Lightning Bolt", "Alice", "hand")  # type: ignore[arg-type]
    assert err.value.argument == "card"
    assert "bundled_card('mtg', 'Lightning Bolt')" in str(err.value)
    with pytest.raises(ArgumentError, match="players"):
        tcgrules.new_game("mtg", "Alice")  # type: ignore[arg-type]


# --- each surprise of issue #14 (the Python API), reproduced -------------------------


def test_a_string_of_players_is_refused_not_split_into_letters() -> None:
    with pytest.raises(ArgumentError) as err:
        tcgrules.new_game("mtg", "Alice")  # type: ignore[arg-type]
    assert err.value.argument == "players"


def test_wrong_typed_values_are_refused_when_made_not_when_used() -> None:
    with pytest.raises(ArgumentError, match="delta"):
        Modify("power", "1")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="power"):
        tcgrules.CardDefinition("mtg", "X", "Creature — Bear", values={"power": "lots"})
    # printed values defined by text stay accepted
    star = tcgrules.CardDefinition("mtg", "X", "Creature — Bear", values={"power": "1+*"})
    assert star.values["power"] == "1+*"


def test_a_card_of_another_game_is_refused() -> None:
    game = _GAME.copy()
    hero = tcgrules.bundled_card("fab", next(iter(tcgrules.bundled_cards("fab"))))
    with pytest.raises(ArgumentError, match="a card of Magic"):
        game.create(hero, "Alice", "hand")
    assert game == _GAME


def test_a_reference_from_another_game_is_refused_not_misread() -> None:
    game = _GAME.copy()
    # the foreign bear has an id that names a different object in this game
    assert any(o.id == _REFS["foreign"].id for o in game.objects())
    with pytest.raises(tcgrules.UnknownObjectError, match="another game"):
        game.characteristics(_REFS["foreign"])
    # a copy shares its original's references
    assert game.copy().characteristics(_REFS["bear"]).name == "Runeclaw Bear"


@pytest.mark.rules("mtg:115.1")
def test_targets_flat_for_one_instance_and_players_by_name() -> None:
    game = _GAME.copy()
    mtg.cast(game, _REFS["bolt"], "Alice", targets=[_REFS["bear"]])
    assert game.get(game.stack[-1]).stack.targets == ((_REFS["bear"],),)  # type: ignore[union-attr]
    game = _GAME.copy()
    mtg.cast(game, _REFS["bolt"], "Alice", targets=[["Bob"]])
    mtg.resolve(game)
    assert game.life("Bob") == 17 and game.life(PlayerRef("Alice")) == 20
    with pytest.raises(ArgumentError, match="targets"):
        mtg.cast(game.copy(), _REFS["bolt"], "Alice", targets="Bob")


@pytest.mark.rules("mtg:702.11b")
def test_one_call_legal_targets_and_why_not() -> None:
    game = _GAME.copy()
    _ = game.add_effect(_REFS["bear"], GrantAbilities((Keyword("hexproof"),)))
    view = game.legal_targets(_REFS["bolt"], "Alice")
    assert "Bob" in view and _REFS["bear"] not in view
    verdict = game.explain_target(_REFS["bolt"], _REFS["bear"], "Alice")
    assert not verdict and verdict.cites(tcgrules.rule("mtg:702.11b"))
    assert game.explain_target(_REFS["bolt"], "Bob")
    with pytest.raises(ArgumentError, match="instance"):
        game.legal_targets(_REFS["bolt"], "Alice", instance=2)


@pytest.mark.parametrize("name", ["fab", "ga"])
def test_one_call_legal_targets_in_the_other_games(name: str) -> None:
    game = tcgrules.new_game(name, ["Alice", "Bob"])
    cards = tcgrules.bundled_cards(name)
    found = None
    for card in cards.values():
        if "target" in card.text and "hero" not in card.type_line.lower():
            ref = game.create(card, "Alice", "hand")
            if game.ruleset.card_text(card).target_requirements():
                found = ref
                break
    assert found is not None
    view = game.legal_targets(found, "Alice")
    for t in view:
        assert game.explain_target(found, t, "Alice")


@pytest.mark.rules("mtg:120.3a")
def test_narration_says_the_damage_before_the_life_it_costs() -> None:
    game = _GAME.copy()
    mtg.cast(game, _REFS["bolt"], "Alice", targets=[["Bob"]])
    mtg.resolve(game)
    kinds = [e.kind for e in game.events if e.player == "Bob"]
    assert kinds.index("damage") < kinds.index("life_lost")


@pytest.mark.rules("mtg:122.1a", "mtg:122.1b", "fab:2.0.3d")
@pytest.mark.parametrize(
    ("game_name", "good", "bad"),
    [
        ("mtg", ["+1/+1", "-1/-1", "+2/+0", "flying", "first strike", "charge"], ["+1blah", "2"]),
        ("fab", ["+1{p}", "-1{d}", "+1 power", "steam"], ["+1blah", "+x{p}"]),
        ("ga", ["buff", "debuff", "+1 power", "durability"], ["+1blah", "+2 wombat"]),
    ],
)
def test_unknown_counter_kinds_are_refused_with_what_is_accepted(
    game_name: str, good: list[str], bad: list[str]
) -> None:
    game = tcgrules.new_game(game_name, ["Alice", "Bob"])
    card = next(iter(tcgrules.bundled_cards(game_name).values()))
    ref = game.create(card, "Alice", "hand")
    for kind in good:
        game.add_counters(ref, kind, 1, rule_applied=None)
    before = game.copy()
    for kind in bad:
        with pytest.raises(ArgumentError) as err:
            game.add_counters(ref, kind, 1, rule_applied=None)
        assert err.value.expected and "named by a word" in err.value.expected
    assert game == before
