"""Kernels in a real browser: a closed page frees its kernel (Voilà's shutdown beacon is no longer refused), and
the course never takes more than one per learner."""

from __future__ import annotations

import contextlib
import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from .helpers import kernels_of, patience

TIMEOUT = 120_000


def kernel_alive(voila_url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{voila_url}/api/kernels/{kernel_id}", timeout=10) as response:
            return bool(response.status == 200)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


COURSE = "/voila/render/course.ipynb"


def open_points(context: Any, voila_url: str) -> tuple[Any, str]:
    """A new page of ``context`` on the course's lesson 2, once its puzzles are shown; (the page, its kernel's id)."""
    page = context.new_page()
    page.goto(f"{voila_url}{COURSE}#points", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-place-points .sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
    return page, json.loads(page.locator("#jupyter-config-data").text_content() or "{}")["kernelId"]


def test_closing_the_course_page_shuts_its_kernel_down(browser: Any, voila_url: str) -> None:
    context = browser.new_context()
    page, kernel = open_points(context, voila_url)
    assert kernel_alive(voila_url, kernel)
    assert any(c["name"] == "_xsrf" for c in context.cookies())  # what the shutdown beacon sends back
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 30
    while kernel_alive(voila_url, kernel) and time.monotonic() < deadline:
        time.sleep(0.5)
    context.close()
    assert not kernel_alive(voila_url, kernel), "the closed page's kernel is still running"


def test_opening_and_closing_the_course_three_times_leaves_only_the_preheated_pool(
    browser: Any, voila_url: str
) -> None:
    context = browser.new_context()
    page, _ = open_points(context, voila_url)  # warm the app's pool first: its kernel is taken, another pre-heated
    page.close(run_before_unload=True)
    time.sleep(5)
    pool = kernels_of(voila_url)
    assert pool, "the server's kernels are found"
    for _ in range(3):  # a page that leaked its kernel would leave one more each time: one visit would show it
        page, _ = open_points(context, voila_url)
        page.close(run_before_unload=True)
    context.close()
    deadline = time.monotonic() + 60
    while len(kernels_of(voila_url)) > len(pool) and time.monotonic() < deadline:
        time.sleep(1)
    assert len(kernels_of(voila_url)) <= len(pool), "closed pages left kernels running"


def test_a_visitor_during_warm_up_sees_a_page_that_refreshes_itself(tmp_path: Path) -> None:
    """Right after the server starts, the app answers with the small warming page, then with the course itself."""
    from benchmarks.browser import free_port, running
    from shengji_tutor.app.course_server import WARMING_PAGE
    from shengji_tutor.app.serve import NOTEBOOKS, voila_command, voila_env

    port = free_port()
    command, env = voila_command(port, notebooks=NOTEBOOKS), voila_env(tmp_path / "data")
    with running(command, port, tmp_path / "voila.log", env) as base:
        pages = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with urllib.request.urlopen(f"{base}{COURSE}", timeout=60) as response:
                pages.append(response.read().decode())
            if "rendered_cells" in pages[-1]:
                break
            time.sleep(1)
    assert pages[0] == WARMING_PAGE  # the server had not prepared the lesson yet
    assert 'http-equiv="refresh"' in pages[0]
    assert "rendered_cells" in pages[-1]  # and then the course, once its kernel was ready
    assert "Preparing the course" not in pages[-1]


def kernel_ids(base: str) -> set[str]:
    """The ids of the kernels the server at ``base`` runs (from their command lines: ``-f …/kernel-<id>.json``)."""
    from benchmarks.browser import server_kernels

    found = set()
    for pid in server_kernels(int(base.rsplit(":", 1)[1])):
        with contextlib.suppress(OSError):
            words = Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
            found.update(w.rsplit("kernel-", 1)[1].removesuffix(".json") for w in words if w.endswith(".json"))
    return found


def test_a_preheated_kernel_that_is_shut_down_is_replaced_at_once(tmp_path: Path) -> None:
    """Shutting the pool's kernel down by Voilà's address (what a closed page's beacon asks) leaves a new one ready:
    the next learner does not wait for a cold kernel."""
    from benchmarks.browser import free_port, running
    from shengji_tutor.app.serve import NOTEBOOKS, voila_command, voila_env

    port = free_port()
    command, env = voila_command(port, notebooks=NOTEBOOKS), voila_env(tmp_path / "data")
    with running(command, port, tmp_path / "voila.log", env) as base:
        deadline = time.monotonic() + patience(120)
        while not (pool := kernel_ids(base)) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert len(pool) == 1, pool  # the course page's one pre-heated kernel
        (old,) = pool
        request = urllib.request.Request(
            f"{base}/voila/api/shutdown/{old}",
            data=b"_xsrf=any-token",  # tornado compares the form's token with the cookie's
            headers={"Cookie": "_xsrf=any-token"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status in (200, 204)
        deadline = time.monotonic() + patience(120)  # a kernel boots in seconds, or minutes on a busy machine
        while (now := kernel_ids(base)) in (pool, set()) and time.monotonic() < deadline:
            time.sleep(0.5)
    assert old not in now
    assert len(now) == 1, now  # replaced, not left empty


def test_kernels_of_pages_that_are_gone_without_a_word_are_freed_within_a_minute(browser: Any, voila_url: str) -> None:
    """A page fetched by a script that never opens its connection (``curl``), and a page whose browser went away
    without unloading it (killed, asleep): neither keeps its kernel — in a class, its seat — past a minute."""
    import re

    deadline = time.monotonic() + 120
    while True:  # the page's kernel is started (or taken from the pool), and its connection is never opened
        with urllib.request.urlopen(f"{voila_url}{COURSE}", timeout=120) as response:
            fetched = re.search(r'"kernelId": "([0-9a-f-]{36})"', response.read().decode())
        if fetched is not None or time.monotonic() > deadline:  # else the server was still warming up
            break
        time.sleep(1)
    assert fetched is not None
    context = browser.new_context()
    _, killed = open_points(context, voila_url)
    context.close()  # no beforeunload, no shutdown beacon: as when the browser is killed
    gone_at = time.monotonic()
    left = {fetched.group(1), killed}
    while left and time.monotonic() - gone_at < 90:
        left = {k for k in left if kernel_alive(voila_url, k)}
        time.sleep(1)
    assert not left, f"still running {time.monotonic() - gone_at:.0f} s later"
    assert time.monotonic() - gone_at < 75


def test_a_page_whose_kernel_was_closed_says_so_and_continues_where_it_was(browser: Any, voila_url: str) -> None:
    """After its kernel is shut down (the idle cull, a page gone too long), the page does not look alive: a notice
    says it was closed, and its button opens the same place again with a new kernel."""
    context = browser.new_context()
    page, old = open_points(context, voila_url)
    token = next(c["value"] for c in context.cookies() if c["name"] == "_xsrf")
    reply = context.request.post(f"{voila_url}/voila/api/shutdown/{old}", form={"_xsrf": token})
    assert reply.status == 204
    # the page asks every 10 s while it is in view, and at once when it comes back into view (as here)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    notice = page.get_by_role("alertdialog", name="This page was closed")
    notice.wait_for(timeout=30_000)
    assert "Nothing you answered is lost" in notice.inner_text()
    page.get_by_role("button", name="Continue where you were").click()
    page.wait_for_selector(".sjt-place-points .sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
    assert page.url.endswith("#points")
    assert json.loads(page.locator("#jupyter-config-data").text_content() or "{}")["kernelId"] != old
    assert page.locator(".sjt-closed-notice").count() == 0
    page.close(run_before_unload=True)
    context.close()


def test_an_old_lesson_address_is_the_same_place_in_the_learners_one_page(page: Any, voila_url: str) -> None:
    """A lesson's own notebook address (a bookmark from before the app) opens that place in the app's page; that
    every place is shown in the learner's one kernel is the course walk's (test_course)."""
    page.goto(f"{voila_url}/voila/render/02-points.ipynb", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-place-points .sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
    assert page.url.endswith(f"{COURSE}#points")
