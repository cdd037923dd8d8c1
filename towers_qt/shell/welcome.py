"""First start of a game: the box that shows the game's welcome (each game's GameKind.welcome_text)."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget


def show_welcome(parent: QWidget, text: str) -> QMessageBox:
    """Non-blocking: the board stays visible behind it."""
    box = QMessageBox(QMessageBox.Information, "Welcome", text, QMessageBox.Ok, parent)
    box.setObjectName("welcomeBox")
    box.open()
    return box
