"""The judge's workbench: a Starlette app serving a page and a JSON API.

Routes (docs/web.md):

- ``GET /``: the page (an editor, the bundled examples, a new-scenario template per
  game, Run); ``GET /rules/{game}``: a game's rule catalog, one anchor per rule.
- ``POST /api/run``: the scenario's YAML as the body; ``tcgrules run --json``'s data.
- ``POST /api/explain`` and ``POST /api/board``: JSON bodies; the verdicts of
  ``tcgrules explain`` and the board, at a step.
- ``POST /ui/...``: the same, as HTML fragments for the page (htmx swaps them in).

Safe by default: bodies over ``max_body`` bytes are refused (413), each request runs
in a worker process and is stopped after ``timeout`` seconds (408), and a scenario is
only ever text: no route reads a file a request names.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import parse_qs

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tcgrules.catalogs import GAMES
from tcgrules.errors import InputError
from tcgrules.rules import RuleRef, catalog
from tcgrules.scenario.cli import examples_dir
from tcgrules.web.service import DEFAULT_SOURCE, Problem
from tcgrules.web.worker import Timeout, WorkerFailed, WorkerPool

#: the largest request body accepted, in bytes
MAX_BODY = 1_000_000
#: how long one request may run, in seconds
TIMEOUT = 10.0

#: the version of htmx vendored under static/ (from the npm registry, htmx.org)
HTMX_VERSION = "2.0.11"


@dataclass(frozen=True)
class Settings:
    max_body: int = MAX_BODY
    timeout: float = TIMEOUT
    workers: int = 1
    #: card pool files by game, given to ``tcgrules serve --cards`` by whoever starts it
    pools: Mapping[str, str] | None = None


# --------------------------------------------------------------------------- bundled text


def examples() -> dict[str, str]:
    """The bundled example scenarios by file name, in order."""
    folder = examples_dir()
    if folder is None:
        return {}
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))}


def new_scenarios() -> dict[str, str]:
    """A "new scenario" template per game, by the game's short name."""
    folder = resources.files("tcgrules.web").joinpath("new")
    return {
        game: folder.joinpath(f"{game}.yaml").read_text(encoding="utf-8")
        for game in GAMES
        if folder.joinpath(f"{game}.yaml").is_file()
    }


# --------------------------------------------------------------------------- rules in HTML


@cache
def _rule(text: str) -> tuple[str, str, str] | None:
    """``(game, number, summary)`` of a cited rule, or None if it is not a rule id."""
    try:
        ref = RuleRef.parse(text)
    except InputError:
        return None
    return ref.game, ref.number, catalog(ref.game).summary(ref)


def rule_link(text: str) -> Markup:
    """A rule id as a link to its catalog entry; hovering shows the one-line summary."""
    found = _rule(str(text))
    if found is None:
        return Markup("<span class='rule'>{}</span>").format(text)
    game, number, summary = found
    return Markup("<a class='rule' href='/rules/{}#r-{}' title='{}' target='_blank'>{}</a>").format(
        game, number, summary or "(not catalogued)", text
    )


