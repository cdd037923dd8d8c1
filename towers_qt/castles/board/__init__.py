"""The Castles board area: the 3D/2D board widget, its items, projection, art, overlays, keys,
animation, the HUD above it, and small pictures of a board."""
