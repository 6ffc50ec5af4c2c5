"""The PyBullet Jenga tower: model, stepping, collapse verdicts, risk maps. Nothing here imports pygame."""
