"""edition.serve and the `build`/`serve` commands."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

from edition import serve
from edition.security import CSP_HEADER

SAMPLE = Path(__file__).parent / "sample"


def fetch(url: str):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers, response.read()


def test_types_and_policy_on_every_response(built_site):
    server = serve.serve_in_background(built_site)
    try:
        base = serve.address(server)
        for path, kind in [("index.html", "text/html"), ("pyodide/pyodide.asm.wasm", "application/wasm"),
                           ("assets/js/demo.js", "text/javascript"), ("assets/style.css", "text/css"),
                           ("assets/engine.zip", "application/zip"), ("edition.tei.xml", "application/xml")]:
            if not (built_site / path).exists():
                continue
            headers, _ = fetch(base + path)
            assert headers["Content-Type"].startswith(kind), path
            assert headers["Content-Security-Policy"] == CSP_HEADER
            assert headers["X-Content-Type-Options"] == "nosniff"
    finally:
        server.shutdown()
        server.server_close()


def test_serve_prints_its_address_and_serves(tmp_path):
    # stderr to a file, not a pipe nobody reads: a fresh machine's first build
    # (the Pyodide snapshot made by node) can say more than a pipe holds, and
    # the server would then block on its last words instead of stopping.
    errors = (tmp_path / "stderr.txt").open("w", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "pasyans", "serve", "--port", "0", "--inputs", str(SAMPLE), "--out", str(tmp_path / "site")],
        stdout=subprocess.PIPE, stderr=errors, text=True,
        # Ctrl-C as a terminal sends it, even where this run was started in the
        # background with SIGINT ignored (the child would inherit SIG_IGN)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        lines = [process.stdout.readline(), process.stdout.readline()]
        address = lines[-1].split("at ", 1)[1].split()[0]
        assert address.startswith("http://127.0.0.1:")
        _, body = fetch(address + "index.html")
        assert "Двадцать четыре" in body.decode("utf-8")
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        errors.close()
    assert process.returncode == 0, (tmp_path / "stderr.txt").read_text(encoding="utf-8")


def test_build_reports_a_broken_input_as_a_user_error(tmp_path):
    (tmp_path / "games.json").write_text("[\n oops\n]", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "pasyans", "build", "--inputs", str(tmp_path), "--out", str(tmp_path / "o")],
                            capture_output=True, text=True, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    assert result.returncode == 2
    assert result.stderr.startswith("pasyans: ") and "games.json:2:" in result.stderr
    assert "Traceback" not in result.stderr


def test_registering_the_commands_imports_nothing_heavy():
    code = ("import argparse, sys; import edition.cli as c; c.register(argparse.ArgumentParser().add_subparsers()); "
            "print(sorted(m for m in ('jinja2', 'lxml', 'markupsafe', 'playwright', 'engine', 'extract') if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def test_a_busy_port_is_a_user_error(tmp_path):
    import socket

    (tmp_path / "index.html").write_text("<p>x</p>", encoding="utf-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([sys.executable, "-m", "pasyans", "serve", "--no-build", "--out", str(tmp_path),
                                 "--port", str(port)], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in result.stderr and "--port 0" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_missing_path_gets_the_editions_404_page_with_a_link_home(built_site):
    import urllib.error

    import lxml.html

    assert (built_site / "404.html").is_file()
    server = serve.serve_in_background(built_site)
    try:
        base = serve.address(server)
        for missing in ("no-such-page.html", "games/no-such-game.html", "games/deep/er/path", "assets/js/nothing.js"):
            try:
                fetch(base + missing)
            except urllib.error.HTTPError as error:
                assert error.code == 404, missing
                assert error.headers["Content-Type"].startswith("text/html")
                assert error.headers["Content-Security-Policy"] == CSP_HEADER
                page = lxml.html.fromstring(error.read())
            else:
                raise AssertionError(f"{missing} was served")
            assert page.xpath("//header[@class='site']"), "the site's own header"
            assert page.xpath("//h1")[0].text_content() == "Страница не найденаPage not found"  # both languages, shown by <html data-ui>
            home = page.xpath("//a[@class='go-home']/@href")
            assert home == ["/index.html"], home
            # every link and style of the page resolves from any depth
            for link in page.xpath("//link[@rel='stylesheet']/@href") + home:
                assert fetch(base + link.lstrip("/"))[1], link
    finally:
        server.shutdown()
        server.server_close()
