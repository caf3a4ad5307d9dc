"""Presentation: rich tables for the terminal, HTML pages. The model never formats itself."""
