"""Presentation on the terminal: rich tables for contracts, score sheets, pairs and teams
events and VP scales, and the JSON objects of the score sheets and the Swiss draw (a scored
event's JSON is its own ``to_dict()``). Internal."""
