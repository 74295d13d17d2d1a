"""Card loaders (Scryfall, MTGJSON) and corpus coverage on the shared pool."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgrules.carddata.magic import load_mtgjson_atomic, load_scryfall
from tcgrules.errors import CardDataError

_DEFAULT = Path(__file__).resolve().parents[3] / "shared/cards/mtg-oracle-cards-2025-09-25.json.gz"
POOL = Path(os.environ.get("TCGRULES_MTG_CARDS", str(_DEFAULT)))
needs_pool = pytest.mark.skipif(
    not POOL.exists(),
    reason=f"no Magic card pool at {POOL}; set TCGRULES_MTG_CARDS to a Scryfall oracle-cards "
    "or MTGJSON AtomicCards file you downloaded",
)


def test_scryfall_multi_faced() -> None:
    cards = load_scryfall(
        [
            {
                "name": "Shock",
                "type_line": "Instant",
                "oracle_text": "Shock deals 2 damage to any target.",
            },
            {
                "name": "A // B",
                "type_line": "Creature — Elf // Instant — Adventure",
                "oracle_text": None,
                "card_faces": [
                    {
                        "name": "A",
                        "type_line": "Creature — Elf",
                        "oracle_text": "Flying",
                        "power": "2",
                    },
                    {
                        "name": "B",
                        "type_line": "Instant — Adventure",
                        "oracle_text": "Draw a card.",
                    },
                ],
            },
        ]
    )
    assert cards[0].text.startswith("Shock")
    assert [f.name for f in cards[1].faces] == ["A", "B"]
    assert cards[1].faces[0].values["power"] == 2


def test_scryfall_missing_field_has_path() -> None:
    with pytest.raises(CardDataError) as info:
        load_scryfall([{"name": "X", "type_line": "Instant"}, {"name": "Y"}])
    assert info.value.path == "$[1].type_line"


def test_mtgjson_atomic() -> None:
    data = {
        "data": {
            "Shock": [
                {"name": "Shock", "type": "Instant", "text": "Shock deals 2 damage to any target."}
            ],
            "Fire // Ice": [
                {
                    "name": "Fire // Ice",
                    "faceName": "Fire",
                    "type": "Instant",
                    "text": "x",
                    "side": "a",
                },
                {
                    "name": "Fire // Ice",
                    "faceName": "Ice",
                    "type": "Instant",
                    "text": "y",
                    "side": "b",
                },
            ],
        }
    }
    cards = load_mtgjson_atomic(data)
    assert cards[0].name == "Shock" and not cards[0].faces
    assert [f.name for f in cards[1].faces] == ["Fire", "Ice"]
    with pytest.raises(CardDataError) as info:
        load_mtgjson_atomic({"data": {"Z": [{"name": "Z"}]}})
    assert info.value.path == '$.data["Z"][0].type'


def test_cli_parse_text() -> None:
    from tcgrules.cli import main

    result = CliRunner().invoke(main, ["parse", "--game", "mtg", "Destroy target creature."])
    assert result.exit_code == 0, result.output
    assert "target creature" in result.output and "kinds={creature}" in result.output
    # Magic's canonical wording (the console may wrap the line)
    assert "-> 'target creature'" in " ".join(result.output.split())


def test_cli_parse_writes_no_magic_wording_for_another_game() -> None:
    """Only Magic has a canonical writer; a FaB phrase is shown as printed, never
    through Magic's words for its descriptor."""
    from tcgrules.cli import main

    result = CliRunner().invoke(main, ["parse", "--game", "fab", "Target attack gets +2{p}."])
    assert result.exit_code == 0, result.output
    assert "'Target attack'" in result.output
    assert "->" not in result.output.split("target requirements", 1)[1]


@needs_pool
def test_corpus_coverage() -> None:
    """At least 98% of target cards have every target phrase read, and more than half of
    the target faces every targeted effect (speed is measured by
    benchmarks/parse_corpus.py, not asserted here)."""
    from tcgrules.carddata.magic import load_cards
    from tcgrules.cardtext.coverage import corpus_report

    report = corpus_report(load_cards(POOL))
    assert report.percent() >= 98.0, report.failures[:20]
    assert report.effects_percent() >= 55.0


@needs_pool
def test_cli_corpus_report() -> None:
    from tcgrules.cli import main

    result = CliRunner().invoke(
        main, ["parse", "--game", "mtg", "--corpus", str(POOL), "--top", "5"]
    )
    assert result.exit_code == 0, result.output
    assert "cards/second" in result.output and "every target understood" in result.output
