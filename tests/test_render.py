"""The SVG renderer (``shengji_tutor.ui.render``) and the notebook displays built on it.

Every picture is parsed as XML: it must be well-formed, carry ``role="img"`` and
an ``aria-label`` in words. The expected labels, colours and marks are read off
the issue ("10 of hearts, 10 points, trump"; red/black and four-colour suits;
jokers with the word JOKER, big/red and small/black; a badge on 5 / 10 / K; a
gold edge on trump cards only when a trump is given), not copied from the code.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET

import pytest

from shengji_tutor import Card, RuleSet, Trick, Trump, explain_trick, parse_cards, play_round
from shengji_tutor.engine.cards import Cards
from shengji_tutor.ui.render import CARD_HEIGHT, CARD_WIDTH, card_label, card_svg, hand_html, hand_svg, trick_svg

NS = "{http://www.w3.org/2000/svg}"
ALL_CARDS = [Card.from_id(i) for i in range(54)]
T7H = Trump("7", "H")
T7C = Trump("7", "C")
NT2 = Trump("2", None)
TRUMPS = [pytest.param(None, id="no-trump-given"), pytest.param(T7H, id="7H"), pytest.param(NT2, id="no-trump-2")]

RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
POINT_RANKS = {"5": 5, "10": 10, "K": 10}

# -- helpers --------------------------------------------------------------------------------------


def parse(markup: str) -> ET.Element:
    """Parse SVG (or XHTML) text; a ParseError here means the markup is not well-formed."""
    return ET.fromstring(markup)


def parse_svg(svg: str) -> ET.Element:
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    return root


def expected_is_trump(card: Card, trump: Trump | None) -> bool:
    """RULES: jokers, every card of the trump rank and every card of the trump suit are trump."""
    if trump is None:
        return False
    return card.is_joker or card.rank == trump.rank or card.suit == trump.suit


def expected_label(card: Card, trump: Trump | None) -> str:
    """The issue's wording: "10 of hearts, 10 points, trump"."""
    if card.is_joker:
        name = "big joker" if card.rank == "BJ" else "small joker"
    else:
        assert card.suit is not None
        name = f"{RANK_WORDS.get(card.rank, card.rank)} of {SUIT_WORDS[card.suit]}"
    parts = [name]
    if card.rank in POINT_RANKS:
        parts.append(f"{POINT_RANKS[card.rank]} points")
    if expected_is_trump(card, trump):
        parts.append("trump")
    return ", ".join(parts)


def rgb(colour: str | None) -> tuple[int, int, int] | None:
    if colour is None or not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
        return None
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def is_red(colour: str | None) -> bool:
    c = rgb(colour)
    return c is not None and c[0] >= 0x90 and c[0] > 2 * c[1] and c[0] > 2 * c[2]


def is_dark(colour: str | None) -> bool:
    c = rgb(colour)
    return c is not None and max(c) <= 0x40


def is_blue(colour: str | None) -> bool:
    c = rgb(colour)
    return c is not None and c[2] >= 0x90 and c[2] > c[0] and c[2] > c[1]


def is_green(colour: str | None) -> bool:
    c = rgb(colour)
    return c is not None and c[1] > c[0] and c[1] > c[2]


def is_gold(colour: str | None) -> bool:
    c = rgb(colour)
    return c is not None and c[0] >= 0xA0 and 0x60 <= c[1] < c[0] and c[2] <= 0x40


def texts(root: ET.Element) -> list[ET.Element]:
    return list(root.iter(f"{NS}text"))


def suit_colours(root: ET.Element) -> set[str | None]:
    """The fills of the suit marks (the only paths on a plain card)."""
    return {p.get("fill") for p in root.iter(f"{NS}path")}


def has_gold_edge(root: ET.Element) -> bool:
    return any(is_gold(r.get("stroke")) for r in root.iter(f"{NS}rect"))


def translate(element: ET.Element) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform", ""))
    assert m, element.get("transform")
    return float(m.group(1)), float(m.group(2))


def card_groups(root: ET.Element) -> list[tuple[tuple[float, float], ET.Element]]:
    """The positioned cards of a hand or trick picture: (x, y) and the card's own <svg>."""
    out = []
    for g in root.findall(f"{NS}g"):
        inner = g.find(f"{NS}svg")
        if inner is not None:
            out.append((translate(g), inner))
    return out


