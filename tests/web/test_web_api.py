"""Issue #15: the workbench's JSON API and page fragments, through Starlette's test client.

Every bundled example run through ``POST /api/run`` equals ``tcgrules run --json`` for
the same file; bad input gets the right 4xx with the located error, never a 500; a run
over the time limit is stopped (408); a scenario is text and names no file the server
would read.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from tcgrules.cli import main
from tcgrules.scenario.cli import examples_dir
from tcgrules.web.app import MAX_BODY, Settings, create_app, new_scenarios

EXAMPLES = examples_dir()
assert EXAMPLES is not None
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))
GA_EXAMPLE = EXAMPLES / "09_ga_spellshroud_fizzle.yaml"

UNSUPPORTED = """\
game: mtg
title: a step tcgrules can't do yet
players: [Alice, Bob]
cards:
  Odd Spell:
    type: Sorcery
    cost: "{1}{U}"
    text: "Exchange your life total with target player's hand size."
setup:
  Alice: {hand: [Odd Spell]}
steps:
  - cast: Odd Spell
    by: Alice
    targets: [[Bob]]
  - resolve: 1
"""

FAILING = """\
game: mtg
title: a check that fails
players: [Alice, Bob]
setup:
  Bob: {battlefield: [Runeclaw Bear]}
steps:
  - expect: {zone: {Runeclaw Bear: graveyard}}
