"""Readers and writers of the files bridge software speaks; each mirrors the ``json`` module."""
