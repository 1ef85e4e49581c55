"""Lesson 12, Zheng Fen (挣分), in a real browser: a puzzle is graded naming RULES §12, and the table plays a lead.

The page's table is ``zheng_fen_game(seed=12)`` (a new game: the server's data folder is fresh); the test keeps
a twin with the same seed (the bots are deterministic) to know what the learner holds and which lead is legal.
"""

from __future__ import annotations

from typing import Any

from shengji_tutor.course.zhengfen_table import ZhengFenTable
from shengji_tutor.puzzles import load_bank
from shengji_tutor.zhengfen.seated import SeatedGame

from .helpers import TIMEOUT, answer, no_trouble, open_page, verdict, wrong_answer

NOTEBOOK = "12-zheng-fen.ipynb"


def test_a_puzzle_names_the_rule_and_the_table_takes_a_legal_lead(page: Any, voila_url: str) -> None:
    open_page(page, voila_url, NOTEBOOK, ".sjt-puzzle[data-puzzle-id]")
    card = page.locator(".sjt-puzzle").last
    pid = card.get_attribute("data-puzzle-id")
    puzzle = load_bank()[pid]
    assert puzzle.lesson == 12
    answer(page, card, puzzle, wrong_answer(puzzle))
    card.get_by_role("button", name="Check", exact=True).click()
    assert "RULES §12" in verdict(page, pid, "incorrect")

    twin = ZhengFenTable(SeatedGame(seed=12))
    table = page.locator(".sjt-zhengfen-table")
    table.wait_for(timeout=TIMEOUT)
    hand = sorted(str(c) for c in twin.game.hands[twin.seat])
    shown = table.locator("button.sjt-card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert sorted(shown) == hand
    play = table.get_by_role("button", name="Play", exact=True)
    assert play.is_disabled()
    lead = twin.legal_plays()[0] if twin.game.table is None else None
    if lead is None:  # a bot leads first: the learner may pass
        table.get_by_role("button", name="Pass", exact=True).click()
        twin.pass_turn()
    else:
        for k, c in enumerate(lead.cards, start=1):
            table.locator(f'button.sjt-card[data-card="{c}"][aria-pressed="false"]').first.click()
            page.wait_for_function(
                "document.querySelectorAll(\".sjt-zhengfen-table button.sjt-card[aria-pressed='true']\").length"
                f" === {k}",
                timeout=TIMEOUT,
            )
        page.wait_for_function(
            "[...document.querySelectorAll('.sjt-zhengfen-table button')]"
            ".find(b => b.textContent.trim() === 'Play')?.disabled === false",
            timeout=TIMEOUT,
        )
        play.click()
        twin.play(lead.cards)
    left = sorted(str(c) for c in twin.game.hands[twin.seat])
    page.wait_for_function(
        """(left) => {
            const shown = [...document.querySelectorAll('.sjt-zhengfen-table button.sjt-card')].map(b => b.dataset.card);
            return JSON.stringify(shown.sort()) === JSON.stringify(left);
        }""",
        arg=left,
        timeout=TIMEOUT,
    )
    no_trouble(page)
