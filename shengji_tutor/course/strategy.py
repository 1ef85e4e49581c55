"""Lesson 11, "Playing well" (策略 cèlüè): the pictures of each idea and the live positions from real rounds.

The lesson's ideas are one table, ``course.ideas.IDEA_TABLE``; this module makes
their parts:

- an **example** and a **counter-example** (``pictures_<idea>``): a trick or a group
  of cards drawn as pictures, each naming the rule it shows; whatever a caption
  says about who wins is the engine's own explanation (``explain_trick``);
- a **live demo** (``Demo``): a real position from a round four ``HeuristicBot``
  players dealt and played from a seed, stopped just before one of South's
  decisions. ``ideas.demo_panel`` draws it with the trick so far, South's hand and a
  few facts (``facts``: the points, the trumps still out …); its button runs the search and
  shows every sensible choice with its average outcome and the coach's reasons.

The demo positions were found by scanning seeded rounds (``decisions``) for a
decision of South's where the search's verdict shows the idea; each ``Demo``
says in its ``chosen`` text what was looked for, and tests/test_strategy.py
checks that the verdict still does. A position is a seed and a count of actions,
so it is replayed through the engine each time it is built (a few milliseconds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from ..engine.cards import SUITS, Card, as_cards, listed, points, rank_plural
from ..engine.scoring import kitty_bonus, level_change
from ..engine.seats import SEATS
from ..engine.tricks import explain_trick
from ..engine.trump import Trump
from ..i18n import DEFAULT, N_, language, t, tn
from ..play.actions import DealCard, Discard, Play
from ..play.bots import HeuristicBot, declarations_for
from ..play.game import play_round
from ..play.record import Position
from ..play.round import Phase, PlayerView
from ..play.sampler import unseen_counts
from ..play.search import Budget
from ..ui.engine_panel import PanelLine
from ..ui.render import hand_svg
from ..ui.widgets import TrickTable

__all__ = [
    "EXAMPLE_TRUMP",
    "KITTY_EXAMPLE",
    "SOUTH",
    "Demo",
    "Illustration",
    "decisions",
    "examples",
    "facts",
    "naive_burial",
    "unseen",
]

SOUTH = 2
"""The learner's seat in every demo, as in lesson 10."""
EXAMPLE_TRUMP = Trump("7", "C")
"""The trump of the pictures (rank 7, clubs), as in lessons 3 to 8."""


# -- the live demos -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Demo:
    """A real position: the round four heuristic bots play from ``seed`` (``dealer``, trump ``rank``), replayed
    up to its first ``step`` actions, where South decides.

    With ``bury_points`` South, as dealer, buries ``naive_burial`` instead of the bot's
    choice and the bots play on: the position shows what becomes of buried points.
    ``samples`` is what the button's search spends; ``compare`` adds tempting choices
    to the engine's own candidates; ``chosen`` says how the position was found (for the
    course's authors, in English). ``title`` is in English, shown as ``t(title)``.
    """

    idea: str
    title: str
    seed: int
    dealer: int | None
    step: int
    chosen: str
    rank: str = "7"
    samples: int = 24
    bury_points: bool = False

    @property
    def budget(self) -> Budget:
        return Budget(samples=self.samples, candidates=6)

    def position(self) -> Position:
        """The position, replayed through the engine from the seed."""
        record = play_round(seed=self.seed, bots=[HeuristicBot()] * 4, dealer=self.dealer, rank=self.rank)
        if not self.bury_points:
            return Position(record.rules, record.rank, self.dealer, record.deals, record.history[: self.step])
        buried = next(k for k, a in enumerate(record.history) if isinstance(a, Discard))
        rnd = Position(record.rules, record.rank, self.dealer, record.deals, record.history[:buried]).round()
        rnd.apply(Discard(SOUTH, tuple(naive_burial(rnd.view(SOUTH)))))
        bot = HeuristicBot()
        while len(rnd.history) < self.step:
            seat = rnd.to_act
            assert seat is not None
            rnd.apply(Play(seat, tuple(bot.play(rnd.view(seat)))))
        return Position.of(rnd)

    def view(self) -> PlayerView:
        """What South sees at the decision (during the deal: just after South was dealt a card)."""
        rnd = self.position().round()
        if rnd.phase != Phase.DEAL and rnd.to_act != SOUTH:
            raise ValueError(f"the demo {self.idea!r} does not stop at a decision of South's")
        return rnd.view(SOUTH)

    def compare(self, view: PlayerView) -> list[tuple[Card, ...]]:
        """The tempting choices judged beside the engine's own: the burial that "keeps points safe"."""
        return [tuple(naive_burial(view))] if view.phase == Phase.KITTY else []


