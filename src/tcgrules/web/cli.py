"""``tcgrules serve``: start the judge's workbench on this machine (docs/web.md)."""

from __future__ import annotations

import threading
import webbrowser

import click

from tcgrules.cli import main
from tcgrules.cli_pools import pool_files, pool_option

#: the addresses that only this machine can reach
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535))
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
@click.option(
    "--timeout",
    default=10.0,
    show_default=True,
    type=click.FloatRange(min=0.1),
    help="Seconds one run, board or explanation may take before it is stopped.",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 16),
    help="Worker processes running requests (one request each at a time).",
)
@pool_option
def serve_command(
    *,
    host: str,
    port: int,
    open_browser: bool,
    timeout: float,
    workers: int,
    pools: tuple[str, ...],
) -> None:
    """Start the workbench: write a scenario, run it, see every target and every reason.

    It listens on 127.0.0.1 (this machine only) unless --host says otherwise. A page or
    API request never names a file: scenarios are sent as text, and card pools are
    only those given here with --cards (or TCGRULES_<GAME>_CARDS).
    """
    try:
        import uvicorn  # noqa: PLC0415  (the web stack is imported only to serve)

        from tcgrules.web.app import Settings, create_app  # noqa: PLC0415
    except ImportError as exc:
        raise click.ClickException(
            f"the web workbench needs its dependencies ({exc}); run: pip install tcgrules"
        ) from None
    chosen = {game: str(path) for game, path in pool_files(pools).items()}
    app = create_app(Settings(timeout=timeout, workers=workers, pools=chosen))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    if host not in LOCAL_HOSTS:
        click.echo(
            f"warning: listening on {host}: other machines may reach the workbench", err=True
        )
    click.echo(f"tcgrules workbench: {url} (Ctrl+C stops it)")
    if open_browser:
        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning")
