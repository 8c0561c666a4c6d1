"""Properties of the normaliser, on generated text (hypothesis).

The generators build lines from the corpus's own words (raw OCR, diplomatic
and modern), damaged at random the way the OCR damages text, mixed with
arbitrary characters, so the rules meet both realistic and strange input.
"""

import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import normalize
import normalize.lines
from normalize.ocr import LOOKALIKES

LINES = [line for lines in normalize.normalize_corpus().values() for line in lines]
RAW_WORDS = sorted({w for line in LINES for w in regex.findall(r"\p{L}+", line.raw)})
# (boilerplate lines pass verbatim and hold a few pre-reform words: «Вольфъ»)
MODERN_WORDS = sorted({w for line in LINES for w in regex.findall(r"\p{L}+", line.modern)
                       if not regex.search(r"[ъЪ]$|[ѣѢіІѳѲѵѴ]", w)})
SEPARATORS = [" ", " ", " ", ", ", ". ", "-", " — ", " (", ") ", "; ", "«", "» ", " . ", "\t", "\r"]
DAMAGE = ["ђ", "Ф", "і", "ІІ", "н", "и", "ъ", "ь", " ", "-", "a", "o", "."]

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def damaged_lines(draw):
    parts = []
    for _ in range(draw(st.integers(1, 12))):
        word = draw(st.sampled_from(RAW_WORDS))
        if draw(st.booleans()):
            at = draw(st.integers(0, len(word)))
            word = word[:at] + draw(st.sampled_from(DAMAGE)) + word[at:]
        parts.append(word)
        parts.append(draw(st.sampled_from(SEPARATORS)))
    if draw(st.booleans()):
        parts.append(draw(st.text(max_size=8)))
    return "".join(parts)


@st.composite
def modern_lines(draw):
    words = draw(st.lists(st.sampled_from(MODERN_WORDS), min_size=1, max_size=12))
    seps = draw(st.lists(st.sampled_from([" ", ", ", ". ", " — ", "-", "; "]), min_size=len(words), max_size=len(words)))
    return "".join(w + s for w, s in zip(words, seps))


def _check_layers(line):
    assert normalize.apply_steps(line.raw, line.steps, "diplomatic") == line.diplomatic
    assert normalize.apply_steps(line.diplomatic, line.steps, "modern") == line.modern
    pieces = line.pieces()
    for layer in normalize.LAYERS:
        assert "".join(getattr(p, layer) for p in pieces) == line.layer(layer)
    assert sorted(map(repr, (s for p in pieces for s in p.steps))) == sorted(map(repr, line.steps))
    for piece in pieces:
        for step in piece.steps:
            assert step.before in (piece.raw if step.layer == "diplomatic" else piece.diplomatic)


@SETTINGS
@given(damaged_lines())
def test_apparatus_replays_to_each_layer(raw):
    _check_layers(normalize.normalize_line(raw))


@SETTINGS
@given(damaged_lines(), st.sampled_from(["diplomatic", "modern"]))
def test_every_character_of_a_layer_maps_to_a_raw_span(raw, layer):
    line = normalize.normalize_line(raw)
    text = line.layer(layer)
    previous = (0, 0)
    for index in range(len(text)):
        start, end = line.raw_span(layer, index, index + 1)
        assert 0 <= start <= end <= len(raw)
        assert start >= previous[0]  # monotone: the layers keep the order of the raw text
        previous = (start, end)
        if text[index] == raw[start:end]:
            continue
        # a changed character comes from a step whose raw span covers it
        steps = [s for s in line.steps if s.layer == "diplomatic"]
        assert steps or layer == "modern"
    assert line.raw_span(layer, 0, len(text)) == (0, len(raw)) or not text or not raw or line.steps


@SETTINGS
@given(modern_lines())
def test_modern_text_passes_through_the_modern_layer_unchanged(text):
    # the modern rules find nothing to do in modern text
    assert normalize.lines.modern_edits_of_line(text, "-", 1, "pre-reform") == []
    # read as pre-reform text, a modern word may gain a final ъ in the
    # diplomatic layer, but the modern layer gives the word back
    line = normalize.normalize_line(text)
    assert [w.lower() for w in regex.findall(r"\p{L}+", line.modern)] == [w.lower() for w in regex.findall(r"\p{L}+", text)]
    # a modern witness is never modernised
    line = normalize.normalize_line(text, orthography="modern")
    assert line.modern == line.diplomatic


@SETTINGS
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\n")
               .filter(lambda ch: not regex.match(r"\p{Script=Cyrillic}", ch)), max_size=60))
def test_text_without_cyrillic_is_never_changed(text):
    for orthography in ("pre-reform", "modern"):
        line = normalize.normalize_line(text, orthography=orthography)
        assert line.diplomatic == line.modern == text, orthography


@SETTINGS
@given(damaged_lines())
def test_non_cyrillic_characters_survive_unless_a_spacing_step_removes_them(raw):
    line = normalize.normalize_line(raw)
    for step in line.steps_of("diplomatic"):
        # Latin look-alikes are replaced on purpose (possibly merged with a later repair)
        removed = [ch for ch in step.before if not regex.match(r"\p{Script=Cyrillic}", ch)
                   and ch not in LOOKALIKES and ch not in "iI"]
        if removed and step.kind not in ("ocr-spacing", "ocr-hyphen", "ocr-lookalike", "errata"):
            # only the spacing/hyphen repairs may touch spaces and hyphens; the
            # look-alike repair exists to replace Latin letters
            assert all(ch in step.after for ch in removed), step
    for step in line.steps_of("modern"):
        assert regex.fullmatch(r"\p{Script=Cyrillic}*", step.before + step.after), step


def test_normalize_line_is_deterministic_and_nfc():
    import unicodedata

    for line in LINES:
        assert unicodedata.normalize("NFC", line.modern) == line.modern
        again = normalize.normalize_line(line.raw, witness=line.witness, number=line.number,
                                         orthography="verbatim" if not line.steps and line.raw == line.modern else "pre-reform")
        assert again.raw == line.raw


@SETTINGS
@given(damaged_lines())
def test_the_line_gate_of_spacing_joins_changes_no_join(raw):
    # `_line_may_join` only skips lines where `_cut` would join nothing: with
    # the gate and without it, the same joins
    lines = normalize.lines
    words = [m.span() for m in lines.WORD.finditer(raw)]
    for orthography in ("pre-reform", "modern"):
        gated = lines._spaced_joins(raw, words, orthography, lines.Taken(len(raw)), True)
        expected = []  # every run cut by `_cut`, as if no gate were there
        for a, b in lines._runs(raw, words, lines.Taken(len(raw)), True):
            texts = raw[a:b].split(" ")
            at, pieces = a, []
            for text in texts:
                pieces.append((at, at + len(text)))
                at += len(text) + 1
            for start, end in lines._cut(tuple(texts), orthography):
                edits = lines._joined_edits(raw, pieces[start:end], orthography, "spacing")
                if edits is not None:
                    expected.append(((pieces[start][0], pieces[end - 1][1]), edits))
        assert gated == expected
