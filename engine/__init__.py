"""engine: the games as executable rules (placeholder, see issue 4)."""