def decisions(seed: int, dealer: int | None, rank: str = "7") -> Iterator[tuple[int, PlayerView]]:
    """Every decision of South's in a seeded heuristic bots' round, as (actions before it, South's view): each
    play, the burial, and during the deal each moment South has just been dealt a card and could declare.
    These are the positions scanned for the demos."""
    record = play_round(seed=seed, bots=[HeuristicBot()] * 4, dealer=dealer, rank=rank)
    rnd = Position(record.rules, record.rank, dealer, record.deals, ()).round()
    for step, action in enumerate(record.history):
        if rnd.phase in (Phase.KITTY, Phase.PLAY) and rnd.to_act == SOUTH:
            yield step, rnd.view(SOUTH)
        drawer = rnd.drawer
        rnd.apply(action)
        if drawer == SOUTH and isinstance(action, DealCard) and declarations_for(rnd.view(SOUTH)):
            yield step + 1, rnd.view(SOUTH)


def naive_burial(view: PlayerView) -> list[Card]:
    """The beginner's burial "to keep the points safe": the plain point cards first, then the lowest plain cards."""
    trump = view.trump
    assert trump is not None
    plain = [c for c in view.hand if not trump.is_trump(c)]
    dear = sorted((c for c in plain if c.points), key=lambda c: (-c.points, c.id))
    cheap = sorted((c for c in plain if not c.points), key=lambda c: (trump.key(c), c.id))
    return (dear + cheap)[: view.rules.kitty]


def unseen(view: PlayerView) -> list[Card]:
    """The cards the player has not seen (in other hands, or in a kitty they did not bury), highest first."""
    cards = [Card.from_id(i) for i, n in unseen_counts(view).items() for _ in range(n)]
    return view.trump.sorted(cards) if view.trump is not None else cards


def _suit_count(suit: str, n: int) -> str:
    """How many cards of ``suit`` a hand holds, in the language read now: "3 spades" (in English "1 spades" too: the
    count of a suit's cards)."""
    if suit == "S":
        return tn("{n} spades", "{n} spades", n)
    if suit == "H":
        return tn("{n} hearts", "{n} hearts", n)
    if suit == "D":
        return tn("{n} diamonds", "{n} diamonds", n)
    return tn("{n} clubs", "{n} clubs", n)


def facts(idea: str, view: PlayerView) -> list[PanelLine]:
    """The few facts a demo of ``idea`` shows beside its position (the points, the trumps still out …), in the
    reader's language."""
    trump = view.trump
    out: list[PanelLine] = []
    if trump is None:  # during the deal
        held = {s: sum(1 for c in view.hand if c.suit == s and c.rank != view.rank) for s in SUITS}
        counts = listed([_suit_count(s, n) for s, n in held.items()], last=False)
        ranks = rank_plural(view.rank) if language() == DEFAULT else view.rank
        # TRANSLATORS: {ranks} is the trump rank's cards ("7s" in English; the rank as printed, 7, in your language),
        # {counts} how many cards of each suit the hand holds besides them ("3 spades, 4 hearts, 2 diamonds, 3 clubs").
        out.append(PanelLine(t("Your cards by suit, besides the {ranks}: {counts}.", ranks=ranks, counts=counts)))
        jokers = tuple(c for c in view.hand if c.is_joker or c.rank == view.rank)
        if jokers:
            out.append(PanelLine(t("Your 7s and jokers (what you can declare with):"), jokers))
        return out
    hidden = unseen(view)
    if idea == "points":
        out.append(PanelLine(t("Point cards you have not seen yet:"), tuple(c for c in hidden if c.points)))
    elif idea in ("counting", "trumps"):
        trumps = tuple(c for c in hidden if trump.is_trump(c))
        out.append(PanelLine(t("Trumps you have not seen ({count}):", count=len(trumps)), trumps))
        if idea == "counting":
            aces = tuple(c for c in hidden if c.rank == "A" and not trump.is_trump(c))
            out.append(
                PanelLine(t("Plain aces you have not seen:"), aces)
                if aces
                else PanelLine(t("Every plain ace is seen."))
            )
    elif idea == "pairs":
        pairs = tuple(c for c in trump.sorted(view.hand) if sum(1 for d in view.hand if d == c) == 2)
        if pairs:
            out.append(PanelLine(t("Your pairs:"), pairs))
    elif idea == "kitty" and view.discards:
        buried = points(view.discards)
        said = tn("The kitty you buried ({n} point):", "The kitty you buried ({n} points):", buried)
        out.append(PanelLine(said, tuple(view.discards)))
    elif idea == "bury":
        dear = tuple(c for c in trump.sorted(view.hand) if c.points)
        said = tn("Your point cards ({n} point):", "Your point cards ({n} points):", points(dear))
        out.append(PanelLine(said, dear))
    return out