# -- one card: well-formed, role and label, for all 54 cards ----------------------------------------


@pytest.mark.parametrize("four_colour", [False, True], ids=["two-colour", "four-colour"])
@pytest.mark.parametrize("trump", TRUMPS)
def test_every_card_is_well_formed_svg_with_role_and_label(trump: Trump | None, four_colour: bool) -> None:
    for card in ALL_CARDS:
        root = parse_svg(card_svg(card, trump, four_colour=four_colour))
        assert root.get("role") == "img", card
        assert root.get("aria-label") == expected_label(card, trump), card
        title = root.find(f"{NS}title")
        assert title is not None
        assert title.text == expected_label(card, trump)
        assert card_label(card, trump) == expected_label(card, trump)


@pytest.mark.parametrize(
    ("selected", "highlight", "dimmed"),
    [(True, False, False), (False, True, False), (False, False, True), (True, True, True)],
)
def test_card_states_stay_well_formed(selected: bool, highlight: bool, dimmed: bool) -> None:
    for card in ALL_CARDS:
        plain = card_svg(card, T7H)
        svg = card_svg(card, T7H, selected=selected, highlight=highlight, dimmed=dimmed)
        root = parse_svg(svg)
        assert root.get("aria-label") == expected_label(card, T7H)
        assert svg != plain


@pytest.mark.parametrize("width", [30, 44, 60, 90])
def test_card_width_keeps_the_card_shape(width: int) -> None:
    root = parse_svg(card_svg(Card("Q", "S"), width=width))
    assert root.get("width") == str(width)
    assert abs(float(root.get("height", "0")) - width * CARD_HEIGHT / CARD_WIDTH) <= 0.5
    assert root.get("viewBox") == f"0 0 {CARD_WIDTH} {CARD_HEIGHT}"


LABELS = [
    pytest.param(Card("10", "H"), T7H, "10 of hearts, 10 points, trump", id="issue-example"),
    pytest.param(Card("10", "H"), None, "10 of hearts, 10 points", id="no-trump-given-no-trump-word"),
    pytest.param(Card("A", "S"), None, "ace of spades", id="ace"),
    pytest.param(Card("A", "S"), T7H, "ace of spades", id="plain-ace-not-trump"),
    pytest.param(Card("K", "D"), T7H, "king of diamonds, 10 points", id="king-points"),
    pytest.param(Card("5", "C"), None, "5 of clubs, 5 points", id="five-points"),
    pytest.param(Card("Q", "C"), None, "queen of clubs", id="queen"),
    pytest.param(Card("J", "H"), T7H, "jack of hearts, trump", id="jack-trump-suit"),
    pytest.param(Card("7", "S"), T7H, "7 of spades, trump", id="off-suit-rank-card-is-trump"),
    pytest.param(Card("BJ"), None, "big joker", id="big-joker"),
    pytest.param(Card("SJ"), None, "small joker", id="small-joker"),
    pytest.param(Card("BJ"), T7H, "big joker, trump", id="big-joker-trump"),
    pytest.param(Card("SJ"), NT2, "small joker, trump", id="small-joker-trump-no-trump-round"),
    pytest.param(Card("2", "D"), NT2, "2 of diamonds, trump", id="no-trump-rank-card"),
    pytest.param(Card("A", "D"), NT2, "ace of diamonds", id="no-trump-plain-suit"),
]


@pytest.mark.parametrize(("card", "trump", "label"), LABELS)
def test_aria_label_in_words(card: Card, trump: Trump | None, label: str) -> None:
    root = parse_svg(card_svg(card, trump))
    assert root.get("aria-label") == label
    assert card_label(card, trump) == label


def test_label_is_escaped_and_svg_well_formed_for_escaped_names() -> None:
    # names with XML specials must not break the markup
    svg = trick_svg([["AS"], ["KS"]], 0, names=("A & B", "<West>", 'S"outh', "East's"))
    root = parse_svg(svg)
    words = [t.text for t in root.findall(f"{NS}text")]
    assert "A & B · led" in words
    assert "<West>" in words


