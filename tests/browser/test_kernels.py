"""Kernels in a real browser: a closed page frees its kernel (Voilà's shutdown beacon is no longer refused)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from typing import Any

TIMEOUT = 120_000


def kernel_alive(voila_url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{voila_url}/api/kernels/{kernel_id}", timeout=10) as response:
            return bool(response.status == 200)
    except urllib.error.HTTPError as e:
        if e.code == 404:
            return False
        raise


def test_closing_a_lesson_page_shuts_its_kernel_down(browser: Any, voila_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{voila_url}/voila/render/02-points.ipynb", timeout=TIMEOUT, wait_until="domcontentloaded")
    page.wait_for_selector(".sjt-puzzle[data-puzzle-id]", timeout=TIMEOUT)
    config = json.loads(page.locator("#jupyter-config-data").text_content() or "{}")
    kernel = config["kernelId"]
    assert kernel_alive(voila_url, kernel)
    assert any(c["name"] == "_xsrf" for c in context.cookies())  # what the shutdown beacon sends back
    page.close(run_before_unload=True)
    deadline = time.monotonic() + 30
    while kernel_alive(voila_url, kernel) and time.monotonic() < deadline:
        time.sleep(0.5)
    context.close()
    assert not kernel_alive(voila_url, kernel), "the closed page's kernel is still running"
