"""The player's budget curve on the pages (edition/curve.py,
templates/_player_curve.html): the plot, the facts beside it, both languages."""

from __future__ import annotations

import re
from types import SimpleNamespace

from edition import render
from edition.curve import curve_facts, curve_svg

CURVE = {"flat": True, "headline": {"seconds": 4.0, "deals": 50, "won": 5, "rate": 0.1, "low": 0.04, "high": 0.21},
         "points": [{"seconds": 1.0, "deals": 50, "first_deal": 1, "last_deal": 50, "won": 4, "rate": 0.08,
                     "low": 0.03, "high": 0.19},
                    {"seconds": 4.0, "deals": 50, "first_deal": 1, "last_deal": 50, "won": 5, "rate": 0.1,
                     "low": 0.04, "high": 0.21, "pays_off": False}]}
RATES = {"solvable": {"deals": 300, "won": 238, "unknown": 39}}


def test_the_plot_draws_each_budget_with_its_interval_and_the_pack_known_line():
    svg = str(curve_svg(CURVE, 238 / 300, "label"))
    assert svg.count("<circle") == 2 and svg.count('class="interval"') == 2
    assert svg.count('class="known"') == 1 and 'aria-label="label"' in svg
    ys = [float(y) for y in re.findall(r'<circle class="point" cx="[\d.]+" cy="([\d.]+)"', svg)]
    known = float(re.search(r'class="known" x1="[\d.]+" x2="[\d.]+" y1="([\d.]+)"', svg).group(1))
    assert known < min(ys)  # 79% is drawn above 8% and 10% (y grows downwards)
    assert ">1<" in svg and ">4<" in svg  # the budgets on the axis
    assert "style=" not in svg  # the site's CSP: classes only


def test_the_facts_say_flat_and_far_below_the_pack_known_figure():
    facts = curve_facts(CURVE, RATES)
    assert facts["known"] == 79 and facts["below"] and facts["flat"]
    assert facts["budgets"] == "1, 4" and (facts["first"], facts["last"]) == (1, 50)
    near = {**CURVE, "flat": False, "headline": {**CURVE["headline"], "rate": 0.5}}
    assert not curve_facts(near, RATES)["below"]
    assert curve_facts(CURVE, None)["known"] is None and not curve_facts(CURVE, None)["below"]
    # far below but still rising (Полушарія: 4 of 50 at 16 s, 10 at 64 s): not called the policy's limit
    rising = curve_facts({**CURVE, "flat": False}, RATES)
    assert rising["rising"] and not rising["below"]
    assert not curve_facts(CURVE, RATES)["rising"]
    # flat by the rule, yet every fourfold budget won a few more (Полушарія on 100 deals:
    # 6, 10, 14, 18): about the policy's limit, said as such; a dip anywhere makes it a plateau
    steps = [{**CURVE["points"][0], "seconds": float(4 ** k), "deals": 100, "won": won, "rate": won / 100}
             for k, won in enumerate((6, 10, 14, 18))]
    creeping = curve_facts({**CURVE, "points": steps, "headline": {**CURVE["headline"], "rate": 0.18}}, RATES)
    assert creeping["creeping"] and creeping["steady"] and not creeping["below"] and not creeping["rising"]
    dip = [{**p, "won": w, "rate": w / 100} for p, w in zip(steps, (6, 10, 9, 18))]
    plateau = curve_facts({**CURVE, "points": dip, "headline": {**CURVE["headline"], "rate": 0.18}}, RATES)
    assert plateau["below"] and not plateau["creeping"] and not plateau["steady"]
    env = render.make_environment()
    html = env.get_template("_player_curve.html").render(
        curve={**CURVE, "points": steps, "headline": {**CURVE["headline"], "rate": 0.18}},
        edition=SimpleNamespace(win_rates={"hemispheres": RATES}), game=SimpleNamespace(slug="hemispheres"))
    assert "pays off for this policy only slowly" in html and "помогает лишь понемногу" in html
    assert "no longer pays off" not in html and "примерно предел стратегии издания" in html
    # budgets measured on fewer deals (still to be finished) do not count
    partial = curve_facts({**CURVE, "points": steps[:3] + [{**steps[3], "deals": 50}],
                           "headline": {**CURVE["headline"], "rate": 0.14}}, RATES)
    assert partial["creeping"]
    assert not curve_facts({**CURVE, "points": steps[:2] + [{**steps[2], "deals": 50}]}, RATES)["creeping"]


def test_the_section_reads_in_russian_and_in_english():
    env = render.make_environment()
    edition = SimpleNamespace(win_rates={"mill": RATES})
    html = env.get_template("_player_curve.html").render(curve=CURVE, edition=edition,
                                                         game=SimpleNamespace(slug="mill"))
    assert 'id="odds"' in html and "<svg" in html
    assert "выиграно 5 из 50 (4–21 %)" in html and "5 of 50 won (4–21%)" in html
    assert "при известной колоде, не меньше (79 %)" in html and "at least (79%)" in html
    assert "предел стратегии издания" in html and "not what the game allows" in html


def test_the_section_says_at_what_budget_the_table_gives_the_players_figure():
    env = render.make_environment()
    curve = {**CURVE, "table_budget": {"seconds": 4.0, "why": "plateau", "deals": 200}}
    game = SimpleNamespace(slug="mill")
    before = {**RATES, "player": {"deals": 300, "budget_s": 1.0}}
    html = env.get_template("_player_curve.html").render(curve=curve, edition=SimpleNamespace(win_rates={"mill": before}),
                                                         game=game)
    assert "измеряется при 4 с на раздачу, на 200 раздачах" in html and "measured at 4 s per deal, on 200 deals" in html
    assert "пока таблица даёт цифру при 1 с на раздачу, на 300 раздачах" in html
    after = {**RATES, "player": {"deals": 200, "budget_s": 4.0, "decides": "positions"}}
    html = env.get_template("_player_curve.html").render(curve=curve, edition=SimpleNamespace(win_rates={"mill": after}),
                                                         game=game)
    assert "measured at 4 s per deal" in html and "still to be made" not in html and "ещё впереди" not in html



def test_the_home_page_summarises_a_steady_curve_as_it_is():
    # the home page's line says what the game page says: a steady curve
    # (Полушарія: 6, 10, 14, 18 of 100) is about the policy's limit
    steps = [{**CURVE["points"][0], "seconds": float(4 ** k), "deals": 100, "won": won, "rate": won / 100}
             for k, won in enumerate((6, 10, 14, 18))]
    steady = {**CURVE, "points": steps, "headline": {**CURVE["headline"], "won": 18, "deals": 100, "rate": 0.18}}
    summary = render.make_environment().get_template("_curve_summary.html")
    html = summary.render(facts=curve_facts(steady, RATES))
    assert "flat by the rule" in html and "about the policy’s limit" in html and "примерно предел стратегии" in html
    assert "more time no longer helps" not in html
    plain = summary.render(facts=curve_facts(CURVE, RATES))
    assert "more time no longer helps" in plain and "the policy’s limit, not the game’s" in plain