# -- drawing: corners, colours, jokers, badges, gold edge -----------------------------------------


@pytest.mark.parametrize("card", [c for c in ALL_CARDS if not c.is_joker], ids=str)
def test_rank_and_suit_in_the_corners_and_a_large_suit_mark(card: Card) -> None:
    root = parse_svg(card_svg(card))
    rank_texts = [t for t in texts(root) if t.text == card.rank]
    assert len(rank_texts) >= 2, "rank in two corners"
    paths = list(root.iter(f"{NS}path"))
    assert len(paths) >= 3, "suit in two corners and a large mark"
    scales = [float(m.group(1)) for p in paths if (m := re.search(r"scale\(([\d.]+)\)", p.get("transform", "")))]
    assert len(scales) == len(paths)
    assert max(scales) >= 2 * min(scales), "the middle suit mark is large"
    # rank and suit marks are drawn in one colour
    (colour,) = suit_colours(root)
    assert any(t.get("fill") == colour for t in rank_texts)


def _colour(card: Card, four_colour: bool) -> str | None:
    (colour,) = suit_colours(parse_svg(card_svg(card, four_colour=four_colour)))
    return colour


@pytest.mark.parametrize("rank", ["2", "7", "10", "K", "A"])
def test_two_colours_red_hearts_and_diamonds_black_spades_and_clubs(rank: str) -> None:
    colours = {s: _colour(Card(rank, s), False) for s in "SHDC"}
    assert is_red(colours["H"])
    assert is_red(colours["D"])
    assert is_dark(colours["S"])
    assert is_dark(colours["C"])
    assert colours["H"] == colours["D"]
    assert colours["S"] == colours["C"]


@pytest.mark.parametrize("rank", ["2", "7", "10", "K", "A"])
def test_four_colour_option_gives_each_suit_its_own_colour(rank: str) -> None:
    four = {s: _colour(Card(rank, s), True) for s in "SHDC"}
    two = {s: _colour(Card(rank, s), False) for s in "SHDC"}
    assert len(set(four.values())) == 4
    assert is_red(four["H"])
    assert is_dark(four["S"])
    assert is_blue(four["D"])
    assert is_green(four["C"])
    assert four["D"] != two["D"]
    assert four["C"] != two["C"]


def test_suit_colour_does_not_depend_on_the_trump() -> None:
    for card in ALL_CARDS:
        if not card.is_joker:
            assert suit_colours(parse_svg(card_svg(card, T7H))) == suit_colours(parse_svg(card_svg(card)))


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("trump", TRUMPS)
def test_jokers_spell_joker_big_red_small_black(trump: Trump | None, four_colour: bool) -> None:
    big = parse_svg(card_svg(Card("BJ"), trump, four_colour=four_colour))
    small = parse_svg(card_svg(Card("SJ"), trump, four_colour=four_colour))
    for root in (big, small):
        letters = "".join(t.text or "" for t in texts(root))
        assert "JOKER" in letters
    big_letters = [t for t in texts(big) if t.text in set("JOKER")]
    small_letters = [t for t in texts(small) if t.text in set("JOKER")]
    assert big_letters
    assert all(is_red(t.get("fill")) for t in big_letters)
    assert small_letters
    assert all(is_dark(t.get("fill")) for t in small_letters)
    assert ET.tostring(big) != ET.tostring(small)
    # no point badge and no suit corners on a joker
    for root in (big, small):
        assert root.find(f".//{NS}circle") is None


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_point_badge_exactly_on_fives_tens_and_kings(card: Card) -> None:
    root = parse_svg(card_svg(card, T7H))
    circles = list(root.iter(f"{NS}circle"))
    if card.rank in POINT_RANKS:
        value = str(POINT_RANKS[card.rank])
        assert len(circles) == 1
        colours = suit_colours(root)
        badge = [t for t in texts(root) if t.text == value and t.get("fill") not in colours]
        assert len(badge) == 1, "a badge with the card's points"
    else:
        assert circles == []
        assert not any(t.text in ("5", "10") for t in texts(root) if t.text != card.rank)


