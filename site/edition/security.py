"""The Content-Security-Policy of the edition, in one place.

Only the site's own scripts run; Pyodide needs `'wasm-unsafe-eval'` to
compile its WebAssembly, and nothing else is relaxed: no inline scripts or
styles, no event-handler attributes, no request to another origin.
"""

from __future__ import annotations

_DIRECTIVES = (
    ("default-src", "'self'"),
    ("script-src", "'self' 'wasm-unsafe-eval'"),
    ("worker-src", "'self'"),
    ("connect-src", "'self'"),
    ("img-src", "'self' data:"),
    ("style-src", "'self'"),
    ("font-src", "'self'"),
    ("object-src", "'none'"),
    ("base-uri", "'none'"),
    ("form-action", "'self'"),
)

# The <meta> copy keeps the policy on a plain file host; browsers ignore
# (and complain about) frame-ancestors in <meta>, so it lives only in the header.
CSP_META = "; ".join(f"{name} {value}" for name, value in _DIRECTIVES)
CSP_HEADER = CSP_META + "; frame-ancestors 'none'"
