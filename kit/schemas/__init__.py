"""The JSON Schemas (draft 2020-12) of the kit's save files, one ``.json`` file per format.

Read them with :func:`kit.store.schema` (``kit.store.schema("campaign")``), list them with
:func:`kit.store.schema_kinds`, or print one with ``gm-kit schema KIND``. The files are
written by :mod:`kit.schemas.build` from the kit's own limits and checks; a test holds them
equal to what it writes.
"""
