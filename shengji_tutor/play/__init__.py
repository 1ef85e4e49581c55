"""Playing the game: a round as a state machine with an action log, records, matches and bots.

Built on ``shengji_tutor.engine`` only: nothing here draws, stores or serves.
"""
