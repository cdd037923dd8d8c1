"""What every game of the app shares: the window frame, game chooser, settings, save files,
autosave, the AI worker, the hot-seat curtain, the log dock, rules and about windows."""
