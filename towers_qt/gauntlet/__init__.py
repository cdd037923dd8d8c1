"""Gauntlet of Crowns in the app: the drafted Battle, Player vs AI and hot-seat."""
