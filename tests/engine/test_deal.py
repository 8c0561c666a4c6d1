"""The deal contract: SplitMix64, Fisher-Yates, the pack order. These test
vectors pin it; if one fails, every deal number has changed."""

from engine import find_game
from engine.cards import card_code, full_deck
from engine.deal import SplitMix64, shuffle, shuffled


def test_splitmix64_reference_vector():
    # The reference implementation (Vigna, splitmix64.c) seeded with 0.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_below_is_in_range_and_uses_rejection():
    rng = SplitMix64(12345)
    draws = [rng.below(7) for _ in range(2000)]
    assert set(draws) == set(range(7))
    assert all(0 <= d < 7 for d in draws)


def test_fisher_yates_is_a_permutation():
    items = list(range(100))
    assert sorted(shuffle(items, SplitMix64(9))) == list(range(100))


def test_deal_1_test_vector():
    cards = [card_code(c) for c in shuffled(full_deck(1), 1)]
    assert cards[:12] == ["7H", "9S", "4H", "8D", "8H", "5C", "JH", "6H", "9C", "JS", "5H", "KH"]
    two = [card_code(c) for c in shuffled(full_deck(2), 1)]
    assert len(two) == 104 and sorted(two) == sorted(card_code(c) for c in full_deck(2))


def test_redeals_have_their_own_stream():
    assert shuffled(full_deck(1), 1, 1) != shuffled(full_deck(1), 1, 0)
    assert shuffled(full_deck(1), 1, 1) == shuffled(full_deck(1), 1, 1)


def test_deal_number_gives_the_same_layout():
    game = find_game("belle-lucie")
    assert game(42).to_portable() == game(42).to_portable()
    assert game(42).to_portable() != game(43).to_portable()
    assert game(1).to_portable()["piles"]["fan-1"] == ["7H", "9S", "4H"]
