"""The Castles game in the app: its board, docks, dialogs, session and window."""
