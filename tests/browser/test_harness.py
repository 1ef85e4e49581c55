"""The browser tests' own harness: which console errors it keeps aside as a known upstream race (and which not)."""

from __future__ import annotations

from .conftest import upstream_race

MANAGER = "http://127.0.0.1:39885/voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/170.3ff9ce.js?v=3ff9ce"
RACE = (
    "TypeError: Cannot read properties of null (reading 'processLuminoMessage')\n"
    f"    at z.processMessage ({MANAGER}:9:9831)\n"
    "    at _ (http://127.0.0.1:39885/voila/static/4135.voila.js:1:4266)"
)


def test_the_widget_managers_resize_after_dispose_race_is_kept_aside() -> None:
    """The exact error CI logged when a place was left while its views were still being drawn."""
    assert upstream_race(RACE)


def test_every_other_console_error_still_counts() -> None:
    assert not upstream_race("TypeError: Cannot read properties of null (reading 'value')\n    at x (course.js:1:2)")
    assert not upstream_race(RACE.replace("@jupyter-widgets/jupyterlab-manager", "shengji-tutor"))  # our own code
    assert not upstream_race(RACE.replace("processLuminoMessage", "processMessage"))
    assert not upstream_race("Failed to load resource: the server responded with a status of 404 (Not Found)")
