"""The console's "Write a question": an instructor builds a question of their own with the card picker; the engine
answers it.

The instructor picks the kind (who wins, legal?, what do you play, how many
points), the trump and the seat that leads, then picks cards from both decks and
places them: each selection becomes the next seat's play in the trick, or the
hand, or the play in question. A best-play question is a position dealt from a
real round instead (``puzzles.generate``: self-played to South's decision, its
right plays found by the search), whose words the instructor rewrites. "Check" reads the question as the bank reads a
puzzle (``puzzles.authoring``) and shows the engine's answer and explanation
with the preview students will see; "Save to the class" keeps it in the class's
store, from where it is pushed like any puzzle. The class's questions go out and
come back as YAML in the bank's format.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import ipywidgets as w

from ..engine.cards import RANKS, deck, format_cards, parse_cards
from ..engine.seats import SEATS, said_name
from ..engine.trump import Trump
from ..i18n import N_, t, te, th, tn
from ..puzzles import BankError, Puzzle
from ..puzzles.authoring import FORMS, GOALS, Draft, class_question, spec_data
from ..puzzles.base import seat_order
from ..puzzles.generate import BEST_HAND_SIZES, BEST_PROMPT, generate
from ..puzzles.kinds.best import BestPuzzle
from ..puzzles.schema import TRANSLATED
from ..store.classroom import ClassroomStore
from ..store.schema import StoreError
from ..ui.widgets import HandPicker
from ..ui.widgets.hand_picker import SUIT_GROUP_LABELS
from .controls import FIT, row, sentence
from .dashboard import lesson_label, puzzle_preview, shown_answer

__all__ = ["QuestionWriter"]

BEST = "best"
BEST_LABEL = N_("Best play (a position from a real round)")
BEST_LESSON = 11


def best_levels() -> list[tuple[str, int]]:
    """How far into the round a dealt best-play position is: the cards South still holds (``BEST_HAND_SIZES``), in
    the reader's language."""
    return [
        (tn("{low}–{n} card", "{low}–{n} cards", h.stop - 1, low=h.start), level)
        for level, h in BEST_HAND_SIZES.items()
    ]


SUIT_CHOICES = [*((label, suit) for suit, label in SUIT_GROUP_LABELS.items()), (N_("No trump (无主)"), "NT")]
"""The trump suits the writer offers, named as a hand's groups are (each label translated where it is shown)."""


def button(description: str, action: Callable[[], object], **style: Any) -> w.Button:
    """A button that calls ``action()`` when it is pressed (``style``: the button's other settings)."""
    pressed = w.Button(description=description, **style)
    pressed.on_click(lambda _b: action())
    return pressed


