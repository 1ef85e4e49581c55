"""The instructor's page (``instructor.ipynb``): the class console, with the course's lesson titles and the page
students join on.

The console (``classroom.screens.InstructorConsole``) sits below the course in the
package's layers, so the course hands it what only the course knows: each lesson's
title, to group the questions it can push, and its one page (``course.ipynb``),
where the class's join address and QR code send students.
"""

from __future__ import annotations

import ipywidgets as w

from ..classroom.screens import InstructorConsole
from ..classroom.session import classroom_store
from ..i18n import th
from ..store.classroom import ClassroomStore
from .catalogue import LESSONS
from .places import PLACES, SHELL_NOTEBOOK
from .served import quiet_when_served

__all__ = ["instructor_console", "instructor_page"]


def instructor_console(store: ClassroomStore) -> InstructorConsole:
    """The console for the class store, knowing the course's lessons and page."""
    return InstructorConsole(
        store,
        titles={lesson.number: lesson.title for lesson in LESSONS},
        join_page=SHELL_NOTEBOOK,
        places=[(place.title, place.route) for place in PLACES if place.route != "gallery"],
    )


def instructor_page() -> w.Widget:
    """The instructor notebook's content: the console in a classroom, otherwise how to start one."""
    quiet_when_served()
    store = classroom_store()
    if store is None:
        how = th(
            "This page runs a class. Start the app with {command} (or {make}): it prints the address students join at "
            "and your instructor key.",
            command="<code>shengji-tutor classroom</code>",
            make="<code>make classroom</code>",
        )
        return w.HTML(f"<p>{how}</p>")
    return instructor_console(store)