@pytest.mark.parametrize("four_colour", [False, True])
@pytest.mark.parametrize("trump", [*TRUMPS, pytest.param(Trump("A", "S"), id="AS")])
def test_gold_edge_only_on_trump_cards(trump: Trump | None, four_colour: bool) -> None:
    for card in ALL_CARDS:
        root = parse_svg(card_svg(card, trump, four_colour=four_colour))
        assert has_gold_edge(root) == expected_is_trump(card, trump), card
        highlighted = parse_svg(card_svg(card, trump, four_colour=four_colour, highlight=True))
        assert has_gold_edge(highlighted) == expected_is_trump(card, trump), card


def test_no_trump_marks_without_a_trump() -> None:
    for card in ALL_CARDS:
        root = parse_svg(card_svg(card))
        assert not has_gold_edge(root)
        assert "trump" not in (root.get("aria-label") or "")


# -- a hand ---------------------------------------------------------------------------------------


def test_hand_svg_sorted_trump_first_with_labels() -> None:
    root = parse_svg(hand_svg("2H 7H BJ AC 7S 3S 5D", T7H))
    assert root.get("role") == "img"
    label = root.get("aria-label") or ""
    assert label.startswith("hand of 7 cards, ")
    assert "hearts are trump" in label
    cards = card_groups(root)
    # trump (BJ, 7H dominant, 7S, 2H), then spades, clubs, diamonds
    order = [
        Card(t[:-1], t[-1]) if t not in ("BJ", "SJ") else Card(t) for t in ["BJ", "7H", "7S", "2H", "3S", "AC", "5D"]
    ]
    assert [inner.get("aria-label") for _, inner in cards] == [expected_label(c, T7H) for c in order]
    assert all(inner.get("role") == "img" for _, inner in cards)
    xs = [x for (x, _), _ in cards]
    assert xs == sorted(xs)
    steps = [b - a for a, b in itertools.pairwise(xs)]
    within, between = steps[0], steps[3]  # BJ→7H inside trump; 2H→3S trump to spades
    assert between > within, "a gap between suit groups"


def test_hand_svg_selected_cards_are_lifted() -> None:
    root = parse_svg(hand_svg("AS KS QS JS", T7H, selected=[1, 3], highlight=[0]))
    ys = [y for (_, y), _ in card_groups(root)]
    assert ys[1] == ys[3] < ys[0] == ys[2]


def test_hand_svg_without_trump_keeps_the_order_and_has_no_trump_word() -> None:
    root = parse_svg(hand_svg("5D BJ AS", four_colour=True))
    assert root.get("aria-label") == "hand of 3 cards"
    labels = [inner.get("aria-label") for _, inner in card_groups(root)]
    assert labels == ["5 of diamonds, 5 points", "big joker", "ace of spades"]


def test_hand_svg_unsorted_with_trump() -> None:
    root = parse_svg(hand_svg("5D BJ", T7H, sort=False))
    labels = [inner.get("aria-label") for _, inner in card_groups(root)]
    assert labels == ["5 of diamonds, 5 points", "big joker, trump"]


def test_empty_hand_is_well_formed() -> None:
    root = parse_svg(hand_svg([]))
    assert root.get("aria-label") == "hand of 0 cards"
    assert card_groups(root) == []


def test_hand_html_wraps_the_svg() -> None:
    root = parse(hand_html("AS 10H", T7H))
    assert root.tag == "div"
    (svg,) = list(root)
    assert svg.tag == f"{NS}svg"
    assert svg.get("role") == "img"
    assert len(card_groups(svg)) == 2


# -- a trick --------------------------------------------------------------------------------------

SEATS = ("North", "West", "South", "East")


def seat_texts(root: ET.Element) -> dict[str, ET.Element]:
    out = {}
    for t in root.findall(f"{NS}text"):
        words = t.text or ""
        for seat in SEATS:
            if words.startswith(seat):
                assert seat not in out, f"{seat} labelled twice"
                out[seat] = t
    return out


