"""The three Jenga games on sim/'s physics tower: traditional (classic), Donkey Kong and Super Mario.

common.py holds the tower-turn machinery they share; layout.py, push.py, coins.py and data.py are the
pure pieces (holes, the push grammar, the coin bank, the asset files); physics.py is the only door
to sim/; bots.py the random and careful bots.
"""
