"""The pace of a table of eight: the computer players' moves come on the game's clock, not one
frame at a time, so a window whose frames are slow waits no longer for them."""

from __future__ import annotations

import pytest

from kalooki_desktop.storage.paths import set_data_dir
from kalooki_desktop.tools.pacebench import _measure

pytestmark = pytest.mark.slow  # it runs on the real clock: about a minute


@pytest.fixture(autouse=True)
def data(tmp_path):
    set_data_dir(tmp_path)
    yield
    set_data_dir(None)


def test_slow_frames_do_not_set_the_pace_of_seven_opponents():
    """Seven Normals thinking on their own thread, on the real clock: rounds with frames of 67 ms
    (a large window on a busy machine) take about as long as with frames of 16 ms, about 8 s."""
    quick = _measure(3, 1, every=False, answer=True, frame_ms=1000 / 60)
    slow = _measure(3, 1, every=False, answer=True, frame_ms=67)
    assert quick["rounds"] == slow["rounds"] == 3
    assert slow["median_s"] <= quick["median_s"] * 1.1 + 0.2, (quick, slow)
    assert quick["median_s"] <= 10, quick
