"""What do you play? A position in a real round, graded by the search (lesson 11, 策略 cèlüè).

The position is South's decision late in a whole round (``puzzles.positions``
plays it through the engine). Every distinct legal play (``candidate_plays``,
at most ``GRADING_BUDGET.candidates``) is raced as the coach races a play
(``coaching.judge_plays``, seed 0; ``play.verdict``): the best is chosen on one
set of deals of the cards South cannot see, every other play is measured
against it on fresh deals, and **a play is right when it is not graded down**:
the lower confidence bound of its loss stays under ``INACCURACY`` (ten points).
That set is stored in the YAML (``accept:``), so the verdict is instant; the
explanation (``play_reasons``: points, trumps spent, pairs broken, who was
winning) is the coach's verdict on the learner's play (``assess_play``, seed 0),
whose figures are the full judgement's for that play: each play's measurement
depends only on its own deals and the best's.

``check-exercises`` recomputes the set and asks for a **clear margin**
(``margin_problems``), at each of the seeds ``STABILITY_SEEDS`` (0, 1, 2):

1. the accepted set, by ``play_signature``, is the same at every seed and equals ``accept:``,
   whose first play is the best at seed 0;
2. no play is a close call (undecided at the most deals the race may use), at
   least one play is rejected (graded down: its loss's lower bound clears ten
   points), and every rejected play loses at least ``INACCURACY + MARGIN`` (13
   points): it is wrong whatever the noise, and by enough to be worth a lesson;
3. the smallest loss of a rejected play exceeds the largest loss of an accepted
   one by at least ``GAP`` (ten points): no play sits on the line.

A play the search did not judge (a throw, or a follow beyond the cap) is judged
live against the best by the same rule.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cached_property

from ...engine.cards import Card, format_cards, parse_cards, points, sentence_case
from ...engine.errors import ShengjiError
from ...engine.grading import AnswerKind
from ...engine.seats import SEATS, SOUTH, seat_label
from ...engine.trump import Trump
from ...i18n import N_, t, tn
from ...play.coaching import (
    INACCURACY,
    Assessment,
    CoachGrade,
    Option,
    assess_play,
    in_levels,
    judge_plays,
    play_reasons,
)
from ...play.round import DecisionKind, PlayerView, Round
from ...play.sampler import unseen_counts
from ...play.search import Budget, candidate_plays, play_signature
from ...play.verdict import Z
from ..base import Answer, BankError, Puzzle, PuzzleView, Solution, Topic
from ..positions import build_round
from ..schema import BestSpec
from ..teaching import hide_answer, method_sentence, sentences, without_method

__all__ = [
    "GAP",
    "GRADING_BUDGET",
    "MARGIN",
    "STABILITY_SEEDS",
    "BestPuzzle",
    "accepted",
    "margin_problems",
    "stability_problems",
]

GRADING_BUDGET = Budget(samples=48, candidates=30)
"""What grading a best puzzle spends: every distinct legal play (up to 30) on the same 48 deals."""
STABILITY_SEEDS = (0, 1, 2)
"""The search seeds ``check-exercises`` judges a best puzzle with; seed 0 grades the learner."""
MARGIN = 0.03
"""How far (0.03 levels) past the line between good and not a rejected play's loss must be (its lower confidence
bound is past the line already: this is for the lesson, not the noise)."""
GAP = 0.10
"""How far (0.10 levels) the best rejected play must be from the worst accepted one."""

Signature = tuple[tuple[int, int, int], ...]


def accepted(options: Sequence[Option], view: PlayerView) -> set[Signature]:
    """The signatures of the options that grade good."""
    assert view.trump is not None
    return {play_signature(o.choice, view.trump) for o in options if o.grade == CoachGrade.GOOD}


def margin_problems(options: Sequence[Option]) -> list[str]:
    """What keeps a judgement (options best first) from having a clear margin; [] when it has one (see above)."""
    good = [o for o in options if o.grade == CoachGrade.GOOD]
    bad = [o for o in options if o.grade != CoachGrade.GOOD]
    out = [
        f"{format_cards(o.choice)} is a close call: it loses {in_levels(o.loss)} ± {in_levels(o.error)}, and the play-outs "
        "cannot tell whether that is more or less than a tenth of a level"
        for o in options
        if o.close
    ]
    if not bad:
        return [*out, "every play grades good: there is nothing to get wrong"]
    for o in bad:
        if o.loss < INACCURACY + MARGIN:
            out.append(
                f"{format_cards(o.choice)} is rejected by a hair: it loses {in_levels(o.loss)} ± {in_levels(o.error)} "
                f"(a clear rejection loses {in_levels(INACCURACY + MARGIN)} or more)"
            )
    gap = min(o.loss for o in bad) - max(o.loss for o in good)
    if gap < GAP:
        out.append(
            f"the best rejected play is only {in_levels(gap)} behind an accepted one (at least {in_levels(GAP)})"
        )
    return out


def _as_good_as_best(options: Sequence[Option], sig: object, trump: Trump) -> bool:
    """Whether the play of signature ``sig`` is the best of ``options`` (best first), or not surely behind it: its
    loss within ``Z`` standard errors of nothing, so that the two cannot be told apart."""
    for k, o in enumerate(options):
        if play_signature(o.choice, trump) == sig:
            return k == 0 or (o.grade == CoachGrade.GOOD and o.loss - Z * o.error <= 0)
    return False


def stability_problems(
    view: PlayerView,
    accept: Sequence[Sequence[Card]],
    budget: Budget = GRADING_BUDGET,
    seeds: Sequence[int] = STABILITY_SEEDS,
    known: Mapping[int, Sequence[Option]] | None = None,
) -> list[str]:
    """Whether ``accept`` is what the search accepts at every seed, best first, with a clear margin (``known``:
    judgements already made at ``budget``, by seed)."""
    trump = view.trump
    assert trump is not None
    stored = {play_signature(p, trump) for p in accept}
    out: list[str] = []
    for seed in seeds:
        options = (known or {}).get(seed) or judge_plays(view, budget, seed)
        found = accepted(options, view)
        if found != stored:
            names = [format_cards(o.choice) for o in options if play_signature(o.choice, trump) in found]
            out.append(f"seed {seed}: the search accepts {', '.join(names)}, not the puzzle's accept list")
        if seed == seeds[0] and not _as_good_as_best(options, play_signature(accept[0], trump), trump):
            out.append(f"seed {seed}: accept lists its best play first: {format_cards(options[0].choice)}")
        out.extend(f"seed {seed}: {p}" for p in margin_problems(options))
    return out


class BestPuzzle(Puzzle, spec_type=BestSpec):
    """South's decision in a real round: the learner picks a play; every play the search grades good is right."""

    idea_text = N_(
        "Who is winning the trick so far, and is it your partner? Win it if it is worth it; otherwise give "
        "nothing away."
    )

    spec: BestSpec
    answer_kind = AnswerKind.CARDS
    grades_by_search = True
    budget: Budget = GRADING_BUDGET
    """What the explanation of an answer spends (the same deals as the judgement that made ``accept``)."""

    def __init__(self, spec: BestSpec, topic: Topic) -> None:
        super().__init__(spec, topic)
        s = self.spec
        try:
            self._round = build_round(
                self.rules, self.trump, s.dealer, s.hands, s.kitty, s.bury, s.tricks, s.trick, s.declared
            )
        except BankError as e:
            raise BankError(f"puzzle {self.id}: {e}") from None
        self._reasons: dict[Signature, tuple[Option, Option]] = {}

    def _card_groups(self) -> list[list[Card]]:
        return [
            self._cards(text, N_("{seat}'s hand: {problem}"), seat=seat_label(SEATS.index(seat)))
            for seat, text in self.spec.hands.items()
        ] + [self._cards(self.spec.kitty, N_("kitty: {problem}"))]

    # -- the position -------------------------------------------------------------------------

    @cached_property
    def player_view(self) -> PlayerView:
        """What South sees at the decision (the search's input)."""
        return self._round.view(SOUTH)

    @cached_property
    def accept(self) -> list[tuple[Card, ...]]:
        """The accepted plays as the YAML lists them, the best first."""
        return [tuple(self._cards(text, N_("accept: {problem}"))) for text in self.spec.accept]

    @cached_property
    def _signatures(self) -> set[Signature]:
        return {self._signature(p) for p in self.accept}

    @cached_property
    def _judged(self) -> set[Signature]:
        """The signatures of the plays the search judges (every distinct legal play, up to the cap)."""
        return {self._signature(p) for p in candidate_plays(self.player_view, GRADING_BUDGET.candidates)}

    def _signature(self, play: Sequence[Card]) -> Signature:
        return play_signature(play, self.trump)

    def _illegal(self, play: Sequence[Card]) -> str:
        """Why South cannot play ``play`` here ("" when it is legal): the round itself is asked."""
        view = self.player_view
        others = {s: [c.id for c in self._round.hand(s)] for s in range(4) if s != SOUTH}
        probe = Round.position(view, others, [c.id for c in self._round.discards])
        try:
            probe.play(SOUTH, play)
        except ShengjiError as e:
            return str(getattr(e, "reason", e))
        return ""

    # -- the protocol ---------------------------------------------------------------------------

    def solve(self) -> Solution:
        return [str(c) for c in self.accept[0]]

    def view(self) -> PuzzleView:
        v = self.player_view
        lead = v.lead
        return replace(
            super().view(),
            max_cards=len(lead) if lead else 0,
            trick=tuple(v.trick),
            leader=v.leader if v.leader is not None else SOUTH,
            hand=tuple(v.hand),
            hand_label=t("Your hand (South)"),
            context=self.context(),
        )

    def judge(self, answer: Answer) -> tuple[bool, str]:
        play = parse_cards(self.canonical_answer(answer))
        why = self._illegal(play)
        if why:
            return False, why
        chosen, best = self.judgement(play)
        sig = self._signature(play)
        correct = sig in self._signatures if sig in self._judged else chosen.grade == CoachGrade.GOOD
        view = self.player_view
        reasons = play_reasons(view, chosen, best)
        samples = len(chosen.runs)
        head = Assessment(DecisionKind.PLAY, chosen, best, (best, chosen), tuple(reasons), samples).headline()
        return correct, sentences([head, *reasons, method_sentence(samples)])

    def judgement(self, play: Sequence[Card]) -> tuple[Option, Option]:
        """``play`` and the best play as the grading judgement (seed 0) finds them: the coach's verdict on ``play``
        (``assess_play``), whose race is the judgement's for that play."""
        sig = self._signature(play)
        if sig not in self._reasons:
            verdict = assess_play(self.player_view, play, self.budget, 0)
            self._reasons[sig] = (verdict.chosen, verdict.best)
        return self._reasons[sig]

    def checks(self) -> list[str]:
        problems = []
        for play in self.accept:
            why = self._illegal(play)
            if why:
                problems.append(
                    t("the accepted play {cards} is not legal here: {why}", cards=format_cards(play), why=why)
                )
            elif self._signature(play) not in self._judged:
                problems.append(
                    t("the accepted play {cards} is not among the plays the search judges", cards=format_cards(play))
                )
        if len(self._signatures) != len(self.accept):
            problems.append(t("accept lists the same play twice (plays that differ only in equal cards are one)"))
        if not self._judged - self._signatures:
            problems.append(t("every play is accepted: there is nothing to get wrong"))
        for mistake in self.spec.misconceptions:  # what grading them says, where it needs no search
            mistaken = parse_cards(self.canonical_answer(mistake.answer))
            why = self._illegal(mistaken)
            if why:
                problems.append(
                    t(
                        "the misconception answer {cards} is not legal here: {why}",
                        cards=format_cards(mistaken),
                        why=why,
                    )
                )
            elif self._signature(mistaken) in self._signatures:
                problems.append(
                    t("the misconception answer {cards} is one of the accepted plays", cards=format_cards(mistaken))
                )
        return problems

    def thorough_checks(self) -> list[str]:
        return stability_problems(self.player_view, self.accept)

    # -- what the learner is told ---------------------------------------------------------------

    def context(self) -> str:
        """What South knows, in sentences: the trick, the sides, the points against the line, trumps and points out."""
        v = self.player_view
        trump = self.trump
        assert v.dealer is not None
        declarers = SOUTH in v.declarers
        partner = seat_label((SOUTH + 2) % 4)
        attackers = [s for s in range(4) if s not in v.declarers]
        won = sum(v.points_won[s] for s in attackers)
        line = 2 * self.rules.step
        out_ids = unseen_counts(v)
        out = [Card.from_id(i) for i, n in out_ids.items() for _ in range(n)]
        trumps = trump.sorted(c for c in out if trump.is_trump(c))
        scoring = trump.sorted(c for c in out if c.points)
        parts = [
            tn(
                "Trick {trick}; you hold {n} card. {trump}.",
                "Trick {trick}; you hold {n} cards. {trump}.",
                len(v.hand),
                trick=len(v.tricks) + 1,
                trump=sentence_case(trump.describe()),
            ),
            self._side_words(declarers, partner, v.dealer),
            t(
                "The attackers have {won} points: they take over at {line} ({left} to go).",
                won=won,
                line=line,
                left=line - won,
            )
            if won < line
            else t("The attackers have {won} points: they take over at {line} (they are past it).", won=won, line=line),
            t("Trumps still out: {cards} ({count}).", cards=format_cards(trumps), count=len(trumps))
            if trumps
            else t("Trumps still out: none (0)."),
            self._points_out(scoring, v.dealer),
        ]
        if v.trick:
            parts.insert(3, t("On the table: {points} points.", points=points([c for p in v.trick for c in p])))
        if v.dealer == SOUTH:
            parts.append(
                t(
                    "You buried {cards} ({points} points) in the kitty (底牌 dǐpái).",
                    cards=format_cards(v.discards),
                    points=points(v.discards),
                )
            )
        return sentences(parts)

    @staticmethod
    def _points_out(scoring: Sequence[Card], dealer: int) -> str:
        """The point cards South has not seen: the kitty may hide some of them unless South buried it."""
        if not scoring:
            return t("Points still out: none (0).")
        if dealer != SOUTH:
            return t(
                "Points still out: {cards} ({points}), some of them perhaps in the kitty.",
                cards=format_cards(scoring),
                points=points(scoring),
            )
        return t("Points still out: {cards} ({points}).", cards=format_cards(scoring), points=points(scoring))

    @staticmethod
    def _side_words(declarers: bool, partner: str, dealer: int) -> str:
        """South's side and partner, and who dealt: "You are South, a declarer with North (you dealt)."."""
        if dealer == SOUTH:
            if declarers:
                return t("You are South, a declarer with {partner} (you dealt).", partner=partner)
            return t("You are South, an attacker with {partner} (you dealt).", partner=partner)
        seat = seat_label(dealer)
        if declarers:
            return t("You are South, a declarer with {partner} ({dealer} dealt).", partner=partner, dealer=seat)
        return t("You are South, an attacker with {partner} ({dealer} dealt).", partner=partner, dealer=seat)

    def own_mistake(self, given: str, why: str) -> str:
        """What the evaluation measured of this play, the better play unnamed."""
        measured = hide_answer(without_method(why), self)
        head = t("Another play does better here.")
        return sentences([head, measured.strip()])

    def solution_extra(self) -> str:
        """Why the best beats the play beginners choose (the first misconception's)."""
        if not self.spec.misconceptions:
            return ""
        slip = self.spec.misconceptions[0]
        try:
            measured = without_method(self.judge(self.canonical_answer(slip.answer))[1])
            cards = format_cards(parse_cards(self.canonical_answer(slip.answer)))
        except (ShengjiError, ValueError):
            return ""
        # TRANSLATORS: the learner's play as the coach's sentences name it; "Why not …?" puts the play's cards in its place
        yours = t("your play")
        return sentences([t("Why not {cards}?", cards=cards), self.words.says[0], measured.replace(yours, cards)])
