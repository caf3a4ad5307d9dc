"""Events built from the core: the matches, byes and standings of a whole event (pure, no I/O)."""
