"""Game rules packages (one per game)."""
