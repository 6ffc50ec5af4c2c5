"""The stages of a Donkey Kong game: what the state machine waits for, and the stages it runs by itself."""

# Stages (what the machine waits for when no contact is pending).
ORDER, DEAL, ROLL, MOVE, DOT, OVER = "order", "deal", "roll", "move", "dot", "over"
# Internal stages run by DonkeyKongState._run() without waiting: the walk and the obstacle phase.
WALK, OBSTACLES, RELEASE = "walk", "obstacles", "release"
