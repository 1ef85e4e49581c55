"""The course's lessons in order: titles, Chinese terms, notebooks, and each lesson's puzzles.

>>> from shengji_tutor.course.catalogue import LESSONS, find_lesson
>>> len(LESSONS), find_lesson(5).notebook, find_lesson(5).chinese
(13, '05-tractors.ipynb', '拖拉机 tuōlājī')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_, t
from ..puzzles import Puzzle, load_bank

__all__ = ["HOME", "LESSONS", "NO_PUZZLES", "PRACTICE", "REVIEW", "Lesson", "find_lesson", "puzzles_of"]


@dataclass(frozen=True)
class Lesson:
    """One lesson: its number, the slug of its notebook, its title (``english``, read as ``title`` in the learner's
    language) and the Chinese term it teaches."""

    number: int
    slug: str
    english: str
    chinese: str = ""

    @property
    def title(self) -> str:
        """The lesson's title in the language read now."""
        return t(self.english)

    @property
    def notebook(self) -> str:
        return f"{self.number:02d}-{self.slug}.ipynb"


LESSONS: tuple[Lesson, ...] = (
    Lesson(1, "start-here", N_("Start here"), "升级 shēngjí"),
    Lesson(2, "points", N_("Point cards"), "分 fēn"),
    Lesson(3, "trump-order", N_("Trump and card order"), "主 zhǔ"),
    Lesson(4, "pairs", N_("Pairs"), "对子 duìzi"),
    Lesson(5, "tractors", N_("Tractors"), "拖拉机 tuōlājī"),
    Lesson(6, "following", N_("Following"), "跟牌 gēnpái"),
    Lesson(7, "throws", N_("Throws and failed throws"), "甩牌 shuǎipái"),
    Lesson(8, "kitty-scoring", N_("The kitty and scoring"), "底牌 dǐpái"),
    Lesson(9, "declaring", N_("Declaring and the deal"), "亮主 liàngzhǔ"),
    Lesson(10, "play-a-hand", N_("Play a hand"), "打一局 dǎ yì jú"),
    Lesson(11, "playing-well", N_("Playing well"), "策略 cèlüè"),
    Lesson(12, "zheng-fen", N_("Zheng Fen"), "挣分 zhèngfēn"),
    Lesson(13, "house-rules", N_("House rules"), "找朋友 zhǎo péngyou"),
)
HOME = "00-home.ipynb"
PRACTICE = "practice.ipynb"
REVIEW = "review.ipynb"

NO_PUZZLES = {1: N_("the game in five minutes"), 10: N_("a whole round against three bots")}
"""What the lessons without puzzles offer instead (shown on the home page, translated there); a lesson whose puzzles
are not written yet shows nothing there."""


def find_lesson(number: int) -> Lesson:
    for lesson in LESSONS:
        if lesson.number == number:
            return lesson
    raise ValueError(f"there is no lesson {number!r}: lessons run from 1 to {len(LESSONS)}")


def puzzles_of(number: int, bank: dict[str, Puzzle] | None = None) -> list[Puzzle]:
    """The lesson's puzzles from the bank, easiest first."""
    bank = load_bank() if bank is None else bank
    return sorted((p for p in bank.values() if p.lesson == number), key=lambda p: p.difficulty)
