"""The Skirmish game in the app: its board, docks, dialogs, session, replay and review."""
