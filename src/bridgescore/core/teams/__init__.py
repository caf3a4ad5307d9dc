"""A teams event: matches, Victory Points, standings with byes and tie-breaks, the Swiss draw,
and the event built from its travellers."""