def test_trick_table_seats_leader_winner_and_points() -> None:
    # West leads 8D 8D; South 9D 9D; East 5C 5C; North 10C 10C wins (7♣ dominant), 30 points
    svg = trick_svg(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], 1, T7C, winner=0)
    root = parse_svg(svg)
    assert root.get("role") == "img"
    assert root.get("aria-label") == "trick: West led, North wins, 30 points"
    seats = seat_texts(root)
    assert set(seats) == set(SEATS)
    assert "led" in (seats["West"].text or "")
    assert "wins" not in (seats["West"].text or "")
    assert "wins" in (seats["North"].text or "")
    assert "led" not in (seats["North"].text or "")
    for seat in ("South", "East"):
        assert seats[seat].text == seat
    # North at the top, South at the bottom, West left, East right
    x = {s: float(t.get("x", "nan")) for s, t in seats.items()}
    y = {s: float(t.get("y", "nan")) for s, t in seats.items()}
    assert y["North"] < y["West"] < y["South"]
    assert y["North"] < y["East"] < y["South"]
    assert x["West"] < x["North"] < x["East"]
    assert x["West"] < x["South"] < x["East"]
    # the winner is outlined in gold (one outline, the only one)
    outlines = [r for r in root.findall(f"{NS}rect") if is_gold(r.get("stroke"))]
    assert len(outlines) == 1
    assert any(t.text == "30 points" for t in root.findall(f"{NS}text"))
    # every card is drawn, labelled, with the trump marked; each seat's cards sit by its name
    cards = card_groups(root)
    assert len(cards) == 8
    where: dict[str, list[tuple[float, float]]] = {}
    for pos, inner in cards:
        where.setdefault(inner.get("aria-label") or "", []).append(pos)
    assert sorted(where) == [
        "10 of clubs, 10 points, trump",
        "5 of clubs, 5 points, trump",
        "8 of diamonds",
        "9 of diamonds",
    ]
    west, south = where["8 of diamonds"], where["9 of diamonds"]
    east, north = where["5 of clubs, 5 points, trump"], where["10 of clubs, 10 points, trump"]
    assert max(px for px, _ in west) < min(px for px, _ in north)
    assert max(px for px, _ in north) < min(px for px, _ in east)
    assert max(py for _, py in north) < min(py for _, py in south)


def test_partial_trick_marks_only_who_played() -> None:
    root = parse_svg(trick_svg(["KH"], 3, T7C))
    assert root.get("aria-label") == "trick: East led, 10 points"
    seats = seat_texts(root)
    assert seats["East"].text == "East · led"
    assert all(seats[s].text == s for s in ("North", "West", "South"))
    assert not any(is_gold(r.get("stroke")) for r in root.findall(f"{NS}rect"))
    assert len(card_groups(root)) == 1


def test_empty_trick_is_well_formed() -> None:
    root = parse_svg(trick_svg([], 2))
    assert root.get("aria-label") == "trick: South led, 0 points"
    assert card_groups(root) == []
    assert all(t.text == s for s, t in seat_texts(root).items())


def test_trick_points_can_be_given() -> None:
    root = parse_svg(trick_svg(["KH", "5H"], 0, winner=0, points=40))
    assert root.get("aria-label") == "trick: North led, North wins, 40 points"
    seats = seat_texts(root)
    assert seats["North"].text == "North · led · wins"


# -- notebook displays: Card, hand, Trick, TrickResult --------------------------------------------


def test_card_repr_svg() -> None:
    root = parse_svg(Card("10", "H")._repr_svg_())
    assert root.get("role") == "img"
    assert root.get("aria-label") == "10 of hearts, 10 points"


def test_parsed_hand_repr_svg_keeps_its_order() -> None:
    hand = parse_cards("AS 10H BJ 5C")
    assert isinstance(hand, Cards), "parse_cards returns a list that displays itself"
    root = parse_svg(hand._repr_svg_())
    assert root.get("role") == "img"
    assert root.get("aria-label") == "hand of 4 cards"
    labels = [inner.get("aria-label") for _, inner in card_groups(root)]
    assert labels == ["ace of spades", "10 of hearts, 10 points", "big joker", "5 of clubs, 5 points"]


