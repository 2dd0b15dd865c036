"""Data files of North Star's Evolution (cards.toml, sentences.toml)."""
