"""A pairs event: who is who (fields), how it is scored (rules and presets), each board's
points, artificial and weighted scores, totals, rankings, and why a pair scored what it did."""
