"""The course as one page in one kernel: places run from their notebooks, change in place, and leave nothing behind."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import ipywidgets as w
import nbformat
import pytest

from shengji_tutor.classroom import ClassroomStore
from shengji_tutor.classroom.screens import JoinPanel, LivePanel
from shengji_tutor.course import lesson_footer, pages
from shengji_tutor.course.lesson_runner import LessonRun, live_widgets, markdown_html, run_lesson
from shengji_tutor.course.places import PLACES, Place, place_of, route_of
from shengji_tutor.course.shell import Shell, course
from shengji_tutor.store.keys import ENV_DB
from shengji_tutor.ui.coach import CoachedGame

KEY = "a-long-secret-key"


@pytest.fixture
def solo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A learner on their own: progress kept in a temporary folder; the shell's links undone afterwards."""
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path))
    monkeypatch.delenv(ENV_DB, raising=False)
    monkeypatch.setenv("QUERY_STRING", "")
    yield tmp_path
    pages.use_shell(None)


def visit(shell: Shell, route: str) -> None:
    """The browser reports a new fragment, as when a link is clicked or back is pressed."""
    shell.router.browser_event({"event": "navigate", "route": route})


def page_html(shell: Shell) -> str:
    """All the HTML the content area shows, boxes opened."""

    def html(widget: w.Widget) -> str:
        if isinstance(widget, w.HTML):
            return str(widget.value)
        return "".join(html(x) for x in getattr(widget, "children", ()))

    return html(shell.content)


@pytest.mark.parametrize("place", PLACES, ids=[p.route for p in PLACES])
def test_every_place_runs_in_the_shell_without_errors(solo: Path, place: Place) -> None:
    shell = course()
    assert shell.place is None  # nothing is drawn before the browser says where it is
    visit(shell, place.route)
    assert shell.place == place
    assert shell.run is not None
    assert shell.run.error is None
    assert shell.content.children
    assert f"sjt-place-{place.route}" in shell.content._dom_classes
    assert shell.router.title.startswith(place.title)


def test_links_stay_in_the_page_and_go_back_to_notebooks_outside_it(solo: Path) -> None:
    shell = course()
    visit(shell, "pairs")
    links = [link for link in re.findall(r'href="([^"]+)"', page_html(shell)) if "lang=" not in link]
    assert "#home" in links
    assert "#tractors" in links
    assert "#trump-order" in links
    assert "#practice" in links
    assert all(link.startswith("#") for link in links)
    assert all(place_of(link[1:]).route == link[1:] for link in links)  # every link names a real place
    pages.use_shell(None)  # the same lesson opened as a notebook (JupyterLab): links to notebooks
    assert 'href="05-tractors.ipynb"' in lesson_footer(4).data


def test_an_unknown_or_bad_route_changes_nothing_but_the_address(solo: Path) -> None:
    shell = course()
    visit(shell, "tractors")
    shown = shell.content.children
    visit(shell, "no-such-lesson")
    assert shell.router.route == "home"
    assert shell.place is not None
    assert shell.place.route == "home"
    for bad in (42, None, "x" * 500):
        before = shell.router.refusals
        shell.router.browser_event({"event": "navigate", "route": bad})
        assert shell.router.refusals == before + 1
        assert "route" in shell.router.error
    assert shell.place.route == "home"
    assert shown != shell.content.children


def test_each_lesson_runs_in_a_namespace_of_its_own(solo: Path) -> None:
    shell = course()
    visit(shell, "points")
    assert shell.run is not None
    assert "picker" in shell.run.namespace
    visit(shell, "trump-order")
    assert "picker" not in shell.run.namespace  # lesson 2's names are not lesson 3's