def test_trick_repr_svg_by_hand() -> None:
    # South leads 5H, East KH, North 2H, West AH wins: 15 points
    trick = Trick(2, ((Card("5", "H"),), (Card("K", "H"),), (Card("2", "H"),), (Card("A", "H"),)), 1, 15)
    root = parse_svg(trick._repr_svg_())
    assert root.get("role") == "img"
    assert root.get("aria-label") == "trick: South led, West wins, 15 points"
    seats = seat_texts(root)
    assert seats["South"].text == "South · led"
    assert seats["West"].text == "West · wins"
    assert len(card_groups(root)) == 4


def test_tricks_of_a_played_round_display() -> None:
    record = play_round(seed=3)
    for trick in record.tricks:
        root = parse_svg(trick._repr_svg_())
        label = root.get("aria-label") or ""
        assert label.startswith(f"trick: {SEATS[trick.leader]} led, {SEATS[trick.winner]} wins")
        assert label.endswith(f", {trick.points} points")
        assert len(card_groups(root)) == sum(len(p) for p in trick.plays)


def test_tricks_of_a_five_player_round_display() -> None:
    record = play_round(RuleSet(players=5), seed=1)
    for trick in record.tricks:
        root = parse_svg(trick._repr_svg_())
        assert root.get("role") == "img"
        assert len(card_groups(root)) == sum(len(p) for p in trick.plays)


def test_trick_result_repr_html() -> None:
    result = explain_trick(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], T7C)
    root = parse(result._repr_html_())
    assert root.tag == "div"
    svg = root.find(f"{NS}svg")
    assert svg is not None
    assert svg.get("role") == "img"
    assert svg.get("aria-label") == "trick: Player 1 led, Player 4 wins, 30 points"  # as the sentence names them
    paragraph = root.find("p")
    assert paragraph is not None
    assert paragraph.text == result.reason
    labels = sorted({inner.get("aria-label") or "" for _, inner in card_groups(svg)})
    assert labels == ["10 of clubs, 10 points, trump", "5 of clubs, 5 points, trump", "8 of diamonds", "9 of diamonds"]


# -- the rules never import rendering or widgets --------------------------------------------------


def test_rules_modules_never_import_rendering_or_widgets() -> None:
    script = textwrap.dedent(
        """
        import sys
        import shengji_tutor
        from shengji_tutor import Trump, explain_trick, legal_follow, parse_cards, play_round, points, trick_winner

        trump = Trump("7", "C")
        hand = parse_cards("8D 8D 9D 5C")
        assert trick_winner(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], trump) == 3
        explain_trick(["8D 8D", "9D 9D"], trump)
        legal_follow("9D 9D 5C", "8D 8D", "9D 9D", trump)
        points(hand)
        record = play_round(seed=0)
        str(record.tricks[0])
        gui = ("shengji_tutor.ui.render", "shengji_tutor.ui.widgets", "ipywidgets", "anywidget", "IPython")
        loaded = sorted(m for m in sys.modules if m.split(".")[0] in gui or m.startswith(gui))
        assert not loaded, loaded

        # rendering is reached lazily, and itself needs no widgets
        hand[0]._repr_svg_()
        hand._repr_svg_()
        record.tricks[0]._repr_svg_()
        assert "shengji_tutor.ui.render" in sys.modules
        widgets = sorted(m for m in sys.modules if m.split(".")[0] in ("ipywidgets", "anywidget", "IPython"))
        assert not widgets, widgets
        print("ok")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_trumps_of_another_suit_follow_the_card_before_shown_whole() -> None:
    """7♣ 7♣ 7♠ 7♠ 7♥ 7♥ A♣ with clubs trump: a change of suit inside the trump group opens half the gap that
    separates two suit groups (a hand picture's groups have no labels: its gaps keep the two apart)."""
    import itertools
    import re

    from shengji_tutor.engine.trump import Trump
    from shengji_tutor.ui.render import INDEX_WIDTH, hand_svg

    svg = hand_svg("7C 7C 7S 7S 7H 7H AC", Trump("7", "C"))
    xs = [int(x) for x in re.findall(r'<g transform="translate\((\d+),', svg)]
    steps = [b - a for a, b in itertools.pairwise(xs)]
    part = INDEX_WIDTH + round(60 * 0.3) // 2
    assert steps == [INDEX_WIDTH, part, INDEX_WIDTH, part, INDEX_WIDTH, part]
