"""Lesson 11, "Playing well" (策略 cèlüè), as one table: each idea's task, explanation, pictures and live demos.

An ``Idea`` is one section of the lesson, in order: the task that opens it (a
``StepQuestion`` the engine grades, from ``strategy_steps``), the explanation shown once
it is answered (it names the rule or the count it rests on), its example and
counter-example(s) (``Illustration`` pictures, from ``strategy``), and its live demos
(``Demo``: real positions from seeded rounds, which the engine panel searches). The
lesson's notebook asks this module for each part by the idea's name.

>>> from shengji_tutor.course.ideas import IDEAS, idea_question
>>> IDEAS[:3], idea_question("give").grade(["KD"]).correct
(('points', 'counting', 'trumps'), True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

import ipywidgets as w

from ..i18n import N_, t
from ..ui.engine_panel import EnginePanel
from .questions import StepQuestion
from .steps import Step
from .strategy import (
    Demo,
    Illustration,
    examples,
    facts,
    pictures_bury,
    pictures_counting,
    pictures_declare,
    pictures_give,
    pictures_kitty,
    pictures_pairs,
    pictures_points,
    pictures_trumps,
)
from .strategy_steps import (
    question_bury,
    question_counting,
    question_declare,
    question_give,
    question_kitty,
    question_pairs,
    question_points,
    question_trumps,
)

__all__ = [
    "DEMOS",
    "EXPLANATIONS",
    "IDEAS",
    "IDEA_TABLE",
    "Idea",
    "demo_panel",
    "idea_examples",
    "idea_question",
    "idea_step",
    "illustrations",
]


@dataclass(frozen=True)
class Idea:
    """One idea of lesson 11: ``question()`` opens it, ``explanation`` (markdown, in English: shown as
    ``t(explanation)``) follows the answer with the ``pictures()``, and ``demos`` are its live positions (the first is
    the idea's own)."""

    name: str
    question: Callable[[], StepQuestion]
    explanation: str
    pictures: Callable[[], list[Illustration]]
    demos: tuple[Demo, ...]


_IDEAS = (
    Idea(
        "points",
        question=question_points,
        explanation=N_(
            "Keep a running count of the points the attackers have won (5s, 10s and Ks — lesson 2). Below 80 the "
            "declarers hold; from 80 the attackers take over (RULES §9, lesson 8). A trick that carries points near "
            "the line is worth a high card or a trump; a trick without points rarely is."
        ),
        pictures=pictures_points,
        demos=(
            Demo(
                "points",
                N_("Count the points: the attackers are close to 80"),
                seed=8,
                dealer=1,
                step=158,
                chosen="South an attacker, the attackers between 50 and 79 points, enough on the table to reach 80; "
                "the best play wins the trick and every play that does not is worse",
            ),
        ),
    ),
    Idea(
        "counting",
        question=question_counting,
        explanation=N_(
            "Two decks hold 36 trumps when a suit is trump (24 of the suit, the eight rank cards, four jokers). "
            "Count the trumps and the aces that have been played: a card is the **highest still out** once every "
            "card above it has been seen, and only then is it a sure winner in its suit (RULES §3)."
        ),
        pictures=pictures_counting,
        demos=(
            Demo(
                "counting",
                N_("Count what is still out: lead the highest card left"),
                seed=90,
                dealer=2,
                step=144,
                chosen="South to lead after eight tricks; the best lead is a plain card (not an ace) with no higher "
                "card of its suit unseen, and a lead that can be beaten is worse",
            ),
        ),
    ),
    Idea(
        "trumps",
        question=question_trumps,
        explanation=N_(
            '*"Save all your trumps for the end"* is a beginner\'s mistake. When you hold many trumps, leading them '
            "early (调主 diàozhǔ) pulls the opponents' trumps out. Each trump you lead draws at most two of theirs, "
            "one from each opponent (and one of your partner's). Once they have none, your long plain suit is safe, "
            "because nobody can trump (毙 bì) it any more (RULES §6.3, §7). With few trumps, keep them: a trump lead "
            "then only draws your partner's."
        ),
        pictures=pictures_trumps,
        demos=(
            Demo(
                "trumps",
                N_("Lead trumps (调主 diàozhǔ) to draw the opponents' trumps"),
                seed=24,
                dealer=2,
                step=139,
                chosen="South to lead in the first ten tricks with six or more trumps; the best lead is a trump and the "
                "best plain lead is worse",
            ),
        ),
    ),
    Idea(
        "give",
        question=question_give,
        explanation=N_(
            '*"Always win the trick if you can"* — not when your partner is already winning it: winning it again '
            "gains nothing and spends a high card (RULES §7: a trick has one winner). Instead **give** your partner "
            "your point cards (垫分 diànfēn), which count for your side wherever they land in its tricks (RULES "
            '§2).\n\nThe other way round, when an opponent is winning the trick, play no points into it. *"Throw '
            'away your lowest card"* is wrong when that card is a 10 or a 5: a higher card without points costs '
            "nothing."
        ),
        pictures=pictures_give,
        demos=(
            Demo(
                "give",
                N_("Give points (垫分 diànfēn): your partner is winning the trick"),
                seed=64,
                dealer=2,
                step=178,
                chosen="South last to play, North winning the trick; the best play adds points and does not take the "
                "trick, and the plays that take it from North are worse",
            ),
            Demo(
                "protect",
                N_("Protect your points: an opponent is winning the trick"),
                seed=6,
                dealer=2,
                step=155,
                chosen="South last to play, an opponent winning the trick; the cheapest play carries points, the best "
                "play carries fewer, and the cheapest is worse",
            ),
        ),
    ),
    Idea(
        "pairs",
        question=question_pairs,
        explanation=N_(
            "A pair lead can only be beaten by a pair, a tractor lead only by a tractor (RULES §7, lessons 4 and 5). "
            "Break a pair to follow a single lead and you have two singles, which never beat a pair. Follow singles "
            "with singles when you can, and keep your pairs (对子 duìzi) and tractors (拖拉机 tuōlājī) together for later "
            "(RULES §7)."
        ),
        pictures=pictures_pairs,
        demos=(
            Demo(
                "pairs",
                N_("Keep your pairs (对子 duìzi) for the end"),
                seed=1,
                dealer=2,
                step=131,
                chosen="South's decision after five tricks; the best play breaks no pair and a play that breaks one is "
                "worse",
            ),
        ),
    ),
    Idea(
        "kitty",
        question=question_kitty,
        explanation=N_(
            "Whoever wins the **last** trick decides the kitty (底牌 dǐpái): if the attackers win it, the kitty's "
            "points count for them, multiplied — ×2 with a single, ×4 with a pair (RULES §9, lesson 8). Attackers: "
            "keep a high trump or a trump pair for the end when the kitty may be rich (抠底 kōudǐ). Declarers: keep "
            "control of the last trick, above all when you buried points."
        ),
        pictures=pictures_kitty,
        demos=(
            Demo(
                "kitty",
                N_("The last tricks decide the kitty (抠底 kōudǐ)"),
                seed=18,
                dealer=2,
                step=178,
                bury_points=True,
                chosen="South the dealer, who buried points 'to keep them safe', with five cards or fewer left; the best "
                "play keeps the kitty's bonus from the attackers, and a play that loses it is worse",
            ),
        ),
    ),
    Idea(
        "bury",
        question=question_bury,
        explanation=N_(
            "The dealer picks up the kitty and buries as many cards (埋底 máidǐ). Three rules of thumb:\n\n- **make a "
            "void**: bury all the cards of a short plain suit, and you can trump that suit's leads;\n- **keep your "
            'trumps**: they win tricks, and the last one;\n- **bury points only when it is safe**: *"bury your '
            'points in the kitty, they are safe there"* holds only if your side keeps the last trick — otherwise '
            "they come back multiplied (RULES §9)."
        ),
        pictures=pictures_bury,
        demos=(
            Demo(
                "bury",
                N_("Bury the kitty (埋底 máidǐ)"),
                seed=37,
                dealer=2,
                step=103,
                samples=36,
                chosen="South the dealer; the best burial holds no points and no trumps, and burying the point cards "
                "'to keep them safe' is worse",
            ),
        ),
    ),
    Idea(
        "declare",
        question=question_declare,
        explanation=N_(
            "Declare (亮主 liàngzhǔ) when the suit of your rank card is one you hold **many** cards of: they all "
            "become trumps (RULES §3, §10). A rank card in a short suit makes a weak trump — better wait, or let "
            "someone else declare. A pair of rank cards overrides a single, and a pair of jokers overrides both "
            "(lesson 9): keep a joker pair to take the trump back late in the deal."
        ),
        pictures=pictures_declare,
        demos=(
            Demo(
                "declare",
                N_("Declare (亮主 liàngzhǔ) in your long suit"),
                seed=6,
                dealer=None,
                step=68,
                chosen="South just dealt a card during the deal and able to declare; the best choice found declares "
                "the suit South holds most of",
            ),
        ),
    ),
)
IDEA_TABLE: Mapping[str, Idea] = MappingProxyType({idea.name: idea for idea in _IDEAS})
"""The lesson's ideas, in the lesson's order."""

IDEAS: tuple[str, ...] = tuple(IDEA_TABLE)
DEMOS: Mapping[str, Demo] = MappingProxyType({d.idea: d for idea in IDEA_TABLE.values() for d in idea.demos})
"""Every live demo by its name (``give`` and ``protect`` are the two halves of one section)."""
EXPLANATIONS: Mapping[str, str] = MappingProxyType({name: idea.explanation for name, idea in IDEA_TABLE.items()})


def _idea(name: str) -> Idea:
    idea = IDEA_TABLE.get(name)
    if idea is None:
        raise ValueError(f"there is no idea {name!r} in lesson 11: choose one of {', '.join(IDEA_TABLE)}")
    return idea


def idea_question(name: str) -> StepQuestion:
    """The task that opens the idea ``name``, graded by the engine."""
    return _idea(name).question()


def illustrations(name: str) -> list[Illustration]:
    """The pictures of the idea ``name``, example first (trump: rank 7, clubs; North and South are partners)."""
    return _idea(name).pictures()


def idea_examples(name: str) -> w.Widget:
    """The example and the counter-example(s) of the idea ``name`` side by side, as pictures."""
    return examples(illustrations(name))


def idea_step(name: str) -> Step:
    """The first step of the idea ``name``: its task, then its explanation and its example and counter-example,
    which answer the task and so appear only once it is answered or shown."""
    idea = _idea(name)
    return Step(idea.question(), t(idea.explanation), then=lambda: [examples(idea.pictures())])


def demo_panel(name: str) -> EnginePanel:
    """The live demo ``name``: the position, and the button that shows what the engine thinks of it."""
    demo = DEMOS.get(name)
    if demo is None:
        raise ValueError(f"there is no demo {name!r} in lesson 11: choose one of {', '.join(DEMOS)}")
    view = demo.view()
    return EnginePanel(
        view, title=t(demo.title), facts=facts(name, view), budget=demo.budget, compare=demo.compare(view)
    )
