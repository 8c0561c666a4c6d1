"""The demo's Python side, run by Pyodide in the browser's Web Worker.

Standard library and `engine` only. `handle()` takes one JSON request
``{"op": ..., "args": {...}}`` and returns one JSON answer
``{"ok": true, "result": ...}`` or ``{"ok": false, "error": {...}}``, so
that no Python object crosses into JavaScript.
"""

from __future__ import annotations

import json

import engine


def hello(args: dict) -> dict:
    return {"engine": getattr(engine, "__doc__", "").splitlines()[0] if engine.__doc__ else ""}


OPS = {"hello": hello}


def handle(request: str) -> str:
    try:
        message = json.loads(request)
        op = OPS.get(message.get("op"))
        if op is None:
            raise ValueError(f"unknown operation {message.get('op')!r}")
        return json.dumps({"ok": True, "result": op(message.get("args") or {})}, ensure_ascii=False)
    except Exception as error:  # the page shows it; the worker must survive
        return json.dumps({"ok": False, "error": {"message": f"{type(error).__name__}: {error}"}}, ensure_ascii=False)
