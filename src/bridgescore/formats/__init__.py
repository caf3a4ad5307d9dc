"""Readers and writers of the files bridge software speaks; each mirrors the ``json`` module.

Internal: :func:`bridgescore.load` and :func:`bridgescore.dump` read and write any of them,
choosing the format from the content and the extension (:mod:`bridgescore.formats.dispatch`).
"""