# -- examples and counter-examples ------------------------------------------------------------------


@dataclass(frozen=True)
class Illustration:
    """An example (``good``) or a counter-example of an idea: a trick (``plays`` from ``leader``, with the
    seat the text says wins as ``winner``, which the engine must agree with) or a group of ``cards``."""

    good: bool
    rule: str
    text: str
    plays: tuple[str, ...] = ()
    leader: int = 0
    winner: int | None = None
    cards: str = ""
    during_deal: bool = False
    """The cards are a hand during the deal: no trump yet, drawn unsorted by trump."""


def _trumps_if(cards: str, suit: str) -> int:
    """How many of ``cards`` would be trumps if ``suit`` were declared at rank 7 (RULES §3)."""
    trump = Trump("7", suit)
    return sum(1 for c in as_cards(cards) if trump.is_trump(c))


KITTY_EXAMPLE = "KS 10D 5H 3S 4S 6D 8D 9D"
"""The kitty of the pictures about the kitty and the burial."""


_PICTURES: dict[str, tuple[tuple[bool, str, str, str | tuple[str, str, str]], ...]] = {
    # Each idea's example(s) and counter-example(s), in order: whether it is an example, its rule and text (in
    # English, shown with ``t``; the text filled with ``_filled``), and what it draws: a trick (the seat that leads,
    # the plays in turn with a comma between seats, and the seat the text says wins) or a hand.
    "points": (
        (
            True,
            N_("Count the points: 80 is the line"),
            # TRANSLATORS: {at_65} and {at_80} are the engine's sentences on what 65 and 80 points do to the levels.
            N_(
                "You are South, an attacker, and your side has 65 points. This trick holds 15: take it and you reach "
                "80. At 65: {at_65} At 80: {at_80}"
            ),
            ("East", "KD, 5D, QD, AD", "South"),
        ),
        (
            False,
            N_("A trick without points is not worth your best trump"),
            N_(
                "The same 65 points, but this trick holds none: winning it with your big joker adds nothing, and the "
                "joker is gone."
            ),
            ("East", "3D, 4D, 9D, BJ", "South"),
        ),
    ),
    "counting": (
        (
            True,
            N_("The highest card still out wins"),
            N_(
                "Both A♥ were played in earlier tricks, so your K♥ is the highest heart left: nobody can beat it in "
                "hearts."
            ),
            ("South", "KH, 3H, 9H, QH", "South"),
        ),
        (
            False,
            N_("A card is not high while a higher one is still out"),
            N_("One A♥ has not been seen yet. East holds it and takes your K♥ with its 10 points."),
            ("South", "KH, AH, 4H, 5H", "East"),
        ),
    ),
    "trumps": (
        (
            True,
            N_("Draw the trumps, then play your long suit (调主 diàozhǔ)"),
            N_(
                "You led trumps twice and the opponents have none left. East has no spades either, but can no longer "
                "trump your Q♠."
            ),
            ("South", "QS, 3H, 9S, 4D", "South"),
        ),
        (
            False,
            N_("Trumps left out ruff your long suit (毙 bì)"),
            N_(
                "Nobody led trumps: East still holds one and trumps your Q♠. Saving all your trumps for the end let "
                "East use theirs on your winner."
            ),
            ("South", "QS, 2C, 9S, 4D", "East"),
        ),
    ),
    "give": (
        (
            True,
            N_("Give points to a partner who is winning (垫分 diànfēn)"),
            N_("North is winning with A♦ and you play last: add your K♦ and your side takes 15 points."),
            ("East", "9D, AD, 5D, KD", "North"),
        ),
        (
            False,
            N_("Do not take the trick from your partner"),
            N_("North was already winning. Trumping with 2♣ wins nothing more: it only spends a trump."),
            ("East", "9D, AD, 5D, 2C", "South"),
        ),
        (
            False,
            N_("Keep your points from an opponent who is winning"),
            N_(
                "You have no diamonds and your lowest card is 10♠. West is winning with A♦: throwing the 10♠ hands 10 "
                "points to the other side. Throw a card without points, even a higher one."
            ),
            ("North", "9D, AD, 10S, 3D", "West"),
        ),
    ),
    "pairs": (
        (
            True,
            N_("A pair beats a pair: keep yours (对子 duìzi)"),
            N_("West leads a pair of 9♥. You kept your two Q♥ together and win the trick with them."),
            ("West", "9H 9H, QH QH, 3H 4H, 5H 6H", "South"),
        ),
        (
            False,
            N_("A broken pair is two singles"),
            N_(
                "You broke your Q♥ pair earlier to follow a single lead. Now Q♥ J♥ are two singles, and two singles "
                "never beat a pair."
            ),
            ("West", "9H 9H, QH JH, 3H 4H, 5H 6H", "West"),
        ),
    ),
    "kitty": (
        (
            True,
            N_("Win the last trick with a pair (抠底 kōudǐ)"),
            # TRANSLATORS: {points} is the kitty's points (25), {bonus} what they count won with a pair (100).
            N_(
                "You are South, an attacker, and kept a trump pair to the end. The kitty (底牌 dǐpái) holds {points} "
                "points; won with a pair they count four times: {bonus} points for your side."
            ),
            ("East", "6H 6H, 3S 8D, 4H 9H, 2C 2C", "South"),
        ),
        (
            False,
            N_("Trumps spent early cannot take the last trick"),
            N_(
                "You used your 2♣ pair on an earlier trick. Now East keeps the last trick and the kitty's {points} "
                "points stay with the declarers."
            ),
            ("East", "6H 6H, 3S 8D, 4H 9H, 3D 4S", "East"),
        ),
    ),
    "bury": (
        (
            True,
            N_("Make a void, keep your trumps, bury no points (埋底 máidǐ)"),
            # TRANSLATORS: {points} is the points of the cards buried (0).
            N_(
                "All five of your spades and three low cards: {points} points, no trumps, and you have no spades left, "
                "so you can trump their spade leads."
            ),
            "3S 4S 6S 9S JS 2D 3D 4H",
        ),
        (
            False,
            N_("Buried points are not safe"),
            # TRANSLATORS: {points} and {trumps} are the points (50) and trumps (2) buried, {bonus} what the attackers
            # score with them (200).
            N_(
                "{points} points and {trumps} trumps buried 'to keep them safe'. If the attackers win the last trick "
                "with a pair, they score {bonus} points from this kitty."
            ),
            "KS KS 10D 10D 5H 5H 2C 8C",
        ),
    ),
    "declare": (
        (
            True,
            N_("Declare in your long suit (亮主 liàngzhǔ)"),
            # TRANSLATORS: {count} is how many of the hand's cards become trumps (7).
            N_("Twelve cards dealt and a 7♥ among them: declaring hearts makes {count} of your cards trumps."),
            "7H AH KH 10H 8H 5H 3H QS 4S 9D 2C JC",
        ),
        (
            False,
            N_("A short suit makes a weak trump"),
            # TRANSLATORS: {count} is how many of the hand's cards would become trumps (2).
            N_(
                "Declaring with the 7♠ would make only {count} of your cards trumps, while your six hearts stay plain. "
                "Wait for a 7♥ or let another player declare."
            ),
            "7S 4S AH KH QH JH 8H 3H 9D 6D 2C JC",
        ),
        (
            True,
            N_("Keep a joker pair to override"),
            N_(
                "A pair of small jokers overrides any declaration made with 7s, and a pair of big jokers overrides "
                "that (RULES §10): hold them, and you can take the trump from a rival late in the deal."
            ),
            "SJ SJ BJ BJ",
        ),
    ),
}


