"""Rubber bridge and Chicago score sheets: above and below the line, honours, vulnerability by
deal, unfinished rubbers."""
