"""The pygame desktop app: the only package that imports pygame. It reads game state and hands back actions."""