def _filled(idea: str, hand: str) -> dict[str, object]:
    """What the text of a picture of ``idea`` (drawing ``hand``, if it draws a hand) fills its placeholders with, in
    the language read now: the engine's own numbers and sentences."""
    trump = EXAMPLE_TRUMP
    if idea == "points":
        return {"at_65": level_change(65).describe(), "at_80": level_change(80).describe()}
    if idea == "kitty":
        return {"points": points(KITTY_EXAMPLE), "bonus": kitty_bonus(KITTY_EXAMPLE, "2C 2C", trump)}
    if idea == "bury":
        trumps = sum(1 for c in as_cards(hand) if trump.is_trump(c))
        return {"points": points(hand), "trumps": trumps, "bonus": kitty_bonus(hand, "QD QD", trump)}
    if idea == "declare":
        suit = next((c.suit for c in as_cards(hand) if c.rank == "7" and c.suit), None)  # what the hand's 7 declares
        return {"count": _trumps_if(hand, suit)} if suit else {}
    return {}


def _pictures_of(idea: str) -> Callable[[], list[Illustration]]:
    """The function that draws ``idea``'s pictures (``_PICTURES``) in the language read now: the declaring ones
    are hands during the deal."""

    def pictures() -> list[Illustration]:
        out = []
        for good, rule, text, drawn in _PICTURES[idea]:
            hand = drawn if isinstance(drawn, str) else ""
            words = t(rule), t(text, **_filled(idea, hand))
            if isinstance(drawn, str):
                out.append(Illustration(good, *words, cards=drawn, during_deal=idea == "declare"))
            else:
                leader, plays, winner = drawn
                trick = tuple(plays.split(", "))
                out.append(Illustration(good, *words, trick, SEATS.index(leader), SEATS.index(winner)))
        return out

    pictures.__name__ = pictures.__qualname__ = f"pictures_{idea}"
    pictures.__doc__ = f"Lesson 11's example and counter-example(s) of the idea {idea!r}."
    return pictures


