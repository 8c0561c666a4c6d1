"""The word-frequency table: wordfreq's list, compiled once into a DAWG cache."""

from normalize import frequency


def test_the_compiled_table_answers_as_the_list(tmp_path, monkeypatch):
    words = {"и": 50, "молоко": 500, "молока": 520, "изображение": 560}
    monkeypatch.setattr(frequency, "read_list", lambda: dict(words))
    path = tmp_path / "cache" / "frequency.dawg"
    frequency.build(path)
    import dawg

    table = dawg.IntDAWG().load(str(path))
    assert {word: table.get(word) for word in words} == words
    assert table.get("молок") is None and table.get("") is None
    # the commonest bucket of each length among the first words, and where they end
    assert table.get(frequency._LENGTH_KEY.format(1)) == 50
    assert table.get(frequency._LENGTH_KEY.format(6)) == 500
    assert table.get(frequency._LENGTH_KEY.format(0)) == 560
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no part file left


def test_a_cache_that_cannot_be_written_falls_back_to_the_list(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("PASYANS_CACHE", str(blocked / "below"))  # below a file: cannot be made
    monkeypatch.setattr(frequency, "read_list", lambda: {"молоко": 500, "и": 50})
    monkeypatch.setattr(frequency, "_TABLE", None)
    table = frequency.table()
    assert isinstance(table, dict) and table["молоко"] == 500
    assert table[frequency._LENGTH_KEY.format(6)] == 500


def test_a_damaged_cache_is_built_anew(tmp_path, monkeypatch):
    monkeypatch.setenv("PASYANS_CACHE", str(tmp_path))
    monkeypatch.setattr(frequency, "read_list", lambda: {"молоко": 500, "и": 50})
    monkeypatch.setattr(frequency, "_TABLE", None)
    frequency.cache_path().write_bytes(b"not a DAWG")
    assert frequency.table().get("молоко") == 500
    assert frequency.cache_path().stat().st_size > len(b"not a DAWG")


def test_zipf_of_common_and_unlisted_words():
    assert frequency.zipf("и") > 6 > frequency.zipf("молоко") > 3
    assert frequency.zipf("ёлка") == frequency.zipf("елка")
    assert frequency.zipf("щщщзз") == frequency.FLOOR
    assert frequency.highest_of_length(6) >= frequency.zipf("молоко")

