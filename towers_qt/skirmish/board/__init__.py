"""The battlefield: a QGraphicsScene of squares and cards, its view, and the tap-to-act chooser."""
