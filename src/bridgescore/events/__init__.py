"""The application layer: "score this file", between the pure core and the outer shells.

Reading a results file in whatever format it comes (a traveller CSV or a big PBN file in columns
when asked), adding the names and hand records, choosing the rules (the preset, the file's own
scoring tag, the options given), then scoring with the one pairs engine: the command line, the
results site and the exports all go through here, so they score a file the same way. Nothing
here prints.

* :mod:`bridgescore.events.pairs`: :func:`~bridgescore.events.pairs.score_file`, a pairs
  session.
* :mod:`bridgescore.events.teams`: :func:`~bridgescore.events.teams.score_teams_file`, a teams
  event (and the Swiss draw's event, round 1 from the teams file alone).
* :mod:`bridgescore.events.files`: :func:`~bridgescore.events.files.load`,
  :func:`~bridgescore.events.files.loads` and :func:`~bridgescore.events.files.dump`, any format
  in and out, and the hand records' files; the exports of a scored event.
* :mod:`bridgescore.events.analysis`: :func:`~bridgescore.events.analysis.analyse`, deals'
  double-dummy tables and par.

Internal: the main functions are the public API's (``bridgescore.score_file``,
``score_teams_file``, ``load``, ``loads``, ``dump``, ``vp_scale``, ``analyse``); import them
from :mod:`bridgescore`. This layer imports the core, the formats and the fast readers; never
the renderers or the command line.
"""
