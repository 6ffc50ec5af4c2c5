"""The 3D tower view of the Jenga games: camera, shaded boxes in draw order, picking, risk tint,
the pieces and symbols, and the spinner and settle countdown widgets."""
