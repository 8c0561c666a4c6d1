"""`pasyans build` and `pasyans serve`: the edition as a static site.

`register` only adds arguments; jinja2, lxml and the other stages are
imported by the handlers.
"""

from __future__ import annotations

from pathlib import Path

DEFAULT_OUT = Path("_build") / "site"


def register(subparsers) -> None:
    parser = subparsers.add_parser("build", help="render the static edition site")
    parser.add_argument("--out", metavar="DIR", type=Path, default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    parser.add_argument("--inputs", metavar="DIR", type=Path, help="read the stages' saved JSON/TEI from DIR instead of running them")
    parser.add_argument("--win-rates", metavar="FILE", type=Path,
                        help="the solver's table of win rates (default data/winrates.json, if it exists; its figures are "
                             "recomputed from the per-deal records in the folder winrates/ beside it)")
    parser.add_argument("--check", action="store_true", help="then check that every link and #fragment resolves (exit 1 if not)")
    parser.set_defaults(func=build_command)

    parser = subparsers.add_parser("serve", help="build the site and serve it on localhost")
    parser.add_argument("--out", metavar="DIR", type=Path, default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    parser.add_argument("--port", metavar="N", type=int, default=8000, help="port on 127.0.0.1 (default 8000; 0 picks a free one)")
    parser.add_argument("--inputs", metavar="DIR", type=Path, help="read the stages' saved JSON/TEI from DIR instead of running them")
    parser.add_argument("--win-rates", metavar="FILE", type=Path,
                        help="the solver's table of win rates (default data/winrates.json, if it exists; its figures are "
                             "recomputed from the per-deal records in the folder winrates/ beside it)")
    parser.add_argument("--no-build", action="store_true", help="serve the folder as it is")
    parser.set_defaults(func=serve_command)


def _build(out: Path, inputs_dir: Path | None = None, win_rates: Path | None = None) -> int:
    import time

    from edition import inputs, render

    start = time.perf_counter()
    if win_rates is not None and not win_rates.exists():
        from pasyans.errors import InputError

        raise InputError("no such file", str(win_rates))
    edition = inputs.load(inputs.Folder(inputs_dir) if inputs_dir else None, win_rates)
    written = render.build(edition, out)
    pages = sum(1 for path in written if path.suffix == ".html")
    made = ", ".join(f"{path.name} {path.stat().st_size / 1024:.0f} KB" for path in written if path.suffix in (".epub", ".pdf"))
    print(f"built {pages} pages ({len(written)} files{'; ' + made if made else ''}) in {out} "
          f"in {time.perf_counter() - start:.1f} s")
    if edition.missing:
        print(f"not yet available: {', '.join(edition.missing)}")
    return 0


def build_command(args) -> int:
    status = _build(args.out, args.inputs, args.win_rates)
    if args.check:
        from edition import linkcheck

        problems = linkcheck.problems(args.out)
        for problem in problems:
            print(f"pasyans: {args.out / problem}")
        print(f"checked the links: {len(problems)} problem(s)")
        status = 1 if problems else status
    return status


def serve_command(args) -> int:
    from edition import serve
    from pasyans.errors import InputError

    if not args.no_build:
        _build(args.out, args.inputs, args.win_rates)
    if not (args.out / "index.html").exists():
        raise InputError("no built site here: run `pasyans build` first or drop --no-build", str(args.out))
    try:
        server = serve.make_server(args.out, args.port)
    except OSError as error:
        raise InputError(f"cannot listen on 127.0.0.1:{args.port}: {error.strerror} (try --port 0)") from None
    print(f"serving the edition at {serve.address(server)} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
