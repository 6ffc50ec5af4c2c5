"""The games' data files (boards, decks, spinners, tower specs) and reader.py, the one reader that
loads and checks them (and match files and settings: every JSON file the project reads)."""
