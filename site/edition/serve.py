"""A small threaded static server for the built site, on 127.0.0.1 only.

It exists so that `pasyans serve` needs nothing but Python: correct MIME
types (browsers refuse to compile WebAssembly served as anything but
`application/wasm`, and module scripts need a JavaScript type) and the
edition's Content-Security-Policy as a header on every response.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from edition.security import CSP_HEADER

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".epub": "application/epub+zip",
    ".pdf": "application/pdf",
}


class EditionHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP_HEADER)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        # HTML must be re-read after a rebuild; everything else may be cached
        # briefly (Pyodide's 11 MB are the bulk of a warm load).
        cache = "no-cache" if self.path.split("?")[0].endswith((".html", "/")) else "max-age=300"
        self.send_header("Cache-Control", cache)
        super().end_headers()

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # A missing path gets the edition's own 404 page (built as 404.html,
        # its links from the site's root), with the status 404 kept.
        page = Path(self.directory) / "404.html"
        if code != 404 or self.command != "GET" or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404, message)
        self.send_header("Content-Type", MIME_TYPES[".html"])
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib name)
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


class EditionServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        # A reader who leaves while Pyodide's 11 MB are on the way closes the
        # connection: that is not an error of the server.
        error = sys.exc_info()[1]
        if isinstance(error, (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path, port: int = 0, quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A server for `directory` on 127.0.0.1 (`port` 0 picks a free one)."""
    handler = functools.partial(EditionHandler, directory=str(directory))
    server = EditionServer(("127.0.0.1", port), handler)
    server.quiet = quiet
    return server


def address(server: http.server.ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def serve_in_background(directory: Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """Start a quiet server on a thread (for tests and the benchmark)."""
    server = make_server(directory, port, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
