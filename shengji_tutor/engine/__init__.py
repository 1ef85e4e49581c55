"""The rules engine (RULES §1–§10): cards, trump order, units, following, tricks, throws, scoring.

Pure Python with no dependency outside the standard library: no Jupyter, no SQL,
no YAML (an import-linter contract in ``pyproject.toml`` keeps it so). Every
layer above (rounds, puzzles, the course) asks these modules for the rules.

- ``cards``: ``Card``, notation, points; ``trump``: ``Trump``, effective suits and order keys;
- ``units``: singles, pairs, tractors, ``lead_format``; ``follow``: ``legal_follow``;
- ``tricks``: ``trick_winner``, ``explain_trick``, ``check_throw``; ``scoring``: kitty and levels;
- ``seats``: seat names; ``declaring``: trump declarations; ``plays``: every legal play;
- ``ids``: the fast integer-id layer the modules above share (and bots may use);
- ``rules``: ``RuleSet``; ``errors``: the ``ValueError`` family; ``explain``/``grading``: verdicts;
- ``turns``: whose turn it is in either game (``CHANCE``, ``take_turns``: the one turn loop).
"""
