"""Issue #14: every malformed card file gets a located error and exit status 2.

A truncated ``.json.gz``, a JSON document of the wrong shape and a field of the wrong
type are each reported with the file, the ``$.path`` where known and what was
expected, for each game's loader and through ``tcgrules parse --corpus``.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tcgrules.cli import main
from tcgrules.errors import CardDataError
from tcgrules.kernel.ruleset import find_ruleset

_SCRYFALL = [{"name": "Shock", "type_line": "Instant", "oracle_text": "Shock deals 2 damage."}]


def _truncated(tmp_path: Path) -> Path:
    whole = gzip.compress(json.dumps(_SCRYFALL * 200).encode())
    path = tmp_path / "cards.json.gz"
    path.write_bytes(whole[: len(whole) // 2])
    return path


def _write(tmp_path: Path, data: object, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("game", ["mtg", "fab", "ga"])
def test_a_truncated_gzip_is_a_located_error(tmp_path: Path, game: str) -> None:
    path = _truncated(tmp_path)
    with pytest.raises(CardDataError) as err:
        find_ruleset(game)().card_file(path)
    assert err.value.source == str(path)
    assert "gzip" in str(err.value)


@pytest.mark.parametrize("game", ["mtg", "fab", "ga"])
def test_a_json_string_is_not_read_as_a_path(tmp_path: Path, game: str) -> None:
    (tmp_path / "other.json").write_text(json.dumps(_SCRYFALL))
    path = _write(tmp_path, "other.json")
    with pytest.raises(CardDataError) as err:
        find_ruleset(game)().card_file(path)
    assert err.value.path == "$"
    assert "string" in str(err.value)


def test_a_number_where_text_belongs_is_refused(tmp_path: Path) -> None:
    scryfall = _write(tmp_path, [{"name": "X", "type_line": "Instant", "oracle_text": 42}])
    with pytest.raises(CardDataError) as err:
        find_ruleset("mtg")().card_file(scryfall)
    assert err.value.path == "$[0].oracle_text"
    mtgjson = _write(
        tmp_path, {"data": {"X": [{"name": "X", "type": "Instant", "text": 42}]}}, "atomic.json"
    )
    with pytest.raises(CardDataError) as err:
        find_ruleset("mtg")().card_file(mtgjson)
    assert err.value.path == '$.data["X"][0].text'
    word = _write(
        tmp_path,
        [{"name": "X", "type_line": "Creature", "power": "lots", "toughness": "1"}],
        "word.json",
    )
    with pytest.raises(CardDataError) as err:
        find_ruleset("mtg")().card_file(word)
    assert err.value.path == "$[0].power"


def test_parse_corpus_exits_2_with_the_located_error(tmp_path: Path) -> None:
    for path in (_truncated(tmp_path), _write(tmp_path, "cards.json", "s.json")):
        result = CliRunner().invoke(main, ["parse", "--game", "mtg", "--corpus", str(path)])
        assert result.exit_code == 2, result.output
        assert str(path) in result.output and "Aborted" not in result.output