pictures_points = _pictures_of("points")
pictures_counting = _pictures_of("counting")
pictures_trumps = _pictures_of("trumps")
pictures_give = _pictures_of("give")
pictures_pairs = _pictures_of("pairs")
pictures_kitty = _pictures_of("kitty")
pictures_bury = _pictures_of("bury")
pictures_declare = _pictures_of("declare")


def _rotated(leader: int) -> list[str]:
    return [SEATS[(leader + k) % 4] for k in range(4)]


def _figure(item: Illustration) -> w.Widget:
    mark = t("✓ Example:") if item.good else t("✗ Counter-example:")
    css = "sjt-example-good" if item.good else "sjt-example-bad"
    head = w.HTML(
        f'<div class="sjt-example {css}"><p class="sjt-example-rule"><strong>{escape(mark)}</strong> '
        f"{escape(item.rule)}</p><p>{escape(item.text)}</p></div>"
    )
    if item.plays:
        result = explain_trick(list(item.plays), EXAMPLE_TRUMP, names=_rotated(item.leader))
        winner = (item.leader + result.winner) % 4
        picture: w.Widget = TrickTable(
            list(item.plays), leader=item.leader, trump=EXAMPLE_TRUMP, winner=winner, caption=result.reason
        )
    else:
        trump = None if item.during_deal else EXAMPLE_TRUMP
        picture = w.HTML(f'<div class="sjt-cards">{hand_svg(item.cards, trump)}</div>')
    box = w.VBox([head, picture])
    box.add_class("sjt-example-box")
    return box


def examples(items: Sequence[Illustration]) -> w.Widget:
    """An idea's example and counter-example(s) side by side, as pictures."""
    row = w.HBox([_figure(item) for item in items], layout=w.Layout(flex_flow="row wrap"))
    row.add_class("sjt-example-row")
    return row