@pytest.mark.slow
def test_leaving_a_place_closes_its_widgets(solo: Path) -> None:
    shell = course()
    visit(shell, "home")
    baseline = len(live_widgets())
    for place in PLACES:
        visit(shell, place.route)
    visit(shell, "home")
    kept = sum(1 for p in PLACES if p.keep)
    grown = len(live_widgets()) - baseline
    assert grown < 120 * kept  # only the kept places' widgets (a coached hand, practice) outlive a visit
    visit(shell, "points")
    before = len(live_widgets())
    visit(shell, "playing-well")
    many = len(live_widgets())
    assert many > before + 150  # lesson 11's steps, demos and puzzles
    visit(shell, "points")
    assert len(live_widgets()) < before + 50  # ... are gone with it


def test_a_hand_half_played_and_a_practice_streak_survive_a_visit_elsewhere(solo: Path) -> None:
    shell = course()
    visit(shell, "play-a-hand")
    game = next(x for x in shell.content.children if isinstance(x, CoachedGame))
    visit(shell, "following")
    visit(shell, "play-a-hand")
    assert next(x for x in shell.content.children if isinstance(x, CoachedGame)) is game


def notebook(path: Path, *sources: str) -> None:
    """Write a notebook whose cells are ``sources`` (a source starting with ``## `` is markdown)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(x) if x.startswith("## ") else nbformat.v4.new_code_cell(x) for x in sources
    ]
    nbformat.write(nb, path)


def test_a_lesson_with_a_broken_cell_says_where_and_stops_there(tmp_path: Path, solo: Path) -> None:
    notebook(tmp_path / "broken.ipynb", "## Before", "print('shown')\nsecret = 1", "1 / 0", "print('never')")
    run = run_lesson("broken.ipynb", tmp_path)
    html = "".join(str(x.value) for x in run.pieces)
    assert "<h2>Before</h2>" in html
    assert "shown" in html
    assert "never" not in html
    assert run.error == "broken.ipynb, cell 3: ZeroDivisionError: division by zero"
    assert 'class="sjt-cell-error" role="alert"' in html


def test_a_cell_shows_what_a_notebook_would(tmp_path: Path) -> None:
    notebook(
        tmp_path / "cells.ipynb",
        "import ipywidgets as w\nfrom IPython.display import HTML\nb = w.Button()\nb",
        "x = 2\nx * 21",
        "print('<b>1 < 2</b>')\nHTML('<i>rich</i>')",
        "y = 3",
        "None",
    )
    run = LessonRun("cells.ipynb", tmp_path)
    parts = list(run.parts(first=1))
    assert len(parts) == 2
    assert isinstance(parts[0][0], w.Button)
    text = parts[1][0]
    assert isinstance(text, w.HTML)
    assert len(parts[1]) == 1
    assert "42" in text.value
    assert "&lt;b&gt;1 &lt; 2&lt;/b&gt;" in text.value
    assert "<i>rich</i>" in text.value
    assert run.namespace["y"] == 3


def test_markdown_keeps_the_lessons_own_html() -> None:
    assert markdown_html('A <span class="sjt-zh">升级</span> | b') == '<p>A <span class="sjt-zh">升级</span> | b</p>\n'


def test_every_place_is_a_notebook_of_the_course_and_the_old_addresses_map_to_it() -> None:
    root = Path(__file__).resolve().parents[1] / "notebooks"
    for place in PLACES:
        assert (root / place.notebook).exists()
        assert route_of(place.notebook) == place.route
    assert len({p.route for p in PLACES}) == len(PLACES)
    assert route_of("instructor.ipynb") is None
    assert route_of("course.ipynb") is None
    assert json.loads((root / "course.ipynb").read_text())["cells"][0]["cell_type"] == "code"  # no text above it


def test_a_student_joins_in_place_and_the_live_question_follows_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"sqlite:///{tmp_path / 'class.sqlite'}"
    room = ClassroomStore(url)
    code = room.create_class("Club", KEY, lessons=[4])
    monkeypatch.setenv(ENV_DB, url)
    monkeypatch.setenv("QUERY_STRING", "seed=4")
    monkeypatch.setenv("SHENGJI_TUTOR_DATA", str(tmp_path / "solo"))
    shell = course()
    try:
        visit(shell, "home")
        join = next(x for x in shell.content.children[0].children if isinstance(x, JoinPanel))
        assert shell.live_panel is None
        join.code.value, join.name.value = code, "Ana"
        learner = join.join()
        assert learner is not None
        assert shell.router.query == f"seed=4&student={learner.student_id}"  # a reload keeps them signed in
        assert "Signed in as <strong>Ana</strong>" in page_html(shell)
        assert isinstance(shell.live_panel, LivePanel)
        assert shell.live.children == (shell.live_panel,)
        visit(shell, "pairs")  # mid-lesson, the instructor pushes a question
        puzzle = _lesson_puzzles(4)[0]
        room.push_question(code, KEY, puzzle)
        shell.live_panel.refresh()  # what its poller does every few seconds
        assert shell.live_panel.card is not None
        assert shell.live_panel.card.puzzle_id == puzzle
        assert shell.live.children == (shell.live_panel,)
        assert shell.place is not None
        assert shell.place.route == "pairs"
        assert [r.place for r in room.roster(code, KEY)] == ["pairs"]  # the roster says where the student is
        room.send_class(code, KEY, "practice/points")  # the instructor sends the class on
        shell.live_panel.refresh()
        assert shell.route() == "practice/points"
        assert [r.place for r in room.roster(code, KEY)] == ["practice/points"]
        visit(shell, "tractors")  # the student goes elsewhere: a sending is followed once, not again
        shell.live_panel.refresh()
        assert shell.route() == "tractors"
        room.lock_lessons(code, KEY, [5])  # the instructor closes lesson 5 (tractors) for now
        shell.live_panel.refresh()
        assert "Your instructor will open this lesson soon" in page_html(shell)
        visit(shell, "pairs")
        assert "Your instructor will open this lesson soon" not in page_html(shell)  # lesson 4 stays open
        visit(shell, "tractors")
        assert "Your instructor will open this lesson soon" in page_html(shell)
        room.lock_lessons(code, KEY, [])
        shell.live_panel.refresh()
        assert "Your instructor will open this lesson soon" not in page_html(shell)  # opened: the lesson itself
        assert shell.run is not None
    finally:
        if shell.live_panel is not None:
            shell.live_panel.poller.stop()
        pages.use_shell(None)


def _lesson_puzzles(number: int) -> list[str]:
    from shengji_tutor.course.catalogue import puzzles_of

    return [p.id for p in puzzles_of(number)]


def test_a_server_started_from_a_used_shell_still_makes_kernels_wait_for_their_learner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A process that showed a page (a test, a notebook) has the page's variables set: the server's kernels must
    not inherit them, or a pre-heated kernel would not wait for its learner and show every visitor a stranger's page."""
    from shengji_tutor.app.serve import voila_env
    from shengji_tutor.course.context import REQUEST_SEEN

    monkeypatch.setenv(REQUEST_SEEN, "1")
    monkeypatch.setenv("QUERY_STRING", "student=someone-else")
    env = voila_env()
    assert REQUEST_SEEN not in env
    assert "QUERY_STRING" not in env
    assert env["PATH"] == os.environ["PATH"]


def test_lesson_8_counts_the_last_tricks_own_points_before_the_kitty(solo: Path) -> None:
    """The lesson's story (55 points, then the last trick, then the kitty) adds up as the engine does: the last
    trick's two 5♥ count for the attackers too, so the kitty takes them to 165, two levels (issue 14)."""
    from shengji_tutor import kitty_bonus, level_change, points

    run = run_lesson("08-kitty-scoring.ipynb")
    text = "".join(str(x.value) for x in run.pieces if isinstance(x, w.HTML))
    total = (
        55
        + points("QH QH AH AH 3H 3H 5H 5H")
        + kitty_bonus("KS 10D 5H 3S 4S 6D 8D 9D", "AH AH", run.namespace["seven_clubs"])
    )
    assert total == 165
    assert level_change(total).describe() in text
    assert "climb two levels" in text
