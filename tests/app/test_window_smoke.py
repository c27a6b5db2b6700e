import pytest

pytest.importorskip("PySide6")


def test_main_window_builds(qtbot):
    from app import create_main_window

    window = create_main_window(load_sample=False)
    qtbot.addWidget(window)
    assert window.windowTitle() == "Subword Explorer"
