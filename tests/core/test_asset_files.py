"""Asset files that are not text at all are refused with the loader's own clear error, not a traceback."""

import pytest

from games.jenga import data
from sim.spec import SpecError, load_spec


@pytest.fixture
def binary_file(tmp_path):
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe\x00 not text")
    return path


def test_tower_spec_that_is_not_text_is_refused(binary_file):
    with pytest.raises(SpecError, match="bad.json: not valid JSON"):
        load_spec(str(binary_file))


def test_jenga_asset_that_is_not_text_is_refused(binary_file):
    with pytest.raises(data.AssetError, match="not valid JSON"):
        data._read(binary_file.name, binary_file.parent)
