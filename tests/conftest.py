"""Test-wide settings: Hypothesis without per-example deadlines (CI machines are shared and
slow at times), and derandomized under CI (``HYPOTHESIS_PROFILE=ci``) so a run is repeatable."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
