"""Playing many games: the runners, on one process runner.

=====================  ===============================================================
``pool``               the one process runner: work items over processes or Dask, in
                       order, with a progress callback (``Runner``, ``map_items``)
``games``              one game between bots, a batch of a run's games (seats rotated)
``random_play``        the random policy and whole random games (``play_random``)
``tally``              a run's figures as games finish (``Tally``) and its summaries
``tournament``         ``run``: many games of a line-up (``medici simulate``)
``report``             a run's summary as a text table
``csv_rows``           a run's games as CSV rows (``--csv``)
``progress``           the progress bar on a terminal
``comparison``         two variants on the same seeds (``compare``, ``medici compare``)
``compare_report``     a comparison's table, text chart and picture
``league``             one bot against every style of the field (``medici league``)
``lineup``             the default player count and a bot per seat from ``--bots``
``sequential``         ``--until``: looks planned ahead, intervals honest at any stop
``stats``              intervals: Wilson's for shares, the normal one for means
``errors``             ``RunError``: a run that cannot go as asked
=====================  ===============================================================

Nothing is imported here: ``engine.runs.random_play`` serves the random bot, which the
other modules import in turn.
"""