"""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings(timeout=60))) as test_client:
        yield test_client


def _cli_json(path: Path) -> object:
    result = CliRunner().invoke(main, ["run", "--json", str(path)])
    return json.loads(result.output)


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_every_bundled_example_runs_as_tcgrules_run_json(client: TestClient, path: Path) -> None:
    answer = client.post(
        "/api/run", params={"name": str(path)}, content=path.read_text(encoding="utf-8")
    )
    assert answer.status_code == 200
    assert answer.json() == _cli_json(path)


def test_without_a_name_the_scenario_is_called_scenario(client: TestClient) -> None:
    data = client.post("/api/run", content=FAILING).json()
    assert data["failed"] == 1
    (scenario,) = data["scenarios"]
    assert scenario["path"] == "<scenario>"
    assert scenario["steps"][0]["failures"]


def test_malformed_yaml_is_422_with_its_line_and_column(client: TestClient) -> None:
    answer = client.post("/api/run", content="game: mtg\nplayers: [Alice\nsteps: []\n")
    assert answer.status_code == 422
    body = answer.json()
    assert "YAML syntax error" in body["error"]
    assert body["details"][0]["line"] == 3
    assert body["run"]["malformed"] == 1


def test_an_unknown_key_is_422_at_its_path(client: TestClient) -> None:
    answer = client.post("/api/run", content="game: mtg\nplayers: [Alice]\nstpes: []\n")
    assert answer.status_code == 422
    (detail,) = answer.json()["details"]
    assert (detail["line"], detail["path"]) == (3, "$.stpes")
    assert "did you mean 'steps'" in detail["message"]


def test_an_unknown_card_is_422_with_the_closest_names(client: TestClient) -> None:
    text = "game: mtg\nplayers: [Alice]\nsetup:\n  Alice: {hand: [Lightning Blot]}\n"
    answer = client.post("/api/run", content=text)
    assert answer.status_code == 422
    body = answer.json()
    assert "unknown card 'Lightning Blot'" in body["error"]
    assert "Lightning Bolt" in body["error"]
    assert body["details"][0]["line"] == 4


def test_a_body_over_the_limit_is_413(client: TestClient) -> None:
    answer = client.post("/api/run", content=b"#" * (MAX_BODY + 1))
    assert answer.status_code == 413
    assert "over the limit" in answer.json()["error"]


def test_a_body_that_is_not_utf8_is_400(client: TestClient) -> None:
    answer = client.post("/api/run", content=b"game: \xff\n")
    assert answer.status_code == 400
    assert "UTF-8" in answer.json()["error"]


def test_an_unsupported_feature_is_its_own_outcome_said_plainly(client: TestClient) -> None:
    data = client.post("/api/run", content=UNSUPPORTED).json()
    assert data["unsupported"] == 1
    step = data["scenarios"][0]["steps"][-1]
    assert step["unsupported"].startswith("not supported yet")
    page = client.post("/ui/run", data={"scenario": UNSUPPORTED}).text
    assert "Not supported yet" in page
    assert 'class="badge unsupported"' in page


@pytest.mark.parametrize(
    "text",
    [
        "game: mtg\nplayers: [Alice]\ncards: /etc/passwd\n",
        "game: mtg\nplayers: [Alice]\ncards: !!python/object:os.system {}\n",
        "game: mtg\nplayers: [Alice]\ncards: !include /etc/passwd\n",
        "game: mtg\nplayers: [Alice]\nsetup:\n  Alice: {hand: [/etc/passwd]}\n",
    ],
    ids=["cards-path", "python-tag", "include-tag", "card-named-a-path"],
)
def test_a_scenario_cannot_name_a_file_the_server_would_read(client: TestClient, text: str) -> None:
    answer = client.post("/api/run", content=text)
    assert answer.status_code == 422
    assert "root:" not in answer.text
    assert answer.json()["details"][0]["line"] in (3, 4)


def test_the_name_of_a_scenario_is_only_a_label(client: TestClient) -> None:
    data = client.post("/api/run", params={"name": "/etc/passwd"}, content=FAILING).json()
    assert data["scenarios"][0]["path"] == "/etc/passwd"
    assert data["failed"] == 1


# --------------------------------------------------------------------------- explain


def test_explain_gives_the_verdicts_of_tcgrules_explain(client: TestClient) -> None:
    text = GA_EXAMPLE.read_text(encoding="utf-8")
    answer = client.post(
        "/api/explain",
        json={"scenario": text, "step": 3, "card": "Hypothermia", "player": "Alice"},
    )
    assert answer.status_code == 200
    body = answer.json()
    cli = CliRunner().invoke(
        main,
        [
            "explain",
            str(GA_EXAMPLE),
            "--card",
            "Hypothermia",
            "--by",
            "Alice",
            "--step",
            "3",
            "--json",
        ],
    )
    assert body["verdicts"] == json.loads(cli.output)
    legal = {v["candidate"]: v for v in body["verdicts"]}
    assert legal["Trusty Steed"]["legal"] is True
    raccoon = legal["Scavenging Raccoon"]
    assert raccoon["legal"] is False
    assert "ga:keywords-and-abilities/spellshroud-1" in [r["rule"] for r in raccoon["reasons"]]


def test_explain_defaults_to_the_cards_owner(client: TestClient) -> None:
    text = (EXAMPLES / "02_hexproof.yaml").read_text(encoding="utf-8")
    body = client.post("/api/explain", json={"scenario": text, "card": "Giant Growth"}).json()
    assert body["player"] == "Bob"
    assert [v["legal"] for v in body["verdicts"] if v["candidate"] == "Gladecover Scout"] == [True]


@pytest.mark.parametrize(
    ("request_body", "status", "message"),
    [
        ({"scenario": FAILING, "card": "Nothing Here"}, 422, "nothing is named 'Nothing Here'"),
        ({"scenario": FAILING, "card": "Runeclaw Bear", "step": 9}, 422, "step 9 is out of range"),
        ({"scenario": FAILING, "card": "Runeclaw Bear", "step": "2"}, 422, "expected an integer"),
        ({"scenario": FAILING, "card": "Runeclaw Bear", "player": "Carol"}, 422, "not a player"),
        ({"scenario": FAILING}, 422, "missing key 'card'"),
        ({"card": "Runeclaw Bear"}, 422, "missing key 'scenario'"),
        ({"scenario": FAILING, "card": "x", "file": "/etc/passwd"}, 422, "unknown key 'file'"),
        ({"scenario": "game: [", "card": "x"}, 422, "YAML syntax error"),
    ],
    ids=[
        "unknown-card",
        "step-out-of-range",
        "step-type",
        "player",
        "no-card",
        "no-scenario",
        "unknown-key",
        "bad-yaml",
    ],
)
def test_bad_explain_requests_get_4xx_and_say_why(
    client: TestClient, request_body: dict[str, object], status: int, message: str
) -> None:
    answer = client.post("/api/explain", json=request_body)
    assert answer.status_code == status, answer.text
    assert message in answer.json()["error"]


def test_explain_body_that_is_not_json_is_400(client: TestClient) -> None:
    answer = client.post("/api/explain", content=b"{not json")
    assert answer.status_code == 400
    assert answer.json()["details"][0]["column"] == 2


def test_explain_of_a_step_out_of_range_names_the_range(client: TestClient) -> None:
    body = client.post(
        "/api/explain", json={"scenario": FAILING, "card": "Runeclaw Bear", "step": 0}
    ).json()
    assert "1 to 2" in body["details"][0]["expected"]


# --------------------------------------------------------------------------- board


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.name)
def test_the_board_of_every_example_opens_at_every_step(client: TestClient, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    first = client.post("/api/board", json={"scenario": text}).json()
    for step in range(1, first["steps"] + 2):
        answer = client.post("/api/board", json={"scenario": text, "step": step})
        assert answer.status_code in (200, 422), answer.text
        if answer.status_code == 422:  # a step after one tcgrules can't do
            assert answer.json().get("unsupported")


def test_the_board_shows_base_and_current_values_counters_and_controller(
    client: TestClient,
) -> None:
    text = (EXAMPLES / "02_hexproof.yaml").read_text(encoding="utf-8")
    board = client.post("/api/board", json={"scenario": text, "step": 5}).json()
    (battlefield,) = [z for z in board["shared"] if z["zone"] == "battlefield"]
    (scout,) = battlefield["objects"]
    assert scout["controller"] == "Bob"
    assert (scout["base"]["values"]["power"], scout["current"]["values"]["power"]) == (1, 4)
    assert "power" in scout["changed"]


def test_the_stack_is_top_first_with_its_targets(client: TestClient) -> None:
    text = (EXAMPLES / "03_arc_trail.yaml").read_text(encoding="utf-8")
    board = client.post("/api/board", json={"scenario": text, "step": 3}).json()
    (stack,) = [z for z in board["shared"] if z["zone"] == "stack"]
    (spell,) = stack["objects"]
    assert spell["targets"] == [["Runeclaw Bear"], ["Bob"]]
    assert spell["explainable"]


# --------------------------------------------------------------------------- time limit


def test_a_run_over_the_time_limit_is_stopped_with_408() -> None:
    with TestClient(create_app(Settings(timeout=1e-6))) as slow:
        text = GA_EXAMPLE.read_text(encoding="utf-8")
        for _ in range(2):  # the stopped worker is replaced
            answer = slow.post("/api/run", content=text)
            assert answer.status_code == 408
            assert "time limit" in answer.json()["error"]


# --------------------------------------------------------------------------- the page


def test_the_page_lists_the_examples_and_a_template_per_game(client: TestClient) -> None:
    page = client.get("/").text
    for path in EXAMPLE_FILES:
        assert path.name in page
    assert set(new_scenarios()) == {"mtg", "fab", "ga"}
    for game in ("mtg", "fab", "ga"):
        assert f'<option value="{game}">' in page
        editor = client.get("/ui/editor", params={"new": game}).text
        assert f"game: {game}" in editor


@pytest.mark.parametrize("game", ["mtg", "fab", "ga"])
def test_each_new_scenario_template_passes(client: TestClient, game: str) -> None:
    data = client.post("/api/run", content=new_scenarios()[game]).json()
    assert (data["passed"], data["scenarios"][0]["game"]) == (1, game)


def test_the_timeline_links_rules_with_their_summary_and_marks_failed_lines(
    client: TestClient,
) -> None:
    page = client.post("/ui/run", data={"scenario": FAILING}).text
    assert 'class="problem" data-line="7"' in page
    text = (EXAMPLES / "03_arc_trail.yaml").read_text(encoding="utf-8")
    page = client.post("/ui/run", data={"scenario": text}).text
    assert "href='/rules/mtg#r-115.3'" in page
    assert "title='One instance of &#34;target&#34;" in page


def test_a_malformed_scenario_is_listed_at_its_line_in_the_page(client: TestClient) -> None:
    page = client.post("/ui/run", data={"scenario": "game: mtg\nplayers: [Alice]\nstpes: []\n"})
    assert page.status_code == 200  # htmx swaps only 2xx answers
    assert 'data-line="3"' in page.text
    assert "unknown key" in page.text


def test_board_and_explain_fragments(client: TestClient) -> None:
    text = GA_EXAMPLE.read_text(encoding="utf-8")
    board = client.post("/ui/board", data={"scenario": text, "step": "3"}).text
    assert 'data-name="Hypothermia"' in board
    assert 'hx-post="/ui/explain"' in board
    verdicts = client.post(
        "/ui/explain", data={"scenario": text, "step": "3", "card": "Hypothermia"}
    ).text
    assert 'class="verdict legal" data-candidate="Trusty Steed"' in verdicts
    assert 'class="verdict illegal" data-candidate="Scavenging Raccoon"' in verdicts
    assert "ga:keywords-and-abilities/spellshroud-1" in verdicts
    problem = client.post("/ui/board", data={"scenario": text, "step": "99"}).text
    assert "out of range" in problem


def test_the_rule_catalog_page_has_an_anchor_per_rule(client: TestClient) -> None:
    page = client.get("/rules/mtg").text
    assert 'id="r-115.3"' in page
    assert client.get("/rules/nope").status_code == 404


def test_htmx_is_served_from_the_package_with_its_license(client: TestClient) -> None:
    script = client.get("/static/htmx.min.js")
    assert script.status_code == 200
    assert "htmx 2.0.11" in script.text[:200]
    assert "Zero-Clause BSD" in client.get("/static/htmx.LICENSE").text


def test_serve_is_a_command() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0
    assert "127.0.0.1" in result.output


#: per game: a new-scenario template's step, the card clicked, a legal and an illegal
#: candidate, and the rule the illegal one fails (None: any rule of that game)
EXPLAINED = [
    ("mtg", 1, "Lightning Bolt", "Runeclaw Bear", "Gladecover Scout", "mtg:702.11b"),
    ("fab", 1, "Aether Dart", "Cub", "Energy Potion", "fab:1.8.5d"),
    ("ga", 2, "Hypothermia", "Trusty Steed", "Scavenging Raccoon", None),
]


@pytest.mark.parametrize("case", EXPLAINED, ids=lambda case: str(case[0]))
def test_each_game_explains_a_legal_and_an_illegal_target(
    client: TestClient, case: tuple[str, int, str, str, str, str | None]
) -> None:
    game, step, card, legal, illegal, rule = case
    text = new_scenarios()[game]
    body = client.post("/api/explain", json={"scenario": text, "step": step, "card": card})
    verdicts = {v["candidate"]: v for v in body.json()["verdicts"]}
    assert verdicts[legal]["legal"] is True
    assert verdicts[illegal]["legal"] is False
    failed = [r["rule"] for r in verdicts[illegal]["reasons"] if not r["passed"]]
    assert failed
    assert all(r.startswith(f"{game}:") for r in failed)
    if rule is not None:
        assert rule in failed
