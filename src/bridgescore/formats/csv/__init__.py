"""The CSV files of an event: travellers (and the names file), the teams file, Victory Point
scales."""
