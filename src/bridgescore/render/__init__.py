"""Presentation: rich tables for the terminal, HTML pages. The model never formats itself.

Internal: what the commands print and write; a program takes the figures from the public API
(``to_dict()`` of a scored event is the JSON the commands print).
"""
