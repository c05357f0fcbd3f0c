"""Makes the package importable from the source tree; the library comes from MESSAGE_COMPOSER_LIB
or the repository build (see message_composer/_library.py)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from message_composer import Draft  # noqa: E402


@pytest.fixture
def draft():
    with Draft() as d:
        yield d
