"""Where learners' work is kept: one SQLAlchemy engine factory, one Alembic schema, two views.

``ProgressStore`` (a learner's solved puzzles) and ``ClassroomStore`` (classes,
students, the instructor's view) read and write the same ``attempts`` table.
"""
