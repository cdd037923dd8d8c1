"""Online PvP of the Gauntlet in the app: the lobby, the link on its own thread, the online Battle window."""
