"""Which puzzles a learner solved: their attempts, kept across reloads and server restarts.

Progress is a view of the one ``attempts`` table (``schema.py``). A single-user
install keeps it in a SQLite file in the user's data directory
(``platformdirs``), or in ``$SHENGJI_TUTOR_DATA`` when set (tests, classrooms);
in a classroom a student's progress is their attempts in the class's store,
keyed by their student id. Every attempt is written in its own transaction
before the page is told the verdict, so nothing a learner did is lost when the
server stops. Nor when the class's store cannot take it (its database read-only
or unreachable, or the class ended): a student's attempt is then kept in the
local progress file under their id, and ``NotSentError`` tells them so.

>>> import pathlib, tempfile
>>> from shengji_tutor.store.progress import ProgressStore
>>> mine = ProgressStore(pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite")
>>> mine.record("pairs-keep-your-pair", True, "no")
>>> mine.solved()
{'pairs-keep-your-pair'}
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict, TypeVar, Unpack

import platformdirs
import sqlalchemy as sa

from ..engine.rules import DEFAULT_RULES, RuleSet
from . import validate
from .db import open_database, read, sqlite_url, write
from .failures import CLASS_PLACE, LOCAL_PLACE, guarded, log
from .mastery import Attempt, Mastery, mastery_of
from .reviews import Rating, ReviewItem, rate, review_horizon
from .schema import (
    NewAttempt,
    NewMistake,
    StoreError,
    attempts_table,
    house_rules_table,
    insert_attempt,
    languages_table,
    lessons_done_table,
    mistakes_table,
    reviews_table,
    work_table,
)

__all__ = ["Attempt", "HowAnswered", "KeptMistake", "NotSentError", "ProgressStore", "Saved", "default_path"]

T = TypeVar("T")


@dataclass(frozen=True)
class KeptMistake:
    """One of a learner's kept mistakes: ``id`` in the store, the ``position`` before it (``Position`` JSON), the
    play they made (``answer``), its ``grade`` and ``loss``, when it was made and when solved again (or None)."""

    id: int
    position: str
    answer: str
    grade: str
    loss: float
    made_at: float
    solved_at: float | None


class HowAnswered(TypedDict, total=False):
    """How an attempt was made: the hint steps open (``hints``), the answer shown instead (``revealed``), the
    beginner's mistake a wrong answer matched (``mistake``), the class's live question it answers (``live``)."""

    hints: int
    revealed: bool
    mistake: str
    live: int | None


@dataclass(frozen=True)
class Saved:
    """What became of an attempt a page saved: the ``attempt`` as it was written (``None``: not kept), and the
    ``problem`` the learner reads ("" when it is saved where it belongs)."""

    attempt: Attempt | None
    problem: str

    @property
    def kept(self) -> bool:
        """In the store, or on this computer."""
        return self.attempt is not None


class NotSentError(StoreError):
    """The class's store could not take an attempt, but this computer kept it: nothing is lost. ``written`` is what
    this computer's copy returned."""

    def __init__(self, message: str, written: object = None) -> None:
        super().__init__(message)
        self.written = written


def _written(new: NewAttempt, at: float) -> Attempt:
    """An attempt as the store keeps it, once written at ``at``."""
    return Attempt(new.puzzle_id, new.correct, new.answer, at, new.hints, new.revealed, new.mistake)


def default_path() -> Path:
    """``$SHENGJI_TUTOR_DATA/progress.sqlite``, or the platform's user data directory."""
    base = os.environ.get("SHENGJI_TUTOR_DATA") or platformdirs.user_data_dir("shengji-tutor", appauthor=False)
    return Path(base) / "progress.sqlite"