@cache
def _templates() -> Environment:
    env = Environment(
        loader=PackageLoader("tcgrules.web", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["rule_link"] = rule_link
    env.globals["htmx_version"] = HTMX_VERSION
    return env


def render(name: str, status: int = 200, **context: Any) -> HTMLResponse:
    return HTMLResponse(_templates().get_template(name).render(**context), status_code=status)


# --------------------------------------------------------------------------- requests


async def read_body(request: Request, limit: int) -> bytes:
    """The request body, refused (413) past ``limit`` bytes, whatever the headers say."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise Problem(413, f"the request body is over the limit of {limit:,} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > limit:
            raise Problem(413, f"the request body is over the limit of {limit:,} bytes")
    return bytes(body)


def _text(body: bytes) -> str:
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Problem(400, f"the body is not UTF-8 text (byte {exc.start})") from None


def _json_body(body: bytes) -> dict[str, Any]:
    try:
        data = json.loads(_text(body))
    except json.JSONDecodeError as exc:
        raise Problem(
            400,
            f"the body is not JSON: {exc.msg}",
            [{"line": exc.lineno, "column": exc.colno, "path": "$", "message": exc.msg}],
        ) from None
    if not isinstance(data, dict):
        raise Problem(422, "the body is a JSON object", [{"path": "$", "message": "not an object"}])
    return data


def _form(body: bytes) -> dict[str, str]:
    return {k: v[-1] for k, v in parse_qs(_text(body), keep_blank_values=True).items()}


_EXPLAIN_KEYS = {
    "scenario": str,
    "step": int,
    "card": str,
    "object": int,
    "player": str,
    "all": bool,
    "name": str,
}


def _field(data: Mapping[str, Any], key: str, kind: type, *, required: bool = False) -> Any:
    value = data.get(key)
    if value is None:
        if required:
            raise Problem(422, f"missing key {key!r}", [{"path": f"$.{key}", "message": "missing"}])
        return None
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        expected = {str: "a string", int: "an integer", bool: "true or false"}[kind]
        raise Problem(
            422,
            f"$.{key}: expected {expected}, got {json.dumps(value)[:60]}",
            [{"path": f"$.{key}", "message": f"expected {expected}"}],
        )
    return value


def _checked(data: Mapping[str, Any]) -> dict[str, Any]:
    """The known keys of an explain/board request, typed; an unknown key is refused."""
    for key in data:
        if key not in _EXPLAIN_KEYS:
            raise Problem(
                422,
                f"unknown key {key!r}",
                [{"path": f"$.{key}", "message": "unknown key"}],
                expected="one of " + ", ".join(_EXPLAIN_KEYS),
            )
    return {k: _field(data, k, kind, required=k == "scenario") for k, kind in _EXPLAIN_KEYS.items()}


def _int(value: str | None, key: str) -> int | None:
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise Problem(422, f"{key} {value!r} is not a number") from None


# --------------------------------------------------------------------------- the app


def create_app(settings: Settings | None = None) -> Starlette:
    """The workbench app. Its workers start with the app (``lifespan``) or on first use."""
    config = settings or Settings()
    pool = WorkerPool(config.workers, config.pools)

    async def call(name: str, **kwargs: Any) -> Any:
        try:
            return await run_in_threadpool(pool.call, name, kwargs, config.timeout)
        except Timeout as exc:
            raise Problem(408, f"{exc}; the time limit is {config.timeout:g} s") from None
        except WorkerFailed as exc:
            raise Problem(503, f"the run stopped: {exc}") from None

    def api(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        async def endpoint(request: Request) -> Response:
            try:
                return JSONResponse(await handler(request))
            except Problem as exc:
                return JSONResponse(exc.to_json(), status_code=exc.status)

        return endpoint

    def ui(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
        # htmx swaps only 2xx answers, so the page's fragments carry their errors as HTML
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)  # type: ignore[no-any-return]
            except Problem as exc:
                return render("_problem.html", problem=exc.to_json(), code=exc.status)

        return endpoint

    async def api_run(request: Request) -> Any:
        text = _text(await read_body(request, config.max_body))
        return await call("run", text=text, source=request.query_params.get("name", DEFAULT_SOURCE))

    async def api_explain(request: Request) -> Any:
        data = _checked(_json_body(await read_body(request, config.max_body)))
        if data["card"] is None and data["object"] is None:
            raise Problem(
                422,
                "missing key 'card'",
                [{"path": "$.card", "message": "missing"}],
                expected="the card's name (or `object`, its id on the board)",
            )
        return await call(
            "explain",
            text=data["scenario"],
            step=data["step"],
            card=data["card"],
            player=data["player"],
            object_id=data["object"],
            everything=bool(data["all"]),
            source=data["name"] or DEFAULT_SOURCE,
        )

    async def api_board(request: Request) -> Any:
        data = _checked(_json_body(await read_body(request, config.max_body)))
        return await call(
            "board", text=data["scenario"], step=data["step"], source=data["name"] or DEFAULT_SOURCE
        )

    async def page(request: Request) -> Response:
        bundled = examples()
        chosen = request.query_params.get("example") or next(iter(bundled), "")
        return render(
            "index.html",
            examples=list(bundled),
            games=list(new_scenarios()),
            chosen=chosen,
            text=bundled.get(chosen, ""),
        )

    async def ui_editor(request: Request) -> Response:
        example, game = request.query_params.get("example"), request.query_params.get("new")
        text = examples().get(example or "") if example else new_scenarios().get(game or "")
        if text is None:
            raise Problem(404, f"no example or template {example or game!r}")
        return render("_editor.html", text=text)

    async def ui_run(request: Request) -> Response:
        form = _form(await read_body(request, config.max_body))
        try:
            data = await call("run", text=form.get("scenario", ""), source=DEFAULT_SOURCE)
        except Problem as exc:
            if "run" not in exc.extra:
                raise
            data = exc.extra["run"]
        return render("_timeline.html", result=data["scenarios"][0])

    async def ui_board(request: Request) -> Response:
        form = _form(await read_body(request, config.max_body))
        data = await call(
            "board", text=form.get("scenario", ""), step=_int(form.get("step"), "step")
        )
        return render("_board.html", board=data)

    async def ui_explain(request: Request) -> Response:
        form = _form(await read_body(request, config.max_body))
        data = await call(
            "explain",
            text=form.get("scenario", ""),
            step=_int(form.get("step"), "step"),
            card=form.get("card") or None,
            player=form.get("player") or None,
            object_id=_int(form.get("object"), "object"),
        )
        return render("_verdicts.html", explained=data)

    async def rules_page(request: Request) -> Response:
        game = request.path_params["game"]
        if game not in GAMES:
            problem = {"error": f"no game {game!r}", "details": []}
            return render("_problem.html", status=404, problem=problem, code=404)
        return render("rules.html", catalog=catalog(game))

    @asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        await run_in_threadpool(pool.start)
        try:
            yield
        finally:
            await run_in_threadpool(pool.close)

    static = StaticFiles(packages=[("tcgrules.web", "static")])
    app = Starlette(
        routes=[
            Route("/", page),
            Route("/rules/{game}", rules_page),
            Route("/api/run", api(api_run), methods=["POST"]),
            Route("/api/explain", api(api_explain), methods=["POST"]),
            Route("/api/board", api(api_board), methods=["POST"]),
            Route("/ui/editor", ui(ui_editor)),
            Route("/ui/run", ui(ui_run), methods=["POST"]),
            Route("/ui/board", ui(ui_board), methods=["POST"]),
            Route("/ui/explain", ui(ui_explain), methods=["POST"]),
            Mount("/static", static, name="static"),
        ],
        lifespan=lifespan,
    )
    app.state.pool = pool
    return app


__all__ = ["MAX_BODY", "TIMEOUT", "Settings", "create_app", "examples", "new_scenarios"]
