"""The PostgreSQL store (issue 25): the same games, tables and presence as a saves folder, in a database.

``url``: the ``--database`` URL (``NORSEWIND_DATABASE``) and how it is shown (never its password);
``connect``: a connection, or one line saying the database cannot be reached; ``schema``: the
numbered migrations of ``migrations/`` and the ``schema_version`` table (``norsewind db upgrade``).
Nothing above the storage layer imports this package (pyproject's contracts): the application
context chooses it.
"""