class ProgressStore:
    """One learner's attempts and solved puzzles (``learner="me"`` for a single-user install).

    ``path`` is a SQLite file (``default_path()`` when omitted); ``url`` names any
    store instead, such as a class's, where ``learner`` is a student id. ``local``
    (a class's student: see ``of_student``) is the progress file that keeps what
    the class's store cannot take.
    """

    @guarded
    def __init__(
        self, path: Path | str | None = None, learner: str = "me", *, url: str | None = None, local: Path | None = None
    ) -> None:
        self.place = CLASS_PLACE if url else LOCAL_PLACE
        self.learner = validate.learner_id(learner)
        self.url = url or sqlite_url(Path(path) if path is not None else default_path())
        self.local = local
        self._kept: ProgressStore | None = None
        self.engine = open_database(self.url)

    @classmethod
    def of_student(cls, url: str, student_id: str) -> ProgressStore:
        """A class's student: their attempts in the class's store at ``url``, or, failing it, in ``default_path()``."""
        return cls(url=url, learner=student_id, local=default_path())

    def record(self, puzzle_id: str, correct: bool, answer: str = "", **how: Unpack[HowAnswered]) -> None:
        """Write one attempt (committed before returning; in a class, also the instructor's record of it).

        ``hints`` is how many hint steps the learner had opened, ``revealed`` that they
        pressed "Show answer" instead of answering, ``mistake`` the beginner's mistake a
        wrong answer matched. A student's attempt that the class's store cannot take is
        kept in the local progress file, and ``NotSentError`` says so; ``StoreError``
        means neither kept it.
        """
        self._write(puzzle_id, correct, answer, how)

    def _write(self, puzzle_id: str, correct: bool, answer: str, how: HowAnswered) -> Attempt:
        """``record``: the attempt as it was written (its answer as validated, the time it was stored); kept on this
        computer only, it is ``NotSentError.written``."""
        new = validate.attempt(
            puzzle_id,
            answer,
            correct,
            how.get("hints", 0),
            how.get("revealed", False),
            how.get("mistake", ""),
            how.get("live"),
        )
        return self._with_local_copy(lambda store: _written(new, store._insert(new)))

    def save(self, puzzle_id: str, correct: bool, answer: str = "", **how: Unpack[HowAnswered]) -> Saved:
        """``record``, for a page: the attempt as it was kept, and the one sentence the learner reads when it could
        not be kept, or was kept on this computer only ("" when it is saved where it belongs)."""
        try:
            return Saved(self._write(puzzle_id, correct, answer, how), "")
        except NotSentError as e:
            return Saved(e.written if isinstance(e.written, Attempt) else None, str(e))
        except StoreError as e:
            return Saved(None, f"Not saved: {e}")

    @guarded
    def _insert(self, attempt: NewAttempt) -> float:
        """Write ``attempt``; when it was written."""
        with write(self.engine) as conn:
            return insert_attempt(conn, self.learner, attempt)

    def _kept_here(self) -> ProgressStore:
        """The local progress file, under this student's id (opened on first use)."""
        if self._kept is None:
            self._kept = ProgressStore(self.local, self.learner)
        return self._kept

    def _stores(self) -> list[ProgressStore]:
        """Where this learner's work is read: this store, and a class's student's progress file when it exists."""
        if self._kept is None and not (self.local is not None and self.local.exists()):
            return [self]
        return [self, self._kept_here()]

    def solved(self, puzzle_ids: Iterable[str] | None = None) -> set[str]:
        """The puzzles this learner has solved (among ``puzzle_ids`` when given).

        A class's student's attempts kept on this computer count too, and a store
        that cannot be read counts none (the log says why): the page stays up.
        """
        if self.local is None:
            done = self._solved()
        else:
            done = set()
            for store in self._stores():
                with suppress(StoreError):
                    done |= store._solved()
        return done if puzzle_ids is None else done & set(puzzle_ids)

    @guarded
    def _solved(self) -> set[str]:
        query = (
            sa.select(attempts_table.c.puzzle_id)
            .distinct()
            .where(attempts_table.c.student_id == self.learner, attempts_table.c.correct == sa.true())
        )
        with read(self.engine) as conn:
            return set(conn.scalars(query))

    @guarded
    def attempts(self, puzzle_id: str | None = None) -> list[tuple[str, bool, str, float]]:
        """(puzzle id, correct, answer, time) of this learner's attempts in this store, oldest first."""
        table = attempts_table
        query = sa.select(table.c.puzzle_id, table.c.correct, table.c.answer, table.c.at).where(
            table.c.student_id == self.learner
        )
        if puzzle_id is not None:
            query = query.where(table.c.puzzle_id == validate.puzzle_id(puzzle_id))
        with read(self.engine) as conn:
            return [(r[0], bool(r[1]), r[2], r[3]) for r in conn.execute(query.order_by(table.c.id))]

    def history(self, puzzle_ids: Iterable[str] | None = None) -> list[Attempt]:
        """This learner's attempts, oldest first, with how each was made (among ``puzzle_ids`` when given).

        A class's student's attempts kept on this computer count too; a store that
        cannot be read counts none (the log says why), so a page stays up.
        """
        found: list[Attempt] = []
        for store in self._stores():
            with suppress(StoreError):
                found.extend(store._history())
        wanted = None if puzzle_ids is None else set(puzzle_ids)
        found.sort(key=lambda a: a.at)
        return [a for a in found if wanted is None or a.puzzle_id in wanted]

    @guarded
    def _history(self) -> list[Attempt]:
        t = attempts_table
        query = (
            sa.select(t.c.puzzle_id, t.c.correct, t.c.answer, t.c.at, t.c.hints, t.c.revealed, t.c.mistake)
            .where(t.c.student_id == self.learner)
            .order_by(t.c.id)
        )
        with read(self.engine) as conn:
            return [Attempt(r[0], bool(r[1]), r[2], r[3], int(r[4]), bool(r[5]), r[6]) for r in conn.execute(query)]

    def mastery(self, puzzle_ids: Iterable[str] | None = None) -> dict[str, Mastery]:
        """How this learner solved each puzzle they tried (``mastery.mastery_of``), by puzzle id.

        Like ``solved``, a store that cannot be read counts nothing rather than failing the page.
        """
        return mastery_of(self.history(puzzle_ids), self.reviewed_first_try_or_none())

    def reviewed_first_try_or_none(self) -> set[str]:
        """``reviewed_first_try``, or none when the store cannot be read (a page stays up)."""
        with suppress(StoreError):
            return self.reviewed_first_try()
        return set()

    # -- the review queue (spaced repetition, ``reviews.py``) ---------------------------------

    def schedule(self, item: str, rating: Rating, at: float | None = None) -> float:
        """Rate one review of ``item`` (a bank puzzle id or a practice topic) and schedule the next: its due time.

        The first rating of an item puts it in the queue; ``StoreError`` names a bad item or a store that failed.
        """
        return self._schedule(validate.review_item(item), rating, time.time() if at is None else at)

    @guarded
    def _schedule(self, item: str, rating: Rating, at: float) -> float:
        table = reviews_table
        with write(self.engine) as conn:
            row = conn.execute(
                sa.select(table.c.card, table.c.reviews).where(table.c.student_id == self.learner, table.c.item == item)
            ).first()
            card, due = rate(row.card if row is not None else None, rating, at)
            if row is None:
                conn.execute(
                    table.insert().values(
                        student_id=self.learner,
                        item=item,
                        card=card,
                        due=due,
                        reviews=1,
                        last_rating=int(rating),
                        reviewed_at=at,
                    )
                )
            else:
                conn.execute(
                    table.update()
                    .where(table.c.student_id == self.learner, table.c.item == item)
                    .values(card=card, due=due, reviews=row.reviews + 1, last_rating=int(rating), reviewed_at=at)
                )
        return due

    @guarded
    def review_queue(self, until: float | None = None) -> list[ReviewItem]:
        """The items due by ``until`` (default: today's, ``reviews.review_horizon``), soonest first."""
        until = review_horizon() if until is None else until
        table = reviews_table
        query = (
            sa.select(table.c.item, table.c.due, table.c.reviews, table.c.last_rating)
            .where(table.c.student_id == self.learner, table.c.due <= until)
            .order_by(table.c.due, table.c.id)
        )
        with read(self.engine) as conn:
            return [ReviewItem(r[0], r[1], r[2], Rating(r[3])) for r in conn.execute(query)]

    def due_today(self) -> int:
        """How many items this learner has to review today (0 when the store cannot be read: the page stays up)."""
        try:
            return len(self.review_queue())
        except StoreError:
            return 0

    @guarded
    def in_review(self, item: str) -> bool:
        """Is ``item`` in this learner's review queue (due or not)?"""
        table = reviews_table
        query = sa.select(table.c.id).where(table.c.student_id == self.learner, table.c.item == item)
        with read(self.engine) as conn:
            return conn.scalar(query) is not None

    @guarded
    def reviewed_first_try(self) -> set[str]:
        """The items whose latest review the learner got right first try, without hints (``Rating.Good`` or better)."""
        table = reviews_table
        query = sa.select(table.c.item).where(
            table.c.student_id == self.learner, table.c.last_rating >= int(Rating.Good), table.c.reviews > 1
        )
        with read(self.engine) as conn:
            return set(conn.scalars(query))

    # -- mistakes to come back to (lesson 10's "learn from your mistakes") ---------------------------

    def keep_mistake(self, position: str, answer: str, grade: str, loss: float) -> int:
        """Keep a costly decision of this learner's to solve again: its id (``StoreError`` names what is wrong).

        ``position`` is a ``Position`` as JSON stopped before the play; the same
        position and play kept twice (a page refreshed) is one mistake.
        """
        mistake = validate.mistake(position, answer, grade, loss)
        return self._keep(mistake)

    @guarded
    def _keep(self, mistake: NewMistake) -> int:
        table = mistakes_table
        with write(self.engine) as conn:
            same = conn.scalar(
                sa.select(table.c.id).where(
                    table.c.student_id == self.learner,
                    table.c.position == mistake.position,
                    table.c.answer == mistake.answer,
                )
            )
            if same is not None:
                return int(same)
            row = conn.execute(
                table.insert().values(
                    student_id=self.learner,
                    made_at=time.time(),
                    position=mistake.position,
                    answer=mistake.answer,
                    grade=mistake.grade,
                    loss=mistake.loss,
                )
            )
            key = row.inserted_primary_key
            assert key is not None
            return int(key[0])

    @guarded
    def mistakes(self, solved: bool = False) -> list[KeptMistake]:
        """This learner's kept mistakes still to solve (with ``solved=True``: every one), oldest first."""
        table = mistakes_table
        query = sa.select(table).where(table.c.student_id == self.learner)
        if not solved:
            query = query.where(table.c.solved_at.is_(None))
        with read(self.engine) as conn:
            return [
                KeptMistake(r.id, r.position, r.answer, r.grade, r.loss, r.made_at, r.solved_at)
                for r in conn.execute(query.order_by(table.c.id))
            ]

    @guarded
    def solve_mistake(self, mistake_id: int) -> None:
        """Mark a kept mistake solved (it leaves the list of mistakes to solve); an unknown id is a ``StoreError``."""
        if isinstance(mistake_id, bool) or not isinstance(mistake_id, int):
            raise StoreError(f"a mistake's id is a whole number, not {mistake_id!r:.20}")
        table = mistakes_table
        with write(self.engine) as conn:
            done = conn.execute(
                table.update()
                .where(table.c.id == mistake_id, table.c.student_id == self.learner, table.c.solved_at.is_(None))
                .values(solved_at=time.time())
            )
            if done.rowcount == 0:
                raise StoreError(f"there is no open mistake {mistake_id} of yours to mark solved")

    # -- the learner's own house rules (lesson 10's hand and practice play them) -----------------------

    def house_rules(self) -> RuleSet:
        """The house rules this learner chose (``save_house_rules``), or RULES.md's when they never chose any.

        A page reads them as it opens, so nothing here fails it: a stored value the
        engine refuses, or a store that cannot be read, gives RULES.md's rules (the log says why).
        """
        try:
            text = self._house_rules()
            return DEFAULT_RULES if text is None else validate.stored_house_rules(text)
        except StoreError as e:
            log.warning("house rules of %s not read, RULES.md's used instead: %s", self.learner, e)
            return DEFAULT_RULES

    def save_house_rules(self, rules: RuleSet) -> None:
        """Keep ``rules`` as this learner's house rules (committed before returning).

        Anything but a ``RuleSet`` the engine makes again from its JSON is refused
        with a ``StoreError`` that says why, and what was kept stays as it was.
        """
        self._save_house_rules(validate.house_rules(rules))

    @guarded
    def _house_rules(self) -> str | None:
        table = house_rules_table
        with read(self.engine) as conn:
            text = conn.scalar(sa.select(table.c.rules).where(table.c.student_id == self.learner))
        return None if text is None else str(text)

    @guarded
    def _save_house_rules(self, text: str) -> None:
        self._keep_row(house_rules_table, rules=text)

    def _keep_row(self, table: sa.Table, **values: object) -> None:
        """The learner's one row of ``table`` set to ``values`` (made if there is none), stamped ``saved_at``."""
        values["saved_at"] = time.time()
        with write(self.engine) as conn:
            kept = conn.execute(table.update().where(table.c.student_id == self.learner).values(**values))
            if kept.rowcount == 0:
                conn.execute(table.insert().values(student_id=self.learner, **values))

    # -- the language the learner reads the course in (the switch in the course bar) -------------------------

    def language(self) -> str | None:
        """The language this learner chose ("en", "zh" or "ru"), or None when they never chose one.

        A page reads it as it opens, so nothing here fails it: a store that cannot be read, or a stored value the
        course does not know, gives None (the log says why), and the address or the browser decides.
        """
        try:
            return self._language()
        except StoreError as e:
            log.warning("language of %s not read: %s", self.learner, e)
            return None

    def save_language(self, code: str) -> None:
        """Keep ``code`` as this learner's language (committed before returning); anything but "en", "zh" or "ru"
        is a ``StoreError`` naming the languages, and what was kept stays."""
        code = validate.language(code)
        self._with_local_copy(lambda store: store._save_language(code))

    def keep_language(self, code: str) -> str:
        """``save_language``, for a page: "" once the choice is kept, else why it could not be, in words (the
        switch works all the same; only a later visit would not remember it)."""
        try:
            self.save_language(code)
        except NotSentError:
            return ""
        except StoreError as e:
            return str(e)
        return ""

    @guarded
    def _language(self) -> str | None:
        table = languages_table
        with read(self.engine) as conn:
            code = conn.scalar(sa.select(table.c.language).where(table.c.student_id == self.learner))
        return None if code is None else validate.language(code)

    @guarded
    def _save_language(self, code: str) -> None:
        self._keep_row(languages_table, language=code)

    # -- work left half done (a coached hand, a Zheng Fen game, the practice streak) and lessons finished -------

    def save_work(self, place: str, state: str) -> None:
        """Keep ``state`` (a JSON object its page wrote) as this learner's work at ``place``, replacing what was kept
        there (committed before returning). A bad place or state is a ``StoreError`` and keeps what was kept; a
        class's student's work the class's store cannot take is kept on this computer (``NotSentError`` says so)."""
        place, state = validate.work_place(place), validate.work(state)
        self._with_local_copy(lambda store: store._save_work(place, state))

    def keep_work(self, place: str, state: str) -> str:
        """``save_work``, for a page: "" once the work is kept (in a class, perhaps on this computer only), else
        why it could not be, in words."""
        try:
            self.save_work(place, state)
        except NotSentError:
            return ""
        except StoreError as e:
            return str(e)
        return ""

    def work(self, place: str) -> str | None:
        """The work kept at ``place`` (``save_work``), or None when there is none.

        A page reads it as it opens, so nothing here fails it: a store that cannot be
        read gives None (the log says why), and the page starts afresh.
        """
        place = validate.work_place(place)
        kept: list[tuple[float, str]] = []
        for store in self._stores():
            try:
                row = store._work(place)
            except StoreError as e:
                log.warning("work of %s at %s not read: %s", self.learner, place, e)
                continue
            if row is not None:
                kept.append(row)
        return max(kept)[1] if kept else None

    def forget_work(self, place: str) -> None:
        """Forget the work kept at ``place`` (none kept: nothing happens)."""
        place = validate.work_place(place)
        self._with_local_copy(lambda store: store._forget_work(place))

    def finish_lesson(self, lesson: str) -> None:
        """Mark ``lesson`` (a lesson's slug) finished: for the lessons without puzzles, the home page's path reads it."""
        lesson = validate.lesson_slug(lesson)
        self._with_local_copy(lambda store: store._finish_lesson(lesson))

    def lessons_done(self) -> set[str]:
        """The lessons this learner marked finished (``finish_lesson``); none when the store cannot be read."""
        done: set[str] = set()
        for store in self._stores():
            with suppress(StoreError):
                done |= store._lessons_done()
        return done

    def _with_local_copy(self, write_it: Callable[[ProgressStore], T]) -> T:
        """Write to this store (what the write returns); a class's student's write it refuses goes to the local file
        (``NotSentError``, with what that write returned)."""
        try:
            return write_it(self)
        except StoreError as refused:
            if self.local is None:
                raise
            try:
                kept = write_it(self._kept_here())
            except StoreError as e:
                raise StoreError(f"{refused}, and {e}") from None
            raise NotSentError(f"Saved on this computer, but not sent to your class: {refused}.", kept) from None

    @guarded
    def _save_work(self, place: str, state: str) -> None:
        table, now = work_table, time.time()
        mine = (table.c.student_id == self.learner) & (table.c.place == place)
        with write(self.engine) as conn:
            if conn.execute(table.update().where(mine).values(state=state, saved_at=now)).rowcount == 0:
                conn.execute(table.insert().values(student_id=self.learner, place=place, state=state, saved_at=now))

    @guarded
    def _work(self, place: str) -> tuple[float, str] | None:
        table = work_table
        query = sa.select(table.c.saved_at, table.c.state).where(
            table.c.student_id == self.learner, table.c.place == place
        )
        with read(self.engine) as conn:
            row = conn.execute(query).first()
        return None if row is None else (float(row[0]), str(row[1]))

    @guarded
    def _forget_work(self, place: str) -> None:
        table = work_table
        with write(self.engine) as conn:
            conn.execute(table.delete().where(table.c.student_id == self.learner, table.c.place == place))

    @guarded
    def _finish_lesson(self, lesson: str) -> None:
        table = lessons_done_table
        with write(self.engine) as conn:
            known = conn.scalar(
                sa.select(table.c.lesson).where(table.c.student_id == self.learner, table.c.lesson == lesson)
            )
            if known is None:
                conn.execute(table.insert().values(student_id=self.learner, lesson=lesson, done_at=time.time()))

    @guarded
    def _lessons_done(self) -> set[str]:
        table = lessons_done_table
        with read(self.engine) as conn:
            return set(conn.scalars(sa.select(table.c.lesson).where(table.c.student_id == self.learner)))