class QuestionWriter(w.VBox):  # type: ignore[misc]
    """Write a question for class ``code`` (opened with ``key()``, the console's key field); ``on_saved(ids)``
    hears the ids of the questions saved or imported, so the console can list and push them."""

    def __init__(
        self,
        store: ClassroomStore,
        code: str,
        key: Callable[[], str],
        lessons: list[int],
        titles: Mapping[int, str] | None = None,
        on_saved: Callable[[list[str]], None] | None = None,
    ) -> None:
        self.store, self.code, self.key = store, code, key
        self.on_saved = on_saved
        self.trick: list[str] = []
        self.hand = ""
        self.play = ""
        self.kind = w.Dropdown(
            options=[(t(f.label), k) for k, f in FORMS.items()] + [(t(BEST_LABEL), BEST)], description=t("Kind"), **FIT
        )
        self.dealt: dict[str, Any] | None = None
        """A best-play question's position as it was dealt (the bank's fields of a generated best puzzle)."""
        self.seeds = random.Random()
        self._build_deal_controls()
        self._build_trick_controls()
        titles = dict(titles or {})
        self.lesson = w.Dropdown(
            options=[(lesson_label(n, titles), n) for n in lessons], description=t("Its lesson"), **FIT
        )
        self._build_words_controls()
        for control in (self.kind, self.leader, self.goal):
            control.observe(lambda _c: self._changed(), names="value")
        self.kind.observe(lambda change: self._kind_chosen(change["new"]), names="value")
        super().__init__(
            [
                row(self.kind, self.lesson),
                self.trick_box,
                self.deal_box,
                self.placed,
                self.prompt,
                self.hint,
                row(self.check_button, self.save_button),
                self.result,
                row(self.export_button, self.upload),
                self.export_box,
                self.import_box,
            ]
        )
        self.add_class("sjt-writer")
        self._kind_chosen(self.kind.value)

    def _build_deal_controls(self) -> None:
        """How far into a round to deal a best-play position, and the button that deals it (in ``deal_box``)."""
        self.level = w.Dropdown(options=best_levels(), value=1, description=t("South holds"), **FIT)
        self.deal_button = button(t("Deal a position"), lambda: self.deal(), button_style="info")
        about = th(
            "A best-play question is a position from a real round, dealt and played by the engine's players up to "
            "South's decision; the search finds the plays that are right (lesson 11). It takes a few seconds."
        )
        self.deal_box = w.VBox([w.HTML(f'<p class="sjt-note">{about}</p>'), row(self.level, self.deal_button)])

    def _build_trick_controls(self) -> None:
        """The trump, the seat that leads, the goal of a play and the card picker, with the buttons that place the
        cards picked: a question about a trick (in ``trick_box``)."""
        self.rank = w.Dropdown(options=list(RANKS), value="2", description=t("Trump rank"), **FIT)
        self.suit = w.Dropdown(
            options=[(t(label), suit) for label, suit in SUIT_CHOICES], value="S", description=t("Trump suit"), **FIT
        )
        self.leader = w.Dropdown(
            options=[(t(seat), seat) for seat in SEATS], value="East", description=t("Leads"), **FIT
        )
        self.goal = w.Dropdown(
            options=[(t(label), goal) for label, goal in GOALS],
            value="legal",
            description=t("The play must be"),
            **FIT,
        )
        self.picker = HandPicker(deck(2), self._trump(), label=t("Pick cards (both decks), then place them"))
        self.picker.add_class("sjt-compact-picker")
        self.add_play = button(t("Add as the next play"), lambda: self.place("trick"), button_style="info")
        self.take_back = button(t("Take back the last play"), lambda: self.undo())
        self.set_hand = button(t("Set as the hand"), lambda: self.place("hand"))
        self.set_play = button(t("Set as the play"), lambda: self.place("play"))
        self.clear = button(t("Start again"), lambda: self.start_again())
        for control in (self.rank, self.suit):  # a new trump: the cards re-sort, and the last check no longer holds
            control.observe(lambda _c: self._trump_chosen(), names="value")
        self.trick_box = w.VBox(
            [
                row(self.rank, self.suit, self.leader),
                self.goal,
                self.picker,
                row(self.add_play, self.take_back, self.set_hand, self.set_play, self.clear),
            ]
        )

    def _build_words_controls(self) -> None:
        """The question's words and hint, Check and Save with what they answer, and the export and import of the
        class's questions."""
        self.placed = w.HTML()
        self.placed.add_class("sjt-writer-placed")
        self.prompt = w.Textarea(description=t("Its words"), rows=2, layout=w.Layout(width="40em"), **FIT)
        self.hint = w.Text(description=t("Its hint (optional)"), layout=w.Layout(width="40em"), **FIT)
        self.check_button = button(t("Check"), lambda: self.check(), button_style="primary")
        self.save_button = button(t("Save to the class"), lambda: self.save(), button_style="success")
        self.result = w.HTML()
        self.result.add_class("sjt-writer-result")
        self.export_button = button(t("Export the class's questions (YAML)"), lambda: self.export())
        self.export_box = w.HTML()
        self.upload = w.FileUpload(accept=".yaml,.yml", multiple=False, description=t("Import questions (YAML)"))
        self.upload.observe(lambda change: self.import_file(change["new"]), names="value")
        self.import_box = w.HTML()

    # -- the draft -----------------------------------------------------------------------------

    def _trump(self) -> Trump:
        return Trump(self.rank.value, None if self.suit.value == "NT" else self.suit.value)

    @property
    def draft(self) -> Draft:
        """The question as the form holds it now."""
        return Draft(
            self.kind.value,
            trump=f"{self.rank.value}{self.suit.value}",
            leader=self.leader.value,
            trick=tuple(self.trick),
            hand=self.hand,
            play=self.play,
            goal=self.goal.value,
            prompt=self.prompt.value,
            hint=self.hint.value,
        )

    def _trump_chosen(self) -> None:
        self.picker.set_hand(deck(2), self._trump())
        self._changed()

    def _kind_chosen(self, kind: str) -> None:
        best = kind == BEST
        self.prompt.value = self.hint.value = ""  # words written for another kind of question
        self.trick_box.layout.display = "none" if best else None
        self.deal_box.layout.display = None if best else "none"
        lesson = BEST_LESSON if best else FORMS[kind].lesson
        if lesson in {n for _, n in self.lesson.options}:
            self.lesson.value = lesson
        if best:
            self.prompt.placeholder = str(self.dealt["prompt"]) if self.dealt else t(BEST_PROMPT)
            self._changed()
            return
        form = FORMS[kind]
        self.prompt.placeholder = t(form.prompt)
        self.goal.layout.display = None if form.goal else "none"
        self.set_hand.layout.display = None if form.hand else "none"
        self.set_play.layout.display = None if form.play else "none"
        self._changed()

    def place(self, where: str) -> None:
        """Put the picked cards in the trick (as the next seat's play), or make them the hand or the play."""
        picked = self.picker.selection
        if not picked:
            self._say(t("Pick cards first: click them in the picker."))
            return
        text = format_cards(picked, symbols=False)
        if where == "trick":
            if len(self.trick) >= 4:
                self._say(t("A trick has four plays: take one back first."))
                return
            self.trick.append(text)
        elif where == "hand":
            self.hand = text
            if self.play and not _within(self.play, text):
                self.play = ""
        else:
            if not self.hand:
                self._say(t("The play in question comes from the hand: set the hand first, then pick from it."))
                return
            if not _within(text, self.hand):
                self._say(
                    t(
                        "{cards} is not all in the hand ({hand}): pick from it.",
                        cards=format_cards(picked),
                        hand=_glyphs(self.hand),
                    )
                )
                return
            self.play = text
        self.picker.clear()
        self._changed()

    def undo(self) -> None:
        if self.trick:
            self.trick.pop()
        self._changed()

    def start_again(self) -> None:
        self.trick, self.hand, self.play = [], "", ""
        self.picker.clear()
        self._changed()

    def deal(self) -> dict[str, Any] | None:
        """Deal a best-play position of the chosen size (a round self-played to South's decision, its right plays
        found by the search); its preview shows."""
        dealing = te("Dealing and searching…")
        self.result.value = f'<p class="sjt-writer-dealing" role="status">{dealing}</p>'
        try:
            puzzle = generate(BEST, self.level.value, seed=self.seeds.randrange(1 << 30), attempts=20)
        except RuntimeError:
            self._say(t("No position of that size came up in 20 rounds: deal again."))
            return None
        self.dealt = {k: v for k, v in spec_data(puzzle.spec).items() if k != "id"}
        self.prompt.placeholder = str(self.dealt["prompt"])
        self._changed()
        self.result.value = puzzle_preview(puzzle)
        return self.dealt

    def spec(self) -> tuple[dict[str, Any], list[str]]:
        """The question's spec as the form holds it, and what it still lacks (in words)."""
        if self.kind.value != BEST:
            draft = self.draft
            return draft.spec(), draft.missing()
        if self.dealt is None:
            return {}, [t("deal a position first")]
        words = {"prompt": " ".join(self.prompt.value.split()), "hint": " ".join(self.hint.value.split())}
        own = {k: v for k, v in words.items() if v}
        # the dealt words come in every language; the instructor's own are in theirs, and replace them in all
        dealt = {k: v for k, v in self.dealt.items() if not (own and k in TRANSLATED)}
        return dealt | own, []

    def _changed(self) -> None:
        """Show what is placed, seat by seat; the last check's verdict no longer holds."""
        if self.kind.value == BEST:
            if self.dealt:
                label = t("The position's idea")
                idea = th(
                    "{label} (said after the answer): {idea}",
                    label=_bold(label),
                    idea=escape(str(self.dealt["explain"])),
                )
            else:
                idea = te("No position dealt yet: choose how many cards South holds, then deal.")
            self.placed.value = f"<p>{idea}</p>"
            self.result.value = ""
            return
        form = self.draft.form
        names = [said_name(name) for name in seat_order(SEATS.index(self.leader.value))]
        plays = [f"{names[i]} {_glyphs(p)}" for i, p in enumerate(self.trick)]
        next_seat = names[len(self.trick)] if len(self.trick) < 4 else ""
        so_far = escape(", ".join(plays)) or te("no play yet")
        label = t("The trick so far")
        lines = [th("{label}: {plays}", label=_bold(label), plays=so_far)]
        if form.hand:
            whose = t("{seat}'s hand", seat=next_seat) if next_seat else t("The player's hand")
            lines.append(th("{label}: {cards}", label=_bold(whose), cards=escape(_glyphs(self.hand))))
        if form.play:
            label = t("The play in question")
            lines.append(th("{label}: {cards}", label=_bold(label), cards=escape(_glyphs(self.play))))
        if next_seat and len(self.trick) < form.plays[1]:
            lines.append(th("The next play added is {seat}'s.", seat=escape(next_seat)))
        self.placed.value = "<p>" + "<br>".join(lines) + "</p>"
        self.result.value = ""

    # -- check and save ------------------------------------------------------------------------

    def _ready(self) -> dict[str, Any] | None:
        """The question's spec, or None when it still lacks something (then said)."""
        spec, missing = self.spec()
        if missing:
            self._say(t("Not yet: {missing}.", missing="; ".join(missing)))
            return None
        return spec

    def check(self) -> Puzzle | None:
        """The question read as the bank reads one: the engine's answer and the preview, or every problem."""
        spec = self._ready()
        if spec is None:
            return None
        try:
            puzzle = class_question(spec, "class-draft-0", self.lesson.value)
        except BankError as e:
            self._say(t("The engine cannot use this question: {problem}.", problem=e))
            return None
        self._show(puzzle)
        return puzzle

    def _show(self, puzzle: Puzzle) -> None:
        """The engine's answer to ``puzzle``, why, and the preview students will see."""
        answer = shown_answer(puzzle, puzzle.solve())
        if isinstance(puzzle, BestPuzzle):  # its grade is a verdict on a play, in a learner's words: say what counts
            plays = ", ".join(format_cards(p) for p in puzzle.accept)
            why = t(
                "The search accepts {plays} (the best first); every other play is surely worse by more than a tenth "
                "of a level over the deals of the cards South cannot see (lesson 11).",
                plays=plays,
            )
        else:
            why = puzzle.grade(puzzle.solve()).explanation
        told = th("The engine's answer: {answer}. {explanation}", answer=_bold(answer), explanation=escape(why))
        self.result.value = f'<p class="sjt-writer-answer" role="status">{told}</p>{puzzle_preview(puzzle)}'

    def save(self) -> str | None:
        """Keep the question for the class; its id (``on_saved`` hears it), or None with the problem shown. The store
        reads and checks it as ``check`` does (once: the answer shown is the stored question's)."""
        spec = self._ready()
        if spec is None:
            return None
        try:
            saved = self.store.save_question(self.code, self.key(), spec, self.lesson.value)
        except StoreError as e:
            self._say(t("{problem}: nothing was saved.", problem=sentence(e).rstrip(".")))
            return None
        self._show(self.store.questions(self.code)[saved])
        number = saved.rsplit("-", 1)[-1]
        kept = te(
            "Saved as your question {number}: choose it under “Your questions” above to preview and push it. The "
            "cards stay here for a variant; its words are cleared.",
            number=number,
        )
        self.result.value = f'<p class="sjt-writer-saved" role="status">{kept}</p>' + self.result.value
        self.prompt.value = self.hint.value = ""
        if self.on_saved is not None:
            self.on_saved([saved])
        return saved

    # -- YAML out and in -------------------------------------------------------------------------

    def export(self) -> str:
        try:
            text = self.store.export_questions(self.code, self.key())
        except StoreError as e:
            problem = te("{problem}.", problem=sentence(e))
            self.export_box.value = f'<p class="sjt-error" role="alert">{problem}</p>'
            return ""
        if not text.strip():
            nothing = te("This class has no questions of its own yet.")
            self.export_box.value = f"<p>{nothing}</p>"
            return ""
        data = base64.b64encode(text.encode()).decode()
        name = f"class-{self.code}-questions.yaml"
        download = te("Download {file}", file=name)
        link = (
            f'<a class="sjt-export-questions" download="{escape(name)}" href="data:application/yaml;base64,{data}">'
            f"{download}</a>"
        )
        self.export_box.value = th(
            "{link} (the bank's format: each part between “---” lines is a topic file for {folder})",
            link=link,
            folder="<code>exercises/</code>",
        )
        return text

    def import_file(self, files: Any) -> list[str]:
        """Import the uploaded YAML file's questions (all or none)."""
        uploaded = list(files or ())
        if not uploaded:
            return []
        content = uploaded[0]["content"]
        try:
            text = bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            problem = te("That file is not UTF-8 text.")
            self.import_box.value = f'<p class="sjt-error" role="alert">{problem}</p>'
            return []
        return self.import_text(text)

    def import_text(self, text: str) -> list[str]:
        try:
            saved = self.store.import_questions(self.code, self.key(), text)
        except StoreError as e:
            problem = te("{problem}: nothing was imported.", problem=sentence(e).rstrip("."))
            self.import_box.value = f'<p class="sjt-error" role="alert">{problem}</p>'
            return []
        imported = escape(
            tn(
                "Imported {n} question: they are under “Your questions” above (a question the class has already is not "
                "imported twice).",
                "Imported {n} questions: they are under “Your questions” above (a question the class has already is not "
                "imported twice).",
                len(saved),
            )
        )
        self.import_box.value = f'<p class="sjt-imported" role="status">{imported}</p>'
        if self.on_saved is not None:
            self.on_saved(saved)
        return saved

    def _say(self, problem: str) -> None:
        self.result.value = f'<p class="sjt-error" role="alert">{escape(problem)}</p>'


def _within(play: str, hand: str) -> bool:
    """Are the cards of ``play`` all in ``hand`` (as many copies as it holds)?"""
    held = [str(c) for c in parse_cards(hand)] if hand else []
    for card in parse_cards(play):
        if str(card) not in held:
            return False
        held.remove(str(card))
    return True


def _glyphs(text: str) -> str:
    return format_cards(parse_cards(text)) if text else t("none yet")


def _bold(text: str) -> str:
    """``text`` in bold (HTML, escaped)."""
    return f"<strong>{escape(text, quote=False)}</strong>"
