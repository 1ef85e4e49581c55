"""The widget kit: Python owns the state, the browser only reports (STYLE: "never trust a synced trait").

Every browser message the page can send (see the ``.js`` files) is tried with good
and bad values. A refused message or a direct trait write must leave every synced
trait as it was (``error`` aside), count a refusal and say why in words. Messages
also go through the real comm path (``_handle_msg``), as a kernel would deliver them.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest

from shengji_tutor import Card, Grade, Trump, parse_cards
from shengji_tutor.engine.cards import joker_words
from shengji_tutor.ui.widgets import ANSWER_KINDS, HandPicker, PuzzleCard, SafeWidget, TrickTable, TrumpChooser

NS = "{http://www.w3.org/2000/svg}"
T7H = Trump("7", "H")
T7C = Trump("7", "C")
SECRET = "answer-key-9f2c41"  # used only inside graders: must never reach the page


# -- helpers --------------------------------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def synced(widget: SafeWidget) -> dict[str, Any]:
    """Every synced trait but ``error`` (which says why a message was refused)."""
    state = dict(widget.get_state())
    state.pop("error")
    return state


def from_page(widget: SafeWidget, content: object) -> None:
    """A custom message as the kernel delivers it from the page (``model.send(...)``)."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def page_writes(widget: SafeWidget, state: dict[str, Any]) -> None:
    """A front end writing traits directly (``model.set(...); model.save_changes()``)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


def readable(error: str) -> bool:
    return bool(error.strip()) and "Traceback" not in error and len(error) < 300


def assert_refused(widget: SafeWidget, send: Callable[[], object], *words: str) -> None:
    """``send()`` must be refused: state unchanged, one more refusal, a readable error naming the problem."""
    before, refusals = synced(widget), widget.refusals
    send()
    assert synced(widget) == before
    assert widget.refusals == refusals + 1
    assert readable(widget.error), widget.error
    for word in words:
        assert word.lower() in widget.error.lower(), widget.error


def assert_secret_kept(widget: SafeWidget) -> None:
    assert SECRET not in json.dumps(widget.get_state(), default=repr)


def svg_root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"
    return root


# bad values a page could send in place of a card index
BAD_INDICES = [
    pytest.param({"index": 6}, ("out of range",), id="past-the-end"),
    pytest.param({"index": 600}, ("out of range",), id="far-past-the-end"),
    pytest.param({"index": -1}, ("out of range",), id="negative"),
    pytest.param({"index": True}, ("whole number",), id="bool-true"),
    pytest.param({"index": False}, ("whole number",), id="bool-false"),
    pytest.param({"index": "1"}, ("whole number",), id="string"),
    pytest.param({"index": 1.0}, ("whole number",), id="float"),
    pytest.param({"index": None}, ("whole number",), id="none"),
    pytest.param({"index": [1]}, ("whole number",), id="list"),
    pytest.param({}, ("whole number",), id="missing"),
]

NOT_EVENTS: list[Any] = [
    pytest.param(["toggle", 1], id="list"),
    pytest.param("toggle", id="string"),
    pytest.param(None, id="none"),
    pytest.param(3, id="number"),
    pytest.param({"index": 1}, id="no-event"),
    pytest.param({"event": 7, "index": 1}, id="event-not-a-string"),
    pytest.param({"event": None}, id="event-none"),
]


# -- HandPicker -----------------------------------------------------------------------------------

HAND = "AS KH 5D 10C BJ 5D"
# at 7♥: trump (BJ, KH), then spades, clubs, diamonds; each high to low
HAND_ORDER = ["BJ", "KH", "AS", "10C", "5D", "5D"]


@pytest.fixture
def picker() -> HandPicker:
    return HandPicker(HAND, T7H, max_selected=3)


def test_hand_picker_shows_the_hand_sorted_and_grouped(picker: HandPicker) -> None:
    assert [str(c) for c in picker.hand] == HAND_ORDER
    assert picker.trump == T7H
    assert [e["token"] for e in picker.cards] == HAND_ORDER
    assert [e["group"] for e in picker.cards] == ["trump", "trump", "S", "C", "D", "D"]
    assert picker.cards[0]["label"] == "big joker, trump"
    assert picker.cards[1]["label"] == "king of hearts, 10 points, trump"
    for entry in picker.cards:
        root = svg_root(entry["svg"])
        assert root.get("aria-label") == entry["label"]
        json.dumps(entry)  # plain JSON
    assert picker.selected == []
    assert picker.highlight == []
    assert picker.selection == []
    assert picker.max_selected == 3
    assert not picker.disabled
    assert picker.label == "Your hand"
    assert picker.error == ""
    assert picker.refusals == 0


def test_hand_picker_without_trump_keeps_the_order() -> None:
    p = HandPicker("5D BJ AS", label="Pick one", disabled=True)
    assert [str(c) for c in p.hand] == ["5D", "BJ", "AS"]
    assert p.trump is None
    assert p.label == "Pick one"
    assert p.disabled
    assert all("trump" not in e["label"] for e in p.cards)


def test_hand_picker_four_colour_option() -> None:
    two = HandPicker("5D 5H")
    four = HandPicker("5D 5H", four_colour=True)
    assert two.cards[0]["svg"] != four.cards[0]["svg"]  # diamonds change colour
    assert two.cards[1]["svg"] == four.cards[1]["svg"]  # hearts stay red
    two.hint("5D")
    four.hint("5D")
    assert two.cards[0]["svg"] != four.cards[0]["svg"], "a hint keeps the four colours"


def test_select_keeps_the_order_picked(picker: HandPicker) -> None:
    picker.select("5D AS BJ")
    assert picker.selected == [4, 2, 0]
    assert [str(c) for c in picker.selection] == ["5D", "AS", "BJ"]


def test_select_copies_of_a_card_take_different_indices(picker: HandPicker) -> None:
    picker.select("5D 5D")
    assert picker.selected == [4, 5]


@pytest.mark.parametrize("wanted", ["QS", "5D 5D 5D", "SJ"])
def test_select_cards_not_in_hand_is_refused_and_changes_nothing(picker: HandPicker, wanted: str) -> None:
    picker.select("AS")
    before = synced(picker)
    with pytest.raises(ValueError, match="not in this hand"):
        picker.select(wanted)
    assert synced(picker) == before


def test_clear(picker: HandPicker) -> None:
    picker.select("AS KH")
    picker.clear()
    assert picker.selected == []
    assert picker.selection == []


def test_on_selection_is_told_of_every_change(picker: HandPicker) -> None:
    seen: list[list[str]] = []
    also: list[int] = []
    picker.on_selection(lambda sel: seen.append([str(c) for c in sel]))
    picker.on_selection(lambda sel: also.append(len(sel)))
    picker.browser_event({"event": "toggle", "index": 2, "token": "AS"})
    picker.browser_event({"event": "toggle", "index": 0, "token": "BJ"})
    picker.browser_event({"event": "toggle", "index": 2, "token": "AS"})
    picker.select("5D")
    picker.clear()
    assert seen == [["AS"], ["AS", "BJ"], ["BJ"], ["5D"], []]
    assert also == [1, 2, 1, 1, 0]
    # a refused toggle tells nobody
    picker.browser_event({"event": "toggle", "index": 99})
    assert len(seen) == 5


def test_set_hand_clears_selection_and_hint(picker: HandPicker) -> None:
    seen: list[list[Card]] = []
    picker.on_selection(seen.append)
    picker.select("AS 5D")
    picker.hint("KH")
    picker.set_hand("2C 3C QS", T7C)
    assert picker.selected == []
    assert picker.highlight == []
    assert picker.selection == []
    assert [str(c) for c in picker.hand] == ["3C", "2C", "QS"]
    assert [e["token"] for e in picker.cards] == ["3C", "2C", "QS"]
    assert picker.trump == T7C
    assert seen[-1] == []


def test_hint_highlights_and_can_be_removed(picker: HandPicker) -> None:
    plain = [e["svg"] for e in picker.cards]
    picker.hint("5D AS")
    assert picker.highlight == [4, 2]
    changed = [i for i, e in enumerate(picker.cards) if e["svg"] != plain[i]]
    assert changed == [2, 4]
    assert picker.selected == []
    picker.hint([])
    assert picker.highlight == []
    assert [e["svg"] for e in picker.cards] == plain


def test_hint_with_a_card_not_in_hand_changes_nothing(picker: HandPicker) -> None:
    picker.hint("AS")
    before = synced(picker)
    with pytest.raises(ValueError, match="not in this hand"):
        picker.hint("AS QS")
    assert synced(picker) == before


def test_browser_toggles_select_and_unselect_in_order(picker: HandPicker) -> None:
    picker.browser_event({"event": "toggle", "index": 3, "token": "10C"})
    picker.browser_event({"event": "toggle", "index": 0})  # the token is optional
    assert picker.selected == [3, 0]
    assert [str(c) for c in picker.selection] == ["10C", "BJ"]
    picker.browser_event({"event": "toggle", "index": 3, "token": "10C"})
    assert picker.selected == [0]
    assert picker.error == ""
    assert picker.refusals == 0


def test_browser_toggles_through_the_comm(picker: HandPicker) -> None:
    from_page(picker, {"event": "toggle", "index": 5, "token": "5D"})
    assert picker.selected == [5]
    assert_refused(picker, lambda: from_page(picker, {"event": "toggle", "index": 9, "token": "5D"}), "out of range")
    assert_refused(picker, lambda: from_page(picker, ["toggle", 1]), "not a widget event")


def test_max_selected_limit(picker: HandPicker) -> None:
    for i in (0, 1, 2):
        picker.browser_event({"event": "toggle", "index": i})
    assert_refused(picker, lambda: picker.browser_event({"event": "toggle", "index": 3}), "at most 3")
    assert picker.selected == [0, 1, 2]
    # unpicking is always allowed, then there is room again
    picker.browser_event({"event": "toggle", "index": 1})
    picker.browser_event({"event": "toggle", "index": 3})
    assert picker.selected == [0, 2, 3]
    assert picker.error == ""


def test_max_selected_one_says_card_not_cards() -> None:
    p = HandPicker("AS KS", max_selected=1)
    p.browser_event({"event": "toggle", "index": 0})
    assert_refused(p, lambda: p.browser_event({"event": "toggle", "index": 1}), "at most 1 card")
    assert "cards" not in p.error


def test_disabled_refuses_toggles(picker: HandPicker) -> None:
    picker.browser_event({"event": "toggle", "index": 0})
    picker.disabled = True
    assert_refused(picker, lambda: picker.browser_event({"event": "toggle", "index": 1}), "not active")
    assert_refused(picker, lambda: picker.browser_event({"event": "toggle", "index": 0}), "not active")
    assert picker.selected == [0]


@pytest.mark.parametrize(("fields", "words"), BAD_INDICES)
def test_toggle_with_a_bad_index_is_refused(picker: HandPicker, fields: dict[str, Any], words: tuple[str, ...]) -> None:
    picker.browser_event({"event": "toggle", "index": 1})
    assert_refused(picker, lambda: picker.browser_event({"event": "toggle", **fields}), *words)
    assert picker.selected == [1]


@pytest.mark.parametrize(
    "token",
    [
        pytest.param("ZZ", id="unknown-token"),
        pytest.param("QS", id="card-not-in-hand"),
        pytest.param("KH", id="another-card-of-the-hand"),
        pytest.param("as", id="lower-case"),
        pytest.param(2, id="not-a-string"),
        pytest.param(["AS"], id="list"),
    ],
)
def test_toggle_with_a_wrong_token_is_refused(picker: HandPicker, token: object) -> None:
    assert_refused(picker, lambda: picker.browser_event({"event": "toggle", "index": 2, "token": token}), "card 2")
    assert picker.selected == []


@pytest.mark.parametrize("content", NOT_EVENTS)
def test_hand_picker_refuses_what_is_not_an_event(picker: HandPicker, content: Any) -> None:
    picker.select("AS")
    assert_refused(picker, lambda: from_page(picker, content), "not a widget event")


@pytest.mark.parametrize("event", ["explode", "check", "choose", "TOGGLE", ""])
def test_hand_picker_refuses_unknown_events(picker: HandPicker, event: str) -> None:
    assert_refused(picker, lambda: picker.browser_event({"event": event, "index": 0}), "unknown event")


def test_an_accepted_event_clears_the_error(picker: HandPicker) -> None:
    picker.browser_event({"event": "toggle", "index": -3})
    assert picker.error
    picker.browser_event({"event": "toggle", "index": 0})
    assert picker.error == ""
    assert picker.refusals == 1


@pytest.mark.parametrize(
    "write",
    [
        pytest.param({"selected": [0, 1]}, id="selected"),
        pytest.param({"selected": [0, 1, 2, 3, 4, 5]}, id="selected-over-the-limit"),
        pytest.param({"max_selected": 0}, id="max-selected"),
        pytest.param({"disabled": True}, id="disabled"),
        pytest.param({"highlight": [0]}, id="highlight"),
        pytest.param({"cards": []}, id="cards"),
        pytest.param({"label": "hacked"}, id="label"),
        pytest.param({"error": ""}, id="error"),
        pytest.param({"selected": "nonsense", "cards": 5}, id="wrong-types"),
    ],
)
def test_hand_picker_refuses_direct_trait_writes(
    picker: HandPicker, write: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    picker.select("KH")
    sent: list[object] = []
    monkeypatch.setattr(picker, "send_state", lambda key=None: sent.append(key))
    assert_refused(picker, lambda: picker.set_state(write), "may not change")
    assert sent[-1] == sorted(write), "the page is sent the true state back"
    assert_refused(picker, lambda: page_writes(picker, write), "may not change")
    assert picker.selected == [1]


# -- TrickTable -----------------------------------------------------------------------------------


@pytest.fixture
def table() -> TrickTable:
    return TrickTable(["8D 8D", "9D 9D", "5C 5C", "10C 10C"], 1, T7C, 0, caption="North over-ruffs.")


def test_trick_table_draws_the_trick(table: TrickTable) -> None:
    root = svg_root(table.svg)
    assert root.get("aria-label") == "trick: West led, North wins, 30 points"
    labels = {inner.get("aria-label") for inner in root.iter(f"{NS}svg") if inner is not root}
    assert "10 of clubs, 10 points, trump" in labels
    assert table.caption == "North over-ruffs."
    assert table.leader == 1
    assert table.winner == 0
    assert [[str(c) for c in p] for p in table.plays] == [["8D", "8D"], ["9D", "9D"], ["5C", "5C"], ["10C", "10C"]]


def test_trick_table_show_replaces_the_picture(table: TrickTable) -> None:
    table.show(["KH"], 3)
    root = svg_root(table.svg)
    assert root.get("aria-label") == "trick: East led, 10 points"
    assert table.caption == "North over-ruffs.", "caption=None keeps the caption"
    table.show(["KH", "AH"], 3, 0, caption="")
    assert svg_root(table.svg).get("aria-label") == "trick: East led, North wins, 10 points"
    assert table.caption == ""
    table.show(["7H"], 2, trump=T7H)
    assert table.trump == T7H
    inner = list(svg_root(table.svg).iter(f"{NS}svg"))[1]
    assert inner.get("aria-label") == "7 of hearts, trump"


def test_empty_trick_table() -> None:
    t = TrickTable()
    assert svg_root(t.svg).get("aria-label") == "trick: North led, 0 points"
    assert t.caption == ""


@pytest.mark.parametrize(
    ("plays", "leader", "winner"),
    [
        pytest.param(["AS"], 4, None, id="leader-too-big"),
        pytest.param(["AS"], -1, None, id="leader-negative"),
        pytest.param(["AS"], True, None, id="leader-bool"),
        pytest.param(["AS"], "1", None, id="leader-string"),
        pytest.param(["AS"], 0, 4, id="winner-too-big"),
        pytest.param(["AS"], 0, 1.0, id="winner-float"),
        pytest.param(["AS"], 0, False, id="winner-bool"),
        pytest.param(["AS", "KS", "QS", "JS", "10S"], 0, None, id="five-plays"),
        pytest.param(["AS", "ZZ"], 0, None, id="unknown-card"),
        pytest.param([5], 0, None, id="play-not-cards"),
    ],
)
def test_trick_table_refuses_bad_tricks_and_keeps_its_picture(
    table: TrickTable, plays: list[Any], leader: Any, winner: Any
) -> None:
    before = synced(table)
    with pytest.raises(ValueError):  # noqa: PT011 - each case has its own message
        table.show(plays, leader, winner, caption="changed")
    assert synced(table) == before
    assert table.leader == 1
    assert table.winner == 0


def test_a_refused_show_keeps_the_trump(table: TrickTable) -> None:
    with pytest.raises(ValueError, match="ZZ"):
        table.show(["ZZ"], 0, trump=T7H)
    assert table.trump == T7C


@pytest.mark.parametrize(
    "content",
    [
        {"event": "toggle", "index": 0},
        {"event": "check"},
        {"event": "next"},
        {"event": "choose", "rank": "A", "suit": "S"},
    ],
)
def test_trick_table_takes_no_events(table: TrickTable, content: dict[str, Any]) -> None:
    assert_refused(table, lambda: table.browser_event(content), "unknown event")


@pytest.mark.parametrize("content", NOT_EVENTS)
def test_trick_table_refuses_what_is_not_an_event(table: TrickTable, content: Any) -> None:
    assert_refused(table, lambda: from_page(table, content), "not a widget event")


@pytest.mark.parametrize(
    "write",
    [{"svg": '<svg onload="alert(1)"/>'}, {"caption": "hacked"}, {"svg": 3}],
)
def test_trick_table_refuses_direct_trait_writes(table: TrickTable, write: dict[str, Any]) -> None:
    assert_refused(table, lambda: table.set_state(write), "may not change")
    assert_refused(table, lambda: page_writes(table, write), "may not change")


# -- TrumpChooser ---------------------------------------------------------------------------------


def group_tokens(chooser: TrumpChooser) -> dict[str, list[str]]:
    return {g["group"]: [c["token"] for c in g["cards"]] for g in chooser.groups}


def plain(suit: str, skip: str) -> list[str]:
    return [r + suit for r in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2") if r != skip]


def test_trump_chooser_default() -> None:
    chooser = TrumpChooser()
    assert (chooser.rank, chooser.suit) == ("2", "S")
    assert chooser.trump == Trump("2", "S")
    assert chooser.ranks == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    groups = group_tokens(chooser)
    assert list(groups) == ["trump", "H", "C", "D"]
    assert sum(len(g) for g in groups.values()) == 54
    assert groups["trump"][:6] == ["BJ", "SJ", "2S", "2H", "2C", "2D"]
    assert "spades" in chooser.summary


def test_choose_ace_no_trump_resorts_the_deck() -> None:
    chooser = TrumpChooser("7", "H")
    chooser.browser_event({"event": "choose", "rank": "A", "suit": "NT"})
    assert chooser.error == ""
    assert (chooser.rank, chooser.suit) == ("A", "NT")
    assert chooser.trump == Trump("A", None)
    groups = group_tokens(chooser)
    assert list(groups) == ["trump", "S", "H", "C", "D"]
    assert groups["trump"] == ["BJ", "SJ", "AS", "AH", "AC", "AD"]
    for suit in "SHCD":
        assert groups[suit] == plain(suit, "A")
    assert "no-trump" in chooser.summary


def test_choose_seven_of_hearts() -> None:
    chooser = TrumpChooser()
    chooser.browser_event({"event": "choose", "rank": "7", "suit": "H"})
    groups = group_tokens(chooser)
    assert list(groups) == ["trump", "S", "C", "D"]
    assert groups["trump"] == ["BJ", "SJ", "7H", "7S", "7C", "7D", *plain("H", "7")]
    for suit in "SCD":
        assert groups[suit] == plain(suit, "7")
    trump_group = chooser.groups[0]
    assert "(18)" in trump_group["label"]
    for entry in trump_group["cards"]:
        assert (svg_root(entry["svg"]).get("aria-label") or "").endswith("trump")
    for group in chooser.groups[1:]:
        for entry in group["cards"]:
            assert "trump" not in (svg_root(entry["svg"]).get("aria-label") or "")
    json.dumps(chooser.groups)


def test_on_change_is_told_of_each_choice() -> None:
    chooser = TrumpChooser()
    seen: list[Trump] = []
    chooser.on_change(seen.append)
    chooser.browser_event({"event": "choose", "rank": "10", "suit": "D"})
    from_page(chooser, {"event": "choose", "rank": "K", "suit": "NT"})
    chooser.choose("3", "C")
    assert seen == [Trump("10", "D"), Trump("K", None), Trump("3", "C")]
    chooser.browser_event({"event": "choose", "rank": "1", "suit": "D"})
    assert len(seen) == 3


@pytest.mark.parametrize(
    ("fields", "word"),
    [
        pytest.param({"rank": "1", "suit": "S"}, "rank", id="rank-1"),
        pytest.param({"rank": "T", "suit": "S"}, "rank", id="rank-T"),
        pytest.param({"rank": "a", "suit": "S"}, "rank", id="rank-lower-case"),
        pytest.param({"rank": 10, "suit": "S"}, "rank", id="rank-int"),
        pytest.param({"rank": None, "suit": "S"}, "rank", id="rank-none"),
        pytest.param({"rank": ["A"], "suit": "S"}, "rank", id="rank-list"),
        pytest.param({"suit": "S"}, "rank", id="rank-missing"),
        pytest.param({"rank": "A", "suit": "X"}, "suit", id="suit-X"),
        pytest.param({"rank": "A", "suit": "s"}, "suit", id="suit-lower-case"),
        pytest.param({"rank": "A", "suit": "♠"}, "suit", id="suit-symbol"),
        pytest.param({"rank": "A", "suit": None}, "suit", id="suit-none"),
        pytest.param({"rank": "A", "suit": 0}, "suit", id="suit-int"),
        pytest.param({"rank": "A", "suit": "nt"}, "suit", id="suit-nt-lower-case"),
        pytest.param({"rank": "A"}, "suit", id="suit-missing"),
    ],
)
def test_bad_choices_are_refused(fields: dict[str, Any], word: str) -> None:
    chooser = TrumpChooser("5", "D")
    seen: list[Trump] = []
    chooser.on_change(seen.append)
    assert_refused(chooser, lambda: chooser.browser_event({"event": "choose", **fields}), word)
    assert chooser.trump == Trump("5", "D")
    assert seen == []


def test_choose_from_python_validates_too() -> None:
    chooser = TrumpChooser("5", "D")
    seen: list[Trump] = []
    chooser.on_change(seen.append)
    before = synced(chooser)
    with pytest.raises(ValueError, match="trump"):
        chooser.choose("Z", "S")
    with pytest.raises(ValueError, match="trump"):
        chooser.choose("5", "NT")
    assert synced(chooser) == before
    assert seen == []


@pytest.mark.parametrize("content", [*NOT_EVENTS, {"event": "toggle", "index": 0}])
def test_trump_chooser_refuses_what_is_not_a_choice(content: Any) -> None:
    chooser = TrumpChooser("5", "D")
    assert_refused(chooser, lambda: from_page(chooser, content))


@pytest.mark.parametrize(
    "write", [{"rank": "A"}, {"suit": "NT"}, {"groups": []}, {"summary": "x"}, {"ranks": ["A"]}, {"rank": 3}]
)
def test_trump_chooser_refuses_direct_trait_writes(write: dict[str, Any]) -> None:
    chooser = TrumpChooser("5", "D")
    assert_refused(chooser, lambda: chooser.set_state(write), "may not change")
    assert_refused(chooser, lambda: page_writes(chooser, write), "may not change")
    assert chooser.trump == Trump("5", "D")


# -- PuzzleCard -----------------------------------------------------------------------------------


class Grader:
    """A grader holding its answer key (and a secret marker) in Python only; counts its calls."""

    def __init__(self, key: object) -> None:
        self.key = {"answer": key, "marker": SECRET}
        self.calls: list[object] = []

    def __call__(self, answer: object) -> Grade:
        self.calls.append(answer)
        right = answer == self.key["answer"]
        return Grade(right, "Right: the rule says so." if right else "Not this time: read RULES §7.", "§7")


PUZZLES: dict[str, dict[str, Any]] = {
    "cards": {
        "prompt": "What do you play?",
        "trump": T7H,
        "trick": ["QH"],
        "leader": 1,
        "hand": "AS KH 5D 10C",
        "max_cards": 1,
        "key": [Card("K", "H")],
        "answer": [("toggle", 0)],  # hand sorted at 7♥: KH AS 10C 5D
        "wrong": [("toggle", 2)],
    },
    "order": {
        "prompt": "Sort these cards, highest first.",
        "trump": T7C,
        "hand": "2C BJ AS 7C",
        "sort_hand": False,
        "key": [Card("BJ"), Card("7", "C"), Card("2", "C"), Card("A", "S")],
        "answer": [("toggle", 1), ("toggle", 3), ("toggle", 0), ("toggle", 2)],
        "wrong": [("toggle", 0), ("toggle", 1), ("toggle", 2), ("toggle", 3)],
    },
    "seat": {
        "prompt": "Who wins?",
        "trump": T7C,
        "trick": ["8D 8D", "9D 9D", "5C 5C", "10C 10C"],
        "key": "East",
        "answer": [("answer", "East")],
        "wrong": [("answer", "South")],
    },
    "number": {
        "prompt": "How many points?",
        "trick": ["5H", "KH", "10H", "2H"],
        "key": 25,
        "answer": [("answer", 25)],
        "wrong": [("answer", 0)],
    },
    "yesno": {
        "prompt": "Is this play legal?",
        "key": False,
        "answer": [("answer", "no")],
        "wrong": [("answer", "yes")],
    },
    "choice": {
        "prompt": "Partner's ace is winning: ruff it or pass?",
        "choices": ("Ruff", "Pass"),
        "key": "Pass",
        "answer": [("answer", "Pass")],
        "wrong": [("answer", "Ruff")],
    },
}


def make_puzzle(kind: str, **extra: Any) -> tuple[PuzzleCard, Grader]:
    spec = dict(PUZZLES[kind])
    grader = Grader(spec.pop("key"))
    spec.pop("answer")
    spec.pop("wrong")
    prompt = spec.pop("prompt")
    puzzle = PuzzleCard(f"p-{kind}", prompt, kind, grade=grader, **{**spec, **extra})
    return puzzle, grader


def give(puzzle: PuzzleCard, steps: list[tuple[str, object]]) -> None:
    for event, value in steps:
        if event == "toggle":
            puzzle.browser_event({"event": "toggle", "index": value})
        else:
            puzzle.browser_event({"event": "answer", "value": value})
        assert puzzle.error == "", puzzle.error


KINDS = list(ANSWER_KINDS)


def test_answer_kinds() -> None:
    assert set(ANSWER_KINDS) == {"cards", "order", "seat", "number", "yesno", "choice"}


def test_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="answer kind"):
        PuzzleCard("p", "?", "essay", grade=Grader(1))


@pytest.mark.parametrize("kind", KINDS)
def test_puzzle_construction(kind: str) -> None:
    puzzle, grader = make_puzzle(kind)
    spec = PUZZLES[kind]
    assert puzzle.puzzle_id == f"p-{kind}"
    assert puzzle.prompt == spec["prompt"]
    assert puzzle.kind == kind
    assert puzzle.choices == (["Ruff", "Pass"] if kind == "choice" else ["North", "West", "South", "East"])
    assert (puzzle.selected, puzzle.highlight, puzzle.choice) == ([], [], "")
    assert (puzzle.verdict, puzzle.feedback, puzzle.hint_text, puzzle.error) == ("", "", "", "")
    assert puzzle.answer is None
    assert not puzzle.has_next
    if "trump" in spec:
        assert puzzle.context == spec["trump"].describe().capitalize()
    if "trick" in spec:
        assert svg_root(puzzle.trick).get("aria-label", "").startswith("trick: ")
    else:
        assert puzzle.trick == ""
    hand = cards(spec.get("hand", ""))
    assert len(puzzle.hand) == len(hand)
    for entry in puzzle.hand:
        svg_root(entry["svg"])
    assert puzzle.max_selected == (len(hand) if kind == "order" else spec.get("max_cards", 0))
    assert grader.calls == []
    assert_secret_kept(puzzle)


def test_cards_puzzle_hand_sorted_by_trump() -> None:
    puzzle, _ = make_puzzle("cards")
    assert [e["token"] for e in puzzle.hand] == ["KH", "AS", "10C", "5D"]
    assert puzzle.hand_label == "Your hand"


# -- answers: good ones -----------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_check_without_an_answer(kind: str) -> None:
    puzzle, grader = make_puzzle(kind)
    assert puzzle.check() is None
    assert puzzle.feedback == "Choose an answer first."
    assert puzzle.verdict == ""
    puzzle.browser_event({"event": "check"})
    assert puzzle.feedback == "Choose an answer first."
    assert puzzle.verdict == ""
    assert grader.calls == []


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("right", [True, False], ids=["correct", "incorrect"])
def test_check_grades_the_answer_in_its_natural_type(kind: str, right: bool) -> None:
    puzzle, grader = make_puzzle(kind)
    heard: list[tuple[Grade, object]] = []
    puzzle.on_check(lambda grade, answer: heard.append((grade, answer)))
    give(puzzle, PUZZLES[kind]["answer" if right else "wrong"])
    puzzle.browser_event({"event": "check"})
    assert len(grader.calls) == 1
    (answer,) = grader.calls
    key = PUZZLES[kind]["key"]
    if kind in ("cards", "order"):
        assert isinstance(answer, list)
        assert all(isinstance(c, Card) for c in answer)
    else:
        assert type(answer) is type(key)
    assert (answer == key) is right
    assert puzzle.verdict == ("correct" if right else "incorrect")
    assert puzzle.feedback == ("Right: the rule says so." if right else "Not this time: read RULES §7.")
    assert len(heard) == 1
    assert heard[0][0] == Grade(right, puzzle.feedback, "§7")
    assert heard[0][1] == answer
    assert_secret_kept(puzzle)


@pytest.mark.parametrize("kind", KINDS)
def test_check_from_python_returns_the_grade(kind: str) -> None:
    puzzle, grader = make_puzzle(kind)
    give(puzzle, PUZZLES[kind]["answer"])
    grade = puzzle.check()
    assert grade is not None
    assert grade.correct
    assert len(grader.calls) == 1


def test_cards_answer_is_the_cards_in_the_order_picked() -> None:
    puzzle, grader = make_puzzle("cards", max_cards=2)
    give(puzzle, [("toggle", 3), ("toggle", 0)])
    assert puzzle.answer == [Card("5", "D"), Card("K", "H")]
    puzzle.check()
    assert grader.calls == [[Card("5", "D"), Card("K", "H")]]


def test_order_puzzle_needs_every_card() -> None:
    puzzle, grader = make_puzzle("order")
    give(puzzle, [("toggle", 1), ("toggle", 3)])
    assert puzzle.check() is None
    assert puzzle.feedback == "Pick all 4 cards, highest first."
    assert puzzle.verdict == ""
    assert grader.calls == []


@pytest.mark.parametrize(("value", "expected"), [(0, 0), (-5, -5), (1000, 1000), (-1000, -1000), (35, 35)])
def test_number_answers(value: int, expected: int) -> None:
    puzzle, grader = make_puzzle("number")
    puzzle.browser_event({"event": "answer", "value": value})
    assert puzzle.error == ""
    assert puzzle.answer == expected
    assert type(puzzle.answer) is int
    puzzle.check()
    assert grader.calls == [expected]
    assert type(grader.calls[0]) is int


@pytest.mark.parametrize(("value", "expected"), [("yes", True), ("no", False)])
def test_yes_no_answers(value: str, expected: bool) -> None:
    puzzle, grader = make_puzzle("yesno")
    puzzle.browser_event({"event": "answer", "value": value})
    assert puzzle.answer is expected
    puzzle.check()
    assert grader.calls == [expected]
    assert type(grader.calls[0]) is bool


def test_seat_answers_use_the_puzzle_names() -> None:
    names = ("Ann", "Bo", "Cy", "Di")
    puzzle, grader = make_puzzle("seat", names=names)
    assert puzzle.choices == list(names)
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": "answer", "value": "North"}), "North")
    puzzle.browser_event({"event": "answer", "value": "Cy"})
    puzzle.check()
    assert grader.calls == ["Cy"]


def test_changing_the_answer_clears_the_verdict() -> None:
    puzzle, _ = make_puzzle("seat")
    give(puzzle, [("answer", "East")])
    puzzle.check()
    assert puzzle.verdict == "correct"
    give(puzzle, [("answer", "East")])  # the same answer again keeps it
    assert puzzle.verdict == "correct"
    give(puzzle, [("answer", "West")])
    assert puzzle.verdict == ""
    assert puzzle.choice == "West"


def test_toggling_clears_the_verdict() -> None:
    puzzle, _ = make_puzzle("cards", max_cards=0)
    give(puzzle, [("toggle", 0)])
    puzzle.check()
    assert puzzle.verdict == "correct"
    give(puzzle, [("toggle", 1)])
    assert puzzle.verdict == ""
    assert puzzle.selected == [0, 1]


def test_check_through_the_comm() -> None:
    puzzle, grader = make_puzzle("number")
    from_page(puzzle, {"event": "answer", "value": 25})
    from_page(puzzle, {"event": "check"})
    assert grader.calls == [25]
    assert puzzle.verdict == "correct"


# -- answers: bad ones ------------------------------------------------------------------------------

BAD_ANSWERS = [
    pytest.param("seat", "Northwest", "choose one of", id="seat-unknown"),
    pytest.param("seat", "north", "choose one of", id="seat-lower-case"),
    pytest.param("seat", 0, "choose one of", id="seat-index"),
    pytest.param("seat", True, "choose one of", id="seat-bool"),
    pytest.param("seat", None, "choose one of", id="seat-none"),
    pytest.param("seat", ["East"], "choose one of", id="seat-list"),
    pytest.param("seat", "", "choose one of", id="seat-empty"),
    pytest.param("number", 1001, "out of range", id="number-too-big"),
    pytest.param("number", -1001, "out of range", id="number-too-small"),
    pytest.param("number", 10**20, "out of range", id="number-huge"),
    pytest.param("number", "25", "whole number", id="number-string"),
    pytest.param("number", 25.0, "whole number", id="number-float"),
    pytest.param("number", 25.5, "whole number", id="number-fraction"),
    pytest.param("number", True, "whole number", id="number-bool"),
    pytest.param("number", None, "whole number", id="number-none"),
    pytest.param("number", [25], "whole number", id="number-list"),
    pytest.param("yesno", "maybe", "yes or no", id="yesno-maybe"),
    pytest.param("yesno", "Yes", "yes or no", id="yesno-capital"),
    pytest.param("yesno", True, "yes or no", id="yesno-bool"),
    pytest.param("yesno", 1, "yes or no", id="yesno-int"),
    pytest.param("yesno", None, "yes or no", id="yesno-none"),
    pytest.param("cards", "KH", "picking cards", id="cards-by-answer"),
    pytest.param("order", 1, "picking cards", id="order-by-answer"),
]


@pytest.mark.parametrize(("kind", "value", "words"), BAD_ANSWERS)
@pytest.mark.parametrize("answered", [False, True], ids=["fresh", "after-an-answer"])
def test_bad_answers_are_refused(kind: str, value: object, words: str, answered: bool) -> None:
    puzzle, grader = make_puzzle(kind)
    if answered:
        give(puzzle, PUZZLES[kind]["answer"])
        puzzle.check()
    answer_before = puzzle.answer
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": "answer", "value": value}), words)
    assert puzzle.answer == answer_before
    assert len(grader.calls) == (1 if answered else 0)


@pytest.mark.parametrize("kind", KINDS)
def test_answer_without_a_value_is_refused(kind: str) -> None:
    puzzle, _ = make_puzzle(kind)
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": "answer"}))


@pytest.mark.parametrize("kind", ["seat", "number", "yesno"])
def test_toggling_on_a_puzzle_not_answered_with_cards(kind: str) -> None:
    puzzle, _ = make_puzzle(kind, hand="AS KS")
    give(puzzle, PUZZLES[kind]["answer"])
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": "toggle", "index": 0}), "not answered with cards")
    assert puzzle.selected == []


@pytest.mark.parametrize("kind", ["cards", "order"])
@pytest.mark.parametrize(
    ("fields", "words"),
    [
        pytest.param({"index": 4}, ("out of range",), id="past-the-end"),
        pytest.param({"index": -1}, ("out of range",), id="negative"),
        pytest.param({"index": True}, ("whole number",), id="bool"),
        pytest.param({"index": "1"}, ("whole number",), id="string"),
        pytest.param({"index": 1.0}, ("whole number",), id="float"),
        pytest.param({"index": None}, ("whole number",), id="none"),
        pytest.param({}, ("whole number",), id="missing"),
    ],
)
def test_bad_toggles_on_a_card_puzzle(kind: str, fields: dict[str, Any], words: tuple[str, ...]) -> None:
    puzzle, _ = make_puzzle(kind)
    give(puzzle, [("toggle", 0)])
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": "toggle", **fields}), *words)
    assert puzzle.selected == [0]


def test_cards_puzzle_selection_limit() -> None:
    puzzle, _ = make_puzzle("cards")
    give(puzzle, [("toggle", 2)])
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": "toggle", "index": 0}), "at most 1")
    give(puzzle, [("toggle", 2), ("toggle", 0)])
    assert puzzle.selected == [0]


@pytest.mark.parametrize("content", NOT_EVENTS)
def test_puzzle_refuses_what_is_not_an_event(content: Any) -> None:
    puzzle, grader = make_puzzle("seat")
    give(puzzle, [("answer", "West")])
    assert_refused(puzzle, lambda: from_page(puzzle, content), "not a widget event")
    assert grader.calls == []


@pytest.mark.parametrize("event", ["choose", "grade", "answer_key", "solution", "Check"])
def test_puzzle_refuses_unknown_events(event: str) -> None:
    puzzle, grader = make_puzzle("seat")
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": event}), "unknown event")
    assert grader.calls == []


@pytest.mark.parametrize(
    "write",
    [
        pytest.param({"verdict": "correct"}, id="verdict"),
        pytest.param({"choice": "East"}, id="choice"),
        pytest.param({"selected": [0, 1, 2, 3]}, id="selected"),
        pytest.param({"has_next": True}, id="has-next"),
        pytest.param({"kind": "yesno"}, id="kind"),
        pytest.param({"seats": ["Me"]}, id="seats"),
        pytest.param({"max_selected": 0, "feedback": "Well done"}, id="several"),
    ],
)
def test_puzzle_refuses_direct_trait_writes(write: dict[str, Any]) -> None:
    puzzle, grader = make_puzzle("seat")
    give(puzzle, [("answer", "West")])
    assert_refused(puzzle, lambda: puzzle.set_state(write), "may not change")
    assert_refused(puzzle, lambda: page_writes(puzzle, write), "may not change")
    assert puzzle.answer == "West"
    assert grader.calls == []


# -- a grader that fails --------------------------------------------------------------------------


def broken_grader(answer: object) -> Grade:
    raise RuntimeError("the answer key is malformed")


def test_a_failing_grader_keeps_the_answer_python_check(caplog: pytest.LogCaptureFixture) -> None:
    puzzle = PuzzleCard("broken", "Who wins?", "seat", grade=broken_grader)
    give(puzzle, [("answer", "West")])
    assert puzzle.check() is None
    assert "could not be graded" in puzzle.error
    assert puzzle.answer == "West"
    assert puzzle.choice == "West"
    assert puzzle.verdict == ""
    assert "broken" in caplog.text


@pytest.mark.parametrize("kind", ["cards", "seat"])
def test_a_failing_grader_keeps_the_answer_python_check_cards(kind: str) -> None:
    puzzle, _ = make_puzzle(kind)
    puzzle.load(f"p-{kind}", "?", kind, grade=broken_grader, hand="AS KS", max_cards=1)
    give(puzzle, [("toggle", 1)] if kind == "cards" else [("answer", "East")])
    before = puzzle.answer
    puzzle.check()
    assert puzzle.answer == before
    assert puzzle.error


def test_a_failing_grader_sets_error_when_checked_from_the_page() -> None:
    puzzle = PuzzleCard("broken", "Who wins?", "seat", grade=broken_grader)
    give(puzzle, [("answer", "West")])
    puzzle.browser_event({"event": "check"})
    assert puzzle.answer == "West"
    assert puzzle.verdict == ""
    assert "could not be graded" in puzzle.error


def test_a_failing_grader_checked_from_the_page_keeps_the_answer() -> None:
    puzzle = PuzzleCard("broken", "Who wins?", "seat", grade=broken_grader)
    give(puzzle, [("answer", "West")])
    puzzle.browser_event({"event": "check"})
    assert puzzle.answer == "West"
    assert puzzle.verdict == ""
    assert puzzle.feedback == ""


# -- hints ----------------------------------------------------------------------------------------


def test_hint_text() -> None:
    puzzle, grader = make_puzzle("seat", hint="Trumps beat diamonds.")
    assert puzzle.hint_text == ""
    puzzle.browser_event({"event": "hint"})
    assert puzzle.hint_text == "Trumps beat diamonds."
    assert puzzle.error == ""
    assert grader.calls == []


def test_hint_function_is_called_on_request() -> None:
    calls: list[int] = []

    def hint() -> str:
        calls.append(1)
        return "Count the kings."

    puzzle, _ = make_puzzle("number", hint=hint)
    assert calls == []
    assert puzzle.show_hint() == "Count the kings."
    assert puzzle.hint_text == "Count the kings."
    assert calls == [1]


def test_no_hint_still_says_something() -> None:
    puzzle, _ = make_puzzle("yesno")
    puzzle.browser_event({"event": "hint"})
    assert puzzle.hint_text.strip()


def test_hint_cards_are_highlighted_only_on_request() -> None:
    puzzle, _ = make_puzzle("cards", hint="Win it.", hint_cards="KH")
    plain = [e["svg"] for e in puzzle.hand]
    assert puzzle.highlight == []
    puzzle.browser_event({"event": "hint"})
    assert puzzle.highlight == [0]
    assert [i for i, e in enumerate(puzzle.hand) if e["svg"] != plain[i]] == [0]
    assert puzzle.selected == []


def test_hint_cards_with_copies() -> None:
    puzzle, _ = make_puzzle("cards", hand="5D 5D 6D AS", trump=T7C, hint_cards="5D 5D")
    puzzle.show_hint()
    assert [puzzle.hand[i]["token"] for i in puzzle.highlight] == ["5D", "5D"]
    assert sorted(puzzle.highlight) == [2, 3]


# -- next -----------------------------------------------------------------------------------------


def test_next_refused_without_a_next_puzzle() -> None:
    puzzle, _ = make_puzzle("seat")
    called: list[int] = []
    puzzle.on_next(lambda: called.append(1))
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": "next"}), "no next")
    assert called == []


def test_next_calls_the_listeners() -> None:
    puzzle, _ = make_puzzle("seat", has_next=True)
    called: list[str] = []
    puzzle.on_next(lambda: called.append("a"))
    puzzle.on_next(lambda: called.append("b"))
    puzzle.browser_event({"event": "next"})
    assert called == ["a", "b"]
    assert puzzle.error == ""
    assert puzzle.refusals == 0


# -- the answer key stays in Python ---------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_answer_key_never_in_the_synced_state(kind: str) -> None:
    puzzle, _ = make_puzzle(kind, hint="Think.", has_next=True)
    assert_secret_kept(puzzle)
    for steps in (PUZZLES[kind]["wrong"], PUZZLES[kind]["answer"]):
        puzzle.load(f"p-{kind}", "again", kind, grade=Grader(PUZZLES[kind]["key"]), **_load_args(kind))
        give(puzzle, steps)
        assert_secret_kept(puzzle)
        puzzle.browser_event({"event": "check"})
        assert_secret_kept(puzzle)
        puzzle.browser_event({"event": "hint"})
        assert_secret_kept(puzzle)
    state = puzzle.get_state()
    for name in ("grade", "_grade", "key", "answer", "solution"):
        assert name not in state
    json.dumps({k: v for k, v in state.items() if k != "layout"})  # plain JSON only


def _load_args(kind: str) -> dict[str, Any]:
    return {k: v for k, v in PUZZLES[kind].items() if k not in ("prompt", "key", "answer", "wrong")}


# -- load() resets --------------------------------------------------------------------------------


def test_load_resets_the_puzzle() -> None:
    puzzle, first = make_puzzle("cards", hint="Win it.", hint_cards="KH", has_next=True)
    give(puzzle, [("toggle", 0)])
    puzzle.check()
    puzzle.show_hint()
    puzzle.browser_event({"event": "toggle", "index": 99})
    assert puzzle.error
    second = Grader(7)
    puzzle.load("p2", "How many?", "number", grade=second)
    assert puzzle.puzzle_id == "p2"
    assert puzzle.prompt == "How many?"
    assert puzzle.kind == "number"
    assert (puzzle.selected, puzzle.highlight, puzzle.choice, puzzle.hand, puzzle.trick) == ([], [], "", [], "")
    assert (puzzle.verdict, puzzle.feedback, puzzle.hint_text, puzzle.error, puzzle.context) == ("", "", "", "", "")
    assert not puzzle.has_next
    assert puzzle.max_selected == 0
    assert puzzle.answer is None
    puzzle.browser_event({"event": "answer", "value": 7})
    puzzle.check()
    assert first.calls == [[Card("K", "H")]]
    assert second.calls == [7]
    assert puzzle.verdict == "correct"


def test_load_a_seat_puzzle_after_a_seat_puzzle_forgets_the_choice() -> None:
    puzzle, first = make_puzzle("seat")
    give(puzzle, [("answer", "East")])
    second = Grader("North")
    puzzle.load("p2", "Who wins now?", "seat", grade=second)
    assert puzzle.answer is None
    assert puzzle.check() is None
    assert second.calls == []
    assert first.calls == []


# -- teaching before telling: the hint ladder, a wrong answer's message, Show answer ----------------


def _ladder_card() -> tuple[PuzzleCard, Any]:
    from shengji_tutor.puzzles import load_bank
    from shengji_tutor.ui.puzzle_view import puzzle_card_args

    puzzle = load_bank()["following-ruff-to-win"]
    return PuzzleCard(**puzzle_card_args(puzzle)), puzzle


def test_the_hint_ladder_opens_one_step_at_a_time() -> None:
    card, puzzle = _ladder_card()
    steps = puzzle.hint_steps()
    assert card.hint_total == len(steps) >= 2
    assert (card.hints, card.work.hints_open, card.highlight) == ([], 0, [])
    for n, _step in enumerate(steps, 1):
        card.browser_event({"event": "hint"})
        assert card.hints == [s.text for s in steps[:n]]
        assert card.work.hints_open == n
    assert [card.hand[i]["token"] for i in card.highlight] == [str(c) for c in steps[-1].cards]
    card.browser_event({"event": "hint"})  # past the top: nothing more opens
    assert card.work.hints_open == len(steps)
    assert len(card.hints) == len(steps)
    assert card.can_reveal  # every hint open: the answer may be shown


def test_a_first_wrong_answer_names_the_mistake_not_the_solution() -> None:
    card, puzzle = _ladder_card()
    solution = set(puzzle.solve())
    wrong = next(i for i, e in enumerate(card.hand) if e["token"] not in solution)
    card.browser_event({"event": "toggle", "index": wrong})
    card.browser_event({"event": "toggle", "index": next(i for i in range(len(card.hand)) if i != wrong)})
    grade = card.check()
    assert grade is not None
    assert not grade.correct
    assert card.feedback == joker_words(grade.mistake) != ""
    assert "RULES §" in card.feedback
    assert puzzle.solution_text() not in card.feedback
    assert card.hints == []
    assert not card.can_reveal  # one wrong answer: try again first (the rule lesson steps follow too)
    card.check()  # the second wrong answer opens the next hint step, and offers the answer
    assert card.work.graded == 2
    assert card.hints == [puzzle.hint_steps()[0].text]
    assert "Here is a hint" in card.feedback
    assert card.can_reveal


def test_show_answer_is_heard_once_and_shows_the_solution() -> None:
    card, puzzle = _ladder_card()
    heard: list[str] = []
    card.on_reveal(lambda: heard.append("shown"))
    card.browser_event({"event": "reveal"})
    card.browser_event({"event": "reveal"})
    assert heard == ["shown"]
    assert card.verdict == "shown"
    assert card.feedback == joker_words(puzzle.solution_text())
    assert card.work.shown


def test_show_answer_without_a_solution_is_refused() -> None:
    puzzle, _ = make_puzzle("seat")
    assert_refused(puzzle, lambda: puzzle.browser_event({"event": "reveal"}), "no answer to show")
    assert puzzle.verdict == ""


def test_too_few_cards_is_not_an_attempt() -> None:
    grader = Grader([Card("K", "H"), Card("A", "S")])
    card = PuzzleCard("p", "Play two", "cards", grade=grader, hand="AS KH 5D", max_cards=2)
    heard: list[object] = []
    card.on_check(lambda g, a: heard.append(a))
    card.browser_event({"event": "toggle", "index": 0})
    assert card.check() is None
    assert card.feedback == "Pick 2 cards: you have picked 1."
    assert (grader.calls, heard, card.work.graded, card.verdict) == ([], [], 0, "")


def test_the_points_table_hides_its_total_when_the_total_is_the_answer() -> None:
    from shengji_tutor.puzzles import load_bank
    from shengji_tutor.ui.puzzle_view import puzzle_card_args

    puzzle = load_bank()["points-count-a-trick"]
    card = PuzzleCard(**puzzle_card_args(puzzle))
    total = str(puzzle.solve())
    assert f"{total} points" not in card.trick
    shown = PuzzleCard(**{**puzzle_card_args(puzzle), "show_points": True})
    assert f"{total} points" in shown.trick


def test_the_trump_sentence_keeps_its_ranks_upper_case() -> None:
    card = PuzzleCard("p", "Who wins?", "seat", grade=Grader("North"), trump=Trump("A", "H"))
    assert card.context == "Rank A, hearts are trump"


def test_only_the_trump_group_sets_its_suits_apart() -> None:
    """The hand picker opens a gap where the suit changes inside the trump group (7♣ 7♣ | 7♠ 7♠); a plain suit, or a
    one-row hand in another order (Zheng Fen's), has one part."""
    from shengji_tutor.engine.trump import Trump
    from shengji_tutor.ui.widgets.hand_picker import card_entries

    parts = [e["part"] for e in card_entries(parse_cards("7C 7S 7H AC 3D 4D"), Trump("7", "C"))]
    assert parts == ["C", "S", "H", "C", "D", "D"]
    mixed = card_entries(parse_cards("3H 4D 7S 8S"), None, one_group="Low to high")
    assert {e["part"] for e in mixed} == {"all"}
