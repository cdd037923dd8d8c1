"""Online PvP of Gauntlet of Crowns (docs/rules/gauntlet.md §13): a sans-IO protocol (`protocol.Connection`
for one link, `game.OnlineGame` for the Battle across links) and thin socket transports. No Qt."""
