"""The game's tables are declared once (``_TABLES``); copying, copy on write, equality
and rollback are derived from that declaration and must treat every table as declared."""

from __future__ import annotations

import gc
import sys
import tracemalloc
from collections.abc import Callable

import pytest
from immutables import Map

import tcgrules
from tcgrules.errors import RulesViolation
from tcgrules.kernel.effects import Modify
from tcgrules.kernel.game import _TABLES, Game
from tcgrules.kernel.objects import ObjectRef
from tcgrules.rules import rule
from tcgrules.verdict import Verdict

LIFE = rule("mtg:120.3a")
NAMES = tuple(t.name for t in _TABLES)
#: tables kept as persistent maps (structural sharing: a write makes a new map)
PERSISTENT = {"_objects", "_cache", "_lki"}


def _game() -> tuple[Game, ObjectRef, ObjectRef]:
    """A game with two bears on the battlefield, an effect, a card in hand, changed life,
    and its characteristics cache and board index filled (both are filled lazily, so
    only a full cache compares equal by value after the game is only read)."""
    g = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bear = tcgrules.bundled_card("mtg", "Runeclaw Bear")
    a = g.create(bear, "Alice", "battlefield")
    b = g.create(bear, "Bob", "battlefield")
    g.create(tcgrules.bundled_card("mtg", "Grizzly Bears"), "Alice", "hand")
    g.add_effect(a, Modify("power", 1))
    g.change_life("Bob", -2, rule_applied=LIFE)
    g.seen_everything()
    return g, a, b


def _tables(g: Game) -> dict[str, object]:
    """Every declared table of ``g`` by value: dicts and sets are copied (whatever the
    declaration says, so that a table wrongly declared immutable is caught); what is in
    them, and every other table, is immutable."""
    out: dict[str, object] = {}
    for name in NAMES:
        value = getattr(g, name)
        if isinstance(value, dict):
            value = dict(value)
        elif isinstance(value, set):
            value = set(value)
        out[name] = value
    return out


def _mutate(g: Game, a: ObjectRef, b: ObjectRef) -> None:
    """Change every kind of table: objects, zones, effects, last-known information,
    links, players, the log, the clock, ids, attachments, the active player and the
    turn."""
    g.create(tcgrules.bundled_card("mtg", "Serra Angel"), "Bob", "battlefield")
    g.add_effect(b, Modify("toughness", 3), until="end_of_turn")
    g.set_tapped(b, True, rule_applied=rule("mtg:701.21a"))
    g.mark_damage(b, 1, rule_applied=rule("mtg:120.3e"))
    g.attach(b, a, rule_applied=rule("mtg:303.4b"))
    g.link(b, a)
    g.move(a, "graveyard", rule_applied=rule("mtg:400.7"))
    g.change_life("Alice", -5, rule_applied=LIFE)
    g.end_turn(cleanup_rule=rule("mtg:514.2"))


# ---------------------------------------------------------------- the declaration
def test_every_slot_is_declared_once_in_the_table_declaration() -> None:
    assert len(set(NAMES)) == len(NAMES)
    assert set(NAMES) == set(Game.__slots__)
    assert tuple(Game.__slots__) == NAMES


def test_the_declared_policies_are_those_of_the_game() -> None:
    own = {t.name: t.own for t in _TABLES if t.own is not None}
    assert own == {
        "_players": dict,
        "_zones": dict,
        "_effects": dict,
        "_links": dict,
        "_touched": set,
    }
    # the large tables are persistent maps: never changed in place, so never copied
    assert {t.name for t in _TABLES if t.name in PERSISTENT and t.own is None} == PERSISTENT
    compared = [(t.name, t.compared) for t in _TABLES if t.compared is not None]
    assert compared == [
        ("_ruleset", "type"),
        *(
            (name, "value")
            for name in (
                "_players",
                "_objects",
                "_zones",
                "_effects",
                "_lki",
                "_events",
                "_clock",
                "_next_id",
                "_next_effect",
                "_active",
                "_turn",
                "_attack",
                "_shields",
                "_links",
                "_delayed",
                "_ending",
                "_extra_turns",
                "_resume",
                "_random",
                "_enforced",
            )
        ),
    ]
    assert {t.name for t in _TABLES if not t.restored} == {"_ruleset", "_shared"}
    assert {t.name for t in _TABLES if not t.shared} == {"_shared"}


def test_every_declared_table_is_set_by_init_copy_and_restore() -> None:
    g, _, _ = _game()
    fresh = tcgrules.new_game("mtg", ["Alice", "Bob"])
    twin = g.copy()
    with pytest.raises(KeyError), twin.transaction():
        raise KeyError("roll back")
    for game in (fresh, g, twin):
        for t in _TABLES:
            value = getattr(game, t.name)  # AttributeError if a slot was left unset
            if t.own is not None:
                assert type(value) is t.own, t.name
            if t.name in PERSISTENT:
                assert type(value) is Map, t.name


