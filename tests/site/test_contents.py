"""The contents of the whole book: Cadogan's twenty-four games in her order,
each with the witnesses that hold it and a link to where it plays, or
marked lost; the book's games outside her order and the modern ones after;
every link of the page resolves."""

from __future__ import annotations

import lxml.html

from edition import contents, linkcheck


def test_the_twenty_four_hold_every_game_of_the_book(edition_data):
    entries = contents.entries(edition_data)
    assert [entry.number for entry in entries] == list(range(1, 25))
    assert len({entry.cadogan for entry in entries}) == 24
    placed = {game.slug for entry in entries for game in entry.games}
    for game in edition_data.games:  # each game of the edition is in exactly one place on the page
        places = [game.slug in placed, game in contents.unplaced(edition_data), game in contents.modern(edition_data)]
        assert places.count(True) == 1, (game.slug, places)
        if game.cadogan_number:
            assert entries[game.cadogan_number - 1].games.count(game) == 1
    for entry in entries:
        # Her title in the row is the one the extraction gives the game (games.toml's `cadogan`).
        assert not entry.games or any(entry.cadogan in game.cadogan for game in entry.games), entry.number
        assert (entry.status == "lost") == (entry.games == []) and entry.ru and entry.en
    assert {w for game in contents.modern(edition_data) for w in game.witnesses} <= {"002", "004"}
    assert 0 < sum(entry.status != "lost" for entry in entries) < 24


def test_the_contents_page(built_site, edition_data):
    page = built_site / "contents.html"
    tree = lxml.html.parse(str(page))
    rows = tree.xpath('//table[@class="contents-list"]/tbody/tr')
    entries = contents.entries(edition_data)
    assert [row.get("id") for row in rows] == [f"cadogan-{n}" for n in range(1, 25)]
    for row, entry in zip(rows, entries):
        games = [href for href in row.xpath('.//td[@class="title"]//a/@href')]
        assert games == [f"games/{game.slug}.html" for game in entry.games]
        assert (built_site / "games").is_dir() and all((built_site / href).exists() for href in games)
        here = row.xpath('string(.//td[@class="here"])')
        plays = row.xpath('.//td[@class="here"]//a/@href')
        assert plays == [f"games/{g.slug}.html#demo" for g in entry.games if g.playable]
        if entry.status == "lost":
            assert "утрачена" in here and "lost" in here and not row.xpath('.//td[@class="witness"]//a')
        else:
            assert row.xpath('.//td[@class="witness"]//a/@href') == [f"sources.html#witness-{w}" for w in entry.witnesses]
    # Both languages, with the counts filled in.
    text = tree.xpath("string(//main)")
    held = sum(1 for entry in entries if entry.games)
    assert f"сохранили {held}; {24 - held} утрачены" in text and f"they hold {held}; {24 - held} are lost" in text
    for game in contents.unplaced(edition_data) + contents.modern(edition_data):
        assert tree.xpath(f'//a[@href="games/{game.slug}.html"]'), game.slug
    assert [p for p in linkcheck.problems(built_site) if p.startswith("contents.html")] == []
    # It is linked from the home page, the whole book and the sources.
    for other in ("index.html", "book.html", "sources.html"):
        assert lxml.html.parse(str(built_site / other)).xpath('//a[@href="contents.html"]'), other
