"""``tcgrules serve``: the judge's workbench, a local web page over the scenario runner.

Write or load a scenario, run it, read each step's events with their rules, open
the board at any step, and click a card to see every candidate target marked legal
or illegal with the rules (docs/web.md). Needs the ``web`` dependencies (Starlette,
uvicorn, Jinja2), which ``pip install tcgrules`` brings.
"""