def test_the_state_compares_exactly_the_compared_tables() -> None:
    g, _, _ = _game()
    assert len(g._state()) == sum(1 for t in _TABLES if t.compared is not None)
    for t in _TABLES:
        if t.name == "_ruleset":
            continue
        twin = g.copy()
        object.__setattr__(twin, t.name, object())
        assert (twin == g) is (t.compared is None), t.name
    same_kind, other_kind = g.copy(), g.copy()
    same_kind._ruleset = tcgrules.make_ruleset("mtg")
    other_kind._ruleset = tcgrules.make_ruleset("fab")
    assert same_kind == g
    assert other_kind != g


def test_caches_and_indexes_never_make_two_games_differ() -> None:
    def build() -> Game:
        g = tcgrules.new_game("mtg", ["Alice", "Bob"])
        bear = tcgrules.bundled_card("mtg", "Runeclaw Bear")
        a = g.create(bear, "Alice", "battlefield")
        g.add_effect(a, Modify("power", 1))
        return g

    read, unread = build(), build()
    read.seen_everything()
    assert read._cache != unread._cache and read._board is not None
    assert unread._board is None
    assert read == unread
    read.check_state()
    assert read._touched != unread._touched
    assert read == unread


# ------------------------------------------------------------------------ copies
def test_a_copy_equals_its_original_and_shares_every_table() -> None:
    for g in (tcgrules.new_game("mtg", ["Alice", "Bob"]), _game()[0]):
        twin = g.copy()
        assert twin == g and g == twin
        assert twin._state() == g._state()
        for t in _TABLES:
            if t.shared:
                assert getattr(twin, t.name) is getattr(g, t.name), t.name
        assert twin._shared and g._shared


def test_changing_a_copy_never_changes_the_original() -> None:
    g, a, b = _game()
    twin = g.copy()
    before, state = _tables(g), g._state()
    _mutate(twin, a, b)
    assert twin != g
    assert g._state() == state
    assert _tables(g) == before
    assert g.is_current(a) and g.characteristics(a).power == 3
    assert g.player("Alice").life == 20 and g.player("Bob").life == 18


def test_changing_the_original_never_changes_a_copy() -> None:
    g, a, b = _game()
    twin = g.copy()
    before = _tables(twin)
    _mutate(g, a, b)
    assert twin != g
    assert _tables(twin) == before
    assert twin.is_current(a) and twin.active_player == "Alice"


# ----------------------------------------------------------------- transactions
def test_a_refused_transaction_restores_every_declared_table() -> None:
    g, a, b = _game()
    snapshot = g.copy()
    before, state = _tables(g), g._state()
    with pytest.raises(RulesViolation), g.transaction():
        _mutate(g, a, b)
        assert g != snapshot
        raise RulesViolation(Verdict.refuse(rule("mtg:115.3"), "not allowed"), "test action")
    assert g == snapshot
    assert g._state() == state
    after = _tables(g)
    for t in _TABLES:
        if t.name != "_shared":  # the copy-on-write flag: set after a rollback, by design
            assert after[t.name] == before[t.name], t.name
    assert g._shared
    # and the game, and the copy taken before, are still independent afterwards
    g.move(a, "exile", rule_applied=rule("mtg:400.7"))
    assert snapshot.is_current(a) and g != snapshot


# ------------------------------------------------------------- what a copy holds
def _board(permanents: int) -> tuple[Game, ObjectRef]:
    """A game with ``permanents`` bears on the battlefield, state-based actions checked
    and its caches and index warm; returns it and one bear."""
    g = tcgrules.new_game("mtg", ["Alice", "Bob"])
    bear = tcgrules.bundled_card("mtg", "Runeclaw Bear")
    refs = [g.create(bear, ("Alice", "Bob")[i % 2], "battlefield") for i in range(permanents)]
    g.check_state()
    g.seen_everything()
    return g, refs[0]


def _held(make: Callable[[], object]) -> int:
    """Bytes still allocated (tracemalloc) after ``make`` ran, while its result lives."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        kept = make()
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    del kept
    return held


def test_a_copy_holds_the_same_little_memory_whatever_the_board() -> None:
    """``copy()`` is O(1): it allocates the same (a game's slots) on a small board and a
    large one."""
    small, _ = _board(10)
    large, _ = _board(300)
    assert _held(small.copy) == _held(large.copy)


def test_a_copy_after_its_first_write_holds_a_few_kilobytes_not_a_copy_of_the_tables() -> None:
    """The large tables are persistent maps: the first write of a copy makes new maps
    that share all but a few nodes with the original's (issue #13: at most 4 KB for a
    land tapped on a board of 200 permanents; a plain dict of the objects alone is
    about 9 KB)."""
    g, bear = _board(200)
    tap = rule("mtg:701.21a")

    def tapped_copy() -> Game:
        twin = g.copy()
        twin.set_tapped(bear, True, rule_applied=tap)
        return twin

    tapped_copy()  # once first, so what is filled lazily on first use is not counted
    held = _held(tapped_copy)
    assert held <= 4096, held
    assert held < sys.getsizeof(dict(g._objects)) // 2
    # and the write reached the copy only
    twin = tapped_copy()
    assert twin.get(bear).tapped and not g.get(bear).tapped
    assert twin != g and twin._objects.get(bear.id) is not g._objects.get(bear.id)
