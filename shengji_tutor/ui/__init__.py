"""What the learner sees: cards as SVG (``render``), the widget kit (``widgets``), the coach's view.

Draws what the layers below decide; never decides a rule itself.
"""
