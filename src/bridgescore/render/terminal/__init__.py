"""Presentation on the terminal: rich tables for contracts, score sheets, pairs and teams
events and VP scales, and the JSON objects the commands print."""
