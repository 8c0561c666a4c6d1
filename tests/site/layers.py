"""Helpers of the site tests: read one spelling layer back out of HTML."""

from __future__ import annotations

import lxml.html


def layer_text(html: str, layer: str) -> str:
    """The text a reader sees in `layer` ("1912" or "modern"): the other
    layer's spans and the apparatus notes removed."""
    root = lxml.html.fragment_fromstring(f"<div>{html}</div>")
    hidden = "l-m" if layer == "1912" else "l-o"
    for el in root.xpath(f'.//*[contains(concat(" ", @class, " "), " {hidden} ") or contains(concat(" ", @class, " "), " tip ")]'):
        el.drop_tree()
    return root.text_content()
