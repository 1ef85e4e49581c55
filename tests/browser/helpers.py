"""What the browser tests share: opening a page, answering a puzzle as a learner would, reading its verdict, and
the checks every page must pass (no trouble, no serious accessibility problem, nothing off the screen)."""

from __future__ import annotations

import itertools
import os
from collections import Counter
from typing import Any

from axe_playwright_python.sync_playwright import Axe

from shengji_tutor.puzzles import Puzzle

TIMEOUT = 120_000


def patience(seconds: float) -> float:
    """How long to wait for something that takes ``seconds`` at most on a quiet machine, now: stretched by how busy
    the machine is (the load per core, from 1 to 8 times), so that a deadline set for a quiet machine does not fail
    a test on a busy one (a run at a load of 12 on two cores failed two tests on fixed deadlines). It is a safety
    net under a wait on a condition, never a sleep."""
    busy = os.getloadavg()[0] / (os.cpu_count() or 1)
    return seconds * min(8.0, max(1.0, busy))


def patience_ms(milliseconds: int) -> int:
    """``patience`` for Playwright's timeouts, in milliseconds."""
    return int(patience(milliseconds / 1000) * 1000)


DESKTOP = {"width": 1280, "height": 800}

PHONE = {"width": 390, "height": 844}

AXE = Axe()


def open_page(page: Any, voila_url: str, notebook: str, ready: str) -> None:
    """Open a lesson by its old address: the server sends it to the same place in the app's one page."""
    page.goto(f"{voila_url}/voila/render/{notebook}", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(ready, timeout=TIMEOUT)


def settled(page: Any, quiet_ms: int) -> None:
    """Wait until the shown place stops changing for ``quiet_ms`` (its notebook has run, its widgets are drawn): a
    condition on the page, not a pause."""
    page.wait_for_function(
        """quiet => {
            const count = document.querySelectorAll('.sjt-shell-content *, .sjt-instructor *').length;
            const now = performance.now();
            if (window.sjtCount !== count) { window.sjtCount = count; window.sjtSince = now; return false; }
            return now - window.sjtSince > quiet;
        }""",
        arg=quiet_ms,
        polling=100,
        timeout=TIMEOUT,
    )


def no_trouble(page: Any) -> None:
    """No lesson cell failed, no script error, nothing asked of another machine, no console error."""
    assert page.locator(".sjt-cell-error").count() == 0
    assert page.page_errors == []
    assert page.outside_requests == []  # nothing comes from outside the machine (no CDN fonts or scripts)
    assert page.failed_responses == []
    assert page.console_errors == []


def answer(page: Any, card: Any, puzzle: Puzzle, value: Any) -> None:
    """Give an answer through the page, as a learner would."""
    kind = puzzle.answer_kind
    if kind in ("cards", "order"):
        tokens = value if isinstance(value, list) else str(value).split()
        for count, token in enumerate(tokens, 1):
            card.locator(f'button.sjt-card[data-card="{token}"][aria-pressed="false"]').first.click()
            # wait for the kernel's answer before the next click: a second copy of the same card (9♥ 9♥) must not
            # find the first one still unpressed and press it again, which would unpick it
            page.wait_for_function(
                f"document.querySelectorAll(\".sjt-puzzle button.sjt-card[aria-pressed='true']\").length === {count}"
            )
    elif kind == "seat":
        card.get_by_role("button", name=value, exact=True).click()
    elif kind == "number":
        card.get_by_label("Answer").fill(str(value))
        card.get_by_label("Answer").press("Tab")
    else:
        card.get_by_role("button", name=str(value).capitalize(), exact=True).click()


def wrong_answer(puzzle: Puzzle) -> Any:
    kind = puzzle.answer_kind
    right = puzzle.solve()
    if kind == "seat":
        return next(s for s in ("North", "West", "South", "East") if s != right and not puzzle.grade(s).correct)
    if kind == "number":
        return int(right) + 5
    if kind == "yesno":
        return "no" if right == "yes" else "yes"
    if kind == "order":
        return list(reversed(right))
    pool = [str(c) for c in puzzle.view().hand]
    for combo in itertools.combinations(pool, len(right)):
        if not puzzle.grade(list(combo)).correct and not Counter(combo) - Counter(pool):
            return list(combo)
    raise AssertionError(f"no wrong answer for {puzzle.id}")


def verdict(page: Any, puzzle_id: str, expected: str) -> str:
    page.wait_for_function(
        f"document.querySelector(\"[data-puzzle-id='{puzzle_id}'] .sjt-feedback\")?.dataset.verdict === '{expected}'",
        timeout=TIMEOUT,
    )
    return str(page.locator(f"[data-puzzle-id='{puzzle_id}'] .sjt-feedback").inner_text())


def serious_problems(page: Any, context: str | None = None) -> list[str]:
    """axe-core's serious and critical violations on the page (or within ``context``), one line each."""
    results = AXE.run(page, context=context)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:4]]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def overflow(page: Any) -> list[str]:
    """What runs past the window's right edge: the page scrolling sideways, or anything drawn beyond the edge (and so
    cut off by a panel) that is not inside a box the learner can scroll sideways."""
    return list(
        page.evaluate(
            """() => {
                const width = window.innerWidth;
                const found = [];
                if (document.scrollingElement.scrollWidth > width) {
                    found.push(`the page scrolls sideways: ${document.scrollingElement.scrollWidth} > ${width}`);
                }
                const scrolls = (e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
                for (const e of document.querySelectorAll('#rendered_cells *')) {
                    const box = e.getBoundingClientRect();
                    if (box.width === 0 || box.right <= width + 1) continue;
                    let up = e.parentElement;
                    while (up && !scrolls(up)) up = up.parentElement;
                    if (up) continue;
                    found.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ends at ${Math.round(box.right)}`);
                }
                return found.slice(0, 6);
            }"""
        )
    )


def kernels_of(voila_url: str) -> set[int]:
    """The pids of the kernels the Voilà server at ``voila_url`` runs (its ipykernel children, read from /proc)."""
    from benchmarks.browser import server_kernels

    return {int(pid) for pid in server_kernels(int(voila_url.rsplit(":", 1)[1].split("/")[0]))}
