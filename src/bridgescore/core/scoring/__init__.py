"""Comparing results on a board and over a match: IMPs, matchpoints and Neuberg, cross-IMPs,
Butler, rankings with ties, and Victory Point scales."""
