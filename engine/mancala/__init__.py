"""Building blocks shared by the mancala games: sowing along tracks, hole names, board text."""
