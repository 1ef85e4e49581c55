"""The places of the course app's one page: each route (the address's fragment) and the notebook it shows.

Light on purpose (the lesson catalogue only): the course server reads it to send an
old lesson address (``/voila/render/05-tractors.ipynb``) to the same place in the app
(``/voila/render/course.ipynb#tractors``).

>>> from shengji_tutor.course.places import place_of, route_of
>>> route_of("05-tractors.ipynb"), route_of("00-home.ipynb"), route_of("instructor.ipynb")
('tractors', 'home', None)
>>> place_of("tractors").notebook, place_of("no-such-place").route
('05-tractors.ipynb', 'home')
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

from ..i18n import N_, t
from .catalogue import HOME, LESSONS, PRACTICE, REVIEW

__all__ = ["GALLERY", "NOTEBOOK_DIR", "PLACES", "SHELL_NOTEBOOK", "Place", "place_of", "route_of"]

NOTEBOOK_DIR = Path(str(files(__package__) / "notebooks"))
"""The lesson notebooks and the app's page, shipped in the package (the checkout's ``notebooks/`` links here)."""

SHELL_NOTEBOOK = "course.ipynb"
"""The app's one page (in the served notebooks folder)."""
GALLERY = "widgets-gallery.ipynb"


@dataclass(frozen=True)
class Place:
    """Somewhere in the course: its route (the address's fragment), its notebook and its tab title (``name``, or
    the lesson's, read as ``title`` in the learner's language)."""

    route: str
    notebook: str
    name: str
    keep: bool = False
    """Kept alive when the learner leaves (a coached hand half played, a practice streak)."""
    lesson: int = 0
    """The lesson shown here (0: none)."""

    @property
    def title(self) -> str:
        """The tab's title in the language read now."""
        if self.lesson:
            found = next(lesson for lesson in LESSONS if lesson.number == self.lesson)
            return t("{number}. {title}", number=found.number, title=found.title)
        return t(self.name)


PLACES: tuple[Place, ...] = (
    Place("home", HOME, N_("Course home")),
    *(
        Place(lesson.slug, lesson.notebook, lesson.english, keep=lesson.number == 10, lesson=lesson.number)
        for lesson in LESSONS
    ),
    Place("practice", PRACTICE, N_("Practice"), keep=True),
    Place("review", REVIEW, N_("Review your mistakes")),
    Place("gallery", GALLERY, N_("Widget gallery")),
)
_BY_ROUTE = {place.route: place for place in PLACES}
_BY_NOTEBOOK = {place.notebook: place for place in PLACES}


def route_of(notebook: str) -> str | None:
    """The route of a course notebook (``"05-tractors.ipynb"`` → ``"tractors"``), or None for another page."""
    place = _BY_NOTEBOOK.get(notebook)
    return place.route if place is not None else None


def place_of(route: str) -> Place:
    """The place a route names (an unknown route: the home page)."""
    return _BY_ROUTE.get(route, PLACES[0])
