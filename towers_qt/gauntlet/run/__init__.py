"""The Gauntlet run's screens: select, the foe map, dossier and shop, the Battle, whispers, the Crown."""
