"""The web fixtures (``tables``) for the one-language test."""

from tests.web.conftest import data_dir, tables  # noqa: F401
