"""The package version, in a module of its own so that any layer can name it without importing
the public API (``bridgescore/__init__.py``), which sits above every layer.

>>> __version__
'0.1.0'
"""

__version__ = "0.1.0"
