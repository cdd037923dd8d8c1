"""The Qt binding we ship must keep references to None/True/False (PySide6 6.12 on CPython 3.11
did not, and the app aborted after a few thousand paint calls)."""

import sys

from PySide6.QtWidgets import QWidget


def test_void_and_bool_methods_keep_singleton_references(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    none_before, true_before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(5000):
        w.setEnabled(True)
        w.isEnabled()
    assert sys.getrefcount(None) >= none_before - 100
    assert sys.getrefcount(True) >= true_before - 100
