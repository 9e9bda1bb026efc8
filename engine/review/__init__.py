"""Reviewing a game after it is played: every move judged by the search, each player's
accuracy and costliest moves in words, a win-chance chart, and a replay page.

``reviewing.review`` makes a review (the record's ``review`` section); ``report`` prints
it; ``page`` writes the self-contained replay page. Light on import: ``labels``, which the
records' checks read, needs nothing else.
"""
